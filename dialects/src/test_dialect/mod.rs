//! The `test` dialect (spec: `ods/test.ods`): ops that together use every
//! construct of the `.ods` language, generated at build time, so that tests
//! can exercise the generated API. What the spec leaves to Rust (the
//! `hasVerifier` / `hasRegionVerifier` methods) is in [`verify`]; the
//! op interfaces' methods the ops implement by hand are in `interfaces`.

mod generated {
    include!(concat!(env!("OUT_DIR"), "/test_enums.rs"));
    include!(concat!(env!("OUT_DIR"), "/test_attrs.rs"));
    include!(concat!(env!("OUT_DIR"), "/test_types.rs"));
    include!(concat!(env!("OUT_DIR"), "/test_ops.rs"));
    include!(concat!(env!("OUT_DIR"), "/test_interfaces.rs"));
}

mod interfaces;
mod syntax;
mod verify;

pub use generated::*;
