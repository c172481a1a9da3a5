// The spec's cppNamespace is `crate::ops`, but it is included in
// `crate::elsewhere`: the error names the namespace.
mod elsewhere {
    ods_macros::include_ods!("./namespace.ods");
}

fn main() {}
