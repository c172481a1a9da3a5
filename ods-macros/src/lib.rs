//! Procedural macros: `include_ods!`, `#[op]` and `#[derive(Op)]`. All
//! three go through `ods-spec` (front end, op model, codegen), so an op
//! defined in Rust gets exactly the code an `.ods` def of it gets.
//!
//! The generated code names `::ods_runtime`: the crate using these macros
//! depends on `ods-runtime`.
//!
//! # `include_ods!`
//!
//! ```
//! mod spec {
//!     ods_macros::include_ods!("tests/ods/demo.ods");
//! }
//! # fn main() {}
//! ```
//!
//! A path starting with `./` or `../` is relative to the directory of the
//! source file invoking the macro, as `include_str!`'s paths are (so it
//! holds wherever the crate is built from, `trybuild` included); any other
//! relative path is relative to the crate root (`CARGO_MANIFEST_DIR`).
//! Includes are found in the embedded standard library, the spec's own
//! directory and the crate root. The macro expands to the spec's enums
//! (when it defines any), its dialect attributes (`AttrDef`, `EnumAttr`)
//! and types (`TypeDef`) when it defines any, its op handles, one dialect
//! struct per dialect and the op, attribute and type interfaces the file
//! defines, as `ods-tblgen --gen-enum-defs`, `--gen-attrdef-defs`,
//! `--gen-typedef-defs`, `--gen-op-defs` and
//! `--gen-{op,attr,type}-interface-defs` write them.
//! Cargo rebuilds the crate when the spec or a file it includes changes.
//! Spec errors become `compile_error!`s holding the full diagnostic
//! (`file:line:col`, the line, a caret).
//!
//! # `#[op]`: an op from a struct with fields
//!
//! ```
//! use ods_macros::op;
//!
//! /// Integer addition.
//! ///
//! /// Adds two integers of the same type; wraps on overflow.
//! #[op("test.addi", dialect = TestDialect, traits = [Pure, Commutative, SameOperandsAndResultType])]
//! pub struct AddIOp {
//!     /// The left operand.
//!     lhs: SignlessIntegerLike,
//!     rhs: SignlessIntegerLike,
//!     overflow: UnitAttr,
//!     #[result]
//!     result: SignlessIntegerLike,
//! }
//!
//! #[ods_macros::dialect("test", ops = [AddIOp])]
//! pub struct TestDialect;
//! # fn main() {}
//! ```
//!
//! Each field is a value of the op, its type the constraint, named as in
//! the `.ods` standard library (`I32`, `Variadic<Index>`,
//! `OptionalAttr<I64Attr>`, `SizedRegion<1>`, ...). Unmarked fields are
//! arguments (operands, attributes, properties: `ins`); `#[result]`,
//! `#[region]` and `#[successor]` put a field in the other groups. A
//! constraint that Rust's type syntax cannot hold (a list of several
//! elements) goes in the attribute: `#[arg(AnyTypeOf<[I32, F32]>)] x: _`.
//! The struct becomes the generated `Copy` handle `pub struct AddIOp(OpId)`
//! (with the struct's visibility and non-doc attributes) plus its
//! accessors, builders, adaptor and `ods_runtime::Op` impl.
//!
//! # `#[derive(Op)]`: an op on your own newtype
//!
//! ```
//! use ods_macros::Op;
//! use ods_runtime::ir::OpId;
//!
//! /// Integer addition.
//! #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Op)]
//! #[op("test.addi", dialect = TestDialect, traits = [Pure, SameOperandsAndResultType])]
//! #[op(arguments(lhs: SignlessIntegerLike, rhs: SignlessIntegerLike))]
//! #[op(results(result: SignlessIntegerLike))]
//! pub struct AddIOp(OpId);
//! # #[ods_macros::dialect("test", ops = [AddIOp])]
//! # pub struct TestDialect;
//! # fn main() {}
//! ```
//!
//! The struct stays as written (choose its derives and attributes; it
//! must be `Copy` and wrap the `OpId`); the derive adds everything else.
//! Values are listed in `arguments(...)`, `results(...)`, `regions(...)`
//! and `successors(...)` groups.
//!
//! # The `#[op(...)]` arguments (both macros)
//!
//! - `"dialect.mnemonic"`: the op name (required);
//! - `traits = [...]`: the trait list, as in `.ods`;
//! - `summary = "..."`, `description = "..."`: otherwise taken from the
//!   doc comment (first paragraph, then the rest);
//! - `include = "path.ods"`: makes a spec's defs (enums, constraints)
//!   usable; generate that spec's code with `include_ods!` in the same
//!   module. The path follows `include_ods!`'s rule: relative to the
//!   invoking file when it starts with `./` or `../`, else to the crate
//!   root;
//! - `dialect = ToyDialect`: the Rust path of the op's dialect struct
//!   (required: an ODS op always names its `Dialect`), which must list
//!   the op, in `#[dialect(ops = [...])]` or, for a dialect written by
//!   hand or from `.ods`, with `impl ods_runtime::dialect::ListsOp<Op>`
//!   (else a compile error at this path naming the list: an op left out
//!   is never registered). Without it, an error at the op's name says
//!   what to write;
//! - `arguments(name: Constraint, ...)` and the other groups;
//! - any other `Op` field, with its `.ods` name and value:
//!   `hasVerifier = 1`, `assemblyFormat = "..."`, `skipDefaultBuilders = 1`,
//!   `builders = [OpBuilder<(ins "u32":$n), [{ ... }]>]`, ...
//!
//! Values are `.ods` values written as Rust tokens: names, `<...>`,
//! `[...]` lists, string and integer literals (raw strings too),
//! `$name`, `!bang(...)`, `(ins ...)` dags and `[{ Rust code }]` blocks.
//!
//! Errors of the spec compiler (an unknown constraint, a name used twice,
//! two variadic operands without a segment trait, an unknown `Op` field,
//! ...) are reported at the Rust tokens they come from. A dialect's ops
//! defined in Rust are registered by `#[dialect(ops = [...])]` (below) or
//! a `Dialect` impl the author writes (each macro sees one op, so the
//! dialect is told the list):
//!
//! ```
//! # #[ods_macros::op("test.addi", dialect = TestDialect, traits = [Pure])]
//! # pub struct AddIOp { lhs: I32, rhs: I32, #[result] result: I32 }
//! pub struct TestDialect;
//! // The ops `register_ops` registers, for their `dialect = TestDialect`.
//! impl ods_runtime::dialect::ListsOp<AddIOp> for TestDialect {}
//! impl ods_runtime::Dialect for TestDialect {
//!     const NAME: &'static str = "test";
//!     fn register_ops(ctx: &mut ods_runtime::ir::Context, reg: &mut ods_runtime::ir::Registry) {
//!         // The op, its fold hook and its interface tables.
//!         <AddIOp as ods_runtime::Op>::register(ctx, reg);
//!     }
//! }
//! # fn main() {}
//! ```
//!
//! # `#[dialect]`: the dialect
//!
//! ```
//! # use ods_macros::{dialect, op};
//! # #[op("toy.add", dialect = ToyDialect, traits = [Pure])]
//! # pub struct AddOp { lhs: F64, rhs: F64, #[result] sum: F64 }
//! # #[op("base.nop", dialect = BaseDialect)]
//! # pub struct NopOp {}
//! # #[dialect("base", ops = [NopOp])]
//! # pub struct BaseDialect;
//! /// The Toy tutorial's language.
//! ///
//! /// Tensors and functions on them.
//! #[dialect("toy", ops = [AddOp], dependentDialects = ["BaseDialect"])]
//! pub struct ToyDialect;
//! # fn main() {}
//! ```
//!
//! The string is the namespace; the doc comment is the summary and
//! description (or `summary = "..."`, `description = "..."`); any other
//! `Dialect` field is set as in `.ods` (`dependentDialects` lists the Rust
//! paths of dialect structs, registered with this one). `ops = [...]`, `attrs = [...]`,
//! `enum_attrs = [...]` and `types = [...]` list the Rust paths of the
//! dialect's `#[op]`s, `#[attr]`s, enum attributes and `#[type_def]`s
//! (each macro sees one item, so the dialect is told what it registers).
//! `patterns = [...]` lists its canonicalization patterns, registered
//! with it so every canonicalizer runs them: `Pattern`s, slices of them
//! or populate functions `fn(&mut Context, &mut Registry)` (anything
//! implementing `ods_runtime::DialectPatterns`).
//! The unit struct becomes the generated dialect struct and its
//! `ods_runtime::Dialect` impl, the code a `.ods` dialect def gets.
//!
//! # `#[derive(EnumAttr)]`: an enum and its attribute
//!
//! ```
//! /// How to round.
//! #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, ods_macros::EnumAttr)]
//! #[enum_attr("toy.rounding", dialect = ToyDialect, assemblyFormat = "`<` $value `>`")]
//! pub enum Rounding {
//!     Down,
//!     Up,
//!     #[case("to_nearest")]
//!     Nearest = 4,
//! }
//! # #[ods_macros::dialect("toy", enum_attrs = [RoundingAttr])]
//! # pub struct ToyDialect;
//! # fn main() {}
//! ```
//!
//! The variants are the cases (`I32EnumAttrCase`, or `I64...` under
//! `#[repr(u64)]`): the value is the discriminant (as Rust counts them),
//! the string form `#[case("text")]` or else the name in snake_case. The
//! derive adds what the `.ods` enum generates besides the enum itself
//! (`ALL`, `as_str`, `from_value`, `FromStr`, `Display`,
//! `ods_runtime::EnumAttr`, ...; the enum must be `Copy`), and, when
//! `#[enum_attr("dialect.mnemonic")]` names it, the attribute definition
//! `RoundingAttr` (`get`, `value`, `def`), which `dialect = ...` names
//! the dialect of (required, as for `#[op]`), whose `enum_attrs` must
//! list it. `assemblyFormat` goes on the attribute; other keys are
//! fields of the enum (`summary`, `cppNamespace`, ...). Bit enums are
//! `.ods`-only for now.
//!
//! # `#[attr]` and `#[type_def]`: attributes and types with parameters
//!
//! ```
//! /// A shape of known rank.
//! #[ods_macros::type_def("toy.shaped", dialect = ToyDialect,
//!     assemblyFormat = "`<` $rank `x` $element `,` `[` $dims `]` `>`")]
//! pub struct ShapedType {
//!     rank: u32,
//!     element: Type,
//!     #[param(ArrayRefParameter<"int64_t">)]
//!     dims: _,
//! }
//! # #[ods_macros::dialect("toy", types = [ShapedType])]
//! # pub struct ToyDialect;
//! # fn main() {}
//! ```
//!
//! `"dialect.mnemonic"` names the definition and `dialect = ToyDialect`
//! the dialect struct that registers it (required, as for `#[op]`: its
//! `attrs = [...]` or `types = [...]` must list the struct, else a
//! compile error at this path naming the list; a dialect written by hand
//! implements `ods_runtime::dialect::ListsAttr<A>` / `ListsType<T>`
//! beside its registration); each field is a parameter,
//! its type the parameter's Rust type (`u32`, `i64`, `bool`, `String`,
//! `Type`, `Attribute`, `Vec<T>`, `Option<T>`, a type of yours) or, with
//! `_` as the type, an `.ods` parameter in `#[param(...)]`
//! (`ArrayRefParameter<"int64_t">`, `DefaultValuedParameter<"i64", "1">`).
//! Other keys are `AttrDef`/`TypeDef` fields (`assemblyFormat`,
//! `genVerifyDecl`, `traits`, `builders`, ...). A struct named `XType` /
//! `XAttr` is `TypeDef<D, "X">`; another name is set as `cppClassName`.
//! The struct becomes the generated view (`ShapedType(Type)`, with
//! `get`, accessors, `def()`, the format's parser and printer).
//!
//! An `#[op]` names these definitions by their views:
//! `RustAttrDef<"PairAttr">`, `RustEnumAttrDef<"RoundingAttr", "Rounding">`,
//! `RustTypeDef<"ShapedType">` (standard-library classes; an optional
//! last argument is the summary the verifier's messages show).
//!
//! Errors of all four (a bad name, a case with data, a format naming no
//! parameter, ...) are reported at the tokens at fault, inside a format
//! string with a caret line.

