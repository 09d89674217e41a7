//! Syntax errors: pest's error as a `SyntaxError` that names what was expected in the card
//! language's words, with a "did you mean" for a misspelt keyword.

use crate::ast::Span;

use super::{Rule, SyntaxError};

pub(super) fn syntax_error(source: &str, error: pest::error::Error<Rule>) -> SyntaxError {
    let pos = match error.location {
        pest::error::InputLocation::Pos(p) => p,
        pest::error::InputLocation::Span((s, _)) => s,
    };
    let found = word_at(source, pos);
    let end = pos + found.as_ref().map_or(0, |w| w.len());
    let mut expected: Vec<String> = match &error.variant {
        pest::error::ErrorVariant::ParsingError { positives, .. } => {
            summarize(positives.iter().copied())
        }
        // pest's only custom error is its nesting limit.
        pest::error::ErrorVariant::CustomError { .. } => {
            vec!["less deeply nested text (the parser's nesting limit was reached)".to_string()]
        }
    };
    expected.sort();
    expected.dedup();
    let suggestion = found.as_deref().and_then(|word| {
        let candidates: Vec<String> = match &error.variant {
            pest::error::ErrorVariant::ParsingError { positives, .. } => {
                let mut words: Vec<String> =
                    positives.iter().filter_map(|r| keyword_of(*r)).collect();
                if positives.iter().any(|r| STATEMENT_STARTS.contains(r)) {
                    words.extend(STATEMENT_WORDS.iter().map(|w| w.to_string()));
                }
                words
            }
            _ => Vec::new(),
        };
        crate::suggest::closest(word, candidates.iter().map(String::as_str)).map(str::to_string)
    });
    // pest's only custom error is its own nesting limit.
    let too_deep = matches!(error.variant, pest::error::ErrorVariant::CustomError { .. });
    SyntaxError {
        span: Span::new(pos, end.max(pos)),
        found,
        expected,
        suggestion,
        too_deep,
    }
}

/// The word (or single character) at `pos`, or `None` at the end of the text.
fn word_at(source: &str, pos: usize) -> Option<String> {
    let rest = source.get(pos..)?;
    let mut chars = rest.chars();
    let first = chars.next()?;
    if first.is_ascii_alphanumeric() || first == '_' {
        let len = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '\'')))
            .unwrap_or(rest.len());
        Some(rest[..len].to_string())
    } else if first == '"' {
        let len = rest[1..].find(['"', '\n']).map_or(rest.len(), |i| i + 2);
        Some(rest[..len.min(rest.len())].to_string())
    } else {
        Some(first.to_string())
    }
}

/// The rules that begin a statement; a parse error expecting any of them says "a statement".
const STATEMENT_STARTS: &[Rule] = &[
    Rule::may_stmt,
    Rule::if_stmt,
    Rule::either_stmt,
    Rule::for_each_stmt,
    Rule::repeat_stmt,
    Rule::choose_stmt,
    Rule::choose_values_stmt,
    Rule::choose_card_stmt,
    Rule::special_stmt,
    Rule::claim_stmt,
    Rule::end_stmt,
    Rule::self_execute_stmt,
    Rule::splay_stmt,
    Rule::unsplay_stmt,
    Rule::rearrange_stmt,
    Rule::draw_stmt,
    Rule::transfer_stmt,
    Rule::take_stmt,
    Rule::exchange_stmt,
    Rule::move_stmt,
    Rule::keep_stmt,
    Rule::win_stmt,
    Rule::lose_stmt,
    Rule::stmt,
    Rule::kw_then,
];

/// The words a statement can start with, for "did you mean" on a misspelt verb.
const STATEMENT_WORDS: &[&str] = &[
    "you",
    "if",
    "either",
    "for",
    "repeat",
    "choose",
    "claim",
    "end",
    "self-execute",
    "splay",
    "unsplay",
    "rearrange",
    "draw",
    "transfer",
    "take",
    "exchange",
    "meld",
    "tuck",
    "score",
    "return",
    "reveal",
    "junk",
    "remove",
    "achieve",
    "foreshadow",
    "keep",
    "make",
    "then",
];

