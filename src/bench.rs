//! `dogma bench`: the engine's speed on both back ends, measured in one run and reported as ratios
//! to the native back end: random full games per second and game actions per second at 2 and 4
//! players, the time to clone a mid-game state, the time to check and compile every official
//! tree, and the peak memory of a game run. Then what the games did (how they ended, by which cards,
//! which special achievements), which designers use to see how a set plays.
//!
//! These are measurements, never pass/fail tests; `cargo bench` (benches/engine.rs) measures the
//! same things with criterion's statistics.

use crate::differential::{native_twin, setup};
use dogma_runtime::agents::play_random;
use dogma_runtime::bytecode::CompiledEdition;
use dogma_runtime::game::Game;
use dogma_runtime::state::{AchievementCard, WinReason};
use dogma_runtime::vm::Program;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::hint::black_box;
use std::time::Instant;

pub struct Options {
    pub games: u64,
    pub seed: u64,
    /// The player counts to measure (2 and 4 by default).
    pub players: Vec<usize>,
    /// Rounds per back end and player count; the fastest counts.
    pub rounds: u32,
    /// The `dogma` executable, run as a child to measure the peak memory of a game run.
    pub exe: Option<std::path::PathBuf>,
    /// The edition as the command line named it (a name or a manifest's path), for that child.
    pub edition: String,
}

/// What one batch of games on one back end measured.
#[derive(Default)]
struct Batch {
    seconds: f64,
    actions: u64,
    decisions: u64,
    turns: u64,
    reasons: BTreeMap<String, u64>,
    effect_cards: BTreeMap<String, u64>,
    specials: BTreeMap<String, u64>,
    /// How often each expansion rule fired (only with expansions in play).
    rules: BTreeMap<&'static str, u64>,
}

fn batch(edition: &Program, players: usize, seeds: std::ops::Range<u64>) -> Result<Batch, String> {
    let mut b = Batch::default();
    let start = Instant::now();
    for s in seeds {
        let mut game = Game::new(edition.clone(), setup(players, s))?;
        let stats = play_random(&mut game, None).map_err(|e| format!("seed {s}: {e}"))?;
        b.actions += stats.actions;
        b.decisions += stats.decisions;
        b.turns += u64::from(game.state.turn);
        if let Some(outcome) = &game.state.outcome {
            let reason = if outcome.winners.is_empty() {
                "draw".to_string()
            } else {
                outcome.reason.word().to_string()
            };
            *b.reasons.entry(reason).or_default() += 1;
            if outcome.reason == WinReason::Effect {
                if let Some(card) = outcome.card {
                    *b.effect_cards
                        .entry(edition.card(card).title.clone())
                        .or_default() += 1;
                }
            }
        }
        if !edition.rules.expansions.is_empty() {
            count_rules(&game, &mut b.rules);
        }
        for player in &game.state.players {
            for a in &player.achievements {
                if let AchievementCard::Special(i) = a {
                    *b.specials
                        .entry(edition.specials[*i as usize].name.clone())
                        .or_default() += 1;
                }
            }
        }
        black_box(&game);
    }
    b.seconds = start.elapsed().as_secs_f64().max(1e-9);
    Ok(b)
}

/// Counts what the expansions' rules did in a game: cards of an expansion drawn (a City is drawn
/// only by its rule), Endorse actions, and wins by achievements that flags or fountains decided
/// (the winner held fewer achievements than needed).
fn count_rules(game: &Game, rules: &mut BTreeMap<&'static str, u64>) {
    use dogma_runtime::choices::Action;
    use dogma_runtime::log::Event;
    for event in game.log.iter() {
        match event {
            Event::Draw { card, .. } if game.edition().card(*card).set == "cities" => {
                *rules.entry("cities drawn").or_default() += 1;
            }
            Event::Action {
                action: Action::Endorse(_),
                ..
            } => *rules.entry("endorse actions").or_default() += 1,
            _ => {}
        }
    }
    if let Some(outcome) = &game.state.outcome {
        let held: usize = outcome
            .winners
            .iter()
            .map(|s| game.state.players[*s as usize].achievements.len())
            .sum();
        if outcome.reason == WinReason::Achievements && held < game.achievements_to_win() {
            *rules
                .entry("wins decided by flags or fountains")
                .or_default() += 1;
        }
    }
}

