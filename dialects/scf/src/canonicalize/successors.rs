//! Where control goes in the region-branch ops the canonicalization
//! patterns work on (`scf.if`, `scf.for`, `scf.while`,
//! `scf.execute_region`, `scf.index_switch`), as MLIR 22's
//! `RegionBranchOpInterface` implementations answer it: the branch points
//! (the op, its regions' `scf.yield`/`scf.condition`), their successors
//! (a region or back to the op), the values each successor receives (its
//! "inputs": entry block arguments or the op's results) and the operands
//! passed to them. `scf.for` knows its static trip count here (zero: it
//! never enters the body; one: the body always exits), as upstream's.
//!
//! In: the op. Out: successors, inputs and operands, or `None` for ops
//! this module does not describe.

use super::*;
use ods_runtime::interfaces::ValueRange;
use ods_runtime::smallvec::{smallvec, SmallVec};
use std::ops::Range;

/// A point control leaves from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Point {
    /// The op itself, on entry.
    Parent,
    /// A terminator of one of the op's regions.
    Terminator(OpId),
}

/// A place control goes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Successor {
    /// Back out to the op (its results take the values).
    Parent,
    /// Into region `i` of the op.
    Region(usize),
}

/// The kinds of op described here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    If,
    For,
    While,
    ExecuteRegion,
    IndexSwitch,
}

pub(super) fn kind(rw: &Rewriter<'_>, op: OpId) -> Option<Kind> {
    Some(match rw.ctx.str(rw.ir.op_name(op)) {
        "scf.if" => Kind::If,
        "scf.for" => Kind::For,
        "scf.while" => Kind::While,
        "scf.execute_region" => Kind::ExecuteRegion,
        "scf.index_switch" => Kind::IndexSwitch,
        _ => return None,
    })
}

/// Whether `op` ends a region and passes control on (`scf.yield`,
/// `scf.condition`).
fn is_branch_terminator(rw: &Rewriter<'_>, op: OpId) -> bool {
    matches!(rw.ctx.str(rw.ir.op_name(op)), "scf.yield" | "scf.condition")
}

/// The op and the branching terminators of its regions' blocks, in
/// region and block order (MLIR's `getAllRegionBranchPoints`).
pub(super) fn branch_points(rw: &Rewriter<'_>, op: OpId) -> SmallVec<[Point; 4]> {
    let mut points = smallvec![Point::Parent];
    for &region in rw.ir.regions(op) {
        for block in rw.ir.region_blocks(region) {
            if let Some(term) = rw
                .ir
                .last_op(block)
                .filter(|&t| is_branch_terminator(rw, t))
            {
                points.push(Point::Terminator(term));
            }
        }
    }
    points
}

/// The region index a terminator ends.
fn region_of(rw: &Rewriter<'_>, op: OpId, term: OpId) -> Option<usize> {
    let region = rw.ir.op_block(term).and_then(|b| rw.ir.block_region(b))?;
    rw.ir.regions(op).iter().position(|&r| r == region)
}

/// Where control may go from one point (one or two places, but every
/// region of an `scf.index_switch`).
pub(super) type Successors = SmallVec<[Successor; 2]>;

/// Where control goes from `point`. With `constants`, operands known to be
/// constant narrow the answer on entry (MLIR's `getEntrySuccessorRegions`).
pub(super) fn successors(
    rw: &mut Rewriter<'_>,
    op: OpId,
    kind: Kind,
    point: Point,
    constants: bool,
) -> Successors {
    let trip_count = match kind {
        Kind::For => static_trip_count(rw, op),
        _ => None,
    };
    successors_given(rw, op, kind, point, constants, trip_count)
}

