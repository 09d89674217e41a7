//! Diagnostics: the checks' errors as plain data, and the one place that turns them into
//! codespan-reporting diagnostics with a stable code, labels and help.
//!
//! Codes are never reused: `E00xx` syntax, `E01xx` names, `E02xx` types and arity, `E03xx` card
//! and rule semantics, `W00xx` warnings (accepted, but probably not what was meant; they never
//! fail a check). `CODES` documents each one; a test keeps it in step with `Error::code` and
//! `Warning::code`.

use crate::ir::FileId;
use codespan_reporting::diagnostic::{Diagnostic as Report, Label};
use dogma_dsl::ast::Span;

/// What kind of thing a name is (or was expected to be).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NameKind {
    Card,
    Achievement,
    Color,
    Icon,
    /// A parameter of the effect (`effect clock (v = 11)`).
    Parameter,
    /// A value, where a colour, an icon or a card was written (`draw a [red]`): a number or a
    /// parameter of the effect.
    Value,
}

impl NameKind {
    pub fn words(self) -> &'static str {
        match self {
            NameKind::Card => "a card",
            NameKind::Achievement => "a special achievement",
            NameKind::Color => "a colour",
            NameKind::Icon => "an icon",
            NameKind::Parameter => "a parameter of the effect",
            NameKind::Value => "a value (a number, or a parameter of the effect)",
        }
    }
}

/// The words that name cards moved earlier (`returned`), for suggestions.
pub const PARTICIPLES: &[&str] = &[
    "drawn",
    "melded",
    "scored",
    "tucked",
    "returned",
    "transferred",
    "revealed",
    "junked",
    "exchanged",
    "achieved",
    "foreshadowed",
    "removed",
    "chosen",
];

/// A place in a source file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct At {
    pub file: FileId,
    pub span: Span,
}

/// An error found by parsing or checking, with everything needed to explain it.
#[derive(Clone, Debug, PartialEq)]
pub enum Error {
    Syntax {
        at: At,
        found: Option<String>,
        expected: Vec<String>,
        suggestion: Option<String>,
    },
    UnclosedBrace {
        /// Where the `}` belonged: the start of the line it should have come before, or the end
        /// of the text (`at_end`).
        at: At,
        open: At,
        at_end: bool,
    },
    /// The text nests more deeply than the language allows (`dogma_dsl::NESTING_LIMIT`).
    TooDeep {
        at: At,
        limit: usize,
    },
    UnknownName {
        at: At,
        name: String,
        kind: NameKind,
        suggestion: Option<String>,
    },
    DuplicateTitle {
        at: At,
        title: String,
        first: At,
    },
    DuplicateAchievement {
        at: At,
        name: String,
        first: At,
    },
    UnknownSlot {
        at: At,
        name: String,
        suggestion: Option<String>,
    },
    ExpansionSlot {
        at: At,
        name: String,
    },
    WrongKind {
        at: At,
        name: String,
        expected: NameKind,
        found: NameKind,
    },
    ValueOutOfRange {
        at: At,
        value: u32,
        min: u32,
        max: u32,
        what: &'static str,
    },
    UnboundReference {
        at: At,
        word: String,
        needs: &'static str,
    },
    NothingToDo {
        at: At,
    },
    DemanderOutsideDemand {
        at: At,
        word: String,
    },
    /// `their` or `they` (`word`) with no player to name.
    TheirOutsideLoop {
        at: At,
        word: &'static str,
    },
    BadCount {
        at: At,
        reason: String,
    },
    SeveralOwners {
        at: At,
        whose: String,
    },
    MissingSource {
        at: At,
    },
    NotAMovement {
        at: At,
        word: String,
    },
    MixedValueSpec {
        at: At,
    },
    SplayNotInEdition {
        at: At,
        direction: String,
        edition: String,
    },
    /// A parameter given a value of the other kind (a colour for a value, or a value for a
    /// colour).
    ParamKindMismatch {
        at: At,
        name: String,
        expected: &'static str,
    },
    DuplicateParam {
        at: At,
        name: String,
    },
    /// A statement that needs a rule variant the edition does not have.
    RuleNotInEdition {
        at: At,
        what: String,
        edition: String,
        rule: &'static str,
    },
    MissingFact {
        at: At,
        title: String,
        fact: &'static str,
    },
    DuplicateFact {
        at: At,
        fact: &'static str,
        first: At,
    },
    SlotCount {
        at: At,
        count: usize,
    },
    HexCount {
        at: At,
        count: usize,
        hexes: Vec<At>,
    },
    WrongFeaturedIcon {
        at: At,
        written: String,
        most: String,
        count: usize,
    },
    MissingFeaturedIcon {
        at: At,
        most: String,
    },
    AgeOutOfRange {
        at: At,
        age: u32,
        max: u8,
    },
    MissingCondition {
        at: At,
        name: String,
    },
    ClaimWithoutVia {
        at: At,
        card: String,
        achievement: String,
        definition: At,
    },
    ViaWithoutClaim {
        at: At,
        card: String,
        achievement: String,
    },
    /// `onto a color …` after a verb that does not put the card on a board.
    OntoOffBoard {
        at: At,
        verb: &'static str,
    },
    /// A card's echo slots and echo effects do not match one to one.
    /// `karma decree "…"` names a special achievement that is no Decree.
    NotADecree {
        at: At,
        name: String,
    },
    EchoMismatch {
        at: At,
        /// `echo` or `inspire`.
        word: &'static str,
        slots: usize,
        effects: usize,
    },
    /// `top` or `bottom` of cards that lie in no pile and no deck (a hand, a score pile).
    PositionOffPile {
        at: At,
        word: &'static str,
        place: String,
    },
    /// A word in a lasting effect's body that names what only the effect around it has
    /// (`returned`, `that player`, `their`, `that color`, a parameter): the body runs later, on
    /// its own.
    LastingReference {
        at: At,
        word: String,
        /// The lasting effect's opening words (`on your next turn`).
        lasting: At,
    },
    /// A statement a lasting effect's body cannot carry out: `repeat this effect`, `end the
    /// dogma action`, a choice before the move it waits for.
    LastingStatement {
        at: At,
        what: &'static str,
        lasting: At,
    },
}

