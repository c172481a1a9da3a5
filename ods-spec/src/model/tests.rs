//! Lowering tests: specs in, model (or diagnostics) out.

use super::*;

fn model(src: &str) -> SpecModel {
    let c = crate::compile("t.ods", src, &[]).unwrap_or_else(|e| panic!("{}", e.render()));
    c.model().unwrap_or_else(|e| panic!("{}", e.render()))
}

const HEAD: &str = r#"include "mlir/IR/OpBase.td"
    def T_Dialect : Dialect { let name = "t"; let cppNamespace = "t"; }"#;

#[test]
fn operand_kinds_attributes_and_properties() {
    let m = model(&format!(
        r#"{HEAD}
        def T_XOp : Op<T_Dialect, "x", [AttrSizedOperandSegments]> {{
          let arguments = (ins I32:$a, Optional<I32>:$b, Variadic<I32>:$c,
                               VariadicOfVariadic<I32, "sizes">:$d, DenseI32ArrayAttr:$sizes,
                               OptionalAttr<I64Attr>:$o, DefaultValuedAttr<I64Attr, "3">:$dv,
                               I32Prop:$p);
          let results = (outs I32:$r);
        }}"#
    ));
    let d = &m.dialects[0];
    assert_eq!(d.name, "t");
    let op = &d.ops[0];
    assert_eq!(
        (op.full_name.as_str(), op.rust_name.as_str()),
        ("t.x", "XOp")
    );
    let kinds: Vec<_> = op.operands.iter().map(|o| o.kind.clone()).collect();
    assert_eq!(
        kinds,
        [
            VarKind::Single,
            VarKind::Optional,
            VarKind::Variadic,
            VarKind::VariadicOfVariadic {
                segment_attr: "sizes".into()
            }
        ]
    );
    let o = op.attributes.iter().find(|a| a.name == "o").unwrap();
    assert!(o.optional && !o.is_property);
    let dv = op.attributes.iter().find(|a| a.name == "dv").unwrap();
    assert_eq!(dv.default_value.as_deref(), Some("3"));
    assert_eq!(dv.return_type, "i64");
    let p = op.attributes.iter().find(|a| a.name == "p").unwrap();
    assert!(p.is_property);
    assert_eq!(p.storage_type, "i32");
    assert!(op.has_trait("AttrSizedOperandSegments"));
}

#[test]
fn predicates_render_to_rust() {
    let m = model(&format!(
        r#"{HEAD}
        def T_YOp : Op<T_Dialect, "y"> {{
          let arguments = (ins SignlessIntegerLike:$a, AnyTypeOf<[I32, F32]>:$b);
        }}"#
    ));
    let op = &m.dialects[0].ops[0];
    let a = op.operands[0].constraint.predicate.to_rust();
    assert!(a.contains("is_signless_integer($_ctxt, $_self)"), "{a}");
    // The element check goes through SubstLeaves: $_self replaced.
    assert!(
        a.contains(
            "is_signless_integer($_ctxt, ::ods_runtime::pred::element_type($_ctxt, $_self))"
        ),
        "{a}"
    );
    let b = op.operands[1].constraint.predicate.to_rust();
    assert_eq!(
        b,
        "((::ods_runtime::pred::is_signless_integer_of_width($_ctxt, $_self, 32)) || \
         (::ods_runtime::pred::is_float_of_width($_ctxt, $_self, 32)))"
    );
    assert_eq!(
        op.operands[1].constraint.summary,
        "32-bit signless integer or 32-bit float"
    );
}

#[test]
fn traits_are_flattened_and_classified() {
    let m = model(&format!(
        r#"include "mlir/Interfaces/SideEffectInterfaces.td"
        {HEAD}
        def T_ZOp : Op<T_Dialect, "z", [Pure, HasParent<"t::ModuleOp">, AllTypesMatch<["a", "r"]>]> {{
          let arguments = (ins I32:$a);
          let results = (outs I32:$r);
          let builders = [OpBuilder<(ins "i32":$v, CArg<"bool", "false">:$flag), [{{ body() }}]>];
        }}"#
    ));
    let op = &m.dialects[0].ops[0];
    let names: Vec<&str> = op.traits.iter().map(TraitModel::display).collect();
    assert!(names.contains(&"AlwaysSpeculatableImplTrait"), "{names:?}");
    assert!(names.contains(&"NoMemoryEffect"), "{names:?}");
    assert!(names.contains(&"HasParent<t::ModuleOp>"), "{names:?}");
    assert!(op
        .traits
        .iter()
        .any(|t| matches!(t, TraitModel::Pred { .. })));
    assert!(op
        .traits
        .iter()
        .any(|t| matches!(t, TraitModel::Native { path, structural: true, .. } if path.ends_with("HasParent<t::ModuleOp>"))));
    let b = &op.builders[0];
    assert_eq!(b.params.len(), 2);
    assert_eq!(b.params[1].default.as_deref(), Some("false"));
    assert_eq!(b.body.as_deref(), Some(" body() "));
}

