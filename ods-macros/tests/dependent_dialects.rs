//! `dependentDialects` (issue 18): registering a dialect registers the
//! dialects it depends on first, with everything of theirs (ops and the
//! hand-written `initialize`), and skips a dialect already registered,
//! as MLIR's generated dialect constructor loads its dependents once.
//! Before, the field was read and ignored.

use ods_runtime::ir::{Context, Registry};
use ods_runtime::register_dialect;
use std::cell::Cell;

mod base {
    use ods_runtime::ir::{Context, Registry};

    ods_macros::include_ods!("tests/ods/dependent_base.ods");

    thread_local! {
        /// How often `initialize` ran on this thread.
        pub static INITIALIZED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
    }

    impl BaseDialect {
        /// The dialect's own registration: unknown `base.*` ops are allowed.
        pub fn initialize(ctx: &mut Context, registry: &mut Registry) {
            registry.allow_unknown_operations(ctx, "base");
            INITIALIZED.with(|n| n.set(n.get() + 1));
        }
    }
}

mod top {
    ods_macros::include_ods!("tests/ods/dependent_top.ods");
}

fn initialized() -> usize {
    base::INITIALIZED.with(Cell::get)
}

#[test]
fn registering_a_dialect_registers_its_dependents_whole() {
    let mut ctx = Context::new();
    let mut reg = Registry::new(&mut ctx);
    let before = initialized();
    register_dialect::<top::TopDialect>(&mut ctx, &mut reg);
    assert!(reg.has_dialect(&ctx, "top"));
    assert!(reg.has_dialect(&ctx, "base"));
    let thing = ctx.ident("base.thing");
    assert!(
        reg.op(thing).is_some(),
        "the dependent's ops are registered"
    );
    assert!(
        !reg.rejects_unknown_ops(&ctx, "base"),
        "the dependent's initialize ran"
    );
    assert_eq!(initialized(), before + 1);
}

#[test]
fn a_dialect_already_registered_is_not_registered_again() {
    let mut ctx = Context::new();
    let mut reg = Registry::new(&mut ctx);
    let before = initialized();
    register_dialect::<base::BaseDialect>(&mut ctx, &mut reg);
    register_dialect::<top::TopDialect>(&mut ctx, &mut reg);
    register_dialect::<base::BaseDialect>(&mut ctx, &mut reg);
    assert_eq!(initialized(), before + 1);
}
