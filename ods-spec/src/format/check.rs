//! The op format checker: mlir-tblgen's format verifier. Input: the
//! format AST and an [`OpShape`] (the op's operands, results, attributes,
//! regions, successors and type-relation traits); output: the checked
//! [`OpFormat`], or the first problem with mlir-tblgen's wording at the
//! element at fault (at the start of the format when nothing in it is at
//! fault, such as a missing operand). Checks, in upstream's order: names
//! and binding (each variable once, `ref` only of bound things, directive
//! overlap), optional groups (what may anchor, what may appear, what comes
//! first), `oilist` clauses, `custom` arguments, then over the whole
//! format: `attr-dict` present, `:` after an attribute without a buildable
//! type, `attr-dict` before a region, every result, operand, region and
//! successor present and every type known (written, buildable, or
//! inferred from traits), and `oilist` keywords that clash with their
//! neighbours.

use super::ast::{Element, ElementKind, OIListClause as AstClause, OptionalGroup as AstGroup};
use super::model::{FormatElement, OIListClause, OpFormat, OptionalGroup, Spacing};
use super::parser::Context;
use super::FormatError;

/// What the checker needs to know about an op.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct OpShape {
    /// Operands in order.
    pub operands: Vec<ValueShape>,
    /// Results in order.
    pub results: Vec<ValueShape>,
    /// Attributes and properties in order.
    pub attributes: Vec<AttrShape>,
    /// Regions: name and whether variadic.
    pub regions: Vec<(String, bool)>,
    /// Successors: name and whether variadic.
    pub successors: Vec<(String, bool)>,
    /// The type-relation traits, in trait order.
    pub type_relations: Vec<TypeRelation>,
    /// The op implements `InferTypeOpInterface` itself (ODS could not
    /// infer every result type from traits and constraints).
    pub infers_result_types: bool,
}

/// An operand or a result.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ValueShape {
    /// `$name`.
    pub name: String,
    /// Optional, variadic or variadic of variadic.
    pub variable_length: bool,
    /// The attribute holding the group sizes (variadic of variadic).
    pub segment_attr: Option<String>,
    /// Rust builder call of the constraint's type, when buildable.
    pub type_builder: Option<String>,
}

/// An attribute or a property.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct AttrShape {
    /// `$name`.
    pub name: String,
    /// A property rather than an attribute.
    pub is_property: bool,
    /// May be absent.
    pub optional: bool,
    /// Has a default value.
    pub has_default: bool,
    /// Rust builder call of the attribute's value type, when buildable
    /// (the parser then reads the value without a `: type`).
    pub type_builder: Option<String>,
    /// Read by the generic attribute parser (any attribute, or one of a
    /// set): its value may be followed by `: type` in the text.
    pub generic: bool,
    /// A property the parser can read optionally (it has an optional
    /// parser, or is a unit property).
    pub optionally_parsable: bool,
}

/// A trait relating types of an op's values.
#[derive(Clone, Debug, PartialEq)]
pub enum TypeRelation {
    /// `AllTypesMatch<[names]>`.
    AllTypesMatch(Vec<String>),
    /// `SameTypeOperands`.
    SameTypeOperands,
    /// `SameOperandsAndResultType`.
    SameOperandsAndResultType,
    /// `TypesMatchWith<..., lhs, rhs, transformer>`.
    TypesMatchWith {
        /// The value whose type is known.
        lhs: String,
        /// The value whose type follows.
        rhs: String,
        /// Rust expression over `$_self`.
        transformer: String,
    },
}

