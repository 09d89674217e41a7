//! The game state: every player's hand, board, score pile and achievements, the supply decks,
//! the available achievements, the seeded RNG, and where every card is.
//!
//! All of it is serde-serialisable, so a game can be saved at any point (even in the middle of
//! a dogma action waiting for a decision) and resumed exactly. Every card move goes through
//! `State::move_card`, which keeps the location index and the piles' splays consistent.

use crate::bytecode::{CardIdx, CompiledEdition, SpecialIdx};
use crate::vocab::{Color, Icon, SplayDirection};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

/// A list of cards in one place (a pile, a hand, a score pile): inline up to eight cards, so
/// that cloning a game allocates only for long lists.
pub type Cards = smallvec::SmallVec<[CardIdx; 8]>;

/// The cards of one supply deck: inline up to sixteen (a deck rarely holds more mid-game).
pub type DeckCards = smallvec::SmallVec<[CardIdx; 16]>;

/// A player's achievements.
pub type Achievements = smallvec::SmallVec<[AchievementCard; 8]>;

/// A player's seat, clockwise from 0.
pub type Seat = u8;

/// The index of an icon in `Icon::ALL` (the order of a pile's icon counts).
pub fn icon_index(icon: Icon) -> usize {
    Icon::ALL.iter().position(|i| *i == icon).unwrap_or(0)
}

/// The index of a colour in `Color::ALL` (the order of a board's piles).
pub fn color_index(color: Color) -> usize {
    Color::ALL.iter().position(|c| *c == color).unwrap_or(0)
}

/// One colour's pile: cards from the bottom (index 0) to the top (last), and its splay.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Pile {
    pub cards: Cards,
    pub splay: Option<SplayDirection>,
    /// The visible icons of the pile, by `Icon::ALL` index: kept up to date by `refresh` after
    /// every change of the pile (the invariant checks verify it).
    #[serde(default)]
    pub icons: [u8; 7],
    /// The top card has karma effects (Figures): kept up to date by `refresh`, so that counts
    /// look for karmas only on boards that have them.
    #[serde(default, skip_serializing_if = "is_false")]
    pub karma: bool,
}

impl Pile {
    /// Recounts the pile's visible icons after its cards or splay changed.
    pub fn refresh(&mut self, edition: &CompiledEdition) {
        let mut icons = [0u8; 7];
        for (i, icon) in Icon::ALL.iter().enumerate() {
            icons[i] = pile_icon_count(edition, self, *icon) as u8;
        }
        self.icons = icons;
        self.karma = self
            .top()
            .is_some_and(|c| !edition.card(c).karmas.is_empty());
    }

    pub fn top(&self) -> Option<CardIdx> {
        self.cards.last().copied()
    }

    pub fn bottom(&self) -> Option<CardIdx> {
        self.cards.first().copied()
    }
}

/// An achievement a player holds or that is available.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AchievementCard {
    /// A standard achievement: a card set aside from a deck (its age is what counts).
    Standard(CardIdx),
    /// A special achievement.
    Special(SpecialIdx),
}

/// Everything a player has.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayerState {
    /// Shared with the game's clones.
    pub name: std::sync::Arc<str>,
    /// The team the player belongs to (their own seat when there are no teams).
    pub team: u8,
    pub hand: Cards,
    /// One pile per colour, in `Color::ALL` order.
    pub board: [Pile; 5],
    pub score_pile: Cards,
    pub achievements: Achievements,
    /// Echoes: the player's forecast, face down (its owner may look; the others see how many
    /// cards, their sets and values).
    #[serde(default, skip_serializing_if = "smallvec::SmallVec::is_empty")]
    pub forecast: Cards,
    /// Artifacts: the card on the player's display, face up beside the board: neither on the
    /// board nor in the hand, out of every effect's reach (deluxe rules, "Artifacts of History";
    /// EXPANSIONS.md A4). At most one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub display: Option<CardIdx>,
    /// The player lost and is out of the game (the fourth edition's elimination): they hold no
    /// cards, take no turns and are no part of the table for adjacency, sharing, demands, player
    /// choices or "each player" (fourth-edition rulebook, "Dogma Effect Keywords", Lose).
    #[serde(default, skip_serializing_if = "is_false")]
    pub eliminated: bool,
}

