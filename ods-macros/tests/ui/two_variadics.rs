use ods_macros::op;

#[op("test.x")]
pub struct XOp {
    inputs: Variadic<I32>,
    outputs: Variadic<I32>,
}

fn main() {}
