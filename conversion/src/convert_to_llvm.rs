//! `--convert-to-llvm` (upstream's `ConvertToLLVMPass.cpp`): one
//! conversion to the LLVM dialect with the patterns of every dialect that
//! provides them, so that `arith`, `cf`, `func`, `index`, `math` and
//! `memref` (whatever [`TO_LLVM_PROVIDERS`] lists) are lowered together in
//! one pass.
//!
//! Upstream, a dialect takes part by implementing
//! `ConvertToLLVMPatternInterface`; here it takes part by a row of
//! [`TO_LLVM_PROVIDERS`]: its name and the function adding its patterns,
//! the same one its own `--convert-<dialect>-to-llvm` pass uses. A new
//! lowering joins `--convert-to-llvm` with one row.
//!
//! Options, as `mlir-opt-22`'s:
//! - `filter-dialects=a,b`: only the patterns of these dialects. A name
//!   that is not loaded is an error (`dialect not loaded: a`), as is one
//!   with no patterns (`dialect does not implement
//!   ConvertToLLVMPatternInterface: scf`). A dialect counts as loaded when
//!   one of its ops is in the IR, when a loaded dialect depends on it
//!   ([`DEPENDENT_DIALECTS`]), or when it is `builtin` or `llvm` (which the
//!   pass itself loads).
//! - `dynamic`: upstream builds the type converter from the data layout
//!   of the op the pass runs on. The toolkit has no data-layout (`dlti`)
//!   attributes, so every module has the default layout and the dynamic
//!   conversion is the static one.
//! - `allow-pattern-rollback`: an experimental flag of upstream's
//!   conversion driver that only changes how it undoes failed patterns;
//!   accepted, and the conversion is the same.

use std::collections::BTreeSet;
use std::rc::Rc;

use ir::{Context, DiagLoc, Diagnostic, Ir, OpId};
use ods_transforms::conversion::{apply_partial_conversion, Conversion, ConversionPatternSet};
use ods_transforms::pass::{OptionKind, Pass, PassCx, PassInfo, PassOption, PassRegistry};

use crate::llvm_common::pattern::llvm_conversion_target;
use crate::llvm_common::{LlvmTypeConverter, LowerToLlvmOptions};

/// Adds a dialect's patterns to a conversion to LLVM (upstream's
/// `ConvertToLLVMPatternInterface::populateConvertToLLVMConversionPatterns`).
pub type PopulateToLlvmPatterns = fn(&Rc<LlvmTypeConverter>, &mut ConversionPatternSet);

/// A dialect whose ops `--convert-to-llvm` lowers, and how.
#[derive(Clone, Copy)]
pub struct ToLlvmProvider {
    /// The dialect's namespace (`arith`).
    pub dialect: &'static str,
    /// Adds the patterns lowering its ops.
    pub populate: PopulateToLlvmPatterns,
}

/// The dialects `--convert-to-llvm` lowers, in upstream's order (loaded
/// dialects sorted by name). One row per lowering module.
pub const TO_LLVM_PROVIDERS: &[ToLlvmProvider] = &[
    ToLlvmProvider::new(
        "arith",
        crate::arith_to_llvm::populate_convert_to_llvm_patterns,
    ),
    ToLlvmProvider::new("cf", crate::cf_to_llvm::populate_convert_to_llvm_patterns),
    ToLlvmProvider::new("func", crate::func_to_llvm::populate_func_to_llvm_patterns),
    ToLlvmProvider::new(
        "index",
        crate::index_to_llvm::populate_index_to_llvm_patterns,
    ),
    ToLlvmProvider::new(
        "math",
        crate::math_to_llvm::populate_convert_to_llvm_patterns,
    ),
    ToLlvmProvider::new(
        "memref",
        crate::memref_to_llvm::populate_finalize_memref_to_llvm_patterns,
    ),
];

impl ToLlvmProvider {
    /// The row for `dialect`, lowered by `populate`.
    pub const fn new(dialect: &'static str, populate: PopulateToLlvmPatterns) -> Self {
        ToLlvmProvider { dialect, populate }
    }
}

/// The dialects that loading a dialect loads with it in `mlir-opt-22`
/// (what its ops may build), as far as `filter-dialects` can observe it.
/// `memref` loads `arith` as a dependent dialect and `cf` by an extension
/// `mlir-opt-22` registers for it (the runtime verification of its ops).
pub const DEPENDENT_DIALECTS: &[(&str, &[&str])] = &[
    ("func", &["cf"]),
    ("cf", &["arith"]),
    ("math", &["arith"]),
    ("memref", &["arith", "cf"]),
];

