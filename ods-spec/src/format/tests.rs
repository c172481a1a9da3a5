//! Unit tests of the whole format stage on hand-made op shapes.

use super::*;

fn value(name: &str, variable_length: bool, builder: Option<&str>) -> ValueShape {
    ValueShape {
        name: name.into(),
        variable_length,
        segment_attr: None,
        type_builder: builder.map(str::to_string),
    }
}

fn attr(name: &str) -> AttrShape {
    AttrShape {
        name: name.into(),
        ..AttrShape::default()
    }
}

/// `lhs`, `rhs`: i32-ish operands without a builder; `res` a result;
/// `value` a generic attribute; `opt` an optional attribute.
fn shape() -> OpShape {
    OpShape {
        operands: vec![value("lhs", false, None), value("rhs", false, None)],
        results: vec![value("res", false, None)],
        attributes: vec![
            AttrShape {
                generic: true,
                ..attr("value")
            },
            AttrShape {
                optional: true,
                ..attr("opt")
            },
        ],
        regions: vec![("body".into(), false)],
        successors: vec![],
        type_relations: vec![],
        infers_result_types: false,
    }
}

fn message(fmt: &str, op: &OpShape) -> String {
    compile_op_format(fmt, op).unwrap_err().message
}

#[test]
fn a_complete_format_records_where_each_type_comes_from() {
    let mut op = shape();
    op.type_relations = vec![TypeRelation::AllTypesMatch(vec![
        "lhs".into(),
        "rhs".into(),
        "res".into(),
    ])];
    let f = compile_op_format(
        "$lhs `,` $rhs (`[` $opt^ `]`)? $value attr-dict-with-keyword $body `:` type($lhs)",
        &op,
    )
    .unwrap();
    assert_eq!(f.operand_types[0], TypeResolution::Format);
    let same = TypeResolution::SameAs {
        source: TypeSource::Operand(0),
        transform: None,
    };
    assert_eq!(f.operand_types[1], same);
    assert_eq!(f.result_types, vec![same]);
    assert_eq!(f.used_attributes, vec![1, 0]);
    assert_eq!(f.elements.len(), 9);
}

#[test]
fn binding_errors() {
    let op = shape();
    assert_eq!(
        message("$lhs $lhs attr-dict", &op),
        "operand 'lhs' is already bound"
    );
    assert_eq!(
        message("$lhs $rhs $nope attr-dict", &op),
        "expected variable to refer to an argument, region, result, or successor"
    );
    assert_eq!(
        message("$res attr-dict", &op),
        "result variables can can only be used as a child to a 'type' directive"
    );
    assert_eq!(
        message("custom<X>(ref($lhs)) $lhs attr-dict", &op),
        "operand 'lhs' must be bound before it is referenced"
    );
    assert_eq!(
        message(
            "prop-dict $lhs $rhs custom<X>(ref(prop-dict)) attr-dict",
            &op
        ),
        "'ref' of 'prop-dict' unsupported"
    );
    assert_eq!(
        message("$lhs $rhs $body", &op),
        "'attr-dict' directive not found in custom assembly format"
    );
}

#[test]
fn coverage_errors_carry_upstream_notes() {
    let op = shape();
    let e = compile_op_format("$lhs attr-dict", &op).unwrap_err();
    assert_eq!(
        e.message,
        "type of result #0, named 'res', is not buildable and a buildable type cannot be inferred"
    );
    assert_eq!(e.start, 0);
    let mut op = shape();
    op.infers_result_types = true;
    let e = compile_op_format("$lhs attr-dict `:` type($lhs)", &op).unwrap_err();
    assert_eq!(e.message, "operand #1, named 'rhs', not found");
    assert_eq!(
        e.note.as_deref(),
        Some("suggest adding a '$rhs' directive to the custom assembly format")
    );
}

#[test]
fn ambiguities() {
    let op = shape();
    let fmt = "$lhs `,` $rhs $value attr-dict `:` type($lhs) $body";
    let e = compile_op_format(fmt, &op).unwrap_err();
    assert_eq!(e.message, "format ambiguity caused by `:` literal found after attribute `value` which does not have a buildable type");
    assert_eq!(&fmt[e.start..e.end], "`:`");
    let fmt = "$lhs `,` $rhs `,` $value attr-dict $body `:` type(operands) type($res)";
    let e = compile_op_format(fmt, &op).unwrap_err();
    assert_eq!(
        e.message,
        "format ambiguity caused by `attr-dict` directive followed by region `body`"
    );
    assert_eq!(&fmt[e.start..e.end], "$body");
}

#[test]
fn optional_group_rules() {
    let op = shape();
    assert_eq!(
        message("($lhs^)? attr-dict", &op),
        "only variable length operands can be used within an optional group"
    );
    assert_eq!(
        message("($value^)? attr-dict", &op),
        "only optional or default-valued attributes can be used to anchor an optional group"
    );
    let mut op = shape();
    op.operands[1].variable_length = true;
    assert_eq!(
        message("$lhs (` ` type($rhs) $rhs^)? attr-dict", &op),
        "first parsable element of an optional group must be a literal, variable, or custom directive"
    );
    assert_eq!(
        message("(`a`^ $opt)? attr-dict", &op),
        "only variables and types can be used to anchor an optional group"
    );
}

