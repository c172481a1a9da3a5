//! The custom-form corpus (`tests/corpus/custom-forms/*.mlir`: every op of
//! `func`, `cf`, `arith`, `scf`, `memref`, `math`, `index` and `complex` written in its custom form) against the real
//! `mlir-opt`, in three directions and one more: custom -> custom (both tools print the
//! file as written), custom -> generic (`--mlir-print-op-generic`), and
//! generic -> custom (both print `mlir-opt`'s generic output in custom
//! form), and custom -> custom with `--mlir-print-debuginfo`. Stdout,
//! stderr and exit status must be equal byte for byte.
//! Files (per direction) that do not pass yet are listed in
//! `tests/corpus/known-failures.txt` under suites `custom-forms`,
//! `custom-forms-generic`, `custom-forms-from-generic` and
//! `custom-forms-debuginfo`.

use ods_tests::{check_ratchet, corpus_files, find_mlir_opt, run_tool, same_as_mlir_opt as same};
use std::collections::BTreeMap;

const BASE: &[&str] = &["--allow-unregistered-dialect"];
const GENERIC: &[&str] = &["--allow-unregistered-dialect", "--mlir-print-op-generic"];
/// Custom form with locations: what printers leave out (entry block
/// arguments, implicit terminators) or reorder (regions) must not shift
/// the location aliases.
const DEBUG_INFO: &[&str] = &["--allow-unregistered-dialect", "--mlir-print-debuginfo"];

#[test]
fn custom_forms_match_mlir_opt_in_three_directions() {
    let Some(mlir_opt) = find_mlir_opt("the custom-form corpus") else {
        return;
    };
    let files = corpus_files("custom-forms");
    assert!(files.len() >= 2, "the custom-form corpus is missing");
    let mut to_custom = BTreeMap::new();
    let mut to_generic = BTreeMap::new();
    let mut from_generic = BTreeMap::new();
    let mut with_locations = BTreeMap::new();
    for file in &files {
        to_custom.insert(file.name.clone(), same(&mlir_opt, BASE, &file.text));
        with_locations.insert(file.name.clone(), same(&mlir_opt, DEBUG_INFO, &file.text));
        to_generic.insert(file.name.clone(), same(&mlir_opt, GENERIC, &file.text));
        let generic = run_tool(&mlir_opt, GENERIC, &file.text);
        assert_eq!(generic.status, 0, "mlir-opt rejects {}", file.name);
        from_generic.insert(file.name.clone(), same(&mlir_opt, BASE, &generic.stdout));
    }
    check_ratchet("custom-forms", &to_custom);
    check_ratchet("custom-forms-generic", &to_generic);
    check_ratchet("custom-forms-from-generic", &from_generic);
    check_ratchet("custom-forms-debuginfo", &with_locations);
}
