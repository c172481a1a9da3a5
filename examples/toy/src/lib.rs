//! The Toy tutorial (MLIR's `mlir/examples/toy`, chapters 2 to 6): its
//! dialect written with the Rust front end only (every op an `#[op]`
//! struct, the dialect a `#[dialect]` struct, no `.ods` file), and the
//! `toyc-ch2` .. `toyc-ch6` compilers.
//!
//! In: Toy IR text (`toy.func @main() { ... }`). Out: ops registered with
//! [`registry`], which the runtime parses, verifies and prints.
//!
//! - [`ops`]: the ten ops, their traits, values and declarative formats;
//! - [`format`]: the hand-written forms of the ops Toy gives a
//!   `hasCustomAssemblyFormat` (`toy.constant`, `toy.add`, `toy.mul`,
//!   `toy.func`);
//! - [`verify`]: the `hasVerifier` checks, worded as the tutorial's C++;
//! - [`canonicalize`]: chapter 3's rewrites, registered with the dialect:
//!   the reshape rules declarative (`ods_macros::patterns!`), the
//!   transpose one a hand-written pattern, as upstream's;
//! - [`shapes`]: chapter 4's `ShapeInferenceOpInterface`, declared on a
//!   Rust trait, and the pass that asks it;
//! - [`inliner`]: chapter 4's call, callable and cast interfaces and
//!   Toy's inliner hooks;
//! - [`toy_opt`]: the opt tool over the dialect;
//! - [`frontend`]: the Toy language (lexer, parser, AST and its dump),
//!   [`mlirgen`]: Toy IR from the AST, and [`toyc`] with [`cli`]: the
//!   `toyc-chN` compilers, whose output is upstream `toyc`'s byte for
//!   byte (see `examples/toy/oracle/README.md`), with [`diagnostics`]:
//!   each chapter's way of writing errors.
//! - [`lower_to_affine`]: chapter 5's partial lowering to `affine`,
//!   `arith`, `memref` and `func`.
//! - [`lower_to_llvm`]: chapter 6's full lowering to the LLVM dialect
//!   (`toy.print` to `printf` loops), and [`llvm_ir`]: LLVM IR out of it
//!   (`-emit=llvm`) and the program run (`-emit=jit`).
//! - [`struct_type`]: chapter 7's `!toy.struct` type (a `#[type_def]`),
//!   `toy.struct_constant` and `toy.struct_access`, in
//!   [`ToyStructDialect`].

pub mod canonicalize;
pub mod cli;
pub mod diagnostics;
pub mod format;
pub mod frontend;
pub mod inliner;
pub mod llvm_ir;
pub mod lower_to_affine;
pub mod lower_to_llvm;
pub mod mlirgen;
pub mod ops;
pub mod shapes;
pub mod struct_type;
pub mod toyc;
pub mod verify;

pub use ops::*;

use ods_runtime::ir::{Context, Registry};

/// The Toy language of MLIR's tutorial: tensors of `f64`, functions,
/// element-wise arithmetic, reshapes, transposes and a print.
#[ods_macros::dialect(
    "toy",
    ops = [
        ConstantOp,
        AddOp,
        CastOp,
        MulOp,
        TransposeOp,
        ReshapeOp,
        PrintOp,
        ReturnOp,
        GenericCallOp,
        FuncOp
    ],
    patterns = [canonicalize::PATTERNS, canonicalize::TOY_COMBINE_PATTERNS]
)]
pub struct ToyDialect;

/// A registry holding the builtin ops and the Toy dialect (whose
/// registration adds its canonicalization patterns, `patterns = [...]`),
/// with Toy's inliner hooks ([`inliner::register`]).
pub fn registry(ctx: &mut Context) -> Registry {
    let mut reg = Registry::new(ctx);
    ods_runtime::register_dialect::<ToyDialect>(ctx, &mut reg);
    reg.add_type_parser(ctx, "toy", no_type_parsing_hook);
    inliner::register(&mut reg);
    reg
}

