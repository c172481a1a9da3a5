use ods_macros::op;

#[op("test.even", hasVerifier = 1)]
pub struct EvenOp {
    count: I64Attr,
}

fn main() {}
