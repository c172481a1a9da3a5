// Unknown trait, constraint and field names: the error at the name, with
// the known name it is closest to (a letter off, or the same but for case
// and underscores).
use ods_macros::op;

#[op("test.x", traits = [Comutative])]
pub struct XOp {
    lhs: I32,
}

#[op("test.y")]
pub struct YOp {
    lhs: AnyFlaot,
}

#[op("test.z")]
pub struct ZOp {
    lhs: f32,
}

#[op("test.w", has_folder = 1)]
pub struct WOp {
    lhs: I32,
}

fn main() {}
