//! The names `mlir-opt` gives memref results in the custom form (MLIR's
//! `getAsmResultNames` of each op that declares it): `%alloc`, `%cast`,
//! `%subview`, ...

use super::*;
use ods_runtime::Op;

/// `get_asm_result_names` naming the single result `$name`.
macro_rules! named_result {
    ($($op:ident => $name:literal),* $(,)?) => {$(
        impl $op {
            /// Names the result (MLIR's `getAsmResultNames`).
            pub fn get_asm_result_names(
                self,
                _ctx: &Context,
                ir: &Ir,
                set_name: &mut dyn FnMut(Value, &str),
            ) {
                if let Some(r) = ir.results(self.op()).next() {
                    set_name(r, $name);
                }
            }
        }
    )*};
}

named_result! {
    AllocOp => "alloc",
    AllocaOp => "alloca",
    AssumeAlignmentOp => "assume_align",
    CastOp => "cast",
    CollapseShapeOp => "collapse_shape",
    DimOp => "dim",
    ExpandShapeOp => "expand_shape",
    ExtractAlignedPointerAsIndexOp => "intptr",
    MemorySpaceCastOp => "memspacecast",
    ReinterpretCastOp => "reinterpret_cast",
    ReshapeOp => "reshape",
    SubViewOp => "subview",
    TransposeOp => "transpose",
    ViewOp => "view",
}

impl ExtractStridedMetadataOp {
    /// Names the base, the offset and the first size and stride (the
    /// printer packs the others as `%sizes:2`).
    pub fn get_asm_result_names(
        self,
        _ctx: &Context,
        ir: &Ir,
        set_name: &mut dyn FnMut(Value, &str),
    ) {
        let results: Vec<Value> = ir.results(self.op()).collect();
        if results.len() < 2 {
            return;
        }
        set_name(results[0], "base_buffer");
        set_name(results[1], "offset");
        let rank = (results.len() - 2) / 2;
        if rank > 0 {
            set_name(results[2], "sizes");
            set_name(results[2 + rank], "strides");
        }
    }
}