fn is_false(b: &bool) -> bool {
    !*b
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

impl PlayerState {
    pub fn new(name: &str, team: u8) -> PlayerState {
        PlayerState {
            name: name.into(),
            team,
            hand: Cards::new(),
            board: Default::default(),
            score_pile: Cards::new(),
            achievements: Achievements::new(),
            forecast: Cards::new(),
            display: None,
            eliminated: false,
        }
    }

    pub fn pile(&self, color: Color) -> &Pile {
        &self.board[color_index(color)]
    }

    pub fn top_cards(&self) -> impl Iterator<Item = CardIdx> + '_ {
        self.board.iter().filter_map(Pile::top)
    }
}

/// Where a card is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Location {
    /// In the supply deck of an age.
    Deck(u8),
    Hand(Seat),
    /// In a pile of a player's board.
    Board(Seat, Color),
    ScorePile(Seat),
    /// Held by a player as a standard achievement.
    Achievements(Seat),
    /// In a player's forecast, face down (Echoes: foreshadowed).
    Forecast(Seat),
    /// On a player's display (Artifacts).
    Display(Seat),
    /// An available standard achievement.
    Available,
    /// Removed from the game (or junked).
    Removed,
    /// Not in this game at all (a scenario's `exact` deck leaves its age's other cards out).
    Excluded,
    /// A Relic lying face up beside the deck of its age (Artifacts of History with the Relics;
    /// EXPANSIONS.md A10, A12).
    Relic,
}

impl Location {
    /// The player whose zone this is, if any.
    pub fn owner(self) -> Option<Seat> {
        match self {
            Location::Hand(s)
            | Location::Board(s, _)
            | Location::ScorePile(s)
            | Location::Achievements(s)
            | Location::Forecast(s)
            | Location::Display(s) => Some(s),
            _ => None,
        }
    }
}

/// How the game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum WinReason {
    Achievements,
    Score,
    Effect,
    /// Every other player (or team) was eliminated: the last one standing wins (fourth-edition
    /// rulebook, "Achievements & Victory": "by achievements, score, card effect, or elimination").
    Elimination,
}

impl WinReason {
    pub fn word(&self) -> &'static str {
        match self {
            WinReason::Achievements => "achievements",
            WinReason::Score => "score",
            WinReason::Effect => "effect",
            WinReason::Elimination => "elimination",
        }
    }
}

/// The end of a game: its winners (several for a team), or none for a draw.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    pub winners: Vec<Seat>,
    pub reason: WinReason,
    /// For a win by a card's effect: the card.
    pub card: Option<CardIdx>,
}

/// A card moved (or shown) this turn, for the history phrases of the language and for
/// Monument's "six tucks in a single turn".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HistoryEntry {
    pub verb: crate::terms::Verb,
    /// The player who moved the card.
    pub player: Seat,
    pub card: CardIdx,
    /// The card whose effect moved it, if an effect did.
    pub source: Option<CardIdx>,
    /// Whether a demand effect moved it.
    pub demand: bool,
    /// Whether an echo effect moved it (Echoes: `due to this card's echo effect`).
    #[serde(default, skip_serializing_if = "is_false")]
    pub echo: bool,
    /// The action (counted over the game) in which it moved.
    pub action: u32,
    /// The player whose board it left, when it left a board (`has been on every board during
    /// this action, and it started on your board`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from_board: Option<Seat>,
    /// The player whose board it lies on after the move, when it lies on a board.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub onto_board: Option<Seat>,
}

