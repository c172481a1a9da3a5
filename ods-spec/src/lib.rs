//! The `.ods` spec compiler. Text goes through grammar (pest) -> AST ->
//! record resolution -> op model -> Rust code / Markdown docs. This crate
//! never links the IR runtime: it only writes code that targets it.

pub mod ast;
pub mod diag;
pub mod eval;
pub mod grammar;
pub mod record;
pub mod resolve;
pub mod stdlib;

use std::path::PathBuf;

use diag::{Diagnostic, SourceMap};
use record::RecordKeeper;

/// A successful compilation: the records and the files they came from.
#[derive(Debug)]
pub struct Compilation {
    /// Every file read (the main file first).
    pub sources: SourceMap,
    /// All classes and defs.
    pub records: RecordKeeper,
}

/// A failed compilation: what went wrong, and the files to show it in.
#[derive(Debug)]
pub struct CompileError {
    /// Every file read.
    pub sources: SourceMap,
    /// One entry per problem, in the order found.
    pub diagnostics: Vec<Diagnostic>,
}

impl CompileError {
    /// The diagnostics as rustc-like text.
    pub fn render(&self) -> String {
        self.sources.render_all(&self.diagnostics)
    }
}

/// Compiles `.ods` source text (named `name` in diagnostics) to records.
/// Includes are looked up in the embedded standard library, the directory
/// of `name`, then `include_dirs`. Pure apart from reading include files;
/// never panics on any input.
pub fn compile(
    name: &str,
    src: &str,
    include_dirs: &[PathBuf],
) -> Result<Compilation, CompileError> {
    let mut sources = SourceMap::default();
    let (records, diags) = {
        let mut r = resolve::Resolver::new(&mut sources, include_dirs.to_vec());
        r.add_source(name, src);
        (std::mem::take(&mut r.records), std::mem::take(&mut r.diags))
    };
    if diags.is_empty() {
        Ok(Compilation { sources, records })
    } else {
        Err(CompileError {
            sources,
            diagnostics: diags,
        })
    }
}

/// Markdown documentation of the dialect in `compilation` (placeholder
/// until the op model lands).
pub fn generate_dialect_doc(
    compilation: &Compilation,
    _dialect: Option<&str>,
) -> Result<String, CompileError> {
    Err(CompileError {
        sources: compilation.sources.clone(),
        diagnostics: vec![Diagnostic::error_nowhere(
            "--gen-dialect-doc is not implemented yet",
        )],
    })
}
