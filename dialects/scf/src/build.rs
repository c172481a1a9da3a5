//! The builders `ods/SCFOps.ods` declares without a body, as upstream
//! writes them in C++: each makes the op's regions with their blocks
//! (arguments typed from the bounds and loop-carried values), runs the
//! caller's body builder inside, and adds the implicit terminator where
//! upstream does.
//!
//! In: an [`OpBuilder`] (its insertion point is kept) and the builder's
//! arguments. Out: the op, inserted at the builder's insertion point.

use super::*;
use ir::builder::OpBuilder;
use ir::{Attribute, BlockId, Location, OperationState, RegionId, Type, Value};
use ods_runtime::Op;

/// Fills an `scf.for` body: the builder at the body's start, the
/// location, the induction variable and the loop-carried values.
pub type ForBodyFn<'f> = &'f mut dyn FnMut(&mut OpBuilder<'_>, Location, Value, &[Value]);
/// Fills an `scf.parallel` body: induction variables, then the values
/// after them (none today; upstream's signature keeps the slot).
pub type LoopBodyFn<'f> = &'f mut dyn FnMut(&mut OpBuilder<'_>, Location, &[Value], &[Value]);
/// Fills a body from its block arguments (`scf.forall`, `scf.while`,
/// `scf.parallel` without initial values).
pub type ValuesBodyFn<'f> = &'f mut dyn FnMut(&mut OpBuilder<'_>, Location, &[Value]);
/// Fills a region without arguments (`scf.if`).
pub type BodyFn<'f> = &'f mut dyn FnMut(&mut OpBuilder<'_>, Location);

/// A loop bound given either as a constant or as an index value (MLIR's
/// `OpFoldResult`, as `scf.forall`'s builders take it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpFoldResult {
    /// A constant bound.
    Static(i64),
    /// A bound computed at run time.
    Value(Value),
}

/// A new region holding one block with arguments of `types`, built with
/// `fill` (the builder at the block's start) when given; the builder's
/// insertion point is restored afterwards.
fn region_with_block(
    b: &mut OpBuilder<'_>,
    loc: Location,
    types: &[Type],
    fill: impl FnOnce(&mut OpBuilder<'_>, BlockId),
) -> RegionId {
    let saved = b.insertion_point();
    let region = b.ir.create_region();
    let block = b.create_block(region, types, loc);
    fill(b, block);
    b.set_insertion_point(saved);
    region
}

/// Properties from `(name, value)` pairs.
fn props(
    b: &mut OpBuilder<'_>,
    entries: &[(&'static str, Option<Attribute>)],
) -> Option<Attribute> {
    ods_runtime::op::build_props(b.ctx, entries)
}

fn value_types(b: &OpBuilder<'_>, values: &[Value]) -> Vec<Type> {
    values.iter().map(|&v| b.ir.value_type(v)).collect()
}

/// A new `name` op from its parts.
fn create(
    b: &mut OpBuilder<'_>,
    name: &str,
    loc: Location,
    fill: impl FnOnce(&mut OperationState),
) -> ir::OpId {
    let name = b.ctx.ident(name);
    let mut state = OperationState::new(name, loc);
    fill(&mut state);
    b.create(&state)
}

impl ForOp {
    /// A loop from `lower_bound` to `upper_bound` by `step` carrying
    /// `init_args`. Without a body builder and loop-carried values the
    /// body gets its `scf.yield`; otherwise the caller (or the body
    /// builder) ends it.
    #[allow(clippy::too_many_arguments)]
    pub fn build_from_lower_bound_upper_bound_step_init_args_body_builder_unsigned_cmp(
        b: &mut OpBuilder<'_>,
        loc: Location,
        lower_bound: Value,
        upper_bound: Value,
        step: Value,
        init_args: &[Value],
        body_builder: Option<ForBodyFn<'_>>,
        unsigned_cmp: bool,
    ) -> ForOp {
        let iv_type = b.ir.value_type(lower_bound);
        let carried = value_types(b, init_args);
        let mut arg_types = vec![iv_type];
        arg_types.extend_from_slice(&carried);
        let region = region_with_block(b, loc, &arg_types, |b, block| {
            // The carried values' arguments take their initial values'
            // locations (upstream's `ForOp::build`).
            for (i, &init) in init_args.iter().enumerate() {
                let init_loc = b.ir.value_loc(init);
                b.ir.set_argument_loc(block, i + 1, init_loc);
            }
            let args: Vec<Value> = b.ir.arguments(block).collect();
            match body_builder {
                Some(f) => {
                    b.set_insertion_point_to_start(block);
                    f(b, loc, args[0], &args[1..]);
                }
                None if init_args.is_empty() => {
                    YieldOp::build_from(b, loc);
                }
                None => {}
            }
        });
        let unit = unsigned_cmp.then(|| b.ctx.unit_attr());
        let props = props(b, &[("unsignedCmp", unit)]);
        let op = create(b, <Self as Op>::NAME, loc, |s| {
            s.operands
                .extend_from_slice(&[lower_bound, upper_bound, step]);
            s.operands.extend_from_slice(init_args);
            s.result_types = carried;
            s.regions.push(region);
            s.props = props;
        });
        ForOp::from_op_unchecked(op)
    }
}

impl ForallOp {
    /// A loop over the bounds, each a constant or a value, sharing
    /// `outputs`; `mapping` ties dimensions to device units. Without a body
    /// builder the body gets its `scf.forall.in_parallel`.
    #[allow(clippy::too_many_arguments)]
    pub fn build_from_lbs_ubs_steps_outputs_mapping_body_builder_fn(
        b: &mut OpBuilder<'_>,
        loc: Location,
        lbs: &[OpFoldResult],
        ubs: &[OpFoldResult],
        steps: &[OpFoldResult],
        outputs: &[Value],
        mapping: Option<Attribute>,
        body_builder_fn: Option<ValuesBodyFn<'_>>,
    ) -> ForallOp {
        let mut dynamic = [Vec::new(), Vec::new(), Vec::new()];
        let mut statics = [Vec::new(), Vec::new(), Vec::new()];
        for (k, list) in [lbs, ubs, steps].into_iter().enumerate() {
            for bound in list {
                match *bound {
                    OpFoldResult::Static(c) => statics[k].push(c),
                    OpFoldResult::Value(v) => {
                        statics[k].push(DYNAMIC);
                        dynamic[k].push(v);
                    }
                }
            }
        }
        let index = b.ctx.index_type();
        let mut arg_types = vec![index; lbs.len()];
        let output_types = value_types(b, outputs);
        arg_types.extend_from_slice(&output_types);
        let region = region_with_block(b, loc, &arg_types, |b, block| match body_builder_fn {
            Some(f) => {
                let args: Vec<Value> = b.ir.arguments(block).collect();
                b.set_insertion_point_to_start(block);
                f(b, loc, &args);
            }
            None => {
                InParallelOp::build_from(b, loc);
            }
        });
        let [lb_attr, ub_attr, step_attr] =
            statics.map(|s| Some(ods_runtime::attr::dense_array(b.ctx, &s)));
        let sizes = [
            dynamic[0].len(),
            dynamic[1].len(),
            dynamic[2].len(),
            outputs.len(),
        ];
        let segments = ods_runtime::segments::segment_sizes_attr(b.ctx, &sizes);
        let props = props(
            b,
            &[
                ("mapping", mapping),
                ("operandSegmentSizes", Some(segments)),
                ("staticLowerBound", lb_attr),
                ("staticStep", step_attr),
                ("staticUpperBound", ub_attr),
            ],
        );
        let op = create(b, <Self as Op>::NAME, loc, |s| {
            for group in &dynamic {
                s.operands.extend_from_slice(group);
            }
            s.operands.extend_from_slice(outputs);
            s.result_types = output_types;
            s.regions.push(region);
            s.props = props;
        });
        ForallOp::from_op_unchecked(op)
    }

    /// The loop with lower bounds 0 and steps 1.
    pub fn build_from_ubs_outputs_mapping_body_builder_fn(
        b: &mut OpBuilder<'_>,
        loc: Location,
        ubs: &[OpFoldResult],
        outputs: &[Value],
        mapping: Option<Attribute>,
        body_builder_fn: Option<ValuesBodyFn<'_>>,
    ) -> ForallOp {
        let lbs = vec![OpFoldResult::Static(0); ubs.len()];
        let steps = vec![OpFoldResult::Static(1); ubs.len()];
        Self::build_from_lbs_ubs_steps_outputs_mapping_body_builder_fn(
            b,
            loc,
            &lbs,
            ubs,
            &steps,
            outputs,
            mapping,
            body_builder_fn,
        )
    }
}

impl InParallelOp {
    /// The terminator with its empty block.
    pub fn build_from(b: &mut OpBuilder<'_>, loc: Location) -> InParallelOp {
        let region = region_with_block(b, loc, &[], |_, _| {});
        let op = create(b, <Self as Op>::NAME, loc, |s| s.regions.push(region));
        InParallelOp::from_op_unchecked(op)
    }
}

impl IfOp {
    /// The op with its regions, blocks as asked (an else block only with a
    /// then block) and no terminators.
    pub fn build_from_result_types_cond_add_then_block_add_else_block(
        b: &mut OpBuilder<'_>,
        loc: Location,
        result_types: &[Type],
        cond: Value,
        add_then_block: bool,
        add_else_block: bool,
    ) -> IfOp {
        let region = |b: &mut OpBuilder<'_>, with_block: bool| match with_block {
            true => region_with_block(b, loc, &[], |_, _| {}),
            false => b.ir.create_region(),
        };
        let then_region = region(b, add_then_block);
        let else_region = region(b, add_then_block && add_else_block);
        Self::create_with(b, loc, result_types, cond, [then_region, else_region])
    }

    /// The op with empty then and else regions.
    pub fn build_from_result_types_cond(
        b: &mut OpBuilder<'_>,
        loc: Location,
        result_types: &[Type],
        cond: Value,
    ) -> IfOp {
        Self::build_from_result_types_cond_add_then_block_add_else_block(
            b,
            loc,
            result_types,
            cond,
            false,
            false,
        )
    }

    /// A then block (and an else block when asked); without results they
    /// end in `scf.yield`.
    pub fn build_from_result_types_cond_with_else_region(
        b: &mut OpBuilder<'_>,
        loc: Location,
        result_types: &[Type],
        cond: Value,
        with_else_region: bool,
    ) -> IfOp {
        let yields = result_types.is_empty();
        let block = |b: &mut OpBuilder<'_>| {
            region_with_block(b, loc, &[], |b, _| {
                if yields {
                    YieldOp::build_from(b, loc);
                }
            })
        };
        let then_region = block(b);
        let else_region = match with_else_region {
            true => block(b),
            false => b.ir.create_region(),
        };
        Self::create_with(b, loc, result_types, cond, [then_region, else_region])
    }

    /// [`IfOp::build_from_result_types_cond_with_else_region`] without
    /// results.
    pub fn build_from_cond_with_else_region(
        b: &mut OpBuilder<'_>,
        loc: Location,
        cond: Value,
        with_else_region: bool,
    ) -> IfOp {
        Self::build_from_result_types_cond_with_else_region(b, loc, &[], cond, with_else_region)
    }

    /// Blocks filled by the builders (`None` for the then builder: a lone
    /// `scf.yield`; for the else builder: no else block); the results are
    /// the types the then block's `scf.yield` passes.
    pub fn build_from_cond_then_builder_else_builder(
        b: &mut OpBuilder<'_>,
        loc: Location,
        cond: Value,
        then_builder: Option<BodyFn<'_>>,
        else_builder: Option<BodyFn<'_>>,
    ) -> IfOp {
        let then_region = region_with_block(b, loc, &[], |b, _| match then_builder {
            Some(f) => f(b, loc),
            None => {
                YieldOp::build_from(b, loc);
            }
        });
        let else_region = match else_builder {
            Some(f) => region_with_block(b, loc, &[], |b, _| f(b, loc)),
            None => b.ir.create_region(),
        };
        let yielded =
            b.ir.first_block(then_region)
                .and_then(|block| b.ir.last_op(block))
                .filter(|&t| b.ctx.str(b.ir.op_name(t)) == <YieldOp as Op>::NAME)
                .map(|t| {
                    b.ir.operands(t)
                        .map(|v| b.ir.value_type(v))
                        .collect::<Vec<_>>()
                })
                .unwrap_or_default();
        Self::create_with(b, loc, &yielded, cond, [then_region, else_region])
    }

    fn create_with(
        b: &mut OpBuilder<'_>,
        loc: Location,
        result_types: &[Type],
        cond: Value,
        regions: [RegionId; 2],
    ) -> IfOp {
        let op = create(b, <Self as Op>::NAME, loc, |s| {
            s.operands.push(cond);
            s.result_types = result_types.to_vec();
            s.regions.extend_from_slice(&regions);
        });
        IfOp::from_op_unchecked(op)
    }
}

impl ParallelOp {
    /// A loop nest over the bounds reducing into `init_vals`. Without
    /// initial values the body gets its `scf.reduce`.
    pub fn build_from_lower_bounds_upper_bounds_steps_init_vals_body_builder_fn(
        b: &mut OpBuilder<'_>,
        loc: Location,
        lower_bounds: &[Value],
        upper_bounds: &[Value],
        steps: &[Value],
        init_vals: &[Value],
        body_builder_fn: Option<LoopBodyFn<'_>>,
    ) -> ParallelOp {
        let index = b.ctx.index_type();
        let arg_types = vec![index; steps.len()];
        let region = region_with_block(b, loc, &arg_types, |b, block| {
            if let Some(f) = body_builder_fn {
                let args: Vec<Value> = b.ir.arguments(block).collect();
                b.set_insertion_point_to_start(block);
                f(b, loc, &args, &[]);
            }
            if init_vals.is_empty() && !ends_with(b, block, <ReduceOp as Op>::NAME) {
                b.set_insertion_point_to_end(block);
                ReduceOp::build_from(b, loc);
            }
        });
        let sizes = [
            lower_bounds.len(),
            upper_bounds.len(),
            steps.len(),
            init_vals.len(),
        ];
        let segments = ods_runtime::segments::segment_sizes_attr(b.ctx, &sizes);
        let props = props(b, &[("operandSegmentSizes", Some(segments))]);
        let result_types = value_types(b, init_vals);
        let op = create(b, <Self as Op>::NAME, loc, |s| {
            for group in [lower_bounds, upper_bounds, steps, init_vals] {
                s.operands.extend_from_slice(group);
            }
            s.result_types = result_types;
            s.regions.push(region);
            s.props = props;
        });
        ParallelOp::from_op_unchecked(op)
    }

    /// The loop nest without reductions.
    pub fn build_from_lower_bounds_upper_bounds_steps_body_builder_fn(
        b: &mut OpBuilder<'_>,
        loc: Location,
        lower_bounds: &[Value],
        upper_bounds: &[Value],
        steps: &[Value],
        body_builder_fn: Option<ValuesBodyFn<'_>>,
    ) -> ParallelOp {
        let mut wrapped;
        let wrapper: Option<LoopBodyFn<'_>> = match body_builder_fn {
            Some(f) => {
                wrapped = move |b: &mut OpBuilder<'_>,
                                loc: Location,
                                ivs: &[Value],
                                _: &[Value]| { f(b, loc, ivs) };
                Some(&mut wrapped)
            }
            None => None,
        };
        Self::build_from_lower_bounds_upper_bounds_steps_init_vals_body_builder_fn(
            b,
            loc,
            lower_bounds,
            upper_bounds,
            steps,
            &[],
            wrapper,
        )
    }
}

/// Whether `block` ends in an op named `name`.
fn ends_with(b: &OpBuilder<'_>, block: BlockId, name: &str) -> bool {
    b.ir.last_op(block)
        .is_some_and(|op| b.ctx.str(b.ir.op_name(op)) == name)
}

impl ReduceOp {
    /// A reduction of each operand, each region a block of two arguments
    /// of the operand's type for the caller to fill.
    pub fn build_from_operands(
        b: &mut OpBuilder<'_>,
        loc: Location,
        operands: &[Value],
    ) -> ReduceOp {
        let regions: Vec<RegionId> = operands
            .iter()
            .map(|&v| {
                let t = b.ir.value_type(v);
                region_with_block(b, loc, &[t, t], |_, _| {})
            })
            .collect();
        let op = create(b, <Self as Op>::NAME, loc, |s| {
            s.operands.extend_from_slice(operands);
            s.regions = regions;
        });
        ReduceOp::from_op_unchecked(op)
    }

    /// The terminator of a loop without reductions.
    pub fn build_from(b: &mut OpBuilder<'_>, loc: Location) -> ReduceOp {
        Self::build_from_operands(b, loc, &[])
    }
}

impl WhileOp {
    /// A loop carrying `inits`: the "before" block takes their types, the
    /// "after" block the result types; each is filled by its builder.
    pub fn build_from_result_types_inits_before_builder_after_builder(
        b: &mut OpBuilder<'_>,
        loc: Location,
        result_types: &[Type],
        inits: &[Value],
        before_builder: ValuesBodyFn<'_>,
        after_builder: ValuesBodyFn<'_>,
    ) -> WhileOp {
        let init_types = value_types(b, inits);
        let before = region_with_block(b, loc, &init_types, |b, block| {
            let args: Vec<Value> = b.ir.arguments(block).collect();
            before_builder(b, loc, &args);
        });
        let after = region_with_block(b, loc, result_types, |b, block| {
            let args: Vec<Value> = b.ir.arguments(block).collect();
            after_builder(b, loc, &args);
        });
        let op = create(b, <Self as Op>::NAME, loc, |s| {
            s.operands.extend_from_slice(inits);
            s.result_types = result_types.to_vec();
            s.regions.extend_from_slice(&[before, after]);
        });
        WhileOp::from_op_unchecked(op)
    }
}
