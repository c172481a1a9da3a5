//! The index ops through their Rust API: each fold called directly on
//! built ops with constant operands (the 32/64-bit agreement rule
//! included), the cast check, the result names and the materializer. The
//! custom forms and the verifiers' messages are checked against `mlir-opt`
//! by `tests/corpus/custom-forms/index.mlir` and
//! `tests/lit/verify/index_invalid.mlir`.

use super::*;
use ir::printer::attrs::print_attribute_str;
use ir::printer::ops::PrintOptions;
use ods_runtime::fold::OpFoldResult;
use ods_runtime::testing::Fixture;

/// What a fold gave, printed: the attribute's text, `value` for an
/// existing value, `none` when it did not fold.
fn shown(f: &Fixture, result: Option<OpFoldResult>) -> String {
    match result {
        Some(OpFoldResult::Attribute(a)) => print_attribute_str(&f.ctx, a),
        Some(OpFoldResult::Value(_)) => "value".to_string(),
        None => "none".to_string(),
    }
}

/// Folds `index.<op>(%a, %b)` with constant operands `lhs` and `rhs`
/// (index values, `None` for "not constant").
fn fold_binary(name: &str, lhs: Option<i64>, rhs: Option<i64>) -> String {
    let mut f = Fixture::new(crate::testing::registry);
    let [a, b] = f.values(&["index", "index"]);
    let loc = Location::UNKNOWN;
    let mut bld = f.builder();
    let op = match name {
        "add" => AddOp::build(&mut bld, loc, a, b).op(),
        "sub" => SubOp::build(&mut bld, loc, a, b).op(),
        "mul" => MulOp::build(&mut bld, loc, a, b).op(),
        "divs" => DivSOp::build(&mut bld, loc, a, b).op(),
        "divu" => DivUOp::build(&mut bld, loc, a, b).op(),
        "ceildivs" => CeilDivSOp::build(&mut bld, loc, a, b).op(),
        "ceildivu" => CeilDivUOp::build(&mut bld, loc, a, b).op(),
        "floordivs" => FloorDivSOp::build(&mut bld, loc, a, b).op(),
        "rems" => RemSOp::build(&mut bld, loc, a, b).op(),
        "remu" => RemUOp::build(&mut bld, loc, a, b).op(),
        "maxs" => MaxSOp::build(&mut bld, loc, a, b).op(),
        "maxu" => MaxUOp::build(&mut bld, loc, a, b).op(),
        "mins" => MinSOp::build(&mut bld, loc, a, b).op(),
        "minu" => MinUOp::build(&mut bld, loc, a, b).op(),
        "shl" => ShlOp::build(&mut bld, loc, a, b).op(),
        "shrs" => ShrSOp::build(&mut bld, loc, a, b).op(),
        "shru" => ShrUOp::build(&mut bld, loc, a, b).op(),
        "and" => AndOp::build(&mut bld, loc, a, b).op(),
        "or" => OrOp::build(&mut bld, loc, a, b).op(),
        "xor" => XOrOp::build(&mut bld, loc, a, b).op(),
        other => panic!("no index op {other}"),
    };
    let attrs = [lhs, rhs].map(|v| v.map(|v| ods_runtime::attr::index(&mut f.ctx, v)));
    let (ctx, ir) = (&mut f.ctx, &mut f.ir);
    let result = match name {
        "add" => AddOp::from_op_unchecked(op).fold(ctx, ir, &attrs),
        "sub" => SubOp::from_op_unchecked(op).fold(ctx, ir, &attrs),
        "mul" => MulOp::from_op_unchecked(op).fold(ctx, ir, &attrs),
        "divs" => DivSOp::from_op_unchecked(op).fold(ctx, ir, &attrs),
        "divu" => DivUOp::from_op_unchecked(op).fold(ctx, ir, &attrs),
        "ceildivs" => CeilDivSOp::from_op_unchecked(op).fold(ctx, ir, &attrs),
        "ceildivu" => CeilDivUOp::from_op_unchecked(op).fold(ctx, ir, &attrs),
        "floordivs" => FloorDivSOp::from_op_unchecked(op).fold(ctx, ir, &attrs),
        "rems" => RemSOp::from_op_unchecked(op).fold(ctx, ir, &attrs),
        "remu" => RemUOp::from_op_unchecked(op).fold(ctx, ir, &attrs),
        "maxs" => MaxSOp::from_op_unchecked(op).fold(ctx, ir, &attrs),
        "maxu" => MaxUOp::from_op_unchecked(op).fold(ctx, ir, &attrs),
        "mins" => MinSOp::from_op_unchecked(op).fold(ctx, ir, &attrs),
        "minu" => MinUOp::from_op_unchecked(op).fold(ctx, ir, &attrs),
        "shl" => ShlOp::from_op_unchecked(op).fold(ctx, ir, &attrs),
        "shrs" => ShrSOp::from_op_unchecked(op).fold(ctx, ir, &attrs),
        "shru" => ShrUOp::from_op_unchecked(op).fold(ctx, ir, &attrs),
        "and" => AndOp::from_op_unchecked(op).fold(ctx, ir, &attrs),
        "or" => OrOp::from_op_unchecked(op).fold(ctx, ir, &attrs),
        _ => XOrOp::from_op_unchecked(op).fold(ctx, ir, &attrs),
    };
    if let Some(OpFoldResult::Value(v)) = result {
        assert_eq!(v, f.ir.operand(op, 0), "{name} folds to its lhs");
    }
    shown(&f, result)
}

