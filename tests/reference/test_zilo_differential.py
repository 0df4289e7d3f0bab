"""Differential test: the zilo engine CLI against the independent Python reference.

Run:  pytest tests/reference -q          (binary from $ZILO_BIN, default target/release/zilo)

For every start position (the real start plus hand-made tactical positions) we play seeded
random playouts with the reference, and at EVERY ply compare with the engine:
  * the set of legal moves            (reference vs `zilo moves zilo --fen <fen>`)
  * the position string after the move (reference vs `zilo play zilo --fen <start> m1 .. mi`)
  * the game result after the move     (same `zilo play` call; full history, so repetition counts)
plus, at every ply, one pseudo-legal move the reference finds illegal must be refused by
`zilo play` (exit 2, nothing on stdout); perft(1..d) against `zilo perft` (on a mismatch the divide
tree is walked down to the first differing move list); perft(2) from sampled playout positions;
scripted lines (stalemate, drop mates, blasts, repetition with side/hand sensitivity) and a list
of moves that must be rejected.

Halfmove counter: plies since the last capture or drop (Fairy-Stockfish's convention).

A "monarch-captured" result needs a position string with the side not to move in check (legal
play never produces one); the engine's own rules tests cover it.
"""
from __future__ import annotations

import os
from pathlib import Path
import random
import subprocess
import sys
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import zilo_reference as ref  # noqa: E402

ZILO_BIN = os.environ.get("ZILO_BIN", str(Path(__file__).resolve().parents[2] / "target/release/zilo"))
SEED = 20240611
WORKERS = 4   # CLI calls are tiny processes; a few threads keep 2 cores busy

# name: (fen, perft depth, number of playouts, max plies per playout)
POSITIONS = {
    "start": (ref.START_FEN, 3, 16, 150),
    # Black to move, in check: the Bomber d5 can take d8 (3 squares) and its blast covers e9.
    "bomber_blast_check": ("4k4/3p5/9/9/3B5/9/9/9/4K4[Bq] b - - 0 1", 3, 3, 40),
    # White monarch beside an enemy Bomber, which threatens a blast via e5/f4.
    "monarch_next_to_bomber": ("4k4/9/9/9/4Hb3/4KP3/9/9/9[Pp] w - - 0 1", 3, 3, 40),
    # Black Bomber f5 taking f4 would blast both monarchs (illegal, no threat); taking e5 is check.
    "double_monarch_blast": ("9/9/9/9/4Hbk2/4KP3/9/9/9[] w - - 0 1", 3, 3, 40),
    # Sentinels on long lines at distances 3, 4, 5 from Scouts/Chargers.
    "sentinel_armor": ("3qk4/9/y8/h8/4h4/2bH5/9/9/Q3K3Y[] w - - 0 1", 3, 3, 40),
    # One of every piece in both hands.
    "full_hands": ("4k4/9/9/9/9/9/9/9/4K4[PYQBCHMpyqbchm] w - - 0 1", 1, 2, 14),
    # P@e8 would be mate (illegal); Q@e8 mates (legal).
    "minion_drop_mate": ("3pkp3/9/9/3C5/6Y2/9/9/9/K4Q3[PQ] w - - 0 1", 2, 3, 30),
    # The same, mirrored for Black (P@e2 would mate: illegal).
    "minion_drop_mate_black": ("k4q3/9/9/9/6y2/3c5/9/9/3PKP3[pq] b - - 0 1", 2, 2, 30),
    # P@e8 is only check (d8 free): legal.
    "minion_drop_check": ("3pkp3/9/9/3C5/9/9/9/9/K4Q3[PQ] w - - 0 1", 2, 2, 30),
    # As above plus a black Bomber b8 that could take e8 only by blasting its own monarch.
    "minion_drop_mate_bomber": ("3pkp3/1b7/9/3C5/6Y2/9/9/9/K4Q3[PQ] w - - 0 1", 2, 3, 30),
    # Minions on their far ranks (immobile) and Minions in hand.
    "far_rank_minions": ("2P1k4/9/9/9/9/9/9/9/4K1p2[Pp] w - - 0 1", 2, 2, 30),
    # Qh2-b2 stalemates the lone black monarch (a loss for Black).
    "stalemate_setup": ("k8/9/2C6/9/9/9/9/7Q1/4K4[] w - - 0 1", 3, 4, 30),
    # Bomber battery: black's only legal move is e8e6.
    "bomber_battery": ("4k4/3bbb3/9/4B4/3B1B3/9/9/9/4K4[] b - - 0 1", 3, 3, 40),
    # Monarchs two apart: Bomber captures on e4/e6 would blast both.
    "both_monarch_blast": ("9/4B4/9/4p4/3K1k3/4P4/9/9/4b4[Cc] w - - 0 1", 2, 3, 40),
    # Vanguards of both sides in the open (backward diagonals differ by side).
    "vanguards": ("4k4/9/3m5/9/9/9/5M3/9/4K4[Mm] w - - 0 1", 2, 2, 30),
    # Bomber blasts that expose the own monarch (d3d4, illegal) or discover check (h4h6).
    "blast_discovery": ("8k/4q4/8p/7c1/9/3c3B1/3BP4/9/4K3Q[] w - - 0 1", 3, 3, 40),
    # White in check along the e-file with a hand full of interposers.
    "drop_interpose": ("k8/4q4/9/9/9/9/9/9/4K4[PYQBCHMp] w - - 0 1", 2, 3, 30),
    # P@e8 is check, but Black's Bomber f4 can take f7 and blast the Minion away: not mate.
    "drop_check_blast_rescue": ("3pkp3/9/5H3/3C5/6Y2/5b3/9/9/K8[PQ] w - - 0 1", 2, 3, 30),
    # P@b7 stalemates (allowed, and a loss for Black); P@a8 is only check.
    "minion_drop_stalemate": ("k8/9/2C6/9/9/9/9/9/4K4[P] w - - 0 1", 3, 3, 30),
    # Start position with some material already in hand.
    "start_with_hands": ("hcm1kqmch/1y5y1/pp1pppp1p/9/9/9/P1PPPPPP1/1Y5Y1/HCMBK1MCH[PQpb] w - - 0 1",
                         2, 3, 60),
}

