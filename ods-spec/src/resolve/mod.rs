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

use crate::ast::{self, Stmt};
use crate::diag::{decode_source, Diagnostic, FileId, NotUtf8, SourceMap, Span};
use crate::eval::Env;
use crate::grammar;
use crate::record::{RecordAssert, RecordKeeper, Value};

mod expand;
mod records;
mod values;

pub use values::subst;

/// The implicit name of the record being made (TableGen's `NAME`).
const NAME: &str = "NAME";

/// Deepest chain of nested `include`s.
const MAX_INCLUDE_DEPTH: usize = 64;

/// How the name of an embedded library file starts in the source map.
const LIBRARY_PREFIX: &str = "<ods-std>/";

/// The standard library's syntax trees, parsed by the build script
/// (`ods-spec/build.rs`; read by [`grammar::parse_library_file`]).
pub(crate) static LIBRARY_TREES: &[u8] =
    include_bytes!(concat!(env!("OUT_DIR"), "/stdlib_ast.bin"));

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

    /// The records `snap` holds.
    pub(crate) fn snapshot_records(snap: &Snapshot) -> &RecordKeeper {
        &snap.records
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
        let source = self.sources.file(file);
        // A library file read whole: its tree may come from the build.
        let library = source
            .name
            .strip_prefix(LIBRARY_PREFIX)
            .filter(|_| start == 0)
            .map(|path| match path.strip_suffix(".ods") {
                Some(stem) => format!("{stem}.td"),
                None => path.to_string(),
            });
        // The text before `start` reads as blanks (a copy only then).
        let blanked;
        let text = if start == 0 {
            source.text.as_str()
        } else {
            blanked = format!("{}{}", " ".repeat(start), &source.text[start..]);
            blanked.as_str()
        };
        let parsed = match library {
            Some(path) => {
                grammar::parse_library_file(text, file, &mut self.defines, &path, LIBRARY_TREES)
            }
            None => grammar::parse_file(text, file, &mut self.defines),
        };
        match parsed {
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
            return Some((format!("{LIBRARY_PREFIX}{path}"), Ok(text.to_string())));
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
}

#[cfg(test)]
mod tests;
