// The default of a Rust enum attribute is Rust code in a string: a wrong
// variant is an error on the string, with the close variant suggested.
use ods_macros::op;

/// A rounding mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, ods_macros::EnumAttr)]
#[enum_attr("test.rounding")]
pub enum Rounding {
    Down,
    Up,
}

#[op("test.round")]
pub struct RoundOp {
    mode: DefaultValuedAttr<RustEnumAttrDef<"RoundingAttr", "Rounding">, "Rounding::Upp">,
}

fn main() {}
