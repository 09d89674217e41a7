//! Seeded random games of the third edition with Figures in the Sand, alone and with the other
//! three expansions (and the Relics), played to the end at 2 to 5 players, with the invariants
//! checked after every action and answer. Every game is played on the VM and on the native code
//! and the two must agree byte for byte. The Figures rules must have fired: figures drawn (for
//! sharing and after Achieve actions), Inspire actions, figures faded; the totals are printed
//! with the Decrees issued, the "When you meld this card" karmas run and the "would" karmas run
//! first and instead (`cargo test --test figures_games -- --nocapture`).
//!
//! Only the figures written so far are in play (cards/expansions/figures.toml lists the others),
//! so a Figure due from an empty deck is a base card, as the rules say of an empty set's deck.

use dogma::differential::{native_twin, random_game_on_both, setup};
use dogma_runtime::bytecode::LastingWhen;
use dogma_runtime::choices::Action;
use dogma_runtime::game::Status;
use dogma_runtime::log::Event;
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
    figures_drawn: usize,
    inspires: usize,
    decrees_issued: usize,
    decrees_returned: usize,
    faded: usize,
    meld_karmas: usize,
    /// "Would" karmas that ran before their event, and in its place.
    first_karmas: usize,
    instead_karmas: usize,
}

/// Plays the games and tallies how they ended and what the Figures rules did.
fn play(name: &str, players: usize, seeds: std::ops::Range<u64>) -> Tally {
    let edition = edition(name);
    let figures = edition
        .0
        .edition
        .rules
        .set_index("figures")
        .expect("Figures is in play");
    let figure = |card: u16| edition.0.edition.card(card).deck_set == figures;
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
                Event::Draw { card, .. } if figure(*card) => tally.figures_drawn += 1,
                Event::Action {
                    action: Action::Inspire(_),
                    ..
                } => tally.inspires += 1,
                Event::DecreeIssued { .. } => tally.decrees_issued += 1,
                Event::DecreeReturned { .. } => tally.decrees_returned += 1,
                Event::Fade { .. } => tally.faded += 1,
                Event::LastingRuns {
                    when: LastingWhen::Melded,
                    ..
                } => tally.meld_karmas += 1,
                Event::Karma { first: true, .. } => tally.first_karmas += 1,
                Event::Karma { first: false, .. } => tally.instead_karmas += 1,
                _ => {}
            }
        }
    }
    eprintln!("{name}, {players} players: {tally:?}");
    tally
}

fn check(tally: Tally, games: usize) {
    assert_eq!(tally.ended, games);
    assert!(tally.figures_drawn > 0, "no figure was drawn");
    assert!(tally.inspires > 0, "no Inspire action");
    assert!(tally.faded > 0, "no figure faded");
    assert!(tally.first_karmas > 0, "no \"first\" karma ran");
}

/// Figures alone: 1,000 games.
const FIGURES: &str = "third+figures";
/// The four expansions of the third edition, with the Relics: 1,000 games.
const ALL: &str = "third+cities+echoes+artifacts+relics+figures";

#[test]
fn figures_two_player_games() {
    check(play(FIGURES, 2, 0..400), 400);
}

#[test]
fn figures_three_player_games() {
    check(play(FIGURES, 3, 10_000..10_200), 200);
}

#[test]
fn figures_four_player_games() {
    check(play(FIGURES, 4, 20_000..20_200), 200);
}

#[test]
fn figures_five_player_games() {
    check(play(FIGURES, 5, 30_000..30_200), 200);
}

#[test]
fn all_four_two_player_games() {
    check(play(ALL, 2, 40_000..40_400), 400);
}

#[test]
fn all_four_three_player_games() {
    check(play(ALL, 3, 50_000..50_200), 200);
}

#[test]
fn all_four_four_player_games() {
    check(play(ALL, 4, 60_000..60_200), 200);
}

#[test]
fn all_four_five_player_games() {
    check(play(ALL, 5, 70_000..70_200), 200);
}

/// A repeat a karma keeps feeding ends: Metalworking redraws the one age-1 card that Ludwig Van
/// Beethoven's karma keeps returning instead of scoring; the effect stops after its 255th repeat
/// (docs/language.md 2.22), so the karma runs 256 times and the turn goes on.
#[test]
fn a_repeat_a_karma_keeps_feeding_ends_after_255_repeats() {
    use dogma_runtime::agents::{Agent, FirstAgent};
    use dogma_runtime::game::Game;
    std::env::set_current_dir(env!("CARGO_MANIFEST_DIR")).expect("repository root");
    let mut editions = dogma::scenario::EditionCache::new(dogma::scenario::Backends::Vm);
    let path = std::path::Path::new("tests/fixtures/figures-endless-repeat.toml");
    let (scenario, edition) = dogma::scenario::load(path, &mut editions).expect("loads");
    let mut game = Game::from_table(edition, &scenario.table).expect("the table is set");
    game.act(scenario.actions[0].action)
        .expect("the action is legal");
    let mut agent = FirstAgent;
    for _ in 0..100_000 {
        let Status::Decision(request) = game.status() else {
            break;
        };
        let request = request.clone();
        let answer = agent.decide(&game, &request);
        game.answer(answer).expect("a legal answer");
    }
    assert!(
        !matches!(game.status(), Status::Decision(_)),
        "the action never ended"
    );
    let karmas = game
        .log
        .iter()
        .filter(|e| matches!(e, Event::Karma { first: false, .. }))
        .count();
    assert_eq!(karmas, 256);
}
