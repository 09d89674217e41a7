//! Players in English: "you", "I", "that player", "an opponent with …", with the verb forms and
//! possessives that agree with them.

use crate::ast::*;

use super::words::article;
use super::Renderer;

impl Renderer<'_> {
    pub(super) fn player(&self, p: &PlayerRef) -> String {
        match &p.kind {
            PlayerRefKind::You => "you".to_string(),
            PlayerRefKind::I { me: false } => "I".to_string(),
            PlayerRefKind::I { me: true } => "me".to_string(),
            PlayerRefKind::ThatPlayer => "that player".to_string(),
            PlayerRefKind::Choose {
                article,
                kind,
                with,
            } => {
                let kind_word = match kind {
                    PlayerKind::Opponent => "opponent",
                    PlayerKind::OtherPlayer => "other player",
                    PlayerKind::Player => "player",
                };
                let article = match article {
                    PlayerArticle::An => self::article(kind_word),
                    PlayerArticle::Another => "another",
                    PlayerArticle::Any => "any",
                };
                match with {
                    Some(m) => format!(
                        "{article} {kind_word} with {}",
                        self.measure_phrase(m, "their")
                    ),
                    None => format!("{article} {kind_word}"),
                }
            }
        }
    }
}

pub(super) fn same_player(a: &PlayerRef, b: &PlayerRef) -> bool {
    matches!(
        (&a.kind, &b.kind),
        (PlayerRefKind::You, PlayerRefKind::You)
            | (PlayerRefKind::I { .. }, PlayerRefKind::I { .. })
            | (PlayerRefKind::ThatPlayer, PlayerRefKind::ThatPlayer)
    )
}

/// "your", "my" or "their": whose board a player's measure is on.
pub(super) fn possessive_of(p: &PlayerRef) -> &'static str {
    match p.kind {
        PlayerRefKind::You => "your",
        PlayerRefKind::I { .. } => "my",
        _ => "their",
    }
}

/// The verb form that agrees with a player: "you win", "that player wins".
pub(super) fn verb_s<'a>(p: &PlayerRef, plain: &'a str, third: &'a str) -> &'a str {
    match p.kind {
        PlayerRefKind::You | PlayerRefKind::I { .. } => plain,
        _ => third,
    }
}
