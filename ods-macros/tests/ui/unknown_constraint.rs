use ods_macros::op;

#[op("test.x")]
pub struct XOp {
    lhs: SignlessInteger,
}

fn main() {}
