//! The fourth edition's elimination (`Rules::elimination`): a player who loses leaves the game.
//!
//! Fourth-edition rulebook, "Dogma Effect Keywords", Lose: "If a player loses, they are
//! eliminated from play. Junk all cards belonging to them. They are skipped in turn order, and no
//! longer count for player adjacency." And "Achievements & Victory", Elimination: "If a player
//! loses, all of their cards are junked and they no longer are part of the table for turn order
//! or adjacency. If all players but one are eliminated, the remaining player wins immediately."
//!
//! Readings chosen (the rulebook does not spell them out):
//! - The player's cards are all junked: hand, board, score pile and achievements. Special
//!   achievements go to the junked specials (`State::junked_specials`), standard ones to the
//!   junk with every other card.
//! - "No longer part of the table": an eliminated player is skipped by every clockwise list of
//!   players (`State::clockwise_from`), so they are never asked, never share, are never
//!   vulnerable, are never a player to choose and are left out of "each player"; they are not
//!   counted for adjacency (parley's neighbours).
//! - The effect in progress: an eliminated player is "eliminated from play", so whatever they
//!   were executing stops at once (the rest of their instructions, nested self-executions
//!   included) and they execute no later effect of the action; the other players' executions
//!   go on. If the eliminated player is the one taking the action (the activator of the dogma
//!   action), the dogma action ends there, without the free Draw, and so does their turn: the
//!   next player in turn order takes theirs ("They are skipped in turn order").
//! - The number of achievements needed to win does not change: the rulebook ties it to "how many
//!   players are in the game" ("Achievements & Victory", Achievements) and lists only turn order
//!   and adjacency among what elimination changes.
//! - With teams, the game goes on while two teams have a player in it ("If all players but one
//!   (team) are eliminated" read with "Team Rules": "If an individual player loses, their
//!   teammate may ... continue an uphill battle"); the last team standing wins, eliminated
//!   teammates included ("If an individual player wins, their entire team wins"). Conceding is
//!   not modelled.

use super::{Cause, DogmaRun, Game};
use crate::bytecode::{CardIdx, SpecialIdx};
use crate::log::Event;
use crate::state::{AchievementCard, Location, Outcome, Seat, WinReason};
use crate::terms::Verb;
use crate::vocab::EffectKind;

/// What an elimination did to the action in progress.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Eliminated {
    /// The player was eliminated (false: they were already out, or the game was over).
    pub happened: bool,
    /// Cards were junked (something was done to a card, for the sharing bonus).
    pub junked_cards: bool,
    /// The dogma action ended (its activator was eliminated).
    pub action_ended: bool,
    /// The game ended (one player or team is left).
    pub game_over: bool,
}

impl Game {
    /// The player loses and is eliminated: their cards are junked, they leave the table, the
    /// action in progress drops them (or ends, if they were taking it), and the last player or
    /// team standing wins. `source` is the card whose effect made them lose and `demand` whether
    /// a demand did, for the turn's history. Nothing happens to a player already out, or after
    /// the game has ended.
    pub(crate) fn eliminate(
        &mut self,
        seat: Seat,
        source: Option<CardIdx>,
        demand: bool,
    ) -> Eliminated {
        let mut result = Eliminated::default();
        if !self.state.in_play(seat) || self.state.outcome.is_some() {
            return result;
        }
        result.happened = true;
        // Their lasting effects leave with them (before their cards are junked, which a
        // `the next time you junk …` would otherwise wait for).
        self.forget_lasting(seat);
        let edition = self.edition_arc();
        // "Junk all cards belonging to them": board (top to bottom), hand, score pile, and
        // achievements.
        let player = &self.state.players[seat as usize];
        let mut cards: Vec<CardIdx> = Vec::new();
        for pile in &player.board {
            cards.extend(pile.cards.iter().rev());
        }
        cards.extend(&player.hand);
        cards.extend(&player.score_pile);
        cards.extend(&player.forecast);
        cards.extend(player.display);
        let mut specials: Vec<SpecialIdx> = Vec::new();
        for a in &player.achievements {
            match a {
                AchievementCard::Standard(c) => cards.push(*c),
                AchievementCard::Special(s) => specials.push(*s),
            }
        }
        for card in &cards {
            self.state
                .move_card(&edition, *card, Location::Removed, false);
            self.record(
                Verb::Junk,
                seat,
                *card,
                Cause {
                    source,
                    demand,
                    echo: false,
                },
            );
        }
        let player = &mut self.state.players[seat as usize];
        player.achievements.clear();
        player.eliminated = true;
        self.state.junked_specials.extend(specials.iter().copied());
        result.junked_cards = !cards.is_empty();

        let activator = self
            .exec
            .as_ref()
            .and_then(|e| e.dogma.as_ref())
            .map(|d| d.activator);
        let turn_ends = seat == self.state.active;
        self.log.push(Event::Eliminated {
            player: seat,
            junked: cards,
            specials,
            turn_ends,
        });

        // The action in progress.
        let kind = self.current_effect_kind();
        if let Some(exec) = self.exec.as_mut() {
            exec.frames.retain(|f| f.executor != seat);
            if let Some(dogma) = exec.dogma.as_mut() {
                if activator == Some(seat) {
                    exec.frames.clear();
                    dogma.ended = true;
                    result.action_ended = true;
                } else {
                    dogma.drop_player(seat, kind, &self.state);
                }
            }
        }

        // The last player (or team) standing wins at once.
        let teams = self.teams_in_play();
        if let [team] = teams.as_slice() {
            let survivor = self
                .state
                .seats_in_play()
                .into_iter()
                .find(|s| self.state.players[*s as usize].team == *team)
                .unwrap_or(0);
            self.state.outcome = Some(Outcome {
                winners: self.team_of(survivor),
                reason: WinReason::Elimination,
                card: None,
            });
            result.game_over = true;
        } else {
            self.after_change();
            result.game_over = self.state.outcome.is_some();
        }
        result
    }

    /// The kind of the dogma effect being executed, if any.
    fn current_effect_kind(&self) -> Option<EffectKind> {
        let dogma = self.exec.as_ref()?.dogma.as_ref()?;
        dogma
            .effect_at(&self.edition, dogma.effect)
            .map(|(_, _, e)| e.kind)
    }
}

impl DogmaRun {
    /// Drops a player from the action (eliminated): they neither share nor are demanded of any
    /// more. `kind` is the effect being executed, whose executor list `next` indexes.
    pub(crate) fn drop_player(
        &mut self,
        seat: Seat,
        kind: Option<crate::vocab::EffectKind>,
        state: &crate::state::State,
    ) {
        if let Some(kind) = kind {
            let list = self.executors(kind, state);
            if let Some(pos) = list.iter().position(|s| *s == seat) {
                if pos < self.next as usize {
                    self.next -= 1;
                }
            }
        }
        self.sharing.retain(|s| *s != seat);
        self.vulnerable.retain(|s| *s != seat);
    }
}
