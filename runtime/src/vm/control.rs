//! The VM's control flow and values: jumps, loops and parameters, numbers and logic, players
//! named by the frame, and statement outcomes.

use super::RuntimeError;
use super::{
    current_each, outcome, outcome_mut, stopped, Frame, OpResult, StmtOutcome, Stop, NOBODY,
};
use crate::bytecode::{color_bit, CardIdx, Chunk, CompiledEdition, IfYouDo, ListIdx, StmtId, Who};
use crate::log::Event;
use crate::state::Seat;
use crate::vocab::Color;

/// The order colour loops go in: alphabetical, as the printed cards list colours.
const COLOR_ORDER: [Color; 5] = [
    Color::Blue,
    Color::Green,
    Color::Purple,
    Color::Red,
    Color::Yellow,
];
use crate::game::Game;
use crate::state::Location;
use crate::terms::{Comparison, PlayerSet, Rounding};

impl Game {
    /// `Op::Jump`: continue at `target`.
    #[inline]
    pub(super) fn op_jump(&self, frame: &mut Frame, target: u16) -> OpResult {
        frame.pc = target;
        Ok(None)
    }

    /// `Op::JumpIfFalse`: `I: b →`; continue at `target` when b is 0.
    #[inline]
    pub(super) fn op_jump_if_false(&self, frame: &mut Frame, target: u16) -> OpResult {
        if self.pop_int(frame)? == 0 {
            frame.pc = target;
        }
        Ok(None)
    }

    /// `Op::Return`: end the chunk. In a pure chunk the result is the top of `I`.
    #[inline]
    pub(super) fn op_return(&self) -> OpResult {
        stopped(Stop::Done)
    }

    /// `Op::RepeatEffect`: `repeat this effect`: forget every outcome and restart the effect for
    /// the same players (the effect's parameters keep the values `SetParam` gave them).
    #[inline]
    pub(super) fn op_repeat_effect(&self, frame: &mut Frame, pure: bool) -> OpResult {
        self.impure(frame, pure)?;
        // An effect repeats at most 255 times in one execution: a repeat that could go on
        // forever ends there, as if it had not been asked (Figures: Metalworking drawing back
        // the one card a "would score, instead return it" karma keeps returning to its deck; a
        // bound, where the questions between the rounds would give the VM fresh fuel).
        if frame.repeats == u8::MAX {
            return Ok(Some(super::Stop::Done));
        }
        frame.pc = 0;
        frame.ints.clear();
        frame.sets.clear();
        frame.loops.clear();
        frame.each.clear();
        frame.color_loops.clear();
        for o in frame.outcomes.iter_mut() {
            *o = StmtOutcome::default();
        }
        frame.repeats = frame.repeats.saturating_add(1);
        Ok(None)
    }

    /// `Op::Repeats`: `→ I: n`: how many times `RepeatEffect` has restarted this execution of the
    /// effect.
    #[inline]
    pub(super) fn op_repeats(&self, frame: &mut Frame) -> OpResult {
        frame.ints.push(i32::from(frame.repeats));
        Ok(None)
    }

    /// `Op::InitParam`: `I: v →`: give the effect's parameter its first value, unless a repeat has
    /// set it.
    #[inline]
    pub(super) fn op_init_param(&self, frame: &mut Frame, index: u8) -> OpResult {
        let v = self.pop_int(frame)?;
        let i = usize::from(index);
        if frame.params.len() <= i {
            frame.params.resize(i, 0);
            frame.params.push(v);
        }
        Ok(None)
    }

    /// `Op::SetParam`: `I: v →`: set the effect's parameter (before `RepeatEffect`).
    #[inline]
    pub(super) fn op_set_param(&self, frame: &mut Frame, index: u8) -> OpResult {
        let v = self.pop_int(frame)?;
        let i = usize::from(index);
        if frame.params.len() <= i {
            frame.params.resize(i + 1, 0);
        }
        frame.params[i] = v;
        Ok(None)
    }

