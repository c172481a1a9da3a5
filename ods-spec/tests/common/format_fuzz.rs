//! The format-string fuzz harness (`fuzz/fuzz_targets/format_codegen.rs`
//! includes this file; `tests/format_fuzz.rs` replays its findings): any
//! text as the `assemblyFormat` of one op of a fixed spec that has
//! operands, results, attributes, properties, regions and successors of
//! every kind, through the compiler, the model (the format checker) and op
//! code generation. Property: no panic, and every failure comes with an
//! `error:` diagnostic, never the code generator's internal error.

/// The spec around `format`: a code block holds any text verbatim, except
/// the `}]` that would close it (written `} ]` instead). It starts with the
/// whole standard library, so that [`run_format`] reads the library once
/// per process instead of once per input (the front end reading
/// `OpBase.td` was most of each run).
pub fn spec_with_format(format: &str) -> String {
    let format = format.replace("}]", "} ]");
    format!(
        r#"{library}
def F_Dialect : Dialect {{ let name = "f"; let cppNamespace = "f"; }}

def F_FuzzOp : Op<F_Dialect, "fuzz", [AttrSizedOperandSegments,
    AttrSizedResultSegments, AllTypesMatch<["a", "r"]>]> {{
  let arguments = (ins I32:$a, Optional<AnyType>:$b, Variadic<AnyType>:$c,
                   VariadicOfVariadic<AnyType, "d_sizes">:$d,
                   DenseI32ArrayAttr:$d_sizes,
                   I32Attr:$i, OptionalAttr<StrAttr>:$s, UnitAttr:$u,
                   DefaultValuedAttr<I32Attr, "7">:$k, TypeAttr:$t,
                   SymbolNameAttr:$sym, I32Prop:$p);
  let results = (outs I32:$r, Optional<AnyType>:$o, Variadic<AnyType>:$v);
  let regions = (region AnyRegion:$body, VariadicRegion<AnyRegion>:$more);
  let successors = (successor AnySuccessor:$next, VariadicSuccessor<AnySuccessor>:$rest);
  let assemblyFormat = [{{{format}}}];
}}
"#,
        library = ods_spec::stdlib::include_all()
    )
}

/// What became of one format: generated code, or the rendered errors.
pub fn run_format(format: &str) -> Result<String, String> {
    let spec = spec_with_format(format);
    let compiled =
        ods_spec::compile_after_stdlib("fuzz.ods", &spec, &[]).map_err(|e| e.render())?;
    if let Err(e) = compiled.model() {
        return Err(e.render());
    }
    ods_spec::generate_op_defs(&compiled).map_err(|e| e.render())
}

/// Checks the property on `format` (panics, for the fuzzer, when broken).
pub fn check_format(format: &str) {
    if let Err(rendered) = run_format(format) {
        assert!(
            rendered.contains("error: "),
            "failure without an error: {rendered}"
        );
        assert!(
            !rendered.contains("internal error"),
            "format {format:?} reached an internal error:\n{rendered}"
        );
    }
}
