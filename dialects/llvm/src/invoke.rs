//! Exception handling: `llvm.invoke` and `llvm.landingpad` (upstream's
//! `InvokeOp::parse`/`print`/`verify`, `LandingpadOp::parse`/`print`/
//! `verify`), and the check `llvm.func` makes of its `landingpad`s and
//! `resume`s.
//!
//! ```text
//! llvm.invoke cconv? (@callee | %fnptr)(%args) to ^normal(%x : t)?
//!     unwind ^unwind(%y : t)? (vararg(!llvm.func<...>))? [bundles]?
//!     {attrs}? : (!llvm.ptr,)? (types) -> result
//! llvm.landingpad cleanup? ((catch | filter) %v : t)* : !llvm.struct<...>
//! ```

use ods_runtime::ir::parser::ops::OpAsmParser;
use ods_runtime::ir::parser::PResult;
use ods_runtime::ir::printer::ops::OpAsmPrinter;
use ods_runtime::ir::registry::VerifyError;
use ods_runtime::ir::{Context, Ir, NamedAttribute, OpId, OperationState, Type};
use ods_runtime::op::inherent_attr;

use crate::call::{
    keyword_of, named, parse_call_tail, parse_callee_and_args, parse_vararg, print_call_bundles,
};
use crate::CConv;

const INVOKE_INHERENT: &[&str] = &[
    "var_callee_type",
    "callee",
    "arg_attrs",
    "res_attrs",
    "branch_weights",
    "CConv",
    "op_bundle_sizes",
    "op_bundle_tags",
    "operandSegmentSizes",
];

/// `llvm.invoke`'s custom form. As upstream, the operands are stored as
/// the callee's, the bundles', then the successors' (while
/// `operandSegmentSizes` puts the successors' before the bundles'): an
/// invoke with both bundle and successor operands reads back wrong in
/// `mlir-opt-22` too.
pub fn parse_invoke(p: &mut OpAsmParser<'_>, state: &mut OperationState) -> PResult<()> {
    let cconv = keyword_of(p, &CConv::ALL, CConv::as_str).unwrap_or_default();
    let ctx = p.ctx();
    let cconv = crate::CConvAttr::get(ctx, cconv).attr();
    let mut props: Vec<NamedAttribute> = vec![named(ctx, "CConv", cconv)];
    let (fn_ptr, args) = parse_callee_and_args(p, &mut props)?;
    p.parse_keyword("to")?;
    let (normal, normal_operands) = p.parse_successor_and_use_list()?;
    p.parse_keyword("unwind")?;
    let (unwind, unwind_operands) = p.parse_successor_and_use_list()?;
    parse_vararg(p, &mut props)?;
    let tail = parse_call_tail(p, state, fn_ptr, &args, &mut props)?;
    state.successors = vec![normal, unwind];
    state.operands.extend(&normal_operands);
    state.operands.extend(&unwind_operands);
    let ctx = p.ctx();
    let segments = ods_runtime::attr::dense_array::<i32>(
        ctx,
        &[
            tail.callee_count,
            normal_operands.len() as i32,
            unwind_operands.len() as i32,
            tail.bundle_count,
        ],
    );
    props.push(named(ctx, "operandSegmentSizes", segments));
    ods_runtime::format::set_attributes(p, state, tail.dict, INVOKE_INHERENT, props);
    Ok(())
}

/// The operand segments of an invoke: callee, normal, unwind, bundles.
fn segments(ctx: &Context, ir: &Ir, op: OpId) -> [usize; 4] {
    let s = inherent_attr(ctx, ir, op, "operandSegmentSizes")
        .map(|a| ods_runtime::attr::dense_array_values::<i32>(ctx, a))
        .unwrap_or_default();
    let at = |i: usize| s.get(i).map_or(0, |&n| n.max(0) as usize);
    let callee = s
        .first()
        .map_or(ir.num_operands(op), |&n| n.max(0) as usize);
    [callee, at(1), at(2), at(3)]
}

