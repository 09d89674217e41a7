//! A game in progress: setup by the rulebook, turns of two actions, the four actions, the dogma
//! action's orchestration (locked icon counts, demands, sharing, the free Draw), special
//! achievements claimed the moment they are earned, and every way to win.
//!
//! The game is a resumable machine. `act` and `answer` run it until it needs the next action or a
//! player's decision (`status`). Everything in progress, down to the VM's frames, lives in the
//! serialisable `Game`, so a game saved in the middle of a dogma action resumes exactly.
//!
//! Rules are cited from ../shared/rules/: `deluxe-rules-with-expansions.txt` (the third edition,
//! "Game Setup", "Actions And Action Triggers", "Game end") and
//! `online-rules-summary-with-expansions.txt` ("DOGMA", "ACHIEVE", "End of Game").

use crate::bytecode::{
    AchievementCheck, CardIdx, CompiledEdition, ScoreTie, SpecialIdx, SpecialTie,
};
use crate::choices::{Action, Answer, Refusal, Request, RequestKind};
use crate::log::{Event, Log};
use crate::state::{
    AchievementCard, DeckCards, Location, Outcome, PlayerState, Seat, State, WinReason,
};
use crate::terms::Verb;
use crate::vm::{Frame, RuntimeError};
use crate::vocab::{Color, EffectKind};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

mod elimination;
mod memo;
mod parley;
pub mod teams;
#[cfg(test)]
mod tests;

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

/// A dogma action in progress.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DogmaRun {
    pub card: CardIdx,
    pub activator: Seat,
    /// Players sharing the non-demand effects, clockwise from the activator's left.
    pub sharing: Vec<Seat>,
    /// Opponents vulnerable to the demands, clockwise from the activator's left.
    pub vulnerable: Vec<Seat>,
    /// The effect being executed.
    pub effect: u8,
    /// The next executor of that effect (index into its executor list).
    pub next: u8,
    /// A sharing opponent revealed or moved a card: the activator gets the free Draw.
    pub bonus_earned: bool,
    /// `end the dogma action` was executed (or the activator was eliminated).
    pub ended: bool,
    /// Parley: distant sharers who parleyed to confirm their eligibility for the action.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub parley_shared: Vec<Seat>,
    /// Parley: distant vulnerable opponents already offered immunity this action (those who
    /// took it are no longer vulnerable).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub parley_offered: Vec<Seat>,
}

impl DogmaRun {
    /// The players who execute an effect of this kind, in order.
    ///
    /// A compel (Artifacts) is a demand in every respect but its victims: "A player is
    /// vulnerable to compel effects only if they would be eligible to share your non-demand
    /// effects. Other than this difference, they behave exactly like demand effects"
    /// (../shared/rules/deluxe-rules-with-expansions.txt, "Compel Effects"; EXPANSIONS.md A8).
    /// So its victims are the sharing players who are opponents (a teammate shares but is never
    /// a victim), clockwise; they may share the non-demand effects too, and since a compel is a
    /// demand, executing it never earns the sharing bonus.
    fn executors(&self, kind: EffectKind, state: &State) -> Vec<Seat> {
        match kind {
            EffectKind::Demand => self.vulnerable.clone(),
            EffectKind::Compel => self
                .sharing
                .iter()
                .copied()
                .filter(|s| state.is_opponent(self.activator, *s))
                .collect(),
            _ => {
                let mut list = self.sharing.clone();
                list.push(self.activator);
                list
            }
        }
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
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Execution {
    pub dogma: Option<DogmaRun>,
    /// The VM's frames, innermost last.
    pub frames: Vec<Frame>,
    /// The free Draw for sharing is still to be taken.
    pub bonus_draw: bool,
    /// A question the engine itself asked (not a card's): the pending request answers it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub asking: Option<EngineQuestion>,
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
}

/// A game of Innovation.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Game {
    #[serde(skip, default = "empty_edition")]
    edition: Arc<CompiledEdition>,
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
        native: None,
    })
}

