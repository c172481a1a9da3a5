//! `llvm.blockaddress`, `llvm.blocktag` and `llvm.indirectbr`: the
//! blockaddress checks (upstream's `BlockAddressOp::verify` and
//! `verifySymbolUses`), `llvm.func`'s check that a tag names one block
//! (`verifyBlockTags`), `custom<IndirectBrOpSucessors>` and the branch's
//! successor operands, with upstream's messages.
//!
//! ```text
//! %a = llvm.blockaddress <function = @f, tag = <id = 0>> : !llvm.ptr
//! llvm.blocktag <id = 0>
//! llvm.indirectbr %a : !llvm.ptr, [
//! ^bb1(%x : i32),
//! ^bb2
//! ]
//! ```

use ods_runtime::interfaces::SuccessorOperands;
use ods_runtime::ir::parser::ops::{OpAsmParser, UnresolvedOperand};
use ods_runtime::ir::parser::{Delimiter, PResult};
use ods_runtime::ir::printer::ops::OpAsmPrinter;
use ods_runtime::ir::registry::VerifyError;
use ods_runtime::ir::symbols::{lookup_symbol, SymbolTables};
use ods_runtime::ir::{Attribute, BlockId, Context, Ir, OpId, Type, Value};
use ods_runtime::matchers::{walk, WalkOrder, WalkResult};
use ods_runtime::op::inherent_attr;
use ods_runtime::Op;

use crate::{BlockAddressAttr, BlockAddressOp, BlockTagAttr, IndirectBrOp};

/// The `#llvm.blockaddress` of a `llvm.blockaddress` op.
fn block_addr(ctx: &Context, ir: &Ir, op: OpId) -> Option<BlockAddressAttr> {
    inherent_attr(ctx, ir, op, "block_addr").and_then(|a| BlockAddressAttr::from_attr(ctx, a))
}

/// The tag of a `llvm.blocktag` op.
fn tag_of(ctx: &Context, ir: &Ir, op: OpId) -> Option<Attribute> {
    inherent_attr(ctx, ir, op, "tag")
}

/// The `llvm.func` named `name` in the module holding `op` (upstream's
/// `parentLLVMModule`: the nearest op above that is not of this dialect).
fn function_named(ctx: &Context, ir: &Ir, op: OpId, name: &str) -> Option<OpId> {
    let mut module = ir.parent_op(op)?;
    while ctx.str(ir.op_name(module)).starts_with("llvm.") {
        module = ir.parent_op(module)?;
    }
    lookup_symbol(ctx, ir, module, name.as_bytes())
        .filter(|&f| ctx.str(ir.op_name(f)) == "llvm.func")
}

/// Whether `func` holds a `llvm.blocktag` with `tag` (upstream's
/// `BlockAddressOp::getBlockTagOp`).
fn has_block_tag(ctx: &Context, ir: &Ir, func: OpId, tag: Attribute) -> bool {
    let stopped = walk(ir, func, WalkOrder::PostOrder, &mut |o| {
        if ctx.str(ir.op_name(o)) == "llvm.blocktag" && tag_of(ctx, ir, o) == Some(tag) {
            WalkResult::Interrupt
        } else {
            WalkResult::Advance
        }
    });
    stopped == WalkResult::Interrupt
}

impl BlockAddressOp {
    /// `BlockAddressOp::verify`: the named function holds a
    /// `llvm.blocktag` with the tag.
    pub fn verify_op(self, ctx: &Context, ir: &Ir) -> Result<(), VerifyError> {
        let found = block_addr(ctx, ir, self.op()).is_some_and(|a| {
            let name = a.function(ctx).name(ctx).to_owned();
            let tag: BlockTagAttr = a.tag(ctx);
            function_named(ctx, ir, self.op(), &name)
                .is_some_and(|f| has_block_tag(ctx, ir, f, tag.attr()))
        });
        if !found {
            return Err(VerifyError::op_error(
                "expects an existing block label target in the referenced function",
            ));
        }
        Ok(())
    }

