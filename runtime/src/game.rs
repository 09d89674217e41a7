//! A game in progress: turns of two actions, the four actions, answers to questions, and the
//! state a game keeps (`Game`, saved whole).
//!
//! The game is a resumable machine. `act` and `answer` run it until it needs the next action or a
//! player's decision (`status`). Everything in progress, down to the VM's frames, lives in the
//! serialisable `Game`, so a game saved in the middle of a dogma action resumes exactly.
//!
//! The rules live in one module per concern: `setup` (setup by the rulebook, the first melds),
//! `dogma` (the dogma action's orchestration: locked icon counts, demands, sharing, the free
//! Draw), `achievements` (special achievements claimed the moment they are earned, and every way
//! to win), `teams`, `elimination` and `parley` (the fourth edition's table rules), and `memo`
//! (players known not to qualify for special achievements).
//!
//! Rules are cited from ../shared/rules/: `deluxe-rules-with-expansions.txt` (the third edition,
//! "Game Setup", "Actions And Action Triggers", "Game end") and
//! `online-rules-summary-with-expansions.txt` ("DOGMA", "ACHIEVE", "End of Game").

use crate::bytecode::{CardIdx, CompiledEdition, SpecialIdx};
use crate::choices::{Action, Answer, Refusal, Request, RequestKind};
use crate::log::{Event, Log};
use crate::state::color_index;
use crate::state::{Location, Outcome, Seat, State};
use crate::terms::Verb;
use crate::vm::{Frame, NativeCode, Program, RuntimeError};
use crate::vocab::{Color, SplayDirection};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

mod achievements;
mod artifacts;
mod cities;
mod dogma;
mod echoes;
mod elimination;
mod figures;
mod karma;
mod lasting;
mod memo;
mod parley;
mod setup;
pub mod teams;
#[cfg(test)]
mod tests;
pub mod triggers;

pub use dogma::DogmaRun;

/// Why a card moved, for the history phrases: the card whose effect moved it, and whether that
/// effect was a demand or an echo effect. `Cause::NONE`: a rule or an action moved it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Cause {
    pub source: Option<CardIdx>,
    pub demand: bool,
    pub echo: bool,
}

impl Cause {
    pub(crate) const NONE: Cause = Cause {
        source: None,
        demand: false,
        echo: false,
    };
}
pub use elimination::Eliminated;

/// How a game is set up.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// The players' names, clockwise.
    pub players: Vec<String>,
    pub seed: u64,
    /// Two teams at four players (seats 0 and 2 against 1 and 3).
    pub teams: bool,
    /// Teams of any size and seating (the fourth edition): each seat's team, seats with the same
    /// number being teammates (`[0, 0, 1]`: the first two against the third). Empty: `teams`
    /// decides. See `teams::assign`. Saved games without it load with none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub team_of: Vec<u8>,
}

/// What the game waits for.
#[derive(Debug, PartialEq)]
pub enum Status<'a> {
    /// The player must take an action.
    Action(Seat),
    /// A player must answer.
    Decision(&'a Request),
    Over(&'a Outcome),
}

/// Why `act` or `answer` did not go through.
#[derive(Clone, Debug, PartialEq)]
pub enum PlayError {
    /// Illegal: refused with a reason; nothing changed.
    Refused(Refusal),
    /// A card's code failed; the game cannot go on. Points at the card source.
    Runtime(RuntimeError),
}

impl std::fmt::Display for PlayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlayError::Refused(r) => write!(f, "refused: {r}"),
            PlayError::Runtime(e) => write!(f, "runtime error: {e}"),
        }
    }
}

impl From<RuntimeError> for PlayError {
    fn from(e: RuntimeError) -> PlayError {
        PlayError::Runtime(e)
    }
}

/// Where the game is.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Phase {
    /// Each player picks one of their two cards to meld first; `chosen[seat]` once picked.
    FirstMeld {
        chosen: Vec<Option<CardIdx>>,
    },
    /// Turns are being played.
    Playing,
    Over,
}

