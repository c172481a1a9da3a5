use super::*;
use ir::parser::attrs::parse_attribute_str;
use ir::registry::OpInfo;
use ir::{Location, OperationState};

fn attr(ctx: &mut Context, text: &str) -> Attribute {
    parse_attribute_str(ctx, text).unwrap_or_else(|d| panic!("{text}: {}", d.message))
}

#[test]
fn integers_match_as_scalars_and_splats() {
    let mut ctx = Context::new();
    let cases: [(&str, Option<i128>); 8] = [
        ("7 : i32", Some(7)),
        ("-3 : index", Some(-3)),
        ("true", Some(1)),
        ("dense<4> : tensor<2x3xi8>", Some(4)),
        ("dense<-1> : vector<4xi16>", Some(-1)),
        ("dense<255> : tensor<2xui8>", Some(255)),
        ("dense<[1, 2]> : tensor<2xi32>", None),
        ("1.0 : f32", None),
    ];
    for (text, want) in cases {
        let a = attr(&mut ctx, text);
        assert_eq!(int_of(&ctx, a), want, "{text}");
    }
    let zero = attr(&mut ctx, "dense<0> : tensor<4xi64>");
    let one = attr(&mut ctx, "1 : i64");
    let t = attr(&mut ctx, "dense<true> : vector<2xi1>");
    assert!(is_zero(&ctx, zero) && !is_one(&ctx, zero));
    assert!(is_one(&ctx, one) && !is_zero(&ctx, one));
    assert!(is_one(&ctx, t) && is_all_ones(&ctx, t));
    for (text, all_ones) in [("-1 : i32", true), ("255 : ui8", true), ("127 : i8", false)] {
        let a = attr(&mut ctx, text);
        assert_eq!(is_all_ones(&ctx, a), all_ones, "{text}");
    }
}

#[test]
fn floats_match_as_scalars_and_splats_with_their_sign() {
    let mut ctx = Context::new();
    let pos = attr(&mut ctx, "0.0 : f32");
    let neg = attr(&mut ctx, "dense<-0.0> : tensor<3xf64>");
    let one = attr(&mut ctx, "dense<1.0> : vector<2xf16>");
    let half = attr(&mut ctx, "5.000000e-01 : bf16");
    assert_eq!(float_of(&ctx, half), Some(0.5));
    assert!(is_pos_zero_float(&ctx, pos) && !is_neg_zero_float(&ctx, pos));
    assert!(is_neg_zero_float(&ctx, neg) && is_any_zero_float(&ctx, neg));
    assert!(!is_pos_zero_float(&ctx, neg));
    assert!(is_one_float(&ctx, one) && !is_any_zero_float(&ctx, one));
    let int = attr(&mut ctx, "3 : i32");
    assert_eq!(float_of(&ctx, int), None);
}

#[test]
fn dense_readers_give_every_element_in_order() {
    let mut ctx = Context::new();
    let ints = attr(&mut ctx, "dense<[[1, -2], [3, 4]]> : tensor<2x2xi16>");
    assert_eq!(dense_ints(&ctx, ints), Some(vec![1, -2, 3, 4]));
    assert_eq!(splat_int(&ctx, ints), None);
    let splat = attr(&mut ctx, "dense<9> : tensor<3xindex>");
    assert_eq!(dense_ints(&ctx, splat), Some(vec![9, 9, 9]));
    let bools = attr(&mut ctx, "dense<[true, false]> : vector<2xi1>");
    assert_eq!(dense_ints(&ctx, bools), Some(vec![1, 0]));
    let floats = attr(&mut ctx, "dense<[1.5, -2.0]> : tensor<2xf32>");
    assert_eq!(dense_floats(&ctx, floats), Some(vec![1.5, -2.0]));
    assert_eq!(dense_ints(&ctx, floats), None);
    assert_eq!(dense_floats(&ctx, ints), None);
    let scalar = attr(&mut ctx, "2 : i32");
    assert_eq!(dense_ints(&ctx, scalar), None);
}

