use ods_macros::op;

#[op("test.x", hasVerifer = 1)]
pub struct XOp {
    lhs: I32,
}

fn main() {}
