//! `dogma play`: plays one game of an edition with bots and humans, printing the event log, and
//! ends with `winner: NAME (achievements|score|effect)` or `result: draw`. The same seed and
//! agents give the same output, byte for byte.
//!
//! A game can be saved after a number of steps (`--save-after N --save FILE`) and resumed
//! (`--resume FILE`) to the same end.

use crate::terminal::{Asked, Terminal};
use dogma_runtime::agents::{Agent, Bot, FirstAgent, RandomAgent};
use dogma_runtime::game::{Game, PlayError, Setup, Status};
use dogma_runtime::state::Seat;
use dogma_runtime::vm::Program;
use serde::{Deserialize, Serialize};
use std::io::Write;

/// How the log is printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum LogFormat {
    Text,
    Json,
    /// Only the final line.
    None,
}

/// The options of `dogma play`.
pub struct PlayOptions {
    pub players: usize,
    pub seed: u64,
    pub agents: Vec<String>,
    pub names: Vec<String>,
    pub human: Option<String>,
    pub teams: bool,
    /// `--team alice,bob --team carol`: each team's players, by name.
    pub team_list: Vec<String>,
    pub log: LogFormat,
    pub save_after: Option<u64>,
    pub save: Option<std::path::PathBuf>,
    pub resume: Option<std::path::PathBuf>,
    /// Each card's rendered text by card index, shown to humans (empty: not at hand).
    pub card_texts: Vec<String>,
    /// `--view NAME`: the log as that player may see it (default: the full view, or each
    /// human's own view at the terminal).
    pub view: Option<String>,
}

/// A saved game: the game and the bots' states.
#[derive(Serialize, Deserialize)]
pub struct SavedGame {
    pub game: Game,
    /// The bot of each seat (`None` for a human).
    pub bots: Vec<Option<Bot>>,
    /// How many log events were printed before saving.
    pub printed: usize,
    pub steps: u64,
}

/// Reads a saved game and checks it against the edition before anything uses it: the game
/// (`Game::attach`: every index in range, every card in one place, the invariants), then a bot
/// or a human for each seat and a printed part of the log that exists. Says what is wrong and
/// where.
pub fn load_saved(edition: Program, text: &str) -> Result<SavedGame, String> {
    let mut saved: SavedGame =
        serde_json::from_str(text).map_err(|e| format!("not a saved game: {e}"))?;
    saved.game.attach(edition)?;
    let seats = saved.game.state.players.len();
    if saved.bots.len() != seats {
        return Err(format!(
            "bots: {} seats' players for {seats} players",
            saved.bots.len()
        ));
    }
    if saved.printed > saved.game.log.len() {
        return Err(format!(
            "printed: {} events printed of a log of {}",
            saved.printed,
            saved.game.log.len()
        ));
    }
    Ok(saved)
}

/// A seat's player for this run.
enum Player {
    Bot(Bot),
    Human,
}

/// The players' names when none are given (eight: four players and up to four expansions'
/// seats), the same as `differential::setup`'s, so `dogma soak` replays as `dogma play`.
pub const DEFAULT_NAMES: [&str; 8] = [
    "alice", "bob", "carol", "dave", "eve", "frank", "grace", "heidi",
];

/// Plays (or resumes) a game; returns the text to end with, or why it could not. A closed
/// output ends it quietly.
pub fn run(edition: Program, options: PlayOptions) -> Result<(), String> {
    match play(edition, options) {
        Err(e) if e == CLOSED => Ok(()),
        other => other,
    }
}

