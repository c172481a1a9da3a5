//! The math ops' folds called directly on built ops with constant
//! operands: scalars of each float kind a fold covers, splat and dense
//! vectors, the operands upstream declines, the integer ops at their
//! width; and the materializer. The custom forms are checked against
//! `mlir-opt` by `tests/corpus/custom-forms/math.mlir`.

use super::*;
use crate::testing::{theirs, MLIR_OPT};
use ir::printer::attrs::print_attribute_str;
use ir::Location;
use ods_runtime::fold::OpFoldResult;
use ods_runtime::testing::Fixture;

/// Folds `math.<name>` of the constants written `operands` (attribute
/// text), all of type `ty`; the fold's attribute printed, or `none`.
fn fold(name: &str, ty: &str, operands: &[&str]) -> String {
    let mut f = Fixture::new(crate::testing::registry);
    let t = f.ty(ty);
    let values: Vec<_> = operands.iter().map(|_| f.value(ty)).collect();
    let attrs: Vec<_> = operands.iter().map(|a| Some(f.attr(a))).collect();
    let i1 = f.ctx.int_type(1);
    let bool_ty = ods_runtime::pred::clone_with_element(&mut f.ctx, t, i1);
    let loc = Location::UNKNOWN;
    let mut b = f.builder();
    let op = b.create_op(&format!("math.{name}"), loc, &values, &[t], None, None, 0);
    if name.starts_with("is") {
        b.ir.set_value_type(b.ir.result(op, 0), bool_ty);
    }
    let (ctx, ir) = (&mut f.ctx, &mut f.ir);
    macro_rules! dispatch {
        ($($n:literal => $op:ident,)*) => {
            match name {
                $($n => $op::from_op_unchecked(op).fold(ctx, ir, &attrs),)*
                other => panic!("no folded math op {other}"),
            }
        };
    }
    let result = dispatch! {
        "absf" => AbsFOp, "absi" => AbsIOp, "acos" => AcosOp, "acosh" => AcoshOp,
        "asin" => AsinOp, "asinh" => AsinhOp, "atan" => AtanOp, "atanh" => AtanhOp,
        "atan2" => Atan2Op, "ceil" => CeilOp, "copysign" => CopySignOp, "cos" => CosOp,
        "cosh" => CoshOp, "sin" => SinOp, "sinh" => SinhOp, "ctlz" => CountLeadingZerosOp,
        "cttz" => CountTrailingZerosOp, "ctpop" => CtPopOp, "erf" => ErfOp, "erfc" => ErfcOp,
        "exp" => ExpOp, "exp2" => Exp2Op, "expm1" => ExpM1Op, "floor" => FloorOp,
        "ipowi" => IPowIOp, "isfinite" => IsFiniteOp, "isinf" => IsInfOp, "isnan" => IsNaNOp,
        "isnormal" => IsNormalOp, "log" => LogOp, "log10" => Log10Op, "log1p" => Log1pOp,
        "log2" => Log2Op, "powf" => PowFOp, "sqrt" => SqrtOp, "tan" => TanOp,
        "tanh" => TanhOp, "roundeven" => RoundEvenOp, "round" => RoundOp, "trunc" => TruncOp,
    };
    match result {
        Some(OpFoldResult::Attribute(a)) => print_attribute_str(&f.ctx, a),
        Some(OpFoldResult::Value(_)) => "value".to_string(),
        None => "none".to_string(),
    }
}

