//! The AST dump of `toyc -emit=ast`: one node a line, indented two spaces
//! a level, each with its location as `@file:line:col`, numbers in C's
//! `%e` form.

use super::ast::{Expr, ExprKind, Function, Module, Record, ReturnValue, StructDecl, VarType};
use super::lexer::Location;
use super::Language;

/// Where the dump stopped early: at a node the parser left empty (an
/// initializer or return value that did not parse). Upstream's toyc
/// crashes there; we stop with [`MissingNode::message`] after what came
/// before.
#[derive(Debug, PartialEq, Eq)]
pub struct MissingNode {
    /// The statement whose expression is missing.
    pub at: Location,
    /// What that statement is (`variable declaration`, `return`).
    pub what: &'static str,
}

impl MissingNode {
    /// The error line for it: `file:line:col: error: ...`.
    pub fn message(&self) -> String {
        let Location { file, line, col } = &self.at;
        format!(
            "{file}:{line}:{col}: error: this {} has no expression: the parser could not read one\n",
            self.what
        )
    }
}

/// Writes the dump of `module` to `out`; [`MissingNode`] when it reaches
/// a node the parser left out (what is written so far stays in `out`).
pub fn dump_module(module: &Module, out: &mut String) -> Result<(), MissingNode> {
    dump_module_in(module, Language::Tensors, out)
}

/// [`dump_module`] as `language`'s toyc dumps: chapter 7 also dumps
/// structs and struct literals, and skips a missing initializer.
pub fn dump_module_in(
    module: &Module,
    language: Language,
    out: &mut String,
) -> Result<(), MissingNode> {
    let mut dumper = Dumper {
        out,
        indent: 1,
        language,
    };
    dumper.line("Module:");
    dumper.indent += 1;
    for record in &module.records {
        match record {
            Record::Function(f) => dumper.function(f)?,
            Record::Struct(s) => dumper.struct_decl(s),
        }
    }
    Ok(())
}

/// A number as C's `printf("%e")` writes it (LLVM's `raw_ostream`
/// prints a `double` so): six decimals and a signed exponent of at least
/// two digits; `INF` and `nan` for the values without digits.
pub fn format_exponent(value: f64) -> String {
    if value.is_nan() {
        return "nan".into();
    }
    if value.is_infinite() {
        return if value < 0.0 { "-INF" } else { "INF" }.into();
    }
    let text = format!("{value:.6e}");
    let (mantissa, exponent) = text.split_once('e').unwrap_or((&text, "0"));
    let (sign, digits) = match exponent.strip_prefix('-') {
        Some(d) => ('-', d),
        None => ('+', exponent),
    };
    format!("{mantissa}e{sign}{digits:0>2}")
}

fn loc(l: &Location) -> String {
    format!("@{}:{}:{}", l.file, l.line, l.col)
}

fn join<T>(items: &[T], f: impl Fn(&T) -> String) -> String {
    items.iter().map(f).collect::<Vec<_>>().join(", ")
}

struct Dumper<'o> {
    out: &'o mut String,
    indent: usize,
    language: Language,
}