# Scripted lines: (name, start fen, moves).  Every prefix is compared.
LINES = [
    # The attacker d3 is pinned against its own monarch but still gives check (e1f2 illegal).
    ("pinned_piece_still_checks", "3k5/9/9/9/9/9/3c5/3Q5/4K4[] w - - 0 1", ["e1e2"]),
    ("stalemate_Qb2", "k8/9/2C6/9/9/9/9/7Q1/4K4[] w - - 0 1", ["h2b2"]),
    ("queen_drop_mate_black", "k4q3/9/9/9/6y2/3c5/9/9/3PKP3[pq] b - - 0 1", ["Q@e2"]),
    ("queen_drop_mate", "3pkp3/9/9/3C5/6Y2/9/9/9/K4Q3[PQ] w - - 0 1", ["Q@e8"]),
    ("minion_drop_check_escape", "3pkp3/9/9/3C5/9/9/9/9/K4Q3[PQ] w - - 0 1", ["P@e8", "e9d8"]),
    ("bomber_battery_blast", "4k4/3bbb3/9/4B4/3B1B3/9/9/9/4K4[] b - - 0 1", ["e8e6"]),
    ("blast_discovered_check", "8k/4q4/8p/7c1/9/3c3B1/3BP4/9/4K3Q[] w - - 0 1", ["h4h6"]),
    ("minion_drop_stalemate", "k8/9/2C6/9/9/9/9/9/4K4[P] w - - 0 1", ["P@b7"]),
    ("minion_drop_check_rescue", "3pkp3/9/5H3/3C5/6Y2/5b3/9/9/K8[PQ] w - - 0 1", ["P@e8", "f4f7"]),
    # The same board with the other side to move is a different position.
    ("repetition_side_matters", "8k/9/9/9/9/9/9/9/K8[] w - - 0 1",
     ["a1a2", "i9i8", "a2b1", "i8i9", "b1a1", "i9i8", "a1a2", "i8i9", "a2b1", "i9i8", "b1a1", "i8i9"] * 3),
    # The same board with different hands is a different position: the start board occurs for the
    # 3rd time at ply 8, then White's Q goes to Black's hand and the board comes back.
    ("repetition_hands_matter", "4q3k/9/9/9/9/9/9/9/K8[Q] w - - 0 1",
     ["a1a2", "i9i8", "a2a1", "i8i9"] * 2 + ["Q@e5", "e9e5", "a1a2", "e5e9", "a2b1", "i9i8", "b1a1", "i8i9",
                                             "a1a2", "i9i8", "a2a1", "i8i9"] + ["a1a2", "i9i8", "a2a1", "i8i9"]
     + ["a1a2", "i9i8", "a2a1"]),   # draw only here: the position after a2a1 with Black's q in hand, 4th time
    # Halfmove counter = plies since the last capture: drops and quiet moves count up, captures reset.
    ("halfmove_counter", "4k4/9/9/9/9/9/9/9/4K4[PQpq] w - - 3 1", ["P@e5", "Q@a5", "e1d1", "a5e5", "Q@c3"]),
    ("repetition", ref.START_FEN, ["b1d2", "b9d8", "d2b1", "d8b9"] * 3),
]