//!
//! # `#[op_interface]`, `#[attr_interface]`, `#[type_interface]`: interfaces from Rust
//!
//! ```
//! use ods_runtime::ir::{Context, Ir};
//! use ods_runtime::VerifyError;
//!
//! /// An op that counts something.
//! #[ods_macros::op_interface]
//! pub trait CountingOpInterface {
//!     /// Required: every op listing the interface writes it.
//!     fn get_count(self, ctx: &Context, ir: &Ir) -> i64;
//!     /// A default, which an op may replace.
//!     fn get_scaled_count(self, ctx: &Context, ir: &Ir, factor: i64) -> i64 {
//!         self.get_count(ctx, ir) * factor
//!     }
//!     /// Static: no `self`.
//!     fn get_counted_thing() -> &'static str;
//!     /// The interface's verifier, run with the op's traits.
//!     #[verify]
//!     fn verify(self, ctx: &Context, ir: &Ir) -> Result<(), VerifyError> {
//!         match self.get_count(ctx, ir) {
//!             n if n < 0 => Err(VerifyError::op_error("count must not be negative")),
//!             _ => Ok(()),
//!         }
//!     }
//! }
//!
//! #[ods_macros::op("test.count", dialect = TestDialect, traits = [CountingOpInterface])]
//! pub struct CountOp { n: I64Attr }
//! # #[ods_macros::dialect("test", ops = [CountOp])]
//! # pub struct TestDialect;
//!
//! impl CountOp {
//!     pub fn get_count(self, ctx: &Context, ir: &Ir) -> i64 { self.n(ctx, ir) }
//!     pub fn get_counted_thing() -> &'static str { "n" }
//! }
//! # fn main() {}
//! ```
//!
//! The trait's methods are the interface's: a method without a body is
//! required, one with a body a default; a method without `self` is
//! static; `#[verify]` marks the verifier (op interfaces only), which
//! becomes `verify_<interface>`. The macro lowers them through the
//! `.ods` interface model (`InterfaceMethod<...>`, `let verify`) and
//! writes what an `.ods` interface gets: the trait (as written, over
//! `ods_runtime::Op`, or the `AttrView` / `TypeView` of attribute and
//! type interfaces), `CountingOpInterfaceTable` and the generic handle
//! `CountingOpInterfaceRef`. An `#[op]` (`#[attr]`, `#[type_def]`) lists
//! it in `traits` by name or path, directly or in
//! `DeclareOpInterfaceMethods<I, ["method"]>`, and gets `impl I for Op`,
//! the table's registration in `Op::register` and the verifier call, as
//! for an `.ods` interface: required and declared methods forward to the
//! op's inherent methods of the same name, so a missing one is an error
//! naming it. The listing asks the `macro_rules!` the interface macro
//! writes under the trait's name, with the trait's visibility, for the
//! interface's `.ods` def; a `pub` trait's is exported, so another crate
//! lists the interface by the path it names the trait by.
//!
//! # Mistakes reported at the token
//!
//! - A name the spec compiler does not know gets the closest known name:
//!   `AnyFlaot` -> "did you mean `AnyFloat`?", `f32` -> `F32`, an `Op`
//!   field `has_folder` -> `hasFolder`; a name in `traits` close to none
//!   is taken for a Rust-declared interface, and rustc names a missing one
//!   ("cannot find macro `CountingOpInterfac`", with the close name).
//! - A hook written without the flag that makes the generated code call
//!   it (`fold` without `hasFolder = 1`, `verify_op` without
//!   `hasVerifier`, `verify_op_regions` without `hasRegionVerifier`,
//!   `parse_assembly` / `print_assembly` without `hasCustomAssemblyFormat`)
//!   is an error at the op's name that says which flag to add.
//! - Rust code in strings is checked at the string: the view and enum of
//!   `RustEnumAttrDef<"A", "E">` (and `RustAttrDef`, `RustTypeDef`,
//!   `HasParent`), an enum default (`DefaultValuedAttr<RustEnumAttrDef<..>,
//!   "Rounding::Up">`) and the type a `builderCall` calls, each with
//!   rustc's suggestion of the close name in scope.

