//! The VM's questions: ops that ask a player to choose a player, a colour, a value or an icon,
//! `you may` and either/or.

use super::{
    ask_color, ask_player, outcome_mut, read_colors, read_players, stopped, Fold, Frame, OpResult,
    StmtOutcome, Stop, VmResult, FUEL, NOBODY,
};
use crate::bytecode::{
    color_bit, direction_of_bit, icon_bit, Chunk, ChunkIdx, CompiledEdition, Op, SpecialIdx,
    StmtId, NO_CHUNK,
};
use crate::choices::{Answer, RequestKind};
use crate::game::Game;
use crate::state::{color_index, Seat};
use crate::terms::{ChoiceKind, Chooser, PlayerSet};
use crate::vocab::{Color, Icon, SplayDirection};

impl Game {
    /// `Op::ChosenDeckEnd`: `→ S: cards`: the executor picks a deck with cards, of any set in play
    /// and any age, answered by its name `SET.AGE` (`base.3`, `echoes.4`: ../shared/SCENARIOS.md,
    /// "How questions are asked"); the `n` top (or bottom) cards of it, top first. With one deck
    /// left there is nothing to ask; with none, no cards. `[decision]`
    pub(super) fn op_chosen_deck_end(
        &mut self,
        edition: &CompiledEdition,
        chunk: &Chunk,
        frame: &mut Frame,
        n: u8,
        bottom: bool,
        pure: bool,
    ) -> OpResult {
        let sets = 1 + edition.rules.expansions.len() as u8;
        let decks: Vec<(u8, u8)> = (0..sets)
            .flat_map(|set| (1..=edition.rules.max_age).map(move |age| (set, age)))
            .filter(|(set, age)| !self.state.deck(*set, *age).is_empty())
            .collect();
        let picked = match decks.as_slice() {
            [] => None,
            [one] => Some(*one),
            _ => {
                self.impure(frame, pure)?;
                match self.answer.take() {
                    Some(Answer::Option(i)) => match decks.get(usize::from(i)) {
                        Some(deck) => Some(*deck),
                        None => return Err(self.error(frame, "the answer is not a deck")),
                    },
                    Some(_) => return Err(self.error(frame, "the answer is not a deck")),
                    None => {
                        let labels = decks
                            .iter()
                            .map(|(set, age)| {
                                let name = match set {
                                    0 => "base",
                                    s => edition.rules.expansions[usize::from(*s) - 1].as_str(),
                                };
                                format!("{name}.{age}")
                            })
                            .collect();
                        let who = frame.actor();
                        return stopped(self.suspend(
                            frame,
                            who,
                            RequestKind::Option { labels },
                            &chunk.name,
                        ));
                    }
                }
            }
        };
        let cards = match picked {
            None => Vec::new(),
            Some((set, age)) => super::selections::deck_end(self.state.deck(set, age), n, bottom),
        };
        frame.sets.push(cards);
        Ok(None)
    }

