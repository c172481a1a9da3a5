use ods_macros::op;

#[derive(Debug)]
#[op("test.d")]
pub struct DOp {
    x: I32,
}

fn main() {}
