//! `AttrDef` / `TypeDef` records to [`AttrOrTypeDefModel`]s: the
//! definition's dialect, mnemonic, parameters (each with its Rust type,
//! whether it may be left out and its default), its checked assembly
//! format and its flags (`genVerifyDecl`, `genMnemonicAlias`,
//! `skipDefaultBuilders`). `EnumAttr`s keep their own model
//! ([`super::EnumAttrDefModel`]).
//!
//! Parameter types: ODS writes them as C++ (`"unsigned"`, `"int64_t"`,
//! `"::mlir::Type"`, `::llvm::ArrayRef<...>`, `std::optional<...>`) or,
//! in our standard library, as Rust; both map to the Rust type the
//! generated code stores (see `ods_runtime::attr_type_def`). Any other
//! type is taken as a Rust path of the author's.

use super::snippets::SnippetKind;
use super::{field_span, str_or_empty, BuilderParam, Lowerer, Span};
use crate::format::{self, AttrFormat, ParamShape};
use crate::record::{Record, Value};

/// One parameter of an attribute or type.
#[derive(Clone, Debug, PartialEq)]
pub struct DefParamModel {
    /// `inner` of `$inner`.
    pub name: String,
    /// The Rust type the value has (`::ods_runtime::ir::Type`, `u32`,
    /// `::std::vec::Vec<i64>`).
    pub rust_type: String,
    /// The type as the spec wrote it, for messages (`::mlir::Type`).
    pub written_type: String,
    /// May be left out of the text (`OptionalParameter`,
    /// `DefaultValuedParameter`).
    pub optional: bool,
    /// The Rust expression of the value when it is left out.
    pub default: Option<String>,
    /// For an `OptionalParameter` of a type that has no absent value of
    /// its own (`::mlir::Type`): that type. Where the format requires the
    /// parameter it is read as this type (as mlir-tblgen's `FieldParser`
    /// of the storage type reads it), not as an optional.
    pub wrapped: Option<String>,
    /// An `AttributeSelfTypeParameter`: the attribute's own type.
    pub self_type: bool,
    /// One line.
    pub summary: String,
}

/// A builder of a definition (`AttrBuilder`, `TypeBuilder`, or their
/// `WithInferredContext` forms).
#[derive(Clone, Debug, PartialEq)]
pub struct DefBuilderModel {
    /// Its parameters (types already Rust: upstream's C++ parameter types
    /// are mapped as the definition's parameters are).
    pub params: Vec<BuilderParam>,
    /// The Rust body; `None` when the author writes the builder by hand.
    pub body: Option<String>,
    /// `returnType`, when not the view itself.
    pub return_type: Option<String>,
    /// `...WithInferredContext` (upstream takes the context from a
    /// parameter; Rust handles carry none, so these take it too).
    pub inferred_context: bool,
}

/// An `AttrDef` or `TypeDef`.
#[derive(Clone, Debug, PartialEq)]
pub struct AttrOrTypeDefModel {
    /// The def (`Test_BoxType`).
    pub def_name: String,
    /// A `TypeDef` (else an `AttrDef`).
    pub is_type: bool,
    /// Rust type name (`BoxType`).
    pub class_name: String,
    /// Its full Rust path (`crate::test_dialect::BoxType`), as the
    /// constraints that name it spell it.
    pub rust_path: String,
    /// The dialect's namespace (`test`).
    pub dialect: String,
    /// The keyword after `dialect.`.
    pub mnemonic: String,
    pub params: Vec<DefParamModel>,
    /// The checked `assemblyFormat`.
    pub format: Option<AttrFormat>,
    /// `hasCustomAssemblyFormat`: the author writes `parse` and `print`.
    pub custom_format: bool,
    /// `genVerifyDecl`: the author writes `verify`.
    pub gen_verify: bool,
    /// `genMnemonicAlias`: values print through an alias named after the
    /// mnemonic.
    pub mnemonic_alias: bool,
    /// `skipDefaultBuilders`: no `get` from the parameters.
    pub skip_default_builders: bool,
    /// `builders`.
    pub builders: Vec<DefBuilderModel>,
    /// `extraClassDeclaration`: Rust items of the view's `impl`.
    pub extra_class_declaration: Option<String>,
    /// `extraClassDefinition`: Rust items beside the view.
    pub extra_class_definition: Option<String>,
    /// `file:line` of the spec literals of `extraClassDeclaration` and
    /// `extraClassDefinition`, marked before them in generated code.
    pub extra_class_origins: [Option<String>; 2],
    /// The index of the `AttributeSelfTypeParameter` (an attribute's own
    /// type, printed after it as ` : type`).
    pub self_type: Option<usize>,
    /// One line.
    pub summary: String,
    /// Long text.
    pub description: String,
    /// The generated attribute or type interfaces it lists (bases first).
    pub interfaces: Vec<super::DefInterface>,
    /// Its attributes are locations: it lists the `IsLocation` trait, as
    /// `LocationAttrDef` does.
    pub is_location: bool,
    /// Where it was defined.
    pub span: Span,
    /// The same as `file:line:col`, for messages of generated code.
    pub def_at: String,
}

