// Unknown trait, constraint and field names: the error at the name, with
// the known name it is closest to (a letter off, or the same but for case
// and underscores).
use ods_macros::op;

#[op("test.x", traits = [Comutative], dialect = TestDialect)]
pub struct XOp {
    lhs: I32,
}

#[op("test.y", dialect = TestDialect)]
pub struct YOp {
    lhs: AnyFlaot,
}

#[op("test.z", dialect = TestDialect)]
pub struct ZOp {
    lhs: f32,
}

#[op("test.w", has_folder = 1, dialect = TestDialect)]
pub struct WOp {
    lhs: I32,
}

fn main() {}

// The ops' dialect: this case is about another error, so it lists
// every op (`ods_runtime::dialect::ListsOp`).
#[allow(dead_code)]
pub struct TestDialect;
impl<O> ods_runtime::dialect::ListsOp<O> for TestDialect {}
