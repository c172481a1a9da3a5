//! Chapter 7: the struct type and the ops that make and read its values.
//!
//! - [`StructType`], `!toy.struct<tensor<*xf64>, !toy.struct<...>>`: a
//!   `#[type_def]` whose one parameter is its element types, each a
//!   tensor or a struct, read and written as upstream's hand-written
//!   `ToyDialect::parseType` / `printType` (upstream keeps the type in a
//!   C++ `TypeStorage`; here the toolkit interns it);
//! - `toy.struct_constant` ([`StructConstantOp`]), a struct literal, and
//!   `toy.struct_access` ([`StructAccessOp`]), one member of a struct,
//!   each with its verifier and fold;
//! - chapter 7's versions of three ops of the earlier chapters: its
//!   `toy.constant` is `ConstantLike` with a fold and shape inference (so
//!   the canonicalizer folds struct accesses of constants into constants
//!   and hoists them), and its `toy.return` and `toy.generic_call` carry
//!   structs as well as tensors (upstream's `Toy_Type`).
//!
//! They belong to [`crate::ToyStructDialect`], the dialect chapter 7
//! registers ([`crate::registry_with_structs`]) in place of chapters 2
//! to 6's [`crate::ToyDialect`]: the ops those chapters have are shared,
//! so a chapter before 7 keeps rejecting what it does not know.

use ods_macros::op;
use ods_runtime::fold::OpFoldResult;
use ods_runtime::ir::builder::OpBuilder;
use ods_runtime::ir::parser::ops::OpAsmParser;
use ods_runtime::ir::parser::{AsmParser, PResult};
use ods_runtime::ir::printer::dialect_asm::AsmPrinter;
use ods_runtime::ir::printer::ops::OpAsmPrinter;
use ods_runtime::ir::printer::print_type_str;
use ods_runtime::ir::{
    AttrKind, Attribute, Context, Ir, Location, OpId, OperationState, Type, TypeKind,
};
use ods_runtime::op::{build_props, inherent_attr};
use ods_runtime::Op;

use crate::format;
use crate::ops::FuncOp;
use crate::ToyStructDialect;

/// Toy struct type
///
/// A fixed list of element types, each a tensor of `f64` or another
/// struct: `!toy.struct<tensor<*xf64>, tensor<2x3xf64>>`.
#[ods_macros::type_def("toy.struct", dialect = ToyStructDialect, hasCustomAssemblyFormat = 1)]
pub struct StructType {
    element_types: Vec<Type>,
}

/// Whether `ty` is a [`StructType`] (the predicate of the ops'
/// `Toy struct type` constraint).
pub fn is_struct(ctx: &Context, ty: Type) -> bool {
    StructType::from_type(ctx, ty).is_some()
}

/// Whether `ty` is a tensor, ranked or not.
fn is_tensor(ctx: &Context, ty: Type) -> bool {
    matches!(
        ctx.type_kind(ty),
        TypeKind::RankedTensor { .. } | TypeKind::UnrankedTensor { .. }
    )
}

impl StructType {
    /// `<` type (`,` type)* `>` after `struct`, every element a tensor or
    /// a struct (upstream's message otherwise, at the element).
    pub(crate) fn parse(p: &mut AsmParser<'_>) -> PResult<Self> {
        p.parse_less()?;
        let mut elements = Vec::new();
        loop {
            let at = p.current_location();
            let element = p.parse_type()?;
            if !is_tensor(p.ctx(), element) && !is_struct(p.ctx(), element) {
                let shown = print_type_str(p.ctx(), element);
                return p.emit_error(
                    at,
                    format!(
                        "element type for a struct must either be a TensorType or a StructType, got: '{shown}'"
                    ),
                );
            }
            elements.push(element);
            if !p.parse_optional_comma() {
                break;
            }
        }
        p.parse_greater()?;
        Ok(StructType::get(p.ctx(), elements))
    }

    /// Prints what [`StructType::parse`] reads.
    pub(crate) fn print(self, p: &mut AsmPrinter<'_, '_>) {
        let elements = self.element_types(p.ctx());
        p.print_str("<");
        for (i, &element) in elements.iter().enumerate() {
            if i > 0 {
                p.print_str(", ");
            }
            p.print_type(element);
        }
        p.print_str(">");
    }
}

