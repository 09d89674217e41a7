//! The invariants of a game state, checked after every action and answer in tests and debug
//! builds (and in release builds when switched on: `set_checking`): every card is in exactly one place and its recorded location agrees, splays sit only
//! on piles of two or more cards, every special achievement is available, held, junked or out of
//! the game exactly once, the turn counters are sane, the teams are those of the setup, an
//! eliminated player holds nothing and takes no turn, and a dogma action in progress involves only
//! players in the game.

use crate::game::Game;
use std::sync::atomic::{AtomicBool, Ordering};

/// Whether release builds check the invariants too (debug builds always do).
static CHECKING: AtomicBool = AtomicBool::new(false);

/// Turns the invariant checks after every action and answer on (or off again) in release
/// builds, for every game of the process (`dogma play --check-invariants`, `dogma soak`).
pub fn set_checking(on: bool) {
    CHECKING.store(on, Ordering::Relaxed);
}

/// Whether games check their invariants after every action and answer: always in debug builds,
/// in release builds once `set_checking` turned it on.
pub fn checking() -> bool {
    cfg!(debug_assertions) || CHECKING.load(Ordering::Relaxed)
}
use crate::state::{AchievementCard, Location};
use crate::vocab::Color;

/// Checks the game's invariants; says which one broke.
pub fn check(game: &Game) -> Result<(), String> {
    let state = &game.state;
    let edition = game.edition();
    let mut seen = vec![0u8; state.locations.len()];
    let place = |card: u16, at: Location, seen: &mut [u8]| -> Result<(), String> {
        let Some(count) = seen.get_mut(card as usize) else {
            return Err(format!("card index {card} does not exist"));
        };
        *count = count.saturating_add(1);
        let recorded = state.locations[card as usize];
        if recorded != at {
            return Err(format!(
                "{} is at {at:?} but recorded at {recorded:?}",
                edition.card(card).title
            ));
        }
        Ok(())
    };
    if state.set_decks.len() != edition.rules.expansions.len() {
        return Err(format!(
            "{} expansion supplies for {} expansions",
            state.set_decks.len(),
            edition.rules.expansions.len()
        ));
    }
    let supplies = std::iter::once(&state.decks).chain(&state.set_decks);
    for (set, decks) in supplies.enumerate() {
        for (age, deck) in decks.iter().enumerate() {
            for card in deck {
                place(*card, Location::Deck(age as u8), &mut seen)?;
                let info = edition.card(*card);
                if info.age as usize != age || info.deck_set as usize != set {
                    return Err(format!(
                        "{} (age {}, {}) is in the age {age} deck of set {set}",
                        info.title, info.age, info.set
                    ));
                }
            }
        }
    }
    for card in &state.available {
        place(*card, Location::Available, &mut seen)?;
    }
    for card in &state.removed {
        place(*card, Location::Removed, &mut seen)?;
    }
    for card in &state.excluded {
        place(*card, Location::Excluded, &mut seen)?;
    }
    // The Relics (Artifacts): beside their decks, or in a zone where they are counted below;
    // never in a deck, and one whose set is not in play only ever an achievement (EXPANSIONS.md
    // A11, A12).
    for (i, info) in edition.cards.iter().enumerate() {
        let card = i as u16;
        let Some(back) = info.relic else {
            if state.locations[i] == Location::Relic {
                return Err(format!("{} lies beside a deck but is no Relic", info.title));
            }
            continue;
        };
        match state.locations[i] {
            Location::Relic => place(card, Location::Relic, &mut seen)?,
            Location::Deck(_) => return Err(format!("the Relic {} is in a deck", info.title)),
            Location::Hand(_)
            | Location::Board(..)
            | Location::ScorePile(_)
            | Location::Forecast(_)
            | Location::Display(_)
                if back == crate::bytecode::RelicBack::NotInPlay =>
            {
                return Err(format!(
                    "the Relic {} is at {:?}, but its set is not in play",
                    info.title, state.locations[i]
                ))
            }
            _ => {}
        }
    }
    let mut specials_held = vec![0u8; edition.specials.len()];
    for special in state
        .specials
        .iter()
        .chain(&state.junked_specials)
        .chain(&state.excluded_specials)
    {
        match specials_held.get_mut(*special as usize) {
            Some(n) => *n = n.saturating_add(1),
            None => {
                return Err(format!(
                    "special achievement index {special} does not exist"
                ))
            }
        }
    }
    for (seat, player) in state.players.iter().enumerate() {
        let seat = seat as u8;
        for card in &player.hand {
            place(*card, Location::Hand(seat), &mut seen)?;
        }
        for card in &player.score_pile {
            place(*card, Location::ScorePile(seat), &mut seen)?;
        }
        for card in &player.forecast {
            place(*card, Location::Forecast(seat), &mut seen)?;
        }
        if let Some(card) = player.display {
            place(card, Location::Display(seat), &mut seen)?;
            // Only Artifacts are ever displayed (EXPANSIONS.md §2.3, "Dig").
            let dig_set = edition.rules.dig_set.as_deref();
            let set = dig_set.and_then(|name| edition.rules.set_index(name));
            if set != Some(edition.card(card).deck_set) {
                return Err(format!(
                    "{} is on {}'s display, but only the dig set's cards are displayed",
                    edition.card(card).title,
                    player.name
                ));
            }
        }
        for a in &player.achievements {
            match a {
                AchievementCard::Standard(card) => {
                    place(*card, Location::Achievements(seat), &mut seen)?
                }
                AchievementCard::Special(s) => match specials_held.get_mut(*s as usize) {
                    Some(n) => *n = n.saturating_add(1),
                    None => return Err(format!("special achievement index {s} does not exist")),
                },
            }
        }
        for (i, pile) in player.board.iter().enumerate() {
            let color = Color::ALL[i];
            for card in &pile.cards {
                place(*card, Location::Board(seat, color), &mut seen)?;
                if edition.card(*card).color != color {
                    return Err(format!(
                        "{} is in {}'s {color} pile",
                        edition.card(*card).title,
                        player.name
                    ));
                }
            }
            let mut fresh = pile.clone();
            fresh.refresh(edition);
            if fresh.icons != pile.icons {
                return Err(format!(
                    "{}'s {color} pile's icon counts are stale: {:?}, recounted {:?}",
                    player.name, pile.icons, fresh.icons
                ));
            }
            if pile.splay.is_some() && pile.cards.len() < 2 {
                return Err(format!(
                    "{}'s {color} pile of {} card(s) is splayed",
                    player.name,
                    pile.cards.len()
                ));
            }
        }
    }
    if let Some(i) = seen.iter().position(|n| *n != 1) {
        return Err(format!(
            "{} is in {} places",
            edition.card(i as u16).title,
            seen[i]
        ));
    }
    if let Some(i) = specials_held.iter().position(|n| *n != 1) {
        return Err(format!(
            "the special achievement {} is held, available, junked or out of the game {} times",
            edition.specials[i].name, specials_held[i]
        ));
    }
    // A turn has one or two actions, and one more for each additional action given this turn.
    if state.actions_left > 2u8.saturating_add(state.additional_actions) {
        return Err(format!(
            "{} actions left, with {} additional",
            state.actions_left, state.additional_actions
        ));
    }
    if state.active as usize >= state.players.len() {
        return Err(format!("seat {} is active", state.active));
    }
    check_teams(game)?;
    check_eliminated(game)?;
    Ok(())
}