/// The Rust type standing for a C++ or Rust parameter type.
pub(crate) fn rust_param_type(written: &str) -> String {
    let t = written.trim();
    let inner = |prefix: &str, suffix: &str| {
        t.strip_prefix(prefix)
            .and_then(|rest| rest.strip_suffix(suffix))
            .map(str::trim)
    };
    if let Some(elem) = inner("::llvm::ArrayRef<", ">")
        .or_else(|| inner("llvm::ArrayRef<", ">"))
        .or_else(|| inner("ArrayRef<", ">"))
        .or_else(|| inner("&[", "]"))
        .or_else(|| inner("::std::vec::Vec<", ">"))
        .or_else(|| inner("Vec<", ">"))
    {
        return format!("::std::vec::Vec<{}>", rust_param_type(elem));
    }
    if let Some(value) = inner("std::optional<", ">")
        .or_else(|| inner("::std::optional<", ">"))
        .or_else(|| inner("::std::option::Option<", ">"))
        .or_else(|| inner("Option<", ">"))
    {
        return format!("::std::option::Option<{}>", rust_param_type(value));
    }
    let mapped = match t {
        "unsigned" | "unsigned int" | "uint32_t" | "u32" => "u32",
        "uint64_t" | "size_t" | "u64" => "u64",
        "uint16_t" | "u16" => "u16",
        "uint8_t" | "u8" => "u8",
        "int" | "int32_t" | "i32" => "i32",
        "int64_t" | "i64" => "i64",
        "int16_t" | "i16" => "i16",
        "int8_t" | "i8" => "i8",
        "bool" => "bool",
        "double" | "f64" => "f64",
        "float" | "f32" => "f32",
        "::mlir::Type" | "mlir::Type" | "Type" | "::ir::Type" | "ir::Type" => {
            "::ods_runtime::ir::Type"
        }
        "::mlir::Attribute" | "mlir::Attribute" | "Attribute" | "::ir::Attribute"
        | "ir::Attribute" => "::ods_runtime::ir::Attribute",
        "::llvm::StringRef"
        | "llvm::StringRef"
        | "StringRef"
        | "std::string"
        | "::std::string"
        | "&str"
        | "String"
        | "::std::string::String" => "::std::string::String",
        "::llvm::APFloat" | "llvm::APFloat" | "APFloat" | "::ir::ApFloat" => {
            "::ods_runtime::attr_type_def::ApFloat"
        }
        other => other,
    };
    mapped.to_string()
}

impl<'r> Lowerer<'r> {
    /// Every `AttrDef` and `TypeDef` of the spec but `EnumAttr`s.
    pub(super) fn lower_attr_type_defs(&mut self) -> Vec<AttrOrTypeDefModel> {
        let records: Vec<&Record> = self
            .own_defs_of("AttrOrTypeDef")
            .filter(|r| !r.anonymous && !r.is_subclass_of("EnumAttr"))
            .collect();
        records
            .into_iter()
            .filter_map(|r| self.lower_attr_type_def(r))
            .collect()
    }

