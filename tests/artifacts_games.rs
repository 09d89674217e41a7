//! Seeded random games of the third edition with Artifacts of History and the Relics, alone and
//! with Cities of Destiny and Echoes of the Past, played to the end at 2 to 5 players (one more
//! player per expansion; five players use the distant-player rule), with the invariants checked
//! after every action and answer. Every game is played on the VM and on the native code and the
//! two must agree byte for byte. The Artifacts rules must all have fired: digs onto the display,
//! free Dogma actions on displayed cards, displayed cards returned and melded, Relics seized; the
//! totals are printed (`cargo test --release --test artifacts_games -- --nocapture`).
//!
//! Only the Artifacts written so far are in play (cards/expansions/artifacts.toml lists the
//! others), so an age without one digs nothing, as the rules say of an empty Artifacts deck.

use dogma::differential::{native_twin, random_game_on_both, setup};
use dogma_runtime::choices::{Action, ArtifactChoice};
use dogma_runtime::game::Status;
use dogma_runtime::log::Event;
use dogma_runtime::state::Location;
use dogma_runtime::terms::Verb;
use dogma_runtime::vm::Program;
use std::collections::BTreeMap;

fn edition(name: &str) -> (Program, Program) {
    std::env::set_current_dir(env!("CARGO_MANIFEST_DIR")).expect("repository root");
    let vm = dogma::compile_edition(name).unwrap_or_else(|e| panic!("{e}"));
    let native = native_twin(&vm).unwrap_or_else(|e| panic!("{e}"));
    (Program::from(vm), native)
}

/// What a batch of games did.
#[derive(Default, Debug)]
struct Tally {
    ended: usize,
    endings: BTreeMap<&'static str, usize>,
    digs: usize,
    free_dogmas: usize,
    returned: usize,
    melded_from_display: usize,
    /// Relics seized after a dig (from beside their decks or from an achievements pile).
    seized: usize,
}

/// Plays the games and tallies how they ended and what the Artifacts rules did.
fn play(name: &str, players: usize, seeds: std::ops::Range<u64>) -> Tally {
    let edition = edition(name);
    let relic = |card: u16| edition.0.edition.card(card).relic.is_some();
    let mut tally = Tally::default();
    for seed in seeds {
        let game = random_game_on_both(&edition.0, &edition.1, setup(players, seed))
            .unwrap_or_else(|e| panic!("{name}, {players} players, seed {seed}: {e}"));
        let Status::Over(outcome) = game.status() else {
            panic!("{name}, {players} players, seed {seed}: the game did not end");
        };
        dogma_runtime::invariants::check(&game)
            .unwrap_or_else(|e| panic!("{name}, {players} players, seed {seed}: {e}"));
        tally.ended += 1;
        *tally.endings.entry(outcome.reason.word()).or_default() += 1;
        for event in game.log.iter() {
            match event {
                Event::Move {
                    to: Location::Display(_),
                    ..
                } => tally.digs += 1,
                Event::Move {
                    verb: Verb::Meld,
                    from: Location::Display(_),
                    ..
                } => tally.melded_from_display += 1,
                Event::Move {
                    verb: Verb::Return,
                    from: Location::Display(_),
                    ..
                } => tally.returned += 1,
                Event::Action {
                    action: Action::Artifact(ArtifactChoice::Dogma),
                    ..
                } => tally.free_dogmas += 1,
                Event::Move {
                    verb: Verb::Transfer,
                    card,
                    from: Location::Relic | Location::Achievements(_),
                    to: Location::Achievements(_) | Location::Hand(_),
                    ..
                } if relic(*card) => tally.seized += 1,
                _ => {}
            }
        }
    }
    eprintln!("{name}, {players} players: {tally:?}");
    tally
}

fn check(tally: Tally, games: usize) {
    assert_eq!(tally.ended, games);
    assert!(tally.digs > 0, "nothing was dug");
    assert!(
        tally.free_dogmas > 0,
        "no free Dogma action on a displayed card"
    );
    assert!(tally.returned > 0, "no displayed card was returned");
    assert!(
        tally.melded_from_display > 0,
        "no displayed card was melded"
    );
    assert!(tally.seized > 0, "no Relic was seized");
}

/// The Artifacts with the Relics: 1,000 games.
const RELICS: &str = "third+artifacts+relics";
/// The three expansions written for the third edition so far, with the Relics: 1,000 games.
const ALL: &str = "third+cities+echoes+artifacts+relics";

#[test]
fn relics_two_player_games() {
    check(play(RELICS, 2, 0..400), 400);
}

#[test]
fn relics_three_player_games() {
    check(play(RELICS, 3, 10_000..10_200), 200);
}

#[test]
fn relics_four_player_games() {
    check(play(RELICS, 4, 20_000..20_200), 200);
}

#[test]
fn relics_five_player_games() {
    check(play(RELICS, 5, 30_000..30_200), 200);
}

#[test]
fn cities_echoes_artifacts_two_player_games() {
    check(play(ALL, 2, 40_000..40_400), 400);
}

#[test]
fn cities_echoes_artifacts_three_player_games() {
    check(play(ALL, 3, 50_000..50_200), 200);
}

#[test]
fn cities_echoes_artifacts_four_player_games() {
    check(play(ALL, 4, 60_000..60_200), 200);
}

#[test]
fn cities_echoes_artifacts_five_player_games() {
    check(play(ALL, 5, 70_000..70_200), 200);
}
