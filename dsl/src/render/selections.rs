//! Cards in English: selections, noun phrases with their quantities and filters, references to
//! cards named earlier ("the card you returned"), supplies, zones, destinations and histories.

use crate::ast::*;

use super::values::literal_values;
use super::words::{and_list, article, icon, icon_list, number, past};
use super::{Renderer, Wording};

impl Renderer<'_> {
    pub(super) fn selection(&self, sel: &Selection) -> String {
        match sel {
            Selection::Np(np) => match Self::the_rest(np) {
                Some(p) => format!("the rest of the cards you {}", past(p)),
                None => self.card_np(np),
            },
            Selection::Ref(CardRef {
                kind: CardRefKind::Bound(p),
                ..
            }) if self.taken.contains_key(p) => self.the_other(*p),
            Selection::Ref(r) => self.card_ref(r),
        }
    }

    /// `all cards from drawn other than them`: "the rest of the cards you drew" (Comb: keep
    /// some of the drawn cards, return the rest).
    pub(super) fn the_rest(np: &CardNp) -> Option<Participle> {
        let all = matches!(
            np.quantity.as_ref().map(|q| &q.node),
            Some(Quantity::All { .. })
        );
        let plain = np.possessive.is_none()
            && np.adjectives.is_empty()
            && matches!(np.noun.node, Noun::Cards | Noun::Card);
        let other_than_them = matches!(
            np.filters.as_slice(),
            [Spanned {
                node: Filter::OtherThan(CardRef {
                    kind: CardRefKind::Them | CardRefKind::It,
                    ..
                }),
                ..
            }]
        );
        match np.source.as_ref().map(|s| &s.node) {
            Some(Source {
                place:
                    Place::Cards(CardRef {
                        kind: CardRefKind::Bound(p),
                        ..
                    }),
                ..
            }) if all && plain && other_than_them => Some(*p),
            _ => None,
        }
    }

    /// The cards a participle names after a statement moved some of them away: "the other"
    /// right after that statement (Collaboration: "transfer a card of my choice from the cards
    /// you drew to my board, then meld the other"), "the other card you drew" further on.
    fn the_other(&self, p: Participle) -> String {
        let remaining = self.remaining(p);
        if self.last_taken == Some(p) {
            match remaining {
                Some(1) => "the other".to_string(),
                Some(n) if n > 1 => format!("the other {}", number(n)),
                _ => "the others".to_string(),
            }
        } else {
            let noun = if remaining == Some(1) {
                "card"
            } else {
                "cards"
            };
            format!("the other {noun} you {}", past(p))
        }
    }

    /// How many of a participle's cards are left after statements moved some away, when known.
    fn remaining(&self, p: Participle) -> Option<u32> {
        let taken = self.taken.get(&p).copied().unwrap_or(Some(0))?;
        Some(self.counts.get(&p)?.saturating_sub(taken))
    }

    /// How many cards a selection names, when that is a fixed number.
    pub(super) fn selection_count(&self, sel: &Selection) -> Option<u32> {
        match sel {
            Selection::Np(np) => np_count(np),
            Selection::Ref(r) => match &r.kind {
                CardRefKind::Title(_)
                | CardRefKind::ThisCard
                | CardRefKind::YourCard
                | CardRefKind::Ordinal(..) => Some(1),
                CardRefKind::Bound(p) => self.remaining(*p),
                CardRefKind::Np(np) => np_count(np),
                _ => None,
            },
        }
    }

    pub(super) fn selection_plural(&self, sel: &Selection) -> bool {
        match sel {
            Selection::Np(np) => np_plural(np),
            Selection::Ref(r) => self.ref_plural(r),
        }
    }

    pub(super) fn ref_plural(&self, r: &CardRef) -> bool {
        match &r.kind {
            CardRefKind::Title(_)
            | CardRefKind::ThisCard
            | CardRefKind::YourCard
            | CardRefKind::It
            | CardRefKind::Ordinal(..)
            | CardRefKind::NthHistory(..) => false,
            CardRefKind::Them => true,
            CardRefKind::Bound(p) => self.bound_plural(*p),
            CardRefKind::Covered => self.bound_plural(Participle::Melded),
            CardRefKind::History(h) => h.plural,
            CardRefKind::Np(np) => np_plural(np),
            CardRefKind::Name(_) => false,
        }
    }

    pub(super) fn bound_plural(&self, p: Participle) -> bool {
        match self.remaining(p) {
            Some(n) if self.taken.contains_key(&p) => n != 1,
            _ => self.plural.get(&p).copied().unwrap_or(true),
        }
    }

    /// `returned` → "the card you returned" or "the cards you returned".
    fn bound(&self, p: Participle) -> String {
        // A "would" karma's event card: not moved yet.
        if let Some((_, verb)) = self.would.filter(|(w, _)| *w == p) {
            return format!("the card you would {verb}");
        }
        let noun = if self.bound_plural(p) {
            "cards"
        } else {
            "card"
        };
        format!("the {noun} you {}", past(p))
    }

    pub(super) fn card_ref(&self, r: &CardRef) -> String {
        match &r.kind {
            CardRefKind::Title(t) => t.clone(),
            CardRefKind::ThisCard => self.title.to_string(),
            CardRefKind::YourCard => "your card".to_string(),
            CardRefKind::It => "it".to_string(),
            CardRefKind::Them => "them".to_string(),
            CardRefKind::Ordinal(o, p) => format!("the {} card you {}", o.word(), past(*p)),
            CardRefKind::Bound(p) => self.bound(*p),
            // The cards the latest meld covered: "the card you covered".
            CardRefKind::Covered => format!(
                "the {} you covered",
                if self.bound_plural(Participle::Melded) {
                    "cards"
                } else {
                    "card"
                }
            ),
            CardRefKind::History(h) => self.history_ref(h),
            // `the last card tucked by you due to this card` → "the last card you tucked due to
            // Dentures".
            CardRefKind::NthHistory(o, h) => {
                let one = History {
                    plural: false,
                    ..(**h).clone()
                };
                let text = self.history_ref(&one);
                format!(
                    "the {} {}",
                    o.word(),
                    text.strip_prefix("the ").unwrap_or(&text)
                )
            }
            CardRefKind::Np(np) => self.card_np(np),
            // A bare word where a card belongs is an error the checks report; print it as is.
            CardRefKind::Name(n) => n.clone(),
        }
    }

    /// A card noun phrase in the designer's word order: "the two highest non-red top cards
    /// without a [factory] from your board".
    pub(super) fn card_np(&self, np: &CardNp) -> String {
        if let Some(text) = self.pile_bottom(np) {
            return text;
        }
        let plural = np_plural(np);
        let mut head = Vec::new();
        for adj in &np.adjectives {
            head.push(match &adj.node {
                Adjective::Available => "available".to_string(),
                Adjective::Top => "top".to_string(),
                Adjective::Bottom => "bottom".to_string(),
                Adjective::NonBottom => "non-bottom".to_string(),
                Adjective::Highest => "highest".to_string(),
                Adjective::Lowest => "lowest".to_string(),
                Adjective::Color(c) => match self.resolve_color(&ColorAtom::Named(c.clone())) {
                    ColorAtom::Named(n) => n,
                    _ => c.clone(),
                },
                Adjective::NonColor(c) => format!("non-{c}"),
            });
        }
        // `a card of value 2 or 3` reads "a [2] or [3]".
        let mut skip_filter = None;
        let noun = match &np.noun.node {
            Noun::Card | Noun::Cards => {
                let simple_values =
                    np.filters
                        .iter()
                        .enumerate()
                        .find_map(|(i, f)| match &f.node {
                            Filter::Value(spec) if !plural && np.adjectives.is_empty() => {
                                literal_values(spec).map(|v| (i, v))
                            }
                            _ => None,
                        });
                match simple_values {
                    Some((i, values)) => {
                        skip_filter = Some(i);
                        values
                    }
                    None if np.noun.node == Noun::Cards => "cards".to_string(),
                    None => "card".to_string(),
                }
            }
            Noun::Achievement => "achievement".to_string(),
            Noun::Achievements => "achievements".to_string(),
            Noun::Value(v) => self.value_noun(v, plural),
            Noun::Type { kind, plural } => kind.noun(*plural).to_string(),
        };
        head.push(noun);
        let head = head.join(" ");

        let mut words = Vec::new();
        let mut equal_to = None;
        if let Some(q) = &np.quantity {
            words.push(match &q.node {
                Quantity::One { .. } => article(&head).to_string(),
                // Cards that must share a value are taken exactly so many or not at all.
                Quantity::Exactly(n) if has_same_value(np) => format!("exactly {}", number(*n)),
                Quantity::Exactly(n) => number(*n),
                Quantity::Between(a, b) => format!("{} or {}", number(*a), number(*b)),
                Quantity::UpTo(n) => format!("up to {}", number(*n)),
                Quantity::AnyNumber => "any number of".to_string(),
                Quantity::All { the: true } => "all the".to_string(),
                Quantity::All { the: false } => "all".to_string(),
                Quantity::AllBut(n) => format!("all but {}", number(*n)),
                Quantity::The(None) => "the".to_string(),
                Quantity::The(Some(n)) => format!("the {}", number(*n)),
                Quantity::Half(Rounding::Up) => "half (rounded up) of the".to_string(),
                Quantity::Half(Rounding::Down) => "half (rounded down) of the".to_string(),
                Quantity::Bottom(n) => format!("the bottom {}", number(*n)),
                Quantity::Top(n) => format!("the top {}", number(*n)),
                Quantity::AllButTop(n) => format!("all but the top {}", number(*n)),
                Quantity::Computed(e) => {
                    equal_to = Some(format!("equal to {}", self.expr(e, false)));
                    "a number of".to_string()
                }
            });
        }
        if let Some(p) = &np.possessive {
            words.push(p.node.words().to_string());
        }
        words.push(head);

        // Filters and the source, in the order the designer wrote them, except that a filter
        // naming another card or board follows the source, so that "from your board" is not
        // read as part of that other phrase.
        let mut tail: Vec<(bool, u32, String)> = np
            .filters
            .iter()
            .enumerate()
            .filter(|(i, _)| Some(*i) != skip_filter)
            .map(|(_, f)| {
                (
                    reads_after_source(&f.node),
                    f.span.start,
                    self.filter(&f.node),
                )
            })
            .collect();
        if let Some(source) = &np.source {
            let prep = source.node.preposition.word();
            let place = match &source.node.place {
                Place::Zone(z) => self.zone(z),
                Place::Supply(z) => self.supply(z),
                Place::Cards(c) => match &c.kind {
                    CardRefKind::Bound(p) => format!("the cards you {}", past(*p)),
                    _ => self.card_ref(c),
                },
            };
            tail.push((false, source.span.start, format!("{prep} {place}")));
        }
        tail.sort_by_key(|(late, start, _)| (*late, *start));
        words.extend(tail.into_iter().map(|(_, _, text)| text));
        words.extend(equal_to);
        words.join(" ")
    }

    /// `the bottom 3 cards of color red from your board` → "your bottom three red cards": the
    /// bottom of one named pile of one player's board, said as the cards say it.
    fn pile_bottom(&self, np: &CardNp) -> Option<String> {
        let Some(Quantity::Bottom(n)) = np.quantity.as_ref().map(|q| &q.node) else {
            return None;
        };
        let [Spanned {
            node: Filter::Color(color),
            ..
        }] = np.filters.as_slice()
        else {
            return None;
        };
        let [atom] = color.alternatives.as_slice() else {
            return None;
        };
        let ColorAtom::Named(name) = self.resolve_color(&atom.node) else {
            return None;
        };
        let Some(Spanned {
            node:
                Source {
                    place: Place::Zone(zone),
                    ..
                },
            ..
        }) = &np.source
        else {
            return None;
        };
        let on_one_board = matches!(zone.kinds.as_slice(), [k] if k.node == ZoneKind::Board);
        if !np.adjectives.is_empty()
            || np.possessive.is_some()
            || zone.whose.node.is_plural()
            || !on_one_board
        {
            return None;
        }
        let noun = if *n == 1 { "card" } else { "cards" };
        let count = if *n == 1 {
            String::new()
        } else {
            format!("{} ", number(*n))
        };
        Some(format!(
            "{} bottom {count}{name} {noun}",
            zone.whose.node.words()
        ))
    }

    /// `the [5] deck`, `the available achievements`.
    pub(super) fn supply(&self, z: &Supply) -> String {
        match &z.kind {
            SupplyKind::Available => "the available achievements".to_string(),
            SupplyKind::AnyDeck => "any deck".to_string(),
            // `the Artifact [5] deck`: "the Artifact [5] deck", "the Artifact deck of value
            // equal to …".
            SupplyKind::Deck(age, of_type) => {
                let kind = of_type.map_or(String::new(), |k| format!("{} ", k.deck_word()));
                match &age.kind {
                    ExprKind::Int(n) => format!("the {kind}[{n}] deck"),
                    ExprKind::Chosen => format!("the chosen {kind}deck"),
                    ExprKind::Name(p) if self.param_expr(p).is_some() => self.supply(&Supply {
                        kind: SupplyKind::Deck(
                            Box::new(self.param_expr(p).cloned().unwrap_or(Expr {
                                kind: ExprKind::Int(0),
                                span: z.span,
                            })),
                            *of_type,
                        ),
                        span: z.span,
                    }),
                    _ => format!("the {kind}deck {}", self.value_relation(age)),
                }
            }
        }
    }

    pub(super) fn filter(&self, f: &Filter) -> String {
        match f {
            Filter::WithIcon(icons) => format!("with a {}", icon_list(icons)),
            Filter::WithoutIcon(icons) => format!("without a {}", icon_list(icons)),
            Filter::WithBonus => "with a bonus".to_string(),
            Filter::WithVisible(slot) => format!("with a visible {}", icon(&slot.node)),
            Filter::Parity { odd: true } => "of odd value".to_string(),
            Filter::Parity { odd: false } => "of even value".to_string(),
            Filter::WithoutBonus => "without a bonus".to_string(),
            Filter::WithDemand => "with a demand effect".to_string(),
            Filter::InSplayedPile => "in a splayed pile".to_string(),
            Filter::WithChosenIcon => "with the chosen icon".to_string(),
            Filter::WithoutChosenIcon => "without the chosen icon".to_string(),
            Filter::ValueOfMyChoice => "of the value of my choice".to_string(),
            Filter::IconOfMyChoice(None) => "with the icon of my choice".to_string(),
            Filter::IconOfMyChoice(Some(n)) => {
                format!("with the icon of my choice other than {}", icon(&n.node))
            }
            Filter::SameValue => "of the same value".to_string(),
            Filter::SameColor => "of the same color".to_string(),
            Filter::DifferentValues => "of different value".to_string(),
            Filter::Value(spec) => self.value_spec(spec),
            Filter::SameColorAs(r) if is_anaphoric(r) => "of that color".to_string(),
            Filter::SameColorAs(r) => format!("of the same color as {}", self.card_ref(r)),
            Filter::Type { same: true, card } => {
                format!("of the same type as {}", self.card_ref(card))
            }
            Filter::Type { same: false, card } => {
                format!("of different type than {}", self.card_ref(card))
            }
            Filter::SameValueAs(r) => format!("of the same value as {}", self.card_ref(r)),
            Filter::ValueMatching { negated, of, cards } => format!(
                "{} any {}{}",
                if *negated {
                    "of different value from"
                } else {
                    "of value matching"
                },
                if *of { "of " } else { "" },
                self.card_ref(cards)
            ),
            Filter::ItsColor => "of the same color".to_string(),
            Filter::Color(c) => self.color_filter_phrase(c),
            Filter::ColorOnBoard { negated, whose } => format!(
                "of a color {}present on {} board",
                if *negated { "not " } else { "" },
                whose.node.words()
            ),
            Filter::MyChoice => "of my choice".to_string(),
            Filter::OtherThan(r) => format!("other than {}", self.card_ref(r)),
            Filter::HigherThan(r) => format!("of higher value than {}", self.card_ref(r)),
            Filter::LowerThan(r) => format!("of lower value than {}", self.card_ref(r)),
            Filter::Beneath(r) => format!("beneath {}", self.card_ref(r)),
            Filter::SharesIcon(r) => format!("which shares an icon with {}", self.card_ref(r)),
            Filter::SameIcons { cards, any_of } => format!(
                "having exactly the same icons, in type and number, as {}{}",
                if *any_of { "any of " } else { "" },
                self.card_ref(cards)
            ),
        }
    }

    pub(super) fn zone(&self, z: &Zone) -> String {
        // "your hand and score pile", "all players' hands, boards, and score piles".
        let plural = z.whose.node.is_plural();
        let kinds: Vec<String> = z
            .kinds
            .iter()
            .map(|k| k.node.word(plural).to_string())
            .collect();
        format!("{} {}", z.whose.node.words(), and_list(&kinds))
    }

    pub(super) fn destination(&self, d: &Destination) -> String {
        match d {
            Destination::Available => "the available achievements".to_string(),
            Destination::DeckTop => "the top of its deck".to_string(),
            Destination::Owners(kind) => format!("its owner's {}", kind.node.word(false)),
            Destination::Zone { whose, kind } => {
                format!(
                    "{} {}",
                    whose.node.words(),
                    kind.node.word(whose.node.is_plural())
                )
            }
            Destination::OfPlayer { kind, player } => {
                format!("the {} of {}", kind.node.word(false), self.player(player))
            }
        }
    }

    /// The cards of a set as a definite plural: "the cards in your score pile".
    pub(super) fn set_cards(&self, set: &SetRef) -> String {
        match set {
            SetRef::History(h) => format!("the {}", self.history(h, true)),
            SetRef::Zone(z) => format!("the cards in {}", self.zone(z)),
            SetRef::Supply(z) => format!("the cards in {}", self.supply(z)),
            SetRef::Cards(r) => match &r.kind {
                CardRefKind::Bound(p) => format!("the cards you {}", past(*p)),
                _ => self.card_ref(r),
            },
        }
    }

    /// A history phrase naming cards: `card drawn by you due to this card's echo effect` → "the
    /// card you drew due to Charitable Trust's echo effect".
    pub(super) fn history_ref(&self, h: &History) -> String {
        let noun = if h.plural { "cards" } else { "card" };
        let due = self.due_scope(
            h.due_to.as_ref().map(|d| d.node),
            h.scope.as_ref().map(|s| s.node),
        );
        match &h.by {
            Some(by) => {
                let who = match by.kind {
                    PlayerRefKind::I { .. } => "I".to_string(),
                    _ => self.player(by),
                };
                format!("the {noun} {who} {}{due}", past(h.verb.node))
            }
            None => format!("the {noun} {}{due}", h.verb.node.word()),
        }
    }

    /// `cards transferred due to the demand` → "cards transferred due to the demand".
    pub(super) fn history(&self, h: &History, plural: bool) -> String {
        let mut text = format!(
            "{} {}",
            if plural { "cards" } else { "card" },
            h.verb.node.word()
        );
        if let Some(by) = &h.by {
            text.push_str(&format!(" by {}", self.player(by)));
        }
        text.push_str(&self.due_scope(
            h.due_to.as_ref().map(|d| d.node),
            h.scope.as_ref().map(|s| s.node),
        ));
        text
    }

    /// What a player has moved, counted over a period: with no period written, the count runs
    /// over the dogma action so far (docs/language.md, "History phrases"), and a player's count
    /// says so, since it is compared while other players are still to move cards: "due to
    /// Democracy so far during this dogma action" ("this action" in the fourth edition's words).
    pub(super) fn player_due_scope(&self, due_to: Option<DueTo>, scope: Option<Scope>) -> String {
        let mut text = self.due_scope(due_to, scope);
        if scope.is_none() {
            text.push_str(match self.wording {
                Wording::Fourth => " so far during this action",
                Wording::First | Wording::Third => " so far during this dogma action",
            });
        }
        text
    }

    pub(super) fn due_scope(&self, due_to: Option<DueTo>, scope: Option<Scope>) -> String {
        let mut text = String::new();
        match due_to {
            Some(DueTo::TheDemand) => text.push_str(" due to the demand"),
            Some(DueTo::ThisCard) => text.push_str(&format!(" due to {}", self.title)),
            Some(DueTo::ThisEcho) => {
                text.push_str(&format!(" due to {}'s echo effect", self.title))
            }
            None => {}
        }
        match scope {
            Some(Scope::Turn) => text.push_str(" this turn"),
            Some(Scope::Action) => text.push_str(" this action"),
            None => {}
        }
        text
    }
}

