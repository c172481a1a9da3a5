//! Inherent attributes of registered ops move into properties, as in
//! `mlir-opt` 22: each input below goes to both tools unnormalised (the
//! roundtrip corpus only feeds `ods-opt` what `mlir-opt` already printed,
//! where the move has happened), and the outcomes must agree: the same
//! exit status, the same generic output, the same first error line.

use ods_tests::{find_mlir_opt, first_line, run_ods_opt, run_tool, DriverRun};

const ARGS: &[&str] = &["--allow-unregistered-dialect", "--mlir-print-op-generic"];

/// Inputs on `builtin.module` (inherent `sym_name`, `sym_visibility`) and
/// `builtin.unrealized_conversion_cast` (no properties), the registered ops
/// the core has before any dialect crate.
const CASES: &[(&str, &str)] = &[
    (
        "dictionary entries move, written properties win",
        "\"builtin.module\"() <{sym_name = \"a\"}> ({ \"t.z\"() : () -> () }) {sym_visibility = \"private\", sym_name = \"b\", t.x = 1} : () -> ()\n",
    ),
    (
        "an empty properties dictionary is dropped",
        "\"builtin.module\"() <{}> ({ \"t.z\"() : () -> () }) : () -> ()\n",
    ),
    (
        "unknown keys of written properties are dropped",
        "\"builtin.module\"() <{t.y = 2}> ({ \"t.z\"() : () -> () }) {t.x = 1} : () -> ()\n",
    ),
    (
        "the dictionary alone feeds the properties",
        "\"builtin.module\"() ({ \"t.z\"() : () -> () }) {sym_name = \"m\"} : () -> ()\n",
    ),
    (
        "unregistered ops keep both as written",
        "\"t.op\"() <{t.y = 2}> {sym_name = \"m\"} : () -> ()\n",
    ),
    (
        "properties that are not a dictionary",
        "\"builtin.module\"() <[1]> ({ \"t.z\"() : () -> () }) : () -> ()\n",
    ),
    (
        "properties on an op without any",
        "%0 = \"t.a\"() : () -> i32\n%1 = \"builtin.unrealized_conversion_cast\"(%0) <{}> : (i32) -> i64\n",
    ),
];

#[test]
fn inherent_attributes_move_as_in_mlir_opt() {
    let Some(mlir_opt) = find_mlir_opt("the properties cases against mlir-opt") else {
        return;
    };
    for (what, input) in CASES {
        let expected = run_tool(&mlir_opt, ARGS, input.as_bytes());
        let ours = match run_ods_opt(ARGS, input.as_bytes()) {
            DriverRun::Finished(out) => out,
            DriverRun::Panicked(msg) => panic!("{what}: ods-opt panicked: {msg}"),
        };
        assert_eq!(ours.status, expected.status, "{what}: exit status");
        assert_eq!(
            String::from_utf8_lossy(&ours.stdout),
            String::from_utf8_lossy(&expected.stdout),
            "{what}: output"
        );
        assert_eq!(
            first_line(&ours.stderr_text()),
            first_line(&expected.stderr_text()),
            "{what}: first error line"
        );
    }
}
