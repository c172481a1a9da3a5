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
use ods_runtime::ir::printer::print_type_str;
use ods_runtime::ir::verifier::{verify_all_threads, OpDisplay, Reporter};
use ods_runtime::ir::{
    Attribute, BlockId, Context, DiagLoc, Diagnostic, FloatKind, Ir, Location, NamedAttribute,
    OpId, Registry, Type, TypeKind, Value,
};
use ods_runtime::op::{build_props, set_inherent_attr};

use crate::frontend::ast::{self, Expr, ExprKind, Record, ReturnValue, StructDecl};
use crate::frontend::{lexer, Language};
use crate::struct_type::{StructAccessOp, StructType};

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
    /// The chapter's language: chapter 7 generates structs, gives values
    /// and calls the types of what they hold, and drops the whole module
    /// when a function fails.
    pub language: Language,
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
        structs: HashMap::new(),
        functions: HashMap::new(),
        private_functions: options.private_functions,
        language: options.language,
        errors,
    };
    for record in &module.records {
        match record {
            Record::Function(f) => gen.function(f)?,
            Record::Struct(s) => gen.struct_decl(s)?,
        }
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
    /// be declared once), each with the struct it is declared as (empty
    /// for none).
    symbols: HashMap<String, (Value, String)>,
    /// Chapter 7's structs by name: the type and the declaration.
    structs: HashMap<String, (Type, StructDecl)>,
    /// Chapter 7's generated functions by name: their result types (the
    /// first of a name is kept).
    functions: HashMap<String, Vec<Type>>,
    /// Whether functions other than `main` are private.
    private_functions: bool,
    language: Language,
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

    fn declare(&mut self, name: &str, value: Value, type_name: &str) -> bool {
        if self.symbols.contains_key(name) {
            return false;
        }
        self.symbols
            .insert(name.to_string(), (value, type_name.to_string()));
        true
    }

    /// The type a declaration names: its struct's, or a tensor of its
    /// shape (unranked for none); an unknown struct is an error.
    fn var_type(&mut self, ty: &ast::VarType, at: &lexer::Location) -> Result<Type, Stop> {
        if ty.name.is_empty() {
            return Ok(self.tensor_type(&ty.shape));
        }
        match self.structs.get(&ty.name) {
            Some(&(t, _)) => Ok(t),
            None => Err(self.error(at, format!("error: unknown struct type '{}'", ty.name))),
        }
    }

    /// Chapter 7's `struct`: its type, from its members' (tensors
    /// declared without a shape, or structs declared before it).
    fn struct_decl(&mut self, s: &StructDecl) -> Result<(), GenFailure> {
        if self.structs.contains_key(&s.name) {
            let message = format!("error: struct type with name `{}' already exists", s.name);
            self.error(&s.loc, message);
            return Err(GenFailure::Invalid);
        }
        let mut elements = Vec::with_capacity(s.members.len());
        for m in &s.members {
            if !m.ty.shape.is_empty() {
                // (upstream's wording for a shaped member)
                let message =
                    "error: variables within a struct definition must not have initializers";
                self.error(&m.loc, message.into());
                return Err(GenFailure::Invalid);
            }
            match self.var_type(&m.ty, &m.loc) {
                Ok(t) => elements.push(t),
                Err(_) => return Err(GenFailure::Invalid),
            }
        }
        let ty = StructType::get(self.b.ctx, elements).into();
        self.structs.insert(s.name.clone(), (ty, s.clone()));
        Ok(())
    }

    fn function(&mut self, f: &ast::Function) -> Result<(), GenFailure> {
        let structs = self.language == Language::Structs;
        // Chapter 7 drops the module when a function fails; earlier
        // chapters drop the function.
        let failed = if structs {
            Err(GenFailure::Invalid)
        } else {
            Ok(())
        };
        self.symbols.clear();
        self.b.set_insertion_point_to_end(self.top_block);
        let loc = self.loc(&f.proto.loc);
        let unranked = self.tensor_type(&[]);
        let mut arg_types = Vec::with_capacity(f.proto.params.len());
        for param in &f.proto.params {
            let ty = ast::VarType {
                name: param.type_name.clone(),
                shape: Vec::new(),
            };
            match self.var_type(&ty, &param.loc) {
                Ok(t) => arg_types.push(t),
                Err(_) => return failed,
            }
        }
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
            if !self.declare(&param.name, arg, &param.type_name) {
                // toyc leaves the function as it is: empty, which the
                // verifier then reports (chapter 7: the module is
                // dropped, silently).
                return failed;
            }
        }
        self.b.set_insertion_point_to_end(entry);
        match self.block(&f.body) {
            Ok(()) => {}
            Err(Stop::Missing(node)) => return Err(GenFailure::Missing(node)),
            Err(Stop::Error) => {
                self.b.ir.erase_op(func);
                return failed;
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
                // Chapter 7 returns the returned value's type; earlier
                // chapters an unranked tensor.
                let returned = if structs {
                    self.b.ir.value_type(self.b.ir.operand(ret, 0))
                } else {
                    unranked
                };
                let fn_type = self.b.ctx.function_type(&arg_types, &[returned]);
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
        if structs {
            let fn_type = self.function_type(func);
            let results = match self.b.ctx.type_kind(fn_type) {
                TypeKind::Function { results, .. } => results.to_vec(),
                _ => Vec::new(),
            };
            self.functions
                .entry(f.proto.name.clone())
                .or_insert(results);
        }
        Ok(())
    }

    /// The `function_type` of a `toy.func` made here.
    fn function_type(&mut self, func: OpId) -> Type {
        let attr = ods_runtime::op::inherent_attr(self.b.ctx, self.b.ir, func, "function_type");
        match attr.map(|a| self.b.ctx.attr_kind(a).clone()) {
            Some(ods_runtime::ir::AttrKind::Type(t)) => t,
            _ => self.b.ctx.function_type(&[], &[]),
        }
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
        if !ty.name.is_empty() {
            // Chapter 7: a struct-typed declaration takes a value of that
            // struct.
            let expected = self.var_type(ty, &e.loc)?;
            let got = self.b.ir.value_type(value);
            if got != expected {
                let message = format!(
                    "struct type of initializer is different than the variable declaration. Got '{}', but expected '{}'",
                    print_type_str(self.b.ctx, got),
                    print_type_str(self.b.ctx, expected)
                );
                return Err(self.error(&e.loc, message));
            }
        } else if !ty.shape.is_empty() {
            let loc = self.loc(&e.loc);
            let result = self.tensor_type(&ty.shape);
            let op = self
                .b
                .create_op("toy.reshape", loc, &[value], &[result], None, None, 0);
            value = self.b.ir.result(op, 0);
        }
        if !self.declare(name, value, &ty.name) {
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
                let lhs_value = self.expr(lhs)?;
                if *op == b'.' {
                    return self.member_access(e, lhs, rhs, lhs_value);
                }
                let lhs = lhs_value;
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
                Some(&(v, _)) => Ok(v),
                None => Err(self.error(&e.loc, format!("error: unknown variable '{name}'"))),
            },
            ExprKind::Literal { dims, .. } => {
                let mut data = Vec::new();
                collect_data(e, &mut data);
                self.constant(&e.loc, dims, &data)
            }
            ExprKind::Number(v) => self.constant(&e.loc, &[], &[*v]),
            ExprKind::StructLiteral(_) => {
                let (value, ty) = self.struct_constant_attr(e)?;
                let props = build_props(self.b.ctx, &[("value", Some(value))]);
                let loc = self.loc(&e.loc);
                let op = self
                    .b
                    .create_op("toy.struct_constant", loc, &[], &[ty], None, props, 0);
                Ok(self.b.ir.result(op, 0))
            }
            ExprKind::Call { callee, args } => self.call(e, callee, args),
            other => {
                let message = format!(
                    "MLIR codegen encountered an unhandled expr kind '{}'",
                    other.number(self.language)
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
        let value = self.dense(at, dims, data)?;
        let f64t = self.f64_type();
        let ty = self.b.ctx.ranked_tensor_type(dims, f64t, None);
        let props = build_props(self.b.ctx, &[("value", Some(value))]);
        let loc = self.loc(at);
        let op = self
            .b
            .create_op("toy.constant", loc, &[], &[ty], None, props, 0);
        Ok(self.b.ir.result(op, 0))
    }

    /// Dense `f64` elements of `data` shaped `dims`.
    fn dense(
        &mut self,
        at: &lexer::Location,
        dims: &[i64],
        data: &[f64],
    ) -> Result<Attribute, Stop> {
        let f64t = self.f64_type();
        let ty = self.b.ctx.ranked_tensor_type(dims, f64t, None);
        match ods_runtime::attr::dense_float_elements(self.b.ctx, ty, data) {
            Some(value) => Ok(value),
            None => Err(self.error(at, "literal too large for a tensor".into())),
        }
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
        let result = if self.language == Language::Structs {
            // Chapter 7 calls only functions defined before, and the call
            // has the callee's result type.
            let Some(results) = self.functions.get(callee) else {
                let message = format!("no defined function found for '{callee}'");
                return Err(self.error(&e.loc, message));
            };
            let Some(&result) = results.first() else {
                // Upstream reads a result the callee does not have (and
                // crashes).
                let message = format!("the call of '{callee}' uses its value, but it returns none");
                return Err(self.error(&e.loc, message));
            };
            result
        } else {
            self.tensor_type(&[])
        };
        let callee_attr = self.b.ctx.flat_symbol_ref_attr(callee);
        let props = build_props(self.b.ctx, &[("callee", Some(callee_attr))]);
        let loc = self.loc(&e.loc);
        let op = self.b.create_op(
            "toy.generic_call",
            loc,
            &operands,
            &[result],
            None,
            props,
            0,
        );
        Ok(self.b.ir.result(op, 0))
    }

    /// Chapter 7's `lhs.name`: `toy.struct_access` of the member `name`
    /// of the struct `lhs` is declared as.
    fn member_access(
        &mut self,
        e: &Expr,
        lhs: &Expr,
        rhs: &Expr,
        lhs_value: Value,
    ) -> Result<Value, Stop> {
        let index = self.member_index(lhs, rhs);
        let loc = self.loc(&e.loc);
        let access =
            index.and_then(|i| StructAccessOp::build_member(&mut self.b, loc, lhs_value, i));
        match access {
            Some(op) => Ok(self.b.ir.result(op, 0)),
            None => Err(self.error(&e.loc, "invalid access into struct expression".into())),
        }
    }

    /// The struct `e` is declared as: a variable's, or a member's of a
    /// struct reached by `.`.
    fn struct_for(&self, e: &Expr) -> Option<&StructDecl> {
        let name = match &e.kind {
            ExprKind::Variable(name) => &self.symbols.get(name)?.1,
            ExprKind::Binary {
                op: b'.', lhs, rhs, ..
            } => {
                let ExprKind::Variable(member) = &rhs.kind else {
                    return None;
                };
                let parent = self.struct_for(lhs)?;
                &parent.members.iter().find(|m| &m.name == member)?.ty.name
            }
            _ => return None,
        };
        self.structs.get(name).map(|(_, decl)| decl)
    }

    /// The position of member `rhs` (a name) in the struct `lhs` is
    /// declared as.
    fn member_index(&self, lhs: &Expr, rhs: &Expr) -> Option<usize> {
        let decl = self.struct_for(lhs)?;
        let ExprKind::Variable(name) = &rhs.kind else {
            return None;
        };
        decl.members.iter().position(|m| &m.name == name)
    }

    /// A struct literal's value, an array of its members' (each a dense
    /// literal or a nested struct's array), and its struct type, whose
    /// tensor members are unranked.
    fn struct_constant_attr(&mut self, e: &Expr) -> Result<(Attribute, Type), Stop> {
        let ExprKind::StructLiteral(values) = &e.kind else {
            return Err(self.error(&e.loc, "expected a struct literal".into()));
        };
        let mut attrs = Vec::with_capacity(values.len());
        let mut types = Vec::with_capacity(values.len());
        for v in values {
            let Some(v) = v else {
                return Err(Stop::Missing(crate::frontend::dump::MissingNode {
                    at: e.loc.clone(),
                    what: "struct literal",
                }));
            };
            let (attr, ty) = match &v.kind {
                ExprKind::StructLiteral(_) => self.struct_constant_attr(v)?,
                ExprKind::Literal { dims, .. } => {
                    let mut data = Vec::new();
                    collect_data(v, &mut data);
                    (self.dense(&v.loc, dims, &data)?, self.tensor_type(&[]))
                }
                ExprKind::Number(n) => (self.dense(&v.loc, &[], &[*n])?, self.tensor_type(&[])),
                _ => {
                    return Err(self.error(&v.loc, "expected a literal in a struct literal".into()))
                }
            };
            attrs.push(attr);
            types.push(ty);
        }
        let array = self.b.ctx.array_attr(&attrs);
        Ok((array, StructType::get(self.b.ctx, types).into()))
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
