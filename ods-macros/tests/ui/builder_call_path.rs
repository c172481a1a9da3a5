// A `builderCall` is Rust code in a string: the type it calls a function
// of is checked at the string, with the close name suggested.
/// A shape of known rank.
#[ods_macros::type_def("test.shaped", builderCall = "ShapedTyp::get($_builder, 2)",
    assemblyFormat = "`<` $rank `>`")]
pub struct ShapedType {
    rank: u32,
}

fn main() {}