# Moves that must be rejected: (fen, move, why).
ILLEGAL = [
    ("3pkp3/9/9/3C5/6Y2/9/9/9/K4Q3[PQ] w - - 0 1", "P@e8", "Minion drop that mates"),
    ("k4q3/9/9/9/6y2/3c5/9/9/3PKP3[pq] b - - 0 1", "P@e2", "Minion drop that mates (Black)"),
    ("3pkp3/1b7/9/3C5/6Y2/9/9/9/K4Q3[PQ] w - - 0 1", "P@e8", "Minion drop mate; b8e8 would blast own monarch"),
    ("8k/4q4/8p/7c1/9/3c3B1/3BP4/9/4K3Q[] w - - 0 1", "d3d4", "blast removes own e3 blocker"),
    ("9/4B4/9/4p4/3K1k3/4P4/9/9/4b4[Cc] w - - 0 1", "e8e6", "blast would remove both monarchs"),
    ("9/4B4/9/4p4/3K1k3/4P4/9/9/4b4[Cc] b - - 0 1", "e1e4", "blast would remove both monarchs"),
    ("9/9/9/9/4Hbk2/4KP3/9/9/9[] w - - 0 1", "e4d4", "d4 is still inside the blast of f5xe5"),
    ("3k5/9/9/9/9/9/3c5/3Q5/4K4[] w - - 0 1", "e1f2", "square attacked by a pinned Jumper"),
    ("2P1k4/9/9/9/9/9/9/9/4K1p2[Pp] w - - 0 1", "P@a9", "Minion drop on the farthest rank"),
    ("2P1k4/9/9/9/9/9/9/9/4K1p2[Pp] w - - 0 1", "c9c8", "Minions move forward only"),
    ("3qk4/9/y8/h8/4h4/2bH5/9/9/Q3K3Y[] w - - 0 1", "a1a6", "Sentinel armored against a Charger 5 away"),
    ("3qk4/9/y8/h8/4h4/2bH5/9/9/Q3K3Y[] w - - 0 1", "i1e5", "Sentinel armored against a Scout 4 away"),
]

# ---------------------------------------------------------------------------------------------
# CLI helpers
# ---------------------------------------------------------------------------------------------

def cli(*args):
    r = subprocess.run([ZILO_BIN, *args], capture_output=True, text=True, timeout=60)
    return r.returncode, r.stdout, r.stderr.strip()


def engine_moves(fen):
    rc, out, err = cli("moves", "zilo", "--fen", fen)
    if rc != 0:
        return None, err
    return sorted(out.split()), None


def engine_play(fen, moves):
    rc, out, err = cli("play", "zilo", "--fen", fen, *moves)
    if rc != 0:
        return None, None, err
    lines = out.strip().splitlines()
    res = lines[1].split()
    return lines[0].strip(), (res[1], res[2]), None


def engine_perft(fen, depth, divide=False):
    args = ["perft", "zilo", str(depth), "--fen", fen] + (["--divide"] if divide else [])
    rc, out, err = cli(*args)
    assert rc == 0, err
    lines = out.strip().splitlines()
    total = int(lines[-1].split()[1])
    div = {ln.split()[0]: int(ln.split()[1]) for ln in lines[:-1]} if divide else None
    return total, div


def norm_fen(fen):
    """Position string -> comparable tuple (hands as multisets)."""
    p = ref.parse_fen(fen)
    return (tuple(p.board), tuple(sorted((+p.hands["w"]).items())), tuple(sorted((+p.hands["b"]).items())),
            p.side, p.extra, p.halfmove, p.fullmove)


def diff_moves(a, b):
    return sorted(set(a) - set(b)), sorted(set(b) - set(a))


# ---------------------------------------------------------------------------------------------
# Reference playouts
# ---------------------------------------------------------------------------------------------

def choose(rng, pos, legal):
    caps = [m for m in legal if m[0] == "move" and pos.board[m[2]] is not None]
    drops = [m for m in legal if m[0] == "drop"]
    x = rng.random()
    if x < 0.25 and caps:
        return rng.choice(caps)
    if x < 0.45:
        # look for a checking move among a small sample
        sample = rng.sample(legal, min(8, len(legal)))
        for m in sample:
            n = ref.make_move(pos, m)
            if ref.in_check(n.board, n.side):
                return m
    if x < 0.6 and drops:
        return rng.choice(drops)
    board_moves = [m for m in legal if m[0] == "move"]
    if x < 0.9 and board_moves:
        return rng.choice(board_moves)
    return rng.choice(legal)