mod def_expand;
mod def_fronts;
mod expand;
mod interface_def;
mod listed_interfaces;
mod op_def;
mod pattern_errors;
mod pattern_ops;
mod pattern_snippets;
mod patterns;
mod registration;
mod spec_text;
mod string_paths;
mod token_items;
#[cfg(test)]
mod twin_tests;

use proc_macro::TokenStream;
use proc_macro2::TokenStream as TokenStream2;
use quote::{quote, ToTokens};

use op_def::OpDef;

/// Generates the enums, attributes, types, ops, dialect structs and
/// interfaces of an `.ods` spec; see the crate documentation.
#[proc_macro]
pub fn include_ods(input: TokenStream) -> TokenStream {
    match syn::parse::<syn::LitStr>(input) {
        Ok(path) => expand::include_spec(&path).into(),
        Err(e) => syn::Error::new(
            e.span(),
            "expected the spec path: include_ods!(\"path/relative/to/crate.ods\")",
        )
        .to_compile_error()
        .into(),
    }
}

/// Defines an op from a struct whose fields are its values; see the crate
/// documentation.
#[proc_macro_attribute]
pub fn op(args: TokenStream, item: TokenStream) -> TokenStream {
    let (expanded, missing_dialect) = op_attribute(args.into(), item.into());
    with_missing_dialect(expanded, missing_dialect).into()
}

