//! The repository's third-edition base set checks clean and lowers to the expected program.

use dogma_compiler::{check, render_errors, Options, SourceFile};
use std::path::Path;

fn base_files() -> Vec<SourceFile> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../cards/base");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .expect("cards/base exists")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "dogma"))
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|p| SourceFile {
            name: format!(
                "cards/base/{}",
                p.file_name().unwrap_or_default().to_string_lossy()
            ),
            text: std::fs::read_to_string(&p).expect("readable"),
            set: "base".to_string(),
            layer: 0,
        })
        .collect()
}

#[test]
fn the_third_edition_base_set_checks_clean() {
    let files = base_files();
    let checked = check(
        &files,
        &Options::for_edition("third", dogma_runtime::bytecode::Rules::default()),
    );
    assert!(
        checked.errors.is_empty(),
        "{}",
        render_errors(&files, &checked.errors)
    );
    assert_eq!(checked.program.cards.len(), 105);
    assert_eq!(checked.program.achievements.len(), 5);
    for age in 1..=10u8 {
        let n = checked
            .program
            .cards
            .iter()
            .filter(|c| c.age == age)
            .count();
        assert_eq!(n, if age == 1 { 15 } else { 10 }, "cards of age {age}");
    }
}

/// `any player has …` is a quantifier over players (Bioengineering), not a player to choose.
#[test]
fn any_player_has_is_a_quantifier() {
    let files = base_files();
    let checked = check(
        &files,
        &Options::for_edition("third", dogma_runtime::bytecode::Rules::default()),
    );
    let card = checked
        .program
        .card_by_title("Bioengineering")
        .expect("Bioengineering");
    let body = &card.effects[1].body;
    match &body[0].kind {
        dogma_compiler::ir::StmtKind::If { cond, .. } => assert!(
            matches!(
                cond,
                dogma_compiler::ir::Cond::Players {
                    quantifier: dogma_compiler::ir::Quantifier::Any,
                    ..
                }
            ),
            "{cond:?}"
        ),
        other => panic!("expected an if, got {other:?}"),
    }
}
