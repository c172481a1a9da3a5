//! The verifier's unit tests: dominance, isolation, terminators, symbols,
//! the order of errors across isolated ops.

use super::*;
use crate::parser::ops::parse_source;
use crate::registry::OpInfo;
use crate::{SourceFile, SourceManager};

/// A registry with a few registered ops standing in for func/cf: an
/// isolated symbol with an SSACFG region, a terminator, branches.
fn test_registry(ctx: &mut Context) -> Registry {
    let mut reg = Registry::new(ctx);
    reg.add_dialect(ctx, "test");
    let f = ctx.ident("test.func");
    reg.add_op(OpInfo::new(
        f,
        OpTraits::ISOLATED_FROM_ABOVE | OpTraits::SYMBOL,
    ));
    for (name, traits) in [
        ("test.return", OpTraits::TERMINATOR),
        ("test.br", OpTraits::TERMINATOR),
        ("test.constant", OpTraits::PURE),
    ] {
        let id = ctx.ident(name);
        reg.add_op(OpInfo::new(id, traits));
    }
    // `test.goto`: every operand goes to the single successor.
    let id = ctx.ident("test.goto");
    let mut goto = OpInfo::new(id, OpTraits::TERMINATOR | OpTraits::BRANCH);
    goto.successor_operands = Some(|_, ir, op| {
        vec![crate::registry::SuccessorOperandRange::forwarded(
            0..ir.num_operands(op),
        )]
    });
    reg.add_op(goto);
    reg
}

fn check(src: &str) -> String {
    let mut ctx = Context::new();
    ctx.allow_unregistered_dialects = true;
    let reg = test_registry(&mut ctx);
    let mut sm = SourceManager::new();
    let i = sm.add(SourceFile::new("t.mlir", src));
    let r = parse_source(&mut ctx, &reg, sm.file(i))
        .and_then(|(ir, m)| verify(&ctx, &ir, &reg, m, Some(&sm)));
    match r {
        Ok(()) => "ok".into(),
        Err(d) => sm.render(&d),
    }
}

// The expected texts are mlir-opt 22's for the same input written with
// func.func / func.return / cf.br in place of the test ops.

#[test]
fn dominance_in_one_block_and_across_blocks() {
    assert_eq!(
        check("\"test.func\"() ({\n  \"t.use\"(%x) : (i32) -> ()\n  %x = \"t.def\"() : () -> i32\n  \"test.return\"() : () -> ()\n}) {sym_name = \"f\"} : () -> ()\n"),
        "t.mlir:2:3: error: operand #0 does not dominate this use\n  \"t.use\"(%x) : (i32) -> ()\n  ^\nt.mlir:2:3: note: see current operation: \"t.use\"(%0) : (i32) -> ()\nt.mlir:3:8: note: operand defined here (op in the same block)\n  %x = \"t.def\"() : () -> i32\n       ^\n"
    );
    let src = "\"test.func\"() ({\n^bb0(%c: i1):\n  \"test.br\"()[^bb1, ^bb2] : () -> ()\n^bb1:\n  %v = \"t.def\"() : () -> i32\n  \"test.br\"()[^bb2] : () -> ()\n^bb2:\n  \"t.use\"(%v) : (i32) -> ()\n  \"test.return\"() : () -> ()\n}) {sym_name = \"f\"} : () -> ()\n";
    assert_eq!(
        check(src),
        "t.mlir:8:3: error: operand #0 does not dominate this use\n  \"t.use\"(%v) : (i32) -> ()\n  ^\nt.mlir:8:3: note: see current operation: \"t.use\"(%0) : (i32) -> ()\nt.mlir:5:8: note: operand defined here (op in the same region)\n  %v = \"t.def\"() : () -> i32\n       ^\n"
    );
    // The same shape where the definition's block dominates is fine.
    let ok = src.replace("[^bb1, ^bb2]", "[^bb1]");
    assert_eq!(check(&ok), "ok");
}

