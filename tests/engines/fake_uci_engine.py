#!/usr/bin/python3
# Debian's python3 (ci/setup), not the first on the PATH: a version manager's shim there costs
# seconds a start, and the door under test starts a fake again after every fault.
"""A faulty UCI engine for the engine door's tests.

usage: fake_uci_engine.py MODE [WORDS...]

The wrapped engine is $ZV_STOCKFISH, else /usr/games/stockfish. Words after the mode are ignored
(tests pass a marker to find leftover processes, and text a shell would have interpreted).

Modes that never get going (the door must call the engine unusable, exit 2):
  exit-at-start      exits with status 3 before saying anything
  crash-at-start     kills itself with SIGSEGV on "uci"
  no-uciok           answers "uci" with chatter but never "uciok"
  no-key             a proxy to Stockfish that drops the "Key:" lines of `d`
  no-d               answers `d` with nothing, as Toga II does
  unknown-d          answers `d` with "Error (unknown command): d"
  last-words-d       prints "Error (unknown command): d" and exits with status 1, as HoiChess does

Modes that work:
  proxy              passes every line to Stockfish and back
  odd-name           as proxy, but its "id name" has invalid UTF-8 and control bytes
  hashkey            as proxy, but prints the key only in reply to its own command "hashkey",
                     as "hash=0x<lower-case hex>" (for --key-command and --key-pattern)

Modes whose faults depend on what the process did before (N: the count after the mode), each
position answered by a fresh engine (the door must blame the engine's history, not a position):
  crash-after N         kills itself with SIGSEGV at its N-th `d`
  hang-after N          stops answering at its N-th `d`
  slow-first-isready N  sleeps N seconds before its first "readyok" (a hash table cleared)

Modes that proxy every line to Stockfish and fail on some positions only (a failure of the
target, exit 1, blamed on that position). The trigger is a promotion among the moves of the
`position` command (a five-letter move such as b7b8q):
  crash-on-promotion    kills itself with SIGSEGV
  hang-on-promotion     stops answering
  garbage-on-promotion  prints "Key: not-a-key"
  flood-on-promotion    prints endless lines
  long-key-on-promotion prints "Key: " and 40 KB of hex digits (std::regex recursed on it until
                        the stack overflowed)
  huge-line-on-promotion prints a 10 MB "Key: " line
  endless-line-on-promotion prints bytes without a newline, forever

Modes that refuse some positions, as Glaurung 2.2 does: they print "Error in FEN at character N"
(N: where the en-passant field starts) for the `position` command and keep the position they
held, whose key `d` then prints (the door must count a refusal, not compare keys):
  refuse-en-passant     refuses every FEN with an en-passant square
  refuse-some           refuses one FEN in 40 (by a checksum of the FEN)
  critical-some         refuses the same FENs as Stockfish 19 does an invalid one: it prints
                        "info string CRITICAL ERROR: Command `...` failed. Reason: ..." and exits
                        with status 1 (a refusal, not a crash)
  critical-drops-input  refuses the same FENs with the same line, as the WebAssembly port of
                        Stockfish 19 (npm's stockfish@19.0.0) does: it goes on, but the commands
                        that came in the same read as the refused one are lost (the door must not
                        take the replies to later requests for theirs)
  wrong-fen             ignores one FEN in 40 without a word; `d` shows the position it kept

A mode with a split en-passant rule, as Ethereal's board, chess.js 1.4.0 and Glaurung 2.2 have
(the suite must report it once and judge everything else under it):
  split-en-passant      a FEN's en-passant square is always keyed: where Stockfish drops a square
                        of a `position fen` without moves (no pawn can take), the key of `d` is
                        XORed with a constant of that square; after a move it is Stockfish's

Modes that print one line no request asked for, after their N-th "readyok" (N = 1: right after
the handshake). A line that could shift replies out of step (a readyok, a key, a FEN) must be
seen as a desync and the engine restarted; one that cannot (bestmove, info) is ignored:
  stray-readyok N       "readyok"
  stray-key N           the "Key:" line of the last `d` (a real key, of another position)
  stray-fen N           the "Fen:" line of the last `d`
  stray-bestmove N      "bestmove e2e4"
  stray-info N          "info depth 1 seldepth 1 score cp 13 nodes 20 pv e2e4"

Commands go on to Stockfish as they come, and one thread hands its replies on in order, so that
the door keeps many requests in flight as with a real engine (a proxy that waited for each reply
before reading the next command cost a scheduling round trip a position on a loaded machine).
Every fault happens in that order too: after the replies to the commands before it.
"""
import ctypes
import os
import queue
import signal
import subprocess
import sys
import threading
import time
import zlib


