//! Pass instrumentation, as `mlir-opt` offers it: IR dumps around passes
//! (`--mlir-print-ir-before-all` and its kin), the execution time report
//! (`--mlir-timing`) and the pass statistics report
//! (`--mlir-pass-statistics`), each in `mlir-opt`'s layout.
//!
//! In: what to watch ([`Instruments`]), handed to
//! [`super::Pipeline::run_instrumented`]. Out: what `mlir-opt` writes to
//! stderr while the passes run, in its order ([`Instruments::log`]: IR
//! dumps and the passes' diagnostics, one stream), the dump files of
//! `--mlir-print-ir-tree-dir`, and the reports.

use super::print_ir::{Log, PrintIr};
use ir::OpId;
use std::collections::HashMap;
use std::time::{Duration, Instant};

/// How a report lists its entries.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Display {
    /// `list`: one entry per name, merged (timing: sorted by time;
    /// statistics: by pass name).
    List,
    /// `tree` / `pipeline`: nested as the pipeline runs (the default).
    #[default]
    Tree,
}

/// What a pipeline run is watched with, and what the watching wrote.
#[derive(Default)]
pub struct Instruments {
    /// IR dumps, when asked for.
    pub print_ir: Option<PrintIr>,
    /// Execution times, when asked for.
    pub timing: Option<Timing>,
    /// Whether nested pipelines count as run on several threads (as
    /// `mlir-opt` runs them unless `--mlir-disable-threading`): the timing
    /// report then shows user time.
    pub threaded: bool,
    /// How many worker threads a nested pipeline over several isolated
    /// ops may run on (1: in place, one op after another). `new` sets
    /// the machine's parallelism when `threaded`.
    pub threads: usize,
    /// What the run wrote to stderr so far, in order: IR dumps, what
    /// passes print, and every diagnostic the run reported (a pass's
    /// errors, the verifier's after a pass), as `mlir-opt` interleaves
    /// them.
    pub log: Log,
    /// How many dumps of each op went to `--mlir-print-ir-tree-dir`'s
    /// files (MLIR's per-op counters; the first dump of an op is 0).
    pub(super) tree_counters: HashMap<OpId, u32>,
    /// The ops whose dominance is known (an analysis a pass computed and
    /// no later pass invalidated), for the timing report's `(A)` entries.
    pub(super) analyses: Vec<(OpId, &'static str)>,
    /// Set while a pass runs a dynamic pipeline ([`super::NestedPipelines`]):
    /// the pass may hold handles of the ops inside, so nested pipelines
    /// there run in place.
    pub(super) in_dynamic: bool,
}

impl Instruments {
    /// Instruments with these dumps (`None`: none), a timing report when
    /// `timing` (its root timer starting now), and nested pipelines
    /// counted as threaded when `threaded`.
    pub fn new(print_ir: Option<PrintIr>, timing: bool, threaded: bool) -> Self {
        Instruments {
            print_ir,
            timing: timing.then(Timing::new),
            threaded,
            threads: if threaded {
                std::thread::available_parallelism().map_or(1, |n| n.get())
            } else {
                1
            },
            ..Instruments::default()
        }
    }
}

// ----- timing ---------------------------------------------------------------

/// One timer of the report: a name, its times, its children.
#[derive(Debug)]
struct Timer {
    name: String,
    /// What the timer stands for (a pass, a pipeline, a name), so a pass
    /// run on many ops accumulates in one timer.
    key: usize,
    wall: Duration,
    user: Duration,
    children: Vec<usize>,
    /// Left out of the tree (its children shown in its place).
    hidden: bool,
    /// Run on another thread in `mlir-opt` (a nested pipeline over
    /// several ops): its wall time is the longest run, its user time
    /// the sum, and the user time of its ancestors grows by it.
    asynchronous: bool,
}

/// The execution time report being recorded (MLIR's
/// `DefaultTimingManager` with its `TimingScope`s).
#[derive(Debug)]
pub struct Timing {
    timers: Vec<Timer>,
    /// The running timers, innermost last, with when each started and
    /// whether it times one of several runs of a nested pipeline.
    running: Vec<(usize, Instant, bool)>,
}

/// A key for timers that stand for a name (the driver's phases, analyses).
pub fn name_key(name: &str) -> usize {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    name.hash(&mut h);
    h.finish() as usize
}

impl Default for Timing {
    fn default() -> Self {
        Timing::new()
    }
}

impl Timing {
    /// A report whose root timer starts now.
    pub fn new() -> Self {
        Timing {
            timers: vec![Timer {
                name: "root".into(),
                key: 0,
                wall: Duration::ZERO,
                user: Duration::ZERO,
                children: Vec::new(),
                hidden: true,
                asynchronous: false,
            }],
            running: vec![(0, Instant::now(), false)],
        }
    }

