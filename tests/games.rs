//! Seeded random games of the third and first editions played to the end (1,000 of each): 2, 3 and
//! 4 players, and 2v2 teams in the third edition (the first has none; the fourth edition's games
//! are in fourth_games.rs),
//! with the invariants checked after every action and answer (debug builds check them inside the
//! engine). Every game must end with a winner or a draw, without a panic or a runtime error.

use dogma_runtime::agents::{play, Agent, RandomAgent};
use dogma_runtime::game::{Game, Setup, Status};
use std::sync::Arc;

fn edition() -> Arc<dogma_runtime::bytecode::CompiledEdition> {
    compiled("third")
}

fn compiled(name: &str) -> Arc<dogma_runtime::bytecode::CompiledEdition> {
    std::env::set_current_dir(env!("CARGO_MANIFEST_DIR")).expect("repository root");
    Arc::new(dogma::compile_edition(name).unwrap_or_else(|e| panic!("{name} compiles: {e}")))
}

fn play_one(
    edition: &Arc<dogma_runtime::bytecode::CompiledEdition>,
    players: usize,
    teams: bool,
    seed: u64,
) {
    let names: Vec<String> = ["alice", "bob", "carol", "dave"][..players]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let mut game = Game::new(
        edition.clone(),
        Setup {
            players: names,
            seed,
            teams,
            team_of: Vec::new(),
        },
    )
    .expect("setup");
    let mut bots: Vec<RandomAgent> = (0..players as u8)
        .map(|s| RandomAgent::new(seed, s))
        .collect();
    let mut agents: Vec<&mut dyn Agent> = bots.iter_mut().map(|b| b as &mut dyn Agent).collect();
    if let Err(e) = play(&mut game, &mut agents, None) {
        panic!("{players} players, teams {teams}, seed {seed}: {e}");
    }
    assert!(matches!(game.status(), Status::Over(_)));
    dogma_runtime::invariants::check(&game)
        .unwrap_or_else(|e| panic!("{players} players, seed {seed}: {e}"));
}

/// 1,000 games in all, split so that the test runner can use both cores.
#[test]
fn two_player_games() {
    let edition = edition();
    for seed in 0..500 {
        play_one(&edition, 2, false, seed);
    }
}

#[test]
fn three_player_games() {
    let edition = edition();
    for seed in 0..200 {
        play_one(&edition, 3, false, 10_000 + seed);
    }
}

#[test]
fn four_player_games() {
    let edition = edition();
    for seed in 0..200 {
        play_one(&edition, 4, false, 20_000 + seed);
    }
}

#[test]
fn two_against_two_games() {
    let edition = edition();
    for seed in 0..100 {
        play_one(&edition, 4, true, 30_000 + seed);
    }
}

/// The first edition: 1,000 games (no team games in the first edition).
#[test]
fn first_edition_two_player_games() {
    let edition = compiled("first");
    for seed in 0..500 {
        play_one(&edition, 2, false, 60_000 + seed);
    }
}

#[test]
fn first_edition_three_and_four_player_games() {
    let edition = compiled("first");
    for seed in 0..250 {
        play_one(&edition, 3, false, 70_000 + seed);
        play_one(&edition, 4, false, 80_000 + seed);
    }
}
