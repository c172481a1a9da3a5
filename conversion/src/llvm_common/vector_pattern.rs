//! One op to one LLVM op, with n-D vectors unrolled (upstream's
//! `oneToOneRewrite`, `vectorOneToOneRewrite` and
//! `handleMultidimensionalVectors`, `Pattern.cpp` / `VectorPattern.cpp`).

use dialect_llvm::{ExtractValueOp, InsertValueOp, LLVMArrayType, PoisonOp};
use ir::builder::OpBuilder;
use ir::{Attribute, Location, NamedAttribute, NewRegions, OpId, OpParts, Type, Value};
use ods_runtime::Op;
use ods_transforms::conversion::{ConversionRewriter, LogicalResult, OpAdaptor, ValueList};
use smallvec::SmallVec;

use super::{is_compatible_type, LlvmTypeConverter};

/// Builds the LLVM op `T` with `operands`, `result_types`, the properties
/// `props` (the op's defaults filled in, as upstream's builders do) and
/// the discardable attributes `attrs`; its first result if any. One
/// properties dictionary, made as generated builders make theirs.
pub fn create_llvm_op<T: Op>(
    b: &mut OpBuilder<'_>,
    loc: Location,
    operands: &[Value],
    result_types: &[Type],
    props: Vec<NamedAttribute>,
    attrs: Vec<NamedAttribute>,
) -> OpId {
    let dicts = LlvmOpAttrs::of::<T>(b.ctx, &props, attrs);
    create_llvm_op_with::<T>(b, loc, operands, result_types, dicts)
}

/// The attribute dictionaries of an LLVM op being built: its properties
/// (its defaults filled in) and its discardable attributes, `None` when
/// empty. Interned once, they can be kept for the next op built alike
/// ([`LlvmAttrsCache`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LlvmOpAttrs {
    pub props: Option<Attribute>,
    pub attrs: Option<Attribute>,
}

impl LlvmOpAttrs {
    /// The dictionaries of the op `T` with properties `props` and
    /// discardable attributes `attrs`.
    pub fn of<T: Op>(
        ctx: &mut ir::Context,
        props: &[NamedAttribute],
        attrs: Vec<NamedAttribute>,
    ) -> Self {
        LlvmOpAttrs {
            props: ods_runtime::op::named_props_with(ctx, props, T::DEFAULTS),
            attrs: (!attrs.is_empty()).then(|| ctx.dictionary_attr(attrs)),
        }
    }
}

/// [`create_llvm_op`] with the dictionaries made already.
pub fn create_llvm_op_with<T: Op>(
    b: &mut OpBuilder<'_>,
    loc: Location,
    operands: &[Value],
    result_types: &[Type],
    dicts: LlvmOpAttrs,
) -> OpId {
    let parts = OpParts {
        operands: &[operands],
        result_types: &[result_types],
        successors: &[],
        regions: NewRegions::Empty(0),
        attrs: dicts.attrs,
        props: dicts.props,
    };
    b.create_parts(T::NAME, loc, &parts)
}

/// The dictionaries of the LLVM ops a pattern built, by the dictionaries
/// of the op each replaced: a pattern whose LLVM op's attributes follow
/// from its op's alone converts them once per distinct pair (most ops of
/// a kind carry the same few), not once per op. Kept for the run the
/// pattern set is made for (attributes are handles of its context).
#[derive(Default)]
pub struct LlvmAttrsCache {
    entries: std::cell::RefCell<Vec<(OpDicts, LlvmOpAttrs)>>,
}

/// An op's properties and discardable attributes dictionaries.
type OpDicts = (Option<Attribute>, Option<Attribute>);

/// How many distinct pairs a cache keeps (searched in order: a few).
const ATTRS_CACHE_CAP: usize = 16;

