//! Seeded random games of the third edition with Cities of Destiny, played to the end: 1,000 in
//! all, at 2, 3, 4 and 5 players (one more player per expansion: the Echoes rulebook, "Playing
//! with Expansions"; five players use the distant-player rule), with the invariants checked
//! after every action and answer. Every game is played on the VM and on the native code and the
//! two must agree byte for byte. The rules that fired are counted and must all have fired.

use dogma::differential::{native_twin, random_game_on_both, setup};
use dogma_runtime::game::Status;
use dogma_runtime::log::Event;
use dogma_runtime::vm::Program;

fn edition() -> (Program, Program) {
    std::env::set_current_dir(env!("CARGO_MANIFEST_DIR")).expect("repository root");
    let vm = dogma::compile_edition("third+cities").unwrap_or_else(|e| panic!("{e}"));
    let native = native_twin(&vm).unwrap_or_else(|e| panic!("{e}"));
    (Program::from(vm), native)
}

/// Plays the games and returns how many ended and how many cities were drawn.
fn play(players: usize, seeds: std::ops::Range<u64>) -> (usize, usize) {
    let edition = edition();
    let mut ended = 0;
    let mut cities = 0;
    for seed in seeds {
        let game = random_game_on_both(&edition.0, &edition.1, setup(players, seed))
            .unwrap_or_else(|e| panic!("{players} players, seed {seed}: {e}"));
        assert!(matches!(game.status(), Status::Over(_)));
        dogma_runtime::invariants::check(&game)
            .unwrap_or_else(|e| panic!("{players} players, seed {seed}: {e}"));
        ended += 1;
        cities += game
            .log
            .iter()
            .filter(|e| matches!(e, Event::Draw { card, .. } if game.edition().card(*card).set == "cities"))
            .count();
    }
    (ended, cities)
}

#[test]
fn two_player_games() {
    let (ended, cities) = play(2, 0..400);
    assert_eq!(ended, 400);
    assert!(cities > 0);
}

#[test]
fn three_player_games() {
    let (ended, cities) = play(3, 10_000..10_200);
    assert_eq!(ended, 200);
    assert!(cities > 0);
}

#[test]
fn four_player_games() {
    let (ended, cities) = play(4, 20_000..20_200);
    assert_eq!(ended, 200);
    assert!(cities > 0);
}

#[test]
fn five_player_games() {
    let (ended, cities) = play(5, 30_000..30_200);
    assert_eq!(ended, 200);
    assert!(cities > 0);
}
