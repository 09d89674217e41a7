//! The `dogma` command-line contract: exit codes (0 clean, 1 diagnostics, 2 bad usage), and
//! readable diagnostics with file, line, column and a hint for malformed cards.

use std::path::PathBuf;
use std::process::{Command, Output};

fn dogma(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dogma"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("dogma runs")
}

/// Writes a card file into a fresh temporary folder and returns its path.
fn card_file(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dogma-cli-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(format!("{name}.dogma"));
    std::fs::write(&path, text).expect("write card");
    path
}

const GOOD: &str = "card \"Test\" {\n  age 1\n  color red\n  icons hex crown crown crown\n\n  effect crown {\n    draw a [1]\n  }\n}\n";

#[test]
fn the_repository_cards_check_clean() {
    let out = dogma(&["check"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains("checked the third edition: 105 cards and 5 special achievements"),
        "{stderr}"
    );
    let out = dogma(&["check", "--edition", "third", "cards/base"]);
    assert_eq!(out.status.code(), Some(0));
}

/// `cards/` holds trees: each is checked in the edition it belongs to, not all of them merged
/// (which would report the titles the first and fourth editions replace as used twice).
#[test]
fn a_folder_of_trees_is_checked_tree_by_tree() {
    let out = dogma(&["check", "cards"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    for line in [
        "checked the tree cards/base in the third edition: 105 cards and 5 special achievements",
        "checked the tree cards/base-first in the first edition: 105 cards and 5 special achievements",
        "checked the tree cards/base-fourth in the fourth edition: 115 cards and 5 special achievements",
        // An expansion's tree, in the game of its edition with it.
        "checked the tree cards/cities in the third+cities edition: 105 cards",
        "checked the tree cards/echoes in the third+echoes edition:",
        "checked the tree cards/artifacts in the third+artifacts edition:",
        "checked the tree cards/figures in the third+figures edition:",
        // An option of an expansion, with the expansion it belongs to.
        "checked the tree cards/relics in the third+artifacts+relics edition:",
        "checked the tree cards/figures in the third+figures edition:",
    ] {
        assert!(stderr.contains(line), "no `{line}` in\n{stderr}");
    }
    assert_eq!(stderr.matches("checked ").count(), 8, "{stderr}");
    assert_eq!(stderr.matches(": no errors").count(), 8, "{stderr}");
    assert!(!stderr.contains("error["), "{stderr}");
}

/// A tree named on the command line is checked alone, with the trees it extends.
#[test]
fn a_tree_is_checked_alone() {
    let out = dogma(&["check", "cards/base"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert_eq!(stderr.matches("checked ").count(), 1, "{stderr}");
    assert!(
        stderr.contains("checked 105 cards and 5 special achievements in 11 files"),
        "{stderr}"
    );
}

/// A folder with a tree and a loose card file checks them apart: the loose card may repeat a
/// title of the tree.
#[test]
fn the_loose_files_of_a_folder_of_trees_are_checked_by_themselves() {
    let loose = card_file("mixed", GOOD);
    let dir = loose.parent().expect("the temporary folder");
    let tree = dir.join("mine");
    std::fs::create_dir_all(&tree).expect("tree folder");
    std::fs::write(tree.join("tree.toml"), "set = \"mine\"\n").expect("write tree.toml");
    std::fs::write(tree.join("test.dogma"), GOOD).expect("write card");
    let out = dogma(&["check", dir.to_str().expect("utf-8 path")]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    let tree_line = format!("checked the tree {}: 1 card", tree.display());
    let loose_line = format!("checked the loose files of {}: 1 card", dir.display());
    assert!(stderr.contains(&tree_line), "no `{tree_line}` in\n{stderr}");
    assert!(
        stderr.contains(&loose_line),
        "no `{loose_line}` in\n{stderr}"
    );
}

/// A file checked against an edition knows the edition's other cards and special
/// achievements: a base card, a card of the same set in another file, a special achievement it
/// claims. A file of the edition (or a card of the same title) takes the place of the edition's
/// own, so nothing is reported twice.
#[test]
fn a_file_checked_in_an_edition_knows_its_other_cards() {
    let file = card_file(
        "names-others",
        "card \"Tinker's Bench\" {\n  age 3\n  color blue\n  icons hex crown crown crown\n\n  effect crown {\n    if \"Whittling\" is a top card and \"Agriculture\" is a top card {\n      draw a [3]\n    }\n  }\n}\n",
    );
    let path = file.to_str().expect("utf-8 path");
    let out = dogma(&[
        "check",
        "--edition",
        "examples/tinkerers/tinkerers.toml",
        path,
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains("checked 1 card and 0 special achievements in 1 file"),
        "{stderr}"
    );
    // Without the edition, the titles are unknown.
    let out = dogma(&["check", path]);
    assert_eq!(out.status.code(), Some(1));
    // A file of the edition, and a copy of it elsewhere: its cards replace the edition's, and
    // the achievement it claims is known.
    let copy = card_file(
        "copy",
        &std::fs::read_to_string("examples/tinkerers/cards/age08.dogma").expect("the example"),
    );
    let copy = copy.to_string_lossy().to_string();
    for path in ["examples/tinkerers/cards/age08.dogma", &copy] {
        let out = dogma(&[
            "check",
            "--edition",
            "examples/tinkerers/tinkerers.toml",
            path,
        ]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{path}: {stderr}");
    }
    // A base file checked in its edition: Masonry's `claim "Monument"` is known.
    let out = dogma(&["check", "--edition", "third", "cards/base/age01.dogma"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(stderr.contains("checked 15 cards"), "{stderr}");
}

#[test]
fn the_repository_cards_are_formatted() {
    let out = dogma(&["fmt", "--check"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
}

/// Each malformed card gives its code, the file with line and column, a help line, and exit 1.
#[test]
fn malformed_cards_get_readable_diagnostics() {
    let cases = [
        (
            "missing_brace",
            GOOD.trim_end().trim_end_matches('}'),
            "E0002",
            ":9:1",
        ),
        (
            "unknown_keyword",
            &GOOD.replace("draw a", "drow a"),
            "E0001",
            ":7:5",
        ),
        (
            "unknown_title",
            &GOOD.replace(
                "draw a [1]",
                "if \"Agricultur\" is a top card {\n      you win\n    }",
            ),
            "E0101",
            ":7:8",
        ),
        (
            "colour_for_card",
            &GOOD.replace("draw a [1]", "meld red"),
            "E0201",
            ":7:10",
        ),
        (
            "two_hexagons",
            &GOOD.replace("hex crown crown crown", "hex crown hex crown"),
            "E0304",
            ":4:3",
        ),
        (
            "wrong_featured_icon",
            &GOOD.replace("effect crown", "effect leaf"),
            "E0305",
            ":6:10",
        ),
    ];
    for (name, text, code, position) in cases {
        let path = card_file(name, text);
        let out = dogma(&["check", path.to_str().expect("utf-8 path")]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{name}: {stderr}");
        assert!(
            stderr.contains(&format!("error[{code}]")),
            "{name}: {stderr}"
        );
        let located = format!("{}{position}", path.display());
        assert!(
            stderr.contains(&located),
            "{name}: no {located} in\n{stderr}"
        );
        assert!(stderr.contains("help:"), "{name}: no help in\n{stderr}");
    }
}

#[test]
fn every_error_of_a_run_is_reported() {
    let text = format!(
        "{}\n{}",
        GOOD.replace("effect crown", "effect leaf"),
        GOOD.replace("\"Test\"", "\"Other\"")
            .replace("draw a [1]", "meld red")
    );
    let path = card_file("several", &text);
    let out = dogma(&["check", path.to_str().expect("utf-8 path")]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr.contains("E0305") && stderr.contains("E0201"),
        "{stderr}"
    );
    assert!(stderr.contains("2 errors"), "{stderr}");
}

#[test]
fn bad_usage_exits_with_2() {
    assert_eq!(dogma(&["check", "--no-such-flag"]).status.code(), Some(2));
    assert_eq!(
        dogma(&["check", "no/such/file.dogma"]).status.code(),
        Some(2)
    );
    assert_eq!(
        dogma(&["list", "--edition", "nineteenth"]).status.code(),
        Some(2)
    );
    assert_eq!(dogma(&["explain", "E9999"]).status.code(), Some(2));
}

#[test]
fn render_prints_a_card_and_refuses_an_unknown_one() {
    let out = dogma(&["render", "Archery"]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("Archery\n"), "{text}");
    assert!(text.contains("I demand you"), "{text}");
    let out = dogma(&["render", "Archerie"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("did you mean \"Archery\""));
}

#[test]
fn fmt_rewrites_a_file_canonically() {
    let path = card_file("messy", "card \"Test\" { age 1 color red icons hex crown crown crown effect crown { draw   a [1] } }");
    let out = dogma(&["fmt", path.to_str().expect("utf-8 path")]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(std::fs::read_to_string(&path).expect("read back"), GOOD);
    let out = dogma(&["fmt", "--check", path.to_str().expect("utf-8 path")]);
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn explain_documents_every_code() {
    let out = dogma(&["explain", "e0305"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("featured icon"));
}

/// `dogma bench` measures both back ends in one run and prints every figure with its ratio to
/// the native back end (the figures themselves are not checked: a benchmark, not a timed test).
#[test]
fn bench_reports_both_back_ends_with_ratios() {
    let out = dogma(&["bench", "--games", "2", "--players", "2,4", "--rounds", "1"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    for line in [
        "2 players: games/s",
        "2 players: actions/s",
        "4 players: games/s",
        "4 players: actions/s",
        "peak memory of a game run",
        "clone a mid-game 2-player state",
        "check and compile 11 official games",
        "ended by:",
    ] {
        assert!(stdout.contains(line), "{line}:\n{stdout}");
    }
    assert!(stdout.contains("vm/native"), "{stdout}");
    assert!(stdout.contains(" native actions"), "{stdout}");

    let out = dogma(&["bench", "--players", "5"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("2 to 4 players"));

    // A designer's edition has no native code: it is benched on the VM, and the report says so.
    let out = dogma(&[
        "bench",
        "--edition",
        "examples/tinkerers/tinkerers.toml",
        "--games",
        "3",
        "--rounds",
        "1",
        "--players",
        "2",
    ]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains("on the VM alone"), "{stdout}");
    assert!(stdout.contains("2 players: games/s"), "{stdout}");
    assert!(!stdout.contains("vm/native"), "{stdout}");
}

/// `dogma play --backend native` plays the same game as the VM, line for line.
#[test]
fn play_on_the_native_back_end_gives_the_vm_game() {
    let vm = dogma(&["play", "--seed", "3", "--players", "3", "--backend", "vm"]);
    let native = dogma(&[
        "play",
        "--seed",
        "3",
        "--players",
        "3",
        "--backend",
        "native",
    ]);
    assert_eq!(vm.status.code(), Some(0));
    assert_eq!(native.status.code(), Some(0));
    assert!(!vm.stdout.is_empty());
    assert!(vm.stdout == native.stdout, "the logs differ");
}

/// A syntax error does not hide the next card's: the file is read again card by card, and a
/// missing `}` is blamed where the layout says it belonged.
#[test]
fn a_syntax_error_does_not_hide_the_next_cards_and_a_missing_brace_is_placed() {
    let first = GOOD.replace(
        "    draw a [1]\n  }\n",
        "    if you have 2 crown {\n      draw a [1]\n  }\n",
    );
    let second = GOOD
        .replace("\"Test\"", "\"Other\"")
        .replace("draw a [1]", "drw a [1]");
    let path = card_file("two-syntax", &format!("{first}\n{second}"));
    let out = dogma(&["check", path.to_str().expect("utf-8 path")]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("E0002") && stderr.contains("E0001"),
        "{stderr}"
    );
    // The `if` block (line 7) should have closed before line 9, where the effect's `}` is.
    assert!(stderr.contains("two-syntax.dogma:9:1"), "{stderr}");
    assert!(
        stderr.contains("its `}` belongs before this line"),
        "{stderr}"
    );
    assert!(stderr.contains("did you mean `draw`?"), "{stderr}");
    assert!(stderr.contains("2 errors"), "{stderr}");
}

/// A byte-order mark, a byte that is not UTF-8 and a path that is not a regular file each get
/// their own message, never a syntax error about an invisible character.
#[test]
fn unreadable_card_files_say_why() {
    let bom = card_file("bom", &format!("\u{feff}{GOOD}"));
    let out = dogma(&["check", bom.to_str().expect("utf-8 path")]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("byte-order mark"), "{stderr}");

    let bad = card_file("latin1", "");
    let mut bytes = GOOD.as_bytes().to_vec();
    bytes.splice(30..30, [0xE9]);
    std::fs::write(&bad, bytes).expect("write");
    let out = dogma(&["check", bad.to_str().expect("utf-8 path")]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("latin1.dogma:3:") && stderr.contains("0xE9 (offset 30) is not UTF-8"),
        "{stderr}"
    );

    #[cfg(unix)]
    {
        let out = dogma(&["check", "/dev/null"]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert!(stderr.contains("not a regular file"), "{stderr}");
    }
}

/// `dogma explain` prints the explanation itself: the cause and the fix.
#[test]
fn explain_prints_the_cause_and_the_fix() {
    let out = dogma(&["explain", "e0002"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0));
    assert!(
        stdout.starts_with("E0002: a `{` is never closed\n"),
        "{stdout}"
    );
    assert!(
        stdout.contains("Typical cause: ") && stdout.contains("How to fix it: "),
        "{stdout}"
    );
    assert_eq!(dogma(&["explain", "E9999"]).status.code(), Some(2));
}

/// Odd arguments are refused with the reason, before anything is played.
#[test]
fn odd_arguments_are_refused_with_the_reason() {
    let refused = |args: &[&str], says: &str| {
        let out = dogma(args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
        assert!(out.stdout.is_empty(), "{args:?}");
    };
    refused(&["play", "--players", "5"], "2 to 4 players");
    refused(
        &["play", "--expansions", "cities", "--players", "6"],
        "2 to 5 players",
    );
    refused(&["play", "--names", "ann,ann"], "two players are named ann");
    refused(
        &["play", "--names", "ann,"],
        "the name of player 2 is empty",
    );
    refused(&["play", "--save", "x.json"], "--save-after");
    refused(
        &["play", "--resume", "x.json", "--seed", "3"],
        "cannot be used with",
    );
    refused(&["bench", "--games", "0"], "--games");
    // `list` defaults to the third edition, as every other command does.
    let out = dogma(&["list"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("Agriculture"));
}

/// `--relics` plays the Relics with Artifacts (`third+artifacts+relics`): seeded bot games
/// seize some; without Artifacts it is refused with the reason.
#[test]
fn relics_are_played_with_artifacts() {
    let mut seized = 0;
    for seed in ["1", "2", "3", "4", "5"] {
        let out = dogma(&[
            "play",
            "--expansions",
            "artifacts",
            "--relics",
            "--seed",
            seed,
            "--players",
            "2",
        ]);
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{stdout}");
        seized += stdout.matches(" from beside its deck to ").count();
    }
    assert!(seized > 0, "no Relic was seized in five games");
    let out = dogma(&["play", "--relics"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("an option of the expansion `artifacts`"));
}

/// Shell completions come from the command's own definition.
#[test]
fn completions_are_generated_for_the_shells() {
    for shell in ["bash", "zsh", "fish"] {
        let out = dogma(&["completions", shell]);
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{shell}");
        assert!(
            stdout.contains("dogma") && stdout.contains("explain"),
            "{shell}"
        );
    }
}

/// `check --json` and `test --json`: JSON Lines a script parses, with codes and places.
#[test]
fn check_and_test_speak_json_lines() {
    let path = card_file("json", &GOOD.replace("color red", "color reed"));
    let out = dogma(&["check", "--json", path.to_str().expect("utf-8 path")]);
    assert_eq!(out.status.code(), Some(1));
    let lines: Vec<serde_json::Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    assert_eq!(lines.len(), 2, "{lines:?}");
    let d = &lines[0];
    assert_eq!(d["type"], "diagnostic");
    assert_eq!(d["code"], "E0101");
    assert_eq!(d["severity"], "error");
    assert_eq!(
        (d["line"].as_u64(), d["column"].as_u64()),
        (Some(3), Some(9))
    );
    assert!(d["notes"][0].as_str().expect("a note").contains("`red`"));
    assert_eq!(lines[1]["type"], "summary");
    assert_eq!(lines[1]["errors"], 1);

    let out = dogma(&["test", "--json", "tests/scenarios/third/questions"]);
    assert_eq!(out.status.code(), Some(0));
    let lines: Vec<serde_json::Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    let scenarios = lines.iter().filter(|l| l["type"] == "scenario").count();
    let summary = lines.last().expect("a summary");
    assert_eq!(summary["type"], "summary");
    assert_eq!(summary["passed"].as_u64(), Some(scenarios as u64));
    assert_eq!(summary["failed"], 0);
}

/// `render --json` and `diff --json`: one JSON object each.
#[test]
fn render_and_diff_speak_json() {
    let out = dogma(&["render", "--json", "Oars"]);
    assert_eq!(out.status.code(), Some(0));
    let card: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(card["title"], "Oars");
    assert_eq!(card["kind"], "card");
    assert!(card["text"].as_str().expect("text").contains("I demand"));
    let out = dogma(&["render", "--json", "Monument"]);
    let special: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(special["kind"], "special_achievement");

    let out = dogma(&["diff", "--json", "third", "fourth"]);
    assert_eq!(out.status.code(), Some(0));
    let diff: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(
        (diff["from"].as_str(), diff["to"].as_str()),
        (Some("third"), Some("fourth"))
    );
    let rules = diff["rules"].as_array().expect("rules");
    assert!(rules.iter().any(|r| r["key"] == "achievement-ages"));
    let added = diff["cards"]["added"].as_array().expect("added");
    assert!(added
        .iter()
        .all(|c| c["from"].is_null() && c["to"].is_string()));
    // The same counts as the report.
    let text = String::from_utf8_lossy(&dogma(&["diff", "third", "fourth"]).stdout).into_owned();
    assert!(
        text.contains(&format!("Rules: {} differ", rules.len())),
        "{text}"
    );
    assert!(text.contains(&format!("{} added", added.len())), "{text}");
}

/// `bench --json`: the report's figures as one object.
#[test]
fn bench_speaks_json() {
    let out = dogma(&[
        "bench",
        "--json",
        "--games",
        "2",
        "--rounds",
        "1",
        "--players",
        "2",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let figures: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(figures["edition"], "third");
    let row = &figures["rows"][0];
    assert_eq!(row["players"], 2);
    assert!(row["native"]["games_per_second"].as_f64().expect("a rate") > 0.0);
    assert!(row["vm_over_native"].as_f64().expect("a ratio") > 0.0);
    assert_eq!(figures["compiled"]["cards"], 105);
}
