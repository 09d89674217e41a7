//! Checking the `[expect]` table against the game at the end of a scenario.

use super::{at, line_of, table_line, value_word, Scenario};
use dogma_runtime::bytecode::CardIdx;
use dogma_runtime::game::Game;
use dogma_runtime::state::{AchievementCard, Location, Seat};
use dogma_runtime::vocab::{Color, Icon};
use toml::Value;

/// The titles of cards, in their order.
pub(super) fn titles(game: &Game, cards: &[CardIdx]) -> Vec<String> {
    cards.iter().map(|c| game.title(*c)).collect()
}

/// The words sorted, for lists whose order the game does not keep.
pub(super) fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

/// Achievements as words: a standard achievement by its age, a special one by its name.
pub(super) fn achievement_words(game: &Game, list: &[AchievementCard]) -> Vec<String> {
    list.iter()
        .map(|a| match a {
            // A Relic lies face up among the achievements: named by its title.
            AchievementCard::Standard(c) if game.edition().card(*c).relic.is_some() => {
                game.title(*c)
            }
            AchievementCard::Standard(c) => game.edition().card(*c).age.to_string(),
            AchievementCard::Special(s) => game.edition().specials[*s as usize].name.clone(),
        })
        .collect()
}

/// A list of TOML values as words.
fn words(v: &Value) -> Option<Vec<String>> {
    v.as_array().map(|a| a.iter().map(value_word).collect())
}

/// Records a difference between the expected and the actual list as a failure.
fn compare(failures: &mut Vec<String>, what: &str, expected: &[String], actual: &[String]) {
    if expected != actual {
        failures.push(format!(
            "{what}:\n    expected [{}]\n    actual   [{}]",
            expected.join(", "),
            actual.join(", ")
        ));
    }
}

/// The seat of the player with this name.
fn player_named(names: &[String], name: &str) -> Option<usize> {
    names.iter().position(|n| n == name)
}

/// Compares achievements as the physical cards: a special achievement by its title, a standard
/// one by its card's title (that very card) or by its age (any card of that age), as a multiset.
/// The difference shows the actual standard achievements by age, or by title and age when the
/// expected list names any by title.
fn compare_achievements(
    failures: &mut Vec<String>,
    game: &Game,
    what: &str,
    expected: &[Value],
    actual: &[AchievementCard],
) {
    let edition = game.edition();
    let mut left: Vec<AchievementCard> = actual.to_vec();
    let mut take = |wanted: &dyn Fn(&AchievementCard) -> bool| match left.iter().position(wanted) {
        Some(i) => {
            left.remove(i);
            true
        }
        None => false,
    };
    let mut by_title = false;
    let mut matched = true;
    // Titles first (each names one card), then ages (any card of the age left).
    for v in expected {
        if let Value::String(name) = v {
            let found = if let Some(s) = edition.special_by_name(name) {
                take(&|a| *a == AchievementCard::Special(s))
            } else if let Some(c) = edition.card_by_title(name) {
                by_title = true;
                take(&|a| *a == AchievementCard::Standard(c))
            } else {
                false
            };
            matched &= found;
        }
    }
    for v in expected {
        match v {
            Value::String(_) => {}
            Value::Integer(age) => {
                matched &= take(
                    &|a| matches!(a, AchievementCard::Standard(c) if i64::from(edition.card(*c).age) == *age),
                );
            }
            _ => matched = false,
        }
    }
    if matched && left.is_empty() {
        return;
    }
    let shown: Vec<String> = if by_title {
        actual
            .iter()
            .map(|a| match a {
                AchievementCard::Standard(c) => {
                    format!("{} [{}]", edition.card(*c).title, edition.card(*c).age)
                }
                AchievementCard::Special(s) => edition.specials[*s as usize].name.clone(),
            })
            .collect()
    } else {
        achievement_words(game, actual)
    };
    failures.push(format!(
        "{what}:\n    expected [{}]\n    actual   [{}]",
        sorted(expected.iter().map(value_word).collect()).join(", "),
        sorted(shown).join(", ")
    ));
}

