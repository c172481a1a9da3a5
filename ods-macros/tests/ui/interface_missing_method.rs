// An op listing a generated op interface whose author does not write one
// of its required methods (`getSize` of `T_PlainOp`, interfaces.ods):
// rustc's error must name the method.
mod ops {
    ods_macros::include_ods!("./interfaces.ods");

    impl OverridingOp {
        pub fn get_size(self, _ir: &ods_runtime::ir::Ir) -> i64 {
            1
        }
        pub fn is_empty(self, _ir: &ods_runtime::ir::Ir) -> bool {
            false
        }
    }
}

fn main() {}
