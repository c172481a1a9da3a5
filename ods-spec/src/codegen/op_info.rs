//! What the op generator derives once per op and every part of it reads:
//! [`OpInfo`] (handle and adaptor names, how operand and result groups are
//! found, which result types builders can infer) and [`AttrForm`] (how an
//! attribute's typed value is read, converted and built).
//!
//! In: an `OpModel`. Out: those facts, as tokens where codegen needs them.

use proc_macro2::{Literal, TokenStream};
use quote::{format_ident, quote};

use super::constraints::TypeConstraints;
use super::snippets::{
    code, no_names, snake_case, strip_option, strip_outer_parens, substitute, with_ctx_lifetime,
};
use crate::model::{AttributeModel, EnumModel, OpModel, ResultTypeSource, ValueModel, VarKind};

/// Tokens that a `quote!` moves in: `moved(tokens)` interpolated as
/// `#tokens` gives the same tokens as `tokens` would, without copying
/// them. Interpolating a `TokenStream` clones each of its top-level
/// tokens (an identifier's text is a new allocation) into the stream
/// being built, and the op templates nest a `quote!` in a `quote!` at
/// every level, so each part of an op was copied once per level.
/// Interpolate a `Moved` once: it is empty after.
pub(crate) struct Moved(std::cell::Cell<Option<TokenStream>>);

pub(crate) fn moved(tokens: impl Into<Option<TokenStream>>) -> Moved {
    Moved(std::cell::Cell::new(tokens.into()))
}

impl quote::ToTokens for Moved {
    fn to_tokens(&self, tokens: &mut TokenStream) {
        if let Some(moved) = self.0.take() {
            tokens.extend(std::iter::once(moved));
        }
    }
}

/// `text` as a string literal, the same one `Literal::string` gives. Text
/// of printable ASCII without quotes or backslashes (the generated docs,
/// all but a few) is its own escape: such a literal is lexed from the
/// text in quotes, which costs a fraction of escaping it one character
/// at a time (docs were a thirtieth of `--gen-op-defs` on `llvm`).
pub(crate) fn lit_str(text: &str) -> Literal {
    let plain = text
        .bytes()
        .all(|b| (b' '..=b'~').contains(&b) && b != b'"' && b != b'\\');
    if plain && !super::proc_macro::is_available() {
        let mut quoted = String::with_capacity(text.len() + 2);
        quoted.push('"');
        quoted.push_str(text);
        quoted.push('"');
        if let Ok(literal) = quoted.parse() {
            return literal;
        }
    }
    Literal::string(text)
}

/// The runtime paths the op templates write again and again, each a
/// constant that a `quote!` interpolates (`#RT_CONTEXT` for
/// `::ods_runtime::ir::Context`): the tokens of each path are built once
/// per thread and cloned after, which skips building (and checking) each
/// identifier and pushing each token one at a time. A path was nine
/// tokens, and the accessors of every attribute of every op wrote a dozen.
/// Inside a proc macro tokens belong to the one macro call, so each use
/// builds the path anew.
pub(crate) mod rt {
    use proc_macro2::{TokenStream, TokenTree};
    use quote::quote;

    macro_rules! runtime_paths {
        ($($name:ident = ($($path:tt)+),)*) => {
            #[allow(non_camel_case_types, clippy::upper_case_acronyms)]
            #[derive(Clone, Copy)]
            pub(crate) enum Path { $($name,)* }
            $(pub(crate) const $name: Path = Path::$name;)*
            const COUNT: usize = [$(Path::$name,)*].len();
            fn build(path: Path) -> TokenStream {
                match path { $(Path::$name => quote!($($path)+),)* }
            }
        };
    }

