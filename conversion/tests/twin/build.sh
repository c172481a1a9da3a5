#!/usr/bin/env bash
# Builds the C++ twin of the test conversion passes: `mlir-tblgen-22`
# turns TestConversionOps.td into C++, `g++` compiles it with tconv.cpp
# against the LLVM/MLIR 22 headers and links it with libMLIR.so (as
# tests/twin/build.sh builds the format twin).
#
# In: this directory's TestConversionOps.td and tconv.cpp. Out:
# OUT_DIR/tconv-opt (and the generated *.inc files beside it).
#
# Usage: conversion/tests/twin/build.sh OUT_DIR
# Needs: mlir-tblgen-22, llvm-config-22, the LLVM and MLIR headers,
# libMLIR.so and g++; LLVM_CONFIG, MLIR_TBLGEN and CXX override the tools.
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

td="$src/TestConversionOps.td"
gen() { # gen GENERATOR OUTPUT [EXTRA...]
  "$tblgen" "-$1" -I "$include_dir" -I "$src" "$td" -o "$out/$2.tmp" "${@:3}"
  mv "$out/$2.tmp" "$out/$2"
}
gen gen-op-decls TconvOps.h.inc
gen gen-op-defs TconvOps.cpp.inc
gen gen-dialect-decls TconvDialect.h.inc -dialect=tconv
gen gen-dialect-defs TconvDialect.cpp.inc -dialect=tconv

# -O0: the twin runs on small files, so compile time is what counts.
# shellcheck disable=SC2046
"$cxx" $("$llvm_config" --cxxflags) -fno-rtti -O0 -w \
  -I "$out" "$src/tconv.cpp" \
  -o "$out/tconv-opt.tmp" \
  -L "$lib_dir" -Wl,-rpath,"$lib_dir" -lMLIR -lLLVM
mv "$out/tconv-opt.tmp" "$out/tconv-opt"