/// Ops moved within their block no longer come in handle order: the
/// dominance check orders them by their places in the block.
#[test]
fn dominance_follows_block_order_after_moves() {
    let run = |src: &str, reorder: &dyn Fn(&mut Ir, &[OpId])| {
        let mut ctx = Context::new();
        ctx.allow_unregistered_dialects = true;
        let reg = test_registry(&mut ctx);
        let mut sm = SourceManager::new();
        let i = sm.add(SourceFile::new("t.mlir", src));
        let (mut ir, m) = parse_source(&mut ctx, &reg, sm.file(i)).expect("parses");
        let func = ir
            .block_ops(ir.first_block(ir.regions(m)[0]).unwrap())
            .next()
            .unwrap();
        let body = ir.first_block(ir.regions(func)[0]).unwrap();
        let ops: Vec<OpId> = ir.block_ops(body).collect();
        reorder(&mut ir, &ops);
        match verify(&ctx, &ir, &reg, m, Some(&sm)) {
            Ok(()) => "ok".to_string(),
            Err(d) => d.message,
        }
    };
    let func = |body: &str| {
        format!("\"test.func\"() ({{\n{body}  \"test.return\"() : () -> ()\n}}) {{sym_name = \"f\"}} : () -> ()\n")
    };
    // Parsed use-first, then the definition moved ahead of its use: the
    // later handle now comes first.
    let src = func("  \"t.use\"(%x) : (i32) -> ()\n  %x = \"t.def\"() : () -> i32\n");
    assert_eq!(
        run(&src, &|_, _| {}),
        "operand #0 does not dominate this use"
    );
    assert_eq!(
        run(&src, &|ir, ops| ir.move_op_before(ops[1], ops[0])),
        "ok"
    );
    // Parsed in order, then the use moved ahead of its definition.
    let src = func("  %x = \"t.def\"() : () -> i32\n  \"t.use\"(%x) : (i32) -> ()\n");
    assert_eq!(run(&src, &|_, _| {}), "ok");
    assert_eq!(
        run(&src, &|ir, ops| ir.move_op_before(ops[1], ops[0])),
        "operand #0 does not dominate this use"
    );
}

#[test]
fn graph_regions_allow_any_order() {
    assert_eq!(
        check("\"t.g\"() ({\n  \"t.use\"(%x) : (i32) -> ()\n  %x = \"t.def\"(%x) : (i32) -> i32\n}) : () -> ()\n"),
        "ok"
    );
}

#[test]
fn isolation_terminators_and_symbols() {
    assert_eq!(
        check("%x = \"t.a\"() : () -> i32\n\"test.func\"() ({\n  \"t.use\"(%x) : (i32) -> ()\n  \"test.return\"() : () -> ()\n}) {sym_name = \"f\"} : () -> ()\n"),
        "t.mlir:3:3: error: 't.use' op using value defined outside the region\n  \"t.use\"(%x) : (i32) -> ()\n  ^\nt.mlir:3:3: note: see current operation: \"t.use\"(<<UNKNOWN SSA VALUE>>) : (i32) -> ()\nt.mlir:2:1: note: required by region isolation constraints\n\"test.func\"() ({\n^\n"
    );
    assert_eq!(
        check("\"test.func\"() ({\n  %c = \"test.constant\"() : () -> i32\n}) {sym_name = \"f\"} : () -> ()\n"),
        "t.mlir:2:8: error: block with no terminator, has %0 = \"test.constant\"() : () -> i32\n  %c = \"test.constant\"() : () -> i32\n       ^\nt.mlir:2:8: note: see current operation: %0 = \"test.constant\"() : () -> i32\n"
    );
    let f =
        "\"test.func\"() ({\n  \"test.return\"() : () -> ()\n}) {sym_name = \"f\"} : () -> ()\n";
    assert_eq!(
        check(&format!("{f}{f}")),
        "t.mlir:4:1: error: redefinition of symbol named 'f'\n\"test.func\"() ({\n^\nt.mlir:4:1: note: see current operation: \n\"test.func\"() ({\n  \"test.return\"() : () -> ()\n}) {sym_name = \"f\"} : () -> ()\nt.mlir:1:1: note: see existing symbol definition here\n\"test.func\"() ({\n^\n"
    );
}

