#!/usr/bin/python3
# Debian's python3 (ci/setup), not the first on the PATH: a version manager's shim there costs
# seconds a start, and the door under test starts a fake again after every fault.
"""A fake UCI engine for the tests of `zobrist-verify movegen`: Stockfish behind a proxy that
plants one fault. Usage: fake_engine.py MODE [N] [--stockfish PATH] [--tag WORD]
  drop-en-passant  drops en-passant captures from every perft divide (a move generation bug);
                   the en-passant square comes from the wrapped Stockfish's `d`
  crash N          dies by SIGSEGV on `go perft` for some positions: those whose `position` line
                   has a checksum divisible by N (never the start position unless N is 1), in
                   every process (a fault of the position)
  hang N           stops answering on `go perft` for the same positions
  garbage N        prints a line that is not part of a divide on `go perft` for them
  crash-after N    dies by SIGSEGV on its N-th `go perft` (the first is the start position),
                   whatever the position: a fault that depends on what the process was sent
  hang-after N     stops answering on its N-th `go perft`
  refuse N         answers the N-th `go perft` with "error: ..." and no divide (a refused FEN)
  refuse-black     answers every `go perft` with Black to move with "info string Invalid ..."
  no-perft         answers `go` as a search would ("bestmove"), never a divide
  bad-handshake    prints a greeting and exits on `uci`
--tag is ignored: the tests look for it among running processes to find leftovers."""
import os
import signal
import subprocess
import sys
import time
import zlib


def write(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def read_until(engine, prefix):
    lines = []
    while True:
        line = engine.stdout.readline()
        if not line:
            sys.exit(3)
        line = line.rstrip("\n")
        lines.append(line)
        if line.startswith(prefix):
            return lines


def send(engine, line):
    engine.stdin.write(line + "\n")
    engine.stdin.flush()


def displayed_fen(engine):
    """The FEN of the wrapped Stockfish's position, from its `d`."""
    send(engine, "d")
    fen = next(l for l in read_until(engine, "Checkers:") if l.startswith("Fen:"))
    return fen[len("Fen:"):].strip()


def en_passant_captures(fen):
    """The pawn captures onto the FEN's en-passant square (from-to pairs as text)."""
    fields = fen.split()
    if len(fields) < 4 or fields[3] == "-":
        return set()
    board = {}
    for rank_index, row in enumerate(fields[0].split("/")):
        file_index = 0
        for c in row:
            if c.isdigit():
                file_index += int(c)
            else:
                board["abcdefgh"[file_index] + str(8 - rank_index)] = c
                file_index += 1
    target = fields[3]
    pawn, from_rank = ("P", "5") if fields[1] == "w" else ("p", "4")
    captures = set()
    for step in (-1, 1):
        f = ord(target[0]) + step
        if ord("a") <= f <= ord("h"):
            square = chr(f) + from_rank
            if board.get(square) == pawn:
                captures.add(square + target)
    return captures


def main():
    args = sys.argv[1:]
    mode = args.pop(0) if args else ""
    count = int(args.pop(0)) if args and args[0].isdigit() else 0
    stockfish = "/usr/games/stockfish"
    if "--stockfish" in args:
        stockfish = args[args.index("--stockfish") + 1]

    if mode == "bad-handshake":
        sys.stdin.readline()
        write("hello, I am not a UCI engine")
        sys.exit(3)
    if mode == "no-perft":
        for line in sys.stdin:
            word = line.split()[0] if line.split() else ""
            if word == "uci":
                write("id name NoPerft")
                write("uciok")
            elif word == "isready":
                write("readyok")
            elif word == "go":
                write("info depth 1 score cp 20 pv e2e4")
                write("bestmove e2e4")
            elif word == "quit":
                return
        return

    engine = subprocess.Popen([stockfish], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              text=True, bufsize=1)
    perfts = 0
    position = ""
    for line in sys.stdin:
        line = line.rstrip("\n")
        word = line.split()[0] if line.split() else ""
        if word == "position":
            position = line
        if word == "uci":
            send(engine, "uci")
            for reply in read_until(engine, "uciok"):
                write(reply.replace("id name ", "id name Fake ", 1))
        elif word == "go" and "perft" in line:
            perfts += 1
            # The positions that fault in crash, hang and garbage: the same in every process.
            faulty = count > 0 and zlib.crc32(position.encode()) % count == 0 and (
                count == 1 or position.split()[:2] != ["position", "startpos"] or
                "moves" in position)
            if (faulty and mode == "crash") or (perfts == count and mode == "crash-after"):
                os.kill(os.getpid(), signal.SIGSEGV)
            if (faulty and mode == "hang") or (perfts == count and mode == "hang-after"):
                while True:
                    time.sleep(60)
            if faulty and mode == "garbage":
                write("Segmentation fault? no: this is not a perft line")
            if perfts == count and mode == "refuse":
                write("error: this engine cannot take that position")
                continue
            if mode == "refuse-black" and displayed_fen(engine).split()[1] == "b":
                write("info string Invalid position: Black to move is not supported")
                continue
            dropped = set()
            if mode == "drop-en-passant":
                dropped = en_passant_captures(displayed_fen(engine))
            send(engine, line)
            removed = 0
            for reply in read_until(engine, "Nodes searched:"):
                move, _, leaves = reply.partition(":")
                if move in dropped:
                    removed += int(leaves)
                    continue
                if reply.startswith("Nodes searched:"):
                    reply = "Nodes searched: %d" % (int(reply.split(":")[1]) - removed)
                write(reply)
        elif word == "quit":
            send(engine, "quit")
            engine.wait()
            return
        else:
            send(engine, line)
            if word == "isready":
                for reply in read_until(engine, "readyok"):
                    write(reply)
    engine.stdin.close()
    engine.wait()


if __name__ == "__main__":
    main()
