use ods_macros::op;

#[op("test.x", dialect = TestDialect)]
pub struct XOp {
    inputs: Variadic<I32>,
    outputs: Variadic<I32>,
}

fn main() {}

// The ops' dialect: this case is about another error, so it lists
// every op (`ods_runtime::dialect::ListsOp`).
#[allow(dead_code)]
pub struct TestDialect;
impl<O> ods_runtime::dialect::ListsOp<O> for TestDialect {}
