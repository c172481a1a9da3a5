//! The names `mlir-opt` gives tensor results in the custom form (MLIR's
//! `getAsmResultNames` of each op that declares it): `%cast`,
//! `%extracted_slice`, `%padded`, ...

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
    CastOp => "cast",
    CollapseShapeOp => "collapsed",
    ConcatOp => "concat",
    DimOp => "dim",
    ExpandShapeOp => "expanded",
    ExtractOp => "extracted",
    ExtractSliceOp => "extracted_slice",
    FromElementsOp => "from_elements",
    GatherOp => "gather",
    GenerateOp => "generated",
    InsertOp => "inserted",
    InsertSliceOp => "inserted_slice",
    PadOp => "padded",
    RankOp => "rank",
    ReshapeOp => "reshape",
    ScatterOp => "scatter",
    SplatOp => "splat",
}