impl LlvmAttrsCache {
    /// The dictionaries for `op`: found, or made by `convert` and kept.
    pub fn get_or_convert(
        &self,
        rw: &mut ConversionRewriter<'_>,
        op: OpId,
        convert: impl FnOnce(&mut ConversionRewriter<'_>) -> LlvmOpAttrs,
    ) -> LlvmOpAttrs {
        let key = (rw.ir().props(op), rw.ir().attrs(op));
        if let Some((_, found)) = self.entries.borrow().iter().find(|(k, _)| *k == key) {
            return *found;
        }
        let made = convert(rw);
        let mut entries = self.entries.borrow_mut();
        if entries.len() < ATTRS_CACHE_CAP {
            entries.push((key, made));
        }
        made
    }
}

/// The 1-D vector type inside an array nest, and the array dimensions.
fn array_nest(b: &OpBuilder<'_>, ty: Type) -> (Type, Vec<u64>) {
    let mut dims = Vec::new();
    let mut current = ty;
    while let Some(array) = LLVMArrayType::from_type(b.ctx, current) {
        dims.push(array.num_elements(b.ctx));
        current = array.element_type(b.ctx);
    }
    (current, dims)
}

/// Every position of an array nest of `dims`, the last index fastest.
fn positions(dims: &[u64]) -> Vec<Vec<i64>> {
    let mut out: Vec<Vec<i64>> = vec![Vec::new()];
    for &d in dims {
        out = out
            .into_iter()
            .flat_map(|p| {
                (0..d as i64).map(move |i| {
                    let mut q = p.clone();
                    q.push(i);
                    q
                })
            })
            .collect();
    }
    out
}

fn first_result(b: &OpBuilder<'_>, op: OpId) -> Value {
    b.ir.results(op).next().expect("the op has a result")
}

/// The n-D vector op unrolled over the array nest of `result_ty`: for
/// each position, the operands' 1-D vectors are extracted, `build` makes
/// the 1-D result, and it is inserted into a poison value of `result_ty`.
pub fn unroll_nd_vectors(
    b: &mut OpBuilder<'_>,
    loc: Location,
    operands: &[Value],
    result_ty: Type,
    mut build: impl FnMut(&mut OpBuilder<'_>, Type, &[Value]) -> Value,
) -> Value {
    let (vector_1d, dims) = array_nest(b, result_ty);
    let poison = PoisonOp::build(b, loc, result_ty).op();
    let mut desc = first_result(b, poison);
    for position in positions(&dims) {
        let mut extracted = Vec::with_capacity(operands.len());
        for &operand in operands {
            let (inner, _) = array_nest(b, b.ir.value_type(operand));
            let op = ExtractValueOp::build(b, loc, inner, operand, position.clone()).op();
            extracted.push(first_result(b, op));
        }
        let value = build(b, vector_1d, &extracted);
        let op = InsertValueOp::build(b, loc, desc, value, position).op();
        desc = first_result(b, op);
    }
    desc
}

/// Whether `ty` is an LLVM array (an unrolled n-D vector).
pub fn is_array(b: &OpBuilder<'_>, ty: Type) -> bool {
    LLVMArrayType::from_type(b.ctx, ty).is_some()
}

/// `op` replaced by the LLVM op `T` on its converted operands (upstream's
/// `vectorOneToOneRewrite`): the result type converted, `props` as its
/// properties, `attrs` as its discardable attributes, n-D vectors
/// unrolled. Fails when an operand is not of an LLVM type.
pub fn vector_one_to_one<T: Op>(
    rw: &mut ConversionRewriter<'_>,
    op: OpId,
    adaptor: &OpAdaptor,
    converter: &LlvmTypeConverter,
    props: Vec<NamedAttribute>,
    attrs: Vec<NamedAttribute>,
) -> LogicalResult {
    vector_one_to_one_with::<T>(rw, op, adaptor, converter, |rw| {
        LlvmOpAttrs::of::<T>(rw.ctx, &props, attrs)
    })
}

/// [`vector_one_to_one`] with the LLVM op's dictionaries made by `dicts`
/// (once the op is known to convert).
pub fn vector_one_to_one_with<T: Op>(
    rw: &mut ConversionRewriter<'_>,
    op: OpId,
    adaptor: &OpAdaptor,
    converter: &LlvmTypeConverter,
    dicts: impl FnOnce(&mut ConversionRewriter<'_>) -> LlvmOpAttrs,
) -> LogicalResult {
    let Some(operands) = adaptor.one_to_one() else {
        return Err(rw.notify_match_failure(op, "an operand is not one value"));
    };
    let compatible = operands
        .iter()
        .all(|&v| is_compatible_type(rw.ctx, rw.ir().value_type(v)));
    if operands.is_empty() || !compatible {
        return Err(rw.notify_match_failure(op, "operands are not of LLVM types"));
    }
    let result_types: SmallVec<[Type; 2]> =
        rw.ir().results(op).map(|r| rw.ir().value_type(r)).collect();
    let result = if result_types.is_empty() {
        None
    } else {
        match converter.pack_operation_results(rw.ctx, &result_types) {
            Some(t) => Some(t),
            None => return Err(rw.notify_match_failure(op, "the result type does not convert")),
        }
    };
    let dicts = dicts(rw);
    let loc = rw.ir().op_loc(op);
    let at = rw.insertion_point();
    let first_ty = rw.ir().value_type(operands[0]);
    let values: ValueList = rw.build(at, |b| {
        if !is_array(b, first_ty) {
            let new = create_llvm_op_with::<T>(b, loc, &operands, result.as_slice(), dicts);
            return b.ir.results(new).collect();
        }
        let Some(result_ty) = result else {
            return ValueList::new();
        };
        let v = unroll_nd_vectors(b, loc, &operands, result_ty, |b, ty, ops| {
            let new = create_llvm_op_with::<T>(b, loc, ops, &[ty], dicts);
            first_result(b, new)
        });
        ValueList::from_elem(v, 1)
    });
    if values.is_empty() && !result_types.is_empty() {
        return Err(rw.notify_match_failure(op, "no result built"));
    }
    if result_types.is_empty() {
        rw.erase_op(op);
    } else {
        rw.replace_op(op, &values);
    }
    Ok(())
}

/// `name = value` (`name` one the program spells).
pub fn named_attr(ctx: &mut ir::Context, name: &'static str, value: Attribute) -> NamedAttribute {
    NamedAttribute {
        name: ctx.static_ident(name),
        value,
    }
}
