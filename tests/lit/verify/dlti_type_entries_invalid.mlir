// RUN: ods-opt %s --verify-diagnostics --split-input-file
// A module's data layout entries keyed by types: builtin integer, float
// and index types, other builtin types, and the LLVM dialect's pointer,
// struct, array and other types; each with mlir-opt's message and place.

// expected-error @+1 {{expected a dense i64 elements attribute in the data layout entry #dlti.dl_entry<i1, dense<8> : vector<2xi32>>}}
module attributes {dlti.dl_spec = #dlti.dl_spec<i1 = dense<8> : vector<2xi32>>} {}

// -----

// expected-error @+1 {{expected a dense i64 elements attribute in the data layout entry #dlti.dl_entry<i64, 5 : i64>}}
module attributes {dlti.dl_spec = #dlti.dl_spec<"dlti.foo" = 1, i64 = 5>} {}

// -----

// expected-error @+1 {{expected a dense i64 elements attribute in the data layout entry #dlti.dl_entry<f16, dense<[8, 16]> : vector<2xsi64>>}}
module attributes {dlti.dl_spec = #dlti.dl_spec<f16 = dense<[8, 16]> : vector<2xsi64>>} {}

// -----

// expected-error @+1 {{expected 1 or 2 elements in the data layout entry #dlti.dl_entry<i32, dense<64> : vector<3xi64>>}}
module attributes {dlti.dl_spec = #dlti.dl_spec<i32 = dense<[64, 64, 64]> : vector<3xi64>>} {}

// -----

// expected-error @+1 {{preferred alignment is expected to be greater than or equal to the abi alignment in data layout entry #dlti.dl_entry<i32, dense<[128, 64]> : vector<2xi64>>}}
module attributes {dlti.dl_spec = #dlti.dl_spec<i32 = dense<[128, 64]> : vector<2xi64>>} {}

// -----

// expected-error @+1 {{preferred alignment is expected to be greater than or equal to the abi alignment in data layout entry #dlti.dl_entry<ui8, dense<[-1, 8]> : vector<2xi64>>}}
module attributes {dlti.dl_spec = #dlti.dl_spec<ui8 = dense<[-1, 8]> : vector<2xi64>>} {}

// -----

// expected-error @+1 {{expected integer attribute in the data layout entry for 'index'}}
module attributes {dlti.dl_spec = #dlti.dl_spec<index = dense<32> : vector<1xi64>>} {}

// -----

// expected-error @+1 {{unexpected data layout for a built-in type}}
module attributes {dlti.dl_spec = #dlti.dl_spec<vector<2xi32> = 5>} {}

// -----

// expected-error @+1 {{unexpected data layout for a built-in type}}
module attributes {dlti.dl_spec = #dlti.dl_spec<index = 32, memref<2xi32> = dense<32> : vector<1xi64>>} {}

// -----

module {
  // expected-error @+1 {{expected a dense i64 elements attribute in the data layout entry #dlti.dl_entry<i64, 5 : i64>}}
  module attributes {dlti.dl_spec = #dlti.dl_spec<i64 = 5>} {}
}

// -----

// expected-error @+1 {{expected i64 parameters for '!llvm.ptr'}}
module attributes {dlti.dl_spec = #dlti.dl_spec<!llvm.ptr = dense<[32, 64, 128]> : vector<3xi32>>} {}

// -----

// expected-error @+1 {{expected layout attribute for '!llvm.ptr<1>' to be a dense integer elements attribute with 3 or 4 elements}}
module attributes {dlti.dl_spec = #dlti.dl_spec<!llvm.ptr = dense<[32, 64, 128]> : vector<3xi64>, !llvm.ptr<1> = dense<[32, 64]> : vector<2xi64>>} {}

// -----

// expected-error @+1 {{expected layout attribute for '!llvm.ptr' to be a dense integer elements attribute with 3 or 4 elements}}
module attributes {dlti.dl_spec = #dlti.dl_spec<!llvm.ptr = dense<[32.0, 64.0, 128.0]> : vector<3xf64>>} {}

// -----

// expected-error @+1 {{expected layout attribute for '!llvm.ptr' to be a dense integer elements attribute with 3 or 4 elements}}
module attributes {dlti.dl_spec = #dlti.dl_spec<!llvm.ptr = 5>} {}

// -----

// expected-error @+1 {{preferred alignment is expected to be at least as large as ABI alignment}}
module attributes {dlti.dl_spec = #dlti.dl_spec<!llvm.ptr = dense<[32, 128, 64]> : vector<3xi64>>} {}

// -----

// expected-error @+1 {{preferred alignment is expected to be at least as large as ABI alignment}}
module attributes {dlti.dl_spec = #dlti.dl_spec<!llvm.ptr = dense<[32, -1, 8]> : vector<3xi64>>} {}

// -----

// expected-error @+1 {{expected layout attribute for '!llvm.struct<(i32)>' to be a dense integer elements attribute of 1 or 2 elements}}
module attributes {dlti.dl_spec = #dlti.dl_spec<!llvm.struct<(i32)> = 5>} {}

// -----

// expected-error @+1 {{expected i64 entries for '!llvm.struct<()>'}}
module attributes {dlti.dl_spec = #dlti.dl_spec<!llvm.struct<()> = dense<[32, 64]> : vector<2xi32>>} {}

// -----

// expected-error @+1 {{unexpected layout attribute for struct '!llvm.struct<"a", ()>'}}
module attributes {dlti.dl_spec = #dlti.dl_spec<!llvm.struct<"a", ()> = dense<[32]> : vector<1xi64>>} {}

// -----

// expected-error @+1 {{unexpected layout attribute for struct '!llvm.struct<(i32)>'}}
module attributes {dlti.dl_spec = #dlti.dl_spec<!llvm.struct<(i32)> = dense<[64, 32]> : vector<2xi64>>} {}

// -----

// expected-error @+1 {{preferred alignment is expected to be at least as large as ABI alignment}}
module attributes {dlti.dl_spec = #dlti.dl_spec<!llvm.struct<()> = dense<[64, 32]> : vector<2xi64>>} {}

// -----

// expected-error @+1 {{expected a dense i64 elements attribute in the data layout entry #dlti.dl_entry<!llvm.ppc_fp128, 5 : i64>}}
module attributes {dlti.dl_spec = #dlti.dl_spec<!llvm.ppc_fp128 = 5>} {}

// -----

// expected-error @+1 {{data layout specified for a type that does not support it}}
module attributes {dlti.dl_spec = #dlti.dl_spec<!llvm.func<void ()> = 5>} {}

// -----

// expected-error @+1 {{data layout specified for a type that does not support it}}
module attributes {dlti.dl_spec = #dlti.dl_spec<!llvm.array<2 x i32> = 5, !llvm.token = 5>} {}

// -----

// expected-error @+1 {{data layout specified for a type that does not support it}}
module attributes {dlti.dl_spec = #dlti.dl_spec<!llvm.target<"x"> = 5>} {}
