// An op that names its dialect (`dialect = TestDialect`) but is left out
// of the dialect's `ops = [...]` would never be registered: a compile
// error at the dialect's name in the op, naming the list.
use ods_macros::{dialect, op};

#[op("test.listed", dialect = TestDialect)]
pub struct ListedOp {}

#[op("test.forgotten", dialect = TestDialect)]
pub struct ForgottenOp {}

#[dialect("test", ops = [ListedOp])]
pub struct TestDialect;

fn main() {}
