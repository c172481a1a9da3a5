//! How toyc writes diagnostics, which depends on the chapter: chapter 2
//! leaves MLIR's default handler in place, chapter 3 on installs the
//! source manager's (`SourceMgrDiagnosticHandler`).
//!
//! | style | an error | notes |
//! | --- | --- | --- |
//! | [`DiagnosticStyle::Default`] | `loc("f.toy":3:7): error: msg`, or `error: msg` without a location | not written |
//! | [`DiagnosticStyle::SourceManager`] | `f.toy:3:7: error: msg`, the source line and a caret; `<unknown>:0: error: msg` | written the same way |
//!
//! The source manager quotes lines of the MLIR input it parsed, and of any
//! other file a location names, read from disk when first needed (as
//! LLVM's source manager opens the `.toy` file a location names); a file
//! that cannot be read is quoted by place only.

use std::collections::HashSet;
use std::fmt::Write as _;

use ods_runtime::ir::printer::attrs::print_attribute_str;
use ods_runtime::ir::{Context, DiagLoc, Diagnostic, Severity, SourceFile, SourceManager};

/// Which diagnostic handler a chapter's toyc installs.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum DiagnosticStyle {
    /// MLIR's default: errors only, with the location as an attribute.
    Default,
    /// `SourceMgrDiagnosticHandler`: every severity, with source lines.
    SourceManager,
}

/// Writes diagnostics in one style.
#[derive(Debug)]
pub struct DiagnosticWriter {
    style: DiagnosticStyle,
    sources: SourceManager,
    /// Files already looked for on disk (found or not).
    tried: HashSet<String>,
}

impl DiagnosticWriter {
    /// A writer in `style`, knowing no source yet.
    pub fn new(style: DiagnosticStyle) -> Self {
        DiagnosticWriter {
            style,
            sources: SourceManager::new(),
            tried: HashSet::new(),
        }
    }

    /// Adds a buffer (the parsed MLIR input) that locations may point in.
    pub fn add_source(&mut self, file: SourceFile) {
        self.tried.insert(file.name.clone());
        self.sources.add(file);
    }

    /// The buffers known so far.
    pub fn sources(&self) -> &SourceManager {
        &self.sources
    }

    /// Writes `diag` (and its notes, as the style does) to `out`.
    pub fn write(&mut self, ctx: &mut Context, diag: &Diagnostic, out: &mut String) {
        match self.style {
            DiagnosticStyle::Default => write_default(ctx, diag, out),
            DiagnosticStyle::SourceManager => {
                for d in std::iter::once(diag).chain(&diag.notes) {
                    self.load(&d.loc);
                }
                self.render(diag, out);
            }
        }
    }

    /// Writes every diagnostic of `diags`, in order.
    pub fn write_all(&mut self, ctx: &mut Context, diags: &[Diagnostic], out: &mut String) {
        for d in diags {
            self.write(ctx, d, out);
        }
    }

    /// `diag` and its notes as LLVM's source manager prints them (one
    /// renderer with `mlir-opt`'s).
    fn render(&self, diag: &Diagnostic, out: &mut String) {
        out.push_str(&self.sources.render(diag));
    }

    /// Reads the file `loc` names, once, if it is not known yet.
    fn load(&mut self, loc: &DiagLoc) {
        let DiagLoc::FileLineCol { file, .. } = loc else {
            return;
        };
        if !self.tried.insert(file.clone()) {
            return;
        }
        if let Ok(bytes) = std::fs::read(file) {
            self.sources.add(SourceFile::new(file, bytes));
        }
    }
}

/// An error as MLIR's default handler writes it when no other handler is
/// installed: `loc(...): error: message`, or `error: message` without a
/// location; notes and other severities are not written.
fn write_default(ctx: &mut Context, diag: &Diagnostic, out: &mut String) {
    if diag.severity != Severity::Error {
        return;
    }
    if let DiagLoc::FileLineCol { file, line, col } = &diag.loc {
        let loc = ctx.file_line_col_loc(file, *line, *col);
        let _ = write!(out, "{}: ", print_attribute_str(ctx, loc));
    }
    let _ = writeln!(out, "error: {}", diag.message);
}
