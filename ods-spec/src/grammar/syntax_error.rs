//! Syntax errors in TableGen's terms. pest reports the rules it tried at
//! the farthest position it reached; the grammar puts an `x_*` marker
//! rule next to every token a user can leave out, so that the rules tried
//! name the construct being read. The message is the marker's, worded as
//! llvm-tblgen words it (`TGParser.cpp`): `expected ';' after let
//! expression`. Where no marker was tried, the rules tried are named in
//! words; a rule name never reaches the user.

use super::scan::open_bracket_before;
use super::Rule;
use crate::diag::{Diagnostic, FileId, Span};

/// What every statement keyword starts; the message where none was found.
const OBJECT: &str =
    "expected assert, class, def, defm, defvar, foreach, if, include, let or multiclass";

/// The message of each marker, most specific first: when several markers
/// were tried at the same spot, the first listed wins. (Public for the
/// syntax-error corpus test, which checks each message is met.)
pub const MARKERS: &[(Rule, &str)] = &[
    (
        Rule::x_def_name,
        "expected a record name, ':' or a body after 'def'",
    ),
    (Rule::x_include, "expected filename after include"),
    (
        Rule::x_class_name,
        "expected class name after 'class' keyword",
    ),
    (
        Rule::x_targs_close,
        "expected '>' at end of template argument list",
    ),
    (Rule::x_decl_name, "expected identifier in declaration"),
    (
        Rule::x_foreach_name,
        "expected identifier in foreach declaration",
    ),
    (Rule::x_foreach_eq, "expected '=' in foreach declaration"),
    (
        Rule::x_foreach_in,
        "expected 'in' at end of foreach declaration",
    ),
    (Rule::x_then, "expected 'then' after if condition"),
    (
        Rule::x_multiclass_name,
        "expected identifier after multiclass for name",
    ),
    (
        Rule::x_multiclass_open,
        "expected '{' in multiclass definition",
    ),
    (
        Rule::x_multiclass_close,
        "expected assert, def, defm, defvar, foreach, if, let or '}' in multiclass body",
    ),
    (Rule::x_defm_colon, "expected ':' after defm identifier"),
    (Rule::x_defm_semi, "expected ';' at end of defm"),
    (
        Rule::x_parent_name,
        "expected class name in parent class list",
    ),
    (
        Rule::x_args_close,
        "expected ',' or '>' in template argument list",
    ),
    (Rule::x_assert_comma, "expected ',' in assert statement"),
    (Rule::x_assert_semi, "expected ';' after assert statement"),
    (Rule::x_let_name, "expected field identifier after let"),
    (Rule::x_let_eq, "expected '=' in let expression"),
    (Rule::x_let_semi, "expected ';' after let expression"),
    (Rule::x_decl_semi, "expected ';' after declaration"),
    (Rule::x_let_in, "expected 'in' at end of top-level 'let'"),
    (
        Rule::x_let_list_name,
        "expected identifier in let definition",
    ),
    // A rule that fails where it starts, after two or more rules were
    // tried there, is recorded in their place (pest keeps the outermost):
    // a rule that starts with a marker stands for that marker.
    (Rule::let_binding, "expected identifier in let definition"),
    (Rule::parent, "expected class name in parent class list"),
    (Rule::x_defvar_name, "expected identifier after 'defvar'"),
    (Rule::x_defvar_eq, "expected '=' in defvar"),
    (Rule::x_defvar_semi, "expected ';' after defvar"),
    (Rule::x_bits_open, "expected '<' after bits type"),
    (Rule::x_bits_width, "expected integer in bits<n> type"),
    (Rule::x_bits_close, "expected '>' at end of bits<n> type"),
    (Rule::x_list_ty_open, "expected '<' after list type"),
    (
        Rule::x_list_ty_close,
        "expected '>' at end of list<ty> type",
    ),
    (Rule::x_paste, "expected a value after '#'"),
    (Rule::x_field_name, "expected field identifier after '.'"),
    (Rule::x_index_close, "expected ']' at end of list slice"),
    (Rule::x_list_close, "expected ']' at end of list value"),
    (
        Rule::x_list_elt_close,
        "expected '>' at end of list element type",
    ),
    (Rule::x_dag_operator, "expected identifier in dag init"),
    (Rule::x_dag_var, "expected variable name in dag literal"),
    (Rule::x_dag_close, "expected ')' in dag init"),
    (Rule::x_bang_type_close, "expected '>' after operator type"),
    (Rule::x_bang_open, "expected '(' after bang operator"),
    (Rule::x_bang_close, "expected ')' in operator"),
    (
        Rule::x_cond_colon,
        "expected ':' following a condition in !cond operator",
    ),
    (
        Rule::x_cond_close,
        "expected ',' or ')' following a value in !cond operator",
    ),
    (
        Rule::x_body_close,
        "expected let, defvar, assert, a field declaration or '}' in record body",
    ),
    (
        Rule::x_body,
        "expected '{' to start body or ';' for declaration only",
    ),
    (
        Rule::x_let_close,
        "expected '}' at end of top level let command",
    ),
    (
        Rule::x_foreach_close,
        "expected '}' at end of foreach command",
    ),
    (Rule::x_then_close, "expected '}' at end of 'then' clause"),
    (Rule::x_else_close, "expected '}' at end of 'else' clause"),
    (Rule::x_object, OBJECT),
    (Rule::let_body, OBJECT),
    (Rule::foreach_body, OBJECT),
    (Rule::then_body, OBJECT),
    (Rule::else_body, OBJECT),
    (Rule::x_top, OBJECT),
    (Rule::file, OBJECT),
];

