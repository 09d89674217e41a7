//! The dogma action's orchestration: the featured icon counted once on every board locks who
//! shares and who is vulnerable; then each effect in order, demands (and compels) executed by
//! their victims clockwise, non-demand effects by the sharing players then the activator; then
//! the free Draw when a sharing opponent did something. `advance` runs whatever action is in
//! progress (the engine's own questions, the VM's frames, the dogma action's next executor) until
//! it needs a decision or ends.
//!
//! Rules: ../shared/rules/online-rules-summary-with-expansions.txt, "DOGMA".

use super::{Execution, Game, PlayError};
use crate::bytecode::CardIdx;
use crate::log::Event;
use crate::state::{Seat, State};
use crate::vm::Frame;
use crate::vocab::EffectKind;
use serde::{Deserialize, Serialize};

/// A dogma action in progress.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DogmaRun {
    pub card: CardIdx,
    pub activator: Seat,
    /// Players sharing the non-demand effects, clockwise from the activator's left.
    pub sharing: Vec<Seat>,
    /// Opponents vulnerable to the demands, clockwise from the activator's left.
    pub vulnerable: Vec<Seat>,
    /// The effect being executed.
    pub effect: u8,
    /// The next executor of that effect (index into its executor list).
    pub next: u8,
    /// A sharing opponent revealed or moved a card: the activator gets the free Draw.
    pub bonus_earned: bool,
    /// `end the dogma action` was executed (or the activator was eliminated).
    pub ended: bool,
    /// Parley: distant sharers who parleyed to confirm their eligibility for the action.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub parley_shared: Vec<Seat>,
    /// Parley: distant vulnerable opponents already offered immunity this action (those who
    /// took it are no longer vulnerable).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub parley_offered: Vec<Seat>,
    /// An Endorse action (Cities): demands go round the vulnerable opponents twice, and the
    /// activator executes each non-demand effect twice (sharers once).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub endorsed: bool,
    /// Echoes: the visible echo effects of the card's colour, bottom card first, each as its
    /// card and effect index; they run before the card's own effects (`effect` counts them
    /// first). Fixed when the action is declared.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub echoes: Vec<(CardIdx, u8)>,
    /// Artifacts: the free Dogma action on the activator's displayed card; at its conclusion the
    /// card, if still on display, is returned (deluxe rules line 494).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub artifact: bool,
    /// Figures: an Inspire action with this colour. Its effects are the colour's visible inspire
    /// effects (held in `echoes`), for the activator alone; then the draw of the colour's top
    /// card's value instead of any free Draw.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub inspire: Option<crate::vocab::Color>,
}

impl DogmaRun {
    /// The effect at step `index` of the action: an echo effect (its card and index), then the
    /// card's own effects in order, its echo effects left out (a visible echo effect runs with
    /// the colour's, in pile order). `None` past the end.
    pub(crate) fn effect_at(
        &self,
        edition: &crate::bytecode::CompiledEdition,
        index: u8,
    ) -> Option<(CardIdx, u8, crate::bytecode::EffectInfo)> {
        let index = index as usize;
        if let Some(&(card, effect)) = self.echoes.get(index) {
            return edition
                .card(card)
                .effects
                .get(effect as usize)
                .map(|e| (card, effect, *e));
        }
        if self.inspire.is_some() {
            return None;
        }
        let own = index - self.echoes.len();
        edition
            .card(self.card)
            .effects
            .iter()
            .enumerate()
            .filter(|(_, e)| !matches!(e.kind, EffectKind::Echo | EffectKind::Inspire))
            .nth(own)
            .map(|(i, e)| (self.card, i as u8, *e))
    }

    /// The players who execute an effect of this kind, in order.
    ///
    /// A compel (Artifacts) is a demand in every respect but its victims: "A player is
    /// vulnerable to compel effects only if they would be eligible to share your non-demand
    /// effects. Other than this difference, they behave exactly like demand effects"
    /// (../shared/rules/deluxe-rules-with-expansions.txt, "Compel Effects"; EXPANSIONS.md A8).
    /// So its victims are the sharing players who are opponents (a teammate shares but is never
    /// a victim), clockwise; they may share the non-demand effects too, and since a compel is a
    /// demand, executing it never earns the sharing bonus.
    ///
    /// An Endorse (deluxe rules, "Cities of Destiny", step 4; EXPANSIONS.md C11 and §5 #11):
    /// each demand (and compel) goes once round its victims clockwise, then a second time; each
    /// non-demand effect runs once for each sharer, then twice for the activator.
    pub(super) fn executors(&self, kind: EffectKind, state: &State) -> Vec<Seat> {
        let rounds = if self.endorsed { 2 } else { 1 };
        match kind {
            EffectKind::Demand => self.vulnerable.repeat(rounds),
            EffectKind::Compel => self
                .sharing
                .iter()
                .copied()
                .filter(|s| state.is_opponent(self.activator, *s))
                .collect::<Vec<_>>()
                .repeat(rounds),
            _ => {
                let mut list = self.sharing.clone();
                list.extend(std::iter::repeat_n(self.activator, rounds));
                list
            }
        }
    }
}