/// What chapter 7's dialect reads for a type mnemonic other than
/// `struct`, or for a text with no mnemonic (`!toy<1>`): upstream's
/// `parseType` asks for the keyword `struct` first, so that is its
/// message, at the mnemonic (where the text starts).
pub(crate) fn parse_unknown_type(
    p: &mut AsmParser<'_>,
    _mnemonic: &str,
    at: ods_runtime::ir::parser::AsmLoc,
) -> PResult<Type> {
    p.emit_error(at, "expected 'struct'")
}

/// constant
///
/// Chapter 7's `toy.constant`: chapter 2's op, also `ConstantLike` with a
/// fold (its value) and shape inference (a constant the folder made with
/// an unranked type takes its literal's).
#[op(
    "toy.constant", dialect = ToyStructDialect,
    traits = [ConstantLike, Pure, crate::shapes::ShapeInferenceOpInterface],
    hasCustomAssemblyFormat = 1, hasVerifier = 1, hasFolder = 1
)]
pub struct FoldingConstantOp {
    /// The tensor literal.
    value: F64ElementsAttr,
    #[result]
    output: F64Tensor,
}

impl FoldingConstantOp {
    /// `attr-dict? dense<...> : tensor<...>`, as chapter 2's.
    pub fn parse_assembly(p: &mut OpAsmParser<'_>, state: &mut OperationState) -> PResult<()> {
        format::parse_constant(p, state)
    }

    /// Prints the form [`FoldingConstantOp::parse_assembly`] reads.
    pub fn print_assembly(pr: &mut OpAsmPrinter<'_, '_>, op: OpId) {
        format::print_constant(pr, op)
    }

    /// Upstream's `verifyConstantForType` on the result.
    pub fn verify_op(self, ctx: &Context, ir: &Ir) -> Result<(), ods_runtime::VerifyError> {
        verify_constant(ctx, ir, self.op())
    }

    /// A constant folds to its value.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        _operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        inherent_attr(ctx, ir, self.op(), "value").map(OpFoldResult::Attribute)
    }

    /// The result takes the literal's type.
    pub fn infer_shapes(self, ctx: &mut Context, ir: &mut Ir) {
        let value = inherent_attr(ctx, ir, self.op(), "value");
        if let Some(ty) = value.and_then(|v| ods_runtime::pred::attr_type(ctx, v)) {
            ir.set_value_type(ir.result(self.op(), 0), ty);
        }
    }
}

/// struct constant
///
/// A struct literal: an array of the members' values, elements literals
/// or arrays of nested structs:
/// `toy.struct_constant [dense<1.0> : tensor<f64>] : !toy.struct<tensor<*xf64>>`.
#[op(
    "toy.struct_constant", dialect = ToyStructDialect,
    traits = [ConstantLike, Pure],
    hasVerifier = 1, hasFolder = 1,
    assemblyFormat = "$value attr-dict `:` type($output)"
)]
pub struct StructConstantOp {
    value: ArrayAttr,
    #[result(Type<CPred<"crate::struct_type::is_struct($_ctxt, $_self)">, "Toy struct type">)]
    output: _,
}

impl StructConstantOp {
    /// Upstream's `verifyConstantForType` on the result.
    pub fn verify_op(self, ctx: &Context, ir: &Ir) -> Result<(), ods_runtime::VerifyError> {
        verify_constant(ctx, ir, self.op())
    }

    /// A struct constant folds to its value.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        _operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        inherent_attr(ctx, ir, self.op(), "value").map(OpFoldResult::Attribute)
    }
}

/// struct access
///
/// Member `index` of a struct: `toy.struct_access %0[1] : !toy.struct<...> -> tensor<*xf64>`.
#[op(
    "toy.struct_access", dialect = ToyStructDialect,
    traits = [Pure],
    hasVerifier = 1, hasFolder = 1,
    assemblyFormat = "$input `[` $index `]` attr-dict `:` type($input) `->` type($output)"
)]
pub struct StructAccessOp {
    #[arg(Type<CPred<"crate::struct_type::is_struct($_ctxt, $_self)">, "Toy struct type">)]
    input: _,
    index: I64Attr,
    #[result(AnyTypeOf<[F64Tensor, Type<CPred<"crate::struct_type::is_struct($_ctxt, $_self)">, "Toy struct type">]>)]
    output: _,
}