    /// `Op::Param`: `→ I: v` of the effect's parameter.
    #[inline]
    pub(super) fn op_param(&self, frame: &mut Frame, index: u8) -> OpResult {
        let v = frame.params.get(usize::from(index)).copied().unwrap_or(0);
        frame.ints.push(v);
        Ok(None)
    }

    /// `Op::EndDogma`: `end the dogma action`: the rest of the dogma action is skipped.
    #[inline]
    pub(super) fn op_end_dogma(&self, frame: &mut Frame, pure: bool) -> OpResult {
        self.impure(frame, pure)?;
        stopped(Stop::EndDogma)
    }

    /// `Op::EndGame`: `end the game`: the game ends as when the supply runs out (by score).
    #[inline]
    pub(super) fn op_end_game(&mut self, frame: &mut Frame, pure: bool) -> OpResult {
        self.impure(frame, pure)?;
        self.end_by_score();
        stopped(Stop::GameOver)
    }

    /// `Op::Nop`: does nothing (`keep it`).
    #[inline]
    pub(super) fn op_nop(&self) -> OpResult {
        Ok(None)
    }

    /// `Op::LoopStart`: `I: n →`; start a counted loop of n turns (n ≤ 0: none).
    #[inline]
    pub(super) fn op_loop_start(&self, frame: &mut Frame) -> OpResult {
        let n = self.pop_int(frame)?;
        frame.loops.push(n);
        Ok(None)
    }

    /// `Op::LoopNext`: take one turn of the innermost counted loop, or end it and continue at
    /// `exit`.
    #[inline]
    pub(super) fn op_loop_next(&self, frame: &mut Frame, exit: u16) -> OpResult {
        match frame.loops.last_mut() {
            Some(n) if *n > 0 => *n -= 1,
            Some(_) => {
                frame.loops.pop();
                frame.pc = exit;
            }
            None => return Err(self.error(frame, "no loop is running")),
        }
        Ok(None)
    }

    /// `Op::EachStart`: start a loop over a group of players, clockwise from the executor's left;
    /// `All` starts with the executor (repetitions are asked "per player in turn order starting
    /// with the executing player": ../shared/SCENARIOS.md, "How questions are asked").
    #[inline]
    pub(super) fn op_each_start(&self, frame: &mut Frame, group: PlayerSet) -> OpResult {
        let mut seats = self.group_seats(group, frame.executor);
        if group == PlayerSet::All {
            if let Some(me) = seats.pop() {
                seats.insert(0, me);
            }
        }
        frame.each.push((seats, 0));
        Ok(None)
    }

    /// `Op::ColorsStart`: `I: mask →`; start a loop over the colours of the mask.
    #[inline]
    pub(super) fn op_colors_start(&self, frame: &mut Frame) -> OpResult {
        let mask = self.pop_int(frame)?;
        frame.color_loops.push((mask, 0));
        Ok(None)
    }

    /// `Op::ColorsNext`: make the next colour of the innermost colour loop current, in the order
    /// blue, green, purple, red, yellow (../shared/SCENARIOS.md: "per colour in the order the
    /// card names them, otherwise blue, green, purple, red, yellow"), or end it and continue at
    /// `exit`.
    #[inline]
    pub(super) fn op_colors_next(&self, frame: &mut Frame, exit: u16) -> OpResult {
        let Some((rest, current)) = frame.color_loops.last_mut() else {
            return Err(self.error(frame, "no colour loop is running"));
        };
        let next = COLOR_ORDER
            .iter()
            .map(|c| color_bit(*c))
            .find(|bit| *rest & bit != 0);
        match next {
            Some(bit) => {
                *rest &= !bit;
                *current = bit;
            }
            None => {
                frame.color_loops.pop();
                frame.pc = exit;
            }
        }
        Ok(None)
    }

    /// Pops a list of values pushed as `v1 … vk k`.
    pub(super) fn pop_values(&self, frame: &mut Frame) -> Result<Vec<i32>, RuntimeError> {
        let k = self.pop_int(frame)?;
        let k = usize::try_from(k).unwrap_or(0);
        if frame.ints.len() < k {
            return Err(self.error(frame, "the number stack is empty"));
        }
        Ok(frame.ints.split_off(frame.ints.len() - k))
    }

