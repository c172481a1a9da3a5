//! Generates the dialect's ops and its rewrite patterns from its spec.

fn main() {
    ods_spec::build::Builder::new("ods/DrrTest.ods")
        .gen_ops("drr_test_ops.rs")
        .gen_rewriters("drr_test_rewriters.rs")
        .run();
}