    runtime_paths! {
        RT_CONTEXT = (::ods_runtime::ir::Context),
        RT_IR = (::ods_runtime::ir::Ir),
        RT_VALUE = (::ods_runtime::ir::Value),
        RT_ATTRIBUTE = (::ods_runtime::ir::Attribute),
        RT_TYPE = (::ods_runtime::ir::Type),
        RT_OP_ID = (::ods_runtime::ir::OpId),
        RT_BLOCK_ID = (::ods_runtime::ir::BlockId),
        RT_REGION_ID = (::ods_runtime::ir::RegionId),
        RT_OPTION = (::std::option::Option),
        RT_VEC = (::std::vec::Vec),
        RT_RESULT = (::std::result::Result),
        RT_VERIFY_ERROR = (::ods_runtime::VerifyError),
        RT_INHERENT_ATTR = (::ods_runtime::op::inherent_attr),
        RT_SET_INHERENT_ATTR = (::ods_runtime::op::set_inherent_attr),
        RT_MOD_IR = (::ods_runtime::ir),
        RT_MOD_OP = (::ods_runtime::op),
        RT_MOD_ERRORS = (::ods_runtime::errors),
        RT_MOD_SEGMENTS = (::ods_runtime::segments),
        RT_MOD_PRED = (::ods_runtime::pred),
        RT_MOD_FORMAT = (::ods_runtime::format),
        RT_MOD_PROP = (::ods_runtime::prop),
        RT_MOD_INTERFACES = (::ods_runtime::interfaces),
        RT = (::ods_runtime),
    }

    impl quote::ToTokens for Path {
        fn to_tokens(&self, tokens: &mut TokenStream) {
            use std::cell::RefCell;
            thread_local! {
                static BUILT: RefCell<Vec<Vec<TokenTree>>> = const { RefCell::new(Vec::new()) };
            }
            if super::super::proc_macro::is_available() {
                tokens.extend(build(*self));
                return;
            }
            BUILT.with(|built| {
                let mut built = built.borrow_mut();
                if built.is_empty() {
                    *built = vec![Vec::new(); COUNT];
                }
                let trees = &mut built[*self as usize];
                if trees.is_empty() {
                    *trees = build(*self).into_iter().collect();
                }
                tokens.extend(trees.iter().cloned());
            });
        }
    }
}

pub(super) fn is_variadic(kind: &VarKind) -> bool {
    kind.is_variable_length()
}

/// What the generator derives once per op.
pub(crate) struct OpInfo<'m> {
    pub op: &'m OpModel,
    pub name: proc_macro2::Ident,
    pub adaptor: proc_macro2::Ident,
    /// Operands grouped by `AttrSizedOperandSegments`.
    pub operand_segments: bool,
    /// Results grouped by `AttrSizedResultSegments`.
    pub result_segments: bool,
    /// The file's shared type constraints.
    pub constraints: &'m TypeConstraints,
    /// The spec's enums (a format treats bit enums apart).
    pub enums: &'m [EnumModel],
}

impl<'m> OpInfo<'m> {
    pub(super) fn new(
        op: &'m OpModel,
        constraints: &'m TypeConstraints,
        enums: &'m [EnumModel],
    ) -> Result<Self, String> {
        let name = super::ident(&op.rust_name)?;
        Ok(OpInfo {
            op,
            adaptor: format_ident!("{}Adaptor", name),
            name,
            operand_segments: op.has_trait("AttrSizedOperandSegments"),
            result_segments: op.has_trait("AttrSizedResultSegments"),
            constraints,
            enums,
        })
    }

    /// Whether any operand (`results = false`) or result has a dynamic
    /// count.
    pub fn has_groups(&self, results: bool) -> bool {
        self.values(results).iter().any(|v| is_variadic(&v.kind))
    }