    /// `Op::OnlyRemaining`: `→ I: seat`: the one player still in the game (the others were
    /// eliminated), or -1 when several are.
    pub(super) fn op_only_remaining(&self, frame: &mut Frame) -> OpResult {
        let seat = match self.state.seats_in_play().as_slice() {
            [only] => i32::from(*only),
            _ => -1,
        };
        frame.ints.push(seat);
        Ok(None)
    }

    /// `Op::ValuesBelow`: `I: n → v1 … vk k`: the values from 1 to n - 1.
    pub(super) fn op_values_below(&self, frame: &mut Frame) -> OpResult {
        let n = self.pop_int(frame)?;
        Self::push_values(frame, (1..n.clamp(1, 64)).collect());
        Ok(None)
    }

    /// `Op::ReverseValues`: `I: v1 … vk k → vk … v1 k`.
    pub(super) fn op_reverse_values(&self, frame: &mut Frame) -> OpResult {
        let mut values = self.pop_values(frame)?;
        values.reverse();
        Self::push_values(frame, values);
        Ok(None)
    }

    /// Pushes a list of values as `v1 … vk k`.
    pub(super) fn push_values(frame: &mut Frame, values: Vec<i32>) {
        let k = values.len() as i32;
        frame.ints.extend(values);
        frame.ints.push(k);
    }

    /// `Op::BonusValues`: `I: seat → I: v1 … vk k` (no seat with a group): the values of the
    /// visible bonuses, one per bonus, lowest first.
    #[inline]
    pub(super) fn op_bonus_values(
        &self,
        frame: &mut Frame,
        group: Option<PlayerSet>,
        repeated: bool,
    ) -> OpResult {
        let seats: Vec<Seat> = match group {
            Some(group) => self.group_seats(group, frame.executor),
            None => {
                let seat = self.pop_int(frame)?;
                self.seat(seat).into_iter().collect()
            }
        };
        let mut values: Vec<i32> = seats
            .into_iter()
            .flat_map(|s| self.visible_bonuses(s))
            .collect();
        values.sort_unstable();
        if repeated {
            let mut twice: Vec<i32> = values
                .windows(2)
                .filter(|w| w[0] == w[1])
                .map(|w| w[0])
                .collect();
            twice.dedup();
            values = twice;
        }
        Self::push_values(frame, values);
        Ok(None)
    }

    /// `Op::CardBonuses`: `S: cards → I: v1 … vk k`: the bonus of each card that has one, lowest
    /// first.
    #[inline]
    pub(super) fn op_card_bonuses(&self, edition: &CompiledEdition, frame: &mut Frame) -> OpResult {
        let cards = self.pop_set(frame)?;
        let mut values: Vec<i32> = cards
            .iter()
            .map(|c| super::selections::card_bonus(edition, *c))
            .filter(|b| *b > 0)
            .collect();
        values.sort_unstable();
        Self::push_values(frame, values);
        Ok(None)
    }

    /// `Op::CardIcons`: `S: cards → I: n`: how many slots of the cards show the icon.
    #[inline]
    pub(super) fn op_card_icons(
        &self,
        edition: &CompiledEdition,
        frame: &mut Frame,
        icon: crate::vocab::Icon,
    ) -> OpResult {
        let cards = self.pop_set(frame)?;
        let n: usize = cards
            .iter()
            .map(|c| edition.card(*c).icon_count(icon))
            .sum();
        frame.ints.push(n as i32);
        Ok(None)
    }

    /// `Op::SetValues`: `S: cards → I: v1 … vk k`: the different values, lowest first.
    #[inline]
    pub(super) fn op_set_values(&self, edition: &CompiledEdition, frame: &mut Frame) -> OpResult {
        let cards = self.pop_set(frame)?;
        let mut values: Vec<i32> = cards
            .iter()
            .map(|c| i32::from(self.state.value(edition, *c)))
            .collect();
        values.sort_unstable();
        values.dedup();
        Self::push_values(frame, values);
        Ok(None)
    }