    /// `Op::ChoosePlayer`: `→ I: seat`; the acting player picks a player of the group (meeting the
    /// test chunk when not `NO_CHUNK`); recorded as the statement's chosen player. `[decision]`
    #[allow(clippy::too_many_arguments)]
    pub(super) fn op_choose_player(
        &mut self,
        chunk: &Chunk,
        frame: &mut Frame,
        group: PlayerSet,
        test: ChunkIdx,
        stmt: StmtId,
        pure: bool,
        outer: Option<&[StmtOutcome]>,
    ) -> OpResult {
        self.impure(frame, pure)?;
        // A destination is moot when no card is moving (a declined `you may`):
        // nobody is asked.
        let next = chunk.ops.get(frame.pc as usize).copied();
        if matches!(next, Some(Op::Transfer { .. })) && frame.sets.last().is_some_and(Vec::is_empty)
        {
            frame.ints.push(NOBODY);
            return Ok(None);
        }
        let mut options = Vec::new();
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
                options.push(seat);
            }
        }
        let who = frame.actor();
        let chosen = match self.pick_one(
            chunk,
            frame,
            pure,
            who,
            options,
            ask_player,
            read_players,
            "a player",
        ) {
            Ok(chosen) => chosen,
            Err(done) => return done,
        };
        if let Some(o) = outcome_mut(frame, stmt) {
            o.player = chosen;
        }
        frame.ints.push(chosen.map_or(NOBODY, i32::from));
        Ok(None)
    }

    /// `Op::ChooseExtremePlayer`: `→ I: seat`: the player of the group with the most (fewest) of
    /// the measure; on a tie the acting player picks among the tied; recorded as the statement's
    /// chosen player. `[decision]`
    #[allow(clippy::too_many_arguments)]
    pub(super) fn op_choose_extreme_player(
        &mut self,
        chunk: &Chunk,
        frame: &mut Frame,
        (group, most, single): (PlayerSet, bool, bool),
        measure: ChunkIdx,
        stmt: StmtId,
        pure: bool,
        outer: Option<&[StmtOutcome]>,
    ) -> OpResult {
        self.impure(frame, pure)?;
        let next = chunk.ops.get(frame.pc as usize).copied();
        if matches!(next, Some(Op::Transfer { .. })) && frame.sets.last().is_some_and(Vec::is_empty)
        {
            frame.ints.push(NOBODY);
            return Ok(None);
        }
        let mut values = Vec::new();
        for seat in self.group_seats(group, frame.executor) {
            let v = self.eval_sub(
                frame,
                outer.unwrap_or(&frame.outcomes),
                measure,
                None,
                Some(seat),
            )?;
            values.push((seat, v));
        }
        let best = if most {
            values.iter().map(|(_, v)| *v).max()
        } else {
            values.iter().map(|(_, v)| *v).min()
        };
        let mut options: Vec<Seat> = values
            .iter()
            .filter(|(_, v)| Some(*v) == best)
            .map(|(s, _)| *s)
            .collect();
        // `the single player with …`: a tie leaves nobody (and nothing to ask).
        if single && options.len() > 1 {
            options.clear();
        }
        let who = frame.actor();
        let chosen = match self.pick_one(
            chunk,
            frame,
            pure,
            who,
            options,
            ask_player,
            read_players,
            "a player",
        ) {
            Ok(chosen) => chosen,
            Err(done) => return done,
        };
        if let Some(o) = outcome_mut(frame, stmt) {
            o.player = chosen;
        }
        frame.ints.push(chosen.map_or(NOBODY, i32::from));
        Ok(None)
    }

    /// `Op::AskYesNo`: `→ I: b`: the executor answers yes or no (`you may`). `[decision]` A
    /// folded `you may` is not asked here: it says yes and leaves the question to the first
    /// choice of its body, which offers declining.
    pub(super) fn op_ask_yes_no(
        &mut self,
        chunk: &Chunk,
        frame: &mut Frame,
        stmt: StmtId,
        fold: bool,
        pure: bool,
    ) -> OpResult {
        self.impure(frame, pure)?;
        if fold {
            let Some(Op::JumpIfFalse { target }) = chunk.ops.get(frame.pc as usize).copied() else {
                return Err(self.error(frame, "a folded `you may` has no jump after it"));
            };
            frame.fold = Some(Fold {
                stmt,
                skip: target,
                ints: frame.ints.len() as u16,
                sets: frame.sets.len() as u16,
            });
            frame.ints.push(1);
            return Ok(None);
        }
        let yes = match self.answer.take() {
            Some(Answer::YesNo(b)) => b,
            Some(_) => return Err(self.error(frame, "the answer is not yes or no")),
            // A `you may` whose "yes" could change nothing has one real option and
            // is not asked (../shared/SCENARIOS.md: a decision with one legal option
            // is never asked); it counts as declined.
            None if !self.yes_can_matter(frame, chunk)? => false,
            None => {
                let who = frame.executor;
                return stopped(self.suspend(frame, who, RequestKind::YesNo, &chunk.name));
            }
        };
        if let Some(o) = outcome_mut(frame, stmt) {
            o.ran = true;
            o.declined = !yes;
        }
        frame.ints.push(i32::from(yes));
        Ok(None)
    }

    /// `Op::AskOption`: `→ I: index`: the executor picks one of `n` alternatives (their words are
    /// the chunk's `texts[texts..texts + n]`). `[decision]`
    #[allow(clippy::too_many_arguments)]
    pub(super) fn op_ask_option(
        &mut self,
        chunk: &Chunk,
        frame: &mut Frame,
        stmt: StmtId,
        n: u8,
        texts: u16,
        chooser: Chooser,
        pure: bool,
    ) -> OpResult {
        self.impure(frame, pure)?;
        let fold = frame.fold;
        let choice = match self.answer.take() {
            Some(Answer::Option(i)) => i,
            Some(Answer::Decline) if frame.declined() => return Ok(None),
            Some(_) => return Err(self.error(frame, "the answer is not an alternative")),
            None => {
                let first = usize::from(texts);
                let labels = chunk
                    .texts
                    .get(first..first + usize::from(n))
                    .map(<[String]>::to_vec)
                    .unwrap_or_else(|| vec![String::new(); usize::from(n)]);
                let who = self.chooser_seat(frame, chooser);
                return stopped(self.suspend_optional(
                    frame,
                    who,
                    RequestKind::Option { labels },
                    &chunk.name,
                    fold.is_some(),
                ));
            }
        };
        frame.fold = None;
        if let Some(o) = outcome_mut(frame, stmt) {
            o.ran = true;
        }
        frame.ints.push(i32::from(choice));
        Ok(None)
    }

    /// `Op::Choose`: the chooser picks `count` values, colours, players or icons (never the icons
    /// of the `except` mask); recorded on the statement. `[decision]`
    #[allow(clippy::too_many_arguments)]
    pub(super) fn op_choose(
        &mut self,
        chunk: &Chunk,
        frame: &mut Frame,
        kind: ChoiceKind,
        count: u8,
        chooser: Chooser,
        stmt: StmtId,
        except: u8,
        pure: bool,
    ) -> OpResult {
        self.impure(frame, pure)?;
        let who = self.chooser_seat(frame, chooser);
        let mut request = self.choice_request(kind, count, who);
        if let RequestKind::Icons { options, .. } = &mut request {
            options.retain(|i| except & icon_bit(*i) == 0);
        }
        // A folded `you may` is asked even with one answer (its shape follows the text), and
        // declined unasked when nothing can be chosen.
        let folded = frame.fold.is_some();
        if folded && no_options(&request) {
            frame.declined();
            return Ok(None);
        }
        let answer = match single_answer(&request) {
            Some(single) if !folded => single,
            _ => match self.answer.take() {
                Some(Answer::Decline) if frame.declined() => return Ok(None),
                Some(a) => a,
                None => {
                    return stopped(self.suspend_optional(frame, who, request, &chunk.name, folded))
                }
            },
        };
        frame.fold = None;
        // A card type answered by an index past the sets in play is no answer.
        if let (ChoiceKind::Type, Answer::Option(set)) = (kind, &answer) {
            if usize::from(*set) > self.edition().rules.expansions.len() {
                return Err(self.error(frame, "the answer is not a card type in play"));
            }
        }
        if let Some(o) = outcome_mut(frame, stmt) {
            o.ran = true;
            o.requested = 1;
            o.done = 1;
            match answer {
                Answer::Values(v) => o.values = v,
                Answer::Colors(c) => o.colors = c.iter().fold(0, |m, c| m | color_bit(*c)),
                Answer::Players(p) => o.player = p.first().copied(),
                Answer::Icons(i) => o.icons = i.iter().fold(0, |m, i| m | i32::from(icon_bit(*i))),
                // A card type: the set's index (0: base, then the expansions in play).
                Answer::Option(set) if kind == ChoiceKind::Type => o.values = vec![i32::from(set)],
                _ => return Err(self.error(frame, "the answer does not fit the choice")),
            }
        }
        Ok(None)
    }

    /// `Op::ChooseColors`: `I: mask →`: the chooser picks `count` colours of the mask (fewer when
    /// the mask has fewer); recorded on the statement. `[decision]`
    pub(super) fn op_choose_colors(
        &mut self,
        chunk: &Chunk,
        frame: &mut Frame,
        count: u8,
        chooser: Chooser,
        stmt: StmtId,
        pure: bool,
    ) -> OpResult {
        self.impure(frame, pure)?;
        let Some(&mask) = frame.ints.last() else {
            return Err(self.error(frame, "the number stack is empty"));
        };
        let who = self.chooser_seat(frame, chooser);
        let options: Vec<Color> = Color::ALL
            .iter()
            .copied()
            .filter(|c| mask & color_bit(*c) != 0)
            .collect();
        let request = RequestKind::Colors { options, count };
        // A folded `you may` is asked even with one answer, and declined unasked with none.
        let folded = frame.fold.is_some();
        if folded && no_options(&request) {
            frame.declined();
            return Ok(None);
        }
        let answer = match single_answer(&request) {
            Some(single) if !folded => single,
            _ => match self.answer.take() {
                Some(Answer::Decline) if frame.declined() => return Ok(None),
                Some(a) => a,
                None => {
                    return stopped(self.suspend_optional(frame, who, request, &chunk.name, folded))
                }
            },
        };
        let Answer::Colors(colors) = answer else {
            return Err(self.error(frame, "the answer is not a colour"));
        };
        frame.fold = None;
        frame.ints.pop();
        if let Some(o) = outcome_mut(frame, stmt) {
            o.ran = true;
            o.requested = u16::from(count);
            o.done = colors.len() as u16;
            o.colors = colors.iter().fold(0, |m, c| m | color_bit(*c));
        }
        Ok(None)
    }

    /// `Op::ChooseValueFrom`: `I: v1 … vn →`: the chooser picks one of the values; recorded on the
    /// statement. `[decision]`
    #[allow(clippy::too_many_arguments)]
    pub(super) fn op_choose_value_from(
        &mut self,
        edition: &CompiledEdition,
        chunk: &Chunk,
        frame: &mut Frame,
        n: u8,
        chooser: Chooser,
        stmt: StmtId,
        pure: bool,
    ) -> OpResult {
        self.impure(frame, pure)?;
        let n = usize::from(n);
        if frame.ints.len() < n {
            return Err(self.error(frame, "the number stack is empty"));
        }
        let keep = frame.ints.len() - n;
        let options = possible_values(edition, frame.ints[keep..].to_vec());
        let request = RequestKind::Values { options, count: 1 };
        self.ask_value(chunk, frame, chooser, request, keep, stmt)
    }

    /// `Op::ChooseValueRange`: `I: low high →`: the chooser picks a value from low to high (only
    /// possible ages: 1 to the edition's highest); recorded on the statement. `[decision]`
    pub(super) fn op_choose_value_range(
        &mut self,
        chunk: &Chunk,
        frame: &mut Frame,
        chooser: Chooser,
        count: u8,
        stmt: StmtId,
        pure: bool,
    ) -> OpResult {
        self.impure(frame, pure)?;
        let n = frame.ints.len();
        if n < 2 {
            return Err(self.error(frame, "the number stack is empty"));
        }
        let (low, high) = (frame.ints[n - 2].max(1), frame.ints[n - 1]);
        let high = high.min(i32::from(self.edition().rules.max_age));
        let options: Vec<i32> = (low..=high).collect();
        let request = RequestKind::Values { options, count };
        self.ask_value(chunk, frame, chooser, request, n - 2, stmt)
    }

    /// `Op::ChooseValueListed`: `I: v1 … vk k →`: the chooser picks one of the values (only
    /// possible ages); none to pick: nothing is recorded. `[decision]`
    #[allow(clippy::too_many_arguments)]
    pub(super) fn op_choose_value_listed(
        &mut self,
        edition: &CompiledEdition,
        chunk: &Chunk,
        frame: &mut Frame,
        chooser: Chooser,
        count: u8,
        stmt: StmtId,
        pure: bool,
    ) -> OpResult {
        self.impure(frame, pure)?;
        // The list is popped here; a suspended question re-runs the op, so it goes back first.
        let listed = self.pop_values(frame)?;
        let keep = frame.ints.len();
        let options = possible_values(edition, listed.clone());
        if options.len() < usize::from(count.max(1)) {
            // Too few different values: none is chosen (a folded `you may` declines unasked).
            if frame.fold.is_some() {
                frame.declined();
                return Ok(None);
            }
            if let Some(o) = outcome_mut(frame, stmt) {
                o.ran = true;
                o.requested = 1;
                o.done = 0;
                o.values.clear();
            }
            return Ok(None);
        }
        Self::push_values(frame, listed);
        let request = RequestKind::Values {
            options,
            count: count.max(1),
        };
        self.ask_value(chunk, frame, chooser, request, keep, stmt)
    }

    /// Asks the chooser for one of `options` (a folded `you may` asks even with one, and
    /// declines unasked with none), then leaves `keep` ints on the stack and records the value
    /// on the statement: the shared end of `ChooseValueFrom`, `ChooseValueRange` and
    /// `ChooseValueListed`.
    fn ask_value(
        &mut self,
        chunk: &Chunk,
        frame: &mut Frame,
        chooser: Chooser,
        request: RequestKind,
        keep: usize,
        stmt: StmtId,
    ) -> OpResult {
        let who = self.chooser_seat(frame, chooser);
        // A folded `you may`: asked even with one value, declined unasked with none.
        let folded = frame.fold.is_some();
        if folded && no_options(&request) {
            frame.declined();
            return Ok(None);
        }
        let chosen = match single_answer(&request) {
            Some(Answer::Values(v)) if !folded => v,
            _ => match self.answer.take() {
                Some(Answer::Values(v)) => v,
                Some(Answer::Decline) if frame.declined() => return Ok(None),
                Some(_) => return Err(self.error(frame, "the answer is not a value")),
                None => {
                    return stopped(self.suspend_optional(frame, who, request, &chunk.name, folded))
                }
            },
        };
        frame.fold = None;
        frame.ints.truncate(keep);
        if let Some(o) = outcome_mut(frame, stmt) {
            o.ran = true;
            o.requested = 1;
            o.done = u16::from(!chosen.is_empty());
            o.values = chosen;
        }
        Ok(None)
    }

    /// `Op::PickColor`: `I: seat mask → seat color`: the player picks one splayable colour of the
    /// mask. `[decision]`
    pub(super) fn op_pick_color(
        &mut self,
        chunk: &Chunk,
        frame: &mut Frame,
        stmt: StmtId,
        direction: Option<SplayDirection>,
        pure: bool,
    ) -> OpResult {
        self.impure(frame, pure)?;
        let mask = self.pop_int(frame)?;
        let Some(&seat_value) = frame.ints.last() else {
            return Err(self.error(frame, "the number stack is empty"));
        };
        let next = chunk.ops.get(frame.pc as usize).copied();
        // Before a `SplayLike`, the direction lies under the seat (`I: direction seat`).
        let like = match next {
            Some(Op::SplayLike { matching, .. }) => Some((
                matching,
                direction_of_bit(
                    frame
                        .ints
                        .get(frame.ints.len().wrapping_sub(2))
                        .copied()
                        .unwrap_or(0),
                ),
            )),
            _ => None,
        };
        let options: Vec<Color> = match self.seat(seat_value) {
            None => Vec::new(),
            Some(seat) => Color::ALL
                .iter()
                .copied()
                .filter(|c| mask & color_bit(*c) != 0)
                .filter(|c| {
                    let pile = self.state.players[seat as usize].pile(*c);
                    pile.cards.len() >= 2
                        && match (direction, next) {
                            (Some(d), _) => pile.splay != Some(d),
                            (None, _) if like.is_some() => match like {
                                Some((_, Some(d))) => pile.splay != Some(d),
                                Some((matching, None)) => matching && pile.splay.is_some(),
                                None => true,
                            },
                            (None, Some(Op::Unsplay { .. })) => pile.splay.is_some(),
                            (None, _) => true,
                        }
                })
                .collect(),
        };
        // A folded `you may` ("you may splay your red or green cards up") is asked even with one
        // colour that can be splayed, and declined unasked with none.
        let folded = frame.fold.is_some();
        if folded && options.is_empty() {
            frame.declined();
            return Ok(None);
        }
        let color = match options.as_slice() {
            [] => None,
            [one] if !folded => Some(*one),
            _ => match self.answer.take() {
                Some(Answer::Colors(c)) => c.first().copied(),
                Some(Answer::Decline) if frame.declined() => return Ok(None),
                Some(_) => return Err(self.error(frame, "the answer is not a colour")),
                None => {
                    frame.ints.push(mask);
                    let who = self.seat(seat_value).unwrap_or(frame.executor);
                    return stopped(self.suspend_optional(
                        frame,
                        who,
                        RequestKind::Colors { options, count: 1 },
                        &chunk.name,
                        folded,
                    ));
                }
            },
        };
        frame.fold = None;
        if let (Some(o), Some(c)) = (outcome_mut(frame, stmt), color) {
            o.colors = color_bit(c);
        }
        frame.ints.push(color.map_or(-1, |c| color_index(c) as i32));
        Ok(None)
    }

    /// Whether the seat's pile of the colour could be splayed in the direction: two cards or
    /// more, not yet splayed so.
    fn pile_takes_splay(&self, seat: Seat, color: Color, direction: SplayDirection) -> bool {
        let pile = self.state.players[seat as usize].pile(color);
        pile.cards.len() >= 2 && pile.splay != Some(direction)
    }

    /// `Op::ChoosePileColor`: `I: mask → mask'`: a colour of the mask that a pile of the group's
    /// boards could take the splay in, chosen by the acting player when several could (0 for
    /// none). `[decision]`
    pub(super) fn op_choose_pile_color(
        &mut self,
        chunk: &Chunk,
        frame: &mut Frame,
        group: PlayerSet,
        direction: SplayDirection,
        stmt: StmtId,
        pure: bool,
    ) -> OpResult {
        self.impure(frame, pure)?;
        let mask = self.pop_int(frame)?;
        let seats = self.group_seats(group, frame.executor);
        let options: Vec<Color> = Color::ALL
            .iter()
            .copied()
            .filter(|c| mask & color_bit(*c) != 0)
            .filter(|c| {
                seats
                    .iter()
                    .any(|s| self.pile_takes_splay(*s, *c, direction))
            })
            .collect();
        // Asked, the op runs again on the same mask.
        frame.ints.push(mask);
        let who = frame.actor();
        let color = match self.pick_one(
            chunk,
            frame,
            pure,
            who,
            options,
            ask_color,
            read_colors,
            "a colour",
        ) {
            Ok(color) => color,
            Err(done) => return done,
        };
        frame.ints.pop();
        if let (Some(o), Some(c)) = (outcome_mut(frame, stmt), color) {
            o.colors = color_bit(c);
        }
        frame.ints.push(color.map_or(0, color_bit));
        Ok(None)
    }

    /// `Op::ChoosePileOwner`: `I: mask → seat mask`: a player of the group whose pile of the
    /// colour could take the splay, chosen by the acting player when several could; recorded as
    /// the statement's chosen player (nobody when none could). `[decision]`
    pub(super) fn op_choose_pile_owner(
        &mut self,
        chunk: &Chunk,
        frame: &mut Frame,
        group: PlayerSet,
        direction: SplayDirection,
        stmt: StmtId,
        pure: bool,
    ) -> OpResult {
        self.impure(frame, pure)?;
        let mask = self.pop_int(frame)?;
        let options: Vec<Seat> = self
            .group_seats(group, frame.executor)
            .into_iter()
            .filter(|s| {
                Color::ALL
                    .iter()
                    .any(|c| mask & color_bit(*c) != 0 && self.pile_takes_splay(*s, *c, direction))
            })
            .collect();
        // Asked, the op runs again on the same mask.
        frame.ints.push(mask);
        let who = frame.actor();
        let chosen = match self.pick_one(
            chunk,
            frame,
            pure,
            who,
            options,
            ask_player,
            read_players,
            "a player",
        ) {
            Ok(chosen) => chosen,
            Err(done) => return done,
        };
        frame.ints.pop();
        if let Some(o) = outcome_mut(frame, stmt) {
            o.player = chosen;
        }
        frame.ints.push(chosen.map_or(NOBODY, i32::from));
        frame.ints.push(mask);
        Ok(None)
    }

    /// Whether answering yes to the `you may` just reached could change anything: the body is
    /// tried on a copy of the game (without its log), up to the end of the `you may`; it
    /// matters if it changes a card, asks a question, calls another card or ends the game.
    fn yes_can_matter(&mut self, frame: &Frame, chunk: &Chunk) -> VmResult<bool> {
        // The op after `AskYesNo` jumps past the body when the answer is no.
        let Some(Op::JumpIfFalse { target }) = chunk.ops.get(frame.pc as usize).copied() else {
            return Ok(true);
        };
        let log = std::mem::take(&mut self.log);
        let mut probe = self.clone();
        probe.probing = true;
        self.log = log;
        let mut trial = frame.clone();
        trial.ints.push(1);
        trial.stop_at = Some(target);
        let mut fuel = FUEL;
        let stop = probe.execute(&mut trial, &mut fuel, false, None)?;
        Ok(match stop {
            Stop::Done => !probe.log.is_empty() || probe.state.outcome.is_some(),
            Stop::Suspend(_) | Stop::Call(_) | Stop::Lasting | Stop::EndDogma | Stop::GameOver => {
                true
            }
        })
    }

    /// The special achievement the executor picks among `options` (a list of it): no question
    /// for one option or none; otherwise the answer, or `Err` with the question asked.
    ///
    /// In a folded `you may` the question is asked even with one option, and declining (or
    /// having none) gives `Err(None)`: the frame has been unwound past the `you may`.
    pub(super) fn pick_special(
        &mut self,
        frame: &mut Frame,
        chunk: &Chunk,
        options: Vec<SpecialIdx>,
    ) -> VmResult<Result<Vec<SpecialIdx>, Option<Stop>>> {
        let folded = frame.fold.is_some();
        if folded && options.is_empty() {
            frame.declined();
            return Ok(Err(None));
        }
        if options.len() <= 1 && !folded {
            return Ok(Ok(options));
        }
        match self.answer.take() {
            Some(Answer::Specials(s)) => {
                frame.fold = None;
                Ok(Ok(s))
            }
            Some(Answer::Decline) if frame.declined() => Ok(Err(None)),
            Some(_) => Err(self.error(frame, "the answer is not a special achievement")),
            None => {
                let seat = frame.executor;
                Ok(Err(Some(self.suspend_optional(
                    frame,
                    seat,
                    RequestKind::Specials { options, count: 1 },
                    &chunk.name,
                    folded,
                ))))
            }
        }
    }

    /// The options of a `choose`.
    fn choice_request(&self, kind: ChoiceKind, count: u8, who: Seat) -> RequestKind {
        match kind {
            ChoiceKind::Value => RequestKind::Values {
                options: (1..=i32::from(self.edition().rules.max_age)).collect(),
                count,
            },
            ChoiceKind::Number => RequestKind::Values {
                options: (0..=self.edition().cards.len() as i32).collect(),
                count,
            },
            ChoiceKind::Color => RequestKind::Colors {
                options: Color::ALL.to_vec(),
                count,
            },
            ChoiceKind::Player => RequestKind::Players {
                options: self.group_seats(PlayerSet::All, who),
                count,
            },
            ChoiceKind::Opponent => RequestKind::Players {
                options: self.group_seats(PlayerSet::Opponents, who),
                count,
            },
            // A card type: the sets in play, base first, answered by their names
            // (../shared/SCENARIOS.md, "Expansions": `choose = "artifacts"`).
            ChoiceKind::Type => RequestKind::Option {
                labels: std::iter::once("base".to_string())
                    .chain(self.edition().rules.expansions.iter().cloned())
                    .collect(),
            },
            // The avatar is an icon to choose only in an edition whose cards show it (the
            // fourth edition's Climatology may name it).
            ChoiceKind::Icon => {
                let avatars = self
                    .edition()
                    .cards
                    .iter()
                    .any(|c| c.has_icon(Icon::Avatar));
                RequestKind::Icons {
                    options: Icon::ALL
                        .iter()
                        .copied()
                        .filter(|i| *i != Icon::Avatar || avatars)
                        .collect(),
                    count,
                }
            }
        }
    }
}

