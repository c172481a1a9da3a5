use super::*;

fn parse(src: &str) -> Result<File, Diagnostic> {
    parse_file(src, FileId(0), &mut HashSet::new()).map_err(|mut e| e.remove(0))
}

/// Values followed by `[` inside a dag, with brackets that never close:
/// each `[` may be an index or the next dag argument. Before the
/// doomed_list guard both readings re-parsed the rest, doubling the
/// work per level (a 363-byte fuzz input took 2 s); at 46 levels that
/// is 2^46 steps, so a regression makes this test hang, not just fail.
#[test]
fn unclosed_index_or_list_in_dags_is_rejected_in_linear_time() {
    let level = "(\"padding padding padding padding padding\" [";
    let src = format!("assert {}1, \"m\";\n", level.repeat(46));
    assert!(src.len() > 2000, "{}", src.len());
    let e = parse(&src).unwrap_err();
    assert!(e.message.starts_with("expected"), "{}", e.message);
    // A closed index and a juxtaposed list still read as before.
    parse("defvar a = (op x[1], [1, 2]);\ndefvar b = (op [(x), 2]);\n").unwrap();
}

/// Nested `!cond(` with malformed cases: before `!cond` was kept from
/// also reading as a plain bang, each level was parsed twice (20
/// levels took 1.4 s), so 80 levels (2^80 steps) make a regression
/// hang, not just fail.
#[test]
fn malformed_nested_conds_are_rejected_in_linear_time() {
    let src = format!("defvar x = {}1;\n", "!cond(".repeat(80));
    let e = parse(&src).unwrap_err();
    assert!(e.message.starts_with("expected"), "{}", e.message);
    let src = format!("defvar x = {};\n", "!cond(true : ".repeat(80));
    assert!(parse(&src).is_err());
    // A case without ':' is a syntax error at the ')', not an
    // unknown bang operator '!cond'.
    let e = parse("defvar x = !cond(1);").unwrap_err();
    assert!(e.message.starts_with("expected"), "{}", e.message);
    assert_eq!(e.span.map(|s| s.start), Some(18));
    // Other bangs that start with "cond" are plain bangs.
    parse("defvar x = !condx(1); defvar y = !cond (true : !cond(false : 1, true : 2));").unwrap();
}

/// Pastes into dags that never close, `(a#(a#(...`: while the value
/// after `#` was optional, a failed one ended the paste at `#` and the
/// dag read the same value again as its next argument, twice per level
/// (the fuzzer's 497-byte `fuzz/slow-units/ods_compile_nested_list_paste.ods`
/// took 1.2 s); 80 levels would be 2^80 steps.
#[test]
fn unclosed_dags_after_pastes_are_rejected_in_linear_time() {
    let src = format!("assert {}1, \"m\";\n", "(a#".repeat(80));
    let e = parse(&src).unwrap_err();
    assert!(e.message.starts_with("expected"), "{}", e.message);
    let fuzzed = include_str!("../../../fuzz/slow-units/ods_compile_nested_list_paste.ods");
    assert!(parse(fuzzed).is_err());
    // Pastes that end where TableGen ends them still read.
    parse("defvar c = (op x#y, [1]#[2]);\ndefvar d = \"a\"#;\n").unwrap();
    assert!(parse("defvar e = [x#];").is_err());
}

/// Valid `(a [(a [...]), x])` nesting: each `[` holds a `,` at its
/// top level, so it is read once, as a list argument, not first as an
/// index into `a`. Exponential before; 40 levels would be 2^40 steps.
#[test]
fn nested_list_arguments_of_dags_parse_in_linear_time() {
    let src = format!("defvar d = {}1{};\n", "(a [".repeat(40), ", 3])".repeat(40));
    let f = parse(&src).unwrap();
    let Stmt::Defvar(Defvar { value, .. }) = &f.stmts[0] else {
        panic!("{:?}", f.stmts[0])
    };
    let ExprKind::Dag { args, .. } = &value.kind else {
        panic!("{value:?}")
    };
    assert_eq!(args.len(), 1);
    // An index still reads as one.
    let f = parse("defvar e = (a x[1], [y, 2]);").unwrap();
    let Stmt::Defvar(Defvar { value, .. }) = &f.stmts[0] else {
        panic!()
    };
    let ExprKind::Dag { args, .. } = &value.kind else {
        panic!("{value:?}")
    };
    assert_eq!(args.len(), 2);
}