/// A two-player game stopped halfway through (by actions): what a search clones.
pub fn mid_game(edition: &Program, seed: u64) -> Result<Game, String> {
    let full = play_random(&mut Game::new(edition.clone(), setup(2, seed))?, None)
        .map_err(|e| e.to_string())?;
    let mut game = Game::new(edition.clone(), setup(2, seed))?;
    play_random(&mut game, Some((full.actions + full.decisions) / 2)).map_err(|e| e.to_string())?;
    Ok(game)
}

/// Nanoseconds per clone of `game`: the best of up to fifty rounds of 1,000 clones within half
/// a second (fewer when they are slow: a debug build).
fn clone_ns(game: &Game) -> f64 {
    let rounds = 1_000u32;
    let mut best = f64::MAX;
    let began = Instant::now();
    for _ in 0..50 {
        let start = Instant::now();
        for _ in 0..rounds {
            black_box(black_box(game).clone());
        }
        best = best.min(start.elapsed().as_secs_f64() * 1e9 / f64::from(rounds));
        if began.elapsed().as_secs_f64() > 0.5 {
            break;
        }
    }
    best
}

/// Milliseconds to load, check and compile every official edition's trees: the best of five
/// rounds, fewer when they are slow (a debug build).
fn compile_ms() -> Result<f64, String> {
    let mut best = f64::MAX;
    let began = Instant::now();
    for _ in 0..5 {
        if began.elapsed().as_secs_f64() > 1.0 {
            break;
        }
        let start = Instant::now();
        for name in dogma_native::EDITIONS {
            black_box(crate::compile_edition(name)?);
        }
        best = best.min(start.elapsed().as_secs_f64() * 1e3);
    }
    Ok(best)
}

/// The process's peak resident set in kB (Linux's `VmHWM`), if the system says.
pub fn peak_rss_kb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Runs one 2-player game in a child `dogma play` and reads the peak memory it reports.
fn child_peak_kb(
    exe: &std::path::Path,
    edition: &str,
    backend: &str,
    seed: u64,
) -> Result<u64, String> {
    let out = std::process::Command::new(exe)
        .args([
            "play",
            "--edition",
            edition,
            "--backend",
            backend,
            "--log",
            "none",
        ])
        .args(["--seed", &seed.to_string(), "--peak-memory"])
        .output()
        .map_err(|e| format!("cannot run {}: {e}", exe.display()))?;
    let said = String::from_utf8_lossy(&out.stderr);
    said.lines()
        .find_map(|l| l.strip_prefix("peak memory: "))
        .and_then(|v| v.strip_suffix(" kB"))
        .and_then(|v| v.parse().ok())
        .ok_or_else(|| format!("the child game reported no peak memory: {said}"))
}

