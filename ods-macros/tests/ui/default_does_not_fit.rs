use ods_macros::op;

#[op("test.small")]
pub struct SmallOp {
    count: DefaultValuedAttr<I8Attr, "300">,
}

fn main() {}
