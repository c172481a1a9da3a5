//! The builders of an op handle (Rust has neither overloading nor default
//! arguments, so each ODS form gets its own name):
//! - `build`: typed values for attributes, result types inferred when ODS
//!   can infer them (else passed first);
//! - `build_with_types`: the same with explicit result types, when
//!   `build` infers them;
//! - `build_inferred`: for ops implementing `InferTypeOpInterface`
//!   themselves, `build` without result types, which the interface
//!   infers from the state (`Result`, with the inference's message);
//! - `build_raw`: attributes as raw `ir::Attribute`s;
//! - `build_generic` (a method of the `ods_runtime::Op` trait, not
//!   generated): the aggregate form (result types, operands and named
//!   attributes as slices);
//! - custom `OpBuilder<(ins ...), [{ body }]>`s: `build_from_<params>`,
//!   named after their parameters; a `CArg` default makes one more
//!   builder per omitted trailing parameter, named after the parameters
//!   it keeps.
//!
//! Single operands are `impl ods_runtime::IntoValue`, resolved once the
//! builder holds the IR; the `<Op>Args` struct of a long `build` and
//! `IntoValue` for one-result ops are in `builder_args.rs`.
//!
//! In: an [`OpInfo`]. Out: the builder functions of the handle's `impl`.

use std::collections::BTreeSet;

use proc_macro2::{Literal, TokenStream};
use quote::{format_ident, quote};

use super::op_info::rt::*;
use super::op_info::{attr_form, build_attr, property_form, Inferred, OpInfo};
use super::snippets::{
    builder_body, code, method_name, no_names, prefixed, snake_case, substitute,
};
use crate::model::{ArgumentRef, AttributeModel, BuilderModel, OpModel, VarKind};

/// Names of attributes the builders compute themselves (the group sizes
/// of variadic-of-variadic operands).
fn computed_attrs(op: &OpModel) -> BTreeSet<&str> {
    op.operands
        .iter()
        .filter_map(|o| match &o.kind {
            VarKind::VariadicOfVariadic { segment_attr } => Some(segment_attr.as_str()),
            _ => None,
        })
        .collect()
}

