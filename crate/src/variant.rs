//! A variant is data: a board, a piece table, a start position and a set of
//! named rule options. Move generation reads these; it has no per-game branches.

use std::sync::OnceLock;

use crate::bitboard::Bitboard;
use crate::geometry::{DirSet, Geometry, Square};
use crate::piece::{Color, Movement, PieceDef, Role, RoleSet, MAX_ROLES};
use crate::variants;

/// A capture by one of `roles` removes every piece on the eight cells around
/// the landing cell (the capturer stays). Blast victims leave the game.
#[derive(Clone, Copy, Debug)]
pub struct Blast {
    pub roles: RoleSet,
}

/// `armored` pieces cannot be captured by `attackers` from more than
/// `max_distance` steps away (the `zilo` Sentinel).
#[derive(Clone, Copy, Debug)]
pub struct RangedArmor {
    pub armored: Role,
    pub attackers: RoleSet,
    pub max_distance: u8,
}

/// What a player who cannot move is given.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum NoMovesOutcome {
    Loss,
    #[default]
    Draw,
}

/// How pieces promote.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Promotion {
    #[default]
    None,
    /// `roles` reaching the last rank must become one of `choices` (chess).
    LastRank { roles: RoleSet, choices: RoleSet },
    /// A piece with `promotes_to` may promote when it moves into, out of or
    /// within the farthest `ranks` ranks, and must where it would be stuck (shogi).
    Zone { ranks: u8 },
}

/// Standard castling: the king on its start square moves two squares toward
/// a rook that has not moved, the rook jumps to the square it crossed.
/// Rights are kept as the set of rooks that may still castle, so Venomous'
/// flexible castling can reuse them with other king targets.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Castling {
    pub rook: Role,
}

/// The rule options of a variant: named mechanics, each off by default.
#[derive(Clone, Copy, Debug, Default)]
pub struct Rules {
    /// Captured pieces go to the capturer's hand and may be dropped.
    pub drops: bool,
    /// Roles whose drop may not checkmate at once.
    pub no_drop_mate: RoleSet,
    /// Roles that may not be dropped on a file holding one of their own kind (nifu).
    pub one_per_file: RoleSet,
    pub blast: Option<Blast>,
    pub ranged_armor: Option<RangedArmor>,
    pub promotion: Promotion,
    /// Roles that may advance two squares from their second rank, and be taken
    /// en passant then (chess pawns).
    pub double_step: RoleSet,
    pub castling: Option<Castling>,
    /// Moves of these roles reset the half-move clock, as captures do.
    pub halfmove_reset: RoleSet,
    /// Stalemate (no legal move, not in check).
    pub stalemate: NoMovesOutcome,
    /// The game is drawn when a position occurs this many times.
    pub repetition_count: u8,
    /// A side that gave check at every move of the repetition loses (shogi).
    pub perpetual_check_loses: bool,
    /// Draw after fifty moves by each side without capture or pawn move.
    pub fifty_move_rule: bool,
    /// Draw when neither side has material to mate (chess).
    pub insufficient_material: bool,
    /// Removing the enemy monarch wins at once ("checkmate or capture of the
    /// Monarch"). A position may then be set up with the side not to move in
    /// check: the side to move simply takes the monarch.
    pub monarch_capture_wins: bool,
    /// Order of pieces in a written hand, one letter per role (Fairy-Stockfish's
    /// order for shogi); empty means the piece table's order.
    pub hand_order: &'static str,
}

/// A role's movement compiled for fast lookup: leap targets per side and
/// square, slide directions per side.
struct RoleTable {
    capture_leaps: [Vec<Bitboard>; 2],
    move_leaps: [Vec<Bitboard>; 2],
    capture_slides: [DirSet; 2],
    move_slides: [DirSet; 2],
    /// Capture targets on an empty board: a cheap first filter for attacks.
    capture_reach: [Vec<Bitboard>; 2],
}

pub struct Variant {
    pub id: &'static str,
    pub name: &'static str,
    pub geometry: Geometry,
    pub pieces: Vec<PieceDef>,
    pub start_fen: &'static str,
    pub rules: Rules,
    royal: Role,
    tables: Vec<RoleTable>,
    blast_exposure: Vec<BlastExposure>,
}

/// For a monarch on a given cell, where blasts could reach it from: its own
/// side's moves that start in `lines` or end in `ring` may expose it, if an
/// enemy blaster stands in `zone`.
#[derive(Clone, Copy, Default)]
pub struct BlastExposure {
    /// Cells from which a blaster could capture a neighbour of the monarch.
    pub zone: Bitboard,
    /// The blasters' paths to the neighbours.
    pub lines: Bitboard,
    /// The neighbours: an arriving piece becomes a blast target.
    pub ring: Bitboard,
}

