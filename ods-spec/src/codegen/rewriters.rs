//! Rust rewrite patterns from declarative rewrite rules (what
//! `mlir-tblgen -gen-rewriters` does for C++).
//!
//! In: the checked [`PatternModel`]s of a spec. Out: one function per
//! pattern, `fn(&mut Rewriter, OpId) -> bool`, that matches (walking the
//! source tree through operands' defining ops, checking op names, operand
//! counts and constraints, binding symbols to locals) and then rewrites
//! (builds the result ops before the root with their generic builders,
//! replaces the root); a `const` slice of the patterns with mlir-tblgen's
//! names; and `populate_<stem>_patterns`, which adds them to a registry's
//! canonicalization patterns. What every pattern repeats is in
//! `ods_transforms::rewrite::drr`.

use std::collections::{BTreeMap, BTreeSet};

use heck::{ToShoutySnakeCase, ToSnakeCase};
use proc_macro2::{Literal, TokenStream};
use quote::{format_ident, quote};

use super::snippets::{code, substitute};
use crate::diag::Span;
use crate::model::{
    strip_outer_parens, ConstraintUse, PatternModel, PredModel, ResultTypeSource, ResultTypes,
    ResultValue, SourceArg, SourceOp, Symbol,
};

/// The file of the patterns of spec `stem` (the spec's file name without
/// extension), or the errors with the pattern each is in.
pub(crate) fn generate(
    source: &str,
    stem: &str,
    patterns: &[PatternModel],
) -> Result<String, Vec<(Span, String)>> {
    let mut items = TokenStream::new();
    let mut entries = Vec::new();
    let mut errors = Vec::new();
    for p in patterns {
        match pattern_fn(p) {
            Ok((name, item)) => {
                items.extend(item);
                let root = &p.source.op.full_name;
                let debug_name = &p.name;
                let benefit = match u16::try_from(p.benefit) {
                    Ok(b) => Literal::u16_unsuffixed(b),
                    Err(_) => {
                        errors.push((p.span, format!("benefit {} is out of range", p.benefit)));
                        continue;
                    }
                };
                entries.push(quote! {
                    ::ods_transforms::rewrite::Pattern {
                        root: #root,
                        benefit: #benefit,
                        apply: #name,
                    }
                    .named(#debug_name)
                });
            }
            Err(e) => errors.push((p.span, e)),
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let stem: String = stem
        .to_snake_case()
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect();
    // Both names must start with a letter.
    let stem = match stem.starts_with(|c: char| c.is_ascii_alphabetic()) {
        true => stem,
        false => format!("spec_{stem}"),
    };
    let list = rust_ident(&format!("{}_PATTERNS", stem.to_shouty_snake_case()))
        .map_err(|e| vec![(Span::default(), e)])?;
    let populate =
        rust_ident(&format!("populate_{stem}_patterns")).map_err(|e| vec![(Span::default(), e)])?;
    let list_doc =
        format!(" The rewrite patterns of `{source}`, in mlir-tblgen's order (by def name).");
    let populate_doc = format!(
        " Adds [`{list}`] to the canonicalization patterns of `registry` (what `--canonicalize` runs)."
    );
    let tokens = quote! {
        #[doc = #list_doc]
        pub const #list: &[::ods_transforms::rewrite::NamedPattern] = &[#(#entries),*];

        #[doc = #populate_doc]
        pub fn #populate(registry: &mut ::ods_runtime::ir::Registry) {
            ::ods_transforms::rewrite::add_named_canonicalization_patterns(registry, #list);
        }

        #items
    };
    let header = format!("Rewrite patterns generated from {source}. Do not edit.");
    super::render_file(&header, tokens).map_err(|e| vec![(Span::default(), e)])
}

/// One pattern's function and its name.
fn pattern_fn(p: &PatternModel) -> Result<(proc_macro2::Ident, TokenStream), String> {
    let name = rust_ident(&p.name.to_snake_case())?;
    let mut g = Gen::new(p);
    let mut body = Vec::new();
    g.match_root(&p.source, &mut body)?;
    for c in &p.constraints {
        let check = g.constraint(c)?;
        body.push(quote!(if !(#check) { return false; }));
    }
    let replacements = g.rewrite(p, &mut body)?;
    body.push(quote! {
        rw.replace_op(op0, &[#(#replacements),*]);
        true
    });
    let doc = format!(" `{}` ({}).", p.name, p.origin);
    // A constraint's predicate is negated whole, as written (`!(a == b)`).
    let allow = p
        .constraints
        .iter()
        .map(|_| ())
        .chain(p.source_checks().map(|_| ()))
        .next()
        .map(|()| quote!(#[allow(clippy::nonminimal_bool)]));
    let item = quote! {
        #[doc = #doc]
        #allow
        fn #name(rw: &mut ::ods_transforms::rewrite::Rewriter<'_>, op0: ::ods_runtime::ir::OpId) -> bool {
            use ::ods_transforms::rewrite::drr;
            #(#body)*
        }
    };
    Ok((name, item))
}

/// The state of one pattern's generation.
struct Gen<'p> {
    pattern: &'p PatternModel,
    /// Symbols the constraints and results use (others are not bound).
    used: BTreeSet<&'p str>,
    /// Each bound symbol's local.
    locals: BTreeMap<String, proc_macro2::Ident>,
    /// The ops matched, in mlir-tblgen's order (root first, then each
    /// nested op after its own nested ops): their locations are fused.
    matched: Vec<proc_macro2::Ident>,
    next_op: usize,
    next_local: usize,
}

impl<'p> Gen<'p> {
    fn new(pattern: &'p PatternModel) -> Self {
        let mut used = BTreeSet::new();
        for c in &pattern.constraints {
            used.extend(c.entities.iter().map(String::as_str));
        }
        for r in &pattern.results {
            uses(r, &mut used);
        }
        Gen {
            pattern,
            used,
            locals: BTreeMap::new(),
            matched: Vec::new(),
            next_op: 1,
            next_local: 0,
        }
    }

    /// A local for symbol `name` (`name`, or `name_` where that would be
    /// a keyword or one of the function's own names).
    fn bind_local(&mut self, name: &str) -> Result<proc_macro2::Ident, String> {
        let own = name == "rw" || name == "drr" || name == "loc" || is_generated_name(name);
        let local = match super::ident(name) {
            Ok(_) if !own => format_ident!("{name}"),
            _ => super::ident(&format!("{name}_")).map_err(|e| format!("symbol ${name}: {e}"))?,
        };
        self.locals.insert(name.to_string(), local.clone());
        Ok(local)
    }

    fn fresh(&mut self, what: &str) -> proc_macro2::Ident {
        self.next_local += 1;
        format_ident!("{what}{}", self.next_local)
    }

    fn match_root(&mut self, root: &SourceOp, out: &mut Vec<TokenStream>) -> Result<(), String> {
        let name = &root.op.full_name;
        let n = Literal::usize_unsuffixed(root.op.num_operands);
        out.push(quote!(if !drr::op_is(rw, op0, #name, #n) { return false; }));
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
                SourceArg::Operand {
                    index,
                    binding,
                    check,
                } => {
                    let index = Literal::usize_unsuffixed(*index);
                    let fetch = quote!(rw.ir.operand(#var, #index));
                    let bound = binding.as_deref().filter(|b| self.used.contains(b));
                    let value = match bound {
                        Some(b) => {
                            let local = self.bind_local(b)?;
                            out.push(quote!(let #local = #fetch;));
                            quote!(#local)
                        }
                        None => fetch,
                    };
                    if let Some(check) = check {
                        let self_expr = format!("rw.ir.value_type({value})");
                        let pred = predicate(&check.predicate, &self_expr, &[])?;
                        out.push(quote!(if !(#pred) { return false; }));
                    }
                }
                SourceArg::Attribute {
                    name,
                    binding,
                    check,
                } => {
                    let bound = binding.as_deref().filter(|b| self.used.contains(b));
                    if bound.is_none() && check.is_none() {
                        continue;
                    }
                    let local = match bound {
                        Some(b) => self.bind_local(b)?,
                        None => self.fresh("attr"),
                    };
                    out.push(quote! {
                        let Some(#local) = drr::attribute(rw, #var, #name) else { return false; };
                    });
                    if let Some(check) = check {
                        let pred = predicate(&check.predicate, &local.to_string(), &[])?;
                        out.push(quote!(if !(#pred) { return false; }));
                    }
                }
                SourceArg::Op { index, node } => {
                    let nested = format_ident!("op{}", self.next_op);
                    self.next_op += 1;
                    let index = Literal::usize_unsuffixed(*index);
                    let name = &node.op.full_name;
                    let n = Literal::usize_unsuffixed(node.op.num_operands);
                    out.push(quote! {
                        let Some(#nested) = drr::defining_op(rw, #var, #index, #name, #n) else {
                            return false;
                        };
                    });
                    self.match_node(node, nested.clone(), out)?;
                    self.matched.push(nested);
                }
            }
        }
        if var == "op0" {
            self.matched.insert(0, var);
        }
        Ok(())
    }

    /// The value symbol `name` stands for (an op's first result).
    fn value_of(&self, name: &str) -> Result<TokenStream, String> {
        let local = self
            .locals
            .get(name)
            .ok_or_else(|| format!("internal error: symbol ${name} has no local"))?;
        Ok(match self.pattern.symbols.get(name) {
            Some(Symbol::Op(_)) => quote!(rw.ir.result(#local, 0)),
            _ => quote!(#local),
        })
    }

    /// Every value symbol `name` stands for (all of an op's results).
    fn values_of(&self, name: &str) -> Result<Vec<TokenStream>, String> {
        let local = self
            .locals
            .get(name)
            .ok_or_else(|| format!("internal error: symbol ${name} has no local"))?;
        Ok(match self.pattern.symbols.get(name) {
            Some(Symbol::Op(n)) => (0..*n)
                .map(|i| {
                    let i = Literal::usize_unsuffixed(i);
                    quote!(rw.ir.result(#local, #i))
                })
                .collect(),
            _ => vec![quote!(#local)],
        })
    }

    fn constraint(&self, c: &ConstraintUse) -> Result<TokenStream, String> {
        let entities: Vec<String> = c
            .entities
            .iter()
            .map(|e| self.value_of(e).map(|t| t.to_string()))
            .collect::<Result<_, _>>()?;
        let first = entities.first().cloned().unwrap_or_default();
        let self_expr = match c.on_type {
            true => format!("rw.ir.value_type({first})"),
            false => first,
        };
        let positional: Vec<(String, String)> = entities
            .iter()
            .enumerate()
            .map(|(i, e)| (format!("${i}"), e.clone()))
            .collect();
        predicate(&c.predicate, &self_expr, &positional)
            .map_err(|e| format!("constraint '{}': {e}", c.summary))
    }

    /// Computes the result patterns' values (building ops as needed) and
    /// returns the values replacing the root's results.
    fn rewrite(
        &mut self,
        p: &PatternModel,
        out: &mut Vec<TokenStream>,
    ) -> Result<Vec<TokenStream>, String> {
        if p.results.iter().any(needs_loc) {
            let ops = &self.matched;
            out.push(quote!(let loc = rw.fused_loc(&[#(#ops),*]);));
        }
        let mut replacements = Vec::new();
        for r in &p.results {
            match r {
                ResultValue::Symbol(s) => replacements.extend(self.values_of(s)?),
                ResultValue::Op { op, .. } => {
                    let new = self.build_op(r, out)?;
                    for i in 0..op.num_results {
                        let i = Literal::usize_unsuffixed(i);
                        replacements.push(quote!(rw.ir.result(#new, #i)));
                    }
                }
                ResultValue::Native { .. } | ResultValue::OpResult { .. } => {
                    replacements.push(self.value(r, out)?)
                }
            }
        }
        Ok(replacements)
    }

    /// A nested result node's value, bound to a local unless it is one.
    fn value(
        &mut self,
        r: &ResultValue,
        out: &mut Vec<TokenStream>,
    ) -> Result<TokenStream, String> {
        match r {
            ResultValue::Symbol(s) => match self.pattern.symbols.get(s) {
                // An op's result is read before the rewriter is borrowed.
                Some(Symbol::Op(_)) => {
                    let expr = self.value_of(s)?;
                    let v = self.fresh("value");
                    out.push(quote!(let #v = #expr;));
                    Ok(quote!(#v))
                }
                _ => self.value_of(s),
            },
            ResultValue::OpResult { symbol, index } => {
                let local = self
                    .locals
                    .get(symbol)
                    .cloned()
                    .ok_or_else(|| format!("internal error: symbol ${symbol} has no local"))?;
                let index = Literal::usize_unsuffixed(*index);
                let v = self.fresh("value");
                out.push(quote!(let #v = rw.ir.result(#local, #index);));
                Ok(quote!(#v))
            }
            ResultValue::Op { .. } => {
                let new = self.build_op(r, out)?;
                let v = self.fresh("value");
                out.push(quote!(let #v = rw.ir.result(#new, 0);));
                Ok(quote!(#v))
            }
            ResultValue::Native { expression, args } => {
                let mut positional = Vec::new();
                for (i, a) in args.iter().enumerate() {
                    let v = self.value(a, out)?;
                    positional.push((format!("${i}"), v.to_string()));
                }
                let mut substs: Vec<(&str, &str)> = vec![
                    ("$_builder", "rw"),
                    ("$_loc", "loc"),
                    ("$_ctxt", "rw.ctx"),
                    ("$_ir", "rw.ir"),
                ];
                substs.extend(positional.iter().map(|(k, v)| (k.as_str(), v.as_str())));
                let text = substitute(expression, &substs, &|_| None)
                    .map_err(|e| format!("NativeCodeCall: {e}"))?;
                let expr = code(&text, "NativeCodeCall")?;
                let v = self.fresh("native");
                out.push(quote!(let #v = #expr;));
                Ok(quote!(#v))
            }
        }
    }

    /// Builds the op of a result node; returns its local.
    fn build_op(
        &mut self,
        r: &ResultValue,
        out: &mut Vec<TokenStream>,
    ) -> Result<proc_macro2::Ident, String> {
        let ResultValue::Op {
            op,
            args,
            types: ty_sources,
        } = r
        else {
            return Err("internal error: not an op node".into());
        };
        let mut operands = Vec::new();
        let mut attributes = Vec::new();
        let mut by_name: BTreeMap<&str, (bool, TokenStream)> = BTreeMap::new();
        for a in args {
            let v = self.value(&a.value, out)?;
            by_name.insert(&a.name, (a.is_attribute, v.clone()));
            let name = &a.name;
            match a.is_attribute {
                true => attributes.push(quote!((#name, #v))),
                false => operands.push(v),
            }
        }
        // Computed before the call, which borrows the rewriter mutably.
        let types = self.fresh("types");
        out.push(match ty_sources {
            ResultTypes::OfRoot(first) => {
                let first = Literal::usize_unsuffixed(*first);
                let n = Literal::usize_unsuffixed(op.num_results);
                quote!(let #types = drr::result_types(rw, op0, #first, #n);)
            }
            ResultTypes::Inferred(sources) => {
                let mut tys = Vec::new();
                for s in sources {
                    tys.push(inferred_type(s, &by_name, &op.full_name)?);
                }
                quote!(let #types = [#(#tys),*];)
            }
        });
        let path: syn::Path = syn::parse_str(&op.rust_path)
            .map_err(|e| format!("op path `{}`: {e}", op.rust_path))?;
        let new = self.fresh("new");
        out.push(quote! {
            let #new = drr::create::<#path>(rw, op0, loc, &#types, &[#(#operands),*], &[#(#attributes),*]);
        });
        Ok(new)
    }
}

/// The result type a spec infers, as a Rust expression.
fn inferred_type(
    s: &ResultTypeSource,
    args: &BTreeMap<&str, (bool, TokenStream)>,
    op: &str,
) -> Result<TokenStream, String> {
    match s {
        ResultTypeSource::Buildable(call) => {
            let text = substitute(
                call,
                &[("$_builder", "rw.ctx"), ("$_ctxt", "rw.ctx")],
                &|_| None,
            )?;
            code(&text, "type builder")
        }
        ResultTypeSource::SameAs { name, transform } => match args.get(name.as_str()) {
            Some((false, v)) => {
                let ty = format!("rw.ir.value_type({v})");
                match transform {
                    None => code(&ty, "type"),
                    Some(t) => {
                        let text = substitute(
                            t,
                            &[("$_self", &ty), ("$_ctxt", "rw.ctx"), ("$_ir", "rw.ir")],
                            &|_| None,
                        )?;
                        code(&text, "type transform")
                    }
                }
            }
            _ => Err(format!(
                "building op '{op}' in a result pattern: its result type comes from '{name}', \
                 which is not an operand (not supported yet, see docs/drr.md)"
            )),
        },
        ResultTypeSource::FirstAttribute => Err(format!(
            "building op '{op}' in a result pattern: a result type from its first attribute \
             is not supported yet (see docs/drr.md)"
        )),
    }
}

/// `pred` as a Rust expression: `$_self` as `self_expr`, `$0`... as the
/// entities, `$_ctxt` and `$_ir` as the rewriter's.
fn predicate(
    pred: &PredModel,
    self_expr: &str,
    positional: &[(String, String)],
) -> Result<TokenStream, String> {
    let mut substs: Vec<(&str, &str)> = vec![
        ("$_self", self_expr),
        ("$_ctxt", "rw.ctx"),
        ("$_ir", "rw.ir"),
    ];
    substs.extend(positional.iter().map(|(k, v)| (k.as_str(), v.as_str())));
    let text = substitute(&pred.to_rust(), &substs, &|_| None)?;
    code(strip_outer_parens(&text), "constraint")
}

/// Adds the symbols `r` uses to `used`.
fn uses<'p>(r: &'p ResultValue, used: &mut BTreeSet<&'p str>) {
    match r {
        ResultValue::Symbol(s) | ResultValue::OpResult { symbol: s, .. } => {
            used.insert(s);
        }
        ResultValue::Op { args, .. } => args.iter().for_each(|a| uses(&a.value, used)),
        ResultValue::Native { args, .. } => args.iter().for_each(|a| uses(a, used)),
    }
}

/// Whether computing `r` needs the fused location.
fn needs_loc(r: &ResultValue) -> bool {
    match r {
        ResultValue::Symbol(_) | ResultValue::OpResult { .. } => false,
        ResultValue::Op { .. } => true,
        ResultValue::Native { expression, args } => {
            expression.contains("$_loc") || args.iter().any(needs_loc)
        }
    }
}

/// `name` as an identifier: as it is when it is one, else with a `_`
/// after it (a keyword) or `pattern_` before it (a leading digit).
fn rust_ident(name: &str) -> Result<proc_macro2::Ident, String> {
    super::ident(name)
        .or_else(|_| super::ident(&format!("{name}_")))
        .or_else(|_| super::ident(&format!("pattern_{name}")))
}

/// Whether `name` is one the generator gives its own locals (`op1`,
/// `attr2`, `value3`, `native4`, `new5`).
fn is_generated_name(name: &str) -> bool {
    ["op", "attr", "value", "native", "new"].iter().any(|p| {
        name.strip_prefix(p)
            .is_some_and(|rest| !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit()))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_from_files_and_defs_become_identifiers() {
        assert_eq!(rust_ident("type").unwrap().to_string(), "type_");
        assert_eq!(rust_ident("1x").unwrap().to_string(), "pattern_1x");
        assert!(rust_ident("a-b").is_err());
        let code = generate("1-my.ods", "1-my", &[]).expect("generates");
        assert!(
            code.contains("pub fn populate_spec_1_my_patterns("),
            "{code}"
        );
        assert!(code.contains("pub const SPEC_1_MY_PATTERNS"), "{code}");
    }

    #[test]
    fn generated_local_names_are_recognised() {
        assert!(is_generated_name("op1") && is_generated_name("new12"));
        assert!(!is_generated_name("op") && !is_generated_name("operand"));
        assert!(!is_generated_name("x1"));
    }

    #[test]
    fn symbols_that_clash_with_the_functions_own_names_are_renamed() {
        let text = "include \"mlir/IR/OpBase.td\"\ninclude \"mlir/IR/PatternBase.td\"\n\
            def T_Dialect : Dialect { let name = \"t\"; let cppNamespace = \"crate::t\"; }\n\
            def NegOp : Op<T_Dialect, \"neg\"> { let arguments = (ins F64:$input); let results = (outs F64); }\n\
            def P : Pat<(NegOp (NegOp $op1)), (NegOp $op1)>;\n\
            def Q : Pat<(NegOp $type), (replaceWithValue $type)>;\n";
        let c = crate::compile("p.td", text, &[]).expect("compiles");
        let code = crate::generate_rewriters(&c).expect("generates");
        assert!(code.contains("let op1_ = rw.ir.operand(op1, 0);"), "{code}");
        assert!(
            code.contains("let type_ = rw.ir.operand(op0, 0);"),
            "{code}"
        );
        // Every generated file parses as Rust.
        syn::parse_file(&code).expect("valid Rust");
    }
}
