#!/usr/bin/env bash
# Builds the C++ twin of the testfmt dialect (steps in twin_lib.sh).
#
# In: this directory's TestFormatOps.td and testfmt.cpp. Out:
# OUT_DIR/testfmt-opt (and the generated *.inc files beside it).
#
# Usage: tests/twin/build.sh OUT_DIR
# Needs: mlir-tblgen-22 (mlir-22-tools), llvm-config-22 (llvm-22),
# the LLVM headers (llvm-22-dev), the MLIR headers and libMLIR.so
# (libmlir-22-dev), and g++.
set -euo pipefail
src="$(cd "$(dirname "$0")" && pwd)"
# shellcheck source=twin_lib.sh
. "$src/twin_lib.sh" "$@"

td="$src/TestFormatOps.td"
twin_gen "$td" gen-op-decls TestfmtOps.h.inc
twin_gen "$td" gen-op-defs TestfmtOps.cpp.inc
twin_gen "$td" gen-dialect-decls TestfmtDialect.h.inc -dialect=testfmt
twin_gen "$td" gen-dialect-defs TestfmtDialect.cpp.inc -dialect=testfmt
twin_gen "$td" gen-enum-decls TestfmtEnums.h.inc
twin_gen "$td" gen-enum-defs TestfmtEnums.cpp.inc
twin_gen "$td" gen-attrdef-decls TestfmtAttrDefs.h.inc -attrdefs-dialect=testfmt
twin_gen "$td" gen-attrdef-defs TestfmtAttrDefs.cpp.inc -attrdefs-dialect=testfmt
twin_gen "$td" gen-typedef-decls TestfmtTypeDefs.h.inc -typedefs-dialect=testfmt
twin_gen "$td" gen-typedef-defs TestfmtTypeDefs.cpp.inc -typedefs-dialect=testfmt
twin_link "$src/testfmt.cpp" testfmt-opt
