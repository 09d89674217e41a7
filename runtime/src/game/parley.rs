//! The fourth edition's Parley (`Rules::parley`), in games of four or more players without teams.
//!
//! Fourth-edition rulebook, "Parley Rules (4+ Player Games)": "a player is either a neighbor
//! (adjacent to your left or right) or distant. There are three situations where a Parley is
//! relevant. The cost to Parley is to return a card from your hand.
//! 1: When choosing a card to Dogma, you may Parley to choose a top card on a distant player's
//! board to activate. For the Dogma action, you'll use its featured icon and effects. Only count
//! icons on your own board.
//! 2: If you are eligible to share during a distant player's Dogma action, you may Parley to
//! confirm your eligibility when you're about to execute a shared effect for the first time. If
//! you Parley, you're eligible to share effects for the duration of the action. If you don't,
//! you're not eligible during the whole action.
//! 3: If you are vulnerable to a demand effect from a distant player's Dogma action, you may
//! Parley to become immune when you're about to be forced to execute the demand. If you Parley,
//! you're no longer vulnerable. If you don't, you remain vulnerable as normal.
//! If applicable, you may Parley for each of situations 2 and 3 during the same Dogma action,
//! returning a card for each."
//!
//! Readings chosen:
//! - Neighbours are the adjacent players still in the game, at the moment the question arises;
//!   an eliminated player counts for nothing ("no longer count for player adjacency", "Dogma
//!   Effect Keywords", Lose; only eligibility and vulnerability are locked in at the start of
//!   the action, "Dogma Action", Locking In). Parley is
//!   in effect when the game was set up with four or more players and no teams; with three
//!   players left, everyone is a neighbour and no parley arises.
//! - "Distant player's Dogma action": distance is measured from the player taking the action
//!   (the activator), also when the card activated is on a third player's board.
//! - Returning a card puts it at the bottom of its deck ("Return", "Dogma Effect Keywords").
//!   The player chooses which card; with one card in hand there is nothing to choose. The return
//!   is recorded in the turn's history like any return (by no card's effect), and it is no use
//!   of a shared effect: it never earns the free Draw.
//! - Situations 2 and 3 are asked as a choice of a card from hand where choosing none declines,
//!   like the game's other optional card choices. A player with an empty hand cannot pay: in
//!   situation 2 they are not eligible for the whole action, in situation 3 they stay
//!   vulnerable. Situation 3 is asked once per action, before the first demand they would
//!   execute; declining keeps them vulnerable for every demand of the action.

use super::{Cause, EngineQuestion, Execution, Game};
use crate::bytecode::CardIdx;
use crate::choices::{Answer, Request, RequestKind};
use crate::log::{Event, ParleyPurpose};
use crate::state::{Location, Seat};
use crate::terms::Verb;

impl Game {
    /// Whether parley is in effect: the edition has it, the game has four or more players and no
    /// teams ("In non-team games with four or more players, Parley rules are in effect").
    pub fn parley_in_effect(&self) -> bool {
        self.edition.rules.parley && self.state.player_count() >= 4 && !self.team_game()
    }

    /// The top cards the active player may activate by parley: those of distant players, when
    /// the player has a card in hand to pay with; clockwise from the player's left, each board
    /// in colour order.
    pub fn parley_dogma_cards(&self, seat: Seat) -> Vec<CardIdx> {
        if !self.parley_in_effect() || self.state.players[seat as usize].hand.is_empty() {
            return Vec::new();
        }
        let mut cards = Vec::new();
        for other in self.state.clockwise_from(seat) {
            if !self.state.is_distant(seat, other) {
                continue;
            }
            for top in self.state.players[other as usize].top_cards() {
                if self.edition.card(top).dogma_icon.is_some() {
                    cards.push(top);
                }
            }
        }
        cards
    }

    /// The Dogma action on a distant player's top card: the player first returns a card from
    /// hand (asked which when there is a choice), then the dogma action runs as usual with the
    /// activator's own icon counts.
    pub(super) fn start_parley_dogma(&mut self, seat: Seat, card: CardIdx) {
        let hand = self.state.players[seat as usize].hand.clone();
        if let [only] = hand.as_slice() {
            self.pay_parley_dogma(seat, card, *only);
            return;
        }
        let owner = self.owner_name(card);
        self.exec = Some(Execution {
            asking: Some(EngineQuestion::ParleyDogma { card }),
            ..Execution::default()
        });
        self.pending = Some(Request {
            player: seat,
            kind: RequestKind::Cards {
                candidates: hand.to_vec(),
                sizes: vec![1],
            },
            decline: false,
            context: format!(
                "parley: return a card from your hand to activate {} on {owner}'s board",
                self.title(card)
            ),
        });
    }

    fn pay_parley_dogma(&mut self, seat: Seat, card: CardIdx, returned: CardIdx) {
        let with = match self.state.location(card) {
            Location::Board(owner, _) => owner,
            _ => seat,
        };
        self.return_for_parley(seat, returned);
        self.log.push(Event::Parley {
            player: seat,
            with,
            returned,
            purpose: ParleyPurpose::Activate,
            card,
        });
        self.after_change();
        self.start_dogma(seat, card, false);
    }

