//! Upstream op definitions through our standard library: every op of
//! MLIR's arith, func, cf, scf, memref and tensor `.td` files (read from the installed
//! `libmlir-22-dev`) must resolve, and when `mlir-tblgen` is installed each
//! op record must print exactly as `mlir-tblgen --print-records` prints it
//! (anonymous record numbers aside). Missing tools or files are reported
//! with a printed line and the check is skipped.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

const INCLUDE: &str = "/usr/lib/llvm-22/include";
const TBLGEN: &str = "/usr/lib/llvm-22/bin/mlir-tblgen";
const FILES: &[&str] = &[
    "mlir/Dialect/Arith/IR/ArithOps.td",
    "mlir/Dialect/Func/IR/FuncOps.td",
    "mlir/Dialect/ControlFlow/IR/ControlFlowOps.td",
    "mlir/Dialect/SCF/IR/SCFOps.td",
    "mlir/Dialect/MemRef/IR/MemRefOps.td",
    "mlir/Dialect/Tensor/IR/TensorOps.td",
];

/// Op records (those deriving from `Op`) of a `--print-records` dump,
/// keyed by name, with `anonymous_N` numbers erased.
fn op_blocks(dump: &str) -> BTreeMap<String, String> {
    let defs = dump
        .split_once("------------- Defs -----------------\n")
        .map_or("", |(_, d)| d);
    let mut out = BTreeMap::new();
    let mut rest = defs;
    while let Some(start) = rest.find("def ") {
        rest = &rest[start..];
        let Some(end) = rest.find("\n}\n") else { break };
        let block = &rest[..end + 3];
        rest = &rest[end + 3..];
        let head = block.lines().next().unwrap_or("");
        let name = head[4..].split(' ').next().unwrap_or("").to_string();
        let is_op = head
            .split_once("//")
            .is_some_and(|(_, s)| s.split_whitespace().any(|c| c == "Op"));
        if is_op {
            out.insert(name, erase_anonymous_numbers(block));
        }
    }
    out
}

fn erase_anonymous_numbers(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(p) = rest.find("anonymous_") {
        out.push_str(&rest[..p + "anonymous_".len()]);
        rest = rest[p + "anonymous_".len()..].trim_start_matches(|c: char| c.is_ascii_digit());
    }
    out.push_str(rest);
    out
}

#[test]
fn upstream_dialects_resolve_and_match_mlir_tblgen() {
    if !Path::new(INCLUDE).join(FILES[0]).exists() {
        println!("skipped: upstream .td files not found under {INCLUDE} (install libmlir-22-dev)");
        return;
    }
    let have_tblgen = Path::new(TBLGEN).exists();
    if !have_tblgen {
        println!(
            "note: {TBLGEN} not found (install mlir-22-tools); only checking that files resolve"
        );
    }
    let includes = vec![PathBuf::from(INCLUDE)];
    for file in FILES {
        let path = Path::new(INCLUDE).join(file);
        let text = std::fs::read_to_string(&path).expect("readable upstream file");
        let name = path.display().to_string();
        let compiled = match ods_spec::compile(&name, &text, &includes) {
            Ok(c) => c,
            Err(e) => panic!("{file} does not resolve:\n{}", e.render()),
        };
        let ops: Vec<_> = compiled.records.defs_of("Op").collect();
        assert!(!ops.is_empty(), "{file}: no ops found");
        // The model accepts every upstream op, and docs can be made; the
        // only errors are the C++ snippets left to port.
        let report = compiled.check();
        assert_eq!(
            report.errors.len(),
            report.snippet_errors,
            "{file}: model checks failed:\n{}",
            compiled.sources.render_all(&report.errors)
        );
        let model = match compiled.interface_model() {
            Ok(m) => m,
            Err(e) => panic!("{file}: model checks failed:\n{}", e.render()),
        };
        let modelled: usize = model.dialects.iter().map(|d| d.ops.len()).sum();
        assert_eq!(
            modelled,
            ops.iter().filter(|o| !o.anonymous).count(),
            "{file}"
        );
        if let Err(e) = ods_spec::generate_dialect_doc(&compiled, None) {
            panic!("{file}: no dialect doc:\n{}", e.render());
        }
        // The OpBase family must come from our embedded library.
        let opbase = compiled
            .sources
            .files()
            .map(|f| f.name.as_str())
            .find(|n| n.ends_with("mlir/IR/OpBase.td"));
        assert_eq!(opbase, Some("<ods-std>/mlir/IR/OpBase.td"), "{file}");
        // Everything under mlir/IR and mlir/Interfaces comes from us too.
        for f in compiled.sources.files() {
            let upstream_lib = ["mlir/IR/", "mlir/Interfaces/"]
                .iter()
                .any(|d| f.name.starts_with(&format!("{INCLUDE}/{d}")));
            assert!(
                !upstream_lib,
                "{file}: {} was read from disk, not the standard library",
                f.name
            );
        }
        if !have_tblgen {
            continue;
        }
        let theirs = Command::new(TBLGEN)
            .arg("--print-records")
            .arg("-I")
            .arg(INCLUDE)
            .arg(&path)
            .output()
            .expect("mlir-tblgen runs");
        assert!(theirs.status.success(), "mlir-tblgen failed on {file}");
        let theirs = op_blocks(&String::from_utf8_lossy(&theirs.stdout));
        let ours = op_blocks(&compiled.records.print());
        assert_eq!(
            theirs.keys().collect::<Vec<_>>(),
            ours.keys().collect::<Vec<_>>(),
            "{file}: different op defs"
        );
        let mut differing = Vec::new();
        for (name, block) in &theirs {
            if ours.get(name) != Some(block) {
                differing.push(name.clone());
            }
        }
        assert!(
            differing.is_empty(),
            "{file}: {} of {} op records differ from mlir-tblgen: {differing:?}\nfirst, theirs:\n{}\nours:\n{}",
            differing.len(),
            theirs.len(),
            theirs[&differing[0]],
            ours.get(&differing[0]).map_or("<missing>", String::as_str)
        );
        println!(
            "{file}: {} op records identical to mlir-tblgen",
            theirs.len()
        );
    }
}

