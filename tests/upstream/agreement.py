#!/usr/bin/env python3
"""Agreement of ods-opt with mlir-opt on MLIR's own test files.

Given a directory of upstream `.mlir` test files (for example
mlir/test/Dialect/Arith/*.mlir of llvm-project, fetched by hand: they are
not ours and are never committed), this runs every `// RUN:` line that uses
only what ods-opt claims (the passes canonicalize, cse, symbol-dce,
loop-invariant-code-motion and the lowerings to the LLVM dialect listed in
CLAIMED_PASSES, and mlir-opt's general options) through both
tools, with the same flags on the same input, and counts per file:

- RUN lines, and for each one left out, why ("out of scope: test pass X",
  "out of scope: pass X" for a pass we do not claim, another tool, ...);
- chunks: with -split-input-file each `// -----` chunk is run on its own
  (padded with blank lines so that its line numbers are those of the file),
  otherwise the whole file is one chunk;
- agreeing chunks: ods-opt's stdout, stderr and exit status equal
  mlir-opt's for every stage of the RUN line's pipe (the tools' own names
  are replaced by TOOL before comparing; nothing else is normalised);
- for each disagreement a short classified reason;
- CHECK lines (of the prefixes the RUN lines use) and expected-* annotations,
  in the file, in in-scope RUN lines and in agreeing chunks.

FileCheck is never run: a chunk agrees when ods-opt prints exactly what
mlir-opt prints, which implies every check mlir-opt passes.

usage: tests/upstream/agreement.py DIR --ods-opt PATH [--mlir-opt PATH]
           [--json OUT.json] [--markdown OUT.md] [--jobs N] [--only SUBSTR]
           [--own DIR ...]
       tests/upstream/agreement.py --translate DIR --ods-translate PATH
           [--mlir-translate PATH] [...]

With --translate the same comparison runs `mlir-translate` RUN lines
(upstream's mlir/test/Target/LLVMIR/ files) through ods-translate and
mlir-translate: the one translation in scope is -mlir-to-llvmir
(CLAIMED_TRANSLATIONS), the general options are mlir-translate's, and a
RUN line that pipes mlir-opt into mlir-translate is out of scope.

Each chunk's checks are also matched against our own corpora (--own, by
default tests/corpus/, tests/lit/ and lit/tests/ of this repository) to count how many
of them our own cases cover; own_cases.py says how.

DIR is searched recursively; a file's name in the report is its path below
DIR. An optional DIR/SOURCES.tsv (path, commit, note; tab separated) is
copied into the report. Python 3 standard library only.
"""
import argparse
import collections
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from own_cases import OwnCases  # noqa: E402
from report import markdown  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OWN_CORPORA = [os.path.join(REPO, "tests", d) for d in ("corpus", "lit")] + [os.path.join(REPO, "lit", "tests")]

# What the RUN lines run: mlir-opt with the passes of CLAIMED_PASSES, or, with
# --translate, mlir-translate with the translations of CLAIMED_TRANSLATIONS.
RUN_TOOL = "mlir-opt"
STEP = "pass"  # what a tool's --help lists indented: passes, or translations
STEP_LINE = r"\s-   \S"  # how --help-hidden sets a pass's description apart
CLAIMED_TRANSLATIONS = {"mlir-to-llvmir"}
CLAIMED_PASSES = {
    "canonicalize", "cse", "symbol-dce", "loop-invariant-code-motion",
    # the lowerings to the LLVM dialect (conversion/ and transforms/)
    "convert-arith-to-llvm", "convert-func-to-llvm", "convert-cf-to-llvm",
    "convert-index-to-llvm", "convert-math-to-llvm", "finalize-memref-to-llvm",
    "convert-to-llvm", "reconcile-unrealized-casts", "convert-scf-to-cf",
    "lower-affine", "expand-strided-metadata",
}
TIMEOUT = 30
CHECK_SUFFIX = r"(?:-(?:NEXT|SAME|DAG|NOT|LABEL|EMPTY|COUNT-\d+))?"
SPLIT_MARKER = "// -----"
EXPECTED = re.compile(r"expected-(?:error|warning|note|remark)")