    /// Before a distant executor's first shared effect or first demand of the action: asks them
    /// whether to parley (or settles it when they cannot pay). Returns whether the executor at
    /// `dogma.next` may now execute (false: a question is pending, or the executor left the
    /// list and the loop must look again).
    pub(super) fn parley_gate(&mut self, executor: Seat, demand: bool) -> bool {
        let Some(dogma) = self.exec.as_ref().and_then(|e| e.dogma.as_ref()) else {
            return true;
        };
        let activator = dogma.activator;
        if executor == activator
            || !self.parley_in_effect()
            || !self.state.is_distant(activator, executor)
        {
            return true;
        }
        let settled = if demand {
            dogma.parley_offered.contains(&executor)
        } else {
            dogma.parley_shared.contains(&executor)
        };
        if settled {
            return true;
        }
        let card = dogma.card;
        let hand = self.state.players[executor as usize].hand.clone();
        let purpose = if demand {
            ParleyPurpose::Immunity
        } else {
            ParleyPurpose::Share
        };
        if hand.is_empty() {
            self.log.push(Event::NoParley {
                player: executor,
                with: activator,
                purpose,
                card,
                no_card: true,
            });
            return self.settle_declined(executor, demand);
        }
        let activator_name = self.state.players[activator as usize].name.clone();
        let context = if demand {
            format!(
                "parley with {activator_name} to be immune to the demands of {} this action: return a card from your hand, or none to stay vulnerable",
                self.title(card)
            )
        } else {
            format!(
                "parley with {activator_name} to share {} this action: return a card from your hand, or none to decline",
                self.title(card)
            )
        };
        if let Some(exec) = self.exec.as_mut() {
            exec.asking = Some(if demand {
                EngineQuestion::ParleyImmunity { seat: executor }
            } else {
                EngineQuestion::ParleyShare { seat: executor }
            });
        }
        self.pending = Some(Request {
            player: executor,
            kind: RequestKind::Cards {
                candidates: hand.to_vec(),
                sizes: vec![0, 1],
            },
            context,
            // Parleying is optional: returning no card declines.
            decline: true,
        });
        false
    }

    /// The executor did not parley: a sharer is not eligible for the rest of the action; a
    /// vulnerable opponent stays vulnerable. Returns whether they execute now.
    fn settle_declined(&mut self, executor: Seat, demand: bool) -> bool {
        let Some(dogma) = self.exec.as_mut().and_then(|e| e.dogma.as_mut()) else {
            return true;
        };
        if demand {
            dogma.parley_offered.push(executor);
            true
        } else {
            // Not yet counted in `next`: dropping them moves the next sharer into their place.
            dogma.sharing.retain(|s| *s != executor);
            false
        }
    }

    /// Settles an engine question with its answer.
    pub(super) fn resolve_question(&mut self, question: EngineQuestion, answer: Option<Answer>) {
        if !matches!(
            question,
            EngineQuestion::ParleyDogma { .. }
                | EngineQuestion::ParleyShare { .. }
                | EngineQuestion::ParleyImmunity { .. }
        ) {
            self.resolve_cities_question(question, answer);
            return;
        }
        let chosen = match answer {
            Some(Answer::Cards(cards)) => cards.first().copied(),
            _ => None,
        };
        match question {
            EngineQuestion::ParleyDogma { card } => {
                let seat = self.state.active;
                self.exec = None;
                let returned =
                    chosen.or_else(|| self.state.players[seat as usize].hand.first().copied());
                if let Some(returned) = returned {
                    self.pay_parley_dogma(seat, card, returned);
                }
            }
            EngineQuestion::ParleyShare { seat } | EngineQuestion::ParleyImmunity { seat } => {
                let demand = matches!(question, EngineQuestion::ParleyImmunity { .. });
                let Some(dogma) = self.exec.as_ref().and_then(|e| e.dogma.as_ref()) else {
                    return;
                };
                let (activator, card) = (dogma.activator, dogma.card);
                let purpose = if demand {
                    ParleyPurpose::Immunity
                } else {
                    ParleyPurpose::Share
                };
                match chosen {
                    Some(returned) => {
                        self.return_for_parley(seat, returned);
                        self.log.push(Event::Parley {
                            player: seat,
                            with: activator,
                            returned,
                            purpose,
                            card,
                        });
                        if let Some(dogma) = self.exec.as_mut().and_then(|e| e.dogma.as_mut()) {
                            if demand {
                                // Immune: no longer vulnerable. They were not yet counted in
                                // `next`, so the next victim takes their place.
                                dogma.parley_offered.push(seat);
                                dogma.vulnerable.retain(|s| *s != seat);
                            } else {
                                dogma.parley_shared.push(seat);
                            }
                        }
                        self.after_change();
                    }
                    None => {
                        self.log.push(Event::NoParley {
                            player: seat,
                            with: activator,
                            purpose,
                            card,
                            no_card: false,
                        });
                        self.settle_declined(seat, demand);
                    }
                }
            }
            _ => {}
        }
    }

    /// Pays a parley: the card goes to the bottom of its deck.
    fn return_for_parley(&mut self, seat: Seat, card: CardIdx) {
        let age = self.edition.card(card).age;
        let from = self
            .state
            .move_card(&self.edition, card, Location::Deck(age), true);
        self.record_move(Verb::Return, seat, card, Cause::NONE, from);
    }

    fn owner_name(&self, card: CardIdx) -> String {
        match self.state.location(card) {
            Location::Board(owner, _) => self.state.players[owner as usize].name.to_string(),
            _ => String::new(),
        }
    }
}
