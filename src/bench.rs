//! `dogma bench`: plays seeded random games in-process and reports speed and what happened:
//! games and actions per second, averages per game, how games ended and by which cards, and the
//! size of the compiled edition. Every time is also given as a ratio to a baseline measured in
//! the same run: setting up the same number of games (shuffling and dealing), which is the
//! cheapest thing a game does.

use dogma_runtime::agents::{play, Agent, RandomAgent};
use dogma_runtime::bytecode::CompiledEdition;
use dogma_runtime::game::{Game, Setup};
use dogma_runtime::state::WinReason;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::Arc;
use std::time::Instant;

/// What a run of games measured.
pub struct BenchReport {
    pub text: String,
}

/// Plays `games` random games of `players` players from `seed` upward.
pub fn run(
    edition: Arc<CompiledEdition>,
    games: u64,
    players: usize,
    teams: bool,
    seed: u64,
) -> Result<BenchReport, String> {
    let names: Vec<String> = ["alice", "bob", "carol", "dave"]
        .iter()
        .take(players)
        .map(|s| s.to_string())
        .collect();
    let setup = |s: u64| Setup {
        players: names.clone(),
        seed: s,
        teams,
        team_of: Vec::new(),
    };

    // Baseline: set the same games up without playing them.
    let start = Instant::now();
    for s in seed..seed + games {
        let game = Game::new(edition.clone(), setup(s))?;
        std::hint::black_box(&game);
    }
    let baseline = start.elapsed().as_secs_f64();

    let mut actions = 0u64;
    let mut decisions = 0u64;
    let mut turns = 0u64;
    let mut reasons: BTreeMap<String, u64> = BTreeMap::new();
    let mut effect_cards: BTreeMap<String, u64> = BTreeMap::new();
    let mut specials: BTreeMap<String, u64> = BTreeMap::new();
    let start = Instant::now();
    for s in seed..seed + games {
        let mut game = Game::new(edition.clone(), setup(s))?;
        let mut bots: Vec<RandomAgent> =
            (0..players as u8).map(|p| RandomAgent::new(s, p)).collect();
        let mut agents: Vec<&mut dyn Agent> =
            bots.iter_mut().map(|b| b as &mut dyn Agent).collect();
        let stats = play(&mut game, &mut agents, None).map_err(|e| format!("seed {s}: {e}"))?;
        actions += stats.actions;
        decisions += stats.decisions;
        turns += u64::from(game.state.turn);
        if let Some(outcome) = &game.state.outcome {
            let reason = if outcome.winners.is_empty() {
                "draw".to_string()
            } else {
                outcome.reason.word().to_string()
            };
            *reasons.entry(reason).or_default() += 1;
            if outcome.reason == WinReason::Effect {
                if let Some(card) = outcome.card {
                    *effect_cards
                        .entry(edition.card(card).title.clone())
                        .or_default() += 1;
                }
            }
        }
        for player in &game.state.players {
            for a in &player.achievements {
                if let dogma_runtime::state::AchievementCard::Special(i) = a {
                    *specials
                        .entry(edition.specials[*i as usize].name.clone())
                        .or_default() += 1;
                }
            }
        }
    }
    let elapsed = start.elapsed().as_secs_f64();
    let size = dogma_runtime::dogmac::encode(&edition)?.len();

    let n = games as f64;
    let mut text = String::new();
    let _ = writeln!(
        text,
        "{games} random games, {players} players{}, seeds {seed}..{}",
        if teams { " in teams" } else { "" },
        seed + games
    );
    let _ = writeln!(
        text,
        "baseline (setting the games up): {:.3} s, {:.0} setups/s",
        baseline,
        n / baseline.max(1e-9)
    );
    let _ = writeln!(
        text,
        "playing: {:.3} s = {:.1} x baseline; {:.0} games/s; {:.0} actions/s",
        elapsed,
        elapsed / baseline.max(1e-9),
        n / elapsed.max(1e-9),
        actions as f64 / elapsed.max(1e-9)
    );
    let _ = writeln!(
        text,
        "per game: {:.1} turns, {:.1} actions, {:.1} decisions",
        turns as f64 / n,
        actions as f64 / n,
        decisions as f64 / n
    );
    let list = |map: &BTreeMap<String, u64>| {
        let mut items: Vec<(&String, &u64)> = map.iter().collect();
        items.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
        items
            .iter()
            .map(|(k, v)| format!("{k} {v}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let _ = writeln!(text, "ended by: {}", list(&reasons));
    let _ = writeln!(text, "won by card effect: {}", list(&effect_cards));
    let _ = writeln!(text, "special achievements claimed: {}", list(&specials));
    let _ = writeln!(
        text,
        "compiled edition: {} cards, {} chunks, {} ops, {size} bytes",
        edition.cards.len(),
        edition.chunks.len(),
        edition.chunks.iter().map(|c| c.ops.len()).sum::<usize>()
    );
    Ok(BenchReport { text })
}
