#!/usr/bin/env python3
"""A scripted engine for the match runner's rarer paths: `usi-resign` resigns at its first move
(USI's `bestmove resign`), `xboard-claim` claims a win instead of moving (`1-0 {...}`)."""
import sys

mode = sys.argv[1]
for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    if mode == "usi-resign":
        if words[0] == "usi":
            print("id name Resigner\nusiok", flush=True)
        elif words[0] == "isready":
            print("readyok", flush=True)
        elif words[0] == "go":
            print("bestmove resign", flush=True)
    elif mode == "xboard-claim":
        if words[0] == "protover":
            print('feature myname="Claimer" ping=1 setboard=1 usermove=1 variants="normal,shogi" done=1', flush=True)
        elif words[0] == "ping":
            print(f"pong {words[1]}", flush=True)
        elif words[0] == "go":
            print("1-0 {claimed}", flush=True)
    if words[0] == "quit":
        break
