use ods_macros::{attr, type_def};

#[type_def]
pub struct NoName;

#[type_def("shape")]
pub struct NoDialect;

#[attr("toy.pair", dialect = TestDialect, assemblyFormat = "`<` $a `>`")]
pub struct Tuple(u32);

#[type_def("toy.dims", dialect = TestDialect, assemblyFormat = "`<` $dims `>`")]
pub struct UnderscoreWithoutParam {
    dims: _,
}

#[type_def("toy.dims", dialect = TestDialect, assemblyFormat = "`<` $dims `>`")]
pub struct ParamAndType {
    #[param(ArrayRefParameter<"int64_t">)]
    dims: Vec<i64>,
}

#[type_def("toy.shaped", dialect = TestDialect, assemblyFormat = "`<` $rank `x` $elem `>`")]
pub struct UnknownParameterInFormat {
    rank: u32,
}

#[type_def("toy.no_format", dialect = TestDialect)]
pub struct NoFormat {
    rank: u32,
}

#[attr("toy.pair", dialect = TestDialect, assemblyFormat = "`<` $a `>`")]
#[derive(Debug)]
pub struct Derived {
    a: u32,
}

fn main() {}

// The defs' dialect: this case is about other errors, so it lists every
// attribute, type and enum attribute (`ods_runtime::dialect::ListsAttr`).
#[allow(dead_code)]
pub struct TestDialect;
impl<A> ods_runtime::dialect::ListsAttr<A> for TestDialect {}
impl<T> ods_runtime::dialect::ListsType<T> for TestDialect {}
impl<A> ods_runtime::dialect::ListsEnumAttr<A> for TestDialect {}
