//! The event log: what happened, in order, as data. `Event::text` renders a line a person can
//! read (`bob shares Writing`, `bob draws Calendar [2]`); serde gives JSON lines for machines.

use crate::bytecode::{CardIdx, CompiledEdition, LastingWhen, SpecialIdx};
use crate::choices::Action;
use crate::state::{Location, Outcome, Seat};
use crate::terms::Verb;
use crate::vocab::{Color, SplayDirection};
use serde::{Deserialize, Serialize};

/// Something that happened.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// The supply was shuffled and the achievements set aside.
    Setup {
        seed: u64,
        players: Vec<String>,
    },
    /// A player melded their first card.
    FirstMeld {
        player: Seat,
        card: CardIdx,
    },
    TurnStart {
        turn: u32,
        player: Seat,
        actions: u8,
    },
    Action {
        player: Seat,
        action: Action,
    },
    /// A player drew a card (`age` is the age asked for; the card may be older when ages were
    /// skipped).
    Draw {
        player: Seat,
        card: CardIdx,
        age: u8,
    },
    /// A card moved: melded, tucked, scored, returned, transferred, junked, removed, achieved.
    Move {
        player: Seat,
        verb: Verb,
        card: CardIdx,
        from: Location,
        to: Location,
    },
    Reveal {
        player: Seat,
        card: CardIdx,
    },
    /// A player looked at a card: only they see its face (`look at the top card of the [3]
    /// deck`).
    Look {
        player: Seat,
        card: CardIdx,
    },
    Splay {
        player: Seat,
        color: Color,
        direction: Option<SplayDirection>,
    },
    Rearrange {
        player: Seat,
        color: Color,
    },
    /// A player claimed a standard achievement by an Achieve action.
    Achieve {
        player: Seat,
        age: u8,
    },
    ClaimSpecial {
        player: Seat,
        special: SpecialIdx,
    },
    /// The dogma action's icon counts, locked in.
    DogmaCounts {
        card: CardIdx,
        sharing: Vec<Seat>,
        vulnerable: Vec<Seat>,
    },
    /// A player begins executing an effect.
    Execute {
        player: Seat,
        card: CardIdx,
        effect: u8,
        demand: bool,
        shared: bool,
    },
    SelfExecute {
        player: Seat,
        card: CardIdx,
    },
    /// `player` executes `card`'s effects as if they were on `host`.
    ExecuteAsIf {
        player: Seat,
        card: CardIdx,
        host: CardIdx,
    },
    /// The activating player earned the free Draw for sharing.
    ShareBonus {
        player: Seat,
    },
    /// Figures: a Decree action claimed (or re-issued) a Decree: its effect runs.
    DecreeIssued {
        player: Seat,
        special: SpecialIdx,
    },
    /// Figures: a Decree action took the Decree back to the centre from another player.
    DecreeReturned {
        player: Seat,
        from: Seat,
        special: SpecialIdx,
    },
    /// Figures: a player fades a top figure (scores it) at the end of an action.
    Fade {
        player: Seat,
        card: CardIdx,
    },
    /// Figures: a "would" karma of `player`'s top card `figure` applies to the event about to
    /// happen to `card`: its effect runs first, or instead of the event.
    Karma {
        player: Seat,
        figure: CardIdx,
        card: CardIdx,
        first: bool,
    },
    /// A player answered a question.
    Decision {
        player: Seat,
        answer: String,
    },
    /// The dogma action ended early (Fission).
    DogmaEnded,
    /// A draw above the highest age ended the game.
    SupplyExhausted {
        player: Seat,
        age: u8,
    },
    GameOver {
        outcome: Outcome,
    },
    /// A player lost and is out of the game (fourth edition): their cards were junked (the
    /// junked special achievements listed apart); `turn_ends` when it was their turn.
    Eliminated {
        player: Seat,
        junked: Vec<CardIdx>,
        specials: Vec<SpecialIdx>,
        turn_ends: bool,
    },
    /// A player parleyed with another (fourth edition, four or more players without teams):
    /// returned a card from hand to activate `card` on a distant board, to share it, or to be
    /// immune to its demands.
    Parley {
        player: Seat,
        with: Seat,
        returned: CardIdx,
        purpose: ParleyPurpose,
        card: CardIdx,
    },
    /// A distant player did not parley (declined, or had no card in hand to return).
    NoParley {
        player: Seat,
        with: Seat,
        purpose: ParleyPurpose,
        card: CardIdx,
        no_card: bool,
    },
    /// An available special achievement was junked.
    JunkSpecial {
        player: Seat,
        special: SpecialIdx,
    },
    /// A junked special achievement was made available again.
    RestoreSpecial {
        player: Seat,
        special: SpecialIdx,
    },
    /// A card's effect set a lasting effect for a player (`on your next turn …`).
    LastingSet {
        player: Seat,
        card: CardIdx,
        when: LastingWhen,
    },
    /// A lasting effect's time came: its player carries it out now.
    LastingRuns {
        player: Seat,
        card: CardIdx,
        when: LastingWhen,
    },
    /// A lasting effect that waited for a move this turn was forgotten: the turn ended.
    LastingForgotten {
        player: Seat,
        card: CardIdx,
        when: LastingWhen,
    },
    /// `take an additional action`: the player has one more action this turn (`granted`), or
    /// none, the turn not being theirs; `actions_left` counts the action in progress, if any:
    /// given at the start of the turn (`turn_start`, an `on your next turn` effect), none is.
    AdditionalAction {
        player: Seat,
        granted: bool,
        actions_left: u8,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        turn_start: bool,
    },
}

