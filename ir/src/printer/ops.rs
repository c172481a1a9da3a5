//! Operation printing: the generic form, custom forms through the registry,
//! SSA and block naming, and `--mlir-print-debuginfo` locations.
//!
//! In: an [`Ir`] and a root op. Out: text as `mlir-opt` prints it. Names
//! follow `mlir-opt`: op results are `%0, %1, ...` and block arguments
//! `%arg0, ...`, numbered region by region from a worklist, blocks are
//! `^bb0, ^bb1, ...` per region with `// pred:` comments. The walk over
//! regions and blocks uses an explicit stack, so nesting depth costs heap,
//! not call stack (only ops with custom printers recurse, through
//! [`OpAsmPrinter::print_region`]).
//!
//! This file holds the printer's state and the entry points; the work
//! splits by concern: `document` (aliases, resources, the top level),
//! `regions` (the walk over ops, regions and blocks), `op_head` (op
//! names, the generic form around an op's body), `operands` (SSA and
//! block names where they are used), `names` (choosing them) and
//! `locations`.

use super::aliases::Aliases;
use super::names::{ResultNames, WantedNames};
use super::regions::Task;
use super::Printer;
use crate::context::Context;
use crate::context::Identifier;
use crate::diagnostics::SourceManager;
use crate::graph::{Ir, OpId};
use crate::registry::{OpInfo, Registry};

/// What to print and how.
#[derive(Copy, Clone, Debug, Default)]
pub struct PrintOptions {
    /// `--mlir-print-op-generic`: every op in the generic form.
    pub generic: bool,
    /// `--mlir-print-debuginfo`: trailing `loc(...)` on every op.
    pub debug_info: bool,
    /// `--mlir-print-local-scope`: no aliases; attributes, types and
    /// locations are written out where they are used.
    pub local_scope: bool,
}

pub(super) const UNNAMED: u32 = u32::MAX;
pub(super) const ARG_NAME: u32 = 1 << 31;
/// A value named by its op (see [`ResultNames`]).
pub(super) const NAMED: u32 = u32::MAX - 1;

/// Prints ops; custom printers of the registry get this to print their
/// syntax through the methods of `printer::op_asm` (MLIR's
/// `OpAsmPrinter`). The output buffer stays inside this crate.
pub struct OpAsmPrinter<'p, 'c> {
    pub(crate) p: Printer<'c>,
    pub(crate) ir: &'p Ir,
    pub(crate) registry: &'p Registry,
    pub(crate) opts: PrintOptions,
    pub(super) sources: Option<&'p SourceManager>,
    /// Per value index: `id` or `ARG_NAME | id`, or `UNNAMED`.
    pub(super) value_names: Vec<u32>,
    /// Per value index: its text as an operand (`%3`, `%arg0`, `%c0`,
    /// `%5#1`) packed by `PrintBuffer::pack_tail` once printed, or 0
    /// (not printed yet, or longer than seven bytes). A value is printed
    /// once where it is defined and once per use: the uses copy a word.
    pub(super) operand_texts: Vec<u64>,
    /// Per block index: its number in its region.
    pub(super) block_names: Vec<u32>,
    /// Names ops chose for their results (custom form only).
    pub(super) result_names: ResultNames,
    /// Scratch for the names one op's hook asks for.
    pub(super) wanted: WantedNames,
    /// Emptied task stacks of finished regions, for the next ones (and
    /// the same for the dry run's walk).
    pub(super) task_stacks: Vec<Vec<Task>>,
    pub(super) dry_stacks: Vec<Vec<super::dry_run::Step>>,
    /// Per op-name id: where its short form (without the dialect)
    /// starts, `NO_SHORT_FORM`, or 0 when not looked at yet.
    pub(super) short_names: Vec<u32>,
    /// Per op-name id: whether the generic form quotes it without escapes
    /// (see `op_head`).
    pub(super) plain_names: Vec<u8>,
    /// The aliases chosen for this print.
    pub(crate) aliases: Aliases,
    /// Registered op info by op-name id, looked up once per name (the
    /// printer asks several times per op).
    pub(super) op_infos: Vec<Option<Option<&'p OpInfo>>>,
    /// Where a streamed print goes ([`print_module_to`]); `None` keeps
    /// the whole text in the buffer.
    pub(super) sink: Option<&'p mut dyn std::io::Write>,
    /// The first write error of the sink (later writes are skipped).
    pub(super) sink_error: Option<std::io::Error>,
    /// Text of generic ops' attribute dictionaries, properties and
    /// signatures printed so far (see `op_head`).
    pub(super) printed: super::op_head::PrintedTexts,
    /// The op whose regions the last custom-form name was printed in,
    /// and the default dialect there (ops of a block ask in a row).
    pub(super) last_default_dialect: Option<(OpId, Option<&'c str>)>,
}

/// A streamed print hands its buffer to the sink once it holds this much,
/// at the start of an op (never inside one, where the printer may still
/// look back at what it wrote).
const STREAM_CHUNK: usize = 1 << 16;

impl<'p, 'c> OpAsmPrinter<'p, 'c> {
    pub(crate) fn new(
        ctx: &'c Context,
        ir: &'p Ir,
        registry: &'p Registry,
        opts: PrintOptions,
        sources: Option<&'p SourceManager>,
    ) -> Self {
        OpAsmPrinter {
            p: Printer::new(ctx),
            ir,
            registry,
            opts,
            sources,
            value_names: Vec::new(),
            operand_texts: Vec::new(),
            block_names: Vec::new(),
            result_names: ResultNames::default(),
            wanted: WantedNames::default(),
            task_stacks: Vec::new(),
            dry_stacks: Vec::new(),
            short_names: Vec::new(),
            plain_names: Vec::new(),
            aliases: Aliases::default(),
            op_infos: Vec::new(),
            sink: None,
            sink_error: None,
            printed: Default::default(),
            last_default_dialect: None,
        }
    }

