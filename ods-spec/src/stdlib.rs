//! The standard library: our own `.ods` files (under `ods-spec/lib/`),
//! embedded in the crate and reachable under upstream's include paths
//! (`mlir/IR/OpBase.td`, ...), so an upstream-style `include` works without
//! any file on disk. `foo.ods` is reachable as `foo.td` and `foo.ods`.

/// Every embedded file: (include path, text).
pub const FILES: &[(&str, &str)] = &[
    (
        "mlir/IR/AttrTypeBase.td",
        include_str!("../lib/mlir/IR/AttrTypeBase.ods"),
    ),
    (
        "mlir/IR/BuiltinAttributeInterfaces.td",
        include_str!("../lib/mlir/IR/BuiltinAttributeInterfaces.ods"),
    ),
    (
        "mlir/IR/CommonAttrConstraints.td",
        include_str!("../lib/mlir/IR/CommonAttrConstraints.ods"),
    ),
    (
        "mlir/IR/CommonTypeConstraints.td",
        include_str!("../lib/mlir/IR/CommonTypeConstraints.ods"),
    ),
    (
        "mlir/IR/Constraints.td",
        include_str!("../lib/mlir/IR/Constraints.ods"),
    ),
    (
        "mlir/IR/DialectBase.td",
        include_str!("../lib/mlir/IR/DialectBase.ods"),
    ),
    (
        "mlir/IR/EnumAttr.td",
        include_str!("../lib/mlir/IR/EnumAttr.ods"),
    ),
    (
        "mlir/IR/FunctionInterfaces.td",
        include_str!("../lib/mlir/IR/FunctionInterfaces.ods"),
    ),
    (
        "mlir/IR/Interfaces.td",
        include_str!("../lib/mlir/IR/Interfaces.ods"),
    ),
    (
        "mlir/IR/OpAsmInterface.td",
        include_str!("../lib/mlir/IR/OpAsmInterface.ods"),
    ),
    (
        "mlir/IR/OpBase.td",
        include_str!("../lib/mlir/IR/OpBase.ods"),
    ),
    (
        "mlir/IR/PatternBase.td",
        include_str!("../lib/mlir/IR/PatternBase.ods"),
    ),
    (
        "mlir/IR/Properties.td",
        include_str!("../lib/mlir/IR/Properties.ods"),
    ),
    (
        "mlir/IR/RegionKindInterface.td",
        include_str!("../lib/mlir/IR/RegionKindInterface.ods"),
    ),
    (
        "mlir/IR/SymbolInterfaces.td",
        include_str!("../lib/mlir/IR/SymbolInterfaces.ods"),
    ),
    (
        "mlir/IR/Traits.td",
        include_str!("../lib/mlir/IR/Traits.ods"),
    ),
    ("mlir/IR/Utils.td", include_str!("../lib/mlir/IR/Utils.ods")),
    (
        "mlir/Interfaces/AlignmentAttrInterface.td",
        include_str!("../lib/mlir/Interfaces/AlignmentAttrInterface.ods"),
    ),
    (
        "mlir/Interfaces/CallInterfaces.td",
        include_str!("../lib/mlir/Interfaces/CallInterfaces.ods"),
    ),
    (
        "mlir/Interfaces/CastInterfaces.td",
        include_str!("../lib/mlir/Interfaces/CastInterfaces.ods"),
    ),
    (
        "mlir/Interfaces/ControlFlowInterfaces.td",
        include_str!("../lib/mlir/Interfaces/ControlFlowInterfaces.ods"),
    ),
    (
        "mlir/Interfaces/DestinationStyleOpInterface.td",
        include_str!("../lib/mlir/Interfaces/DestinationStyleOpInterface.ods"),
    ),
    (
        "mlir/Interfaces/FunctionInterfaces.td",
        include_str!("../lib/mlir/Interfaces/FunctionInterfaces.ods"),
    ),
    (
        "mlir/Interfaces/InferIntRangeInterface.td",
        include_str!("../lib/mlir/Interfaces/InferIntRangeInterface.ods"),
    ),
    (
        "mlir/Interfaces/InferStridedMetadataInterface.td",
        include_str!("../lib/mlir/Interfaces/InferStridedMetadataInterface.ods"),
    ),
    (
        "mlir/Interfaces/InferTypeOpInterface.td",
        include_str!("../lib/mlir/Interfaces/InferTypeOpInterface.ods"),
    ),
    (
        "mlir/Interfaces/LoopLikeInterface.td",
        include_str!("../lib/mlir/Interfaces/LoopLikeInterface.ods"),
    ),
    (
        "mlir/Interfaces/MemOpInterfaces.td",
        include_str!("../lib/mlir/Interfaces/MemOpInterfaces.ods"),
    ),
    (
        "mlir/Interfaces/MemorySlotInterfaces.td",
        include_str!("../lib/mlir/Interfaces/MemorySlotInterfaces.ods"),
    ),
    (
        "mlir/Interfaces/ParallelCombiningOpInterface.td",
        include_str!("../lib/mlir/Interfaces/ParallelCombiningOpInterface.ods"),
    ),
    (
        "mlir/Interfaces/ShapedOpInterfaces.td",
        include_str!("../lib/mlir/Interfaces/ShapedOpInterfaces.ods"),
    ),
    (
        "mlir/Interfaces/SideEffectInterfaceBase.td",
        include_str!("../lib/mlir/Interfaces/SideEffectInterfaceBase.ods"),
    ),
    (
        "mlir/Interfaces/SideEffectInterfaces.td",
        include_str!("../lib/mlir/Interfaces/SideEffectInterfaces.ods"),
    ),
    (
        "mlir/Interfaces/TilingInterface.td",
        include_str!("../lib/mlir/Interfaces/TilingInterface.ods"),
    ),
    (
        "mlir/Interfaces/VectorInterfaces.td",
        include_str!("../lib/mlir/Interfaces/VectorInterfaces.ods"),
    ),
    (
        "mlir/Interfaces/ViewLikeInterface.td",
        include_str!("../lib/mlir/Interfaces/ViewLikeInterface.ods"),
    ),
];

