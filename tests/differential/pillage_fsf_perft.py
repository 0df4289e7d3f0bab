"""Perft counts of Fairy-Stockfish (pyffish) for Pillage and its four subvariants,
as described by pillage.ini beside this file (castling disabled, Sniper without
its snipe; see the ini's header).

    python3 tests/differential/pillage_fsf_perft.py [MAX_DEPTH] [VARIANT ...]

MAX_DEPTH defaults to 4. Prints one line per variant and depth:
`<variant> depth <d> nodes <n> seconds <s>`. The walk goes position by position
through position strings (legal_moves, then get_fen of each move); the first
ply is spread over worker processes.
"""

import os
import sys
import time
from multiprocessing import Pool

import pyffish as sf

INI = os.path.join(os.path.dirname(os.path.abspath(__file__)), "pillage.ini")
VARIANTS = ["pillage", "pillage-flying-ferz", "pillage-snipers", "pillage-dragons", "pillage-warmachines"]


def load():
    with open(INI) as f:
        sf.load_variant_config(f.read())


def perft(variant, fen, depth):
    moves = sf.legal_moves(variant, fen, [])
    if depth == 1:
        return len(moves)
    return sum(perft(variant, sf.get_fen(variant, fen, [m]), depth - 1) for m in moves)


def subtree(args):
    variant, fen, move, depth = args
    return perft(variant, sf.get_fen(variant, fen, [move]), depth - 1)


def main():
    max_depth = int(sys.argv[1]) if len(sys.argv) > 1 else 4
    variants = sys.argv[2:] or VARIANTS
    load()  # before the pool: the forked workers inherit the loaded variants
    with Pool(os.cpu_count()) as pool:
        for variant in variants:
            fen = sf.start_fen(variant)
            print(f"{variant} start {fen}", flush=True)
            for depth in range(1, max_depth + 1):
                start = time.time()
                if depth == 1:
                    nodes = len(sf.legal_moves(variant, fen, []))
                else:
                    moves = sf.legal_moves(variant, fen, [])
                    nodes = sum(pool.map(subtree, [(variant, fen, m, depth) for m in moves]))
                print(f"{variant} depth {depth} nodes {nodes} seconds {time.time() - start:.1f}", flush=True)


if __name__ == "__main__":
    main()
