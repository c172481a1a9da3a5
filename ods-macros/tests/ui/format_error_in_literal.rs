use ods_macros::op;

// The format names an operand the op does not have: the message shows the
// format string with a caret under `$bogus`.
#[op("test.sub", traits = [SameOperandsAndResultType],
     assemblyFormat = "$lhs `,` $bogus attr-dict `:` type($diff)")]
pub struct SubIOp {
    lhs: SignlessIntegerLike,
    rhs: SignlessIntegerLike,
    #[result]
    diff: SignlessIntegerLike,
}

fn main() {}
