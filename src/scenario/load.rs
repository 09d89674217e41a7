//! Loading a scenario file: TOML to a table spec and a script of actions and decisions, with
//! errors that name the file, the line and the reason.

use super::{
    at, line_of, table_line, value_word, Decision, Editions, Scenario, ScriptedAction,
    ScriptedAnswer, SetupScript,
};
use dogma_runtime::bytecode::{CardIdx, CompiledEdition, SpecialIdx};
use dogma_runtime::choices::Action;
use dogma_runtime::state::Seat;
use dogma_runtime::table::{AchievementSpec, PlayerSpec, TableSpec};
use dogma_runtime::vm::Program;
use dogma_runtime::vocab::{Color, SplayDirection};
use std::path::Path;
use toml::Value;

/// Loading context: the file and the edition, for names and errors.
struct Loader<'a> {
    path: &'a Path,
    text: &'a str,
    edition: &'a CompiledEdition,
    players: Vec<String>,
}

impl Loader<'_> {
    fn err(&self, line: usize, reason: impl std::fmt::Display) -> String {
        at(self.path, line, reason)
    }

    fn card(&self, title: &str, line: usize) -> Result<CardIdx, String> {
        self.edition.card_by_title(title).ok_or_else(|| {
            let titles = self.edition.cards.iter().map(|c| c.title.as_str());
            match dogma_dsl::suggest::closest(title, titles) {
                Some(s) => self.err(
                    line_of(self.text, &format!("\"{title}\""), line),
                    format!(
                        "unknown card \"{title}\" in the {} edition; did you mean \"{s}\"?",
                        self.edition.name
                    ),
                ),
                None => self.err(
                    line_of(self.text, &format!("\"{title}\""), line),
                    format!(
                        "unknown card \"{title}\" in the {} edition",
                        self.edition.name
                    ),
                ),
            }
        })
    }

    fn cards(&self, value: &Value, line: usize, what: &str) -> Result<Vec<CardIdx>, String> {
        let Some(list) = value.as_array() else {
            return Err(self.err(line, format!("{what} must be a list of card titles")));
        };
        list.iter()
            .map(|v| match v.as_str() {
                Some(title) => self.card(title, line),
                None => Err(self.err(line, format!("{what} lists {v}, which is not a card title"))),
            })
            .collect()
    }

    fn color(&self, word: &str, line: usize) -> Result<Color, String> {
        Color::from_word(word).ok_or_else(|| {
            self.err(
                line,
                format!("`{word}` is not a colour (blue, red, green, yellow, purple)"),
            )
        })
    }

    fn seat(&self, name: &str, line: usize) -> Result<Seat, String> {
        self.players
            .iter()
            .position(|p| p == name)
            .map(|i| i as Seat)
            .ok_or_else(|| {
                self.err(
                    line_of(self.text, &format!("\"{name}\""), line),
                    format!("`{name}` is not a player ({})", self.players.join(", ")),
                )
            })
    }

    fn achievement(&self, value: &Value, line: usize) -> Result<AchievementSpec, String> {
        match value {
            Value::Integer(age) => {
                Ok(AchievementSpec::Age(u8::try_from(*age).map_err(|_| {
                    self.err(line, format!("there is no age {age}"))
                })?))
            }
            Value::String(name) => {
                if let Some(s) = self.edition.special_by_name(name) {
                    Ok(AchievementSpec::Special(s))
                } else {
                    Ok(AchievementSpec::Card(self.card(name, line)?))
                }
            }
            other => Err(self.err(
                line,
                format!("{other} is neither an age nor an achievement"),
            )),
        }
    }

    fn special(&self, value: &Value, line: usize) -> Result<SpecialIdx, String> {
        let name = value.as_str().unwrap_or_default();
        self.edition.special_by_name(name).ok_or_else(|| {
            let names: Vec<&str> = self
                .edition
                .specials
                .iter()
                .map(|s| s.name.as_str())
                .collect();
            self.err(
                line_of(self.text, &format!("\"{name}\""), line),
                format!(
                    "`{value}` is not a special achievement ({})",
                    names.join(", ")
                ),
            )
        })
    }

    fn player_table(&self, name: &str, table: &toml::Table) -> Result<PlayerSpec, String> {
        let line = table_line(self.text, name);
        let mut spec = PlayerSpec {
            name: name.to_string(),
            ..PlayerSpec::default()
        };
        for (key, value) in table {
            let kline = line_of(self.text, key, line);
            match key.as_str() {
                "board" => {
                    let piles = value
                        .as_table()
                        .ok_or_else(|| self.err(kline, "board must hold one list per colour"))?;
                    for (color, cards) in piles {
                        let c = self.color(color, kline)?;
                        let i = Color::ALL.iter().position(|x| *x == c).unwrap_or(0);
                        spec.board[i] = self.cards(cards, kline, &format!("board.{color}"))?;
                    }
                }
                "splay" => {
                    let splays = value
                        .as_table()
                        .ok_or_else(|| self.err(kline, "splay must give a direction per colour"))?;
                    for (color, direction) in splays {
                        let c = self.color(color, kline)?;
                        let i = Color::ALL.iter().position(|x| *x == c).unwrap_or(0);
                        let word = direction.as_str().unwrap_or_default();
                        spec.splays[i] = match word {
                            "none" => None,
                            w => Some(SplayDirection::from_word(w).ok_or_else(|| {
                                self.err(kline, format!("`{word}` is not a splay (left, right, up, aslant, none)"))
                            })?),
                        };
                    }
                }
                "hand" => spec.hand = self.cards(value, kline, "hand")?,
                "score" => spec.score_pile = self.cards(value, kline, "score")?,
                "achievements" => {
                    let list = value
                        .as_array()
                        .ok_or_else(|| self.err(kline, "achievements must be a list"))?;
                    for v in list {
                        spec.achievements.push(self.achievement(v, kline)?);
                    }
                }
                // Echoes: the forecast, face down.
                "forecast" => spec.forecast = self.cards(value, kline, "forecast")?,
                // Artifacts: the card on display (at most one).
                "display" => {
                    let title = value
                        .as_str()
                        .ok_or_else(|| self.err(kline, "display is one card's title"))?;
                    spec.display = Some(self.card(title, kline)?);
                }
                other => {
                    return Err(self.err(
                        kline,
                        format!("unknown key `{other}` for a player (board, splay, hand, score, achievements, forecast, display)"),
                    ))
                }
            }
        }
        Ok(spec)
    }
}