/// Whether a card reference points back at cards just named (`it`, `returned`), so that its
/// colour reads "that color".
pub(super) fn is_anaphoric(r: &CardRef) -> bool {
    matches!(
        r.kind,
        CardRefKind::It | CardRefKind::Them | CardRefKind::Bound(_)
    )
}

/// Whether a filter names a card or board other than the candidates' own ("of the same value as
/// the card you returned", "of a color not present on my board"), or ends in "other than …",
/// so that the phrase's source reads better before it ("two top cards from your board with the
/// icon of my choice other than [leaf]", not "… other than [leaf] from your board").
fn reads_after_source(f: &Filter) -> bool {
    match f {
        Filter::SameColorAs(r) => !is_anaphoric(r),
        Filter::Value(spec) => names_a_card(&spec.first),
        Filter::IconOfMyChoice(except) => except.is_some(),
        Filter::SameValueAs(_)
        | Filter::Type { .. }
        | Filter::ValueMatching { .. }
        | Filter::ColorOnBoard { .. }
        | Filter::OtherThan(_)
        | Filter::SharesIcon(_)
        | Filter::SameIcons { .. }
        | Filter::HigherThan(_)
        | Filter::LowerThan(_) => true,
        _ => false,
    }
}

/// Whether a phrase takes cards that share one value (`2 top cards of the same value`).
fn has_same_value(np: &CardNp) -> bool {
    np.filters.iter().any(|f| f.node == Filter::SameValue)
}

