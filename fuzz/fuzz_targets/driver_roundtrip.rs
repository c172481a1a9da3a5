//! Arbitrary bytes as a whole input file through the `ods-opt` driver,
//! printed in generic form; the property is [`roundtrip::check_roundtrip`]'s.
#![no_main]

#[path = "roundtrip.rs"]
mod roundtrip;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    roundtrip::check_roundtrip(
        &[
            "--allow-unregistered-dialect",
            "--mlir-print-op-generic",
            "--mlir-disable-threading",
        ],
        data,
    );
});