/// An action being carried out.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Execution {
    pub dogma: Option<DogmaRun>,
    /// The VM's frames, innermost last.
    pub frames: Vec<Frame>,
    /// The free Draw for sharing is still to be taken.
    pub bonus_draw: bool,
    /// A question the engine itself asked (not a card's): the pending request answers it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub asking: Option<EngineQuestion>,
    /// The rules' steps still to run, first first (the steps after a Meld action: a city's
    /// icons, a City drawn, …): see `game::triggers`.
    #[serde(default, skip_serializing_if = "std::collections::VecDeque::is_empty")]
    pub steps: std::collections::VecDeque<triggers::Step>,
    /// The lasting effects due at the start of a turn are running (`game::lasting`): no action,
    /// so when they are done the turn's first action is still to come.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub turn_start: bool,
}

/// A question of the rules rather than of a card's effect (parley's three situations).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum EngineQuestion {
    /// The active player parleys to activate a distant player's top card: which card to return.
    ParleyDogma { card: CardIdx },
    /// A distant sharer: parley to share (a card to return), or not (none).
    ParleyShare { seat: Seat },
    /// A distant vulnerable opponent: parley to be immune (a card to return), or not (none).
    ParleyImmunity { seat: Seat },
    /// A city melded by a Meld action has two special icons that act: in which order.
    IconOrder { seat: Seat, card: CardIdx },
    /// A search: the order in which the revealed cards without the search icon are returned.
    SearchReturn { seat: Seat },
    /// Endorse: which top city shows the endorsed card's featured icon.
    EndorseCity { card: CardIdx },
    /// Endorse: which card from hand is tucked to pay, of value at most the city's.
    EndorsePayment { card: CardIdx, city: CardIdx },
    /// Echoes: which forecast card to promote after a Meld action (or none).
    Promote { seat: Seat },
    /// Echoes: whether to take a free Dogma action on the promoted card.
    PromoteDogma { seat: Seat, card: CardIdx },
    /// Artifacts with the Relics: whether to seize the Relic, and where to (the question's
    /// labels: `achievements`, `hand`).
    Seize { seat: Seat, relic: CardIdx },
    /// Figures: which top figure a player with more than one scores (fades).
    Fade { seat: Seat },
    /// Figures: several "would" karmas apply to an action (its event's card `card`): which
    /// figure's karma runs (EXPANSIONS.md F8).
    ActionKarma {
        seat: Seat,
        action: Action,
        card: CardIdx,
    },
}

/// A game of Innovation.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Game {
    #[serde(skip, default = "empty_edition")]
    edition: Arc<CompiledEdition>,
    /// The native code the edition's chunks run on; `None`: the VM runs them. Never saved: a
    /// loaded game runs on the VM until `attach` gives it native code again.
    #[serde(skip)]
    pub(crate) native: Option<NativeCode>,
    /// The edition's name, checked when a saved game is loaded.
    pub edition_name: String,
    /// Shared with the game's clones (it never changes).
    pub setup: Arc<Setup>,
    pub state: State,
    pub phase: Phase,
    pub exec: Option<Execution>,
    pub pending: Option<Request>,
    /// The answer to `pending`, handed to the VM when it resumes.
    pub(crate) answer: Option<Answer>,
    pub log: Log,
    /// Reusable frames for tests and measures (no state: never saved, never cloned).
    #[serde(skip)]
    pub(crate) scratch: Scratch,
    /// The tests and measures running inside one another and the ops they have left
    /// (`vm::PureRuns`; never saved).
    #[serde(skip)]
    pub(crate) pure_runs: crate::vm::PureRuns,
    /// This game is a copy trying a `you may` out (`yes_can_matter`): it only needs to know
    /// whether anything changes, so it claims no special achievements (a claim only ever
    /// follows a change, which the probe sees anyway).
    #[serde(skip)]
    pub(crate) probing: bool,
    /// Players known not to qualify for special achievements (a cache: `game/memo.rs`).
    #[serde(skip)]
    pub(crate) memo: memo::SpecialMemo,
    /// The turn does not pass at the end of an action (`hold_turn`). Not saved.
    #[serde(skip)]
    pub(crate) turn_held: bool,
    /// Special achievements owed to players by a trigger, not yet claimed (`game/achievements.rs`,
    /// `trigger_specials`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) triggered: Vec<(Seat, SpecialIdx)>,
}

/// Frames kept for reuse. A clone of the game starts without any (they hold no state).
#[derive(Debug, Default)]
pub(crate) struct Scratch(pub(crate) Vec<Frame>);

