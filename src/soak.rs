//! `dogma soak`: plays many seeded random games across editions and player counts, with the
//! state's invariants checked after every action and answer, on several threads, and reports
//! every failure (a runtime error, a broken invariant, a refused bot, a panic, a game that does
//! not end) with its seed and the `dogma play` command that replays it.
//!
//! Game `i` of a soak is fixed by `i` alone: its edition is `editions[i % editions]`, its player
//! count cycles through 2 to the edition's most, and its seed is `seed + i`; a game is the same
//! game `dogma play` plays with that edition, player count and seed (random agents in every
//! seat, seeded from the game's seed and the seat), so the command replays it exactly.

use crate::differential::setup;
use dogma_runtime::agents::play_random;
use dogma_runtime::game::{Game, Status};
use dogma_runtime::vm::Program;
use std::fmt::Write as _;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// The editions a soak plays by default: every official edition, and the third with Cities.
pub const DEFAULT_EDITIONS: [&str; 4] = ["first", "third", "fourth", "third+cities"];

/// The most actions and answers a game may take before it counts as not ending (the longest
/// random games take a few thousand).
pub const MAX_STEPS: u64 = 200_000;

pub struct Options {
    pub games: u64,
    /// Worker threads.
    pub jobs: usize,
    /// The seed of game 0; game `i` has seed `seed + i`.
    pub seed: u64,
    /// Run the card effects on the native code (else on the VM).
    pub native: bool,
}

/// An edition a soak plays: its name (for the command that replays a game) and its program.
pub struct SoakEdition {
    pub name: String,
    pub program: Program,
}

/// One game that failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    pub edition: String,
    pub players: usize,
    pub seed: u64,
    pub message: String,
}

impl Failure {
    /// The command that replays the game with the invariants checked.
    pub fn command(&self, native: bool) -> String {
        let (edition, expansions) = dogma_library::split_game_name(&self.edition);
        let mut command = format!("dogma play --edition {edition}");
        if !expansions.is_empty() {
            let _ = write!(command, " --expansions {}", expansions.join(","));
        }
        let _ = write!(
            command,
            " --players {} --seed {} --check-invariants",
            self.players, self.seed
        );
        if native {
            command.push_str(" --backend native");
        }
        command
    }
}

/// What a soak did.
pub struct Report {
    pub games: u64,
    /// Games per edition, in the order of the editions.
    pub per_edition: Vec<(String, u64)>,
    pub actions: u64,
    pub seconds: f64,
    pub failures: Vec<Failure>,
}

/// The edition and player count of game `i`.
fn game_of(editions: &[SoakEdition], i: u64) -> (usize, usize) {
    let e = (i % editions.len() as u64) as usize;
    let most = editions[e].program.rules.most_players();
    let round = i / editions.len() as u64;
    let players = 2 + (round % (most as u64 - 1)) as usize;
    (e, players)
}

/// Plays one game to its end with the invariants on; the number of actions and answers it took,
/// or why it failed.
pub fn play_one(program: &Program, players: usize, seed: u64) -> Result<u64, String> {
    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        let mut game = Game::new(program.clone(), setup(players, seed))?;
        let stats = play_random(&mut game, Some(MAX_STEPS)).map_err(|e| e.to_string())?;
        let steps = stats.actions + stats.decisions;
        if !matches!(game.status(), Status::Over(_)) {
            return Err(format!(
                "the game did not end after {steps} actions and answers"
            ));
        }
        dogma_runtime::invariants::check(&game).map_err(|e| format!("invariant broken: {e}"))?;
        Ok(steps)
    }));
    match outcome {
        Ok(result) => result,
        Err(panic) => Err(format!("panic: {}", panic_message(panic.as_ref()))),
    }
}

fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = panic.downcast_ref::<&str>() {
        s.to_string()
    } else if let Some(s) = panic.downcast_ref::<String>() {
        s.clone()
    } else {
        "(no message)".to_string()
    }
}

