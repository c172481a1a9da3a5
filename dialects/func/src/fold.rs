//! Folding for the `func` dialect: `func.constant` folds to the symbol it
//! names, and the dialect materializes such constants (MLIR's
//! `FuncDialect::materializeConstant`).

use super::{ConstantOp, FuncDialect};
use ir::builder::OpBuilder;
use ir::{Attribute, Context, Ir, Location, OpId, Type};
use ods_runtime::fold::OpFoldResult;
use ods_runtime::Op;

impl ConstantOp {
    /// A constant folds to its value.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        _operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        self.value_attr(ctx, ir).map(OpFoldResult::Attribute)
    }
}

impl FuncDialect {
    /// Builds the `func.constant` of a flat symbol reference and a
    /// function type, else nothing.
    pub fn materialize_constant(
        b: &mut OpBuilder<'_>,
        value: Attribute,
        ty: Type,
        loc: Location,
    ) -> Option<OpId> {
        if !ConstantOp::is_buildable_with(b.ctx, value, ty) {
            return None;
        }
        let name = ods_runtime::attr::flat_symbol_ref_value(b.ctx, value).to_string();
        Some(ConstantOp::build(b, loc, ty, &name).op())
    }
}
