//! The dialect's text against `mlir-opt`: the corpus in
//! `tests/corpus/dlti.mlir` printed in the custom and generic forms, and
//! the parse and verify errors of the attributes and of `dlti.*`
//! attributes on ops, each with its message and place.

use crate::testing::registry;
use dialect_testing::{assert_parse_errors, assert_verify_errors, ours, theirs, MLIR_OPT};
use ods_runtime::ir::printer::ops::PrintOptions;

const CORPUS: &str = include_str!("../tests/corpus/dlti.mlir");

/// `text` printed by us and by mlir-opt, custom and generic, byte for byte.
fn assert_same_output(text: &str) {
    for generic in [false, true] {
        let opts = PrintOptions {
            generic,
            ..Default::default()
        };
        let printed = ours(text, registry, opts).unwrap_or_else(|e| panic!("{e}"));
        let args: &[&str] = if generic {
            &["--mlir-print-op-generic"]
        } else {
            &[]
        };
        match theirs(text, args) {
            Some(reference) => {
                let reference = reference.unwrap_or_else(|e| panic!("mlir-opt failed: {e}"));
                assert_eq!(
                    printed.trim_end(),
                    reference.trim_end(),
                    "generic: {generic}"
                );
            }
            None => eprintln!("{MLIR_OPT} not found: not compared"),
        }
        // What we print reads back to the same text.
        let again = ours(&printed, registry, opts).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(again, printed);
    }
}

#[test]
fn corpus_prints_as_mlir_opt() {
    assert_same_output(CORPUS);
}

#[test]
fn list_entries_print_as_key_equals_value() {
    let text = "\"t.o\"() {a = #dlti.dl_spec<#dlti.dl_entry<\"a\", 1>, i8 = 2 : i32>} : () -> ()";
    let printed = ours(text, registry, PrintOptions::default()).expect("parses");
    assert!(
        printed.contains("a = #dlti.dl_spec<\"a\" = 1 : i64, i8 = 2 : i32>"),
        "{printed}"
    );
}

