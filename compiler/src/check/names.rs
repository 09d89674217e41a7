//! Names: card titles, special achievements, colours and icons, each resolved or reported with
//! a "did you mean".

use super::CardCx;
use crate::diagnostics::{At, Error, NameKind};
use crate::ir::*;
use dogma_dsl::ast::{self, Span};
use dogma_dsl::suggest;
use dogma_runtime::{Color, Icon, Slot};
use std::collections::BTreeMap;

/// The special icons a card phrase can test (Cities): besides the icons, the words `with`,
/// `without` and `has` accept these.
const SPECIAL_SLOT_WORDS: [&str; 7] = [
    "music_note",
    "plus",
    "flag",
    "fountain",
    "splay_left",
    "splay_right",
    "splay_up",
];

/// The declared names of the program.
#[derive(Default)]
pub(super) struct Names {
    /// Card titles to ids (the first tree declaring a title wins a lookup by title).
    pub(super) cards: BTreeMap<String, (CardId, String)>,
    /// (set, title) to where the card is declared, for duplicate detection within a tree.
    pub(super) card_decls: BTreeMap<(String, String), At>,
    pub(super) achievements: BTreeMap<String, (AchievementId, At)>,
    /// The special achievements that are Decrees (Figures in the Sand).
    pub(super) decrees: std::collections::BTreeSet<String>,
    /// Achievements in id order: (file, item index, set).
    pub(super) achievement_order: Vec<(FileId, usize, String)>,
}

impl Names {
    /// What kind of thing a bare word is, if it is a known name.
    pub(super) fn kind_of(&self, word: &str) -> Option<NameKind> {
        if Color::from_word(word).is_some() {
            Some(NameKind::Color)
        } else if Icon::from_word(word).is_some() {
            Some(NameKind::Icon)
        } else if self.cards.contains_key(word) {
            Some(NameKind::Card)
        } else if self.achievements.contains_key(word) {
            Some(NameKind::Achievement)
        } else {
            None
        }
    }
}

impl CardCx<'_> {
    pub(super) fn color_name(&mut self, name: &ast::Name) -> Option<Color> {
        self.resolve_word(&name.node, name.span, NameKind::Color)
            .and_then(|_| Color::from_word(&name.node))
    }

    pub(super) fn icon_name(&mut self, name: &ast::Name) -> Option<Icon> {
        self.resolve_word(&name.node, name.span, NameKind::Icon)
            .and_then(|_| Icon::from_word(&name.node))
    }

    /// An icon or a special icon a card can show (`castle`, `plus`, `flag`, `fountain`,
    /// `splay_left`, …), for the filters `with` and `without` and the test `has`.
    pub(super) fn slot_name(&mut self, name: &ast::Name) -> Option<Slot> {
        if SPECIAL_SLOT_WORDS.contains(&name.node.as_str()) {
            return Slot::from_word(&name.node, None);
        }
        if self.names.kind_of(&name.node).is_none() {
            let words = Icon::ALL.iter().map(|i| i.word()).chain(SPECIAL_SLOT_WORDS);
            self.errors.push(Error::UnknownName {
                at: self.at(name.span),
                name: name.node.clone(),
                kind: NameKind::Icon,
                suggestion: suggest::closest(&name.node, words).map(String::from),
            });
            return None;
        }
        self.icon_name(name).map(Slot::Icon)
    }

    /// The slot a `visible` test looks for: an icon, a special icon, or one of the slots only a
    /// test of visibility can ask about (`hex`, `echo`, `bonus` is a filter of its own).
    pub(super) fn visible_slot(&mut self, name: &ast::Name) -> Option<Slot> {
        match name.node.as_str() {
            "hex" => Some(Slot::Hex),
            "echo" => Some(Slot::Echo),
            "inspire" => Some(Slot::Inspire),
            _ => self.slot_name(name),
        }
    }

    /// Checks that a bare word names a thing of the expected kind; reports it otherwise.
    fn resolve_word(&mut self, word: &str, span: Span, expected: NameKind) -> Option<()> {
        match self.names.kind_of(word) {
            Some(kind) if kind == expected => Some(()),
            Some(found) => {
                self.errors.push(Error::WrongKind {
                    at: self.at(span),
                    name: word.to_string(),
                    expected,
                    found,
                });
                None
            }
            None => {
                let suggestion = match expected {
                    NameKind::Color => suggest::closest(word, Color::ALL.iter().map(|c| c.word()))
                        .map(String::from),
                    NameKind::Icon => {
                        suggest::closest(word, Icon::ALL.iter().map(|i| i.word())).map(String::from)
                    }
                    NameKind::Card => {
                        suggest::closest(word, self.names.cards.keys().map(String::as_str))
                            .map(String::from)
                    }
                    NameKind::Achievement => {
                        suggest::closest(word, self.names.achievements.keys().map(String::as_str))
                            .map(String::from)
                    }
                    // Parameters are resolved by the effect, which reports its own errors.
                    NameKind::Parameter | NameKind::Value => None,
                };
                self.errors.push(Error::UnknownName {
                    at: self.at(span),
                    name: word.to_string(),
                    kind: expected,
                    suggestion,
                });
                None
            }
        }
    }

    pub(super) fn card_title(&mut self, title: &str, span: Span) -> Option<CardId> {
        if let Some((id, _)) = self.names.cards.get(title) {
            return Some(*id);
        }
        if self.names.achievements.contains_key(title) {
            self.errors.push(Error::WrongKind {
                at: self.at(span),
                name: title.to_string(),
                expected: NameKind::Card,
                found: NameKind::Achievement,
            });
            return None;
        }
        let suggestion =
            suggest::closest(title, self.names.cards.keys().map(String::as_str)).map(String::from);
        self.errors.push(Error::UnknownName {
            at: self.at(span),
            name: title.to_string(),
            kind: NameKind::Card,
            suggestion,
        });
        None
    }

    pub(super) fn achievement_title(&mut self, title: &ast::Title) -> Option<AchievementId> {
        if let Some((id, _)) = self.names.achievements.get(&title.node) {
            return Some(*id);
        }
        if self.names.cards.contains_key(&title.node) {
            self.errors.push(Error::WrongKind {
                at: self.at(title.span),
                name: title.node.clone(),
                expected: NameKind::Achievement,
                found: NameKind::Card,
            });
            return None;
        }
        let suggestion = suggest::closest(
            &title.node,
            self.names.achievements.keys().map(String::as_str),
        )
        .map(String::from);
        self.errors.push(Error::UnknownName {
            at: self.at(title.span),
            name: title.node.clone(),
            kind: NameKind::Achievement,
            suggestion,
        });
        None
    }
}
