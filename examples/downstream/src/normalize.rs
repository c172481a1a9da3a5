//! The `meter-normalize` pass: every reading of a unit of the same
//! dimension as the pass's `unit` option becomes a reading in that unit,
//! converted back to the unit its users expect.
//!
//! `%0 = meter.reading 2.5 in km` with `--meter-normalize=unit=m` gives
//! `%0 = meter.reading 2.500000e+03 in m` and `%1 = meter.convert %0 from
//! m to km`; `--canonicalize` after it then merges and folds the
//! conversions (`tests/lit/normalize.mlir`).
//!
//! In: the op the pass runs on (a module) and the option. Out: the IR
//! rewritten in place, or an error for a unit the dialect does not know.

use ods_runtime::ir::builder::{InsertPoint, OpBuilder};
use ods_runtime::ir::{Diagnostic, OpId};
use ods_runtime::matchers::{walk, WalkOrder, WalkResult};
use ods_runtime::{Op, VerifyError};
use ods_transforms::pass::{OptionKind, Pass, PassCx, PassInfo, PassOption};

use crate::meter::{ConvertOp, ReadingOp};
use crate::units;

/// `--meter-normalize`, for [`ods_opt::OptTool::with_pass`].
pub const PASS: PassInfo = PassInfo {
    name: "meter-normalize",
    summary: "Rewrite readings into one unit per dimension",
    options: &[PassOption {
        name: "unit",
        kind: OptionKind::String,
        summary: "The unit readings of its dimension are rewritten into (default: m)",
    }],
    create: |options| {
        Box::new(Normalize {
            unit: options.text("unit", "m").to_string(),
        })
    },
};

struct Normalize {
    unit: String,
}

impl Pass for Normalize {
    fn run(&mut self, cx: &mut PassCx<'_>, root: OpId) -> Result<(), Vec<Diagnostic>> {
        let Some((dimension, _)) = units::lookup(&self.unit) else {
            let err =
                VerifyError::op_error(format!("meter-normalize: unknown unit '{}'", self.unit));
            return Err(vec![cx.op_error(root, root, err)]);
        };
        let mut ops = Vec::new();
        walk(cx.ir, root, WalkOrder::PreOrder, &mut |op| {
            ops.push(op);
            WalkResult::Advance
        });
        for op in ops {
            let Some(reading) = ReadingOp::from_op(cx.ctx, cx.ir, op) else {
                continue;
            };
            let unit = reading.unit(cx.ctx, cx.ir).to_string();
            let Some((dim, _)) = units::lookup(&unit) else {
                continue;
            };
            if dim != dimension || unit == self.unit {
                continue;
            }
            let factor = units::factor(&unit, &self.unit).expect("one dimension");
            let value = reading.value(cx.ctx, cx.ir) * factor;
            let old = reading.result(cx.ctx, cx.ir);
            let loc = cx.ir.op_loc(op);
            let mut b = OpBuilder::new(cx.ctx, cx.ir);
            b.set_insertion_point(InsertPoint::Before(op));
            let normal = ReadingOp::build(&mut b, loc, value, &self.unit);
            let back = ConvertOp::build(&mut b, loc, normal, &self.unit, &unit);
            let back = back.result(b.ctx, b.ir);
            cx.ir.replace_all_uses(old, back);
            cx.ir.erase_op(op);
        }
        Ok(())
    }
}
