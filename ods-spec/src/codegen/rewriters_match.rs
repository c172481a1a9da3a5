//! The parts of a generated pattern's match that are more than an op
//! node: attribute matchers (required, default-valued or optional) and
//! `NativeCodeCall`s in the source pattern.
//!
//! In: the source pattern's arguments. Out: the statements binding and
//! checking them (each failure `return false`).

use super::*;

impl Gen<'_> {
    /// Binds (and checks) attribute `name` of `var`: an op without it
    /// does not match, or binds its default value, or `None`.
    pub(super) fn match_attribute(
        &mut self,
        var: &proc_macro2::Ident,
        name: &str,
        binding: &Option<String>,
        check: &Option<Check>,
        presence: &AttrPresence,
        out: &mut Vec<TokenStream>,
    ) -> Result<(), String> {
        let bound = binding.as_deref().filter(|b| self.used.contains(b));
        if bound.is_none() && check.is_none() {
            return Ok(());
        }
        let local = match bound {
            Some(b) => self.bind_local(b)?,
            None => self.fresh("attr"),
        };
        let fetch = quote!(drr::attribute(rw, #var, #name));
        out.push(match presence {
            AttrPresence::Required => quote! {
                let Some(#local) = #fetch else { return false; };
            },
            AttrPresence::Default(call) => {
                let text = substitute(call, &[("$_ctxt", "rw.ctx")], &|_| None)?;
                let default = code(&text, "default value")?;
                quote! {
                    let #local = match #fetch { Some(a) => a, None => #default };
                }
            }
            AttrPresence::Optional => quote!(let #local = #fetch;),
        });
        if let Some(check) = check {
            out.push(match presence {
                AttrPresence::Optional => {
                    let pred = predicate(&check.predicate, "attr", &[])?;
                    quote!(if let Some(attr) = #local { if !(#pred) { return false; } })
                }
                _ => {
                    let pred = predicate(&check.predicate, &local.to_string(), &[])?;
                    quote!(if !(#pred) { return false; })
                }
            });
        }
        Ok(())
    }

    /// Matches the op defining operand `index` of `var` with a source
    /// `NativeCodeCall`, binding (and checking) what it gives.
    pub(super) fn match_native(
        &mut self,
        var: &proc_macro2::Ident,
        index: usize,
        matcher: &NativeMatcher,
        out: &mut Vec<TokenStream>,
    ) -> Result<(), String> {
        let nested = format_ident!("op{}", self.next_op);
        self.next_op += 1;
        let index = Literal::usize_unsuffixed(index);
        out.push(quote! {
            let Some(#nested) = rw.ir.defining_op(rw.ir.operand(#var, #index)) else {
                return false;
            };
        });
        self.matched.push(nested.clone());
        let self_expr = nested.to_string();
        let substs: Vec<(&str, &str)> = vec![
            ("$_self", &self_expr),
            ("$_builder", "rw"),
            ("$_ctxt", "rw.ctx"),
            ("$_ir", "rw.ir"),
        ];
        let text = substitute(&matcher.expression, &substs, &|_| None)
            .map_err(|e| format!("NativeCodeCall: {e}"))?;
        let call = code(&text, "NativeCodeCall")?;
        let mut locals = Vec::new();
        for arg in &matcher.args {
            let bound = arg.binding.as_deref().filter(|b| self.used.contains(b));
            locals.push(match bound {
                Some(b) => self.bind_local(b)?,
                None => self.fresh("attr"),
            });
        }
        out.push(match locals.as_slice() {
            [] => quote!(if !(#call) { return false; }),
            [one] => quote!(let Some(#one) = #call else { return false; };),
            many => quote!(let Some((#(#many),*)) = #call else { return false; };),
        });
        for (arg, local) in matcher.args.iter().zip(&locals) {
            if let Some(check) = &arg.check {
                let self_expr = match arg.on_type {
                    true => format!("rw.ir.value_type({local})"),
                    false => local.to_string(),
                };
                let pred = predicate(&check.predicate, &self_expr, &[])?;
                out.push(quote!(if !(#pred) { return false; }));
            }
        }
        Ok(())
    }
}