    /// Starts the timer `key` inside the innermost running one (made,
    /// named `name()`, the first time). `asynchronous`: it times one run
    /// of a pipeline `mlir-opt` runs on several threads.
    pub fn start(&mut self, key: usize, name: impl FnOnce() -> String, asynchronous: bool) {
        let parent = self.running.last().map_or(0, |r| r.0);
        let index = self.child(parent, key, name, asynchronous);
        let inside_async = asynchronous || self.running.last().is_some_and(|r| r.2);
        self.running.push((index, Instant::now(), inside_async));
    }

    /// The timer `key` among `parent`'s children, made (named `name()`)
    /// the first time.
    fn child(
        &mut self,
        parent: usize,
        key: usize,
        name: impl FnOnce() -> String,
        asynchronous: bool,
    ) -> usize {
        let found = self.timers[parent]
            .children
            .iter()
            .copied()
            .find(|&c| self.timers[c].key == key);
        found.unwrap_or_else(|| {
            let index = self.timers.len();
            self.timers.push(Timer {
                name: name(),
                key,
                wall: Duration::ZERO,
                user: Duration::ZERO,
                children: Vec::new(),
                hidden: false,
                asynchronous,
            });
            self.timers[parent].children.push(index);
            index
        })
    }

    /// Starts the timer `key` among the top-level ones, whatever runs
    /// (made, named `name()`, the first time): a pipeline a pass runs.
    pub fn start_at_top(&mut self, key: usize, name: impl FnOnce() -> String) {
        let index = self.child(0, key, name, false);
        self.running.push((index, Instant::now(), false));
    }

    /// Hides the innermost running timer from the tree view (a pipeline
    /// collection with one pipeline).
    pub fn hide_current(&mut self) {
        if let Some(&(index, ..)) = self.running.last() {
            self.timers[index].hidden = true;
        }
    }

    /// Stops the innermost running timer.
    pub fn stop(&mut self) {
        let Some((index, started, inside_async)) = self.running.pop() else {
            return;
        };
        let elapsed = started.elapsed();
        let timer = &mut self.timers[index];
        timer.user += elapsed;
        if inside_async {
            timer.wall = timer.wall.max(elapsed);
        } else {
            timer.wall += elapsed;
        }
    }

    /// Times `f` under the timer named `name` (the driver's `Parser` and
    /// `Output`).
    pub fn time<R>(&mut self, name: &str, f: impl FnOnce() -> R) -> R {
        self.start(name_key(name), || name.to_string(), false);
        let r = f();
        self.stop();
        r
    }

