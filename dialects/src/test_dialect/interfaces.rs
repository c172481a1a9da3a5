//! The interface methods of `test.ods` that its ops, types and attributes
//! write by hand, as their own methods (the generated `impl Interface for
//! X` forwards to them): the required ones, and those a def declares it
//! overrides (`Declare...InterfaceMethods<I, ["m"]>`).
//!
//! - `CountingOpInterface`: the required `get_count` and
//!   `get_counted_thing`, and `test.count_fixed`'s own
//!   `get_scaled_count`. `DescribedOpInterface` has only defaults.
//! - `WidthTypeInterface`: the required `get_width`, and `!test.flag`'s
//!   own `get_byte_width`.
//! - `SizeAttrInterface`: the required `get_size`, and `#test.pair`'s own
//!   `is_empty`.
//! - `OpAsmOpInterface`: `test.named_args`'s `get_asm_block_argument_names`.
//! - `BranchOpInterface`: `test.produce_br`'s `get_successor_operands`
//!   (one produced block argument, then the operands); `test.br`'s (its
//!   operands) and `test.producing_br`'s (one operand group per
//!   successor, crosswise).
//! - `InferTypeOpInterface`: `test.infer_compatible`'s required
//!   `infer_return_types` and its own `is_compatible_return_types`.
//! - `LoopLikeOpInterface`: `test.graph_loop`'s required
//!   `get_loop_regions` (its body).

use super::{
    BoxType, BranchOp, BranchWithResultOp, CountFixedOp, CountOperandsOp, FlagType, GraphLoopOp,
    InferCompatibleOp, NamedArgsOp, PairAttr, ProducingBranchOp, SpanAttr,
};
use ods_runtime::interfaces::SuccessorOperands;
use ods_runtime::ir::{Context, Ir, OperationState, RegionId, Type, TypeKind, Value};
use ods_runtime::operands::MutableOperandRange;
use ods_runtime::Op;

impl ProducingBranchOp {
    /// The successor's first argument is produced by the op; the
    /// operands follow.
    pub fn get_successor_operands(self, ctx: &Context, ir: &Ir, index: usize) -> SuccessorOperands {
        match index {
            0 => SuccessorOperands::with_produced(1, self.forwarded_mutable(ctx, ir)),
            _ => SuccessorOperands::new(MutableOperandRange::new(self.op(), 0..0)),
        }
    }
}

impl BranchOp {
    /// Every operand goes to the one successor.
    pub fn get_successor_operands(
        self,
        ctx: &Context,
        ir: &Ir,
        _index: usize,
    ) -> SuccessorOperands {
        SuccessorOperands::new(self.target_operands_mutable(ctx, ir))
    }
}

impl BranchWithResultOp {
    /// Crosswise, as upstream's: the second group goes to the first
    /// successor, the first group to the second.
    pub fn get_successor_operands(self, ctx: &Context, ir: &Ir, index: usize) -> SuccessorOperands {
        match index {
            0 => SuccessorOperands::new(self.second_operands_mutable(ctx, ir)),
            _ => SuccessorOperands::new(self.first_operands_mutable(ctx, ir)),
        }
    }
}

impl NamedArgsOp {
    /// `OpAsmOpInterface::get_asm_block_argument_names`: every argument of
    /// the body's blocks is `in` (the printer makes them unique).
    pub fn get_asm_block_argument_names(
        self,
        _ctx: &Context,
        ir: &Ir,
        region: RegionId,
        set_name: &mut dyn FnMut(Value, &str),
    ) {
        for block in ir.region_blocks(region) {
            for arg in ir.arguments(block) {
                set_name(arg, "in");
            }
        }
    }
}

impl CountOperandsOp {
    /// `CountingOpInterface::get_count`: the number of operands.
    pub fn get_count(self, ctx: &Context, ir: &Ir) -> i64 {
        self.items(ctx, ir).len() as i64
    }

    /// `CountingOpInterface::get_counted_thing`.
    pub fn get_counted_thing() -> &'static str {
        "operands"
    }
}

impl CountFixedOp {
    /// `CountingOpInterface::get_count`: the `count` attribute.
    pub fn get_count(self, ctx: &Context, ir: &Ir) -> i64 {
        // Signless `I64Attr` reads as `u64`; the bits are the signed value.
        self.count(ctx, ir)
    }

    /// `CountingOpInterface::get_scaled_count`, declared overridden:
    /// scales by the factor plus one, to tell it from the default.
    pub fn get_scaled_count(self, ctx: &Context, ir: &Ir, factor: i64) -> i64 {
        self.get_count(ctx, ir) * (factor + 1)
    }

    /// `CountingOpInterface::get_counted_thing`.
    pub fn get_counted_thing() -> &'static str {
        "whatever the attribute says"
    }
}

impl BoxType {
    /// `WidthTypeInterface::get_width`: the inner type's bit width (an
    /// integer or float), else that of a 64-bit pointer.
    pub fn get_width(self, ctx: &Context) -> u64 {
        match ctx.type_kind(self.inner(ctx)) {
            TypeKind::Integer { width, .. } => u64::from(*width),
            TypeKind::Float(kind) => u64::from(kind.bit_width()),
            _ => 64,
        }
    }
}

impl FlagType {
    /// `WidthTypeInterface::get_width`: one bit.
    pub fn get_width(self, _ctx: &Context) -> u64 {
        1
    }

    /// `WidthTypeInterface::get_byte_width`, declared overridden: a flag
    /// is packed, it takes no byte of its own.
    pub fn get_byte_width(self, _ctx: &Context) -> u64 {
        0
    }
}

impl SpanAttr {
    /// `SizeAttrInterface::get_size`: the length.
    pub fn get_size(self, ctx: &Context) -> i64 {
        self.length(ctx)
    }
}

impl PairAttr {
    /// `SizeAttrInterface::get_size`: a pair holds two things.
    pub fn get_size(self, _ctx: &Context) -> i64 {
        2
    }

    /// `SizeAttrInterface::is_empty`, declared overridden: a pair never is.
    pub fn is_empty(self, _ctx: &Context) -> bool {
        false
    }
}

impl InferCompatibleOp {
    /// The result has the operand's type.
    pub fn infer_return_types(
        _ctx: &mut Context,
        ir: &Ir,
        state: &OperationState,
    ) -> Result<Vec<Type>, String> {
        let input = state.operands.first().ok_or("expected one operand")?;
        Ok(vec![ir.value_type(*input)])
    }

    /// Equal types, or `!test.flag` where `i1` was inferred: telling the
    /// dialect's type from a builtin one takes the context.
    pub fn is_compatible_return_types(ctx: &Context, inferred: &[Type], actual: &[Type]) -> bool {
        inferred.len() == actual.len()
            && inferred.iter().zip(actual).all(|(&i, &a)| {
                i == a
                    || (matches!(ctx.type_kind(i), TypeKind::Integer { width: 1, .. })
                        && FlagType::from_type(ctx, a).is_some())
            })
    }
}

impl GraphLoopOp {
    /// The body, run once per iteration.
    pub fn get_loop_regions(self, ir: &Ir) -> ods_runtime::interfaces::LoopRegions {
        ir.regions(self.op()).iter().copied().collect()
    }
}
