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
bench_name=lower-affine
seed=22
# shellcheck source=bench/opt_compare.sh
. bench/opt_compare.sh
bench_setup "$@"
bench_build

file="$workdir/affine-${mb}mb-seed${seed}.mlir"
[ -s "$file" ] || python3 bench/gen_affine.py "$mb" --seed "$seed" > "$file"
compare_header
compare_mode parse-verify-print
compare_mode lower-affine --lower-affine
