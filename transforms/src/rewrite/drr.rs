//! What the patterns generated from declarative rewrite rules
//! (`ods-tblgen --gen-rewriters`) call: the steps every generated pattern
//! repeats, kept here so each pattern's code is only what its rule says.
//!
//! In: the rewriter and the ops a pattern walks. Out: matched ops,
//! attributes and types, and ops built before the root op.

use ir::{Attribute, Location, OpId, Type, Value};

use super::Rewriter;

/// Whether `op` is named `name` and has `num_operands` operands (a
/// pattern's op node, which fixes both).
pub fn op_is(rw: &Rewriter<'_>, op: OpId, name: &str, num_operands: usize) -> bool {
    rw.ir.num_operands(op) == num_operands && rw.ctx.str(rw.ir.op_name(op)) == name
}

/// The op defining operand `index` of `op`, when it is named `name` and
/// has `num_operands` operands (a nested op node of a source pattern).
pub fn defining_op(
    rw: &Rewriter<'_>,
    op: OpId,
    index: usize,
    name: &str,
    num_operands: usize,
) -> Option<OpId> {
    let def = rw.ir.defining_op(rw.ir.operand(op, index))?;
    op_is(rw, def, name, num_operands).then_some(def)
}

/// Whether `op` is named `name` (an op node whose op has optional or
/// variadic operands, so no fixed operand count).
pub fn op_named(rw: &Rewriter<'_>, op: OpId, name: &str) -> bool {
    rw.ctx.str(rw.ir.op_name(op)) == name
}

/// The op defining `v`, when it is named `name` and, if given, has
/// `num_operands` operands (a nested op node matched inside `either` or
/// `variadic`, or below an op with optional or variadic operands).
pub fn value_defining_op(
    rw: &Rewriter<'_>,
    v: Value,
    name: &str,
    num_operands: Option<usize>,
) -> Option<OpId> {
    let def = rw.ir.defining_op(v)?;
    let count_fits = num_operands.is_none_or(|n| rw.ir.num_operands(def) == n);
    (count_fits && op_named(rw, def, name)).then_some(def)
}

/// The values of declared operand `index` of `op`, whose declared
/// operands are optional or variadic where `variable` says so, sized by
/// its `operandSegmentSizes` when `segmented` (upstream's
/// `getODSOperands(index)`).
pub fn operand_group(
    rw: &Rewriter<'_>,
    op: OpId,
    variable: &[bool],
    segmented: bool,
    index: usize,
) -> Vec<Value> {
    let total = rw.ir.num_operands(op);
    let range = match segmented {
        true => {
            let sizes = ods_runtime::segments::segment_sizes(
                rw.ctx,
                rw.ir,
                op,
                ods_runtime::segments::OPERAND_SEGMENT_SIZES,
                variable.len(),
            );
            ods_runtime::segments::segment_group(&sizes, index)
        }
        false => ods_runtime::segments::same_size_group(total, variable, index),
    };
    range
        .filter(|&i| i < total)
        .map(|i| rw.ir.operand(op, i))
        .collect()
}

/// [`create`] for an op with optional or variadic operands: its operands
/// given group by group, with their `operandSegmentSizes` when
/// `segmented`.
pub fn create_grouped<T: ods_runtime::Op>(
    rw: &mut Rewriter<'_>,
    root: OpId,
    loc: Location,
    result_types: &[Type],
    groups: &[&[Value]],
    segmented: bool,
    attributes: &[(&str, Option<Attribute>)],
) -> OpId {
    let operands = groups.concat();
    let mut attributes = attributes.to_vec();
    if segmented {
        let lengths: Vec<usize> = groups.iter().map(|g| g.len()).collect();
        let sizes = ods_runtime::segments::segment_sizes_attr(rw.ctx, &lengths);
        attributes.push((ods_runtime::segments::OPERAND_SEGMENT_SIZES, Some(sizes)));
    }
    create::<T>(rw, root, loc, result_types, &operands, &attributes)
}

