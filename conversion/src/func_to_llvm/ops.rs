//! The patterns of `--convert-func-to-llvm` for the ops inside functions:
//! `func.call`, `func.call_indirect`, `func.return`, `func.constant`.

use std::rc::Rc;

use dialect_llvm::{CConv, FastmathFlags, TailCallKind};
use ir::builder::OpBuilder;
use ir::{AttrKind, Location, OpId, Type, TypeKind, Value};
use ods_runtime::op::inherent_attr;
use ods_runtime::Op;
use ods_transforms::conversion::{
    ConversionPatternSet, ConversionRewriter, LogicalResult, OpAdaptor, OpConversionPattern,
};

use super::{discardable_attrs, has_attr, BARE_PTR_ATTR};
use crate::llvm_common::{
    is_compatible_type, LlvmTypeConverter, MemRefDescriptor, UnrankedMemRefDescriptor,
};

pub(super) fn populate(converter: &Rc<LlvmTypeConverter>, patterns: &mut ConversionPatternSet) {
    let c = Rc::clone(converter);
    patterns.add(
        OpConversionPattern::new("func.call_indirect", move |op, adaptor, rw| {
            lower_call(rw, op, adaptor, &c, None)
        })
        .named("CallIndirectOpLowering"),
    );
    let c = Rc::clone(converter);
    patterns.add(
        OpConversionPattern::new("func.call", move |op, adaptor, rw| {
            let callee = callee_name(rw, op);
            lower_call(rw, op, adaptor, &c, Some(callee))
        })
        .named("CallOpLowering"),
    );
    let c = Rc::clone(converter);
    patterns.add(
        OpConversionPattern::new("func.constant", move |op, _, rw| lower_constant(rw, op, &c))
            .named("ConstantOpLowering"),
    );
    let c = Rc::clone(converter);
    patterns.add(
        OpConversionPattern::new("func.return", move |op, adaptor, rw| {
            lower_return(rw, op, adaptor, &c)
        })
        .named("ReturnOpLowering"),
    );
}

/// The symbol a `func.call` calls.
fn callee_name(rw: &ConversionRewriter<'_>, op: OpId) -> String {
    match inherent_attr(rw.ctx, rw.ir(), op, "callee").map(|a| rw.ctx.attr_kind(a)) {
        Some(AttrKind::SymbolRef { root, .. }) => rw.ctx.str(*root).to_string(),
        _ => String::new(),
    }
}

/// The op named `name` among the ops of the symbol table holding `op`.
fn lookup_symbol(rw: &ConversionRewriter<'_>, op: OpId, name: &str) -> Option<OpId> {
    let ir = rw.ir();
    let mut scope = ir.parent_op(op)?;
    loop {
        if ir.num_regions(scope) > 0 {
            let region = ir.region(scope, 0);
            for block in ir.region_blocks(region) {
                for candidate in ir.block_ops(block) {
                    let sym = inherent_attr(rw.ctx, ir, candidate, "sym_name");
                    if let Some(AttrKind::String { value, .. }) = sym.map(|a| rw.ctx.attr_kind(a)) {
                        if value.as_ref() == name.as_bytes() {
                            return Some(candidate);
                        }
                    }
                }
            }
        }
        scope = ir.parent_op(scope)?;
    }
}

fn value_types(rw: &ConversionRewriter<'_>, values: impl Iterator<Item = Value>) -> Vec<Type> {
    values.map(|v| rw.ir().value_type(v)).collect()
}

fn first_result(b: &OpBuilder<'_>, op: OpId) -> Value {
    b.ir.results(op).next().expect("the op has a result")
}

/// The operands of a call as the calling convention passes them
/// (upstream's `promoteOperands`): memref descriptors unpacked into their
/// fields, or reduced to their aligned pointer for bare pointers.
fn promote_operands(
    b: &mut OpBuilder<'_>,
    loc: Location,
    original_types: &[Type],
    adaptor: &OpAdaptor,
    bare_ptr: bool,
) -> Vec<Value> {
    let mut promoted = Vec::new();
    for (i, &ty) in original_types.iter().enumerate() {
        let values = adaptor.values(i);
        let kind = b.ctx.type_kind(ty).clone();
        match (kind, values) {
            (TypeKind::MemRef { .. }, [v]) if bare_ptr => {
                let d = MemRefDescriptor::new(b.ctx, b.ir, *v);
                match d {
                    Some(d) => promoted.push(d.aligned_ptr(b, loc)),
                    None => promoted.push(*v),
                }
            }
            (TypeKind::MemRef { shape, .. }, [v]) => {
                promoted.extend(MemRefDescriptor::unpack(b, loc, *v, shape.len()));
            }
            (TypeKind::UnrankedMemRef { .. }, [v]) if !bare_ptr => {
                promoted.extend(UnrankedMemRefDescriptor::unpack(b, loc, *v));
            }
            _ => promoted.extend_from_slice(values),
        }
    }
    promoted
}