    /// Does `r` list the native trait `name` (`NativeAttrTrait<"IsLocation">`)?
    fn lists_native_trait(&self, r: &Record, name: &str) -> bool {
        let traits = r
            .value("traits")
            .and_then(Value::as_list)
            .unwrap_or_default();
        traits
            .iter()
            .filter_map(|t| self.def(t))
            .any(|tr| tr.is_subclass_of("NativeTrait") && tr.str_field("trait") == Some(name))
    }

    fn lower_attr_type_def(&mut self, r: &'r Record) -> Option<AttrOrTypeDefModel> {
        let is_type = r.is_subclass_of("TypeDef");
        let dialect = r.value("dialect").and_then(|v| self.def(v));
        let Some(dialect) = dialect else {
            self.err(r.span, format!("'{}' does not belong to a dialect", r.name));
            return None;
        };
        let mut params = self.lower_def_params(r);
        let mnemonic = str_or_empty(r, "mnemonic");
        let format_text = str_or_empty(r, "assemblyFormat");
        let custom_format = r.bit_field("hasCustomAssemblyFormat");
        // mlir-tblgen's checks, with its wording, at the def. A format
        // set to "" is a format, one that prints nothing after the
        // mnemonic (upstream's `#test.attr_with_self_type_param`); only an
        // unset one is no format.
        let has_format = r.str_field("assemblyFormat").is_some();
        if has_format && custom_format {
            self.err(
                r.span,
                "cannot specify both 'assemblyFormat' and 'hasCustomAssemblyFormat'",
            );
        }
        if !mnemonic.is_empty() && !has_format && !custom_format && !params.is_empty() {
            self.err(
                r.span,
                "must specify either 'assemblyFormat' or 'hasCustomAssemblyFormat' when 'mnemonic' is set",
            );
        }
        if (has_format || custom_format) && mnemonic.is_empty() {
            self.err(
                r.span,
                "'assemblyFormat' or 'hasCustomAssemblyFormat' can only be used when 'mnemonic' is set",
            );
        }
        let format = if !has_format || custom_format || mnemonic.is_empty() {
            None
        } else {
            self.def_format(r, &format_text, &params)
        };
        let builders = self.lower_def_builders(r);
        let label = || format!("'{}'", r.name);
        let extra_class_declaration =
            self.snippet_field(r, "extraClassDeclaration", SnippetKind::ImplItems, &label);
        let extra_class_definition =
            self.snippet_field(r, "extraClassDefinition", SnippetKind::Items, &label);
        // In a type it is an ordinary `Type` parameter, as upstream.
        if is_type {
            params.iter_mut().for_each(|p| p.self_type = false);
        }
        let self_type = params.iter().position(|p| p.self_type);
        let is_location = !is_type && self.lists_native_trait(r, "IsLocation");
        Some(AttrOrTypeDefModel {
            def_name: r.name.clone(),
            is_type,
            class_name: str_or_empty(r, "cppClassName"),
            rust_path: str_or_empty(r, "cppType"),
            dialect: str_or_empty(dialect, "name"),
            mnemonic,
            params,
            format,
            custom_format,
            gen_verify: r.bit_field("genVerifyDecl"),
            mnemonic_alias: r.bit_field("genMnemonicAlias"),
            skip_default_builders: r.bit_field("skipDefaultBuilders"),
            builders,
            extra_class_declaration: extra_class_declaration.filter(|t| !t.trim().is_empty()),
            extra_class_definition: extra_class_definition.filter(|t| !t.trim().is_empty()),
            extra_class_origins: [
                self.snippet_origin(r, "extraClassDeclaration"),
                self.snippet_origin(r, "extraClassDefinition"),
            ],
            self_type,
            summary: str_or_empty(r, "summary"),
            description: str_or_empty(r, "description"),
            interfaces: Vec::new(),
            is_location,
            span: r.span,
            def_at: self.def_at(r),
        })
    }

