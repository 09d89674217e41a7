//! The example card sets in `examples/`: each compiles as an edition clean of warnings, its
//! sources are in canonical layout, every one of its scenarios passes, and seeded random games
//! of it play to the end. Each set's README walks a designer through the same commands.

use dogma_runtime::agents::{play, Agent, RandomAgent};
use dogma_runtime::game::{Game, Setup, Status};
use dogma_runtime::log::Event;
use std::collections::BTreeMap;
use std::process::{Command, Output};
use std::sync::Arc;

/// An example set: its folder under the repository root and what it adds to the third edition.
struct ExampleSet {
    /// `examples/NAME`, holding `NAME.toml`, `cards/` and `scenarios/`.
    folder: &'static str,
    name: &'static str,
    /// The cards it adds to the third edition's 105, and its own special achievements.
    cards: usize,
    specials: usize,
    /// One of the cards it adds.
    a_card: &'static str,
    /// At least this many scenarios: one per card, and more.
    scenarios: usize,
}

impl ExampleSet {
    fn manifest(&self) -> String {
        format!("{}/{}.toml", self.folder, self.name)
    }

    fn path(&self, rest: &str) -> String {
        format!("{}/{rest}", self.folder)
    }
}

/// Odile Marchetti's ten cards and a special achievement (`examples/tinkerers/README.md`).
const TINKERERS: ExampleSet = ExampleSet {
    folder: "examples/tinkerers",
    name: "tinkerers",
    cards: 10,
    specials: 1,
    a_card: "Workshop",
    scenarios: 11,
};

/// Ines Halvorsen's seventeen cards, written with issue 12's constructs
/// (`examples/almanac/README.md`).
const ALMANAC: ExampleSet = ExampleSet {
    folder: "examples/almanac",
    name: "almanac",
    cards: 17,
    specials: 0,
    a_card: "Tithe Barn",
    scenarios: 17,
};

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

/// Clean of warnings too: every intended text is what its effect renders.
fn checks_clean(set: &ExampleSet) {
    let out = dogma(&["check", "--deny-warnings", "--edition", &set.manifest()]);
    let all = text(&out);
    assert_eq!(out.status.code(), Some(0), "{all}");
    // The third edition's 105 cards and 5 special achievements, and the set's own.
    let counts = format!(
        "{} cards and {} special achievements",
        105 + set.cards,
        5 + set.specials
    );
    assert!(all.contains(&counts), "expected `{counts}`:\n{all}");
    assert!(all.contains(": no errors\n"), "{all}");
    assert!(!all.contains("warning"), "{all}");
}

