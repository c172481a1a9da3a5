//! Nested pipelines on several threads, as `mlir-opt` runs them: the ops
//! a nested pipeline visits (functions of a module) are isolated from
//! above, so each can be rewritten on its own.
//!
//! In: a `Step::Nest`'s pipelines and its targets (ops directly inside
//! the pipeline's op, each with the index of its pipeline). Out: the same
//! IR, context, errors, log and statistics as running the targets one
//! after another in place, whatever the thread count.
//!
//! How (docs/ir.md, "Using several cores"): workers share the IR and the
//! context read-only and take targets from a shared counter, in target
//! order; each copies its target into a unit arena
//! ([`ir::Ir::detach_unit`]), interns what is new in its context shard
//! ([`ir::Context::shard`]), and runs its own copy of the pipelines
//! ([`Pipeline::remade`]) with instruments of its own. Once all are done,
//! each unit in target order is absorbed (its new names, types and
//! attributes interned in the shared context), remapped and attached
//! back, and its log and errors appended; the copies' statistics are
//! summed into the pipeline's passes.
//!
//! When it does not run (the caller then runs the targets in place):
//! one thread or one target; IR dumps or timing asked for (their output
//! holds the op's context: whole-module dumps, timers per pass object);
//! inside a pass's own dynamic pipeline (the pass may hold handles of the
//! ops inside); a pass made without its options; a target with operands,
//! results or successors, or whose regions use an outside value; a shard
//! that changed context entries in place. The checks after the workers
//! ran touch nothing shared, so giving up then is still clean.

use super::run::run_steps;
use super::{Instruments, Log, PassCx, Pipeline};
use ir::{Context, ContextMark, Diagnostic, OpId, Remap, Unit};
use std::sync::atomic::{AtomicUsize, Ordering};

/// One target's run on a worker.
struct UnitRun {
    /// The target's position in the step's target list.
    index: usize,
    unit: Unit,
    result: Result<(), Vec<Diagnostic>>,
    /// What the run wrote to the tool's stderr: text and diagnostics.
    log: Log,
    /// The worker's shard when the run ended.
    mark: ContextMark,
}

/// What a worker hands back.
struct Worker {
    pipelines: Vec<Pipeline>,
    shard: Context,
    remap: Remap,
    runs: Vec<UnitRun>,
    /// A target that could not be copied into a unit.
    refused: bool,
}

/// Runs `pipelines` on `targets` on worker threads; `None` when they
/// cannot (see the module docs), nothing changed then.
pub(super) fn run_units(
    cx: &mut PassCx<'_>,
    pipelines: &mut [Pipeline],
    targets: &[(OpId, usize)],
    inst: &mut Instruments,
) -> Option<Result<(), Vec<Diagnostic>>> {
    let workers = inst.threads.min(targets.len());
    if workers < 2 || inst.in_dynamic || inst.print_ir.is_some() || inst.timing.is_some() {
        return None;
    }
    let copies = (0..workers)
        .map(|_| pipelines.iter().map(Pipeline::remade).collect())
        .collect::<Option<Vec<Vec<Pipeline>>>>()?;
    let mut done = run_workers(cx, copies, targets);
    for w in &done {
        if w.refused || Context::check_shard(&w.shard, &w.remap).is_err() {
            return None;
        }
    }
    let mut order: Vec<(usize, usize)> = Vec::with_capacity(targets.len());
    for (w, worker) in done.iter().enumerate() {
        order.extend((0..worker.runs.len()).map(|r| (w, r)));
    }
    order.sort_by_key(|&(w, r)| done[w].runs[r].index);
    let mut runs: Vec<Vec<Option<UnitRun>>> = done
        .iter_mut()
        .map(|w| std::mem::take(&mut w.runs).into_iter().map(Some).collect())
        .collect();
    let mut result = Ok(());
    let log_mark = inst.log.mark();
    for (w, r) in order {
        let run = runs[w][r].take().expect("each run once");
        let worker = &mut done[w];
        cx.ctx.absorb(&worker.shard, run.mark, &mut worker.remap);
        let mut unit = run.unit;
        unit.remap(&worker.remap);
        cx.ir.attach_unit(targets[run.index].0, unit);
        inst.log.append(run.log);
        // As in place: a failure on one op does not stop the others;
        // every op's errors are reported, in op order.
        if let Err(mut errors) = run.result {
            match &mut result {
                Ok(()) => result = Err(errors),
                Err(all) => all.append(&mut errors),
            }
        }
    }
    // As in place with threads: the diagnostics after the text.
    inst.log.defer_diagnostics(log_mark);
    for worker in &done {
        for (mine, theirs) in pipelines.iter_mut().zip(&worker.pipelines) {
            mine.merge_statistics(theirs);
        }
    }
    Some(result)
}

/// Runs the workers, each with its copy of the pipelines, until the
/// targets are all taken.
fn run_workers(
    cx: &PassCx<'_>,
    copies: Vec<Vec<Pipeline>>,
    targets: &[(OpId, usize)],
) -> Vec<Worker> {
    let next = AtomicUsize::new(0);
    let (ctx, ir, registry, report) = (&*cx.ctx, &*cx.ir, cx.registry, cx.report);
    std::thread::scope(|s| {
        let handles: Vec<_> = copies
            .into_iter()
            .map(|mut pipelines| {
                let next = &next;
                s.spawn(move || {
                    let (mut shard, remap) = ctx.shard();
                    let mut runs = Vec::new();
                    let mut refused = false;
                    loop {
                        let index = next.fetch_add(1, Ordering::Relaxed);
                        let Some(&(target, p)) = targets.get(index) else {
                            break;
                        };
                        let Ok(mut unit) = ir.detach_unit(target) else {
                            refused = true;
                            // The others stop too: the step runs in place.
                            next.store(targets.len(), Ordering::Relaxed);
                            break;
                        };
                        let mut inst = Instruments::default();
                        let mut ucx = PassCx {
                            ctx: &mut shard,
                            registry,
                            ir: &mut unit.ir,
                            report,
                        };
                        let result = run_steps(&mut ucx, unit.root, &mut pipelines[p], &mut inst);
                        runs.push(UnitRun {
                            index,
                            unit,
                            result,
                            log: inst.log,
                            mark: shard.mark(),
                        });
                    }
                    Worker {
                        pipelines,
                        shard,
                        remap,
                        runs,
                        refused,
                    }
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            })
            .collect()
    })
}