/// The players' teams are those the setup gives (`teams::assign`).
fn check_teams(game: &Game) -> Result<(), String> {
    let state = &game.state;
    let setup = &game.setup;
    let expected = crate::game::teams::assign(
        state.players.len(),
        setup.teams,
        &setup.team_of,
        &game.edition().rules,
        &game.edition().name,
    )
    .map_err(|e| format!("the setup's teams are wrong: {e}"))?;
    for (seat, player) in state.players.iter().enumerate() {
        if player.team != expected[seat] {
            return Err(format!(
                "{} is on team {}, but the setup puts them on team {}",
                player.name, player.team, expected[seat]
            ));
        }
    }
    Ok(())
}

/// An eliminated player holds no cards, is not taking a turn, and takes no part in the dogma
/// action in progress; while the game goes on, two teams (players) at least are in it.
fn check_eliminated(game: &Game) -> Result<(), String> {
    let state = &game.state;
    for (seat, player) in state.players.iter().enumerate() {
        if !player.eliminated {
            continue;
        }
        let cards = player.hand.len()
            + player.score_pile.len()
            + player.forecast.len()
            + usize::from(player.display.is_some())
            + player.achievements.len()
            + player.board.iter().map(|p| p.cards.len()).sum::<usize>();
        if cards > 0 {
            return Err(format!(
                "{} is out of the game but holds {cards} card(s)",
                player.name
            ));
        }
        if state.outcome.is_none() && state.active as usize == seat {
            return Err(format!(
                "{} is out of the game but takes a turn",
                player.name
            ));
        }
    }
    if state.outcome.is_none() && game.teams_in_play().len() < 2 {
        return Err("the game goes on with fewer than two teams (players) in it".to_string());
    }
    if let Some(dogma) = game.exec.as_ref().and_then(|e| e.dogma.as_ref()) {
        for seat in dogma.sharing.iter().chain(&dogma.vulnerable) {
            if !state.in_play(*seat) {
                return Err(format!(
                    "{} is out of the game but is part of the dogma action",
                    state.players[*seat as usize].name
                ));
            }
        }
        let mut seen = dogma.sharing.clone();
        seen.sort();
        seen.dedup();
        if seen.len() != dogma.sharing.len() {
            return Err("a player shares twice".to_string());
        }
        if dogma.sharing.iter().any(|s| dogma.vulnerable.contains(s)) {
            return Err("a player both shares and is vulnerable".to_string());
        }
    }
    Ok(())
}
