//! TableGen records: the result of resolution. A [`Record`] is a class or a
//! def with its superclasses (in TableGen order) and typed fields; a
//! [`Value`] is a field value, fully evaluated in defs and possibly
//! symbolic (template arguments, unfolded bang operators) in classes.
//! [`RecordKeeper::print`] writes them in `mlir-tblgen --print-records` form.

use std::collections::BTreeMap;
use std::fmt;
use std::ops::Deref;
use std::sync::Arc;

use crate::diag::Span;

/// A field or template argument type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Type {
    /// `bit`
    Bit,
    /// `bits<n>`
    Bits(u32),
    /// `int`
    Int,
    /// `string`
    String,
    /// `code` (a string that prints as `[{...}]`)
    Code,
    /// `list<T>`
    List(Box<Type>),
    /// `dag`
    Dag,
    /// A class: values are defs that derive from it.
    Record(String),
}

impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::new();
        write_type(&mut s, self);
        f.write_str(&s)
    }
}

/// Appends `ty` as [`Type`]'s `Display` shows it, without the formatting
/// machinery (`--print-records` writes a type per field).
fn write_type(out: &mut String, ty: &Type) {
    match ty {
        Type::Bit => out.push_str("bit"),
        Type::Bits(n) => {
            out.push_str("bits<");
            write_int(out, i64::from(*n));
            out.push('>');
        }
        Type::Int => out.push_str("int"),
        Type::String => out.push_str("string"),
        Type::Code => out.push_str("code"),
        Type::List(t) => {
            out.push_str("list<");
            write_type(out, t);
            out.push('>');
        }
        Type::Dag => out.push_str("dag"),
        Type::Record(c) => out.push_str(c),
    }
}