#[test]
fn c_library_functions_fold_f32_and_f64() {
    assert_eq!(fold("sqrt", "f64", &["4.0 : f64"]), "2.000000e+00 : f64");
    assert_eq!(fold("sqrt", "f32", &["2.25 : f32"]), "1.500000e+00 : f32");
    assert_eq!(fold("exp", "f64", &["0.0 : f64"]), "1.000000e+00 : f64");
    assert_eq!(fold("log2", "f32", &["8.0 : f32"]), "3.000000e+00 : f32");
    assert_eq!(
        fold("log10", "f64", &["1000.0 : f64"]),
        "3.000000e+00 : f64"
    );
    assert_eq!(
        fold("powf", "f64", &["2.0 : f64", "10.0 : f64"]),
        "1.024000e+03 : f64"
    );
    assert_eq!(fold("cos", "f64", &["0.0 : f64"]), "1.000000e+00 : f64");
    assert_eq!(fold("erf", "f64", &["0.0 : f64"]), "0.000000e+00 : f64");
    assert_eq!(fold("erfc", "f32", &["0.0 : f32"]), "1.000000e+00 : f32");
    assert_eq!(fold("round", "f32", &["2.5 : f32"]), "3.000000e+00 : f32");
    assert_eq!(fold("trunc", "f64", &["-2.7 : f64"]), "-2.000000e+00 : f64");
    assert_eq!(fold("expm1", "f64", &["0.0 : f64"]), "0.000000e+00 : f64");
    // The value is the C library's, bit for bit.
    let mut ctx = ir::Context::new();
    let f64t = ctx.float_type(ir::FloatKind::F64);
    let sin1 = ctx.float_attr(f64t, 1.0f64.sin());
    let sin1 = print_attribute_str(&ctx, sin1);
    assert_eq!(fold("sin", "f64", &["1.0 : f64"]), sin1);
    assert_eq!(sin1, "0.8414709848078965 : f64");
    // Other kinds are not folded by these functions.
    assert_eq!(fold("exp", "f16", &["1.0 : f16"]), "none");
    assert_eq!(fold("sin", "bf16", &["1.0 : bf16"]), "none");
}

#[test]
fn operands_upstream_declines_are_not_folded() {
    assert_eq!(fold("sqrt", "f64", &["-4.0 : f64"]), "none");
    assert_eq!(fold("log", "f32", &["-0.0 : f32"]), "none");
    assert_eq!(fold("log2", "f64", &["-1.0 : f64"]), "none");
    assert_eq!(fold("log1p", "f64", &["-2.0 : f64"]), "none");
    assert_eq!(
        fold("log1p", "f64", &["-1.0 : f64"]),
        "0xFFF0000000000000 : f64"
    );
    assert_eq!(
        fold("atan2", "f32", &["0.0 : f32", "-0.0 : f32"]),
        "0x7FC00000 : f32"
    );
}

#[test]
fn rounding_sign_and_classification_cover_every_ieee_kind() {
    assert_eq!(fold("ceil", "f16", &["1.25 : f16"]), "2.000000e+00 : f16");
    assert_eq!(
        fold("floor", "bf16", &["-1.25 : bf16"]),
        "-2.000000e+00 : bf16"
    );
    assert_eq!(
        fold("roundeven", "f32", &["2.5 : f32"]),
        "2.000000e+00 : f32"
    );
    assert_eq!(
        fold("roundeven", "f64", &["3.5 : f64"]),
        "4.000000e+00 : f64"
    );
    assert_eq!(fold("absf", "f16", &["-3.0 : f16"]), "3.000000e+00 : f16");
    assert_eq!(
        fold("copysign", "f64", &["3.0 : f64", "-0.0 : f64"]),
        "-3.000000e+00 : f64"
    );
    assert_eq!(fold("isnan", "f32", &["0x7FC00000 : f32"]), "true");
    assert_eq!(fold("isinf", "f16", &["0x7C00 : f16"]), "true");
    assert_eq!(fold("isfinite", "f64", &["1.0 : f64"]), "true");
    // The smallest f16 subnormal is not normal (it would be as an f64).
    assert_eq!(fold("isnormal", "f16", &["0x0001 : f16"]), "false");
    assert_eq!(fold("isnormal", "f32", &["1.0 : f32"]), "true");
}

