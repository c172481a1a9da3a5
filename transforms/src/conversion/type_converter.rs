//! The type converter (MLIR's `TypeConverter`): how the types of values
//! change in a conversion, and how to bridge a value of the old type and
//! one of the new where both must meet (materializations).
//!
//! Rules are tried last-added first, as upstream's are: a converter built
//! with a catch-all identity rule first and specific rules after it
//! converts the specific types and keeps the rest.

use ir::builder::OpBuilder;
use ir::{Context, Location, Type, TypeKind, Value};
use smallvec::SmallVec;

/// The types a type converts to: nearly always one, kept inline (a
/// conversion asks for the types of every operand of every op).
pub type TypeList = SmallVec<[Type; 2]>;

/// What a conversion rule says about a type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleResult {
    /// Not this rule's type: the next rule is tried.
    Skip,
    /// The type converts to these (none: the value is dropped; several:
    /// a 1:N conversion).
    Types(TypeList),
    /// The type cannot be converted; no other rule is tried.
    Fail,
}

/// A conversion rule.
pub type ConversionRule = Box<dyn Fn(&mut Context, Type) -> RuleResult>;

/// A materialization: builds, with the builder at the point where the
/// value is needed, ops turning `inputs` into values of `types` (at `loc`),
/// or `None` when it cannot.
pub type MaterializationFn =
    Box<dyn Fn(&mut OpBuilder<'_>, &[Type], &[Value], Location) -> Option<Vec<Value>>>;

/// Which way a materialization goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MaterializationKind {
    /// From converted values back to an original type, for users not
    /// converted (yet).
    Source,
    /// From a value (of any type) to the converted types, for the operands
    /// a pattern sees.
    Target,
}

/// Type conversion rules and materializations.
#[derive(Default)]
pub struct TypeConverter {
    rules: Vec<ConversionRule>,
    source_materializations: Vec<MaterializationFn>,
    target_materializations: Vec<MaterializationFn>,
}

impl TypeConverter {
    /// A converter with no rules (it converts nothing).
    pub fn new() -> Self {
        TypeConverter::default()
    }

    /// Adds a general rule (tried before the rules added earlier).
    pub fn add_rule(&mut self, rule: impl Fn(&mut Context, Type) -> RuleResult + 'static) {
        self.rules.push(Box::new(rule));
    }

    /// Adds a 1:1 rule: `Some(t)` converts to `t`, `None` passes to the
    /// next rule.
    pub fn add_conversion(&mut self, rule: impl Fn(&mut Context, Type) -> Option<Type> + 'static) {
        self.add_rule(move |ctx, ty| match rule(ctx, ty) {
            Some(t) => RuleResult::Types(TypeList::from_elem(t, 1)),
            None => RuleResult::Skip,
        });
    }

    /// Adds the rule every type converter of a partial lowering starts
    /// with: any type converts to itself.
    pub fn add_identity_conversion(&mut self) {
        self.add_conversion(|_, ty| Some(ty));
    }

