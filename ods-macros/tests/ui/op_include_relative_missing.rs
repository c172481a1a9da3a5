use ods_macros::op;

#[op("test.x", include = "./no_such_spec.ods")]
pub struct XOp {
    lhs: I32,
}

fn main() {}