impl Game {
    /// Sets a game up by the rulebook (deluxe rules, "Game Setup"): each age's deck shuffled,
    /// one standard achievement from each age 1–9, the special achievements, two age-1 cards to
    /// each player; the game then waits for each player's choice of first meld.
    pub fn new(edition: Arc<CompiledEdition>, setup: Setup) -> Result<Game, String> {
        let n = setup.players.len();
        if !(2..=4).contains(&n) {
            return Err(format!("a game has 2 to 4 players, not {n}"));
        }
        let team_of = teams::assign(
            n,
            setup.teams,
            &setup.team_of,
            &edition.rules,
            &edition.name,
        )?;
        let max_age = edition.rules.max_age as usize;
        let mut decks: Vec<Vec<CardIdx>> = vec![Vec::new(); max_age + 1];
        let mut locations = vec![Location::Removed; edition.cards.len()];
        let mut removed = Vec::new();
        for (i, card) in edition.cards.iter().enumerate() {
            let age = card.age as usize;
            if (1..=max_age).contains(&age) {
                decks[age].push(i as CardIdx);
                locations[i] = Location::Deck(card.age);
            } else {
                removed.push(i as CardIdx);
            }
        }
        let mut rng = ChaCha8Rng::seed_from_u64(setup.seed);
        for deck in decks.iter_mut() {
            deck.shuffle(&mut rng);
        }
        let players = setup
            .players
            .iter()
            .enumerate()
            .map(|(i, name)| PlayerState::new(name, team_of[i]))
            .collect();
        let state = State {
            players,
            decks: decks.into_iter().map(DeckCards::from_vec).collect(),
            available: Vec::new(),
            specials: (0..edition.specials.len() as SpecialIdx).collect(),
            junked_specials: Vec::new(),
            excluded_specials: Vec::new(),
            removed,
            excluded: Vec::new(),
            locations,
            rng,
            active: 0,
            turn: 0,
            action: 0,
            actions_left: 0,
            opening_turns: 0,
            history: Vec::new(),
            outcome: None,
        };
        let mut game = Game {
            edition_name: edition.name.clone(),
            edition,
            setup: Arc::new(setup.clone()),
            state,
            phase: Phase::FirstMeld {
                chosen: vec![None; n],
            },
            exec: None,
            pending: None,
            answer: None,
            scratch: Scratch::default(),
            probing: false,
            memo: memo::SpecialMemo::default(),
            turn_held: false,
            log: Log::from(vec![Event::Setup {
                seed: setup.seed,
                players: setup.players.clone(),
            }]),
        };
        for age in 1..=game.edition.rules.achievement_ages {
            if let Some(card) = game.state.decks[age as usize].last().copied() {
                game.state
                    .move_card(&game.edition, card, Location::Available, false);
            }
        }
        game.deal_opening();
        Ok(game)
    }

    /// A game from its parts (used to build tables by hand).
    pub(crate) fn assemble(
        edition: Arc<CompiledEdition>,
        setup: Setup,
        state: State,
        phase: Phase,
        log: Vec<Event>,
    ) -> Game {
        Game {
            edition_name: edition.name.clone(),
            edition,
            setup: Arc::new(setup),
            state,
            phase,
            exec: None,
            pending: None,
            answer: None,
            log: Log::from(log),
            scratch: Scratch::default(),
            probing: false,
            memo: memo::SpecialMemo::default(),
            turn_held: false,
        }
    }

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