    /// Adds a source materialization (tried before those added earlier).
    pub fn add_source_materialization(
        &mut self,
        f: impl Fn(&mut OpBuilder<'_>, &[Type], &[Value], Location) -> Option<Vec<Value>> + 'static,
    ) {
        self.source_materializations.push(Box::new(f));
    }

    /// Adds a target materialization (tried before those added earlier).
    pub fn add_target_materialization(
        &mut self,
        f: impl Fn(&mut OpBuilder<'_>, &[Type], &[Value], Location) -> Option<Vec<Value>> + 'static,
    ) {
        self.target_materializations.push(Box::new(f));
    }

    /// Adds source and target materializations that build
    /// `builtin.unrealized_conversion_cast` (what upstream's
    /// `LLVMTypeConverter` installs): casts that stay in the IR for a later
    /// conversion or `--reconcile-unrealized-casts` to remove.
    pub fn add_unrealized_cast_materializations(&mut self) {
        self.add_source_materialization(build_unrealized_cast);
        self.add_target_materialization(build_unrealized_cast);
    }

    /// The types `ty` converts to (`None`: it does not convert).
    pub fn convert_type(&self, ctx: &mut Context, ty: Type) -> Option<Vec<Type>> {
        self.convert_type_list(ctx, ty).map(TypeList::into_vec)
    }

    /// [`TypeConverter::convert_type`] without a heap allocation for the
    /// usual one or two types.
    pub fn convert_type_list(&self, ctx: &mut Context, ty: Type) -> Option<TypeList> {
        for rule in self.rules.iter().rev() {
            match rule(ctx, ty) {
                RuleResult::Skip => continue,
                RuleResult::Types(types) => return Some(types),
                RuleResult::Fail => return None,
            }
        }
        None
    }

    /// The one type `ty` converts to (`None` when it does not convert, or
    /// converts to a number of types other than one).
    pub fn convert_type_1to1(&self, ctx: &mut Context, ty: Type) -> Option<Type> {
        match self.convert_type_list(ctx, ty)?.as_slice() {
            [t] => Some(*t),
            _ => None,
        }
    }

    /// The conversions of `types`, concatenated.
    pub fn convert_types(&self, ctx: &mut Context, types: &[Type]) -> Option<Vec<Type>> {
        let mut out = Vec::with_capacity(types.len());
        for &t in types {
            out.extend(self.convert_type_list(ctx, t)?);
        }
        Some(out)
    }

    /// Whether `ty` converts to itself (a legal type).
    pub fn is_legal(&self, ctx: &mut Context, ty: Type) -> bool {
        self.convert_type_list(ctx, ty).as_deref() == Some(&[ty])
    }

    /// Whether every type is legal.
    pub fn are_legal(&self, ctx: &mut Context, types: &[Type]) -> bool {
        types.iter().all(|&t| self.is_legal(ctx, t))
    }

    /// Whether a function type's inputs and results are all legal (what a
    /// target asks of a `func.func`-like op).
    pub fn is_signature_legal(&self, ctx: &mut Context, function_type: Type) -> bool {
        match ctx.type_kind(function_type) {
            TypeKind::Function { inputs, results } => {
                let (inputs, results) = (inputs.to_vec(), results.to_vec());
                self.are_legal(ctx, &inputs) && self.are_legal(ctx, &results)
            }
            _ => false,
        }
    }

    /// Runs the materializations of `kind`, last added first, until one
    /// builds values of `types`.
    pub fn materialize(
        &self,
        kind: MaterializationKind,
        b: &mut OpBuilder<'_>,
        types: &[Type],
        inputs: &[Value],
        loc: Location,
    ) -> Option<Vec<Value>> {
        let list = match kind {
            MaterializationKind::Source => &self.source_materializations,
            MaterializationKind::Target => &self.target_materializations,
        };
        list.iter().rev().find_map(|f| {
            f(b, types, inputs, loc).filter(|values| {
                values.len() == types.len()
                    && values
                        .iter()
                        .zip(types)
                        .all(|(&v, &t)| b.ir.value_type(v) == t)
            })
        })
    }

    /// The signature conversion of a block whose arguments have `types`,
    /// each converted by the rules (`None` when one does not convert).
    pub fn signature_conversion(
        &self,
        ctx: &mut Context,
        types: &[Type],
    ) -> Option<SignatureConversion> {
        let mut conv = SignatureConversion::new(types.len());
        for (i, &t) in types.iter().enumerate() {
            let converted = self.convert_type_list(ctx, t)?;
            conv.add_inputs(i, &converted);
        }
        Some(conv)
    }
}

/// Builds one `builtin.unrealized_conversion_cast` from `inputs` to
/// `types`.
pub fn build_unrealized_cast(
    b: &mut OpBuilder<'_>,
    types: &[Type],
    inputs: &[Value],
    loc: Location,
) -> Option<Vec<Value>> {
    let cast = b.create_op(
        "builtin.unrealized_conversion_cast",
        loc,
        inputs,
        types,
        None,
        None,
        0,
    );
    Some(b.ir.results(cast).collect())
}

/// Where one original block argument goes in a signature conversion.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InputMapping {
    /// To the new arguments `start..start + len` (none: dropped).
    Args { start: usize, len: usize },
    /// To existing values (the argument is not kept as an argument).
    Values(Vec<Value>),
}

/// How the arguments of a block change (MLIR's
/// `TypeConverter::SignatureConversion`): the new argument types, and for
/// each original argument the new arguments (or values) replacing it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SignatureConversion {
    inputs: Vec<Option<InputMapping>>,
    types: Vec<Type>,
}