impl Clone for Scratch {
    fn clone(&self) -> Self {
        Scratch(Vec::new())
    }
}

fn empty_edition() -> Arc<CompiledEdition> {
    Arc::new(CompiledEdition {
        format_version: crate::bytecode::FORMAT_VERSION,
        name: String::new(),
        rules: crate::bytecode::Rules::default(),
        cards: Vec::new(),
        specials: Vec::new(),
        chunks: Vec::new(),
        files: Vec::new(),
    })
}

impl Game {
    /// From now on the turn does not pass when the active player has no action left: the game
    /// stops at the end of the action, its player still active with 0 actions left. A scenario's
    /// last action stops there (../shared/SCENARIOS.md, "Rules of the runner": "the turn does not
    /// pass"); the game is not meant to go on after it. A player eliminated during their own
    /// turn still hands it on (they take no turn out of the game).
    pub fn hold_turn(&mut self) {
        self.turn_held = true;
    }

    pub fn edition(&self) -> &CompiledEdition {
        &self.edition
    }

    pub fn edition_arc(&self) -> Arc<CompiledEdition> {
        self.edition.clone()
    }

    /// Re-attaches the edition (with its native code, if any) to a game loaded from a save. Fails
    /// when the save was made with another edition, or when it is not a game of that edition:
    /// an index out of range, a card in two places, a broken invariant (`loaded::check`), each
    /// said with where it is. A refused game keeps no edition and must not be played.
    pub fn attach(&mut self, program: impl Into<Program>) -> Result<(), String> {
        let Program { edition, native } = program.into();
        if edition.name != self.edition_name {
            return Err(format!(
                "the saved game is of the {} edition, not {}",
                self.edition_name, edition.name
            ));
        }
        if edition.cards.len() != self.state.locations.len() {
            return Err(format!(
                "the saved game has {} cards, the edition {}",
                self.state.locations.len(),
                edition.cards.len()
            ));
        }
        self.edition = edition;
        self.native = native;
        if let Err(e) = crate::loaded::check(self) {
            self.edition = empty_edition();
            self.native = None;
            return Err(format!(
                "not a game of the {} edition: {e}",
                self.edition_name
            ));
        }
        Ok(())
    }

    pub fn names(&self) -> Vec<String> {
        self.state
            .players
            .iter()
            .map(|p| p.name.to_string())
            .collect()
    }

