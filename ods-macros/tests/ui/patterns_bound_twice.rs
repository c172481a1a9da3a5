// patterns!: one symbol naming an op and its operand, at the second binding.

use ods_macros::op;

#[op("t.reshape", traits = [Pure], dialect = TestDialect)]
pub struct ReshapeOp {
    input: F64Tensor,
    #[result]
    output: F64Tensor,
}

#[op("t.constant", traits = [Pure], dialect = TestDialect)]
pub struct ConstantOp {
    value: F64ElementsAttr,
    #[result]
    output: F64Tensor,
}

#[op("t.pair", dialect = TestDialect)]
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
    def P : Pat<(ReshapeOp:$x (ReshapeOp $x)), (replaceWithValue $x)>;
}

fn main() {}

// The ops' dialect: this case is about another error, so it lists
// every op (`ods_runtime::dialect::ListsOp`).
#[allow(dead_code)]
pub struct TestDialect;
impl<O> ods_runtime::dialect::ListsOp<O> for TestDialect {}
