//! Benchmark of the op interface lookup (`ods_runtime::interface`): over
//! generic modules of about 1 MB and 10 MB, every op is asked for the
//! `test` dialect's `CountingOpInterface`, and the time per op is printed
//! for each size. A lookup that is one hash probe per op costs the same
//! per op at both sizes; one that grows with the module shows as a ratio
//! well above 1. Run it with `cargo run --release -p dialects --example
//! interface_lookup` (this replaced a timed test, which failed under
//! load).

use dialects::test_dialect::CountingOpInterfaceRef;
use ir::parser::ops::parse_source;
use ir::{Context, Ir, OpId, SourceFile};
use ods_runtime::interface;
use std::time::Instant;

/// Every op of `op`'s regions (and `op`), in pre-order.
fn walk(ir: &Ir, op: OpId, out: &mut Vec<OpId>) {
    out.push(op);
    for &region in ir.regions(op) {
        for block in ir.region_blocks(region) {
            for inner in ir.block_ops(block) {
                walk(ir, inner, out);
            }
        }
    }
}

/// Nanoseconds per op for asking every op of a generic module of about
/// `bytes` bytes, the best of three rounds.
fn ns_per_lookup(bytes: usize) -> f64 {
    let line =
        "\"test.count_operands\"(%a, %a) : (i32, i32) -> ()\n\"t.other\"(%a) : (i32) -> ()\n";
    let mut text = String::from("%a = \"t.value\"() : () -> i32\n");
    while text.len() < bytes {
        text.push_str(line);
    }
    let mut ctx = Context::new();
    ctx.allow_unregistered_dialects = true;
    let reg = dialects::registry(&mut ctx);
    let file = SourceFile::new("lookup.mlir", text);
    let Ok((ir, module)) = parse_source(&mut ctx, &reg, &file) else {
        eprintln!("the generated module does not parse");
        std::process::exit(1);
    };
    let mut ops = Vec::new();
    walk(&ir, module, &mut ops);
    let mut best = f64::INFINITY;
    for _ in 0..3 {
        let start = Instant::now();
        let mut total = 0i64;
        for &op in &ops {
            if let Some(c) = interface::<CountingOpInterfaceRef>(&reg, &ir, op) {
                total += c.get_count(&ctx, &ir);
            }
        }
        let ns = start.elapsed().as_nanos() as f64 / ops.len() as f64;
        std::hint::black_box(total);
        best = best.min(ns);
    }
    println!("{} ops ({bytes} bytes): {best:.1} ns per lookup", ops.len());
    best
}

fn main() {
    let small = ns_per_lookup(1_000_000);
    let large = ns_per_lookup(10_000_000);
    println!("per-lookup cost, 10 MB over 1 MB: {:.2}", large / small);
}