/// [`successors`], given `scf.for`'s static trip count (worked out once
/// for all of a loop's points).
fn successors_given(
    rw: &mut Rewriter<'_>,
    op: OpId,
    kind: Kind,
    point: Point,
    constants: bool,
    trip_count: Option<u64>,
) -> Successors {
    use Successor::*;
    match (kind, point) {
        (Kind::If, Point::Parent) => {
            let else_empty = rw.ir.region_is_empty(rw.ir.region(op, 1));
            let otherwise = if else_empty { Parent } else { Region(1) };
            let cond = rw.ir.operand(op, 0);
            match constants.then(|| constant_bool(rw, cond)).flatten() {
                Some(true) => smallvec![Region(0)],
                Some(false) => smallvec![otherwise],
                None => smallvec![Region(0), otherwise],
            }
        }
        (Kind::ExecuteRegion, Point::Parent) => smallvec![Region(0)],
        (Kind::IndexSwitch, Point::Parent) => {
            let all = (0..rw.ir.num_regions(op)).map(Region).collect();
            if !constants {
                return all;
            }
            let arg = rw.ir.operand(op, 0);
            let Some(value) = constant_int(rw.ctx, rw.registry, rw.ir, arg) else {
                return all;
            };
            let cases: Vec<i64> = inherent_attr(rw.ctx, rw.ir, op, "cases")
                .map(|a| ods_runtime::attr::dense_array_values(rw.ctx, a))
                .unwrap_or_default();
            // Region 0 is the default, case `i` is region `i + 1`.
            smallvec![Region(
                cases.iter().position(|&c| c == value).map_or(0, |i| i + 1),
            )]
        }
        (Kind::If | Kind::ExecuteRegion | Kind::IndexSwitch, Point::Terminator(_)) => {
            smallvec![Parent]
        }
        (Kind::For, point) => match (point, trip_count) {
            (Point::Parent, Some(0)) => smallvec![Parent],
            (Point::Parent, Some(_)) => smallvec![Region(0)],
            (Point::Terminator(_), Some(1)) => smallvec![Parent],
            _ => smallvec![Region(0), Parent],
        },
        (Kind::While, Point::Parent) => smallvec![Region(0)],
        (Kind::While, Point::Terminator(term)) => {
            if region_of(rw, op, term) == Some(1) {
                return smallvec![Region(0)];
            }
            // Constants narrow only the entry: `mlir-opt` keeps a loop
            // whose first condition is a constant `false`.
            smallvec![Parent, Region(1)]
        }
    }
}

/// The values `successor` receives: the op's results, or the entry block
/// arguments of the region that are successor inputs (all but `scf.for`'s
/// induction variable).
pub(super) fn inputs(rw: &Rewriter<'_>, op: OpId, kind: Kind, successor: Successor) -> ValueRange {
    match successor {
        Successor::Parent => ValueRange::results(rw.ir, op),
        Successor::Region(i) => {
            let args = ValueRange::entry_arguments(rw.ir, op, i);
            match kind {
                Kind::For => args.skip(1),
                _ => args,
            }
        }
    }
}

/// The operands `point` passes to its successors: their owner and
/// indices.
pub(super) fn operands_of(
    rw: &Rewriter<'_>,
    op: OpId,
    kind: Kind,
    point: Point,
) -> (OpId, Range<usize>) {
    match point {
        Point::Parent => match kind {
            Kind::For => (op, 3.min(rw.ir.num_operands(op))..rw.ir.num_operands(op)),
            Kind::While => (op, 0..rw.ir.num_operands(op)),
            _ => (op, 0..0),
        },
        Point::Terminator(term) => {
            let first = usize::from(rw.ctx.str(rw.ir.op_name(term)) == "scf.condition");
            (
                term,
                first.min(rw.ir.num_operands(term))..rw.ir.num_operands(term),
            )
        }
    }
}

/// An operand slot (owner, index) and a successor input it feeds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Edge {
    pub operand: (OpId, usize),
    pub input: Value,
}

/// Each operand passed along some edge with the successor inputs it
/// feeds (MLIR's `getSuccessorOperandInputMapping`), flat: the operands
/// in the order the edges first meet them, each operand's inputs in edge
/// order. The inverse (each input with the operands feeding it) reads
/// the same list ([`inputs_in_order`], [`feeding`]).
pub(super) type Mapping = SmallVec<[Edge; 8]>;

/// The mapping of `op`'s edges (see [`Mapping`]).
pub(super) fn operand_to_inputs(rw: &mut Rewriter<'_>, op: OpId, kind: Kind) -> Mapping {
    let trip_count = match kind {
        Kind::For => static_trip_count(rw, op),
        _ => None,
    };
    let mut edges = Mapping::new();
    for point in branch_points(rw, op) {
        let (owner, operands) = operands_of(rw, op, kind, point);
        for successor in successors_given(rw, op, kind, point, false, trip_count) {
            let inputs = inputs(rw, op, kind, successor);
            for (index, input) in operands.clone().zip(inputs.iter(rw.ir)) {
                edges.push(Edge {
                    operand: (owner, index),
                    input,
                });
            }
        }
    }
    // Grouped by operand, the groups in the order first met (a stable
    // reordering: each group keeps its edges' order).
    let mut mapping = Mapping::with_capacity(edges.len());
    for (i, edge) in edges.iter().enumerate() {
        if edges[..i].iter().any(|e| e.operand == edge.operand) {
            continue;
        }
        mapping.extend(
            edges[i..]
                .iter()
                .filter(|e| e.operand == edge.operand)
                .copied(),
        );
    }
    mapping
}

/// The successor inputs of `mapping`, each once, in the order the
/// mapping meets them (the order of MLIR's inverse mapping).
pub(super) fn inputs_in_order(mapping: &Mapping) -> SmallVec<[Value; 8]> {
    let mut inputs = SmallVec::new();
    for edge in mapping {
        if !inputs.contains(&edge.input) {
            inputs.push(edge.input);
        }
    }
    inputs
}

