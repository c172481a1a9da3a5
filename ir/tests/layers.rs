//! The layering of the `ir` crate's modules (see `docs/architecture.md`,
//! "Inside `ir`"): every `crate::` path in a module's non-test code may
//! name only a module of the same or a lower layer, and the modules of a
//! layer do not import each other in a circle.
//!
//! The check reads the sources: it strips comments, string and character
//! literals and `#[cfg(test)]` modules (inline ones and the files such a
//! declaration names), then collects the `crate::` / `super::` paths of
//! each top-level module. Names the crate root re-exports (`crate::Context`)
//! count as the module that defines them.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The layers, lowest first. A module may use modules of its own layer
/// and of the layers before it.
const LAYERS: &[(&str, &[&str])] = &[
    // Leaf utilities and value modules with no `crate::` imports: byte
    // helpers, diagnostics, the token lexer, the print buffer, affine
    // expressions, float bit patterns, and the values parse hooks return.
    (
        "foundation",
        &[
            "bytes",
            "diagnostics",
            "lexer",
            "print_buffer",
            "affine",
            "float",
            "asm_interface",
        ],
    ),
    // Uniqued values: the context interns types and attributes, whose kinds
    // hold each other (see `RECURSIVE`).
    // `attr_lookup` finds an interned attribute from its parts before
    // building one, so it lives with the context's interning.
    (
        "values",
        &["context", "types", "attributes", "defs", "attr_lookup"],
    ),
    // The op graph and the code that builds it.
    ("graph", &["graph", "builder"]),
    // What dialects register (ops, traits, hooks) and symbol tables.
    ("registry", &["registry", "symbols"]),
    // The textual format, above the IR it reads and writes.
    ("asm", &["parser", "printer"]),
    // Checking, the builtin dialect (whose custom forms use the parser and
    // printer), and the test driver's expected-diagnostics checker and
    // `--split-input-file` split.
    (
        "checks",
        &[
            "verifier",
            "builtin_ops",
            "expected_diagnostics",
            "split_input",
        ],
    ),
];

/// Modules that use each other by nature, as one unit: a type's kind holds
/// attributes (encodings, dialect parameters) and an attribute's kind holds
/// types, both interned by the context, as MLIR's type and attribute
/// storage are.
const RECURSIVE: &[&[&str]] = &[&["context", "types", "attributes", "defs", "attr_lookup"]];

/// Types of a higher layer that a module may name, only inside a hook
/// signature (`type F = fn(...)`), with why. A hook a dialect registers
/// with the IR receives the parser's or printer's cursor, so its signature
/// names that cursor; no other code of the module may (not even a `use`).
/// MLIR declares these cursors as abstract classes in `IR`; here they are
/// the parser's and printer's own structs, which generated code names.
/// Each entry must still be used (the test fails on a stale entry).
const ALLOWED_UPWARD: &[(&str, &str, &str)] = &[
    (
        "defs",
        "parser::AsmParser",
        "DefParseFn: an attribute or type definition's parser",
    ),
    (
        "defs",
        "printer::dialect_asm::AsmPrinter",
        "DefPrintFn: an attribute or type definition's printer",
    ),
    (
        "registry",
        "parser::AsmParser",
        "AttrParseFn, TypeFallbackFn: a dialect's attribute and type parsers",
    ),
    (
        "registry",
        "parser::ops::OpAsmParser",
        "ParseFn: an op's custom-form parser",
    ),
    (
        "registry",
        "printer::ops::OpAsmPrinter",
        "PrintFn: an op's custom-form printer",
    ),
];

fn src_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// A token of the code that matters here: identifiers, `::` and single
/// punctuation characters. Comments and literals are dropped.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Tok {
    Ident(String),
    PathSep,
    Punct(char),
}