    /// Re-attaches the edition to a game loaded from a save. Fails when the save was made with
    /// another edition.
    pub fn attach(&mut self, edition: Arc<CompiledEdition>) -> Result<(), String> {
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

    /// Every legal action of the active player, each with its target once, in a stable order:
    /// draw, then meld each card in hand, achieve each eligible age, dogma each top card, and
    /// (parley, fourth edition) dogma each distant player's top card, clockwise.
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
        // Eligibility (online summary, "ACHIEVE"): a score of at least five times the age and a
        // top card of that age or higher.
        let score = self.state.score(&self.edition, seat);
        let highest = self.state.highest_top(&self.edition, seat);
        let mut ages: Vec<u8> = self
            .state
            .available
            .iter()
            .map(|c| self.edition.card(*c).age)
            .filter(|age| score >= 5 * i32::from(*age) && highest >= *age)
            .collect();
        ages.sort();
        ages.dedup();
        actions.extend(ages.into_iter().map(Action::Achieve));
        for color in Color::ALL {
            if let Some(top) = player.pile(*color).top() {
                if self.edition.card(top).dogma_icon.is_some() {
                    actions.push(Action::Dogma(top));
                }
            }
        }
        // Parley: a distant player's top card, at the cost of a card from hand.
        actions.extend(self.parley_dogma_cards(seat).into_iter().map(Action::Dogma));
        actions
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
        match action {
            Action::Draw => {
                let age = self.state.highest_top(&self.edition, seat);
                self.draw(seat, age, None, false);
                self.after_change();
            }
            Action::Meld(card) => {
                self.meld_action(seat, card);
                self.after_change();
            }
            Action::Achieve(age) => {
                if let Some(card) = self
                    .state
                    .available
                    .iter()
                    .copied()
                    .find(|c| self.edition.card(*c).age == age)
                {
                    self.state
                        .move_card(&self.edition, card, Location::Achievements(seat), false);
                    self.log.push(Event::Achieve { player: seat, age });
                    self.check_achievement_win(seat);
                    self.after_change();
                }
            }
            Action::Dogma(card) => match self.state.location(card) {
                Location::Board(owner, _) if owner != seat => self.start_parley_dogma(seat, card),
                _ => self.start_dogma(seat, card),
            },
        }
        self.advance()?;
        self.verify()
    }