    /// `Op::ValuesStart`: `I: v1 … vk k →`; start a loop over the values, in that order.
    #[inline]
    pub(super) fn op_values_start(&self, frame: &mut Frame) -> OpResult {
        let mut values = self.pop_values(frame)?;
        values.reverse();
        frame.value_loops.push((values, 0));
        Ok(None)
    }

    /// `Op::ValuesNext`: make the next value of the innermost value loop current, or end it and
    /// continue at `exit`.
    #[inline]
    pub(super) fn op_values_next(&self, frame: &mut Frame, exit: u16) -> OpResult {
        let Some((rest, current)) = frame.value_loops.last_mut() else {
            return Err(self.error(frame, "no value loop is running"));
        };
        match rest.pop() {
            Some(v) => *current = v,
            None => {
                frame.value_loops.pop();
                frame.pc = exit;
            }
        }
        Ok(None)
    }

    /// `Op::CardsStart`: `S: cards →`; start a loop over the cards.
    #[inline]
    pub(super) fn op_cards_start(&self, frame: &mut Frame) -> OpResult {
        let cards = self.pop_set(frame)?;
        frame.card_loops.push(cards);
        Ok(None)
    }

    /// `Op::CardsNext`: take one round of the innermost card loop, or (no card left) end it and
    /// continue at `exit`.
    #[inline]
    pub(super) fn op_cards_next(&self, frame: &mut Frame, exit: u16) -> OpResult {
        let Some(rest) = frame.card_loops.last() else {
            return Err(self.error(frame, "no card loop is running"));
        };
        if rest.is_empty() {
            frame.card_loops.pop();
            frame.pc = exit;
        }
        Ok(None)
    }

    /// `Op::CardsLeft`: `→ S: cards` still to come in the innermost card loop (the round picks
    /// one of them).
    #[inline]
    pub(super) fn op_cards_left(&self, frame: &mut Frame) -> OpResult {
        let Some(rest) = frame.card_loops.last() else {
            return Err(self.error(frame, "no card loop is running"));
        };
        let rest = rest.clone();
        frame.sets.push(rest);
        Ok(None)
    }

    /// `Op::CardsTake`: `S: card →`; the card picked leaves the innermost card loop's cards to
    /// come and is the statement's card for this round (`it`), where it is now.
    #[inline]
    pub(super) fn op_cards_take(&self, frame: &mut Frame, stmt: StmtId) -> OpResult {
        let picked = self.pop_set(frame)?;
        let Some(rest) = frame.card_loops.last_mut() else {
            return Err(self.error(frame, "no card loop is running"));
        };
        rest.retain(|c| !picked.contains(c));
        // A card the pick could not take (none left to pick) ends the loop's rounds.
        if picked.is_empty() {
            rest.clear();
        }
        let cards: Vec<(CardIdx, Location)> = picked
            .iter()
            .map(|c| (*c, self.state.location(*c)))
            .collect();
        if let Some(o) = outcome_mut(frame, stmt) {
            *o = StmtOutcome {
                ran: true,
                requested: 1,
                done: cards.len() as u16,
                cards,
                ..StmtOutcome::default()
            };
        }
        Ok(None)
    }

    /// `Op::LoopValue`: `→ I: v` of the current value of the innermost value loop.
    #[inline]
    pub(super) fn op_loop_value(&self, frame: &mut Frame) -> OpResult {
        match frame.value_loops.last() {
            Some((_, current)) => frame.ints.push(*current),
            None => return Err(self.error(frame, "`that value` is used outside a value loop")),
        }
        Ok(None)
    }

    /// `Op::LoopColor`: `→ I: mask` of the current colour of the innermost colour loop.
    #[inline]
    pub(super) fn op_loop_color(&self, frame: &mut Frame) -> OpResult {
        match frame.color_loops.last() {
            Some((_, current)) => frame.ints.push(*current),
            None => return Err(self.error(frame, "`that color` is used outside a colour loop")),
        }
        Ok(None)
    }