    /// `builders = [...]`: each an `AttrOrTypeBuilder`.
    fn lower_def_builders(&mut self, r: &'r Record) -> Vec<DefBuilderModel> {
        let list = r
            .value("builders")
            .and_then(crate::record::Value::as_list)
            .unwrap_or_default()
            .to_vec();
        let mut out = Vec::new();
        for (i, b) in list.iter().enumerate() {
            let Some(b) = self
                .def(b)
                .filter(|b| b.is_subclass_of("AttrOrTypeBuilder"))
            else {
                self.err(
                    field_span(r, "builders"),
                    format!(
                        "builder {b} of '{}' is not an AttrBuilder or TypeBuilder",
                        r.name
                    ),
                );
                continue;
            };
            if b.value("dagParams")
                .and_then(crate::record::Value::as_dag)
                .is_some_and(|d| d.op.as_def() != Some("ins"))
            {
                // Anonymous instances are shared and carry their class's
                // place: the caret goes to the builder's text in the list.
                let list = field_span(r, "builders");
                let text = &self.sources.file(list.file).text;
                let at = list_element_start(text, list.start as usize, i)
                    .map_or(list, |start| Span::new(list.file, start, start + 1));
                self.err(at, "expected 'ins' in builders");
                continue;
            }
            let params = self.builder_params(r, b, &rust_param_type, true);
            let owner = || format!("a builder of '{}'", r.name);
            let body = self
                .snippet_field(b, "body", SnippetKind::Stmts, &owner)
                .filter(|s| !s.trim().is_empty());
            let return_type = self
                .snippet_field(b, "returnType", SnippetKind::Type, &owner)
                .filter(|s| !s.trim().is_empty());
            out.push(DefBuilderModel {
                params,
                body,
                return_type,
                inferred_context: b.bit_field("hasInferredContextParam"),
            });
        }
        out
    }

    /// The checked format, or `None` after reporting its error.
    fn def_format(
        &mut self,
        r: &Record,
        text: &str,
        params: &[DefParamModel],
    ) -> Option<AttrFormat> {
        self.attr_formats_checked += 1;
        let shapes: Vec<ParamShape> = params
            .iter()
            .map(|p| ParamShape {
                name: p.name.clone(),
                optional: p.optional,
            })
            .collect();
        match format::compile_attr_format(text, &r.name, &shapes) {
            Ok(f) => Some(f),
            Err(e) => {
                self.format_error(r, text, e);
                None
            }
        }
    }

    /// `parameters = (ins ...)`: each a type string or a parameter def.
    fn lower_def_params(&mut self, r: &'r Record) -> Vec<DefParamModel> {
        let span = field_span(r, "parameters");
        let mut out = Vec::new();
        for (i, (v, name)) in self
            .dag_args(r, "parameters", "ins")
            .into_iter()
            .enumerate()
        {
            if name.is_empty() {
                self.err(span, format!("parameter #{i} of '{}' has no name", r.name));
                continue;
            }
            if out.iter().any(|p: &DefParamModel| p.name == name) {
                self.err(
                    span,
                    format!("duplicate parameter name '{name}' in '{}'", r.name),
                );
                continue;
            }
            if let Some(written) = v.as_str() {
                // As written: the raw record's same argument.
                let written_type = self
                    .raw
                    .def(&r.name)
                    .and_then(|raw| raw.value("parameters")?.as_dag())
                    .and_then(|d| d.args.get(i)?.0.as_str().map(str::to_string))
                    .unwrap_or_else(|| written.to_string());
                out.push(DefParamModel {
                    name,
                    rust_type: rust_param_type(written),
                    written_type,
                    optional: false,
                    default: None,
                    wrapped: None,
                    self_type: false,
                    summary: String::new(),
                });
                continue;
            }
            let Some(param) = self.def(&v) else {
                self.err(
                    span,
                    format!(
                        "parameter '{name}' of '{}' is {v}, neither a type string nor a parameter def",
                        r.name
                    ),
                );
                continue;
            };
            out.push(self.def_param(param, name));
        }
        out
    }

