//! dogma outside the repository: the official editions travel inside the binary, so an installed
//! `dogma` checks, lists, renders, plays and benches them from any folder, and a designer's tree
//! (a manifest that extends an official edition) works there too.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A fresh folder outside the repository, with its own cache folder.
fn elsewhere(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dogma-anywhere-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("cache")).expect("temp dir");
    dir
}

/// Runs dogma in `dir`, as an installed binary would run there: no `$DOGMA_CARDS`, the cache
/// in `dir/cache`.
fn dogma_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dogma"))
        .args(args)
        .current_dir(dir)
        .env_remove("DOGMA_CARDS")
        .env("XDG_CACHE_HOME", dir.join("cache"))
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

fn ok(dir: &Path, args: &[&str]) -> String {
    let out = dogma_in(dir, args);
    let all = text(&out);
    assert_eq!(out.status.code(), Some(0), "dogma {args:?}: {all}");
    all
}

fn copy_folder(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("create");
    for entry in std::fs::read_dir(from).expect("read") {
        let entry = entry.expect("entry");
        let target = to.join(entry.file_name());
        if entry.file_type().expect("type").is_dir() {
            copy_folder(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).expect("copy");
        }
    }
}

#[test]
fn the_official_editions_work_from_any_folder() {
    let dir = elsewhere("official");
    assert!(!dir.join("cards").exists());
    let checked = ok(&dir, &["check", "--edition", "third"]);
    assert!(checked.contains("no errors"), "{checked}");
    // The files keep their names (`cards/…`), so the edition matches its native code.
    let listed = ok(&dir, &["list", "--edition", "fourth"]);
    assert!(listed.contains("Agriculture"), "{listed}");
    let rendered = ok(&dir, &["render", "Agriculture"]);
    assert!(rendered.contains("Agriculture"), "{rendered}");
    let played = ok(
        &dir,
        &["play", "--edition", "third", "--seed", "7", "--log", "none"],
    );
    assert!(
        played.contains("winner:") || played.contains("result: draw"),
        "{played}"
    );
    // Native code and VM both: the embedded sources compile to the edition built in.
    let native = ok(
        &dir,
        &[
            "play",
            "--edition",
            "third",
            "--seed",
            "7",
            "--log",
            "none",
            "--backend",
            "native",
        ],
    );
    assert_eq!(native, played);
    let bench = ok(
        &dir,
        &["bench", "--games", "2", "--rounds", "1", "--players", "2"],
    );
    assert!(bench.contains("vm/native"), "{bench}");
    // The sources were written once to the cache folder given.
    let cache = std::fs::read_dir(dir.join("cache").join("dogma"))
        .expect("the cache folder")
        .count();
    assert_eq!(cache, 1);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_designers_tree_works_from_its_own_folder() {
    let dir = elsewhere("designer");
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    copy_folder(&root.join("examples/tinkerers"), &dir.join("tinkerers"));
    let manifest = "tinkerers/tinkerers.toml";
    let checked = ok(&dir, &["check", "--deny-warnings", "--edition", manifest]);
    assert!(checked.contains("115 cards"), "{checked}");
    let rendered = ok(&dir, &["render", "Tollgate", "--edition", manifest]);
    assert!(rendered.starts_with("Tollgate\n"), "{rendered}");
    let played = ok(
        &dir,
        &[
            "play",
            "--edition",
            manifest,
            "--seed",
            "3",
            "--log",
            "none",
        ],
    );
    assert!(
        played.contains("winner:") || played.contains("result: draw"),
        "{played}"
    );
    // A designer's edition is benched on the VM, and the report says so.
    let bench = ok(
        &dir,
        &[
            "bench",
            "--edition",
            manifest,
            "--games",
            "2",
            "--rounds",
            "1",
            "--players",
            "2",
        ],
    );
    assert!(bench.contains("on the VM alone"), "{bench}");
    let tested = ok(&dir, &["test", "tinkerers/scenarios"]);
    assert!(tested.contains("0 failed"), "{tested}");
    let _ = std::fs::remove_dir_all(&dir);
}
