//! Lowering a spec that resumes from a library lowered once. Each `#[op]`
//! expansion compiles the whole standard library followed by one op; the
//! records of the library are resolved once per process
//! ([`crate::compile_after_stdlib`]), and so is their lowering: what the
//! library lowers to is kept in a [`LibraryModel`], and lowering a spec
//! after it walks only the spec's own defs. The model is the one
//! [`super::lower`] gives for the whole record set.

use super::lower::{lower_after, lower_and_report};
use super::*;
use std::rc::Rc;

/// What a library's defs lower to, kept to lower specs that resume from
/// it. Only a library that lowers to interfaces alone qualifies (the
/// standard library does): the other parts of a model (dialects and
/// their ops, enums, attributes and types, rewrite rules) read the
/// records of the whole spec, and would need lowering again.
#[derive(Debug, Default)]
pub struct LibraryModel {
    /// How many leading defs of `def_order` are the library's.
    pub(super) defs: usize,
    /// The library's interfaces, in definition order.
    pub(super) interfaces: Vec<InterfaceModel>,
}

impl LibraryModel {
    /// No library: everything is lowered.
    pub(super) fn none() -> LibraryModel {
        LibraryModel::default()
    }

    /// The lowering of `records`, a library's alone, when it can stand
    /// for their share of any spec that resumes from them: it lowers with
    /// no error nor warning to interfaces alone, and holds no def that
    /// lowering gathers from the whole spec (rewrite rules and
    /// canonicalization lists). `None` otherwise.
    pub fn of(records: &RecordKeeper, sources: &SourceMap) -> Option<LibraryModel> {
        let (model, report) = lower_and_report(records, sources);
        let interfaces_only = model.dialects.is_empty()
            && model.enums.is_empty()
            && model.enum_attrs.is_empty()
            && model.attr_type_defs.is_empty()
            && model.patterns.is_empty()
            && model.canonicalizers.is_empty();
        let gathered = records
            .defs
            .values()
            .any(|r| r.is_subclass_of("Pattern") || r.is_subclass_of("CanonicalizationPatterns"));
        let clean = report.errors.is_empty() && report.warnings.is_empty();
        (interfaces_only && !gathered && clean).then_some(LibraryModel {
            defs: records.def_order.len(),
            interfaces: model.interfaces,
        })
    }
}

/// [`lower`] of `records`, whose first defs are those `library` was
/// lowered from (records resumed from the library's): the same model and
/// errors, lowering only the defs that follow the library's. When a
/// dialect of the spec maps C++ namespaces to Rust paths, the mapping
/// rewrites the library's records too, and everything is lowered.
pub fn lower_after_library(
    records: &RecordKeeper,
    sources: &SourceMap,
    library: &LibraryModel,
) -> Result<SpecModel, Vec<Diagnostic>> {
    let resumed = records.def_order.len() >= library.defs;
    // The library defines no dialect (it lowers to none), so the spec's
    // own defs hold every mapping.
    if !resumed
        || !Namespaces::from_records_after(records, library.defs)
            .0
            .is_empty()
    {
        return lower(records, sources);
    }
    let (model, report) = lower_after(records, sources, library);
    if report.errors.is_empty() {
        Ok(SpecModel {
            warnings: report.warnings,
            ..model
        })
    } else {
        Err(report.errors)
    }
}

impl<'r> Lowerer<'r> {
    /// The spec's own defs (those after the library's) deriving from
    /// `class`, in definition order.
    pub(super) fn own_defs_of(&self, class: &'r str) -> impl Iterator<Item = &'r Record> + 'r {
        let own = Rc::clone(&self.own);
        (0..own.len())
            .map(move |i| own[i])
            .filter(move |r| r.is_subclass_of(class))
    }

    /// The spec's own defs in name order (the order of `defs`).
    pub(super) fn own_defs_by_name(&self) -> Vec<&'r Record> {
        let records = self.records;
        if self.library.defs == 0 {
            return records.defs.values().map(|r| &**r).collect();
        }
        let mut own = self.own.to_vec();
        own.sort_by(|a, b| a.name.cmp(&b.name));
        own.dedup_by(|a, b| a.name == b.name);
        own
    }
}