impl Variant {
    pub fn new(
        id: &'static str,
        name: &'static str,
        geometry: Geometry,
        pieces: Vec<PieceDef>,
        start_fen: &'static str,
        rules: Rules,
    ) -> Variant {
        assert!(pieces.len() <= MAX_ROLES);
        let royals: Vec<usize> = (0..pieces.len()).filter(|&i| pieces[i].royal).collect();
        assert_eq!(royals.len(), 1, "a variant has exactly one royal role");
        let table = |m: &Movement, color: Color| -> Vec<Bitboard> {
            geometry
                .squares()
                .map(|sq| {
                    m.leaps
                        .iter()
                        .filter_map(|&(df, dr)| {
                            let dr = if color == Color::White { dr } else { -dr };
                            geometry.offset(sq, df, dr)
                        })
                        .collect()
                })
                .collect()
        };
        let reach = |m: &Movement, color: Color| -> Vec<Bitboard> {
            let leaps = table(m, color);
            geometry
                .squares()
                .map(|sq| leaps[sq.index()] | geometry.slide(sq, m.slides.for_color(color), m.range, Bitboard::EMPTY))
                .collect()
        };
        let tables: Vec<RoleTable> = pieces
            .iter()
            .map(|p| RoleTable {
                capture_leaps: [table(&p.captures, Color::White), table(&p.captures, Color::Black)],
                move_leaps: [table(&p.moves, Color::White), table(&p.moves, Color::Black)],
                capture_slides: [p.captures.slides, p.captures.slides.for_color(Color::Black)],
                move_slides: [p.moves.slides, p.moves.slides.for_color(Color::Black)],
                capture_reach: [reach(&p.captures, Color::White), reach(&p.captures, Color::Black)],
            })
            .collect();
        let royal = Role(royals[0] as u8);
        if let Some(armor) = rules.ranged_armor {
            assert!(armor.armored != royal, "check detection assumes the monarch wears no armor");
        }
        let blast_exposure = geometry
            .squares()
            .map(|k| {
                let mut exposure = BlastExposure::default();
                let Some(blast) = rules.blast else { return exposure };
                exposure.ring = geometry.ring(k);
                for t in geometry.ring(k) {
                    for (i, table) in tables.iter().enumerate() {
                        if blast.roles.contains(Role(i as u8)) {
                            for color in Color::BOTH {
                                let from = table.capture_reach[color.index()][t.index()];
                                exposure.zone |= from;
                                exposure.lines |= from;
                            }
                        }
                    }
                }
                exposure
            })
            .collect();
        Variant { id, name, geometry, pieces, start_fen, rules, royal, tables, blast_exposure }
    }

    /// Every variant the engine plays, by id.
    pub fn all() -> &'static [&'static str] {
        &["zilo", "chess", "shogi"]
    }

    /// The variant with this id, built once.
    pub fn by_id(id: &str) -> Option<&'static Variant> {
        static ZILO: OnceLock<Variant> = OnceLock::new();
        static CHESS: OnceLock<Variant> = OnceLock::new();
        static SHOGI: OnceLock<Variant> = OnceLock::new();
        match id {
            "zilo" => Some(ZILO.get_or_init(variants::zilo::variant)),
            "chess" => Some(CHESS.get_or_init(variants::chess::variant)),
            "shogi" => Some(SHOGI.get_or_init(variants::shogi::variant)),
            _ => None,
        }
    }

    #[inline]
    pub fn roles(&self) -> impl Iterator<Item = Role> + Clone {
        (0..self.pieces.len() as u8).map(Role)
    }

    #[inline]
    pub fn piece(&self, role: Role) -> &PieceDef {
        &self.pieces[role.index()]
    }

    #[inline]
    pub fn blast_exposure(&self, monarch: Square) -> BlastExposure {
        self.blast_exposure[monarch.index()]
    }

    /// Where a `role` of `color` on `sq` could capture on an empty board.
    #[inline]
    pub fn capture_reach(&self, role: Role, color: Color, sq: Square) -> Bitboard {
        self.tables[role.index()].capture_reach[color.index()][sq.index()]
    }

    /// The directions `role` of `color` captures along by sliding.
    #[inline]
    pub fn capture_slides(&self, role: Role, color: Color) -> DirSet {
        self.tables[role.index()].capture_slides[color.index()]
    }

    #[inline]
    pub fn royal(&self) -> Role {
        self.royal
    }

    /// The unpromoted role written with `letter` (either case).
    pub fn role_by_letter(&self, letter: char) -> Option<Role> {
        self.role_by_letter_promoted(letter, false)
    }

    /// The role written `letter`, or `+letter` when `promoted`.
    pub fn role_by_letter_promoted(&self, letter: char, promoted: bool) -> Option<Role> {
        let upper = letter.to_ascii_uppercase();
        self.pieces.iter().position(|p| p.letter == upper && p.promoted == promoted).map(|i| Role(i as u8))
    }

    /// Cells a `role` of `color` on `sq` could capture on, with `occupied` blocking slides.
    #[inline]
    pub fn capture_targets(&self, role: Role, color: Color, sq: Square, occupied: Bitboard) -> Bitboard {
        let table = &self.tables[role.index()];
        let mut targets = table.capture_leaps[color.index()][sq.index()];
        let slides = table.capture_slides[color.index()];
        if !slides.is_empty() {
            targets |= self.geometry.slide(sq, slides, self.pieces[role.index()].captures.range, occupied);
        }
        targets
    }

    /// Cells a `role` of `color` on `sq` could move to without capturing.
    #[inline]
    pub fn move_targets(&self, role: Role, color: Color, sq: Square, occupied: Bitboard) -> Bitboard {
        let table = &self.tables[role.index()];
        let mut targets = table.move_leaps[color.index()][sq.index()];
        let slides = table.move_slides[color.index()];
        if !slides.is_empty() {
            targets |= self.geometry.slide(sq, slides, self.pieces[role.index()].moves.range, occupied);
        }
        targets
    }

    /// Whether a piece of `attacker` role standing on `from` may capture a
    /// piece of `target` role on `to` (armor rules); movement is checked elsewhere.
    #[inline]
    pub fn armor_allows(&self, attacker: Role, from: Square, target: Role, to: Square) -> bool {
        match self.rules.ranged_armor {
            Some(a) if a.armored == target && a.attackers.contains(attacker) => {
                self.geometry.ball(from, a.max_distance).contains(to)
            }
            _ => true,
        }
    }

    #[inline]
    pub fn is_blaster(&self, role: Role) -> bool {
        matches!(self.rules.blast, Some(b) if b.roles.contains(role))
    }
}
