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
                for rule in positives {
                    words.extend(first_words(*rule).iter().map(|w| w.to_string()));
                }
                if positives.iter().any(|r| STATEMENT_STARTS.contains(r)) {
                    words.extend(STATEMENT_WORDS.iter().map(|w| w.to_string()));
                }
                // Where cards are named, a verb is likely meant as its participle (`meld
                // draw` for `meld drawn`).
                if positives.iter().any(|r| NAMES_CARDS.contains(r)) {
                    words.extend(PARTICIPLES.iter().map(|w| w.to_string()));
                }
                words
            }
            _ => Vec::new(),
        };
        // A word of the language in the wrong place is not misspelt: it is not "corrected" into
        // another word (`of` into `if`, `and` into `end`), only into a form of itself
        // (`return` into `returned`).
        let keyword = is_keyword(word);
        let candidates = candidates
            .iter()
            .map(String::as_str)
            .filter(|c| !keyword || c.starts_with(word) || word.starts_with(c));
        crate::suggest::closest(word, candidates).map(str::to_string)
    });
    // At the end of the text, a block left open is the likely cause.
    let unclosed = if found.is_none() {
        super::recover::unclosed_block(source)
    } else {
        None
    };
    // pest's only custom error is its own nesting limit.
    let too_deep = matches!(error.variant, pest::error::ErrorVariant::CustomError { .. });
    SyntaxError {
        span: Span::new(pos, end.max(pos)),
        found,
        expected,
        suggestion,
        unclosed,
        too_deep,
    }
}

/// Whether `word` is one of the language's reserved words.
fn is_keyword(word: &str) -> bool {
    use pest::Parser as _;
    super::CardParser::parse(Rule::keyword, word).is_ok_and(|pairs| pairs.as_str() == word)
}

/// The words a rule that is not a keyword begins with, for "did you mean" (`source` begins with
/// `from`, `in` or `on`).
fn first_words(rule: Rule) -> &'static [&'static str] {
    match rule {
        Rule::source => &["from", "in", "on"],
        Rule::filter => &[
            "with", "without", "of", "other", "higher", "lower", "beneath",
        ],
        Rule::scale => &["for"],
        Rule::possessive => &["your", "my", "their", "that", "another", "any", "all"],
        Rule::zone_kind => &["hand", "hands", "board", "boards", "score", "achievements"],
        Rule::direction => &["left", "right", "up", "aslant"],
        Rule::rounding => &["up", "down"],
        Rule::choice_kind => &[
            "value",
            "values",
            "color",
            "colors",
            "player",
            "players",
            "opponent",
            "opponents",
            "icon",
            "icons",
        ],
        Rule::quantifier => &["any", "each", "no"],
        Rule::player_kind | Rule::player_set => &["opponent", "other", "player"],
        _ => &[],
    }
}

/// The rules that name cards: a verb found there is likely meant as its participle.
const NAMES_CARDS: &[Rule] = &[
    Rule::card_ref,
    Rule::selection,
    Rule::card_np,
    Rule::participle,
    Rule::set_ref,
];

/// The participles that name cards moved earlier, for "did you mean" where cards are named.
const PARTICIPLES: &[&str] = &[
    "drawn",
    "melded",
    "scored",
    "tucked",
    "returned",
    "transferred",
    "revealed",
    "junked",
    "exchanged",
    "achieved",
    "foreshadowed",
    "removed",
];

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
    Rule::for_each_color_stmt,
    Rule::for_each_value_stmt,
    Rule::for_each_card_stmt,
    Rule::next_time_stmt,
    Rule::next_turn_stmt,
    Rule::additional_action_stmt,
    Rule::repeat_stmt,
    Rule::choose_range_stmt,
    Rule::choose_listed_stmt,
    Rule::choose_stmt,
    Rule::choose_values_stmt,
    Rule::choose_card_stmt,
    Rule::special_stmt,
    Rule::claim_stmt,
    Rule::end_stmt,
    Rule::self_execute_stmt,
    Rule::execute_as_if_stmt,
    Rule::splay_stmt,
    Rule::unsplay_stmt,
    Rule::rearrange_stmt,
    Rule::draw_stmt,
    Rule::transfer_stmt,
    Rule::take_stmt,
    Rule::exchange_stmt,
    Rule::move_stmt,
    Rule::look_stmt,
    Rule::keep_stmt,
    Rule::subject_stmt,
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
    "look",
    "make",
    "then",
    "the",
    "on",
];

