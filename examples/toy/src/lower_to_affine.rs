//! Chapter 5's partial lowering (upstream's `LowerToAffineLoops.cpp`):
//! Toy's computations become `affine` loop nests over `memref` buffers,
//! `arith` arithmetic and a `func.func`, while `toy.print` stays, now
//! printing a buffer.
//!
//! In: a module whose only function is `main`, calls inlined and shapes
//! inferred (chapter 4's `-opt`). Out: `func.func @main` where
//!
//! - each `toy.constant` is a `memref.alloc` at the top of the block, its
//!   elements stored one by one (`arith.constant` values at
//!   `arith.constant` indices, with `affine.store`), and a
//!   `memref.dealloc` just before the terminator;
//! - `toy.add`, `toy.mul` and `toy.transpose` are such an allocation
//!   filled by a nest of `affine.for` loops, one per dimension (upstream's
//!   `buildAffineLoopNest`, outermost first), loading the operands
//!   (`affine.load`, at reversed indices for the transpose), computing
//!   (`arith.addf`, `arith.mulf`) and storing;
//! - `toy.return` is `func.return`, and `toy.print` takes the buffer.
//!
//! The conversion is partial, as upstream's: Toy is illegal but for a
//! `toy.print` without tensor operands. An op no pattern lowers (a
//! `toy.reshape`, `toy.cast` or `toy.generic_call` left, a function other
//! than `main`, a `toy.return` with an operand) fails the pass with the
//! driver's `failed to legalize operation` error, and the module is left
//! as it was.

use dialect_affine::{AffineForOp, AffineLoadOp, AffineStoreOp, AffineYieldOp};
use dialect_arith::{AddFOp, ConstantOp as ArithConstantOp, MulFOp};
use dialect_func::{FuncOp as FuncFuncOp, ReturnOp as FuncReturnOp};
use dialect_memref::{AllocOp, DeallocOp};
use ods_runtime::ir::affine::{AffineExpr, AffineMap};
use ods_runtime::ir::builder::{InsertPoint, OpBuilder};
use ods_runtime::ir::{
    AttrKind, Attribute, Context, Diagnostic, FloatKind, Location, OpId, Registry, Type, TypeKind,
    Value,
};
use ods_runtime::Op;
use ods_transforms::conversion::{
    apply_partial_conversion, Conversion, ConversionPatternSet, ConversionRewriter,
    ConversionTarget, LogicalResult, OpAdaptor, OpConversionPattern,
};
use ods_transforms::pass::{Pass, PassCx, PassInfo};

/// The dialects the lowering produces, which a context must know to
/// parse, verify and print its output.
pub const LEGAL_DIALECTS: &[&str] = &["affine", "builtin", "arith", "func", "memref"];

/// `--toy-lower-to-affine` (upstream's `createLowerToAffinePass`, which
/// has no command-line name), for [`ods_opt::OptTool::with_pass`] and
/// chapter 5's pipeline; it runs on the module.
pub const PASS: PassInfo = PassInfo {
    name: "toy-lower-to-affine",
    summary: "Lower Toy to affine loops over memrefs, arith and func (toy.print kept)",
    options: &[],
    create: |_| Box::new(ToyToAffineLowering),
};

/// Registers the dialects the lowering produces (`affine`, `arith`,
/// `func`, `memref`) in `reg`: upstream's pass declares them as its
/// dependent dialects, loaded when the pass manager runs.
pub fn register_target_dialects(ctx: &mut Context, reg: &mut Registry) {
    dialect_affine::register(ctx, reg);
    dialect_arith::register(ctx, reg);
    dialect_func::register(ctx, reg);
    dialect_memref::register(ctx, reg);
}

/// Upstream's `ToyToAffineLoweringPass`.
struct ToyToAffineLowering;

impl Pass for ToyToAffineLowering {
    fn display_name(&self) -> Option<&'static str> {
        Some("{anonymous}::ToyToAffineLoweringPass")
    }

    /// Upstream registers the pass under no argument.
    fn argument(&self) -> Option<&'static str> {
        Some("")
    }

    fn anchor(&self) -> Option<&'static str> {
        Some("builtin.module")
    }

    fn run(&mut self, cx: &mut PassCx<'_>, root: OpId) -> Result<(), Vec<Diagnostic>> {
        let mut target = ConversionTarget::new();
        target.add_legal_dialects(LEGAL_DIALECTS);
        target.add_illegal_dialects(&["toy"]);
        target.add_dynamically_legal_op("toy.print", |ctx, ir, op| {
            !ir.operands(op).any(|v| is_tensor(ctx, ir.value_type(v)))
        });
        let patterns = lowering_patterns();
        let conversion = Conversion {
            target: &target,
            patterns: &patterns,
            type_converter: None,
        };
        apply_partial_conversion(cx, root, conversion).map(|_| ())
    }
}

