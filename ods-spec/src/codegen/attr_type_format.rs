//! The parser and printer of an attribute's or type's declarative
//! `assemblyFormat`: a checked [`AttrFormat`] in, the bodies of the
//! definition's `parse_params` / `print_params` out, reading and printing
//! what follows the mnemonic as mlir-tblgen's generated code does.
//!
//! Parsing stores each parameter in a local `Option`; what is left unset
//! takes its default at the end. Printing follows mlir-tblgen's spacing
//! state (the same rules as op formats, `codegen/format_print.rs`): a
//! literal gets a space before it unless it is punctuation that hugs its
//! neighbour, a parameter gets one unless it follows opening punctuation.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use super::format_custom::{string_arg, Side};
use super::format_print::Spacer;
use crate::format::{AttrFormat, AttrFormatElement, CustomArg, Spacing, StructField};
use crate::model::{AttrOrTypeDefModel, DefParamModel};

/// The parser method of a punctuation literal (`parse_less` for `<`).
fn punctuation(text: &str) -> Option<&'static str> {
    Some(match text {
        "->" => "arrow",
        ":" => "colon",
        "," => "comma",
        "..." => "ellipsis",
        "=" => "equal",
        "{" => "lbrace",
        "}" => "rbrace",
        "(" => "lparen",
        ")" => "rparen",
        "[" => "lsquare",
        "]" => "rsquare",
        "<" => "less",
        ">" => "greater",
        "?" => "question",
        "*" => "star",
        "+" => "plus",
        "-" => "minus",
        "|" => "vertical_bar",
        _ => return None,
    })
}

fn is_keyword(text: &str) -> bool {
    text.starts_with(|c: char| c == '_' || c.is_ascii_alphabetic())
}

/// The local a parsed parameter is kept in.
pub(super) fn local(p: &DefParamModel) -> proc_macro2::Ident {
    format_ident!(
        "param_{}",
        heck::ToSnakeCase::to_snake_case(p.name.as_str())
    )
}

fn rust_type(p: &DefParamModel) -> Result<syn::Type, String> {
    syn::parse_str(&p.rust_type).map_err(|_| {
        format!(
            "parameter '{}': '{}' is not a Rust type",
            p.name, p.rust_type
        )
    })
}

