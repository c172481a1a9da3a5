//! An inherent property or attribute and a discardable attribute of the
//! same name (issue 18), in the generic and the custom form, as
//! `mlir-opt-22` keeps them:
//!
//! - a pure property (`I64Prop`; upstream's `ptr.ptr_add` `flags`) is never
//!   looked for in the attribute dictionary, so the discardable attribute
//!   stays beside it: `<{cookie = 1 : i64}> {cookie = 5 : i64}`;
//! - an attribute stored as a property (`I64Attr`; upstream's `arith.addi`
//!   `overflowFlags`) takes the dictionary entry: in the generic form the
//!   written `<{...}>` is set afterwards and wins, in the custom form the
//!   entry overrides what the format read (`tests/lit/opt/
//!   property_attribute_names.mlir` shows both on `arith.addi` against
//!   `mlir-opt-22`).
//!
//! Before, the discardable attribute of a pure property was dropped.

use ods_runtime::ir::printer::ops::PrintOptions;
use ods_runtime::ir::{Context, Registry};
use ods_runtime::register_dialect;
use ods_runtime::testing;

mod same_name {
    ods_macros::include_ods!("tests/ods/same_name.ods");
}

fn registry(ctx: &mut Context) -> Registry {
    let mut reg = Registry::new(ctx);
    register_dialect::<same_name::SnDialect>(ctx, &mut reg);
    reg
}

const GENERIC: PrintOptions = PrintOptions {
    generic: true,
    debug_info: false,
    local_scope: false,
};

/// `text` printed in the custom and in the generic form; each reads back
/// to itself (the textual half of `--verify-roundtrip`).
fn both_forms(text: &str) -> (String, String) {
    let custom = testing::verify_text(text, registry, PrintOptions::default())
        .unwrap_or_else(|e| panic!("{e}\non {text}"));
    let generic = testing::verify_text(text, registry, GENERIC).unwrap();
    for (printed, opts) in [(&custom, PrintOptions::default()), (&generic, GENERIC)] {
        assert_eq!(
            testing::verify_text(printed, registry, opts).as_ref(),
            Ok(printed),
            "does not read back"
        );
    }
    let from_generic = testing::verify_text(&generic, registry, PrintOptions::default());
    assert_eq!(
        from_generic.as_ref(),
        Ok(&custom),
        "generic form reads back differently"
    );
    (custom, generic)
}

#[test]
fn a_pure_property_keeps_a_discardable_attribute_of_its_name() {
    for text in [
        "sn.cookie 1 {cookie = 5 : i64}\n",
        "\"sn.cookie\"() <{cookie = 1 : i64}> {cookie = 5 : i64} : () -> ()\n",
    ] {
        let (custom, generic) = both_forms(text);
        assert!(
            custom.contains("  sn.cookie 1 {cookie = 5 : i64}\n"),
            "{custom}"
        );
        assert!(
            generic.contains("\"sn.cookie\"() <{cookie = 1 : i64}> {cookie = 5 : i64} : () -> ()"),
            "{generic}"
        );
    }
}

#[test]
fn a_pure_property_is_never_read_from_the_dictionary() {
    // The property keeps its default (the C++ twin of `testfmt.prop_vars`
    // prints `0, ""` for the same input).
    let (custom, generic) = both_forms("\"sn.cookie\"() {cookie = 5 : i64} : () -> ()\n");
    assert!(
        custom.contains("  sn.cookie 0 {cookie = 5 : i64}\n"),
        "{custom}"
    );
    assert!(
        generic.contains("\"sn.cookie\"() <{cookie = 0 : i64}> {cookie = 5 : i64} : () -> ()"),
        "{generic}"
    );
}

#[test]
fn an_attribute_stored_as_a_property_takes_the_dictionary_entry() {
    // Custom form: the entry is split into the properties after the
    // format filled them, so it wins.
    let (custom, generic) = both_forms("sn.flag 1 {flag = 5 : i64}\n");
    assert!(custom.contains("  sn.flag 5\n"), "{custom}");
    assert!(
        generic.contains("\"sn.flag\"() <{flag = 5 : i64}> : () -> ()"),
        "{generic}"
    );
    // Generic form: the written properties are set afterwards, so they win.
    let (custom, generic) =
        both_forms("\"sn.flag\"() <{flag = 1 : i64}> {flag = 5 : i64} : () -> ()\n");
    assert!(custom.contains("  sn.flag 1\n"), "{custom}");
    assert!(
        generic.contains("\"sn.flag\"() <{flag = 1 : i64}> : () -> ()"),
        "{generic}"
    );
}
