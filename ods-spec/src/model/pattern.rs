//! Declarative rewrite rules in the model. Input: the `Pattern` defs
//! (`Pat<>` and `Pattern<>` of `mlir/IR/PatternBase.td`) and the ops
//! already lowered; output: one checked [`PatternModel`] per def, in def
//! name order (mlir-tblgen's order, and so the order patterns of equal
//! benefit are tried in).
//!
//! The checks are mlir-tblgen's, with its messages, at the def's name:
//! unknown ops, argument counts, symbols unbound or bound twice, an
//! operand where an attribute belongs, too few values for the root op.
//! What DRR has that this slice does not support yet (variadic-of-variadic
//! operands, `either`/`variadic` in result patterns, ...) is an error
//! naming the construct, never silently wrong code.

use std::collections::BTreeMap;

use super::*;
use crate::record::Dag;
use native::attr_presence;

#[path = "pattern_native.rs"]
mod native;

#[path = "pattern_directives.rs"]
mod directives;

#[path = "pattern_results.rs"]
mod results;

#[path = "pattern_source.rs"]
mod source;

#[path = "pattern_canonical.rs"]
mod canonical;
pub use canonical::{CanonicalizerEntry, CanonicalizerModel};

/// One declarative rewrite rule, checked.
#[derive(Clone, Debug, PartialEq)]
pub struct PatternModel {
    /// The Rust pattern's name: the def's, or `GeneratedConvertN` for the
    /// N-th anonymous one (mlir-tblgen's names, which
    /// `enable-patterns`/`disable-patterns` match).
    pub name: String,
    /// The source pattern (its root is the op the pattern applies to).
    pub source: SourceOp,
    /// The values replacing the root op's results, one per result.
    pub results: Vec<ResultValue>,
    /// The constraints of the `preds` list, checked after the source
    /// matched.
    pub constraints: Vec<ConstraintUse>,
    /// The supplemental patterns: built (or run) after the result
    /// patterns, for their effect only.
    pub supplemental: Vec<ResultValue>,
    /// What the symbols of the source stand for, by name.
    pub symbols: BTreeMap<String, Symbol>,
    /// Ops matched plus `addBenefit`: higher is tried first.
    pub benefit: i64,
    /// `file:line` of the def, said in generated code.
    pub origin: String,
    /// Where the def is.
    pub span: Span,
}

impl PatternModel {
    /// The checks of the source pattern's operand and attribute matchers.
    pub fn source_checks(&self) -> impl Iterator<Item = &Check> {
        let mut stack = vec![&self.source];
        let mut checks = Vec::new();
        while let Some(node) = stack.pop() {
            for arg in &node.args {
                match arg {
                    SourceArg::Operand { check, .. } | SourceArg::Attribute { check, .. } => {
                        checks.extend(check.iter())
                    }
                    SourceArg::Op { node, .. } => stack.push(node),
                    SourceArg::Native { matcher, .. } => {
                        checks.extend(matcher.args.iter().filter_map(|a| a.check.as_ref()))
                    }
                    SourceArg::Either(pair) => pair
                        .iter()
                        .for_each(|a| operand_checks(a, &mut checks, &mut stack)),
                    SourceArg::Variadic { args, .. } => args
                        .iter()
                        .for_each(|a| operand_checks(a, &mut checks, &mut stack)),
                }
            }
        }
        checks.into_iter()
    }
}

/// Adds the checks of one operand matcher of an `either` or `variadic`
/// group to `checks` (a nested op node to `stack`).
fn operand_checks<'a>(
    arg: &'a SourceArg,
    checks: &mut Vec<&'a Check>,
    stack: &mut Vec<&'a SourceOp>,
) {
    match arg {
        SourceArg::Operand { check, .. } => checks.extend(check.iter()),
        SourceArg::Op { node, .. } => stack.push(node),
        SourceArg::Native { matcher, .. } => {
            checks.extend(matcher.args.iter().filter_map(|a| a.check.as_ref()))
        }
        _ => {}
    }
}

/// The op a DAG node names.
#[derive(Clone, Debug, PartialEq)]
pub struct OpRef {
    /// Full name (`arith.addi`).
    pub full_name: String,
    /// Rust path of the op's handle.
    pub rust_path: String,
    /// Declared operands (groups) in order.
    pub num_operands: usize,
    /// Results in order.
    pub num_results: usize,
    /// For an op with optional or variadic operands: whether each
    /// declared operand is one (empty when all are single values, which
    /// are then the op's operands in order).
    pub variable_operands: Vec<bool>,
    /// The op's operand group sizes are its `operandSegmentSizes`
    /// property (`AttrSizedOperandSegments`).
    pub segmented_operands: bool,
}

