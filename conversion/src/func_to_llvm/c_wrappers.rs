//! The C interface of a function with `llvm.emit_c_interface` (upstream's
//! `wrapForExternalCallers` and `wrapExternalFunction`): a function
//! `_mlir_ciface_<name>` whose memref arguments are pointers to
//! descriptors and whose several results are written through a pointer
//! passed first. A defined function gets a wrapper that loads the
//! descriptors and calls it; a declaration gets a private body that
//! stores its descriptors on the stack and calls the (external) wrapper.

use dialect_llvm::{AllocaOp, LLVMFunctionType, LLVMPointerType, Linkage, LinkageAttr, ReturnOp};
use ir::builder::{InsertPoint, OpBuilder};
use ir::{AttrKind, Location, OpId, Type, TypeKind, Value};
use ods_runtime::op::inherent_attr;
use ods_runtime::Op;
use ods_transforms::conversion::{ConversionRewriter, LogicalResult};

use super::ops::build_call;
use super::{create_llvm_func, kept_func_attrs, LlvmFuncParts};
use crate::llvm_common::pattern::{index_attr_constant, load, store, Access};
use crate::llvm_common::{LlvmTypeConverter, MemRefDescriptor, UnrankedMemRefDescriptor};

fn string_attr(rw: &ConversionRewriter<'_>, op: OpId, name: &str) -> Option<String> {
    match inherent_attr(rw.ctx, rw.ir(), op, name).map(|a| rw.ctx.attr_kind(a)) {
        Some(AttrKind::String { value, .. }) => Some(String::from_utf8_lossy(value).into_owned()),
        _ => None,
    }
}

fn array_attr(rw: &ConversionRewriter<'_>, op: OpId, name: &str) -> Option<Vec<ir::Attribute>> {
    match inherent_attr(rw.ctx, rw.ir(), op, name).map(|a| rw.ctx.attr_kind(a)) {
        Some(AttrKind::Array(items)) => Some(items.to_vec()),
        _ => None,
    }
}

/// Adds the C interface of `func` (converted to `new_func`).
pub(super) fn wrap(
    rw: &mut ConversionRewriter<'_>,
    func: OpId,
    new_func: OpId,
    function_type: Type,
    converter: &LlvmTypeConverter,
) -> LogicalResult {
    let Some((wrapper_type, result_struct)) =
        converter.convert_function_type_c_wrapper(rw.ctx, function_type)
    else {
        return Err(rw.notify_match_failure(func, "the C interface type does not convert"));
    };
    let name = string_attr(rw, func, "sym_name").unwrap_or_default();
    let arg_attrs = array_attr(rw, func, "arg_attrs");
    let (arg_attrs, res_attrs) = match result_struct {
        None => (arg_attrs, array_attr(rw, func, "res_attrs")),
        Some(_) => {
            let shifted = arg_attrs.map(|attrs| {
                let mut v = vec![rw.ctx.dictionary_attr(Vec::new())];
                v.extend(attrs);
                v
            });
            (shifted, None)
        }
    };
    let loc = rw.ir().op_loc(func);
    let parts = LlvmFuncParts {
        name: format!("_mlir_ciface_{name}"),
        function_type: wrapper_type,
        linkage: LinkageAttr::get(rw.ctx, Linkage::External).attr(),
        visibility: string_attr(rw, func, "sym_visibility"),
        attrs: kept_func_attrs(rw, func),
        arg_attrs,
        res_attrs,
    };
    let wrapper = create_llvm_func(rw, func, loc, parts);
    let original_inputs = match rw.ctx.type_kind(function_type) {
        TypeKind::Function { inputs, .. } => inputs.to_vec(),
        _ => Vec::new(),
    };
    let body = rw.ir().region(new_func, 0);
    let is_external = rw.ir().first_block(body).is_none();
    let args = Args {
        original_inputs,
        result_struct,
        loc,
    };
    if is_external {
        wrap_external_function(rw, new_func, wrapper, &name, &args, converter);
    } else {
        wrap_for_external_callers(rw, new_func, wrapper, &name, &args, converter);
    }
    Ok(())
}

struct Args {
    original_inputs: Vec<Type>,
    result_struct: Option<Type>,
    loc: Location,
}

/// The parameter types and the result of LLVM function type `ty` (no
/// result for `void`).
fn signature(rw: &ConversionRewriter<'_>, func: OpId) -> (Vec<Type>, Option<Type>) {
    let ty = super::function_type(rw.ctx, rw.ir(), func);
    let Some(f) = ty.and_then(|t| LLVMFunctionType::from_type(rw.ctx, t)) else {
        return (Vec::new(), None);
    };
    let ret = f.return_type(rw.ctx);
    let ret = (!dialect_llvm::pred::is_void(rw.ctx, ret)).then_some(ret);
    (f.params(rw.ctx), ret)
}

fn entry_block(
    rw: &mut ConversionRewriter<'_>,
    func: OpId,
    params: &[Type],
    loc: Location,
) -> Vec<Value> {
    let region = rw.ir().region(func, 0);
    let block = rw.create_block(region, None, params, loc);
    rw.set_insertion_point(InsertPoint::End(block));
    rw.ir().arguments(block).collect()
}

