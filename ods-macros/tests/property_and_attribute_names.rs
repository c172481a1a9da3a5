//! A property the custom form reads and an `attr-dict` entry of the same
//! name (issue 18): the properties keep the one the format read, once.
//! Before, both went into the properties dictionary, which then had the
//! key twice (`<{cookie = 1 : i64, cookie = 5 : i64}>`).
//!
//! `mlir-opt-22` keeps the entry as a discardable attribute
//! (`<{cookie = 1 : i64}> {cookie = 5 : i64}`); here the IR's own move of
//! inherent names out of the dictionary still drops it (`ir::registry::
//! split_inherent_attrs` does not tell properties from inherent
//! attributes), which this test pins until that is fixed.

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

#[test]
fn a_dictionary_entry_does_not_duplicate_a_property_the_format_read() {
    let generic = PrintOptions {
        generic: true,
        ..PrintOptions::default()
    };
    let printed = testing::verify_text("sn.cookie 1 {cookie = 5 : i64}\n", registry, generic)
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(
        printed.contains("\"sn.cookie\"() <{cookie = 1 : i64}>"),
        "{printed}"
    );
    assert_eq!(printed.matches("cookie =").count(), 1, "{printed}");
}
