use super::*;
use ir::types::DYNAMIC;
use ir::{Attribute, Context, FloatKind, Signedness, Type};

#[test]
fn like_constraints_look_into_vectors_and_tensors_only() {
    let mut ctx = Context::new();
    let i32t = ctx.int_type(32);
    let si32 = ctx.integer_type(32, Signedness::Signed);
    let idx = ctx.index_type();
    let f32t = ctx.float_type(FloatKind::F32);
    let bf16 = ctx.float_type(FloatKind::BF16);
    let vec = ctx.vector_type(&[4], &[false], i32t);
    let tensor = ctx.unranked_tensor_type(idx);
    let memref = ctx.memref_type(&[2, DYNAMIC], i32t, None, None);
    assert!(is_signless_integer_like(&ctx, i32t));
    assert!(is_signless_integer_like(&ctx, vec));
    assert!(!is_signless_integer_like(&ctx, si32));
    assert!(!is_signless_integer_like(&ctx, memref));
    assert!(!is_signless_integer_like(&ctx, tensor));
    assert!(is_signless_integer_or_index_like(&ctx, tensor));
    assert!(is_float_like(&ctx, f32t) && !is_float_like(&ctx, vec));
    assert!(is_float_of_width(&ctx, f32t, 32));
    assert!(!is_float_of_width(&ctx, bf16, 16));
    assert!(is_memref_of(&ctx, memref, is_signless_integer));
    assert!(!is_memref_of(&ctx, memref, is_index));
    assert!(!has_static_shape(&ctx, memref));
    assert!(has_rank_in(&ctx, memref, &[1, 2]));
    assert_eq!(element_type_or_self(&ctx, vec), i32t);
    assert_eq!(element_type_or_self(&ctx, f32t), f32t);
    let i1 = ctx.int_type(1);
    let vec_i1 = clone_with_element(&mut ctx, vec, i1);
    assert_eq!(vec_i1, ctx.vector_type(&[4], &[false], i1));
    let is_i1 = |c: &Context, t: Type| is_signless_integer_of_width(c, t, 1);
    assert!(is_clone_with_element(&ctx, vec, vec_i1, is_i1));
    assert!(!is_clone_with_element(&ctx, vec, i1, is_i1));
    assert!(!is_clone_with_element(&ctx, vec, vec, is_i1));
    assert!(is_clone_with_element(&ctx, i32t, i1, is_i1));
    assert_eq!(clone_with_element(&mut ctx, f32t, i1), i1);
}

#[test]
fn vector_rank_and_scalability() {
    let mut ctx = Context::new();
    let f32t = ctx.float_type(FloatKind::F32);
    let fixed = ctx.vector_type(&[4], &[false], f32t);
    let rank0 = ctx.vector_type(&[], &[], f32t);
    let scalable = ctx.vector_type(&[2, 4], &[false, true], f32t);
    assert!(is_vector_of_non_zero_rank(&ctx, fixed));
    assert!(is_vector_of_non_zero_rank(&ctx, scalable));
    assert!(!is_vector_of_non_zero_rank(&ctx, rank0));
    assert!(!is_vector_of_non_zero_rank(&ctx, f32t));
    assert!(is_fixed_vector_of_non_zero_rank(&ctx, fixed));
    assert!(!is_fixed_vector_of_non_zero_rank(&ctx, scalable));
    assert!(!is_fixed_vector_of_non_zero_rank(&ctx, rank0));
    assert!(is_scalable_vector(&ctx, scalable) && !is_scalable_vector(&ctx, fixed));
}

