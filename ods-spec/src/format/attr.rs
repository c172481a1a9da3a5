//! The attribute and type format checker. Input: the format AST of an
//! AttrDef's or TypeDef's `assemblyFormat` and its parameters; output: an
//! [`AttrFormat`] (elements naming parameters by index), or the first
//! problem with mlir-tblgen's wording: unknown or repeated parameters,
//! parameters the format never mentions, what `params`, `struct`,
//! `custom` and `qualified` may hold, and optional groups whose
//! parameters are not all optional.

use super::ast::{Element, ElementKind, OptionalGroup};
use super::model::Spacing;
use super::parser::valid_literal;
use super::FormatError;

/// One parameter of an attribute or type.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ParamShape {
    /// Its name.
    pub name: String,
    /// May be left out (an optional or default-valued parameter).
    pub optional: bool,
}

/// A checked attribute or type format.
#[derive(Clone, Debug, PartialEq)]
pub struct AttrFormat {
    /// The top-level elements in order.
    pub elements: Vec<AttrFormatElement>,
}

/// One element of an attribute or type format.
#[derive(Clone, Debug, PartialEq)]
pub enum AttrFormatElement {
    /// A keyword or punctuation literal.
    Literal(String),
    /// A spacing literal.
    Whitespace(Spacing),
    /// Parameter `i`.
    Param {
        /// Index into the parameters.
        index: usize,
        /// Printed with its dialect prefix (`qualified`).
        qualified: bool,
    },
    /// `params`: every parameter, comma separated.
    Params(Vec<usize>),
    /// `struct(...)`: `name = value` pairs in any order.
    Struct(Vec<StructField>),
    /// `custom<Name>(...)`.
    Custom {
        /// `Name`.
        name: String,
        /// The arguments in order.
        args: Vec<CustomArg>,
    },
    /// An optional group.
    Optional {
        /// The parameters the `^` anchor stands for: the group prints
        /// when any of them is present (not its default).
        anchor_params: Vec<usize>,
        /// The anchor sits in the else branch (`(...) : (x^)?`): the
        /// then branch prints when the anchor's parameters are absent.
        inverted: bool,
        /// Printed when the anchor is present.
        then_elements: Vec<AttrFormatElement>,
        /// Printed otherwise.
        else_elements: Vec<AttrFormatElement>,
    },
}

/// One `name = value` entry of a `struct(...)` directive.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StructField {
    /// The parameter (its name is the key).
    pub index: usize,
    /// `custom<Name>($x)` in the struct: the value is read and printed by
    /// the author's functions named after `Name`.
    pub custom: Option<String>,
}

impl StructField {
    /// A field read and printed as its parameter's kind.
    pub fn plain(index: usize) -> Self {
        StructField {
            index,
            custom: None,
        }
    }
}

/// One argument of a `custom<Name>(...)` directive.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CustomArg {
    /// Parameter `i`, bound by the directive.
    Param(usize),
    /// `ref($x)`: parameter `i`, bound earlier, passed read-only.
    Ref(usize),
    /// `"text"`: a Rust expression passed as is (`$_ctxt` is the context).
    Code(String),
}

impl CustomArg {
    /// The parameter this argument binds (not a `ref`).
    pub fn bound(&self) -> Option<usize> {
        match self {
            CustomArg::Param(i) => Some(*i),
            _ => None,
        }
    }
}

/// The parameters a checked element binds (what an anchor stands for).
fn element_params(e: &AttrFormatElement) -> Vec<usize> {
    match e {
        AttrFormatElement::Param { index, .. } => vec![*index],
        AttrFormatElement::Params(v) => v.clone(),
        AttrFormatElement::Struct(fields) => fields.iter().map(|f| f.index).collect(),
        AttrFormatElement::Custom { args, .. } => {
            args.iter().filter_map(CustomArg::bound).collect()
        }
        _ => Vec::new(),
    }
}

/// Checks an attribute or type format of `def_name` over `params`.
pub fn check_attr_format(
    elements: &[Element],
    def_name: &str,
    params: &[ParamShape],
    format_start: usize,
) -> Result<AttrFormat, FormatError> {
    let mut c = AttrChecker {
        def_name,
        params,
        seen: vec![false; params.len()],
    };
    let mut out = Vec::with_capacity(elements.len());
    for (k, e) in elements.iter().enumerate() {
        out.push(c.element(e, false)?);
        c.struct_before_comma(e, out.last(), elements.get(k + 1))?;
    }
    if let Some(i) = (0..params.len()).find(|i| !c.seen[*i] && !params[*i].optional) {
        return Err(FormatError::new(
            format_start,
            format_start + 1,
            format!(
                "format is missing reference to parameter: {}",
                params[i].name
            ),
        ));
    }
    Ok(AttrFormat { elements: out })
}