fn value_param_type(kind: &VarKind, elem: TokenStream) -> TokenStream {
    match kind {
        VarKind::Single => elem,
        VarKind::Optional => quote!(#RT_OPTION<#elem>),
        VarKind::Variadic => quote!(&[#elem]),
        VarKind::VariadicOfVariadic { .. } => quote!(&[&[#elem]]),
    }
}

/// The names of one generated function. Parameters named by the spec
/// keep their names (a builder body refers to them); the function's own
/// parameters and locals (`b`, `loc`, `state`, ...) take the first of
/// `x`, `x_`, `x__`, ... that no spec name has taken, so no spec name can
/// shadow or be shadowed by them.
struct Names(BTreeSet<String>);

impl Names {
    fn new() -> Self {
        Names(BTreeSet::new())
    }

    /// Records a name the spec chose.
    fn reserve(&mut self, name: &proc_macro2::Ident) {
        self.0
            .insert(name.to_string().trim_start_matches("r#").to_string());
    }

    /// A name of the generator's own, free in this function.
    fn fresh(&mut self, want: &str) -> proc_macro2::Ident {
        let mut name = want.to_string();
        while self.0.contains(&name) {
            name.push('_');
        }
        self.0.insert(name.clone());
        format_ident!("{name}")
    }
}

/// The builder's own parameters and locals.
struct Locals {
    b: proc_macro2::Ident,
    loc: proc_macro2::Ident,
    props: proc_macro2::Ident,
    name: proc_macro2::Ident,
    state: proc_macro2::Ident,
}

impl Locals {
    fn new(names: &mut Names) -> Self {
        Locals {
            b: names.fresh("b"),
            loc: names.fresh("loc"),
            props: names.fresh("props"),
            name: names.fresh("name"),
            state: names.fresh("state"),
        }
    }
}

/// Value parameters as the creation call takes them: the list of
/// groups (`&[&[a, b], xs, opt.as_slice()]`, each run of single values
/// one group), or `None` when they are all single (`[a, b]` is then the
/// list); and each parameter's count, for segment sizes.
struct Groups {
    groups: TokenStream,
    flat: Option<TokenStream>,
    lens: Vec<TokenStream>,
}

impl Groups {
    fn new(kinds: &[&VarKind], names: &[proc_macro2::Ident]) -> Groups {
        let mut groups = Vec::new();
        let mut singles = Vec::new();
        let mut lens = Vec::new();
        for (kind, n) in kinds.iter().zip(names) {
            let group = match kind {
                VarKind::Single => {
                    singles.push(n);
                    lens.push(quote!(1));
                    continue;
                }
                VarKind::Optional => {
                    lens.push(quote!(usize::from(#n.is_some())));
                    quote!(#n.as_slice())
                }
                VarKind::Variadic => {
                    lens.push(quote!(#n.len()));
                    quote!(#n)
                }
                VarKind::VariadicOfVariadic { .. } => {
                    lens.push(quote!(#n.iter().map(|g| g.len()).sum::<usize>()));
                    quote!(&#n.concat())
                }
            };
            if !singles.is_empty() {
                groups.push(quote!(&[#(#singles),*]));
                singles.clear();
            }
            groups.push(group);
        }
        let flat = (groups.is_empty()).then(|| quote!([#(#singles),*]));
        if !singles.is_empty() {
            groups.push(quote!(&[#(#singles),*]));
        }
        Groups {
            groups: quote!([#(#groups),*]),
            flat,
            lens,
        }
    }
}

/// Clippy's `too_many_arguments` allowance, for builders over its limit
/// of 7 (counting the builder and location): the spec decides the count.
fn many_args(params: usize) -> Option<TokenStream> {
    (params + 2 > 7).then(|| quote!(#[allow(clippy::too_many_arguments)]))
}

/// One parameter of a default builder: its name, its type in the
/// function and its type as a field of the op's arguments struct (an
/// operand is `impl IntoValue` in the one, `Value` in the other).
pub(super) struct Param {
    pub(super) name: proc_macro2::Ident,
    pub(super) fn_type: TokenStream,
    pub(super) field_type: TokenStream,
}

impl Param {
    fn new(name: &proc_macro2::Ident, fn_type: TokenStream, field_type: TokenStream) -> Param {
        Param {
            name: name.clone(),
            fn_type,
            field_type,
        }
    }

    fn same(name: &proc_macro2::Ident, ty: TokenStream) -> Param {
        Param::new(name, ty.clone(), ty)
    }
}

/// Which form attribute parameters take in a default builder.
#[derive(Clone, Copy, PartialEq)]
enum AttrParams {
    Typed,
    Raw,
}

/// Where a default builder's result types come from.
#[derive(Clone, Copy)]
enum ResultTypes<'a> {
    /// Parameters of the builder.
    Given,
    /// What ODS infers from the operands and constraints.
    Ods(&'a [Inferred]),
    /// The op's `InferTypeOpInterface::infer_return_types`, run on the
    /// state before the op is made (the builder returns its message).
    Interface,
}

fn default_builder(
    info: &OpInfo,
    fn_name: proc_macro2::Ident,
    doc: &str,
    infer: ResultTypes<'_>,
    attr_params: AttrParams,
) -> Result<(TokenStream, Vec<Param>), String> {
    let op = info.op;
    let mut params: Vec<Param> = Vec::new();
    let mut resolve = Vec::new();
    let mut prelude = Vec::new();
    // The spec's names first: operands, attributes, successors, regions.
    let mut names = Names::new();
    let spec_name = |n: &str| (!n.is_empty()).then(|| method_name(n)).transpose();
    for n in op
        .operands
        .iter()
        .map(|o| &o.name)
        .chain(
            op.attributes
                .iter()
                .filter(|a| !a.is_derived)
                .map(|a| &a.name),
        )
        .chain(op.successors.iter().map(|s| &s.name))
    {
        if let Some(id) = spec_name(n)? {
            names.reserve(&id);
        }
    }
    let region_count = match op.regions.iter().find(|r| r.variadic) {
        Some(r) => {
            let n = prefixed("num_", &r.name)?;
            names.reserve(&n);
            Some(n)
        }
        None => None,
    };
    let operand_names: Vec<proc_macro2::Ident> = op
        .operands
        .iter()
        .enumerate()
        .map(|(i, o)| match spec_name(&o.name)? {
            Some(id) => Ok(id),
            None => Ok(names.fresh(&format!("operand{i}"))),
        })
        .collect::<Result<_, String>>()?;
    let successor_names: Vec<proc_macro2::Ident> = op
        .successors
        .iter()
        .enumerate()
        .map(|(i, s)| match spec_name(&s.name)? {
            Some(id) => Ok(id),
            None => Ok(names.fresh(&format!("successor{i}"))),
        })
        .collect::<Result<_, String>>()?;
    let result_names: Vec<proc_macro2::Ident> = op
        .results
        .iter()
        .enumerate()
        .map(|(i, r)| {
            if r.name.is_empty() {
                names.fresh(&format!("result{i}_type"))
            } else {
                names.fresh(&format!("{}_type", snake_case(&r.name)))
            }
        })
        .collect();
    let locals = Locals::new(&mut names);
    let value = names.fresh("value");
    let operand_segments = names.fresh("operand_segments");
    let result_segments = names.fresh("result_segments");
    let Locals { b, .. } = &locals;
    let b_ctx = format!("{b}.ctx");
    // Result types.
    match infer {
        ResultTypes::Ods(types) => {
            for (n, t) in result_names.iter().zip(types) {
                let t = match t {
                    Inferred::Built(call) => super::snippets::type_builder_call(call, &b_ctx)?,
                    Inferred::Operand(i) => {
                        let v = &operand_names[*i];
                        quote!(#b.ir.value_type(#v))
                    }
                };
                prelude.push(quote!(let #n = #t;));
            }
        }
        ResultTypes::Given => {
            for (r, n) in op.results.iter().zip(&result_names) {
                let t = value_param_type(&r.kind, quote!(#RT_TYPE));
                params.push(Param::same(n, quote!(#t)));
            }
        }
        ResultTypes::Interface => {}
    }
    // Operands, attributes and properties, in `arguments` order.
    let computed = computed_attrs(op);
    let mut props = Vec::new();
    for arg in &op.argument_order {
        let a = match *arg {
            ArgumentRef::Operand(i) => {
                let t = value_param_type(&op.operands[i].kind, quote!(#RT_VALUE));
                let n = &operand_names[i];
                if op.operands[i].kind == VarKind::Single {
                    // Resolved with the store once the builder holds it.
                    resolve.push(quote!(let #n = #RT::IntoValue::into_value(#n, #b.ir);));
                    params.push(Param::new(n, quote!(impl #RT::IntoValue), t));
                } else {
                    params.push(Param::same(n, t));
                }
                continue;
            }
            ArgumentRef::Attribute(i) => &op.attributes[i],
        };
        if a.is_derived {
            continue;
        }
        let name = &a.name;
        let n = method_name(name)?;
        if computed.contains(name.as_str()) {
            let (vov, _) = op
                .operands
                .iter()
                .zip(&operand_names)
                .find(|(o, _)| matches!(&o.kind, VarKind::VariadicOfVariadic { segment_attr } if segment_attr == name))
                .map(|(o, n)| (n.clone(), o))
                .ok_or_else(|| format!("no operand uses '{name}'"))?;
            prelude.push(quote! {
                let #n = {
                    let sizes: #RT_VEC<i32> = #vov.iter().map(|g| i32::try_from(g.len()).unwrap_or(i32::MAX)).collect();
                    Some(#RT_MOD_PRED::dense_i32_array_attr(#b.ctx, &sizes))
                };
            });
            props.push(quote!((#name, #n)));
            continue;
        }
        if a.is_property {
            let (storage, _) = property_form(a)?;
            params.push(Param::same(&n, quote!(#storage)));
            let to_attr = prop_to_attr(a, &b_ctx, &n.to_string())?;
            prelude.push(quote!(let #n = #to_attr;));
            props.push(quote!((#name, #n)));
            continue;
        }
        let form = attr_form(a)?;
        let optional = a.optional || a.default_value.is_some();
        match (attr_params, &form.param) {
            (AttrParams::Typed, Some(param)) => {
                params.push(Param::same(&n, quote!(#param)));
                let build = build_attr(a, &b_ctx, &value.to_string())?.unwrap_or_default();
                let identity = value == build.to_string();
                let stmt = if form.builds_option {
                    quote!(let #value = #n; let #n = #build;)
                } else if optional && identity {
                    // The attribute is passed as stored: nothing to build.
                    quote!()
                } else if optional {
                    quote!(let #n = #n.map(|#value| #build);)
                } else {
                    quote!(let #value = #n; let #n = Some(#build);)
                };
                prelude.push(stmt);
            }
            _ => {
                if optional {
                    params.push(Param::same(&n, quote!(#RT_OPTION<#RT_ATTRIBUTE>)));
                } else {
                    params.push(Param::same(&n, quote!(#RT_ATTRIBUTE)));
                    prelude.push(quote!(let #n = Some(#n);));
                }
            }
        }
        props.push(quote!((#name, #n)));
    }
    // Successors and variadic regions.
    let mut successor_kinds = Vec::new();
    for (s, n) in op.successors.iter().zip(&successor_names) {
        let (t, kind) = if s.variadic {
            (quote!(&[#RT_BLOCK_ID]), &VarKind::Variadic)
        } else {
            (quote!(#RT_BLOCK_ID), &VarKind::Single)
        };
        params.push(Param::same(n, quote!(#t)));
        successor_kinds.push(kind);
    }
    let successors = Groups::new(&successor_kinds, &successor_names);
    let n_fixed = op.regions.iter().filter(|r| !r.variadic).count();
    let fixed_regions = Literal::usize_unsuffixed(n_fixed);
    let mut num_regions = quote!(#fixed_regions);
    if let Some(n) = region_count {
        params.push(Param::same(&n, quote!(usize)));
        // Only variadic regions: `0 + n` would be clippy's identity_op.
        num_regions = match n_fixed {
            0 => quote!(#n),
            _ => quote!(#fixed_regions + #n),
        };
    }

    let operands = Groups::new(
        &op.operands.iter().map(|o| &o.kind).collect::<Vec<_>>(),
        &operand_names,
    );
    let results = Groups::new(
        &op.results.iter().map(|r| &r.kind).collect::<Vec<_>>(),
        &result_names,
    );
    let (operand_lens, result_lens) = (&operands.lens, &results.lens);
    if info.operand_segments {
        prelude.push(quote! {
            let #operand_segments = Some(#RT_MOD_SEGMENTS::segment_sizes_attr(#b.ctx, &[#(#operand_lens),*]));
        });
        props.push(quote!((
            #RT_MOD_SEGMENTS::OPERAND_SEGMENT_SIZES,
            #operand_segments
        )));
    }
    if info.result_segments {
        prelude.push(quote! {
            let #result_segments = Some(#RT_MOD_SEGMENTS::segment_sizes_attr(#b.ctx, &[#(#result_lens),*]));
        });
        props.push(quote!((
            #RT_MOD_SEGMENTS::RESULT_SEGMENT_SIZES,
            #result_segments
        )));
    }
    let props_expr = super::defaults::props_with_defaults(info, &props, b)?;
    let name = &info.name;
    let (create, ret) = match infer {
        ResultTypes::Interface => (
            inferring_create_call(&locals, &operands, &props_expr, &num_regions, &successors),
            quote!(#RT_RESULT<#name, ::std::string::String>),
        ),
        _ => (
            create_call(
                &locals,
                [&operands, &results, &successors],
                &props_expr,
                &num_regions,
            ),
            quote!(#name),
        ),
    };
    let deprecated = op.deprecated.as_ref().map(|_| quote!(#[allow(deprecated)]));
    let many = many_args(params.len());
    let loc = &locals.loc;
    let fn_params = params.iter().map(|p| {
        let (n, t) = (&p.name, &p.fn_type);
        quote!(#n: #t)
    });
    let function = quote! {
        #[doc = #doc]
        #deprecated
        #many
        pub fn #fn_name(#b: &mut #RT_MOD_IR::builder::OpBuilder<'_>, #loc: #RT_MOD_IR::Location, #(#fn_params),*) -> #ret {
            #(#resolve)*
            #(#prelude)*
            #create
        }
    };
    Ok((function, params))
}

/// The statements creating the op from its parts, `props` (an
/// expression using the builder) first.
fn create_call(
    locals: &Locals,
    [operands, results, successors]: [&Groups; 3],
    props: &TokenStream,
    num_regions: &TokenStream,
) -> TokenStream {
    let Locals {
        b,
        loc,
        props: props_var,
        ..
    } = locals;
    let (let_props, props) = match props.to_string().as_str() {
        "None" => (quote!(), quote!(None)),
        _ => (quote!(let #props_var = #props;), quote!(#props_var)),
    };
    // The name is static: `create_op_grouped` finds its identifier by
    // address instead of hashing the text.
    let name = quote!(<Self as #RT::Op>::NAME);
    let (operands, results, successors) = (&operands.groups, &results.groups, &successors.groups);
    let call = quote! {
        #b.create_op_grouped(#name, #loc, &#operands, &#results, &#successors, #props, #num_regions)
    };
    quote! {
        #let_props
        Self(#call)
    }
}

/// The statements making the op from its parts with the result types
/// its `InferTypeOpInterface` infers from the state (`Err` with the
/// inference's message, before anything is created but the regions).
fn inferring_create_call(
    locals: &Locals,
    operands: &Groups,
    props: &TokenStream,
    num_regions: &TokenStream,
    successors: &Groups,
) -> TokenStream {
    let Locals {
        b,
        loc,
        props: props_var,
        name,
        state,
    } = locals;
    let list = |groups: &Groups, elem: TokenStream| match &groups.flat {
        Some(flat) => quote!(#flat.to_vec()),
        None => {
            let groups = &groups.groups;
            quote!(<[&[#elem]]>::concat(&#groups))
        }
    };
    let operands = list(operands, quote!(#RT_VALUE));
    let successors = (!successors.lens.is_empty()).then(|| {
        let successors = list(successors, quote!(#RT_BLOCK_ID));
        quote!(#state.successors = #successors;)
    });
    quote! {
        let #props_var = #props;
        let #name = #b.ctx.static_ident(<Self as #RT::Op>::NAME);
        let mut #state = #RT_MOD_IR::OperationState::new(#name, #loc);
        #state.operands = #operands;
        #state.props = #props_var;
        #successors
        #state.regions = (0..#num_regions).map(|_| #b.ir.create_region()).collect();
        #state.result_types = <Self as #RT_MOD_INTERFACES::InferTypeOpInterface>::infer_return_types(#b.ctx, #b.ir, &#state)?;
        Ok(Self(#b.create(&#state)))
    }
}

/// The attribute form of property `a`'s value `value` (an expression),
/// `ctx` being a `&mut Context` expression: the spec's
/// `convertToAttribute`, else the storage type's `PropValue` conversion.
fn prop_to_attr(a: &AttributeModel, ctx: &str, value: &str) -> Result<TokenStream, String> {
    let (storage, _) = property_form(a)?;
    let ctx_t = code(ctx, "context")?;
    let value_t = code(value, "value")?;
    Ok(quote!(<#storage as #RT_MOD_PROP::PropValue>::to_attr(&#value_t, #ctx_t)))
}

/// Fills `state.regions` with `n` new empty regions (`b` the builder).
fn create_regions(n: usize, b: &proc_macro2::Ident, state: &proc_macro2::Ident) -> TokenStream {
    match n {
        0 => quote!(),
        1 => quote!(#state.regions.push(#b.ir.create_region());),
        n => {
            let n = Literal::usize_unsuffixed(n);
            quote!(#state.regions = (0..#n).map(|_| #b.ir.create_region()).collect();)
        }
    }
}

/// The builder functions of the handle's `impl`, and the items beside it
/// (the arguments struct of a long `build`).
pub(super) fn builders(info: &OpInfo) -> Result<(TokenStream, TokenStream), String> {
    let op = info.op;
    let mut out = TokenStream::new();
    let mut beside = TokenStream::new();
    let mut keep_build =
        |(function, params): (TokenStream, Vec<Param>)| -> Result<TokenStream, String> {
            if params.len() >= super::builder_args::ARGS_STRUCT_FROM {
                beside.extend(super::builder_args::args_struct(info, &params)?);
            }
            Ok(function)
        };
    let mut names: BTreeSet<String> = BTreeSet::new();
    if !op.skip_default_builders {
        let inferred = info.inferred();
        let full = &op.full_name;
        match &inferred {
            Some(types) => {
                out.extend(keep_build(default_builder(
                    info,
                    format_ident!("build"),
                    &format!(
                        " Builds `{full}` at `b`'s insertion point; the result types are inferred."
                    ),
                    ResultTypes::Ods(types),
                    AttrParams::Typed,
                )?)?);
                out.extend(
                    default_builder(
                        info,
                        format_ident!("build_with_types"),
                        &format!(" Builds `{full}` with explicit result types."),
                        ResultTypes::Given,
                        AttrParams::Typed,
                    )?
                    .0,
                );
            }
            None => out.extend(keep_build(default_builder(
                info,
                format_ident!("build"),
                &format!(" Builds `{full}` at `b`'s insertion point."),
                ResultTypes::Given,
                AttrParams::Typed,
            )?)?),
        }
        if inferred.is_none() && super::interfaces::implements_infer_type(op) {
            out.extend(default_builder(
                info,
                format_ident!("build_inferred"),
                &format!(
                    " Builds `{full}` at `b`'s insertion point with the result types its `InferTypeOpInterface` infers (`Err`: the inference's message)."
                ),
                ResultTypes::Interface,
                AttrParams::Typed,
            )?
            .0,
            );
        }
        let has_typed_attrs = op
            .attributes
            .iter()
            .any(|a| !a.is_property && !a.is_derived && super::op_info::builds_from_value(a));
        if has_typed_attrs {
            out.extend(
                default_builder(
                    info,
                    format_ident!("build_raw"),
                    &format!(" Builds `{full}` with attributes given as stored."),
                    inferred
                        .as_deref()
                        .map_or(ResultTypes::Given, ResultTypes::Ods),
                    AttrParams::Raw,
                )?
                .0,
            );
        }
        // `build_generic` is the `Op` trait's, the same for every op.
        names.extend(
            [
                "build",
                "build_with_types",
                "build_raw",
                "build_generic",
                "build_inferred",
            ]
            .map(String::from),
        );
    }
    for b in &op.builders {
        for (fn_name, tokens) in custom_builders(info, b)? {
            if !names.insert(fn_name.clone()) {
                return Err(format!(
                    "two builders are both named `{fn_name}` (custom builders are named after their parameters)"
                ));
            }
            out.extend(tokens);
        }
    }
    Ok((out, beside))
}

/// One builder per omissible tail of `b`'s `CArg` defaults.
fn custom_builders(info: &OpInfo, b: &BuilderModel) -> Result<Vec<(String, TokenStream)>, String> {
    let Some(body) = &b.body else {
        // Declared only: the dialect writes it by hand.
        return Ok(Vec::new());
    };
    let required = b
        .params
        .iter()
        .rposition(|p| p.default.is_none())
        .map_or(0, |i| i + 1);
    // The body names the parameters as the spec does; the builder's own
    // names step aside.
    let mut names = Names::new();
    for p in &b.params {
        names.reserve(&method_name(&p.name)?);
    }
    let Locals {
        b: builder,
        loc,
        name: name_var,
        state,
        ..
    } = Locals::new(&mut names);
    let body_text = substitute(
        body,
        &[
            ("$_builder", &builder.to_string()),
            ("$_state", &state.to_string()),
        ],
        &no_names,
    )
    .map_err(|e| format!("builder body: {e}"))?;
    let body = builder_body(&body_text)?;
    let from = super::snippet_origin(b.body_at.as_deref());
    let body = quote!(#from #body);
    let regions = create_regions(
        info.op.regions.iter().filter(|r| !r.variadic).count(),
        &builder,
        &state,
    );
    let deprecated = b
        .deprecated
        .as_ref()
        .map(|r| quote!(#[deprecated(note = #r)]));
    let fill_defaults = if super::defaults::has_defaults(info)? {
        let props = super::defaults::with_defaults(info, quote!(#state.props), &builder)?;
        quote!(#state.props = #props;)
    } else {
        quote!()
    };
    let mut out = Vec::new();
    for kept in (required..=b.params.len()).rev() {
        let names: Vec<String> = b.params[..kept]
            .iter()
            .map(|p| snake_case(&p.name))
            .collect();
        let fn_name = if names.is_empty() {
            "build_from".to_string()
        } else {
            format!("build_from_{}", names.join("_"))
        };
        let f = method_name(&fn_name)?;
        let mut params = Vec::new();
        for p in &b.params[..kept] {
            let n = method_name(&p.name)?;
            let t = code(
                &p.rust_type,
                &format!("type of builder parameter '{}'", p.name),
            )?;
            params.push(quote!(#n: #t));
        }
        let mut defaults = Vec::new();
        for p in &b.params[kept..] {
            let n = method_name(&p.name)?;
            let t = code(
                &p.rust_type,
                &format!("type of builder parameter '{}'", p.name),
            )?;
            let d = code(
                p.default.as_deref().unwrap_or_default(),
                &format!("default of builder parameter '{}'", p.name),
            )?;
            defaults.push(quote!(let #n: #t = #d;));
        }
        let doc = if kept == b.params.len() {
            format!(" Builds `{}` (a builder of the spec).", info.op.full_name)
        } else {
            let omitted: Vec<String> = b.params[kept..]
                .iter()
                .map(|p| format!("`{}`", p.name))
                .collect();
            format!(
                " Builds `{}` (a builder of the spec) with the default {}.",
                info.op.full_name,
                omitted.join(", ")
            )
        };
        let name = &info.name;
        let many = many_args(params.len());
        let tokens = quote! {
            #[doc = #doc]
            #deprecated
            #many
            pub fn #f(#builder: &mut #RT_MOD_IR::builder::OpBuilder<'_>, #loc: #RT_MOD_IR::Location, #(#params),*) -> #name {
                #(#defaults)*
                let #name_var = #builder.ctx.static_ident(<Self as #RT::Op>::NAME);
                // A body that fills nothing leaves the state as it is.
                #[allow(unused_mut)]
                let mut #state = #RT_MOD_IR::OperationState::new(#name_var, #loc);
                #regions
                #body
                #fill_defaults
                Self(#builder.create(&#state))
            }
        };
        out.push((fn_name, tokens));
    }
    Ok(out)
}
