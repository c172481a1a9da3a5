// patterns!: an op name that names nothing, at the name, with the op
// struct of the closest name or, when none is close, where the macro looks.

use ods_macros::op;

#[op("t.reshape", traits = [Pure])]
pub struct ReshapeOp {
    input: F64Tensor,
    #[result]
    output: F64Tensor,
}

#[op("t.constant", traits = [Pure])]
pub struct ConstantOp {
    value: F64ElementsAttr,
    #[result]
    output: F64Tensor,
}

#[op("t.pair")]
pub struct PairOp {
    first: AnyType,
    second: AnyType,
    #[result]
    a: AnyType,
    #[result]
    b: AnyType,
}

ods_macros::patterns! {
    name = t;
    def P : Pat<(ReshapeOp (ReshapOp $x)), (replaceWithValue $x)>;
}

ods_macros::patterns! {
    name = u;
    def Q : Pat<(ArithAddIOp $x, $y), (replaceWithValue $x)>;
}

fn main() {}
