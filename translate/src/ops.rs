//! Each LLVM dialect op as LLVM IR (upstream's `LLVMToLLVMIRTranslation`
//! and the `llvmBuilder` strings of `LLVMOps.td`): constants become LLVM
//! constants (no instruction), an instruction whose operands are all
//! constants is folded as LLVM's `IRBuilder` folds it ([`crate::fold`]),
//! and the rest are instructions.

use ir::OpId;
use smallvec::SmallVec;

use crate::constants::{zero_of, Const, Val};
use crate::fold;
use crate::function::{no_value, typed, FnBuilder, Part};
use crate::module::{lty, TranslateError};
use crate::props::{self, attr, fastmath_words, flag, int_attr, overflow_words};
use crate::types::LTy;

/// A vector operation on constants folded element by element; a whole
/// `undef` or `poison` operand folds as the scalar rule says.
fn elementwise(
    n: u64,
    elem: &LTy,
    x: &Const,
    y: &Const,
    f: impl Fn(&Const, &Const) -> Option<Const>,
) -> Option<Const> {
    let whole = |c: &Const| matches!(c, Const::Undef | Const::Poison);
    if whole(x) || whole(y) {
        return f(x, y);
    }
    let items = |c: &Const| -> Option<Vec<Const>> {
        match c {
            Const::Aggregate(items) => items.iter().map(|v| v.as_const().cloned()).collect(),
            Const::Zero => Some(vec![zero_of(elem); n as usize]),
            _ => None,
        }
    };
    let (xs, ys) = (items(x)?, items(y)?);
    let out = xs
        .iter()
        .zip(&ys)
        .map(|(a, b)| f(a, b).map(|c| Val::constant(elem.clone(), c)))
        .collect::<Option<Vec<_>>>()?;
    Some(Const::Aggregate(out))
}

const INT_BINOPS: &[&str] = &[
    "add", "sub", "mul", "udiv", "sdiv", "urem", "srem", "and", "or", "xor", "shl", "lshr", "ashr",
];
const FLOAT_BINOPS: &[&str] = &["fadd", "fsub", "fmul", "fdiv", "frem"];
const CASTS: &[&str] = &[
    "trunc",
    "zext",
    "sext",
    "fptrunc",
    "fpext",
    "fptosi",
    "fptoui",
    "sitofp",
    "uitofp",
    "bitcast",
    "ptrtoint",
    "inttoptr",
    "addrspacecast",
];

/// What an op of the LLVM dialect translates as: found from its name
/// once per module ([`crate::module::ModuleCx`] keeps it by name), as a
/// match on the name for every op was a tenth of the ops' translation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum OpKind {
    Constant,
    Undef,
    Poison,
    Zero,
    AddressOf,
    IntBinop,
    FloatBinop,
    FNeg,
    Compare,
    Cast,
    Select,
    Freeze,
    Element,
    ShuffleVector,
    VaArg,
    Load,
    Store,
    AtomicRmw,
    CmpXchg,
    Fence,
    InlineAsm,
    Alloca,
    Gep,
    Aggregate,
    Call,
    Invoke,
    LandingPad,
    Resume,
    Terminator,
    MaskedGather,
    MaskedScatter,
    CallIntrinsic,
    DsoLocalEquivalent,
    BlockAddress,
    BlockTag,
    IndirectBr,
    NoaliasScopeDecl,
    DebugRecord,
    Intrinsic,
    NoneToken,
    Unknown,
}

