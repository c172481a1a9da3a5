#!/usr/bin/env bash
# Builds the C++ twin of the drrt dialect, its patterns through
# -gen-rewriters (steps in tests/twin/twin_lib.sh).
#
# In: this directory's DrrTest.td and drrt.cpp. Out: OUT_DIR/drrt-twin-opt.
# Usage: build.sh OUT_DIR. Needs mlir-tblgen-22, llvm-config-22, the LLVM
# and MLIR 22 headers, libMLIR.so and g++.
set -euo pipefail
src="$(cd "$(dirname "$0")" && pwd)"
# shellcheck source=../../../tests/twin/twin_lib.sh
. "$src/../../../tests/twin/twin_lib.sh" "$@"

td="$src/DrrTest.td"
twin_gen "$td" gen-op-decls DrrtOps.h.inc
twin_gen "$td" gen-op-defs DrrtOps.cpp.inc
twin_gen "$td" gen-dialect-decls DrrtDialect.h.inc -dialect=drrt
twin_gen "$td" gen-dialect-defs DrrtDialect.cpp.inc -dialect=drrt
twin_gen "$td" gen-rewriters DrrtRewriters.inc
twin_link "$src/drrt.cpp" drrt-twin-opt
