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

    /// `diag` and its notes as LLVM's source manager prints them. A note at
    /// the very place of its diagnostic shows no second copy of the line.
    fn render(&self, diag: &Diagnostic, out: &mut String) {
        self.render_one(diag, out, true);
        for note in &diag.notes {
            let show = note.loc != diag.loc || note.severity != Severity::Note;
            self.render_one(note, out, show);
        }
    }

    fn render_one(&self, diag: &Diagnostic, out: &mut String, show_source: bool) {
        let severity = diag.severity.as_str();
        let DiagLoc::FileLineCol { file, line, col } = &diag.loc else {
            let _ = writeln!(out, "<unknown>:0: {severity}: {}", diag.message);
            return;
        };
        let _ = writeln!(out, "{file}:{line}:{col}: {severity}: {}", diag.message);
        let text = self.sources.find(file).and_then(|f| f.line_text(*line));
        if let Some(text) = text.filter(|_| show_source) {
            write_source_line(text, *col as usize, out);
        }
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

/// Columns between tab stops when LLVM prints a source line.
const TAB_STOP: usize = 8;

/// The source line and the caret under column `col` (1-based), as
/// `SMDiagnostic::print` writes them: tabs expanded to the next tab stop
/// in both lines (a caret on a tab is repeated across it).
fn write_source_line(text: &[u8], col: usize, out: &mut String) {
    let mut line = Vec::with_capacity(text.len());
    for &b in text {
        if b == b'\t' {
            line.push(b' ');
            while line.len() % TAB_STOP != 0 {
                line.push(b' ');
            }
        } else {
            line.push(b);
        }
    }
    out.push_str(&String::from_utf8_lossy(&line));
    out.push('\n');
    let caret_at = col.saturating_sub(1);
    let mut caret = String::new();
    let mut out_col = 0;
    for i in 0..=caret_at {
        let c = if i == caret_at { '^' } else { ' ' };
        caret.push(c);
        out_col += 1;
        if text.get(i) == Some(&b'\t') {
            while out_col % TAB_STOP != 0 {
                caret.push(c);
                out_col += 1;
            }
        }
    }
    out.push_str(&caret);
    out.push('\n');
}
