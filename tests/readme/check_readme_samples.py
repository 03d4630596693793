#!/usr/bin/env python3
"""Checks that every sample in README.md is what its command prints today.

Each ``` block of the README is one of:
  - ```sh: commands to type, no output (a line starting with "$ " there is an error);
  - a block under <!-- transcript -->: "$ CMD" lines (a trailing backslash continues one), each
    followed by its output, every command run from the source tree;
  - a block under <!-- source: PATH -->: lines of the file PATH as they stand there.
A marker sits on the last non-blank line before the block. "transcript engine" marks commands that need an installed engine, a book or another program outside this
tree: they run only with --engines (a ctest of label engine), and one whose program is missing
is skipped ("transcript engine: PATH ..." names programs a command needs but does not name, such
as the engine a fake engine wraps). Any other block (output with no marker) fails the check.

Commands run under bash, with stdout and stderr as one stream, from the source directory. A path
the README writes (build/, build-plugin/, ...) is replaced by the real one given with --path
README=REAL, and the real one back in the output. Timings (N s, N ms) and rates (N/s) are masked
on both sides. In an expected block a line "..." stands for any lines, and "..." inside a line
for any text.
"""
import argparse
import difflib
import os
import re
import subprocess
import sys
import time

MARKER = re.compile(r"^\s*<!--\s*(transcript|source)(\s+engine)?\s*(?::\s*(.*?))?\s*-->\s*$")
FENCE = re.compile(r"^(\s*)```(.*)$")
# Programs outside this tree whose absence skips an engine sample.
OUTSIDE = re.compile(r"(/usr/(?:games|share/games|lib/python3)/[^\s'\"]+)")
ELLIPSIS_IN_LINE = re.compile(r"(?<!\.)\.\.\.(?!\.)")
MASKS = [
    (re.compile(r"\b\d+(?:\.\d+)? ms\b"), "<T> ms"),
    (re.compile(r"\b\d+(?:\.\d+)? s\b"), "<T> s"),
    (re.compile(r"\b\d+(?:\.\d+)?/s\b"), "<R>/s"),
    # The build's sliding attacks (ZV_SLIDER_ATTACKS): the README shows pext.
    (re.compile(r"\b(?:pext|magic)\b"), "<SLIDERS>"),
]


class Block:
    def __init__(self, line, info, lines, marker):
        self.line = line  # 1-based line of the opening fence
        self.info = info
        self.lines = lines
        self.marker = marker  # (kind, engine, argument) or None


def read_blocks(readme):
    with open(readme, encoding="utf-8") as f:
        text = f.read().split("\n")
    blocks = []
    i = 0
    last_nonblank = None
    while i < len(text):
        m = FENCE.match(text[i])
        if not m:
            if text[i].strip():
                last_nonblank = text[i]
            i += 1
            continue
        indent, info = m.group(1), m.group(2).strip()
        start = i
        i += 1
        lines = []
        while i < len(text) and not re.match(r"^\s*```\s*$", text[i]):
            line = text[i]
            lines.append(line[len(indent):] if line.startswith(indent) else line.lstrip())
            i += 1
        if i == len(text):
            sys.exit(f"README line {start + 1}: a ``` block is never closed")
        mm = MARKER.match(last_nonblank or "")
        marker = (mm.group(1), bool(mm.group(2)), mm.group(3) or "") if mm else None
        blocks.append(Block(start + 1, info, lines, marker))
        last_nonblank = None
        i += 1
    return blocks


def mask(text):
    for pattern, replacement in MASKS:
        text = pattern.sub(replacement, text)
    return text


def expected_regex(lines):
    parts = []
    for line in lines:
        if line.strip() == "...":
            parts.append(r"(?:[^\n]*\n)*?")
        else:
            pieces = ELLIPSIS_IN_LINE.split(mask(line.rstrip()))
            parts.append("[^\n]*?".join(re.escape(p) for p in pieces) + r"\n")
    return re.compile("".join(parts))