/// Something accepted that is probably not what the designer meant: the card still compiles.
#[derive(Clone, Debug, PartialEq)]
pub enum Warning {
    /// An effect's rendered text differs from its `text` line.
    TextDrift {
        /// The `text` line.
        at: At,
        /// The effect's keyword.
        effect: At,
        intended: String,
        rendered: String,
    },
    /// `other than` after a choice of something else than icons.
    ExceptOutsideIcons { at: At, kind: &'static str },
    /// `of my choice` on a phrase that takes every card it names: there is nothing to choose.
    ChoiceOfAll { at: At },
    /// `take an additional action` carried out by a demand's victim, who never has the turn.
    AdditionalActionInDemand { at: At },
    /// `due to this card's echo effect` on a card without an echo effect: it names no cards.
    EchoHistoryWithoutEcho { at: At },
}

impl Warning {
    /// The stable code of the warning.
    pub fn code(&self) -> &'static str {
        match self {
            Warning::TextDrift { .. } => "W0001",
            Warning::ExceptOutsideIcons { .. } => "W0003",
            Warning::ChoiceOfAll { .. } => "W0004",
            Warning::AdditionalActionInDemand { .. } => "W0005",
            Warning::EchoHistoryWithoutEcho { .. } => "W0006",
        }
    }

    /// Where the warning is.
    pub fn at(&self) -> At {
        match self {
            Warning::TextDrift { at, .. }
            | Warning::ExceptOutsideIcons { at, .. }
            | Warning::ChoiceOfAll { at }
            | Warning::AdditionalActionInDemand { at }
            | Warning::EchoHistoryWithoutEcho { at } => *at,
        }
    }

    /// Every place the warning points at.
    pub fn places(&self) -> Vec<At> {
        match self {
            Warning::TextDrift { at, effect, .. } => vec![*at, *effect],
            other => vec![other.at()],
        }
    }

    /// The warning as a codespan diagnostic.
    pub fn report(&self) -> Report<usize> {
        let primary = |at: At, message: &str| {
            Label::primary(at.file.0 as usize, at.span.range()).with_message(message.to_string())
        };
        let (message, labels, notes): (String, Vec<Label<usize>>, Vec<String>) = match self {
            Warning::TextDrift {
                at,
                effect,
                intended,
                rendered,
            } => (
                "the effect's text differs from its intended text".to_string(),
                vec![
                    primary(*at, "the intended text"),
                    Label::secondary(effect.file.0 as usize, effect.span.range())
                        .with_message("this effect renders differently".to_string()),
                ],
                vec![
                    format!("words: {}", word_diff(intended, rendered)),
                    format!("rendered: {rendered}"),
                    "help: change the statements until the effect renders as intended, or the `text` line to what it renders; a card that cannot read as printed may say so with `approximate \"why\"`".to_string(),
                ],
            ),
            Warning::ExceptOutsideIcons { at, kind } => (
                format!("`other than` leaves nothing out of a choice of {kind}"),
                vec![primary(*at, "ignored")],
                vec!["help: `other than` leaves an icon out of a choice of icons (`choose an icon other than leaf`) and a value out of a choice of values (`choose a value other than [5]`); remove it".to_string()],
            ),
            Warning::ChoiceOfAll { at } => (
                "`of my choice` means nothing here: the phrase takes every card it names".to_string(),
                vec![primary(*at, "nothing to choose")],
                vec!["help: the demander chooses among cards when the phrase takes some of them (`a card of my choice`, `2 cards of my choice`); remove `of my choice`, or say how many".to_string()],
            ),
            Warning::AdditionalActionInDemand { at } => (
                "an additional action in a demand does nothing: its victim never has the turn".to_string(),
                vec![primary(*at, "carried out by the victim, on the demander's turn")],
                vec!["help: only the player whose turn it is takes actions; give the action in a non-demand effect, or on the victim's own turn (`on your next turn { take an additional action }`)".to_string()],
            ),
            Warning::EchoHistoryWithoutEcho { at } => (
                "this card has no echo effect: nothing is moved due to it".to_string(),
                vec![primary(*at, "names no cards")],
                vec!["help: `due to this card's echo effect` names what the card's own `echo { … }` moved in this dogma action; give the card its echo effect, or say `due to this card`".to_string()],
            ),
        };
        Report::warning()
            .with_code(self.code())
            .with_message(message)
            .with_labels(labels)
            .with_notes(notes)
    }
}

