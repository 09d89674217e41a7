//! The VM's measures: numbers from cards, boards and players, counts and history, and the
//! conditions over cards and players.

use super::{outcome, Frame, OpResult, StmtOutcome, VmResult};
use crate::bytecode::{
    color_bit, direction_bit, CardIdx, ChunkIdx, CompiledEdition, MeasureCode, StmtId, ZoneSel,
    NO_CHUNK,
};
use crate::game::Game;
use crate::state::{pile_icon_count, Pile, Seat};
use crate::terms::{Comparison, DueTo, Extreme, HistoryScope, PlayerSet, Quantifier, Verb};
use crate::vocab::{Color, Icon, SplayDirection};

impl Game {
    /// `Op::History`: `→ S: cards` moved with the verb earlier in the action or turn (`I: seat →`
    /// first when `by` is set), optionally only those due to this card (or its demands).
    pub(super) fn op_history(
        &self,
        frame: &mut Frame,
        verb: Verb,
        due_to: Option<DueTo>,
        scope: HistoryScope,
        by: bool,
    ) -> OpResult {
        let by = if by { Some(self.pop_int(frame)?) } else { None };
        let mut cards: Vec<CardIdx> = Vec::new();
        for entry in &self.state.history {
            let in_scope = match scope {
                HistoryScope::Turn => true,
                HistoryScope::Action => entry.action == self.state.action,
            };
            let due = entry.due_to(due_to, frame.card);
            if entry.verb == verb
                && in_scope
                && due
                && by.is_none_or(|s| i32::from(entry.player) == s)
                && !cards.contains(&entry.card)
            {
                cards.push(entry.card);
            }
        }
        frame.sets.push(cards);
        Ok(None)
    }

    /// `Op::ValueOf`: `S: cards → I: highest value` (0 for none).
    #[inline]
    pub(super) fn op_value_of(&self, edition: &CompiledEdition, frame: &mut Frame) -> OpResult {
        let cards = self.pop_set(frame)?;
        frame.ints.push(extreme_value(
            self.value_fn(edition),
            &cards,
            Extreme::Highest,
        ));
        Ok(None)
    }

