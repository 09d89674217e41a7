//! Conditions: `and`/`or` short-circuited, statement outcomes, quantified players and cards,
//! splays, comparisons, and the tests and measures of a player.

use super::Emitter;
use crate::ir::{AmountTest, CardFilter, Cond, Measure, MeasureTest, StmtId};
use dogma_runtime::bytecode::{self as bc, MeasureCode, Op};

impl Emitter<'_> {
    /// `I: → 0/1`.
    pub(super) fn cond(&mut self, cond: &Cond) {
        match cond {
            Cond::And(parts) => self.junction(parts, Op::And, 1),
            Cond::Or(parts) => self.junction(parts, Op::Or, 0),
            Cond::Not(inner) => {
                self.cond(inner);
                self.op(Op::Not);
            }
            Cond::Did { stmt, done } => self.op(Op::Did {
                stmt: stmt.0,
                done: *done,
            }),
            Cond::Moved { stmt, test } => self.moved(*stmt, *test),
            Cond::Changed { stmt } => self.op(Op::Changed { stmt: stmt.0 }),
            Cond::Has { player, test } => {
                self.player(player);
                self.measure_test(test);
            }
            Cond::OnlyPlayer(test) => {
                let test = self.player_test(test);
                self.op(Op::OnlyPlayer { test });
            }
            Cond::Players {
                quantifier,
                set,
                test,
            } => {
                let test = self.player_test(test);
                self.op(Op::QuantifyPlayers {
                    quantifier: *quantifier,
                    group: *set,
                    test,
                });
            }
            Cond::Cards {
                quantifier,
                cards,
                filters,
            } => {
                self.cards(cards, None);
                self.op(Op::DupSet);
                self.filters(filters);
                self.op(Op::QuantifyCards {
                    quantifier: *quantifier,
                });
            }
            Cond::Splayed {
                player,
                color,
                direction,
            } => {
                self.player(player);
                self.colors(color);
                self.op(Op::IsSplayed {
                    direction: *direction,
                });
            }
            Cond::SameVisibleCards(player) => {
                self.player(player);
                self.op(Op::SameVisibleCards);
            }
            Cond::Eligible { player, value } => {
                self.player(player);
                self.value(value);
                self.op(Op::Eligible);
            }
            Cond::Compare { lhs, op, rhs } => {
                self.value(lhs);
                self.value(rhs);
                self.op(Op::Compare { op: *op });
            }
            Cond::ValuesMatch(a, b) => {
                self.cards(a, None);
                self.cards(b, None);
                self.op(Op::ValuesMatch);
            }
        }
    }

    /// `and` / `or` of the parts; `empty` when there are none.
    /// `and` / `or`, short-circuited: the parts after the first that decides are not evaluated
    /// (conditions are pure, so this changes only the speed).
    fn junction(&mut self, parts: &[Cond], op: Op, empty: i16) {
        let Some((last, init)) = parts.split_last() else {
            self.op(Op::Int { value: empty });
            return;
        };
        if op == Op::And {
            // a; jump_if_false F; b; jump_if_false F; c; jump E; F: int 0; E:
            let mut to_false = Vec::new();
            for part in init {
                self.cond(part);
                to_false.push(self.forward(Op::JumpIfFalse { target: 0 }));
            }
            self.cond(last);
            if to_false.is_empty() {
                return;
            }
            let to_end = self.forward(Op::Jump { target: 0 });
            for at in to_false {
                self.patch(at);
            }
            self.op(Op::Int { value: 0 });
            self.patch(to_end);
        } else {
            // a; jump_if_false N1; int 1; jump E; N1: b; …; c; E:
            let mut to_end = Vec::new();
            for part in init {
                self.cond(part);
                let next = self.forward(Op::JumpIfFalse { target: 0 });
                self.op(Op::Int { value: 1 });
                to_end.push(self.forward(Op::Jump { target: 0 }));
                self.patch(next);
            }
            self.cond(last);
            for at in to_end {
                self.patch(at);
            }
        }
    }

    fn moved(&mut self, stmt: StmtId, test: AmountTest) {
        match u8::try_from(test.n) {
            Ok(n) => self.op(Op::Moved {
                stmt: stmt.0,
                op: test.op,
                n,
            }),
            Err(_) => {
                self.error(format!("comparing with {} cards: more than 255", test.n));
                self.op(Op::Int { value: 0 });
            }
        }
    }

    /// `I: seat → 0/1`: a test of the player whose seat is on `I`.
    pub(super) fn measure_test(&mut self, test: &MeasureTest) {
        match test {
            MeasureTest::Amount { measure, test } => {
                self.measure(measure);
                self.int(i64::from(test.n));
                self.op(Op::Compare { op: test.op });
            }
            MeasureTest::VersusPlayer {
                measure,
                op,
                other,
                factor,
            } => {
                self.measure(measure);
                self.player(other);
                self.measure(measure);
                self.multiply_by(*factor);
                self.op(Op::Compare { op: *op });
            }
            MeasureTest::VersusEach {
                measure,
                op,
                set,
                factor,
            } => {
                let measure = self.player_measure(measure);
                self.op(Op::VersusEach {
                    measure,
                    op: *op,
                    group: *set,
                    factor: *factor,
                });
            }
            MeasureTest::VersusMeasure {
                measure,
                op,
                other,
                factor,
            } => {
                self.op(Op::Dup);
                self.measure(measure);
                self.op(Op::Swap);
                self.measure(other);
                self.multiply_by(*factor);
                self.op(Op::Compare { op: *op });
            }
        }
    }

    /// `I: n → factor * n` (nothing for 1).
    fn multiply_by(&mut self, factor: u8) {
        if factor != 1 {
            self.op(Op::Int {
                value: i16::from(factor),
            });
            self.op(Op::Mul);
        }
    }

    /// `I: seat → n`.
    pub(super) fn measure(&mut self, measure: &Measure) {
        let code = match measure {
            Measure::Points => MeasureCode::Points,
            Measure::Achievements => MeasureCode::Achievements,
            Measure::TopCards => MeasureCode::TopCards,
            Measure::TopOfSet(name) => MeasureCode::TopOfSet(self.set_index(name)),
            Measure::CardsInHand => MeasureCode::CardsInHand,
            Measure::CardsInScorePile => MeasureCode::CardsInScorePile,
            Measure::CardsInForecast => MeasureCode::CardsInForecast,
            Measure::CardsOfValueIn { value, zone } => MeasureCode::CardsOfValueIn {
                value: *value,
                zone: *zone,
            },
            Measure::Bonuses => MeasureCode::Bonuses,
            Measure::DifferentBonuses => MeasureCode::DifferentBonuses,
            Measure::InOneColor(slot) => MeasureCode::InOneColor(*slot),
            Measure::VisibleInOneColor => MeasureCode::VisibleInOneColor,
            Measure::ColorsWithOneIcon(n) => MeasureCode::ColorsWithOneIcon(*n),
            Measure::ColorCards(color) => MeasureCode::ColorCards(*color),
            Measure::Icons(icon) => MeasureCode::Icons(*icon),
            Measure::Moved {
                verb,
                due_to,
                scope,
            } => MeasureCode::Moved {
                verb: *verb,
                due_to: *due_to,
                scope: *scope,
            },
            Measure::Colors(filters) => {
                self.board_colors(filters);
                return;
            }
            // `I: seat → n`: the value of that player's top card of the colour, 0 for none.
            Measure::TopCardOf(color) => {
                self.op(Op::Zone {
                    zone: bc::ZoneSel::BoardTop,
                });
                self.filters(&[CardFilter::Color(color.clone())]);
                self.op(Op::ValueOf);
                return;
            }
        };
        self.op(Op::Measure { measure: code });
    }
}