def illegal_candidates(pos, legal):
    """Pseudo-moves (plus far-rank Minion drops) that the reference says are illegal."""
    cands = {ref.move_text(m) for m in ref.pseudo_moves(pos)}
    if pos.hands[pos.side]["P"] > 0:
        far = 8 if pos.side == "w" else 0
        cands |= {f"P@{ref.sq_name(ref.sq(f, far))}" for f in range(9) if pos.board[ref.sq(f, far)] is None}
    return sorted(cands - {ref.move_text(m) for m in legal})


def reference_playout(fen, rng, max_plies):
    """Returns (initial result, steps).  Each step: fen before, sorted legal moves, move played,
    moves so far, fen after, result after."""
    pos = ref.parse_fen(fen)
    hist = Counter([pos.key()])
    steps = []
    played = []
    res0 = ref.result(pos, hist)
    res = res0
    while res[0] == "*" and len(played) < max_plies:
        legal = ref.legal_moves(pos)
        m = choose(rng, pos, legal)
        bad = illegal_candidates(pos, legal)
        before = ref.to_fen(pos)
        pos = ref.make_move(pos, m)
        hist[pos.key()] += 1
        played.append(ref.move_text(m))
        res = ref.result(pos, hist)
        steps.append(dict(fen=before, legal=sorted(ref.move_text(x) for x in legal), move=played[-1],
                          played=list(played), after=ref.to_fen(pos), result=res,
                          illegal=rng.choice(bad) if bad else None))
    return res0, steps


def reference_line(fen, moves):
    pos = ref.parse_fen(fen)
    hist = Counter([pos.key()])
    steps, played = [], []
    for t in moves:
        legal = ref.legal_moves(pos)
        m = ref.parse_move(t)
        assert m in legal, f"scripted move {t} illegal in reference at {ref.to_fen(pos)}"
        before = ref.to_fen(pos)
        pos = ref.make_move(pos, m)
        hist[pos.key()] += 1
        played.append(t)
        steps.append(dict(fen=before, legal=sorted(ref.move_text(x) for x in legal), move=t,
                          played=list(played), after=ref.to_fen(pos), result=ref.result(pos, hist)))
    return steps


def compare_steps(start_fen, steps, pool):
    """Compare every step against the engine; returns a list of discrepancy strings."""
    problems = []
    mv_jobs = [pool.submit(engine_moves, s["fen"]) for s in steps]
    play_jobs = [pool.submit(engine_play, start_fen, s["played"]) for s in steps]
    bad_jobs = [pool.submit(cli, "play", "zilo", "--fen", s["fen"], s["illegal"]) if s.get("illegal") else None
                for s in steps]
    for s, bj in zip(steps, bad_jobs):
        if bj is None:
            continue
        rc, out, err = bj.result()
        STATS["illegal moves tried"] += 1
        if rc != 2 or out.strip():
            problems.append(f"engine accepted (rc={rc}) the move {s['illegal']} that the reference finds illegal "
                            f"at fen={s['fen']!r}: {out.strip()!r}")
    pos_diffs = 0
    for s, mj, pj in zip(steps, mv_jobs, play_jobs):
        eng, err = mj.result()
        if eng is None:
            problems.append(f"moves rejected fen={s['fen']!r}: {err}")
        elif eng != s["legal"]:
            only_ref, only_eng = diff_moves(s["legal"], eng)
            problems.append(f"legal moves differ at fen={s['fen']!r}: reference-only={only_ref} "
                            f"engine-only={only_eng}")
        efen, eres, err = pj.result()
        if efen is None:
            problems.append(f"play rejected: --fen {start_fen!r} {' '.join(s['played'])}: {err}")
            break
        if norm_fen(efen) != norm_fen(s["after"]):
            pos_diffs += 1
            if pos_diffs > 1:
                continue    # the line is replayed from its start, so a difference carries over
            a, b = norm_fen(efen), norm_fen(s["after"])
            what = "halfmove counter only" if a[:5] + a[6:] == b[:5] + b[6:] else "position"
            problems.append(f"{what} differs after {s['move']} from fen={s['fen']!r}: "
                            f"reference={s['after']!r} engine={efen!r}")
        if eres is not None and eres != tuple(s["result"]):
            problems.append(f"result differs after {s['move']} from fen={s['fen']!r} "
                            f"(line from {start_fen!r}: {' '.join(s['played'])}): reference={s['result']} "
                            f"engine={eres}")
    if pos_diffs > 1:
        problems.append(f"(and {pos_diffs - 1} later position strings of the same line differ too)")
    return problems


