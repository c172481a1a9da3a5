//! `vector.load` and `vector.store` parsed, verified, folded and printed
//! through the crate's registry. Their text forms and messages are checked
//! against `mlir-opt` by `tests/corpus/custom-forms/vector.mlir` and
//! `tests/lit/verify/vector_invalid.mlir`.

use ir::printer::ops::PrintOptions;
use ods_runtime::testing::verify_text;

fn verified(text: &str) -> Result<String, String> {
    verify_text(text, crate::testing::registry, PrintOptions::default())
}

#[test]
fn load_and_store_round_trip_with_their_attributes() {
    let text = "func.func @f(%m: memref<8x16xf32>, %i: index) {\n  \
        %v = vector.load %m[%i, %i] {nontemporal = true} : memref<8x16xf32>, vector<4xf32>\n  \
        vector.store %v, %m[%i, %i] {alignment = 16 : i64} : memref<8x16xf32>, vector<4xf32>\n  \
        return\n}\n";
    let out = verified(text).expect("the accesses verify");
    assert!(
        out.contains("vector.load %arg0[%arg1, %arg1] {nontemporal = true} : memref<8x16xf32>, vector<4xf32>"),
        "{out}"
    );
    assert!(
        out.contains("vector.store %0, %arg0[%arg1, %arg1] {alignment = 16 : i64} : memref<8x16xf32>, vector<4xf32>"),
        "{out}"
    );
}

#[test]
fn messages_follow_upstream_order() {
    let cases = [
        (
            "%v = vector.load %m[%i] : memref<8x8xf32, strided<[1, 8]>>, vector<2x4xf32>",
            "most minor memref dim must have unit stride",
        ),
        (
            "%v = vector.load %m[%i] : memref<8x8xf32, strided<[1, 8]>>, vector<1xf32>",
            "requires 2 indices",
        ),
        (
            "vector.store %w, %m[%i] : memref<8xvector<2xf32>>, vector<4xf32>",
            "base memref and valueToStore vector types should match",
        ),
        (
            "vector.store %w, %m[%i] : memref<8xi8>, vector<4xf32>",
            "base and valueToStore element type should match",
        ),
        (
            "%v = vector.load %m[%i] : memref<8xi8>, vector<4xf32>",
            "base and result element types should match",
        ),
    ];
    for (op, message) in cases {
        let memref = op
            .split(" : ")
            .nth(1)
            .and_then(|t| t.split(", vector").next())
            .unwrap_or("");
        let text = format!(
            "func.func @f(%m: {memref}, %i: index, %w: vector<4xf32>) {{\n  {op}\n  return\n}}\n"
        );
        let err = verified(&text).expect_err(op);
        assert!(err.contains(message), "{op}: {err}");
    }
}