    /// `Op::ActorStart`: `I: seat →`: that player carries out the statements up to `ActorEnd`;
    /// nobody: continue at `exit`.
    #[inline]
    pub(super) fn op_actor_start(&self, frame: &mut Frame, exit: u16) -> OpResult {
        let seat = self.pop_int(frame)?;
        match self.seat(seat) {
            Some(seat) => frame.actors.push(seat),
            None => frame.pc = exit,
        }
        Ok(None)
    }

    /// `Op::ActorEnd`: the statement run for another player is over.
    #[inline]
    pub(super) fn op_actor_end(&self, frame: &mut Frame) -> OpResult {
        frame.actors.pop();
        Ok(None)
    }

    /// `Op::EachNext`: make the next player of the innermost player loop `their`, or end it and
    /// continue at `exit`.
    #[inline]
    pub(super) fn op_each_next(&self, frame: &mut Frame, exit: u16) -> OpResult {
        match frame.each.last_mut() {
            Some((seats, taken)) if (*taken as usize) < seats.len() => *taken += 1,
            Some(_) => {
                frame.each.pop();
                frame.pc = exit;
            }
            None => return Err(self.error(frame, "no player loop is running")),
        }
        Ok(None)
    }

    /// `Op::Int`: `→ I: n`.
    #[inline]
    pub(super) fn op_int(&self, frame: &mut Frame, value: i16) -> OpResult {
        frame.ints.push(i32::from(value));
        Ok(None)
    }

    /// `Op::Add`: `I: a b → a+b`.
    #[inline]
    pub(super) fn op_add(&self, frame: &mut Frame) -> OpResult {
        let (b, a) = (self.pop_int(frame)?, self.pop_int(frame)?);
        frame.ints.push(a.saturating_add(b));
        Ok(None)
    }

    /// `Op::Sub`: `I: a b → a-b`.
    #[inline]
    pub(super) fn op_sub(&self, frame: &mut Frame) -> OpResult {
        let (b, a) = (self.pop_int(frame)?, self.pop_int(frame)?);
        frame.ints.push(a.saturating_sub(b));
        Ok(None)
    }

    /// `Op::Mul`: `I: a b → a*b`.
    #[inline]
    pub(super) fn op_mul(&self, frame: &mut Frame) -> OpResult {
        let (b, a) = (self.pop_int(frame)?, self.pop_int(frame)?);
        frame.ints.push(a.saturating_mul(b));
        Ok(None)
    }

    /// `Op::Div`: `I: a → a / by`, rounded down.
    #[inline]
    pub(super) fn op_div(&self, frame: &mut Frame, by: u8) -> OpResult {
        let a = self.pop_int(frame)?;
        frame.ints.push(a.div_euclid(i32::from(by.max(1))));
        Ok(None)
    }

    /// `Op::Half`: `I: a → half of a`, rounded.
    #[inline]
    pub(super) fn op_half(&self, frame: &mut Frame, rounding: Rounding) -> OpResult {
        let a = self.pop_int(frame)?;
        frame.ints.push(rounding.half(a));
        Ok(None)
    }

    /// `Op::Compare`: `I: a b → (a op b)`.
    #[inline]
    pub(super) fn op_compare(&self, frame: &mut Frame, op: Comparison) -> OpResult {
        let (b, a) = (self.pop_int(frame)?, self.pop_int(frame)?);
        frame.ints.push(i32::from(op.holds(a, b)));
        Ok(None)
    }

    /// `Op::Not`: `I: b → !b`.
    #[inline]
    pub(super) fn op_not(&self, frame: &mut Frame) -> OpResult {
        let a = self.pop_int(frame)?;
        frame.ints.push(i32::from(a == 0));
        Ok(None)
    }

    /// `Op::And`: `I: a b → a && b`.
    #[inline]
    pub(super) fn op_and(&self, frame: &mut Frame) -> OpResult {
        let (b, a) = (self.pop_int(frame)?, self.pop_int(frame)?);
        frame.ints.push(i32::from(a != 0 && b != 0));
        Ok(None)
    }