# ---------------------------------------------------------------- mlir-opt's flags

def mlir_opt_flags(mlir_opt):
    """Pass (or translation) names and general option names, from `mlir-opt --help-hidden`."""
    text = subprocess.run([mlir_opt, "--help-hidden"], capture_output=True, text=True).stdout
    passes, options = set(), set()
    for line in text.splitlines():
        m = re.match(r"^      --([\w.-]+)", line)
        if m and re.search(STEP_LINE, line):
            passes.add(m.group(1))
            continue
        m = re.match(r"^  --([\w.-]+)", line)
        if m:
            options.add(m.group(1))
    options.add("p")  # alias of --pass-pipeline
    m = re.search(r"Available Dialects: (.*)", text)
    if m:
        REAL_DIALECTS.update(x.strip() for x in m.group(1).split(","))
    return passes, options


# ---------------------------------------------------------------- RUN lines

def run_lines(text):
    """[(line number, command)] with `\\` continuations joined."""
    out, cur, start = [], None, 0
    for i, line in enumerate(text.splitlines(), 1):
        m = re.match(r"^\s*//\s*RUN:(.*)$", line)
        if not m:
            if cur is not None:
                out.append((start, cur.strip()))
                cur = None
            continue
        part = m.group(1).rstrip()
        if cur is None:
            cur, start = "", i
        if part.endswith("\\"):
            cur += part[:-1] + " "
        else:
            out.append((start, (cur + part).strip()))
            cur = None
    if cur is not None:
        out.append((start, cur.strip()))
    return out


def split_pipe(cmd):
    """Split a shell command on unquoted `|`."""
    parts, cur, quote = [], "", None
    for ch in cmd:
        if quote:
            cur += ch
            if ch == quote:
                quote = None
        elif ch in "'\"":
            quote = ch
            cur += ch
        elif ch == "|":
            parts.append(cur)
            cur = ""
        else:
            cur += ch
    parts.append(cur)
    return [p.strip() for p in parts]


def strip_braces(s):
    """Drop `{...}` option blocks (balanced) from a pipeline string."""
    out, depth = "", 0
    for ch in s:
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth = max(0, depth - 1)
        elif depth == 0:
            out += ch
    return out


def pipeline_passes(pipeline):
    """Pass names of a textual pipeline (anchors, the names before `(`, left out)."""
    s = strip_braces(pipeline)
    names = []
    for m in re.finditer(r"[\w.\-]+", s):
        rest = s[m.end():].lstrip()
        if rest.startswith("("):
            continue
        names.append(m.group(0))
    return names


class Run:
    """One RUN line: its stages (argument lists for mlir-opt), FileCheck prefixes."""

    def __init__(self, line, cmd):
        self.line = line
        self.cmd = cmd
        self.stages = []  # list of arg lists, "%s" kept
        self.prefixes = []
        self.split = False
        self.verify = False
        self.passes = []  # claimed passes used, in order
        self.expect_fail = False  # `not mlir-opt ...`
        self.out_of_scope = None

    def key(self):
        return " | ".join(" ".join(s) for s in self.stages)


