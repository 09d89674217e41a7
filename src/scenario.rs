//! Scenario files (the contract in ../shared/SCENARIOS.md): a table set up by hand, actions with
//! scripted decisions, and expectations. `load` turns a file into a table and a script,
//! `run` plays it and checks what was expected, and every scenario's outcome and event log are
//! kept as a snapshot beside it (`NAME.snap`), so a change of behaviour shows as a diff.
//!
//! Loading errors name the file, the line and the reason; nothing here panics on bad input.

use dogma_runtime::bytecode::{CardIdx, CompiledEdition, SpecialIdx};
use dogma_runtime::choices::{Action, Answer, Request, RequestKind};
use dogma_runtime::game::{Game, PlayError, Status};
use dogma_runtime::state::{AchievementCard, Seat};
use dogma_runtime::table::{AchievementSpec, PlayerSpec, TableSpec};
use dogma_runtime::vocab::{Color, Icon, SplayDirection};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use toml::Value;

/// A scenario, loaded.
pub struct Scenario {
    pub name: String,
    pub path: PathBuf,
    /// The edition's name or manifest path, as the scenario gives it (resolved beside the file).
    pub edition: String,
    pub text: String,
    pub table: TableSpec,
    pub actions: Vec<ScriptedAction>,
    pub expect: Option<Value>,
}

/// One action of the script.
pub struct ScriptedAction {
    pub player: Option<Seat>,
    pub action: Action,
    pub decisions: Vec<Decision>,
    /// The action must be refused with a reason containing this text.
    pub refused: Option<String>,
    /// Unscripted questions take the first legal option instead of failing.
    pub unscripted_first: bool,
    /// `achieve = "Monument"`: an attempt to achieve a special achievement, which the Achieve
    /// action never allows (it is refused with this reason).
    pub special_attempt: Option<String>,
    pub line: usize,
}

/// One scripted answer.
pub struct Decision {
    pub player: Option<Seat>,
    pub answer: ScriptedAnswer,
    pub expect_options: Option<Vec<String>>,
    pub refused: Option<String>,
    pub line: usize,
}

/// A scripted answer as written, interpreted against the question when it is asked.
pub enum ScriptedAnswer {
    Choose(Value),
    Option(i64),
    Order(Vec<String>),
}

/// Why a scenario did not pass.
pub enum Failure {
    /// The file could not be loaded or played.
    Error(String),
    /// Expectations or the snapshot differ.
    Mismatch(Vec<String>),
}

/// A loading error: `file:line: reason`.
fn at(path: &Path, line: usize, reason: impl std::fmt::Display) -> String {
    format!("{}:{line}: {reason}", path.display())
}

/// The line (1-based) of the first occurrence of `needle` at or after line `from`, else `from`.
fn line_of(text: &str, needle: &str, from: usize) -> usize {
    for (i, line) in text.lines().enumerate().skip(from.saturating_sub(1)) {
        let code = line.split('#').next().unwrap_or("");
        if code.contains(needle) {
            return i + 1;
        }
    }
    from.max(1)
}

/// The line where a table (`[name]` or `[name.x]`) starts, or where `name =` or `name.` is set.
fn table_line(text: &str, name: &str) -> usize {
    for (i, line) in text.lines().enumerate() {
        let t = line.trim_start();
        if t.starts_with(&format!("[{name}]"))
            || t.starts_with(&format!("[{name}."))
            || t.starts_with(&format!("{name} ="))
            || t.starts_with(&format!("{name}="))
            || t.starts_with(&format!("{name}."))
        {
            return i + 1;
        }
    }
    1
}

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
                "forecast" => {
                    return Err(self.err(
                        kline,
                        "the forecast is an expansion zone (Echoes), not supported yet",
                    ))
                }
                other => {
                    return Err(self.err(
                        kline,
                        format!("unknown key `{other}` for a player (board, splay, hand, score, achievements)"),
                    ))
                }
            }
        }
        Ok(spec)
    }
}

/// What `load` needs from the outside: the compiled edition of a name.
pub trait Editions {
    /// The edition a scenario is played on.
    fn edition(&mut self, name: &str) -> Result<Arc<CompiledEdition>, String>;
    /// The same edition on the other back end, when scenarios are also played there and the
    /// results compared (`dogma test --backend both`).
    fn twin(&mut self, _name: &str) -> Option<Arc<CompiledEdition>> {
        None
    }
}

