// Rust type paths written inside strings (a definition's view, an enum,
// a parent op) are checked where written: a wrong one is an error on the
// string, with the similar name in scope suggested.
use ods_macros::op;

/// A rounding mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, ods_macros::EnumAttr)]
#[enum_attr("test.rounding", dialect = TestDialect)]
pub enum Rounding {
    Down,
    Up,
}

#[op("test.module", traits = [NoTerminator], dialect = TestDialect)]
pub struct ModuleOp {
    #[region]
    body: AnyRegion,
}

#[op("test.round", traits = [HasParent<"ModulOp">], dialect = TestDialect)]
pub struct RoundOp {
    mode: RustEnumAttrDef<"RoundingAtr", "Rounding">,
}

fn main() {}

// The dialect: this case is about another error, so it lists every
// op and enum attribute (`ods_runtime::dialect::ListsOp`).
#[allow(dead_code)]
pub struct TestDialect;
impl<O> ods_runtime::dialect::ListsOp<O> for TestDialect {}
impl<A> ods_runtime::dialect::ListsEnumAttr<A> for TestDialect {}