/// Words no name may be.
const RESERVED: &[&str] = &[
    "assert",
    "bit",
    "bits",
    "class",
    "code",
    "dag",
    "def",
    "defm",
    "defvar",
    "else",
    "false",
    "field",
    "foreach",
    "if",
    "in",
    "include",
    "int",
    "let",
    "list",
    "multiclass",
    "string",
    "then",
    "true",
];

/// Keywords that start a statement but not a body item: seen where a
/// record body goes on, the body's '}' is what is missing.
const STATEMENT_ONLY: &[&str] = &[
    "class",
    "def",
    "defm",
    "foreach",
    "if",
    "include",
    "multiclass",
];

/// What the rules tried say in words, when no marker was tried; `None`
/// for rules that only say a value could have gone on (`#`, `.`, `[`) or
/// exist for speed.
fn rule_words(rule: Rule) -> Option<&'static str> {
    Some(match rule {
        Rule::EOI => "end of file",
        Rule::ident | Rule::def_name => "an identifier",
        Rule::value | Rule::arg | Rule::arg_list | Rule::value_list => "a value",
        Rule::ty | Rule::bits_ty | Rule::list_ty => "a type",
        Rule::body => "'{' or ';'",
        Rule::string_lit | Rule::string_seq => "a string",
        Rule::integer => "an integer",
        Rule::var_name => "a variable name ('$name')",
        Rule::parent_list => "':'",
        Rule::template_args => "'<'",
        Rule::template_arg | Rule::field_decl => "a declaration",
        Rule::dag_arg => "a dag argument",
        Rule::dag_lit => "a dag",
        Rule::list_lit => "a list",
        Rule::code_lit => "a code block ('[{ ... }]')",
        Rule::cond_case => "a '!cond' case ('condition : value')",
        Rule::bang | Rule::bang_name | Rule::bang_cond | Rule::cond_ahead => "a bang operator",
        Rule::kw_in => "'in'",
        Rule::kw_then => "'then'",
        Rule::kw_else => "'else'",
        Rule::kw_true | Rule::kw_false | Rule::unset => "a value",
        Rule::kw_assert
        | Rule::kw_include
        | Rule::kw_class
        | Rule::kw_def
        | Rule::kw_defvar
        | Rule::kw_defm
        | Rule::kw_foreach
        | Rule::kw_if
        | Rule::kw_multiclass
        | Rule::kw_let
        | Rule::assert_stmt
        | Rule::include_stmt
        | Rule::class_stmt
        | Rule::def_stmt
        | Rule::defvar_stmt
        | Rule::defm_stmt
        | Rule::foreach_stmt
        | Rule::if_stmt
        | Rule::multiclass_stmt
        | Rule::let_stmt
        | Rule::let_item
        | Rule::empty_stmt => "a statement",
        Rule::kw_field
        | Rule::kw_string
        | Rule::kw_code
        | Rule::kw_int
        | Rule::kw_bits
        | Rule::kw_bit
        | Rule::kw_list
        | Rule::kw_dag => "a type",
        _ => return None,
    })
}

