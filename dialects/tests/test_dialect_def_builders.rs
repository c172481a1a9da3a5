//! The `test` dialect's definitions that use the rest of `AttrDef` /
//! `TypeDef` (`dialects/ods/test.ods`): `builders` with Rust bodies
//! (`$_get`, `$_ctxt`, `CArg` defaults, `WithInferredContext`, a return
//! type, one declared only and written by hand), `skipDefaultBuilders`,
//! `extraClassDeclaration` / `extraClassDefinition`, an attribute with an
//! `AttributeSelfTypeParameter` (`#test.typed<5> : i32`) and one without a
//! mnemonic (`Test_HiddenAttr`, built in Rust only); and `#test.tagged`:
//! a parameter of a Rust type of the author's, `qualified(...)`, a
//! whitespace literal, `struct(...)` of some parameters, an optional
//! array. Printed forms are golden text of our own output.

use dialects::test_dialect::*;
use ir::Context;

/// Parses and verifies `text` with ods-opt's registry: the printed module,
/// or the rendered errors.
fn run(text: &str) -> Result<String, String> {
    ods_runtime::testing::verify_text_rendered(text, dialects::registry)
}

#[test]
fn builders_have_rust_bodies_and_defaults() {
    let mut ctx = Context::new();
    let p = PointType::get_from_x_y(&mut ctx, 3, 4);
    assert_eq!((p.x(&ctx), p.y(&ctx)), (3, 4));
    // The `CArg` default makes a second builder without `y`.
    let q = PointType::get_from_x(&mut ctx, 3);
    assert_eq!((q.x(&ctx), q.y(&ctx)), (3, 0));
    // `WithInferredContext`: the context is still passed in Rust.
    let i32_ty = ctx.int_type(32);
    let like = PointType::get_from_like(&mut ctx, i32_ty);
    assert_eq!(like, PointType::get_from_x_y(&mut ctx, 1, 1));
    let f32_ty = ctx.float_type(ir::FloatKind::F32);
    assert_eq!(
        PointType::get_from_like(&mut ctx, f32_ty),
        PointType::intern(&mut ctx, 0, 0)
    );
    // A builder with a return type calling another one.
    assert_eq!(
        PointType::get_from_origin(&mut ctx, true),
        PointType::get_from_x(&mut ctx, 0)
    );
    // Declared only in the spec, written by hand.
    assert_eq!(
        PointType::get_from_coords(&mut ctx, vec![7]),
        PointType::get_from_x_y(&mut ctx, 7, 0)
    );
}

#[test]
fn extra_class_declarations_join_the_view() {
    let mut ctx = Context::new();
    let p = PointType::get_from_x_y(&mut ctx, 3, 4);
    assert_eq!(p.norm2(&ctx), 25);
    assert!(p.to_string().starts_with("point "));
}

#[test]
fn a_self_type_prints_after_the_attribute() {
    let out = run(concat!(
        "\"t.x\"() {a = #test.typed<5> : i32, b = #test.typed<-2>, ",
        "c = #test<typed<3>> : !test.point<1, 2>} : () -> ()\n"
    ))
    .expect("accepted");
    assert!(
        out.contains(
            "{a = #test.typed<5> : i32, b = #test.typed<-2>, c = #test.typed<3> : !test.point<1, 2>}"
        ),
        "{out}"
    );
    let mut ctx = Context::new();
    let i8_ty = ctx.int_type(8);
    let a = TypedAttr::get(&mut ctx, 9, i8_ty);
    assert_eq!((a.value(&ctx), a.r#type(&ctx)), (9, i8_ty));
    assert_eq!(
        ir::printer::attrs::print_attribute_str(&ctx, a.attr()),
        "#test.typed<9> : i8"
    );
}

#[test]
fn a_definition_without_mnemonic_has_no_syntax() {
    let mut ctx = Context::new();
    let h = HiddenAttr::get(&mut ctx, 2);
    assert_eq!(h.level(&ctx), 2);
    assert_eq!(HiddenAttr::from_attr(&ctx, h.attr()), Some(h));
    // Not dispatched to: the mnemonic is unknown to the dialect.
    let err = run("\"t.x\"() {a = #test.hidden<2>} : () -> ()\n").expect_err("rejected");
    assert!(
        err.contains("error: unknown attribute `hidden` in dialect `test`"),
        "{err}"
    );
}

/// What the attribute `text` prints as after a round through the parser.
fn reprint_attr(text: &str) -> String {
    let out = run(&format!("\"t.x\"() {{a = {text}}} : () -> ()\n"))
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    let start = out.find("{a = ").expect("the attribute") + 5;
    let end = out.rfind("} : ()").expect("the attribute's end");
    out[start..end].to_string()
}

#[test]
fn an_authors_rust_type_qualified_values_and_struct_subsets() {
    // Golden text of our own output (the test dialect has no oracle).
    assert_eq!(
        reprint_attr("#test.tagged<red in <i32>, payload = \"p\", weight = 2>"),
        "#test.tagged<red in !test.box<i32>, weight = 2, payload = \"p\">"
    );
    assert_eq!(
        reprint_attr(
            "#test.tagged<green in !test.box<f32>, weight = -1, payload = 1 : i8 marks [1, 2]>"
        ),
        "#test.tagged<green in !test.box<f32>, weight = -1, payload = 1 : i8 marks[1, 2]>"
    );
    let mut ctx = Context::new();
    let i1 = ctx.int_type(1);
    let boxed = BoxType::get(&mut ctx, i1);
    let unit = ctx.unit_attr();
    let a = TaggedAttr::get(&mut ctx, Hue::Green, boxed, unit, 4, vec![7]);
    assert_eq!((a.color(&ctx), a.marks(&ctx)), (Hue::Green, vec![7]));
    let err = run("\"t.x\"() {a = #test.tagged<blue in !test.box<i32>, weight = 2, payload = 1>} : () -> ()\n")
        .expect_err("rejected");
    assert!(
        err.contains("t.mlir:1:27: error: invalid value 'blue'"),
        "{err}"
    );
    assert!(
        err.contains("error: failed to parse Test_TaggedAttr parameter 'color' which is to be a `crate::test_dialect::Hue`"),
        "{err}"
    );
}

#[test]
fn a_self_type_in_the_format_is_the_formats() {
    assert_eq!(
        reprint_attr("#test.with_type<1 : i32>"),
        "#test.with_type<1 : i32>"
    );
    // A `: type` after it is read and dropped, as for untyped attributes.
    assert_eq!(
        reprint_attr("#test.with_type<-3 : f32> : i8"),
        "#test.with_type<-3 : f32>"
    );
}
