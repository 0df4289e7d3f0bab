#!/usr/bin/env python3
"""A match between two engines in any of our games, refereed by zilo; each side speaks UCI, USI
(shogi) or XBoard (`--a-protocol`, `--b-protocol`; default uci).

    tests/bench/uci_match.py --variant shogi --games 2 --movetime 100 \\
        --a "target/release/zilo uci" --b /usr/games/fairy-stockfish --pgn shogi.pgn
    tests/bench/uci_match.py --variant chess --games 10 --tc 10+0.1 \\
        --a "target/release/zilo uci" --b /usr/games/stockfish \\
        --b-option UCI_LimitStrength=true --b-option UCI_Elo=2400
    tests/bench/uci_match.py --variant pillage --games 4 --movetime 1000 \\
        --a "target/release/zilo uci" \\
        --b build/fairy-stockfish-largeboards --b-option VariantPath=tests/differential/pillage.ini

    tests/bench/uci_match.py --variant shogi --games 2 --tc 5+0.1 \\
        --a "target/release/zilo usi" --a-protocol usi --b /usr/games/fairy-stockfish --b-protocol xboard

(Debian's fairy-stockfish, 11.1, is too old for pillage.ini: 10x10 games need the build of
`make fairy-stockfish-largeboards`, build/fairy-stockfish-largeboards.)

Protocols: UCI as below. USI (shogi only): `usi`/`usiok`, `usinewgame`, moves in USI's notation
(`7g7f`, `P*5e`, converted both ways by the runner), `go btime wtime binc winc` (Sente's clock is
`btime`) or `go btime 0 wtime 0 byoyomi <movetime>`; `bestmove resign` is a resignation. XBoard
(CECP v2): `xboard`, `protover 2` (the engine's `feature variants=` must name the game, chess as
`normal`), then per game `new`, `variant`, `level 0 M:SS INC` or `st <seconds>`, `force`; per
move the moves the engine has not seen as `usermove` (or bare moves without `feature
usermove=1`), `time`/`otim` in centiseconds, `go`, and `move <m>` back; `resign` is a
resignation; a result claim (`0-1 {...}`), `Illegal move` or `Error` instead of a move is a protocol
error (the runner asks for a move only while the referee says the game goes on).

An engine is a command line (split as a shell would) with `--a-option`/`--b-option Name=Value`
sent by `setoption`; both get `UCI_Variant` when they offer it (Stockfish does not: chess only).
Each opening is 2-4 random legal plies from `--seed`, played twice with the colours swapped. Every
move is sent as `position startpos moves ...` then `go movetime` or `go wtime btime winc binc`
(`--tc BASE+INC` in seconds: the runner keeps both clocks from the time it waits for each answer).
The referee is zilo (`--referee`, default target/release/zilo): `zilo play` with every move from
the start, so repetition and the fifty-move rule count. A game ends by the rules, by a move the
referee refuses or no answer (a protocol error: a loss for that engine), by a flag fall (an answer
later than the clock or the move time allows, plus `--grace` ms), or is a draw after
`--max-plies`. A PGN-like record of each game goes to `--pgn` (default: stderr); the last line on
stdout is a JSON summary (score, and every game's result and termination; under `--tc`, the least
time each side had left after a move).
"""
import argparse
import json
import os
import random
import shlex
import subprocess
import sys
import threading
import time
import queue


class ProtocolError(Exception):
    pass


