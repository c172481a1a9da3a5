// `#[dialect(patterns = [...])]` lists patterns, lists of them or
// populate functions: anything else is an error at its path.
use ods_macros::{dialect, op};

#[op("test.nop", dialect = TestDialect)]
pub struct NopOp {}

/// Not a pattern.
pub const LIMIT: u32 = 3;

#[dialect("test", ops = [NopOp], patterns = [LIMIT])]
pub struct TestDialect;

fn main() {}
