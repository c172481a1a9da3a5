//! Differential test of the format checker against mlir-tblgen: formats
//! made by a fixed pseudo-random generator (directives, variables of every
//! kind, literals, optional and else groups, `oilist`, `custom`, `ref`),
//! and small changes to a valid format (so that the whole-format checks,
//! ambiguities and inference, are reached too), over one op with operands, attributes, results, a region and a
//! successor of every kind. For each, our first error (or none) must be
//! mlir-tblgen-22's, word for word. Skipped with a printed line when
//! mlir-tblgen is missing.

use std::path::Path;
use std::process::Command;

const INCLUDE: &str = "/usr/lib/llvm-22/include";
const TBLGEN: &str = "/usr/lib/llvm-22/bin/mlir-tblgen";
const SAMPLES: usize = 240;

const SPEC: &str = r#"include "mlir/IR/OpBase.td"
def T_Dialect : Dialect { let name = "t"; }
def T_FormatOp : Op<T_Dialect, "format", [AttrSizedOperandSegments]> {
  let arguments = (ins I32:$a, Variadic<I32>:$v, Optional<I32>:$o, AnyType:$t, I64Attr:$i,
                       OptionalAttr<AnyAttr>:$oi, UnitAttr:$u, AnyAttr:$any,
                       DefaultValuedAttr<I64Attr, "1">:$d);
  let results = (outs I32:$r, Variadic<AnyType>:$vr);
  let regions = (region AnyRegion:$g);
  let successors = (successor AnySuccessor:$s);
  let assemblyFormat = [{FORMAT}];
}
"#;

const VARIABLES: &[&str] = &[
    "$a", "$v", "$o", "$t", "$i", "$oi", "$u", "$any", "$d", "$g", "$s",
];
const TYPES: &[&str] = &[
    "type($a)",
    "type($v)",
    "type($o)",
    "type($t)",
    "type($r)",
    "type($vr)",
    "type(operands)",
    "type(results)",
    "qualified(type($t))",
];
const LITERALS: &[&str] = &[
    "`,`", "`:`", "`(`", "`)`", "`->`", "`x`", "` `", "``", "`\\n`", "`...`",
];
const DIRECTIVES: &[&str] = &[
    "attr-dict",
    "attr-dict-with-keyword",
    "prop-dict",
    "operands",
    "regions",
    "successors",
    "functional-type(operands, results)",
    "functional-type($v, $vr)",
    "custom<X>($a)",
    "custom<X>(ref($a))",
    "custom<X>(type($t), \"s\")",
    "qualified($any)",
    "custom<X>(ref(type($t)))",
    "type($g)",
    "$r",
];

/// A small deterministic generator (xorshift), so failures reproduce.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn pick<'a>(&mut self, xs: &[&'a str]) -> &'a str {
        xs[self.below(xs.len())]
    }
}

fn element(rng: &mut Rng, depth: usize) -> String {
    let k = rng.below(100);
    if k < 35 {
        return rng.pick(VARIABLES).to_string();
    }
    if k < 55 {
        return rng.pick(TYPES).to_string();
    }
    if k < 75 {
        return rng.pick(LITERALS).to_string();
    }
    if k < 90 || depth > 1 {
        return rng.pick(DIRECTIVES).to_string();
    }
    if k < 95 {
        let n = 1 + rng.below(3);
        let mut items: Vec<String> = (0..n).map(|_| element(rng, depth + 1)).collect();
        let anchor = rng.below(n);
        items[anchor].push('^');
        let mut group = format!("({})", items.join(" "));
        if rng.below(10) < 3 {
            let m = 1 + rng.below(2);
            let others: Vec<String> = (0..m).map(|_| element(rng, depth + 1)).collect();
            group.push_str(&format!(" : ({})", others.join(" ")));
        }
        group.push('?');
        return group;
    }
    let keywords = ["`p`", "`q`", "`x`"];
    let n = 1 + rng.below(2);
    let clauses: Vec<String> = keywords[..n]
        .iter()
        .map(|kw| {
            let m = rng.below(3);
            let rest: Vec<String> = (0..m).map(|_| element(rng, depth + 1)).collect();
            format!("{kw} {}", rest.join(" "))
        })
        .collect();
    format!("oilist({})", clauses.join(" | "))
}

/// A valid format over the op, and pieces to insert into it.
const BASE: &[&str] = &[
    "$a",
    "`,`",
    "$v",
    "(`[` $o^ `]`)?",
    "`,`",
    "$t",
    "$i",
    "($oi^)?",
    "(`unit` $u^)?",
    "`{`",
    "$d",
    "`}`",
    "$any",
    "`->`",
    "$g",
    "$s",
    "attr-dict-with-keyword",
    "`:`",
    "type($t)",
    "`,`",
    "type($vr)",
];
const INSERTS: &[&str] = &[
    "`:`",
    "attr-dict",
    "$g",
    "$any",
    "(`p` $oi^):(`q`)?",
    "(`:` $u^)?",
    "type($o)",
    "type($r)",
    "`,`",
    "(` ` $v^)?",
    "custom<X>(ref($a), $t)",
    "oilist(`p` $oi | `q` $u)",
    "qualified($any)",
    "($o^ `:` type($o))?",
    "$d",
    "` `",
];

