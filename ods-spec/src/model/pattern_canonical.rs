//! Which patterns an op's canonicalizer registers (`hasCanonicalizer =
//! 1`, upstream's hand-written `getCanonicalizationPatterns`).
//!
//! In: the ops, the lowered rules and the spec's `CanonicalizationPatterns`
//! and `RustPattern` defs (standard library, `mlir/IR/PatternBase.td`).
//! Out: per op with `hasCanonicalizer = 1` that the spec gives patterns
//! to, its patterns in order: a `CanonicalizationPatterns<Op, [...]>` def
//! lists them (rules and hand-written `RustPattern`s); without one, the
//! rules rooted at the op, in def name order (mlir-tblgen's
//! `populateWithGenerated` order).

use super::*;

/// The patterns one op's canonicalizer registers.
#[derive(Clone, Debug, PartialEq)]
pub struct CanonicalizerModel {
    /// The op (with `hasCanonicalizer = 1`).
    pub op: OpRef,
    /// Its patterns, in registration order (which decides between
    /// patterns of equal benefit).
    pub patterns: Vec<CanonicalizerEntry>,
}

/// One pattern of an op's canonicalizer.
#[derive(Clone, Debug, PartialEq)]
pub enum CanonicalizerEntry {
    /// A rule of the spec, by its [`PatternModel::name`].
    Generated(String),
    /// A hand-written pattern (`def Name : RustPattern<"path::to::fn">`).
    Rust {
        /// The def's name (the pattern's name).
        name: String,
        /// The Rust path of its `fn(&mut Rewriter, OpId) -> bool`.
        function: String,
        /// Its benefit.
        benefit: i64,
    },
}

impl Lowerer<'_> {
    /// Each op's canonicalizer, for the ops with `hasCanonicalizer = 1`
    /// that a `CanonicalizationPatterns` def names or a rule is rooted at,
    /// in op name order (the order MLIR's canonicalizer asks registered
    /// ops for their patterns).
    pub(crate) fn lower_canonicalizers(
        &mut self,
        dialects: &[DialectModel],
        patterns: &[PatternModel],
    ) -> Vec<CanonicalizerModel> {
        let ops: HashMap<&str, &OpModel> = dialects
            .iter()
            .flat_map(|d| &d.ops)
            .map(|op| (op.def_name.as_str(), op))
            .collect();
        let mut explicit: BTreeMap<String, (Span, Vec<CanonicalizerEntry>)> = BTreeMap::new();
        for r in self.own_defs_by_name() {
            if !r.is_subclass_of("CanonicalizationPatterns") {
                continue;
            }
            match self.explicit_list(r, &ops, patterns) {
                Ok((op, list)) => {
                    if explicit.contains_key(&op.full_name) {
                        self.err(
                            r.span,
                            format!(
                                "op '{}' has its canonicalization patterns listed twice",
                                op.full_name
                            ),
                        );
                        continue;
                    }
                    explicit.insert(op.full_name.clone(), (r.span, list));
                }
                Err(message) => self.err(r.span, message),
            }
        }
        let mut out = BTreeMap::new();
        for op in dialects.iter().flat_map(|d| &d.ops) {
            if !op.has_canonicalizer {
                continue;
            }
            let list = match explicit.remove(&op.full_name) {
                Some((_, list)) => list,
                None => patterns
                    .iter()
                    .filter(|p| p.source.op.full_name == op.full_name)
                    .map(|p| CanonicalizerEntry::Generated(p.name.clone()))
                    .collect(),
            };
            if !list.is_empty() {
                out.insert(
                    op.full_name.clone(),
                    CanonicalizerModel {
                        op: op_ref(op),
                        patterns: list,
                    },
                );
            }
        }
        // A list for an op without `hasCanonicalizer = 1` registers nothing.
        for (name, (span, _)) in explicit {
            self.err(
                span,
                format!(
                    "op '{name}' lists canonicalization patterns but has no `hasCanonicalizer = 1`"
                ),
            );
        }
        out.into_values().collect()
    }

    /// The op and the patterns a `CanonicalizationPatterns` def lists.
    fn explicit_list<'o>(
        &self,
        r: &Record,
        ops: &HashMap<&str, &'o OpModel>,
        patterns: &[PatternModel],
    ) -> Result<(&'o OpModel, Vec<CanonicalizerEntry>), String> {
        let op_name = r.value("op").and_then(Value::as_def).unwrap_or_default();
        let Some(&op) = ops.get(op_name) else {
            return Err(format!("'{op_name}' is not an op"));
        };
        let mut list = Vec::new();
        for v in r
            .value("patterns")
            .and_then(Value::as_list)
            .unwrap_or_default()
        {
            let Some(p) = self.def(v) else {
                return Err(format!("canonicalization pattern {v} is not a def"));
            };
            if p.is_subclass_of("RustPattern") {
                list.push(CanonicalizerEntry::Rust {
                    name: p.name.clone(),
                    function: str_or_empty(p, "function"),
                    benefit: p.value("benefit").and_then(Value::as_int).unwrap_or(1),
                });
                continue;
            }
            let name = p.name.clone();
            match patterns.iter().find(|m| m.name == name) {
                Some(m) if m.source.op.full_name == op.full_name => {
                    list.push(CanonicalizerEntry::Generated(name))
                }
                Some(m) => {
                    return Err(format!(
                        "pattern '{name}' is rooted at '{}', not at '{}'",
                        m.source.op.full_name, op.full_name
                    ))
                }
                // A rule with an error was reported where it is.
                None if p.is_subclass_of("Pattern") => {}
                None => return Err(format!("'{name}' is not a pattern")),
            }
        }
        Ok((op, list))
    }
}