/// Loads a scenario file. Returns it with its edition.
pub fn load(path: &Path, editions: &mut dyn Editions) -> Result<(Scenario, Program), String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
    let root: toml::Table = toml::from_str(&text).map_err(|e| {
        let line = e.span().map_or(1, |s| {
            text[..s.start.min(text.len())].matches('\n').count() + 1
        });
        at(path, line, e.message())
    })?;
    let edition_name = match root.get("edition") {
        None => "third".to_string(),
        Some(Value::String(s)) => s.clone(),
        Some(v) => {
            return Err(at(
                path,
                table_line(&text, "edition"),
                format!("edition must be a name, not {v}"),
            ))
        }
    };
    // A manifest path is relative to the scenario's folder (so that a designer's set can carry
    // its scenarios beside its manifest), else to the working folder.
    let edition_name = if edition_name.ends_with(".toml") {
        let beside = path.parent().unwrap_or(Path::new(".")).join(&edition_name);
        if beside.is_file() {
            beside.display().to_string()
        } else {
            edition_name
        }
    } else {
        edition_name
    };
    // The expansions in play join the edition: the game `third+cities`.
    let expansions: Vec<String> = match root.get("expansions") {
        None => Vec::new(),
        Some(Value::Array(list)) => list
            .iter()
            .map(|v| v.as_str().map(String::from))
            .collect::<Option<Vec<_>>>()
            .ok_or_else(|| {
                at(
                    path,
                    table_line(&text, "expansions"),
                    "expansions must be a list of names, e.g. [\"cities\"]",
                )
            })?,
        Some(v) => {
            return Err(at(
                path,
                table_line(&text, "expansions"),
                format!("expansions must be a list of names, not {v}"),
            ))
        }
    };
    // `relics = true`: the Relics, an option of Artifacts, join as `+relics`.
    let relics = match root.get("relics") {
        None => false,
        Some(Value::Boolean(b)) => *b,
        Some(v) => {
            return Err(at(
                path,
                table_line(&text, "relics"),
                format!("relics must be true or false, not {v}"),
            ))
        }
    };
    let mut expansions = expansions;
    if relics {
        expansions.push("relics".to_string());
    }
    let edition_name = dogma_library::game_name(&edition_name, &expansions);
    let edition = editions.edition(&edition_name).map_err(|e| {
        let key = if relics {
            "relics"
        } else if expansions.is_empty() {
            "edition"
        } else {
            "expansions"
        };
        at(path, table_line(&text, key), e)
    })?;
    let players: Vec<String> = match root.get("players") {
        Some(Value::Array(list)) => list
            .iter()
            .map(|v| v.as_str().map(String::from))
            .collect::<Option<Vec<_>>>()
            .ok_or_else(|| {
                at(
                    path,
                    table_line(&text, "players"),
                    "players must be a list of names",
                )
            })?,
        _ => {
            return Err(at(
                path,
                1,
                "a scenario needs `players = [\"alice\", \"bob\"]`",
            ))
        }
    };
    let loader = Loader {
        path,
        text: &text,
        edition: &edition,
        players: players.clone(),
    };
    let int = |key: &str, default: i64| -> Result<i64, String> {
        match root.get(key) {
            None => Ok(default),
            Some(Value::Integer(n)) => Ok(*n),
            Some(v) => Err(at(
                path,
                table_line(&text, key),
                format!("{key} must be a number, not {v}"),
            )),
        }
    };
    let mut table = TableSpec {
        seed: int("seed", 0)? as u64,
        actions_left: u8::try_from(int("actions_left", 2)?).unwrap_or(0),
        teams: root.get("teams").and_then(Value::as_bool).unwrap_or(false),
        ..TableSpec::default()
    };
    if let Some(value) = root.get("team_list") {
        table.team_of = team_list(&loader, value, table_line(&text, "team_list"))?;
    }
    for name in &players {
        let spec = match root.get(name) {
            Some(Value::Table(t)) => loader.player_table(name, t)?,
            Some(_) => {
                return Err(at(
                    path,
                    table_line(&text, name),
                    format!("[{name}] must be a table"),
                ))
            }
            None => PlayerSpec {
                name: name.clone(),
                ..PlayerSpec::default()
            },
        };
        table.players.push(spec);
    }
    let known = [
        "name",
        "edition",
        "expansions",
        "relics",
        "players",
        "seed",
        "actions_left",
        "teams",
        "team_list",
        "supply",
        "setup",
        "actions",
        "expect",
    ];
    for key in root.keys() {
        if !known.contains(&key.as_str()) && !players.contains(key) {
            return Err(at(
                path,
                table_line(&text, key),
                format!("unknown key `{key}`: neither a scenario key nor a player"),
            ));
        }
    }
    if let Some(supply) = root.get("supply") {
        let sline = table_line(&text, "supply");
        let supply = supply
            .as_table()
            .ok_or_else(|| at(path, sline, "[supply] must be a table"))?;
        for (key, value) in supply {
            let kline = line_of(&text, key, sline);
            match key.as_str() {
                "achievements" => {
                    let list = value
                        .as_array()
                        .ok_or_else(|| at(path, kline, "achievements must be a list"))?;
                    let mut specs = Vec::new();
                    for v in list {
                        specs.push(loader.achievement(v, kline)?);
                    }
                    table.available = Some(specs);
                }
                "special" => {
                    let list = value
                        .as_array()
                        .ok_or_else(|| at(path, kline, "special must be a list"))?;
                    let mut specials = Vec::new();
                    for v in list {
                        specials.push(loader.special(v, kline)?);
                    }
                    table.specials = Some(specials);
                }
                // Decks holding exactly their listed cards: an age of base, or "SET.AGE".
                "exact" => {
                    let list = value
                        .as_array()
                        .ok_or_else(|| at(path, kline, "exact must be a list of ages"))?;
                    for v in list {
                        let deck = match v {
                            Value::Integer(a) => u8::try_from(*a).ok().map(|a| (0, a)),
                            Value::String(s) => s.split_once('.').and_then(|(set, age)| {
                                Some((deck_set(&edition, set)?, age.parse().ok()?))
                            }),
                            _ => None,
                        }
                        .ok_or_else(|| {
                            at(
                                path,
                                kline,
                                format!("exact lists {v}, which is not an age or \"SET.AGE\""),
                            )
                        })?;
                        table.exact.push(deck);
                    }
                }
                // Cards by title, and special achievements by title among them (the fourth
                // edition junks special achievements too).
                "junk" => {
                    let list = value.as_array().ok_or_else(|| {
                        at(
                            path,
                            kline,
                            "junk must be a list of card titles and special achievements",
                        )
                    })?;
                    for v in list {
                        match v.as_str() {
                            Some(name) if edition.special_by_name(name).is_some() => {
                                let special = loader.special(v, kline)?;
                                junk_special(&loader, &mut table, special, kline)?;
                            }
                            Some(title) => table.junk.push(loader.card(title, kline)?),
                            None => {
                                return Err(at(
                                    path,
                                    kline,
                                    format!("junk lists {v}, which is not a card title"),
                                ))
                            }
                        }
                    }
                }
                // The older key for junked special achievements, still accepted.
                "junked_specials" => {
                    let list = value
                        .as_array()
                        .ok_or_else(|| at(path, kline, "junked_specials must be a list"))?;
                    for v in list {
                        let special = loader.special(v, kline)?;
                        junk_special(&loader, &mut table, special, kline)?;
                    }
                }
                // Artifacts: the Relics lying beside their decks (default: all of them).
                "relics" => {
                    let list = loader.cards(value, kline, "supply.relics")?;
                    if let Some(card) = list.iter().find(|c| edition.card(**c).relic.is_none()) {
                        return Err(at(
                            path,
                            kline,
                            format!(
                                "relics lists {}, which is not a Relic",
                                edition.card(*card).title
                            ),
                        ));
                    }
                    table.relics = Some(list);
                }
                // Another set's deck tops: `cities.2 = [...]` (a table of ages per set).
                set if value.is_table() => {
                    let Some(s) = deck_set(&edition, set) else {
                        return Err(at(
                            path,
                            kline,
                            format!(
                                "`{set}` is not a set in play (base, or one of the expansions: {})",
                                edition.rules.expansions.join(", ")
                            ),
                        ));
                    };
                    for (age, cards) in value.as_table().into_iter().flatten() {
                        let n: u8 = age.parse().map_err(|_| {
                            at(
                                path,
                                kline,
                                format!("`{set}.{age}` is not a deck (SET.AGE)"),
                            )
                        })?;
                        table.decks.insert(
                            (s, n),
                            loader.cards(cards, kline, &format!("supply.{set}.{n}"))?,
                        );
                    }
                }
                age => {
                    let n: u8 = age.parse().map_err(|_| {
                        at(path, kline, format!("unknown supply key `{age}` (an age, SET.AGE, achievements, special, exact, junk, junked_specials, relics)"))
                    })?;
                    table
                        .decks
                        .insert((0, n), loader.cards(value, kline, &format!("supply.{n}"))?);
                }
            }
        }
    }
    let setup = match root.get("setup") {
        None => None,
        Some(value) => Some(setup_script(&loader, &root, value)?),
    };
    table.play_setup = setup.is_some();
    let mut actions = Vec::new();
    if let Some(list) = root.get("actions") {
        let list = list.as_array().ok_or_else(|| {
            at(
                path,
                table_line(&text, "actions"),
                "[[actions]] must be a list of tables",
            )
        })?;
        let mut from = 1;
        for entry in list {
            let line = line_of(&text, "[[actions]]", from);
            from = line + 1;
            actions.push(load_action(&loader, entry, line)?);
        }
    }
    let name = root
        .get("name")
        .and_then(Value::as_str)
        .map(String::from)
        .unwrap_or_else(|| {
            path.file_stem()
                .map_or_else(String::new, |s| s.to_string_lossy().to_string())
        });
    Ok((
        Scenario {
            name,
            path: path.to_path_buf(),
            edition: edition_name,
            text: text.clone(),
            table,
            setup,
            actions,
            expect: root.get("expect").cloned(),
        },
        edition,
    ))
}

