// An op whose author wrote `fold` (and `verify_op`) without the flags
// that make the generated code call them: an error at the op's name that
// names the flag to add.
use ods_macros::op;
use ods_runtime::ir::{Attribute, Context, Ir};
use ods_runtime::fold::OpFoldResult;
use ods_runtime::VerifyError;

#[op("test.negate", dialect = TestDialect)]
pub struct NegateOp {
    input: I32,
    #[result]
    output: I32,
}

impl NegateOp {
    pub fn fold(
        self,
        _ctx: &mut Context,
        _ir: &mut Ir,
        _operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        None
    }
}

#[op("test.checked", hasFolder = 1, dialect = TestDialect)]
pub struct CheckedOp {
    input: I32,
}

impl CheckedOp {
    pub fn fold(
        self,
        _ctx: &mut Context,
        _ir: &mut Ir,
        _operands: &[Option<Attribute>],
    ) -> Option<Vec<OpFoldResult>> {
        None
    }
    pub fn verify_op(self, _ctx: &Context, _ir: &Ir) -> Result<(), VerifyError> {
        Ok(())
    }
}

fn main() {}

// The ops' dialect: this case is about another error, so it lists
// every op (`ods_runtime::dialect::ListsOp`).
#[allow(dead_code)]
pub struct TestDialect;
impl<O> ods_runtime::dialect::ListsOp<O> for TestDialect {}
