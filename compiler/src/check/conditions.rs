//! Conditions: `if` tests and special achievements' conditions, with card predicates and the
//! measures players are compared by.

use super::effects::EffectCx;
use super::selections::has_slot;
use super::words::{amount_test, comparison, due_to, player_set, quantifier, scope};
use crate::diagnostics::Error;
use crate::ir::*;
use dogma_dsl::ast;
use dogma_runtime::bytecode::ZoneSel;
use dogma_runtime::{Color, Icon, Slot};

impl EffectCx<'_, '_> {
    pub(super) fn cond(&mut self, c: &ast::Cond, prev: Option<StmtId>) -> Cond {
        use ast::CondKind as C;
        match &c.kind {
            C::Or(parts) => Cond::Or(parts.iter().map(|p| self.cond(p, prev)).collect()),
            C::And(parts) => Cond::And(parts.iter().map(|p| self.cond(p, prev)).collect()),
            C::Not(inner) => Cond::Not(Box::new(self.cond(inner, prev))),
            C::Paren(inner) => self.cond(inner, prev),
            C::Changed => match prev {
                Some(stmt) => Cond::Changed { stmt },
                None => {
                    self.error(Error::NothingToDo {
                        at: self.at(c.span),
                    });
                    Cond::And(Vec::new())
                }
            },
            C::Did(done) | C::TheyDid(done) => match prev {
                Some(stmt) => Cond::Did { stmt, done: *done },
                None => {
                    self.error(Error::NothingToDo {
                        at: self.at(c.span),
                    });
                    Cond::And(Vec::new())
                }
            },
            C::Verbed { verb, amount } => match self.bound(verb.node, verb.span) {
                Some(stmt) => Cond::Moved {
                    stmt,
                    test: amount_test(amount.node),
                },
                None => Cond::And(Vec::new()),
            },
            C::OnlyPlayer(m) => {
                let test = self.in_scope(Player::Each, |fx| fx.player_measure(m));
                Cond::OnlyPlayer(test)
            }
            // The single player with the most X: more X than each other player (the fourth
            // edition's rulebook, "Card Effect": no single player on a tie).
            C::SinglePlayer { most, measure } => Cond::Has {
                player: Player::Executor,
                test: MeasureTest::VersusEach {
                    measure: self.measure(measure),
                    op: if *most {
                        Comparison::Gt
                    } else {
                        Comparison::Lt
                    },
                    set: PlayerSet::Others,
                    factor: 1,
                },
            },
            C::Has { player, measure } => {
                let player = self.player(player);
                let test = self.player_measure(measure);
                Cond::Has { player, test }
            }
            C::PlayersHave {
                quantifier,
                players,
                measure,
            } => {
                let test = self.in_scope(Player::Each, |fx| fx.player_measure(measure));
                Cond::Players {
                    quantifier: self::quantifier(quantifier.node),
                    set: player_set(players.node),
                    test,
                }
            }
            // One icon, other than the one excepted, that each of the cards shows; the cards must
            // be there (no cards share nothing).
            C::ValuesMatch { a, b } => Cond::ValuesMatch(self.set_ref(a), self.set_ref(b)),
            C::ShareIcon { cards, except } => {
                let cards = self.card_ref(cards);
                let except = except.as_ref().and_then(|n| self.card.icon_name(n));
                let each: Vec<Cond> = Icon::ALL
                    .iter()
                    .filter(|i| Some(**i) != except)
                    .map(|i| Cond::Cards {
                        quantifier: Quantifier::Each,
                        cards: cards.clone(),
                        filters: vec![CardFilter::HasIcon(vec![*i])],
                    })
                    .collect();
                Cond::And(vec![
                    Cond::Cards {
                        quantifier: Quantifier::Any,
                        cards,
                        filters: Vec::new(),
                    },
                    Cond::Or(each),
                ])
            }
            C::CardsAre {
                quantifier,
                set,
                pred,
            } => {
                let cards = self.set_ref(set);
                let filters = pred.as_ref().map(|p| self.card_pred(p)).unwrap_or_default();
                Cond::Cards {
                    quantifier: self::quantifier(quantifier.node),
                    cards,
                    filters,
                }
            }
            C::Splayed {
                whose,
                color,
                direction,
            } => {
                let player = self.single_owner(whose);
                let color = self.color_atom(color.node.clone(), color.span);
                let direction = self.direction(direction);
                Cond::Splayed {
                    player,
                    color,
                    direction,
                }
            }
            C::Card { card, pred } => {
                let cards = self.card_ref(card);
                let filters = self.card_pred(pred);
                Cond::Cards {
                    quantifier: Quantifier::Any,
                    cards,
                    filters,
                }
            }
            C::SameVisibleCards { whose } => Cond::SameVisibleCards(self.single_owner(whose)),
            C::Eligible { player, value } => Cond::Eligible {
                player: self.player(player),
                value: self.age_value(value),
            },
            C::Compare { lhs, op, rhs } => Cond::Compare {
                lhs: self.value(lhs),
                op: comparison(op.node),
                rhs: self.value(rhs),
            },
        }
    }