#[test]
fn attribute_kinds() {
    let mut ctx = Context::new();
    let i64t = ctx.int_type(64);
    let f32t = ctx.float_type(FloatKind::F32);
    let one = ctx.integer_attr(i64t, 1);
    let half = ctx.float_attr(f32t, 0.5);
    let s = ctx.string_attr(b"x");
    let arr = ctx.array_attr(&[one, one]);
    let mixed = ctx.array_attr(&[one, s]);
    let seg = dense_i32_array_attr(&mut ctx, &[1, -2, 0]);
    let sym = ctx.symbol_ref_attr("a", &["b"]);
    assert!(is_signless_integer_attr_of_width(&ctx, one, 64));
    assert!(!is_signless_integer_attr_of_width(&ctx, one, 32));
    assert_eq!(integer_attr_value(&ctx, one), Some(1));
    assert!(is_float_attr_of_width(&ctx, half, 32) && !is_float_attr(&ctx, one));
    assert!(is_string_attr(&ctx, s));
    assert!(is_array_attr_of(&ctx, arr, is_integer_attr));
    assert!(!is_array_attr_of(&ctx, mixed, is_integer_attr));
    assert_eq!(dense_i32_array(&ctx, seg), Some(vec![1, -2, 0]));
    assert!(is_dense_array_attr_of(&ctx, seg, |c, t| {
        is_signless_integer_of_width(c, t, 32)
    }));
    assert!(is_symbol_ref_attr(&ctx, sym) && !is_flat_symbol_ref_attr(&ctx, sym));
    assert_eq!(attr_type(&ctx, half), Some(f32t));
    assert!(is_float_of_width(&ctx, attr_type(&ctx, half), 32));
    assert!(!is_index(&ctx, attr_type(&ctx, s)));
    assert_eq!(int_attr_value(&ctx, one), 1);
    assert!(int_attr_is_power_of_two(&ctx, one));
    assert_eq!(dense_array_len(&ctx, seg), 3);
    assert!(!dense_array_all(&ctx, seg, |v| v >= 0));
    assert!(!dense_array_sorted(&ctx, seg, false));
    assert_eq!(int_array_elem(&ctx, arr, 1), Some(1));
    assert!(is_dense_array_attr(&ctx, seg, "i32"));
    assert_eq!(array_len(&ctx, arr), 2);
}

#[test]
fn shapes_attr_kinds_and_interfaces() {
    let mut ctx = Context::new();
    let i32t = ctx.int_type(32);
    let v = ctx.vector_type(&[2, 3], &[false, false], i32t);
    assert_eq!(shape_of(&ctx, v), Some(vec![2, 3]));
    assert_eq!(shape_of(&ctx, i32t), None);
    assert_eq!(shape_of(&ctx, None::<Type>), None);
    let seven = ctx.integer_attr(i32t, 7);
    let unit = ctx.unit_attr();
    assert!(attr_implements(
        &ctx,
        seven,
        "::ods_runtime::interfaces::TypedAttr"
    ));
    assert!(!attr_implements(&ctx, unit, "TypedAttr"));
    let text = ctx.string_attr(b"s");
    assert!(attr_implements(&ctx, text, "TypedAttr"));
    assert!(!attr_implements(&ctx, seven, "SomethingElse"));
    struct UnitKind;
    impl AttrDefKind for UnitKind {
        fn matches(ctx: &Context, attr: Attribute) -> bool {
            is_unit_attr(ctx, attr)
        }
    }
    assert!(attr_is::<UnitKind>(&ctx, unit));
    assert!(!attr_is::<UnitKind>(&ctx, seven));
}

#[test]
fn tuples_and_their_flattened_element_types() {
    let mut ctx = Context::new();
    let i32t = ctx.int_type(32);
    let f32t = ctx.float_type(FloatKind::F32);
    let inner = ctx.tuple_type(&[f32t, i32t]);
    let empty = ctx.tuple_type(&[]);
    let outer = ctx.tuple_type(&[i32t, inner, empty, f32t]);
    assert!(is_tuple(&ctx, outer) && !is_tuple(&ctx, i32t));
    assert_eq!(
        tuple_element_types(&ctx, outer).collect::<Vec<_>>(),
        [i32t, inner, empty, f32t]
    );
    assert_eq!(flattened_tuple_types(&ctx, outer), [i32t, f32t, i32t, f32t]);
    assert_eq!(tuple_element_types(&ctx, i32t).count(), 0);
    assert_eq!(tuple_element_types(&ctx, None).count(), 0);
    assert!(flattened_tuple_types(&ctx, empty).is_empty());
}

#[test]
fn vector_counts_and_dimensions() {
    let mut ctx = Context::new();
    let f32t = ctx.float_type(FloatKind::F32);
    let v = ctx.vector_type(&[2, 8], &[], f32t);
    assert!(num_elements_at_least(&ctx, v, 16) && !num_elements_at_least(&ctx, v, 17));
    assert!(num_elements_at_most(&ctx, v, 16) && !num_elements_at_most(&ctx, v, 15));
    assert!(nth_dim_size_is_one_of(&ctx, v, -1, &[8]));
    assert!(nth_dim_size_is_one_of(&ctx, v, 0, &[1, 2]));
    assert!(!nth_dim_size_is_one_of(&ctx, v, -3, &[2]));
    assert!(!nth_dim_size_is_one_of(&ctx, v, 2, &[2]));
    assert!(vector_shape_is(&ctx, v, &[2, 8]) && !vector_shape_is(&ctx, v, &[16]));
    assert!(same_element_type_or_self(&ctx, Some(v), Some(f32t)));
    assert!(!same_element_type_or_self(&ctx, Some(v), None));
}

