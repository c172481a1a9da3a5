#!/usr/bin/env python3
"""Differential check of ods-opt against mlir-opt on a directory of inputs
(by default the fuzzer's corpus, fuzz/corpus/driver_roundtrip).

For each input both tools run with --allow-unregistered-dialect
--mlir-print-op-generic. They must agree on accepting or rejecting it; when
both accept, the outputs must be byte-identical; when both reject, the first
error must be on the same line. Prints one line per disagreement, a summary,
and exits 1 if there was any.

usage: fuzz/differential.py [DIR] [--ods-opt PATH] [--mlir-opt PATH] [--limit N]
"""
import argparse
import os
import re
import subprocess
import sys

ARGS = ["--allow-unregistered-dialect", "--mlir-print-op-generic"]
ERROR_LINE = re.compile(rb":(\d+):\d+: error:")


def run(tool, data):
    try:
        p = subprocess.run([tool] + ARGS, input=data, capture_output=True, timeout=20)
    except subprocess.TimeoutExpired:
        return None, b"", b"timeout"
    return p.returncode, p.stdout, p.stderr


def first_error_line(stderr):
    m = ERROR_LINE.search(stderr)
    return int(m.group(1)) if m else None


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser()
    ap.add_argument("dir", nargs="?", default=os.path.join(here, "corpus", "driver_roundtrip"))
    ap.add_argument("--ods-opt", default=os.path.join(here, "..", "target", "release", "ods-opt"))
    ap.add_argument("--mlir-opt", default=os.environ.get("MLIR_OPT", "/usr/lib/llvm-22/bin/mlir-opt"))
    ap.add_argument("--limit", type=int, default=0)
    a = ap.parse_args()
    names = sorted(os.listdir(a.dir))
    if a.limit:
        names = names[: a.limit]
    counts = {"same output": 0, "same error line": 0, "mlir-opt crashed": 0, "disagree": 0}
    for name in names:
        try:
            data = open(os.path.join(a.dir, name), "rb").read()
        except FileNotFoundError:  # a running fuzzer replaced it
            continue
        mrc, mout, merr = run(a.mlir_opt, data)
        orc, oout, oerr = run(a.ods_opt, data)
        if mrc is None or mrc < 0 or mrc > 1:
            counts["mlir-opt crashed"] += 1  # no oracle for this input
            continue
        why = None
        if orc is None or orc < 0 or orc > 1:
            why = f"ods-opt exit {orc}: {oerr[-300:]!r}"
        elif mrc != orc:
            side = merr if mrc else oerr
            why = f"mlir-opt exit {mrc}, ods-opt exit {orc}: {side.splitlines()[:1]!r}"
        elif mrc == 0 and mout != oout:
            why = "outputs differ"
        elif mrc == 1 and first_error_line(merr) != first_error_line(oerr):
            why = f"error lines {first_error_line(merr)} vs {first_error_line(oerr)}: {oerr.splitlines()[:1]!r}"
        if why:
            counts["disagree"] += 1
            print(f"{name}: {why}")
        else:
            counts["same output" if mrc == 0 else "same error line"] += 1
    print(f"{len(names)} inputs: " + ", ".join(f"{v} {k}" for k, v in counts.items()))
    sys.exit(1 if counts["disagree"] else 0)


if __name__ == "__main__":
    main()
