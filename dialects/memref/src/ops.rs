//! What `ods/MemRefOps.ods` leaves to Rust on the generated ops: the
//! custom forms (in [`super::format`]), the `hasVerifier` methods (in
//! [`super::verify`] and [`super::verify_views`]), result type inference and `memref.get_global`'s
//! symbol check, and `are_cast_compatible` of the two casts.

use super::*;
use ir::registry::VerifyError;
use ir::symbols::SymbolTables;
use ir::OperationState;
use ods_runtime::interfaces::one_to_one;
use ods_runtime::Op;

use ods_runtime::custom_form;

custom_form!(
    AllocaScopeOp,
    format::parse_alloca_scope,
    format::print_alloca_scope
);
custom_form!(DmaStartOp, format::parse_dma_start, format::print_dma_start);
custom_form!(
    GenericAtomicRMWOp,
    format::parse_generic_atomic_rmw,
    format::print_generic_atomic_rmw
);
custom_form!(PrefetchOp, format::parse_prefetch, format::print_prefetch);
custom_form!(
    TransposeOp,
    format::parse_transpose,
    format::print_transpose
);

/// `verify_op` (`hasVerifier`) of an op from its check in [`verify`].
macro_rules! verifier {
    ($($op:ident => $check:expr),* $(,)?) => {$(
        impl $op {
            /// The op's own checks (`hasVerifier`).
            pub fn verify_op(self, ctx: &Context, ir: &Ir) -> Result<(), VerifyError> {
                let check: fn(&Context, &Ir, $op) -> Result<(), VerifyError> = $check;
                check(ctx, ir, self)
            }
        }
    )*};
}

verifier! {
    AllocOp => verify::verify_alloc,
    AllocaOp => |ctx, ir, op| verify::verify_alloca(ctx, ir, op, has_allocation_scope(ctx, ir, op.op())),
    AssumeAlignmentOp => verify::verify_assume_alignment,
    AtomicRMWOp => verify::verify_atomic_rmw,
    AtomicYieldOp => |ctx, ir, op| verify::verify_atomic_yield(ctx, ir, op.op()),
    DistinctObjectsOp => |ctx, ir, op| verify::verify_distinct_objects(ctx, ir, op.op()),
    DmaStartOp => |ctx, ir, op| verify::verify_dma_start(ctx, ir, op.op()),
    DmaWaitOp => verify::verify_dma_wait,
    GenericAtomicRMWOp => |ctx, ir, op| verify::verify_generic_atomic_rmw(ctx, ir, op.op(), &|o| is_effect_free(ctx, ir, o)),
    GlobalOp => verify::verify_global,
    LoadOp => verify::verify_load,
    PrefetchOp => verify::verify_prefetch,
    ReallocOp => verify::verify_realloc,
    ReinterpretCastOp => verify_views::verify_reinterpret_cast,
    ReshapeOp => verify::verify_reshape,
    StoreOp => verify::verify_store,
    ViewOp => verify::verify_view,
    CollapseShapeOp => verify_views::verify_collapse_shape,
    ExpandShapeOp => verify_views::verify_expand_shape,
    SubViewOp => verify_views::verify_subview,
    TransposeOp => verify_views::verify_transpose,
}

/// The ops of this workspace with MLIR's `AutomaticAllocationScope`
/// trait (a verifier hook sees no registry, so the trait is looked up by
/// name until traits can be asked for).
const ALLOCATION_SCOPES: [&str; 6] = [
    "func.func",
    "memref.alloca_scope",
    "scf.for",
    "scf.forall",
    "scf.parallel",
    "async.execute",
];

/// Whether `op` opens an allocation scope (has the
/// `AutomaticAllocationScope` trait).
pub(super) fn is_allocation_scope(ctx: &Context, ir: &Ir, op: OpId) -> bool {
    ALLOCATION_SCOPES.contains(&ctx.str(ir.op_name(op)))
}

/// Whether an op enclosing `op` opens an allocation scope.
fn has_allocation_scope(ctx: &Context, ir: &Ir, op: OpId) -> bool {
    let mut at = ir.parent_op(op);
    while let Some(p) = at {
        if is_allocation_scope(ctx, ir, p) {
            return true;
        }
        at = ir.parent_op(p);
    }
    false
}