/// The expansion (or its error) and, after it, the error of an op that
/// names no dialect: reported with the others, and not in their place,
/// so an op without `dialect = ...` still defines its handle (no cascade
/// of "cannot find type" where it is used).
fn with_missing_dialect(
    expanded: syn::Result<TokenStream2>,
    missing_dialect: Option<syn::Error>,
) -> TokenStream2 {
    let mut tokens = expanded.unwrap_or_else(syn::Error::into_compile_error);
    if let Some(e) = missing_dialect {
        tokens.extend(e.into_compile_error());
    }
    tokens
}

/// Declares an op interface on a trait; see the crate documentation
/// ("`#[op_interface]`").
#[proc_macro_attribute]
pub fn op_interface(args: TokenStream, item: TokenStream) -> TokenStream {
    interface_def::expand(ods_spec::model::InterfaceKind::Op, args.into(), item.into())
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}

/// Declares an attribute interface on a trait; see the crate
/// documentation ("`#[op_interface]`").
#[proc_macro_attribute]
pub fn attr_interface(args: TokenStream, item: TokenStream) -> TokenStream {
    interface_def::expand(
        ods_spec::model::InterfaceKind::Attr,
        args.into(),
        item.into(),
    )
    .unwrap_or_else(syn::Error::into_compile_error)
    .into()
}

/// Declares a type interface on a trait; see the crate documentation
/// ("`#[op_interface]`").
#[proc_macro_attribute]
pub fn type_interface(args: TokenStream, item: TokenStream) -> TokenStream {
    interface_def::expand(
        ods_spec::model::InterfaceKind::Type,
        args.into(),
        item.into(),
    )
    .unwrap_or_else(syn::Error::into_compile_error)
    .into()
}

/// Declarative rewrite rules (DRR) in Rust, for ops written with `#[op]`
/// or `#[derive(Op)]`: the `.ods` form of `Pat<>` / `Pattern<>` defs as
/// Rust tokens, checked by the same pattern model and generated by the
/// same code generator as an `.ods` file's (`docs/rust-route.md`,
/// "Declarative patterns").
///
/// ```ignore
/// ods_macros::patterns! {
///     name = toy_combine;
///     def ReshapeReshapeOptPattern : Pat<(ReshapeOp (ReshapeOp $arg)), (ReshapeOp $arg)>;
/// }
/// ```
///
/// expands to `fn reshape_reshape_opt_pattern`, `pub const
/// RESHAPE_RESHAPE_OPT_PATTERN`, `pub const TOY_COMBINE_PATTERNS` and
/// `pub fn populate_toy_combine_patterns(&mut Registry)`. Ops are named
/// by their Rust type names (in scope where the macro is called); the
/// macro reads their definitions from the crate's `src/` tree and the
/// calling file. (The example is not run: a doctest has no source file
/// to define its ops in; `examples/toy/src/canonicalize.rs` is a full one.)
#[proc_macro]
pub fn patterns(input: TokenStream) -> TokenStream {
    patterns::expand(input.into())
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}

/// Implements an op on a newtype `struct X(OpId)` described by `#[op(...)]`
/// attributes; see the crate documentation.
#[proc_macro_derive(Op, attributes(op))]
pub fn derive_op(input: TokenStream) -> TokenStream {
    let (expanded, missing_dialect) = derive_op_impl(input.into());
    with_missing_dialect(expanded, missing_dialect).into()
}

