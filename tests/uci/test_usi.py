"""`zilo usi` driven by cshogi's USI client (`cshogi.usi.Engine`), with cshogi's own shogi rules
(`cshogi.Board`) as the referee: every move the engine answers must be legal there.

ZILO_BIN is the zilo binary (the Makefile passes its test build, target/test-suite/zilo). cshogi starts an engine
from a single path, so each test writes a two-line script that runs `zilo usi`.
"""

import os
import shutil
from pathlib import Path

import cshogi
import pytest
from cshogi.usi import Engine

ZILO = os.environ.get("ZILO_BIN", str(Path(__file__).resolve().parents[2] / "target/release/zilo"))
FAIRY_STOCKFISH = shutil.which("fairy-stockfish") or "/usr/games/fairy-stockfish"


def script(tmp_path, name, command):
    path = tmp_path / name
    path.write_text(f"#!/bin/sh\nexec {command}\n")
    path.chmod(0o755)
    return str(path)


@pytest.fixture
def zilo(tmp_path):
    e = Engine(script(tmp_path, "zilo-usi", f'"{ZILO}" usi'))
    yield e
    e.quit()


def test_cshogi_connects_and_gets_a_legal_move_in_usi_notation(zilo):
    assert zilo.name.startswith("ZiloAlvZa")
    zilo.setoption("USI_Hash", 16)
    zilo.isready()
    zilo.usinewgame()
    board = cshogi.Board()
    for m in ["7g7f", "3c3d", "8h2b+"]:
        board.push_usi(m)
    zilo.position(["7g7f", "3c3d", "8h2b+"])
    move, _ = zilo.go(byoyomi=300)
    assert board.is_legal(board.move_from_usi(move)), move


def test_a_position_with_hands_from_cshogi_is_read(zilo):
    zilo.isready()
    board = cshogi.Board()
    for m in ["7g7f", "3c3d", "8h2b+", "3a2b", "B*5e"]:
        board.push_usi(m)
    # cshogi writes the SFEN (counted hands, the ply number); the engine reads it.
    zilo.position(sfen="sfen " + board.sfen())
    move, _ = zilo.go(nodes=3000)
    assert board.is_legal(board.move_from_usi(move)), (board.sfen(), move)


def play(black, white, byoyomi, max_plies):
    """A game refereed by cshogi: (plies, how it ended)."""
    board = cshogi.Board()
    moves = []
    for e in (black, white):
        e.isready()
        e.usinewgame()
    while len(moves) < max_plies:
        engine = black if board.turn == cshogi.BLACK else white
        engine.position(moves)
        move, _ = engine.go(byoyomi=byoyomi, btime=0, wtime=0)
        if move == "resign":
            assert board.is_game_over(), f"resigned in a game going on: {board.sfen()}"
            return len(moves), "resign"
        assert board.is_legal(board.move_from_usi(move)), (board.sfen(), move)
        board.push_usi(move)
        moves.append(move)
        if board.is_game_over():
            return len(moves), "mate"
        if board.is_draw() in (cshogi.REPETITION_DRAW, cshogi.REPETITION_WIN, cshogi.REPETITION_LOSE):
            return len(moves), "repetition"
    return len(moves), "bound"


def test_a_game_against_itself_has_only_legal_moves_by_cshogis_rules(tmp_path):
    black = Engine(script(tmp_path, "a", f'"{ZILO}" usi'))
    white = Engine(script(tmp_path, "b", f'"{ZILO}" usi'))
    try:
        for e in (black, white):
            e.setoption("Skill Level", 2)
        plies, how = play(black, white, byoyomi=100, max_plies=120)
        assert plies > 0 and how in ("resign", "mate", "repetition", "bound")
    finally:
        black.quit()
        white.quit()


@pytest.mark.skipif(not os.path.exists(FAIRY_STOCKFISH), reason="Debian's fairy-stockfish is not installed")
def test_a_game_against_fairy_stockfish_in_usi_has_only_legal_moves(tmp_path):
    zilo = Engine(script(tmp_path, "z", f'"{ZILO}" usi'))
    fairy = Engine(script(tmp_path, "f", FAIRY_STOCKFISH))
    try:
        plies, how = play(fairy, zilo, byoyomi=50, max_plies=60)
        assert plies > 0
    finally:
        zilo.quit()
        fairy.quit()
