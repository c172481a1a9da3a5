//! An `EnumAttr` over a plain `I32Enum`: a bad value reads with the
//! messages of upstream's `FieldParser` of the enum (`expected keyword for
//! SUMMARY`, `expected one of [a, b] for SUMMARY, got: x`), not those of
//! an `I32EnumAttr`'s parameter parser.

use ods_runtime::ir::printer::ops::PrintOptions;
use ods_runtime::ir::{Context, Registry};
use ods_runtime::register_dialect;
use ods_runtime::testing;

mod plain {
    ods_macros::include_ods!("tests/ods/plain_enum.ods");
}

fn registry(ctx: &mut Context) -> Registry {
    let mut reg = Registry::new(ctx);
    register_dialect::<plain::PeDialect>(ctx, &mut reg);
    reg
}

fn read(value: &str) -> Result<String, String> {
    let text = format!("\"src.op\"() {{m = {value}}} : () -> ()\n");
    testing::verify_text(&text, registry, PrintOptions::default())
}

#[test]
fn a_plain_enums_attribute_reads_with_field_parser_messages() {
    let printed = read("#pe<mode safe>").unwrap();
    assert!(printed.contains("{m = #pe<mode safe>}"), "{printed}");
    let err = read("#pe<mode bogus>").unwrap_err();
    assert!(
        err.contains("expected one of [fast, safe] for transfer mode, got: bogus"),
        "{err}"
    );
    let err = read("#pe<mode 3>").unwrap_err();
    assert!(err.contains("expected keyword for transfer mode"), "{err}");
}
