#!/usr/bin/env bash
# Times the lowering to the LLVM dialect, ods-opt (release build) against
# mlir-opt-22, on a func/arith/scf file from ../shared/bench/gen_mlir.py
# (`--form custom`; not in this repository), in two modes:
#   to-llvm:       --convert-scf-to-cf --convert-to-llvm --reconcile-unrealized-casts
#   canonicalize+: the same after --canonicalize
#   to-llvmir:     the pipeline, then translation to LLVM IR: ods-opt |
#                  ods-translate --mlir-to-llvmir against mlir-opt-22 |
#                  mlir-translate-22 --mlir-to-llvmir (both processes' CPU)
# (the generated file is full of foldable ops; both conversion drivers fold
# each op before converting it, so both modes print the same bytes)
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
#   MLIR_TRANSLATE (default /usr/lib/llvm-22/bin/mlir-translate),
#   GEN_MLIR (default ../shared/bench/gen_mlir.py, relative to the repository root).
set -euo pipefail
cd "$(dirname "$0")/.."
bench_name=llvm-pipeline
seed=23
# shellcheck source=bench/opt_compare.sh
. bench/opt_compare.sh
bench_setup "$@"
gen=${GEN_MLIR:-../shared/bench/gen_mlir.py}
bench_need "$gen"
bench_build

file="$workdir/llvm-pipeline-${mb}mb-seed${seed}.mlir"
[ -s "$file" ] || python3 "$gen" "$mb" --form custom --seed "$seed" > "$file"
pipeline=(--convert-scf-to-cf --convert-to-llvm --reconcile-unrealized-casts)

echo "pipeline: ${pipeline[*]}"
compare_header
compare_mode to-llvm "${pipeline[@]}"
compare_mode canonicalize+ --canonicalize "${pipeline[@]}"

# The whole way to LLVM IR: each tool's output piped into its translator.
mlir_translate=${MLIR_TRANSLATE:-/usr/lib/llvm-22/bin/mlir-translate}
bench_need "$mlir_translate"
cargo build --release --quiet -p ods-translate --bin ods-translate
ods_translate="$(dirname "$ods_opt")/ods-translate"

# measure_to_llvmir OPT TRANSLATE: "best_wall best_cpu max_rss_kib" of
# OPT's pipeline piped into TRANSLATE over $runs runs (the CPU of both
# processes; the larger peak memory of the two), or FAILED.
measure_to_llvmir() {
  local opt=$1 translate=$2 best="" cpu="" rss=0 t m u k c
  for _ in $(seq "$runs"); do
    if ! /usr/bin/time -f '%e %M %U %S' -o "$workdir/$bench_name-time.txt" \
        bash -o pipefail -c '"$1" "${@:4}" --mlir-disable-threading "$3" | "$2" --mlir-to-llvmir -o /dev/null' \
        _ "$opt" "$translate" "$file" "${pipeline[@]}" 2>"$workdir/$bench_name-stderr.txt"; then
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

read -r ods_t ods_c ods_m < <(measure_to_llvmir "$ods_opt" "$ods_translate") || true
read -r mlir_t mlir_c mlir_m < <(measure_to_llvmir "$mlir_opt" "$mlir_translate") || true
same=no
if "$ods_opt" "${pipeline[@]}" --mlir-disable-threading "$file" 2>/dev/null \
     | "$ods_translate" --mlir-to-llvmir > "$workdir/$bench_name-ods.ll" 2>/dev/null &&
   "$mlir_opt" "${pipeline[@]}" --mlir-disable-threading "$file" 2>/dev/null \
     | "$mlir_translate" --mlir-to-llvmir > "$workdir/$bench_name-mlir.ll" 2>/dev/null &&
   cmp -s "$workdir/$bench_name-ods.ll" "$workdir/$bench_name-mlir.ll"; then same=yes; fi
rm -f "$workdir/$bench_name-ods.ll" "$workdir/$bench_name-mlir.ll"
if [ "$ods_t" = FAILED ] || [ "$mlir_t" = FAILED ]; then
  printf '%-22s %9s | failed\n' to-llvmir "$(stat -c %s "$file")"
else
  printf '%-22s %9s | %8s %7s %8.1f | %8s %7s %8.1f | %10s %9s %9s %8s\n' \
    to-llvmir "$(stat -c %s "$file")" "$ods_t" "$ods_c" "$(awk "BEGIN{print $ods_m / 1024}")" \
    "$mlir_t" "$mlir_c" "$(awk "BEGIN{print $mlir_m / 1024}")" \
    "$(ratio "$ods_t" "$mlir_t")" "$(ratio "$ods_c" "$mlir_c")" "$(ratio "$ods_m" "$mlir_m")" "$same"
fi