fn play(edition: Program, options: PlayOptions) -> Result<(), String> {
    let (mut game, mut players, mut printed, mut steps) = match &options.resume {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| format!("cannot read the saved game {}: {e}", path.display()))?;
            let saved = load_saved(edition.clone(), &text)
                .map_err(|e| format!("{}: {e}", path.display()))?;
            let players: Vec<Player> = saved
                .bots
                .into_iter()
                .map(|b| b.map_or(Player::Human, Player::Bot))
                .collect();
            (saved.game, players, saved.printed, saved.steps)
        }
        None => new_game(edition.clone(), &options)?,
    };
    let names = game.names();
    // With one human at the table, the log shows what that player may see.
    let humans: Vec<Seat> = players
        .iter()
        .enumerate()
        .filter(|(_, p)| matches!(p, Player::Human))
        .map(|(i, _)| i as Seat)
        .collect();
    // With humans at the terminal, the log is printed in the view of the human answering.
    let mut terminal =
        (!humans.is_empty()).then(|| Terminal::new(options.card_texts.clone(), humans.clone()));
    let view = match &options.view {
        None => None,
        Some(name) => Some(names.iter().position(|n| n == name).ok_or_else(|| {
            format!(
                "--view {name}: no player has that name ({})",
                names.join(", ")
            )
        })? as Seat),
    };
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut emit = |game: &Game,
                    printed: &mut usize,
                    terminal: &mut Option<Terminal>|
     -> Result<(), String> {
        let reader = match (view, terminal.as_mut()) {
            (Some(seat), _) => Some(seat),
            (None, Some(t)) => t.viewer(game)?,
            (None, None) => None,
        };
        for event in game.log.since(*printed) {
            let line = match options.log {
                LogFormat::Text => match (reader, terminal.as_ref()) {
                    (Some(seat), Some(t)) => t.line(game, event, &names, seat),
                    (Some(seat), None) => event.text_for(game.edition(), &names, seat),
                    (None, _) => event.text(game.edition(), &names),
                },
                LogFormat::Json => crate::json_log::line(match reader {
                    Some(seat) => crate::json_log::event_for(event, game.edition(), &names, seat),
                    None => crate::json_log::event(event, game.edition(), &names),
                }),
                LogFormat::None => continue,
            };
            if writeln!(out, "{line}").is_err() {
                // A closed pipe: stop printing, keep playing to the end.
                *printed = game.log.len();
                return Ok(());
            }
        }
        *printed = game.log.len();
        Ok(())
    };
    loop {
        emit(&game, &mut printed, &mut terminal)?;
        if let (Some(after), Some(path)) = (options.save_after, &options.save) {
            if steps >= after && !matches!(game.status(), Status::Over(_)) {
                return save_game(game, &players, printed, steps, path, options.log);
            }
        }
        // Whose answer or action this is (a bot refused cannot go on).
        let seat = match game.status() {
            Status::Decision(request) => request.player,
            Status::Action(seat) => seat,
            Status::Over(_) => 0,
        };
        let result = match game.status() {
            Status::Over(outcome) => {
                if options.log == LogFormat::Json {
                    // JSON Lines end to end: the result is a line of its own kind.
                    say(&crate::json_log::line(crate::json_log::result(
                        outcome,
                        game.edition(),
                        &names,
                    )));
                    return Ok(());
                }
                let line = if outcome.winners.is_empty() {
                    "result: draw".to_string()
                } else {
                    let winners: Vec<&str> = outcome
                        .winners
                        .iter()
                        .map(|s| names[*s as usize].as_str())
                        .collect();
                    format!("winner: {} ({})", winners.join(", "), outcome.reason.word())
                };
                say(&line);
                return Ok(());
            }
            Status::Decision(request) => {
                let request = request.clone();
                let asked = match &mut players[request.player as usize] {
                    Player::Bot(bot) => Asked::Answer(bot.decide(&game, &request)),
                    Player::Human => terminal_of(&terminal)?.ask_decision(&game, &request)?,
                };
                match asked {
                    Asked::Answer(answer) => game.answer(answer),
                    Asked::Save(path) => {
                        return save_game(game, &players, printed, steps, &path, options.log)
                    }
                    Asked::Quit => {
                        say("quit: the game was not saved");
                        return Ok(());
                    }
                }
            }
            Status::Action(seat) => {
                let legal = game.legal_actions();
                let asked = match &mut players[seat as usize] {
                    Player::Bot(bot) => Asked::Answer(bot.choose_action(&game, &legal)),
                    Player::Human => terminal_of(&terminal)?.ask_action(&game, seat, &legal)?,
                };
                match asked {
                    Asked::Answer(action) => game.act(action),
                    Asked::Save(path) => {
                        return save_game(game, &players, printed, steps, &path, options.log)
                    }
                    Asked::Quit => {
                        say("quit: the game was not saved");
                        return Ok(());
                    }
                }
            }
        };
        steps += 1;
        match result {
            Ok(()) => {}
            // A bot answers the same way again: a refusal would repeat forever.
            Err(PlayError::Refused(r)) if matches!(players[seat as usize], Player::Bot(_)) => {
                emit(&game, &mut printed, &mut terminal)?;
                return Err(format!(
                    "the game cannot go on: {}'s bot was refused: {r}",
                    names[seat as usize]
                ));
            }
            Err(PlayError::Refused(r)) => eprintln!("refused: {r}"),
            Err(PlayError::Runtime(e)) => {
                emit(&game, &mut printed, &mut terminal)?;
                return Err(runtime_error_text(&game, &e));
            }
        }
    }
}

