use ods_macros::op;

#[op("test.x")]
pub struct XOp(ods_runtime::ir::OpId);

fn main() {}
