//! Selections: card phrases and the cards they name, with their quantities, filters, zones and
//! the movements of the turn.

use super::effects::EffectCx;
use super::words::{due_to, rounding, scope, verb, verb_of_participle};
use crate::diagnostics::{Error, NameKind, Warning};
use crate::ir::*;
use dogma_dsl::ast::{self, Span};
use dogma_dsl::suggest;
use dogma_runtime::{Icon, Slot};

impl EffectCx<'_, '_> {
    pub(super) fn selection(&mut self, sel: &ast::Selection) -> CardSel {
        match sel {
            ast::Selection::Np(np) => self.card_np(np, true),
            ast::Selection::Ref(r) => self.card_ref(r),
        }
    }

    /// The tests a card phrase puts on a card, wherever the card is (a "would" karma's event:
    /// `a purple card with factory`).
    pub(super) fn described(&mut self, np: &ast::CardNp) -> Vec<CardFilter> {
        self.card_np(np, false).filters
    }

    /// A card phrase. `needs_source`: report a phrase that does not say where its cards are.
    fn card_np(&mut self, np: &ast::CardNp, needs_source: bool) -> CardSel {
        let mut filters = Vec::new();
        let mut extreme = None;
        let mut position = None;
        let mut position_span = np.span;
        let mut available = false;
        for adj in &np.adjectives {
            match &adj.node {
                ast::Adjective::Available => available = true,
                ast::Adjective::Top => {
                    position = Some(BoardPosition::Top);
                    position_span = adj.span;
                }
                ast::Adjective::Bottom => {
                    position = Some(BoardPosition::Bottom);
                    position_span = adj.span;
                }
                ast::Adjective::NonBottom => filters.push(CardFilter::NotPileBottom),
                ast::Adjective::Highest => extreme = Some(Extreme::Highest),
                ast::Adjective::Lowest => extreme = Some(Extreme::Lowest),
                ast::Adjective::Color(word) => {
                    let colors = self.color_atom(ast::ColorAtom::Named(word.clone()), adj.span);
                    if !colors.alternatives.is_empty() {
                        filters.push(CardFilter::Color(colors));
                    }
                }
                // `non-Figure`: a card of another type (the set on its back).
                ast::Adjective::NonColor(word) if card_type(word).is_some() => {
                    if let Some(kind) = card_type(word) {
                        filters.push(CardFilter::NotOfSet(kind.set_name().to_string()));
                    }
                }
                ast::Adjective::NonColor(word) => {
                    let start = adj.span.start + "non-".len() as u32;
                    let name = ast::Spanned::new(word.clone(), Span { start, ..adj.span });
                    if let Some(color) = self.card.color_name(&name) {
                        filters.push(CardFilter::NotColor(color));
                    }
                }
            }
        }
        let plural = match &np.noun.node {
            ast::Noun::Card | ast::Noun::Achievement => false,
            ast::Noun::Cards | ast::Noun::Achievements => true,
            ast::Noun::Value(v) => {
                let value = self.age_value(v);
                filters.push(CardFilter::Value(ValueTest::OneOf(vec![value])));
                false
            }
            ast::Noun::Type { kind, plural } => {
                filters.push(CardFilter::OfSet(kind.set_name().to_string()));
                *plural
            }
        };
        let mut chooser = Chooser::Executor;
        let mut my_choice = None;
        let mut beneath = None;
        for f in &np.filters {
            match &f.node {
                ast::Filter::MyChoice => {
                    my_choice = Some(f.span);
                    if !self.demand {
                        self.error(Error::DemanderOutsideDemand {
                            at: self.at(f.span),
                            word: "of my choice".to_string(),
                        });
                    }
                    chooser = Chooser::Demander;
                    filters.push(CardFilter::OfMyChoice);
                }
                ast::Filter::ValueOfMyChoice => {
                    let id = self.choice_first(
                        f.span,
                        "of the value of my choice",
                        ChoiceKind::Value,
                        Vec::new(),
                    );
                    filters.push(CardFilter::Value(ValueTest::OneOf(vec![Value::ChosenBy(
                        id,
                    )])));
                }
                ast::Filter::IconOfMyChoice(except) => {
                    let except: Vec<Icon> = except
                        .iter()
                        .filter_map(|name| self.card.icon_name(name))
                        .collect();
                    let id = self.choice_first(
                        f.span,
                        "the icon of my choice",
                        ChoiceKind::Icon,
                        except,
                    );
                    filters.push(CardFilter::HasChosenIcon(id));
                }
                ast::Filter::Beneath(card) => beneath = Some(self.card_ref(card)),
                other => {
                    if let Some(filter) = self.filter(other, f.span) {
                        filters.push(filter);
                    }
                }
            }
        }
        // `top` and `bottom` name the top (bottom) card of a pile on a board, or of a deck: `the
        // top card of the [2] deck` is exactly that card, never a choice among the deck.
        if let (Some(pos), Some(source)) = (&position, &np.source) {
            let bottom = matches!(pos, BoardPosition::Bottom);
            let word = if bottom { "bottom" } else { "top" };
            let off_pile = match &source.node.place {
                ast::Place::Supply(ast::Supply {
                    kind: ast::SupplyKind::Deck(age, of_type),
                    ..
                }) => {
                    let n = self.deck_end_count(np);
                    let age = self.age_value(age);
                    let set = of_type.map(|t| t.set_name().to_string());
                    return CardSel {
                        source: CardSource::Supply(Supply::DeckEnd {
                            age,
                            n,
                            bottom,
                            set,
                        }),
                        filters,
                        pick: Pick::all(),
                        chooser,
                    };
                }
                ast::Place::Supply(ast::Supply {
                    kind: ast::SupplyKind::AnyDeck,
                    ..
                }) => {
                    let n = self.deck_end_count(np);
                    return CardSel {
                        source: CardSource::Supply(Supply::ChosenDeckEnd { n, bottom }),
                        filters,
                        pick: Pick::all(),
                        chooser,
                    };
                }
                ast::Place::Supply(_) => Some("the available achievements".to_string()),
                ast::Place::Zone(z) if !z.kinds.iter().any(|k| k.node == ast::ZoneKind::Board) => {
                    let plural = z.whose.node.is_plural() || z.kinds.len() > 1;
                    let kinds: Vec<&str> = z.kinds.iter().map(|k| k.node.word(plural)).collect();
                    Some(format!("{} {}", z.whose.node.words(), kinds.join(" and ")))
                }
                ast::Place::Zone(_) => None,
                ast::Place::Cards(_) => Some("a set of named cards".to_string()),
            };
            if let Some(place) = off_pile {
                self.error(Error::PositionOffPile {
                    at: self.at(position_span),
                    word,
                    place,
                });
            }
        }
        let mut computed = None;
        let count = match &np.quantity {
            Some(ast::Spanned {
                node: ast::Quantity::Bottom(n),
                span,
            }) => {
                filters.push(CardFilter::PileBottom(self.small_count(*n, *span)));
                Count::All
            }
            Some(ast::Spanned {
                node: ast::Quantity::Top(n),
                span,
            }) => {
                filters.push(CardFilter::PileTop(self.small_count(*n, *span)));
                Count::All
            }
            Some(ast::Spanned {
                node: ast::Quantity::AllButTop(n),
                span,
            }) => {
                filters.push(CardFilter::AllButTop(self.small_count(*n, *span)));
                Count::All
            }
            Some(ast::Spanned {
                node: ast::Quantity::Computed(e),
                ..
            }) => {
                computed = Some(Box::new(self.value(e)));
                Count::Computed
            }
            Some(q) => self.quantity(q),
            None if plural => Count::All,
            None => Count::Exactly(1),
        };
        let board_position = || {
            if let Some(b) = beneath.clone() {
                BoardPosition::Beneath(Box::new(b))
            } else {
                position.clone().unwrap_or(BoardPosition::All)
            }
        };
        if let (Some(at), Count::All, None) = (my_choice, &count, &computed) {
            self.warn(Warning::ChoiceOfAll { at: self.at(at) });
        }
        let source = if available {
            if let Some(source) = &np.source {
                self.error(Error::SeveralOwners {
                    at: self.at(source.span),
                    whose: "the available achievements and another place".to_string(),
                });
            }
            CardSource::Supply(Supply::Available)
        } else if let Some(whose) = &np.possessive {
            CardSource::Zones {
                owner: self.owner(whose),
                zones: vec![ZoneRef::Board(board_position())],
            }
        } else if let Some(source) = &np.source {
            match &source.node.place {
                ast::Place::Zone(z) => self.zone_source(z, board_position()),
                ast::Place::Supply(z) => CardSource::Supply(self.supply(z)),
                ast::Place::Cards(r) => {
                    let sel = self.card_ref(r);
                    sel.source
                }
            }
        } else if beneath.is_some() || position.is_some() {
            CardSource::Zones {
                owner: Owner::One(Player::Executor),
                zones: vec![ZoneRef::Board(board_position())],
            }
        } else {
            if needs_source {
                self.error(Error::MissingSource {
                    at: self.at(np.span),
                });
            }
            CardSource::Zones {
                owner: Owner::One(Player::Executor),
                zones: vec![ZoneRef::Hand],
            }
        };
        CardSel {
            source,
            filters,
            pick: Pick {
                count,
                extreme,
                computed,
            },
            chooser,
        }
    }