/// Appends `i` in decimal, as `{i}` formats it.
fn write_int(out: &mut String, i: i64) {
    let mut digits = [0u8; 20];
    let mut n = i.unsigned_abs();
    let mut at = digits.len();
    loop {
        at -= 1;
        digits[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    if i < 0 {
        out.push('-');
    }
    for &d in &digits[at..] {
        out.push(char::from(d));
    }
}

/// The text of a string or code value, with the span of the literal it
/// was written as (`None` for text computed by a bang operator or a
/// paste). Values compare by text alone: where a string was written does
/// not change what it is. The span lets the model point at a snippet
/// where its author wrote it (a `CPred`'s string inside the file that
/// instantiates it), not at the record that ends up holding it.
#[derive(Clone, Debug, Default, Eq)]
pub struct Text {
    /// The decoded text.
    pub text: String,
    /// The literal (`"..."`, juxtaposed strings, or `[{...}]`) it came from.
    pub span: Option<Span>,
}

impl Text {
    /// Text written as the literal at `span`.
    pub fn written(text: impl Into<String>, span: Span) -> Text {
        Text {
            text: text.into(),
            span: Some(span),
        }
    }
}

impl PartialEq for Text {
    fn eq(&self, other: &Text) -> bool {
        self.text == other.text
    }
}

impl Deref for Text {
    type Target = str;
    fn deref(&self) -> &str {
        &self.text
    }
}

impl From<String> for Text {
    fn from(text: String) -> Text {
        Text { text, span: None }
    }
}

impl From<&str> for Text {
    fn from(text: &str) -> Text {
        Text {
            text: text.to_string(),
            span: None,
        }
    }
}

impl fmt::Display for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// A dag value `(op arg:$name, ...)`.
#[derive(Clone, Debug, PartialEq)]
pub struct Dag {
    /// The operator (usually a def such as `ins`).
    pub op: Value,
    /// `$name` of the operator.
    pub op_name: Option<String>,
    /// Arguments with optional names (without `$`).
    pub args: Vec<(Value, Option<String>)>,
}

/// A value. The first group is concrete; the rest is symbolic and only
/// survives in class records (or mid-evaluation).
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// `?`
    Unset,
    /// A bit.
    Bit(bool),
    /// `bits<n>`; index 0 is the least significant bit.
    Bits(Vec<Value>),
    /// An integer.
    Int(i64),
    /// A string.
    Str(Text),
    /// A code block.
    Code(Text),
    /// A list.
    List(Vec<Value>),
    /// A dag.
    Dag(Box<Dag>),
    /// A reference to a def, by name.
    Def(String),
    /// A class template argument, by qualified name `Class:arg`.
    Arg(String),
    /// A field of the record being built, bound late (after all `let`s).
    Field(String),
    /// A variable bound by `!foreach`, `!foldl` or `!filter`.
    Var(String),
    /// `base.field`
    FieldOf(Box<Value>, String),
    /// `list[index]`
    Index(Box<Value>, Box<Value>),
    /// `!op<T>(args)` not folded yet.
    Bang(String, Option<Type>, Vec<Value>),
    /// `!cond(c : v, ...)` not folded yet.
    Cond(Vec<(Value, Value)>),
    /// `Class<args>` (all arguments, defaults filled in) not instantiated yet.
    ClassInst(String, Vec<Value>),
}

impl Value {
    /// True when nothing symbolic is left anywhere inside.
    pub fn is_concrete(&self) -> bool {
        match self {
            Value::Unset
            | Value::Bit(_)
            | Value::Int(_)
            | Value::Str(_)
            | Value::Code(_)
            | Value::Def(_) => true,
            Value::Bits(v) | Value::List(v) => v.iter().all(Value::is_concrete),
            Value::Dag(d) => d.op.is_concrete() && d.args.iter().all(|(a, _)| a.is_concrete()),
            _ => false,
        }
    }

    /// The string inside a `Str` or `Code`.
    pub fn as_str(&self) -> Option<&str> {
        self.as_text().map(|t| t.text.as_str())
    }

    /// The text (and where it was written) inside a `Str` or `Code`.
    pub fn as_text(&self) -> Option<&Text> {
        match self {
            Value::Str(s) | Value::Code(s) => Some(s),
            _ => None,
        }
    }

    /// The integer value of an `Int`, `Bit` or fully set `Bits`.
    pub fn as_int(&self) -> Option<i64> {
        match self {
            Value::Int(i) => Some(*i),
            Value::Bit(b) => Some(*b as i64),
            Value::Bits(bits) => {
                let mut v: i64 = 0;
                for (i, b) in bits.iter().enumerate().take(64) {
                    match b {
                        Value::Bit(true) => v |= 1 << i,
                        Value::Bit(false) => {}
                        _ => return None,
                    }
                }
                Some(v)
            }
            _ => None,
        }
    }

    /// The truth of a bit-like value.
    pub fn as_bool(&self) -> Option<bool> {
        self.as_int().map(|i| i != 0)
    }

    /// The elements of a list.
    pub fn as_list(&self) -> Option<&[Value]> {
        match self {
            Value::List(l) => Some(l),
            _ => None,
        }
    }

    /// The name of a referenced def.
    pub fn as_def(&self) -> Option<&str> {
        match self {
            Value::Def(d) => Some(d),
            _ => None,
        }
    }

    /// The dag inside.
    pub fn as_dag(&self) -> Option<&Dag> {
        match self {
            Value::Dag(d) => Some(d),
            _ => None,
        }
    }
}

/// Strings print raw between quotes, exactly as mlir-tblgen prints them.
fn write_str_lit(out: &mut String, s: &str) {
    out.push('"');
    out.push_str(s);
    out.push('"');
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::new();
        write_value(&mut s, self);
        f.write_str(&s)
    }
}

/// `class<args>` as [`Value::ClassInst`] prints it, without building the
/// value (the resolver's key for an instance it has made before).
pub(crate) fn class_inst_text(class: &str, args: &[Value]) -> String {
    let mut out = String::with_capacity(class.len() + 16);
    out.push_str(class);
    out.push('<');
    write_list(&mut out, args);
    out.push('>');
    out
}

fn write_list(out: &mut String, items: &[Value]) {
    for (i, v) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        write_value(out, v);
    }
}

