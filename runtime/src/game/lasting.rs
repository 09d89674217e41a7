//! Lasting effects and additional actions: effects a card leaves for later, and one more action
//! this turn.
//!
//! A lasting effect (`on your next turn { … }`, `the next time you meld a card this turn { … }`)
//! is set by `Op::Lasting` and kept in the saved state (`State::lasting`). Its time comes at one
//! of the engine's two hooks (`game::triggers`):
//!
//! - **a move** (`Game::record`, where every move of a card by a player is recorded): right after
//!   its player's next move of a card with its verb this turn, by any cause (an effect, the Meld
//!   or Draw action, a rule's step), whose card passes its test. It runs once, before anything
//!   else happens (the VM stops after the op that made the move, `Stop::Lasting`; the engine's
//!   `advance` runs it before the next step of the action), with `it` the card moved. Unused, it
//!   is forgotten when the turn ends.
//! - **the start of a turn** (`Game::start_turn`): at the start of its player's next turn, before
//!   their first action. The start of a turn is no action: the effects run as an execution of
//!   their own (`Execution::turn_start`), after which the player takes their actions.
//!
//! Either way it runs as an effect of its own, for the player who set it (its executor), with
//! the card whose effect set it (`this card`) and the demander if a demand set it. Shared or
//! not, it is its executor's alone: it never earns the free Draw for sharing. Several whose time
//! comes at once run in the order they were set. The log says when one is set, runs, or is
//! forgotten (`alice's lasting effect of Sundial: …`).
//!
//! An additional action (`take an additional action`) is one more action this turn for the
//! player whose turn it is. Only that player takes actions (online rules summary, "Actions": "On
//! your turn …"): a player who carries it out on someone else's turn — sharing a non-demand
//! effect, or as a demand's victim — takes none. Sharing lets a player carry out an effect's
//! instructions for themselves, not take a turn; and an action kept for later would be a lasting
//! effect the card does not print (a card that means it says `on your next turn { take an
//! additional action }`).

use super::Game;
use crate::bytecode::{CardIdx, LastingWhen, NO_CHUNK};
use crate::log::Event;
use crate::state::{Lasting, Seat};
use crate::terms::Verb;
use crate::vm::{Frame, StmtOutcome};

impl Game {
    /// A lasting effect is set (`Op::Lasting`).
    pub(crate) fn set_lasting(&mut self, lasting: Lasting) {
        self.log.push(Event::LastingSet {
            player: lasting.player,
            card: lasting.card,
            when: lasting.when,
        });
        self.state.lasting.push(lasting);
    }

    /// A player moved a card with a verb (`Game::record`): their lasting effects waiting for
    /// that move this turn, whose test the card passes, are due, in the order they were set.
    pub(super) fn lasting_moved(&mut self, verb: Verb, player: Seat, card: CardIdx) {
        let turn = self.state.turn;
        let mut i = 0;
        while i < self.state.lasting.len() {
            let lasting = self.state.lasting[i];
            let waits = lasting.player == player
                && lasting.turn == turn
                && lasting.when == LastingWhen::NextMove(verb);
            if waits && self.lasting_test(&lasting, card) {
                self.state.lasting.remove(i);
                self.state.lasting_due.push((lasting, Some(card)));
            } else {
                i += 1;
            }
        }
    }

    /// Whether a moved card passes a lasting effect's test (run for its player, with its card
    /// as `this card`). A test that fails to run counts as failed: a card's code cannot break
    /// the move that was already made.
    fn lasting_test(&mut self, lasting: &Lasting, card: CardIdx) -> bool {
        if lasting.test == NO_CHUNK {
            return true;
        }
        self.eval_lasting_test(lasting, card).is_ok_and(|v| v != 0)
    }

    /// A turn starts (`Game::start_turn`): lasting effects that waited for a move in an earlier
    /// turn are forgotten, and those of this turn's player waiting for their next turn are due.
    pub(super) fn lasting_turn_start(&mut self, seat: Seat) {
        if self.state.lasting.is_empty() {
            return;
        }
        let turn = self.state.turn;
        let waiting = std::mem::take(&mut self.state.lasting);
        for lasting in waiting {
            match lasting.when {
                LastingWhen::NextMove(_) if lasting.turn < turn => {
                    self.log.push(Event::LastingForgotten {
                        player: lasting.player,
                        card: lasting.card,
                        when: lasting.when,
                    });
                }
                LastingWhen::NextTurn if lasting.player == seat && lasting.turn < turn => {
                    self.state.lasting_due.push((lasting, None));
                }
                _ => self.state.lasting.push(lasting),
            }
        }
    }

    /// The frame of the next lasting effect due, logged as it starts; `None` when none is due.
    pub(crate) fn next_lasting_frame(&mut self) -> Option<Frame> {
        if self.state.lasting_due.is_empty() {
            return None;
        }
        let (lasting, moved) = self.state.lasting_due.remove(0);
        // A "would" karma was logged as it applied (`Event::Karma`).
        if lasting.when != LastingWhen::Would {
            self.log.push(Event::LastingRuns {
                player: lasting.player,
                card: lasting.card,
                when: lasting.when,
            });
        }
        let edition = self.edition_arc();
        let mut frame = Frame::effect(
            &edition,
            lasting.chunk,
            lasting.card,
            lasting.player,
            lasting.demander,
            lasting.demand,
            false,
        );
        // A karma's effect sets off no karma (EXPANSIONS.md F8).
        frame.karma = matches!(lasting.when, LastingWhen::Melded | LastingWhen::Would);
        // The move that set it off is its statement 0 (`it`, `melded`).
        if let (Some(card), Some(outcome)) = (moved, frame.outcomes.first_mut()) {
            *outcome = StmtOutcome::one_card(card, self.state.location(card));
        }
        Some(frame)
    }

    /// `take an additional action`: one more action this turn for the player, when the turn is
    /// theirs. Returns whether they got it.
    pub(crate) fn additional_action(&mut self, seat: Seat) -> bool {
        let granted =
            seat == self.state.active && self.state.in_play(seat) && self.state.outcome.is_none();
        if granted {
            self.state.actions_left = self.state.actions_left.saturating_add(1);
            self.state.additional_actions = self.state.additional_actions.saturating_add(1);
        }
        // At the start of a turn (`on your next turn`) no action is in progress.
        let turn_start = self.exec.as_ref().is_some_and(|e| e.turn_start);
        self.log.push(Event::AdditionalAction {
            player: seat,
            granted,
            actions_left: self.state.actions_left,
            turn_start,
        });
        granted
    }

    /// A player is out of the game: their lasting effects are gone with them.
    pub(super) fn forget_lasting(&mut self, seat: Seat) {
        self.state.lasting.retain(|l| l.player != seat);
        self.state.lasting_due.retain(|(l, _)| l.player != seat);
    }
}