    /// How many cards `the top card of the [2] deck` takes: one (`the`, `a`), or a number (`the
    /// 2 top cards`).
    fn deck_end_count(&mut self, np: &ast::CardNp) -> u8 {
        let plural = matches!(
            np.noun.node,
            ast::Noun::Cards | ast::Noun::Type { plural: true, .. }
        );
        match &np.quantity {
            None if !plural => 1,
            Some(ast::Spanned {
                node: ast::Quantity::One { .. } | ast::Quantity::The(None),
                ..
            }) => 1,
            Some(ast::Spanned {
                node: ast::Quantity::The(Some(n)) | ast::Quantity::Exactly(n),
                span,
            }) => self.small_count(*n, *span),
            _ => {
                let at = np.quantity.as_ref().map_or(np.span, |q| q.span);
                self.error(Error::BadCount {
                    at: self.at(at),
                    reason: "the top or bottom of a deck is `the` card or a number of cards \
                             (`the 2 top cards of the [3] deck`)"
                        .to_string(),
                });
                1
            }
        }
    }

    fn supply(&mut self, z: &ast::Supply) -> Supply {
        match &z.kind {
            ast::SupplyKind::Deck(age, of_type) => Supply::Deck(
                self.age_value(age),
                of_type.map(|t| t.set_name().to_string()),
            ),
            // The whole deck the executor picks.
            ast::SupplyKind::AnyDeck => Supply::ChosenDeckEnd {
                n: u8::MAX,
                bottom: false,
            },
            ast::SupplyKind::Available => Supply::Available,
        }
    }

