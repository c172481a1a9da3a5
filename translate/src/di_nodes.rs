//! The debug-info attributes `crate::di_attrs` leaves to this file, as
//! LLVM metadata nodes: local variables and labels (what
//! `llvm.intr.dbg.*` name), derived and composite types, subranges and
//! namespaces (upstream's `DebugTranslation::translateImpl`s of them), and
//! `#llvm.di_expression` as the `!DIExpression(...)` LLVM prints inline.
//!
//! Each is a [`Node::Generic`]: its fields in `AsmWriter`'s order, and the
//! nodes it refers to in LLVM's operand order (what numbering follows).

use ir::{AttrKind, Attribute, Context};

use dialect_llvm::di::{DwarfEncoding, DwarfOperation};
use dialect_llvm::{
    DIAnnotationAttr, DICommonBlockAttr, DICompositeTypeAttr, DIDerivedTypeAttr, DIExpressionAttr,
    DIFlags, DIGenericSubrangeAttr, DIGlobalVariableAttr, DIGlobalVariableExpressionAttr,
    DIImportedEntityAttr, DILabelAttr, DILocalVariableAttr, DIModuleAttr, DINamespaceAttr,
    DIStringTypeAttr, DISubrangeAttr,
};

use crate::di_attrs::{escape, translate_attr, Node, NodeId, NodeStore};

/// One `name: value` field of a [`Node::Generic`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Field {
    /// Printed as it is.
    Raw(String),
    /// Another node, `!N`.
    Ref(NodeId),
    /// Another node or `null`.
    RefOrNull(Option<NodeId>),
}

