//! `dogma stats`: balance statistics from many seeded games.
//!
//! Each seed plays one game (its player count is `players[seed % players.len()]`, its agents
//! seeded by the seed), so a run is a set of seeds and nothing else: runs over disjoint seed ranges
//! merge into exactly the run over their union (`Stats::merge` adds counts; every map is sorted),
//! which lets a batch scheduler split a million games over many machines. Games run on every core
//! (rayon); the totals do not depend on the order they finish in.
//!
//! Per card: how often it was melded, used for a Dogma action, shared, and demanded of a victim;
//! the players who used it for a Dogma action and how many of them won (the win rate with its
//! Wilson interval); wins by its effect; special achievements claimed during its Dogma actions.
//! Per player count: games, the length histogram, endings by kind, the first player's wins.

pub mod report;

use dogma_runtime::agents::{play, Agent, FirstAgent, RandomAgent};
use dogma_runtime::choices::Action;
use dogma_runtime::game::{Game, Setup};
use dogma_runtime::log::Event;
use dogma_runtime::state::WinReason;
use dogma_runtime::terms::Verb;
use dogma_runtime::vm::Program;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The format of `stats.json`; bumped when a field changes meaning.
pub const FORMAT_VERSION: u32 = 1;

/// What a run measured. Every count is a sum over games, so runs merge by adding.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Stats {
    pub format: String,
    pub version: u32,
    pub edition: String,
    /// The player counts, cycled by seed.
    pub players: Vec<usize>,
    /// The agents, cycled by seat (`random`, `first`).
    pub agents: Vec<String>,
    /// The seed ranges played, `[start, end)`, sorted and joined.
    pub seeds: Vec<(u64, u64)>,
    pub games: u64,
    /// Games that stopped on a runtime error (a card that cannot run), by seed.
    pub failed: BTreeMap<u64, String>,
    /// Per player count.
    pub by_players: BTreeMap<usize, GameTotals>,
    /// Per card title.
    pub cards: BTreeMap<String, CardStats>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct GameTotals {
    pub games: u64,
    /// Turns per game → games.
    pub length: BTreeMap<u32, u64>,
    /// `achievements`, `score`, `effect`, `elimination`, `draw` → games.
    pub endings: BTreeMap<String, u64>,
    /// Games won by the player who took the first turn (a shared win counts).
    pub first_player_wins: u64,
    /// Decisions by games of this count: actions and decisions.
    pub actions: u64,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct CardStats {
    pub age: u8,
    pub set: String,
    pub melded: u64,
    /// Dogma (or Endorse) actions that used it.
    pub dogma: u64,
    /// Its non-demand effects executed by a sharing player.
    pub shared: u64,
    /// Its demand effects executed by a victim.
    pub demanded: u64,
    /// Players (one per game) who used it for a Dogma action at least once.
    pub dogma_players: u64,
    /// Of those, the ones who won.
    pub dogma_players_won: u64,
    /// Games won by its effect.
    pub effect_wins: u64,
    /// Special achievements claimed during its Dogma actions, by name.
    pub specials: BTreeMap<String, u64>,
}

impl CardStats {
    /// The win rate of the players who used it, with its 95% Wilson interval.
    pub fn win_rate(&self) -> Option<(f64, f64, f64)> {
        wilson(self.dogma_players_won, self.dogma_players)
    }
}

/// A proportion and its 95% Wilson score interval.
pub fn wilson(successes: u64, n: u64) -> Option<(f64, f64, f64)> {
    if n == 0 {
        return None;
    }
    let (k, n) = (successes as f64, n as f64);
    let p = k / n;
    let z = 1.959_963_984_540_054_f64;
    let denominator = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denominator;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denominator;
    Some((p, (centre - half).max(0.0), (centre + half).min(1.0)))
}

/// What to run.
pub struct Options {
    pub players: Vec<usize>,
    pub agents: Vec<String>,
    pub seeds: std::ops::Range<u64>,
    /// Threads (0: every core).
    pub jobs: usize,
    /// A progress bar on stderr.
    pub progress: bool,
}

impl Stats {
    fn empty(edition: &str, options: &Options) -> Stats {
        Stats {
            format: "dogma-stats".to_string(),
            version: FORMAT_VERSION,
            edition: edition.to_string(),
            players: options.players.clone(),
            agents: options.agents.clone(),
            ..Stats::default()
        }
    }

    /// Adds another run's counts (of the same edition, player counts and agents).
    pub fn merge(mut self, other: Stats) -> Result<Stats, String> {
        if self.games == 0 && self.seeds.is_empty() {
            return Ok(other);
        }
        if other.games == 0 && other.seeds.is_empty() {
            return Ok(self);
        }
        if (&self.edition, &self.players, &self.agents)
            != (&other.edition, &other.players, &other.agents)
        {
            return Err(format!(
                "cannot merge runs of different games: {} with players {:?} and agents {:?}, and {} with players {:?} and agents {:?}",
                self.edition, self.players, self.agents, other.edition, other.players, other.agents
            ));
        }
        for (a, b) in &other.seeds {
            if self.seeds.iter().any(|(x, y)| a < y && x < b) {
                return Err(format!(
                    "the runs overlap: seeds {a}..{b} were played in both; merge runs of disjoint seed ranges"
                ));
            }
        }
        self.seeds.extend(other.seeds);
        self.seeds = join(std::mem::take(&mut self.seeds));
        self.games += other.games;
        self.failed.extend(other.failed);
        for (n, t) in other.by_players {
            let mine = self.by_players.entry(n).or_default();
            mine.games += t.games;
            add_all(&mut mine.length, t.length);
            add_all(&mut mine.endings, t.endings);
            mine.first_player_wins += t.first_player_wins;
            mine.actions += t.actions;
        }
        for (title, c) in other.cards {
            let mine = self.cards.entry(title).or_default();
            mine.age = c.age;
            mine.set = c.set;
            mine.melded += c.melded;
            mine.dogma += c.dogma;
            mine.shared += c.shared;
            mine.demanded += c.demanded;
            mine.dogma_players += c.dogma_players;
            mine.dogma_players_won += c.dogma_players_won;
            mine.effect_wins += c.effect_wins;
            add_all(&mut mine.specials, c.specials);
        }
        Ok(self)
    }
}

fn add_all<K: Ord>(into: &mut BTreeMap<K, u64>, from: BTreeMap<K, u64>) {
    for (k, v) in from {
        *into.entry(k).or_default() += v;
    }
}

/// Sorted seed ranges with touching ones joined.
fn join(mut ranges: Vec<(u64, u64)>) -> Vec<(u64, u64)> {
    ranges.sort();
    let mut out: Vec<(u64, u64)> = Vec::new();
    for (a, b) in ranges {
        match out.last_mut() {
            Some(last) if last.1 >= a => last.1 = last.1.max(b),
            _ => out.push((a, b)),
        }
    }
    out
}

/// Plays the game of one seed and counts it.
fn one_game(program: &Program, options: &Options, seed: u64) -> Stats {
    let mut stats = Stats::empty(&program.name, options);
    stats.seeds = vec![(seed, seed + 1)];
    stats.games = 1;
    let players = options.players[(seed % options.players.len() as u64) as usize];
    let names: Vec<String> = (0..players).map(|i| format!("p{}", i + 1)).collect();
    let setup = Setup {
        players: names,
        seed,
        teams: false,
        team_of: Vec::new(),
    };
    let mut game = match Game::new(program.clone(), setup) {
        Ok(game) => game,
        Err(e) => {
            stats.failed.insert(seed, e);
            return stats;
        }
    };
    let mut randoms: Vec<RandomAgent> = (0..players as u8)
        .map(|s| RandomAgent::new(seed, s))
        .collect();
    let mut firsts: Vec<FirstAgent> = (0..players).map(|_| FirstAgent).collect();
    let mut agents: Vec<&mut dyn Agent> = Vec::new();
    for (seat, (r, f)) in randoms.iter_mut().zip(firsts.iter_mut()).enumerate() {
        let kind = options.agents[seat % options.agents.len()].as_str();
        agents.push(if kind == "first" { f } else { r });
    }
    let played = play(&mut game, &mut agents, None);
    if let Err(e) = played {
        stats.failed.insert(seed, format!("{e:?}"));
        return stats;
    }
    count(&game, &mut stats, players);
    stats
}

/// Counts a finished game into `stats`.
fn count(game: &Game, stats: &mut Stats, players: usize) {
    let edition = game.edition();
    let card = |stats: &mut Stats, c: u16| -> String {
        let info = edition.card(c);
        let entry = stats.cards.entry(info.title.clone()).or_default();
        entry.age = info.age;
        entry.set.clone_from(&info.set);
        info.title.clone()
    };
    let outcome = game.state.outcome.clone();
    let winners = outcome
        .as_ref()
        .map(|o| o.winners.clone())
        .unwrap_or_default();
    // Which cards each seat used for a Dogma action.
    let mut used: Vec<std::collections::BTreeSet<String>> = vec![Default::default(); players];
    let mut first_player = None;
    let mut dogma_card: Option<String> = None;
    for event in game.log.iter() {
        match event {
            Event::TurnStart {
                turn: 1, player, ..
            } => first_player = Some(*player),
            Event::Action { player, action } => match action {
                Action::Dogma(c) | Action::Endorse(c) => {
                    let title = card(stats, *c);
                    if let Some(s) = stats.cards.get_mut(&title) {
                        s.dogma += 1;
                    }
                    used[*player as usize].insert(title.clone());
                    dogma_card = Some(title);
                }
                _ => dogma_card = None,
            },
            Event::TurnStart { .. } => dogma_card = None,
            Event::Move {
                verb: Verb::Meld,
                card: c,
                ..
            } => {
                let title = card(stats, *c);
                if let Some(s) = stats.cards.get_mut(&title) {
                    s.melded += 1;
                }
            }
            Event::Execute {
                card: c,
                demand,
                shared,
                ..
            } => {
                let title = card(stats, *c);
                if let Some(s) = stats.cards.get_mut(&title) {
                    if *demand {
                        s.demanded += 1;
                    } else if *shared {
                        s.shared += 1;
                    }
                }
            }
            Event::ClaimSpecial { special, .. } => {
                if let Some(title) = &dogma_card {
                    let name = edition.specials[*special as usize].name.clone();
                    if let Some(s) = stats.cards.get_mut(title) {
                        *s.specials.entry(name).or_default() += 1;
                    }
                }
            }
            _ => {}
        }
    }
    for (seat, titles) in used.iter().enumerate() {
        let won = winners.contains(&(seat as u8));
        for title in titles {
            if let Some(s) = stats.cards.get_mut(title) {
                s.dogma_players += 1;
                s.dogma_players_won += u64::from(won);
            }
        }
    }
    let totals = stats.by_players.entry(players).or_default();
    totals.games += 1;
    *totals.length.entry(game.state.turn).or_default() += 1;
    let ending = match &outcome {
        Some(o) if o.winners.is_empty() => "draw".to_string(),
        Some(o) => o.reason.word().to_string(),
        None => "unfinished".to_string(),
    };
    *totals.endings.entry(ending).or_default() += 1;
    if first_player.is_some_and(|f| winners.contains(&f)) {
        totals.first_player_wins += 1;
    }
    totals.actions += game
        .log
        .iter()
        .filter(|e| matches!(e, Event::Action { .. }))
        .count() as u64;
    if let Some(o) = &outcome {
        if o.reason == WinReason::Effect {
            if let Some(c) = o.card {
                let title = card(stats, c);
                if let Some(s) = stats.cards.get_mut(&title) {
                    s.effect_wins += 1;
                }
            }
        }
    }
}

/// Plays every seed of `options.seeds` and counts them.
pub fn run(program: &Program, options: &Options) -> Result<Stats, String> {
    use rayon::prelude::*;
    if options.players.is_empty() || options.agents.is_empty() {
        return Err("stats need at least one player count and one agent".to_string());
    }
    let most = program.rules.most_players();
    if let Some(bad) = options.players.iter().find(|p| !(2..=most).contains(*p)) {
        return Err(format!(
            "--players {bad}: a game of {} has 2 to {most} players",
            program.name
        ));
    }
    if let Some(bad) = options
        .agents
        .iter()
        .find(|a| !["random", "first"].contains(&a.as_str()))
    {
        return Err(format!("--agents {bad}: stats play random or first agents"));
    }
    let games = options.seeds.end.saturating_sub(options.seeds.start);
    let bar = if options.progress {
        indicatif::ProgressBar::new(games)
    } else {
        indicatif::ProgressBar::hidden()
    };
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{elapsed_precise} [{bar:40}] {pos}/{len} games ({per_sec}, {eta} left)",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar())
        .progress_chars("=> "),
    );
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(options.jobs)
        .build()
        .map_err(|e| e.to_string())?;
    let empty = Stats::empty(&program.name, options);
    let stats = pool.install(|| {
        options
            .seeds
            .clone()
            .into_par_iter()
            .map(|seed| {
                let s = one_game(program, options, seed);
                bar.inc(1);
                Ok(s)
            })
            .try_reduce(|| empty.clone(), |a, b| a.merge(b))
    })?;
    bar.finish_and_clear();
    Ok(stats)
}

