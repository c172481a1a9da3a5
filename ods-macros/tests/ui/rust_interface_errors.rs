// What an interface trait cannot hold, each at its token.
use ods_macros::op_interface;

#[op_interface]
pub trait ByRef {
    fn count(&self) -> i64;
}

#[op_interface]
pub trait Generic {
    fn count<T>(self, t: T) -> i64;
}

#[op_interface]
pub trait WithConst {
    const N: usize;
}

#[ods_macros::attr_interface]
pub trait AttrVerify {
    #[verify]
    fn check(self) -> Result<(), ()> {
        Ok(())
    }
}

fn main() {}
