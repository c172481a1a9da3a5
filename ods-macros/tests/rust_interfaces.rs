//! Interfaces declared on Rust traits (`#[op_interface]`,
//! `#[type_interface]`, `#[attr_interface]`) and listed by `#[op]`,
//! `#[type_def]` and `#[attr]`: implemented, registered with the op,
//! found through the registry on a generic handle, with their defaults
//! and the interface's verifier, as `.ods` interfaces are.

use ods_macros::{dialect, op};
use ods_runtime::ir::{Context, Ir, Location, Registry};
use ods_runtime::testing::Fixture;
use ods_runtime::{interface, register_dialect, Op as _, VerifyError};

/// Interfaces in a module of their own, listed from another by path and
/// by an imported name.
mod ifaces {
    use ods_runtime::ir::{Context, Ir};
    use ods_runtime::VerifyError;

    /// An op that counts something.
    #[ods_macros::op_interface]
    pub trait CountingOpInterface {
        /// How many things the op counts.
        fn get_count(self, ctx: &Context, ir: &Ir) -> i64;
        /// The count times `factor`; ops may replace it.
        fn get_scaled_count(self, ctx: &Context, ir: &Ir, factor: i64) -> i64 {
            self.get_count(ctx, ir) * factor
        }
        /// What the op counts.
        fn get_counted_thing() -> &'static str;
        /// A count is never negative.
        #[verify]
        fn verify(self, ctx: &Context, ir: &Ir) -> Result<(), VerifyError> {
            if self.get_count(ctx, ir) < 0 {
                return Err(VerifyError::op_error("count must not be negative"));
            }
            Ok(())
        }
    }
}

/// A marker-like interface with a default only, declared beside its ops.
#[ods_macros::op_interface]
pub trait NamedOpInterface {
    /// A name for the op.
    fn display_name(self) -> String {
        String::from("unnamed")
    }
}

use ifaces::CountingOpInterface;

/// Counts its operands.
#[op("rif.operands", dialect = RifDialect, traits = [ifaces::CountingOpInterface, NamedOpInterface])]
pub struct OperandsOp {
    inputs: Variadic<AnyType>,
}

impl OperandsOp {
    pub fn get_count(self, _ctx: &Context, ir: &Ir) -> i64 {
        ir.num_operands(self.op()) as i64
    }
    pub fn get_counted_thing() -> &'static str {
        "operands"
    }
}

/// Counts what its attribute says, and scales by one more.
#[op("rif.fixed", dialect = RifDialect, traits = [DeclareOpInterfaceMethods<CountingOpInterface, ["get_scaled_count"]>])]
pub struct FixedOp {
    count: I64Attr,
}

impl FixedOp {
    pub fn get_count(self, ctx: &Context, ir: &Ir) -> i64 {
        self.count(ctx, ir)
    }
    pub fn get_scaled_count(self, ctx: &Context, ir: &Ir, factor: i64) -> i64 {
        self.get_count(ctx, ir) * (factor + 1)
    }
    pub fn get_counted_thing() -> &'static str {
        "whatever the attribute says"
    }
}

/// Counts nothing.
#[op("rif.plain", dialect = RifDialect)]
pub struct PlainOp {}

/// A type with a width in bits.
#[ods_macros::type_interface]
pub trait WidthTypeInterface {
    /// The width in bits.
    fn get_width(self, ctx: &Context) -> u64;
    /// The width in whole bytes.
    fn get_byte_width(self, ctx: &Context) -> u64 {
        self.get_width(ctx).div_ceil(8)
    }
}

/// Bits of a given width.
#[ods_macros::type_def("rif.bits", dialect = RifDialect, traits = [WidthTypeInterface], assemblyFormat = "`<` $width `>`")]
pub struct BitsType {
    width: u64,
}

impl BitsType {
    pub fn get_width(self, ctx: &Context) -> u64 {
        self.width(ctx)
    }
}

