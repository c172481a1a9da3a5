//! MLIR generation: the Toy AST to Toy IR, as upstream's `MLIRGen.cpp`
//! emits it (chapter 2 on): a `toy.func` a function with unranked tensor
//! arguments, `toy.constant` for literals and numbers, `toy.reshape` for a
//! declared shape, `toy.add`/`toy.mul`, `toy.transpose` for the builtin,
//! `toy.generic_call`, `toy.print` and `toy.return`; each op located at
//! its AST node (`loc("file":line:col)`).
//!
//! Errors are collected as diagnostics (the driver writes them in its
//! chapter's style, `crate::diagnostics`) and recovered from as toyc
//! does: a function whose body fails is dropped, a failing `print` ends
//! its block early, and the module is verified at the end. From chapter 4
//! on, functions other than `main` are private.

use std::collections::HashMap;

use ods_runtime::ir::builder::OpBuilder;
use ods_runtime::ir::verifier::{verify_all_threads, OpDisplay, Reporter};
use ods_runtime::ir::{
    Attribute, BlockId, Context, DiagLoc, Diagnostic, FloatKind, Ir, Location, NamedAttribute,
    OpId, Registry, Type, Value,
};
use ods_runtime::op::{build_props, set_inherent_attr};

use crate::frontend::ast::{self, Expr, ExprKind, ReturnValue};
use crate::frontend::lexer;

/// Why no module came out.
#[derive(Debug, PartialEq, Eq)]
pub enum GenFailure {
    /// The module failed verification (the messages are written).
    Invalid,
    /// An expression the parser left empty (a `return` whose value did
    /// not parse); upstream's toyc crashes here.
    Missing(crate::frontend::dump::MissingNode),
}

/// How the generator works and reports, by chapter.
#[derive(Copy, Clone, Debug, Default)]
pub struct GenOptions {
    /// Functions other than `main` are made private (chapter 4 on, so the
    /// inliner may drop them once inlined).
    pub private_functions: bool,
    /// How ops show in verifier notes (`--mlir-print-debuginfo`).
    pub op_display: OpDisplay,
}

/// Generates the Toy IR of `module` into a new [`Ir`] (registry `reg`
/// holds the Toy dialect) and verifies it; returns the IR and its
/// `builtin.module`. Errors are added to `errors` in the order toyc
/// emits them, each with its notes (which chapter 2's handler drops).
pub fn mlir_gen(
    ctx: &mut Context,
    reg: &Registry,
    module: &ast::Module,
    options: GenOptions,
    errors: &mut Vec<Diagnostic>,
) -> Result<(Ir, OpId), GenFailure> {
    let mut ir = Ir::new();
    let mut b = OpBuilder::new(ctx, &mut ir);
    let top = b.create_op("builtin.module", Location::UNKNOWN, &[], &[], None, None, 1);
    let body = b.ir.region(top, 0);
    let top_block = b.create_block(body, &[], Location::UNKNOWN);
    let mut gen = Gen {
        b,
        top_block,
        symbols: HashMap::new(),
        private_functions: options.private_functions,
        errors,
    };
    for f in &module.functions {
        gen.function(f)?;
    }
    // Every failing function is reported, as MLIR's verifier reports each
    // op isolated from above.
    let diags = verify_all_threads(ctx, &ir, reg, top, None, options.op_display, 1);
    if diags.is_empty() {
        return Ok((ir, top));
    }
    errors.extend(diags);
    // `theModule.emitError(...)`: the module has no location; the note
    // shows it.
    let reporter = Reporter {
        ctx,
        ir: &ir,
        registry: reg,
        sources: None,
        root: top,
        op_display: options.op_display,
    };
    let mut failed = Diagnostic::error(DiagLoc::Unknown, "module verification error");
    if options.op_display.note {
        failed = failed.with_note(
            DiagLoc::Unknown,
            format!("see current operation: {}", reporter.op_text(top)),
        );
    }
    errors.push(failed);
    Err(GenFailure::Invalid)
}

/// What stopped a statement: an error (written), or an expression the
/// parser left empty.
enum Stop {
    Error,
    Missing(crate::frontend::dump::MissingNode),
}

struct Gen<'a, 'e> {
    b: OpBuilder<'a>,
    top_block: BlockId,
    /// The variables of the function being generated (toyc's scoped table
    /// holds its parameters and its body's declarations, and a name may
    /// be declared once).
    symbols: HashMap<String, Value>,
    /// Whether functions other than `main` are private.
    private_functions: bool,
    errors: &'e mut Vec<Diagnostic>,
}

impl Gen<'_, '_> {
    fn loc(&mut self, l: &lexer::Location) -> Location {
        let attr = self
            .b
            .ctx
            .file_line_col_loc(&l.file, l.line as u32, l.col as u32);
        Location::attr(attr)
    }