/// What a parley was for ("Parley Rules": its three situations).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ParleyPurpose {
    /// 1: to activate a top card on a distant player's board.
    Activate,
    /// 2: to confirm eligibility to share a distant player's dogma action.
    Share,
    /// 3: to become immune to a distant player's demands.
    Immunity,
}

impl Event {
    /// The event as a line a given player may read: another player's draws show only their
    /// age, as the card backs do.
    pub fn text_for(&self, edition: &CompiledEdition, names: &[String], reader: Seat) -> String {
        match self {
            // The card's face is hidden, but its back shows its set (each set has its own card
            // back: deluxe rules, "Playing with expansions").
            Event::Draw { player, card, .. } if *player != reader => {
                let info = edition.card(*card);
                let set = back_set(info);
                format!(
                    "{} draws a [{}]{set}",
                    names.get(*player as usize).cloned().unwrap_or_default(),
                    info.age
                )
            }
            // Another player sees only the back of a card looked at.
            Event::Look { player, card } if *player != reader => {
                let info = edition.card(*card);
                let set = back_set(info);
                format!(
                    "{} looks at a [{}]{set}",
                    names.get(*player as usize).cloned().unwrap_or_default(),
                    info.age
                )
            }
            // A card that goes from one place the reader cannot see into another (an opponent
            // scores from their hand, returns to a deck, foreshadows): its back only.
            Event::Move { card, from, to, .. }
                if hidden_from(reader, *from) && hidden_from(reader, *to) =>
            {
                let info = edition.card(*card);
                let set = back_set(info);
                self.text(edition, names).replacen(
                    &format!("{} [{}]", info.title, info.age),
                    &format!("a [{}]{set}", info.age),
                    1,
                )
            }
            _ => self.text(edition, names),
        }
    }