/// `llvm.alloca` of one `elem` (the count built first).
fn alloca_one(b: &mut OpBuilder<'_>, loc: Location, index_type: Type, elem: Type) -> Value {
    let one = index_attr_constant(b, loc, index_type, 1);
    let ptr = LLVMPointerType::get_from(b.ctx).ty();
    let op = AllocaOp::build(b, loc, ptr, one, None, elem, false).op();
    b.ir.results(op).next().expect("llvm.alloca has a result")
}

fn call_and_return(
    b: &mut OpBuilder<'_>,
    loc: Location,
    callee: &str,
    result: Option<Type>,
    args: &[Value],
    result_struct: Option<(Type, Value)>,
    store_into: Option<Value>,
) {
    let call = build_call(b, loc, result, Some(callee), args);
    let results: Vec<Value> = b.ir.results(call).collect();
    if let (Some(ptr), Some(&r)) = (store_into, results.first()) {
        store(b, loc, r, ptr, Access::default());
        ReturnOp::build(b, loc, None);
    } else if let Some((ty, ptr)) = result_struct {
        let loaded = load(b, loc, ty, ptr, Access::default());
        ReturnOp::build(b, loc, Some(loaded));
    } else {
        ReturnOp::build(b, loc, results.first().copied());
    }
}

fn wrap_for_external_callers(
    rw: &mut ConversionRewriter<'_>,
    new_func: OpId,
    wrapper: OpId,
    name: &str,
    args: &Args,
    converter: &LlvmTypeConverter,
) {
    let (params, _) = signature(rw, wrapper);
    let (_, callee_result) = signature(rw, new_func);
    let wrapper_args = entry_block(rw, wrapper, &params, args.loc);
    let offset = usize::from(args.result_struct.is_some());
    let mut inputs = Vec::with_capacity(args.original_inputs.len());
    for &t in &args.original_inputs {
        inputs.push((t, converter.convert_type(rw.ctx, t)));
    }
    let loc = args.loc;
    let at = rw.insertion_point();
    rw.build(at, |b| {
        let mut call_args = Vec::new();
        for (i, (t, converted)) in inputs.iter().enumerate() {
            let arg = wrapper_args[i + offset];
            match (b.ctx.type_kind(*t).clone(), converted) {
                (TypeKind::MemRef { shape, .. }, Some(desc_ty)) => {
                    let loaded = load(b, loc, *desc_ty, arg, Access::default());
                    call_args.extend(MemRefDescriptor::unpack(b, loc, loaded, shape.len()));
                }
                (TypeKind::UnrankedMemRef { .. }, Some(desc_ty)) => {
                    let loaded = load(b, loc, *desc_ty, arg, Access::default());
                    call_args.extend(UnrankedMemRefDescriptor::unpack(b, loc, loaded));
                }
                _ => call_args.push(arg),
            }
        }
        let store_into = args.result_struct.map(|_| wrapper_args[0]);
        call_and_return(b, loc, name, callee_result, &call_args, None, store_into);
    });
}

fn wrap_external_function(
    rw: &mut ConversionRewriter<'_>,
    new_func: OpId,
    wrapper: OpId,
    name: &str,
    args: &Args,
    converter: &LlvmTypeConverter,
) {
    let private = LinkageAttr::get(rw.ctx, Linkage::Private).attr();
    rw.set_inherent_attr(new_func, "linkage", Some(private));
    let (params, _) = signature(rw, new_func);
    let (_, wrapper_result) = signature(rw, wrapper);
    let func_args = entry_block(rw, new_func, &params, args.loc);
    let index_type = converter.index_type(rw.ctx);
    let options = *converter.options();
    let loc = args.loc;
    let at = rw.insertion_point();
    let wrapper_name = format!("_mlir_ciface_{name}");
    rw.build(at, |b| {
        let mut call_args = Vec::new();
        let mut result_ptr = None;
        if let Some(st) = args.result_struct {
            let ptr = alloca_one(b, loc, index_type, st);
            call_args.push(ptr);
            result_ptr = Some((st, ptr));
        }
        let mut rest: &[Value] = &func_args;
        for &t in &args.original_inputs {
            let kind = b.ctx.type_kind(t).clone();
            let (count, packed) = match kind {
                TypeKind::MemRef { shape, .. } => {
                    let n = MemRefDescriptor::num_unpacked_values(shape.len());
                    let d = MemRefDescriptor::pack(b, loc, &options, t, &rest[..n.min(rest.len())]);
                    (n, d.map(|d| d.value()))
                }
                TypeKind::UnrankedMemRef { .. } => {
                    let d = UnrankedMemRefDescriptor::pack(
                        b,
                        loc,
                        &options,
                        t,
                        &rest[..2.min(rest.len())],
                    );
                    (2, d.map(|d| d.value()))
                }
                _ => (1, None),
            };
            match (packed, rest.first()) {
                (Some(packed), _) => {
                    let packed_ty = b.ir.value_type(packed);
                    let ptr = alloca_one(b, loc, index_type, packed_ty);
                    store(b, loc, packed, ptr, Access::default());
                    call_args.push(ptr);
                }
                (None, Some(&arg)) => call_args.push(arg),
                (None, None) => {}
            }
            rest = &rest[count.min(rest.len())..];
        }
        call_and_return(
            b,
            loc,
            &wrapper_name,
            wrapper_result,
            &call_args,
            result_ptr,
            None,
        );
    });
}
