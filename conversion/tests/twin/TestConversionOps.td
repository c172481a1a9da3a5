// The `tconv` dialect: the ops of the test conversion passes, compiled
// twice, as tests/twin/TestFormatOps.td is:
// - by `mlir-tblgen-22` into the C++ twin (`build.sh`, `tconv.cpp`), an
//   `MlirOptMain` driver with the two test passes written with upstream's
//   conversion framework;
// - by our generator from `TestConversionOps.ods`, this text with the
//   namespace pointing at the Rust module (`conversion/tests/tconv_twin.rs`
//   checks that nothing else differs).
// The ops print in the generic form: the test is about conversion, not
// syntax.

include "mlir/IR/OpBase.td"

def Tconv_Dialect : Dialect {
  let name = "tconv";
  let summary = "ops for the test conversion passes";
  let cppNamespace = "::tconv";
}

class Tconv_Op<string mnemonic, list<Trait> traits = []>
    : Op<Tconv_Dialect, mnemonic, traits>;

def MakeOp : Tconv_Op<"make"> {
  let summary = "Produces a value; legal when its type is";
  let results = (outs AnyType:$result);
}

def UseOp : Tconv_Op<"use"> {
  let summary = "Consumes values; legal when their types are";
  let arguments = (ins Variadic<AnyType>:$inputs);
}

def OpaqueOp : Tconv_Op<"opaque", [NoTerminator]> {
  let summary = "No legality: stays in a partial conversion, fails a full one";
  let arguments = (ins Variadic<AnyType>:$inputs);
  let results = (outs Variadic<AnyType>:$outputs);
  let regions = (region VariadicRegion<AnyRegion>:$bodies);
}

def ForbiddenOp : Tconv_Op<"forbidden"> {
  let summary = "Illegal, and no pattern converts it";
  let arguments = (ins Variadic<AnyType>:$inputs);
}

def FoldOp : Tconv_Op<"fold"> {
  let summary = "Illegal; its folder replaces it by its input";
  let arguments = (ins AnyType:$input);
  let results = (outs AnyType:$result);
  let hasFolder = 1;
}

def ReplaceOp : Tconv_Op<"replace"> {
  let summary = "Illegal; a pattern replaces it by tconv.make and tconv.use";
  let arguments = (ins AnyType:$input);
  let results = (outs AnyType:$result);
}