/// Plays the soak's games on `jobs` threads, the invariants switched on for the whole process.
/// `progress` is called now and then with the number of games done.
pub fn run(editions: &[SoakEdition], options: &Options, progress: &(dyn Fn(u64) + Sync)) -> Report {
    dogma_runtime::invariants::set_checking(true);
    let started = Instant::now();
    let next = AtomicU64::new(0);
    let done = AtomicU64::new(0);
    let actions = AtomicU64::new(0);
    let failures = Mutex::new(Vec::new());
    let jobs = options.jobs.max(1);
    let step = (options.games / 20).max(1);
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= options.games {
                    return;
                }
                let (e, players) = game_of(editions, i);
                let seed = options.seed.wrapping_add(i);
                match play_one(&editions[e].program, players, seed) {
                    Ok(steps) => {
                        actions.fetch_add(steps, Ordering::Relaxed);
                    }
                    Err(message) => {
                        if let Ok(mut list) = failures.lock() {
                            list.push(Failure {
                                edition: editions[e].name.clone(),
                                players,
                                seed,
                                message,
                            });
                        }
                    }
                }
                let n = done.fetch_add(1, Ordering::Relaxed) + 1;
                if n.is_multiple_of(step) {
                    progress(n);
                }
            });
        }
    });
    let mut failures = failures.into_inner().unwrap_or_default();
    failures.sort_by(|a, b| (&a.edition, a.players, a.seed).cmp(&(&b.edition, b.players, b.seed)));
    let mut per_edition: Vec<(String, u64)> =
        editions.iter().map(|e| (e.name.clone(), 0)).collect();
    for i in 0..options.games {
        per_edition[game_of(editions, i).0].1 += 1;
    }
    Report {
        games: options.games,
        per_edition,
        actions: actions.into_inner(),
        seconds: started.elapsed().as_secs_f64(),
        failures,
    }
}

impl Report {
    /// The report: a line per failure with the command that replays it, then the totals, ending
    /// with `N passed, N failed`.
    pub fn text(&self, options: &Options) -> String {
        let mut out = String::new();
        for f in &self.failures {
            let _ = writeln!(
                out,
                "FAILED {} at {} players, seed {}: {}\n  replay: {}",
                f.edition,
                f.players,
                f.seed,
                f.message,
                f.command(options.native)
            );
        }
        let editions: Vec<String> = self
            .per_edition
            .iter()
            .map(|(name, n)| format!("{name} {n}"))
            .collect();
        let _ = writeln!(
            out,
            "soak: {} games ({}) on {} thread(s), {} back end, invariants checked after every action and answer: {} actions and answers in {:.1} s ({:.0} games/s)",
            self.games,
            editions.join(", "),
            options.jobs.max(1),
            if options.native { "native" } else { "vm" },
            self.actions,
            self.seconds,
            self.games as f64 / self.seconds.max(1e-9)
        );
        let failed = self.failures.len() as u64;
        let _ = writeln!(out, "soak: {} passed, {failed} failed", self.games - failed);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_cycle_through_editions_and_player_counts() {
        let third = dogma_runtime::bytecode::Rules::default();
        let mut cities = third.clone();
        cities.expansions = vec!["cities".to_string()];
        let edition = |name: &str, rules: &dogma_runtime::bytecode::Rules| SoakEdition {
            name: name.to_string(),
            program: Program::from(dogma_runtime::bytecode::CompiledEdition {
                format_version: dogma_runtime::bytecode::FORMAT_VERSION,
                name: name.to_string(),
                rules: rules.clone(),
                cards: Vec::new(),
                specials: Vec::new(),
                chunks: Vec::new(),
                files: Vec::new(),
            }),
        };
        let editions = [edition("third", &third), edition("third+cities", &cities)];
        let seen: Vec<(usize, usize)> = (0..8).map(|i| game_of(&editions, i)).collect();
        assert_eq!(
            seen,
            [
                (0, 2),
                (1, 2),
                (0, 3),
                (1, 3),
                (0, 4),
                (1, 4),
                (0, 2),
                (1, 5)
            ]
        );
        let failure = Failure {
            edition: "third+cities".to_string(),
            players: 5,
            seed: 9,
            message: String::new(),
        };
        assert_eq!(
            failure.command(false),
            "dogma play --edition third --expansions cities --players 5 --seed 9 --check-invariants"
        );
    }
}
