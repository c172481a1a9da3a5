//! Arbitrary text as a `.ods` spec through the whole front end: grammar,
//! record resolution, the op model and the docs generator. Properties: no
//! panic, no stack overflow, and a failure always comes with at least one
//! rendered `error:` diagnostic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match ods_spec::compile("fuzz.ods", text, &[]) {
        Ok(c) => {
            let _ = c.records.print();
            match ods_spec::generate_dialect_doc(&c, None) {
                Ok(_) => {}
                Err(e) => assert!(e.render().contains("error")),
            }
        }
        Err(e) => {
            assert!(!e.diagnostics.is_empty());
            assert!(e.render().contains("error:"));
        }
    }
});
