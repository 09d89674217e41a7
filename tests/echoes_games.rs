//! Seeded random games of the third edition with Echoes of the Past, played to the end: 1,000
//! with Echoes alone and 1,000 with Cities of Destiny and Echoes together, at 2 to 5 players (one
//! more player per expansion: the Echoes rulebook, "Playing with Expansions"; five players use
//! the distant-player rule), with the invariants checked after every action and answer. Every game
//! is played on the VM and on the native code and the two must agree byte for byte. The Echoes
//! rules must all have fired: echo effects run, forecast cards promoted, bonuses counted in the
//! final scores; the totals are printed (`cargo test --test echoes_games -- --nocapture`).

use dogma::differential::{native_twin, random_game_on_both, setup};
use dogma_runtime::game::Status;
use dogma_runtime::log::Event;
use dogma_runtime::state::Location;
use dogma_runtime::terms::Verb;
use dogma_runtime::vm::Program;
use dogma_runtime::vocab::EffectKind;
use std::collections::BTreeMap;

fn edition(name: &str) -> (Program, Program) {
    std::env::set_current_dir(env!("CARGO_MANIFEST_DIR")).expect("repository root");
    let vm = dogma::compile_edition(name).unwrap_or_else(|e| panic!("{e}"));
    let native = native_twin(&vm).unwrap_or_else(|e| panic!("{e}"));
    (Program::from(vm), native)
}

/// What a batch of games did.
#[derive(Default)]
struct Tally {
    ended: usize,
    endings: BTreeMap<&'static str, usize>,
    echo_effects: usize,
    promotions: usize,
    bonus_points: i64,
}

/// Plays the games and tallies how they ended and what the Echoes rules did.
fn play(name: &str, players: usize, seeds: std::ops::Range<u64>) -> Tally {
    let edition = edition(name);
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
        let cards = game.edition();
        for event in game.log.iter() {
            match event {
                Event::Execute { card, effect, .. }
                    if cards.card(*card).effects[usize::from(*effect)].kind == EffectKind::Echo =>
                {
                    tally.echo_effects += 1;
                }
                Event::Move {
                    verb: Verb::Meld,
                    from: Location::Forecast(_),
                    ..
                } => tally.promotions += 1,
                _ => {}
            }
        }
        for seat in 0..players {
            let seat = seat as u8;
            let pile = game.state.score(cards, seat);
            tally.bonus_points += i64::from(game.score(seat) - pile);
        }
    }
    eprintln!(
        "{name}, {players} players: {} games ended ({:?}); {} echo effects run, {} promotions, {} bonus points at the end",
        tally.ended, tally.endings, tally.echo_effects, tally.promotions, tally.bonus_points
    );
    tally
}

fn check(tally: Tally, games: usize) {
    assert_eq!(tally.ended, games);
    assert!(tally.echo_effects > 0, "no echo effect ran");
    assert!(tally.promotions > 0, "no forecast card was promoted");
    assert!(tally.bonus_points > 0, "no bonus counted at the end");
}

#[test]
fn echoes_two_player_games() {
    check(play("third+echoes", 2, 0..400), 400);
}

#[test]
fn echoes_three_player_games() {
    check(play("third+echoes", 3, 10_000..10_200), 200);
}

#[test]
fn echoes_four_player_games() {
    check(play("third+echoes", 4, 20_000..20_200), 200);
}

#[test]
fn echoes_five_player_games() {
    check(play("third+echoes", 5, 30_000..30_200), 200);
}

#[test]
fn cities_and_echoes_two_player_games() {
    check(play("third+cities+echoes", 2, 70_000..70_250), 250);
}

#[test]
fn cities_and_echoes_three_player_games() {
    check(play("third+cities+echoes", 3, 40_000..40_250), 250);
}

#[test]
fn cities_and_echoes_four_player_games() {
    check(play("third+cities+echoes", 4, 50_000..50_250), 250);
}

#[test]
fn cities_and_echoes_five_player_games() {
    check(play("third+cities+echoes", 5, 60_000..60_250), 250);
}

/// The opening deal with Echoes: each player is dealt one base 1 and one Echoes 1 (../shared/rules/
/// echoes-third-edition-rulebook.txt, "Game Start"; ../shared/rules/EXPANSIONS.md E2), at every
/// player count and with Cities in play too.
#[test]
fn the_opening_deal_is_one_base_and_one_echoes_card() {
    for name in ["third+echoes", "third+cities+echoes"] {
        let (vm, _) = edition(name);
        let cards = vm.edition.clone();
        let echoes = cards
            .rules
            .set_index("echoes")
            .expect("Echoes is a set in play");
        for players in 2..=5 {
            for seed in 0..10 {
                let game = dogma_runtime::game::Game::new(vm.clone(), setup(players, seed))
                    .unwrap_or_else(|e| panic!("{name}, {players} players: {e:?}"));
                for seat in 0..players {
                    let hand = &game.state.players[seat].hand;
                    let mut sets: Vec<u8> = hand.iter().map(|&c| cards.card(c).deck_set).collect();
                    sets.sort_unstable();
                    assert_eq!(sets, [0, echoes], "{name}, seed {seed}, seat {seat}");
                    assert!(hand.iter().all(|&c| cards.card(c).age == 1));
                }
            }
        }
    }
}
