"""Differential test against Fairy-Stockfish (pyffish): random games of chess and
shogi from the start and from the published perft positions, comparing at every
ply the set of legal moves, the position string and the game result.

Any difference is a bug in one of the two engines. One known, documented one:
Fairy-Stockfish lists a shogi pawn drop that mates; the rules forbid it, so such
drops are filtered out of its list before comparing.

Our engine is driven through `zilo batch` (one process, one line per ply);
pyffish, which re-reads the position at every call, sets the pace. By default
1000 chess games and 300 shogi games (longer, with drops); DIFF_GAMES sets the
number of games for both.
"""

import os
import random
from multiprocessing import Pool

import pyffish as sf
import pytest

from zilo_batch import Zilo

GAMES = {"chess": 1000, "shogi": 300}
if "DIFF_GAMES" in os.environ:
    GAMES = {variant: int(os.environ["DIFF_GAMES"]) for variant in GAMES}
MAX_PLIES = 200

STARTS = {
    "chess": [
        sf.start_fen("chess"),
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    ],
    "shogi": [sf.start_fen("shogi")],
}

# Our end reasons for which Fairy-Stockfish reports the game over too.
ENDS = {"checkmate", "stalemate"}


def is_pawn_drop_mate(variant, fen, move):
    return (
        variant == "shogi"
        and move.startswith("P@")
        and sf.gives_check(variant, fen, [move])
        and not sf.legal_moves(variant, fen, [move])
    )


def their_moves(variant, fen):
    return {m for m in sf.legal_moves(variant, fen, []) if not is_pawn_drop_mate(variant, fen, m)}


def compare_moves(variant, fen, ours):
    """Fairy-Stockfish's legal moves equal ours but for pawn drops that mate."""
    theirs = set(sf.legal_moves(variant, fen, []))
    only_theirs = {m for m in theirs - ours if not is_pawn_drop_mate(variant, fen, m)}
    only_ours = ours - theirs
    assert not only_ours and not only_theirs, f"{variant} {fen}: only ours {sorted(only_ours)}, only theirs {sorted(only_theirs)}"


def walk(zilo, variant, start, rng):
    """One random game; returns the number of plies compared."""
    fen = sf.get_fen(variant, start, [])  # normalises e.g. shogi's `[-] w 0 1`
    for ply in range(MAX_PLIES):
        ours, _, (result, reason) = zilo.ask(fen)
        compare_moves(variant, fen, ours)
        if not ours:
            assert reason in ENDS, f"{fen}: {reason}"
            expected = sf.game_result(variant, fen, [])
            mover = 1 if fen.split()[1] == "w" else -1
            ours_score = {"1-0": 1, "0-1": -1, "1/2-1/2": 0}[result] * mover
            assert ours_score == (expected > 0) - (expected < 0), f"{fen}: ours {result}, theirs {expected}"
            return ply
        move = rng.choice(sorted(ours))
        _, after, (result, reason) = zilo.ask(fen, move)
        expected = sf.get_fen(variant, fen, [move])
        assert after == expected, f"{variant} {fen} {move}: ours {after}, theirs {expected}"
        if reason not in ("ongoing", *ENDS):
            return ply + 1  # a draw rule Fairy-Stockfish leaves to the players
        fen = after
    return MAX_PLIES


def play_games(job):
    """Games `first`, `first + step`, … of a variant, in one worker process."""
    variant, first, step = job
    zilo = Zilo(variant)
    starts = STARTS[variant]
    plies = 0
    for i in range(first, GAMES[variant], step):
        plies += walk(zilo, variant, starts[i % len(starts)], random.Random(f"{variant}-{i}"))
    zilo.close()
    return plies


@pytest.mark.parametrize("variant", ["chess", "shogi"])
def test_random_games_agree_with_fairy_stockfish(variant):
    workers = max(1, min(2, os.cpu_count() or 1))
    with Pool(workers) as pool:
        plies = sum(pool.map(play_games, [(variant, w, workers) for w in range(workers)]))
    assert plies > GAMES[variant] * 20, plies


def test_position_strings_fairy_stockfish_prints_are_read_and_printed_the_same():
    for variant, starts in STARTS.items():
        zilo = Zilo(variant)
        for start in starts:
            fen = sf.get_fen(variant, start, [])
            moves = sorted(their_moves(variant, fen))
            for move in moves:
                _, after, _ = zilo.ask(fen, move)
                assert after == sf.get_fen(variant, fen, [move])
        zilo.close()