impl HistoryEntry {
    /// Whether the move had the cause a history phrase names (`due to this card`, `due to the
    /// demand`, `due to this card's echo effect`), `card` being the card whose effect asks.
    pub fn due_to(&self, due_to: Option<crate::terms::DueTo>, card: CardIdx) -> bool {
        use crate::terms::DueTo;
        match due_to {
            None => true,
            Some(DueTo::ThisCard) => self.source == Some(card),
            Some(DueTo::Demand) => self.source == Some(card) && self.demand,
            Some(DueTo::ThisEcho) => self.source == Some(card) && self.echo,
        }
    }
}

/// A lasting effect set by a card's effect (`on your next turn { … }`, `the next time you meld a
/// card this turn { … }`), waiting to run once for the player who set it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lasting {
    /// The executor who set it, who carries it out.
    pub player: Seat,
    /// The card whose effect set it (`this card`).
    pub card: CardIdx,
    /// The demander, when a demand set it (`I`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub demander: Option<Seat>,
    /// A demand set it (for `due to the demand`).
    #[serde(default, skip_serializing_if = "is_false")]
    pub demand: bool,
    /// Its body, an effect chunk.
    pub chunk: crate::bytecode::ChunkIdx,
    pub when: crate::bytecode::LastingWhen,
    /// For a move: the card test the moved card passes (`NO_CHUNK`: any card).
    pub test: crate::bytecode::ChunkIdx,
    /// The turn it was set in.
    pub turn: u32,
}

/// The state of the supply, the players and the turn.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct State {
    pub players: Vec<PlayerState>,
    /// The base set's supply: `decks[age]` from the bottom (index 0) to the top (last). Index 0
    /// is unused.
    pub decks: Vec<DeckCards>,
    /// Each expansion's supply in play, in the order of `Rules::expansions`: `set_decks[set -
    /// 1][age]`, like `decks` (deluxe rules, "Playing with expansions": each set has its own ten
    /// decks). Empty for the base game.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub set_decks: Vec<Vec<DeckCards>>,
    /// The available standard achievements.
    pub available: Vec<CardIdx>,
    /// The available special achievements.
    pub specials: Vec<SpecialIdx>,
    /// Junked special achievements (the fourth edition's junk: an eliminated player's, or junked
    /// by an effect); an effect may make one available again.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub junked_specials: Vec<SpecialIdx>,
    /// Special achievements not in this game (a table set by hand that lists the available ones:
    /// the others are neither available, held nor junked).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub excluded_specials: Vec<SpecialIdx>,
    pub removed: Vec<CardIdx>,
    /// Cards not in this game (see `Location::Excluded`).
    #[serde(default)]
    pub excluded: Vec<CardIdx>,
    /// Where every card is, by card index.
    pub locations: Vec<Location>,
    pub rng: ChaCha8Rng,
    /// The player whose turn it is.
    pub active: Seat,
    /// Turns begun so far (the first turn is 1).
    pub turn: u32,
    /// Actions begun so far over the game.
    pub action: u32,
    /// Actions the active player has left this turn.
    pub actions_left: u8,
    /// Additional actions the active player has been given this turn (`take an additional
    /// action`), beyond the turn's one or two: what bounds `actions_left` (`invariants`).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub additional_actions: u8,
    /// Turns still to start with a single action: the first player's (and the second's at four
    /// players) at the start of the game; none at a table set by hand.
    #[serde(default)]
    pub opening_turns: u8,
    /// Cards moved this turn.
    pub history: Vec<HistoryEntry>,
    /// The active player has taken the Endorse action this turn (Cities: once per turn).
    #[serde(default, skip_serializing_if = "is_false")]
    pub endorsed: bool,
    /// The active player has taken the Inspire action this turn (Figures: once per turn).
    #[serde(default, skip_serializing_if = "is_false")]
    pub inspired: bool,
    /// The active player has taken the Decree action this turn (Figures: once per turn).
    #[serde(default, skip_serializing_if = "is_false")]
    pub decreed: bool,
    /// Artifacts: the active player's display held a card when the turn began, and no action
    /// has been taken yet: the start-of-turn choice (a free Dogma action on it, return it, or
    /// pass) is open (EXPANSIONS.md A5, §3.1).
    #[serde(default, skip_serializing_if = "is_false")]
    pub display_choice: bool,
    /// The action in progress uses none of the turn's actions (the Artifact's free Dogma).
    #[serde(default, skip_serializing_if = "is_false")]
    pub free_action: bool,
    /// Lasting effects waiting for their time, in the order they were set.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lasting: Vec<Lasting>,
    /// Lasting effects whose time has come, to run before anything else, first first: each with
    /// the card whose move set it off (none at the start of a turn).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lasting_due: Vec<(Lasting, Option<CardIdx>)>,
    pub outcome: Option<Outcome>,
}

