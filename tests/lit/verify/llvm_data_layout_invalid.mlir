// RUN: ods-opt %s --allow-unregistered-dialect --verify-diagnostics --split-input-file
// `llvm.data_layout` on any op (the LLVM dialect's `verifyOperationAttribute`):
// a string LLVM 22's data layout parser accepts. One chunk per message of
// the parser (`dialects/llvm/src/data_layout_string.rs`), each reported on
// the op as `invalid data layout descriptor: <LLVM's message>`; then layouts
// both tools accept, and the attribute on other ops.

// expected-error @+1 {{expected 'llvm.data_layout' to be a string attributes}}
module attributes {llvm.data_layout = 1 : i64} {}

// -----

// expected-error @+1 {{invalid data layout descriptor: unknown specifier '#'}}
module attributes {llvm.data_layout = "#vjkr32"} {}

// -----

// expected-error @+1 {{invalid data layout descriptor: unknown specifier 'z'}}
module attributes {llvm.data_layout = "e-m:e-i64:64-zz"} {}

// -----

// expected-error @+1 {{invalid data layout descriptor: unknown specifier 'X'}}
module attributes {llvm.data_layout = "X"} {}

// -----

// expected-error @+1 {{invalid data layout descriptor: empty specification is not allowed}}
module attributes {llvm.data_layout = "e-"} {}

// -----

// expected-error @+1 {{invalid data layout descriptor: malformed specification, must be just 'e' or 'E'}}
module attributes {llvm.data_layout = "ex"} {}

// -----

// expected-error @+1 {{invalid data layout descriptor: size component cannot be empty}}
module attributes {llvm.data_layout = "n"} {}

// -----

// expected-error @+1 {{invalid data layout descriptor: size must be a non-zero 24-bit integer}}
module attributes {llvm.data_layout = "n0"} {}

// -----

// expected-error @+1 {{invalid data layout descriptor: malformed specification, must be of the form "S<size>"}}
module attributes {llvm.data_layout = "S"} {}

// -----

// expected-error @+1 {{invalid data layout descriptor: stack natural alignment must be non-zero}}
module attributes {llvm.data_layout = "S0"} {}

// -----

// expected-error @+1 {{invalid data layout descriptor: stack natural alignment must be a power of two times the byte width}}
module attributes {llvm.data_layout = "S12"} {}

// -----

// expected-error @+1 {{invalid data layout descriptor: stack natural alignment must be a 16-bit integer}}
module attributes {llvm.data_layout = "S65536"} {}

// -----

// expected-error @+1 {{invalid data layout descriptor: malformed specification, must be of the form "F<type><abi>"}}
module attributes {llvm.data_layout = "F"} {}

// -----

// expected-error @+1 {{invalid data layout descriptor: ABI alignment component cannot be empty}}
module attributes {llvm.data_layout = "Fi"} {}

// -----

// expected-error @+1 {{invalid data layout descriptor: unknown function pointer alignment type 'x'}}
module attributes {llvm.data_layout = "Fx8"} {}

// -----

// expected-error @+1 {{invalid data layout descriptor: ABI alignment must be non-zero}}
module attributes {llvm.data_layout = "Fn0"} {}

// -----

// expected-error @+1 {{invalid data layout descriptor: ABI alignment must be a 16-bit integer}}
module attributes {llvm.data_layout = "Fi8:8"} {}

// -----

// expected-error @+1 {{invalid data layout descriptor: malformed specification, must be of the form "P<address space>"}}
module attributes {llvm.data_layout = "P"} {}

// -----

// expected-error @+1 {{invalid data layout descriptor: malformed specification, must be of the form "A<address space>"}}
module attributes {llvm.data_layout = "A"} {}

// -----

// expected-error @+1 {{invalid data layout descriptor: malformed specification, must be of the form "G<address space>"}}
module attributes {llvm.data_layout = "G"} {}

// -----

// expected-error @+1 {{invalid data layout descriptor: address space must be a 24-bit integer}}
module attributes {llvm.data_layout = "P16777216"} {}

// -----

// expected-error @+1 {{invalid data layout descriptor: malformed specification, must be of the form "m:<mangling>"}}
module attributes {llvm.data_layout = "m"} {}

// -----

// expected-error @+1 {{invalid data layout descriptor: unknown mangling mode}}
module attributes {llvm.data_layout = "m:ee"} {}

// -----

// expected-error @+1 {{invalid data layout descriptor: malformed specification, must be of the form "ni:<address space>[:<address space>]..."}}
module attributes {llvm.data_layout = "ni"} {}

// -----

// expected-error @+1 {{invalid data layout descriptor: address space component cannot be empty}}
module attributes {llvm.data_layout = "ni:"} {}

// -----

// expected-error @+1 {{invalid data layout descriptor: address space 0 cannot be non-integral}}
module attributes {llvm.data_layout = "ni:0"} {}

