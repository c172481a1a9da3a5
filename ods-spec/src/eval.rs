//! Value evaluation: folds bang operators, binds late field references,
//! instantiates anonymous class instances, and converts values to field
//! types. In class mode (no record) whatever cannot be folded stays
//! symbolic; in def mode every field must end up concrete.

use std::cmp::Ordering;

use crate::diag::Span;
use crate::record::{Dag, RecordField, RecordKeeper, Text, Type, Value};
use crate::resolve::Resolver;

/// Deepest evaluation recursion (expression depth, field-reference chains
/// and nested anonymous instances together) before we give up with an
/// error instead of overflowing the stack.
const MAX_EVAL_DEPTH: usize = 300;

const PENDING: u8 = 0;
const IN_PROGRESS: u8 = 1;
const DONE: u8 = 2;

/// The record (if any) whose fields references bind to, and the variables
/// bound by `!foreach`/`!foldl`/`!filter`.
pub struct Env {
    fields: Option<Vec<RecordField>>,
    state: Vec<u8>,
    vars: Vec<(String, Value)>,
    /// The index in `vars` of a variable whose one use may take its value
    /// rather than copy it (`NO_MOVE` for none): `!foldl`'s accumulator
    /// when its body uses it once, outside any loop body, so that
    /// `!listconcat(acc, ...)` and `acc # ...` grow it in place instead of
    /// copying the whole accumulator on every step.
    movable: usize,
}

const NO_MOVE: usize = usize::MAX;

impl Env {
    /// No record: field references stay symbolic.
    pub fn class_mode() -> Env {
        Env {
            fields: None,
            state: Vec::new(),
            vars: Vec::new(),
            movable: NO_MOVE,
        }
    }

    /// Evaluating the fields of a complete def.
    pub fn def_mode(fields: Vec<RecordField>) -> Env {
        let n = fields.len();
        Env {
            fields: Some(fields),
            state: vec![PENDING; n],
            vars: Vec::new(),
            movable: NO_MOVE,
        }
    }

    /// The evaluated fields.
    pub fn take_fields(&mut self) -> Vec<RecordField> {
        self.fields.take().unwrap_or_default()
    }
}

type E<T> = Result<T, String>;

