// The C++ twin of ../ods/DrrTest.ods: the same ops and rewrite rules, with
// the code snippets in C++, for mlir-tblgen-22 -gen-rewriters. build.sh
// compiles what it generates into drrt-twin-opt, the oracle the Rust
// patterns are compared with (tests/twin.rs). Keep the two files in step.

include "mlir/IR/OpBase.td"
include "mlir/IR/PatternBase.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def DrrTest_Dialect : Dialect {
  let name = "drrt";
  let summary = "Ops whose canonicalizations are declarative rewrite rules";
  let cppNamespace = "::mlir::drrt";
  let hasCanonicalizer = 1;
}

class DrrTest_Op<string mnemonic, list<Trait> traits = []>
    : Op<DrrTest_Dialect, mnemonic, traits>;

def TransposeOp : DrrTest_Op<"transpose", [Pure]> {
  let summary = "Swaps the two dimensions of a tensor";
  let arguments = (ins F64Tensor:$input);
  let results = (outs F64Tensor);
}

def ReshapeOp : DrrTest_Op<"reshape", [Pure]> {
  let summary = "Gives a tensor another static shape";
  let arguments = (ins F64Tensor:$input);
  let results = (outs F64Tensor);
}

def ConstantOp : DrrTest_Op<"constant", [Pure]> {
  let summary = "A constant tensor";
  let arguments = (ins F64ElementsAttr:$value);
  let results = (outs F64Tensor);
}

def AddOp : DrrTest_Op<"add", [Pure, SameOperandsAndResultType]> {
  let summary = "Adds two values";
  let arguments = (ins AnyType:$lhs, AnyType:$rhs);
  let results = (outs AnyType:$result);
}

def NegOp : DrrTest_Op<"neg", [Pure, SameOperandsAndResultType]> {
  let summary = "Negates a value";
  let arguments = (ins AnyType:$operand);
  let results = (outs AnyType:$result);
}

def QuadOp : DrrTest_Op<"quad", [Pure, SameOperandsAndResultType]> {
  let summary = "Four times a value";
  let arguments = (ins AnyType:$operand);
  let results = (outs AnyType:$result);
}

def ScaleOp : DrrTest_Op<"scale", [Pure, SameOperandsAndResultType]> {
  let summary = "Its operand times a constant factor";
  let arguments = (ins AnyType:$input, I64Attr:$factor);
  let results = (outs AnyType:$result);
}

def PairOp : DrrTest_Op<"pair", [Pure]> {
  let summary = "Its two operands, as two results";
  let arguments = (ins AnyType:$first, AnyType:$second);
  let results = (outs AnyType:$a, AnyType:$b);
}

def IdOp : DrrTest_Op<"id", [Pure, SameOperandsAndResultType]> {
  let summary = "Its operand";
  let arguments = (ins AnyType:$operand);
  let results = (outs AnyType:$result);
}

def SubOp : DrrTest_Op<"sub", [Pure, SameOperandsAndResultType]> {
  let summary = "Subtracts two values";
  let arguments = (ins AnyType:$lhs, AnyType:$rhs);
  let results = (outs AnyType:$result);
}

def WidenOp : DrrTest_Op<"widen", [Pure]> {
  let summary = "A value of another type (the result type is not inferred)";
  let arguments = (ins AnyType:$operand);
  let results = (outs AnyType:$result);
}

def MarkOp : DrrTest_Op<"mark", [Pure, SameOperandsAndResultType]> {
  let summary = "Its operand, marked";
  let arguments = (ins AnyType:$operand);
  let results = (outs AnyType:$result);
}

def MulOp : DrrTest_Op<"mul", [Pure, SameOperandsAndResultType]> {
  let summary = "Multiplies two values";
  let arguments = (ins AnyType:$lhs, AnyType:$rhs);
  let results = (outs AnyType:$result);
}

def SumOp : DrrTest_Op<"sum", [Pure]> {
  let summary = "Adds any number of values";
  let arguments = (ins Variadic<AnyType>:$inputs);
  let results = (outs AnyType:$result);
}

def SelectOp : DrrTest_Op<"select", [Pure]> {
  let summary = "Its value, or its fallback when given one";
  let arguments = (ins AnyType:$value, Optional<AnyType>:$fallback);
  let results = (outs AnyType:$result);
}

def WrapOp : DrrTest_Op<"wrap", [Pure, SameOperandsAndResultType]> {
  let summary = "Its operand, wrapped";
  let arguments = (ins AnyType:$operand);
  let results = (outs AnyType:$result);
}

// transpose(transpose(x)) -> x
def TransposeTransposeOptPattern
    : Pat<(TransposeOp (TransposeOp $x)), (replaceWithValue $x)>;

// reshape(reshape(x)) -> reshape(x)
def ReshapeReshapeOptPattern
    : Pat<(ReshapeOp (ReshapeOp $arg)), (ReshapeOp $arg)>;

// reshape(constant) -> constant of the reshaped value.
def ReshapeConstant : NativeCodeCall<
  "::llvm::cast<::mlir::DenseElementsAttr>($0).reshape("
  "::llvm::cast<::mlir::ShapedType>($1.getType()))">;
def FoldConstantReshapeOptPattern
    : Pat<(ReshapeOp:$res (ConstantOp $arg)),
          (ConstantOp (ReshapeConstant $arg, $res))>;

// reshape(x) -> x when the types are equal.
def TypesAreIdentical
    : Constraint<CPred<"$0.getType() == $1.getType()">, "same type">;
def RedundantReshapeOptPattern
    : Pat<(ReshapeOp:$res $arg), (replaceWithValue $arg),
          [(TypesAreIdentical $res, $arg)]>;

