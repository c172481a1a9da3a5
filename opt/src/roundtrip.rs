//! `--verify-roundtrip`: the check that the printers and parsers of the
//! dialects in a registry are complete.

use crate::{Flags, OptTool};
use ir::parser::ops::{parse_source_with, ParseOptions};
use ir::printer::ops::{print_module_bytes, PrintOptions};
use ir::registry::VerifyError;
use ir::verifier::Reporter;
use ir::{Context, Diagnostic, Registry, SourceFile};

impl OptTool {
    /// `--verify-roundtrip`, as `mlir-opt`'s textual half: the IR printed in
    /// the generic form with locations, parsed into a fresh context and
    /// printed so again, must give the same text. (`mlir-opt` also
    /// round-trips through bytecode, which this toolkit does not have.)
    pub(crate) fn verify_roundtrip(
        &self,
        flags: &Flags,
        ir: &Reporter<'_>,
    ) -> Result<(), Diagnostic> {
        let generic = PrintOptions {
            generic: true,
            debug_info: true,
            local_scope: false,
        };
        let module = ir.root;
        let print = |ctx: &Context, graph: &ir::Ir, reg: &Registry, op| {
            print_module_bytes(ctx, graph, reg, op, generic, ir.sources)
        };
        let reference = print(ir.ctx, ir.ir, ir.registry, module);
        let fail = |message: String| {
            let name = ir.ctx.str(ir.ir.op_name(module));
            ir.op_error(module, VerifyError::new(format!("'{name}' op {message}")))
        };
        let mut ctx = Context::new();
        ctx.allow_unregistered_dialects = flags.allow_unregistered;
        let registry = (self.registry)(&mut ctx);
        let text = String::from_utf8_lossy(&reference).into_owned();
        let file = SourceFile::new("roundtrip", text.as_bytes());
        let parsed = parse_source_with(&mut ctx, &registry, &file, ParseOptions::default());
        let Ok((graph, op)) = parsed else {
            return Err(fail(
                "failed to parse textual content back, cannot verify round-trip.\n".into(),
            ));
        };
        let roundtrip = print(&ctx, &graph, &registry, op);
        if reference != roundtrip {
            return Err(fail(format!(
                "textual roundTrip testing roundtripped module differs from reference:\n<<<<<<Reference\n{}\n=====\n{}\n>>>>>roundtripped\n",
                String::from_utf8_lossy(&reference),
                String::from_utf8_lossy(&roundtrip)
            )));
        }
        Ok(())
    }
}
