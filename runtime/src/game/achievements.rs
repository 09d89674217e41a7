//! Special achievements and winning: special achievements claimed the moment their condition
//! holds (or at the end of each action), junked and restored; the achievements a player or team
//! needs and has; and every way the game ends: achievements, a card's effect, the score when the
//! supply runs out.
//!
//! Rules: ../shared/rules/online-rules-summary-with-expansions.txt, "ACHIEVE" and "End of Game";
//! ../shared/rules/EDITIONS.md for when each edition claims and checks.

use super::{Game, Phase};
use crate::bytecode::{AchievementCheck, CardIdx, ScoreTie, SpecialIdx, SpecialTie};
use crate::log::Event;
use crate::state::{AchievementCard, Outcome, Seat, WinReason};
use crate::terms::Verb;

impl Game {
    pub(super) fn finish_game(&mut self) {
        if self.phase != Phase::Over {
            self.phase = Phase::Over;
            self.exec = None;
            self.pending = None;
            if let Some(outcome) = self.state.outcome.clone() {
                self.log.push(Event::GameOver { outcome });
            }
        }
    }

    /// After any change: where the edition claims special achievements immediately (first and
    /// third editions: even mid-effect or on another player's turn), claim those whose
    /// condition now holds (../shared/rules/EDITIONS.md). The fourth edition claims them at the
    /// end of each action instead (`check_achievement_wins`).
    ///
    /// With expansions, what counts toward winning can change with any board (a flag is lost
    /// when an opponent comes to show more cards of its colour, won back when they show fewer),
    /// so every player's achievement win is checked too, the current player first (EXPANSIONS.md
    /// §5 #10: flags and fountains are re-evaluated continuously and the win is immediate).
    pub(crate) fn after_change(&mut self) {
        if self.edition.rules.achievement_check == AchievementCheck::Immediately {
            self.claim_triggered();
            self.claim_specials();
            if !self.edition.rules.expansions.is_empty()
                && self.phase == Phase::Playing
                && !self.probing
            {
                let mut seats = self.state.clockwise_from(self.state.active);
                seats.rotate_right(1);
                for seat in seats {
                    self.check_achievement_win(seat);
                }
            }
        }
    }

    /// A player has just moved a card with a verb (called by `Game::record`, which every move
    /// of a card by a player goes through, right after the card is placed). Every available
    /// special achievement with a trigger of that verb runs the trigger's test now, before
    /// anything else happens (a city's own arrow, say): the card is the candidate and the mover
    /// is `you`. One it passes is owed to the mover, who claims it at the edition's moment of
    /// claiming (`claim_triggered`: after the change, or at the end of the action), through
    /// `claim_special` like any other, so the log, the achievement win and everything after a
    /// claim are the same. (Cities: Legend, Repute and Fame on any meld, Glory and Victory on any
    /// tuck; ../shared/rules/EXPANSIONS.md C13.)
    pub(crate) fn trigger_specials(&mut self, verb: Verb, seat: Seat, card: CardIdx) {
        if self.state.outcome.is_some() || self.phase != Phase::Playing || self.probing {
            return;
        }
        let edition = self.edition.clone();
        let specials: smallvec::SmallVec<[SpecialIdx; 16]> =
            self.state.specials.iter().copied().collect();
        for special in specials {
            let owed = self.triggered.iter().any(|(_, s)| *s == special);
            let triggers = &edition.specials[special as usize].triggers;
            if owed || !triggers.iter().any(|t| t.verb == verb) {
                continue;
            }
            for trigger in triggers.iter().filter(|t| t.verb == verb) {
                // A test's failure is an engine bug, reported by the invariant checks in
                // tests; here it counts as not met (as for conditions).
                if self.eval_card_test(trigger.test, card, seat).unwrap_or(0) != 0 {
                    self.triggered.push((seat, special));
                    break;
                }
            }
        }
    }

    /// Claims the special achievements owed by triggers, in the order their moves happened.
    fn claim_triggered(&mut self) {
        while !self.triggered.is_empty() {
            if self.state.outcome.is_some() || self.phase != Phase::Playing {
                self.triggered.clear();
                return;
            }
            let (seat, special) = self.triggered.remove(0);
            if self.state.in_play(seat) {
                self.claim_special(seat, special);
            }
        }
    }

