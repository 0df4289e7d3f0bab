#!/usr/bin/env python3
"""Games between two engines that `zilo match` cannot pair: two builds of
zilo (say the search of a branch against the search of `main`), or zilo
against a UCI engine (Stockfish with UCI_LimitStrength) in chess.

    tests/bench/versus.py --variant zilo --games 40 \\
        --a zilo:target/release/zilo:150000 --b zilo:/tmp/zilo-main:150000
    tests/bench/versus.py --variant chess --games 10 \\
        --a zilo:target/release/zilo:150000 --b uci:/usr/games/stockfish:1900:1000

A player is `zilo:<binary>:<nodes>` (a fresh `zilo bestmove --nodes N` per
move, from the position string: no game history, so no repetition in the
search) or `uci:<binary>:<Elo>:<ms per move>`. Openings are 2-4 random
legal plies from `--seed`, each played twice with colours swapped; the
referee is the first zilo binary (`zilo play` with every move from the
start, so repetition and the fifty-move rule count); a game still going
after `--max-plies` is a draw. Prints a line per game, then the score of A.
"""
import argparse
import math
import random
import subprocess
import sys


def run(args):
    return subprocess.run(args, capture_output=True, text=True, check=True).stdout


class Zilo:
    def __init__(self, binary, nodes):
        self.binary, self.nodes = binary, nodes

    def best(self, variant, fen, moves):
        out = run([self.binary, "bestmove", variant, "--fen", fen, "--nodes", str(self.nodes)])
        return out.strip().splitlines()[-1].split()[1]

    def close(self):
        pass


class Uci:
    def __init__(self, binary, elo, ms):
        self.ms = ms
        self.p = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.send("uci")
        self.wait("uciok")
        self.send("setoption name UCI_LimitStrength value true")
        self.send(f"setoption name UCI_Elo value {elo}")
        self.send("setoption name Threads value 1")
        self.send("isready")
        self.wait("readyok")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def wait(self, prefix):
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("UCI engine quit")
            if line.startswith(prefix):
                return line

    def best(self, variant, start_fen, moves):
        self.send(f"position fen {start_fen} moves {' '.join(moves)}".rstrip())
        self.send(f"go movetime {self.ms}")
        return self.wait("bestmove").split()[1]

    def close(self):
        self.send("quit")


def player(spec):
    kind, rest = spec.split(":", 1)
    if kind == "zilo":
        binary, nodes = rest.rsplit(":", 1)
        return Zilo(binary, int(nodes))
    if kind == "uci":
        binary, elo, ms = rest.rsplit(":", 2)
        return Uci(binary, int(elo), int(ms))
    raise SystemExit(f"bad player '{spec}'")


def referee(binary, variant, fen, moves):
    """(position string after the moves, result, reason)."""
    args = [binary, "play", variant] + (["--fen", fen] if fen else []) + moves
    lines = run(args).strip().splitlines()
    result, reason = lines[-1].split()[1:3]
    return lines[0], result, reason


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--variant", default="zilo")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-plies", type=int, default=200)
    ap.add_argument("--a", required=True)
    ap.add_argument("--b", required=True)
    o = ap.parse_args()
    a, b = player(o.a), player(o.b)
    ref = o.a.split(":")[1] if o.a.startswith("zilo:") else o.b.split(":")[1]
    start, _, _ = referee(ref, o.variant, None, [])
    rng = random.Random(o.seed)
    wins = draws = losses = 0
    opening = []
    for g in range(o.games):
        if g % 2 == 0:
            opening = []
            for _ in range(rng.randint(2, 4)):
                fen, _, _ = referee(ref, o.variant, None, opening)
                legal = run([ref, "moves", o.variant, "--fen", fen]).split()
                opening.append(rng.choice(legal))
        a_white = g % 2 == 0
        moves = list(opening)
        fen, result, reason = referee(ref, o.variant, None, moves)
        while result == "*" and len(moves) < o.max_plies:
            white_to_move = len(moves) % 2 == 0  # no passes in these games
            mover = a if white_to_move == a_white else b
            moves.append(mover.best(o.variant, fen if isinstance(mover, Zilo) else start, moves))
            fen, result, reason = referee(ref, o.variant, None, moves)
        if result == "*":
            result, reason = "1/2-1/2", "adjudicated"
        a_score = {"1-0": 1.0, "0-1": 0.0}.get(result, 0.5)
        if not a_white and result != "1/2-1/2":
            a_score = 1.0 - a_score
        wins += a_score == 1.0
        losses += a_score == 0.0
        draws += a_score == 0.5
        print(f"game {g + 1} (a {'white' if a_white else 'black'}) {result} {reason} "
              f"{len(moves)} plies; a +{wins} ={draws} -{losses}", file=sys.stderr, flush=True)
    a.close()
    b.close()
    n = wins + draws + losses
    score = (wins + 0.5 * draws) / n
    elo = -400 * math.log10(1 / score - 1) if 0 < score < 1 else float("inf") * (1 if score else -1)
    print(f"wins {wins} draws {draws} losses {losses}")
    print(f"score {score:.3f} elo {elo:+.0f}")


if __name__ == "__main__":
    main()
