//! The `test` dialect (spec: `ods/test.ods`): ops that together use every
//! construct of the `.ods` language, generated at build time, so that tests
//! can exercise the generated API. What the spec leaves to Rust (the
//! `hasVerifier` / `hasRegionVerifier` methods) is in [`verify`].

// The lints the generated code still trips on with this spec (reported to
// the code generator's owners): `!(a == b)` for an op-trait predicate that
// is a comparison, `let attr = ...; attr` in accessors of attributes stored
// as themselves, `map(|it| it)` for `AnyAttrOf`, and parentheses around
// array-element predicates.
#[allow(
    unused_parens,
    clippy::nonminimal_bool,
    clippy::let_and_return,
    clippy::map_identity
)]
mod generated {
    include!(concat!(env!("OUT_DIR"), "/test_enums.rs"));
    include!(concat!(env!("OUT_DIR"), "/test_attrs.rs"));
    include!(concat!(env!("OUT_DIR"), "/test_ops.rs"));
}

mod verify;

pub use generated::*;