/// The words of `rendered` against those of `intended`: the intended words that are not
/// rendered in `[-…-]`, the rendered words that are not intended in `{+…+}`, and long runs of
/// words they share shortened to their ends with `…`. A full stop or comma after a word is a
/// word of its own, so that "[4]." against "[4] for every card." shows only the words between.
pub fn word_diff(intended: &str, rendered: &str) -> String {
    use similar::{capture_diff_slices, Algorithm, ChangeTag};
    /// The shared words kept on each side of a change.
    const CONTEXT: usize = 4;
    let old = words(intended);
    let new = words(rendered);
    let mut runs: Vec<(ChangeTag, Vec<&str>)> = Vec::new();
    for op in capture_diff_slices(Algorithm::Myers, &old, &new) {
        for change in op.iter_changes(&old, &new) {
            let word = change.value();
            match runs.last_mut() {
                Some((tag, words)) if *tag == change.tag() => words.push(word),
                _ => runs.push((change.tag(), vec![word])),
            }
        }
    }
    let last = runs.len().saturating_sub(1);
    let mut out = String::new();
    for (i, (tag, words)) in runs.iter().enumerate() {
        let part = match tag {
            ChangeTag::Delete => format!("[-{}-]", join_words(words)),
            ChangeTag::Insert => format!("{{+{}+}}", join_words(words)),
            ChangeTag::Equal => {
                let keep_front = if i == 0 { 0 } else { CONTEXT };
                let keep_back = if i == last { 0 } else { CONTEXT };
                if words.len() > keep_front + keep_back + 1 {
                    let mut part: Vec<&str> = words[..keep_front].to_vec();
                    // No stop right before or after the ellipsis.
                    while part.last().is_some_and(|w| is_stop(w)) {
                        part.pop();
                    }
                    part.push("…");
                    part.extend(
                        words[words.len() - keep_back..]
                            .iter()
                            .skip_while(|w| is_stop(w)),
                    );
                    join_words(&part)
                } else {
                    join_words(words)
                }
            }
        };
        let glued = words.first().is_some_and(|w| is_stop(w)) && *tag == ChangeTag::Equal;
        if !out.is_empty() && !glued {
            out.push(' ');
        }
        out.push_str(&part);
    }
    out
}

/// A text's words, with a stop or comma that ends a word as a word of its own.
fn words(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    for word in text.split_whitespace() {
        match word.char_indices().last() {
            Some((at, c)) if at > 0 && is_stop_char(c) => {
                out.push(&word[..at]);
                out.push(&word[at..]);
            }
            _ => out.push(word),
        }
    }
    out
}

fn is_stop_char(c: char) -> bool {
    matches!(c, '.' | ',' | '!' | ';' | ':')
}

fn is_stop(word: &str) -> bool {
    word.chars().count() == 1 && word.chars().all(is_stop_char)
}

/// Words joined by spaces, a stop glued to the word before it.
fn join_words(words: &[&str]) -> String {
    let mut out = String::new();
    for word in words {
        if !out.is_empty() && !is_stop(word) {
            out.push(' ');
        }
        out.push_str(word);
    }
    out
}

/// A code's explanation as docs/diagnostics.md gives it (`dogma explain CODE`): its meaning, a
/// typical cause with examples, and the fix.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explanation {
    pub code: &'static str,
    pub meaning: &'static str,
    pub cause: &'static str,
    pub fix: &'static str,
}

/// The table of docs/diagnostics.md, built into the binary so that `dogma explain` works anywhere.
const DIAGNOSTICS_DOC: &str = include_str!("../../docs/diagnostics.md");

/// The explanation of a code (any case), from docs/diagnostics.md's table.
pub fn explain(code: &str) -> Option<Explanation> {
    let code = code.trim();
    DIAGNOSTICS_DOC.lines().find_map(|line| {
        let cells: Vec<&'static str> = line
            .strip_prefix('|')?
            .strip_suffix('|')?
            .split(" | ")
            .map(str::trim)
            .collect();
        match cells[..] {
            [c, meaning, cause, fix] if c.eq_ignore_ascii_case(code) => Some(Explanation {
                code: c,
                meaning,
                cause,
                fix,
            }),
            _ => None,
        }
    })
}