/// Prints a line; a closed pipe is not an error.
fn say(line: &str) {
    let _ = writeln!(std::io::stdout(), "{line}");
}

fn new_game(
    edition: Program,
    options: &PlayOptions,
) -> Result<(Game, Vec<Player>, usize, u64), String> {
    let n = options.players;
    let most = edition.edition.rules.most_players();
    if !(2..=most).contains(&n) {
        return Err(format!(
            "--players {n}: a game of {} has 2 to {most} players",
            edition.name
        ));
    }
    let names: Vec<String> = if options.names.is_empty() {
        DEFAULT_NAMES
            .iter()
            .take(n)
            .map(|s| s.to_string())
            .collect()
    } else {
        options.names.clone()
    };
    if names.len() != n {
        return Err(format!("{n} players need {n} names, not {}", names.len()));
    }
    if let Some(blank) = names.iter().position(|name| name.trim().is_empty()) {
        return Err(format!(
            "--names: the name of player {} is empty; give every player a name",
            blank + 1
        ));
    }
    for (i, name) in names.iter().enumerate() {
        if names[..i].contains(name) {
            return Err(format!(
                "--names: two players are named {name}; give each player a name of their own"
            ));
        }
    }
    let mut kinds: Vec<String> = if options.agents.is_empty() {
        vec!["random".to_string(); n]
    } else {
        options.agents.clone()
    };
    if kinds.len() != n {
        return Err(format!(
            "{n} players need {n} agents (e.g. --agents random,first), not {}",
            kinds.len()
        ));
    }
    if let Some(human) = &options.human {
        let Some(i) = names.iter().position(|n| n == human) else {
            return Err(format!(
                "--human {human}: no player has that name ({})",
                names.join(", ")
            ));
        };
        kinds[i] = "human".to_string();
    }
    let mut players = Vec::new();
    for (seat, kind) in kinds.iter().enumerate() {
        players.push(match kind.as_str() {
            "random" => Player::Bot(Bot::Random(Box::new(RandomAgent::new(
                options.seed,
                seat as u8,
            )))),
            "first" => Player::Bot(Bot::First(FirstAgent)),
            "human" => Player::Human,
            other => {
                return Err(format!(
                    "unknown agent `{other}` (the agents are random, first and human)"
                ))
            }
        });
    }
    let team_of = team_assignment(&names, &options.team_list)?;
    let game = Game::new(
        edition,
        Setup {
            players: names,
            seed: options.seed,
            teams: options.teams,
            team_of,
        },
    )?;
    Ok((game, players, 0, 0))
}