    /// Hands the text so far to the sink when streaming and enough has
    /// gathered (not during the alias pass's dry run, which rewinds).
    pub(super) fn stream_out(&mut self, force: bool) {
        let Some(sink) = self.sink.as_deref_mut() else {
            return;
        };
        if self.p.dry_run.is_some() || !(force || self.p.out.len() >= STREAM_CHUNK) {
            return;
        }
        if self.sink_error.is_some() {
            self.p.out.truncate(0);
            return;
        }
        if let Err(e) = self.p.out.drain_into(sink) {
            self.sink_error = Some(e);
        }
    }

    /// The registry's info on op name `name`, from the per-name table.
    #[inline]
    pub(super) fn op_info(&mut self, name: Identifier) -> Option<&'p OpInfo> {
        if let Some(&Some(info)) = self.op_infos.get(name.0 as usize) {
            return info;
        }
        self.op_info_first(name)
    }

    /// [`Self::op_info`] of a name not looked up yet.
    #[cold]
    #[inline(never)]
    fn op_info_first(&mut self, name: Identifier) -> Option<&'p OpInfo> {
        let i = name.0 as usize;
        let info = self.registry.op(name);
        if self.op_infos.len() <= i {
            self.op_infos.resize(i + 1, None);
        }
        self.op_infos[i] = Some(info);
        info
    }
    /// The printed text; see [`super::PrintBuffer::into_string_lossy`].
    pub(crate) fn finish(self) -> String {
        self.p.finish()
    }

    /// The printed bytes.
    pub(crate) fn finish_bytes(self) -> Vec<u8> {
        self.p.finish_bytes()
    }
}

/// Prints a whole module as `mlir-opt` would, as bytes: names and
/// dialect bodies may hold bytes that are not UTF-8.
pub fn print_module_bytes(
    ctx: &Context,
    ir: &Ir,
    registry: &Registry,
    root: OpId,
    opts: PrintOptions,
    sources: Option<&SourceManager>,
) -> Vec<u8> {
    let mut pr = OpAsmPrinter::new(ctx, ir, registry, opts, sources);
    pr.print_top_level(root);
    pr.finish_bytes()
}

/// [`print_module_bytes`] streamed into `sink` as it is printed, so a
/// large module's text is never held whole (what `ods-opt` writes).
///
/// ```
/// # use ir::{Context, Registry, SourceFile};
/// # use ir::printer::ops::{print_module_to, PrintOptions};
/// let mut ctx = Context::new();
/// let registry = Registry::new(&mut ctx);
/// let file = SourceFile::new("m.mlir", "module {}");
/// let (ir, module) = ir::parser::ops::parse_source(&mut ctx, &registry, &file).unwrap();
/// let mut out = Vec::new();
/// print_module_to(&ctx, &ir, &registry, module, PrintOptions::default(), None, &mut out).unwrap();
/// assert_eq!(out, b"module {\n}\n");
/// ```
pub fn print_module_to(
    ctx: &Context,
    ir: &Ir,
    registry: &Registry,
    root: OpId,
    opts: PrintOptions,
    sources: Option<&SourceManager>,
    sink: &mut dyn std::io::Write,
) -> std::io::Result<()> {
    let mut pr = OpAsmPrinter::new(ctx, ir, registry, opts, sources);
    pr.sink = Some(sink);
    pr.print_top_level(root);
    pr.stream_out(true);
    pr.sink_error.map_or(Ok(()), Err)
}

