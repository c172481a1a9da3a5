// An op declaring that it overrides a method with a default
// (`DeclareOpInterfaceMethods<T_SizedOpInterface, ["isEmpty"]>` of
// `T_OverridingOp`, interfaces.ods) whose author writes only the required
// method: rustc's error must name the declared one.
mod ops {
    ods_macros::include_ods!("./interfaces.ods");

    impl PlainOp {
        pub fn get_size(self, _ir: &ods_runtime::ir::Ir) -> i64 {
            1
        }
    }

    impl OverridingOp {
        pub fn get_size(self, _ir: &ods_runtime::ir::Ir) -> i64 {
            2
        }
    }
}

fn main() {}