/// Whether a choice has nothing to choose from.
fn no_options(request: &RequestKind) -> bool {
    match request {
        RequestKind::Values { options, .. } => options.is_empty(),
        RequestKind::Colors { options, .. } => options.is_empty(),
        RequestKind::Players { options, .. } => options.is_empty(),
        RequestKind::Icons { options, .. } => options.is_empty(),
        RequestKind::Specials { options, .. } => options.is_empty(),
        RequestKind::Cards { candidates, .. } | RequestKind::Order { cards: candidates } => {
            candidates.is_empty()
        }
        RequestKind::Option { labels } => labels.is_empty(),
        RequestKind::Steps { steps } => steps.is_empty(),
        RequestKind::YesNo => false,
    }
}

/// Whether a single answer is possible (then nobody is asked).
fn single_answer(request: &RequestKind) -> Option<Answer> {
    match request {
        RequestKind::Values { options, count } if options.len() <= *count as usize => {
            Some(Answer::Values(options.clone()))
        }
        RequestKind::Colors { options, count } if options.len() <= *count as usize => {
            Some(Answer::Colors(options.clone()))
        }
        RequestKind::Players { options, count } if options.len() <= *count as usize => {
            Some(Answer::Players(options.clone()))
        }
        RequestKind::Icons { options, count } if options.len() <= *count as usize => {
            Some(Answer::Icons(options.clone()))
        }
        // A card type with only the base set in play.
        RequestKind::Option { labels } if labels.len() == 1 => Some(Answer::Option(0)),
        _ => None,
    }
}

/// The values a player may choose among those offered: each once, lowest first, and only
/// possible ages (fourth-edition rulebook, "Value": from 1 to 11; Fusion after scoring a 1 has
/// nothing to choose).
fn possible_values(edition: &CompiledEdition, mut values: Vec<i32>) -> Vec<i32> {
    values.sort_unstable();
    values.dedup();
    let max = i32::from(edition.rules.max_age);
    values.retain(|v| (1..=max).contains(v));
    values
}
