//! `--convert-arith-to-llvm` (upstream's `ArithToLLVM.cpp`): each `arith`
//! op becomes its LLVM instruction or intrinsic on the converted operands
//! (`arith.addi` to `llvm.add` with its overflow flags, `arith.addf` to
//! `llvm.fadd` with its fast-math flags, `arith.maxsi` to
//! `llvm.intr.smax`, ...), n-D vectors unrolled into their arrays of 1-D
//! vectors; `arith.constant` becomes `llvm.mlir.constant`, `index_cast`
//! an extension or truncation by the widths after conversion, the
//! extended additions and multiplications their intrinsic or wide
//! arithmetic. As upstream, `ceildivsi`, `ceildivui` and `floordivsi` are
//! first expanded into arith ops ([`expand`]), which are lowered in turn.
//!
//! Ops on floats LLVM has no type for (`f8E4M3FN`, ...) are left, as are
//! ops of other dialects: casts bridge the types that changed.

mod custom_ops;
mod expand;
mod ops;

use std::rc::Rc;

use ir::{Diagnostic, OpId};
use ods_transforms::conversion::{apply_partial_conversion, Conversion, ConversionPatternSet};
use ods_transforms::pass::{Pass, PassCx, PassInfo, PassRegistry};

use crate::llvm_common::pattern::{llvm_conversion_target, options_from, INDEX_BITWIDTH_OPTION};
use crate::llvm_common::{LlvmTypeConverter, LowerToLlvmOptions};

/// Registers `convert-arith-to-llvm`.
pub fn register(registry: &mut PassRegistry) {
    registry.register(PassInfo {
        name: "convert-arith-to-llvm",
        summary: "Convert Arith dialect to LLVM dialect",
        options: &[INDEX_BITWIDTH_OPTION],
        create: |values| {
            Box::new(ArithToLlvm {
                options: options_from(values),
            })
        },
    });
}

struct ArithToLlvm {
    options: LowerToLlvmOptions,
}

impl Pass for ArithToLlvm {
    fn run(&mut self, cx: &mut PassCx<'_>, op: OpId) -> Result<(), Vec<Diagnostic>> {
        let converter = Rc::new(LlvmTypeConverter::new(self.options));
        let mut patterns = ConversionPatternSet::new();
        expand::populate_ceil_floor_div_expand_patterns(&mut patterns);
        populate_arith_to_llvm_patterns(&converter, &mut patterns);
        let target = llvm_conversion_target();
        let conversion = Conversion {
            target: &target,
            patterns: &patterns,
            type_converter: Some(converter.converter()),
        };
        apply_partial_conversion(cx, op, conversion).map(|_| ())
    }

    fn display_name(&self) -> Option<&'static str> {
        Some("ArithToLLVMConversionPass")
    }
}

/// Adds the patterns lowering `arith` ops (upstream's
/// `populateArithToLLVMConversionPatterns`; the expansions of the
/// rounding divisions are [`populate_ceil_floor_div_expand_patterns`]).
pub fn populate_arith_to_llvm_patterns(
    converter: &Rc<LlvmTypeConverter>,
    patterns: &mut ConversionPatternSet,
) {
    ops::populate(converter, patterns);
}

pub use expand::populate_ceil_floor_div_expand_patterns;

/// Adds what `--convert-to-llvm` lowers `arith` with (upstream's
/// `ArithToLLVMDialectInterface`): the expansions of the rounding
/// divisions and the patterns of [`populate_arith_to_llvm_patterns`].
pub fn populate_convert_to_llvm_patterns(
    converter: &Rc<LlvmTypeConverter>,
    patterns: &mut ConversionPatternSet,
) {
    populate_ceil_floor_div_expand_patterns(patterns);
    populate_arith_to_llvm_patterns(converter, patterns);
}