    /// Claims every available special achievement whose condition holds, in the edition's tie
    /// order, until none is left to claim.
    fn claim_specials(&mut self) {
        if self.state.outcome.is_some() || self.phase != Phase::Playing || self.probing {
            return;
        }
        loop {
            let mut claimed = false;
            // Players still in the game only (`clockwise_from` skips eliminated players).
            let order = match self.edition.rules.special_tie {
                SpecialTie::CurrentPlayerFirst => {
                    let mut seats = self.state.clockwise_from(self.state.active);
                    if seats.last() == Some(&self.state.active) {
                        seats.rotate_right(1);
                    }
                    seats
                }
                // Fourth edition ("Achievements & Victory"): the first such player clockwise
                // starting to the left of the current player.
                SpecialTie::LeftOfCurrentFirst => self.state.clockwise_from(self.state.active),
            };
            // Players whose every local condition is known false in this very state.
            self.memo.begin_pass();
            let skip: smallvec::SmallVec<[bool; 4]> = order
                .iter()
                .map(|s| self.memo.known_false(&self.edition, &self.state, *s))
                .collect();
            let specials: smallvec::SmallVec<[SpecialIdx; 16]> =
                self.state.specials.iter().copied().collect();
            for special in specials {
                // Claimed by its triggers only (`claim_triggered`).
                let Some(condition) = self.edition.specials[special as usize].condition else {
                    continue;
                };
                let local = self.memo.is_local(&self.edition, special as usize);
                for (i, seat) in order.iter().enumerate() {
                    if local && skip[i] {
                        // Debug builds (every test) check that the memo never skips a
                        // condition that holds.
                        debug_assert!(
                            !self.condition_holds(condition, *seat),
                            "the special-achievement memo skipped a condition that holds"
                        );
                        continue;
                    }
                    if self.condition_holds(condition, *seat) {
                        self.claim_special(*seat, special);
                        claimed = true;
                        break;
                    }
                }
                if self.state.outcome.is_some() {
                    return;
                }
            }
            if !claimed {
                // Nothing changed in this pass: every condition was false for every player.
                self.memo.all_false(&self.edition, &self.state);
                return;
            }
        }
    }

    fn condition_holds(&mut self, chunk: crate::bytecode::ChunkIdx, seat: Seat) -> bool {
        // A condition's failure is an engine bug, not a reason to stop the game: it is
        // reported by the invariant checks in tests; here it counts as not met.
        self.eval_condition(chunk, seat).unwrap_or(0) != 0
    }

    /// Gives the player an available special achievement; then checks for an achievements win.
    pub(crate) fn claim_special(&mut self, seat: Seat, special: SpecialIdx) -> bool {
        let Some(i) = self.state.specials.iter().position(|s| *s == special) else {
            return false;
        };
        self.state.specials.remove(i);
        self.state.players[seat as usize]
            .achievements
            .push(AchievementCard::Special(special));
        self.log.push(Event::ClaimSpecial {
            player: seat,
            special,
        });
        self.check_achievement_win(seat);
        true
    }

    /// Junks an available special achievement (the fourth edition's junk; for effects such as
    /// "junk an available achievement" that pick a special one). `seat` is the player doing it,
    /// for the log. Returns whether it was available.
    pub(crate) fn junk_special(&mut self, seat: Seat, special: SpecialIdx) -> bool {
        let Some(i) = self.state.specials.iter().position(|s| *s == special) else {
            return false;
        };
        self.state.specials.remove(i);
        self.state.junked_specials.push(special);
        self.log.push(Event::JunkSpecial {
            player: seat,
            special,
        });
        self.after_change();
        true
    }

    /// Makes a junked special achievement available again (it goes back among the available
    /// ones in the edition's order). `seat` is the player doing it, for the log. Returns whether
    /// it was junked.
    pub(crate) fn restore_special(&mut self, seat: Seat, special: SpecialIdx) -> bool {
        let Some(i) = self
            .state
            .junked_specials
            .iter()
            .position(|s| *s == special)
        else {
            return false;
        };
        self.state.junked_specials.remove(i);
        let at = self
            .state
            .specials
            .iter()
            .position(|s| *s > special)
            .unwrap_or(self.state.specials.len());
        self.state.specials.insert(at, special);
        self.log.push(Event::RestoreSpecial {
            player: seat,
            special,
        });
        self.after_change();
        true
    }

    /// The number of achievements needed to win: 6, 5, 4 for 2, 3, 4 players; a team needs the
    /// two-player number (online summary, "End of Game" and "Team games"; fourth-edition
    /// rulebook, "Team Rules": "6 for a team to win", whatever the teams' sizes). The players
    /// counted are those the game was set up with: an elimination does not change the number
    /// (see `elimination`).
    ///
    /// With expansions (deluxe rules, "Playing with expansions"; EXPANSIONS.md §1 and §5 #1):
    /// one more per expansion in play, over the player-count number, which never goes below the
    /// four-player one (five players and more need what four do).
    pub fn achievements_to_win(&self) -> usize {
        let goals = self.edition.rules.achievements_to_win;
        let extra = self.edition.rules.expansions.len();
        if self.team_game() {
            return goals[0] as usize + extra;
        }
        goals[(self.state.player_count() - 2).min(2)] as usize + extra
    }

    /// What counts toward a player's achievements to win: the achievements they hold, standard
    /// and special (online summary, "End of Game"). The place where an expansion adds its own
    /// (Cities: visible flags and fountains).
    pub fn achievements_total(&self, seat: Seat) -> usize {
        let held = self.state.players[seat as usize].achievements.len();
        if self.edition.rules.expansions.is_empty() {
            return held;
        }
        held + self.flags_and_fountains(seat)
    }

