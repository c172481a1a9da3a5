use ods_macros::op;

// The format names an operand the op does not have: the message shows the
// format string with a caret under `$bogus`.
#[op("test.sub", traits = [SameOperandsAndResultType],
     assemblyFormat = "$lhs `,` $bogus attr-dict `:` type($diff)", dialect = TestDialect)]
pub struct SubIOp {
    lhs: SignlessIntegerLike,
    rhs: SignlessIntegerLike,
    #[result]
    diff: SignlessIntegerLike,
}

fn main() {}

// The ops' dialect: this case is about another error, so it lists
// every op (`ods_runtime::dialect::ListsOp`).
#[allow(dead_code)]
pub struct TestDialect;
impl<O> ods_runtime::dialect::ListsOp<O> for TestDialect {}