    /// The event as a line of text.
    pub fn text(&self, edition: &CompiledEdition, names: &[String]) -> String {
        let who = |s: &Seat| {
            names
                .get(*s as usize)
                .cloned()
                .unwrap_or_else(|| format!("player {s}"))
        };
        let card = |c: &CardIdx| {
            let info = edition.card(*c);
            format!("{} [{}]", info.title, info.age)
        };
        let title = |c: &CardIdx| edition.card(*c).title.clone();
        match self {
            Event::Setup { seed, players } => {
                format!("setup: seed {seed}, players {}", players.join(", "))
            }
            Event::FirstMeld { player, card: c } => {
                format!("{} melds {} as their first card", who(player), card(c))
            }
            Event::TurnStart {
                turn,
                player,
                actions,
            } => format!(
                "turn {turn}: {} ({actions} action{})",
                who(player),
                if *actions == 1 { "" } else { "s" }
            ),
            Event::Action { player, action } => {
                format!(
                    "{} takes the action: {}",
                    who(player),
                    action.describe(edition)
                )
            }
            Event::Draw {
                player,
                card: c,
                age,
            } => {
                let drawn = edition.card(*c).age;
                if drawn == *age {
                    format!("{} draws {}", who(player), card(c))
                } else {
                    format!("{} draws {} (age {age} was empty)", who(player), card(c))
                }
            }
            Event::Move {
                player,
                verb,
                card: c,
                from,
                to,
            } => {
                let place = |l: &Location| place_words(l, names);
                match verb {
                    Verb::Transfer => format!(
                        "{} transfers {} from {} to {}",
                        who(player),
                        card(c),
                        place(from),
                        place(to)
                    ),
                    Verb::Exchange => format!(
                        "{} exchanges {} from {} to {}",
                        who(player),
                        card(c),
                        place(from),
                        place(to)
                    ),
                    Verb::Return => format!("{} returns {}", who(player), card(c)),
                    // Artifacts: a dig draws onto the display.
                    Verb::Draw if matches!(to, Location::Display(_)) => {
                        format!("{} digs {} onto their display", who(player), card(c))
                    }
                    Verb::Meld if !matches!(from, Location::Hand(s) if s == player) => {
                        format!("{} melds {} from {}", who(player), card(c), place(from))
                    }
                    Verb::Score if !matches!(from, Location::Hand(s) if s == player) => {
                        format!("{} scores {} from {}", who(player), card(c), place(from))
                    }
                    verb => format!("{} {}s {}", who(player), verb.word(), card(c)),
                }
            }
            Event::Reveal { player, card: c } => format!("{} reveals {}", who(player), card(c)),
            Event::Look { player, card: c } => format!("{} looks at {}", who(player), card(c)),
            Event::Splay {
                player,
                color,
                direction,
            } => match direction {
                Some(d) => format!("{} splays their {color} cards {d}", who(player)),
                None => format!("{} unsplays their {color} cards", who(player)),
            },
            Event::Rearrange { player, color } => {
                format!("{} rearranges their {color} cards", who(player))
            }
            Event::Achieve { player, age } => {
                format!("{} achieves the age {age} achievement", who(player))
            }
            Event::ClaimSpecial { player, special } => format!(
                "{} claims the {} achievement",
                who(player),
                edition.specials[*special as usize].name
            ),
            Event::DogmaCounts {
                card: c,
                sharing,
                vulnerable,
            } => {
                let list = |seats: &[Seat]| {
                    if seats.is_empty() {
                        "nobody".to_string()
                    } else {
                        seats.iter().map(who).collect::<Vec<_>>().join(", ")
                    }
                };
                let effects = &edition.card(*c).effects;
                let has = |demand: bool| {
                    effects
                        .iter()
                        .any(|e| (e.kind == crate::vocab::EffectKind::Demand) == demand)
                };
                // A compel's victims are among those eligible to share, not the vulnerable.
                let mut parts = Vec::new();
                if has(false) {
                    parts.push(format!("sharing {}", list(sharing)));
                }
                if has(true) {
                    parts.push(format!("vulnerable {}", list(vulnerable)));
                }
                format!("{}: {}", title(c), parts.join("; "))
            }
            Event::Execute {
                player,
                card: c,
                effect,
                demand,
                shared,
            } => {
                let kind = edition
                    .card(*c)
                    .effects
                    .get(usize::from(*effect))
                    .map(|e| e.kind);
                let compel = kind == Some(crate::vocab::EffectKind::Compel);
                let verb = if compel {
                    "is compelled by"
                } else if *demand {
                    "is demanded by"
                } else if *shared {
                    "shares"
                } else {
                    "executes"
                };
                // An echo effect is named as such; the others by their number among the card's
                // dogma effects.
                let which = if kind == Some(crate::vocab::EffectKind::Echo) {
                    "echo effect".to_string()
                } else if kind == Some(crate::vocab::EffectKind::Inspire) {
                    "inspire effect".to_string()
                } else {
                    let echoes_before = edition.card(*c).effects
                        [..usize::from(*effect).min(edition.card(*c).effects.len())]
                        .iter()
                        .filter(|e| {
                            matches!(
                                e.kind,
                                crate::vocab::EffectKind::Echo | crate::vocab::EffectKind::Inspire
                            )
                        })
                        .count();
                    format!("effect {}", usize::from(*effect) + 1 - echoes_before)
                };
                format!("{} {verb} {} ({which})", who(player), title(c))
            }
            Event::SelfExecute { player, card: c } => {
                format!("{} executes {} for themselves alone", who(player), title(c))
            }
            Event::ExecuteAsIf {
                player,
                card: c,
                host,
            } => format!(
                "{} executes the effects of {} as if they were on {}, for themselves alone",
                who(player),
                title(c),
                title(host)
            ),
            Event::ShareBonus { player } => {
                format!("{} takes the free Draw for sharing", who(player))
            }
            Event::DecreeIssued { player, special } => format!(
                "{} issues the {} Decree",
                who(player),
                edition.specials[*special as usize].name
            ),
            Event::DecreeReturned {
                player,
                from,
                special,
            } => format!(
                "{} takes the {} Decree from {} back to the centre, with no effect",
                who(player),
                edition.specials[*special as usize].name,
                who(from)
            ),
            Event::Fade { player, card: c } => {
                format!(
                    "{} has more than one top figure: {} fades",
                    who(player),
                    title(c)
                )
            }
            Event::Karma {
                player,
                figure,
                card: c,
                first,
            } => format!(
                "{}'s karma of {} runs {} ({})",
                who(player),
                title(figure),
                if *first { "first" } else { "instead" },
                title(c)
            ),
            Event::Decision { player, answer } => format!("{} chooses {answer}", who(player)),
            Event::DogmaEnded => "the dogma action is complete".to_string(),
            Event::SupplyExhausted { player, age } => format!(
                "{} would draw a [{age}]: the supply is exhausted and the game ends",
                who(player)
            ),
            Event::GameOver { outcome } => {
                if outcome.winners.is_empty() {
                    "the game ends in a draw".to_string()
                } else {
                    let winners: Vec<String> = outcome.winners.iter().map(who).collect();
                    let by = match outcome.card {
                        Some(c) => format!(" ({})", title(&c)),
                        None => String::new(),
                    };
                    format!(
                        "{} win{} by {}{by}",
                        winners.join(" and "),
                        if winners.len() == 1 { "s" } else { "" },
                        outcome.reason.word()
                    )
                }
            }
            Event::Eliminated {
                player,
                junked,
                specials,
                turn_ends,
            } => {
                let mut junk = match junked.len() {
                    0 => "they had no cards to junk".to_string(),
                    1 => "their 1 card is junked".to_string(),
                    n => format!("their {n} cards are junked"),
                };
                if !specials.is_empty() {
                    let names: Vec<&str> = specials
                        .iter()
                        .map(|s| edition.specials[*s as usize].name.as_str())
                        .collect();
                    junk.push_str(&format!(
                        ", and the special achievement{} {}",
                        if names.len() == 1 { "" } else { "s" },
                        names.join(", ")
                    ));
                }
                format!(
                    "{} loses and is out of the game: {junk}{}",
                    who(player),
                    if *turn_ends { "; their turn ends" } else { "" }
                )
            }
            Event::Parley {
                player,
                with,
                returned,
                purpose,
                card: c,
            } => {
                let what = match purpose {
                    ParleyPurpose::Activate => format!("to activate {}'s {}", who(with), title(c)),
                    ParleyPurpose::Share => format!("to share {} this action", title(c)),
                    ParleyPurpose::Immunity => {
                        format!("to be immune to the demands of {} this action", title(c))
                    }
                };
                format!(
                    "{} parleys with {}: returns {} {what}",
                    who(player),
                    who(with),
                    card(returned)
                )
            }
            Event::NoParley {
                player,
                with,
                purpose,
                card: c,
                no_card,
            } => {
                let why = if *no_card {
                    format!(
                        "{} has no card in hand to parley with {}",
                        who(player),
                        who(with)
                    )
                } else {
                    format!("{} does not parley with {}", who(player), who(with))
                };
                let so = match purpose {
                    ParleyPurpose::Immunity => {
                        format!("and stays vulnerable to the demands of {}", title(c))
                    }
                    _ => format!("and does not share {} this action", title(c)),
                };
                format!("{why} {so}")
            }
            Event::JunkSpecial { player, special } => format!(
                "{} junks the {} achievement",
                who(player),
                edition.specials[*special as usize].name
            ),
            Event::RestoreSpecial { player, special } => format!(
                "{} makes the junked {} achievement available again",
                who(player),
                edition.specials[*special as usize].name
            ),
            Event::LastingSet {
                player,
                card: c,
                when,
            } => format!(
                "{} sets a lasting effect for {}: {}",
                title(c),
                who(player),
                lasting_words(*when, &who(player))
            ),
            Event::LastingRuns {
                player,
                card: c,
                when: LastingWhen::Melded,
            } => format!(
                "{}'s karma of {}: when {} melds this card",
                who(player),
                title(c),
                who(player)
            ),
            Event::LastingRuns {
                player,
                card: c,
                when,
            } => format!(
                "{}'s lasting effect of {}: {}",
                who(player),
                title(c),
                lasting_words(*when, &who(player))
            ),
            Event::LastingForgotten {
                player,
                card: c,
                when,
            } => format!(
                "{}'s lasting effect of {} is forgotten, the turn over ({})",
                who(player),
                title(c),
                lasting_words(*when, &who(player))
            ),
            Event::AdditionalAction {
                player,
                granted: true,
                actions_left,
                turn_start,
            } => format!(
                "{} takes an additional action this turn ({actions_left} action{} left{})",
                who(player),
                if *actions_left == 1 { "" } else { "s" },
                if *turn_start {
                    ""
                } else {
                    ", this one included"
                }
            ),
            Event::AdditionalAction { player, .. } => format!(
                "{} takes no additional action: the turn is not theirs",
                who(player)
            ),
        }
    }
}

