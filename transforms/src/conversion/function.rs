//! Converting the signature of function-like ops (`func.func` and the
//! like), which upstream does through `FunctionOpInterface`.
//!
//! Our runtime has no `FunctionOpInterface` table with methods yet, so the
//! interface is the minimal one every upstream function op has in common:
//! a `function_type` inherent attribute holding a function type, and the
//! body as region 0. [`FunctionSignaturePattern`] is upstream's
//! `populateFunctionOpInterfaceTypeConversionPattern` over it.

use super::pattern::{ConversionPattern, OpAdaptor};
use super::rewriter::{ConversionRewriter, LogicalResult};
use super::type_converter::TypeConverter;
use ir::{AttrKind, Context, Ir, OpId, Type, TypeKind};

/// The inputs and results of `op`'s `function_type`, when it has one.
pub fn function_signature(ctx: &Context, ir: &Ir, op: OpId) -> Option<(Vec<Type>, Vec<Type>)> {
    let attr = ods_runtime::op::inherent_attr(ctx, ir, op, "function_type")?;
    let AttrKind::Type(ty) = ctx.attr_kind(attr) else {
        return None;
    };
    match ctx.type_kind(*ty) {
        TypeKind::Function { inputs, results } => Some((inputs.to_vec(), results.to_vec())),
        _ => None,
    }
}

/// Whether `op`'s signature and the argument types of its body's blocks
/// are all legal for `converter` (what a target asks of a function op in
/// `add_dynamically_legal_op`).
pub fn is_function_legal(converter: &TypeConverter, ctx: &mut Context, ir: &Ir, op: OpId) -> bool {
    let Some((inputs, results)) = function_signature(ctx, ir, op) else {
        return false;
    };
    if !converter.are_legal(ctx, &inputs) || !converter.are_legal(ctx, &results) {
        return false;
    }
    ir.regions(op).iter().all(|&r| {
        ir.region_blocks(r).all(|b| {
            let types: Vec<Type> = ir.arguments(b).map(|v| ir.value_type(v)).collect();
            converter.are_legal(ctx, &types)
        })
    })
}

/// Converts the signature of function-like `op` in place with the
/// rewriter's type converter: its `function_type`, and the arguments of
/// its body's blocks (the entry block's by the converted inputs).
pub fn convert_function_signature(rw: &mut ConversionRewriter<'_>, op: OpId) -> LogicalResult {
    let Some(converter) = rw.type_converter() else {
        return Err(rw.notify_match_failure(op, "no type converter"));
    };
    let Some((inputs, results)) = function_signature(rw.ctx, rw.ir(), op) else {
        return Err(rw.notify_match_failure(op, "not a function-like op"));
    };
    let Some(conversion) = converter.signature_conversion(rw.ctx, &inputs) else {
        return Err(rw.notify_match_failure(op, "an input type does not convert"));
    };
    let Some(new_results) = converter.convert_types(rw.ctx, &results) else {
        return Err(rw.notify_match_failure(op, "a result type does not convert"));
    };
    let function_type = rw
        .ctx
        .function_type(conversion.converted_types(), &new_results);
    let attr = rw.ctx.type_attr(function_type);
    if rw.ir().num_regions(op) > 0 {
        let body = rw.ir().region(op, 0);
        if rw.convert_region_types(body, Some(&conversion)).is_none() {
            return Err(rw.notify_match_failure(op, "a block argument type does not convert"));
        }
    }
    rw.set_inherent_attr(op, "function_type", Some(attr));
    Ok(())
}

/// The pattern converting the signature of ops named `root` (upstream's
/// function op interface type conversion pattern).
pub struct FunctionSignaturePattern {
    root: String,
}

impl FunctionSignaturePattern {
    /// The pattern for ops named `root` (`func.func`).
    pub fn new(root: &str) -> Self {
        FunctionSignaturePattern {
            root: root.to_string(),
        }
    }
}

impl ConversionPattern for FunctionSignaturePattern {
    fn root(&self) -> Option<&str> {
        Some(&self.root)
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
