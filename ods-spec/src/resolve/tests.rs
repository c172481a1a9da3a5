use crate::record::Value;

fn records(src: &str) -> crate::record::RecordKeeper {
    match crate::compile("t.ods", src, &[]) {
        Ok(c) => c.records,
        Err(e) => panic!("{}", e.render()),
    }
}

fn errors(src: &str) -> Vec<String> {
    match crate::compile("t.ods", src, &[]) {
        Ok(_) => panic!("expected errors"),
        Err(e) => e.diagnostics.iter().map(|d| d.message.clone()).collect(),
    }
}

#[test]
fn template_args_inheritance_and_late_binding() {
    let r = records(
        r#"class A<int x, string s = "d"> { int X = x; string S = s; string T = S # "!"; }
           class B<int y> : A<y, "b"> { let S = "bb" # y; }
           def d1 : B<3> { let X = 9; }
           let S = "top" in def d2 : A<1>;
           def d3 : A<1> { let S = "body"; }"#,
    );
    let d1 = r.def("d1").unwrap();
    assert_eq!(d1.superclasses, ["A", "B"]);
    assert_eq!(d1.value("X"), Some(&Value::Int(9)));
    assert_eq!(d1.str_field("T"), Some("bb3!"));
    assert_eq!(r.def("d2").unwrap().str_field("T"), Some("top!"));
    assert_eq!(r.def("d3").unwrap().str_field("S"), Some("body"));
}

#[test]
fn anonymous_instances_are_shared() {
    let r = records(
        "class C<int n> { int v = !mul(n, 2); } def a { C x = C<2>; C y = C<2>; int z = x.v; }",
    );
    let a = r.def("a").unwrap();
    assert_eq!(a.value("x"), a.value("y"));
    assert_eq!(a.value("z"), Some(&Value::Int(4)));
    assert_eq!(r.defs.len(), 2);
}

#[test]
fn bang_operators_fold() {
    let r = records(
        r#"def ins; def a { list<int> l = [1, 2, 3];
           int s = !foldl(0, l, acc, x, !add(acc, x));
           list<string> f = !foreach(x, l, "v" # x);
           string i = !interleave(!filter(x, l, !gt(x, 1)), ",");
           bit e = !empty(l); int h = !head(!tail(l)); int sz = !size(l);
           dag d = !con((ins ins:$a), (ins ins:$b));
           string c = !cond(!eq(s, 6) : "six", true : "other");
           bits<4> b = 0b0101; int bi = b;
           list<int> r = !listremove(l, [2, 7]);
           dag g = !dag(ins, [1, 2], ["x", ?]); }"#,
    );
    let a = r.def("a").unwrap();
    assert_eq!(a.value("s"), Some(&Value::Int(6)));
    assert_eq!(a.value("f").unwrap().to_string(), r#"["v1", "v2", "v3"]"#);
    assert_eq!(a.str_field("i"), Some("2,3"));
    assert_eq!(a.value("e"), Some(&Value::Bit(false)));
    assert_eq!(a.value("h"), Some(&Value::Int(2)));
    assert_eq!(a.value("sz"), Some(&Value::Int(3)));
    assert_eq!(a.value("d").unwrap().to_string(), "(ins ins:$a, ins:$b)");
    assert_eq!(a.str_field("c"), Some("six"));
    assert_eq!(a.value("bi"), Some(&Value::Int(5)));
    assert_eq!(a.value("r").unwrap().to_string(), "[1, 3]");
    assert_eq!(a.value("g").unwrap().to_string(), "(ins 1:$x, 2)");
}

#[test]
fn foldl_accumulators_are_taken_only_where_used_once() {
    // The accumulator's single use outside a loop body takes its value;
    // a second use, or one inside a `!foreach`, `!filter` or inner
    // `!foldl` body, must still see it.
    let r = records(
        r#"class W<int n> { int v = n; }
           def a { list<int> l = [1, 2, 3];
           list<int> cat = !foldl([0], l, acc, x, !listconcat(acc, [x]));
           string s = !foldl("", l, acc, x, acc # "-" # x);
           string j = !foldl("", l, acc, x, !strconcat(acc, "<", !cast<string>(x), ">"));
           list<int> twice = !foldl([1], l, acc, x, !listconcat(acc, acc));
           list<int> inner = !foldl([], l, acc, x, !foreach(y, [x], !size(acc)));
           list<int> kept = !foldl([5], l, acc, x, !filter(y, acc, !gt(y, 0)));
           list<int> nested = !foldl([], l, acc, x,
               !listconcat(acc, !foldl([], [x], b, y, !listconcat(b, [!size(acc)]))));
           list<W> defs = !foldl([]<W>, l, acc, x, !listconcat(acc, [W<x>]));
           list<int> vs = !foreach(w, defs, w.v); }"#,
    );
    let a = r.def("a").unwrap();
    let show = |f: &str| a.value(f).unwrap().to_string();
    assert_eq!(show("cat"), "[0, 1, 2, 3]");
    assert_eq!(a.str_field("s"), Some("-1-2-3"));
    assert_eq!(a.str_field("j"), Some("<1><2><3>"));
    assert_eq!(show("twice"), "[1, 1, 1, 1, 1, 1, 1, 1]");
    assert_eq!(show("inner"), "[1]");
    assert_eq!(show("kept"), "[5]");
    assert_eq!(show("nested"), "[0, 1, 2]");
    assert_eq!(show("vs"), "[1, 2, 3]");
}

#[test]
fn foreach_if_and_multiclasses_make_defs() {
    let r = records(
        r#"class Op<string m> { string mnemonic = m; string cls = !subst("T_", "", NAME); }
           foreach i = !range(0, 2) in {
             defvar s = "r" # i;
             def T_Reg # i # Op : Op<s>;
           }
           foreach w = [8, 16] in if !gt(w, 8) then def T_Wide # w : Op<"w">; else def T_Narrow # w : Op<"n">;
           class Extra { int extra = 1; }
           multiclass XYZ<string m, string suffix = ".x"> {
             def XOp : Op<m # suffix>;
             def NAME # _Last : Op<m>;
           }
           multiclass Outer<string m> { defm _In : XYZ<m, ".i">; }
           defm T_Id : XYZ<"id">, Extra;
           defm T_Nest : Outer<"n">;"#,
    );
    let op = |n: &str| {
        let d = r.def(n).unwrap_or_else(|| panic!("no def {n}"));
        d.str_field("mnemonic").unwrap().to_string()
    };
    assert_eq!(op("T_Reg0Op"), "r0");
    assert_eq!(op("T_Reg1Op"), "r1");
    assert_eq!(r.def("T_Reg1Op").unwrap().str_field("cls"), Some("Reg1Op"));
    assert_eq!((op("T_Narrow8"), op("T_Wide16")), ("n".into(), "w".into()));
    assert!(r.def("T_Wide8").is_none() && r.def("T_Narrow16").is_none());
    assert_eq!(op("T_IdXOp"), "id.x");
    assert_eq!(op("T_Id_Last"), "id");
    assert_eq!(
        r.def("T_IdXOp").unwrap().value("extra"),
        Some(&Value::Int(1))
    );
    assert_eq!(op("T_Nest_InXOp"), "n.i");
    let errs = errors("multiclass M { def A; } defm X : Nope;");
    assert!(
        errs[0].contains("'defm' must name at least one multiclass"),
        "{errs:?}"
    );
    let errs = errors("foreach i = 3 in def A;");
    assert!(errs[0].contains("'foreach' needs a list"), "{errs:?}");
}

#[test]
fn an_unknown_library_name_says_which_include_defines_it() {
    let src = "def X { list<int> t = [SameOperandsAndResultType]; }\ndef Y : Pure;";
    let e = crate::compile("t.ods", src, &[]).unwrap_err().render();
    assert!(
        e.contains("note: 'SameOperandsAndResultType' is defined in \"mlir/Interfaces/InferTypeOpInterface.td\"; include it"),
        "{e}"
    );
    let e = crate::compile("t.ods", "class C : Pure;", &[])
        .unwrap_err()
        .render();
    assert!(
        e.contains("'Pure' is defined in \"mlir/Interfaces/SideEffectInterfaces.td\""),
        "{e}"
    );
    let e = crate::compile("t.ods", "def X { int y = nowhere; }", &[])
        .unwrap_err()
        .render();
    assert!(!e.contains("is defined in"), "{e}");
}

#[test]
fn reports_several_errors() {
    let errs = errors("def a : Nope; def b { let q = 1; } def c { int x = y; }");
    assert_eq!(errs.len(), 3, "{errs:?}");
    assert!(errs[0].contains("unknown class 'Nope'"));
    assert!(errs[1].contains("no field named 'q'"));
    assert!(errs[2].contains("unknown name 'y'"));
}

#[test]
fn type_errors_and_cycles() {
    let errs = errors("class K; def k; def a { K x = k; }");
    assert!(errs[0].contains("'k' is not a 'K'"), "{errs:?}");
    let errs = errors("def a { int x = y; int y = x; }");
    assert!(errs[0].contains("unknown name 'y'"), "{errs:?}");
    let errs = errors("class A { int x = y; int y = x; } def a : A;");
    assert!(errs[0].contains("unknown name"), "{errs:?}");
    let errs = errors("class A { int x; int y = x; } def a : A { let x = y; }");
    assert!(errs[0].contains("depends on its own value"), "{errs:?}");
    let errs = errors("class A<int n> { A x = A<!add(n, 1)>; }");
    assert!(errs[0].contains("cannot instantiate itself"), "{errs:?}");
}

#[test]
fn deep_evaluation_is_an_error_or_a_value_never_a_crash() {
    // As deep as the grammar allows, on a small test-thread stack.
    let src = format!(
        "def A {{ int x = {}1{}; }}",
        "!add(1, ".repeat(95),
        ")".repeat(95)
    );
    let r = records(&src);
    assert_eq!(r.def("A").unwrap().value("x"), Some(&Value::Int(96)));
    // Chains of fields and of anonymous instances share one budget.
    let mut chain = String::from("def B { ");
    for i in 0..400 {
        chain.push_str(&format!("int f{i} = 0; "));
    }
    for i in 0..399 {
        chain.push_str(&format!("let f{i} = !add(f{}, 1); ", i + 1));
    }
    chain.push('}');
    let errs = errors(&chain);
    assert!(
        errs.iter().any(|e| e.contains("nested too deeply")),
        "{errs:?}"
    );
    let errs = errors("class N<int n> { N next = N<!add(n, 1)>; } def S { N s = N<0>; }");
    assert!(!errs.is_empty());
}

#[test]
fn assertions_are_checked() {
    let errs =
        errors(r#"class A<int n> { assert !gt(n, 0), "n must be positive"; } def a : A<0>;"#);
    assert!(errs[0].contains("n must be positive"), "{errs:?}");
}