/// The inherent attribute (or property) `name` of `op`, when set.
pub fn attribute(rw: &Rewriter<'_>, op: OpId, name: &str) -> Option<Attribute> {
    ods_runtime::op::inherent_attr(rw.ctx, rw.ir, op, name)
}

/// The constant a constant-like op folds to (what upstream's
/// `ConstantLikeMatcher` binds, `matchPattern(op->getResult(0),
/// m_Constant(&attr))`); `None` for any other op.
pub fn constant_like(rw: &mut Rewriter<'_>, op: OpId) -> Option<Attribute> {
    ods_runtime::fold::constant_op_value(rw.ctx, rw.registry, rw.ir, op)
}

/// The type of a typed attribute (an op built by a result pattern whose
/// result type is its attribute's, such as `arith.constant`); `none` for
/// an untyped one, which the built op's verifier then rejects.
pub fn attr_type(rw: &mut Rewriter<'_>, attr: Attribute) -> Type {
    match ods_runtime::pred::attr_type(rw.ctx, attr) {
        Some(ty) => ty,
        None => rw.ctx.none_type(),
    }
}

/// The types of `count` results of `op` from `first` on: the types of
/// the root results an op built by a result pattern replaces.
pub fn result_types(rw: &Rewriter<'_>, op: OpId, first: usize, count: usize) -> Vec<Type> {
    (first..first + count)
        .map(|i| rw.ir.value_type(rw.ir.result(op, i)))
        .collect()
}

/// Builds an op of kind `T` just before `root` (where MLIR's generated
/// patterns build) with its generic builder, and tells the driver. An
/// attribute given as `None` (an optional one the matched op lacked) is
/// left out, as upstream's generated code leaves out a null attribute.
pub fn create<T: ods_runtime::Op>(
    rw: &mut Rewriter<'_>,
    root: OpId,
    loc: Location,
    result_types: &[Type],
    operands: &[Value],
    attributes: &[(&str, Option<Attribute>)],
) -> OpId {
    let at = ir::builder::InsertPoint::Before(root);
    let attributes: Vec<(&str, Attribute)> = attributes
        .iter()
        .filter_map(|&(name, attr)| Some((name, attr?)))
        .collect();
    rw.build(at, |b| {
        T::build_generic(b, loc, result_types, operands, &attributes).op()
    })
}

/// One part of a `(location ...)` directive.
#[derive(Clone, Copy, Debug)]
pub enum LocPart<'a> {
    /// The location of a matched op.
    Op(OpId),
    /// The location of a value: its defining op's (unknown for a block
    /// argument).
    Value(Value),
    /// `loc("name")`.
    Name(&'a str),
}

/// The location a `(location ...)` directive names, as mlir-tblgen's
/// generated code builds it: one part alone is its location (a name, a
/// `loc("name")`); several are fused, a name among them becoming the
/// fused location's metadata (`loc(fused<"name">[...])`).
pub fn location(rw: &mut Rewriter<'_>, parts: &[LocPart<'_>]) -> Location {
    let mut locs = Vec::with_capacity(parts.len());
    let mut metadata = None;
    for part in parts {
        let loc = match *part {
            LocPart::Op(op) => {
                let loc = rw.ir.op_loc(op);
                rw.loc_attr(loc)
            }
            LocPart::Value(v) => match rw.ir.defining_op(v) {
                Some(op) => {
                    let loc = rw.ir.op_loc(op);
                    rw.loc_attr(loc)
                }
                None => rw.ctx.unknown_loc(),
            },
            LocPart::Name(name) if parts.len() == 1 => rw.ctx.name_loc(name, None),
            LocPart::Name(name) => {
                metadata = Some(rw.ctx.string_attr(name.as_bytes()));
                continue;
            }
        };
        locs.push(loc);
    }
    match (locs.as_slice(), metadata) {
        ([one], None) => Location::attr(*one),
        _ => Location::attr(rw.ctx.fused_loc(&locs, metadata)),
    }
}
