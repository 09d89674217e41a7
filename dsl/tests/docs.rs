//! The language reference keeps step with the grammar: every keyword of `grammar.pest` is in the
//! reserved words of docs/language.md and is typed somewhere in its grammar summary (section 8),
//! and the reference names no reserved word the grammar lacks.

use std::collections::BTreeSet;
use std::path::Path;

fn read(path: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(path)).expect(path)
}

/// The words of the grammar's keyword rules (`kw_draw = @{ "draw" ~ … }`).
fn keywords() -> BTreeSet<String> {
    read("src/grammar.pest")
        .lines()
        .filter(|l| l.starts_with("kw_"))
        .filter_map(|l| l.split('"').nth(1).map(str::to_string))
        .collect()
}

/// The text of docs/language.md from `from` to the next `until`.
fn section(docs: &str, from: &str, until: &str) -> String {
    let start = docs.find(from).unwrap_or_else(|| panic!("no `{from}`"));
    let rest = &docs[start..];
    let end = rest[from.len()..]
        .find(until)
        .map_or(rest.len(), |e| e + from.len());
    rest[..end].to_string()
}

#[test]
fn the_reserved_words_are_the_grammars_keywords() {
    let docs = read("../docs/language.md");
    let list = section(&docs, "The reserved words in full:", "---");
    let listed: BTreeSet<String> = list["The reserved words in full:".len()..]
        .split(',')
        .map(|w| w.trim().trim_end_matches('.').to_string())
        .filter(|w| !w.is_empty())
        .collect();
    assert_eq!(listed, keywords());
}

#[test]
fn the_grammar_summary_types_every_keyword() {
    let docs = read("../docs/language.md");
    let summary = section(&docs, "## 8. Grammar summary", "## 9.");
    let missing: Vec<String> = keywords()
        .into_iter()
        .filter(|k| !summary.contains(&format!("\"{k}\"")))
        .collect();
    assert!(missing.is_empty(), "not in section 8: {missing:?}");
}