/// Declares a dialect from a unit struct; see the crate documentation
/// ("`#[dialect]`").
///
/// ```
/// # #[ods_macros::op("toy.add", dialect = ToyDialect, traits = [Pure])]
/// # pub struct AddOp { lhs: F64, rhs: F64, #[result] sum: F64 }
/// /// The Toy tutorial's language.
/// #[ods_macros::dialect("toy", ops = [AddOp])]
/// pub struct ToyDialect;
///
/// # fn main() {
/// use ods_runtime::Dialect;
/// assert_eq!(ToyDialect::NAME, "toy");
/// # }
/// ```
#[proc_macro_attribute]
pub fn dialect(args: TokenStream, item: TokenStream) -> TokenStream {
    let expanded = (|| {
        let item: syn::ItemStruct = syn::parse2(item.into()).map_err(|e| {
            syn::Error::new(
                e.span(),
                "#[dialect] goes on a unit struct (`pub struct ToyDialect;`)",
            )
        })?;
        let mut header = def_fronts::Header::parse(
            args.into(),
            &["ops", "attrs", "enum_attrs", "types", "patterns"],
            "dialect",
        )?;
        if let Some((key, _)) = &header.dialect {
            return Err(syn::Error::new(
                key.span(),
                "`dialect = ...` names the dialect of an op, attribute or type; a #[dialect] lists those in `ops`, `attrs`, `enum_attrs` and `types`",
            ));
        }
        header.set_docs(&item.attrs);
        def_expand::dialect(&header, &item)
    })();
    expanded
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}

/// Defines a dialect attribute from a struct whose fields are its
/// parameters; see the crate documentation ("`#[attr]` and
/// `#[type_def]`").
///
/// ```
/// /// A pair of integers.
/// #[ods_macros::attr("toy.pair", dialect = ToyDialect, assemblyFormat = "`<` $first `,` $second `>`")]
/// pub struct PairAttr {
///     first: i64,
///     second: i64,
/// }
/// # #[ods_macros::dialect("toy", attrs = [PairAttr])]
/// # pub struct ToyDialect;
///
/// # fn main() {
/// let mut ctx = ods_runtime::ir::Context::new();
/// let pair = PairAttr::get(&mut ctx, 1, -2);
/// assert_eq!((pair.first(&ctx), pair.second(&ctx)), (1, -2));
/// # }
/// ```
#[proc_macro_attribute]
pub fn attr(args: TokenStream, item: TokenStream) -> TokenStream {
    attr_or_type(def_fronts::DefKind::Attr, args, item)
}

/// Defines a dialect type from a struct whose fields are its parameters;
/// see the crate documentation ("`#[attr]` and `#[type_def]`").
///
/// ```
/// /// A tensor of known rank.
/// #[ods_macros::type_def("toy.shaped", dialect = ToyDialect, assemblyFormat = "`<` $rank `>`")]
/// pub struct ShapedType {
///     rank: u32,
/// }
/// # #[ods_macros::dialect("toy", types = [ShapedType])]
/// # pub struct ToyDialect;
///
/// # fn main() {
/// let mut ctx = ods_runtime::ir::Context::new();
/// let t = ShapedType::get(&mut ctx, 2);
/// assert_eq!(t.rank(&ctx), 2);
/// # }
/// ```
#[proc_macro_attribute]
pub fn type_def(args: TokenStream, item: TokenStream) -> TokenStream {
    attr_or_type(def_fronts::DefKind::Type, args, item)
}

