//! Card selections: where the cards come from (zones, bound cards, the supply, history), the
//! filters they pass and the pick that takes them.

use super::Emitter;
use crate::ir::{
    Binding, BoardPosition, CardFilter, CardSel, CardSource, Comparison, Count, Nth, Owner, Player,
    PlayerSet, StmtId, Supply, ValueTest, ZoneRef,
};
use dogma_runtime::bytecode::{self as bc, ChunkKind, Op, ZoneSel};

impl Emitter<'_> {
    /// `S: → cards`. `pick`: in a statement, the statement that picks and whether declining
    /// is allowed; `None` where the cards are only looked at (values, conditions, colours).
    pub(super) fn cards(&mut self, sel: &CardSel, pick: Option<(StmtId, bool)>) {
        self.source(&sel.source);
        self.filters(&sel.filters);
        if let Some((stmt, optional)) = pick {
            self.pick(sel, stmt, optional);
        }
    }

    /// `S: → cards` whose value or colour is read: named cards are taken wherever they are now
    /// (a card's value and colour do not depend on where it went).
    pub(super) fn looked_at(&mut self, sel: &CardSel) {
        match &sel.source {
            CardSource::Bound(Binding { stmt, nth: None }) => {
                self.op(Op::BoundAnywhere { stmt: stmt.0 });
                self.filters(&sel.filters);
            }
            _ => self.cards(sel, None),
        }
    }

    pub(super) fn pick(&mut self, sel: &CardSel, stmt: StmtId, optional: bool) {
        if sel.filters.contains(&CardFilter::SameValue) {
            let n = match sel.pick.count {
                Count::Exactly(n) | Count::Between(n, _) => n,
                _ => 1,
            };
            self.op(Op::ChooseSharedValue {
                n,
                chooser: sel.chooser,
                stmt: stmt.0,
            });
        }
        if sel.filters.contains(&CardFilter::SameColor) {
            let n = match sel.pick.count {
                Count::Exactly(n) | Count::Between(n, _) => n,
                _ => 1,
            };
            self.op(Op::ChooseSharedColor {
                n,
                chooser: sel.chooser,
                stmt: stmt.0,
            });
        }
        if sel.pick.count == Count::All && sel.pick.extreme.is_none() && !optional {
            return;
        }
        if let Some(n) = &sel.pick.computed {
            self.value(n);
        }
        self.op(Op::Pick {
            count: sel.pick.count,
            extreme: sel.pick.extreme,
            chooser: sel.chooser,
            optional,
            stmt: stmt.0,
        });
    }

    fn source(&mut self, source: &CardSource) {
        match source {
            CardSource::Zones {
                owner: Owner::One(player),
                zones,
            } => self.zones_of_player(player, zones),
            CardSource::Zones {
                owner: Owner::Union(group),
                zones,
            } => self.zones_of_group(*group, zones),
            CardSource::Bound(Binding { stmt, nth: None }) => self.op(Op::Bound { stmt: stmt.0 }),
            CardSource::Bound(Binding {
                stmt,
                nth: Some(nth),
            }) => self.op(Op::BoundNth {
                stmt: stmt.0,
                nth: match nth {
                    Nth::Index(i) => bc::Nth::Index(*i),
                    Nth::Last => bc::Nth::Last,
                },
            }),
            CardSource::Card(card) => self.op(Op::Card { card: card.0 }),
            CardSource::ThisCard => self.op(Op::ThisCard),
            CardSource::Supply(Supply::Deck(age, set)) => {
                self.value(age);
                let set = set.as_deref().map_or(0, |s| self.set_index(s));
                self.op(Op::DeckCards { set });
            }
            CardSource::Supply(Supply::DeckEnd {
                age,
                n,
                bottom,
                set,
            }) => {
                self.value(age);
                let set = set.as_deref().map_or(0, |s| self.set_index(s));
                self.op(Op::DeckEnd {
                    n: *n,
                    bottom: *bottom,
                    set,
                });
            }
            CardSource::Supply(Supply::ChosenDeckEnd { n, bottom }) => self.op(Op::ChosenDeckEnd {
                n: *n,
                bottom: *bottom,
            }),
            CardSource::Supply(Supply::Available) => self.op(Op::AvailableCards),
            CardSource::History(h) => {
                if let Some(by) = &h.by {
                    self.player(by);
                }
                self.op(Op::History {
                    verb: h.verb,
                    due_to: h.due_to,
                    scope: h.scope,
                    by: h.by.is_some(),
                });
            }
        }
    }

    /// Zones of one player, joined: the seat is computed once and `Dup`ed for each further
    /// zone (so a player chosen on the spot is asked for once).
    fn zones_of_player(&mut self, player: &Player, zones: &[ZoneRef]) {
        if zones.is_empty() {
            self.unsupported("a card source without zones");
            return;
        }
        let mut plain = zones.iter().filter(|z| zone_sel(z).is_some()).count();
        if plain > 0 {
            self.player(player);
        }
        for (i, zone) in zones.iter().enumerate() {
            match zone_sel(zone) {
                Some(zone) => {
                    plain -= 1;
                    if plain > 0 {
                        self.op(Op::Dup);
                    }
                    self.op(Op::Zone { zone });
                }
                None => self.beneath(zone),
            }
            if i > 0 {
                self.op(Op::Union);
            }
        }
    }

    fn zones_of_group(&mut self, group: PlayerSet, zones: &[ZoneRef]) {
        if zones.is_empty() {
            self.unsupported("a card source without zones");
            return;
        }
        for (i, zone) in zones.iter().enumerate() {
            match zone_sel(zone) {
                Some(zone) => self.op(Op::ZoneOfGroup { zone, group }),
                None => self.beneath(zone),
            }
            if i > 0 {
                self.op(Op::Union);
            }
        }
    }

    /// `the cards beneath X`: X's cards, then `Beneath`.
    fn beneath(&mut self, zone: &ZoneRef) {
        match zone {
            ZoneRef::Board(BoardPosition::Beneath(sel)) => {
                self.cards(sel, None);
                self.op(Op::Beneath);
            }
            ZoneRef::Board(BoardPosition::DirectlyBeneath(sel)) => {
                self.cards(sel, None);
                self.op(Op::Below);
            }
            _ => {}
        }
    }

    pub(super) fn filters(&mut self, filters: &[CardFilter]) {
        for filter in filters {
            self.filter(filter);
        }
    }

    /// `S: cards → cards that pass`.
    fn filter(&mut self, filter: &CardFilter) {
        match filter {
            CardFilter::HasIcon(icons) => self.op(Op::KeepIcons {
                mask: icons.iter().fold(0, |m, i| m | bc::icon_bit(*i)),
            }),
            CardFilter::LacksIcon(icon) => self.op(Op::DropIcon { icon: *icon }),
            CardFilter::HasSlot(slots) => self.op(Op::KeepSlots {
                icons: slots
                    .iter()
                    .filter_map(|s| s.icon())
                    .fold(0, |m, i| m | bc::icon_bit(i)),
                specials: slots.iter().fold(0, |m, s| m | bc::special_bit(*s)),
            }),
            CardFilter::LacksSlot(slot) => match slot.icon() {
                Some(icon) => self.op(Op::DropIcon { icon }),
                None => self.op(Op::DropSpecials {
                    specials: bc::special_bit(*slot),
                }),
            },
            CardFilter::Color(colors) => {
                self.colors(colors);
                self.op(Op::KeepColors);
            }
            CardFilter::NotColor(color) => self.op(Op::DropColor { color: *color }),
            CardFilter::Value(test) => self.value_filter(test),
            CardFilter::ColorOnBoard {
                owner: Owner::One(player),
                negated,
            } => {
                self.player(player);
                self.op(Op::KeepColorOnBoard { negated: *negated });
            }
            CardFilter::ColorOnBoard {
                owner: Owner::Union(group),
                negated,
            } => self.op(Op::KeepColorOnGroup {
                group: *group,
                negated: *negated,
            }),
            CardFilter::OtherThan(others) => {
                self.cards(others, None);
                self.op(Op::DropCards);
            }
            CardFilter::IsTop => self.op(Op::KeepTop),
            CardFilter::HigherThan(other) => {
                let test = self.value_test(other, Comparison::Gt);
                self.op(Op::KeepIf { test });
            }
            CardFilter::LowerThan(other) => {
                let test = self.value_test(other, Comparison::Lt);
                self.op(Op::KeepIf { test });
            }
            // The selection's chooser carries it.
            CardFilter::OfMyChoice => {}
            // Taken by the pick (`ChooseSharedValue`).
            CardFilter::SameValue | CardFilter::SameColor | CardFilter::DifferentValues => {}
            CardFilter::HasDemand => self.op(Op::KeepDemand),
            CardFilter::Effects { negated } => self.op(Op::KeepEffects { negated: *negated }),
            CardFilter::InSplayedPile => self.op(Op::KeepSplayedPile),
            CardFilter::Bonus { negated } => self.op(Op::KeepBonus { negated: *negated }),
            CardFilter::All(filters) => self.filters(filters),
            CardFilter::Parity { odd } => self.op(Op::KeepParity { odd: *odd }),
            CardFilter::OfSet(name) => {
                let set = self.set_index(name);
                self.op(Op::KeepSet { set })
            }
            CardFilter::NotOfSet(name) => {
                let set = self.set_index(name);
                let test = self.sub_chunk(ChunkKind::CardTest, |e| {
                    e.op(Op::CandidateCard);
                    e.op(Op::KeepSet { set });
                    e.op(Op::CountCards);
                    e.op(Op::Int { value: 0 });
                    e.op(Op::Compare { op: Comparison::Eq });
                });
                self.op(Op::KeepIf { test });
            }
            CardFilter::Eligible(player, score_multiple) => {
                self.player(player);
                self.op(Op::KeepEligible {
                    score_multiple: *score_multiple,
                });
            }
            CardFilter::HasChosenIcon(stmt) => self.op(Op::KeepChosenIcons { stmt: stmt.0 }),
            CardFilter::LacksChosenIcon(stmt) => {
                let test = self.sub_chunk(ChunkKind::CardTest, |e| {
                    e.op(Op::CandidateCard);
                    e.op(Op::KeepChosenIcons { stmt: stmt.0 });
                    e.op(Op::CountCards);
                    e.op(Op::Int { value: 0 });
                    e.op(Op::Compare { op: Comparison::Eq });
                });
                self.op(Op::KeepIf { test });
            }
            CardFilter::PileBottom(n) => self.op(Op::KeepPileBottom { n: *n }),
            CardFilter::NotPileBottom => self.op(Op::KeepNotPileBottom),
            CardFilter::BeenOnEveryBoard { started } => {
                if let Some(player) = started {
                    self.player(player);
                }
                self.op(Op::KeepBeenOnEveryBoard {
                    started: started.is_some(),
                });
            }
            CardFilter::BeforeInAlphabet(others) => {
                self.cards(others, None);
                self.op(Op::KeepBeforeInAlphabet);
            }
            CardFilter::VisibleSlot(slot) => self.op(Op::KeepVisibleSlot { slot: *slot }),
            CardFilter::SharesIcon(others) => {
                self.cards(others, None);
                self.op(Op::KeepSharingIcon);
            }
            CardFilter::SameIcons(others) => {
                self.cards(others, None);
                self.op(Op::KeepSameIcons);
            }
            CardFilter::Nth(nth) => self.op(Op::KeepNth {
                nth: match nth {
                    Nth::Index(i) => bc::Nth::Index(*i),
                    Nth::Last => bc::Nth::Last,
                },
            }),
            CardFilter::AllButTop(n) => self.op(Op::KeepAllButTop { n: *n }),
            CardFilter::PileTop(n) => self.op(Op::KeepPileTop { n: *n }),
            CardFilter::ValueMatching { cards, negated } => {
                // How many of the cards share the candidate's value: more than none (none).
                let test = self.sub_chunk(ChunkKind::CardTest, |e| {
                    e.cards(cards, None);
                    e.op(Op::CandidateValue);
                    e.op(Op::KeepValues { n: 1 });
                    e.op(Op::CountCards);
                    e.op(Op::Int { value: 0 });
                    e.op(Op::Compare {
                        op: if *negated {
                            Comparison::Eq
                        } else {
                            Comparison::Gt
                        },
                    });
                });
                self.op(Op::KeepIf { test });
            }
            CardFilter::IsCard(cards) => {
                self.cards(cards, None);
                self.op(Op::KeepCards);
            }
            // The candidate's set against the first of the cards' (none: -1, no set).
            CardFilter::SameType { cards, negated } => {
                let test = self.sub_chunk(ChunkKind::CardTest, |e| {
                    e.op(Op::CandidateCard);
                    e.op(Op::TypeOf);
                    e.cards(cards, None);
                    e.op(Op::TypeOf);
                    e.op(Op::Compare {
                        op: if *negated {
                            Comparison::Ne
                        } else {
                            Comparison::Eq
                        },
                    });
                });
                self.op(Op::KeepIf { test });
            }
            CardFilter::DirectlyBeneath(filters) => {
                let test = self.sub_chunk(ChunkKind::CardTest, |e| {
                    e.op(Op::CandidateCard);
                    e.op(Op::Above);
                    e.filters(filters);
                    e.op(Op::CountCards);
                    e.op(Op::Int { value: 0 });
                    e.op(Op::Compare { op: Comparison::Gt });
                });
                self.op(Op::KeepIf { test });
            }
        }
    }

    fn value_filter(&mut self, test: &ValueTest) {
        match test {
            ValueTest::OneOf(values) => {
                let Ok(n) = u8::try_from(values.len()) else {
                    self.error(format!(
                        "{} values to match are more than 255",
                        values.len()
                    ));
                    return;
                };
                for value in values {
                    self.value(value);
                }
                self.op(Op::KeepValues { n });
            }
            ValueTest::AtLeast(value) => {
                self.value(value);
                self.op(Op::KeepValueCmp { op: Comparison::Ge });
            }
            ValueTest::AtMost(value) => {
                self.value(value);
                self.op(Op::KeepValueCmp { op: Comparison::Le });
            }
        }
    }
}

/// A zone a player has, or `None` for the cards beneath a card.
fn zone_sel(zone: &ZoneRef) -> Option<ZoneSel> {
    Some(match zone {
        ZoneRef::Hand => ZoneSel::Hand,
        ZoneRef::ScorePile => ZoneSel::ScorePile,
        ZoneRef::Achievements => ZoneSel::Achievements,
        ZoneRef::Forecast => ZoneSel::Forecast,
        ZoneRef::Board(BoardPosition::Top) => ZoneSel::BoardTop,
        ZoneRef::Board(BoardPosition::Bottom) => ZoneSel::BoardBottom,
        ZoneRef::Board(BoardPosition::All) => ZoneSel::BoardAll,
        ZoneRef::Board(BoardPosition::Beneath(_) | BoardPosition::DirectlyBeneath(_)) => {
            return None
        }
    })
}