    fn card_pred(&mut self, p: &ast::CardPred) -> Vec<CardFilter> {
        match &p.kind {
            ast::CardPredKind::HasIcon(icons) => {
                let slots = icons
                    .iter()
                    .filter_map(|i| self.card.slot_name(i))
                    .collect();
                vec![has_slot(slots)]
            }
            ast::CardPredKind::HasBonus => vec![CardFilter::Bonus { negated: false }],
            ast::CardPredKind::NoEffects => vec![CardFilter::Effects { negated: true }],
            ast::CardPredKind::HasVisible(slot) => self
                .card
                .visible_slot(slot)
                .map(CardFilter::VisibleSlot)
                .into_iter()
                .collect(),
            ast::CardPredKind::Value(spec) => vec![CardFilter::Value(self.value_spec(spec))],
            ast::CardPredKind::DirectlyBeneath { value, filters } => {
                let mut above = Vec::new();
                if let Some(v) = value {
                    above.push(CardFilter::Value(ValueTest::OneOf(vec![self.age_value(v)])));
                }
                for f in filters {
                    if let Some(filter) = self.filter(&f.node, f.span) {
                        above.push(filter);
                    }
                }
                vec![CardFilter::DirectlyBeneath(above)]
            }
            ast::CardPredKind::Is(card) => vec![CardFilter::IsCard(Box::new(self.card_ref(card)))],
            ast::CardPredKind::Type { same, card } => vec![CardFilter::SameType {
                cards: Box::new(self.card_ref(card)),
                negated: !same,
            }],
            ast::CardPredKind::BeforeInAlphabet(card) => {
                vec![CardFilter::BeforeInAlphabet(Box::new(self.card_ref(card)))]
            }
            ast::CardPredKind::BeenOnEveryBoard { started } => vec![CardFilter::BeenOnEveryBoard {
                started: started.as_ref().map(|whose| self.single_owner(whose)),
            }],
            ast::CardPredKind::IsTop { on: None } => vec![CardFilter::IsTop],
            // `is a top card on your board`: one of that board's top cards.
            ast::CardPredKind::IsTop { on: Some(whose) } => {
                let tops = ast::CardRef {
                    kind: ast::CardRefKind::Np(Box::new(ast::CardNp {
                        possessive: Some(whose.clone()),
                        quantity: Some(ast::Spanned::new(
                            ast::Quantity::All { the: false },
                            whose.span,
                        )),
                        adjectives: vec![ast::Spanned::new(ast::Adjective::Top, whose.span)],
                        noun: ast::Spanned::new(ast::Noun::Cards, whose.span),
                        filters: Vec::new(),
                        source: None,
                        span: p.span,
                    })),
                    span: p.span,
                };
                vec![CardFilter::IsCard(Box::new(self.card_ref(&tops)))]
            }
            // `this card is on your board`: the card is one of the zone's cards.
            ast::CardPredKind::In(z) => {
                let source = self.zone_source(z, BoardPosition::All);
                vec![CardFilter::IsCard(Box::new(CardSel {
                    source,
                    filters: Vec::new(),
                    pick: Pick::all(),
                    chooser: Chooser::Executor,
                }))]
            }
            ast::CardPredKind::ColorOnBoard { negated, whose } => vec![CardFilter::ColorOnBoard {
                owner: self.owner(whose),
                negated: *negated,
            }],
            ast::CardPredKind::Color(c) => vec![CardFilter::Color(self.color_expr(c))],
        }
    }

