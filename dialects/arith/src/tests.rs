//! `arith.select`'s custom form against `mlir-opt`, byte for byte (the op
//! registered here by hand with only its format hooks), and the
//! hand-written arith checks through `ods-opt`'s registry.

use super::format::{parse_select_op, print_select_op};
use crate::testing::{assert_parse_errors, assert_prints};
use ir::printer::ops::PrintOptions;
use ir::{Context, OpInfo, OpTraits, Registry};

fn registry(ctx: &mut Context) -> Registry {
    let mut reg = Registry::new(ctx);
    let name = ctx.ident("arith.select");
    let mut info = OpInfo::new(name, OpTraits::PURE);
    info.parse = Some(parse_select_op);
    info.print = Some(print_select_op);
    reg.add_op(info);
    reg
}

#[test]
fn select_prints_as_mlir_opt_prints_it() {
    let text = r#""t.f"() ({
^bb0(%c: i1, %a: i32, %v: vector<2xi1>, %w: vector<2xf32>, %t: tensor<?xi1>, %u: tensor<?xindex>):
  %0 = arith.select %c, %a, %a {t.x} : i32
  %1 = arith.select %c, %w, %w : vector<2xf32>
  %2 = arith.select %v, %w, %w : vector<2xi1>, vector<2xf32>
  %3 = "arith.select"(%c, %w, %w) : (i1, vector<2xf32>, vector<2xf32>) -> vector<2xf32>
  %4 = arith.select %t, %u, %u : tensor<?xi1>, tensor<?xindex>
  "t.r"() : () -> ()
}) : () -> ()
"#;
    let expected = r#"module {
  "t.f"() ({
  ^bb0(%arg0: i1, %arg1: i32, %arg2: vector<2xi1>, %arg3: vector<2xf32>, %arg4: tensor<?xi1>, %arg5: tensor<?xindex>):
    %0 = arith.select %arg0, %arg1, %arg1 {t.x} : i32
    %1 = arith.select %arg0, %arg3, %arg3 : vector<2xf32>
    %2 = arith.select %arg2, %arg3, %arg3 : vector<2xi1>, vector<2xf32>
    %3 = arith.select %arg0, %arg3, %arg3 : vector<2xf32>
    %4 = arith.select %arg4, %arg5, %arg5 : tensor<?xi1>, tensor<?xindex>
    "t.r"() : () -> ()
  }) : () -> ()
}
"#;
    assert_prints(text, registry, PrintOptions::default(), &[], expected);
}

#[test]
fn malformed_select_fails_where_mlir_opt_says() {
    assert_parse_errors(
        registry,
        &[
            (
                "\"t.f\"() ({ ^bb0(%c: i1, %a: i32): %0 = arith.select %c, %a : i32 }) : () -> ()\n",
                "<stdin>:1:53: error: custom op 'arith.select' expected 3 operands\n\"t.f\"() ({ ^bb0(%c: i1, %a: i32): %0 = arith.select %c, %a : i32 }) : () -> ()\n                                                    ^\n",
            ),
            (
                "\"t.f\"() ({ ^bb0(%c: i1, %a: i32): %0 = arith.select %c, %a, %a }) : () -> ()\n",
                "<stdin>:1:63: error: expected ':'\n\"t.f\"() ({ ^bb0(%c: i1, %a: i32): %0 = arith.select %c, %a, %a }) : () -> ()\n                                                              ^\n",
            ),
            (
                "\"t.f\"() ({ ^bb0(%c: i1, %a: i32): %0 = arith.select %c, %a, %a : i32, i32, i32 }) : () -> ()\n",
                "<stdin>:1:53: error: use of value '%c' expects different type than prior uses: 'i32' vs 'i1'\n\"t.f\"() ({ ^bb0(%c: i1, %a: i32): %0 = arith.select %c, %a, %a : i32, i32, i32 }) : () -> ()\n                                                    ^\n<stdin>:1:17: note: prior use here\n\"t.f\"() ({ ^bb0(%c: i1, %a: i32): %0 = arith.select %c, %a, %a : i32, i32, i32 }) : () -> ()\n                ^\n",
            ),
        ],
    );
}

mod checks {
    use crate::testing::{assert_verify_errors, our_first_error};

    fn wrap(op: &str) -> String {
        format!("\"t.f\"() ({{\n^bb0(%a: i32, %b: i64, %f: f32, %d: f64, %v: vector<2xi8>):\n  {op}\n}}) : () -> ()\n")
    }

    #[test]
    fn casts_and_constants_fail_as_mlir_opt_says() {
        let cases = [
            (
                wrap("%0 = \"arith.extui\"(%b) : (i64) -> i32"),
                "3:8: 'arith.extui' op operand type 'i64' and result type 'i32' are cast incompatible",
            ),
            (
                wrap("%0 = \"arith.extsi\"(%a) : (i32) -> i32"),
                "3:8: 'arith.extsi' op operand type 'i32' and result type 'i32' are cast incompatible",
            ),
            (
                wrap("%0 = \"arith.trunci\"(%a) : (i32) -> i64"),
                "3:8: 'arith.trunci' op operand type 'i32' and result type 'i64' are cast incompatible",
            ),
            (
                wrap("%0 = \"arith.extf\"(%d) : (f64) -> f32"),
                "3:8: 'arith.extf' op operand type 'f64' and result type 'f32' are cast incompatible",
            ),
            (
                wrap("%0 = \"arith.truncf\"(%f) : (f32) -> f64"),
                "3:8: 'arith.truncf' op operand type 'f32' and result type 'f64' are cast incompatible",
            ),
            (
                wrap("%0 = \"arith.constant\"() <{value = 1 : si32}> : () -> si32"),
                "3:8: 'arith.constant' op integer return type must be signless",
            ),
        ];
        let cases: Vec<(&str, &str)> = cases.iter().map(|(t, e)| (t.as_str(), *e)).collect();
        assert_verify_errors(crate::testing::registry, &cases);
        let good = wrap(
            "%0 = \"arith.extsi\"(%v) : (vector<2xi8>) -> vector<2xi16>\n  %1 = \"arith.truncf\"(%d) : (f64) -> f16\n  %2 = \"arith.constant\"() <{value = 7 : i32}> : () -> i32",
        );
        assert_eq!(our_first_error(&good, crate::testing::registry), Ok(()));
    }
}
