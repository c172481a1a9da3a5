use ods_macros::op;

#[op("test.x", summary = "x", assemblyFormat = { attr-dict })]
pub struct XOp;

fn main() {}
