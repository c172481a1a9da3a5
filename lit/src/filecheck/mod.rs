//! FileCheck: checks a text (a tool's output) against the directives of a
//! check file, with LLVM FileCheck's semantics and its way of reporting a
//! failure.
//!
//! In: the check file's text and name, the input's text and name, and the
//! [`Options`] of the `FileCheck` command line. Out: `Ok(())`, or the
//! report FileCheck would print on stderr (each failure at its directive,
//! `<stdin>:line:col` where scanning started, the input line, the best
//! near match).
//!
//! What is read, as FileCheck reads it:
//! - directives `P:`, `P-NEXT:`, `P-SAME:`, `P-NOT:`, `P-DAG:`,
//!   `P-LABEL:`, `P-EMPTY:`, `P-COUNT-<n>:` and `P{LITERAL}:` for each
//!   prefix `P` (`--check-prefix`, `--check-prefixes`; `CHECK` by
//!   default), found anywhere in a line where the prefix does not continue
//!   a word;
//! - patterns: literal text, `{{regex}}`, `[[VAR:regex]]` (defines `VAR`
//!   once the directive matches), `[[VAR]]` (its value, literally),
//!   `[[@LINE]]`, `[[@LINE+n]]` / `[[#@LINE-n]]` (the directive's line);
//!   `$VAR` names survive `--enable-var-scope`, others are cleared at each
//!   `LABEL`;
//! - `COM:` and `RUN:` (FileCheck's default comment prefixes) before a
//!   directive make the rest of its line a comment;
//! - horizontal whitespace runs in the input and in patterns compare as one
//!   space (unless `--strict-whitespace`), and leading and trailing blanks
//!   of a pattern are ignored.
//!
//! Regular expressions are the `regex` crate's (Perl-like, leftmost-first),
//! where FileCheck's are POSIX extended (leftmost-longest); the patterns
//! tests write (`.*`, `[0-9]+`, classes, `^`, `$`) mean the same in both.
//! A variable used later in the pattern that defines it
//! (`[[R:r[0-9]+]], [[R]]`) is matched as its definition's regex and then
//! compared, trying later starts when it differs (the regex crate has no
//! back-references). Not supported: numeric variables other than `@LINE`,
//! `-D`.

mod matcher;
mod parse;

use matcher::Matcher;
use parse::{canonicalize, parse_checks};
use std::cell::RefCell;
use std::collections::HashMap;

/// The options of a `FileCheck` command line that change checking.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// `--check-prefix` / `--check-prefixes` (default `CHECK`).
    pub prefixes: Vec<String>,
    /// `--allow-empty`: an empty input is not an error by itself.
    pub allow_empty: bool,
    /// `--strict-whitespace`: blanks compare exactly.
    pub strict_whitespace: bool,
    /// `--enable-var-scope`: variables not starting with `$` are forgotten
    /// at each `LABEL`.
    pub enable_var_scope: bool,
    /// `--implicit-check-not`: patterns checked as a `NOT` everywhere.
    pub implicit_check_not: Vec<String>,
    /// `--match-full-lines`: every directive but `NOT` matches whole lines
    /// (leading and trailing blanks aside, unless `strict_whitespace`).
    pub match_full_lines: bool,
    /// `--ignore-case`.
    pub ignore_case: bool,
    /// `-DNAME=VALUE`: variables defined before the first directive.
    pub defines: Vec<(String, String)>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            prefixes: vec!["CHECK".to_string()],
            allow_empty: false,
            strict_whitespace: false,
            enable_var_scope: false,
            implicit_check_not: Vec::new(),
            match_full_lines: false,
            ignore_case: false,
            defines: Vec::new(),
        }
    }
}

/// Checks `input` against the directives of `check_text`; `Err` is the
/// report FileCheck prints.
pub fn check(
    check_text: &str,
    check_name: &str,
    input: &str,
    input_name: &str,
    opts: &Options,
) -> Result<(), String> {
    let check_text = canonicalize(check_text, opts.strict_whitespace);
    let strings = parse_checks(&check_text, check_name, opts)?;
    if input.is_empty() && !opts.allow_empty {
        return Err(format!("FileCheck error: '{input_name}' is empty.\n"));
    }
    let input = canonicalize(input, opts.strict_whitespace);
    let mut m = Matcher {
        input: &input,
        input_name,
        check_name,
        vars: opts.defines.iter().cloned().collect(),
        out: String::new(),
        cache: RefCell::new(HashMap::new()),
    };
    if m.run(&strings, opts) {
        Ok(())
    } else {
        Err(m.out)
    }
}

#[cfg(test)]
mod tests;
