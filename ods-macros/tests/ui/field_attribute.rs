use ods_macros::op;

#[op("test.x")]
pub struct XOp {
    #[operand]
    lhs: I32,
}

fn main() {}