impl Resolver<'_> {
    /// Evaluates field `i` of the def in `env` (once).
    pub(crate) fn eval_field(&mut self, env: &mut Env, i: usize) -> Result<(), (Span, String)> {
        let Some(fields) = env.fields.as_mut() else {
            return Ok(());
        };
        match env.state[i] {
            DONE => return Ok(()),
            IN_PROGRESS => {
                let f = &fields[i];
                return Err((
                    f.span,
                    format!("field '{}' depends on its own value", f.name),
                ));
            }
            _ => {}
        }
        // The value is moved out while it is evaluated (a reference back to
        // this field is caught by its IN_PROGRESS state, never read).
        // So is its type (only this call reads it; it is put back below):
        // no copy of a class name or list type per field.
        let value = std::mem::replace(&mut fields[i].value, Value::Unset);
        let ty = std::mem::replace(&mut fields[i].ty, Type::Bit);
        env.state[i] = IN_PROGRESS;
        // Literals (most fields: strings, code, bits, ints) evaluate to
        // themselves; only the rest is walked.
        let evaluated = match value {
            Value::Unset
            | Value::Bit(_)
            | Value::Int(_)
            | Value::Str(_)
            | Value::Code(_)
            | Value::Def(_) => Ok(value),
            // Evaluating a concrete value copies it unchanged: keep it
            // (inherited lists and dags are most of what a def holds).
            other if other.is_concrete() => Ok(other),
            other => self.eval_owned(other, env),
        };
        let result = evaluated.and_then(|v| {
            if !v.is_concrete() {
                return Err(format!("value cannot be resolved: {v}"));
            }
            convert(&self.records, v, &ty)
        });
        env.state[i] = DONE;
        let field = &mut env.fields.as_mut().expect("def mode")[i];
        field.ty = ty;
        match result {
            Ok(v) => {
                field.value = v;
                Ok(())
            }
            Err(m) => Err((field.span, format!("in field '{}': {m}", field.name))),
        }
    }

    /// Evaluates `v` as far as `env` allows.
    pub(crate) fn eval(&mut self, v: &Value, env: &mut Env) -> E<Value> {
        self.nested(|r| r.eval_inner(v, env))
    }

    /// Runs `step` one level deeper, refusing past [`MAX_EVAL_DEPTH`].
    fn nested(&mut self, step: impl FnOnce(&mut Self) -> E<Value>) -> E<Value> {
        self.eval_depth += 1;
        let r = if self.eval_depth > MAX_EVAL_DEPTH {
            Err("expression is nested too deeply to evaluate".to_string())
        } else {
            step(self)
        };
        self.eval_depth -= 1;
        r
    }

    /// [`Resolver::eval`] of a value the caller gives up: the concrete
    /// parts of a list, bits or dag are moved into the result instead of
    /// copied (a def's list field with one symbolic item among many
    /// concrete ones no longer copies them all, then drops the original).
    fn eval_owned(&mut self, v: Value, env: &mut Env) -> E<Value> {
        self.nested(|r| r.eval_owned_inner(v, env))
    }

    fn eval_owned_inner(&mut self, v: Value, env: &mut Env) -> E<Value> {
        Ok(match v {
            Value::Unset
            | Value::Bit(_)
            | Value::Int(_)
            | Value::Str(_)
            | Value::Code(_)
            | Value::Def(_)
            | Value::Arg(_) => v,
            Value::Bits(b) => Value::Bits(self.eval_all_owned(b, env)?),
            Value::List(l) => Value::List(self.eval_all_owned(l, env)?),
            Value::Dag(d) => {
                let Dag { op, op_name, args } = *d;
                let op = self.eval_owned(op, env)?;
                let mut evaluated = Vec::with_capacity(args.len());
                for (a, n) in args {
                    evaluated.push((self.eval_owned(a, env)?, n));
                }
                Value::Dag(Box::new(Dag {
                    op,
                    op_name,
                    args: evaluated,
                }))
            }
            other => self.eval_inner(&other, env)?,
        })
    }

    fn eval_all_owned(&mut self, vs: Vec<Value>, env: &mut Env) -> E<Vec<Value>> {
        vs.into_iter().map(|x| self.eval_owned(x, env)).collect()
    }

    fn eval_inner(&mut self, v: &Value, env: &mut Env) -> E<Value> {
        Ok(match v {
            Value::Unset
            | Value::Bit(_)
            | Value::Int(_)
            | Value::Str(_)
            | Value::Code(_)
            | Value::Def(_)
            | Value::Arg(_) => v.clone(),
            Value::Bits(b) => Value::Bits(self.eval_all(b, env)?),
            Value::List(l) => Value::List(self.eval_all(l, env)?),
            Value::Dag(d) => {
                let op = self.eval(&d.op, env)?;
                let mut args = Vec::with_capacity(d.args.len());
                for (a, n) in &d.args {
                    args.push((self.eval(a, env)?, n.clone()));
                }
                Value::Dag(Box::new(Dag {
                    op,
                    op_name: d.op_name.clone(),
                    args,
                }))
            }
            Value::Field(name) => {
                let Some(fields) = env.fields.as_ref() else {
                    return Ok(v.clone());
                };
                let Some(j) = fields.iter().position(|f| *f.name == **name) else {
                    return Err(format!("no field named '{name}'"));
                };
                if env.state[j] == IN_PROGRESS {
                    return Err(format!("field '{name}' depends on its own value"));
                }
                self.eval_field(env, j).map_err(|(_, m)| m)?;
                env.fields.as_ref().expect("def mode")[j].value.clone()
            }
            Value::Var(name) => match env.vars.iter().rposition(|(n, _)| n == name) {
                Some(i) if i == env.movable => {
                    env.movable = NO_MOVE;
                    std::mem::replace(&mut env.vars[i].1, Value::Unset)
                }
                Some(i) => env.vars[i].1.clone(),
                None => v.clone(),
            },
            Value::FieldOf(base, field) => {
                let b = self.eval(base, env)?;
                match &b {
                    Value::Def(d) => {
                        let rec = self
                            .records
                            .defs
                            .get(d)
                            .ok_or_else(|| format!("unknown def '{d}'"))?;
                        rec.value(field)
                            .cloned()
                            .ok_or_else(|| format!("'{d}' has no field '{field}'"))?
                    }
                    b if b.is_concrete() => {
                        return Err(format!(
                            "cannot take field '{field}' of {b}, which is not a def"
                        ))
                    }
                    _ => Value::FieldOf(Box::new(b), field.clone()),
                }
            }
            Value::Index(base, index) => {
                let b = self.eval(base, env)?;
                let i = self.eval(index, env)?;
                match (&b, i.as_int()) {
                    (Value::List(l), Some(i)) => usize::try_from(i)
                        .ok()
                        .and_then(|i| l.get(i).cloned())
                        .ok_or_else(|| {
                            format!("index {i} is out of range for a list of {}", l.len())
                        })?,
                    _ if b.is_concrete() && i.is_concrete() => {
                        return Err(format!("cannot index {b} with {i}"))
                    }
                    _ => Value::Index(Box::new(b), Box::new(i)),
                }
            }
            Value::Cond(cases) => {
                for (i, (c, x)) in cases.iter().enumerate() {
                    let c = self.eval(c, env)?;
                    match c.as_bool() {
                        Some(true) => return self.eval(x, env),
                        Some(false) => continue,
                        None if c.is_concrete() => {
                            return Err(format!("!cond condition is not a bit: {c}"))
                        }
                        None => return Ok(Value::Cond(cases[i..].to_vec())),
                    }
                }
                return Err("!cond: no condition is true".to_string());
            }
            Value::ClassInst(class, args) => {
                let args = self.eval_all(args, env)?;
                if args.iter().all(Value::is_concrete) {
                    Value::Def(self.instantiate(class, args)?)
                } else {
                    Value::ClassInst(class.clone(), args)
                }
            }
            Value::Bang(op, ty, args) => self.eval_bang(op, ty.as_ref(), args, env)?,
        })
    }

    fn eval_all(&mut self, vs: &[Value], env: &mut Env) -> E<Vec<Value>> {
        vs.iter().map(|x| self.eval(x, env)).collect()
    }

    fn eval_bang(
        &mut self,
        op: &str,
        ty: Option<&Type>,
        args: &[Value],
        env: &mut Env,
    ) -> E<Value> {
        let keep = |args: Vec<Value>| Value::Bang(op.to_string(), ty.cloned(), args);
        match op {
            "if" => {
                let c = self.eval(&args[0], env)?;
                return match c.as_bool() {
                    Some(true) => self.eval(&args[1], env),
                    Some(false) => self.eval(&args[2], env),
                    None if c.is_concrete() => Err(format!("!if condition is not a bit: {c}")),
                    None => {
                        let a = self.eval(&args[1], env).unwrap_or_else(|_| args[1].clone());
                        let b = self.eval(&args[2], env).unwrap_or_else(|_| args[2].clone());
                        Ok(keep(vec![c, a, b]))
                    }
                };
            }
            "foreach" | "filter" => {
                let var = args[0].as_str().unwrap_or_default().to_string();
                let list = self.eval(&args[1], env)?;
                let body = &args[2];
                return match &list {
                    Value::List(items) => {
                        let mut out = Vec::with_capacity(items.len());
                        for it in items {
                            env.vars.push((var.clone(), it.clone()));
                            let r = self.eval(body, env);
                            env.vars.pop();
                            let r = r?;
                            if op == "foreach" {
                                out.push(r);
                            } else {
                                match r.as_bool() {
                                    Some(true) => out.push(it.clone()),
                                    Some(false) => {}
                                    None if r.is_concrete() => {
                                        return Err(format!("!filter predicate is not a bit: {r}"))
                                    }
                                    None => {
                                        return Ok(keep(vec![
                                            args[0].clone(),
                                            list.clone(),
                                            body.clone(),
                                        ]))
                                    }
                                }
                            }
                        }
                        Ok(Value::List(out))
                    }
                    Value::Dag(d) if op == "foreach" => {
                        let mut out = Vec::with_capacity(d.args.len());
                        for (a, n) in &d.args {
                            env.vars.push((var.clone(), a.clone()));
                            let r = self.eval(body, env);
                            env.vars.pop();
                            out.push((r?, n.clone()));
                        }
                        Ok(Value::Dag(Box::new(Dag {
                            op: d.op.clone(),
                            op_name: d.op_name.clone(),
                            args: out,
                        })))
                    }
                    l if l.is_concrete() => Err(format!("!{op} needs a list, found {l}")),
                    _ => Ok(keep(vec![args[0].clone(), list, body.clone()])),
                };
            }
            "foldl" => {
                let init = self.eval(&args[0], env)?;
                let list = self.eval(&args[1], env)?;
                let acc_name = args[2].as_str().unwrap_or_default().to_string();
                let var_name = args[3].as_str().unwrap_or_default().to_string();
                return match &list {
                    Value::List(items) => {
                        let mut acc = init;
                        let take_acc = uses_once(&args[4], &acc_name);
                        let outer = env.movable;
                        for it in items {
                            if take_acc {
                                env.movable = env.vars.len();
                            }
                            env.vars.push((acc_name.clone(), acc));
                            env.vars.push((var_name.clone(), it.clone()));
                            let r = self.eval(&args[4], env);
                            env.vars.truncate(env.vars.len() - 2);
                            env.movable = outer;
                            acc = r?;
                        }
                        Ok(acc)
                    }
                    l if l.is_concrete() => Err(format!("!foldl needs a list, found {l}")),
                    _ => Ok(keep(vec![
                        init,
                        list,
                        args[2].clone(),
                        args[3].clone(),
                        args[4].clone(),
                    ])),
                };
            }
            _ => {}
        }
        let vals = self.eval_all(args, env)?;
        if !vals.iter().all(Value::is_concrete) {
            return Ok(keep(vals));
        }
        // Text built from an unset value is itself unset (TableGen leaves
        // such expressions unresolved).
        if matches!(op, "strconcat" | "paste") && vals.contains(&Value::Unset) {
            return Ok(Value::Unset);
        }
        let int = |v: &Value| {
            v.as_int()
                .ok_or_else(|| format!("!{op} expects an integer, found {v}"))
        };
        let string = |v: &Value| -> E<String> {
            v.as_str()
                .map(str::to_string)
                .ok_or_else(|| format!("!{op} expects a string, found {v}"))
        };
        Ok(match op {
            // As in TableGen, text joined with a code block is code.
            "strconcat" => {
                let span = self.joined_span(&vals);
                let code = vals.iter().any(|v| matches!(v, Value::Code(_)));
                let mut parts = vals.into_iter();
                // The first operand's text is ours: the rest is appended
                // to it (an accumulating `!foldl` grows one string).
                let mut s = match parts.next() {
                    Some(Value::Str(t) | Value::Code(t)) => t.text,
                    Some(v) => return Err(format!("!{op} expects a string, found {v}")),
                    None => String::new(),
                };
                for v in parts {
                    match v.as_str() {
                        Some(t) => s.push_str(t),
                        None => return Err(format!("!{op} expects a string, found {v}")),
                    }
                }
                let text = Text { text: s, span };
                if code {
                    Value::Code(text)
                } else {
                    Value::Str(text)
                }
            }
            "paste" => {
                let span = self.joined_span(&vals);
                let mut vals = vals.into_iter();
                let a = vals.next().unwrap_or(Value::Unset);
                let b = vals.next().unwrap_or(Value::Unset);
                match (a, b) {
                    (Value::List(mut a), Value::List(b)) => {
                        a.extend(b);
                        Value::List(a)
                    }
                    (a, b) => {
                        let code = matches!(a, Value::Code(_)) || matches!(b, Value::Code(_));
                        let mut text = match a {
                            Value::Str(t) | Value::Code(t) => t.text,
                            a => paste_str(&a)?,
                        };
                        push_paste(&mut text, &b)?;
                        let text = Text { text, span };
                        if code {
                            Value::Code(text)
                        } else {
                            Value::Str(text)
                        }
                    }
                }
            }
            "listconcat" => {
                // The operands are ours: their items move, uncopied, onto
                // the first list.
                let mut out: Option<Vec<Value>> = None;
                for v in vals {
                    match (v, &mut out) {
                        (Value::List(l), None) => out = Some(l),
                        (Value::List(l), Some(o)) => o.extend(l),
                        (v, _) => return Err(format!("!{op} expects a list, found {v}")),
                    }
                }
                Value::List(out.unwrap_or_default())
            }
            "interleave" => {
                let items = list_items(op, &vals[0])?;
                let sep = string(&vals[1])?;
                let parts: E<Vec<String>> = items.iter().map(paste_str).collect();
                Value::Str(Text {
                    text: parts?.join(&sep),
                    span: self.joined_span(items),
                })
            }
            "eq" | "ne" => {
                let eq = compare(&vals[0], &vals[1])? == Ordering::Equal;
                Value::Bit(eq == (op == "eq"))
            }
            "le" | "lt" | "ge" | "gt" => {
                let (a, b) = (&vals[0], &vals[1]);
                if matches!(a, Value::Def(_)) || matches!(b, Value::Def(_)) {
                    return Err(format!("!{op} cannot order records"));
                }
                let o = compare(a, b)?;
                Value::Bit(match op {
                    "le" => o != Ordering::Greater,
                    "lt" => o == Ordering::Less,
                    "ge" => o != Ordering::Less,
                    _ => o == Ordering::Greater,
                })
            }
            "cast" => self.cast(ty.expect("checked at elaboration"), &vals[0])?,
            "isa" => Value::Bit(match (ty, &vals[0]) {
                (Some(Type::Record(c)), Value::Def(d)) => self.records.def_isa(d, c),
                (Some(Type::String | Type::Code), v) => v.as_str().is_some(),
                (Some(Type::Int), Value::Int(_)) => true,
                (Some(Type::Bit), Value::Bit(_)) => true,
                (Some(Type::List(_)), Value::List(_)) => true,
                (Some(Type::Dag), Value::Dag(_)) => true,
                _ => false,
            }),
            "exists" => {
                let name = string(&vals[0])?;
                Value::Bit(match ty {
                    Some(Type::Record(c)) => self.records.def_isa(&name, c),
                    _ => self.records.defs.contains_key(&name),
                })
            }
            "empty" | "size" => {
                let n = match &vals[0] {
                    Value::List(l) => l.len(),
                    Value::Str(s) | Value::Code(s) => s.len(),
                    Value::Dag(d) => d.args.len(),
                    v => return Err(format!("!{op} expects a list, string or dag, found {v}")),
                };
                if op == "empty" {
                    Value::Bit(n == 0)
                } else {
                    Value::Int(n as i64)
                }
            }
            "head" => list_items(op, &vals[0])?
                .first()
                .cloned()
                .ok_or("!head of an empty list")?,
            "tail" => {
                let l = list_items(op, &vals[0])?;
                if l.is_empty() {
                    return Err("!tail of an empty list".to_string());
                }
                Value::List(l[1..].to_vec())
            }
            "subst" => match (&vals[0], &vals[2]) {
                (from, Value::Str(s)) if from.as_str().is_some() => {
                    let to = string(&vals[1])?;
                    let from = string(from)?;
                    if from.is_empty() {
                        Value::Str(s.clone())
                    } else {
                        Value::Str(Text {
                            text: s.replace(&from, &to),
                            span: s.span,
                        })
                    }
                }
                (from, Value::Code(s)) if from.as_str().is_some() => {
                    let to = string(&vals[1])?;
                    let from = string(from)?;
                    if from.is_empty() {
                        Value::Code(s.clone())
                    } else {
                        Value::Code(Text {
                            text: s.replace(&from, &to),
                            span: s.span,
                        })
                    }
                }
                (from, target) => {
                    if compare(from, target).ok() == Some(Ordering::Equal) {
                        vals[1].clone()
                    } else {
                        target.clone()
                    }
                }
            },
            "con" => {
                let mut op_v: Option<Value> = None;
                let mut out = Vec::new();
                for v in &vals {
                    let Value::Dag(d) = v else {
                        return Err(format!("!con expects dags, found {v}"));
                    };
                    match &op_v {
                        None => op_v = Some(d.op.clone()),
                        Some(o) if *o == d.op => {}
                        Some(o) => {
                            return Err(format!(
                                "!con: dag operators differ ('{o}' and '{}')",
                                d.op
                            ))
                        }
                    }
                    out.extend(d.args.iter().cloned());
                }
                Value::Dag(Box::new(Dag {
                    op: op_v.unwrap_or(Value::Unset),
                    op_name: None,
                    args: out,
                }))
            }
            "dag" => {
                let args = list_items(op, &vals[1])?;
                let names = list_items(op, &vals[2])?;
                if args.len() != names.len() {
                    return Err(format!(
                        "!dag: {} arguments but {} names",
                        args.len(),
                        names.len()
                    ));
                }
                let names: E<Vec<Option<String>>> = names
                    .iter()
                    .map(|n| match n {
                        Value::Unset => Ok(None),
                        n => string(n).map(Some),
                    })
                    .collect();
                Value::Dag(Box::new(Dag {
                    op: vals[0].clone(),
                    op_name: None,
                    args: args.iter().cloned().zip(names?).collect(),
                }))
            }
            "and" | "or" | "xor" | "add" | "mul" => {
                let mut acc = int(&vals[0])?;
                for v in &vals[1..] {
                    let x = int(v)?;
                    acc = match op {
                        "and" => acc & x,
                        "or" => acc | x,
                        "xor" => acc ^ x,
                        "add" => acc.wrapping_add(x),
                        _ => acc.wrapping_mul(x),
                    };
                }
                // Logic on bits stays a bit, as in TableGen.
                if matches!(op, "and" | "or" | "xor")
                    && vals.iter().all(|v| matches!(v, Value::Bit(_)))
                {
                    Value::Bit(acc != 0)
                } else {
                    Value::Int(acc)
                }
            }
            "sub" => Value::Int(int(&vals[0])?.wrapping_sub(int(&vals[1])?)),
            "shl" | "srl" | "sra" => {
                let a = int(&vals[0])?;
                let b = int(&vals[1])?;
                if !(0..64).contains(&b) {
                    return Err(format!("!{op} shift amount {b} is out of range"));
                }
                Value::Int(match op {
                    "shl" => a.wrapping_shl(b as u32),
                    "srl" => ((a as u64) >> b) as i64,
                    _ => a >> b,
                })
            }
            "not" => Value::Bit(int(&vals[0])? == 0),
            "range" => {
                let (start, end, step) = match vals.len() {
                    1 => match &vals[0] {
                        Value::List(l) => (0, l.len() as i64, 1),
                        v => (0, int(v)?, 1),
                    },
                    2 => (int(&vals[0])?, int(&vals[1])?, 1),
                    _ => (int(&vals[0])?, int(&vals[1])?, int(&vals[2])?),
                };
                if step == 0 {
                    return Err("!range step must not be zero".to_string());
                }
                let count = if step > 0 {
                    (end - start).max(0) / step
                } else {
                    (start - end).max(0) / -step
                };
                if count > 100_000 {
                    return Err("!range would make more than 100000 elements".to_string());
                }
                Value::List((0..count).map(|i| Value::Int(start + i * step)).collect())
            }
            "listremove" => {
                let removed = list_items(op, &vals[1])?;
                let mut kept = Vec::new();
                for item in list_items(op, &vals[0])? {
                    let mut found = false;
                    for r in removed {
                        found |= compare(item, r)? == Ordering::Equal;
                    }
                    if !found {
                        kept.push(item.clone());
                    }
                }
                Value::List(kept)
            }
            "listsplat" => {
                let n = int(&vals[1])?;
                if !(0..=100_000).contains(&n) {
                    return Err(format!("!listsplat count {n} is out of range"));
                }
                Value::List(vec![vals[0].clone(); n as usize])
            }
            "tolower" => Value::Str(string(&vals[0])?.to_lowercase().into()),
            "toupper" => Value::Str(string(&vals[0])?.to_uppercase().into()),
            "substr" => {
                let s = string(&vals[0])?;
                let start = int(&vals[1])?.max(0) as usize;
                let len = match vals.get(2) {
                    Some(v) => int(v)?.max(0) as usize,
                    None => usize::MAX,
                };
                Value::Str(s.chars().skip(start).take(len).collect::<String>().into())
            }
            "find" => {
                let s = string(&vals[0])?;
                let sub = string(&vals[1])?;
                let start = match vals.get(2) {
                    Some(v) => int(v)?.max(0) as usize,
                    None => 0,
                };
                let found = s
                    .get(start..)
                    .and_then(|t| t.find(&sub))
                    .map_or(-1, |p| (p + start) as i64);
                Value::Int(found)
            }
            "initialized" => Value::Bit(vals[0] != Value::Unset),
            "getdagop" => match &vals[0] {
                Value::Dag(d) => d.op.clone(),
                v => return Err(format!("!getdagop expects a dag, found {v}")),
            },
            "repr" => Value::Str(vals[0].to_string().into()),
            _ => return Err(format!("unknown bang operator '!{op}'")),
        })
    }

    /// Where text joined from `parts` (`#`, `!strconcat`) was written:
    /// at the part its user wrote, not the standard library's glue around
    /// it (`CPred`'s `"(" # pred # ")"` is where its `pred` was written),
    /// the longest such part.
    fn joined_span(&self, parts: &[Value]) -> Option<Span> {
        parts
            .iter()
            .filter_map(Value::as_text)
            .filter_map(|t| {
                let span = t.span?;
                let user = !self.sources.file(span.file).name.starts_with("<ods-std>/");
                Some(((user, t.text.len()), span))
            })
            .max_by_key(|(rank, _)| *rank)
            .map(|(_, span)| span)
    }

    fn cast(&mut self, ty: &Type, v: &Value) -> E<Value> {
        match (ty, v) {
            (Type::String | Type::Code, v) => Ok(Value::Str(paste_str(v)?.into())),
            (Type::Record(c), Value::Str(name)) => {
                let name = name.text.as_str();
                if self.records.def_isa(name, c) {
                    Ok(Value::Def(name.to_string()))
                } else if self.records.defs.contains_key(name) {
                    Err(format!("!cast: def '{name}' is not a '{c}'"))
                } else {
                    Err(format!("!cast: there is no def named '{name}'"))
                }
            }
            (Type::Record(c), Value::Def(d)) => {
                if self.records.def_isa(d, c) {
                    Ok(v.clone())
                } else {
                    Err(format!("!cast: def '{d}' is not a '{c}'"))
                }
            }
            (Type::Int, v) if v.as_int().is_some() => Ok(Value::Int(v.as_int().unwrap_or(0))),
            (Type::Bit, v) if v.as_int().is_some() => Ok(Value::Bit(v.as_int() != Some(0))),
            (t, v) => convert(&self.records, v.clone(), t).map_err(|m| format!("!cast: {m}")),
        }
    }
}

