//! Syntax tree to records, with TableGen's meaning. Input: parsed files
//! (includes are loaded here: the embedded standard library first, then the
//! including file's directory, then `-I` directories). Output: a
//! [`RecordKeeper`] and the diagnostics found on the way.
//!
//! Semantics followed (checked against `mlir-tblgen --print-records`):
//! a record first takes its parents in order (each parent's superclasses,
//! then the parent; template arguments substituted), then the enclosing
//! top-level `let`s, then its own body. Field references are bound late: a
//! def's values are evaluated once the def is complete, so a `let` in a def
//! changes every field computed from it. Anonymous instances `C<args>` are
//! made into defs named `anonymous_N`, one per distinct argument list.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::ast::{self, BodyItem, Expr, ExprKind, Stmt, TypeExpr};
use crate::diag::{decode_source, Diagnostic, FileId, NotUtf8, SourceMap, Span};
use crate::eval::{convert, Env};
use crate::grammar;
use crate::record::{
    Dag, Record, RecordAssert, RecordField, RecordKeeper, TemplateArg, Text, Type, Value,
};

mod expand;

/// The implicit name of the record being made (TableGen's `NAME`).
const NAME: &str = "NAME";

/// Deepest chain of nested `include`s.
const MAX_INCLUDE_DEPTH: usize = 64;

/// Builds records from `.ods` sources.
pub struct Resolver<'s> {
    /// Every file read so far.
    pub sources: &'s mut SourceMap,
    include_dirs: Vec<PathBuf>,
    defines: HashSet<String>,
    /// Records built so far.
    pub records: RecordKeeper,
    globals: HashMap<String, Value>,
    lets: Vec<(String, Value, Span)>,
    /// Problems found so far.
    pub diags: Vec<Diagnostic>,
    anon_count: usize,
    pub(crate) anon_cache: HashMap<String, String>,
    include_depth: usize,
    pub(crate) inst_depth: usize,
    pub(crate) eval_depth: usize,
    /// Set once an include could not be found: from then on a name that is
    /// not defined may be one that file would have defined.
    include_failed: bool,
    /// Classes and defs that failed to build, or derive from one that did:
    /// their fields are incomplete, so a missing field in them is no news.
    poisoned: HashSet<String>,
    /// Multiclasses by name, for `defm`.
    multiclasses: HashMap<String, Arc<ast::MultiClassDef>>,
    /// The `defm`s whose multiclass bodies are running, innermost last.
    defm_frames: Vec<expand::DefmFrame>,
}

/// The state of a [`Resolver`] between files (see [`Resolver::snapshot`]).
#[derive(Clone)]
pub(crate) struct Snapshot {
    records: RecordKeeper,
    globals: HashMap<String, Value>,
    defines: HashSet<String>,
    anon_count: usize,
    anon_cache: HashMap<String, String>,
    poisoned: HashSet<String>,
    multiclasses: HashMap<String, Arc<ast::MultiClassDef>>,
}

/// What names mean inside the record being built.
#[derive(Default)]
struct Scope {
    /// The class whose template arguments are visible.
    class: Option<String>,
    /// Unqualified template argument names.
    targs: Vec<String>,
    /// `defvar`s and bound variables, innermost last.
    locals: Vec<(String, Value)>,
}

type R<T> = Result<T, Diagnostic>;

