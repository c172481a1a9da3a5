// An attribute, a type or an enum attribute that names its dialect but
// is left out of the dialect's list would never be registered: a
// compile error at the dialect's name in the def, naming the list.
use ods_macros::{attr, dialect, type_def, EnumAttr};

#[attr("test.listed", dialect = TestDialect)]
pub struct ListedAttr;

#[attr("test.forgotten", dialect = TestDialect)]
pub struct ForgottenAttr;

#[type_def("test.forgotten", dialect = TestDialect)]
pub struct ForgottenType;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, EnumAttr)]
#[enum_attr("test.mode", dialect = TestDialect)]
pub enum Mode {
    Fast,
}

#[dialect("test", attrs = [ListedAttr])]
pub struct TestDialect;

fn main() {}