/// The valid format with one to three changes (an element dropped, two
/// swapped, `attr-dict-with-keyword` made plain, a piece inserted).
fn mutated(rng: &mut Rng) -> String {
    let mut parts: Vec<String> = BASE.iter().map(|s| s.to_string()).collect();
    for _ in 0..1 + rng.below(3) {
        match rng.below(10) {
            0..=2 if !parts.is_empty() => {
                let i = rng.below(parts.len());
                parts.remove(i);
            }
            3 | 4 if parts.len() > 1 => {
                let (i, j) = (rng.below(parts.len()), rng.below(parts.len()));
                parts.swap(i, j);
            }
            5 => {
                for p in &mut parts {
                    if p == "attr-dict-with-keyword" {
                        *p = "attr-dict".into();
                    }
                }
            }
            _ => {
                let at = rng.below(parts.len() + 1);
                parts.insert(at, rng.pick(INSERTS).to_string());
            }
        }
    }
    parts.join(" ")
}

fn format(rng: &mut Rng) -> String {
    let n = 2 + rng.below(8);
    let mut parts: Vec<String> = (0..n).map(|_| element(rng, 0)).collect();
    if rng.below(2) == 0 {
        parts.insert(0, "$a $v $o $t $i $oi $u $d $g $s".into());
    }
    parts.join(" ")
}

fn theirs(spec: &str, dir: &Path, n: usize) -> Option<String> {
    let path = dir.join(format!("sample{n}.td"));
    std::fs::write(&path, spec).expect("temp file written");
    let out = Command::new(TBLGEN)
        .arg("-gen-op-defs")
        .arg("-I")
        .arg(INCLUDE)
        .arg(&path)
        .output()
        .expect("mlir-tblgen runs");
    let _ = std::fs::remove_file(&path);
    String::from_utf8_lossy(&out.stderr)
        .lines()
        .find_map(|l| l.split_once("error: ").map(|(_, m)| m.to_string()))
}

fn ours(spec: &str) -> Option<String> {
    let compiled = ods_spec::compile("sample.ods", spec, &[]).expect("the spec resolves");
    compiled.check().errors.first().map(|d| d.message.clone())
}

#[test]
fn random_formats_get_mlir_tblgen_verdicts() {
    if !Path::new(TBLGEN).exists() || !Path::new(INCLUDE).join("mlir/IR/OpBase.td").exists() {
        println!(
            "skipped: {TBLGEN} or {INCLUDE} not found (install mlir-22-tools and libmlir-22-dev)"
        );
        return;
    }
    let dir = std::env::temp_dir().join(format!("ods-format-diff-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let (mut accepted, mut failures) = (0, Vec::new());
    for n in 0..SAMPLES {
        let fmt = if n % 2 == 0 {
            format(&mut rng)
        } else {
            mutated(&mut rng)
        };
        let spec = SPEC.replace("FORMAT", &fmt);
        let (o, t) = (ours(&spec), theirs(&spec, &dir, n));
        if o != t {
            failures.push(format!("{fmt}\n  ours:   {o:?}\n  theirs: {t:?}"));
        } else if o.is_none() {
            accepted += 1;
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    println!("{SAMPLES} random formats: {accepted} accepted by both, the rest rejected with the same message");
    assert!(
        accepted >= SAMPLES / 10,
        "too few valid samples: {accepted}"
    );
    assert!(
        failures.is_empty(),
        "{} of {SAMPLES} differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// `$s `:`` after an attribute of each kind: only attributes read by the
/// generic attribute parser without a buildable type are ambiguous, and
/// which those are must agree with mlir-tblgen.
#[test]
fn colon_after_each_attribute_kind_agrees() {
    if !Path::new(TBLGEN).exists() || !Path::new(INCLUDE).join("mlir/IR/OpBase.td").exists() {
        println!(
            "skipped: {TBLGEN} or {INCLUDE} not found (install mlir-22-tools and libmlir-22-dev)"
        );
        return;
    }
    let kinds = [
        "AnyAttr",
        "OptionalAttr<AnyAttr>",
        "AnyAttrOf<[I64Attr, StrAttr]>",
        "ConfinedAttr<AnyAttr, []>",
        "Attr<CPred<\"true\">, \"x\">",
        "SymbolRefAttr",
        "FlatSymbolRefAttr",
        "OptionalAttr<SymbolRefAttr>",
        "LocationAttr",
        "DictionaryAttr",
        "ElementsAttr",
        "TypedAttrInterface",
        "ArrayAttr",
        "StrAttr",
        "UnitAttr",
        "AffineMapAttr",
        "APIntAttr",
        "I64Attr",
        "TypeAttr",
    ];
    let dir = std::env::temp_dir().join(format!("ods-format-kinds-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let mut failures = Vec::new();
    let mut ambiguous = 0;
    for (n, kind) in kinds.iter().enumerate() {
        let spec = format!(
            "include \"mlir/IR/OpBase.td\"\ninclude \"mlir/IR/BuiltinAttributeInterfaces.td\"\n\
             def T_Dialect : Dialect {{ let name = \"t\"; }}\n\
             def T_XOp : Op<T_Dialect, \"x\"> {{\n  let arguments = (ins {kind}:$s);\n  \
             let assemblyFormat = \"$s `:` attr-dict\";\n}}\n"
        );
        let (o, t) = (ours(&spec), theirs(&spec, &dir, n));
        ambiguous += usize::from(o.is_some());
        if o != t {
            failures.push(format!("{kind}\n  ours:   {o:?}\n  theirs: {t:?}"));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(ambiguous >= 4, "only {ambiguous} kinds found ambiguous");
}