/// The text a value contributes to `#` and `!interleave`.
fn paste_str(v: &Value) -> E<String> {
    let mut s = String::new();
    push_paste(&mut s, v)?;
    Ok(s)
}

/// Appends the text `v` contributes to `#` to `out`.
fn push_paste(out: &mut String, v: &Value) -> E<()> {
    use std::fmt::Write as _;
    match v {
        Value::Str(s) | Value::Code(s) => out.push_str(&s.text),
        Value::Int(i) => {
            let _ = write!(out, "{i}");
        }
        Value::Bit(b) => out.push(if *b { '1' } else { '0' }),
        Value::Def(d) => out.push_str(d),
        Value::Bits(_) => {
            let i = v.as_int().ok_or("cannot paste bits with unset bits")?;
            let _ = write!(out, "{i}");
        }
        v => return Err(format!("cannot paste {v} into a string")),
    }
    Ok(())
}

/// Orders two concrete values of the same kind (ints, strings or defs).
fn compare(a: &Value, b: &Value) -> E<Ordering> {
    match (a, b) {
        (Value::Unset, Value::Unset) => return Ok(Ordering::Equal),
        (Value::Unset, _) => return Ok(Ordering::Less),
        (_, Value::Unset) => return Ok(Ordering::Greater),
        _ => {}
    }
    if let (Some(x), Some(y)) = (a.as_int(), b.as_int()) {
        return Ok(x.cmp(&y));
    }
    if let (Some(x), Some(y)) = (a.as_str(), b.as_str()) {
        return Ok(x.cmp(y));
    }
    match (a, b) {
        (Value::Def(x), Value::Def(y)) => Ok(if x == y { Ordering::Equal } else { x.cmp(y) }),
        (Value::Def(_), Value::Unset) | (Value::Unset, Value::Def(_)) => Ok(Ordering::Less),
        (Value::List(x), Value::List(y)) if x.is_empty() && y.is_empty() => Ok(Ordering::Equal),
        _ => Err(format!("cannot compare {a} with {b}")),
    }
}