const OPTIONS: &[PassOption] = &[
    PassOption {
        name: "allow-pattern-rollback",
        kind: OptionKind::Bool,
        summary: "Experimental performance flag to disallow pattern rollback",
    },
    PassOption {
        name: "dynamic",
        kind: OptionKind::Bool,
        summary: "Use op conversion attributes to configure the conversion",
    },
    PassOption {
        name: "filter-dialects",
        kind: OptionKind::List,
        summary: "Test conversion patterns of only the specified dialects",
    },
];

/// Registers `convert-to-llvm`.
pub fn register(registry: &mut PassRegistry) {
    registry.register(PassInfo {
        name: "convert-to-llvm",
        summary: "Convert to LLVM via dialect interfaces found in the input IR",
        options: OPTIONS,
        create: |values| {
            Box::new(ConvertToLlvm {
                filter_dialects: values.list("filter-dialects").to_vec(),
                reported: Vec::new(),
            })
        },
    });
}

struct ConvertToLlvm {
    filter_dialects: Vec<String>,
    /// The errors of the last run that do not fail it (those of the
    /// `func` patterns).
    reported: Vec<Diagnostic>,
}

impl Pass for ConvertToLlvm {
    fn run(&mut self, cx: &mut PassCx<'_>, op: OpId) -> Result<(), Vec<Diagnostic>> {
        let providers = self.providers(cx.ctx, cx.ir, op)?;
        let converter = Rc::new(LlvmTypeConverter::new(LowerToLlvmOptions::default()));
        let mut patterns = ConversionPatternSet::new();
        for provider in &providers {
            (provider.populate)(&converter, &mut patterns);
        }
        if providers.iter().any(|p| p.dialect == "func") {
            self.reported = crate::func_to_llvm::reported_func_errors(cx, op, &converter);
        }
        let target = llvm_conversion_target();
        let conversion = Conversion {
            target: &target,
            patterns: &patterns,
            type_converter: Some(converter.converter()),
        };
        let converted = apply_partial_conversion(cx, op, conversion).map(|_| ());
        self.reported.extend(converter.take_reported());
        converted
    }

    fn take_reported(&mut self) -> Vec<Diagnostic> {
        std::mem::take(&mut self.reported)
    }

    fn display_name(&self) -> Option<&'static str> {
        Some("ConvertToLLVMPass")
    }
}

impl ConvertToLlvm {
    /// The providers whose patterns run: all of them, or those
    /// `filter-dialects` names, each checked as upstream checks it.
    fn providers(
        &self,
        ctx: &Context,
        ir: &Ir,
        root: OpId,
    ) -> Result<Vec<ToLlvmProvider>, Vec<Diagnostic>> {
        if self.filter_dialects.is_empty() {
            return Ok(TO_LLVM_PROVIDERS.to_vec());
        }
        let loaded = loaded_dialects(ctx, ir, root);
        let mut chosen = Vec::new();
        for name in &self.filter_dialects {
            let provider = TO_LLVM_PROVIDERS.iter().find(|p| p.dialect == name);
            let message = if !loaded.contains(name.as_str()) {
                format!("dialect not loaded: {name}\n")
            } else if let Some(provider) = provider {
                chosen.push(*provider);
                continue;
            } else {
                format!("dialect does not implement ConvertToLLVMPatternInterface: {name}\n")
            };
            return Err(vec![Diagnostic::error(DiagLoc::Unknown, message)]);
        }
        Ok(chosen)
    }
}

/// The dialects `mlir-opt-22` would have loaded for `root`: those of its
/// ops and their dependents, with `builtin` and `llvm`.
fn loaded_dialects(ctx: &Context, ir: &Ir, root: OpId) -> BTreeSet<String> {
    let mut loaded: BTreeSet<String> = ["builtin", "llvm"].map(String::from).into();
    let mut stack = vec![root];
    while let Some(op) = stack.pop() {
        let name = ctx.str(ir.op_name(op));
        if let Some((dialect, _)) = name.split_once('.') {
            loaded.insert(dialect.to_string());
        }
        for &region in ir.regions(op) {
            for block in ir.region_blocks(region) {
                stack.extend(ir.block_ops(block));
            }
        }
    }
    let mut pending: Vec<String> = loaded.iter().cloned().collect();
    while let Some(dialect) = pending.pop() {
        let deps = DEPENDENT_DIALECTS
            .iter()
            .filter(|(d, _)| *d == dialect)
            .flat_map(|(_, deps)| deps.iter());
        for dep in deps {
            if loaded.insert((*dep).to_string()) {
                pending.push((*dep).to_string());
            }
        }
    }
    loaded
}
