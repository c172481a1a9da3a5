//! `OpInterface` / `AttrInterface` / `TypeInterface` records to
//! [`InterfaceModel`]s: the Rust trait name and module, the description,
//! the methods (instance or static, return type, arguments, the body every
//! implementer shares or the default an implementer may replace) and the
//! interface's own `verify` body. Also decides, for each op that lists an
//! interface, who writes its `impl Trait for Op` ([`InterfaceImpl`]).
//!
//! Spelling of method signatures: the author writes Rust types. The
//! scalar C++ names upstream uses (`int64_t`, `unsigned`, `bool`,
//! `::mlir::Type`, ...) map to Rust as `AttrDef` parameters do, `void` is
//! `()`, and anything else is taken as written: a C++ type that is not
//! also Rust syntax (`const T &`) is reported by the snippet check as C++
//! left to port, like every other snippet.
//!
//! Snippets are checked in the interfaces of the spec's own file only:
//! those are what `--gen-op-interface-defs` generates (as `mlir-tblgen`,
//! which emits the interfaces of the main file); an included file's
//! interfaces are generated from that file, so generating the enums of an
//! upstream `.td` is not held up by the C++ of an interface it includes.
//!
//! Interfaces of the embedded standard library that declare methods
//! (`BranchOpInterface`, ...) have a generated trait in
//! `ods_runtime::interfaces` (generated from the library by
//! [`crate::generate_std_interface_defs`] and kept in that crate); ops
//! listing them implement them as they do the user's interfaces. The
//! library's interfaces without methods are names only (some still turn
//! on hooks of `ods_runtime::Op`, see `codegen/interfaces.rs`).

use heck::ToSnakeCase;

use super::attr_type_defs::rust_param_type;
use super::snippets::{Snippet, SnippetKind};
use super::{field_span, str_or_empty, Lowerer, Span};
use crate::record::{Record, Value};

/// What an interface is attached to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InterfaceKind {
    /// `OpInterface`.
    Op,
    /// `AttrInterface`.
    Attr,
    /// `TypeInterface`.
    Type,
}

/// One method of an interface.
#[derive(Clone, Debug, PartialEq)]
pub struct InterfaceMethodModel {
    /// The Rust method name: the spec's name in snake case
    /// (`getNumInputs` -> `get_num_inputs`).
    pub name: String,
    /// The name as the spec wrote it (what `DeclareOpInterfaceMethods`
    /// lists).
    pub spec_name: String,
    /// Doc text.
    pub description: String,
    /// `StaticInterfaceMethod`: no `self`, `ctx` or `ir`.
    pub is_static: bool,
    /// The Rust return type (`()` for none).
    pub return_type: String,
    /// `(name, Rust type)` of each argument, in order.
    pub args: Vec<(String, String)>,
    /// `methodBody`: the body every implementer shares.
    pub body: Option<String>,
    /// `defaultImplementation`: the body an implementer may replace.
    pub default_body: Option<String>,
}

impl InterfaceMethodModel {
    /// Whether an implementer must write the method (no shared body and
    /// no default).
    pub fn is_required(&self) -> bool {
        self.body.is_none() && self.default_body.is_none()
    }
}

/// An interface the spec defines.
#[derive(Clone, Debug, PartialEq)]
pub struct InterfaceModel {
    /// The def (`Test_CountingOpInterface`).
    pub def_name: String,
    /// What it attaches to.
    pub kind: InterfaceKind,
    /// The Rust trait name (`cppInterfaceName`).
    pub name: String,
    /// The Rust module of the trait (`cppNamespace`, "" = where the
    /// generated file is included).
    pub namespace: String,
    /// Long text (rustdoc of the trait).
    pub description: String,
    /// Methods in definition order.
    pub methods: Vec<InterfaceMethodModel>,
    /// The interface's own `verify` body, run on every implementer.
    pub verify: Option<String>,
    /// `verifyWithRegions`: the verifier runs after the ops nested in the
    /// implementer verified, with the registry at hand.
    pub verify_with_regions: bool,
    /// `baseInterfaces` with generated traits, as `(name, namespace)`:
    /// supertraits of this one (an op listing it gets them too). Those of
    /// the standard library without methods are left out (they have no
    /// trait).
    pub bases: Vec<(String, String)>,
    /// Defined in the embedded standard library: its trait, when it has
    /// methods, is in `ods_runtime::interfaces`; without methods it has
    /// none.
    pub from_std_lib: bool,
    /// Where it was defined.
    pub span: Span,
}