/// Converts a concrete value to type `ty` (as assignment does), or says why
/// it does not fit. Symbolic values pass through.
/// True when [`convert`] gives `v` back unchanged (most values already
/// have their field's type): the caller keeps `v` instead of handing
/// over a copy it would need back on an error.
pub(crate) fn converts_as_is(records: &RecordKeeper, v: &Value, ty: &Type) -> bool {
    if !v.is_concrete() {
        return true;
    }
    match (ty, v) {
        (Type::Bits(_), Value::Unset) => false,
        (_, Value::Unset) => true,
        (Type::Bit, Value::Bit(_)) | (Type::Int, Value::Int(_)) => true,
        (Type::Bits(n), Value::Bits(b)) => b.len() == *n as usize,
        (Type::String | Type::Code, Value::Str(_) | Value::Code(_)) => true,
        (Type::List(t), Value::List(items)) => items.iter().all(|i| converts_as_is(records, i, t)),
        (Type::Dag, Value::Dag(_)) => true,
        (Type::Record(c), Value::Def(d)) => records.def_isa(d, c),
        _ => false,
    }
}

pub fn convert(records: &RecordKeeper, v: Value, ty: &Type) -> E<Value> {
    if !v.is_concrete() {
        return Ok(v);
    }
    let mismatch = |v: &Value| Err(format!("expected a value of type '{ty}', found {v}"));
    match (ty, v) {
        (Type::Bits(n), Value::Unset) => Ok(Value::Bits(vec![Value::Unset; *n as usize])),
        (_, Value::Unset) => Ok(Value::Unset),
        (Type::Bit, Value::Bit(b)) => Ok(Value::Bit(b)),
        (Type::Bit, Value::Int(i)) if i == 0 || i == 1 => Ok(Value::Bit(i == 1)),
        (Type::Bit, Value::Bits(b)) if b.len() == 1 => Ok(b[0].clone()),
        (Type::Bits(n), Value::Int(i)) => {
            let n = *n;
            let fits = n >= 64 || (i >= -(1i64 << n) && i < (1i64 << n));
            if !fits {
                return Err(format!("value {i} does not fit in bits<{n}>"));
            }
            Ok(Value::Bits(
                (0..n)
                    .map(|k| Value::Bit(k < 64 && (i >> k) & 1 == 1))
                    .collect(),
            ))
        }
        (Type::Bits(n), Value::Bits(b)) => {
            if b.len() == *n as usize {
                Ok(Value::Bits(b))
            } else {
                Err(format!(
                    "a bits<{}> value does not fit in bits<{n}>",
                    b.len()
                ))
            }
        }
        (Type::Bits(1), Value::Bit(b)) => Ok(Value::Bits(vec![Value::Bit(b)])),
        (Type::Int, v) => match v.as_int() {
            Some(i) => Ok(Value::Int(i)),
            None => mismatch(&v),
        },
        (Type::String | Type::Code, v @ (Value::Str(_) | Value::Code(_))) => Ok(v),
        (Type::List(t), Value::List(items)) => {
            let mut out = Vec::with_capacity(items.len());
            for it in items {
                out.push(convert(records, it, t)?);
            }
            Ok(Value::List(out))
        }
        (Type::Dag, v @ Value::Dag(_)) => Ok(v),
        (Type::Record(c), Value::Def(d)) => {
            if records.def_isa(&d, c) {
                Ok(Value::Def(d))
            } else {
                Err(format!("'{d}' is not a '{c}'"))
            }
        }
        (_, v) => mismatch(&v),
    }
}