#[test]
fn parses_every_statement_kind() {
    let f = parse(
        r#"
        include "mlir/IR/OpBase.td"
        class A<int x, string s = "d"> : B<x>, C { int X = x; let Y = 0x10; defvar q = 1; }
        def D : A<1> { field bits<4> b = 0b0101; }
        def : A<2>;
        let X = 7, Y = 8 in { def E; def F; }
        let Z = 1 in def G;
        defvar v = [1, 2]<int>;
        "#,
    )
    .unwrap();
    assert_eq!(f.stmts.len(), 7);
    let Stmt::Class(c) = &f.stmts[1] else {
        panic!()
    };
    assert_eq!(c.name.name, "A");
    assert_eq!(c.template_args.len(), 2);
    assert_eq!(c.parents.len(), 2);
    assert_eq!(c.body.len(), 3);
    let Stmt::Let { bindings, body, .. } = &f.stmts[4] else {
        panic!()
    };
    assert_eq!((bindings.len(), body.len()), (2, 2));
}

#[test]
fn parses_values() {
    let f = parse(
        r#"def X { dag d = (ins Variadic<AnyType>:$a, $b); string s = "a\"b" "c";
           code c = [{ x }]; int i = !add(1, -2); string p = "a" # b # ;
           list<int> l = [];  bit t = true; int u = ?; int w = x.y.z;
           int k = !cond(true : 1, false : 2); }"#,
    )
    .unwrap();
    let Stmt::Def(d) = &f.stmts[0] else { panic!() };
    let BodyItem::Field { value: Some(v), .. } = &d.body[1] else {
        panic!()
    };
    assert_eq!(v.kind, ExprKind::Str("a\"bc".into()));
    let BodyItem::Field { value: Some(v), .. } = &d.body[0] else {
        panic!()
    };
    let ExprKind::Dag { args, .. } = &v.kind else {
        panic!()
    };
    assert_eq!(args.len(), 2);
    assert_eq!(args[1].name.as_deref(), Some("b"));
    assert!(args[1].value.is_none());
}

#[test]
fn keywords_are_not_identifiers_but_prefixes_are() {
    assert!(parse("def int;").is_err());
    assert!(parse("def integer; def lets; def inx;").is_ok());
}

#[test]
fn preprocessor_guards() {
    let mut defs = HashSet::new();
    let src = "#ifndef G\n#define G\ndef A;\n#endif\n";
    let f = parse_file(src, FileId(0), &mut defs).unwrap();
    assert_eq!(f.stmts.len(), 1);
    let f = parse_file(src, FileId(0), &mut defs).unwrap();
    assert_eq!(f.stmts.len(), 0);
    assert!(parse("#ifdef X\ndef A;\n").is_err());
    assert!(parse("#endif\n").is_err());
    let f = parse("#ifdef X\ndef A;\n#else\ndef B;\n#endif\n").unwrap();
    assert_eq!(f.stmts.len(), 1);
}

#[test]
fn included_again_after_a_header_comment() {
    let mut defs = HashSet::new();
    let src = "// header\n  // more\r\n#ifndef G\n#define G\ndef A;\n#endif\n";
    assert_eq!(
        parse_file(src, FileId(0), &mut defs).unwrap().stmts.len(),
        1
    );
    // The second time only the comments and blanks are left.
    assert_eq!(
        parse_file(src, FileId(0), &mut defs).unwrap().stmts.len(),
        0
    );
    // A stray token or a block comment still goes through the grammar.
    assert!(parse("// c\n/").is_err());
    assert!(parse("// c\n/* open").is_err());
    assert!(parse("// c\n/* closed */").unwrap().stmts.is_empty());
}

