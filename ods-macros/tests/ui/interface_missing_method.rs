// A generated op interface (`--gen-op-interface-defs` of the `test`
// dialect, its golden file) implemented without one of its required
// methods: rustc's error must name the method.
use ods_runtime::ir::{Context, Ir, OpId};
use ods_runtime::{Op, VerifyError};

// In the module the spec's `cppNamespace` names.
mod test_dialect {
    include!("../../../ods-spec/tests/golden/test_dialect_interfaces.rs.txt");
}
use test_dialect::CountingOpInterface;

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct NopOp(OpId);

impl Op for NopOp {
    const NAME: &'static str = "test.nop";
    fn from_op_unchecked(op: OpId) -> Self {
        NopOp(op)
    }
    fn op(self) -> OpId {
        self.0
    }
    fn verify_invariants(self, _: &Context, _: &Ir) -> Result<(), VerifyError> {
        Ok(())
    }
}

impl CountingOpInterface for NopOp {
    fn get_counted_thing() -> &'static str {
        "nothing"
    }
}

fn main() {}
