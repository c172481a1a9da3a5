//! The custom forms of the scf ops whose spec says
//! `hasCustomAssemblyFormat`, read and written as `mlir-opt` 22 does, and
//! `scf.index_switch`'s `custom<SwitchCases>` directive:
//!
//! ```text
//! scf.for (unsigned)? %iv = %lb to %ub step %s (iter_args(%a = %init) -> (t))? (: t)? {...}
//! scf.if %c (-> (t))? {...} (else {...})?
//! scf.while ((%a = %init))? : (t) -> (u) {...} do {...} (attributes {...})?
//! scf.execute_region (-> t)? (no_inline)? {...}
//! scf.parallel (%i) = (%lb) to (%ub) step (%s) (init (%v))? (-> t)? {...}
//! scf.forall (%i) in (%n, 4) | = (%lb) to (%ub) step (%s) (shared_outs(%o = %t) -> (t))? {...}
//! scf.forall.in_parallel {...}
//! ```
//!
//! In: the tokens after the op name (parsers) or the op (printers). Out:
//! the op's state (inherent attributes in its properties, the others in
//! its discardable dictionary, as MLIR 22 stores them) or the text.
//! Regions of ops with an implicit terminator get it while parsing, and
//! the printers leave it out where `mlir-opt` does.

use ir::parser::ops::OpAsmParser;
use ir::parser::{Delimiter, PResult};
use ir::printer::ops::OpAsmPrinter;
use ir::{Attribute, NamedAttribute, OpId, OperationState, RegionId, TypeKind, Value};
use ods_runtime::op::inherent_attr;

use super::asm_common::{print_initialization_list, set_attributes};
use super::{SmallTypes, SmallValues};

/// The terminators the parsers add to bodies that lack one.
const YIELD: &str = "scf.yield";
const REDUCE: &str = "scf.reduce";

/// `name = value` for the properties of a parsed op.
fn named(p: &mut OpAsmParser<'_>, name: &str, value: Attribute) -> NamedAttribute {
    NamedAttribute {
        name: p.ctx().ident(name),
        value,
    }
}

/// A unit attribute, as the `unsigned` and `no_inline` keywords set.
fn unit(p: &mut OpAsmParser<'_>, name: &str) -> NamedAttribute {
    let value = p.ctx().unit_attr();
    named(p, name, value)
}

/// Values `range` of the op's operands.
fn operand_slice(
    pr: &OpAsmPrinter<'_, '_>,
    op: OpId,
    range: std::ops::Range<usize>,
) -> SmallValues {
    let ir = pr.ir();
    range.map(|i| ir.operand(op, i)).collect()
}

fn types_of(pr: &OpAsmPrinter<'_, '_>, values: &[Value]) -> SmallTypes {
    values.iter().map(|&v| pr.ir().value_type(v)).collect()
}

fn result_types(pr: &OpAsmPrinter<'_, '_>, op: OpId) -> SmallTypes {
    let ir = pr.ir();
    ir.results(op).map(|v| ir.value_type(v)).collect()
}

/// `scf.for`'s custom form.
pub fn parse_for(p: &mut OpAsmParser<'_>, state: &mut OperationState) -> PResult<()> {
    let op_at = p.name_location();
    let mut props = Vec::new();
    if p.parse_optional_keyword("unsigned") {
        props.push(unit(p, "unsignedCmp"));
    }
    let iv = p.parse_argument(false, false)?;
    p.parse_equal()?;
    let lb = p.parse_operand()?;
    p.parse_keyword("to")?;
    let ub = p.parse_operand()?;
    p.parse_keyword("step")?;
    let step = p.parse_operand()?;

    let mut args = vec![iv];
    let mut inits = Vec::new();
    if p.parse_optional_keyword("iter_args") {
        let (carried, values) = p.parse_assignment_list()?;
        args.extend(carried);
        inits = values;
        state.result_types = p.parse_arrow_type_list()?;
    }
    if args.len() != state.result_types.len() + 1 {
        return p.emit_error(
            op_at,
            "mismatch in number of loop-carried values and defined values",
        );
    }
    let ty = if p.parse_optional_colon() {
        p.parse_type()?
    } else {
        p.ctx().index_type()
    };
    args[0].ty = ty;
    for (arg, &t) in args[1..].iter_mut().zip(&state.result_types) {
        arg.ty = t;
    }
    let body = p.parse_region(&args)?;
    p.ensure_terminator(body, YIELD, state.loc);
    state.regions.push(body);
    // Operands resolve after the body, so a bound defined inside it is
    // reported as undeclared (as mlir-opt does).
    for bound in [lb, ub, step] {
        let v = p.resolve_operand(bound, ty)?;
        state.operands.push(v);
    }
    let types = state.result_types.clone();
    for (init, t) in inits.into_iter().zip(types) {
        let v = p.resolve_operand(init, t)?;
        state.operands.push(v);
    }
    let dict = p.parse_optional_attr_dict()?;
    set_attributes(p, state, dict, &["unsignedCmp"], props);
    Ok(())
}