/// A special achievement in the junk (`junk` or `junked_specials`), once.
fn junk_special(
    loader: &Loader,
    table: &mut TableSpec,
    special: SpecialIdx,
    line: usize,
) -> Result<(), String> {
    if table.junked_specials.contains(&special) {
        return Err(loader.err(
            line,
            format!(
                "{} is listed twice in the junk",
                loader.edition.specials[special as usize].name
            ),
        ));
    }
    table.junked_specials.push(special);
    Ok(())
}

/// `[setup] decisions = [...]`: the game's own setup is played from `seed`, with the supply the
/// file sets; the decisions answer the first melds. The players' zones cannot be set by hand,
/// nor `actions_left` (the rules give the opening turn its one action).
fn setup_script(loader: &Loader, root: &toml::Table, value: &Value) -> Result<SetupScript, String> {
    let line = table_line(loader.text, "setup");
    let t = value
        .as_table()
        .ok_or_else(|| loader.err(line, "[setup] must be a table with `decisions = [...]`"))?;
    if let Some(key) = t.keys().find(|k| k.as_str() != "decisions") {
        return Err(loader.err(
            line_of(loader.text, key, line),
            format!("unknown key `{key}` in [setup] (decisions)"),
        ));
    }
    if let Some(name) = loader
        .players
        .iter()
        .find(|p| root.contains_key(p.as_str()))
    {
        return Err(loader.err(
            table_line(loader.text, name),
            format!(
                "[{name}] sets a player's zones by hand, but [setup] plays the game's own setup, which deals every card: leave out either the players' zones or [setup]"
            ),
        ));
    }
    if root.contains_key("actions_left") {
        return Err(loader.err(
            table_line(loader.text, "actions_left"),
            "actions_left cannot be set with [setup]: the rules give the first turn one action",
        ));
    }
    let mut decisions = Vec::new();
    if let Some(list) = t.get("decisions") {
        let list = list
            .as_array()
            .ok_or_else(|| loader.err(line, "decisions must be a list"))?;
        let mut from = line;
        for d in list {
            let dline = line_of(loader.text, "{", from + 1);
            from = dline;
            decisions.push(load_decision(loader, d, dline)?);
        }
    }
    Ok(SetupScript { decisions, line })
}

