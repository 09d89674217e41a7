//! Who plays with whom: no teams, the third edition's two against two, or the fourth edition's
//! teams of any size and seating (`Rules::teams`).
//!
//! Fourth-edition rulebook, "Team Rules": "you can play with teams of any size and table
//! arrangement if so you desire! An individual can even play as a team of one. A 2v1 game can be
//! a fun way to teach inexperienced players". Every team rule reads the players' `team`:
//! "A teammate is never vulnerable to your demands, nor are they an 'opponent'. Your team's
//! achievements are counted together for determining victory (6 for a team to win), but you
//! claim achievements without counting your partner's score", and "If the game ends by a player
//! trying to draw a card higher than age 11, the team with the highest combined score wins."

use super::Game;
use crate::bytecode::{Rules, Teams};
use crate::state::Seat;

/// Each seat's team for a game of `n` players: `teams` asks for two against two with partners
/// seated across (seats 0 and 2 against 1 and 3); `team_of` names each seat's team explicitly
/// (seats with the same number are teammates). A team is numbered by its first seat, so that a
/// game without teams gives every player their own seat as team.
///
/// Refused: teams in an edition without team games; in an edition whose only team game is two
/// against two (the third), any other assignment; fewer than two teams; every team of one
/// player (that is a game without teams); both forms at once.
pub fn assign(
    n: usize,
    teams: bool,
    team_of: &[u8],
    rules: &Rules,
    edition: &str,
) -> Result<Vec<u8>, String> {
    if teams && !team_of.is_empty() {
        return Err(
            "give either the two-against-two teams or an explicit list of teams, not both"
                .to_string(),
        );
    }
    if !teams && team_of.is_empty() {
        return Ok((0..n as u8).collect());
    }
    if rules.teams == Teams::None {
        return Err(format!("the {edition} edition has no team games"));
    }
    let across: Vec<u8> = (0..n as u8).map(|s| s % 2).collect();
    if teams {
        if n != 4 {
            return Err("teams need four players (two against two)".to_string());
        }
        return Ok(across);
    }
    if team_of.len() != n {
        return Err(format!(
            "the teams place {} player(s), but the game has {n}",
            team_of.len()
        ));
    }
    // Number each team by its first seat.
    let assigned: Vec<u8> = team_of
        .iter()
        .map(|t| team_of.iter().position(|x| x == t).unwrap_or(0) as u8)
        .collect();
    let mut distinct = assigned.clone();
    distinct.sort();
    distinct.dedup();
    if distinct.len() < 2 {
        return Err("a team game needs at least two teams".to_string());
    }
    if distinct.len() == n {
        return Err(
            "every team has a single player: that is a game without teams (leave the teams out)"
                .to_string(),
        );
    }
    if rules.teams == Teams::TwoAgainstTwo && (n != 4 || assigned != across) {
        return Err(format!(
            "the {edition} edition's only team game is two against two at four players, partners seated across"
        ));
    }
    Ok(assigned)
}

impl Game {
    /// Whether this is a team game: some team has two or more players.
    pub fn team_game(&self) -> bool {
        let players = &self.state.players;
        players
            .iter()
            .enumerate()
            .any(|(i, p)| players[i + 1..].iter().any(|q| q.team == p.team))
    }

    /// The seats of the player's team, the player included (eliminated teammates too: "If an
    /// individual player wins, their entire team wins", "Team Rules").
    pub fn team_of(&self, seat: Seat) -> Vec<Seat> {
        let team = self.state.players[seat as usize].team;
        (0..self.state.player_count() as Seat)
            .filter(|s| self.state.players[*s as usize].team == team)
            .collect()
    }

    /// The teams that still have a player in the game, by team number.
    pub fn teams_in_play(&self) -> Vec<u8> {
        let mut teams: Vec<u8> = self
            .state
            .seats_in_play()
            .into_iter()
            .map(|s| self.state.players[s as usize].team)
            .collect();
        teams.sort();
        teams.dedup();
        teams
    }
}

#[cfg(test)]
mod tests {
    use super::assign;
    use crate::bytecode::{Rules, Teams};

    fn rules(teams: Teams) -> Rules {
        Rules {
            teams,
            ..Rules::default()
        }
    }

    #[test]
    fn no_teams_gives_each_player_their_seat() {
        assert_eq!(
            assign(3, false, &[], &rules(Teams::None), "x"),
            Ok(vec![0, 1, 2])
        );
    }

    #[test]
    fn two_against_two_is_partners_across() {
        assert_eq!(
            assign(4, true, &[], &rules(Teams::TwoAgainstTwo), "third"),
            Ok(vec![0, 1, 0, 1])
        );
        assert!(assign(3, true, &[], &rules(Teams::AnySize), "fourth").is_err());
        assert!(assign(4, true, &[], &rules(Teams::None), "first")
            .unwrap_err()
            .contains("no team games"));
    }

    #[test]
    fn any_size_teams_are_numbered_by_their_first_seat() {
        let any = rules(Teams::AnySize);
        assert_eq!(
            assign(3, false, &[7, 7, 2], &any, "fourth"),
            Ok(vec![0, 0, 2])
        );
        assert_eq!(
            assign(4, false, &[1, 1, 2, 2], &any, "fourth"),
            Ok(vec![0, 0, 2, 2])
        );
        assert_eq!(
            assign(4, false, &[0, 0, 0, 1], &any, "fourth"),
            Ok(vec![0, 0, 0, 3])
        );
        assert_eq!(
            assign(4, false, &[0, 1, 0, 1], &any, "fourth"),
            Ok(vec![0, 1, 0, 1])
        );
    }

    #[test]
    fn bad_assignments_are_refused() {
        let any = rules(Teams::AnySize);
        assert!(assign(3, false, &[0, 0, 0], &any, "fourth")
            .unwrap_err()
            .contains("at least two teams"));
        assert!(assign(3, false, &[0, 1, 2], &any, "fourth")
            .unwrap_err()
            .contains("single player"));
        assert!(assign(3, false, &[0, 1], &any, "fourth")
            .unwrap_err()
            .contains("place 2"));
        assert!(assign(4, true, &[0, 1, 0, 1], &any, "fourth").is_err());
        let third = rules(Teams::TwoAgainstTwo);
        assert!(assign(4, false, &[0, 0, 1, 1], &third, "third")
            .unwrap_err()
            .contains("only team game"));
        assert_eq!(
            assign(4, false, &[5, 6, 5, 6], &third, "third"),
            Ok(vec![0, 1, 0, 1])
        );
        assert!(assign(3, false, &[0, 0, 1], &rules(Teams::None), "first").is_err());
    }
}
