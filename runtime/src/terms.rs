//! The small closed sets of words that card effects are made of: verbs, counts, comparisons,
//! player groups. The compiler's IR and the bytecode share these types, so a back end never
//! translates one into another.

use serde::{Deserialize, Serialize};

/// The verbs that move or show cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Verb {
    Meld,
    Tuck,
    Score,
    Return,
    Reveal,
    Junk,
    Remove,
    Achieve,
    Foreshadow,
    Transfer,
    /// Only in history and measures: cards drawn.
    Draw,
    /// Only in history and measures: cards exchanged.
    Exchange,
}

impl Verb {
    /// The verb's word in the event log.
    pub fn word(self) -> &'static str {
        match self {
            Verb::Meld => "meld",
            Verb::Tuck => "tuck",
            Verb::Score => "score",
            Verb::Return => "return",
            Verb::Reveal => "reveal",
            Verb::Junk => "junk",
            Verb::Remove => "remove",
            Verb::Achieve => "achieve",
            Verb::Foreshadow => "foreshadow",
            Verb::Transfer => "transfer",
            Verb::Draw => "draw",
            Verb::Exchange => "exchange",
        }
    }
}

/// What a choice picks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ChoiceKind {
    Value,
    /// `choose a number`: any whole number from 0 (up to the number of cards in the game: no
    /// count of cards is higher).
    Number,
    Color,
    Player,
    Opponent,
    Icon,
    /// A card type: one of the sets in play (base first, then the expansions), answered by the
    /// set's name; recorded as its index among the values.
    Type,
}

/// Where transferred cards go.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DestinationZone {
    Hand,
    ScorePile,
    /// The top of the pile of the card's colour, keeping the pile's splay.
    Board,
    Achievements,
    /// Echoes: the forecast.
    Forecast,
    /// Echoes: among the available standard achievements (whoever moves the card).
    Available,
    /// The top of the card's own deck (its set and value), whoever moves it.
    DeckTop,
}

/// A set of players, relative to the player executing an effect.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PlayerSet {
    /// Every player, the executor included.
    All,
    /// Every other player, teammates included.
    Others,
    /// Every opponent (never a teammate).
    Opponents,
}

/// Who picks among candidate cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Chooser {
    /// The player executing the effect.
    Executor,
    /// `of my choice`: the demander.
    Demander,
}

/// Whose effects caused an earlier movement of cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DueTo {
    /// The demand effects of the card whose dogma is running.
    Demand,
    /// Any effect of the card whose dogma is running.
    ThisCard,
    /// The echo effects of the card whose effect is running (Echoes).
    ThisEcho,
}

/// How far back a history phrase looks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum HistoryScope {
    Action,
    Turn,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Extreme {
    Highest,
    Lowest,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Rounding {
    Up,
    Down,
}

impl Rounding {
    /// Half of `n`, rounded this way.
    pub fn half(self, n: i32) -> i32 {
        match self {
            Rounding::Up => (n + 1).div_euclid(2),
            Rounding::Down => n.div_euclid(2),
        }
    }
}

/// How many of the candidate cards a statement takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Count {
    /// Exactly this many, or as many as there are (the Golden Rule).
    Exactly(u8),
    /// Between a and b, the chooser decides.
    Between(u8, u8),
    /// Zero up to n, the chooser decides.
    UpTo(u8),
    /// Any number, the chooser decides.
    AnyNumber,
    /// Every candidate (with an extreme: every candidate of the extreme value).
    All,
    /// Every candidate but n, the chooser keeping n.
    AllBut(u8),
    /// Half of the candidates, rounded.
    Half(Rounding),
    /// Exactly the number on top of `I` (computed when the statement runs), or as many as
    /// there are.
    Computed,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Quantifier {
    Any,
    Each,
    No,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Comparison {
    Ge,
    Le,
    Ne,
    Gt,
    Lt,
    Eq,
}

impl Comparison {
    pub fn holds(self, a: i32, b: i32) -> bool {
        match self {
            Comparison::Ge => a >= b,
            Comparison::Le => a <= b,
            Comparison::Ne => a != b,
            Comparison::Gt => a > b,
            Comparison::Lt => a < b,
            Comparison::Eq => a == b,
        }
    }

    pub fn symbol(self) -> &'static str {
        match self {
            Comparison::Ge => ">=",
            Comparison::Le => "<=",
            Comparison::Ne => "!=",
            Comparison::Gt => ">",
            Comparison::Lt => "<",
            Comparison::Eq => "=",
        }
    }
}
