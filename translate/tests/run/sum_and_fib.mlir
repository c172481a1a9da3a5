// Sums an array held in a global with a loop over block arguments, fills
// an alloca'd array with squares and sums it, and computes Fibonacci
// numbers recursively; prints each result with printf.
module {
  llvm.mlir.global private constant @values(dense<[3, 1, 4, 1, 5, 9, 2, 6]> : tensor<8xi32>) : !llvm.array<8 x i32>
  llvm.mlir.global private constant @sum_fmt("sum = %d\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @squares_fmt("squares = %ld\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @fib_fmt("fib(%d) = %d\0A\00") {addr_space = 0 : i32}
  llvm.func @printf(!llvm.ptr, ...) -> i32

  llvm.func @sum(%p: !llvm.ptr, %n: i32) -> i32 {
    %zero = llvm.mlir.constant(0 : i32) : i32
    %one = llvm.mlir.constant(1 : i32) : i32
    llvm.br ^loop(%zero, %zero : i32, i32)
  ^loop(%i: i32, %acc: i32):
    %more = llvm.icmp "slt" %i, %n : i32
    llvm.cond_br %more, ^body, ^done
  ^body:
    %q = llvm.getelementptr inbounds %p[%i] : (!llvm.ptr, i32) -> !llvm.ptr, i32
    %v = llvm.load %q : !llvm.ptr -> i32
    %acc2 = llvm.add %acc, %v : i32
    %i2 = llvm.add %i, %one : i32
    llvm.br ^loop(%i2, %acc2 : i32, i32)
  ^done:
    llvm.return %acc : i32
  }

  llvm.func @sum_of_squares(%n: i64) -> i64 {
    %zero = llvm.mlir.constant(0 : i64) : i64
    %one = llvm.mlir.constant(1 : i64) : i64
    %buf = llvm.alloca %n x i64 : (i64) -> !llvm.ptr
    llvm.br ^fill(%zero : i64)
  ^fill(%i: i64):
    %more = llvm.icmp "slt" %i, %n : i64
    llvm.cond_br %more, ^store, ^sum(%zero, %zero : i64, i64)
  ^store:
    %sq = llvm.mul %i, %i : i64
    %q = llvm.getelementptr %buf[%i] : (!llvm.ptr, i64) -> !llvm.ptr, i64
    llvm.store %sq, %q : i64, !llvm.ptr
    %i2 = llvm.add %i, %one : i64
    llvm.br ^fill(%i2 : i64)
  ^sum(%j: i64, %acc: i64):
    %again = llvm.icmp "slt" %j, %n : i64
    llvm.cond_br %again, ^add, ^done
  ^add:
    %r = llvm.getelementptr %buf[%j] : (!llvm.ptr, i64) -> !llvm.ptr, i64
    %v = llvm.load %r : !llvm.ptr -> i64
    %acc2 = llvm.add %acc, %v : i64
    %j2 = llvm.add %j, %one : i64
    llvm.br ^sum(%j2, %acc2 : i64, i64)
  ^done:
    llvm.return %acc : i64
  }

  llvm.func @fib(%n: i32) -> i32 {
    %two = llvm.mlir.constant(2 : i32) : i32
    %one = llvm.mlir.constant(1 : i32) : i32
    %small = llvm.icmp "slt" %n, %two : i32
    llvm.cond_br %small, ^base, ^rec
  ^base:
    llvm.return %n : i32
  ^rec:
    %a = llvm.sub %n, %one : i32
    %b = llvm.sub %n, %two : i32
    %fa = llvm.call @fib(%a) : (i32) -> i32
    %fb = llvm.call @fib(%b) : (i32) -> i32
    %r = llvm.add %fa, %fb : i32
    llvm.return %r : i32
  }

  llvm.func @main() -> i32 {
    %values = llvm.mlir.addressof @values : !llvm.ptr
    %eight = llvm.mlir.constant(8 : i32) : i32
    %s = llvm.call @sum(%values, %eight) : (!llvm.ptr, i32) -> i32
    %f1 = llvm.mlir.addressof @sum_fmt : !llvm.ptr
    %0 = llvm.call @printf(%f1, %s) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32) -> i32
    %ten = llvm.mlir.constant(10 : i64) : i64
    %sq = llvm.call @sum_of_squares(%ten) : (i64) -> i64
    %f2 = llvm.mlir.addressof @squares_fmt : !llvm.ptr
    %1 = llvm.call @printf(%f2, %sq) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64) -> i32
    %n = llvm.mlir.constant(20 : i32) : i32
    %fib = llvm.call @fib(%n) : (i32) -> i32
    %f3 = llvm.mlir.addressof @fib_fmt : !llvm.ptr
    %2 = llvm.call @printf(%f3, %n, %fib) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32, i32) -> i32
    %zero = llvm.mlir.constant(0 : i32) : i32
    llvm.return %zero : i32
  }
}