/// How an op, attribute or type implements an interface with a generated
/// trait. The generated code always writes `impl Trait for Op`; the
/// methods in `by_author` (the interface's required methods and those the
/// op declares it overrides with `DeclareOpInterfaceMethods`) forward to
/// methods of the same name that the dialect author writes on the op
/// handle (`impl Op { pub fn m(..) }`), so a missing one is rustc's error
/// naming it.
#[derive(Clone, Debug, PartialEq)]
pub struct InterfaceImpl {
    /// The methods the author writes, in the interface's order.
    pub by_author: Vec<InterfaceMethodModel>,
    /// When the interface's verifier runs on the implementer.
    pub verify: InterfaceVerify,
}

/// When an op runs the verifier of one of its interfaces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InterfaceVerify {
    /// Never: the interface has no `verify` (its generated check is always
    /// `Ok`, so ops do not call it).
    None,
    /// With the op's other traits.
    WithTraits,
    /// With the op's regions (`verifyWithRegions`).
    WithRegions,
}

/// A generated interface an `AttrDef` or `TypeDef` lists, with its bases.
#[derive(Clone, Debug, PartialEq)]
pub struct DefInterface {
    /// The Rust trait name.
    pub name: String,
    /// Rust module of the trait ("" = the dialect's module).
    pub namespace: String,
    /// How it is implemented.
    pub rust_impl: InterfaceImpl,
}

/// The Rust type for a method signature type written in the spec (see the
/// module comment).
pub(crate) fn rust_signature_type(written: &str) -> String {
    let t = written.trim();
    match t {
        "" | "void" | "()" => "()".to_string(),
        // Only single names and paths map: `&str`, `&[T]`, `Vec<T>` are Rust
        // already and an argument must not become an owned type.
        _ if t
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':') =>
        {
            rust_param_type(t)
        }
        _ => t.to_string(),
    }
}

impl<'r> Lowerer<'r> {
    /// Every interface the spec defines (not the `Declare...Methods`
    /// wrappers, which attach one to an op).
    pub(super) fn lower_interfaces(&mut self) -> Vec<InterfaceModel> {
        let records: Vec<&'r Record> = self
            .own_defs_of("Interface")
            .filter(|r| !r.anonymous && !r.is_subclass_of("DeclareInterfaceMethods"))
            .collect();
        let mut interfaces = self.library.interfaces.clone();
        interfaces.extend(records.into_iter().map(|r| self.lower_interface_def(r)));
        interfaces
    }