impl OpRef {
    /// Whether some declared operand is optional or variadic.
    pub fn has_variable_operands(&self) -> bool {
        !self.variable_operands.is_empty()
    }
}

/// An op node of the source pattern.
#[derive(Clone, Debug, PartialEq)]
pub struct SourceOp {
    /// The op matched.
    pub op: OpRef,
    /// `(Op:$name ...)`: the symbol naming the op (its results as values).
    pub binding: Option<String>,
    /// Its arguments, in the op's `arguments` order.
    pub args: Vec<SourceArg>,
}

/// One argument of a source op node.
#[derive(Clone, Debug, PartialEq)]
pub enum SourceArg {
    /// The operand at `index`, optionally bound and checked.
    Operand {
        /// Index among the op's operands.
        index: usize,
        /// Its name was bound to an operand before: it must be that value.
        repeats: bool,
        /// `$x`.
        binding: Option<String>,
        /// `Constraint:$x`, when it checks more than the op's own.
        check: Option<Check>,
    },
    /// The attribute (or property) `name`.
    Attribute {
        /// The attribute's name.
        name: String,
        /// `$x`.
        binding: Option<String>,
        /// `AttrConstraint:$x`, when it checks more than the op's own.
        check: Option<Check>,
        /// What an op without it matches as (mlir-tblgen's: nothing, the
        /// default value, or an absent attribute).
        presence: AttrPresence,
    },
    /// A `NativeCodeCall` matching the op defining the operand at
    /// `index` (such as `(ConstantLikeMatcher APIntAttr:$c)`).
    Native {
        /// Index among the op's operands.
        index: usize,
        /// The call.
        matcher: NativeMatcher,
    },
    /// An op that must define the operand at `index`.
    Op {
        /// Index among the op's operands.
        index: usize,
        /// The nested node.
        node: SourceOp,
    },
    /// `(either a, b)`: two operand matchers (each an `Operand`, `Op` or
    /// `Native`, with its own index) tried in the order written, then
    /// swapped, as mlir-tblgen's generated matcher tries them.
    Either(Box<[SourceArg; 2]>),
    /// `(variadic:$all a, b, ...)`: the variadic operand at `index` has
    /// exactly as many values as `args`, each matched by its matcher
    /// (whose index is its position in the group).
    Variadic {
        /// Index among the op's declared operands.
        index: usize,
        /// `variadic:$all`: the whole group.
        binding: Option<String>,
        /// One matcher per value.
        args: Vec<SourceArg>,
    },
}

/// What an attribute matcher binds when the op lacks the attribute.
#[derive(Clone, Debug, PartialEq)]
pub enum AttrPresence {
    /// The op must have it.
    Required,
    /// Its default value: this Rust expression (`$_ctxt` the context).
    Default(String),
    /// Nothing: the symbol is an `Option<Attribute>`.
    Optional,
}

/// A `NativeCodeCall` in a source pattern: a Rust expression over
/// `$_self` (the op defining the operand) that gives `Option` of the
/// values it binds (one value, or a tuple of several; a `bool` for none).
#[derive(Clone, Debug, PartialEq)]
pub struct NativeMatcher {
    /// The expression, placeholders left in.
    pub expression: String,
    /// What it binds, in `$0`, `$1`, ... order.
    pub args: Vec<NativeMatchArg>,
}

/// One value a source `NativeCodeCall` binds.
#[derive(Clone, Debug, PartialEq)]
pub struct NativeMatchArg {
    /// `$x`.
    pub binding: Option<String>,
    /// `AttrConstraint:$x` (`$_self` the value) or a type constraint
    /// (`$_self` its type).
    pub check: Option<Check>,
    /// The check is a type constraint.
    pub on_type: bool,
}

/// A predicate a matched entity must satisfy.
#[derive(Clone, Debug, PartialEq)]
pub struct Check {
    /// The constraint's summary (for documentation of the generated code).
    pub summary: String,
    /// The predicate; `$_self` is the value's type or the attribute.
    pub predicate: PredModel,
}

/// What a source symbol stands for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Symbol {
    /// An operand value.
    Operand,
    /// The values of an optional or variadic operand (a `Vec<Value>`).
    Operands,
    /// An attribute.
    Attribute,
    /// An optional attribute the op may lack (an `Option<Attribute>`).
    OptionalAttribute,
    /// An op with this many results (used as a value: its results).
    Op(usize),
}

