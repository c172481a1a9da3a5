//! Which SSA values may be an affine map's dimensions or symbols, and
//! where (MLIR's `isValidDim`, `isValidSymbol`, `getAffineScope`).
//!
//! A symbol is fixed for the whole of an affine scope (the region of the
//! nearest op with the `AffineScope` trait: a function, a module): a
//! value defined at the top of that region or one of its arguments, a
//! constant, a `dim` of such a memref or tensor, or an `affine.apply` of
//! symbols. A dimension may vary inside the scope: any symbol, an
//! induction variable of `affine.for` or `affine.parallel`, or an
//! `affine.apply` of dimensions.
//!
//! The registry's trait bits do not record `AffineScope` or
//! `ConstantLike` for verifier hooks, so the ops carrying them are named
//! here ([`AFFINE_SCOPE_OPS`], [`CONSTANT_OPS`]): the upstream ops with
//! the trait among the dialects this workspace ports.

use ir::{Context, Ir, OpId, RegionId, Value, ValueDef};

/// Ops whose regions are affine scopes (upstream's ops with the
/// `AffineScope` trait).
pub const AFFINE_SCOPE_OPS: &[&str] = &[
    "builtin.module",
    "func.func",
    "gpu.func",
    "gpu.launch",
    "llvm.func",
    "shape.func",
    "test.affine_scope",
];

/// Constant-like ops that may define an `index` value.
pub const CONSTANT_OPS: &[&str] = &["arith.constant", "index.constant", "ub.poison"];

/// Ops that read one dimension of a shaped value (upstream's
/// `ShapedDimOpInterface`): operand 0 is the memref or tensor, operand 1
/// the dimension.
const DIM_OPS: &[&str] = &["memref.dim", "tensor.dim"];

fn name_of<'c>(ctx: &'c Context, ir: &Ir, op: OpId) -> &'c str {
    ctx.str(ir.op_name(op))
}

/// What the validity rules need to know of an op, read from its name
/// once: the rules ask several questions of each op they meet while they
/// walk operands and regions, and comparing the name with each list in
/// turn was most of their cost.
#[derive(Clone, Copy, PartialEq, Eq)]
enum OpClass {
    /// An op whose regions are affine scopes ([`AFFINE_SCOPE_OPS`]).
    AffineScope,
    /// A constant-like op ([`CONSTANT_OPS`]).
    Constant,
    /// `affine.for` or `affine.parallel`: their block arguments are
    /// induction variables.
    Loop,
    /// `affine.apply`, `affine.delinearize_index`, `affine.linearize_index`:
    /// pure, and dims when their operands are.
    ApplyLike,
    /// `affine.min`, `affine.max`: pure.
    MinMax,
    /// A pure `arith` or `index` op (see [`is_pure_op`]).
    PureArithmetic,
    /// `memref.dim` or `tensor.dim` ([`DIM_OPS`]).
    Dim,
    /// Anything else.
    Other,
}

impl OpClass {
    fn of_name(name: &str) -> OpClass {
        match name {
            "affine.for" | "affine.parallel" => OpClass::Loop,
            "affine.apply" | "affine.delinearize_index" | "affine.linearize_index" => {
                OpClass::ApplyLike
            }
            "affine.min" | "affine.max" => OpClass::MinMax,
            _ if AFFINE_SCOPE_OPS.contains(&name) => OpClass::AffineScope,
            _ if CONSTANT_OPS.contains(&name) => OpClass::Constant,
            _ if DIM_OPS.contains(&name) => OpClass::Dim,
            _ if is_pure_op(name) => OpClass::PureArithmetic,
            _ => OpClass::Other,
        }
    }

    fn of(ctx: &Context, ir: &Ir, op: OpId) -> OpClass {
        OpClass::of_name(name_of(ctx, ir, op))
    }

    /// `Pure` in MLIR 22 among the ops that make `index` values.
    fn is_pure(self) -> bool {
        matches!(
            self,
            OpClass::ApplyLike | OpClass::MinMax | OpClass::PureArithmetic
        )
    }
}

/// `op` has the `AffineScope` trait: asked of every op above an affine
/// op, so the name is compared with that list alone (no affine op is a
/// scope).
fn is_affine_scope_op(ctx: &Context, ir: &Ir, op: OpId) -> bool {
    let name = name_of(ctx, ir, op);
    !name.starts_with("affine.") && AFFINE_SCOPE_OPS.contains(&name)
}