    /// In debug builds (and so in every test), checks the state's invariants after each action
    /// and answer; a broken invariant is reported as a runtime error.
    fn verify(&self) -> Result<(), PlayError> {
        if cfg!(debug_assertions) {
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
                    .any(|c| self.edition.card(*c).age == age)
                {
                    format!("no age {age} achievement is available")
                } else {
                    format!(
                        "{} needs a score of at least {} and a top card of age {age} or higher (score {}, highest top card {})",
                        player.name,
                        5 * u32::from(age),
                        self.state.score(&self.edition, seat),
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
        }
    }

    pub fn title(&self, card: CardIdx) -> String {
        self.edition.card(card).title.clone()
    }

    // -----------------------------------------------------------------------------------------
    // Setup and turns

    /// Deals two age-1 cards to each player in seating order, from the top of the deck, and asks
    /// the first melds (deluxe rules, "Game Setup", steps 4 and 5). Also plays the opening of a
    /// table whose supply was set by hand (`TableSpec::play_setup`).
    pub(crate) fn deal_opening(&mut self) {
        for seat in 0..self.state.player_count() as Seat {
            for _ in 0..2 {
                if let Some(card) = self.state.decks[1].last().copied() {
                    self.state
                        .move_card(&self.edition, card, Location::Hand(seat), false);
                    self.log.push(Event::Draw {
                        player: seat,
                        card,
                        age: 1,
                    });
                }
            }
        }
        self.ask_first_meld();
    }

    /// Asks the next player without a first meld; when all have chosen, melds them together and
    /// starts the first turn with the player whose card comes first alphabetically.
    fn ask_first_meld(&mut self) {
        let Phase::FirstMeld { chosen } = &self.phase else {
            return;
        };
        if let Some(seat) = chosen.iter().position(Option::is_none) {
            let hand = self.state.players[seat].hand.clone();
            self.pending = Some(Request {
                player: seat as Seat,
                kind: RequestKind::Cards {
                    candidates: hand.to_vec(),
                    sizes: vec![1],
                },
                context: "choose your first card to meld".to_string(),
                decline: false,
            });
            return;
        }
        let chosen: Vec<CardIdx> = chosen.iter().flatten().copied().collect();
        for (seat, card) in chosen.iter().enumerate() {
            let color = self.edition.card(*card).color;
            self.state.move_card(
                &self.edition,
                *card,
                Location::Board(seat as Seat, color),
                false,
            );
            self.log.push(Event::FirstMeld {
                player: seat as Seat,
                card: *card,
            });
        }
        // The player whose melded card's title comes first alphabetically goes first (deluxe
        // rules, "Game Setup", step 6; the online summary counts leading articles).
        let first = chosen
            .iter()
            .enumerate()
            .min_by(|(_, a), (_, b)| self.title(**a).cmp(&self.title(**b)))
            .map_or(0, |(seat, _)| seat as Seat);
        self.phase = Phase::Playing;
        self.state.active = first;
        self.state.opening_turns = if self.state.player_count() >= 4 { 2 } else { 1 };
        self.start_turn(first);
    }

    /// The first player (the first two at four players) takes one action on their first turn.
    fn start_turn(&mut self, seat: Seat) {
        self.state.turn += 1;
        self.state.active = seat;
        self.state.history.clear();
        let one_action = self.state.opening_turns > 0;
        self.state.opening_turns = self.state.opening_turns.saturating_sub(1);
        self.state.actions_left = if one_action { 1 } else { 2 };
        self.log.push(Event::TurnStart {
            turn: self.state.turn,
            player: seat,
            actions: self.state.actions_left,
        });
    }

    /// Ends the current action; starts the next turn when the active player has none left.
    fn end_action(&mut self) {
        self.check_achievement_wins();
        if self.state.outcome.is_some() {
            self.finish_game();
            return;
        }
        self.state.actions_left = self.state.actions_left.saturating_sub(1);
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

    // -----------------------------------------------------------------------------------------
    // Actions

    fn meld_action(&mut self, seat: Seat, card: CardIdx) {
        let color = self.edition.card(card).color;
        let from = self
            .state
            .move_card(&self.edition, card, Location::Board(seat, color), false);
        self.record(Verb::Meld, seat, card, None, false);
        self.log.push(Event::Move {
            player: seat,
            verb: Verb::Meld,
            card,
            from,
            to: Location::Board(seat, color),
        });
    }

    /// Draws a card of `age` (skipping empty ages upward) into the player's hand. A draw above
    /// the highest age ends the game by score (deluxe rules, "Game end"). Returns the card.
    pub(crate) fn draw(
        &mut self,
        seat: Seat,
        age: u8,
        source: Option<CardIdx>,
        demand: bool,
    ) -> Option<CardIdx> {
        let max = self.edition.rules.max_age;
        let mut a = age.max(1);
        while a <= max && self.state.decks[a as usize].is_empty() {
            a += 1;
        }
        if a > max {
            self.log.push(Event::SupplyExhausted {
                player: seat,
                age: a,
            });
            self.end_by_score();
            return None;
        }
        let card = self.state.decks[a as usize].last().copied()?;
        self.state
            .move_card(&self.edition, card, Location::Hand(seat), false);
        self.record(Verb::Draw, seat, card, source, demand);
        self.log.push(Event::Draw {
            player: seat,
            card,
            age: age.max(1),
        });
        Some(card)
    }

    /// Remembers a card movement of this turn (for history phrases and Monument).
    pub(crate) fn record(
        &mut self,
        verb: Verb,
        player: Seat,
        card: CardIdx,
        source: Option<CardIdx>,
        demand: bool,
    ) {
        self.state.history.push(crate::state::HistoryEntry {
            verb,
            player,
            card,
            source,
            demand,
            action: self.state.action,
        });
    }

    /// Starts a dogma action: the featured icon is counted once on every board and locks who
    /// shares and who is vulnerable (online summary, "DOGMA", step 2).
    fn start_dogma(&mut self, seat: Seat, card: CardIdx) {
        let Some(icon) = self.edition.card(card).dogma_icon else {
            return;
        };
        let mine = self.state.icon_count(&self.edition, seat, icon);
        let mut sharing = Vec::new();
        let mut vulnerable = Vec::new();
        for other in self.state.clockwise_from(seat) {
            if other == seat {
                continue;
            }
            let theirs = self.state.icon_count(&self.edition, other, icon);
            if theirs >= mine {
                sharing.push(other);
            } else if self.state.is_opponent(seat, other) {
                vulnerable.push(other);
            }
        }
        self.log.push(Event::DogmaCounts {
            card,
            sharing: sharing.clone(),
            vulnerable: vulnerable.clone(),
        });
        self.exec = Some(Execution {
            dogma: Some(DogmaRun {
                card,
                activator: seat,
                sharing,
                vulnerable,
                effect: 0,
                next: 0,
                bonus_earned: false,
                ended: false,
                parley_shared: Vec::new(),
                parley_offered: Vec::new(),
            }),
            frames: Vec::new(),
            bonus_draw: false,
            asking: None,
        });
    }

    /// Runs the action in progress until it needs a decision, ends, or ends the game.
    fn advance(&mut self) -> Result<(), PlayError> {
        loop {
            if self.state.outcome.is_some() {
                self.finish_game();
                return Ok(());
            }
            if self.pending.is_some() {
                return Ok(());
            }
            let Some(exec) = &mut self.exec else {
                self.end_action();
                return Ok(());
            };
            if let Some(question) = exec.asking.take() {
                let answer = self.answer.take();
                self.resolve_question(question, answer);
                continue;
            }
            if !exec.frames.is_empty() {
                self.run_vm()?;
                continue;
            }
            let Some(dogma) = exec.dogma.as_mut() else {
                self.exec = None;
                continue;
            };
            let card = self.edition.card(dogma.card);
            if dogma.ended || dogma.effect as usize >= card.effects.len() {
                let activator = dogma.activator;
                let bonus = dogma.bonus_earned && !dogma.ended;
                self.exec = None;
                if bonus {
                    // The free Draw for sharing (third edition: a sharing opponent revealed or
                    // moved a card; ../shared/rules/EDITIONS.md).
                    self.log.push(Event::ShareBonus { player: activator });
                    let age = self.state.highest_top(&self.edition, activator);
                    self.draw(activator, age, None, false);
                    self.after_change();
                }
                continue;
            }
            let effect = card.effects[dogma.effect as usize];
            let executors = dogma.executors(effect.kind, &self.state);
            if dogma.next as usize >= executors.len() {
                dogma.effect += 1;
                dogma.next = 0;
                continue;
            }
            let executor = executors[dogma.next as usize];
            let demand = matches!(effect.kind, EffectKind::Demand | EffectKind::Compel);
            // Parley (fourth edition): a distant executor may have to confirm first. A compel's
            // victims are those eligible to share, so a distant one is asked to confirm that
            // eligibility, not offered immunity.
            if !self.parley_gate(executor, effect.kind == EffectKind::Demand) {
                continue;
            }
            let Some(dogma) = self.exec.as_mut().and_then(|e| e.dogma.as_mut()) else {
                continue;
            };
            dogma.next += 1;
            let shared = !demand && executor != dogma.activator;
            // Only an opponent's sharing earns the bonus (a teammate's does not: online summary,
            // "Team games").
            let counts = shared && self.state.is_opponent(executor, dogma.activator);
            let frame = Frame::effect(
                &self.edition,
                effect.chunk,
                dogma.card,
                executor,
                if demand { Some(dogma.activator) } else { None },
                demand,
                counts,
            );
            self.log.push(Event::Execute {
                player: executor,
                card: dogma.card,
                effect: dogma.effect,
                demand,
                shared,
            });
            if let Some(exec) = self.exec.as_mut() {
                exec.frames.push(frame);
            }
        }
    }

    fn finish_game(&mut self) {
        if self.phase != Phase::Over {
            self.phase = Phase::Over;
            self.exec = None;
            self.pending = None;
            if let Some(outcome) = self.state.outcome.clone() {
                self.log.push(Event::GameOver { outcome });
            }
        }
    }

    // -----------------------------------------------------------------------------------------
    // Special achievements and winning

    /// After any change: where the edition claims special achievements immediately (first and
    /// third editions: even mid-effect or on another player's turn), claim those whose
    /// condition now holds (../shared/rules/EDITIONS.md). The fourth edition claims them at the
    /// end of each action instead (`check_achievement_wins`).
    pub(crate) fn after_change(&mut self) {
        if self.edition.rules.achievement_check == AchievementCheck::Immediately {
            self.claim_specials();
        }
    }

    /// Claims every available special achievement whose condition holds, in the edition's tie
    /// order, until none is left to claim.
    fn claim_specials(&mut self) {
        if self.state.outcome.is_some() || self.phase != Phase::Playing || self.probing {
            return;
        }
        loop {
            let mut claimed = false;
            // Players still in the game only (`clockwise_from` skips eliminated players).
            let order = match self.edition.rules.special_tie {
                SpecialTie::CurrentPlayerFirst => {
                    let mut seats = self.state.clockwise_from(self.state.active);
                    if seats.last() == Some(&self.state.active) {
                        seats.rotate_right(1);
                    }
                    seats
                }
                // Fourth edition ("Achievements & Victory"): the first such player clockwise
                // starting to the left of the current player.
                SpecialTie::LeftOfCurrentFirst => self.state.clockwise_from(self.state.active),
            };
            // Players whose every local condition is known false in this very state.
            self.memo.begin_pass();
            let skip: smallvec::SmallVec<[bool; 4]> = order
                .iter()
                .map(|s| self.memo.known_false(&self.edition, &self.state, *s))
                .collect();
            let specials: smallvec::SmallVec<[SpecialIdx; 16]> =
                self.state.specials.iter().copied().collect();
            for special in specials {
                let condition = self.edition.specials[special as usize].condition;
                let local = self.memo.is_local(&self.edition, special as usize);
                for (i, seat) in order.iter().enumerate() {
                    if local && skip[i] {
                        // Debug builds (every test) check that the memo never skips a
                        // condition that holds.
                        debug_assert!(
                            !self.condition_holds(condition, *seat),
                            "the special-achievement memo skipped a condition that holds"
                        );
                        continue;
                    }
                    if self.condition_holds(condition, *seat) {
                        self.claim_special(*seat, special);
                        claimed = true;
                        break;
                    }
                }
                if self.state.outcome.is_some() {
                    return;
                }
            }
            if !claimed {
                // Nothing changed in this pass: every condition was false for every player.
                self.memo.all_false(&self.edition, &self.state);
                return;
            }
        }
    }

    fn condition_holds(&mut self, chunk: crate::bytecode::ChunkIdx, seat: Seat) -> bool {
        // A condition's failure is an engine bug, not a reason to stop the game: it is
        // reported by the invariant checks in tests; here it counts as not met.
        self.eval_condition(chunk, seat).unwrap_or(0) != 0
    }

    /// Gives the player an available special achievement; then checks for an achievements win.
    pub(crate) fn claim_special(&mut self, seat: Seat, special: SpecialIdx) -> bool {
        let Some(i) = self.state.specials.iter().position(|s| *s == special) else {
            return false;
        };
        self.state.specials.remove(i);
        self.state.players[seat as usize]
            .achievements
            .push(AchievementCard::Special(special));
        self.log.push(Event::ClaimSpecial {
            player: seat,
            special,
        });
        self.check_achievement_win(seat);
        true
    }

    /// Junks an available special achievement (the fourth edition's junk; for effects such as
    /// "junk an available achievement" that pick a special one). `seat` is the player doing it,
    /// for the log. Returns whether it was available.
    pub(crate) fn junk_special(&mut self, seat: Seat, special: SpecialIdx) -> bool {
        let Some(i) = self.state.specials.iter().position(|s| *s == special) else {
            return false;
        };
        self.state.specials.remove(i);
        self.state.junked_specials.push(special);
        self.log.push(Event::JunkSpecial {
            player: seat,
            special,
        });
        self.after_change();
        true
    }

    /// Makes a junked special achievement available again (it goes back among the available
    /// ones in the edition's order). `seat` is the player doing it, for the log. Returns whether
    /// it was junked.
    pub(crate) fn restore_special(&mut self, seat: Seat, special: SpecialIdx) -> bool {
        let Some(i) = self
            .state
            .junked_specials
            .iter()
            .position(|s| *s == special)
        else {
            return false;
        };
        self.state.junked_specials.remove(i);
        let at = self
            .state
            .specials
            .iter()
            .position(|s| *s > special)
            .unwrap_or(self.state.specials.len());
        self.state.specials.insert(at, special);
        self.log.push(Event::RestoreSpecial {
            player: seat,
            special,
        });
        self.after_change();
        true
    }

    /// The number of achievements needed to win: 6, 5, 4 for 2, 3, 4 players; a team needs the
    /// two-player number (online summary, "End of Game" and "Team games"; fourth-edition
    /// rulebook, "Team Rules": "6 for a team to win", whatever the teams' sizes). The players
    /// counted are those the game was set up with: an elimination does not change the number
    /// (see `elimination`).
    pub fn achievements_to_win(&self) -> usize {
        let goals = self.edition.rules.achievements_to_win;
        if self.team_game() {
            return goals[0] as usize;
        }
        goals[(self.state.player_count() - 2).min(2)] as usize
    }

    /// What counts toward a player's achievements to win: the achievements they hold, standard
    /// and special (online summary, "End of Game"). The place where an expansion adds its own
    /// (Cities: visible flags and fountains).
    pub fn achievements_total(&self, seat: Seat) -> usize {
        self.state.players[seat as usize].achievements.len()
    }

    /// A team's achievements (a player's, without teams).
    pub fn team_achievements(&self, seat: Seat) -> usize {
        let team = self.state.players[seat as usize].team;
        (0..self.state.player_count() as Seat)
            .filter(|s| self.state.players[*s as usize].team == team)
            .map(|s| self.achievements_total(s))
            .sum()
    }

    /// The game ends the moment a player (or team) has enough achievements (first and third
    /// editions: immediately). Under the fourth edition's rule the check waits for the end of the
    /// action (`check_achievement_wins`).
    pub(crate) fn check_achievement_win(&mut self, seat: Seat) {
        if self.edition.rules.achievement_check == AchievementCheck::Immediately
            && self.state.outcome.is_none()
            && self.team_achievements(seat) >= self.achievements_to_win()
        {
            self.state.outcome = Some(Outcome {
                winners: self.team_of(seat),
                reason: WinReason::Achievements,
                card: None,
            });
        }
    }

    /// The fourth edition's achievement win, checked at the end of each action after special
    /// achievements (fourth-edition rulebook, "Achievements & Victory"): of the players with
    /// enough achievements, the one with the most wins; a tie goes to the first tied player from
    /// the current player's left, clockwise.
    fn check_achievement_wins(&mut self) {
        if self.edition.rules.achievement_check != AchievementCheck::EndOfAction
            || self.state.outcome.is_some()
        {
            return;
        }
        self.claim_specials();
        let goal = self.achievements_to_win();
        let mut best: Option<(usize, Seat)> = None;
        for seat in self.state.clockwise_from(self.state.active) {
            let count = self.team_achievements(seat);
            if count >= goal && best.is_none_or(|(b, _)| count > b) {
                best = Some((count, seat));
            }
        }
        if let Some((_, seat)) = best {
            self.state.outcome = Some(Outcome {
                winners: self.team_of(seat),
                reason: WinReason::Achievements,
                card: None,
            });
        }
    }

    /// A card's effect makes a player (and their team) win. A player out of the game cannot.
    pub(crate) fn win_by_effect(&mut self, seat: Seat, card: CardIdx) {
        if self.state.outcome.is_none() && self.state.in_play(seat) {
            self.state.outcome = Some(Outcome {
                winners: self.team_of(seat),
                reason: WinReason::Effect,
                card: Some(card),
            });
        }
    }

    /// The supply is exhausted: the highest score wins (a team's scores combined); ties go to
    /// the most achievements, then the game is a draw (deluxe rules, "Game end").
    pub(crate) fn end_by_score(&mut self) {
        if self.state.outcome.is_some() {
            return;
        }
        let n = self.state.player_count() as Seat;
        // The teams (players) still in the game: an eliminated player, whose cards are junked,
        // is no longer part of the game.
        let teams = self.teams_in_play();
        let key = |team: u8| -> (i32, usize) {
            let seats: Vec<Seat> = (0..n)
                .filter(|s| self.state.players[*s as usize].team == team)
                .collect();
            let score = seats
                .iter()
                .map(|s| self.state.score(&self.edition, *s))
                .sum();
            let achievements = seats.iter().map(|s| self.achievements_total(*s)).sum();
            (score, achievements)
        };
        let best = teams.iter().map(|t| key(*t)).max().unwrap_or((0, 0));
        let leaders: Vec<u8> = teams.iter().copied().filter(|t| key(*t) == best).collect();
        // A tie on score and achievements is a draw (third and fourth editions) or a victory
        // shared by the tied players (first edition, ../shared/rules/EDITIONS.md "score-end tie").
        let winners =
            if leaders.len() == 1 || self.edition.rules.score_tie == ScoreTie::SharedVictory {
                (0..n)
                    .filter(|s| leaders.contains(&self.state.players[*s as usize].team))
                    .collect()
            } else {
                Vec::new()
            };
        self.state.outcome = Some(Outcome {
            winners,
            reason: WinReason::Score,
            card: None,
        });
    }
}
