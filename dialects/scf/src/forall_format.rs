//! `scf.forall`'s custom form, read and written as `mlir-opt` 22 does:
//!
//! ```text
//! scf.forall (%i, %j) in (%n, 8) shared_outs(%o = %t) -> (tensor<?xf32>) {...}
//! scf.forall (%i) = (%lb) to (%ub) step (2) {...} {mapping = [...]}
//! ```
//!
//! Each bound is an index value or an integer: values go to the operand
//! groups, integers to the `static*` arrays, where a value's place holds
//! the dynamic marker (`i64::MIN`, MLIR's `ShapedType::kDynamic`). The
//! `in` form (lower bounds 0, steps 1) is printed whenever the bounds
//! say so, constants (`arith.constant`) included.
//!
//! In: the tokens after `scf.forall` (parser) or the op (printer). Out:
//! the op's state or the text.

use super::asm_common::{dict_entries, print_initialization_list, set_attributes};
use super::{forall_groups, forall_statics, DYNAMIC};
use dialect_arith::ConstantOp;
use ir::parser::ops::{OpAsmParser, UnresolvedOperand};
use ir::parser::{Delimiter, PResult};
use ir::printer::ops::OpAsmPrinter;
use ir::{Context, Ir, NamedAttribute, OpId, OperationState, Value};
use ods_runtime::matchers::read_constant_int;

/// The terminator the parser adds to a body that lacks one.
const IN_PARALLEL: &str = "scf.forall.in_parallel";

/// The attributes `scf.forall`'s form writes itself.
const ELIDED: [&str; 4] = [
    "operandSegmentSizes",
    "staticLowerBound",
    "staticUpperBound",
    "staticStep",
];

/// `(%a, 4, %b)`: values and integers (MLIR's `parseDynamicIndexList`
/// with parentheses); scf.forall keeps no scalable flags.
fn parse_dynamic_index_list<'a>(
    p: &mut OpAsmParser<'a>,
    values: &mut Vec<UnresolvedOperand<'a>>,
) -> PResult<Vec<i64>> {
    ods_runtime::index_list::parse_dynamic_index_list_with(p, Delimiter::Paren, values, None)
}

/// Writes `(%a, 4, %b)`: each static entry, or the next value in its place.
fn print_dynamic_index_list(pr: &mut OpAsmPrinter<'_, '_>, values: &[Value], statics: &[i64]) {
    ods_runtime::index_list::print_dynamic_index_list_with(
        pr,
        Delimiter::Paren,
        values,
        statics,
        &[],
    );
}

