//! The Toy AST: a module of functions, each a prototype and a block of
//! expressions. Every node carries the [`Location`] toyc gives it, which
//! the AST dump prints and MLIR generation turns into op locations.

use super::lexer::Location;
use super::Language;

/// A declared type: a shape, `<2, 3>`, or (chapter 7) a struct's name;
/// both empty when the declaration gives none.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct VarType {
    /// The struct's name (`Pair p = ...`), empty for a tensor.
    pub name: String,
    /// The dimensions, as toyc converts the numbers written (truncated).
    pub shape: Vec<i64>,
}

/// An expression or statement with its location.
#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    /// Where toyc places the node (see each [`ExprKind`]).
    pub loc: Location,
    /// What the node is.
    pub kind: ExprKind,
}

/// The value of a `return`.
#[derive(Clone, Debug, PartialEq)]
pub enum ReturnValue {
    /// `return;`
    Nothing,
    /// `return expr;`
    Expr(Box<Expr>),
    /// `return` followed by an expression that did not parse. toyc keeps
    /// the statement (an empty pointer inside its optional) and crashes on
    /// it later; the dump and MLIR generation reproduce that end.
    Missing,
}

/// The kinds of node, in toyc's order (its `ExprASTKind` numbers them
/// from 0, and an error message prints the number).
#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    /// `var name<shape> = init`, at `var`. `init` is `None` when the
    /// initializer did not parse (toyc keeps the declaration).
    VarDecl {
        name: String,
        ty: VarType,
        init: Option<Box<Expr>>,
    },
    /// `return`, at the keyword.
    Return(ReturnValue),
    /// A number, at its first character.
    Number(f64),
    /// `[...]`, at the `[`; `dims` lists the length of every nesting level.
    Literal { values: Vec<Expr>, dims: Vec<i64> },
    /// `{...}` (chapter 7), at the `{`: numbers, literals and struct
    /// literals; `None` for a nested struct literal that did not parse,
    /// which toyc keeps (and crashes on later).
    StructLiteral(Vec<Option<Expr>>),
    /// A variable's name, at the name.
    Variable(String),
    /// `lhs op rhs`, at the first token of `rhs`; chapter 7's member
    /// access `lhs.name` is one, with `op` `.` and `rhs` a variable.
    Binary {
        op: u8,
        lhs: Box<Expr>,
        rhs: Box<Expr>,
    },
    /// `callee(args)`, at the callee's name.
    Call { callee: String, args: Vec<Expr> },
    /// `print(arg)`, at `print`.
    Print(Box<Expr>),
}

impl ExprKind {
    /// `language`'s toyc's number for the kind (`ExprASTKind`; chapter 7
    /// inserts the struct literal after the literal).
    pub fn number(&self, language: Language) -> u32 {
        let after_literal = match language {
            Language::Tensors => 0,
            Language::Structs => 1,
        };
        match self {
            ExprKind::VarDecl { .. } => 0,
            ExprKind::Return(_) => 1,
            ExprKind::Number(_) => 2,
            ExprKind::Literal { .. } => 3,
            ExprKind::StructLiteral(_) => 4,
            ExprKind::Variable(_) => 4 + after_literal,
            ExprKind::Binary { .. } => 5 + after_literal,
            ExprKind::Call { .. } => 6 + after_literal,
            ExprKind::Print(_) => 7 + after_literal,
        }
    }
}

/// A function parameter: its name and where it is written.
#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    /// The name.
    pub name: String,
    /// Its location (chapter 7: that of its type name when it has one).
    pub loc: Location,
    /// The struct it is declared with (`def f(Pair p)`, chapter 7), or
    /// empty.
    pub type_name: String,
}

/// `def name(params)`, located at `def`.
#[derive(Clone, Debug, PartialEq)]
pub struct Prototype {
    /// The location of `def`.
    pub loc: Location,
    /// The function's name.
    pub name: String,
    /// The parameters, in order.
    pub params: Vec<Param>,
}

/// A function: its prototype and the statements of its body.
#[derive(Clone, Debug, PartialEq)]
pub struct Function {
    /// The signature.
    pub proto: Prototype,
    /// The body's statements.
    pub body: Vec<Expr>,
}

/// A member of a struct: `var name<shape>?;` or `Type name;` (the
/// parser takes no initializer there; MLIR generation refuses a shape).
#[derive(Clone, Debug, PartialEq)]
pub struct Member {
    /// Where the declaration starts (`var`, or the type's name).
    pub loc: Location,
    /// The member's name.
    pub name: String,
    /// Its declared type.
    pub ty: VarType,
}

/// `struct Name { members }` (chapter 7), located at `struct`.
#[derive(Clone, Debug, PartialEq)]
pub struct StructDecl {
    /// The location of `struct`.
    pub loc: Location,
    /// The struct's name.
    pub name: String,
    /// Its members, in order (at least one).
    pub members: Vec<Member>,
}

/// A top-level definition.
#[derive(Clone, Debug, PartialEq)]
pub enum Record {
    /// `def ...`
    Function(Function),
    /// `struct ...` (chapter 7).
    Struct(StructDecl),
}

/// A source file: its functions and structs in order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Module {
    /// The definitions.
    pub records: Vec<Record>,
}