/// Prints what [`parse_for`] reads.
pub fn print_for(pr: &mut OpAsmPrinter<'_, '_>, op: OpId) {
    let (ctx, ir) = (pr.ctx(), pr.ir());
    if inherent_attr(ctx, ir, op, "unsignedCmp").is_some() {
        pr.print_str(" unsigned");
    }
    let args = super::body_args_inline(ir, op, 0);
    pr.print_str(" ");
    if let Some(&iv) = args.first() {
        pr.print_operand(iv);
    }
    let bounds = operand_slice(pr, op, 0..3.min(ir.num_operands(op)));
    for (text, v) in [" = ", " to ", " step "].iter().zip(bounds) {
        pr.print_str(text);
        pr.print_operand(v);
    }
    let inits = operand_slice(pr, op, 3.min(ir.num_operands(op))..ir.num_operands(op));
    let iter_args = args.get(1..).unwrap_or(&[]);
    print_initialization_list(pr, iter_args, &inits, " iter_args");
    if !inits.is_empty() {
        pr.print_str(" -> (");
        let types = types_of(pr, &inits);
        pr.print_types(types);
        pr.print_str(")");
    }
    pr.print_str(" ");
    if let Some(&iv) = args.first() {
        let ty = ir.value_type(iv);
        if !ctx.is_index(ty) {
            pr.print_str(" : ");
            pr.print_type(ty);
            pr.print_str(" ");
        }
    }
    pr.print_region(ir.region(op, 0), false, !inits.is_empty(), false);
    ods_runtime::format::print_attr_dict(pr, op, &["unsignedCmp"], &[], false);
}

/// `scf.if`'s custom form.
pub fn parse_if(p: &mut OpAsmParser<'_>, state: &mut OperationState) -> PResult<()> {
    let cond = p.parse_operand()?;
    let i1 = p.ctx().integer_type(1, ir::Signedness::Signless);
    let cond = p.resolve_operand(cond, i1)?;
    state.operands.push(cond);
    state.result_types = p.parse_optional_arrow_type_list()?;
    let then_region = p.parse_region(&[])?;
    p.ensure_terminator(then_region, YIELD, state.loc);
    state.regions.push(then_region);
    let else_region = if p.parse_optional_keyword("else") {
        let region = p.parse_region(&[])?;
        p.ensure_terminator(region, YIELD, state.loc);
        region
    } else {
        p.new_region()
    };
    state.regions.push(else_region);
    let dict = p.parse_optional_attr_dict()?;
    set_attributes(p, state, dict, &[], Vec::new());
    Ok(())
}

/// Prints what [`parse_if`] reads: the yields show only when the op has
/// results.
pub fn print_if(pr: &mut OpAsmPrinter<'_, '_>, op: OpId) {
    let ir = pr.ir();
    pr.print_str(" ");
    if ir.num_operands(op) > 0 {
        pr.print_operand(ir.operand(op, 0));
    }
    let results = result_types(pr, op);
    if !results.is_empty() {
        pr.print_str(" -> (");
        pr.print_types(results.iter().copied());
        pr.print_str(")");
    }
    let terminators = !results.is_empty();
    pr.print_str(" ");
    pr.print_region(ir.region(op, 0), false, terminators, false);
    if ir.num_regions(op) > 1 {
        let else_region = ir.region(op, 1);
        if !ir.region_is_empty(else_region) {
            pr.print_str(" else ");
            pr.print_region(else_region, false, terminators, false);
        }
    }
    let attrs = pr.op_attrs(op);
    pr.print_optional_attr_dict(&attrs, &[]);
}