/// When a lasting effect runs, in words: `on alice's next turn`, `the next time alice melds a
/// card this turn`.
fn lasting_words(when: LastingWhen, who: &str) -> String {
    match when {
        LastingWhen::NextTurn => format!("on {who}'s next turn"),
        LastingWhen::NextMove(verb) => {
            format!("the next time {who} {}s a card this turn", verb.word())
        }
        LastingWhen::Melded => format!("when {who} melds this card"),
        LastingWhen::Would => "a karma".to_string(),
    }
}

/// A place in words: `bob's hand`, `the age 3 deck`.
pub fn place_words(location: &Location, names: &[String]) -> String {
    let who = |s: &Seat| names.get(*s as usize).cloned().unwrap_or_default();
    match location {
        Location::Deck(age) => format!("the age {age} deck"),
        Location::Hand(s) => format!("{}'s hand", who(s)),
        Location::Board(s, color) => format!("{}'s {color} pile", who(s)),
        Location::ScorePile(s) => format!("{}'s score pile", who(s)),
        Location::Achievements(s) => format!("{}'s achievements", who(s)),
        Location::Forecast(s) => format!("{}'s forecast", who(s)),
        Location::Display(s) => format!("{}'s display", who(s)),
        Location::Available => "the available achievements".to_string(),
        Location::Removed => "out of the game".to_string(),
        Location::Excluded => "outside this game".to_string(),
        Location::Relic => "beside its deck".to_string(),
    }
}

