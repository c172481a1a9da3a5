//! The source pattern of a declarative rewrite rule: its op nodes and
//! their operand matchers (`either`, `variadic`, optional and variadic
//! operands, nested ops, source `NativeCodeCall`s) and attribute matchers.
//!
//! In: the `sourcePattern` dag of one pattern def. Out: the model's
//! [`SourceOp`] tree and the symbols it binds, with mlir-tblgen's checks.

use super::*;

impl PatternLowering<'_, '_> {
    pub(super) fn source_op(&mut self, dag: &Dag) -> Lowered<SourceOp> {
        let op = self.op_of(dag)?;
        self.matched_ops += 1;
        if let Some(b) = &dag.op_name {
            self.bind(b, Symbol::Op(op.results.len()))?;
        }
        // The arguments, an `either`'s two in its place, each with the
        // `either` it is in.
        let mut flat = Vec::new();
        for (group, (value, name)) in dag.args.iter().enumerate() {
            match value.as_dag() {
                Some(d) if d.op.as_def() == Some("either") => {
                    flat.extend(d.args.iter().map(|(v, n)| (v, n, Some(group))))
                }
                _ => flat.push((value, name, None)),
            }
        }
        let mut args = Vec::new();
        let mut pending: Option<(usize, SourceArg)> = None;
        for (position, (arg, (value, name, either))) in
            op.argument_order.iter().zip(flat).enumerate()
        {
            let name = name.as_deref().filter(|n| *n != "_");
            let lowered = match *arg {
                ArgumentRef::Operand(index) => {
                    self.operand_arg(op, position, index, value, name)?
                }
                ArgumentRef::Attribute(_) if either.is_some() => {
                    return Err(format!(
                        "`either` groups operands: the {}-th argument of op '{}' is an attribute",
                        position + 1,
                        op.full_name
                    ))
                }
                ArgumentRef::Attribute(i) => self.attribute_arg(op, position, i, value, name)?,
            };
            match (either, pending.take()) {
                (None, _) => args.push(lowered),
                (Some(g), None) => pending = Some((g, lowered)),
                (Some(_), Some((_, first))) => {
                    args.push(SourceArg::Either(Box::new([first, lowered])))
                }
            }
        }
        Ok(SourceOp {
            op: op_ref(op),
            binding: dag.op_name.clone(),
            args,
        })
    }

    /// The matcher of the operand at `index` (argument `position`): a
    /// bound or checked value, a nested op, a source `NativeCodeCall`, or
    /// `(variadic ...)`.
    fn operand_arg(
        &mut self,
        op: &OpModel,
        position: usize,
        index: usize,
        value: &Value,
        name: Option<&str>,
    ) -> Lowered<SourceArg> {
        let declared = &op.operands[index];
        let variable = declared.kind != VarKind::Single;
        if let Some(d) = value.as_dag().filter(|d| d.op.as_def() == Some("variadic")) {
            if declared.kind != VarKind::Variadic {
                return Err(format!(
                    "variadic DAG construct can't match op {}'s non-variadic operand #{index}",
                    op.full_name
                ));
            }
            if let Some(n) = &d.op_name {
                self.bind(n, Symbol::Operands)?;
            }
            let mut args = Vec::new();
            for (k, (v, n)) in d.args.iter().enumerate() {
                let n = n.as_deref().filter(|n| *n != "_");
                args.push(self.value_matcher(op, position, index, k, v, n)?);
            }
            return Ok(SourceArg::Variadic {
                index,
                binding: d.op_name.clone(),
                args,
            });
        }
        if !variable {
            return self.value_matcher(op, position, index, index, value, name);
        }
        // An optional or variadic operand: bound whole, as its values.
        if value.as_dag().is_some() {
            return Err(unsupported(&format!(
                "an op node at op '{}''s optional or variadic operand #{index} (match its values with `variadic`)",
                op.full_name
            )));
        }
        let check = self.operand_check(value, op, position)?;
        if check.is_some_and(|c| c.predicate != declared.constraint.predicate) {
            return Err(unsupported(&format!(
                "a type constraint on op '{}''s optional or variadic operand #{index}",
                op.full_name
            )));
        }
        if let Some(n) = name {
            self.bind(n, Symbol::Operands)?;
        }
        Ok(SourceArg::Operand {
            index,
            repeats: false,
            binding: name.map(str::to_string),
            check: None,
        })
    }

    /// The matcher of one operand value (`index` where it is: among the
    /// op's operands, or in its variadic group), declared as op operand
    /// `declared`.
    fn value_matcher(
        &mut self,
        op: &OpModel,
        position: usize,
        declared: usize,
        index: usize,
        value: &Value,
        name: Option<&str>,
    ) -> Lowered<SourceArg> {
        if let Some(nested) = value.as_dag() {
            if let Some(n) = name {
                return Err(unsupported(&format!("binding the nested op node ${n}")));
            }
            if let Some(call) = self.native_call(nested) {
                let matcher = self.native_matcher(call, nested)?;
                return Ok(SourceArg::Native { index, matcher });
            }
            let node = self.source_op(nested)?;
            return Ok(SourceArg::Op { index, node });
        }
        let check = self.operand_check(value, op, position)?;
        // A name bound to an operand before: the two operands must be the
        // same value (mlir-tblgen's implicit equality constraint).
        let repeats = name.is_some_and(|n| self.symbols.get(n) == Some(&Symbol::Operand));
        if let Some(n) = name.filter(|_| !repeats) {
            self.bind(n, Symbol::Operand)?;
        }
        Ok(SourceArg::Operand {
            index,
            repeats,
            binding: name.map(str::to_string),
            check: check.filter(|c| c.predicate != op.operands[declared].constraint.predicate),
        })
    }

    /// The matcher of attribute `i` (argument `position`).
    fn attribute_arg(
        &mut self,
        op: &OpModel,
        position: usize,
        i: usize,
        value: &Value,
        name: Option<&str>,
    ) -> Lowered<SourceArg> {
        if value.as_dag().is_some() {
            return Err(unsupported("a dag as an attribute matcher"));
        }
        let attr = &op.attributes[i];
        let check = self.attribute_check(value, op, position)?;
        let presence = attr_presence(attr);
        if let Some(n) = name {
            let symbol = match presence {
                AttrPresence::Optional => Symbol::OptionalAttribute,
                _ => Symbol::Attribute,
            };
            self.bind(n, symbol)?;
        }
        Ok(SourceArg::Attribute {
            name: attr.name.clone(),
            binding: name.map(str::to_string),
            check: check.filter(|c| c.predicate != attr.predicate),
            presence,
        })
    }

    /// The check an operand matcher such as `F32:$x` makes.
    fn operand_check(&self, v: &Value, op: &OpModel, position: usize) -> Lowered<Option<Check>> {
        let Some(r) = self.lowerer.def(v) else {
            return Ok(None);
        };
        if !r.is_subclass_of("TypeConstraint") {
            return Err(format!(
                "the {}-th argument of op '{}' should be an operand",
                position + 1,
                op.full_name
            ));
        }
        Ok(Some(self.check(r)))
    }

    /// The check an attribute matcher such as `F32Attr:$x` makes.
    fn attribute_check(&self, v: &Value, op: &OpModel, position: usize) -> Lowered<Option<Check>> {
        let Some(r) = self.lowerer.def(v) else {
            return Ok(None);
        };
        if !r.is_subclass_of("AttrConstraint") && !r.is_subclass_of("PropConstraint") {
            return Err(format!(
                "the {}-th argument of op '{}' should be an attribute",
                position + 1,
                op.full_name
            ));
        }
        Ok(Some(self.check(r)))
    }
}
