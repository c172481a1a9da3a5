#!/usr/bin/env bash
# Times ods-tblgen (release build) against mlir-tblgen on generated specs of
# N ops (bench/gen_ods.py), in one run, on the same files:
#   mlir-tblgen --print-records       vs  ods-tblgen --print-records
#   mlir-tblgen -gen-op-decls + -gen-op-defs  vs  ods-tblgen --gen-op-defs
# and, as a reference point, both front ends on upstream's ArithOps.td.
# Each command runs --runs times after one warm-up; the table shows the
# fastest and the median wall time and the mean CPU time (user + system),
# which the other jobs of a busy machine disturb less than wall time.
#
# usage: bench/ods_tblgen.sh [--sizes "100 500"] [--runs N] [--workdir DIR]
#                             [--baseline PATH]
#   --sizes    op counts of the generated specs (default "500")
#   --runs     timed runs per command (default 10)
#   --workdir  where the specs and outputs go (default target/bench-ods)
#   --baseline another ods-tblgen binary (say, a copy of an earlier build)
#              timed in the same run, right after this one, on the same
#              files; its --gen-op-defs output must be the same
# Environment: MLIR_TBLGEN (default /usr/lib/llvm-22/bin/mlir-tblgen),
#              MLIR_INCLUDE (default /usr/lib/llvm-22/include).
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/tblgen_common.sh

sizes="500"
runs=10
workdir=""
baseline=""
while [ $# -gt 0 ]; do
  case "$1" in
    --sizes) sizes=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --workdir) workdir=$2; shift 2 ;;
    --baseline) baseline=$(realpath "$2"); shift 2 ;;
    -h|--help) sed -n '2,22p' "$0"; exit 0 ;;
    *) echo "ods_tblgen.sh: unknown argument '$1' (try --help)" >&2; exit 2 ;;
  esac
done
tblgen_tools ods_tblgen.sh
tblgen_build
workdir=${workdir:-$target_dir/bench-ods}
mkdir -p "$workdir"

# --gen-op-defs is measured once ods-tblgen has it.
python3 bench/gen_ods.py 3 -o "$workdir/probe.td"
if "$ods_tblgen" --gen-op-defs "$workdir/probe.td" -o /dev/null 2>/dev/null; then
  have_op_defs=1
else
  have_op_defs=0
  echo "note: this ods-tblgen has no --gen-op-defs yet; timing --print-records only" >&2
fi

# Each line of the plan: label <TAB> spec <TAB> command (run by sh -c).
plan=$workdir/plan.tsv
: > "$plan"
arith=$mlir_include/mlir/Dialect/Arith/IR/ArithOps.td
inc=(-I "$mlir_include")
add() { printf '%s\t%s\t%s\n' "$1" "$2" "$3" >> "$plan"; }
if [ -e "$arith" ]; then
  add "mlir-tblgen --print-records" "ArithOps.td" "$mlir_tblgen --print-records ${inc[*]} $arith -o /dev/null"
  add "ods-tblgen --print-records" "ArithOps.td" "$ods_tblgen --print-records ${inc[*]} $arith -o /dev/null"
  [ -n "$baseline" ] && add "baseline --print-records" "ArithOps.td" "$baseline --print-records ${inc[*]} $arith -o /dev/null"
fi
for n in $sizes; do
  spec=$workdir/ops$n.td
  python3 bench/gen_ods.py "$n" -o "$spec"
  add "mlir-tblgen --print-records" "$n ops" "$mlir_tblgen --print-records ${inc[*]} $spec -o /dev/null"
  add "ods-tblgen --print-records" "$n ops" "$ods_tblgen --print-records $spec -o /dev/null"
  [ -n "$baseline" ] && add "baseline --print-records" "$n ops" "$baseline --print-records $spec -o /dev/null"
  add "mlir-tblgen -gen-op-decls" "$n ops" "$mlir_tblgen -gen-op-decls ${inc[*]} $spec -o $workdir/ops$n.h.inc"
  add "mlir-tblgen -gen-op-defs" "$n ops" "$mlir_tblgen -gen-op-defs ${inc[*]} $spec -o $workdir/ops$n.cpp.inc"
  if [ "$have_op_defs" = 1 ]; then
    add "ods-tblgen --gen-op-defs" "$n ops" "$ods_tblgen --gen-op-defs $spec -o $workdir/ops$n.rs"
  fi
  if [ -n "$baseline" ]; then
    add "baseline --gen-op-defs" "$n ops" "$baseline --gen-op-defs $spec -o $workdir/ops$n.base.rs"
  fi