    /// What the game waits for.
    pub fn status(&self) -> Status<'_> {
        if let Some(outcome) = &self.state.outcome {
            return Status::Over(outcome);
        }
        match &self.pending {
            Some(request) => Status::Decision(request),
            None => Status::Action(self.state.active),
        }
    }

    /// The ages of the available standard achievements the player is eligible to claim by an
    /// Achieve action (`eligible_to_achieve`), sorted, without duplicates. The Achieve action and
    /// the condition `you are eligible to claim an achievement of value N` both ask this.
    pub fn achievable_ages(&self, seat: Seat) -> Vec<u8> {
        let mut ages: Vec<u8> = self
            .state
            .available
            .iter()
            .map(|c| self.state.value(&self.edition, *c))
            .filter(|age| self.eligible_to_achieve(seat, *age))
            .collect();
        ages.sort();
        ages.dedup();
        ages
    }

    /// Every legal action of the active player, each with its target once, in a stable order:
    /// draw, then meld each card in hand, achieve each eligible age, dogma each top card,
    /// (parley, fourth edition) dogma each distant player's top card, clockwise, and (Cities)
    /// endorse each top card that can be.
    pub fn legal_actions(&self) -> Vec<Action> {
        if self.state.outcome.is_some() || self.pending.is_some() || self.phase != Phase::Playing {
            return Vec::new();
        }
        let seat = self.state.active;
        let player = &self.state.players[seat as usize];
        let mut actions = vec![Action::Draw];
        for card in &player.hand {
            actions.push(Action::Meld(*card));
        }
        actions.extend(self.achievable_ages(seat).into_iter().map(Action::Achieve));
        for color in Color::ALL {
            if let Some(top) = player.pile(*color).top() {
                if self.edition.card(top).dogma_icon.is_some() {
                    actions.push(Action::Dogma(top));
                }
            }
        }
        // Parley: a distant player's top card, at the cost of a card from hand.
        actions.extend(self.parley_dogma_cards(seat).into_iter().map(Action::Dogma));
        // Cities: endorse a top card, once per turn.
        actions.extend(self.endorse_targets(seat).into_iter().map(Action::Endorse));
        // Figures: inspire with a colour showing inspire effects, once per turn.
        actions.extend(self.inspire_targets(seat).into_iter().map(Action::Inspire));
        // Figures: issue a Decree, once per turn.
        actions.extend(self.decree_targets(seat).into_iter().map(Action::Decree));
        // Artifacts: the displayed card may be melded as if it were in hand (deluxe rules line
        // 498), and a turn that began with it on display opens with a choice on it.
        if let Some(card) = player.display {
            actions.push(Action::Meld(card));
        }
        actions.extend(
            self.artifact_choices(seat)
                .into_iter()
                .map(Action::Artifact),
        );
        actions
    }

    /// Whether a player is eligible to claim a standard achievement of an age (online summary,
    /// "ACHIEVE"): a score of at least five times the age and a top card of that age or higher.
    /// With duplicate achievements (Echoes rulebook, "Duplicate Achievements"), each standard
    /// achievement of that age already held raises the score needed by as much again.
    pub fn eligible_to_achieve(&self, seat: Seat, age: u8) -> bool {
        self.eligible_to_achieve_scaled(seat, age, 1)
    }

    /// `eligible_to_achieve` with the player's score multiplied by `score_multiple` for the
    /// test (a card that doubles the score "for the purpose of checking eligibility").
    pub fn eligible_to_achieve_scaled(&self, seat: Seat, age: u8, score_multiple: u8) -> bool {
        let needed = 5 * i32::from(age) * self.achievement_multiple(seat, age);
        self.score(seat) * i32::from(score_multiple) >= needed
            && self.state.highest_top(&self.edition, seat) >= age
    }

    /// How many times five times the age a standard achievement of that age needs: 1, or with
    /// duplicate achievements one more per achievement of that age the player holds.
    pub(crate) fn achievement_multiple(&self, seat: Seat, age: u8) -> i32 {
        if !self.edition.rules.duplicate_achievements {
            return 1;
        }
        let held = self.state.players[seat as usize]
            .achievements
            .iter()
            // A Relic is outside every standard-achievement rule (EXPANSIONS.md §5 #27).
            .filter(|a| {
                matches!(a, crate::state::AchievementCard::Standard(c)
                    if self.state.value(&self.edition, *c) == age && self.edition.card(*c).relic.is_none())
            })
            .count();
        1 + held as i32
    }

    /// The active player takes an action. An illegal action is refused with a reason and
    /// changes nothing.
    pub fn act(&mut self, action: Action) -> Result<(), PlayError> {
        if let Some(request) = &self.pending {
            return Err(PlayError::Refused(Refusal::new(format!(
                "a decision is pending: {}",
                request.describe(&self.edition, &self.names())
            ))));
        }
        if self.state.outcome.is_some() {
            return Err(PlayError::Refused(Refusal::new("the game is over")));
        }
        if !self.legal_actions().contains(&action) {
            return Err(PlayError::Refused(Refusal::new(self.why_illegal(action))));
        }
        let seat = self.state.active;
        self.state.action += 1;
        self.log.push(Event::Action {
            player: seat,
            action,
        });
        // Taking an action first counts as leaving the displayed card (EXPANSIONS.md §5 #25).
        if !matches!(action, Action::Artifact(_)) {
            self.state.display_choice = false;
        }
        // Figures: a "would" karma on the action runs first (the action follows as a step of
        // its own) or instead (EXPANSIONS.md F7).
        // Several: the current player picks one (F8).
        if let Some((karmas, card)) = self.action_karmas(seat, action) {
            match karmas.as_slice() {
                [karma] => self.action_karma_due(seat, action, *karma, card),
                _ => self.ask_action_karma(seat, action, &karmas, card),
            }
        } else {
            self.perform(seat, action);
        }
        self.advance()?;
        self.verify()
    }

    /// What an action does (`act` has checked it and logged it).
    pub(super) fn perform(&mut self, seat: Seat, action: Action) {
        match action {
            Action::Draw => {
                let age = self.state.highest_top(&self.edition, seat);
                self.rules_draw(seat, 0, age, false);
                self.after_change();
            }
            Action::Meld(card) => {
                let covered = self.state.players[seat as usize]
                    .pile(self.edition.card(card).color)
                    .top();
                self.meld_action(seat, card);
                self.after_change();
                self.after_meld_action(seat, card, covered.is_none(), covered);
            }
            Action::Achieve(age) => {
                if let Some(card) = self
                    .state
                    .available
                    .iter()
                    .copied()
                    .find(|c| self.state.value(&self.edition, *c) == age)
                {
                    self.state
                        .move_card(&self.edition, card, Location::Achievements(seat), false);
                    self.log.push(Event::Achieve { player: seat, age });
                    self.check_achievement_win(seat);
                    self.after_change();
                    self.achieve_figure_draws(seat);
                }
            }
            Action::Dogma(card) => match self.state.location(card) {
                Location::Board(owner, _) if owner != seat => self.start_parley_dogma(seat, card),
                _ => self.start_dogma(seat, card, false),
            },
            Action::Endorse(card) => self.start_endorse(seat, card),
            Action::Inspire(color) => self.start_inspire(seat, color),
            Action::Decree(special) => self.start_decree(seat, special),
            Action::Artifact(choice) => self.artifact_action(seat, choice),
        }
    }

    /// In debug builds (and so in every test), or when switched on (`invariants::set_checking`:
    /// `--check-invariants`, `DOGMA_CHECK_INVARIANTS=1`), checks the state's invariants after
    /// each action and answer; a broken invariant is reported as a runtime error.
    fn verify(&self) -> Result<(), PlayError> {
        if crate::invariants::checking() {
            crate::invariants::check(self).map_err(|message| {
                PlayError::Runtime(RuntimeError {
                    message: format!("invariant broken: {message}"),
                    chunk: "the engine".to_string(),
                    span: None,
                })
            })?;
        }
        Ok(())
    }

    fn why_illegal(&self, action: Action) -> String {
        let seat = self.state.active;
        let player = &self.state.players[seat as usize];
        match action {
            Action::Draw => "drawing is not possible now".to_string(),
            Action::Endorse(card) => {
                if !self.edition.rules.endorse {
                    "the Endorse action needs Cities of Destiny in play".to_string()
                } else if self.state.endorsed {
                    format!("{} has already endorsed this turn", player.name)
                } else {
                    format!(
                        "{} cannot be endorsed: it must be {}'s top card, its featured icon must show on one of their top cities, and they must hold a card of at most that city's value to tuck",
                        self.title(card),
                        player.name
                    )
                }
            }
            Action::Decree(special) => {
                let name = &self.edition.specials[special as usize].name;
                if self.edition.specials[special as usize].decree.is_none() {
                    format!("{name} is no Decree")
                } else if self.state.decreed {
                    format!("{} has already issued a Decree this turn", player.name)
                } else {
                    format!(
                        "{} cannot issue {name}: it needs figures of three different values in hand, one of them {}, or two figures in hand and a top figure whose karma names {name}",
                        player.name,
                        self.edition.specials[special as usize]
                            .decree
                            .map_or("", |d| d.color.word())
                    )
                }
            }
            Action::Inspire(color) => {
                if !self.edition.rules.inspire {
                    "the Inspire action needs Figures in the Sand in play".to_string()
                } else if self.state.inspired {
                    format!("{} has already inspired this turn", player.name)
                } else {
                    format!(
                        "{} shows no inspire effect in {color}: the Inspire action needs a colour with a visible inspire effect",
                        player.name
                    )
                }
            }
            Action::Artifact(choice) => {
                if player.display.is_none() {
                    format!("{} has no card on display", player.name)
                } else if !self.state.display_choice {
                    format!(
                        "the displayed card's choice ({}) is open only at the start of a turn that began with it on display, before the first action",
                        choice.word()
                    )
                } else {
                    format!(
                        "{} has no featured icon: no Dogma action on it",
                        self.title(player.display.unwrap_or_default())
                    )
                }
            }
            Action::Meld(card) => {
                if self.phase != Phase::Playing {
                    "the first melds are not chosen yet".to_string()
                } else {
                    format!("{} is not in {}'s hand", self.title(card), player.name)
                }
            }
            Action::Achieve(age) => {
                if !self
                    .state
                    .available
                    .iter()
                    .any(|c| self.state.value(&self.edition, *c) == age)
                {
                    format!("no age {age} achievement is available")
                } else {
                    format!(
                        "{} needs a score of at least {} and a top card of age {age} or higher (score {}, highest top card {})",
                        player.name,
                        5 * i32::from(age) * self.achievement_multiple(seat, age),
                        self.score(seat),
                        self.state.highest_top(&self.edition, seat)
                    )
                }
            }
            Action::Dogma(card) => match self.state.location(card) {
                Location::Board(owner, _)
                    if owner != seat && self.parley_in_effect() && self.state.is_top(card) =>
                {
                    let owner_name = &self.state.players[owner as usize].name;
                    if !self.state.is_distant(seat, owner) {
                        format!(
                            "{} is on {owner_name}'s board, a neighbour's: parley activates only a distant player's top card",
                            self.title(card)
                        )
                    } else if player.hand.is_empty() {
                        format!(
                            "parley costs a card returned from hand, and {} has none",
                            player.name
                        )
                    } else {
                        format!("{} has no dogma effect", self.title(card))
                    }
                }
                _ => format!(
                    "{} is not a top card of {}'s board",
                    self.title(card),
                    player.name
                ),
            },
        }
    }

    /// Answers the pending question. An illegal answer is refused with a reason and changes
    /// nothing; the same question stays pending.
    pub fn answer(&mut self, answer: Answer) -> Result<(), PlayError> {
        let Some(request) = self.pending.clone() else {
            return Err(PlayError::Refused(Refusal::new("no decision is pending")));
        };
        request
            .validate(&answer, &self.edition)
            .map_err(PlayError::Refused)?;
        self.pending = None;
        // Declining a choice of cards is choosing none.
        let answer = match (&request.kind, answer) {
            (RequestKind::Cards { .. }, Answer::Decline) => Answer::Cards(Vec::new()),
            (_, answer) => answer,
        };
        if let Phase::FirstMeld { chosen } = &mut self.phase {
            // The first melds are chosen simultaneously: nothing is logged until all are in.
            if let Answer::Cards(cards) = &answer {
                chosen[request.player as usize] = cards.first().copied();
            }
            self.ask_first_meld();
            return Ok(());
        }
        let words = match (&request.kind, &answer) {
            (RequestKind::Option { labels }, Answer::Option(i)) => match labels.get(*i as usize) {
                // A label of one word names a thing (a deck: `echoes.3`); others are what to do.
                Some(label) if !label.is_empty() && !label.contains(' ') => label.clone(),
                Some(label) if !label.is_empty() => format!("to {label}"),
                _ => self.answer_words(&answer),
            },
            _ => self.answer_words(&answer),
        };
        self.log.push(Event::Decision {
            player: request.player,
            answer: words,
        });
        self.answer = Some(answer);
        self.advance()?;
        self.verify()
    }

    /// An answer in words, for the log.
    pub fn answer_words(&self, answer: &Answer) -> String {
        let titles = |cards: &[CardIdx]| {
            if cards.is_empty() {
                "nothing".to_string()
            } else {
                cards
                    .iter()
                    .map(|c| self.title(*c))
                    .collect::<Vec<_>>()
                    .join(", ")
            }
        };
        match answer {
            Answer::Cards(c) | Answer::Order(c) => titles(c),
            Answer::YesNo(true) => "yes".to_string(),
            Answer::YesNo(false) => "no".to_string(),
            Answer::Option(i) => format!("alternative {}", i + 1),
            Answer::Colors(c) => c.iter().map(|c| c.word()).collect::<Vec<_>>().join(", "),
            Answer::Values(v) => v.iter().map(i32::to_string).collect::<Vec<_>>().join(", "),
            Answer::Players(p) => p
                .iter()
                .map(|s| self.state.players[*s as usize].name.clone())
                .collect::<Vec<_>>()
                .join(", "),
            Answer::Icons(i) => i.iter().map(|i| i.word()).collect::<Vec<_>>().join(", "),
            Answer::Specials(s) => s
                .iter()
                .map(|s| self.edition.specials[*s as usize].name.clone())
                .collect::<Vec<_>>()
                .join(", "),
            Answer::Decline => "to decline".to_string(),
            Answer::Steps(order) => format!(
                "the order {}",
                order
                    .iter()
                    .map(|i| (i + 1).to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        }
    }

    pub fn title(&self, card: CardIdx) -> String {
        self.edition.card(card).title.clone()
    }

    /// The first player (the first two at four players) takes one action on their first turn.
    fn start_turn(&mut self, seat: Seat) {
        self.state.turn += 1;
        self.state.active = seat;
        self.state.history.clear();
        self.state.endorsed = false;
        self.state.inspired = false;
        self.state.decreed = false;
        let one_action = self.state.opening_turns > 0;
        self.state.opening_turns = self.state.opening_turns.saturating_sub(1);
        self.state.actions_left = if one_action { 1 } else { 2 };
        self.state.additional_actions = 0;
        // Artifacts: a card on display when the turn begins offers its choice before the
        // first action (an Artifact dug during this turn waits for the next).
        self.state.display_choice = self.state.players[seat as usize].display.is_some();
        self.log.push(Event::TurnStart {
            turn: self.state.turn,
            player: seat,
            actions: self.state.actions_left,
        });
        // Lasting effects: those waiting for a move last turn are forgotten, and the player's
        // `on your next turn` effects are due before their first action (`game::lasting`).
        self.lasting_turn_start(seat);
    }

    /// Ends the current action; starts the next turn when the active player has none left.
    fn end_action(&mut self) {
        self.check_achievement_wins();
        if self.state.outcome.is_some() {
            self.finish_game();
            return;
        }
        // The Artifact's start-of-turn choice uses none of the turn's actions.
        if !std::mem::take(&mut self.state.free_action) {
            self.state.actions_left = self.state.actions_left.saturating_sub(1);
        }
        // An eliminated player's turn ends with them (they are skipped in turn order).
        if !self.state.in_play(self.state.active) {
            self.state.actions_left = 0;
        }
        // Held (a scenario's end), the turn stays with its player, unless they are out of the game.
        let held = self.turn_held && self.state.in_play(self.state.active);
        if self.state.actions_left == 0 && !held {
            let next = self.state.next_in_turn(self.state.active);
            self.start_turn(next);
        }
    }

    /// Melds a card for a player from wherever it is (the hand or the display for a Meld action,
    /// the forecast for a promotion), logged and recorded; what follows a Meld action is the caller's.
    pub(crate) fn meld_action(&mut self, seat: Seat, card: CardIdx) {
        let color = self.edition.card(card).color;
        let from = self
            .state
            .move_card(&self.edition, card, Location::Board(seat, color), false);
        self.record_move(Verb::Meld, seat, card, Cause::NONE, from);
        self.log.push(Event::Move {
            player: seat,
            verb: Verb::Meld,
            card,
            from,
            to: Location::Board(seat, color),
        });
    }

    /// Splays (or, with `None`, unsplays) a player's pile of two or more cards in a new direction.
    /// Returns whether it changed. Right after a splay in a new direction, whatever caused it,
    /// the player executing it draws a City (Cities of Destiny; EXPANSIONS.md C10 and §5 #5-6:
    /// of their own highest top card, unless they hold one).
    pub(crate) fn splay(
        &mut self,
        executor: Seat,
        seat: Seat,
        color: Color,
        direction: Option<SplayDirection>,
    ) -> bool {
        let pile = &mut self.state.players[seat as usize].board[color_index(color)];
        if pile.cards.len() < 2 || pile.splay == direction {
            return false;
        }
        pile.splay = direction;
        pile.refresh(&self.edition);
        self.log.push(Event::Splay {
            player: seat,
            color,
            direction,
        });
        if direction.is_some() {
            self.city_draw(executor);
        }
        true
    }

    /// Draws a base card of an age for a player (skipping empty ages upward; above the highest
    /// age the game ends by score). Returns the card, or `None` when the game ended.
    pub(crate) fn draw(&mut self, seat: Seat, age: u8, cause: Cause) -> Option<CardIdx> {
        self.draw_from(seat, 0, age, cause)
    }

    /// Draws a card of a set (0: base) and age for a player, as every draw with expansions does
    /// (deluxe rules, "Drawing with expansions"; EXPANSIONS.md §2.2): an age is empty exactly
    /// when its base deck is empty, and empty ages are skipped upward for every set; a draw above
    /// the highest age ends the game by score; a set whose deck of that age is empty gives a base
    /// card instead. Returns the card, or `None` when the game ended.
    pub(crate) fn draw_from(
        &mut self,
        seat: Seat,
        set: u8,
        age: u8,
        cause: Cause,
    ) -> Option<CardIdx> {
        let max = self.edition.rules.max_age;
        let Some((set, a)) = self.draw_source(seat, set, age) else {
            self.log.push(Event::SupplyExhausted {
                player: seat,
                age: age.max(max.saturating_add(1)),
            });
            self.end_by_score();
            return None;
        };
        let card = self.state.deck(set, a).last().copied()?;
        self.state
            .move_card(&self.edition, card, Location::Hand(seat), false);
        self.record(Verb::Draw, seat, card, cause);
        self.log.push(Event::Draw {
            player: seat,
            card,
            age: age.max(1),
        });
        Some(card)
    }

    /// The card a draw of a set (0: base) and age would take for a player, drawing nothing
    /// (Figures' "would draw" karmas test it before the draw: EXPANSIONS.md F7). `None` when
    /// the draw would end the game.
    pub(crate) fn next_draw(&self, seat: Seat, set: u8, age: u8) -> Option<CardIdx> {
        let (set, a) = self.draw_source(seat, set, age)?;
        self.state.deck(set, a).last().copied()
    }

    /// The deck a draw of a set and age takes from (its set and age), by the rules of
    /// `draw_from`; `None` above the highest age.
    fn draw_source(&self, seat: Seat, set: u8, age: u8) -> Option<(u8, u8)> {
        let max = self.edition.rules.max_age;
        let a = (age.max(1)..=max).find(|a| !self.state.deck(0, *a).is_empty())?;
        let mut set = if self.state.deck(set, a).is_empty() {
            0
        } else {
            set
        };
        // Echoes: a base card about to be drawn, with a hand of cards but none of Echoes, is an
        // Echoes card of that value instead, while that deck has one (Echoes rulebook, "Drawing
        // Echoes cards": checked for each card drawn, against the hand as it is then).
        if set == 0 {
            if let Some(echoes) = self
                .edition
                .rules
                .echoes_draw
                .as_deref()
                .and_then(|name| self.edition.rules.set_index(name))
            {
                let hand = &self.state.players[seat as usize].hand;
                let none_of_them = hand
                    .iter()
                    .all(|c| self.edition.card(*c).deck_set != echoes);
                if !hand.is_empty() && none_of_them && !self.state.deck(echoes, a).is_empty() {
                    set = echoes;
                }
            }
        }
        Some((set, a))
    }

    /// Remembers a card movement of this turn (for history phrases and Monument), the card
    /// having come from no board.
    pub(crate) fn record(&mut self, verb: Verb, player: Seat, card: CardIdx, cause: Cause) {
        self.record_move(verb, player, card, cause, Location::Removed);
    }

    /// Remembers a card movement of this turn, from where the card was (`from`: the boards a
    /// card has been on during an action are read from here).
    pub(crate) fn record_move(
        &mut self,
        verb: Verb,
        player: Seat,
        card: CardIdx,
        cause: Cause,
        from: Location,
    ) {
        let board = |at: Location| match at {
            Location::Board(seat, _) => Some(seat),
            _ => None,
        };
        let onto_board = board(self.state.location(card));
        self.state.history.push(crate::state::HistoryEntry {
            from_board: board(from),
            onto_board,
            verb,
            player,
            card,
            source: cause.source,
            demand: cause.demand,
            echo: cause.echo,
            action: self.state.action,
        });
        // THE HOOK for special achievements claimed on a move (Cities' Legend … Victory): every
        // move of a card by a player, by an effect or an action, is recorded here right after the
        // card is placed, so each trigger is tested here (game/achievements.rs).
        self.trigger_specials(verb, player, card);
        // Figures: a card melded by an effect runs its "When you meld this card" karma at once
        // (a Meld action's waits for the action's last step: EXPANSIONS.md §5 #20).
        if verb == Verb::Meld && cause.source.is_some() && self.has_meld_karma(card) {
            self.karma_melded(player, card, from == Location::Hand(player));
        }
        // … and lasting effects waiting for the move (`the next time you meld a card this
        // turn`): due now, they run before anything else happens (game/lasting.rs).
        if !self.state.lasting.is_empty() {
            self.lasting_moved(verb, player, card);
        }
    }
}
