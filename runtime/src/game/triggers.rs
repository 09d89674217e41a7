//! The rules that follow an action or a move: one place where the engine's own steps run, in
//! the order the rulebooks give, each able to ask a question and resume.
//!
//! Every action goes through `Game::act`, every card a card effect moves through
//! `Game::move_logged`, and every splay through `Game::splay`. Triggers hang on those three
//! places:
//!
//! - **After a Meld action** (`after_meld_action`): the steps of the deluxe rules ("Playing with
//!   expansions": city icons, draw a City, dig, promote, "When" karma; EXPANSIONS.md §3.2) are
//!   queued on the action's `Execution::steps` and run by `advance` one by one, before the action
//!   ends. A step that needs a decision asks an `EngineQuestion` and continues when answered;
//!   a step may queue further steps in front of the rest (a city's icons, in the chosen order).
//! - **Right after a splay in a new direction** (`Game::splay`): the City draw, at once, whoever
//!   caused the splay (an effect, an arrow).
//!
//! Figures' karmas use the same places: a karma that runs *before* or *after* an action or a
//! move is a step queued there; one that *replaces* it ("if you would meld …, instead …") is
//! consulted by `act` and `move_logged` before they change anything and, when it applies,
//! queues its effect as a step instead of the move; a continuous modifier of counts ("each
//! [crown] counts as two") is read where the count is made (`State::icon_count`, the score,
//! `Game::achievements_total`).

use super::{Cause, EngineQuestion, Execution, Game};
use crate::bytecode::CardIdx;
use crate::choices::{Request, RequestKind};
use crate::state::Seat;
use crate::vocab::SplayDirection;
use serde::{Deserialize, Serialize};

/// One step of the rules, queued after an action or a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Step {
    /// After a Meld action, first: the melded city's special icons act (plus, arrow, search).
    CityIcons { seat: Seat, card: CardIdx },
    /// A plus: draw a card one age above the city.
    Plus { seat: Seat, card: CardIdx },
    /// An arrow: splay the city's colour in its direction.
    Arrow {
        seat: Seat,
        card: CardIdx,
        direction: SplayDirection,
    },
    /// A search: reveal base cards of the city's value, keep those with its icon.
    Search { seat: Seat, card: CardIdx },
    /// After a Meld action, second: a City drawn when the meld added a colour to the board.
    CityDraw { seat: Seat },
    /// After a Meld action, third (Artifacts): the meld covered `covered` and was a dig event:
    /// an Artifact goes onto the display if it is empty.
    Dig { seat: Seat, covered: CardIdx },
    /// After a Meld action, fourth (Echoes): the player may promote a forecast card of value at
    /// most the melded card's, then take a free Dogma action on it.
    Promote { seat: Seat, card: CardIdx },
    /// After a Meld action, fifth (Figures): the melded card's "When you meld this card" karma.
    KarmaMelded { seat: Seat, card: CardIdx },
    /// Figures: an action whose "would" karma ran first (`game::karma`): the action itself.
    Act {
        seat: Seat,
        action: crate::choices::Action,
    },
    /// Figures: a draw by the rules whose "would draw" karma ran first (`Game::rules_draw`):
    /// the draw itself, of a set and age.
    Draw { seat: Seat, set: u8, age: u8 },
}

impl Game {
    /// A Meld action is done: queues the steps that follow it, in the rulebook's order (deluxe
    /// rules, "Playing with expansions": 1 city icons, 2 draw a City, 3 Artifacts' dig, 4 Echoes'
    /// promotion; Figures' "When" karmas come after them). `covered`: the card the meld
    /// covered, if any. Melds by effects, by promotion and
    /// the opening melds trigger none of this (same passage, the Sailing example).
    pub(super) fn after_meld_action(
        &mut self,
        seat: Seat,
        card: CardIdx,
        new_color: bool,
        covered: Option<CardIdx>,
    ) {
        let mut steps = Vec::new();
        if self.city_icons(card).next().is_some() {
            steps.push(Step::CityIcons { seat, card });
        }
        if new_color && self.edition.rules.city_set.is_some() {
            steps.push(Step::CityDraw { seat });
        }
        if let Some(covered) = covered {
            if self.dig_set().is_some() && self.digs(card, covered) {
                steps.push(Step::Dig { seat, covered });
            }
        }
        if self.edition.rules.promote {
            steps.push(Step::Promote { seat, card });
        }
        if self.has_meld_karma(card) {
            steps.push(Step::KarmaMelded { seat, card });
        }
        if steps.is_empty() {
            return;
        }
        let exec = self.exec.get_or_insert_with(Execution::default);
        exec.steps.extend(steps);
    }

    /// Runs the next queued step, if any; `false` when none was left.
    pub(super) fn run_next_step(&mut self) -> bool {
        let Some(step) = self.exec.as_mut().and_then(|e| e.steps.pop_front()) else {
            return false;
        };
        match step {
            Step::CityIcons { seat, card } => self.city_icons_act(seat, card),
            Step::Plus { seat, card } => {
                let age = self.state.value(&self.edition, card) + 1;
                self.rules_draw(seat, 0, age, false);
            }
            Step::Arrow {
                seat,
                card,
                direction,
            } => {
                let color = self.edition.card(card).color;
                self.splay(seat, seat, color, Some(direction));
            }
            Step::Search { seat, card } => self.search(seat, card),
            Step::CityDraw { seat } => self.city_draw(seat),
            Step::Dig { seat, covered } => self.dig(seat, covered),
            Step::Promote { seat, card } => self.offer_promotion(seat, card),
            // A Meld action melds from the hand.
            Step::KarmaMelded { seat, card } => self.karma_melded(seat, card, true),
            Step::Act { seat, action } => self.perform(seat, action),
            Step::Draw { seat, set, age } => {
                self.draw_from(seat, set, age, Cause::NONE);
            }
        }
        self.after_change();
        true
    }

    /// Queues steps to run before every step still queued.
    pub(super) fn steps_first(&mut self, steps: impl IntoIterator<Item = Step>) {
        let exec = self.exec.get_or_insert_with(Execution::default);
        for step in steps.into_iter().collect::<Vec<_>>().into_iter().rev() {
            exec.steps.push_front(step);
        }
    }

    /// Asks a question of the rules: the answer comes back to `resolve_question`.
    pub(super) fn ask_engine(
        &mut self,
        question: EngineQuestion,
        player: Seat,
        kind: RequestKind,
        context: String,
    ) {
        let exec = self.exec.get_or_insert_with(Execution::default);
        exec.asking = Some(question);
        self.pending = Some(Request {
            player,
            kind,
            context,
            decline: false,
        });
    }
}