#[test]
fn directive_inside_code_is_text() {
    let f = parse("def A { code c = [{\n#ifdef FOO\n}]; }\n").unwrap();
    assert_eq!(f.stmts.len(), 1);
}

#[test]
fn errors_have_positions() {
    let e = parse("def A {\n  let x = ;\n}").unwrap_err();
    assert_eq!(e.span.unwrap().start, 18);
    assert!(e.message.starts_with("expected"), "{}", e.message);
}

#[test]
fn several_syntax_errors_in_one_run() {
    let src = "def A {\n  int x = 1\n}\ndef B;\nclass C<int> ;\ndef D : C<1>;\n";
    let errs = parse_file(src, FileId(0), &mut HashSet::new()).unwrap_err();
    assert_eq!(errs.len(), 2, "{errs:?}");
    assert_eq!(errs[0].span.unwrap().start, 20);
    assert_eq!(errs[1].span.unwrap().start, 40);
}

#[test]
fn deep_lets_chains_and_comments_are_errors_not_crashes() {
    let lets = format!("{}def X;", "let a = 1 in ".repeat(100_000));
    let e = parse(&lets).unwrap_err();
    assert!(e.message.contains("nested more than"), "{}", e.message);
    // Reported in the head that reaches the limit.
    let head = "let a = 1 in ".len();
    let at = e.span.unwrap().start as usize;
    assert!((head * (MAX_TREE_DEPTH - 1)..=head * MAX_TREE_DEPTH).contains(&at));

    let paste = format!(
        "def X {{ string s = \"a\"{}; }}",
        " # \"b\"".repeat(100_000)
    );
    assert!(parse(&paste)
        .unwrap_err()
        .message
        .contains("nested more than"));
    let fields = format!("def X {{ int i = a{}; }}", ".b".repeat(100_000));
    assert!(parse(&fields)
        .unwrap_err()
        .message
        .contains("nested more than"));

    let comments = format!("{}{}def X;", "/*".repeat(100_000), "*/".repeat(100_000));
    let e = parse(&comments).unwrap_err();
    assert!(e.message.contains("comments nested"), "{}", e.message);

    // Within the limits, all of these read fine.
    let ok = format!(
        "{}def X {{ string s = \"a\"{}; }}\n/* /* nested */ comment */ def Y;",
        "let a = 1 in ".repeat(50),
        " # \"b\"".repeat(50)
    );
    let f = parse(&ok).unwrap();
    assert_eq!(f.stmts.len(), 2);
    let mut depth = 0;
    let mut s = &f.stmts[0];
    while let Stmt::Let { body, .. } = s {
        depth += 1;
        s = &body[0];
    }
    assert_eq!(depth, 50);
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    let src = format!(
        "def A {{ int x = {}1{}; }}",
        "!add(".repeat(5000),
        ")".repeat(5000)
    );
    let e = parse(&src).unwrap_err();
    assert!(e.message.contains("nested"));
}

#[test]
fn syntax_errors_read_like_tablegen() {
    let e = parse("}").unwrap_err();
    assert_eq!(
        e.message,
        "expected assert, class, def, defm, defvar, foreach, if, include, let or multiclass"
    );
    assert_eq!(e.label, "found '}'");
    let e = parse("def A { let x = 1 }").unwrap_err();
    assert_eq!(e.message, "expected ';' after let expression");
    assert_eq!(e.span.map(|s| s.start), Some(18));
    let e = parse("def A { int x = 1 @ 2; }").unwrap_err();
    assert_eq!(e.message, "unexpected character");
}

