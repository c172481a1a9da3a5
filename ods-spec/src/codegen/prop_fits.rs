//! Converting attributes into an op's properties: the storage kind of
//! each inherent attribute (mlir-tblgen's `convertFromAttribute`, a
//! `dyn_cast` to the attribute's storage class). In: an op's model; out:
//! the `property_fits` hook of `impl ods_runtime::Op` (what the generic
//! parser checks `<{...}>` entries with: a misfit is `invalid properties
//! ... for op ...: Invalid attribute `name` in property conversion: ...`,
//! a parse error as in mlir-opt) and the same check for `prop-dict`
//! entries.

use proc_macro2::TokenStream;
use quote::quote;

use super::format_attr::storage_kind_text;
use super::op_info::rt::*;
use super::op_info::OpInfo;
use super::snippets::{code, substitute};
use crate::model::AttributeModel;

/// The Rust test (over `ctx` and `attr`) that `attr` converts into
/// attribute `a`'s property, or `None` when every attribute does (a
/// storage class that is any attribute, properties that are not
/// attributes). An enum attribute with a class of its own
/// (`CmpIPredicateAttr`) holds only its cases, so its whole constraint is
/// the test; other classes (`IntegerAttr`, `StringAttr`, an attribute
/// definition, an attribute interface) test the kind only, the rest is
/// the verifier's.
pub(super) fn storage_check(
    info: &OpInfo,
    a: &AttributeModel,
) -> Result<Option<TokenStream>, String> {
    if a.is_property || a.is_derived {
        return Ok(None);
    }
    if a.is_unit {
        return Ok(Some(quote!(#RT_MOD_PRED::is_unit_attr(ctx, attr))));
    }
    if specialized_enum(info, a) {
        let text = super::verify::predicate_text(&a.predicate, "attr")?;
        return code(&text, &format!("predicate of attribute '{}'", a.name)).map(Some);
    }
    let Some(check) = storage_kind_text(a) else {
        return Ok(None);
    };
    let check = substitute(check, &[("$_ctxt", "ctx"), ("$_self", "attr")], &|_| None)?;
    code(&check, "attribute kind check").map(Some)
}

/// True for an attribute of an `EnumAttrInfo` enum that generates its
/// own attribute class (`genSpecializedAttr`, the default).
fn specialized_enum(info: &OpInfo, a: &AttributeModel) -> bool {
    let Some(ty) = super::format_attr::enum_info_type(a) else {
        return false;
    };
    info.enums
        .iter()
        .find(|e| e.rust_path() == ty)
        .is_some_and(|e| e.gen_specialized_attr)
}

/// `HAS_PROPERTY_FITS` and `property_fits` for `impl ods_runtime::Op`
/// (nothing when every attribute fits).
pub(super) fn property_fits(info: &OpInfo) -> Result<TokenStream, String> {
    let mut arms = Vec::new();
    for a in &info.op.attributes {
        if let Some(check) = storage_check(info, a)? {
            let name = &a.name;
            arms.push(quote!(#name => #check,));
        }
    }
    if arms.is_empty() {
        return Ok(TokenStream::new());
    }
    Ok(quote! {
        const HAS_PROPERTY_FITS: bool = true;
        fn property_fits(ctx: &#RT_CONTEXT, name: &str, attr: #RT_ATTRIBUTE) -> bool {
            match name {
                #(#arms)*
                _ => true,
            }
        }
    })
}

#[cfg(test)]
mod tests {
    /// The generated `property_fits` of one op with `args`, whitespace
    /// squeezed out.
    fn fits_fn(args: &str) -> String {
        let text = format!(
            "include \"mlir/IR/OpBase.td\"\ninclude \"mlir/IR/EnumAttr.td\"\n\
             def D : Dialect {{ let name = \"d\"; let cppNamespace = \"crate::d\"; }}\n\
             def K : I64EnumAttr<\"K\", \"\", [I64EnumAttrCase<\"a\", 0>, I64EnumAttrCase<\"b\", 1>]> {{ let cppNamespace = \"crate::d\"; }}\n\
             def KN : I64EnumAttr<\"KN\", \"\", [I64EnumAttrCase<\"a\", 0>]> {{ let cppNamespace = \"crate::d\"; let genSpecializedAttr = 0; }}\n\
             def A : Op<D, \"a\"> {{ let arguments = (ins {args}); }}\n"
        );
        let c = crate::compile("t.ods", &text, &[]).unwrap_or_else(|e| panic!("{}", e.render()));
        let code = crate::generate_op_defs(&c).unwrap_or_else(|e| panic!("{}", e.render()));
        let code: String = code.split_whitespace().collect();
        match code.find("fnproperty_fits(") {
            Some(at) => code[at..].split("_=>true").next().unwrap().to_string(),
            None => String::new(),
        }
    }

    #[test]
    fn each_attribute_converts_from_its_storage_kind() {
        let f = fits_fn("I64Attr:$i, OptionalAttr<StrAttr>:$s, UnitAttr:$u, AnyAttr:$any");
        assert!(
            f.contains("\"i\"=>::ods_runtime::pred::is_integer_attr(ctx,attr),"),
            "{f}"
        );
        assert!(
            f.contains("\"s\"=>::ods_runtime::pred::is_string_attr(ctx,attr),"),
            "{f}"
        );
        assert!(
            f.contains("\"u\"=>::ods_runtime::pred::is_unit_attr(ctx,attr),"),
            "{f}"
        );
        // Any attribute converts.
        assert!(!f.contains("\"any\""), "{f}");
    }

    #[test]
    fn an_enum_with_its_own_class_holds_only_its_cases() {
        let f = fits_fn("K:$k, KN:$kn");
        let k = f
            .split("\"k\"=>")
            .nth(1)
            .unwrap()
            .split(",\"kn\"")
            .next()
            .unwrap();
        // The case test, not only the integer kind.
        assert!(k.contains("int_attr_value(ctx,attr),0|1)"), "{f}");
        let kn = f.split("\"kn\"=>").nth(1).unwrap();
        assert_eq!(kn, "::ods_runtime::pred::is_integer_attr(ctx,attr),", "{f}");
    }

    #[test]
    fn an_op_whose_attributes_all_convert_has_no_hook() {
        assert_eq!(fits_fn("AnyAttr:$a"), "");
    }
}