    /// Stops every timer and writes the report, as `mlir-opt` prints it.
    pub fn report(mut self, display: Display) -> String {
        while !self.running.is_empty() {
            self.stop();
        }
        self.add_async_user_time(0);
        let total = (self.timers[0].wall, self.timers[0].user);
        let show_user = total.0 != total.1;
        let mut out = String::new();
        out.push_str(&format!("==={}===\n", "-".repeat(73)));
        let title = "... Execution time report ...";
        out.push_str(&format!("{}{title}\n", " ".repeat((80 - title.len()) / 2)));
        out.push_str(&format!("==={}===\n", "-".repeat(73)));
        out.push_str(&format!(
            "  Total Execution Time: {:.4} seconds\n\n",
            total.0.as_secs_f64()
        ));
        if show_user {
            out.push_str("  ----User Time----");
        }
        out.push_str("  ----Wall Time----  ----Name----\n");
        let (total_wall, total_user) = (total.0.as_secs_f64(), total.1.as_secs_f64());
        // Times in seconds: the `Rest` line may be negative.
        let seconds = |out: &mut String, wall: f64, user: f64, indent: usize, name: &str| {
            if show_user {
                out.push_str(&format!(
                    "  {user:8.4} ({:5.1}%)",
                    100.0 * user / total_user
                ));
            }
            out.push_str(&format!(
                "  {wall:8.4} ({:5.1}%)  {}{name}\n",
                100.0 * wall / total_wall,
                " ".repeat(indent)
            ));
        };
        let entry =
            |out: &mut String, wall: Duration, user: Duration, indent: usize, name: &str| {
                seconds(out, wall.as_secs_f64(), user.as_secs_f64(), indent, name)
            };
        match display {
            Display::Tree => {
                let mut stack = vec![(0usize, 0usize)];
                while let Some((index, indent)) = stack.pop() {
                    let timer = &self.timers[index];
                    let mut child_indent = indent;
                    if !timer.hidden {
                        entry(&mut out, timer.wall, timer.user, indent, &timer.name);
                        child_indent += 2;
                    }
                    for &c in timer.children.iter().rev() {
                        stack.push((c, child_indent));
                    }
                }
            }
            Display::List => {
                let mut merged: Vec<(String, Duration, Duration)> = Vec::new();
                for timer in &self.timers {
                    match merged.iter_mut().find(|m| m.0 == timer.name) {
                        Some(m) => {
                            m.1 += timer.wall;
                            m.2 += timer.user;
                        }
                        None => merged.push((timer.name.clone(), timer.wall, timer.user)),
                    }
                }
                merged.sort_by_key(|m| std::cmp::Reverse(m.1));
                for (name, wall, user) in &merged {
                    entry(&mut out, *wall, *user, 0, name);
                }
            }
        }
        // As MLIR, the total minus the top-level timers, which overlap
        // when a pass runs pipelines (their timers are top-level too): the
        // rest is negative then.
        let (mut rest_wall, mut rest_user) = (total_wall, total_user);
        for &c in &self.timers[0].children {
            rest_wall -= self.timers[c].wall.as_secs_f64();
            rest_user -= self.timers[c].user.as_secs_f64();
        }
        seconds(&mut out, rest_wall, rest_user, 0, "Rest");
        entry(&mut out, total.0, total.1, 0, "Total");
        out
    }

    /// MLIR's `addAsyncUserTime`: each timer's user time grows by the
    /// user time of the asynchronous timers below it.
    fn add_async_user_time(&mut self, index: usize) -> Duration {
        let mut added = Duration::ZERO;
        for c in self.timers[index].children.clone() {
            let below = self.add_async_user_time(c);
            added += if self.timers[c].asynchronous {
                self.timers[c].user
            } else {
                below
            };
        }
        self.timers[index].user += added;
        added
    }
}

// ----- statistics -----------------------------------------------------------

/// One statistic a pass keeps (MLIR's `Pass::Statistic`): its name,
/// description and value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Statistic {
    /// As upstream names it (`num-cse'd`).
    pub name: &'static str,
    pub description: &'static str,
    pub value: u64,
}

/// One pass's entry in the statistics report, or a pipeline's.
#[derive(Clone, Debug)]
pub(super) enum StatEntry {
    Pass {
        name: String,
        stats: Vec<Statistic>,
    },
    /// A nested pipeline collection: with several pipelines, its own
    /// line; each pipeline by its anchor.
    Collection {
        name: String,
        pipelines: Vec<(String, Vec<StatEntry>)>,
    },
}

/// The pass statistics report (`--mlir-pass-statistics`), in `mlir-opt`'s
/// layout as an LLVM build with statistics enabled prints it.
pub(super) fn statistics_report(entries: &[StatEntry], display: Display) -> String {
    let mut out = String::new();
    out.push_str(&format!("==={}===\n", "-".repeat(73)));
    let title = "... Pass statistics report ...";
    out.push_str(&format!("{}{title}\n", " ".repeat((80 - title.len()) / 2)));
    out.push_str(&format!("==={}===\n", "-".repeat(73)));
    match display {
        Display::Tree => print_pipeline(&mut out, entries, 0),
        Display::List => {
            let mut merged: Vec<(String, Vec<Statistic>)> = Vec::new();
            merge_stats(entries, &mut merged);
            merged.sort_by(|a, b| a.0.cmp(&b.0));
            for (name, stats) in merged {
                pass_entry(&mut out, 2, &name, stats);
            }
        }
    }
    out.push('\n');
    out
}

fn merge_stats(entries: &[StatEntry], merged: &mut Vec<(String, Vec<Statistic>)>) {
    for e in entries {
        match e {
            StatEntry::Pass { stats, .. } if stats.is_empty() => {}
            StatEntry::Pass { name, stats } => match merged.iter_mut().find(|m| &m.0 == name) {
                Some(m) => {
                    for (into, s) in m.1.iter_mut().zip(stats) {
                        into.value += s.value;
                    }
                }
                None => merged.push((name.clone(), stats.clone())),
            },
            StatEntry::Collection { pipelines, .. } => {
                for (_, inner) in pipelines {
                    merge_stats(inner, merged);
                }
            }
        }
    }
}

