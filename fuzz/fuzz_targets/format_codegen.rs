//! Arbitrary text as an op's `assemblyFormat`, in a fixed spec with
//! operands, results, attributes, properties, regions and successors of
//! every kind, through the compiler, the model's format checker and op
//! code generation (the generated parser and printer included). Property:
//! no panic, and every failure comes with an `error:` diagnostic, never
//! the code generator's internal error. The harness is shared with the
//! regression test that replays kept inputs (`ods-spec/tests/format_fuzz.rs`).
//! Generated items are parsed and tidied but not printed
//! ([`ods_spec::codegen::set_print_items`]); the replaying test prints
//! them (`FUZZ_PRINT_ITEMS=1` prints them here too). Most of each run is
//! the front end reading the spec's includes (`OpBase.td`).
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../ods-spec/tests/common/format_fuzz.rs"]
mod format_fuzz;

fuzz_target!(init: ods_spec::codegen::set_print_items(std::env::var_os("FUZZ_PRINT_ITEMS").is_some()), |data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    format_fuzz::check_format(text);
});
