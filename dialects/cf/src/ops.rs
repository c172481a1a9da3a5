//! What `ods/ControlFlowOps.ods` leaves to Rust on the generated ops: the
//! `cf.switch` builder declared without a body, its `hasVerifier` method,
//! and the branches' `BranchOpInterface` methods (the generated impl of
//! `ods_runtime::interfaces::BranchOpInterface` calls them): which
//! operands each branch passes to each successor, as editable ranges
//! (`get_successor_operands`) and, as each declares it overrides
//! `getSuccessorForOperands`, which successor constant operands select
//! (`get_successor_for_operands`).

use super::*;
use ir::builder::OpBuilder;
use ir::registry::VerifyError;
use ir::{Attribute, BlockId, Context, Ir, Location, OperationState, Value};
use ods_runtime::interfaces::SuccessorOperands;
use ods_runtime::operands::MutableOperandRange;
use ods_runtime::Op;

impl BranchOp {
    /// Every operand goes to the one successor.
    pub fn get_successor_operands(self, ctx: &Context, ir: &Ir, index: usize) -> SuccessorOperands {
        let range = match index {
            0 => self.dest_operands_mutable(ctx, ir),
            _ => MutableOperandRange::new(self.op(), 0..0),
        };
        SuccessorOperands::new(range)
    }

    /// Always the one successor.
    pub fn get_successor_for_operands(
        self,
        _ctx: &Context,
        ir: &Ir,
        _operands: &[Option<Attribute>],
    ) -> Option<BlockId> {
        Some(self.dest(ir))
    }
}

impl CondBranchOp {
    /// Operand groups 1 and 2 go to the true and the false successor.
    pub fn get_successor_operands(self, ctx: &Context, ir: &Ir, index: usize) -> SuccessorOperands {
        let range = match index {
            Self::TRUE_INDEX => self.true_dest_operands_mutable(ctx, ir),
            Self::FALSE_INDEX => self.false_dest_operands_mutable(ctx, ir),
            _ => MutableOperandRange::new(self.op(), 0..0),
        };
        SuccessorOperands::new(range)
    }

    /// The true or the false successor when the condition is a constant.
    pub fn get_successor_for_operands(
        self,
        ctx: &Context,
        ir: &Ir,
        operands: &[Option<Attribute>],
    ) -> Option<BlockId> {
        let condition = super::verify::constant_int(ctx, (*operands.first()?)?)?;
        Some(match condition & 1 {
            1 => self.true_dest(ir),
            _ => self.false_dest(ir),
        })
    }
}

impl SwitchOp {
    /// The default operands to the default successor, then one piece of
    /// the case operands per case successor.
    pub fn get_successor_operands(self, ctx: &Context, ir: &Ir, index: usize) -> SuccessorOperands {
        let range = match index {
            0 => self.default_operands_mutable(ctx, ir),
            case => self.case_operands_mutable(ctx, ir, case - 1),
        };
        SuccessorOperands::new(range)
    }

    /// When the flag is a constant: the case destination whose value
    /// equals it, else the default destination.
    pub fn get_successor_for_operands(
        self,
        ctx: &Context,
        ir: &Ir,
        operands: &[Option<Attribute>],
    ) -> Option<BlockId> {
        let flag = super::verify::constant_int(ctx, (*operands.first()?)?)?;
        let case = super::verify::case_values(ctx, ir, self.op())
            .iter()
            .position(|&v| v == flag);
        Some(match case {
            Some(i) => ir.successor(self.op(), i + 1),
            None => self.default_destination(ir),
        })
    }

    /// A switch on `flag`: to `case_destinations[i]` with
    /// `case_operands[i]` when `flag` equals `case_values[i]`, else to
    /// `default_destination` with `default_operands`. The case values get
    /// the flag's type. (The parameters are the spec's, in its order.)
    #[allow(clippy::too_many_arguments)]
    pub fn build_from_flag_default_destination_default_operands_case_values_case_destinations_case_operands(
        b: &mut OpBuilder<'_>,
        loc: Location,
        flag: Value,
        default_destination: BlockId,
        default_operands: &[Value],
        case_values: &[i64],
        case_destinations: &[BlockId],
        case_operands: &[&[Value]],
    ) -> SwitchOp {
        let name = b.ctx.ident(<Self as Op>::NAME);
        let mut state = OperationState::new(name, loc);
        state.operands.push(flag);
        state.operands.extend_from_slice(default_operands);
        for group in case_operands {
            state.operands.extend_from_slice(group);
        }
        state.successors.push(default_destination);
        state.successors.extend_from_slice(case_destinations);
        let flag_type = b.ir.value_type(flag);
        let values =
            (!case_values.is_empty()).then(|| dense_int_vector(b.ctx, flag_type, case_values));
        let case_sizes: Vec<i32> = case_operands.iter().map(|g| g.len() as i32).collect();
        let case_segments = ods_runtime::attr::dense_array(b.ctx, &case_sizes);
        let all_case_operands: usize = case_operands.iter().map(|g| g.len()).sum();
        let segments = ods_runtime::segments::segment_sizes_attr(
            b.ctx,
            &[1, default_operands.len(), all_case_operands],
        );
        state.props = ods_runtime::op::build_props(
            b.ctx,
            &[
                ("case_operand_segments", Some(case_segments)),
                ("case_values", values),
                ("operandSegmentSizes", Some(segments)),
            ],
        );
        SwitchOp::from_op_unchecked(b.create(&state))
    }

    /// A switch with only its default destination.
    pub fn build_from_flag_default_destination_default_operands(
        b: &mut OpBuilder<'_>,
        loc: Location,
        flag: Value,
        default_destination: BlockId,
        default_operands: &[Value],
    ) -> SwitchOp {
        Self::build_from_flag_default_destination_default_operands_case_values_case_destinations_case_operands(
            b,
            loc,
            flag,
            default_destination,
            default_operands,
            &[],
            &[],
            &[],
        )
    }

    /// The case values have the flag's type, one per case destination.
    pub fn verify_op(self, ctx: &Context, ir: &Ir) -> Result<(), VerifyError> {
        verify::verify_switch(ctx, ir, self.op())
    }
}

impl AssertOp {
    /// `MemoryEffectOpInterface::getEffects` (the op declares the
    /// interface): as upstream, an assertion writes to the default
    /// resource, so it is neither removed nor moved across other memory
    /// operations.
    pub fn get_effects(
        self,
        _ctx: &Context,
        _ir: &Ir,
    ) -> Vec<ods_runtime::effects::EffectInstance> {
        use ods_runtime::effects::{EffectInstance, EffectTarget, MemoryEffect};
        vec![EffectInstance::new(MemoryEffect::Write, EffectTarget::Op)]
    }
}
