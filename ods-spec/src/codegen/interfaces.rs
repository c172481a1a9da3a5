//! The hooks of `ods_runtime::Op` that the core calls, turned on by the
//! op's interfaces, and the interface verifiers a dialect writes where
//! the standard library's interface is a name without methods.
//!
//! In: an op model. Out: items of its `impl ::ods_runtime::Op`. The
//! hooks forward to the generated traits of `ods_runtime::interfaces`
//! (which the op implements, see `interface_defs.rs`), each only for the
//! methods the op declares, so an op without them pays nothing:
//!
//! | spec says | the `Op` hook | calls |
//! | --- | --- | --- |
//! | `SymbolUserOpInterface` | `verify_symbol_uses` | `SymbolUserOpInterface::verify_symbol_uses` |
//! | `DeclareOpInterfaceMethods<OpAsmOpInterface, ["getDefaultDialect"]>` | `default_dialect` | `OpAsmOpInterface::get_default_dialect` |
//! | `... ["getAsmResultNames"]>` | `asm_result_names` | `OpAsmOpInterface::get_asm_result_names` |
//! | `... ["getAsmBlockArgumentNames"]>` | `asm_block_argument_names` | `OpAsmOpInterface::get_asm_block_argument_names` |
//!
//! Ops with several named results and no `OpAsmOpInterface` name them
//! after their ODS names, as mlir-tblgen's generated `getAsmResultNames`.
//!
//! Interfaces of the library without a `verify` whose upstream verifier
//! matters are written by the dialect: `FunctionOpInterface`'s
//! `verify_function_op_interface(self, ctx, ir)`, run with the op's traits
//! ([`trait_verifier`]). A missing method is a compile error naming it.
//! (`LoopLikeOpInterface`'s verifier is the interface's own, generated
//! with its methods.)

use super::op_info::rt::*;
use crate::model::{OpModel, TraitModel};
use proc_macro2::TokenStream;
use quote::quote;

/// Whether the op has the interface named `name` (declared or not), and
/// the methods its `DeclareOpInterfaceMethods` lists.
fn interface<'m>(op: &'m OpModel, name: &str) -> Option<&'m [String]> {
    op.traits.iter().find_map(|t| match t {
        TraitModel::Interface {
            name: n,
            always_overridden,
            ..
        } if n == name => Some(always_overridden.as_slice()),
        _ => None,
    })
}

/// Whether the op implements `InferTypeOpInterface` through the generated
/// trait (its builders and format then call the trait's inference).
pub(crate) fn implements_infer_type(op: &OpModel) -> bool {
    op.traits.iter().any(|t| {
        matches!(t, TraitModel::Interface { name, rust_impl: Some(_), .. }
            if name == "InferTypeOpInterface")
    })
}

/// Whether the op is a branch (`BranchOpInterface`): the core then checks
/// its successor operands.
pub(crate) fn is_branch(op: &OpModel) -> bool {
    interface(op, "BranchOpInterface").is_some()
}

/// The `Op` impl items for the op's interfaces.
pub(crate) fn op_impl_items(op: &OpModel) -> TokenStream {
    let mut items = TokenStream::new();
    if interface(op, "SymbolUserOpInterface").is_some() {
        items.extend(quote! {
            const HAS_SYMBOL_USES: bool = true;

            fn verify_symbol_uses(self, tables: &mut #RT_MOD_IR::symbols::SymbolTables<'_>) -> #RT_RESULT<(), #RT_VERIFY_ERROR> {
                <Self as #RT_MOD_INTERFACES::SymbolUserOpInterface>::verify_symbol_uses(self, tables)
            }
        });
    }
    let asm = interface(op, "OpAsmOpInterface");
    if asm.is_some_and(|methods| methods.iter().any(|m| m == "getAsmBlockArgumentNames")) {
        items.extend(quote! {
            const HAS_BLOCK_ARG_NAMES: bool = true;
            fn asm_block_argument_names(self, ctx: &#RT_CONTEXT, ir: &#RT_IR, region: #RT_REGION_ID, set_name: &mut dyn FnMut(#RT_VALUE, &str)) {
                <Self as #RT_MOD_INTERFACES::OpAsmOpInterface>::get_asm_block_argument_names(self, ctx, ir, region, set_name)
            }
        });
    }
    let declares_default_dialect =
        asm.is_some_and(|methods| methods.iter().any(|m| m == "getDefaultDialect"));
    if declares_default_dialect {
        items.extend(quote! {
            fn default_dialect() -> #RT_OPTION<&'static str> {
                Some(<Self as #RT_MOD_INTERFACES::OpAsmOpInterface>::get_default_dialect())
                    .filter(|d| !d.is_empty())
            }
        });
    }
    items
}

