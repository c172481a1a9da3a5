// ODS ties every op to a dialect, and a dialect registers only the ops
// it lists: an op that names no dialect (`dialect = ...`) could be left
// out of every list unnoticed, so it is an error at the op's name saying
// what to write. The crate declares `#[dialect("test")]`, so the fix
// names `TestDialect`; no dialect is declared for `other`, so that op's
// fix is a placeholder. Both macros check it.
use ods_macros::{dialect, op, Op};
use ods_runtime::ir::OpId;

#[op("test.add", traits = [Pure])]
pub struct AddOp {
    lhs: I32,
    rhs: I32,
    #[result]
    sum: I32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Op)]
#[op("test.neg", arguments(input: I32), results(output: I32))]
pub struct NegOp(OpId);

#[op("other.nop")]
pub struct NopOp {}

#[dialect("test", ops = [AddOp, NegOp])]
pub struct TestDialect;

fn main() {
    // The ops are still defined: no cascade where they are used.
    use ods_runtime::Op as _;
    let _ = (AddOp::NAME, NegOp::NAME, NopOp::NAME);
}
