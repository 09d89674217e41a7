//! Echoes of the Past (third edition): the forecast and promotion after a Meld action. (The
//! other Echoes rules sit where they act: the draw rule in `Game::draw_from`, the opening deal in
//! `setup`, echo effects in the dogma action (`dogma::visible_echoes`), duplicate achievements in
//! `Game::eligible_to_achieve`, bonuses in `cities::bonus_points`.)
//!
//! Rules: ../shared/rules/echoes-third-edition-rulebook.txt, "Foreshadow"; EXPANSIONS.md E8, E9
//! and §5 #18 (a promotion is not a Meld action).

use super::{EngineQuestion, Game};
use crate::bytecode::CardIdx;
use crate::choices::{Answer, RequestKind};
use crate::state::Seat;

impl Game {
    /// Step 4 after a Meld action: the forecast cards of value at most the melded card's may be
    /// promoted (one of them melded); the question offers declining.
    pub(super) fn offer_promotion(&mut self, seat: Seat, melded: CardIdx) {
        let limit = self.state.value(&self.edition, melded);
        let eligible: Vec<CardIdx> = self.state.players[seat as usize]
            .forecast
            .iter()
            .copied()
            .filter(|c| self.state.value(&self.edition, *c) <= limit)
            .collect();
        if eligible.is_empty() {
            return;
        }
        self.ask_engine(
            EngineQuestion::Promote { seat },
            seat,
            RequestKind::Cards {
                candidates: eligible,
                sizes: vec![0, 1],
            },
            format!(
                "promote a card of value {limit} or less from your forecast (melded {})",
                self.title(melded)
            ),
        );
        if let Some(request) = self.pending.as_mut() {
            request.decline = true;
        }
    }

    /// Promotes a forecast card: it is melded (not a Meld action: nothing follows it but the
    /// offer of a free Dogma action on it, when it has a dogma effect).
    fn promote(&mut self, seat: Seat, card: CardIdx) {
        self.meld_action(seat, card);
        self.after_change();
        // A promoted figure's "When you meld this card" karma comes at once, before the free
        // Dogma action (EXPANSIONS.md §5 #20).
        if self.has_meld_karma(card) {
            self.karma_melded(seat, card, false);
        }
        if self.state.outcome.is_some() || self.edition.card(card).dogma_icon.is_none() {
            return;
        }
        self.ask_engine(
            EngineQuestion::PromoteDogma { seat, card },
            seat,
            RequestKind::YesNo,
            format!(
                "a free Dogma action on {}, the promoted card",
                self.title(card)
            ),
        );
    }

    /// The answers to the Echoes' questions.
    pub(super) fn resolve_echoes_question(
        &mut self,
        question: EngineQuestion,
        answer: Option<Answer>,
    ) {
        match (question, answer) {
            (EngineQuestion::Promote { seat }, Some(Answer::Cards(cards))) => {
                if let Some(card) = cards.first() {
                    self.promote(seat, *card);
                }
            }
            (EngineQuestion::PromoteDogma { seat, card }, Some(Answer::YesNo(true))) => {
                // A free Dogma action: it uses none of the turn's actions (it runs inside the
                // Meld action's execution, which ends as one action).
                self.start_dogma(seat, card, false);
            }
            (question, answer) => self.resolve_artifacts_question(question, answer),
        }
    }
}
