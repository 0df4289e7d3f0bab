"""`zilo uci` driven by third-party clients: python-chess's `chess.engine` (whose protocol
errors fail the tests), and short matches against Debian's Fairy-Stockfish through
tests/bench/uci_match.py, every game bounded in plies and time.

ZILO_BIN is the zilo binary (the Makefile passes its test build, target/test-suite/zilo).
"""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import chess
import chess.engine
import pytest

ZILO = os.environ.get("ZILO_BIN", str(Path(__file__).resolve().parents[2] / "target/release/zilo"))
RUNNER = Path(__file__).resolve().parents[1] / "bench" / "uci_match.py"
FAIRY_STOCKFISH = shutil.which("fairy-stockfish") or "/usr/games/fairy-stockfish"


@pytest.fixture
def engine():
    e = chess.engine.SimpleEngine.popen_uci([ZILO, "uci"], timeout=30)
    yield e
    e.quit()


def test_python_chess_sees_the_engine_and_its_options(engine):
    assert engine.id["name"].startswith("ZiloAlvZa")
    assert "chess" in engine.options["UCI_Variant"].var
    assert "cyvasse" in engine.options["UCI_Variant"].var
    assert engine.options["MultiPV"].max >= 3


def test_analyse_with_multipv_3_gives_three_lines_with_different_first_moves(engine):
    board = chess.Board("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
    infos = engine.analyse(board, chess.engine.Limit(depth=4), multipv=3)
    assert len(infos) == 3
    firsts = [info["pv"][0] for info in infos]
    assert len(set(firsts)) == 3
    assert all(move in board.legal_moves for move in firsts)
    assert all("score" in info for info in infos)
    # Best first: scores do not rise down the list (each line a full search of the rest).
    scores = [info["score"].relative.score(mate_score=100000) for info in infos]
    assert scores == sorted(scores, reverse=True)


def test_play_with_a_time_limit_answers_a_legal_move_in_time(engine):
    board = chess.Board()
    board.push_san("e4")
    result = engine.play(board, chess.engine.Limit(time=0.2))
    assert result.move in board.legal_moves


def test_a_whole_game_against_itself_ends_by_the_rules():
    # Two engines at level 1 (one ply, noisy): quick, and decisive often enough.
    white = chess.engine.SimpleEngine.popen_uci([ZILO, "uci"], timeout=30)
    black = chess.engine.SimpleEngine.popen_uci([ZILO, "uci"], timeout=30)
    try:
        for e in (white, black):
            e.configure({"Skill Level": 1})
        board = chess.Board()
        # The fifty-move and threefold rules end any game; the bound only guards the test.
        while not board.is_game_over(claim_draw=True) and board.ply() < 1000:
            mover = white if board.turn == chess.WHITE else black
            result = mover.play(board, chess.engine.Limit(depth=2, time=0.5))
            assert result.move in board.legal_moves
            board.push(result.move)
        assert board.is_game_over(claim_draw=True), board.fen()
    finally:
        white.quit()
        black.quit()


def match(variant, *args, a=None, b=None):
    a = a or ["--a", f"{ZILO} uci"]
    b = b or ["--b", FAIRY_STOCKFISH]
    out = subprocess.run(
        [sys.executable, str(RUNNER), "--variant", variant, *a, *b, "--referee", ZILO, *args],
        capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    summary = json.loads(out.stdout.strip().splitlines()[-1])
    summary["log"] = out.stderr
    return summary


def assert_clean(summary, games):
    assert summary["games"] == games, summary["log"]
    for game in summary["results"]:
        assert not game["termination"].startswith(("protocol error", "time forfeit")), (game, summary["log"])


@pytest.mark.skipif(not os.path.exists(FAIRY_STOCKFISH), reason="Debian's fairy-stockfish is not installed")
@pytest.mark.parametrize("variant", ["chess", "shogi"])
def test_a_short_match_against_fairy_stockfish_has_no_protocol_error_or_time_loss(variant):
    summary = match(variant, "--games", "2", "--movetime", "50", "--max-plies", "60", "--seed", "3")
    assert_clean(summary, 2)


@pytest.mark.skipif(not os.path.exists(FAIRY_STOCKFISH), reason="Debian's fairy-stockfish is not installed")
def test_on_a_clock_against_fairy_stockfish_no_game_is_lost_on_time():
    # A small budget of the 10+0.1 kind: 3 s + 0.05 s per move, both colours. The runner times each
    # answer from outside, so on a machine loaded many times over (as when every suite runs at
    # once) a process switch can add a few hundred ms that neither engine spent: a 300 ms margin,
    # as cutechess's timemargin gives (zilo keeps far more in hand: 50 ms overhead and at most
    # half its time on a move). Fairy-Stockfish at its default overhead runs its clock down to
    # about 50 ms here and then loses on time when the machine stalls: it gets 200 ms.
    summary = match("chess", "--games", "2", "--tc", "3+0.05", "--max-plies", "80", "--seed", "5", "--grace", "300",
                    "--b-option", "Move Overhead=200")
    assert_clean(summary, 2)


@pytest.mark.skipif(not os.path.exists(FAIRY_STOCKFISH), reason="Debian's fairy-stockfish is not installed")
def test_usi_against_fairy_stockfish_in_usi_on_a_clock_has_no_protocol_error_or_time_loss(tmp_path):
    # Both sides in USI: USI's squares and drops converted by the runner, Sente's clock as btime.
    pgn = tmp_path / "shogi.pgn"
    summary = match("shogi", "--games", "2", "--tc", "3+0.05", "--max-plies", "60", "--seed", "7", "--grace", "300",
                    "--b-option", "Move Overhead=200", "--pgn", str(pgn),
                    a=["--a", f"{ZILO} usi", "--a-protocol", "usi"], b=["--b", FAIRY_STOCKFISH, "--b-protocol", "usi"])
    assert_clean(summary, 2)
    assert (summary["a_protocol"], summary["b_protocol"]) == ("usi", "usi")
    records = pgn.read_text().split("\n\n[Event")
    assert len(records) == 2
    # The record keeps the engine's own move texts (the referee's), each game's result at its end.
    for record, game in zip(records, summary["results"]):
        assert '[WhiteProtocol "usi"]' in record and f'[Result "{game["result"]}"]' in record
        assert record.rstrip().endswith(game["result"])


@pytest.mark.skipif(not os.path.exists(FAIRY_STOCKFISH), reason="Debian's fairy-stockfish is not installed")
@pytest.mark.parametrize("variant", ["chess", "shogi"])
def test_xboard_against_fairy_stockfish_in_xboard_on_a_clock_has_no_protocol_error_or_time_loss(variant):
    # Both sides in XBoard: new, variant, level, force, usermove, time/otim, go.
    summary = match(variant, "--games", "2", "--tc", "3+0.05", "--max-plies", "60", "--seed", "9", "--grace", "300",
                    "--b-option", "Move Overhead=200",
                    a=["--a", f"{ZILO} xboard", "--a-protocol", "xboard"],
                    b=["--b", FAIRY_STOCKFISH, "--b-protocol", "xboard"])
    assert_clean(summary, 2)
    assert (summary["a_protocol"], summary["b_protocol"]) == ("xboard", "xboard")


def test_the_three_protocols_of_zilo_play_each_other_at_a_fixed_move_time():
    # XBoard's `st` and USI's byoyomi for --movetime, against UCI's `go movetime`.
    for variant, a, b in [("chess", "xboard", "uci"), ("shogi", "usi", "xboard")]:
        summary = match(variant, "--games", "2", "--movetime", "30", "--max-plies", "30", "--seed", "4",
                        "--a-option", "Skill Level=3", "--b-option", "Skill Level=3",
                        a=["--a", f"{ZILO} {a}", "--a-protocol", a], b=["--b", f"{ZILO} {b}", "--b-protocol", b])
        assert_clean(summary, 2)
        assert all(g["plies"] > 0 for g in summary["results"]), summary


def test_a_paired_match_at_a_fixed_node_budget_is_reproducible():
    # --nodes: both sides get `go nodes N` (USI too), time aside; a node-limited search is
    # deterministic, so the same seed plays the same games twice.
    runs = [match("shogi", "--games", "2", "--nodes", "3000", "--max-plies", "16", "--seed", "5",
                  a=["--a", f"{ZILO} uci"], b=["--b", f"{ZILO} usi", "--b-protocol", "usi"]) for _ in range(2)]
    assert_clean(runs[0], 2)
    assert [g["plies"] for g in runs[0]["results"]] == [16, 16], runs[0]["log"]
    assert runs[0]["results"] == runs[1]["results"]
    assert "nodes per move" in runs[0]["log"]


def test_a_usi_engine_is_refused_outside_shogi():
    out = subprocess.run([sys.executable, str(RUNNER), "--variant", "chess", "--a", f"{ZILO} usi", "--a-protocol",
                          "usi", "--b", f"{ZILO} uci", "--movetime", "10", "--referee", ZILO],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode != 0 and "USI plays shogi only" in out.stderr


def test_a_self_match_at_2_plus_0_1_never_loses_on_time():
    # The short form of a 10+0.1 self-match (the long one: the README's runner command): zilo
    # against itself, UCI's clock against XBoard's (`level`, `time`/`otim`), each answer timed from
    # outside, 300 ms of grace for a machine loaded many times over (see above).
    summary = match("chess", "--games", "2", "--tc", "2+0.1", "--max-plies", "60", "--seed", "13", "--grace", "300",
                    a=["--a", f"{ZILO} uci"], b=["--b", f"{ZILO} xboard", "--b-protocol", "xboard"])
    assert_clean(summary, 2)


FAKE = Path(__file__).resolve().parent / "fake_engine.py"


def test_a_usi_resignation_ends_the_game_and_a_false_xboard_claim_is_a_protocol_error():
    summary = match("shogi", "--games", "2", "--movetime", "20", "--max-plies", "20",
                    a=["--a", f"{ZILO} usi", "--a-protocol", "usi"],
                    b=["--b", f"{sys.executable} {FAKE} usi-resign", "--b-protocol", "usi"])
    # The scripted engine resigns at its first move, with either colour: zilo wins both.
    assert summary["a_score"] == 2.0, summary
    assert all(g["termination"] == "resignation: Resigner resigned" for g in summary["results"]), summary
    summary = match("chess", "--games", "2", "--movetime", "20", "--max-plies", "20",
                    a=["--a", f"{ZILO} xboard", "--a-protocol", "xboard"],
                    b=["--b", f"{sys.executable} {FAKE} xboard-claim", "--b-protocol", "xboard"])
    assert summary["a_score"] == 2.0, summary
    for g in summary["results"]:
        assert g["termination"].startswith("protocol error: Claimer answered '1-0 {claimed}'"), g


@pytest.mark.parametrize("b_protocol", ["uci", "xboard"])
def test_a_match_from_a_given_position_sends_it_to_both_engines_and_the_record(tmp_path, b_protocol):
    # --fen: every game starts from the position (Black to move here, after 1. e4 e5 2. Nf3): each
    # engine is sent it (`position fen`, XBoard's `setboard`), the referee plays from it, and the
    # record carries SetUp and FEN. An engine left at the start would answer a White move, which the
    # referee refuses as a protocol error.
    fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
    pgn = tmp_path / "fen.pgn"
    summary = match("chess", "--games", "2", "--movetime", "20", "--max-plies", "12", "--seed", "2", "--fen", fen,
                    "--pgn", str(pgn), a=["--a", f"{ZILO} uci"], b=["--b", f"{ZILO} {b_protocol}", "--b-protocol", b_protocol])
    assert_clean(summary, 2)
    assert all(g["plies"] == 12 for g in summary["results"]), summary
    records = pgn.read_text().split("\n\n[Event")
    assert len(records) == 2
    for record in records:
        assert '[SetUp "1"]' in record and f'[FEN "{fen}"]' in record
        assert "\n1... " in record and " 2. " in record
