// An attribute, a type or an enum attribute that names no dialect
// (`dialect = ...`) could be left out of every dialect's lists unnoticed,
// as an op could: an error at its name saying what to write. The crate
// declares `#[dialect("test")]`, so the fix names `TestDialect`; no
// dialect is declared for `other`, so that type's fix is a placeholder.
// An enum with no attribute is registered by no dialect, so it needs
// none, and one given is refused.
use ods_macros::{attr, dialect, type_def, EnumAttr};

#[attr("test.pair", assemblyFormat = "`<` $first `,` $second `>`")]
pub struct PairAttr {
    first: i64,
    second: i64,
}

#[type_def("test.shaped", assemblyFormat = "`<` $rank `>`")]
pub struct ShapedType {
    rank: u32,
}

#[type_def("other.unit")]
pub struct UnitType;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, EnumAttr)]
#[enum_attr("test.rounding")]
pub enum Rounding {
    Down,
    Up,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, EnumAttr)]
pub enum Plain {
    A,
    B,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, EnumAttr)]
#[enum_attr(dialect = TestDialect)]
pub enum PlainWithDialect {
    A,
}

#[dialect("test", attrs = [PairAttr], types = [ShapedType], enum_attrs = [RoundingAttr])]
pub struct TestDialect;

fn main() {
    // The defs are still defined: no cascade where they are used.
    let mut ctx = ods_runtime::ir::Context::new();
    let _ = (PairAttr::get(&mut ctx, 1, 2), ShapedType::get(&mut ctx, 2));
    let _ = (UnitType::get(&mut ctx), RoundingAttr::get(&mut ctx, Rounding::Up));
    let _ = Plain::A.as_str();
}
