//! Editions as data: manifests that extend editions, trees that extend, replace and drop, and
//! `dogma diff` between the repository's editions.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn dogma(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dogma"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("dogma runs")
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dogma-editions-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn write(path: &Path, text: &str) {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).expect("folder");
    }
    std::fs::write(path, text).expect("write");
}

/// An edition over the third whose tree extends `base`, with the given tree manifest lines and
/// card file; returns the manifest's path.
fn edition_over_base(name: &str, tree_toml: &str, cards: &str) -> PathBuf {
    let dir = temp_dir(name);
    write(
        &dir.join("x.toml"),
        "name = \"x\"\nextends = \"third\"\ntrees = [\"t\"]\n",
    );
    write(
        &dir.join("t/tree.toml"),
        &format!("set = \"base\"\nextends = \"base\"\n{tree_toml}"),
    );
    write(&dir.join("t/cards.dogma"), cards);
    dir.join("x.toml")
}

fn listed(manifest: &Path) -> serde_json::Value {
    let out = dogma(&["list", "--edition", &manifest.to_string_lossy(), "--json"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("JSON")
}

const OARS_DRAWS_A_TWO: &str = "card \"Oars\" {\n  age 1\n  color red\n  icons castle crown hex castle\n\n  effect castle {\n    draw a [2]\n  }\n}\n";

#[test]
fn a_tree_replaces_a_card_of_the_tree_it_extends() {
    let manifest = edition_over_base("replace", "", OARS_DRAWS_A_TWO);
    let cards = listed(&manifest);
    let cards = cards.as_array().expect("array");
    assert_eq!(cards.len(), 105);
    let oars = cards
        .iter()
        .find(|c| c["title"] == "Oars")
        .expect("Oars is listed");
    assert_eq!(oars["effects"].as_array().map(Vec::len), Some(1));
    assert_eq!(oars["effects"][0]["text"], "Draw a [2].");
}

/// `dogma list` says which cards are approximations (the table's last column and the JSON's
/// `approximate`), with each effect's intended text; `dogma check` warns of a drifted text but
/// passes, unless `--deny-warnings`.
#[test]
fn list_names_approximations_and_check_warns_of_drift() {
    let manifest = edition_over_base(
        "approximate",
        "",
        "card \"Oars\" {\n  age 1\n  color red\n  icons castle crown hex castle\n  approximate \"reads as one draw\"\n\n  effect castle {\n    text \"Draw two [2].\"\n    draw a [2]\n  }\n}\n\n\
         card \"Tools\" {\n  age 1\n  color blue\n  icons hex lightbulb lightbulb castle\n\n  effect lightbulb {\n    text \"Draw two [3].\"\n    draw a [3]\n  }\n}\n",
    );
    let cards = listed(&manifest);
    let cards = cards.as_array().expect("array");
    let card = |title: &str| {
        cards
            .iter()
            .find(|c| c["title"] == title)
            .unwrap_or_else(|| panic!("{title} is listed"))
    };
    assert_eq!(card("Oars")["approximate"], "reads as one draw");
    assert_eq!(card("Oars")["effects"][0]["intended"], "Draw two [2].");
    assert!(card("Tools")["approximate"].is_null());
    assert!(card("Archery")["effects"][0].get("intended").is_none());
    let path = manifest.to_string_lossy();
    let out = dogma(&["list", "--edition", &path]);
    let table = String::from_utf8_lossy(&out.stdout);
    let oars = table
        .lines()
        .find(|l| l.contains("Oars"))
        .expect("an Oars line");
    assert!(oars.ends_with("  approximate"), "{table}");
    assert!(table.ends_with("105 cards, 1 approximate\n"), "{table}");
    // Tools drifts (W0001), Oars is an approximation: a warning, and success.
    let out = dogma(&["check", "--edition", &path]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert_eq!(stderr.matches("warning[W0001]").count(), 1, "{stderr}");
    assert!(
        stderr.contains("= words: Draw [-two-] {+a+} [3]."),
        "{stderr}"
    );
    assert!(stderr.contains("no errors, 1 warning"), "{stderr}");
    let out = dogma(&["check", "--deny-warnings", "--edition", &path]);
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn a_tree_drops_titles_and_an_unknown_drop_is_an_error_with_a_suggestion() {
    let manifest = edition_over_base("drop", "drop = [\"Oars\", \"Tools\"]\n", "");
    assert_eq!(listed(&manifest).as_array().map(Vec::len), Some(103));

    let manifest = edition_over_base("bad-drop", "drop = [\"Oarz\"]\n", "");
    let out = dogma(&["check", "--edition", &manifest.to_string_lossy()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains(
            "the tree `t` drops \"Oarz\", which no tree it extends has; did you mean \"Oars\"?"
        ),
        "{stderr}"
    );
}

#[test]
fn a_manifest_overrides_the_rules_of_the_edition_it_extends() {
    let dir = temp_dir("rules");
    write(
        &dir.join("x.toml"),
        "name = \"x\"\nextends = \"third\"\n\n[rules]\nsplays = [\"left\", \"right\", \"up\", \"aslant\"]\n",
    );
    let out = dogma(&["diff", "third", &dir.join("x.toml").to_string_lossy()]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("Rules: 1 differ"), "{stdout}");
    assert!(
        stdout.contains("0 added, 0 removed, 0 changed, 105 the same"),
        "{stdout}"
    );

    write(
        &dir.join("bad.toml"),
        "name = \"bad\"\nextends = \"third\"\n\n[rules]\nmax-ages = 11\n",
    );
    let out = dogma(&[
        "check",
        "--edition",
        &dir.join("bad.toml").to_string_lossy(),
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("unknown field `max-ages`"), "{stderr}");
}

#[test]
fn editions_extending_each_other_in_a_cycle_are_refused() {
    let dir = temp_dir("cycle");
    write(&dir.join("a.toml"), "name = \"a\"\nextends = \"b.toml\"\n");
    write(&dir.join("b.toml"), "name = \"b\"\nextends = \"a.toml\"\n");
    let out = dogma(&["check", "--edition", &dir.join("a.toml").to_string_lossy()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("cycle"), "{stderr}");
}

#[test]
fn diff_reports_the_rule_variants_and_the_changed_cards() {
    let out = dogma(&["diff", "first", "third"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("Rules: 3 differ"), "{stdout}");
    assert!(
        stdout.contains("score-tie    shared-victory  ->  draw"),
        "{stdout}"
    );
    assert!(stdout.contains("~ changed: Oars"), "{stdout}");

    let out = dogma(&["diff", "third", "fourth"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("Cards: 105 in third, 115 in fourth; 10 added"),
        "{stdout}"
    );
    assert!(stdout.contains("+ added: Fusion"), "{stdout}");
    assert!(stdout.contains("~ changed: Monument"), "{stdout}");
}
