//! The whole-format checks of an op format, once every element is bound:
//! `attr-dict` present, the `:`-after-attribute and `attr-dict`-before-
//! region ambiguities, every result, operand, region and successor present
//! and every type known (from the format, a buildable constraint, a
//! type-relation trait or the op's own inference), and `oilist` keywords
//! that clash with their neighbours. Input: the checker's state after the
//! walk; output: the type resolutions in the [`OpFormat`](super::OpFormat),
//! or mlir-tblgen's first error.

use std::collections::HashMap;

use super::ast::{Element, ElementKind};
use super::check::{err, Checker, TypeRelation};
use super::model::{FormatElement, TypeResolution, TypeSource};
use super::FormatError;

impl Checker<'_> {
    pub(super) fn verify(
        &mut self,
        ast: &[Element],
        checked: &[FormatElement],
        format_start: usize,
    ) -> Result<(), FormatError> {
        let at_start = FormatError::new(format_start, format_start + 1, "");
        let at_start = |message: String, note: Option<String>| FormatError {
            message,
            note,
            ..at_start.clone()
        };
        if !self.has_attr_dict {
            return Err(at_start(
                "'attr-dict' directive not found in custom assembly format".into(),
                None,
            ));
        }
        let resolvers = self.type_resolvers();
        let can_infer = self.op.infers_result_types;
        self.verify_adjacent(ast, checked)?;
        for (i, o) in self.op.operands.iter().enumerate() {
            if let (true, Some(attr)) = (self.seen_operands[i], &o.segment_attr) {
                if !self.format.inferred_attributes.contains(attr) {
                    self.format.inferred_attributes.push(attr.clone());
                }
            }
        }
        // Results.
        let op = self.op;
        let suggest = |name: &str| {
            Some(format!("suggest adding a type constraint to the operation or adding a 'type(${name})' directive to the custom assembly format"))
        };
        if self.format.all_result_types {
            self.format.result_types = vec![TypeResolution::Format; op.results.len()];
        } else if !op.results.is_empty() && !self.seen_result_types.contains(&true) && can_infer {
            self.format.infers_result_types = true;
            self.format.result_types = vec![TypeResolution::Inferred; op.results.len()];
        } else {
            for (i, r) in op.results.iter().enumerate() {
                let resolution = if self.seen_result_types[i] {
                    TypeResolution::Format
                } else if let Some((source, transform)) = resolvers.get(&r.name) {
                    TypeResolution::SameAs {
                        source: *source,
                        transform: transform.clone(),
                    }
                } else {
                    match (&r.type_builder, r.variable_length) {
                        (Some(b), false) => TypeResolution::Buildable(b.clone()),
                        _ => {
                            return Err(at_start(
                                format!("type of result #{i}, named '{}', is not buildable and a buildable type cannot be inferred", r.name),
                                suggest(&r.name),
                            ))
                        }
                    }
                };
                self.format.result_types.push(resolution);
            }
        }
        // Operands.
        for (i, o) in op.operands.iter().enumerate() {
            if !self.format.all_operands && !self.seen_operands[i] {
                return Err(at_start(
                    format!("operand #{i}, named '{}', not found", o.name),
                    Some(format!(
                        "suggest adding a '${}' directive to the custom assembly format",
                        o.name
                    )),
                ));
            }
            let resolution = if self.format.all_operand_types || self.seen_operand_types[i] {
                TypeResolution::Format
            } else if let Some((source, transform)) = resolvers.get(&o.name) {
                TypeResolution::SameAs {
                    source: *source,
                    transform: transform.clone(),
                }
            } else {
                match &o.type_builder {
                    Some(b) if !(self.format.all_operands && o.variable_length) => TypeResolution::Buildable(b.clone()),
                    _ => {
                        return Err(at_start(
                            format!("type of operand #{i}, named '{}', is not buildable and a buildable type cannot be inferred", o.name),
                            suggest(&o.name),
                        ))
                    }
                }
            };
            self.format.operand_types.push(resolution);
        }
        for (what, names, seen, all) in [
            (
                "region",
                &op.regions,
                &self.seen_regions,
                self.format.all_regions,
            ),
            (
                "successor",
                &op.successors,
                &self.seen_successors,
                self.format.all_successors,
            ),
        ] {
            if all {
                continue;
            }
            if let Some(i) = seen.iter().position(|s| !s) {
                let name = &names[i].0;
                return Err(at_start(
                    format!("{what} #{i}, named '{name}', not found"),
                    Some(format!(
                        "suggest adding a '${name}' directive to the custom assembly format"
                    )),
                ));
            }
        }
        verify_oilist_neighbours(ast)
    }

    /// Which operand, result or attribute gives the type of each name,
    /// from the type-relation traits and what the format resolves.
    fn type_resolvers(&self) -> HashMap<String, (TypeSource, Option<String>)> {
        let op = self.op;
        let seen_arg = |name: &str| -> Option<TypeSource> {
            if let Some(i) = op.operands.iter().position(|o| o.name == name) {
                return self.seen_operand_types[i].then_some(TypeSource::Operand(i));
            }
            if let Some(i) = op.results.iter().position(|o| o.name == name) {
                return self.seen_result_types[i].then_some(TypeSource::Result(i));
            }
            let i = op.attributes.iter().position(|a| a.name == name)?;
            self.seen_attrs
                .contains(&i)
                .then_some(TypeSource::Attribute(i))
        };
        let mut out: HashMap<String, (TypeSource, Option<String>)> = HashMap::new();
        for relation in &op.type_relations {
            match relation {
                TypeRelation::AllTypesMatch(values) => {
                    for (i, v) in values.iter().enumerate() {
                        let Some(source) = seen_arg(v) else { continue };
                        for (j, other) in values.iter().enumerate() {
                            if j != i {
                                out.insert(other.clone(), (source, None));
                            }
                        }
                    }
                }
                TypeRelation::SameTypeOperands | TypeRelation::SameOperandsAndResultType => {
                    let with_results = *relation == TypeRelation::SameOperandsAndResultType;
                    let source = if let Some(i) = self.seen_operand_types.iter().position(|s| *s) {
                        TypeSource::Operand(i)
                    } else if let (true, Some(i)) =
                        (with_results, self.seen_result_types.iter().position(|s| *s))
                    {
                        TypeSource::Result(i)
                    } else {
                        continue;
                    };
                    for (i, o) in op.operands.iter().enumerate() {
                        if !self.seen_operand_types[i] && !o.name.is_empty() {
                            out.insert(o.name.clone(), (source, None));
                        }
                    }
                    if with_results {
                        for (i, r) in op.results.iter().enumerate() {
                            if !self.seen_result_types[i] && !r.name.is_empty() {
                                out.insert(r.name.clone(), (source, None));
                            }
                        }
                    }
                }
                TypeRelation::TypesMatchWith {
                    lhs,
                    rhs,
                    transformer,
                } => {
                    if let Some(source) = seen_arg(lhs) {
                        out.insert(rhs.clone(), (source, Some(transformer.clone())));
                    }
                }
            }
        }
        out
    }

    /// `:` after an attribute read by the generic parser (which would take
    /// it as the start of the attribute's type), and a region after
    /// `attr-dict` (whose `{` would be read as the attribute dictionary).
    fn verify_adjacent(
        &self,
        ast: &[Element],
        checked: &[FormatElement],
    ) -> Result<(), FormatError> {
        let op = self.op;
        let colon_base = |c: &FormatElement| match c {
            FormatElement::Attribute { index, .. } => {
                let a = &op.attributes[*index];
                (!a.is_property && a.type_builder.is_none() && a.generic).then(|| a.name.clone())
            }
            _ => None,
        };
        let colon_invalid = |base: &str, a: &Element, c: &FormatElement| {
            matches!(c, FormatElement::Literal(l) if l == ":").then(|| {
                err(a, format!("format ambiguity caused by `:` literal found after attribute `{base}` which does not have a buildable type"))
            })
        };
        let mut scan = AdjacentScan {
            checker: self,
            is_base: &colon_base,
            is_invalid: &colon_invalid,
        };
        scan.verify(ast, checked)?;
        let dict_base = |c: &FormatElement| match c {
            FormatElement::AttrDict {
                with_keyword: false,
            } => Some(String::new()),
            _ => None,
        };
        let dict_invalid = |_: &str, a: &Element, c: &FormatElement| match c {
            FormatElement::Region(i) => Some(FormatError {
                note: Some("try using `attr-dict-with-keyword` instead".into()),
                ..err(
                    a,
                    format!(
                        "format ambiguity caused by `attr-dict` directive followed by region `{}`",
                        op.regions[*i].0
                    ),
                )
            }),
            _ => None,
        };
        let mut scan = AdjacentScan {
            checker: self,
            is_base: &dict_base,
            is_invalid: &dict_invalid,
        };
        scan.verify(ast, checked)?;
        Ok(())
    }

    /// Elements the parser may skip (so what follows may come right after
    /// the element before them).
    fn optionally_parsed(&self, c: &FormatElement) -> bool {
        match c {
            FormatElement::Attribute { index, .. } => {
                let a = &self.op.attributes[*index];
                a.optional || a.has_default
            }
            FormatElement::Operand(i) => self.op.operands[*i].variable_length,
            FormatElement::Successor(i) => self.op.successors[*i].1,
            FormatElement::Region(i) => self.op.regions[*i].1,
            FormatElement::Whitespace(_) | FormatElement::AttrDict { .. } => true,
            _ => false,
        }
    }
}

