//! Test support for crates that define ops (feature `testing`, for
//! dev-dependencies only).
//!
//! In: IR text and a function that builds the registry of the ops under
//! test. Out: what our parser, verifier and printer make of the text, and
//! what the oracle, `mlir-opt` 22, makes of it, so a test can require the
//! two to agree. When `mlir-opt` is not installed the oracle half answers
//! `None` and the helpers that assert print a line saying it was skipped.
//!
//! A helper that fails renders the error as the verifier and `mlir-opt`
//! do: `file:line:col: error: ...`, the source line and a caret. Text
//! parsed here is the file `t.mlir`; ops a [`Fixture`] builds at
//! [`Fixture::here`] are located at the test's own line.

use ir::builder::OpBuilder;
use ir::parser::attrs::parse_attribute_str;
use ir::parser::ops::parse_source;
use ir::parser::parse_type_str;
use ir::printer::ops::{print_module, PrintOptions};
use ir::verifier::verify;
use ir::{Attribute, BlockId, Context, Ir, Location, OpId, Registry, SourceFile, Type, Value};
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// Where the oracle is installed by default (Debian's `mlir-22-tools`).
pub const MLIR_OPT: &str = "/usr/lib/llvm-22/bin/mlir-opt";

/// The oracle to run: `$MLIR_OPT` when set, else [`MLIR_OPT`].
pub fn mlir_opt_path() -> PathBuf {
    std::env::var_os("MLIR_OPT").map_or_else(|| PathBuf::from(MLIR_OPT), PathBuf::from)
}

/// `mlir-opt --allow-unregistered-dialect ARGS` on `text` (stdin): its
/// stdout when it succeeds, its stderr when it fails; `None` when it is
/// not installed.
pub fn mlir_opt(text: &str, args: &[&str]) -> Option<Result<String, String>> {
    let mut child = Command::new(mlir_opt_path())
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

/// The message of the first `error: ` line `mlir-opt` prints for `text`
/// (without its `<stdin>:line:col: error: ` prefix); `None` when it is not
/// installed or accepts the text.
pub fn mlir_opt_error(text: &str) -> Option<String> {
    let stderr = mlir_opt(text, &[])?.err()?;
    let line = stderr.lines().find(|l| l.contains("error: "))?;
    Some(line.split_once("error: ")?.1.to_string())
}

/// A `builtin.module` with one empty block, and that block.
pub fn module(ctx: &mut Context, ir: &mut Ir) -> (OpId, BlockId) {
    let mut b = OpBuilder::new(ctx, ir);
    let m = b.create_op("builtin.module", Location::UNKNOWN, &[], &[], None, None, 1);
    let body = b.ir.region(m, 0);
    let block = b.create_block(body, &[], Location::UNKNOWN);
    (m, block)
}

/// What a test builds ops in: a context that allows unregistered
/// dialects, the registry of the ops under test, and a module with one
/// block, into which [`Fixture::builder`] inserts.
pub struct Fixture {
    pub ctx: Context,
    pub ir: Ir,
    pub reg: Registry,
    pub module: OpId,
    pub block: BlockId,
    registry: fn(&mut Context) -> Registry,
}

impl Fixture {
    /// An empty module; `registry` registers the ops under test.
    pub fn new(registry: fn(&mut Context) -> Registry) -> Fixture {
        let mut ctx = Context::new();
        ctx.allow_unregistered_dialects = true;
        let reg = registry(&mut ctx);
        let mut ir = Ir::new();
        let (module, block) = self::module(&mut ctx, &mut ir);
        Fixture {
            ctx,
            ir,
            reg,
            module,
            block,
            registry,
        }
    }

    /// A builder at the end of [`Fixture::block`].
    pub fn builder(&mut self) -> OpBuilder<'_> {
        let mut b = OpBuilder::new(&mut self.ctx, &mut self.ir);
        b.set_insertion_point_to_end(self.block);
        b
    }

    /// The type written `text` (panics on bad text, with the error
    /// rendered at its column: tests write types).
    pub fn ty(&mut self, text: &str) -> Type {
        parse_type_str(&mut self.ctx, text)
            .unwrap_or_else(|e| panic!("{}", rendered_in("<type>", text, &e)))
    }

    /// The attribute written `text` (panics on bad text, rendered as
    /// [`Fixture::ty`]'s).
    pub fn attr(&mut self, text: &str) -> Attribute {
        parse_attribute_str(&mut self.ctx, text)
            .unwrap_or_else(|e| panic!("{}", rendered_in("<attr>", text, &e)))
    }

    /// The location of the Rust code calling this (`file:line:col`), for
    /// the ops a test builds: a verifier error on such an op, rendered by
    /// [`Fixture::verify_rendered`] or a failing
    /// [`Fixture::round_trip`], points at the line that built it.
    #[track_caller]
    pub fn here(&mut self) -> Location {
        let at = std::panic::Location::caller();
        let attr = self
            .ctx
            .file_line_col_loc(at.file(), at.line(), at.column());
        Location::attr(attr)
    }

    /// Values of the types written in `types`, to use as operands: the
    /// results of one unregistered `src.values` op at the builder's place
    /// (located at the caller's line, see [`Fixture::here`]).
    #[track_caller]
    pub fn values<const N: usize>(&mut self, types: &[&str; N]) -> [Value; N] {
        let types = types.map(|t| self.ty(t));
        let loc = self.here();
        let mut b = self.builder();
        let src = b.create_op("src.values", loc, &[], &types, None, None, 0);
        std::array::from_fn(|i| b.ir.result(src, i))
    }

    /// One value of the type written `ty`.
    #[track_caller]
    pub fn value(&mut self, ty: &str) -> Value {
        let [v] = self.values(&[ty]);
        v
    }

    /// Verifies the module: `Err` holds the first error's message alone,
    /// for tests that compare it (see [`Fixture::verify_rendered`]).
    pub fn verify(&self) -> Result<(), String> {
        verify(&self.ctx, &self.ir, &self.reg, self.module, None).map_err(|d| d.message)
    }

    /// Verifies the module: `Err` holds the first error rendered whole,
    /// as `mlir-opt` prints it (`file:line:col: error: ...` for an op
    /// built at a location such as [`Fixture::here`]'s, the notes).
    pub fn verify_rendered(&self) -> Result<(), String> {
        verify(&self.ctx, &self.ir, &self.reg, self.module, None)
            .map_err(|d| ir::SourceManager::new().render(&d))
    }

    /// The module printed with `opts`.
    pub fn print(&self, opts: PrintOptions) -> String {
        print_module(&self.ctx, &self.ir, &self.reg, self.module, opts, None)
    }

    /// Verifies the module, prints it in custom form, and checks that the
    /// text parses, verifies and prints back the same; returns the text.
    pub fn round_trip(&self) -> String {
        self.round_trip_with(PrintOptions::default())
    }

    /// [`Fixture::round_trip`], printing with `opts`.
    pub fn round_trip_with(&self, opts: PrintOptions) -> String {
        self.verify_rendered()
            .unwrap_or_else(|e| panic!("built IR fails to verify:\n{e}"));
        let text = self.print(opts);
        let again = parse_verify_print(&text, self.registry, opts, render);
        assert_eq!(
            again,
            Ok(text.clone()),
            "the printed text does not read back"
        );
        text
    }
}