/// A walkthrough's slip: one card file of the set, with `from` replaced by `to` in its
/// statements, drifts from its intended text; the warning shows the words changed, and the check
/// still passes.
fn slip_is_a_drift_warning(set: &ExampleSet, file: &str, from: &str, to: &str, words: &str) {
    let source = std::fs::read_to_string(set.path(file)).expect("the card file");
    assert!(source.contains(from), "{source}");
    let dir = std::env::temp_dir().join(format!(
        "dogma-examples-{}-{}",
        set.name,
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let slip = dir.join("slip.dogma");
    std::fs::write(&slip, source.replace(from, to)).expect("write");
    let out = dogma(&[
        "check",
        "--edition",
        &set.manifest(),
        &slip.to_string_lossy(),
    ]);
    std::fs::remove_dir_all(&dir).expect("temp dir removed");
    let all = text(&out);
    assert_eq!(out.status.code(), Some(0), "{all}");
    assert!(all.contains("warning[W0001]"), "{all}");
    assert!(all.contains(&format!("= words: {words}")), "{all}");
    assert!(all.contains("no errors, 1 warning"), "{all}");
}

fn is_formatted(set: &ExampleSet) {
    let out = dogma(&["fmt", "--check", &set.path("cards")]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
}

fn adds_its_cards_to_the_third_edition(set: &ExampleSet) {
    let out = dogma(&["diff", "third", &set.manifest()]);
    let all = text(&out);
    assert_eq!(out.status.code(), Some(0), "{all}");
    let counts = format!("{} added, 0 removed, 0 changed, 105 the same", set.cards);
    assert!(all.contains(&counts), "expected `{counts}`:\n{all}");
    assert!(all.contains(&format!("+ added: {}", set.a_card)), "{all}");
}

fn every_scenario_passes(set: &ExampleSet) {
    let folder = set.path("scenarios");
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(&folder);
    let scenarios = std::fs::read_dir(&dir)
        .expect("the scenarios folder")
        .filter_map(|e| e.ok())
        .filter(|e| e.path().extension().is_some_and(|x| x == "toml"))
        .count();
    assert!(
        scenarios >= set.scenarios,
        "at least one scenario per card: {scenarios}"
    );
    let out = dogma(&["test", &folder]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    let summary = format!("{scenarios} passed, 0 failed");
    assert!(
        stdout.lines().any(|l| l.trim() == summary),
        "expected `{summary}`:\n{}",
        text(&out)
    );
}

/// Seeded random games, two to four players, each played to a winner or a draw with the
/// state's invariants intact (they are checked after every action and answer in debug builds).
/// Returns how many times each of the set's cards had an effect executed, by title.
fn random_games_play_to_the_end(
    set: &ExampleSet,
    seeds: std::ops::Range<u64>,
) -> BTreeMap<String, usize> {
    let mut executed = BTreeMap::new();
    std::env::set_current_dir(env!("CARGO_MANIFEST_DIR")).expect("repository root");
    let edition = Arc::new(dogma::compile_edition(&set.manifest()).expect("the set compiles"));
    assert_eq!(edition.cards.len(), 105 + set.cards);
    for seed in seeds {
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
            panic!("{}: {players} players, seed {seed}: {e}", set.name);
        }
        assert!(
            matches!(game.status(), Status::Over(_)),
            "{}: {players} players, seed {seed}: the game did not end",
            set.name
        );
        dogma_runtime::invariants::check(&game)
            .unwrap_or_else(|e| panic!("{}: {players} players, seed {seed}: {e}", set.name));
        for event in game.log.iter() {
            if let Event::Execute { card, .. } = event {
                let card = edition.card(*card);
                if card.set == set.name {
                    *executed.entry(card.title.clone()).or_insert(0) += 1;
                }
            }
        }
    }
    executed
}

// ----- the Tinkerers -------------------------------------------------------------------------

#[test]
fn the_tinkerers_check_clean() {
    checks_clean(&TINKERERS);
}

/// The walkthrough's slip (step 5): Salvage Yard without `for every returned`.
#[test]
fn the_tinkerers_walkthroughs_slip_is_a_drift_warning() {
    slip_is_a_drift_warning(
        &TINKERERS,
        "cards/age04.dogma",
        " for every returned",
        "",
        "… Draw a [4] [-for every card you returned-].",
    );
}

#[test]
fn the_tinkerers_are_formatted() {
    is_formatted(&TINKERERS);
}

#[test]
fn the_tinkerers_add_ten_cards_to_the_third_edition() {
    adds_its_cards_to_the_third_edition(&TINKERERS);
}

#[test]
fn every_scenario_of_the_tinkerers_passes() {
    every_scenario_passes(&TINKERERS);
}

#[test]
fn random_games_of_the_tinkerers_play_to_the_end() {
    random_games_play_to_the_end(&TINKERERS, 0..50);
}

// ----- the Almanac ---------------------------------------------------------------------------

#[test]
fn the_almanac_checks_clean() {
    checks_clean(&ALMANAC);
}

/// The walkthrough's slip: Tithe Barn's `most` written `fewest`, one word.
#[test]
fn the_almanac_walkthroughs_slip_is_a_drift_warning() {
    slip_is_a_drift_warning(
        &ALMANAC,
        "cards/age03.dogma",
        "the opponent with the most cards in hand transfers",
        "the opponent with the fewest cards in hand transfers",
        "The opponent with the [-most-] {+fewest+} cards in their hand …",
    );
}

#[test]
fn the_almanac_is_formatted() {
    is_formatted(&ALMANAC);
}

#[test]
fn the_almanac_adds_seventeen_cards_to_the_third_edition() {
    adds_its_cards_to_the_third_edition(&ALMANAC);
}

#[test]
fn every_scenario_of_the_almanac_passes() {
    every_scenario_passes(&ALMANAC);
}

/// A thousand games, in four tests of 250 that run side by side; in each, every card of the set
/// has its effects executed.
fn almanac_games(seeds: std::ops::Range<u64>) {
    let executed = random_games_play_to_the_end(&ALMANAC, seeds);
    assert_eq!(executed.len(), ALMANAC.cards, "{executed:?}");
}

#[test]
fn random_games_of_the_almanac_play_to_the_end_1() {
    almanac_games(0..250);
}

#[test]
fn random_games_of_the_almanac_play_to_the_end_2() {
    almanac_games(250..500);
}

#[test]
fn random_games_of_the_almanac_play_to_the_end_3() {
    almanac_games(500..750);
}

#[test]
fn random_games_of_the_almanac_play_to_the_end_4() {
    almanac_games(750..1000);
}

/// The commands of a walkthrough (`$ ./target/debug/dogma …` in its ```console blocks), each
/// with the lines shown after it. A line `PROMPT> TYPED` is an answer typed at a prompt: the
/// typed words are fed to the command, and only the prompt is looked for.
fn walkthrough_commands(readme: &str) -> Vec<(String, Vec<String>, String)> {
    let mut commands: Vec<(String, Vec<String>, String)> = Vec::new();
    let mut in_console = false;
    for line in readme.lines() {
        if line.starts_with("```") {
            in_console = line == "```console";
            continue;
        }
        if !in_console {
            continue;
        }
        if let Some(command) = line.strip_prefix("$ ") {
            commands.push((command.to_string(), Vec::new(), String::new()));
        } else if let Some((_, shown, typed)) = commands.last_mut() {
            match line.split_once("> ") {
                Some((prompt, answer))
                    if ["a number", "action", "numbers separated by spaces"].contains(&prompt) =>
                {
                    typed.push_str(answer);
                    typed.push('\n');
                    shown.push(format!("{prompt}> "));
                }
                _ => shown.push(line.to_string()),
            }
        }
    }
    commands
}

/// A walkthrough runs as written: each command's shown lines come out of it, in order (`…`
/// stands for lines left out; a line ending in `…` is a prefix).
fn walkthrough_runs_as_written(readme: &str) {
    let root = env!("CARGO_MANIFEST_DIR");
    let text = std::fs::read_to_string(std::path::Path::new(root).join(readme)).expect(readme);
    std::fs::create_dir_all(std::path::Path::new(root).join("target")).expect("target/");
    let commands = walkthrough_commands(&text);
    assert!(commands.len() >= 8, "{readme}: {} commands", commands.len());
    for (command, shown, typed) in commands {
        let line = command.replace("./target/debug/dogma", env!("CARGO_BIN_EXE_dogma"));
        let mut child = Command::new("sh")
            .args(["-c", &line])
            .current_dir(root)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("sh runs");
        {
            use std::io::Write as _;
            let mut stdin = child.stdin.take().expect("stdin");
            let _ = stdin.write_all(typed.as_bytes());
        }
        let out = child.wait_with_output().expect("the command ends");
        let all = without_timings(&text_of(&out));
        let mut at = 0;
        for expected in shown {
            let expected = expected.trim_end();
            if expected == "…" || expected.is_empty() {
                continue;
            }
            let expected = without_timings(expected.trim_end_matches('…'));
            match all[at..].find(&expected) {
                Some(i) => at += i + expected.len(),
                None => panic!(
                    "{readme}: `{command}` does not print, in order,\n{expected}\nit printed:\n{all}"
                ),
            }
        }
    }
}

/// The text with every time in milliseconds (`in 432.6 ms`) as `N ms`: timings vary.
fn without_timings(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(i) = rest.find(" ms") {
        let before = &rest[..i];
        let digits = before
            .trim_end_matches(|c: char| c.is_ascii_digit() || c == '.')
            .len();
        if digits < before.len() {
            out.push_str(&before[..digits]);
            out.push('N');
        } else {
            out.push_str(before);
        }
        out.push_str(" ms");
        rest = &rest[i + 3..];
    }
    out.push_str(rest);
    out
}

fn text_of(out: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

#[test]
fn the_tinkerers_walkthrough_runs_as_written() {
    walkthrough_runs_as_written("examples/tinkerers/README.md");
}

#[test]
fn the_almanac_walkthrough_runs_as_written() {
    walkthrough_runs_as_written("examples/almanac/README.md");
}
