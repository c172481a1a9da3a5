//! Diagnostics: errors, warnings, remarks and notes, printed the way
//! `mlir-opt` prints them.
//!
//! In: a severity, a message and a place (a file:line:col, or nothing).
//! Out: `file:line:col: error: message`, followed by the source line and a
//! caret under the column when the file is one the [`SourceManager`] holds.

use std::fmt::Write as _;
use std::sync::OnceLock;

#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    Note,
    Remark,
    Warning,
    Error,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Note => "note",
            Severity::Remark => "remark",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

/// Where a diagnostic points. Lines and columns are 1-based, as in MLIR.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum DiagLoc {
    Unknown,
    FileLineCol { file: String, line: u32, col: u32 },
}

/// One diagnostic with the notes attached to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub severity: Severity,
    pub loc: DiagLoc,
    pub message: String,
    pub notes: Vec<Diagnostic>,
}

impl Diagnostic {
    pub fn new(severity: Severity, loc: DiagLoc, message: impl Into<String>) -> Self {
        Diagnostic {
            severity,
            loc,
            message: message.into(),
            notes: Vec::new(),
        }
    }

    pub fn error(loc: DiagLoc, message: impl Into<String>) -> Self {
        Self::new(Severity::Error, loc, message)
    }

    /// Attaches a note, returning `self` for chaining.
    pub fn with_note(mut self, loc: DiagLoc, message: impl Into<String>) -> Self {
        self.notes
            .push(Diagnostic::new(Severity::Note, loc, message));
        self
    }
}

/// A source buffer with its line starts, so byte offsets map to line:col.
#[derive(Clone, Debug)]
pub struct SourceFile {
    pub name: String,
    pub text: Vec<u8>,
    /// Byte offsets where lines start, found on first use: a file that
    /// parses and prints without diagnostics or debug locations never
    /// needs them.
    line_starts: OnceLock<Vec<u32>>,
    /// Whether [`SourceFile::release_text`] dropped the text.
    released: bool,
}

impl SourceFile {
    pub fn new(name: impl Into<String>, text: impl Into<Vec<u8>>) -> Self {
        SourceFile {
            name: name.into(),
            text: text.into(),
            line_starts: OnceLock::new(),
            released: false,
        }
    }

    /// The input a command-line tool names: the file at `path`, or `stdin`
    /// (named `<stdin>`, as LLVM's tools name it) for `-`.
    pub fn read_input(path: &str, stdin: &[u8]) -> std::io::Result<Self> {
        if path == "-" {
            return Ok(SourceFile::new("<stdin>", stdin));
        }
        Ok(SourceFile::new(path, std::fs::read(path)?))
    }

    fn line_starts(&self) -> &[u32] {
        self.line_starts.get_or_init(|| newline_starts(&self.text))
    }

    /// Drops the text once nothing will quote it, so a large input is not
    /// held while its output prints. `keep_lines` finds the line starts
    /// first, for [`SourceFile::line_col`] after; without it, that answers
    /// line 0. [`SourceFile::line_text`] answers `None` after.
    pub fn release_text(&mut self, keep_lines: bool) {
        if keep_lines {
            self.line_starts();
        }
        self.text = Vec::new();
        self.released = true;
    }

    /// 1-based line and column of a byte offset. Columns count bytes, as
    /// MLIR's do.
    pub fn line_col(&self, offset: u32) -> (u32, u32) {
        if self.released && self.line_starts.get().is_none() {
            return (0, 0);
        }
        let line_starts = self.line_starts();
        let line = line_starts.partition_point(|&s| s <= offset) - 1;
        (line as u32 + 1, offset - line_starts[line] + 1)
    }

    pub fn loc(&self, offset: u32) -> DiagLoc {
        let (line, col) = self.line_col(offset);
        DiagLoc::FileLineCol {
            file: self.name.clone(),
            line,
            col,
        }
    }

    /// The text of a 1-based line, without its line break.
    pub fn line_text(&self, line: u32) -> Option<&[u8]> {
        if self.released {
            return None;
        }
        let line_starts = self.line_starts();
        let start = *line_starts.get((line as usize).checked_sub(1)?)? as usize;
        let end = line_starts
            .get(line as usize)
            .map(|&e| e as usize - 1)
            .unwrap_or(self.text.len());
        let mut l = &self.text[start..end.max(start)];
        if let [rest @ .., b'\r'] = l {
            l = rest;
        }
        Some(l)
    }
}