/// The patterns, in upstream's order of `patterns.add<...>`.
pub fn lowering_patterns() -> ConversionPatternSet {
    type PatternFn = fn(OpId, &OpAdaptor, &mut ConversionRewriter<'_>) -> LogicalResult;
    let all: [(&str, &str, PatternFn); 7] = [
        ("toy.add", "AddOpLowering", |op, a, rw| {
            lower_binary(op, a, rw, Binary::Add)
        }),
        ("toy.constant", "ConstantOpLowering", |op, _, rw| {
            lower_constant(op, rw)
        }),
        ("toy.func", "FuncOpLowering", |op, _, rw| lower_func(op, rw)),
        ("toy.mul", "MulOpLowering", |op, a, rw| {
            lower_binary(op, a, rw, Binary::Mul)
        }),
        ("toy.print", "PrintOpLowering", lower_print),
        ("toy.return", "ReturnOpLowering", |op, _, rw| {
            lower_return(op, rw)
        }),
        ("toy.transpose", "TransposeOpLowering", lower_transpose),
    ];
    let mut patterns = ConversionPatternSet::new();
    for (root, name, apply) in all {
        patterns.add(OpConversionPattern::new(root, apply).named(name));
    }
    patterns
}

/// Whether `ty` is a tensor, ranked or not.
fn is_tensor(ctx: &Context, ty: Type) -> bool {
    matches!(
        ctx.type_kind(ty),
        TypeKind::RankedTensor { .. } | TypeKind::UnrankedTensor { .. }
    )
}

/// The memref of a ranked tensor's shape and element type (upstream's
/// `convertTensorToMemRef`); `None` for an unranked tensor, which
/// upstream asserts away.
fn memref_of_tensor(ctx: &mut Context, tensor: Type) -> Option<(Type, Vec<i64>)> {
    let TypeKind::RankedTensor { shape, element, .. } = ctx.type_kind(tensor).clone() else {
        return None;
    };
    let memref = ctx.memref_type(&shape, element, None, None);
    Some((memref, shape.to_vec()))
}

/// The memref for `op`'s result, or the pattern's failure when it is not
/// a ranked tensor.
fn result_memref(rw: &mut ConversionRewriter<'_>, op: OpId) -> Result<(Type, Vec<i64>), ()> {
    let result = rw.ir().result(op, 0);
    let ty = rw.ir().value_type(result);
    let (ctx, _) = rw.ctx_and_ir();
    memref_of_tensor(ctx, ty).ok_or(())
}

/// A `memref.alloc` of `ty` at the start of `op`'s block and its
/// `memref.dealloc` just before the block's last op (upstream's
/// `insertAllocAndDealloc`: Toy functions have no control flow, so the
/// buffer lives for the whole block).
fn insert_alloc_and_dealloc(
    rw: &mut ConversionRewriter<'_>,
    op: OpId,
    ty: Type,
    loc: Location,
) -> Option<Value> {
    let block = rw.ir().op_block(op)?;
    let alloc = rw.build(InsertPoint::Start(block), |b| {
        AllocOp::build(b, loc, ty, &[], &[], None)
    });
    let alloc = rw.ir().result(alloc.op(), 0);
    let last = rw.ir().last_op(block)?;
    rw.build(InsertPoint::Before(last), |b| {
        DeallocOp::build(b, loc, alloc)
    });
    Some(alloc)
}

/// The identity map on `rank` dims, as an attribute: the subscripts of an
/// `affine.load` or `affine.store` at exactly the given indices.
fn identity_map(ctx: &mut Context, rank: usize) -> Attribute {
    ctx.affine_map_attr(AffineMap::identity(rank as u32))
}

/// `() -> (value)`: a constant loop bound.
fn constant_map(ctx: &mut Context, value: i64) -> Attribute {
    ctx.affine_map_attr(AffineMap {
        num_dims: 0,
        num_symbols: 0,
        results: vec![AffineExpr::Constant(value)].into(),
    })
}

/// The rank of `memref`'s type (0 for a value of another type).
fn memref_rank(b: &OpBuilder<'_>, memref: Value) -> usize {
    match b.ctx.type_kind(b.ir.value_type(memref)) {
        TypeKind::MemRef { shape, .. } => shape.len(),
        _ => 0,
    }
}

/// `affine.load %memref[indices]` with the identity map on the memref's
/// rank, as upstream's builder makes it: when the indices are not as
/// many (a scalar operand in a loop nest), the verifier says so with
/// upstream's message.
fn affine_load(b: &mut OpBuilder<'_>, loc: Location, memref: Value, indices: &[Value]) -> Value {
    let element = match b.ctx.type_kind(b.ir.value_type(memref)) {
        TypeKind::MemRef { element, .. } => *element,
        _ => b.ir.value_type(memref),
    };
    let rank = memref_rank(b, memref);
    let map = identity_map(b.ctx, rank);
    let load = AffineLoadOp::build(b, loc, element, memref, indices, map);
    b.ir.result(load.op(), 0)
}

/// `affine.store %value, %memref[indices]` with the identity map on the
/// memref's rank (as [`affine_load`]).
fn affine_store(
    b: &mut OpBuilder<'_>,
    loc: Location,
    value: Value,
    memref: Value,
    indices: &[Value],
) {
    let rank = memref_rank(b, memref);
    let map = identity_map(b.ctx, rank);
    AffineStoreOp::build(b, loc, value, memref, indices, map);
}

/// Upstream's `buildAffineLoopNest` over constant bounds `0..shape[i]`,
/// step 1: one `affine.for` per dimension, outermost first, each body
/// ended by an `affine.yield`; `body` builds the innermost body from the
/// induction variables (with no dimension, in place).
fn build_loop_nest(
    b: &mut OpBuilder<'_>,
    loc: Location,
    shape: &[i64],
    body: &mut dyn FnMut(&mut OpBuilder<'_>, &[Value]),
) {
    let mut ivs = Vec::with_capacity(shape.len());
    let mut yields = Vec::with_capacity(shape.len());
    for &size in shape {
        let lower = constant_map(b.ctx, 0);
        let upper = constant_map(b.ctx, size);
        let for_op = AffineForOp::build(b, loc, &[], &[], &[], &[], lower, upper, 1);
        let region = b.ir.region(for_op.op(), 0);
        let index = b.ctx.index_type();
        let block = b.create_block(region, &[index], loc);
        ivs.push(b.ir.argument(block, 0));
        yields.push(block);
    }
    body(b, &ivs);
    // Each yield ends its loop's body, after what the body built (the
    // inner loops, or the innermost computation).
    for block in yields.into_iter().rev() {
        b.set_insertion_point_to_end(block);
        AffineYieldOp::build(b, loc, &[]);
    }
}

/// Lowers `op`, a Toy op with one ranked tensor result, to a buffer
/// filled by a loop nest over its shape (upstream's `lowerOpToLoops`):
/// `compute` gives the element at the induction variables.
fn lower_to_loops(
    rw: &mut ConversionRewriter<'_>,
    op: OpId,
    compute: &dyn Fn(&mut OpBuilder<'_>, Location, &[Value]) -> Value,
) -> LogicalResult {
    let loc = rw.ir().op_loc(op);
    let Ok((memref, shape)) = result_memref(rw, op) else {
        return Err(rw.notify_match_failure(op, "expected a ranked tensor result"));
    };
    let Some(alloc) = insert_alloc_and_dealloc(rw, op, memref, loc) else {
        return Err(rw.notify_match_failure(op, "expected an op in a block"));
    };
    let at = rw.insertion_point();
    rw.build(at, |b| {
        build_loop_nest(b, loc, &shape, &mut |b, ivs| {
            let value = compute(b, loc, ivs);
            affine_store(b, loc, value, alloc, ivs);
        })
    });
    rw.replace_op(op, &[alloc]);
    Ok(())
}

/// The element-wise ops and their `arith` counterparts.
#[derive(Clone, Copy)]
enum Binary {
    Add,
    Mul,
}

/// `toy.add` / `toy.mul`: load both operands at the indices, add or
/// multiply (`arith.addf`, `arith.mulf`), store.
fn lower_binary(
    op: OpId,
    adaptor: &OpAdaptor,
    rw: &mut ConversionRewriter<'_>,
    kind: Binary,
) -> LogicalResult {
    let (Some(lhs), Some(rhs)) = (adaptor.operand(0), adaptor.operand(1)) else {
        return Err(rw.notify_match_failure(op, "expected two operands"));
    };
    lower_to_loops(rw, op, &|b, loc, ivs| {
        let lhs = affine_load(b, loc, lhs, ivs);
        let rhs = affine_load(b, loc, rhs, ivs);
        let result = match kind {
            Binary::Add => AddFOp::build(b, loc, lhs, rhs, None).op(),
            Binary::Mul => MulFOp::build(b, loc, lhs, rhs, None).op(),
        };
        b.ir.result(result, 0)
    })
}

/// `toy.transpose`: the element at the reversed indices.
fn lower_transpose(
    op: OpId,
    adaptor: &OpAdaptor,
    rw: &mut ConversionRewriter<'_>,
) -> LogicalResult {
    let Some(input) = adaptor.operand(0) else {
        return Err(rw.notify_match_failure(op, "expected one operand"));
    };
    lower_to_loops(rw, op, &|b, loc, ivs| {
        let reversed: Vec<Value> = ivs.iter().rev().copied().collect();
        affine_load(b, loc, input, &reversed)
    })
}

/// The `f64` elements of a constant's dense value, one per element of
/// `count` (a splat repeats its one value); `None` when the value is not
/// dense `f64` data.
fn dense_f64_bits(ctx: &Context, value: Attribute, count: usize) -> Option<Vec<u64>> {
    let AttrKind::DenseElements { data, .. } = ctx.attr_kind(value) else {
        return None;
    };
    if data.scalar_bytes != 8 {
        return None;
    }
    let scalars: Vec<u64> = data
        .raw
        .chunks_exact(8)
        .map(|c| u64::from_le_bytes(c.try_into().expect("chunks of 8 bytes")))
        .collect();
    match (data.splat, scalars.as_slice()) {
        (true, [one]) => Some(vec![*one; count]),
        (false, _) if scalars.len() == count => Some(scalars),
        _ => None,
    }
}

/// `toy.constant`: a buffer, index constants `0..max(shape)` (just `0`
/// at rank 0) made up front, then each element in row-major order stored
/// from an `arith.constant` (upstream's `ConstantOpLowering`).
fn lower_constant(op: OpId, rw: &mut ConversionRewriter<'_>) -> LogicalResult {
    let loc = rw.ir().op_loc(op);
    let Ok((memref, shape)) = result_memref(rw, op) else {
        return Err(rw.notify_match_failure(op, "expected a ranked tensor result"));
    };
    let count = shape.iter().product::<i64>().max(0) as usize;
    let value = crate::ConstantOp::from_op_unchecked(op).value(rw.ctx, rw.ir());
    let Some(elements) = dense_f64_bits(rw.ctx, value, count) else {
        return Err(rw.notify_match_failure(op, "expected dense f64 elements"));
    };
    let Some(alloc) = insert_alloc_and_dealloc(rw, op, memref, loc) else {
        return Err(rw.notify_match_failure(op, "expected an op in a block"));
    };
    let at = rw.insertion_point();
    rw.build(at, |b| {
        let index = b.ctx.index_type();
        let largest = shape.iter().copied().max().unwrap_or(1);
        let indices: Vec<Value> = (0..largest)
            .map(|i| {
                let attr = b.ctx.integer_attr(index, i128::from(i));
                let c = ArithConstantOp::build(b, loc, index, attr);
                b.ir.result(c.op(), 0)
            })
            .collect();
        let f64_type = b.ctx.float_type(FloatKind::F64);
        let mut next = elements.iter();
        store_elements(
            b,
            &mut |b, subscripts| {
                let bits = next.next().copied().unwrap_or_default();
                let attr = b.ctx.float_attr_bits(f64_type, u128::from(bits));
                let c = ArithConstantOp::build(b, loc, f64_type, attr);
                let value = b.ir.result(c.op(), 0);
                let subscripts: Vec<Value> =
                    subscripts.iter().map(|&i| indices[i as usize]).collect();
                affine_store(b, loc, value, alloc, &subscripts);
            },
            &shape,
            &mut Vec::new(),
        );
    });
    rw.replace_op(op, &[alloc]);
    Ok(())
}

/// Calls `store` with every index tuple of `shape` in row-major order
/// (upstream's recursive `storeElements`).
fn store_elements(
    b: &mut OpBuilder<'_>,
    store: &mut dyn FnMut(&mut OpBuilder<'_>, &[i64]),
    shape: &[i64],
    prefix: &mut Vec<i64>,
) {
    let Some((&size, rest)) = shape.split_first() else {
        store(b, prefix);
        return;
    };
    for i in 0..size {
        prefix.push(i);
        store_elements(b, store, rest, prefix);
        prefix.pop();
    }
}

/// `toy.func @main` becomes `func.func @main` with the same body; any
/// other function is left (every call is expected inlined), and a `main`
/// with arguments or results is not lowered.
fn lower_func(op: OpId, rw: &mut ConversionRewriter<'_>) -> LogicalResult {
    let func = crate::FuncOp::from_op_unchecked(op);
    let name = func.sym_name(rw.ctx, rw.ir()).to_owned();
    if name != "main" {
        return Err(rw.notify_match_failure(op, "only 'main' is lowered"));
    }
    let ty = func.function_type(rw.ctx, rw.ir());
    let no_signature = match rw.ctx.type_kind(ty) {
        TypeKind::Function { inputs, results } => inputs.is_empty() && results.is_empty(),
        _ => false,
    };
    if !no_signature {
        return Err(rw.notify_match_failure(op, "expected 'main' to have 0 inputs and 0 results"));
    }
    let loc = rw.ir().op_loc(op);
    let at = rw.insertion_point();
    let lowered = rw.build(at, |b| FuncFuncOp::build_from_name_type(b, loc, &name, ty));
    let body = rw.ir().region(op, 0);
    let dest = rw.ir().region(lowered.op(), 0);
    rw.inline_region_before(body, dest, None);
    rw.erase_op(op);
    Ok(())
}

/// `toy.print` stays; its operand becomes the buffer that replaced the
/// tensor.
fn lower_print(op: OpId, adaptor: &OpAdaptor, rw: &mut ConversionRewriter<'_>) -> LogicalResult {
    let Some(values) = adaptor.one_to_one() else {
        return Err(rw.notify_match_failure(op, "expected one value per operand"));
    };
    for (i, v) in values.into_iter().enumerate() {
        rw.set_operand(op, i, v);
    }
    Ok(())
}

/// `toy.return` without an operand becomes `func.return`; one with an
/// operand is left (calls are expected inlined).
fn lower_return(op: OpId, rw: &mut ConversionRewriter<'_>) -> LogicalResult {
    if rw.ir().num_operands(op) != 0 {
        return Err(rw.notify_match_failure(op, "expected no operand"));
    }
    let loc = rw.ir().op_loc(op);
    let at = rw.insertion_point();
    rw.build(at, |b| FuncReturnOp::build(b, loc, &[]));
    rw.erase_op(op);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use ods_runtime::ir::Ir;

    #[test]
    fn splats_repeat_and_sizes_must_match() {
        let mut ctx = Context::new();
        let f64_type = ctx.float_type(FloatKind::F64);
        let ty = ctx.ranked_tensor_type(&[2], f64_type, None);
        let data = |raw: Vec<u8>, splat| ods_runtime::ir::attributes::DenseData {
            scalar_bytes: 8,
            splat,
            raw: raw.into(),
            tail_bits: 0,
        };
        let one = 1.5f64.to_bits();
        let splat = ctx.intern_attr(AttrKind::DenseElements {
            ty,
            data: data(one.to_le_bytes().to_vec(), true),
        });
        assert_eq!(dense_f64_bits(&ctx, splat, 3), Some(vec![one; 3]));
        let two: Vec<u8> = [one, 0].iter().flat_map(|x| x.to_le_bytes()).collect();
        let pair = ctx.intern_attr(AttrKind::DenseElements {
            ty,
            data: data(two, false),
        });
        assert_eq!(dense_f64_bits(&ctx, pair, 2), Some(vec![one, 0]));
        assert_eq!(dense_f64_bits(&ctx, pair, 3), None);
    }

    #[test]
    fn elements_are_visited_in_row_major_order() {
        let mut ctx = Context::new();
        let mut ir = Ir::new();
        let mut b = OpBuilder::new(&mut ctx, &mut ir);
        let mut seen = Vec::new();
        store_elements(
            &mut b,
            &mut |_, s| seen.push(s.to_vec()),
            &[2, 3],
            &mut Vec::new(),
        );
        assert_eq!(seen.len(), 6);
        assert_eq!(seen[1], vec![0, 1]);
        assert_eq!(seen[3], vec![1, 0]);
        let mut scalar = Vec::new();
        store_elements(
            &mut b,
            &mut |_, s| scalar.push(s.to_vec()),
            &[],
            &mut Vec::new(),
        );
        assert_eq!(scalar, vec![Vec::<i64>::new()]);
    }
}
