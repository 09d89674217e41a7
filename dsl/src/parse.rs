//! Parsing: source text → pest pairs → the owned, spanned AST of `ast`.
//!
//! pest's pairs never leave this module. A syntax error becomes a `SyntaxError` that names what
//! was expected in the card language's words (never pest's rule names).

use crate::ast::*;
use pest::iterators::Pair;
use pest::Parser as _;

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
}

/// Parses one card file.
pub fn parse(source: &str) -> Result<File, SyntaxError> {
    let mut pairs = CardParser::parse(Rule::file, source).map_err(|e| syntax_error(source, e))?;
    let file = pairs.next().expect("grammar: a parse yields the file rule");
    let mut items = Vec::new();
    for pair in file.into_inner() {
        match pair.as_rule() {
            Rule::card => items.push(Item::Card(lower_card(pair))),
            Rule::achievement => items.push(Item::Achievement(lower_achievement(pair))),
            Rule::EOI => {}
            other => unreachable!("grammar: unexpected item {other:?}"),
        }
    }
    Ok(File { items })
}

// ---------------------------------------------------------------------------------------------
// Errors

fn syntax_error(source: &str, error: pest::error::Error<Rule>) -> SyntaxError {
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
    SyntaxError {
        span: Span::new(pos, end.max(pos)),
        found,
        expected,
        suggestion,
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
pub(crate) fn describe_rule_name(name: &str) -> String {
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
        other => return format!("`{other}`"),
    };
    words.to_string()
}

fn describe_rule(rule: Rule) -> String {
    describe_rule_name(&format!("{rule:?}"))
}

// ---------------------------------------------------------------------------------------------
// Lowering helpers

type P<'a> = Pair<'a, Rule>;

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

// ---------------------------------------------------------------------------------------------
// Items

fn lower_card(pair: P) -> Card {
    let span = span_of(&pair);
    let mut c = Cursor::new(pair);
    c.next(); // card
    let title = title_of(c.next());
    c.next(); // {
    let mut facts = Vec::new();
    let mut effects = Vec::new();
    while !c.done() {
        let entry = c.next();
        let entry_span = span_of(&entry);
        match entry.as_rule() {
            Rule::age_fact => {
                let mut f = Cursor::new(entry);
                f.next();
                facts.push(Spanned::new(Fact::Age(spanned_int(f.next())), entry_span));
            }
            Rule::color_fact => {
                let mut f = Cursor::new(entry);
                f.next();
                facts.push(Spanned::new(Fact::Color(name_of(f.next())), entry_span));
            }
            Rule::icons_fact => {
                let mut f = Cursor::new(entry);
                f.next();
                let mut slots = Vec::new();
                while let Some(slot) = f.eat(Rule::slot) {
                    let slot_span = span_of(&slot);
                    let mut s = Cursor::new(slot);
                    let name = name_of(s.next());
                    let number = s.eat(Rule::int).map(spanned_int);
                    slots.push(SlotSource {
                        name,
                        number,
                        span: slot_span,
                    });
                }
                facts.push(Spanned::new(Fact::Icons(slots), entry_span));
            }
            Rule::effect => effects.push(lower_effect(entry)),
            Rule::rbrace => {}
            other => unreachable!("grammar: unexpected card entry {other:?}"),
        }
    }
    Card {
        title,
        facts,
        effects,
        span,
    }
}

fn lower_effect(pair: P) -> Effect {
    let span = span_of(&pair);
    let mut c = Cursor::new(pair);
    let kind_pair = c.next();
    let kind_span = span_of(&kind_pair);
    let kind = match Cursor::new(kind_pair).next().as_rule() {
        Rule::kw_demand => EffectKind::Demand,
        Rule::kw_compel => EffectKind::Compel,
        Rule::kw_echo => EffectKind::Echo,
        _ => EffectKind::NonDemand,
    };
    let icon = c.eat(Rule::name).map(name_of);
    let mut params = Vec::new();
    if let Some(list) = c.eat(Rule::params) {
        for p in list.into_inner() {
            if p.as_rule() == Rule::param {
                params.push(lower_arg(p));
            }
        }
    }
    let body = lower_block(c.next());
    Effect {
        kind: Spanned::new(kind, kind_span),
        icon,
        params,
        body,
        span,
    }
}

/// `v = 11`, `c = color of melded`.
fn lower_arg(pair: P) -> Arg {
    let span = span_of(&pair);
    let mut c = Cursor::new(pair);
    let name = name_of(c.next());
    c.next(); // =
    let value_pair = c.next();
    let mut v = Cursor::new(value_pair);
    let first = v.next();
    let value = match first.as_rule() {
        Rule::kw_color => {
            v.next(); // of
            ArgValue::Color(ColorAtom::ColorOf(lower_card_ref(v.next())))
        }
        Rule::kw_its => ArgValue::Color(ColorAtom::ItsColor),
        _ => ArgValue::Expr(lower_expr(first)),
    };
    Arg { name, value, span }
}

fn lower_achievement(pair: P) -> Achievement {
    let span = span_of(&pair);
    let mut c = Cursor::new(pair);
    c.next(); // achievement
    let title = title_of(c.next());
    c.next(); // {
    let mut when = Vec::new();
    let mut via = Vec::new();
    while !c.done() {
        let entry = c.next();
        match entry.as_rule() {
            Rule::when_clause => {
                let mut w = Cursor::new(entry);
                w.next();
                when.push(lower_cond(w.next()));
            }
            Rule::via_clause => {
                let mut v = Cursor::new(entry);
                v.next();
                via.push(title_of(v.next()));
            }
            Rule::rbrace => {}
            other => unreachable!("grammar: unexpected achievement entry {other:?}"),
        }
    }
    Achievement {
        title,
        when,
        via,
        span,
    }
}

// ---------------------------------------------------------------------------------------------
// Statements

fn lower_block(pair: P) -> Block {
    let span = span_of(&pair);
    let mut stmts = Vec::new();
    for child in pair.into_inner() {
        if child.as_rule() == Rule::stmt {
            stmts.push(lower_stmt(child));
        }
    }
    Block { stmts, span }
}

fn lower_stmt(pair: P) -> Stmt {
    let span = span_of(&pair);
    let mut c = Cursor::new(pair);
    let then = c.eat(Rule::kw_then).is_some();
    let body = c.next();
    let kind = lower_stmt_body(body);
    let scale = c.eat(Rule::scale).map(lower_scale);
    Stmt {
        then,
        kind,
        scale,
        span,
    }
}

fn lower_scale(pair: P) -> Scale {
    let span = span_of(&pair);
    let mut c = Cursor::new(pair);
    c.next(); // for
    c.next(); // every
    let per = c.eat(Rule::int).map(spanned_int);
    let what = lower_countable(c.next());
    Scale { per, what, span }
}

fn verb_of(rule: Rule) -> Verb {
    match rule {
        Rule::kw_meld => Verb::Meld,
        Rule::kw_tuck => Verb::Tuck,
        Rule::kw_score => Verb::Score,
        Rule::kw_return => Verb::Return,
        Rule::kw_reveal => Verb::Reveal,
        Rule::kw_junk => Verb::Junk,
        Rule::kw_remove => Verb::Remove,
        Rule::kw_achieve => Verb::Achieve,
        Rule::kw_foreshadow => Verb::Foreshadow,
        other => unreachable!("grammar: not a verb {other:?}"),
    }
}

fn lower_verb(pair: P) -> Spanned<Verb> {
    let span = span_of(&pair);
    let word = Cursor::new(pair).next();
    Spanned::new(verb_of(word.as_rule()), span)
}

fn lower_stmt_body(pair: P) -> StmtKind {
    let rule = pair.as_rule();
    let mut c = Cursor::new(pair);
    match rule {
        Rule::may_stmt => {
            c.next(); // you
            c.next(); // may
            let body = c.next();
            let body = match body.as_rule() {
                Rule::block => MayBody::Block(lower_block(body)),
                _ => MayBody::Stmt(lower_stmt(body)),
            };
            StmtKind::May(Box::new(body))
        }
        Rule::if_stmt => lower_if(c),
        Rule::either_stmt => {
            let mut blocks = Vec::new();
            while !c.done() {
                let p = c.next();
                if p.as_rule() == Rule::block {
                    blocks.push(lower_block(p));
                }
            }
            StmtKind::Either(blocks)
        }
        Rule::for_each_stmt => {
            c.next(); // for
            c.next(); // each
            let players = lower_player_set(c.next());
            let body = lower_block(c.next());
            StmtKind::ForEach { players, body }
        }
        Rule::repeat_stmt => {
            let mut args = Vec::new();
            while !c.done() {
                let p = c.next();
                if p.as_rule() == Rule::param {
                    args.push(lower_arg(p));
                }
            }
            StmtKind::Repeat(args)
        }
        Rule::choose_stmt => {
            let by_demander = c.eat(Rule::kw_i).is_some();
            c.next(); // choose
            let count = lower_count_word(c.next());
            let kind_pair = c.next();
            let kind_span = span_of(&kind_pair);
            let kind = match Cursor::new(kind_pair).next().as_rule() {
                Rule::kw_value | Rule::kw_values => ChoiceKind::Value,
                Rule::kw_color | Rule::kw_colors => ChoiceKind::Color,
                Rule::kw_player | Rule::kw_players => ChoiceKind::Player,
                Rule::kw_opponent | Rule::kw_opponents => ChoiceKind::Opponent,
                _ => ChoiceKind::Icon,
            };
            let except = if c.eat(Rule::kw_other).is_some() {
                c.next(); // than
                Some(name_of(c.next()))
            } else {
                None
            };
            StmtKind::Choose {
                by_demander,
                count,
                kind: Spanned::new(kind, kind_span),
                except,
            }
        }
        Rule::choose_values_stmt => {
            let by_demander = c.eat(Rule::kw_i).is_some();
            c.next(); // choose
            let mut options = Vec::new();
            while !c.done() {
                let p = c.next();
                if p.as_rule() == Rule::age_literal {
                    options.push(lower_age_literal(p));
                }
            }
            StmtKind::ChooseValue {
                by_demander,
                options,
            }
        }
        Rule::choose_card_stmt => {
            c.next(); // choose
            StmtKind::ChooseCards(lower_selection(c.next()))
        }
        Rule::special_stmt => {
            if c.eat(Rule::kw_make).is_some() {
                StmtKind::RestoreSpecial
            } else {
                c.next(); // junk
                StmtKind::JunkSpecial {
                    all: c.eat(Rule::kw_all).is_some(),
                }
            }
        }
        Rule::claim_stmt => {
            c.next();
            StmtKind::Claim(title_of(c.next()))
        }
        Rule::end_stmt => {
            c.next();
            c.next();
            if c.eat(Rule::kw_game).is_some() {
                StmtKind::EndGame
            } else {
                StmtKind::EndDogma
            }
        }
        Rule::self_execute_stmt => {
            c.next();
            StmtKind::SelfExecute(lower_selection(c.next()))
        }
        Rule::splay_stmt => {
            c.next();
            let direction = lower_direction(c.next());
            let color = lower_color_expr(c.next());
            StmtKind::Splay { direction, color }
        }
        Rule::unsplay_stmt => {
            c.next();
            StmtKind::Unsplay(lower_color_expr(c.next()))
        }
        Rule::rearrange_stmt => {
            c.next();
            StmtKind::Rearrange(lower_color_expr(c.next()))
        }
        Rule::draw_stmt => {
            c.next(); // draw
            let then = if c.eat(Rule::kw_and).is_some() {
                Some(lower_verb(c.next()))
            } else {
                None
            };
            let count = lower_count_word(c.next());
            let value = lower_age_literal(c.next());
            StmtKind::Draw { then, count, value }
        }
        Rule::transfer_stmt => {
            c.next();
            let what = lower_selection(c.next());
            c.next(); // to
            let to = lower_destination(c.next());
            StmtKind::Transfer { what, to }
        }
        Rule::take_stmt => {
            c.next();
            StmtKind::Take(lower_selection(c.next()))
        }
        Rule::exchange_stmt => {
            c.next();
            let a = lower_selection(c.next());
            c.next(); // with
            let b = lower_selection(c.next());
            StmtKind::Exchange(a, b)
        }
        Rule::move_stmt => {
            let mut verbs = vec![lower_verb(c.next())];
            if c.eat(Rule::kw_and).is_some() {
                verbs.push(lower_verb(c.next()));
            }
            let what = lower_selection(c.next());
            StmtKind::Move { verbs, what }
        }
        Rule::keep_stmt => {
            c.next();
            StmtKind::Keep(lower_card_ref(c.next()))
        }
        Rule::win_stmt => {
            let winner = c.next();
            let inner = Cursor::new(winner).next();
            match inner.as_rule() {
                Rule::single_player => {
                    let span = span_of(&inner);
                    let (most, measure) = lower_single_player(inner);
                    StmtKind::Win(Winner::Single {
                        most,
                        measure,
                        span,
                    })
                }
                _ => StmtKind::Win(Winner::Player(lower_player_ref(inner))),
            }
        }
        Rule::lose_stmt => StmtKind::Lose(lower_player_ref(c.next())),
        other => unreachable!("grammar: unexpected statement {other:?}"),
    }
}

fn lower_if(mut c: Cursor) -> StmtKind {
    c.next(); // if
    let cond = lower_cond(c.next());
    let then = lower_block(c.next());
    let otherwise = if c.eat(Rule::kw_otherwise).is_some() {
        let next = c.next();
        let span = span_of(&next);
        Some(Box::new(match next.as_rule() {
            Rule::if_stmt => Otherwise::If(Stmt {
                then: false,
                kind: lower_if(Cursor::new(next)),
                scale: None,
                span,
            }),
            _ => Otherwise::Block(lower_block(next)),
        }))
    } else {
        None
    };
    StmtKind::If {
        cond,
        then,
        otherwise,
    }
}

fn lower_count_word(pair: P) -> Spanned<u32> {
    let span = span_of(&pair);
    let inner = Cursor::new(pair).next();
    let n = match inner.as_rule() {
        Rule::int => int_of(&inner),
        _ => 1,
    };
    Spanned::new(n, span)
}

fn lower_age_literal(pair: P) -> Expr {
    let mut c = Cursor::new(pair);
    c.next(); // [
    lower_expr(c.next())
}

fn lower_direction(pair: P) -> Spanned<Direction> {
    let span = span_of(&pair);
    let d = match Cursor::new(pair).next().as_rule() {
        Rule::kw_left => Direction::Left,
        Rule::kw_right => Direction::Right,
        Rule::kw_up => Direction::Up,
        _ => Direction::Aslant,
    };
    Spanned::new(d, span)
}

// ---------------------------------------------------------------------------------------------
// Selections

fn lower_selection(pair: P) -> Selection {
    let inner = Cursor::new(pair).next();
    match inner.as_rule() {
        Rule::card_np => Selection::Np(lower_card_np(inner)),
        _ => Selection::Ref(lower_card_ref(inner)),
    }
}

fn lower_card_np(pair: P) -> CardNp {
    let span = span_of(&pair);
    let mut c = Cursor::new(pair);
    let quantity = c.eat(Rule::quantity).map(lower_quantity);
    let possessive = c.eat(Rule::possessive).map(lower_possessive);
    let mut adjectives = Vec::new();
    while let Some(adj) = c.eat(Rule::adjective) {
        adjectives.push(lower_adjective(adj));
    }
    let noun = if let Some(available) = c.eat(Rule::available) {
        let mut a = Cursor::new(available);
        let word = a.next();
        adjectives.push(Spanned::new(Adjective::Available, span_of(&word)));
        let noun = a.next();
        let plural = noun.as_rule() == Rule::kw_achievements;
        Spanned::new(
            if plural {
                Noun::Achievements
            } else {
                Noun::Achievement
            },
            span_of(&noun),
        )
    } else {
        lower_noun(c.next())
    };
    let mut filters = Vec::new();
    let mut source = None;
    while !c.done() {
        let p = c.next();
        match p.as_rule() {
            Rule::filter => filters.push(lower_filter(p)),
            Rule::source => source = Some(lower_source(p)),
            other => unreachable!("grammar: unexpected card phrase part {other:?}"),
        }
    }
    CardNp {
        possessive,
        quantity,
        adjectives,
        noun,
        filters,
        source,
        span,
    }
}

fn lower_quantity(pair: P) -> Spanned<Quantity> {
    let span = span_of(&pair);
    let mut c = Cursor::new(pair);
    let first = c.next();
    let q = match first.as_rule() {
        Rule::kw_all => {
            if c.eat(Rule::kw_but).is_some() {
                if c.eat(Rule::kw_the).is_some() {
                    c.next(); // top
                    Quantity::AllButTop(int_of(&c.next()))
                } else {
                    Quantity::AllBut(int_of(&c.next()))
                }
            } else {
                Quantity::All {
                    the: c.eat(Rule::kw_the).is_some(),
                }
            }
        }
        Rule::kw_up => {
            c.next(); // to
            Quantity::UpTo(int_of(&c.next()))
        }
        Rule::kw_any => Quantity::AnyNumber,
        Rule::kw_half => {
            c.next(); // (
            c.next(); // rounded
            Quantity::Half(lower_rounding(c.next()))
        }
        Rule::kw_the if c.eat(Rule::kw_bottom).is_some() => Quantity::Bottom(int_of(&c.next())),
        Rule::kw_the => Quantity::The(c.eat(Rule::int).map(|p| int_of(&p))),
        Rule::lparen => Quantity::Computed(lower_expr(c.next())),
        Rule::kw_an => Quantity::One { article_an: true },
        Rule::kw_a => Quantity::One { article_an: false },
        Rule::int => {
            let n = int_of(&first);
            if c.eat(Rule::kw_or).is_some() {
                Quantity::Between(n, int_of(&c.next()))
            } else {
                Quantity::Exactly(n)
            }
        }
        other => unreachable!("grammar: unexpected quantity {other:?}"),
    };
    Spanned::new(q, span)
}

fn lower_rounding(pair: P) -> Rounding {
    match Cursor::new(pair).next().as_rule() {
        Rule::kw_up => Rounding::Up,
        _ => Rounding::Down,
    }
}

fn lower_adjective(pair: P) -> Spanned<Adjective> {
    let span = span_of(&pair);
    let inner = Cursor::new(pair).next();
    let adj = match inner.as_rule() {
        Rule::kw_top => Adjective::Top,
        Rule::kw_bottom => Adjective::Bottom,
        Rule::kw_highest => Adjective::Highest,
        Rule::kw_lowest => Adjective::Lowest,
        Rule::non_color => Adjective::NonColor(inner.as_str()["non-".len()..].to_string()),
        _ => Adjective::Color(inner.as_str().to_string()),
    };
    Spanned::new(adj, span)
}

fn lower_noun(pair: P) -> Spanned<Noun> {
    let span = span_of(&pair);
    let inner = Cursor::new(pair).next();
    let noun = match inner.as_rule() {
        Rule::kw_card => Noun::Card,
        Rule::kw_cards => Noun::Cards,
        _ => Noun::Value(lower_age_literal(inner)),
    };
    Spanned::new(noun, span)
}

fn lower_filter(pair: P) -> Spanned<Filter> {
    let span = span_of(&pair);
    let mut c = Cursor::new(pair);
    let first = c.next();
    let filter = match first.as_rule() {
        Rule::kw_with if c.peek_is(Rule::kw_a) => Filter::WithDemand,
        Rule::kw_with if c.peek_is(Rule::kw_the) => {
            c.next(); // the
            if c.eat(Rule::kw_chosen).is_some() {
                Filter::WithChosenIcon
            } else {
                c.next(); // icon
                c.next(); // of
                c.next(); // my
                c.next(); // choice
                let except = if c.eat(Rule::kw_other).is_some() {
                    c.next(); // than
                    Some(name_of(c.next()))
                } else {
                    None
                };
                Filter::IconOfMyChoice(except)
            }
        }
        Rule::kw_with => {
            let mut icons = vec![name_of(c.next())];
            while c.eat(Rule::kw_or).is_some() {
                icons.push(name_of(c.next()));
            }
            Filter::WithIcon(icons)
        }
        Rule::kw_without => Filter::WithoutIcon(name_of(c.next())),
        Rule::kw_of => {
            let second = c.next();
            match second.as_rule() {
                Rule::kw_value => Filter::Value(lower_value_spec(c.next())),
                Rule::kw_the if c.peek_is(Rule::kw_value) => Filter::ValueOfMyChoice,
                Rule::kw_the => {
                    c.next(); // same
                    let what = c.next();
                    if c.eat(Rule::kw_as).is_none() {
                        Filter::SameValue
                    } else {
                        let card = lower_card_ref(c.next());
                        if what.as_rule() == Rule::kw_color {
                            Filter::SameColorAs(card)
                        } else {
                            Filter::SameValueAs(card)
                        }
                    }
                }
                Rule::kw_its => Filter::ItsColor,
                Rule::kw_color => Filter::Color(lower_color_expr(c.next())),
                Rule::kw_a => {
                    c.next(); // color
                    let negated = c.eat(Rule::kw_not).is_some();
                    c.next(); // on
                    let whose = lower_possessive(c.next());
                    Filter::ColorOnBoard { negated, whose }
                }
                _ => Filter::MyChoice,
            }
        }
        Rule::kw_other => {
            c.next(); // than
            Filter::OtherThan(lower_card_ref(c.next()))
        }
        Rule::kw_higher => {
            c.next();
            Filter::HigherThan(lower_card_ref(c.next()))
        }
        Rule::kw_lower => {
            c.next();
            Filter::LowerThan(lower_card_ref(c.next()))
        }
        Rule::kw_beneath => Filter::Beneath(lower_card_ref(c.next())),
        other => unreachable!("grammar: unexpected filter {other:?}"),
    };
    Spanned::new(filter, span)
}

fn lower_value_spec(pair: P) -> ValueSpec {
    let span = span_of(&pair);
    let mut c = Cursor::new(pair);
    let first = lower_expr(c.next());
    let mut rest = Vec::new();
    while let Some(or) = c.eat(Rule::kw_or) {
        let next = c.next();
        let alt_span = Span::new(or.as_span().start(), next.as_span().end());
        let alt = match next.as_rule() {
            Rule::kw_higher => ValueAlternative::OrHigher,
            Rule::kw_lower => ValueAlternative::OrLower,
            _ => ValueAlternative::Or(lower_expr(next)),
        };
        rest.push(Spanned::new(alt, alt_span));
    }
    ValueSpec { first, rest, span }
}

fn lower_source(pair: P) -> Spanned<Source> {
    let span = span_of(&pair);
    let mut c = Cursor::new(pair);
    let preposition = match c.next().as_rule() {
        Rule::kw_in => Preposition::In,
        Rule::kw_on => Preposition::On,
        _ => Preposition::From,
    };
    let inner = c.next();
    let place = match inner.as_rule() {
        Rule::zone => Place::Zone(lower_zone(inner)),
        Rule::supply_zone => Place::Supply(lower_supply(inner)),
        _ => Place::Cards(lower_card_ref(inner)),
    };
    Spanned::new(Source { preposition, place }, span)
}

fn lower_supply(pair: P) -> Supply {
    let span = span_of(&pair);
    let mut c = Cursor::new(pair);
    c.next(); // the
    let kind = match c.eat(Rule::age_literal) {
        Some(age) => SupplyKind::Deck(Box::new(lower_age_literal(age))),
        None => SupplyKind::Available,
    };
    Supply { kind, span }
}

fn lower_zone(pair: P) -> Zone {
    let span = span_of(&pair);
    let mut c = Cursor::new(pair);
    let whose = lower_possessive(c.next());
    let mut kinds = Vec::new();
    while !c.done() {
        let p = c.next();
        if p.as_rule() == Rule::zone_kind {
            kinds.push(lower_zone_kind(p));
        }
    }
    Zone { whose, kinds, span }
}

fn lower_zone_kind(pair: P) -> Spanned<ZoneKind> {
    let span = span_of(&pair);
    let kind = match Cursor::new(pair).next().as_rule() {
        Rule::kw_hand | Rule::kw_hands => ZoneKind::Hand,
        Rule::kw_score => ZoneKind::ScorePile,
        Rule::kw_board | Rule::kw_boards => ZoneKind::Board,
        _ => ZoneKind::Achievements,
    };
    Spanned::new(kind, span)
}

fn lower_destination(pair: P) -> Destination {
    let mut c = Cursor::new(pair);
    if c.eat(Rule::kw_the).is_some() {
        let kind = lower_zone_kind(c.next());
        c.next(); // of
        let player = lower_player_ref(c.next());
        Destination::OfPlayer { kind, player }
    } else {
        let whose = lower_possessive(c.next());
        let kind = lower_zone_kind(c.next());
        Destination::Zone { whose, kind }
    }
}

fn lower_possessive(pair: P) -> Spanned<Possessive> {
    let span = span_of(&pair);
    let rules: Vec<Rule> = pair.into_inner().map(|p| p.as_rule()).collect();
    let p = match rules.as_slice() {
        [Rule::kw_your] => Possessive::Your,
        [Rule::kw_my] => Possessive::My,
        [Rule::kw_their] => Possessive::Their,
        [Rule::kw_that, _] => Possessive::ThatPlayers,
        [Rule::kw_another, _] => Possessive::AnotherPlayers,
        [Rule::kw_any, Rule::kw_opponent_s] => Possessive::AnyOpponents,
        [Rule::kw_any, Rule::kw_other, _] => Possessive::AnyOtherPlayers,
        [Rule::kw_any, _] => Possessive::AnyPlayers,
        [Rule::kw_an, _] => Possessive::AnOpponents,
        [Rule::kw_all, Rule::kw_opponents_] => Possessive::AllOpponents,
        [Rule::kw_all, Rule::kw_other, _] => Possessive::AllOtherPlayers,
        [Rule::kw_all, _] => Possessive::AllPlayers,
        other => unreachable!("grammar: unexpected possessive {other:?}"),
    };
    Spanned::new(p, span)
}

fn lower_card_ref(pair: P) -> CardRef {
    let span = span_of(&pair);
    let mut c = Cursor::new(pair);
    let first = c.next();
    let kind = match first.as_rule() {
        Rule::title => CardRefKind::Title(title_of(first).node),
        Rule::kw_this => CardRefKind::ThisCard,
        Rule::kw_it => CardRefKind::It,
        Rule::kw_them => CardRefKind::Them,
        Rule::kw_the => {
            let ordinal = match Cursor::new(c.next()).next().as_rule() {
                Rule::kw_first => Ordinal::First,
                Rule::kw_second => Ordinal::Second,
                Rule::kw_third => Ordinal::Third,
                _ => Ordinal::Last,
            };
            CardRefKind::Ordinal(ordinal, lower_participle(c.next()).node)
        }
        Rule::participle => CardRefKind::Bound(lower_participle(first).node),
        Rule::card_np => CardRefKind::Np(Box::new(lower_card_np(first))),
        Rule::name => CardRefKind::Name(first.as_str().to_string()),
        other => unreachable!("grammar: unexpected card reference {other:?}"),
    };
    CardRef { kind, span }
}

fn lower_participle(pair: P) -> Spanned<Participle> {
    let span = span_of(&pair);
    let p = match Cursor::new(pair).next().as_rule() {
        Rule::kw_drawn => Participle::Drawn,
        Rule::kw_melded => Participle::Melded,
        Rule::kw_scored => Participle::Scored,
        Rule::kw_tucked => Participle::Tucked,
        Rule::kw_returned => Participle::Returned,
        Rule::kw_transferred => Participle::Transferred,
        Rule::kw_revealed => Participle::Revealed,
        Rule::kw_junked => Participle::Junked,
        Rule::kw_exchanged => Participle::Exchanged,
        Rule::kw_achieved => Participle::Achieved,
        Rule::kw_foreshadowed => Participle::Foreshadowed,
        Rule::kw_removed => Participle::Removed,
        _ => Participle::Chosen,
    };
    Spanned::new(p, span)
}

/// Reads `due to the demand|this card` and `this turn|action` from a cursor positioned after
/// the participle (and the optional `by` player).
fn lower_due_and_scope(c: &mut Cursor) -> (Option<Spanned<DueTo>>, Option<Spanned<Scope>>) {
    let mut due_to = None;
    if let Some(due) = c.eat(Rule::kw_due) {
        c.next(); // to
        let which = c.next();
        let target = c.next(); // demand / card
        let span = Span::new(due.as_span().start(), target.as_span().end());
        let d = if which.as_rule() == Rule::kw_the {
            DueTo::TheDemand
        } else {
            DueTo::ThisCard
        };
        due_to = Some(Spanned::new(d, span));
    }
    let mut scope = None;
    if let Some(this) = c.eat(Rule::kw_this) {
        let what = c.next();
        let span = Span::new(this.as_span().start(), what.as_span().end());
        let s = if what.as_rule() == Rule::kw_turn {
            Scope::Turn
        } else {
            Scope::Action
        };
        scope = Some(Spanned::new(s, span));
    }
    (due_to, scope)
}

fn lower_history(pair: P) -> History {
    let span = span_of(&pair);
    let mut c = Cursor::new(pair);
    c.next(); // card / cards
    let verb = lower_participle(c.next());
    let by = if c.eat(Rule::kw_by).is_some() {
        Some(lower_player_ref(c.next()))
    } else {
        None
    };
    let (due_to, scope) = lower_due_and_scope(&mut c);
    History {
        verb,
        by,
        due_to,
        scope,
        span,
    }
}

fn lower_set_ref(pair: P) -> SetRef {
    let inner = Cursor::new(pair).next();
    match inner.as_rule() {
        Rule::history => SetRef::History(lower_history(inner)),
        Rule::zone => SetRef::Zone(lower_zone(inner)),
        Rule::supply_zone => SetRef::Supply(lower_supply(inner)),
        _ => SetRef::Cards(lower_card_ref(inner)),
    }
}

// ---------------------------------------------------------------------------------------------
// Colours

fn lower_color_expr(pair: P) -> ColorExpr {
    let span = span_of(&pair);
    let mut alternatives = Vec::new();
    for p in pair.into_inner() {
        if p.as_rule() == Rule::color_atom {
            alternatives.push(lower_color_atom(p));
        }
    }
    ColorExpr { alternatives, span }
}

fn lower_color_atom(pair: P) -> Spanned<ColorAtom> {
    let span = span_of(&pair);
    let mut c = Cursor::new(pair);
    let first = c.next();
    let atom = match first.as_rule() {
        Rule::kw_a => {
            c.next(); // color
            let mut filters = Vec::new();
            while let Some(f) = c.eat(Rule::color_filter) {
                filters.push(lower_color_filter(f));
            }
            ColorAtom::AnyColor(filters)
        }
        Rule::kw_color => {
            c.next(); // of
            ColorAtom::ColorOf(lower_card_ref(c.next()))
        }
        Rule::kw_its => ColorAtom::ItsColor,
        Rule::kw_chosen => ColorAtom::Chosen,
        _ => ColorAtom::Named(first.as_str().to_string()),
    };
    Spanned::new(atom, span)
}

fn lower_color_filter(pair: P) -> Spanned<ColorFilter> {
    let span = span_of(&pair);
    let mut c = Cursor::new(pair);
    let first = c.next();
    let f = match first.as_rule() {
        Rule::kw_splayed => {
            let mut dirs = Vec::new();
            while let Some(d) = c.eat(Rule::direction) {
                dirs.push(lower_direction(d));
                c.eat(Rule::kw_or);
            }
            ColorFilter::Splayed(dirs)
        }
        Rule::kw_with => ColorFilter::With(name_of(c.next())),
        Rule::kw_not => {
            c.next(); // on
            ColorFilter::NotOn(lower_possessive(c.next()))
        }
        _ => ColorFilter::On(lower_possessive(c.next())),
    };
    Spanned::new(f, span)
}

// ---------------------------------------------------------------------------------------------
// Values

fn lower_expr(pair: P) -> Expr {
    let mut c = Cursor::new(pair);
    let mut lhs = lower_term(c.next());
    while !c.done() {
        let op = c.next();
        let rhs = lower_term(c.next());
        let span = Span::new(lhs.span.start as usize, rhs.span.end as usize);
        let kind = if op.as_rule() == Rule::plus {
            ExprKind::Add(Box::new(lhs), Box::new(rhs))
        } else {
            ExprKind::Sub(Box::new(lhs), Box::new(rhs))
        };
        lhs = Expr { kind, span };
    }
    lhs
}

fn lower_term(pair: P) -> Expr {
    let mut c = Cursor::new(pair);
    let mut lhs = lower_factor(c.next());
    while !c.done() {
        c.next(); // *
        let rhs = lower_factor(c.next());
        let span = Span::new(lhs.span.start as usize, rhs.span.end as usize);
        lhs = Expr {
            kind: ExprKind::Mul(Box::new(lhs), Box::new(rhs)),
            span,
        };
    }
    lhs
}

fn lower_factor(pair: P) -> Expr {
    let span = span_of(&pair);
    let mut c = Cursor::new(pair);
    let first = c.next();
    let kind = match first.as_rule() {
        Rule::int => ExprKind::Int(int_of(&first)),
        Rule::lparen => ExprKind::Paren(Box::new(lower_expr(c.next()))),
        Rule::kw_value => {
            c.next(); // of
            ExprKind::ValueOf(lower_card_ref(c.next()))
        }
        Rule::kw_number => {
            c.next(); // of
            ExprKind::NumberOf(lower_countable(c.next()))
        }
        Rule::kw_highest | Rule::kw_lowest => {
            let highest = first.as_rule() == Rule::kw_highest;
            c.next(); // value
            c.next(); // in
            ExprKind::Extreme {
                highest,
                set: lower_set_ref(c.next()),
            }
        }
        Rule::kw_half => {
            c.next(); // of
            let of = lower_factor(c.next());
            c.next(); // rounded
            ExprKind::Half(Box::new(of), lower_rounding(c.next()))
        }
        Rule::kw_total => {
            c.next(); // value
            c.next(); // of
            ExprKind::Total(Box::new(lower_set_ref(c.next())))
        }
        Rule::name => ExprKind::Name(first.as_str().to_string()),
        _ => ExprKind::Chosen,
    };
    Expr { kind, span }
}

fn lower_countable(pair: P) -> Countable {
    let span = span_of(&pair);
    let mut c = Cursor::new(pair);
    let first = c.next();
    match first.as_rule() {
        Rule::kw_different => {
            let what = c.next();
            c.next(); // in
            let set = lower_set_ref(c.next());
            match what.as_rule() {
                Rule::kw_colors | Rule::kw_color => Countable::DifferentColors(set),
                _ => Countable::DifferentValues(set),
            }
        }
        Rule::kw_colors | Rule::kw_color => {
            c.next(); // on
            let whose = lower_possessive(c.next());
            c.next(); // board
            let mut filters = Vec::new();
            while let Some(f) = c.eat(Rule::color_filter) {
                filters.push(lower_color_filter(f));
            }
            Countable::Colors {
                whose,
                filters,
                span,
            }
        }
        Rule::name => {
            let icon = name_of(first);
            c.next(); // on
            let whose = lower_possessive(c.next());
            Countable::Icons { icon, whose, span }
        }
        _ => Countable::Cards(lower_set_ref(first)),
    }
}

// ---------------------------------------------------------------------------------------------
// Conditions

fn lower_cond(pair: P) -> Cond {
    let span = span_of(&pair);
    match pair.as_rule() {
        Rule::cond => {
            let parts: Vec<Cond> = pair
                .into_inner()
                .filter(|p| p.as_rule() == Rule::cond_and)
                .map(lower_cond)
                .collect();
            collapse(parts, span, CondKind::Or)
        }
        Rule::cond_and => {
            let parts: Vec<Cond> = pair
                .into_inner()
                .filter(|p| p.as_rule() == Rule::cond_not)
                .map(lower_cond)
                .collect();
            collapse(parts, span, CondKind::And)
        }
        Rule::cond_not => {
            let mut c = Cursor::new(pair);
            if c.eat(Rule::kw_not).is_some() {
                Cond {
                    kind: CondKind::Not(Box::new(lower_cond(c.next()))),
                    span,
                }
            } else {
                lower_cond(c.next())
            }
        }
        Rule::cond_atom => {
            let mut c = Cursor::new(pair);
            let first = c.next();
            if first.as_rule() == Rule::lparen {
                Cond {
                    kind: CondKind::Paren(Box::new(lower_cond(c.next()))),
                    span,
                }
            } else {
                lower_cond_atom(first)
            }
        }
        other => unreachable!("grammar: unexpected condition {other:?}"),
    }
}

fn collapse(mut parts: Vec<Cond>, span: Span, make: fn(Vec<Cond>) -> CondKind) -> Cond {
    if parts.len() == 1 {
        parts.remove(0)
    } else {
        Cond {
            kind: make(parts),
            span,
        }
    }
}

fn lower_cond_atom(pair: P) -> Cond {
    let span = span_of(&pair);
    let rule = pair.as_rule();
    let mut c = Cursor::new(pair);
    let kind = match rule {
        Rule::did_cond => {
            c.next(); // you
            CondKind::Did(c.eat(Rule::kw_do).is_some())
        }
        Rule::verbed_cond => {
            c.next(); // you
            let verb = lower_participle(c.next());
            let amount = if let Some(any) = c.eat(Rule::kw_any) {
                Spanned::new(Amount::Any, span_of(&any))
            } else {
                lower_amount(c.next())
            };
            CondKind::Verbed { verb, amount }
        }
        Rule::single_player_cond => {
            c.next(); // you
            c.next(); // are
            let (most, measure) = lower_single_player(c.next());
            CondKind::SinglePlayer { most, measure }
        }
        Rule::only_player_cond => {
            for _ in 0..6 {
                c.next(); // you are the only player with
            }
            CondKind::OnlyPlayer(lower_player_measure(c.next()))
        }
        Rule::has_cond => {
            let player = lower_player_ref(c.next());
            c.next(); // have / has
            CondKind::Has {
                player,
                measure: lower_player_measure(c.next()),
            }
        }
        Rule::quantified_cond => {
            let quantifier = lower_quantifier(c.next());
            if c.peek_is(Rule::player_set) {
                let players = lower_player_set(c.next());
                c.next(); // has
                CondKind::PlayersHave {
                    quantifier,
                    players,
                    measure: lower_player_measure(c.next()),
                }
            } else {
                let set = lower_set_ref(c.next());
                let pred = c.eat(Rule::card_pred).map(lower_card_pred);
                CondKind::CardsAre {
                    quantifier,
                    set,
                    pred,
                }
            }
        }
        Rule::splayed_cond => {
            let whose = lower_possessive(c.next());
            let color = if c.eat(Rule::kw_cards).is_some() {
                c.next(); // of
                c.eat(Rule::kw_color);
                lower_color_atom(c.next())
            } else {
                let word = c.next();
                let atom =
                    Spanned::new(ColorAtom::Named(word.as_str().to_string()), span_of(&word));
                c.next(); // cards
                atom
            };
            c.next(); // are
            c.next(); // splayed
            CondKind::Splayed {
                whose,
                color,
                direction: lower_direction(c.next()),
            }
        }
        Rule::card_cond => {
            let card = lower_card_ref(c.next());
            CondKind::Card {
                card,
                pred: lower_card_pred(c.next()),
            }
        }
        Rule::compare_cond => {
            let lhs = lower_expr(c.next());
            let op_pair = c.next();
            let op_span = span_of(&op_pair);
            let op = match Cursor::new(op_pair).next().as_rule() {
                Rule::ge => Comparison::Ge,
                Rule::le => Comparison::Le,
                Rule::ne => Comparison::Ne,
                Rule::gt => Comparison::Gt,
                Rule::lt => Comparison::Lt,
                _ => Comparison::Eq,
            };
            let rhs = lower_expr(c.next());
            CondKind::Compare {
                lhs,
                op: Spanned::new(op, op_span),
                rhs,
            }
        }
        other => unreachable!("grammar: unexpected condition atom {other:?}"),
    };
    Cond { kind, span }
}

fn lower_quantifier(pair: P) -> Spanned<Quantifier> {
    let span = span_of(&pair);
    let q = match Cursor::new(pair).next().as_rule() {
        Rule::kw_any => Quantifier::Any,
        Rule::kw_each => Quantifier::Each,
        _ => Quantifier::No,
    };
    Spanned::new(q, span)
}

fn lower_card_pred(pair: P) -> CardPred {
    let span = span_of(&pair);
    let mut c = Cursor::new(pair);
    let first = c.next();
    let kind = if first.as_rule() == Rule::kw_has {
        let mut icons = vec![name_of(c.next())];
        while c.eat(Rule::kw_or).is_some() {
            icons.push(name_of(c.next()));
        }
        CardPredKind::HasIcon(icons)
    } else if c.eat(Rule::kw_directly).is_some() {
        c.next(); // beneath
        c.next(); // a / an
        let value = c.eat(Rule::age_literal).map(lower_age_literal);
        c.eat(Rule::kw_card);
        let mut filters = Vec::new();
        while let Some(f) = c.eat(Rule::filter) {
            filters.push(lower_filter(f));
        }
        CardPredKind::DirectlyBeneath { value, filters }
    } else if c.peek_is(Rule::title) || c.peek_is(Rule::kw_this) {
        let next = c.next();
        let card_span = Span::new(next.as_span().start(), span.end as usize);
        let kind = if next.as_rule() == Rule::title {
            CardRefKind::Title(title_of(next).node)
        } else {
            CardRefKind::ThisCard
        };
        CardPredKind::Is(CardRef {
            kind,
            span: card_span,
        })
    } else if c.eat(Rule::kw_of).is_some() {
        c.next(); // value
        CardPredKind::Value(lower_value_spec(c.next()))
    } else if c.peek_is(Rule::kw_a) {
        c.next(); // a
        if c.eat(Rule::kw_top).is_some() {
            CardPredKind::IsTop
        } else {
            c.next(); // color
            let negated = c.eat(Rule::kw_not).is_some();
            c.next(); // on
            let whose = lower_possessive(c.next());
            CardPredKind::ColorOnBoard { negated, whose }
        }
    } else {
        CardPredKind::Color(lower_color_expr(c.next()))
    };
    CardPred { kind, span }
}

fn lower_amount(pair: P) -> Spanned<Amount> {
    let span = span_of(&pair);
    let mut c = Cursor::new(pair);
    let first = c.next();
    let amount = match first.as_rule() {
        Rule::kw_at => {
            let which = c.next();
            let n = int_of(&c.next());
            if which.as_rule() == Rule::kw_least {
                Amount::AtLeast(n)
            } else {
                Amount::AtMost(n)
            }
        }
        Rule::kw_more => {
            c.next(); // than
            Amount::MoreThan(int_of(&c.next()))
        }
        Rule::kw_fewer => {
            c.next(); // than
            Amount::FewerThan(int_of(&c.next()))
        }
        Rule::kw_exactly => Amount::Exactly(int_of(&c.next())),
        Rule::kw_no => Amount::No,
        _ => Amount::Count(int_of(&first)),
    };
    Spanned::new(amount, span)
}

fn lower_player_measure(pair: P) -> PlayerMeasure {
    let span = span_of(&pair);
    let mut c = Cursor::new(pair);
    let kind = if c.peek_is(Rule::kw_at) {
        c.next(); // at
        c.next(); // least
        let twice = c.eat(Rule::kw_twice).is_some();
        c.next(); // as
        c.next(); // many
        let measure = lower_measure(c.next());
        c.next(); // as
        let than = if c.eat(Rule::kw_each).is_some() {
            Than::Each(lower_player_set(c.next()))
        } else {
            Than::Player(lower_player_ref(c.next()))
        };
        PlayerMeasureKind::AsMany {
            twice,
            measure,
            than,
        }
    } else if c.peek_is(Rule::amount) {
        let amount = lower_amount(c.next());
        let measure = lower_measure(c.next());
        PlayerMeasureKind::Amount { amount, measure }
    } else {
        let more = c.next().as_rule() == Rule::kw_more;
        let measure = lower_measure(c.next());
        c.next(); // than
        let than = if c.eat(Rule::kw_each).is_some() {
            Than::Each(lower_player_set(c.next()))
        } else if c.peek_is(Rule::player_ref) {
            Than::Player(lower_player_ref(c.next()))
        } else {
            Than::Measure(lower_measure(c.next()))
        };
        PlayerMeasureKind::Compare {
            more,
            measure,
            than,
        }
    };
    PlayerMeasure { kind, span }
}

fn lower_measure(pair: P) -> Spanned<Measure> {
    let span = span_of(&pair);
    let mut c = Cursor::new(pair);
    let first = c.next();
    let m = match first.as_rule() {
        Rule::kw_points => Measure::Points,
        Rule::kw_achievements => Measure::Achievements,
        Rule::kw_top => Measure::TopCards,
        Rule::kw_cards | Rule::kw_card => {
            if c.eat(Rule::kw_in).is_some() {
                if c.eat(Rule::kw_hand).is_some() {
                    Measure::CardsIn(ZoneKind::Hand)
                } else {
                    Measure::CardsIn(ZoneKind::ScorePile)
                }
            } else {
                let verb = lower_participle(c.next()).node;
                let (due_to, scope) = lower_due_and_scope(&mut c);
                Measure::History {
                    verb,
                    due_to: due_to.map(|d| d.node),
                    scope: scope.map(|s| s.node),
                }
            }
        }
        Rule::kw_colors | Rule::kw_color => {
            let mut filters = Vec::new();
            while let Some(f) = c.eat(Rule::color_filter) {
                filters.push(lower_color_filter(f));
            }
            Measure::Colors(filters)
        }
        Rule::color_word => Measure::ColorCards(name_of(first)),
        _ => Measure::Icon(name_of(first)),
    };
    Spanned::new(m, span)
}

// ---------------------------------------------------------------------------------------------
// Players

fn lower_player_ref(pair: P) -> PlayerRef {
    let span = span_of(&pair);
    let mut c = Cursor::new(pair);
    let first = c.next();
    let kind = match first.as_rule() {
        Rule::kw_you => PlayerRefKind::You,
        Rule::kw_i => PlayerRefKind::I { me: false },
        Rule::kw_me => PlayerRefKind::I { me: true },
        Rule::kw_that => PlayerRefKind::ThatPlayer,
        article => {
            let article = match article {
                Rule::kw_an => PlayerArticle::An,
                Rule::kw_another => PlayerArticle::Another,
                _ => PlayerArticle::Any,
            };
            let kind_rules: Vec<Rule> = c.next().into_inner().map(|p| p.as_rule()).collect();
            let kind = match kind_rules.as_slice() {
                [Rule::kw_opponent] => PlayerKind::Opponent,
                [Rule::kw_other, _] => PlayerKind::OtherPlayer,
                _ => PlayerKind::Player,
            };
            let with = if c.eat(Rule::kw_with).is_some() {
                Some(Box::new(lower_player_measure(c.next())))
            } else {
                None
            };
            PlayerRefKind::Choose {
                article,
                kind,
                with,
            }
        }
    };
    PlayerRef { kind, span }
}

fn lower_player_set(pair: P) -> Spanned<PlayerSet> {
    let span = span_of(&pair);
    let rules: Vec<Rule> = pair.into_inner().map(|p| p.as_rule()).collect();
    let set = match rules.as_slice() {
        [Rule::kw_other, _] => PlayerSet::OtherPlayer,
        [Rule::kw_opponent] => PlayerSet::Opponent,
        _ => PlayerSet::Player,
    };
    Spanned::new(set, span)
}

fn lower_single_player(pair: P) -> (bool, Spanned<Measure>) {
    let mut c = Cursor::new(pair);
    for _ in 0..5 {
        c.next(); // the single player with the
    }
    let most = c.next().as_rule() == Rule::kw_most;
    (most, lower_measure(c.next()))
}