fn print_pipeline(out: &mut String, entries: &[StatEntry], indent: usize) {
    for e in entries {
        match e {
            StatEntry::Pass { name, stats } => pass_entry(out, indent, name, stats.clone()),
            StatEntry::Collection { name, pipelines } => {
                let mut indent = indent;
                if pipelines.len() > 1 {
                    pass_entry(out, indent, name, Vec::new());
                    indent += 2;
                }
                for (anchor, inner) in pipelines {
                    pass_entry(out, indent, &format!("'{anchor}' Pipeline"), Vec::new());
                    print_pipeline(out, inner, indent + 2);
                }
            }
        }
    }
}

/// A pass's line and its statistics, sorted by name and aligned.
fn pass_entry(out: &mut String, indent: usize, name: &str, mut stats: Vec<Statistic>) {
    out.push_str(&format!("{}{name}\n", " ".repeat(indent)));
    stats.sort_by(|a, b| a.name.cmp(b.name));
    let name_width = stats.iter().map(|s| s.name.len()).max().unwrap_or(0);
    let value_width = stats
        .iter()
        .map(|s| s.value.to_string().len())
        .max()
        .unwrap_or(0);
    for s in stats {
        out.push_str(&format!(
            "{}(S) {:>value_width$} {:<name_width$} - {}\n",
            " ".repeat(indent + 2),
            s.value,
            s.name,
            s.description
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The report with every number masked.
    fn masked(report: &str) -> String {
        let mut out = String::new();
        let mut chars = report.chars().peekable();
        while let Some(c) = chars.next() {
            if c.is_ascii_digit() {
                while chars
                    .peek()
                    .is_some_and(|d| d.is_ascii_digit() || *d == '.')
                {
                    chars.next();
                }
                out.push('N');
            } else {
                out.push(c);
            }
        }
        // Percentages are right-aligned in 5 columns.
        while out.contains("( ") {
            out = out.replace("( ", "(");
        }
        out
    }

    #[test]
    fn timing_report_layout() {
        let mut t = Timing::new();
        t.time("Parser", || ());
        t.start(1, || "CSE".into(), false);
        t.start(
            name_key("(A) DominanceInfo"),
            || "(A) DominanceInfo".into(),
            false,
        );
        t.stop();
        t.stop();
        t.time("Output", || ());
        let report = t.report(Display::Tree);
        assert_eq!(
            masked(&report),
            "===-------------------------------------------------------------------------===
                         ... Execution time report ...
===-------------------------------------------------------------------------===
  Total Execution Time: N seconds

  ----Wall Time----  ----Name----
    N (N%)  Parser
    N (N%)  CSE
    N (N%)    (A) DominanceInfo
    N (N%)  Output
    N (N%)  Rest
    N (N%)  Total
"
        );
    }

    #[test]
    fn statistics_layout() {
        let cse = |merged, dead| StatEntry::Pass {
            name: "CSE".into(),
            stats: vec![
                Statistic {
                    name: "num-dce'd",
                    description: "Number of operations DCE'd",
                    value: dead,
                },
                Statistic {
                    name: "num-cse'd",
                    description: "Number of operations CSE'd",
                    value: merged,
                },
            ],
        };
        let entries = vec![
            StatEntry::Collection {
                name: "Pipeline Collection : ['func.func']".into(),
                pipelines: vec![("func.func".into(), vec![cse(12, 3)])],
            },
            cse(1, 0),
        ];
        let report = statistics_report(&entries, Display::Tree);
        assert!(report.ends_with(
            "===\n'func.func' Pipeline\n  CSE\n    (S) 12 num-cse'd - Number of operations CSE'd\n    (S)  3 num-dce'd - Number of operations DCE'd\nCSE\n  (S) 1 num-cse'd - Number of operations CSE'd\n  (S) 0 num-dce'd - Number of operations DCE'd\n\n"
        ), "{report}");
        let report = statistics_report(&entries, Display::List);
        assert!(report.ends_with(
            "===\n  CSE\n    (S) 13 num-cse'd - Number of operations CSE'd\n    (S)  3 num-dce'd - Number of operations DCE'd\n\n"
        ), "{report}");
    }
}