/// The buffers diagnostics may point into, looked up by file name.
#[derive(Default, Clone, Debug)]
pub struct SourceManager {
    files: Vec<SourceFile>,
}

impl SourceManager {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn add(&mut self, file: SourceFile) -> usize {
        self.files.push(file);
        self.files.len() - 1
    }

    /// [`SourceFile::release_text`] on file `index`.
    pub fn release_text(&mut self, index: usize, keep_lines: bool) {
        self.files[index].release_text(keep_lines);
    }

    pub fn file(&self, index: usize) -> &SourceFile {
        &self.files[index]
    }

    pub fn find(&self, name: &str) -> Option<&SourceFile> {
        self.files.iter().rev().find(|f| f.name == name)
    }

    /// Renders a diagnostic and its notes as `mlir-opt` does.
    pub fn render(&self, diag: &Diagnostic) -> String {
        let mut out = String::new();
        self.render_into(diag, &mut out, true);
        for note in &diag.notes {
            // As mlir-opt: a note at the very place of its diagnostic shows
            // no second copy of the source line (a following error does).
            let show = note.loc != diag.loc || note.severity != Severity::Note;
            self.render_into(note, &mut out, show);
        }
        out
    }

    fn render_into(&self, diag: &Diagnostic, out: &mut String, show_source: bool) {
        match &diag.loc {
            DiagLoc::Unknown => {
                // As llvm::SourceMgr prints a message without a location.
                let _ = writeln!(
                    out,
                    "<unknown>:0: {}: {}",
                    diag.severity.as_str(),
                    diag.message
                );
            }
            DiagLoc::FileLineCol { file, line, col } => {
                let _ = writeln!(
                    out,
                    "{file}:{line}:{col}: {}: {}",
                    diag.severity.as_str(),
                    diag.message
                );
                let text = self
                    .find(file)
                    .and_then(|f| f.line_text(*line))
                    .filter(|_| show_source);
                if let Some(text) = text {
                    push_source_line(out, text, *col);
                }
            }
        }
    }
}

/// The columns between tab stops when a source line is shown.
const TAB_STOP: usize = 8;

/// The source line `text` and the caret line under it pointing at column
/// `col` (1-based, in bytes), as LLVM's `SMDiagnostic::print` writes
/// them: tabs expanded to the next multiple of [`TAB_STOP`] columns in
/// both lines, so the caret sits under its byte whatever the terminal's
/// tab width (a caret on a tab fills the tab's columns), trailing blanks
/// of the caret line dropped. As MLIR's source manager handler finds the
/// place (`SourceMgr::FindLocForLineAndColumn`), a column 0 or one past
/// the line's end (a carriage return ends it too) is no place: nothing
/// is shown. A line holding a byte past ASCII shows without a caret
/// line, as LLVM gives up aligning it.
fn push_source_line(out: &mut String, text: &[u8], col: u32) {
    let text = match text.iter().position(|&b| b == b'\r') {
        Some(end) => &text[..end],
        None => text,
    };
    let caret = col as usize;
    if caret == 0 || caret - 1 > text.len() {
        return;
    }
    let caret = caret - 1;
    let ascii = text.is_ascii();
    let mut column = 0usize;
    let mut source = Vec::with_capacity(text.len());
    let mut carets = String::new();
    for (i, &b) in text.iter().enumerate() {
        let mark = if i == caret { '^' } else { ' ' };
        if b == b'\t' {
            loop {
                source.push(b' ');
                carets.push(mark);
                column += 1;
                if column.is_multiple_of(TAB_STOP) {
                    break;
                }
            }
        } else {
            source.push(b);
            carets.push(mark);
            column += 1;
        }
    }
    if caret >= text.len() {
        carets.push('^');
    }
    out.push_str(&String::from_utf8_lossy(&source));
    out.push('\n');
    if ascii {
        out.push_str(carets.trim_end_matches(' '));
        out.push('\n');
    }
}