/// `team_list = [["alice", "bob"], ["carol"]]`: the teams, each a list of players; every
/// player on exactly one team. Returns each seat's team (the team's index in the list); the game
/// checks the rest (at least two teams, the edition's team games).
fn team_list(loader: &Loader, value: &Value, line: usize) -> Result<Vec<u8>, String> {
    let shape = "team_list must be a list of teams, each a list of names: [[\"alice\", \"bob\"], [\"carol\"]]";
    let teams = value.as_array().ok_or_else(|| loader.err(line, shape))?;
    let mut team_of: Vec<Option<u8>> = vec![None; loader.players.len()];
    for (t, team) in teams.iter().enumerate() {
        let members = team.as_array().ok_or_else(|| loader.err(line, shape))?;
        if members.is_empty() {
            return Err(loader.err(line, format!("team {} has no players", t + 1)));
        }
        for member in members {
            let name = member.as_str().ok_or_else(|| loader.err(line, shape))?;
            let seat = loader.seat(name, line)? as usize;
            if team_of[seat].is_some() {
                return Err(loader.err(
                    line_of(loader.text, &format!("\"{name}\""), line),
                    format!("{name} is on two teams"),
                ));
            }
            team_of[seat] = Some(t as u8);
        }
    }
    team_of
        .iter()
        .enumerate()
        .map(|(seat, t)| {
            t.ok_or_else(|| loader.err(line, format!("{} is on no team", loader.players[seat])))
        })
        .collect()
}