#[test]
fn binary_ops_fold_constants_in_64_bits() {
    let cases: &[(&str, i64, i64, &str)] = &[
        ("add", 3, 4, "7 : index"),
        ("add", i64::MAX, 1, "-9223372036854775808 : index"),
        ("sub", 3, 5, "-2 : index"),
        ("mul", -6, 7, "-42 : index"),
        ("divs", -7, 2, "-3 : index"),
        ("divu", 7, 2, "3 : index"),
        ("ceildivs", 7, 2, "4 : index"),
        ("ceildivs", -7, 2, "-3 : index"),
        ("ceildivs", 7, -2, "-3 : index"),
        ("ceildivs", -7, -2, "4 : index"),
        ("ceildivu", 7, 2, "4 : index"),
        ("ceildivu", 0, 2, "0 : index"),
        ("floordivs", 7, 2, "3 : index"),
        ("floordivs", -7, 2, "-4 : index"),
        ("floordivs", 7, -2, "-4 : index"),
        ("floordivs", -7, -2, "3 : index"),
        ("rems", -7, 2, "-1 : index"),
        ("remu", 7, 4, "3 : index"),
        ("maxs", -1, 1, "1 : index"),
        ("maxu", -1, 1, "-1 : index"),
        ("mins", -1, 1, "-1 : index"),
        ("minu", -1, 1, "1 : index"),
        ("shl", 1, 31, "2147483648 : index"),
        ("shrs", -8, 2, "-2 : index"),
        ("shru", 8, 2, "2 : index"),
        ("and", 12, 10, "8 : index"),
        ("or", 12, 10, "14 : index"),
        ("xor", 12, 10, "6 : index"),
    ];
    for &(name, lhs, rhs, expected) in cases {
        assert_eq!(
            fold_binary(name, Some(lhs), Some(rhs)),
            expected,
            "{name}({lhs}, {rhs})"
        );
    }
}