/// A `preds` entry: a constraint applied to bound entities.
#[derive(Clone, Debug, PartialEq)]
pub struct ConstraintUse {
    /// The constraint's summary.
    pub summary: String,
    /// The predicate over `$0`, `$1`, ... (and `$_self` for the first).
    pub predicate: PredModel,
    /// A type constraint: `$_self` is the first entity's type.
    pub on_type: bool,
    /// The entities, by symbol.
    pub entities: Vec<String>,
}

/// A value (or attribute) computed by a result pattern.
#[derive(Clone, Debug, PartialEq)]
pub enum ResultValue {
    /// The value (or attribute) bound to a source symbol.
    Symbol(String),
    /// Result `index` of the op bound to `symbol` (`$op__N`).
    OpResult {
        /// The op's symbol.
        symbol: String,
        /// The result's index.
        index: usize,
    },
    /// A new op, built before the root op.
    Op {
        /// The op built.
        op: OpRef,
        /// Its arguments in `arguments` order, each an operand or an
        /// attribute.
        args: Vec<ResultArg>,
        /// How its result types are found (top-level: the replaced root
        /// results' types; nested: inferred; or `returnType`).
        types: ResultTypes,
        /// `(location ...)`: where it is built (else the matched ops'
        /// locations fused).
        location: Option<Vec<LocPart>>,
        /// `(Op:$name ...)`: later result patterns name it (its results).
        binding: Option<String>,
    },
    /// A `NativeCodeCallVoid`: a Rust statement run for its effect (an
    /// auxiliary result pattern).
    NativeVoid {
        /// The statement, placeholders left in.
        statement: String,
        /// `$0`, `$1`, ... in order.
        args: Vec<ResultValue>,
    },
    /// An attribute value written in the pattern (`ConstantAttr<...>`,
    /// `ConstantEnumCase<...>`): a Rust expression, `$_ctxt` the context.
    Constant(String),
    /// A `NativeCodeCall`'s Rust expression over its arguments.
    Native {
        /// The expression, placeholders left in.
        expression: String,
        /// `$0`, `$1`, ... in order.
        args: Vec<ResultValue>,
    },
}

/// An argument of an op built by a result pattern.
#[derive(Clone, Debug, PartialEq)]
pub struct ResultArg {
    /// The argument's name in the op's `arguments`.
    pub name: String,
    /// An attribute (or property) rather than an operand.
    pub is_attribute: bool,
    /// What it is computed from.
    pub value: ResultValue,
}

/// How the result types of an op a result pattern builds are found.
#[derive(Clone, Debug, PartialEq)]
pub enum ResultTypes {
    /// The types of the root op's results from this index on (the op
    /// replaces them).
    OfRoot(usize),
    /// Inferred as the op's spec says, one source per result.
    Inferred(Vec<ResultTypeSource>),
    /// `(returnType ...)`, one per result.
    Explicit(Vec<ReturnType>),
}

/// One type of a `(returnType ...)` directive.
#[derive(Clone, Debug, PartialEq)]
pub enum ReturnType {
    /// The type of this value (`$x`, `$op__1`, a nested result op).
    Of(ResultValue),
    /// A Rust expression of type `ir::Type` (`$_builder`, `$_ctxt`,
    /// `$_ir` as in a `NativeCodeCall`).
    Expr(String),
}

/// One part of a `(location ...)` directive.
#[derive(Clone, Debug, PartialEq)]
pub enum LocPart {
    /// The location of the op (or value) bound to this symbol.
    Symbol(String),
    /// A name location, `loc("name")`.
    Name(String),
}

/// Where a pattern node is in its def, for messages that name it.
const SOURCE: &str = "sourcePattern";

impl<'r> Lowerer<'r> {
    /// Lowers every `Pattern` def, in def name order.
    pub(super) fn lower_patterns(&mut self, dialects: &[DialectModel]) -> Vec<PatternModel> {
        let ops: HashMap<&str, &OpModel> = dialects
            .iter()
            .flat_map(|d| &d.ops)
            .map(|op| (op.def_name.as_str(), op))
            .collect();
        let mut out = Vec::new();
        let mut anonymous = 0usize;
        for r in self.own_defs_by_name() {
            // A `RustPattern` names a hand-written pattern: no rule.
            if !r.is_subclass_of("Pattern") || r.is_subclass_of("RustPattern") {
                continue;
            }
            let name = if r.anonymous {
                anonymous += 1;
                format!("GeneratedConvert{}", anonymous - 1)
            } else {
                r.name.clone()
            };
            let mut l = PatternLowering {
                lowerer: self,
                ops: &ops,
                def: r,
                symbols: BTreeMap::new(),
                matched_ops: 0,
            };
            match l.lower(name) {
                Ok(p) => out.push(p),
                Err(message) => self.err(r.span, message),
            }
        }
        out
    }
}