/// Every diagnostic code with a one-line explanation (`dogma explain CODE` prints it).
pub const CODES: &[(&str, &str)] = &[
    (
        "E0001",
        "the text does not follow the card language's grammar",
    ),
    ("E0002", "a `{` is never closed"),
    (
        "E0003",
        "the text nests more deeply than the language allows",
    ),
    (
        "E0101",
        "a name (card, achievement, colour or icon) is not known",
    ),
    ("E0102", "two cards of one tree have the same title"),
    ("E0103", "two special achievements have the same name"),
    ("E0104", "an icon slot holds an unknown word"),
    (
        "E0105",
        "an icon slot holds an expansion icon that the language does not support yet",
    ),
    (
        "E0201",
        "a name of the wrong kind: e.g. a colour where a card is needed",
    ),
    ("E0202", "a number is outside the range allowed there"),
    (
        "E0203",
        "a word refers to earlier cards, choices or players that the effect does not have",
    ),
    (
        "E0204",
        "`if you do` or `if you don't` has no earlier statement to refer to",
    ),
    (
        "E0205",
        "`I`, `me`, `my` or `of my choice` outside a demand or compel effect",
    ),
    (
        "E0206",
        "`their` or `they` outside `for each`, a player condition or a statement with a subject",
    ),
    ("E0207", "a quantity of cards that cannot be taken"),
    (
        "E0208",
        "several players where one is needed (a destination, a board to count on)",
    ),
    ("E0209", "the phrase does not say where the cards are"),
    ("E0210", "a participle that names no movement of cards"),
    (
        "E0211",
        "a value list mixes `or higher`/`or lower` with other values",
    ),
    ("E0212", "a splay direction that the edition does not have"),
    (
        "E0213",
        "an effect parameter given a value of the wrong kind (a colour for a value, or the reverse)",
    ),
    ("E0214", "an effect declares a parameter twice"),
    (
        "E0215",
        "`top` or `bottom` of cards that lie in no pile on a board and no deck (a hand, a score pile)",
    ),
    ("E0301", "a card lacks its age, colour or icons"),
    ("E0302", "a card states the same fact twice"),
    ("E0303", "a card has the wrong number of icon slots"),
    ("E0304", "a card must have exactly one hexagon"),
    (
        "E0305",
        "an effect's featured icon is not the card's most frequent icon",
    ),
    ("E0306", "an effect does not name its featured icon"),
    ("E0307", "a card's age is outside the edition's ages"),
    ("E0308", "a special achievement has no `when` condition"),
    (
        "E0309",
        "a card claims a special achievement that does not list it with `via`",
    ),
    (
        "E0310",
        "a special achievement lists a card with `via` that never claims it",
    ),
    (
        "E0311",
        "a statement needs a rule the edition does not have (e.g. `you lose` without elimination)",
    ),
    (
        "E0312",
        "a trigger tests the pile a card went to (`onto a color …`), but its verb does not put the card on a board",
    ),
    (
        "E0313",
        "a card's echo slots and its echo effects do not match: each echo effect is printed in one `echo` slot",
    ),
    (
        "E0315",
        "a decree karma (`karma decree \"…\"`) names a special achievement that is no Decree",
    ),
    (
        "E0216",
        "a lasting effect's body names what only the effect around it has (`returned`, `that player`, `their`, `that color`, a parameter)",
    ),
    (
        "E0314",
        "a lasting effect's body carries out what only the effect around it can (`repeat this effect`, `end the dogma action`, a choice before its move)",
    ),
    (
        "W0001",
        "an effect's rendered text differs from its intended text (its `text` line)",
    ),
    (
        "W0003",
        "`other than` after a choice of values, colours or players: only a choice of icons leaves one out",
    ),
    (
        "W0004",
        "`of my choice` on a phrase that takes every card it names",
    ),
    (
        "W0005",
        "`take an additional action` in a demand: the victim never has the turn, so it does nothing",
    ),
    (
        "W0006",
        "`due to this card's echo effect` on a card without an echo effect: it names no cards",
    ),
];