impl State {
    pub fn player_count(&self) -> usize {
        self.players.len()
    }

    /// A set's deck of an age (set 0 is base; an age outside the supply is an empty deck).
    pub fn deck(&self, set: u8, age: u8) -> &[CardIdx] {
        let deck = match set {
            0 => self.decks.get(age as usize),
            s => self
                .set_decks
                .get(s as usize - 1)
                .and_then(|d| d.get(age as usize)),
        };
        deck.map_or(&[], |d| d.as_slice())
    }

    /// A set's deck of an age, to change. Every card's set and age are in the supply (the
    /// edition is validated), so the deck exists.
    fn deck_mut(&mut self, set: u8, age: u8) -> &mut DeckCards {
        match set {
            0 => &mut self.decks[age as usize],
            s => &mut self.set_decks[s as usize - 1][age as usize],
        }
    }

    /// The seats clockwise from the one after `seat`, ending with `seat` itself. Eliminated
    /// players are skipped (they are no longer part of the table: fourth-edition rulebook,
    /// "Achievements & Victory", Elimination), `seat` included when it is eliminated.
    pub fn clockwise_from(&self, seat: Seat) -> Vec<Seat> {
        let n = self.players.len() as u8;
        (1..=n)
            .map(|i| (seat + i) % n)
            .filter(|s| self.in_play(*s))
            .collect()
    }

    /// Whether the player is still in the game (not eliminated).
    pub fn in_play(&self, seat: Seat) -> bool {
        self.players
            .get(seat as usize)
            .is_some_and(|p| !p.eliminated)
    }

    /// The players still in the game, by seat.
    pub fn seats_in_play(&self) -> Vec<Seat> {
        (0..self.players.len() as Seat)
            .filter(|s| self.in_play(*s))
            .collect()
    }

    /// The next player in turn order after `seat`, skipping eliminated players ("They are skipped
    /// in turn order": fourth-edition rulebook, "Dogma Effect Keywords", Lose).
    pub fn next_in_turn(&self, seat: Seat) -> Seat {
        self.clockwise_from(seat)
            .into_iter()
            .find(|s| *s != seat)
            .unwrap_or(seat)
    }

    /// A player's neighbours: the players adjacent to the left and to the right, eliminated
    /// players excluded ("they ... no longer count for player adjacency": fourth-edition
    /// rulebook, "Dogma Effect Keywords", Lose; "Parley Rules").
    pub fn neighbours(&self, seat: Seat) -> Vec<Seat> {
        let others: Vec<Seat> = self
            .clockwise_from(seat)
            .into_iter()
            .filter(|s| *s != seat)
            .collect();
        let mut list = Vec::new();
        if let Some(left) = others.first() {
            list.push(*left);
        }
        if let Some(right) = others.last() {
            if !list.contains(right) {
                list.push(*right);
            }
        }
        list
    }

