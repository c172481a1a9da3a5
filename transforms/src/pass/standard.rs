//! The generic passes, as `mlir-opt` names them: `canonicalize`, `cse`,
//! `inline`, `loop-invariant-code-motion`, `symbol-dce`.

use super::{
    OptionKind, OptionValues, Pass, PassCx, PassInfo, PassOption, PassRegistry, Statistic,
};
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
        create: |_| Box::new(Cse::default()),
    });
    registry.register(crate::inliner::INLINE_PASS);
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
        create: |_| Box::new(SymbolDce::default()),
    });
}

const CANONICALIZE_OPTIONS: &[PassOption] = &[
    PassOption {
        name: "disable-patterns",
        kind: OptionKind::List,
        summary: "Labels of patterns that should be filtered out during application",
    },
    PassOption {
        name: "enable-patterns",
        kind: OptionKind::List,
        summary: "Labels of patterns that should be used during application, all other patterns are filtered out",
    },
    PassOption {
        name: "max-iterations",
        kind: OptionKind::Long,
        summary: "Max. iterations between applying patterns / simplifying regions",
    },
    PassOption {
        name: "max-num-rewrites",
        kind: OptionKind::Long,
        summary: "Max. number of pattern rewrites within an iteration",
    },
    PassOption {
        name: "region-simplify",
        kind: OptionKind::Enum(&["disabled", "normal", "aggressive"]),
        summary: "Perform control flow optimizations to the region tree",
    },
    PassOption {
        name: "test-convergence",
        kind: OptionKind::Bool,
        summary: "Test only: Fail pass on non-convergence to detect cyclic pattern",
    },
    PassOption {
        name: "top-down",
        kind: OptionKind::Bool,
        summary: "Seed the worklist in general top-down order",
    },
];

/// Folds and the registry's canonicalization patterns, greedily
/// (upstream's `Canonicalizer`).
struct Canonicalize {
    config: GreedyConfig,
    /// Fail when the driver does not converge.
    test_convergence: bool,
    enabled: Vec<String>,
    disabled: Vec<String>,
}

fn canonicalize(options: &OptionValues) -> Box<dyn Pass> {
    let default = GreedyConfig::default();
    let max_iterations = options.long("max-iterations", default.max_iterations as i64);
    // MLIR's `kNoLimit` is -1: a negative count means no limit.
    let max_num_rewrites = options.long("max-num-rewrites", -1);
    Box::new(Canonicalize {
        config: GreedyConfig {
            top_down: options.bool("top-down", default.top_down),
            max_iterations: usize::try_from(max_iterations).unwrap_or(usize::MAX),
            region_simplification: options.text("region-simplify", "normal") != "disabled",
            merge_blocks: options.text("region-simplify", "normal") == "aggressive",
            max_num_rewrites: usize::try_from(max_num_rewrites).ok(),
            ..default
        },
        test_convergence: options.bool("test-convergence", false),
        enabled: options.list("enable-patterns").to_vec(),
        disabled: options.list("disable-patterns").to_vec(),
    })
}

impl Pass for Canonicalize {
    fn run(&mut self, cx: &mut PassCx<'_>, op: OpId) -> Result<(), Vec<Diagnostic>> {
        let converged = if self.enabled.is_empty() && self.disabled.is_empty() {
            let patterns = rewrite::canonicalization_patterns(cx.registry);
            rewrite::apply_patterns_greedily(
                cx.ctx,
                cx.registry,
                cx.ir,
                op,
                patterns,
                self.config,
                cx.report.sources,
            )
        } else {
            let patterns = rewrite::filtered_canonicalization_patterns(
                cx.registry,
                &self.enabled,
                &self.disabled,
            );
            rewrite::apply_patterns_greedily(
                cx.ctx,
                cx.registry,
                cx.ir,
                op,
                &patterns,
                self.config,
                cx.report.sources,
            )
        };
        // As upstream: the pass fails with no diagnostic of its own.
        if self.test_convergence && !converged {
            return Err(Vec::new());
        }
        Ok(())
    }

    fn display_name(&self) -> Option<&'static str> {
        Some("Canonicalizer")
    }
}

/// Upstream's `CSE`, with its statistics.
#[derive(Default)]
struct Cse {
    merged: u64,
    erased_dead: u64,
}

impl Pass for Cse {
    fn run(&mut self, cx: &mut PassCx<'_>, op: OpId) -> Result<(), Vec<Diagnostic>> {
        let stats = crate::cse(cx.ctx, cx.registry, cx.ir, op);
        self.merged += stats.merged as u64;
        self.erased_dead += stats.erased_dead as u64;
        Ok(())
    }

    fn display_name(&self) -> Option<&'static str> {
        Some("CSE")
    }

    fn statistics(&self) -> Vec<Statistic> {
        vec![
            Statistic {
                name: "num-cse'd",
                description: "Number of operations CSE'd",
                value: self.merged,
            },
            Statistic {
                name: "num-dce'd",
                description: "Number of operations DCE'd",
                value: self.erased_dead,
            },
        ]
    }

    fn analyses(&self) -> &'static [&'static str] {
        &["DominanceInfo"]
    }

    fn preserved_analyses(&self) -> &'static [&'static str] {
        &["DominanceInfo", "PostDominanceInfo"]
    }
}

struct Licm;

impl Pass for Licm {
    fn run(&mut self, cx: &mut PassCx<'_>, op: OpId) -> Result<(), Vec<Diagnostic>> {
        crate::loop_invariant_code_motion(cx.ctx, cx.registry, cx.ir, op);
        Ok(())
    }

    fn display_name(&self) -> Option<&'static str> {
        Some("LoopInvariantCodeMotion")
    }
}

/// Upstream's `SymbolDCE`, with its statistic.
#[derive(Default)]
struct SymbolDce {
    erased: u64,
}

impl Pass for SymbolDce {
    fn run(&mut self, cx: &mut PassCx<'_>, op: OpId) -> Result<(), Vec<Diagnostic>> {
        let erased = crate::symbol_dce(cx.ctx, cx.registry, cx.ir, op)
            .map_err(|(at, err)| vec![cx.op_error(op, at, err)])?;
        self.erased += erased as u64;
        Ok(())
    }

    fn display_name(&self) -> Option<&'static str> {
        Some("SymbolDCE")
    }

    fn statistics(&self) -> Vec<Statistic> {
        vec![Statistic {
            name: "num-dce'd",
            description: "Number of symbols DCE'd",
            value: self.erased,
        }]
    }
}
