//! What `ods/FuncOps.ods` leaves to Rust on the generated ops: the builder
//! declared without a body (`FuncOp::build_from_name_type*`), the
//! `hasVerifier` method of `func.return` (`verify_op`), the interface
//! methods (`FunctionOpInterface`'s verifier of `func.func`, the
//! `SymbolUserOpInterface` checks of calls and constants, the
//! `CallOpInterface` methods of the calls and the `CallableOpInterface`
//! methods of `func.func`), `func.func`'s custom
//! form (`parse_assembly` / `print_assembly`, in [`super::format`]), and
//! the helpers the spec's builder bodies call on a `FuncOp`.

use super::*;
use ir::builder::OpBuilder;
use ir::parser::ops::OpAsmParser;
use ir::parser::PResult;
use ir::printer::ops::OpAsmPrinter;
use ir::registry::VerifyError;
use ir::symbols::SymbolTables;
use ir::{
    AttrKind, Attribute, Context, Ir, Location, NamedAttribute, OpId, OperationState, RegionId,
    Type, TypeKind, Value,
};
use ods_runtime::interfaces::CallInterfaceCallable;
use ods_runtime::Op;

impl FuncOp {
    /// A function named `name` of function type `ty`, with discardable
    /// attributes `attrs` and argument attribute dictionaries `arg_attrs`
    /// (one per argument, or none). Its body region is empty: a
    /// declaration until blocks are added.
    pub fn build_from_name_type_attrs_arg_attrs(
        b: &mut OpBuilder<'_>,
        loc: Location,
        name: &str,
        ty: Type,
        attrs: &[(&str, Attribute)],
        arg_attrs: &[Attribute],
    ) -> FuncOp {
        let sym_name = b.ctx.string_attr(name.as_bytes());
        let function_type = b.ctx.type_attr(ty);
        let arg_attrs = (!arg_attrs.is_empty()).then(|| b.ctx.array_attr(arg_attrs));
        let props = ods_runtime::op::build_props(
            b.ctx,
            &[
                ("arg_attrs", arg_attrs),
                ("function_type", Some(function_type)),
                ("sym_name", Some(sym_name)),
            ],
        );
        let discardable: Vec<NamedAttribute> = attrs
            .iter()
            .map(|&(n, value)| NamedAttribute {
                name: b.ctx.ident(n),
                value,
            })
            .collect();
        let attrs = (!discardable.is_empty()).then(|| b.ctx.dictionary_attr(discardable));
        let name = b.ctx.ident(<Self as Op>::NAME);
        let mut state = OperationState::new(name, loc);
        state.props = props;
        state.attrs = attrs;
        state.regions.push(b.ir.create_region());
        FuncOp::from_op_unchecked(b.create(&state))
    }

    /// [`FuncOp::build_from_name_type_attrs_arg_attrs`] without argument
    /// attributes.
    pub fn build_from_name_type_attrs(
        b: &mut OpBuilder<'_>,
        loc: Location,
        name: &str,
        ty: Type,
        attrs: &[(&str, Attribute)],
    ) -> FuncOp {
        Self::build_from_name_type_attrs_arg_attrs(b, loc, name, ty, attrs, &[])
    }

    /// [`FuncOp::build_from_name_type_attrs_arg_attrs`] without attributes.
    pub fn build_from_name_type(
        b: &mut OpBuilder<'_>,
        loc: Location,
        name: &str,
        ty: Type,
    ) -> FuncOp {
        Self::build_from_name_type_attrs_arg_attrs(b, loc, name, ty, &[], &[])
    }

    /// The function's name and result types, for calls to it.
    pub fn name_and_results(self, ctx: &Context, ir: &Ir) -> (String, Vec<Type>) {
        let name = self
            .sym_name_attr(ctx, ir)
            .and_then(|a| match ctx.attr_kind(a) {
                ir::AttrKind::String { value, .. } => {
                    Some(String::from_utf8_lossy(value).into_owned())
                }
                _ => None,
            })
            .unwrap_or_default();
        (name, verify::function_signature(ctx, ir, self.op()).1)
    }