fn write_value(out: &mut String, v: &Value) {
    match v {
        Value::Unset => out.push('?'),
        Value::Bit(b) => out.push(if *b { '1' } else { '0' }),
        Value::Bits(bits) => {
            out.push_str("{ ");
            for (i, b) in bits.iter().rev().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_value(out, b);
            }
            out.push_str(" }");
        }
        Value::Int(i) => write_int(out, *i),
        Value::Str(s) => write_str_lit(out, s),
        Value::Code(s) => {
            out.push_str("[{");
            out.push_str(s);
            out.push_str("}]");
        }
        Value::List(items) => {
            out.push('[');
            write_list(out, items);
            out.push(']');
        }
        Value::Dag(d) => {
            out.push('(');
            write_value(out, &d.op);
            if let Some(n) = &d.op_name {
                out.push_str(":$");
                out.push_str(n);
            }
            for (i, (a, n)) in d.args.iter().enumerate() {
                out.push_str(if i == 0 { " " } else { ", " });
                write_value(out, a);
                if let Some(n) = n {
                    out.push_str(":$");
                    out.push_str(n);
                }
            }
            out.push(')');
        }
        Value::Def(d) | Value::Arg(d) | Value::Field(d) | Value::Var(d) => out.push_str(d),
        Value::FieldOf(b, f) => {
            write_value(out, b);
            out.push('.');
            out.push_str(f);
        }
        Value::Index(b, i) => {
            write_value(out, b);
            out.push('[');
            write_value(out, i);
            out.push(']');
        }
        Value::Bang(op, _, args) if op == "paste" && args.len() == 2 => {
            write_value(out, &args[0]);
            out.push_str(" # ");
            write_value(out, &args[1]);
        }
        Value::Bang(op, ty, args) => {
            out.push('!');
            out.push_str(op);
            if let Some(t) = ty {
                out.push('<');
                write_type(out, t);
                out.push('>');
            }
            out.push('(');
            // Bound variable names are stored as strings but print bare.
            let bare: &[usize] = match op.as_str() {
                "foreach" | "filter" => &[0],
                "foldl" => &[2, 3],
                _ => &[],
            };
            for (i, v) in args.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                match v.as_str() {
                    Some(name) if bare.contains(&i) => out.push_str(name),
                    _ => write_value(out, v),
                }
            }
            out.push(')');
        }
        Value::Cond(cases) => {
            out.push_str("!cond(");
            for (i, (c, v)) in cases.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_value(out, c);
                out.push_str(": ");
                write_value(out, v);
            }
            out.push(')');
        }
        Value::ClassInst(c, args) => {
            out.push_str(c);
            out.push('<');
            write_list(out, args);
            out.push('>');
        }
    }
}

/// A template argument of a class.
#[derive(Clone, Debug, PartialEq)]
pub struct TemplateArg {
    /// Qualified name `Class:arg`.
    pub name: String,
    /// Declared type.
    pub ty: Type,
    /// Default (may mention earlier arguments); `None` means required.
    pub default: Option<Value>,
}

/// One field of a record.
#[derive(Clone, Debug, PartialEq)]
pub struct RecordField {
    /// Field name (shared: a def's fields are copied from its classes,
    /// names and all, and a name is copied far more often than made).
    pub name: Arc<str>,
    /// Declared type.
    pub ty: Type,
    /// Current value.
    pub value: Value,
    /// Where the value was last set (for diagnostics).
    pub span: Span,
}

/// An `assert` carried by a record, checked when a def is complete.
#[derive(Clone, Debug, PartialEq)]
pub struct RecordAssert {
    /// Condition.
    pub cond: Value,
    /// Message.
    pub message: Value,
    /// The statement.
    pub span: Span,
}

/// A class or a def.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    /// Record name (`anonymous_N` for anonymous defs).
    pub name: String,
    /// Template arguments (classes only).
    pub template_args: Vec<TemplateArg>,
    /// Every superclass, in TableGen order (a class's own superclasses
    /// come before it).
    pub superclasses: Vec<String>,
    /// Fields in declaration order (inherited first).
    pub fields: Vec<RecordField>,
    /// Assertions still to check.
    pub asserts: Vec<RecordAssert>,
    /// Where it was defined.
    pub span: Span,
    /// True for `def : X;` and `X<...>` instances.
    pub anonymous: bool,
}

impl Record {
    /// An empty record.
    pub fn new(name: impl Into<String>, span: Span) -> Record {
        Record {
            name: name.into(),
            template_args: Vec::new(),
            superclasses: Vec::new(),
            fields: Vec::new(),
            asserts: Vec::new(),
            span,
            anonymous: false,
        }
    }

    /// The field called `name`.
    pub fn field(&self, name: &str) -> Option<&RecordField> {
        self.fields.iter().find(|f| *f.name == *name)
    }

    /// The value of field `name`.
    pub fn value(&self, name: &str) -> Option<&Value> {
        self.field(name).map(|f| &f.value)
    }

    /// The string value of field `name` (`None` when unset or absent).
    pub fn str_field(&self, name: &str) -> Option<&str> {
        self.value(name).and_then(Value::as_str)
    }

    /// The truth of bit field `name` (false when unset or absent).
    pub fn bit_field(&self, name: &str) -> bool {
        self.value(name).and_then(Value::as_bool).unwrap_or(false)
    }