/// The library's trees from the build are what parsing its files gives,
/// with the same macros defined after; a file included again (its guard
/// defined) or with other text is parsed, as without the build's trees.
#[test]
fn library_trees_from_the_build_equal_parsing() {
    let prebuilt = crate::resolve::LIBRARY_TREES;
    assert_eq!(
        library_entries(prebuilt).count(),
        crate::stdlib::FILES.len(),
        "every library file parses"
    );
    for (i, (path, text)) in crate::stdlib::FILES.iter().enumerate() {
        let file = FileId(i as u32 + 7);
        let (mut parsed_defs, mut cached_defs) = (HashSet::new(), HashSet::new());
        let parsed = parse_file(text, file, &mut parsed_defs).unwrap();
        let cached = parse_library_file(text, file, &mut cached_defs, path, prebuilt).unwrap();
        assert_eq!(parsed, cached, "{path}");
        assert_eq!(parsed_defs, cached_defs, "{path}");
        // Included again: the guard blanks it (the build's guard says
        // so without preprocessing it again).
        let again = parse_library_file(text, file, &mut cached_defs, path, prebuilt).unwrap();
        assert_eq!(
            again,
            parse_file(text, file, &mut parsed_defs).unwrap(),
            "{path}"
        );
        assert_eq!(parsed_defs, cached_defs, "{path}");
    }
    // The library's files are guarded: a second include costs nothing.
    let unguarded: Vec<_> = library_entries(prebuilt)
        .filter(|e| e.guard.is_empty())
        .map(|e| String::from_utf8_lossy(e.path).into_owned())
        .collect();
    assert!(unguarded.is_empty(), "{unguarded:?}");
    // Text that is not the library's is parsed, errors included.
    let (path, _) = crate::stdlib::FILES[0];
    let bad = parse_library_file("def X", FileId(0), &mut HashSet::new(), path, prebuilt);
    assert_eq!(bad, parse_file("def X", FileId(0), &mut HashSet::new()));
}

/// The binary form of a tree reads back as the same tree, in the file
/// given; bytes that are no tree read as none.
#[test]
fn codec_round_trips_every_kind_of_node() {
    let src = r#"
include "x.td"
class C<int n, list<bits<3>> l = [0b101]> : P<n, x = "s"> {
  field dag d = (op $a, (b 1):$c, ?);
  let v = !cond(true: [{code}], false: !add(1, -2));
  defvar w = a.b[0] # c # "d";
  assert !eq(n, 1), "m";
  C i;
}
def D : C<1>;
def : C<2>;
let a = 1 in { def E; }
foreach i = [1, 2] in def F # i;
if true then { def G; } else def H;
multiclass M<int x> { def NAME # _x; }
defm N : M<1>;
defvar z = !foreach(x, [1], !listconcat([x], []<int>));
"#;
    let tree = parse(src).unwrap();
    let bytes = codec::encode(&tree);
    let back = codec::decode(&bytes, FileId(3)).unwrap();
    assert_eq!(
        format!("{back:?}"),
        format!("{tree:?}").replace("FileId(0)", "FileId(3)")
    );
    assert_eq!(codec::decode(&bytes[..bytes.len() - 1], FileId(0)), None);
    assert_eq!(codec::decode(&[9, 9, 9, 9, 9], FileId(0)), None);
}

/// Every `.ods`/`.td` file below `dir`, recursively, sorted.
fn spec_files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<_> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for p in paths {
        if p.is_dir() {
            spec_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "ods" || x == "td") {
            out.push(p);
        }
    }
}

