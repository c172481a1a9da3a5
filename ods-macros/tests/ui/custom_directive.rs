// The functions of `custom<...>` directives: `parse_twice` is missing,
// `print_twice` is written, and `parse_tag` / `print_tag` have the wrong
// shape. rustc names the missing one, and shows the `fn` type expected
// of each one of the wrong shape (docs/assembly-format.md, "Custom
// directives").
mod ops {
    use ods_runtime::ir::parser::ops::OpAsmParser;
    use ods_runtime::ir::parser::PResult;
    use ods_runtime::ir::printer::ops::OpAsmPrinter;
    use ods_runtime::ir::{Attribute, OpId, Value};

    pub fn print_twice(_pr: &mut OpAsmPrinter<'_, '_>, _op: OpId, _value: Option<Value>) {}

    // The ref(...) operand is passed by value, not as `&mut`.
    pub fn parse_tag(
        _p: &mut OpAsmParser<'_>,
        _value: &mut Option<ods_runtime::ir::parser::ops::UnresolvedOperand<'_>>,
        _tag: &mut Option<Attribute>,
    ) -> PResult<()> {
        Ok(())
    }

    // Missing the op.
    pub fn print_tag(_pr: &mut OpAsmPrinter<'_, '_>, _value: Option<Value>, _tag: Option<Attribute>) {}

    ods_macros::include_ods!("./custom_directive.ods");
}

fn main() {}
