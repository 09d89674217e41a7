//! The dogma card language: its grammar, the spanned syntax tree, the canonical formatter and
//! the renderer that turns a card back into English card text.
//!
//! Pipeline position: **source → AST** (this crate) → checked IR (`dogma-compiler`) → bytecode
//! or Rust → runtime.

pub mod ast;
pub mod format;
pub mod parse;
pub mod render;
pub mod suggest;

pub use format::format_source;
pub use parse::{parse, parse_recovering, SyntaxError, Unclosed, NESTING_LIMIT};
pub use render::{
    render_achievement, render_card, render_card_text, render_effect, RenderedEffect, Wording,
};
