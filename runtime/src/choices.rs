//! Players' decisions: the actions a player can take, the questions the game asks, the answers,
//! and the `Agent` trait that every kind of player (random, scripted, human) implements.
//!
//! A question lists its legal options completely, so an agent never needs to know the rules to
//! answer legally, and an illegal answer is refused with a reason before anything changes.

use crate::bytecode::{CardIdx, CompiledEdition, SpecialIdx};
use crate::state::Seat;
use crate::vocab::{Color, Icon};
use serde::{Deserialize, Serialize};

/// One of the four actions of a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    Draw,
    Meld(CardIdx),
    /// Claim the available standard achievement of this age.
    Achieve(u8),
    Dogma(CardIdx),
    /// Cities: endorse a top card (a doubled Dogma action through a top city).
    Endorse(CardIdx),
    /// Figures: inspire with a colour (its visible inspire effects, then a draw).
    Inspire(crate::vocab::Color),
    /// Figures: issue a Decree (a special achievement), removing the whole hand.
    Decree(crate::bytecode::SpecialIdx),
    /// Artifacts, at the start of a turn that began with a card on display, before the first
    /// action: what to do with it. Uses none of the turn's actions.
    Artifact(ArtifactChoice),
}

/// The start-of-turn choice on a displayed Artifact (EXPANSIONS.md A5, §5 #25).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ArtifactChoice {
    /// A free Dogma action on it, its icons added for sharing and vulnerability; then it is
    /// returned.
    Dogma,
    /// Return it.
    Return,
    /// Leave it on display.
    Pass,
}

impl ArtifactChoice {
    /// The choice's word (`dogma`, `return`, `pass`): the scenario key's values.
    pub fn word(self) -> &'static str {
        match self {
            ArtifactChoice::Dogma => "dogma",
            ArtifactChoice::Return => "return",
            ArtifactChoice::Pass => "pass",
        }
    }
}

impl Action {
    /// The action in words: `draw`, `meld Oars`, `achieve 3`, `dogma Writing`.
    pub fn describe(&self, edition: &CompiledEdition) -> String {
        match self {
            Action::Draw => "draw".to_string(),
            Action::Meld(c) => format!("meld {}", edition.card(*c).title),
            Action::Achieve(age) => format!("achieve {age}"),
            Action::Dogma(c) => format!("dogma {}", edition.card(*c).title),
            Action::Endorse(c) => format!("endorse {}", edition.card(*c).title),
            Action::Inspire(color) => format!("inspire {color}"),
            Action::Decree(d) => format!("decree {}", edition.specials[*d as usize].name),
            Action::Artifact(ArtifactChoice::Dogma) => {
                "a free Dogma action on the displayed card".to_string()
            }
            Action::Artifact(ArtifactChoice::Return) => "return the displayed card".to_string(),
            Action::Artifact(ArtifactChoice::Pass) => "leave the displayed card".to_string(),
        }
    }
}

/// A question to a player.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Request {
    pub player: Seat,
    pub kind: RequestKind,
    /// What the question is for, in words (`Archery: transfer the highest card`).
    pub context: String,
    /// A folded `you may`: declining is one more answer (`Answer::Decline`; for cards, choosing
    /// none is declining too). ../shared/SCENARIOS.md, "How questions are asked".
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub decline: bool,
}

/// The kinds of question, each with its legal options.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum RequestKind {
    /// Choose some of the cards; the number chosen must be one of `sizes` (0 declines when
    /// allowed).
    Cards {
        candidates: Vec<CardIdx>,
        sizes: Vec<u8>,
    },
    /// `you may …`.
    YesNo,
    /// One of the alternatives (their words, in printed order); answered 0-based.
    Option { labels: Vec<String> },
    /// `count` different colours.
    Colors { options: Vec<Color>, count: u8 },
    /// `count` different values.
    Values { options: Vec<i32>, count: u8 },
    /// `count` different players.
    Players { options: Vec<Seat>, count: u8 },
    /// `count` different icons.
    Icons { options: Vec<Icon>, count: u8 },
    /// An order for cards moved together: the first listed moves first.
    Order { cards: Vec<CardIdx> },
    /// `count` different special achievements (the fourth edition's junking effects).
    Specials { options: Vec<SpecialIdx>, count: u8 },
    /// An order for steps that happen one after the other (a city's two icons), by their words:
    /// answered with every index once, first first.
    Steps { steps: Vec<String> },
}

/// An answer to a request.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Answer {
    Cards(Vec<CardIdx>),
    YesNo(bool),
    Option(u8),
    Colors(Vec<Color>),
    Values(Vec<i32>),
    Players(Vec<Seat>),
    Icons(Vec<Icon>),
    Order(Vec<CardIdx>),
    Specials(Vec<SpecialIdx>),
    /// An order of steps: their indices in the question's list, first first.
    Steps(Vec<u8>),
    /// Declining a folded `you may` (`Request::decline`).
    Decline,
}

/// Why an action or answer was refused; the state is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Refusal {
    pub reason: String,
}

impl Refusal {
    pub fn new(reason: impl Into<String>) -> Refusal {
        Refusal {
            reason: reason.into(),
        }
    }
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.reason)
    }
}

