//! Source files and diagnostics. Every stage reports problems as
//! [`Diagnostic`]s carrying a [`Span`]; [`SourceMap::render`] prints them the
//! way rustc does (`error: msg`, ` --> file:line:col`, the line, a caret).

use std::fmt::Write as _;
use std::sync::OnceLock;

/// Index of a file in a [`SourceMap`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct FileId(pub u32);

/// A byte range in one source file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Span {
    /// The file the range is in.
    pub file: FileId,
    /// Byte offset of the first byte.
    pub start: u32,
    /// Byte offset one past the last byte.
    pub end: u32,
}

impl Span {
    /// A span covering `start..end` of `file`.
    pub fn new(file: FileId, start: usize, end: usize) -> Span {
        Span {
            file,
            start: start as u32,
            end: end.max(start) as u32,
        }
    }
}

/// One loaded source file.
#[derive(Debug, Clone)]
pub struct SourceFile {
    /// Name shown in diagnostics (a path, `<stdin>`, or `<ods-std>/...`).
    pub name: String,
    /// Full text.
    pub text: String,
}

/// Spec text that is not UTF-8: where it stops being UTF-8, and the text
/// with each bad sequence replaced by U+FFFD so the line can be shown (the
/// bytes before the first bad one are unchanged, so its offset holds in
/// both).
#[derive(Debug, Clone)]
pub struct NotUtf8 {
    /// The file's text, bad sequences replaced.
    pub lossy: String,
    /// Byte offset of the first bad byte.
    pub offset: usize,
    /// That byte.
    pub byte: u8,
}

impl NotUtf8 {
    /// The error to report at the first bad byte of `file` (added to the
    /// source map with [`NotUtf8::lossy`] as its text).
    pub fn diagnostic(&self, file: FileId) -> Diagnostic {
        Diagnostic::error(
            Span::new(file, self.offset, self.offset + 1),
            format!("spec file is not valid UTF-8 (byte 0x{:02x})", self.byte),
        )
        .with_label("invalid UTF-8 here")
    }
}

/// The text of a spec file read as bytes, or where it is not UTF-8.
pub fn decode_source(bytes: Vec<u8>) -> Result<String, NotUtf8> {
    String::from_utf8(bytes).map_err(|e| {
        let offset = e.utf8_error().valid_up_to();
        let bytes = e.into_bytes();
        NotUtf8 {
            lossy: String::from_utf8_lossy(&bytes).into_owned(),
            offset,
            byte: bytes[offset],
        }
    })
}

/// All files read during one compilation.
#[derive(Debug, Clone, Default)]
pub struct SourceMap {
    files: Vec<SourceFile>,
    /// The byte offsets where the lines of each file start (of `files[i]`
    /// at `line_starts[i]`): a spec's model asks for the line of each of
    /// its snippets, and counting newlines from the start of the file
    /// each time was a thirtieth of llvm's `--gen-op-defs`. Made on first
    /// use: most included files (the standard library's) are never
    /// asked for a line.
    line_starts: Vec<OnceLock<Vec<u32>>>,
}

/// The byte offsets where the lines of `text` start.
fn line_starts(text: &str) -> Vec<u32> {
    std::iter::once(0)
        .chain(text.match_indices('\n').map(|(i, _)| i as u32 + 1))
        .collect()
}

impl SourceMap {
    /// Adds a file and returns its id.
    pub fn add(&mut self, name: impl Into<String>, text: impl Into<String>) -> FileId {
        let file = SourceFile {
            name: name.into(),
            text: text.into(),
        };
        self.line_starts.push(OnceLock::new());
        self.files.push(file);
        FileId(self.files.len() as u32 - 1)
    }

    /// Puts another file in place of `id` (same id, new name and text).
    pub fn replace(&mut self, id: FileId, name: impl Into<String>, text: impl Into<String>) {
        let file = SourceFile {
            name: name.into(),
            text: text.into(),
        };
        self.line_starts[id.0 as usize] = OnceLock::new();
        self.files[id.0 as usize] = file;
    }

    /// Every file, in the order they were added.
    pub fn files(&self) -> impl Iterator<Item = &SourceFile> {
        self.files.iter()
    }

    /// The file with id `id`.
    pub fn file(&self, id: FileId) -> &SourceFile {
        &self.files[id.0 as usize]
    }

    /// 1-based line and column (in characters) of byte offset `pos` in `file`.
    pub fn line_col(&self, file: FileId, pos: u32) -> (usize, usize) {
        let text = &self.file(file).text;
        let pos = (pos as usize).min(text.len());
        let pos = (0..=pos)
            .rev()
            .find(|&p| text.is_char_boundary(p))
            .unwrap_or(0);
        let starts = self.line_starts[file.0 as usize].get_or_init(|| line_starts(text));
        // The first line starts at 0, so at least one start is not past `pos`.
        let line = starts.partition_point(|&s| s as usize <= pos);
        let line_start = starts[line - 1] as usize;
        let col = text[line_start..pos].chars().count() + 1;
        (line, col)
    }

    /// `file:line:col` of the start of `span`.
    pub fn location(&self, span: Span) -> String {
        let (line, col) = self.line_col(span.file, span.start);
        format!("{}:{}:{}", self.file(span.file).name, line, col)
    }