class Checker:
    def __init__(self, args):
        self.source = os.path.realpath(args.source_dir)
        self.paths = []  # (README form, real form), longest README form first
        for pair in args.path:
            shown, _, real = pair.partition("=")
            self.paths.append((shown, real))
        self.paths.sort(key=lambda p: -len(p[0]))
        self.engines = args.engines
        self.absent = args.absent
        self.failures = 0
        self.checked = 0
        self.skipped = []
        self.outputs = {}

    def to_real(self, command):
        for shown, real in self.paths:
            command = re.sub(r"(?<![\w./-])" + re.escape(shown), lambda _: real, command)
        return command

    def to_shown(self, output):
        # Real paths back to the README's, longest real path first.
        for shown, real in sorted(self.paths, key=lambda p: -len(p[1])):
            output = output.replace(real, shown)
        return output.replace(self.source + "/", "")

    def run(self, command):
        if command not in self.outputs:  # a command shown twice runs once
            self.outputs[command] = self.run_now(command)
        return self.outputs[command]

    def run_now(self, command):
        real = self.to_real(command)
        try:
            done = subprocess.run(["bash", "-c", real], cwd=self.source, stdin=subprocess.DEVNULL,
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=120)
            out = done.stdout.decode("utf-8", "backslashreplace")
        except subprocess.TimeoutExpired:
            out = "(the command did not end within 120 s)\n"
        return self.to_shown(out)

    def missing_program(self, command, needs=""):
        for path in OUTSIDE.findall(command) + needs.split():
            if not os.path.exists(path):
                return path
        return None

    def compare(self, where, command, expected):
        start = time.monotonic()
        actual = mask(self.run(command))
        print(f"README line {where}: {time.monotonic() - start:.1f} s, {command[:60]}")
        actual = "\n".join(line.rstrip() for line in actual.split("\n")).rstrip("\n")
        actual = actual + "\n" if actual else ""
        self.checked += 1
        if expected_regex(expected).fullmatch(actual):
            return
        self.failures += 1
        shown = [mask(line.rstrip()) for line in expected]
        diff = difflib.unified_diff(shown, actual.rstrip("\n").split("\n"), "README", "now",
                                    lineterm="")
        print(f"README line {where}: the output of `{command}` is not the sample:")
        print("\n".join(diff))
        print()

    def wants(self, where, engine, command, needs=""):
        """Whether to run a command here; records a skip when its program is missing."""
        if engine != self.engines:
            return False
        outside = OUTSIDE.search(command)
        if outside and not engine:
            self.fail(where, f"`{command}` needs {outside.group(1)}: mark it engine")
            return False
        missing = self.missing_program(command, needs)
        missing = missing or next((path for path in self.absent if path in command), None)
        if missing:
            self.skipped.append(f"README line {where}: skipped, {missing} is not there")
            return False
        return True

    def transcript(self, block, engine, needs):
        commands = []  # (line, command, expected lines)
        lines = iter(enumerate(block.lines, block.line + 1))
        for number, line in lines:
            if line.startswith("$ "):
                command = line[2:]
                while command.endswith("\\"):
                    command = command[:-1].rstrip() + " " + next(lines)[1].strip()
                commands.append((number, command, []))
            elif commands:
                commands[-1][2].append(line)
            else:
                self.fail(number, "a transcript starts with a \"$ \" command line")
                return
        for number, command, expected in commands:
            if self.wants(number, engine, command, needs):
                self.compare(number, command, expected)

    def source_excerpt(self, block, path):
        self.checked += 1
        try:
            with open(os.path.join(self.source, path), encoding="utf-8") as f:
                text = "\n".join(line.rstrip() for line in f.read().split("\n"))
        except OSError as error:
            self.fail(block.line, f"cannot read {path}: {error.strerror}")
            return
        # Contiguous lines of the file, "..." standing for any lines between.
        parts = [r"(?:[^\n]*\n)*?" if line.strip() == "..." else re.escape(line.rstrip()) + r"\n"
                 for line in block.lines]
        if not re.search("(?m)^" + "".join(parts), text + "\n"):
            self.fail(block.line, f"the block is not lines of {path} as they stand there")

    def fail(self, where, why):
        self.failures += 1
        print(f"README line {where}: {why}")

    def check(self, block):
        if self.engines and (block.marker is None or not block.marker[1]):
            return  # the other run checks these
        if block.marker is None:
            if block.info == "sh":
                for offset, line in enumerate(block.lines, block.line + 1):
                    if line.startswith("$ "):
                        self.fail(offset, "a ```sh block holds commands only; output needs a "
                                  "<!-- transcript --> block")
                return
            self.fail(block.line, "a ``` block with no <!-- transcript --> or <!-- source: PATH --> "
                      "above it: say what makes it, or make it ```sh")
            return
        kind, engine, argument = block.marker
        if kind == "transcript":
            self.transcript(block, engine, argument)
        else:
            self.source_excerpt(block, argument)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--readme", required=True)
    parser.add_argument("--source-dir", required=True)
    parser.add_argument("--path", action="append", default=[], metavar="README=REAL")
    parser.add_argument("--absent", action="append", default=[], metavar="PATH",
                        help="skip the samples whose command names PATH (a part not built)")
    parser.add_argument("--engines", action="store_true",
                        help="run the samples marked engine (and only those)")
    args = parser.parse_args()
    checker = Checker(args)
    for block in read_blocks(args.readme):
        checker.check(block)
    for line in checker.skipped:
        print(line)
    print(f"{checker.checked} samples checked, {checker.failures} failures, "
          f"{len(checker.skipped)} skipped")
    if checker.failures:
        return 1
    if checker.engines and checker.checked == 0:
        return 77  # no engine installed: ctest's SKIP_RETURN_CODE
    return 0


if __name__ == "__main__":
    sys.exit(main())