/// A change between two runs on the same seeds that is beyond noise: a two-proportion z score of
/// at least 3 (about one chance in 370 of coming by luck).
#[derive(Debug, Serialize)]
pub struct Moved {
    pub what: String,
    pub from: f64,
    pub to: f64,
    pub z: f64,
}

fn z_score(k1: u64, n1: u64, k2: u64, n2: u64) -> Option<f64> {
    if n1 == 0 || n2 == 0 {
        return None;
    }
    let (p1, p2) = (k1 as f64 / n1 as f64, k2 as f64 / n2 as f64);
    let p = (k1 + k2) as f64 / (n1 + n2) as f64;
    let se = (p * (1.0 - p) * (1.0 / n1 as f64 + 1.0 / n2 as f64)).sqrt();
    (se > 0.0).then(|| (p2 - p1) / se)
}

/// What moved beyond noise between `a` and `b`: endings by kind, and per card its Dogma use per
/// game and the win rate of the players who used it.
pub fn compare(a: &Stats, b: &Stats) -> Vec<Moved> {
    let mut moved = Vec::new();
    let total =
        |s: &Stats, f: &dyn Fn(&GameTotals) -> u64| s.by_players.values().map(f).sum::<u64>();
    let mut kinds: Vec<&String> = a
        .by_players
        .values()
        .chain(b.by_players.values())
        .flat_map(|t| t.endings.keys())
        .collect();
    kinds.sort();
    kinds.dedup();
    for kind in kinds {
        let k = |s: &Stats| total(s, &|t| t.endings.get(kind).copied().unwrap_or(0));
        let (ka, kb) = (k(a), k(b));
        if let Some(z) = z_score(ka, a.games, kb, b.games) {
            if z.abs() >= 3.0 {
                moved.push(Moved {
                    what: format!("games ending by {kind}"),
                    from: ka as f64 / a.games as f64,
                    to: kb as f64 / b.games as f64,
                    z,
                });
            }
        }
    }
    let mut titles: Vec<&String> = a.cards.keys().chain(b.cards.keys()).collect();
    titles.sort();
    titles.dedup();
    let none = CardStats::default();
    for title in titles {
        let (x, y) = (
            a.cards.get(title).unwrap_or(&none),
            b.cards.get(title).unwrap_or(&none),
        );
        if let Some(z) = z_score(x.dogma_players, a.games, y.dogma_players, b.games) {
            if z.abs() >= 3.0 {
                moved.push(Moved {
                    what: format!("{title}: games in which a player used it"),
                    from: x.dogma_players as f64 / a.games as f64,
                    to: y.dogma_players as f64 / b.games as f64,
                    z,
                });
            }
        }
        if let Some(z) = z_score(
            x.dogma_players_won,
            x.dogma_players,
            y.dogma_players_won,
            y.dogma_players,
        ) {
            if z.abs() >= 3.0 {
                moved.push(Moved {
                    what: format!("{title}: win rate of the players who used it"),
                    from: x.dogma_players_won as f64 / x.dogma_players as f64,
                    to: y.dogma_players_won as f64 / y.dogma_players as f64,
                    z,
                });
            }
        }
    }
    moved.sort_by(|p, q| q.z.abs().total_cmp(&p.z.abs()).then(p.what.cmp(&q.what)));
    moved
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_intervals_hold_the_rate() {
        let (p, lo, hi) = wilson(50, 100).expect("a rate");
        assert!((p - 0.5).abs() < 1e-12 && lo < 0.5 && hi > 0.5);
        assert!((hi - lo - 0.19).abs() < 0.01, "{lo} {hi}");
        assert_eq!(wilson(0, 0), None);
        let (_, lo, _) = wilson(0, 10).expect("a rate");
        assert_eq!(lo, 0.0);
    }

    #[test]
    fn seed_ranges_join() {
        assert_eq!(join(vec![(5, 9), (0, 5), (12, 14)]), vec![(0, 9), (12, 14)]);
    }
}