    fn error(&mut self, at: &lexer::Location, message: String) -> Stop {
        let loc = DiagLoc::FileLineCol {
            file: at.file.to_string(),
            line: at.line as u32,
            col: at.col as u32,
        };
        self.errors.push(Diagnostic::error(loc, message));
        Stop::Error
    }

    fn f64_type(&mut self) -> Type {
        self.b.ctx.float_type(FloatKind::F64)
    }

    /// `tensor<*xf64>` for an empty shape, else `tensor<AxBxf64>`.
    fn tensor_type(&mut self, shape: &[i64]) -> Type {
        let f64t = self.f64_type();
        if shape.is_empty() {
            self.b.ctx.unranked_tensor_type(f64t)
        } else {
            self.b.ctx.ranked_tensor_type(shape, f64t, None)
        }
    }

    fn declare(&mut self, name: &str, value: Value) -> bool {
        if self.symbols.contains_key(name) {
            return false;
        }
        self.symbols.insert(name.to_string(), value);
        true
    }

    fn function(&mut self, f: &ast::Function) -> Result<(), GenFailure> {
        self.symbols.clear();
        self.b.set_insertion_point_to_end(self.top_block);
        let loc = self.loc(&f.proto.loc);
        let unranked = self.tensor_type(&[]);
        let arg_types = vec![unranked; f.proto.params.len()];
        let fn_type = self.b.ctx.function_type(&arg_types, &[]);
        let type_attr = self.b.ctx.type_attr(fn_type);
        let name_attr = self.b.ctx.string_attr(f.proto.name.as_bytes());
        let props = build_props(
            self.b.ctx,
            &[
                ("sym_name", Some(name_attr)),
                ("function_type", Some(type_attr)),
            ],
        );
        let func = self.b.create_op("toy.func", loc, &[], &[], None, props, 1);
        let region = self.b.ir.region(func, 0);
        let entry = self.b.create_block(region, &arg_types, loc);
        for (i, param) in f.proto.params.iter().enumerate() {
            let arg = self.b.ir.argument(entry, i);
            if !self.declare(&param.name, arg) {
                // toyc leaves the function as it is: empty, which the
                // verifier then reports.
                return Ok(());
            }
        }
        self.b.set_insertion_point_to_end(entry);
        match self.block(&f.body) {
            Ok(()) => {}
            Err(Stop::Missing(node)) => return Err(GenFailure::Missing(node)),
            Err(Stop::Error) => {
                self.b.ir.erase_op(func);
                return Ok(());
            }
        }
        let last = self.b.ir.last_op(entry);
        let returned = last.filter(|&op| self.b.ctx.str(self.b.ir.op_name(op)) == "toy.return");
        match returned {
            None => {
                self.b.set_insertion_point_to_end(entry);
                self.b.create_op("toy.return", loc, &[], &[], None, None, 0);
            }
            Some(ret) if self.b.ir.num_operands(ret) > 0 => {
                let fn_type = self.b.ctx.function_type(&arg_types, &[unranked]);
                let type_attr = self.b.ctx.type_attr(fn_type);
                set_inherent_attr(
                    self.b.ctx,
                    self.b.ir,
                    func,
                    "function_type",
                    Some(type_attr),
                );
            }
            Some(_) => {}
        }
        if self.private_functions && f.proto.name != "main" {
            // Visibility is a discardable attribute of `toy.func`, set
            // once the function is complete (a function left empty stays
            // public, as upstream's).
            let private = self.b.ctx.string_attr(b"private");
            let name = self.b.ctx.ident("sym_visibility");
            let attrs = self.b.ctx.dictionary_attr(vec![NamedAttribute {
                name,
                value: private,
            }]);
            self.b.ir.set_attrs(func, Some(attrs));
        }
        Ok(())
    }

    /// The statements of a body, up to its first `return`.
    fn block(&mut self, body: &[Expr]) -> Result<(), Stop> {
        for e in body {
            match &e.kind {
                ExprKind::VarDecl { name, ty, init } => self.var_decl(e, name, ty, init)?,
                ExprKind::Return(value) => return self.return_statement(e, value),
                ExprKind::Print(arg) => {
                    // toyc's generator ends the block, successfully, when a
                    // print fails.
                    match self.expr(arg) {
                        Ok(v) => {
                            let loc = self.loc(&e.loc);
                            self.b.create_op("toy.print", loc, &[v], &[], None, None, 0);
                        }
                        Err(Stop::Missing(node)) => return Err(Stop::Missing(node)),
                        Err(Stop::Error) => return Ok(()),
                    }
                }
                _ => {
                    self.expr(e)?;
                }
            }
        }
        Ok(())
    }

