//! Default-valued properties through the generated arith API: every
//! builder form stores the default of an attribute it was not given, as
//! MLIR's op creation does (`populateDefaultProperties`), and a value it
//! was given stays. With `mlir-opt` installed, the printed module must be a
//! fixpoint of `mlir-opt`, which fills in every default it finds missing.

use dialects::arith::*;
use ir::builder::OpBuilder;
use ir::printer::ops::{print_module, PrintOptions};
use ir::verifier::verify;
use ir::{Context, Ir, Location};
use ods_runtime::Op;
use std::io::Write;
use std::process::{Command, Stdio};

const LOC: Location = Location::UNKNOWN;
const MLIR_OPT: &str = "/usr/lib/llvm-22/bin/mlir-opt";

#[test]
fn builders_store_defaults_they_were_not_given() {
    let mut ctx = Context::new();
    ctx.allow_unregistered_dialects = true;
    let reg = dialects::registry(&mut ctx);
    let mut ir = Ir::new();
    let i32t = ctx.int_type(32);
    let f32t = ir::parser::parse_type_str(&mut ctx, "f32").unwrap();
    let i1 = ctx.int_type(1);
    let mut b = OpBuilder::new(&mut ctx, &mut ir);
    let module = b.create_op("builtin.module", LOC, &[], &[], None, None, 1);
    let region = b.ir.region(module, 0);
    let body = b.create_block(region, &[], LOC);
    b.set_insertion_point_to_end(body);
    let src = b.create_op("t.src", LOC, &[], &[i32t, f32t], None, None, 0);
    let (x, y) = (b.ir.result(src, 0), b.ir.result(src, 1));

    let typed = AddIOp::build(&mut b, LOC, x, x, None);
    let given = AddIOp::build(&mut b, LOC, x, x, Some(IntegerOverflowFlags::NSW));
    let raw = AddIOp::build_raw(&mut b, LOC, x, x, None);
    let generic = AddIOp::build_generic(&mut b, LOC, &[i32t], &[x, x], &[]);
    let addf = AddFOp::build(&mut b, LOC, y, y, None);
    let cmpf = CmpFOp::build(&mut b, LOC, i1, CmpFPredicate::Olt, y, y, None);
    let negf = NegFOp::build(&mut b, LOC, y, None);

    let none = IntegerOverflowFlagsAttr::get(b.ctx, IntegerOverflowFlags::NONE);
    let nsw = IntegerOverflowFlagsAttr::get(b.ctx, IntegerOverflowFlags::NSW);
    let no_fastmath = FastMathFlagsAttr::get(b.ctx, FastMathFlags::NONE);
    for op in [typed, raw, generic] {
        assert_eq!(op.overflow_flags_attr(&ctx, &ir), Some(none));
    }
    assert_eq!(given.overflow_flags_attr(&ctx, &ir), Some(nsw));
    assert_eq!(addf.fastmath_attr(&ctx, &ir), Some(no_fastmath));
    assert_eq!(cmpf.fastmath_attr(&ctx, &ir), Some(no_fastmath));
    assert_eq!(negf.fastmath_attr(&ctx, &ir), Some(no_fastmath));

    verify(&ctx, &ir, &reg, module, None).unwrap_or_else(|e| panic!("{}", e.message));
    let opts = PrintOptions {
        generic: true,
        debug_info: false,
        local_scope: false,
    };
    let printed = print_module(&ctx, &ir, &reg, module, opts, None);
    if !std::path::Path::new(MLIR_OPT).exists() {
        println!("skipping the mlir-opt check: {MLIR_OPT} is not installed");
        return;
    }
    let mut child = Command::new(MLIR_OPT)
        .args(["--allow-unregistered-dialect", "--mlir-print-op-generic"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run mlir-opt");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(printed.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "mlir-opt rejects what we built:\n{printed}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // mlir-opt ends its output with one more newline than the module.
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim_end(),
        printed.trim_end()
    );
}