    /// A count of cards in a pile phrase (`the bottom 3`).
    pub(super) fn small_count(&mut self, n: u32, span: Span) -> u8 {
        if n == 0 || n > 99 {
            self.error(Error::BadCount {
                at: self.at(span),
                reason: format!("{n} is not between 1 and 99"),
            });
            1
        } else {
            n as u8
        }
    }

    pub(super) fn zone_source(&mut self, z: &ast::Zone, position: BoardPosition) -> CardSource {
        let owner = self.owner(&z.whose);
        let zones = z
            .kinds
            .iter()
            .map(|k| match k.node {
                ast::ZoneKind::Hand => ZoneRef::Hand,
                ast::ZoneKind::ScorePile => ZoneRef::ScorePile,
                ast::ZoneKind::Achievements => ZoneRef::Achievements,
                ast::ZoneKind::Board => ZoneRef::Board(position.clone()),
                ast::ZoneKind::Forecast => ZoneRef::Forecast,
            })
            .collect();
        CardSource::Zones { owner, zones }
    }

    fn quantity(&mut self, q: &ast::Spanned<ast::Quantity>) -> Count {
        let small = |this: &mut Self, n: u32| -> u8 {
            if n > 99 {
                this.error(Error::BadCount {
                    at: this.at(q.span),
                    reason: format!("{n} is more than 99"),
                });
                99
            } else {
                n as u8
            }
        };
        match q.node.clone() {
            ast::Quantity::One { .. } | ast::Quantity::The(None) => Count::Exactly(1),
            ast::Quantity::Exactly(0) | ast::Quantity::The(Some(0)) | ast::Quantity::UpTo(0) => {
                self.error(Error::BadCount {
                    at: self.at(q.span),
                    reason: "zero cards".to_string(),
                });
                Count::Exactly(1)
            }
            ast::Quantity::Exactly(n) | ast::Quantity::The(Some(n)) => {
                Count::Exactly(small(self, n))
            }
            ast::Quantity::Between(a, b) => {
                if a >= b {
                    self.error(Error::BadCount {
                        at: self.at(q.span),
                        reason: format!("`{a} or {b}` must name a smaller number first"),
                    });
                }
                Count::Between(small(self, a), small(self, b))
            }
            ast::Quantity::UpTo(n) => Count::UpTo(small(self, n)),
            ast::Quantity::AnyNumber => Count::AnyNumber,
            ast::Quantity::All { .. } => Count::All,
            ast::Quantity::AllBut(n) => Count::AllBut(small(self, n)),
            ast::Quantity::Half(r) => Count::Half(rounding(r)),
            // Handled by the phrase, which turns them into filters or a computed count.
            ast::Quantity::Bottom(_)
            | ast::Quantity::Top(_)
            | ast::Quantity::AllButTop(_)
            | ast::Quantity::Computed(_) => Count::All,
        }
    }