/// Whether `op` has no memory effects, as far as the body of a
/// `memref.generic_atomic_rmw` needs: the memref ops that read or write
/// do, the others (arith, math, index and the body's terminator) do not.
fn is_effect_free(ctx: &Context, ir: &Ir, op: OpId) -> bool {
    let name = ctx.str(ir.op_name(op));
    let pure_dialect = ["arith.", "math.", "index.", "complex.", "ub."]
        .iter()
        .any(|d| name.starts_with(d));
    pure_dialect || name == "memref.atomic_yield" || name == "memref.dim" || name == "memref.rank"
}

impl DistinctObjectsOp {
    /// `InferTypeOpInterface`: the results have the operands' types.
    pub fn infer_return_types(
        _ctx: &mut Context,
        ir: &Ir,
        state: &OperationState,
    ) -> Result<Vec<Type>, String> {
        Ok(state.operands.iter().map(|&v| ir.value_type(v)).collect())
    }
}

impl ExtractStridedMetadataOp {
    /// `InferTypeOpInterface`: a rank-0 base buffer of the source's
    /// element type and memory space, then `index` for the offset and for
    /// each size and stride.
    pub fn infer_return_types_from_adaptor(
        ctx: &mut Context,
        ir: &Ir,
        _loc: ir::Location,
        adaptor: ExtractStridedMetadataOpAdaptor<'_>,
        _regions: &[ir::RegionId],
    ) -> Result<Vec<Type>, String> {
        let source = ir.value_type(adaptor.source(ctx));
        let (Some(shape), Some(element)) = (shape_of(ctx, source), element_of(ctx, source)) else {
            return Err("expected a ranked memref source".to_string());
        };
        let space = memory_space(ctx, source);
        let base = ctx.memref_type(&[], element, None, space);
        let index = ctx.index_type();
        let mut types = vec![base, index];
        types.extend(std::iter::repeat_n(index, 2 * shape.len()));
        Ok(types)
    }
}

impl AllocaScopeOp {
    /// `RegionBranchOpInterface`: into the body on entry, out to the op
    /// (whose results take the yielded values) from its terminator.
    pub fn get_successor_regions(
        self,
        _ctx: &Context,
        ir: &Ir,
        point: ods_runtime::interfaces::RegionBranchPoint,
    ) -> ods_runtime::interfaces::RegionSuccessors {
        use ods_runtime::interfaces::{RegionBranchPoint, RegionSuccessor, ValueRange};
        use ods_runtime::smallvec::smallvec;
        match point {
            RegionBranchPoint::Parent => smallvec![RegionSuccessor::region(0, ValueRange::EMPTY)],
            RegionBranchPoint::Terminator(_) => {
                smallvec![RegionSuccessor::parent(ValueRange::results(ir, self.op()))]
            }
        }
    }
}

impl GetGlobalOp {
    /// `SymbolUserOpInterface`: names a `memref.global` of the result's
    /// type.
    pub fn verify_symbol_uses(self, tables: &mut SymbolTables<'_>) -> Result<(), VerifyError> {
        verify::verify_get_global_symbol_uses(tables, self)
    }
}

impl CastOp {
    /// `CastOpInterface::are_cast_compatible`: one memref to one memref,
    /// as [`layout::cast_compatible`] allows.
    pub fn are_cast_compatible(ctx: &Context, inputs: &[Type], outputs: &[Type]) -> bool {
        one_to_one(inputs, outputs).is_some_and(|(a, b)| layout::cast_compatible(ctx, a, b))
    }
}

impl MemorySpaceCastOp {
    /// `CastOpInterface::are_cast_compatible`: one memref to one memref
    /// that differs at most in its memory space
    /// ([`layout::memory_space_cast_compatible`]).
    pub fn are_cast_compatible(ctx: &Context, inputs: &[Type], outputs: &[Type]) -> bool {
        one_to_one(inputs, outputs)
            .is_some_and(|(a, b)| layout::memory_space_cast_compatible(ctx, a, b))
    }
}