fn list(map: &BTreeMap<String, u64>) -> String {
    let mut items: Vec<(&String, &u64)> = map.iter().collect();
    items.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    items
        .iter()
        .map(|(k, v)| format!("{k} {v}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Runs the benchmark on `edition` (compiled from its sources) and returns the report.
pub fn run(edition: CompiledEdition, options: &Options) -> Result<String, String> {
    run_both(edition, options).map(|(text, _)| text)
}

/// The rate of one back end on one batch, for `--json`.
fn rates(batch: &Batch, n: f64) -> serde_json::Value {
    serde_json::json!({
        "games_per_second": n / batch.seconds,
        "actions_per_second": batch.actions as f64 / batch.seconds,
        "actions_per_game": batch.actions as f64 / n,
    })
}

/// Runs the benchmark and returns the report both as text and as one JSON object (`dogma bench
/// --json`: the same figures, by name).
pub fn run_both(
    edition: CompiledEdition,
    options: &Options,
) -> Result<(String, serde_json::Value), String> {
    let mut json = serde_json::Map::new();
    let mut rows = Vec::new();
    let vm = Program::from(edition);
    // Only the official editions carry native code; a designer's edition is benched on the VM
    // alone, and the report says so.
    let vm_only = !dogma_native::EDITIONS.contains(&vm.name.as_str());
    let native = if vm_only {
        vm.clone()
    } else {
        native_twin(&vm)?
    };
    let games = options.games.max(1);
    let seeds = options.seed..options.seed + games;
    let n = games as f64;
    json.insert("edition".into(), serde_json::json!(vm.name));
    json.insert("games".into(), serde_json::json!(games));
    json.insert("first_seed".into(), serde_json::json!(seeds.start));
    json.insert("rounds".into(), serde_json::json!(options.rounds.max(1)));
    json.insert("vm_only".into(), serde_json::json!(vm_only));
    let mut text = String::new();
    if vm_only {
        let _ = writeln!(
            text,
            "dogma bench: edition {}, {games} random games per row (seeds {}..{}), one core, the \
             fastest of {} rounds, on the VM alone: dogma carries native code for the official \
             editions only ({})",
            vm.name,
            seeds.start,
            seeds.end,
            options.rounds.max(1),
            dogma_native::EDITIONS.join(", ")
        );
        let _ = writeln!(text);
        let _ = writeln!(text, "{:<34} {:>14}", "", "vm");
    } else {
        let _ = writeln!(
            text,
            "dogma bench: edition {}, {games} random games per row (seeds {}..{}), one core, the \
             fastest of {} rounds; ratios are to the native back end measured in this run",
            vm.name,
            seeds.start,
            seeds.end,
            options.rounds.max(1)
        );
        let _ = writeln!(text);
        let _ = writeln!(
            text,
            "{:<34} {:>14} {:>14} {:>10}",
            "", "native", "vm", "vm/native"
        );
    }

    let mut first_native: Option<Batch> = None;
    let mut native_game_s = 0.0;
    let mut native_action_s = 0.0;
    for &players in &options.players {
        if vm_only {
            batch(&vm, players, 1_000_000..1_000_005)?;
            let mut b = batch(&vm, players, seeds.clone())?;
            for _ in 1..options.rounds.max(1) {
                let y = batch(&vm, players, seeds.clone())?;
                if y.seconds < b.seconds {
                    b = y;
                }
            }
            let lines = [
                ("games/s", format!("{:.0}", n / b.seconds)),
                ("actions/s", format!("{:.0}", b.actions as f64 / b.seconds)),
                ("actions per game", format!("{:.1}", b.actions as f64 / n)),
            ];
            for (what, value) in lines {
                let _ = writeln!(
                    text,
                    "{:<34} {value:>14}",
                    format!("{players} players: {what}")
                );
            }
            rows.push(serde_json::json!({ "players": players, "vm": rates(&b, n) }));
            if first_native.is_none() {
                native_game_s = b.seconds / n;
                native_action_s = b.seconds / b.actions.max(1) as f64;
                first_native = Some(b);
            }
            continue;
        }
        // Warm up both (caches, the allocator) on a few games outside the measured seeds.
        batch(&native, players, 1_000_000..1_000_005)?;
        batch(&vm, players, 1_000_000..1_000_005)?;
        // The back ends take turns, round after round, and each keeps its fastest round: a
        // machine's other work slows a round down, never speeds it up.
        let mut a = batch(&native, players, seeds.clone())?;
        let mut b = batch(&vm, players, seeds.clone())?;
        for _ in 1..options.rounds.max(1) {
            let x = batch(&native, players, seeds.clone())?;
            if x.seconds < a.seconds {
                a = x;
            }
            let y = batch(&vm, players, seeds.clone())?;
            if y.seconds < b.seconds {
                b = y;
            }
        }
        if a.actions != b.actions || a.turns != b.turns {
            return Err(format!(
                "the back ends played different games ({} and {} actions): run `dogma test` to find where they diverge",
                a.actions, b.actions
            ));
        }
        let (ga, gb) = (n / a.seconds, n / b.seconds);
        let (aa, ab) = (a.actions as f64 / a.seconds, b.actions as f64 / b.seconds);
        let _ = writeln!(
            text,
            "{:<34} {:>14.0} {:>14.0} {:>9.2}x",
            format!("{players} players: games/s"),
            ga,
            gb,
            gb / ga
        );
        let _ = writeln!(
            text,
            "{:<34} {:>14.0} {:>14.0} {:>9.2}x",
            format!("{players} players: actions/s"),
            aa,
            ab,
            ab / aa
        );
        let _ = writeln!(
            text,
            "{:<34} {:>14.1} {:>14.1}",
            format!("{players} players: actions per game"),
            a.actions as f64 / n,
            b.actions as f64 / n
        );
        rows.push(serde_json::json!({
            "players": players,
            "native": rates(&a, n),
            "vm": rates(&b, n),
            "vm_over_native": gb / ga,
        }));
        if first_native.is_none() {
            native_game_s = a.seconds / n;
            native_action_s = a.seconds / a.actions.max(1) as f64;
            first_native = Some(a);
        }
    }
    json.insert("rows".into(), serde_json::Value::Array(rows));

    let _ = writeln!(text);
    // What the ratios below are counted in: the fastest back end benched.
    let unit = if vm_only { "vm" } else { "native" };
    let mid = mid_game(&native, options.seed)?;
    let clone = clone_ns(&mid);
    let _ = writeln!(
        text,
        "clone a mid-game 2-player state     {:>10.0} ns = {:.2} {unit} actions, {:.4} {unit} games",
        clone,
        clone * 1e-9 / native_action_s.max(1e-12),
        clone * 1e-9 / native_game_s.max(1e-12)
    );
    json.insert("clone_state_ns".into(), serde_json::json!(clone));
    let ms = compile_ms()?;
    json.insert("compile_official_ms".into(), serde_json::json!(ms));
    let _ = writeln!(
        text,
        "check and compile {} official games {:>8.1} ms = {:.1} {unit} games",
        dogma_native::EDITIONS.len(),
        ms,
        ms * 1e-3 / native_game_s.max(1e-12)
    );
    let size = dogma_runtime::dogmac::encode(&vm)?.len();
    json.insert(
        "compiled".into(),
        serde_json::json!({
            "cards": vm.cards.len(),
            "chunks": vm.chunks.len(),
            "ops": vm.chunks.iter().map(|c| c.ops.len()).sum::<usize>(),
            "bytes": size,
        }),
    );
    let _ = writeln!(
        text,
        "compiled edition: {} cards, {} chunks, {} ops, {size} bytes",
        vm.cards.len(),
        vm.chunks.len(),
        vm.chunks.iter().map(|c| c.ops.len()).sum::<usize>()
    );
    match &options.exe {
        Some(exe) if vm_only => {
            let b = child_peak_kb(exe, &options.edition, "vm", options.seed)?;
            json.insert("peak_memory_kb".into(), serde_json::json!({ "vm": b }));
            let _ = writeln!(
                text,
                "peak memory of a game run          {:>14}",
                format!("{:.1} MB", b as f64 / 1024.0)
            );
        }
        Some(exe) => {
            let a = child_peak_kb(exe, &options.edition, "native", options.seed)?;
            let b = child_peak_kb(exe, &options.edition, "vm", options.seed)?;
            json.insert(
                "peak_memory_kb".into(),
                serde_json::json!({ "native": a, "vm": b }),
            );
            let _ = writeln!(
                text,
                "peak memory of a game run          {:>10} {:>14} {:>9.2}x",
                format!("{:.1} MB", a as f64 / 1024.0),
                format!("{:.1} MB", b as f64 / 1024.0),
                b as f64 / a.max(1) as f64
            );
            let _ = writeln!(
                text,
                "  (the whole `dogma play` process, compiling the edition from its sources included)"
            );
        }
        None => {
            let _ = writeln!(text, "peak memory: not measured");
        }
    }

    if let (Some(b), Some(&players)) = (first_native, options.players.first()) {
        let _ = writeln!(text);
        let _ = writeln!(text, "what the {players}-player games did:");
        json.insert(
            "games_played".into(),
            serde_json::json!({
                "players": players,
                "turns_per_game": b.turns as f64 / n,
                "actions_per_game": b.actions as f64 / n,
                "decisions_per_game": b.decisions as f64 / n,
                "ended_by": b.reasons,
                "won_by_card_effect": b.effect_cards,
                "special_achievements": b.specials,
                "expansion_rules": b.rules.iter().map(|(k, v)| (k.to_string(), *v)).collect::<BTreeMap<String, u64>>(),
            }),
        );
        let _ = writeln!(
            text,
            "per game: {:.1} turns, {:.1} actions, {:.1} decisions",
            b.turns as f64 / n,
            b.actions as f64 / n,
            b.decisions as f64 / n
        );
        let _ = writeln!(text, "ended by: {}", list(&b.reasons));
        let _ = writeln!(text, "won by card effect: {}", list(&b.effect_cards));
        let _ = writeln!(text, "special achievements claimed: {}", list(&b.specials));
        if !b.rules.is_empty() {
            let rules: BTreeMap<String, u64> =
                b.rules.iter().map(|(k, v)| (k.to_string(), *v)).collect();
            let _ = writeln!(text, "expansion rules: {}", list(&rules));
        }
    }
    Ok((text, serde_json::Value::Object(json)))
}
