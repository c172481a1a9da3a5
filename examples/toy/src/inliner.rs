//! Chapter 4's inlining support: the interfaces that let MLIR's inliner
//! see Toy's calls and functions (`CallOpInterface` on
//! `toy.generic_call`, `CallableOpInterface` and `Symbol` through
//! `FunctionOpInterface` on `toy.func`), `toy.cast`'s `CastOpInterface`,
//! and the dialect's inliner hooks (upstream's `ToyInlinerInterface`):
//! every call, op and region of Toy may be inlined; an inlined
//! `toy.return` hands its operands to the call's results; where a call's
//! argument type differs from the callee's, a `toy.cast` converts it.
//!
//! In: the registry Toy is registered in ([`register`]). Out: the hooks
//! `--inline` asks.

use ods_runtime::interfaces::CallInterfaceCallable;
use ods_runtime::ir::builder::OpBuilder;
use ods_runtime::ir::{
    AttrKind, Context, Ir, Location, OpId, RegionId, Registry, Type, TypeKind, Value,
};
use ods_runtime::Op;
use ods_transforms::inliner::{interface, DialectInliner};

use crate::ops::{CastOp, FuncOp, GenericCallOp};

impl GenericCallOp {
    /// `CallOpInterface::getCallableForCallee`: the `callee` symbol.
    pub fn get_callable_for_callee(self, ctx: &Context, ir: &Ir) -> Option<CallInterfaceCallable> {
        self.callee_attr(ctx, ir).map(CallInterfaceCallable::Symbol)
    }

    /// `CallOpInterface::getArgOperands`: the `inputs`.
    pub fn get_arg_operands(self, _ctx: &Context, ir: &Ir) -> Vec<Value> {
        ir.operands(self.op()).collect()
    }
}

impl FuncOp {
    /// `CallableOpInterface::getCallableRegion`: the body, `None` for a
    /// function without one.
    pub fn get_callable_region(self, ir: &Ir) -> Option<RegionId> {
        let body = ir.region(self.op(), 0);
        (!ir.region_is_empty(body)).then_some(body)
    }

    /// `CallableOpInterface::getArgumentTypes`: the inputs of
    /// `function_type`.
    pub fn get_argument_types(self, ctx: &Context, ir: &Ir) -> Vec<Type> {
        self.signature(ctx, ir).0
    }

    /// `CallableOpInterface::getResultTypes`: the results of
    /// `function_type`.
    pub fn get_result_types(self, ctx: &Context, ir: &Ir) -> Vec<Type> {
        self.signature(ctx, ir).1
    }

    /// `Symbol::isDeclaration`: a function without a body.
    pub fn is_declaration(self, _ctx: &Context, ir: &Ir) -> bool {
        self.get_callable_region(ir).is_none()
    }

    /// The inputs and results of `function_type` (none on a malformed op).
    fn signature(self, ctx: &Context, ir: &Ir) -> (Vec<Type>, Vec<Type>) {
        let ty = self
            .function_type_attr(ctx, ir)
            .and_then(|a| match ctx.attr_kind(a) {
                AttrKind::Type(t) => Some(*t),
                _ => None,
            });
        match ty.map(|t| ctx.type_kind(t)) {
            Some(TypeKind::Function { inputs, results }) => (inputs.to_vec(), results.to_vec()),
            _ => (Vec::new(), Vec::new()),
        }
    }
}

impl CastOp {
    /// `CastOpInterface::areCastCompatible`: one tensor to one tensor of
    /// the same element type, of the same shape when both are ranked.
    pub fn are_cast_compatible(ctx: &Context, inputs: &[Type], outputs: &[Type]) -> bool {
        let ([input], [output]) = (inputs, outputs) else {
            return false;
        };
        let element = |t: Type| match ctx.type_kind(t) {
            TypeKind::RankedTensor { element, .. } => Some((*element, true)),
            TypeKind::UnrankedTensor { element } => Some((*element, false)),
            _ => None,
        };
        let (Some((a, a_ranked)), Some((b, b_ranked))) = (element(*input), element(*output)) else {
            return false;
        };
        a == b && (!a_ranked || !b_ranked || input == output)
    }

    /// The result has the input's type.
    pub fn infer_shapes(self, ctx: &mut Context, ir: &mut Ir) {
        let ty = ir.value_type(self.input(ctx, ir));
        ir.set_value_type(self.output(ctx, ir), ty);
    }
}

/// Registers Toy's inliner hooks with `registry` (upstream's
/// `addInterfaces<ToyInlinerInterface>()`).
pub fn register(registry: &mut Registry) {
    interface::register(
        registry,
        "toy",
        DialectInliner {
            call_legal: interface::any_call,
            region_legal: interface::any_region,
            value_terminator: Some(replace_with_returned),
            call_conversion: Some(cast_to),
            ..DialectInliner::OPS_LEGAL
        },
    );
}

/// An inlined `toy.return`: its operands replace the call's results.
fn replace_with_returned(ctx: &Context, ir: &mut Ir, op: OpId, values: &[Value]) {
    if ctx.str(ir.op_name(op)) != "toy.return" {
        return;
    }
    let returned: Vec<Value> = ir.operands(op).collect();
    for (&old, &new) in values.iter().zip(&returned) {
        ir.replace_all_uses(old, new);
    }
}

/// `materializeCallConversion`: `toy.cast` of `value` to `ty`.
fn cast_to(b: &mut OpBuilder<'_>, value: Value, ty: Type, loc: Location) -> Option<OpId> {
    Some(b.create_op("toy.cast", loc, &[value], &[ty], None, None, 0))
}
