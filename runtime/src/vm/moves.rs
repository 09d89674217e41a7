//! The VM's moves and other changes to the game: draw, meld, tuck, score, return, transfer,
//! exchange, splay, rearrange, self-execute, special achievements, winning and losing.

use super::{
    outcome_mut, stopped, Frame, FrameKind, KarmaResume, OpResult, StmtOutcome, Stop, VmResult,
};
use crate::bytecode::{
    direction_of_bit, CardIdx, Chunk, ChunkIdx, CompiledEdition, LastingWhen, ShareBonus,
    SpecialIdx, StmtId, WouldEvent,
};
use crate::choices::{Answer, RequestKind};
use crate::game::{Cause, Game};
use crate::log::Event;
use crate::state::{color_index, Cards, Lasting, Location, Seat};
use crate::terms::{DestinationZone, Verb};
use crate::vocab::{Color, SplayDirection};

impl Game {
    /// `Op::Draw`: `I: seat age →`: draw `count` cards of that age (skipping empty ages upward),
    /// then do `then` with exactly those cards. A "would" karma on the `then` move stops the op
    /// between the draw and the move (`KarmaResume`: the rounds done and the card drawn), and
    /// one on the draw itself before the draw. `set`: `Op::DrawOfSet`'s operand, put back with
    /// the others when a karma stops the op.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn op_draw(
        &mut self,
        frame: &mut Frame,
        count: u8,
        then: Option<Verb>,
        stmt: StmtId,
        set_operand: Option<i32>,
        pure: bool,
    ) -> OpResult {
        self.impure(frame, pure)?;
        let set = set_operand.map(|set| u8::try_from(set).unwrap_or(u8::MAX));
        let age_operand = self.pop_int(frame)?;
        let seat_operand = self.pop_int(frame)?;
        let Some(seat) = self.seat(seat_operand) else {
            return Ok(None);
        };
        let age = age_operand.clamp(0, i32::from(u8::MAX)) as u8;
        let resume = take_resume(frame);
        if resume.is_none() {
            if let Some(o) = outcome_mut(frame, stmt) {
                o.ran = true;
                o.requested = o.requested.saturating_add(u16::from(count));
            }
        }
        let start = resume.map_or(0, |r| r.done);
        // A set not in play draws a base card (EXPANSIONS.md §2.1).
        let set = match set {
            Some(set) if usize::from(set) <= self.edition().rules.expansions.len() => set,
            _ => 0,
        };
        for round in start..count {
            let mut resumed = resume.filter(|_| round == start);
            // A "would draw" karma ran for this round's draw (`handled` with no card drawn
            // yet): it draws now (first: whatever card is on top then) or not (instead).
            let draw_handled = match resumed {
                Some(r) if r.drawn.is_none() => r.handled,
                _ => None,
            };
            if draw_handled.is_some() {
                resumed = None;
            }
            if let Some((_, _, false)) = draw_handled {
                continue;
            }
            if resumed.and_then(|r| r.drawn).is_none() && draw_handled.is_none() {
                if let Some(card) = self.next_draw(seat, set, age) {
                    let resume = KarmaResume {
                        done: round,
                        ..KarmaResume::default()
                    };
                    let event = WouldEvent::Move(Verb::Draw);
                    if let Some((stop, _)) = self.karma_before(frame, seat, event, card, resume)? {
                        frame.ints.push(seat_operand);
                        frame.ints.push(age_operand);
                        frame.ints.extend(set_operand);
                        return stopped(stop);
                    }
                }
            }
            let drawn = match resumed.and_then(|r| r.drawn) {
                Some(card) => Some(card),
                None => self.draw_from(seat, set, age, frame.cause()),
            };
            let Some(card) = drawn else {
                break;
            };
            if resumed.and_then(|r| r.drawn).is_none() {
                self.earn_bonus(frame);
            }
            let at = match then {
                Some(verb) => {
                    match resumed.and_then(|r| r.handled) {
                        // The karma ran instead of the move, or moved the card away first.
                        Some((handled, from, first)) if handled == card => {
                            if !first || self.state.location(card) != from {
                                continue;
                            }
                        }
                        _ => {
                            let resume = KarmaResume {
                                done: round,
                                drawn: Some(card),
                                ..KarmaResume::default()
                            };
                            let event = WouldEvent::Move(verb);
                            if let Some((stop, _)) =
                                self.karma_before(frame, seat, event, card, resume)?
                            {
                                frame.ints.push(seat_operand);
                                frame.ints.push(age_operand);
                                frame.ints.extend(set_operand);
                                return stopped(stop);
                            }
                        }
                    }
                    self.apply_verb(frame, seat, card, verb)?
                }
                None => Location::Hand(seat),
            };
            if let Some(o) = outcome_mut(frame, stmt) {
                o.done += 1;
                // A card drawn again (a "would draw" karma returned it to its deck between two
                // rounds) is one card of the statement's, where it is now.
                o.cards.retain(|(c, _)| *c != card);
                o.cards.push((card, at));
            }
            self.after_change();
            if self.state.outcome.is_some() {
                return stopped(Stop::GameOver);
            }
        }
        Ok(None)
    }

    /// `Op::Move`: `S: cards →`: the acting player melds, tucks, scores, returns, reveals, junks,
    /// removes or achieves the cards. A "would" karma on a card's move stops the op before it;
    /// it runs again on the cards left when the karma is done (`KarmaResume`).
    pub(super) fn op_move(
        &mut self,
        frame: &mut Frame,
        verb: Verb,
        stmt: StmtId,
        pure: bool,
    ) -> OpResult {
        self.impure(frame, pure)?;
        let cards = self.pop_set(frame)?;
        let seat = frame.actor();
        if let Some(o) = outcome_mut(frame, stmt) {
            o.ran = true;
        }
        // The card a karma ran for: moved now (first), when it is still where it was, or not
        // at all (instead).
        if let Some((card, from, first)) = take_resume(frame).and_then(|r| r.handled) {
            if first && self.state.location(card) == from {
                if let Some(stop) = self.move_one(frame, seat, card, verb, stmt)? {
                    return Ok(Some(stop));
                }
            }
        }
        for (i, &card) in cards.iter().enumerate() {
            if verb != Verb::Reveal {
                let resume = KarmaResume::default();
                let event = WouldEvent::Move(verb);
                if let Some((stop, pending)) =
                    self.karma_before(frame, seat, event, card, resume)?
                {
                    let rest = if pending { i + 1 } else { i };
                    frame.sets.push(cards[rest..].to_vec());
                    return stopped(stop);
                }
            }
            if let Some(stop) = self.move_one(frame, seat, card, verb, stmt)? {
                return Ok(Some(stop));
            }
        }
        Ok(None)
    }

    /// One card of `Op::Move`, counted in the statement's outcome; `Some` when the game ended.
    fn move_one(
        &mut self,
        frame: &mut Frame,
        seat: Seat,
        card: CardIdx,
        verb: Verb,
        stmt: StmtId,
    ) -> OpResult {
        // The player whose zone it was taken from (`that player` after a card taken from any
        // of several players' zones): the first card's.
        let from = self.state.location(card).owner();
        let at = self.apply_verb(frame, seat, card, verb)?;
        if let Some(o) = outcome_mut(frame, stmt) {
            if o.player.is_none() {
                o.player = from;
            }
            if let Some(seat) = from.filter(|s| !o.from.contains(s)) {
                o.from.push(seat);
            }
            o.done += 1;
            o.cards.push((card, at));
        }
        self.after_change();
        if self.state.outcome.is_some() {
            return stopped(Stop::GameOver);
        }
        Ok(None)
    }

    /// Before `actor` does `event` to `card` in an op whose operands are off the stacks (the
    /// caller puts them back when this stops the op): the "would" karmas that apply, none while
    /// a karma runs (EXPANSIONS.md F8). None: `None`, the move goes on. Several: the current
    /// player picks one (a question; the frame rewinds to the op, `resume` kept, and the caller
    /// puts back the card with the rest: `false`). One, or the one picked: its effect is due,
    /// and the op rewinds to run again once it is done, remembering the card in `resume` (the
    /// caller puts back what follows the card: `true`).
    fn karma_before(
        &mut self,
        frame: &mut Frame,
        actor: Seat,
        event: WouldEvent,
        card: CardIdx,
        mut resume: KarmaResume,
    ) -> VmResult<Option<(Stop, bool)>> {
        if self.edition().rules.figure_set.is_none() || self.in_karma(frame) {
            return Ok(None);
        }
        let karmas = self.would_karmas(actor, event, card);
        resume.pc = frame.pc - 1;
        let karma = match karmas.as_slice() {
            [] => return Ok(None),
            [one] => *one,
            _ => match self.answer.take() {
                Some(Answer::Cards(picked)) => Game::picked_karma(&karmas, picked.first().copied()),
                Some(_) => return Err(self.error(frame, "the answer is not a card")),
                None => {
                    frame.karma_resume = Some(resume);
                    let kind = Game::karma_choice(&karmas);
                    let picker = self.state.active;
                    return Ok(Some((self.suspend(frame, picker, kind, "karma"), false)));
                }
            },
        };
        let from = self.state.location(card);
        let first = self.karma_due(karma, card);
        resume.handled = Some((card, from, first));
        frame.karma_resume = Some(resume);
        frame.pc -= 1;
        Ok(Some((Stop::Lasting, true)))
    }

    /// `Op::Transfer`: `I: seat, S: cards →`: transfer the cards to that player's zone.
    pub(super) fn op_transfer(
        &mut self,
        edition: &CompiledEdition,
        frame: &mut Frame,
        zone: DestinationZone,
        stmt: StmtId,
        pure: bool,
    ) -> OpResult {
        self.impure(frame, pure)?;
        let seat = self.pop_int(frame)?;
        let cards = self.pop_set(frame)?;
        if let Some(o) = outcome_mut(frame, stmt) {
            o.ran = true;
        }
        let Some(to_seat) = self.seat(seat) else {
            return Ok(None);
        };
        let moves = cards
            .into_iter()
            .map(|card| (card, destination(edition, to_seat, zone, card)));
        self.transfer_each(frame, stmt, moves.collect())
    }

    /// Transfers each card to its place, in order, counting it in the statement's outcome; stops
    /// when the game ends.
    fn transfer_each(
        &mut self,
        frame: &mut Frame,
        stmt: StmtId,
        moves: Vec<(CardIdx, Location)>,
    ) -> OpResult {
        for (card, to) in moves {
            let from = self.state.location(card).owner();
            self.move_logged(frame, card, to, Verb::Transfer, false);
            if let Some(o) = outcome_mut(frame, stmt) {
                o.done += 1;
                o.cards.push((card, to));
                if let Some(seat) = from.filter(|s| !o.from.contains(s)) {
                    o.from.push(seat);
                }
            }
            self.after_change();
            if self.state.outcome.is_some() {
                return stopped(Stop::GameOver);
            }
        }
        Ok(None)
    }

    /// `Op::TransferToOwners`: `S: cards →`: transfer each card to its owner's zone (`to its
    /// owner's score pile`); a card nobody owns (in a deck) stays where it is.
    pub(super) fn op_transfer_to_owners(
        &mut self,
        edition: &CompiledEdition,
        frame: &mut Frame,
        zone: DestinationZone,
        stmt: StmtId,
        pure: bool,
    ) -> OpResult {
        self.impure(frame, pure)?;
        let cards = self.pop_set(frame)?;
        if let Some(o) = outcome_mut(frame, stmt) {
            o.ran = true;
        }
        // Moving one card changes no other card's owner, so the places are found up front.
        let moves = cards.into_iter().filter_map(|card| {
            let owner = self.state.location(card).owner()?;
            Some((card, destination(edition, owner, zone, card)))
        });
        let moves = moves.collect();
        self.transfer_each(frame, stmt, moves)
    }

    /// `Op::Exchange`: `I: seat_a seat_b, S: a b →`: swap the cards of `a` (in `seat_a`'s `zone_a`)
    /// with those of `b` (in `seat_b`'s `zone_b`).
    pub(super) fn op_exchange(
        &mut self,
        edition: &CompiledEdition,
        frame: &mut Frame,
        zone_a: DestinationZone,
        zone_b: DestinationZone,
        stmt: StmtId,
        pure: bool,
    ) -> OpResult {
        self.impure(frame, pure)?;
        let b = self.pop_set(frame)?;
        let a = self.pop_set(frame)?;
        let seat_b = self.pop_int(frame)?;
        let seat_a = self.pop_int(frame)?;
        let (Some(seat_a), Some(seat_b)) = (self.seat(seat_a), self.seat(seat_b)) else {
            return Ok(None);
        };
        if let Some(o) = outcome_mut(frame, stmt) {
            o.ran = true;
            o.requested = o.requested.saturating_add((a.len() + b.len()) as u16);
        }
        // Both sides move at once: compute every destination first.
        let moves: Vec<(CardIdx, Location)> = a
            .iter()
            .map(|c| (*c, destination(edition, seat_b, zone_b, *c)))
            .chain(
                b.iter()
                    .map(|c| (*c, destination(edition, seat_a, zone_a, *c))),
            )
            .collect();
        for (card, to) in moves {
            self.move_logged(frame, card, to, Verb::Exchange, false);
            if let Some(o) = outcome_mut(frame, stmt) {
                o.done += 1;
                o.cards.push((card, to));
            }
        }
        self.after_change();
        if self.state.outcome.is_some() {
            return stopped(Stop::GameOver);
        }
        Ok(None)
    }

    /// `Op::Splay`: `I: seat color →`: splay the pile.
    #[inline]
    pub(super) fn op_splay(
        &mut self,
        frame: &mut Frame,
        direction: SplayDirection,
        stmt: StmtId,
        pure: bool,
    ) -> OpResult {
        self.impure(frame, pure)?;
        let color = self.pop_int(frame)?;
        let seat = self.pop_int(frame)?;
        match self.karma_on_splay(frame, seat, color, direction)? {
            SplayKarma::Stop(stop) => {
                frame.ints.push(seat);
                frame.ints.push(color);
                return stopped(stop);
            }
            SplayKarma::Skip => return Ok(None),
            SplayKarma::Go => {}
        }
        if self.splay_pile(frame, stmt, seat, color, Some(direction)) {
            return stopped(Stop::GameOver);
        }
        Ok(None)
    }

    /// Before a splay that changes a pile (two cards or more, splayed another way): the "would"
    /// karmas on it (`WouldEvent::Splay`, `it` the pile's top card). When the op runs again
    /// after the karma: the splay goes on after a `first`, and is skipped after an `instead`.
    fn karma_on_splay(
        &mut self,
        frame: &mut Frame,
        seat: i32,
        color: i32,
        direction: SplayDirection,
    ) -> VmResult<SplayKarma> {
        if let Some((_, _, first)) = take_resume(frame).and_then(|r| r.handled) {
            return Ok(if first {
                SplayKarma::Go
            } else {
                SplayKarma::Skip
            });
        }
        let (Some(owner), Some(color)) = (
            self.seat(seat),
            usize::try_from(color)
                .ok()
                .and_then(|i| Color::ALL.get(i).copied()),
        ) else {
            return Ok(SplayKarma::Go);
        };
        let pile = self.state.players[owner as usize].pile(color);
        let top = match pile.top() {
            Some(top) if pile.cards.len() > 1 && pile.splay != Some(direction) => top,
            _ => return Ok(SplayKarma::Go),
        };
        let resume = KarmaResume::default();
        let event = WouldEvent::Splay(direction);
        let actor = frame.actor();
        Ok(match self.karma_before(frame, actor, event, top, resume)? {
            Some((stop, _)) => SplayKarma::Stop(stop),
            None => SplayKarma::Go,
        })
    }

    /// `Op::Unsplay`: `I: seat color →`: unsplay the pile.
    #[inline]
    pub(super) fn op_unsplay(&mut self, frame: &mut Frame, stmt: StmtId, pure: bool) -> OpResult {
        self.impure(frame, pure)?;
        let color = self.pop_int(frame)?;
        let seat = self.pop_int(frame)?;
        if self.splay_pile(frame, stmt, seat, color, None) {
            return stopped(Stop::GameOver);
        }
        Ok(None)
    }

    /// `Op::SplayLike`: `I: direction seat color →`: splay the pile in the direction (a
    /// `direction_bit`); an unsplayed one (0) unsplays it when `matching`, else does nothing.
    #[inline]
    pub(super) fn op_splay_like(
        &mut self,
        frame: &mut Frame,
        matching: bool,
        stmt: StmtId,
        pure: bool,
    ) -> OpResult {
        self.impure(frame, pure)?;
        let color = self.pop_int(frame)?;
        let seat = self.pop_int(frame)?;
        let direction_bit = self.pop_int(frame)?;
        let direction = direction_of_bit(direction_bit);
        if let Some(d) = direction {
            match self.karma_on_splay(frame, seat, color, d)? {
                SplayKarma::Stop(stop) => {
                    frame.ints.push(direction_bit);
                    frame.ints.push(seat);
                    frame.ints.push(color);
                    return stopped(stop);
                }
                SplayKarma::Skip => return Ok(None),
                SplayKarma::Go => {}
            }
        }
        if direction.is_none() && !matching {
            if let Some(o) = outcome_mut(frame, stmt) {
                o.ran = true;
                o.requested = 1;
            }
            return Ok(None);
        }
        if self.splay_pile(frame, stmt, seat, color, direction) {
            return stopped(Stop::GameOver);
        }
        Ok(None)
    }

    /// `Op::Rearrange`: `I: seat color →`: the player reorders the pile, keeping its splay.
    /// `[decision]`
    pub(super) fn op_rearrange(
        &mut self,
        edition: &CompiledEdition,
        chunk: &Chunk,
        frame: &mut Frame,
        stmt: StmtId,
        pure: bool,
    ) -> OpResult {
        self.impure(frame, pure)?;
        let Some(&color) = frame.ints.last() else {
            return Err(self.error(frame, "the number stack is empty"));
        };
        let Some(&seat_value) = frame.ints.get(frame.ints.len().wrapping_sub(2)) else {
            return Err(self.error(frame, "the number stack is empty"));
        };
        let (Some(seat), Some(color)) = (
            self.seat(seat_value),
            Color::ALL.get(color as usize).copied(),
        ) else {
            frame.ints.pop();
            frame.ints.pop();
            return Ok(None);
        };
        let mut top_first = self.state.players[seat as usize].pile(color).cards.to_vec();
        top_first.reverse();
        let order = match self.answer.take() {
            Some(Answer::Order(order)) => order,
            Some(_) => return Err(self.error(frame, "the answer is not an order")),
            None => {
                return stopped(self.suspend(
                    frame,
                    seat,
                    RequestKind::Order { cards: top_first },
                    &chunk.name,
                ))
            }
        };
        frame.ints.pop();
        frame.ints.pop();
        let mut bottom_first = order;
        bottom_first.reverse();
        let pile = &mut self.state.players[seat as usize].board[color_index(color)];
        let changed = pile.cards.as_slice() != bottom_first.as_slice();
        pile.cards = Cards::from_vec(bottom_first);
        pile.refresh(edition);
        self.log.push(Event::Rearrange {
            player: seat,
            color,
        });
        // The first edition asks for an actual change of game state: a pile put
        // back in the same order changes nothing (rules v1.1, "Clarifications on
        // Dogma Effects"); the other editions count the cards as moved.
        if changed || self.edition().rules.share_bonus != ShareBonus::StateChanged {
            self.earn_bonus(frame);
        }
        if let Some(o) = outcome_mut(frame, stmt) {
            o.ran = true;
            o.requested = 1;
            o.done = 1;
        }
        Ok(None)
    }

    /// `Op::Look`: `S: cards →`: the acting player looks at the cards: the log shows them to that
    /// player alone (`Event::Look`); they stay where they are and are the statement's. Looking
    /// is neither revealing nor moving: it earns no free Draw.
    pub(super) fn op_look(&mut self, frame: &mut Frame, stmt: StmtId, pure: bool) -> OpResult {
        self.impure(frame, pure)?;
        let cards = self.pop_set(frame)?;
        let seat = frame.actor();
        if let Some(o) = outcome_mut(frame, stmt) {
            o.ran = true;
            o.requested = o.requested.max(cards.len() as u16);
        }
        for card in cards {
            self.log.push(Event::Look { player: seat, card });
            let at = self.state.location(card);
            if let Some(o) = outcome_mut(frame, stmt) {
                o.done += 1;
                o.cards.push((card, at));
            }
        }
        Ok(None)
    }

    /// The start of `SelfExecute` and `ExecuteAsIf`: `S: cards →` the cards, the statement
    /// marked as run for one card, with where the log stood (`this caused any change` reads the
    /// events after the mark).
    fn begin_execution(
        &mut self,
        frame: &mut Frame,
        stmt: StmtId,
        pure: bool,
    ) -> VmResult<Vec<CardIdx>> {
        self.impure(frame, pure)?;
        let cards = self.pop_set(frame)?;
        let mark = u32::try_from(self.log.len()).ok();
        if let Some(o) = outcome_mut(frame, stmt) {
            o.ran = true;
            o.requested = 1;
            o.mark = mark;
        }
        Ok(cards)
    }

    /// `Op::SelfExecute`: `S: cards →`: run each non-demand effect of the first card for the
    /// executor alone.
    pub(super) fn op_self_execute(
        &mut self,
        edition: &CompiledEdition,
        frame: &mut Frame,
        stmt: StmtId,
        pure: bool,
    ) -> OpResult {
        let cards = self.begin_execution(frame, stmt, pure)?;
        if let Some(card) = cards.first().copied() {
            // The Chain Rule (fourth-edition rulebook, "Achievements & Victory"):
            // self-executing while self-executing first draws and achieves a card
            // of the highest age. Only a self-execute inside another counts: a
            // card whose own effect self-executes, run by a Dogma action or shared,
            // is not self-executing (../shared/rules/EDITIONS.md, "Chain Rule").
            let nested = self.exec.as_ref().is_some_and(|e| {
                e.frames
                    .iter()
                    .any(|f| matches!(f.kind, FrameKind::SelfExecute { .. }))
            });
            if nested && edition.rules.chain_rule {
                let seat = frame.executor;
                // The draw skips empty ages like any draw: with no card of the
                // highest age left, it ends the game.
                let Some(drawn) = self.draw(
                    seat,
                    edition.rules.max_age,
                    Cause {
                        demand: false,
                        ..frame.cause()
                    },
                ) else {
                    return stopped(Stop::GameOver);
                };
                self.earn_bonus(frame);
                self.move_logged(
                    frame,
                    drawn,
                    Location::Achievements(seat),
                    Verb::Achieve,
                    false,
                );
                self.after_change();
                if self.state.outcome.is_some() {
                    return stopped(Stop::GameOver);
                }
            }
            if let Some(o) = outcome_mut(frame, stmt) {
                o.done = 1;
            }
            self.log.push(Event::SelfExecute {
                player: frame.executor,
                card,
            });
            let child = Frame {
                kind: FrameKind::SelfExecute { next: 0 },
                chunk: frame.chunk,
                pc: 0,
                card,
                executor: frame.executor,
                demander: None,
                demand: false,
                counts_for_bonus: frame.counts_for_bonus,
                ints: Vec::new(),
                sets: Vec::new(),
                outcomes: Vec::new(),
                loops: Vec::new(),
                each: Vec::new(),
                candidate: None,
                stop_at: None,
                params: Vec::new(),
                fold: None,
                repeats: 0,
                actors: Vec::new(),
                color_loops: Vec::new(),
                value_loops: Vec::new(),
                card_loops: Vec::new(),
                echo: false,
                karma: frame.karma,
                karma_resume: None,
            };
            return stopped(Stop::Call(Box::new(child)));
        }
        Ok(None)
    }

    /// `Op::ExecuteAsIf`: `S: cards →`: run every effect of the first card as if it were on this
    /// card, for the executor alone (`as_if_step` runs them). This card's featured icon decides
    /// who is vulnerable to the card's demands and who is compelled (EXPANSIONS.md §3.3; online
    /// summary, glossary "Execute the effects ... as if they were on this card"), counted on the
    /// boards as the execution starts, as a Dogma action counts them when it is declared (the
    /// displayed card's icons join the executor's count when this card is on their display, as
    /// in its own free Dogma action: EXPANSIONS.md A6).
    pub(super) fn op_execute_as_if(
        &mut self,
        edition: &CompiledEdition,
        frame: &mut Frame,
        stmt: StmtId,
        pure: bool,
    ) -> OpResult {
        let cards = self.begin_execution(frame, stmt, pure)?;
        let Some(card) = cards.first().copied() else {
            return Ok(None);
        };
        if let Some(o) = outcome_mut(frame, stmt) {
            o.done = 1;
        }
        let host = frame.card;
        let executor = frame.executor;
        let (sharing, vulnerable) = self.dogma_preview(executor, host).unwrap_or_default();
        let compelled = sharing
            .into_iter()
            .filter(|s| self.state.is_opponent(executor, *s))
            .collect();
        self.log.push(Event::ExecuteAsIf {
            player: executor,
            card,
            host,
        });
        let mut child = Frame::effect(
            edition,
            frame.chunk,
            card,
            executor,
            None,
            false,
            frame.counts_for_bonus,
        );
        child.kind = FrameKind::AsIf(Box::new(super::AsIfRun {
            host,
            next: 0,
            victim: 0,
            vulnerable,
            compelled,
        }));
        child.outcomes.clear();
        stopped(Stop::Call(Box::new(child)))
    }

    /// `Op::Lasting`: sets a lasting effect for the executor (`on your next turn { … }`, `the
    /// next time you meld a card this turn { … }`): its body runs later, once, for them, with this
    /// card and the demander (`game/lasting.rs`).
    pub(super) fn op_lasting(
        &mut self,
        frame: &mut Frame,
        when: LastingWhen,
        chunk: ChunkIdx,
        test: ChunkIdx,
        pure: bool,
    ) -> OpResult {
        self.impure(frame, pure)?;
        self.set_lasting(Lasting {
            player: frame.executor,
            card: frame.card,
            demander: frame.demander,
            demand: frame.demand,
            chunk,
            when,
            test,
            turn: self.state.turn,
        });
        Ok(None)
    }

    /// `Op::AdditionalAction`: the executor takes an additional action this turn, when the turn
    /// is theirs; a player carrying it out on another's turn (sharing, or as a demand's victim)
    /// takes none (`game/lasting.rs`, `additional_action`).
    pub(super) fn op_additional_action(
        &mut self,
        frame: &mut Frame,
        stmt: StmtId,
        pure: bool,
    ) -> OpResult {
        self.impure(frame, pure)?;
        let granted = self.additional_action(frame.executor);
        if let Some(o) = outcome_mut(frame, stmt) {
            o.ran = true;
            o.requested = 1;
            o.done = u16::from(granted);
        }
        Ok(None)
    }

    /// `Op::Claim`: claim the special achievement for the executor, if it is available.
    pub(super) fn op_claim(
        &mut self,
        frame: &mut Frame,
        special: SpecialIdx,
        stmt: StmtId,
        pure: bool,
    ) -> OpResult {
        self.impure(frame, pure)?;
        let claimed = self.claim_special(frame.executor, special);
        if claimed {
            // The achievement card moves to the claimer: a change that earns the
            // free Draw when a sharing opponent claims it (online summary, DOGMA,
            // point 4; deluxe rules, Dogma action).
            self.earn_bonus(frame);
        }
        if let Some(o) = outcome_mut(frame, stmt) {
            o.ran = true;
            o.requested = 1;
            o.done = u16::from(claimed);
        }
        if self.state.outcome.is_some() {
            return stopped(Stop::GameOver);
        }
        Ok(None)
    }

    /// `Op::JunkSpecial`: junk an available special achievement (the executor's choice), or all of
    /// them. `[decision]`
    pub(super) fn op_junk_special(
        &mut self,
        chunk: &Chunk,
        frame: &mut Frame,
        all: bool,
        stmt: StmtId,
        pure: bool,
    ) -> OpResult {
        self.impure(frame, pure)?;
        let seat = frame.executor;
        let available = self.state.specials.clone();
        let chosen: Vec<SpecialIdx> = if all {
            available
        } else {
            match self.pick_special(frame, chunk, available)? {
                Ok(chosen) => chosen,
                Err(asked) => return Ok(asked),
            }
        };
        if let Some(o) = outcome_mut(frame, stmt) {
            o.ran = true;
            o.requested = if all { chosen.len() as u16 } else { 1 };
        }
        for special in chosen {
            if self.junk_special(seat, special) {
                self.earn_bonus(frame);
                if let Some(o) = outcome_mut(frame, stmt) {
                    o.done += 1;
                }
            }
            if self.state.outcome.is_some() {
                return stopped(Stop::GameOver);
            }
        }
        Ok(None)
    }

    /// `Op::RestoreSpecial`: make a junked special achievement (the executor's choice) available.
    /// `[decision]`
    pub(super) fn op_restore_special(
        &mut self,
        chunk: &Chunk,
        frame: &mut Frame,
        stmt: StmtId,
        pure: bool,
    ) -> OpResult {
        self.impure(frame, pure)?;
        let seat = frame.executor;
        let junked = self.state.junked_specials.clone();
        let chosen: Option<SpecialIdx> = match self.pick_special(frame, chunk, junked)? {
            Ok(chosen) => chosen.first().copied(),
            Err(asked) => return Ok(asked),
        };
        if let Some(o) = outcome_mut(frame, stmt) {
            o.ran = true;
            o.requested = 1;
        }
        if let Some(special) = chosen {
            if self.restore_special(seat, special) {
                self.earn_bonus(frame);
                if let Some(o) = outcome_mut(frame, stmt) {
                    o.done = 1;
                }
            }
            if self.state.outcome.is_some() {
                return stopped(Stop::GameOver);
            }
        }
        Ok(None)
    }

    /// `Op::Win`: `I: seat →`: that player wins.
    #[inline]
    pub(super) fn op_win(&mut self, frame: &mut Frame, pure: bool) -> OpResult {
        self.impure(frame, pure)?;
        let seat = self.pop_int(frame)?;
        if let Some(seat) = self.seat(seat) {
            self.win_by_effect(seat, frame.card);
            return stopped(Stop::GameOver);
        }
        Ok(None)
    }

    /// `Op::WinSingle`: the single player with the most (fewest) of the measure wins; nobody on a
    /// tie.
    pub(super) fn op_win_single(
        &mut self,
        frame: &mut Frame,
        most: bool,
        measure: ChunkIdx,
        pure: bool,
        outer: Option<&[StmtOutcome]>,
    ) -> OpResult {
        self.impure(frame, pure)?;
        let mut values = Vec::new();
        // Eliminated players are out of the table (fourth-edition rulebook, Lose).
        for seat in self.state.seats_in_play() {
            values.push((
                seat,
                self.eval_sub(
                    frame,
                    outer.unwrap_or(&frame.outcomes),
                    measure,
                    None,
                    Some(seat),
                )?,
            ));
        }
        let best = if most {
            values.iter().map(|(_, v)| *v).max()
        } else {
            values.iter().map(|(_, v)| *v).min()
        };
        let leaders: Vec<Seat> = values
            .iter()
            .filter(|(_, v)| Some(*v) == best)
            .map(|(s, _)| *s)
            .collect();
        // "The single player with the most …": nobody wins on a tie (online summary,
        // "End of Game", "By dogma").
        if let [winner] = leaders.as_slice() {
            self.win_by_effect(*winner, frame.card);
            return stopped(Stop::GameOver);
        }
        Ok(None)
    }

    /// `Op::Lose`: `I: seat →`: that player loses.
    pub(super) fn op_lose(
        &mut self,
        edition: &CompiledEdition,
        frame: &mut Frame,
        pure: bool,
    ) -> OpResult {
        self.impure(frame, pure)?;
        let seat = self.pop_int(frame)?;
        if !edition.rules.elimination {
            return Err(self.error(
                frame,
                "`lose` needs an edition with elimination (the fourth edition's rule)",
            ));
        }
        if let Some(seat) = self.seat(seat) {
            if self.lose_by_effect(frame, seat) {
                return stopped(if self.state.outcome.is_some() {
                    Stop::GameOver
                } else {
                    Stop::Done
                });
            }
        }
        Ok(None)
    }

    /// Moves a card with a verb for the executor: meld, tuck, score, return, reveal, junk,
    /// remove or achieve. Returns where the card is afterwards.
    fn apply_verb(
        &mut self,
        frame: &Frame,
        seat: Seat,
        card: CardIdx,
        verb: Verb,
    ) -> VmResult<Location> {
        let info = self.edition().card(card);
        let (color, age) = (info.color, info.age);
        let (to, bottom) = match verb {
            Verb::Meld => (Location::Board(seat, color), false),
            Verb::Tuck => (Location::Board(seat, color), true),
            Verb::Score => (Location::ScorePile(seat), false),
            // Returned cards go to the bottom of their age's deck (online summary, "Return").
            Verb::Return => (Location::Deck(age), true),
            Verb::Junk | Verb::Remove => (Location::Removed, false),
            Verb::Achieve => (Location::Achievements(seat), false),
            // Echoes: a foreshadowed card goes face down into its player's forecast.
            Verb::Foreshadow => (Location::Forecast(seat), false),
            Verb::Reveal => {
                self.log.push(Event::Reveal { player: seat, card });
                self.record(Verb::Reveal, seat, card, frame.cause());
                self.earn_bonus_for_reveal(frame);
                return Ok(self.state.location(card));
            }
            Verb::Transfer | Verb::Draw | Verb::Exchange => {
                return Err(self.error(
                    frame,
                    format!("`{}` cannot be done to a card here", verb.word()),
                ))
            }
        };
        self.move_logged(frame, card, to, verb, bottom);
        Ok(to)
    }

    /// Moves a card, logging and recording it for the history and the sharing bonus.
    fn move_logged(
        &mut self,
        frame: &Frame,
        card: CardIdx,
        to: Location,
        verb: Verb,
        bottom: bool,
    ) {
        let edition = self.edition_arc();
        let from = self.state.move_card(&edition, card, to, bottom);
        // Where the card went: a returned Relic lies beside its deck, not in it.
        let to = self.state.location(card);
        let mover = frame.actor();
        self.record_move(verb, mover, card, frame.cause(), from);
        self.earn_bonus(frame);
        self.log.push(Event::Move {
            player: mover,
            verb,
            card,
            from,
            to,
        });
    }

    /// Splays (or, with `None`, unsplays) a pile of two or more cards. Returns whether the game
    /// ended (a special achievement can be won by it).
    fn splay_pile(
        &mut self,
        frame: &mut Frame,
        stmt: StmtId,
        seat: i32,
        color: i32,
        direction: Option<SplayDirection>,
    ) -> bool {
        if let Some(o) = outcome_mut(frame, stmt) {
            o.ran = true;
            o.requested = 1;
        }
        let (Some(seat), Some(color)) = (
            self.seat(seat),
            usize::try_from(color)
                .ok()
                .and_then(|i| Color::ALL.get(i).copied()),
        ) else {
            return false;
        };
        if !self.splay(frame.actor(), seat, color, direction) {
            return self.state.outcome.is_some();
        }
        // A splay slides the pile's cards: it counts as moving them for the sharing bonus
        // (third edition: "a card revealed or moved"; ../shared/rules/EDITIONS.md).
        self.earn_bonus(frame);
        if let Some(o) = outcome_mut(frame, stmt) {
            o.done = 1;
        }
        self.after_change();
        self.state.outcome.is_some()
    }

    /// `PLAYER loses` (the fourth edition's elimination; see `game::elimination` for the rules
    /// and the readings): the player is eliminated, and the running frame forgets them in its
    /// player loops. Returns whether the frame must stop: its executor is out of the game, or the
    /// dogma action or the game ended.
    fn lose_by_effect(&mut self, frame: &mut Frame, seat: Seat) -> bool {
        let done = self.eliminate(seat, Some(frame.card), frame.demand);
        if !done.happened {
            return false;
        }
        if done.junked_cards {
            // Junking the loser's cards is something done to cards: a sharing opponent who loses
            // earns the free Draw like any other change ("Sharing: Free Draw").
            self.earn_bonus(frame);
        }
        // Players not yet reached by a running "each player" loop are skipped; the player being
        // gone through stays current until the loop moves on.
        for (seats, taken) in frame.each.iter_mut() {
            if let Some(pos) = seats.iter().position(|s| *s == seat) {
                if pos >= *taken as usize {
                    seats.remove(pos);
                }
            }
        }
        done.action_ended || done.game_over || seat == frame.executor
    }

    /// A sharing opponent revealed a card: it earns the free Draw only where the edition counts
    /// reveals (third edition: "a card revealed or moved"; the first edition asks for an actual
    /// change of game state and the fourth for anything done to a card except revealing it,
    /// fourth-edition rulebook "Sharing: Free Draw"; ../shared/rules/EDITIONS.md).
    fn earn_bonus_for_reveal(&mut self, frame: &Frame) {
        if self.edition().rules.share_bonus == ShareBonus::CardRevealedOrMoved {
            self.earn_bonus(frame);
        }
    }

    /// A sharing opponent did something to a card (drew, moved, splayed, rearranged it): the
    /// activator earns the free Draw in every edition.
    fn earn_bonus(&mut self, frame: &Frame) {
        if frame.counts_for_bonus {
            if let Some(dogma) = self.exec.as_mut().and_then(|e| e.dogma.as_mut()) {
                dogma.bonus_earned = true;
            }
        }
    }
}

