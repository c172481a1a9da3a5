// An op listing a Rust-declared interface without writing its required
// method: rustc's error names the method, as for an `.ods` interface.
use ods_macros::{op, op_interface};

/// Counts.
#[op_interface]
pub trait CountingOpInterface {
    /// How many.
    fn get_count(self) -> i64;
}

#[op("test.x", traits = [CountingOpInterface], dialect = TestDialect)]
pub struct XOp {
    lhs: I32,
}

fn main() {}

// The ops' dialect: this case is about another error, so it lists
// every op (`ods_runtime::dialect::ListsOp`).
#[allow(dead_code)]
pub struct TestDialect;
impl<O> ods_runtime::dialect::ListsOp<O> for TestDialect {}
