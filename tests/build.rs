//! Generates, for the tests that compile and run generated ops:
//! - the ops checked against `mlir-opt` (`ods/reference.ods`: upstream's
//!   `arith.addi` / `arith.cmpi` and a `ref` dialect) for
//!   `tests/generated_ops.rs`;
//! - the golden spec of `ods-spec` (every construct) for
//!   `tests/golden_ops.rs`.

fn main() {
    ods_spec::build::Builder::new("ods/reference.ods")
        .gen_enums("reference_enums.rs")
        .gen_ops("reference_ops.rs")
        .run();
    ods_spec::build::Builder::new("../ods-spec/tests/golden/ops.ods")
        .gen_enums("golden_enums.rs")
        .gen_attrdefs("golden_attrs.rs")
        .gen_ops("golden_ops.rs")
        .run();
}
