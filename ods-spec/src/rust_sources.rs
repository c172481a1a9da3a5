//! Which names a crate's Rust sources mention: how code generation tells
//! whether a `custom<Name>` directive's function is written yet.
//!
//! In: the crate's source directory (and, for a macro, the file it is
//! called from). Out: [`RustSources::mentions`], a whole-word search over
//! their text. It is a heuristic that errs towards "mentioned": a name
//! found anywhere counts as defined, so only a function the sources never
//! name gets a placeholder (see `ods_runtime::format::MissingCustomFunction`);
//! one that reaches the module unnamed (a glob import from another crate)
//! gets rustc's "ambiguous" error with the fix, an import by name.

use std::path::{Path, PathBuf};

/// The text of a crate's Rust sources, or nothing to look in.
#[derive(Clone, Debug, Default)]
pub struct RustSources {
    /// `None`: no sources given, every name counts as mentioned.
    texts: Option<Vec<String>>,
}

impl RustSources {
    /// No sources: every name counts as mentioned (what the command-line
    /// tool and tests of generated text use).
    pub fn none() -> RustSources {
        RustSources { texts: None }
    }

    /// The `.rs` files under each of `paths` (directories are walked,
    /// files read as they are). Unreadable entries are skipped.
    ///
    /// ```
    /// let dir = std::env::temp_dir().join("ods_rust_sources_doc");
    /// std::fs::create_dir_all(&dir).unwrap();
    /// std::fs::write(dir.join("lib.rs"), "pub fn parse_width() {}").unwrap();
    /// let sources = ods_spec::RustSources::scan(&[dir]);
    /// assert!(sources.mentions("parse_width"));
    /// assert!(!sources.mentions("parse_wid"));
    /// ```
    pub fn scan(paths: &[PathBuf]) -> RustSources {
        let mut texts = Vec::new();
        for path in paths {
            collect(path, &mut texts);
        }
        RustSources { texts: Some(texts) }
    }

    /// Whether `name` occurs as a whole identifier in the sources.
    pub fn mentions(&self, name: &str) -> bool {
        let Some(texts) = &self.texts else {
            return true;
        };
        texts.iter().any(|text| mentions_word(text, name))
    }
}

fn collect(path: &Path, texts: &mut Vec<String>) {
    if path.is_dir() {
        let Ok(entries) = std::fs::read_dir(path) else {
            return;
        };
        for entry in entries.flatten() {
            collect(&entry.path(), texts);
        }
    } else if path.extension().is_some_and(|e| e == "rs") {
        if let Ok(text) = std::fs::read_to_string(path) {
            texts.push(code_only(&text));
        }
    }
}

/// `text` with comments and string literals blanked out: a name in a
/// comment (`// parse_width is missing`) defines nothing.
fn code_only(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let rest = &bytes[i..];
        let skip = if rest.starts_with(b"'\"'") {
            // The character `"`, not a string.
            out.extend_from_slice(b"' '");
            3
        } else if rest.starts_with(b"//") {
            rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len())
        } else if rest.starts_with(b"/*") {
            block_comment_len(rest)
        } else if rest[0] == b'"' {
            string_len(rest)
        } else {
            0
        };
        match skip {
            0 => {
                out.push(bytes[i]);
                i += 1;
            }
            3 if rest[0] == b'\'' => i += 3,
            _ => {
                out.push(b' ');
                i += skip;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The length of the (possibly nested) block comment `rest` starts with.
fn block_comment_len(rest: &[u8]) -> usize {
    let (mut depth, mut i) = (0usize, 0);
    while i < rest.len() {
        if rest[i..].starts_with(b"/*") {
            depth += 1;
            i += 2;
        } else if rest[i..].starts_with(b"*/") {
            depth -= 1;
            i += 2;
            if depth == 0 {
                return i;
            }
        } else {
            i += 1;
        }
    }
    rest.len()
}

/// The length of the string literal `rest` starts with (at its `"`).
fn string_len(rest: &[u8]) -> usize {
    let mut i = 1;
    while i < rest.len() {
        match rest[i] {
            b'\\' => i += 2,
            b'"' => return i + 1,
            _ => i += 1,
        }
    }
    rest.len()
}

fn mentions_word(text: &str, name: &str) -> bool {
    let is_ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    let bytes = text.as_bytes();
    text.match_indices(name).any(|(at, _)| {
        let before = at.checked_sub(1).map(|i| bytes[i]);
        let after = bytes.get(at + name.len()).copied();
        !before.is_some_and(is_ident) && !after.is_some_and(is_ident)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_whole_identifiers_count() {
        assert!(mentions_word("fn parse_tag(p: &mut P)", "parse_tag"));
        assert!(mentions_word("use d::{parse_tag};", "parse_tag"));
        assert!(!mentions_word("fn parse_tags()", "parse_tag"));
        assert!(!mentions_word("fn reparse_tag()", "parse_tag"));
        assert!(!mentions_word("", "parse_tag"));
    }

    #[test]
    fn comments_and_strings_define_nothing() {
        let text = "// parse_a\n/* parse_b /* nested */ parse_c */ \"parse_d \\\" parse_e\" fn parse_f '\"' fn parse_g";
        let code = code_only(text);
        for name in ["parse_a", "parse_b", "parse_c", "parse_d", "parse_e"] {
            assert!(!mentions_word(&code, name), "{name} in {code:?}");
        }
        assert!(mentions_word(&code, "parse_f"));
        assert!(mentions_word(&code, "parse_g"));
    }

    #[test]
    fn without_sources_everything_is_mentioned() {
        assert!(RustSources::none().mentions("anything"));
        assert!(!RustSources::scan(&[]).mentions("anything"));
    }
}
