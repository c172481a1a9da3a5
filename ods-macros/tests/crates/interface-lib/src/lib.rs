//! Interfaces declared in Rust in this crate, for another crate to list
//! (`ods-macros/tests/rust_interfaces_across_crates.rs`): an op interface
//! with a required method, a default and a verifier, in a module (listed
//! by path), and a type interface at the root (listed by imported name).

pub mod measures {
    use ods_runtime::ir::{Context, Ir};
    use ods_runtime::VerifyError;

    /// An op that measures something.
    #[ods_macros::op_interface]
    pub trait MeasuringOpInterface {
        /// The measure, in the op's unit.
        fn measure(self, ctx: &Context, ir: &Ir) -> i64;
        /// The measure in thousandths of the unit; ops may replace it.
        fn measure_milli(self, ctx: &Context, ir: &Ir) -> i64 {
            self.measure(ctx, ir) * 1000
        }
        /// A measure is never negative.
        #[verify]
        fn verify(self, ctx: &Context, ir: &Ir) -> Result<(), VerifyError> {
            match self.measure(ctx, ir) {
                m if m < 0 => Err(VerifyError::op_error("measure must not be negative")),
                _ => Ok(()),
            }
        }
    }
}

/// A type with a width in bits.
#[ods_macros::type_interface]
pub trait WidthTypeInterface {
    /// The width in bits.
    fn width(self, ctx: &::ods_runtime::ir::Context) -> u32;
}
