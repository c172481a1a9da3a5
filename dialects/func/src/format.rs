//! `func.func`'s custom assembly form (its spec says
//! `hasCustomAssemblyFormat`), read and written as `mlir-opt` does, by the
//! function-op helpers every function-like op shares
//! ([`ods_runtime::function_op`]):
//!
//! ```text
//! func.func (public|private|nested)? @name(%arg0: i32 {attrs} loc(...), ...)
//!     -> (i32 {attrs}, ...) attributes {...} { body }
//! ```
//!
//! A declaration has no body and lists only argument types
//! (`func.func private @f(i32, f32 {attrs}) -> i64`).
//!
//! In: the tokens after `func.func` (parser) or a `func.func` op (printer).
//! Out: the op's state, with `sym_name`, `function_type`, `sym_visibility`,
//! `arg_attrs`, `res_attrs` and `no_inline` in its properties and every
//! other attribute in its discardable dictionary (as MLIR 22 stores them),
//! or the text.

use ir::parser::ops::OpAsmParser;
use ir::parser::PResult;
use ir::printer::ops::OpAsmPrinter;
use ir::{OpId, OperationState};
use ods_runtime::function_op::{parse_function_op, print_function_op, FunctionOpSyntax};

/// Parses `func.func`'s custom form after the op name.
pub fn parse_func_op(p: &mut OpAsmParser<'_>, state: &mut OperationState) -> PResult<()> {
    parse_function_op(p, state, &FunctionOpSyntax::FUNC)
}

/// Prints `func.func`'s custom form after the op name.
pub fn print_func_op(pr: &mut OpAsmPrinter<'_, '_>, op: OpId) {
    print_function_op(pr, op, &FunctionOpSyntax::FUNC)
}
