//! The Toy AST: a module of functions, each a prototype and a block of
//! expressions. Every node carries the [`Location`] toyc gives it, which
//! the AST dump prints and MLIR generation turns into op locations.

use super::lexer::Location;

/// A declared shape, `<2, 3>`; empty when the declaration gives none.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct VarType {
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
    /// A variable's name, at the name.
    Variable(String),
    /// `lhs op rhs`, at the first token of `rhs`.
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
    /// toyc's number for the kind (`ExprASTKind`).
    pub fn number(&self) -> u32 {
        match self {
            ExprKind::VarDecl { .. } => 0,
            ExprKind::Return(_) => 1,
            ExprKind::Number(_) => 2,
            ExprKind::Literal { .. } => 3,
            ExprKind::Variable(_) => 4,
            ExprKind::Binary { .. } => 5,
            ExprKind::Call { .. } => 6,
            ExprKind::Print(_) => 7,
        }
    }
}

/// A function parameter: its name and where it is written.
#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    /// The name.
    pub name: String,
    /// Its location.
    pub loc: Location,
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

/// A source file: its functions in order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Module {
    /// The functions.
    pub functions: Vec<Function>,
}
