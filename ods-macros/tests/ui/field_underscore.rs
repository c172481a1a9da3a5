use ods_macros::op;

#[op("test.x")]
pub struct XOp {
    payload: _,
}

fn main() {}