/// Whether a value is the value of a card named elsewhere (`value of returned`).
fn names_a_card(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::ValueOf(_) => true,
        ExprKind::Paren(inner) => names_a_card(inner),
        _ => false,
    }
}

/// How many cards a noun phrase names, when that is a fixed number (`a card`, `2 cards`).
pub(super) fn np_count(np: &CardNp) -> Option<u32> {
    match np.quantity.as_ref().map(|q| &q.node) {
        Some(Quantity::One { .. }) => Some(1),
        Some(Quantity::Exactly(n)) | Some(Quantity::The(Some(n))) => Some(*n),
        Some(Quantity::The(None)) | None if !np_plural(np) => Some(1),
        _ => None,
    }
}

/// Whether a noun phrase names several cards.
pub(super) fn np_plural(np: &CardNp) -> bool {
    match np.quantity.as_ref().map(|q| &q.node) {
        Some(Quantity::One { .. }) => false,
        Some(Quantity::Exactly(n))
        | Some(Quantity::UpTo(n))
        | Some(Quantity::The(Some(n)))
        | Some(Quantity::Bottom(n))
        | Some(Quantity::Top(n)) => *n != 1,
        Some(Quantity::Between(..))
        | Some(Quantity::AnyNumber)
        | Some(Quantity::All { .. })
        | Some(Quantity::AllBut(_))
        | Some(Quantity::AllButTop(_))
        | Some(Quantity::Computed(_))
        | Some(Quantity::Half(_)) => true,
        Some(Quantity::The(None)) | None => {
            matches!(
                np.noun.node,
                Noun::Cards | Noun::Achievements | Noun::Type { plural: true, .. }
            )
        }
    }
}