/// The items of list operand `v` of `!op`, borrowed: a list is copied only
/// where the result needs it.
fn list_items<'v>(op: &str, v: &'v Value) -> E<&'v [Value]> {
    match v {
        Value::List(l) => Ok(l.as_slice()),
        _ => Err(format!("!{op} expects a list, found {v}")),
    }
}

/// Whether `body` uses variable `name` exactly once, and not inside the
/// body of a `!foreach`, `!filter` or `!foldl` (evaluated once per item):
/// then that one use may take the variable's value (see `Env::movable`).
fn uses_once(body: &Value, name: &str) -> bool {
    /// Adds `v`'s uses of `name` to `n`; false when one is in a loop body.
    fn count(v: &Value, name: &str, in_loop: bool, n: &mut usize) -> bool {
        let all = |vs: &[Value], n: &mut usize| vs.iter().all(|x| count(x, name, in_loop, n));
        match v {
            Value::Var(x) if x == name => {
                *n += 1;
                !in_loop
            }
            Value::Bits(vs) | Value::List(vs) | Value::ClassInst(_, vs) => all(vs, n),
            Value::Dag(d) => {
                count(&d.op, name, in_loop, n)
                    && d.args.iter().all(|(a, _)| count(a, name, in_loop, n))
            }
            Value::FieldOf(b, _) => count(b, name, in_loop, n),
            Value::Index(b, i) => count(b, name, in_loop, n) && count(i, name, in_loop, n),
            Value::Cond(cs) => cs
                .iter()
                .all(|(c, x)| count(c, name, in_loop, n) && count(x, name, in_loop, n)),
            Value::Bang(op, _, args) => {
                let body = match op.as_str() {
                    "foreach" | "filter" => 2,
                    "foldl" => 4,
                    _ => usize::MAX,
                };
                args.iter()
                    .enumerate()
                    .all(|(i, a)| count(a, name, in_loop || i == body, n))
            }
            _ => true,
        }
    }
    let mut n = 0;
    count(body, name, false, &mut n) && n == 1
}
