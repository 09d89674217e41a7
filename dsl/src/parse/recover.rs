//! After a syntax error: more than the first error of a file, and an unclosed block blamed where
//! it should have closed.
//!
//! pest stops at the first error. To report the errors after it, a file that fails is cut into
//! its items — a `card` or an `achievement` starting a line at column 0, the way every card file
//! is laid out — and each item is parsed on its own, the rest of the file blanked out so that
//! every offset stays the file's. One error per item that fails is reported.
//!
//! A missing `}` is found by the parser only where the file (or the next item) begins, far from
//! the slip. The layout knows better: a block's lines are indented deeper than the line that
//! opens it, so the first line back at (or left of) that indentation — a `}` that closes an outer
//! block, or the next effect or card — is where the missing `}` belonged.

use super::{parse, File, SyntaxError};

/// Where a block left open should have closed (`SyntaxError::unclosed`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unclosed {
    /// The byte offset of the `{` never closed.
    pub open: usize,
    /// The byte offset of the start of the line before which its `}` belonged; `None` when the
    /// layout does not say (the block runs to the end of the text).
    pub before: Option<usize>,
}

/// Parses one card file, reporting one syntax error per card or achievement that fails (the
/// file's first error first) rather than only the first of the file.
pub fn parse_recovering(source: &str) -> Result<File, Vec<SyntaxError>> {
    let first = match parse(source) {
        Ok(file) => return Ok(file),
        Err(e) => e,
    };
    let starts = item_starts(source);
    if starts.len() < 2 {
        return Err(vec![first]);
    }
    let mut errors = Vec::new();
    for (i, &start) in starts.iter().enumerate() {
        let end = starts.get(i + 1).copied().unwrap_or(source.len());
        if let Err(e) = parse(&blank_outside(source, start, end)) {
            errors.push(e);
        }
    }
    // The items parse one by one but not together (a stray word between two of them, seen by
    // neither): the file's own error stands.
    if errors.is_empty() {
        errors.push(first);
    }
    Err(errors)
}

/// The offsets where the file's items begin: 0 (comments before the first item belong to it),
/// then every line that starts with `card` or `achievement` at column 0 after the first.
fn item_starts(source: &str) -> Vec<usize> {
    let mut starts = vec![0];
    let mut offset = 0;
    for line in source.split_inclusive('\n') {
        let item = ["card", "achievement"].iter().any(|word| {
            line.strip_prefix(word)
                .is_some_and(|rest| rest.starts_with([' ', '\t', '"']))
        });
        if item && offset > 0 {
            starts.push(offset);
        }
        offset += line.len();
    }
    starts
}

/// The text with every byte outside `start..end` blanked (a space, newlines kept): the same
/// offsets, lines and columns, one item left to parse. `start` and `end` are line starts, so the
/// item's characters are untouched.
fn blank_outside(source: &str, start: usize, end: usize) -> String {
    let blank = |text: &str| -> String {
        text.bytes()
            .map(|b| if b == b'\n' { '\n' } else { ' ' })
            .collect()
    };
    let mut out = blank(&source[..start]);
    out.push_str(&source[start..end]);
    out.push_str(&blank(&source[end..]));
    out
}

/// The block left open at the end of `source`, blamed by the layout (see the module's comment),
/// or `None` when every `{` is closed. Comments and quoted titles are skipped.
pub(super) fn unclosed_block(source: &str) -> Option<Unclosed> {
    // The open braces: their offset and the indentation of the line they are on.
    let mut open: Vec<(usize, usize)> = Vec::new();
    let mut line_start = 0;
    for line in source.split_inclusive('\n') {
        let indent = line.len() - line.trim_start_matches([' ', '\t']).len();
        let body = line.trim_start_matches([' ', '\t']);
        let blank = body.trim().is_empty() || body.starts_with('#');
        // A line back at the indentation of the innermost open block's first line, which does
        // not close it, shows that block was left open: its `}` belonged before this line.
        if !blank && !body.starts_with('}') {
            if let Some(&(brace, opener)) = open.last() {
                if indent <= opener {
                    return Some(Unclosed {
                        open: brace,
                        before: Some(line_start),
                    });
                }
            }
        }
        let mut in_title = false;
        for (i, c) in line.char_indices() {
            let at = line_start + i;
            match c {
                '"' => in_title = !in_title,
                _ if in_title => {}
                '#' => break,
                '{' => open.push((at, indent)),
                '}' => {
                    if let Some((brace, opener)) = open.pop() {
                        // A `}` first on its line, left of the block it closes: it was written
                        // for an outer block, and this one was never closed.
                        if i == indent && indent < opener {
                            return Some(Unclosed {
                                open: brace,
                                before: Some(line_start),
                            });
                        }
                    }
                }
                _ => {}
            }
        }
        line_start += line.len();
    }
    open.pop().map(|(brace, _)| Unclosed {
        open: brace,
        before: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const ONE_MISSING: &str = "card \"A\" {\n  age 1\n  effect crown {\n    if you have 2 crown {\n      draw a [2]\n  }\n}\n";

    #[test]
    fn a_closing_brace_left_of_its_block_blames_the_inner_block() {
        let u = unclosed_block(ONE_MISSING).expect("unclosed");
        // The `if … {` (line 4) was never closed; its `}` belonged before line 6.
        assert_eq!(&ONE_MISSING[u.open..u.open + 1], "{");
        assert!(ONE_MISSING[..u.open].ends_with("if you have 2 crown "));
        let before = u.before.expect("a line");
        assert!(ONE_MISSING[before..].starts_with("  }\n}"));
    }

    #[test]
    fn the_next_effect_at_the_same_indentation_blames_the_open_effect() {
        let source = "card \"A\" {\n  effect crown {\n    draw a [1]\n  effect leaf {\n    draw a [2]\n  }\n}\n";
        let u = unclosed_block(source).expect("unclosed");
        assert!(source[..u.open].ends_with("effect crown "));
        assert!(source[u.before.expect("a line")..].starts_with("  effect leaf"));
    }

    #[test]
    fn without_a_layout_clue_the_innermost_open_brace_is_blamed_at_the_end() {
        let source = "card \"A\" { effect crown { draw a [1] }";
        let u = unclosed_block(source).expect("unclosed");
        assert_eq!(
            u,
            Unclosed {
                open: 9,
                before: None
            }
        );
        assert_eq!(unclosed_block("card \"A{\" { } # {"), None);
    }

    #[test]
    fn every_card_that_fails_gets_its_error() {
        let source = "card \"A\" {\n  age 1\n  drow\n}\n\n# a comment\ncard \"B\" {\n  age 1\n}\n\ncard \"C\" {\n  colr red\n}\n";
        let errors = parse_recovering(source).expect_err("two errors");
        let found: Vec<_> = errors.iter().map(|e| e.found.clone()).collect();
        assert_eq!(found, [Some("drow".to_string()), Some("colr".to_string())]);
        // Offsets are the file's.
        let span = errors[1].span;
        assert_eq!(&source[span.start as usize..span.end as usize], "colr");
    }

    #[test]
    fn a_missing_brace_in_the_first_card_does_not_hide_the_second_cards_error() {
        let source = format!("{ONE_MISSING}\ncard \"B\" {{\n  age x\n}}\n");
        let errors = parse_recovering(&source).expect_err("two errors");
        assert_eq!(errors.len(), 2);
        assert!(errors[0].unclosed.is_some(), "{errors:?}");
        assert_eq!(errors[1].found.as_deref(), Some("x"));
    }
}
