use ods_macros::EnumAttr;

#[derive(EnumAttr)]
pub struct NotAnEnum;

#[derive(Clone, Copy, EnumAttr)]
pub enum WithData {
    A(u32),
}

#[derive(Clone, Copy, EnumAttr)]
pub enum LowerCase {
    #[allow(non_camel_case_types)]
    down,
}

#[derive(Clone, Copy, EnumAttr)]
pub enum NotALiteral {
    A = 1 + 1,
}

#[derive(Clone, Copy, EnumAttr)]
pub enum CaseNotAString {
    #[case(1)]
    A,
}

#[derive(Clone, Copy, EnumAttr)]
#[enum_attr("rounding")]
pub enum NoDialect {
    A,
}

#[derive(Clone, Copy, EnumAttr)]
#[enum_attr(assemblyFormat = "`<` $value `>`")]
pub enum FormatWithoutName {
    A,
}

#[derive(Clone, Copy, EnumAttr)]
#[enum_attr("toy.mode", dialect = TestDialect, assemblyFormat = "`<` $valu `>`")]
pub enum BadFormat {
    A,
}

#[derive(Clone, Copy, EnumAttr)]
pub enum SameText {
    #[case("a")]
    A,
    #[case("a")]
    B,
}

fn main() {}

// The defs' dialect: this case is about other errors, so it lists every
// attribute, type and enum attribute (`ods_runtime::dialect::ListsAttr`).
#[allow(dead_code)]
pub struct TestDialect;
impl<A> ods_runtime::dialect::ListsAttr<A> for TestDialect {}
impl<T> ods_runtime::dialect::ListsType<T> for TestDialect {}
impl<A> ods_runtime::dialect::ListsEnumAttr<A> for TestDialect {}
