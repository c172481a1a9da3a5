//! The methods of `CountingOpInterface` (`test.ods`) that the ops listing
//! it write by hand: the required `get_count` and `get_counted_thing`, and
//! `test.count_fixed`'s own `get_scaled_count` (it declares it overrides
//! it). `DescribedOpInterface` has only defaults, so its impls are
//! generated.

use super::{CountFixedOp, CountOperandsOp, CountingOpInterface};
use ods_runtime::ir::{Context, Ir};

impl CountingOpInterface for CountOperandsOp {
    fn get_count(self, _ctx: &Context, ir: &Ir) -> i64 {
        self.items(ir).len() as i64
    }

    fn get_counted_thing() -> &'static str {
        "operands"
    }
}

impl CountingOpInterface for CountFixedOp {
    fn get_count(self, ctx: &Context, ir: &Ir) -> i64 {
        // Signless `I64Attr` reads as `u64`; the bits are the signed value.
        self.count(ctx, ir) as i64
    }

    /// Scales by the factor plus one, to tell it from the default.
    fn get_scaled_count(self, ctx: &Context, ir: &Ir, factor: i64) -> i64 {
        self.get_count(ctx, ir) * (factor + 1)
    }

    fn get_counted_thing() -> &'static str {
        "whatever the attribute says"
    }
}
