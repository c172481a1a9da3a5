//! The LLVM dialect's checks of its attributes on the arguments and
//! results of function-like ops, `llvm.func` and `func.func` alike
//! (upstream's `LLVMDialect::verifyRegionArgAttribute`,
//! `verifyRegionResultAttribute` and `verifyParameterAttribute`, declared
//! by `hasRegionArgAttrVerify` / `hasRegionResultAttrVerify`).
//!
//! Each attribute the dialect knows is checked for its kind of value (a
//! unit, a type or an integer) and, when the parameter's type is one of
//! LLVM IR's, for the kind of parameter it belongs to (a pointer, an
//! integer). Attributes it does not know pass. The errors are the op's,
//! without the `'op' op` prefix, as upstream's `op->emitError()`.

use ods_runtime::ir::{AttrKind, Context, Ir, NamedAttribute, OpId, Type, TypeKind};
use ods_runtime::op::inherent_attr;
use ods_runtime::VerifyError;

use crate::pred::{is_compatible_type, is_pointer, is_void};
use crate::{LLVMFunctionType, LlvmDialect};

/// Unit attributes of pointer parameters.
const POINTER_UNITS: &[&str] = &[
    "llvm.noalias",
    "llvm.readonly",
    "llvm.readnone",
    "llvm.writeonly",
    "llvm.nest",
    "llvm.nocapture",
    "llvm.nofree",
    "llvm.nonnull",
];

/// Type attributes of pointer parameters.
const POINTER_TYPES: &[&str] = &[
    "llvm.sret",
    "llvm.byval",
    "llvm.byref",
    "llvm.elementtype",
    "llvm.inalloca",
    "llvm.preallocated",
];

/// Unit attributes of integer parameters.
const INTEGER_UNITS: &[&str] = &["llvm.signext", "llvm.zeroext"];

/// Integer attributes of pointer parameters.
const POINTER_INTEGERS: &[&str] = &[
    "llvm.align",
    "llvm.dereferenceable",
    "llvm.dereferenceable_or_null",
];

/// Unit attributes of parameters of any type.
const ANY_UNITS: &[&str] = &["llvm.noundef", "llvm.inreg", "llvm.returned"];

/// Argument attributes a result may not have.
const NOT_ON_RESULTS: &[&str] = &[
    "llvm.allocalign",
    "llvm.allocptr",
    "llvm.byval",
    "llvm.byref",
    "llvm.inalloca",
    "llvm.nest",
    "llvm.nocapture",
    "llvm.nofree",
    "llvm.preallocated",
    "llvm.readnone",
    "llvm.readonly",
    "llvm.returned",
    "llvm.alignstack",
    "llvm.sret",
    "llvm.writeonly",
];

/// What a known attribute's value must be.
#[derive(Clone, Copy)]
enum ValueKind {
    Unit,
    Type,
    Integer,
}

/// What a known attribute's parameter must be, when its type is LLVM's.
#[derive(Clone, Copy)]
enum ParamKind {
    Pointer,
    Integer,
    Any,
}

/// The rule of attribute `name`, `None` for one the dialect does not check.
fn rule(name: &str) -> Option<(ValueKind, ParamKind)> {
    let has = |list: &[&str]| list.contains(&name);
    Some(if has(POINTER_UNITS) {
        (ValueKind::Unit, ParamKind::Pointer)
    } else if has(POINTER_TYPES) {
        (ValueKind::Type, ParamKind::Pointer)
    } else if has(INTEGER_UNITS) {
        (ValueKind::Unit, ParamKind::Integer)
    } else if has(POINTER_INTEGERS) {
        (ValueKind::Integer, ParamKind::Pointer)
    } else if name == "llvm.alignstack" {
        (ValueKind::Integer, ParamKind::Any)
    } else if has(ANY_UNITS) {
        (ValueKind::Unit, ParamKind::Any)
    } else {
        return None;
    })
}

