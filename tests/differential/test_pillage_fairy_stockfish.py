"""Differential test of Pillage and its four subvariants against Fairy-Stockfish
(pyffish), which loads our description of them (`pillage.ini`) at run time.

Random games, compared ply by ply: the legal moves, the position string after
the move, and the result when a side has no move. Fairy-Stockfish knows neither
flexible castling nor the Sniper's shot, so:
- it is given each position with the castling field `-`, our castles (`f1h1+i1g1`)
  are left out of our list, and the castling field is left out when the position
  strings are compared (our own castling tests are in crate/tests/pillage_rules.rs);
- our shots (`c1xc7`) are left out of our list, and in `pillage-snipers` a position
  is compared only where no king is within one file and one rank of an enemy
  Sniper's lines: there, no move of the side to move can be made illegal by a
  Sniper's check, so the two lists must agree. Positions where it could are
  still played through (moves chosen from ours, castles and shots included), so
  the games reach them, but not compared.
Any other difference is a bug in one of the two engines. PILLAGE_GAMES sets the
number of games per variant (default 40).
"""

import os
import random
from multiprocessing import Pool

import pyffish as sf
import pytest

from zilo_batch import Zilo

HERE = os.path.dirname(os.path.abspath(__file__))
VARIANTS = ["pillage", "pillage-flying-ferz", "pillage-snipers", "pillage-dragons", "pillage-warmachines"]
GAMES = int(os.environ.get("PILLAGE_GAMES", "40"))
MAX_PLIES = 160
ENDS = {"checkmate", "stalemate"}


def load_config():
    with open(os.path.join(HERE, "pillage.ini")) as f:
        sf.load_variant_config(f.read())


load_config()


def for_fsf(fen):
    """The position string with the castling field `-` (Fairy-Stockfish plays no flexible castles)."""
    fields = fen.split()
    fields[2] = "-"
    return " ".join(fields)


def without_castling(fen):
    fields = fen.split()
    return " ".join(fields[:2] + fields[3:])


def without_counter(fen):
    fields = fen.split()
    return " ".join(fields[:3] + fields[4:])


def square(name):
    return ord(name[0]) - ord("a"), int(name[1:]) - 1


def squares_of(fen, letter):
    board = fen.split()[0]
    found = []
    for i, row in enumerate(board.split("/")):
        rank, file, digits = 9 - i, 0, ""
        for c in row + " ":
            if c.isdigit():
                digits += c
                continue
            if digits:
                file += int(digits)
                digits = ""
            if c == letter:
                found.append((file, rank))
            if c != " ":
                file += 1
    return found


def sniper_free(fen):
    """No king within one file and one rank of an enemy Sniper's lines."""
    for king, sniper in (("K", "s"), ("k", "S")):
        for kf, kr in squares_of(fen, king):
            for sf_, sr in squares_of(fen, sniper):
                if abs(kf - sf_) <= 1 or abs(kr - sr) <= 1:
                    return False
    return True


def comparable(fen, variant):
    return variant != "pillage-snipers" or sniper_free(fen)


def fsf_only(move):
    return "+" not in move and "x" not in move


def walk(zilo, variant, rng):
    """One random game; returns the number of positions compared."""
    fen = sf.start_fen(variant).replace(" w - ", " w KQkq ")
    compared = 0
    for _ in range(MAX_PLIES):
        ours, _, (result, reason) = zilo.ask(fen)
        if comparable(fen, variant):
            theirs = set(sf.legal_moves(variant, for_fsf(fen), []))
            mine = {m for m in ours if fsf_only(m)}
            assert mine == theirs, f"{variant} {fen}: only ours {sorted(mine - theirs)}, only theirs {sorted(theirs - mine)}"
            compared += 1
            if not ours:
                assert reason in ENDS, f"{fen}: {reason}"
                expected = sf.game_result(variant, for_fsf(fen), [])
                mover = 1 if fen.split()[1] == "w" else -1
                ours_score = {"1-0": 1, "0-1": -1, "1/2-1/2": 0}[result] * mover
                assert ours_score == (expected > 0) - (expected < 0), f"{fen}: ours {result}, theirs {expected}"
        if not ours:
            return compared
        move = rng.choice(sorted(ours))
        _, after, (result, reason) = zilo.ask(fen, move)
        if fsf_only(move):
            expected = without_castling(sf.get_fen(variant, for_fsf(fen), [move]))
            mine = without_castling(after)
            if square(move[:2] if move[2].isalpha() else move[:3]) in squares_of(fen, "U" if fen.split()[1] == "w" else "u"):
                # A Super Pawn's move is a pawn move: it resets the fifty-move
                # count, which Fairy-Stockfish resets for its one pawn type only.
                assert mine.split()[3] == "0", f"{variant} {fen} {move}: {after}"
                mine, expected = without_counter(mine), without_counter(expected)
            assert mine == expected, f"{variant} {fen} {move}: ours {after}, theirs {expected}"
        if reason not in ("ongoing", *ENDS):
            return compared
        fen = after
    return compared


def play_games(job):
    variant, first, step = job
    zilo = Zilo(variant)
    compared = 0
    for i in range(first, GAMES, step):
        compared += walk(zilo, variant, random.Random(f"{variant}-{i}"))
    zilo.close()
    return compared


@pytest.mark.parametrize("variant", VARIANTS)
def test_random_games_agree_with_fairy_stockfish(variant):
    workers = max(1, min(2, os.cpu_count() or 1))
    with Pool(workers) as pool:
        compared = sum(pool.map(play_games, [(variant, w, workers) for w in range(workers)]))
    assert compared > GAMES * 15, compared


@pytest.mark.parametrize("variant", VARIANTS)
def test_start_positions_agree_with_the_configuration(variant):
    zilo = Zilo(variant)
    ours, _, _ = zilo.ask(sf.start_fen(variant).replace(" w - ", " w KQkq "))
    zilo.close()
    assert ours == set(sf.legal_moves(variant, sf.start_fen(variant), []))
