"""Independent, deliberately plain reference implementation of the zilo rules.

Written straight from docs/rules/zilo.md (and the text formats in docs/formats.md), without looking
at the engine's source.  It favours obviousness over speed:

* pseudo-moves are generated piece by piece;
* every candidate move is played on a copy of the position;
* "in check" is decided by literally asking whether the opponent, if it were its turn, would have
  a capture (direct, or a Bomber capture whose blast covers the Monarch) that removes the Monarch,
  ignoring Bomber captures whose blast would also remove the Bomber owner's own Monarch
  (those are illegal, so they are no threat).

Squares are 0..80, index = file + 9 * (rank - 1); file 0 = 'a', rank 1 = Player 1's back rank.
Board cells hold None or a letter (uppercase = Player 1 "w", lowercase = Player 2 "b").
Hands are Counters of uppercase piece letters.
Moves are tuples: ('move', from_sq, to_sq) or ('drop', PIECE_LETTER, to_sq).
"""
from __future__ import annotations

import os
from collections import Counter
from dataclasses import dataclass, field

FILES = "abcdefghi"
SIZE = 9
PIECES = "PYQBCHMK"          # the hand order the engine prints (per DESIGN brief)
START_FEN = "hcmbkqmch/1y5y1/ppppppppp/9/9/9/PPPPPPPPP/1Y5Y1/HCMBKQMCH[] w - - 0 1"

# Halfmove counter: plies since the last capture or drop, Fairy-Stockfish's convention (as in
# crazyhouse) that the position strings follow. zilo has no fifty-move rule; the counter is
# only written.
DROP_RESETS_HALFMOVE = True

ORTHO = [(1, 0), (-1, 0), (0, 1), (0, -1)]
DIAG = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
ALL8 = ORTHO + DIAG
KNIGHT = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]


def sq(f: int, r: int) -> int:
    return f + SIZE * r


def on_board(f: int, r: int) -> bool:
    return 0 <= f < SIZE and 0 <= r < SIZE