    /// Whether `other` is distant from `seat` ("Parley Rules": a player is either a neighbour,
    /// adjacent to your left or right, or distant). Both must be in the game.
    pub fn is_distant(&self, seat: Seat, other: Seat) -> bool {
        seat != other
            && self.in_play(seat)
            && self.in_play(other)
            && !self.neighbours(seat).contains(&other)
    }

    pub fn are_teammates(&self, a: Seat, b: Seat) -> bool {
        a != b && self.players[a as usize].team == self.players[b as usize].team
    }

    pub fn is_opponent(&self, a: Seat, b: Seat) -> bool {
        self.players[a as usize].team != self.players[b as usize].team
    }

    /// A card's value where it lies now: its age, except on a board for a card whose value
    /// there differs (`value 11 on a board`: Battleship Yamato counts as 11 face up on a board
    /// and 8 anywhere else, EXPANSIONS.md A9, §5 #34). Every rule and effect that reads a card's
    /// value reads it here; a card's deck is named by its age.
    pub fn value(&self, edition: &CompiledEdition, card: CardIdx) -> u8 {
        let info = edition.card(card);
        match (info.board_value, self.location(card)) {
            (Some(value), Location::Board(..)) => value,
            _ => info.age,
        }
    }

    /// The player's score: the total value of their score pile.
    pub fn score(&self, edition: &CompiledEdition, seat: Seat) -> i32 {
        self.players[seat as usize]
            .score_pile
            .iter()
            .map(|c| i32::from(self.value(edition, *c)))
            .sum()
    }

    /// The value of the player's highest top card (0 with an empty board).
    pub fn highest_top(&self, edition: &CompiledEdition, seat: Seat) -> u8 {
        self.players[seat as usize]
            .top_cards()
            .map(|c| self.value(edition, c))
            .max()
            .unwrap_or(0)
    }

    /// The visible icons of the kind on the player's board: every icon of each top card, and
    /// those a splay reveals on the cards beneath.
    pub fn icon_count(&self, edition: &CompiledEdition, seat: Seat, icon: Icon) -> i32 {
        let i = icon_index(icon);
        let board = &self.players[seat as usize].board;
        let visible: i32 = board.iter().map(|pile| i32::from(pile.icons[i])).sum();
        if board.iter().any(|pile| pile.karma) {
            visible + self.karma_gifts(edition, seat, Some(icon))
        } else {
            visible
        }
    }

    /// What a player's top cards' `provides` karmas add (Figures; deluxe rules, "Each" karma
    /// effects; EXPANSIONS.md F5): to an icon's count, or with `None` to the score. Each counts
    /// its units from the cards as they are, never from what another karma adds (karmas do
    /// not chain: F8).
    pub fn karma_gifts(&self, edition: &CompiledEdition, seat: Seat, icon: Option<Icon>) -> i32 {
        use crate::bytecode::{icon_bit, KarmaGift, KarmaInfo};
        let mut total = 0;
        for pile in self.players[seat as usize].board.iter().filter(|p| p.karma) {
            let Some(top) = pile.top() else {
                continue;
            };
            for karma in &edition.card(top).karmas {
                let KarmaInfo::Provides { per, amount, gift } = *karma else {
                    continue;
                };
                let player = &self.players[seat as usize];
                let visible = |icon: Icon| -> i32 {
                    let i = icon_index(icon);
                    player.board.iter().map(|p| i32::from(p.icons[i])).sum()
                };
                let factor = match (gift, icon) {
                    (KarmaGift::Points, None) => 1,
                    (KarmaGift::Icons(mask), Some(icon)) if mask & icon_bit(icon) != 0 => 1,
                    (KarmaGift::EveryIconOnBoard, Some(icon)) if visible(icon) > 0 => 1,
                    (KarmaGift::PointsPerIcon(counted), None) => visible(counted),
                    (KarmaGift::SameIcon, Some(icon)) => {
                        // Per icon of this kind shown in the piles counted.
                        if let crate::bytecode::KarmaCount::IconsInSplayed(d) = per {
                            let i = icon_index(icon);
                            total += i32::from(amount)
                                * player
                                    .board
                                    .iter()
                                    .filter(|p| p.splay == Some(d) && p.cards.len() > 1)
                                    .map(|p| i32::from(p.icons[i]))
                                    .sum::<i32>();
                        }
                        0
                    }
                    _ => 0,
                };
                if factor != 0 {
                    total += i32::from(amount) * factor * self.karma_units(edition, seat, per);
                }
            }
        }
        total
    }