/// Which back ends `dogma test` plays scenarios on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Backends {
    /// The VM, and the native code too where it is built in and current: both must give the
    /// same log and final state.
    #[default]
    Both,
    Vm,
    Native,
}

/// Compiles each edition once per run (and attaches its native code as asked).
#[derive(Default)]
pub struct EditionCache {
    backends: Backends,
    compiled: BTreeMap<String, (Arc<CompiledEdition>, Option<Arc<CompiledEdition>>)>,
    /// Editions played on the VM only, and why (`--backend both` without current native code).
    pub vm_only: BTreeMap<String, String>,
}

impl EditionCache {
    pub fn new(backends: Backends) -> Self {
        EditionCache {
            backends,
            ..Default::default()
        }
    }

    fn load(
        &mut self,
        name: &str,
    ) -> Result<&(Arc<CompiledEdition>, Option<Arc<CompiledEdition>>), String> {
        if !self.compiled.contains_key(name) {
            let mut compiled = crate::compile_edition(name)?;
            let pair = match self.backends {
                Backends::Vm => (Arc::new(compiled), None),
                Backends::Native => {
                    crate::use_backend(&mut compiled, crate::Backend::Native)?;
                    (Arc::new(compiled), None)
                }
                Backends::Both => {
                    let twin = match crate::differential::native_twin(&compiled) {
                        Ok(twin) => Some(twin),
                        Err(why) => {
                            self.vm_only.insert(name.to_string(), why);
                            None
                        }
                    };
                    (Arc::new(compiled), twin)
                }
            };
            self.compiled.insert(name.to_string(), pair);
        }
        Ok(&self.compiled[name])
    }
}

impl Editions for EditionCache {
    fn edition(&mut self, name: &str) -> Result<Arc<CompiledEdition>, String> {
        Ok(self.load(name)?.0.clone())
    }

    fn twin(&mut self, name: &str) -> Option<Arc<CompiledEdition>> {
        self.load(name).ok().and_then(|(_, twin)| twin.clone())
    }
}