    /// A parameter def (`StringRefParameter<...>`, `OptionalParameter<...>`,
    /// ...).
    fn def_param(&self, p: &Record, name: String) -> DefParamModel {
        let written = str_or_empty(p, "cppType");
        let written_type = self.written_str(p, "cppType");
        let mut rust_type = if p.is_subclass_of("StringRefParameter") {
            "::std::string::String".to_string()
        } else {
            rust_param_type(&written)
        };
        let written_default = str_or_empty(p, "defaultValue");
        let optional_kind =
            p.is_subclass_of("OptionalParameter") || p.is_subclass_of("OptionalArrayRefParameter");
        let mut wrapped = None;
        let (optional, default) = if optional_kind {
            if !rust_type.starts_with("::std::option::Option<")
                && !rust_type.starts_with("::std::vec::Vec<")
            {
                wrapped = Some(rust_type.clone());
                rust_type = format!("::std::option::Option<{rust_type}>");
            }
            (true, Some("::std::default::Default::default()".to_string()))
        } else if written_default.is_empty() {
            (false, None)
        } else {
            (true, Some(written_default))
        };
        DefParamModel {
            name,
            rust_type,
            written_type,
            optional,
            default,
            wrapped,
            self_type: p.is_subclass_of("AttributeSelfTypeParameter"),
            summary: str_or_empty(p, "summary"),
        }
    }
}

/// Where element `index` of the list literal starting at `start` (its
/// `[`) begins in `text`: elements are split at commas outside brackets,
/// strings, code blocks and comments. `None` when the text is not such a
/// list.
fn list_element_start(text: &str, start: usize, index: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    if bytes.get(start) != Some(&b'[') {
        return None;
    }
    let mut depth = 0usize;
    let mut seen = 0usize;
    let mut pos = start + 1;
    let mut element_start = None;
    while pos < bytes.len() {
        let b = bytes[pos];
        if depth == 0 && element_start.is_none() && !b.is_ascii_whitespace() && b != b'/' {
            if seen == index {
                return Some(pos);
            }
            element_start = Some(pos);
        }
        match b {
            b'"' => {
                pos += 1;
                while pos < bytes.len() && bytes[pos] != b'"' {
                    pos += if bytes[pos] == b'\\' { 2 } else { 1 };
                }
            }
            b'[' if bytes.get(pos + 1) == Some(&b'{') => {
                pos = text[pos..].find("}]").map_or(bytes.len(), |e| pos + e + 1);
            }
            b'/' if bytes.get(pos + 1) == Some(&b'/') => {
                pos = text[pos..].find('\n').map_or(bytes.len(), |e| pos + e);
            }
            b'(' | b'[' | b'<' | b'{' => depth += 1,
            b')' | b'>' | b'}' => depth = depth.saturating_sub(1),
            b']' if depth == 0 => return None,
            b']' => depth -= 1,
            b',' if depth == 0 => {
                seen += 1;
                element_start = None;
            }
            _ => {}
        }
        pos += 1;
    }
    None
}