#[test]
fn results_that_differ_in_32_bits_are_not_folded() {
    // 0x100000002 / 2 is 0x80000001 in 64 bits, but 1 in 32 bits.
    assert_eq!(fold_binary("divu", Some(0x1_0000_0002), Some(2)), "none");
    // 0x200000002 / 2 truncates to what 32 bits compute.
    assert_eq!(
        fold_binary("divu", Some(0x2_0000_0002), Some(2)),
        "4294967297 : index"
    );
    // Signed 32-bit overflow: 0x80000000 is negative in 32 bits.
    assert_eq!(fold_binary("maxs", Some(0x8000_0000), Some(0)), "none");
    assert_eq!(fold_binary("shru", Some(0x1_0000_0000), Some(1)), "none");
    // Shifts by 32 or more are poison on 32-bit targets.
    assert_eq!(fold_binary("shl", Some(1), Some(32)), "none");
    assert_eq!(fold_binary("shrs", Some(1), Some(40)), "none");
    // Division by zero stays.
    for name in [
        "divs",
        "divu",
        "ceildivs",
        "ceildivu",
        "floordivs",
        "rems",
        "remu",
    ] {
        assert_eq!(fold_binary(name, Some(5), Some(0)), "none", "{name}");
    }
}

#[test]
fn identities_fold_without_both_constants() {
    assert_eq!(fold_binary("add", None, Some(0)), "value");
    assert_eq!(fold_binary("sub", None, Some(0)), "value");
    assert_eq!(fold_binary("mul", None, Some(1)), "value");
    assert_eq!(fold_binary("mul", None, Some(0)), "0 : index");
    assert_eq!(fold_binary("add", None, Some(1)), "none");
    assert_eq!(fold_binary("add", Some(0), None), "none");
    assert_eq!(fold_binary("divs", None, Some(1)), "none");
}

/// Folds `index.cmp pred(lhs, rhs)` where `lhs` is given as text of one op
/// defining it (or a fresh value) and `rhs` is a constant or not.
fn fold_cmp(pred: IndexCmpPredicate, lhs: Option<i64>, rhs: Option<i64>, same: bool) -> String {
    let mut f = Fixture::new(crate::testing::registry);
    let [a, b] = f.values(&["index", "index"]);
    let rhs_value = if same { a } else { b };
    let op = CmpOp::build(&mut f.builder(), Location::UNKNOWN, pred, a, rhs_value);
    let attrs = [lhs, rhs].map(|v| v.map(|v| ods_runtime::attr::index(&mut f.ctx, v)));
    let result = op.fold(&mut f.ctx, &mut f.ir, &attrs);
    shown(&f, result)
}

#[test]
fn comparisons_fold_when_both_widths_agree() {
    use IndexCmpPredicate as P;
    assert_eq!(fold_cmp(P::Slt, Some(-1), Some(0), false), "true");
    assert_eq!(fold_cmp(P::Uge, Some(-1), Some(0), false), "true");
    assert_eq!(fold_cmp(P::Ne, Some(3), Some(3), false), "false");
    // 0x100000000 is above 1 in 64 bits, 0 in 32 bits.
    assert_eq!(
        fold_cmp(P::Ult, Some(0x1_0000_0000), Some(1), false),
        "none"
    );
    assert_eq!(fold_cmp(P::Eq, Some(0x1_0000_0000), Some(0), false), "none");
    // cmp(x, x).
    assert_eq!(fold_cmp(P::Sle, None, None, true), "true");
    assert_eq!(fold_cmp(P::Ugt, None, None, true), "false");
    assert_eq!(fold_cmp(P::Eq, None, None, false), "none");
}

/// `cmp(pred, <minmax>(%x, a), b)` with `a` from an `index.constant`.
fn fold_cmp_of_min_max(minmax: &str, a: i64, pred: IndexCmpPredicate, b: i64) -> String {
    let mut f = Fixture::new(crate::testing::registry);
    let x = f.value("index");
    let loc = Location::UNKNOWN;
    let mut bld = f.builder();
    let a = ConstantOp::build(&mut bld, loc, a).op();
    let a = bld.ir.result(a, 0);
    let lhs = match minmax {
        "mins" => MinSOp::build(&mut bld, loc, x, a).op(),
        "minu" => MinUOp::build(&mut bld, loc, x, a).op(),
        "maxs" => MaxSOp::build(&mut bld, loc, x, a).op(),
        _ => MaxUOp::build(&mut bld, loc, x, a).op(),
    };
    let lhs = bld.ir.result(lhs, 0);
    let cmp = CmpOp::build(&mut bld, loc, pred, lhs, x);
    let b = Some(ods_runtime::attr::index(&mut f.ctx, b));
    let result = cmp.fold(&mut f.ctx, &mut f.ir, &[None, b]);
    shown(&f, result)
}