/// A `test.func` named `n` whose body holds the unknown `test.n`: an
/// error inside an isolated op.
fn func_with_unknown_op(n: &str) -> String {
    format!("\"test.func\"() ({{\n  \"test.{n}\"() : () -> ()\n  \"test.return\"() : () -> ()\n}}) {{sym_name = \"{n}\"}} : () -> ()\n")
}

/// mlir-opt's message for the unknown op `test.n`.
fn unknown_op(n: &str) -> String {
    format!("unregistered operation 'test.{n}' found in dialect ('test') that does not allow unknown operations")
}

/// Every message `verify_all_threads` reports for `src` on `threads`.
fn all_messages(src: &str, threads: usize) -> Vec<String> {
    let mut ctx = Context::new();
    ctx.allow_unregistered_dialects = true;
    let reg = test_registry(&mut ctx);
    let file = SourceFile::new("t.mlir", src);
    let (ir, m) = parse_source(&mut ctx, &reg, &file).unwrap();
    verify_all_threads(&ctx, &ir, &reg, m, None, OpDisplay::note(false), threads)
        .into_iter()
        .map(|d| d.message)
        .collect()
}

#[test]
fn each_isolated_op_reports_its_own_error() {
    let src = func_with_unknown_op("foo") + &func_with_unknown_op("bar");
    let msgs = all_messages(&src, 1);
    assert_eq!(msgs, all_messages(&src, 2), "on two threads");
    // mlir-opt reports both (func.foo / func.bar in two func.func).
    assert_eq!(msgs, [unknown_op("foo"), unknown_op("bar")]);
}

#[test]
fn an_error_before_leaving_the_parent_skips_its_isolated_ops() {
    // mlir-opt verifies the functions when it leaves the module, which
    // the error at the top level prevents: only that error is reported.
    let src = func_with_unknown_op("foo") + "\"test.bar\"() : () -> ()\n";
    assert_eq!(all_messages(&src, 1), [unknown_op("bar")]);
    // The function inside an op that was left is verified, and its error
    // ends the walk before the top-level one.
    let src = format!(
        "\"t.wrap\"() ({{\n{}}}) : () -> ()\n\"test.bar\"() : () -> ()\n",
        func_with_unknown_op("foo")
    );
    assert_eq!(all_messages(&src, 1), [unknown_op("foo")]);
}

#[test]
fn unknown_op_of_a_registered_dialect() {
    assert_eq!(
        check("\"test.nope\"() : () -> ()\n"),
        "t.mlir:1:1: error: unregistered operation 'test.nope' found in dialect ('test') that does not allow unknown operations\n\"test.nope\"() : () -> ()\n^\nt.mlir:1:1: note: see current operation: \"test.nope\"() : () -> ()\n"
    );
}

#[test]
fn branch_operands_match_successor_arguments() {
    let body = |args: &str, ty: &str| {
        format!("\"test.func\"() ({{\n  %a = \"t.a\"() : () -> i32\n  \"test.goto\"({args})[^bb1] : ({ty}) -> ()\n^bb1(%x: i32):\n  \"test.return\"() : () -> ()\n}}) {{sym_name = \"f\"}} : () -> ()\n")
    };
    assert_eq!(check(&body("%a", "i32")), "ok");
    assert!(check(&body("", "")).starts_with(
        "t.mlir:3:3: error: branch has 0 operands for successor #0, but target block has 1\n"
    ));
    let src = body("%a", "i32").replace("^bb1(%x: i32)", "^bb1(%x: i64)");
    assert!(check(&src)
        .starts_with("t.mlir:3:3: error: type mismatch for bb argument #0 of successor #0\n"));
}