def parse_run(line, cmd, passes, options):
    r = Run(line, cmd)
    if "%if" in cmd or "%{" in cmd or "%p" in cmd or "%S" in cmd:
        r.out_of_scope = "out of scope: lit substitution"
        return r
    for stage in split_pipe(cmd):
        try:
            toks = shlex.split(stage)
        except ValueError:
            r.out_of_scope = "out of scope: RUN line not parsed"
            return r
        if not toks:
            continue
        if toks[0] == "not":
            toks = toks[1:]
            r.expect_fail = True
            if toks and toks[0].startswith("--crash"):
                r.out_of_scope = "out of scope: not --crash"
                return r
        if not toks:
            continue
        tool = toks[0]
        if tool == "FileCheck":
            pre = []
            i = 1
            while i < len(toks):
                t = toks[i]
                m = re.match(r"^--?check-prefix(es)?(?:=(.*))?$", t)
                if m:
                    val = m.group(2)
                    if val is None and i + 1 < len(toks):
                        i += 1
                        val = toks[i]
                    pre += [p for p in (val or "").split(",") if p]
                i += 1
            r.prefixes += pre or ["CHECK"]
            continue
        if tool != RUN_TOOL:
            r.out_of_scope = f"out of scope: uses {tool}"
            return r
        args = []
        i = 1
        while i < len(toks):
            t = toks[i]
            i += 1
            if t in ("%s", "-"):
                args.append(t)
                continue
            if t == "2>&1":  # stderr is compared anyway
                continue
            if t == "<%s" or (t == "<" and i < len(toks) and toks[i] == "%s"):
                if t == "<":
                    i += 1
                args.append("<%s")  # the input on stdin
                continue
            if not t.startswith("-"):
                r.out_of_scope = f"out of scope: argument {t}"
                return r
            name, eq, val = t.lstrip("-").partition("=")
            if name in ("p", "pass-pipeline"):
                if not eq and i < len(toks):
                    val = toks[i]
                    i += 1
                    t = f"--pass-pipeline={val}"
                for p in pipeline_passes(val):
                    if p.startswith("test-"):
                        r.out_of_scope = f"out of scope: test pass {p}"
                        return r
                    if p not in CLAIMED_PASSES:
                        r.out_of_scope = f"out of scope: pass {p}"
                        return r
                    r.passes.append(p)
                args.append(t)
                continue
            if name == "o":
                r.out_of_scope = "out of scope: -o"
                return r
            if name in passes:
                if name.startswith("test-"):
                    r.out_of_scope = f"out of scope: test pass {name}"
                    return r
                if name not in CLAIMED_PASSES:
                    r.out_of_scope = f"out of scope: {STEP} {name}"
                    return r
                r.passes.append(name)
            elif name in options:
                if name.startswith("test-"):
                    r.out_of_scope = f"out of scope: test flag {name}"
                    return r
                if name == "split-input-file" and not r.stages:
                    r.split = True
                if name == "verify-diagnostics":
                    r.verify = True
            else:
                kind = "test flag" if name.startswith("test") else "flag unknown to mlir-opt-22"
                r.out_of_scope = f"out of scope: {kind} {name}"
                return r
            args.append(t)
        r.stages.append(args)
    if not r.stages:
        r.out_of_scope = f"out of scope: no {RUN_TOOL} stage"
    elif "%s" not in r.stages[0] and "<%s" not in r.stages[0]:
        r.out_of_scope = "out of scope: input is not %s"
    return r


# ---------------------------------------------------------------- chunks and checks

def split_chunks(text):
    """[(line index where the chunk starts, its lines)], split as mlir-opt splits:
    at every `// -----`, also in the middle of a line."""
    chunks, pos = [], 0
    for piece in text.split(SPLIT_MARKER):
        chunks.append((text.count("\n", 0, pos), piece.split("\n")))
        pos += len(piece) + len(SPLIT_MARKER)
    return chunks


def count_checks(lines, prefixes):
    if not prefixes:
        return 0
    pat = re.compile(r"//.*?\b(?:" + "|".join(re.escape(p) for p in prefixes) + r")" + CHECK_SUFFIX + r"\s*:")
    return sum(1 for l in lines if pat.search(l))


def count_expected(lines):
    return sum(1 for l in lines if EXPECTED.search(l))


# ---------------------------------------------------------------- running

def run_pipe(tool, stages, path):
    """[(rc, stderr)] per stage and the last stdout; rc None on timeout."""
    results, data = [], None
    for k, args in enumerate(stages):
        argv = [tool] + [path if a == "%s" else a for a in args if a != "<%s"]
        if "<%s" in args:
            with open(path, "rb") as fh:
                data = fh.read()
        try:
            if data is None:
                p = subprocess.run(argv, capture_output=True, timeout=TIMEOUT, stdin=subprocess.DEVNULL)
            else:
                p = subprocess.run(argv, input=data, capture_output=True, timeout=TIMEOUT)
            rc, out, err = p.returncode, p.stdout, p.stderr
        except subprocess.TimeoutExpired:
            rc, out, err = None, b"", b"timeout"
        results.append((rc, err))
        data = out
    return results, data


