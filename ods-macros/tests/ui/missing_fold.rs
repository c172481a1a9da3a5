// Ops with `hasFolder = 1` whose author wrote no `fold`: rustc's error
// must name the method and the signature to write, for the one-result
// shape and for the shape of other ops.
use ods_macros::op;

#[op("test.negate", hasFolder = 1, dialect = TestDialect)]
pub struct NegateOp {
    input: I32,
    #[result]
    output: I32,
}

#[op("test.split", hasFolder = 1, dialect = TestDialect)]
pub struct SplitOp {
    input: I64,
    #[result]
    low: I32,
    #[result]
    high: I32,
}

fn main() {}

// The ops' dialect: this case is about another error, so it lists
// every op (`ods_runtime::dialect::ListsOp`).
#[allow(dead_code)]
pub struct TestDialect;
impl<O> ods_runtime::dialect::ListsOp<O> for TestDialect {}