    /// `SymbolUserOpInterface`: the function is an `llvm.func`.
    pub fn verify_symbol_uses(self, tables: &mut SymbolTables<'_>) -> Result<(), VerifyError> {
        let (ctx, ir) = (tables.ctx, tables.ir);
        let Some(addr) = block_addr(ctx, ir, self.op()) else {
            return Ok(());
        };
        let target = tables.lookup_nearest_from(self.op(), addr.function(ctx).0);
        if target.is_none_or(|t| ctx.str(ir.op_name(t)) != "llvm.func") {
            return Err(VerifyError::op_error(
                "must reference a function defined by 'llvm.func'",
            ));
        }
        Ok(())
    }
}

/// The part of `LLVMFuncOp::verify` about block tags (upstream's
/// `verifyBlockTags`): no two `llvm.blocktag`s of a function share a tag;
/// the second is blamed.
pub fn verify_block_tags(ctx: &Context, ir: &Ir, func: OpId) -> Result<(), VerifyError> {
    // Nothing to look for when no op of the name was ever made.
    let Some(blocktag) = ctx.lookup_ident("llvm.blocktag") else {
        return Ok(());
    };
    let mut seen: Vec<Attribute> = Vec::new();
    let mut duplicate = None;
    walk(ir, func, WalkOrder::PostOrder, &mut |o| {
        if ir.op_name(o) != blocktag {
            return WalkResult::Advance;
        }
        let Some(tag) = tag_of(ctx, ir, o) else {
            return WalkResult::Advance;
        };
        if seen.contains(&tag) {
            duplicate = Some((o, tag));
            return WalkResult::Interrupt;
        }
        seen.push(tag);
        WalkResult::Advance
    });
    match duplicate {
        Some((op, tag)) => {
            let id = BlockTagAttr::from_attr(ctx, tag).map_or(0, |t| t.id(ctx));
            Err(
                VerifyError::new(format!("duplicate block tag '{id}' in the same function: "))
                    .on(op),
            )
        }
        None => Ok(()),
    }
}

/// `custom<IndirectBrOpSucessors>`: `[` successors, each with its
/// operands in parentheses, `]`.
pub fn parse_indirect_br_op_sucessors<'a>(
    p: &mut OpAsmParser<'a>,
    _flag_type: Type,
    successors: &mut Vec<BlockId>,
    operands: &mut Vec<Vec<UnresolvedOperand<'a>>>,
    operand_types: &mut Vec<Vec<Type>>,
) -> PResult<()> {
    p.parse_comma_separated_list(Delimiter::Square, "successor blocks", |p| {
        let destination = p.parse_successor()?;
        let (mut values, mut types) = (Vec::new(), Vec::new());
        if p.parse_optional_lparen() {
            values = p.parse_operand_list(Delimiter::None)?;
            types = p.parse_colon_type_list()?;
            p.parse_rparen()?;
        }
        successors.push(destination);
        operands.push(values);
        operand_types.push(types);
        Ok(())
    })
}

/// Prints what [`parse_indirect_br_op_sucessors`] reads: each successor on
/// a line of its own.
pub fn print_indirect_br_op_sucessors(
    pr: &mut OpAsmPrinter<'_, '_>,
    _op: OpId,
    _flag_type: Type,
    successors: &[BlockId],
    operands: &[Vec<Value>],
    _operand_types: &[Vec<Type>],
) {
    pr.print_str("[");
    for (i, &block) in successors.iter().enumerate() {
        if i > 0 {
            pr.print_str(",");
        }
        pr.print_newline();
        let values = operands.get(i).map_or(&[][..], Vec::as_slice);
        pr.print_successor_and_use_list(block, values);
    }
    if !operands.is_empty() {
        pr.print_newline();
    }
    pr.print_str("]");
}

impl IndirectBrOp {
    /// `BranchOpInterface`: successor `index` gets its piece of the
    /// successor operands.
    pub fn get_successor_operands(self, ctx: &Context, ir: &Ir, index: usize) -> SuccessorOperands {
        SuccessorOperands::new(self.succ_operands_mutable(ctx, ir, index))
    }
}