// -----

// expected-error @+1 {{invalid data layout descriptor: malformed specification, must be of the form "i<size>:<abi>[:<pref>]"}}
module attributes {llvm.data_layout = "i"} {}

// -----

// expected-error @+1 {{invalid data layout descriptor: malformed specification, must be of the form "v<size>:<abi>[:<pref>]"}}
module attributes {llvm.data_layout = "ve"} {}

// -----

// expected-error @+1 {{invalid data layout descriptor: i8 must be 8-bit aligned}}
module attributes {llvm.data_layout = "i8:16"} {}

// -----

// expected-error @+1 {{invalid data layout descriptor: preferred alignment cannot be less than the ABI alignment}}
module attributes {llvm.data_layout = "i16:16:8"} {}

// -----

// expected-error @+1 {{invalid data layout descriptor: preferred alignment component cannot be empty}}
module attributes {llvm.data_layout = "i32:8:"} {}

// -----

// expected-error @+1 {{invalid data layout descriptor: preferred alignment must be non-zero}}
module attributes {llvm.data_layout = "i64:64:0"} {}

// -----

// expected-error @+1 {{invalid data layout descriptor: ABI alignment must be a power of two times the byte width}}
module attributes {llvm.data_layout = "i64:65535"} {}

// -----

// expected-error @+1 {{invalid data layout descriptor: malformed specification, must be of the form "a:<abi>[:<pref>]"}}
module attributes {llvm.data_layout = "a"} {}

// -----

// expected-error @+1 {{invalid data layout descriptor: size must be zero}}
module attributes {llvm.data_layout = "a1:8"} {}

// -----

// expected-error @+1 {{invalid data layout descriptor: malformed specification, must be of the form "p[<n>]:<size>:<abi>[:<pref>[:<idx>]]"}}
module attributes {llvm.data_layout = "p"} {}

// -----

// expected-error @+1 {{invalid data layout descriptor: pointer size must be a non-zero 24-bit integer}}
module attributes {llvm.data_layout = "p:0:64"} {}

// -----

// expected-error @+1 {{invalid data layout descriptor: 'x' is not a valid pointer specification flag}}
module attributes {llvm.data_layout = "px:64:64"} {}

// -----

// expected-error @+1 {{invalid data layout descriptor: 'z' is not a valid pointer specification flag}}
module attributes {llvm.data_layout = "pz:64:64"} {}

// -----

// expected-error @+1 {{invalid data layout descriptor: address space 0 cannot be unstable or have external state}}
module attributes {llvm.data_layout = "pu:64:64"} {}

// -----

// expected-error @+1 {{invalid data layout descriptor: Cannot use predefined address space names P/G/A in data layout}}
module attributes {llvm.data_layout = "p1(P):64:64"} {}

// -----

// expected-error @+1 {{invalid data layout descriptor: Expected `( address space name )`}}
module attributes {llvm.data_layout = "p1():64:64"} {}

// -----

// expected-error @+1 {{invalid data layout descriptor: address space name `foo` already used}}
module attributes {llvm.data_layout = "p1(foo):64:64-p2(foo):64:64"} {}

// -----

// expected-error @+1 {{invalid data layout descriptor: index size must be a non-zero 24-bit integer}}
module attributes {llvm.data_layout = "p:64:64:64:0"} {}

// -----

// expected-error @+1 {{invalid data layout descriptor: index size component cannot be empty}}
module attributes {llvm.data_layout = "p:64:64:64:"} {}

// -----

// expected-error @+1 {{invalid data layout descriptor: index size cannot be larger than the pointer size}}
module attributes {llvm.data_layout = "p:64:64:64:128"} {}

// -----

// Valid layouts: no diagnostics.
module attributes {llvm.data_layout = ""} {}

// -----

module attributes {llvm.data_layout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"} {}

// -----

module attributes {llvm.data_layout = "E-m:o-i64:64-i128:128:256-a:0:64-p1(global):32:32:64:16-ni:1:3-Fn16-S64-A5-P2-G1-n8:32"} {}

// -----

module attributes {llvm.data_layout = "e-s123-a0:0-i1:8:8-i8:8:16-i32:08-P01-n8:016-pue1:64:64-p2(a)b):64:64-p(x):64:64:64:32"} {}

// -----

// On a nested module and on other ops too.
module {
  // expected-error @+1 {{invalid data layout descriptor: unknown specifier 'q'}}
  module attributes {llvm.data_layout = "e-q"} {}
}

// -----

// expected-error @+1 {{invalid data layout descriptor: i8 must be 8-bit aligned}}
"test.op"() {llvm.data_layout = "i8:16"} : () -> ()

// -----

// Other `llvm.*` attributes are not checked.
"test.op"() {llvm.other = 1, llvm.data_layout = "e"} : () -> ()
