//! The Toy ops as `#[op]` structs: one field per operand, attribute,
//! result or region, typed by its ODS constraint. The values, traits and
//! declarative formats follow the tutorial's `Ops.td`; the ops it gives a
//! C++ parser and printer set `hasCustomAssemblyFormat` and call
//! [`crate::format`]. Each names its dialect (`dialect = ToyDialect`),
//! so leaving one out of the dialect's `ops = [...]` is a compile error.

use ods_macros::op;
use ods_runtime::ir::parser::ops::OpAsmParser;
use ods_runtime::ir::parser::PResult;
use ods_runtime::ir::printer::ops::OpAsmPrinter;
// `Context` and `Ir` are named by the signature of
// `ShapeInferenceOpInterface`, which `toy.add`, `toy.mul` and
// `toy.transpose` implement here.
use ods_runtime::ir::{Context, Ir, OpId, OperationState};

use crate::format;
use crate::ToyDialect;

/// constant
///
/// Turns a literal into an SSA value; the data is the `value` attribute:
/// `%0 = toy.constant dense<[1.0, 2.0]> : tensor<2xf64>`.
#[op("toy.constant", dialect = ToyDialect, traits = [Pure], hasCustomAssemblyFormat = 1, hasVerifier = 1)]
pub struct ConstantOp {
    /// The tensor literal.
    value: F64ElementsAttr,
    #[result]
    output: F64Tensor,
}

impl ConstantOp {
    /// `attr-dict? dense<...> : tensor<...>`: the result type is the
    /// literal's.
    pub fn parse_assembly(p: &mut OpAsmParser<'_>, state: &mut OperationState) -> PResult<()> {
        format::parse_constant(p, state)
    }

    /// Prints the form [`ConstantOp::parse_assembly`] reads.
    pub fn print_assembly(pr: &mut OpAsmPrinter<'_, '_>, op: OpId) {
        format::print_constant(pr, op)
    }
}

/// element-wise addition operation
///
/// Adds two tensors element by element; their shapes are expected to
/// match.
#[op("toy.add", dialect = ToyDialect, traits = [Pure, crate::shapes::ShapeInferenceOpInterface],
     hasCustomAssemblyFormat = 1)]
pub struct AddOp {
    lhs: F64Tensor,
    rhs: F64Tensor,
    #[result]
    output: F64Tensor,
}

impl AddOp {
    /// `%a, %b : T` or `%a, %b : (T, U) -> V`.
    pub fn parse_assembly(p: &mut OpAsmParser<'_>, state: &mut OperationState) -> PResult<()> {
        format::parse_binary_op(p, state)
    }

    /// Prints the form [`AddOp::parse_assembly`] reads.
    pub fn print_assembly(pr: &mut OpAsmPrinter<'_, '_>, op: OpId) {
        format::print_binary_op(pr, op)
    }
}

/// element-wise multiplication operation
///
/// Multiplies two tensors element by element; their shapes are expected
/// to match.
#[op("toy.mul", dialect = ToyDialect, traits = [Pure, crate::shapes::ShapeInferenceOpInterface],
     hasCustomAssemblyFormat = 1)]
pub struct MulOp {
    lhs: F64Tensor,
    rhs: F64Tensor,
    #[result]
    output: F64Tensor,
}

impl MulOp {
    /// `%a, %b : T` or `%a, %b : (T, U) -> V`.
    pub fn parse_assembly(p: &mut OpAsmParser<'_>, state: &mut OperationState) -> PResult<()> {
        format::parse_binary_op(p, state)
    }

    /// Prints the form [`MulOp::parse_assembly`] reads.
    pub fn print_assembly(pr: &mut OpAsmPrinter<'_, '_>, op: OpId) {
        format::print_binary_op(pr, op)
    }
}

/// transpose operation
#[op(
    "toy.transpose", dialect = ToyDialect,
    traits = [Pure, crate::shapes::ShapeInferenceOpInterface],
    hasVerifier = 1,
    assemblyFormat = "`(` $input `:` type($input) `)` attr-dict `to` type(results)"
)]
pub struct TransposeOp {
    input: F64Tensor,
    #[result]
    output: F64Tensor,
}

