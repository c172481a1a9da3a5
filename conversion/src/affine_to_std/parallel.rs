//! What `affine.parallel`'s lowering reads and builds besides the bounds:
//! the per-dimension slices of its bound maps, its reductions' identity
//! values (upstream's `arith::getIdentityValue`) and the `scf.reduce`
//! combining them (`arith::getReductionOp`).

use dialect_arith::{
    AddFOp, AddIOp, AndIOp, AtomicRMWKind, ConstantOp, MaxNumFOp, MaxSIOp, MaxUIOp, MaximumFOp,
    MinNumFOp, MinSIOp, MinUIOp, MinimumFOp, MulFOp, MulIOp, OrIOp,
};
use ir::affine::AffineMap;
use ir::builder::{InsertPoint, OpBuilder};
use ir::{FloatKind, Location, OpId, OperationState, Type, TypeKind, Value};
use ods_runtime::Op;
use ods_transforms::conversion::{ConversionRewriter, MatchFailure};

/// The bounds and steps of an `affine.parallel`.
pub struct ParallelShape {
    lb_map: AffineMap,
    ub_map: AffineMap,
    lb_groups: Vec<i64>,
    ub_groups: Vec<i64>,
    pub lb_operands: Vec<Value>,
    pub ub_operands: Vec<Value>,
    pub steps: Vec<i64>,
}

impl ParallelShape {
    /// Reads `op`'s bound maps, groups, operands and steps.
    pub fn of(rw: &mut ConversionRewriter<'_>, op: OpId) -> Result<ParallelShape, MatchFailure> {
        let (ctx, ir) = (&*rw.ctx, rw.ir());
        let lb_map = dialect_affine::map_of(ctx, ir, op, "lowerBoundsMap");
        let ub_map = dialect_affine::map_of(ctx, ir, op, "upperBoundsMap");
        let steps: Vec<i64> =
            match ods_runtime::op::inherent_attr(ctx, ir, op, "steps").map(|a| ctx.attr_kind(a)) {
                Some(ir::AttrKind::Array(items)) => items
                    .iter()
                    .filter_map(|&a| ods_runtime::pred::integer_attr_value(ctx, a))
                    .collect(),
                _ => Vec::new(),
            };
        let lb_groups = dialect_affine::verify::group_sizes(ctx, ir, op, "lowerBoundsGroups");
        let ub_groups = dialect_affine::verify::group_sizes(ctx, ir, op, "upperBoundsGroups");
        let (Some(lb_map), Some(ub_map)) = (lb_map, ub_map) else {
            return Err(rw.notify_match_failure(op, "the loop has no bound maps"));
        };
        if lb_groups.len() != steps.len() || ub_groups.len() != steps.len() {
            return Err(rw.notify_match_failure(op, "bound groups and steps do not match"));
        }
        let operands: Vec<Value> = ir.operands(op).collect();
        let lb_count = ((lb_map.num_dims + lb_map.num_symbols) as usize).min(operands.len());
        let (lb_operands, ub_operands) = operands.split_at(lb_count);
        Ok(ParallelShape {
            lb_operands: lb_operands.to_vec(),
            ub_operands: ub_operands.to_vec(),
            lb_map,
            ub_map,
            lb_groups: lb_groups.to_vec(),
            ub_groups: ub_groups.to_vec(),
            steps,
        })
    }

    /// The lower bound map of dimension `dim` (upstream's
    /// `getLowerBoundMap(dim)`: its group of results).
    pub fn lower_map(&self, dim: usize) -> AffineMap {
        group_slice(&self.lb_map, &self.lb_groups, dim)
    }

    /// The upper bound map of dimension `dim`.
    pub fn upper_map(&self, dim: usize) -> AffineMap {
        group_slice(&self.ub_map, &self.ub_groups, dim)
    }

