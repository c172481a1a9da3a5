// A syntax error is reported by the parser, at its place.
llvm.func @f() {