    pub fn values(&self, results: bool) -> &'m [ValueModel] {
        if results {
            &self.op.results
        } else {
            &self.op.operands
        }
    }

    /// Whether the group of value `i` needs the context (segment sizes live
    /// in an attribute).
    pub fn group_needs_ctx(&self, results: bool) -> bool {
        if results {
            self.result_segments
        } else {
            self.operand_segments
        }
    }

    /// An expression (with `ctx`, `ir` and `self` in scope) giving the
    /// index range of value group `index`.
    pub fn group_range(&self, results: bool, index: usize) -> TokenStream {
        let idx = Literal::usize_unsuffixed(index);
        if self.has_groups(results) {
            let f = if results {
                quote!(result_group)
            } else {
                quote!(operand_group)
            };
            if self.group_needs_ctx(results) {
                quote!(self.#f(ctx, ir, #idx))
            } else {
                quote!(self.#f(ir, #idx))
            }
        } else {
            let end = Literal::usize_unsuffixed(index + 1);
            quote!(#idx..#end)
        }
    }

    /// Result-type inference the builders can do (see [`inferred`]).
    pub(super) fn inferred(&self) -> Option<Vec<Inferred>> {
        inferred(self.op)
    }
}

/// Result-type inference the builders can do: every source is a single
/// operand's type or a buildable type.
pub(super) fn inferred(op: &OpModel) -> Option<Vec<Inferred>> {
    let sources = op.inferred_result_types.as_ref()?;
    let mut out = Vec::new();
    for s in sources {
        out.push(match s {
            ResultTypeSource::Buildable(call) => Inferred::Built(call.clone()),
            ResultTypeSource::SameAs { name, transform } => {
                if transform.as_deref().is_some_and(|t| t.trim() != "$_self") {
                    return None;
                }
                let i = op.operands.iter().position(|o| &o.name == name)?;
                if op.operands[i].kind != VarKind::Single {
                    return None;
                }
                Inferred::Operand(i)
            }
            ResultTypeSource::FirstAttribute => return None,
        });
    }
    Some(out)
}

/// Where a builder takes an inferred result type from.
#[derive(Clone)]
pub(super) enum Inferred {
    /// The constraint's `builderCall` (over `$_builder`).
    Built(String),
    /// The type of single operand `i`.
    Operand(usize),
}

/// Whether `a`'s `constBuilderCall` builds the attribute from a value
/// (uses `$0`). One that does not (upstream's `PoisonAttrInterface`,
/// `PoisonAttr::get(ctx)`) builds one fixed attribute: it serves defaults
/// only, and builders and setters take the attribute as stored (as
/// mlir-tblgen, which offers a value form only when the return type is
/// not the attribute itself).
pub(crate) fn builds_from_value(a: &AttributeModel) -> bool {
    a.const_builder_call
        .as_deref()
        .is_some_and(|call| call.contains("$0"))
}

/// Whether `a`'s default exists only as an attribute: a `DefaultValuedAttr`
/// whose `constBuilderCall` ignores `$0`. Upstream writes its default
/// `"{}"` (C++ for "nothing"), which mlir-tblgen hands to a call that does
/// not use it; the port keeps that text, and it is never Rust code: the
/// default is the call's attribute (built on creation), the accessor
/// returns the attribute as stored, and the printer compares with the
/// default its registration computed (`ods_runtime::format::registered_default`).
pub(crate) fn default_is_built(a: &AttributeModel) -> bool {
    !a.is_property
        && a.default_value.is_some()
        && a.const_builder_call.is_some()
        && !builds_from_value(a)
}

/// How an attribute's typed value is read and built.
pub(crate) struct AttrForm {
    /// The accessor's return type (with `'c` on borrowed parts).
    pub ret: TokenStream,
    /// Whether `ret` borrows from the context.
    pub borrowed: bool,
    /// The builder/setter parameter type (for builders).
    pub param: Option<TokenStream>,
    /// The setter's parameter type: the return type without `Option`.
    pub set_param: Option<TokenStream>,
    /// Whether `constBuilderCall` yields `Option<Attribute>` (`UnitAttr`).
    pub builds_option: bool,
}

pub(super) fn attr_form(a: &AttributeModel) -> Result<AttrForm, String> {
    let what = format!("return type of attribute '{}'", a.name);
    let ret_text = if a.return_type.trim().is_empty() {
        "::ods_runtime::ir::Attribute".to_string()
    } else {
        a.return_type.clone()
    };
    let (ret_c, borrowed) = with_ctx_lifetime(&ret_text);
    let ret = code(&ret_c, &what)?;
    // A default that exists only as an attribute is read as stored (it is
    // absent after `remove_x`).
    let ret = if default_is_built(a) {
        quote!(::std::option::Option<#ret>)
    } else {
        ret
    };
    let base = strip_option(&ret_text);
    let builds_option = a.optional && base.is_none() && a.default_value.is_none();
    let set_text = base.unwrap_or(&ret_text).to_string();
    let (param, set_param) = if builds_from_value(a) {
        let set = code(&set_text, &what)?;
        let param = if builds_option || (!a.optional && a.default_value.is_none()) {
            set.clone()
        } else {
            quote!(::std::option::Option<#set>)
        };
        (Some(param), Some(set))
    } else {
        (None, None)
    };
    Ok(AttrForm {
        ret,
        borrowed,
        param,
        set_param,
        builds_option,
    })
}

/// `constBuilderCall` applied to `value` with `ctx` (an expression of
/// type `&mut Context`).
pub(crate) fn build_attr(
    a: &AttributeModel,
    ctx: &str,
    value: &str,
) -> Result<Option<TokenStream>, String> {
    let Some(call) = &a.const_builder_call else {
        return Ok(None);
    };
    let text = substitute(call, &[("$_ctxt", ctx), ("$0", value)], &no_names)
        .map_err(|e| format!("attribute '{}': {e}", a.name))?;
    code(
        strip_outer_parens(&text),
        &format!("constBuilderCall of attribute '{}'", a.name),
    )
    .map(Some)
}

/// The body of attribute `a`'s typed accessor, `raw` being the
/// expression reading it as stored (`Option<Attribute>`) and `missing`
/// the panic message for a required one that is absent.
pub(super) fn attr_value_body(
    a: &AttributeModel,
    raw: TokenStream,
    missing: &str,
) -> Result<TokenStream, String> {
    let name = &a.name;
    let text = substitute(
        &a.convert_from_storage,
        &[("$_self", "attr"), ("$_ctxt", "ctx")],
        &no_names,
    )
    .map_err(|e| format!("attribute '{name}': {e}"))?;
    let conv = code(&text, &format!("convertFromStorage of attribute '{name}'"))?;
    Ok(if default_is_built(a) {
        if text.trim() == "attr" {
            raw
        } else {
            quote!(#raw.map(|attr| #conv))
        }
    } else if let Some(default) = &a.default_value {
        let default = code(default, &format!("default value of attribute '{name}'"))?;
        quote! {
            match #raw {
                Some(attr) => #conv,
                None => #default,
            }
        }
    } else if a.optional {
        quote! {
            let attr = #raw;
            #conv
        }
    } else {
        quote! {
            let attr = #raw.expect(#missing);
            #conv
        }
    })
}

/// The doc line of attribute `a`'s typed accessor.
pub(super) fn attr_value_doc(a: &AttributeModel, panics_when: &str) -> String {
    let name = &a.name;
    if default_is_built(a) {
        format!(" Attribute `{name}` as stored: its default unless given when the op was created; `None` after `remove_{}`.", snake_case(&a.name))
    } else if a.default_value.is_some() {
        format!(" Attribute `{name}`, or its default when absent.")
    } else if a.optional {
        format!(" Attribute `{name}`, when present.")
    } else {
        format!(" Attribute `{name}` ({panics_when}: panics when it is missing).")
    }
}

/// A property's storage type, and how its accessor completes a read
/// that found nothing (`.unwrap_or...`): the spec's default, else the
/// storage type's `Default`.
pub(crate) fn property_form(a: &AttributeModel) -> Result<(TokenStream, TokenStream), String> {
    let what = format!("storage type of property '{}'", a.name);
    let storage = code(&a.storage_type, &what)?;
    let fallback = match a.default_value.as_deref().map(str::trim) {
        None | Some("") | Some("None") => quote!(.unwrap_or_default()),
        Some(d) => {
            let d = code(d, &format!("default value of property '{}'", a.name))?;
            if a.storage_type.trim() == a.return_type.trim() {
                quote!(.unwrap_or(#d))
            } else {
                quote!(.unwrap_or_else(|| <#storage>::from(#d)))
            }
        }
    };
    Ok((storage, fallback))
}

/// The body of property `a`'s accessor, `raw` reading its attribute form.
pub(super) fn prop_value_body(a: &AttributeModel, raw: TokenStream) -> Result<TokenStream, String> {
    let (storage, default) = property_form(a)?;
    Ok(quote! {
        #raw
            .and_then(|a| <#storage as ::ods_runtime::prop::PropValue>::from_attr(ctx, a))
            #default
    })
}