/// What the dialect struct registers: the Rust paths of the views of
/// `dialect`'s type definitions (`types`) or attribute definitions.
pub(crate) fn def_paths(defs: &[AttrOrTypeDefModel], dialect: &str, types: bool) -> Vec<String> {
    defs.iter()
        .filter(|d| d.dialect == dialect && d.is_type == types && !d.mnemonic.is_empty())
        .map(|d| d.rust_path.clone())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The errors of `src` (after a dialect `D`), as `line:col: message`.
    fn errors(src: &str) -> Vec<String> {
        let text = format!(
            "include \"mlir/IR/AttrTypeBase.td\"\ndef D : Dialect {{ let name = \"d\"; let cppNamespace = \"crate::d\"; }}\n{src}"
        );
        let c = crate::compile("t.ods", &text, &[]).unwrap_or_else(|e| panic!("{}", e.render()));
        match c.model() {
            Ok(_) => Vec::new(),
            Err(e) => e
                .diagnostics
                .iter()
                .map(|d| match d.span {
                    Some(span) => {
                        let (line, col) = c.sources.line_col(span.file, span.start);
                        format!("{line}:{col}: {}", d.message)
                    }
                    None => d.message.clone(),
                })
                .collect(),
        }
    }

    #[test]
    fn malformed_definitions_get_mlir_tblgen_wording() {
        assert_eq!(
            errors("def A : TypeDef<D, \"A\"> { let mnemonic = \"a\"; let parameters = (ins \"int\":$x);\n  let assemblyFormat = \"`<` $x `>`\"; let hasCustomAssemblyFormat = 1; }"),
            ["3:5: cannot specify both 'assemblyFormat' and 'hasCustomAssemblyFormat'"]
        );
        assert_eq!(
            errors("def B : TypeDef<D, \"B\"> { let mnemonic = \"b\"; let parameters = (ins \"int\":$x); }"),
            ["3:5: must specify either 'assemblyFormat' or 'hasCustomAssemblyFormat' when 'mnemonic' is set"]
        );
        // A format naming no parameter is the format checker's error,
        // inside the format string.
        assert_eq!(
            errors("def C : AttrDef<D, \"C\"> { let mnemonic = \"c\"; let parameters = (ins \"int\":$x);\n  let assemblyFormat = \"`<` $y `>`\"; }"),
            ["4:29: C has no parameter named 'y'"]
        );
        // The builder checks, at the def (mlir-tblgen's `Builder` and
        // `AttrOrTypeDef`), `ins` at the builder.
        assert_eq!(
            errors("def G : TypeDef<D, \"G\"> { let mnemonic = \"g\";\n  let builders = [TypeBuilder<(ins \"int\":$x, CArg<\"int\", \"0\">:$y, \"int\":$z)>]; }"),
            ["3:5: expected an argument with default value after other arguments with default values"]
        );
        assert_eq!(
            errors("def H : TypeDef<D, \"H\"> { let mnemonic = \"h\";\n  let builders = [TypeBuilder<(ins \"int\")>]; }"),
            ["3:5: builder parameters must have a name"]
        );
        assert_eq!(
            errors("def I : TypeDef<D, \"I\"> { let mnemonic = \"i\";\n  let builders = [\n    TypeBuilder<(outs \"int\":$x)>]; }"),
            ["5:5: expected 'ins' in builders"]
        );
        assert_eq!(
            errors("def J : TypeDef<D, \"J\"> { let typeName = \"d.j\";\n  let parameters = (ins \"int\":$x); let hasCustomAssemblyFormat = 1; }"),
            ["3:5: 'assemblyFormat' or 'hasCustomAssemblyFormat' can only be used when 'mnemonic' is set"]
        );
        // A C++ builder body is C++ left to port, at its literal.
        let cpp = errors("def K : AttrDef<D, \"K\"> { let mnemonic = \"k\";\n  let builders = [AttrBuilder<(ins), [{ return $_get($_ctxt); }]>,\n    AttrBuilder<(ins \"int\":$v), [{ int y = v; }]>]; }");
        assert_eq!(cpp.len(), 1, "{cpp:?}");
        assert!(
            cpp[0].starts_with("5:36: `body` of a builder of 'K' is not Rust"),
            "{cpp:?}"
        );
        // Parameterless definitions need no format.
        assert_eq!(
            errors("def F : TypeDef<D, \"F\"> { let mnemonic = \"f\"; }"),
            Vec::<String>::new()
        );
    }

    #[test]
    fn list_elements_are_found_past_nested_commas_strings_and_code() {
        let text = "x = [A<(ins \"a,b\":$x, B<1>)>, [{ c, d }], // e, f\n  G<2>];";
        let start = text.find('[').unwrap();
        assert_eq!(list_element_start(text, start, 0), text.find("A<"));
        assert_eq!(list_element_start(text, start, 1), text.find("[{"));
        assert_eq!(list_element_start(text, start, 2), text.find("G<"));
        assert_eq!(list_element_start(text, start, 3), None);
        assert_eq!(list_element_start(text, 0, 0), None);
    }

    #[test]
    fn cpp_and_rust_parameter_types_map_to_rust() {
        assert_eq!(rust_param_type("unsigned"), "u32");
        assert_eq!(rust_param_type("int64_t"), "i64");
        assert_eq!(rust_param_type("::mlir::Type"), "::ods_runtime::ir::Type");
        assert_eq!(
            rust_param_type("::llvm::ArrayRef<int64_t>"),
            "::std::vec::Vec<i64>"
        );
        assert_eq!(
            rust_param_type("std::optional<::mlir::Attribute>"),
            "::std::option::Option<::ods_runtime::ir::Attribute>"
        );
        assert_eq!(rust_param_type("&[u32]"), "::std::vec::Vec<u32>");
        assert_eq!(rust_param_type("crate::d::Mode"), "crate::d::Mode");
    }
}
