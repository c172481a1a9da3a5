#!/usr/bin/env bash
# ods-tblgen against mlir-tblgen-22 on the same work, in one run:
#   records:  --print-records of every upstream `*Ops.td` under
#             $MLIR_INCLUDE/mlir (both tools, same file, same -I); a file
#             ods-tblgen does not read is listed and left out of both sums
#   dialects: each ported dialect's ops, `ods-tblgen --gen-op-defs` of
#             dialects/<d>/ods/<X>Ops.ods against `mlir-tblgen
#             -gen-op-decls` + `-gen-op-defs` of upstream's <X>Ops.td
#             (C++ needs both files, our Rust is one)
#   llvm:     LLVMOps.td's records alone (the issue's named case)
# Each command runs --runs times; its CPU time (user + system, from the
# child's own rusage) is the fastest run, which the other jobs of a shared
# machine disturb least. Ratios are ods / mlir of the summed CPU times.
# With --instructions, instruction counts too: `perf stat -e instructions`
# where the machine has the counter, else valgrind's cachegrind (exact,
# repeatable under any load, slow: one run per command).
#
# usage: bench/generator.sh [--runs N] [--instructions] [--ods-tblgen PATH]
#   --runs          timed runs per command (default 3)
#   --instructions  also count instructions (see above)
#   --ods-tblgen    the binary to time (default: a release build of this tree)
# Environment: MLIR_TBLGEN (default /usr/lib/llvm-22/bin/mlir-tblgen),
#              MLIR_INCLUDE (default /usr/lib/llvm-22/include).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

runs=3
instructions=0
ods_tblgen=""
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs=$2; shift 2 ;;
    --instructions) instructions=1; shift ;;
    --ods-tblgen) ods_tblgen=$(realpath "$2"); shift 2 ;;
    -h|--help) sed -n '2,25p' "$0"; exit 0 ;;
    *) echo "generator.sh: unknown argument '$1' (try --help)" >&2; exit 2 ;;
  esac
done
mlir_tblgen=${MLIR_TBLGEN:-/usr/lib/llvm-22/bin/mlir-tblgen}
mlir_include=${MLIR_INCLUDE:-/usr/lib/llvm-22/include}
for need in "$mlir_tblgen" "$mlir_include/mlir/IR/OpBase.td" python3; do
  command -v "$need" >/dev/null 2>&1 || [ -e "$need" ] \
    || { echo "generator.sh: $need not found" >&2; exit 2; }
done
if [ -z "$ods_tblgen" ]; then
  cargo build --release --quiet -p ods-spec --bin ods-tblgen
  target_dir=$(cargo metadata --format-version 1 --no-deps \
    | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')
  ods_tblgen=$target_dir/release/ods-tblgen
fi

echo "ods-tblgen: $ods_tblgen"
echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg); $runs runs per command"
python3 - "$root" "$ods_tblgen" "$mlir_tblgen" "$mlir_include" "$runs" "$instructions" <<'PY'
import glob, os, subprocess, sys

root, ods, mlir, inc, runs, count = sys.argv[1:7]
runs, count = int(runs), count == "1"
dialect_dir = f"{inc}/mlir/Dialect"

# The ported dialects: our spec, its include directories (as the crate's
# build.rs passes them), and upstream's original.
PORTED = [
    ("arith", "ArithOps.ods", [], "Arith/IR/ArithOps.td"),
    ("func", "FuncOps.ods", [], "Func/IR/FuncOps.td"),
    ("cf", "ControlFlowOps.ods", ["arith"], "ControlFlow/IR/ControlFlowOps.td"),
    ("index", "IndexOps.ods", ["arith"], "Index/IR/IndexOps.td"),
    ("math", "MathOps.ods", ["arith", "ub"], "Math/IR/MathOps.td"),
    ("complex", "ComplexOps.ods", ["arith"], "Complex/IR/ComplexOps.td"),
    ("memref", "MemRefOps.ods", ["arith"], "MemRef/IR/MemRefOps.td"),
    ("tensor", "TensorOps.ods", ["arith", "complex", "memref"], "Tensor/IR/TensorOps.td"),
    ("scf", "SCFOps.ods", ["arith", "tensor"], "SCF/IR/SCFOps.td"),
    ("affine", "AffineOps.ods", ["arith"], "Affine/IR/AffineOps.td"),
    ("llvm", "LLVMOps.ods", [], "LLVMIR/LLVMOps.td"),
    ("ub", "UBOps.ods", [], "UB/IR/UBOps.td"),
]