impl Dumper<'_> {
    fn line(&mut self, text: &str) {
        self.start(text);
        self.out.push('\n');
    }

    /// The indentation and `text`, the line left open.
    fn start(&mut self, text: &str) {
        for _ in 0..self.indent {
            self.out.push_str("  ");
        }
        self.out.push_str(text);
    }

    /// `Struct: Name @loc`, then its members, as chapter 7's toyc dumps
    /// them.
    fn struct_decl(&mut self, s: &StructDecl) {
        self.line(&format!("Struct: {} {}", s.name, loc(&s.loc)));
        self.indent += 1;
        self.line("Variables: [");
        self.indent += 1;
        for m in &s.members {
            self.line(&format!(
                "VarDecl {}{} {}",
                m.name,
                var_type(&m.ty),
                loc(&m.loc)
            ));
        }
        self.indent -= 1;
        self.line("]");
        self.indent -= 1;
    }

    fn nested(
        &mut self,
        f: impl FnOnce(&mut Self) -> Result<(), MissingNode>,
    ) -> Result<(), MissingNode> {
        self.indent += 1;
        let result = f(self);
        self.indent -= 1;
        result
    }

    fn function(&mut self, f: &Function) -> Result<(), MissingNode> {
        self.line("Function ");
        self.nested(|d| {
            let proto = &f.proto;
            d.line(&format!("Proto '{}' {}", proto.name, loc(&proto.loc)));
            d.line(&format!(
                "Params: [{}]",
                join(&proto.params, |p| p.name.clone())
            ));
            d.line("Block {");
            d.nested(|d| f.body.iter().try_for_each(|e| d.expr(e)))?;
            d.line("} // Block");
            Ok(())
        })
    }

    fn expr(&mut self, e: &Expr) -> Result<(), MissingNode> {
        let at = loc(&e.loc);
        match &e.kind {
            ExprKind::VarDecl { name, ty, init } => {
                self.line(&format!("VarDecl {name}{} {at}", var_type(ty)));
                if init.is_none() && self.language == Language::Structs {
                    // Chapter 7's dump skips what is not there.
                    return Ok(());
                }
                let init = init.as_deref().ok_or_else(|| MissingNode {
                    at: e.loc.clone(),
                    what: "variable declaration",
                })?;
                self.nested(|d| d.expr(init))
            }
            ExprKind::Return(value) => {
                self.line("Return");
                self.nested(|d| match value {
                    ReturnValue::Nothing => {
                        d.line("(void)");
                        Ok(())
                    }
                    ReturnValue::Expr(e) => d.expr(e),
                    ReturnValue::Missing => Err(MissingNode {
                        at: e.loc.clone(),
                        what: "return",
                    }),
                })
            }
            ExprKind::Number(v) => {
                self.line(&format!("{} {at}", format_exponent(*v)));
                Ok(())
            }
            ExprKind::Literal { .. } => {
                self.line(&format!("Literal: {} {at}", literal(e)));
                Ok(())
            }
            ExprKind::StructLiteral(values) => {
                // toyc writes the heading, then each value's dump (which
                // starts with its own indentation) on the same line, then
                // the location on a line of its own.
                self.start("Struct Literal: ");
                self.nested(|d| {
                    values.iter().try_for_each(|v| match v {
                        Some(v) => d.expr(v),
                        None => Err(MissingNode {
                            at: e.loc.clone(),
                            what: "struct literal",
                        }),
                    })
                })?;
                self.line(&format!(" {at}"));
                Ok(())
            }
            ExprKind::Variable(name) => {
                self.line(&format!("var: {name} {at}"));
                Ok(())
            }
            ExprKind::Binary { op, lhs, rhs } => {
                self.line(&format!("BinOp: {} {at}", *op as char));
                self.nested(|d| {
                    d.expr(lhs)?;
                    d.expr(rhs)
                })
            }
            ExprKind::Call { callee, args } => {
                self.line(&format!("Call '{callee}' [ {at}"));
                self.nested(|d| args.iter().try_for_each(|a| d.expr(a)))?;
                self.line("]");
                Ok(())
            }
            ExprKind::Print(arg) => {
                self.line(&format!("Print [ {at}"));
                self.nested(|d| d.expr(arg))?;
                self.line("]");
                Ok(())
            }
        }
    }
}

/// `<2, 3>`: a declared shape, or `<Pair>`: a struct's name.
fn var_type(ty: &VarType) -> String {
    if ty.name.is_empty() {
        format!("<{}>", join(&ty.shape, |d| d.to_string()))
    } else {
        format!("<{}>", ty.name)
    }
}

/// `<2>[ 1.000000e+00, 2.000000e+00]`: a literal with the dimensions of
/// each level before its elements.
fn literal(e: &Expr) -> String {
    match &e.kind {
        ExprKind::Number(v) => format_exponent(*v),
        ExprKind::Literal { values, dims } => {
            format!(
                "<{}>[ {}]",
                join(dims, |d| d.to_string()),
                join(values, literal)
            )
        }
        _ => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::format_exponent;

    #[test]
    fn numbers_print_as_c_does() {
        assert_eq!(format_exponent(1.0), "1.000000e+00");
        assert_eq!(format_exponent(0.0), "0.000000e+00");
        assert_eq!(format_exponent(123456789.0), "1.234568e+08");
        assert_eq!(format_exponent(1e-7), "1.000000e-07");
        assert_eq!(format_exponent(1e300), "1.000000e+300");
        assert_eq!(format_exponent(f64::INFINITY), "INF");
    }
}
