# Shared steps of the C++ twins' build scripts (tests/twin/build.sh,
# conversion/tests/twin/build.sh, dialects/drr-test/twin/build.sh), sourced
# by each: `mlir-tblgen-22` turns the twin's .td into C++, `g++` compiles
# the twin's driver against the LLVM/MLIR 22 headers and links it with
# libMLIR.so. LLVM_CONFIG, MLIR_TBLGEN and CXX override the tools.
#
# Usage, in a build script: `. twin_lib.sh "$@"` (checks for one OUT_DIR
# argument and sets `out`), then `twin_gen TD GENERATOR OUTPUT [EXTRA...]`
# per generated file and `twin_link CPP BINARY` once.

if [ $# -ne 1 ]; then
  echo "usage: $0 OUT_DIR" >&2
  exit 2
fi
mkdir -p "$1"
out="$(cd "$1" && pwd)"

llvm_config="${LLVM_CONFIG:-llvm-config-22}"
tblgen="${MLIR_TBLGEN:-mlir-tblgen-22}"
cxx="${CXX:-g++}"
include_dir="$("$llvm_config" --includedir)"
lib_dir="$("$llvm_config" --libdir)"

# Writes OUT_DIR/OUTPUT from TD with GENERATOR (e.g. gen-op-defs); the
# .td's own directory is on the include path. Written then renamed, so an
# interrupted build leaves no half file.
twin_gen() {
  local td="$1"
  "$tblgen" "-$2" -I "$include_dir" -I "$(dirname "$td")" "$td" -o "$out/$3.tmp" "${@:4}"
  mv "$out/$3.tmp" "$out/$3"
}

# Compiles CPP (with OUT_DIR on the include path for the generated files)
# into OUT_DIR/BINARY. -O0: a twin runs on small files, so compile time
# is what counts; -fno-rtti as LLVM itself is built.
twin_link() {
  # shellcheck disable=SC2046
  "$cxx" $("$llvm_config" --cxxflags) -fno-rtti -O0 -w -I "$out" "$1" \
    -o "$out/$2.tmp" -L "$lib_dir" -Wl,-rpath,"$lib_dir" -lMLIR -lLLVM
  mv "$out/$2.tmp" "$out/$2"
}