    /// The reductions' kinds, one per result of `types`.
    pub fn reduction_kinds(
        &self,
        rw: &mut ConversionRewriter<'_>,
        op: OpId,
        types: &[Type],
    ) -> Result<Vec<AtomicRMWKind>, MatchFailure> {
        let (ctx, ir) = (&*rw.ctx, rw.ir());
        let kinds: Vec<Option<AtomicRMWKind>> =
            match ods_runtime::op::inherent_attr(ctx, ir, op, "reductions")
                .map(|a| ctx.attr_kind(a))
            {
                Some(ir::AttrKind::Array(items)) => items
                    .iter()
                    .map(|&a| {
                        let k = ods_runtime::pred::integer_attr_value(ctx, a)?;
                        AtomicRMWKind::ALL.get(usize::try_from(k).ok()?).copied()
                    })
                    .collect(),
                _ => Vec::new(),
            };
        match kinds.into_iter().collect::<Option<Vec<_>>>() {
            Some(kinds) if kinds.len() == types.len() => {
                if kinds
                    .iter()
                    .any(|k| matches!(k.as_str(), "assign" | "xori"))
                {
                    return Err(rw.notify_match_failure(
                        op,
                        "unsupported reduction kind for identity value",
                    ));
                }
                Ok(kinds)
            }
            _ => Err(rw.notify_match_failure(op, "the reductions do not match the results")),
        }
    }
}

/// Results `sum(groups[..dim])..` of `map`, `groups[dim]` of them.
fn group_slice(map: &AffineMap, groups: &[i64], dim: usize) -> AffineMap {
    let start: i64 = groups[..dim].iter().sum();
    let len = groups.get(dim).copied().unwrap_or(0);
    map.slice(
        usize::try_from(start).unwrap_or(0),
        usize::try_from(len).unwrap_or(0),
    )
}

/// The bit width of an integer or index type.
fn int_width(b: &OpBuilder<'_>, ty: Type) -> Option<u32> {
    match b.ctx.type_kind(ty) {
        TypeKind::Integer { width, .. } => Some(*width),
        TypeKind::Index => Some(64),
        _ => None,
    }
}

/// The identity of reduction `kind` in `ty` as an `arith.constant`; `None`
/// for the kinds upstream has no identity for (`assign`, `xori`) and for
/// types the kind does not apply to.
pub fn identity_value(
    b: &mut OpBuilder<'_>,
    loc: Location,
    kind: AtomicRMWKind,
    ty: Type,
) -> Option<Value> {
    let attr = identity_attr(b, kind, ty)?;
    let c = ConstantOp::build(b, loc, ty, attr);
    Some(b.ir.result(c.op(), 0))
}

fn identity_attr(b: &mut OpBuilder<'_>, kind: AtomicRMWKind, ty: Type) -> Option<ir::Attribute> {
    let float = |b: &mut OpBuilder<'_>, value: f64| {
        matches!(b.ctx.type_kind(ty), TypeKind::Float(_)).then(|| b.ctx.float_attr(ty, value))
    };
    let int = |b: &mut OpBuilder<'_>, value: i128| {
        int_width(b, ty).map(|_| b.ctx.integer_attr(ty, value))
    };
    match kind.as_str() {
        "addf" => float(b, 0.0),
        "mulf" => float(b, 1.0),
        "maximumf" => float(b, f64::NEG_INFINITY),
        "minimumf" => float(b, f64::INFINITY),
        "maxnumf" => nan(b, ty, true),
        "minnumf" => nan(b, ty, false),
        "addi" | "maxu" | "ori" => int(b, 0),
        "muli" => int(b, 1),
        // All ones, as a signless value.
        "andi" | "minu" => int(b, -1),
        "maxs" => {
            let w = int_width(b, ty)?;
            int(b, -(1i128 << (w - 1)))
        }
        "mins" => {
            let w = int_width(b, ty)?;
            int(b, (1i128 << (w - 1)) - 1)
        }
        _ => None,
    }
}

