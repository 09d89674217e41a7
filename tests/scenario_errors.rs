//! The scenario runner's own contract: loading errors name the file, the line and the reason;
//! an unscripted decision names the player, the question and the options; a scripted refusal is
//! checked; the run ends with `N passed, N failed`.

use std::path::{Path, PathBuf};
use std::process::Command;

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("dogma-scenarios-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, text).expect("write scenario");
    p
}

fn dogma_test(paths: &[&Path]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_dogma"))
        .arg("test")
        .args(paths)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("CI")
        .output()
        .expect("dogma runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).to_string(),
    )
}

#[test]
fn loading_errors_name_the_file_line_and_reason() {
    let d = dir("loading");
    let cases = [
        ("unknown-card.toml", "players = [\"alice\", \"bob\"]\n[alice]\nhand = [\"Oarz\"]\n", ":3: unknown card \"Oarz\" in the third edition; did you mean \"Oars\"?"),
        ("twice.toml", "players = [\"alice\", \"bob\"]\n[alice]\nhand = [\"Oars\"]\n[bob]\nscore = [\"Oars\"]\n", ":5: Oars is placed twice"),
        ("bad-key.toml", "players = [\"alice\", \"bob\"]\n[alice]\nhend = [\"Oars\"]\n", ":3: unknown key `hend`"),
        ("syntax.toml", "players = [\"alice\", \"bob\"\n", ":2:"),
        ("wrong-age.toml", "players = [\"alice\", \"bob\"]\n[supply]\n2 = [\"Oars\"]\n", ":3: Oars is of age 1, not 2"),
        ("single-splay.toml", "players = [\"alice\", \"bob\"]\n[alice]\nboard.red = [\"Oars\"]\nsplay.red = \"left\"\n", "cannot be splayed left"),
    ];
    for (name, text, expected) in cases {
        let path = write(&d, name, text);
        let (code, out) = dogma_test(&[&path]);
        assert_eq!(code, 1, "{name}: {out}");
        let located = format!("{}{expected}", path.display());
        assert!(
            out.contains(&located) || (expected.starts_with("cannot") && out.contains(expected)),
            "{name}: expected `{located}` in\n{out}"
        );
        assert!(out.ends_with("0 passed, 1 failed\n"), "{name}: {out}");
    }
}

#[test]
fn an_unscripted_decision_names_the_player_question_and_options() {
    let d = dir("unscripted");
    let path = write(
        &d,
        "archery.toml",
        "players = [\"alice\", \"bob\"]\n[alice]\nboard.red = [\"Archery\"]\n[bob]\nhand = [\"Pottery\", \"Agriculture\"]\n[supply]\n1 = [\"Mysticism\"]\n[[actions]]\ndogma = \"Archery\"\n",
    );
    let (code, out) = dogma_test(&[&path]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains(
            "unscripted decision: bob must choose 1 card from [Agriculture, Mysticism, Pottery]"
        ),
        "{out}"
    );
}

#[test]
fn scripted_refusals_and_first_legal_answers() {
    let d = dir("refusals");
    let path = write(
        &d,
        "archery.toml",
        "players = [\"alice\", \"bob\"]\n[alice]\nboard.red = [\"Archery\"]\n[bob]\nhand = [\"Pottery\", \"Agriculture\"]\n[supply]\n1 = [\"Mysticism\"]\n\
         [[actions]]\ndogma = \"Archery\"\ndecisions = [\n  { player = \"bob\", choose = [\"Pottery\", \"Oars\"], refused = \"at most one\" },\n  { player = \"bob\", choose = [\"Pottery\"] },\n]\n\
         [[actions]]\nachieve = \"Monument\"\nrefused = \"never with the Achieve action\"\n\
         [[actions]]\nachieve = 9\nrefused = \"score of at least 45\"\n\
         [expect.alice]\nhand = [\"Pottery\"]\n",
    );
    let (code, out) = dogma_test(&[&path]);
    assert_eq!(code, 0, "{out}");
    assert!(out.ends_with("1 passed, 0 failed\n"), "{out}");
    // The first run of a passing scenario writes its snapshot beside it.
    assert!(path.with_extension("snap").exists());
}

#[test]
fn a_changed_outcome_fails_with_the_expectation_and_a_snapshot_diff() {
    let d = dir("changed");
    let scenario = "players = [\"alice\", \"bob\"]\n[alice]\nboard.blue = [\"Writing\"]\n[supply]\n2 = [\"Calendar\", \"Mathematics\"]\n[[actions]]\ndogma = \"Writing\"\n[expect.alice]\nhand = [\"Calendar\"]\n";
    let path = write(&d, "writing.toml", scenario);
    let (code, out) = dogma_test(&[&path]);
    assert_eq!(code, 0, "{out}");
    // The same table with another card on top of the deck behaves differently.
    write(
        &d,
        "writing.toml",
        &scenario.replace(
            "[\"Calendar\", \"Mathematics\"]",
            "[\"Mathematics\", \"Calendar\"]",
        ),
    );
    let (code, out) = dogma_test(&[&path]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("alice.hand:\n      expected [Calendar]\n      actual   [Mathematics]"),
        "{out}"
    );
    assert!(
        out.contains("-alice draws Calendar [2]\n  +alice draws Mathematics [2]"),
        "{out}"
    );
}

/// Runs one scenario that must fail; returns the report.
fn failing(d: &Path, name: &str, text: &str) -> (PathBuf, String) {
    let path = write(d, name, text);
    let (code, out) = dogma_test(&[&path]);
    assert_eq!(code, 1, "{name}: {out}");
    assert!(out.ends_with("0 passed, 1 failed\n"), "{name}: {out}");
    (path, out)
}