/// The embedded file reachable as `path`, if any.
pub fn lookup(path: &str) -> Option<&'static str> {
    let td = match path.strip_suffix(".ods") {
        Some(stem) => format!("{stem}.td"),
        None => path.to_string(),
    };
    FILES.iter().find(|(p, _)| *p == td).map(|(_, t)| *t)
}

/// The library file (its include path) that defines `name` as a def or a
/// class, for "unknown name" errors in a spec that does not include it.
///
/// ```
/// let file = ods_spec::stdlib::defining_file("InferTypeOpInterface");
/// assert_eq!(file, Some("mlir/Interfaces/InferTypeOpInterface.td"));
/// ```
pub fn defining_file(name: &str) -> Option<&'static str> {
    let defines = |text: &str, keyword: &str| {
        text.match_indices(keyword).any(|(i, _)| {
            let at_line_start = i == 0 || text.as_bytes()[i - 1] == b'\n';
            let rest = &text[i + keyword.len()..];
            at_line_start
                && rest.starts_with(name)
                && !rest[name.len()..].starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_')
        })
    };
    FILES
        .iter()
        .find(|(_, text)| defines(text, "def ") || defines(text, "class "))
        .map(|(path, _)| *path)
}

/// One `include` line per library file, in [`FILES`] order: the head of a
/// spec that wants the whole library (`#[op]`'s), which
/// [`crate::compile_after_stdlib`] resolves once per process.
pub fn include_all() -> String {
    FILES
        .iter()
        .map(|(path, _)| format!("include \"{path}\"\n"))
        .collect()
}

#[cfg(test)]
mod tests {
    /// Every `ods_runtime` helper the library calls is listed in the
    /// language reference, which is what the runtime implements from.
    #[test]
    fn runtime_helpers_are_documented() {
        let doc_path = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/ods-language.md");
        let doc = std::fs::read_to_string(doc_path).expect("docs/ods-language.md exists");
        let mut missing = Vec::new();
        for (path, text) in super::FILES {
            for (i, _) in text.match_indices("ods_runtime::") {
                let rest = &text[i + "ods_runtime::".len()..];
                let item: String = rest
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == ':')
                    .collect();
                let name = item.rsplit("::").next().unwrap_or("");
                let full = format!("ods_runtime::{item}");
                if !doc.contains(&format!("`{name}")) && !doc.contains(&full) {
                    missing.push(format!("{path}: {full}"));
                }
            }
        }
        missing.sort();
        missing.dedup();
        assert!(
            missing.is_empty(),
            "undocumented runtime helpers:\n{}",
            missing.join("\n")
        );
    }

    #[test]
    fn every_library_file_compiles_on_its_own() {
        for (path, _) in super::FILES {
            let src = format!("include \"{path}\"\n");
            if let Err(e) = crate::compile("t.ods", &src, &[]) {
                panic!("{path}:\n{}", e.render());
            }
        }
    }
}
