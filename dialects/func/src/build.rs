//! Helpers the builder bodies in `ods/FuncOps.ods` call: every
//! `func.call` builder form ends in [`fill_call_state`], and
//! [`signature_of`] gives a call's expected callee type.
//!
//! In: the builder's arguments and the state being built. Out: the state
//! filled (operands, result types, the `callee` property).

use ir::{Attribute, Context, Ir, OpId, OperationState, Type, Value};
use ods_runtime::op::build_props;

/// A `func.call` of the function named `callee` (a flat symbol).
pub fn fill_call_state(
    ctx: &mut Context,
    state: &mut OperationState,
    callee: &str,
    results: &[Type],
    operands: &[Value],
) {
    let callee = ods_runtime::attr::flat_symbol_ref(ctx, callee);
    fill_call_state_with_ref(ctx, state, callee, results, operands);
}

/// A `func.call` of `callee`, a symbol reference attribute.
pub fn fill_call_state_with_ref(
    ctx: &mut Context,
    state: &mut OperationState,
    callee: Attribute,
    results: &[Type],
    operands: &[Value],
) {
    state.operands.extend_from_slice(operands);
    state.result_types.extend_from_slice(results);
    state.props = build_props(ctx, &[("callee", Some(callee))]);
}

/// The function type a call `op` expects of its callee: its operand types
/// to its result types.
pub fn signature_of(ctx: &mut Context, ir: &Ir, op: OpId) -> Type {
    let inputs: Vec<Type> = ir.operands(op).map(|v| ir.value_type(v)).collect();
    let results: Vec<Type> = ir.results(op).map(|v| ir.value_type(v)).collect();
    ctx.function_type(&inputs, &results)
}

/// The transforms of `func.call_indirect`'s `TypesMatchWith` traits
/// (upstream's `cast<FunctionType>($_self).getInputs()` and
/// `getResults()`): the list of the callee's function type (empty for a
/// callee that is no function), from the `&mut Context` and callee type of
/// a generated parser or the `&Context` and optional callee type of the
/// verifier, which compares it with the operands' or results' types.
pub fn callee_inputs<C: CalleeTypes<T>, T>(ctx: C, callee: T) -> C::Out {
    ctx.callee_types(callee, false)
}

/// See [`callee_inputs`].
pub fn callee_results<C: CalleeTypes<T>, T>(ctx: C, callee: T) -> C::Out {
    ctx.callee_types(callee, true)
}

/// See [`callee_inputs`].
pub trait CalleeTypes<T> {
    /// The list.
    type Out;
    /// The inputs (`results = false`) or results of the callee's type.
    fn callee_types(self, callee: T, results: bool) -> Self::Out;
}

impl CalleeTypes<Type> for &mut Context {
    type Out = Vec<Type>;
    fn callee_types(self, callee: Type, results: bool) -> Vec<Type> {
        function_type_part(self, Some(callee), results)
    }
}

impl CalleeTypes<Option<Type>> for &Context {
    type Out = Vec<Type>;
    fn callee_types(self, callee: Option<Type>, results: bool) -> Vec<Type> {
        function_type_part(self, callee, results)
    }
}

/// The inputs (`results = false`) or results of a function type; none for
/// another type or none at all.
fn function_type_part(ctx: &Context, callee: Option<Type>, results: bool) -> Vec<Type> {
    match callee.map(|t| ctx.type_kind(t)) {
        Some(ir::TypeKind::Function {
            inputs,
            results: outs,
        }) => {
            if results {
                outs.to_vec()
            } else {
                inputs.to_vec()
            }
        }
        _ => Vec::new(),
    }
}
