// The default of a Rust enum attribute is Rust code in a string: a wrong
// variant is an error on the string, with the close variant suggested.
use ods_macros::op;

/// A rounding mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, ods_macros::EnumAttr)]
#[enum_attr("test.rounding", dialect = TestDialect)]
pub enum Rounding {
    Down,
    Up,
}

#[op("test.round", dialect = TestDialect)]
pub struct RoundOp {
    mode: DefaultValuedAttr<RustEnumAttrDef<"RoundingAttr", "Rounding">, "Rounding::Upp">,
}

fn main() {}

// The dialect: this case is about another error, so it lists every
// op and enum attribute (`ods_runtime::dialect::ListsOp`).
#[allow(dead_code)]
pub struct TestDialect;
impl<O> ods_runtime::dialect::ListsOp<O> for TestDialect {}
impl<A> ods_runtime::dialect::ListsEnumAttr<A> for TestDialect {}
