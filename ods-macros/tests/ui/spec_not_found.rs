mod ops {
    ods_macros::include_ods!("tests/ui/no_such_spec.ods");
}

fn main() {}
