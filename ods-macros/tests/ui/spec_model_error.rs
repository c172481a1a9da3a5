// See spec_syntax_error.rs for the path.
mod ops {
    ods_macros::include_ods!("./model_error.ods");
}

fn main() {}
