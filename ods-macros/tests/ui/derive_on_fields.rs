use ods_macros::Op;

#[derive(Op)]
#[op("test.x")]
pub struct XOp {
    lhs: u32,
}

fn main() {}