// add(x, neg(y)) -> sub(x, y), for f32 only (a type constraint on an
// operand matcher), anonymous (named GeneratedConvert0).
def : Pat<(AddOp F32:$x, (NegOp $y)), (SubOp $x, $y)>;

// neg(neg(x)) -> x, with a benefit above the rest.
def NegNeg : Pat<(NegOp (NegOp $x)), (replaceWithValue $x), [], [], (addBenefit 10)>;

// quad(x) -> add(add(x, x), add(x, x)) for i32 (a type constraint and a
// multi-entity constraint): nested result ops, built with the result type
// their spec infers (SameOperandsAndResultType).
def QuadToAdds : Pat<(QuadOp I32:$x), (AddOp (AddOp $x, $x), (AddOp $x, $x)),
                     [(TypesAreIdentical $x, $x)]>;

// pair(a, b) -> a, b: one result pattern per result of the root.
def PairToOperands : Pattern<(PairOp $a, $b), [(replaceWithValue $a), (replaceWithValue $b)]>;

// id(pair(a, b)) -> result 1 of the pair, when a and b are the same value
// (a multi-entity constraint): `$p__1` names result 1 of the op bound to
// `p`.
def SameValues : Constraint<CPred<"$0 == $1">, "same value">;
def IdOfPair : Pat<(IdOp (PairOp:$p $a, $b)), (replaceWithValue $p__1),
                   [(SameValues $a, $b)], [], (addBenefit 5)>;

// quad(x: f64) -> add(widen(x), widen(x)) with `returnType`: widen's
// result type is not inferred, the directive gives it (the type of `x`,
// then one written as code; only ops that do not replace the root take
// it).
def QuadF64ToWidens : Pat<(QuadOp F64:$x),
                          (AddOp (WidenOp $x, (returnType $x)),
                                 (WidenOp $x, (returnType $x)))>;
def QuadF32ToWiden : Pat<(QuadOp F32:$x),
                         (MarkOp (WidenOp $x, (returnType "$_builder.getF32Type()")))>;

// sub(neg(x), neg(y)) -> sub(y, x) at the location of the second neg and
// a name, fused (`location`); mark(neg(x)) -> neg at the first neg's own
// location.
def SubOfNegs : Pat<(SubOp (NegOp:$a $x), (NegOp:$b $y)),
                    (SubOp $y, $x, (location $b, "subneg"))>;
def MarkOfNeg : Pat<(MarkOp (NegOp:$n $x)), (NegOp $x, (location $n))>;

// id(neg(x)) -> sub(m, m) with m = mark(x): an auxiliary result op, bound
// (`(MarkOp:$m $x)`) and used by the pattern that replaces the root.
def IdOfNegToSub : Pattern<(IdOp (NegOp $x)), [(MarkOp:$m $x), (SubOp $m, $m)]>;

// id(mark(x)) -> mark(x), noted on the mark by a NativeCodeCallVoid run
// as an auxiliary result pattern.
def NoteSeen : NativeCodeCallVoid<"$0.getDefiningOp()->setAttr(\"drrt.seen\", $_builder.getUnitAttr())">;
def IdOfMark : Pattern<(IdOp (MarkOp:$m $x)), [(NoteSeen $m), (replaceWithValue $m)]>;

// mul(x, neg(y)) or mul(neg(y), x) -> neg(mul(x, y)): `either` tries the
// operands in the order written, then swapped.
def MulOfNeg : Pat<(MulOp (either $x, (NegOp $y))), (NegOp (MulOp $x, $y))>;

// sum(a, neg(b)) -> sub(a, b): `variadic` matches a variadic operand of
// exactly two values, one by one.
def SumOfNeg : Pat<(SumOp (variadic $a, (NegOp $b))), (SubOp $a, $b)>;

// mark(sum(a, b, c)) -> sum(a, b, c): `variadic:$all` binds the whole
// group, passed on to the variadic operand of the op built.
def MarkOfSum3 : Pat<(MarkOp (SumOp (variadic:$all $_, $_, $_))), (SumOp $all)>;

// wrap(sum(xs...)) -> sum(xs...): an op with a variadic operand in the
// source and in the result, its values bound whole.
def WrapOfSum : Pat<(WrapOp (SumOp $xs)), (SumOp $xs)>;

// wrap(select(v, f)) -> select(v, f): an op with an optional operand.
def WrapOfSelect : Pat<(WrapOp (SelectOp $v, $f)), (SelectOp $v, $f)>;

// wrap(neg(x)) -> neg(x), noted by a supplemental pattern run after the
// result pattern.
def WrapOfNeg : Pat<(WrapOp (NegOp $x)), (NegOp:$n $x), [], [(NoteSeen $n)]>;

// scale(x, 1) -> x: a `ConstantAttr` matcher on an attribute.
def ScaleByOne : Pat<(ScaleOp $x, ConstantAttr<I64Attr, "1">), (replaceWithValue $x)>;

// scale(x, 0) -> scale(x, 2): a `ConstantAttr` built in a result.
def ScaleByZero : Pat<(ScaleOp $x, ConstantAttr<I64Attr, "0">),
                      (ScaleOp $x, ConstantAttr<I64Attr, "2">)>;

// scale(scale(x, a), b) with a == b -> scale(x, a): typed attribute
// bindings, a constraint on two attributes, a bound attribute passed on.
def SameAttr : Constraint<CPred<"$0 == $1">, "same attribute">;
def ScaleOfScale : Pat<(ScaleOp (ScaleOp $x, I64Attr:$a), I64Attr:$b),
                       (ScaleOp $x, $a), [(SameAttr $a, $b)]>;