impl Error {
    /// The stable code of the error.
    pub fn code(&self) -> &'static str {
        match self {
            Error::Syntax { .. } => "E0001",
            Error::UnclosedBrace { .. } => "E0002",
            Error::TooDeep { .. } => "E0003",
            Error::UnknownName { .. } => "E0101",
            Error::DuplicateTitle { .. } => "E0102",
            Error::DuplicateAchievement { .. } => "E0103",
            Error::UnknownSlot { .. } => "E0104",
            Error::ExpansionSlot { .. } => "E0105",
            Error::WrongKind { .. } => "E0201",
            Error::ValueOutOfRange { .. } => "E0202",
            Error::UnboundReference { .. } => "E0203",
            Error::NothingToDo { .. } => "E0204",
            Error::DemanderOutsideDemand { .. } => "E0205",
            Error::TheirOutsideLoop { .. } => "E0206",
            Error::BadCount { .. } => "E0207",
            Error::SeveralOwners { .. } => "E0208",
            Error::MissingSource { .. } => "E0209",
            Error::NotAMovement { .. } => "E0210",
            Error::MixedValueSpec { .. } => "E0211",
            Error::SplayNotInEdition { .. } => "E0212",
            Error::ParamKindMismatch { .. } => "E0213",
            Error::DuplicateParam { .. } => "E0214",
            Error::PositionOffPile { .. } => "E0215",
            Error::LastingReference { .. } => "E0216",
            Error::LastingStatement { .. } => "E0314",
            Error::RuleNotInEdition { .. } => "E0311",
            Error::MissingFact { .. } => "E0301",
            Error::DuplicateFact { .. } => "E0302",
            Error::SlotCount { .. } => "E0303",
            Error::HexCount { .. } => "E0304",
            Error::WrongFeaturedIcon { .. } => "E0305",
            Error::MissingFeaturedIcon { .. } => "E0306",
            Error::AgeOutOfRange { .. } => "E0307",
            Error::MissingCondition { .. } => "E0308",
            Error::OntoOffBoard { .. } => "E0312",
            Error::EchoMismatch { .. } => "E0313",
            Error::NotADecree { .. } => "E0315",
            Error::ClaimWithoutVia { .. } => "E0309",
            Error::ViaWithoutClaim { .. } => "E0310",
        }
    }

    /// Where the error is.
    pub fn at(&self) -> At {
        match self {
            Error::Syntax { at, .. }
            | Error::UnclosedBrace { at, .. }
            | Error::TooDeep { at, .. }
            | Error::UnknownName { at, .. }
            | Error::DuplicateTitle { at, .. }
            | Error::DuplicateAchievement { at, .. }
            | Error::UnknownSlot { at, .. }
            | Error::ExpansionSlot { at, .. }
            | Error::WrongKind { at, .. }
            | Error::ValueOutOfRange { at, .. }
            | Error::UnboundReference { at, .. }
            | Error::NothingToDo { at }
            | Error::DemanderOutsideDemand { at, .. }
            | Error::TheirOutsideLoop { at, .. }
            | Error::BadCount { at, .. }
            | Error::SeveralOwners { at, .. }
            | Error::MissingSource { at }
            | Error::NotAMovement { at, .. }
            | Error::MixedValueSpec { at }
            | Error::SplayNotInEdition { at, .. }
            | Error::ParamKindMismatch { at, .. }
            | Error::DuplicateParam { at, .. }
            | Error::RuleNotInEdition { at, .. }
            | Error::MissingFact { at, .. }
            | Error::DuplicateFact { at, .. }
            | Error::SlotCount { at, .. }
            | Error::HexCount { at, .. }
            | Error::WrongFeaturedIcon { at, .. }
            | Error::MissingFeaturedIcon { at, .. }
            | Error::AgeOutOfRange { at, .. }
            | Error::MissingCondition { at, .. }
            | Error::ClaimWithoutVia { at, .. }
            | Error::ViaWithoutClaim { at, .. }
            | Error::OntoOffBoard { at, .. }
            | Error::EchoMismatch { at, .. }
            | Error::NotADecree { at, .. }
            | Error::PositionOffPile { at, .. }
            | Error::LastingReference { at, .. }
            | Error::LastingStatement { at, .. } => *at,
        }
    }

    /// Every place the error points at: where it is, then the places its secondary labels show
    /// ("first defined here").
    pub fn places(&self) -> Vec<At> {
        let mut places = vec![self.at()];
        match self {
            Error::UnclosedBrace { open, .. } => places.push(*open),
            Error::DuplicateTitle { first, .. }
            | Error::DuplicateAchievement { first, .. }
            | Error::DuplicateFact { first, .. } => places.push(*first),
            Error::HexCount { hexes, .. } => places.extend(hexes.iter().copied()),
            Error::ClaimWithoutVia { definition, .. } => places.push(*definition),
            Error::LastingReference { lasting, .. } | Error::LastingStatement { lasting, .. } => {
                places.push(*lasting)
            }
            _ => {}
        }
        places
    }

    /// The error as a codespan diagnostic: message, labels and help notes.
    pub fn report(&self) -> Report<usize> {
        let code = self.code();
        let primary = |at: At, message: String| {
            Label::primary(at.file.0 as usize, at.span.range()).with_message(message)
        };
        let secondary = |at: At, message: String| {
            Label::secondary(at.file.0 as usize, at.span.range()).with_message(message)
        };
        let (message, labels, notes): (String, Vec<Label<usize>>, Vec<String>) = match self {
            Error::Syntax {
                at,
                found,
                expected,
                suggestion,
            } => {
                let found_words = match found {
                    Some(f) => format!("`{f}`"),
                    None => "the end of the file".to_string(),
                };
                let mut notes = vec![format!("help: expected {}", one_of(expected))];
                if let Some(s) = suggestion {
                    notes.push(format!("help: did you mean `{s}`?"));
                }
                (
                    format!("unexpected {found_words}"),
                    vec![primary(*at, "not expected here".to_string())],
                    notes,
                )
            }
            Error::UnclosedBrace { at, open, at_end } => (
                "a `{` is never closed".to_string(),
                vec![
                    if *at_end {
                        primary(*at, "the file ends here".to_string())
                    } else {
                        primary(*at, "its `}` belongs before this line".to_string())
                    },
                    secondary(*open, "this `{` has no matching `}`".to_string()),
                ],
                vec![if *at_end {
                    "help: add a `}` to close the block".to_string()
                } else {
                    "help: add a `}` on a line of its own here, indented like the line that opens the block".to_string()
                }],
            ),
            Error::TooDeep { at, limit } => (
                "the text nests too deeply".to_string(),
                vec![primary(
                    *at,
                    format!("nested more than {limit} levels deep here"),
                )],
                vec![
                    format!("help: blocks, conditions, values and phrases may nest {limit} levels of the grammar deep; the official cards reach 24"),
                    "help: write the effect flatter: fewer blocks inside blocks, or split it into several effects".to_string(),
                ],
            ),
            Error::UnknownName {
                at,
                name,
                kind,
                suggestion,
            } => {
                let mut notes = Vec::new();
                match (kind, suggestion) {
                    // A word for cards moved earlier (`tucked`) is written bare, a title quoted.
                    (NameKind::Card, Some(s)) if PARTICIPLES.contains(&s.as_str()) => {
                        notes.push(format!("help: did you mean `{s}`?"))
                    }
                    (NameKind::Card | NameKind::Achievement, Some(s)) => {
                        notes.push(format!("help: did you mean \"{s}\"?"))
                    }
                    (_, Some(s)) => notes.push(format!("help: did you mean `{s}`?")),
                    (NameKind::Card, None) => notes.push(
                        "help: card titles are written in quotes, exactly as printed".to_string(),
                    ),
                    (NameKind::Color, None) => notes.push(
                        "help: the colours are blue, red, green, yellow and purple".to_string(),
                    ),
                    (NameKind::Icon, None) => notes.push(
                        "help: the icons are crown, leaf, lightbulb, castle, factory, clock and avatar"
                            .to_string(),
                    ),
                    (NameKind::Achievement, None) => notes.push(
                        "help: special achievements are declared with `achievement \"Name\" { … }`"
                            .to_string(),
                    ),
                    (NameKind::Parameter | NameKind::Value, None) => notes.push(
                        "help: a bare word in a value is a parameter, declared in the effect's header: `effect clock (v = 11) { … }`"
                            .to_string(),
                    ),
                }
                (
                    format!("unknown {} `{name}`", kind_noun(*kind)),
                    vec![primary(*at, format!("no {} has this name", kind_noun(*kind)))],
                    notes,
                )
            }
            Error::DuplicateTitle { at, title, first } => (
                format!("the title \"{title}\" is used twice in this tree"),
                vec![
                    primary(*at, "second card with this title".to_string()),
                    secondary(*first, "first defined here".to_string()),
                ],
                vec!["help: titles must be unique within a tree; rename or remove one card".to_string()],
            ),
            Error::DuplicateAchievement { at, name, first } => (
                format!("the special achievement \"{name}\" is defined twice"),
                vec![
                    primary(*at, "second definition".to_string()),
                    secondary(*first, "first defined here".to_string()),
                ],
                vec!["help: remove one of the definitions".to_string()],
            ),
            Error::UnknownSlot {
                at,
                name,
                suggestion,
            } => {
                let mut notes = vec![
                    "help: a slot holds an icon (crown, leaf, lightbulb, castle, factory, clock, avatar), `hex` or `empty`"
                        .to_string(),
                ];
                if let Some(s) = suggestion {
                    notes.insert(0, format!("help: did you mean `{s}`?"));
                }
                (
                    format!("unknown icon `{name}`"),
                    vec![primary(*at, "not an icon".to_string())],
                    notes,
                )
            }
            Error::ExpansionSlot { at, name } => (
                format!("the expansion slot `{name}` is not supported yet"),
                vec![primary(*at, "not implemented".to_string())],
                vec!["help: only the base game's icons, `hex` and `empty` can be used for now".to_string()],
            ),
            Error::WrongKind {
                at,
                name,
                expected,
                found,
            } => (
                format!(
                    "`{name}` is {}, but {} is needed here",
                    found.words(),
                    expected.words()
                ),
                vec![primary(*at, format!("expected {}", expected.words()))],
                vec![wrong_kind_help(*expected)],
            ),
            Error::ValueOutOfRange {
                at,
                value,
                min,
                max,
                what,
            } => (
                format!("the {what} {value} is out of range"),
                vec![primary(*at, format!("must be between {min} and {max}"))],
                vec![format!("help: use a {what} from {min} to {max}")],
            ),
            Error::UnboundReference { at, word, needs } => (
                format!("`{word}` refers to nothing earlier in this effect"),
                vec![primary(*at, format!("no earlier {needs}"))],
                vec![format!(
                    "help: `{word}` names what an earlier statement of the same effect did; add that statement before it"
                )],
            ),
            Error::NothingToDo { at } => (
                "`if you do` has no earlier statement to refer to".to_string(),
                vec![primary(*at, "nothing before this in its block".to_string())],
                vec!["help: `if you do` and `if you don't` test the statement just before them".to_string()],
            ),
            Error::DemanderOutsideDemand { at, word } => (
                format!("`{word}` is used outside a demand"),
                vec![primary(*at, "only a demand or compel effect has a demander".to_string())],
                vec!["help: use `you`/`your`, or make the effect a `demand`".to_string()],
            ),
            Error::TheirOutsideLoop { at, word } => (
                format!("`{word}` has no player to refer to"),
                vec![primary(*at, "not inside `for each`, a player condition or a statement another player carries out".to_string())],
                vec!["help: wrap the statement in `for each opponent { … }`, or give it a subject (`each opponent draws …`)".to_string()],
            ),
            Error::BadCount { at, reason } => (
                format!("this quantity cannot be taken: {reason}"),
                vec![primary(*at, "invalid quantity".to_string())],
                vec!["help: write a positive number of cards, e.g. `a card`, `2 cards`, `1 or 2 cards`".to_string()],
            ),
            Error::SeveralOwners { at, whose } => (
                format!("one player is needed here, but `{whose}` names several"),
                vec![primary(*at, "several players".to_string())],
                vec!["help: name one player, e.g. `my score pile`, `your board` or `another player's board`".to_string()],
            ),
            Error::MissingSource { at } => (
                "this phrase does not say where the cards are".to_string(),
                vec![primary(*at, "where are these cards?".to_string())],
                vec!["help: add where they are, e.g. `from your hand`, `from your score pile` or `on your board`".to_string()],
            ),
            Error::NotAMovement { at, word } => (
                format!("`{word}` names no movement of cards"),
                vec![primary(*at, "not a movement".to_string())],
                vec!["help: use a participle such as `returned`, `tucked`, `scored` or `transferred`".to_string()],
            ),
            Error::MixedValueSpec { at } => (
                "a value list cannot mix `or higher`/`or lower` with other values".to_string(),
                vec![primary(*at, "ambiguous values".to_string())],
                vec!["help: write either `of value 4 or lower` or `of value 2 or 3`".to_string()],
            ),
            Error::SplayNotInEdition {
                at,
                direction,
                edition,
            } => (
                format!("the {edition} edition has no `{direction}` splay"),
                vec![primary(*at, "not in this edition".to_string())],
                vec!["help: splay left, right or up".to_string()],
            ),
            Error::ParamKindMismatch { at, name, expected } => (
                format!("the parameter `{name}` needs {expected}"),
                vec![primary(*at, format!("not {expected}"))],
                vec![format!(
                    "help: `{name}` holds {expected} (its kind is that of its first value in the effect's header)"
                )],
            ),
            Error::DuplicateParam { at, name } => (
                format!("the parameter `{name}` is declared twice"),
                vec![primary(*at, "second declaration".to_string())],
                vec!["help: give each parameter of an effect its own name".to_string()],
            ),
            Error::RuleNotInEdition {
                at,
                what,
                edition,
                rule,
            } => (
                format!("{what} is not a rule of the {edition} edition"),
                vec![primary(*at, format!("needs `{rule}`"))],
                vec![format!(
                    "help: the edition manifest's [rules] would need `{rule}`; check this card against an edition that has it (`dogma check --edition fourth`)"
                )],
            ),
            Error::MissingFact { at, title, fact } => (
                format!("the card \"{title}\" has no `{fact}`"),
                vec![primary(*at, format!("missing `{fact}`"))],
                vec![format!("help: add a line `{}` to the card", fact_example(fact))],
            ),
            Error::DuplicateFact { at, fact, first } => (
                format!("`{fact}` is stated twice"),
                vec![
                    primary(*at, "stated again here".to_string()),
                    secondary(*first, "first stated here".to_string()),
                ],
                vec![format!("help: keep one `{fact}` line")],
            ),
            Error::SlotCount { at, count } => (
                format!("a card has 4 icon slots (a city 6), but {count} are listed"),
                vec![primary(*at, format!("{count} slots"))],
                vec!["help: list the slots top-left, bottom-left, bottom-middle, bottom-right, e.g. `icons hex leaf leaf leaf`".to_string()],
            ),
            Error::HexCount { at, count, hexes } => {
                let mut labels = vec![primary(*at, format!("{count} hexagons"))];
                for hex in hexes {
                    labels.push(secondary(*hex, "a hexagon".to_string()));
                }
                (
                    format!("a card has exactly one hexagon, but this one has {count}"),
                    labels,
                    vec!["help: one slot holds the card's picture, written `hex`; the others hold icons".to_string()],
                )
            }
            Error::WrongFeaturedIcon {
                at,
                written,
                most,
                count,
            } => (
                format!("the featured icon is `{written}`, but the card's most frequent icon is `{most}`"),
                vec![primary(*at, format!("`{most}` appears {count} times on this card"))],
                vec![format!("help: write `{most}` here, or change the card's icons")],
            ),
            Error::MissingFeaturedIcon { at, most } => (
                "the effect does not name its featured icon".to_string(),
                vec![primary(*at, "no featured icon".to_string())],
                vec![format!("help: write the card's most frequent icon after the keyword, e.g. `effect {most} {{`")],
            ),
            Error::AgeOutOfRange { at, age, max } => (
                format!("age {age} is outside the edition's ages"),
                vec![primary(*at, format!("ages run from 1 to {max}"))],
                vec![format!("help: use an age from 1 to {max}")],
            ),
            Error::MissingCondition { at, name } => (
                format!("the special achievement \"{name}\" has no `when` condition"),
                vec![primary(*at, "no condition".to_string())],
                vec!["help: add `when …`, e.g. `when you have at least 12 clock`".to_string()],
            ),
            Error::ClaimWithoutVia {
                at,
                card,
                achievement,
                definition,
            } => (
                format!("\"{card}\" claims \"{achievement}\", which does not list it with `via`"),
                vec![
                    primary(*at, "claimed here".to_string()),
                    secondary(*definition, "the achievement is defined here".to_string()),
                ],
                vec![format!("help: add `via \"{card}\"` to \"{achievement}\"")],
            ),
            Error::ViaWithoutClaim {
                at,
                card,
                achievement,
            } => (
                format!("\"{achievement}\" lists \"{card}\", which never claims it"),
                vec![primary(*at, "listed here".to_string())],
                vec![format!("help: add `claim \"{achievement}\"` to \"{card}\", or remove this `via`")],
            ),
            Error::OntoOffBoard { at, verb } => (
                format!("a card you {verb} does not go onto a pile"),
                vec![primary(*at, format!("no pile to test after `{verb}`"))],
                vec!["help: `onto a color …` follows `meld` or `tuck`; remove it, or test the card itself (`a card with flag`)".to_string()],
            ),
            Error::EchoMismatch {
                at,
                word,
                slots,
                effects,
            } => (
                format!(
                    "the card shows {slots} {word} slot{} but has {effects} {word} effect{}",
                    if *slots == 1 { "" } else { "s" },
                    if *effects == 1 { "" } else { "s" }
                ),
                vec![primary(*at, format!("{word} slots and {word} effects differ"))],
                vec![format!("help: an {word} effect (`{word} {{ … }}`) is printed in an `{word}` slot of the icons line: write one of each")],
            ),
            Error::NotADecree { at, name } => (
                format!("{name} is a special achievement but no Decree"),
                vec![primary(*at, "not a Decree".to_string())],
                vec!["help: a decree karma names one of the Decrees (`decree \"War\" { … }` in a Figures tree): War, Trade, Advancement, Rivalry or Expansion".to_string()],
            ),
            Error::PositionOffPile { at, word, place } => (
                format!("`{word}` names a card of a pile or a deck, but {place} has no {word}"),
                vec![primary(*at, format!("no {word} card here"))],
                vec![format!(
                    "help: `{word}` means the {word} card of a pile on a board (`your {word} red card`) or of a deck (`the {word} card of the [2] deck`); to pick among {place}, leave `{word}` out"
                )],
            ),
            Error::LastingReference { at, word, lasting } => (
                format!("`{word}` names nothing in this lasting effect"),
                vec![
                    primary(*at, "not known when the lasting effect runs".to_string()),
                    secondary(*lasting, "the body runs later, on its own".to_string()),
                ],
                vec!["help: a lasting effect's body cannot name the cards, choices, players, colours or parameters of the effect around it; it may name the card that set it off (`it`, after `the next time you meld a card`), `this card`, `you` and `I`".to_string()],
            ),
            Error::LastingStatement { at, what, lasting } => (
                format!("a lasting effect cannot {what}"),
                vec![
                    primary(*at, "only the effect around it can".to_string()),
                    secondary(*lasting, "the body runs later, on its own".to_string()),
                ],
                vec!["help: a lasting effect's body runs once, outside the effect that set it up: move the statement out of its braces".to_string()],
            ),
        };
        Report::error()
            .with_code(code)
            .with_message(message)
            .with_labels(labels)
            .with_notes(notes)
    }
}

