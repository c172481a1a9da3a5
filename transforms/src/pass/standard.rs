//! The generic passes, as `mlir-opt` names them: `canonicalize`, `cse`,
//! `loop-invariant-code-motion`, `symbol-dce`.

use super::{OptionKind, OptionValues, Pass, PassCx, PassInfo, PassOption, PassRegistry};
use crate::rewrite::{self, GreedyConfig};
use ir::{Diagnostic, OpId};

pub(super) fn register(registry: &mut PassRegistry) {
    registry.register(PassInfo {
        name: "canonicalize",
        summary: "Canonicalize operations",
        options: CANONICALIZE_OPTIONS,
        create: canonicalize,
    });
    registry.register(PassInfo {
        name: "cse",
        summary: "Eliminate common sub-expressions",
        options: &[],
        create: |_| Box::new(Cse),
    });
    registry.register(PassInfo {
        name: "loop-invariant-code-motion",
        summary: "Hoist loop invariant instructions outside of the loop",
        options: &[],
        create: |_| Box::new(Licm),
    });
    registry.register(PassInfo {
        name: "symbol-dce",
        summary: "Eliminate dead symbols",
        options: &[],
        create: |_| Box::new(SymbolDce),
    });
}

const CANONICALIZE_OPTIONS: &[PassOption] = &[
    PassOption {
        name: "max-iterations",
        kind: OptionKind::Long,
        summary: "Max. iterations between applying patterns / simplifying regions",
    },
    PassOption {
        name: "region-simplify",
        // `aggressive` (block merging) is not done yet, so it is not
        // offered: asking for it is an error, never a silent `normal`.
        kind: OptionKind::Enum(&["disabled", "normal"]),
        summary: "Perform control flow optimizations to the region tree",
    },
    PassOption {
        name: "top-down",
        kind: OptionKind::Bool,
        summary: "Seed the worklist in general top-down order",
    },
];

/// Folds and the registry's canonicalization patterns, greedily.
struct Canonicalize(GreedyConfig);

fn canonicalize(options: &OptionValues) -> Box<dyn Pass> {
    let default = GreedyConfig::default();
    let max_iterations = options.long("max-iterations", default.max_iterations as i64);
    Box::new(Canonicalize(GreedyConfig {
        top_down: options.bool("top-down", default.top_down),
        // MLIR's `kNoLimit` is -1: a negative count means no limit.
        max_iterations: usize::try_from(max_iterations).unwrap_or(usize::MAX),
        region_simplification: options.text("region-simplify", "normal") != "disabled",
    }))
}

impl Pass for Canonicalize {
    fn run(&mut self, cx: &mut PassCx<'_>, op: OpId) -> Result<(), Vec<Diagnostic>> {
        let patterns = rewrite::canonicalization_patterns(cx.registry);
        rewrite::apply_patterns_greedily(
            cx.ctx,
            cx.registry,
            cx.ir,
            op,
            patterns,
            self.0,
            cx.report.sources,
        );
        Ok(())
    }
}

struct Cse;

impl Pass for Cse {
    fn run(&mut self, cx: &mut PassCx<'_>, op: OpId) -> Result<(), Vec<Diagnostic>> {
        crate::cse(cx.ctx, cx.registry, cx.ir, op);
        Ok(())
    }
}

struct Licm;

impl Pass for Licm {
    fn run(&mut self, cx: &mut PassCx<'_>, op: OpId) -> Result<(), Vec<Diagnostic>> {
        crate::loop_invariant_code_motion(cx.ctx, cx.registry, cx.ir, op);
        Ok(())
    }
}

struct SymbolDce;

impl Pass for SymbolDce {
    fn run(&mut self, cx: &mut PassCx<'_>, op: OpId) -> Result<(), Vec<Diagnostic>> {
        crate::symbol_dce(cx.ctx, cx.registry, cx.ir, op)
            .map(|_| ())
            .map_err(|(at, err)| vec![cx.op_error(op, at, err)])
    }
}