/// Checks the `[expect]` table; returns one message per difference.
pub fn check_expectations(scenario: &Scenario, game: &Game) -> Result<Vec<String>, String> {
    let mut failures = Vec::new();
    let Some(expect) = &scenario.expect else {
        return Ok(failures);
    };
    let path = &scenario.path;
    let eline = table_line(&scenario.text, "expect");
    let expect = expect
        .as_table()
        .ok_or_else(|| at(path, eline, "[expect] must be a table"))?;
    let names = game.names();
    for (key, value) in expect {
        let kline = line_of(&scenario.text, key, eline);
        if key == "winner" {
            let expected = value.as_str().unwrap_or_default().to_string();
            let actual = match &game.state.outcome {
                None => "none".to_string(),
                Some(o) if o.winners.is_empty() => "draw".to_string(),
                Some(o) => o
                    .winners
                    .iter()
                    .map(|s| names[*s as usize].clone())
                    .collect::<Vec<_>>()
                    .join(", "),
            };
            let matches = actual == expected
                || game
                    .state
                    .outcome
                    .as_ref()
                    .is_some_and(|o| o.winners.iter().any(|s| names[*s as usize] == expected));
            if !matches {
                failures.push(format!(
                    "winner:\n    expected {expected}\n    actual   {actual}"
                ));
            }
        } else if key == "turn" {
            // Whose turn it is when the scenario stops (the turn does not pass after the last
            // action).
            let expected = value
                .as_str()
                .ok_or_else(|| at(path, kline, "turn must be a player's name"))?;
            player_named(&names, expected).ok_or_else(|| {
                at(
                    path,
                    kline,
                    format!("turn: `{expected}` is not a player ({})", names.join(", ")),
                )
            })?;
            let actual = &names[game.state.active as usize];
            if expected != actual {
                failures.push(format!(
                    "turn:\n    expected {expected}\n    actual   {actual}"
                ));
            }
        } else if key == "actions_left" {
            let expected = value
                .as_integer()
                .ok_or_else(|| at(path, kline, "actions_left must be a number"))?;
            let actual = game.state.actions_left;
            if expected != i64::from(actual) {
                failures.push(format!(
                    "actions_left:\n    expected {expected}\n    actual   {actual}"
                ));
            }
        } else if key == "eliminated" {
            // The players out of the game, in any order.
            let expected = words(value)
                .ok_or_else(|| at(path, kline, "eliminated must be a list of players"))?;
            if let Some(bad) = expected.iter().find(|n| player_named(&names, n).is_none()) {
                return Err(at(
                    path,
                    kline,
                    format!("eliminated: `{bad}` is not a player ({})", names.join(", ")),
                ));
            }
            let actual: Vec<String> = game
                .state
                .players
                .iter()
                .filter(|p| p.eliminated)
                .map(|p| p.name.to_string())
                .collect();
            compare(
                &mut failures,
                "eliminated",
                &sorted(expected),
                &sorted(actual),
            );
        } else if key == "supply" {
            let t = value
                .as_table()
                .ok_or_else(|| at(path, kline, "[expect.supply] must be a table"))?;
            for (k, v) in t {
                let vline = line_of(&scenario.text, k, kline);
                match k.as_str() {
                    // The junked (or removed) cards, and the junked special achievements by
                    // title among them.
                    "junk" => {
                        let mut actual = titles(game, &game.state.removed);
                        actual.extend(
                            game.state
                                .junked_specials
                                .iter()
                                .map(|s| game.edition().specials[*s as usize].name.clone()),
                        );
                        compare(
                            &mut failures,
                            "supply.junk",
                            &sorted(
                                words(v).ok_or_else(|| at(path, vline, "junk must be a list"))?,
                            ),
                            &sorted(actual),
                        );
                    }
                    "achievements" => {
                        let actual: Vec<AchievementCard> = game
                            .state
                            .available
                            .iter()
                            .map(|c| AchievementCard::Standard(*c))
                            .collect();
                        compare_achievements(
                            &mut failures,
                            game,
                            "supply.achievements",
                            v.as_array()
                                .ok_or_else(|| at(path, vline, "achievements must be a list"))?,
                            &actual,
                        );
                    }
                    "junked_specials" => {
                        let actual: Vec<String> = game
                            .state
                            .junked_specials
                            .iter()
                            .map(|s| game.edition().specials[*s as usize].name.clone())
                            .collect();
                        compare(
                            &mut failures,
                            "supply.junked_specials",
                            &sorted(words(v).ok_or_else(|| {
                                at(path, vline, "junked_specials must be a list")
                            })?),
                            &sorted(actual),
                        );
                    }
                    "special" => {
                        let actual: Vec<String> = game
                            .state
                            .specials
                            .iter()
                            .map(|s| game.edition().specials[*s as usize].name.clone())
                            .collect();
                        compare(
                            &mut failures,
                            "supply.special",
                            &sorted(
                                words(v)
                                    .ok_or_else(|| at(path, vline, "special must be a list"))?,
                            ),
                            &sorted(actual),
                        );
                    }
                    // Artifacts: the Relics still beside their decks.
                    "relics" => {
                        let actual: Vec<String> = (0..game.edition().cards.len() as u16)
                            .filter(|c| game.state.location(*c) == Location::Relic)
                            .map(|c| game.title(c))
                            .collect();
                        compare(
                            &mut failures,
                            "supply.relics",
                            &sorted(
                                words(v).ok_or_else(|| at(path, vline, "relics must be a list"))?,
                            ),
                            &sorted(actual),
                        );
                    }
                    "sizes" => {
                        let sizes = v.as_table().ok_or_else(|| {
                            at(path, vline, "sizes must be a table of age = count")
                        })?;
                        for (age, n) in sizes {
                            let (set, a) = deck_of(game, age).ok_or_else(|| {
                                at(
                                    path,
                                    vline,
                                    format!("`{age}` is not a deck (an age, or SET.AGE)"),
                                )
                            })?;
                            let actual = game.state.deck(set, a).len();
                            let expected = n.as_integer().unwrap_or(-1);
                            if expected != actual as i64 {
                                failures.push(format!("supply.sizes.{age}:\n    expected {expected}\n    actual   {actual}"));
                            }
                        }
                    }
                    // A set's decks: `echoes.3 = [...]` (a table of ages).
                    set if v.is_table() => {
                        for (age, cards) in v.as_table().into_iter().flatten() {
                            let name = format!("{set}.{age}");
                            let (s, a) = deck_of(game, &name).ok_or_else(|| {
                                at(
                                    path,
                                    vline,
                                    format!("unknown deck `{name}` in [expect.supply]"),
                                )
                            })?;
                            let mut top_first = game.state.deck(s, a).to_vec();
                            top_first.reverse();
                            compare(
                                &mut failures,
                                &format!("supply.{name}"),
                                &words(cards)
                                    .ok_or_else(|| at(path, vline, "a deck must be a list"))?,
                                &titles(game, &top_first),
                            );
                        }
                    }
                    age => {
                        let (s, a) = deck_of(game, age).ok_or_else(|| {
                            at(
                                path,
                                vline,
                                format!("unknown key `{age}` in [expect.supply]"),
                            )
                        })?;
                        let mut top_first = game.state.deck(s, a).to_vec();
                        top_first.reverse();
                        compare(
                            &mut failures,
                            &format!("supply.{age}"),
                            &words(v).ok_or_else(|| at(path, vline, "a deck must be a list"))?,
                            &titles(game, &top_first),
                        );
                    }
                }
            }
        } else if let Some(seat) = names.iter().position(|n| n == key) {
            let player = &game.state.players[seat];
            let t = value
                .as_table()
                .ok_or_else(|| at(path, kline, format!("[expect.{key}] must be a table")))?;
            for (k, v) in t {
                let vline = line_of(&scenario.text, k, kline);
                let list = |v: &Value| {
                    words(v).ok_or_else(|| at(path, vline, format!("{key}.{k} must be a list")))
                };
                match k.as_str() {
                    "hand" => compare(
                        &mut failures,
                        &format!("{key}.hand"),
                        &sorted(list(v)?),
                        &sorted(titles(game, &player.hand)),
                    ),
                    "score" => compare(
                        &mut failures,
                        &format!("{key}.score"),
                        &sorted(list(v)?),
                        &sorted(titles(game, &player.score_pile)),
                    ),
                    // Artifacts: the displayed card's title, or "none".
                    "display" => {
                        let expected = v.as_str().ok_or_else(|| {
                            at(
                                path,
                                vline,
                                format!("{key}.display must be a title or \"none\""),
                            )
                        })?;
                        let actual = player.display.map_or("none".to_string(), |c| game.title(c));
                        if expected != actual {
                            failures.push(format!(
                                "{key}.display:\n    expected {expected}\n    actual   {actual}"
                            ));
                        }
                    }
                    "forecast" => compare(
                        &mut failures,
                        &format!("{key}.forecast"),
                        &sorted(list(v)?),
                        &sorted(titles(game, &player.forecast)),
                    ),
                    "achievements" => compare_achievements(
                        &mut failures,
                        game,
                        &format!("{key}.achievements"),
                        v.as_array().ok_or_else(|| {
                            at(path, vline, format!("{key}.achievements must be a list"))
                        })?,
                        &player.achievements,
                    ),
                    "achievements_total" => {
                        let actual = game.achievements_total(seat as Seat);
                        let expected = v.as_integer().ok_or_else(|| {
                            at(
                                path,
                                vline,
                                format!("{key}.achievements_total must be a number"),
                            )
                        })?;
                        if expected != actual as i64 {
                            failures.push(format!("{key}.achievements_total:\n    expected {expected}\n    actual   {actual}"));
                        }
                    }
                    "board" => {
                        let piles = v
                            .as_table()
                            .ok_or_else(|| at(path, vline, "board must give a list per colour"))?;
                        for (color, cards) in piles {
                            let c = Color::from_word(color).ok_or_else(|| {
                                at(path, vline, format!("`{color}` is not a colour"))
                            })?;
                            let mut top_first = player.pile(c).cards.clone();
                            top_first.reverse();
                            compare(
                                &mut failures,
                                &format!("{key}.board.{color}"),
                                &list(cards)?,
                                &titles(game, &top_first),
                            );
                        }
                    }
                    "splay" => {
                        let splays = v.as_table().ok_or_else(|| {
                            at(path, vline, "splay must give a direction per colour")
                        })?;
                        for (color, d) in splays {
                            let c = Color::from_word(color).ok_or_else(|| {
                                at(path, vline, format!("`{color}` is not a colour"))
                            })?;
                            let actual = player
                                .pile(c)
                                .splay
                                .map_or("none", |s| s.word())
                                .to_string();
                            let expected = value_word(d);
                            if expected != actual {
                                failures.push(format!("{key}.splay.{color}:\n    expected {expected}\n    actual   {actual}"));
                            }
                        }
                    }
                    "eliminated" => {
                        let expected = v.as_bool().ok_or_else(|| {
                            at(
                                path,
                                vline,
                                format!("{key}.eliminated must be true or false"),
                            )
                        })?;
                        if expected != player.eliminated {
                            failures.push(format!(
                                "{key}.eliminated:\n    expected {expected}\n    actual   {}",
                                player.eliminated
                            ));
                        }
                    }
                    "score_total" => {
                        // The score as the rules count it: the score pile plus what visible
                        // bonuses add (SCENARIOS.md: "bonuses included"; EXPANSIONS.md E7, §5 #3).
                        let actual = game.score(seat as Seat);
                        let expected = v.as_integer().unwrap_or(-1);
                        if expected != i64::from(actual) {
                            failures.push(format!("{key}.score_total:\n    expected {expected}\n    actual   {actual}"));
                        }
                    }
                    "icons" => {
                        let icons = v.as_table().ok_or_else(|| {
                            at(path, vline, "icons must be a table like { castle = 3 }")
                        })?;
                        for (icon, n) in icons {
                            let i = Icon::from_word(icon).ok_or_else(|| {
                                at(path, vline, format!("`{icon}` is not an icon"))
                            })?;
                            let actual = game.state.icon_count(game.edition(), seat as Seat, i);
                            let expected = n.as_integer().unwrap_or(-1);
                            if expected != i64::from(actual) {
                                failures.push(format!("{key}.icons.{icon}:\n    expected {expected}\n    actual   {actual}"));
                            }
                        }
                    }
                    other => {
                        return Err(at(
                            path,
                            vline,
                            format!("unknown expectation `{other}` for a player"),
                        ))
                    }
                }
            }
        } else {
            return Err(at(
                path,
                kline,
                format!("unknown key `{key}` in [expect]: neither winner, turn, actions_left, eliminated, supply nor a player"),
            ));
        }
    }
    Ok(failures)
}

/// A deck named in `[expect.supply]`: an age of base (`3`), or `SET.AGE` (`cities.3`).
fn deck_of(game: &Game, name: &str) -> Option<(u8, u8)> {
    let (set, age) = match name.split_once('.') {
        Some((set, age)) => (set, age),
        None => ("base", name),
    };
    let age: u8 = age.parse().ok()?;
    let set = match set {
        "base" => 0,
        s => {
            game.edition()
                .rules
                .expansions
                .iter()
                .position(|e| e == s)? as u8
                + 1
        }
    };
    Some((set, age))
}
