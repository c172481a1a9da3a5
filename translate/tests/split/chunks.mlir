// --split-input-file: each chunk is translated on its own; a chunk's
// diagnostics name it `within split at FILE:LINE offset ` with lines
// counted from the chunk's start; the outputs are joined by a newline.
llvm.func @first()

// -----

llvm.func @second() -> i32 {
  %0 = llvm.mlir.constant(2 : i32) : i32
  llvm.return %0 : i32
}

// -----

"llvm.unknown_op"() : () -> ()

// -----
llvm.func @after_a_failure() {
  llvm.return
}
// ----0 a near miss stays in the chunk
// -----

llvm.func @bad_verify() {
  %0 = llvm.mlir.constant(1 : i32) : i64
  llvm.return
}
