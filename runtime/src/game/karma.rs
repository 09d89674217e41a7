//! Figures in the Sand's "would" karmas: "If you would X, first Y" and "If you would X, instead
//! Y" (deluxe rules, "Figures in the Sand", lines 417-445; EXPANSIONS.md F7, F8).
//!
//! A "would" karma works while its figure is a top card, on every player's turn (F3). Before an
//! event it watches (a move of a card with a verb, by an effect or by an action; a draw, also
//! the rules' own; the draw for sharing; a splay by an effect; a Dogma action), the engine looks for the karmas that apply: on every board's top cards, those whose
//! subject fits the player doing it (its owner, an opponent of its owner, any player) and whose
//! test the event's card passes. When one applies the event waits: the karma's effect runs for
//! its owner, its statement 0 the event's card (`it`), as an effect due before anything else
//! (`State::lasting_due`); then the event goes on (`first`, when its card is still where it
//! was: "do as much as you can") or is skipped (`instead`). When several apply, the current
//! player picks one and the others are ignored, whoever owns them (F8). Nothing a karma does
//! sets off another karma (F8): a karma's frames carry `Frame::karma`, and while one runs no
//! karma is looked for, so a karma's effect cannot set itself off; a card's own `repeat this
//! effect` that a karma keeps feeding ends at the repeat limit (`vm::control`).
//!
//! The VM's moves (`vm::moves`) stop before the card's move and run again when the karma is
//! done (`vm::KarmaResume`); the actions (`Game::act`) run the karma as part of the action and
//! then the action itself as a step of its own (`Step::Act`); the rules' own draws go through
//! `rules_draw`, the draw following as `Step::Draw`.

use super::triggers::Step;
use super::{Cause, Game};
use crate::bytecode::{CardIdx, KarmaInfo, KarmaWho, LastingWhen, WouldEvent, NO_CHUNK};
use crate::choices::Action;
use crate::log::Event;
use crate::state::{Lasting, Seat};
use crate::terms::Verb;
use crate::vm::Frame;
use crate::vocab::Color;
use serde::{Deserialize, Serialize};

/// A "would" karma on a top card: its owner, its card, and its place among the card's karmas.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WouldKarma {
    pub owner: Seat,
    pub card: CardIdx,
    pub index: u8,
}

impl Game {
    /// Whether a karma's effect is running: the frame, or one it runs inside (F8).
    pub(crate) fn in_karma(&self, frame: &Frame) -> bool {
        frame.karma || self.karma_running()
    }

    /// The question when several karmas apply to one event: which figure's runs (F8; the
    /// others are ignored).
    pub(crate) fn karma_choice(karmas: &[WouldKarma]) -> crate::choices::RequestKind {
        let mut figures: Vec<CardIdx> = karmas.iter().map(|k| k.card).collect();
        figures.dedup();
        crate::choices::RequestKind::Cards {
            candidates: figures,
            sizes: vec![1],
        }
    }

    /// The karma of the figure picked (the first when the answer names none of them).
    pub(crate) fn picked_karma(karmas: &[WouldKarma], picked: Option<CardIdx>) -> WouldKarma {
        *karmas
            .iter()
            .find(|k| Some(k.card) == picked)
            .unwrap_or(&karmas[0])
    }

    /// The "would" karmas that apply before `actor` does `event` to `card`: on every player's
    /// top cards, the current player's first and then clockwise, those whose subject fits and
    /// whose test the card passes (run for the karma's owner). None without figures in play.
    pub(crate) fn would_karmas(
        &mut self,
        actor: Seat,
        event: WouldEvent,
        card: CardIdx,
    ) -> Vec<WouldKarma> {
        let mut found = Vec::new();
        if self.edition.rules.figure_set.is_none() {
            return found;
        }
        let edition = self.edition_arc();
        let players = self.state.player_count();
        for k in 0..players {
            let owner = ((self.state.active as usize + k) % players) as Seat;
            if !self.state.in_play(owner) {
                continue;
            }
            for &color in Color::ALL.iter() {
                let pile = self.state.players[owner as usize].pile(color);
                if !pile.karma {
                    continue;
                }
                let Some(top) = pile.top() else {
                    continue;
                };
                for (index, karma) in edition.card(top).karmas.iter().enumerate() {
                    let KarmaInfo::Would {
                        who,
                        event: watched,
                        test,
                        ..
                    } = *karma
                    else {
                        continue;
                    };
                    let fits = match who {
                        KarmaWho::You => owner == actor,
                        KarmaWho::Opponent => self.state.is_opponent(owner, actor),
                        KarmaWho::Player => true,
                    };
                    if watched.watches(event) && fits && self.karma_test(owner, top, test, card) {
                        found.push(WouldKarma {
                            owner,
                            card: top,
                            index: index as u8,
                        });
                    }
                }
            }
        }
        found
    }

    /// Whether the event's card passes a karma's test (run for the karma's owner, its figure
    /// as `this card`). A test that fails to run counts as failed: the event goes on.
    fn karma_test(&mut self, owner: Seat, figure: CardIdx, test: u16, card: CardIdx) -> bool {
        if test == NO_CHUNK {
            return true;
        }
        self.eval_karma_test(test, figure, owner, card)
            .is_ok_and(|v| v != 0)
    }

