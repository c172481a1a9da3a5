//! `compile_after_stdlib` (the standard library resolved once per process,
//! as `#[op]` expansions use it) gives what `compile` gives: the same
//! records, file ids and diagnostics, for good specs and bad ones.

use ods_spec::{compile, compile_after_stdlib, stdlib};

fn both(body: &str) -> (String, String) {
    let src = format!("{}{body}", stdlib::include_all());
    let show = |r: Result<ods_spec::Compilation, ods_spec::CompileError>| match r {
        Ok(c) => {
            let files: Vec<_> = c.sources.files().map(|f| f.name.clone()).collect();
            format!("{}\n{files:?}", c.records.print())
        }
        Err(e) => e.render(),
    };
    (
        show(compile("t.ods", &src, &[])),
        show(compile_after_stdlib("t.ods", &src, &[])),
    )
}

#[test]
fn cached_library_compiles_like_a_fresh_one() {
    let good = r#"
def T_Dialect : Dialect { let name = "t"; }
def T_AddOp : Op<T_Dialect, "add", [Pure, SameOperandsAndResultType]> {
  let arguments = (ins I32:$lhs, AnyTypeOf<[I32, F32]>:$rhs);
  let results = (outs I32:$sum);
}
"#;
    let bad = "def T_Bad : Op<NoSuchDialect, \"bad\">;\n";
    for body in [good, bad, good] {
        let (fresh, cached) = both(body);
        let first_difference = fresh.lines().zip(cached.lines()).find(|(a, b)| a != b);
        assert_eq!(first_difference, None);
        assert_eq!(fresh.lines().count(), cached.lines().count());
    }
    // A spec without the library's head is compiled as usual.
    let plain = compile_after_stdlib("p.ods", "def A;", &[]).unwrap();
    assert!(plain.records.def("A").is_some() && plain.records.def("I32").is_none());
}
