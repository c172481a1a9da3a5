//! The checked format model: what code generation reads to emit an op's
//! parser and printer without looking at the format text again. Input:
//! nothing (data only, built by [`super::check`]); output: [`OpFormat`],
//! whose elements name operands, results, attributes, regions and
//! successors by index into the [`crate::model::OpModel`], and which says
//! where every operand and result type comes from.

/// A checked op format.
#[derive(Clone, Debug, PartialEq)]
pub struct OpFormat {
    /// The top-level elements in order.
    pub elements: Vec<FormatElement>,
    /// How each operand's type is known (one entry per operand).
    pub operand_types: Vec<TypeResolution>,
    /// How each result's type is known (one entry per result).
    pub result_types: Vec<TypeResolution>,
    /// The format shows no result type and the op infers them all
    /// (`InferTypeOpInterface` implemented by the op itself).
    pub infers_result_types: bool,
    /// `operands` appears: every operand is parsed at once.
    pub all_operands: bool,
    /// `type(operands)` appears.
    pub all_operand_types: bool,
    /// `type(results)` appears.
    pub all_result_types: bool,
    /// `regions` appears.
    pub all_regions: bool,
    /// `successors` appears.
    pub all_successors: bool,
    /// `prop-dict` appears.
    pub has_prop_dict: bool,
    /// Attributes and properties the format shows itself (indices into
    /// `OpModel::attributes`, in order of appearance): `attr-dict` leaves
    /// them out.
    pub used_attributes: Vec<usize>,
    /// Attributes the parser fills in itself (the group sizes of
    /// variadic-of-variadic operands): `attr-dict` leaves them out too.
    pub inferred_attributes: Vec<String>,
}

impl OpFormat {
    /// The names of the `custom<Name>` directives, in order of first
    /// appearance (optional groups and `oilist` clauses included).
    pub fn custom_directives(&self) -> Vec<&str> {
        fn walk<'f>(elements: &'f [FormatElement], names: &mut Vec<&'f str>) {
            for element in elements {
                match element {
                    FormatElement::Custom { name, .. } if !names.contains(&name.as_str()) => {
                        names.push(name);
                    }
                    FormatElement::Optional(group) => {
                        walk(&group.then_elements, names);
                        walk(&group.else_elements, names);
                    }
                    FormatElement::OIList(clauses) => {
                        for clause in clauses {
                            walk(&clause.elements, names);
                        }
                    }
                    _ => {}
                }
            }
        }
        let mut names = Vec::new();
        walk(&self.elements, &mut names);
        names
    }
}

/// One checked element.
#[derive(Clone, Debug, PartialEq)]
pub enum FormatElement {
    /// A keyword or punctuation literal (without backticks).
    Literal(String),
    /// A spacing literal.
    Whitespace(Spacing),
    /// A string argument of a `custom` directive (escapes removed).
    String(String),
    /// An attribute or property (index into `OpModel::attributes`).
    Attribute {
        /// Index into `OpModel::attributes`.
        index: usize,
        /// Printed with its dialect prefix (`qualified`).
        qualified: bool,
    },
    /// An operand (index into `OpModel::operands`).
    Operand(usize),
    /// A result, only inside `type` and `functional-type` (index into
    /// `OpModel::results`).
    Result(usize),
    /// A region (index into `OpModel::regions`).
    Region(usize),
    /// A successor (index into `OpModel::successors`).
    Successor(usize),
    /// `attr-dict` or `attr-dict-with-keyword`.
    AttrDict {
        /// `attr-dict-with-keyword`.
        with_keyword: bool,
    },
    /// `prop-dict`.
    PropDict,
    /// `operands`.
    Operands,
    /// `results` (inside `type` and `functional-type`).
    Results,
    /// `regions`.
    Regions,
    /// `successors`.
    Successors,
    /// `custom<Name>(args)`: calls `parse_name` / `print_name`.
    Custom {
        /// `Name`.
        name: String,
        /// The arguments.
        args: Vec<FormatElement>,
    },
    /// `functional-type(inputs, results)`.
    FunctionalType {
        /// Operand, result, `operands` or `results`.
        inputs: Box<FormatElement>,
        /// Operand, result, `operands` or `results`.
        results: Box<FormatElement>,
    },
    /// `type(arg)`.
    Type {
        /// Operand, result, `operands` or `results`.
        arg: Box<FormatElement>,
        /// Printed with its dialect prefix (`qualified`).
        qualified: bool,
    },
    /// `ref(arg)` inside a `custom` directive: passed, not parsed.
    Ref(Box<FormatElement>),
    /// `oilist(...)`: clauses in any order, each at most once.
    OIList(Vec<OIListClause>),
    /// An optional group.
    Optional(OptionalGroup),
}

/// The spacing literals.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spacing {
    /// `` ` ` ``: one space.
    Space,
    /// ```` `` ````: no space (suppresses the automatic one).
    None,
    /// `` `\n` ``: a new line.
    Newline,
}

/// One `oilist` clause.
#[derive(Clone, Debug, PartialEq)]
pub struct OIListClause {
    /// The keyword that starts it.
    pub keyword: String,
    /// What follows the keyword.
    pub elements: Vec<FormatElement>,
}

/// A checked optional group.
#[derive(Clone, Debug, PartialEq)]
pub struct OptionalGroup {
    /// Printed when the anchor is present.
    pub then_elements: Vec<FormatElement>,
    /// Printed when it is not.
    pub else_elements: Vec<FormatElement>,
    /// The anchor is in the else branch: that branch is taken when the
    /// anchor is present.
    pub anchor_in_else: bool,
    /// Index of the anchor in its branch.
    pub anchor: usize,
    /// Index of the first element of the then branch that is not spacing
    /// (the one the parser tries first).
    pub then_parse_start: usize,
    /// The same for the else branch.
    pub else_parse_start: usize,
}

/// Where a type the format does not spell out comes from.
#[derive(Clone, Debug, PartialEq)]
pub enum TypeResolution {
    /// A `type`, `functional-type` directive (or `type(operands)` /
    /// `type(results)`) reads and prints it.
    Format,
    /// Built from its constraint alone: the Rust builder call.
    Buildable(String),
    /// The type of another value or attribute the format has resolved
    /// (`AllTypesMatch`, `SameTypeOperands`, `SameOperandsAndResultType`,
    /// `TypesMatchWith`), passed through `transform` (Rust over `$_self`)
    /// when given.
    SameAs {
        /// The value or attribute giving the type.
        source: TypeSource,
        /// The `TypesMatchWith` transformer.
        transform: Option<String>,
    },
    /// The op infers it (`InferTypeOpInterface`).
    Inferred,
}

/// A value or attribute a type can be taken from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TypeSource {
    /// Operand `i`.
    Operand(usize),
    /// Result `i`.
    Result(usize),
    /// Attribute `i` (its typed value's type).
    Attribute(usize),
}
