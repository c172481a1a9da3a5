use ods_macros::op;

#[op("test.child", traits = [HasParent<"NoSuchOp">])]
pub struct ChildOp {
    x: I32,
}

fn main() {}