/// A quiet NaN of float type `ty` (APFloat's `getNaN`), negative or not.
fn nan(b: &mut OpBuilder<'_>, ty: Type, negative: bool) -> Option<ir::Attribute> {
    let TypeKind::Float(kind) = b.ctx.type_kind(ty) else {
        return None;
    };
    let (width, mantissa) = match kind {
        FloatKind::F16 => (16, 10),
        FloatKind::BF16 => (16, 7),
        FloatKind::F32 => (32, 23),
        FloatKind::F64 => (64, 52),
        _ => return None,
    };
    let exponent_ones: u128 = ((1u128 << (width - 1 - mantissa)) - 1) << mantissa;
    let quiet = 1u128 << (mantissa - 1);
    let sign = if negative { 1u128 << (width - 1) } else { 0 };
    Some(b.ctx.float_attr_bits(ty, sign | exponent_ones | quiet))
}

/// `lhs` combined with `rhs` by reduction `kind`.
fn combine(
    b: &mut OpBuilder<'_>,
    loc: Location,
    kind: AtomicRMWKind,
    l: Value,
    r: Value,
) -> Option<Value> {
    let ir_result = |b: &OpBuilder<'_>, op: OpId| b.ir.result(op, 0);
    let op = match kind.as_str() {
        "addf" => AddFOp::build(b, loc, l, r, None).op(),
        "addi" => AddIOp::build(b, loc, l, r, None).op(),
        "mulf" => MulFOp::build(b, loc, l, r, None).op(),
        "muli" => MulIOp::build(b, loc, l, r, None).op(),
        "maximumf" => MaximumFOp::build(b, loc, l, r, None).op(),
        "minimumf" => MinimumFOp::build(b, loc, l, r, None).op(),
        "maxnumf" => MaxNumFOp::build(b, loc, l, r, None).op(),
        "minnumf" => MinNumFOp::build(b, loc, l, r, None).op(),
        "maxs" => MaxSIOp::build(b, loc, l, r).op(),
        "mins" => MinSIOp::build(b, loc, l, r).op(),
        "maxu" => MaxUIOp::build(b, loc, l, r).op(),
        "minu" => MinUIOp::build(b, loc, l, r).op(),
        "ori" => OrIOp::build(b, loc, l, r).op(),
        "andi" => AndIOp::build(b, loc, l, r).op(),
        _ => return None,
    };
    Some(ir_result(b, op))
}

/// Replaces the loop's `affine.yield` by an `scf.reduce` of its operands,
/// at its place and location, whose regions combine two values by each
/// reduction's op and return the result.
pub fn replace_terminator_by_reduce(
    rw: &mut ConversionRewriter<'_>,
    terminator: OpId,
    loc: Location,
    kinds: &[AtomicRMWKind],
) {
    let yield_loc = rw.ir().op_loc(terminator);
    let values: Vec<Value> = rw.ir().operands(terminator).collect();
    rw.build(InsertPoint::Before(terminator), |b| {
        let mut regions = Vec::with_capacity(values.len());
        // `create_block` moves the insertion point into the new block.
        let saved = b.insertion_point();
        for (&value, &kind) in values.iter().zip(kinds) {
            let ty = b.ir.value_type(value);
            let region = b.ir.create_region();
            let block = b.create_block(region, &[ty, ty], yield_loc);
            b.set_insertion_point_to_end(block);
            let (lhs, rhs) = (b.ir.argument(block, 0), b.ir.argument(block, 1));
            if let Some(result) = combine(b, loc, kind, lhs, rhs) {
                let name = b.ctx.ident("scf.reduce.return");
                let mut ret = OperationState::new(name, loc);
                ret.operands = vec![result];
                b.create(&ret);
            }
            b.set_insertion_point(saved);
            regions.push(region);
        }
        let name = b.ctx.ident("scf.reduce");
        let mut reduce = OperationState::new(name, yield_loc);
        reduce.operands = values.clone();
        reduce.regions = regions;
        b.create(&reduce)
    });
    rw.erase_op(terminator);
}
