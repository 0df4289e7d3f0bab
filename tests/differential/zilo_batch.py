"""Our engine driven line by line through `zilo batch`, for the differential tests."""

import os
import subprocess

ZILO = os.environ.get("ZILO_BIN", os.path.join(os.path.dirname(__file__), "../../target/release/zilo"))


class Zilo:
    """`zilo batch <variant>`: send `FEN;move`, read `moves;fen after;result reason`."""

    def __init__(self, variant):
        self.proc = subprocess.Popen([ZILO, "batch", variant], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def ask(self, fen, move=""):
        self.proc.stdin.write(f"{fen};{move}\n" if move else f"{fen}\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline().rstrip("\n")
        assert not line.startswith("error"), f"{fen};{move}: {line}"
        moves, after, result = line.split(";")
        return set(moves.split()), after, result.split()

    def close(self):
        self.proc.stdin.close()
        self.proc.wait()
