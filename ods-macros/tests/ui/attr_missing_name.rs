use ods_macros::op;

#[op(traits = [Pure])]
pub struct XOp;

fn main() {}