#[test]
fn parse_errors_match_mlir_opt() {
    let o = |attr: &str| format!("\"t.o\"() {{a = {attr}}} : () -> ()");
    let cases: Vec<(String, &str)> = vec![
        (o("#dlti.dl_entry<5, 5>"), "<stdin>:1:29: error: expected a type or a quoted string\n\"t.o\"() {a = #dlti.dl_entry<5, 5>} : () -> ()\n                            ^\n"),
        (o("#dlti.dl_entry<i32 5>"), "<stdin>:1:32: error: expected ','\n\"t.o\"() {a = #dlti.dl_entry<i32 5>} : () -> ()\n                               ^\n"),
        (o("#dlti.dl_entry"), "<stdin>:1:28: error: expected '<'\n\"t.o\"() {a = #dlti.dl_entry} : () -> ()\n                           ^\n"),
        (o("#dlti.dl_spec<5>"), "<stdin>:1:28: error: invalid kind of attribute specified\n\"t.o\"() {a = #dlti.dl_spec<5>} : () -> ()\n                           ^\n"),
        (o("#dlti.map<\"a\" 1>"), "<stdin>:1:27: error: expected '='\n\"t.o\"() {a = #dlti.map<\"a\" 1>} : () -> ()\n                          ^\n"),
        (o("#dlti.map<i32 1>"), "<stdin>:1:27: error: expected '='\n\"t.o\"() {a = #dlti.map<i32 1>} : () -> ()\n                          ^\n"),
        (o("#dlti.map<\"a\" = 1,>"), "<stdin>:1:32: error: expected attribute value\n\"t.o\"() {a = #dlti.map<\"a\" = 1,>} : () -> ()\n                               ^\n"),
        (o("#dlti.dl_spec<\"a\" = 1 \"b\" = 2>"), "<stdin>:1:35: error: expected '>'\n\"t.o\"() {a = #dlti.dl_spec<\"a\" = 1 \"b\" = 2>} : () -> ()\n                                  ^\n"),
        (o("#dlti.target_device_spec<i32 = 5>"), "<stdin>:1:39: error: invalid kind of attribute specified\n\"t.o\"() {a = #dlti.target_device_spec<i32 = 5>} : () -> ()\n                                      ^\n"),
        (o("#dlti.target_device_spec<>"), "<stdin>:1:20: error: no DLTI entries provided\n\"t.o\"() {a = #dlti.target_device_spec<>} : () -> ()\n                   ^\n"),
        (o("#dlti.target_system_spec<>"), "<stdin>:1:20: error: no DLTI entries provided\n\"t.o\"() {a = #dlti.target_system_spec<>} : () -> ()\n                   ^\n"),
        (o("#dlti.map<\"a\" = 1, \"a\" = 2>"), "<stdin>:1:20: error: repeated DLTI key: \"a\"\n\"t.o\"() {a = #dlti.map<\"a\" = 1, \"a\" = 2>} : () -> ()\n                   ^\n"),
        (o("#dlti.dl_spec<i32 = 1, i32 = 2>"), "<stdin>:1:20: error: repeated DLTI key: i32\n\"t.o\"() {a = #dlti.dl_spec<i32 = 1, i32 = 2>} : () -> ()\n                   ^\n"),
        (o("#dlti.map<\"a\\n\" = 1, #dlti.dl_entry<\"a\\0A\", 2>>"), "<stdin>:1:20: error: repeated DLTI key: \"a\\0A\"\n\"t.o\"() {a = #dlti.map<\"a\\n\" = 1, #dlti.dl_entry<\"a\\0A\", 2>>} : () -> ()\n                   ^\n"),
        (o("#dlti.target_device_spec<\"a\" = 1, #dlti.dl_entry<i32, 5>, \"a\" = 1>"), "<stdin>:1:20: error: type as DLTI key is not allowed\n\"t.o\"() {a = #dlti.target_device_spec<\"a\" = 1, #dlti.dl_entry<i32, 5>, \"a\" = 1>} : () -> ()\n                   ^\n"),
        (o("#dlti.target_device_spec<\"a\" = 1, \"a\" = 1, #dlti.dl_entry<i32, 5>>"), "<stdin>:1:20: error: repeated DLTI key: \"a\"\n\"t.o\"() {a = #dlti.target_device_spec<\"a\" = 1, \"a\" = 1, #dlti.dl_entry<i32, 5>>} : () -> ()\n                   ^\n"),
        (o("#dlti.target_system_spec<#dlti.dl_entry<i32, #dlti.target_device_spec<\"a\" = 1>>>"), "<stdin>:1:20: error: non-string key of DLTI system spec\n\"t.o\"() {a = #dlti.target_system_spec<#dlti.dl_entry<i32, #dlti.target_device_spec<\"a\" = 1>>>} : () -> ()\n                   ^\n"),
        (o("#dlti.target_system_spec<\"a\" = #dlti.target_device_spec<\"a\" = 1>, \"a\" = 5>"), "<stdin>:1:20: error: value associated with key \"a\" is not a DLTI device spec\n\"t.o\"() {a = #dlti.target_system_spec<\"a\" = #dlti.target_device_spec<\"a\" = 1>, \"a\" = 5>} : () -> ()\n                   ^\n"),
        (o("#dlti.target_system_spec<\"a\" = #dlti.target_device_spec<\"a\" = 1>, \"a\" = #dlti.target_device_spec<\"b\" = 1>>"), "<stdin>:1:20: error: repeated device ID in dlti.target_system_spec: \"a\"\n\"t.o\"() {a = #dlti.target_system_spec<\"a\" = #dlti.target_device_spec<\"a\" = 1>, \"a\" = #dlti.target_device_spec<\"b\" = 1>>} : () -> ()\n                   ^\n"),
        (o("#dlti.foo<5>"), "<stdin>:1:20: error: unknown attribute `foo` in dialect `dlti`\n\"t.o\"() {a = #dlti.foo<5>} : () -> ()\n                   ^\n"),
    ];
    let cases: Vec<(&str, &str)> = cases.iter().map(|(t, e)| (t.as_str(), *e)).collect();
    assert_parse_errors(registry, &cases);
}