/// Lowering one pattern def; errors end it (as mlir-tblgen's fatal ones).
struct PatternLowering<'l, 'r> {
    lowerer: &'l Lowerer<'r>,
    ops: &'l HashMap<&'l str, &'l OpModel>,
    def: &'r Record,
    symbols: BTreeMap<String, Symbol>,
    matched_ops: i64,
}

type Lowered<T> = Result<T, String>;

impl<'l> PatternLowering<'l, '_> {
    fn lower(&mut self, name: String) -> Lowered<PatternModel> {
        let source = self
            .def
            .value(SOURCE)
            .and_then(Value::as_dag)
            .ok_or("a pattern's source must be a dag")?;
        let source = self.source_op(source)?;
        let constraints = self.constraints()?;
        let results = self.results(&source)?;
        let benefit = self.matched_ops + self.added_benefit()?;
        let supplemental = self.supplemental()?;
        let sources = self.lowerer.sources;
        let (line, _) = sources.line_col(self.def.span.file, self.def.span.start);
        let origin = format!("{}:{line}", sources.file(self.def.span.file).name);
        Ok(PatternModel {
            name,
            source,
            results,
            constraints,
            supplemental,
            symbols: std::mem::take(&mut self.symbols),
            benefit,
            origin,
            span: self.def.span,
        })
    }

    fn added_benefit(&self) -> Lowered<i64> {
        let Some(d) = self.def.value("benefitDelta").and_then(Value::as_dag) else {
            return Ok(0);
        };
        match (d.op.as_def(), d.args.as_slice()) {
            (Some("addBenefit"), [(v, _)]) => v
                .as_int()
                .ok_or_else(|| "The 'addBenefit' takes and only takes one integer value".into()),
            _ => Err("The 'addBenefit' takes and only takes one integer value".into()),
        }
    }

    /// Records that `name` is bound to `what`; a second binding is an error.
    fn bind(&mut self, name: &str, what: Symbol) -> Lowered<()> {
        if self.symbols.insert(name.to_string(), what).is_some() {
            return Err(format!("symbol '{name}' bound more than once"));
        }
        Ok(())
    }

    /// The op a dag operator names, with its argument count checked.
    fn op_of(&self, dag: &Dag) -> Lowered<&'l OpModel> {
        let def = dag.op.as_def().unwrap_or_default();
        if let Some(directive) = directive(def) {
            return Err(unsupported(&format!("the '{directive}' directive here")));
        }
        let Some(&op) = self.ops.get(def) else {
            let record = self.lowerer.records.def(def);
            return Err(match record {
                Some(r) if r.is_subclass_of("NativeCodeCall") => {
                    unsupported("a NativeCodeCall in a source pattern")
                }
                Some(_) => format!("'{def}' is not an op, a directive or a NativeCodeCall"),
                None => format!("Variable not defined: '{def}'"),
            });
        };
        // An `either` stands for its two operands.
        let mut count = 0;
        for (value, _) in &dag.args {
            count += match value.as_dag() {
                Some(d) if d.op.as_def() == Some("either") => {
                    if d.args.len() != 2 {
                        return Err("`either` only supports grouping two operands".into());
                    }
                    2
                }
                _ => 1,
            };
        }
        if op.argument_order.len() != count {
            return Err(format!(
                "op '{}' argument number mismatch: {} in pattern vs. {} in definition",
                op.full_name,
                count,
                op.argument_order.len()
            ));
        }
        if op
            .operands
            .iter()
            .any(|o| matches!(o.kind, VarKind::VariadicOfVariadic { .. }))
        {
            return Err(unsupported(&format!(
                "op '{}' with variadic-of-variadic operands",
                op.full_name
            )));
        }
        Ok(op)
    }

    /// The supplemental patterns, after the result patterns (whose bound
    /// ops they may name): run for their effect, replacing nothing.
    fn supplemental(&mut self) -> Lowered<Vec<ResultValue>> {
        let list = self
            .def
            .value("supplementalPatterns")
            .and_then(Value::as_list)
            .unwrap_or_default();
        let mut out = Vec::new();
        for pattern in list {
            let dag = pattern
                .as_dag()
                .ok_or("a supplemental pattern must be a dag")?;
            out.push(self.top_result(dag, None)?);
        }
        Ok(out)
    }

    fn check(&self, r: &Record) -> Check {
        let label = || record_label(r);
        Check {
            summary: str_or_empty(r, "summary"),
            predicate: self.lowerer.pred(r.value("predicate"), &label),
        }
    }

    fn constraints(&mut self) -> Lowered<Vec<ConstraintUse>> {
        let list = self
            .def
            .value("constraints")
            .and_then(Value::as_list)
            .unwrap_or_default();
        let mut out = Vec::new();
        for c in list {
            let dag = c.as_dag().ok_or("a constraint must be a dag")?;
            let def = dag.op.as_def().unwrap_or_default();
            let record = self.lowerer.records.def(def);
            // An inline `Constraint<...>` is named by its class.
            let def = match record {
                Some(r) if r.anonymous => "Constraint",
                _ => def,
            };
            let Some(r) = record.filter(|r| r.is_subclass_of("Constraint")) else {
                return Err(format!("Expected a constraint but got: '{def}'"));
            };
            let mut entities = Vec::new();
            for (value, name) in &dag.args {
                let Some(name) = name else {
                    return Err(format!(
                        "constraint '{def}' takes only bound symbols ($name)"
                    ));
                };
                if !matches!(value, Value::Unset) {
                    return Err(format!(
                        "constraint '{def}' takes only bound symbols ($name)"
                    ));
                }
                // A bound symbol, or `$op__N` (result N of the op bound to `op`).
                self.symbol(name)?;
                entities.push(name.clone());
            }
            let check = self.check(r);
            let text = check.predicate.to_rust();
            if let Some(n) = highest_placeholder(&text) {
                if n >= entities.len() {
                    return Err(format!(
                        "constraint '{def}' uses ${n} but is applied to {} entities",
                        entities.len()
                    ));
                }
            }
            if entities.is_empty() {
                return Err(format!("constraint '{def}' is applied to no entity"));
            }
            out.push(ConstraintUse {
                summary: check.summary,
                predicate: check.predicate,
                on_type: r.is_subclass_of("TypeConstraint"),
                entities,
            });
        }
        Ok(out)
    }
}