/// Prints what [`parse_invoke`] reads.
pub fn print_invoke(pr: &mut OpAsmPrinter<'_, '_>, op: OpId) {
    let (ctx, ir) = (pr.ctx(), pr.ir());
    let get = |n: &str| inherent_attr(ctx, ir, op, n);
    let cconv = get("CConv")
        .and_then(|a| crate::CConvAttr::from_attr(ctx, a))
        .map(|a| a.calling_conv(ctx))
        .unwrap_or_default();
    let callee = get("callee");
    let [n_callee, n_normal, n_unwind, _] = segments(ctx, ir, op);
    let all: Vec<_> = ir.operands(op).collect();
    let range = |from: usize, len: usize| {
        let end = (from + len).min(all.len());
        all.get(from.min(end)..end).unwrap_or(&[]).to_vec()
    };
    let callee_operands = range(0, n_callee);
    let args = if callee.is_some() {
        &callee_operands[..]
    } else {
        callee_operands.get(1..).unwrap_or(&[])
    };
    let normal_operands = range(n_callee, n_normal);
    let unwind_operands = range(n_callee + n_normal, n_unwind);
    let succs: Vec<_> = ir.successors(op).collect();
    let arg_attrs = get("arg_attrs");
    let res_attrs = get("res_attrs");
    let attrs = pr.op_attrs(op);
    pr.print_str(" ");
    if cconv != CConv::C {
        pr.print_str(cconv.as_str());
        pr.print_str(" ");
    }
    crate::call::print_callee(pr, ctx, callee, callee_operands.first().copied());
    pr.print_str("(");
    pr.print_operands(args.iter().copied());
    pr.print_str(") to ");
    if let Some(&b) = succs.first() {
        pr.print_successor_and_use_list(b, &normal_operands);
    }
    pr.print_str(" unwind ");
    if let Some(&b) = succs.get(1) {
        pr.print_successor_and_use_list(b, &unwind_operands);
    }
    if let Some(t) = get("var_callee_type").and_then(|a| ods_runtime::pred::type_attr_value(ctx, a))
    {
        pr.print_str(" vararg(");
        pr.print_type(t);
        pr.print_str(")");
    }
    print_call_bundles(pr, op, n_callee + n_normal + n_unwind);
    pr.print_optional_attr_dict(
        &attrs,
        &[
            "callee",
            "operandSegmentSizes",
            "CConv",
            "var_callee_type",
            "op_bundle_sizes",
            "op_bundle_tags",
            "arg_attrs",
            "res_attrs",
        ],
    );
    pr.print_str(" : ");
    if callee.is_none() {
        if let Some(&f) = callee_operands.first() {
            pr.print_type(ir.value_type(f));
            pr.print_str(", ");
        }
    }
    let results: Vec<Type> = ir.results(op).map(|r| ir.value_type(r)).collect();
    crate::call::print_call_signature(pr, args, arg_attrs, &results, res_attrs);
}

/// `llvm.invoke`'s checks: the branch weights' count (its interface's),
/// then upstream's `InvokeOp::verify`: the
/// variadic callee type, an unwind block that starts with
/// `llvm.landingpad`, and the bundle tags.
pub fn verify_invoke(ctx: &Context, ir: &Ir, op: OpId) -> Result<(), VerifyError> {
    crate::verify::verify_branch_weights(ctx, ir, op)?;
    let n_callee = segments(ctx, ir, op)[0];
    let skip = usize::from(inherent_attr(ctx, ir, op, "callee").is_none());
    let args: Vec<Type> = ir
        .operands(op)
        .take(n_callee)
        .skip(skip)
        .map(|v| ir.value_type(v))
        .collect();
    crate::call::verify_var_callee_type(ctx, ir, op, &args)?;
    if let Some(unwind) = ir.successors(op).nth(1) {
        match ir.block_ops(unwind).next() {
            None => {
                return Err(VerifyError::new(
                    "must have at least one operation in unwind destination",
                ))
            }
            Some(first) if ctx.str(ir.op_name(first)) != "llvm.landingpad" => {
                return Err(VerifyError::new(
                    "first operation in unwind destination should be a llvm.landingpad operation",
                ))
            }
            Some(_) => {}
        }
    }
    crate::call::verify_call(ctx, ir, op)
}

