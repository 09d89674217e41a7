//! Parsing: source text → pest pairs → the owned, spanned AST of `ast`.
//!
//! pest's pairs never leave this module. A syntax error becomes a `SyntaxError` that names what
//! was expected in the card language's words (never pest's rule names).
//!
//! This file holds the entry point and the helpers every lowering step reads pairs with (spans,
//! the `Cursor` over a pair's children, numbers, names and titles). The lowering itself is split
//! by what it builds: `cards` (items), `statements`, `selections`, `values` (and colours),
//! `conditions` and `players`; `errors` words the syntax errors.

mod cards;
mod conditions;
mod errors;
mod players;
mod recover;
mod selections;
mod statements;
mod values;

use crate::ast::*;
use pest::iterators::Pair;
use pest::Parser as _;

use cards::{lower_achievement, lower_card};
use errors::syntax_error;
pub use recover::{parse_recovering, Unclosed};

#[derive(pest_derive::Parser)]
#[grammar = "grammar.pest"]
struct CardParser;

/// A syntax error: where, what was found and what the language expected there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    pub span: Span,
    /// The word or character found at the error, or `None` at the end of the file.
    pub found: Option<String>,
    /// What would have been accepted, in readable words, sorted and without duplicates.
    pub expected: Vec<String>,
    /// A keyword close to the word found, when there is one.
    pub suggestion: Option<String>,
    /// At the end of the text with a block still open: which `{`, and where by the layout its
    /// `}` belonged.
    pub unclosed: Option<Unclosed>,
    /// The text nests more deeply than `NESTING_LIMIT` allows (the span is where it goes
    /// deeper): the error is that, not a word out of place.
    pub too_deep: bool,
}

/// How deeply the syntax may nest: phrases inside phrases, counted as the grammar's rules inside
/// one another (a block inside an `if` inside a block is four levels, a card's usual effects
/// reach 24 at most, the limit is five times that). Parsing, checking, formatting and rendering
/// recurse once or a few times per level, so the limit keeps them far from the end of even a
/// small thread's stack (2 MiB: `nesting_limit_is_far_below_the_stack` in the compiler's tests
/// runs every stage at the limit on one).
pub const NESTING_LIMIT: usize = 128;

/// Parses one card file.
pub fn parse(source: &str) -> Result<File, SyntaxError> {
    let mut pairs = CardParser::parse(Rule::file, source).map_err(|e| syntax_error(source, e))?;
    let file = pairs.next().expect("grammar: a parse yields the file rule");
    if let Some(span) = too_deep(&file) {
        return Err(SyntaxError {
            span,
            found: None,
            expected: Vec::new(),
            suggestion: None,
            too_deep: true,
            unclosed: None,
        });
    }
    let mut items = Vec::new();
    for pair in file.into_inner() {
        match pair.as_rule() {
            Rule::card => items.push(Item::Card(lower_card(pair))),
            Rule::achievement => items.push(Item::Achievement(lower_achievement(pair))),
            Rule::decree => items.push(Item::Achievement(cards::lower_decree(pair))),
            Rule::EOI => {}
            other => unreachable!("grammar: unexpected item {other:?}"),
        }
    }
    Ok(File { items })
}

type P<'a> = Pair<'a, Rule>;

/// Where the parse first nests deeper than `NESTING_LIMIT` (the first word of the phrase too
/// deep), found without recursion.
fn too_deep(file: &P) -> Option<Span> {
    let mut stack = vec![(file.clone(), 0usize)];
    while let Some((pair, depth)) = stack.pop() {
        if depth > NESTING_LIMIT {
            let start = pair.as_span().start();
            let word = pair
                .as_str()
                .find(char::is_whitespace)
                .unwrap_or(pair.as_str().len())
                .max(1);
            return Some(Span::new(start, start + word.min(pair.as_str().len())));
        }
        stack.extend(pair.into_inner().map(|child| (child, depth + 1)));
    }
    None
}

/// The pair's span without the whitespace and comments pest lets a rule end with.
fn span_of(pair: &P) -> Span {
    let s = pair.as_span();
    Span::new(s.start(), s.start() + significant_len(pair.as_str()))
}

/// The length of `text` up to the end of its last character outside whitespace and comments.
fn significant_len(text: &str) -> usize {
    let mut end = 0;
    let mut in_comment = false;
    let mut in_title = false;
    for (i, c) in text.char_indices() {
        if in_comment {
            in_comment = c != '\n';
        } else if in_title {
            in_title = c != '"' && c != '\n';
            end = i + c.len_utf8();
        } else if c == '#' {
            in_comment = true;
        } else if !c.is_whitespace() {
            in_title = c == '"';
            end = i + c.len_utf8();
        }
    }
    end
}

/// The children of a pair, read front to back.
struct Cursor<'a> {
    items: Vec<P<'a>>,
    at: usize,
}

impl<'a> Cursor<'a> {
    fn new(pair: P<'a>) -> Cursor<'a> {
        Cursor {
            items: pair.into_inner().collect(),
            at: 0,
        }
    }

    fn peek(&self) -> Option<Rule> {
        self.items.get(self.at).map(|p| p.as_rule())
    }

    fn peek_is(&self, rule: Rule) -> bool {
        self.peek() == Some(rule)
    }

    /// The next child, which the grammar guarantees.
    fn next(&mut self) -> P<'a> {
        let pair = self
            .items
            .get(self.at)
            .cloned()
            .expect("grammar: a required child is present");
        self.at += 1;
        pair
    }

    /// The next child if it is `rule`.
    fn eat(&mut self, rule: Rule) -> Option<P<'a>> {
        if self.peek_is(rule) {
            Some(self.next())
        } else {
            None
        }
    }

    fn done(&self) -> bool {
        self.at >= self.items.len()
    }

    /// The next child that is `rule`, skipping the others (the words before it).
    fn find(&mut self, rule: Rule) -> Option<P<'a>> {
        while !self.done() {
            let p = self.next();
            if p.as_rule() == rule {
                return Some(p);
            }
        }
        None
    }
}

fn int_of(pair: &P) -> u32 {
    // The grammar allows digits only; a number too large for u32 saturates and the checks
    // report it as out of range.
    pair.as_str().parse::<u32>().unwrap_or(u32::MAX)
}

fn spanned_int(pair: P) -> Spanned<u32> {
    Spanned::new(int_of(&pair), span_of(&pair))
}

fn name_of(pair: P) -> Name {
    Spanned::new(pair.as_str().to_string(), span_of(&pair))
}

fn title_of(pair: P) -> Title {
    let text = pair.as_str();
    let inner = text
        .strip_prefix('"')
        .and_then(|t| t.strip_suffix('"'))
        .unwrap_or(text);
    Spanned::new(inner.to_string(), span_of(&pair))
}
