//! Converting the signature of function ops (`func.func`, `toy.func`, any
//! op implementing `FunctionOpInterface`), through the interface as
//! upstream does: [`FunctionSignaturePattern`] is
//! `populateFunctionOpInterfaceTypeConversionPattern` (one op name) and
//! `populateAnyFunctionOpInterfaceTypeConversionPattern` (any function
//! op), [`convert_function_signature`] its `convertFuncOpTypes`, and
//! [`is_function_legal`] the legality upstream's tests give function ops
//! (`isSignatureLegal` of the type and `isLegal` of the body).
//!
//! The interface is found in the registry
//! (`ods_runtime::interface::<FunctionOpInterfaceRef>`); the new type is
//! set with `FunctionOpInterface::set_type`, so the argument and result
//! attribute arrays follow a 1:N conversion as upstream's
//! `function_interface_impl::setFunctionType` has them follow (dropped,
//! cut or padded with empty dictionaries when the number changes, left as
//! they are when it does not).
//!
//! In: a function op and the rewriter's type converter. Out: the op with
//! its converted type, its body's blocks with converted arguments.

use super::pattern::{ConversionPattern, OpAdaptor};
use super::rewriter::{ConversionRewriter, LogicalResult};
use super::type_converter::TypeConverter;
use ir::{Context, Ir, OpId, Registry, Type, TypeKind};
use ods_runtime::interfaces::FunctionOpInterfaceRef;

/// `op` as a function op, when its op implements `FunctionOpInterface`.
pub fn function_op<'r>(
    registry: &'r Registry,
    ir: &Ir,
    op: OpId,
) -> Option<FunctionOpInterfaceRef<'r>> {
    ods_runtime::interface::<FunctionOpInterfaceRef>(registry, ir, op)
}

/// The inputs and results of `func`'s type, when it is a builtin function
/// type (upstream's `dyn_cast<FunctionType>(getFunctionType())`).
fn builtin_signature(
    ctx: &Context,
    ir: &Ir,
    func: FunctionOpInterfaceRef<'_>,
) -> Option<(Vec<Type>, Vec<Type>)> {
    match ctx.type_kind(func.get_function_type(ctx, ir)?) {
        TypeKind::Function { inputs, results } => Some((inputs.to_vec(), results.to_vec())),
        _ => None,
    }
}

/// The inputs and results of the builtin function type of function op
/// `op` (`None` for another op or another kind of type).
pub fn function_signature(
    registry: &Registry,
    ctx: &Context,
    ir: &Ir,
    op: OpId,
) -> Option<(Vec<Type>, Vec<Type>)> {
    builtin_signature(ctx, ir, function_op(registry, ir, op)?)
}

/// Whether function op `op`'s signature and the argument types of its
/// body's blocks are all legal for `converter` (what a target asks of a
/// function op in `add_dynamically_legal_op`, upstream's
/// `isSignatureLegal(op.getFunctionType()) && isLegal(&op.getBody())`).
/// `false` for an op that is no function op or whose type is no builtin
/// function type.
pub fn is_function_legal(
    converter: &TypeConverter,
    registry: &Registry,
    ctx: &mut Context,
    ir: &Ir,
    op: OpId,
) -> bool {
    let Some(func) = function_op(registry, ir, op) else {
        return false;
    };
    let Some((inputs, results)) = builtin_signature(ctx, ir, func) else {
        return false;
    };
    if !converter.are_legal(ctx, &inputs) || !converter.are_legal(ctx, &results) {
        return false;
    }
    func.get_function_body(ir).is_none_or(|body| {
        ir.region_blocks(body).all(|b| {
            let types: Vec<Type> = ir.arguments(b).map(|v| ir.value_type(v)).collect();
            converter.are_legal(ctx, &types)
        })
    })
}

/// Converts the signature of function op `op` in place with the
/// rewriter's type converter (upstream's `convertFuncOpTypes`): its
/// inputs (each to 0, 1 or N types) and results, the arguments of its
/// body's blocks (the entry block's by the converted inputs), then its
/// type through `FunctionOpInterface::set_type`, which updates the
/// argument and result attribute arrays.
pub fn convert_function_signature(rw: &mut ConversionRewriter<'_>, op: OpId) -> LogicalResult {
    let Some(converter) = rw.type_converter() else {
        return Err(rw.notify_match_failure(op, "no type converter"));
    };
    let registry = rw.registry;
    let Some(func) = function_op(registry, rw.ir(), op) else {
        return Err(rw.notify_match_failure(op, "not a FunctionOpInterface"));
    };
    let Some((inputs, results)) = builtin_signature(rw.ctx, rw.ir(), func) else {
        return Err(rw.notify_match_failure(op, "the function type is no FunctionType"));
    };
    let Some(conversion) = converter.signature_conversion(rw.ctx, &inputs) else {
        return Err(rw.notify_match_failure(op, "an input type does not convert"));
    };
    let Some(new_results) = converter.convert_types(rw.ctx, &results) else {
        return Err(rw.notify_match_failure(op, "a result type does not convert"));
    };
    if let Some(body) = func.get_function_body(rw.ir()) {
        if rw.convert_region_types(body, Some(&conversion)).is_none() {
            return Err(rw.notify_match_failure(op, "a block argument type does not convert"));
        }
    }
    let function_type = rw
        .ctx
        .function_type(conversion.converted_types(), &new_results);
    rw.modify_op_in_place(op, |ctx, ir| func.set_type(ctx, ir, function_type));
    Ok(())
}

/// The pattern converting the signature of function ops: those named
/// `root`, or any op implementing `FunctionOpInterface`.
pub struct FunctionSignaturePattern {
    root: Option<String>,
}

impl FunctionSignaturePattern {
    /// The pattern for ops named `root` (`func.func`), upstream's
    /// `populateFunctionOpInterfaceTypeConversionPattern<FuncOp>`.
    pub fn new(root: &str) -> Self {
        FunctionSignaturePattern {
            root: Some(root.to_string()),
        }
    }

    /// The pattern for any op implementing `FunctionOpInterface`,
    /// upstream's `populateAnyFunctionOpInterfaceTypeConversionPattern`.
    pub fn any() -> Self {
        FunctionSignaturePattern { root: None }
    }
}

impl ConversionPattern for FunctionSignaturePattern {
    fn root(&self) -> Option<&str> {
        self.root.as_deref()
    }

    fn name(&self) -> &str {
        "FunctionOpInterfaceSignatureConversion"
    }

    fn match_and_rewrite(
        &self,
        op: OpId,
        _adaptor: &OpAdaptor,
        rw: &mut ConversionRewriter<'_>,
    ) -> LogicalResult {
        convert_function_signature(rw, op)
    }
}