fn kind_noun(kind: NameKind) -> &'static str {
    match kind {
        NameKind::Card => "card",
        NameKind::Achievement => "special achievement",
        NameKind::Color => "colour",
        NameKind::Icon => "icon",
        NameKind::Parameter => "parameter",
        NameKind::Value => "value",
    }
}

fn wrong_kind_help(expected: NameKind) -> String {
    match expected {
        NameKind::Card => {
            "help: name cards with a phrase such as `a card from your hand`, a word such as `it` or `returned`, or a quoted title".to_string()
        }
        NameKind::Achievement => "help: name a special achievement by its quoted name".to_string(),
        NameKind::Color => "help: the colours are blue, red, green, yellow and purple".to_string(),
        NameKind::Icon => {
            "help: the icons are crown, leaf, lightbulb, castle, factory, clock and avatar".to_string()
        }
        NameKind::Parameter => {
            "help: declare the parameter in the effect's header: `effect clock (v = 11) { … }`"
                .to_string()
        }
        NameKind::Value => {
            "help: write a value: a number (`[1]`), a computed one (`[value of it]`, `[number of cards in your hand]`), or a parameter declared in the effect's header (`effect clock (v = 11) { … }`)".to_string()
        }
    }
}

fn fact_example(fact: &str) -> &'static str {
    match fact {
        "age" => "age 1",
        "color" => "color red",
        _ => "icons hex leaf leaf leaf",
    }
}

