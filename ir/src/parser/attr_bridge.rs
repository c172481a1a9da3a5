//! The entry point the op parser used before `parser::attrs` landed; it
//! now forwards to [`Parser::parse_attribute`]. Kept so the op parser's
//! calls stay valid until they are switched over.

use super::{PResult, Parser};
use crate::attributes::Attribute;

impl Parser<'_> {
    /// Same as [`Parser::parse_attribute`].
    pub fn parse_attribute_bridge(&mut self) -> PResult<Attribute> {
        self.parse_attribute()
    }
}
