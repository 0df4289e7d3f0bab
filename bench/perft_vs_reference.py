#!/usr/bin/env python3
"""perft speed, side by side in one run: our native engine, our wasm build
(Node), Fairy-Stockfish and Stockfish (Debian packages), timed with hyperfine.

Each reference engine's start-up is measured with a depth-1 run and subtracted,
so the ratios compare move generation alone. Ratios are ours / theirs: below
1.0 means we are faster.

usage: python3 bench/perft_vs_reference.py [--runs N]
"""

import argparse
import json
import os
import shlex
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ZILO = os.path.join(ROOT, "target/release/zilo")
FSF = "/usr/games/fairy-stockfish"
SF = "/usr/games/stockfish"

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
CASES = [
    # (label, variant, fen or None, depth, reference engines)
    ("zilo start", "zilo", None, 6, []),
    ("chess start", "chess", None, 6, ["fairy-stockfish", "stockfish"]),
    ("chess kiwipete", "chess", KIWIPETE, 5, ["fairy-stockfish", "stockfish"]),
    ("shogi start", "shogi", None, 5, ["fairy-stockfish"]),
    # Debian's Fairy-Stockfish is built without large boards, so it cannot play
    # 10x10 Pillage: ours and the wasm build only.
    ("pillage start", "pillage", None, 5, []),
    ("venomous start", "venomous", None, 5, []),
    # Cyvasse has no reference engine; its start is the default (Fortress / Fortress).
    ("cyvasse start", "cyvasse", None, 3, []),
]


def uci_command(engine, variant, fen, depth):
    script = ""
    if engine == "fairy-stockfish" and variant != "chess":
        script += f"setoption name UCI_Variant value {variant}\\n"
    script += f"position fen {fen}\\n" if fen else "position startpos\\n"
    script += f"go perft {depth}\\nquit\\n"
    binary = FSF if engine == "fairy-stockfish" else SF
    return f"sh -c {shlex.quote(f'printf {shlex.quote(script)} | {binary} >/dev/null')}"


def ours_command(variant, fen, depth):
    args = [ZILO, "perft", variant, str(depth)] + (["--fen", fen] if fen else [])
    return " ".join(shlex.quote(a) for a in args)


def hyperfine(commands, runs):
    with tempfile.NamedTemporaryFile(suffix=".json") as out:
        cmd = ["hyperfine", "--style", "none", "--warmup", "1", "--runs", str(runs), "--export-json", out.name]
        for name, command in commands:
            cmd += ["-n", name, command]
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
        results = json.load(open(out.name))["results"]
    return {r["command"]: r["median"] for r in results}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    print(f"{'position':<16} {'depth':>5} {'ours s':>8} {'wasm s':>8} {'FSF s':>8} {'SF s':>8} "
          f"{'wasm/ours':>9} {'ours/FSF':>9} {'ours/SF':>8}")
    for label, variant, fen, depth, refs in CASES:
        commands = [("ours", ours_command(variant, fen, depth))]
        for ref in refs:
            commands.append((ref, uci_command(ref, variant, fen, depth)))
            commands.append((ref + "-startup", uci_command(ref, variant, fen, 1)))
        t = hyperfine(commands, args.runs)
        wasm = json.loads(subprocess.run(
            ["node", os.path.join(ROOT, "bench/wasm_perft.mjs"), variant, str(depth), fen or "", "2"],
            check=True, capture_output=True, text=True).stdout)["seconds"]
        ours = t["ours"]
        ref_time = {r: t[r] - t[r + "-startup"] for r in refs}
        fsf, sf = ref_time.get("fairy-stockfish"), ref_time.get("stockfish")
        fmt = lambda x: f"{x:8.3f}" if x is not None else f"{'-':>8}"
        ratio = lambda a, b: f"{a / b:9.2f}" if b else f"{'-':>9}"
        print(f"{label:<16} {depth:>5} {fmt(ours)} {fmt(wasm)} {fmt(fsf)} {fmt(sf)} "
              f"{ratio(wasm, ours)} {ratio(ours, fsf)} {ratio(ours, sf):>8}")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
