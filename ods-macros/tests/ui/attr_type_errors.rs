use ods_macros::{attr, type_def};

#[type_def]
pub struct NoName;

#[type_def("shape")]
pub struct NoDialect;

#[attr("toy.pair", assemblyFormat = "`<` $a `>`")]
pub struct Tuple(u32);

#[type_def("toy.dims", assemblyFormat = "`<` $dims `>`")]
pub struct UnderscoreWithoutParam {
    dims: _,
}

#[type_def("toy.dims", assemblyFormat = "`<` $dims `>`")]
pub struct ParamAndType {
    #[param(ArrayRefParameter<"int64_t">)]
    dims: Vec<i64>,
}

#[type_def("toy.shaped", assemblyFormat = "`<` $rank `x` $elem `>`")]
pub struct UnknownParameterInFormat {
    rank: u32,
}

#[type_def("toy.no_format")]
pub struct NoFormat {
    rank: u32,
}

#[attr("toy.pair", assemblyFormat = "`<` $a `>`")]
#[derive(Debug)]
pub struct Derived {
    a: u32,
}

fn main() {}
