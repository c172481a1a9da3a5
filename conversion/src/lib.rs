//! Conversions between dialects, MLIR's `lib/Conversion`: one module per
//! lowering, each written with the conversion framework
//! (`ods_transforms::conversion`, `docs/conversion.md`) and registered as
//! a pass.
//!
//! - [`scf_to_cf`]: `--convert-scf-to-cf`, structured control flow to a
//!   CFG of `cf` branches.
//! - [`affine_to_std`]: `--lower-affine`, affine loops, conditionals,
//!   maps and accesses to `scf`, `arith` and `memref`.
//! - [`expand_strided_metadata`]: `--expand-strided-metadata`, memref
//!   views to `extract_strided_metadata`, `affine.apply` and
//!   `reinterpret_cast`.
//! - [`math_to_llvm`]: `--convert-math-to-llvm`, `math` ops to LLVM
//!   intrinsics.
//! - [`memref_to_llvm`]: `--finalize-memref-to-llvm`, memrefs to
//!   descriptors, allocations to `malloc`/`free`, accesses to GEPs.
//! - [`llvm_common`]: what the lowerings to the LLVM dialect share: the
//!   type converter, memref descriptors.
//! - [`func_to_llvm`], [`cf_to_llvm`], [`arith_to_llvm`]:
//!   `--convert-func-to-llvm`, `--convert-cf-to-llvm`,
//!   `--convert-arith-to-llvm`; [`index_to_llvm`]: `--convert-index-to-llvm`.
//! - [`convert_to_llvm`]: `--convert-to-llvm`, the lowerings above in one
//!   conversion, each dialect's patterns from one table.

pub mod affine_to_std;
pub mod arith_to_llvm;
pub mod cf_to_llvm;
pub mod convert_to_llvm;
pub mod expand_strided_metadata;
pub mod func_to_llvm;
pub mod index_to_llvm;
pub mod llvm_common;
pub mod math_to_llvm;
pub mod memref_to_llvm;
pub mod scf_to_cf;

use ods_transforms::pass::PassRegistry;

/// Registers every conversion pass of this crate with `registry`.
pub fn register_passes(registry: &mut PassRegistry) {
    affine_to_std::register(registry);
    arith_to_llvm::register(registry);
    cf_to_llvm::register(registry);
    convert_to_llvm::register(registry);
    expand_strided_metadata::register(registry);
    func_to_llvm::register(registry);
    index_to_llvm::register(registry);
    math_to_llvm::register(registry);
    memref_to_llvm::register(registry);
    scf_to_cf::register(registry);
}
