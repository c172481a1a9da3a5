//! Verifier codegen: an op's constraints and traits in, the bodies of its
//! `Op::verify_invariants`, `Op::verify_traits` and
//! `Op::verify_region_traits` out, plus the `ir::OpTraits` bits the core
//! acts on.
//!
//! `verify_invariants` checks in the order of `docs/ods-runtime.md`: the
//! count traits (regions, results, successors, operands), the structural
//! traits (`SingleBlock`, `HasParent`, ...: mlir-tblgen lists them before
//! `OpInvariants`), segment sizes,
//! attributes and properties, operand and result types (with flat value
//! indices, as MLIR reports them), `PredOpTrait` predicates (where
//! mlir-tblgen's `verifyInvariantsImpl` has them), then region and
//! successor constraints. `verify_traits` calls one `ods_runtime::traits`
//! check per trait with a verifier, in trait-list order (`IsTerminator`
//! included). `verify_region_traits` runs
//! after the nested ops: the region traits (an implicit terminator's
//! check, interfaces verified with regions), as upstream's
//! `verifyRegionInvariants`. The first failure is returned with MLIR's
//! message.

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use super::op_info::rt::*;
use super::op_info::{property_form, OpInfo};
use super::snippets::{code, method_name, strip_outer_parens, substitute, suffixed};
use crate::model::{InterfaceVerify, OpModel, PredModel, TraitModel, VarKind};

