//! The result patterns of a declarative rewrite rule: which of them
//! replace the root's results and which are auxiliary, the values they
//! build (ops, `NativeCodeCall`s, constants, bound symbols) and the
//! symbols they name.
//!
//! In: the `resultPatterns` dags of one pattern def, after its source.
//! Out: the model's [`ResultValue`]s, with mlir-tblgen's checks.

use super::*;

impl PatternLowering<'_, '_> {
    /// The result patterns, in order. As mlir-tblgen has it, the last
    /// values they produce replace the root's results, one each; the
    /// patterns before those are auxiliary (built for their effect or for
    /// later patterns to use, `(Op:$name ...)`).
    pub(super) fn results(&mut self, source: &SourceOp) -> Lowered<Vec<ResultValue>> {
        let list = self
            .def
            .value("resultPatterns")
            .and_then(Value::as_list)
            .unwrap_or_default();
        let root_results = source.op.num_results;
        let mut dags = Vec::new();
        for pattern in list {
            dags.push(pattern.as_dag().ok_or("a result pattern must be a dag")?);
        }
        let counts: Vec<usize> = dags.iter().map(|d| self.value_count(d)).collect();
        let total: usize = counts.iter().sum();
        if total < root_results {
            return Err("not enough values generated to replace the matched op".into());
        }
        let first_replacing = total - root_results;
        let mut out = Vec::new();
        let mut offset = 0usize;
        for (dag, count) in dags.into_iter().zip(counts) {
            let replaces = match offset >= first_replacing {
                true => Some(offset - first_replacing),
                false if offset + count <= first_replacing => None,
                false => {
                    return Err(unsupported(
                        "a result pattern whose values are partly auxiliary",
                    ))
                }
            };
            out.push(self.top_result(dag, replaces)?);
            offset += count;
        }
        Ok(out)
    }

    /// How many values the result pattern `dag` produces.
    pub(super) fn value_count(&self, dag: &Dag) -> usize {
        let def = dag.op.as_def().unwrap_or_default();
        if let Some(op) = self.ops.get(def) {
            return op.results.len();
        }
        if let Some(r) = self.lowerer.records.def(def) {
            if r.is_subclass_of("NativeCodeCall") {
                let n = r.value("numReturns").and_then(Value::as_int).unwrap_or(1);
                return usize::try_from(n).unwrap_or(0);
            }
        }
        match dag.args.as_slice() {
            [(Value::Unset, Some(name))] if def == "replaceWithValue" => {
                match self.symbols.get(name.as_str()) {
                    Some(Symbol::Op(n)) => *n,
                    _ => 1,
                }
            }
            _ => 1,
        }
    }

    pub(super) fn symbol(&self, name: &str) -> Lowered<ResultValue> {
        // `$op__N`: result N of the op bound to `op`.
        if let Some((base, index)) = name.rsplit_once("__") {
            if let (Some(Symbol::Op(n)), Ok(index)) = (self.symbols.get(base), index.parse()) {
                if index >= *n {
                    return Err(format!(
                        "result index {index} of symbol '{base}' is out of range: its op has {n} results"
                    ));
                }
                return Ok(ResultValue::OpResult {
                    symbol: base.to_string(),
                    index,
                });
            }
        }
        if !self.symbols.contains_key(name) {
            return Err(format!("referencing unbound symbol '{name}'"));
        }
        Ok(ResultValue::Symbol(name.to_string()))
    }

    pub(super) fn result_dag(
        &mut self,
        dag: &Dag,
        replaces: Option<usize>,
    ) -> Lowered<ResultValue> {
        self.result_node(dag, replaces, false)
    }

    /// A result pattern of the list (replacing root results from
    /// `replaces`, or auxiliary).
    pub(super) fn top_result(
        &mut self,
        dag: &Dag,
        replaces: Option<usize>,
    ) -> Lowered<ResultValue> {
        self.result_node(dag, replaces, true)
    }

