#!/usr/bin/env bash
# Times ods-opt (release build) against mlir-opt-22 on an affine-heavy file
# from bench/gen_affine.py: parse + verify + print, and --lower-affine, both
# tools on one thread (--mlir-disable-threading), printing to /dev/null.
# Reports the best wall and CPU (user + system) times of N runs, the
# ods-opt / mlir-opt ratios, and whether both tools print the same bytes
# (checked once more, printing to files).
#
# usage: bench/lower_affine.sh [--mb SIZE] [--seed S] [--runs N] [--workdir DIR]
#   --mb       size of the generated file in MB (default 10)
#   --seed     the generator's seed (default 22)
#   --runs     runs per tool and mode; the best times are reported (default 3)
#   --workdir  where the generated file is kept between runs (default $TMPDIR or /tmp)
# Environment: MLIR_OPT (default /usr/lib/llvm-22/bin/mlir-opt).
set -euo pipefail
cd "$(dirname "$0")/.."

mb=10
seed=22
runs=3
workdir=${TMPDIR:-/tmp}
while [ $# -gt 0 ]; do
  case "$1" in
    --mb) mb=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --workdir) workdir=$2; shift 2 ;;
    -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
    *) echo "lower_affine.sh: unknown argument '$1' (try --help)" >&2; exit 2 ;;
  esac
done
mlir_opt=${MLIR_OPT:-/usr/lib/llvm-22/bin/mlir-opt}
for need in "$mlir_opt" /usr/bin/time; do
  [ -e "$need" ] || { echo "lower_affine.sh: $need not found" >&2; exit 2; }
done
mkdir -p "$workdir"

cargo build --release --quiet --bin ods-opt
ods_opt=$(cargo metadata --format-version 1 --no-deps \
  | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')/release/ods-opt

file="$workdir/affine-${mb}mb-seed${seed}.mlir"
[ -s "$file" ] || python3 bench/gen_affine.py "$mb" --seed "$seed" > "$file"
bytes=$(stat -c %s "$file")

# measure TOOL FLAGS...: "best_wall best_cpu max_rss_kib" over $runs runs,
# or FAILED when a run exits non-zero.
measure() {
  local tool=$1 best="" cpu="" rss=0 t m u k c
  shift
  for _ in $(seq "$runs"); do
    if ! /usr/bin/time -f '%e %M %U %S' -o "$workdir/lower-affine-time.txt" \
        "$tool" "$@" --mlir-disable-threading -o /dev/null "$file" \
        2>"$workdir/lower-affine-stderr.txt"; then
      echo "FAILED: $(head -n 2 "$workdir/lower-affine-stderr.txt")" >&2
      echo FAILED; return
    fi
    read -r t m u k < <(tail -n 1 "$workdir/lower-affine-time.txt")
    c=$(awk "BEGIN{print $u + $k}")
    if [ -z "$best" ] || awk "BEGIN{exit !($t < $best)}"; then best=$t; fi
    if [ -z "$cpu" ] || awk "BEGIN{exit !($c < $cpu)}"; then cpu=$c; fi
    if [ "$m" -gt "$rss" ]; then rss=$m; fi
  done
  echo "$best $cpu $rss"
}

ratio() { awk "BEGIN{printf \"%.2f\", $1 / $2}"; }

printf '%-22s %9s | %8s %7s %8s | %8s %7s %8s | %10s %9s %8s\n' \
  mode bytes ods_wall ods_cpu ods_MiB mlir_wall mlir_cpu mlir_MiB wall_ratio cpu_ratio same_out
for mode in parse-verify-print lower-affine; do
  case "$mode" in
    parse-verify-print) flags=() ;;
    lower-affine) flags=(--lower-affine) ;;
  esac
  read -r ods_t ods_c ods_m < <(measure "$ods_opt" "${flags[@]}") || true
  read -r mlir_t mlir_c mlir_m < <(measure "$mlir_opt" "${flags[@]}") || true
  same=no
  if "$ods_opt" "${flags[@]}" "$file" > "$workdir/lower-affine-ods.out" 2>/dev/null &&
     "$mlir_opt" "${flags[@]}" "$file" > "$workdir/lower-affine-mlir.out" 2>/dev/null &&
     cmp -s "$workdir/lower-affine-ods.out" "$workdir/lower-affine-mlir.out"; then same=yes; fi
  rm -f "$workdir/lower-affine-ods.out" "$workdir/lower-affine-mlir.out"
  if [ "$ods_t" = FAILED ] || [ "$mlir_t" = FAILED ]; then
    printf '%-22s %9s | failed\n' "$mode" "$bytes"
    continue
  fi
  printf '%-22s %9s | %8s %7s %8.1f | %8s %7s %8.1f | %10s %9s %8s\n' \
    "$mode" "$bytes" "$ods_t" "$ods_c" "$(awk "BEGIN{print $ods_m / 1024}")" \
    "$mlir_t" "$mlir_c" "$(awk "BEGIN{print $mlir_m / 1024}")" \
    "$(ratio "$ods_t" "$mlir_t")" "$(ratio "$ods_c" "$mlir_c")" "$same"
done
