//! The `memref` dialect (spec: `ods/MemRefOps.ods`): buffers, accesses to
//! them and views of them. What the spec leaves to hand-written Rust lives
//! here: the custom forms ([`format`]), the verifiers ([`verify`],
//! [`verify_views`]), the folds ([`fold`]), the builders declared without
//! a body ([`build`]), the strided-layout arithmetic they share
//! ([`layout`]) and the result names ([`names`]).
//! `custom<DynamicIndexList>` is [`crate::view_like`]'s.

// Generated code names this crate by its path, as other crates do.
extern crate self as dialect_memref;

#[cfg(test)]
mod testing {
    dialect_testing::dialect_test_helpers!(dialect_arith, dialect_func, crate);
}

pub mod build;
pub mod canonicalize;
pub mod fold;
pub mod format;
pub mod layout;
mod names;
mod ops;
pub mod verify;
pub mod verify_views;

#[cfg(test)]
mod tests;

pub use layout::*;

mod inliner;

/// The ops generated from the spec (see `build.rs`).
mod generated {
    // `SingleBlockImplicitTerminator<"AllocaScopeReturnOp">` names the op
    // by this path; the custom directives are called unqualified.
    use super::format::{
        parse_global_memref_op_type_and_initial_value,
        print_global_memref_op_type_and_initial_value,
    };
    use ods_runtime::index_list::{parse_dynamic_index_list, print_dynamic_index_list};
    use ods_runtime::Op;
    include!(concat!(env!("OUT_DIR"), "/memref_ops.rs"));
}
pub use generated::*;

use ir::{Attribute, Context, Ir, OpId, Registry, Type, TypeKind, Value};
use ods_runtime::effects::{EffectInstance, EffectTarget, MemoryEffect};
use ods_runtime::fold::OpFoldResult;
use ods_runtime::op::inherent_attr;

/// Registers the dialect.
pub fn register(ctx: &mut Context, reg: &mut Registry) {
    ods_runtime::register_dialect::<MemrefDialect>(ctx, reg);
}

impl MemrefDialect {
    /// What the crate adds to the generated registration (MLIR's
    /// `initialize()`): its canonicalization patterns. Run by
    /// `ods_runtime::register_dialect`, so a dialect that depends on this
    /// one (`dependentDialects`) registers them too.
    pub fn initialize(_ctx: &mut Context, reg: &mut Registry) {
        inliner::register(reg);
        ods_transforms::rewrite::add_canonicalization_patterns(
            reg,
            canonicalize::CANONICALIZATION_PATTERNS,
        );
    }
}

/// Static entries and values from a mixed list: constants in place,
/// [`ods_runtime::index_list::DYNAMIC`] where a value stands (MLIR's
/// `dispatchIndexOpFoldResults`).
pub fn split_mixed(ctx: &Context, mixed: &[OpFoldResult]) -> (Vec<i64>, Vec<Value>) {
    let mut statics = Vec::with_capacity(mixed.len());
    let mut values = Vec::new();
    for &m in mixed {
        match m {
            OpFoldResult::Attribute(a) => statics.push(
                ods_runtime::pred::integer_attr_value(ctx, a)
                    .unwrap_or(ods_runtime::index_list::DYNAMIC),
            ),
            OpFoldResult::Value(v) => {
                statics.push(ods_runtime::index_list::DYNAMIC);
                values.push(v);
            }
        }
    }
    (statics, values)
}

/// A mixed list from static entries and the values of the dynamic ones
/// (MLIR's `getMixedValues`): constants become index attributes.
pub fn mixed_values(ctx: &mut Context, statics: &[i64], values: &[Value]) -> Vec<OpFoldResult> {
    let mut next = values.iter();
    statics
        .iter()
        .map(|&s| {
            match (s == ods_runtime::index_list::DYNAMIC)
                .then(|| next.next())
                .flatten()
            {
                Some(&v) => OpFoldResult::Value(v),
                None => OpFoldResult::Attribute(ods_runtime::attr::index(ctx, s)),
            }
        })
        .collect()
}

/// Each dimension of the ranked memref type `ty`: its static size, or the
/// next of `dynamic`.
pub fn mixed_sizes_of(ctx: &mut Context, ty: Type, dynamic: &[Value]) -> Vec<OpFoldResult> {
    let shape = shape_of(ctx, ty).unwrap_or_default();
    mixed_values(ctx, &shape, dynamic)
}

/// The offsets, sizes and strides of a `subview` or `reinterpret_cast`,
/// each entry a constant or a value.
pub fn mixed_offsets_sizes_strides(ctx: &mut Context, ir: &Ir, op: OpId) -> [Vec<OpFoldResult>; 3] {
    let sizes = ods_runtime::segments::segment_sizes(ctx, ir, op, "operandSegmentSizes", 4);
    let group = |i: usize| -> Vec<Value> {
        ods_runtime::segments::segment_group(&sizes, i)
            .filter(|&k| k < ir.num_operands(op))
            .map(|k| ir.operand(op, k))
            .collect()
    };
    let (offsets, sizes_v, strides) = (group(1), group(2), group(3));
    let statics = |ctx: &Context, name: &str| -> Vec<i64> {
        inherent_attr(ctx, ir, op, name)
            .map(|a| ods_runtime::attr::dense_array_values(ctx, a))
            .unwrap_or_default()
    };
    let (so, ss, st) = (
        statics(ctx, "static_offsets"),
        statics(ctx, "static_sizes"),
        statics(ctx, "static_strides"),
    );
    [
        mixed_values(ctx, &so, &offsets),
        mixed_values(ctx, &ss, &sizes_v),
        mixed_values(ctx, &st, &strides),
    ]
}

