//! Typed syntax tree of one `.ods` file, as written (no name resolution,
//! no evaluation). Produced by [`crate::grammar`], consumed by
//! [`crate::resolve`]. Every node carries the [`Span`] it came from.

use crate::diag::Span;

/// A name as written, with where it was written.
#[derive(Clone, Debug, PartialEq)]
pub struct Ident {
    /// The identifier text.
    pub name: String,
    /// Its place.
    pub span: Span,
}

/// One parsed file.
#[derive(Clone, Debug, PartialEq)]
pub struct File {
    /// Top-level statements in order.
    pub stmts: Vec<Stmt>,
}

/// A top-level statement.
#[derive(Clone, Debug, PartialEq)]
pub enum Stmt {
    /// `include "path"`.
    Include {
        /// The path as written (escapes processed).
        path: String,
        /// The whole statement.
        span: Span,
    },
    /// `class Name<args> : Parents { body }`.
    Class(ClassDef),
    /// `def Name : Parents { body }` (name optional).
    Def(DefStmt),
    /// `let a = v, b = w in { stmts }` or `let ... in stmt`.
    Let {
        /// The bindings, in order.
        bindings: Vec<LetBinding>,
        /// Statements the bindings apply to.
        body: Vec<Stmt>,
        /// The `let ... in` head.
        span: Span,
    },
    /// `defvar name = value;`.
    Defvar(Defvar),
    /// `assert cond, "message";`.
    Assert(Assert),
    /// `foreach x = list in { stmts }` or `foreach x = list in stmt`: the
    /// statements once per element, with `x` bound to it.
    Foreach {
        /// The loop variable.
        var: Ident,
        /// The list iterated over.
        list: Expr,
        /// The statements repeated.
        body: Vec<Stmt>,
        /// The `foreach ... in` head.
        span: Span,
    },
    /// `if cond then { stmts } else { stmts }` (the `else` part optional).
    If {
        /// A bit or int; nonzero runs `then_body`.
        cond: Expr,
        /// Statements when true.
        then_body: Vec<Stmt>,
        /// Statements when false.
        else_body: Vec<Stmt>,
        /// The `if ... then` head.
        span: Span,
    },
    /// `multiclass Name<args> : Parents { stmts }`.
    MultiClass(MultiClassDef),
    /// `defm Name : MultiClass<args>, Class<args>;`.
    Defm(DefmStmt),
}

/// A multiclass: statements (usually `def`s) instantiated by each `defm`
/// that names it, with `NAME` bound to the `defm`'s name.
#[derive(Clone, Debug, PartialEq)]
pub struct MultiClassDef {
    /// Multiclass name.
    pub name: Ident,
    /// Template arguments in order.
    pub template_args: Vec<TemplateArg>,
    /// Multiclasses whose statements come first.
    pub parents: Vec<ParentRef>,
    /// Statements in order.
    pub body: Vec<Stmt>,
    /// The whole statement.
    pub span: Span,
}

/// `defm Name : Parents;`: the multiclasses among the parents are
/// instantiated; the plain classes become parents of every def made.
#[derive(Clone, Debug, PartialEq)]
pub struct DefmStmt {
    /// The name (`NAME` inside the multiclass); `None` for an anonymous one.
    pub name: Option<DefName>,
    /// Multiclasses and classes, in order.
    pub parents: Vec<ParentRef>,
    /// The whole statement.
    pub span: Span,
}

/// The name of a `def` or `defm`.
#[derive(Clone, Debug, PartialEq)]
pub enum DefName {
    /// A plain name, `def Foo`.
    Plain(Ident),
    /// A name built by a value, `def Foo # index # Op` (inside `foreach`
    /// and multiclasses).
    Pasted(Expr),
}

impl DefName {
    /// Where the name is written.
    pub fn span(&self) -> Span {
        match self {
            DefName::Plain(i) => i.span,
            DefName::Pasted(e) => e.span,
        }
    }
}

/// `assert cond, message;`, checked when the enclosing record is complete.
#[derive(Clone, Debug, PartialEq)]
pub struct Assert {
    /// Must evaluate to true.
    pub cond: Expr,
    /// Message shown when it does not.
    pub message: Expr,
    /// The whole statement.
    pub span: Span,
}

/// A template argument value, positional or named (`name = value`).
#[derive(Clone, Debug, PartialEq)]
pub struct Arg {
    /// The argument name for `name = value`.
    pub name: Option<Ident>,
    /// The value.
    pub value: Expr,
}

/// `defvar name = value;`
#[derive(Clone, Debug, PartialEq)]
pub struct Defvar {
    /// The variable.
    pub name: Ident,
    /// Its value.
    pub value: Expr,
}

/// One binding of a top-level `let`.
#[derive(Clone, Debug, PartialEq)]
pub struct LetBinding {
    /// The field to set.
    pub name: Ident,
    /// The value to set it to.
    pub value: Expr,
}

