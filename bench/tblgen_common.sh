# Shared by bench/generator.sh and bench/ods_tblgen.sh (sourced, not run):
# the tools both compare and the ods-tblgen binary they time.
#
#   tblgen_tools NAME     sets mlir_tblgen and mlir_include (from
#                         MLIR_TBLGEN, MLIR_INCLUDE) and checks that they
#                         and python3 exist; NAME prefixes the error
#   tblgen_build          builds a release ods-tblgen of this tree; sets
#                         target_dir and ods_tblgen
#   tblgen_machine RUNS   prints the machine line both scripts start with
# The measuring itself (CPU time of one child, instruction counts) is
# bench/tblgen_measure.py, which both scripts' Python imports.

tblgen_tools() {
  mlir_tblgen=${MLIR_TBLGEN:-/usr/lib/llvm-22/bin/mlir-tblgen}
  mlir_include=${MLIR_INCLUDE:-/usr/lib/llvm-22/include}
  local need
  for need in "$mlir_tblgen" "$mlir_include/mlir/IR/OpBase.td" python3; do
    command -v "$need" >/dev/null 2>&1 || [ -e "$need" ] \
      || { echo "$1: $need not found" >&2; exit 2; }
  done
}

tblgen_build() {
  cargo build --release --quiet -p ods-spec --bin ods-tblgen
  target_dir=$(cargo metadata --format-version 1 --no-deps \
    | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')
  ods_tblgen=$target_dir/release/ods-tblgen
}

tblgen_machine() {
  echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg); $1 runs per command"
}
