//! Seeded random games of the third and first editions played to the end (1,000 of each): 2, 3 and
//! 4 players, and 2v2 teams in the third edition (the first has none; the fourth edition's games
//! are in fourth_games.rs),
//! with the invariants checked after every action and answer (debug builds check them inside the
//! engine). Every game must end with a winner or a draw, without a panic or a runtime error.
//!
//! Every game is played twice, on the VM and on the native code, and the two must give the same
//! event log and final state byte for byte (the differential test of the two back ends).

use dogma::differential::{native_twin, random_game_on_both, setup};
use dogma_runtime::game::Status;
use dogma_runtime::vm::Program;

/// The edition on the VM and on its native code.
type Pair = (Program, Program);

fn edition() -> Pair {
    compiled("third")
}

fn compiled(name: &str) -> Pair {
    std::env::set_current_dir(env!("CARGO_MANIFEST_DIR")).expect("repository root");
    let vm = dogma::compile_edition(name).unwrap_or_else(|e| panic!("{name} compiles: {e}"));
    let native = native_twin(&vm).unwrap_or_else(|e| panic!("{e}"));
    (Program::from(vm), native)
}

fn play_one(edition: &Pair, players: usize, teams: bool, seed: u64) {
    let mut setup = setup(players, seed);
    setup.teams = teams;
    let game = random_game_on_both(&edition.0, &edition.1, setup)
        .unwrap_or_else(|e| panic!("teams {teams}: {e}"));
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