pub(super) fn op_ref(op: &OpModel) -> OpRef {
    let rust_path = if op.namespace.is_empty() {
        op.rust_name.clone()
    } else {
        format!("{}::{}", op.namespace, op.rust_name)
    };
    OpRef {
        full_name: op.full_name.clone(),
        rust_path,
        num_operands: op.operands.len(),
        num_results: op.results.len(),
        variable_operands: match op.operands.iter().all(|o| o.kind == VarKind::Single) {
            true => Vec::new(),
            false => op
                .operands
                .iter()
                .map(|o| o.kind != VarKind::Single)
                .collect(),
        },
        segmented_operands: op.has_trait("AttrSizedOperandSegments"),
    }
}

/// The DRR directive `def` names, if it names one this slice does not
/// take where it is written.
fn directive(def: &str) -> Option<&str> {
    [
        "replaceWithValue",
        "location",
        "returnType",
        "either",
        "variadic",
    ]
    .into_iter()
    .find(|d| *d == def)
}

/// The message for a DRR construct not supported yet.
fn unsupported(what: &str) -> String {
    format!("{what} is not supported yet in declarative rewrite rules (see docs/drr.md)")
}

/// The highest `$N` placeholder in `text`.
fn highest_placeholder(text: &str) -> Option<usize> {
    text.match_indices('$')
        .filter_map(|(i, _)| {
            let digits: String = text[i + 1..]
                .chars()
                .take_while(char::is_ascii_digit)
                .collect();
            digits.parse().ok()
        })
        .max()
}

#[cfg(test)]
mod tests {
    use super::*;

    const BASE: &str = r#"include "mlir/IR/OpBase.td"
include "mlir/IR/PatternBase.td"
def T_Dialect : Dialect { let name = "t"; let cppNamespace = "crate::t"; }
class T_Op<string m> : Op<T_Dialect, m>;
def NegOp : T_Op<"neg"> { let arguments = (ins F64:$input); let results = (outs F64); }
def ConstOp : T_Op<"const"> { let arguments = (ins F64Attr:$value); let results = (outs F64); }
"#;