#[test]
fn comparisons_of_a_bounded_min_or_max_fold() {
    use IndexCmpPredicate as P;
    assert_eq!(fold_cmp_of_min_max("mins", 5, P::Slt, 10), "true");
    assert_eq!(fold_cmp_of_min_max("mins", 5, P::Sgt, 10), "false");
    assert_eq!(fold_cmp_of_min_max("mins", 5, P::Slt, 3), "none");
    assert_eq!(fold_cmp_of_min_max("maxu", 10, P::Uge, 10), "true");
    assert_eq!(fold_cmp_of_min_max("maxs", 10, P::Eq, 3), "false");
    assert_eq!(fold_cmp_of_min_max("minu", 4, P::Ne, 9), "true");
}

/// Folds `index.<casts|castu> %v : <from> to <to>` with `%v` the constant
/// `value : <from>`.
fn fold_cast(signed: bool, from: &str, to: &str, value: i64) -> String {
    let mut f = Fixture::new(crate::testing::registry);
    let input = f.value(from);
    let to_ty = f.ty(to);
    let attr = f.attr(&format!("{value} : {from}"));
    let loc = Location::UNKNOWN;
    let result = if signed {
        let op = CastSOp::build(&mut f.builder(), loc, to_ty, input);
        op.fold(&mut f.ctx, &mut f.ir, &[Some(attr)])
    } else {
        let op = CastUOp::build(&mut f.builder(), loc, to_ty, input);
        op.fold(&mut f.ctx, &mut f.ir, &[Some(attr)])
    };
    shown(&f, result)
}

#[test]
fn casts_fold_when_the_high_bits_do_not_matter() {
    assert_eq!(fold_cast(true, "i32", "index", -1), "-1 : index");
    assert_eq!(fold_cast(false, "i32", "index", -1), "4294967295 : index");
    assert_eq!(fold_cast(true, "index", "i16", 0x12345), "9029 : i16");
    assert_eq!(fold_cast(true, "index", "i64", 5), "5 : i64");
    assert_eq!(fold_cast(true, "index", "i64", -5), "-5 : i64");
    // The high 32 bits would be lost on a 32-bit target.
    assert_eq!(fold_cast(true, "index", "i64", 0x1_0000_0000), "none");
    assert_eq!(fold_cast(false, "index", "i64", -1), "none");
    assert_eq!(fold_cast(false, "index", "i48", 0x1_0000_0000), "none");
    assert_eq!(fold_cast(false, "index", "i48", 7), "7 : i48");
}