#[test]
fn deprecated_uses_warn() {
    let m = model(&format!(
        r#"{HEAD}
        def T_WOp : Op<T_Dialect, "w"> {{
          let arguments = (ins I32Property:$old, OptionalProp<I64Property>:$older, I32Prop:$new);
        }}"#
    ));
    let msgs: Vec<&str> = m.warnings.iter().map(|w| w.message.as_str()).collect();
    assert_eq!(msgs.len(), 2, "{msgs:?}");
    assert!(msgs[0]
        .contains("'old' of 'T_WOp' uses 'I32Property', which is deprecated: moved to I32Prop"));
    assert!(msgs[1].contains("'older'"));
}

#[test]
fn result_types_inferred_and_effects_collected() {
    let m = model(&format!(
        r#"include "mlir/Interfaces/SideEffectInterfaces.td"
        include "mlir/Interfaces/InferTypeOpInterface.td"
        {HEAD}
        def T_SameOp : Op<T_Dialect, "same", [Pure, SameOperandsAndResultType]> {{
          let arguments = (ins AnyType:$a);
          let results = (outs AnyType:$r);
        }}
        def T_BuildOp : Op<T_Dialect, "build", [MemoryEffects<[MemRead, MemWrite]>]> {{
          let arguments = (ins Arg<AnyMemRef, "", [MemRead]>:$m);
          let results = (outs I1:$flag, Index:$i);
        }}
        def T_MatchOp : Op<T_Dialect, "match", [TypesMatchWith<"", "a", "r", "elem($_self)">]> {{
          let arguments = (ins AnyType:$a);
          let results = (outs AnyType:$r);
        }}
        def T_NoOp : Op<T_Dialect, "no"> {{
          let results = (outs AnyType:$r);
        }}
        def T_CmpOp : Op<T_Dialect, "cmp", [TypesMatchWith<"", "a", "r", "$_self", "same_shape">]> {{
          let arguments = (ins AnyType:$a);
          let results = (outs AnyType:$r);
        }}"#
    ));
    let ops = &m.dialects[0].ops;
    let same = ResultTypeSource::SameAs {
        name: "a".into(),
        transform: None,
    };
    assert_eq!(ops[0].inferred_result_types, Some(vec![same]));
    assert_eq!(ops[0].effects.len(), 1);
    assert!(ops[0].effects[0].effects.is_empty());
    assert_eq!(
        ops[1].inferred_result_types,
        Some(vec![
            ResultTypeSource::Buildable("$_builder.integer_type(1)".into()),
            ResultTypeSource::Buildable("$_builder.index_type()".into())
        ])
    );
    let effects: Vec<&str> = ops[1].effects[0]
        .effects
        .iter()
        .map(|e| e.effect.as_str())
        .collect();
    assert_eq!(
        effects,
        [
            "::ods_runtime::effects::MemoryEffect::Read",
            "::ods_runtime::effects::MemoryEffect::Write"
        ]
    );
    assert_eq!(ops[1].operands[0].effects.len(), 1);
    assert_eq!(
        ops[2].inferred_result_types,
        Some(vec![ResultTypeSource::SameAs {
            name: "a".into(),
            transform: Some("elem($_self)".into())
        }])
    );
    assert_eq!(ops[3].inferred_result_types, None);
    // A comparator other than equality gives no type.
    assert_eq!(ops[4].inferred_result_types, None);
}

#[test]
fn enums_lower() {
    let m = model(
        r#"include "mlir/IR/EnumAttr.td"
        def E : I32EnumAttr<"E", "", [I32EnumAttrCase<"A", 0, "a">, I32EnumAttrCase<"B", 3>]> {
          let cppNamespace = "t";
        }
        def F : I64BitEnumAttr<"F", "flags", [I64BitEnumAttrCaseNone<"none">, I64BitEnumAttrCaseBit<"x", 2>]>;"#,
    );
    let e = &m.enums[0];
    assert_eq!(e.class_name, "E");
    assert_eq!(e.summary, "allowed 32-bit signless integer cases: 0, 3");
    assert_eq!(e.cases[1].text, "B");
    assert!(!e.is_bit_enum);
    let f = &m.enums[1];
    assert!(f.is_bit_enum);
    assert_eq!(f.bitwidth, 64);
    assert_eq!(f.cases[1].value, 4);
}