struct AttrChecker<'p> {
    def_name: &'p str,
    params: &'p [ParamShape],
    seen: Vec<bool>,
}

fn err(e: &Element, message: impl Into<String>) -> FormatError {
    FormatError::new(e.start, e.end, message)
}

impl AttrChecker<'_> {
    fn param(&mut self, e: &Element, name: &str, is_ref: bool) -> Result<usize, FormatError> {
        let Some(i) = self.params.iter().position(|p| p.name == name) else {
            return Err(err(
                e,
                format!("{} has no parameter named '{name}'", self.def_name),
            ));
        };
        if is_ref {
            if !self.seen[i] {
                return Err(err(
                    e,
                    format!("parameter '{name}' must be bound before it is referenced"),
                ));
            }
        } else {
            if self.seen[i] {
                return Err(err(e, format!("duplicate parameter '{name}'")));
            }
            self.seen[i] = true;
        }
        Ok(i)
    }

    /// A `struct` with optional parameters followed by `,`: the parser
    /// could not tell where the struct ends.
    fn struct_before_comma(
        &self,
        e: &Element,
        checked: Option<&AttrFormatElement>,
        next: Option<&Element>,
    ) -> Result<(), FormatError> {
        let Some(AttrFormatElement::Struct(fields)) = checked else {
            return Ok(());
        };
        let comma_next =
            next.is_some_and(|n| matches!(&n.kind, ElementKind::Literal(l) if l == ","));
        if comma_next && fields.iter().any(|f| self.params[f.index].optional) {
            return Err(err(
                e,
                "`struct` directive with optional parameters cannot be followed by a comma literal",
            ));
        }
        Ok(())
    }

    /// Every parameter not yet bound (what `params` captures).
    fn rest(&mut self, e: &Element) -> Result<Vec<usize>, FormatError> {
        let mut out = Vec::new();
        for i in 0..self.params.len() {
            if self.seen[i] {
                return Err(err(
                    e,
                    format!(
                        "`params` captures duplicate parameter: {}",
                        self.params[i].name
                    ),
                ));
            }
            self.seen[i] = true;
            out.push(i);
        }
        Ok(out)
    }

    /// Every parameter in `idx` may be left out.
    fn all_optional(&self, idx: &[usize]) -> bool {
        idx.iter().all(|i| self.params[*i].optional)
    }

    fn element(&mut self, e: &Element, in_group: bool) -> Result<AttrFormatElement, FormatError> {
        Ok(match &e.kind {
            ElementKind::Literal(l) => {
                valid_literal(l).map_err(|why| err(e, why))?;
                AttrFormatElement::Literal(l.clone())
            }
            ElementKind::Whitespace(s) => AttrFormatElement::Whitespace(match s.as_str() {
                "" => Spacing::None,
                " " => Spacing::Space,
                _ => Spacing::Newline,
            }),
            ElementKind::Variable(name) => {
                let index = self.param(e, name, false)?;
                if in_group && !self.params[index].optional {
                    return Err(err(e, "parameters in an optional group must be optional"));
                }
                AttrFormatElement::Param {
                    index,
                    qualified: false,
                }
            }
            ElementKind::Qualified(inner) => match self.element(inner, in_group)? {
                AttrFormatElement::Param { index, .. } => AttrFormatElement::Param {
                    index,
                    qualified: true,
                },
                _ => return Err(err(e, "`qualified` argument list expected a variable")),
            },
            ElementKind::Params => {
                let idx = self.rest(e)?;
                if in_group && !self.all_optional(&idx) {
                    return Err(err(
                        e,
                        "`params` directive allowed in optional group only if all parameters are optional",
                    ));
                }
                AttrFormatElement::Params(idx)
            }
            ElementKind::Struct(args) => self.struct_directive(e, args, in_group)?,
            ElementKind::Custom { name, args } => self.custom(e, name, args, in_group)?,
            ElementKind::Optional(g) => self.optional_group(g)?,
            _ => return Err(err(e, "unsupported directive kind")),
        })
    }

    fn struct_directive(
        &mut self,
        e: &Element,
        args: &[Element],
        in_group: bool,
    ) -> Result<AttrFormatElement, FormatError> {
        let mut fields = Vec::new();
        for a in args {
            match &a.kind {
                ElementKind::Variable(name) => {
                    fields.push(StructField::plain(self.param(a, name, false)?))
                }
                ElementKind::Params => {
                    fields.extend(self.rest(a)?.into_iter().map(StructField::plain))
                }
                ElementKind::Custom { args, .. } => {
                    if args.len() != 1 {
                        return Err(err(
                            a,
                            "`struct` can only contain `custom` directives with a single argument",
                        ));
                    }
                    let (name, bound) = match self.element(a, false)? {
                        AttrFormatElement::Custom { name, args } => {
                            (name, args.first().and_then(CustomArg::bound))
                        }
                        _ => (String::new(), None),
                    };
                    // The key is the parameter's name: a `ref` or a string
                    // has none.
                    let Some(index) = bound else {
                        return Err(err(
                            e,
                            "a `custom` directive nested within a `struct` must be passed a parameter",
                        ));
                    };
                    fields.push(StructField {
                        index,
                        custom: Some(name),
                    });
                }
                _ => {
                    return Err(err(
                        a,
                        "expected a parameter, custom directive or params directive in `struct` arguments list",
                    ))
                }
            }
        }
        let idx: Vec<usize> = fields.iter().map(|f| f.index).collect();
        if in_group && !self.all_optional(&idx) {
            return Err(err(
                e,
                "`struct` is only allowed in an optional group if all captured parameters are optional",
            ));
        }
        Ok(AttrFormatElement::Struct(fields))
    }

    fn custom(
        &mut self,
        e: &Element,
        name: &str,
        args: &[Element],
        in_group: bool,
    ) -> Result<AttrFormatElement, FormatError> {
        let mut out = Vec::new();
        for a in args {
            let arg =
                match &a.kind {
                    ElementKind::Variable(n) => CustomArg::Param(self.param(a, n, false)?),
                    ElementKind::String(text) => CustomArg::Code(text.clone()),
                    ElementKind::Ref(inner) => match &inner.kind {
                        ElementKind::Variable(n) => CustomArg::Ref(self.param(inner, n, true)?),
                        _ => return Err(err(inner, "expected a variable in `ref`")),
                    },
                    _ => return Err(err(
                        a,
                        "only variables and types may be used as parameters to a custom directive",
                    )),
                };
            out.push(arg);
        }
        let captured: Vec<usize> = out.iter().filter_map(CustomArg::bound).collect();
        if in_group && !self.all_optional(&captured) {
            return Err(err(
                e,
                "`custom` is only allowed in an optional group if all captured parameters are optional",
            ));
        }
        Ok(AttrFormatElement::Custom {
            name: name.to_string(),
            args: out,
        })
    }

    fn optional_group(&mut self, g: &OptionalGroup) -> Result<AttrFormatElement, FormatError> {
        let anchor = if g.anchor.in_else {
            g.else_elements.get(g.anchor.index)
        } else {
            g.then_elements.get(g.anchor.index)
        };
        if let Some(a) = anchor {
            if !matches!(
                a.kind,
                ElementKind::Variable(_)
                    | ElementKind::Params
                    | ElementKind::Struct(_)
                    | ElementKind::Custom { .. }
                    | ElementKind::Qualified(_)
            ) {
                return Err(err(
                    a,
                    "optional group anchor must be a parameter or directive",
                ));
            }
        }
        if let Some(
            a @ Element {
                kind: ElementKind::Custom { args, .. },
                ..
            },
        ) = anchor
        {
            if args
                .iter()
                .all(|x| !matches!(x.kind, ElementKind::Variable(_)))
            {
                return Err(err(
                    a,
                    "`custom` directive with no bound parameters cannot be used as optional group anchor",
                ));
            }
        }
        let mut then_elements = Vec::new();
        for x in &g.then_elements {
            then_elements.push(self.element(x, true)?);
        }
        let first = g
            .then_elements
            .iter()
            .zip(&then_elements)
            .find(|(_, c)| !matches!(c, AttrFormatElement::Whitespace(_)));
        if let Some((a, c)) = first {
            if !matches!(
                c,
                AttrFormatElement::Literal(_)
                    | AttrFormatElement::Param { .. }
                    | AttrFormatElement::Custom { .. }
            ) {
                return Err(err(
                    a,
                    "first parsable element of an optional group must be a literal, variable, or custom directive",
                ));
            }
        }
        let mut else_elements = Vec::new();
        for x in &g.else_elements {
            else_elements.push(self.element(x, true)?);
        }
        let checked_anchor = if g.anchor.in_else {
            else_elements.get(g.anchor.index)
        } else {
            then_elements.get(g.anchor.index)
        };
        let anchor_params = checked_anchor.map(element_params).unwrap_or_default();
        Ok(AttrFormatElement::Optional {
            anchor_params,
            inverted: g.anchor.in_else,
            then_elements,
            else_elements,
        })
    }
}