done

echo "ods-tblgen: $ods_tblgen${baseline:+; baseline: $baseline}"
tblgen_machine "$runs"
python3 - "$plan" "$runs" "$(pwd)/bench" <<'PY'
import shlex, statistics, sys

plan, runs = sys.argv[1], int(sys.argv[2])
sys.path.insert(0, sys.argv[3])
from tblgen_measure import cpu_once
rows = [l.rstrip("\n").split("\t") for l in open(plan) if l.strip()]

results = {}
print(f"{'command':<30} {'input':<12} {'min ms':>8} {'median ms':>10} {'cpu ms':>8}")
for label, spec, cmd in rows:
    rc, _, _, err = cpu_once(shlex.split(cmd))  # warm-up, and the check that it works
    if rc != 0:
        print(f"{label:<30} {spec:<12} FAILED (exit {rc}): {err.decode(errors='replace').strip()[:200]}")
        continue
    walls, cpus = [], []
    for _ in range(runs):
        _, cpu, wall, _ = cpu_once(shlex.split(cmd))
        walls.append(wall)
        cpus.append(cpu)
    cpu = sum(cpus) / runs
    results[(label, spec)] = (min(walls), statistics.median(walls), cpu)
    print(f"{label:<30} {spec:<12} {min(walls)*1e3:8.1f} {statistics.median(walls)*1e3:10.1f} {cpu*1e3:8.1f}")

# mlir-tblgen needs two runs (declarations and definitions) for what
# ods-tblgen writes in one Rust file.
specs = sorted({s for _, s in results}, key=lambda s: (len(s), s))
for spec in specs:
    d = results.get(("mlir-tblgen -gen-op-decls", spec))
    f = results.get(("mlir-tblgen -gen-op-defs", spec))
    o = results.get(("ods-tblgen --gen-op-defs", spec))
    if d and f:
        both = tuple(a + b for a, b in zip(d, f))
        print(f"{'mlir-tblgen decls + defs':<30} {spec:<12} {both[0]*1e3:8.1f} {both[1]*1e3:10.1f} {both[2]*1e3:8.1f}")
        if o:
            print(f"{'  ods-tblgen / mlir-tblgen':<30} {spec:<12} {o[0]/both[0]:8.2f} {o[1]/both[1]:10.2f} {o[2]/both[2]:8.2f}")
    m = results.get(("mlir-tblgen --print-records", spec))
    r = results.get(("ods-tblgen --print-records", spec))
    if m and r:
        print(f"{'  records ods / mlir':<30} {spec:<12} {r[0]/m[0]:8.2f} {r[1]/m[1]:10.2f} {r[2]/m[2]:8.2f}")
    for what in ("--gen-op-defs", "--print-records"):
        b = results.get((f"baseline {what}", spec))
        n = results.get((f"ods-tblgen {what}", spec))
        if b and n:
            print(f"{'  ' + what + ' new / baseline':<30} {spec:<12} {n[0]/b[0]:8.2f} {n[1]/b[1]:10.2f} {n[2]/b[2]:8.2f}")
PY
if [ -n "$baseline" ]; then
  for n in $sizes; do
    if [ -e "$workdir/ops$n.rs" ] && ! cmp -s "$workdir/ops$n.rs" "$workdir/ops$n.base.rs"; then
      echo "note: --gen-op-defs output of $n ops differs from the baseline's" >&2
    fi
  done
fi
