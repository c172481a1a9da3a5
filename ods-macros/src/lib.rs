//! Procedural macros: `#[op]`, `#[derive(Op)]` and `include_ods!`. They parse
//! their input into the same op model as `.ods` files and share its codegen.