    pub(super) fn filter(&mut self, f: &ast::Filter, span: Span) -> Option<CardFilter> {
        Some(match f {
            ast::Filter::WithIcon(icons) => {
                let slots: Vec<Slot> = icons
                    .iter()
                    .filter_map(|i| self.card.slot_name(i))
                    .collect();
                has_slot(slots)
            }
            ast::Filter::WithoutIcon(icons) => {
                // `without castle or factory`: none of them, one filter per icon.
                let mut lacks: Vec<CardFilter> = icons
                    .iter()
                    .filter_map(|i| self.card.slot_name(i))
                    .map(|slot| match slot {
                        Slot::Icon(icon) => CardFilter::LacksIcon(icon),
                        slot => CardFilter::LacksSlot(slot),
                    })
                    .collect();
                if lacks.len() == 1 {
                    lacks.pop()?
                } else {
                    CardFilter::All(lacks)
                }
            }
            ast::Filter::WithBonus => CardFilter::Bonus { negated: false },
            ast::Filter::WithVisible(slot) => {
                CardFilter::VisibleSlot(self.card.visible_slot(slot)?)
            }
            ast::Filter::Parity { odd } => CardFilter::Parity { odd: *odd },
            ast::Filter::WithoutBonus => CardFilter::Bonus { negated: true },
            ast::Filter::WithDemand => CardFilter::HasDemand,
            ast::Filter::InSplayedPile => CardFilter::InSplayedPile,
            ast::Filter::SameValue => CardFilter::SameValue,
            ast::Filter::SameColor => CardFilter::SameColor,
            ast::Filter::DifferentValues => CardFilter::DifferentValues,
            ast::Filter::WithChosenIcon => {
                match self.latest(|p| p.choice == Some(ChoiceKind::Icon)) {
                    Some(stmt) => CardFilter::HasChosenIcon(stmt),
                    None => {
                        self.unbound(span, "the chosen icon", "choice of an icon");
                        return None;
                    }
                }
            }
            ast::Filter::WithoutChosenIcon => {
                match self.latest(|p| p.choice == Some(ChoiceKind::Icon)) {
                    Some(stmt) => CardFilter::LacksChosenIcon(stmt),
                    None => {
                        self.unbound(span, "the chosen icon", "choice of an icon");
                        return None;
                    }
                }
            }
            ast::Filter::Value(spec) => CardFilter::Value(self.value_spec(spec)),
            ast::Filter::SameColorAs(card) => {
                let sel = self.card_ref(card);
                CardFilter::Color(ColorSel {
                    alternatives: vec![ColorTerm::Of(Box::new(sel))],
                })
            }
            ast::Filter::Type { same, card } => CardFilter::SameType {
                cards: Box::new(self.card_ref(card)),
                negated: !same,
            },
            ast::Filter::SameValueAs(card) => {
                let sel = self.card_ref(card);
                CardFilter::Value(ValueTest::OneOf(vec![Value::ValueOf(Box::new(sel))]))
            }
            ast::Filter::ValueMatching { negated, cards, .. } => CardFilter::ValueMatching {
                cards: Box::new(self.card_ref(cards)),
                negated: *negated,
            },
            ast::Filter::ItsColor => CardFilter::Color(ColorSel {
                alternatives: vec![ColorTerm::Candidate],
            }),
            ast::Filter::Color(c) => CardFilter::Color(self.color_expr(c)),
            ast::Filter::ColorOnBoard { negated, whose } => CardFilter::ColorOnBoard {
                owner: self.owner(whose),
                negated: *negated,
            },
            ast::Filter::OtherThan(card) => CardFilter::OtherThan(Box::new(self.card_ref(card))),
            ast::Filter::SharesIcon(card) => CardFilter::SharesIcon(Box::new(self.card_ref(card))),
            ast::Filter::SameIcons { cards, .. } => {
                CardFilter::SameIcons(Box::new(self.card_ref(cards)))
            }
            ast::Filter::HigherThan(card) => CardFilter::HigherThan(Box::new(self.card_ref(card))),
            ast::Filter::LowerThan(card) => CardFilter::LowerThan(Box::new(self.card_ref(card))),
            ast::Filter::MyChoice
            | ast::Filter::Beneath(_)
            | ast::Filter::ValueOfMyChoice
            | ast::Filter::IconOfMyChoice(_) => {
                // Handled by the phrase itself.
                let _ = span;
                return None;
            }
        })
    }