/// The hand-written reader (`fast.rs`) against pest and the tree builder
/// on the standard library, the dialects' specs, the test specs and, where
/// installed, every upstream `.td` file: where pest reads a file the fast
/// reader builds the same tree (spans included) or leaves it to pest; it
/// reads nothing pest rejects; and it reads every library file itself.
#[test]
fn fast_reader_builds_the_trees_pest_builds() {
    let mut texts: Vec<(String, String)> = crate::stdlib::FILES
        .iter()
        .map(|(p, t)| (p.to_string(), t.to_string()))
        .collect();
    let library = texts.len();
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    for dir in [
        "dialects",
        "tests",
        "ods-spec/tests",
        "ods-macros",
        "examples",
    ] {
        spec_files(&root.join(dir), &mut files);
    }
    spec_files(
        std::path::Path::new("/usr/lib/llvm-22/include/mlir"),
        &mut files,
    );
    for f in files {
        if let Ok(t) = std::fs::read_to_string(&f) {
            texts.push((f.display().to_string(), t));
        }
    }
    let (mut same, mut left_to_pest) = (0, Vec::new());
    for (k, (path, text)) in texts.iter().enumerate() {
        let Ok(text) = preprocess(text, FileId(1), &mut HashSet::new()) else {
            continue;
        };
        if nothing_to_parse(&text) || scan(&text, FileId(1)).is_err() {
            continue;
        }
        let fast = fast::parse(&text, FileId(1));
        match (parse_with_pest(text, FileId(1)), fast) {
            (Ok(tree), Some(f)) => {
                assert!(tree == f, "{path}: the fast reader's tree differs");
                same += 1;
            }
            (Ok(_), None) => {
                assert!(k >= library, "{path}: library file left to pest");
                left_to_pest.push(path.clone());
            }
            (Err(e), Some(_)) => panic!("{path}: fast reader accepts what pest rejects: {e:?}"),
            (Err(_), None) => {}
        }
    }
    eprintln!(
        "{same} files read the same; left to pest: {}: {left_to_pest:?}",
        left_to_pest.len()
    );
    assert!(same > library, "{same}");
}

/// The fast reader on broken text: the library's files with a byte
/// deleted, a token inserted or the rest cut off, at pseudo-random
/// places. Whatever it reads, pest reads to the same tree (it never
/// accepts text pest rejects).
#[test]
fn fast_reader_reads_no_broken_text_pest_rejects() {
    const TOKENS: &[&str] = &[
        "<", ">", "(", ")", "[", "]", "{", "}", ",", ";", ":", "=", "#", ".", "$", "!", "\"", " ",
        "a", "1", "let ", " in ", "?", "[{", "}]", "/*", "//", "def ", "-", "0x", "0b2", "!cond",
    ];
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut next = |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    let (mut read, mut tried) = (0, 0);
    for (path, text) in crate::stdlib::FILES {
        for _ in 0..12 {
            let mut at = next(text.len());
            while !text.is_char_boundary(at) {
                at -= 1;
            }
            let mutated = match next(3) {
                0 => {
                    let end = (at + 1..=text.len())
                        .find(|&e| text.is_char_boundary(e))
                        .unwrap_or(text.len());
                    format!("{}{}", &text[..at], &text[end..])
                }
                1 => format!(
                    "{}{}{}",
                    &text[..at],
                    TOKENS[next(TOKENS.len())],
                    &text[at..]
                ),
                _ => text[..at].to_string(),
            };
            let Ok(pre) = preprocess(&mutated, FileId(1), &mut HashSet::new()) else {
                continue;
            };
            if nothing_to_parse(&pre) || scan(&pre, FileId(1)).is_err() {
                continue;
            }
            tried += 1;
            if let Some(tree) = fast::parse(&pre, FileId(1)) {
                read += 1;
                match parse_with_pest(pre.clone(), FileId(1)) {
                    Ok(t) => assert!(t == tree, "{path} mutated at {at}: trees differ"),
                    Err(e) => panic!("{path} mutated at {at}: pest rejects it: {e:?}"),
                }
            }
        }
    }
    eprintln!("{read} of {tried} mutated files read by the fast reader");
    assert!(read > 0 && read < tried, "{read} of {tried}");
}
