//! The inliner from Rust over func and arith: the call graph's SCCs come
//! callees first, `inline_call` splices a body and leaves the IR alone
//! when a dialect says no, and the pass gets through inputs `mlir-opt-22`
//! crashes on.

use ir::parser::ops::parse_source;
use ir::printer::ops::{print_module, PrintOptions};
use ir::{Context, Ir, OpId, Registry, SourceFile};
use ods_transforms::inliner::{inline_call, CallGraph, InlineCx};
use ods_transforms::pass::{PassRegistry, Pipeline, ReportSettings};

struct Module {
    ctx: Context,
    reg: Registry,
    ir: Ir,
    root: OpId,
}

fn parse(text: &str) -> Module {
    let mut ctx = Context::new();
    ctx.allow_unregistered_dialects = true;
    let mut reg = Registry::new(&mut ctx);
    dialect_func::register(&mut ctx, &mut reg);
    dialect_arith::register(&mut ctx, &mut reg);
    let file = SourceFile::new("t.mlir", text);
    let (ir, root) = parse_source(&mut ctx, &reg, &file).expect("the input parses");
    Module { ctx, reg, ir, root }
}

impl Module {
    fn print(&self) -> String {
        print_module(
            &self.ctx,
            &self.ir,
            &self.reg,
            self.root,
            PrintOptions::default(),
            None,
        )
    }

    /// The ops named `name`, in a pre-order walk.
    fn ops_named(&self, name: &str) -> Vec<OpId> {
        let mut out = Vec::new();
        let mut stack = vec![self.root];
        while let Some(op) = stack.pop() {
            if self.ctx.str(self.ir.op_name(op)) == name {
                out.push(op);
            }
            for &r in self.ir.regions(op).iter().rev() {
                for b in self
                    .ir
                    .region_blocks(r)
                    .collect::<Vec<_>>()
                    .into_iter()
                    .rev()
                {
                    stack.extend(self.ir.block_ops(b).collect::<Vec<_>>().into_iter().rev());
                }
            }
        }
        out
    }

    /// The `sym_name` of the op owning `region`.
    fn name_of_region(&self, region: ir::RegionId) -> String {
        let op = self.ir.region_op(region).expect("a callable op");
        let name = ir::symbols::symbol_name(&self.ctx, &self.ir, op).expect("a symbol");
        String::from_utf8_lossy(name).into_owned()
    }

    /// Inlines the `index`th `func.call` into its caller (cloning the
    /// callee); whether it was inlined.
    fn inline_nth_call(&mut self, index: usize) -> bool {
        let call = self.ops_named("func.call")[index];
        let callee_name = match self.ctx.attr_kind(
            ods_runtime::op::inherent_attr(&self.ctx, &self.ir, call, "callee").expect("a callee"),
        ) {
            ir::AttrKind::SymbolRef { root, .. } => self.ctx.str(*root).to_string(),
            _ => panic!("a flat reference"),
        };
        let callee =
            ir::symbols::lookup_symbol(&self.ctx, &self.ir, self.root, callee_name.as_bytes())
                .expect("the callee");
        let region = self.ir.region(callee, 0);
        let mut cx = InlineCx {
            ctx: &mut self.ctx,
            registry: &self.reg,
            ir: &mut self.ir,
            sources: None,
        };
        let inlined = inline_call(&mut cx, call, callee, region, true, &mut |_, _| {});
        if inlined {
            self.ir.erase_op(call);
        }
        inlined
    }
}

#[test]
fn sccs_come_callees_first() {
    let m = parse(
        r#"func.func @a() {
  func.call @b() : () -> ()
  return
}
func.func @b() {
  func.call @c() : () -> ()
  return
}
func.func @c() {
  func.call @b() : () -> ()
  func.call @d() : () -> ()
  return
}
func.func @d() {
  return
}
"#,
    );
    let cg = CallGraph::build(&m.ctx, &m.reg, &m.ir, m.root);
    let order: Vec<Vec<String>> = cg
        .sccs()
        .into_iter()
        .map(|scc| {
            scc.into_iter()
                .filter_map(|n| cg.nodes[n].region)
                .map(|r| m.name_of_region(r))
                .collect()
        })
        .filter(|names: &Vec<String>| !names.is_empty())
        .collect();
    assert_eq!(order, [vec!["d"], vec!["c", "b"], vec!["a"]]);
}

#[test]
fn inline_call_splices_a_single_block_body() {
    let mut m = parse(
        r#"func.func private @double(%x: i32) -> i32 {
  %0 = arith.addi %x, %x : i32
  return %0 : i32
}
func.func @user(%y: i32) -> i32 {
  %0 = func.call @double(%y) : (i32) -> i32
  %1 = arith.muli %0, %0 : i32
  return %1 : i32
}
"#,
    );
    assert!(m.inline_nth_call(0));
    let out = m.print();
    assert!(
        out.contains(
            "  func.func @user(%arg0: i32) -> i32 {\n    %0 = arith.addi %arg0, %arg0 : i32\n    %1 = arith.muli %0, %0 : i32\n    return %1 : i32\n  }"
        ),
        "{out}"
    );
}

#[test]
fn an_op_no_dialect_answers_for_blocks_inlining() {
    let mut m = parse(
        r#"func.func private @opaque(%x: i32) -> i32 {
  %0 = "t.op"(%x) : (i32) -> i32
  return %0 : i32
}
func.func @user(%y: i32) -> i32 {
  %0 = func.call @opaque(%y) : (i32) -> i32
  return %0 : i32
}
"#,
    );
    let before = m.print();
    assert!(!m.inline_nth_call(0));
    assert_eq!(m.print(), before, "a refused inlining changes nothing");
}

/// `mlir-opt-22 --inline` crashes when a symbol is referenced from inside
/// an unregistered op with a region (it might be a symbol table); the
/// pass here inlines around it.
#[test]
fn the_pass_gets_through_an_unknown_symbol_table() {
    let mut m = parse(
        r#"func.func private @a(%x: i32) -> i32 {
  return %x : i32
}
"t.region"() ({
  "t.inner"() {ref = @a} : () -> ()
}) : () -> ()
func.func @b(%x: i32) -> i32 {
  %0 = func.call @a(%x) : (i32) -> i32
  return %0 : i32
}
"#,
    );
    let passes = PassRegistry::with_standard_passes();
    let inline = passes
        .create("inline", "")
        .expect("registered")
        .expect("no options");
    let mut pipeline = Pipeline::from_passes(vec![inline]);
    let (ctx, reg, ir) = (&mut m.ctx, &m.reg, &mut m.ir);
    pipeline
        .run(
            ctx,
            reg,
            ir,
            m.root,
            ReportSettings::default(),
            &mut |_, _| Vec::new(),
        )
        .expect("the pass runs");
    let out = m.print();
    assert!(!out.contains("func.call"), "{out}");
}