fn distinct<T: PartialEq>(items: &[T]) -> bool {
    items
        .iter()
        .enumerate()
        .all(|(i, a)| items[..i].iter().all(|b| b != a))
}

fn pick_ok<T: PartialEq + std::fmt::Debug>(
    chosen: &[T],
    options: &[T],
    count: u8,
    what: &str,
) -> Result<(), Refusal> {
    if chosen.len() != count as usize {
        return Err(Refusal::new(format!(
            "choose exactly {count} {what}, not {}",
            chosen.len()
        )));
    }
    if !distinct(chosen) {
        return Err(Refusal::new(format!("the same {what} is chosen twice")));
    }
    if let Some(bad) = chosen.iter().find(|c| !options.contains(c)) {
        return Err(Refusal::new(format!("{bad:?} is not one of the options")));
    }
    Ok(())
}

impl Request {
    /// Checks an answer against the legal options.
    pub fn validate(&self, answer: &Answer, edition: &CompiledEdition) -> Result<(), Refusal> {
        let title = |c: &CardIdx| edition.card(*c).title.clone();
        match (&self.kind, answer) {
            (_, Answer::Decline) if self.decline => Ok(()),
            (_, Answer::Decline) => Err(Refusal::new("this question cannot be declined")),
            (RequestKind::Cards { candidates, sizes }, Answer::Cards(chosen)) => {
                let k = chosen.len();
                if !sizes.contains(&(k as u8)) {
                    let min = sizes.iter().copied().min().unwrap_or(0) as usize;
                    let max = sizes.iter().copied().max().unwrap_or(0) as usize;
                    let cards = |n: usize| if n == 1 { "card" } else { "cards" };
                    let reason = if k > max {
                        format!("choose at most {} {}, not {k}", number(max), cards(max))
                    } else if k < min {
                        format!("choose at least {} {}, not {k}", number(min), cards(min))
                    } else {
                        let allowed: Vec<String> =
                            sizes.iter().map(|n| number(*n as usize)).collect();
                        format!("choose {} cards, not {k}", one_of(&allowed))
                    };
                    return Err(Refusal::new(reason));
                }
                if !distinct(chosen) {
                    return Err(Refusal::new("a card is chosen twice"));
                }
                if let Some(bad) = chosen.iter().find(|c| !candidates.contains(c)) {
                    return Err(Refusal::new(format!(
                        "{} cannot be chosen here",
                        title(bad)
                    )));
                }
                Ok(())
            }
            (RequestKind::YesNo, Answer::YesNo(_)) => Ok(()),
            (RequestKind::Option { labels }, Answer::Option(i)) => {
                if usize::from(*i) < labels.len() {
                    Ok(())
                } else {
                    Err(Refusal::new(format!(
                        "there are only {} alternatives",
                        labels.len()
                    )))
                }
            }
            (RequestKind::Colors { options, count }, Answer::Colors(chosen)) => {
                pick_ok(chosen, options, *count, "colour")
            }
            (RequestKind::Values { options, count }, Answer::Values(chosen)) => {
                pick_ok(chosen, options, *count, "value")
            }
            (RequestKind::Players { options, count }, Answer::Players(chosen)) => {
                pick_ok(chosen, options, *count, "player")
            }
            (RequestKind::Icons { options, count }, Answer::Icons(chosen)) => {
                pick_ok(chosen, options, *count, "icon")
            }
            (RequestKind::Specials { options, count }, Answer::Specials(chosen)) => {
                pick_ok(chosen, options, *count, "special achievement")
            }
            (RequestKind::Steps { steps }, Answer::Steps(order)) => {
                let mut sorted = order.clone();
                sorted.sort_unstable();
                if sorted.iter().copied().eq(0..steps.len() as u8) {
                    Ok(())
                } else {
                    Err(Refusal::new(format!(
                        "the order must list each of [{}] once",
                        steps.join(", ")
                    )))
                }
            }
            (RequestKind::Order { cards }, Answer::Order(order)) => {
                if order.len() != cards.len()
                    || !distinct(order)
                    || order.iter().any(|c| !cards.contains(c))
                {
                    let names: Vec<String> = cards.iter().map(title).collect();
                    Err(Refusal::new(format!(
                        "the order must list each of [{}] once",
                        names.join(", ")
                    )))
                } else {
                    Ok(())
                }
            }
            (_, answer) => Err(Refusal::new(format!(
                "the question asks for {}, not {}",
                self.kind.noun(),
                answer.noun()
            ))),
        }
    }

