//! The canonicalizers of the ops with `hasCanonicalizer = 1` and the
//! names patterns are known by.
//!
//! In: the spec's [`CanonicalizerModel`]s and the generated patterns'
//! constants. Out: one `register_canonicalization_patterns` per op, which
//! the dialect's generated registration calls.

use super::*;

/// The name `--canonicalize=enable-patterns=...`/`disable-patterns=...`
/// match for pattern `name`: mlir-opt's for the same rule, the full name of
/// its generated C++ class, which upstream dialects include in an
/// anonymous namespace (`(anonymous namespace)::AddIAddConstant`).
pub(super) fn debug_name(name: &str) -> String {
    format!("(anonymous namespace)::{name}")
}

/// `register_canonicalization_patterns` of one op with `hasCanonicalizer =
/// 1`, which the op's dialect registration calls (in the generated ops
/// file): its patterns, in order.
pub(super) fn canonicalizer(
    c: &CanonicalizerModel,
    constants: &BTreeMap<&str, proc_macro2::Ident>,
) -> Result<TokenStream, String> {
    let root = &c.op.full_name;
    let mut list = Vec::new();
    for entry in &c.patterns {
        list.push(match entry {
            CanonicalizerEntry::Generated(name) => {
                let constant = constants
                    .get(name.as_str())
                    .ok_or_else(|| format!("internal error: pattern '{name}' was not generated"))?;
                quote!(#constant)
            }
            CanonicalizerEntry::Rust {
                name,
                function,
                benefit,
            } => {
                let function: syn::Path = syn::parse_str(function).map_err(|e| {
                    format!("RustPattern '{name}': `{function}` is not a Rust path: {e}")
                })?;
                let benefit = u16::try_from(*benefit)
                    .map_err(|_| format!("RustPattern '{name}': benefit {benefit} is out of range"))?;
                let benefit = Literal::u16_unsuffixed(benefit);
                let debug = debug_name(name);
                quote! {
                    ::ods_transforms::rewrite::Pattern { root: #root, benefit: #benefit, apply: #function }
                        .named(#debug)
                }
            }
        });
    }
    let path: syn::Path = syn::parse_str(&c.op.rust_path)
        .map_err(|e| format!("op path `{}`: {e}", c.op.rust_path))?;
    let doc = format!(
        " Adds the canonicalization patterns of `{root}` (`hasCanonicalizer = 1`) to `registry`, in order."
    );
    Ok(quote! {
        impl #path {
            #[doc = #doc]
            pub fn register_canonicalization_patterns(registry: &mut ::ods_runtime::ir::Registry) {
                ::ods_transforms::rewrite::add_named_canonicalization_patterns(registry, &[#(#list),*]);
            }
        }
    })
}