/// Bang operators we know, with their operand counts (min, max).
const BANG_OPS: &[(&str, usize, usize)] = &[
    ("strconcat", 0, usize::MAX),
    ("listconcat", 0, usize::MAX),
    ("interleave", 2, 2),
    ("if", 3, 3),
    ("eq", 2, 2),
    ("ne", 2, 2),
    ("le", 2, 2),
    ("lt", 2, 2),
    ("ge", 2, 2),
    ("gt", 2, 2),
    ("cast", 1, 1),
    ("isa", 1, 1),
    ("exists", 1, 1),
    ("empty", 1, 1),
    ("size", 1, 1),
    ("head", 1, 1),
    ("tail", 1, 1),
    ("foldl", 5, 5),
    ("foreach", 3, 3),
    ("filter", 3, 3),
    ("subst", 3, 3),
    ("con", 0, usize::MAX),
    ("and", 1, usize::MAX),
    ("or", 1, usize::MAX),
    ("xor", 1, usize::MAX),
    ("not", 1, 1),
    ("add", 1, usize::MAX),
    ("sub", 2, 2),
    ("mul", 1, usize::MAX),
    ("shl", 2, 2),
    ("srl", 2, 2),
    ("sra", 2, 2),
    ("range", 1, 3),
    ("listsplat", 2, 2),
    ("listremove", 2, 2),
    ("dag", 3, 3),
    ("tolower", 1, 1),
    ("toupper", 1, 1),
    ("substr", 2, 3),
    ("find", 2, 3),
    ("initialized", 1, 1),
    ("getdagop", 1, 1),
    ("repr", 1, 1),
];

impl<'s> Resolver<'s> {
    /// A resolver that looks up includes in `include_dirs` (after the
    /// embedded standard library and the including file's directory).
    pub fn new(sources: &'s mut SourceMap, include_dirs: Vec<PathBuf>) -> Self {
        Resolver {
            sources,
            include_dirs,
            defines: HashSet::new(),
            records: RecordKeeper::default(),
            globals: HashMap::new(),
            lets: Vec::new(),
            diags: Vec::new(),
            anon_count: 0,
            anon_cache: HashMap::new(),
            include_depth: 0,
            inst_depth: 0,
            eval_depth: 0,
            include_failed: false,
            poisoned: HashSet::new(),
            multiclasses: HashMap::new(),
            defm_frames: Vec::new(),
        }
    }

    /// Parses and resolves one source file (and what it includes).
    pub fn add_source(&mut self, name: &str, text: &str) {
        let file = self.sources.add(name, text);
        self.run_file(file);
    }

    /// Everything built so far, to resume from with [`Resolver::resume`]
    /// (errors and enclosing `let`s are not part of it: take it between
    /// files, after a clean run).
    pub(crate) fn snapshot(&self) -> Snapshot {
        Snapshot {
            records: self.records.clone(),
            globals: self.globals.clone(),
            defines: self.defines.clone(),
            anon_count: self.anon_count,
            anon_cache: self.anon_cache.clone(),
            poisoned: self.poisoned.clone(),
            multiclasses: self.multiclasses.clone(),
        }
    }

    /// A resolver that goes on from `snap`, over the files of `sources`
    /// (which must hold the files `snap` was built from, at the same ids).
    pub(crate) fn resume(
        sources: &'s mut SourceMap,
        include_dirs: Vec<PathBuf>,
        snap: Snapshot,
    ) -> Self {
        let mut r = Resolver::new(sources, include_dirs);
        r.records = snap.records;
        r.globals = snap.globals;
        r.defines = snap.defines;
        r.anon_count = snap.anon_count;
        r.anon_cache = snap.anon_cache;
        r.poisoned = snap.poisoned;
        r.multiclasses = snap.multiclasses;
        r
    }

    /// Resolves a file already in the source map.
    pub(crate) fn run_file(&mut self, file: FileId) {
        self.run_file_after(file, 0);
    }

    /// Resolves a file already in the source map from byte `start` on (a
    /// char boundary): what comes before was resolved already
    /// ([`Resolver::resume`]). Offsets, so spans, stay the file's.
    pub(crate) fn run_file_after(&mut self, file: FileId, start: usize) {
        let mut text = self.sources.file(file).text.clone();
        text.replace_range(..start, &" ".repeat(start));
        match grammar::parse_file(&text, file, &mut self.defines) {
            Ok(ast) => self.stmts(&ast.stmts, file),
            Err(ds) => self.diags.extend(ds),
        }
    }

    fn stmts(&mut self, stmts: &[Stmt], file: FileId) {
        for s in stmts {
            if let Err(d) = self.stmt(s, file) {
                self.report(d);
            }
        }
    }

    /// Records `d` unless it is a consequence of an error already reported
    /// (rustc-like: the root cause, not its cascade).
    fn report(&mut self, d: Diagnostic) {
        if !(d.undefined_name && self.include_failed) {
            self.diags.push(d);
        }
    }