/// `func.call` and `func.call_indirect` to `llvm.call` (upstream's
/// `CallOpInterfaceLowering`); `callee` is `None` for an indirect call,
/// whose first operand is the callee.
fn lower_call(
    rw: &mut ConversionRewriter<'_>,
    op: OpId,
    adaptor: &OpAdaptor,
    converter: &LlvmTypeConverter,
    callee: Option<String>,
) -> LogicalResult {
    let bare_ptr = converter.options().use_bare_ptr_call_conv
        || callee
            .as_deref()
            .and_then(|name| lookup_symbol(rw, op, name))
            .is_some_and(|f| has_attr(rw, f, BARE_PTR_ATTR));
    let result_types = value_types(rw, rw.ir().results(op));
    let packed = if result_types.is_empty() {
        None
    } else {
        match converter.pack_function_results(rw.ctx, &result_types, bare_ptr) {
            Some(t) => Some(t),
            None => return Err(rw.notify_match_failure(op, "could not pack the result types")),
        }
    };
    let operand_types = value_types(rw, rw.ir().operands(op));
    let is_unranked = |rw: &ConversionRewriter<'_>, t: &Type| {
        matches!(rw.ctx.type_kind(*t), TypeKind::UnrankedMemRef { .. })
    };
    if bare_ptr && operand_types.iter().any(|t| is_unranked(rw, t)) {
        return Err(rw.notify_match_failure(op, "unranked memrefs have no bare pointer"));
    }
    if !bare_ptr && result_types.iter().any(|t| is_unranked(rw, t)) {
        return Err(rw.notify_match_failure(op, "unranked memref results are not lowered"));
    }
    let attrs = discardable_attrs(rw, op);
    let loc = rw.ir().op_loc(op);
    let at = rw.insertion_point();
    let results = rw.build(at, |b| {
        let promoted = promote_operands(b, loc, &operand_types, adaptor, bare_ptr);
        let call = build_call(b, loc, packed, callee.as_deref(), &promoted);
        if !attrs.is_empty() {
            let dict = b.ctx.dictionary_attr(attrs);
            b.ir.set_attrs(call, Some(dict));
        }
        let mut results = Vec::with_capacity(result_types.len());
        if result_types.len() < 2 {
            results.extend(b.ir.results(call));
        } else {
            let packed_value = first_result(b, call);
            for i in 0..result_types.len() {
                results.push(extract_value(b, loc, packed_value, i as i64));
            }
        }
        if bare_ptr {
            promote_bare_ptrs_to_descriptors(b, loc, converter, &result_types, &mut results);
        }
        results
    });
    rw.replace_op(op, &results);
    Ok(())
}

/// The descriptors of the memref results a bare-pointer call returned as
/// pointers (upstream's `promoteBarePtrsToDescriptors`).
fn promote_bare_ptrs_to_descriptors(
    b: &mut OpBuilder<'_>,
    loc: Location,
    converter: &LlvmTypeConverter,
    types: &[Type],
    values: &mut [Value],
) {
    for (v, &t) in values.iter_mut().zip(types) {
        if matches!(b.ctx.type_kind(t), TypeKind::MemRef { .. }) {
            if let Some(d) =
                MemRefDescriptor::from_static_shape(b, loc, converter.options(), t, *v, *v)
            {
                *v = d.value();
            }
        }
    }
}

/// `llvm.extractvalue` of element `i` of `container`.
pub(crate) fn extract_value(
    b: &mut OpBuilder<'_>,
    loc: Location,
    container: Value,
    i: i64,
) -> Value {
    let ty = b.ir.value_type(container);
    let elem =
        dialect_llvm::format::insert_extract_value_element_type(b.ctx, ty, &[i]).unwrap_or(ty);
    let op = dialect_llvm::ExtractValueOp::build(b, loc, elem, container, vec![i]);
    first_result(b, op.op())
}

/// `llvm.call` of `callee` (or of its first operand) with the properties
/// upstream's builder sets.
pub(crate) fn build_call(
    b: &mut OpBuilder<'_>,
    loc: Location,
    result: Option<Type>,
    callee: Option<&str>,
    operands: &[Value],
) -> OpId {
    dialect_llvm::CallOp::build(
        b,
        loc,
        result,
        None,
        callee,
        operands,
        Some(FastmathFlags::NONE),
        Some(CConv::C),
        Some(TailCallKind::None),
        None,
        false,
        false,
        false,
        &[],
        None,
        None,
        None,
        false,
        false,
        false,
        None,
        None,
        None,
        None,
    )
    .op()
}