def first_error(err):
    for line in err.decode("utf-8", "replace").splitlines():
        if "error:" in line:
            return line
    for line in err.decode("utf-8", "replace").splitlines():
        if line.strip():
            return line
    return ""


def norm(msg, limit=110):
    """A message without its location, numbers as N, cut short: a grouping key."""
    msg = re.sub(r"^.*?:\d+:\d+: ", "", msg)
    msg = re.sub(r"^<unknown>:0: ", "", msg)
    msg = re.sub(r"^(error|warning|note|remark): ", "", msg)
    msg = re.sub(r"%[\w#]+", "%v", msg)
    msg = re.sub(r"(?<![\w.])-?\d+(?![\w])", "N", msg)
    msg = msg.strip()
    return msg if len(msg) <= limit else msg[:limit] + "..."


OP_NAME = re.compile(r"(?<![\w%#^@!.])([a-z_][a-z0-9_]*\.[a-z_][\w.]*)")


def op_of(line):
    line = re.sub(r'"[^"]*"', lambda m: m.group(0) if re.fullmatch(r'"[a-z_]+\.[\w.]+"', m.group(0)) else '""', line)
    m = OP_NAME.search(line.replace('"', " "))
    if m:
        return m.group(1)
    s = line.strip()
    if s.startswith("#"):
        return "attribute alias"
    if s.startswith("!"):
        return "type alias"
    if s.startswith("^"):
        return "block header"
    if s in ("}", "})", ""):
        return "end of region"
    return "other"


def first_diff(a, b):
    la = a.decode("utf-8", "replace").splitlines()
    lb = b.decode("utf-8", "replace").splitlines()
    for i in range(max(len(la), len(lb))):
        x = la[i] if i < len(la) else ""
        y = lb[i] if i < len(lb) else ""
        if x != y:
            return x, y
    return "", ""


def panicked(rc, err):
    return rc is not None and (rc == 101 or rc < 0) or b"panicked at" in err


def panic_message(err):
    lines = err.decode("utf-8", "replace").splitlines()
    for i, l in enumerate(lines):
        if "panicked at" in l:
            nxt = lines[i + 1] if i + 1 < len(lines) else ""
            return norm(nxt or l, 80)
    return f"exit {lines[-1] if lines else ''}"


def missing(msg):
    """The op or dialect ods-opt lacks, when that is what a message says."""
    m = re.search(r"Dialect `([\w.]+)' not found", msg)
    if m:
        return f"dialect not in ods-opt: {m.group(1)}"
    m = re.search(r"unknown\s+(attribute|type) `([\w.]+)` in dialect `([\w.]+)`", msg)
    if m:
        kind, name, dialect = m.groups()
        if dialect == "test":
            return f"{kind} of upstream's test dialect: test.{name}"
        return f"{kind} not in ods-opt: {dialect}.{name}"
    m = re.search(r"(?:unregistered operation|custom op) '([\w.]+)' (?:found in dialect|is unknown)", msg)
    if m:
        op = m.group(1)
        if op.startswith("test."):
            return f"op of upstream's test dialect: {op}"
        return f"op not in ods-opt: {op}"
    return None


# The dialects ods-opt registers (README, dialects/); an op of another dialect is
# accepted as unregistered under -allow-unregistered-dialect, so checks on it vanish.
PORTED = {"builtin", "func", "arith", "cf", "scf", "memref", "tensor", "math", "index",
          "complex", "ub", "test", "testfmt"}
OP_USE = re.compile(r'(?:^|=|\s)"?([a-z_][a-z0-9_]*)\.[a-z_][\w.]*"?\s*[(<%{:\[]', re.M)