impl SignatureConversion {
    /// A conversion of a signature of `num_inputs` arguments, none
    /// remapped yet.
    pub fn new(num_inputs: usize) -> Self {
        SignatureConversion {
            inputs: vec![None; num_inputs],
            types: Vec::new(),
        }
    }

    /// Original argument `index` becomes new arguments of `types`
    /// (appended to the new signature).
    pub fn add_inputs(&mut self, index: usize, types: &[Type]) {
        let start = self.types.len();
        self.types.extend_from_slice(types);
        if let Some(slot) = self.inputs.get_mut(index) {
            *slot = Some(InputMapping::Args {
                start,
                len: types.len(),
            });
        }
    }

    /// Appends new arguments that replace no original one.
    pub fn append_types(&mut self, types: &[Type]) {
        self.types.extend_from_slice(types);
    }

    /// Original argument `index` is replaced by `values` instead of by
    /// arguments.
    pub fn remap_input(&mut self, index: usize, values: Vec<Value>) {
        if let Some(slot) = self.inputs.get_mut(index) {
            *slot = Some(InputMapping::Values(values));
        }
    }

    /// The new argument types.
    pub fn converted_types(&self) -> &[Type] {
        &self.types
    }

    /// How original argument `index` is replaced (`None`: not remapped,
    /// which is a mistake of the caller once the conversion is applied).
    pub fn input_mapping(&self, index: usize) -> Option<&InputMapping> {
        self.inputs.get(index).and_then(|m| m.as_ref())
    }

    /// The number of original arguments.
    pub fn num_inputs(&self) -> usize {
        self.inputs.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_run_last_added_first_and_fail_stops_the_search() {
        let mut ctx = Context::new();
        let index = ctx.index_type();
        let i64t = ctx.int_type(64);
        let i32t = ctx.int_type(32);
        let f32t = ctx.float_type(ir::FloatKind::F32);
        let mut tc = TypeConverter::new();
        tc.add_identity_conversion();
        tc.add_conversion(|ctx, t| ctx.is_index(t).then(|| ctx.int_type(64)));
        // i32 splits in two (1:N); f32 cannot convert.
        tc.add_rule(move |_, t| match t {
            t if t == i32t => RuleResult::Types(TypeList::from_slice(&[t, t])),
            t if t == f32t => RuleResult::Fail,
            _ => RuleResult::Skip,
        });
        assert_eq!(tc.convert_type(&mut ctx, index), Some(vec![i64t]));
        assert_eq!(tc.convert_type(&mut ctx, i64t), Some(vec![i64t]));
        assert_eq!(tc.convert_type(&mut ctx, i32t), Some(vec![i32t, i32t]));
        assert_eq!(tc.convert_type(&mut ctx, f32t), None);
        assert_eq!(tc.convert_type_1to1(&mut ctx, i32t), None);
        assert!(tc.is_legal(&mut ctx, i64t));
        assert!(!tc.is_legal(&mut ctx, index));
        let sig = tc
            .signature_conversion(&mut ctx, &[index, i32t, i64t])
            .expect("every type converts");
        assert_eq!(sig.converted_types(), &[i64t, i32t, i32t, i64t]);
        assert_eq!(
            sig.input_mapping(1),
            Some(&InputMapping::Args { start: 1, len: 2 })
        );
        assert!(tc.signature_conversion(&mut ctx, &[f32t]).is_none());
        let fty = ctx.function_type(&[index], &[i64t]);
        assert!(!tc.is_signature_legal(&mut ctx, fty));
    }
}