    /// `Op::Or`: `I: a b → a || b`.
    #[inline]
    pub(super) fn op_or(&self, frame: &mut Frame) -> OpResult {
        let (b, a) = (self.pop_int(frame)?, self.pop_int(frame)?);
        frame.ints.push(i32::from(a != 0 || b != 0));
        Ok(None)
    }

    /// `Op::BitOr`: `I: a b → a | b` (colour or icon masks).
    #[inline]
    pub(super) fn op_bit_or(&self, frame: &mut Frame) -> OpResult {
        let (b, a) = (self.pop_int(frame)?, self.pop_int(frame)?);
        frame.ints.push(a | b);
        Ok(None)
    }

    /// `Op::BitAnd`: `I: a b → a & b` (colour or icon masks).
    #[inline]
    pub(super) fn op_bit_and(&self, frame: &mut Frame) -> OpResult {
        let (b, a) = (self.pop_int(frame)?, self.pop_int(frame)?);
        frame.ints.push(a & b);
        Ok(None)
    }

    /// `Op::PopCount`: `I: mask → number of bits set`.
    #[inline]
    pub(super) fn op_pop_count(&self, frame: &mut Frame) -> OpResult {
        let a = self.pop_int(frame)?;
        frame.ints.push(a.count_ones() as i32);
        Ok(None)
    }

    /// `Op::Dup`: `I: a → a a`.
    #[inline]
    pub(super) fn op_dup(&self, frame: &mut Frame) -> OpResult {
        let a = self.pop_int(frame)?;
        frame.ints.push(a);
        frame.ints.push(a);
        Ok(None)
    }

    /// `Op::Nip`: `I: a b → b`.
    #[inline]
    pub(super) fn op_nip(&self, frame: &mut Frame) -> OpResult {
        let b = self.pop_int(frame)?;
        self.pop_int(frame)?;
        frame.ints.push(b);
        Ok(None)
    }

    /// `Op::Swap`: `I: a b → b a`.
    #[inline]
    pub(super) fn op_swap(&self, frame: &mut Frame) -> OpResult {
        let (b, a) = (self.pop_int(frame)?, self.pop_int(frame)?);
        frame.ints.push(b);
        frame.ints.push(a);
        Ok(None)
    }

    /// `Op::Pop`: `I: a →`.
    #[inline]
    pub(super) fn op_pop(&self, frame: &mut Frame) -> OpResult {
        self.pop_int(frame)?;
        Ok(None)
    }

    /// `Op::Player`: `→ I: seat`.
    #[inline]
    pub(super) fn op_player(&self, frame: &mut Frame, who: Who) -> OpResult {
        let seat = match who {
            Who::Executor => frame.executor,
            Who::Demander => match frame.demander {
                Some(s) => s,
                None => return Err(self.error(frame, "`I` is used outside a demand")),
            },
            Who::Each => match current_each(frame) {
                Some(s) => s,
                None => return Err(self.error(frame, "`their` is used outside a player loop")),
            },
        };
        frame.ints.push(i32::from(seat));
        Ok(None)
    }

    /// `Op::ChosenPlayer`: `→ I: seat` of the player chosen by an earlier statement (`that
    /// player`).
    #[inline]
    pub(super) fn op_chosen_player(
        &self,
        frame: &mut Frame,
        stmt: StmtId,
        outer: Option<&[StmtOutcome]>,
    ) -> OpResult {
        let seat = outcome(frame, outer, stmt)
            .and_then(|o| o.player)
            .map_or(NOBODY, i32::from);
        frame.ints.push(seat);
        Ok(None)
    }

