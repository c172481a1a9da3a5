//! Arbitrary bytes as a whole input file through the `ods-opt` driver,
//! printed in custom form: the registered dialects' hand-written and
//! generated parsers and printers (seed it with custom-form files, e.g.
//! `tests/corpus/roundtrip/`). The property is
//! [`roundtrip::check_roundtrip`]'s.
#![no_main]

#[path = "roundtrip.rs"]
mod roundtrip;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    roundtrip::check_roundtrip(
        &["--allow-unregistered-dialect", "--mlir-disable-threading"],
        data,
    );
});
