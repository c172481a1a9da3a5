//! Generated code as a user's crate compiles it: the files `ods-tblgen`
//! (or a build script) writes for `warnings/rich.ods`, kept in
//! `warnings/rich_generated.rs` and included as source, under
//! `#![deny(warnings)]` here and CI's `cargo clippy --all-targets -- -D
//! warnings` (code `include_ods!` expands is not linted in the user's
//! crate as a file is). `generated_file_is_current` checks the kept file
//! is what the generators write now; `BLESS=1 cargo test -p ods-macros
//! --test generated_code` rewrites it after an intended change.

#![deny(warnings)]

use std::path::Path;

use ods_runtime::ir::printer::ops::PrintOptions;
use ods_runtime::ir::{Context, Registry};
use ods_runtime::register_dialect;
use ods_runtime::testing;

pub mod rich {
    include!("warnings/rich_generated.rs");

    impl SumOp {
        /// `getCost`, which the op declares it writes.
        pub fn get_cost(self, ctx: &ods_runtime::ir::Context, ir: &ods_runtime::ir::Ir) -> i64 {
            self.xs(ctx, ir).len() as i64
        }
    }
}

type Generator = fn(&ods_spec::Compilation) -> Result<String, ods_spec::CompileError>;

/// What the generators write for `warnings/rich.ods`, in one file.
fn generate() -> String {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/warnings");
    let spec = dir.join("rich.ods");
    let text = std::fs::read_to_string(&spec).unwrap();
    let c =
        ods_spec::compile("rich.ods", &text, &[dir]).unwrap_or_else(|e| panic!("{}", e.render()));
    let generators: [Generator; 6] = [
        ods_spec::generate_enum_defs,
        ods_spec::generate_attr_defs,
        ods_spec::generate_type_defs,
        ods_spec::generate_op_interface_defs,
        ods_spec::generate_type_interface_defs,
        ods_spec::generate_op_defs,
    ];
    let mut out = String::new();
    for generate in generators {
        out.push_str(&generate(&c).unwrap_or_else(|e| panic!("{}", e.render())));
    }
    out
}

#[test]
fn generated_file_is_current() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/warnings/rich_generated.rs");
    let code = generate();
    if std::env::var_os("BLESS").is_some() {
        std::fs::write(&path, &code).unwrap();
        return;
    }
    let kept = std::fs::read_to_string(&path).unwrap();
    assert!(
        kept == code,
        "tests/warnings/rich_generated.rs is stale: run BLESS=1 cargo test -p ods-macros --test generated_code"
    );
}

fn registry(ctx: &mut Context) -> Registry {
    let mut reg = Registry::new(ctx);
    register_dialect::<rich::RichDialect>(ctx, &mut reg);
    reg
}

fn round_trip(text: &str) -> String {
    testing::verify_text(text, registry, PrintOptions::default()).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn optional_groups_read_and_print_both_ways() {
    // Two spaces before an enum attribute's keyword, as upstream prints
    // `gpu.thread_id  x`.
    let text = "module {\n  %0 = \"src.q\"() : () -> !rich.qubit\n  %1 = rich.gate %0 no_n\n  %2 = rich.gate %1 n 3 flag kind  Fancy pair <1, 2> {d = 4 : i32}\n}\n";
    assert_eq!(round_trip(text), text);
    let text = "module {\n  %0:2 = \"src.v\"() : () -> (i32, i32)\n  %1 = rich.sum label \"x\" fast %0#0, %0#1 : i32, i32\n  %2 = rich.sum slow %0#0 : i32\n}\n";
    assert_eq!(round_trip(text), text);
}

#[test]
fn interface_defaults_and_declared_methods_answer() {
    use rich::CostOpInterface;
    let mut fx = testing::Fixture::new(registry);
    let [a, b] = fx.values(&["i32", "i32"]);
    let sum = rich::SumOp::build(
        &mut fx.builder(),
        ods_runtime::ir::Location::UNKNOWN,
        &[a, b],
        None,
        false,
    );
    fx.verify().unwrap();
    assert_eq!(sum.get_cost(&fx.ctx, &fx.ir), 2);
    assert!(sum.is_cheap(&fx.ir));
    assert_eq!(sum.get_width(), 4);
    assert_eq!(<rich::SumOp as CostOpInterface>::kind(&fx.ctx), "cost");
}