    /// The units a `provides` karma counts on its owner's side.
    fn karma_units(
        &self,
        edition: &CompiledEdition,
        seat: Seat,
        per: crate::bytecode::KarmaCount,
    ) -> i32 {
        use crate::bytecode::{KarmaCount, KARMA_FORECAST, KARMA_HAND, KARMA_SCORE};
        let player = &self.players[seat as usize];
        match per {
            KarmaCount::Icon(icon) => {
                let i = icon_index(icon);
                player.board.iter().map(|p| i32::from(p.icons[i])).sum()
            }
            KarmaCount::Hexagons => player
                .board
                .iter()
                .map(|pile| {
                    let top = pile.cards.len().saturating_sub(1);
                    let revealed = pile.splay.map_or(&[][..], |d| d.revealed_slots());
                    pile.cards
                        .iter()
                        .enumerate()
                        .map(|(i, c)| {
                            edition
                                .card(*c)
                                .slots
                                .iter()
                                .filter(|(p, s)| {
                                    s.is_hexagon() && (i == top || revealed.contains(p))
                                })
                                .count() as i32
                        })
                        .sum::<i32>()
                })
                .sum(),
            KarmaCount::CardsIn(mask) => {
                let mut n = 0;
                if mask & KARMA_HAND != 0 {
                    n += player.hand.len();
                }
                if mask & KARMA_SCORE != 0 {
                    n += player.score_pile.len();
                }
                if mask & KARMA_FORECAST != 0 {
                    n += player.forecast.len();
                }
                n as i32
            }
            KarmaCount::SplayedColors => player
                .board
                .iter()
                .filter(|p| p.splay.is_some() && p.cards.len() > 1)
                .count() as i32,
            // Counted per icon kind by its `SameIcon` gift (in `karma_gifts`).
            KarmaCount::IconsInSplayed(_) => 0,
        }
    }

    /// The location of a card.
    pub fn location(&self, card: CardIdx) -> Location {
        self.locations[card as usize]
    }

    /// Whether the card is a top card of some board.
    pub fn is_top(&self, card: CardIdx) -> bool {
        match self.location(card) {
            Location::Board(seat, color) => {
                self.players[seat as usize].pile(color).top() == Some(card)
            }
            _ => false,
        }
    }

    /// Takes a card out of wherever it is. A pile left with one card or none loses its splay.
    fn take(&mut self, edition: &CompiledEdition, card: CardIdx) -> Location {
        let from = self.location(card);
        fn remove<A: smallvec::Array<Item = CardIdx>>(
            list: &mut smallvec::SmallVec<A>,
            card: CardIdx,
        ) {
            if let Some(i) = list.iter().position(|c| *c == card) {
                list.remove(i);
            }
        }
        let remove_from = |list: &mut Vec<CardIdx>| {
            if let Some(i) = list.iter().position(|c| *c == card) {
                list.remove(i);
            }
        };
        match from {
            Location::Deck(age) => {
                let set = edition.card(card).deck_set;
                remove(self.deck_mut(set, age), card)
            }
            Location::Hand(s) => remove(&mut self.players[s as usize].hand, card),
            Location::Board(s, color) => {
                let pile = &mut self.players[s as usize].board[color_index(color)];
                remove(&mut pile.cards, card);
                if pile.cards.len() < 2 {
                    pile.splay = None;
                }
                pile.refresh(edition);
            }
            Location::ScorePile(s) => remove(&mut self.players[s as usize].score_pile, card),
            Location::Forecast(s) => remove(&mut self.players[s as usize].forecast, card),
            Location::Display(s) => {
                let display = &mut self.players[s as usize].display;
                if *display == Some(card) {
                    *display = None;
                }
            }
            Location::Achievements(s) => {
                let list = &mut self.players[s as usize].achievements;
                if let Some(i) = list
                    .iter()
                    .position(|a| *a == AchievementCard::Standard(card))
                {
                    list.remove(i);
                }
            }
            Location::Available => remove_from(&mut self.available),
            Location::Removed => remove_from(&mut self.removed),
            Location::Excluded => remove_from(&mut self.excluded),
            // A Relic beside its deck is found by its location alone.
            Location::Relic => {}
        }
        from
    }