    /// The question in words: `bob must choose 1 card from [Agriculture, Pottery]`.
    pub fn describe(&self, edition: &CompiledEdition, names: &[String]) -> String {
        let who = names
            .get(self.player as usize)
            .cloned()
            .unwrap_or_else(|| format!("player {}", self.player));
        let titles = |cards: &[CardIdx]| -> String {
            let mut t: Vec<&str> = cards
                .iter()
                .map(|c| edition.card(*c).title.as_str())
                .collect();
            t.sort();
            t.join(", ")
        };
        let what = match &self.kind {
            RequestKind::Cards { candidates, sizes } => {
                let counts: Vec<String> = sizes.iter().map(u8::to_string).collect();
                let noun = if sizes.iter().all(|s| *s == 1) {
                    "card"
                } else {
                    "cards"
                };
                format!(
                    "choose {} {noun} from [{}]",
                    one_of(&counts),
                    titles(candidates)
                )
            }
            RequestKind::YesNo => "answer yes or no".to_string(),
            RequestKind::Option { labels } => {
                let quoted: Vec<String> = labels.iter().map(|l| format!("\"{l}\"")).collect();
                format!("choose to {}", quoted.join(" or "))
            }
            RequestKind::Colors { options, count } => format!(
                "choose {count} colour{} from [{}]",
                plural(*count),
                options
                    .iter()
                    .map(|c| c.word())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            RequestKind::Values { options, count } => format!(
                "choose {count} value{} from [{}]",
                plural(*count),
                options
                    .iter()
                    .map(i32::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            RequestKind::Players { options, count } => format!(
                "choose {count} player{} from [{}]",
                plural(*count),
                options
                    .iter()
                    .map(|s| names.get(*s as usize).cloned().unwrap_or_default())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            RequestKind::Icons { options, count } => format!(
                "choose {count} icon{} from [{}]",
                plural(*count),
                options
                    .iter()
                    .map(|i| i.word())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            RequestKind::Order { cards } => format!("order the cards [{}]", titles(cards)),
            RequestKind::Steps { steps } => format!("order [{}]", steps.join(", ")),
            RequestKind::Specials { options, count } => format!(
                "choose {count} special achievement{} from [{}]",
                plural(*count),
                options
                    .iter()
                    .map(|s| edition.specials[*s as usize].name.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        };
        if self.decline {
            format!("{who} may {what}, or decline ({})", self.context)
        } else {
            format!("{who} must {what} ({})", self.context)
        }
    }

    /// The first legal answer in a stable order (the `first` agent and unscripted scenarios).
    pub fn first_legal(&self, edition: &CompiledEdition) -> Answer {
        let by_title = |cards: &[CardIdx]| -> Vec<CardIdx> {
            let mut sorted = cards.to_vec();
            sorted.sort_by(|a, b| edition.card(*a).title.cmp(&edition.card(*b).title));
            sorted
        };
        match &self.kind {
            RequestKind::Cards { candidates, sizes } => {
                // The largest allowed count does what the effect asks (declining is never first).
                let n = sizes.iter().copied().max().unwrap_or(0) as usize;
                Answer::Cards(by_title(candidates).into_iter().take(n).collect())
            }
            RequestKind::YesNo => Answer::YesNo(true),
            RequestKind::Option { .. } => Answer::Option(0),
            RequestKind::Colors { options, count } => {
                Answer::Colors(options.iter().copied().take(*count as usize).collect())
            }
            RequestKind::Values { options, count } => {
                Answer::Values(options.iter().copied().take(*count as usize).collect())
            }
            RequestKind::Players { options, count } => {
                Answer::Players(options.iter().copied().take(*count as usize).collect())
            }
            RequestKind::Icons { options, count } => {
                Answer::Icons(options.iter().copied().take(*count as usize).collect())
            }
            RequestKind::Order { cards } => Answer::Order(by_title(cards)),
            RequestKind::Steps { steps } => Answer::Steps((0..steps.len() as u8).collect()),
            RequestKind::Specials { options, count } => {
                Answer::Specials(options.iter().copied().take(*count as usize).collect())
            }
        }
    }
}

impl RequestKind {
    fn noun(&self) -> &'static str {
        match self {
            RequestKind::Cards { .. } => "cards",
            RequestKind::YesNo => "yes or no",
            RequestKind::Option { .. } => "an alternative",
            RequestKind::Colors { .. } => "colours",
            RequestKind::Values { .. } => "values",
            RequestKind::Players { .. } => "players",
            RequestKind::Icons { .. } => "icons",
            RequestKind::Order { .. } => "an order",
            RequestKind::Steps { .. } => "an order of steps",
            RequestKind::Specials { .. } => "special achievements",
        }
    }
}

impl Answer {
    fn noun(&self) -> &'static str {
        match self {
            Answer::Cards(_) => "cards",
            Answer::YesNo(_) => "yes or no",
            Answer::Option(_) => "an alternative",
            Answer::Colors(_) => "colours",
            Answer::Values(_) => "values",
            Answer::Players(_) => "players",
            Answer::Icons(_) => "icons",
            Answer::Order(_) => "an order",
            Answer::Steps(_) => "an order of steps",
            Answer::Specials(_) => "special achievements",
            Answer::Decline => "declining",
        }
    }
}

/// A small number in words (`one` … `twelve`), larger ones in digits.
fn number(n: usize) -> String {
    const WORDS: [&str; 13] = [
        "none", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
        "eleven", "twelve",
    ];
    WORDS
        .get(n)
        .map_or_else(|| n.to_string(), |w| w.to_string())
}

fn plural(n: u8) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

fn one_of(items: &[String]) -> String {
    match items {
        [] => "0".to_string(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}
