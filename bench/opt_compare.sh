# The part bench/lower_affine.sh and bench/llvm_pipeline.sh share (sourced
# by both, not run): their options, the release build of ods-opt, and the
# timing of ods-opt against mlir-opt-22 on one generated file, both tools
# on one thread (--mlir-disable-threading), printing to /dev/null.
#
# The sourcing script sets, before calling bench_setup "$@":
#   bench_name  its name, for messages and the names of its scratch files
#   seed        its default generator seed
# and after it, `file`, the input (generated into $workdir once).
# bench_setup leaves mb, seed, runs, workdir and mlir_opt set; bench_build
# sets ods_opt.

# bench_setup ARGS...: reads --mb, --seed, --runs, --workdir (--help prints
# the calling script's header comment) and checks that mlir-opt and
# /usr/bin/time are there.
bench_setup() {
  mb=10
  runs=3
  workdir=${TMPDIR:-/tmp}
  while [ $# -gt 0 ]; do
    case "$1" in
      --mb) mb=$2; shift 2 ;;
      --seed) seed=$2; shift 2 ;;
      --runs) runs=$2; shift 2 ;;
      --workdir) workdir=$2; shift 2 ;;
      -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d'; exit 0 ;;
      *) echo "$bench_name: unknown argument '$1' (try --help)" >&2; exit 2 ;;
    esac
  done
  mlir_opt=${MLIR_OPT:-/usr/lib/llvm-22/bin/mlir-opt}
  bench_need "$mlir_opt" /usr/bin/time
  mkdir -p "$workdir"
}

# bench_build: builds ods-opt (release) and sets ods_opt to it.
bench_build() {
  # ods-opt lives in the `dialects` package (it registers every dialect).
  cargo build --release --quiet -p dialects --bin ods-opt
  ods_opt=$(cargo metadata --format-version 1 --no-deps \
    | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')/release/ods-opt
}

# bench_need PATH...: exits when one of them is missing.
bench_need() {
  for need in "$@"; do
    [ -e "$need" ] || { echo "$bench_name: $need not found" >&2; exit 2; }
  done
}

# measure TOOL FLAGS...: "best_wall best_cpu max_rss_kib" over $runs runs
# on $file, or FAILED when a run exits non-zero.
measure() {
  local tool=$1 best="" cpu="" rss=0 t m u k c
  shift
  for _ in $(seq "$runs"); do
    if ! /usr/bin/time -f '%e %M %U %S' -o "$workdir/$bench_name-time.txt" \
        "$tool" "$@" --mlir-disable-threading -o /dev/null "$file" \
        2>"$workdir/$bench_name-stderr.txt"; then
      echo "FAILED: $(head -n 2 "$workdir/$bench_name-stderr.txt")" >&2
      echo FAILED; return
    fi
    read -r t m u k < <(tail -n 1 "$workdir/$bench_name-time.txt")
    c=$(awk "BEGIN{print $u + $k}")
    if [ -z "$best" ] || awk "BEGIN{exit !($t < $best)}"; then best=$t; fi
    if [ -z "$cpu" ] || awk "BEGIN{exit !($c < $cpu)}"; then cpu=$c; fi
    if [ "$m" -gt "$rss" ]; then rss=$m; fi
  done
  echo "$best $cpu $rss"
}

ratio() { awk "BEGIN{printf \"%.2f\", $1 / $2}"; }

# compare_header: the header of the rows compare_mode prints.
compare_header() {
  printf '%-22s %9s | %8s %7s %8s | %8s %7s %8s | %10s %9s %9s %8s\n' \
    mode bytes ods_wall ods_cpu ods_MiB mlir_wall mlir_cpu mlir_MiB wall_ratio cpu_ratio mem_ratio same_out
}

# compare_mode MODE FLAGS...: times both tools with FLAGS on $file and
# prints one row: best times, peak memory, ods-opt / mlir-opt ratios, and
# whether both print the same bytes (checked once more, into files).
compare_mode() {
  local mode=$1 bytes ods_t ods_c ods_m mlir_t mlir_c mlir_m same=no
  shift
  bytes=$(stat -c %s "$file")
  read -r ods_t ods_c ods_m < <(measure "$ods_opt" "$@") || true
  read -r mlir_t mlir_c mlir_m < <(measure "$mlir_opt" "$@") || true
  if "$ods_opt" "$@" --mlir-disable-threading "$file" > "$workdir/$bench_name-ods.out" 2>/dev/null &&
     "$mlir_opt" "$@" --mlir-disable-threading "$file" > "$workdir/$bench_name-mlir.out" 2>/dev/null &&
     cmp -s "$workdir/$bench_name-ods.out" "$workdir/$bench_name-mlir.out"; then same=yes; fi
  rm -f "$workdir/$bench_name-ods.out" "$workdir/$bench_name-mlir.out"
  if [ "$ods_t" = FAILED ] || [ "$mlir_t" = FAILED ]; then
    printf '%-22s %9s | failed\n' "$mode" "$bytes"
    return
  fi
  printf '%-22s %9s | %8s %7s %8.1f | %8s %7s %8.1f | %10s %9s %9s %8s\n' \
    "$mode" "$bytes" "$ods_t" "$ods_c" "$(awk "BEGIN{print $ods_m / 1024}")" \
    "$mlir_t" "$mlir_c" "$(awk "BEGIN{print $mlir_m / 1024}")" \
    "$(ratio "$ods_t" "$mlir_t")" "$(ratio "$ods_c" "$mlir_c")" "$(ratio "$ods_m" "$mlir_m")" "$same"
}
