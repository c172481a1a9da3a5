//! What the index ops' spec leaves to Rust besides the folds: the names
//! `index.constant` (`%idx42`, `%idx-3`) and `index.bool.constant`
//! (`%true`, `%false`) give their results, the cast check of
//! `CastOpInterface` (one side of `index.casts`/`index.castu` is `index`,
//! the other is not), and `index.constant`'s builder from an `i64`.
//!
//! In: verified ops (names), ops whose ODS invariants hold (the cast
//! check), a builder and a value (the builder). Out: `set_name` calls, the
//! check's error, the built op.

use super::{BoolConstantOp, ConstantOp};
use ir::builder::OpBuilder;
use ir::printer::print_type_str;
use ir::registry::VerifyError;
use ir::{AttrKind, Context, Ir, Location, OpId, TypeKind, Value};
use ods_runtime::op::inherent_attr;
use ods_runtime::Op;

/// The integer value of the op's `value` attribute (index or `i1`).
fn value_of(ctx: &Context, ir: &Ir, op: OpId) -> Option<i128> {
    match ctx.attr_kind(inherent_attr(ctx, ir, op, "value")?) {
        AttrKind::Integer { value, .. } => value.as_i64().map(i128::from),
        _ => None,
    }
}

impl ConstantOp {
    /// `OpAsmOpInterface::getAsmResultNames`: `idx` and the value, signed.
    pub fn get_asm_result_names(
        self,
        ctx: &Context,
        ir: &Ir,
        set_name: &mut dyn FnMut(Value, &str),
    ) {
        let op = self.op();
        if let (Some(value), 1) = (value_of(ctx, ir, op), ir.num_results(op)) {
            set_name(ir.result(op, 0), &format!("idx{value}"));
        }
    }

    /// An `index.constant` of `value` (upstream's `build(int64_t)`).
    pub fn build_from_value(b: &mut OpBuilder<'_>, loc: Location, value: i64) -> ConstantOp {
        ConstantOp::build(b, loc, value)
    }
}

impl BoolConstantOp {
    /// `OpAsmOpInterface::getAsmResultNames`: `true` or `false`.
    pub fn get_asm_result_names(
        self,
        ctx: &Context,
        ir: &Ir,
        set_name: &mut dyn FnMut(Value, &str),
    ) {
        let op = self.op();
        if let (Some(value), 1) = (value_of(ctx, ir, op), ir.num_results(op)) {
            set_name(ir.result(op, 0), if value != 0 { "true" } else { "false" });
        }
    }
}

/// `CastOpInterface`'s check of `index.casts` and `index.castu`: exactly
/// one of the input and output types is `index` (upstream's
/// `areCastCompatible`), worded as `mlir-opt` words a failed cast check.
pub fn verify_cast(ctx: &Context, ir: &Ir, op: OpId) -> Result<(), VerifyError> {
    let from = ir.value_type(ir.operand(op, 0));
    let to = ir.value_type(ir.result(op, 0));
    let is_index = |t| matches!(ctx.type_kind(t), TypeKind::Index);
    if is_index(from) != is_index(to) {
        return Ok(());
    }
    Err(VerifyError::op_error(format!(
        "operand type '{}' and result type '{}' are cast incompatible",
        print_type_str(ctx, from),
        print_type_str(ctx, to)
    )))
}