/// `func.constant` to `llvm.mlir.addressof` (upstream's
/// `ConstantOpLowering`).
fn lower_constant(
    rw: &mut ConversionRewriter<'_>,
    op: OpId,
    converter: &LlvmTypeConverter,
) -> LogicalResult {
    let Some(result) = rw.ir().results(op).next() else {
        return Err(rw.notify_match_failure(op, "no result"));
    };
    let ty = rw.ir().value_type(result);
    let converted = converter
        .convert_type(rw.ctx, ty)
        .filter(|&t| is_compatible_type(rw.ctx, t));
    let Some(converted) = converted else {
        return Err(rw.notify_match_failure(op, "failed to convert result type"));
    };
    let name = match inherent_attr(rw.ctx, rw.ir(), op, "value").map(|a| rw.ctx.attr_kind(a)) {
        Some(AttrKind::SymbolRef { root, .. }) => rw.ctx.str(*root).to_string(),
        _ => return Err(rw.notify_match_failure(op, "no symbol")),
    };
    let attrs = discardable_attrs(rw, op);
    let loc = rw.ir().op_loc(op);
    let at = rw.insertion_point();
    let value = rw.build(at, |b| {
        let new = dialect_llvm::AddressOfOp::build(b, loc, converted, &name).op();
        if !attrs.is_empty() {
            let dict = b.ctx.dictionary_attr(attrs);
            b.ir.set_attrs(new, Some(dict));
        }
        first_result(b, new)
    });
    rw.replace_op(op, &[value]);
    Ok(())
}

/// `func.return` to `llvm.return`, several values packed into a struct
/// (upstream's `ReturnOpLowering`).
fn lower_return(
    rw: &mut ConversionRewriter<'_>,
    op: OpId,
    adaptor: &OpAdaptor,
    converter: &LlvmTypeConverter,
) -> LogicalResult {
    let func = rw.ir().parent_op(op);
    let bare_ptr = converter.options().use_bare_ptr_call_conv
        || func.is_some_and(|f| has_attr(rw, f, BARE_PTR_ATTR));
    let operand_types = value_types(rw, rw.ir().operands(op));
    let mut operands = Vec::with_capacity(operand_types.len());
    for i in 0..operand_types.len() {
        match adaptor.values(i) {
            [v] => operands.push(*v),
            _ => return Err(rw.notify_match_failure(op, "an operand is not one value")),
        }
    }
    let unranked = operand_types
        .iter()
        .any(|&t| matches!(rw.ctx.type_kind(t), TypeKind::UnrankedMemRef { .. }));
    if unranked {
        return Err(rw.notify_match_failure(op, "unranked memref results are not lowered"));
    }
    let packed_type = if operand_types.len() > 1 {
        match converter.pack_function_results(rw.ctx, &operand_types, bare_ptr) {
            Some(t) => Some(t),
            None => return Err(rw.notify_match_failure(op, "could not convert result types")),
        }
    } else {
        None
    };
    let attrs = discardable_attrs(rw, op);
    let loc = rw.ir().op_loc(op);
    let at = rw.insertion_point();
    rw.build(at, |b| {
        if bare_ptr {
            for (v, &t) in operands.iter_mut().zip(&operand_types) {
                if converter.can_convert_to_bare_ptr(b.ctx, t) {
                    if let Some(d) = MemRefDescriptor::new(b.ctx, b.ir, *v) {
                        *v = d.allocated_ptr(b, loc);
                    }
                }
            }
        }
        let returned = match packed_type {
            None => operands.first().copied(),
            Some(ty) => {
                let mut packed = dialect_llvm::PoisonOp::build(b, loc, ty).op();
                let mut value = first_result(b, packed);
                for (i, &v) in operands.iter().enumerate() {
                    packed =
                        dialect_llvm::InsertValueOp::build(b, loc, value, v, vec![i as i64]).op();
                    value = first_result(b, packed);
                }
                Some(value)
            }
        };
        let ret = dialect_llvm::ReturnOp::build(b, loc, returned).op();
        if !attrs.is_empty() {
            let dict = b.ctx.dictionary_attr(attrs);
            b.ir.set_attrs(ret, Some(dict));
        }
    });
    rw.erase_op(op);
    Ok(())
}