type BaseFn<'a> = &'a dyn Fn(&FormatElement) -> Option<String>;
type InvalidFn<'a> = &'a dyn Fn(&str, &Element, &FormatElement) -> Option<FormatError>;

/// Looks for an element that may directly follow a "base" element (past
/// elements the parser may skip, into optional groups) and must not.
struct AdjacentScan<'c, 'o> {
    checker: &'c Checker<'o>,
    is_base: BaseFn<'c>,
    is_invalid: InvalidFn<'c>,
}

/// What a scan of a range found.
enum Scan {
    /// A required element closed the range: the base is safe.
    Closed,
    /// The range ended first.
    Open,
}

fn group_parts(a: &Element) -> Option<(&[Element], &[Element])> {
    match &a.kind {
        ElementKind::Optional(g) => Some((&g.then_elements, &g.else_elements)),
        _ => None,
    }
}

impl AdjacentScan<'_, '_> {
    /// Returns the base still unchecked at the end of the range, if any.
    pub(super) fn verify(
        &mut self,
        ast: &[Element],
        checked: &[FormatElement],
    ) -> Result<Option<String>, FormatError> {
        for (k, (a, c)) in ast.iter().zip(checked).enumerate() {
            let base = if let Some(b) = (self.is_base)(c) {
                b
            } else if let (Some((ta, ea)), FormatElement::Optional(g)) = (group_parts(a), c) {
                let then_base = self.verify(ta, &g.then_elements)?;
                let else_base = self.verify(ea, &g.else_elements)?;
                match then_base.or(else_base) {
                    Some(b) => b,
                    None => continue,
                }
            } else {
                continue;
            };
            match self.range(&base, &ast[k + 1..], &checked[k + 1..], None)? {
                Scan::Closed => {}
                Scan::Open => return Ok(Some(base)),
            }
        }
        Ok(None)
    }

