//! Classes and defs: a record's fields from its parents, template
//! arguments and lets, in TableGen's order.

use super::values::same_type;
use super::*;
use crate::ast::{self, BodyItem};
use crate::diag::{Diagnostic, Span};
use crate::eval::{convert, converts_as_is, Env};
use crate::record::{Record, RecordAssert, RecordField, TemplateArg, Text, Value};

impl Resolver<'_> {
    pub(super) fn class(&mut self, c: &ast::ClassDef) -> R<()> {
        let name = &c.name.name;
        if let Some(prev) = self.records.classes.get(name) {
            return Err(Diagnostic::error(
                c.name.span,
                format!("class '{name}' is already defined"),
            )
            .with_note(Some(prev.span), "previous definition here"));
        }
        let mut rec = Record::new(name.clone(), c.name.span);
        let mut scope = Scope {
            class: Some(name.clone()),
            ..Scope::default()
        };
        for ta in &c.template_args {
            let ty = self.ty(&ta.ty, Some(name))?;
            if scope.targs.contains(&ta.name.name) {
                return Err(Diagnostic::error(
                    ta.name.span,
                    format!("template argument '{}' is declared twice", ta.name.name),
                ));
            }
            let default = match &ta.default {
                Some(e) => Some(self.expr(e, &mut scope, Some(&rec))?),
                None => None,
            };
            scope.targs.push(ta.name.name.clone());
            rec.template_args.push(TemplateArg {
                name: format!("{name}:{}", ta.name.name),
                ty,
                default,
            });
        }
        // A class with an error is still recorded, so that its users do
        // not each report it as unknown.
        let result = self.fill_record(&mut rec, &c.parents, &c.body, &mut scope);
        let mut env = Env::class_mode();
        for f in &mut rec.fields {
            // A concrete value evaluates to itself: no copy made.
            let v = std::mem::replace(&mut f.value, Value::Unset);
            let v = if v.is_concrete() {
                v
            } else {
                match self.eval(&v, &mut env) {
                    Ok(e) => e,
                    Err(_) => v,
                }
            };
            f.value = if converts_as_is(&self.records, &v, &f.ty) {
                v
            } else {
                convert(&self.records, v.clone(), &f.ty).unwrap_or(v)
            };
        }
        self.records.classes.insert(name.clone(), rec.into());
        self.poison_on_error(name, &c.parents, result)
    }

    /// Parents, then enclosing `let`s, then the body: TableGen's order.
    pub(super) fn fill_record(
        &mut self,
        rec: &mut Record,
        parents: &[ast::ParentRef],
        body: &[BodyItem],
        scope: &mut Scope,
    ) -> R<()> {
        for p in parents {
            // The class is shared (an `Arc`): holding it costs no copy of
            // its parameters while the arguments are bound.
            let class = self
                .records
                .classes
                .get(&p.name.name)
                .cloned()
                .ok_or_else(|| self.unknown_class(&p.name))?;
            let args = self.bind_args(
                &p.name,
                &class.template_args,
                &p.args,
                scope,
                Some(rec),
                p.span,
            )?;
            let as_def = scope.class.is_none();
            self.inherit(rec, &p.name.name, args, p.span, as_def)?;
        }
        for (name, value, span) in &self.lets {
            self.set_field(rec, name, value.clone(), *span)?;
        }
        let locals_mark = scope.locals.len();
        for item in body {
            match item {
                BodyItem::Field {
                    ty,
                    name,
                    value,
                    span,
                } => {
                    let ty = self.ty(ty, scope.class.as_deref())?;
                    let v = match value {
                        Some(e) => self.expr(e, scope, Some(rec))?,
                        None => Value::Unset,
                    };
                    // Errors about a value point at the value itself.
                    let span = &value.as_ref().map_or(*span, |e| e.span);
                    if let Some(prev) = rec.field(&name.name) {
                        if !same_type(&prev.ty, &ty) {
                            return Err(Diagnostic::error(
                                name.span,
                                format!(
                                    "field '{}' is already declared with type '{}'",
                                    name.name, prev.ty
                                ),
                            ));
                        }
                        if value.is_none() {
                            continue;
                        }
                        self.set_field(rec, &name.name, v, *span)?;
                    } else {
                        rec.fields.push(RecordField {
                            name: name.name.as_str().into(),
                            ty,
                            value: v,
                            span: *span,
                        });
                    }
                }
                BodyItem::Let { name, value, .. } => {
                    let v = self.expr(value, scope, Some(rec))?;
                    self.set_field(rec, &name.name, v, value.span)
                        .map_err(|d| Diagnostic {
                            span: Some(name.span),
                            ..d
                        })?;
                }
                BodyItem::Defvar(dv) => {
                    let v = self.expr(&dv.value, scope, Some(rec))?;
                    scope.locals.push((dv.name.name.clone(), v));
                }
                BodyItem::Assert(a) => {
                    let cond = self.expr(&a.cond, scope, Some(rec))?;
                    let message = self.expr(&a.message, scope, Some(rec))?;
                    rec.asserts.push(RecordAssert {
                        cond,
                        message,
                        span: a.span,
                    });
                }
            }
        }
        scope.locals.truncate(locals_mark);
        Ok(())
    }

    pub(super) fn set_field(
        &self,
        rec: &mut Record,
        name: &str,
        value: Value,
        span: Span,
    ) -> R<()> {
        match rec.fields.iter_mut().find(|f| *f.name == *name) {
            Some(f) => {
                f.value = value;
                f.span = span;
                Ok(())
            }
            None => Err(Diagnostic::error(
                span,
                format!("'{}' has no field named '{name}'", rec.name),
            )
            .with_label("unknown field")
            .undefined_name()),
        }
    }

    /// Copies `class` (with `args`) into `rec`. `NAME` is an implicit
    /// template argument of every class: into a def (`as_def`) it becomes
    /// the def's name, into a class that class's own `NAME`.
    pub(super) fn inherit(
        &mut self,
        rec: &mut Record,
        class: &str,
        args: Vec<Value>,
        span: Span,
        as_def: bool,
    ) -> R<()> {
        let Some(c) = self.records.classes.get(class) else {
            return Err(Diagnostic::error(span, format!("unknown class '{class}'")));
        };
        let name = if as_def {
            Value::Str(Text::from(rec.name.clone()))
        } else {
            Value::Arg(format!("{}:{NAME}", rec.name))
        };
        let name_arg = format!("{class}:{NAME}");
        let mut map: Vec<(&str, Value)> = Vec::with_capacity(c.template_args.len() + 1);
        // The implicit `NAME` comes first: it wins over a template
        // argument of that name, as in TableGen.
        map.push((&name_arg, name));
        map.extend(c.template_args.iter().map(|t| t.name.as_str()).zip(args));
        // A class's own list holds no name twice (it was built here), so
        // the first parent's is taken whole, without a search per name.
        let first_parent = rec.superclasses.is_empty();
        rec.superclasses.reserve(c.superclasses.len() + 1);
        for sc in c.superclasses.iter().chain(std::iter::once(&c.name)) {
            if first_parent || !rec.superclasses.contains(sc) {
                rec.superclasses.push(sc.clone());
            }
        }
        // The first parent of a record (the usual case) meets no field of
        // an earlier one: no search for a field to override.
        let fresh = rec.fields.is_empty();
        if fresh {
            rec.fields.reserve(c.fields.len());
        }
        for f in &c.fields {
            let value = subst(&f.value, &map);
            let existing = if fresh {
                None
            } else {
                rec.fields.iter_mut().find(|g| g.name == f.name)
            };
            match existing {
                Some(g) => {
                    if !same_type(&g.ty, &f.ty) {
                        return Err(Diagnostic::error(
                            span,
                            format!(
                                "field '{}' inherited from '{class}' has type '{}', but is already '{}'",
                                f.name, f.ty, g.ty
                            ),
                        ));
                    }
                    g.value = value;
                    g.span = f.span;
                }
                None => rec.fields.push(RecordField {
                    name: f.name.clone(),
                    ty: f.ty.clone(),
                    value,
                    span: f.span,
                }),
            }
        }
        for a in &c.asserts {
            rec.asserts.push(RecordAssert {
                cond: subst(&a.cond, &map),
                message: subst(&a.message, &map),
                span: a.span,
            });
        }
        Ok(())
    }

    /// Matches written arguments to a class's parameters; fills defaults.
    pub(super) fn bind_args(
        &self,
        class: &ast::Ident,
        params: &[TemplateArg],
        args: &[ast::Arg],
        scope: &mut Scope,
        rec: Option<&Record>,
        span: Span,
    ) -> R<Vec<Value>> {
        let short = |q: &str| q.rsplit(':').next().unwrap_or(q).to_string();
        let mut given: Vec<Option<Value>> = vec![None; params.len()];
        let mut positional = 0;
        let mut seen_named = false;
        for a in args {
            let v = self.expr(&a.value, scope, rec)?;
            match &a.name {
                None => {
                    if seen_named {
                        return Err(Diagnostic::error(
                            a.value.span,
                            "positional argument after a named argument",
                        ));
                    }
                    if positional >= params.len() {
                        return Err(Diagnostic::error(
                            a.value.span,
                            format!(
                                "too many template arguments for class '{}' (it takes {})",
                                class.name,
                                params.len()
                            ),
                        ));
                    }
                    given[positional] = Some(v);
                    positional += 1;
                }
                Some(n) => {
                    seen_named = true;
                    let Some(i) = params.iter().position(|p| short(&p.name) == n.name) else {
                        return Err(Diagnostic::error(
                            n.span,
                            format!(
                                "class '{}' has no template argument '{}'",
                                class.name, n.name
                            ),
                        ));
                    };
                    if given[i].is_some() {
                        return Err(Diagnostic::error(
                            n.span,
                            format!("template argument '{}' is given twice", n.name),
                        ));
                    }
                    given[i] = Some(v);
                }
            }
        }
        // Defaults may refer to the parameters before them: those are
        // kept for `subst` only when some parameter has a default.
        let has_defaults = params.iter().any(|p| p.default.is_some());
        let mut map: Vec<(&str, Value)> = Vec::new();
        let mut out = Vec::with_capacity(params.len());
        for (p, g) in params.iter().zip(given) {
            let v = match g {
                Some(v) => v,
                None => match &p.default {
                    Some(d) => subst(d, &map),
                    None => {
                        return Err(Diagnostic::error(
                            span,
                            format!(
                                "missing value for template argument '{}' of class '{}'",
                                short(&p.name),
                                class.name
                            ),
                        ))
                    }
                },
            };
            let v = if v.is_concrete() {
                convert(&self.records, v, &p.ty).map_err(|m| {
                    Diagnostic::error(span, format!("template argument '{}': {m}", short(&p.name)))
                })?
            } else {
                v
            };
            if has_defaults {
                map.push((&p.name, v.clone()));
            }
            out.push(v);
        }
        Ok(out)
    }

    pub(super) fn unknown_class(&self, name: &ast::Ident) -> Diagnostic {
        let mut d = Diagnostic::error(name.span, format!("unknown class '{}'", name.name))
            .with_label("no class with this name")
            .undefined_name();
        if let Some(file) = crate::stdlib::defining_file(&name.name) {
            d = d.with_note(
                None,
                format!("'{}' is defined in \"{file}\"; include it", name.name),
            );
        }
        if self.records.defs.contains_key(&name.name) {
            d = d.with_note(None, format!("'{}' is a def, not a class", name.name));
        }
        d
    }

    // ------------------------------------------------------------------- defs

    pub(super) fn def(&mut self, d: &ast::DefStmt) -> R<()> {
        let (name, anonymous) = match &d.name {
            Some(n) => {
                let name = self.made_name(n)?;
                if let Some(prev) = self.records.defs.get(&name) {
                    return Err(Diagnostic::error(
                        n.span(),
                        format!("def '{name}' is already defined"),
                    )
                    .with_note(Some(prev.span), "previous definition here"));
                }
                (name, false)
            }
            None => (self.fresh_anon_name(), true),
        };
        // Diagnostics about a named def point at its name.
        let span = d.name.as_ref().map_or(d.span, ast::DefName::span);
        let parents = self.def_parents(&d.parents);
        let mut rec = Record::new(name, span);
        rec.anonymous = anonymous;
        let filled = self.fill_record(&mut rec, &parents, &d.body, &mut Scope::default());
        let name = rec.name.clone();
        if let Err(e) = filled {
            // Recorded anyway (unevaluated) so later references resolve.
            self.records.def_order.push(rec.name.clone());
            self.records.defs.insert(rec.name.clone(), rec.into());
            return self.poison_on_error(&name, &parents, Err(e));
        }
        if self.poisoned.contains(&name)
            || parents.iter().any(|p| self.poisoned.contains(&p.name.name))
        {
            // Its fields are incomplete: evaluating them would only report
            // what the parent's error already explains.
            self.poisoned.insert(name.clone());
            self.records.def_order.push(name.clone());
            self.records.defs.insert(name, rec.into());
            return Ok(());
        }
        self.finish_def(rec)
    }

    pub(crate) fn fresh_anon_name(&mut self) -> String {
        loop {
            let n = format!("anonymous_{}", self.anon_count);
            self.anon_count += 1;
            if !self.records.defs.contains_key(&n) {
                return n;
            }
        }
    }

    /// Evaluates every field of a complete def, checks its assertions and
    /// stores it.
    pub(crate) fn finish_def(&mut self, mut rec: Record) -> R<()> {
        let fields = std::mem::take(&mut rec.fields);
        let n = fields.len();
        let mut env = Env::def_mode(fields);
        let mut first_err = None;
        for i in 0..n {
            if let Err((span, msg)) = self.eval_field(&mut env, i) {
                let d = Diagnostic::error(span, msg)
                    .with_note(Some(rec.span), format!("while resolving '{}'", rec.name));
                if first_err.is_none() {
                    first_err = Some(d);
                } else {
                    self.report(d);
                }
            }
        }
        if let Some(d) = first_err {
            rec.fields = env.take_fields();
            self.records.def_order.push(rec.name.clone());
            self.records.defs.insert(rec.name.clone(), rec.into());
            return Err(d);
        }
        // The assertions read the evaluated fields where they are (every
        // one is done, so a reference to one is a lookup, not a copy of
        // the def's fields).
        if !rec.asserts.is_empty() {
            let asserts = std::mem::take(&mut rec.asserts);
            for a in &asserts {
                self.check_assert(a, &mut env)
                    .map_err(|d| d.with_note(Some(rec.span), format!("in '{}'", rec.name)))?;
            }
        }
        rec.fields = env.take_fields();
        self.records.def_order.push(rec.name.clone());
        self.records.defs.insert(rec.name.clone(), rec.into());
        Ok(())
    }

    pub(super) fn check_assert(&mut self, a: &RecordAssert, env: &mut Env) -> R<()> {
        let c = self
            .eval(&a.cond, env)
            .map_err(|m| Diagnostic::error(a.span, m))?;
        match c.as_bool() {
            Some(true) => Ok(()),
            Some(false) => {
                let m = self.eval(&a.message, env).ok();
                let text = m
                    .as_ref()
                    .and_then(|m| m.as_str().map(str::to_string))
                    .unwrap_or_else(|| "assertion failed".to_string());
                Err(Diagnostic::error(
                    a.span,
                    format!("assertion failed: {text}"),
                ))
            }
            None => Err(Diagnostic::error(
                a.span,
                format!("assert condition is not a bit: {c}"),
            )),
        }
    }

    /// Instantiates `class<args>` as an anonymous def (once per distinct
    /// argument list) and returns its name.
    pub(crate) fn instantiate(&mut self, class: &str, args: Vec<Value>) -> Result<String, String> {
        let key = crate::record::class_inst_text(class, &args);
        if let Some(n) = self.anon_cache.get(&key) {
            return Ok(n.clone());
        }
        if self.inst_depth > 32 {
            return Err(format!(
                "instances of '{class}' nest too deeply (infinite recursion?)"
            ));
        }
        let span = self
            .records
            .classes
            .get(class)
            .map(|c| c.span)
            .ok_or_else(|| format!("unknown class '{class}'"))?;
        let name = self.fresh_anon_name();
        let mut rec = Record::new(name.clone(), span);
        rec.anonymous = true;
        self.inst_depth += 1;
        let result = self
            .inherit(&mut rec, class, args, span, true)
            .and_then(|()| self.finish_def(rec));
        self.inst_depth -= 1;
        result.map_err(|d| format!("in instance of '{class}': {}", d.message))?;
        self.anon_cache.insert(key, name.clone());
        Ok(name)
    }
}
