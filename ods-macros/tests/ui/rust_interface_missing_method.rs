// An op listing a Rust-declared interface without writing its required
// method: rustc's error names the method, as for an `.ods` interface.
use ods_macros::{op, op_interface};

/// Counts.
#[op_interface]
pub trait CountingOpInterface {
    /// How many.
    fn get_count(self) -> i64;
}

#[op("test.x", traits = [CountingOpInterface])]
pub struct XOp {
    lhs: I32,
}

fn main() {}
