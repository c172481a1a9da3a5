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

use std::collections::HashMap;

use super::ast::{Element, ElementKind};
use super::model::{
    FormatElement, OIListClause, OpFormat, OptionalGroup, Spacing, TypeResolution, TypeSource,
};
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

struct Checker<'o> {
    op: &'o OpShape,
    seen_operands: Vec<bool>,
    seen_operand_types: Vec<bool>,
    seen_result_types: Vec<bool>,
    seen_regions: Vec<bool>,
    seen_successors: Vec<bool>,
    seen_attrs: Vec<usize>,
    format: OpFormat,
    has_attr_dict: bool,
}

fn err(e: &Element, message: impl Into<String>) -> FormatError {
    FormatError::new(e.start, e.end, message)
}

fn is_variable(e: &FormatElement) -> bool {
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
                FormatElement::AttrDict {
                    with_keyword: *with_keyword,
                }
            }
            ElementKind::PropDict => {
                if ctx != Context::Ref {
                    if self.format.has_prop_dict {
                        return Err(err(e, "'prop-dict' directive has already been seen"));
                    }
                    self.format.has_prop_dict = true;
                }
                FormatElement::PropDict
            }
            ElementKind::Operands => {
                if ctx == Context::Ref {
                    if !self.format.all_operands {
                        return Err(err(
                            e,
                            "'ref' of 'operands' is not bound by a prior 'operands' directive",
                        ));
                    }
                } else if ctx != Context::Type {
                    if self.format.all_operands || self.seen_operands.contains(&true) {
                        return Err(err(e, "'operands' directive creates overlap in format"));
                    }
                    self.format.all_operands = true;
                }
                FormatElement::Operands
            }
            ElementKind::Results => FormatElement::Results,
            ElementKind::Regions => {
                if ctx == Context::Ref {
                    if !self.format.all_regions {
                        return Err(err(
                            e,
                            "'ref' of 'regions' is not bound by a prior 'regions' directive",
                        ));
                    }
                } else {
                    if self.format.all_regions || self.seen_regions.contains(&true) {
                        return Err(err(e, "'regions' directive creates overlap in format"));
                    }
                    self.format.all_regions = true;
                }
                FormatElement::Regions
            }
            ElementKind::Successors => {
                if ctx == Context::Ref {
                    if !self.format.all_successors {
                        return Err(err(
                            e,
                            "'ref' of 'successors' is not bound by a prior 'successors' directive",
                        ));
                    }
                } else {
                    if self.format.all_successors || self.seen_successors.contains(&true) {
                        return Err(err(e, "'successors' directive creates overlap in format"));
                    }
                    self.format.all_successors = true;
                }
                FormatElement::Successors
            }
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
            ElementKind::Custom { name, args } => {
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
                        return Err(err(a, "only variables and types may be used as parameters to a custom directive"));
                    }
                    if let FormatElement::Type { arg, .. } = c {
                        if !matches!(**arg, FormatElement::Operand(_) | FormatElement::Result(_)) {
                            return Err(err(a, "type directives within a custom directive may only refer to variables"));
                        }
                    }
                }
                FormatElement::Custom {
                    name: name.clone(),
                    args: checked,
                }
            }
            ElementKind::OIList(clauses) => {
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
                FormatElement::OIList(out)
            }
            ElementKind::Optional(group) => {
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
                let then_parse_start = first(&then_elements);
                let parsable = then_elements.get(then_parse_start).is_some_and(|x| {
                    is_variable(x)
                        || matches!(x, FormatElement::Literal(_) | FormatElement::Custom { .. })
                });
                if !parsable {
                    let at = group.then_elements.get(then_parse_start).unwrap_or(e);
                    return Err(err(at, "first parsable element of an optional group must be a literal, variable, or custom directive"));
                }
                FormatElement::Optional(OptionalGroup {
                    else_parse_start: first(&else_elements),
                    then_elements,
                    else_elements,
                    anchor_in_else: group.anchor.in_else,
                    anchor: group.anchor.index,
                    then_parse_start,
                })
            }
            ElementKind::Params | ElementKind::Struct(_) => {
                return Err(err(e, "unsupported directive kind"));
            }
        })
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

    fn group_elements(
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
    fn oilist_element(&self, e: &Element, c: &FormatElement) -> Result<(), FormatError> {
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

    fn verify(
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
    fn verify(
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
