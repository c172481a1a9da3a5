//! Statements that run other statements: `foreach` loops, `if`, and
//! `multiclass`es instantiated by `defm`. In: their syntax trees. Out: the
//! statements of their bodies run by the resolver (once per loop element,
//! when the condition says, or per `defm`), with the loop variable, the
//! multiclass's template arguments and `NAME` bound as global names while
//! they run.
//!
//! TableGen's naming rule: a def made inside a multiclass is named
//! `NAME # its own name`, unless its name mentions `NAME` itself; a `defm`
//! inside a multiclass follows the same rule, so names nest.

use std::collections::HashSet;
use std::sync::Arc;

use super::{Resolver, Scope, R};
use crate::ast::{self, DefName, Expr, ExprKind, Stmt};
use crate::diag::{Diagnostic, FileId};
use crate::record::{TemplateArg, Text, Value};

/// The `defm` whose multiclass body is running.
pub(super) struct DefmFrame {
    /// `NAME`: prefix of the defs made.
    name: String,
    /// The plain classes listed after the multiclasses on the `defm` (and
    /// on enclosing ones): parents of every def made.
    extra_parents: Vec<ast::ParentRef>,
}

impl Resolver<'_> {
    /// Runs `f` with `bindings` visible as global names; afterwards every
    /// global `f` added (`defvar`s of a loop body) is gone and any name the
    /// bindings hid is back.
    fn with_bindings<T>(
        &mut self,
        bindings: Vec<(String, Value)>,
        f: impl FnOnce(&mut Self) -> T,
    ) -> T {
        let before: HashSet<String> = self.globals.keys().cloned().collect();
        let mut hidden = Vec::new();
        for (name, value) in bindings {
            if let Some(old) = self.globals.insert(name.clone(), value) {
                hidden.push((name, old));
            }
        }
        let out = f(self);
        self.globals.retain(|k, _| before.contains(k));
        self.globals.extend(hidden);
        out
    }

    /// `foreach var = list in body`.
    pub(super) fn foreach(
        &mut self,
        var: &ast::Ident,
        list: &Expr,
        body: &[Stmt],
        file: FileId,
    ) -> R<()> {
        let value = self.expr(list, &mut Scope::default(), None)?;
        let Value::List(items) = self.simplify(&value) else {
            return Err(Diagnostic::error(
                list.span,
                format!("'foreach' needs a list to iterate over, found '{value}'"),
            ));
        };
        for item in items {
            self.with_bindings(vec![(var.name.clone(), item)], |r| r.stmts(body, file));
        }
        Ok(())
    }

    /// `if cond then ... else ...`: the chosen statements, their
    /// `defvar`s local to them.
    pub(super) fn if_stmt(
        &mut self,
        cond: &Expr,
        then_body: &[Stmt],
        else_body: &[Stmt],
        file: FileId,
    ) -> R<()> {
        let value = self.expr(cond, &mut Scope::default(), None)?;
        let taken = match self.simplify(&value) {
            Value::Bit(b) => b,
            Value::Int(i) => i != 0,
            other => {
                return Err(Diagnostic::error(
                    cond.span,
                    format!("'if' needs a bit or an int, found '{other}'"),
                ))
            }
        };
        let body = if taken { then_body } else { else_body };
        self.with_bindings(Vec::new(), |r| r.stmts(body, file));
        Ok(())
    }

    /// `multiclass Name<...> { ... }`: kept for the `defm`s that name it.
    pub(super) fn multiclass(&mut self, mc: &ast::MultiClassDef) -> R<()> {
        let name = &mc.name.name;
        if let Some(prev) = self.multiclasses.get(name) {
            return Err(Diagnostic::error(
                mc.name.span,
                format!("multiclass '{name}' is already defined"),
            )
            .with_note(Some(prev.name.span), "previous definition here"));
        }
        for p in &mc.parents {
            if !self.multiclasses.contains_key(&p.name.name) {
                return Err(Diagnostic::error(
                    p.name.span,
                    format!("unknown multiclass '{}'", p.name.name),
                ));
            }
        }
        self.multiclasses.insert(name.clone(), Arc::new(mc.clone()));
        Ok(())
    }

    /// `defm Name : MultiClasses..., Classes...;`.
    pub(super) fn defm(&mut self, d: &ast::DefmStmt, file: FileId) -> R<()> {
        let name = match &d.name {
            Some(n) => self.made_name(n)?,
            None => self.fresh_anon_name(),
        };
        let (multis, classes): (Vec<_>, Vec<_>) = d
            .parents
            .iter()
            .partition(|p| self.multiclasses.contains_key(&p.name.name));
        if multis.is_empty() {
            let span = d.name.as_ref().map_or(d.span, DefName::span);
            return Err(Diagnostic::error(
                span,
                "'defm' must name at least one multiclass",
            ));
        }
        let mut extra_parents: Vec<ast::ParentRef> = classes.into_iter().cloned().collect();
        if let Some(outer) = self.defm_frames.last() {
            extra_parents.extend(outer.extra_parents.iter().cloned());
        }
        for p in multis {
            self.expand(p, &name, &extra_parents, file)?;
        }
        Ok(())
    }

    /// Runs the multiclass `p` names (its parents' bodies first) for a
    /// `defm` named `name`.
    fn expand(
        &mut self,
        p: &ast::ParentRef,
        name: &str,
        extra_parents: &[ast::ParentRef],
        file: FileId,
    ) -> R<()> {
        let mc = Arc::clone(&self.multiclasses[&p.name.name]);
        let params = self.multiclass_params(&mc)?;
        let values = self.bind_args(
            &mc.name,
            &params,
            &p.args,
            &mut Scope::default(),
            None,
            p.name.span,
        )?;
        let mut bindings: Vec<(String, Value)> = mc
            .template_args
            .iter()
            .map(|t| t.name.name.clone())
            .zip(values)
            .collect();
        bindings.push((super::NAME.into(), Value::Str(Text::from(name.to_string()))));
        self.with_bindings(bindings, |r| {
            for parent in &mc.parents {
                r.expand(parent, name, extra_parents, file)?;
            }
            r.defm_frames.push(DefmFrame {
                name: name.to_string(),
                extra_parents: extra_parents.to_vec(),
            });
            r.stmts(&mc.body, file);
            r.defm_frames.pop();
            Ok(())
        })
    }

    /// A multiclass's template arguments as a class's, so arguments bind
    /// (positional, named, defaults) the same way.
    fn multiclass_params(&self, mc: &ast::MultiClassDef) -> R<Vec<TemplateArg>> {
        let name = &mc.name.name;
        let mut scope = Scope {
            class: Some(name.clone()),
            ..Scope::default()
        };
        let mut params = Vec::new();
        for ta in &mc.template_args {
            let ty = self.ty(&ta.ty, None)?;
            let default = match &ta.default {
                Some(e) => Some(self.expr(e, &mut scope, None)?),
                None => None,
            };
            scope.targs.push(ta.name.name.clone());
            params.push(TemplateArg {
                name: format!("{name}:{}", ta.name.name),
                ty,
                default,
            });
        }
        Ok(params)
    }

    /// The parents of a def: its own, then those its `defm` adds.
    pub(super) fn def_parents(&self, own: &[ast::ParentRef]) -> Vec<ast::ParentRef> {
        let mut parents = own.to_vec();
        if let Some(frame) = self.defm_frames.last() {
            parents.extend(frame.extra_parents.iter().cloned());
        }
        parents
    }

    /// The name of a def or `defm`: evaluated when pasted, with the
    /// enclosing `defm`'s `NAME` in front unless it mentions `NAME`.
    pub(super) fn made_name(&mut self, name: &DefName) -> R<String> {
        let (own, mentions) = match name {
            DefName::Plain(id) => (id.name.clone(), false),
            DefName::Pasted(e) => {
                let v = self.expr(e, &mut Scope::default(), None)?;
                let text = match self.simplify(&v) {
                    Value::Str(t) | Value::Code(t) => t.text,
                    Value::Int(i) => i.to_string(),
                    Value::Def(d) => d,
                    other => {
                        return Err(Diagnostic::error(
                            e.span,
                            format!("a def's name must be a string, found '{other}'"),
                        ))
                    }
                };
                (text, mentions_name(e))
            }
        };
        Ok(match self.defm_frames.last() {
            Some(frame) if !mentions => format!("{}{own}", frame.name),
            _ => own,
        })
    }
}

/// Whether the written name uses `NAME` (then no prefix is added).
fn mentions_name(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Ident(n) => n == super::NAME,
        ExprKind::Paste(a, b) => mentions_name(a) || b.as_deref().is_some_and(mentions_name),
        ExprKind::Bang { args, .. } => args.iter().any(mentions_name),
        ExprKind::FieldAccess { base, .. } => mentions_name(base),
        ExprKind::Index { base, index } => mentions_name(base) || mentions_name(index),
        _ => false,
    }
}