REAL_DIALECTS = set()  # from `mlir-opt --help`: "Available Dialects: ..."


def foreign_dialects(body):
    """Dialects of mlir-opt's that ops in `body` use and ods-opt does not have."""
    code = "\n".join(l.split("//")[0] for l in body.split("\n"))
    return sorted({d for d in OP_USE.findall(code) if d in REAL_DIALECTS and d not in PORTED})


def classify(run, m, o, body=""):
    """The reason ods-opt's result `o` differs from mlir-opt's `m`."""
    (mres, mout), (ores, oout) = m, o
    for k, ((mrc, merr), (orc, oerr)) in enumerate(zip(mres, ores)):
        stage = f" (stage {k + 1} of the pipe)" if k else ""
        if orc is None:
            return "ods-opt timed out" + stage
        if panicked(orc, oerr):
            return "ods-opt panicked: " + panic_message(oerr)
        es = oerr.decode("utf-8", "replace")
        mu = re.search(r"[Uu]nknown command line argument '([^']*)'", es)
        if mu and mu.group(1) not in merr.decode("utf-8", "replace"):
            return "ods-opt: unknown flag " + mu.group(1).split("=")[0]
        mu = re.search(r"no such option ([\w-]+)", es)
        if mu and mu.group(0) not in merr.decode("utf-8", "replace"):
            return "unknown pass option " + mu.group(1)
        if (mrc, merr) == (orc, oerr):
            continue
        mfirst, ofirst = first_error(merr), first_error(oerr)
        if run.verify:
            # mlir-opt meets the annotations unless the test is broken for release 22.
            om = re.search(r"expected (error|warning|note|remark) \"(.*?)\" was not produced", es)
            ou = re.search(r"error: unexpected (error|warning|note|remark): (.*)", es)
            if mrc == 0 and ou and missing(ou.group(2)):
                return missing(ou.group(2))
            if mrc == 0 and ou:
                return f"verify: ods-opt's {ou.group(1)} is not the annotated one (wording or line): " + norm(ou.group(2))
            if mrc == 0 and om:
                foreign = foreign_dialects(body)
                if foreign:
                    return f"dialect not in ods-opt: {foreign[0]} (its ops pass as unregistered, so their annotated {om.group(1)}s are missing)"
                return f"verify: annotated {om.group(1)} missing from ods-opt: " + norm(om.group(2))
            if orc != 0 and missing(es) and not missing(merr.decode("utf-8", "replace")):
                return missing(es)
            if mrc == 0 and orc != 0:
                return "verify: ods-opt fails: " + norm(ofirst)
            if mrc != 0 and orc == 0:
                return "verify: mlir-opt fails, ods-opt passes: " + norm(mfirst)
            return "verify: diagnostics differ: " + norm(ofirst)
        if orc != 0 and missing(ofirst) and not missing(mfirst):
            return missing(ofirst)
        if mrc == 0 and orc != 0:
            return "rejects valid input: " + norm(ofirst) + stage
        if mrc != 0 and orc == 0:
            return "accepts invalid input (mlir-opt: " + norm(mfirst) + ")" + stage
        if mrc != 0 and orc != 0:
            if norm(mfirst) == norm(ofirst):
                if mfirst != ofirst:
                    return "error at another location: " + norm(mfirst) + stage
                return "later diagnostics differ (first error equal)" + stage
            return "error differs: mlir-opt «" + norm(mfirst, 80) + "» ods-opt «" + norm(ofirst, 80) + "»" + stage
        return "stderr differs (both succeed): " + norm(first_error(merr) or "", 80) + stage
    if mout != oout:
        x, _ = first_diff(mout, oout)
        what = "+".join(dict.fromkeys(run.passes)) if run.passes else "printed"
        return f"{what} output differs at {op_of(x)}"
    return "?"


