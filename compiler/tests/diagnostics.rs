//! One snapshot per diagnostic code: the source, then the error exactly as `dogma check` prints
//! it (without colour), under a fixed fake path so snapshots never depend on the machine.
//!
//! Regenerate after a reviewed change with `INSTA_UPDATE=always cargo test -p dogma-compiler
//! --test diagnostics` (or `cargo insta review`).

use dogma_compiler::{check, render_errors, render_warnings, Options, SourceFile};

/// A card every test can refer to.
const ROBOTICS: &str = r#"
card "Robotics" {
  age 10
  color red
  icons hex factory clock factory

  effect factory {
    draw and meld a [10]
  }
}
"#;

/// Checks `source` (plus a card named Robotics) for the third edition and snapshots the errors;
/// asserts that `code` is among them.
fn snapshot(name: &str, code: &str, source: &str) {
    let files = vec![
        SourceFile {
            name: "cards/test/card.dogma".to_string(),
            text: source.to_string(),
            set: "test".to_string(),
            layer: 0,
        },
        SourceFile {
            name: "cards/test/robotics.dogma".to_string(),
            text: ROBOTICS.to_string(),
            set: "test".to_string(),
            layer: 0,
        },
    ];
    let checked = check(
        &files,
        &Options::for_edition("third", dogma_runtime::bytecode::Rules::default()),
    );
    let codes: Vec<&str> = checked.errors.iter().map(|e| e.code()).collect();
    assert!(codes.contains(&code), "expected {code}, got {codes:?}");
    let text = render_errors(&files, &checked.errors);
    insta::assert_snapshot!(
        name,
        format!("----- SOURCE CODE\n{source}\n----- ERROR\n{text}")
    );
}

/// A well-formed card around one effect body.
fn card(body: &str) -> String {
    format!(
        "card \"Test\" {{\n  age 1\n  color red\n  icons hex crown crown crown\n\n  effect crown {{\n{body}\n  }}\n}}\n"
    )
}

fn demand(body: &str) -> String {
    format!(
        "card \"Test\" {{\n  age 1\n  color red\n  icons hex crown crown crown\n\n  demand crown {{\n{body}\n  }}\n}}\n"
    )
}

#[test]
fn e0001_syntax_error_unknown_keyword() {
    snapshot(
        "e0001_syntax_error_unknown_keyword",
        "E0001",
        &card("    drow a [1]"),
    );
}

#[test]
fn e0002_unclosed_brace() {
    snapshot(
        "e0002_unclosed_brace",
        "E0002",
        "card \"Test\" {\n  age 1\n  color red\n  icons hex crown crown crown\n\n  effect crown {\n    draw a [1]\n}\n",
    );
}

/// Blocks nested past the language's limit (`dogma_dsl::NESTING_LIMIT`): one error at the first
/// phrase too deep, never a stack overflow.
#[test]
fn e0003_nesting_too_deep() {
    let depth = 50;
    let body = format!(
        "{}draw a [1]{}",
        "    if you have at least 1 crown {\n".repeat(depth),
        "\n    }".repeat(depth)
    );
    snapshot("e0003_nesting_too_deep", "E0003", &card(&body));
}

#[test]
fn e0101_unknown_card() {
    snapshot(
        "e0101_unknown_card",
        "E0101",
        &card("    if \"Robotic\" is a top card {\n      you win\n    }"),
    );
}

/// A filter's special icon (Cities), misspelt: the suggestion comes from the icons and the
/// special icons.
#[test]
fn e0101_unknown_special_icon() {
    snapshot(
        "e0101_unknown_special_icon",
        "E0101",
        &card("    tuck a card with fountian from your hand"),
    );
}

#[test]
fn e0102_duplicate_title() {
    snapshot(
        "e0102_duplicate_title",
        "E0102",
        &format!("{}\n{}", card("    draw a [1]"), card("    draw a [2]")),
    );
}

#[test]
fn e0103_duplicate_achievement() {
    snapshot(
        "e0103_duplicate_achievement",
        "E0103",
        "achievement \"World\" {\n  when you have at least 12 clock\n}\n\nachievement \"World\" {\n  when you have at least 12 clock\n}\n",
    );
}

#[test]
fn e0104_unknown_slot() {
    snapshot(
        "e0104_unknown_slot",
        "E0104",
        "card \"Test\" {\n  age 1\n  color red\n  icons hex castel castle castle\n\n  effect castle {\n    draw a [1]\n  }\n}\n",
    );
}

