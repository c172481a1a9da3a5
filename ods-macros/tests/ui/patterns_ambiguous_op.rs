// patterns!: an op name that two op structs of the crate carry (in two
// modules), at the name.

mod a {
    #[ods_macros::op("a.id", dialect = crate::TestDialect)]
    pub struct IdOp {
        input: AnyType,
        #[result]
        output: AnyType,
    }
}

mod b {
    #[ods_macros::op("b.id", dialect = crate::TestDialect)]
    pub struct IdOp {
        input: AnyType,
        #[result]
        output: AnyType,
    }
}

ods_macros::patterns! {
    name = t;
    def P : Pat<(IdOp $x), (replaceWithValue $x)>;
}

fn main() {}

// The ops' dialect: this case is about another error, so it lists
// every op (`ods_runtime::dialect::ListsOp`).
#[allow(dead_code)]
pub struct TestDialect;
impl<O> ods_runtime::dialect::ListsOp<O> for TestDialect {}
