//! Snapshots of the English text rendered from every card file in the repository.
//!
//! Each `.dogma` file under `cards/` gives one snapshot, named after its path (`base__age01`):
//! every card as `render_card_text` prints it, and every special achievement with its condition.

use std::path::{Path, PathBuf};

use dogma_dsl::ast::Item;
use dogma_dsl::{parse, render_achievement, render_card_text, Wording};

fn card_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("cards directory") {
        let path = entry.expect("directory entry").path();
        if path.is_dir() {
            card_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "dogma") {
            out.push(path);
        }
    }
}

/// The rendered text of one card file: one block per card or achievement.
fn render_file(source: &str, wording: Wording) -> String {
    let file = parse(source).expect("card file parses");
    let blocks: Vec<String> = file
        .items
        .iter()
        .map(|item| match item {
            Item::Card(card) => render_card_text(card, wording),
            Item::Achievement(a) => format!("{}\n{}", a.title.node, render_achievement(a, wording)),
        })
        .collect();
    blocks.join("\n\n") + "\n"
}

#[test]
fn every_card_file_renders() {
    let root = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../cards"));
    let mut files = Vec::new();
    card_files(root, &mut files);
    files.sort();
    assert!(!files.is_empty());
    for path in files {
        let source = std::fs::read_to_string(&path).expect("readable card file");
        // A stable name per file: its path under `cards/` without the extension.
        let relative = path.strip_prefix(root).expect("under cards/");
        let name = relative
            .with_extension("")
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect::<Vec<_>>()
            .join("__");
        // The trees of an edition's own wording (named `base-first`, `base-fourth`) render in
        // it; the others in the third edition's (the wording is the edition manifest's
        // `wording`, which this crate does not read).
        let wording = if name.starts_with("base-first") {
            Wording::First
        } else if name.starts_with("base-fourth") {
            Wording::Fourth
        } else {
            Wording::Third
        };
        insta::assert_snapshot!(name, render_file(&source, wording));
    }
}