#[test]
fn constants_fold_to_their_value_and_materialize_back() {
    let mut f = Fixture::new(crate::testing::registry);
    let loc = Location::UNKNOWN;
    let c = ConstantOp::build_from_value(&mut f.builder(), loc, -3);
    let folded = c.fold(&mut f.ctx, &mut f.ir, &[]);
    assert_eq!(shown(&f, folded), "-3 : index");
    let t = BoolConstantOp::build(&mut f.builder(), loc, true);
    let folded = t.fold(&mut f.ctx, &mut f.ir, &[]);
    assert_eq!(shown(&f, folded), "true");

    let (index, i1, f32t) = (f.ty("index"), f.ty("i1"), f.ty("f32"));
    let (seven, yes, half) = (f.attr("7 : index"), f.attr("true"), f.attr("0.5 : f32"));
    let mut b = f.builder();
    assert!(IndexDialect::materialize_constant(&mut b, seven, index, loc).is_some());
    assert!(IndexDialect::materialize_constant(&mut b, yes, i1, loc).is_some());
    assert!(IndexDialect::materialize_constant(&mut b, yes, index, loc).is_none());
    assert!(IndexDialect::materialize_constant(&mut b, seven, i1, loc).is_none());
    assert!(IndexDialect::materialize_constant(&mut b, half, f32t, loc).is_none());
    let text = f.round_trip_with(PrintOptions::default());
    for line in [
        "%idx-3 = index.constant -3",
        "%true = index.bool.constant true",
        "%idx7 = index.constant 7",
        "%true_0 = index.bool.constant true",
    ] {
        assert!(text.contains(line), "{line} missing from\n{text}");
    }
}

#[test]
fn casts_need_index_on_exactly_one_side() {
    let mut f = Fixture::new(crate::testing::registry);
    let [i, n] = f.values(&["index", "i32"]);
    let (index, i64t) = (f.ty("index"), f.ty("i64"));
    let loc = Location::UNKNOWN;
    CastSOp::build(&mut f.builder(), loc, index, n);
    CastUOp::build(&mut f.builder(), loc, i64t, i);
    assert_eq!(f.verify(), Ok(()));
    CastUOp::build(&mut f.builder(), loc, index, i);
    assert_eq!(
        f.verify(),
        Err(
            "'index.castu' op operand type 'index' and result type 'index' are cast incompatible"
                .to_string()
        )
    );
}

/// What `mlir-opt --canonicalize` makes of each `index.<op>` of two
/// constants: the folded value's text (`value : index`, `true`), or `none`.
fn canonicalized_by_mlir_opt(cases: &[(&str, i64, i64)]) -> Option<Vec<String>> {
    let mut text = String::new();
    for (i, &(op, a, b)) in cases.iter().enumerate() {
        let (ty, call) = match op.strip_prefix("cmp ") {
            Some(pred) => ("i1", format!("index.cmp {pred}(%a, %b)")),
            None => ("index", format!("index.{op} %a, %b")),
        };
        text.push_str(&format!(
            "func.func @c{i}() -> {ty} {{\n  %a = index.constant {a}\n  %b = index.constant {b}\n  %r = {call}\n  return %r : {ty}\n}}\n"
        ));
    }
    let out =
        crate::testing::theirs(&text, &["--canonicalize"])?.expect("mlir-opt reads the cases");
    let bodies: Vec<&str> = out.split("func.func @c").skip(1).collect();
    Some(
        bodies
            .iter()
            .map(|body| {
                let folded = body.lines().find_map(|l| {
                    let (_, v) = l
                        .split_once(" = index.constant ")
                        .or(l.split_once(" = index.bool.constant "))?;
                    Some(v.trim().to_string())
                });
                match folded {
                    Some(v) if body.matches("index.").count() == 1 => {
                        if v == "true" || v == "false" {
                            v
                        } else {
                            format!("{v} : index")
                        }
                    }
                    _ => "none".to_string(),
                }
            })
            .collect(),
    )
}

