use ods_macros::op;

// The format's `custom<Width>` calls `parse_width` and `print_width`:
// `print_width` is written, `parse_width` is not, and the error shows the
// signature expected of it.
#[op("test.widen", assemblyFormat = "custom<Width>($input) attr-dict `:` type($input)", dialect = TestDialect)]
pub struct WidenOp {
    input: AnyInteger,
}

fn print_width(
    _pr: &mut ods_runtime::ir::printer::ops::OpAsmPrinter<'_, '_>,
    _op: ods_runtime::ir::OpId,
    _input: Option<ods_runtime::ir::Value>,
) {
}

fn main() {}

// The ops' dialect: this case is about another error, so it lists
// every op (`ods_runtime::dialect::ListsOp`).
#[allow(dead_code)]
pub struct TestDialect;
impl<O> ods_runtime::dialect::ListsOp<O> for TestDialect {}