fn load_action(loader: &Loader, entry: &Value, line: usize) -> Result<ScriptedAction, String> {
    let t = entry
        .as_table()
        .ok_or_else(|| loader.err(line, "an action must be a table"))?;
    let player = match t.get("player") {
        Some(v) => Some(loader.seat(v.as_str().unwrap_or_default(), line)?),
        None => None,
    };
    let mut kinds = Vec::new();
    let mut special_attempt = None;
    if let Some(v) = t.get("draw") {
        if v.as_bool() != Some(true) {
            return Err(loader.err(line, "write `draw = true`"));
        }
        kinds.push(Action::Draw);
    }
    if let Some(v) = t.get("meld") {
        kinds.push(Action::Meld(
            loader.card(v.as_str().unwrap_or_default(), line)?,
        ));
    }
    if let Some(v) = t.get("dogma") {
        kinds.push(Action::Dogma(
            loader.card(v.as_str().unwrap_or_default(), line)?,
        ));
    }
    // Cities: the endorsed card (the city and the tucked card are decisions).
    if let Some(v) = t.get("endorse") {
        kinds.push(Action::Endorse(
            loader.card(v.as_str().unwrap_or_default(), line)?,
        ));
    }
    // Figures: the Decree claimed (../shared/SCENARIOS.md, "Expansions": the whole hand is
    // removed, no decision).
    if let Some(v) = t.get("decree") {
        let name = v.as_str().unwrap_or_default();
        let special = loader
            .edition
            .special_by_name(name)
            .filter(|s| loader.edition.specials[*s as usize].decree.is_some())
            .ok_or_else(|| loader.err(line, format!("there is no Decree named {v}")))?;
        kinds.push(Action::Decree(special));
    }
    // Figures: the colour whose visible inspire effects run (../shared/SCENARIOS.md,
    // "Expansions").
    if let Some(v) = t.get("inspire") {
        let color = v
            .as_str()
            .and_then(dogma_runtime::Color::from_word)
            .ok_or_else(|| loader.err(line, format!("inspire takes a colour, not {v}")))?;
        kinds.push(Action::Inspire(color));
    }
    // Artifacts: the start-of-turn choice on the displayed card (../shared/SCENARIOS.md,
    // "Expansions": "dogma" | "return" | "pass").
    if let Some(v) = t.get("artifact") {
        use dogma_runtime::choices::ArtifactChoice;
        let choice = match v.as_str() {
            Some("dogma") => ArtifactChoice::Dogma,
            Some("return") => ArtifactChoice::Return,
            Some("pass") => ArtifactChoice::Pass,
            _ => {
                return Err(loader.err(
                    line,
                    format!("artifact takes \"dogma\", \"return\" or \"pass\", not {v}"),
                ))
            }
        };
        kinds.push(Action::Artifact(choice));
    }
    if let Some(v) = t.get("achieve") {
        let age = match v {
            Value::Integer(a) => {
                u8::try_from(*a).map_err(|_| loader.err(line, format!("there is no age {a}")))?
            }
            Value::String(name) if loader.edition.special_by_name(name).is_some() => {
                special_attempt = Some(format!(
                    "{name} is a special achievement: it is claimed the moment its condition holds, never with the Achieve action"
                ));
                1
            }
            Value::String(title) => loader.edition.card(loader.card(title, line)?).age,
            other => {
                return Err(loader.err(
                    line,
                    format!("achieve takes an age or a title, not {other}"),
                ))
            }
        };
        kinds.push(Action::Achieve(age));
    }
    let action = match kinds.as_slice() {
        [one] => *one,
        [] => return Err(loader.err(
            line,
            "an action needs exactly one of draw = true, meld, dogma, achieve, endorse, inspire, decree, artifact",
        )),
        _ => {
            return Err(loader.err(
                line,
                "an action has more than one of draw, meld, dogma, achieve, endorse, inspire, decree, artifact",
            ))
        }
    };
    let known = [
        "player",
        "draw",
        "meld",
        "dogma",
        "achieve",
        "endorse",
        "inspire",
        "decree",
        "artifact",
        "decisions",
        "refused",
        "unscripted",
        "expect_targets",
    ];
    if let Some(key) = t.keys().find(|k| !known.contains(&k.as_str())) {
        return Err(loader.err(
            line_of(loader.text, key, line),
            format!("unknown action key `{key}`"),
        ));
    }
    let mut decisions = Vec::new();
    if let Some(list) = t.get("decisions") {
        let list = list
            .as_array()
            .ok_or_else(|| loader.err(line, "decisions must be a list"))?;
        let mut from = line;
        for d in list {
            let dline = line_of(loader.text, "{", from + 1);
            from = dline;
            decisions.push(load_decision(loader, d, dline)?);
        }
    }
    let unscripted_first = match t.get("unscripted") {
        None => false,
        Some(Value::String(s)) if s == "first" => true,
        Some(v) => {
            return Err(loader.err(line, format!("unscripted can only be \"first\", not {v}")))
        }
    };
    let expect_targets = match t.get("expect_targets") {
        None => None,
        Some(v) => Some(expect_targets(loader, action, v, line)?),
    };
    Ok(ScriptedAction {
        player,
        action,
        decisions,
        refused: t.get("refused").and_then(Value::as_str).map(String::from),
        unscripted_first,
        special_attempt,
        expect_targets,
        line,
    })
}