/// The block arguments of `op`'s regions are dims wherever they are used:
/// `op` is an affine scope, `affine.for` or `affine.parallel`.
pub(crate) fn has_dim_arguments(ctx: &Context, ir: &Ir, op: OpId) -> bool {
    matches!(
        OpClass::of(ctx, ir, op),
        OpClass::AffineScope | OpClass::Loop
    )
}

/// The region holding `value`'s definition (its block's region).
fn value_region(ir: &Ir, value: Value) -> Option<RegionId> {
    ir.value_block(value).and_then(|b| ir.block_region(b))
}

/// The op owning the block that holds `value` (for a block argument, the
/// op whose region it enters).
fn value_parent_op(ir: &Ir, value: Value) -> Option<OpId> {
    ir.value_block(value).and_then(|b| ir.block_parent_op(b))
}

/// The region of `op`'s nearest ancestor with the `AffineScope` trait
/// that holds `op` (MLIR's `getAffineScope`); `None` outside any.
pub fn affine_scope(ctx: &Context, ir: &Ir, op: OpId) -> Option<RegionId> {
    let mut cur = op;
    while let Some(parent) = ir.parent_op(cur) {
        if is_affine_scope_op(ctx, ir, parent) {
            return ir.op_block(cur).and_then(|b| ir.block_region(b));
        }
        cur = parent;
    }
    None
}

/// `value` is defined at the top of an affine scope, or is an argument
/// of one (MLIR's `isTopLevelValue(Value)`).
pub fn is_top_level_value(ctx: &Context, ir: &Ir, value: Value) -> bool {
    value_parent_op(ir, value).is_some_and(|p| is_affine_scope_op(ctx, ir, p))
}

fn is_index(ctx: &Context, ir: &Ir, value: Value) -> bool {
    ctx.is_index(ir.value_type(value))
}

fn is_loop_iv(ctx: &Context, ir: &Ir, value: Value) -> bool {
    matches!(ir.value_def(value), ValueDef::Argument { .. })
        && value_parent_op(ir, value).is_some_and(|p| OpClass::of(ctx, ir, p) == OpClass::Loop)
}

/// `value` may be a dimension of maps used by ops in `region` (MLIR's
/// `isValidDim(Value, Region *)`).
pub fn is_valid_dim(ctx: &Context, ir: &Ir, value: Value, region: Option<RegionId>) -> bool {
    if !is_index(ctx, ir, value) {
        return false;
    }
    // A block argument is a dim when it is a symbol or an induction
    // variable: the induction variable, by far the most common dim, is
    // asked first (it takes no walk up the regions).
    if ir.defining_op(value).is_none() && is_loop_iv(ctx, ir, value) {
        return true;
    }
    if is_valid_symbol(ctx, ir, value, region) {
        return true;
    }
    let Some(def) = ir.defining_op(value) else {
        return false;
    };
    match OpClass::of(ctx, ir, def) {
        OpClass::ApplyLike => ir.operands(def).all(|v| is_valid_dim(ctx, ir, v, region)),
        OpClass::Dim => ir.num_operands(def) > 0 && is_top_level_value(ctx, ir, ir.operand(def, 0)),
        _ => false,
    }
}

/// `value` may be a symbol of maps used by ops in `region` (MLIR's
/// `isValidSymbol(Value, Region *)`): defined at the top of `region`, a
/// constant, the result of a pure op whose operands are all symbols, a
/// `dim` whose size is a symbol, or a value valid in a region around
/// `region` that is not isolated from it.
pub fn is_valid_symbol(ctx: &Context, ir: &Ir, value: Value, region: Option<RegionId>) -> bool {
    if !is_index(ctx, ir, value) {
        return false;
    }
    if region.is_some() && value_region(ir, value) == region {
        return true;
    }
    let Some(def) = ir.defining_op(value) else {
        // A block argument above `region` may still dominate it.
        return enclosing_region(ir, region)
            .is_some_and(|outer| is_valid_symbol(ctx, ir, value, Some(outer)));
    };
    let class = OpClass::of(ctx, ir, def);
    if class == OpClass::Constant {
        return true;
    }
    if class.is_pure()
        && ir
            .operands(def)
            .all(|v| is_valid_symbol(ctx, ir, v, region))
    {
        return true;
    }
    if class == OpClass::Dim {
        return is_dim_valid_symbol(ctx, ir, def, region);
    }
    enclosing_region(ir, region).is_some_and(|outer| is_valid_symbol(ctx, ir, value, Some(outer)))
}

