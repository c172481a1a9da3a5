// A `builderCall` is Rust code in a string: the type it calls a function
// of is checked at the string, with the close name in scope suggested.

/// Builds the types below.
pub struct TypeBuilders;

/// A shape of known rank.
#[ods_macros::type_def("test.shaped", dialect = TestDialect, builderCall = "TypeBuilder::shaped($_builder, 2)",
    assemblyFormat = "`<` $rank `>`")]
pub struct ShapedType {
    rank: u32,
}

fn main() {}

// The defs' dialect: this case is about other errors, so it lists every
// attribute, type and enum attribute (`ods_runtime::dialect::ListsAttr`).
#[allow(dead_code)]
pub struct TestDialect;
impl<A> ods_runtime::dialect::ListsAttr<A> for TestDialect {}
impl<T> ods_runtime::dialect::ListsType<T> for TestDialect {}
impl<A> ods_runtime::dialect::ListsEnumAttr<A> for TestDialect {}