/// Checks an op format (parsed from text starting at `format_start`).
pub fn check_op_format(
    elements: &[Element],
    op: &OpShape,
    format_start: usize,
) -> Result<OpFormat, FormatError> {
    let mut c = Checker {
        op,
        seen_operands: vec![false; op.operands.len()],
        seen_operand_types: vec![false; op.operands.len()],
        seen_result_types: vec![false; op.results.len()],
        seen_regions: vec![false; op.regions.len()],
        seen_successors: vec![false; op.successors.len()],
        seen_attrs: Vec::new(),
        format: OpFormat {
            elements: Vec::new(),
            operand_types: Vec::new(),
            result_types: Vec::new(),
            infers_result_types: false,
            all_operands: false,
            all_operand_types: false,
            all_result_types: false,
            all_regions: false,
            all_successors: false,
            has_prop_dict: false,
            used_attributes: Vec::new(),
            inferred_attributes: Vec::new(),
        },
        has_attr_dict: false,
    };
    let mut checked = Vec::with_capacity(elements.len());
    for e in elements {
        checked.push(c.element(e, Context::TopLevel)?);
    }
    c.verify(elements, &checked, format_start)?;
    c.format.elements = checked;
    c.format.used_attributes = c.seen_attrs.clone();
    Ok(c.format)
}

/// The walk over a format: what is bound so far, and the format being
/// built.
pub(super) struct Checker<'o> {
    pub(super) op: &'o OpShape,
    pub(super) seen_operands: Vec<bool>,
    pub(super) seen_operand_types: Vec<bool>,
    pub(super) seen_result_types: Vec<bool>,
    pub(super) seen_regions: Vec<bool>,
    pub(super) seen_successors: Vec<bool>,
    pub(super) seen_attrs: Vec<usize>,
    pub(super) format: OpFormat,
    pub(super) has_attr_dict: bool,
}

/// The directives that stand for all of a kind.
#[derive(Clone, Copy)]
enum All {
    Operands,
    Regions,
    Successors,
}

/// An error at element `e`.
pub(super) fn err(e: &Element, message: impl Into<String>) -> FormatError {
    FormatError::new(e.start, e.end, message)
}

/// An op variable (operand, result, attribute, region or successor).
pub(super) fn is_variable(e: &FormatElement) -> bool {
    matches!(
        e,
        FormatElement::Attribute { .. }
            | FormatElement::Operand(_)
            | FormatElement::Result(_)
            | FormatElement::Region(_)
            | FormatElement::Successor(_)
    )
}