#[test]
fn vectors_fold_elementwise() {
    let ty = "vector<2xf32>";
    assert_eq!(
        fold("absf", ty, &["dense<[-1.0, 2.0]> : vector<2xf32>"]),
        "dense<[1.000000e+00, 2.000000e+00]> : vector<2xf32>"
    );
    assert_eq!(
        fold("sqrt", ty, &["dense<4.0> : vector<2xf32>"]),
        "dense<2.000000e+00> : vector<2xf32>"
    );
    // One element declined: nothing folds.
    assert_eq!(
        fold("sqrt", ty, &["dense<[4.0, -1.0]> : vector<2xf32>"]),
        "none"
    );
    assert_eq!(
        fold(
            "powf",
            ty,
            &[
                "dense<2.0> : vector<2xf32>",
                "dense<[1.0, 3.0]> : vector<2xf32>"
            ]
        ),
        "dense<[2.000000e+00, 8.000000e+00]> : vector<2xf32>"
    );
    assert_eq!(
        fold("isnan", ty, &["dense<1.0> : vector<2xf32>"]),
        "dense<false> : vector<2xi1>"
    );
    // Classification folds splats only, as upstream.
    assert_eq!(
        fold("isnan", ty, &["dense<[1.0, 2.0]> : vector<2xf32>"]),
        "none"
    );
    assert_eq!(
        fold(
            "ctpop",
            "tensor<2xi16>",
            &["dense<[255, -1]> : tensor<2xi16>"]
        ),
        "dense<[8, 16]> : tensor<2xi16>"
    );
}

#[test]
fn integer_ops_fold_at_their_width() {
    assert_eq!(fold("absi", "i8", &["-128 : i8"]), "-128 : i8");
    assert_eq!(fold("absi", "i32", &["-7 : i32"]), "7 : i32");
    assert_eq!(fold("ctlz", "i32", &["1 : i32"]), "31 : i32");
    assert_eq!(fold("ctlz", "index", &["0 : index"]), "64 : index");
    assert_eq!(fold("cttz", "i16", &["0 : i16"]), "16 : i16");
    assert_eq!(fold("cttz", "i64", &["8 : i64"]), "3 : i64");
    assert_eq!(fold("ctpop", "i8", &["-1 : i8"]), "8 : i8");
    assert_eq!(fold("ipowi", "i32", &["3 : i32", "4 : i32"]), "81 : i32");
    assert_eq!(fold("ipowi", "i8", &["2 : i8", "7 : i8"]), "-128 : i8");
    assert_eq!(fold("ipowi", "i32", &["-1 : i32", "-3 : i32"]), "-1 : i32");
    assert_eq!(fold("ipowi", "i32", &["5 : i32", "-1 : i32"]), "0 : i32");
    assert_eq!(fold("ipowi", "i32", &["0 : i32", "-1 : i32"]), "none");
    assert_eq!(fold("ipowi", "i32", &["0 : i32", "0 : i32"]), "1 : i32");
}

#[test]
fn constants_materialize_as_arith_constant_or_ub_poison() {
    let mut f = Fixture::new(crate::testing::registry);
    let (f32t, index) = (f.ty("f32"), f.ty("index"));
    let (half, seven) = (f.attr("0.5 : f32"), f.attr("7 : index"));
    let unit = f.attr("unit");
    let loc = Location::UNKNOWN;
    let mut b = f.builder();
    let c = MathDialect::materialize_constant(&mut b, half, f32t, loc).expect("a float constant");
    assert_eq!(b.ctx.str(b.ir.op_name(c)), "arith.constant");
    assert!(MathDialect::materialize_constant(&mut b, seven, index, loc).is_some());
    assert!(MathDialect::materialize_constant(&mut b, unit, index, loc).is_none());
    let poison = dialect_ub::PoisonAttr::get(b.ctx).attr();
    let p = MathDialect::materialize_constant(&mut b, poison, f32t, loc).expect("a poison");
    assert_eq!(b.ctx.str(b.ir.op_name(p)), "ub.poison");
    let text = f.round_trip();
    assert!(
        text.contains("%cst = arith.constant 5.000000e-01 : f32"),
        "{text}"
    );
    assert!(text.contains("= ub.poison : f32"), "{text}");
}

