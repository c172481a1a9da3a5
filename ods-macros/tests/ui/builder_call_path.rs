// A `builderCall` is Rust code in a string: the type it calls a function
// of is checked at the string, with the close name in scope suggested.

/// Builds the types below.
pub struct TypeBuilders;

/// A shape of known rank.
#[ods_macros::type_def("test.shaped", builderCall = "TypeBuilder::shaped($_builder, 2)",
    assemblyFormat = "`<` $rank `>`")]
pub struct ShapedType {
    rank: u32,
}

fn main() {}