def drop_option(args, opt):
    """The arguments without pass option `opt` (in `-pass=...` and in `pass{...}`)."""
    pat = re.compile(r"(?<![\w-])" + re.escape(opt) + r"(=[^\s{}]*)?")
    out = []
    for a in args:
        if a.startswith("-") and "=" in a:
            name, _, val = a.partition("=")
            if name.lstrip("-") in ("pass-pipeline", "p"):
                val = pat.sub("", val)
                val = re.sub(r"\s+", " ", val)
                val = re.sub(r"\{\s*\}", "", val).replace("{ ", "{").replace(" }", "}")
                a = name + "=" + val
            elif name.lstrip("-") not in ("split-input-file", "verify-diagnostics"):
                val = re.sub(r"\s+", " ", pat.sub("", val)).strip()
                a = name + ("=" + val if val else "")
        out.append(a)
    return out


def norm_out(res, tool_path):
    """Replace the tool's name by TOOL in every stderr."""
    stages, out = res
    name = os.path.basename(tool_path).encode()
    return [(rc, err.replace(name, b"TOOL")) for rc, err in stages], out


def mlir_crashed(res):
    return any(rc is None or rc < 0 or rc > 1 for rc, _ in res[0])


# ---------------------------------------------------------------- main

def collect(directory, only):
    files = []
    for root, _, names in os.walk(directory):
        for n in names:
            if n.endswith(".mlir"):
                p = os.path.join(root, n)
                rel = os.path.relpath(p, directory)
                if only and only not in rel:
                    continue
                files.append(rel)
    return sorted(files)


def read_sources(directory):
    src = {}
    p = os.path.join(directory, "SOURCES.tsv")
    if os.path.exists(p):
        for line in open(p):
            parts = line.rstrip("\n").split("\t")
            if len(parts) >= 2 and not line.startswith("#"):
                src[parts[0]] = {"commit": parts[1], "note": parts[2] if len(parts) > 2 else ""}
    return src


OWN_DIALECTS = None  # own_cases.py's default: the ported dialects but llvm
OWN_PASSES = CLAIMED_PASSES
TOOL_NAMES = {}  # the tool names the reasons and the report use, when not ods-opt and mlir-opt


def translate_mode():
    """Switch the script from mlir-opt RUN lines to mlir-translate ones."""
    global RUN_TOOL, STEP, STEP_LINE, CLAIMED_PASSES, OWN_DIALECTS, OWN_PASSES
    RUN_TOOL, STEP, STEP_LINE = "mlir-translate", "translation", r"\s- \S"
    CLAIMED_PASSES = CLAIMED_TRANSLATIONS
    PORTED.add("llvm")
    OWN_DIALECTS = ("llvm",)
    OWN_PASSES = set()  # own translate corpora are all translated: no pass to match
    OWN_CORPORA[:] = [os.path.join(REPO, "translate", "tests", d) for d in ("corpus", "errors", "run", "debug_info")]
    TOOL_NAMES.update({"ods-opt": "ods-translate", "mlir-opt": "mlir-translate"})