impl StructAccessOp {
    /// Upstream's builder: member `index` of `input`, a struct value, its
    /// result the member's type (`None` when `input` is not a struct or
    /// has no such member).
    pub fn build_member(
        b: &mut OpBuilder<'_>,
        loc: Location,
        input: ods_runtime::ir::Value,
        index: usize,
    ) -> Option<OpId> {
        let ty = b.ir.value_type(input);
        let members = StructType::from_type(b.ctx, ty)?.element_types(b.ctx);
        let result = *members.get(index)?;
        let i64_type = b
            .ctx
            .integer_type(64, ods_runtime::ir::Signedness::Signless);
        let index = b.ctx.integer_attr(i64_type, index as i128);
        let props = build_props(b.ctx, &[("index", Some(index))]);
        Some(b.create_op(
            "toy.struct_access",
            loc,
            &[input],
            &[result],
            None,
            props,
            0,
        ))
    }

    /// The index names a member, and the result has that member's type.
    pub fn verify_op(self, ctx: &Context, ir: &Ir) -> Result<(), ods_runtime::VerifyError> {
        let op = self.op();
        let input = ir.value_type(ir.operand(op, 0));
        let Some(members) = StructType::from_type(ctx, input).map(|s| s.element_types(ctx)) else {
            return Ok(());
        };
        let index = member_index(ctx, ir, op);
        let Some(&member) = index.and_then(|i| members.get(i)) else {
            return Err(ods_runtime::VerifyError::op_error(
                "index should be within the range of the input struct type",
            ));
        };
        if ir.value_type(ir.result(op, 0)) != member {
            return Err(ods_runtime::VerifyError::op_error(
                "must have the same result type as the struct element referred to by the index",
            ));
        }
        Ok(())
    }

    /// Member `index` of a constant struct is that member's value.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        let structure = operands.first().copied().flatten()?;
        let AttrKind::Array(members) = ctx.attr_kind(structure) else {
            return None;
        };
        let index = member_index(ctx, ir, self.op())?;
        members.get(index).copied().map(OpFoldResult::Attribute)
    }
}

/// The `index` attribute of a `toy.struct_access`, when it is a
/// non-negative integer.
fn member_index(ctx: &Context, ir: &Ir, op: OpId) -> Option<usize> {
    let index = inherent_attr(ctx, ir, op, "index")?;
    match ctx.attr_kind(index) {
        AttrKind::Integer { value, .. } => usize::try_from(value.as_i64()?).ok(),
        _ => None,
    }
}

/// Upstream's `verifyConstantForType`: a tensor result holds dense
/// `f64` elements of its shape (when ranked), a struct result an array
/// with one valid value per member.
fn verify_constant(ctx: &Context, ir: &Ir, op: OpId) -> Result<(), ods_runtime::VerifyError> {
    let ty = ir.value_type(ir.result(op, 0));
    let Some(value) = inherent_attr(ctx, ir, op, "value") else {
        return Ok(());
    };
    crate::verify::verify_constant_for_type(ctx, ty, value)
}

/// return operation
///
/// Chapter 7's `toy.return`: chapter 2's, returning a tensor or a
/// struct.
#[op("toy.return", dialect = ToyStructDialect,
     traits = [Pure, HasParent<"FuncOp">, Terminator], hasVerifier = 1,
     assemblyFormat = "($input^ `:` type($input))? attr-dict")]
pub struct StructReturnOp {
    #[arg(Variadic<AnyTypeOf<[F64Tensor, Type<CPred<"crate::struct_type::is_struct($_ctxt, $_self)">, "Toy struct type">]>>)]
    input: _,
}

impl StructReturnOp {
    /// Chapter 2's checks.
    pub fn verify_op(self, ctx: &Context, ir: &Ir) -> Result<(), ods_runtime::VerifyError> {
        crate::verify::verify_return(ctx, ir, self.op())
    }
}