/// tensor reshape operation
///
/// Gives its input a new shape with the same number of elements; the
/// result is statically shaped.
#[op(
    "toy.reshape", dialect = ToyDialect,
    traits = [Pure],
    assemblyFormat = "`(` $input `:` type($input) `)` attr-dict `to` type(results)"
)]
pub struct ReshapeOp {
    input: F64Tensor,
    #[result]
    output: StaticShapeTensorOf<[F64]>,
}

/// print operation
///
/// Prints its input, a tensor or (once lowered, chapter 5) a buffer; has
/// no results.
#[op("toy.print", dialect = ToyDialect, assemblyFormat = "$input attr-dict `:` type($input)")]
pub struct PrintOp {
    #[arg(AnyTypeOf<[F64Tensor, F64MemRef]>)]
    input: _,
}

/// return operation
///
/// Ends a function, returning at most one tensor, of the type the
/// function's signature says.
#[op("toy.return", dialect = ToyDialect, traits = [Pure, HasParent<"FuncOp">, Terminator], hasVerifier = 1,
     assemblyFormat = "($input^ `:` type($input))? attr-dict")]
pub struct ReturnOp {
    input: Variadic<F64Tensor>,
}

/// shape cast operation
///
/// Changes the static shape information of a tensor without touching its
/// data: `%1 = toy.cast %0 : tensor<2x3xf64> to tensor<*xf64>`. The
/// inliner inserts it where a call's argument type differs from the
/// callee's (chapter 4); once shapes are inferred, a cast to its input's
/// own type folds away.
#[op(
    "toy.cast", dialect = ToyDialect,
    traits = [
        DeclareOpInterfaceMethods<CastOpInterface>,
        crate::shapes::ShapeInferenceOpInterface,
        Pure,
        SameOperandsAndResultShape
    ],
    assemblyFormat = "$input attr-dict `:` type($input) `to` type($output)"
)]
pub struct CastOp {
    input: F64Tensor,
    #[result]
    output: F64Tensor,
}

/// generic call operation
///
/// Calls a function by name; it is specialized later for the shapes of
/// its arguments: `%4 = toy.generic_call @f(%1, %3) : (tensor<2x3xf64>,
/// tensor<2x3xf64>) -> tensor<*xf64>`. A `CallOpInterface`, so the
/// inliner can inline it (chapter 4).
#[op(
    "toy.generic_call", dialect = ToyDialect,
    traits = [DeclareOpInterfaceMethods<CallOpInterface>],
    assemblyFormat = "$callee `(` $inputs `)` attr-dict `:` functional-type($inputs, results)"
)]
pub struct GenericCallOp {
    callee: FlatSymbolRefAttr,
    inputs: Variadic<F64Tensor>,
    arg_attrs: OptionalAttr<DictArrayAttr>,
    res_attrs: OptionalAttr<DictArrayAttr>,
    #[result]
    output: F64Tensor,
}

/// user defined function operation
///
/// A named function whose body holds Toy computations:
/// `toy.func @main() { ... toy.return }`. A `FunctionOpInterface` (a
/// symbol and a callable), as upstream's, so calls can be inlined.
#[op("toy.func", dialect = ToyDialect, traits = [FunctionOpInterface, IsolatedFromAbove],
     hasCustomAssemblyFormat = 1)]
pub struct FuncOp {
    sym_name: SymbolNameAttr,
    function_type: TypeAttrOf<FunctionType>,
    arg_attrs: OptionalAttr<DictArrayAttr>,
    res_attrs: OptionalAttr<DictArrayAttr>,
    #[region]
    body: AnyRegion,
}

impl FuncOp {
    /// `@name(%arg0: T, ...) -> R attributes {...} { body }`.
    pub fn parse_assembly(p: &mut OpAsmParser<'_>, state: &mut OperationState) -> PResult<()> {
        format::parse_func(p, state)
    }

    /// Prints the form [`FuncOp::parse_assembly`] reads.
    pub fn print_assembly(pr: &mut OpAsmPrinter<'_, '_>, op: OpId) {
        format::print_func(pr, op)
    }
}