/// Parses and verifies `text` with unregistered dialects allowed: the
/// module printed with `opts`, or the first error's message (`parse: ...`
/// when the parser rejects the text).
pub fn verify_text(
    text: &str,
    registry: fn(&mut Context) -> Registry,
    opts: PrintOptions,
) -> Result<String, String> {
    parse_verify_print(text, registry, opts, |_, d, parsing| match parsing {
        true => format!("parse: {}", d.message),
        false => d.message.clone(),
    })
}

/// Like [`verify_text`] with the default options, but an error is
/// rendered whole, as `mlir-opt` prints it (`t.mlir:line:col: error:
/// ...`, the source line, notes included).
pub fn verify_text_rendered(
    text: &str,
    registry: fn(&mut Context) -> Registry,
) -> Result<String, String> {
    parse_verify_print(text, registry, PrintOptions::default(), render)
}

/// A diagnostic rendered whole (with its `file:line:col` and source line).
fn render(sources: &ir::SourceManager, diagnostic: &ir::Diagnostic, _parsing: bool) -> String {
    sources.render(diagnostic)
}

/// `diagnostic`, from parsing `text` as the file `name`, rendered whole.
fn rendered_in(name: &str, text: &str, diagnostic: &ir::Diagnostic) -> String {
    let mut sources = ir::SourceManager::new();
    sources.add(SourceFile::new(name, text));
    sources.render(diagnostic)
}

/// Parse, verify and print `text` (file `t.mlir`), errors through
/// `error(sources, diagnostic, while_parsing)`.
fn parse_verify_print(
    text: &str,
    registry: fn(&mut Context) -> Registry,
    opts: PrintOptions,
    error: impl Fn(&ir::SourceManager, &ir::Diagnostic, bool) -> String,
) -> Result<String, String> {
    let mut ctx = Context::new();
    ctx.allow_unregistered_dialects = true;
    let reg = registry(&mut ctx);
    let file = SourceFile::new("t.mlir", text);
    let mut sm = ir::SourceManager::new();
    sm.add(file.clone());
    let (ir, m) = parse_source(&mut ctx, &reg, &file).map_err(|d| error(&sm, &d, true))?;
    // With the sources, so the error's location is the text's line and
    // column.
    verify(&ctx, &ir, &reg, m, Some(&sm)).map_err(|d| error(&sm, &d, false))?;
    Ok(print_module(&ctx, &ir, &reg, m, opts, None))
}

