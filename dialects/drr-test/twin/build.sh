#!/usr/bin/env bash
# Builds the C++ twin of the drrt dialect: mlir-tblgen-22 turns
# DrrTest.td into C++ (ops, dialect, -gen-rewriters), g++ compiles it with
# drrt.cpp against LLVM/MLIR 22's headers and links it with libMLIR.so.
#
# In: this directory's DrrTest.td and drrt.cpp. Out: OUT_DIR/drrt-twin-opt.
# Usage: build.sh OUT_DIR. Needs mlir-tblgen-22, llvm-config-22, the LLVM
# and MLIR 22 headers, libMLIR.so and g++ (LLVM_CONFIG, MLIR_TBLGEN, CXX
# override them).
set -euo pipefail

if [ $# -ne 1 ]; then
  echo "usage: $0 OUT_DIR" >&2
  exit 2
fi
src="$(cd "$(dirname "$0")" && pwd)"
mkdir -p "$1"
out="$(cd "$1" && pwd)"

llvm_config="${LLVM_CONFIG:-llvm-config-22}"
tblgen="${MLIR_TBLGEN:-mlir-tblgen-22}"
cxx="${CXX:-g++}"
include_dir="$("$llvm_config" --includedir)"
lib_dir="$("$llvm_config" --libdir)"

gen() { # gen GENERATOR OUTPUT [EXTRA...]
  "$tblgen" "-$1" -I "$include_dir" -I "$src" "$src/DrrTest.td" -o "$out/$2.tmp" "${@:3}"
  mv "$out/$2.tmp" "$out/$2"
}
gen gen-op-decls DrrtOps.h.inc
gen gen-op-defs DrrtOps.cpp.inc
gen gen-dialect-decls DrrtDialect.h.inc -dialect=drrt
gen gen-dialect-defs DrrtDialect.cpp.inc -dialect=drrt
gen gen-rewriters DrrtRewriters.inc

# -O0: the twin runs on small files; compile time is what counts.
# shellcheck disable=SC2046
"$cxx" $("$llvm_config" --cxxflags) -fno-rtti -O0 -w -I "$out" "$src/drrt.cpp" \
  -o "$out/drrt-twin-opt.tmp" -L "$lib_dir" -Wl,-rpath,"$lib_dir" -lMLIR -lLLVM
mv "$out/drrt-twin-opt.tmp" "$out/drrt-twin-opt"