    fn range(
        &self,
        base: &str,
        ast: &[Element],
        checked: &[FormatElement],
        guard: Option<usize>,
    ) -> Result<Scan, FormatError> {
        for (k, (a, c)) in ast.iter().zip(checked).enumerate() {
            if let Some(e) = (self.is_invalid)(base, a, c) {
                return Err(e);
            }
            if let (Some((ta, ea)), FormatElement::Optional(g)) = (group_parts(a), c) {
                self.range(base, ta, &g.then_elements, Some(0))?;
                self.range(base, ea, &g.else_elements, None)?;
                continue;
            }
            if guard != Some(k) && self.checker.optionally_parsed(c) {
                continue;
            }
            return Ok(Scan::Closed);
        }
        Ok(Scan::Open)
    }
}

/// An `oilist` keyword equal to a keyword of the `oilist` or literal right
/// next to it.
fn verify_oilist_neighbours(ast: &[Element]) -> Result<(), FormatError> {
    let mut prohibited: Vec<&str> = Vec::new();
    for a in ast {
        match &a.kind {
            ElementKind::OIList(clauses) => {
                for clause in clauses {
                    if let ElementKind::Literal(l) = &clause.keyword.kind {
                        if prohibited.contains(&l.as_str()) {
                            return Err(err(&clause.keyword, format!("format ambiguity because {l} is used in two adjacent oilist elements.")));
                        }
                    }
                }
                for clause in clauses {
                    if let ElementKind::Literal(l) = &clause.keyword.kind {
                        prohibited.push(l);
                    }
                }
            }
            ElementKind::Literal(l) => {
                if prohibited.contains(&l.as_str()) {
                    return Err(err(a, format!("format ambiguity because {l} is used both in oilist element and the adjacent literal.")));
                }
                prohibited.clear();
            }
            _ => prohibited.clear(),
        }
    }
    Ok(())
}
