//! Rust code generation: model (`model::SpecModel`) in, formatted Rust
//! source text out. Each generator builds a token tree with `quote` and
//! this module turns it into rustfmt-style text with `prettyplease`, so the
//! output needs no formatting pass of its own.

mod attr_type_builders;
pub mod attr_type_defs;
mod attr_type_format;
pub mod attrdefs;
// Only to ask whether this code runs inside a proc macro.
extern crate proc_macro;

mod accessors;
mod adaptor;
mod builder_args;
mod builders;
pub mod constraints;
mod defaults;
mod effects;
pub mod enums;
mod fold;
mod format_attr;
mod format_attr_read;
mod format_custom;
mod format_oilist;
mod format_parse;
mod format_print;
mod format_props;
mod format_region;
pub mod interface_defs;
mod interfaces;
mod op_impl;
mod op_info;
pub mod ops;
mod prop_fits;
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
    Ok(out)
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

/// Formats generated items (no header), tidied first (`tidy.rs`); empty
/// when printing is off ([`set_print_items`]).
pub(crate) fn render_items(tokens: TokenStream) -> Result<String, String> {
    let mut file: syn::File = syn::parse2(tokens)
        .map_err(|e| format!("internal error: generated Rust does not parse: {e}"))?;
    tidy::tidy(&mut file);
    if !print_items() {
        return Ok(String::new());
    }
    Ok(prettyplease::unparse(&file))
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
    let render = |job: &T| tokens(job).and_then(render_items);
    // Inside a proc macro (`include_ods!`), token trees belong to the
    // compiler's bridge, which only the macro's own thread may use.
    let threads = match proc_macro::is_available() || !print_items() {
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
    let mut done: Vec<(usize, Result<String, String>)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut mine = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(job) = jobs.get(i) else { break };
                        mine.push((i, render(job)));
                    }
                    mine
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| match w.join() {
                Ok(mine) => mine,
                // A panic in a generator is a bug; show it as on one thread.
                Err(panic) => std::panic::resume_unwind(panic),
            })
            .collect()
    });
    done.sort_unstable_by_key(|(i, _)| *i);
    done.into_iter().map(|(_, r)| r).collect()
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

/// Doc attributes from text lines.
pub(crate) fn doc_lines(lines: &[String]) -> TokenStream {
    let attrs = lines.iter().map(|l| {
        let text = if l.is_empty() {
            String::new()
        } else {
            format!(" {l}")
        };
        quote!(#[doc = #text])
    });
    quote!(#(#attrs)*)
}

/// Code-block text with its common indentation and blank edges removed.
pub(crate) fn dedent(text: &str) -> String {
    let indent = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.len() - l.trim_start().len())
        .min()
        .unwrap_or(0);
    let lines: Vec<&str> = text
        .lines()
        .map(|l| l.get(indent..).unwrap_or("").trim_end())
        .collect();
    lines.join("\n").trim_matches('\n').to_string()
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
