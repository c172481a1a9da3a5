use ods_macros::op;

#[op("test.x", traits [Pure])]
pub struct XOp;

fn main() {}