    fn lower_interface_def(&mut self, r: &'r Record) -> InterfaceModel {
        let kind = if r.is_subclass_of("AttrInterface") {
            InterfaceKind::Attr
        } else if r.is_subclass_of("TypeInterface") {
            InterfaceKind::Type
        } else {
            InterfaceKind::Op
        };
        let from_std_lib = self
            .sources
            .file(r.span.file)
            .name
            .starts_with("<ods-std>/");
        let owner = || format!("interface '{}'", r.name);
        let checked = r.span.file == crate::diag::FileId(0);
        let mut methods: Vec<InterfaceMethodModel> = Vec::new();
        let list = r
            .value("methods")
            .and_then(Value::as_list)
            .unwrap_or_default();
        for v in list {
            let Some(m) = self.def(v).filter(|m| m.is_subclass_of("InterfaceMethod")) else {
                self.err(
                    field_span(r, "methods"),
                    format!(
                        "{v} in the methods of '{}' is not an InterfaceMethod",
                        r.name
                    ),
                );
                continue;
            };
            let Some(method) = self.lower_interface_method(r, m, checked) else {
                continue;
            };
            if methods.iter().any(|p| p.name == method.name) {
                self.err(
                    field_span(r, "methods"),
                    format!(
                        "interface '{}' has two methods named '{}'",
                        r.name, method.spec_name
                    ),
                );
                continue;
            }
            methods.push(method);
        }
        let verify = self
            .interface_text(r, "verify", SnippetKind::Stmts, checked, &owner)
            .filter(|b| !b.trim().is_empty());
        let bases = r
            .value("baseInterfaces")
            .and_then(Value::as_list)
            .unwrap_or_default()
            .iter()
            .filter_map(|v| self.def(v))
            .filter(|b| {
                // The standard library's interfaces without methods have
                // no trait.
                let std_lib = self
                    .sources
                    .file(b.span.file)
                    .name
                    .starts_with("<ods-std>/");
                let has_methods = b
                    .value("methods")
                    .and_then(Value::as_list)
                    .is_some_and(|l| !l.is_empty());
                (!std_lib || has_methods)
                    && b.is_subclass_of("AttrInterface") == (kind == InterfaceKind::Attr)
                    && b.is_subclass_of("TypeInterface") == (kind == InterfaceKind::Type)
            })
            .map(|b| {
                (
                    str_or_empty(b, "cppInterfaceName"),
                    str_or_empty(b, "cppNamespace"),
                )
            })
            .collect();
        InterfaceModel {
            def_name: r.name.clone(),
            kind,
            name: str_or_empty(r, "cppInterfaceName"),
            namespace: str_or_empty(r, "cppNamespace"),
            description: str_or_empty(r, "description"),
            methods,
            verify,
            verify_with_regions: r
                .value("verifyWithRegions")
                .and_then(Value::as_bool)
                .unwrap_or(false),
            bases,
            from_std_lib,
            span: r.span,
        }
    }

    /// The text of field `field` of `r`, checked as a snippet of `kind`
    /// when `checked` (see the module comment).
    fn interface_text(
        &self,
        r: &Record,
        field: &str,
        kind: SnippetKind,
        checked: bool,
        owner: &dyn Fn() -> String,
    ) -> Option<String> {
        if checked {
            self.snippet_field(r, field, kind, owner)
        } else {
            r.value(field).and_then(Value::as_str).map(str::to_string)
        }
    }

    /// Fills in [`InterfaceImpl`] for each interface of `op` that has a
    /// generated trait, checking that the methods it declares it
    /// overrides exist.
    pub(super) fn attach_interfaces(
        &mut self,
        op: &mut super::OpModel,
        interfaces: &[InterfaceModel],
    ) {
        let (op_span, op_name) = (op.span, op.full_name.clone());
        for t in &mut op.traits {
            let super::TraitModel::Interface {
                name,
                namespace,
                always_overridden,
                rust_impl,
                ..
            } = t
            else {
                continue;
            };
            let Some(iface) = interfaces
                .iter()
                .find(|i| &i.name == name && &i.namespace == namespace)
            else {
                continue;
            };
            if iface.kind != InterfaceKind::Op {
                continue;
            }
            *rust_impl = op_impl(iface, always_overridden);
            if rust_impl.is_none() {
                continue;
            }
            let owner = format!("op '{op_name}'");
            self.check_overridden(iface, always_overridden, op_span, &owner);
        }
    }

    /// Reports each name of `overridden` that is no method of `iface`.
    /// Names of the standard library's interfaces are not checked: those
    /// declare a subset of upstream's methods, and upstream's specs may
    /// name the others (mlir-tblgen ignores unknown names altogether).
    fn check_overridden(
        &mut self,
        iface: &InterfaceModel,
        overridden: &[String],
        at: Span,
        owner: &str,
    ) {
        if iface.from_std_lib {
            return;
        }
        for m in overridden {
            if !iface.methods.iter().any(|im| &im.spec_name == m) {
                self.diags.push(crate::diag::Diagnostic::error(
                    at,
                    format!(
                        "'{m}' is not a method of interface '{}' (declared overridden by {owner})",
                        iface.name
                    ),
                ));
            }
        }
    }