#[test]
fn op_attribute_errors_match_mlir_opt() {
    let m = |spec: &str| format!("module attributes {{{spec}}} {{}}");
    let cases: Vec<(String, &str)> = vec![
        (m("dlti.dl_spec = 5"), "1:1: 'dlti.dl_spec' is expected to be a #dlti.dl_spec attribute"),
        (m("dlti.map = #dlti.dl_spec<>"), "1:1: 'dlti.map' is expected to be a #dlti.map attribute"),
        (m("dlti.target_system_spec = 5"), "1:1: 'dlti.target_system_spec' is expected to be a #dlti.target_system_spec attribute"),
        (m("dlti.target_device_spec = #dlti.target_device_spec<\"a\" = 1>"), "1:1: attribute 'dlti.target_device_spec' not supported by dialect"),
        (m("dlti.unknown = 5"), "1:1: attribute 'dlti.unknown' not supported by dialect"),
        (m("dlti.dl_spec = #dlti.dl_spec<\"dlti.endianness\" = \"middle\">"), "1:1: 'dlti.endianness' data layout entry is expected to be either 'big' or 'little'"),
        (m("dlti.dl_spec = #dlti.dl_spec<\"dlti.endianness\" = 5>"), "1:1: 'dlti.endianness' data layout entry is expected to be either 'big' or 'little'"),
        (m("dlti.dl_spec = #dlti.dl_spec<\"dlti.foo\" = 5, \"dlti.endianness\" = 3>"), "1:1: unknown data layout entry name: dlti.foo"),
        (m("dlti.dl_spec = #dlti.dl_spec<\"dlti.endianness\" = 3, \"dlti.foo\" = 5>"), "1:1: 'dlti.endianness' data layout entry is expected to be either 'big' or 'little'"),
        ("\"t.o\"() {dlti.dl_spec = #dlti.dl_spec<\"dlti.foo\" = 1>, dlti.target_system_spec = 4} : () -> ()".into(), "1:1: 'dlti.target_system_spec' is expected to be a #dlti.target_system_spec attribute"),
        // Type-keyed entries, checked before the `dlti.` ones.
        (m("dlti.dl_spec = #dlti.dl_spec<i1 = dense<8> : vector<2xi32>>"), "1:1: expected a dense i64 elements attribute in the data layout entry #dlti.dl_entry<i1, dense<8> : vector<2xi32>>"),
        (m("dlti.dl_spec = #dlti.dl_spec<\"dlti.foo\" = 1, i64 = 5>"), "1:1: expected a dense i64 elements attribute in the data layout entry #dlti.dl_entry<i64, 5 : i64>"),
        (m("dlti.dl_spec = #dlti.dl_spec<i32 = dense<[8, 16]> : vector<2xui64>>"), "1:1: expected a dense i64 elements attribute in the data layout entry #dlti.dl_entry<i32, dense<[8, 16]> : vector<2xui64>>"),
        (m("dlti.dl_spec = #dlti.dl_spec<f80 = dense<[64, 64, 64]> : tensor<3xi64>>"), "1:1: expected 1 or 2 elements in the data layout entry #dlti.dl_entry<f80, dense<64> : tensor<3xi64>>"),
        (m("dlti.dl_spec = #dlti.dl_spec<si8 = dense<[16, 8]> : vector<2xi64>>"), "1:1: preferred alignment is expected to be greater than or equal to the abi alignment in data layout entry #dlti.dl_entry<si8, dense<[16, 8]> : vector<2xi64>>"),
        (m("dlti.dl_spec = #dlti.dl_spec<i8 = dense<[-1, 8]> : vector<2xi64>>"), "1:1: preferred alignment is expected to be greater than or equal to the abi alignment in data layout entry #dlti.dl_entry<i8, dense<[-1, 8]> : vector<2xi64>>"),
        (m("dlti.dl_spec = #dlti.dl_spec<index = [32]>"), "1:1: expected integer attribute in the data layout entry for 'index'"),
        (m("dlti.dl_spec = #dlti.dl_spec<complex<f32> = 5>"), "1:1: unexpected data layout for a built-in type"),
        (m("dlti.dl_spec = #dlti.dl_spec<none = 5>"), "1:1: unexpected data layout for a built-in type"),
    ];
    let cases: Vec<(&str, &str)> = cases.iter().map(|(t, e)| (t.as_str(), *e)).collect();
    assert_verify_errors(registry, &cases);
}

#[test]
fn module_layouts_mlir_opt_accepts_verify() {
    let accepted = [
        "module attributes {dlti.dl_spec = #dlti.dl_spec<\"dlti.endianness\" = \"big\" : i32, \"dlti.mangling_mode\" = 5, \"dlti.stack_alignment\" = \"x\", \"func.x\" = 5, \"dlti\" = 1>, dlti.map = #dlti.map<\"dlti.foo\" = 5>} {}",
        "module attributes {dlti.dl_spec = #dlti.dl_spec<\"dlti.alloca_memory_space\" = 5 : i32, \"dlti.default_memory_space\" = 1 : ui32, \"dlti.program_memory_space\" = 2 : i32, \"dlti.global_memory_space\" = 3 : i32>} {}",
        "module attributes {dlti.dl_spec = #dlti.dl_spec<i64 = dense<[64, 128]> : vector<2xi64>, i32 = dense<64> : tensor<1xi64>, ui64 = dense<[64, 128]> : vector<2xi64>, f80 = dense<[128, 256]> : vector<2xi64>, i8 = dense<[8, -1]> : vector<2xi64>, index = 32 : i32>} {}",
        // Only a module's layout is checked.
        "func.func @f() attributes {dlti.dl_spec = #dlti.dl_spec<i64 = 5, vector<2xi8> = 1>} {\n  return\n}",
    ];
    for text in accepted {
        assert_eq!(
            dialect_testing::our_first_error(text, registry),
            Ok(()),
            "{text}"
        );
        assert_same_output(text);
    }
}