fn summarize(rules: impl Iterator<Item = Rule>) -> Vec<String> {
    let mut out = Vec::new();
    let mut statement = false;
    for rule in rules {
        if STATEMENT_STARTS.contains(&rule) {
            statement = true;
        } else {
            out.push(describe_rule(rule));
        }
    }
    if statement {
        out.push("a statement".to_string());
    }
    out
}

/// The keyword a `kw_*` rule matches.
fn keyword_of(rule: Rule) -> Option<String> {
    let name = format!("{rule:?}");
    let word = name.strip_prefix("kw_")?;
    Some(keyword_word(word).to_string())
}

fn keyword_word(word: &str) -> &str {
    match word {
        "dont" => "don't",
        "i" => "I",
        "self_execute" => "self-execute",
        "opponent_s" => "opponent's",
        "opponents_" => "opponents'",
        "player_s" => "player's",
        "players_" => "players'",
        other => other,
    }
}

/// Readable words for a grammar rule, as a diagnostic's "expected" list shows them.
fn describe_rule_name(name: &str) -> String {
    if let Some(word) = name.strip_prefix("kw_") {
        return format!("`{}`", keyword_word(word));
    }
    let words = match name {
        "EOI" => "the end of the file",
        "card" => "a card",
        "achievement" => "a special achievement",
        "title" => "a quoted title",
        "int" => "a number",
        "name" => "a name",
        "color_word" => "a colour",
        "non_color" => "`non-<colour>`",
        "slot" => "an icon",
        "effect" => "an effect",
        "effect_kind" => "`effect`, `demand` or `compel`",
        "block" | "lbrace" => "`{`",
        "rbrace" => "`}`",
        "lbracket" | "age_literal" => "`[`",
        "rbracket" => "`]`",
        "lparen" => "`(`",
        "rparen" => "`)`",
        "comma" => "`,`",
        "plus" => "`+`",
        "minus" => "`-`",
        "times" => "`*`",
        "comparison" | "ge" | "le" | "ne" | "gt" | "lt" | "eq" => "a comparison",
        "stmt" => "a statement",
        "scale" => "`for every`",
        "selection" | "card_np" => "cards",
        "card_ref" => "a card",
        "quantity" => "a quantity",
        "adjective" => "an adjective",
        "noun" => "`card` or `cards`",
        "filter" => "a filter",
        "source" => "`from`",
        "zone" => "a zone",
        "zone_kind" => "`hand`, `board` or `score pile`",
        "destination" => "a destination",
        "possessive" => "`your`, `my` or another owner",
        "participle" => "`drawn`, `returned` or another participle",
        "ordinal" => "`first`, `second` or `last`",
        "history" => "cards moved earlier",
        "set_ref" => "cards",
        "color_expr" | "color_atom" => "a colour",
        "color_filter" => "a colour filter",
        "direction" => "`left`, `right`, `up` or `aslant`",
        "expr" | "term" | "factor" => "a value",
        "countable" => "something to count",
        "count_word" => "`a` or a number",
        "cond" | "cond_and" | "cond_not" | "cond_atom" => "a condition",
        "card_pred" => "`has` or `is`",
        "quantifier" => "`any`, `each` or `no`",
        "player_measure" => "an amount",
        "amount" => "an amount",
        "measure" => "what a player has",
        "player_ref" | "winner" | "single_player" => "a player",
        "player_kind" | "player_set" => "`player`, `opponent` or `other player`",
        "choice_kind" => "`value`, `color`, `player` or `icon`",
        "draw_then" | "move_verb" => "a verb",
        "value_spec" => "a value",
        "rounding" => "`up` or `down`",
        "params" | "param" => "a parameter (`v = 11`)",
        "param_value" => "a value or a colour",
        "available" => "`available achievement`",
        "supply_zone" => "`the [N] deck` or `the available achievements`",
        "trigger" => "a move (`you tuck a card …`)",
        "onto" => "`onto a color …`",
        other => return format!("`{other}`"),
    };
    words.to_string()
}

fn describe_rule(rule: Rule) -> String {
    describe_rule_name(&format!("{rule:?}"))
}