    /// `Op::Did`: `→ I: b`: the statement was carried out (`done` = true) or not, by the edition's
    /// rule.
    #[inline]
    /// `Op::Changed`: after an execution of a card's effects (the statement's `mark`), whether
    /// an event that changes the game was logged since it started; after any other statement,
    /// whether it was carried out in part at least.
    pub(super) fn op_changed(
        &self,
        frame: &mut Frame,
        stmt: StmtId,
        outer: Option<&[StmtOutcome]>,
    ) -> OpResult {
        let changed = outcome(frame, outer, stmt).is_some_and(|o| match o.mark {
            Some(mark) => self.log.since(mark as usize).any(|e| {
                matches!(
                    e,
                    Event::Draw { .. }
                        | Event::Move { .. }
                        | Event::Splay { .. }
                        | Event::Rearrange { .. }
                        | Event::Achieve { .. }
                        | Event::ClaimSpecial { .. }
                        | Event::JunkSpecial { .. }
                        | Event::RestoreSpecial { .. }
                        | Event::Eliminated { .. }
                        | Event::GameOver { .. }
                        | Event::LastingSet { .. }
                )
            }),
            None => o.any(),
        });
        frame.ints.push(i32::from(changed));
        Ok(None)
    }

    pub(super) fn op_did(
        &self,
        frame: &mut Frame,
        stmt: StmtId,
        done: bool,
        outer: Option<&[StmtOutcome]>,
    ) -> OpResult {
        let did =
            outcome(frame, outer, stmt).is_some_and(|o| match self.edition().rules.if_you_do {
                IfYouDo::InFull => o.full(),
                IfYouDo::MoreThanNothing => o.any(),
            });
        frame.ints.push(i32::from(did == done));
        Ok(None)
    }

    /// `Op::TookFrom`: `I: seat → b`: the statement took cards from that player's zones.
    pub(super) fn op_took_from(
        &self,
        frame: &mut Frame,
        stmt: StmtId,
        outer: Option<&[StmtOutcome]>,
    ) -> OpResult {
        let seat = self.pop_int(frame)?;
        let took = self.seat(seat).is_some_and(|seat| {
            outcome(frame, outer, stmt).is_some_and(|o| o.from.contains(&seat))
        });
        frame.ints.push(i32::from(took));
        Ok(None)
    }

    /// `Op::Moved`: `→ I: b`: the number of cards the statement moved compares so with n.
    #[inline]
    pub(super) fn op_moved(
        &self,
        frame: &mut Frame,
        stmt: StmtId,
        op: Comparison,
        n: u8,
        outer: Option<&[StmtOutcome]>,
    ) -> OpResult {
        let moved = outcome(frame, outer, stmt).map_or(0, |o| o.done);
        frame
            .ints
            .push(i32::from(op.holds(i32::from(moved), i32::from(n))));
        Ok(None)
    }

    /// `Op::Combine`: the statement's outcome is that of the statements listed (all carried out,
    /// and at least one ran); used for `you may { … }`, `if`, loops.
    pub(super) fn op_combine(
        &self,
        chunk: &Chunk,
        frame: &mut Frame,
        stmt: StmtId,
        children: ListIdx,
    ) -> OpResult {
        let ran: Vec<&StmtOutcome> = chunk
            .list(children)
            .iter()
            .filter_map(|id| frame.outcomes.get(*id as usize))
            .filter(|o| o.ran)
            .collect();
        let full = !ran.is_empty() && ran.iter().all(|o| o.full());
        let any = ran.iter().any(|o| o.any());
        let cards: Vec<(CardIdx, Location)> =
            ran.iter().flat_map(|o| o.cards.iter().copied()).collect();
        if let Some(o) = outcome_mut(frame, stmt) {
            o.ran = true;
            o.declined = false;
            let (requested, done) = match (full, any) {
                (true, _) => (1, 1),
                (false, true) => (2, 1),
                (false, false) => (1, 0),
            };
            o.requested = requested;
            o.done = done;
            o.cards = cards;
        }
        Ok(None)
    }

    /// `Op::Afresh`: a round of a loop starts: the statements listed have not run in it yet
    /// (`ran`, a decline, how much was asked and done are forgotten); the cards they moved in
    /// earlier rounds stay theirs.
    pub(super) fn op_afresh(
        &self,
        chunk: &Chunk,
        frame: &mut Frame,
        children: ListIdx,
    ) -> OpResult {
        for &id in chunk.list(children) {
            if let Some(o) = frame.outcomes.get_mut(id as usize) {
                o.ran = false;
                o.declined = false;
                o.requested = 0;
                o.done = 0;
            }
        }
        Ok(None)
    }
}