#[test]
fn attribute_formats() {
    let params = [ParamShape {
        name: "value".into(),
        optional: false,
    }];
    let f = compile_attr_format("`<` $value `>`", "A", &params).unwrap();
    assert_eq!(f.elements.len(), 3);
    let e = compile_attr_format("`<` `>`", "A", &params).unwrap_err();
    assert_eq!(e.message, "format is missing reference to parameter: value");
    let e = compile_attr_format("$value $x", "A", &params).unwrap_err();
    assert_eq!(e.message, "A has no parameter named 'x'");
    let f = compile_attr_format("`<` struct(params) `>`", "A", &params).unwrap();
    assert_eq!(
        f.elements[1],
        AttrFormatElement::Struct(vec![super::StructField::plain(0)])
    );
}

#[test]
fn inference_sources_are_recorded() {
    // TypesMatchWith: the result's type from the operand's, transformed.
    let mut op = shape();
    op.type_relations = vec![
        TypeRelation::TypesMatchWith {
            lhs: "lhs".into(),
            rhs: "res".into(),
            transformer: "f($_self)".into(),
        },
        TypeRelation::SameTypeOperands,
    ];
    let f = compile_op_format("$lhs `,` $rhs $body attr-dict `:` type($lhs)", &op).unwrap();
    assert_eq!(
        f.result_types,
        vec![TypeResolution::SameAs {
            source: TypeSource::Operand(0),
            transform: Some("f($_self)".into()),
        }]
    );
    assert_eq!(
        f.operand_types[1],
        TypeResolution::SameAs {
            source: TypeSource::Operand(0),
            transform: None,
        }
    );
    // SameOperandsAndResultType: operands from the result's written type.
    let mut op = shape();
    op.type_relations = vec![TypeRelation::SameOperandsAndResultType];
    let f = compile_op_format("$lhs `,` $rhs $body attr-dict `:` type($res)", &op).unwrap();
    let from_result = TypeResolution::SameAs {
        source: TypeSource::Result(0),
        transform: None,
    };
    assert_eq!(f.operand_types, vec![from_result.clone(), from_result]);
    // Buildable types and the op's own inference.
    let mut op = shape();
    op.operands[0].type_builder = Some("i32()".into());
    op.operands[1].type_builder = Some("i32()".into());
    op.infers_result_types = true;
    let f = compile_op_format("$lhs `,` $rhs $body attr-dict", &op).unwrap();
    assert_eq!(
        f.operand_types[0],
        TypeResolution::Buildable("i32()".into())
    );
    assert!(f.infers_result_types);
    assert_eq!(f.result_types, vec![TypeResolution::Inferred]);
    // A variadic operand read through `operands` cannot use its builder.
    op.operands[1].variable_length = true;
    assert_eq!(
        message("operands $body attr-dict", &op),
        "type of operand #1, named 'rhs', is not buildable and a buildable type cannot be inferred"
    );
    // An attribute gives its type to others (AllTypesMatch).
    let mut op = shape();
    op.type_relations = vec![TypeRelation::AllTypesMatch(vec![
        "value".into(),
        "res".into(),
    ])];
    let f = compile_op_format(
        "$lhs `,` $rhs `,` $value $body attr-dict `:` type(operands)",
        &op,
    )
    .unwrap();
    assert_eq!(
        f.result_types,
        vec![TypeResolution::SameAs {
            source: TypeSource::Attribute(0),
            transform: None,
        }]
    );
}

#[test]
fn variadic_of_variadic_segments_are_inferred_attributes() {
    let mut op = shape();
    op.operands[1].variable_length = true;
    op.operands[1].segment_attr = Some("sizes".into());
    let f = compile_op_format(
        "$lhs `,` $rhs $body attr-dict `:` type(operands) type($res)",
        &op,
    )
    .unwrap();
    assert_eq!(f.inferred_attributes, vec!["sizes".to_string()]);
}

/// Every prefix and every one-byte change of a set of formats goes
/// through the whole stage without panicking.
#[test]
fn mangled_formats_never_panic() {
    let formats = [
        "$lhs `,` $rhs (`[` $opt^ `]`):(`none`)? $value attr-dict-with-keyword $body `:` type($lhs)",
        "custom<Foo>($lhs, ref($lhs), type($rhs), \"s\\\"\") oilist(`a` $opt | `b` ` `) prop-dict qualified(type($res))",
        "functional-type(operands, results) regions successors `\\n` `...` `->` attr-dict",
    ];
    let op = shape();
    let replacements = b"$`()^?:|<>\",\\ x\xC3";
    for f in formats {
        for end in 0..=f.len() {
            if f.is_char_boundary(end) {
                let _ = compile_op_format(&f[..end], &op);
                let _ = compile_attr_format(&f[..end], "A", &[]);
            }
        }
        for i in 0..f.len() {
            for r in replacements {
                let mut bytes = f.as_bytes().to_vec();
                bytes[i] = *r;
                if let Ok(s) = String::from_utf8(bytes) {
                    let _ = compile_op_format(&s, &op);
                }
            }
        }
    }
}