class Engine:
    """The pipes to one engine: lines read on a thread, waited for with a deadline."""

    protocol = "?"

    def __init__(self, command):
        self.command = command
        self.name = command
        self.p = subprocess.Popen(shlex.split(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.p.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def send(self, line):
        try:
            self.p.stdin.write(line + "\n")
            self.p.stdin.flush()
        except (BrokenPipeError, OSError) as e:
            raise ProtocolError(f"{self.command}: cannot write: {e}")

    def wait(self, done, seconds, what):
        """Lines up to and including the first for which done(line) holds."""
        seen, deadline = [], time.monotonic() + seconds
        while True:
            try:
                line = self.lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise ProtocolError(f"{self.name}: no {what} within {seconds:.1f} s")
            if line is None:
                raise ProtocolError(f"{self.name}: the engine quit")
            seen.append(line)
            if done(line):
                return seen

    def close(self):
        try:
            self.send("quit")
            self.p.wait(timeout=5)
        except (ProtocolError, subprocess.TimeoutExpired):
            self.p.kill()


class UciEngine(Engine):
    protocol = "uci"
    hello, ok, new_game_word = "uci", "uciok", "ucinewgame"

    def __init__(self, command, options, variant):
        super().__init__(command)
        self.variant = variant
        self.send(self.hello)
        ids = self.wait_word(self.ok, 10)
        self.name = next((l[8:] for l in ids if l.startswith("id name ")), command)
        offered = {l.split(" type ")[0][len("option name "):] for l in ids if l.startswith("option name ")}
        for name, value in options:
            self.send(f"setoption name {name} value {value}")
        self.choose_variant(offered)
        self.send("isready")
        self.wait_word("readyok", 10)

    def choose_variant(self, offered):
        if "UCI_Variant" in offered:
            self.send(f"setoption name UCI_Variant value {self.variant}")
        elif self.variant != "chess":
            raise ProtocolError(f"{self.command} has no UCI_Variant option: it plays chess only")

    def wait_word(self, word, seconds):
        return self.wait(lambda line: line.split(" ")[0] == word, seconds, f"'{word}'")

    def new_game(self, o):
        self.send(self.new_game_word)
        self.send("isready")
        self.wait_word("readyok", 10)

    def go(self, o, clocks):
        if o.nodes:
            return f"go nodes {o.nodes}"
        if o.movetime:
            return f"go movetime {o.movetime}"
        return f"go wtime {clocks[0]} btime {clocks[1]} winc {o.inc_ms} binc {o.inc_ms}"

    def to_engine(self, move):
        return move

    def from_engine(self, move):
        return move

    def best(self, moves, o, clocks, patience):
        """(move or 'resign', seconds taken, info strings the engine sent)."""
        sent = " ".join(self.to_engine(m) for m in moves)
        start = f"fen {o.fen}" if o.fen else "startpos"
        self.send(f"position {start} moves {sent}".rstrip())
        started = time.monotonic()
        self.send(self.go(o, clocks))
        lines = self.wait_word("bestmove", patience)
        taken = time.monotonic() - started
        words = lines[-1].split()
        if len(words) < 2:
            raise ProtocolError(f"{self.name}: '{lines[-1]}' has no move")
        move = "resign" if words[1] == "resign" else self.from_engine(words[1])
        return move, taken, [l for l in lines if l.startswith("info string")]


def usi_square(square):
    """The engine's square (c3) as USI's (7g)."""
    return f"{9 - (ord(square[0]) - ord('a'))}{chr(ord('a') + 9 - int(square[1:]))}"


def square_from_usi(square):
    return f"{chr(ord('a') + 9 - int(square[0]))}{9 - (ord(square[1]) - ord('a'))}"


class UsiEngine(UciEngine):
    """USI for shogi: its own words, squares (7g) and drops (P*5e); Sente's clock is btime."""

    protocol = "usi"
    hello, ok, new_game_word = "usi", "usiok", "usinewgame"

    def choose_variant(self, offered):
        if self.variant != "shogi":
            raise ProtocolError(f"USI plays shogi only, not {self.variant}")

    def new_game(self, o):
        if o.fen:
            # USI's sfen has its own squares and piece letters: not converted here.
            raise ProtocolError("--fen is not sent to a USI engine (its sfen differs): use UCI or XBoard")
        super().new_game(o)

    def go(self, o, clocks):
        if o.nodes:
            return f"go nodes {o.nodes}"
        if o.movetime:
            return f"go btime 0 wtime 0 byoyomi {o.movetime}"
        return f"go btime {clocks[0]} wtime {clocks[1]} binc {o.inc_ms} winc {o.inc_ms}"

    def to_engine(self, move):
        if "@" in move:
            piece, square = move.split("@")
            return f"{piece}*{usi_square(square)}"
        promotes = "+" if move.endswith("+") else ""
        body = move.rstrip("+")
        split = next(i for i in range(1, len(body)) if body[i].isalpha())
        return usi_square(body[:split]) + usi_square(body[split:]) + promotes

    def from_engine(self, move):
        try:
            if "*" in move:
                piece, square = move.split("*")
                return f"{piece}@{square_from_usi(square)}"
            promotes = "+" if move.endswith("+") else ""
            return square_from_usi(move[:2]) + square_from_usi(move[2:4]) + promotes
        except (ValueError, IndexError):
            raise ProtocolError(f"{self.name}: '{move}' is not a USI move")


class XboardEngine(Engine):
    """XBoard (CECP v2): the engine keeps the game; it is sent the moves it has not seen."""

    protocol = "xboard"

    def __init__(self, command, options, variant):
        super().__init__(command)
        self.variant = variant
        self.send("xboard")
        self.send("protover 2")
        self.features = {}
        for line in self.wait(lambda l: "done=1" in l.split(), 10, "'feature done=1'"):
            if line.startswith("feature "):
                for word in shlex.split(line[len("feature "):]):
                    key, _, value = word.partition("=")
                    self.features[key] = value
        self.name = self.features.get("myname", command)
        wanted = "normal" if variant == "chess" else variant
        if wanted not in self.features.get("variants", "normal").split(","):
            raise ProtocolError(f"{self.name} does not offer the variant {wanted}")
        self.xboard_variant = wanted
        for key in ("ping", "setboard", "usermove", "time", "reuse"):
            if key in self.features:
                self.send(f"accepted {key}")
        for name, value in options:
            self.send(f"option {name}={value}")
        self.ping()

    def ping(self):
        self.send("ping 1")
        self.wait(lambda l: l.strip() == "pong 1", 10, "'pong 1'")

    def new_game(self, o):
        self.send("new")
        if self.xboard_variant != "normal":
            self.send(f"variant {self.xboard_variant}")
        if o.fen:
            if self.features.get("setboard") != "1":
                raise ProtocolError(f"{self.name} has no setboard: it cannot start from --fen")
            self.send(f"setboard {o.fen}")
        if o.movetime:
            self.send(f"st {o.movetime / 1000:g}")
        else:
            minutes, seconds = divmod(o.base_ms / 1000, 60)
            self.send(f"level 0 {int(minutes)}:{seconds:02g} {o.inc_ms / 1000:g}")
        self.send("easy")
        self.send("nopost")
        self.send("force")
        self.seen = 0
        self.ping()

    def best(self, moves, o, clocks, patience):
        self.send("force")
        prefix = "usermove " if self.features.get("usermove") == "1" else ""
        for m in moves[self.seen:]:
            self.send(prefix + m)
        side = (o.first + len(moves)) % 2
        if not o.movetime:
            self.send(f"time {clocks[side] // 10}")
            self.send(f"otim {clocks[1 - side] // 10}")
        started = time.monotonic()
        self.send("go")

        def answer(line):
            words = line.split()
            return bool(words) and (words[0] in ("move", "resign", "1-0", "0-1", "1/2-1/2")
                                    or line.startswith(("Illegal move", "Error")))
        lines = self.wait(answer, patience, "move")
        taken = time.monotonic() - started
        last = lines[-1].split()
        if last[0] != "move" or len(last) < 2:
            if last[0] == "resign":
                return "resign", taken, []
            raise ProtocolError(f"{self.name} answered '{lines[-1]}' instead of a move")
        self.seen = len(moves) + 1
        return last[1], taken, []


PROTOCOLS = {"uci": UciEngine, "usi": UsiEngine, "xboard": XboardEngine}


def referee(binary, variant, moves, fen=None):
    """(position string after the moves, result, reason), or None if zilo refuses a move."""
    start = ["--fen", fen] if fen else []
    out = subprocess.run([binary, "play", variant, *start] + moves, capture_output=True, text=True)
    if out.returncode != 0:
        return None, out.stderr.strip()
    lines = out.stdout.strip().splitlines()
    result, reason = lines[-1].split()[1:3]
    return (lines[0], result, reason), None


def legal_moves(binary, variant, fen):
    return subprocess.run([binary, "moves", variant, "--fen", fen], capture_output=True, text=True,
                          check=True).stdout.split()


def play_game(o, white, black, opening):
    """The game's record: moves, result, termination."""
    engines = [white, black]
    for e in engines:
        e.new_game(o)
    moves = list(opening)
    clocks = [o.base_ms, o.base_ms]
    o.lowest = [o.base_ms, o.base_ms]
    (fen, result, reason), _ = referee(o.referee, o.variant, moves, o.fen)
    while result == "*" and len(moves) < o.max_plies:
        side = (o.first + len(moves)) % 2  # none of these games passes a turn
        mover = engines[side]
        if o.nodes:
            # A fixed node budget: the answer's time does not count.
            patience = 600
        elif o.movetime:
            patience = (o.movetime + o.grace) / 1000 + 5
        else:
            patience = clocks[side] / 1000 + 5
        try:
            move, taken, said = mover.best(moves, o, clocks, patience)
        except ProtocolError as e:
            return moves, ("0-1" if side == 0 else "1-0"), f"protocol error: {e}"
        late = not o.nodes and taken * 1000 > (o.movetime if o.movetime else clocks[side]) + o.grace
        if late:
            return moves, ("0-1" if side == 0 else "1-0"), f"time forfeit: {mover.name} took {taken:.3f} s"
        if o.tc:
            o.lowest[side] = min(o.lowest[side], int(clocks[side] - taken * 1000))
            clocks[side] = int(clocks[side] - taken * 1000 + o.inc_ms)
        if said:
            print(f"  {mover.name}: {said}", file=sys.stderr)
        if move == "resign":
            return moves, ("0-1" if side == 0 else "1-0"), f"resignation: {mover.name} resigned"
        if move == "0000":
            # Only said when the engine has no move: the referee says the game goes on.
            return moves, ("0-1" if side == 0 else "1-0"), f"protocol error: {mover.name} answered 0000 in a game going on"
        ref, refusal = referee(o.referee, o.variant, moves + [move], o.fen)
        if ref is None:
            return moves, ("0-1" if side == 0 else "1-0"), f"protocol error: {mover.name} played {move}: {refusal}"
        moves.append(move)
        fen, result, reason = ref
    if result == "*":
        return moves, "1/2-1/2", f"adjudicated after {o.max_plies} plies"
    return moves, result, reason


def record(o, g, white, black, moves, result, termination):
    lines = [f'[Event "uci_match {o.variant}"]', f'[Round "{g}"]', f'[Variant "{o.variant}"]',
             f'[White "{white.name}"]', f'[Black "{black.name}"]',
             f'[WhiteProtocol "{white.protocol}"]', f'[BlackProtocol "{black.protocol}"]', f'[Result "{result}"]',
             f'[Termination "{termination}"]',
             f'[TimeControl "{o.tc or (str(o.nodes) + " nodes per move" if o.nodes else str(o.movetime) + " ms per move")}"]']
    if o.fen:
        lines += ['[SetUp "1"]', f'[FEN "{o.fen}"]']
    lines.append("")
    # Move numbers as PGN counts them: a game whose first mover is Black starts "1... move".
    body, shown = [], moves
    if o.first == 1 and moves:
        body.append(f"1... {moves[0]}")
        shown = moves[1:]
    for i in range(0, len(shown), 2):
        body.append(f"{i // 2 + 1 + o.first}. " + " ".join(shown[i:i + 2]))
    lines.append(" ".join(body + [result]))
    return "\n".join(lines) + "\n\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--variant", default="chess")
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-plies", type=int, default=200)
    ap.add_argument("--movetime", type=int, help="ms per move")
    ap.add_argument("--tc", help="BASE+INC in seconds, e.g. 10+0.1")
    ap.add_argument("--nodes", type=int, help="nodes per move (a paired match of two builds, time aside)")
    ap.add_argument("--grace", type=int,
                    help="ms an answer may be late (cutechess's timemargin): default 1000 with --movetime, 0 with --tc")
    ap.add_argument("--a", required=True)
    ap.add_argument("--b", required=True)
    ap.add_argument("--a-protocol", choices=sorted(PROTOCOLS), default="uci")
    ap.add_argument("--b-protocol", choices=sorted(PROTOCOLS), default="uci")
    ap.add_argument("--a-option", action="append", default=[])
    ap.add_argument("--b-option", action="append", default=[])
    ap.add_argument("--referee", default=os.environ.get("ZILO_BIN", "target/release/zilo"))
    ap.add_argument("--pgn")
    ap.add_argument("--fen", help="the position every game starts from (its openings' random plies follow it); "
                                  "sent as `position fen` (UCI) or `setboard` (XBoard)")
    o = ap.parse_args()
    if [bool(o.movetime), bool(o.tc), bool(o.nodes)].count(True) != 1:
        ap.error("give exactly one of --movetime, --tc and --nodes")
    if o.nodes and "xboard" in (o.a_protocol, o.b_protocol):
        ap.error("--nodes needs UCI or USI engines (XBoard has no node limit)")
    if o.grace is None:
        o.grace = 1000 if o.movetime else 0
    o.base_ms = o.inc_ms = 0
    # Which side moves first: the position string's side-to-move field ("b" is Black), else White.
    o.first = 1 if o.fen and len(o.fen.split()) > 1 and o.fen.split()[1] == "b" else 0
    if o.tc:
        base, inc = o.tc.split("+")
        o.base_ms, o.inc_ms = int(float(base) * 1000), int(float(inc) * 1000)
    options = lambda specs: [tuple(s.split("=", 1)) for s in specs]
    a = PROTOCOLS[o.a_protocol](o.a, options(o.a_option), o.variant)
    b = PROTOCOLS[o.b_protocol](o.b, options(o.b_option), o.variant)
    pgn = open(o.pgn, "w") if o.pgn else sys.stderr
    rng = random.Random(o.seed)
    games, a_points = [], 0.0
    opening = []
    try:
        for g in range(o.games):
            if g % 2 == 0:
                opening = []
                for _ in range(rng.randint(2, 4)):
                    (fen, result, _), _ = referee(o.referee, o.variant, opening, o.fen)
                    if result != "*":
                        break
                    opening.append(rng.choice(legal_moves(o.referee, o.variant, fen)))
            a_white = g % 2 == 0
            white, black = (a, b) if a_white else (b, a)
            moves, result, termination = play_game(o, white, black, opening)
            points = {"1-0": 1.0, "0-1": 0.0}.get(result, 0.5)
            a_points += points if a_white else 1.0 - points
            games.append({"game": g + 1, "white": white.name, "black": black.name, "result": result,
                          "termination": termination, "plies": len(moves)})
            if o.tc:
                # The least time each side had left after a move (ms): how close it came to a flag fall.
                games[-1]["lowest_clock_ms"] = {"white": o.lowest[0], "black": o.lowest[1]}
            pgn.write(record(o, g + 1, white, black, moves, result, termination))
            pgn.flush()
            print(f"game {g + 1}: {white.name} - {black.name} {result} ({termination}, {len(moves)} plies)",
                  file=sys.stderr, flush=True)
    finally:
        a.close()
        b.close()
    print(json.dumps({"variant": o.variant, "a": a.name, "b": b.name, "a_protocol": a.protocol,
                      "b_protocol": b.protocol, "games": len(games),
                      "a_score": a_points, "results": games}))


if __name__ == "__main__":
    main()
