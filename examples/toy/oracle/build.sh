#!/usr/bin/env bash
# Builds MLIR's Toy tutorial compilers (upstream's toyc-ch1 .. toyc-ch7) as
# reference binaries, against the system's LLVM/MLIR 22 (libMLIR.so,
# libLLVM.so), without CMake.
#
# Usage: build.sh SRC_DIR [OUT_DIR] [CHAPTER...]
#   SRC_DIR  holds upstream's llvm-project/mlir/examples/toy/Ch1 .. Ch7 as
#            they are in the repository (ChN/toyc.cpp, ChN/include/toy/*,
#            ChN/parser/AST.cpp, ChN/mlir/*.cpp, ChN/mlir/*.td); a full
#            llvm-project checkout's mlir/examples/toy works as it is.
#   OUT_DIR  where the binaries go (default: ./bin); generated .inc files
#            and objects go under OUT_DIR/../build.
#   CHAPTER  e.g. 1 2 (default: 1 2 3 4 5 6 7).
#
# Needs: g++, mlir-tblgen-22, llvm-config-22 and the headers and shared
# libraries of apt's mlir-22-tools, libmlir-22-dev, llvm-22-dev.
#
# The sources are compiled as they are, except for the perl lines in
# `compat` below: sources stored at an older commit may use LLVM APIs that
# LLVM 22 has removed, and those calls are rewritten to today's spelling,
# which changes no behaviour:
#   - llvm::Optional, hasValue() and llvm::None become std::optional,
#     has_value() and std::nullopt;
#   - member casts `x.cast<T>()` (also dyn_cast, isa, isa<A, B>, the ODS
#     predicate `$_self.isa<T>()` and `(*op->result_type_begin()).cast<T>()`)
#     become `llvm::cast<T>(x)`;
#   - headers that moved: mlir/IR/FunctionImplementation.h and
#     FunctionInterfaces.h to mlir/Interfaces/, mlir/Dialect/Affine/Passes.h
#     to mlir/Dialect/Affine/Transforms/Passes.h;
#   - ArrayRef/TypeRange arguments given as std::nullopt become empty ranges
#     (`getFunctionType(x, std::nullopt)`, `getType(std::nullopt)`, the
#     ReturnOp builder's `build($_builder, $_state, std::nullopt)`);
#   - the affine dialect's C++ names moved into `mlir::affine`
#     (AffineDialect, AffineLoadOp, AffineStoreOp, buildAffineLoopNest);
#   - llvm::makeArrayRef(x) is now llvm::ArrayRef(x), and
#     RewriterBase::updateRootInPlace is now modifyOpInPlace;
#   - parseFunctionOp gets the names of the argument and result attributes,
#     as current upstream passes them.
# What was assembled by hand (chapter 4's call/inliner hooks, chapter 7's
# Dialect.cpp and Ops.td, chapter 6's toyc.cpp) is said in README.md and in
# the first lines of each file.
set -euo pipefail

