use ods_macros::op;

#[op("test.x")]
pub struct XOp {
    value: I32,
    #[result]
    value: I32,
}

fn main() {}