/// How many events a shared block of the log holds.
const BLOCK: usize = 8;

/// The game's event log: append-only, and cheap to clone — full blocks of events, and the list
/// of them, are shared between a game and its clones (a search or a `you may` probe copies the
/// game, never its history), so a clone copies one reference and fewer than `BLOCK` events. It
/// reads like a slice of events and is saved as one (a JSON array).
#[derive(Clone, Debug, Default)]
pub struct Log {
    blocks: std::sync::Arc<Vec<std::sync::Arc<[Event]>>>,
    tail: Vec<Event>,
}

impl Log {
    pub fn new() -> Log {
        Log::default()
    }

    pub fn push(&mut self, event: Event) {
        self.tail.push(event);
        if self.tail.len() == BLOCK {
            let block: std::sync::Arc<[Event]> = std::mem::take(&mut self.tail).into();
            // Copies the list of blocks (references only) when a clone still shares it.
            std::sync::Arc::make_mut(&mut self.blocks).push(block);
        }
    }

    pub fn len(&self) -> usize {
        self.blocks.len() * BLOCK + self.tail.len()
    }

    pub fn is_empty(&self) -> bool {
        self.blocks.is_empty() && self.tail.is_empty()
    }

    pub fn get(&self, index: usize) -> Option<&Event> {
        let block = index / BLOCK;
        match self.blocks.get(block) {
            Some(b) => b.get(index % BLOCK),
            None if block == self.blocks.len() => self.tail.get(index % BLOCK),
            None => None,
        }
    }

