// patterns!: an op name that two op structs of the crate carry (in two
// modules), at the name.

mod a {
    #[ods_macros::op("a.id")]
    pub struct IdOp {
        input: AnyType,
        #[result]
        output: AnyType,
    }
}

mod b {
    #[ods_macros::op("b.id")]
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
