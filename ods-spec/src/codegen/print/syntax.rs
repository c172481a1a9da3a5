//! The syntax the printer reads: generated items as token trees parsed
//! into a small tree of their own (the constructs generators make; any
//! other is [`Unsupported`] and its item is printed the general way).

use proc_macro2::{TokenStream, TokenTree};

/// A construct the printer does not read.
#[derive(Debug)]
pub(crate) struct Unsupported;

pub(super) type R<T> = Result<T, Unsupported>;

/// An [`Unsupported`] from line `line` of the reader (the differential
/// test counts where they come from).
#[track_caller]
pub(super) fn unsupported(line: u32) -> Unsupported {
    #[cfg(test)]
    super::tests::reason(std::panic::Location::caller());
    let _ = line;
    Unsupported
}

pub(super) struct Path {
    /// `<T as Trait>::` before the path: `T` and how many segments name
    /// the trait.
    pub qself: Option<(Box<Ty>, usize)>,
    pub global: bool,
    pub segs: Vec<Seg>,
}

pub(super) struct Seg {
    pub ident: String,
    pub args: Args,
}

pub(super) enum Args {
    None,
    Angle(Vec<GenericArg>),
    Paren(Vec<Ty>, Option<Box<Ty>>),
}

pub(super) enum GenericArg {
    Lifetime(String),
    Type(Ty),
    Assoc(String, Ty),
    /// A literal (a const argument: `::<0>`).
    Const(String),
}

pub(super) enum Ty {
    Path(Path),
    Ref(Option<String>, bool, Box<Ty>),
    Ptr(bool, Box<Ty>),
    Slice(Box<Ty>),
    Array(Box<Ty>, Box<Expr>),
    Tuple(Vec<Ty>),
    Impl(Vec<Bound>),
    Dyn(Vec<Bound>),
    Never,
    Infer,
    /// `fn(A, B) -> C` (unnamed arguments).
    BareFn(Vec<Ty>, Option<Box<Ty>>),
}

pub(super) enum Bound {
    Lifetime(String),
    Trait(bool, Path),
}