fn summarize(rules: impl Iterator<Item = Rule>) -> Vec<String> {
    let mut out = Vec::new();
    let mut statement = false;
    for rule in rules {
        if STATEMENT_STARTS.contains(&rule) {
            statement = true;
        } else if rule != Rule::kw_text {
            // An effect may open with its intended text, but a designer who wrote a statement
            // there meant a statement: `text` would only crowd the list.
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
        "card_s" => "card's",
        "players_" => "players'",
        "artifact" => "Artifact",
        "artifacts" => "Artifacts",
        "city" => "City",
        "cities" => "Cities",
        "figure" => "Figure",
        "figures" => "Figures",
        "echoes" => "Echoes",
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
        "block" | "lbrace" | "effect_body" => "`{`",
        "text_line" => "`text \"…\"`",
        "prose" | "quoted" => "quoted text",
        "approximate_fact" => "`approximate \"…\"`",
        "relic_fact" => "`relic of SET`",
        "rbrace" => "`}`",
        "lbracket" | "age_literal" => "`[`",
        "rbracket" => "`]`",
        "lparen" => "`(`",
        "rparen" => "`)`",
        "comma" => "`,`",
        "colon" => "`:`",
        "plus" => "`+`",
        "minus" => "`-`",
        "times" => "`*`",
        "comparison" | "ge" | "le" | "ne" | "gt" | "lt" | "eq" => "a comparison",
        "stmt" => "a statement",
        "scale" => "`for every`",
        "selection" | "card_np" => "cards",
        "card_ref" => "a card",
        "due_cause" => "`the demand`, `this card` or `this card's echo effect`",
        "quantity" => "a quantity",
        "adjective" => "an adjective",
        "noun" => "`card` or `cards`",
        "type_noun" => "a card type (`Artifact`, `base card`, …)",
        "deck_type" => "a card type (`Artifact`, `base`, …)",
        "base_word" => "`base`",
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
        "each_color" => "`each color …`",
        "choose_colors" => "`color` and colour filters",
        "direction" => "`left`, `right`, `up` or `aslant`",
        "expr" | "term" | "factor" => "a value",
        "countable" => "something to count",
        "count_word" => "`a` or a number",
        "draw_count" => "`a`, a number or a count in parentheses",
        "repeat_limit" => "`at most twice`",
        "cond" | "cond_and" | "cond_not" | "cond_atom" => "a condition",
        "card_pred" => "`has` or `is`",
        "quantifier" => "`any`, `each` or `no`",
        "player_measure" => "an amount",
        "amount" => "an amount",
        "measure" => "what a player has",
        "player_ref" | "winner" | "single_player" => "a player",
        "player_kind" | "player_set" => "`player`, `opponent` or `other player`",
        "choice_kind" => "`value`, `color`, `player` or `icon`",
        "draw_then" | "move_verb" | "next_time_verb" => "a verb",
        "draws_then" | "moves_verb" => "a verb (`melds`, `scores`, …)",
        "subject" => "a player (`each opponent`, `that player`)",
        "draws_stmt"
        | "chooses_range_stmt"
        | "chooses_stmt"
        | "chooses_values_stmt"
        | "chooses_card_stmt"
        | "transfers_stmt"
        | "looks_stmt"
        | "moves_stmt" => "a verb that agrees with its player (`draws`, `chooses`, …)",
        "player_count" => "players (`opponents with …`)",
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

#[cfg(test)]
mod tests {
    use crate::parse::parse;

    /// The "did you mean" of the syntax error in a card whose only effect is `body`.
    fn suggestion(body: &str) -> Option<String> {
        let source = format!(
            "card \"X\" {{ age 1 color red icons hex crown crown crown effect crown {{ {body} }} }}"
        );
        parse(&source).expect_err("a syntax error").suggestion
    }

    /// A word of the language in the wrong place is not turned into another word.
    #[test]
    fn a_keyword_out_of_place_is_not_corrected_into_another() {
        assert_eq!(suggestion("draw a [1] of value 3"), None);
        assert_eq!(suggestion("of you do { draw a [1] }"), None);
        assert_eq!(
            suggestion("you may draw a [1] and score a [2] from your hand"),
            None
        );
        // A misspelt word still gets its keyword.
        assert_eq!(suggestion("drow a [1]").as_deref(), Some("draw"));
    }

    /// Two letters swapped are one edit: `form` is `from`, not `for`.
    #[test]
    fn two_letters_swapped_suggest_the_word_of_the_same_length() {
        assert_eq!(
            suggestion("score a card form your hand").as_deref(),
            Some("from")
        );
    }

    /// Where cards are named, a verb suggests its participle.
    #[test]
    fn a_verb_where_cards_are_named_suggests_its_participle() {
        assert_eq!(suggestion("draw a [1] meld draw").as_deref(), Some("drawn"));
        assert_eq!(
            suggestion("return a card from your hand draw a [value of return]").as_deref(),
            Some("returned")
        );
    }
}