    /// A karma applies: its effect is due now, for its owner, with the event's card as its
    /// statement 0. Returns whether it runs first (else instead).
    pub(crate) fn karma_due(&mut self, karma: WouldKarma, card: CardIdx) -> bool {
        let edition = self.edition_arc();
        let Some(&KarmaInfo::Would { chunk, first, .. }) =
            edition.card(karma.card).karmas.get(karma.index as usize)
        else {
            return true;
        };
        self.log.push(Event::Karma {
            player: karma.owner,
            figure: karma.card,
            card,
            first,
        });
        let lasting = Lasting {
            player: karma.owner,
            card: karma.card,
            demander: None,
            demand: false,
            chunk,
            when: LastingWhen::Would,
            test: NO_CHUNK,
            turn: self.state.turn,
        };
        self.state.lasting_due.push((lasting, Some(card)));
        first
    }

    /// Before an action: the "would" karmas that apply to it, if any (the Dogma action on its
    /// card, the Meld action's meld, the Achieve action's claim), with the event's card. Several:
    /// the current player picks one (F8: `Game::act` asks, `EngineQuestion::ActionKarma`).
    pub(super) fn action_karmas(
        &mut self,
        seat: Seat,
        action: Action,
    ) -> Option<(Vec<WouldKarma>, CardIdx)> {
        let (event, card) = match action {
            Action::Dogma(card) | Action::Endorse(card) => (WouldEvent::Dogma, card),
            Action::Meld(card) => (WouldEvent::Move(crate::terms::Verb::Meld), card),
            Action::Achieve(age) => {
                let card = self
                    .state
                    .available
                    .iter()
                    .copied()
                    .find(|c| self.state.value(&self.edition, *c) == age)?;
                (WouldEvent::Move(crate::terms::Verb::Achieve), card)
            }
            _ => return None,
        };
        let karmas = self.would_karmas(seat, event, card);
        (!karmas.is_empty()).then_some((karmas, card))
    }

    /// A karma on an action runs (`first`: the action follows as a step of its own) or not
    /// (`instead`: the action is skipped) (F7).
    pub(super) fn action_karma_due(
        &mut self,
        seat: Seat,
        action: Action,
        karma: WouldKarma,
        card: CardIdx,
    ) {
        if self.karma_due(karma, card) {
            let exec = self.exec.get_or_insert_with(super::Execution::default);
            exec.steps.push_back(Step::Act { seat, action });
        }
    }

    /// Several karmas apply to an action: the current player picks one, by its figure (F8).
    pub(super) fn ask_action_karma(
        &mut self,
        seat: Seat,
        action: Action,
        karmas: &[WouldKarma],
        card: CardIdx,
    ) {
        self.ask_engine(
            super::EngineQuestion::ActionKarma { seat, action, card },
            seat,
            Self::karma_choice(karmas),
            "karma: which figure's karma runs (the others are ignored)".to_string(),
        );
    }

    /// The answer to `EngineQuestion::ActionKarma`: the karma of the figure picked (the first
    /// that applies when the answer names none of them) runs.
    pub(super) fn resolve_action_karma(
        &mut self,
        seat: Seat,
        action: Action,
        card: CardIdx,
        picked: Option<CardIdx>,
    ) {
        let Some((karmas, _)) = self.action_karmas(seat, action) else {
            self.perform(seat, action);
            return;
        };
        let karma = Self::picked_karma(&karmas, picked);
        self.action_karma_due(seat, action, karma, card);
    }

    /// A draw the rules make (the Draw action's, the Inspire action's, a Figure draw, the free
    /// Draw for sharing: `sharing`), with its "would draw" karmas (EXPANSIONS.md F7): the card
    /// it would take is tested without drawing it; when a karma applies its effect is due now
    /// and the draw follows as a step of its own (`first`: `Step::Draw`, which no karma
    /// watches again) or not at all (`instead`). Several apply: the first found, the current
    /// player's own before the others' — short of F8, where the current player picks: these
    /// draws come in runs (each opponent's Figure draw after an Achieve action) that a question
    /// in the middle would have to suspend; the VM's moves and the actions do ask.
    pub(crate) fn rules_draw(&mut self, seat: Seat, set: u8, age: u8, sharing: bool) {
        if let Some(card) = self.next_draw(seat, set, age) {
            if self.edition.rules.figure_set.is_some() && !self.karma_running() {
                let mut karmas = Vec::new();
                if sharing {
                    karmas = self.would_karmas(seat, WouldEvent::SharingDraw, card);
                }
                karmas.extend(self.would_karmas(seat, WouldEvent::Move(Verb::Draw), card));
                if let Some(&karma) = karmas.first() {
                    if self.karma_due(karma, card) {
                        self.steps_first([Step::Draw { seat, set, age }]);
                    }
                    return;
                }
            }
        }
        self.draw_from(seat, set, age, Cause::NONE);
    }

    /// Whether a karma's effect is running now (its frames on the stack).
    fn karma_running(&self) -> bool {
        self.exec
            .as_ref()
            .is_some_and(|e| e.frames.iter().any(|f| f.karma))
    }
}