/// An attribute with a size.
#[ods_macros::attr_interface]
pub trait SizeAttrInterface {
    /// The size.
    fn size(self, ctx: &Context) -> i64;
}

/// A size.
#[ods_macros::attr("rif.size", dialect = RifDialect, traits = [SizeAttrInterface], assemblyFormat = "`<` $n `>`")]
pub struct SizeAttr {
    n: i64,
}

impl SizeAttr {
    pub fn size(self, ctx: &Context) -> i64 {
        self.n(ctx)
    }
}

#[dialect("rif", ops = [OperandsOp, FixedOp, PlainOp], attrs = [SizeAttr], types = [BitsType])]
pub struct RifDialect;

fn registry(ctx: &mut Context) -> Registry {
    let mut reg = Registry::new(ctx);
    register_dialect::<RifDialect>(ctx, &mut reg);
    reg
}

const LOC: Location = Location::UNKNOWN;

#[test]
fn ops_listing_a_rust_interface_are_found_through_the_registry() {
    let mut fx = Fixture::new(registry);
    let [x] = fx.values(&["i32"]);
    let mut b = fx.builder();
    let operands = OperandsOp::build(&mut b, LOC, &[x, x]);
    let fixed = FixedOp::build(&mut b, LOC, 7);
    let plain = PlainOp::build(&mut b, LOC);
    fx.verify().unwrap();
    let (ctx, ir, reg) = (&fx.ctx, &fx.ir, &fx.reg);
    let found: Vec<_> = [operands.op(), fixed.op(), plain.op()]
        .into_iter()
        .map(|op| {
            interface::<ifaces::CountingOpInterfaceRef>(reg, ir, op).map(|c| {
                (
                    c.get_count(ctx, ir),
                    c.get_scaled_count(ctx, ir, 10),
                    c.get_counted_thing(),
                )
            })
        })
        .collect();
    assert_eq!(
        found,
        [
            Some((2, 20, "operands")),
            Some((7, 77, "whatever the attribute says")),
            None
        ]
    );
    // The default, through the typed handle and through the table.
    assert_eq!(operands.display_name(), "unnamed");
    let named = interface::<NamedOpInterfaceRef>(reg, ir, operands.op());
    assert_eq!(named.map(|n| n.display_name()).as_deref(), Some("unnamed"));
    assert!(interface::<NamedOpInterfaceRef>(reg, ir, fixed.op()).is_none());
}

#[test]
fn the_interface_verifier_runs_on_its_ops() {
    let mut fx = Fixture::new(registry);
    let mut b = fx.builder();
    FixedOp::build(&mut b, LOC, -1);
    assert_eq!(
        fx.verify(),
        Err("'rif.fixed' op count must not be negative".to_string())
    );
}

// The verifier is the trait's `verify_<interface>`, as an `.ods`
// interface's.
const _: fn(FixedOp, &Context, &Ir) -> Result<(), VerifyError> =
    <FixedOp as CountingOpInterface>::verify_counting_op_interface;

#[test]
fn types_and_attributes_listing_rust_interfaces_are_found_through_the_registry() {
    use ods_runtime::interface::{AttrView, TypeView};
    use ods_runtime::{attr_interface, type_interface};
    let mut ctx = Context::new();
    let reg = registry(&mut ctx);
    let bits = BitsType::get(&mut ctx, 12).as_type();
    let width = type_interface::<WidthTypeInterfaceRef>(&reg, &ctx, bits)
        .map(|w| (w.get_width(&ctx), w.get_byte_width(&ctx)));
    assert_eq!(width, Some((12, 2)));
    let i32t = ctx.int_type(32);
    assert!(type_interface::<WidthTypeInterfaceRef>(&reg, &ctx, i32t).is_none());
    let size = SizeAttr::get(&mut ctx, 5).as_attr();
    let found = attr_interface::<SizeAttrInterfaceRef>(&reg, &ctx, size).map(|s| s.size(&ctx));
    assert_eq!(found, Some(5));
}