impl Game {
    /// Who would share `card`'s non-demand effects and who would be vulnerable to its demands
    /// if `seat` used it for a Dogma action now, clockwise from the left (the counts
    /// `start_dogma` locks in; `None` for a card without a featured icon). The terminal shows it
    /// beside every Dogma action.
    pub fn dogma_preview(&self, seat: Seat, card: CardIdx) -> Option<(Vec<Seat>, Vec<Seat>)> {
        let icon = self.edition.card(card).dogma_icon?;
        let mut mine = self.state.icon_count(&self.edition, seat, icon);
        // Artifacts: the displayed card's icons count for the activator's sharing and
        // vulnerability during its own free Dogma action, and nowhere else (deluxe rules line
        // 500; EXPANSIONS.md A6, §5 #26).
        if self.state.location(card) == crate::state::Location::Display(seat) {
            mine += self.edition.card(card).icon_count(icon) as i32;
        }
        let distant_rule = self.state.player_count() >= 5;
        let mut sharing = Vec::new();
        let mut vulnerable = Vec::new();
        for other in self.state.clockwise_from(seat) {
            if other == seat {
                continue;
            }
            let theirs = self.state.icon_count(&self.edition, other, icon);
            let factor = if distant_rule && self.state.is_distant(seat, other) {
                2
            } else {
                1
            };
            if theirs >= factor * mine {
                sharing.push(other);
            } else if self.state.is_opponent(seat, other) && mine > factor * theirs {
                vulnerable.push(other);
            }
        }
        Some((sharing, vulnerable))
    }

    /// Starts a dogma action: the featured icon is counted once on every board and locks who
    /// shares and who is vulnerable (online summary, "DOGMA", step 2).
    ///
    /// At five or more players (possible with expansions), the Echoes rulebook's distant-player
    /// rule applies ("Playing with Expansions"; EXPANSIONS.md §1 and §5 #2): a player two or more
    /// seats away, counted the shorter way round, shares only with at least twice the
    /// activator's count, and is vulnerable only when the activator has more than twice theirs.
    pub(super) fn start_dogma(&mut self, seat: Seat, card: CardIdx, endorsed: bool) {
        let Some((sharing, vulnerable)) = self.dogma_preview(seat, card) else {
            return;
        };
        self.log.push(Event::DogmaCounts {
            card,
            sharing: sharing.clone(),
            vulnerable: vulnerable.clone(),
        });
        // A free Dogma action inside another action (a promotion's) keeps that action's steps.
        let steps = self.exec.take().map(|e| e.steps).unwrap_or_default();
        self.exec = Some(Execution {
            steps,
            dogma: Some(DogmaRun {
                card,
                activator: seat,
                sharing,
                vulnerable,
                effect: 0,
                next: 0,
                bonus_earned: false,
                ended: false,
                parley_shared: Vec::new(),
                parley_offered: Vec::new(),
                endorsed,
                echoes: self.visible_echoes(seat, card),
                artifact: self.state.location(card) == crate::state::Location::Display(seat),
                inspire: None,
            }),
            ..Execution::default()
        });
    }

    /// The echo effects a Dogma action on a card runs first (Echoes rulebook, "Echo Effects";
    /// EXPANSIONS.md E4-E5): every visible echo effect of the card's colour on the activator's
    /// board, bottom card first, up to the top card itself; a covered card's shows when the
    /// pile's splay reveals its echo slot. A card not on the activator's board (a parley) has
    /// only its own.
    pub(super) fn visible_echoes(&self, seat: Seat, card: CardIdx) -> Vec<(CardIdx, u8)> {
        let color = self.edition.card(card).color;
        let pile = self.state.players[seat as usize].pile(color);
        let displayed = self.state.location(card) == crate::state::Location::Display(seat);
        let cards: Vec<CardIdx> = if pile.top() == Some(card) {
            pile.cards.to_vec()
        } else if displayed {
            // Artifacts: the echo effects on the activator's board in the displayed card's
            // colour run first, then the card's own (deluxe rules line 494).
            pile.cards.iter().copied().chain([card]).collect()
        } else {
            vec![card]
        };
        self.visible_slot_effects(
            &cards,
            pile.splay,
            crate::vocab::Slot::Echo,
            EffectKind::Echo,
        )
    }

    /// The effects of one kind printed in a slot (echo, inspire) that show on cards laid as a
    /// pile, bottom card first: every such slot of the last (top) card, and of a covered card
    /// those the splay reveals; each showing slot stands for the card's next effect of the kind.
    pub(super) fn visible_slot_effects(
        &self,
        cards: &[CardIdx],
        splay: Option<crate::vocab::SplayDirection>,
        slot: crate::vocab::Slot,
        kind: EffectKind,
    ) -> Vec<(CardIdx, u8)> {
        let top = cards.len().saturating_sub(1);
        let revealed = splay.map_or(&[][..], |d| d.revealed_slots());
        let mut found = Vec::new();
        for (i, c) in cards.iter().enumerate() {
            let info = self.edition.card(*c);
            let visible = info
                .slots
                .iter()
                .filter(|(p, s)| *s == slot && (i == top || revealed.contains(p)))
                .count();
            let effects = info
                .effects
                .iter()
                .enumerate()
                .filter(|(_, e)| e.kind == kind)
                .map(|(j, _)| (*c, j as u8));
            found.extend(effects.take(visible));
        }
        found
    }

