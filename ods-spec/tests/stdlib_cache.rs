//! `compile_after_stdlib` (the standard library resolved once per process,
//! as `#[op]` expansions use it) gives what `compile` gives: the same
//! records, file ids and diagnostics, for good specs and bad ones.

use ods_spec::{compile, compile_after_stdlib, stdlib};

fn both(body: &str) -> (String, String) {
    let src = format!("{}{body}", stdlib::include_all());
    let show = |r: Result<ods_spec::Compilation, ods_spec::CompileError>| match r {
        Ok(c) => {
            let files: Vec<_> = c.sources.files().map(|f| f.name.clone()).collect();
            format!("{}\n{files:?}", c.records.print())
        }
        Err(e) => e.render(),
    };
    (
        show(compile("t.ods", &src, &[])),
        show(compile_after_stdlib("t.ods", &src, &[])),
    )
}

#[test]
fn cached_library_compiles_like_a_fresh_one() {
    let good = r#"
def T_Dialect : Dialect { let name = "t"; }
def T_AddOp : Op<T_Dialect, "add", [Pure, SameOperandsAndResultType]> {
  let arguments = (ins I32:$lhs, AnyTypeOf<[I32, F32]>:$rhs);
  let results = (outs I32:$sum);
}
"#;
    let bad = "def T_Bad : Op<NoSuchDialect, \"bad\">;\n";
    for body in [good, bad, good] {
        let (fresh, cached) = both(body);
        let first_difference = fresh.lines().zip(cached.lines()).find(|(a, b)| a != b);
        assert_eq!(first_difference, None);
        assert_eq!(fresh.lines().count(), cached.lines().count());
    }
    // A spec without the library's head is compiled as usual.
    let plain = compile_after_stdlib("p.ods", "def A;", &[]).unwrap();
    assert!(plain.records.def("A").is_some() && plain.records.def("I32").is_none());
}

/// The model and the generated ops of a spec compiled after the cached
/// library (whose lowering is kept too, and only the spec's own defs are
/// lowered) are those of a fresh compile, which lowers every record.
/// Returns the model (or its errors) as text.
fn same_model_and_code(body: &str) -> String {
    let src = format!("{}{body}", stdlib::include_all());
    let fresh = compile("t.ods", &src, &[]).expect("compiles");
    let cached = compile_after_stdlib("t.ods", &src, &[]).expect("compiles");
    let show = |c: &ods_spec::Compilation| match c.model() {
        Ok(m) => format!("{m:#?}"),
        Err(e) => e.render(),
    };
    let (fresh_model, cached_model) = (show(&fresh), show(&cached));
    let first_difference = fresh_model
        .lines()
        .zip(cached_model.lines())
        .find(|(a, b)| a != b);
    assert_eq!(first_difference, None);
    assert_eq!(fresh_model.lines().count(), cached_model.lines().count());
    let code = |c: &ods_spec::Compilation| ods_spec::generate_op_defs(c).map_err(|e| e.render());
    assert_eq!(code(&fresh), code(&cached));
    fresh_model
}

#[test]
fn cached_library_lowers_like_a_fresh_one() {
    // Ops using the library's interfaces and traits, an interface, an
    // enum attribute and a rewrite rule of the spec's own.
    let model = same_model_and_code(
        r#"
def T_Dialect : Dialect { let name = "t"; let cppNamespace = "crate::t"; }
def T_Mode : I32EnumAttr<"Mode", "a mode", [
    I32EnumAttrCase<"Fast", 0, "fast">, I32EnumAttrCase<"Slow", 1, "slow">]> {
  let cppNamespace = "crate::t";
}
def T_Shaped : OpInterface<"ShapedThing"> {
  let cppNamespace = "crate::t";
  let methods = [InterfaceMethod<"the rank", "usize", "rank">];
}
def T_AddOp : Op<T_Dialect, "add", [Pure, Commutative, SameOperandsAndResultType,
    DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let arguments = (ins SignlessIntegerLike:$lhs, SignlessIntegerLike:$rhs,
                   T_Mode:$mode);
  let results = (outs SignlessIntegerLike:$sum);
  let assemblyFormat = "$lhs `,` $rhs $mode attr-dict `:` type($sum)";
}
def T_NegOp : Op<T_Dialect, "neg", [Pure, T_Shaped]> {
  let arguments = (ins AnyType:$input);
  let results = (outs AnyType:$output);
}
def : Pat<(T_NegOp (T_NegOp $x)), (replaceWithValue $x)>;
"#,
    );
    for part in [
        "ShapedThing",
        "InferTypeOpInterface",
        "Mode",
        "GeneratedConvert0",
    ] {
        assert!(
            model.contains(part),
            "{part} missing from the model:\n{model}"
        );
    }
    // A dialect that maps its C++ namespace to a Rust module: every
    // record is lowered again (the mapping may rewrite the library's).
    same_model_and_code(
        r#"
def M_Dialect : Dialect {
  let name = "m";
  let cppNamespace = "::m";
  let rustNamespace = "crate::m";
}
def M_IdOp : Op<M_Dialect, "id", [Pure]> {
  let arguments = (ins AnyType:$input);
  let results = (outs AnyType:$output);
}
"#,
    );
}

#[test]
fn cached_library_reports_lowering_errors_like_a_fresh_one() {
    // A format naming an operand the op lacks, and an interface method
    // overridden that the spec's own interface does not declare.
    let errors = same_model_and_code(
        r#"
def E_Dialect : Dialect { let name = "e"; }
def E_Iface : OpInterface<"EIface"> {
  let methods = [InterfaceMethod<"a method", "usize", "size">];
}
def E_Op : Op<E_Dialect, "op", [DeclareOpInterfaceMethods<E_Iface, ["missing"]>]>;
def E_FormatOp : Op<E_Dialect, "format"> {
  let arguments = (ins AnyType:$input);
  let assemblyFormat = "$nosuch attr-dict";
}
"#,
    );
    assert!(
        errors.contains("nosuch") && errors.contains("missing"),
        "{errors}"
    );
}