/// `scf.while`'s custom form.
pub fn parse_while(p: &mut OpAsmParser<'_>, state: &mut OperationState) -> PResult<()> {
    let (mut args, inits) = p.parse_optional_assignment_list()?.unwrap_or_default();
    let type_at = p.current_location();
    p.parse_colon()?;
    let ty = p.parse_type()?;
    let (inputs, results) = match p.ctx().type_kind(ty) {
        TypeKind::Function { inputs, results } => (inputs.to_vec(), results.to_vec()),
        _ => {
            let found = ir::printer::print_type_str(p.ctx(), ty);
            return p.emit_error(
                type_at,
                format!(
                    "invalid kind of type specified: expected builtin.function, but found '{found}'"
                ),
            );
        }
    };
    state.result_types = results;
    if inputs.len() != inits.len() {
        return p.emit_error(
            type_at,
            format!(
                "expected as many input types as operands (expected {} got {})",
                inits.len(),
                inputs.len()
            ),
        );
    }
    let at = p.current_location();
    p.resolve_operands(&inits, &inputs, at, &mut state.operands)?;
    for (arg, &t) in args.iter_mut().zip(&inputs) {
        arg.ty = t;
    }
    let before = p.parse_region(&args)?;
    state.regions.push(before);
    p.parse_keyword("do")?;
    let after = p.parse_region(&[])?;
    state.regions.push(after);
    let dict = p.parse_optional_attr_dict_with_keyword()?;
    set_attributes(p, state, dict, &[], Vec::new());
    Ok(())
}

/// Prints what [`parse_while`] reads.
pub fn print_while(pr: &mut OpAsmPrinter<'_, '_>, op: OpId) {
    let ir = pr.ir();
    let inits = operand_slice(pr, op, 0..ir.num_operands(op));
    let before_args = super::body_args_inline(ir, op, 0);
    print_initialization_list(pr, &before_args, &inits, " ");
    pr.print_str(" : ");
    let inputs = types_of(pr, &inits);
    let results = result_types(pr, op);
    pr.print_functional_type(&inputs, &results);
    pr.print_str(" ");
    pr.print_region(ir.region(op, 0), false, true, false);
    pr.print_str(" do ");
    pr.print_region(ir.region(op, 1), true, true, false);
    let attrs = pr.op_attrs(op);
    pr.print_optional_attr_dict_with_keyword(&attrs, &[]);
}

/// `scf.execute_region`'s custom form.
pub fn parse_execute_region(p: &mut OpAsmParser<'_>, state: &mut OperationState) -> PResult<()> {
    state.result_types = p.parse_optional_arrow_type_list()?;
    let mut props = Vec::new();
    if p.parse_optional_keyword("no_inline") {
        props.push(unit(p, "no_inline"));
    }
    let body = p.parse_region(&[])?;
    state.regions.push(body);
    let dict = p.parse_optional_attr_dict()?;
    set_attributes(p, state, dict, &["no_inline"], props);
    Ok(())
}

/// Prints what [`parse_execute_region`] reads.
pub fn print_execute_region(pr: &mut OpAsmPrinter<'_, '_>, op: OpId) {
    let (ctx, ir) = (pr.ctx(), pr.ir());
    let results = result_types(pr, op);
    pr.print_optional_arrow_type_list(&results);
    pr.print_str(" ");
    if inherent_attr(ctx, ir, op, "no_inline").is_some() {
        pr.print_str("no_inline ");
    }
    pr.print_region(ir.region(op, 0), false, true, false);
    let attrs = pr.op_attrs(op);
    pr.print_optional_attr_dict(&attrs, &["no_inline"]);
}