/// An I/O error in the words LLVM's tools print (`No such file or
/// directory`), not Rust's (`No such file or directory (os error 2)`).
pub fn io_error_text(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "No such file or directory".into(),
        std::io::ErrorKind::PermissionDenied => "Permission denied".into(),
        // The system's words (`strerror`), without Rust's ` (os error N)`.
        _ => {
            let text = e.to_string();
            match (e.raw_os_error(), text.rfind(" (os error ")) {
                (Some(_), Some(at)) => text[..at].to_string(),
                _ => text,
            }
        }
    }
}

/// The offset of each line's start in `text`: 0, and one past each
/// newline. Found once for the whole input the first time a location is
/// turned into a line (a rewrite fusing locations does), with `memchr`'s
/// vectorized search rather than a byte or a word at a time.
fn newline_starts(text: &[u8]) -> Vec<u32> {
    let mut starts = Vec::with_capacity(text.len() / 32 + 1);
    starts.push(0u32);
    starts.extend(memchr::memchr_iter(b'\n', text).map(|i| i as u32 + 1));
    starts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tabs_expand_to_eight_column_stops_in_both_lines() {
        let mut out = String::new();
        push_source_line(&mut out, b"\tab\tc", 3);
        assert_eq!(out, "        ab      c\n         ^\n");
        // A caret on a tab fills the tab's columns; at the line's end, it
        // sits one column after the line.
        let mut out = String::new();
        push_source_line(&mut out, b"ab\tc", 3);
        assert_eq!(out, "ab      c\n  ^^^^^^\n");
        let mut out = String::new();
        push_source_line(&mut out, b"\tx", 3);
        assert_eq!(out, "        x\n         ^\n");
    }

    #[test]
    fn places_llvm_cannot_find_show_no_line() {
        // One past the end is a place (the line break); two past is not,
        // nor column 0, nor a column past a carriage return.
        let mut out = String::new();
        push_source_line(&mut out, b"ab", 3);
        assert_eq!(out, "ab\n  ^\n");
        for (text, col) in [(&b"ab"[..], 4), (b"ab", 0), (b"a\rb", 3)] {
            let mut out = String::new();
            push_source_line(&mut out, text, col);
            assert_eq!(out, "", "{col}");
        }
        // The line ends at a carriage return.
        let mut out = String::new();
        push_source_line(&mut out, b"a\rb", 2);
        assert_eq!(out, "a\n ^\n");
    }

    #[test]
    fn a_line_past_ascii_has_no_caret_line() {
        let mut out = String::new();
        push_source_line(&mut out, "\té = 1".as_bytes(), 2);
        assert_eq!(out, "        é = 1\n");
    }

    #[test]
    fn newline_starts_match_a_byte_by_byte_scan() {
        let text: Vec<u8> = (0..300u32)
            .map(|i| {
                if i % 7 == 0 || i % 13 == 5 || i > 290 {
                    b'\n'
                } else {
                    b'a' + (i % 26) as u8
                }
            })
            .collect();
        for end in [0, 1, 7, 8, 9, 63, 64, 65, 299, 300] {
            let slice = &text[..end];
            let mut expected = vec![0u32];
            expected.extend(
                (0..end)
                    .filter(|&i| slice[i] == b'\n')
                    .map(|i| i as u32 + 1),
            );
            assert_eq!(newline_starts(slice), expected, "first {end} bytes");
        }
    }

    #[test]
    fn released_text_keeps_line_starts_when_asked() {
        let mut kept = SourceFile::new("a.mlir", "x\ny\nzz");
        kept.release_text(true);
        assert!(kept.text.is_empty());
        assert_eq!(kept.line_col(5), (3, 2));
        assert_eq!(kept.line_text(1), None);
        let mut dropped = SourceFile::new("a.mlir", "x\ny");
        dropped.release_text(false);
        assert_eq!(dropped.line_col(2), (0, 0));
    }

    #[test]
    fn line_col_and_render() {
        let mut sm = SourceManager::new();
        let f = SourceFile::new("a.mlir", "x\n  bad\n");
        assert_eq!(f.line_col(0), (1, 1));
        assert_eq!(f.line_col(4), (2, 3));
        let loc = f.loc(4);
        sm.add(f);
        let d = Diagnostic::error(loc.clone(), "oops").with_note(loc, "here");
        assert_eq!(
            sm.render(&d),
            "a.mlir:2:3: error: oops\n  bad\n  ^\na.mlir:2:3: note: here\n"
        );
    }
}
