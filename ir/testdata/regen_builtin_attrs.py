#!/usr/bin/env python3
"""Regenerates builtin_attrs.txt from its first column with mlir-opt 22.

usage: regen_builtin_attrs.py [builtin_attrs.txt] [extra inputs file]

Each input is parsed by mlir-opt inside `"t.x"() {a = INPUT} : () -> ()`
(--allow-unregistered-dialect --mlir-print-op-generic --mlir-print-local-scope).
A line becomes `INPUT<TAB>PRINTED<TAB>REPRINTED` (what mlir-opt printed, then
what it printed reading that back) or `INPUT<TAB>ERROR col: message` with the
column counted from the start of INPUT. Extra inputs (one per line) are
appended. MLIR_OPT overrides the mlir-opt path.
"""
import os
import subprocess
import sys

MLIR_OPT = os.environ.get("MLIR_OPT", "/usr/lib/llvm-22/bin/mlir-opt")
PRE, SUF = '"t.x"() {a = ', "} : () -> ()"


def run(attr):
    src = PRE + attr + SUF
    r = subprocess.run(
        [MLIR_OPT, "--allow-unregistered-dialect", "--mlir-print-op-generic",
         "--mlir-print-local-scope"],
        input=src, capture_output=True, text=True)
    if r.returncode != 0:
        errs = [l for l in r.stderr.splitlines() if ": error: " in l]
        if not errs:
            return "ERROR 0: mlir-opt failed without a diagnostic"
        _, line_col_msg = errs[0].split("<stdin>:", 1)
        _line, col, msg = line_col_msg.split(":", 2)
        return "ERROR %d: %s" % (int(col) - len(PRE), msg.split("error: ", 1)[1])
    body = [l for l in r.stdout.splitlines() if '"t.x"' in l][0].strip()
    if body == '"t.x"() {a} : () -> ()':
        return "unit"
    assert body.startswith(PRE) and body.endswith(SUF), body
    return body[len(PRE):-len(SUF)]


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(__file__), "builtin_attrs.txt")
    inputs = [l.split("\t", 1)[0] for l in open(path, encoding="utf-8").read().splitlines() if l]
    if len(sys.argv) > 2:
        inputs += [l for l in open(sys.argv[2], encoding="utf-8").read().splitlines() if l]
    out = []
    for attr in inputs:
        printed = run(attr)
        if printed.startswith("ERROR"):
            out.append("%s\t%s" % (attr, printed))
        else:
            out.append("%s\t%s\t%s" % (attr, printed, run(printed)))
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