#[test]
fn e0105_expansion_slot() {
    snapshot(
        "e0105_expansion_slot",
        "E0105",
        "card \"Test\" {\n  age 1\n  color red\n  icons uplift crown crown hex\n\n  effect crown {\n    draw a [1]\n  }\n}\n",
    );
}

#[test]
fn e0201_colour_where_a_card_belongs() {
    snapshot(
        "e0201_colour_where_a_card_belongs",
        "E0201",
        &card("    meld red"),
    );
}

#[test]
fn e0202_value_out_of_range() {
    snapshot(
        "e0202_value_out_of_range",
        "E0202",
        &card("    draw a [12]"),
    );
}

#[test]
fn e0203_unbound_reference() {
    snapshot(
        "e0203_unbound_reference",
        "E0203",
        &card("    score returned"),
    );
}

/// The colour filter `chosen` needs a choice of colours before it.
#[test]
fn e0203_unbound_chosen_color_filter() {
    snapshot(
        "e0203_unbound_chosen_color_filter",
        "E0203",
        &card("    splay up each color chosen"),
    );
}

#[test]
fn e0204_if_you_do_without_statement() {
    snapshot(
        "e0204_if_you_do_without_statement",
        "E0204",
        &card("    if you do {\n      draw a [1]\n    }"),
    );
}

#[test]
fn e0205_demander_outside_demand() {
    snapshot(
        "e0205_demander_outside_demand",
        "E0205",
        &card("    transfer a card from your hand to my hand"),
    );
}

#[test]
fn e0206_their_outside_loop() {
    snapshot(
        "e0206_their_outside_loop",
        "E0206",
        &card("    take all cards from their hand"),
    );
}

#[test]
fn e0207_bad_count() {
    snapshot(
        "e0207_bad_count",
        "E0207",
        &card("    meld 2 or 1 cards from your hand"),
    );
}

#[test]
fn e0208_several_owners() {
    snapshot(
        "e0208_several_owners",
        "E0208",
        &card("    transfer a card from your hand to all opponents' hand"),
    );
}

#[test]
fn e0209_missing_source() {
    snapshot("e0209_missing_source", "E0209", &card("    meld a card"));
}

#[test]
fn e0210_not_a_movement() {
    snapshot(
        "e0210_not_a_movement",
        "E0210",
        &card("    choose a value\n    score chosen"),
    );
}

#[test]
fn e0211_mixed_value_list() {
    snapshot(
        "e0211_mixed_value_list",
        "E0211",
        &card("    score a card of value 2 or 3 or higher from your hand"),
    );
}

#[test]
fn e0212_splay_not_in_edition() {
    snapshot(
        "e0212_splay_not_in_edition",
        "E0212",
        &card("    splay aslant red"),
    );
}

#[test]
fn e0213_parameter_kind_mismatch() {
    snapshot(
        "e0213_parameter_kind_mismatch",
        "E0213",
        "card \"Test\" {\n  age 1\n  color red\n  icons hex crown crown crown\n\n  effect crown (c = red) {\n    draw and meld a [1]\n    if it is c {\n      repeat this effect with c = 3\n    }\n  }\n}\n",
    );
}

#[test]
fn e0214_duplicate_parameter() {
    snapshot(
        "e0214_duplicate_parameter",
        "E0214",
        "card \"Test\" {\n  age 1\n  color red\n  icons hex crown crown crown\n\n  effect crown (v = 1, v = 2) {\n    draw a [v]\n  }\n}\n",
    );
}

#[test]
fn e0301_missing_fact() {
    snapshot(
        "e0301_missing_fact",
        "E0301",
        "card \"Test\" {\n  color red\n  icons hex crown crown crown\n\n  effect crown {\n    draw a [1]\n  }\n}\n",
    );
}

#[test]
fn e0302_duplicate_fact() {
    snapshot(
        "e0302_duplicate_fact",
        "E0302",
        "card \"Test\" {\n  age 1\n  age 2\n  color red\n  icons hex crown crown crown\n\n  effect crown {\n    draw a [1]\n  }\n}\n",
    );
}

#[test]
fn e0303_slot_count() {
    snapshot(
        "e0303_slot_count",
        "E0303",
        "card \"Test\" {\n  age 1\n  color red\n  icons hex crown crown\n\n  effect crown {\n    draw a [1]\n  }\n}\n",
    );
}