fn attr_or_type(kind: def_fronts::DefKind, args: TokenStream, item: TokenStream) -> TokenStream {
    let (args, item_tokens): (TokenStream2, TokenStream2) = (args.into(), item.into());
    let mut missing_dialect = None;
    let asked = std::cell::Cell::new(false);
    let expanded = (|| {
        let item: syn::ItemStruct = syn::parse2(item_tokens.clone()).map_err(|e| {
            syn::Error::new(
                e.span(),
                "this macro goes on a struct whose fields are the parameters",
            )
        })?;
        let mut item = item;
        let (rust_interfaces, attrs) = listed_interfaces::take_handed_back(&item.attrs)?;
        item.attrs = attrs;
        let mut header = def_fronts::Header::parse(args.clone(), &[], "definition")?;
        let (registered, attribute) = match kind {
            def_fronts::DefKind::Attr => (registration::Registered::Attr, "#[attr(...)]"),
            def_fronts::DefKind::Type => (registration::Registered::Type, "#[type_def(...)]"),
        };
        // A name that is not "dialect.mnemonic" is an error of its own.
        if let (None, Some(name)) = (&header.dialect, &header.name) {
            if name.value().contains('.') {
                missing_dialect = Some(registration::missing_dialect(
                    registered,
                    name,
                    &item.ident,
                    attribute,
                ));
            }
        }
        header.rust_interfaces = rust_interfaces;
        header.set_docs(&item.attrs);
        let macro_path = match kind {
            def_fronts::DefKind::Attr => quote!(::ods_macros::attr),
            def_fronts::DefKind::Type => quote!(::ods_macros::type_def),
        };
        let expanded = def_expand::attr_or_type(kind, &header, &item, |interface| {
            asked.set(true);
            listed_interfaces::ask_interface(
                interface,
                macro_path,
                args.clone(),
                item_tokens.clone(),
            )
        })?;
        let dialect = header.dialect.as_ref().map(|(_, path)| path);
        let listed = registration::listed_check(registered, &item.ident, dialect);
        Ok(quote!(#expanded #listed))
    })();
    // Asking a Rust-declared interface for its def expands this macro
    // again: that expansion reports a missing dialect, not this one.
    if asked.get() {
        missing_dialect = None;
    }
    with_missing_dialect(expanded, missing_dialect).into()
}

/// Implements an enum attribute on a Rust enum whose variants are its
/// cases; see the crate documentation ("`#[derive(EnumAttr)]`").
///
/// ```
/// /// How to round.
/// #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, ods_macros::EnumAttr)]
/// #[enum_attr("toy.rounding", dialect = ToyDialect)]
/// pub enum Rounding {
///     Down = 0,
///     Up = 1,
///     #[case("to_nearest")]
///     Nearest = 2,
/// }
/// # #[ods_macros::dialect("toy", enum_attrs = [RoundingAttr])]
/// # pub struct ToyDialect;
///
/// # fn main() {
/// assert_eq!(Rounding::Nearest.as_str(), "to_nearest");
/// assert_eq!("up".parse::<Rounding>().ok(), Some(Rounding::Up));
/// let mut ctx = ods_runtime::ir::Context::new();
/// let attr = RoundingAttr::get(&mut ctx, Rounding::Up);
/// assert_eq!(RoundingAttr::value(&ctx, attr), Rounding::Up);
/// # }
/// ```
#[proc_macro_derive(EnumAttr, attributes(enum_attr, case))]
pub fn derive_enum_attr(input: TokenStream) -> TokenStream {
    let mut missing_dialect = None;
    let expanded = (|| {
        let item: syn::DeriveInput = syn::parse(input)?;
        // Several `#[enum_attr(...)]` read as one list.
        let mut args = TokenStream2::new();
        for attr in item.attrs.iter().filter(|a| a.path().is_ident("enum_attr")) {
            if !args.is_empty() {
                args.extend(quote!(,));
            }
            args.extend(attr.meta.require_list()?.tokens.clone());
        }
        let mut header = def_fronts::Header::parse(args, &[], "enum attribute")?;
        // The attribute a named enum defines (`RoundingAttr`) is what its
        // dialect registers; a plain enum (upstream's `I32EnumAttr`
        // alone) is registered by no dialect, so names none.
        let attr_ident = quote::format_ident!("{}Attr", item.ident);
        match (&header.name, &header.dialect) {
            // A name that is not "dialect.mnemonic" is an error of its own.
            (Some(name), None) if name.value().contains('.') => {
                missing_dialect = Some(registration::missing_dialect(
                    registration::Registered::EnumAttr,
                    name,
                    &attr_ident,
                    "#[enum_attr(...)]",
                ));
            }
            (None, Some((key, _))) => {
                return Err(syn::Error::new(
                    key.span(),
                    "an enum without an attribute is registered by no dialect (as upstream's `I32EnumAttr`); to define its attribute, name it: #[enum_attr(\"dialect.mnemonic\", dialect = YourDialect)]",
                ));
            }
            _ => {}
        }
        header.set_docs(&item.attrs);
        let expanded = def_expand::enum_attr(&header, &item)?;
        let dialect = header.dialect.as_ref().map(|(_, path)| path);
        let listed =
            registration::listed_check(registration::Registered::EnumAttr, &attr_ident, dialect);
        Ok(quote!(#expanded #listed))
    })();
    with_missing_dialect(expanded, missing_dialect).into()
}

/// `#[op]`'s expansion, and the error of a missing `dialect = ...`
/// apart from it (see [`with_missing_dialect`]).
fn op_attribute(
    args: TokenStream2,
    item_tokens: TokenStream2,
) -> (syn::Result<TokenStream2>, Option<syn::Error>) {
    let mut missing = None;
    let expanded = op_attribute_checked(args, item_tokens, &mut missing);
    (expanded, missing)
}

/// `#[op]`'s expansion; sets `missing_dialect` once the header parses.
fn op_attribute_checked(
    args: TokenStream2,
    item_tokens: TokenStream2,
    missing_dialect: &mut Option<syn::Error>,
) -> syn::Result<TokenStream2> {
    let item: syn::ItemStruct = syn::parse2(item_tokens.clone()).map_err(|e| {
        syn::Error::new(
            e.span(),
            "#[op] goes on a struct (`struct AddIOp { lhs: I32, ... }`)",
        )
    })?;
    no_generics(&item.generics)?;
    if let Some(refusal) = derive_above(&item) {
        return Ok(refusal);
    }
    let mut def = OpDef::new(item.ident.clone());
    def.parse_args(args.clone())?;
    *missing_dialect = registration::missing_op_dialect(&def, "#[op(...)]");
    let (rust_interfaces, attrs) = listed_interfaces::take_handed_back(&item.attrs)?;
    def.rust_interfaces = rust_interfaces;
    let mut forwarded = Vec::new();
    for attr in &attrs {
        if attr.path().is_ident("derive") {
            return Err(syn::Error::new_spanned(
                attr,
                "#[op] derives Copy, Clone, Debug, PartialEq, Eq and Hash itself; to choose the derives, use #[derive(Op)] on `struct X(OpId)`",
            ));
        }
        if !attr.path().is_ident("doc") {
            forwarded.push(attr.clone());
        }
    }
    def.set_docs(&attrs);
    match &item.fields {
        syn::Fields::Named(fields) => def.add_fields(fields)?,
        syn::Fields::Unit => {}
        syn::Fields::Unnamed(f) => {
            return Err(syn::Error::new_spanned(
                f,
                "#[op] takes named fields (one per operand, attribute, result, region, successor); for `struct X(OpId)` use #[derive(Op)]",
            ))
        }
    }
    let (track, items) = match expand::rust_op(&def, expand::Omit { op_struct: None })? {
        expand::RustOp::Items(track, items) => (track, items),
        expand::RustOp::AskInterface(path) => {
            return Ok(listed_interfaces::ask_interface(
                path,
                quote!(::ods_macros::op),
                args,
                item_tokens,
            ))
        }
    };
    let names = def.rust_interface_names();
    let mut items = items;
    if !names.is_empty() {
        items = items
            .into_iter()
            .map(|it| it.map(|tokens| listed_interfaces::register_through_trait(tokens, &names)))
            .collect();
    }
    let (op_name, adaptor) = (item.ident.to_string(), format!("{}Adaptor", item.ident));
    for it in &mut items {
        let Some(name) = it.struct_name() else {
            continue;
        };
        if name == op_name || name == adaptor {
            it.set_visibility(item.vis.to_token_stream());
        }
        if name == op_name {
            it.add_attributes(quote!(#(#forwarded)*));
        }
    }
    let hook_checks = def.unflagged_hook_checks();
    let (path_checks, _) = def.string_path_checks();
    let listed = registration::listed_check(
        registration::Registered::Op,
        &def.ident,
        def.dialect.as_ref(),
    );
    Ok(quote!(#track #path_checks #(#items)* #hook_checks #listed))
}

/// A `#[derive(...)]` written above `#[op]`: rustc applies it to the
/// struct as written (its fields are constraints), which `#[op]` never
/// sees, so the derive's impls clash with the handle's (E0119) and read
/// fields the handle does not have (E0615). The source above the struct
/// is read to find it; if found, the refusal, plus the struct with unit
/// fields so the derive itself compiles and the refusal is the only
/// error. `None` when there is none or the source cannot be read.
fn derive_above(item: &syn::ItemStruct) -> Option<TokenStream2> {
    if !proc_macro::is_available() {
        return None; // unit tests: no source file
    }
    let at = item.struct_token.span.unwrap();
    let text = std::fs::read_to_string(at.local_file()?).ok()?;
    let above: Vec<&str> = text.lines().take(at.line().checked_sub(1)?).collect();
    // The attributes and docs above the struct: back to a blank line or
    // the previous item's end.
    let mut derive_line = None;
    for (i, line) in above.iter().enumerate().rev() {
        let t = line.trim();
        let attribute_or_doc = t.starts_with('#') || t.starts_with("//");
        if t.is_empty() || (!attribute_or_doc && (t.ends_with(';') || t.ends_with('}'))) {
            break;
        }
        if t.starts_with("#[derive(") {
            derive_line = Some(i + 1);
        }
    }
    let line = derive_line?;
    let message = format!(
        "#[derive] above #[op] (line {line}) applies to the struct as written, not to the op handle #[op] makes: the handle derives Copy, Clone, Debug, PartialEq, Eq and Hash itself; to choose the derives, use #[derive(Op)] on `struct X(OpId)`"
    );
    let error = syn::Error::new(item.ident.span(), message).into_compile_error();
    let mut placeholder = item.clone();
    placeholder.attrs.retain(|a| !a.path().is_ident("doc"));
    for field in placeholder.fields.iter_mut() {
        field.attrs.clear();
        field.ty = syn::parse_quote!(());
    }
    Some(quote!(#error #placeholder))
}

/// `#[derive(Op)]`'s expansion, and the error of a missing
/// `dialect = ...` apart from it (see [`with_missing_dialect`]).
fn derive_op_impl(input: TokenStream2) -> (syn::Result<TokenStream2>, Option<syn::Error>) {
    let mut missing = None;
    let expanded = derive_op_checked(input, &mut missing);
    (expanded, missing)
}

/// `#[derive(Op)]`'s expansion; sets `missing_dialect` once the
/// `#[op(...)]` attributes parse.
fn derive_op_checked(
    input: TokenStream2,
    missing_dialect: &mut Option<syn::Error>,
) -> syn::Result<TokenStream2> {
    let input: syn::DeriveInput = syn::parse2(input)?;
    no_generics(&input.generics)?;
    let newtype = match &input.data {
        syn::Data::Struct(s) => {
            matches!(&s.fields, syn::Fields::Unnamed(f) if f.unnamed.len() == 1)
        }
        _ => false,
    };
    if !newtype {
        return Err(syn::Error::new(
            input.ident.span(),
            "#[derive(Op)] goes on a newtype over the op id: `struct AddIOp(OpId);` (for an op from fields, use #[op])",
        ));
    }
    let mut def = OpDef::new(input.ident.clone());
    for attr in input.attrs.iter().filter(|a| a.path().is_ident("op")) {
        def.parse_args(attr.meta.require_list()?.tokens.clone())?;
    }
    *missing_dialect = registration::missing_op_dialect(&def, "#[op(...)]");
    def.set_docs(&input.attrs);
    let name = input.ident.to_string();
    let omit = expand::Omit {
        op_struct: Some(&name),
    };
    let (track, items) = match expand::rust_op(&def, omit)? {
        expand::RustOp::Items(track, items) => (track, items),
        expand::RustOp::AskInterface(path) => {
            return Err(syn::Error::new_spanned(
                path,
                "a Rust-declared interface (#[op_interface]) is listed by #[op] on a struct, not by #[derive(Op)]",
            ))
        }
    };
    let hook_checks = def.unflagged_hook_checks();
    let (path_checks, _) = def.string_path_checks();
    let listed = registration::listed_check(
        registration::Registered::Op,
        &def.ident,
        def.dialect.as_ref(),
    );
    Ok(quote!(#track #path_checks #(#items)* #hook_checks #listed))
}

fn no_generics(generics: &syn::Generics) -> syn::Result<()> {
    if generics.params.is_empty() && generics.where_clause.is_none() {
        Ok(())
    } else {
        Err(syn::Error::new_spanned(
            generics.to_token_stream(),
            "an op handle has no generic parameters",
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Compares `actual` with `tests/golden/<name>`, or rewrites it under
    /// `BLESS=1`.
    fn check_golden(name: &str, actual: &str) {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/golden")
            .join(name);
        if std::env::var_os("BLESS").is_some() {
            std::fs::write(&path, actual).unwrap();
            return;
        }
        let golden = std::fs::read_to_string(&path)
            .unwrap_or_else(|_| panic!("{name} missing; run with BLESS=1 to create it"));
        assert!(
            golden == actual,
            "{name} differs from the expansion (BLESS=1 regenerates it):\n{actual}"
        );
    }

    fn pretty(tokens: TokenStream2) -> String {
        prettyplease::unparse(&syn::parse2(tokens).expect("the expansion parses"))
    }

    /// What `cargo expand` shows for a small op: the handle with its docs,
    /// accessors, builders, adaptor and `Op` impl, readable as written.
    #[test]
    fn expansion_of_a_small_op_is_readable() {
        let expanded = op_attribute(
            quote!(
                "test.addi",
                traits = [Pure, SameOperandsAndResultType],
                dialect = TestDialect
            ),
            quote! {
                /// Integer addition.
                pub struct AddIOp {
                    lhs: SignlessIntegerLike,
                    rhs: SignlessIntegerLike,
                    #[result]
                    sum: SignlessIntegerLike,
                }
            },
        )
        .0
        .unwrap();
        check_golden("addi_expansion.rs.txt", &pretty(expanded));
    }

    #[test]
    fn derive_leaves_the_struct_to_its_author() {
        let expanded = derive_op_impl(quote! {
            #[op("test.addi", dialect = TestDialect, arguments(lhs: I32, rhs: I32), results(sum: I32))]
            struct AddIOp(OpId);
        })
        .0
        .unwrap();
        let text = pretty(expanded);
        assert!(!text.contains("struct AddIOp("), "{text}");
        assert!(text.contains("impl AddIOp {"), "{text}");
        assert!(text.contains("impl ::ods_runtime::Op for AddIOp"), "{text}");
        assert!(!text.contains("impl ::ods_runtime::Dialect"), "{text}");
        assert!(text.contains("ListsOp<AddIOp>"), "{text}");
    }

    #[test]
    fn fields_and_groups_make_the_same_op() {
        let from_fields = op_attribute(
            quote!("test.x", dialect = TestDialect, traits = [Pure]),
            quote!(
                struct X {
                    a: I32,
                    #[result]
                    r: F32,
                }
            ),
        )
        .0
        .unwrap();
        let from_groups = op_attribute(
            quote!("test.x", dialect = TestDialect, traits = [Pure], arguments(a: I32), results(r: F32)),
            quote!(
                struct X;
            ),
        )
        .0
        .unwrap();
        assert_eq!(from_fields.to_string(), from_groups.to_string());
    }

    /// ODS ties every op to a dialect: an op without `dialect = ...`
    /// is an error at its name with the argument to write (a placeholder
    /// here: this crate declares no `#[dialect("test")]` struct), in both
    /// forms, and the op is still defined (no cascade where it is used).
    #[test]
    fn an_op_without_its_dialect_is_an_error_at_its_name() {
        let (expanded, missing) = op_attribute(
            quote!("test.x", traits = [Pure]),
            quote!(
                struct X {
                    a: I32,
                }
            ),
        );
        let missing = missing.expect("an op without `dialect = ...` is an error");
        let message = missing.to_string();
        assert!(message.contains("add `dialect = YourDialect`"), "{message}");
        assert!(
            message.contains("#[dialect(\"test\", ops = [X])]"),
            "{message}"
        );
        assert!(pretty(expanded.unwrap()).contains("struct X("));
        let (_, missing) = derive_op_impl(quote! {
            #[op("test.y", results(r: I32))]
            struct Y(OpId);
        });
        let message = missing.expect("the derive checks it too").to_string();
        assert!(message.contains("ListsOp<Y>"), "{message}");
        let (_, missing) = derive_op_impl(quote! {
            #[op("test.y", results(r: I32))]
            #[op(dialect = TestDialect)]
            struct Y(OpId);
        });
        assert!(
            missing.is_none(),
            "`dialect` in any of the attributes counts"
        );
    }
}