/// `scf.parallel`'s custom form.
pub fn parse_parallel(p: &mut OpAsmParser<'_>, state: &mut OperationState) -> PResult<()> {
    let op_at = p.name_location();
    let index = p.ctx().index_type();
    let mut ivs = p.parse_argument_list(Delimiter::Paren, false, false)?;
    let n = ivs.len();
    let mut counts = Vec::with_capacity(4);
    for keyword in ["=", "to", "step"] {
        match keyword {
            "=" => p.parse_equal()?,
            kw => p.parse_keyword(kw)?,
        }
        let list = p.parse_operand_list_of(n, Delimiter::Paren)?;
        counts.push(list.len());
        p.resolve_operands_to(&list, index, &mut state.operands)?;
    }
    let mut inits = Vec::new();
    if p.parse_optional_keyword("init") {
        inits = p.parse_operand_list(Delimiter::Paren)?;
    }
    counts.push(inits.len());
    state.result_types = p.parse_optional_arrow_type_list()?;
    for iv in &mut ivs {
        iv.ty = index;
    }
    let body = p.parse_region(&ivs)?;
    state.regions.push(body);
    let segments = ods_runtime::segments::segment_sizes_attr(p.ctx(), &counts);
    let props = vec![named(p, "operandSegmentSizes", segments)];
    let dict = p.parse_optional_attr_dict()?;
    set_attributes(p, state, dict, &["operandSegmentSizes"], props);
    let types = state.result_types.clone();
    p.resolve_operands(&inits, &types, op_at, &mut state.operands)?;
    p.ensure_terminator(body, REDUCE, state.loc);
    Ok(())
}

/// Prints what [`parse_parallel`] reads.
pub fn print_parallel(pr: &mut OpAsmPrinter<'_, '_>, op: OpId) {
    let (ctx, ir) = (pr.ctx(), pr.ir());
    let sizes = ods_runtime::segments::segment_sizes(ctx, ir, op, "operandSegmentSizes", 4);
    let group = |i: usize| ods_runtime::segments::segment_group(&sizes, i);
    pr.print_str(" (");
    let ivs = super::body_args_inline(ir, op, 0);
    pr.print_operands(ivs);
    for (i, text) in [") = (", ") to (", ") step ("].iter().enumerate() {
        pr.print_str(text);
        let values = operand_slice(pr, op, group(i));
        pr.print_operands(values);
    }
    pr.print_str(")");
    let inits = operand_slice(pr, op, group(3));
    if !inits.is_empty() {
        pr.print_str(" init (");
        pr.print_operands(inits);
        pr.print_str(")");
    }
    let results = result_types(pr, op);
    pr.print_optional_arrow_type_list(&results);
    pr.print_str(" ");
    pr.print_region(ir.region(op, 0), false, true, false);
    let attrs = pr.op_attrs(op);
    pr.print_optional_attr_dict(&attrs, &["operandSegmentSizes"]);
}

/// `scf.forall.in_parallel`'s custom form: a region without arguments.
pub fn parse_in_parallel(p: &mut OpAsmParser<'_>, state: &mut OperationState) -> PResult<()> {
    let body = p.parse_region(&[])?;
    p.ensure_entry_block(body);
    state.regions.push(body);
    let dict = p.parse_optional_attr_dict()?;
    set_attributes(p, state, dict, &[], Vec::new());
    Ok(())
}

/// Prints what [`parse_in_parallel`] reads.
pub fn print_in_parallel(pr: &mut OpAsmPrinter<'_, '_>, op: OpId) {
    let ir = pr.ir();
    pr.print_str(" ");
    pr.print_region(ir.region(op, 0), false, false, false);
    let attrs = pr.op_attrs(op);
    pr.print_optional_attr_dict(&attrs, &[]);
}

/// `case N {...}` repeated: `scf.index_switch`'s `custom<SwitchCases>`.
/// The case regions get no implicit terminator (as upstream's directive
/// leaves them).
pub fn parse_switch_cases(
    p: &mut OpAsmParser<'_>,
    cases: &mut Option<Attribute>,
    regions: &mut Vec<RegionId>,
) -> PResult<()> {
    let mut values: Vec<i64> = Vec::new();
    while p.parse_optional_keyword("case") {
        values.push(p.parse_integer::<i64>()?);
        regions.push(p.parse_region(&[])?);
    }
    *cases = Some(ods_runtime::attr::dense_array(p.ctx(), &values));
    Ok(())
}

/// Prints the cases, each on its own line, with their terminators.
pub fn print_switch_cases(
    pr: &mut OpAsmPrinter<'_, '_>,
    _op: OpId,
    cases: Option<Attribute>,
    regions: &[RegionId],
) {
    let values: Vec<i64> = cases
        .map(|c| ods_runtime::attr::dense_array_values(pr.ctx(), c))
        .unwrap_or_default();
    for (value, &region) in values.iter().zip(regions) {
        pr.print_newline();
        pr.print_str("case ");
        pr.print_integer(i128::from(*value));
        pr.print_str(" ");
        pr.print_region(region, false, true, false);
    }
}