impl Checker<'_> {
    fn element(&mut self, e: &Element, ctx: Context) -> Result<FormatElement, FormatError> {
        Ok(match &e.kind {
            ElementKind::Literal(s) => FormatElement::Literal(s.clone()),
            ElementKind::Whitespace(s) => FormatElement::Whitespace(match s.as_str() {
                "" => Spacing::None,
                " " => Spacing::Space,
                _ => Spacing::Newline,
            }),
            ElementKind::String(s) => FormatElement::String(s.clone()),
            ElementKind::Variable(name) => self.variable(e, name, ctx)?,
            ElementKind::AttrDict { with_keyword } => {
                self.attr_dict(e, ctx)?;
                FormatElement::AttrDict {
                    with_keyword: *with_keyword,
                }
            }
            ElementKind::PropDict => {
                // mlir-tblgen stops with this (a fatal error, no position).
                if ctx == Context::Ref {
                    return Err(err(e, "'ref' of 'prop-dict' unsupported"));
                }
                if self.format.has_prop_dict {
                    return Err(err(e, "'prop-dict' directive has already been seen"));
                }
                self.format.has_prop_dict = true;
                FormatElement::PropDict
            }
            ElementKind::Operands => self.all_of(e, ctx, All::Operands)?,
            ElementKind::Regions => self.all_of(e, ctx, All::Regions)?,
            ElementKind::Successors => self.all_of(e, ctx, All::Successors)?,
            ElementKind::Results => FormatElement::Results,
            ElementKind::Ref(inner) => {
                FormatElement::Ref(Box::new(self.element(inner, Context::Ref)?))
            }
            ElementKind::Type(inner) => FormatElement::Type {
                arg: Box::new(self.type_operand(inner, ctx == Context::Ref)?),
                qualified: false,
            },
            ElementKind::FunctionalType { inputs, results } => FormatElement::FunctionalType {
                inputs: Box::new(self.type_operand(inputs, false)?),
                results: Box::new(self.type_operand(results, false)?),
            },
            ElementKind::Qualified(inner) => match self.element(inner, ctx)? {
                FormatElement::Attribute { index, .. } => FormatElement::Attribute {
                    index,
                    qualified: true,
                },
                FormatElement::Type { arg, .. } => FormatElement::Type {
                    arg,
                    qualified: true,
                },
                _ => {
                    return Err(err(
                        e,
                        "'qualified' directive expects an attribute or a `type` directive",
                    ))
                }
            },
            ElementKind::Custom { name, args } => self.custom(name, args)?,
            ElementKind::OIList(clauses) => self.oilist(clauses, ctx)?,
            ElementKind::Optional(group) => self.optional_group(e, group)?,
            ElementKind::Params | ElementKind::Struct(_) => {
                return Err(err(e, "unsupported directive kind"));
            }
        })
    }

    fn attr_dict(&mut self, e: &Element, ctx: Context) -> Result<(), FormatError> {
        if ctx == Context::Ref {
            if !self.has_attr_dict {
                return Err(err(
                    e,
                    "'ref' of 'attr-dict' is not bound by a prior 'attr-dict' directive",
                ));
            }
        } else {
            if self.has_attr_dict {
                return Err(err(e, "'attr-dict' directive has already been seen"));
            }
            self.has_attr_dict = true;
        }
        Ok(())
    }

    /// `operands`, `regions` or `successors`: all of a kind at once (a
    /// `ref` of one seen before; `operands` inside `type` binds nothing).
    fn all_of(
        &mut self,
        e: &Element,
        ctx: Context,
        which: All,
    ) -> Result<FormatElement, FormatError> {
        let (name, all, any_seen, element) = match which {
            All::Operands => (
                "operands",
                &mut self.format.all_operands,
                self.seen_operands.contains(&true),
                FormatElement::Operands,
            ),
            All::Regions => (
                "regions",
                &mut self.format.all_regions,
                self.seen_regions.contains(&true),
                FormatElement::Regions,
            ),
            All::Successors => (
                "successors",
                &mut self.format.all_successors,
                self.seen_successors.contains(&true),
                FormatElement::Successors,
            ),
        };
        if ctx == Context::Ref {
            if !*all {
                return Err(err(
                    e,
                    format!("'ref' of '{name}' is not bound by a prior '{name}' directive"),
                ));
            }
        } else if ctx != Context::Type {
            if *all || any_seen {
                return Err(err(
                    e,
                    format!("'{name}' directive creates overlap in format"),
                ));
            }
            *all = true;
        }
        Ok(element)
    }

    fn custom(&mut self, name: &str, args: &[Element]) -> Result<FormatElement, FormatError> {
        let mut checked = Vec::with_capacity(args.len());
        for a in args {
            checked.push(self.element(a, Context::Custom)?);
        }
        for (a, c) in args.iter().zip(&checked) {
            let allowed = matches!(
                c,
                FormatElement::Ref(_)
                    | FormatElement::Type { .. }
                    | FormatElement::AttrDict { .. }
                    | FormatElement::PropDict
                    | FormatElement::String(_)
            ) || (is_variable(c) && !matches!(c, FormatElement::Result(_)));
            if !allowed {
                return Err(err(
                    a,
                    "only variables and types may be used as parameters to a custom directive",
                ));
            }
            if let FormatElement::Type { arg, .. } = c {
                if !matches!(**arg, FormatElement::Operand(_) | FormatElement::Result(_)) {
                    return Err(err(
                        a,
                        "type directives within a custom directive may only refer to variables",
                    ));
                }
            }
        }
        Ok(FormatElement::Custom {
            name: name.to_string(),
            args: checked,
        })
    }

    fn oilist(
        &mut self,
        clauses: &[AstClause],
        ctx: Context,
    ) -> Result<FormatElement, FormatError> {
        let mut out = Vec::with_capacity(clauses.len());
        for clause in clauses {
            let keyword = match &clause.keyword.kind {
                ElementKind::Literal(s) | ElementKind::Whitespace(s) => s.clone(),
                _ => String::new(),
            };
            let mut elements = Vec::with_capacity(clause.elements.len());
            for el in &clause.elements {
                let checked = self.element(el, ctx)?;
                self.oilist_element(el, &checked)?;
                elements.push(checked);
            }
            out.push(OIListClause { keyword, elements });
        }
        Ok(FormatElement::OIList(out))
    }

    fn optional_group(
        &mut self,
        e: &Element,
        group: &AstGroup,
    ) -> Result<FormatElement, FormatError> {
        let mut then_elements = Vec::with_capacity(group.then_elements.len());
        for el in &group.then_elements {
            then_elements.push(self.element(el, Context::TopLevel)?);
        }
        let mut else_elements = Vec::with_capacity(group.else_elements.len());
        for el in &group.else_elements {
            else_elements.push(self.element(el, Context::TopLevel)?);
        }
        let anchor_then = (!group.anchor.in_else).then_some(group.anchor.index);
        let anchor_else = group.anchor.in_else.then_some(group.anchor.index);
        self.group_elements(&group.then_elements, &then_elements, anchor_then)?;
        self.group_elements(&group.else_elements, &else_elements, anchor_else)?;
        let first = |els: &[FormatElement]| {
            els.iter()
                .position(|x| !matches!(x, FormatElement::Whitespace(_)))
                .unwrap_or(els.len())
        };
        // The parser decides on the group by its first element.
        let then_parse_start = first(&then_elements);
        let parsable = then_elements.get(then_parse_start).is_some_and(|x| {
            is_variable(x) || matches!(x, FormatElement::Literal(_) | FormatElement::Custom { .. })
        });
        if !parsable {
            let at = group.then_elements.get(then_parse_start).unwrap_or(e);
            return Err(err(
                at,
                "first parsable element of an optional group must be a literal, variable, or custom directive",
            ));
        }
        Ok(FormatElement::Optional(OptionalGroup {
            else_parse_start: first(&else_elements),
            then_elements,
            else_elements,
            anchor_in_else: group.anchor.in_else,
            anchor: group.anchor.index,
            then_parse_start,
        }))
    }

    fn variable(
        &mut self,
        e: &Element,
        name: &str,
        ctx: Context,
    ) -> Result<FormatElement, FormatError> {
        let op = self.op;
        if let Some(i) = op.attributes.iter().position(|a| a.name == name) {
            let (plural, singular) = if op.attributes[i].is_property {
                ("properties", "property")
            } else {
                ("attributes", "attribute")
            };
            if ctx == Context::Type {
                return Err(err(
                    e,
                    format!("{plural} cannot be used as children to a `type` directive"),
                ));
            }
            let seen = self.seen_attrs.contains(&i);
            if ctx == Context::Ref {
                if !seen {
                    return Err(err(
                        e,
                        format!("{singular} '{name}' must be bound before it is referenced"),
                    ));
                }
            } else if seen {
                return Err(err(e, format!("{singular} '{name}' is already bound")));
            } else {
                self.seen_attrs.push(i);
            }
            return Ok(FormatElement::Attribute {
                index: i,
                qualified: false,
            });
        }
        if let Some(i) = op.operands.iter().position(|o| o.name == name) {
            match ctx {
                Context::TopLevel | Context::Custom | Context::Struct => {
                    if self.format.all_operands || self.seen_operands[i] {
                        return Err(err(e, format!("operand '{name}' is already bound")));
                    }
                    self.seen_operands[i] = true;
                }
                Context::Ref if !self.seen_operands[i] => {
                    return Err(err(
                        e,
                        format!("operand '{name}' must be bound before it is referenced"),
                    ));
                }
                _ => {}
            }
            return Ok(FormatElement::Operand(i));
        }
        if let Some(i) = op.regions.iter().position(|r| r.0 == name) {
            self.bind_top_level(e, name, ctx, "region", "regions", i, true)?;
            return Ok(FormatElement::Region(i));
        }
        if let Some(i) = op.results.iter().position(|r| r.name == name) {
            if ctx != Context::Type {
                return Err(err(
                    e,
                    "result variables can can only be used as a child to a 'type' directive",
                ));
            }
            return Ok(FormatElement::Result(i));
        }
        if let Some(i) = op.successors.iter().position(|s| s.0 == name) {
            self.bind_top_level(e, name, ctx, "successor", "successors", i, false)?;
            return Ok(FormatElement::Successor(i));
        }
        Err(err(
            e,
            "expected variable to refer to an argument, region, result, or successor",
        ))
    }

    /// Binds region or successor `i` (only at the top level, in `custom`,
    /// or referenced once bound).
    #[allow(clippy::too_many_arguments)]
    fn bind_top_level(
        &mut self,
        e: &Element,
        name: &str,
        ctx: Context,
        singular: &str,
        plural: &str,
        i: usize,
        region: bool,
    ) -> Result<(), FormatError> {
        let (all, seen) = if region {
            (self.format.all_regions, &mut self.seen_regions)
        } else {
            (self.format.all_successors, &mut self.seen_successors)
        };
        match ctx {
            Context::TopLevel | Context::Custom | Context::Struct => {
                if all || seen[i] {
                    return Err(err(e, format!("{singular} '{name}' is already bound")));
                }
                seen[i] = true;
                Ok(())
            }
            Context::Ref if !seen[i] => Err(err(
                e,
                format!("{singular} '{name}' must be bound before it is referenced"),
            )),
            Context::Ref => Ok(()),
            Context::Type => Err(err(
                e,
                format!("{plural} can only be used at the top level or in a ref directive"),
            )),
        }
    }

    /// The argument of `type` or `functional-type`.
    fn type_operand(&mut self, e: &Element, is_ref: bool) -> Result<FormatElement, FormatError> {
        let checked = self.element(e, Context::Type)?;
        match &checked {
            FormatElement::Operand(i) | FormatElement::Result(i) => {
                let operand = matches!(checked, FormatElement::Operand(_));
                let (all, seen, name) = if operand {
                    (
                        self.format.all_operand_types,
                        &mut self.seen_operand_types,
                        &self.op.operands[*i].name,
                    )
                } else {
                    (
                        self.format.all_result_types,
                        &mut self.seen_result_types,
                        &self.op.results[*i].name,
                    )
                };
                let bound = all || seen[*i];
                if !is_ref && bound {
                    return Err(err(e, format!("'type' of '{name}' is already bound")));
                }
                if is_ref && !bound {
                    return Err(err(
                        e,
                        format!(
                            "'ref' of 'type(${name})' is not bound by a prior 'type' directive"
                        ),
                    ));
                }
                seen[*i] = true;
            }
            FormatElement::Operands | FormatElement::Results => {
                let operands = matches!(checked, FormatElement::Operands);
                let (all, any, what) = if operands {
                    (
                        self.format.all_operand_types,
                        self.seen_operand_types.contains(&true),
                        "operands",
                    )
                } else {
                    (
                        self.format.all_result_types,
                        self.seen_result_types.contains(&true),
                        "results",
                    )
                };
                if !is_ref && (all || any) {
                    return Err(err(e, format!("'{what}' 'type' is already bound")));
                }
                if is_ref && !all {
                    return Err(err(
                        e,
                        format!("'ref' of 'type({what})' is not bound by a prior 'type' directive"),
                    ));
                }
                if operands {
                    self.format.all_operand_types = true;
                } else {
                    self.format.all_result_types = true;
                }
            }
            _ => return Err(err(e, "invalid argument to 'type' directive")),
        }
        Ok(checked)
    }
}