/// The result-naming hook: the dialect's `get_asm_result_names` when the
/// op declares `getAsmResultNames`, else, for an op with several results
/// and no `OpAsmOpInterface`, the first value of each named result group
/// under its ODS name (what mlir-tblgen generates: `%sum, %overflow`).
pub(crate) fn result_names_items(info: &super::op_info::OpInfo) -> TokenStream {
    let op = info.op;
    let asm = interface(op, "OpAsmOpInterface");
    if asm.is_some_and(|methods| methods.iter().any(|m| m == "getAsmResultNames")) {
        return quote! {
            const HAS_RESULT_NAMES: bool = true;
            fn asm_result_names(self, ctx: &#RT_CONTEXT, ir: &#RT_IR, set_name: &mut dyn FnMut(#RT_VALUE, &str)) {
                <Self as #RT_MOD_INTERFACES::OpAsmOpInterface>::get_asm_result_names(self, ctx, ir, set_name)
            }
        };
    }
    if asm.is_some() || op.results.len() < 2 || op.results.iter().all(|r| r.name.is_empty()) {
        return TokenStream::new();
    }
    let names = op
        .results
        .iter()
        .enumerate()
        .filter(|(_, r)| !r.name.is_empty())
        .map(|(i, r)| {
            let range = info.group_range(true, i);
            let name = &r.name;
            quote! {
                let group = #range;
                if !group.is_empty() {
                    set_name(ir.result(self.0, group.start), #name);
                }
            }
        });
    quote! {
        const HAS_RESULT_NAMES: bool = true;
        fn asm_result_names(self, ctx: &#RT_CONTEXT, ir: &#RT_IR, set_name: &mut dyn FnMut(#RT_VALUE, &str)) {
            let _ = ctx;
            #(#names)*
        }
    }
}

/// Interfaces whose upstream verifier the dialect writes, and the method
/// it writes.
const INTERFACE_VERIFIERS: &[(&str, &str)] =
    &[("FunctionOpInterface", "verify_function_op_interface")];

/// The check `verify_traits` runs for interface `name` (in the op's trait
/// order), when it is one whose verifier the dialect writes.
pub(crate) fn trait_verifier(name: &str) -> Option<TokenStream> {
    let (_, method) = INTERFACE_VERIFIERS.iter().find(|(i, _)| *i == name)?;
    let method = proc_macro2::Ident::new(method, proc_macro2::Span::call_site());
    Some(quote!(self.#method(ctx, ir)?;))
}

#[cfg(test)]
mod tests {
    /// The generated ops of a one-dialect spec whose ops have `traits`.
    fn ops_with(traits: &[&str]) -> String {
        let defs: String = traits
            .iter()
            .enumerate()
            .map(|(i, t)| format!("def Op{i} : D_Op<\"op{i}\", [{t}]>;\n"))
            .collect();
        let text = format!(
            "include \"mlir/IR/OpBase.td\"\ninclude \"mlir/IR/OpAsmInterface.td\"\ninclude \"mlir/IR/SymbolInterfaces.td\"\ninclude \"mlir/Interfaces/ControlFlowInterfaces.td\"\ninclude \"mlir/Interfaces/FunctionInterfaces.td\"\ninclude \"mlir/Interfaces/SideEffectInterfaces.td\"\ndef D : Dialect {{ let name = \"d\"; let cppNamespace = \"crate::d\"; }}\nclass D_Op<string m, list<Trait> t = []> : Op<D, m, t>;\n{defs}"
        );
        let c = crate::compile("t.ods", &text, &[]).unwrap_or_else(|e| panic!("{}", e.render()));
        let model = c.model().unwrap_or_else(|e| panic!("{}", e.render()));
        let dialects: Vec<_> = model.dialects.iter().collect();
        super::super::ops::generate("t.ods", &dialects).unwrap_or_else(|e| panic!("{e:?}"))
    }

    /// The generated `impl ::ods_runtime::Op for OpN` block.
    fn op_impl(code: &str, n: usize) -> &str {
        let start = code
            .find(&format!("impl ::ods_runtime::Op for Op{n} {{"))
            .expect("the op's impl");
        let end = code[start..]
            .find("\n}\n")
            .map_or(code.len(), |e| start + e);
        &code[start..end]
    }

    #[test]
    fn interfaces_turn_on_the_hooks_the_core_asks_for() {
        let code = ops_with(&[
            "DeclareOpInterfaceMethods<SymbolUserOpInterface>",
            "Terminator, BranchOpInterface",
            "DeclareOpInterfaceMethods<OpAsmOpInterface, [\"getDefaultDialect\"]>",
            "DeclareOpInterfaceMethods<OpAsmOpInterface, [\"getAsmResultNames\"]>",
            "FunctionOpInterface",
            "DeclareOpInterfaceMethods<OpAsmOpInterface, [\"getAsmBlockArgumentNames\"]>",
            "DeclareOpInterfaceMethods<RegionBranchOpInterface>",
            "Pure",
        ]);
        let flat = |n: usize| op_impl(&code, n).split_whitespace().collect::<String>();
        let symbol_user = flat(0);
        assert!(symbol_user.contains("constHAS_SYMBOL_USES:bool=true;"));
        assert!(
            symbol_user.contains("SymbolUserOpInterface>::verify_symbol_uses(self,tables"),
            "{symbol_user}"
        );
        let branch = flat(1);
        assert!(branch.contains("OpTraits::BRANCH"), "{branch}");
        // Both checks run in trait order: `Terminator` is listed first.
        let terminator = branch.find("verify_is_terminator(ir,self.0)?;");
        let successors = branch.find("BranchOpInterface>::verify_branch_op_interface(self,ctx,ir");
        assert!(
            terminator.is_some() && successors.is_some() && terminator < successors,
            "{branch}"
        );
        assert!(flat(2).contains("OpAsmOpInterface>::get_default_dialect()"));
        // Another declared method of the interface asks for nothing.
        assert!(!flat(3).contains("default_dialect"));
        assert!(flat(3).contains("OpAsmOpInterface>::get_asm_result_names("));
        // Symbol's verifier (a base of the function interface) runs first.
        let function = flat(4);
        let symbol = function.find("SymbolOpInterface>::verify_symbol_op_interface(self,ctx,ir");
        let own = function.find("self.verify_function_op_interface(ctx,ir)?;");
        assert!(symbol.is_some() && symbol < own, "{function}");
        assert!(flat(5).contains("constHAS_BLOCK_ARG_NAMES:bool=true;"));
        // Interfaces verified with regions: their own hook, not the traits'.
        let region_branch = flat(6);
        assert!(region_branch.contains("constHAS_REGION_TRAIT_VERIFIERS:bool=true;"));
        assert!(
            region_branch
                .contains("RegionBranchOpInterface>::verify_region_branch_op_interface(self,cx"),
            "{region_branch}"
        );
        // A `Pure` op's interfaces check nothing: no trait hook to call.
        let pure = flat(7);
        assert!(
            pure.contains("constHAS_TRAIT_VERIFIER:bool=false;"),
            "{pure}"
        );
        assert!(!pure.contains("fnverify_traits"), "{pure}");
    }
}