    pub(super) fn value_spec(&mut self, spec: &ast::ValueSpec) -> ValueTest {
        let first = self.age_value(&spec.first);
        match spec.rest.as_slice() {
            [] => ValueTest::OneOf(vec![first]),
            [only] if only.node == ast::ValueAlternative::OrHigher => ValueTest::AtLeast(first),
            [only] if only.node == ast::ValueAlternative::OrLower => ValueTest::AtMost(first),
            rest => {
                let mut values = vec![first];
                for alt in rest {
                    match &alt.node {
                        ast::ValueAlternative::Or(e) => values.push(self.age_value(e)),
                        _ => self.error(Error::MixedValueSpec {
                            at: self.at(spec.span),
                        }),
                    }
                }
                ValueTest::OneOf(values)
            }
        }
    }

    /// A named card or cards: all of them, chosen by nobody.
    pub(super) fn card_ref(&mut self, r: &ast::CardRef) -> CardSel {
        let all = |source| CardSel {
            source,
            filters: Vec::new(),
            pick: Pick::all(),
            chooser: Chooser::Executor,
        };
        match &r.kind {
            ast::CardRefKind::Title(title) => {
                let source = match self.card.card_title(title, r.span) {
                    Some(id) => CardSource::Card(id),
                    None => CardSource::ThisCard,
                };
                all(source)
            }
            ast::CardRefKind::ThisCard => all(CardSource::ThisCard),
            // The card the latest deal gave the executor: its transfer's cards, the one on the
            // executor's board.
            ast::CardRefKind::YourCard => match self.dealt {
                Some(stmt) => CardSel {
                    filters: vec![CardFilter::IsCard(Box::new(CardSel {
                        source: CardSource::Zones {
                            owner: Owner::One(Player::Executor),
                            zones: vec![ZoneRef::Board(BoardPosition::All)],
                        },
                        filters: Vec::new(),
                        pick: Pick::all(),
                        chooser: Chooser::Executor,
                    }))],
                    ..all(CardSource::Bound(Binding { stmt, nth: None }))
                },
                None => {
                    self.unbound(
                        r.span,
                        "your card",
                        "`transfer one of … to each player's board`",
                    );
                    all(CardSource::ThisCard)
                }
            },
            ast::CardRefKind::It | ast::CardRefKind::Them => {
                let word = if r.kind == ast::CardRefKind::It {
                    "it"
                } else {
                    "them"
                };
                match self.latest(|p| p.cards && !p.nested) {
                    Some(stmt) => all(CardSource::Bound(Binding { stmt, nth: None })),
                    None => {
                        self.unbound(r.span, word, "statement that moved or showed cards");
                        all(CardSource::ThisCard)
                    }
                }
            }
            ast::CardRefKind::Ordinal(ordinal, participle) => {
                let nth = nth_of(*ordinal);
                match self.bound(*participle, r.span) {
                    Some(stmt) => all(CardSource::Bound(Binding {
                        stmt,
                        nth: Some(nth),
                    })),
                    None => all(CardSource::ThisCard),
                }
            }
            ast::CardRefKind::Bound(participle) => match self.bound(*participle, r.span) {
                Some(stmt) => all(CardSource::Bound(Binding { stmt, nth: None })),
                None => all(CardSource::ThisCard),
            },
            // `covered`: the card directly beneath each card of the latest meld, in its pile now.
            ast::CardRefKind::Covered => {
                match self.latest(|p| p.participles.contains(&ast::Participle::Melded)) {
                    Some(stmt) => {
                        let melded = all(CardSource::Bound(Binding { stmt, nth: None }));
                        all(CardSource::Zones {
                            owner: Owner::One(self.doer()),
                            zones: vec![ZoneRef::Board(BoardPosition::DirectlyBeneath(Box::new(
                                melded,
                            )))],
                        })
                    }
                    None => {
                        self.unbound(r.span, "covered", "statement that melded in this effect");
                        all(CardSource::ThisCard)
                    }
                }
            }
            ast::CardRefKind::History(h) => {
                let source = self.history_source(h);
                all(source)
            }
            ast::CardRefKind::NthHistory(ordinal, h) => {
                let source = self.history_source(h);
                CardSel {
                    filters: vec![CardFilter::Nth(nth_of(*ordinal))],
                    ..all(source)
                }
            }
            ast::CardRefKind::Np(np) => self.card_np(np, true),
            ast::CardRefKind::Name(word) => {
                match self.card.names.kind_of(word) {
                    Some(NameKind::Card) => {
                        // A title written without quotes.
                        self.error(Error::UnknownName {
                            at: self.at(r.span),
                            name: word.clone(),
                            kind: NameKind::Card,
                            suggestion: Some(word.clone()),
                        });
                    }
                    Some(found) => self.error(Error::WrongKind {
                        at: self.at(r.span),
                        name: word.clone(),
                        expected: NameKind::Card,
                        found,
                    }),
                    None => {
                        let suggestion = suggest::closest(
                            word,
                            self.card.names.cards.keys().map(String::as_str),
                        )
                        .or_else(|| {
                            suggest::closest(word, crate::diagnostics::PARTICIPLES.iter().copied())
                        })
                        .map(String::from);
                        self.error(Error::UnknownName {
                            at: self.at(r.span),
                            name: word.clone(),
                            kind: NameKind::Card,
                            suggestion,
                        });
                    }
                }
                all(CardSource::ThisCard)
            }
        }
    }

