//! The passes a tool knows ([`PassRegistry`]: registered by name, made
//! from their options) and the pass instances a pipeline holds.

use super::{standard, OptionKind, OptionValues, Pass, PassOption, Pipeline, Statistic};

/// A registered pass: its name (the flag without dashes, and the name in
/// a pipeline), `--help` text, options, and how to make one.
#[derive(Clone, Copy)]
pub struct PassInfo {
    pub name: &'static str,
    /// One line for `--help`.
    pub summary: &'static str,
    /// The options it takes (`name{key=value ...}`, `--name=key=value`).
    pub options: &'static [PassOption],
    /// Makes the pass from its option values (each checked against
    /// [`PassInfo::options`] before).
    pub create: CreatePass,
}

/// How a registered pass is made from its option values.
pub type CreatePass = fn(&OptionValues) -> Box<dyn Pass>;

/// The passes a tool knows, by name.
#[derive(Clone, Default)]
pub struct PassRegistry {
    /// Sorted by name, as `mlir-opt --help` lists them.
    passes: Vec<PassInfo>,
}

impl PassRegistry {
    /// No passes.
    pub fn new() -> Self {
        PassRegistry::default()
    }

    /// The generic passes of this crate: `canonicalize`, `cse`,
    /// `loop-invariant-code-motion`, `reconcile-unrealized-casts`,
    /// `symbol-dce`.
    pub fn with_standard_passes() -> Self {
        let mut registry = PassRegistry::new();
        standard::register(&mut registry);
        crate::conversion::register_passes(&mut registry);
        registry
    }

    /// Adds `info` (replacing a pass of the same name).
    pub fn register(&mut self, info: PassInfo) {
        match self.passes.binary_search_by(|p| p.name.cmp(info.name)) {
            Ok(i) => self.passes[i] = info,
            Err(i) => self.passes.insert(i, info),
        }
    }

    /// The pass called `name`.
    pub fn get(&self, name: &str) -> Option<&PassInfo> {
        self.passes
            .binary_search_by(|p| p.name.cmp(name))
            .ok()
            .map(|i| &self.passes[i])
    }

    /// Every pass, by name.
    pub fn passes(&self) -> &[PassInfo] {
        &self.passes
    }

    /// The pass called `name` with the options written `{...}` after it in
    /// a pipeline (or `--name=...` on the command line); `None` when no
    /// pass has that name.
    pub fn create(&self, name: &str, options: &str) -> Option<Result<PassInstance, PipelineError>> {
        let info = self.get(name)?;
        Some(
            OptionValues::parse(info.options, options)
                .and_then(|mut values| {
                    self.check_pipeline_options(info, &values)?;
                    values.set_pass_registry(self);
                    Ok(values)
                })
                .map(|values| PassInstance {
                    name: info.name,
                    pass: (info.create)(&values),
                    remake: Some((info.create, values)),
                    merged: Vec::new(),
                }),
        )
    }

    /// Each pipeline given to an option of kind
    /// [`OptionKind::PipelineList`] reads with these passes; else the
    /// reader's message, printed as `mlir-opt` prints it.
    fn check_pipeline_options(
        &self,
        info: &PassInfo,
        values: &OptionValues,
    ) -> Result<(), PipelineError> {
        for option in info.options {
            if !matches!(option.kind, OptionKind::PipelineList) {
                continue;
            }
            for text in values.list(option.name) {
                if let Err(e) = Pipeline::parse(text, self) {
                    return Err(PipelineError {
                        message: String::new(),
                        stderr_line: None,
                        stderr_text: Some(e.message),
                    });
                }
            }
        }
        Ok(())
    }

    /// `--help`'s lines for the passes: each flag with its summary, and
    /// its options below it, as `mlir-opt` lists them.
    pub fn help(&self) -> String {
        let mut text = String::new();
        for p in &self.passes {
            text.push_str(&format!("  --{:<30}{}\n", p.name, p.summary));
            for o in p.options {
                let flag = format!("{}{}", o.name, o.kind.help_suffix());
                text.push_str(&format!("      --{:<28}{}\n", flag, o.summary));
            }
        }
        text
    }
}

/// A pass made from its options, with the name it was registered under.
pub struct PassInstance {
    pub name: &'static str,
    pub pass: Box<dyn Pass>,
    /// How to make another instance (for each worker thread of a nested
    /// pipeline): the constructor and the option values.
    remake: Option<(CreatePass, OptionValues)>,
    /// The statistics of other instances merged in (see
    /// [`PassInstance::merge_statistics`]).
    merged: Vec<Statistic>,
}

impl PassInstance {
    /// An instance of `pass`, registered as `name`, that cannot be
    /// remade: a nested pipeline holding it runs on one thread.
    pub fn new(name: &'static str, pass: Box<dyn Pass>) -> Self {
        PassInstance {
            name,
            pass,
            remake: None,
            merged: Vec::new(),
        }
    }

    /// The pass's name in dumps and reports (its class name, else its
    /// registered name).
    pub fn display_name(&self) -> &'static str {
        self.pass.display_name().unwrap_or(self.name)
    }

    /// A new instance of the same pass with the same options and no
    /// statistics yet (`None` for one made by [`PassInstance::new`]), as
    /// `mlir-opt` clones a pass for each thread.
    pub fn remade(&self) -> Option<PassInstance> {
        let (create, values) = self.remake.as_ref()?;
        Some(PassInstance {
            name: self.name,
            pass: create(values),
            remake: Some((*create, values.clone())),
            merged: Vec::new(),
        })
    }

    /// The statistics of the runs so far: this instance's and those of
    /// the instances merged into it.
    pub fn statistics(&self) -> Vec<Statistic> {
        let mut stats = self.pass.statistics();
        for (s, m) in stats.iter_mut().zip(&self.merged) {
            s.value += m.value;
        }
        stats
    }

    /// Adds `other`'s statistics (an instance [`PassInstance::remade`]
    /// from this one) to this one's, as `mlir-opt` sums the statistics
    /// of its per-thread copies of a pass.
    pub fn merge_statistics(&mut self, other: &PassInstance) {
        let theirs = other.statistics();
        if self.merged.is_empty() {
            self.merged = theirs
                .iter()
                .map(|s| Statistic { value: 0, ..*s })
                .collect();
        }
        for (m, t) in self.merged.iter_mut().zip(&theirs) {
            m.value += t.value;
        }
    }
}

impl std::fmt::Debug for PassInstance {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name)
    }
}

/// Why a pipeline cannot be built, as `mlir-opt` reports it once the
/// input parsed: an error diagnostic with no location, and for a bad
/// option value a line the option parser prints first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PipelineError {
    /// The diagnostic's message.
    pub message: String,
    /// Printed to stderr before the diagnostic, after the tool's name and
    /// `: ` (`for the --top-down option: ...`).
    pub stderr_line: Option<String>,
    /// Printed to stderr as it is, before the diagnostic (what the
    /// pipeline reader prints for a pipeline given as an option value).
    pub stderr_text: Option<String>,
}

impl From<String> for PipelineError {
    fn from(message: String) -> Self {
        PipelineError {
            message,
            stderr_line: None,
            stderr_text: None,
        }
    }
}
