//! `dogma stats`: runs over seed ranges merge into exactly the run over their union, the thread
//! count changes nothing, the report's plots are well-formed SVG, and comparing an edition with
//! itself finds nothing that moved.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn dogma(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dogma"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("dogma runs")
}

fn ok(args: &[&str]) -> String {
    let out = dogma(args);
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(out.status.code(), Some(0), "dogma {args:?}: {text}");
    text
}

fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dogma-stats-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn s(p: &Path) -> &str {
    p.to_str().expect("utf-8 path")
}

#[test]
fn merged_seed_ranges_equal_the_single_run_byte_for_byte() {
    let (a, b, both, merged) = (folder("a"), folder("b"), folder("both"), folder("merged"));
    let common = ["stats", "--players", "2,3", "--agents", "random,first"];
    let run = |seeds: &str, out: &Path, jobs: &str| {
        let mut args = common.to_vec();
        args.extend(["--seeds", seeds, "--jobs", jobs, "-o", s(out)]);
        ok(&args)
    };
    run("0..25", &a, "2");
    run("25..60", &b, "1");
    let said = run("0..60", &both, "2");
    assert!(said.contains("60 games of third"), "{said}");
    ok(&["stats", "merge", s(&a), s(&b), "-o", s(&merged)]);
    for file in ["stats.json", "index.html"] {
        let x = std::fs::read(both.join(file)).expect("the single run");
        let y = std::fs::read(merged.join(file)).expect("the merged run");
        assert!(
            x == y,
            "{file} differs between the single run and the merge"
        );
    }
    // A run played again on one thread is the same run.
    let again = folder("again");
    run("0..60", &again, "1");
    assert_eq!(
        std::fs::read(both.join("stats.json")).expect("read"),
        std::fs::read(again.join("stats.json")).expect("read")
    );
    // Overlapping runs are refused.
    let out = dogma(&["stats", "merge", s(&a), s(&both), "-o", s(&folder("bad"))]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("overlap"));
    for dir in [a, b, both, merged, again] {
        let _ = std::fs::remove_dir_all(dir);
    }
}

#[test]
fn the_report_has_its_figures_and_well_formed_plots() {
    let dir = folder("report");
    ok(&["stats", "--games", "40", "--players", "2,4", "-o", s(&dir)]);
    let stats: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("stats.json")).expect("json"))
            .expect("JSON");
    assert_eq!(stats["format"], "dogma-stats");
    assert_eq!(stats["games"], 40);
    assert_eq!(stats["by_players"]["2"]["games"], 20);
    let cards = stats["cards"].as_object().expect("cards");
    assert!(cards.len() > 60, "{} cards seen", cards.len());
    let used: u64 = cards
        .values()
        .map(|c| c["dogma_players"].as_u64().expect("a count"))
        .sum();
    let won: u64 = cards
        .values()
        .map(|c| c["dogma_players_won"].as_u64().expect("a count"))
        .sum();
    assert!(used > 0 && won <= used);
    let html = std::fs::read_to_string(dir.join("index.html")).expect("html");
    let svgs: Vec<&str> = html
        .split("<svg")
        .skip(1)
        .map(|rest| &rest[..rest.find("</svg>").expect("closed") + 6])
        .collect();
    assert_eq!(svgs.len(), 3);
    for svg in svgs {
        roxmltree::Document::parse(&format!("<svg{svg}")).expect("well-formed SVG");
    }
    for title in cards.keys() {
        assert!(html.contains(&format!("<tr><td>{title}</td>")), "{title}");
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn an_edition_compared_with_itself_moves_nothing() {
    let said = ok(&["stats", "--compare", "third", "third", "--games", "30"]);
    assert!(said.contains("nothing moved beyond noise"), "{said}");
    let out = dogma(&["stats", "--seeds", "9..3"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("A smaller than B"));
}