#[test]
fn e0304_two_hexagons() {
    snapshot(
        "e0304_two_hexagons",
        "E0304",
        "card \"Test\" {\n  age 1\n  color red\n  icons hex crown crown hex\n\n  effect crown {\n    draw a [1]\n  }\n}\n",
    );
}

#[test]
fn e0305_wrong_featured_icon() {
    snapshot(
        "e0305_wrong_featured_icon",
        "E0305",
        "card \"Test\" {\n  age 1\n  color red\n  icons hex crown crown leaf\n\n  effect leaf {\n    draw a [1]\n  }\n}\n",
    );
}

#[test]
fn e0306_missing_featured_icon() {
    snapshot(
        "e0306_missing_featured_icon",
        "E0306",
        "card \"Test\" {\n  age 1\n  color red\n  icons hex crown crown crown\n\n  effect {\n    draw a [1]\n  }\n}\n",
    );
}

#[test]
fn e0307_age_out_of_range() {
    snapshot(
        "e0307_age_out_of_range",
        "E0307",
        "card \"Test\" {\n  age 12\n  color red\n  icons hex crown crown crown\n\n  effect crown {\n    draw a [1]\n  }\n}\n",
    );
}

#[test]
fn e0308_achievement_without_condition() {
    snapshot(
        "e0308_achievement_without_condition",
        "E0308",
        "achievement \"World\" {\n}\n",
    );
}

#[test]
fn e0309_claim_without_via() {
    snapshot(
        "e0309_claim_without_via",
        "E0309",
        &format!(
            "{}\nachievement \"World\" {{\n  when you have at least 12 clock\n}}\n",
            card("    claim \"World\"")
        ),
    );
}

#[test]
fn e0310_via_without_claim() {
    snapshot(
        "e0310_via_without_claim",
        "E0310",
        &format!(
            "{}\nachievement \"World\" {{\n  when you have at least 12 clock\n  via \"Test\"\n}}\n",
            card("    draw a [1]")
        ),
    );
}

/// Every code has its test above (named after it), so none goes unexercised.
#[test]
fn e0311_rule_not_in_edition() {
    snapshot("e0311_rule_not_in_edition", "E0311", &card("    you lose"));
}

#[test]
fn e0312_onto_off_board() {
    snapshot(
        "e0312_onto_off_board",
        "E0312",
        "achievement \"Glory\" {\n  when you score a card with flag onto a color splayed left\n}\n",
    );
}

/// Checks `source` for the third edition, asserts it has no errors and that `code` is among its
/// warnings, and snapshots the warnings.
fn snapshot_warning(name: &str, code: &str, source: &str) {
    let files = vec![SourceFile {
        name: "cards/test/card.dogma".to_string(),
        text: source.to_string(),
        set: "test".to_string(),
        layer: 0,
    }];
    let checked = check(
        &files,
        &Options::for_edition("third", dogma_runtime::bytecode::Rules::default()),
    );
    assert!(
        checked.errors.is_empty(),
        "{}",
        render_errors(&files, &checked.errors)
    );
    let codes: Vec<&str> = checked.warnings.iter().map(|w| w.code()).collect();
    assert!(codes.contains(&code), "expected {code}, got {codes:?}");
    let text = render_warnings(&files, &checked.warnings);
    insta::assert_snapshot!(
        name,
        format!("----- SOURCE CODE\n{source}\n----- WARNING\n{text}")
    );
}

/// The intended text says "two" where the statements say one: the word diff shows it.
#[test]
fn w0001_text_drift() {
    snapshot_warning(
        "w0001_text_drift",
        "W0001",
        &card(
            "    text \"You may return a card from your hand. If you do, draw two [1].\"\n    \
             you may return a card from your hand\n    if you do {\n      draw a [1]\n    }",
        ),
    );
}

/// An approximation warns of no drift, and a text that matches warns of nothing.
#[test]
fn w0001_not_for_an_approximation_or_a_match() {
    for source in [
        "card \"Test\" {\n  age 1\n  color red\n  icons hex crown crown crown\n  approximate \"the printed card says two\"\n\n  effect crown {\n    text \"Draw two [1].\"\n    draw a [1]\n  }\n}\n",
        "card \"Test\" {\n  age 1\n  color red\n  icons hex crown crown crown\n\n  demand crown {\n    text \"I demand you draw a [1]!\"\n         \"If you do, draw a [2]!\"\n    draw a [1]\n    if you do {\n      draw a [2]\n    }\n  }\n}\n",
    ] {
        let files = vec![SourceFile::new("cards/test/card.dogma", source, "test")];
        let checked = check(&files, &Options::default());
        assert!(checked.errors.is_empty(), "{}", render_errors(&files, &checked.errors));
        assert!(
            checked.warnings.is_empty(),
            "{}",
            render_warnings(&files, &checked.warnings)
        );
    }
}