/// The value a left-out parameter takes.
pub(super) fn default_value(p: &DefParamModel) -> Result<TokenStream, String> {
    let ty = rust_type(p)?;
    match p.default.as_deref() {
        None | Some("::std::default::Default::default()") => {
            Ok(quote!(<#ty as ::std::default::Default>::default()))
        }
        Some(text) => {
            // `$_ctxt` is the parser's context (the generated code's `p`).
            let text = &text.replace("$_ctxt", "p.ctx()");
            let expr: syn::Expr = syn::parse_str(text).map_err(|_| {
                format!(
                    "parameter '{}': default value '{text}' is not a Rust expression",
                    p.name
                )
            })?;
            // Strings are written as literals; everything else takes its
            // type from where it is used.
            if p.rust_type == "::std::string::String" {
                Ok(quote!(::std::string::String::from(#expr)))
            } else {
                Ok(quote!(#expr))
            }
        }
    }
}

/// `local`'s value, or the parameter's default when it was left out.
fn unwrap_or_default_value(
    p: &DefParamModel,
    local: &proc_macro2::Ident,
) -> Result<TokenStream, String> {
    if matches!(
        p.default.as_deref(),
        None | Some("::std::default::Default::default()")
    ) {
        return Ok(quote!(#local.unwrap_or_default()));
    }
    let default = default_value(p)?;
    // A constant is cheap enough to build eagerly; anything else is built
    // only when needed.
    let constant = syn::parse2::<syn::Expr>(default.clone()).is_ok_and(|e| {
        matches!(e, syn::Expr::Lit(_) | syn::Expr::Path(_))
            || matches!(&e, syn::Expr::Unary(u) if matches!(*u.expr, syn::Expr::Lit(_)))
    });
    Ok(if constant {
        quote!(#local.unwrap_or(#default))
    } else {
        quote!(#local.unwrap_or_else(|| #default))
    })
}

/// The body of `parse_params`.
pub(super) fn parser(d: &AttrOrTypeDefModel, format: &AttrFormat) -> Result<TokenStream, String> {
    let mut assigned = vec![Assigned::Never; d.params.len()];
    for e in &format.elements {
        mark_assigned(d, e, true, &mut assigned);
    }
    let locals = d
        .params
        .iter()
        .zip(&assigned)
        .map(|(p, how)| {
            let name = local(p);
            let ty = rust_type(p)?;
            Ok(match how {
                // Bound where it is read; the self type is not read.
                Assigned::Always => quote!(),
                Assigned::Never if p.self_type => quote!(),
                Assigned::Maybe => quote!(let mut #name: ::std::option::Option<#ty> = None;),
                Assigned::Never => quote!(let #name: ::std::option::Option<#ty> = None;),
            })
        })
        .collect::<Result<Vec<_>, String>>()?;
    let g = ParseGen { d, assigned };
    let body = g.elements(&format.elements)?;
    let finish = d
        .params
        .iter()
        .zip(&g.assigned)
        .map(|(p, how)| {
            let name = local(p);
            let value = if *how == Assigned::Always {
                quote!(#name)
            } else if p.self_type && *how == Assigned::Never {
                // The attribute's own type: the `: type` written after
                // it, else `none` (upstream's `odsType`).
                quote!(p.attr_self_type().unwrap_or_else(|| p.ctx().none_type()))
            } else if p.optional {
                unwrap_or_default_value(p, &name)?
            } else {
                let missing = format!("missing parameter '{}'", p.name);
                quote!(match #name {
                    Some(value) => value,
                    None => return p.emit_error_here(#missing),
                })
            };
            Ok(quote!(::ods_runtime::attr_type_def::DefParam::to_param(&#value)))
        })
        .collect::<Result<Vec<_>, String>>()?;
    Ok(quote! {
        #(#locals)*
        #body
        Ok(vec![#(#finish),*])
    })
}

/// Whether the format reads parameter `index` somewhere.
pub(super) fn reads_param(d: &AttrOrTypeDefModel, format: &AttrFormat, index: usize) -> bool {
    let mut assigned = vec![Assigned::Never; d.params.len()];
    for e in &format.elements {
        mark_assigned(d, e, true, &mut assigned);
    }
    assigned[index] != Assigned::Never
}

/// How the parser sets a parameter's local: on every path (declared
/// without a value), on some, or never (the format leaves it out).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Assigned {
    Always,
    Maybe,
    Never,
}

fn mark_assigned(d: &AttrOrTypeDefModel, e: &AttrFormatElement, top: bool, out: &mut [Assigned]) {
    let mut set = |i: usize, always: bool| {
        out[i] = if always {
            Assigned::Always
        } else {
            Assigned::Maybe
        };
    };
    match e {
        AttrFormatElement::Param { index, .. } => set(*index, top),
        AttrFormatElement::Params(indices) => {
            for &i in indices {
                set(i, top && !d.params[i].optional);
            }
        }
        AttrFormatElement::Struct(fields) => fields.iter().for_each(|f| set(f.index, false)),
        AttrFormatElement::Custom { args, .. } => args
            .iter()
            .filter_map(CustomArg::bound)
            .for_each(|i| set(i, false)),
        AttrFormatElement::Optional {
            then_elements,
            else_elements,
            ..
        } => {
            for e in then_elements.iter().chain(else_elements) {
                mark_assigned(d, e, false, out);
            }
        }
        _ => {}
    }
}

struct ParseGen<'a> {
    d: &'a AttrOrTypeDefModel,
    assigned: Vec<Assigned>,
}

impl ParseGen<'_> {
    fn elements(&self, elements: &[AttrFormatElement]) -> Result<TokenStream, String> {
        let parts = elements
            .iter()
            .map(|e| self.element(e))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(quote!(#(#parts)*))
    }

    fn literal(&self, text: &str, optional: bool) -> Result<TokenStream, String> {
        if is_keyword(text) {
            return Ok(if optional {
                quote!(p.parse_optional_keyword(#text))
            } else {
                quote!(p.parse_keyword(#text)?;)
            });
        }
        let Some(name) = punctuation(text) else {
            return Err(format!("literal '{text}' cannot be parsed"));
        };
        Ok(if optional {
            let method = format_ident!("parse_optional_{name}");
            quote!(p.#method())
        } else {
            let method = format_ident!("parse_{name}");
            quote!(p.#method()?;)
        })
    }

    /// Reads parameter `index` (hard, or `optional`: `Some` when present).
    fn param(&self, index: usize, optional: bool) -> Result<TokenStream, String> {
        let p = &self.d.params[index];
        let ty = rust_type(p)?;
        let def_name = &self.d.def_name;
        let name = &p.name;
        let written = &p.written_type;
        let target = local(p);
        if self.assigned[index] == Assigned::Always {
            return Ok(quote! {
                let #target = ::ods_runtime::attr_type_def::parse_param::<#ty>(p, #def_name, #name, #written)?;
            });
        }
        // Soft (absent is fine) at the head of an optional group and for
        // types whose reader allows absence (`std::optional<T>`); hard
        // elsewhere, an `OptionalParameter` of a plain type included (it
        // is read as that type), as mlir-tblgen's `FieldParser`s read.
        let natively_optional =
            p.rust_type.starts_with("::std::option::Option<") && p.wrapped.is_none();
        if optional || natively_optional {
            return Ok(quote! {
                #target = ::ods_runtime::attr_type_def::parse_optional_param::<#ty>(p, #def_name, #name, #written)?;
            });
        }
        if let Some(inner) = &p.wrapped {
            let inner: syn::Type = syn::parse_str(inner)
                .map_err(|_| format!("parameter '{name}': '{inner}' is not a Rust type"))?;
            return Ok(quote! {
                #target = Some(Some(::ods_runtime::attr_type_def::parse_param::<#inner>(p, #def_name, #name, #written)?));
            });
        }
        Ok(quote! {
            #target = Some(::ods_runtime::attr_type_def::parse_param::<#ty>(p, #def_name, #name, #written)?);
        })
    }

    fn element(&self, e: &AttrFormatElement) -> Result<TokenStream, String> {
        match e {
            AttrFormatElement::Literal(text) => self.literal(text, false),
            AttrFormatElement::Whitespace(_) => Ok(quote!()),
            AttrFormatElement::Param { index, .. } => self.param(*index, false),
            AttrFormatElement::Params(indices) => self.params(indices),
            AttrFormatElement::Struct(fields) => self.structure(fields),
            AttrFormatElement::Custom { name, args } => self.custom(name, args, false),
            AttrFormatElement::Optional {
                then_elements,
                else_elements,
                ..
            } => self.optional_group(then_elements, else_elements),
        }
    }

    /// `custom<Name>(...)`: calls the author's `parse_name(p, args...)`,
    /// each bound parameter as `&mut Option<T>`, each `ref(...)` as
    /// `Option<&T>`, each string as the Rust expression it holds (`$_ctxt`:
    /// `p.ctx()`, evaluated before the call); a required parameter it left
    /// unset is `custom parser failed to parse parameter 'x'` where it
    /// started. Leading an optional group (`leads_group`), the function
    /// returns `PResult<bool>` (MLIR's `OptionalParseResult`: `Ok(false)`
    /// when its text is not there) and the code is an expression telling
    /// whether the group is present; else it returns `PResult<()>` and the
    /// code is a statement.
    fn custom(
        &self,
        name: &str,
        args: &[CustomArg],
        leads_group: bool,
    ) -> Result<TokenStream, String> {
        let function = format_ident!("parse_{}", heck::ToSnakeCase::to_snake_case(name));
        let mut codes = Vec::new();
        let mut passed = Vec::new();
        for (k, arg) in args.iter().enumerate() {
            passed.push(match *arg {
                CustomArg::Param(i) => {
                    let local = local(&self.d.params[i]);
                    quote!(&mut #local)
                }
                CustomArg::Ref(i) => {
                    let local = local(&self.d.params[i]);
                    match self.assigned[i] {
                        Assigned::Always => quote!(Some(&#local)),
                        _ => quote!(#local.as_ref()),
                    }
                }
                CustomArg::Code(ref text) => {
                    let value = string_arg(text, Side::Parser, "p.ctx()")?;
                    let code = format_ident!("custom_arg{}", k);
                    codes.push(quote!(let #code = #value;));
                    quote!(#code)
                }
            });
        }
        let checks = args
            .iter()
            .filter_map(CustomArg::bound)
            .filter(|&i| !self.d.params[i].optional)
            .map(|i| {
                let local = local(&self.d.params[i]);
                let message = format!(
                    "custom parser failed to parse parameter '{}'",
                    self.d.params[i].name
                );
                quote! {
                    if #local.is_none() {
                        return p.emit_error(custom_at, #message);
                    }
                }
            })
            .collect::<Vec<_>>();
        let at = (!checks.is_empty()).then(|| quote!(let custom_at = p.current_location();));
        if leads_group {
            // Every parameter of a group is optional: nothing to check.
            let call = quote!(#function(p, #(#passed),*)?);
            return Ok(match codes.is_empty() {
                true => call,
                false => quote!({ #(#codes)* #call }),
            });
        }
        Ok(quote! {
            #at
            #(#codes)*
            #function(p, #(#passed),*)?;
            #(#checks)*
        })
    }

    /// `params`: comma separated; commas after the last required
    /// parameter are optional, and none follows an absent optional one.
    /// Up to the last required parameter everything is read at the top
    /// level (the required values are bound there); the optional tail
    /// sits in a block it can leave early.
    fn params(&self, indices: &[usize]) -> Result<TokenStream, String> {
        let last_required = indices.iter().rposition(|&i| !self.d.params[i].optional);
        let mut head = Vec::new();
        let mut tail = Vec::new();
        for (k, &i) in indices.iter().enumerate() {
            let in_head = last_required.is_some_and(|r| k <= r);
            let out = if in_head { &mut head } else { &mut tail };
            if k > 0 {
                let prev = &self.d.params[indices[k - 1]];
                let prev_local = local(prev);
                out.push(match (in_head, prev.optional) {
                    (true, false) => quote!(p.parse_comma()?;),
                    (true, true) => quote!(if #prev_local.is_some() { p.parse_comma()?; }),
                    (false, false) => quote!(if !p.parse_optional_comma() {
                        break 'params;
                    }),
                    (false, true) => quote! {
                        if #prev_local.is_some() && !p.parse_optional_comma() { break 'params; }
                    },
                });
            }
            out.push(self.param(i, false)?);
        }
        let tail = (!tail.is_empty()).then(|| quote!('params: { #(#tail)* }));
        Ok(quote!(#(#head)* #tail))
    }

    /// `struct(...)`: `name = value` pairs in any order (a value through
    /// its `custom` directive's function where the struct names one).
    fn structure(&self, fields: &[StructField]) -> Result<TokenStream, String> {
        let indices: Vec<usize> = fields.iter().map(|f| f.index).collect();
        let n = indices.len();
        let mut arms = Vec::new();
        for (k, field) in fields.iter().enumerate() {
            let name = &self.d.params[field.index].name;
            let read = match &field.custom {
                Some(custom) => self.custom(custom, &[CustomArg::Param(field.index)], false)?,
                None => self.param(field.index, false)?,
            };
            arms.push(quote!(#name if !seen[#k] => { seen[#k] = true; #read }));
        }
        // Reads the value of `key` (already read, with its `=`).
        let body = quote! {
            match key {
                #(#arms)*
                _ => return ::ods_runtime::attr_type_def::bad_struct_key(p, key),
            }
        };
        let optional = indices
            .iter()
            .filter(|&&i| self.d.params[i].optional)
            .count();
        // The last index as a literal: `1usize - 1` fails clippy's `eq_op`
        // in the dialect crate.
        let last = n - 1;
        let looped = if optional == 0 {
            quote! {
                for index in 0..#n {
                    let key = ::ods_runtime::attr_type_def::parse_struct_key(p)?;
                    #body
                    if index != #last {
                        p.parse_comma()?;
                    }
                }
            }
        } else if optional == n {
            quote! {
                if let Some(first) = ::ods_runtime::attr_type_def::parse_optional_struct_key(p)? {
                    let mut key = first;
                    loop {
                        #body
                        if !p.parse_optional_comma() {
                            break;
                        }
                        key = ::ods_runtime::attr_type_def::parse_struct_key(p)?;
                    }
                }
            }
        } else {
            let checks = indices
                .iter()
                .enumerate()
                .filter(|(_, &i)| !self.d.params[i].optional)
                .map(|(k, &i)| {
                    let name = &self.d.params[i].name;
                    quote! {
                        if !seen[#k] {
                            return ::ods_runtime::attr_type_def::missing_struct_param(p, #name);
                        }
                    }
                });
            quote! {
                loop {
                    let key = ::ods_runtime::attr_type_def::parse_struct_key(p)?;
                    #body
                    if !p.parse_optional_comma() {
                        break;
                    }
                }
                #(#checks)*
            }
        };
        Ok(quote!({
            let mut seen = [false; #n];
            #looped
        }))
    }

    /// An optional group: its first element decides whether it is there.
    fn optional_group(
        &self,
        then_elements: &[AttrFormatElement],
        else_elements: &[AttrFormatElement],
    ) -> Result<TokenStream, String> {
        let mut parseable = then_elements
            .iter()
            .filter(|e| !matches!(e, AttrFormatElement::Whitespace(_)));
        let first = parseable.next();
        let rest: Vec<AttrFormatElement> = parseable.cloned().collect();
        let rest = self.elements(&rest)?;
        let otherwise = self.elements(else_elements)?;
        match first {
            Some(AttrFormatElement::Literal(text)) => {
                let present = self.literal(text, true)?;
                Ok(if_else(present, rest, otherwise))
            }
            Some(AttrFormatElement::Param { index, .. }) => {
                let read = self.param(*index, true)?;
                let target = local(&self.d.params[*index]);
                let branches = if_else(quote!(#target.is_some()), rest, otherwise);
                Ok(quote!(#read #branches))
            }
            Some(AttrFormatElement::Custom { name, args }) => {
                let present = self.custom(name, args, true)?;
                Ok(if_else(present, rest, otherwise))
            }
            // The checker lets nothing else start a group (mlir-tblgen's
            // `first parsable element of an optional group must be a
            // literal, variable, or custom directive`).
            _ => Err(
                "an optional group starts with an element that cannot be parsed optionally".into(),
            ),
        }
    }
}

/// `if cond { then } else { otherwise }`, without an empty else (and
/// without an empty then, by negating).
fn if_else(cond: TokenStream, then: TokenStream, otherwise: TokenStream) -> TokenStream {
    match (then.is_empty(), otherwise.is_empty()) {
        // Read for its effect alone.
        (true, true) => quote!(let _ = #cond;),
        (_, true) => quote!(if #cond { #then }),
        (true, false) => quote!(if !(#cond) { #otherwise }),
        (false, false) => quote!(if #cond { #then } else { #otherwise }),
    }
}

/// The body of `print_params` (the parameters are bound to locals named
/// after them first).
pub(super) fn printer(d: &AttrOrTypeDefModel, format: &AttrFormat) -> Result<TokenStream, String> {
    let mut g = PrintGen {
        d,
        spacer: Spacer::new(),
    };
    g.elements(&format.elements)
}

struct PrintGen<'a> {
    d: &'a AttrOrTypeDefModel,
    spacer: Spacer,
}

impl PrintGen<'_> {
    fn elements(&mut self, elements: &[AttrFormatElement]) -> Result<TokenStream, String> {
        let mut parts = Vec::new();
        for e in elements {
            parts.push(self.element(e)?);
        }
        Ok(quote!(#(#parts)*))
    }

    /// The condition under which optional parameter `index` prints: not
    /// its default.
    fn present(&self, index: usize) -> Result<TokenStream, String> {
        self.test(index, true)
    }

    /// Whether optional parameter `index` is `present` (else: absent),
    /// spelled as clippy wants it for options and vectors.
    fn test(&self, index: usize, present: bool) -> Result<TokenStream, String> {
        let p = &self.d.params[index];
        let name = local(p);
        let by_default = matches!(
            p.default.as_deref(),
            None | Some("::std::default::Default::default()")
        );
        if by_default && p.rust_type.starts_with("::std::option::Option<") {
            return Ok(if present {
                quote!(#name.is_some())
            } else {
                quote!(#name.is_none())
            });
        }
        if by_default && p.rust_type.starts_with("::std::vec::Vec<") {
            return Ok(if present {
                quote!(!#name.is_empty())
            } else {
                quote!(#name.is_empty())
            });
        }
        if p.self_type {
            // Its default is `none` (built with a mutable context, which
            // the printer has not).
            let none =
                quote!(matches!(p.ctx().type_kind(#name), ::ods_runtime::ir::TypeKind::None));
            return Ok(if present { quote!(!#none) } else { none });
        }
        let default = default_value(p)?;
        Ok(if present {
            quote!(#name != #default)
        } else {
            quote!(#name == #default)
        })
    }

    /// Any of `indices` present, or (`inverted`) all of them absent.
    fn any_present(&self, indices: &[usize], inverted: bool) -> Result<TokenStream, String> {
        let guards = indices
            .iter()
            .map(|&i| self.test(i, !inverted))
            .collect::<Result<Vec<_>, _>>()?;
        if guards.is_empty() {
            return Ok(quote!(true));
        }
        Ok(if inverted {
            quote!(#(#guards)&&*)
        } else {
            quote!(#(#guards)||*)
        })
    }

    fn element(&mut self, e: &AttrFormatElement) -> Result<TokenStream, String> {
        match e {
            AttrFormatElement::Literal(text) => {
                let space = self
                    .spacer
                    .space_before_literal(text)
                    .then(|| quote!(p.print_str(" ");));
                self.spacer.after_literal(text);
                Ok(quote!(#space p.print_str(#text);))
            }
            AttrFormatElement::Whitespace(spacing) => {
                let out = match spacing {
                    Spacing::Newline => quote!(p.print_str("\n");),
                    Spacing::Space => quote!(p.print_str(" ");),
                    Spacing::None => {
                        self.spacer.last_was_punctuation = true;
                        quote!()
                    }
                };
                self.spacer.should_emit_space = false;
                Ok(out)
            }
            AttrFormatElement::Param { index, qualified } => self.param(*index, *qualified, true),
            AttrFormatElement::Params(indices) => {
                let fields: Vec<StructField> =
                    indices.iter().map(|&i| StructField::plain(i)).collect();
                self.comma_separated(&fields, false)
            }
            AttrFormatElement::Struct(fields) => self.comma_separated(fields, true),
            AttrFormatElement::Custom { name, args } => self.custom(name, args),
            AttrFormatElement::Optional {
                anchor_params,
                inverted,
                then_elements,
                else_elements,
            } => {
                let guard = self.any_present(anchor_params, *inverted)?;
                let saved = self.spacer;
                let then_part = self.elements(then_elements)?;
                self.spacer = saved;
                let else_part = self.elements(else_elements)?;
                Ok(if_else(guard, then_part, else_part))
            }
        }
    }

    fn param(&mut self, index: usize, qualified: bool, guard: bool) -> Result<TokenStream, String> {
        let p = &self.d.params[index];
        let name = local(p);
        let space = self
            .spacer
            .before_value()
            .then(|| quote!(p.print_str(" ");));
        let print = if qualified {
            quote!(::ods_runtime::attr_type_def::print_qualified(&#name, p);)
        } else {
            quote!(::ods_runtime::attr_type_def::DefParam::print_param(&#name, p);)
        };
        if guard && p.optional {
            let present = self.present(index)?;
            return Ok(quote!(if #present { #space #print }));
        }
        Ok(quote!(#space #print))
    }

    /// `custom<Name>(...)`: calls the author's `print_name(p, args...)`,
    /// each parameter (bound or `ref`) as `&T`, each string as the Rust
    /// expression it holds (`$_ctxt`: `p.ctx()`).
    fn custom(&mut self, name: &str, args: &[CustomArg]) -> Result<TokenStream, String> {
        let function = format_ident!("print_{}", heck::ToSnakeCase::to_snake_case(name));
        let space = self
            .spacer
            .before_value()
            .then(|| quote!(p.print_str(" ");));
        let mut codes = Vec::new();
        let mut passed = Vec::new();
        for (k, arg) in args.iter().enumerate() {
            passed.push(match arg {
                CustomArg::Param(i) | CustomArg::Ref(i) => {
                    let local = local(&self.d.params[*i]);
                    quote!(&#local)
                }
                CustomArg::Code(text) => {
                    // Bound first: the call borrows the printer.
                    let value = string_arg(text, Side::Printer, "p.ctx()")?;
                    let code = format_ident!("custom_arg{}", k);
                    codes.push(quote!(let #code = #value;));
                    quote!(#code)
                }
            });
        }
        let call = quote!(#function(p, #(#passed),*););
        Ok(match codes.is_empty() {
            true => quote!(#space #call),
            false => quote!(#space { #(#codes)* #call }),
        })
    }

    /// `params` and `struct(...)`: `, ` between the parameters that
    /// print (`name = ` before each in a struct).
    fn comma_separated(
        &mut self,
        fields: &[StructField],
        keys: bool,
    ) -> Result<TokenStream, String> {
        let indices: Vec<usize> = fields.iter().map(|f| f.index).collect();
        let mut parts = Vec::new();
        if self.spacer.should_emit_space || !self.spacer.last_was_punctuation {
            if indices.iter().all(|&i| self.d.params[i].optional) {
                let any = self.any_present(&indices, false)?;
                parts.push(quote!(if #any { p.print_str(" "); }));
            } else {
                parts.push(quote!(p.print_str(" ");));
            }
        }
        for field in fields {
            let i = field.index;
            let key = keys.then(|| {
                let text = format!("{} = ", self.d.params[i].name);
                quote!(p.print_str(#text);)
            });
            self.spacer.should_emit_space = false;
            self.spacer.last_was_punctuation = true;
            let value = match &field.custom {
                Some(custom) => self.custom(custom, &[CustomArg::Param(i)])?,
                None => self.param(i, false, false)?,
            };
            let item = quote! {
                if !first_printed {
                    p.print_str(", ");
                }
                first_printed = false;
                #key
                #value
            };
            if self.d.params[i].optional {
                let present = self.present(i)?;
                parts.push(quote!(if #present { #item }));
            } else {
                parts.push(item);
            }
        }
        Ok(quote!({
            let mut first_printed = true;
            #(#parts)*
            let _ = first_printed;
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The parser and printer bodies of the one definition in `src`.
    fn generated(src: &str) -> (String, String) {
        let text = format!(
            "include \"mlir/IR/AttrTypeBase.td\"\ndef D : Dialect {{ let name = \"d\"; let cppNamespace = \"crate::d\"; }}\n{src}"
        );
        let c = crate::compile("t.ods", &text, &[]).unwrap_or_else(|e| panic!("{}", e.render()));
        let model = c.model().unwrap_or_else(|e| panic!("{}", e.render()));
        let d = &model.attr_type_defs[0];
        let format = d.format.as_ref().expect("a format");
        let compact = |t: TokenStream| t.to_string().split_whitespace().collect::<String>();
        (
            compact(parser(d, format).unwrap()),
            compact(printer(d, format).unwrap()),
        )
    }

    #[test]
    fn string_arguments_are_rust_expressions_with_the_context() {
        let (parse, print) = generated(
            r#"def A : AttrDef<D, "A"> { let mnemonic = "a";
                 let parameters = (ins "int64_t":$x);
                 let assemblyFormat = "`<` custom<X>($x, \"$_ctxt.width()\", \"7\") `>`"; }"#,
        );
        // Bound before the call, which borrows the parser or printer.
        for code in [&parse, &print] {
            assert!(code.contains("letcustom_arg1=p.ctx().width();"), "{code}");
            assert!(code.contains("letcustom_arg2=7;"), "{code}");
        }
        assert!(
            parse.contains("parse_x(p,&mutparam_x,custom_arg1,custom_arg2)?;"),
            "{parse}"
        );
        assert!(
            print.contains("print_x(p,&param_x,custom_arg1,custom_arg2);"),
            "{print}"
        );
    }

    #[test]
    fn a_custom_directive_leading_a_group_decides_between_its_branches() {
        let (parse, _) = generated(
            r#"def A : AttrDef<D, "A"> { let mnemonic = "a";
                 let parameters = (ins OptionalParameter<"int64_t">:$x);
                 let assemblyFormat = "`<` (custom<X>($x)^ `then`) : (`else`)? `>`"; }"#,
        );
        assert!(
            parse.contains(
                "ifparse_x(p,&mutparam_x)?{p.parse_keyword(\"then\")?;}else{p.parse_keyword(\"else\")?;}"
            ),
            "{parse}"
        );
    }
}
