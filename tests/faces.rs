//! Card faces (`dogma render TITLE --svg`): every card of every official game draws to
//! well-formed SVG with its title, age and every slot; one snapshot per card shape pins the
//! drawing.

fn root() {
    std::env::set_current_dir(env!("CARGO_MANIFEST_DIR")).expect("repository root");
}

#[test]
fn every_card_of_every_game_draws_to_well_formed_svg() {
    root();
    let mut drawn = 0;
    for game in dogma_native::EDITIONS {
        let compiled = dogma::compile_edition(game).expect("the game compiles");
        let faces = dogma::face::edition_faces(game).expect("the game compiles");
        assert_eq!(faces.len(), compiled.cards.len(), "{game}");
        for (card, (title, svg)) in compiled.cards.iter().zip(faces) {
            let doc =
                roxmltree::Document::parse(&svg).unwrap_or_else(|e| panic!("{game}: {title}: {e}"));
            let texts: Vec<&str> = doc
                .descendants()
                .filter(|n| n.has_tag_name("text"))
                .filter_map(|n| n.text())
                .collect();
            assert!(texts.contains(&title.as_str()), "{game}: {title}: no title");
            assert!(
                texts.contains(&card.age.to_string().as_str()),
                "{game}: {title}: no age"
            );
            // Six slots on a city, four on every other card: each drawn as a slot square.
            let slots = doc
                .descendants()
                .filter(|n| n.attribute("class") == Some("slot"))
                .count();
            assert!(slots == 4 || slots == 6, "{game}: {title}: {slots} slots");
            // At least a line of text per effect.
            let lines = doc
                .descendants()
                .filter(|n| n.attribute("class") == Some("effect"))
                .count();
            assert!(
                lines >= card.effects.len(),
                "{game}: {title}: {lines} lines"
            );
            drawn += 1;
        }
    }
    assert!(drawn > 400, "{drawn} faces");
}

fn face(game: &str, title: &str) -> String {
    root();
    dogma::face::edition_faces(game)
        .expect("compiles")
        .into_iter()
        .find(|(t, _)| t == title)
        .map(|(_, svg)| svg)
        .unwrap_or_else(|| panic!("no {title} in {game}"))
}

/// A base card: four slots, a demand and a non-demand effect.
#[test]
fn a_base_card_face() {
    insta::assert_snapshot!("face_oars", face("third", "Oars"));
}

/// A city: six slots, no effects.
#[test]
fn a_city_face() {
    insta::assert_snapshot!("face_damascus", face("third+cities", "Damascus"));
}

/// A fourth-edition card of age 11.
#[test]
fn a_fourth_edition_card_face() {
    insta::assert_snapshot!("face_astrogeology", face("fourth", "Astrogeology"));
}

/// An Echoes card: an echo slot and a bonus, an echo effect before the dogma effects.
#[test]
fn an_echoes_card_face() {
    insta::assert_snapshot!("face_bangle", face("third+echoes", "Bangle"));
}
