//! `dogma`: check, format, render and list Innovation cards written in the dogma card language.
//!
//! Exit codes: 0 success, 1 the input has problems (diagnostics, unformatted files, an unknown
//! card), 2 bad usage (unknown flags, missing files or editions).

use dogma::{bench, diff, library, play, scenario, soak};

use clap::{CommandFactory, Parser, Subcommand};
use codespan_reporting::files::SimpleFiles;
use codespan_reporting::term::termcolor::{ColorChoice, StandardStream};
use codespan_reporting::term::{self, Config};
use dogma_compiler::{check, Checked, Options, SourceFile};
use dogma_dsl::render;
use dogma_runtime::SlotPosition;
use serde::Serialize;
use std::io::IsTerminal;

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

/// `dogma check --json`: diagnostics and summaries go to stdout as JSON Lines.
static JSON_OUTPUT: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

fn json_output() -> bool {
    JSON_OUTPUT.load(std::sync::atomic::Ordering::Relaxed)
}

/// Prints a JSON Lines object on stdout; a closed stdout is not a panic.
fn json_line(value: &serde_json::Value) {
    use std::io::Write as _;
    let _ = writeln!(std::io::stdout(), "{value}");
}

/// Writes a line to stderr; a closed stderr (`dogma check 2>&1 | head -1`) is not a panic.
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

/// An error of a check that is not about a place in a card file.
fn problem(message: &str) {
    if json_output() {
        json_line(&dogma::diagnostics_json::problem(message));
    } else {
        say!("error: {message}");
    }
}

#[derive(Parser)]
#[command(
    name = "dogma",
    version,
    about = "Write, check, render and play Innovation cards"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum StatsCommand {
    /// Join the reports of runs over disjoint seed ranges into the report of their union.
    Merge {
        /// The runs' stats.json files (or their folders).
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// The merged report's folder.
        #[arg(short, long)]
        output: PathBuf,
    },
}

