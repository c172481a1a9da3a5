//! The name `func.constant` gives its result in the custom form
//! (upstream's `getAsmResultNames`): `%f`.
//!
//! In: the op. Out: a `set_name` call (the printer makes it unique).

use super::ConstantOp;
use ir::{Context, Ir, Value};
use ods_runtime::Op;

impl ConstantOp {
    /// `OpAsmOpInterface::getAsmResultNames`.
    pub fn get_asm_result_names(
        self,
        _ctx: &Context,
        ir: &Ir,
        set_name: &mut dyn FnMut(Value, &str),
    ) {
        if ir.num_results(self.op()) > 0 {
            set_name(ir.result(self.op(), 0), "f");
        }
    }
}
