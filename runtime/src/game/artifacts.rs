//! Artifacts of History (third edition): the display, the dig after a Meld action, and the
//! start-of-turn choice on a displayed Artifact. (Compel effects sit with the demands, in
//! `dogma::DogmaRun::executors`.)
//!
//! With the Relics: seizing a Relic right after a dig (`offer_seize`).
//!
//! Rules: ../shared/rules/deluxe-rules-with-expansions.txt, "Artifacts of History" (lines
//! 473-509), digested in ../shared/rules/EXPANSIONS.md A2-A7, A10-A12, §3.1, §3.2 and §5 #22-28.

use super::{Cause, EngineQuestion, Game};
use crate::bytecode::{CardIdx, RelicBack};
use crate::choices::{Answer, ArtifactChoice, RequestKind};
use crate::log::Event;
use crate::state::{Location, Seat};
use crate::terms::Verb;

impl Game {
    /// The set digs draw from, when Artifacts is in play.
    pub(super) fn dig_set(&self) -> Option<u8> {
        self.edition
            .rules
            .dig_set
            .as_deref()
            .and_then(|name| self.edition.rules.set_index(name))
    }

    /// Whether a Meld action of `melded` onto `covered` is a dig event (EXPANSIONS.md A2, A3):
    /// the melded card's value is at most the covered card's, or both cards have their hexagon
    /// in the same slot, whatever the pile's splay (§5 #24: cities compare slot names too).
    pub(super) fn digs(&self, melded: CardIdx, covered: CardIdx) -> bool {
        let (melded, covered) = (self.edition.card(melded), self.edition.card(covered));
        let hex = |card: &crate::bytecode::CardInfo| {
            card.slots
                .iter()
                .find(|(_, slot)| slot.is_hexagon())
                .map(|(position, _)| *position)
        };
        melded.age <= covered.age || (hex(melded).is_some() && hex(melded) == hex(covered))
    }

    /// Step 3 after a Meld action: the dig. An Artifact of the covered card's value goes onto
    /// the player's display, empty ages skipped by the base decks (deluxe rules line 480).
    /// Nothing happens when the display holds a card, when the skipping runs past the last age
    /// (§5 #22: the game goes on), or when the Artifacts deck of that age is empty (§5 #23: no
    /// base card instead).
    pub(super) fn dig(&mut self, seat: Seat, covered: CardIdx) {
        let Some(set) = self.dig_set() else {
            return;
        };
        if self.state.players[seat as usize].display.is_some() {
            return;
        }
        let value = self.edition.card(covered).age.max(1);
        let max = self.edition.rules.max_age;
        let Some(age) = (value..=max).find(|a| !self.state.deck(0, *a).is_empty()) else {
            return;
        };
        let Some(card) = self.state.deck(set, age).last().copied() else {
            return;
        };
        let from = self
            .state
            .move_card(&self.edition, card, Location::Display(seat), false);
        self.record(Verb::Draw, seat, card, Cause::NONE);
        self.log.push(Event::Move {
            player: seat,
            verb: Verb::Draw,
            card,
            from,
            to: Location::Display(seat),
        });
        self.offer_seize(seat, self.edition.card(card).age);
    }

