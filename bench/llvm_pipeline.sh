#!/usr/bin/env bash
# Times the lowering to the LLVM dialect, ods-opt (release build) against
# mlir-opt-22, on a func/arith/scf file from ../shared/bench/gen_mlir.py
# (`--form custom`; not in this repository), in two modes:
#   to-llvm:       --convert-scf-to-cf --convert-to-llvm --reconcile-unrealized-casts
#   canonicalize+: the same after --canonicalize (mlir-opt's conversion
#                  driver folds ops before converting them and ours does
#                  not yet, so only this mode prints the same bytes on a
#                  generated file full of foldable ops)
# both tools on one thread (--mlir-disable-threading), printing to
# /dev/null. Reports the best wall and CPU (user + system) times of N runs,
# the peak memory (max RSS) of each tool, the ods-opt / mlir-opt ratios,
# and whether both tools print the same bytes (checked once more, printing
# to files).
#
# usage: bench/llvm_pipeline.sh [--mb SIZE] [--seed S] [--runs N] [--workdir DIR]
#   --mb       size of the generated file in MB (default 10)
#   --seed     the generator's seed (default 23)
#   --runs     runs per tool; the best times are reported (default 3)
#   --workdir  where the generated file is kept between runs (default $TMPDIR or /tmp)
# Environment: MLIR_OPT (default /usr/lib/llvm-22/bin/mlir-opt),
#   GEN_MLIR (default ../shared/bench/gen_mlir.py, relative to the repository root).
set -euo pipefail
cd "$(dirname "$0")/.."

mb=10
seed=23
runs=3
workdir=${TMPDIR:-/tmp}
while [ $# -gt 0 ]; do
  case "$1" in
    --mb) mb=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --workdir) workdir=$2; shift 2 ;;
    -h|--help) sed -n '2,23p' "$0"; exit 0 ;;
    *) echo "llvm_pipeline.sh: unknown argument '$1' (try --help)" >&2; exit 2 ;;
  esac
done
mlir_opt=${MLIR_OPT:-/usr/lib/llvm-22/bin/mlir-opt}
gen=${GEN_MLIR:-../shared/bench/gen_mlir.py}
for need in "$mlir_opt" /usr/bin/time "$gen"; do
  [ -e "$need" ] || { echo "llvm_pipeline.sh: $need not found" >&2; exit 2; }
done
mkdir -p "$workdir"

cargo build --release --quiet -p dialects --bin ods-opt
ods_opt=$(cargo metadata --format-version 1 --no-deps \
  | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')/release/ods-opt

file="$workdir/llvm-pipeline-${mb}mb-seed${seed}.mlir"
[ -s "$file" ] || python3 "$gen" "$mb" --form custom --seed "$seed" > "$file"
bytes=$(stat -c %s "$file")
pipeline=(--convert-scf-to-cf --convert-to-llvm --reconcile-unrealized-casts)

# measure TOOL: "best_wall best_cpu max_rss_kib" over $runs runs, or
# FAILED when a run exits non-zero.
measure() {
  local tool=$1 best="" cpu="" rss=0 t m u k c
  for _ in $(seq "$runs"); do
    if ! /usr/bin/time -f '%e %M %U %S' -o "$workdir/llvm-pipeline-time.txt" \
        "$tool" "${flags[@]}" --mlir-disable-threading -o /dev/null "$file" \
        2>"$workdir/llvm-pipeline-stderr.txt"; then
      echo "FAILED: $(head -n 2 "$workdir/llvm-pipeline-stderr.txt")" >&2
      echo FAILED; return
    fi
    read -r t m u k < <(tail -n 1 "$workdir/llvm-pipeline-time.txt")
    c=$(awk "BEGIN{print $u + $k}")
    if [ -z "$best" ] || awk "BEGIN{exit !($t < $best)}"; then best=$t; fi
    if [ -z "$cpu" ] || awk "BEGIN{exit !($c < $cpu)}"; then cpu=$c; fi
    if [ "$m" -gt "$rss" ]; then rss=$m; fi
  done
  echo "$best $cpu $rss"
}

ratio() { awk "BEGIN{printf \"%.2f\", $1 / $2}"; }

echo "pipeline: ${pipeline[*]}"
printf '%-14s %9s | %8s %7s %8s | %8s %7s %8s | %10s %9s %9s %8s\n' \
  mode bytes ods_wall ods_cpu ods_MiB mlir_wall mlir_cpu mlir_MiB wall_ratio cpu_ratio mem_ratio same_out
for mode in to-llvm canonicalize+; do
  case "$mode" in
    to-llvm) flags=("${pipeline[@]}") ;;
    canonicalize+) flags=(--canonicalize "${pipeline[@]}") ;;
  esac
  read -r ods_t ods_c ods_m < <(measure "$ods_opt") || true
  read -r mlir_t mlir_c mlir_m < <(measure "$mlir_opt") || true
  same=no
  if "$ods_opt" "${flags[@]}" --mlir-disable-threading "$file" > "$workdir/llvm-pipeline-ods.out" 2>/dev/null &&
     "$mlir_opt" "${flags[@]}" --mlir-disable-threading "$file" > "$workdir/llvm-pipeline-mlir.out" 2>/dev/null &&
     cmp -s "$workdir/llvm-pipeline-ods.out" "$workdir/llvm-pipeline-mlir.out"; then same=yes; fi
  rm -f "$workdir/llvm-pipeline-ods.out" "$workdir/llvm-pipeline-mlir.out"
  if [ "$ods_t" = FAILED ] || [ "$mlir_t" = FAILED ]; then
    printf '%-14s %9s | failed\n' "$mode" "$bytes"
    continue
  fi
  printf '%-14s %9s | %8s %7s %8.1f | %8s %7s %8.1f | %10s %9s %9s %8s\n' \
    "$mode" "$bytes" "$ods_t" "$ods_c" "$(awk "BEGIN{print $ods_m / 1024}")" \
    "$mlir_t" "$mlir_c" "$(awk "BEGIN{print $mlir_m / 1024}")" \
    "$(ratio "$ods_t" "$mlir_t")" "$(ratio "$ods_c" "$mlir_c")" "$(ratio "$ods_m" "$mlir_m")" "$same"
done
