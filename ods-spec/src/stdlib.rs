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
        "mlir/IR/Interfaces.td",
        include_str!("../lib/mlir/IR/Interfaces.ods"),
    ),
    (
        "mlir/IR/OpBase.td",
        include_str!("../lib/mlir/IR/OpBase.ods"),
    ),
    (
        "mlir/IR/Properties.td",
        include_str!("../lib/mlir/IR/Properties.ods"),
    ),
    (
        "mlir/IR/Traits.td",
        include_str!("../lib/mlir/IR/Traits.ods"),
    ),
    ("mlir/IR/Utils.td", include_str!("../lib/mlir/IR/Utils.ods")),
];

/// The embedded file reachable as `path`, if any.
pub fn lookup(path: &str) -> Option<&'static str> {
    let td = match path.strip_suffix(".ods") {
        Some(stem) => format!("{stem}.td"),
        None => path.to_string(),
    };
    FILES.iter().find(|(p, _)| *p == td).map(|(_, t)| *t)
}

#[cfg(test)]
mod tests {
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