/// Ops that are `Pure` in MLIR 22 (no memory effects, always
/// speculatable), among those of the ported dialects that make `index`
/// values: their results are symbols when all their operands are. The
/// divisions and remainders are only conditionally speculatable (a zero
/// divisor), so they are left out, as MLIR leaves them out unless the
/// divisor is a known non-zero constant.
fn is_pure_op(name: &str) -> bool {
    const NOT_SPECULATABLE: &[&str] = &[
        "divsi",
        "divui",
        "ceildivsi",
        "ceildivui",
        "floordivsi",
        "remsi",
        "remui",
        "divs",
        "divu",
        "ceildivs",
        "ceildivu",
        "floordivs",
        "rems",
        "remu",
    ];
    match name.split_once('.') {
        Some(("arith" | "index", op)) => !NOT_SPECULATABLE.contains(&op),
        Some(("affine", op)) => matches!(
            op,
            "apply" | "min" | "max" | "delinearize_index" | "linearize_index"
        ),
        _ => false,
    }
}

/// The result of the `dim` op `dim` is a symbol in `region` (MLIR's
/// `isDimOpValidSymbol`): its memref or tensor is defined at the top of
/// an affine scope, or (through `memref.cast`s of ranked memrefs) is a
/// `memref.alloc`, `view` or `subview` whose size at the constant
/// dimension asked is static or a symbol.
fn is_dim_valid_symbol(ctx: &Context, ir: &Ir, dim: OpId, region: Option<RegionId>) -> bool {
    if ir.num_operands(dim) < 2 {
        return false;
    }
    let shaped = ir.operand(dim, 0);
    if is_top_level_value(ctx, ir, shaped) {
        return true;
    }
    let Some(mut source) = ir.defining_op(shaped) else {
        return false;
    };
    let Some(index) = crate::compose::constant_index(ctx, ir, ir.operand(dim, 1)) else {
        return false;
    };
    while name_of(ctx, ir, source) == "memref.cast" {
        let cast_source = ir.operand(source, 0);
        if matches!(
            ctx.type_kind(ir.value_type(cast_source)),
            ir::TypeKind::UnrankedMemRef { .. }
        ) {
            return false;
        }
        match ir.defining_op(cast_source) {
            Some(op) => source = op,
            None => return false,
        }
    }
    let sizes: Vec<Value> = match name_of(ctx, ir, source) {
        "memref.alloc" => {
            let segments =
                ods_runtime::segments::segment_sizes(ctx, ir, source, "operandSegmentSizes", 2);
            let n = segments.first().map_or(0, |&n| n.max(0) as usize);
            ir.operands(source).take(n).collect()
        }
        "memref.view" => ir.operands(source).skip(2).collect(),
        "memref.subview" => {
            let segments =
                ods_runtime::segments::segment_sizes(ctx, ir, source, "operandSegmentSizes", 4);
            let lead: usize = segments.iter().take(2).map(|&n| n.max(0) as usize).sum();
            let n = segments.get(2).map_or(0, |&n| n.max(0) as usize);
            ir.operands(source).skip(lead).take(n).collect()
        }
        _ => return false,
    };
    let Some(result) = ir.results(source).next() else {
        return false;
    };
    let ir::TypeKind::MemRef { shape, .. } = ctx.type_kind(ir.value_type(result)) else {
        return false;
    };
    let Ok(index) = usize::try_from(index) else {
        return false;
    };
    match shape.get(index) {
        None => false,
        Some(&size) if size != ir::types::DYNAMIC => true,
        Some(_) => {
            let position = shape[..index]
                .iter()
                .filter(|&&s| s == ir::types::DYNAMIC)
                .count();
            sizes
                .get(position)
                .is_some_and(|&v| is_valid_symbol(ctx, ir, v, region))
        }
    }
}

/// The region holding the op that holds `region`.
fn enclosing_region(ir: &Ir, region: Option<RegionId>) -> Option<RegionId> {
    let op = ir.region_op(region?)?;
    ir.op_block(op).and_then(|b| ir.block_region(b))
}