    /// Builds a record, poisoning it when it or a parent failed. An
    /// undefined-name error inside a record with a poisoned parent is
    /// dropped: the parent's missing fields explain it.
    fn poison_on_error(&mut self, name: &str, parents: &[ast::ParentRef], result: R<()>) -> R<()> {
        let parent_poisoned = parents.iter().any(|p| self.poisoned.contains(&p.name.name));
        if parent_poisoned || result.is_err() {
            self.poisoned.insert(name.to_string());
        }
        match result {
            Err(d) if parent_poisoned && d.undefined_name => Ok(()),
            r => r,
        }
    }

    fn stmt(&mut self, s: &Stmt, file: FileId) -> R<()> {
        match s {
            Stmt::Include { path, span } => self.include(path, *span, file),
            Stmt::Class(c) => self.class(c),
            Stmt::Def(d) => self.def(d),
            Stmt::Foreach {
                var, list, body, ..
            } => self.foreach(var, list, body, file),
            Stmt::If {
                cond,
                then_body,
                else_body,
                ..
            } => self.if_stmt(cond, then_body, else_body, file),
            Stmt::MultiClass(mc) => self.multiclass(mc),
            Stmt::Defm(d) => self.defm(d, file),
            Stmt::Let {
                bindings,
                body,
                span: _,
            } => {
                let mark = self.lets.len();
                let mut result = Ok(());
                for b in bindings {
                    match self.expr(&b.value, &mut Scope::default(), None) {
                        Ok(v) => {
                            let v = self.simplify(&v);
                            self.lets.push((b.name.name.clone(), v, b.value.span));
                        }
                        Err(d) => {
                            result = Err(d);
                            break;
                        }
                    }
                }
                if result.is_ok() {
                    self.stmts(body, file);
                }
                self.lets.truncate(mark);
                result
            }
            Stmt::Defvar(dv) => {
                if self.globals.contains_key(&dv.name.name) {
                    return Err(Diagnostic::error(
                        dv.name.span,
                        format!("'{}' is already defined", dv.name.name),
                    ));
                }
                let v = self.expr(&dv.value, &mut Scope::default(), None)?;
                let v = self.simplify(&v);
                self.globals.insert(dv.name.name.clone(), v);
                Ok(())
            }
            Stmt::Assert(a) => {
                let cond = self.expr(&a.cond, &mut Scope::default(), None)?;
                let message = self.expr(&a.message, &mut Scope::default(), None)?;
                let ra = RecordAssert {
                    cond,
                    message,
                    span: a.span,
                };
                self.check_assert(&ra, &mut Env::class_mode())
            }
        }
    }

    fn include(&mut self, path: &str, span: Span, from: FileId) -> R<()> {
        if self.include_depth >= MAX_INCLUDE_DEPTH {
            return Err(Diagnostic::error(
                span,
                format!("includes nested more than {MAX_INCLUDE_DEPTH} deep (an include cycle?)"),
            ));
        }
        let Some((name, text)) = self.find_include(path, from) else {
            let mut d = Diagnostic::error(span, format!("could not find include file '{path}'"))
                .with_label("not in the standard library or any include directory");
            if !self.include_failed {
                d = d.with_note(
                    None,
                    "undefined names after this point are not reported: the missing file may define them",
                );
            }
            self.include_failed = true;
            return Err(d);
        };
        let text = match text {
            Ok(text) => text,
            Err(bad) => {
                let file = self.sources.add(name, bad.lossy.clone());
                return Err(bad.diagnostic(file));
            }
        };
        let file = self.sources.add(name, text);
        self.include_depth += 1;
        self.run_file(file);
        self.include_depth -= 1;
        Ok(())
    }