/// Each seat's team from `--team` lists (empty without them): every player on exactly one team.
fn team_assignment(names: &[String], teams: &[String]) -> Result<Vec<u8>, String> {
    if teams.is_empty() {
        return Ok(Vec::new());
    }
    let mut team_of: Vec<Option<u8>> = vec![None; names.len()];
    for (t, list) in teams.iter().enumerate() {
        for name in list.split(',').map(str::trim).filter(|n| !n.is_empty()) {
            let Some(seat) = names.iter().position(|n| n == name) else {
                return Err(format!(
                    "--team {list}: no player is named {name} ({})",
                    names.join(", ")
                ));
            };
            if team_of[seat].is_some() {
                return Err(format!("--team: {name} is on two teams"));
            }
            team_of[seat] = Some(t as u8);
        }
    }
    team_of
        .iter()
        .enumerate()
        .map(|(seat, t)| t.ok_or_else(|| format!("--team: {} is on no team", names[seat])))
        .collect()
}

/// A runtime error with its card source location when the source can be read.
pub fn runtime_error_text(game: &Game, e: &dogma_runtime::vm::RuntimeError) -> String {
    let mut text = format!("runtime error: {} (in {})", e.message, e.chunk);
    if let Some(span) = e.span {
        if let Some(file) = game.edition().files.get(span.file as usize) {
            let location = std::fs::read_to_string(file)
                .ok()
                .map(|src| {
                    let (line, col) = line_and_column(&src, span.start as usize);
                    format!("{file}:{line}:{col}")
                })
                .unwrap_or_else(|| format!("{file}@{}", span.start));
            text.push_str(&format!("\n  --> {location}"));
        }
    }
    text
}

/// The terminal of a game with a human seat.
fn terminal_of(terminal: &Option<Terminal>) -> Result<&Terminal, String> {
    terminal
        .as_ref()
        .ok_or_else(|| "a human seat without a terminal".to_string())
}

/// Saves the game with the bots' states (`--save-after`, or `save FILE` at the prompt) and says
/// so; the game stops there.
fn save_game(
    game: Game,
    players: &[Player],
    printed: usize,
    steps: u64,
    path: &std::path::Path,
    log: LogFormat,
) -> Result<(), String> {
    let bots = players
        .iter()
        .map(|p| match p {
            Player::Bot(b) => Some(b.clone()),
            Player::Human => None,
        })
        .collect();
    let saved = SavedGame {
        game,
        bots,
        printed,
        steps,
    };
    let text = serde_json::to_string(&saved).map_err(|e| e.to_string())?;
    crate::files::write_atomically(path, text.as_bytes())?;
    if log == LogFormat::Json {
        say(&crate::json_log::line(serde_json::json!({
            "event": "saved",
            "path": path.display().to_string(),
            "steps": steps,
        })));
    } else {
        say(&format!("saved: {} after {steps} steps", path.display()));
    }
    Ok(())
}

/// The error that ends a game quietly: the output was closed (`dogma play --human alice | head`).
pub(crate) const CLOSED: &str = "the output was closed";

/// A write to the terminal that failed: a closed output ends the game quietly (`CLOSED`).
pub(crate) fn closed(e: std::io::Error) -> String {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        CLOSED.to_string()
    } else {
        format!("cannot write to the terminal: {e}")
    }
}

/// The line and column (from 1, in bytes) of a byte offset in a source. The source may have
/// changed since the edition was compiled: an offset past its end is its end, one inside a
/// character is that character.
pub fn line_and_column(src: &str, offset: usize) -> (usize, usize) {
    let mut at = offset.min(src.len());
    while !src.is_char_boundary(at) {
        at -= 1;
    }
    let before = &src[..at];
    let line = before.matches('\n').count() + 1;
    let col = before.len() - before.rfind('\n').map_or(0, |i| i + 1) + 1;
    (line, col)
}