#[test]
fn symbols_resolve_through_the_nearest_table() {
    let mut ctx = Context::new();
    ctx.allow_unregistered_dialects = true;
    let reg = test_registry(&mut ctx);
    let file = SourceFile::new(
        "t.mlir",
        "\"test.func\"() ({\n  \"t.call\"() : () -> ()\n  \"test.return\"() : () -> ()\n}) {sym_name = \"f\"} : () -> ()\n",
    );
    let (ir, module) = parse_source(&mut ctx, &reg, &file).unwrap();
    let f = ir
        .first_op(ir.first_block(ir.region(module, 0)).unwrap())
        .unwrap();
    let call = ir
        .first_op(ir.first_block(ir.region(f, 0)).unwrap())
        .unwrap();
    let near = crate::symbols::nearest_symbol_table(&ctx, &reg, &ir, call);
    assert_eq!(near, Some(module));
    assert_eq!(lookup_symbol(&ctx, &ir, module, b"f"), Some(f));
    assert_eq!(lookup_symbol(&ctx, &ir, module, b"g"), None);
}

#[test]
fn uses_in_unreachable_blocks_are_not_checked() {
    // ^bb1 and ^bb2 have no path from the entry: an op may use its own
    // result there, and a value defined in a later block (mlir-opt 22
    // accepts both with func.func / cf.br).
    let src = "\"test.func\"() ({\n  \"test.return\"() : () -> ()\n^bb1:\n  %y = \"t.add\"(%y, %y) : (i32, i32) -> i32\n  \"t.use\"(%z) : (i32) -> ()\n  \"test.br\"()[^bb2] : () -> ()\n^bb2:\n  %z = \"t.def\"() : () -> i32\n  \"test.br\"()[^bb1] : () -> ()\n}) {sym_name = \"f\"} : () -> ()\n";
    assert_eq!(check(src), "ok");
    // Once the entry branches to ^bb1, the same self-use is an error.
    let reachable = src.replace(
        "\"test.return\"() : () -> ()\n^bb1",
        "\"test.br\"()[^bb1] : () -> ()\n^bb1",
    );
    assert!(
        check(&reachable).starts_with("t.mlir:4:8: error: operand #0 does not dominate this use\n")
    );
}

#[test]
fn isolation_is_checked_after_the_nested_ops() {
    // mlir-opt 22 checks IsolatedFromAbove as a region trait, once the ops
    // inside verified: their error comes first.
    let body = |inner: &str| {
        format!("%x = \"t.a\"() : () -> i32\n\"test.func\"() ({{\n  \"t.use\"(%x) : (i32) -> ()\n{inner}  \"test.return\"() : () -> ()\n}}) {{sym_name = \"f\"}} : () -> ()\n")
    };
    assert_eq!(
        all_messages(&body("  \"test.nope\"() : () -> ()\n"), 1),
        [unknown_op("nope")]
    );
    // An error in an isolated op nested inside comes first too.
    let nested = body(&func_with_unknown_op("inner").replace("sym_name = \"inner\"", ""));
    assert_eq!(all_messages(&nested, 1), [unknown_op("inner")]);
    // Alone, the violation is reported.
    assert_eq!(
        all_messages(&body(""), 1),
        ["'t.use' op using value defined outside the region"]
    );
}

/// The rendered diagnostics for `src`, ops shown with their locations as
/// under `--mlir-print-debuginfo`.
fn check_with_locations(src: &str) -> String {
    let mut ctx = Context::new();
    ctx.allow_unregistered_dialects = true;
    let reg = test_registry(&mut ctx);
    let mut sm = SourceManager::new();
    let i = sm.add(SourceFile::new("t.mlir", src));
    let (ir, m) = parse_source(&mut ctx, &reg, sm.file(i)).unwrap();
    let display = OpDisplay {
        note: true,
        debug_info: true,
    };
    verify_all_threads(&ctx, &ir, &reg, m, Some(&sm), display, 1)
        .iter()
        .map(|d| sm.render(d))
        .collect()
}

