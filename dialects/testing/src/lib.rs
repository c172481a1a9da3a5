//! Test helpers for the dialect crates: run text through our parser and printer with a given
//! registry, and through `mlir-opt` (when installed) with the same flags,
//! so tests compare the two byte for byte.

use ir::parser::ops::parse_source;
use ir::printer::ops::{print_module, PrintOptions};
use ir::{Context, Diagnostic, Ir, OpId, Registry, SourceFile, SourceManager};
/// `theirs(text, args)`: mlir-opt's stdout (or stderr, on failure) for
/// `text` read from stdin with `--allow-unregistered-dialect` and `args`;
/// `None` when it is not installed.
pub use ods_runtime::testing::{mlir_opt as theirs, MLIR_OPT};

/// `text` read as `<stdin>` with unregistered dialects allowed, and what
/// it takes to render its diagnostics and verify it.
struct Parsed {
    ctx: Context,
    reg: Registry,
    sources: SourceManager,
    result: Result<(Ir, OpId), Diagnostic>,
}

fn parse(text: &str, registry: fn(&mut Context) -> Registry) -> Parsed {
    let mut ctx = Context::new();
    ctx.allow_unregistered_dialects = true;
    let reg = registry(&mut ctx);
    let file = SourceFile::new("<stdin>", text);
    let mut sources = SourceManager::new();
    sources.add(file.clone());
    let result = parse_source(&mut ctx, &reg, &file);
    Parsed {
        ctx,
        reg,
        sources,
        result,
    }
}

/// What ods-opt would print for `text` read from stdin with unregistered
/// dialects allowed: the output, or the rendered first parse error.
pub fn ours(
    text: &str,
    registry: fn(&mut Context) -> Registry,
    opts: PrintOptions,
) -> Result<String, String> {
    let p = parse(text, registry);
    match &p.result {
        Ok((ir, m)) => Ok(print_module(&p.ctx, ir, &p.reg, *m, opts, Some(&p.sources))),
        Err(d) => Err(p.sources.render(d)),
    }
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
    let p = parse(text, registry);
    let place = |d: &ir::Diagnostic| match &d.loc {
        ir::DiagLoc::FileLineCol { line, col, .. } => format!("{line}:{col}: {}", d.message),
        ir::DiagLoc::Unknown => format!("?: {}", d.message),
    };
    let (ir, m) = p.result.as_ref().map_err(place)?;
    ir::verifier::verify(&p.ctx, ir, &p.reg, *m, Some(&p.sources)).map_err(|d| place(&d))
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

/// `text` parsed with the dialects `registry` registers (panics on a
/// parse error: for tests whose input is known good).
pub fn parse_module_with(
    text: &str,
    registry: fn(&mut Context) -> Registry,
) -> (Context, Registry, Ir, OpId) {
    let mut ctx = Context::new();
    let reg = registry(&mut ctx);
    let file = SourceFile::new("<test>", text);
    let (ir, m) = parse_source(&mut ctx, &reg, &file).unwrap_or_else(|d| panic!("{}", d.message));
    (ctx, reg, ir, m)
}

/// The ops under `root`, in textual order.
fn ops_under(ir: &Ir, root: OpId) -> Vec<OpId> {
    fn walk(ir: &Ir, op: OpId, out: &mut Vec<OpId>) {
        for &r in ir.regions(op) {
            for b in ir.region_blocks(r) {
                for o in ir.block_ops(b) {
                    out.push(o);
                    walk(ir, o, out);
                }
            }
        }
    }
    let mut all = Vec::new();
    walk(ir, root, &mut all);
    all
}

/// The `n`th op named `name` under `root`, in textual order.
pub fn nth_op(ctx: &Context, ir: &Ir, root: OpId, name: &str, n: usize) -> OpId {
    ops_under(ir, root)
        .into_iter()
        .filter(|&o| ctx.str(ir.op_name(o)) == name)
        .nth(n)
        .unwrap_or_else(|| panic!("no {name} #{n}"))
}

/// How many ops named `name` are under `root`.
pub fn count_ops(ctx: &Context, ir: &Ir, root: OpId, name: &str) -> usize {
    ops_under(ir, root)
        .into_iter()
        .filter(|&o| ctx.str(ir.op_name(o)) == name)
        .count()
}

/// The constant operands of `op` as the fold driver passes them: the
/// value of each operand an `arith.constant` defines, `None` for others.
pub fn constant_operands(ctx: &Context, ir: &Ir, op: OpId) -> Vec<Option<ir::Attribute>> {
    ir.operands(op)
        .map(|v| {
            ir.defining_op(v)
                .filter(|&d| ctx.str(ir.op_name(d)) == "arith.constant")
                .and_then(|d| ods_runtime::op::inherent_attr(ctx, ir, d, "value"))
        })
        .collect()
}

/// `text` (known good) after `--canonicalize` with the folds and patterns
/// of the dialects `registry` registers, printed with default options.
pub fn canonicalized_with(text: &str, registry: fn(&mut Context) -> Registry) -> String {
    let (mut ctx, reg, mut ir, m) = parse_module_with(text, registry);
    let patterns = ods_transforms::rewrite::canonicalization_patterns(&reg).to_vec();
    let converged =
        ods_transforms::rewrite::canonicalize(&mut ctx, &reg, &mut ir, m, &patterns, None);
    assert!(converged, "--canonicalize did not converge");
    print_module(&ctx, &ir, &reg, m, PrintOptions::default(), None)
}

/// The test helpers of one dialect crate, over a registry of the dialects
/// its tests use (in `ods-opt`'s registration order): `registry`,
/// `parse_module` and `canonicalized`, plus everything of this crate.
///
/// Each argument names a crate with a `register(ctx, reg)` function;
/// `crate` names the crate under test.
///
/// In a dialect crate's `lib.rs` it reads
/// `#[cfg(test)] mod testing { dialect_testing::dialect_test_helpers!(dialect_arith, crate); }`;
/// here with a dialect of no ops:
///
/// ```
/// mod my_dialect {
///     pub fn register(_ctx: &mut ir::Context, _reg: &mut ir::Registry) {}
/// }
/// mod testing {
///     use super::my_dialect;
///     dialect_testing::dialect_test_helpers!(my_dialect);
/// }
/// fn main() {
///     let (_ctx, _reg, ir, module) = testing::parse_module("module {}\n");
///     assert_eq!(ir.num_regions(module), 1);
/// }
/// ```
#[macro_export]
macro_rules! dialect_test_helpers {
    ($($dialect:ident),+ $(,)?) => {
        // Each crate's tests use a different part of the shared helpers.
        #[allow(unused_imports)]
        pub use $crate::*;

        /// The dialects these tests use, registered in `ods-opt`'s order.
        pub fn registry(ctx: &mut ::ir::Context) -> ::ir::Registry {
            let mut reg = ::ir::Registry::new(ctx);
            $($dialect::register(ctx, &mut reg);)+
            reg
        }

        /// `text` parsed with [`registry`] (panics on a parse error).
        #[allow(dead_code)]
        pub fn parse_module(text: &str) -> (::ir::Context, ::ir::Registry, ::ir::Ir, ::ir::OpId) {
            $crate::parse_module_with(text, registry)
        }

        /// `text` after `--canonicalize` with [`registry`]'s folds and patterns.
        #[allow(dead_code)]
        pub fn canonicalized(text: &str) -> String {
            $crate::canonicalized_with(text, registry)
        }
    };
}
