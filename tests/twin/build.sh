#!/usr/bin/env bash
# Builds the C++ twin of the testfmt dialect: `mlir-tblgen-22` turns
# TestFormatOps.td into C++, `g++` compiles it with testfmt.cpp against
# Debian's LLVM/MLIR 22 headers and links it with libMLIR.so.
#
# In: this directory's TestFormatOps.td and testfmt.cpp. Out:
# OUT_DIR/testfmt-opt (and the generated *.inc files beside it).
#
# Usage: tests/twin/build.sh OUT_DIR
# Needs: mlir-tblgen-22 (mlir-22-tools), llvm-config-22 (llvm-22),
# the LLVM headers (llvm-22-dev), the MLIR headers and libMLIR.so
# (libmlir-22-dev), and g++. LLVM_CONFIG, MLIR_TBLGEN and CXX override
# the tools.
set -euo pipefail

if [ $# -ne 1 ]; then
  echo "usage: $0 OUT_DIR" >&2
  exit 2
fi
src="$(cd "$(dirname "$0")" && pwd)"
out="$1"
mkdir -p "$out"
out="$(cd "$out" && pwd)"

llvm_config="${LLVM_CONFIG:-llvm-config-22}"
tblgen="${MLIR_TBLGEN:-mlir-tblgen-22}"
cxx="${CXX:-g++}"
include_dir="$("$llvm_config" --includedir)"
lib_dir="$("$llvm_config" --libdir)"

td="$src/TestFormatOps.td"
gen() { # gen GENERATOR OUTPUT [EXTRA...]
  "$tblgen" "-$1" -I "$include_dir" -I "$src" "$td" -o "$out/$2.tmp" "${@:3}"
  mv "$out/$2.tmp" "$out/$2"
}
gen gen-op-decls TestfmtOps.h.inc
gen gen-op-defs TestfmtOps.cpp.inc
gen gen-dialect-decls TestfmtDialect.h.inc -dialect=testfmt
gen gen-dialect-defs TestfmtDialect.cpp.inc -dialect=testfmt
gen gen-enum-decls TestfmtEnums.h.inc
gen gen-enum-defs TestfmtEnums.cpp.inc
gen gen-attrdef-decls TestfmtAttrDefs.h.inc -attrdefs-dialect=testfmt
gen gen-attrdef-defs TestfmtAttrDefs.cpp.inc -attrdefs-dialect=testfmt
gen gen-typedef-decls TestfmtTypeDefs.h.inc -typedefs-dialect=testfmt
gen gen-typedef-defs TestfmtTypeDefs.cpp.inc -typedefs-dialect=testfmt

# -O0: the twin runs on small files, so compile time is what counts.
# -fno-exceptions / -fno-rtti: as LLVM itself is built (llvm-config).
# shellcheck disable=SC2046
"$cxx" $("$llvm_config" --cxxflags) -fno-rtti -O0 -w \
  -I "$out" "$src/testfmt.cpp" \
  -o "$out/testfmt-opt.tmp" \
  -L "$lib_dir" -Wl,-rpath,"$lib_dir" -lMLIR -lLLVM
mv "$out/testfmt-opt.tmp" "$out/testfmt-opt"
