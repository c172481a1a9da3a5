//! What the index ops' spec leaves to Rust besides the folds: the names
//! `index.constant` (`%idx42`, `%idx-3`) and `index.bool.constant`
//! (`%true`, `%false`) give their results, `CastOpInterface`'s
//! `are_cast_compatible` of `index.casts`/`index.castu` (one side is
//! `index`, the other is not), and `index.constant`'s builder from an
//! `i64`.
//!
//! In: verified ops (names), cast types, a builder and a value (the
//! builder). Out: `set_name` calls, whether the cast is valid, the built
//! op.

use super::{BoolConstantOp, CastSOp, CastUOp, ConstantOp};
use ir::builder::OpBuilder;
use ir::{AttrKind, Context, Ir, Location, OpId, Type, TypeKind, Value};
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

/// `CastOpInterface::are_cast_compatible` of `index.casts` and
/// `index.castu`: exactly one of the input and output types is `index`
/// (upstream reads only the first of each list).
fn index_cast_compatible(ctx: &Context, inputs: &[Type], outputs: &[Type]) -> bool {
    let is_index = |t: &Type| matches!(ctx.type_kind(*t), TypeKind::Index);
    match (inputs.first(), outputs.first()) {
        (Some(from), Some(to)) => is_index(from) != is_index(to),
        _ => false,
    }
}

impl CastSOp {
    /// Exactly one side is `index` ([`index_cast_compatible`]).
    pub fn are_cast_compatible(ctx: &Context, inputs: &[Type], outputs: &[Type]) -> bool {
        index_cast_compatible(ctx, inputs, outputs)
    }
}

impl CastUOp {
    /// Exactly one side is `index` ([`index_cast_compatible`]).
    pub fn are_cast_compatible(ctx: &Context, inputs: &[Type], outputs: &[Type]) -> bool {
        index_cast_compatible(ctx, inputs, outputs)
    }
}