    /// A history phrase's cards: moved earlier in the action or turn.
    fn history_source(&mut self, h: &ast::History) -> CardSource {
        self.echo_history(h.due_to.as_ref());
        let verb = self.history_verb(h.verb.node, h.verb.span);
        let by = h.by.as_ref().map(|p| self.player(p));
        CardSource::History(History {
            verb,
            by,
            due_to: h.due_to.as_ref().map(|d| due_to(d.node)),
            scope: h
                .scope
                .as_ref()
                .map_or(HistoryScope::Action, |s| scope(s.node)),
        })
    }

    /// `due to this card's echo effect` on a card without one names nothing (W0006).
    pub(super) fn echo_history(&mut self, due: Option<&ast::Spanned<ast::DueTo>>) {
        if let Some(d) = due {
            if d.node == ast::DueTo::ThisEcho && !self.card.has_echo {
                self.warn(Warning::EchoHistoryWithoutEcho {
                    at: self.at(d.span),
                });
            }
        }
    }

    pub(super) fn set_ref(&mut self, s: &ast::SetRef) -> CardSel {
        let all = |source| CardSel {
            source,
            filters: Vec::new(),
            pick: Pick::all(),
            chooser: Chooser::Executor,
        };
        match s {
            ast::SetRef::History(h) => {
                let source = self.history_source(h);
                all(source)
            }
            ast::SetRef::Zone(z) => {
                let source = self.zone_source(z, BoardPosition::All);
                all(source)
            }
            ast::SetRef::Supply(z) => {
                let supply = self.supply(z);
                all(CardSource::Supply(supply))
            }
            ast::SetRef::Cards(r) => match &r.kind {
                // A phrase counted or tested takes every matching card.
                ast::CardRefKind::Np(np) => {
                    let mut sel = self.card_np(np, true);
                    if np.quantity.is_none() {
                        sel.pick.count = Count::All;
                    }
                    sel
                }
                _ => self.card_ref(r),
            },
        }
    }