    /// `func.func (visibility)? @name(args) -> results attributes {...} body`
    pub fn parse_assembly(p: &mut OpAsmParser<'_>, state: &mut OperationState) -> PResult<()> {
        format::parse_func_op(p, state)
    }

    /// Prints the form [`FuncOp::parse_assembly`] reads.
    pub fn print_assembly(pr: &mut OpAsmPrinter<'_, '_>, op: OpId) {
        format::print_func_op(pr, op)
    }
}

impl FuncOp {
    /// `FunctionOpInterface`'s verifier (`Symbol`'s runs before it, from
    /// the generated trait): the body's entry block matches the signature,
    /// attribute dictionaries hold dialect attributes.
    pub fn verify_function_op_interface(self, ctx: &Context, ir: &Ir) -> Result<(), VerifyError> {
        verify::verify_func(ctx, ir, self.op())
    }
}

impl CallOp {
    /// `SymbolUserOpInterface`: the callee is a `func.func` of this type.
    pub fn verify_symbol_uses(self, tables: &mut SymbolTables<'_>) -> Result<(), VerifyError> {
        verify::verify_call_symbol_uses(tables, self.op())
    }
}

impl ConstantOp {
    /// `SymbolUserOpInterface`: the value names a `func.func` of the
    /// result's type.
    pub fn verify_symbol_uses(self, tables: &mut SymbolTables<'_>) -> Result<(), VerifyError> {
        verify::verify_constant_symbol_uses(tables, self.op())
    }
}

impl ReturnOp {
    /// The operands match the enclosing function's result types.
    pub fn verify_op(self, ctx: &Context, ir: &Ir) -> Result<(), VerifyError> {
        verify::verify_return(ctx, ir, self.op())
    }
}

impl CallOp {
    /// `CallOpInterface::getCallableForCallee`: the `callee` symbol.
    pub fn get_callable_for_callee(self, ctx: &Context, ir: &Ir) -> Option<CallInterfaceCallable> {
        self.callee_attr(ctx, ir).map(CallInterfaceCallable::Symbol)
    }

    /// `CallOpInterface::getArgOperands`: every operand.
    pub fn get_arg_operands(self, _ctx: &Context, ir: &Ir) -> Vec<Value> {
        ir.operands(self.op()).collect()
    }
}

impl CallIndirectOp {
    /// `CallOpInterface::getCallableForCallee`: the callee operand.
    pub fn get_callable_for_callee(self, _ctx: &Context, ir: &Ir) -> Option<CallInterfaceCallable> {
        (ir.num_operands(self.op()) > 0)
            .then(|| CallInterfaceCallable::Value(ir.operand(self.op(), 0)))
    }

    /// `CallOpInterface::getArgOperands`: the operands after the callee.
    pub fn get_arg_operands(self, _ctx: &Context, ir: &Ir) -> Vec<Value> {
        ir.operands(self.op()).skip(1).collect()
    }
}

impl FuncOp {
    /// `CallableOpInterface::getCallableRegion`: the body, `None` for a
    /// declaration.
    pub fn get_callable_region(self, ir: &Ir) -> Option<RegionId> {
        let body = ir.region(self.op(), 0);
        (!ir.region_is_empty(body)).then_some(body)
    }

    /// `CallableOpInterface::getArgumentTypes`: the inputs of
    /// `function_type` (none when it is missing or not a function type).
    pub fn get_argument_types(self, ctx: &Context, ir: &Ir) -> Vec<Type> {
        self.signature(ctx, ir).0
    }

    /// `CallableOpInterface::getResultTypes`: the results of
    /// `function_type`.
    pub fn get_result_types(self, ctx: &Context, ir: &Ir) -> Vec<Type> {
        self.signature(ctx, ir).1
    }

    /// The inputs and results of `function_type`, without panicking on a
    /// malformed op.
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
