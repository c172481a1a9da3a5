//! `operands` read at once, their types one `type($x)` per operand
//! (upstream's `shape.with_shape` format): the operands resolve against
//! the per-operand types, in the custom and the generic form.

use ods_runtime::ir::printer::ops::PrintOptions;
use ods_runtime::ir::{Context, Registry};
use ods_runtime::register_dialect;
use ods_runtime::testing;

mod with_shape {
    ods_macros::include_ods!("tests/ods/with_shape.ods");
}

fn registry(ctx: &mut Context) -> Registry {
    let mut reg = Registry::new(ctx);
    register_dialect::<with_shape::WsDialect>(ctx, &mut reg);
    reg
}

#[test]
fn operands_resolve_against_per_operand_types() {
    let text = "module {\n  %0:2 = \"src.v\"() : () -> (tensor<?xf32>, index)\n  %1 = ws.with %0#0, %0#1 : tensor<?xf32>, index -> i1\n}\n";
    let printed = testing::verify_text(text, registry, PrintOptions::default())
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(printed, text);
    let generic = text.replace(
        "ws.with %0#0, %0#1 : tensor<?xf32>, index -> i1",
        "\"ws.with\"(%0#0, %0#1) : (tensor<?xf32>, index) -> i1",
    );
    let printed = testing::verify_text(&generic, registry, PrintOptions::default())
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(printed, text);
    // A type too few is the resolver's message.
    let short = text.replace(", index -> i1", " -> i1");
    assert!(testing::verify_text(&short, registry, PrintOptions::default()).is_err());
}