    /// The name and text of the file `include "path"` names; the text is an
    /// error when the file is not UTF-8.
    fn find_include(&self, path: &str, from: FileId) -> Option<(String, Result<String, NotUtf8>)> {
        if let Some(text) = crate::stdlib::lookup(path) {
            return Some((format!("<ods-std>/{path}"), Ok(text.to_string())));
        }
        let from_dir = Path::new(&self.sources.file(from).name)
            .parent()
            .map(Path::to_path_buf);
        let candidates = from_dir
            .into_iter()
            .chain(self.include_dirs.iter().cloned());
        for dir in candidates {
            let p = dir.join(path);
            if let Ok(bytes) = std::fs::read(&p) {
                return Some((p.display().to_string(), decode_source(bytes)));
            }
        }
        None
    }

    // ---------------------------------------------------------------- classes

    fn class(&mut self, c: &ast::ClassDef) -> R<()> {
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
            f.value = self
                .eval(&f.value, &mut env)
                .unwrap_or_else(|_| f.value.clone());
            if let Ok(v) = convert(&self.records, f.value.clone(), &f.ty) {
                f.value = v;
            }
        }
        self.records.classes.insert(name.clone(), rec);
        self.poison_on_error(name, &c.parents, result)
    }

    /// Parents, then enclosing `let`s, then the body: TableGen's order.
    fn fill_record(
        &mut self,
        rec: &mut Record,
        parents: &[ast::ParentRef],
        body: &[BodyItem],
        scope: &mut Scope,
    ) -> R<()> {
        for p in parents {
            let class = self
                .records
                .classes
                .get(&p.name.name)
                .ok_or_else(|| self.unknown_class(&p.name))?;
            let params = class.template_args.clone();
            let args = self.bind_args(&p.name, &params, &p.args, scope, Some(rec), p.span)?;
            let as_def = scope.class.is_none();
            self.inherit(rec, &p.name.name, args, p.span, as_def)?;
        }
        for (name, value, span) in self.lets.clone() {
            self.set_field(rec, &name, value, span)?;
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
                            name: name.name.clone(),
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

    fn set_field(&self, rec: &mut Record, name: &str, value: Value, span: Span) -> R<()> {
        match rec.fields.iter_mut().find(|f| f.name == name) {
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
    fn inherit(
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
        let mut map: HashMap<String, Value> = c
            .template_args
            .iter()
            .map(|t| t.name.clone())
            .zip(args)
            .collect();
        let name = if as_def {
            Value::Str(Text::from(rec.name.clone()))
        } else {
            Value::Arg(format!("{}:{NAME}", rec.name))
        };
        map.insert(format!("{class}:{NAME}"), name);
        for sc in c.superclasses.iter().chain(std::iter::once(&c.name)) {
            if !rec.superclasses.contains(sc) {
                rec.superclasses.push(sc.clone());
            }
        }
        // The first parent of a record (the usual case) meets no field of
        // an earlier one: no search for a field to override.
        let fresh = rec.fields.is_empty();
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
    fn bind_args(
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
        let mut map = HashMap::new();
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
            map.insert(p.name.clone(), v.clone());
            out.push(v);
        }
        Ok(out)
    }

    fn unknown_class(&self, name: &ast::Ident) -> Diagnostic {
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

    fn def(&mut self, d: &ast::DefStmt) -> R<()> {
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
            self.records.defs.insert(rec.name.clone(), rec);
            return self.poison_on_error(&name, &parents, Err(e));
        }
        if self.poisoned.contains(&name)
            || parents.iter().any(|p| self.poisoned.contains(&p.name.name))
        {
            // Its fields are incomplete: evaluating them would only report
            // what the parent's error already explains.
            self.poisoned.insert(name.clone());
            self.records.def_order.push(name.clone());
            self.records.defs.insert(name, rec);
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
        rec.fields = env.take_fields();
        if let Some(d) = first_err {
            self.records.def_order.push(rec.name.clone());
            self.records.defs.insert(rec.name.clone(), rec);
            return Err(d);
        }
        if !rec.asserts.is_empty() {
            let asserts = std::mem::take(&mut rec.asserts);
            let mut env = Env::def_mode(rec.fields.clone());
            for a in &asserts {
                self.check_assert(a, &mut env)
                    .map_err(|d| d.with_note(Some(rec.span), format!("in '{}'", rec.name)))?;
            }
        }
        self.records.def_order.push(rec.name.clone());
        self.records.defs.insert(rec.name.clone(), rec);
        Ok(())
    }

    fn check_assert(&mut self, a: &RecordAssert, env: &mut Env) -> R<()> {
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
        let key = format!("{}", Value::ClassInst(class.to_string(), args.clone()));
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

    /// Folds what can be folded without a record (class bodies, globals).
    fn simplify(&mut self, v: &Value) -> Value {
        self.eval(v, &mut Env::class_mode())
            .unwrap_or_else(|_| v.clone())
    }

    // ------------------------------------------------------------ expressions

    fn ty(&self, t: &TypeExpr, current_class: Option<&str>) -> R<Type> {
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

    fn expr(&self, e: &Expr, scope: &mut Scope, rec: Option<&Record>) -> R<Value> {
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
    fn paste_operand(&self, e: &Expr, scope: &mut Scope, rec: Option<&Record>) -> R<Value> {
        match &e.kind {
            ExprKind::Ident(name) => match self.lookup(name, e.span, scope, rec) {
                Ok(v) => Ok(v),
                Err(_) => Ok(Value::Str(Text::written(name.clone(), e.span))),
            },
            _ => self.expr(e, scope, rec),
        }
    }

    fn lookup(&self, name: &str, span: Span, scope: &Scope, rec: Option<&Record>) -> R<Value> {
        if let Some((_, v)) = scope.locals.iter().rev().find(|(n, _)| n == name) {
            return Ok(v.clone());
        }
        if name == NAME {
            // In a class: the name of each def made from it, bound by
            // `inherit`. Elsewhere: the enclosing `defm`'s name (a global
            // while its multiclass runs), else the def's own.
            if let Some(class) = &scope.class {
                return Ok(Value::Arg(format!("{class}:{NAME}")));
            }
            if let Some(v) = self.globals.get(NAME) {
                return Ok(v.clone());
            }
            if let Some(r) = rec {
                return Ok(Value::Str(Text::from(r.name.clone())));
            }
        }
        if scope.targs.iter().any(|t| t == name) {
            let class = scope.class.as_deref().unwrap_or_default();
            return Ok(Value::Arg(format!("{class}:{name}")));
        }
        if rec.is_some_and(|r| r.field(name).is_some()) {
            return Ok(Value::Field(name.to_string()));
        }
        if let Some(v) = self.globals.get(name) {
            return Ok(v.clone());
        }
        if self.records.defs.contains_key(name) {
            return Ok(Value::Def(name.to_string()));
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

    fn bang(
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
fn same_type(a: &Type, b: &Type) -> bool {
    let stringy = |t: &Type| matches!(t, Type::String | Type::Code);
    a == b || (stringy(a) && stringy(b))
}

/// Replaces template arguments (by qualified name) with values.
pub fn subst(v: &Value, map: &HashMap<String, Value>) -> Value {
    if map.is_empty() {
        return v.clone();
    }
    match v {
        Value::Arg(n) => map.get(n).cloned().unwrap_or_else(|| v.clone()),
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

#[cfg(test)]
mod tests {
    use crate::record::Value;

    fn records(src: &str) -> crate::record::RecordKeeper {
        match crate::compile("t.ods", src, &[]) {
            Ok(c) => c.records,
            Err(e) => panic!("{}", e.render()),
        }
    }

    fn errors(src: &str) -> Vec<String> {
        match crate::compile("t.ods", src, &[]) {
            Ok(_) => panic!("expected errors"),
            Err(e) => e.diagnostics.iter().map(|d| d.message.clone()).collect(),
        }
    }

    #[test]
    fn template_args_inheritance_and_late_binding() {
        let r = records(
            r#"class A<int x, string s = "d"> { int X = x; string S = s; string T = S # "!"; }
               class B<int y> : A<y, "b"> { let S = "bb" # y; }
               def d1 : B<3> { let X = 9; }
               let S = "top" in def d2 : A<1>;
               def d3 : A<1> { let S = "body"; }"#,
        );
        let d1 = r.def("d1").unwrap();
        assert_eq!(d1.superclasses, ["A", "B"]);
        assert_eq!(d1.value("X"), Some(&Value::Int(9)));
        assert_eq!(d1.str_field("T"), Some("bb3!"));
        assert_eq!(r.def("d2").unwrap().str_field("T"), Some("top!"));
        assert_eq!(r.def("d3").unwrap().str_field("S"), Some("body"));
    }

    #[test]
    fn anonymous_instances_are_shared() {
        let r = records(
            "class C<int n> { int v = !mul(n, 2); } def a { C x = C<2>; C y = C<2>; int z = x.v; }",
        );
        let a = r.def("a").unwrap();
        assert_eq!(a.value("x"), a.value("y"));
        assert_eq!(a.value("z"), Some(&Value::Int(4)));
        assert_eq!(r.defs.len(), 2);
    }

    #[test]
    fn bang_operators_fold() {
        let r = records(
            r#"def ins; def a { list<int> l = [1, 2, 3];
               int s = !foldl(0, l, acc, x, !add(acc, x));
               list<string> f = !foreach(x, l, "v" # x);
               string i = !interleave(!filter(x, l, !gt(x, 1)), ",");
               bit e = !empty(l); int h = !head(!tail(l)); int sz = !size(l);
               dag d = !con((ins ins:$a), (ins ins:$b));
               string c = !cond(!eq(s, 6) : "six", true : "other");
               bits<4> b = 0b0101; int bi = b;
               list<int> r = !listremove(l, [2, 7]);
               dag g = !dag(ins, [1, 2], ["x", ?]); }"#,
        );
        let a = r.def("a").unwrap();
        assert_eq!(a.value("s"), Some(&Value::Int(6)));
        assert_eq!(a.value("f").unwrap().to_string(), r#"["v1", "v2", "v3"]"#);
        assert_eq!(a.str_field("i"), Some("2,3"));
        assert_eq!(a.value("e"), Some(&Value::Bit(false)));
        assert_eq!(a.value("h"), Some(&Value::Int(2)));
        assert_eq!(a.value("sz"), Some(&Value::Int(3)));
        assert_eq!(a.value("d").unwrap().to_string(), "(ins ins:$a, ins:$b)");
        assert_eq!(a.str_field("c"), Some("six"));
        assert_eq!(a.value("bi"), Some(&Value::Int(5)));
        assert_eq!(a.value("r").unwrap().to_string(), "[1, 3]");
        assert_eq!(a.value("g").unwrap().to_string(), "(ins 1:$x, 2)");
    }

    #[test]
    fn foreach_if_and_multiclasses_make_defs() {
        let r = records(
            r#"class Op<string m> { string mnemonic = m; string cls = !subst("T_", "", NAME); }
               foreach i = !range(0, 2) in {
                 defvar s = "r" # i;
                 def T_Reg # i # Op : Op<s>;
               }
               foreach w = [8, 16] in if !gt(w, 8) then def T_Wide # w : Op<"w">; else def T_Narrow # w : Op<"n">;
               class Extra { int extra = 1; }
               multiclass XYZ<string m, string suffix = ".x"> {
                 def XOp : Op<m # suffix>;
                 def NAME # _Last : Op<m>;
               }
               multiclass Outer<string m> { defm _In : XYZ<m, ".i">; }
               defm T_Id : XYZ<"id">, Extra;
               defm T_Nest : Outer<"n">;"#,
        );
        let op = |n: &str| {
            let d = r.def(n).unwrap_or_else(|| panic!("no def {n}"));
            d.str_field("mnemonic").unwrap().to_string()
        };
        assert_eq!(op("T_Reg0Op"), "r0");
        assert_eq!(op("T_Reg1Op"), "r1");
        assert_eq!(r.def("T_Reg1Op").unwrap().str_field("cls"), Some("Reg1Op"));
        assert_eq!((op("T_Narrow8"), op("T_Wide16")), ("n".into(), "w".into()));
        assert!(r.def("T_Wide8").is_none() && r.def("T_Narrow16").is_none());
        assert_eq!(op("T_IdXOp"), "id.x");
        assert_eq!(op("T_Id_Last"), "id");
        assert_eq!(
            r.def("T_IdXOp").unwrap().value("extra"),
            Some(&Value::Int(1))
        );
        assert_eq!(op("T_Nest_InXOp"), "n.i");
        let errs = errors("multiclass M { def A; } defm X : Nope;");
        assert!(
            errs[0].contains("'defm' must name at least one multiclass"),
            "{errs:?}"
        );
        let errs = errors("foreach i = 3 in def A;");
        assert!(errs[0].contains("'foreach' needs a list"), "{errs:?}");
    }

    #[test]
    fn an_unknown_library_name_says_which_include_defines_it() {
        let src = "def X { list<int> t = [SameOperandsAndResultType]; }\ndef Y : Pure;";
        let e = crate::compile("t.ods", src, &[]).unwrap_err().render();
        assert!(
            e.contains("note: 'SameOperandsAndResultType' is defined in \"mlir/Interfaces/InferTypeOpInterface.td\"; include it"),
            "{e}"
        );
        let e = crate::compile("t.ods", "class C : Pure;", &[])
            .unwrap_err()
            .render();
        assert!(
            e.contains("'Pure' is defined in \"mlir/Interfaces/SideEffectInterfaces.td\""),
            "{e}"
        );
        let e = crate::compile("t.ods", "def X { int y = nowhere; }", &[])
            .unwrap_err()
            .render();
        assert!(!e.contains("is defined in"), "{e}");
    }

    #[test]
    fn reports_several_errors() {
        let errs = errors("def a : Nope; def b { let q = 1; } def c { int x = y; }");
        assert_eq!(errs.len(), 3, "{errs:?}");
        assert!(errs[0].contains("unknown class 'Nope'"));
        assert!(errs[1].contains("no field named 'q'"));
        assert!(errs[2].contains("unknown name 'y'"));
    }

    #[test]
    fn type_errors_and_cycles() {
        let errs = errors("class K; def k; def a { K x = k; }");
        assert!(errs[0].contains("'k' is not a 'K'"), "{errs:?}");
        let errs = errors("def a { int x = y; int y = x; }");
        assert!(errs[0].contains("unknown name 'y'"), "{errs:?}");
        let errs = errors("class A { int x = y; int y = x; } def a : A;");
        assert!(errs[0].contains("unknown name"), "{errs:?}");
        let errs = errors("class A { int x; int y = x; } def a : A { let x = y; }");
        assert!(errs[0].contains("depends on its own value"), "{errs:?}");
        let errs = errors("class A<int n> { A x = A<!add(n, 1)>; }");
        assert!(errs[0].contains("cannot instantiate itself"), "{errs:?}");
    }

    #[test]
    fn deep_evaluation_is_an_error_or_a_value_never_a_crash() {
        // As deep as the grammar allows, on a small test-thread stack.
        let src = format!(
            "def A {{ int x = {}1{}; }}",
            "!add(1, ".repeat(95),
            ")".repeat(95)
        );
        let r = records(&src);
        assert_eq!(r.def("A").unwrap().value("x"), Some(&Value::Int(96)));
        // Chains of fields and of anonymous instances share one budget.
        let mut chain = String::from("def B { ");
        for i in 0..400 {
            chain.push_str(&format!("int f{i} = 0; "));
        }
        for i in 0..399 {
            chain.push_str(&format!("let f{i} = !add(f{}, 1); ", i + 1));
        }
        chain.push('}');
        let errs = errors(&chain);
        assert!(
            errs.iter().any(|e| e.contains("nested too deeply")),
            "{errs:?}"
        );
        let errs = errors("class N<int n> { N next = N<!add(n, 1)>; } def S { N s = N<0>; }");
        assert!(!errs.is_empty());
    }

    #[test]
    fn assertions_are_checked() {
        let errs =
            errors(r#"class A<int n> { assert !gt(n, 0), "n must be positive"; } def a : A<0>;"#);
        assert!(errs[0].contains("n must be positive"), "{errs:?}");
    }
}