/// `verifyParameterAttribute`: `attr` on a parameter of type `ty` (`None`
/// when the op's signature does not say).
fn verify_parameter(
    ctx: &Context,
    ty: Option<Type>,
    attr: NamedAttribute,
) -> Result<(), VerifyError> {
    let name = ctx.str(attr.name);
    let Some((value, param)) = rule(name) else {
        return Ok(());
    };
    let (ok, should_be) = match (value, ctx.attr_kind(attr.value)) {
        (ValueKind::Unit, AttrKind::Unit) => (true, ""),
        (ValueKind::Unit, _) => (false, "a unit"),
        (ValueKind::Type, AttrKind::Type(_)) => (true, ""),
        (ValueKind::Type, _) => (false, "a type"),
        (ValueKind::Integer, AttrKind::Integer { .. }) => (true, ""),
        (ValueKind::Integer, _) => (false, "an integer"),
    };
    if !ok {
        return Err(VerifyError::new(format!(
            "\"{name}\" should be {should_be} attribute"
        )));
    }
    // A parameter of a type LLVM IR lacks (not yet converted) is not
    // checked further.
    let Some(ty) = ty.filter(|&t| is_compatible_type(ctx, t)) else {
        return Ok(());
    };
    let wrong = match param {
        ParamKind::Pointer => (!is_pointer(ctx, ty)).then_some("non-pointer"),
        ParamKind::Integer => {
            (!matches!(ctx.type_kind(ty), TypeKind::Integer { .. })).then_some("non-integer")
        }
        ParamKind::Any => None,
    };
    match wrong {
        Some(what) => Err(VerifyError::new(format!(
            "\"{name}\" attribute attached to {what} LLVM type"
        ))),
        None => Ok(()),
    }
}

/// The argument (`results` false) or result types of a function-like op,
/// from its `function_type`: an `!llvm.func` (whose `void` result is no
/// result) or a builtin function type. `None` for anything else.
fn signature(ctx: &Context, ir: &Ir, op: OpId, results: bool) -> Option<Vec<Type>> {
    let ty = inherent_attr(ctx, ir, op, "function_type")
        .and_then(|a| ods_runtime::pred::type_attr_value(ctx, a))?;
    if let Some(f) = LLVMFunctionType::from_type(ctx, ty) {
        return Some(match results {
            false => f.params(ctx).to_vec(),
            true => {
                let ret = f.return_type(ctx);
                if is_void(ctx, ret) {
                    Vec::new()
                } else {
                    vec![ret]
                }
            }
        });
    }
    match ctx.type_kind(ty) {
        TypeKind::Function {
            inputs,
            results: outs,
        } => Some(match results {
            false => inputs.to_vec(),
            true => outs.to_vec(),
        }),
        _ => None,
    }
}

impl LlvmDialect {
    /// An `llvm.*` attribute of argument `arg` of a function-like op.
    pub fn verify_region_arg_attribute(
        ctx: &Context,
        ir: &Ir,
        op: OpId,
        _region: usize,
        arg: usize,
        attr: NamedAttribute,
    ) -> Result<(), VerifyError> {
        let ty = signature(ctx, ir, op, false).and_then(|s| s.get(arg).copied());
        verify_parameter(ctx, ty, attr)
    }

    /// An `llvm.*` attribute of result `result` of a function-like op:
    /// the attributes only arguments have are errors here.
    pub fn verify_region_result_attribute(
        ctx: &Context,
        ir: &Ir,
        op: OpId,
        _region: usize,
        result: usize,
        attr: NamedAttribute,
    ) -> Result<(), VerifyError> {
        let ty = signature(ctx, ir, op, true).and_then(|s| s.get(result).copied());
        if ty.is_some_and(|t| is_void(ctx, t)) {
            return Err(VerifyError::new(
                "cannot attach result attributes to functions with a void return",
            ));
        }
        let name = ctx.str(attr.name);
        if NOT_ON_RESULTS.contains(&name) {
            return Err(VerifyError::new(format!(
                "\"{name}\" is not a valid result attribute"
            )));
        }
        verify_parameter(ctx, ty, attr)
    }
}
