//! The game's vocabulary: the closed sets of words that cards and rules are built from.
//!
//! Every type here has a stable lower-case word (`Color::Red` is `red`) used by the card
//! language, by `--json` output and by scenario files.

use serde::{Deserialize, Serialize};
use std::fmt;

/// Declares a closed word set: an enum with `ALL`, `word()` and `from_word()`.
macro_rules! words {
    ($(#[$meta:meta])* $name:ident { $($variant:ident = $word:literal),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
        #[serde(rename_all = "snake_case")]
        pub enum $name { $($variant),+ }

        impl $name {
            /// Every member, in the game's conventional order.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The member's word in the card language.
            pub fn word(self) -> &'static str {
                match self { $($name::$variant => $word),+ }
            }

            /// The member named by `word`, if any.
            pub fn from_word(word: &str) -> Option<$name> {
                match word { $($word => Some($name::$variant),)+ _ => None }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.word())
            }
        }
    };
}

words! {
    /// The five card colours, in the order piles are laid out on a board.
    Color { Blue = "blue", Red = "red", Green = "green", Yellow = "yellow", Purple = "purple" }
}

words! {
    /// The icons that count for dogma, demands and special achievements. `Avatar` is the
    /// fourth edition's person icon.
    Icon {
        Crown = "crown",
        Leaf = "leaf",
        Lightbulb = "lightbulb",
        Castle = "castle",
        Factory = "factory",
        Clock = "clock",
        Avatar = "avatar",
    }
}

words! {
    /// The directions a pile can be splayed in. `Aslant` exists in the fourth edition only.
    SplayDirection { Left = "left", Right = "right", Up = "up", Aslant = "aslant" }
}

words! {
    /// The kinds of dogma effect a card can print.
    EffectKind {
        Demand = "demand",
        Compel = "compel",
        NonDemand = "nondemand",
        Echo = "echo",
        Inspire = "inspire",
    }
}

words! {
    /// The positions of the icon slots on a card. Four-slot cards use `TopLeft` and the bottom
    /// row; cities add `TopMiddle` and `TopRight`.
    SlotPosition {
        TopLeft = "top_left",
        TopMiddle = "top_middle",
        TopRight = "top_right",
        BottomLeft = "bottom_left",
        BottomMiddle = "bottom_middle",
        BottomRight = "bottom_right",
    }
}

words! {
    /// The places a card can be.
    ZoneKind {
        Hand = "hand",
        Board = "board",
        ScorePile = "score_pile",
        Achievements = "achievements",
        Deck = "deck",
        AvailableAchievements = "available_achievements",
        Junk = "junk",
        Removed = "removed",
    }
}

impl SlotPosition {
    /// The slots of a standard card, in the order the card language lists them: top-left, then
    /// the bottom row from left to right.
    pub const FOUR: [SlotPosition; 4] = [
        SlotPosition::TopLeft,
        SlotPosition::BottomLeft,
        SlotPosition::BottomMiddle,
        SlotPosition::BottomRight,
    ];
    /// The slots of a city, top row then bottom row, each from left to right.
    pub const SIX: [SlotPosition; 6] = [
        SlotPosition::TopLeft,
        SlotPosition::TopMiddle,
        SlotPosition::TopRight,
        SlotPosition::BottomLeft,
        SlotPosition::BottomMiddle,
        SlotPosition::BottomRight,
    ];
}

impl SplayDirection {
    /// The standard slots a splay in this direction reveals on each covered card (the reference
    /// README, "Icons and positions").
    pub fn revealed_slots(self) -> &'static [SlotPosition] {
        match self {
            // A city's top-right slot (its hexagon) shows too.
            SplayDirection::Left => &[SlotPosition::TopRight, SlotPosition::BottomRight],
            SplayDirection::Right => &[SlotPosition::TopLeft, SlotPosition::BottomLeft],
            SplayDirection::Up => &[
                SlotPosition::BottomLeft,
                SlotPosition::BottomMiddle,
                SlotPosition::BottomRight,
            ],
            SplayDirection::Aslant => &SlotPosition::FOUR,
        }
    }
}