/// Parses `scf.forall`'s custom form.
pub fn parse_forall(p: &mut OpAsmParser<'_>, state: &mut OperationState) -> PResult<()> {
    let index = p.ctx().index_type();
    let mut ivs = p.parse_argument_list(Delimiter::Paren, false, false)?;
    let n = ivs.len();
    let mut counts = [0usize; 4];
    let (lbs, ubs, steps);
    if p.parse_optional_keyword("in") {
        let mut values = Vec::new();
        ubs = parse_dynamic_index_list(p, &mut values)?;
        p.resolve_operands_to(&values, index, &mut state.operands)?;
        counts[1] = values.len();
        lbs = vec![0; n];
        steps = vec![1; n];
    } else {
        let mut lists = Vec::with_capacity(3);
        for (i, keyword) in ["=", "to", "step"].into_iter().enumerate() {
            match keyword {
                "=" => p.parse_equal()?,
                kw => p.parse_keyword(kw)?,
            }
            let mut values = Vec::new();
            lists.push(parse_dynamic_index_list(p, &mut values)?);
            p.resolve_operands_to(&values, index, &mut state.operands)?;
            counts[i] = values.len();
        }
        steps = lists.pop().unwrap_or_default();
        ubs = lists.pop().unwrap_or_default();
        lbs = lists.pop().unwrap_or_default();
    }

    let (mut out_args, mut outs) = (Vec::new(), Vec::new());
    let outs_at = p.current_location();
    if p.parse_optional_keyword("shared_outs") {
        (out_args, outs) = p.parse_assignment_list()?;
        state.result_types = p.parse_optional_arrow_type_list()?;
        let types = state.result_types.clone();
        p.resolve_operands(&outs, &types, outs_at, &mut state.operands)?;
    }
    counts[3] = outs.len();

    for iv in &mut ivs {
        iv.ty = index;
    }
    for (arg, &t) in out_args.iter_mut().zip(&state.result_types) {
        arg.ty = t;
    }
    ivs.extend(out_args);
    let body = p.parse_region(&ivs)?;
    // The implicit `scf.forall.in_parallel` has its empty block, as its
    // builder gives it.
    p.ensure_terminator_with(body, IN_PARALLEL, state.loc, |p| {
        let region = p.new_region();
        p.ensure_entry_block(region);
        vec![region]
    });
    state.regions.push(body);

    let dict = p.parse_optional_attr_dict()?;
    let mut props = Vec::new();
    for (name, values) in [
        ("staticLowerBound", &lbs),
        ("staticUpperBound", &ubs),
        ("staticStep", &steps),
    ] {
        let value = ods_runtime::attr::dense_array(p.ctx(), values);
        let name = p.ctx().ident(name);
        props.push(NamedAttribute { name, value });
    }
    let value = ods_runtime::segments::segment_sizes_attr(p.ctx(), &counts);
    let name = p.ctx().ident("operandSegmentSizes");
    props.push(NamedAttribute { name, value });
    // The form's own attributes win over entries of the dictionary.
    let mut inherent: Vec<&str> = vec!["mapping"];
    let dict_entries = dict_entries(p.ctx(), dict);
    let written: Vec<NamedAttribute> = dict_entries
        .into_iter()
        .filter(|e| !props.iter().any(|q| q.name == e.name))
        .collect();
    let dict = (!written.is_empty()).then(|| p.ctx().dictionary_attr(written));
    inherent.extend(ELIDED);
    set_attributes(p, state, dict, &inherent, props);
    Ok(())
}

/// Whether every entry (static, or a constant value) equals `want`.
fn all_equal(ctx: &Context, ir: &Ir, statics: &[i64], values: &[Value], want: i64) -> bool {
    let mut next = values.iter();
    statics.iter().all(|&s| {
        let got = match s {
            DYNAMIC => next
                .next()
                .and_then(|&v| read_constant_int::<ConstantOp>(ctx, ir, v)),
            s => Some(s),
        };
        got == Some(want)
    })
}

/// Prints what [`parse_forall`] reads.
pub fn print_forall(pr: &mut OpAsmPrinter<'_, '_>, op: OpId) {
    let (ctx, ir) = (pr.ctx(), pr.ir());
    let [lbs, ubs, steps, outs] = forall_groups(ctx, ir, op);
    let static_lbs = forall_statics(ctx, ir, op, "staticLowerBound");
    let static_ubs = forall_statics(ctx, ir, op, "staticUpperBound");
    let static_steps = forall_statics(ctx, ir, op, "staticStep");
    let args = super::body_arguments(ir, op, 0);
    let rank = static_lbs.len().min(args.len());
    pr.print_str(" (");
    pr.print_operands(args[..rank].iter().copied());
    let normalized =
        all_equal(ctx, ir, &static_lbs, &lbs, 0) && all_equal(ctx, ir, &static_steps, &steps, 1);
    if normalized {
        pr.print_str(") in ");
        print_dynamic_index_list(pr, &ubs, &static_ubs);
    } else {
        pr.print_str(") = ");
        print_dynamic_index_list(pr, &lbs, &static_lbs);
        pr.print_str(" to ");
        print_dynamic_index_list(pr, &ubs, &static_ubs);
        pr.print_str(" step ");
        print_dynamic_index_list(pr, &steps, &static_steps);
    }
    let out_args = &args[rank..];
    print_initialization_list(pr, out_args, &outs, " shared_outs");
    pr.print_str(" ");
    if !out_args.is_empty() {
        pr.print_str("-> (");
        let types: Vec<_> = ir.results(op).map(|v| ir.value_type(v)).collect();
        pr.print_types(types);
        pr.print_str(") ");
    }
    pr.print_region(ir.region(op, 0), false, ir.num_results(op) > 0, false);
    let attrs = pr.op_attrs(op);
    pr.print_optional_attr_dict(&attrs, &ELIDED);
}
