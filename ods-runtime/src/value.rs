//! Values named without the IR store at hand: what generated builders
//! take for an operand. A builder call holds the `OpBuilder` (and so the
//! store) mutably, so an argument that reads the store, as
//! `AddOp::build(&mut b, loc, c.result(b.ctx, b.ir), x)` does, is rustc's E0502.
//! An [`IntoValue`] is resolved by the builder itself once it holds the
//! store: a `Value`, the handle of a one-result op (as MLIR's C++ turns
//! such an op into its result) or a [`ResultOf`] (result `i` of any op).

use ir::{Ir, OpId, Value};

/// Something a builder resolves to a [`Value`] with the store.
pub trait IntoValue {
    /// The value, read from `ir`.
    fn into_value(self, ir: &Ir) -> Value;
}

impl IntoValue for Value {
    #[inline]
    fn into_value(self, _ir: &Ir) -> Value {
        self
    }
}

/// Result `index` of `op`, resolved when a builder needs it.
///
/// ```
/// use ods_runtime::{IntoValue, ResultOf};
/// use ods_runtime::ir::{Context, Ir, Location, OperationState};
///
/// let (mut ctx, mut ir) = (Context::new(), Ir::new());
/// let i32t = ctx.integer_type(32, ods_runtime::ir::Signedness::Signless);
/// let name = ctx.ident("test.two");
/// let mut state = OperationState::new(name, Location::UNKNOWN);
/// state.result_types = vec![i32t, i32t];
/// let op = ir.create_op(&state);
/// let second = ResultOf::new(op, 1);
/// assert_eq!(second.into_value(&ir), ir.result(op, 1));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct ResultOf {
    /// The op.
    pub op: OpId,
    /// Which result.
    pub index: usize,
}

impl ResultOf {
    /// Result `index` of `op` (an `OpId`, or any op handle through
    /// `Op::op`).
    pub fn new(op: OpId, index: usize) -> ResultOf {
        ResultOf { op, index }
    }
}

impl IntoValue for ResultOf {
    #[inline]
    fn into_value(self, ir: &Ir) -> Value {
        ir.result(self.op, self.index)
    }
}