    /// True when `class` is one of the superclasses.
    pub fn is_subclass_of(&self, class: &str) -> bool {
        self.superclasses.iter().any(|s| s == class)
    }
}

/// All classes and defs of a compilation.
#[derive(Clone, Debug, Default)]
pub struct RecordKeeper {
    /// Classes by name. Shared: a keeper resumed from another (the
    /// standard library resolved once per process, `compile_after_stdlib`)
    /// copies pointers, not every field of every record.
    pub classes: BTreeMap<String, Arc<Record>>,
    /// Defs by name (shared as the classes are).
    pub defs: BTreeMap<String, Arc<Record>>,
    /// Def names in definition order (anonymous ones included).
    pub def_order: Vec<String>,
}

impl RecordKeeper {
    /// The def called `name`.
    pub fn def(&self, name: &str) -> Option<&Record> {
        self.defs.get(name).map(Arc::as_ref)
    }

    /// Defs deriving from `class`, in definition order.
    pub fn defs_of<'a>(&'a self, class: &'a str) -> impl Iterator<Item = &'a Record> + 'a {
        self.def_order
            .iter()
            .filter_map(|n| self.defs.get(n))
            .map(Arc::as_ref)
            .filter(move |r| r.is_subclass_of(class))
    }

    /// True when def `def` is `class` or derives from it.
    pub fn def_isa(&self, def: &str, class: &str) -> bool {
        self.defs.get(def).is_some_and(|r| r.is_subclass_of(class))
    }

    /// Text in the form of `mlir-tblgen --print-records`: classes then defs,
    /// each sorted by name.
    pub fn print(&self) -> String {
        // Reserved up front: growing the text by doubling copied it
        // several times (a record prints in about 40 bytes a field).
        let fields: usize = (self.classes.values().chain(self.defs.values()))
            .map(|r| r.fields.len() + 2)
            .sum();
        let mut out = String::with_capacity(64 * fields + 4096);
        out.push_str("------------- Classes -----------------\n");
        for c in self.classes.values() {
            out.push_str("class ");
            out.push_str(&c.name);
            if !c.template_args.is_empty() {
                out.push('<');
                for (i, a) in c.template_args.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    write_type(&mut out, &a.ty);
                    out.push(' ');
                    out.push_str(&a.name);
                    out.push_str(" = ");
                    match &a.default {
                        Some(v) => write_value(&mut out, v),
                        None => out.push('?'),
                    }
                }
                out.push('>');
            }
            print_body(&mut out, c);
        }
        out.push_str("------------- Defs -----------------\n");
        for d in self.defs.values() {
            out.push_str("def ");
            out.push_str(&d.name);
            print_body(&mut out, d);
        }
        out
    }
}

fn print_body(out: &mut String, r: &Record) {
    out.push_str(" {");
    if !r.superclasses.is_empty() {
        out.push_str("\t//");
        for s in &r.superclasses {
            out.push(' ');
            out.push_str(s);
        }
    }
    out.push('\n');
    for f in &r.fields {
        // Like TableGen, a string-like field shows the kind of its value.
        out.push_str("  ");
        match (&f.ty, &f.value) {
            (Type::String | Type::Code, Value::Code(_)) => out.push_str("code"),
            (Type::String | Type::Code, _) => out.push_str("string"),
            (t, _) => write_type(out, t),
        }
        out.push(' ');
        out.push_str(&f.name);
        out.push_str(" = ");
        write_value(out, &f.value);
        out.push_str(";\n");
    }
    out.push_str("}\n");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prints_values_like_tablegen() {
        let bits = Value::Bits(vec![
            Value::Bit(true),
            Value::Bit(false),
            Value::Unset,
            Value::Bit(false),
        ]);
        assert_eq!(bits.to_string(), "{ 0, ?, 0, 1 }");
        let dag = Value::Dag(Box::new(Dag {
            op: Value::Def("ins".into()),
            op_name: None,
            args: vec![
                (Value::Def("I32".into()), Some("a".into())),
                (Value::Unset, Some("b".into())),
            ],
        }));
        assert_eq!(dag.to_string(), "(ins I32:$a, ?:$b)");
        assert_eq!(Value::Str("a\"b".into()).to_string(), r#""a"b""#);
        assert_eq!(bits.as_int(), None);
        assert_eq!(
            Value::Bits(vec![Value::Bit(true), Value::Bit(true)]).as_int(),
            Some(3)
        );
    }
}