/// The `OpTraits` value for `op`.
pub(crate) fn trait_bits(op: &OpModel) -> TokenStream {
    let named = |n: &str| {
        op.traits.iter().any(|t| match t {
            TraitModel::Native { path, .. } => base_name(path) == n,
            TraitModel::Interface { name, display, .. } => name == n || display == n,
            TraitModel::Internal { name, .. } => name == n,
            TraitModel::Pred { .. } => false,
        })
    };
    let mut bits = Vec::new();
    if op.effects.iter().any(|e| e.effects.is_empty()) && named("AlwaysSpeculatableImplTrait") {
        bits.push(quote!(PURE));
    }
    for (trait_name, bit) in [
        ("IsTerminator", quote!(TERMINATOR)),
        ("NoTerminator", quote!(NO_TERMINATOR)),
        ("IsIsolatedFromAbove", quote!(ISOLATED_FROM_ABOVE)),
        ("SymbolTable", quote!(SYMBOL_TABLE)),
        ("SymbolOpInterface", quote!(SYMBOL)),
        ("SingleBlock", quote!(SINGLE_BLOCK)),
        ("IsCommutative", quote!(COMMUTATIVE)),
        ("ConstantLike", quote!(CONSTANT_LIKE)),
        ("HasOnlyGraphRegion", quote!(GRAPH_REGIONS)),
        (
            "HasRecursiveMemoryEffects",
            quote!(RECURSIVE_MEMORY_EFFECTS),
        ),
    ] {
        if named(trait_name) {
            bits.push(bit);
        }
    }
    if super::interfaces::is_branch(op) {
        bits.push(quote!(BRANCH));
    }
    match bits.as_slice() {
        [] => quote!(#RT_MOD_IR::OpTraits(0)),
        [one] => quote!(#RT_MOD_IR::OpTraits::#one),
        many => quote!(#RT_MOD_IR::OpTraits(#(::ods_runtime::ir::OpTraits::#many.0)|*)),
    }
}

/// `::ns::HasParent<a, b>` -> `HasParent`.
pub(super) fn base_name(path: &str) -> &str {
    let head = path.split('<').next().unwrap_or(path);
    head.rsplit("::").next().unwrap_or(head).trim()
}

/// The parameters of `Trait<a, b>`.
pub(super) fn params(path: &str) -> Vec<String> {
    match (path.find('<'), path.rfind('>')) {
        (Some(l), Some(r)) if l < r => path[l + 1..r]
            .split(',')
            .map(|s| s.trim().trim_matches('"').to_string())
            .filter(|s| !s.is_empty())
            .collect(),
        _ => Vec::new(),
    }
}

/// An op named in a trait parameter: `dialect.op` as written, or a Rust op
/// type path whose `NAME` is taken.
pub(super) fn op_name_expr(param: &str) -> Result<TokenStream, String> {
    if param.contains('.') && !param.contains("::") {
        Ok(quote!(#param))
    } else {
        let ty = code(param, "op type in a trait parameter")?;
        Ok(quote!(<#ty as #RT::Op>::NAME))
    }
}

/// `self.<method>(ctx, ir)`, the call of a verifier the author writes
/// (`hasVerifier`: `verify_op`; `hasRegionVerifier`: `verify_op_regions`)
/// in an `impl` block of the op, with `ods_runtime::author`'s fallback in
/// scope: a missing method is then an error naming its signature.
pub(super) fn author_verifier_call(method: &str) -> TokenStream {
    let method = proc_macro2::Ident::new(method, proc_macro2::Span::call_site());
    quote! {
        // Unused when the author's method exists (it wins).
        #[allow(unused_imports)]
        use #RT::author::VerifierFallback as _;
        self.#method(ctx, ir)
    }
}

/// Whether `pred` holds whatever it checks (`AnyType`, `AnyAttr`, an
/// optional property of an unconstrained one): no code is generated for it.
pub(super) fn always_true(pred: &PredModel) -> bool {
    match pred {
        PredModel::True => true,
        PredModel::Rust(s) => strip_outer_parens(s) == "true",
        PredModel::And(cs) => cs.iter().all(always_true),
        PredModel::Or(cs) => cs.iter().any(always_true),
        PredModel::Not(_) => false,
        PredModel::SubstLeaves { child, .. } => always_true(child),
        // The library's wrappers: "absent, or the check holds" and "every
        // element satisfies the check".
        PredModel::Concat { prefix, child, .. } => {
            (prefix.contains("map_or(true,")
                || prefix.contains("is_none_or(")
                || prefix.contains(".all("))
                && always_true(child)
        }
    }
}

/// `pred` without the parts that always hold (`And` children such as the
/// `true` a `TypeAttr` puts on its type), so the generated condition is
/// what a person would write.
fn simplify(pred: &PredModel) -> PredModel {
    match pred {
        PredModel::And(cs) => {
            let kept: Vec<PredModel> = cs
                .iter()
                .filter(|c| !always_true(c))
                .map(simplify)
                .collect();
            match kept.len() {
                0 => PredModel::True,
                1 => kept.into_iter().next().unwrap_or(PredModel::True),
                _ => PredModel::And(kept),
            }
        }
        PredModel::Or(cs) => {
            let cs: Vec<PredModel> = cs.iter().map(simplify).collect();
            int_cases(&cs).unwrap_or(PredModel::Or(cs))
        }
        PredModel::Not(c) => PredModel::Not(Box::new(simplify(c))),
        PredModel::SubstLeaves {
            pattern,
            replacement,
            child,
        } => PredModel::SubstLeaves {
            pattern: pattern.clone(),
            replacement: replacement.clone(),
            child: Box::new(simplify(child)),
        },
        PredModel::Concat {
            prefix,
            child,
            suffix,
        } => PredModel::Concat {
            prefix: prefix.clone(),
            child: Box::new(simplify(child)),
            suffix: suffix.clone(),
        },
        other => other.clone(),
    }
}

/// The cases of an integer enum (`int_attr_value(..) == 0 || ... == 9`)
/// as one `matches!` reading the value once.
fn int_cases(cs: &[PredModel]) -> Option<PredModel> {
    const VALUE: &str = "::ods_runtime::pred::int_attr_value($_ctxt, $_self)";
    let cases = cs
        .iter()
        .map(|c| match c {
            PredModel::Rust(s) => {
                let (lhs, n) = strip_outer_parens(s).split_once(" == ")?;
                let n = n.trim();
                let digits = n.strip_prefix('-').unwrap_or(n);
                let literal = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
                (lhs.trim() == VALUE && literal).then_some(n)
            }
            _ => None,
        })
        .collect::<Option<Vec<&str>>>()?;
    if cases.len() < 2 {
        return None;
    }
    let mut values = cases
        .iter()
        .map(|n| n.parse::<i128>().ok())
        .collect::<Option<Vec<i128>>>()?;
    values.sort_unstable();
    values.dedup();
    Some(PredModel::Rust(format!(
        "matches!({VALUE}, {})",
        case_patterns(&values)
    )))
}

/// Sorted distinct values as an or-pattern, each run of three or more
/// consecutive values as one range (`0..=4 | 7`): what clippy's
/// `manual_range_patterns` asks of the user's crate.
fn case_patterns(values: &[i128]) -> String {
    let mut parts = Vec::new();
    let mut start = 0;
    for i in 1..=values.len() {
        if i < values.len() && values[i] == values[i - 1] + 1 {
            continue;
        }
        let (lo, hi) = (values[start], values[i - 1]);
        match i - start {
            1 => parts.push(lo.to_string()),
            2 => parts.push(format!("{lo} | {hi}")),
            _ => parts.push(format!("{lo}..={hi}")),
        }
        start = i;
    }
    parts.join(" | ")
}

/// Renders `pred` with `$_self` as `self_expr` (plus `$_ctxt`, `$_ir`).
fn predicate(pred: &PredModel, self_expr: &str, what: &str) -> Result<TokenStream, String> {
    let text = predicate_text(pred, self_expr).map_err(|e| format!("{what}: {e}"))?;
    code(&text, what)
}

/// `pred` as Rust text with `$_self` as `self_expr` (plus `$_ctxt`,
/// `$_ir`), without parentheses around all of it.
pub(super) fn predicate_text(pred: &PredModel, self_expr: &str) -> Result<String, String> {
    let text = substitute(
        &simplify(pred).to_rust(),
        &[("$_self", self_expr), ("$_ctxt", "ctx"), ("$_ir", "ir")],
        &|_| None,
    )?;
    Ok(strip_outer_parens(&text).to_string())
}

/// A run of single operands and results at fixed indices that one shared
/// type constraint checks, one after the other in `verify_invariants`.
#[derive(Default)]
struct ConstraintRun {
    constraint: Option<TokenStream>,
    operands: Vec<usize>,
    results: Vec<usize>,
}

impl ConstraintRun {
    /// Adds operand (or result) `index` checked by `constraint`; a run of
    /// another constraint is written out first.
    fn add(
        &mut self,
        constraint: TokenStream,
        result: bool,
        index: usize,
        checks: &mut Vec<TokenStream>,
    ) {
        if self.constraint.as_ref().map(ToString::to_string) != Some(constraint.to_string()) {
            self.flush(checks);
            self.constraint = Some(constraint);
        }
        match result {
            true => self.results.push(index),
            false => self.operands.push(index),
        }
    }

    /// Writes out the run: a value alone as `verify_operand` or
    /// `verify_result`, several as one `verify_fixed`.
    fn flush(&mut self, checks: &mut Vec<TokenStream>) {
        let Some(c) = self.constraint.take() else {
            return;
        };
        let operands = std::mem::take(&mut self.operands);
        let results = std::mem::take(&mut self.results);
        let lits = |v: &[usize]| -> Vec<Literal> {
            v.iter().map(|&i| Literal::usize_unsuffixed(i)).collect()
        };
        checks.push(match (operands.as_slice(), results.as_slice()) {
            (&[i], []) => {
                let i = Literal::usize_unsuffixed(i);
                quote!(#c.verify_operand(ctx, ir, self.0, #i)?;)
            }
            ([], &[i]) => {
                let i = Literal::usize_unsuffixed(i);
                quote!(#c.verify_result(ctx, ir, self.0, #i)?;)
            }
            (o, r) => {
                let (o, r) = (lits(o), lits(r));
                quote!(#c.verify_fixed(ctx, ir, self.0, &[#(#o),*], &[#(#r),*])?;)
            }
        });
    }
}

/// A `fn` whose `ctx` parameter is `_ctx` when the body does not use it.
fn verify_fn(name: TokenStream, body: TokenStream) -> TokenStream {
    let uses_ctx = body
        .to_string()
        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .any(|w| w == "ctx");
    let ctx = if uses_ctx { quote!(ctx) } else { quote!(_ctx) };
    quote! {
        fn #name(self, #ctx: &#RT_CONTEXT, ir: &#RT_IR) -> #RT_RESULT<(), #RT_VERIFY_ERROR> {
            #body
            Ok(())
        }
    }
}

pub(crate) fn verify_invariants(info: &OpInfo) -> Result<TokenStream, String> {
    let op = info.op;
    let mut checks = Vec::new();
    let count = |variadic: bool, n: usize, exact: TokenStream, at_least: TokenStream| {
        let n = Literal::usize_unsuffixed(n);
        if !variadic {
            Some(quote!(#RT_MOD_ERRORS::#exact(ir, self.0, #n)?;))
        } else if n.to_string() != "0" {
            Some(quote!(#RT_MOD_ERRORS::#at_least(ir, self.0, #n)?;))
        } else {
            None
        }
    };
    let fixed = |kinds: &mut dyn Iterator<Item = bool>| {
        let mut n = 0;
        let mut any = false;
        for v in kinds {
            if v {
                any = true;
            } else {
                n += 1;
            }
        }
        (any, n)
    };
    let (rv, rn) = fixed(&mut op.regions.iter().map(|r| r.variadic));
    let (resv, resn) = fixed(&mut op.results.iter().map(|r| r.kind.is_variable_length()));
    let (sv, sn) = fixed(&mut op.successors.iter().map(|s| s.variadic));
    let (ov, on) = fixed(&mut op.operands.iter().map(|o| o.kind.is_variable_length()));
    if !rv && !resv && !sv && !ov {
        // All four fixed (most ops): one call checks them in this order.
        let [rn, resn, sn, on] = [rn, resn, sn, on].map(Literal::usize_unsuffixed);
        checks
            .push(quote!(#RT_MOD_ERRORS::verify_fixed_counts(ir, self.0, #rn, #resn, #sn, #on)?;));
    } else {
        let names = [
            (quote!(verify_num_regions), quote!(verify_at_least_regions)),
            (quote!(verify_num_results), quote!(verify_at_least_results)),
            (
                quote!(verify_num_successors),
                quote!(verify_at_least_successors),
            ),
            (
                quote!(verify_num_operands),
                quote!(verify_at_least_operands),
            ),
        ];
        let counts = [(rv, rn), (resv, resn), (sv, sn), (ov, on)];
        for ((variadic, n), (exact, at_least)) in counts.into_iter().zip(names) {
            checks.extend(count(variadic, n, exact, at_least));
        }
    }
    checks.extend(structural_checks(info)?);

    if info.operand_segments {
        checks.push(quote! {
            #RT_MOD_SEGMENTS::verify_segment_sizes(ctx, ir, self.0, #RT_MOD_SEGMENTS::OPERAND_SEGMENT_SIZES, "operand", Self::OPERAND_GROUPS, ir.num_operands(self.0))?;
        });
    }
    if info.result_segments {
        checks.push(quote! {
            #RT_MOD_SEGMENTS::verify_segment_sizes(ctx, ir, self.0, #RT_MOD_SEGMENTS::RESULT_SEGMENT_SIZES, "result", Self::RESULT_GROUPS, ir.num_results(self.0))?;
        });
    }

    for a in &op.attributes {
        if a.is_derived {
            continue;
        }
        let name = &a.name;
        let summary = &a.summary;
        if a.is_property {
            if always_true(&a.predicate) {
                continue;
            }
            let f = method_name(name)?;
            let raw = suffixed(name, "_attr")?;
            let (storage, _) = property_form(a)?;
            let iface = substitute(&a.convert_from_storage, &[("$_storage", "value")], &|_| {
                None
            })
            .map_err(|e| format!("property '{name}': {e}"))?;
            let iface = code(&iface, &format!("convertFromStorage of property '{name}'"))?;
            let check = predicate(
                &a.predicate,
                "iface",
                &format!("predicate of property '{name}'"),
            )?;
            checks.push(quote! {
                {
                    // A stored attribute that is no value of the storage
                    // type (an enum property's integer that is no case)
                    // would read as the default: it fails instead.
                    if let Some(attr) = self.#raw(ctx, ir) {
                        if <#storage as #RT_MOD_PROP::PropValue>::from_attr(ctx, attr).is_none() {
                            return Err(#RT_MOD_ERRORS::property_constraint_error(#name, #summary));
                        }
                    }
                    let value = self.#f(ctx, ir);
                    let iface = #iface;
                    if !(#check) {
                        return Err(#RT_MOD_ERRORS::property_constraint_error(#name, #summary));
                    }
                }
            });
            continue;
        }
        let check = if always_true(&a.predicate) {
            None
        } else {
            Some(predicate(
                &a.predicate,
                "attr",
                &format!("predicate of attribute '{name}'"),
            )?)
        };
        let fail = quote!(return Err(#RT_MOD_ERRORS::attr_constraint_error(#name, #summary)););
        if a.optional || a.default_value.is_some() {
            if let Some(check) = check {
                checks.push(quote! {
                    if let Some(attr) = #RT_INHERENT_ATTR(ctx, ir, self.0, #name) {
                        if !(#check) {
                            #fail
                        }
                    }
                });
            }
        } else {
            let test = check.map(|c| quote!(if !(#c) { #fail }));
            let bind = if test.is_some() {
                quote!(attr)
            } else {
                quote!(_attr)
            };
            checks.push(quote! {
                {
                    let Some(#bind) = #RT_INHERENT_ATTR(ctx, ir, self.0, #name) else {
                        return Err(#RT_MOD_ERRORS::missing_attr_error(#name));
                    };
                    #test
                }
            });
        }
    }

    // Single values at fixed indices checked by one shared constraint, in
    // a row (operands then results): one call for the run, which checks a
    // type met again once.
    let mut run = ConstraintRun::default();
    for results in [false, true] {
        let (what, get, err) = if results {
            ("result", quote!(result), quote!(result_type_error))
        } else {
            ("operand", quote!(operand), quote!(operand_type_error))
        };
        // Groups sized by an attribute read the sizes once for all their
        // checks (the accessor reads them per group).
        let sized = info.has_groups(results) && info.group_needs_ctx(results);
        let mut reads_sizes = false;
        let outer = std::mem::take(&mut checks);
        for (i, v) in info.values(results).iter().enumerate() {
            let summary = &v.constraint.summary;
            let check = if always_true(&v.constraint.predicate) {
                None
            } else {
                Some(predicate(
                    &v.constraint.predicate,
                    "ty",
                    &format!("constraint of {what} '{}'", v.name),
                )?)
            };
            let shared = info.constraints.reference(v);
            let verify_group = if results {
                quote!(verify_results)
            } else {
                quote!(verify_operands)
            };
            // A single value at a fixed index: no group before it has a
            // dynamic count (with the groups sized alike, not by an
            // attribute, whose sizes may not give a single value one).
            let fixed_index = !info.has_groups(results)
                || (!info.group_needs_ctx(results)
                    && info.values(results)[..i]
                        .iter()
                        .all(|p| p.kind == VarKind::Single));
            if v.kind == VarKind::Single && fixed_index {
                let Some(check) = check else { continue };
                let idx = Literal::usize_unsuffixed(i);
                if let Some(constraint) = shared {
                    run.add(constraint, results, i, &mut checks);
                    continue;
                }
                run.flush(&mut checks);
                checks.push(quote! {
                    {
                        let ty = ir.value_type(ir.#get(self.0, #idx));
                        if !(#check) {
                            return Err(#RT_MOD_ERRORS::#err(ctx, #idx, #summary, ty));
                        }
                    }
                });
                continue;
            }
            let range = info.group_range(results, i);
            let mut stmts = Vec::new();
            match &v.kind {
                VarKind::Optional => stmts.push(quote! {
                    #RT_MOD_SEGMENTS::verify_optional_group(#what, group.clone())?;
                }),
                VarKind::VariadicOfVariadic { segment_attr } => {
                    let vname = &v.name;
                    stmts.push(quote! {
                        #RT_MOD_SEGMENTS::verify_variadic_of_variadic(ctx, ir, self.0, #segment_attr, #vname, group.len())?;
                    });
                }
                _ => {}
            }
            if let Some(constraint) = shared {
                stmts.push(quote! {
                    #constraint.#verify_group(ctx, ir, self.0, group)?;
                });
            } else if let Some(check) = check {
                stmts.push(quote! {
                    for i in group {
                        let ty = ir.value_type(ir.#get(self.0, i));
                        if !(#check) {
                            return Err(#RT_MOD_ERRORS::#err(ctx, i, #summary, ty));
                        }
                    }
                });
            }
            if stmts.is_empty() {
                continue;
            }
            run.flush(&mut checks);
            let range = if sized {
                reads_sizes = true;
                let idx = Literal::usize_unsuffixed(i);
                quote!(#RT_MOD_SEGMENTS::segment_group(&__segment_sizes, #idx))
            } else {
                range
            };
            checks.push(quote! {
                {
                    let group = #range;
                    #(#stmts)*
                }
            });
        }
        if reads_sizes {
            run.flush(&mut checks);
        }
        let value_checks = std::mem::replace(&mut checks, outer);
        if reads_sizes {
            let (attr, groups) = if results {
                (
                    quote!(#RT_MOD_SEGMENTS::RESULT_SEGMENT_SIZES),
                    quote!(RESULT_GROUPS),
                )
            } else {
                (
                    quote!(#RT_MOD_SEGMENTS::OPERAND_SEGMENT_SIZES),
                    quote!(OPERAND_GROUPS),
                )
            };
            checks.push(quote! {
                {
                    let __segment_sizes = #RT_MOD_SEGMENTS::segment_sizes(ctx, ir, self.0, #attr, Self::#groups);
                    #(#value_checks)*
                }
            });
        } else {
            checks.extend(value_checks);
        }
    }

    run.flush(&mut checks);
    checks.extend(pred_trait_checks(info)?);

    let fixed_regions = op.regions.iter().filter(|r| !r.variadic).count();
    for (i, r) in op.regions.iter().enumerate() {
        if always_true(&r.constraint.predicate) {
            continue;
        }
        let check = predicate(
            &r.constraint.predicate,
            "region",
            &format!("constraint of region '{}'", r.name),
        )?;
        let (name, summary) = (&r.name, &r.constraint.summary);
        let idx = Literal::usize_unsuffixed(i);
        checks.push(if r.variadic {
            // `.skip(0)` is clippy's iter_skip_zero.
            let skip = (fixed_regions > 0).then(|| {
                let start = Literal::usize_unsuffixed(fixed_regions);
                quote!(.skip(#start))
            });
            quote! {
                for (i, &region) in ir.regions(self.0).iter().enumerate() #skip {
                    if !(#check) {
                        return Err(#RT_MOD_ERRORS::region_constraint_error(i, #name, #summary));
                    }
                }
            }
        } else {
            quote! {
                {
                    let region = ir.region(self.0, #idx);
                    if !(#check) {
                        return Err(#RT_MOD_ERRORS::region_constraint_error(#idx, #name, #summary));
                    }
                }
            }
        });
    }
    Ok(verify_fn(quote!(verify_invariants), quote!(#(#checks)*)))
}

/// The op's `PredOpTrait` predicates, in trait-list order. mlir-tblgen
/// emits them inside `verifyInvariantsImpl`, after the operand and result
/// type constraints and before the region constraints, so they run before
/// every native trait's verifier (`arith.index_cast`'s same-dimensions
/// check before `SameOperandsAndResultShape`'s, `scf.for`'s same-type
/// check before its region's).
fn pred_trait_checks(info: &OpInfo) -> Result<Vec<TokenStream>, String> {
    let mut checks = Vec::new();
    for t in &info.op.traits {
        let TraitModel::Pred {
            summary,
            predicate,
            display,
        } = t
        else {
            continue;
        };
        let names = |n: &str| named_type(info, n);
        let text = substitute(
            &simplify(predicate).to_rust(),
            &[("$_op", "self"), ("$_ctxt", "ctx"), ("$_ir", "ir")],
            &names,
        )
        .map_err(|e| format!("trait '{display}': {e}"))?;
        let check = code(
            strip_outer_parens(&text),
            &format!("predicate of trait '{display}'"),
        )?;
        checks.push(quote! {
            if !(#check) {
                return Err(#RT_MOD_ERRORS::trait_failed_error(#summary));
            }
        });
    }
    Ok(checks)
}

/// `$name` in an op-trait predicate: the type of the named operand or
/// result (`Option<Type>`), or the named attribute itself
/// (`Option<Attribute>`), as MLIR's `$name` is the attribute; the
/// library's `type_of` / `shape_of` read either (a `TypesMatchWith`
/// transform's `$_self` is `type_of($name)`, MLIR's `$name.getType()`).
fn named_type(info: &OpInfo, name: &str) -> Option<String> {
    for results in [false, true] {
        if let Some(v) = info.values(results).iter().find(|v| v.name == name) {
            let f = method_name(name).ok()?;
            let call = quote!(self.#f(ctx, ir)).to_string();
            return match v.kind {
                VarKind::Single => Some(format!("Some(ir.value_type({call}))")),
                VarKind::Optional => Some(format!("{call}.map(|v| ir.value_type(v))")),
                VarKind::Variadic => Some(format!(
                    "::ods_runtime::pred::ValueTypes({call}.map(|v| ir.value_type(v)).collect())"
                )),
                VarKind::VariadicOfVariadic { .. } => None,
            };
        }
    }
    info.op.attributes.iter().find(|a| a.name == name).map(|a| {
        format!(
            "::ods_runtime::op::inherent_attr(ctx, ir, self.0, {:?})",
            a.name
        )
    })
}

/// `verify_inherent_attrs`: the constraint of every inherent attribute
/// (not property) written in an attribute dictionary, checked while the op
/// is parsed, as MLIR's parsers do for `attr-dict` and for generic ops
/// without `<{...}>`. Attributes whose predicate reads the op are left to
/// the verifier.
pub(crate) fn inherent_attr_verifier(info: &OpInfo) -> Result<TokenStream, String> {
    let mut checks = Vec::new();
    for a in &info.op.attributes {
        if a.is_derived || a.is_property || always_true(&a.predicate) {
            continue;
        }
        let name = &a.name;
        let summary = &a.summary;
        let check = predicate(
            &a.predicate,
            "attr",
            &format!("predicate of attribute '{name}'"),
        )?;
        let reads_op = check
            .clone()
            .into_iter()
            .any(|t| matches!(&t, proc_macro2::TokenTree::Ident(i) if i == "ir" || i == "self"));
        if reads_op {
            continue;
        }
        checks.push(quote! {
            if let Some(attr) = #RT_MOD_OP::dict_get(ctx, attrs, #name) {
                if !(#check) {
                    return Err(#RT_MOD_ERRORS::attr_constraint_error(#name, #summary));
                }
            }
        });
    }
    if checks.is_empty() {
        return Ok(TokenStream::new());
    }
    Ok(quote! {
        const HAS_INHERENT_ATTR_VERIFIER: bool = true;
        fn verify_inherent_attrs(ctx: &#RT_CONTEXT, attrs: #RT_ATTRIBUTE) -> #RT_RESULT<(), #RT_VERIFY_ERROR> {
            #(#checks)*
            Ok(())
        }
    })
}

pub(crate) fn verify_traits(info: &OpInfo) -> Result<TokenStream, String> {
    let op = info.op;
    let mut checks = Vec::new();
    // A generated interface listed twice (directly and as another's base)
    // is verified once.
    let mut verified_interfaces: Vec<&str> = Vec::new();
    for t in &op.traits {
        match t {
            // Structural traits are checked before the invariants (see
            // `structural_checks`).
            TraitModel::Native {
                path,
                structural: false,
                ..
            } => {
                let Some(check) = native_trait_check(info, path)? else {
                    continue;
                };
                let name = base_name(path);
                checks.push(if SHAPE_TRAITS.contains(&name) {
                    Check::Shape(check)
                } else if ONE_TYPE_TRAITS.contains(&name) {
                    Check::OneType(check)
                } else {
                    Check::Other(check)
                });
            }
            TraitModel::Interface {
                name,
                namespace,
                rust_impl,
                ..
            } => {
                // An interface verified by its own `verify`, or (with
                // methods or not) one whose verifier the dialect writes
                // (`FunctionOpInterface`'s).
                if let Some(imp) = rust_impl
                    .as_ref()
                    .filter(|imp| imp.verify != InterfaceVerify::None)
                {
                    if imp.verify == InterfaceVerify::WithTraits
                        && !verified_interfaces.contains(&name.as_str())
                    {
                        verified_interfaces.push(name);
                        checks.extend(
                            super::interface_defs::verifier_call(name, namespace, imp.verify)?
                                .map(Check::Other),
                        );
                    }
                } else if let Some(check) = super::interfaces::trait_verifier(name) {
                    checks.push(Check::Other(check));
                }
            }
            TraitModel::Native { .. } | TraitModel::Internal { .. } | TraitModel::Pred { .. } => {}
        }
    }
    if checks.is_empty() {
        // Nothing to check (a `Pure` op's interfaces have no verifier):
        // the verifier skips the call.
        return Ok(quote!(
            const HAS_TRAIT_VERIFIER: bool = false;
        ));
    }
    Ok(verify_fn(quote!(verify_traits), one_type_first(checks)))
}

/// Traits that hold whenever every operand and result has one type (with
/// at least one of each): their checks are skipped then.
const ONE_TYPE_TRAITS: &[&str] = &[
    "SameOperandsAndResultType",
    "SameOperandsAndResultElementType",
    "SameOperandsElementType",
    "SameTypeOperands",
];

/// Traits that hold, besides, whenever no operand or result is shaped
/// (with at least one of each): all shapes are the scalar's.
const SHAPE_TRAITS: &[&str] = &[
    "SameOperandsAndResultShape",
    "SameOperandsShape",
    "Elementwise",
];

/// A trait check of `verify_traits`.
enum Check {
    /// Of one of [`ONE_TYPE_TRAITS`].
    OneType(TokenStream),
    /// Of one of [`SHAPE_TRAITS`].
    Shape(TokenStream),
    Other(TokenStream),
}

/// The checks in order; with two or more of [`ONE_TYPE_TRAITS`] and
/// [`SHAPE_TRAITS`], those run only when the op's values do not make them
/// hold (`ods_runtime::traits::value_types`, looked at once, not by each
/// check).
fn one_type_first(checks: Vec<Check>) -> TokenStream {
    let shared = checks
        .iter()
        .filter(|c| !matches!(c, Check::Other(_)))
        .count()
        > 1;
    let kinds = quote!(#RT::traits::ValueTypes);
    let checks = checks.into_iter().map(|c| match c {
        Check::OneType(c) if shared => quote!(if types != #kinds::One { #c }),
        Check::Shape(c) if shared => quote!(if types == #kinds::Mixed { #c }),
        Check::OneType(c) | Check::Shape(c) | Check::Other(c) => c,
    });
    let types = shared.then(|| quote!(let types = #RT::traits::value_types(ctx, ir, self.0);));
    quote!(#types #(#checks)*)
}

/// `verify_region_traits`: the op's region traits (upstream's
/// `verifyRegionTrait`s), in trait order, each once: the terminator check
/// of `SingleBlockImplicitTerminator` and the verifiers of the interfaces
/// that run with its regions (`verifyWithRegions`); nothing when it has
/// none.
pub(crate) fn verify_region_traits(info: &OpInfo) -> Result<TokenStream, String> {
    let mut checks = Vec::new();
    let mut verified: Vec<&str> = Vec::new();
    for t in &info.op.traits {
        let (name, namespace, rust_impl) = match t {
            TraitModel::Interface {
                name,
                namespace,
                rust_impl,
                ..
            } => (name, namespace, rust_impl),
            TraitModel::Native { path, .. } => {
                checks.extend(native_region_trait_check(path)?);
                continue;
            }
            _ => continue,
        };
        let Some(imp) = rust_impl else {
            continue;
        };
        if imp.verify == InterfaceVerify::WithRegions && !verified.contains(&name.as_str()) {
            verified.push(name);
            checks.extend(super::interface_defs::verifier_call(
                name, namespace, imp.verify,
            )?);
        }
    }
    if checks.is_empty() {
        return Ok(quote!());
    }
    Ok(quote! {
        const HAS_REGION_TRAIT_VERIFIERS: bool = true;
        fn verify_region_traits(self, cx: &mut #RT_MOD_IR::registry::RegionCheckCx<'_>) -> #RT_RESULT<(), #RT_VERIFY_ERROR> {
            #(#checks)*
            Ok(())
        }
    })
}

/// The check of native trait `path`, if it has one.
fn native_trait_check(info: &OpInfo, path: &str) -> Result<Option<TokenStream>, String> {
    let op = info.op;
    let no_terminator = op.has_trait("NoTerminator");
    let ps = params(path);
    Ok(Some(match base_name(path) {
        "SameOperandsAndResultType" => {
            quote!(#RT::traits::verify_same_operands_and_result_type(ctx, ir, self.0)?;)
        }
        "SameOperandsAndResultElementType" => {
            quote!(#RT::traits::verify_same_operands_and_result_element_type(ctx, ir, self.0)?;)
        }
        "SameOperandsAndResultShape" => {
            quote!(#RT::traits::verify_same_operands_and_result_shape(ctx, ir, self.0)?;)
        }
        "SameOperandsShape" => {
            quote!(#RT::traits::verify_same_operands_shape(ctx, ir, self.0)?;)
        }
        "Elementwise" => quote!(#RT::traits::verify_elementwise(ctx, ir, self.0)?;),
        "SameOperandsElementType" => {
            quote!(#RT::traits::verify_same_operands_element_type(ctx, ir, self.0)?;)
        }
        "SameTypeOperands" => {
            quote!(#RT::traits::verify_same_type_operands(ir, self.0)?;)
        }
        "NoRegionArguments" => {
            quote!(#RT::traits::verify_no_region_arguments(ir, self.0)?;)
        }
        "SingleBlock" => {
            quote!(#RT::traits::verify_single_block(ir, self.0, #no_terminator)?;)
        }
        "IsTerminator" => quote!(#RT::traits::verify_is_terminator(ir, self.0)?;),
        "HasParent" if ps.len() == 1 => {
            let parent = op_name_expr(&ps[0])?;
            quote!(#RT::traits::verify_has_parent(ctx, ir, self.0, #parent)?;)
        }
        "HasParent" if ps.len() > 1 => {
            let parents = ps
                .iter()
                .map(|p| op_name_expr(p))
                .collect::<Result<Vec<_>, _>>()?;
            quote!(#RT::traits::verify_parent_one_of(ctx, ir, self.0, &[#(#parents),*])?;)
        }
        _ => return Ok(None),
    }))
}

/// The check `verify_region_traits` runs for native trait `path`, if it
/// is a region trait: `SingleBlockImplicitTerminator`'s (its `SingleBlock`
/// part runs with the other traits, before the nested ops verify).
fn native_region_trait_check(path: &str) -> Result<Option<TokenStream>, String> {
    let ps = params(path);
    Ok(match base_name(path) {
        "SingleBlockImplicitTerminator" if ps.len() == 1 => {
            let term = op_name_expr(&ps[0])?;
            Some(quote!(#RT::traits::verify_implicit_terminator(cx.ctx, cx.ir, self.0, #term)?;))
        }
        _ => None,
    })
}

/// The checks of the op's structural traits (`SingleBlock`, `HasParent`,
/// ...), in trait order: mlir-tblgen lists them before `OpInvariants`, so
/// they run after the count traits and before the constraints.
fn structural_checks(info: &OpInfo) -> Result<Vec<TokenStream>, String> {
    let mut checks = Vec::new();
    for t in &info.op.traits {
        if let TraitModel::Native {
            path,
            structural: true,
            ..
        } = t
        {
            checks.extend(native_trait_check(info, path)?);
        }
    }
    Ok(checks)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trait_paths_split_into_name_and_parameters() {
        assert_eq!(
            base_name("::ods_runtime::traits::op::HasParent<ref.launch>"),
            "HasParent"
        );
        assert_eq!(params("HasParent<a.b, c.d>"), vec!["a.b", "c.d"]);
        assert_eq!(params("Pure"), Vec::<String>::new());
        assert_eq!(
            op_name_expr("ref.yield").unwrap().to_string(),
            "\"ref.yield\""
        );
        assert!(op_name_expr("YieldOp")
            .unwrap()
            .to_string()
            .contains("NAME"));
    }

    #[test]
    fn integer_enum_cases_read_the_value_once() {
        let case = |n: &str| {
            PredModel::Rust(format!(
                "::ods_runtime::pred::int_attr_value($_ctxt, $_self) == {n}"
            ))
        };
        let cases = PredModel::Or(vec![case("0"), case("-1"), case("7")]);
        assert_eq!(
            predicate_text(&cases, "attr").unwrap(),
            "matches!(::ods_runtime::pred::int_attr_value(ctx, attr), -1 | 0 | 7)"
        );
        // Runs of three or more as ranges (clippy's manual_range_patterns).
        let run = PredModel::Or(
            ["4", "0", "1", "2", "3", "9", "-2", "-3"]
                .map(case)
                .to_vec(),
        );
        assert_eq!(
            predicate_text(&run, "attr").unwrap(),
            "matches!(::ods_runtime::pred::int_attr_value(ctx, attr), -3 | -2 | 0..=4 | 9)"
        );
        // Anything else stays as written.
        let mixed = PredModel::Or(vec![case("0"), PredModel::Rust("f($_self) == 1".into())]);
        assert!(predicate_text(&mixed, "attr").unwrap().contains("||"));
        let named = PredModel::Or(vec![case("0"), case("K")]);
        assert!(predicate_text(&named, "attr").unwrap().contains("||"));
    }

    #[test]
    fn one_type_traits_share_one_look() {
        let c = |t: &str| -> TokenStream { t.parse().unwrap() };
        let flat = |t: TokenStream| t.to_string().split_whitespace().collect::<String>();
        // A type trait and a shape trait around another check: the type
        // one skipped when the op has one type, the shape one also when
        // it has only scalars; the other kept in its place.
        let two = one_type_first(vec![
            Check::OneType(c("a()?;")),
            Check::Other(c("b()?;")),
            Check::Shape(c("d()?;")),
        ]);
        assert_eq!(
            flat(two),
            "lettypes=::ods_runtime::traits::value_types(ctx,ir,self.0);if types!=::ods_runtime::traits::ValueTypes::One{a()?;}b()?;if types==::ods_runtime::traits::ValueTypes::Mixed{d()?;}".replace(' ', "")
        );
        // One alone looks for itself.
        let one = one_type_first(vec![Check::OneType(c("a()?;")), Check::Other(c("b()?;"))]);
        assert_eq!(flat(one), "a()?;b()?;");
    }
}
