//! Conditions in English: `and`, `or` and `not`, "if you do", splays, what a player has and how
//! it compares ("more [crown] than …"), and what is true of cards.

use crate::ast::*;

use super::players::{possessive_of, same_player, verb_s};
use super::selections::{is_anaphoric, np_plural};
use super::values::literal_values;
use super::words::{
    amount_cards, amount_plural, amount_words, and_list, article, icon, icon_list, number, or_list,
    past,
};
use super::Renderer;

impl Renderer<'_> {
    /// A special achievement's move: "you tuck a card with a [flag]", "you meld a card with a
    /// [splay_left] onto a color already splayed left".
    pub(super) fn trigger(&self, t: &Trigger) -> String {
        let mut text = format!("you {} a card", t.verb.node.word());
        for f in &t.filters {
            text.push(' ');
            text.push_str(&self.filter(&f.node));
        }
        if let Some(onto) = &t.onto {
            text.push_str(" onto a color");
            for f in &onto.node {
                text.push(' ');
                // The pile is tested as the card lands: a splay it shows was there before.
                if matches!(f.node, ColorFilter::Splayed(_)) {
                    text.push_str("already ");
                }
                text.push_str(&self.color_filter(&f.node, false));
            }
        }
        text
    }

    pub(super) fn cond(&self, c: &Cond) -> String {
        match &c.kind {
            CondKind::Or(parts) => {
                let texts: Vec<String> = parts.iter().map(|p| self.cond(p)).collect();
                texts.join(" or ")
            }
            CondKind::And(parts) => self
                .merged_has(parts)
                .or_else(|| self.merged_visible(parts))
                .or_else(|| self.merged_compare(parts))
                .unwrap_or_else(|| {
                    let texts: Vec<String> = parts.iter().map(|p| self.cond(p)).collect();
                    texts.join(" and ")
                }),
            CondKind::Not(inner) => self.negated(inner),
            CondKind::Paren(inner) => match &inner.kind {
                CondKind::Or(_) => format!("either {}", self.cond(inner)),
                CondKind::And(_) => format!("both {}", self.cond(inner)),
                _ => self.cond(inner),
            },
            CondKind::Did(true) => "you do".to_string(),
            CondKind::Changed => "this caused any change".to_string(),
            CondKind::Did(false) => "you don't".to_string(),
            CondKind::TheyDid(true) => "they do".to_string(),
            CondKind::TheyDid(false) => "they don't".to_string(),
            CondKind::Verbed { verb, amount } => {
                format!("you {} {}", past(verb.node), amount_cards(amount.node))
            }
            CondKind::SameVisibleCards { whose } => format!(
                "all the colors on {} board contain the same number of visible cards (unsplayed = 1)",
                whose.node.words()
            ),
            CondKind::Eligible { player, value } => format!(
                "{} {} eligible to claim an achievement of value {}",
                self.player(player),
                verb_s(player, "are", "is"),
                self.expr(value, true)
            ),
            CondKind::OnlyPlayer(m) => format!(
                "you are the only player with {}",
                self.measure_phrase(m, "their")
            ),
            CondKind::SinglePlayer { most, measure } => {
                let (head, tail) = self.measure_parts(&measure.node, "their", true);
                let tail = if board_tail(&measure.node) { "" } else { &tail };
                format!(
                    "you are the single player with the {} {head}{tail}",
                    if *most { "most" } else { "fewest" }
                )
            }
            CondKind::Has { player, measure } => {
                let subject = self.player(player);
                let have = verb_s(player, "have", "has");
                self.has_phrase(&subject, have, possessive_of(player), measure)
            }
            CondKind::PlayersHave {
                quantifier,
                players,
                measure,
            } => {
                let subject = format!("{} {}", quantifier.node.word(), players.node.words());
                self.has_phrase(&subject, "has", "their", measure)
            }
            CondKind::ValuesMatch { a, b } => format!(
                "the values of all {} match the values of all {} exactly",
                self.set_cards(a),
                self.set_cards(b)
            ),
            CondKind::ShareIcon { cards, except } => format!(
                "all {} share a common icon{}",
                self.card_ref(cards),
                except
                    .as_ref()
                    .map(|n| format!(" other than {}", icon(&n.node)))
                    .unwrap_or_default()
            ),
            CondKind::CardsAre {
                quantifier,
                set,
                pred,
            } => self.cards_are(quantifier.node, set, pred.as_ref()),
            CondKind::Splayed {
                whose,
                color,
                direction,
            } => self.splayed(whose.node, &color.node, direction.node, false),
            // `covered is of …`: "you covered up a card of …".
            CondKind::Card {
                card:
                    card @ CardRef {
                        kind: CardRefKind::Covered,
                        ..
                    },
                pred,
            } if !self.ref_plural(card) => {
                let pred = self.card_pred(pred, false, false);
                match pred.strip_prefix("is ") {
                    Some(rest) => format!("you covered up a card {rest}"),
                    None => format!("the card you covered {pred}"),
                }
            }
            CondKind::Card { card, pred } => {
                let plural = self.ref_plural(card);
                format!(
                    "{} {}",
                    self.card_ref(card),
                    self.card_pred(pred, plural, false)
                )
            }
            CondKind::Compare { lhs, op, rhs } => {
                if let Some(text) = self.shared_trait(lhs, op.node, rhs) {
                    return text;
                }
                let as_value = is_value(lhs) || is_value(rhs);
                let op = match op.node {
                    Comparison::Ge => "is at least",
                    Comparison::Le => "is at most",
                    Comparison::Ne => "is not equal to",
                    Comparison::Gt => "is greater than",
                    Comparison::Lt => "is less than",
                    Comparison::Eq => "is equal to",
                };
                format!(
                    "{} {op} {}",
                    self.expr(lhs, as_value),
                    self.expr(rhs, as_value)
                )
            }
        }
    }

    /// A count of different colours (or values) among cards compared with the number of those
    /// cards says whether two of them share one: `number of different colors in drawn < number
    /// of drawn` → "at least two of the cards you drew are the same color", `=` → "no two of the
    /// cards you drew are the same color".
    fn shared_trait(&self, lhs: &Expr, op: Comparison, rhs: &Expr) -> Option<String> {
        let (distinct, op, all) = match (&unparen(lhs).kind, &unparen(rhs).kind) {
            (ExprKind::NumberOf(d), ExprKind::NumberOf(Countable::Cards(all))) => (d, op, all),
            (ExprKind::NumberOf(Countable::Cards(all)), ExprKind::NumberOf(d)) => {
                (d, flipped(op), all)
            }
            _ => return None,
        };
        let (set, trait_words) = match distinct {
            Countable::DifferentColors(set) => (set, "the same color"),
            Countable::DifferentValues(set) => (set, "of the same value"),
            _ => return None,
        };
        let cards = self.set_cards(set);
        if cards != self.set_cards(all) {
            return None;
        }
        match op {
            Comparison::Lt | Comparison::Ne => {
                Some(format!("at least two of {cards} are {trait_words}"))
            }
            Comparison::Eq | Comparison::Ge => Some(format!("no two of {cards} are {trait_words}")),
            Comparison::Le | Comparison::Gt => None,
        }
    }

    fn negated(&self, inner: &Cond) -> String {
        match &inner.kind {
            CondKind::Did(did) => self.cond(&Cond {
                kind: CondKind::Did(!did),
                span: inner.span,
            }),
            CondKind::TheyDid(did) => self.cond(&Cond {
                kind: CondKind::TheyDid(!did),
                span: inner.span,
            }),
            CondKind::Paren(c) => self.negated(c),
            CondKind::Card { card, pred } => {
                let plural = self.ref_plural(card);
                format!(
                    "{} {}",
                    self.card_ref(card),
                    self.card_pred(pred, plural, true)
                )
            }
            CondKind::Splayed {
                whose,
                color,
                direction,
            } => self.splayed(whose.node, &color.node, direction.node, true),
            _ => format!("it is not the case that {}", self.cond(inner)),
        }
    }

    /// "your red cards are splayed left", "its color is not splayed aslant on your board".
    fn splayed(
        &self,
        whose: Possessive,
        color: &ColorAtom,
        direction: Direction,
        negated: bool,
    ) -> String {
        let not = if negated { "not " } else { "" };
        let dir = direction.word();
        match self.resolve_color(color) {
            ColorAtom::Named(n) => format!("{} {n} cards are {not}splayed {dir}", whose.words()),
            atom => {
                let subject = match &atom {
                    ColorAtom::ColorOf(r) if is_anaphoric(r) => "that color".to_string(),
                    ColorAtom::ColorOf(r) => format!("the color of {}", self.card_ref(r)),
                    ColorAtom::ItsColor => "its color".to_string(),
                    ColorAtom::Chosen => "the chosen color".to_string(),
                    ColorAtom::ThatColor | ColorAtom::It => "that color".to_string(),
                    _ => "a color".to_string(),
                };
                format!("{subject} is {not}splayed {dir} on {} board", whose.words())
            }
        }
    }

    /// `you have at least 3 crown and you have at least 3 leaf …` → "you have at least three of
    /// each of [crown] and [leaf] on your board", when every part counts icons of one player.
    /// `"Bell" has a visible music_note and "Flute" has a visible music_note`: "the [music_note]
    /// of Bell and Flute are visible anywhere" (Saxophone's print).
    fn merged_visible(&self, parts: &[Cond]) -> Option<String> {
        if parts.len() < 2 {
            return None;
        }
        let mut slot: Option<&str> = None;
        let mut cards = Vec::new();
        for part in parts {
            let CondKind::Card {
                card,
                pred:
                    CardPred {
                        kind: CardPredKind::HasVisible(s),
                        ..
                    },
            } = &part.kind
            else {
                return None;
            };
            if slot.is_some_and(|t| t != s.node) {
                return None;
            }
            slot = Some(&s.node);
            cards.push(self.card_ref(card));
        }
        Some(format!(
            "the {} of {} are visible anywhere",
            icon(slot?),
            and_list(&cards)
        ))
    }

    fn merged_has(&self, parts: &[Cond]) -> Option<String> {
        if parts.len() < 2 {
            return None;
        }
        let mut player: Option<&PlayerRef> = None;
        let mut items = Vec::new();
        for part in parts {
            let CondKind::Has {
                player: p,
                measure:
                    PlayerMeasure {
                        kind:
                            PlayerMeasureKind::Amount {
                                amount,
                                measure:
                                    Spanned {
                                        node: Measure::Icon(i),
                                        ..
                                    },
                            },
                        ..
                    },
            } = &part.kind
            else {
                return None;
            };
            if player.is_some_and(|q| !same_player(q, p)) {
                return None;
            }
            player = Some(p);
            items.push((amount.node, icon(&i.node)));
        }
        let player = player?;
        let subject = self.player(player);
        let have = verb_s(player, "have", "has");
        let poss = possessive_of(player);
        let same_amount = items.iter().all(|(a, _)| *a == items[0].0);
        let list = if same_amount {
            let icons: Vec<String> = items.iter().map(|(_, i)| i.clone()).collect();
            format!(
                "{} of each of {}",
                amount_words(items[0].0),
                and_list(&icons)
            )
        } else {
            let texts: Vec<String> = items
                .iter()
                .map(|(a, i)| format!("{} {i}", amount_words(*a)))
                .collect();
            and_list(&texts)
        };
        Some(format!("{subject} {have} {list} on {poss} board"))
    }

    /// `you have fewer factory than each other player and you have fewer crown than each other
    /// player …` → "you have fewer [factory], fewer [crown], and fewer [castle] on your board than
    /// each other player", when every part compares one player's icons with the same others.
    fn merged_compare(&self, parts: &[Cond]) -> Option<String> {
        if parts.len() < 2 {
            return None;
        }
        let mut first: Option<(&PlayerRef, bool, String)> = None;
        let mut items = Vec::new();
        for part in parts {
            let CondKind::Has {
                player,
                measure:
                    PlayerMeasure {
                        kind:
                            PlayerMeasureKind::Compare {
                                more,
                                measure:
                                    Spanned {
                                        node: Measure::Icon(i),
                                        ..
                                    },
                                than: than @ (Than::Each(_) | Than::Player(_)),
                            },
                        ..
                    },
            } = &part.kind
            else {
                return None;
            };
            let than = self.than(than, possessive_of(player));
            if let Some((p, m, t)) = &first {
                if !same_player(p, player) || m != more || *t != than {
                    return None;
                }
            } else {
                first = Some((player, *more, than));
            }
            items.push(format!(
                "{} {}",
                if *more { "more" } else { "fewer" },
                icon(&i.node)
            ));
        }
        let (player, _, than) = first?;
        Some(format!(
            "{} {} {} on {} board than {than}",
            self.player(player),
            verb_s(player, "have", "has"),
            and_list(&items),
            possessive_of(player)
        ))
    }

    /// "you have at least four [castle] on your board", "you have tucked at least six cards
    /// this turn", "you have returned more cards than each other player due to Democracy so far
    /// during this dogma action".
    fn has_phrase(&self, subject: &str, have: &str, poss: &str, m: &PlayerMeasure) -> String {
        match &m.kind {
            PlayerMeasureKind::Amount {
                amount,
                measure:
                    Spanned {
                        node:
                            Measure::History {
                                verb,
                                due_to,
                                scope,
                            },
                        ..
                    },
            } => format!(
                "{subject} {have} {} {}{}",
                verb.word(),
                amount_cards(amount.node),
                self.player_due_scope(*due_to, *scope)
            ),
            PlayerMeasureKind::Compare {
                more,
                measure:
                    Spanned {
                        node:
                            Measure::History {
                                verb,
                                due_to,
                                scope,
                            },
                        ..
                    },
                than,
            } => format!(
                "{subject} {have} {} {} cards than {}{}",
                verb.word(),
                if *more { "more" } else { "fewer" },
                self.than(than, poss),
                self.player_due_scope(*due_to, *scope)
            ),
            _ => format!("{subject} {have} {}", self.measure_phrase(m, poss)),
        }
    }

    /// What a player has: "at least four [castle] on your board", "more [leaf] than [factory]
    /// on their board", "fewer points than you".
    pub(super) fn measure_phrase(&self, m: &PlayerMeasure, poss: &str) -> String {
        match &m.kind {
            PlayerMeasureKind::AsMany {
                twice,
                measure,
                than,
            } => {
                let (head, tail) = self.measure_parts(&measure.node, poss, true);
                format!(
                    "at least {}as many {head}{tail} as {}",
                    if *twice { "twice " } else { "" },
                    self.than(than, poss)
                )
            }
            PlayerMeasureKind::Amount { amount, measure } => {
                let plural = amount_plural(amount.node);
                let (head, tail) = self.measure_parts(&measure.node, poss, plural);
                format!("{} {head}{tail}", amount_words(amount.node))
            }
            PlayerMeasureKind::Compare {
                more,
                measure,
                than,
            } => {
                let word = if *more { "more" } else { "fewer" };
                let (head, tail) = self.measure_parts(&measure.node, poss, true);
                match than {
                    Than::Measure(other) => {
                        let (head2, tail2) = self.measure_parts(&other.node, poss, true);
                        if tail == tail2 {
                            format!("{word} {head} than {head2}{tail}")
                        } else if head == head2 {
                            format!("{word} {head}{tail} than{tail2}")
                        } else {
                            format!("{word} {head}{tail} than {head2}{tail2}")
                        }
                    }
                    _ => format!("{word} {head}{tail} than {}", self.than(than, poss)),
                }
            }
        }
    }

    fn than(&self, than: &Than, poss: &str) -> String {
        match than {
            Than::Each(set) => format!("each {}", set.node.words()),
            Than::Player(p) => self.player(p),
            Than::Measure(m) => {
                let (head, tail) = self.measure_parts(&m.node, poss, true);
                format!("{head}{tail}")
            }
        }
    }

    /// A measure as a noun and what follows it: ("[leaf]", " on your board").
    pub(super) fn measure_parts(&self, m: &Measure, poss: &str, plural: bool) -> (String, String) {
        let s = if plural { "s" } else { "" };
        match m {
            Measure::Points => (format!("point{s}"), String::new()),
            Measure::Achievements => (format!("achievement{s}"), String::new()),
            Measure::TopCards => (format!("top card{s}"), String::new()),
            Measure::TopOfType(kind) => (format!("top {}", kind.noun(plural)), String::new()),
            // One card per player: "the highest top card of the color of the card you drew".
            Measure::TopCardOf(color) => {
                let phrase = match color.alternatives.as_slice() {
                    [atom] => match &atom.node {
                        ColorAtom::ColorOf(r) => format!("of the color of {}", self.card_ref(r)),
                        _ => self.color_filter_phrase(color),
                    },
                    _ => self.color_filter_phrase(color),
                };
                (format!("top card {phrase}"), String::new())
            }
            Measure::CardsIn(kind) => {
                let place = match kind {
                    ZoneKind::Board => format!(" on {poss} board"),
                    ZoneKind::Achievements => format!(" among {poss} achievements"),
                    _ => format!(" in {poss} {}", kind.word(false)),
                };
                (format!("card{s}"), place)
            }
            Measure::ValueIn { value, zone } => (
                format!("[{value}]"),
                format!(" in {poss} {}", zone.word(false)),
            ),
            Measure::History {
                verb,
                due_to,
                scope,
            } => (
                format!("card{s}"),
                format!(" {}{}", verb.word(), self.due_scope(*due_to, *scope)),
            ),
            Measure::Colors(filters) => {
                let mut tail = String::new();
                for f in filters {
                    tail.push(' ');
                    tail.push_str(&self.color_filter(&f.node, false));
                }
                (format!("color{s}"), tail)
            }
            Measure::ColorCards(color) => (
                format!("{} card{s}", color.node),
                format!(" on {poss} board"),
            ),
            Measure::Icon(i) => (icon(&i.node), format!(" on {poss} board")),
            Measure::Bonuses => (
                format!("bonus{}", if plural { "es" } else { "" }),
                format!(" on {poss} board"),
            ),
            Measure::DifferentBonuses => (
                format!("different bonus value{s} visible"),
                format!(" on {poss} board"),
            ),
            Measure::InOneColor(slot) if slot.node == "echo" => (
                format!("visible echo effect{s}"),
                format!(" in one color on {poss} board"),
            ),
            Measure::InOneColor(slot) => {
                (icon(&slot.node), format!(" in one color on {poss} board"))
            }
            Measure::VisibleInOneColor => (
                format!("visible card{s}"),
                format!(" in one color on {poss} board"),
            ),
            Measure::ColorsWithOneIcon(n) => (
                format!("color{s}"),
                format!(" on {poss} board with at least {} of one icon", number(*n)),
            ),
        }
    }

    /// `any drawn is red`, `no cards transferred due to the demand`, `each top card on your
    /// board has crown`.
    fn cards_are(&self, q: Quantifier, set: &SetRef, pred: Option<&CardPred>) -> String {
        let q_word = q.word();
        match set {
            SetRef::History(h) => match pred {
                None => {
                    let q_word = if q == Quantifier::Each { "all" } else { q_word };
                    let text = self.history(h, true);
                    let rest = text.strip_prefix("cards ").unwrap_or(&text);
                    format!("{q_word} cards were {rest}")
                }
                Some(p) => format!(
                    "{q_word} {} {}",
                    self.history(h, false),
                    self.card_pred(p, false, false)
                ),
            },
            SetRef::Supply(z) => match pred {
                Some(p) => format!(
                    "{q_word} card in {} {}",
                    self.supply(z),
                    self.card_pred(p, false, false)
                ),
                None => match q {
                    Quantifier::No => format!("there are no cards in {}", self.supply(z)),
                    _ => format!("there is a card in {}", self.supply(z)),
                },
            },
            SetRef::Zone(z) => match pred {
                Some(p) => format!(
                    "{q_word} card in {} {}",
                    self.zone(z),
                    self.card_pred(p, false, false)
                ),
                None => match q {
                    Quantifier::No => format!("there are no cards in {}", self.zone(z)),
                    _ => format!("there is a card in {}", self.zone(z)),
                },
            },
            SetRef::Cards(r) => match &r.kind {
                CardRefKind::Bound(p) => match pred {
                    Some(pred) => format!(
                        "{q_word} card you {} {}",
                        past(*p),
                        self.card_pred(pred, false, false)
                    ),
                    None => match q {
                        Quantifier::No => format!("you {} no cards", past(*p)),
                        _ => format!("you {} any cards", past(*p)),
                    },
                },
                CardRefKind::Np(np) if np.quantity.is_none() && np.possessive.is_none() => {
                    let plural = np_plural(np);
                    match pred {
                        Some(pred) => format!(
                            "{q_word} {} {}",
                            self.card_np(np),
                            self.card_pred(pred, plural, false)
                        ),
                        None => match q {
                            Quantifier::No => format!("there is no {}", self.card_np(np)),
                            _ => {
                                let text = self.card_np(np);
                                format!("there is {} {text}", article(&text))
                            }
                        },
                    }
                }
                _ => {
                    let plural = self.ref_plural(r);
                    match (pred, q) {
                        (Some(pred), Quantifier::No) => format!(
                            "none of {} {}",
                            self.card_ref(r),
                            self.card_pred(pred, true, false)
                        ),
                        (Some(pred), _) => format!(
                            "{} {}",
                            self.card_ref(r),
                            self.card_pred(pred, plural, false)
                        ),
                        (None, Quantifier::No) => format!("there is no {}", self.card_ref(r)),
                        (None, _) => format!("there is {}", self.card_ref(r)),
                    }
                }
            },
        }
    }

    /// A predicate on cards: "has a [crown]", "is green or blue", "is of value [6] or higher".
    fn card_pred(&self, p: &CardPred, plural: bool, negated: bool) -> String {
        let is = match (plural, negated) {
            (false, false) => "is",
            (true, false) => "are",
            (false, true) => "is not",
            (true, true) => "are not",
        };
        match &p.kind {
            CardPredKind::HasIcon(icons) => {
                let has = match (plural, negated) {
                    (false, false) => "has",
                    (true, false) => "have",
                    (false, true) => "does not have",
                    (true, true) => "do not have",
                };
                format!("{has} a {}", icon_list(icons))
            }
            CardPredKind::NoEffects => match (plural, negated) {
                (false, false) => "has no effects",
                (true, false) => "have no effects",
                (false, true) => "has an effect",
                (true, true) => "have effects",
            }
            .to_string(),
            CardPredKind::HasVisible(slot) => {
                let shows = match (plural, negated) {
                    (false, false) => "has",
                    (true, false) => "have",
                    (false, true) => "does not have",
                    (true, true) => "do not have",
                };
                format!("{shows} a visible {}", icon(&slot.node))
            }
            CardPredKind::HasBonus => match (plural, negated) {
                (false, false) => "has a bonus",
                (true, false) => "have a bonus",
                (false, true) => "does not have a bonus",
                (true, true) => "do not have a bonus",
            }
            .to_string(),
            CardPredKind::DirectlyBeneath { value, filters } => {
                let mut text = match value {
                    Some(v) => {
                        let noun = self.value_noun(v, false);
                        format!("{is} directly beneath {} {noun}", article(&noun))
                    }
                    None => format!("{is} directly beneath a card"),
                };
                for f in filters {
                    text.push(' ');
                    text.push_str(&self.filter(&f.node));
                }
                text
            }
            CardPredKind::Is(card) => format!("{is} {}", self.card_ref(card)),
            CardPredKind::Value(spec) => match literal_values(spec) {
                Some(values) if !plural => format!("{is} {} {values}", article(&values)),
                _ => format!("{is} {}", self.value_spec(spec)),
            },
            CardPredKind::Type { same: true, card } => {
                format!("{is} of the same type as {}", self.card_ref(card))
            }
            CardPredKind::Type { same: false, card } => {
                format!("{is} of different type than {}", self.card_ref(card))
            }
            CardPredKind::BeforeInAlphabet(card) => {
                let comes = if plural { "come" } else { "comes" };
                format!("{comes} before {} in the alphabet", self.card_ref(card))
            }
            CardPredKind::BeenOnEveryBoard { started } => {
                let (has, it) = match (plural, negated) {
                    (false, false) => ("has been", "it"),
                    (true, false) => ("have been", "they"),
                    (false, true) => ("has not been", "it"),
                    (true, true) => ("have not been", "they"),
                };
                let mut text = format!("{has} on every board during this action");
                if let Some(whose) = started {
                    text.push_str(&format!(
                        ", and {it} started on {} board",
                        whose.node.words()
                    ));
                }
                text
            }
            CardPredKind::IsTop { on } => {
                let top = if plural { "top cards" } else { "a top card" };
                match on {
                    Some(whose) => format!("{is} {top} on {} board", whose.node.words()),
                    None => format!("{is} {top}"),
                }
            }
            CardPredKind::In(z) => format!(
                "{is} {} {}",
                crate::format::zone_preposition(z),
                self.zone(z)
            ),
            CardPredKind::ColorOnBoard {
                negated: not,
                whose,
            } => format!(
                "{is} of a color {}present on {} board",
                if *not { "not " } else { "" },
                whose.node.words()
            ),
            CardPredKind::Color(c) => {
                let phrases: Vec<String> = c
                    .alternatives
                    .iter()
                    .map(|a| match &self.resolve_color(&a.node) {
                        ColorAtom::Named(n) => n.clone(),
                        ColorAtom::AnyColor(filters) => {
                            let mut text = "of a color".to_string();
                            for f in filters {
                                text.push(' ');
                                text.push_str(&self.color_filter(&f.node, false));
                            }
                            text
                        }
                        ColorAtom::ColorOf(r) if is_anaphoric(r) => "that color".to_string(),
                        ColorAtom::ColorOf(r) => {
                            format!("the same color as {}", self.card_ref(r))
                        }
                        ColorAtom::ItsColor => "its color".to_string(),
                        ColorAtom::Chosen if self.bound_plural(Participle::Chosen) => {
                            "one of the chosen colors".to_string()
                        }
                        ColorAtom::Chosen => "the chosen color".to_string(),
                        ColorAtom::ThatColor | ColorAtom::It | ColorAtom::Each(_) => {
                            "that color".to_string()
                        }
                    })
                    .collect();
                format!("{is} {}", or_list(&phrases))
            }
        }
    }
}