    pub(super) fn player_measure(&mut self, m: &ast::PlayerMeasure) -> MeasureTest {
        match &m.kind {
            ast::PlayerMeasureKind::Amount { amount, measure } => MeasureTest::Amount {
                measure: self.measure(measure),
                test: amount_test(amount.node),
            },
            ast::PlayerMeasureKind::Compare {
                more,
                measure,
                than,
            } => {
                let op = if *more {
                    Comparison::Gt
                } else {
                    Comparison::Lt
                };
                let measure = self.measure(measure);
                self.versus(measure, op, than, 1)
            }
            ast::PlayerMeasureKind::AsMany {
                twice,
                measure,
                than,
            } => {
                let measure = self.measure(measure);
                self.versus(measure, Comparison::Ge, than, if *twice { 2 } else { 1 })
            }
        }
    }

    /// A measure compared with `factor` times the same measure of other players, or another
    /// measure.
    fn versus(
        &mut self,
        measure: Measure,
        op: Comparison,
        than: &ast::Than,
        factor: u8,
    ) -> MeasureTest {
        match than {
            ast::Than::Each(set) => MeasureTest::VersusEach {
                measure,
                op,
                set: player_set(set.node),
                factor,
            },
            ast::Than::Player(p) => MeasureTest::VersusPlayer {
                measure,
                op,
                other: self.player(p),
                factor,
            },
            ast::Than::Measure(other) => MeasureTest::VersusMeasure {
                measure,
                op,
                other: self.measure(other),
                factor,
            },
        }
    }

    pub(super) fn measure(&mut self, m: &ast::Spanned<ast::Measure>) -> Measure {
        match &m.node {
            ast::Measure::Points => Measure::Points,
            ast::Measure::Achievements => Measure::Achievements,
            ast::Measure::TopCards => Measure::TopCards,
            ast::Measure::TopCardOf(color) => Measure::TopCardOf(self.color_expr(color)),
            ast::Measure::TopOfType(kind) => Measure::TopOfSet(kind.set_name().to_string()),
            ast::Measure::CardsIn(ast::ZoneKind::Hand) => Measure::CardsInHand,
            ast::Measure::CardsIn(ast::ZoneKind::Forecast) => Measure::CardsInForecast,
            ast::Measure::Bonuses => Measure::Bonuses,
            ast::Measure::DifferentBonuses => Measure::DifferentBonuses,
            ast::Measure::ValueIn { value, zone } => Measure::CardsOfValueIn {
                value: self.small_count(*value, m.span),
                zone: match zone {
                    ast::ZoneKind::Hand => ZoneSel::Hand,
                    ast::ZoneKind::Forecast => ZoneSel::Forecast,
                    _ => ZoneSel::ScorePile,
                },
            },
            ast::Measure::VisibleInOneColor => Measure::VisibleInOneColor,
            ast::Measure::InOneColor(slot) => Measure::InOneColor(match slot.node.as_str() {
                "hex" => Slot::Hex,
                "echo" => Slot::Echo,
                "inspire" => Slot::Inspire,
                _ => self.card.slot_name(slot).unwrap_or(Slot::Hex),
            }),
            ast::Measure::ColorsWithOneIcon(n) => {
                Measure::ColorsWithOneIcon(self.small_count(*n, m.span))
            }
            ast::Measure::CardsIn(_) => Measure::CardsInScorePile,
            ast::Measure::History {
                verb,
                due_to: d,
                scope: s,
            } => Measure::Moved {
                verb: {
                    if *d == Some(ast::DueTo::ThisEcho) {
                        self.echo_history(Some(&ast::Spanned::new(ast::DueTo::ThisEcho, m.span)));
                    }
                    self.history_verb(*verb, m.span)
                },
                due_to: d.map(due_to),
                scope: s.map_or(HistoryScope::Action, scope),
            },
            ast::Measure::Colors(filters) => Measure::Colors(
                filters
                    .iter()
                    .filter_map(|f| self.color_filter(f))
                    .collect(),
            ),
            ast::Measure::ColorCards(color) => {
                Measure::ColorCards(self.card.color_name(color).unwrap_or(Color::Blue))
            }
            ast::Measure::Icon(icon) => {
                Measure::Icons(self.card.icon_name(icon).unwrap_or(Icon::Crown))
            }
        }
    }
}
