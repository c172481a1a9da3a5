// patterns!: the header is required, and items are `def Name : Class<...>;`.
ods_macros::patterns! {
    def P : Pat<(X $x), (replaceWithValue $x)>;
}

ods_macros::patterns! {
    name = t;
    pat P : Pat<(X $x), (replaceWithValue $x)>;
}

ods_macros::patterns! {
    name = t;
    def P Pat<(X $x), (replaceWithValue $x)>;
}

fn main() {}
