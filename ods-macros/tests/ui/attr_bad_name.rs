use ods_macros::op;

#[op("addi")]
pub struct XOp;

fn main() {}
