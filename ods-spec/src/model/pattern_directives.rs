//! The `location` and `returnType` directives of result patterns:
//! `(OpA $x, (location $y, "name"), (returnType $z))`, written after the
//! op's arguments.
//!
//! In: a result op's dag. Out: the dag without them, the [`LocPart`]s and
//! the [`ReturnType`]s, with mlir-tblgen's checks.

use super::*;

/// A result dag without its trailing directives, its `location` and its
/// `returnType` types.
type Split = (Dag, Option<Vec<LocPart>>, Option<Vec<ReturnType>>);

impl PatternLowering<'_, '_> {
    /// Takes `location` and `returnType` off the end of a result op's
    /// arguments.
    pub(super) fn split_directives(&mut self, dag: &Dag) -> Lowered<Split> {
        let mut dag = dag.clone();
        let mut location = None;
        let mut types = None;
        while let Some((Value::Dag(last), None)) = dag.args.last() {
            match last.op.as_def() {
                Some("location") => {
                    if location.is_some() {
                        return Err("found more than one 'location' directive".into());
                    }
                    location = Some(self.location(last)?);
                }
                Some("returnType") => {
                    if types.is_some() {
                        return Err("found more than one 'returnType' directive".into());
                    }
                    types = Some(self.return_types(last)?);
                }
                _ => break,
            }
            dag.args.pop();
        }
        Ok((dag, location, types))
    }

    fn location(&self, dag: &Dag) -> Lowered<Vec<LocPart>> {
        if dag.args.is_empty() {
            return Err("At least one argument to location directive required".into());
        }
        let names = dag
            .args
            .iter()
            .filter(|(v, _)| matches!(v, Value::Str(_)))
            .count();
        if names > 1 {
            return Err("Only one string attribute may be specified".into());
        }
        let mut parts = Vec::new();
        for (value, name) in &dag.args {
            parts.push(match (value, name) {
                (Value::Str(s), None) => LocPart::Name(s.to_string()),
                (Value::Unset, Some(name)) => {
                    self.symbol(name)?;
                    LocPart::Symbol(name.clone())
                }
                _ => {
                    return Err(
                        "location directive arguments must be bound symbols or strings".into(),
                    )
                }
            });
        }
        Ok(parts)
    }

    fn return_types(&mut self, dag: &Dag) -> Lowered<Vec<ReturnType>> {
        if dag.args.is_empty() {
            return Err("returnType directive must take at least one argument".into());
        }
        let mut types = Vec::new();
        for (value, name) in &dag.args {
            types.push(match (value, name) {
                (Value::Str(s), None) | (Value::Code(s), None) => ReturnType::Expr(s.to_string()),
                _ => ReturnType::Of(self.result_arg(&(value.clone(), name.clone()))?),
            });
        }
        Ok(types)
    }
}
