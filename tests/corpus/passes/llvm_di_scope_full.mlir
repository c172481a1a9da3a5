// ARGS: --mlir-print-debuginfo --ensure-debug-info-scope-on-llvm-func=emission-kind=Full
// The emission-kind option sets the kind of the unit the pass makes; an
// unknown module location gives the unit the file "<unknown>", which a
// declaration without a file location then takes too.
module {
  llvm.func @main() {
    llvm.return loc("prog.c":2:3)
  } loc("prog.c":1:1)
  llvm.func @ext(f64) -> f64 loc(unknown)
} loc(unknown)