#[derive(Subcommand)]
enum Command {
    /// Check card sources and report every problem (default: every edition under
    /// cards/editions/).
    Check {
        /// Card files or folders: a folder with a tree.toml comes with the trees it extends; a
        /// folder that holds trees is checked tree by tree, each in its edition.
        paths: Vec<PathBuf>,
        /// An edition (first, third, fourth or a manifest path): without paths, check its trees;
        /// with paths, check them against its ages and splays.
        #[arg(long)]
        edition: Option<String>,
        /// Expansions in play besides the base set (`--expansions cities`): the game
        /// `EDITION+cities`.
        #[arg(long, value_delimiter = ',')]
        expansions: Vec<String>,
        /// Play with the Relics, an option of Artifacts of History (`--expansions artifacts
        /// --relics`: the game `EDITION+artifacts+relics`).
        #[arg(long)]
        relics: bool,
        /// Fail (exit 1) on warnings too, not only on errors.
        #[arg(long)]
        deny_warnings: bool,
        /// Print the diagnostics and the summaries as JSON Lines on stdout (docs/diagnostics.md).
        #[arg(long)]
        json: bool,
    },
    /// Lay card sources out canonically (default: every file under cards/).
    Fmt {
        /// Only report files that are not formatted; change nothing.
        #[arg(long)]
        check: bool,
        paths: Vec<PathBuf>,
    },
    /// Print a card's text, rendered from its source.
    Render {
        /// The card's title, as printed.
        title: String,
        /// The edition whose card it is (a name or a manifest path).
        #[arg(long, default_value = "third")]
        edition: String,
        /// Expansions in play besides the base set (`--expansions cities`): the game
        /// `EDITION+cities`.
        #[arg(long, value_delimiter = ',')]
        expansions: Vec<String>,
        /// Play with the Relics, an option of Artifacts of History (`--expansions artifacts
        /// --relics`: the game `EDITION+artifacts+relics`).
        #[arg(long)]
        relics: bool,
        /// One JSON object: the title, what it is, the edition and the text.
        #[arg(long, conflicts_with = "svg")]
        json: bool,
        /// The card's face as SVG (to stdout, or to the file given by -o).
        #[arg(long)]
        svg: bool,
        /// Where to write the SVG.
        #[arg(short, long, requires = "svg")]
        output: Option<PathBuf>,
    },
    /// Compare two editions: cards added, removed and changed (a diff of their rendered text),
    /// and every rule variant that differs.
    Diff {
        /// The edition compared from (a name or a manifest path).
        from: String,
        /// The edition compared to.
        to: String,
        /// Expansions added to both editions compared.
        #[arg(long, value_delimiter = ',')]
        expansions: Vec<String>,
        /// Play with the Relics, an option of Artifacts of History (`--expansions artifacts
        /// --relics`: the game `EDITION+artifacts+relics`).
        #[arg(long)]
        relics: bool,
        /// One JSON object instead of the report.
        #[arg(long)]
        json: bool,
    },
    /// List every card of an edition.
    List {
        /// The edition (a name or a manifest path).
        #[arg(long, default_value = "third")]
        edition: String,
        /// Expansions in play besides the base set (`--expansions cities`): the game
        /// `EDITION+cities`.
        #[arg(long, value_delimiter = ',')]
        expansions: Vec<String>,
        /// Play with the Relics, an option of Artifacts of History (`--expansions artifacts
        /// --relics`: the game `EDITION+artifacts+relics`).
        #[arg(long)]
        relics: bool,
        /// One JSON array of cards instead of a table.
        #[arg(long)]
        json: bool,
    },
    /// Play one game: bots and humans, the event log, and the winner.
    Play {
        /// The edition (first, third, fourth or a manifest path).
        #[arg(long, default_value = "third")]
        edition: String,
        /// Expansions in play besides the base set (`--expansions cities`): the game
        /// `EDITION+cities`.
        #[arg(long, value_delimiter = ',')]
        expansions: Vec<String>,
        /// Play with the Relics, an option of Artifacts of History (`--expansions artifacts
        /// --relics`: the game `EDITION+artifacts+relics`).
        #[arg(long)]
        relics: bool,
        /// Number of players (2 to 4, one more per expansion).
        #[arg(long, default_value_t = 2)]
        players: usize,
        /// The seed of the shuffle and of the bots' choices: the same seed, edition and
        /// decisions give the same game, byte for byte.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// One agent per seat: random, first or human (default: all random).
        #[arg(long, value_delimiter = ',')]
        agents: Vec<String>,
        /// The players' names, clockwise (default: alice, bob, carol, dave).
        #[arg(long, value_delimiter = ',')]
        names: Vec<String>,
        /// The named player is played by a human at the terminal.
        #[arg(long)]
        human: Option<String>,
        /// Two teams of two (four players: seats 1 and 3 against 2 and 4).
        #[arg(long)]
        teams: bool,
        /// One team, by its players' names (comma-separated); repeat for each team:
        /// `--team alice,bob --team carol`. Teams of any size and seating (fourth edition).
        #[arg(long = "team", value_name = "NAMES", conflicts_with = "teams")]
        team: Vec<String>,
        /// The event log: readable text, JSON Lines, or none (the result line only).
        #[arg(long, value_enum, default_value = "text")]
        log: play::LogFormat,
        /// Print the log as this player may see it (others' hidden cards by their backs);
        /// default: the full view.
        #[arg(long, value_name = "NAME")]
        view: Option<String>,
        /// Stop after this many actions and answers and save the game (with --save).
        #[arg(long, requires = "save")]
        save_after: Option<u64>,
        /// Where to save the game stopped by --save-after.
        #[arg(long, requires = "save_after")]
        save: Option<PathBuf>,
        /// Resume a saved game: its players, seed, agents and teams are the saved game's.
        #[arg(long, conflicts_with_all = ["players", "seed", "agents", "names", "human", "teams", "team"])]
        resume: Option<PathBuf>,
        /// Run a compiled edition (`dogma build` output) instead of compiling the sources.
        #[arg(long)]
        compiled: Option<PathBuf>,
        /// Run the card effects on the bytecode VM or on the edition's built-in native code.
        #[arg(long, value_enum, default_value = "vm")]
        backend: dogma::Backend,
        /// Print the process's peak memory (resident set) at the end (for `dogma bench`).
        #[arg(long, hide = true)]
        peak_memory: bool,
        /// Check the state's invariants after every action and answer (debug builds always
        /// do; so does `DOGMA_CHECK_INVARIANTS=1`): a broken one ends the game with an error.
        #[arg(long)]
        check_invariants: bool,
    },
    /// Play many seeded random games across editions and player counts with the invariants
    /// checked after every action and answer, on several threads; report every failure with the
    /// command that replays it. Ends with `N passed, N failed`.
    Soak {
        /// How many games in all (game i: edition i mod editions, its player counts in turn,
        /// seed SEED + i).
        #[arg(long, default_value_t = 1000)]
        games: u64,
        /// Worker threads (default: the machine's cores).
        #[arg(long)]
        jobs: Option<usize>,
        /// The editions played in turn (default: first, third, fourth, third+cities).
        #[arg(long, value_delimiter = ',')]
        editions: Vec<String>,
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Run the card effects on the bytecode VM or on the built-in native code.
        #[arg(long, value_enum, default_value = "vm")]
        backend: dogma::Backend,
    },
    /// Run scenario files: set the table, play the scripted actions, check the expectations and
    /// the snapshots. Ends with `N passed, N failed`.
    Test {
        /// Scenario files or folders (default: tests/scenarios).
        paths: Vec<PathBuf>,
        /// Write the current outcome and log as the new snapshots (after reviewing the diffs).
        #[arg(long)]
        accept: bool,
        /// Play each scenario on the VM and on the native code (where built in and current) and
        /// require the same log and final state, or on one back end only.
        #[arg(long, value_enum, default_value = "both")]
        backend: dogma::scenario::Backends,
        /// Report as JSON Lines: a `scenario` object per file, then a `summary`.
        #[arg(long)]
        json: bool,
    },
    /// Measure the engine on both back ends (games and actions per second, cloning a state,
    /// compiling the official trees, a game's peak memory) and report what the games did.
    Bench {
        /// An official edition (the native back end runs only those).
        #[arg(long, default_value = "third")]
        edition: String,
        /// Expansions in play besides the base set (`--expansions cities`): the game
        /// `EDITION+cities`.
        #[arg(long, value_delimiter = ',')]
        expansions: Vec<String>,
        /// Play with the Relics, an option of Artifacts of History (`--expansions artifacts
        /// --relics`: the game `EDITION+artifacts+relics`).
        #[arg(long)]
        relics: bool,
        /// Games per player count and back end (at least 1).
        #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..))]
        games: u64,
        /// The player counts to measure.
        #[arg(long, value_delimiter = ',', default_value = "2,4")]
        players: Vec<usize>,
        /// The first seed: the games are seeds SEED, SEED+1, ….
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Rounds per back end (they alternate; the fastest round counts; at least 1).
        #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..))]
        rounds: u32,
        /// Check the state's invariants after every action and answer (slower: measures the
        /// checks too).
        #[arg(long)]
        check_invariants: bool,
        /// One JSON object with the same figures instead of the report.
        #[arg(long)]
        json: bool,
    },
    /// Balance statistics from many seeded games: per card how often it was melded, used,
    /// shared and demanded, the win rate of the players who used it (with its interval), per
    /// player count the game length, endings and first-player wins; `-o DIR` writes stats.json and
    /// an HTML report with plots. `dogma stats merge A.json B.json -o DIR` joins runs of disjoint
    /// seed ranges; `--compare A B` plays the same seeds on two editions and lists what moved.
    #[command(args_conflicts_with_subcommands = true)]
    Stats {
        #[command(subcommand)]
        merge: Option<StatsCommand>,
        /// The edition (a name or a manifest path).
        #[arg(long, default_value = "third")]
        edition: String,
        /// Expansions in play besides the base set.
        #[arg(long, value_delimiter = ',')]
        expansions: Vec<String>,
        /// Play with the Relics, an option of Artifacts of History (`--expansions artifacts
        /// --relics`: the game `EDITION+artifacts+relics`).
        #[arg(long)]
        relics: bool,
        /// Games to play: the seeds 0..GAMES (or give --seeds).
        #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..))]
        games: u64,
        /// The seeds to play, `A..B` (B excluded): one game per seed.
        #[arg(long, value_name = "A..B")]
        seeds: Option<String>,
        /// Player counts, cycled by seed (`2,3,4`: seed 0 plays 2 players, seed 1 plays 3, …).
        #[arg(long, value_delimiter = ',', default_value = "2")]
        players: Vec<usize>,
        /// The agents, cycled by seat: random, first.
        #[arg(long, value_delimiter = ',', default_value = "random")]
        agents: Vec<String>,
        /// Threads (default: every core).
        #[arg(long, default_value_t = 0)]
        jobs: usize,
        /// Two editions (names or manifest paths): the same seeds on both, and what moved beyond
        /// noise.
        #[arg(long, num_args = 2, value_names = ["A", "B"])]
        compare: Vec<String>,
        /// The report's folder (stats.json and index.html; with --compare, compare.json too).
        #[arg(short, long)]
        output: Option<PathBuf>,
    },
    /// A static site of every card of a game: one page with filters (set, age, colour, icon,
    /// effect kind) and a search box, each card's face, text, scenarios and snapshots, and its
    /// statistics when a `dogma stats` report is given. No server, no network.
    Gallery {
        /// The edition (a name or a manifest path).
        #[arg(long, default_value = "third")]
        edition: String,
        /// Expansions in play besides the base set.
        #[arg(long, value_delimiter = ',')]
        expansions: Vec<String>,
        /// Play with the Relics, an option of Artifacts of History (`--expansions artifacts
        /// --relics`: the game `EDITION+artifacts+relics`).
        #[arg(long)]
        relics: bool,
        /// The site's folder.
        #[arg(short, long)]
        output: PathBuf,
        /// A `dogma stats` report (stats.json or its folder) to show each card's numbers.
        #[arg(long)]
        stats: Option<PathBuf>,
        /// Folders of scenarios to list under the cards they name (default: tests/scenarios, and
        /// a designer's `scenarios/` beside the manifest).
        #[arg(long)]
        scenarios: Vec<PathBuf>,
    },
    /// Explain a diagnostic code, e.g. `dogma explain E0305`: its meaning, typical cause and fix.
    Explain {
        /// The code, as `dogma check` prints it (E0305, W0001).
        code: String,
    },
    /// Print a shell completion script: `dogma completions bash > ~/.local/share/bash-completion/completions/dogma`.
    Completions {
        /// The shell: bash, zsh, fish, elvish or powershell.
        shell: clap_complete::Shell,
    },
    /// Compile an edition for the game engine: a `.dogmac` file of bytecode, or its disassembly.
    Build {
        /// The edition (a name or a manifest path).
        #[arg(long, default_value = "third")]
        edition: String,
        /// Expansions in play besides the base set (`--expansions cities`): the game
        /// `EDITION+cities`.
        #[arg(long, value_delimiter = ',')]
        expansions: Vec<String>,
        /// Play with the Relics, an option of Artifacts of History (`--expansions artifacts
        /// --relics`: the game `EDITION+artifacts+relics`).
        #[arg(long)]
        relics: bool,
        /// The back end: `bytecode` (a `.dogmac` file for the VM) or `rust` (native code).
        #[arg(long, default_value = "bytecode")]
        target: String,
        /// Where to write the compiled edition (default: EDITION.dogmac, unless --disasm).
        #[arg(short, long)]
        output: Option<PathBuf>,
        /// Print the readable disassembly to stdout.
        #[arg(long)]
        disasm: bool,
    },
}

