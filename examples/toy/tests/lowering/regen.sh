#!/bin/sh
# Regenerates the expected outputs of the lowering cases from upstream's
# toyc-ch5 (built by ../../oracle/build.sh): for each NAME.toy,
#   NAME.input.mlir     what `toyc-ch5 -emit=mlir -opt` prints: chapter 4's
#                       optimized Toy IR, the input our lowering is run on;
#   NAME.expected.mlir  what `toyc-ch5 -emit=mlir-affine` prints: that IR
#                       lowered, then canonicalized and CSE'd on func.func.
# toyc writes both on stderr; its status is 0 even when the lowering
# fails (the pass manager's error is printed, the module is not).
# Usage: regen.sh BIN_DIR
set -eu
bin=${1:?usage: regen.sh BIN_DIR}
cd "$(dirname "$0")"
for toy in *.toy; do
  name=${toy%.toy}
  "$bin/toyc-ch5" "$toy" -emit=mlir -opt 2>"$name.input.mlir" >/dev/null
  "$bin/toyc-ch5" "$toy" -emit=mlir-affine 2>"$name.expected.mlir" >/dev/null || true
done
