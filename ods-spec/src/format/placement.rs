//! What may stand where in an op format: the rules for the elements of
//! an optional group (what may anchor it, what may appear in it) and of an
//! `oilist` clause. Input: an AST element and its checked form; output:
//! nothing, or mlir-tblgen's error at the element.

use super::ast::{Element, ElementKind};
use super::check::{err, Checker};
use super::model::FormatElement;
use super::FormatError;

impl Checker<'_> {
    pub(super) fn group_elements(
        &self,
        ast: &[Element],
        checked: &[FormatElement],
        anchor: Option<usize>,
    ) -> Result<(), FormatError> {
        for (i, (a, c)) in ast.iter().zip(checked).enumerate() {
            self.group_element(a, c, anchor == Some(i))?;
        }
        Ok(())
    }

    /// What may stand in an optional group, and what may anchor it.
    fn group_element(
        &self,
        e: &Element,
        c: &FormatElement,
        is_anchor: bool,
    ) -> Result<(), FormatError> {
        // The AST child matching a checked child (for positions).
        let child = |k: usize| -> &Element {
            match &e.kind {
                ElementKind::Type(inner)
                | ElementKind::Ref(inner)
                | ElementKind::Qualified(inner) => {
                    if let ElementKind::Type(inner2) = &inner.kind {
                        inner2
                    } else {
                        inner
                    }
                }
                ElementKind::FunctionalType { inputs, results } => {
                    if k == 0 {
                        inputs
                    } else {
                        results
                    }
                }
                ElementKind::Custom { args, .. } => args.get(k).unwrap_or(e),
                _ => e,
            }
        };
        match c {
            FormatElement::Attribute { index, .. } => {
                let a = &self.op.attributes[*index];
                if is_anchor && a.is_property && !(a.has_default && a.optionally_parsable) {
                    return Err(err(e, "only properties with default values that can be optionally parsed (have the `let optionalParser = ...` field defined) can be used to anchor an optional group"));
                }
                if is_anchor && !a.is_property && !(a.optional || a.has_default) {
                    return Err(err(e, "only optional or default-valued attributes can be used to anchor an optional group"));
                }
                Ok(())
            }
            FormatElement::Operand(i) => {
                if !self.op.operands[*i].variable_length {
                    return Err(err(
                        e,
                        "only variable length operands can be used within an optional group",
                    ));
                }
                Ok(())
            }
            FormatElement::Result(i) => {
                if !self.op.results[*i].variable_length {
                    return Err(err(
                        e,
                        "only variable length results can be used within an optional group",
                    ));
                }
                Ok(())
            }
            FormatElement::Region(_) | FormatElement::Ref(_) => Ok(()),
            FormatElement::Type { arg, .. } => self.group_element(child(0), arg, false),
            FormatElement::FunctionalType { inputs, results } => {
                self.group_element(child(0), inputs, false)?;
                self.group_element(child(1), results, false)
            }
            FormatElement::Custom { args, .. } => {
                if is_anchor {
                    for (k, a) in args.iter().enumerate() {
                        self.group_element(child(k), a, true)?;
                    }
                }
                Ok(())
            }
            FormatElement::Literal(_)
            | FormatElement::Whitespace(_)
            | FormatElement::Optional(_) => {
                if is_anchor {
                    return Err(err(
                        e,
                        "only variables and types can be used to anchor an optional group",
                    ));
                }
                Ok(())
            }
            _ => Err(err(
                e,
                "only literals, types, and variables can be used within an optional group",
            )),
        }
    }

    /// What may stand in an `oilist` clause.
    pub(super) fn oilist_element(&self, e: &Element, c: &FormatElement) -> Result<(), FormatError> {
        match c {
            FormatElement::Attribute { index, .. } => {
                let a = &self.op.attributes[*index];
                if !(a.optional || a.has_default) {
                    return Err(err(
                        e,
                        if a.is_property {
                            "only default-valued or optional properties can be used in an olist parsing group"
                        } else {
                            "only optional attributes can be used in an oilist parsing group"
                        },
                    ));
                }
                Ok(())
            }
            FormatElement::Operand(i) if !self.op.operands[*i].variable_length => Err(err(
                e,
                "only variable length operands can be used within an oilist parsing group",
            )),
            FormatElement::Result(i) if !self.op.results[*i].variable_length => Err(err(
                e,
                "only variable length results can be used within an oilist parsing group",
            )),
            FormatElement::Successor(_) => Err(err(
                e,
                "only literals, types, and variables can be used within an oilist group",
            )),
            // mlir-tblgen looks into `functional-type` here, not `type`.
            FormatElement::FunctionalType { inputs, results } => {
                self.oilist_element(e, inputs)?;
                self.oilist_element(e, results)
            }
            FormatElement::Custom { args, .. } => {
                let ast_args: &[Element] = match &e.kind {
                    ElementKind::Custom { args, .. } => args,
                    _ => &[],
                };
                for (k, a) in args.iter().enumerate() {
                    self.oilist_element(ast_args.get(k).unwrap_or(e), a)?;
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }

    // ------------------------------------------------ whole-format checks
}