def named(text):
    """`text` with the tools' names of the mode the script runs in."""
    for old, new in TOOL_NAMES.items():
        text = re.sub(r"(?<![\w-])" + re.escape(old) + r"(?![\w])", new, text)
    return text


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("dir")
    ap.add_argument("--translate", action="store_true",
                    help="compare mlir-translate RUN lines: ods-translate against mlir-translate")
    ap.add_argument("--ods-opt", "--ods-translate", dest="ods_opt", required=True)
    ap.add_argument("--mlir-opt", "--mlir-translate", dest="mlir_opt")
    ap.add_argument("--json")
    ap.add_argument("--markdown")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--only", help="only files whose path contains this")
    ap.add_argument("--examples", type=int, default=1000, help="disagreements to keep per reason and file")
    ap.add_argument("--own", action="append", help="a directory of our own .mlir cases (repeatable)")
    a = ap.parse_args()
    started = time.time()
    if a.translate:
        translate_mode()
    a.mlir_opt = a.mlir_opt or os.environ.get(RUN_TOOL.replace("-", "_").upper(), f"/usr/lib/llvm-22/bin/{RUN_TOOL}")
    passes, options = mlir_opt_flags(a.mlir_opt)
    sources = read_sources(a.dir)
    tmp = tempfile.mkdtemp(prefix="agreement-")
    files = collect(a.dir, a.only)
    own = OwnCases(a.own or OWN_CORPORA, OWN_DIALECTS)

    report = {}
    jobs = []
    for rel in files:
        text = open(os.path.join(a.dir, rel), encoding="utf-8", errors="replace").read()
        lines = text.split("\n")
        runs = [parse_run(l, c, passes, options) for l, c in run_lines(text)]
        all_prefixes = sorted({p for r in runs for p in r.prefixes} or {"CHECK"})
        f = report[rel] = {
            "source": sources.get(rel, {}),
            "run_lines": len(runs),
            "run_lines_in_scope": 0,
            "out_of_scope": [],
            "check_lines": count_checks(lines, all_prefixes),
            "expected_annotations": count_expected(lines),
            "chunks": 0, "agreeing": 0, "mlir_opt_crashed": 0, "mlir_opt_fails": 0,
            "checks_in_scope": 0, "checks_agreeing": 0, "checks_own": 0,
            "runs": [], "reasons": collections.Counter(), "examples": {},
            "agreeing_without_options": 0, "behind_options": collections.Counter(), "agreeing_both_fail": 0,
            "behind_examples": {},
        }
        for r in runs:
            if r.out_of_scope:
                f["out_of_scope"].append(f"RUN at line {r.line}: {r.out_of_scope}")
                continue
            f["run_lines_in_scope"] += 1
            chunks = split_chunks(text) if r.split else [(0, lines)]
            rr = {"line": r.line, "command": r.cmd, "chunks": len(chunks), "agreeing": 0}
            f["runs"].append(rr)
            for idx, (start, chunk) in enumerate(chunks):
                check_lines = count_checks(chunk, r.prefixes)
                checks = check_lines + (count_expected(chunk) if r.verify else 0)
                covered = own.covered_checks(chunk, check_lines, r.verify, [p for p in r.passes if p in OWN_PASSES])
                body = "\n" * start + "\n".join(chunk)
                jobs.append((rel, r, rr, idx, start, body, (checks, covered)))

    lock = threading.Lock()
    counter = iter(range(len(jobs)))

    def work(job):
        with lock:
            n = next(counter)
        d = os.path.join(tmp, str(n))
        os.makedirs(d)
        try:
            compare(job, d)
        finally:
            shutil.rmtree(d, ignore_errors=True)

    def compare(job, d):
        rel, r, rr, idx, start, body, (checks, covered) = job
        path = os.path.join(d, os.path.basename(rel))
        with open(path, "w") as fh:
            fh.write(body)
        m = norm_out(run_pipe(a.mlir_opt, r.stages, path), a.mlir_opt)
        o = norm_out(run_pipe(a.ods_opt, r.stages, path), a.ods_opt)
        m = ([(rc, err.replace(path.encode(), b"INPUT")) for rc, err in m[0]], m[1])
        o = ([(rc, err.replace(path.encode(), b"INPUT")) for rc, err in o[0]], o[1])
        f = report[rel]
        with lock:
            if mlir_crashed(m):
                f["mlir_opt_crashed"] += 1
                return
            f["chunks"] += 1
            f["checks_in_scope"] += checks
            f["checks_own"] += covered
            if not r.expect_fail and any(rc != 0 for rc, _ in m[0]):
                f["mlir_opt_fails"] += 1
            if m == o:
                f["agreeing"] += 1
                f["agreeing_without_options"] += 1
                rr["agreeing"] += 1
                if not r.expect_fail and any(rc != 0 for rc, _ in m[0]):
                    f["agreeing_both_fail"] += 1  # the checks hold for neither tool
                else:
                    f["checks_agreeing"] += checks
                return
            why = named(classify(r, m, o, body))
        # An option ods-opt lacks hides everything behind it: run both tools again
        # without it (and any further one) to see what is behind.
        behind = None
        stages, dropped = r.stages, []
        while why.startswith("unknown pass option ") and len(dropped) < 4:
            opt = why.split()[-1]
            if opt in dropped:
                break
            dropped.append(opt)
            stages = [drop_option(st, opt) for st in stages]
            path2 = path + ".again"
            with open(path2, "w") as fh:
                fh.write(body)
            m2 = norm_out(run_pipe(a.mlir_opt, stages, path2), a.mlir_opt)
            o2 = norm_out(run_pipe(a.ods_opt, stages, path2), a.ods_opt)
            m2 = ([(rc, err.replace(path2.encode(), b"INPUT")) for rc, err in m2[0]], m2[1])
            o2 = ([(rc, err.replace(path2.encode(), b"INPUT")) for rc, err in o2[0]], o2[1])
            os.remove(path2)
            if mlir_crashed(m2):
                behind = "mlir-opt crashed"
                break
            if m2 == o2:
                behind = "agree"
                break
            why2 = named(classify(r, m2, o2, body))
            behind = why2
            if not why2.startswith("unknown pass option "):
                break
            why = why2
        why = named(classify(r, m, o, body))
        fn = re.search(r"func\.func\s+(?:private\s+|nested\s+|public\s+)?@([\w.$-]+)", body)
        where = f"RUN line {r.line}, chunk {idx + 1} (line {start + 1}" + (f", @{fn.group(1)})" if fn else ")")
        with lock:
            if behind is not None:
                f["behind_options"][behind] += 1
                if behind == "agree":
                    f["agreeing_without_options"] += 1
            f["reasons"][why] += 1
            ex = f["examples"].setdefault(why, [])
            if len(ex) < a.examples:
                ex.append(where)
                ex.sort(key=lambda w: int(re.search(r"\(line (\d+)", w).group(1)))
            if behind is not None and behind != "agree":
                bx = f["behind_examples"].setdefault(behind, [])
                if len(bx) < a.examples:
                    bx.append(where)
                    bx.sort(key=lambda w: int(re.search(r"\(line (\d+)", w).group(1)))

    with ThreadPoolExecutor(max_workers=a.jobs) as pool:
        list(pool.map(work, jobs))
    try:
        os.rmdir(tmp)
    except OSError:
        pass

    elapsed = time.time() - started
    totals = collections.Counter()
    causes = collections.Counter()
    cause_files = collections.defaultdict(set)
    for rel, f in report.items():
        for k in ("run_lines", "run_lines_in_scope", "chunks", "agreeing", "agreeing_without_options", "agreeing_both_fail", "mlir_opt_crashed", "mlir_opt_fails",
                  "check_lines", "expected_annotations", "checks_in_scope", "checks_agreeing", "checks_own"):
            totals[k] += f[k]
        for why, n in f["reasons"].items():
            causes[why] += n
            cause_files[why].add(rel)
        f["reasons"] = dict(f["reasons"].most_common())
        f["behind_options"] = dict(f["behind_options"].most_common())
    totals["files"] = len(report)
    totals["files_in_scope"] = sum(1 for f in report.values() if f["run_lines_in_scope"])
    summary = {
        "mlir_opt": a.mlir_opt,
        "mlir_opt_version": subprocess.run([a.mlir_opt, "--version"], capture_output=True, text=True).stdout.strip(),
        "ods_opt": a.ods_opt,
        "own_files": own.files,
        "seconds": round(elapsed, 1),
        "totals": dict(totals),
        "causes": [{"reason": w, "chunks": n, "files": sorted(cause_files[w])} for w, n in causes.most_common()],
        "files": report,
    }
    if a.json:
        with open(a.json, "w") as fh:
            json.dump(summary, fh, indent=1, default=list)
    md = named(markdown(summary))
    if a.markdown:
        with open(a.markdown, "w") as fh:
            fh.write(md)
    else:
        sys.stdout.write(md)
    print(f"{totals['files']} files, {totals['chunks']} chunks, {totals['agreeing']} agreeing, "
          f"{elapsed:.0f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