def die_with_parent():
    # The wrapped Stockfish goes when this script goes, however it goes.
    ctypes.CDLL("libc.so.6").prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


def stop(engine):
    # Before it fails, the fake ends its own Stockfish, as a one-process engine would have none.
    if engine is not None:
        engine.kill()
        engine.wait()


def say(line):
    sys.stdout.write(line + "\n")


def send(engine, command):
    # Stockfish may already be stopped by a fault the writer thread has reached, or not started
    # (the modes that never get going): nothing to do.
    if engine is None:
        return
    try:
        engine.stdin.write(command + "\n")
        engine.stdin.flush()
    except (BrokenPipeError, OSError, ValueError):
        pass


def read_reply(engine):
    reply = engine.stdout.readline()
    if not reply:
        sys.stdout.flush()
        os._exit(1)
    return reply.rstrip("\n")


def fail(engine, fault):
    """The faults that end the fake's answers: an exit, a crash, a hang, a flood or an endless
    line."""
    if fault != "crash-at-start":
        stop(engine)
    sys.stdout.flush()
    if fault in ("last-words-d", "critical-some"):
        os._exit(1)
    if fault in ("crash-at-start", "crash-on-promotion", "crash-after"):
        os.kill(os.getpid(), signal.SIGSEGV)
    if fault == "flood-on-promotion":
        while True:
            say("info string flooding")
    if fault == "huge-line-on-promotion":
        say("Key: " + "F" * (10 << 20))
        sys.stdout.flush()
    if fault == "endless-line-on-promotion":
        while True:
            sys.stdout.write("F" * 65536)
            sys.stdout.flush()
    time.sleep(3600)


class Replies:
    """The writer thread's state: what the last `d` showed, and the readyoks seen."""

    def __init__(self, engine, mode, count):
        self.engine, self.mode, self.count = engine, mode, count
        self.shown_square = None
        self.readyoks = 0
        self.last_shown = {"Key:": "Key: 0000000000000000",
                           "Fen:": "Fen: " + "8/" * 7 + "8 w - - 0 1"}

    def hand_on(self, actions):
        while True:
            action = actions.get()
            if action is None:
                sys.stdout.flush()
                return
            kind = action[0]
            if kind == "say":
                say(action[1])
            elif kind == "fail":
                fail(self.engine, action[1])
            elif kind == "sleep":
                sys.stdout.flush()
                time.sleep(action[1])
            elif kind == "hashkey":
                while True:
                    reply = read_reply(self.engine)
                    if reply.startswith("Key:"):
                        say("hash=0x" + reply.split()[1].lower())
                    if reply.startswith("Checkers:"):
                        break
            else:
                self.forward(*action[1:])
            sys.stdout.flush()

    def forward(self, end, triggered, fen_square):
        """Stockfish's reply to one command, up to `end`, as the mode changes it."""
        mode = self.mode
        while True:
            reply = read_reply(self.engine)
            if reply.startswith("Fen:"):
                self.shown_square = reply.split()[4]
            if reply.startswith("Key:"):
                if mode in ("no-key", "hashkey"):
                    continue
                if mode == "split-en-passant" and fen_square and self.shown_square == "-":
                    term = zlib.crc32(fen_square.encode()) * 0x9E3779B97F4A7C15 % (1 << 64) | 1
                    reply = "Key: %016X" % (int(reply.split()[1], 16) ^ term)
                if triggered and mode == "garbage-on-promotion":
                    reply = "Key: not-a-key"
                if triggered and mode == "long-key-on-promotion":
                    reply = "Key: " + "F" * 40000
            if mode == "odd-name" and reply.startswith("id name "):
                sys.stdout.flush()
                sys.stdout.buffer.write(b"id name Stock\xff\xfefish\x01\x1b[0m \xc3\xa9\n")
                sys.stdout.buffer.flush()
                continue
            if reply.split(" ")[0] in self.last_shown:
                self.last_shown[reply.split(" ")[0]] = reply
            say(reply)
            if reply.split(" ")[0] == end:
                if end == "readyok" and mode.startswith("stray-"):
                    self.readyoks += 1
                    if self.readyoks == self.count:
                        say({"stray-readyok": "readyok",
                             "stray-key": self.last_shown["Key:"],
                             "stray-fen": self.last_shown["Fen:"],
                             "stray-bestmove": "bestmove e2e4",
                             "stray-info": "info depth 1 seldepth 1 score cp 13 nodes 20 pv e2e4"
                             }[mode])
                return