impl OpKind {
    /// The kind of the op named `llvm.{short}`.
    pub(crate) fn of(short: &str) -> OpKind {
        match short {
            "mlir.constant" => OpKind::Constant,
            "mlir.undef" => OpKind::Undef,
            "mlir.poison" => OpKind::Poison,
            "mlir.zero" => OpKind::Zero,
            "mlir.none" => OpKind::NoneToken,
            "mlir.addressof" => OpKind::AddressOf,
            s if INT_BINOPS.contains(&s) => OpKind::IntBinop,
            s if FLOAT_BINOPS.contains(&s) => OpKind::FloatBinop,
            "fneg" => OpKind::FNeg,
            "icmp" | "fcmp" => OpKind::Compare,
            s if CASTS.contains(&s) => OpKind::Cast,
            "select" => OpKind::Select,
            "freeze" => OpKind::Freeze,
            "extractelement" | "insertelement" => OpKind::Element,
            "shufflevector" => OpKind::ShuffleVector,
            "va_arg" => OpKind::VaArg,
            "load" => OpKind::Load,
            "store" => OpKind::Store,
            "atomicrmw" => OpKind::AtomicRmw,
            "cmpxchg" => OpKind::CmpXchg,
            "fence" => OpKind::Fence,
            "inline_asm" => OpKind::InlineAsm,
            "alloca" => OpKind::Alloca,
            "getelementptr" => OpKind::Gep,
            "extractvalue" | "insertvalue" => OpKind::Aggregate,
            "call" => OpKind::Call,
            "invoke" => OpKind::Invoke,
            "landingpad" => OpKind::LandingPad,
            "resume" => OpKind::Resume,
            "br" | "cond_br" | "switch" | "return" | "unreachable" => OpKind::Terminator,
            "intr.masked.gather" => OpKind::MaskedGather,
            "intr.masked.scatter" => OpKind::MaskedScatter,
            "call_intrinsic" => OpKind::CallIntrinsic,
            "dso_local_equivalent" => OpKind::DsoLocalEquivalent,
            "blockaddress" => OpKind::BlockAddress,
            "blocktag" => OpKind::BlockTag,
            "indirectbr" => OpKind::IndirectBr,
            "intr.experimental.noalias.scope.decl" => OpKind::NoaliasScopeDecl,
            "intr.dbg.declare" | "intr.dbg.value" | "intr.dbg.label" => OpKind::DebugRecord,
            s if s.starts_with("intr.") => OpKind::Intrinsic,
            _ => OpKind::Unknown,
        }
    }
}

