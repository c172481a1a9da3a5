//! Test helpers: run text through our parser and printer with a given
//! registry, and through `mlir-opt` (when installed) with the same flags,
//! so tests compare the two byte for byte.

use ir::parser::ops::parse_source;
use ir::printer::ops::{print_module, PrintOptions};
use ir::{Context, Registry, SourceFile, SourceManager};
use std::io::Write;
use std::process::{Command, Stdio};

/// The oracle.
pub const MLIR_OPT: &str = "/usr/lib/llvm-22/bin/mlir-opt";

/// What ods-opt would print for `text` read from stdin with unregistered
/// dialects allowed: the output, or the rendered first parse error.
pub fn ours(
    text: &str,
    registry: fn(&mut Context) -> Registry,
    opts: PrintOptions,
) -> Result<String, String> {
    let mut ctx = Context::new();
    ctx.allow_unregistered_dialects = true;
    let reg = registry(&mut ctx);
    let file = SourceFile::new("<stdin>", text);
    let mut sources = SourceManager::new();
    sources.add(file.clone());
    match parse_source(&mut ctx, &reg, &file) {
        Ok((ir, m)) => Ok(print_module(&ctx, &ir, &reg, m, opts, Some(&sources))),
        Err(d) => Err(sources.render(&d)),
    }
}

/// mlir-opt's stdout (or stderr, on failure) for `text` read from stdin
/// with `--allow-unregistered-dialect` and `args`; `None` when it is not
/// installed.
pub fn theirs(text: &str, args: &[&str]) -> Option<Result<String, String>> {
    let mut child = Command::new(MLIR_OPT)
        .arg("--allow-unregistered-dialect")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .ok()?;
    child.stdin.take()?.write_all(text.as_bytes()).ok()?;
    let out = child.wait_with_output().ok()?;
    Some(if out.status.success() {
        Ok(String::from_utf8_lossy(&out.stdout).into_owned())
    } else {
        Err(String::from_utf8_lossy(&out.stderr).into_owned())
    })
}

/// Our output for `text` equals `expected`, and so does mlir-opt's (which
/// ends with one more newline), when it is installed.
pub fn assert_prints(
    text: &str,
    registry: fn(&mut Context) -> Registry,
    opts: PrintOptions,
    args: &[&str],
    expected: &str,
) {
    let printed = ours(text, registry, opts).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(printed, expected);
    match theirs(text, args) {
        Some(reference) => assert_eq!(
            reference
                .unwrap_or_else(|e| panic!("mlir-opt failed: {e}"))
                .trim_end(),
            printed.trim_end()
        ),
        None => eprintln!("{MLIR_OPT} not found: checked against the recorded text only"),
    }
}

/// Each `(input, rendered error)` fails so in our parser and in mlir-opt.
pub fn assert_parse_errors(registry: fn(&mut Context) -> Registry, cases: &[(&str, &str)]) {
    let mut mismatches = Vec::new();
    for (text, expected) in cases {
        match ours(text, registry, PrintOptions::default()) {
            Err(got) if got == *expected => {}
            got => mismatches.push(format!("on {text:?}:\n ours: {got:?}\n want: {expected}")),
        }
        if let Some(reference) = theirs(text, &[]) {
            if reference.as_ref().err() != Some(&expected.to_string()) {
                mismatches.push(format!("mlir-opt on {text:?} says {reference:?}"));
            }
        }
    }
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
}

/// The first error our parser and verifier report for `text` (`<stdin>`),
/// as `line:col: message`; `Ok` when it verifies.
pub fn our_first_error(text: &str, registry: fn(&mut Context) -> Registry) -> Result<(), String> {
    let mut ctx = Context::new();
    ctx.allow_unregistered_dialects = true;
    let reg = registry(&mut ctx);
    let file = SourceFile::new("<stdin>", text);
    let mut sources = SourceManager::new();
    sources.add(file.clone());
    let place = |d: &ir::Diagnostic| match &d.loc {
        ir::DiagLoc::FileLineCol { line, col, .. } => format!("{line}:{col}: {}", d.message),
        ir::DiagLoc::Unknown => format!("?: {}", d.message),
    };
    let (ir, m) = parse_source(&mut ctx, &reg, &file).map_err(|d| place(&d))?;
    ir::verifier::verify(&ctx, &ir, &reg, m, Some(&sources)).map_err(|d| place(&d))
}

/// mlir-opt's first error for `text` as `line:col: message`: `Some(Ok)`
/// when it accepts the text, `None` when it is not installed.
pub fn their_first_error(text: &str) -> Option<Result<(), String>> {
    Some(match theirs(text, &[])? {
        Ok(_) => Ok(()),
        Err(stderr) => {
            let line = stderr
                .lines()
                .find(|l| l.contains(": error: "))
                .unwrap_or("");
            let (place, message) = line.split_once(": error: ").unwrap_or((line, ""));
            let place = place.strip_prefix("<stdin>:").unwrap_or(place);
            Err(format!("{place}: {message}"))
        }
    })
}

/// Each `(input, first error)` is reported so by us and by mlir-opt.
pub fn assert_verify_errors(registry: fn(&mut Context) -> Registry, cases: &[(&str, &str)]) {
    let mut mismatches = Vec::new();
    for (text, expected) in cases {
        let got = our_first_error(text, registry);
        if got.as_ref().err().map(String::as_str) != Some(*expected) {
            mismatches.push(format!("on {text:?}:\n ours: {got:?}\n want: {expected}"));
        }
        if let Some(reference) = their_first_error(text) {
            if reference.as_ref().err().map(String::as_str) != Some(*expected) {
                mismatches.push(format!("mlir-opt on {text:?} says {reference:?}"));
            }
        }
    }
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
}