/// [`print_module_bytes`] as text, with U+FFFD for bytes that are not
/// UTF-8 (for tests and string APIs).
pub fn print_module(
    ctx: &Context,
    ir: &Ir,
    registry: &Registry,
    root: OpId,
    opts: PrintOptions,
    sources: Option<&SourceManager>,
) -> String {
    let mut pr = OpAsmPrinter::new(ctx, ir, registry, opts, sources);
    pr.print_top_level(root);
    pr.finish()
}

/// Prints one op in generic form, numbering names from `scope_root`, with
/// its locations written out when `debug_info` (for diagnostics' "see
/// current operation" notes; `sources` turns source offsets into lines).
pub fn print_op_generic(
    ctx: &Context,
    ir: &Ir,
    registry: &Registry,
    op: OpId,
    scope_root: OpId,
    debug_info: bool,
    sources: Option<&SourceManager>,
) -> String {
    let opts = PrintOptions {
        generic: true,
        debug_info,
        local_scope: false,
    };
    let mut pr = OpAsmPrinter::new(ctx, ir, registry, opts, sources);
    pr.print_single_op(op, scope_root);
    pr.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostics::SourceFile;
    use crate::parser::ops::parse_source;

    /// Parses `src` with unregistered dialects allowed and prints it as
    /// bytes, generic or custom form.
    fn print_bytes(src: &[u8], generic: bool) -> Vec<u8> {
        let mut ctx = Context::new();
        ctx.allow_unregistered_dialects = true;
        let reg = Registry::new(&mut ctx);
        let file = SourceFile::new("t.mlir", src);
        let (ir, module) = parse_source(&mut ctx, &reg, &file).expect("parses");
        let opts = PrintOptions {
            generic,
            debug_info: false,
            local_scope: false,
        };
        print_module_bytes(&ctx, &ir, &reg, module, opts, None)
    }

    /// The one op line of a printed module, without indentation.
    fn op_line(printed: &[u8]) -> &[u8] {
        let line = printed.split(|&b| b == b'\n').nth(1).expect("an op line");
        &line[2..]
    }

    // Expected bytes below are what mlir-opt 22 printed for the same input.

    #[test]
    fn op_names_keep_their_bytes_escaped() {
        // A raw 0xBD byte and a `\C3\28` escape: both print as `\XX`
        // escapes inside the quoted name, printable bytes as themselves.
        let out = print_bytes(b"\"t.\xBDop\"() : () -> ()\n", true);
        assert_eq!(op_line(&out), br#""t.\BDop"() : () -> ()"#);
        let out = print_bytes(b"\"t.\\C3\\28op\"() : () -> ()\n", false);
        assert_eq!(op_line(&out), br#""t.\C3(op"() : () -> ()"#);
    }

    #[test]
    fn attribute_and_symbol_names_keep_their_bytes() {
        let src = b"\"t.a\"() {\"a\\F7b\" = 1 : i32, \"raw\xF7name\" = 2 : i32, s = @\"x\\FFy\", n = @\"ok\"::@\"\\C3\\28\"} : () -> ()\n";
        let out = print_bytes(src, true);
        assert_eq!(
            op_line(&out),
            br#""t.a"() {"a\F7b" = 1 : i32, n = @ok::@"\C3(", "raw\F7name" = 2 : i32, s = @"x\FFy"} : () -> ()"#
        );
    }

    #[test]
    fn dictionaries_sort_names_by_bytes() {
        // 0x7F < 0xC3 (the UTF-8 `é`) < 0xFF; ASCII letters first.
        let src = b"\"t.a\"() {\"\\FF\" = 1 : i32, \"\\C3\\A9\" = 3 : i32, \"\\7F\", a = 2 : i32} : () -> ()\n";
        let out = print_bytes(src, true);
        assert_eq!(
            op_line(&out),
            br#""t.a"() {a = 2 : i32, "\7F", "\C3\A9" = 3 : i32, "\FF" = 1 : i32} : () -> ()"#
        );
    }

    #[test]
    fn dialect_bodies_print_verbatim() {
        // Opaque and pretty bodies keep raw bytes, control bytes included,
        // exactly as read: they are not re-escaped.
        let src = b"\"t.a\"() {t = !foo<\"x\xFF\xFEy\">, u = !foo.bar<\x01\xFF>, v = #foo<\"a\xC3\">, w = #foo.baz<x\x7Fy>} : () -> ()\n";
        let out = print_bytes(src, false);
        assert_eq!(
            op_line(&out),
            b"\"t.a\"() {t = !foo<\"x\xFF\xFEy\">, u = !foo.bar<\x01\xFF>, v = #foo<\"a\xC3\">, w = #foo.baz<x\x7Fy>} : () -> ()"
        );
    }

    #[test]
    fn module_symbol_name_keeps_its_bytes() {
        let out = print_bytes(b"module @\"m\\FF\" {\n}\n", false);
        assert_eq!(out, b"module @\"m\\FF\" {\n}\n");
    }
}
