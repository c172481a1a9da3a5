//! What every lowering to the LLVM dialect shares (upstream's
//! `lib/Conversion/LLVMCommon`): the options of the lowering
//! ([`LowerToLlvmOptions`]), the type converter from builtin types to LLVM
//! types ([`LlvmTypeConverter`]), the helpers that build and read memref
//! descriptors ([`MemRefDescriptor`], [`UnrankedMemRefDescriptor`]) and
//! small builders the patterns share ([`pattern`]).
//!
//! The descriptor of a ranked memref of rank R is
//! `!llvm.struct<(ptr, ptr, iN, array<R x iN>, array<R x iN>)>`: the
//! allocated pointer, the aligned pointer, the offset, the sizes and the
//! strides, where `iN` is the index type (`i64` unless `index-bitwidth`
//! says otherwise) and the pointers carry the memref's integer memory
//! space as address space; rank 0 has no arrays. An unranked memref is
//! `!llvm.struct<(iN, ptr)>`: the rank and a pointer to a ranked
//! descriptor.

mod memref_descriptor;
pub mod pattern;
mod type_converter;
pub mod vector_pattern;

pub use memref_descriptor::{
    Field, MemRefDescriptor, UnrankedMemRefDescriptor, ALIGNED_PTR_POS, ALLOCATED_PTR_POS,
    OFFSET_POS, SIZE_POS, STRIDE_POS,
};
pub use type_converter::{is_compatible_type, LlvmTypeConverter, LowerToLlvmOptions};
