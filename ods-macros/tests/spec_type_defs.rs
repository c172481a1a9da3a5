//! A spec's own type definitions through `include_ods!`: a parameterless
//! `TypeDef` (`!qc.qubit`) as operand and result type, its ops built with
//! the result type the definition gives, read and printed.

use ods_runtime::ir::printer::ops::PrintOptions;
use ods_runtime::ir::{Context, Location, Registry};
use ods_runtime::register_dialect;
use ods_runtime::testing::{self, Fixture};

mod quantum {
    ods_macros::include_ods!("tests/ods/qubit.ods");
}

fn registry(ctx: &mut Context) -> Registry {
    let mut reg = Registry::new(ctx);
    register_dialect::<quantum::QcDialect>(ctx, &mut reg);
    reg
}

#[test]
fn a_parameterless_type_is_the_result_type_of_its_ops() {
    // The custom form names no type: the format parser builds it.
    let text = "%0 = qc.alloc\n%1 = qc.h %0\n";
    let printed = testing::verify_text(text, registry, PrintOptions::default()).unwrap();
    assert_eq!(printed, "module {\n  %0 = qc.alloc\n  %1 = qc.h %0\n}\n");
    let generic = testing::verify_text(
        text,
        registry,
        PrintOptions {
            generic: true,
            ..PrintOptions::default()
        },
    )
    .unwrap();
    assert!(
        generic.contains("\"qc.h\"(%0) : (!qc.qubit) -> !qc.qubit"),
        "{generic}"
    );
    // The builder needs no result type either.
    let mut fx = Fixture::new(registry);
    let alloc = quantum::AllocOp::build(&mut fx.builder(), Location::UNKNOWN);
    let q = alloc.q(&fx.ctx, &fx.ir);
    let qubit = quantum::QubitType::get(&mut fx.ctx);
    assert_eq!(fx.ir.value_type(q), qubit.into());
    quantum::HOp::build(&mut fx.builder(), Location::UNKNOWN, q);
    fx.verify().unwrap();
}
