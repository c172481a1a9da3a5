#!/usr/bin/env bash
# ods-tblgen against mlir-tblgen-22 on the same work, in one run:
#   records:  --print-records of every upstream `*Ops.td` under
#             $MLIR_INCLUDE/mlir (both tools, same file, same -I); a file
#             ods-tblgen does not read is listed and left out of both sums
#   dialects: each ported dialect's ops, `ods-tblgen --gen-op-defs` of
#             dialects/<d>/ods/<X>Ops.ods against `mlir-tblgen
#             -gen-op-decls` + `-gen-op-defs` of upstream's .td files
#             holding the same ops (C++ needs both files, our Rust is
#             one). LLVM's spec includes its intrinsics, which upstream
#             generates from a .td of their own, so its row times both.
#             Each row shows how many ops each side generated.
#   llvm:     LLVMOps.td's records alone (the issue's named case)
# Each command runs --runs times; its CPU time (user + system, from the
# child's own rusage) is the fastest run, which the other jobs of a shared
# machine disturb least. Ratios are ods / mlir of the summed CPU times.
# With --instructions, instruction counts too: `perf stat -e instructions`
# where the machine has the counter, else valgrind's cachegrind (exact,
# repeatable under any load, slow: one run per command).
#
# With --baseline, a second ods-tblgen (say, a copy of an earlier build) is
# measured on the same commands, and each row also shows its figures and
# new / baseline; mlir-tblgen is measured once for both.
#
# usage: bench/generator.sh [--runs N] [--instructions] [--ods-tblgen PATH]
#                           [--baseline PATH]
#   --runs          timed runs per command (default 3)
#   --instructions  also count instructions (see above)
#   --ods-tblgen    the binary to time (default: a release build of this tree)
#   --baseline      another ods-tblgen measured alongside (see above)
# Environment: MLIR_TBLGEN (default /usr/lib/llvm-22/bin/mlir-tblgen),
#              MLIR_INCLUDE (default /usr/lib/llvm-22/include).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
. bench/tblgen_common.sh

runs=3
instructions=0
ods_tblgen=""
baseline=""
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs=$2; shift 2 ;;
    --instructions) instructions=1; shift ;;
    --ods-tblgen) ods_tblgen=$(realpath "$2"); shift 2 ;;
    --baseline) baseline=$(realpath "$2"); shift 2 ;;
    -h|--help) sed -n '2,29p' "$0"; exit 0 ;;
    *) echo "generator.sh: unknown argument '$1' (try --help)" >&2; exit 2 ;;
  esac
done
tblgen_tools generator.sh
if [ -z "$ods_tblgen" ]; then
  tblgen_build
fi

echo "ods-tblgen: $ods_tblgen${baseline:+; baseline: $baseline}"
tblgen_machine "$runs"
python3 - "$root" "$ods_tblgen" "$mlir_tblgen" "$mlir_include" "$runs" "$instructions" "$baseline" <<'PY'
import glob, os, re, subprocess, sys

root, ods, mlir, inc, runs, count, base = sys.argv[1:8]
runs, count = int(runs), count == "1"
sys.path.insert(0, os.path.join(root, "bench"))
from tblgen_measure import counter_name, cpu_once, instructions
dialect_dir = f"{inc}/mlir/Dialect"

# The ported dialects: our spec, its include directories (as the crate's
# build.rs passes them), and upstream's .td files generating the same ops.
PORTED = [
    ("arith", "ArithOps.ods", [], ["Arith/IR/ArithOps.td"]),
    ("func", "FuncOps.ods", [], ["Func/IR/FuncOps.td"]),
    ("cf", "ControlFlowOps.ods", ["arith"], ["ControlFlow/IR/ControlFlowOps.td"]),
    ("index", "IndexOps.ods", ["arith"], ["Index/IR/IndexOps.td"]),
    ("math", "MathOps.ods", ["arith", "ub"], ["Math/IR/MathOps.td"]),
    ("complex", "ComplexOps.ods", ["arith"], ["Complex/IR/ComplexOps.td"]),
    ("memref", "MemRefOps.ods", ["arith"], ["MemRef/IR/MemRefOps.td"]),
    ("tensor", "TensorOps.ods", ["arith", "complex", "memref"], ["Tensor/IR/TensorOps.td"]),
    ("scf", "SCFOps.ods", ["arith", "tensor"], ["SCF/IR/SCFOps.td"]),
    ("affine", "AffineOps.ods", ["arith"], ["Affine/IR/AffineOps.td"]),
    ("llvm", "LLVMOps.ods", [], ["LLVMIR/LLVMOps.td", "LLVMIR/LLVMIntrinsicOps.td"]),
    ("ub", "UBOps.ods", [], ["UB/IR/UBOps.td"]),
]