/// The operands feeding `input`, in mapping order.
pub(super) fn feeding(
    mapping: &Mapping,
    input: Value,
) -> impl Iterator<Item = (OpId, usize)> + Clone + '_ {
    mapping
        .iter()
        .filter(move |e| e.input == input)
        .map(|e| e.operand)
}

/// The integer constant `v` holds, as `width`-bit two's complement bits.
fn constant_bits(rw: &mut Rewriter<'_>, v: Value) -> Option<(u64, u32)> {
    let attr = constant_value(rw.ctx, rw.registry, rw.ir, v)?;
    let (ty, value) = match rw.ctx.attr_kind(attr) {
        AttrKind::Integer { ty, value } => (*ty, value.as_i64()?),
        _ => return None,
    };
    let width = match rw.ctx.type_kind(ty) {
        TypeKind::Integer { width, .. } if *width <= 64 => *width,
        TypeKind::Index => 64,
        _ => return None,
    };
    Some((mask(value as u64, width), width))
}

fn mask(bits: u64, width: u32) -> u64 {
    if width >= 64 {
        bits
    } else {
        bits & ((1u64 << width) - 1)
    }
}

fn signed(bits: u64, width: u32) -> i64 {
    if width >= 64 || width == 0 {
        bits as i64
    } else {
        let shift = 64 - width;
        ((bits << shift) as i64) >> shift
    }
}

/// `ub - lb` when `ub` is `arith.addi lb, c` with the no-wrap flag of the
/// comparison's signedness (upstream's `scf::computeUbMinusLb`).
fn ub_minus_lb(rw: &mut Rewriter<'_>, lb: Value, ub: Value, is_signed: bool) -> Option<(u64, u32)> {
    let add = rw.ir.defining_op(ub)?;
    if rw.ctx.str(rw.ir.op_name(add)) != dialect_arith::AddIOp::NAME {
        return None;
    }
    let flags = dialect_arith::overflow_flags_of(
        rw.ctx,
        inherent_attr(rw.ctx, rw.ir, add, "overflowFlags"),
    );
    let needed = if is_signed {
        dialect_arith::IntegerOverflowFlags::NSW
    } else {
        dialect_arith::IntegerOverflowFlags::NUW
    };
    if !flags.contains_all(needed) || rw.ir.operand(add, 0) != lb {
        return None;
    }
    let rhs = rw.ir.operand(add, 1);
    constant_bits(rw, rhs)
}

/// The number of iterations of an `scf.for` when it is known, as bits of
/// the bounds' width (signed unless the loop compares `unsigned`).
pub(super) fn static_trip_count(rw: &mut Rewriter<'_>, op: OpId) -> Option<u64> {
    let (lb, ub, step) = (
        rw.ir.operand(op, 0),
        rw.ir.operand(op, 1),
        rw.ir.operand(op, 2),
    );
    let is_signed = inherent_attr(rw.ctx, rw.ir, op, "unsignedCmp").is_none();
    constant_trip_count(rw, lb, ub, step, is_signed)
}

/// The number of iterations from `lb` to `ub` by `step` when it is known
/// (MLIR's `constantTripCount` with `scf::computeUbMinusLb`).
pub(super) fn constant_trip_count(
    rw: &mut Rewriter<'_>,
    lb: Value,
    ub: Value,
    step: Value,
    is_signed: bool,
) -> Option<u64> {
    if lb == ub {
        return Some(0);
    }
    let step_bits = constant_bits(rw, step);
    if let Some((s, width)) = step_bits {
        if s == 0 || signed(s, width) < 0 {
            return Some(0);
        }
    }
    // Whether the difference counts as signed when checked for a negative
    // value: as the bounds compare for constants, always from the `addi`.
    let (diff, width, diff_signed) = match (constant_bits(rw, lb), constant_bits(rw, ub)) {
        (Some((l, width)), Some((u, _))) => {
            let less_or_equal = if is_signed {
                signed(u, width) <= signed(l, width)
            } else {
                u <= l
            };
            if less_or_equal {
                return Some(0);
            }
            (mask(u.wrapping_sub(l), width), width, is_signed)
        }
        (Some(_), None) | (None, Some(_)) => return None,
        (None, None) => {
            let (d, width) = ub_minus_lb(rw, lb, ub, is_signed)?;
            (d, width, true)
        }
    };
    if diff_signed && signed(diff, width) < 0 {
        return Some(0);
    }
    let (s, _) = step_bits?;
    // The step is positive here; the difference divides as the bounds
    // compare (an unsigned difference may have its top bit set).
    let (d, s) = if is_signed {
        (signed(diff, width) as i128, signed(s, width) as i128)
    } else {
        (diff as i128, s as i128)
    };
    let mut count = d / s;
    if d % s != 0 {
        count += 1;
    }
    Some(mask(count as u64, width))
}