    fn var_decl(
        &mut self,
        e: &Expr,
        name: &str,
        ty: &ast::VarType,
        init: &Option<Box<Expr>>,
    ) -> Result<(), Stop> {
        let Some(init) = init else {
            return Err(self.error(&e.loc, "missing initializer in variable declaration".into()));
        };
        let mut value = self.expr(init)?;
        if !ty.shape.is_empty() {
            let loc = self.loc(&e.loc);
            let result = self.tensor_type(&ty.shape);
            let op = self
                .b
                .create_op("toy.reshape", loc, &[value], &[result], None, None, 0);
            value = self.b.ir.result(op, 0);
        }
        if !self.declare(name, value) {
            return Err(Stop::Error);
        }
        Ok(())
    }

    fn return_statement(&mut self, e: &Expr, value: &ReturnValue) -> Result<(), Stop> {
        let operands = match value {
            ReturnValue::Nothing => vec![],
            ReturnValue::Expr(v) => vec![self.expr(v)?],
            ReturnValue::Missing => {
                return Err(Stop::Missing(crate::frontend::dump::MissingNode {
                    at: e.loc.clone(),
                    what: "return",
                }))
            }
        };
        let loc = self.loc(&e.loc);
        self.b
            .create_op("toy.return", loc, &operands, &[], None, None, 0);
        Ok(())
    }

    /// An expression's value.
    fn expr(&mut self, e: &Expr) -> Result<Value, Stop> {
        match &e.kind {
            ExprKind::Binary { op, lhs, rhs } => {
                let lhs = self.expr(lhs)?;
                let rhs = self.expr(rhs)?;
                let name = match op {
                    b'+' => "toy.add",
                    b'*' => "toy.mul",
                    _ => {
                        let message = format!("invalid binary operator '{}'", *op as char);
                        return Err(self.error(&e.loc, message));
                    }
                };
                Ok(self.create_value(name, &e.loc, &[lhs, rhs], None))
            }
            ExprKind::Variable(name) => match self.symbols.get(name) {
                Some(&v) => Ok(v),
                None => Err(self.error(&e.loc, format!("error: unknown variable '{name}'"))),
            },
            ExprKind::Literal { dims, .. } => {
                let mut data = Vec::new();
                collect_data(e, &mut data);
                self.constant(&e.loc, dims, &data)
            }
            ExprKind::Number(v) => self.constant(&e.loc, &[], &[*v]),
            ExprKind::Call { callee, args } => self.call(e, callee, args),
            other => {
                let message = format!(
                    "MLIR codegen encountered an unhandled expr kind '{}'",
                    other.number()
                );
                Err(self.error(&e.loc, message))
            }
        }
    }

    /// An op `name` with `operands` and one unranked tensor result.
    fn create_value(
        &mut self,
        name: &str,
        at: &lexer::Location,
        operands: &[Value],
        props: Option<Attribute>,
    ) -> Value {
        let loc = self.loc(at);
        let unranked = self.tensor_type(&[]);
        let op = self
            .b
            .create_op(name, loc, operands, &[unranked], None, props, 0);
        self.b.ir.result(op, 0)
    }

    /// `toy.constant` of `data` shaped `dims` (a scalar for no dims).
    fn constant(
        &mut self,
        at: &lexer::Location,
        dims: &[i64],
        data: &[f64],
    ) -> Result<Value, Stop> {
        let f64t = self.f64_type();
        let ty = self.b.ctx.ranked_tensor_type(dims, f64t, None);
        let Some(value) = ods_runtime::attr::dense_float_elements(self.b.ctx, ty, data) else {
            return Err(self.error(at, "literal too large for a tensor".into()));
        };
        let props = build_props(self.b.ctx, &[("value", Some(value))]);
        let loc = self.loc(at);
        let op = self
            .b
            .create_op("toy.constant", loc, &[], &[ty], None, props, 0);
        Ok(self.b.ir.result(op, 0))
    }

    fn call(&mut self, e: &Expr, callee: &str, args: &[Expr]) -> Result<Value, Stop> {
        let mut operands = Vec::with_capacity(args.len());
        for a in args {
            operands.push(self.expr(a)?);
        }
        if callee == "transpose" {
            if args.len() != 1 {
                return Err(self.error(
                    &e.loc,
                    "MLIR codegen encountered an error: toy.transpose does not accept multiple arguments"
                        .into(),
                ));
            }
            return Ok(self.create_value("toy.transpose", &e.loc, &operands, None));
        }
        let callee_attr = self.b.ctx.flat_symbol_ref_attr(callee);
        let props = build_props(self.b.ctx, &[("callee", Some(callee_attr))]);
        Ok(self.create_value("toy.generic_call", &e.loc, &operands, props))
    }
}

/// The numbers of a literal, flattened in order.
fn collect_data(e: &Expr, out: &mut Vec<f64>) {
    match &e.kind {
        ExprKind::Literal { values, .. } => values.iter().for_each(|v| collect_data(v, out)),
        ExprKind::Number(v) => out.push(*v),
        _ => {}
    }
}
