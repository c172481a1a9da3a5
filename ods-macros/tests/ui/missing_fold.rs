// Ops with `hasFolder = 1` whose author wrote no `fold`: rustc's error
// must name the method and the signature to write, for the one-result
// shape and for the shape of other ops.
use ods_macros::op;

#[op("test.negate", hasFolder = 1)]
pub struct NegateOp {
    input: I32,
    #[result]
    output: I32,
}

#[op("test.split", hasFolder = 1)]
pub struct SplitOp {
    input: I64,
    #[result]
    low: I32,
    #[result]
    high: I32,
}

fn main() {}