def input_lines():
    """The lines of the input, each with the number of the read that brought its end."""
    pending = b""
    reads = 0
    while True:
        data = os.read(0, 1 << 16)
        if not data:
            break
        reads += 1
        *lines, pending = (pending + data).split(b"\n")
        for line in lines:
            yield line.decode(errors="replace"), reads
    if pending:
        yield pending.decode(errors="replace"), reads


def main():
    mode = sys.argv[1]
    stockfish = os.environ.get("ZV_STOCKFISH", "/usr/games/stockfish")
    if mode == "exit-at-start":
        sys.exit(3)
    engine = None
    if mode not in ("crash-at-start", "no-uciok"):
        engine = subprocess.Popen([stockfish], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1, preexec_fn=die_with_parent)
    count = int(sys.argv[2]) if len(sys.argv) > 2 and sys.argv[2].isdigit() else 0
    # What the writer thread does next, in the order of the commands: ("say", line),
    # ("fail", fault), ("sleep", seconds), ("hashkey",), or ("forward", end, triggered,
    # fen_square).
    actions = queue.Queue()
    writer = threading.Thread(target=Replies(engine, mode, count).hand_on, args=(actions,))
    writer.start()
    triggered = False
    fen_square = None  # split-en-passant: the square of a FEN set without moves
    displays = 0  # `d` commands taken
    slept = False
    lost_read = None  # critical-drops-input: the read whose commands after a refusal are lost
    for line, read in input_lines():
        if read == lost_read:
            continue
        command = line.strip()
        words = command.split()
        if not words:
            continue
        if words[0] == "uci" and mode == "crash-at-start":
            actions.put(("fail", mode))
            break
        if words[0] == "uci" and mode == "no-uciok":
            actions.put(("say", "id name Silent"))
            actions.put(("say", "this engine never says uciok"))
            continue
        if words[0] == "position":
            triggered = "moves" in words and any(
                len(move) == 5 for move in words[words.index("moves") + 1:])
            if triggered and mode == "crash-on-promotion":
                actions.put(("fail", mode))
                break
        if words[0] == "position":
            moves = words[words.index("moves") + 1:] if "moves" in words else []
            fen_square = (words[5] if len(words) > 5 and words[1] == "fen" and not moves
                          and words[5] != "-" else None)
        if words[0] == "position" and len(words) > 2 and words[1] == "fen":
            fen = " ".join(words[2:8])
            one_in_40 = zlib.crc32(fen.encode()) % 40 == 0
            if (mode == "refuse-en-passant" and words[5] != "-") or (
                    mode == "refuse-some" and one_in_40):
                column = len(" ".join(words[2:5])) + 2
                actions.put(("say", "Error in FEN at character %d" % column))
                continue
            if mode in ("critical-some", "critical-drops-input") and one_in_40:
                actions.put(("say", "info string CRITICAL ERROR: Command `%s` failed. Reason: "
                             "this FEN is not taken here" % command))
                if mode == "critical-drops-input":
                    actions.put(("say", ""))
                    lost_read = read
                    continue
                actions.put(("fail", mode))
                break
            if mode == "wrong-fen" and one_in_40:
                continue
        if words[0] == "hashkey" and mode == "hashkey":
            send(engine, "d")
            actions.put(("hashkey",))
            continue
        if words[0] == "d":
            displays += 1
            if mode == "no-d":
                continue
            if mode in ("unknown-d", "last-words-d"):
                actions.put(("say", "Error (unknown command): d"))
                if mode == "last-words-d":
                    actions.put(("fail", mode))
                    break
                continue
            if mode in ("crash-after", "hang-after") and displays == count:
                actions.put(("fail", mode))
                break
        if words[0] == "isready" and mode == "slow-first-isready" and not slept:
            slept = True
            actions.put(("sleep", count))
        if words[0] == "d" and triggered and mode in (
                "hang-on-promotion", "flood-on-promotion", "huge-line-on-promotion",
                "endless-line-on-promotion"):
            actions.put(("fail", mode))
            break
        send(engine, command)
        if words[0] == "quit":
            break
        # The reply runs up to uciok, readyok or the Checkers: line of `d`.
        end = {"uci": "uciok", "isready": "readyok", "d": "Checkers:"}.get(words[0])
        if end is not None:
            actions.put(("forward", end, triggered, fen_square))
    actions.put(None)
    writer.join()


if __name__ == "__main__":
    main()