    /// A player's score as the rules count it: the values of the score pile's cards, plus what
    /// visible bonuses add (EXPANSIONS.md E7 and §5 #3: wherever score or points are read).
    pub fn score(&self, seat: Seat) -> i32 {
        let pile = self.state.score(&self.edition, seat);
        if self.edition.rules.expansions.is_empty() {
            return pile;
        }
        // Figures: points a top figure's karma provides (EXPANSIONS.md F5).
        let karma = if self.state.players[seat as usize]
            .board
            .iter()
            .any(|p| p.karma)
        {
            self.state.karma_gifts(&self.edition, seat, None)
        } else {
            0
        };
        pile + self.bonus_points(seat) + karma
    }

    /// A team's achievements (a player's, without teams).
    pub fn team_achievements(&self, seat: Seat) -> usize {
        let team = self.state.players[seat as usize].team;
        (0..self.state.player_count() as Seat)
            .filter(|s| self.state.players[*s as usize].team == team)
            .map(|s| self.achievements_total(s))
            .sum()
    }

    /// The game ends the moment a player (or team) has enough achievements (first and third
    /// editions: immediately). Under the fourth edition's rule the check waits for the end of the
    /// action (`check_achievement_wins`).
    pub(crate) fn check_achievement_win(&mut self, seat: Seat) {
        if self.edition.rules.achievement_check == AchievementCheck::Immediately
            && self.state.outcome.is_none()
            && self.team_achievements(seat) >= self.achievements_to_win()
        {
            self.state.outcome = Some(Outcome {
                winners: self.team_of(seat),
                reason: WinReason::Achievements,
                card: None,
            });
        }
    }

    /// The fourth edition's achievement win, checked at the end of each action after special
    /// achievements (fourth-edition rulebook, "Achievements & Victory"): of the players with
    /// enough achievements, the one with the most wins; a tie goes to the first tied player from
    /// the current player's left, clockwise.
    pub(super) fn check_achievement_wins(&mut self) {
        // What triggers owe is claimed by now in every edition.
        self.claim_triggered();
        if self.edition.rules.achievement_check != AchievementCheck::EndOfAction
            || self.state.outcome.is_some()
        {
            return;
        }
        self.claim_specials();
        let goal = self.achievements_to_win();
        let mut best: Option<(usize, Seat)> = None;
        for seat in self.state.clockwise_from(self.state.active) {
            let count = self.team_achievements(seat);
            if count >= goal && best.is_none_or(|(b, _)| count > b) {
                best = Some((count, seat));
            }
        }
        if let Some((_, seat)) = best {
            self.state.outcome = Some(Outcome {
                winners: self.team_of(seat),
                reason: WinReason::Achievements,
                card: None,
            });
        }
    }

    /// A card's effect makes a player (and their team) win. A player out of the game cannot.
    pub(crate) fn win_by_effect(&mut self, seat: Seat, card: CardIdx) {
        if self.state.outcome.is_none() && self.state.in_play(seat) {
            self.state.outcome = Some(Outcome {
                winners: self.team_of(seat),
                reason: WinReason::Effect,
                card: Some(card),
            });
        }
    }

    /// The supply is exhausted: the highest score wins (a team's scores combined); ties go to
    /// the most achievements, then the game is a draw (deluxe rules, "Game end").
    pub(crate) fn end_by_score(&mut self) {
        if self.state.outcome.is_some() {
            return;
        }
        let n = self.state.player_count() as Seat;
        // The teams (players) still in the game: an eliminated player, whose cards are junked,
        // is no longer part of the game.
        let teams = self.teams_in_play();
        let key = |team: u8| -> (i32, usize) {
            let seats: Vec<Seat> = (0..n)
                .filter(|s| self.state.players[*s as usize].team == team)
                .collect();
            let score = seats.iter().map(|s| self.score(*s)).sum();
            let achievements = seats.iter().map(|s| self.achievements_total(*s)).sum();
            (score, achievements)
        };
        let best = teams.iter().map(|t| key(*t)).max().unwrap_or((0, 0));
        let leaders: Vec<u8> = teams.iter().copied().filter(|t| key(*t) == best).collect();
        // A tie on score and achievements is a draw (third and fourth editions) or a victory
        // shared by the tied players (first edition, ../shared/rules/EDITIONS.md "score-end tie").
        let winners =
            if leaders.len() == 1 || self.edition.rules.score_tie == ScoreTie::SharedVictory {
                (0..n)
                    .filter(|s| leaders.contains(&self.state.players[*s as usize].team))
                    .collect()
            } else {
                Vec::new()
            };
        self.state.outcome = Some(Outcome {
            winners,
            reason: WinReason::Score,
            card: None,
        });
    }
}
