//! Values and colours: numbers, arithmetic, counts, card values, parameters, and colour masks
//! with their filters.

use super::Emitter;
use crate::ir::{
    ColorFilter, ColorSel, ColorTerm, Countable, Extreme, Owner, ParamValue, Value, ValueList, Verb,
};
use dogma_runtime::bytecode::{self as bc, ChunkKind, MeasureCode, Op, Who};

impl Emitter<'_> {
    /// `I: → mask` of the alternatives.
    pub(super) fn colors(&mut self, colors: &ColorSel) {
        if colors.alternatives.is_empty() {
            self.op(Op::Int { value: 0 });
            return;
        }
        for (i, term) in colors.alternatives.iter().enumerate() {
            self.color_term(term);
            if i > 0 {
                self.op(Op::BitOr);
            }
        }
    }

    fn color_term(&mut self, term: &ColorTerm) {
        match term {
            ColorTerm::Named(color) => self.op(Op::Int {
                value: bc::color_bit(*color) as i16,
            }),
            ColorTerm::Any(filters) => {
                self.op(Op::Player { who: Who::Executor });
                self.op(Op::BoardColors);
                self.color_filters(filters);
                self.op(Op::Nip);
            }
            ColorTerm::Of(cards) => {
                self.looked_at(cards);
                self.op(Op::ColorsOfCards);
            }
            ColorTerm::Candidate if self.kind == ChunkKind::CardTest => self.op(Op::CandidateColor),
            ColorTerm::Candidate => {
                self.unsupported("`its color` outside a comparison with another card");
                self.op(Op::Int { value: 0 });
            }
            ColorTerm::ChosenBy(stmt) => self.op(Op::ChosenColors { stmt: stmt.0 }),
            ColorTerm::Param(index) => self.op(Op::Param { index: *index }),
            ColorTerm::Loop => self.op(Op::LoopColor),
        }
    }

    /// `I: seat → mask` of the colours of the seat's board that pass the filters.
    pub(super) fn board_colors_mask(&mut self, filters: &[ColorFilter]) {
        self.op(Op::BoardColors);
        self.color_filters(filters);
        self.op(Op::Nip);
    }

    /// `I: → v`: a parameter's value (a colour as its mask).
    pub(super) fn param_value(&mut self, value: &ParamValue) {
        match value {
            ParamValue::Value(v) => self.value(v),
            ParamValue::Color(c) => self.colors(c),
        }
    }

    pub(super) fn color_filters(&mut self, filters: &[ColorFilter]) {
        for filter in filters {
            self.color_filter(filter);
        }
    }

    /// `I: seat mask → seat mask'`.
    pub(super) fn color_filter(&mut self, filter: &ColorFilter) {
        match filter {
            ColorFilter::Splayed(directions) => self.op(Op::ColorsSplayed {
                directions: directions.iter().fold(0, |m, d| m | bc::direction_bit(*d)),
            }),
            ColorFilter::WithIcon(icon) => self.op(Op::ColorsWithIcon { icon: *icon }),
            ColorFilter::WithoutIcon(icon) => self.op(Op::ColorsWithoutIcon { icon: *icon }),
            ColorFilter::On(owner) => self.colors_on(owner, false),
            ColorFilter::NotOn(owner) => self.colors_on(owner, true),
            ColorFilter::Of(cards) => {
                self.cards(cards, None);
                self.op(Op::ColorsOfCards);
                self.op(Op::BitAnd);
            }
            ColorFilter::MostCards => self.op(Op::ColorsWithMostCards),
            ColorFilter::VisibleCards { most } => self.op(Op::ColorsByVisibleCards { most: *most }),
            ColorFilter::MoreVisibleThan(other) => {
                self.player(other);
                self.op(Op::ColorsWithMoreVisible);
            }
            ColorFilter::ChosenBy(stmt) => {
                self.op(Op::ChosenColors { stmt: stmt.0 });
                self.op(Op::BitAnd);
            }
            ColorFilter::OtherThan(color) => {
                self.op(Op::Int {
                    value: !(bc::color_bit(*color) as i16),
                });
                self.op(Op::BitAnd);
            }
        }
    }

    fn colors_on(&mut self, owner: &Owner, negated: bool) {
        match owner {
            Owner::One(player) => {
                self.player(player);
                self.op(Op::ColorsOnBoard { negated });
            }
            Owner::Union(group) => self.op(Op::ColorsOnGroup {
                group: *group,
                negated,
            }),
        }
    }

    pub(super) fn int(&mut self, n: i64) {
        match i16::try_from(n) {
            Ok(value) => self.op(Op::Int { value }),
            Err(_) => {
                self.error(format!(
                    "the number {n} does not fit the bytecode's numbers ({} to {})",
                    i16::MIN,
                    i16::MAX
                ));
                self.op(Op::Int { value: 0 });
            }
        }
    }

    /// `I: → n`.
    pub(super) fn value(&mut self, value: &Value) {
        match value {
            Value::Const(n) => self.int(i64::from(*n)),
            Value::Add(a, b) => self.binary(a, b, Op::Add),
            Value::Sub(a, b) => self.binary(a, b, Op::Sub),
            Value::Mul(a, b) => self.binary(a, b, Op::Mul),
            Value::Div(v, by) => {
                self.value(v);
                match u8::try_from(*by) {
                    Ok(by) if by > 0 => self.op(Op::Div { by }),
                    _ => self.error(format!("dividing by {by} is not between 1 and 255")),
                }
            }
            Value::Half(v, rounding) => {
                self.value(v);
                self.op(Op::Half {
                    rounding: *rounding,
                });
            }
            Value::ValueOf(cards) => {
                self.looked_at(cards);
                if cards.pick.extreme == Some(Extreme::Lowest) {
                    self.op(Op::ExtremeValue {
                        extreme: Extreme::Lowest,
                    });
                } else {
                    self.op(Op::ValueOf);
                }
            }
            Value::Extreme(extreme, cards) => {
                self.cards(cards, None);
                self.op(Op::ExtremeValue { extreme: *extreme });
            }
            Value::Count(countable) => self.count(countable),
            Value::ChosenBy(stmt) => self.op(Op::ChosenValue { stmt: stmt.0 }),
            Value::Total(cards) => {
                self.cards(cards, None);
                self.op(Op::TotalValue);
            }
            Value::Param(index) => self.op(Op::Param { index: *index }),
            Value::BonusOf(cards) => {
                self.looked_at(cards);
                self.op(Op::BonusOf);
            }
            // Chosen by the drawer, in the draw (`Emitter::draw`).
            Value::AnyValue { .. } => self.error("`any value` outside a draw".to_string()),
            Value::Among(_) => self.error("a value chosen among others outside a draw".to_string()),
            Value::EachOf(_) => self.error("a card of each value outside a draw".to_string()),
            Value::LoopValue => self.op(Op::LoopValue),
            Value::NextHigher => {
                self.op(Op::Player { who: Who::Executor });
                self.op(Op::Measure {
                    measure: MeasureCode::LastMovedValue(Verb::Draw),
                });
                self.op(Op::Int { value: 1 });
                self.op(Op::Add);
            }
            Value::MostOfOneIcon { owner, color } => {
                self.player(owner);
                self.colors(color);
                self.op(Op::MostOfOneIcon);
            }
            Value::HighestBonus(owner) => {
                self.player(owner);
                self.op(Op::Measure {
                    measure: MeasureCode::HighestBonus,
                });
            }
        }
    }

    /// `I: → v1 … vk k`: the values of a list, lowest first.
    pub(super) fn value_list(&mut self, list: &ValueList) {
        match list {
            ValueList::Bonuses(Owner::One(player)) => {
                self.player(player);
                self.op(Op::BonusValues {
                    group: None,
                    repeated: false,
                });
            }
            ValueList::Bonuses(Owner::Union(group)) => {
                self.op(Op::BonusValues {
                    group: Some(*group),
                    repeated: false,
                });
            }
            ValueList::RepeatedBonuses(player) => {
                self.player(player);
                self.op(Op::BonusValues {
                    group: None,
                    repeated: true,
                });
            }
            ValueList::BonusesOf(cards) => {
                self.cards(cards, None);
                self.op(Op::CardBonuses);
            }
            ValueList::ValuesIn(cards) => {
                self.cards(cards, None);
                self.op(Op::SetValues);
            }
            ValueList::Chosen(stmt) => self.op(Op::ChosenValues { stmt: stmt.0 }),
            ValueList::Below(bound) => {
                self.value(bound);
                self.op(Op::ValuesBelow);
            }
        }
    }

    fn binary(&mut self, a: &Value, b: &Value, op: Op) {
        self.value(a);
        self.value(b);
        self.op(op);
    }

    fn count(&mut self, countable: &Countable) {
        match countable {
            Countable::Cards(cards) => {
                self.cards(cards, None);
                self.op(Op::CountCards);
            }
            Countable::DifferentValues(cards) => {
                self.cards(cards, None);
                self.op(Op::DistinctValues);
            }
            Countable::DifferentColors(cards) => {
                self.cards(cards, None);
                self.op(Op::DistinctColors);
            }
            Countable::Colors { owner, filters } => {
                self.player(owner);
                self.board_colors(filters);
            }
            Countable::VisibleCards { owner, color } => {
                self.player(owner);
                self.colors(color);
                self.op(Op::VisibleCards);
            }
            Countable::Icons { owner, icon } => {
                self.player(owner);
                self.op(Op::Measure {
                    measure: MeasureCode::Icons(*icon),
                });
            }
            // Printed icons: read wherever the named cards lie now (docs/language.md, section
            // 12), like a value or a colour.
            Countable::IconsOnCards { cards, icon } => {
                self.looked_at(cards);
                self.op(Op::CardIcons { icon: *icon });
            }
            Countable::Players { set, test } => {
                let test = match test {
                    Some(test) => self.player_test(test),
                    None => bc::NO_CHUNK,
                };
                self.op(Op::CountPlayers { group: *set, test });
            }
        }
    }

    /// `I: seat → n`: how many colours of the seat's board pass the filters.
    pub(super) fn board_colors(&mut self, filters: &[ColorFilter]) {
        self.op(Op::BoardColors);
        self.color_filters(filters);
        self.op(Op::Nip);
        self.op(Op::PopCount);
    }
}