    pub fn last(&self) -> Option<&Event> {
        self.tail
            .last()
            .or_else(|| self.blocks.last().and_then(|b| b.last()))
    }

    /// Every event, in order.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = &Event> + '_ {
        self.blocks
            .iter()
            .flat_map(|b| b.iter())
            .chain(self.tail.iter())
    }

    /// The events from `start` on.
    pub fn since(&self, start: usize) -> impl Iterator<Item = &Event> + '_ {
        self.iter().skip(start)
    }

    /// The events before `end`.
    pub fn before(&self, end: usize) -> impl Iterator<Item = &Event> + '_ {
        self.iter().take(end)
    }
}

impl std::ops::Index<usize> for Log {
    type Output = Event;

    fn index(&self, index: usize) -> &Event {
        match self.get(index) {
            Some(e) => e,
            None => panic!("event {index} of a log of {}", self.len()),
        }
    }
}

impl PartialEq for Log {
    fn eq(&self, other: &Log) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter())
    }
}

impl<'a> IntoIterator for &'a Log {
    type Item = &'a Event;
    type IntoIter = Box<dyn Iterator<Item = &'a Event> + 'a>;

    fn into_iter(self) -> Self::IntoIter {
        Box::new(self.iter())
    }
}

impl From<Vec<Event>> for Log {
    fn from(events: Vec<Event>) -> Log {
        let mut log = Log::new();
        for e in events {
            log.push(e);
        }
        log
    }
}

impl Serialize for Log {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for Log {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Log, D::Error> {
        Vec::<Event>::deserialize(deserializer).map(Log::from)
    }
}

/// What a card's back shows besides its age: its set, for an expansion's card (each set has its
/// own card back: deluxe rules, "Playing with expansions").
fn back_set(info: &crate::bytecode::CardInfo) -> String {
    if info.deck_set == 0 {
        String::new()
    } else {
        format!(" ({})", info.set)
    }
}

/// Whether a card in `place` shows its face to `reader`: cards on boards do, and the reader's
/// own hand, score pile, forecast and achievements, and displays; other players' hidden zones, the decks, the
/// available achievements and the junk show only backs. Scored, returned and achieved cards lie
/// face down (../shared/rules/fourth-edition-rulebook.txt, glossary "Return" and "Score", and
/// "Achieve": "face-down"); foreshadowed cards too (../shared/rules/EXPANSIONS.md, Echoes). The
/// rulebooks do not say how junked cards lie, so the junk is read as hidden: a card junked from a
/// board is named (it was seen there), one junked from a hand or a deck is not.
pub fn hidden_from(reader: Seat, place: Location) -> bool {
    match place {
        // A displayed Artifact lies face up (deluxe rules, "Artifacts of History").
        // Relics beside their decks lie face up too (EXPANSIONS.md A10).
        Location::Board(..) | Location::Display(_) | Location::Relic => false,
        Location::Hand(s)
        | Location::ScorePile(s)
        | Location::Forecast(s)
        | Location::Achievements(s) => s != reader,
        Location::Deck(_) | Location::Available | Location::Removed | Location::Excluded => true,
    }
}