/// `llvm.landingpad`'s custom form: `cleanup`, then `(catch %v : t)` and
/// `(filter %v : t)` clauses, then `: type`. Upstream reads no attribute
/// dictionary (while it prints one), and stops at a `(` not followed by
/// `catch` or `filter`.
pub fn parse_landingpad(p: &mut OpAsmParser<'_>, state: &mut OperationState) -> PResult<()> {
    let mut props = Vec::new();
    if p.parse_optional_keyword("cleanup") {
        let unit = p.ctx().unit_attr();
        props.push(named(p.ctx(), "cleanup", unit));
    }
    while p.parse_optional_lparen()
        && (p.parse_optional_keyword("filter") || p.parse_optional_keyword("catch"))
    {
        let operand = p.parse_operand()?;
        p.parse_colon()?;
        let ty = p.parse_type()?;
        let value = p.resolve_operand(operand, ty)?;
        state.operands.push(value);
        p.parse_rparen()?;
    }
    p.parse_colon()?;
    let ty = p.parse_type()?;
    state.result_types.push(ty);
    ods_runtime::format::set_attributes(p, state, None, &["cleanup"], props);
    Ok(())
}

/// Prints what [`parse_landingpad`] reads, with the discardable
/// attributes before the `:` as upstream prints them.
pub fn print_landingpad(pr: &mut OpAsmPrinter<'_, '_>, op: OpId) {
    let (ctx, ir) = (pr.ctx(), pr.ir());
    let cleanup = inherent_attr(ctx, ir, op, "cleanup").is_some();
    pr.print_str(if cleanup { " cleanup " } else { " " });
    let operands: Vec<_> = ir.operands(op).collect();
    for v in operands {
        let ty = pr.ir().value_type(v);
        let filter = crate::LLVMArrayType::from_type(pr.ctx(), ty).is_some();
        pr.print_str(if filter { "(filter " } else { "(catch " });
        pr.print_operand(v);
        pr.print_str(" : ");
        pr.print_type(ty);
        pr.print_str(") ");
    }
    let attrs = pr.op_attrs(op);
    pr.print_optional_attr_dict(&attrs, &["cleanup"]);
    pr.print_str(": ");
    if let Some(r) = pr.ir().results(op).next() {
        let ty = pr.ir().value_type(r);
        pr.print_type(ty);
    }
}

/// `llvm.landingpad`'s own checks (upstream's `LandingpadOp::verify`): a
/// personality on its function, a clause or `cleanup`, and catch clauses
/// of known constants.
pub fn verify_landingpad(ctx: &Context, ir: &Ir, op: OpId) -> Result<(), VerifyError> {
    let mut parent = ir.parent_op(op);
    while let Some(p) = parent {
        if ctx.str(ir.op_name(p)) == "llvm.func" {
            if inherent_attr(ctx, ir, p, "personality").is_none() {
                return Err(VerifyError::new(
                    "llvm.landingpad needs to be in a function with a personality",
                ));
            }
            break;
        }
        parent = ir.parent_op(p);
    }
    let cleanup = inherent_attr(ctx, ir, op, "cleanup").is_some();
    if !cleanup && ir.num_operands(op) == 0 {
        return Err(VerifyError::new(
            "landingpad instruction expects at least one clause or cleanup attribute",
        ));
    }
    for (idx, v) in ir.operands(op).enumerate() {
        // Filter clauses (arrays) are not checked upstream either.
        if crate::LLVMArrayType::from_type(ctx, ir.value_type(v)).is_some() {
            continue;
        }
        let def = ir.defining_op(v);
        let def_name = def.map(|d| ctx.str(ir.op_name(d)));
        match def_name {
            Some("llvm.bitcast") => {
                let d = def.expect("a defining op");
                let source = ir.defining_op(ir.operand(d, 0));
                if source.is_some_and(|s| ctx.str(ir.op_name(s)) == "llvm.mlir.addressof") {
                    continue;
                }
                return Err(VerifyError::new("constant clauses expected").with_note(
                    Some(ir.op_loc(d)),
                    "global addresses expected as operand to bitcast used in clauses for landingpad",
                ));
            }
            Some("llvm.mlir.zero") | Some("llvm.mlir.addressof") => {}
            _ => {
                return Err(VerifyError::new(format!(
                    "clause #{idx} is not a known constant - null, addressof, bitcast"
                )))
            }
        }
    }
    Ok(())
}