    /// Right after a dig: the player may seize the Relic of the dug Artifact's value (after
    /// skipping: EXPANSIONS.md §5 #28) lying beside its deck or in any achievements pile, their
    /// own included, into their achievements, or into their hand when the set on its back is in
    /// play (A11). One question: where to, or `no` (a "you may" folded into its choice); the
    /// alternatives end in the zone's word, which a scenario answers with (`choose = "hand"`).
    fn offer_seize(&mut self, seat: Seat, value: u8) {
        let Some(relic) = (0..self.edition.cards.len() as CardIdx).find(|c| {
            let info = self.edition.card(*c);
            info.relic.is_some()
                && info.age == value
                && matches!(
                    self.state.location(*c),
                    Location::Relic | Location::Achievements(_)
                )
        }) else {
            return;
        };
        let mut labels = Vec::new();
        // Seizing one's own achievement into one's achievements would change nothing.
        if self.state.location(relic) != Location::Achievements(seat) {
            labels.push("seize it into achievements".to_string());
        }
        if self.edition.card(relic).relic == Some(RelicBack::InPlay) {
            labels.push("seize it into hand".to_string());
        }
        if labels.is_empty() {
            return;
        }
        let context = format!(
            "you may seize {} ({})",
            self.title(relic),
            crate::log::place_words(&self.state.location(relic), &self.names()),
        );
        self.ask_engine(
            EngineQuestion::Seize { seat, relic },
            seat,
            RequestKind::Option { labels },
            context,
        );
        if let Some(request) = self.pending.as_mut() {
            request.decline = true;
        }
    }

    /// The answers to the Artifacts' questions: a seized Relic is transferred (seizing is not
    /// a claim, a meld or a draw: EXPANSIONS.md A11).
    pub(super) fn resolve_artifacts_question(
        &mut self,
        question: EngineQuestion,
        answer: Option<Answer>,
    ) {
        let (EngineQuestion::Seize { seat, relic }, Some(Answer::Option(i))) = (question, &answer)
        else {
            self.resolve_figures_question(question, answer);
            return;
        };
        let i = *i;
        let own = self.state.location(relic) == Location::Achievements(seat);
        let playable = self.edition.card(relic).relic == Some(RelicBack::InPlay);
        let mut targets = Vec::new();
        if !own {
            targets.push(Location::Achievements(seat));
        }
        if playable {
            targets.push(Location::Hand(seat));
        }
        let Some(to) = targets.get(i as usize).copied() else {
            return;
        };
        let from = self.state.move_card(&self.edition, relic, to, false);
        self.record(Verb::Transfer, seat, relic, Cause::NONE);
        self.log.push(Event::Move {
            player: seat,
            verb: Verb::Transfer,
            card: relic,
            from,
            to,
        });
        self.after_change();
    }

    /// The start-of-turn choices on the displayed card, when they are open: a free Dogma action
    /// (when the card has a featured icon), return it, or leave it.
    pub(super) fn artifact_choices(&self, seat: Seat) -> Vec<ArtifactChoice> {
        let Some(card) = self.state.players[seat as usize].display else {
            return Vec::new();
        };
        if !self.state.display_choice {
            return Vec::new();
        }
        let mut choices = Vec::new();
        if self.edition.card(card).dogma_icon.is_some() {
            choices.push(ArtifactChoice::Dogma);
        }
        choices.extend([ArtifactChoice::Return, ArtifactChoice::Pass]);
        choices
    }

    /// Carries out the start-of-turn choice. It uses none of the turn's actions (deluxe rules
    /// line 494).
    pub(super) fn artifact_action(&mut self, seat: Seat, choice: ArtifactChoice) {
        self.state.display_choice = false;
        self.state.free_action = true;
        let Some(card) = self.state.players[seat as usize].display else {
            return;
        };
        match choice {
            ArtifactChoice::Dogma => self.start_dogma(seat, card, false),
            ArtifactChoice::Return => {
                self.return_displayed(seat);
                self.after_change();
            }
            ArtifactChoice::Pass => {}
        }
    }

    /// Returns the card on a player's display to the bottom of its deck.
    pub(super) fn return_displayed(&mut self, seat: Seat) {
        let Some(card) = self.state.players[seat as usize].display else {
            return;
        };
        let age = self.edition.card(card).age;
        let from = self
            .state
            .move_card(&self.edition, card, Location::Deck(age), true);
        self.record(Verb::Return, seat, card, Cause::NONE);
        self.log.push(Event::Move {
            player: seat,
            verb: Verb::Return,
            card,
            from,
            to: Location::Deck(age),
        });
    }
}
