//! Every card source in the repository parses.

use std::path::Path;

fn card_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("cards directory") {
        let path = entry.expect("directory entry").path();
        if path.is_dir() {
            card_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "dogma") {
            out.push(path);
        }
    }
}

#[test]
fn every_card_file_parses() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../cards");
    let mut files = Vec::new();
    card_files(&root, &mut files);
    assert!(!files.is_empty());
    let mut failures = Vec::new();
    for path in files {
        let source = std::fs::read_to_string(&path).expect("readable card file");
        if let Err(e) = dogma_dsl::parse(&source) {
            let line = source[..e.span.start as usize].lines().count();
            failures.push(format!(
                "{}:{line}: found {:?}, expected {:?}",
                path.display(),
                e.found,
                e.expected
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The repository's card sources are in canonical layout: formatting them changes nothing.
#[test]
fn every_card_file_is_formatted() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../cards");
    let mut files = Vec::new();
    card_files(&root, &mut files);
    let mut unformatted = Vec::new();
    for path in files {
        let source = std::fs::read_to_string(&path).expect("readable card file");
        let formatted = dogma_dsl::format_source(&source).expect("parses");
        if formatted != source {
            let diff: Vec<String> = source
                .lines()
                .zip(formatted.lines())
                .enumerate()
                .filter(|(_, (a, b))| a != b)
                .take(3)
                .map(|(i, (a, b))| format!("  line {}:\n    - {a}\n    + {b}", i + 1))
                .collect();
            unformatted.push(format!("{}\n{}", path.display(), diff.join("\n")));
        }
    }
    assert!(
        unformatted.is_empty(),
        "not formatted:\n{}",
        unformatted.join("\n")
    );
}

/// Phrases the grammar accepts beyond the corpus: a quantity before a possessive, a singular
/// history phrase, and `or` before a comparison ending a value list.
#[test]
fn grammar_edge_cases_parse_and_round_trip() {
    let source = "card \"X\" {\n  age 1\n  color red\n  icons hex crown crown crown\n\n  effect crown {\n    score all your top cards without factory\n    if no card transferred due to the demand {\n      draw a [1]\n    }\n    draw and reveal a [1]\n    if it is of value 3 or value of it > 5 {\n      meld it\n    }\n  }\n}\n";
    let formatted = dogma_dsl::format_source(source).expect("parses");
    // A history phrase keeps its number: `card …` names one card (`meld card drawn by you …`).
    assert_eq!(formatted, source);
}
