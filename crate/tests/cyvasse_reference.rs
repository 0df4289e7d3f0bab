//! Cyvasse: the move generator against a slow reference written separately
//! from the rules text (depth-first search over literal paths, attacks counted
//! from each attacker's side), turn by turn in random games from random and
//! preset setups; plus the invariants of random playouts.

use std::collections::BTreeMap;

use zilo::cyvasse::*;
use zilo::rng::Rng;

#[derive(Clone, PartialEq, Eq, Debug)]
struct B {
    p: Vec<Option<Piece>>,
    t: Vec<Terrain>,
    side: Side,
    plies: u32,
    turn: u32,
}

fn cell(i: usize) -> Cell {
    Cell::from_index(i).unwrap()
}

impl B {
    fn of(pos: &Position) -> B {
        B {
            p: (0..CELLS).map(|i| pos.piece_at(cell(i))).collect(),
            t: (0..CELLS).map(|i| pos.terrain_at(cell(i))).collect(),
            side: pos.side_to_move(),
            plies: pos.plies_since_capture(),
            turn: pos.turn_number(),
        }
    }
    fn at(&self, c: Cell) -> Option<Piece> {
        self.p[c.index()]
    }
    fn ter(&self, c: Cell) -> Terrain {
        self.t[c.index()]
    }
    fn finish(mut self, capture: bool) -> B {
        self.plies = if capture { 0 } else { self.plies + 1 };
        if self.side == Side::Black {
            self.turn += 1;
        }
        self.side = self.side.opponent();
        self
    }
    fn mv(&mut self, a: Cell, b: Cell) {
        self.p[b.index()] = self.p[a.index()].take();
    }
}

/// Does the piece on `a` attack the piece on `t`? Walk from the attacker.
fn ref_attacks(b: &B, a: Cell, t: Cell) -> bool {
    let (Some(att), Some(tgt)) = (b.at(a), b.at(t)) else { return false };
    if att.side == tgt.side || b.ter(a) == Terrain::Water {
        return false;
    }
    let (min, max) = match att.kind {
        Kind::Trebuchet => (2, 4),
        Kind::Crossbows => (1, 3),
        Kind::Elephant | Kind::Dragon => (1, 2),
        _ => (1, 1),
    };
    for d in Dir::ALL {
        if att.kind == Kind::Spears && !Dir::forward(att.side).contains(&d) {
            continue;
        }
        let mut c = a;
        for k in 1..=max {
            let Some(n) = c.step(d) else { break };
            c = n;
            if c == t {
                return k >= min;
            }
            if b.ter(c) == Terrain::Mountain && att.kind != Kind::Trebuchet {
                break;
            }
            if b.at(c).is_some_and(|p| p.side == tgt.side) {
                break;
            }
        }
    }
    false
}

fn ref_capturable(b: &B, t: Cell) -> bool {
    let Some(tgt) = b.at(t) else { return false };
    let shielded = t.neighbours().any(|n| b.at(n) == Some(Piece::new(tgt.side, Kind::Tower)));
    let n = (0..CELLS).filter(|&i| ref_attacks(b, cell(i), t)).count();
    !shielded && n >= tgt.kind.armor() as usize
}

