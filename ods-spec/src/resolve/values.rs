//! Expressions to values: types, names (late-bound fields, template
//! arguments), bang operators, substitution.

use super::*;
use crate::ast::{Expr, ExprKind, TypeExpr};
use crate::diag::{Diagnostic, Span};
use crate::eval::Env;
use crate::record::{Dag, Record, Text, Type, Value};

impl Resolver<'_> {
    /// Folds what can be folded without a record (class bodies, globals).
    pub(super) fn simplify(&mut self, v: &Value) -> Value {
        self.eval(v, &mut Env::class_mode())
            .unwrap_or_else(|_| v.clone())
    }

    // ------------------------------------------------------------ expressions

    pub(super) fn ty(&self, t: &TypeExpr, current_class: Option<&str>) -> R<Type> {
        Ok(match t {
            TypeExpr::String => Type::String,
            TypeExpr::Code => Type::Code,
            TypeExpr::Int => Type::Int,
            TypeExpr::Bit => Type::Bit,
            TypeExpr::Bits(n) => Type::Bits(*n),
            TypeExpr::Dag => Type::Dag,
            TypeExpr::List(e) => Type::List(Box::new(self.ty(e, current_class)?)),
            TypeExpr::Class(id) => {
                if !self.records.classes.contains_key(&id.name)
                    && current_class != Some(id.name.as_str())
                {
                    return Err(self.unknown_class(id));
                }
                Type::Record(id.name.clone())
            }
        })
    }

    pub(super) fn expr(&self, e: &Expr, scope: &mut Scope, rec: Option<&Record>) -> R<Value> {
        Ok(match &e.kind {
            ExprKind::Int(i) => Value::Int(*i),
            ExprKind::BinaryInt(v, w) => Value::Bits(
                (0..*w)
                    .map(|i| Value::Bit(i < 64 && (v >> i) & 1 == 1))
                    .collect(),
            ),
            ExprKind::Str(s) => Value::Str(Text::written(s.clone(), e.span)),
            ExprKind::Code(s) => Value::Code(Text::written(s.clone(), e.span)),
            ExprKind::Bool(b) => Value::Bit(*b),
            ExprKind::Unset => Value::Unset,
            ExprKind::List { elems, elem_ty } => {
                if let Some(t) = elem_ty {
                    self.ty(t, scope.class.as_deref())?;
                }
                let mut out = Vec::with_capacity(elems.len());
                for x in elems {
                    out.push(self.expr(x, scope, rec)?);
                }
                Value::List(out)
            }
            ExprKind::Dag { op, op_name, args } => {
                let op = self.expr(op, scope, rec)?;
                let mut out = Vec::with_capacity(args.len());
                for a in args {
                    let v = match &a.value {
                        Some(x) => self.expr(x, scope, rec)?,
                        None => Value::Unset,
                    };
                    out.push((v, a.name.clone()));
                }
                Value::Dag(Box::new(Dag {
                    op,
                    op_name: op_name.clone(),
                    args: out,
                }))
            }
            ExprKind::Bang { op, ty, args } => {
                self.bang(e.span, op, ty.as_ref(), args, scope, rec)?
            }
            ExprKind::Cond(cases) => {
                let mut out = Vec::new();
                for (c, v) in cases {
                    out.push((self.expr(c, scope, rec)?, self.expr(v, scope, rec)?));
                }
                Value::Cond(out)
            }
            ExprKind::ClassInst { class, args } => {
                let params = match self.records.classes.get(&class.name) {
                    Some(c) => c.template_args.clone(),
                    None if scope.class.as_deref() == Some(class.name.as_str()) => {
                        return Err(Diagnostic::error(
                            class.span,
                            format!(
                                "class '{}' cannot instantiate itself in its own definition",
                                class.name
                            ),
                        ))
                    }
                    None => return Err(self.unknown_class(class)),
                };
                let args = self.bind_args(class, &params, args, scope, rec, e.span)?;
                Value::ClassInst(class.name.clone(), args)
            }
            ExprKind::Ident(name) => self.lookup(name, e.span, scope, rec)?,
            ExprKind::FieldAccess { base, field } => {
                Value::FieldOf(Box::new(self.expr(base, scope, rec)?), field.name.clone())
            }
            ExprKind::Index { base, index } => Value::Index(
                Box::new(self.expr(base, scope, rec)?),
                Box::new(self.expr(index, scope, rec)?),
            ),
            ExprKind::Paste(a, b) => {
                let a = self.paste_operand(a, scope, rec)?;
                let b = match b {
                    Some(b) => self.paste_operand(b, scope, rec)?,
                    None => Value::Str(Text::default()),
                };
                Value::Bang("paste".into(), None, vec![a, b])
            }
        })
    }

    /// An operand of `#`: as in TableGen, a bare name that names nothing
    /// (or only a class) stands for its own text.
    pub(super) fn paste_operand(
        &self,
        e: &Expr,
        scope: &mut Scope,
        rec: Option<&Record>,
    ) -> R<Value> {
        match &e.kind {
            // Most pasted names name nothing (`Foo # "Op"`): no error is
            // built for them (its "defined in" note searches the library).
            ExprKind::Ident(name) => Ok(self
                .find_name(name, scope, rec)
                .unwrap_or_else(|| Value::Str(Text::written(name.clone(), e.span)))),
            _ => self.expr(e, scope, rec),
        }
    }

    pub(super) fn lookup(
        &self,
        name: &str,
        span: Span,
        scope: &Scope,
        rec: Option<&Record>,
    ) -> R<Value> {
        if let Some(v) = self.find_name(name, scope, rec) {
            return Ok(v);
        }
        let mut d = Diagnostic::error(span, format!("unknown name '{name}'"))
            .with_label("not a template argument, field, defvar or def")
            .undefined_name();
        if let Some(file) = crate::stdlib::defining_file(name) {
            d = d.with_note(
                None,
                format!("'{name}' is defined in \"{file}\"; include it"),
            );
        }
        if self.records.classes.contains_key(name) {
            d = d.with_note(
                None,
                format!("'{name}' is a class; write '{name}<...>' to make an instance"),
            );
        }
        Err(d)
    }

    /// What `name` means here, if anything: a local, `NAME`, a template
    /// argument, a field of the record being built, a global, a def.
    fn find_name(&self, name: &str, scope: &Scope, rec: Option<&Record>) -> Option<Value> {
        if let Some((_, v)) = scope.locals.iter().rev().find(|(n, _)| n == name) {
            return Some(v.clone());
        }
        if name == NAME {
            // In a class: the name of each def made from it, bound by
            // `inherit`. Elsewhere: the enclosing `defm`'s name (a global
            // while its multiclass runs), else the def's own.
            if let Some(class) = &scope.class {
                return Some(Value::Arg(format!("{class}:{NAME}")));
            }
            if let Some(v) = self.globals.get(NAME) {
                return Some(v.clone());
            }
            if let Some(r) = rec {
                return Some(Value::Str(Text::from(r.name.clone())));
            }
        }
        if scope.targs.iter().any(|t| t == name) {
            let class = scope.class.as_deref().unwrap_or_default();
            return Some(Value::Arg(format!("{class}:{name}")));
        }
        if rec.is_some_and(|r| r.field(name).is_some()) {
            return Some(Value::Field(name.to_string()));
        }
        if let Some(v) = self.globals.get(name) {
            return Some(v.clone());
        }
        if self.records.defs.contains_key(name) {
            return Some(Value::Def(name.to_string()));
        }
        None
    }

    pub(super) fn bang(
        &self,
        span: Span,
        op: &str,
        ty: Option<&TypeExpr>,
        args: &[Expr],
        scope: &mut Scope,
        rec: Option<&Record>,
    ) -> R<Value> {
        let Some(&(_, min, max)) = BANG_OPS.iter().find(|(n, _, _)| *n == op) else {
            return Err(
                Diagnostic::error(span, format!("unknown bang operator '!{op}'"))
                    .with_label("not supported by .ods"),
            );
        };
        if args.len() < min || args.len() > max {
            let want = if min == max {
                format!("{min}")
            } else if max == usize::MAX {
                format!("at least {min}")
            } else {
                format!("{min} to {max}")
            };
            return Err(Diagnostic::error(
                span,
                format!("'!{op}' takes {want} operands, found {}", args.len()),
            ));
        }
        let needs_type = matches!(op, "cast" | "isa" | "exists");
        let ty = match ty {
            Some(t) => Some(self.ty(t, scope.class.as_deref())?),
            None if needs_type => {
                return Err(Diagnostic::error(
                    span,
                    format!("'!{op}' needs a type: '!{op}<T>(...)'"),
                ))
            }
            None => None,
        };
        let var_name = |e: &Expr| -> R<String> {
            match &e.kind {
                ExprKind::Ident(n) => Ok(n.clone()),
                _ => Err(Diagnostic::error(
                    e.span,
                    format!("'!{op}' expects a variable name here"),
                )),
            }
        };
        let mut vals = Vec::with_capacity(args.len());
        match op {
            "foreach" | "filter" => {
                let var = var_name(&args[0])?;
                vals.push(Value::Str(var.as_str().into()));
                vals.push(self.expr(&args[1], scope, rec)?);
                scope.locals.push((var.clone(), Value::Var(var)));
                let body = self.expr(&args[2], scope, rec);
                scope.locals.pop();
                vals.push(body?);
            }
            "foldl" => {
                vals.push(self.expr(&args[0], scope, rec)?);
                vals.push(self.expr(&args[1], scope, rec)?);
                let acc = var_name(&args[2])?;
                let var = var_name(&args[3])?;
                vals.push(Value::Str(acc.as_str().into()));
                vals.push(Value::Str(var.as_str().into()));
                scope.locals.push((acc.clone(), Value::Var(acc)));
                scope.locals.push((var.clone(), Value::Var(var)));
                let body = self.expr(&args[4], scope, rec);
                scope.locals.truncate(scope.locals.len() - 2);
                vals.push(body?);
            }
            _ => {
                for a in args {
                    vals.push(self.expr(a, scope, rec)?);
                }
            }
        }
        Ok(Value::Bang(op.to_string(), ty, vals))
    }
}