    /// The generated interfaces the `AttrDef` / `TypeDef` `def` lists
    /// (their bases first, each once), with the methods its author writes.
    /// An attribute listing a type interface, or the reverse, is an error.
    pub(super) fn def_interfaces(
        &mut self,
        def: &super::AttrOrTypeDefModel,
        interfaces: &[InterfaceModel],
    ) -> Vec<DefInterface> {
        let Some(r) = self.records.def(&def.def_name) else {
            return Vec::new();
        };
        let listed = r
            .value("traits")
            .and_then(Value::as_list)
            .unwrap_or_default();
        let mut out = Vec::new();
        for v in listed {
            let Some(t) = self.def(v) else { continue };
            self.add_def_interface(def, t, interfaces, &mut out, 0);
        }
        out
    }

    fn add_def_interface(
        &mut self,
        def: &super::AttrOrTypeDefModel,
        t: &'r Record,
        interfaces: &[InterfaceModel],
        out: &mut Vec<DefInterface>,
        depth: usize,
    ) {
        let (is_attr, is_type) = (
            t.is_subclass_of("AttrInterface"),
            t.is_subclass_of("TypeInterface"),
        );
        if !(is_attr || is_type) || depth > 16 {
            return;
        }
        let what = if def.is_type { "type" } else { "attribute" };
        if is_type != def.is_type {
            let kind = if is_type { "type" } else { "attribute" };
            self.err(
                def.span,
                format!(
                    "{kind} interface '{}' cannot be attached to {what} '{}'",
                    str_or_empty(t, "cppInterfaceName"),
                    def.def_name
                ),
            );
            return;
        }
        let bases = t
            .value("baseInterfaces")
            .and_then(Value::as_list)
            .unwrap_or_default();
        for b in bases {
            if let Some(b) = self.def(b) {
                self.add_def_interface(def, b, interfaces, out, depth + 1);
            }
        }
        let (name, namespace) = (
            str_or_empty(t, "cppInterfaceName"),
            str_or_empty(t, "cppNamespace"),
        );
        let Some(iface) = interfaces
            .iter()
            .find(|i| i.name == name && i.namespace == namespace)
        else {
            return;
        };
        let overridden: Vec<String> = t
            .value("alwaysOverriddenMethods")
            .and_then(Value::as_list)
            .unwrap_or_default()
            .iter()
            .filter_map(|v| v.as_str().map(str::to_string))
            .collect();
        let Some(rust_impl) = op_impl(iface, &overridden) else {
            return;
        };
        let owner = format!("{what} '{}'", def.def_name);
        self.check_overridden(iface, &overridden, def.span, &owner);
        if out
            .iter()
            .any(|d: &DefInterface| d.name == name && d.namespace == namespace)
        {
            return;
        }
        out.push(DefInterface {
            name,
            namespace,
            rust_impl,
        });
    }