/// The constructs the Toy tutorial's `Ops.td` uses (written here in our own
/// words) resolve and lower through the standard library alone.
#[test]
fn toy_tutorial_constructs_resolve() {
    let spec = r#"
include "mlir/IR/FunctionInterfaces.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/CallInterfaces.td"
include "mlir/Interfaces/CastInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def ShapeInferenceOpInterface : OpInterface<"ShapeInference"> {
  let methods = [InterfaceMethod<"Infers result shapes.", "()", "infer_shapes">];
}

def Toy_Dialect : Dialect {
  let name = "toy";
  let cppNamespace = "toy";
  let hasConstantMaterializer = 1;
  let useDefaultTypePrinterParser = 1;
}
class Toy_Op<string mnemonic, list<Trait> traits = []> : Op<Toy_Dialect, mnemonic, traits>;
def Toy_StructType : DialectType<Toy_Dialect, CPred<"toy::is_struct($_ctxt, $_self)">, "Toy struct type">;
def Toy_Type : AnyTypeOf<[F64Tensor, Toy_StructType]>;

def ConstantOp : Toy_Op<"constant", [ConstantLike, Pure, DeclareOpInterfaceMethods<ShapeInferenceOpInterface>]> {
  let arguments = (ins F64ElementsAttr:$value);
  let results = (outs F64Tensor);
  let hasCustomAssemblyFormat = 1;
  let builders = [OpBuilder<(ins "f64":$value)>];
  let hasVerifier = 1;
  let hasFolder = 1;
}
def CastOp : Toy_Op<"cast", [DeclareOpInterfaceMethods<CastOpInterface>, Pure, SameOperandsAndResultShape]> {
  let arguments = (ins F64Tensor:$input);
  let results = (outs F64Tensor:$output);
  let assemblyFormat = "$input attr-dict `:` type($input) `to` type($output)";
}
def FuncOp : Toy_Op<"func", [DeclareOpInterfaceMethods<CallableOpInterface>, FunctionOpInterface, IsolatedFromAbove, Symbol]> {
  let arguments = (ins SymbolNameAttr:$sym_name, TypeAttrOf<FunctionType>:$function_type,
                       OptionalAttr<DictArrayAttr>:$arg_attrs, OptionalAttr<DictArrayAttr>:$res_attrs);
  let regions = (region AnyRegion:$body);
  let builders = [OpBuilder<(ins "&str":$name, "::ir::FunctionType":$ty,
                                 CArg<"&[::ir::NamedAttribute]", "&[]">:$attrs)>];
  let hasCustomAssemblyFormat = 1;
  let skipDefaultBuilders = 1;
}
def GenericCallOp : Toy_Op<"generic_call", [DeclareOpInterfaceMethods<CallOpInterface>]> {
  let arguments = (ins FlatSymbolRefAttr:$callee, Variadic<Toy_Type>:$inputs);
  let results = (outs Toy_Type);
  let assemblyFormat = "$callee `(` $inputs `)` attr-dict `:` functional-type($inputs, results)";
}
def PrintOp : Toy_Op<"print"> {
  let arguments = (ins AnyTypeOf<[F64Tensor, F64MemRef]>:$input);
}
def ReshapeOp : Toy_Op<"reshape", [Pure]> {
  let arguments = (ins F64Tensor:$input);
  let results = (outs StaticShapeTensorOf<[F64]>);
  let hasCanonicalizer = 1;
}
def ReturnOp : Toy_Op<"return", [Pure, HasParent<"FuncOp">, Terminator]> {
  let arguments = (ins Variadic<Toy_Type>:$input);
  let assemblyFormat = "($input^ `:` type($input))? attr-dict";
  let builders = [OpBuilder<(ins), [{ build($_builder, $_state, &[]) }]>];
}
def StructAccessOp : Toy_Op<"struct_access", [Pure]> {
  let arguments = (ins Toy_StructType:$input, I64Attr:$index);
  let results = (outs Toy_Type:$output);
}
def StructConstantOp : Toy_Op<"struct_constant", [ConstantLike, Pure]> {
  let arguments = (ins ArrayAttr:$value);
  let results = (outs Toy_StructType:$output);
}
"#;
    let compiled =
        ods_spec::compile("toy.ods", spec, &[]).unwrap_or_else(|e| panic!("{}", e.render()));
    for f in compiled.sources.files().skip(1) {
        assert!(
            f.name.starts_with("<ods-std>/"),
            "{} read from disk",
            f.name
        );
    }
    let model = compiled
        .model()
        .unwrap_or_else(|e| panic!("{}", e.render()));
    let toy = &model
        .dialects
        .iter()
        .find(|d| d.name == "toy")
        .expect("toy dialect");
    assert_eq!(toy.ops.len(), 9);
    let func = toy.ops.iter().find(|o| o.mnemonic == "func").unwrap();
    let interfaces: Vec<&str> = func
        .traits
        .iter()
        .filter_map(|t| match t {
            ods_spec::model::TraitModel::Interface { name, .. } => Some(name.as_str()),
            _ => None,
        })
        .collect();
    for want in [
        "CallableOpInterface",
        "FunctionOpInterface",
        "SymbolOpInterface",
    ] {
        assert!(interfaces.contains(&want), "{interfaces:?}");
    }
}