def sq_name(s: int) -> str:
    return FILES[s % SIZE] + str(s // SIZE + 1)


def parse_sq(t: str) -> int:
    f = FILES.index(t[0])
    r = int(t[1:]) - 1
    if not on_board(f, r):
        raise ValueError(f"bad square {t}")
    return sq(f, r)


def neighbours(s: int) -> list[int]:
    """The (up to) 8 squares around s: the blast area of a Bomber landing on s."""
    f, r = s % SIZE, s // SIZE
    return [sq(f + df, r + dr) for df, dr in ALL8 if on_board(f + df, r + dr)]


def owner(p: str) -> str:
    return "w" if p.isupper() else "b"


def other(c: str) -> str:
    return "b" if c == "w" else "w"


def forward(c: str) -> int:
    return 1 if c == "w" else -1


@dataclass
class Position:
    board: list                      # 81 cells: None or piece letter
    hands: dict                      # {'w': Counter, 'b': Counter} of uppercase letters
    side: str = "w"
    halfmove: int = 0
    fullmove: int = 1
    extra: tuple = ("-", "-")        # the two placeholder fields of the FEN dialect

    def copy(self) -> "Position":
        return Position(list(self.board), {"w": Counter(self.hands["w"]), "b": Counter(self.hands["b"])},
                        self.side, self.halfmove, self.fullmove, self.extra)

    def key(self):
        """Repetition key: board, both hands, side to move."""
        hw = tuple(sorted((+self.hands["w"]).items()))
        hb = tuple(sorted((+self.hands["b"]).items()))
        return (tuple(self.board), hw, hb, self.side)


# ---------------------------------------------------------------------------------------------
# FEN
# ---------------------------------------------------------------------------------------------

def parse_fen(fen: str) -> Position:
    fen = fen.strip()
    lb, rb = fen.index("["), fen.index("]")
    placement, hand, rest = fen[:lb], fen[lb + 1:rb], fen[rb + 1:].split()
    ranks = placement.split("/")
    if len(ranks) != SIZE:
        raise ValueError("need 9 ranks")
    board = [None] * (SIZE * SIZE)
    for i, row in enumerate(ranks):
        r = SIZE - 1 - i
        f = 0
        j = 0
        while j < len(row):
            ch = row[j]
            if ch.isdigit():
                k = j
                while k < len(row) and row[k].isdigit():
                    k += 1
                f += int(row[j:k])
                j = k
                continue
            if ch.upper() not in PIECES:
                raise ValueError(f"bad piece {ch}")
            if f >= SIZE:
                raise ValueError("rank too long")
            board[sq(f, r)] = ch
            f += 1
            j += 1
        if f != SIZE:
            raise ValueError(f"rank {r + 1} has {f} squares")
    hands = {"w": Counter(), "b": Counter()}
    if hand != "-":
        for ch in hand:
            hands[owner(ch)][ch.upper()] += 1
    side = rest[0]
    extra = (rest[1], rest[2]) if len(rest) >= 3 else ("-", "-")
    halfmove = int(rest[3]) if len(rest) >= 4 else 0
    fullmove = int(rest[4]) if len(rest) >= 5 else 1
    return Position(board, hands, side, halfmove, fullmove, extra)


def hand_string(hands) -> str:
    s = "".join(t * hands["w"][t] for t in PIECES) + "".join(t.lower() * hands["b"][t] for t in PIECES)
    return s


def to_fen(pos: Position) -> str:
    rows = []
    for r in range(SIZE - 1, -1, -1):
        row, empty = "", 0
        for f in range(SIZE):
            p = pos.board[sq(f, r)]
            if p is None:
                empty += 1
            else:
                if empty:
                    row += str(empty)
                    empty = 0
                row += p
        if empty:
            row += str(empty)
        rows.append(row)
    return "/".join(rows) + "[" + hand_string(pos.hands) + "] " + pos.side + " " + \
        " ".join(pos.extra) + f" {pos.halfmove} {pos.fullmove}"


# ---------------------------------------------------------------------------------------------
# Moves
# ---------------------------------------------------------------------------------------------

def move_text(m) -> str:
    if m[0] == "drop":
        return f"{m[1]}@{sq_name(m[2])}"
    return sq_name(m[1]) + sq_name(m[2])


def parse_move(t: str):
    if "@" in t:
        p, s = t.split("@")
        return ("drop", p.upper(), parse_sq(s))
    # from square: letter + digits, to square: letter + digits
    i = 1
    while t[i].isdigit():
        i += 1
    return ("move", parse_sq(t[:i]), parse_sq(t[i:]))


def piece_targets(board, s):
    """Pseudo-moves of the piece on s: list of (to_square, is_capture).

    Every piece captures the way it moves, onto an enemy-occupied square.
    """
    p = board[s]
    c = owner(p)
    t = p.upper()
    f, r = s % SIZE, s // SIZE
    out = []

    def step(df, dr):
        nf, nr = f + df, r + dr
        if not on_board(nf, nr):
            return
        q = board[sq(nf, nr)]
        if q is None:
            out.append((sq(nf, nr), False))
        elif owner(q) != c:
            out.append((sq(nf, nr), True))

    def slide(df, dr, max_len, armor_applies):
        for k in range(1, max_len + 1):
            nf, nr = f + df * k, r + dr * k
            if not on_board(nf, nr):
                return
            q = board[sq(nf, nr)]
            if q is None:
                out.append((sq(nf, nr), False))
                continue
            if owner(q) != c:
                # Sentinel armor: a Scout or Charger more than 3 squares away cannot capture it.
                if not (armor_applies and q.upper() == "H" and k > 3):
                    out.append((sq(nf, nr), True))
            return  # blocked by the first piece on the line

    if t == "Y":            # Scout: bishop
        for d in DIAG:
            slide(*d, SIZE, True)
    elif t == "Q":          # Charger: rook
        for d in ORTHO:
            slide(*d, SIZE, True)
    elif t == "B":          # Bomber: 1-3 squares orthogonally, sliding
        for d in ORTHO:
            slide(*d, 3, False)
    elif t == "C":          # Jumper: knight
        for d in KNIGHT:
            step(*d)
    elif t == "P":          # Minion: one straight forward, captures the same way
        step(0, forward(c))
    elif t in ("H", "K"):   # Sentinel, Monarch: one square any direction
        for d in ALL8:
            step(*d)
    elif t == "M":          # Vanguard: one square, not the two backward diagonals
        fw = forward(c)
        for df, dr in ALL8:
            if dr == -fw and df != 0:
                continue
            step(df, dr)
    else:
        raise ValueError(t)
    return out


def find_monarch(board, c):
    k = "K" if c == "w" else "k"
    for s in range(SIZE * SIZE):
        if board[s] == k:
            return s
    return None


def bomber_blast_hits_own_monarch(board, to, c):
    k = find_monarch(board, c)
    return k is not None and k in neighbours(to)


def pseudo_moves(pos: Position):
    c = pos.side
    moves = []
    for s in range(SIZE * SIZE):
        p = pos.board[s]
        if p is not None and owner(p) == c:
            for to, _cap in piece_targets(pos.board, s):
                moves.append(("move", s, to))
    far_rank = SIZE - 1 if c == "w" else 0
    for t in PIECES:
        if pos.hands[c][t] <= 0:
            continue
        for s in range(SIZE * SIZE):
            if pos.board[s] is not None:
                continue
            if t == "P" and s // SIZE == far_rank:
                continue
            moves.append(("drop", t, s))
    return moves


def make_move(pos: Position, m) -> Position:
    """Play m on a copy (no legality check)."""
    n = pos.copy()
    c = pos.side
    capture = False
    if m[0] == "drop":
        _, t, to = m
        assert n.board[to] is None and n.hands[c][t] > 0
        n.board[to] = t if c == "w" else t.lower()
        n.hands[c][t] -= 1
        if n.hands[c][t] == 0:
            del n.hands[c][t]
    else:
        _, fr, to = m
        p = n.board[fr]
        q = n.board[to]
        n.board[fr] = None
        n.board[to] = p
        if q is not None:
            capture = True
            if q.upper() != "K":                # a Monarch is never in hand (ruling)
                n.hands[c][q.upper()] += 1      # directly captured piece -> capturer's hand
            if p.upper() == "B":
                for s in neighbours(to):        # blast: the 8 neighbours leave the game
                    n.board[s] = None
    resets = capture or (m[0] == "drop" and DROP_RESETS_HALFMOVE)
    n.halfmove = 0 if resets else pos.halfmove + 1
    n.fullmove = pos.fullmove + (1 if c == "b" else 0)
    n.side = other(c)
    return n


def in_check(board, c) -> bool:
    """Would side `other(c)`, if it were its move, have a move removing c's Monarch?"""
    k = find_monarch(board, c)
    if k is None:
        return False
    opp = other(c)
    opp_k = find_monarch(board, opp)
    for s in range(SIZE * SIZE):
        p = board[s]
        if p is None or owner(p) != opp:
            continue
        # Speed-only shortcut (sound): a piece whose reach cannot get near the Monarch is skipped.
        # Steppers reach distance 1, the Jumper 2, a Bomber lands <= 3 away and blasts 1 further.
        t = p.upper()
        dist = max(abs(s % SIZE - k % SIZE), abs(s // SIZE - k // SIZE))
        if (t in "PHMK" and dist > 1) or (t == "C" and dist > 2) or (t == "B" and dist > 4):
            continue
        is_bomber = t == "B"
        for to, cap in piece_targets(board, s):
            if not cap:
                continue
            if is_bomber:
                blast = neighbours(to)
                if opp_k is not None and opp_k in blast:
                    continue        # illegal for them (own-monarch rule) -> no threat
                if to == k or k in blast:
                    return True
            elif to == k:
                return True
    return False


def monarchs_present(board) -> bool:
    return find_monarch(board, "w") is not None and find_monarch(board, "b") is not None


def legal_moves_iter(pos: Position):
    """Yield the legal moves of pos (lazily)."""
    board = pos.board
    if not monarchs_present(board):
        return                      # game over: a Monarch has been removed
    c = pos.side
    opp = other(c)
    for m in pseudo_moves(pos):
        if m[0] == "move" and board[m[2]] is not None and board[m[1]].upper() == "B":
            if bomber_blast_hits_own_monarch(board, m[2], c):
                continue            # blast would remove the mover's own Monarch
        n = make_move(pos, m)
        if find_monarch(n.board, opp) is None:
            yield m                 # removes the enemy Monarch: legal even if in check
            continue
        if in_check(n.board, c):
            continue
        if m[0] == "drop" and m[1] == "P":
            # A Minion drop may not checkmate at once.
            if in_check(n.board, opp) and not has_legal_move(n):
                continue
        yield m


def legal_moves(pos: Position):
    return list(legal_moves_iter(pos))


def has_legal_move(pos: Position) -> bool:
    for _ in legal_moves_iter(pos):
        return True
    return False


def legal_move_texts(pos: Position):
    return sorted(move_text(m) for m in legal_moves(pos))


def result(pos: Position, history_counts: Counter | None = None):
    """(result, reason) for the position, given how often each position key occurred."""
    if find_monarch(pos.board, "w") is None:
        return "0-1", "monarch-captured"
    if find_monarch(pos.board, "b") is None:
        return "1-0", "monarch-captured"
    if history_counts is not None and history_counts[pos.key()] >= 4:
        return "1/2-1/2", "repetition"
    if not has_legal_move(pos):
        loser = pos.side
        res = "0-1" if loser == "w" else "1-0"
        return res, ("checkmate" if in_check(pos.board, loser) else "stalemate")
    return "*", "ongoing"


def perft(pos: Position, depth: int) -> int:
    if depth == 0:
        return 1
    ms = legal_moves(pos)
    if depth == 1:
        return len(ms)
    return sum(perft(make_move(pos, m), depth - 1) for m in ms)


def perft_divide(pos: Position, depth: int) -> dict:
    return {move_text(m): perft(make_move(pos, m), depth - 1) for m in legal_moves(pos)}


if __name__ == "__main__":
    import sys
    import time
    fen = sys.argv[2] if len(sys.argv) > 2 else START_FEN
    d = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    p = parse_fen(fen)
    for i in range(1, d + 1):
        t0 = time.time()
        print(i, perft(p, i), f"{time.time() - t0:.1f}s")
