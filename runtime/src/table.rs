//! A game set up by hand: every player's zones, the top of the decks, the achievements. Scenario
//! files describe tables; this builds the game they describe, refusing impossible ones (a card
//! in two places, a splay on a pile of one card) with a reason.

use crate::bytecode::{CardIdx, SpecialIdx};
use crate::game::{Game, Phase, Setup};
use crate::log::Event;
use crate::state::{AchievementCard, DeckCards, Location, PlayerState, Seat, State};
use crate::vm::Program;
use crate::vocab::SplayDirection;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeMap;
use std::sync::Arc;

/// An achievement named by a table: a standard one by its age (its card taken from that deck) or
/// by a card, or a special one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AchievementSpec {
    Age(u8),
    Card(CardIdx),
    Special(SpecialIdx),
}

/// One player's zones.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PlayerSpec {
    pub name: String,
    /// Each colour's pile, top card first, in `Color::ALL` order.
    pub board: [Vec<CardIdx>; 5],
    pub splays: [Option<SplayDirection>; 5],
    pub hand: Vec<CardIdx>,
    pub score_pile: Vec<CardIdx>,
    /// Echoes: the forecast's cards.
    pub forecast: Vec<CardIdx>,
    /// Artifacts: the card on display.
    pub display: Option<CardIdx>,
    pub achievements: Vec<AchievementSpec>,
}

/// A whole table.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TableSpec {
    /// The players, clockwise; the first is the active player.
    pub players: Vec<PlayerSpec>,
    /// Orders every card the table does not place.
    pub seed: u64,
    pub actions_left: u8,
    /// Two against two, partners seated across (seats 0 and 2 against 1 and 3).
    pub teams: bool,
    /// Teams of any size: each seat's team (see `Setup::team_of`); empty for none.
    pub team_of: Vec<u8>,
    /// Cards on top of each deck, top first, by set (0 for base, else 1 + the expansion's place
    /// in `Rules::expansions`) and age.
    pub decks: BTreeMap<(u8, u8), Vec<CardIdx>>,
    /// Decks (set and age) that hold exactly the listed cards (their other cards are out of the
    /// game).
    pub exact: Vec<(u8, u8)>,
    /// The available standard achievements (default: one of each age 1–9, as at setup).
    pub available: Option<Vec<AchievementSpec>>,
    /// The available special achievements (default: every one no player holds nor is junked;
    /// listed, the others are out of the game).
    pub specials: Option<Vec<SpecialIdx>>,
    /// Cards junked or removed from the game.
    pub junk: Vec<CardIdx>,
    /// Junked special achievements (fourth edition).
    pub junked_specials: Vec<SpecialIdx>,
    /// The rulebook's setup is played on the supply this table sets: two age-1 cards dealt to
    /// each player in seating order from the top of the deck, then the first melds asked (the
    /// players' zones must be empty; `actions_left` is ignored: the rules decide the opening).
    pub play_setup: bool,
    /// Artifacts with the Relics: the Relics lying beside their decks (default: every Relic the
    /// table does not place elsewhere; listed, the unplaced others are out of this game).
    pub relics: Option<Vec<CardIdx>>,
}

/// Why a table cannot be set: the reason and, when it is about one card, that card (so that a
/// scenario can point at the line that places it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableError {
    pub message: String,
    pub card: Option<CardIdx>,
}

impl std::fmt::Display for TableError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl From<String> for TableError {
    fn from(message: String) -> TableError {
        TableError {
            message,
            card: None,
        }
    }
}