/// A dialect with upstream's C++ namespace and a `rustNamespace`.
const CPP_HEAD: &str = r#"include "mlir/IR/OpBase.td"
    include "mlir/IR/EnumAttr.td"
    def G_Dialect : Dialect {
      let name = "g";
      let cppNamespace = "::mlir::g";
      let rustNamespace = "crate::g";
    }"#;

#[test]
fn cpp_namespaces_resolve_through_the_dialects_rust_namespace() {
    let src = format!(
        r#"{CPP_HEAD}
        def G_A : I32EnumAttrCase<"A", 0, "a">;
        def G_Kind : I32EnumAttr<"Kind", "a kind", [G_A]> {{
          let genSpecializedAttr = 0;
          let cppNamespace = "::mlir::g::detail";
        }}
        def G_KindAttr : EnumAttr<G_Dialect, G_Kind, "kind">;
        def G_I : OpInterface<"GIface"> {{ let cppNamespace = "::mlir::g"; }}
        def G_XOp : Op<G_Dialect, "x", [G_I]> {{ let arguments = (ins G_KindAttr:$k); }}"#
    );
    let m = model(&src);
    assert_eq!(m.dialects[0].namespace, "crate::g");
    assert_eq!(m.dialects[0].ops[0].namespace, "crate::g");
    // `::mlir::g::detail` lies under the dialect's namespace.
    assert_eq!(m.enums[0].namespace, "crate::g::detail");
    let attr = &m.enum_attrs[0];
    assert_eq!(attr.enum_type, "crate::g::detail::Kind");
    // Messages name the enum as upstream's do.
    assert_eq!(attr.enum_cpp_type, "::mlir::g::detail::Kind");
    assert_eq!(m.interfaces[0].namespace, "crate::g");
    // Values built from the namespace (the attribute's Rust calls) are Rust.
    assert_eq!(attr.namespace, "crate::g::detail");
    let c = crate::compile("t.ods", &src, &[]).unwrap();
    let asserts = crate::namespace_assertions(&c, "include_ods!(\"t.ods\")");
    assert!(
        asserts.contains("\"crate::g\"")
            && asserts.contains("sets rustNamespace = \\\"crate::g\\\""),
        "{asserts}"
    );
}

#[test]
fn an_unmapped_cpp_namespace_is_an_error_where_it_is_written() {
    let src = format!(
        r#"{CPP_HEAD}
        def H_E : I32EnumAttr<"E", "", [I32EnumAttrCase<"A", 0>]> {{
          let cppNamespace = "::mlir::h";
        }}"#
    );
    let c = crate::compile("t.ods", &src, &[]).unwrap();
    let err = c.model().unwrap_err().render();
    assert!(
        err.contains("error: cppNamespace \"::mlir::h\" is not Rust (C++ left to port?): no dialect maps it to a Rust module; set `let rustNamespace = \"crate::...\";`")
            && err.contains("--> t.ods:9:30")
            && err.contains("^^^^^^^^^^^"),
        "{err}"
    );
    // Reading a spec's interface only (C++ left to port) lets it pass.
    assert!(c.interface_model().is_ok());
}

#[test]
fn rust_namespace_mistakes_are_errors_at_the_setting() {
    let src = r#"include "mlir/IR/OpBase.td"
    def A_Dialect : Dialect { let name = "a"; let cppNamespace = "::n"; let rustNamespace = "crate::a-b"; }
    def B_Dialect : Dialect { let name = "b"; let cppNamespace = "::m"; let rustNamespace = "crate::m"; }
    def C_Dialect : Dialect { let name = "c"; let cppNamespace = "m"; let rustNamespace = "crate::c"; }"#;
    let c = crate::compile("t.ods", src, &[]).unwrap();
    let err = c.model().unwrap_err().render();
    assert!(
        err.contains(
            "rustNamespace \"crate::a-b\" of dialect 'A_Dialect' is not a Rust module path"
        ) && err.contains(
            "cppNamespace \"m\" is mapped to two Rust modules: `crate::m` and `crate::c`"
        ) && err.contains("note: the other mapping"),
        "{err}"
    );
}