/// The `i1` type of `ty`'s shape, written (`vector<2xi1>` for
/// `vector<2xf32>`).
fn bool_type_text(ty: &str) -> String {
    match ty.rsplit_once('x') {
        Some((shape, _)) if ty.starts_with("vector<") => format!("{shape}xi1>"),
        _ => "i1".to_string(),
    }
}

/// What `mlir-opt --canonicalize` makes of `math.<name>` applied to
/// constants: the folded constant's text (`value : type`), or `none` when
/// the op stays. `cases` are `(name, type, operand texts)`; one run for all.
fn canonicalized_by_mlir_opt(cases: &[(&str, &str, Vec<String>)]) -> Option<Vec<String>> {
    let mut text = String::new();
    for (i, (name, ty, operands)) in cases.iter().enumerate() {
        let result_ty = if name.starts_with("is") {
            bool_type_text(ty)
        } else {
            ty.to_string()
        };
        text.push_str(&format!("func.func @c{i}() -> {result_ty} {{\n"));
        for (j, c) in operands.iter().enumerate() {
            text.push_str(&format!("  %a{j} = arith.constant {c}\n"));
        }
        let args: Vec<String> = (0..operands.len()).map(|j| format!("%a{j}")).collect();
        text.push_str(&format!(
            "  %r = math.{name} {} : {ty}\n  return %r : {result_ty}\n}}\n",
            args.join(", ")
        ));
    }
    let out = theirs(&text, &["--canonicalize"])?.expect("mlir-opt reads the cases");
    let bodies: Vec<&str> = out.split("func.func @c").skip(1).collect();
    Some(
        bodies
            .iter()
            .map(|body| {
                if body.contains("math.") {
                    return "none".to_string();
                }
                let line = body
                    .lines()
                    .find(|l| l.contains("arith.constant"))
                    .unwrap_or("");
                line.split_once("arith.constant ")
                    .map_or("none", |(_, c)| c)
                    .trim()
                    .to_string()
            })
            .collect(),
    )
}