#[test]
fn folds_equal_mlir_opt_canonicalize() {
    let values: [i64; 12] = [
        0,
        1,
        -1,
        2,
        7,
        -7,
        31,
        32,
        0x8000_0000,
        0x1_0000_0002,
        0x2_0000_0002,
        i64::MIN,
    ];
    let ops = [
        "add",
        "sub",
        "mul",
        "divs",
        "divu",
        "ceildivs",
        "ceildivu",
        "floordivs",
        "rems",
        "remu",
        "maxs",
        "maxu",
        "mins",
        "minu",
        "shl",
        "shrs",
        "shru",
        "and",
        "or",
        "xor",
    ];
    let preds = [
        "eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge",
    ];
    let mut cases: Vec<(String, i64, i64)> = Vec::new();
    for &a in &values {
        for &b in &values {
            cases.extend(ops.iter().map(|op| (op.to_string(), a, b)));
            cases.extend(preds.iter().map(|p| (format!("cmp {p}"), a, b)));
        }
    }
    let borrowed: Vec<(&str, i64, i64)> =
        cases.iter().map(|(o, a, b)| (o.as_str(), *a, *b)).collect();
    let Some(expected) = canonicalized_by_mlir_opt(&borrowed) else {
        eprintln!(
            "{} not found: the index folds are checked by the unit tests above only",
            crate::testing::MLIR_OPT
        );
        return;
    };
    assert_eq!(expected.len(), cases.len());
    let mut differ = Vec::new();
    for ((op, a, b), theirs) in borrowed.iter().zip(&expected) {
        let ours = match op.strip_prefix("cmp ") {
            Some(pred) => fold_cmp(
                pred.parse().expect("a predicate"),
                Some(*a),
                Some(*b),
                false,
            ),
            None => fold_binary(op, Some(*a), Some(*b)),
        };
        if &ours != theirs {
            differ.push(format!(
                "index.{op}({a}, {b}): ours {ours}, mlir-opt {theirs}"
            ));
        }
    }
    let folded = expected.iter().filter(|e| *e != "none").count();
    eprintln!(
        "{} index ops compared with mlir-opt ({folded} folded there)",
        cases.len()
    );
    assert!(
        differ.is_empty(),
        "{} of {} differ:\n{}",
        differ.len(),
        cases.len(),
        differ.join("\n")
    );
}

/// Casts of constants to `index` (and from `index` to `i1`, which the
/// dialect materializes as `index.bool.constant`; other integer results
/// have no index materialization, so mlir-opt keeps those casts) against
/// `mlir-opt --canonicalize`.
#[test]
fn cast_folds_equal_mlir_opt_canonicalize() {
    let mut cases: Vec<(bool, &str, &str, i64)> = Vec::new();
    for signed in [true, false] {
        for (from, v) in [
            ("i32", -1),
            ("i32", 7),
            ("i8", -128),
            ("i64", 0x1_0000_0000),
            ("i1", -1),
        ] {
            cases.push((signed, from, "index", v));
        }
        for v in [0, 1, -1, 2, 0x1_0000_0000] {
            cases.push((signed, "index", "i1", v));
        }
    }
    let mut text = String::new();
    for (i, (signed, from, to, v)) in cases.iter().enumerate() {
        let op = if *signed { "casts" } else { "castu" };
        text.push_str(&format!(
            "func.func @c{i}() -> {to} {{\n  %a = arith.constant {v} : {from}\n  %r = index.{op} %a : {from} to {to}\n  return %r : {to}\n}}\n"
        ));
    }
    let Some(out) = crate::testing::theirs(&text, &["--canonicalize"]) else {
        eprintln!(
            "{} not found: the cast folds are checked by the unit tests above only",
            crate::testing::MLIR_OPT
        );
        return;
    };
    let out = out.expect("mlir-opt reads the cases");
    let bodies: Vec<&str> = out.split("func.func @c").skip(1).collect();
    assert_eq!(bodies.len(), cases.len());
    for ((signed, from, to, v), body) in cases.iter().zip(bodies) {
        let theirs = if body.contains("index.cast") {
            "none".to_string()
        } else {
            let line = body
                .lines()
                .find(|l| l.contains("constant "))
                .expect("a constant");
            let value = line.rsplit_once("constant ").expect("a value").1.trim();
            if value == "true" || value == "false" {
                value.to_string()
            } else {
                format!("{value} : index")
            }
        };
        let ours = fold_cast(*signed, from, to, *v);
        assert_eq!(
            ours,
            theirs,
            "index.{} {v} : {from} to {to}",
            if *signed { "casts" } else { "castu" }
        );
    }
}
