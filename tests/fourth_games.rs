//! Seeded random games of the fourth edition played to the end with the random agent: 2, 3 and 4
//! players (four without teams, so that parley arises), and team games of any size (2v2 across
//! and side by side, 2v1, 3v1); and games of a test edition whose made-up cards make players lose
//! (tests/fixtures/fourth-lose), so that eliminations happen in play. Debug builds check the
//! invariants inside the engine after every action and answer; every game must end with a winner
//! or a draw, without a panic or a runtime error.

use dogma::differential::{native_twin, random_game, random_game_on_both, setup};
use dogma_runtime::game::{Game, Status};
use dogma_runtime::log::Event;
use dogma_runtime::vm::Program;

/// An edition on the VM, and on its native code where it has one (the fourth edition's games are
/// played on both and must agree byte for byte; the test edition of made-up cards has none).
struct Editions {
    vm: Program,
    native: Option<Program>,
}

fn compile(name: &str) -> Editions {
    std::env::set_current_dir(env!("CARGO_MANIFEST_DIR")).expect("repository root");
    let vm = dogma::compile_edition(name).unwrap_or_else(|e| panic!("{name} compiles: {e}"));
    let native = if dogma_native::EDITIONS.contains(&vm.name.as_str()) {
        Some(native_twin(&vm).unwrap_or_else(|e| panic!("{e}")))
    } else {
        None
    };
    Editions {
        vm: Program::from(vm),
        native,
    }
}

/// What a batch of games did, to check that the rules under test came up.
#[derive(Default, Debug)]
struct Seen {
    games: u32,
    parleys: u32,
    declined_parleys: u32,
    eliminations: u32,
    elimination_wins: u32,
}

fn play_one(edition: &Editions, players: usize, team_of: &[u8], seed: u64) -> Game {
    let mut setup = setup(players, seed);
    setup.team_of = team_of.to_vec();
    let game = match &edition.native {
        Some(native) => random_game_on_both(&edition.vm, native, setup)
            .unwrap_or_else(|e| panic!("teams {team_of:?}: {e}")),
        None => match random_game(&edition.vm, setup).expect("setup") {
            (game, None) => game,
            (_, Some(e)) => panic!("{players} players, teams {team_of:?}, seed {seed}: {e}"),
        },
    };
    assert!(matches!(game.status(), Status::Over(_)));
    dogma_runtime::invariants::check(&game)
        .unwrap_or_else(|e| panic!("{players} players, teams {team_of:?}, seed {seed}: {e}"));
    game
}

fn batch(edition: &Editions, players: usize, team_of: &[u8], seeds: std::ops::Range<u64>) -> Seen {
    let mut seen = Seen::default();
    for seed in seeds {
        let game = play_one(edition, players, team_of, seed);
        seen.games += 1;
        for event in &game.log {
            match event {
                Event::Parley { .. } => seen.parleys += 1,
                Event::NoParley { .. } => seen.declined_parleys += 1,
                Event::Eliminated { .. } => seen.eliminations += 1,
                _ => {}
            }
        }
        if game
            .state
            .outcome
            .as_ref()
            .is_some_and(|o| o.reason == dogma_runtime::state::WinReason::Elimination)
        {
            seen.elimination_wins += 1;
        }
        // Parley only without teams at four or more players.
        if players < 4 || game.team_game() {
            assert!(
                !game
                    .log
                    .iter()
                    .any(|e| matches!(e, Event::Parley { .. } | Event::NoParley { .. })),
                "a parley in a game without parley (seed {})",
                game.setup.seed
            );
        }
    }
    eprintln!("{players} players, teams {team_of:?}: {seen:?}");
    seen
}

/// 1,000 fourth-edition games in all (500 here, 250 with parley, 250 team games), split so that
/// the test runner can use several cores.
#[test]
fn fourth_edition_two_and_three_player_games() {
    let edition = compile("fourth");
    let two = batch(&edition, 2, &[], 40_000..40_300);
    let three = batch(&edition, 3, &[], 41_000..41_200);
    assert_eq!(two.games + three.games, 500);
    assert_eq!(two.parleys + three.parleys, 0);
}

#[test]
fn fourth_edition_four_player_games_with_parley() {
    let edition = compile("fourth");
    let seen = batch(&edition, 4, &[], 42_000..42_250);
    assert_eq!(seen.games, 250);
    assert!(seen.parleys > 0, "{seen:?}");
    assert!(seen.declined_parleys > 0, "{seen:?}");
}

#[test]
fn fourth_edition_team_games() {
    let edition = compile("fourth");
    let across = batch(&edition, 4, &[0, 1, 0, 1], 43_000..43_070);
    let side_by_side = batch(&edition, 4, &[0, 0, 1, 1], 44_000..44_060);
    let two_against_one = batch(&edition, 3, &[0, 0, 1], 45_000..45_070);
    let three_against_one = batch(&edition, 4, &[0, 0, 0, 1], 46_000..46_050);
    let all = [across, side_by_side, two_against_one, three_against_one];
    assert_eq!(all.iter().map(|s| s.games).sum::<u32>(), 250);
    assert_eq!(all.iter().map(|s| s.parleys).sum::<u32>(), 0);
}

/// Games of the test edition with cards that make players lose: eliminations happen, the games
/// go on or end by elimination, and no invariant breaks.
#[test]
fn fourth_edition_games_with_eliminations() {
    let edition = compile("tests/fixtures/fourth-lose/fourth-lose.toml");
    let all = [
        batch(&edition, 2, &[], 47_000..47_030),
        batch(&edition, 3, &[], 48_000..48_030),
        batch(&edition, 4, &[], 49_000..49_030),
        batch(&edition, 3, &[0, 0, 1], 50_000..50_015),
        batch(&edition, 4, &[0, 1, 0, 1], 51_000..51_015),
    ];
    let eliminations: u32 = all.iter().map(|s| s.eliminations).sum();
    let wins: u32 = all.iter().map(|s| s.elimination_wins).sum();
    assert!(eliminations > 0 && wins > 0, "{all:?}");
}
