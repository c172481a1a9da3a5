#!/usr/bin/env bash
# Compares ods-opt (release build) with the real mlir-opt on large generated
# files: best-of-N wall time and CPU time (user + system), peak RSS, op count
# and bytes per op, and the ods-opt / mlir-opt ratios. On a machine shared
# with other jobs the CPU-time ratio is the steadier one. Both tools parse,
# verify and print to /dev/null on one thread: the generic form of
# unregistered ops (--form generic-unregistered, the default), or func/arith
# (and scf) in their custom forms, printed custom (--form custom-no-scf,
# --form custom).
#
# usage: bench/compare.sh [--gen PATH] [--form F] [--runs N] [--sizes "10 50"] [--workdir DIR]
#                         [--baseline PATH] [--passes "FLAGS"]
#   --gen      the generator script (default ../shared/bench/gen_mlir.py, relative to the repository root;
#              it is not part of this repository, so pass its path elsewhere)
#   --form     what gen_mlir.py writes: generic-unregistered (default),
#              custom-no-scf or custom
#   --runs     runs per tool and file; the best wall and CPU times are reported
#              (default 3)
#   --sizes    file sizes in MB (default "10 50")
#   --workdir  where generated files are kept between runs (default $TMPDIR or /tmp)
#   --baseline another ods-opt binary (a copy of an earlier build), timed right
#              after this one on each file and shown on its own row: a change
#              measured back to back, under the same load
#   --passes   pass flags both tools run before printing (e.g. "--cse"), also
#              given to the output check
# Environment: MLIR_OPT (default /usr/lib/llvm-22/bin/mlir-opt).
set -euo pipefail
cd "$(dirname "$0")/.."

gen=../shared/bench/gen_mlir.py
form=generic-unregistered
runs=3
sizes="10 50"
workdir=${TMPDIR:-/tmp}
baseline=""
passes=""
while [ $# -gt 0 ]; do
  case "$1" in
    --gen) gen=$2; shift 2 ;;
    --form) form=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --sizes) sizes=$2; shift 2 ;;
    --workdir) workdir=$2; shift 2 ;;
    --baseline) baseline=$2; shift 2 ;;
    --passes) passes=$2; shift 2 ;;
    -h|--help) sed -n '2,26p' "$0"; exit 0 ;;
    *) echo "compare.sh: unknown argument '$1' (try --help)" >&2; exit 2 ;;
  esac
done
mlir_opt=${MLIR_OPT:-/usr/lib/llvm-22/bin/mlir-opt}
for need in "$gen" "$mlir_opt" /usr/bin/time ${baseline:+"$baseline"}; do
  [ -e "$need" ] || { echo "compare.sh: $need not found" >&2; exit 2; }
done
mkdir -p "$workdir"

cargo build --release --quiet --bin ods-opt
ods_opt=$(cargo metadata --format-version 1 --no-deps \
  | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')/release/ods-opt

# The flags before --mlir-disable-threading are also those of the output check.
case "$form" in
  generic-unregistered)
    flags=(--allow-unregistered-dialect --mlir-print-op-generic --mlir-disable-threading -o /dev/null)
    ops_pattern='"t\.' ;;
  custom|custom-no-scf)
    flags=(--mlir-disable-threading -o /dev/null)
    ops_pattern='^ *(%[^=]* = )?(arith|func|scf)\.|^ *return ' ;;
  *) echo "compare.sh: unknown form '$form'" >&2; exit 2 ;;
esac
# Pass flags come first, so the output check runs them too.
read -r -a pass_flags <<< "$passes"
flags=("${pass_flags[@]}" "${flags[@]}")
checked=$(( ${#flags[@]} - 3 ))

# measure TOOL FILE: prints "best_wall_seconds max_rss_kib best_cpu_seconds"
# over $runs runs (CPU: user + system), or "FAILED" if any run exits non-zero.
measure() {
  local tool=$1 file=$2 best="" rss=0 cpu="" t m u k c
  for _ in $(seq "$runs"); do
    if ! /usr/bin/time -f '%e %M %U %S' -o "$workdir/compare-time.txt" \
        "$tool" "${flags[@]}" "$file" 2>"$workdir/compare-stderr.txt"; then
      echo "FAILED: $(head -c 300 "$workdir/compare-stderr.txt" | head -n 2)" >&2
      echo FAILED; return
    fi
    read -r t m u k < <(tail -n 1 "$workdir/compare-time.txt")
    c=$(awk "BEGIN{print $u + $k}")
    if [ -z "$best" ] || awk "BEGIN{exit !($t < $best)}"; then best=$t; fi
    if [ -z "$cpu" ] || awk "BEGIN{exit !($c < $cpu)}"; then cpu=$c; fi
    if [ "$m" -gt "$rss" ]; then rss=$m; fi
  done
  echo "$best $rss $cpu"
}

printf '%-8s %10s %10s %9s | %-8s %7s %6s %8s | %-8s %7s %6s %8s | %10s %9s %9s %8s\n' \
  size bytes ops bytes/op tool wall_s cpu_s rss_MiB tool wall_s cpu_s rss_MiB time_ratio cpu_ratio rss_ratio same_out
for mb in $sizes; do
  file="$workdir/bench-${mb}mb-$form.mlir"
  [ -s "$file" ] || python3 "$gen" "$mb" --form "$form" > "$file"
  bytes=$(stat -c %s "$file")
  ops=$(grep -cE "$ops_pattern" "$file")
  read -r ods_t ods_m ods_c < <(measure "$ods_opt" "$file") || true
  if [ -n "$baseline" ]; then
    read -r base_t base_m base_c < <(measure "$baseline" "$file") || true
  fi
  read -r mlir_t mlir_m mlir_c < <(measure "$mlir_opt" "$file") || true
  # One more run of each, printing to files: the outputs must be identical.
  same=no
  if "$ods_opt" "${flags[@]:0:checked}" "$file" > "$workdir/compare-ods.out" 2>/dev/null &&
     "$mlir_opt" "${flags[@]:0:checked}" "$file" > "$workdir/compare-mlir.out" 2>/dev/null &&
     cmp -s "$workdir/compare-ods.out" "$workdir/compare-mlir.out"; then same=yes; fi
  rm -f "$workdir/compare-ods.out" "$workdir/compare-mlir.out"
  ratio() { [ "$1" = FAILED ] || [ "$2" = FAILED ] && { echo "-"; return; }; awk "BEGIN{printf \"%.2f\", $1 / $2}"; }
  mib() { [ "${1:-}" = "" ] && { echo "-"; return; }; awk "BEGIN{printf \"%.1f\", $1 / 1024}"; }
  # row TOOL WALL CPU RSS SAME: one line, TOOL against mlir-opt.
  row() {
    printf '%-8s %10s %10s %9.1f | %-8s %7s %6s %8s | %-8s %7s %6s %8s | %10s %9s %9s %8s\n' \
      "${mb}MB" "$bytes" "$ops" "$(awk "BEGIN{print $bytes / $ops}")" \
      "$1" "$2" "${3:--}" "$(mib "${4:-}")" \
      mlir-opt "$mlir_t" "${mlir_c:--}" "$(mib "${mlir_m:-}")" \
      "$(ratio "$2" "$mlir_t")" "$(ratio "${3:-FAILED}" "${mlir_c:-FAILED}")" \
      "$(ratio "${4:-FAILED}" "${mlir_m:-FAILED}")" "$5"
  }
  row ods-opt "$ods_t" "${ods_c:-}" "${ods_m:-}" "$same"
  if [ -n "$baseline" ]; then row baseline "$base_t" "${base_c:-}" "${base_m:-}" -; fi
done