fn ref_turns(b: &B) -> BTreeMap<String, B> {
    let mut out = BTreeMap::new();
    let kings = |s: Side| (0..CELLS).any(|i| b.p[i] == Some(Piece::new(s, Kind::King)));
    if kings(Side::White) != kings(Side::Black) {
        return out;
    }
    let us = b.side;
    let zone: Vec<Cell> = (0..CELLS)
        .filter_map(|i| {
            let p = b.p[i]?;
            (p.side != us && p.kind == Kind::Spears).then_some(cell(i))
        })
        .flat_map(|c| Dir::forward(us.opponent()).into_iter().filter_map(move |d| c.step(d)))
        .collect();
    let empty = |c: Cell| b.at(c).is_none() && b.ter(c) != Terrain::Mountain;
    for i in 0..CELLS {
        let s = cell(i);
        let Some(me) = b.at(s) else { continue };
        if me.side != us {
            continue;
        }
        let dragon = me.kind == Kind::Dragon;
        // May a path of this piece pass (enter and leave) field c?
        let passable = |c: Cell| {
            b.ter(c) != Terrain::Water
                && (dragon || b.ter(c) != Terrain::Mountain)
                && (dragon || !zone.contains(&c))
                && match b.at(c) {
                    None => true,
                    Some(p) if p.side == us => me.kind != Kind::Elephant,
                    Some(_) => dragon,
                }
        };
        // Normal moves: all simple paths.
        let m = me.kind.movement() as usize;
        let mut ends = Vec::new();
        let mut stack = vec![vec![s]];
        while let Some(path) = stack.pop() {
            let last = *path.last().unwrap();
            if path.len() > 1 && empty(last) && !ends.contains(&last) {
                ends.push(last);
            }
            if path.len() - 1 == m || (path.len() > 1 && !passable(last)) {
                continue;
            }
            for n in last.neighbours() {
                if !path.contains(&n) {
                    let mut p2 = path.clone();
                    p2.push(n);
                    stack.push(p2);
                }
            }
        }
        for &e in &ends {
            let mut nb = b.clone();
            nb.mv(s, e);
            if me.kind == Kind::Rabble {
                for j in 0..CELLS {
                    let r = cell(j);
                    if r == e || nb.at(r) != Some(Piece::new(us, Kind::Rabble)) {
                        continue;
                    }
                    for u in r.neighbours() {
                        if nb.at(u).is_none() && nb.ter(u) != Terrain::Mountain {
                            let mut nb2 = nb.clone();
                            nb2.mv(r, u);
                            out.insert(format!("{s}{e}+{r}{u}"), nb2.finish(false));
                        }
                    }
                }
            }
            out.insert(format!("{s}{e}"), nb.finish(false));
        }
        // Captures by moving.
        let reach = match me.kind {
            Kind::Crossbows | Kind::Trebuchet | Kind::Tower => 0,
            Kind::Elephant => 2,
            k => k.movement() as usize,
        };
        for d in Dir::ALL {
            if me.kind == Kind::Spears && !Dir::forward(us).contains(&d) {
                continue;
            }
            let line: Vec<Cell> = s.line(d).take(reach).collect();
            for k in 0..line.len() {
                let c = line[k];
                if !line[..k].iter().all(|&x| passable(x)) {
                    break;
                }
                if b.at(c).is_none_or(|p| p.side == us) || !ref_capturable(b, c) {
                    continue;
                }
                let mut nb = b.clone();
                nb.p[c.index()] = None;
                nb.mv(s, c);
                out.insert(format!("{s}x{c}"), nb.finish(true));
                if matches!(me.kind, Kind::LightHorse | Kind::HeavyHorse) {
                    for j in k + 1..line.len() {
                        let e = line[j];
                        // Every field from the captured one to the last but one is passed.
                        let passed_ok = line[k..j].iter().all(|&x| b.ter(x) != Terrain::Water && !zone.contains(&x));
                        // Every field from the one after it to the end is empty and no mountain
                        // (the end may be water: `passed_ok` keeps water off the fields passed).
                        let over_ok =
                            line[k + 1..=j].iter().all(|&x| b.at(x).is_none() && b.ter(x) != Terrain::Mountain);
                        if !(passed_ok && over_ok) {
                            break;
                        }
                        let mut nb = b.clone();
                        nb.p[c.index()] = None;
                        nb.mv(s, e);
                        out.insert(format!("{s}x{e}"), nb.finish(true));
                    }
                }
            }
        }
        // The Trebuchet's shot.
        if me.kind == Kind::Trebuchet {
            for d in Dir::ALL {
                for (k, c) in s.line(d).take(4).enumerate() {
                    if k + 1 >= 2 && ref_attacks(b, s, c) && ref_capturable(b, c) {
                        if let Some(back) = s.step(d.opposite()) {
                            if empty(back) {
                                let mut nb = b.clone();
                                nb.p[c.index()] = None;
                                nb.mv(s, back);
                                out.insert(format!("{s}x{c}"), nb.finish(true));
                            }
                        }
                    }
                }
            }
        }
        // The King's jump.
        if me.kind == Kind::King {
            for d in Dir::ALL {
                let Some(over) = s.step(d) else { continue };
                let Some(to) = over.step(d) else { continue };
                if b.at(over) == Some(Piece::new(us, Kind::Tower))
                    && b.ter(over) != Terrain::Water
                    && !zone.contains(&over)
                    && empty(to)
                {
                    let mut nb = b.clone();
                    nb.mv(s, to);
                    out.insert(format!("{s}{to}"), nb.finish(false));
                }
            }
        }
    }
    out
}

fn ours(pos: &Position) -> BTreeMap<String, B> {
    let turns = pos.legal_turns();
    let map: BTreeMap<String, B> = turns.iter().map(|t| (t.to_string(), B::of(&pos.after(t)))).collect();
    assert_eq!(map.len(), turns.len(), "duplicate turn texts in {pos}");
    map
}