    /// Moves a card to a location: onto the top of a pile (or its bottom with `bottom`), onto
    /// the top of a deck (or its bottom), or into a hand, score pile or achievement pile.
    /// Returns where it was.
    pub fn move_card(
        &mut self,
        edition: &CompiledEdition,
        card: CardIdx,
        to: Location,
        bottom: bool,
    ) -> Location {
        // A card moved within its own pile (Thermometer's echo melds the bottom green card onto
        // its pile) leaves the pile as many cards as before, so the pile keeps its splay: a meld or
        // a tuck continues the pile's splay and only a pile reduced to one card or none forgets it
        // (../shared/rules/deluxe-rules-with-expansions.txt lines 119, 211 and 220).
        let kept_splay = match (self.location(card), to) {
            (Location::Board(s, c), Location::Board(t, d)) if s == t && c == d => {
                self.players[s as usize].pile(c).splay
            }
            _ => None,
        };
        // A Relic returned goes back face up beside its deck (EXPANSIONS.md A12).
        let to = match to {
            Location::Deck(_) if edition.card(card).relic.is_some() => Location::Relic,
            to => to,
        };
        let from = self.take(edition, card);
        match to {
            Location::Deck(age) => {
                // A card goes back to its own set's deck (EXPANSIONS.md §1, "returning").
                let deck = self.deck_mut(edition.card(card).deck_set, age);
                if bottom {
                    deck.insert(0, card);
                } else {
                    deck.push(card);
                }
            }
            Location::Hand(s) => self.players[s as usize].hand.push(card),
            Location::Board(s, color) => {
                let pile = &mut self.players[s as usize].board[color_index(color)];
                if bottom {
                    pile.cards.insert(0, card);
                } else {
                    pile.cards.push(card);
                }
                if kept_splay.is_some() {
                    pile.splay = kept_splay;
                }
                pile.refresh(edition);
            }
            Location::ScorePile(s) => self.players[s as usize].score_pile.push(card),
            Location::Forecast(s) => self.players[s as usize].forecast.push(card),
            Location::Display(s) => self.players[s as usize].display = Some(card),
            Location::Achievements(s) => self.players[s as usize]
                .achievements
                .push(AchievementCard::Standard(card)),
            Location::Available => self.available.push(card),
            Location::Removed => self.removed.push(card),
            Location::Excluded => self.excluded.push(card),
            Location::Relic => {}
        }
        self.locations[card as usize] = to;
        from
    }
}

/// The visible icons of the kind in one pile.
pub fn pile_icon_count(edition: &CompiledEdition, pile: &Pile, icon: Icon) -> i32 {
    let Some(top) = pile.top() else {
        return 0;
    };
    let mut count = edition.card(top).icon_count(icon) as i32;
    if let Some(direction) = pile.splay {
        let revealed = direction.revealed_slots();
        for card in &pile.cards[..pile.cards.len() - 1] {
            count += revealed
                .iter()
                .filter(|p| edition.card(*card).slot(**p).icon() == Some(icon))
                .count() as i32;
        }
    }
    count
}