/// `a` holding `b` (holding `c`) then `d`, each an unregistered op with
/// one region of one block where it holds ops.
fn nest(ctx: &mut Context, ir: &mut Ir) -> (OpId, [OpId; 4]) {
    let mut b = OpBuilder::new(ctx, ir);
    let module = b.create_op("builtin.module", Location::UNKNOWN, &[], &[], None, None, 1);
    let region = b.ir.region(module, 0);
    let block = b.create_block(region, &[], Location::UNKNOWN);
    let make = |ctx: &mut Context, ir: &mut Ir, name: &str, at: BlockId, with_body: bool| {
        let mut state = OperationState::new(ctx.ident(name), Location::UNKNOWN);
        let body = with_body.then(|| {
            let region = ir.create_region();
            let body = ir.create_block();
            ir.append_block(region, body);
            state.regions.push(region);
            body
        });
        let op = ir.create_op(&state);
        ir.append_op(at, op);
        (op, body.unwrap_or(at))
    };
    let (a, a_body) = make(ctx, ir, "t.a", block, true);
    let (b, b_body) = make(ctx, ir, "t.b", a_body, true);
    let (c, _) = make(ctx, ir, "t.c", b_body, false);
    let (d, _) = make(ctx, ir, "t.d", block, false);
    (module, [a, b, c, d])
}

#[test]
fn walks_visit_pre_and_post_order_and_stop_or_skip() {
    let mut ctx = Context::new();
    let mut ir = Ir::new();
    let (module, [a, b, c, d]) = nest(&mut ctx, &mut ir);
    let mut seen = Vec::new();
    walk(&ir, module, WalkOrder::PreOrder, &mut |op| {
        seen.push(op);
        WalkResult::Advance
    });
    assert_eq!(seen, [module, a, b, c, d]);
    seen.clear();
    walk(&ir, module, WalkOrder::PostOrder, &mut |op| {
        seen.push(op);
        WalkResult::Advance
    });
    assert_eq!(seen, [c, b, a, d, module]);
    seen.clear();
    let skipped = walk(&ir, module, WalkOrder::PreOrder, &mut |op| {
        seen.push(op);
        if op == a {
            WalkResult::Skip
        } else {
            WalkResult::Advance
        }
    });
    assert_eq!(
        (skipped, seen.as_slice()),
        (WalkResult::Advance, &[module, a, d][..])
    );
    seen.clear();
    let stopped = walk(&ir, module, WalkOrder::PostOrder, &mut |op| {
        seen.push(op);
        if op == b {
            WalkResult::Interrupt
        } else {
            WalkResult::Advance
        }
    });
    assert_eq!(
        (stopped, seen.as_slice()),
        (WalkResult::Interrupt, &[c, b][..])
    );
}

#[test]
fn ensure_terminator_adds_one_only_when_missing() {
    let mut ctx = Context::new();
    let mut reg = Registry::new(&mut ctx);
    let yield_name = ctx.ident("t.yield");
    reg.add_op(OpInfo::new(yield_name, OpTraits::TERMINATOR));
    let mut ir = Ir::new();
    let (_, [a, ..]) = nest(&mut ctx, &mut ir);
    let body = ir.first_block(ir.region(a, 0)).expect("a has a block");
    let build = |b: &mut OpBuilder<'_>| {
        let state = OperationState::new(b.ctx.ident("t.yield"), Location::UNKNOWN);
        b.create(&state)
    };
    let made = ensure_terminator(&mut ctx, &mut ir, &reg, body, build);
    assert_eq!(ir.last_op(body), Some(made));
    assert_eq!(ir.op_name(made), yield_name);
    let again = ensure_terminator(&mut ctx, &mut ir, &reg, body, build);
    assert_eq!(again, made);
    assert_eq!(ir.block_ops(body).count(), 2);
}