    /// One `InterfaceMethod` / `StaticInterfaceMethod` of `iface`.
    fn lower_interface_method(
        &mut self,
        iface: &'r Record,
        m: &'r Record,
        checked: bool,
    ) -> Option<InterfaceMethodModel> {
        let spec_name = str_or_empty(m, "name");
        let span = field_span(iface, "methods");
        if spec_name.is_empty() {
            self.err(
                span,
                format!("a method of interface '{}' has no name", iface.name),
            );
            return None;
        }
        let owner = || format!("method '{spec_name}' of interface '{}'", iface.name);
        let return_type = self
            .interface_text(m, "returnType", SnippetKind::Type, checked, &owner)
            .unwrap_or_default();
        let mut args = Vec::new();
        if let Some(dag) = m.value("arguments").and_then(Value::as_dag) {
            if dag.op.as_def() != Some("ins") {
                self.err(
                    span,
                    format!(
                        "the arguments of method '{spec_name}' of '{}' must be '(ins ...)'",
                        iface.name
                    ),
                );
            }
            for (v, n) in &dag.args {
                let name = n.clone().unwrap_or_default();
                let Some(text) = v.as_text() else {
                    self.err(
                        span,
                        format!(
                            "argument '{name}' of method '{spec_name}' of '{}' must be a type string",
                            iface.name
                        ),
                    );
                    continue;
                };
                if name.is_empty() {
                    self.err(
                        span,
                        format!(
                            "an argument of method '{spec_name}' of '{}' has no name",
                            iface.name
                        ),
                    );
                    continue;
                }
                let snippet = Snippet {
                    text,
                    fallback: span,
                    kind: SnippetKind::Type,
                };
                if checked {
                    self.check_snippet(snippet, &|| {
                        format!("the type of argument '{name}' of {}", owner())
                    });
                }
                args.push((name.to_snake_case(), rust_signature_type(&text.text)));
            }
        }
        let body = |field: &str| {
            self.interface_text(m, field, SnippetKind::Stmts, checked, &owner)
                .filter(|b| !b.trim().is_empty())
        };
        Some(InterfaceMethodModel {
            name: spec_name.to_snake_case(),
            description: str_or_empty(m, "description"),
            is_static: m.is_subclass_of("StaticInterfaceMethod"),
            return_type: rust_signature_type(&return_type),
            args,
            body: body("body"),
            default_body: body("defaultBody"),
            spec_name,
        })
    }
}