fn compare(pos: &Position) {
    let a = ours(pos);
    let b = ref_turns(&B::of(pos));
    if a != b {
        let only_ours: Vec<&String> = a.keys().filter(|k| !b.contains_key(*k)).collect();
        let only_ref: Vec<&String> = b.keys().filter(|k| !a.contains_key(*k)).collect();
        let differ: Vec<&String> = a.keys().filter(|k| b.get(*k).is_some_and(|x| x != &a[*k])).collect();
        panic!("{pos}\nonly ours: {only_ours:?}\nonly reference: {only_ref:?}\ndifferent results: {differ:?}");
    }
}

fn random_start(rng: &mut Rng) -> Position {
    let pick = |side: Side, rng: &mut Rng| {
        if rng.below(3) == 0 {
            presets(side)[rng.below(3)].half.clone()
        } else {
            random_setup(side, rng)
        }
    };
    let w = pick(Side::White, rng);
    let b = pick(Side::Black, rng);
    let first = if rng.below(2) == 0 { Side::White } else { Side::Black };
    starting_position(&w, &b, first).unwrap()
}

#[test]
fn move_generator_agrees_with_a_brute_force_reference_in_random_games() {
    let mut rng = Rng::new(20260501);
    let mut positions = 0;
    let mut seen = [0usize; 5]; // continuing Horse captures, shots, jumps, Rabble pairs, captures
    for _ in 0..40 {
        let mut pos = random_start(&mut rng);
        for _ in 0..120 {
            compare(&pos);
            positions += 1;
            let turns = pos.legal_turns();
            for t in &turns {
                match t {
                    Turn::Capture { captured, to, .. } if captured != to => seen[0] += 1,
                    Turn::Shot { .. } => seen[1] += 1,
                    Turn::Jump { .. } => seen[2] += 1,
                    Turn::Rabbles { .. } => seen[3] += 1,
                    Turn::Capture { .. } => seen[4] += 1,
                    Turn::Move { .. } => {}
                }
            }
            if turns.is_empty() {
                break;
            }
            // Prefer captures now and then, so that games thin out.
            let caps: Vec<&Turn> = turns.iter().filter(|t| t.is_capture()).collect();
            let t = if !caps.is_empty() && rng.below(2) == 0 {
                *caps[rng.below(caps.len())]
            } else {
                turns[rng.below(turns.len())]
            };
            pos = pos.after(&t);
        }
    }
    assert!(positions > 2000);
    eprintln!("special turns met: {seen:?}");
    assert!(seen.iter().all(|&n| n > 20), "too few special turns met: {seen:?}");
}

#[test]
fn engagement_agrees_with_a_brute_force_reference() {
    let mut rng = Rng::new(7);
    for _ in 0..30 {
        let mut pos = random_start(&mut rng);
        for _ in 0..80 {
            let b = B::of(&pos);
            for (c, _) in pos.pieces() {
                let ours: Vec<Cell> = pos.attackers(c);
                let theirs: Vec<Cell> = (0..CELLS).map(cell).filter(|&a| ref_attacks(&b, a, c)).collect();
                assert_eq!(ours, theirs, "attackers of {c} in {pos}");
                assert_eq!(pos.is_capturable(c), ref_capturable(&b, c), "capturable {c} in {pos}");
            }
            let turns = pos.turns_unsorted();
            if turns.is_empty() {
                break;
            }
            pos = pos.after(&turns[rng.below(turns.len())]);
        }
    }
}

/// The reference follows the ruling on a Horse continuing onto water: it stops on
/// the first empty water field (`h4xf2`), never passes it (`h4xe1`).
#[test]
fn reference_horse_continues_onto_water_and_stops_there() {
    let b = B::of(&Position::parse("^^^~3k/4~4/10/~10/3e8/^2lr2L3/^^lL2c1cH/~4~3/~6K w 0 1").unwrap());
    let turns = ref_turns(&b);
    assert!(turns.contains_key("h4xg3") && turns.contains_key("h4xf2"));
    assert!(!turns.contains_key("h4xe1"));
}

/// perft 2 by the reference, for the two positions whose counts `cyvasse_rules` asserts.
#[test]
fn reference_perft_2_of_the_two_set_up_positions() {
    for (text, want) in [
        ("1l6/lwkw1h^t~/ehde1~c^cl/srsrs^rrr~r/12/RSR~RSR~RSR/LHE^CC^EHL/1L^WKW~D1/3T4 w 0 1", 75_704),
        ("crr^2rl/1r~1kewel/rcwh2^1ts/dh^1s*2l1r*s/12/CD4REW*1R/1SRH1R^LLS/TRKC2LS*R/WHE^2^~ b 0 1", 36_400),
    ] {
        let b = B::of(&Position::parse(text).unwrap());
        let n: usize = ref_turns(&b).values().map(|child| ref_turns(child).len()).sum();
        assert_eq!(n, want, "{text}");
    }
}