/// The diagnostic for a pest error on `text` (the preprocessed file).
pub(super) fn pest_error(e: pest::error::Error<Rule>, text: &str, file: FileId) -> Diagnostic {
    use pest::error::{ErrorVariant, InputLocation};
    let pos = match e.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    };
    let found = Found::at(text, pos);
    let positives: &[Rule] = match &e.variant {
        ErrorVariant::ParsingError { positives, .. } => positives,
        ErrorVariant::CustomError { .. } => &[],
    };
    let (marker, message) = message(positives, &found);
    let span = Span::new(file, pos, pos + found.len.max(1));
    let mut d = Diagnostic::error(span, message).with_label(format!("found {}", found.words));
    // A missing closing bracket: where its opening one is, as TGParser
    // says ("to match this '{'").
    let open = match marker {
        Some(
            Rule::x_body_close
            | Rule::x_let_close
            | Rule::x_foreach_close
            | Rule::x_then_close
            | Rule::x_else_close
            | Rule::x_multiclass_close,
        ) => Some(b'{'),
        Some(Rule::x_dag_close | Rule::x_bang_close | Rule::x_cond_close) => Some(b'('),
        Some(Rule::x_list_close | Rule::x_index_close) => Some(b'['),
        _ => None,
    };
    if let Some(at) = open.and_then(|o| open_bracket_before(text, pos, o).map(|at| (o, at))) {
        let (o, at) = at;
        d = d.with_note(
            Some(Span::new(file, at, at + 1)),
            format!("to match this '{}'", o as char),
        );
    }
    if positives.contains(&Rule::x_decl_name) && found.text == "=" {
        d = d.with_note(
            None,
            "a field of a parent class is set with 'let': `let name = value;`",
        );
    }
    d
}

/// The message, and the marker it is the message of.
fn message(positives: &[Rule], found: &Found) -> (Option<Rule>, String) {
    if let Some(&(rule, msg)) = MARKERS.iter().find(|(r, _)| positives.contains(r)) {
        // Where a record body goes on, a statement keyword or the end of
        // the file means its '}' is missing.
        if rule == Rule::x_body_close
            && (found.text.is_empty() || STATEMENT_ONLY.contains(&found.text))
        {
            return (Some(rule), "expected '}' at end of record body".into());
        }
        return (Some(rule), msg.into());
    }
    let mut words: Vec<&str> = Vec::new();
    for w in positives.iter().filter_map(|&r| rule_words(r)) {
        if !words.contains(&w) {
            words.push(w);
        }
    }
    let message = match words.split_last() {
        None => "syntax error".into(),
        Some((last, [])) => format!("expected {last}"),
        Some((last, rest)) => format!("expected {} or {last}", rest.join(", ")),
    };
    (None, message)
}

/// The token at the error, for the label under the caret.
struct Found<'t> {
    /// Its text (empty at the end of the file).
    text: &'t str,
    /// Its length in bytes, as far as the label underlines it.
    len: usize,
    /// How the label names it.
    words: String,
}

impl<'t> Found<'t> {
    fn at(text: &'t str, pos: usize) -> Found<'t> {
        let rest = text.get(pos..).unwrap_or("");
        let Some(c) = rest.chars().next() else {
            return Found {
                text: "",
                len: 0,
                words: "end of file".into(),
            };
        };
        let word_len = |s: &str| {
            s.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(s.len())
        };
        if c.is_ascii_alphanumeric() || c == '_' {
            let word = &rest[..word_len(rest)];
            let words = if RESERVED.contains(&word) {
                format!("reserved word '{word}'")
            } else {
                format!("'{word}'")
            };
            return Found {
                text: word,
                len: word.len(),
                words,
            };
        }
        if c == '"' {
            let len = rest[1..].find(['"', '\n']).map_or(rest.len(), |i| i + 2);
            return Found {
                text: &rest[..len],
                len,
                words: "a string".into(),
            };
        }
        if rest.starts_with("[{") {
            return Found {
                text: "[{",
                len: 2,
                words: "a code block".into(),
            };
        }
        if matches!(c, '!' | '$') {
            let len = 1 + word_len(&rest[1..]);
            return Found {
                text: &rest[..len],
                len,
                words: format!("'{}'", &rest[..len]),
            };
        }
        let len = c.len_utf8();
        Found {
            text: &rest[..len],
            len,
            words: format!("'{c}'"),
        }
    }
}
