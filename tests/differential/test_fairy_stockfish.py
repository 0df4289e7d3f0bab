"""Differential test against Fairy-Stockfish (pyffish): random games of chess and
shogi from the start and from the published perft positions, comparing at every
ply the set of legal moves, the position string and the game result.

Any difference is a bug in one of the two engines. One known, documented one:
Fairy-Stockfish lists a shogi pawn drop that mates; the rules forbid it, so such
drops are filtered out of its list before comparing.
"""

import os
import random
import subprocess
from concurrent.futures import ThreadPoolExecutor

import pyffish as sf
import pytest

ZILO = os.environ.get("ZILO_BIN", os.path.join(os.path.dirname(__file__), "../../target/release/zilo"))
GAMES = int(os.environ.get("DIFF_GAMES", "24"))

STARTS = {
    "chess": [
        sf.start_fen("chess"),
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    ],
    "shogi": [sf.start_fen("shogi")],
}


def zilo(*args):
    out = subprocess.run([ZILO, *args], capture_output=True, text=True)
    assert out.returncode == 0, f"zilo {' '.join(args)}: {out.stderr}"
    return out.stdout


def our_moves(variant, fen):
    return set(zilo("moves", variant, "--fen", fen).split())


def our_play(variant, fen, move):
    fen_after, result = zilo("play", variant, "--fen", fen, move).splitlines()
    return fen_after, result.split()[1:]


def is_pawn_drop_mate(variant, fen, move):
    if variant != "shogi" or not move.startswith("P@"):
        return False
    return sf.gives_check(variant, fen, [move]) and not sf.legal_moves(variant, fen, [move])


def their_moves(variant, fen):
    return {m for m in sf.legal_moves(variant, fen, []) if not is_pawn_drop_mate(variant, fen, m)}


def walk(variant, start, seed, max_plies):
    """One random game; returns the number of plies compared."""
    rng = random.Random(seed)
    fen = start
    # pyffish normalises the start string (e.g. shogi's `[-] w 0 1`).
    fen = sf.get_fen(variant, fen, [])
    for ply in range(max_plies):
        ours, theirs = our_moves(variant, fen), their_moves(variant, fen)
        assert ours == theirs, (
            f"{variant} {fen}: only ours {sorted(ours - theirs)}, only Fairy-Stockfish {sorted(theirs - ours)}"
        )
        if not ours:
            # No moves: checkmate or stalemate, as both engines see it.
            _, (result, reason) = our_play_result(variant, fen)
            expected = sf.game_result(variant, fen, [])
            assert reason in ("checkmate", "stalemate"), f"{fen}: {reason}"
            score = {"1-0": 1, "0-1": -1, "1/2-1/2": 0}[result]
            mover = 1 if fen.split()[1] == "w" else -1
            assert (expected > 0) - (expected < 0) == score * mover, f"{fen}: ours {result}, theirs {expected}"
            return ply
        # Prefer captures and promotions now and then, to reach endgames.
        move = rng.choice(sorted(ours))
        expected_fen = sf.get_fen(variant, fen, [move])
        fen_after, (result, reason) = our_play(variant, fen, move)
        assert fen_after == expected_fen, f"{variant} {fen} {move}: ours {fen_after}, theirs {expected_fen}"
        if reason in ("repetition", "fifty-moves", "insufficient-material", "perpetual-check"):
            return ply + 1
        fen = fen_after
    return max_plies


def our_play_result(variant, fen):
    out = zilo("play", variant, "--fen", fen).splitlines()
    return out[0], out[1].split()[1:]


@pytest.mark.parametrize("variant", ["chess", "shogi"])
def test_random_games_agree_with_fairy_stockfish(variant):
    jobs = [(variant, start, seed) for start in STARTS[variant] for seed in range(GAMES // len(STARTS[variant]))]
    with ThreadPoolExecutor(max_workers=2) as pool:
        plies = sum(pool.map(lambda job: walk(*job, max_plies=160), jobs))
    assert plies > 500, plies


def test_position_strings_fairy_stockfish_prints_parse_and_print_the_same():
    for variant, starts in STARTS.items():
        for start in starts:
            fen = sf.get_fen(variant, start, [])
            assert zilo("play", variant, "--fen", fen).splitlines()[0] == fen
