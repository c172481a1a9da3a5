//! Regression tests of the code generators (issue 18, part 1): specs that
//! `--check` passed while generation failed, or whose generated code was
//! wrong. Each test names the bug it pins.

fn compile(spec: &str) -> ods_spec::Compilation {
    ods_spec::compile("t.ods", spec, &[]).unwrap_or_else(|e| panic!("{}", e.render()))
}

fn op_defs(spec: &str) -> String {
    let c = compile(spec);
    ods_spec::generate_op_defs(&c).unwrap_or_else(|e| panic!("{}", e.render()))
}

const QUBIT: &str = r#"include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
def QC_Dialect : Dialect {
  let name = "qc";
  let cppNamespace = "::qc";
  let rustNamespace = "crate::qc";
}
def Qubit : TypeDef<QC_Dialect, "Qubit"> { let mnemonic = "qubit"; }
def QC_AllocOp : Op<QC_Dialect, "alloc"> {
  let results = (outs Qubit:$q);
  let assemblyFormat = "attr-dict";
}
def QC_HOp : Op<QC_Dialect, "h", [InferTypeOpInterface]> {
  let arguments = (ins Qubit:$q);
  let results = (outs Qubit:$r);
  let assemblyFormat = "$q attr-dict";
}
"#;

/// A parameterless `TypeDef` is a buildable type: an op whose result is
/// one gets its type from the definition (builders, the format parser,
/// type inference), where generation used to fail on the `$_ctxt` of its
/// `builderCall`.
#[test]
fn a_parameterless_type_def_builds_operand_and_result_types() {
    let rust = op_defs(QUBIT);
    assert!(
        rust.contains("::ods_runtime::ir::Type::from(crate::qc::QubitType::intern("),
        "{rust}"
    );
    assert!(!rust.contains("$_ctxt"), "{rust}");
}

/// `--check` runs every generator: a spec it passes generates. Two
/// builders that get one Rust name are found by the op generator only.
#[test]
fn check_runs_code_generation() {
    let spec = r#"include "mlir/IR/OpBase.td"
def T_Dialect : Dialect { let name = "t"; let cppNamespace = "crate::t"; }
def T_AOp : Op<T_Dialect, "a"> {
  let arguments = (ins I32:$x);
  let builders = [OpBuilder<(ins "i32":$v), [{ let _ = v; }]>,
                  OpBuilder<(ins "i32":$v), [{ let _ = v; }]>];
}
"#;
    let c = compile(spec);
    assert!(c.model().is_ok());
    let report = c.check();
    let messages: Vec<&str> = report.errors.iter().map(|d| d.message.as_str()).collect();
    assert!(
        messages
            .iter()
            .any(|m| m.contains("two builders are both named `build_from_v`")),
        "{messages:?}"
    );
    // The spec of the first test checks clean, and generates.
    let c = compile(QUBIT);
    assert_eq!(c.check().errors, Vec::new());
    assert!(ods_spec::generate_op_defs(&c).is_ok());
}

/// The namespace mapping rewrites namespaces, not names: a dialect named
/// as the last segment of its namespace keeps its name, its ops theirs.
#[test]
fn a_dialect_named_as_its_namespace_keeps_its_name() {
    let spec = r#"include "mlir/IR/OpBase.td"
def T_Dialect : Dialect {
  let name = "t";
  let cppNamespace = "::t";
  let rustNamespace = "crate::t";
}
def T_AOp : Op<T_Dialect, "a"> {
  let arguments = (ins I32:$x);
}
"#;
    let c = compile(spec);
    let model = c.model().unwrap_or_else(|e| panic!("{}", e.render()));
    let d = &model.dialects[0];
    assert_eq!((d.name.as_str(), d.namespace.as_str()), ("t", "crate::t"));
    assert_eq!(d.ops[0].full_name, "t.a");
    let rust = op_defs(spec);
    assert!(rust.contains("pub struct TDialect;"), "{rust}");
    assert!(
        rust.contains("const NAME: &'static str = \"t.a\";"),
        "{rust}"
    );
    assert!(!rust.contains("crate::t."), "{rust}");
    assert!(!rust.contains("CrateT"), "{rust}");
}

const EMPTY_FORMATS: &str = r#"include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"
def T_Dialect : Dialect { let name = "t"; let rustNamespace = "crate::t"; }
def T_SelfOnly : AttrDef<T_Dialect, "SelfOnly", [TypedAttrInterface]> {
  let mnemonic = "self_only";
  let parameters = (ins AttributeSelfTypeParameter<"">:$type);
  let assemblyFormat = "";
}
def T_Marker : TypeDef<T_Dialect, "Marker"> {
  let mnemonic = "marker";
  let assemblyFormat = "";
}
"#;

/// `assemblyFormat = ""` is a format (mlir-tblgen's reading): on a
/// definition whose only parameter is its self type it is accepted and
/// prints nothing after the mnemonic; the generated printer names the
/// cursor and the parameters it does not use, so it compiles without
/// unused-variable warnings (the `test` dialect's generated code is
/// compiled under `deny(warnings)`: `#test.attr_with_self_type_param`).
#[test]
fn an_empty_format_prints_nothing_and_uses_every_argument() {
    let c = compile(EMPTY_FORMATS);
    let attrs = ods_spec::generate_attr_defs(&c).unwrap_or_else(|e| panic!("{}", e.render()));
    let print = attrs
        .split("fn print_params(")
        .nth(1)
        .and_then(|rest| rest.split("\n    }\n").next())
        .expect("a printer");
    assert!(print.contains("let _ = (p, params);"), "{print}");
    assert!(!print.contains("print_"), "prints something: {print}");
    // The parser reads the self type the core hands over.
    assert!(attrs.contains("p.attr_self_type()"), "{attrs}");
    let types = ods_spec::generate_type_defs(&c).unwrap_or_else(|e| panic!("{}", e.render()));
    assert!(types.contains("let _ = (p, params);"), "{types}");
}

/// An empty format is still checked as one: a parameter it does not
/// mention is mlir-tblgen's error at the format, not the missing-format
/// error of a definition without one.
#[test]
fn an_empty_format_must_mention_every_parameter() {
    let spec = r#"include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/OpBase.td"
def T_Dialect : Dialect { let name = "t"; }
def T_P : AttrDef<T_Dialect, "P"> {
  let mnemonic = "p";
  let parameters = (ins "int":$x);
  let assemblyFormat = "";
}
"#;
    let err = match ods_spec::compile("t.ods", spec, &[])
        .and_then(|c| ods_spec::generate_attr_defs(&c))
    {
        Ok(rust) => panic!("accepted:\n{rust}"),
        Err(e) => e.render(),
    };
    assert!(
        err.contains("format is missing reference to parameter: x"),
        "{err}"
    );
    assert!(!err.contains("must specify either"), "{err}");
}

/// An op's empty format is no format-less op either: mlir-tblgen asks for
/// its `attr-dict`.
#[test]
fn an_empty_op_format_lacks_its_attr_dict() {
    let spec = r#"include "mlir/IR/OpBase.td"
def T_Dialect : Dialect { let name = "t"; }
def T_EOp : Op<T_Dialect, "e"> {
  let assemblyFormat = "";
}
"#;
    let err =
        match ods_spec::compile("t.ods", spec, &[]).and_then(|c| ods_spec::generate_op_defs(&c)) {
            Ok(rust) => panic!("accepted:\n{rust}"),
            Err(e) => e.render(),
        };
    assert!(
        err.contains("'attr-dict' directive not found in custom assembly format"),
        "{err}"
    );
}