#[test]
fn debuginfo_puts_locations_in_quoted_ops() {
    // Expected texts: mlir-opt 22 --mlir-print-debuginfo on the same input
    // written with func.func / func.return. An op printed alone has no
    // aliases: the location is written out.
    assert_eq!(
        check_with_locations("#l = loc(\"a.mlir\":7:9)\n\"test.nope\"() : () -> () loc(#l)\n"),
        "a.mlir:7:9: error: unregistered operation 'test.nope' found in dialect ('test') that does not allow unknown operations\na.mlir:7:9: note: see current operation: \"test.nope\"() : () -> () loc(\"a.mlir\":7:9)\n"
    );
    // A message quoting an op.
    assert_eq!(
        check_with_locations("\"test.func\"() ({\n  %c = \"test.constant\"() : () -> i32\n}) {sym_name = \"f\"} : () -> ()\n"),
        "t.mlir:2:8: error: block with no terminator, has %0 = \"test.constant\"() : () -> i32 loc(\"t.mlir\":2:8)\n  %c = \"test.constant\"() : () -> i32\n       ^\nt.mlir:2:8: note: see current operation: %0 = \"test.constant\"() : () -> i32 loc(\"t.mlir\":2:8)\n"
    );
    // A note spanning lines: every nested op and block argument with its
    // location.
    let f = |arg_loc: &str, body: &str| {
        format!("\"test.func\"() ({{\n^bb0(%a: i32{arg_loc}):\n  {body}\n}}) {{sym_name = \"f\"}} : () -> ()\n")
    };
    let src =
        f(" loc(\"q\":1:1)", "%c = \"t.c\"() : () -> i32") + &f("", "\"test.return\"() : () -> ()");
    assert_eq!(
        check_with_locations(&src),
        "t.mlir:5:1: error: redefinition of symbol named 'f'\n\"test.func\"() ({\n^\nt.mlir:5:1: note: see current operation: \n\"test.func\"() ({\n^bb0(%arg0: i32 loc(\"t.mlir\":6:6)):\n  \"test.return\"() : () -> () loc(\"t.mlir\":7:3)\n}) {sym_name = \"f\"} : () -> () loc(\"t.mlir\":5:1)\nt.mlir:1:1: note: see existing symbol definition here\n\"test.func\"() ({\n^\n"
    );
}

/// Dominance across the blocks of random control-flow graphs agrees with
/// its definition: `a` dominates `b` when `b` cannot be reached from the
/// entry once `a` is taken out (uses in unreachable blocks are fine).
#[test]
fn dominance_across_blocks_agrees_with_its_definition() {
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut next = |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    // Blocks reachable from the entry without passing `skip`.
    let reach = |succs: &[Vec<usize>], skip: Option<usize>| {
        let mut seen = vec![false; succs.len()];
        let mut stack = vec![0];
        while let Some(b) = stack.pop() {
            if seen[b] || Some(b) == skip {
                continue;
            }
            seen[b] = true;
            stack.extend(&succs[b]);
        }
        seen
    };
    for _ in 0..40 {
        let n = 2 + next(6);
        let succs: Vec<Vec<usize>> = (0..n)
            .map(|_| (0..next(3)).map(|_| 1 + next(n - 1)).collect())
            .collect();
        let reachable = reach(&succs, None);
        for a in 0..n {
            let without_a = reach(&succs, Some(a));
            for b in (0..n).filter(|&b| b != a) {
                let mut body = String::new();
                for (i, ss) in succs.iter().enumerate() {
                    if i > 0 {
                        body += &format!("^bb{i}:\n");
                    }
                    if i == a {
                        body += "  %v = \"t.def\"() : () -> i32\n";
                    }
                    if i == b {
                        body += "  \"t.use\"(%v) : (i32) -> ()\n";
                    }
                    body += &match ss.is_empty() {
                        true => "  \"test.return\"() : () -> ()\n".to_string(),
                        false => {
                            let targets: Vec<String> =
                                ss.iter().map(|s| format!("^bb{s}")).collect();
                            format!("  \"test.br\"()[{}] : () -> ()\n", targets.join(", "))
                        }
                    };
                }
                let src =
                    format!("\"test.func\"() ({{\n{body}}}) {{sym_name = \"f\"}} : () -> ()\n");
                let dominates = !reachable[b] || (reachable[a] && !without_a[b]);
                let got = check(&src);
                assert_eq!(
                    got == "ok",
                    dominates,
                    "def in ^bb{a}, use in ^bb{b}, successors {succs:?}:\n{got}"
                );
            }
        }
    }
}