pub(super) enum Expr {
    Lit(String),
    Path(Path),
    Call(Box<Expr>, Vec<Expr>),
    Method(Box<Expr>, String, Option<Vec<GenericArg>>, Vec<Expr>),
    Field(Box<Expr>, String),
    Index(Box<Expr>, Box<Expr>),
    Try(Box<Expr>),
    Unary(&'static str, Box<Expr>),
    Ref(bool, Box<Expr>),
    Binary(&'static str, Box<Expr>, Box<Expr>),
    Assign(Box<Expr>, Box<Expr>),
    Cast(Box<Expr>, Ty),
    Paren(Box<Expr>),
    Tuple(Vec<Expr>),
    Array(Vec<Expr>),
    Repeat(Box<Expr>, Box<Expr>),
    Closure(bool, Vec<Pat>, Option<Ty>, Box<Expr>),
    Block(Block),
    Unsafe(Block),
    If(Box<Expr>, Block, Option<Box<Expr>>),
    Match(Box<Expr>, Vec<Arm>),
    ForLoop(Pat, Box<Expr>, Block),
    While(Box<Expr>, Block),
    Loop(Block),
    Let(Pat, Box<Expr>),
    Return(Option<Box<Expr>>),
    Break(Option<Box<Expr>>),
    Continue,
    Struct(Path, Vec<(String, Option<Expr>)>, Option<Box<Expr>>),
    Range(Option<Box<Expr>>, bool, Option<Box<Expr>>),
    /// `path!(tokens)` or `path![tokens]` (not `path! { .. }`, which
    /// reads otherwise as a statement); the tokens are not read.
    Macro(Path, proc_macro2::Delimiter, proc_macro2::TokenStream),
}

pub(super) struct Arm {
    pub pat: Pat,
    pub guard: Option<Expr>,
    pub body: Expr,
}

pub(super) enum Pat {
    Wild,
    Rest,
    Ident(bool, bool, String),
    Path(Path),
    Lit(String),
    TupleStruct(Path, Vec<Pat>),
    Struct(Path, Vec<(Option<String>, Pat)>, bool),
    Tuple(Vec<Pat>, bool),
    Slice(Vec<Pat>),
    Or(Vec<Pat>),
    Ref(bool, Box<Pat>),
    Typed(Box<Pat>, Ty),
    Range(Option<String>, bool, Option<String>),
}

pub(super) struct Block {
    pub stmts: Vec<Stmt>,
}

pub(super) enum Stmt {
    Local(Vec<Attr>, Pat, Option<Expr>, Option<Block>),
    Expr(Expr, bool),
    /// `__ods_snippet_from!("file:line");` (see `codegen::snippet_origin`).
    Origin(String),
    /// An item inside a block (an `impl` only without members).
    Item(Box<Item>),
}

pub(super) enum UseTree {
    /// `a::` and the rest.
    Path(String, Box<UseTree>),
    Name(String),
    Rename(String, String),
    Glob,
    Group(Vec<UseTree>),
}

pub(super) enum Attr {
    Doc(String),
    Other(TokenStream),
}

pub(super) struct Generics {
    pub params: Vec<GenericParam>,
}

pub(super) enum GenericParam {
    Lifetime(String, Vec<String>),
    Type(String, Vec<Bound>),
}

pub(super) enum Vis {
    Inherited,
    Pub,
    Crate(String),
}

pub(super) struct Sig {
    pub constness: bool,
    pub unsafety: bool,
    pub ident: String,
    pub generics: Generics,
    pub inputs: Vec<FnArg>,
    pub output: Option<Ty>,
    /// The predicates of its `where` clause: `T: A + B`.
    pub where_: Vec<(Ty, Vec<Bound>)>,
}

pub(super) enum FnArg {
    /// `self`, `&self`, `&mut self`, `&'a self`, `mut self`.
    Receiver(Option<Option<String>>, bool),
    Typed(Pat, Ty),
}

pub(super) enum Fields {
    Named(Vec<Field>),
    Unnamed(Vec<Field>),
    Unit,
}

pub(super) struct Field {
    pub attrs: Vec<Attr>,
    pub vis: Vis,
    pub name: Option<String>,
    pub ty: Ty,
}

pub(super) struct Variant {
    pub attrs: Vec<Attr>,
    pub ident: String,
    pub fields: Fields,
    pub discriminant: Option<Expr>,
}

pub(super) enum ItemKind {
    Fn(Sig, Block),
    Const(String, Ty, Expr),
    Static(String, Ty, Expr),
    Type(String, Ty),
    Struct(String, Generics, Fields),
    Enum(String, Generics, Vec<Variant>),
    Impl(Box<Impl>),
    /// `__ods_snippet_from!("file:line");` (see `codegen::snippet_origin`).
    Origin(String),
    /// `use ::a::b;`: whether the path starts with `::`, and the tree.
    Use(bool, UseTree),
    /// `mod m { .. }`: its items (an `impl` only without members).
    Mod(String, Vec<Item>),
    /// `trait T: A + B { .. }`: its supertraits and functions.
    Trait(String, Generics, Vec<Bound>, Vec<TraitFn>),
}

/// A function of a trait: its body when it has one.
pub(super) struct TraitFn {
    pub attrs: Vec<Attr>,
    pub sig: Sig,
    pub body: Option<Block>,
}

pub(super) struct Impl {
    pub unsafety: bool,
    pub generics: Generics,
    pub trait_: Option<Path>,
    pub self_ty: Ty,
    /// The tokens of the body.
    pub body: Vec<TokenTree>,
    /// Where each member's tokens are in `body` (printed one by one).
    pub members: Vec<std::ops::Range<usize>>,
}

pub(super) struct Item {
    pub attrs: Vec<Attr>,
    pub vis: Vis,
    pub kind: ItemKind,
}
