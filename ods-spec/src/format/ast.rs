//! The format AST: what the parser makes of a format string before any
//! name is looked up. Input: nothing (data only); output: [`Element`]s,
//! each with its byte range in the format text so the checker can point
//! at the element at fault.

/// One element of a format, with its byte range in the format text.
#[derive(Clone, Debug, PartialEq)]
pub struct Element {
    /// What it is.
    pub kind: ElementKind,
    /// First byte of the element (the `$`, the backtick, the keyword).
    pub start: usize,
    /// One past its last byte.
    pub end: usize,
}

/// The kinds of format elements.
#[derive(Clone, Debug, PartialEq)]
pub enum ElementKind {
    /// `` `keyword` `` or `` `,` ``: the spelling without backticks.
    Literal(String),
    /// `` ` ` `` (a space), ```` `` ```` (no space) or `` `\n` `` (a new
    /// line): the spelling without backticks.
    Whitespace(String),
    /// `"text"`, only as a `custom` argument: the text with escapes
    /// removed.
    String(String),
    /// `$name`: the name without `$`.
    Variable(String),
    /// `attr-dict` / `attr-dict-with-keyword`.
    AttrDict {
        /// `attr-dict-with-keyword`.
        with_keyword: bool,
    },
    /// `prop-dict`.
    PropDict,
    /// `custom<Name>(args)`.
    Custom {
        /// The directive name (`Name`).
        name: String,
        /// The arguments.
        args: Vec<Element>,
    },
    /// `functional-type(inputs, results)`.
    FunctionalType {
        /// The inputs' element.
        inputs: Box<Element>,
        /// The results' element.
        results: Box<Element>,
    },
    /// `oilist(`kw` ... | `kw` ...)`.
    OIList(Vec<OIListClause>),
    /// `operands`.
    Operands,
    /// `results`.
    Results,
    /// `regions`.
    Regions,
    /// `successors`.
    Successors,
    /// `ref(element)`.
    Ref(Box<Element>),
    /// `type(element)`.
    Type(Box<Element>),
    /// `qualified(element)`.
    Qualified(Box<Element>),
    /// `params` (attribute and type formats).
    Params,
    /// `struct(elements)` (attribute and type formats).
    Struct(Vec<Element>),
    /// `( ... )?` or `( ... ) : ( ... )?`.
    Optional(OptionalGroup),
}

/// One clause of an `oilist`: a keyword and what follows it.
#[derive(Clone, Debug, PartialEq)]
pub struct OIListClause {
    /// The keyword literal (an `ElementKind::Literal`).
    pub keyword: Element,
    /// The elements after it.
    pub elements: Vec<Element>,
}

/// An optional group.
#[derive(Clone, Debug, PartialEq)]
pub struct OptionalGroup {
    /// Elements printed when the anchor is present.
    pub then_elements: Vec<Element>,
    /// Elements printed otherwise (after `:`).
    pub else_elements: Vec<Element>,
    /// Where the `^` anchor is.
    pub anchor: AnchorPosition,
}

/// The element marked `^`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AnchorPosition {
    /// In the else branch rather than the then branch.
    pub in_else: bool,
    /// Index in its branch.
    pub index: usize,
}
