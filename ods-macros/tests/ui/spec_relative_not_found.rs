mod ops {
    ods_macros::include_ods!("../ui/no_such_spec.ods");
}

fn main() {}