/// The impl of `iface` for an op (attribute, type) that overrides the
/// methods `overridden` (spec names, from `Declare...InterfaceMethods`),
/// or `None` when the interface has no generated trait.
pub(crate) fn op_impl(iface: &InterfaceModel, overridden: &[String]) -> Option<InterfaceImpl> {
    if iface.from_std_lib && iface.methods.is_empty() {
        return None;
    }
    let by_author = iface
        .methods
        .iter()
        .filter(|m| m.is_required() || overridden.contains(&m.spec_name))
        .cloned()
        .collect();
    let verify = match (&iface.verify, iface.verify_with_regions) {
        (None, _) => InterfaceVerify::None,
        (Some(_), false) => InterfaceVerify::WithTraits,
        (Some(_), true) => InterfaceVerify::WithRegions,
    };
    Some(InterfaceImpl { by_author, verify })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The model of `src` (after a dialect `D`) or its errors as
    /// `line:col: message`.
    fn lower(src: &str) -> Result<crate::model::SpecModel, Vec<String>> {
        let text = format!(
            "include \"mlir/IR/OpBase.td\"\ndef D : Dialect {{ let name = \"d\"; let cppNamespace = \"crate::d\"; }}\n{src}"
        );
        let c = crate::compile("t.ods", &text, &[]).unwrap_or_else(|e| panic!("{}", e.render()));
        c.model().map_err(|e| {
            e.diagnostics
                .iter()
                .map(|d| match d.span {
                    Some(span) => {
                        let (line, col) = c.sources.line_col(span.file, span.start);
                        format!("{line}:{col}: {}", d.message)
                    }
                    None => d.message.clone(),
                })
                .collect()
        })
    }

    /// The spec names of the methods the author writes.
    fn by_author(i: &InterfaceImpl) -> Vec<&str> {
        i.by_author.iter().map(|m| m.spec_name.as_str()).collect()
    }

    const IFACE: &str = "def I : OpInterface<\"Iface\"> {\n  let methods = [\n    InterfaceMethod<\"r\", \"int64_t\", \"getCount\", (ins \"&::ir::Ir\":$ir)>,\n    InterfaceMethod<\"d\", \"void\", \"reset\", (ins), [{}], [{ let _ = 1; }]>,\n    StaticInterfaceMethod<\"s\", \"bool\", \"isFixed\", (ins), [{ true }]>\n  ];\n}\n";

    #[test]
    fn methods_lower_with_rust_names_and_types() {
        let model = lower(&format!(
            "{IFACE}def A : Op<D, \"a\", [I]>;\ndef B : Op<D, \"b\", [DeclareOpInterfaceMethods<I>]>;\ndef C : Op<D, \"c\", [DeclareOpInterfaceMethods<I, [\"reset\"]>]>;\n"
        ))
        .unwrap_or_else(|e| panic!("{e:?}"));
        let iface = &model.interfaces.iter().find(|i| i.def_name == "I").unwrap();
        assert_eq!(iface.kind, InterfaceKind::Op);
        assert!(!iface.from_std_lib);
        let m: Vec<_> = iface
            .methods
            .iter()
            .map(|m| {
                (
                    m.name.as_str(),
                    m.return_type.as_str(),
                    m.is_static,
                    m.is_required(),
                )
            })
            .collect();
        assert_eq!(
            m,
            [
                ("get_count", "i64", false, true),
                ("reset", "()", false, false),
                ("is_fixed", "bool", true, false)
            ]
        );
        assert_eq!(
            iface.methods[0].args,
            [("ir".to_string(), "&::ir::Ir".to_string())]
        );
        // A required method: every op's author writes the impl.
        let impls: Vec<_> = model.dialects[0]
            .ops
            .iter()
            .map(|op| {
                op.traits.iter().find_map(|t| match t {
                    crate::model::TraitModel::Interface { rust_impl, .. } => {
                        rust_impl.as_ref().map(by_author)
                    }
                    _ => None,
                })
            })
            .collect();
        assert_eq!(
            impls,
            [
                Some(vec!["getCount"]),
                Some(vec!["getCount"]),
                Some(vec!["getCount", "reset"])
            ]
        );
    }

    #[test]
    fn an_op_writes_the_required_methods_and_those_it_declares_overridden() {
        let model = lower(
            "def J : OpInterface<\"J\"> { let methods = [InterfaceMethod<\"d\", \"i32\", \"one\", (ins), [{}], [{ 1 }]>]; }\ndef A : Op<D, \"a\", [J]>;\ndef B : Op<D, \"b\", [DeclareOpInterfaceMethods<J, [\"one\"]>]>;\n",
        )
        .unwrap_or_else(|e| panic!("{e:?}"));
        let impls: Vec<_> = model.dialects[0]
            .ops
            .iter()
            .map(|op| match &op.traits[0] {
                crate::model::TraitModel::Interface { rust_impl, .. } => {
                    rust_impl.as_ref().map(by_author)
                }
                _ => None,
            })
            .collect();
        assert_eq!(impls, [Some(vec![]), Some(vec!["one"])]);
    }

    #[test]
    fn generated_base_interfaces_are_kept_for_supertraits() {
        let model = lower(&format!(
            "{IFACE}def J : OpInterface<\"Jface\", [I]> {{ let cppNamespace = \"crate::j\"; }}\ndef A : Op<D, \"a\", [J]>;\n"
        ))
        .unwrap_or_else(|e| panic!("{e:?}"));
        let j = model.interfaces.iter().find(|i| i.def_name == "J").unwrap();
        assert_eq!(j.bases, [("Iface".to_string(), String::new())]);
        // The op gets the base too (it comes first), and so must implement it.
        let names: Vec<_> = model.dialects[0].ops[0]
            .traits
            .iter()
            .map(|t| t.display().to_string())
            .collect();
        assert_eq!(names, ["I", "J"]);
    }

    #[test]
    fn malformed_interfaces_are_errors_at_their_place() {
        assert_eq!(
            lower("def K : OpInterface<\"K\"> {\n  let methods = [InterfaceMethod<\"a\", \"i32\", \"get\">, InterfaceMethod<\"b\", \"i32\", \"get\">];\n}\n")
                .unwrap_err(),
            ["4:17: interface 'K' has two methods named 'get'"]
        );
        assert_eq!(
            lower(&format!("{IFACE}def A : Op<D, \"a\", [DeclareOpInterfaceMethods<I, [\"nope\"]>]>;\n"))
                .unwrap_err(),
            ["10:5: 'nope' is not a method of interface 'Iface' (declared overridden by op 'd.a')"]
        );
        // C++ left to port, in a type and a body, reported as such.
        let errors = lower("def L : OpInterface<\"L\"> {\n  let methods = [InterfaceMethod<\"a\", \"const Foo &\", \"get\", (ins), [{}], [{ return cast<Foo>(op); }]>];\n}\n")
            .unwrap_err();
        assert_eq!(errors.len(), 2, "{errors:?}");
        assert!(
            errors[0].contains("`returnType` of method 'get' of interface 'L' is not Rust"),
            "{errors:?}"
        );
        assert!(
            errors[1].contains("`defaultBody` of method 'get' of interface 'L' is not Rust"),
            "{errors:?}"
        );
    }

    /// Attribute and type interfaces attach to definitions of their kind
    /// (bases first), with the methods each writes; the wrong kind and an
    /// unknown overridden method are errors at the definition. (mlir-tblgen
    /// accepts both and leaves the C++ compiler to fail, as for ops.)
    #[test]
    fn attr_and_type_interfaces_attach_to_their_definitions() {
        let head = "include \"mlir/IR/AttrTypeBase.td\"\n\
            def TI : TypeInterface<\"Wide\"> {\n  let methods = [InterfaceMethod<\"w\", \"u64\", \"getWidth\">,\n    InterfaceMethod<\"b\", \"u64\", \"getBytes\", (ins), [{}], [{ 1 }]>];\n}\n\
            def TJ : TypeInterface<\"Wider\", [TI]>;\n\
            def AI : AttrInterface<\"Sized\">;\n";
        let model = lower(&format!(
            "{head}def T : TypeDef<D, \"T\", [TJ]> {{ let mnemonic = \"t\"; }}\n\
             def U : TypeDef<D, \"U\", [DeclareTypeInterfaceMethods<TI, [\"getBytes\"]>]> {{ let mnemonic = \"u\"; }}\n\
             def A : AttrDef<D, \"A\", [AI]> {{ let mnemonic = \"a\"; }}\n"
        ))
        .unwrap_or_else(|e| panic!("{e:?}"));
        let attached = |def: &str| -> Vec<(String, Vec<&str>)> {
            let d = model
                .attr_type_defs
                .iter()
                .find(|d| d.def_name == def)
                .unwrap();
            d.interfaces
                .iter()
                .map(|i| {
                    let by_author = i.rust_impl.by_author.iter().map(|m| m.spec_name.as_str());
                    (i.name.clone(), by_author.collect())
                })
                .collect()
        };
        let entry = |name: &str, methods: &[&'static str]| (name.to_string(), methods.to_vec());
        assert_eq!(
            attached("T"),
            [entry("Wide", &["getWidth"]), entry("Wider", &[])]
        );
        assert_eq!(attached("U"), [entry("Wide", &["getWidth", "getBytes"])]);
        assert_eq!(attached("A"), [entry("Sized", &[])]);
        assert_eq!(
            lower(&format!(
                "{head}def A : AttrDef<D, \"A\", [TI]> {{ let mnemonic = \"a\"; }}\n"
            ))
            .unwrap_err(),
            ["10:5: type interface 'Wide' cannot be attached to attribute 'A'"]
        );
        assert_eq!(
            lower(&format!(
                "{head}def U : TypeDef<D, \"U\", [DeclareTypeInterfaceMethods<TI, [\"nope\"]>]> {{ let mnemonic = \"u\"; }}\n"
            ))
            .unwrap_err(),
            ["10:5: 'nope' is not a method of interface 'Wide' (declared overridden by type 'U')"]
        );
    }

    #[test]
    fn signature_types_map_scalar_cpp_names_only() {
        assert_eq!(rust_signature_type("void"), "()");
        assert_eq!(rust_signature_type("unsigned"), "u32");
        assert_eq!(
            rust_signature_type("::mlir::Type"),
            "::ods_runtime::ir::Type"
        );
        assert_eq!(rust_signature_type("&str"), "&str");
        assert_eq!(rust_signature_type("Vec<i64>"), "Vec<i64>");
    }
}
