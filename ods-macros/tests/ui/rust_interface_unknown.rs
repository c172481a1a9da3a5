// A trait-list name that is neither an `.ods` def nor a Rust-declared
// interface in scope: rustc's error at the name, with the interface of
// a close name suggested.
use ods_macros::{op, op_interface};

/// Counts.
#[op_interface]
pub trait CountingOpInterface {
    fn get_count(self) -> i64;
}

#[op("test.x", traits = [CountingOpInterfac], dialect = TestDialect)]
pub struct XOp {
    lhs: I32,
}

fn main() {}

// The ops' dialect: this case is about another error, so it lists
// every op (`ods_runtime::dialect::ListsOp`).
#[allow(dead_code)]
pub struct TestDialect;
impl<O> ods_runtime::dialect::ListsOp<O> for TestDialect {}