/// Where a transferred card lands in a player's zone.
fn destination(
    edition: &CompiledEdition,
    seat: Seat,
    zone: DestinationZone,
    card: CardIdx,
) -> Location {
    match zone {
        DestinationZone::Hand => Location::Hand(seat),
        DestinationZone::ScorePile => Location::ScorePile(seat),
        DestinationZone::Board => Location::Board(seat, edition.card(card).color),
        DestinationZone::Achievements => Location::Achievements(seat),
        DestinationZone::Forecast => Location::Forecast(seat),
        DestinationZone::Available => Location::Available,
        DestinationZone::DeckTop => Location::Deck(edition.card(card).age),
    }
}

/// What a splay does after its "would" karmas were looked for.
enum SplayKarma {
    /// The op stops for a karma (its operands put back).
    Stop(Stop),
    /// A karma ran instead: no splay.
    Skip,
    /// The splay goes on.
    Go,
}

/// The state of the op a "would" karma stopped, when the frame runs that op again (`None`
/// otherwise: the op starts afresh).
fn take_resume(frame: &mut Frame) -> Option<KarmaResume> {
    let op = frame.pc.checked_sub(1)?;
    match frame.karma_resume {
        Some(resume) if resume.pc == op => frame.karma_resume.take(),
        _ => None,
    }
}
