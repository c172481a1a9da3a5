#!/usr/bin/env bash
# Times the lowering to the LLVM dialect, ods-opt (release build) against
# mlir-opt-22, on a func/arith/scf file from ../shared/bench/gen_mlir.py
# (`--form custom`; not in this repository), in two modes:
#   to-llvm:       --convert-scf-to-cf --convert-to-llvm --reconcile-unrealized-casts
#   canonicalize+: the same after --canonicalize
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