/// Our first error for `text` is `expected`, and so is `mlir-opt`'s when
/// it is installed (a parse error's `parse: ` prefix is ours alone).
/// On a mismatch the failure shows our error rendered at its
/// `t.mlir:line:col`.
pub fn assert_error(text: &str, registry: fn(&mut Context) -> Registry, expected: &str) {
    let ours = verify_text(text, registry, PrintOptions::default());
    if ours != Err(expected.to_string()) {
        let rendered = verify_text_rendered(text, registry);
        panic!(
            "expected the error `{expected}`, got {}\non {text}",
            match rendered {
                Ok(_) => "none: the text verifies".to_string(),
                Err(e) => format!("\n{e}"),
            }
        );
    }
    match mlir_opt_error(text) {
        Some(theirs) => {
            let expected = expected.strip_prefix("parse: ").unwrap_or(expected);
            assert_eq!(theirs, expected, "mlir-opt on {text}");
        }
        None => eprintln!(
            "mlir-opt not found at {}: checked against the recorded message only",
            mlir_opt_path().display()
        ),
    }
}

/// Our custom-form text for `text` is `mlir-opt`'s (which ends with one
/// more newline) when it is installed; returns ours.
pub fn assert_prints_as_mlir_opt(text: &str, registry: fn(&mut Context) -> Registry) -> String {
    let ours = verify_text_rendered(text, registry).unwrap_or_else(|e| panic!("{e}\non {text}"));
    match mlir_opt(text, &[]) {
        Some(theirs) => {
            let theirs = theirs.unwrap_or_else(|e| panic!("mlir-opt rejects {text}: {e}"));
            assert_eq!(ours.trim_end(), theirs.trim_end(), "on {text}");
        }
        None => eprintln!(
            "mlir-opt not found at {}: printed text not compared",
            mlir_opt_path().display()
        ),
    }
    ours
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixture_builds_verifies_and_prints_a_module() {
        let mut fx = Fixture::new(Registry::new);
        let x = fx.value("i32");
        let (i8t, i32t) = (fx.ty("i8"), fx.ty("i32"));
        assert_eq!(fx.ir.value_type(x), i32t);
        assert_eq!(fx.attr("7 : i8"), fx.ctx.integer_attr(i8t, 7));
        let text = fx.round_trip();
        assert_eq!(text, "module {\n  %0 = \"src.values\"() : () -> i32\n}\n");
        let generic = fx.round_trip_with(PrintOptions {
            generic: true,
            debug_info: false,
            local_scope: false,
        });
        assert!(generic.contains("\"builtin.module\"() ({"), "{generic}");
    }

    #[test]
    fn verify_text_tells_parse_errors_from_verify_errors() {
        // A parse error, which mlir-opt (when installed) reports too.
        let text = "\"a.b\"(%x) : (i32) -> ()";
        assert_error(
            text,
            Registry::new,
            "parse: use of undeclared SSA value name",
        );
        let text = "\"builtin.module\"() : () -> ()";
        let err = verify_text(text, Registry::new, PrintOptions::default()).unwrap_err();
        assert!(err.starts_with("'builtin.module' op requires"), "{err}");
    }

    /// The panic message of `f`.
    fn panic_message(f: impl FnOnce()) -> String {
        let payload =
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).expect_err("it panics");
        match payload.downcast::<String>() {
            Ok(s) => *s,
            Err(p) => p.downcast_ref::<&str>().unwrap_or(&"").to_string(),
        }
    }

    #[test]
    fn errors_on_built_ops_point_at_the_line_that_built_them() {
        let mut fx = Fixture::new(Registry::new);
        let (line, loc) = (line!(), fx.here());
        fx.builder()
            .create_op("builtin.module", loc, &[], &[], None, None, 0);
        let err = fx.verify_rendered().unwrap_err();
        assert!(err.starts_with(&format!("{}:{line}:", file!())), "{err}");
        assert!(
            err.contains(": error: 'builtin.module' op requires"),
            "{err}"
        );
        // The message alone, for tests that compare it.
        assert!(fx.verify().unwrap_err().starts_with("'builtin.module' op"));
        let round_trip = panic_message(move || {
            fx.round_trip();
        });
        assert!(
            round_trip.contains(&format!("{}:{line}:", file!())),
            "{round_trip}"
        );
    }

    #[test]
    fn a_wrong_expected_error_shows_ours_at_its_line_and_column() {
        let text = "\"builtin.module\"() : () -> ()";
        let message = panic_message(|| assert_error(text, Registry::new, "something else"));
        assert!(
            message.contains("t.mlir:1:1: error: 'builtin.module' op"),
            "{message}"
        );
        let bad_type = panic_message(|| {
            Fixture::new(Registry::new).ty("i32x");
        });
        assert!(bad_type.contains("<type>:1:"), "{bad_type}");
    }
}
