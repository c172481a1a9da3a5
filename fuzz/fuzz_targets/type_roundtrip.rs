//! Arbitrary text through the type parser. Property: parsing never panics,
//! and when a type parses, its printed form parses to the same type and
//! prints identically.
#![no_main]

use ir::parser::parse_type_str;
use ir::printer::print_type_str;
use ir::Context;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut ctx = Context::new();
    let Ok(ty) = parse_type_str(&mut ctx, text) else {
        return;
    };
    let printed = print_type_str(&ctx, ty);
    let reparsed = parse_type_str(&mut ctx, &printed)
        .unwrap_or_else(|d| panic!("printed type {printed:?} does not parse: {}", d.message));
    assert_eq!(reparsed, ty, "{printed:?} parses to a different type");
    assert_eq!(print_type_str(&ctx, reparsed), printed);
});
