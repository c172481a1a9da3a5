#!/usr/bin/env bash
# Builds the C++ twin of the test conversion passes (steps in
# tests/twin/twin_lib.sh).
#
# In: this directory's TestConversionOps.td and tconv.cpp. Out:
# OUT_DIR/tconv-opt (and the generated *.inc files beside it).
#
# Usage: conversion/tests/twin/build.sh OUT_DIR
# Needs: mlir-tblgen-22, llvm-config-22, the LLVM and MLIR headers,
# libMLIR.so and g++.
set -euo pipefail
src="$(cd "$(dirname "$0")" && pwd)"
# shellcheck source=../../../tests/twin/twin_lib.sh
. "$src/../../../tests/twin/twin_lib.sh" "$@"

td="$src/TestConversionOps.td"
twin_gen "$td" gen-op-decls TconvOps.h.inc
twin_gen "$td" gen-op-defs TconvOps.cpp.inc
twin_gen "$td" gen-dialect-decls TconvDialect.h.inc -dialect=tconv
twin_gen "$td" gen-dialect-defs TconvDialect.cpp.inc -dialect=tconv
twin_link "$src/tconv.cpp" tconv-opt
