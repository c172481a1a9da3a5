// trybuild compiles this file with CARGO_MANIFEST_DIR inside its target
// directory: a path starting with `./` is relative to this file instead.
mod ops {
    ods_macros::include_ods!("./syntax_error.ods");
}

fn main() {}
