// patterns!: a type constraint where the op has an attribute, at the matcher.

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
    def P : Pat<(ReshapeOp (ConstantOp F64Tensor:$v)), (ConstantOp $v)>;
}

fn main() {}