/// The fields of a node, as `MDFieldPrinter` skips and writes them.
#[derive(Default)]
struct Fields(Vec<(&'static str, Field)>);

impl Fields {
    fn raw(&mut self, name: &'static str, value: String) {
        self.0.push((name, Field::Raw(value)));
    }
    /// A string, left out when empty.
    fn string(&mut self, name: &'static str, value: Option<String>) {
        if let Some(v) = value.filter(|v| !v.is_empty()) {
            self.raw(name, format!("\"{}\"", escape(&v)));
        }
    }
    /// An integer, left out when zero.
    fn int(&mut self, name: &'static str, value: u64) {
        if value != 0 {
            self.raw(name, value.to_string());
        }
    }
    /// A node, left out when absent.
    fn node(&mut self, name: &'static str, value: Option<NodeId>) {
        if let Some(v) = value {
            self.0.push((name, Field::Ref(v)));
        }
    }
    /// A node, `null` when absent.
    fn node_or_null(&mut self, name: &'static str, value: Option<NodeId>) {
        self.0.push((name, Field::RefOrNull(value)));
    }
    fn tag(&mut self, tag: dialect_llvm::di::DwarfTag) {
        let text = tag.name().map_or_else(|| tag.0.to_string(), str::to_string);
        self.raw("tag", text);
    }
    /// `DIFlag...` names joined by ` | `, left out when zero.
    fn flags(&mut self, flags: DIFlags) {
        if flags.value() != 0 {
            self.raw("flags", di_flags_text(flags.value()));
        }
    }
    /// An expression, printed inline.
    fn expression(&mut self, name: &'static str, value: Option<String>) {
        if let Some(v) = value {
            self.raw(name, v);
        }
    }
}

/// LLVM's `DINode::splitFlags` as `AsmWriter` prints it: the
/// accessibility and the pointer-to-member representation as one name
/// each, `IndirectVirtualBase` when both of its bits are set, then each
/// named bit, and what is left as a number. Not `DIFlags`'s `Display`
/// (MLIR's `stringifyDIFlags`): MLIR gives the three inheritance cases one
/// bit, so bit 16 prints there as all three, and LLVM's bit 17 and
/// `IndirectVirtualBase` have no MLIR case (mlir-translate-22 writes
/// `DIFlagPublic | DIFlagSingleInheritance | DIFlagIndirectVirtualBase`
/// for MLIR's `"Public|SingleInheritance|FwdDecl|Virtual"`).
fn di_flags_text(flags: u32) -> String {
    const BITS: &[(u32, &str)] = &[
        (1 << 2, "FwdDecl"),
        (1 << 3, "AppleBlock"),
        (1 << 4, "ReservedBit4"),
        (1 << 5, "Virtual"),
        (1 << 6, "Artificial"),
        (1 << 7, "Explicit"),
        (1 << 8, "Prototyped"),
        (1 << 9, "ObjcClassComplete"),
        (1 << 10, "ObjectPointer"),
        (1 << 11, "Vector"),
        (1 << 12, "StaticMember"),
        (1 << 13, "LValueReference"),
        (1 << 14, "RValueReference"),
        (1 << 15, "ExportSymbols"),
        (1 << 18, "IntroducedVirtual"),
        (1 << 19, "BitField"),
        (1 << 20, "NoReturn"),
        (1 << 22, "TypePassByValue"),
        (1 << 23, "TypePassByReference"),
        (1 << 24, "EnumClass"),
        (1 << 25, "Thunk"),
        (1 << 26, "NonTrivial"),
        (1 << 27, "BigEndian"),
        (1 << 28, "LittleEndian"),
        (1 << 29, "AllCallsDescribed"),
        (1 << 30, "NameIsSimplified"),
    ];
    let mut names = Vec::new();
    let mut rest = flags;
    match rest & 3 {
        0 => {}
        1 => names.push("Private"),
        2 => names.push("Protected"),
        _ => names.push("Public"),
    }
    rest &= !3;
    match rest & (3 << 16) {
        0 => {}
        0x1_0000 => names.push("SingleInheritance"),
        0x2_0000 => names.push("MultipleInheritance"),
        _ => names.push("VirtualInheritance"),
    }
    rest &= !(3 << 16);
    let indirect = (1 << 2) | (1 << 5);
    if rest & indirect == indirect {
        names.push("IndirectVirtualBase");
        rest &= !indirect;
    }
    for &(bit, name) in BITS {
        if rest & bit != 0 {
            names.push(name);
            rest &= !bit;
        }
    }
    let mut parts: Vec<String> = names.iter().map(|n| format!("DIFlag{n}")).collect();
    if rest != 0 {
        parts.push(rest.to_string());
    }
    parts.join(" | ")
}

/// The text of a [`Node::Generic`] after `!N = `.
pub(crate) fn generic_text(
    distinct: bool,
    kind: &str,
    fields: &[(&'static str, Field)],
    slot: &dyn Fn(NodeId) -> usize,
) -> String {
    let fields: Vec<String> = fields
        .iter()
        .map(|(name, f)| match f {
            Field::Raw(v) => format!("{name}: {v}"),
            Field::Ref(n) => format!("{name}: !{}", slot(*n)),
            Field::RefOrNull(Some(n)) => format!("{name}: !{}", slot(*n)),
            Field::RefOrNull(None) => format!("{name}: null"),
        })
        .collect();
    let distinct = if distinct { "distinct " } else { "" };
    format!("{distinct}!{kind}({})", fields.join(", "))
}

fn generic(
    key: Option<Attribute>,
    kind: &'static str,
    fields: Fields,
    operands: &[Option<NodeId>],
) -> Node {
    Node::Generic {
        key,
        kind,
        fields: fields.0,
        operands: operands.iter().flatten().copied().collect(),
    }
}

/// The node of an attribute that may be absent.
fn tr(store: &mut impl NodeStore, ctx: &Context, attr: Option<Attribute>) -> Option<NodeId> {
    attr.and_then(|a| translate_attr(store, ctx, a))
}

/// The node of one of this file's attributes; `None` for other
/// attributes.
pub(crate) fn translate_node(
    store: &mut impl NodeStore,
    ctx: &Context,
    attr: Attribute,
) -> Option<NodeId> {
    if let Some(var) = DILocalVariableAttr::from_attr(ctx, attr) {
        let scope = tr(store, ctx, Some(var.scope(ctx)));
        let file = tr(store, ctx, var.file(ctx).map(|f| f.attr()));
        let ty = tr(store, ctx, var.r#type(ctx));
        let mut f = Fields::default();
        f.string("name", var.name(ctx));
        f.int("arg", u64::from(var.arg(ctx)));
        f.node_or_null("scope", scope);
        f.node("file", file);
        f.int("line", u64::from(var.line(ctx)));
        f.node("type", ty);
        f.flags(var.flags(ctx));
        f.int("align", u64::from(var.align_in_bits(ctx)));
        let node = generic(None, "DILocalVariable", f, &[scope, file, ty]);
        return Some(store.node(node));
    }
    if let Some(label) = DILabelAttr::from_attr(ctx, attr) {
        let scope = tr(store, ctx, Some(label.scope(ctx)));
        let file = tr(store, ctx, label.file(ctx).map(|f| f.attr()));
        let mut f = Fields::default();
        f.node_or_null("scope", scope);
        f.string("name", label.name(ctx));
        f.node("file", file);
        f.int("line", u64::from(label.line(ctx)));
        return Some(store.node(generic(None, "DILabel", f, &[scope, file])));
    }
    if let Some(ty) = DIDerivedTypeAttr::from_attr(ctx, attr) {
        let base = tr(store, ctx, ty.base_type(ctx));
        let extra = tr(store, ctx, ty.extra_data(ctx));
        let mut f = Fields::default();
        f.tag(ty.tag(ctx));
        f.string("name", ty.name(ctx));
        f.node_or_null("baseType", base);
        f.int("size", ty.size_in_bits(ctx));
        f.int("align", u64::from(ty.align_in_bits(ctx)));
        f.int("offset", ty.offset_in_bits(ctx));
        f.node("extraData", extra);
        if let Some(space) = ty.dwarf_address_space(ctx) {
            f.raw("dwarfAddressSpace", space.to_string());
        }
        return Some(store.node(generic(None, "DIDerivedType", f, &[base, extra])));
    }
    if let Some(ty) = DICompositeTypeAttr::from_attr(ctx, attr) {
        let file = tr(store, ctx, ty.file(ctx).map(|f| f.attr()));
        let scope = tr(store, ctx, ty.scope(ctx));
        let base = tr(store, ctx, ty.base_type(ctx));
        let elements = ty.elements(ctx);
        let elements = (!elements.is_empty()).then(|| {
            let items = elements
                .into_iter()
                .map(|e| tr(store, ctx, Some(e)))
                .collect();
            store.node(Node::Tuple(items))
        });
        let tag = ty.tag(ctx);
        let mut f = Fields::default();
        f.tag(tag);
        f.string("name", ty.name(ctx));
        f.node("scope", scope);
        f.node("file", file);
        f.int("line", u64::from(ty.line(ctx)));
        f.node("baseType", base);
        f.int("size", ty.size_in_bits(ctx));
        f.int("align", ty.align_in_bits(ctx));
        f.flags(ty.flags(ctx));
        f.node("elements", elements);
        let expr = |e: Option<DIExpressionAttr>| e.map(|e| expression_text(ctx, e.attr()));
        f.expression("dataLocation", expr(ty.data_location(ctx)));
        f.expression("associated", expr(ty.associated(ctx)));
        f.expression("allocated", expr(ty.allocated(ctx)));
        f.expression("rank", expr(ty.rank(ctx)));
        // Classes, enumerations, structures and unions are distinct.
        let distinct = matches!(tag.0, 0x02 | 0x04 | 0x13 | 0x17);
        let node = generic(
            distinct.then_some(attr),
            "DICompositeType",
            f,
            &[file, scope, base, elements],
        );
        return Some(store.node(node));
    }
    if let Some(range) = DISubrangeAttr::from_attr(ctx, attr) {
        let mut f = Fields::default();
        let mut operands = Vec::new();
        let bounds = [
            ("count", range.count(ctx)),
            ("lowerBound", range.lower_bound(ctx)),
            ("upperBound", range.upper_bound(ctx)),
            ("stride", range.stride(ctx)),
        ];
        for (name, bound) in bounds {
            let Some(bound) = bound else { continue };
            if let AttrKind::Integer { value, .. } = ctx.attr_kind(bound) {
                f.raw(name, value.to_big().to_string());
            } else if DIExpressionAttr::from_attr(ctx, bound).is_some() {
                f.raw(name, expression_text(ctx, bound));
            } else {
                let node = tr(store, ctx, Some(bound));
                operands.push(node);
                f.node(name, node);
            }
        }
        return Some(store.node(generic(None, "DISubrange", f, &operands)));
    }
    let untranslated = [
        (DIModuleAttr::from_attr(ctx, attr).is_some(), "di_module"),
        (
            DIImportedEntityAttr::from_attr(ctx, attr).is_some(),
            "di_imported_entity",
        ),
        (
            DIStringTypeAttr::from_attr(ctx, attr).is_some(),
            "di_string_type",
        ),
        (
            DIGenericSubrangeAttr::from_attr(ctx, attr).is_some(),
            "di_generic_subrange",
        ),
        (
            DICommonBlockAttr::from_attr(ctx, attr).is_some(),
            "di_common_block",
        ),
        (
            DIAnnotationAttr::from_attr(ctx, attr).is_some(),
            "di_annotation",
        ),
    ];
    if let Some((_, what)) = untranslated.iter().find(|(is, _)| *is) {
        store.untranslated(what);
        return None;
    }
    if let Some(gve) = DIGlobalVariableExpressionAttr::from_attr(ctx, attr) {
        let var = tr(store, ctx, Some(gve.var(ctx).attr()));
        let expr = gve.expr(ctx).map(|e| e.attr());
        let mut f = Fields::default();
        f.node("var", var);
        f.raw(
            "expr",
            expr.map_or_else(|| "!DIExpression()".into(), |e| expression_text(ctx, e)),
        );
        let node = generic(None, "DIGlobalVariableExpression", f, &[var]);
        return Some(store.node(node));
    }
    if let Some(var) = DIGlobalVariableAttr::from_attr(ctx, attr) {
        let scope = tr(store, ctx, var.scope(ctx));
        let file = tr(store, ctx, Some(var.file(ctx).attr()));
        let ty = tr(store, ctx, Some(var.r#type(ctx)));
        let mut f = Fields::default();
        f.string("name", var.name(ctx));
        f.string("linkageName", var.linkage_name(ctx));
        f.node_or_null("scope", scope);
        f.node("file", file);
        f.int("line", u64::from(var.line(ctx)));
        f.node("type", ty);
        f.raw("isLocal", var.is_local_to_unit(ctx).to_string());
        f.raw("isDefinition", var.is_defined(ctx).to_string());
        f.int("align", u64::from(var.align_in_bits(ctx)));
        let node = generic(Some(attr), "DIGlobalVariable", f, &[scope, file, ty]);
        return Some(store.node(node));
    }
    if let Some(ns) = DINamespaceAttr::from_attr(ctx, attr) {
        let scope = tr(store, ctx, ns.scope(ctx));
        let mut f = Fields::default();
        f.string("name", ns.name(ctx));
        f.node_or_null("scope", scope);
        if ns.export_symbols(ctx) {
            f.raw("exportSymbols", "true".into());
        }
        return Some(store.node(generic(None, "DINamespace", f, &[scope])));
    }
    None
}

// ----- expressions -----------------------------------------------------------

/// The operations of an expression as LLVM stores them: each opcode
/// followed by its arguments (upstream's `translateExpression`).
pub(crate) fn expression_elements(ctx: &Context, expr: Attribute) -> Vec<u64> {
    let Some(expr) = DIExpressionAttr::from_attr(ctx, expr) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for op in expr.operations(ctx) {
        out.push(u64::from(op.opcode(ctx).0));
        out.extend(op.arguments(ctx));
    }
    out
}

// The opcodes LLVM's `DIExpression` reads specially.
const DW_OP_LIT0: u64 = 0x30;
const DW_OP_REG0: u64 = 0x50;
const DW_OP_REG31: u64 = 0x6f;
const DW_OP_BREG0: u64 = 0x70;
const DW_OP_BREG31: u64 = 0x8f;
const DW_OP_STACK_VALUE: u64 = 0x9f;
const DW_OP_SWAP: u64 = 0x16;
const DW_OP_LLVM_FRAGMENT: u64 = 0x1000;
const DW_OP_LLVM_CONVERT: u64 = 0x1001;

/// How many elements an operation takes, itself included (LLVM's
/// `ExprOperand::getSize`).
fn op_size(op: u64) -> usize {
    match op {
        // DW_OP_LLVM_convert, _fragment, _extract_bits_sext/_zext, bregx.
        0x1001 | 0x1000 | 0x1006 | 0x1007 | 0x92 => 3,
        // constu, consts, deref_size, plus_uconst, LLVM_tag_offset,
        // LLVM_entry_value, LLVM_arg, regx.
        0x10 | 0x11 | 0x94 | 0x23 | 0x1002 | 0x1003 | 0x1005 | 0x90 => 2,
        _ if (DW_OP_BREG0..=DW_OP_BREG31).contains(&op) => 2,
        _ => 1,
    }
}

/// The operations (start, size) of `elements`, or `None` when one runs
/// past the end.
fn operations(elements: &[u64]) -> Option<Vec<(usize, usize)>> {
    let mut ops = Vec::new();
    let mut i = 0;
    while i < elements.len() {
        let size = op_size(elements[i]);
        if i + size > elements.len() {
            return None;
        }
        ops.push((i, size));
        i += size;
    }
    Some(ops)
}

/// LLVM's `DIExpression::isValid`, but for `DW_OP_LLVM_entry_value`,
/// which LLVM's verifier refuses outside machine IR anyway.
fn is_valid(elements: &[u64]) -> bool {
    let Some(ops) = operations(elements) else {
        return false;
    };
    for (k, &(i, size)) in ops.iter().enumerate() {
        let op = elements[i];
        if (DW_OP_REG0..=DW_OP_REG31).contains(&op) || (DW_OP_BREG0..=DW_OP_BREG31).contains(&op) {
            continue;
        }
        match op {
            DW_OP_LLVM_FRAGMENT => return i + size == elements.len(),
            DW_OP_STACK_VALUE => {
                let last = i + size == elements.len();
                if !last && elements[ops[k + 1].0] != DW_OP_LLVM_FRAGMENT {
                    return false;
                }
            }
            DW_OP_SWAP => {
                if elements.len() == 1 {
                    return false;
                }
            }
            // implicit_pointer, convert, arg, tag_offset, extract_bits_*,
            // constu, plus_uconst, the arithmetic and logic, deref(_size),
            // xderef, lit0, not, dup, regx, bregx, push_object_address,
            // over, rot, consts and the comparisons.
            0x1004 | 0x1001 | 0x1005 | 0x1002 | 0x1006 | 0x1007 | 0x10 | 0x23 | 0x22 | 0x1c
            | 0x1e | 0x1b | 0x1d | 0x21 | 0x1a | 0x27 | 0x24 | 0x25 | 0x26 | 0x06 | 0x94 | 0x18
            | DW_OP_LIT0 | 0x20 | 0x12 | 0x90 | 0x92 | 0x97 | 0x14 | 0x17 | 0x11 | 0x29 | 0x2e
            | 0x2b | 0x2a | 0x2d | 0x2c | 0x1f | 0x19 => {}
            _ => return false,
        }
    }
    true
}

/// `!DIExpression(...)` as LLVM's `AsmWriter` prints an expression;
/// the elements as numbers when LLVM would find it invalid.
pub(crate) fn expression_text(ctx: &Context, expr: Attribute) -> String {
    let elements = expression_elements(ctx, expr);
    let mut parts: Vec<String> = Vec::new();
    match (is_valid(&elements), operations(&elements)) {
        (true, Some(ops)) => {
            for (i, size) in ops {
                let op = elements[i];
                let name = u32::try_from(op)
                    .ok()
                    .and_then(|v| DwarfOperation(v).name())
                    .unwrap_or("");
                parts.push(name.to_string());
                let args = &elements[i + 1..i + size];
                if op == DW_OP_LLVM_CONVERT {
                    parts.push(args[0].to_string());
                    let encoding = u32::try_from(args[1])
                        .ok()
                        .and_then(|v| DwarfEncoding(v).name())
                        .unwrap_or("");
                    parts.push(encoding.to_string());
                } else {
                    parts.extend(args.iter().map(u64::to_string));
                }
            }
        }
        _ => parts.extend(elements.iter().map(u64::to_string)),
    }
    format!("!DIExpression({})", parts.join(", "))
}

/// Whether LLVM's verifier takes the expression (an invalid one fails
/// the translation, as `mlir-translate-22`'s verifier fails it).
pub(crate) fn expression_is_valid(ctx: &Context, expr: Attribute) -> bool {
    is_valid(&expression_elements(ctx, expr))
}

#[cfg(test)]
mod tests {
    use super::{di_flags_text, is_valid, op_size};

    #[test]
    fn flags_split_as_llvm_splits_them() {
        assert_eq!(
            di_flags_text(3 | (1 << 6)),
            "DIFlagPublic | DIFlagArtificial"
        );
        assert_eq!(di_flags_text(1 << 16), "DIFlagSingleInheritance");
        assert_eq!(di_flags_text(3 << 16), "DIFlagVirtualInheritance");
        assert_eq!(
            di_flags_text((1 << 2) | (1 << 5)),
            "DIFlagIndirectVirtualBase"
        );
        assert_eq!(di_flags_text(1 << 21), "2097152");
    }

    #[test]
    fn validity_follows_llvm() {
        assert!(is_valid(&[]));
        assert!(is_valid(&[0x06, 0x1000, 0, 16]));
        assert!(!is_valid(&[0x1000, 0, 16, 0x06]));
        assert!(!is_valid(&[0x33]));
        assert!(!is_valid(&[0x16]));
        assert!(is_valid(&[0x30, 0x16]));
        assert!(is_valid(&[0x73, 4, 0x9f]));
        assert!(!is_valid(&[0x9f, 0x06]));
        assert!(!is_valid(&[0x23]));
        assert_eq!(op_size(0x1001), 3);
    }
}