fn lex(text: &str) -> Vec<Tok> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_whitespace() {
            i += 1;
        } else if b[i..].starts_with(b"//") {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if b[i..].starts_with(b"/*") {
            let mut depth = 0;
            while i < b.len() {
                if b[i..].starts_with(b"/*") {
                    depth += 1;
                    i += 2;
                } else if b[i..].starts_with(b"*/") {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if let Some(end) = raw_string_end(b, i) {
            i = end;
        } else if c == b'"' || (c == b'b' && b.get(i + 1) == Some(&b'"')) {
            i += if c == b'b' { 2 } else { 1 };
            while i < b.len() && b[i] != b'"' {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            i += 1;
        } else if c == b'\'' || (c == b'b' && b.get(i + 1) == Some(&b'\'')) {
            let start = if c == b'b' { i + 1 } else { i };
            i = char_or_lifetime_end(b, start);
        } else if c == b'_' || c.is_ascii_alphabetic() {
            let start = i;
            while i < b.len() && (b[i] == b'_' || b[i].is_ascii_alphanumeric()) {
                i += 1;
            }
            out.push(Tok::Ident(text[start..i].to_string()));
        } else if b[i..].starts_with(b"::") {
            out.push(Tok::PathSep);
            i += 2;
        } else if c.is_ascii_digit() {
            while i < b.len() && (b[i] == b'_' || b[i].is_ascii_alphanumeric()) {
                i += 1;
            }
        } else {
            let ch = text[i..].chars().next().expect("in bounds");
            out.push(Tok::Punct(ch));
            i += ch.len_utf8();
        }
    }
    out
}

/// The end of a raw (byte) string starting at `i`, if one does.
fn raw_string_end(b: &[u8], i: usize) -> Option<usize> {
    let mut j = i;
    if b.get(j) == Some(&b'b') {
        j += 1;
    }
    if b.get(j) != Some(&b'r') {
        return None;
    }
    // `r` must start a token, not end an identifier such as `for`.
    if i > 0 && (b[i - 1] == b'_' || b[i - 1].is_ascii_alphanumeric()) {
        return None;
    }
    j += 1;
    let hashes = b[j..].iter().take_while(|&&c| c == b'#').count();
    j += hashes;
    if b.get(j) != Some(&b'"') {
        return None;
    }
    j += 1;
    let mut close = vec![b'"'];
    close.extend(std::iter::repeat_n(b'#', hashes));
    while j < b.len() {
        if b[j..].starts_with(&close) {
            return Some(j + close.len());
        }
        j += 1;
    }
    Some(b.len())
}

/// The end of the character literal or lifetime whose `'` is at `i`.
fn char_or_lifetime_end(b: &[u8], i: usize) -> usize {
    if b.get(i + 1) == Some(&b'\\') {
        let mut j = i + 2;
        while j < b.len() && b[j] != b'\'' {
            j += 1;
        }
        return j + 1;
    }
    // One character (maybe several UTF-8 bytes) and a closing quote make a
    // character literal; anything else is a lifetime or label.
    let len = std::str::from_utf8(&b[i + 1..b.len().min(i + 5)])
        .map(|s| s.chars().next().map_or(1, char::len_utf8))
        .unwrap_or_else(|e| {
            std::str::from_utf8(&b[i + 1..i + 1 + e.valid_up_to()])
                .ok()
                .and_then(|s| s.chars().next())
                .map_or(1, char::len_utf8)
        });
    if b.get(i + 1 + len) == Some(&b'\'') {
        i + 2 + len
    } else {
        i + 1
    }
}

/// Drops `#[cfg(test)]` items from the tokens: inline test modules are
/// skipped whole; the names of test modules declared `mod name;` are
/// returned so their files can be skipped.
fn strip_test_items(toks: &[Tok]) -> (Vec<Tok>, Vec<String>) {
    let cfg_test = [
        Tok::Punct('#'),
        Tok::Punct('['),
        Tok::Ident("cfg".into()),
        Tok::Punct('('),
        Tok::Ident("test".into()),
        Tok::Punct(')'),
        Tok::Punct(']'),
    ];
    let mut out = Vec::new();
    let mut test_files = Vec::new();
    let mut i = 0;
    while i < toks.len() {
        if !toks[i..].starts_with(&cfg_test) {
            out.push(toks[i].clone());
            i += 1;
            continue;
        }
        i += cfg_test.len();
        // The item the attribute applies to: up to its `;` or its
        // balanced `{ ... }`.
        let mut j = i;
        while j < toks.len() && toks[j] != Tok::Punct(';') && toks[j] != Tok::Punct('{') {
            j += 1;
        }
        if toks.get(j) == Some(&Tok::Punct(';')) {
            if let [Tok::Ident(m), Tok::Ident(name)] = &toks[i..j] {
                if m == "mod" {
                    test_files.push(name.clone());
                }
            }
            i = j + 1;
            continue;
        }
        let mut depth = 0;
        while j < toks.len() {
            match toks[j] {
                Tok::Punct('{') => depth += 1,
                Tok::Punct('}') => {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
                _ => {}
            }
            j += 1;
        }
        i = j + 1;
    }
    (out, test_files)
}

/// The `crate::`-rooted paths in `toks`, as `module::item::...` strings
/// (use groups expanded), each with the index of the token it starts at.
/// `depth` is how deep the file's module is below the crate root (1 for
/// `src/x.rs` and `src/x/mod.rs`), to resolve `super::`; `own` is the
/// file's top-level module.
fn crate_paths(toks: &[Tok], depth: usize, own: &str) -> Vec<(String, usize)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < toks.len() {
        let ident = |k: usize, s: &str| matches!(toks.get(k), Some(Tok::Ident(x)) if x == s);
        let starts_path = i == 0 || toks[i - 1] != Tok::PathSep;
        let start = i;
        let mut found = Vec::new();
        if starts_path && ident(i, "crate") && toks.get(i + 1) == Some(&Tok::PathSep) {
            i = parse_use_tree(toks, i + 2, String::new(), &mut found);
        } else if starts_path && ident(i, "super") {
            let mut supers = 0;
            let mut j = i;
            while ident(j, "super") && toks.get(j + 1) == Some(&Tok::PathSep) {
                supers += 1;
                j += 2;
            }
            if supers == 0 {
                // `pub(super)`.
                i += 1;
            } else if supers >= depth {
                i = parse_use_tree(toks, j, String::new(), &mut found);
            } else {
                // Within the file's own top-level module.
                found.push(format!("{own}::"));
                i = j;
            }
        } else {
            i += 1;
        }
        out.extend(found.into_iter().map(|p| (p, start)));
    }
    out
}

/// The token ranges of hook signatures: `type Name<...> = fn(...) ...;`.
fn hook_signatures(toks: &[Tok]) -> Vec<std::ops::Range<usize>> {
    let mut ranges = Vec::new();
    for (i, t) in toks.iter().enumerate() {
        if *t != Tok::Ident("type".into()) || !matches!(toks.get(i + 1), Some(Tok::Ident(_))) {
            continue;
        }
        let Some(eq) = toks[i..]
            .iter()
            .position(|t| *t == Tok::Punct('=') || *t == Tok::Punct(';'))
        else {
            continue;
        };
        if toks[i + eq] != Tok::Punct('=') || toks.get(i + eq + 1) != Some(&Tok::Ident("fn".into()))
        {
            continue;
        }
        let end = toks[i..]
            .iter()
            .position(|t| *t == Tok::Punct(';'))
            .map_or(toks.len(), |k| i + k);
        ranges.push(i..end);
    }
    ranges
}

/// Reads a path (or `{...}` group of paths) starting at `i`, pushing each
/// complete path prefixed with `prefix`; returns where it ended.
fn parse_use_tree(toks: &[Tok], mut i: usize, mut prefix: String, out: &mut Vec<String>) -> usize {
    loop {
        match toks.get(i) {
            Some(Tok::Ident(name)) => {
                prefix.push_str(name);
                i += 1;
                if toks.get(i) == Some(&Tok::PathSep) {
                    prefix.push_str("::");
                    i += 1;
                } else {
                    out.push(prefix);
                    return i;
                }
            }
            Some(Tok::Punct('{')) => {
                i += 1;
                loop {
                    match toks.get(i) {
                        Some(Tok::Punct('}')) => return i + 1,
                        Some(Tok::Punct(',')) => i += 1,
                        Some(Tok::Ident(_)) | Some(Tok::Punct('{')) => {
                            i = parse_use_tree(toks, i, prefix.clone(), out);
                            // Skip `as name`.
                            while !matches!(
                                toks.get(i),
                                None | Some(Tok::Punct(',')) | Some(Tok::Punct('}'))
                            ) {
                                i += 1;
                            }
                        }
                        Some(_) => i += 1,
                        None => return i,
                    }
                }
            }
            // `crate::*` or the end of a path followed by something else.
            _ => {
                out.push(prefix);
                return i;
            }
        }
    }
}

/// One source file of a top-level module.
struct ModuleFile {
    module: String,
    depth: usize,
    path: PathBuf,
}

/// The non-test source files, by top-level module, and the root.
fn module_files() -> Vec<ModuleFile> {
    let src = src_dir();
    let mut files = Vec::new();
    let mut pending = vec![(
        src.join("lib.rs"),
        String::from("crate"),
        0usize,
        src.clone(),
    )];
    while let Some((path, module, depth, dir)) = pending.pop() {
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
        let (toks, test_mods) = strip_test_items(&lex(&text));
        // Child modules declared `mod name;` (test ones already dropped).
        for w in toks.windows(3) {
            if let [Tok::Ident(m), Tok::Ident(name), Tok::Punct(';')] = w {
                if m != "mod" || test_mods.contains(name) {
                    continue;
                }
                let child_module = if depth == 0 {
                    name.clone()
                } else {
                    module.clone()
                };
                let flat = dir.join(format!("{name}.rs"));
                let (child, child_dir) = if flat.exists() {
                    (flat, dir.join(name))
                } else {
                    (dir.join(name).join("mod.rs"), dir.join(name))
                };
                pending.push((child, child_module, depth + 1, child_dir));
            }
        }
        files.push(ModuleFile {
            module,
            depth,
            path,
        });
    }
    files
}

/// Root re-exports (`pub use m::{A, B};` in `lib.rs`): name -> module.
fn root_reexports() -> BTreeMap<String, String> {
    let text = std::fs::read_to_string(src_dir().join("lib.rs")).expect("lib.rs");
    let toks = lex(&text);
    let mut map = BTreeMap::new();
    for (i, t) in toks.iter().enumerate() {
        if *t != Tok::Ident("use".into()) || i == 0 || toks[i - 1] != Tok::Ident("pub".into()) {
            continue;
        }
        let mut paths = Vec::new();
        parse_use_tree(&toks, i + 1, String::new(), &mut paths);
        for p in paths {
            let parts: Vec<&str> = p.split("::").collect();
            if let (Some(first), Some(last)) = (parts.first(), parts.last()) {
                map.insert(last.to_string(), first.to_string());
            }
        }
    }
    map
}

/// A path a module names in another top-level module.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Use {
    /// `module::item...`.
    path: String,
    /// Whether it is named only inside a hook signature (`type F = fn(..)`).
    in_hook_signature: bool,
}

impl Use {
    fn target(&self) -> &str {
        self.path.split("::").next().unwrap_or_default()
    }
}

/// Per top-level module, the paths it names in other top-level modules.
fn module_uses() -> BTreeMap<String, BTreeSet<Use>> {
    let reexports = root_reexports();
    let mut uses: BTreeMap<String, BTreeSet<Use>> = BTreeMap::new();
    for file in module_files() {
        if file.module == "crate" {
            continue;
        }
        let text = std::fs::read_to_string(&file.path).expect("source file");
        let (toks, _) = strip_test_items(&lex(&text));
        let hooks = hook_signatures(&toks);
        let entry = uses.entry(file.module.clone()).or_default();
        for (path, at) in crate_paths(&toks, file.depth, &file.module) {
            let first = path.split("::").next().unwrap_or_default().to_string();
            let path = match reexports.get(&first) {
                Some(m) => format!("{m}::{path}"),
                None => path,
            };
            let used = Use {
                path,
                in_hook_signature: hooks.iter().any(|r| r.contains(&at)),
            };
            if used.target() != file.module && used.target() != "self" {
                entry.insert(used);
            }
        }
    }
    uses
}

fn layer_of(module: &str) -> Option<usize> {
    LAYERS.iter().position(|(_, ms)| ms.contains(&module))
}

fn unit_of(module: &str) -> String {
    RECURSIVE
        .iter()
        .find(|g| g.contains(&module))
        .map_or(module.to_string(), |g| g.join("+"))
}

fn allowed_upward(from: &str, used: &Use) -> bool {
    used.in_hook_signature
        && ALLOWED_UPWARD
            .iter()
            .any(|(m, p, _)| *m == from && used.path == *p)
}

#[test]
fn every_module_has_a_layer() {
    let uses = module_uses();
    let declared: BTreeSet<&str> = LAYERS
        .iter()
        .flat_map(|(_, ms)| ms.iter().copied())
        .collect();
    let actual: BTreeSet<&str> = uses.keys().map(String::as_str).collect();
    assert_eq!(
        declared, actual,
        "the layer table and the crate's top-level modules differ"
    );
}

#[test]
fn imports_point_down() {
    let mut wrong = Vec::new();
    for (from, uses) in module_uses() {
        let Some(from_layer) = layer_of(&from) else {
            continue;
        };
        for used in uses {
            let Some(to_layer) = layer_of(used.target()) else {
                wrong.push(format!(
                    "{from} -> {}: `{}` has no layer",
                    used.path,
                    used.target()
                ));
                continue;
            };
            if to_layer > from_layer && !allowed_upward(&from, &used) {
                wrong.push(format!(
                    "{from} ({}) -> {} ({}){}",
                    LAYERS[from_layer].0,
                    used.path,
                    LAYERS[to_layer].0,
                    if used.in_hook_signature {
                        ", in a hook signature"
                    } else {
                        ""
                    }
                ));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "imports into a higher layer:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn no_import_cycles() {
    // The graph of units (a `RECURSIVE` group is one unit), without the
    // allowed hook-signature paths.
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (from, uses) in module_uses() {
        for used in uses {
            let (a, b) = (unit_of(&from), unit_of(used.target()));
            if a != b && !allowed_upward(&from, &used) {
                edges.entry(a).or_default().insert(b);
            }
        }
    }
    // Depth-first search for a back edge.
    fn visit(
        n: &str,
        edges: &BTreeMap<String, BTreeSet<String>>,
        state: &mut BTreeMap<String, u8>,
        stack: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        match state.get(n) {
            Some(2) => return None,
            Some(1) => {
                let start = stack.iter().position(|s| s == n).unwrap_or(0);
                let mut cycle = stack[start..].to_vec();
                cycle.push(n.to_string());
                return Some(cycle);
            }
            _ => {}
        }
        state.insert(n.to_string(), 1);
        stack.push(n.to_string());
        for m in edges.get(n).into_iter().flatten() {
            if let Some(c) = visit(m, edges, state, stack) {
                return Some(c);
            }
        }
        stack.pop();
        state.insert(n.to_string(), 2);
        None
    }
    let mut state = BTreeMap::new();
    for n in edges.keys() {
        let cycle = visit(n, &edges, &mut state, &mut Vec::new());
        assert!(
            cycle.is_none(),
            "import cycle: {}",
            cycle.unwrap_or_default().join(" -> ")
        );
    }
}

#[test]
fn allowed_upward_paths_are_still_used() {
    let uses = module_uses();
    for (from, path, _) in ALLOWED_UPWARD {
        let used = uses
            .get(*from)
            .is_some_and(|us| us.iter().any(|u| u.path == *path && u.in_hook_signature));
        assert!(
            used,
            "{from} no longer names {path} in a hook signature: drop it from ALLOWED_UPWARD"
        );
    }
}

/// The scanner itself: paths in code count, paths in comments, strings and
/// test modules do not; hook signatures are told apart.
#[test]
fn scanner_sees_code_paths_only() {
    let text = r##"
        use crate::{a::B, c::{d::E, F as G}};
        // crate::comment::X
        /* crate::block /* nested */ crate::still_comment */
        fn f<'a>(x: &'a str) -> char { let _ = "crate::string"; let _ = r#"crate::raw"#; 'c' }
        fn g() { super::h::i(); crate::j::K::new(); }
        #[cfg(test)]
        mod tests { use crate::test_only::Z; fn t() { let _ = '{'; } }
        #[cfg(test)]
        mod more_tests;
        pub type Hook = fn(&mut crate::up::Cursor<'_>) -> crate::low::R<()>;
        pub type Alias = crate::not_hook::T;
        fn after() { crate::after::Y; }
    "##;
    let (toks, test_mods) = strip_test_items(&lex(text));
    assert_eq!(test_mods, vec!["more_tests".to_string()]);
    let hooks = hook_signatures(&toks);
    let paths: Vec<(String, bool)> = crate_paths(&toks, 1, "own")
        .into_iter()
        .map(|(p, at)| (p, hooks.iter().any(|r| r.contains(&at))))
        .collect();
    let expected = [
        ("a::B", false),
        ("c::d::E", false),
        ("c::F", false),
        ("h::i", false),
        ("j::K::new", false),
        ("up::Cursor", true),
        ("low::R", true),
        ("not_hook::T", false),
        ("after::Y", false),
    ];
    assert_eq!(paths, expected.map(|(p, h)| (p.to_string(), h)).to_vec());
}

/// Prints the module graph (`cargo test -p ir --test layers -- --ignored
/// --nocapture`), to see where a module stands.
#[test]
#[ignore]
fn print_graph() {
    for (from, uses) in module_uses() {
        let targets: BTreeSet<&str> = uses.iter().map(Use::target).collect();
        println!(
            "{from} -> {}",
            targets.into_iter().collect::<Vec<_>>().join(" ")
        );
        for u in uses {
            let hook = if u.in_hook_signature {
                " (hook signature)"
            } else {
                ""
            };
            println!("    {}{hook}", u.path);
        }
    }
}
