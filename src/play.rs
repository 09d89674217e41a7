//! `dogma play`: plays one game of an edition with bots and humans, printing the event log, and
//! ends with `winner: NAME (achievements|score|effect)` or `result: draw`. The same seed and
//! agents give the same output, byte for byte.
//!
//! A game can be saved after a number of steps (`--save-after N --save FILE`) and resumed
//! (`--resume FILE`) to the same end.

use dogma_runtime::agents::{Agent, Bot, FirstAgent, RandomAgent};
use dogma_runtime::choices::{Action, Answer, Request, RequestKind};
use dogma_runtime::game::{Game, PlayError, Setup, Status};
use dogma_runtime::state::Seat;
use dogma_runtime::vm::Program;
use serde::{Deserialize, Serialize};
use std::io::{BufRead, Write};

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
    let reader = match humans.as_slice() {
        [one] => Some(*one),
        _ => None,
    };
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut emit = |game: &Game, printed: &mut usize| -> Result<(), String> {
        for event in game.log.since(*printed) {
            let line = match options.log {
                LogFormat::Text => match reader {
                    Some(seat) => event.text_for(game.edition(), &names, seat),
                    None => event.text(game.edition(), &names),
                },
                LogFormat::Json => serde_json::to_string(event).map_err(|e| e.to_string())?,
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
        emit(&game, &mut printed)?;
        if let (Some(after), Some(path)) = (options.save_after, &options.save) {
            if steps >= after && !matches!(game.status(), Status::Over(_)) {
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
                say(&format!("saved: {} after {steps} steps", path.display()));
                return Ok(());
            }
        }
        let result = match game.status() {
            Status::Over(outcome) => {
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
                let seat = request.player;
                let answer = match &mut players[request.player as usize] {
                    Player::Bot(bot) => bot.decide(&game, &request),
                    Player::Human => ask_human_decision(&game, &request)?,
                };
                (seat, game.answer(answer))
            }
            Status::Action(seat) => {
                let legal = game.legal_actions();
                let action = match &mut players[seat as usize] {
                    Player::Bot(bot) => bot.choose_action(&game, &legal),
                    Player::Human => ask_human_action(&game, seat, &legal)?,
                };
                (seat, game.act(action))
            }
        };
        let (seat, result) = result;
        steps += 1;
        match result {
            Ok(()) => {}
            // A bot answers the same way again: a refusal would repeat forever.
            Err(PlayError::Refused(r)) if matches!(players[seat as usize], Player::Bot(_)) => {
                emit(&game, &mut printed)?;
                return Err(format!(
                    "the game cannot go on: {}'s bot was refused: {r}",
                    names[seat as usize]
                ));
            }
            Err(PlayError::Refused(r)) => eprintln!("refused: {r}"),
            Err(PlayError::Runtime(e)) => {
                emit(&game, &mut printed)?;
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

// ---------------------------------------------------------------------------------------------
// The human at the terminal

/// Writes a line to the terminal of the human at the table. A closed output ends the game
/// quietly (`CLOSED`): nobody is there to answer.
macro_rules! tell {
    ($($arg:tt)*) => {
        writeln!(std::io::stdout(), $($arg)*).map_err(closed)
    };
}

/// The error that ends a game quietly: the output was closed (`dogma play --human alice | head`).
const CLOSED: &str = "the output was closed";

fn closed(e: std::io::Error) -> String {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        CLOSED.to_string()
    } else {
        format!("cannot write to the terminal: {e}")
    }
}

/// Reads the human's answer. A line that is not UTF-8 text is refused like any bad answer and
/// asked again; the end of the input ends the game.
fn read_line(prompt: &str) -> Result<String, String> {
    loop {
        write!(std::io::stdout(), "{prompt}").map_err(closed)?;
        std::io::stdout().flush().map_err(closed)?;
        let mut bytes = Vec::new();
        let n = std::io::stdin()
            .lock()
            .read_until(b'\n', &mut bytes)
            .map_err(|e| format!("cannot read the answer: {e}"))?;
        if n == 0 {
            return Err("the input ended before the game did".to_string());
        }
        match String::from_utf8(bytes) {
            Ok(line) => return Ok(line.trim().to_string()),
            Err(_) => tell!("that is not text (the answer must be UTF-8): answer again")?,
        }
    }
}

fn show_table(game: &Game, seat: Seat) -> Result<(), String> {
    let edition = game.edition();
    for (i, p) in game.state.players.iter().enumerate() {
        let tops: Vec<String> = p
            .board
            .iter()
            .filter_map(|pile| {
                pile.top().map(|c| {
                    let splay = pile
                        .splay
                        .map(|d| format!(" splayed {d}"))
                        .unwrap_or_default();
                    format!("{} [{}]{splay}", edition.card(c).title, edition.card(c).age)
                })
            })
            .collect();
        let hand = if i == seat as usize {
            p.hand
                .iter()
                .map(|c| format!("{} [{}]", edition.card(*c).title, edition.card(*c).age))
                .collect::<Vec<_>>()
                .join(", ")
        } else {
            // Faces are hidden; values and sets (the card backs) are public.
            let backs: Vec<String> = p
                .hand
                .iter()
                .map(|c| {
                    let info = edition.card(*c);
                    if info.deck_set == 0 {
                        format!("[{}]", info.age)
                    } else {
                        format!("[{}] {}", info.age, info.set)
                    }
                })
                .collect();
            format!("{} cards {}", p.hand.len(), backs.join(" "))
        };
        if p.eliminated {
            tell!("  {}: out of the game", p.name)?;
            continue;
        }
        let team = if game.team_game() {
            let mates: Vec<&str> = game
                .team_of(i as Seat)
                .into_iter()
                .filter(|s| *s as usize != i)
                .map(|s| game.state.players[s as usize].name.as_ref())
                .collect();
            format!(" (with {})", mates.join(", "))
        } else {
            String::new()
        };
        tell!(
            "  {}{team}: board {} | hand {} | score {} | achievements {}",
            p.name,
            if tops.is_empty() {
                "empty".to_string()
            } else {
                tops.join(", ")
            },
            hand,
            game.score(i as Seat),
            game.achievements_total(i as Seat)
        )?;
    }
    Ok(())
}

fn ask_human_action(game: &Game, seat: Seat, legal: &[Action]) -> Result<Action, String> {
    let name = &game.names()[seat as usize];
    tell!(
        "\n{name}, your turn ({} action(s) left):",
        game.state.actions_left
    )?;
    show_table(game, seat)?;
    for (i, action) in legal.iter().enumerate() {
        let parley = match action {
            Action::Dogma(card) => match game.state.location(*card) {
                dogma_runtime::state::Location::Board(owner, _) if owner != seat => format!(
                    " (parley: {}'s board, return a card from your hand)",
                    game.state.players[owner as usize].name
                ),
                _ => String::new(),
            },
            _ => String::new(),
        };
        tell!("  {}) {}{parley}", i + 1, action.describe(game.edition()))?;
    }
    loop {
        let line = read_line("action number> ")?;
        match line.parse::<usize>() {
            Ok(i) if (1..=legal.len()).contains(&i) => return Ok(legal[i - 1]),
            _ => tell!("type a number from 1 to {}", legal.len())?,
        }
    }
}

/// Asks the human at the terminal: the question, then every answer numbered and described in
/// words (declining a folded `you may` is `0`). One way to answer everywhere: numbers (several
/// separated by spaces where several are chosen), or the option's word.
fn ask_human_decision(game: &Game, request: &Request) -> Result<Answer, String> {
    let edition = game.edition();
    let names = game.names();
    tell!("\n{}", request.describe(edition, &names))?;
    let title = |c: &u16| format!("{} [{}]", edition.card(*c).title, edition.card(*c).age);
    // The options in words, and how many of them are chosen at once.
    let (words, several): (Vec<String>, bool) = match &request.kind {
        RequestKind::YesNo => (vec!["yes".into(), "no".into()], false),
        RequestKind::Option { labels } => (labels.clone(), false),
        RequestKind::Cards { candidates, sizes } => (
            candidates.iter().map(title).collect(),
            sizes.iter().any(|s| *s > 1),
        ),
        RequestKind::Order { cards } => (cards.iter().map(title).collect(), true),
        RequestKind::Steps { steps } => (steps.clone(), true),
        RequestKind::Colors { options, count } => (
            options.iter().map(|c| c.word().to_string()).collect(),
            *count > 1,
        ),
        RequestKind::Values { options, count } => {
            (options.iter().map(i32::to_string).collect(), *count > 1)
        }
        RequestKind::Players { options, count } => (
            options.iter().map(|s| names[*s as usize].clone()).collect(),
            *count > 1,
        ),
        RequestKind::Icons { options, count } => (
            options.iter().map(|i| i.word().to_string()).collect(),
            *count > 1,
        ),
        RequestKind::Specials { options, count } => (
            options
                .iter()
                .map(|s| edition.specials[*s as usize].name.clone())
                .collect(),
            *count > 1,
        ),
    };
    if request.decline {
        tell!("  0) decline")?;
    }
    for (i, w) in words.iter().enumerate() {
        tell!("  {}) {w}", i + 1)?;
    }
    let none_allowed = match &request.kind {
        RequestKind::Cards { sizes, .. } => sizes.contains(&0),
        _ => false,
    };
    let prompt = match (&request.kind, several) {
        (RequestKind::Order { .. }, _) => "numbers, first to move first> ".to_string(),
        (RequestKind::Steps { .. }, _) => "numbers, first to happen first> ".to_string(),
        (_, true) if none_allowed => "numbers separated by spaces (empty for none)> ".to_string(),
        (_, true) => "numbers separated by spaces> ".to_string(),
        (_, false) if none_allowed => "a number (empty for none)> ".to_string(),
        (_, false) => "a number> ".to_string(),
    };
    loop {
        let line = read_line(&prompt)?;
        // A word answers as its number does.
        let picks: Option<Vec<usize>> = if line.is_empty() {
            Some(Vec::new())
        } else if let Some(i) = words.iter().position(|w| w.eq_ignore_ascii_case(&line)) {
            Some(vec![i + 1])
        } else if request.decline && (line == "decline" || line == "no") {
            Some(vec![0])
        } else {
            line.split_whitespace().map(|w| w.parse().ok()).collect()
        };
        let Some(picks) = picks else {
            tell!(
                "answer with the numbers of the options (1 to {})",
                words.len()
            )?;
            continue;
        };
        if picks.contains(&0) {
            if request.decline && picks.len() == 1 {
                return Ok(Answer::Decline);
            }
            tell!("0 (decline) is not an answer here")?;
            continue;
        }
        if picks.iter().any(|i| *i > words.len()) {
            tell!("there are only {} options", words.len())?;
            continue;
        }
        if picks.is_empty() && !none_allowed {
            tell!("choose at least one option")?;
            continue;
        }
        let at = |i: &usize| i - 1;
        let answer = match &request.kind {
            RequestKind::YesNo => match picks.as_slice() {
                [i] => Answer::YesNo(*i == 1),
                _ => {
                    tell!("answer 1 (yes) or 2 (no)")?;
                    continue;
                }
            },
            RequestKind::Option { .. } => match picks.as_slice() {
                [i] => Answer::Option(at(i) as u8),
                _ => {
                    tell!("choose one alternative")?;
                    continue;
                }
            },
            RequestKind::Cards { candidates, .. } => {
                Answer::Cards(picks.iter().map(|i| candidates[at(i)]).collect())
            }
            RequestKind::Order { cards } => {
                Answer::Order(picks.iter().map(|i| cards[at(i)]).collect())
            }
            RequestKind::Steps { .. } => Answer::Steps(picks.iter().map(|i| at(i) as u8).collect()),
            RequestKind::Colors { options, .. } => {
                Answer::Colors(picks.iter().map(|i| options[at(i)]).collect())
            }
            RequestKind::Values { options, .. } => {
                Answer::Values(picks.iter().map(|i| options[at(i)]).collect())
            }
            RequestKind::Players { options, .. } => {
                Answer::Players(picks.iter().map(|i| options[at(i)]).collect())
            }
            RequestKind::Icons { options, .. } => {
                Answer::Icons(picks.iter().map(|i| options[at(i)]).collect())
            }
            RequestKind::Specials { options, .. } => {
                Answer::Specials(picks.iter().map(|i| options[at(i)]).collect())
            }
        };
        match request.validate(&answer, edition) {
            Ok(()) => return Ok(answer),
            Err(refusal) => tell!("refused: {refusal}")?,
        }
    }
}