    /// Runs the action in progress until it needs a decision, ends, or ends the game.
    pub(super) fn advance(&mut self) -> Result<(), PlayError> {
        loop {
            if self.state.outcome.is_some() {
                self.finish_game();
                return Ok(());
            }
            if self.pending.is_some() {
                return Ok(());
            }
            let Some(exec) = &mut self.exec else {
                // A move of the action set off a lasting effect: it runs as part of the action.
                if !self.state.lasting_due.is_empty() {
                    self.exec = Some(Execution::default());
                    continue;
                }
                // Figures: at the end of every action, excess top figures fade.
                if self.fade_next() {
                    continue;
                }
                self.end_action();
                // The next turn's lasting effects run before its first action.
                if self.state.outcome.is_none() && !self.state.lasting_due.is_empty() {
                    self.exec = Some(Execution {
                        turn_start: true,
                        ..Execution::default()
                    });
                    continue;
                }
                return Ok(());
            };
            if let Some(question) = exec.asking.take() {
                let answer = self.answer.take();
                self.resolve_question(question, answer);
                continue;
            }
            // Frames to run, or lasting effects due (they run before anything else).
            if !exec.frames.is_empty() || !self.state.lasting_due.is_empty() {
                self.run_vm()?;
                continue;
            }
            // The rules' own steps (after a Meld action, …) run before anything else.
            if self.run_next_step() {
                continue;
            }
            let Some(exec) = &mut self.exec else {
                continue;
            };
            let Some(dogma) = exec.dogma.as_mut() else {
                let turn_start = exec.turn_start;
                self.exec = None;
                // The start of a turn is no action: its player takes their first action next
                // (unless they left the game meanwhile, and their turn passes).
                if turn_start && self.state.in_play(self.state.active) {
                    return Ok(());
                }
                continue;
            };
            let step = dogma.effect_at(&self.edition, dogma.effect);
            if dogma.ended || step.is_none() {
                let activator = dogma.activator;
                let bonus = dogma.bonus_earned && !dogma.ended;
                let artifact = dogma.artifact.then_some(dogma.card);
                let inspire = dogma.inspire;
                // Steps of the action still to run after a free Dogma action stay queued.
                let steps = std::mem::take(&mut exec.steps);
                self.exec = (!steps.is_empty()).then(|| Execution {
                    steps,
                    ..Execution::default()
                });
                // Artifacts: at the conclusion of the free Dogma action the displayed card is
                // returned, if it is still there; then the sharing bonus follows as after any
                // Dogma action (deluxe rules lines 494, 175).
                if let Some(card) = artifact {
                    if self.state.location(card) == crate::state::Location::Display(activator) {
                        self.return_displayed(activator);
                        self.after_change();
                    }
                }
                if let Some(color) = inspire {
                    self.inspire_draw(activator, color);
                } else if bonus {
                    // The free Draw for sharing (third edition: a sharing opponent revealed or
                    // moved a card; ../shared/rules/EDITIONS.md); a Figure with Figures in play
                    // (EXPANSIONS.md F1).
                    self.log.push(Event::ShareBonus { player: activator });
                    self.figure_draw(activator, true);
                    self.after_change();
                }
                continue;
            }
            let Some((effect_card, effect_index, effect)) = step else {
                continue;
            };
            let executors = dogma.executors(effect.kind, &self.state);
            if dogma.next as usize >= executors.len() {
                dogma.effect += 1;
                dogma.next = 0;
                continue;
            }
            let executor = executors[dogma.next as usize];
            let demand = matches!(effect.kind, EffectKind::Demand | EffectKind::Compel);
            // Parley (fourth edition): a distant executor may have to confirm first. A compel's
            // victims are those eligible to share, so a distant one is asked to confirm that
            // eligibility, not offered immunity.
            if !self.parley_gate(executor, effect.kind == EffectKind::Demand) {
                continue;
            }
            let Some(dogma) = self.exec.as_mut().and_then(|e| e.dogma.as_mut()) else {
                continue;
            };
            dogma.next += 1;
            let shared = !demand && executor != dogma.activator;
            // Only an opponent's sharing earns the bonus (a teammate's does not: online summary,
            // "Team games").
            let counts = shared && self.state.is_opponent(executor, dogma.activator);
            let mut frame = Frame::effect(
                &self.edition,
                effect.chunk,
                effect_card,
                executor,
                if demand { Some(dogma.activator) } else { None },
                demand,
                counts,
            );
            frame.echo = effect.kind == EffectKind::Echo;
            self.log.push(Event::Execute {
                player: executor,
                card: effect_card,
                effect: effect_index,
                demand,
                shared,
            });
            if let Some(exec) = self.exec.as_mut() {
                exec.frames.push(frame);
            }
        }
    }
}