impl FnBuilder<'_> {
    /// The values of `op`'s operands (most ops have at most three: kept
    /// inline, as this is asked for nearly every op).
    pub(crate) fn operands(&self, op: OpId) -> Result<SmallVec<[Val; 3]>, TranslateError> {
        self.ir.operands(op).map(|v| self.value(op, v)).collect()
    }

    /// Runs `f` on the values of `op`'s operands, borrowed rather than
    /// cloned (the common ops' translation cloned and dropped a tenth of
    /// its time away): the value map is moved out meanwhile, so `f` must
    /// not look values up.
    fn with_operands<R>(
        &mut self,
        op: OpId,
        f: impl FnOnce(&mut Self, &[&Val]) -> Result<R, TranslateError>,
    ) -> Result<R, TranslateError> {
        let values = std::mem::take(&mut self.values);
        let mut ops: SmallVec<[&Val; 3]> = SmallVec::new();
        let mut missing = false;
        for v in self.ir.operands(op) {
            match values.get(v) {
                Some(val) => ops.push(val),
                None => missing = true,
            }
        }
        let result = if missing {
            Err(no_value(op))
        } else {
            f(self, &ops)
        };
        drop(ops);
        self.values = values;
        result
    }

    pub(crate) fn result_type(&self, op: OpId) -> Result<LTy, TranslateError> {
        let ty = self.ir.value_type(self.ir.result(op, 0));
        lty(self.ctx, op, ty)
    }

    fn define(&mut self, op: OpId, v: Option<Val>) {
        if let (Some(v), 1) = (v, self.ir.num_results(op)) {
            self.values.insert(self.ir.result(op, 0), v);
        }
    }

    /// Translates one op of the block being converted.
    pub(crate) fn translate_op(&mut self, op: OpId) -> Result<(), TranslateError> {
        let ctx = self.ctx;
        let name = self.ir.op_name(op);
        let Some(short) = ctx.str(name).strip_prefix("llvm.") else {
            return Err(TranslateError::failed(op));
        };
        // What the op is, found from its name once per module.
        let kind = *self
            .cx
            .op_kinds
            .entry(name)
            .or_insert_with(|| OpKind::of(short));
        let first = self.insts.len();
        let v = match kind {
            OpKind::Constant => Some(self.constant(op)?),
            OpKind::Undef => Some(Val::constant(self.result_type(op)?, Const::Undef)),
            OpKind::Poison => Some(Val::constant(self.result_type(op)?, Const::Poison)),
            OpKind::Zero => {
                let ty = self.result_type(op)?;
                let z = zero_of(&ty);
                Some(Val::constant(ty, z))
            }
            OpKind::AddressOf => {
                let sym = attr(self.ctx, self.ir, op, "global_name")
                    .and_then(|a| props::symbol_of(self.ctx, a))
                    .ok_or_else(|| TranslateError::failed(op))?;
                Some(Val::constant(self.result_type(op)?, Const::Global(sym)))
            }
            OpKind::IntBinop => self.int_binop(op, short)?,
            OpKind::FloatBinop => self.float_binop(op, short)?,
            OpKind::FNeg => self.fneg(op)?,
            OpKind::Compare => self.compare(op, short)?,
            OpKind::Cast => self.cast(op, short)?,
            OpKind::Select => self.select(op)?,
            OpKind::Freeze => {
                let x = self.operands(op)?.remove(0);
                self.push(op, Some(x.ty.clone()), [Part::Text("freeze "), typed(&x)])?
            }
            OpKind::Element => self.element_op(op, short)?,
            OpKind::ShuffleVector => self.shuffle_vector(op)?,
            OpKind::VaArg => self.va_arg(op)?,
            OpKind::Load => self.load(op)?,
            OpKind::Store => self.store(op)?,
            OpKind::AtomicRmw => self.atomic_rmw(op)?,
            OpKind::CmpXchg => self.cmp_xchg(op)?,
            OpKind::Fence => self.fence(op)?,
            OpKind::InlineAsm => self.inline_asm(op)?,
            OpKind::Alloca => self.alloca(op)?,
            OpKind::Gep => self.gep(op)?,
            OpKind::Aggregate => self.aggregate_op(op, short)?,
            OpKind::Call => self.call(op)?,
            OpKind::Invoke => self.invoke(op)?,
            OpKind::LandingPad => self.landingpad(op)?,
            OpKind::Resume => self.resume(op)?,
            OpKind::Terminator => {
                self.terminator(op, short)?;
                None
            }
            OpKind::MaskedGather => self.masked_gather(op)?,
            OpKind::MaskedScatter => self.masked_scatter(op)?,
            OpKind::CallIntrinsic => self.call_intrinsic(op)?,
            OpKind::DsoLocalEquivalent => self.dso_local_equivalent(op)?,
            OpKind::BlockAddress => self.block_address(op)?,
            OpKind::BlockTag => self.block_tag(op)?,
            OpKind::IndirectBr => {
                self.indirect_br(op)?;
                None
            }
            OpKind::NoaliasScopeDecl => self.noalias_scope_decl(op)?,
            OpKind::DebugRecord => {
                self.debug_record(op, short)?;
                None
            }
            OpKind::Intrinsic => self.intrinsic(op, &short["intr.".len()..])?,
            // `token none` is a constant with nothing to print; only the
            // ops that take a token would show it, and none of those is
            // translated here.
            OpKind::NoneToken => match self.ir.results(op).find(|&r| self.ir.has_uses(r)) {
                Some(_) => {
                    return Err(TranslateError::new(
                        op,
                        "cannot be converted to LLVM IR: a use of llvm.mlir.none's token is not translated by ods-translate",
                    ))
                }
                None => None,
            },
            OpKind::Unknown => return Err(TranslateError::failed(op)),
        };
        self.define(op, v);
        self.attach_metadata(op, first)
    }

    /// `fneg`: a constant's sign bit flips, as LLVM's folder flips it.
    fn fneg(&mut self, op: OpId) -> Result<Option<Val>, TranslateError> {
        let ops = self.operands(op)?;
        let [x] = &ops[..] else {
            return Err(TranslateError::failed(op));
        };
        if let (Some(Const::Float(bits)), LTy::Float | LTy::Double | LTy::Half | LTy::BFloat) =
            (x.as_const(), &x.ty)
        {
            let sign = match x.ty {
                LTy::Double => 1u64 << 63,
                LTy::Float => 1 << 31,
                _ => 1 << 15,
            };
            return Ok(Some(Val::constant(x.ty.clone(), Const::Float(bits ^ sign))));
        }
        let fm = fastmath_words(self.ctx, self.ir, op);
        let parts = [Part::Text("fneg "), Part::Text(&fm), typed(x)];
        self.push(op, Some(x.ty.clone()), parts)
    }

    /// `extractelement <4 x float> %v, i32 %i` and `insertelement`; with
    /// a constant vector LLVM would fold, so that is refused here.
    fn element_op(&mut self, op: OpId, name: &str) -> Result<Option<Val>, TranslateError> {
        let ops = self.operands(op)?;
        if ops[0].as_const().is_some() {
            return Err(TranslateError::new(
                op,
                format!("cannot be converted to LLVM IR: {name} of a constant vector is not translated by ods-translate"),
            ));
        }
        let ty = self.result_type(op)?;
        let mut parts = vec![Part::Text(name), Part::Text(" ")];
        for (i, v) in ops.iter().enumerate() {
            if i > 0 {
                parts.push(Part::Text(", "));
            }
            parts.push(typed(v));
        }
        self.push(op, Some(ty), parts)
    }

    fn constant(&mut self, op: OpId) -> Result<Val, TranslateError> {
        let ty = self.result_type(op)?;
        let value =
            attr(self.ctx, self.ir, op, "value").ok_or_else(|| TranslateError::failed(op))?;
        let c = crate::const_attrs::const_value(self.ctx, op, value, &ty, "constant")?;
        Ok(Val::constant(ty, c))
    }

    fn int_binop(&mut self, op: OpId, name: &str) -> Result<Option<Val>, TranslateError> {
        self.with_operands(op, |this, ops| this.int_binop_of(op, name, ops[0], ops[1]))
    }

    fn int_binop_of(
        &mut self,
        op: OpId,
        name: &str,
        a: &Val,
        b: &Val,
    ) -> Result<Option<Val>, TranslateError> {
        if let (Some(x), Some(y), LTy::Int(w)) = (a.as_const(), b.as_const(), a.ty.scalar()) {
            let folded = match &a.ty {
                LTy::Vector(n, e) => {
                    elementwise(*n, e, x, y, |x, y| fold::int_binop(name, *w, x, y))
                }
                LTy::ScalableVector(..) => fold::zero_splat_binop(name, *w, x, y),
                _ => fold::int_binop(name, *w, x, y),
            };
            if let Some(c) = folded.or_else(|| fold::binop_expr(name, &a.ty, x, y)) {
                return Ok(Some(Val::constant(a.ty.clone(), c)));
            }
        }
        // Only the ops with upstream's `IntegerOverflowFlagsInterface`
        // have overflow flags.
        let mut words = if matches!(name, "add" | "sub" | "mul" | "shl") {
            overflow_words(self.ctx, self.ir, op)
        } else {
            String::new()
        };
        // Only the ops with upstream's `ExactFlagInterface` and
        // `DisjointFlagInterface` have these flags.
        let exact_op = matches!(name, "udiv" | "sdiv" | "lshr" | "ashr");
        if exact_op && flag(self.ctx, self.ir, op, "isExact") {
            words.push_str("exact ");
        }
        if name == "or" && flag(self.ctx, self.ir, op, "isDisjoint") {
            words.push_str("disjoint ");
        }
        self.binary(op, a.ty.clone(), &[name, " ", &words], a, b)
    }

    /// `head ty a, b`: an instruction on two operands of one type (`add
    /// nsw i32 %0, %1`, `icmp slt i64 %2, %3`), `head` its words.
    fn binary(
        &mut self,
        op: OpId,
        result: LTy,
        head: &[&str],
        a: &Val,
        b: &Val,
    ) -> Result<Option<Val>, TranslateError> {
        let operands = [Part::Typed(a), Part::Text(", "), Part::Val(b)];
        self.push(
            op,
            Some(result),
            head.iter().map(|h| Part::Text(h)).chain(operands),
        )
    }

    fn float_binop(&mut self, op: OpId, name: &str) -> Result<Option<Val>, TranslateError> {
        self.with_operands(op, |this, ops| {
            this.float_binop_of(op, name, ops[0], ops[1])
        })
    }

    fn float_binop_of(
        &mut self,
        op: OpId,
        name: &str,
        a: &Val,
        b: &Val,
    ) -> Result<Option<Val>, TranslateError> {
        if let (Some(x), Some(y)) = (a.as_const(), b.as_const()) {
            if let Some(c) = fold::float_binop(name, &a.ty, x, y) {
                return Ok(Some(Val::constant(a.ty.clone(), c)));
            }
        }
        let fm = fastmath_words(self.ctx, self.ir, op);
        self.binary(op, a.ty.clone(), &[name, " ", &fm], a, b)
    }

    fn compare(&mut self, op: OpId, name: &str) -> Result<Option<Val>, TranslateError> {
        self.with_operands(op, |this, ops| this.compare_of(op, name, ops[0], ops[1]))
    }

    fn compare_of(
        &mut self,
        op: OpId,
        name: &str,
        a: &Val,
        b: &Val,
    ) -> Result<Option<Val>, TranslateError> {
        let code = int_attr(self.ctx, self.ir, op, "predicate").unwrap_or(-1) as u64;
        let pred = if name == "icmp" {
            dialect_llvm::ICmpPredicate::from_value(code).map(|p| p.as_str())
        } else {
            dialect_llvm::FCmpPredicate::from_value(code).map(|p| p.as_str())
        }
        .ok_or_else(|| TranslateError::failed(op))?;
        let ty = self.result_type(op)?;
        if let (Some(x), Some(y)) = (a.as_const(), b.as_const()) {
            let folded = match &a.ty {
                LTy::Int(w) if name == "icmp" => fold::icmp(pred, *w, x, y),
                t if name == "fcmp" => fold::fcmp(pred, t, x, y),
                _ => None,
            };
            if let Some(c) = folded {
                return Ok(Some(Val::constant(ty, c)));
            }
        }
        let llvm_pred = match pred {
            "_false" => "false",
            "_true" => "true",
            p => p,
        };
        let fm = if name == "fcmp" {
            fastmath_words(self.ctx, self.ir, op)
        } else {
            String::new()
        };
        self.binary(op, ty, &[name, " ", &fm, llvm_pred, " "], a, b)
    }

    fn cast(&mut self, op: OpId, name: &str) -> Result<Option<Val>, TranslateError> {
        self.with_operands(op, |this, ops| this.cast_of(op, name, ops[0]))
    }

    fn cast_of(&mut self, op: OpId, name: &str, x: &Val) -> Result<Option<Val>, TranslateError> {
        let to = self.result_type(op)?;
        if let Some(c) = x.as_const() {
            let folded =
                fold::cast(name, &x.ty, &to, c).or_else(|| fold::cast_expr(name, &x.ty, &to, c));
            if let Some(folded) = folded {
                return Ok(Some(Val::constant(to, folded)));
            }
        }
        // Only `trunc` has overflow flags, only `zext` and `uitofp` have
        // `nneg` (upstream's `LLVM_CastOpWith...Flag` classes).
        let mut words = if name == "trunc" {
            overflow_words(self.ctx, self.ir, op)
        } else {
            String::new()
        };
        if matches!(name, "zext" | "uitofp") && flag(self.ctx, self.ir, op, "nonNeg") {
            words.push_str("nneg ");
        }
        let parts = [
            Part::Text(name),
            Part::Text(" "),
            Part::Text(&words),
            typed(x),
            Part::Text(" to "),
            Part::Ty(&to),
        ];
        self.push(op, Some(to.clone()), parts)
    }

    fn select(&mut self, op: OpId) -> Result<Option<Val>, TranslateError> {
        self.with_operands(op, |this, ops| this.select_of(op, ops))
    }

    fn select_of(&mut self, op: OpId, ops: &[&Val]) -> Result<Option<Val>, TranslateError> {
        if let (Some(c), Some(t), Some(f)) =
            (ops[0].as_const(), ops[1].as_const(), ops[2].as_const())
        {
            if let Some(v) = fold::select(c, t, f) {
                return Ok(Some(Val::constant(ops[1].ty.clone(), v)));
            }
        }
        let fm = fastmath_words(self.ctx, self.ir, op);
        let [c, t, f] = ops else {
            return Err(TranslateError::failed(op));
        };
        let parts = [
            Part::Text("select "),
            Part::Text(&fm),
            typed(c),
            Part::Text(", "),
            typed(t),
            Part::Text(", "),
            typed(f),
        ];
        self.push(op, Some(t.ty.clone()), parts)
    }

    /// `, align N`: the op's alignment, else the type's ABI alignment.
    fn align_of(&self, op: OpId, ty: &LTy, abi: bool) -> u64 {
        match int_attr(self.ctx, self.ir, op, "alignment") {
            Some(a) if a > 0 => a as u64,
            _ => self.cx.layout.align(ty, abi),
        }
    }

    /// Refuses what this translator does not write on a load or store:
    /// the hints LLVM attaches as `!` nodes (alias scopes, TBAA and
    /// access groups are `crate::metadata`'s).
    fn check_plain_memory(&self, op: OpId, name: &str) -> Result<(), TranslateError> {
        let extra = ["nontemporal", "invariant", "invariantGroup"]
            .iter()
            .any(|n| attr(self.ctx, self.ir, op, n).is_some());
        if extra {
            return Err(TranslateError::new(
                op,
                format!("cannot be converted to LLVM IR: annotated {name} are not translated by ods-translate"),
            ));
        }
        Ok(())
    }

    /// `atomic ` and the ` [syncscope] ordering` suffix of an atomic load
    /// or store; nothing for a plain one.
    fn atomic_words(&self, op: OpId) -> Result<(&'static str, String), TranslateError> {
        // The ordering is default-valued: absent means `not_atomic`.
        if int_attr(self.ctx, self.ir, op, "ordering").is_none_or(|o| o == 0) {
            return Ok(("", String::new()));
        }
        let ordering = self.ordering(op, "ordering")?;
        Ok((
            "atomic ",
            format!("{} {}", self.syncscope(op), ordering.as_str()),
        ))
    }

    fn load(&mut self, op: OpId) -> Result<Option<Val>, TranslateError> {
        self.check_plain_memory(op, "loads")?;
        let p = self.operands(op)?.remove(0);
        let ty = self.result_type(op)?;
        let vol = if flag(self.ctx, self.ir, op, "volatile_") {
            "volatile "
        } else {
            ""
        };
        let (atomic, order) = self.atomic_words(op)?;
        let align = self.align_of(op, &ty, true);
        let head = format!("load {atomic}{vol}{ty}, ");
        let tail = format!("{order}, align {align}");
        let parts = [Part::Text(&head), typed(&p), Part::Text(&tail)];
        self.push(op, Some(ty), parts)
    }

    fn store(&mut self, op: OpId) -> Result<Option<Val>, TranslateError> {
        self.check_plain_memory(op, "stores")?;
        let ops = self.operands(op)?;
        let vol = if flag(self.ctx, self.ir, op, "volatile_") {
            "volatile "
        } else {
            ""
        };
        let (atomic, order) = self.atomic_words(op)?;
        let align = self.align_of(op, &ops[0].ty, true);
        let tail = format!("{order}, align {align}");
        let parts = [
            Part::Text("store "),
            Part::Text(atomic),
            Part::Text(vol),
            typed(&ops[0]),
            Part::Text(", "),
            typed(&ops[1]),
            Part::Text(&tail),
        ];
        self.push(op, None, parts)?;
        Ok(None)
    }

    fn elem_type(&self, op: OpId) -> Result<LTy, TranslateError> {
        let a =
            attr(self.ctx, self.ir, op, "elem_type").ok_or_else(|| TranslateError::failed(op))?;
        match self.ctx.attr_kind(a) {
            ir::AttrKind::Type(t) => lty(self.ctx, op, *t),
            _ => Err(TranslateError::failed(op)),
        }
    }

    fn alloca(&mut self, op: OpId) -> Result<Option<Val>, TranslateError> {
        let size = self.operands(op)?.remove(0);
        let elem = self.elem_type(op)?;
        let ty = self.result_type(op)?;
        let align = self.align_of(op, &elem, false);
        let head = if crate::props::flag(self.ctx, self.ir, op, "inalloca") {
            "alloca inalloca "
        } else {
            "alloca "
        };
        let mut parts = vec![Part::Text(head), Part::Ty(&elem)];
        let one_i32 = size.ty == LTy::Int(32) && size.as_int() == Some(1);
        if !one_i32 {
            parts.push(Part::Text(", "));
            parts.push(typed(&size));
        }
        let mut tail = format!(", align {align}");
        if let LTy::Ptr(a) = ty {
            if a != 0 {
                tail.push_str(&format!(", addrspace({a})"));
            }
        }
        parts.push(Part::Text(&tail));
        self.push(op, Some(ty.clone()), parts)
    }
}