impl Game {
    /// Builds the game a table describes, ready for the active player's first action (or, with
    /// `play_setup`, for the first melds). Its effects run on the program's native code if it
    /// has some, else on the VM.
    pub fn from_table(program: impl Into<Program>, table: &TableSpec) -> Result<Game, TableError> {
        let program = program.into();
        let edition = Arc::clone(&program.edition);
        let n = table.players.len();
        // 2 to 4 players, one more per expansion in play (as `Game::new`; EXPANSIONS.md §1).
        let most = edition.rules.most_players();
        if !(2..=most).contains(&n) {
            return Err(format!("a game has 2 to {most} players, not {n}").into());
        }
        let team_of = crate::game::teams::assign(
            n,
            table.teams,
            &table.team_of,
            &edition.rules,
            &edition.name,
        )?;
        if table.play_setup {
            if let Some(p) = table.players.iter().find(|p| {
                p.board.iter().any(|pile| !pile.is_empty())
                    || p.splays.iter().any(Option::is_some)
                    || !p.hand.is_empty()
                    || !p.score_pile.is_empty()
                    || !p.achievements.is_empty()
            }) {
                return Err(format!(
                    "{}'s zones are set by hand, but the setup is played: every player starts with none",
                    p.name
                )
                .into());
            }
        } else if !(1..=2).contains(&table.actions_left) {
            return Err(format!("actions_left must be 1 or 2, not {}", table.actions_left).into());
        }
        let max_age = edition.rules.max_age;
        let title = |c: CardIdx| edition.card(c).title.clone();
        let names: Vec<String> = table.players.iter().map(|p| p.name.clone()).collect();
        let mut placed: Vec<Option<Location>> = vec![None; edition.cards.len()];
        let mut place = |card: CardIdx, at: Location| -> Result<(), TableError> {
            match placed[card as usize] {
                Some(first) => Err(TableError {
                    message: format!(
                        "{} is placed twice: {} and {}",
                        title(card),
                        crate::log::place_words(&first, &names),
                        crate::log::place_words(&at, &names)
                    ),
                    card: Some(card),
                }),
                None => {
                    placed[card as usize] = Some(at);
                    Ok(())
                }
            }
        };

        let mut players: Vec<PlayerState> = Vec::new();
        for (seat, spec) in table.players.iter().enumerate() {
            let seat = seat as Seat;
            let mut player = PlayerState::new(&spec.name, team_of[seat as usize]);
            for (i, pile) in spec.board.iter().enumerate() {
                let color = crate::vocab::Color::ALL[i];
                for card in pile.iter().rev() {
                    if edition.card(*card).color != color {
                        return Err(TableError {
                            message: format!(
                                "{} is {}, not {color}: it cannot be in {}'s {color} pile",
                                title(*card),
                                edition.card(*card).color,
                                spec.name
                            ),
                            card: Some(*card),
                        });
                    }
                    place(*card, Location::Board(seat, color))?;
                    player.board[i].cards.push(*card);
                }
                if let Some(direction) = spec.splays[i] {
                    if pile.len() < 2 {
                        return Err(format!(
                            "{}'s {color} pile has {} card(s) and cannot be splayed {direction}",
                            spec.name,
                            pile.len()
                        )
                        .into());
                    }
                    player.board[i].splay = Some(direction);
                }
                player.board[i].refresh(&edition);
            }
            for card in &spec.hand {
                place(*card, Location::Hand(seat))?;
                player.hand.push(*card);
            }
            for card in &spec.score_pile {
                place(*card, Location::ScorePile(seat))?;
                player.score_pile.push(*card);
            }
            for card in &spec.forecast {
                place(*card, Location::Forecast(seat))?;
                player.forecast.push(*card);
            }
            if let Some(card) = spec.display {
                // Only Artifacts are ever displayed (EXPANSIONS.md §2.3, "Dig").
                let dig_set = edition.rules.dig_set.as_deref();
                if dig_set.and_then(|name| edition.rules.set_index(name))
                    != Some(edition.card(card).deck_set)
                {
                    return Err(TableError {
                        message: format!(
                            "{} cannot be on display: only {} cards are displayed",
                            title(card),
                            dig_set.unwrap_or("Artifacts of History's")
                        ),
                        card: Some(card),
                    });
                }
                place(card, Location::Display(seat))?;
                player.display = Some(card);
            }
            players.push(player);
        }
        let sets = 1 + edition.rules.expansions.len();
        for ((set, age), cards) in &table.decks {
            let (set, age) = (*set, *age);
            if age < 1 || age > max_age || set as usize >= sets {
                return Err(format!("there is no age {age} deck").into());
            }
            for card in cards {
                if edition.card(*card).deck_set != set {
                    return Err(TableError {
                        message: format!(
                            "{} is a card of the {} set: it cannot be in another set's deck",
                            title(*card),
                            edition.card(*card).set
                        ),
                        card: Some(*card),
                    });
                }
                if edition.card(*card).age != age {
                    return Err(TableError {
                        message: format!(
                            "{} is of age {}, not {age}: it cannot be in the age {age} deck",
                            title(*card),
                            edition.card(*card).age
                        ),
                        card: Some(*card),
                    });
                }
                place(*card, Location::Deck(age))?;
            }
        }
        for card in &table.junk {
            place(*card, Location::Removed)?;
        }
        for card in table.relics.iter().flatten() {
            if edition.card(*card).relic.is_none() {
                return Err(TableError {
                    message: format!(
                        "{} is not a Relic: only Relics lie beside the decks",
                        title(*card)
                    ),
                    card: Some(*card),
                });
            }
            place(*card, Location::Relic)?;
        }
        let mut explicit_achievements = |specs: &[AchievementSpec], at: Location| {
            for spec in specs {
                if let AchievementSpec::Card(card) = spec {
                    place(*card, at)?;
                }
            }
            Ok::<(), TableError>(())
        };
        for (seat, spec) in table.players.iter().enumerate() {
            explicit_achievements(&spec.achievements, Location::Achievements(seat as Seat))?;
        }
        if let Some(available) = &table.available {
            explicit_achievements(available, Location::Available)?;
        }
        // A Relic is never in a deck; one whose set is not in play is only ever an achievement
        // (EXPANSIONS.md A11, A12).
        for (i, at) in placed.iter().enumerate() {
            let info = edition.card(i as CardIdx);
            let problem = match (info.relic, at) {
                (Some(_), Some(Location::Deck(_))) => "a Relic lies beside its deck, not in it",
                (Some(_), Some(Location::Available)) => "a Relic is no standard achievement",
                (
                    Some(crate::bytecode::RelicBack::NotInPlay),
                    Some(
                        Location::Hand(_)
                        | Location::Board(..)
                        | Location::ScorePile(_)
                        | Location::Forecast(_)
                        | Location::Display(_),
                    ),
                ) => "the set on this Relic's back is not in play: it can only be an achievement",
                _ => continue,
            };
            return Err(TableError {
                message: format!("{}: {problem}", info.title),
                card: Some(i as CardIdx),
            });
        }

        // The cards nobody placed, per age, shuffled by the seed; achievements named by age take
        // their card from these, and the rest go under the listed top cards.
        let mut rng = ChaCha8Rng::seed_from_u64(table.seed);
        // The spare cards of each set's supply: set 0 (base) first.
        let mut spare: Vec<Vec<Vec<CardIdx>>> = vec![vec![Vec::new(); max_age as usize + 1]; sets];
        let mut removed: Vec<CardIdx> = table.junk.clone();
        let mut relics_beside: Vec<CardIdx> = table.relics.clone().unwrap_or_default();
        let mut excluded_relics: Vec<CardIdx> = Vec::new();
        for (i, card) in edition.cards.iter().enumerate() {
            if placed[i].is_some() {
                continue;
            }
            if card.relic.is_some() {
                // Unlisted Relics: beside their decks by default, else out of this game.
                if table.relics.is_some() {
                    excluded_relics.push(i as CardIdx);
                } else {
                    relics_beside.push(i as CardIdx);
                }
            } else if (1..=max_age).contains(&card.age) {
                spare[card.deck_set as usize][card.age as usize].push(i as CardIdx);
            } else {
                removed.push(i as CardIdx);
            }
        }
        for deck in spare.iter_mut().flatten() {
            deck.shuffle(&mut rng);
        }
        // Standard achievements are base cards.
        let take = |age: u8, spare: &mut [Vec<Vec<CardIdx>>]| -> Result<CardIdx, String> {
            spare[0]
                .get_mut(age as usize)
                .and_then(Vec::pop)
                .ok_or_else(|| format!("no age {age} card is left to be an achievement"))
        };
        for (seat, spec) in table.players.iter().enumerate() {
            for a in &spec.achievements {
                let held = match a {
                    AchievementSpec::Age(age) => AchievementCard::Standard(take(*age, &mut spare)?),
                    AchievementSpec::Card(card) => AchievementCard::Standard(*card),
                    AchievementSpec::Special(s) => AchievementCard::Special(*s),
                };
                players[seat].achievements.push(held);
            }
        }
        // By default the setup's achievements, less the ages players already hold (a Relic
        // held is no standard achievement).
        let held_ages: Vec<u8> = players
            .iter()
            .flat_map(|p| p.achievements.iter())
            .filter_map(|a| match a {
                AchievementCard::Standard(c) if edition.card(*c).relic.is_some() => None,
                AchievementCard::Standard(c) => Some(edition.card(*c).age),
                AchievementCard::Special(_) => None,
            })
            .collect();
        let available_specs = table.available.clone().unwrap_or_else(|| {
            (1..=edition.rules.achievement_ages)
                .filter(|age| !held_ages.contains(age))
                .map(AchievementSpec::Age)
                .collect()
        });
        let mut available = Vec::new();
        for a in &available_specs {
            match a {
                AchievementSpec::Age(age) => available.push(take(*age, &mut spare)?),
                AchievementSpec::Card(card) => available.push(*card),
                AchievementSpec::Special(_) => {
                    return Err("special achievements are listed under `special`"
                        .to_string()
                        .into())
                }
            }
        }
        let held_specials: Vec<SpecialIdx> = players
            .iter()
            .flat_map(|p| p.achievements.iter())
            .filter_map(|a| match a {
                AchievementCard::Special(s) => Some(*s),
                AchievementCard::Standard(_) => None,
            })
            .collect();
        if let Some(s) = table
            .junked_specials
            .iter()
            .find(|s| held_specials.contains(s))
        {
            return Err(format!(
                "{} is both junked and held by a player",
                edition.specials[*s as usize].name
            )
            .into());
        }
        let specials = match &table.specials {
            Some(list) => {
                if let Some(s) = list.iter().find(|s| held_specials.contains(s)) {
                    return Err(format!(
                        "{} is both available and held by a player",
                        edition.specials[*s as usize].name
                    )
                    .into());
                }
                if let Some(s) = list.iter().find(|s| table.junked_specials.contains(s)) {
                    return Err(format!(
                        "{} is both available and junked",
                        edition.specials[*s as usize].name
                    )
                    .into());
                }
                list.clone()
            }
            None => (0..edition.specials.len() as SpecialIdx)
                .filter(|s| !held_specials.contains(s) && !table.junked_specials.contains(s))
                .collect(),
        };
        // The special achievements neither available, held nor junked are not in this game.
        let excluded_specials: Vec<SpecialIdx> = (0..edition.specials.len() as SpecialIdx)
            .filter(|s| {
                !specials.contains(s)
                    && !held_specials.contains(s)
                    && !table.junked_specials.contains(s)
            })
            .collect();

        let mut decks: Vec<Vec<Vec<CardIdx>>> = vec![vec![Vec::new(); max_age as usize + 1]; sets];
        let mut excluded = excluded_relics;
        for set in 0..sets as u8 {
            for age in 1..=max_age {
                let listed = table.decks.get(&(set, age)).cloned().unwrap_or_default();
                let rest = std::mem::take(&mut spare[set as usize][age as usize]);
                let deck = &mut decks[set as usize][age as usize];
                if table.exact.contains(&(set, age)) {
                    excluded.extend(rest);
                } else {
                    // The deck's top is its last element: the unlisted cards lie below the
                    // listed ones.
                    deck.extend(rest);
                }
                deck.extend(listed.iter().rev());
            }
        }

        let age_1 = decks[0].get(1).map_or(0, Vec::len);
        if table.play_setup && age_1 < 2 * n {
            return Err(format!(
                "the setup deals two 1s to each of the {n} players, but the age 1 deck holds {age_1}"
            )
            .into());
        }

        let mut locations = vec![Location::Removed; edition.cards.len()];
        for card in &excluded {
            locations[*card as usize] = Location::Excluded;
        }
        for (age, deck) in decks.iter().flat_map(|set| set.iter().enumerate()) {
            for card in deck {
                locations[*card as usize] = Location::Deck(age as u8);
            }
        }
        for card in &available {
            locations[*card as usize] = Location::Available;
        }
        for card in &relics_beside {
            locations[*card as usize] = Location::Relic;
        }
        for (seat, player) in players.iter().enumerate() {
            let seat = seat as Seat;
            for card in &player.hand {
                locations[*card as usize] = Location::Hand(seat);
            }
            for card in &player.score_pile {
                locations[*card as usize] = Location::ScorePile(seat);
            }
            for card in &player.forecast {
                locations[*card as usize] = Location::Forecast(seat);
            }
            if let Some(card) = player.display {
                locations[card as usize] = Location::Display(seat);
            }
            for a in &player.achievements {
                if let AchievementCard::Standard(card) = a {
                    locations[*card as usize] = Location::Achievements(seat);
                }
            }
            for pile in &player.board {
                for card in &pile.cards {
                    let color = edition.card(*card).color;
                    locations[*card as usize] = Location::Board(seat, color);
                }
            }
        }
        let display_choice = !table.play_setup
            && table.actions_left == 2
            && players.first().is_some_and(|p| p.display.is_some());
        let state = State {
            players,
            decks: decks[0].iter().cloned().map(DeckCards::from_vec).collect(),
            set_decks: decks[1..]
                .iter()
                .map(|set| set.iter().cloned().map(DeckCards::from_vec).collect())
                .collect(),
            available,
            specials,
            junked_specials: table.junked_specials.clone(),
            excluded_specials,
            removed,
            excluded,
            locations,
            rng,
            active: 0,
            turn: if table.play_setup { 0 } else { 1 },
            action: 0,
            actions_left: if table.play_setup {
                0
            } else {
                table.actions_left
            },
            opening_turns: 0,
            history: Vec::new(),
            lasting: Vec::new(),
            lasting_due: Vec::new(),
            additional_actions: 0,
            endorsed: false,
            inspired: false,
            decreed: false,
            // Artifacts: a table set at the start of a turn (two actions left) whose active player
            // has a card on display opens with the choice on it (../shared/SCENARIOS.md,
            // "Expansions": the `artifact` action comes before the turn's first action).
            display_choice,
            free_action: false,
            outcome: None,
        };
        let setup = Setup {
            players: table.players.iter().map(|p| p.name.clone()).collect(),
            seed: table.seed,
            teams: table.teams,
            team_of: table.team_of.clone(),
        };
        let phase = if table.play_setup {
            Phase::FirstMeld {
                chosen: vec![None; n],
            }
        } else {
            Phase::Playing
        };
        let mut game = Game::assemble(
            program,
            setup,
            state,
            phase,
            vec![Event::Setup {
                seed: table.seed,
                players: table.players.iter().map(|p| p.name.clone()).collect(),
            }],
        );
        crate::invariants::check(&game)
            .map_err(|e| TableError::from(format!("the table is inconsistent: {e}")))?;
        if table.play_setup {
            game.deal_opening();
        }
        Ok(game)
    }
}
