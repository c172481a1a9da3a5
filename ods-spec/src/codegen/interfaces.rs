//! The interface methods the core asks an op for, turned on by its trait
//! list: what upstream's interfaces declare and the op (or the dialect's
//! C++) implements.
//!
//! In: an op model. Out: items of its `impl ::ods_runtime::Op`, each
//! delegating to an inherent method the dialect writes in its own crate,
//! named after upstream's method in snake case (`verify_op_symbol_uses`
//! where that name would be the `Op` trait's own, as `hasVerifier` gives
//! `verify_op`):
//!
//! | spec says | the dialect writes |
//! | --- | --- |
//! | `SymbolUserOpInterface` | `fn verify_op_symbol_uses(self, tables: &mut SymbolTables) -> Result<(), VerifyError>` |
//! | `DeclareOpInterfaceMethods<OpAsmOpInterface, ["getDefaultDialect"]>` | `fn get_default_dialect() -> &'static str` |
//! | `DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>` | `fn get_asm_result_names(self, ctx: &Context, ir: &Ir, set_name: &mut dyn FnMut(Value, &str))` |
//! | `FunctionOpInterface` | `fn verify_function_op_interface(self, ctx: &Context, ir: &Ir) -> Result<(), VerifyError>` |
//!
//! The last is an interface's own verifier (upstream's `let verify` on
//! the interface, run with the op's traits, in trait order): our standard
//! library cannot carry interface verifiers yet, so until it can, the
//! dialect of an op with such an interface writes it, and
//! [`trait_verifier`] calls it where upstream runs it.
//!
//! A missing method is a compile error naming it. Registration then
//! installs the hooks with the op: nothing is attached by op name from
//! outside. `BranchOpInterface` is a generated trait of
//! `ods_runtime::interfaces` (implemented as every generated interface);
//! here it only turns on the verifier's successor-operand hook, which
//! calls the trait.

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

            fn verify_symbol_uses(self, tables: &mut ::ods_runtime::ir::symbols::SymbolTables<'_>) -> ::std::result::Result<(), ::ods_runtime::VerifyError> {
                // `SymbolUserOpInterface::verifySymbolUses`.
                self.verify_op_symbol_uses(tables)
            }
        });
    }
    if is_branch(op) {
        // The verifier's check of `BranchOpInterface` ops, through the
        // interface's `get_successor_operands`.
        items.extend(quote! {
            const SUCCESSOR_OPERANDS: ::std::option::Option<::ods_runtime::ir::registry::SuccessorOperandsFn> =
                Some(::ods_runtime::interfaces::successor_operands_hook::<Self>);
        });
    }
    let declares_default_dialect = interface(op, "OpAsmOpInterface")
        .is_some_and(|methods| methods.iter().any(|m| m == "getDefaultDialect"));
    if declares_default_dialect {
        items.extend(quote! {
            fn default_dialect() -> ::std::option::Option<&'static str> {
                // `OpAsmOpInterface::getDefaultDialect`.
                Some(Self::get_default_dialect())
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
            fn asm_result_names(self, ctx: &::ods_runtime::ir::Context, ir: &::ods_runtime::ir::Ir, set_name: &mut dyn FnMut(::ods_runtime::ir::Value, &str)) {
                // `OpAsmOpInterface::getAsmResultNames`.
                self.get_asm_result_names(ctx, ir, set_name)
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
        fn asm_result_names(self, ctx: &::ods_runtime::ir::Context, ir: &::ods_runtime::ir::Ir, set_name: &mut dyn FnMut(::ods_runtime::ir::Value, &str)) {
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
            "include \"mlir/IR/OpBase.td\"\ninclude \"mlir/IR/OpAsmInterface.td\"\ninclude \"mlir/IR/SymbolInterfaces.td\"\ninclude \"mlir/Interfaces/ControlFlowInterfaces.td\"\ninclude \"mlir/Interfaces/FunctionInterfaces.td\"\ndef D : Dialect {{ let name = \"d\"; let cppNamespace = \"crate::d\"; }}\nclass D_Op<string m, list<Trait> t = []> : Op<D, m, t>;\n{defs}"
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
        ]);
        let symbol_user = op_impl(&code, 0);
        assert!(symbol_user.contains("const HAS_SYMBOL_USES: bool = true;"));
        assert!(symbol_user.contains("self.verify_op_symbol_uses(tables)"));
        let branch = op_impl(&code, 1);
        assert!(branch.contains("OpTraits::BRANCH"), "{branch}");
        assert!(
            branch.contains("successor_operands_hook::<Self>"),
            "{branch}"
        );
        assert!(op_impl(&code, 2).contains("Some(Self::get_default_dialect())"));
        // Another declared method of the interface asks for nothing.
        assert!(!op_impl(&code, 3).contains("default_dialect"));
        assert!(op_impl(&code, 4).contains("self.verify_function_op_interface(ctx, ir)?;"));
    }
}