#[test]
fn setup_is_refused_with_hand_set_zones_and_its_questions_are_scripted() {
    let d = dir("setup");
    let setup = "[setup]\ndecisions = [{ player = \"alice\", choose = [\"Sailing\"] }]\n";
    let (path, out) = failing(
        &d,
        "zones.toml",
        &format!("players = [\"alice\", \"bob\"]\n{setup}[bob]\nhand = [\"Oars\"]\n"),
    );
    assert!(
        out.contains(&format!(
            "{}:4: [bob] sets a player's zones by hand, but [setup] plays the game's own setup",
            path.display()
        )),
        "{out}"
    );
    let (path, out) = failing(
        &d,
        "actions-left.toml",
        &format!("players = [\"alice\", \"bob\"]\nactions_left = 1\n{setup}"),
    );
    assert!(
        out.contains(&format!(
            "{}:2: actions_left cannot be set with [setup]",
            path.display()
        )),
        "{out}"
    );
    // bob's first meld is not scripted: the question names him and his two cards.
    let (_, out) = failing(
        &d,
        "unscripted.toml",
        &format!(
            "players = [\"alice\", \"bob\"]\n[supply]\n1 = [\"Sailing\", \"Writing\", \"Oars\", \"Archery\"]\n{setup}"
        ),
    );
    assert!(
        out.contains("unscripted decision: bob must choose 1 card from [Archery, Oars]"),
        "{out}"
    );
    let (_, out) = failing(
        &d,
        "short-deck.toml",
        &format!("players = [\"alice\", \"bob\"]\n[supply]\nexact = [1]\n1 = [\"Oars\", \"Tools\", \"Sailing\"]\n{setup}"),
    );
    assert!(
        out.contains("the setup deals two 1s to each of the 2 players, but the age 1 deck holds 3"),
        "{out}"
    );
    let (_, out) = failing(
        &d,
        "unknown.toml",
        "players = [\"alice\", \"bob\"]\n[setup]\nrounds = 2\n",
    );
    assert!(out.contains(":3: unknown key `rounds` in [setup]"), "{out}");
}

#[test]
fn expect_targets_is_checked_before_the_action_and_refused_on_a_draw() {
    let d = dir("targets");
    let table = "players = [\"alice\", \"bob\"]\n[alice]\nhand = [\"Oars\", \"Tools\"]\nboard.red = [\"Archery\"]\n";
    let (path, out) = failing(
        &d,
        "draw.toml",
        &format!("{table}[[actions]]\ndraw = true\nexpect_targets = [\"Oars\"]\n"),
    );
    assert!(
        out.contains(&format!(
            "{}:7: a draw has no targets: expect_targets is for meld, dogma and achieve",
            path.display()
        )),
        "{out}"
    );
    let (path, out) = failing(
        &d,
        "meld.toml",
        &format!("{table}[[actions]]\nmeld = \"Oars\"\nexpect_targets = [\"Oars\", \"Pottery\"]\n"),
    );
    assert!(
        out.contains(&format!(
            "{}:5: expected the targets to meld [Oars, Pottery], but the legal ones are [Oars, Tools]",
            path.display()
        )),
        "{out}"
    );
    let (_, out) = failing(
        &d,
        "achieve.toml",
        &format!("{table}[[actions]]\nachieve = 1\nexpect_targets = [1]\nrefused = \"score\"\n"),
    );
    assert!(
        out.contains("expected the targets to achieve [1], but the legal ones are []"),
        "{out}"
    );
    let (_, out) = failing(
        &d,
        "typo.toml",
        &format!("{table}[[actions]]\ndogma = \"Archery\"\nexpect_targets = [\"Archerz\"]\n"),
    );
    assert!(out.contains("did you mean \"Archery\"?"), "{out}");
}

#[test]
fn turn_actions_left_eliminated_and_totals_are_expectations() {
    let d = dir("expect-keys");
    let table = "players = [\"alice\", \"bob\"]\n[alice]\nboard.red = [\"Archery\"]\nachievements = [\"Mysticism\", \"Monument\"]\n";
    let (_, out) = failing(
        &d,
        "mismatch.toml",
        &format!(
            "{table}[expect]\nturn = \"bob\"\nactions_left = 1\neliminated = [\"bob\"]\n[expect.alice]\nachievements = [\"City States\", \"Monument\"]\nachievements_total = 3\n"
        ),
    );
    for expected in [
        "turn:\n      expected bob\n      actual   alice",
        "actions_left:\n      expected 1\n      actual   2",
        "eliminated:\n      expected [bob]\n      actual   []",
        // Achievements are the cards physically there: Mysticism is not City States, though both
        // are 1s.
        "alice.achievements:\n      expected [City States, Monument]\n      actual   [Monument, Mysticism [1]]",
        "alice.achievements_total:\n      expected 3\n      actual   2",
    ] {
        assert!(out.contains(expected), "`{expected}` in\n{out}");
    }
    let (path, out) = failing(
        &d,
        "not-a-player.toml",
        &format!("{table}[expect]\nturn = \"carol\"\n"),
    );
    assert!(
        out.contains(&format!(
            "{}:6: turn: `carol` is not a player (alice, bob)",
            path.display()
        )),
        "{out}"
    );
}

#[test]
fn a_special_achievement_junked_twice_is_refused() {
    let d = dir("junk");
    let (path, out) = failing(
        &d,
        "twice.toml",
        "edition = \"fourth\"\nplayers = [\"alice\", \"bob\"]\n[supply]\njunk = [\"Monument\", \"Oars\"]\njunked_specials = [\"Monument\"]\n",
    );
    assert!(
        out.contains(&format!(
            "{}:5: Monument is listed twice in the junk",
            path.display()
        )),
        "{out}"
    );
}