src=$(cd "${1:?usage: build.sh SRC_DIR [OUT_DIR] [CHAPTER...]}" && pwd)
out=$(mkdir -p "${2:-bin}" && cd "${2:-bin}" && pwd)
shift $(( $# >= 2 ? 2 : 1 ))
chapters=("$@")
[ ${#chapters[@]} -gt 0 ] || chapters=(1 2 3 4 5 6 7)

llvm_config=${LLVM_CONFIG:-llvm-config-22}
tblgen=${MLIR_TBLGEN:-mlir-tblgen-22}
prefix=$("$llvm_config" --prefix)
work="$out/../build"
# LLVM's packages are built without RTTI and assertions; the toy sources
# follow them (upstream's CMake build would pass the same).
cxxflags=($("$llvm_config" --cxxflags) -fno-rtti -DNDEBUG -O0 -w)
ldflags=(-L"$prefix/lib" -Wl,-rpath,"$prefix/lib" -lMLIR -lLLVM)

compat() {
  perl -0pi -e '
    s/llvm::Optional</std::optional</g;
    s/#include "llvm\/ADT\/Optional.h"\n//g;
    s/\.hasValue\(\)/.has_value()/g;
    s/\$_self\.isa<(\w+)>\(\)/::llvm::isa<$1>(\$_self)/g;
    s/(\w+)\.isa<([\w:]+), ([\w:]+)>\(\)/llvm::isa<$2, $3>($1)/g;
    s/((?:\w+(?:\(\))?\.)*\w+(?:\(\))?)\.(dyn_cast|cast|isa)<([\w:]+)>\(\)/llvm::$2<$3>($1)/g;
    s/\bllvm::None\b/std::nullopt/g;
    s/getType\(std::nullopt\)/getType(llvm::ArrayRef<int64_t>())/g;
    s{mlir/IR/FunctionImplementation.h}{mlir/Interfaces/FunctionImplementation.h}g;
    s{mlir/IR/FunctionInterfaces.h}{mlir/Interfaces/FunctionInterfaces.h}g;
    s{mlir/Dialect/Affine/Passes.h}{mlir/Dialect/Affine/Transforms/Passes.h}g;
    s/getFunctionType\((\w+), std::nullopt\)/getFunctionType($1, {})/g;
    s/build\(\$_builder, \$_state, std::nullopt\)/build(\$_builder, \$_state, ValueRange())/g;
    s/\(\*op->result_type_begin\(\)\)\.cast<(\w+)>\(\)/llvm::cast<$1>(*op->result_type_begin())/g;
    s/(?<![:\w])(AffineDialect|AffineLoadOp|AffineStoreOp|buildAffineLoopNest)\b/affine::$1/g;
    s/llvm::makeArrayRef\(/llvm::ArrayRef(/g;
    s/\bupdateRootInPlace\(/modifyOpInPlace(/g;
    s/(parseFunctionOp\(\s*parser, result, \/\*allowVariadic=\*\/false,\s*getFunctionTypeAttrName\(result\.name\), buildFuncType)\)/$1,\n      getArgAttrsAttrName(result.name), getResAttrsAttrName(result.name))/g;
  ' "$@"
}

tblgen_to() { # TD_FILE OUT_FILE GENERATOR INCLUDE_DIR
  "$tblgen" "$3" -I "$prefix/include" -I "$4" "$1" -o "$2"
}

build_chapter() {
  local n=$1 dir="$src/Ch$1" w="$work/Ch$1"
  rm -rf "$w" && mkdir -p "$w" && cp -r "$dir/." "$w/"
  compat $(find "$w" -name '*.h' -o -name '*.cpp' -o -name '*.td')
  local inc="$w/include/toy"
  if [ -f "$inc/Ops.td" ]; then
    tblgen_to "$inc/Ops.td" "$inc/Ops.h.inc" -gen-op-decls "$w/include"
    tblgen_to "$inc/Ops.td" "$inc/Ops.cpp.inc" -gen-op-defs "$w/include"
    tblgen_to "$inc/Ops.td" "$inc/Dialect.h.inc" -gen-dialect-decls "$w/include"
    tblgen_to "$inc/Ops.td" "$inc/Dialect.cpp.inc" -gen-dialect-defs "$w/include"
  fi
  if [ -f "$inc/ShapeInferenceInterface.td" ]; then
    tblgen_to "$inc/ShapeInferenceInterface.td" \
      "$inc/ShapeInferenceOpInterfaces.h.inc" -gen-op-interface-decls "$w/include"
    tblgen_to "$inc/ShapeInferenceInterface.td" \
      "$inc/ShapeInferenceOpInterfaces.cpp.inc" -gen-op-interface-defs "$w/include"
  fi
  if [ -f "$w/mlir/ToyCombine.td" ]; then
    tblgen_to "$w/mlir/ToyCombine.td" "$w/mlir/ToyCombine.inc" -gen-rewriters "$w/include"
  fi
  local objs=() f o
  for f in "$w"/toyc.cpp "$w"/parser/*.cpp "$w"/mlir/*.cpp; do
    [ -f "$f" ] || continue
    o="${f%.cpp}.o"
    g++ "${cxxflags[@]}" -I "$w/include" -I "$w/mlir" -c "$f" -o "$o" || return 1
    objs+=("$o")
  done
  g++ "${objs[@]}" "${ldflags[@]}" -o "$out/toyc-ch$n" || return 1
  echo "built $out/toyc-ch$n"
}

build_all() {
  local status=0 n
  for n in "${chapters[@]}"; do
    if ! build_chapter "$n" > "$work.ch$n.log" 2>&1; then
      echo "toyc-ch$n did not build; see $work.ch$n.log" >&2
      status=1
    else
      tail -1 "$work.ch$n.log"
    fi
  done
  return $status
}

# One line, so that bash has read the whole script before it builds: a
# build takes minutes, and bash reads a script as it goes.
build_all; exit $?