#[test]
fn type_predicates_take_an_absent_type() {
    let mut ctx = Context::new();
    let i32t = ctx.int_type(32);
    let t = ctx.ranked_tensor_type(&[2], i32t, None);
    let ta = ctx.type_attr(t);
    let one = ctx.integer_attr(i32t, 1);
    // `TypeAttrOf<AnyTensor>` and `TypeAttrOf<TensorOf<[I32]>>`.
    assert!(is_tensor(&ctx, type_attr_value(&ctx, ta)));
    assert!(!is_tensor(&ctx, type_attr_value(&ctx, one)));
    let elem = element_type(&ctx, type_attr_value(&ctx, ta));
    assert_eq!(elem, Some(i32t));
    assert!(is_signless_integer_of_width(&ctx, elem, 32));
    assert_eq!(element_type(&ctx, None), None);
    assert_eq!(element_type(&ctx, i32t), Some(i32t));
    for pred in [
        is_vector,
        is_shaped,
        has_rank,
        has_static_shape,
        is_fixed_vector,
    ] {
        assert!(!pred(&ctx, None));
    }
    assert!(has_rank(&ctx, Some(t)) && rank_at_least(&ctx, t, 1));
    assert!(num_elements_is_one_of(&ctx, t, &[2]));
    assert!(is_signless_integer_like(&ctx, Some(t)));
    assert!(!is_signless_integer_like(&ctx, None));
}

#[test]
fn trait_predicates_see_value_types_and_attribute_types() {
    let mut ctx = Context::new();
    let i32t = ctx.int_type(32);
    let v = ctx.vector_type(&[3], &[false], i32t);
    let one = ctx.integer_attr(i32t, 1);
    let dense = crate::attr::dense_int_elements(&mut ctx, v, &[1, 2, 3]).unwrap();
    let s = ctx.string_attr(b"x");
    assert_eq!(type_of(&ctx, i32t), Some(i32t));
    assert_eq!(type_of(&ctx, None::<Type>), None);
    assert_eq!(type_of(&ctx, Some(one)), Some(i32t));
    assert_eq!(type_of(&ctx, dense), Some(v));
    assert_eq!(type_of(&ctx, Some(s)), None);
    assert_eq!(type_of(&ctx, None::<Attribute>), None);
    assert_eq!(shape_of(&ctx, Some(dense)), Some(vec![3]));
    assert!(is_null_attr(None) && !is_null_attr(one) && !is_null_attr(Some(one)));
}
#[test]
fn relation_helpers_rank_count_element_and_kind() {
    let mut ctx = Context::new();
    let f32t = ctx.float_type(FloatKind::F32);
    let i8t = ctx.int_type(8);
    let v = ctx.vector_type(&[2, 3], &[false, false], f32t);
    let t = ctx.ranked_tensor_type(&[6], i8t, None);
    let dynamic = ctx.ranked_tensor_type(&[DYNAMIC], i8t, None);
    let f = ctx.function_type(&[], &[]);
    assert_eq!(rank_of(&ctx, v), Some(2));
    assert_eq!(rank_of(&ctx, f32t), None);
    assert_eq!(element_count_of(&ctx, v), element_count_of(&ctx, t));
    assert_eq!(element_count_of(&ctx, dynamic), None);
    assert_eq!(element_type_of(&ctx, v), Some(f32t));
    assert_eq!(element_type_of(&ctx, i8t), Some(i8t));
    assert_eq!(type_id_of(&ctx, t), type_id_of(&ctx, dynamic));
    assert_ne!(type_id_of(&ctx, t), type_id_of(&ctx, v));
    assert_eq!(type_id_of(&ctx, None::<Type>), None);
    let same = optional_types_match(PartialEq::eq);
    assert!(same(&Some(v), &Some(v)) && !same(&Some(v), &Some(t)));
    assert!(same(&None, &Some(t)) && same(&Some(v), &None));
    assert!(is_graph_type(&ctx, f) && !is_graph_type(&ctx, v));
    assert!(type_implements(
        &ctx,
        t,
        "::ods_runtime::interfaces::ShapedType"
    ));
    assert!(!type_implements(&ctx, f32t, "ShapedType"));
    assert!(!type_implements(&ctx, t, "SomethingElse"));
    struct Vectors;
    impl TypeDefKind for Vectors {
        fn matches(ctx: &Context, ty: Type) -> bool {
            is_vector(ctx, ty)
        }
    }
    assert!(type_is::<Vectors>(&ctx, v) && !type_is::<Vectors>(&ctx, Some(t)));
}