    fn patterns(extra: &str) -> Vec<PatternModel> {
        let text = format!("{BASE}{extra}\n");
        let c = crate::compile("p.td", &text, &[]).expect("compiles");
        c.model().expect("lowers").patterns
    }

    #[test]
    fn the_source_tree_binds_operands_attributes_and_ops() {
        let p = patterns("def P : Pat<(NegOp:$n (ConstOp F64Attr:$c)), (ConstOp $c)>;");
        let p = &p[0];
        assert_eq!(p.source.op.full_name, "t.neg");
        assert_eq!(p.source.binding.as_deref(), Some("n"));
        let SourceArg::Op { index: 0, node } = &p.source.args[0] else {
            panic!("{:?}", p.source.args);
        };
        // `F64Attr` is the op's own constraint: nothing more to check.
        assert_eq!(
            node.args,
            [SourceArg::Attribute {
                name: "value".into(),
                binding: Some("c".into()),
                check: None,
                presence: AttrPresence::Required,
            }]
        );
        assert_eq!(p.symbols.get("n"), Some(&Symbol::Op(1)));
        assert_eq!(p.symbols.get("c"), Some(&Symbol::Attribute));
        assert_eq!(p.benefit, 2);
        assert!(matches!(
            &p.results[0],
            ResultValue::Op {
                types: ResultTypes::OfRoot(0),
                ..
            }
        ));
    }

    #[test]
    fn anonymous_patterns_are_numbered_after_the_named_ones_sort() {
        let p = patterns(
            "def : Pat<(NegOp $x), (NegOp $x)>;\ndef Z : Pat<(NegOp $x), (replaceWithValue $x)>;\n\
             def : Pat<(NegOp (NegOp $x)), (replaceWithValue $x)>;",
        );
        let names: Vec<&str> = p.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["Z", "GeneratedConvert0", "GeneratedConvert1"]);
    }

    #[test]
    fn repeated_operands_and_auxiliary_results_lower() {
        let p = patterns(
            "def P : Pattern<(NegOp (NegOp $x)), [(NegOp:$n $x), (NegOp $n)]>;\n\
             def Q : Pat<(NegOp (ConstOp:$c $v)), (NegOp $c, (location $c, \"q\"))>;",
        );
        let p0 = &p[0];
        assert_eq!(p0.results.len(), 2);
        assert!(matches!(&p0.results[0], ResultValue::Op { binding: Some(b), .. } if b == "n"));
        assert_eq!(p0.symbols.get("n"), Some(&Symbol::Op(1)));
        assert!(matches!(
            &p[1].results[0],
            ResultValue::Op { location: Some(parts), .. }
                if parts == &[LocPart::Symbol("c".into()), LocPart::Name("q".into())]
        ));
    }

    #[test]
    fn either_and_variadic_lower_to_their_matchers() {
        let p = patterns(
            "def MulOp : T_Op<\"mul\"> { let arguments = (ins F64:$lhs, F64:$rhs); let results = (outs F64); }\n\
             def SumOp : T_Op<\"sum\"> { let arguments = (ins Variadic<F64>:$xs); let results = (outs F64); }\n\
             def E : Pat<(MulOp (either $x, (NegOp $y))), (MulOp $x, $y)>;\n\
             def V : Pat<(NegOp (SumOp (variadic:$all $a, $b))), (SumOp $all), [], [(NegOp $a)]>;",
        );
        let SourceArg::Either(pair) = &p[0].source.args[0] else {
            panic!("{:?}", p[0].source.args);
        };
        assert!(matches!(&pair[0], SourceArg::Operand { index: 0, .. }));
        assert!(matches!(&pair[1], SourceArg::Op { index: 1, .. }));
        let SourceArg::Op { node, .. } = &p[1].source.args[0] else {
            panic!("{:?}", p[1].source.args);
        };
        assert!(matches!(&node.args[0],
            SourceArg::Variadic { index: 0, binding: Some(b), args } if b == "all" && args.len() == 2));
        assert_eq!(p[1].symbols.get("all"), Some(&Symbol::Operands));
        assert_eq!(p[1].symbols.get("a"), Some(&Symbol::Operand));
        assert_eq!(node.op.variable_operands, [true]);
        assert_eq!(p[1].supplemental.len(), 1);
    }

    #[test]
    fn placeholders_are_counted() {
        assert_eq!(highest_placeholder("$0 == $1"), Some(1));
        assert_eq!(highest_placeholder("$_self.x() && $12"), Some(12));
        assert_eq!(highest_placeholder("$_self"), None);
    }
}
