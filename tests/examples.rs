//! The example card set in `examples/tinkerers/`: it compiles as an edition, its sources are in
//! canonical layout, every one of its scenarios passes, and seeded random games of it play to the
//! end. The set's README walks a designer through the same commands.

use dogma_runtime::agents::{play, Agent, RandomAgent};
use dogma_runtime::game::{Game, Setup, Status};
use std::process::{Command, Output};
use std::sync::Arc;

const MANIFEST: &str = "examples/tinkerers/tinkerers.toml";

fn dogma(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dogma"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("dogma runs")
}

fn text(out: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

#[test]
fn the_set_checks_clean() {
    // Clean of warnings too: every intended text is what its effect renders.
    let out = dogma(&["check", "--deny-warnings", "--edition", MANIFEST]);
    let all = text(&out);
    assert_eq!(out.status.code(), Some(0), "{all}");
    // The third edition's 105 cards and 5 special achievements, and the set's 10 and 1.
    assert!(
        all.contains("115 cards and 6 special achievements"),
        "{all}"
    );
    assert!(all.contains(": no errors\n"), "{all}");
    assert!(!all.contains("warning"), "{all}");
}

/// The walkthrough's slip (step 5): Salvage Yard without `for every returned` drifts from its
/// intended text, which the warning shows word by word; the check still passes.
#[test]
fn the_walkthroughs_slip_is_a_drift_warning() {
    let source =
        std::fs::read_to_string("examples/tinkerers/cards/age04.dogma").expect("Salvage Yard");
    assert!(source.contains("text \"Choose a value."), "{source}");
    let dir = std::env::temp_dir().join(format!("dogma-examples-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let slip = dir.join("salvage.dogma");
    std::fs::write(&slip, source.replace(" for every returned", "")).expect("write");
    let out = dogma(&["check", "--edition", MANIFEST, &slip.to_string_lossy()]);
    let all = text(&out);
    assert_eq!(out.status.code(), Some(0), "{all}");
    assert!(all.contains("warning[W0001]"), "{all}");
    assert!(
        all.contains("= words: … Draw a [4] [-for every card you returned-]."),
        "{all}"
    );
    assert!(all.contains("no errors, 1 warning"), "{all}");
}

#[test]
fn the_set_is_formatted() {
    let out = dogma(&["fmt", "--check", "examples/tinkerers/cards"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
}

#[test]
fn the_set_adds_ten_cards_to_the_third_edition() {
    let out = dogma(&["diff", "third", MANIFEST]);
    let all = text(&out);
    assert_eq!(out.status.code(), Some(0), "{all}");
    assert!(
        all.contains("10 added, 0 removed, 0 changed, 105 the same"),
        "{all}"
    );
    assert!(all.contains("+ added: Workshop"), "{all}");
}

#[test]
fn every_scenario_of_the_set_passes() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/tinkerers/scenarios");
    let scenarios = std::fs::read_dir(&dir)
        .expect("the scenarios folder")
        .filter_map(|e| e.ok())
        .filter(|e| e.path().extension().is_some_and(|x| x == "toml"))
        .count();
    assert!(
        scenarios >= 11,
        "at least one scenario per card: {scenarios}"
    );
    let out = dogma(&["test", "examples/tinkerers/scenarios"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    let summary = format!("{scenarios} passed, 0 failed");
    assert!(
        stdout.lines().any(|l| l.trim() == summary),
        "expected `{summary}`:\n{}",
        text(&out)
    );
}

/// Fifty seeded random games, two to four players, each played to a winner or a draw with the
/// state's invariants intact.
#[test]
fn random_games_of_the_set_play_to_the_end() {
    std::env::set_current_dir(env!("CARGO_MANIFEST_DIR")).expect("repository root");
    let edition = Arc::new(dogma::compile_edition(MANIFEST).expect("the set compiles"));
    assert_eq!(edition.cards.len(), 115);
    for seed in 0..50u64 {
        let players = 2 + (seed % 3) as usize;
        let names: Vec<String> = ["alice", "bob", "carol", "dave"][..players]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let mut game = Game::new(
            edition.clone(),
            Setup {
                players: names,
                seed,
                teams: false,
                team_of: Vec::new(),
            },
        )
        .expect("setup");
        let mut bots: Vec<RandomAgent> = (0..players as u8)
            .map(|s| RandomAgent::new(seed, s))
            .collect();
        let mut agents: Vec<&mut dyn Agent> =
            bots.iter_mut().map(|b| b as &mut dyn Agent).collect();
        if let Err(e) = play(&mut game, &mut agents, None) {
            panic!("{players} players, seed {seed}: {e}");
        }
        assert!(
            matches!(game.status(), Status::Over(_)),
            "{players} players, seed {seed}: the game did not end"
        );
        dogma_runtime::invariants::check(&game)
            .unwrap_or_else(|e| panic!("{players} players, seed {seed}: {e}"));
    }
}