/// Whether an expression stands for a card value, so that whole numbers compared with it are
/// values ("[3]") rather than counts.
fn is_value(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::ValueOf(_) | ExprKind::Extreme { .. } | ExprKind::Chosen => true,
        ExprKind::Add(a, b) | ExprKind::Sub(a, b) => is_value(a) || is_value(b),
        ExprKind::Paren(inner) => is_value(inner),
        _ => false,
    }
}

/// An expression without the parentheses around it.
fn unparen(e: &Expr) -> &Expr {
    match &e.kind {
        ExprKind::Paren(inner) => unparen(inner),
        _ => e,
    }
}

/// The comparison with its sides swapped: `a < b` is `b > a`.
fn flipped(op: Comparison) -> Comparison {
    match op {
        Comparison::Lt => Comparison::Gt,
        Comparison::Gt => Comparison::Lt,
        Comparison::Le => Comparison::Ge,
        Comparison::Ge => Comparison::Le,
        other => other,
    }
}

/// Whether a measure counts what is on the board (its tail is "on their board").
pub(super) fn board_tail(m: &Measure) -> bool {
    matches!(
        m,
        Measure::Icon(_)
            | Measure::ColorCards(_)
            | Measure::CardsIn(ZoneKind::Board)
            | Measure::Bonuses
            | Measure::DifferentBonuses
            | Measure::InOneColor(_)
            | Measure::VisibleInOneColor
            | Measure::ColorsWithOneIcon(_)
    )
}