STATS = Counter()


@pytest.fixture(scope="module")
def pool():
    assert os.path.exists(ZILO_BIN), f"engine binary not found at {ZILO_BIN} (set ZILO_BIN)"
    with ThreadPoolExecutor(WORKERS) as p:
        yield p
    print(f"\n[zilo differential] {dict(STATS)}")


@pytest.mark.parametrize("name", list(POSITIONS))
def test_playouts(name, pool):
    fen, _depth, n_games, max_plies = POSITIONS[name]
    rng = random.Random(f"{SEED}-{name}")
    problems = []
    # the start position itself: result with no moves
    efen, eres, err = engine_play(fen, [])
    assert efen is not None, f"engine rejected start fen {fen}: {err}"
    assert norm_fen(efen) == norm_fen(fen)
    for g in range(n_games):
        res0, steps = reference_playout(fen, rng, max_plies)
        if g == 0:
            assert eres == res0, f"initial result differs: reference={res0} engine={eres}"
        problems += compare_steps(fen, steps, pool)
        # perft(2) from a couple of positions met on the way (cheap ones only)
        for s in rng.sample(steps, min(2, len(steps))):
            if len(s["legal"]) <= 60:
                mine = ref.perft(ref.parse_fen(s["fen"]), 2)
                eng, _ = engine_perft(s["fen"], 2)
                STATS["midgame perft(2) comparisons"] += 1
                if mine != eng:
                    problems.append(f"perft(2) of {s['fen']!r}: reference={mine} engine={eng}; "
                                    f"first difference: {localize_perft(s['fen'], 2)}")
        STATS["playouts"] += 1
        STATS["plies"] += len(steps)
        if steps:
            STATS["end:" + steps[-1]["result"][1]] += 1
    assert not problems, "\n".join(problems[:20])


@pytest.mark.parametrize("line", LINES, ids=[x[0] for x in LINES])
def test_scripted_lines(line, pool):
    name, fen, moves = line
    steps = reference_line(fen, moves)
    problems = compare_steps(fen, steps, pool)
    STATS["scripted plies"] += len(steps)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("case", ILLEGAL, ids=[f"{c[1]}:{c[2]}" for c in ILLEGAL])
def test_illegal_moves_rejected(case):
    fen, move, _why = case
    pos = ref.parse_fen(fen)
    assert move not in ref.legal_move_texts(pos), "reference disagrees with the case itself"
    eng, err = engine_moves(fen)
    assert eng is not None, err
    assert move not in eng, f"engine lists illegal {move} at {fen}"
    rc, out, err = cli("play", "zilo", "--fen", fen, move)
    assert rc == 2 and not out.strip(), f"engine accepted {move} at {fen}: rc={rc} out={out!r}"


def localize_perft(fen, depth, path=()):
    """Walk down the divide tree to the first node whose move list differs."""
    pos = ref.parse_fen(fen)
    if depth == 1:
        eng, _ = engine_moves(fen)
        mine = ref.legal_move_texts(pos)
        a, b = diff_moves(mine, eng)
        return f"path {' '.join(path)} fen={fen!r}: reference-only={a} engine-only={b}"
    _, ediv = engine_perft(fen, depth, divide=True)
    rdiv = ref.perft_divide(pos, depth)
    if set(ediv) != set(rdiv):
        a, b = diff_moves(rdiv, ediv)
        return f"path {' '.join(path)} fen={fen!r}: root moves reference-only={a} engine-only={b}"
    for mv in sorted(rdiv):
        if rdiv[mv] != ediv[mv]:
            child = ref.to_fen(ref.make_move(pos, ref.parse_move(mv)))
            return localize_perft(child, depth - 1, path + (mv,))
    return "no difference found"


@pytest.mark.parametrize("name", list(POSITIONS))
def test_perft(name):
    fen, depth, _, _ = POSITIONS[name]
    pos = ref.parse_fen(fen)
    for d in range(1, depth + 1):
        mine = ref.perft(pos, d)
        eng, _ = engine_perft(fen, d)
        STATS["perft comparisons"] += 1
        if mine != eng:
            pytest.fail(f"perft({d}) of {fen}: reference={mine} engine={eng}; "
                        f"first difference: {localize_perft(fen, d)}")