    /// Each card's value where it lies now (`State::value`), for the helpers that take one.
    pub(super) fn value_fn<'s>(
        &'s self,
        edition: &'s CompiledEdition,
    ) -> impl Fn(CardIdx) -> i32 + 's {
        move |c| i32::from(self.state.value(edition, c))
    }

    /// `Op::BonusOf`: `S: cards → I: highest bonus` (0 for none).
    #[inline]
    pub(super) fn op_bonus_of(&self, edition: &CompiledEdition, frame: &mut Frame) -> OpResult {
        let cards = self.pop_set(frame)?;
        let bonus = cards
            .iter()
            .map(|c| super::selections::card_bonus(edition, *c))
            .max()
            .unwrap_or(0);
        frame.ints.push(bonus);
        Ok(None)
    }

    /// `Op::ExtremeValue`: `S: cards → I: highest or lowest value` (0 for none).
    #[inline]
    pub(super) fn op_extreme_value(
        &self,
        edition: &CompiledEdition,
        frame: &mut Frame,
        extreme: Extreme,
    ) -> OpResult {
        let cards = self.pop_set(frame)?;
        frame
            .ints
            .push(extreme_value(self.value_fn(edition), &cards, extreme));
        Ok(None)
    }

    /// `Op::CountCards`: `S: cards → I: how many`.
    #[inline]
    pub(super) fn op_count_cards(&self, frame: &mut Frame) -> OpResult {
        let cards = self.pop_set(frame)?;
        frame.ints.push(cards.len() as i32);
        Ok(None)
    }

    /// `Op::TotalValue`: `S: cards → I: the sum of their values`.
    #[inline]
    pub(super) fn op_total_value(&self, edition: &CompiledEdition, frame: &mut Frame) -> OpResult {
        let cards = self.pop_set(frame)?;
        let total = cards
            .iter()
            .map(|c| i32::from(self.state.value(edition, *c)))
            .sum();
        frame.ints.push(total);
        Ok(None)
    }

    /// `Op::ValuesMatch`: `S: a b → I: same`: the two sets hold the same values, each as many
    /// times.
    pub(super) fn op_values_match(&self, edition: &CompiledEdition, frame: &mut Frame) -> OpResult {
        let b = self.pop_set(frame)?;
        let a = self.pop_set(frame)?;
        let values = |cards: &[CardIdx]| {
            let mut ages: Vec<u8> = cards
                .iter()
                .map(|c| self.state.value(edition, *c))
                .collect();
            ages.sort_unstable();
            ages
        };
        frame.ints.push(i32::from(values(&a) == values(&b)));
        Ok(None)
    }

    /// `Op::DistinctValues`: `S: cards → I: how many different values`.
    #[inline]
    pub(super) fn op_distinct_values(
        &self,
        edition: &CompiledEdition,
        frame: &mut Frame,
    ) -> OpResult {
        let cards = self.pop_set(frame)?;
        let mut ages: Vec<u8> = cards
            .iter()
            .map(|c| self.state.value(edition, *c))
            .collect();
        ages.sort();
        ages.dedup();
        frame.ints.push(ages.len() as i32);
        Ok(None)
    }

    /// `Op::DistinctColors`: `S: cards → I: how many different colours`.
    #[inline]
    pub(super) fn op_distinct_colors(
        &self,
        edition: &CompiledEdition,
        frame: &mut Frame,
    ) -> OpResult {
        let cards = self.pop_set(frame)?;
        let mask = cards
            .iter()
            .fold(0, |m, c| m | color_bit(edition.card(*c).color));
        frame.ints.push(mask.count_ones() as i32);
        Ok(None)
    }

    /// `Op::ColorsOfCards`: `S: cards → I: mask of their colours`.
    #[inline]
    pub(super) fn op_colors_of_cards(
        &self,
        edition: &CompiledEdition,
        frame: &mut Frame,
    ) -> OpResult {
        let cards = self.pop_set(frame)?;
        let mask = cards
            .iter()
            .fold(0, |m, c| m | color_bit(edition.card(*c).color));
        frame.ints.push(mask);
        Ok(None)
    }

    /// `Op::CandidateColor`: `→ I: mask` of the candidate card's colour (in a card test).
    #[inline]
    pub(super) fn op_candidate_color(
        &self,
        edition: &CompiledEdition,
        frame: &mut Frame,
    ) -> OpResult {
        match frame.candidate {
            Some(c) => frame.ints.push(color_bit(edition.card(c).color)),
            None => return Err(self.error(frame, "`its color` is used outside a card test")),
        }
        Ok(None)
    }

    /// `Op::CandidateValue`: `→ I: value` of the candidate card (in a card test).
    #[inline]
    pub(super) fn op_candidate_value(
        &self,
        edition: &CompiledEdition,
        frame: &mut Frame,
    ) -> OpResult {
        match frame.candidate {
            Some(c) => frame.ints.push(i32::from(self.state.value(edition, c))),
            None => return Err(self.error(frame, "a card test has no card")),
        }
        Ok(None)
    }

    /// `Op::ChosenValue`: `→ I: value` chosen by an earlier `choose a value`.
    #[inline]
    pub(super) fn op_chosen_value(
        &self,
        frame: &mut Frame,
        stmt: StmtId,
        outer: Option<&[StmtOutcome]>,
    ) -> OpResult {
        let v = outcome(frame, outer, stmt)
            .and_then(|o| o.values.first().copied())
            .unwrap_or(0);
        frame.ints.push(v);
        Ok(None)
    }

    /// `Op::ChosenValues`: `→ I: v1 … vk k`: the values an earlier `choose … values` picked,
    /// lowest first (none if it did not run).
    pub(super) fn op_chosen_values(
        &self,
        frame: &mut Frame,
        stmt: StmtId,
        outer: Option<&[StmtOutcome]>,
    ) -> OpResult {
        let mut values = outcome(frame, outer, stmt).map_or_else(Vec::new, |o| o.values.clone());
        values.sort_unstable();
        Self::push_values(frame, values);
        Ok(None)
    }

    /// `Op::ChosenColors`: `→ I: mask` of the colours chosen by an earlier `choose … colors`.
    #[inline]
    pub(super) fn op_chosen_colors(
        &self,
        frame: &mut Frame,
        stmt: StmtId,
        outer: Option<&[StmtOutcome]>,
    ) -> OpResult {
        let mask = outcome(frame, outer, stmt).map_or(0, |o| o.colors);
        frame.ints.push(mask);
        Ok(None)
    }

    /// `Op::BoardColors`: `I: seat → seat mask` of the colours on that player's board.
    #[inline]
    pub(super) fn op_board_colors(&self, frame: &mut Frame) -> OpResult {
        let seat = self.pop_int(frame)?;
        frame.ints.push(seat);
        frame.ints.push(self.board_colors(seat));
        Ok(None)
    }

    /// `Op::ColorsSplayed`: `I: seat mask → seat mask'`: keep colours splayed in one of the
    /// directions (mask of `SplayDirection` bits; 0 = any direction).
    #[inline]
    pub(super) fn op_colors_splayed(&self, frame: &mut Frame, directions: u8) -> OpResult {
        let mask = self.pop_int(frame)?;
        let Some(&seat) = frame.ints.last() else {
            return Err(self.error(frame, "the number stack is empty"));
        };
        let kept = self.filter_colors(seat, mask, |pile| match pile.splay {
            Some(d) => directions == 0 || directions & direction_bit(d) != 0,
            None => false,
        });
        frame.ints.push(kept);
        Ok(None)
    }

    /// `Op::ColorsWithIcon`: `I: seat mask → seat mask'`: keep colours whose pile shows the icon.
    #[inline]
    pub(super) fn op_colors_with_icon(
        &self,
        edition: &CompiledEdition,
        frame: &mut Frame,
        icon: Icon,
    ) -> OpResult {
        let mask = self.pop_int(frame)?;
        let Some(&seat) = frame.ints.last() else {
            return Err(self.error(frame, "the number stack is empty"));
        };
        let kept = self.filter_colors(seat, mask, |pile| pile_icon_count(edition, pile, icon) > 0);
        frame.ints.push(kept);
        Ok(None)
    }

    /// `Op::ColorsWithoutIcon`: `I: seat mask → seat mask'`: keep colours whose pile shows no
    /// such icon.
    pub(super) fn op_colors_without_icon(
        &self,
        edition: &CompiledEdition,
        frame: &mut Frame,
        icon: Icon,
    ) -> OpResult {
        let mask = self.pop_int(frame)?;
        let Some(&seat) = frame.ints.last() else {
            return Err(self.error(frame, "the number stack is empty"));
        };
        let kept = self.filter_colors(seat, mask, |pile| pile_icon_count(edition, pile, icon) == 0);
        frame.ints.push(kept);
        Ok(None)
    }

    /// `Op::ColorsOnBoard`: `I: seat mask other → seat mask'`: keep colours (negated: not) on
    /// `other`'s board.
    #[inline]
    pub(super) fn op_colors_on_board(&self, frame: &mut Frame, negated: bool) -> OpResult {
        let other = self.pop_int(frame)?;
        let mask = self.pop_int(frame)?;
        let present = self.board_colors(other);
        frame.ints.push(if negated {
            mask & !present
        } else {
            mask & present
        });
        Ok(None)
    }

    /// `Op::ColorsOnGroup`: `I: seat mask → seat mask'`: keep colours on some board of the group
    /// (negated: on none), the group taken relative to the executor.
    #[inline]
    pub(super) fn op_colors_on_group(
        &self,
        frame: &mut Frame,
        group: PlayerSet,
        negated: bool,
    ) -> OpResult {
        let mask = self.pop_int(frame)?;
        let present = self.group_colors(group, frame.executor);
        frame.ints.push(if negated {
            mask & !present
        } else {
            mask & present
        });
        Ok(None)
    }

    /// `Op::Measure`: `I: seat → n` (the native code calls `measure_op` in place).
    #[inline]
    pub(super) fn op_measure(&self, frame: &mut Frame, measure: MeasureCode) -> OpResult {
        self.measure_op(frame, measure)?;
        Ok(None)
    }

    /// `Op::QuantifyCards`: `S: all filtered → I: b`: any / each / no card of `all` is in
    /// `filtered`.
    #[inline]
    pub(super) fn op_quantify_cards(&self, frame: &mut Frame, quantifier: Quantifier) -> OpResult {
        let filtered = self.pop_set(frame)?;
        let all = self.pop_set(frame)?;
        let result = match quantifier {
            Quantifier::Any => !filtered.is_empty(),
            // "Each" over no cards holds (vacuous truth): Astronomy with only purple
            // top cards claims Universe, as the online implementations do.
            Quantifier::Each => filtered.len() == all.len(),
            Quantifier::No => filtered.is_empty(),
        };
        frame.ints.push(i32::from(result));
        Ok(None)
    }

    /// `Op::QuantifyPlayers`: `→ I: b`: the player test holds for any / each / no player of the
    /// group.
    pub(super) fn op_quantify_players(
        &mut self,
        frame: &mut Frame,
        quantifier: Quantifier,
        group: PlayerSet,
        test: ChunkIdx,
        outer: Option<&[StmtOutcome]>,
    ) -> OpResult {
        let seats = self.group_seats(group, frame.executor);
        let mut holds = Vec::new();
        for seat in &seats {
            holds.push(
                self.eval_sub(
                    frame,
                    outer.unwrap_or(&frame.outcomes),
                    test,
                    None,
                    Some(*seat),
                )? != 0,
            );
        }
        let result = match quantifier {
            Quantifier::Any => holds.iter().any(|h| *h),
            Quantifier::Each => !holds.is_empty() && holds.iter().all(|h| *h),
            Quantifier::No => !holds.iter().any(|h| *h),
        };
        frame.ints.push(i32::from(result));
        Ok(None)
    }

    /// `Op::CountPlayers`: `→ I: n`: how many players of the group the player test holds for
    /// (every one for `NO_CHUNK`).
    pub(super) fn op_count_players(
        &mut self,
        frame: &mut Frame,
        group: PlayerSet,
        test: ChunkIdx,
        outer: Option<&[StmtOutcome]>,
    ) -> OpResult {
        let mut n = 0;
        for seat in self.group_seats(group, frame.executor) {
            if test == NO_CHUNK
                || self.eval_sub(
                    frame,
                    outer.unwrap_or(&frame.outcomes),
                    test,
                    None,
                    Some(seat),
                )? != 0
            {
                n += 1;
            }
        }
        frame.ints.push(n);
        Ok(None)
    }

    /// `Op::OnlyPlayer`: `→ I: b`: the player test holds for the executor and for no other player.
    pub(super) fn op_only_player(
        &mut self,
        frame: &mut Frame,
        test: ChunkIdx,
        outer: Option<&[StmtOutcome]>,
    ) -> OpResult {
        let me = frame.executor;
        let mut result = self.eval_sub(
            frame,
            outer.unwrap_or(&frame.outcomes),
            test,
            None,
            Some(me),
        )? != 0;
        for seat in self.group_seats(PlayerSet::Others, me) {
            if result
                && self.eval_sub(
                    frame,
                    outer.unwrap_or(&frame.outcomes),
                    test,
                    None,
                    Some(seat),
                )? != 0
            {
                result = false;
            }
        }
        frame.ints.push(i32::from(result));
        Ok(None)
    }

    /// `Op::VersusEach`: `I: seat → b`: the player's measure compares so with that of every player
    /// of the group (other than the player).
    pub(super) fn op_versus_each(
        &mut self,
        frame: &mut Frame,
        measure: ChunkIdx,
        op: Comparison,
        group: PlayerSet,
        factor: u8,
        outer: Option<&[StmtOutcome]>,
    ) -> OpResult {
        let seat = self.pop_int(frame)?;
        let Ok(subject) = Seat::try_from(seat) else {
            return Err(self.error(frame, "no player to compare"));
        };
        let mine = self.eval_sub(
            frame,
            outer.unwrap_or(&frame.outcomes),
            measure,
            None,
            Some(subject),
        )?;
        let mut result = true;
        for other in self.group_seats(group, subject) {
            if other != subject {
                let theirs = self.eval_sub(
                    frame,
                    outer.unwrap_or(&frame.outcomes),
                    measure,
                    None,
                    Some(other),
                )?;
                result &= op.holds(mine, theirs.saturating_mul(i32::from(factor)));
            }
        }
        frame.ints.push(i32::from(result));
        Ok(None)
    }

    /// `Op::Eligible`: `I: seat value → b`: the player could claim the standard achievement of
    /// the value by an Achieve action now.
    #[inline]
    pub(super) fn op_eligible(&self, frame: &mut Frame) -> OpResult {
        let value = self.pop_int(frame)?;
        let seat = self.pop_int(frame)?;
        let eligible = self.seat(seat).is_some_and(|seat| {
            u8::try_from(value).is_ok_and(|age| self.achievable_ages(seat).contains(&age))
        });
        frame.ints.push(i32::from(eligible));
        Ok(None)
    }

    /// `Op::IsSplayed`: `I: seat mask → b`: a pile of a colour of the mask is splayed in the
    /// direction.
    #[inline]
    pub(super) fn op_is_splayed(&self, frame: &mut Frame, direction: SplayDirection) -> OpResult {
        let mask = self.pop_int(frame)?;
        let seat = self.pop_int(frame)?;
        let splayed = self.seat(seat).is_some_and(|s| {
            Color::ALL.iter().any(|c| {
                mask & color_bit(*c) != 0
                    && self.state.players[s as usize].pile(*c).splay == Some(direction)
            })
        });
        frame.ints.push(i32::from(splayed));
        Ok(None)
    }

    /// `Op::ColorsWithMostCards`: `I: seat mask → seat mask'`: keep the colours whose pile has
    /// the most cards among those of the mask (several on a tie; none if all are empty).
    pub(super) fn op_colors_with_most_cards(&self, frame: &mut Frame) -> OpResult {
        let mask = self.pop_int(frame)?;
        let Some(&seat) = frame.ints.last() else {
            return Err(self.error(frame, "the number stack is empty"));
        };
        let size = |c: Color| {
            self.seat(seat)
                .map_or(0, |s| self.state.players[s as usize].pile(c).cards.len())
        };
        let most = Color::ALL
            .iter()
            .filter(|c| mask & color_bit(**c) != 0)
            .map(|c| size(*c))
            .max()
            .unwrap_or(0);
        let kept = Color::ALL
            .iter()
            .filter(|c| mask & color_bit(**c) != 0 && most > 0 && size(**c) == most)
            .fold(0, |m, c| m | color_bit(*c));
        frame.ints.push(kept);
        Ok(None)
    }

    /// `Op::ColorsByVisibleCards`: `I: seat mask → seat mask'`: keep the colours of the mask
    /// whose pile shows the most (or the fewest) visible cards among them, several on a tie
    /// (../shared/rules/online-rules-summary-with-expansions.txt, "Visible": every card of a
    /// splayed pile, the top card of an unsplayed one).
    pub(super) fn op_colors_by_visible_cards(&self, frame: &mut Frame, most: bool) -> OpResult {
        let mask = self.pop_int(frame)?;
        let Some(&seat) = frame.ints.last() else {
            return Err(self.error(frame, "the number stack is empty"));
        };
        let shown = |c: Color| {
            self.seat(seat)
                .map_or(0, |s| self.state.visible_cards(s, c))
        };
        let colors = Color::ALL.iter().filter(|c| mask & color_bit(**c) != 0);
        let target = if most {
            colors.clone().map(|c| shown(*c)).max()
        } else {
            colors.clone().map(|c| shown(*c)).min()
        };
        let kept = colors
            .filter(|c| Some(shown(**c)) == target)
            .fold(0, |m, c| m | color_bit(*c));
        frame.ints.push(kept);
        Ok(None)
    }

    /// `Op::ColorsWithMoreVisible`: `I: seat mask other → seat mask'`: keep the colours whose
    /// pile on the seat's board shows more visible cards than the other seat's pile.
    pub(super) fn op_colors_with_more_visible(&self, frame: &mut Frame) -> OpResult {
        let other = self.pop_int(frame)?;
        let mask = self.pop_int(frame)?;
        let Some(&seat) = frame.ints.last() else {
            return Err(self.error(frame, "the number stack is empty"));
        };
        let shown = |seat: i32, c: Color| {
            self.seat(seat)
                .map_or(0, |s| self.state.visible_cards(s, c))
        };
        let kept = Color::ALL
            .iter()
            .filter(|c| mask & color_bit(**c) != 0 && shown(seat, **c) > shown(other, **c))
            .fold(0, |m, c| m | color_bit(*c));
        frame.ints.push(kept);
        Ok(None)
    }

    /// `Op::VisibleCards`: `I: seat mask → n`: the visible cards of the seat's piles of the
    /// mask's colours.
    pub(super) fn op_visible_cards(&self, frame: &mut Frame) -> OpResult {
        let mask = self.pop_int(frame)?;
        let seat = self.pop_int(frame)?;
        let n = self.seat(seat).map_or(0, |s| {
            Color::ALL
                .iter()
                .filter(|c| mask & color_bit(**c) != 0)
                .map(|c| self.state.visible_cards(s, *c))
                .sum::<usize>()
        });
        frame.ints.push(n as i32);
        Ok(None)
    }

    /// `Op::MostOfOneIcon`: `I: seat mask → n`: the highest number of one icon visible in one of
    /// the seat's piles of the mask's colours (standard icons only; 0 for none).
    pub(super) fn op_most_of_one_icon(&self, frame: &mut Frame) -> OpResult {
        let mask = self.pop_int(frame)?;
        let seat = self.pop_int(frame)?;
        let n = self.seat(seat).map_or(0, |s| {
            Color::ALL
                .iter()
                .filter(|c| mask & color_bit(**c) != 0)
                .flat_map(|c| {
                    let pile = self.state.players[s as usize].pile(*c);
                    crate::vocab::Icon::ALL.iter().map(move |icon| {
                        self.visible_slots(pile)
                            .filter(|(_, slot)| *slot == crate::vocab::Slot::Icon(*icon))
                            .count()
                    })
                })
                .max()
                .unwrap_or(0)
        });
        frame.ints.push(n as i32);
        Ok(None)
    }

    /// `Op::SameVisibleCards`: `I: seat → b`: every non-empty pile of the seat's board shows as
    /// many cards: a splayed pile all of its cards, an unsplayed one its top card ("All cards in
    /// a splayed stack are visible", "No non-top cards are visible in an unsplayed stack":
    /// ../shared/rules/online-rules-summary-with-expansions.txt, "Visible"). False with no pile.
    pub(super) fn op_same_visible_cards(&self, frame: &mut Frame) -> OpResult {
        let seat = self.pop_int(frame)?;
        let counts: Vec<usize> = self.seat(seat).map_or_else(Vec::new, |s| {
            Color::ALL
                .iter()
                .map(|c| self.state.players[s as usize].pile(*c))
                .filter(|p| !p.cards.is_empty())
                .map(|p| if p.splay.is_some() { p.cards.len() } else { 1 })
                .collect()
        });
        let same = counts
            .first()
            .is_some_and(|n| counts.iter().all(|m| m == n));
        frame.ints.push(i32::from(same));
        Ok(None)
    }

    /// `Op::PileSplay`: `I: seat color → direction`: the pile's splay as its `direction_bit`
    /// (0 when it is not splayed, or for no player or colour).
    pub(super) fn op_pile_splay(&self, frame: &mut Frame) -> OpResult {
        let color = self.pop_int(frame)?;
        let seat = self.pop_int(frame)?;
        let splay = match (
            self.seat(seat),
            usize::try_from(color)
                .ok()
                .and_then(|i| Color::ALL.get(i).copied()),
        ) {
            (Some(seat), Some(color)) => self.state.players[seat as usize].pile(color).splay,
            _ => None,
        };
        frame
            .ints
            .push(splay.map_or(0, |d| i32::from(direction_bit(d))));
        Ok(None)
    }

    /// `Op::Measure`: pops a seat, pushes the player's measure.
    #[inline]
    pub fn measure_op(&self, frame: &mut Frame, measure: MeasureCode) -> VmResult<()> {
        let seat = self.pop_int(frame)?;
        let value = self.measure(frame, seat, measure);
        frame.ints.push(value);
        Ok(())
    }

    /// A player's measure (0 for nobody).
    fn measure(&self, frame: &Frame, seat: i32, measure: MeasureCode) -> i32 {
        let Some(seat) = self.seat(seat) else {
            return 0;
        };
        let edition = self.edition();
        let player = &self.state.players[seat as usize];
        match measure {
            MeasureCode::Points => self.score(seat),
            MeasureCode::Achievements => self.achievements_total(seat) as i32,
            MeasureCode::TopCards => player.top_cards().count() as i32,
            MeasureCode::TopOfSet(set) => player
                .top_cards()
                .filter(|c| edition.card(*c).deck_set == set)
                .count() as i32,
            MeasureCode::CardsInHand => player.hand.len() as i32,
            MeasureCode::CardsInScorePile => player.score_pile.len() as i32,
            MeasureCode::ColorCards(c) => player.pile(c).cards.len() as i32,
            MeasureCode::Icons(icon) => self.state.icon_count(edition, seat, icon),
            MeasureCode::HighestBonus => self.highest_bonus(seat),
            MeasureCode::CardsInForecast => player.forecast.len() as i32,
            MeasureCode::CardsOfValueIn { value, zone } => {
                let cards = match zone {
                    ZoneSel::Hand => &player.hand,
                    ZoneSel::Forecast => &player.forecast,
                    _ => &player.score_pile,
                };
                cards
                    .iter()
                    .filter(|c| self.state.value(edition, **c) == value)
                    .count() as i32
            }
            MeasureCode::LastMovedValue(verb) => self
                .state
                .history
                .iter()
                .rev()
                .find(|e| {
                    e.verb == verb
                        && e.player == seat
                        && e.action == self.state.action
                        && e.due_to(Some(DueTo::ThisCard), frame.card)
                })
                .map_or(0, |e| i32::from(self.state.value(edition, e.card))),
            MeasureCode::Bonuses => self.visible_bonuses(seat).len() as i32,
            MeasureCode::DifferentBonuses => {
                let mut values = self.visible_bonuses(seat);
                values.sort_unstable();
                values.dedup();
                values.len() as i32
            }
            MeasureCode::InOneColor(slot) => self.most_in_one_color(seat, slot),
            MeasureCode::VisibleInOneColor => Color::ALL
                .iter()
                .map(|c| self.state.visible_cards(seat, *c) as i32)
                .max()
                .unwrap_or(0),
            MeasureCode::ColorsWithOneIcon(n) => self.colors_with_one_icon(seat, n),
            MeasureCode::Moved {
                verb,
                due_to,
                scope,
            } => self
                .state
                .history
                .iter()
                .filter(|e| {
                    e.verb == verb
                        && e.player == seat
                        && match scope {
                            HistoryScope::Turn => true,
                            HistoryScope::Action => e.action == self.state.action,
                        }
                        && e.due_to(due_to, frame.card)
                })
                .count() as i32,
        }
    }

    /// The mask of the colours on a player's board (0 for nobody).
    pub(super) fn board_colors(&self, seat: i32) -> i32 {
        let Some(seat) = self.seat(seat) else {
            return 0;
        };
        Color::ALL
            .iter()
            .filter(|c| !self.state.players[seat as usize].pile(**c).cards.is_empty())
            .fold(0, |m, c| m | color_bit(*c))
    }

    /// The mask of the colours on some board of the group, taken relative to `base`.
    pub(super) fn group_colors(&self, group: PlayerSet, base: Seat) -> i32 {
        self.group_seats(group, base)
            .into_iter()
            .fold(0, |m, s| m | self.board_colors(i32::from(s)))
    }

    /// The colours of the mask whose pile on a player's board passes `keep` (0 for nobody).
    fn filter_colors(&self, seat: i32, mask: i32, keep: impl Fn(&Pile) -> bool) -> i32 {
        let Some(seat) = self.seat(seat) else {
            return 0;
        };
        Color::ALL
            .iter()
            .filter(|c| {
                mask & color_bit(**c) != 0 && keep(self.state.players[seat as usize].pile(**c))
            })
            .fold(0, |m, c| m | color_bit(*c))
    }
}

/// The highest or lowest value among the cards (0 for none), each card's value given by `value`
/// (`State::value`: where the card lies).
pub(super) fn extreme_value(
    value: impl Fn(CardIdx) -> i32,
    cards: &[CardIdx],
    extreme: Extreme,
) -> i32 {
    let ages = cards.iter().map(|c| value(*c));
    match extreme {
        Extreme::Highest => ages.max(),
        Extreme::Lowest => ages.min(),
    }
    .unwrap_or(0)
}
