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

use heck::ToShoutySnakeCase;
use proc_macro2::{Literal, TokenStream};
use quote::{format_ident, quote};

use super::snippets::{code, snake_case, substitute};

#[path = "rewriters_match.rs"]
mod matching;
use matching::{has_either, repeated};

#[path = "rewriters_canonical.rs"]
mod canonical;
use crate::diag::Span;
use crate::model::{
    strip_outer_parens, AttrPresence, CanonicalizerEntry, CanonicalizerModel, Check, ConstraintUse,
    LocPart, NativeMatcher, OpRef, PatternModel, PredModel, ResultTypeSource, ResultTypes,
    ResultValue, ReturnType, SourceArg, SourceOp, Symbol,
};
use canonical::{canonicalizer, debug_name};

/// The file of the patterns of spec `stem` (the spec's file name without
/// extension), or the errors with the pattern each is in.
pub(crate) fn generate(
    source: &str,
    stem: &str,
    patterns: &[PatternModel],
    canonicalizers: &[CanonicalizerModel],
) -> Result<String, Vec<(Span, String)>> {
    let mut items = TokenStream::new();
    let mut entries = Vec::new();
    let mut constants = BTreeMap::new();
    let mut errors = Vec::new();
    for p in patterns {
        match pattern_fn(p) {
            Ok((name, item)) => {
                items.extend(item);
                let root = &p.source.op.full_name;
                let debug_name = debug_name(&p.name);
                let benefit = match u16::try_from(p.benefit) {
                    Ok(b) => Literal::u16_unsuffixed(b),
                    Err(_) => {
                        errors.push((p.span, format!("benefit {} is out of range", p.benefit)));
                        continue;
                    }
                };
                let constant = match rust_ident(&p.name.to_shouty_snake_case()) {
                    Ok(c) => c,
                    Err(e) => {
                        errors.push((p.span, e));
                        continue;
                    }
                };
                let doc = format!(
                    " `{}`: rooted at `{root}`, benefit {benefit} ({}).",
                    p.name, p.origin
                );
                items.extend(quote! {
                    #[doc = #doc]
                    pub const #constant: ::ods_transforms::rewrite::NamedPattern =
                        ::ods_transforms::rewrite::Pattern {
                            root: #root,
                            benefit: #benefit,
                            apply: #name,
                        }
                        .named(#debug_name);
                });
                entries.push(quote!(#constant));
                constants.insert(p.name.as_str(), constant);
            }
            Err(e) => errors.push((p.span, e)),
        }
    }
    for c in canonicalizers {
        match canonicalizer(c, &constants) {
            Ok(item) => items.extend(item),
            Err(e) => errors.push((Span::default(), e)),
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let stem: String = snake_case(stem)
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
    let name = rust_ident(&snake_case(&p.name))?;
    let mut g = Gen::new(p);
    let mut body = Vec::new();
    g.match_root(&p.source, &mut body)?;
    for c in &p.constraints {
        let check = g.constraint(c)?;
        body.push(quote!(if !(#check) { return false; }));
    }
    let replacements = g.rewrite(p, &mut body)?;
    g.supplemental(p, &mut body)?;
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
    // An `either` whose matchers cannot fail tries one order only.
    let never_loop = has_either(&p.source).then(|| quote!(#[allow(clippy::never_loop)]));
    let item = quote! {
        #[doc = #doc]
        #allow
        #never_loop
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
    /// nested op after its own nested ops, the op a source
    /// `NativeCodeCall` matched where the call is): the locations of the
    /// first `op_nodes` are fused, as mlir-tblgen fuses as many as the
    /// source pattern has op nodes.
    matched: Vec<proc_macro2::Ident>,
    /// How many op nodes the source pattern has.
    op_nodes: usize,
    next_op: usize,
    next_local: usize,
    /// What a failed match does: `return false`, or `continue` to try an
    /// `either`'s other order.
    fail: TokenStream,
}

impl<'p> Gen<'p> {
    fn new(pattern: &'p PatternModel) -> Self {
        let mut used = BTreeSet::new();
        for c in &pattern.constraints {
            used.extend(c.entities.iter().map(|e| symbol_base(pattern, e)));
        }
        for r in &pattern.results {
            uses(r, &mut used);
        }
        repeated(&pattern.source, &mut used);
        Gen {
            pattern,
            used,
            locals: BTreeMap::new(),
            matched: Vec::new(),
            op_nodes: 0,
            next_op: 1,
            next_local: 0,
            fail: quote!(return false),
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

    /// The value symbol `name` stands for (an op's first result; result N
    /// for `op__N`).
    fn value_of(&self, name: &str) -> Result<TokenStream, String> {
        if let Some((base, index)) = op_result(self.pattern, name) {
            let local = self
                .locals
                .get(base)
                .ok_or_else(|| format!("internal error: symbol ${base} has no local"))?;
            let index = Literal::usize_unsuffixed(index);
            return Ok(quote!(rw.ir.result(#local, #index)));
        }
        let local = self
            .locals
            .get(name)
            .ok_or_else(|| format!("internal error: symbol ${name} has no local"))?;
        Ok(match self.pattern.symbols.get(name) {
            Some(Symbol::Op(_)) => quote!(rw.ir.result(#local, 0)),
            Some(Symbol::Operands) => quote!(#local.as_slice()),
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
    /// returns the values replacing the root's results: the last ones
    /// produced (the patterns before them are auxiliary).
    fn rewrite(
        &mut self,
        p: &PatternModel,
        out: &mut Vec<TokenStream>,
    ) -> Result<Vec<TokenStream>, String> {
        if p.results.iter().chain(&p.supplemental).any(needs_loc) {
            let ops = &self.matched[..self.op_nodes.min(self.matched.len())];
            out.push(quote!(let loc = rw.fused_loc(&[#(#ops),*]);));
        }
        let mut replacements = Vec::new();
        for r in &p.results {
            match r {
                ResultValue::NativeVoid { statement, args } => {
                    self.native_void(statement, args, out)?
                }
                ResultValue::Symbol(s) => replacements.extend(self.values_of(s)?),
                ResultValue::Op { op, .. } => {
                    let new = self.build_op(r, out)?;
                    for i in 0..op.num_results {
                        let i = Literal::usize_unsuffixed(i);
                        replacements.push(quote!(rw.ir.result(#new, #i)));
                    }
                }
                ResultValue::Native { .. }
                | ResultValue::OpResult { .. }
                | ResultValue::Constant(_) => replacements.push(self.value(r, out)?),
            }
        }
        let auxiliary = replacements.len() - p.source.op.num_results.min(replacements.len());
        Ok(replacements.split_off(auxiliary))
    }

    /// Runs a `NativeCodeCallVoid`: its statements inline, a last
    /// expression as one.
    fn native_void(
        &mut self,
        statement: &str,
        args: &[ResultValue],
        out: &mut Vec<TokenStream>,
    ) -> Result<(), String> {
        let text = self.native_text(statement, args, out)?;
        let block: syn::Block = syn::parse_str(&format!("{{ {text} }}"))
            .map_err(|e| format!("NativeCodeCallVoid `{text}`: {e}"))?;
        for stmt in block.stmts {
            out.push(match stmt {
                syn::Stmt::Expr(e, None) => quote!(#e;),
                other => quote!(#other),
            });
        }
        Ok(())
    }

    /// Runs the supplemental patterns, after the result patterns: ops
    /// built and calls made for their effect (upstream runs them before
    /// replacing the root, as here).
    fn supplemental(&mut self, p: &PatternModel, out: &mut Vec<TokenStream>) -> Result<(), String> {
        for r in &p.supplemental {
            match r {
                ResultValue::NativeVoid { statement, args } => {
                    self.native_void(statement, args, out)?
                }
                ResultValue::Op { .. } => {
                    self.build_op(r, out)?;
                }
                ResultValue::Native { .. } => {
                    let v = self.value(r, out)?;
                    out.push(quote!(let _ = #v;));
                }
                // A bound value: nothing to run.
                _ => {}
            }
        }
        Ok(())
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
            ResultValue::Constant(expression) => {
                let text = substitute(
                    expression,
                    &[("$_ctxt", "rw.ctx"), ("$_builder", "rw")],
                    &|_| None,
                )?;
                let expr = code(&text, "constant attribute")?;
                let v = self.fresh("native");
                out.push(quote!(let #v = #expr;));
                Ok(quote!(#v))
            }
            ResultValue::Native { expression, args } => {
                let text = self.native_text(expression, args, out)?;
                let expr = code(&text, "NativeCodeCall")?;
                let v = self.fresh("native");
                out.push(quote!(let #v = #expr;));
                Ok(quote!(#v))
            }
            ResultValue::NativeVoid { .. } => {
                Err("internal error: a NativeCodeCallVoid used as a value".into())
            }
        }
    }

    /// A `NativeCodeCall`'s text with its placeholders filled in (its
    /// arguments computed first).
    fn native_text(
        &mut self,
        text: &str,
        args: &[ResultValue],
        out: &mut Vec<TokenStream>,
    ) -> Result<String, String> {
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
        substitute(text, &substs, &|_| None).map_err(|e| format!("NativeCodeCall: {e}"))
    }

    /// A `returnType` entry as a Rust expression of type `ir::Type`.
    fn return_type(
        &mut self,
        t: &ReturnType,
        out: &mut Vec<TokenStream>,
    ) -> Result<TokenStream, String> {
        match t {
            ReturnType::Of(v) => {
                let v = self.value(v, out)?;
                Ok(quote!(rw.ir.value_type(#v)))
            }
            ReturnType::Expr(text) => {
                let substs = [("$_builder", "rw"), ("$_ctxt", "rw.ctx"), ("$_ir", "rw.ir")];
                let text = substitute(text, &substs, &|_| None)?;
                code(&text, "returnType")
            }
        }
    }

    /// Binds the location a `(location ...)` directive names; returns
    /// its local.
    fn location(
        &mut self,
        parts: &[LocPart],
        out: &mut Vec<TokenStream>,
    ) -> Result<proc_macro2::Ident, String> {
        let mut items = Vec::new();
        for part in parts {
            items.push(match part {
                LocPart::Name(name) => quote!(drr::LocPart::Name(#name)),
                LocPart::Symbol(s) => match self.pattern.symbols.get(s) {
                    Some(Symbol::Op(_)) => {
                        let local = self
                            .locals
                            .get(s)
                            .ok_or_else(|| format!("internal error: symbol ${s} has no local"))?;
                        quote!(drr::LocPart::Op(#local))
                    }
                    _ => {
                        let v = self.value_of(s)?;
                        quote!(drr::LocPart::Value(#v))
                    }
                },
            });
        }
        let local = self.fresh("loc");
        out.push(quote!(let #local = drr::location(rw, &[#(#items),*]);));
        Ok(local)
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
            location,
            binding,
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
            // An optional attribute bound in the source is left out when
            // the matched op lacked it.
            let optional = matches!(&a.value, ResultValue::Symbol(s)
                if self.pattern.symbols.get(s) == Some(&Symbol::OptionalAttribute));
            // For an op with optional or variadic operands, each operand
            // is a group: a slice.
            let group = matches!(&a.value, ResultValue::Symbol(s)
                if self.pattern.symbols.get(s) == Some(&Symbol::Operands));
            match (a.is_attribute, optional) {
                (true, true) => attributes.push(quote!((#name, #v))),
                (true, false) => attributes.push(quote!((#name, Some(#v)))),
                (false, _) if !op.has_variable_operands() => operands.push(v),
                (false, _) if group => operands.push(v),
                (false, _) => operands.push(quote!(&[#v][..])),
            }
        }
        // Computed before the call, which borrows the rewriter mutably.
        let types = self.fresh("types");
        let types_stmt = match ty_sources {
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
            ResultTypes::Explicit(given) => {
                let mut tys = Vec::new();
                for t in given {
                    tys.push(self.return_type(t, out)?);
                }
                quote!(let #types = [#(#tys),*];)
            }
        };
        out.push(types_stmt);
        let loc = match location {
            Some(parts) => self.location(parts, out)?,
            None => format_ident!("loc"),
        };
        let path: syn::Path = syn::parse_str(&op.rust_path)
            .map_err(|e| format!("op path `{}`: {e}", op.rust_path))?;
        let new = self.fresh("new");
        out.push(match op.has_variable_operands() {
            false => quote! {
                let #new = drr::create::<#path>(rw, op0, #loc, &#types, &[#(#operands),*], &[#(#attributes),*]);
            },
            true => {
                let segmented = op.segmented_operands;
                quote! {
                    let #new = drr::create_grouped::<#path>(rw, op0, #loc, &#types, &[#(#operands),*], #segmented, &[#(#attributes),*]);
                }
            }
        });
        if let Some(name) = binding {
            self.locals.insert(name.clone(), new.clone());
        }
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
            Some((is_attribute, v)) => {
                let ty = match is_attribute {
                    true => format!("drr::attr_type(rw, {v})"),
                    false => format!("rw.ir.value_type({v})"),
                };
                match transform {
                    None => code(&ty, "type"),
                    Some(t) => {
                        let text = substitute(
                            t,
                            // Reborrowed: a generic transform takes the
                            // `&mut Context` it builds types with.
                            &[
                                ("$_self", &ty),
                                ("$_ctxt", "&mut *rw.ctx"),
                                ("$_ir", "rw.ir"),
                            ],
                            &|_| None,
                        )?;
                        code(&text, "type transform")
                    }
                }
            }
            None => Err(format!(
                "building op '{op}' in a result pattern: its result type comes from '{name}', \
                 which is not one of its arguments (not supported yet, see docs/drr.md)"
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
        ("$_builder", "rw"),
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
        ResultValue::Op {
            args,
            types,
            location,
            ..
        } => {
            args.iter().for_each(|a| uses(&a.value, used));
            if let ResultTypes::Explicit(types) = types {
                for t in types {
                    if let ReturnType::Of(v) = t {
                        uses(v, used);
                    }
                }
            }
            for part in location.iter().flatten() {
                if let LocPart::Symbol(s) = part {
                    used.insert(s);
                }
            }
        }
        ResultValue::Native { args, .. } | ResultValue::NativeVoid { args, .. } => {
            args.iter().for_each(|a| uses(a, used))
        }
        ResultValue::Constant(_) => {}
    }
}

/// Whether computing `r` needs the fused location.
fn needs_loc(r: &ResultValue) -> bool {
    match r {
        ResultValue::Symbol(_) | ResultValue::OpResult { .. } | ResultValue::Constant(_) => false,
        ResultValue::Op { location: None, .. } => true,
        ResultValue::Op { args, types, .. } => {
            args.iter().any(|a| needs_loc(&a.value))
                || matches!(types, ResultTypes::Explicit(ts)
                    if ts.iter().any(|t| matches!(t, ReturnType::Of(v) if needs_loc(v))))
        }
        ResultValue::Native { expression, args }
        | ResultValue::NativeVoid {
            statement: expression,
            args,
        } => expression.contains("$_loc") || args.iter().any(needs_loc),
    }
}

/// `op__N` split into the op's symbol and N, when `name` is one.
fn op_result<'n>(p: &PatternModel, name: &'n str) -> Option<(&'n str, usize)> {
    let (base, index) = name.rsplit_once("__")?;
    match p.symbols.get(base) {
        Some(Symbol::Op(_)) if !p.symbols.contains_key(name) => Some((base, index.parse().ok()?)),
        _ => None,
    }
}

/// The symbol a constraint entity binds: `op` for `op__N`.
fn symbol_base<'n>(p: &PatternModel, name: &'n str) -> &'n str {
    op_result(p, name).map_or(name, |(base, _)| base)
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
    ["op", "attr", "value", "native", "new", "types", "loc"]
        .iter()
        .any(|p| {
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
        let code = generate("1-my.ods", "1-my", &[], &[]).expect("generates");
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