def run_once(argv):
    """Exit status and CPU seconds (user + system) of one run."""
    with open(os.devnull, "wb") as null:
        p = subprocess.Popen(argv, stdout=null, stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(p.pid, 0)
        p.returncode = os.waitstatus_to_exitcode(status)
    return p.returncode, usage.ru_utime + usage.ru_stime

def cpu(argv):
    """Fastest CPU time of `runs` runs, or None when the command fails."""
    best = None
    for _ in range(runs):
        rc, t = run_once(argv)
        if rc != 0:
            return None
        best = t if best is None else min(best, t)
    return best

def perf_counts():
    probe = subprocess.run(["perf", "stat", "-x,", "-e", "instructions:u", "true"],
                           capture_output=True, text=True)
    return probe.returncode == 0 and "<not supported>" not in probe.stderr

USE_PERF = count and perf_counts()

def instructions(argv):
    if USE_PERF:
        r = subprocess.run(["perf", "stat", "-x,", "-e", "instructions:u", "--"] + argv,
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        for line in r.stderr.splitlines():
            f = line.split(",")
            if len(f) > 2 and f[2].startswith("instructions"):
                return int(f[0])
        return None
    r = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no",
                        "--cachegrind-out-file=/dev/null"] + argv,
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    for line in r.stderr.splitlines():
        if "I" in line and "refs:" in line:
            return int(line.split("refs:")[1].strip().replace(",", ""))
    return None

def measure(argv_list):
    """Summed CPU (and instructions) of commands run one after another."""
    total, ins = 0.0, 0
    for argv in argv_list:
        t = cpu(argv)
        if t is None:
            return None
        total += t
        if count:
            n = instructions(argv)
            ins = None if n is None or ins is None else ins + n
    return total, (ins if count else None)

def row(label, o, m, width=28):
    line = f"{label:<{width}} ods {o[0]*1e3:9.1f} ms  mlir {m[0]*1e3:9.1f} ms  ratio {o[0]/m[0]:5.2f}"
    if o[1] and m[1]:
        line += f"   instructions {o[1]/1e6:8.1f}M / {m[1]/1e6:8.1f}M = {o[1]/m[1]:5.2f}"
    print(line, flush=True)

null = ["-o", os.devnull]
if count:
    print("instructions: " + ("perf stat" if USE_PERF else "valgrind cachegrind (perf has no instruction counter here)"))

# 1. Every upstream *Ops.td, --print-records.
print("\n== --print-records of every upstream *Ops.td")
files = sorted(glob.glob(f"{inc}/mlir/**/*Ops.td", recursive=True))
sum_o, sum_m, skipped, llvm = [0.0, 0], [0.0, 0], [], None
for f in files:
    o = measure([[ods, "--print-records", "-I", inc, f] + null])
    if o is None:
        skipped.append(os.path.relpath(f, inc))
        continue
    m = measure([[mlir, "--print-records", "-I", inc, f] + null])
    if m is None:
        skipped.append(os.path.relpath(f, inc) + " (mlir-tblgen fails)")
        continue
    sum_o[0] += o[0]; sum_m[0] += m[0]
    if count:
        sum_o[1] += o[1] or 0; sum_m[1] += m[1] or 0
    if f.endswith("LLVMIR/LLVMOps.td"):
        llvm = (o, m)
print(f"{len(files) - len(skipped)} of {len(files)} files read by both")
for s in skipped:
    print(f"  left out: {s}")
if llvm:
    row("LLVMOps.td records", *llvm)
row("all *Ops.td records", sum_o, sum_m)
records_ratio = sum_o[0] / sum_m[0]

# 2. The ported dialects.
print("\n== ported dialects: ods --gen-op-defs vs mlir -gen-op-decls + -gen-op-defs")
sum_o, sum_m = [0.0, 0], [0.0, 0]
for name, spec, includes, td in PORTED:
    ods_spec = f"{root}/dialects/{name}/ods/{spec}"
    td_path = f"{dialect_dir}/{td}"
    if not (os.path.exists(ods_spec) and os.path.exists(td_path)):
        print(f"{name}: missing {ods_spec if not os.path.exists(ods_spec) else td_path}")
        continue
    inc_args = sum((["-I", f"{root}/dialects/{i}/ods"] for i in includes), [])
    o = measure([[ods, "--gen-op-defs"] + inc_args + [ods_spec] + null])
    m = measure([[mlir, "-gen-op-decls", "-I", inc, td_path] + null,
                 [mlir, "-gen-op-defs", "-I", inc, td_path] + null])
    if o is None or m is None:
        print(f"{name}: {'ods-tblgen' if o is None else 'mlir-tblgen'} failed")
        continue
    row(name, o, m)
    sum_o[0] += o[0]; sum_m[0] += m[0]
    if count:
        sum_o[1] += o[1] or 0; sum_m[1] += m[1] or 0
row("all ported dialects", sum_o, sum_m)
print(f"\nratios (CPU, ods / mlir; goal: at most 1.00): records {records_ratio:.2f}, "
      f"dialect generation {sum_o[0] / sum_m[0]:.2f}")
PY