/// `DOGMA_CHECK_INVARIANTS` set to anything but empty or `0` checks the invariants in release
/// builds, as `--check-invariants` does.
fn invariants_from_environment() {
    if std::env::var_os("DOGMA_CHECK_INVARIANTS").is_some_and(|v| !v.is_empty() && v != "0") {
        dogma_runtime::invariants::set_checking(true);
    }
}

fn main() -> ExitCode {
    let mut cli = Cli::parse();
    cli.command.add_relics();
    invariants_from_environment();
    let result = match cli.command {
        Command::Check {
            paths,
            edition,
            expansions,
            relics: _,
            deny_warnings,
            json,
        } => {
            JSON_OUTPUT.store(json, std::sync::atomic::Ordering::Relaxed);
            cmd_check(
                paths,
                deny_warnings,
                match (edition, expansions.is_empty()) {
                    (edition, true) => edition,
                    (edition, false) => Some(game(
                        &edition.unwrap_or_else(|| "third".to_string()),
                        &expansions,
                    )),
                },
            )
        }
        Command::Fmt { check, paths } => cmd_fmt(check, paths),
        Command::Render {
            title,
            edition,
            expansions,
            relics: _,
            json,
            svg,
            output,
        } => match (svg, output) {
            (true, output) => cmd_render_svg(&title, &game(&edition, &expansions), output),
            (false, _) => cmd_render(&title, &game(&edition, &expansions), json),
        },
        Command::List {
            edition,
            expansions,
            relics: _,
            json,
        } => cmd_list(&game(&edition, &expansions), json),
        Command::Diff {
            from,
            to,
            expansions,
            relics: _,
            json,
        } => cmd_diff(&game(&from, &expansions), &game(&to, &expansions), json),
        Command::Play {
            edition,
            expansions,
            relics: _,
            players,
            seed,
            agents,
            names,
            human,
            teams,
            team,
            log,
            view,
            save_after,
            save,
            resume,
            compiled,
            backend,
            peak_memory,
            check_invariants,
        } => {
            if check_invariants {
                dogma_runtime::invariants::set_checking(true);
            }
            cmd_play(
                &game(&edition, &expansions),
                compiled,
                backend,
                peak_memory,
                play::PlayOptions {
                    players,
                    seed,
                    agents,
                    names,
                    human,
                    teams,
                    team_list: team,
                    log,
                    save_after,
                    save,
                    resume,
                    card_texts: Vec::new(),
                    view,
                },
            )
        }
        Command::Soak {
            games,
            jobs,
            editions,
            seed,
            backend,
        } => cmd_soak(games, jobs, editions, seed, backend),
        Command::Test {
            paths,
            accept,
            backend,
            json,
        } => cmd_test(paths, accept, backend, json),
        Command::Bench {
            edition,
            expansions,
            relics: _,
            games,
            players,
            seed,
            rounds,
            json,
            check_invariants,
        } => {
            if check_invariants {
                dogma_runtime::invariants::set_checking(true);
            }
            cmd_bench(
                &game(&edition, &expansions),
                games,
                players,
                seed,
                rounds,
                json,
            )
        }
        Command::Stats {
            merge: Some(StatsCommand::Merge { files, output }),
            ..
        } => cmd_stats_merge(&files, &output),
        Command::Stats {
            merge: None,
            edition,
            expansions,
            relics: _,
            games,
            seeds,
            players,
            agents,
            jobs,
            compare,
            output,
        } => cmd_stats(
            &game(&edition, &expansions),
            &expansions,
            games,
            seeds.as_deref(),
            players,
            agents,
            jobs,
            &compare,
            output.as_deref(),
        ),
        Command::Gallery {
            edition,
            expansions,
            relics: _,
            output,
            stats,
            scenarios,
        } => cmd_gallery(&game(&edition, &expansions), &output, stats, scenarios),
        Command::Explain { code } => cmd_explain(&code),
        Command::Completions { shell } => {
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "dogma", &mut script);
            write_stdout(&String::from_utf8_lossy(&script)).map(|()| ExitCode::SUCCESS)
        }
        Command::Build {
            edition,
            expansions,
            relics: _,
            target,
            output,
            disasm,
        } => cmd_build(&game(&edition, &expansions), &target, output, disasm),
    };
    match result {
        Ok(code) => code,
        Err(message) => {
            say!("error: {message}");
            ExitCode::from(2)
        }
    }
}

type CmdResult = Result<ExitCode, String>;

impl Command {
    /// `--relics` names the Relics after the expansions in play (`third+artifacts+relics`).
    fn add_relics(&mut self) {
        match self {
            Command::Check {
                expansions, relics, ..
            }
            | Command::Render {
                expansions, relics, ..
            }
            | Command::Diff {
                expansions, relics, ..
            }
            | Command::List {
                expansions, relics, ..
            }
            | Command::Play {
                expansions, relics, ..
            }
            | Command::Bench {
                expansions, relics, ..
            }
            | Command::Stats {
                expansions, relics, ..
            }
            | Command::Gallery {
                expansions, relics, ..
            }
            | Command::Build {
                expansions, relics, ..
            } if *relics => expansions.push("relics".to_string()),
            _ => {}
        }
    }
}

/// The game an edition and `--expansions` name: `third+cities`.
fn game(edition: &str, expansions: &[String]) -> String {
    library::game_name(edition, expansions)
}

/// Writes a command's output to stdout. A closed pipe (`dogma list | head`) is not an error.
fn write_stdout(text: &str) -> Result<(), String> {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    match stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
    {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(format!("cannot write the output: {e}")),
    }
}