/// `expect_targets = [...]` on an action: titles of cards to meld or to dogma; ages (or titles)
/// to achieve; Decrees by name; colours to inspire with. A draw has no target.
fn expect_targets(
    loader: &Loader,
    action: Action,
    value: &Value,
    line: usize,
) -> Result<Vec<Value>, String> {
    let kline = line_of(loader.text, "expect_targets", line);
    let list = value
        .as_array()
        .ok_or_else(|| loader.err(kline, "expect_targets must be a list"))?;
    for v in list {
        match (action, v) {
            (Action::Draw, _) => {
                return Err(loader.err(
                    kline,
                    "a draw has no targets: expect_targets is for meld, dogma and achieve",
                ))
            }
            (Action::Achieve(_), Value::Integer(_)) => {}
            (Action::Achieve(_), Value::String(_)) => {
                loader.achievement(v, kline)?;
            }
            // Figures: the Decrees to issue, by name; the colours to inspire with.
            (Action::Decree(_), Value::String(name)) => {
                if loader.edition.special_by_name(name).is_none() {
                    return Err(loader.err(kline, format!("there is no Decree named {v}")));
                }
            }
            (Action::Inspire(_), Value::String(color)) => {
                if dogma_runtime::Color::from_word(color).is_none() {
                    return Err(loader.err(kline, format!("{v} is no colour")));
                }
            }
            (_, Value::String(title)) => {
                loader.card(title, kline)?;
            }
            (Action::Achieve(_), other) => {
                return Err(loader.err(
                    kline,
                    format!("expect_targets lists {other}: achieve targets are ages or titles"),
                ))
            }
            (_, other) => {
                return Err(loader.err(
                    kline,
                    format!("expect_targets lists {other}, which is not a card title"),
                ))
            }
        }
    }
    Ok(list.clone())
}

