//! One definition written twice, in `.ods` and through the Rust front end
//! (`#[op]`, `#[dialect]`, `#[derive(EnumAttr)]`, `#[attr]`,
//! `#[type_def]`): both must yield the same Rust tokens, since both lower
//! into the one model and go through the one code generator.

use proc_macro2::TokenStream;
use quote::quote;

use crate::def_fronts::{DefKind, Header};

/// Compiles `.ods` text (after the whole standard library) and returns
/// what `generate` makes of it, as token text.
fn from_ods(
    text: &str,
    generate: impl Fn(&ods_spec::Compilation) -> Result<String, ods_spec::CompileError>,
) -> Vec<syn::Item> {
    let src = format!("{}{text}", ods_spec::stdlib::include_all());
    let compilation = ods_spec::compile("twin.ods", &src, &[]).expect("the twin compiles");
    let code = generate(&compilation).unwrap_or_else(|e| panic!("{}", e.render()));
    syn::parse_file(&code).expect("generated code parses").items
}

/// The items as prettyplease prints them (generated files went through
/// it, which adds trailing commas).
fn tokens(items: &[syn::Item]) -> String {
    prettyplease::unparse(&syn::parse_quote!(#(#items)*))
}

/// The items of an expansion, less the checks `#[op]` adds beside the
/// code an `.ods` def gets (hooks written without their flags, type
/// paths in strings: `const _` items).
fn expanded(tokens: TokenStream) -> Vec<syn::Item> {
    syn::parse2::<syn::File>(tokens)
        .expect("the expansion parses")
        .items
        .into_iter()
        .filter(|item| !matches!(item, syn::Item::Const(c) if c.ident == "_"))
        .collect()
}

#[test]
fn an_op_in_rust_and_in_ods() {
    let rust = crate::op_attribute(
        quote!(
            "toy.add",
            dialect = ToyDialect,
            traits = [Pure, SameOperandsAndResultType],
            assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($sum)"
        ),
        quote! {
            /// Adds two tensors.
            pub struct AddOp {
                lhs: AnyType,
                rhs: AnyType,
                #[result]
                sum: AnyType,
            }
        },
    )
    .0
    .unwrap();
    let ods = from_ods(
        r#"def Toy_RustDialect : Dialect { let name = "toy"; }
def Toy_AddOp : Op<Toy_RustDialect, "add", [Pure, SameOperandsAndResultType]> {
  let summary = "Adds two tensors.";
  let arguments = (ins AnyType:$lhs, AnyType:$rhs);
  let results = (outs AnyType:$sum);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($sum)";
}
"#,
        |c| {
            // One op per expansion: its constraints in its own impl, as
            // the macro generates them; no dialect struct.
            let model = c.model()?;
            let d = &model.dialects.iter().find(|d| d.name == "toy").unwrap();
            let scope = ods_spec::codegen::constraints::ConstraintScope::Op;
            let none = ods_spec::RustSources::none();
            let code =
                ods_spec::codegen::ops::generate_with("twin.ods", &[d], &model.enums, scope, &none)
                    .expect("generates");
            Ok(code)
        },
    );
    let ods: Vec<_> = ods
        .into_iter()
        .filter(|it| !matches!(it, syn::Item::Struct(s) if s.ident == "ToyDialect"))
        .filter(|it| !matches!(it, syn::Item::Impl(i) if quote!(#i).to_string().contains("for ToyDialect")))
        .collect();
    assert_eq!(tokens(&expanded(rust)), tokens(&ods));
}

#[test]
fn a_dialect_in_rust_and_in_ods() {
    let item: syn::ItemStruct = syn::parse_quote! {
        /// The Toy tutorial's language.
        ///
        /// Tensors and functions on them.
        pub struct ToyDialect;
    };
    let mut header = Header::parse(
        quote!("toy", dependentDialects = ["func"]),
        &["ops", "attrs", "enum_attrs", "types"],
        "dialect",
    )
    .unwrap();
    header.set_docs(&item.attrs);
    let rust = crate::def_expand::dialect(&header, &item).unwrap();
    let ods = from_ods(
        r#"def Toy_Dialect : Dialect {
  let name = "toy";
  let summary = "The Toy tutorial's language.";
  let description = [{Tensors and functions on them.}];
  let dependentDialects = ["func"];
}
"#,
        ods_spec::generate_op_defs,
    );
    assert_eq!(tokens(&expanded(rust)), tokens(&ods));
}

#[test]
fn a_type_and_an_attribute_in_rust_and_in_ods() {
    let ty: syn::ItemStruct = syn::parse_quote! {
        /// A shape of known rank.
        pub struct ShapedType {
            rank: u32,
            element: Type,
            #[param(ArrayRefParameter<"int64_t">)]
            dims: _,
        }
    };
    let mut header = Header::parse(
        quote!(
            "toy.shaped",
            assemblyFormat = "`<` $rank `x` $element `,` `[` $dims `]` `>`"
        ),
        &[],
        "definition",
    )
    .unwrap();
    header.set_docs(&ty.attrs);
    let rust = crate::def_expand::attr_or_type(DefKind::Type, &header, &ty, |p| panic!("asks {p}"))
        .unwrap();
    let ods = from_ods(
        r#"def Toy_RustDialect : Dialect { let name = "toy"; }
def Toy_ShapedType : TypeDef<Toy_RustDialect, "Shaped"> {
  let mnemonic = "shaped";
  let summary = "A shape of known rank.";
  let parameters = (ins "u32":$rank, "Type":$element, ArrayRefParameter<"int64_t">:$dims);
  let assemblyFormat = "`<` $rank `x` $element `,` `[` $dims `]` `>`";
}
"#,
        ods_spec::generate_type_defs,
    );
    assert_eq!(tokens(&expanded(rust)), tokens(&ods));

    let attr: syn::ItemStruct = syn::parse_quote! {
        pub struct Pair {
            first: i64,
            second: i64,
        }
    };
    let header = Header::parse(
        quote!(
            "toy.pair",
            genVerifyDecl = 1,
            assemblyFormat = "`<` $first `,` $second `>`"
        ),
        &[],
        "definition",
    )
    .unwrap();
    let rust =
        crate::def_expand::attr_or_type(DefKind::Attr, &header, &attr, |p| panic!("asks {p}"))
            .unwrap();
    let ods = from_ods(
        r#"def Toy_RustDialect : Dialect { let name = "toy"; }
def Toy_Pair : AttrDef<Toy_RustDialect, "Pair"> {
  let cppClassName = "Pair";
  let mnemonic = "pair";
  let parameters = (ins "i64":$first, "i64":$second);
  let genVerifyDecl = 1;
  let assemblyFormat = "`<` $first `,` $second `>`";
}
"#,
        ods_spec::generate_attr_defs,
    );
    // The missing-`verify` message names the spec's place only for a
    // spec file (`#[attr]`'s spec is text the user never saw).
    let ods_text = strip_spec_place(&tokens(&ods));
    assert_eq!(tokens(&expanded(rust)), ods_text);
}

/// `text` without the ` (twin.ods:L:C)` places of the generated
/// missing-hook messages (their line moves with the standard library's
/// include list, which the twin spec starts with).
fn strip_spec_place(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find(" (twin.ods:") {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        rest = rest.find(')').map_or("", |end| &rest[end + 1..]);
    }
    out.push_str(rest);
    out
}

#[test]
fn an_enum_attribute_in_rust_and_in_ods() {
    let item: syn::DeriveInput = syn::parse_quote! {
        /// How to round.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, EnumAttr)]
        #[enum_attr("toy.rounding")]
        pub enum Rounding {
            Down,
            Up,
            #[case("to_nearest")]
            Nearest = 4,
        }
    };
    let enum_attr = item.attrs.iter().find(|a| a.path().is_ident("enum_attr"));
    let args = enum_attr
        .unwrap()
        .meta
        .require_list()
        .unwrap()
        .tokens
        .clone();
    let mut header = Header::parse(args, &[], "enum attribute").unwrap();
    header.set_docs(&item.attrs);
    let rust = crate::def_expand::enum_attr(&header, &item).unwrap();
    let mut ods = from_ods(
        r#"def Toy_Rounding : I32EnumAttr<"Rounding", "How to round.", [
  I32EnumAttrCase<"Down", 0, "down">, I32EnumAttrCase<"Up", 1, "up">,
  I32EnumAttrCase<"Nearest", 4, "to_nearest">]>;
def Toy_RustDialect : Dialect { let name = "toy"; }
def Toy_RoundingAttr : EnumAttr<Toy_RustDialect, Toy_Rounding, "rounding">;
"#,
        ods_spec::generate_enum_defs,
    );
    // The enum itself is the author's; the twin's has the same cases.
    let enum_at = ods
        .iter()
        .position(|it| matches!(it, syn::Item::Enum(_)))
        .expect("the twin defines the enum");
    let syn::Item::Enum(twin_enum) = ods.remove(enum_at) else {
        unreachable!()
    };
    let cases = |e: &syn::punctuated::Punctuated<syn::Variant, syn::Token![,]>| {
        e.iter().map(|v| v.ident.to_string()).collect::<Vec<_>>()
    };
    let syn::Data::Enum(data) = &item.data else {
        unreachable!()
    };
    assert_eq!(cases(&twin_enum.variants), cases(&data.variants));
    ods.extend(from_ods(
        r#"def Toy_Rounding : I32EnumAttr<"Rounding", "How to round.", [
  I32EnumAttrCase<"Down", 0, "down">, I32EnumAttrCase<"Up", 1, "up">,
  I32EnumAttrCase<"Nearest", 4, "to_nearest">]>;
def Toy_RustDialect : Dialect { let name = "toy"; }
def Toy_RoundingAttr : EnumAttr<Toy_RustDialect, Toy_Rounding, "rounding">;
"#,
        ods_spec::generate_attr_defs,
    ));
    assert_eq!(tokens(&expanded(rust)), tokens(&ods));
}

/// `hasFolder = 1` in `#[op]` reaches the model as in `.ods` (the fold
/// hook's codegen reads `has_folder`).
#[test]
fn an_op_carries_has_folder() {
    let mut def = crate::op_def::OpDef::new(syn::parse_quote!(NegOp));
    def.parse_args(quote!("toy.neg", hasFolder = 1, arguments(x: F64), results(r: F64)))
        .unwrap();
    let text = def.to_spec().unwrap().text;
    let compilation = ods_spec::compile("neg.ods", &text.text, &[]).expect("compiles");
    let model = compilation.model().expect("lowers");
    let op = model
        .dialects
        .iter()
        .flat_map(|d| &d.ops)
        .find(|o| o.full_name == "toy.neg")
        .expect("the op is lowered");
    assert!(op.has_folder);
}
