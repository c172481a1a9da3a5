//! Interfaces declared with `#[op_interface]` / `#[type_interface]` in
//! one crate (`tests/crates/interface-lib`) and listed in `traits` by the
//! ops and types of another (this test crate), by path and by imported
//! name: implemented, registered, found through the registry, their
//! defaults and verifier run, as within one crate.

use ods_macros::{dialect, op, type_def};
use ods_macros_interface_lib::measures::MeasuringOpInterfaceRef;
use ods_macros_interface_lib::{WidthTypeInterface, WidthTypeInterfaceRef};
use ods_runtime::interface::TypeView;
use ods_runtime::ir::{Context, Ir, Registry};
use ods_runtime::testing::Fixture;
use ods_runtime::{interface, register_dialect, type_interface, Op as _};

/// Measures its attribute.
#[op("xc.length", dialect = XcDialect, traits = [ods_macros_interface_lib::measures::MeasuringOpInterface])]
pub struct LengthOp {
    meters: I64Attr,
}

impl LengthOp {
    pub fn measure(self, ctx: &Context, ir: &Ir) -> i64 {
        self.meters(ctx, ir)
    }
}

/// Measures nothing.
#[op("xc.other", dialect = XcDialect)]
pub struct OtherOp {}

/// Bits of a given count.
#[type_def("xc.bits", dialect = XcDialect, traits = [WidthTypeInterface], assemblyFormat = "`<` $count `>`")]
pub struct BitsType {
    count: u32,
}

impl BitsType {
    pub fn width(self, ctx: &Context) -> u32 {
        self.count(ctx)
    }
}

#[dialect("xc", ops = [LengthOp, OtherOp], types = [BitsType])]
pub struct XcDialect;

fn registry(ctx: &mut Context) -> Registry {
    let mut reg = Registry::new(ctx);
    register_dialect::<XcDialect>(ctx, &mut reg);
    reg
}

#[test]
fn an_op_lists_an_interface_of_another_crate() {
    let mut fx = Fixture::new(registry);
    let loc = fx.here();
    let mut b = fx.builder();
    let length = LengthOp::build(&mut b, loc, 3);
    let other = OtherOp::build(&mut b, loc);
    fx.verify().unwrap();
    let (ctx, ir, reg) = (&fx.ctx, &fx.ir, &fx.reg);
    let measured = interface::<MeasuringOpInterfaceRef>(reg, ir, length.op())
        .map(|m| (m.measure(ctx, ir), m.measure_milli(ctx, ir)));
    assert_eq!(measured, Some((3, 3000)));
    assert!(interface::<MeasuringOpInterfaceRef>(reg, ir, other.op()).is_none());
}

#[test]
fn the_other_crates_verifier_runs_on_the_op() {
    let mut fx = Fixture::new(registry);
    let loc = fx.here();
    let mut b = fx.builder();
    LengthOp::build(&mut b, loc, -2);
    assert_eq!(
        fx.verify(),
        Err("'xc.length' op measure must not be negative".to_string())
    );
}

#[test]
fn a_type_lists_an_interface_of_another_crate() {
    let mut ctx = Context::new();
    let reg = registry(&mut ctx);
    let bits = BitsType::get(&mut ctx, 12).as_type();
    let width = type_interface::<WidthTypeInterfaceRef>(&reg, &ctx, bits).map(|w| w.width(&ctx));
    assert_eq!(width, Some(12));
    let i32t = ctx.int_type(32);
    assert!(type_interface::<WidthTypeInterfaceRef>(&reg, &ctx, i32t).is_none());
}
