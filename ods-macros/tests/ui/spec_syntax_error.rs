// trybuild compiles this file in `target/tests/trybuild/ods-macros`, which
// is then CARGO_MANIFEST_DIR: the path climbs back to the workspace.
mod ops {
    ods_macros::include_ods!("../../../../ods-macros/tests/ui/syntax_error.ods");
}

fn main() {}