/// What a card's icon slot holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Slot {
    /// A countable icon.
    Icon(Icon),
    /// The hexagon image (the card's picture); it counts as no icon.
    Hex,
    /// Echoes: the hexagon image showing a music note (Bell, Flute, Piano, Saxophone: the
    /// reference's `hex_special`, README "Icons and positions"). It is the card's hexagon for
    /// every rule (a dig's hexagon position, Heritage's hexagons) and counts as no icon; effects
    /// may look for it by name (`has a visible music_note`, Saxophone).
    MusicNote,
    /// An empty slot.
    Empty,
    /// Cities: draw a card one age above the city when it is melded by a Meld action.
    Plus,
    /// Cities: splay the city's colour in this direction when it is melded by a Meld action.
    Arrow(SplayDirection),
    /// Cities: worth an achievement while visible and no opponent shows more cards of its colour.
    Flag,
    /// Cities: worth an achievement while visible.
    Fountain,
    /// Echoes, Cities, Figures: a bonus of this value toward the score while visible.
    Bonus(u8),
    /// Echoes, Figures: the card's echo effect, run (and shared) before the dogma effects of a
    /// Dogma action on its colour while visible.
    Echo,
    /// Figures: the card's inspire effect, run by an Inspire action on its colour while visible.
    Inspire,
}

impl Slot {
    /// The slot's word as the card facts and `dogma list --json` name it (`castle`, `hex`,
    /// `plus`, `splay_left`, `flag`, `fountain`, `bonus_3`).
    pub fn word(self) -> String {
        match self {
            Slot::Icon(icon) => icon.word().to_string(),
            Slot::Hex => "hex".to_string(),
            Slot::MusicNote => "music_note".to_string(),
            Slot::Empty => "empty".to_string(),
            Slot::Plus => "plus".to_string(),
            Slot::Arrow(direction) => format!("splay_{}", direction.word()),
            Slot::Flag => "flag".to_string(),
            Slot::Fountain => "fountain".to_string(),
            Slot::Bonus(n) => format!("bonus_{n}"),
            Slot::Echo => "echo".to_string(),
            Slot::Inspire => "inspire".to_string(),
        }
    }

    /// The slot named by a word of the card language (`bonus` takes its number apart); `None`
    /// for a word that names no slot.
    pub fn from_word(word: &str, number: Option<u8>) -> Option<Slot> {
        let slot = match (word, number) {
            ("hex", None) => Slot::Hex,
            ("music_note", None) => Slot::MusicNote,
            ("empty", None) => Slot::Empty,
            ("plus", None) => Slot::Plus,
            ("flag", None) => Slot::Flag,
            ("fountain", None) => Slot::Fountain,
            ("echo", None) => Slot::Echo,
            ("inspire", None) => Slot::Inspire,
            ("bonus", Some(n)) => Slot::Bonus(n),
            (w, None) => match w.strip_prefix("splay_") {
                Some(d) => Slot::Arrow(SplayDirection::from_word(d)?),
                None => Slot::Icon(Icon::from_word(w)?),
            },
            _ => return None,
        };
        Some(slot)
    }

    /// Whether the slot is the card's hexagon image (plain or with a music note).
    pub fn is_hexagon(self) -> bool {
        matches!(self, Slot::Hex | Slot::MusicNote)
    }

    /// The icon this slot counts as, if any.
    pub fn icon(self) -> Option<Icon> {
        match self {
            Slot::Icon(icon) => Some(icon),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_round_trip() {
        for color in Color::ALL {
            assert_eq!(Color::from_word(color.word()), Some(*color));
        }
        for icon in Icon::ALL {
            assert_eq!(Icon::from_word(icon.word()), Some(*icon));
        }
        assert_eq!(Icon::from_word("hex"), None);
        for slot in [
            Slot::Icon(Icon::Castle),
            Slot::Hex,
            Slot::MusicNote,
            Slot::Plus,
            Slot::Arrow(SplayDirection::Up),
            Slot::Flag,
            Slot::Fountain,
            Slot::Echo,
            Slot::Inspire,
        ] {
            assert_eq!(Slot::from_word(&slot.word(), None), Some(slot));
        }
        assert_eq!(Slot::from_word("bonus", Some(3)), Some(Slot::Bonus(3)));
        assert_eq!(Slot::Bonus(3).word(), "bonus_3");
    }

    #[test]
    fn splays_reveal_the_rulebook_slots() {
        // Left: the right column (a standard card has only its bottom-right slot there).
        assert_eq!(
            SplayDirection::Left.revealed_slots(),
            [SlotPosition::TopRight, SlotPosition::BottomRight]
        );
        assert_eq!(SplayDirection::Right.revealed_slots().len(), 2);
        assert_eq!(SplayDirection::Up.revealed_slots().len(), 3);
        assert_eq!(SplayDirection::Aslant.revealed_slots().len(), 4);
    }
}