#[test]
fn folds_equal_mlir_opt_canonicalize() {
    let unary = [
        "absf",
        "acos",
        "acosh",
        "asin",
        "asinh",
        "atan",
        "atanh",
        "ceil",
        "cos",
        "cosh",
        "sin",
        "sinh",
        "erf",
        "erfc",
        "exp",
        "exp2",
        "expm1",
        "floor",
        "log",
        "log10",
        "log1p",
        "log2",
        "sqrt",
        "tan",
        "tanh",
        "roundeven",
        "round",
        "trunc",
        "isfinite",
        "isinf",
        "isnan",
        "isnormal",
    ];
    let values = [
        "0.3",
        "-0.7",
        "1.5",
        "2.5",
        "-3.25",
        "10.0",
        "0.0",
        "-0.0",
        "1.0e-40",
        "0.999",
        "-1.0",
        "4.75",
        "-25.5",
        "100.0",
        "1.0e-3",
        "0x7FC00000",
    ];
    let mut cases: Vec<(&str, &str, Vec<String>)> = Vec::new();
    for name in unary {
        for ty in ["f32", "f64", "f16", "bf16"] {
            for v in values {
                let small = ty.ends_with("16");
                if small && (v == "1.0e-40" || v == "100.0") || (ty != "f32" && v.starts_with("0x"))
                {
                    continue;
                }
                cases.push((name, ty, vec![format!("{v} : {ty}")]));
            }
        }
    }
    // The small kinds: sign, rounding and classification only.
    let small = [
        "f8E4M3",
        "f8E3M4",
        "tf32",
        "f8E4M3FNUZ",
        "f8E5M2FNUZ",
        "f8E4M3B11FNUZ",
        "f6E3M2FN",
        "f6E2M3FN",
        "f4E2M1FN",
        "f8E5M2",
        "f8E4M3FN",
    ];
    for ty in small {
        for name in [
            "absf",
            "ceil",
            "floor",
            "roundeven",
            "isnan",
            "isinf",
            "isfinite",
            "isnormal",
        ] {
            // `0x1`: the smallest subnormal (of f8E8M0FNU: 2^-127).
            for v in ["0.5", "-1.5", "2.5", "-0.0", "3.0", "-0.25", "0x1"] {
                cases.push((name, ty, vec![format!("{v} : {ty}")]));
            }
        }
        cases.push((
            "copysign",
            ty,
            vec![format!("1.5 : {ty}"), format!("-2.0 : {ty}")],
        ));
    }
    // Vectors: a splat and one value per element.
    for name in unary {
        for c in [
            "dense<1.5> : vector<2xf64>",
            "dense<[0.5, -2.0, 0.0]> : vector<3xf32>",
        ] {
            let ty = c.split(" : ").nth(1).expect("typed");
            cases.push((name, ty, vec![c.to_string()]));
        }
    }
    for name in ["absi", "ctpop", "ctlz"] {
        let c = "dense<[3, -1]> : vector<2xi16>";
        cases.push((name, "vector<2xi16>", vec![c.to_string()]));
    }
    for name in ["atan2", "copysign", "powf"] {
        for ty in ["f32", "f64", "f16", "bf16"] {
            for (a, b) in [
                ("0.5", "2.0"),
                ("-1.5", "0.25"),
                ("0.0", "-0.0"),
                ("3.0", "-2.0"),
            ] {
                cases.push((name, ty, vec![format!("{a} : {ty}"), format!("{b} : {ty}")]));
            }
        }
    }
    for name in ["absi", "ctlz", "cttz", "ctpop"] {
        for (ty, v) in [
            ("i32", "-5"),
            ("i8", "-128"),
            ("i64", "1024"),
            ("index", "0"),
            ("i16", "7"),
        ] {
            cases.push((name, ty, vec![format!("{v} : {ty}")]));
        }
    }
    for (a, b) in [
        ("3", "5"),
        ("-2", "3"),
        ("7", "-1"),
        ("0", "-2"),
        ("-1", "-3"),
        ("2", "31"),
    ] {
        cases.push((
            "ipowi",
            "i32",
            vec![format!("{a} : i32"), format!("{b} : i32")],
        ));
    }
    let Some(expected) = canonicalized_by_mlir_opt(&cases) else {
        eprintln!("{MLIR_OPT} not found: the math folds are checked by the unit tests above only");
        return;
    };
    assert_eq!(expected.len(), cases.len());
    let (mut differ, mut near) = (Vec::new(), 0);
    for ((name, ty, operands), theirs) in cases.iter().zip(&expected) {
        let operands: Vec<&str> = operands.iter().map(String::as_str).collect();
        let ours = fold(name, ty, &operands);
        if &ours == theirs {
            continue;
        }
        // `erfc` comes from the `libm` crate, whose values may be an ulp
        // away from glibc's (see `fold::c_library`).
        if *name == "erfc" && ulps_apart(&ours, theirs) == Some(1) {
            near += 1;
            continue;
        }
        differ.push(format!(
            "math.{name} {operands:?}: ours {ours}, mlir-opt {theirs}"
        ));
    }
    let folded = expected.iter().filter(|e| *e != "none").count();
    eprintln!(
        "{} math ops compared with mlir-opt ({folded} folded there): {near} erfc values one ulp away",
        cases.len()
    );
    assert!(near <= 5, "{near} erfc values one ulp away from mlir-opt's");
    assert!(
        differ.is_empty(),
        "{} of {} folds differ:\n{}",
        differ.len(),
        cases.len(),
        differ.join("\n")
    );
}

/// How many ulps apart two float constants written `value : type` are.
fn ulps_apart(a: &str, b: &str) -> Option<u128> {
    let mut ctx = ir::Context::new();
    let mut bits = |text: &str| {
        let attr = ir::parser::attrs::parse_attribute_str(&mut ctx, text).ok()?;
        match ctx.attr_kind(attr) {
            ir::AttrKind::Float { bits, .. } => Some(*bits),
            _ => None,
        }
    };
    let (x, y) = (bits(a)?, bits(b)?);
    Some(x.abs_diff(y))
}
