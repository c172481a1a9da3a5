use ods_macros::op;

#[op("test.x", include = "tests/ods/no_such_spec.ods", dialect = TestDialect)]
pub struct XOp {
    lhs: I32,
}

fn main() {}

// The ops' dialect: this case is about another error, so it lists
// every op (`ods_runtime::dialect::ListsOp`).
#[allow(dead_code)]
pub struct TestDialect;
impl<O> ods_runtime::dialect::ListsOp<O> for TestDialect {}
