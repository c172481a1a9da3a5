//! The match of a generated pattern: op nodes, operand matchers (and
//! `either`, `variadic`, optional and variadic operands), attribute
//! matchers (required, default-valued or optional) and `NativeCodeCall`s
//! in the source pattern.
//!
//! In: the source pattern. Out: the statements binding and checking it
//! (each failure `return false`, or `continue` inside an `either`, to
//! try its other order).

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
        let fail = self.fail.clone();
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
                let Some(#local) = #fetch else { #fail; };
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
                    quote!(if let Some(attr) = #local { if !(#pred) { #fail; } })
                }
                _ => {
                    let pred = predicate(&check.predicate, &local.to_string(), &[])?;
                    quote!(if !(#pred) { #fail; })
                }
            });
        }
        Ok(())
    }

    /// Matches the op defining `value` with a source `NativeCodeCall`,
    /// binding (and checking) what it gives.
    pub(super) fn match_native(
        &mut self,
        value: TokenStream,
        matcher: &NativeMatcher,
        out: &mut Vec<TokenStream>,
    ) -> Result<(), String> {
        let fail = self.fail.clone();
        let nested = format_ident!("op{}", self.next_op);
        self.next_op += 1;
        out.push(quote! {
            let Some(#nested) = rw.ir.defining_op(#value) else {
                #fail;
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
            [] => quote!(if !(#call) { #fail; }),
            [one] => quote!(let Some(#one) = #call else { #fail; };),
            many => quote!(let Some((#(#many),*)) = #call else { #fail; };),
        });
        for (arg, local) in matcher.args.iter().zip(&locals) {
            if let Some(check) = &arg.check {
                let self_expr = match arg.on_type {
                    true => format!("rw.ir.value_type({local})"),
                    false => local.to_string(),
                };
                let pred = predicate(&check.predicate, &self_expr, &[])?;
                out.push(quote!(if !(#pred) { #fail; }));
            }
        }
        Ok(())
    }
}

impl Gen<'_> {
    pub(super) fn match_root(
        &mut self,
        root: &SourceOp,
        out: &mut Vec<TokenStream>,
    ) -> Result<(), String> {
        let name = &root.op.full_name;
        out.push(match root.op.has_variable_operands() {
            false => {
                let n = Literal::usize_unsuffixed(root.op.num_operands);
                quote!(if !drr::op_is(rw, op0, #name, #n) { return false; })
            }
            true => quote!(if !drr::op_named(rw, op0, #name) { return false; }),
        });
        self.match_node(root, format_ident!("op0"), out)
    }

    fn match_node(
        &mut self,
        node: &SourceOp,
        var: proc_macro2::Ident,
        out: &mut Vec<TokenStream>,
    ) -> Result<(), String> {
        if let Some(b) = node.binding.as_deref().filter(|b| self.used.contains(b)) {
            let local = self.bind_local(b)?;
            out.push(quote!(let #local = #var;));
        }
        for arg in &node.args {
            match arg {
                SourceArg::Attribute {
                    name,
                    binding,
                    check,
                    presence,
                } => self.match_attribute(&var, name, binding, check, presence, out)?,
                SourceArg::Either(pair) => self.match_either(node, &var, pair, out)?,
                SourceArg::Variadic {
                    index,
                    binding,
                    args,
                } => {
                    let fail = self.fail.clone();
                    let group = self.fresh("group");
                    let fetch = operand_group(&node.op, &var, *index);
                    let n = Literal::usize_unsuffixed(args.len());
                    out.push(quote! {
                        let #group = #fetch;
                        if #group.len() != #n { #fail; }
                    });
                    if let Some(b) = binding.as_deref().filter(|b| self.used.contains(b)) {
                        let local = self.bind_local(b)?;
                        out.push(quote!(let #local = #group.clone();));
                    }
                    for (k, a) in args.iter().enumerate() {
                        let k = Literal::usize_unsuffixed(k);
                        self.match_value(a, At::Expr(quote!(#group[#k])), out)?;
                    }
                }
                SourceArg::Operand { index, .. }
                | SourceArg::Native { index, .. }
                | SourceArg::Op { index, .. } => {
                    let at = operand_value(&node.op, &var, *index);
                    match (arg, node.op.has_variable_operands()) {
                        (SourceArg::Operand { binding, .. }, true)
                            if node.op.variable_operands[*index] =>
                        {
                            // A group, bound whole.
                            if let Some(b) = binding.as_deref().filter(|b| self.used.contains(b)) {
                                let local = self.bind_local(b)?;
                                let fetch = operand_group(&node.op, &var, *index);
                                out.push(quote!(let #local = #fetch;));
                            }
                        }
                        _ => self.match_value(arg, at, out)?,
                    }
                }
            }
        }
        self.op_nodes += 1;
        if var == "op0" {
            self.matched.insert(0, var);
        }
        Ok(())
    }

    /// Matches one operand value (`value`, an expression) with an
    /// operand matcher, a nested op node or a source `NativeCodeCall`.
    fn match_value(
        &mut self,
        arg: &SourceArg,
        at: At,
        out: &mut Vec<TokenStream>,
    ) -> Result<(), String> {
        let fail = self.fail.clone();
        let value = at.expr();
        match arg {
            SourceArg::Operand {
                repeats,
                binding,
                check,
                ..
            } => {
                let bound = binding.as_deref().filter(|b| self.used.contains(b));
                let value = match (bound, *repeats) {
                    (Some(b), true) => {
                        let first = self.value_of(b)?;
                        out.push(quote!(if #value != #first { #fail; }));
                        first
                    }
                    (Some(b), false) => {
                        let local = self.bind_local(b)?;
                        out.push(quote!(let #local = #value;));
                        quote!(#local)
                    }
                    (None, _) => value,
                };
                if let Some(check) = check {
                    let self_expr = format!("rw.ir.value_type({value})");
                    let pred = predicate(&check.predicate, &self_expr, &[])?;
                    out.push(quote!(if !(#pred) { #fail; }));
                }
            }
            SourceArg::Native { matcher, .. } => self.match_native(value, matcher, out)?,
            SourceArg::Op { node, .. } => {
                let nested = format_ident!("op{}", self.next_op);
                self.next_op += 1;
                let name = &node.op.full_name;
                let n = match node.op.has_variable_operands() {
                    true => quote!(None),
                    false => {
                        let n = Literal::usize_unsuffixed(node.op.num_operands);
                        quote!(Some(#n))
                    }
                };
                // The common case in the short form.
                let fetch = match &at {
                    At::Operand(var, index) if !node.op.has_variable_operands() => {
                        let index = Literal::usize_unsuffixed(*index);
                        let n = Literal::usize_unsuffixed(node.op.num_operands);
                        quote!(drr::defining_op(rw, #var, #index, #name, #n))
                    }
                    _ => quote!(drr::value_defining_op(rw, #value, #name, #n)),
                };
                out.push(quote! {
                    let Some(#nested) = #fetch else { #fail; };
                });
                self.match_node(node, nested.clone(), out)?;
                self.matched.push(nested);
            }
            _ => return Err("internal error: not an operand matcher".into()),
        }
        Ok(())
    }

    /// `(either a, b)` of `node` (bound to `var`): both matchers tried on
    /// the two operands in the order written, then swapped (mlir-tblgen's
    /// order); what they bind is kept from the order that matched.
    fn match_either(
        &mut self,
        node: &SourceOp,
        var: &proc_macro2::Ident,
        pair: &[SourceArg; 2],
        out: &mut Vec<TokenStream>,
    ) -> Result<(), String> {
        let index = |a: &SourceArg| match a {
            SourceArg::Operand { index, .. }
            | SourceArg::Native { index, .. }
            | SourceArg::Op { index, .. } => Ok(*index),
            _ => Err("internal error: `either` of a non-operand".to_string()),
        };
        let first = operand_value(&node.op, var, index(&pair[0])?).expr();
        let second = operand_value(&node.op, var, index(&pair[1])?).expr();
        let label = syn::Lifetime::new(
            &format!("'either{}", self.next_local + 1),
            proc_macro2::Span::call_site(),
        );
        self.next_local += 1;
        let (a, b) = (self.fresh("either"), self.fresh("either"));
        let (a, b) = (format_ident!("_{a}"), format_ident!("_{b}"));
        let locals_before: BTreeSet<String> = self.locals.values().map(|i| i.to_string()).collect();
        let matched_before = self.matched.len();
        let outer_fail = std::mem::replace(&mut self.fail, quote!(continue));
        let mut body = Vec::new();
        let result = self
            .match_value(&pair[0], At::Expr(quote!(#a)), &mut body)
            .and_then(|()| self.match_value(&pair[1], At::Expr(quote!(#b)), &mut body));
        self.fail = outer_fail;
        result?;
        // What the matchers bound, carried out of the loop.
        let mut carried: Vec<proc_macro2::Ident> = self
            .locals
            .values()
            .filter(|i| !locals_before.contains(&i.to_string()))
            .cloned()
            .collect();
        carried.extend(self.matched[matched_before..].iter().cloned());
        carried.sort_by_key(|i| i.to_string());
        carried.dedup();
        let fail = self.fail.clone();
        out.push(quote! {
            let Some((#(#carried,)*)) = (#label: {
                for (#a, #b) in [(#first, #second), (#second, #first)] {
                    #(#body)*
                    break #label Some((#(#carried,)*));
                }
                None
            }) else {
                #fail;
            };
        });
        Ok(())
    }
}

/// Operand `index` of the op bound to `var`: the value itself, or for an
/// op with optional or variadic operands, the first value of its group.
fn operand_value(op: &OpRef, var: &proc_macro2::Ident, index: usize) -> At {
    match op.has_variable_operands() {
        false => At::Operand(var.clone(), index),
        true => {
            let group = operand_group(op, var, index);
            At::Expr(quote!(#group[0]))
        }
    }
}

/// The values of declared operand `index` of the op bound to `var` (an op
/// with optional or variadic operands), as a `Vec<Value>`.
fn operand_group(op: &OpRef, var: &proc_macro2::Ident, index: usize) -> TokenStream {
    let flags = &op.variable_operands;
    let segmented = op.segmented_operands;
    let i = Literal::usize_unsuffixed(index);
    quote!(drr::operand_group(rw, #var, &[#(#flags),*], #segmented, #i))
}

/// Where an operand value is.
enum At {
    /// Operand `index` of the op bound to the local (a fixed-size op).
    Operand(proc_macro2::Ident, usize),
    /// This expression.
    Expr(TokenStream),
}

impl At {
    fn expr(&self) -> TokenStream {
        match self {
            At::Operand(var, index) => {
                let i = Literal::usize_unsuffixed(*index);
                quote!(rw.ir.operand(#var, #i))
            }
            At::Expr(e) => e.clone(),
        }
    }
}

/// Adds the operand names `node` binds more than once (compared when
/// matched) to `used`.
pub(super) fn repeated<'p>(node: &'p SourceOp, used: &mut BTreeSet<&'p str>) {
    for arg in &node.args {
        match arg {
            SourceArg::Operand {
                repeats: true,
                binding: Some(b),
                ..
            } => {
                used.insert(b);
            }
            SourceArg::Op { node, .. } => repeated(node, used),
            SourceArg::Either(pair) => pair.iter().for_each(|a| repeated_in(a, used)),
            SourceArg::Variadic { args, .. } => args.iter().for_each(|a| repeated_in(a, used)),
            _ => {}
        }
    }
}

/// [`repeated`] for one matcher of an `either` or `variadic` group.
fn repeated_in<'p>(arg: &'p SourceArg, used: &mut BTreeSet<&'p str>) {
    match arg {
        SourceArg::Operand {
            repeats: true,
            binding: Some(b),
            ..
        } => {
            used.insert(b);
        }
        SourceArg::Op { node, .. } => repeated(node, used),
        _ => {}
    }
}

/// Whether the source pattern has an `either` anywhere.
pub(super) fn has_either(node: &SourceOp) -> bool {
    node.args.iter().any(|a| match a {
        SourceArg::Either(_) => true,
        SourceArg::Op { node, .. } => has_either(node),
        SourceArg::Variadic { args, .. } => args
            .iter()
            .any(|a| matches!(a, SourceArg::Op { node, .. } if has_either(node))),
        _ => false,
    })
}