/// Loads a scenario file. Returns it with its edition.
pub fn load(
    path: &Path,
    editions: &mut dyn Editions,
) -> Result<(Scenario, Arc<CompiledEdition>), String> {
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
    let edition = editions
        .edition(&edition_name)
        .map_err(|e| at(path, table_line(&text, "edition"), e))?;
    if let Some(expansions) = root.get("expansions") {
        if expansions.as_array().is_some_and(|a| !a.is_empty()) {
            return Err(at(
                path,
                table_line(&text, "expansions"),
                "expansions are not supported yet",
            ));
        }
    }
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
        "players",
        "seed",
        "actions_left",
        "teams",
        "team_list",
        "supply",
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
                "exact" => {
                    let list = value
                        .as_array()
                        .ok_or_else(|| at(path, kline, "exact must be a list of ages"))?;
                    for v in list {
                        let age = v
                            .as_integer()
                            .and_then(|a| u8::try_from(a).ok())
                            .ok_or_else(|| {
                                at(path, kline, format!("exact lists {v}, which is not an age"))
                            })?;
                        table.exact.push(age);
                    }
                }
                "junk" => table.junk = loader.cards(value, kline, "junk")?,
                "junked_specials" => {
                    let list = value
                        .as_array()
                        .ok_or_else(|| at(path, kline, "junked_specials must be a list"))?;
                    for v in list {
                        table.junked_specials.push(loader.special(v, kline)?);
                    }
                }
                age => {
                    let n: u8 = age.parse().map_err(|_| {
                        at(path, kline, format!("unknown supply key `{age}` (an age, achievements, special, exact, junk, junked_specials)"))
                    })?;
                    table
                        .decks
                        .insert(n, loader.cards(value, kline, &format!("supply.{n}"))?);
                }
            }
        }
    }
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
            actions,
            expect: root.get("expect").cloned(),
        },
        edition,
    ))
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
        [] => {
            return Err(loader.err(
                line,
                "an action needs exactly one of draw = true, meld, dogma, achieve",
            ))
        }
        _ => {
            return Err(loader.err(
                line,
                "an action has more than one of draw, meld, dogma, achieve",
            ))
        }
    };
    let known = [
        "player",
        "draw",
        "meld",
        "dogma",
        "achieve",
        "decisions",
        "refused",
        "unscripted",
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
    Ok(ScriptedAction {
        player,
        action,
        decisions,
        refused: t.get("refused").and_then(Value::as_str).map(String::from),
        unscripted_first,
        special_attempt,
        line,
    })
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

/// A TOML value as the word it stands for.
fn value_word(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

// ---------------------------------------------------------------------------------------------
// Running

/// The options of a question as words, for `expect_options` and error messages.
fn option_words(game: &Game, request: &Request) -> Vec<String> {
    let edition = game.edition();
    let names = game.names();
    let mut words: Vec<String> = match &request.kind {
        RequestKind::Cards { candidates, .. } | RequestKind::Order { cards: candidates } => {
            candidates
                .iter()
                .map(|c| edition.card(*c).title.clone())
                .collect()
        }
        RequestKind::YesNo => vec!["yes".into(), "no".into()],
        RequestKind::Option { n } => (1..=*n).map(|i| i.to_string()).collect(),
        RequestKind::Colors { options, .. } => {
            options.iter().map(|c| c.word().to_string()).collect()
        }
        RequestKind::Values { options, .. } => options.iter().map(i32::to_string).collect(),
        RequestKind::Players { options, .. } => {
            options.iter().map(|s| names[*s as usize].clone()).collect()
        }
        RequestKind::Icons { options, .. } => {
            options.iter().map(|i| i.word().to_string()).collect()
        }
        RequestKind::Specials { options, .. } => options
            .iter()
            .map(|s| edition.specials[*s as usize].name.clone())
            .collect(),
    };
    words.sort();
    words
}

/// Turns a scripted answer into an answer to the question asked.
fn to_answer(game: &Game, request: &Request, scripted: &ScriptedAnswer) -> Result<Answer, String> {
    let edition = game.edition();
    let names = game.names();
    let strings = |v: &Value| -> Vec<Value> {
        match v {
            Value::Array(a) => a.clone(),
            other => vec![other.clone()],
        }
    };
    let describe = request.describe(edition, &names);
    let misfit =
        |what: &str| format!("the scripted answer {what} does not fit the question: {describe}");
    match (&request.kind, scripted) {
        (RequestKind::Option { .. }, ScriptedAnswer::Option(i)) => Ok(Answer::Option(
            u8::try_from(i - 1).map_err(|_| misfit(&format!("option = {i}")))?,
        )),
        (RequestKind::Order { cards }, ScriptedAnswer::Order(titles))
        | (
            RequestKind::Cards {
                candidates: cards, ..
            },
            ScriptedAnswer::Order(titles),
        ) => {
            let mut order = Vec::new();
            for t in titles {
                let card = edition
                    .card_by_title(t)
                    .ok_or_else(|| format!("unknown card \"{t}\" in order"))?;
                if !cards.contains(&card) {
                    return Err(misfit(&format!("order lists {t}, which")));
                }
                order.push(card);
            }
            Ok(Answer::Order(order))
        }
        (RequestKind::Cards { candidates, .. }, ScriptedAnswer::Choose(v)) => {
            let mut chosen = Vec::new();
            for item in strings(v) {
                match item {
                    Value::String(title) => {
                        let card = edition
                            .card_by_title(&title)
                            .ok_or_else(|| format!("unknown card \"{title}\" in choose"))?;
                        chosen.push(card);
                    }
                    // A face-down card by its age: the first such candidate not yet chosen.
                    Value::Integer(age) => {
                        let card = candidates
                            .iter()
                            .copied()
                            .find(|c| i64::from(edition.card(*c).age) == age && !chosen.contains(c))
                            .ok_or_else(|| misfit(&format!("choose [{age}]")))?;
                        chosen.push(card);
                    }
                    other => return Err(misfit(&format!("choose {other}"))),
                }
            }
            Ok(Answer::Cards(chosen))
        }
        (RequestKind::YesNo, ScriptedAnswer::Choose(Value::String(s))) => match s.as_str() {
            "yes" => Ok(Answer::YesNo(true)),
            "no" => Ok(Answer::YesNo(false)),
            _ => Err(misfit(&format!("\"{s}\""))),
        },
        (RequestKind::Colors { .. }, ScriptedAnswer::Choose(v)) => strings(v)
            .iter()
            .map(|x| {
                x.as_str()
                    .and_then(Color::from_word)
                    .ok_or_else(|| misfit(&x.to_string()))
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Answer::Colors),
        // Special achievements by name: `choose = ["Monument"]`.
        (RequestKind::Specials { .. }, ScriptedAnswer::Choose(v)) => strings(v)
            .iter()
            .map(|x| {
                x.as_str()
                    .and_then(|n| edition.special_by_name(n))
                    .ok_or_else(|| misfit(&x.to_string()))
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Answer::Specials),
        (RequestKind::Icons { .. }, ScriptedAnswer::Choose(v)) => strings(v)
            .iter()
            .map(|x| {
                x.as_str()
                    .and_then(Icon::from_word)
                    .ok_or_else(|| misfit(&x.to_string()))
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Answer::Icons),
        (RequestKind::Values { .. }, ScriptedAnswer::Choose(v)) => strings(v)
            .iter()
            .map(|x| {
                x.as_integer()
                    .and_then(|n| i32::try_from(n).ok())
                    .ok_or_else(|| misfit(&x.to_string()))
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Answer::Values),
        (RequestKind::Players { .. }, ScriptedAnswer::Choose(v)) => strings(v)
            .iter()
            .map(|x| {
                x.as_str()
                    .and_then(|n| names.iter().position(|p| p == n))
                    .map(|i| i as Seat)
                    .ok_or_else(|| misfit(&x.to_string()))
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Answer::Players),
        (_, ScriptedAnswer::Choose(v)) => Err(misfit(&format!("choose = {v}"))),
        (_, ScriptedAnswer::Option(i)) => Err(misfit(&format!("option = {i}"))),
        (_, ScriptedAnswer::Order(_)) => Err(misfit("order")),
    }
}

/// Plays a scenario. Returns the game at the end, or why it could not be played.
pub fn play(scenario: &Scenario, edition: Arc<CompiledEdition>) -> Result<Game, String> {
    let path = &scenario.path;
    let mut game = Game::from_table(edition.clone(), &scenario.table).map_err(|e| {
        // Point at the last line that names the card the table refused, if any.
        let line = e.card.map_or(1, |card| {
            let needle = format!("\"{}\"", edition.card(card).title);
            scenario
                .text
                .lines()
                .enumerate()
                .filter(|(_, l)| l.split('#').next().unwrap_or("").contains(&needle))
                .map(|(i, _)| i + 1)
                .last()
                .unwrap_or(1)
        });
        at(path, line, e)
    })?;
    let names = game.names();
    for (n, scripted) in scenario.actions.iter().enumerate() {
        let line = scripted.line;
        let seat = match game.status() {
            Status::Over(_) => {
                return Err(at(
                    path,
                    line,
                    format!("the game ended before action {}", n + 1),
                ))
            }
            Status::Decision(request) => {
                return Err(at(
                    path,
                    line,
                    format!(
                        "a question is still open: {}",
                        request.describe(game.edition(), &names)
                    ),
                ))
            }
            Status::Action(seat) => seat,
        };
        if let Some(p) = scripted.player {
            if p != seat {
                return Err(at(
                    path,
                    line,
                    format!(
                        "it is {}'s turn, not {}'s",
                        names[seat as usize], names[p as usize]
                    ),
                ));
            }
        }
        if let Some(reason) = &scripted.special_attempt {
            match &scripted.refused {
                Some(expected) if reason.contains(expected.as_str()) => continue,
                Some(expected) => {
                    return Err(at(path, line, format!("the action was refused with \"{reason}\", which does not contain \"{expected}\"")))
                }
                None => return Err(at(path, line, format!("the action was refused: {reason}"))),
            }
        }
        if let Some(expected) = &scripted.refused {
            let before = serde_json::to_string(&game.state).map_err(|e| e.to_string())?;
            match game.act(scripted.action) {
                Err(PlayError::Refused(r)) if r.reason.contains(expected.as_str()) => {}
                Err(PlayError::Refused(r)) => {
                    return Err(at(path, line, format!("the action was refused with \"{r}\", which does not contain \"{expected}\"")))
                }
                Err(PlayError::Runtime(e)) => return Err(at(path, line, crate::play::runtime_error_text(&game, &e))),
                Ok(()) => return Err(at(path, line, format!("the action was not refused (expected \"{expected}\")"))),
            }
            if serde_json::to_string(&game.state).map_err(|e| e.to_string())? != before {
                return Err(at(path, line, "a refused action changed the state"));
            }
            continue;
        }
        match game.act(scripted.action) {
            Ok(()) => {}
            Err(PlayError::Refused(r)) => {
                return Err(at(path, line, format!("the action was refused: {r}")))
            }
            Err(PlayError::Runtime(e)) => {
                return Err(at(path, line, crate::play::runtime_error_text(&game, &e)))
            }
        }
        let mut queue = scripted.decisions.iter().peekable();
        while let Status::Decision(request) = game.status() {
            let request = request.clone();
            let describe = request.describe(game.edition(), &names);
            let next = queue.peek().copied();
            let fits_order = matches!(next.map(|d| &d.answer), Some(ScriptedAnswer::Order(_)));
            let answer = match next {
                // An unscripted order takes the title order; that is never an error.
                _ if matches!(request.kind, RequestKind::Order { .. }) && !fits_order => {
                    request.first_legal(game.edition())
                }
                None if scripted.unscripted_first => request.first_legal(game.edition()),
                None => return Err(at(path, line, format!("unscripted decision: {describe}"))),
                Some(d) => {
                    queue.next();
                    if let Some(p) = d.player {
                        if p != request.player {
                            return Err(at(
                                path,
                                d.line,
                                format!(
                                    "the next decision is {}'s, but the game asks: {describe}",
                                    names[p as usize]
                                ),
                            ));
                        }
                    }
                    if let Some(expected) = &d.expect_options {
                        let mut expected = expected.clone();
                        expected.sort();
                        let offered = option_words(&game, &request);
                        if expected != offered {
                            return Err(at(path, d.line, format!("expected the options [{}], but the game offers [{}]: {describe}", expected.join(", "), offered.join(", "))));
                        }
                    }
                    let answer =
                        to_answer(&game, &request, &d.answer).map_err(|e| at(path, d.line, e))?;
                    if let Some(expected) = &d.refused {
                        let before =
                            serde_json::to_string(&game.state).map_err(|e| e.to_string())?;
                        match game.answer(answer) {
                            Err(PlayError::Refused(r)) if r.reason.contains(expected.as_str()) => {}
                            Err(PlayError::Refused(r)) => {
                                return Err(at(path, d.line, format!("the answer was refused with \"{r}\", which does not contain \"{expected}\"")))
                            }
                            Err(PlayError::Runtime(e)) => return Err(at(path, d.line, crate::play::runtime_error_text(&game, &e))),
                            Ok(()) => return Err(at(path, d.line, format!("the answer was not refused (expected \"{expected}\")"))),
                        }
                        if serde_json::to_string(&game.state).map_err(|e| e.to_string())? != before
                        {
                            return Err(at(path, d.line, "a refused answer changed the state"));
                        }
                        continue;
                    }
                    answer
                }
            };
            match game.answer(answer) {
                Ok(()) => {}
                Err(PlayError::Refused(r)) => {
                    return Err(at(
                        path,
                        line,
                        format!("the answer to \"{describe}\" was refused: {r}"),
                    ))
                }
                Err(PlayError::Runtime(e)) => {
                    return Err(at(path, line, crate::play::runtime_error_text(&game, &e)))
                }
            }
        }
        let left = queue.count();
        if left > 0 {
            return Err(at(
                path,
                line,
                format!("{left} scripted decision(s) were never asked"),
            ));
        }
    }
    Ok(game)
}

// ---------------------------------------------------------------------------------------------
// Expectations

fn titles(game: &Game, cards: &[CardIdx]) -> Vec<String> {
    cards.iter().map(|c| game.title(*c)).collect()
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

fn achievement_words(game: &Game, list: &[AchievementCard]) -> Vec<String> {
    list.iter()
        .map(|a| match a {
            AchievementCard::Standard(c) => game.edition().card(*c).age.to_string(),
            AchievementCard::Special(s) => game.edition().specials[*s as usize].name.clone(),
        })
        .collect()
}

/// A list of TOML values as words.
fn words(v: &Value) -> Option<Vec<String>> {
    v.as_array().map(|a| a.iter().map(value_word).collect())
}

fn compare(failures: &mut Vec<String>, what: &str, expected: &[String], actual: &[String]) {
    if expected != actual {
        failures.push(format!(
            "{what}:\n    expected [{}]\n    actual   [{}]",
            expected.join(", "),
            actual.join(", ")
        ));
    }
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
        } else if key == "supply" {
            let t = value
                .as_table()
                .ok_or_else(|| at(path, kline, "[expect.supply] must be a table"))?;
            for (k, v) in t {
                let vline = line_of(&scenario.text, k, kline);
                match k.as_str() {
                    "junk" => compare(
                        &mut failures,
                        "supply.junk",
                        &sorted(words(v).ok_or_else(|| at(path, vline, "junk must be a list"))?),
                        &sorted(titles(game, &game.state.removed)),
                    ),
                    "achievements" => {
                        let actual: Vec<String> = game
                            .state
                            .available
                            .iter()
                            .map(|c| game.edition().card(*c).age.to_string())
                            .collect();
                        let expected: Vec<String> = words(v)
                            .ok_or_else(|| at(path, vline, "achievements must be a list"))?
                            .into_iter()
                            .map(|w| match game.edition().card_by_title(&w) {
                                Some(c) => game.edition().card(c).age.to_string(),
                                None => w,
                            })
                            .collect();
                        compare(
                            &mut failures,
                            "supply.achievements",
                            &sorted(expected),
                            &sorted(actual),
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
                    "sizes" => {
                        let sizes = v.as_table().ok_or_else(|| {
                            at(path, vline, "sizes must be a table of age = count")
                        })?;
                        for (age, n) in sizes {
                            let a: usize = age
                                .parse()
                                .map_err(|_| at(path, vline, format!("`{age}` is not an age")))?;
                            let actual = game.state.decks.get(a).map_or(0, |d| d.len());
                            let expected = n.as_integer().unwrap_or(-1);
                            if expected != actual as i64 {
                                failures.push(format!("supply.sizes.{age}:\n    expected {expected}\n    actual   {actual}"));
                            }
                        }
                    }
                    age => {
                        let a: usize = age.parse().map_err(|_| {
                            at(
                                path,
                                vline,
                                format!("unknown key `{age}` in [expect.supply]"),
                            )
                        })?;
                        let mut top_first = game.state.decks.get(a).cloned().unwrap_or_default();
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
                    "achievements" => compare(
                        &mut failures,
                        &format!("{key}.achievements"),
                        &sorted(list(v)?),
                        &sorted(achievement_words(game, &player.achievements)),
                    ),
                    "forecast" => compare(
                        &mut failures,
                        &format!("{key}.forecast"),
                        &sorted(list(v)?),
                        &[],
                    ),
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
                        let actual = game.state.score(game.edition(), seat as Seat);
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
                format!("unknown key `{key}` in [expect]: neither winner, supply nor a player"),
            ));
        }
    }
    Ok(failures)
}

// ---------------------------------------------------------------------------------------------
// Snapshots

/// The outcome and the event log of a played scenario, as the snapshot records them.
pub fn snapshot_text(scenario: &Scenario, game: &Game) -> String {
    let edition = game.edition();
    let names = game.names();
    let mut out = String::new();
    let _ = writeln!(out, "# Snapshot of the scenario \"{}\".", scenario.name);
    let _ = writeln!(
        out,
        "# Review a change, then accept it with `dogma test --accept {}`.",
        scenario.path.display()
    );
    let _ = writeln!(out, "\n== outcome ==");
    let winner = match &game.state.outcome {
        None => "none".to_string(),
        Some(o) if o.winners.is_empty() => "draw".to_string(),
        Some(o) => format!(
            "{} ({})",
            o.winners
                .iter()
                .map(|s| names[*s as usize].clone())
                .collect::<Vec<_>>()
                .join(", "),
            o.reason.word()
        ),
    };
    let _ = writeln!(out, "winner: {winner}");
    for (seat, p) in game.state.players.iter().enumerate() {
        if p.eliminated {
            let _ = writeln!(out, "{} (out of the game):", p.name);
        } else {
            let _ = writeln!(out, "{}:", p.name);
        }
        let _ = writeln!(
            out,
            "  hand: [{}]",
            sorted(titles(game, &p.hand)).join(", ")
        );
        let _ = writeln!(
            out,
            "  score: [{}] = {}",
            sorted(titles(game, &p.score_pile)).join(", "),
            game.state.score(edition, seat as Seat)
        );
        let _ = writeln!(
            out,
            "  achievements: [{}]",
            sorted(achievement_words(game, &p.achievements)).join(", ")
        );
        for color in Color::ALL {
            let pile = p.pile(*color);
            if !pile.cards.is_empty() {
                let mut top_first = pile.cards.clone();
                top_first.reverse();
                let splay = pile
                    .splay
                    .map(|d| format!(" (splayed {d})"))
                    .unwrap_or_default();
                let _ = writeln!(
                    out,
                    "  {color}: [{}]{splay}",
                    titles(game, &top_first).join(", ")
                );
            }
        }
    }
    let sizes: Vec<String> = game
        .state
        .decks
        .iter()
        .enumerate()
        .skip(1)
        .map(|(age, d)| format!("{age}:{}", d.len()))
        .collect();
    let _ = writeln!(out, "supply: {}", sizes.join(" "));
    let ages: Vec<String> = game
        .state
        .available
        .iter()
        .map(|c| edition.card(*c).age.to_string())
        .collect();
    let _ = writeln!(out, "available achievements: [{}]", ages.join(", "));
    let specials: Vec<&str> = game
        .state
        .specials
        .iter()
        .map(|s| edition.specials[*s as usize].name.as_str())
        .collect();
    let _ = writeln!(out, "available specials: [{}]", specials.join(", "));
    if !game.state.junked_specials.is_empty() {
        let junked: Vec<&str> = game
            .state
            .junked_specials
            .iter()
            .map(|s| edition.specials[*s as usize].name.as_str())
            .collect();
        let _ = writeln!(out, "junked specials: [{}]", junked.join(", "));
    }
    let _ = writeln!(
        out,
        "junk: [{}]",
        sorted(titles(game, &game.state.removed)).join(", ")
    );
    let _ = writeln!(out, "\n== log ==");
    for event in game.log.iter().skip(1) {
        let _ = writeln!(out, "{}", event.text(edition, &names));
    }
    out
}

/// The snapshot path beside a scenario.
pub fn snapshot_path(scenario: &Path) -> PathBuf {
    scenario.with_extension("snap")
}

/// What running one scenario gave.
pub struct RunResult {
    pub name: String,
    pub path: PathBuf,
    pub failure: Option<Failure>,
    /// A snapshot was written (new, or accepted).
    pub wrote_snapshot: bool,
}

/// Loads, plays and checks one scenario file, comparing (or writing) its snapshot.
pub fn run_file(path: &Path, editions: &mut dyn Editions, accept: bool) -> RunResult {
    let fail = |name: String, failure| RunResult {
        name,
        path: path.to_path_buf(),
        failure: Some(failure),
        wrote_snapshot: false,
    };
    let stem = path
        .file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().to_string());
    let (scenario, edition) = match load(path, editions) {
        Ok(x) => x,
        Err(e) => return fail(stem, Failure::Error(e)),
    };
    let played = play(&scenario, edition);
    // The same scenario on the native code must play out identically, refusals and errors
    // included (`dogma test --backend both`).
    if let Some(twin) = editions.twin(&scenario.edition) {
        let other = play(&scenario, twin);
        let differs = match (&played, &other) {
            (Ok(a), Ok(b)) => crate::differential::compare(a, b).err(),
            (Err(a), Err(b)) if a == b => None,
            (a, b) => Some(format!(
                "the VM gave {}, the native code {}",
                a.as_ref()
                    .map_or_else(|e| format!("the error `{e}`"), |_| "a game".into()),
                b.as_ref()
                    .map_or_else(|e| format!("the error `{e}`"), |_| "a game".into())
            )),
        };
        if let Some(d) = differs {
            return fail(
                scenario.name,
                Failure::Error(format!("the back ends disagree: {d}")),
            );
        }
    }
    let game = match played {
        Ok(g) => g,
        Err(e) => return fail(scenario.name, Failure::Error(e)),
    };
    let mut failures = match check_expectations(&scenario, &game) {
        Ok(f) => f,
        Err(e) => return fail(scenario.name, Failure::Error(e)),
    };
    let snap = snapshot_text(&scenario, &game);
    let snap_path = snapshot_path(path);
    let mut wrote = false;
    match std::fs::read_to_string(&snap_path) {
        Ok(old) if old == snap => {}
        Ok(old) => {
            if accept {
                if let Err(e) = std::fs::write(&snap_path, &snap) {
                    return fail(
                        scenario.name,
                        Failure::Error(format!("cannot write {}: {e}", snap_path.display())),
                    );
                }
                wrote = true;
            } else {
                failures.push(format!(
                    "the snapshot {} changed (review, then `dogma test --accept {}`):\n{}",
                    snap_path.display(),
                    path.display(),
                    unified_diff(&old, &snap)
                ));
            }
        }
        Err(_) => {
            if std::env::var("CI").is_ok_and(|v| v == "true") && !accept {
                failures.push(format!(
                    "the snapshot {} is missing (CI writes no snapshots; run `dogma test --accept {}` and commit it)",
                    snap_path.display(),
                    path.display()
                ));
            } else if failures.is_empty() || accept {
                // A new snapshot records a passing outcome only (or an accepted one).
                if let Err(e) = std::fs::write(&snap_path, &snap) {
                    return fail(
                        scenario.name,
                        Failure::Error(format!("cannot write {}: {e}", snap_path.display())),
                    );
                }
                wrote = true;
            }
        }
    }
    RunResult {
        name: scenario.name,
        path: path.to_path_buf(),
        failure: (!failures.is_empty()).then_some(Failure::Mismatch(failures)),
        wrote_snapshot: wrote,
    }
}

fn unified_diff(old: &str, new: &str) -> String {
    similar::TextDiff::from_lines(old, new)
        .unified_diff()
        .context_radius(2)
        .header("recorded", "now")
        .to_string()
}

/// Every scenario file (`*.toml`) under the paths, sorted.
pub fn scenario_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let mut files = Vec::new();
    for path in paths {
        if path.is_dir() {
            collect(path, &mut files)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        } else if path.is_file() {
            files.push(path.clone());
        } else {
            return Err(format!("no such file or folder: {}", path.display()));
        }
    }
    files.sort();
    Ok(files)
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            collect(&path, out)?;
        } else if path.extension().is_some_and(|e| e == "toml") {
            out.push(path);
        }
    }
    Ok(())
}

/// Runs every scenario under the paths; returns the report and whether all passed.
pub fn run_all(
    paths: &[PathBuf],
    accept: bool,
    backends: Backends,
) -> Result<(String, bool), String> {
    let files = scenario_files(paths)?;
    let mut editions = EditionCache::new(backends);
    let mut report = String::new();
    let (mut passed, mut failed) = (0, 0);
    for file in &files {
        let result = run_file(file, &mut editions, accept);
        match &result.failure {
            None => {
                passed += 1;
                if result.wrote_snapshot {
                    let _ = writeln!(
                        report,
                        "ok      {} (snapshot written)",
                        result.path.display()
                    );
                }
            }
            Some(Failure::Error(e)) => {
                failed += 1;
                let _ = writeln!(
                    report,
                    "FAILED  {} — {}\n  {e}\n",
                    result.path.display(),
                    result.name
                );
            }
            Some(Failure::Mismatch(list)) => {
                failed += 1;
                let _ = writeln!(
                    report,
                    "FAILED  {} — {}",
                    result.path.display(),
                    result.name
                );
                for f in list {
                    for line in f.lines() {
                        let _ = writeln!(report, "  {line}");
                    }
                }
                let _ = writeln!(report);
            }
        }
    }
    for (name, why) in &editions.vm_only {
        let _ = writeln!(report, "note: `{name}` scenarios ran on the VM only: {why}");
    }
    let _ = writeln!(report, "{passed} passed, {failed} failed");
    Ok((report, failed == 0))
}
