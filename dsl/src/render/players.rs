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
            PlayerRefKind::They => "they".to_string(),
            PlayerRefKind::Extreme {
                kind,
                most,
                measure,
                single,
                highest,
            } => {
                let (head, tail) = self.measure_parts(&measure.node, "their", true);
                let tail = if super::conditions::board_tail(&measure.node) {
                    ""
                } else {
                    &tail
                };
                format!(
                    "the {}{} with the {} {head}{tail}",
                    if *single { "single " } else { "" },
                    kind_word(*kind),
                    match (*most, *highest) {
                        (true, false) => "most",
                        (false, false) => "fewest",
                        (true, true) => "highest",
                        (false, true) => "lowest",
                    }
                )
            }
            PlayerRefKind::Choose {
                article,
                kind,
                of_your_choice,
                with,
            } => {
                let kind_word = kind_word(*kind);
                let kind_word = if *of_your_choice {
                    format!("{kind_word} of your choice")
                } else {
                    kind_word.to_string()
                };
                let article = match article {
                    PlayerArticle::An => self::article(&kind_word),
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

fn kind_word(kind: PlayerKind) -> &'static str {
    match kind {
        PlayerKind::Opponent => "opponent",
        PlayerKind::OtherPlayer => "other player",
        PlayerKind::Player => "player",
    }
}

pub(super) fn same_player(a: &PlayerRef, b: &PlayerRef) -> bool {
    matches!(
        (&a.kind, &b.kind),
        (PlayerRefKind::You, PlayerRefKind::You)
            | (PlayerRefKind::I { .. }, PlayerRefKind::I { .. })
            | (PlayerRefKind::ThatPlayer, PlayerRefKind::ThatPlayer)
            | (PlayerRefKind::They, PlayerRefKind::They)
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
        PlayerRefKind::You | PlayerRefKind::I { .. } | PlayerRefKind::They => plain,
        _ => third,
    }
}