def cpu(argv):
    """Fastest CPU time of `runs` runs, or None when the command fails."""
    best = None
    for _ in range(runs):
        rc, t, _, _ = cpu_once(argv)
        if rc != 0:
            return None
        best = t if best is None else min(best, t)
    return best

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

def row(label, o, m, b=None, width=28):
    """One line: ods against mlir, and against the baseline when given."""
    line = f"{label:<{width}} ods {o[0]*1e3:9.1f} ms  mlir {m[0]*1e3:9.1f} ms  ratio {o[0]/m[0]:5.2f}"
    if o[1] and m[1]:
        line += f"   instructions {o[1]/1e6:8.1f}M / {m[1]/1e6:8.1f}M = {o[1]/m[1]:5.2f}"
    if b is not None:
        line += f"   baseline {b[0]*1e3:9.1f} ms"
        if b[1] and m[1]:
            line += f" {b[1]/1e6:8.1f}M = {b[1]/m[1]:5.2f} of mlir"
        if b[1] and o[1]:
            line += f", new/baseline {o[1]/b[1]:5.2f}"
    print(line, flush=True)

def add(total, x):
    total[0] += x[0]
    if count:
        total[1] += x[1] or 0

null = ["-o", os.devnull]
if count:
    print("instructions: " + counter_name())

# 1. Every upstream *Ops.td, --print-records.
print("\n== --print-records of every upstream *Ops.td")
files = sorted(glob.glob(f"{inc}/mlir/**/*Ops.td", recursive=True))
sum_o, sum_m, sum_b, skipped, llvm = [0.0, 0], [0.0, 0], [0.0, 0], [], None
for f in files:
    argv = ["--print-records", "-I", inc, f] + null
    o = measure([[ods] + argv])
    b = measure([[base] + argv]) if base else None
    if o is None or (base and b is None):
        skipped.append(os.path.relpath(f, inc))
        continue
    m = measure([[mlir] + argv])
    if m is None:
        skipped.append(os.path.relpath(f, inc) + " (mlir-tblgen fails)")
        continue
    add(sum_o, o); add(sum_m, m)
    if b:
        add(sum_b, b)
    if f.endswith("LLVMIR/LLVMOps.td"):
        llvm = (o, m, b)
print(f"{len(files) - len(skipped)} of {len(files)} files read by both")
for s in skipped:
    print(f"  left out: {s}")
if llvm:
    row("LLVMOps.td records", *llvm)
row("all *Ops.td records", sum_o, sum_m, sum_b if base else None)
records_ratio = sum_o[0] / sum_m[0]

# 2. The ported dialects.
print("\n== ported dialects: ods --gen-op-defs vs mlir -gen-op-decls + -gen-op-defs")
sum_o, sum_m, sum_b = [0.0, 0], [0.0, 0], [0.0, 0]
def ops_generated(ods_argv, td_paths):
    """How many ops each side's output defines: our op handles against
    upstream's op classes (so a row compares the same work)."""
    ours = subprocess.run(ods_argv, capture_output=True, text=True).stdout
    theirs = "".join(
        subprocess.run([mlir, "-gen-op-decls", "-I", inc, t], capture_output=True,
                       text=True).stdout for t in td_paths)
    return (len(re.findall(r"^pub struct \w+\(::ods_runtime::ir::OpId\);", ours, re.M)),
            len(re.findall(r"^class \w+ : public ::mlir::Op<", theirs, re.M)))

for name, spec, includes, tds in PORTED:
    ods_spec = f"{root}/dialects/{name}/ods/{spec}"
    td_paths = [f"{dialect_dir}/{td}" for td in tds]
    missing = [p for p in [ods_spec] + td_paths if not os.path.exists(p)]
    if missing:
        print(f"{name}: missing {missing[0]}")
        continue
    inc_args = sum((["-I", f"{root}/dialects/{i}/ods"] for i in includes), [])
    argv = ["--gen-op-defs"] + inc_args + [ods_spec] + null
    o = measure([[ods] + argv])
    b = measure([[base] + argv]) if base else None
    m = measure([[mlir, gen, "-I", inc, t] + null
                 for t in td_paths for gen in ("-gen-op-decls", "-gen-op-defs")])
    if o is None or m is None or (base and b is None):
        failed = "ods-tblgen" if o is None else "mlir-tblgen" if m is None else "baseline"
        print(f"{name}: {failed} failed")
        continue
    n_ods, n_mlir = ops_generated([ods] + argv[:-2], td_paths)
    row(f"{name} ({n_ods}/{n_mlir} ops)", o, m, b)
    add(sum_o, o); add(sum_m, m)
    if b:
        add(sum_b, b)
row("all ported dialects", sum_o, sum_m, sum_b if base else None)
print(f"\nratios (CPU, ods / mlir; goal: at most 1.00): records {records_ratio:.2f}, "
      f"dialect generation {sum_o[0] / sum_m[0]:.2f}")
PY