    pub(super) fn history_verb(&mut self, p: ast::Participle, span: Span) -> Verb {
        match p {
            ast::Participle::Drawn => Verb::Draw,
            ast::Participle::Exchanged => Verb::Exchange,
            ast::Participle::Transferred => Verb::Transfer,
            ast::Participle::Chosen => {
                self.error(Error::NotAMovement {
                    at: self.at(span),
                    word: "chosen".to_string(),
                });
                Verb::Transfer
            }
            other => verb(verb_of_participle(other)),
        }
    }
}

/// `with castle or flag`: an icon test when every word is an icon (the op the base cards have
/// always compiled to), a slot test otherwise.
pub(super) fn has_slot(slots: Vec<Slot>) -> CardFilter {
    let icons: Option<Vec<Icon>> = slots.iter().map(|s| s.icon()).collect();
    match icons {
        Some(icons) => CardFilter::HasIcon(icons),
        None => CardFilter::HasSlot(slots),
    }
}

/// `the second …`, `the last …`: which card of the set, in its order.
fn nth_of(ordinal: ast::Ordinal) -> Nth {
    match ordinal {
        ast::Ordinal::First => Nth::Index(0),
        ast::Ordinal::Second => Nth::Index(1),
        ast::Ordinal::Third => Nth::Index(2),
        ast::Ordinal::Last => Nth::Last,
    }
}

/// The card type a word names after `non-` (`non-Figure`: the type's deck word).
fn card_type(word: &str) -> Option<ast::CardType> {
    use ast::CardType::*;
    [Base, Artifact, Echoes, City, Figure]
        .into_iter()
        .find(|kind| kind.deck_word() == word)
}
