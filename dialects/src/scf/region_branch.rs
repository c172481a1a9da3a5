//! `RegionBranchOpInterface`'s verifier for the scf ops whose control
//! flow between the op and its regions is fixed: `scf.execute_region`,
//! `scf.for`, `scf.if`, `scf.index_switch` and `scf.while`. Along each edge
//! (from the op or from a region's terminator, to a region or back to the
//! op) the values passed must match the values received in number and
//! type, with `mlir-opt`'s message and its `region branch point` note.
//! Upstream runs it after the regions' ops verified (`verifyWithRegions`);
//! [`super::register`] hooks it in there, until the standard library's
//! interfaces carry their verifiers.
//!
//! In: an op of the dialect. Out: the first edge that does not match.

use ir::printer::print_type_str;
use ir::registry::VerifyError;
use ir::{Context, Ir, OpId, Value};

/// Where control comes from or goes to: the op itself or one of its
/// regions.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Point {
    Parent,
    Region(usize),
}

/// One edge: the values the branch point passes and the values the
/// successor receives.
struct Edge {
    /// The terminator branching (`None`: the op, on entry).
    from: Option<OpId>,
    to: Point,
    operands: Vec<Value>,
    inputs: Vec<Value>,
}

/// The terminators through which regions hand control on
/// (`RegionBranchTerminatorOpInterface`).
const TERMINATORS: [&str; 3] = ["scf.yield", "scf.condition", "scf.reduce"];

/// The region-branch terminators of the op's regions, in region and block
/// order (upstream's `getAllRegionBranchPoints`, after the op itself).
fn terminators(ctx: &Context, ir: &Ir, op: OpId) -> Vec<(usize, OpId)> {
    let mut found = Vec::new();
    for index in 0..ir.num_regions(op) {
        let mut block = ir.first_block(ir.region(op, index));
        while let Some(b) = block {
            if let Some(last) = ir.last_op(b) {
                if TERMINATORS.contains(&ctx.str(ir.op_name(last))) {
                    found.push((index, last));
                }
            }
            block = ir.next_block(b);
        }
    }
    found
}

fn block_args(ir: &Ir, op: OpId, index: usize) -> Vec<Value> {
    super::body_arguments(ir, op, index)
}

fn results(ir: &Ir, op: OpId) -> Vec<Value> {
    ir.results(op).collect()
}

/// The values a terminator passes on: a condition's after its flag.
fn passed(ctx: &Context, ir: &Ir, terminator: OpId) -> Vec<Value> {
    let skip = usize::from(ctx.str(ir.op_name(terminator)) == "scf.condition");
    ir.operands(terminator).skip(skip).collect()
}

/// The edges of `op`, in upstream's order: from the op on entry, then from
/// each terminator, each to its successors in `getSuccessorRegions` order.
fn edges(ctx: &Context, ir: &Ir, op: OpId) -> Vec<Edge> {
    let name = ctx.str(ir.op_name(op));
    // The successors of a branch point (`None`: the op on entry; else the
    // region holding the terminator and the terminator).
    let successors = |from: Option<(usize, OpId)>| -> Vec<Point> {
        match (name, from) {
            ("scf.execute_region", None) => vec![Point::Region(0)],
            ("scf.for", _) => vec![Point::Region(0), Point::Parent],
            ("scf.if", None) => {
                let has_else = ir.num_regions(op) > 1 && !ir.region_is_empty(ir.region(op, 1));
                vec![
                    Point::Region(0),
                    if has_else {
                        Point::Region(1)
                    } else {
                        Point::Parent
                    },
                ]
            }
            ("scf.index_switch", None) => (0..ir.num_regions(op)).map(Point::Region).collect(),
            ("scf.while", None) => vec![Point::Region(0)],
            ("scf.while", Some((0, _))) => vec![Point::Parent, Point::Region(1)],
            ("scf.while", Some(_)) => vec![Point::Region(0)],
            (_, Some(_)) => vec![Point::Parent],
            _ => Vec::new(),
        }
    };
    // What a successor receives.
    let inputs = |to: Point| -> Vec<Value> {
        match (name, to) {
            (_, Point::Parent) => results(ir, op),
            ("scf.for", Point::Region(0)) => block_args(ir, op, 0).into_iter().skip(1).collect(),
            ("scf.while", Point::Region(i)) => block_args(ir, op, i),
            _ => Vec::new(),
        }
    };
    // What the op passes on entry.
    let entry_operands = match name {
        "scf.for" => ir.operands(op).skip(3).collect(),
        "scf.while" => ir.operands(op).collect(),
        _ => Vec::new(),
    };
    let mut all = Vec::new();
    for to in successors(None) {
        all.push(Edge {
            from: None,
            to,
            operands: entry_operands.clone(),
            inputs: inputs(to),
        });
    }
    for (region, terminator) in terminators(ctx, ir, op) {
        for to in successors(Some((region, terminator))) {
            all.push(Edge {
                from: Some(terminator),
                to,
                operands: passed(ctx, ir, terminator),
                inputs: inputs(to),
            });
        }
    }
    all
}

/// Checks every edge of `op` (upstream's `verifyRegionBranchOpInterface`).
pub fn verify_region_branch(ctx: &Context, ir: &Ir, op: OpId) -> Result<(), VerifyError> {
    for edge in edges(ctx, ir, op) {
        let error = |detail: String| {
            let from = match edge.from {
                None => "parent".to_string(),
                Some(t) => format!("Operation {}", ctx.str(ir.op_name(t))),
            };
            let to = match edge.to {
                Point::Parent => "parent".to_string(),
                Point::Region(i) => format!("Region #{i}"),
            };
            let at = edge.from.unwrap_or(op);
            Err(VerifyError::op_error(format!(
                "along control flow edge from {from} to {to}: {detail}"
            ))
            .with_note(Some(ir.op_loc(at)), "region branch point"))
        };
        if edge.operands.len() != edge.inputs.len() {
            return error(format!(
                "region branch point has {} operands, but region successor needs {} inputs",
                edge.operands.len(),
                edge.inputs.len()
            ));
        }
        for (i, (&operand, &input)) in edge.operands.iter().zip(&edge.inputs).enumerate() {
            let (have, want) = (ir.value_type(operand), ir.value_type(input));
            if have != want {
                return error(format!(
                    "successor operand type #{i} '{}' should match successor input type #{i} '{}'",
                    print_type_str(ctx, have),
                    print_type_str(ctx, want)
                ));
            }
        }
    }
    Ok(())
}