/// `a`, `a or b`, `a, b or c`.
fn one_of(items: &[String]) -> String {
    match items {
        [] => "something else".to_string(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_word_diff_marks_the_words_changed_and_keeps_stops_apart() {
        assert_eq!(
            word_diff("Draw two [1].", "Draw a [1]."),
            "Draw [-two-] {+a+} [1]."
        );
        assert_eq!(
            word_diff(
                "Choose a value. Draw a [4] for every card you returned.",
                "Choose a value. Draw a [4]."
            ),
            "… Draw a [4] [-for every card you returned-]."
        );
        assert_eq!(
            word_diff("Draw a [1].", "Draw a [1]!"),
            "Draw a [1] [-.-] {+!+}"
        );
    }

    #[test]
    fn codes_are_unique_and_documented() {
        let mut seen = std::collections::BTreeSet::new();
        for (code, text) in CODES {
            assert!(seen.insert(*code), "{code} listed twice");
            assert!(!text.is_empty());
        }
        let docs = include_str!("../../docs/diagnostics.md");
        for (code, _) in CODES {
            assert!(
                docs.contains(code),
                "{code} is not documented in docs/diagnostics.md"
            );
            // `dogma explain` finds its row: meaning, cause and fix.
            let e = explain(code).unwrap_or_else(|| panic!("no table row for {code}"));
            assert!(!e.meaning.is_empty() && !e.cause.is_empty() && !e.fix.is_empty());
        }
        assert_eq!(explain("e0002").map(|e| e.code), Some("E0002"));
        assert_eq!(explain("E9999"), None);
    }
}