/// The part of `LLVMFuncOp::verify` about exception handling: every
/// `llvm.landingpad` result and `llvm.resume` operand in the function has
/// one type (the first met sets it, in upstream's post-order walk: nested
/// ops before the op holding them).
pub fn verify_eh_types(ctx: &Context, ir: &Ir, func: OpId) -> Result<(), VerifyError> {
    // Op names compared as identifiers (a name never interned names no op).
    let landingpad = ctx.lookup_ident("llvm.landingpad");
    let resume = ctx.lookup_ident("llvm.resume");
    if landingpad.is_none() && resume.is_none() {
        return Ok(());
    }
    let mut seen: Option<Type> = None;
    let mut visit = |op: OpId| {
        let name = Some(ir.op_name(op));
        let (ty, message) = if name == landingpad {
            (
                ir.results(op).next().map(|r| ir.value_type(r)),
                "'llvm.landingpad' should have a consistent result type inside a function",
            )
        } else if name == resume {
            (
                ir.operands(op).next().map(|v| ir.value_type(v)),
                "'llvm.resume' should have a consistent input type inside a function",
            )
        } else {
            return Ok(());
        };
        match (ty, seen) {
            (Some(ty), Some(s)) if s != ty => return Err(VerifyError::new(message)),
            (Some(ty), None) => seen = Some(ty),
            _ => {}
        }
        Ok(())
    };
    // Ops in upstream's post-order: an op holding regions is visited
    // after its nested ops. Each frame is an op holding regions, the
    // region and block being walked and the block's ops still to visit;
    // a stack, not recursion, so deep nesting cannot overflow, and an op
    // without regions is never pushed.
    struct Frame<'i> {
        holder: OpId,
        region: usize,
        block: Option<ods_runtime::ir::BlockId>,
        ops: Option<ods_runtime::ir::graph::BlockOps<'i>>,
    }
    // The frame of `holder` at its first block with `region` or later.
    let enter = |holder: OpId, mut region: usize| -> Frame<'_> {
        let regions = ir.regions(holder);
        while let Some(&r) = regions.get(region) {
            if let Some(b) = ir.first_block(r) {
                return Frame {
                    holder,
                    region,
                    block: Some(b),
                    ops: Some(ir.block_ops(b)),
                };
            }
            region += 1;
        }
        Frame {
            holder,
            region,
            block: None,
            ops: None,
        }
    };
    let mut stack = vec![enter(func, 0)];
    while let Some(frame) = stack.last_mut() {
        if let Some(op) = frame.ops.as_mut().and_then(Iterator::next) {
            if ir.num_regions(op) > 0 {
                stack.push(enter(op, 0));
            } else {
                visit(op)?;
            }
            continue;
        }
        // The block is done: its next block, else the next region's.
        if let Some(next) = frame.block.and_then(|b| ir.next_block(b)) {
            frame.block = Some(next);
            frame.ops = Some(ir.block_ops(next));
            continue;
        }
        if frame.block.is_some() {
            *frame = enter(frame.holder, frame.region + 1);
            if frame.block.is_some() {
                continue;
            }
        }
        let holder = frame.holder;
        stack.pop();
        visit(holder)?;
    }
    Ok(())
}