/// A class definition.
#[derive(Clone, Debug, PartialEq)]
pub struct ClassDef {
    /// Class name.
    pub name: Ident,
    /// Template arguments in order.
    pub template_args: Vec<TemplateArg>,
    /// Direct parents in order.
    pub parents: Vec<ParentRef>,
    /// Body items in order.
    pub body: Vec<BodyItem>,
    /// The whole statement.
    pub span: Span,
}

/// `type name = default` in a class head.
#[derive(Clone, Debug, PartialEq)]
pub struct TemplateArg {
    /// Declared type.
    pub ty: TypeExpr,
    /// Argument name.
    pub name: Ident,
    /// Default value, if any.
    pub default: Option<Expr>,
}

/// `Parent<args>` in a parent list.
#[derive(Clone, Debug, PartialEq)]
pub struct ParentRef {
    /// The class inherited from.
    pub name: Ident,
    /// Template argument values.
    pub args: Vec<Arg>,
    /// The whole reference.
    pub span: Span,
}

/// A `def` statement.
#[derive(Clone, Debug, PartialEq)]
pub struct DefStmt {
    /// Record name; `None` for `def : Foo<...>;`.
    pub name: Option<DefName>,
    /// Direct parents in order.
    pub parents: Vec<ParentRef>,
    /// Body items in order.
    pub body: Vec<BodyItem>,
    /// The whole statement.
    pub span: Span,
}

/// An item in a class or def body.
#[derive(Clone, Debug, PartialEq)]
pub enum BodyItem {
    /// `type name = value;` (value optional).
    Field {
        /// Declared type.
        ty: TypeExpr,
        /// Field name.
        name: Ident,
        /// Initial value.
        value: Option<Expr>,
        /// The whole item.
        span: Span,
    },
    /// `let name = value;`
    Let {
        /// Field to override.
        name: Ident,
        /// New value.
        value: Expr,
        /// The whole item.
        span: Span,
    },
    /// `defvar name = value;` local to the body.
    Defvar(Defvar),
    /// `assert cond, message;`.
    Assert(Assert),
}

/// A type as written.
#[derive(Clone, Debug, PartialEq)]
pub enum TypeExpr {
    /// `string`
    String,
    /// `code`
    Code,
    /// `int`
    Int,
    /// `bit`
    Bit,
    /// `bits<n>`
    Bits(u32),
    /// `list<T>`
    List(Box<TypeExpr>),
    /// `dag`
    Dag,
    /// A class name: values are defs deriving from it.
    Class(Ident),
}

/// A value expression with its place.
#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    /// What it is.
    pub kind: ExprKind,
    /// Where it is.
    pub span: Span,
}

/// An argument of a dag: a value, a `$name`, or both.
#[derive(Clone, Debug, PartialEq)]
pub struct DagArg {
    /// The value (`None` for a bare `$name`).
    pub value: Option<Expr>,
    /// The name without `$`.
    pub name: Option<String>,
}

/// Kinds of value expressions.
#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    /// Integer literal (decimal, `0x`, `0b`).
    Int(i64),
    /// Binary literal `0b...`, kept with its width so it can fill `bits<n>`.
    BinaryInt(i64, u32),
    /// String literal(s), adjacent ones already joined.
    Str(String),
    /// `[{ code }]`.
    Code(String),
    /// `true` / `false`.
    Bool(bool),
    /// `?`
    Unset,
    /// `[a, b]<T>`.
    List {
        /// Elements.
        elems: Vec<Expr>,
        /// Element type, when written.
        elem_ty: Option<TypeExpr>,
    },
    /// `(op a:$x, ...)`.
    Dag {
        /// Operator.
        op: Box<Expr>,
        /// `$name` on the operator.
        op_name: Option<String>,
        /// Arguments.
        args: Vec<DagArg>,
    },
    /// `!name<T>(args)`.
    Bang {
        /// Operator name without `!`.
        op: String,
        /// The `<T>` type argument.
        ty: Option<TypeExpr>,
        /// Operands.
        args: Vec<Expr>,
    },
    /// `!cond(c1 : v1, c2 : v2)`.
    Cond(Vec<(Expr, Expr)>),
    /// `Class<args>`: an anonymous instance.
    ClassInst {
        /// The class.
        class: Ident,
        /// Template arguments.
        args: Vec<Arg>,
    },
    /// A bare name.
    Ident(String),
    /// `base.field`.
    FieldAccess {
        /// The record.
        base: Box<Expr>,
        /// The field.
        field: Ident,
    },
    /// `list[index]`.
    Index {
        /// The list.
        base: Box<Expr>,
        /// The position.
        index: Box<Expr>,
    },
    /// `a # b` (`b` may be missing: `a #`).
    Paste(Box<Expr>, Option<Box<Expr>>),
}