/// `other than` after a choice of a value: only icons are left out.
#[test]
fn w0003_except_outside_icons() {
    snapshot_warning(
        "w0003_except_outside_icons",
        "W0003",
        &card("    choose a value other than crown\n    draw a [chosen]"),
    );
}

/// `of my choice` on all the cards: nothing is left to choose.
#[test]
fn w0004_choice_of_all() {
    snapshot_warning(
        "w0004_choice_of_all",
        "W0004",
        &demand("    transfer all cards of my choice from your hand to my hand"),
    );
}

/// The same words where they do mean something warn of nothing.
#[test]
fn w0002_to_w0004_not_where_the_words_mean_something() {
    let files = vec![SourceFile::new(
        "cards/test/card.dogma",
        demand(
            "    score a top card from your board\n    return your bottom red card\n    \
             I choose an icon other than leaf\n    \
             transfer a card of my choice from your hand to my hand\n    \
             transfer 2 cards of my choice from your score pile to my hand",
        ),
        "test",
    )];
    let checked = check(&files, &Options::default());
    assert!(
        checked.errors.is_empty(),
        "{}",
        render_errors(&files, &checked.errors)
    );
    assert!(
        checked.warnings.is_empty(),
        "{}",
        render_warnings(&files, &checked.warnings)
    );
}

#[test]
fn e0313_echo_mismatch() {
    snapshot(
        "e0313_echo_mismatch",
        "E0313",
        "card \"Ruler\" {\n  age 1\n  color blue\n  icons lightbulb hex lightbulb echo\n\n  effect lightbulb {\n    draw a [1]\n  }\n}\n",
    );
}

/// A decree karma that names a special achievement which is no Decree.
#[test]
fn e0315_not_a_decree() {
    snapshot(
        "e0315_not_a_decree",
        "E0315",
        "achievement \"Monument\" {\n  when you have at least 6 cards in hand\n}\n\n\
         card \"Huang Di\" {\n  age 1\n  color blue\n  icons lightbulb lightbulb hex lightbulb\n\n  \
         karma decree \"Monument\"\n}\n",
    );
}

#[test]
fn e0215_position_off_pile() {
    snapshot(
        "e0215_position_off_pile",
        "E0215",
        &card("    score the top card from your hand"),
    );
}

/// A lasting effect's body runs later, on its own: `returned` names a card of the effect around it.
#[test]
fn e0216_lasting_reference() {
    snapshot(
        "e0216_lasting_reference",
        "E0216",
        &card("    return a card from your hand\n    on your next turn {\n      draw a [value of returned]\n    }"),
    );
}

/// A lasting effect's body cannot repeat the effect that set it.
#[test]
fn e0314_lasting_statement() {
    snapshot(
        "e0314_lasting_statement",
        "E0314",
        &card("    on your next turn {\n      draw a [1]\n      repeat this effect\n    }"),
    );
}

/// An additional action given to a demand's victim, who never has the turn.
#[test]
fn w0005_additional_action_in_demand() {
    snapshot_warning(
        "w0005_additional_action_in_demand",
        "W0005",
        &demand("    take an additional action"),
    );
}

/// A history phrase of the card's echo effect on a card that has none.
#[test]
fn w0006_echo_history_without_echo() {
    snapshot_warning(
        "w0006_echo_history_without_echo",
        "W0006",
        &card("    self-execute card melded by you due to this card's echo effect"),
    );
}

#[test]
fn every_code_has_a_snapshot_test() {
    let this_file = include_str!("diagnostics.rs");
    for (code, _) in dogma_compiler::CODES {
        let test_name = format!("fn {}_", code.to_lowercase());
        assert!(this_file.contains(&test_name), "no test for {code}");
    }
}

/// A demand body compiles (keeps the helper used).
#[test]
fn demands_may_name_the_demander() {
    let files = vec![SourceFile {
        name: "cards/test/card.dogma".to_string(),
        text: demand("    transfer a card from your hand to my hand"),
        set: "test".to_string(),
        layer: 0,
    }];
    let checked = check(&files, &Options::default());
    assert!(
        checked.errors.is_empty(),
        "{}",
        render_errors(&files, &checked.errors)
    );
}