/// Field types that may replace each other (`code` is a kind of string).
pub(super) fn same_type(a: &Type, b: &Type) -> bool {
    let stringy = |t: &Type| matches!(t, Type::String | Type::Code);
    a == b || (stringy(a) && stringy(b))
}

/// Replaces template arguments (by qualified name) with values. A class
/// has a handful of arguments: a list searched in order is cheaper than
/// hashing each name into a map.
pub fn subst(v: &Value, map: &[(&str, Value)]) -> Value {
    if map.is_empty() {
        return v.clone();
    }
    match v {
        Value::Arg(n) => match map.iter().find(|(k, _)| k == n) {
            Some((_, x)) => x.clone(),
            None => v.clone(),
        },
        Value::Bits(b) => Value::Bits(b.iter().map(|x| subst(x, map)).collect()),
        Value::List(l) => Value::List(l.iter().map(|x| subst(x, map)).collect()),
        Value::Dag(d) => Value::Dag(Box::new(Dag {
            op: subst(&d.op, map),
            op_name: d.op_name.clone(),
            args: d
                .args
                .iter()
                .map(|(a, n)| (subst(a, map), n.clone()))
                .collect(),
        })),
        Value::FieldOf(b, f) => Value::FieldOf(Box::new(subst(b, map)), f.clone()),
        Value::Index(b, i) => Value::Index(Box::new(subst(b, map)), Box::new(subst(i, map))),
        Value::Bang(op, t, args) => Value::Bang(
            op.clone(),
            t.clone(),
            args.iter().map(|x| subst(x, map)).collect(),
        ),
        Value::Cond(cs) => Value::Cond(
            cs.iter()
                .map(|(c, x)| (subst(c, map), subst(x, map)))
                .collect(),
        ),
        Value::ClassInst(c, args) => {
            Value::ClassInst(c.clone(), args.iter().map(|x| subst(x, map)).collect())
        }
        _ => v.clone(),
    }
}