/// generic call operation
///
/// Chapter 7's `toy.generic_call`: chapter 2's, its arguments and result
/// tensors or structs.
#[op(
    "toy.generic_call", dialect = ToyStructDialect,
    traits = [DeclareOpInterfaceMethods<CallOpInterface>],
    assemblyFormat = "$callee `(` $inputs `)` attr-dict `:` functional-type($inputs, results)"
)]
pub struct StructGenericCallOp {
    callee: FlatSymbolRefAttr,
    #[arg(Variadic<AnyTypeOf<[F64Tensor, Type<CPred<"crate::struct_type::is_struct($_ctxt, $_self)">, "Toy struct type">]>>)]
    inputs: _,
    arg_attrs: OptionalAttr<DictArrayAttr>,
    res_attrs: OptionalAttr<DictArrayAttr>,
    #[result(AnyTypeOf<[F64Tensor, Type<CPred<"crate::struct_type::is_struct($_ctxt, $_self)">, "Toy struct type">]>)]
    output: _,
}

impl StructGenericCallOp {
    /// `CallOpInterface::getCallableForCallee`: the `callee` symbol.
    pub fn get_callable_for_callee(
        self,
        ctx: &Context,
        ir: &Ir,
    ) -> Option<ods_runtime::interfaces::CallInterfaceCallable> {
        self.callee_attr(ctx, ir)
            .map(ods_runtime::interfaces::CallInterfaceCallable::Symbol)
    }

    /// `CallOpInterface::getArgOperands`: the `inputs`.
    pub fn get_arg_operands(self, _ctx: &Context, ir: &Ir) -> Vec<ods_runtime::ir::Value> {
        ir.operands(self.op()).collect()
    }
}

/// The dialect's constant materializer (upstream's
/// `ToyDialect::materializeConstant`): a struct constant for a struct
/// type, else a `toy.constant`.
pub(crate) fn materialize_constant(
    b: &mut OpBuilder<'_>,
    value: Attribute,
    ty: Type,
    loc: Location,
) -> Option<OpId> {
    let name = if is_struct(b.ctx, ty) {
        matches!(b.ctx.attr_kind(value), AttrKind::Array(_)).then_some("toy.struct_constant")?
    } else {
        matches!(b.ctx.attr_kind(value), AttrKind::DenseElements { .. })
            .then_some("toy.constant")?
    };
    let props = build_props(b.ctx, &[("value", Some(value))]);
    Some(b.create_op(name, loc, &[], &[ty], None, props, 0))
}

#[cfg(test)]
mod tests {
    use super::*;
    use ods_runtime::ir::FloatKind;

    /// Upstream's `parseType` reads the keyword `struct` first: a type
    /// with another mnemonic or none says so, at the mnemonic or where the
    /// text starts.
    #[test]
    fn a_toy_type_without_struct_expects_it() {
        use ods_runtime::ir::parser::ops::parse_source;
        use ods_runtime::ir::{DiagLoc, SourceFile};
        for (ty, col) in [
            ("!toy<1>", 28),
            ("!toy<>", 28),
            ("!toy< x>", 29),
            ("!toy.pair<f64>", 28),
        ] {
            let mut ctx = Context::new();
            let reg = crate::registry_with_structs(&mut ctx);
            let text = format!("toy.func @main(%arg0: {ty}) {{\n  toy.return\n}}\n");
            let file = SourceFile::new("t.mlir", text.into_bytes());
            let err = parse_source(&mut ctx, &reg, &file).unwrap_err();
            assert_eq!(err.message, "expected 'struct'", "{ty}");
            let DiagLoc::FileLineCol { line, col: at, .. } = err.loc else {
                panic!("{ty}: no place");
            };
            assert_eq!((line, at), (1, col), "{ty}");
        }
    }

    #[test]
    fn struct_types_are_interned_and_print_as_upstream() {
        let mut ctx = Context::new();
        let _reg = crate::registry_with_structs(&mut ctx);
        let f64t = ctx.float_type(FloatKind::F64);
        let tensor = ctx.unranked_tensor_type(f64t);
        let inner: Type = StructType::get(&mut ctx, vec![tensor]).into();
        let outer: Type = StructType::get(&mut ctx, vec![tensor, inner]).into();
        assert_eq!(
            outer,
            Type::from(StructType::get(&mut ctx, vec![tensor, inner]))
        );
        assert!(is_struct(&ctx, outer) && !is_struct(&ctx, tensor));
        assert_eq!(
            print_type_str(&ctx, outer),
            "!toy.struct<tensor<*xf64>, !toy.struct<tensor<*xf64>>>"
        );
    }
}
