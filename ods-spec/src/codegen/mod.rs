//! Rust code generation: model (`model::SpecModel`) in, formatted Rust
//! source text out. Each generator builds a token tree with `quote` and
//! this module turns it into rustfmt-style text, so the output needs no
//! formatting pass of its own. The tokens go through `print/` (a reader
//! into a small syntax tree, the tidy rewrites, a line breaker with
//! prettyplease's layout); an item it does not read (none of what the
//! generators make, but a user's snippet may hold anything: macro items,
//! `impl` blocks inside functions, ...) is parsed by syn, tidied
//! (`tidy.rs`) and printed by `prettyplease`, which is also the reference
//! the printer is tested against (`print/tests.rs`).

mod attr_type_builders;
pub mod attr_type_defs;
mod attr_type_format;
pub mod attrdefs;
mod author_hooks;
// Only to ask whether this code runs inside a proc macro.
extern crate proc_macro;

mod accessors;
mod adaptor;
mod argument_methods;
mod builder_args;
mod builders;
pub mod constraints;
mod defaults;
mod dialect_hooks;
mod effects;
pub mod enums;
mod fold;
mod format_attr;
mod format_attr_read;
mod format_custom;
mod format_oilist;
mod format_parse;
mod format_parse_direct;
mod format_print;
mod format_props;
mod format_region;
pub mod interface_defs;
mod interfaces;
mod members;
mod op_impl;
mod op_info;
pub mod ops;
mod print;
mod prop_fits;
pub(crate) mod rewriters;
mod snippets;
mod tidy;
mod verify;

use proc_macro2::{Ident, Span, TokenStream};
use quote::quote;

/// Formats generated items as a Rust file with a `// generated` header.
/// `tokens` must be valid items; generators only build those, so a parse
/// failure is a bug in the generator and is reported as an error string.
pub(crate) fn render_file(header: &str, tokens: TokenStream) -> Result<String, String> {
    let file: syn::File = syn::parse2(tokens)
        .map_err(|e| format!("internal error: generated Rust does not parse: {e}"))?;
    let mut out = String::new();
    for line in header.lines() {
        out.push_str("// ");
        out.push_str(line);
        out.push('\n');
    }
    out.push('\n');
    out.push_str(&prettyplease::unparse(&file));
    Ok(mark_snippet_origins(out))
}

/// The macro call [`snippet_origin`] puts before a snippet; the rendered
/// text has a comment in its place, so generated code never calls it.
const ORIGIN_MARKER: &str = "__ods_snippet_from!(";