/// The groups of a reassociation attribute (an array of `i64` arrays).
pub fn reassociation_indices(ctx: &Context, attr: Option<Attribute>) -> Vec<Vec<i64>> {
    let Some(attr) = attr else {
        return Vec::new();
    };
    match ctx.attr_kind(attr) {
        ir::AttrKind::Array(groups) => groups
            .iter()
            .map(|&g| ods_runtime::attr::i64_array_values(ctx, g))
            .collect(),
        _ => Vec::new(),
    }
}

/// The reassociation attribute of index groups.
pub fn reassociation_attr(ctx: &mut Context, groups: &[Vec<i64>]) -> Attribute {
    let inner: Vec<Attribute> = groups
        .iter()
        .map(|g| ods_runtime::attr::i64_array(ctx, g))
        .collect();
    ods_runtime::attr::array(ctx, &inner)
}

/// `memref.dim`'s speculatability: a constant index below the rank of a
/// ranked source.
pub fn dim_speculatability(
    ctx: &Context,
    ir: &Ir,
    op: DimOp,
) -> ods_runtime::interfaces::Speculatability {
    use ods_runtime::interfaces::Speculatability as S;
    let index = op.get_constant_index(ctx, ir);
    let rank = match ctx.type_kind(ir.value_type(op.source(ctx, ir))) {
        TypeKind::MemRef { shape, .. } => Some(shape.len() as i64),
        _ => None,
    };
    match (index, rank) {
        (Some(i), Some(r)) if i < r => S::Speculatable,
        _ => S::NotSpeculatable,
    }
}

/// A read of operand `index` of `op` on the default resource.
pub fn read_effect(ir: &Ir, op: OpId, index: usize) -> Vec<EffectInstance> {
    if index >= ir.num_operands(op) {
        return Vec::new();
    }
    vec![EffectInstance::new(
        MemoryEffect::Read,
        EffectTarget::Operand(ir.operand(op, index)),
    )]
}

/// Where the parts of `memref.dma_start`'s flat operand list are; ranks
/// are 0 for operands that are not memrefs (the verifier reports them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DmaLayout {
    /// Operand index of the destination memref.
    pub dst: usize,
    /// Operand index of the element count.
    pub num_elements: usize,
    /// Operand index of the tag memref.
    pub tag: usize,
    /// One past the last tag index: where the optional stride operands
    /// start.
    pub end: usize,
}

impl DmaLayout {
    /// The layout of `op`'s operands, from the ranks of its memrefs.
    pub fn of(ctx: &Context, ir: &Ir, op: OpId) -> DmaLayout {
        let n = ir.num_operands(op);
        let rank_at = |i: usize| -> usize {
            if i < n {
                ods_runtime::pred::rank(ctx, ir.value_type(ir.operand(op, i))).unwrap_or(0)
            } else {
                0
            }
        };
        let dst = 1 + rank_at(0);
        let num_elements = dst + 1 + rank_at(dst);
        let tag = num_elements + 1;
        let end = tag + 1 + rank_at(tag);
        DmaLayout {
            dst,
            num_elements,
            tag,
            end,
        }
    }

    /// Whether the op has the two stride operands.
    pub fn is_strided(self, ir: &Ir, op: OpId) -> bool {
        ir.num_operands(op) != self.end
    }
}

/// `memref.dma_start`'s effects: reads the source, writes the
/// destination, reads the tag.
pub fn dma_start_effects(ctx: &Context, ir: &Ir, op: OpId) -> Vec<EffectInstance> {
    let l = DmaLayout::of(ctx, ir, op);
    let n = ir.num_operands(op);
    [
        (0, MemoryEffect::Read),
        (l.dst, MemoryEffect::Write),
        (l.tag, MemoryEffect::Read),
    ]
    .into_iter()
    .filter(|&(i, _)| i < n)
    .map(|(i, e)| EffectInstance::new(e, EffectTarget::Operand(ir.operand(op, i))))
    .collect()
}

impl MemrefDialect {
    /// The dialect's constant materializer (upstream's
    /// `MemRefDialect::materializeConstant`): what `arith.constant` can
    /// hold becomes one; `None` otherwise.
    pub fn materialize_constant(
        b: &mut ir::builder::OpBuilder<'_>,
        value: Attribute,
        ty: Type,
        loc: ir::Location,
    ) -> Option<OpId> {
        let constant = dialect_arith::ConstantOp::materialize(b, value, ty, loc);
        constant.map(ods_runtime::Op::op)
    }
}
