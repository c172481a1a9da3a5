"""Which checks of an upstream chunk our own test corpora cover.

The own corpora are this repository's `.mlir` files (by default
tests/corpus/, tests/lit/ and lit/tests/, each searched recursively). Coverage is a
proxy, measured the same way for every file, not a proof that a behaviour
is tested:

- an `expected-*` annotation is covered when an own file carries an
  annotation of the same kind (error, warning, note, remark) with the same
  message: equal, or one containing the other, after runs of blanks are
  collapsed (messages of 12 characters or fewer must be equal);
- the CHECK lines of a chunk are covered when every op of a ported
  dialect that the chunk's input names (comments left out) also appears in
  an own file run with the same passes (canonicalize, cse, symbol-dce,
  loop-invariant-code-motion: from the file's `// ARGS:` or `// RUN:`
  lines, or its corpus directory's name); a chunk that names no such op is
  not covered.

Python 3 standard library only.
"""
import os
import re

PASSES = ("canonicalize", "cse", "symbol-dce", "loop-invariant-code-motion")
DIALECTS = ("arith", "cf", "complex", "func", "index", "math", "memref", "scf", "tensor", "ub")
OP = re.compile(r"\b(?:" + "|".join(DIALECTS) + r")\.[a-z_][a-z0-9_]*\b")
ANNOTATION = re.compile(r"expected-(error|warning|note|remark)\b[^{]*\{\{(.*?)\}\}")
SHORTEST_PARTIAL = 13


def _message(text):
    return " ".join(text.split())


def _code(line):
    """The line without its `//` comment (strings aside: good enough for op names)."""
    return line.split("//", 1)[0]


def _passes_of(path, text):
    """The claimed passes an own file is run with."""
    found = set()
    for line in text.split("\n"):
        if line.startswith(("// ARGS:", "// RUN:")):
            found.update(p for p in PASSES if re.search(r"(?<![\w-])" + re.escape(p) + r"(?![\w-])", line))
    parent = os.path.basename(os.path.dirname(path))
    if parent in PASSES:
        found.add(parent)
    return frozenset(found)


class OwnCases:
    """The annotations and the ops (per set of passes) of the own corpora."""

    def __init__(self, dirs, dialects=None):
        self.op = OP if dialects is None else re.compile(r"(?<![!#\w])(?:" + "|".join(dialects) + r")\.[a-z_][a-z0-9_.]*\b")
        self.files = 0
        self.messages = {}
        self.ops = []  # (passes, ops) per file
        for d in dirs:
            for root, _, names in os.walk(d):
                for name in sorted(names):
                    if name.endswith(".mlir"):
                        self._read(os.path.join(root, name))

    def _read(self, path):
        with open(path, encoding="utf-8", errors="replace") as fh:
            text = fh.read()
        self.files += 1
        for kind, msg in ANNOTATION.findall(text):
            self.messages.setdefault(kind, set()).add(_message(msg))
        ops = {m for line in text.split("\n") for m in self.op.findall(_code(line))}
        self.ops.append((_passes_of(path, text), ops))

    def annotation_covered(self, kind, msg):
        msg = _message(msg)
        ours = self.messages.get(kind, ())
        if msg in ours:
            return True
        if len(msg) < SHORTEST_PARTIAL:
            return False
        return any(len(o) >= SHORTEST_PARTIAL and (o in msg or msg in o) for o in ours)

    def ops_covered(self, ops, passes):
        """Whether every op of `ops` is in an own file run with all of `passes`."""
        if not ops:
            return False
        seen = set()
        for file_passes, file_ops in self.ops:
            if set(passes) <= file_passes:
                seen |= file_ops
        return ops <= seen

    def covered_checks(self, chunk_lines, check_count, verify, passes):
        """How many of a chunk's checks (its CHECK lines, `check_count` of
        them, and under `verify` its annotations) the own cases cover."""
        covered = 0
        if verify:
            for line in chunk_lines:
                m = ANNOTATION.search(line)  # one per line, as they are counted
                if m:
                    covered += self.annotation_covered(m.group(1), m.group(2))
        ops = {m for line in chunk_lines for m in self.op.findall(_code(line))}
        if check_count and self.ops_covered(ops, passes):
            covered += check_count
        return covered