    /// Renders one diagnostic the way rustc does.
    pub fn render(&self, diag: &Diagnostic) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "{}: {}", diag.severity.as_str(), diag.message);
        if let Some(span) = diag.span {
            self.render_snippet(&mut out, span, &diag.label, '^');
        }
        for note in &diag.notes {
            match note.span {
                Some(span) => {
                    let _ = writeln!(out, "note: {}", note.message);
                    self.render_snippet(&mut out, span, "", '-');
                }
                None => {
                    let _ = writeln!(out, "  = note: {}", note.message);
                }
            }
        }
        out
    }

    /// Renders all diagnostics, separated by blank lines, followed by a
    /// rustc-like summary line when there are errors.
    pub fn render_all(&self, diags: &[Diagnostic]) -> String {
        let mut out = String::new();
        for d in diags {
            out.push_str(&self.render(d));
            out.push('\n');
        }
        let errors = diags
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .count();
        match errors {
            0 => {}
            1 => out.push_str("error: aborting due to 1 previous error\n"),
            n => {
                let _ = writeln!(out, "error: aborting due to {n} previous errors");
            }
        }
        out
    }

    fn render_snippet(&self, out: &mut String, span: Span, label: &str, mark: char) {
        let file = self.file(span.file);
        let (line, col) = self.line_col(span.file, span.start);
        let gutter = line.to_string().len();
        let pad = " ".repeat(gutter);
        let _ = writeln!(out, "{pad}--> {}:{}:{}", file.name, line, col);
        let line_text = file.text.lines().nth(line - 1).unwrap_or("");
        let _ = writeln!(out, "{pad} |");
        let _ = writeln!(out, "{line} | {}", line_text.replace('\t', " "));
        // Underline up to the end of the span or the end of the line.
        let (end_line, end_col) = self.line_col(span.file, span.end);
        let line_len = line_text.chars().count();
        let width = if end_line == line && end_col > col {
            end_col - col
        } else if end_line > line {
            line_len.saturating_sub(col - 1).max(1)
        } else {
            1
        };
        let marks: String = std::iter::repeat_n(mark, width).collect();
        let sep = if label.is_empty() { "" } else { " " };
        let _ = writeln!(
            out,
            "{pad} | {}{marks}{sep}{label}",
            " ".repeat(col.saturating_sub(1))
        );
    }
}

/// How serious a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    /// Compilation fails.
    Error,
    /// Compilation goes on.
    Warning,
}

impl Severity {
    fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        }
    }
}

/// A secondary message attached to a diagnostic.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    /// Text of the note.
    pub message: String,
    /// Where it points, if anywhere.
    pub span: Option<Span>,
}

/// One problem found in the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// The main message (no trailing period, lower case start, like rustc).
    pub message: String,
    /// The place the problem is at.
    pub span: Option<Span>,
    /// Short text printed after the caret.
    pub label: String,
    /// Extra notes.
    pub notes: Vec<Note>,
    /// The error only says that a name (class, def, field) is not defined.
    /// Such an error is often a consequence of an earlier one (a missing
    /// include, a broken parent class) and is then not reported.
    pub undefined_name: bool,
}

impl Diagnostic {
    /// An error at `span`.
    pub fn error(span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            message: message.into(),
            span: Some(span),
            label: String::new(),
            notes: Vec::new(),
            undefined_name: false,
        }
    }

    /// A warning at `span`.
    pub fn warning(span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(span, message)
        }
    }

    /// An error that points nowhere in particular (e.g. an unreadable file).
    pub fn error_nowhere(message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            message: message.into(),
            span: None,
            label: String::new(),
            notes: Vec::new(),
            undefined_name: false,
        }
    }

    /// Sets the label printed after the caret.
    pub fn with_label(mut self, label: impl Into<String>) -> Diagnostic {
        self.label = label.into();
        self
    }

    /// Marks the error as saying only that a name is not defined.
    pub fn undefined_name(mut self) -> Diagnostic {
        self.undefined_name = true;
        self
    }

    /// Adds a note that points at `span`.
    pub fn with_note(mut self, span: Option<Span>, message: impl Into<String>) -> Diagnostic {
        self.notes.push(Note {
            message: message.into(),
            span,
        });
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_like_rustc() {
        let mut sm = SourceMap::default();
        let f = sm.add("a.ods", "def A;\ndef B : Nope;\n");
        let d = Diagnostic::error(Span::new(f, 15, 19), "unknown class 'Nope'")
            .with_label("not defined");
        let text = sm.render(&d);
        assert_eq!(
            text,
            "error: unknown class 'Nope'\n --> a.ods:2:9\n  |\n2 | def B : Nope;\n  |         ^^^^ not defined\n"
        );
    }

    #[test]
    fn line_col_counts_chars() {
        let mut sm = SourceMap::default();
        let f = sm.add("x", "é\nab");
        assert_eq!(sm.line_col(f, 0), (1, 1));
        assert_eq!(sm.line_col(f, 2), (1, 2));
        assert_eq!(sm.line_col(f, 4), (2, 2));
        assert_eq!(sm.line_col(f, 99), (2, 3));
    }

    #[test]
    fn line_col_follows_a_replaced_file() {
        let mut sm = SourceMap::default();
        let f = sm.add("x", "a\nb\nc");
        assert_eq!(sm.line_col(f, 4), (3, 1));
        sm.replace(f, "y", "abc\n\nd");
        assert_eq!(sm.line_col(f, 4), (2, 1));
        assert_eq!(sm.line_col(f, 5), (3, 1));
        assert_eq!(sm.line_col(f, 3), (1, 4));
    }
}