/// Put before a snippet's tokens: where in the spec it was written
/// (`file:line`), which the rendered code says in a `// from file:line`
/// comment, so that a rustc error in the snippet leads to the spec.
/// Comments are no tokens, hence the macro call standing for one.
pub(crate) fn snippet_origin(at: Option<&str>) -> TokenStream {
    match at {
        Some(at) => quote!(__ods_snippet_from!(#at);),
        None => TokenStream::new(),
    }
}

/// `text` with each line of a [`snippet_origin`] marker made a comment.
/// Only the marker lines are looked at: the text between them is copied
/// as it is.
fn mark_snippet_origins(text: String) -> String {
    let Some(first) = text.find(ORIGIN_MARKER) else {
        return text;
    };
    let mut out = String::with_capacity(text.len());
    // `text[..copied]` is in `out`.
    let mut copied = 0;
    let mut at = first;
    loop {
        let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
        let end = text[at..].find('\n').map_or(text.len(), |i| at + i + 1);
        let line = &text[start..end];
        let code = line.trim_start();
        let origin = code
            .trim_end()
            .strip_prefix(ORIGIN_MARKER)
            .and_then(|rest| rest.strip_suffix(");"))
            .and_then(string_value);
        if let Some(origin) = origin {
            out.push_str(&text[copied..start]);
            out.push_str(&line[..line.len() - code.len()]);
            out.push_str("// from ");
            out.push_str(&origin);
            out.push('\n');
            copied = end;
        }
        match text[end..].find(ORIGIN_MARKER) {
            Some(i) => at = end + i,
            None => break,
        }
    }
    out.push_str(&text[copied..]);
    out
}

/// The value of a string literal's text; `None` when it is no string
/// literal.
fn string_value(lit: &str) -> Option<String> {
    let plain = lit
        .strip_prefix('"')
        .and_then(|l| l.strip_suffix('"'))
        .filter(|inner| !inner.contains(['"', '\\']));
    match plain {
        Some(inner) => Some(inner.to_string()),
        None => syn::parse_str::<syn::LitStr>(lit).ok().map(|l| l.value()),
    }
}

/// `code` as `rustfmt` prints it, when a `rustfmt` is on `PATH` and
/// accepts it; `None` otherwise (callers keep prettyplease's text, which
/// is rustfmt's style but breaks some long lines differently).
pub fn rustfmt(code: &str) -> Option<String> {
    use std::io::Write;
    let mut child = std::process::Command::new("rustfmt")
        .args(["--edition", "2021", "--emit", "stdout"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .ok()?;
    let mut stdin = child.stdin.take()?;
    let text = code.to_string();
    // Written from a thread: rustfmt may fill its stdout pipe before it
    // has read all of its input.
    let writer = std::thread::spawn(move || stdin.write_all(text.as_bytes()));
    let out = child.wait_with_output().ok()?;
    writer.join().ok()?.ok()?;
    out.status
        .success()
        .then(|| String::from_utf8(out.stdout).ok())
        .flatten()
}

/// Whether generators print the code they make (see [`set_print_items`]).
static PRINT_ITEMS: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(true);

/// Turns the printing of generated items on (the default) or off for the
/// whole process. Off, every generator still builds its items, parses
/// them (a generator that makes invalid Rust still gives its internal
/// error) and tidies them, but prints nothing, on the calling thread: the
/// fuzzers' mode (`fuzz/fuzz_targets/format_codegen.rs`), which has no
/// use for the text.
pub fn set_print_items(on: bool) {
    PRINT_ITEMS.store(on, std::sync::atomic::Ordering::Relaxed);
}

fn print_items() -> bool {
    PRINT_ITEMS.load(std::sync::atomic::Ordering::Relaxed)
}

/// `tokens` (items) parsed and tidied (`tidy.rs`).
fn tidied(tokens: TokenStream) -> Result<syn::File, String> {
    let mut file: syn::File = syn::parse2(tokens)
        .map_err(|e| format!("internal error: generated Rust does not parse: {e}"))?;
    tidy::tidy(&mut file);
    Ok(file)
}

/// Formats generated items (no header), tidied first (`tidy.rs`); empty
/// when printing is off ([`set_print_items`]). Items go through the
/// printer of `print/` (tokens straight to text); an item or impl member
/// it does not read is parsed by syn, tidied and printed by prettyplease;
/// impl members already printed for an earlier job (either way) are not
/// printed again (`members.rs`).
pub(crate) fn render_items(
    tokens: TokenStream,
    members: &members::MemberCache,
) -> Result<String, String> {
    if !print_items() {
        tidied(tokens)?;
        return Ok(String::new());
    }
    #[cfg(test)]
    if print::tests::general_only() {
        return Ok(mark_snippet_origins(render_general(
            tokens.into_iter().collect(),
            members,
        )?));
    }
    let trees: Vec<proc_macro2::TokenTree> = tokens.into_iter().collect();
    let mut out = String::with_capacity(trees.len() * 16);
    // A run of items the printer does not read, printed together.
    let mut pending: Vec<proc_macro2::TokenTree> = Vec::new();
    let mut member_text = |member: &[proc_macro2::TokenTree], out: &mut String| {
        members.printed(member, out, |m| match print::member(m) {
            Ok(text) => Ok(text),
            Err(print::Unsupported) => fallback_member(m),
        })
    };
    for item in print::split_items(&trees) {
        match print::item(item, &mut member_text) {
            Ok(text) => {
                if !pending.is_empty() {
                    out.push_str(&render_general(std::mem::take(&mut pending), members)?);
                }
                out.push_str(&text?);
            }
            Err(print::Unsupported) => pending.extend_from_slice(item),
        }
    }
    if !pending.is_empty() {
        out.push_str(&render_general(pending, members)?);
    }
    Ok(mark_snippet_origins(out))
}

/// Items printed the general way: syn, `tidy.rs`, prettyplease.
fn render_general(
    trees: Vec<proc_macro2::TokenTree>,
    members: &members::MemberCache,
) -> Result<String, String> {
    let tokens: TokenStream = trees.into_iter().collect();
    let format = |skeleton| tidied(skeleton).ok().map(|f| prettyplease::unparse(&f));
    match members.render(&tokens, format) {
        Some(text) => Ok(text),
        None => Ok(prettyplease::unparse(&tidied(tokens)?)),
    }
}

/// The lines of an impl member the printer does not read, printed the
/// general way inside a stand-in impl block.
fn fallback_member(member: &[proc_macro2::TokenTree]) -> Result<String, String> {
    let body: TokenStream = member.iter().cloned().collect();
    let text = prettyplease::unparse(&tidied(quote!(impl __OdsMember { #body }))?);
    text.strip_prefix("impl __OdsMember {\n")
        .and_then(|t| t.strip_suffix("}\n"))
        .map(str::to_string)
        .ok_or_else(|| "internal error: an impl member did not print as one".to_string())
}

/// Builds (`tokens`) and formats ([`render_items`]) the items of every job,
/// on all cores: formatting is most of a generator's time and each job is
/// independent. Results come back in the order of `jobs`, so the output
/// does not depend on the number of threads. Token trees cannot cross
/// threads, so each job's tokens are built on the thread that formats them.
pub(crate) fn render_parallel<T: Sync>(
    jobs: &[T],
    tokens: impl Fn(&T) -> Result<TokenStream, String> + Sync,
) -> Vec<Result<String, String>> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    let members = members::MemberCache::default();
    let render = |job: &T| tokens(job).and_then(|t| render_items(t, &members));
    // Inside a proc macro (`include_ods!`), token trees belong to the
    // compiler's bridge, which only the macro's own thread may use.
    #[cfg(test)]
    let one_thread = print::tests::one_thread();
    #[cfg(not(test))]
    let one_thread = false;
    let threads = match proc_macro::is_available() || !print_items() || one_thread {
        true => 1,
        false => std::thread::available_parallelism().map_or(1, |n| n.get()),
    }
    .min(jobs.len());
    if threads <= 1 {
        return jobs.iter().map(render).collect();
    }
    // Jobs are handed out one at a time: their sizes vary a lot (a dialect
    // struct against an op with twenty accessors).
    let next = AtomicUsize::new(0);
    let work = || {
        let mut mine = Vec::new();
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(job) = jobs.get(i) else { break };
            mine.push((i, render(job)));
        }
        mine
    };
    // The calling thread is one of the workers rather than waiting for
    // them: its allocator already holds the pages the front end freed and
    // its core's cache the model, where a fresh thread starts with neither
    // (every page it touches is faulted in and zeroed), so one thread
    // fewer costs less CPU time for the same wall time.
    let mut done: Vec<(usize, Result<String, String>)> = std::thread::scope(|scope| {
        let helpers: Vec<_> = (1..threads).map(|_| scope.spawn(work)).collect();
        let mut done = work();
        for helper in helpers {
            match helper.join() {
                Ok(theirs) => done.extend(theirs),
                // A panic in a generator is a bug; show it as on one thread.
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
        done
    });
    done.sort_unstable_by_key(|(i, _)| *i);
    done.into_iter().map(|(_, r)| r).collect()
}

/// `text` lexed into tokens. Outside a proc macro the tokens of each text
/// are kept (per thread) and the same text again gets a copy of them:
/// the specs' snippets repeat (a storage type, a conversion, a predicate
/// of each operand of that type), and lexing them again and again was a
/// fiftieth of `--gen-op-defs`. Inside a proc macro tokens belong to the
/// one macro call, so every text is lexed.
pub(crate) fn lex(text: &str) -> Result<TokenStream, proc_macro2::LexError> {
    use std::cell::RefCell;
    use std::collections::HashMap;
    thread_local! {
        static LEXED: RefCell<HashMap<String, TokenStream>> = RefCell::new(HashMap::new());
    }
    if proc_macro::is_available() {
        return text.parse();
    }
    LEXED.with(|lexed| {
        if let Some(tokens) = lexed.borrow().get(text) {
            return Ok(tokens.clone());
        }
        let tokens: TokenStream = text.parse()?;
        lexed.borrow_mut().insert(text.to_string(), tokens.clone());
        Ok(tokens)
    })
}

/// `name` as an identifier, or why it cannot be one. Checked here because
/// `quote`'s identifier constructor panics on bad input, and spec names
/// come from users.
pub(crate) fn ident(name: &str) -> Result<Ident, String> {
    let mut chars = name.chars();
    let starts_well = chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_');
    let rest_ok = chars.all(|c| c.is_ascii_alphanumeric() || c == '_');
    if !starts_well || !rest_ok || name == "_" {
        return Err(format!("'{name}' is not a valid Rust identifier"));
    }
    if is_keyword(name) {
        return Err(format!("'{name}' is a Rust keyword"));
    }
    Ok(Ident::new(name, Span::call_site()))
}

fn is_keyword(name: &str) -> bool {
    const KEYWORDS: &[&str] = &[
        "as", "async", "await", "break", "const", "continue", "crate", "dyn", "else", "enum",
        "extern", "false", "fn", "for", "gen", "if", "impl", "in", "let", "loop", "match", "mod",
        "move", "mut", "pub", "ref", "return", "self", "Self", "static", "struct", "super",
        "trait", "true", "type", "unsafe", "use", "where", "while", "abstract", "become", "box",
        "do", "final", "macro", "override", "priv", "try", "typeof", "unsized", "virtual", "yield",
    ];
    KEYWORDS.contains(&name)
}

/// Doc attributes from text lines (Markdown, made safe for rustdoc and
/// clippy by [`rustdoc_markdown`]).
pub(crate) fn doc_lines(lines: &[String]) -> TokenStream {
    let lines = rustdoc_markdown(lines);
    let attrs = lines.iter().map(|l| {
        let text = if l.is_empty() {
            String::new()
        } else {
            format!(" {l}")
        };
        let text = op_info::lit_str(&text);
        quote!(#[doc = #text])
    });
    quote!(#(#attrs)*)
}

/// Spec prose (upstream's descriptions) as doc-comment lines that a
/// user's crate builds and tests cleanly:
///
/// - rustdoc runs an unlabeled fenced code block, and an indented (4
///   spaces) one, as a Rust doctest; upstream's hold MLIR or C++, so an
///   unlabeled fence gets the `text` label and an indented block becomes
///   a `text` fence (labeled fences are kept: `mlir`, `c++` are not run,
///   `rust` is meant to be);
/// - a line continuing a list item without indentation (Markdown's lazy
///   continuation, which clippy's `doc_lazy_continuation` rejects) is
///   indented under the item, which renders the same;
/// - runs of blank lines become one, and blank lines at either end go
///   (none inside code blocks is touched).
pub(crate) fn rustdoc_markdown(lines: &[String]) -> Vec<String> {
    fn indent_of(l: &str) -> usize {
        l.len() - l.trim_start_matches(' ').len()
    }
    /// The column of a list item's text (`- x`, `* x`, `+ x`, `1. x`,
    /// `1) x`), when `l` starts one.
    fn list_item(l: &str) -> Option<usize> {
        let lead = indent_of(l);
        let rest = &l[lead..];
        let marker = if rest.starts_with(['-', '*', '+']) {
            1
        } else {
            let digits = rest.chars().take_while(char::is_ascii_digit).count();
            let after = rest[digits..].chars().next();
            if digits == 0 || digits > 9 || !matches!(after, Some('.' | ')')) {
                return None;
            }
            digits + 1
        };
        let text = &rest[marker..];
        let spaces = text.len() - text.trim_start_matches(' ').len();
        if spaces == 0 || text.trim().is_empty() {
            return None;
        }
        Some(lead + marker + spaces.min(4))
    }
    /// The fence characters a line opens or closes a fenced block with,
    /// and its info string.
    fn fence(l: &str) -> Option<(&str, &str)> {
        let t = l.trim_start();
        let c = t.chars().next().filter(|c| matches!(c, '`' | '~'))?;
        let n = t.chars().take_while(|&x| x == c).count();
        (n >= 3).then(|| (&t[..n], t[n..].trim()))
    }
    let mut out: Vec<String> = Vec::new();
    let blank = |out: &mut Vec<String>| {
        if out.last().is_some_and(|l| !l.is_empty()) {
            out.push(String::new());
        }
    };
    // Inside a fenced block: its fence.
    let mut fenced: Option<String> = None;
    // Inside a list item: the column of its text.
    let mut item: Option<usize> = None;
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i].trim_end();
        i += 1;
        if let Some(open) = &fenced {
            if fence(line).is_some_and(|(f, info)| {
                info.is_empty() && f.starts_with(&open[..1]) && f.len() >= open.len()
            }) {
                fenced = None;
            }
            out.push(line.to_string());
            continue;
        }
        if line.is_empty() {
            blank(&mut out);
            continue;
        }
        let after_blank = out.last().is_none_or(String::is_empty);
        if let Some((f, info)) = fence(line) {
            fenced = Some(f.to_string());
            out.push(match info.is_empty() {
                true => format!("{line}text"),
                false => line.to_string(),
            });
            continue;
        }
        let indent = indent_of(line);
        if let Some(col) = list_item(line) {
            item = Some(col);
            out.push(line.to_string());
            continue;
        }
        match item {
            Some(col) if !after_blank && indent < col => {
                // A lazy continuation of the item's paragraph.
                out.push(format!("{}{}", " ".repeat(col), line.trim_start()));
                continue;
            }
            Some(col) if indent >= col => {
                // The item's own content (a code block when indented 4
                // more than its text).
                if after_blank && indent >= col + 4 {
                    i = indented_block(lines, i - 1, col + 4, &mut out);
                } else {
                    out.push(line.to_string());
                }
                continue;
            }
            Some(_) if after_blank => item = None,
            _ => {}
        }
        if after_blank && indent >= 4 {
            i = indented_block(lines, i - 1, 4, &mut out);
            continue;
        }
        out.push(line.to_string());
    }
    if let Some(open) = fenced {
        out.push(open);
    }
    while out.last().is_some_and(String::is_empty) {
        out.pop();
    }
    out
}

/// The indented code block starting at `lines[start]` (lines indented at
/// least `width`, and the blank lines between them) pushed to `out` as a
/// `text` fence at `width - 4`; the index after it.
fn indented_block(lines: &[String], start: usize, width: usize, out: &mut Vec<String>) -> usize {
    let is_code = |l: &str| l.len() - l.trim_start_matches(' ').len() >= width;
    let mut end = start;
    let mut last_code = start;
    while end < lines.len() {
        let l = lines[end].trim_end();
        if l.is_empty() {
            end += 1;
            continue;
        }
        if !is_code(l) {
            break;
        }
        last_code = end;
        end += 1;
    }
    let margin = " ".repeat(width - 4);
    out.push(format!("{margin}```text"));
    for l in &lines[start..=last_code] {
        let l = l.trim_end();
        out.push(match l.get(width..) {
            Some(code) => format!("{margin}{code}"),
            None => String::new(),
        });
    }
    out.push(format!("{margin}```"));
    last_code + 1
}

/// Code-block text with its common indentation and blank edges removed
/// (and the blanks ending its lines).
pub(crate) fn dedent(text: &str) -> String {
    let indent = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.len() - l.trim_start().len())
        .min()
        .unwrap_or(0);
    let mut out = String::with_capacity(text.len());
    // Blank lines since the last line written.
    let mut blanks = 0;
    for l in text.lines() {
        let l = l.get(indent..).unwrap_or("").trim_end();
        if l.is_empty() {
            blanks += 1;
            continue;
        }
        if !out.is_empty() {
            for _ in 0..=blanks {
                out.push('\n');
            }
        }
        blanks = 0;
        out.push_str(l);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whatever thread formats a job, results come back in job order,
    /// errors at their job's place.
    #[test]
    fn parallel_rendering_keeps_the_job_order() {
        let jobs: Vec<usize> = (0..60).collect();
        let out = render_parallel(&jobs, |&i| match i % 7 {
            3 => Err(format!("job {i}")),
            _ => {
                let name = quote::format_ident!("f{}", i);
                Ok(quote!(fn #name() {}))
            }
        });
        assert_eq!(out.len(), 60);
        for (i, r) in out.iter().enumerate() {
            match r {
                Ok(text) => assert_eq!(text, &format!("fn f{i}() {{}}\n")),
                Err(msg) => assert_eq!((i % 7, msg.as_str()), (3, format!("job {i}").as_str())),
            }
        }
    }

    fn md(text: &str) -> String {
        let lines: Vec<String> = text.lines().map(str::to_string).collect();
        rustdoc_markdown(&lines).join("\n")
    }

    /// Upstream's descriptions hold MLIR in unlabeled and indented code
    /// blocks, which rustdoc would run as Rust doctests (and fail).
    #[test]
    fn code_blocks_of_descriptions_are_not_doctests() {
        let text = "Example:\n\n```\n%0 = t.a\n```\n\nIndented:\n\n    %1 = t.b\n\n      %2 = t.c\nAfter.\n\n```mlir\n%3 = t.d\n```\n";
        assert_eq!(
            md(text),
            "Example:\n\n```text\n%0 = t.a\n```\n\nIndented:\n\n```text\n%1 = t.b\n\n  %2 = t.c\n```\nAfter.\n\n```mlir\n%3 = t.d\n```"
        );
        // Inside a fence nothing changes; an unclosed one is closed.
        assert_eq!(
            md("~~~~\n    x\n\n\n```\n~~~~\n\n\n```\n    y"),
            "~~~~text\n    x\n\n\n```\n~~~~\n\n```text\n    y\n```"
        );
        // Indented text in a list item is its paragraph, not code.
        assert_eq!(
            md("- item\n\n  more of it\n\n      code in it"),
            "- item\n\n  more of it\n\n  ```text\n  code in it\n  ```"
        );
    }

    #[test]
    fn lazy_list_continuations_are_indented_and_blank_runs_merged() {
        assert_eq!(
            md("\n\nA list:\n- one\ncontinued\n2. two\n   ok\nlazy\n\n\nAfter.\n\n"),
            "A list:\n- one\n  continued\n2. two\n   ok\n   lazy\n\nAfter."
        );
        // A paragraph after a blank line ends the list.
        assert_eq!(md("- a\n\nb\nc"), "- a\n\nb\nc");
    }

    /// The kept tokens of a text are its tokens; an error is an error
    /// every time (errors are not kept).
    #[test]
    fn lexing_a_text_again_gives_its_tokens_again() {
        let text = "x.get(::ods_runtime::ir::Foo(1), \"s\")";
        let first = lex(text).expect("lexes").to_string();
        assert_eq!(lex(text).expect("lexes again").to_string(), first);
        assert_eq!(first, text.parse::<TokenStream>().unwrap().to_string());
        assert!(lex("a \" b").is_err());
        assert!(lex("a \" b").is_err());
    }

    /// Marker lines become comments, wherever they are in the text;
    /// anything else (a marker not alone on its line, a bad literal)
    /// stays as it is.
    #[test]
    fn snippet_origins_become_comments() {
        let text = "fn f() {\n    __ods_snippet_from!(\"a.ods:3\");\n    g(\"__ods_snippet_from!(\");\n}\n__ods_snippet_from!(\"b \\\"c\\\".ods:4\");\n__ods_snippet_from!(x);\n__ods_snippet_from!(\"d.ods:5\");";
        assert_eq!(
            mark_snippet_origins(text.to_string()),
            "fn f() {\n    // from a.ods:3\n    g(\"__ods_snippet_from!(\");\n}\n// from b \"c\".ods:4\n__ods_snippet_from!(x);\n// from d.ods:5\n"
        );
        assert_eq!(mark_snippet_origins("no marker\n".into()), "no marker\n");
    }

    #[test]
    fn dedent_removes_common_indentation_and_blank_edges() {
        assert_eq!(dedent("\n\n    a  \n\n\n      b\n  \n"), "a\n\n\n  b");
        assert_eq!(dedent("x\r\n\ty"), "x\n\ty");
        assert_eq!(dedent("  \n \n"), "");
        assert_eq!(dedent(""), "");
    }

    #[test]
    fn identifiers_are_checked_not_panicked_on() {
        assert!(ident("Foo_1").is_ok());
        assert!(ident("1x").is_err());
        assert!(ident("a-b").is_err());
        assert!(ident("").is_err());
        assert!(ident("_").is_err());
        assert!(ident("Self").is_err());
        assert!(ident("née").is_err());
    }
}