fn load_decision(loader: &Loader, d: &Value, line: usize) -> Result<Decision, String> {
    let t = d.as_table().ok_or_else(|| {
        loader.err(
            line,
            "a decision must be a table like { player = \"bob\", choose = [...] }",
        )
    })?;
    let known = [
        "player",
        "choose",
        "option",
        "order",
        "expect_options",
        "refused",
    ];
    if let Some(key) = t.keys().find(|k| !known.contains(&k.as_str())) {
        return Err(loader.err(
            line,
            format!("unknown decision key `{key}` ({})", known.join(", ")),
        ));
    }
    let player = match t.get("player") {
        Some(v) => Some(loader.seat(v.as_str().unwrap_or_default(), line)?),
        None => None,
    };
    let answer = match (t.get("choose"), t.get("option"), t.get("order")) {
        (Some(v), None, None) => ScriptedAnswer::Choose(v.clone()),
        (None, Some(v), None) => ScriptedAnswer::Option(v.as_integer().ok_or_else(|| {
            loader.err(
                line,
                "option must be a number (1 for the first alternative)",
            )
        })?),
        (None, None, Some(v)) => ScriptedAnswer::Order(
            v.as_array()
                .and_then(|a| a.iter().map(|x| x.as_str().map(String::from)).collect())
                .ok_or_else(|| loader.err(line, "order must be a list of card titles"))?,
        ),
        _ => {
            return Err(loader.err(
                line,
                "a decision needs exactly one of choose, option, order",
            ))
        }
    };
    let expect_options = match t.get("expect_options") {
        None => None,
        Some(v) => Some(
            v.as_array()
                .map(|a| a.iter().map(value_word).collect())
                .ok_or_else(|| loader.err(line, "expect_options must be a list"))?,
        ),
    };
    Ok(Decision {
        player,
        answer,
        expect_options,
        refused: t.get("refused").and_then(Value::as_str).map(String::from),
        line,
    })
}

/// The supply index of a set named in a scenario: 0 for `base`, else 1 + its place among the
/// expansions in play.
fn deck_set(edition: &dogma_runtime::bytecode::CompiledEdition, set: &str) -> Option<u8> {
    if set == "base" {
        return Some(0);
    }
    edition
        .rules
        .expansions
        .iter()
        .position(|e| e == set)
        .map(|i| i as u8 + 1)
}