    pub(super) fn result_node(
        &mut self,
        dag: &Dag,
        replaces: Option<usize>,
        top_level: bool,
    ) -> Lowered<ResultValue> {
        let def = dag.op.as_def().unwrap_or_default();
        let binds_op = self.ops.contains_key(def);
        if let Some(n) = dag.op_name.as_deref().filter(|_| !binds_op) {
            return Err(format!("only a result op can be bound (${n})"));
        }
        if def == "replaceWithValue" {
            if replaces.is_none() {
                return Err(unsupported("`replaceWithValue` inside another result node"));
            }
            return match dag.args.as_slice() {
                [(Value::Unset, Some(name))]
                    if self.symbols.get(name) == Some(&Symbol::Operands) =>
                {
                    Err(unsupported(&format!(
                        "replacing with the values of an optional or variadic operand (${name})"
                    )))
                }
                [(Value::Unset, Some(name))] => self.symbol(name),
                _ => Err("replaceWithValue directive must take exactly one argument".into()),
            };
        }
        if let Some(r) = self
            .lowerer
            .records
            .def(def)
            .filter(|r| r.is_subclass_of("NativeCodeCall"))
        {
            let returns = r.value("numReturns").and_then(Value::as_int);
            let mut args = Vec::new();
            for arg in &dag.args {
                args.push(self.result_arg(arg)?);
            }
            match returns {
                Some(1) => {}
                // `NativeCodeCallVoid`: a statement, as an auxiliary pattern.
                Some(0) if top_level => {
                    return Ok(ResultValue::NativeVoid {
                        statement: str_or_empty(r, "expression"),
                        args,
                    })
                }
                Some(0) => {
                    return Err(
                        "a NativeCodeCallVoid gives no value: it can only be a whole \
                                result pattern"
                            .into(),
                    )
                }
                _ => return Err(unsupported("a NativeCodeCall returning several values")),
            }
            return Ok(ResultValue::Native {
                expression: str_or_empty(r, "expression"),
                args,
            });
        }
        // `(location ...)` and `(returnType ...)` come after the op's
        // arguments.
        if let Some(d) = dag.args.iter().find_map(|(v, _)| {
            v.as_dag()
                .and_then(|d| d.op.as_def())
                .filter(|d| *d == "either" || *d == "variadic")
        }) {
            return Err(format!("`{d}` only matches operands in a source pattern"));
        }
        let (dag, location, return_types) = self.split_directives(dag)?;
        let dag = &dag;
        let op = self.op_of(dag)?;
        let types = match (return_types, replaces) {
            (Some(_), Some(_)) => {
                return Err(
                    "Cannot specify explicit return types in an op whose return values \
                            replace the source pattern's root op"
                        .into(),
                )
            }
            (Some(types), None) => {
                if types.len() != op.results.len() {
                    return Err(format!(
                        "op '{}' has {} results but returnType gives {} types",
                        op.full_name,
                        op.results.len(),
                        types.len()
                    ));
                }
                ResultTypes::Explicit(types)
            }
            (None, Some(first)) => ResultTypes::OfRoot(first),
            (None, None) => match &op.inferred_result_types {
                Some(sources) if op.results.len() == 1 => ResultTypes::Inferred(sources.clone()),
                None if op.results.len() == 1 && self.transformed_result_type(op).is_some() => {
                    ResultTypes::Inferred(self.transformed_result_type(op).into_iter().collect())
                }
                _ if op.results.len() != 1 => {
                    return Err(unsupported(&format!(
                        "a nested op '{}' without exactly one result",
                        op.full_name
                    )))
                }
                _ => {
                    return Err(unsupported(&format!(
                        "a nested op '{}' whose result type its spec does not infer (`returnType`)",
                        op.full_name
                    )))
                }
            },
        };
        let mut args = Vec::new();
        for (arg, value) in op.argument_order.iter().zip(&dag.args) {
            let (name, is_attribute) = match *arg {
                ArgumentRef::Operand(i) => (op.operands[i].name.clone(), false),
                ArgumentRef::Attribute(i) => (op.attributes[i].name.clone(), true),
            };
            let value = self.result_arg(value)?;
            let group = matches!(&value, ResultValue::Symbol(s) if self.symbols.get(s) == Some(&Symbol::Operands));
            if let (ArgumentRef::Operand(i), true) = (*arg, group) {
                if op.operands[i].kind == VarKind::Single {
                    return Err(unsupported(&format!(
                        "the values of an optional or variadic operand as op '{}''s operand '{name}'",
                        op.full_name
                    )));
                }
            }
            args.push(ResultArg {
                name,
                is_attribute,
                value,
            });
        }
        if let Some(n) = &dag.op_name {
            self.bind(n, Symbol::Op(op.results.len()))?;
        }
        Ok(ResultValue::Op {
            op: op_ref(op),
            args,
            types,
            location,
            binding: dag.op_name.clone(),
        })
    }

    /// An argument of a result op or `NativeCodeCall`: a bound symbol or
    /// a nested node.
    pub(super) fn result_arg(
        &mut self,
        (value, name): &(Value, Option<String>),
    ) -> Lowered<ResultValue> {
        match (value, name) {
            (Value::Unset, Some(name)) => self.symbol(name),
            (Value::Dag(d), None) => self.result_dag(d, None),
            (Value::Dag(_), Some(n)) => Err(format!(
                "a result op is bound as (Op:${n} ...), not with a name after it"
            )),
            (Value::Def(_), None) => match self.lowerer.def(value) {
                Some(r) if r.is_subclass_of("ConstantAttr") => {
                    Ok(ResultValue::Constant(self.constant_attr(r)?))
                }
                _ => Err(unsupported(&format!("the result argument {value}"))),
            },
            (other, _) => Err(unsupported(&format!("the result argument {other}"))),
        }
    }
}