/// `1 card`, `2 cards`.
fn counted(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// Appends a line to a command's output.
macro_rules! line {
    ($out:expr, $($arg:tt)*) => {{
        use std::fmt::Write as _;
        let _ = writeln!($out, $($arg)*);
    }};
}

fn default_paths(paths: Vec<PathBuf>) -> Vec<PathBuf> {
    if paths.is_empty() {
        vec![library::cards_root()]
    } else {
        paths
    }
}

/// Prints errors, then warnings, to stderr with colour when it is a terminal.
fn emit(
    files: &[SourceFile],
    errors: &[dogma_compiler::Error],
    warnings: &[dogma_compiler::Warning],
) {
    if json_output() {
        for report in errors
            .iter()
            .map(|e| e.report())
            .chain(warnings.iter().map(|w| w.report()))
        {
            json_line(&dogma::diagnostics_json::diagnostic(files, &report));
        }
        return;
    }
    let mut db = SimpleFiles::new();
    for f in files {
        db.add(f.name.clone(), f.text.clone());
    }
    let choice = if std::io::stderr().is_terminal() {
        ColorChoice::Auto
    } else {
        ColorChoice::Never
    };
    let stream = StandardStream::stderr(choice);
    let mut lock = stream.lock();
    let config = Config::default();
    for error in errors {
        if term::emit_to_write_style(&mut lock, &config, &db, &error.report()).is_err() {
            say!("error[{}]", error.code());
        }
    }
    for warning in warnings {
        if term::emit_to_write_style(&mut lock, &config, &db, &warning.report()).is_err() {
            say!("warning[{}]", warning.code());
        }
    }
}

fn cmd_check(paths: Vec<PathBuf>, deny_warnings: bool, edition: Option<String>) -> CmdResult {
    // A check fails on errors; on warnings only when asked to.
    let fails = |tally: &Tally| tally.errors > 0 || (deny_warnings && tally.warnings > 0);
    if paths.is_empty() {
        let names = match edition {
            Some(name) => vec![name],
            None => known_games()?,
        };
        if names.is_empty() {
            return Err(format!(
                "no edition manifests in {}",
                library::cards_root().join("editions").display()
            ));
        }
        let mut failed = false;
        for name in names {
            let started = Instant::now();
            let sources = library::load_edition(&name)?;
            let (checked, problems) = dogma::check_sources(&sources);
            let elapsed = started.elapsed();
            emit(&sources.files, &checked.errors, &checked.warnings);
            for message in &problems {
                problem(message);
            }
            let errors = checked.errors.len() + problems.len();
            let tally = Tally::of(&checked, sources.files.len(), errors);
            failed |= fails(&tally);
            summary(&format!("the {name} edition"), &tally, elapsed);
            if let Some(note) = sources.manifest.not_written_note() {
                say!("{note}");
            }
        }
        return Ok(if failed {
            ExitCode::from(1)
        } else {
            ExitCode::SUCCESS
        });
    }
    // A folder that holds trees (and is not one) is checked tree by tree, each in the edition it
    // belongs to, and its loose card files by themselves; the other paths are checked together.
    let mut together = Vec::new();
    let mut checks = Vec::new();
    let mut known: Option<Vec<library::Manifest>> = None;
    for path in paths {
        if !path.is_dir() || path.join("tree.toml").is_file() {
            together.push(path);
            continue;
        }
        let folder = library::trees_in(&path)?;
        if folder.trees.is_empty() {
            together.push(path);
            continue;
        }
        for tree in folder.trees {
            let shown = tree.display();
            if let Some(name) = &edition {
                checks.push(PathCheck {
                    what: format!("the tree {shown} in the {name} edition"),
                    paths: vec![tree.clone()],
                    edition: Some(name.clone()),
                });
                continue;
            }
            let known = match &mut known {
                Some(known) => known,
                None => known.insert(known_manifests()?),
            };
            // A tree belongs to editions; an expansion's tree, to the games of its editions
            // with it (`third+cities`).
            let plain: Vec<&library::Manifest> =
                known.iter().filter(|m| !m.name.contains('+')).collect();
            let mut editions = editions_of_tree(plain.iter().copied(), &tree);
            if editions.is_empty() {
                editions = editions_of_tree(known.iter().filter(|m| m.name.contains('+')), &tree);
                // The smallest games that take it: Artifacts' tree in `third+artifacts`, not
                // again with the Relics (`third+artifacts+relics` takes it too).
                let fewest = editions.iter().map(|m| m.name.matches('+').count()).min();
                editions.retain(|m| Some(m.name.matches('+').count()) == fewest);
            }
            if editions.is_empty() {
                checks.push(PathCheck {
                    what: format!("the tree {shown}"),
                    paths: vec![tree.clone()],
                    edition: None,
                });
            }
            for manifest in editions {
                let name = if manifest.name.contains('+') {
                    manifest.name.clone()
                } else {
                    manifest.path.display().to_string()
                };
                checks.push(PathCheck {
                    what: format!("the tree {shown} in the {} edition", manifest.name),
                    paths: vec![tree.clone()],
                    edition: Some(name),
                });
            }
        }
        if !folder.loose.is_empty() {
            checks.push(PathCheck {
                what: format!("the loose files of {}", path.display()),
                paths: folder.loose,
                edition: edition.clone(),
            });
        }
    }
    if !together.is_empty() {
        checks.insert(
            0,
            PathCheck {
                what: String::new(),
                paths: together,
                edition,
            },
        );
    }
    let mut failed = false;
    for check in &checks {
        failed |= fails(&check_paths(check)?);
    }
    Ok(if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// One run of the checks over card files and folders named on the command line.
struct PathCheck {
    /// What the summary line calls them (nothing for the paths as named).
    what: String,
    paths: Vec<PathBuf>,
    /// The edition (a name or a manifest path) whose ages and splays they are checked against.
    edition: Option<String>,
}

/// The manifests of the editions under `cards/editions/`, then of each expansion under
/// `cards/expansions/` with each edition it is written for (`third+cities`).
fn known_manifests() -> Result<Vec<library::Manifest>, String> {
    known_games()?
        .iter()
        .map(|name| library::load_manifest(name))
        .collect()
}

/// The names of the games `dogma check` checks by default: every edition, then every expansion
/// with each edition it is written for.
fn known_games() -> Result<Vec<String>, String> {
    let root = library::cards_root();
    let mut names = library::known_editions(&root);
    if names.is_empty() {
        return Err(format!(
            "no edition manifests in {}",
            root.join("editions").display()
        ));
    }
    for expansion in library::known_expansions(&root) {
        // An option (the Relics) is played with the expansion it belongs to.
        let mut played = Vec::from_iter(library::expansion_option_of(&root, &expansion)?);
        played.push(expansion.clone());
        for edition in library::expansion_editions(&root, &expansion)? {
            names.push(library::game_name(&edition, &played));
        }
    }
    Ok(names)
}

/// The editions a tree belongs to: those that take it and no tree of theirs that extends it (the
/// tree `base` belongs to the third edition; the first takes it under `base-first`).
fn editions_of_tree<'a>(
    editions: impl Iterator<Item = &'a library::Manifest>,
    tree: &Path,
) -> Vec<&'a library::Manifest> {
    let canonical = |dir: &Path| dir.canonicalize().unwrap_or_else(|_| dir.to_path_buf());
    let tree = canonical(tree);
    editions
        .filter(|edition| {
            edition
                .trees
                .iter()
                .position(|t| canonical(&t.dir) == tree)
                .is_some_and(|i| {
                    !edition
                        .trees
                        .iter()
                        .any(|t| t.extends.contains(&(i as u16)))
                })
        })
        .collect()
}

/// Checks card files and folders together; returns what was found.
fn check_paths(run: &PathCheck) -> Result<Tally, String> {
    if let Some(name) = &run.edition {
        return check_in_edition(run, name);
    }
    let sources = library::sources_from_paths(&run.paths)?;
    let started = Instant::now();
    let options = Options {
        edition: None,
        layers: sources.layers.clone(),
        wording: Default::default(),
    };
    let checked = check(&sources.files, &options);
    let elapsed = started.elapsed();
    emit(&sources.files, &checked.errors, &checked.warnings);
    let known: Vec<&str> = checked
        .program
        .cards
        .iter()
        .map(|c| c.title.as_str())
        .collect();
    let problems = library::drop_errors(&options.layers, &checked.unused_drops, &known);
    for message in &problems {
        problem(message);
    }
    let errors = checked.errors.len() + problems.len();
    let tally = Tally::of(&checked, sources.files.len(), errors);
    summary(&run.what, &tally, elapsed);
    Ok(tally)
}

/// `dogma check --edition M FILE…`: the files' cards checked in the whole edition, whose other
/// cards and special achievements they may name. Only what concerns the named files is
/// reported: a problem pointing into one of them, or an achievement's `via` naming one of their
/// cards that does not claim it.
fn check_in_edition(run: &PathCheck, edition: &str) -> Result<Tally, String> {
    let loaded = library::load_edition_with(edition, &run.paths)?;
    let files = &loaded.sources.files;
    let started = Instant::now();
    let checked = check(files, &loaded.options());
    let elapsed = started.elapsed();
    let is_named = |file: dogma_compiler::ir::FileId| {
        loaded.named.get(file.0 as usize).copied().unwrap_or(false)
    };
    let named_cards: Vec<&str> = checked
        .program
        .cards
        .iter()
        .zip(&checked.card_sources)
        .filter(|(_, (file, _))| is_named(*file))
        .map(|(c, _)| c.title.as_str())
        .collect();
    let errors: Vec<dogma_compiler::Error> = checked
        .errors
        .iter()
        .filter(|e| match e {
            dogma_compiler::Error::ViaWithoutClaim { card, .. } => {
                named_cards.contains(&card.as_str())
            }
            _ => e.places().iter().any(|at| is_named(at.file)),
        })
        .cloned()
        .collect();
    let warnings: Vec<dogma_compiler::Warning> = checked
        .warnings
        .iter()
        .filter(|w| w.places().iter().any(|at| is_named(at.file)))
        .cloned()
        .collect();
    emit(files, &errors, &warnings);
    let tally = Tally {
        cards: named_cards.len(),
        achievements: checked
            .program
            .achievements
            .iter()
            .filter(|a| is_named(a.span.file))
            .count(),
        files: loaded.named.iter().filter(|n| **n).count(),
        errors: errors.len(),
        warnings: warnings.len(),
    };
    summary(&run.what, &tally, elapsed);
    Ok(tally)
}

/// What the summary line of `dogma check` counts.
struct Tally {
    cards: usize,
    achievements: usize,
    files: usize,
    errors: usize,
    warnings: usize,
}

impl Tally {
    fn of(checked: &Checked, files: usize, errors: usize) -> Tally {
        Tally {
            cards: checked.program.cards.len(),
            achievements: checked.program.achievements.len(),
            files,
            errors,
            warnings: checked.warnings.len(),
        }
    }
}

/// The last line of `dogma check`.
fn summary(what: &str, tally: &Tally, elapsed: std::time::Duration) {
    if json_output() {
        json_line(&serde_json::json!({
            "type": "summary",
            "what": what,
            "cards": tally.cards,
            "special_achievements": tally.achievements,
            "files": tally.files,
            "errors": tally.errors,
            "warnings": tally.warnings,
            "milliseconds": elapsed.as_secs_f64() * 1000.0,
        }));
        return;
    }
    say!(
        "checked {}{} and {} in {} in {:.1} ms: {}",
        if what.is_empty() {
            String::new()
        } else {
            format!("{what}: ")
        },
        counted(tally.cards, "card", "cards"),
        counted(
            tally.achievements,
            "special achievement",
            "special achievements"
        ),
        counted(tally.files, "file", "files"),
        elapsed.as_secs_f64() * 1000.0,
        match (tally.errors, tally.warnings) {
            (0, 0) => "no errors".to_string(),
            (errors, 0) => counted(errors, "error", "errors"),
            (0, warnings) => format!("no errors, {}", counted(warnings, "warning", "warnings")),
            (errors, warnings) => format!(
                "{}, {}",
                counted(errors, "error", "errors"),
                counted(warnings, "warning", "warnings")
            ),
        }
    );
}

fn cmd_fmt(check_only: bool, paths: Vec<PathBuf>) -> CmdResult {
    let files = library::sources_from_paths(&default_paths(paths))?.files;
    let mut out = String::new();
    let mut unformatted = 0;
    let mut failed = 0;
    for file in &files {
        match dogma_dsl::format_source(&file.text) {
            Ok(formatted) if formatted == file.text => {}
            Ok(formatted) => {
                unformatted += 1;
                if check_only {
                    line!(out, "{}: not formatted", file.name);
                } else {
                    dogma::files::write_atomically(Path::new(&file.name), formatted.as_bytes())?;
                    line!(out, "{}: formatted", file.name);
                }
            }
            Err(_) => {
                // Formatting needs a parse; show the syntax error the way `check` does.
                failed += 1;
                let mut alone = file.clone();
                alone.layer = 0;
                let checked = check(std::slice::from_ref(&alone), &Options::default());
                emit(std::slice::from_ref(file), &checked.errors, &[]);
            }
        }
    }
    write_stdout(&out)?;
    if failed > 0 || (check_only && unformatted > 0) {
        Ok(ExitCode::from(1))
    } else {
        Ok(ExitCode::SUCCESS)
    }
}

/// Loads and checks an edition; reports its errors and fails when it has any.
fn checked_edition(name: &str) -> Result<(library::EditionSources, Checked), ExitCode> {
    let sources = match library::load_edition(name) {
        Ok(s) => s,
        Err(message) => {
            say!("error: {message}");
            return Err(ExitCode::from(2));
        }
    };
    let (checked, problems) = dogma::check_sources(&sources);
    if !checked.errors.is_empty() || !problems.is_empty() {
        emit(&sources.files, &checked.errors, &checked.warnings);
        for problem in &problems {
            say!("error: {problem}");
        }
        say!(
            "error: the {} edition's card sources have {} errors",
            sources.manifest.name,
            checked.errors.len() + problems.len()
        );
        return Err(ExitCode::from(1));
    }
    Ok((sources, checked))
}

/// `dogma render TITLE --svg`: the card's face, drawn from its compiled facts and its text.
fn cmd_render_svg(title: &str, edition: &str, output: Option<PathBuf>) -> CmdResult {
    let (sources, checked) = match checked_edition(edition) {
        Ok(x) => x,
        Err(code) => return Ok(code),
    };
    let (_, compiled) = match compiled_edition(edition) {
        Ok(x) => x,
        Err(code) => return Ok(code),
    };
    let Some(info) = compiled.cards.iter().find(|c| c.title == title) else {
        let titles = compiled.cards.iter().map(|c| c.title.as_str());
        return Err(match dogma_dsl::suggest::closest(title, titles) {
            Some(s) => {
                format!("no card \"{title}\" in the {edition} edition; did you mean \"{s}\"?")
            }
            None => format!("no card \"{title}\" in the {edition} edition"),
        });
    };
    let text = checked
        .program
        .card_by_title(title)
        .and_then(|card| checked.card_ast(card.id))
        .map(|ast| render::render_card_text(ast, sources.manifest.wording))
        .unwrap_or_default();
    let svg = dogma::face::card_svg(info, &text);
    match output {
        Some(path) => dogma::files::write_atomically(&path, svg.as_bytes())?,
        None => write_stdout(&svg)?,
    }
    Ok(ExitCode::SUCCESS)
}

fn cmd_render(title: &str, edition: &str, json: bool) -> CmdResult {
    let rendered = |kind: &str, title: &str, text: &str| -> Result<(), String> {
        if json {
            let value = serde_json::json!({
                "title": title,
                "kind": kind,
                "edition": edition,
                "text": text.trim_end(),
            });
            write_stdout(&format!("{value:#}\n"))
        } else {
            write_stdout(text)
        }
    };
    let (sources, checked) = match checked_edition(edition) {
        Ok(x) => x,
        Err(code) => return Ok(code),
    };
    if let Some(card) = checked.program.card_by_title(title) {
        if let Some(ast) = checked.card_ast(card.id) {
            let mut text = render::render_card_text(ast, sources.manifest.wording);
            if !text.ends_with('\n') {
                text.push('\n');
            }
            rendered("card", &card.title, &text)?;
            return Ok(ExitCode::SUCCESS);
        }
    }
    if let Some(a) = checked
        .program
        .achievements
        .iter()
        .find(|a| a.name == title)
    {
        if let Some(ast) = checked.achievement_ast(a.id) {
            let condition = render::render_achievement(ast, sources.manifest.wording);
            // A Decree (Figures) is a special achievement claimed by the Decree action.
            let (kind, label) = match &a.decree {
                Some((color, _)) => ("decree", format!("Decree, {color}")),
                None => ("special_achievement", "special achievement".to_string()),
            };
            if json {
                rendered(kind, &a.name, &condition)?;
            } else {
                write_stdout(&format!("{} ({label})\n{condition}\n", a.name))?;
            }
            return Ok(ExitCode::SUCCESS);
        }
    }
    let titles = checked.program.cards.iter().map(|c| c.title.as_str());
    match dogma_dsl::suggest::closest(title, titles) {
        Some(s) => {
            say!("error: no card \"{title}\" in the {edition} edition; did you mean \"{s}\"?")
        }
        None => say!("error: no card \"{title}\" in the {edition} edition"),
    }
    Ok(ExitCode::from(1))
}

/// A card as `dogma list --json` prints it.
#[derive(Serialize)]
struct ListedCard {
    title: String,
    set: String,
    age: u8,
    color: String,
    icons: std::collections::BTreeMap<String, String>,
    dogma_icon: Option<String>,
    effects: Vec<ListedEffect>,
    /// Why the card's rendered text knowingly differs from its printed text (`approximate
    /// "…"`), or null.
    approximate: Option<String>,
    /// A Relic: the set on its back (`relic of cities`); absent for every other card.
    #[serde(skip_serializing_if = "Option::is_none")]
    relic_of: Option<String>,
}

#[derive(Serialize)]
struct ListedEffect {
    kind: String,
    /// The text rendered from the effect's statements.
    text: String,
    /// The effect's intended printed text (its `text` line), when it has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    intended: Option<String>,
}

fn cmd_list(edition: &str, json: bool) -> CmdResult {
    let (sources, checked) = match checked_edition(edition) {
        Ok(x) => x,
        Err(code) => return Ok(code),
    };
    if let Some(note) = sources.manifest.not_written_note() {
        say!("{note}");
    }
    let mut cards = Vec::new();
    for card in &checked.program.cards {
        let ast = checked.card_ast(card.id);
        let effects = ast
            .map(|ast| render::render_card(ast, sources.manifest.wording))
            .unwrap_or_default()
            .into_iter()
            .zip(ast.map(|a| a.effects.as_slice()).unwrap_or_default())
            .map(|(e, source)| ListedEffect {
                kind: e.kind.list_word().to_string(),
                text: e.text,
                intended: source.text.as_ref().map(|t| t.node.text()),
            })
            .collect();
        cards.push(ListedCard {
            title: card.title.clone(),
            set: card.set.clone(),
            age: card.age,
            color: card.color.word().to_string(),
            icons: card
                .slots
                .iter()
                .map(|(p, s)| (p.word().to_string(), s.word().to_string()))
                .collect(),
            dogma_icon: card.dogma_icon.map(|i| i.word().to_string()),
            effects,
            approximate: ast.and_then(|a| a.approximate()).map(|why| why.text()),
            relic_of: card.relic_of.clone(),
        });
    }
    cards.sort_by(|a, b| (a.age, &a.title).cmp(&(b.age, &b.title)));
    let mut out = String::new();
    if json {
        let text = serde_json::to_string_pretty(&cards).map_err(|e| e.to_string())?;
        line!(out, "{text}");
    } else {
        for card in &cards {
            let icons: Vec<&str> = SlotPosition::FOUR
                .iter()
                .filter_map(|p| card.icons.get(p.word()).map(String::as_str))
                .collect();
            line!(
                out,
                "{:>2}  {:<7} {:<20} {:<32} {}{}",
                card.age,
                card.color,
                card.title,
                icons.join(" "),
                card.effects.len(),
                if card.approximate.is_some() {
                    "  approximate"
                } else {
                    ""
                }
            );
        }
        let approximate = cards.iter().filter(|c| c.approximate.is_some()).count();
        if approximate > 0 {
            line!(out, "{} cards, {} approximate", cards.len(), approximate);
        } else {
            line!(out, "{} cards", cards.len());
        }
    }
    write_stdout(&out)?;
    Ok(ExitCode::SUCCESS)
}

fn cmd_diff(from: &str, to: &str, json: bool) -> CmdResult {
    let report = if json {
        format!("{:#}\n", diff::diff_json(from, to)?)
    } else {
        diff::diff(from, to)?
    };
    write_stdout(&report)?;
    Ok(ExitCode::SUCCESS)
}

fn cmd_play(
    edition_name: &str,
    compiled: Option<PathBuf>,
    backend: dogma::Backend,
    peak_memory: bool,
    options: play::PlayOptions,
) -> CmdResult {
    let edition = match &compiled {
        Some(path) => {
            let bytes =
                std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            dogma_runtime::dogmac::decode(&bytes).map_err(|e| format!("{}: {e}", path.display()))?
        }
        None => match compiled_edition(edition_name) {
            Ok((sources, compiled)) => {
                if let Some(note) = sources.manifest.not_written_note() {
                    say!("{note}");
                }
                compiled
            }
            Err(code) => return Ok(code),
        },
    };
    let mut options = options;
    let humans = options.human.is_some() || options.agents.iter().any(|a| a == "human");
    if humans && compiled.is_none() {
        options.card_texts = dogma::face::card_texts(edition_name, &edition);
    }
    let mut program = dogma_runtime::vm::Program::from(edition);
    dogma::use_backend(&mut program, backend)?;
    let result = play::run(program, options);
    if peak_memory {
        match bench::peak_rss_kb() {
            Some(kb) => say!("peak memory: {kb} kB"),
            None => say!("peak memory: unknown on this system"),
        }
    }
    match result {
        Ok(()) => Ok(ExitCode::SUCCESS),
        Err(message) if message.starts_with("runtime error") => {
            say!("{message}");
            Ok(ExitCode::from(1))
        }
        Err(message) => Err(message),
    }
}

fn cmd_test(
    paths: Vec<PathBuf>,
    accept: bool,
    backends: scenario::Backends,
    json: bool,
) -> CmdResult {
    let paths = if paths.is_empty() {
        vec![PathBuf::from("tests/scenarios")]
    } else {
        paths
    };
    let (report, all_passed) = scenario::run_all_as(&paths, accept, backends, json)?;
    write_stdout(&report)?;
    Ok(if all_passed {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

fn cmd_bench(
    edition: &str,
    games: u64,
    players: Vec<usize>,
    seed: u64,
    rounds: u32,
    json: bool,
) -> CmdResult {
    if cfg!(debug_assertions) {
        say!("note: a debug build checks invariants after every action; build with --release to measure");
    }
    let compiled = match compiled_edition(edition) {
        Ok((_, compiled)) => compiled,
        Err(code) => return Ok(code),
    };
    let most = compiled.rules.most_players();
    if let Some(bad) = players.iter().find(|p| !(2..=most).contains(*p)) {
        return Err(format!("--players {bad}: a game has 2 to {most} players"));
    }
    let options = bench::Options {
        games,
        seed,
        players,
        rounds,
        exe: std::env::current_exe().ok(),
        edition: edition.to_string(),
    };
    let (report, figures) = bench::run_both(compiled, &options)?;
    if json {
        write_stdout(&format!("{figures:#}\n"))?;
    } else {
        write_stdout(&report)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// A compiled edition as a program, on its native code when it has some.
fn stats_program(edition: &str) -> Result<dogma_runtime::vm::Program, ExitCode> {
    let (_, compiled) = compiled_edition(edition)?;
    let mut program = dogma_runtime::vm::Program::from(compiled);
    if dogma_native::EDITIONS.contains(&program.name.as_str())
        && dogma::use_backend(&mut program, dogma::Backend::Native).is_err()
    {
        program.native = None;
    }
    Ok(program)
}

#[allow(clippy::too_many_arguments)]
fn cmd_stats(
    edition: &str,
    expansions: &[String],
    games: u64,
    seeds: Option<&str>,
    players: Vec<usize>,
    agents: Vec<String>,
    jobs: usize,
    compare: &[String],
    output: Option<&std::path::Path>,
) -> CmdResult {
    let seeds = match seeds {
        None => 0..games,
        Some(text) => {
            let parsed = text.split_once("..").and_then(|(a, b)| {
                Some((a.trim().parse::<u64>().ok()?, b.trim().parse::<u64>().ok()?))
            });
            match parsed {
                Some((a, b)) if a < b => a..b,
                _ => {
                    return Err(format!(
                        "--seeds {text}: write a range A..B with A smaller than B (B is not played)"
                    ))
                }
            }
        }
    };
    let options = dogma::stats::Options {
        players,
        agents,
        seeds,
        jobs,
        progress: std::io::stderr().is_terminal(),
    };
    let started = Instant::now();
    if let [a, b] = compare {
        let (a, b) = (game(a, expansions), game(b, expansions));
        let (pa, pb) = match (stats_program(&a), stats_program(&b)) {
            (Ok(pa), Ok(pb)) => (pa, pb),
            (Err(code), _) | (_, Err(code)) => return Ok(code),
        };
        let sa = dogma::stats::run(&pa, &options)?;
        let sb = dogma::stats::run(&pb, &options)?;
        let moved = dogma::stats::compare(&sa, &sb);
        let mut out = format!(
            "dogma stats --compare {} {}: {} games each (seeds {}..{}), {:.1} s\n",
            sa.edition,
            sb.edition,
            sa.games,
            options.seeds.start,
            options.seeds.end,
            started.elapsed().as_secs_f64()
        );
        if moved.is_empty() {
            out.push_str("nothing moved beyond noise (|z| < 3)\n");
        }
        for m in &moved {
            out.push_str(&format!(
                "{}: {:.3} -> {:.3} (z {:+.1})\n",
                m.what, m.from, m.to, m.z
            ));
        }
        if let Some(dir) = output {
            dogma::stats::report::write(&sa, &dir.join("a"))?;
            dogma::stats::report::write(&sb, &dir.join("b"))?;
            let json = serde_json::json!({"a": sa.edition, "b": sb.edition, "games": sa.games, "moved": moved});
            dogma::files::write_atomically(
                &dir.join("compare.json"),
                format!(
                    "{json:#}
"
                )
                .as_bytes(),
            )?;
            out.push_str(&format!("wrote {}\n", dir.display()));
        }
        write_stdout(&out)?;
        return Ok(ExitCode::SUCCESS);
    }
    let program = match stats_program(edition) {
        Ok(p) => p,
        Err(code) => return Ok(code),
    };
    let stats = dogma::stats::run(&program, &options)?;
    let mut out = format!(
        "dogma stats: {} games of {} in {:.1} s on {} threads{}\n",
        stats.games,
        stats.edition,
        started.elapsed().as_secs_f64(),
        if options.jobs == 0 {
            rayon::current_num_threads()
        } else {
            options.jobs
        },
        if stats.failed.is_empty() {
            String::new()
        } else {
            format!(
                "; {} stopped on an error (seeds in stats.json)",
                stats.failed.len()
            )
        }
    );
    match output {
        Some(dir) => {
            dogma::stats::report::write(&stats, dir)?;
            out.push_str(&format!(
                "wrote {} and {}\n",
                dir.join("stats.json").display(),
                dir.join("index.html").display()
            ));
        }
        None => out.push_str("(give -o DIR to write stats.json and the HTML report)\n"),
    }
    write_stdout(&out)?;
    Ok(ExitCode::SUCCESS)
}

fn cmd_stats_merge(files: &[PathBuf], output: &std::path::Path) -> CmdResult {
    let mut merged = dogma::stats::Stats::default();
    for file in files {
        merged = merged.merge(dogma::stats::report::read(file)?)?;
    }
    dogma::stats::report::write(&merged, output)?;
    write_stdout(&format!(
        "merged {} runs: {} games of {} (seeds {}) into {}\n",
        files.len(),
        merged.games,
        merged.edition,
        merged
            .seeds
            .iter()
            .map(|(a, b)| format!("{a}..{b}"))
            .collect::<Vec<_>>()
            .join(", "),
        output.display()
    ))?;
    Ok(ExitCode::SUCCESS)
}

fn cmd_gallery(
    edition: &str,
    output: &std::path::Path,
    stats: Option<PathBuf>,
    scenarios: Vec<PathBuf>,
) -> CmdResult {
    let (_, compiled) = match compiled_edition(edition) {
        Ok(x) => x,
        Err(code) => return Ok(code),
    };
    let texts = dogma::face::card_texts(edition, &compiled);
    let stats = match stats {
        Some(path) => Some(dogma::stats::report::read(&path)?),
        None => None,
    };
    let scenarios = if scenarios.is_empty() {
        let mut found = vec![PathBuf::from("tests/scenarios")];
        if edition.ends_with(".toml") {
            if let Some(folder) = std::path::Path::new(edition).parent() {
                found.push(folder.join("scenarios"));
            }
        }
        found.into_iter().filter(|p| p.is_dir()).collect()
    } else {
        scenarios
    };
    let cards = dogma::gallery::write(
        &dogma::gallery::Gallery {
            edition: &compiled,
            texts: &texts,
            scenarios,
            stats,
        },
        output,
    )?;
    write_stdout(&format!(
        "wrote {cards} cards of {} to {} (open index.html)\n",
        compiled.name,
        output.display()
    ))?;
    Ok(ExitCode::SUCCESS)
}

fn cmd_soak(
    games: u64,
    jobs: Option<usize>,
    editions: Vec<String>,
    seed: u64,
    backend: dogma::Backend,
) -> CmdResult {
    if cfg!(debug_assertions) {
        say!("note: a debug build is slow; `cargo run --release -- soak` plays many more games");
    }
    let names: Vec<String> = if editions.is_empty() {
        soak::DEFAULT_EDITIONS
            .iter()
            .map(|s| s.to_string())
            .collect()
    } else {
        editions
    };
    let mut programs = Vec::new();
    for name in &names {
        let compiled = match compiled_edition(name) {
            Ok((_, compiled)) => compiled,
            Err(code) => return Ok(code),
        };
        let mut program = dogma_runtime::vm::Program::from(compiled);
        dogma::use_backend(&mut program, backend)?;
        programs.push(soak::SoakEdition {
            name: name.clone(),
            program,
        });
    }
    let options = soak::Options {
        games,
        jobs: jobs.unwrap_or_else(|| {
            std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
        }),
        seed,
        native: backend == dogma::Backend::Native,
    };
    let started = Instant::now();
    let report = soak::run(&programs, &options, &|done| {
        say!(
            "soak: {done} of {games} games, {:.0} s",
            started.elapsed().as_secs_f64()
        );
    });
    write_stdout(&report.text(&options))?;
    Ok(if report.failures.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

fn cmd_explain(code: &str) -> CmdResult {
    let code = code.to_uppercase();
    let Some((c, text)) = dogma_compiler::CODES.iter().find(|(c, _)| *c == code) else {
        return Err(format!(
            "unknown diagnostic code `{code}` (codes look like E0001, E0305 or W0001; `dogma check` prints them)"
        ));
    };
    // The cause, examples and fix of docs/diagnostics.md, as `rustc --explain` prints its text.
    let mut out = format!("{c}: {text}\n");
    if let Some(e) = dogma_compiler::explain(c) {
        out.push_str(&format!(
            "\nTypical cause: {}.\nHow to fix it: {}.\n",
            e.cause.trim_end_matches('.'),
            e.fix.trim_end_matches('.')
        ));
    }
    write_stdout(&out)?;
    Ok(ExitCode::SUCCESS)
}

/// Loads, checks and compiles an edition to bytecode; reports every problem and fails with the
/// exit code to use.
fn compiled_edition(
    edition: &str,
) -> Result<
    (
        library::EditionSources,
        dogma_runtime::bytecode::CompiledEdition,
    ),
    ExitCode,
> {
    use codespan_reporting::diagnostic::{Diagnostic, Label};
    use dogma_compiler::lower::compile_edition;
    let (sources, checked) = checked_edition(edition)?;
    let name = sources.manifest.name.clone();
    let rules = sources.manifest.rules.clone();
    let names: Vec<String> = sources.files.iter().map(|f| f.name.clone()).collect();
    match compile_edition(&name, rules, &checked.program, &names) {
        Ok(compiled) => Ok((sources, compiled)),
        Err(errors) => {
            let mut db = SimpleFiles::new();
            for f in &sources.files {
                db.add(f.name.clone(), f.text.clone());
            }
            let choice = if std::io::stderr().is_terminal() {
                ColorChoice::Auto
            } else {
                ColorChoice::Never
            };
            let stream = StandardStream::stderr(choice);
            let mut lock = stream.lock();
            let config = Config::default();
            for error in &errors {
                let span = error.span;
                let report = Diagnostic::error()
                    .with_message(&error.message)
                    .with_labels(vec![Label::primary(
                        span.file.0 as usize,
                        span.start as usize..span.end as usize,
                    )]);
                if term::emit_to_write_style(&mut lock, &config, &db, &report).is_err() {
                    say!("error: {}", error.message);
                }
            }
            say!(
                "error: the {name} edition does not compile to bytecode ({})",
                match errors.len() {
                    1 => "1 error".to_string(),
                    n => format!("{n} errors"),
                }
            );
            Err(ExitCode::from(1))
        }
    }
}

/// `dogma build --target rust`: the edition's native code (default file `NAME.rs`).
fn cmd_build_rust(edition: &str, output: Option<PathBuf>) -> CmdResult {
    let (sources, compiled) = match compiled_edition(edition) {
        Ok(x) => x,
        Err(code) => return Ok(code),
    };
    let code = dogma_compiler::lower::rust::generate(&compiled)?;
    let path = output.unwrap_or_else(|| PathBuf::from(format!("{}.rs", sources.manifest.name)));
    dogma::files::write_atomically(&path, code.as_bytes())?;
    let ops: usize = compiled.chunks.iter().map(|c| c.ops.len()).sum();
    say!(
        "wrote {}: native code of {} cards, {} chunks, {ops} ops, {} lines",
        path.display(),
        compiled.cards.len(),
        compiled.chunks.len(),
        code.lines().count()
    );
    Ok(ExitCode::SUCCESS)
}

/// `dogma build`: checks an edition, compiles it to bytecode, writes the `.dogmac` file and/or
/// prints the disassembly.
fn cmd_build(edition: &str, target: &str, output: Option<PathBuf>, disasm: bool) -> CmdResult {
    use dogma_compiler::lower::disassemble;
    use dogma_runtime::dogmac;

    match target {
        "bytecode" => {}
        "rust" => return cmd_build_rust(edition, output),
        other => {
            return Err(format!(
                "unknown target `{other}` (the targets are bytecode and rust)"
            ))
        }
    }
    let (sources, compiled) = match compiled_edition(edition) {
        Ok(x) => x,
        Err(code) => return Ok(code),
    };
    let name = sources.manifest.name.as_str();
    let output = output.or_else(|| (!disasm).then(|| PathBuf::from(format!("{name}.dogmac"))));
    if let Some(path) = &output {
        let bytes = dogmac::encode(&compiled)?;
        dogma::files::write_atomically(path, &bytes)?;
        let ops: usize = compiled.chunks.iter().map(|c| c.ops.len()).sum();
        say!(
            "wrote {}: {} cards, {} chunks, {ops} ops, {} bytes",
            path.display(),
            compiled.cards.len(),
            compiled.chunks.len(),
            bytes.len()
        );
    }
    if disasm {
        let texts: Vec<String> = sources.files.iter().map(|f| f.text.clone()).collect();
        write_stdout(&disassemble(&compiled, &texts))?;
    }
    Ok(ExitCode::SUCCESS)
}
