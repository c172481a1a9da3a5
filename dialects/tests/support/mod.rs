//! What the `test` dialect's tests share beyond `ods_runtime::testing`:
//! the oracles an expected verifier message is checked against
//! ([`Oracle`], [`check_case`]): `mlir-tblgen -gen-op-defs` on test.ods,
//! or `mlir-opt` on an upstream op of the same shape (its own `test`
//! dialect included). Without the LLVM tools the oracles are skipped with
//! a printed line and only our messages are checked.

#![allow(dead_code)]

use ir::printer::ops::PrintOptions;
use ods_runtime::testing::{self, mlir_opt_error, Fixture, MLIR_OPT};
use std::process::Command;
use std::sync::OnceLock;

pub const LOC: ir::Location = ir::Location::UNKNOWN;
pub const MLIR_TBLGEN: &str = "/usr/lib/llvm-22/bin/mlir-tblgen";

/// A module with one block to build into, with ods-opt's registry.
pub fn fixture() -> Fixture {
    Fixture::new(dialects::registry)
}

/// Parses and verifies `text` with ods-opt's registry: the printed module,
/// or the first error's message.
pub fn check_text(text: &str) -> Result<String, String> {
    testing::verify_text(text, dialects::registry, PrintOptions::default())
}

/// Where an expected message was checked.
pub enum Oracle {
    /// This text is a string literal of `mlir-tblgen -gen-op-defs` on test.ods.
    Tblgen(&'static str),
    /// `mlir-opt` on this IR gives the same message, once each upstream
    /// name is replaced by ours.
    MlirOpt(&'static str, &'static [(&'static str, &'static str)]),
    /// The dialect's own verifier; the wording is ours.
    Ours,
}

/// The C++ `mlir-tblgen` emits for test.ods; `None` without the tool.
pub fn tblgen_cpp() -> Option<&'static str> {
    static CPP: OnceLock<Option<String>> = OnceLock::new();
    CPP.get_or_init(|| {
        let spec = concat!(env!("CARGO_MANIFEST_DIR"), "/ods/test.ods");
        let out = Command::new(MLIR_TBLGEN)
            .args(["-gen-op-defs", "-I", "/usr/lib/llvm-22/include", spec])
            .output()
            .ok()?;
        assert!(
            out.status.success(),
            "mlir-tblgen rejects test.ods:\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
        Some(String::from_utf8(out.stdout).expect("UTF-8 C++"))
    })
    .as_deref()
}

/// `body` inside the block of an unregistered op whose block takes `args`.
pub fn wrap(args: &str, body: &str) -> String {
    format!("\"w.f\"() ({{\n^bb0({args}):\n  {body}\n}}) : () -> ()\n")
}

/// `test.<op>` with `props` and no operands, in a wrapper.
pub fn attr_op(op: &str, props: &str) -> String {
    wrap("", &format!("\"test.{op}\"() <{{{props}}}> : () -> ()"))
}

/// `test.<op>` with `attrs` in its attribute dictionary (no `<{...}>`),
/// in a wrapper: the parser checks each inherent attribute's constraint,
/// as MLIR's `verifyInherentAttrs` does (a wrong value is a parse error
/// naming the constraint, whatever its kind).
pub fn attr_dict_op(op: &str, attrs: &str) -> String {
    wrap("", &format!("\"test.{op}\"() {{{attrs}}} : () -> ()"))
}

/// The parse error of `test.<op>` written `<{props}>` (as printed) whose
/// `name` (printed `value`) does not convert into its property (MLIR's
/// property conversion: not of the attribute's storage class), and the
/// string of mlir-tblgen's C++ that says so.
pub fn conversion_error(op: &str, props: &str, name: &str, value: &str) -> (String, Oracle) {
    let fragment: &'static str =
        Box::leak(format!("Invalid attribute `{name}` in property conversion: ").into_boxed_str());
    (
        format!("parse: invalid properties {{{props}}} for op test.{op}: {fragment}{value}"),
        Oracle::Tblgen(fragment),
    )
}

/// Our verifier rejects `text` with `message`, and the oracle agrees.
pub fn check_case(text: &str, message: &str, oracle: &Oracle) {
    assert_eq!(check_text(text), Err(message.to_string()), "on {text}");
    match oracle {
        Oracle::Tblgen(fragment) => {
            assert!(
                message.contains(fragment),
                "{message:?} does not contain {fragment:?}"
            );
            match tblgen_cpp() {
                Some(cpp) => assert!(
                    cpp.contains(&format!("\"{fragment}\"")),
                    "mlir-tblgen's C++ has no string \"{fragment}\""
                ),
                None => eprintln!("mlir-tblgen not found at {MLIR_TBLGEN}: skipping its check"),
            }
        }
        Oracle::MlirOpt(upstream, renames) => match mlir_opt_error(upstream) {
            Some(theirs) => {
                let theirs = renames
                    .iter()
                    .fold(theirs, |m, (from, to)| m.replace(from, to));
                assert_eq!(theirs, message, "mlir-opt on {upstream}");
            }
            None => eprintln!("mlir-opt not found at {MLIR_OPT}: skipping its check"),
        },
        Oracle::Ours => {}
    }
}
