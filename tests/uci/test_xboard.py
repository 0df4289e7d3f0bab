"""`zilo xboard` driven by python-chess's `chess.engine` XBoard client (its protocol errors fail
the tests): options through `feature option=`, a move on a clock, and a whole game to the end.

ZILO_BIN is the zilo binary (the Makefile passes its test build, target/test-suite/zilo).
"""

import os
from pathlib import Path

import chess
import chess.engine

ZILO = os.environ.get("ZILO_BIN", str(Path(__file__).resolve().parents[2] / "target/release/zilo"))


def xboard():
    return chess.engine.SimpleEngine.popen_xboard([ZILO, "xboard"], timeout=30)


def test_python_chess_reads_the_features_and_options():
    e = xboard()
    try:
        assert e.id["name"].startswith("ZiloAlvZa")
        assert e.options["SkillLevel"].max == 5
        variants = str(e.protocol.features["variants"]).split(",")
        assert "normal" in variants and "shogi" in variants and "cyvasse" in variants
    finally:
        e.quit()


def test_play_on_a_clock_answers_a_legal_move_in_time():
    e = xboard()
    try:
        board = chess.Board()
        board.push_san("e4")
        # level 0 0:02 0 and time/otim: a share of 2 s.
        result = e.play(board, chess.engine.Limit(white_clock=2, black_clock=2), info=chess.engine.INFO_ALL)
        assert result.move in board.legal_moves
        assert result.info.get("depth", 0) >= 1
    finally:
        e.quit()


def test_a_whole_game_against_itself_ends_by_the_rules():
    # Two engines at level 1 (one ply, noisy): quick, and decisive often enough.
    white, black = xboard(), xboard()
    try:
        for e in (white, black):
            e.configure({"SkillLevel": 1})
        board = chess.Board()
        # The fifty-move and threefold rules end any game; the bound only guards the test.
        while not board.is_game_over(claim_draw=True) and board.ply() < 1000:
            mover = white if board.turn == chess.WHITE else black
            result = mover.play(board, chess.engine.Limit(depth=2))
            assert result.move in board.legal_moves
            board.push(result.move)
        assert board.is_game_over(claim_draw=True), board.fen()
    finally:
        white.quit()
        black.quit()


def test_a_position_python_chess_sets_up_is_played_from():
    # python-chess sends it with setboard: the engine answers in it.
    e = xboard()
    try:
        board = chess.Board("r3k2r/pppq1ppp/2n2n2/3pp3/3PP3/2N2N2/PPPQ1PPP/R3K2R w KQkq - 0 8")
        result = e.play(board, chess.engine.Limit(depth=3))
        assert result.move in board.legal_moves
    finally:
        e.quit()