/// Chapters 2 to 6's Toy has no types of its own (upstream's dialect
/// there has no type parser), so `!toy.struct<...>` is refused as MLIR
/// refuses it, at the mnemonic.
fn no_type_parsing_hook(
    p: &mut ods_runtime::ir::parser::AsmParser<'_>,
    _mnemonic: &str,
    at: ods_runtime::ir::parser::AsmLoc,
) -> ods_runtime::ir::parser::PResult<ods_runtime::ir::Type> {
    p.emit_error(at, "dialect 'toy' provides no type parsing hook")
}

/// Chapter 7's Toy: the ops of [`ToyDialect`] and the struct type with
/// its two ops. Its `toy.constant` is `ConstantLike` and folds, and its
/// `toy.return` and `toy.generic_call` carry structs
/// ([`struct_type`]); the dialect materializes the folds' constants.
#[ods_macros::dialect(
    "toy",
    ops = [
        struct_type::FoldingConstantOp,
        AddOp,
        CastOp,
        MulOp,
        TransposeOp,
        ReshapeOp,
        PrintOp,
        struct_type::StructReturnOp,
        struct_type::StructGenericCallOp,
        FuncOp,
        struct_type::StructAccessOp,
        struct_type::StructConstantOp
    ],
    types = [struct_type::StructType],
    patterns = [canonicalize::PATTERNS, canonicalize::TOY_COMBINE_PATTERNS],
    hasConstantMaterializer = 1
)]
pub struct ToyStructDialect;

impl ToyStructDialect {
    /// Upstream's `ToyDialect::materializeConstant` (chapter 7): a
    /// `toy.struct_constant` for a struct type, else a `toy.constant`.
    /// Chapters 2 to 6's dialect has no materializer.
    pub fn materialize_constant(
        b: &mut ods_runtime::ir::builder::OpBuilder<'_>,
        value: ods_runtime::ir::Attribute,
        ty: ods_runtime::ir::Type,
        loc: ods_runtime::ir::Location,
    ) -> Option<ods_runtime::ir::OpId> {
        struct_type::materialize_constant(b, value, ty, loc)
    }
}

/// Chapter 7's Toy alone: the builtin ops and [`ToyStructDialect`] with
/// Toy's inliner hooks (what chapter 7's toyc parses MLIR input with).
pub fn struct_registry(ctx: &mut Context) -> Registry {
    let mut reg = Registry::new(ctx);
    ods_runtime::register_dialect::<ToyStructDialect>(ctx, &mut reg);
    reg.add_type_parser(ctx, "toy", struct_type::parse_unknown_type);
    inliner::register(&mut reg);
    reg
}

/// Chapter 7's registry: [`struct_registry`] and the dialects Toy is
/// lowered to (chapters 5 and 6's targets).
pub fn registry_with_structs(ctx: &mut Context) -> Registry {
    let mut reg = struct_registry(ctx);
    lower_to_affine::register_target_dialects(ctx, &mut reg);
    lower_to_llvm::register_target_dialects(ctx, &mut reg);
    reg
}

/// [`registry`] with the dialects chapter 5 lowers Toy to (`affine`,
/// `arith`, `func`, `memref`), so the lowered IR parses and prints.
pub fn registry_with_lowering_targets(ctx: &mut Context) -> Registry {
    let mut reg = registry(ctx);
    lower_to_affine::register_target_dialects(ctx, &mut reg);
    reg
}

/// [`registry_with_lowering_targets`] with the dialects chapter 6 lowers
/// on to (`scf` and `cf` on the way, `llvm` at the end).
pub fn registry_with_llvm_targets(ctx: &mut Context) -> Registry {
    let mut reg = registry_with_lowering_targets(ctx);
    lower_to_llvm::register_target_dialects(ctx, &mut reg);
    reg
}

/// `toy-opt`: `mlir-opt`'s command line over
/// [`registry_with_lowering_targets`], with the generic passes
/// (`--inline` among them), `--toy-shape-inference` and
/// `--toy-lower-to-affine`.
pub fn toy_opt() -> ods_opt::OptTool {
    ods_opt::OptTool::new("toy-opt", registry_with_lowering_targets)
        .with_pass(shapes::PASS)
        .with_pass(lower_to_affine::PASS)
}
