//! The checked IR: every card of a program with names resolved to ids and words to the game's
//! vocabulary. Both back ends (bytecode for the VM, Rust source) consume this one IR.
//!
//! Conventions:
//! - Every statement has a `StmtId`, unique within its effect and numbered in source order. The
//!   runtime records each executed statement's outcome (the cards it moved, the player or values
//!   it chose, how much of it was done) under that id; bindings such as `returned`, `it` and
//!   `that player`, and the condition `you do`, refer to a statement by id.
//! - Spans point into the card's source file, so that a runtime error can show the card source.
//! - Nothing here depends on pest or codespan.

use dogma_dsl::ast::Span;
pub use dogma_runtime::terms::{
    ChoiceKind, Chooser, Comparison, Count, DestinationZone, DueTo, Extreme, HistoryScope,
    PlayerSet, Quantifier, Rounding, Verb,
};
use dogma_runtime::{Color, EffectKind, Icon, Slot, SlotPosition, SplayDirection};
use serde::{Deserialize, Serialize};

/// A card, by its index in `Program::cards`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct CardId(pub u16);

/// A special achievement, by its index in `Program::achievements`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct AchievementId(pub u16);

/// A statement of an effect, numbered in source order from 0 within the effect.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct StmtId(pub u16);

/// A source file, by its index in the list given to `check`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct FileId(pub u16);

/// A place in a card source.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SourceSpan {
    pub file: FileId,
    pub start: u32,
    pub end: u32,
}

impl SourceSpan {
    pub fn new(file: FileId, span: Span) -> SourceSpan {
        SourceSpan {
            file,
            start: span.start,
            end: span.end,
        }
    }
}

/// Every card and special achievement of the checked trees.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Program {
    pub cards: Vec<CardDef>,
    pub achievements: Vec<AchievementDef>,
}

impl Program {
    pub fn card(&self, id: CardId) -> &CardDef {
        &self.cards[id.0 as usize]
    }

    pub fn achievement(&self, id: AchievementId) -> &AchievementDef {
        &self.achievements[id.0 as usize]
    }

    pub fn card_by_title(&self, title: &str) -> Option<&CardDef> {
        self.cards.iter().find(|c| c.title == title)
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CardDef {
    pub id: CardId,
    pub title: String,
    /// The card-source tree the card comes from (`base`).
    pub set: String,
    pub age: u8,
    pub color: Color,
    /// Every slot with what it holds, in `SlotPosition` order.
    pub slots: Vec<(SlotPosition, Slot)>,
    /// The featured icon: the card's most frequent icon.
    pub dogma_icon: Option<Icon>,
    pub effects: Vec<EffectDef>,
    /// A Relic (Artifacts of History): the set whose back it carries (`relic of cities`).
    pub relic_of: Option<String>,
    /// `value 11 on a board`: its value while on a board, where it differs from its age.
    pub board_value: Option<u8>,
    /// Figures in the Sand: the karma effects, in printed order.
    pub karmas: Vec<KarmaDef>,
    pub span: SourceSpan,
}

/// A karma effect (Figures in the Sand), checked.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct KarmaDef {
    pub kind: KarmaKind,
    pub span: SourceSpan,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum KarmaKind {
    /// `decree "War"`: the Decree action may issue this decree with any two figures.
    Decree(AchievementId),
    /// `when you meld this card { … }`: the effect run as the card is melded.
    WhenMelded { effect: EffectDef, from_hand: bool },
    /// `if you would meld a card with a crown, instead { … }`: before the event (`first`) or in
    /// its place, the effect runs for the karma's owner, its statement 0 the event's card
    /// (`it`); the event's card passes `filters`.
    Would(Box<WouldKarma>),
    /// `each castle on your board provides 1 additional crown`.
    Provides {
        per: dogma_runtime::bytecode::KarmaCount,
        amount: u8,
        gift: dogma_runtime::bytecode::KarmaGift,
    },
}

/// A "would" karma: before `who` does `event` to a card that passes `filters` and while
/// `condition` holds (`first`) or in its place, `effect` runs for the karma's owner, its
/// statement 0 the event's card (`it`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WouldKarma {
    pub who: dogma_runtime::bytecode::KarmaWho,
    pub event: dogma_runtime::bytecode::WouldEvent,
    pub first: bool,
    pub filters: Vec<CardFilter>,
    /// `, and CONDITION`, reading the event's card as statement 0 (`it`).
    pub condition: Option<Cond>,
    pub effect: EffectDef,
}

impl CardDef {
    /// The icon in a slot, if the slot holds one.
    pub fn icon_at(&self, position: SlotPosition) -> Option<Icon> {
        self.slots
            .iter()
            .find(|(p, _)| *p == position)
            .and_then(|(_, s)| s.icon())
    }

    /// Whether any effect of the card is a demand (the fourth edition's Monument counts these).
    pub fn has_demand(&self) -> bool {
        self.effects.iter().any(|e| e.kind == EffectKind::Demand)
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EffectDef {
    pub kind: EffectKind,
    /// The effect's parameters, by index, with their values on its first run.
    pub params: Vec<ParamDef>,
    pub body: Vec<Stmt>,
    /// How many statement ids the effect uses (its statements are numbered `0..stmt_count`).
    pub stmt_count: u16,
    pub span: SourceSpan,
}

/// A parameter of an effect (`v = 11`): a value or a colour, set anew by `repeat this effect
/// with …`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ParamDef {
    pub name: String,
    pub first: ParamValue,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ParamValue {
    Value(Value),
    Color(ColorSel),
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AchievementDef {
    pub id: AchievementId,
    pub name: String,
    pub set: String,
    /// Checked for the player it is evaluated for, who is `you`; `None` for an achievement
    /// claimed by its triggers only.
    pub condition: Option<Cond>,
    /// The moves that claim it the moment a player makes them.
    pub triggers: Vec<Trigger>,
    /// The cards whose effects can also claim it.
    pub via: Vec<CardId>,
    /// Figures in the Sand: a Decree's colour and effect (`decree "War" { … }`).
    pub decree: Option<(Color, EffectDef)>,
    pub span: SourceSpan,
}

/// A move that claims a special achievement the moment a player makes it (`when you tuck a card
/// with flag`): tested right after the card is placed, with the card as the candidate and the
/// mover as `you`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Trigger {
    pub verb: Verb,
    /// The moved card passes these.
    pub filters: Vec<CardFilter>,
    /// `onto a color …`: its colour on the mover's board passes these (none: no test).
    pub onto: Vec<ColorFilter>,
    pub span: SourceSpan,
}

// ---------------------------------------------------------------------------------------------
// Statements

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Stmt {
    pub id: StmtId,
    pub kind: StmtKind,
    pub span: SourceSpan,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum StmtKind {
    /// The executor decides whether to carry out the body. Its outcome is the body's.
    May(Vec<Stmt>),
    If {
        cond: Cond,
        then: Vec<Stmt>,
        otherwise: Vec<Stmt>,
    },
    /// The chooser (the executor, or the demander: `I choose either …`) picks one of the
    /// alternatives, in printed order; `labels` are their words.
    Either {
        chooser: Player,
        options: Vec<Vec<Stmt>>,
        labels: Vec<String>,
    },
    /// The body runs once per player of the set who meets the condition (if any), clockwise
    /// from the executor's left (`All`: the executor first); that player is `Player::Each`.
    ForEachPlayer {
        players: PlayerSet,
        condition: Option<MeasureTest>,
        /// `that returned cards`: only the players whose zones that statement took cards from.
        from: Option<StmtId>,
        body: Vec<Stmt>,
    },
    /// Another player carries out the body (`each opponent draws a [1]`, `that player chooses a
    /// card from your hand`): they make its moves and its choices (`Chooser::Executor` and the
    /// movements of the body are theirs), while `Player::Executor` is still the executor. An
    /// actor chosen on the spot (`Player::Choose`, `Player::Extreme`) is chosen by this statement
    /// and the body names them `Player::ChosenBy` its id; any other actor, the body names as it
    /// is. Nobody (no player qualified): the body is skipped.
    Act {
        actor: Player,
        body: Vec<Stmt>,
    },
    /// The body runs once per colour of the owner's board that passes the filters (the set taken
    /// once, before the first run), in the order blue, green, purple, red, yellow; that colour is
    /// `ColorTerm::Loop`. With no owner, once per colour of the five (`for each color`).
    ForEachColor {
        owner: Option<Player>,
        filters: Vec<ColorFilter>,
        body: Vec<Stmt>,
    },
    /// The body runs once per value of the list (taken once, before the first run), lowest
    /// first; that value is `Value::LoopValue`.
    ForEachValue {
        list: ValueList,
        /// Highest first (`, in descending order`).
        descending: bool,
        body: Vec<Stmt>,
    },
    /// The body runs once per card of the set (taken once, before the first run); each round the
    /// executor picks the next card among those left (asked only with two or more), which is
    /// this statement's card (`it`) for the round.
    ForEachCard {
        cards: CardSel,
        body: Vec<Stmt>,
    },
    /// The body runs `times` times (`for every …`), evaluated once before the first run.
    Times {
        times: Value,
        body: Vec<Stmt>,
    },
    /// `repeat this effect`: the current effect runs again for the same executor, with the
    /// parameters given new values (by index); with `at_most`, only while this execution of
    /// the effect has been repeated fewer times than that (otherwise nothing happens).
    RepeatEffect {
        with: Vec<(u8, ParamValue)>,
        at_most: Option<u8>,
    },
    /// The executor (or the demander) chooses `count` things of a kind, never those of
    /// `except` (icons).
    Choose {
        chooser: Player,
        kind: ChoiceKind,
        count: u8,
        except: Vec<Icon>,
    },
    /// The chooser picks `count` colours among those of the owner's board that pass the filters
    /// (`choose a color on your board without crown`).
    ChooseColors {
        chooser: Player,
        count: u8,
        owner: Player,
        filters: Vec<ColorFilter>,
    },
    /// The chooser picks one of these values.
    ChooseValueAmong {
        chooser: Player,
        options: Vec<Value>,
    },
    /// The chooser picks one value of the list (only possible ages are offered; with none, nothing
    /// is chosen).
    ChooseValueListed {
        chooser: Player,
        list: ValueList,
        /// How many different values (fewer in the list: none chosen).
        count: u8,
    },
    /// The chooser picks a value from `low` to `high` (both computed when the statement runs;
    /// only possible ages are offered).
    ChooseValueRange {
        chooser: Player,
        /// How many different values.
        count: u8,
        low: Value,
        high: Value,
    },
    /// The executor picks cards without moving them (`choose a card …`); they are the
    /// statement's cards (`chosen`, `it`).
    PickCards(CardSel),
    /// Junk one available special achievement (the executor's choice), or all of them.
    JunkSpecial {
        all: bool,
    },
    /// Make a junked special achievement (the executor's choice) available again.
    RestoreSpecial,
    /// Claim a special achievement, if it is available.
    Claim(AchievementId),
    /// The dogma action is complete: the remaining effects and players are skipped.
    EndDogma,
    EndGame,
    /// Execute the chosen card's non-demand effects for the executor alone (no sharing; the
    /// fourth edition's Chain Rule applies).
    SelfExecute(CardSel),
    /// Execute every effect of the chosen card as if it were on this card: its own echo effects
    /// first, not shared, its demands reaching the opponents this card's featured icon makes
    /// vulnerable.
    ExecuteAsIf(CardSel),
    Splay {
        player: Player,
        color: ColorSel,
        direction: SplayDirection,
    },
    Unsplay {
        player: Player,
        color: ColorSel,
    },
    /// The player reorders a pile as they like, keeping its splay.
    /// The player's pile of the colour is splayed in the direction of another pile
    /// (`splay purple in the direction your red cards are splayed`): nothing when that pile is
    /// not splayed, unless `matching` (`to match …`), which unsplays it then.
    SplayLike {
        player: Player,
        color: ColorSel,
        source: SplaySource,
        matching: bool,
    },
    Rearrange {
        player: Player,
        color: ColorSel,
    },
    /// Draw `count` cards of the age `age` (skipping empty ages upward), then do `then` with
    /// exactly the drawn cards.
    Draw {
        player: Player,
        age: Value,
        count: u8,
        then: Option<Verb>,
        /// `draw an Artifact [3]`: the set's type; none: the usual draw.
        set: Option<DrawSet>,
    },
    /// Move the selected cards: meld, tuck, score, return, reveal, junk, remove, achieve,
    /// foreshadow (each to its natural place), or transfer to `to`.
    Move {
        verb: Verb,
        cards: CardSel,
        to: Option<Destination>,
    },
    /// Swap two sets of cards at once; either side may be empty.
    Exchange {
        a: CardSel,
        b: CardSel,
    },
    /// The player looks at the cards: they see them, nobody else does; the cards stay where
    /// they are and are the statement's (`it`).
    Look(CardSel),
    /// The cards stay where they are (printed for clarity; does nothing).
    Keep,
    /// A lasting effect: the executor carries out `body` later, once (`on your next turn`,
    /// `the next time you meld a card this turn`), with this card and the demander, if any. The
    /// body is an effect of its own: its statements are numbered from 0 apart from the effect
    /// around it (`stmt_count` of them), and for `the next time …` statement 0 is the move that
    /// sets it off (`it`, `melded`).
    Lasting(Box<LastingDef>),
    /// One more action this turn for the executor, when the turn is theirs (nothing otherwise).
    AdditionalAction,
    Win(Winner),
    Lose(Player),
}

/// A lasting effect's body and when it runs.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LastingDef {
    pub when: LastingWhen,
    pub body: Vec<Stmt>,
    /// How many statement ids the body uses (numbered `0..stmt_count`).
    pub stmt_count: u16,
}

/// When a lasting effect's body runs.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum LastingWhen {
    /// At the start of the executor's next turn, before its first action.
    NextTurn,
    /// Right after the executor's next move of a card with the verb this turn (by any cause)
    /// whose card passes the filters; forgotten at the end of the turn.
    NextMove {
        verb: Verb,
        filters: Vec<CardFilter>,
    },
}

/// Where transferred cards go.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Destination {
    pub player: Player,
    pub zone: DestinationZone,
    /// `, from the bottom up`: the cards of a pile move bottom card first (no order to choose).
    pub bottom_up: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Winner {
    Player(Player),
    /// The one player still in the game, if only one is (the others lost).
    OnlyRemaining,
    /// The single player with the most (or fewest) of a measure; nobody on a tie.
    Single {
        most: bool,
        measure: Measure,
    },
}

// ---------------------------------------------------------------------------------------------
// Players

/// One player, relative to the running effect.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Player {
    /// `you`: the player executing the effect (the victim, in a demand).
    Executor,
    /// `I` / `me` / `my`: the player who issued the demand.
    Demander,
    /// `their`: the player of the innermost `for each` or player quantifier.
    Each,
    /// `that player`: the player chosen by an earlier statement.
    ChosenBy(StmtId),
    /// A player chosen by the executor now, from a set, optionally with a condition.
    Choose {
        set: PlayerSet,
        condition: Option<Box<MeasureTest>>,
    },
    /// The player of the set with the most (fewest) of the measure; the executor chooses among
    /// the tied (`the opponent with the most cards in hand`); `single`: nobody on a tie (`the
    /// single player with the highest …`).
    Extreme {
        set: PlayerSet,
        most: bool,
        measure: Box<Measure>,
        single: bool,
    },
    /// Each moved card's owner (`to its owner's score pile`): a destination only.
    Owner,
}

// ---------------------------------------------------------------------------------------------
// Cards

/// Cards picked by a statement: candidates, filters, and how many to take.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CardSel {
    pub source: CardSource,
    pub filters: Vec<CardFilter>,
    pub pick: Pick,
    /// Who picks among the candidates.
    pub chooser: Chooser,
}

/// Where candidate cards are.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum CardSource {
    /// Zones of a player or of a set of players.
    Zones { owner: Owner, zones: Vec<ZoneRef> },
    /// Cards named by an earlier statement (`returned`, `it`), wherever they are now.
    Bound(Binding),
    /// A card by title, wherever it is.
    Card(CardId),
    /// The card whose effect is running.
    ThisCard,
    /// Cards moved earlier in the action or turn.
    History(History),
    /// An age's deck, or the available standard achievements.
    Supply(Supply),
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Supply {
    /// The cards of the deck of the value, top first, of the set named (`artifacts`; none or
    /// `base`: the base deck).
    Deck(Value, Option<String>),
    /// The `n` top (or bottom) cards of the deck of the value, top first: `the top card of the
    /// [2] deck`.
    DeckEnd {
        age: Value,
        n: u8,
        bottom: bool,
        set: Option<String>,
    },
    /// The `n` top (or bottom) cards of a deck the executor picks, of any set in play and any
    /// age: `the top card of any deck`.
    ChosenDeckEnd {
        n: u8,
        bottom: bool,
    },
    Available,
}

/// Whose zones.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Owner {
    One(Player),
    /// The union of the zones of every player of the set (`any opponent's`: pick among them).
    Union(PlayerSet),
}

/// A zone of a player.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ZoneRef {
    Hand,
    ScorePile,
    Achievements,
    /// Cards on the board, at a position in their piles.
    Board(BoardPosition),
    /// Echoes: the forecast.
    Forecast,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum BoardPosition {
    Top,
    Bottom,
    /// Every card of every pile.
    All,
    /// The cards under the given card in its pile.
    Beneath(Box<CardSel>),
    /// The card directly under each given card in its pile (`covered`).
    DirectlyBeneath(Box<CardSel>),
}

/// The set a draw takes its cards from (a card type).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum DrawSet {
    /// A set by name (`base`, `artifacts`): `draw an Artifact [3]`.
    Named(String),
    /// The set an earlier `choose a card type` picked.
    ChosenBy(StmtId),
    /// The drawer picks a set in play (`a card of any type`).
    Any,
    /// The set on the first card's back (`of the same type as covered`).
    Of(Box<CardSel>),
}

/// Cards an earlier statement of this effect execution named.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Binding {
    pub stmt: StmtId,
    /// `the second melded`: one card by its order of moving (0-based; `None` for all).
    pub nth: Option<Nth>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Nth {
    Index(u8),
    Last,
}

/// Cards moved by anyone earlier in the dogma action or the turn.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct History {
    pub verb: Verb,
    pub by: Option<Player>,
    pub due_to: Option<DueTo>,
    pub scope: HistoryScope,
}

/// How many of the candidates to take.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Pick {
    pub count: Count,
    /// Take the highest (or lowest) valued candidates first; ties are the chooser's pick.
    pub extreme: Option<Extreme>,
    /// With `Count::Computed`: the number of cards to take, computed when the statement runs.
    pub computed: Option<Box<Value>>,
}

impl Pick {
    /// Every candidate.
    pub fn all() -> Pick {
        Pick {
            count: Count::All,
            extreme: None,
            computed: None,
        }
    }

    /// A fixed count, optionally the most extreme first.
    pub fn of(count: Count, extreme: Option<Extreme>) -> Pick {
        Pick {
            count,
            extreme,
            computed: None,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum CardFilter {
    /// Has at least one of the icons (visible on the card itself, all slots).
    HasIcon(Vec<Icon>),
    LacksIcon(Icon),
    /// Has at least one of the slots (icons or special icons: `plus`, an arrow, `flag`,
    /// `fountain`), on the card itself, all slots. A list of icons only is `HasIcon`.
    HasSlot(Vec<Slot>),
    /// Has no such special icon (an icon alone is `LacksIcon`).
    LacksSlot(Slot),
    /// Its colour is one of these.
    Color(ColorSel),
    NotColor(Color),
    Value(ValueTest),
    /// Its colour is (or, negated, is not) on the player's board.
    ColorOnBoard {
        owner: Owner,
        negated: bool,
    },
    /// Not one of these cards.
    OtherThan(Box<CardSel>),
    /// It is a top card on a board.
    IsTop,
    /// Its value is higher (or lower) than the given card's; `Candidate` colours inside refer
    /// to the card being tested.
    HigherThan(Box<CardSel>),
    LowerThan(Box<CardSel>),
    /// The demander chose the card (recorded with the selection's chooser; kept for rendering).
    OfMyChoice,
    /// It has a demand effect.
    HasDemand,
    /// It has an effect of any kind (negated: it has none).
    Effects {
        negated: bool,
    },
    /// It lies in a board pile that is splayed.
    InSplayedPile,
    /// The player could claim it as a standard achievement by the Achieve action's test, its
    /// value the achievement's (`achieve (if eligible)`), with the score multiplied by the
    /// number (2: `with your score doubled`).
    Eligible(Player, u8),
    /// Its value is odd (or even).
    Parity {
        odd: bool,
    },
    /// Its type is the set named (`base`, or an expansion's name: `artifacts`): the set on its
    /// back, a Relic's the set on its back too (`a top Artifact`).
    OfSet(String),
    /// `non-Figure`: not of that set (its type is another).
    NotOfSet(String),
    /// It passes every one of the filters (`without castle or factory`).
    All(Vec<CardFilter>),
    /// It has (or, negated, has not) a bonus in any slot (Echoes).
    Bonus {
        negated: bool,
    },
    /// It shows one of the icons chosen by the statement.
    HasChosenIcon(StmtId),
    /// It shows none of the icons chosen by the statement.
    LacksChosenIcon(StmtId),
    /// It is among the bottom `n` cards of its pile.
    PileBottom(u8),
    /// It is not the bottom card of its pile (`non-bottom`), and lies in one.
    NotPileBottom,
    /// It lies on a board and shows the slot where it can be seen (`with a visible music_note`).
    VisibleSlot(Slot),
    /// It shows an icon (on the card itself, all slots) that one of these cards shows.
    SharesIcon(Box<CardSel>),
    /// It shows exactly the icons one of these cards shows, in type and number (all slots).
    SameIcons(Box<CardSel>),
    /// It is this one of the cards (in the order the source gives them: a history's, by when
    /// they moved).
    Nth(Nth),
    /// It is not among the top `n` cards of its pile.
    AllButTop(u8),
    /// It is among the top `n` cards of its pile.
    PileTop(u8),
    /// Its value is (negated: is not) the value of one of these cards (`of value matching any
    /// of your top cards`, `of different value from any top card on my board`).
    ValueMatching {
        cards: Box<CardSel>,
        negated: bool,
    },
    /// It is one of these cards.
    IsCard(Box<CardSel>),
    /// Its title comes before each of these cards' in the alphabet (none: false).
    BeforeInAlphabet(Box<CardSel>),
    /// It lay on every remaining player's board at some time in this action (its board when the
    /// action began included); with a player, that player's board is where it lay when the
    /// action began.
    BeenOnEveryBoard {
        started: Option<Player>,
    },
    /// The card just above it in its pile passes the filters.
    DirectlyBeneath(Vec<CardFilter>),
    /// Its type (the set on its back) is (`negated`: is not) the first card's of these.
    SameType {
        cards: Box<CardSel>,
        negated: bool,
    },
    /// The cards taken all share one value, which the chooser picks among the values at least
    /// as many candidates share as the pick takes.
    SameValue,
    /// No two of the cards taken share a value (`of different value`): a move expands into a
    /// choice of that many different values, then one card of each.
    DifferentValues,
    /// The cards taken all share one colour, which the chooser picks among the colours at least
    /// as many candidates share as the pick takes.
    SameColor,
}

/// A test on a card's value.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ValueTest {
    /// One of these values.
    OneOf(Vec<Value>),
    AtLeast(Value),
    AtMost(Value),
}

// ---------------------------------------------------------------------------------------------
// Colours

/// A colour, or a set of colours to choose one from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ColorSel {
    /// The alternatives; a choice when they allow more than one colour.
    pub alternatives: Vec<ColorTerm>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ColorTerm {
    Named(Color),
    /// Any colour of the player's board meeting the filters.
    Any(Vec<ColorFilter>),
    /// The colour of named cards.
    Of(Box<CardSel>),
    /// The colour of the card being tested by a filter (`its color`).
    Candidate,
    /// The colours chosen by an earlier `choose`.
    ChosenBy(StmtId),
    /// A colour parameter of the effect.
    Param(u8),
    /// The colour of the innermost `for each color` (`that color`).
    Loop,
}

/// The pile whose splay a `SplayLike` takes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SplaySource {
    pub player: Player,
    /// The colour of the pile: one colour, or a choice among those of the player's board.
    pub color: SplaySourceColor,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum SplaySourceColor {
    /// `your red cards`, `that player's cards of color chosen`.
    Pile(ColorSel),
    /// `one of your colors other than purple`: one of the player's splayed colours that pass
    /// the filters, chosen by the executor.
    OneOf(Vec<ColorFilter>),
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ColorFilter {
    /// Splayed in one of these directions (any direction when empty).
    Splayed(Vec<SplayDirection>),
    /// Its pile shows the icon (visible icons of the pile).
    WithIcon(Icon),
    /// Its pile shows no such icon.
    WithoutIcon(Icon),
    /// Present on the board of the owner.
    On(Owner),
    /// Present on the board of no player of the owner set.
    NotOn(Owner),
    /// The colour of one of these cards.
    Of(Box<CardSel>),
    /// Every colour but this one.
    OtherThan(Color),
    /// The colours whose pile has the most cards among those kept so far (several on a tie).
    MostCards,
    /// The colours whose pile shows the most (fewest) visible cards among those kept so far.
    VisibleCards { most: bool },
    /// The colours whose pile shows more visible cards than that player's pile of the colour.
    MoreVisibleThan(Player),
    /// The colours a choice of colours picked (`chosen`).
    ChosenBy(StmtId),
}

// ---------------------------------------------------------------------------------------------
// Values

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Value {
    Const(i32),
    Add(Box<Value>, Box<Value>),
    Sub(Box<Value>, Box<Value>),
    Mul(Box<Value>, Box<Value>),
    /// Integer division rounding down (`for every 2 leaf`).
    Div(Box<Value>, i32),
    Half(Box<Value>, Rounding),
    /// The value of a card (the highest, for several; 0 for none).
    ValueOf(Box<CardSel>),
    /// The highest or lowest value among cards (0 for none).
    Extreme(Extreme, Box<CardSel>),
    Count(Box<Countable>),
    /// The value chosen by an earlier `choose a value`.
    ChosenBy(StmtId),
    /// The total value of cards.
    Total(Box<CardSel>),
    /// A value parameter of the effect.
    Param(u8),
    /// The bonus of a card (the highest, for several; 0 for none).
    BonusOf(Box<CardSel>),
    /// The highest visible bonus on the player's board (0 for none).
    HighestBonus(Player),
    /// The highest number of one icon visible in the player's pile of the colour (0 for none).
    MostOfOneIcon {
        owner: Player,
        color: ColorSel,
    },
    /// `a card of any value` (a draw's value): the drawer chooses one from 1 to `max`.
    AnyValue {
        max: u8,
    },
    /// `a bonus on your board` (a draw's value): the drawer chooses one of the list's values.
    Among(Box<ValueList>),
    /// `that value`: the current value of the innermost value loop.
    LoopValue,
    /// `a card of each value chosen` (a draw's value): one draw per value of the list, lowest
    /// first.
    EachOf(Box<ValueList>),
    /// `the next higher value`: one above the value of the card the executor drew last due to
    /// this card during this dogma action (1 when none).
    NextHigher,
}

/// Values to loop over or to choose among.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ValueList {
    /// The visible bonuses of the owner's board (of every board of the group), one per bonus.
    Bonuses(Owner),
    /// The different values of the cards.
    ValuesIn(CardSel),
    /// Each value of two or more visible bonuses of the owner's board, once.
    RepeatedBonuses(Player),
    /// The bonus of each card that has one.
    BonusesOf(CardSel),
    /// The values an earlier `choose … values` picked.
    Chosen(StmtId),
    /// The values from 1 to the bound minus one (`value less than 9`).
    Below(Box<Value>),
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Countable {
    Cards(CardSel),
    DifferentValues(CardSel),
    DifferentColors(CardSel),
    /// The colours of the owner's board meeting the filters.
    Colors {
        owner: Player,
        filters: Vec<ColorFilter>,
    },
    /// Visible icons on the owner's board.
    Icons {
        owner: Player,
        icon: Icon,
    },
    /// The cards the owner's piles of the colour show (all of a splayed pile, else the top).
    VisibleCards {
        owner: Player,
        color: ColorSel,
    },
    /// Every icon of the kind printed on the cards, added up.
    IconsOnCards {
        cards: CardSel,
        icon: Icon,
    },
    /// The players of the set (relative to the executor) who meet the test (all, without one).
    Players {
        set: PlayerSet,
        test: Option<MeasureTest>,
    },
}

// ---------------------------------------------------------------------------------------------
// Conditions

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Cond {
    And(Vec<Cond>),
    Or(Vec<Cond>),
    Not(Box<Cond>),
    /// The statement was carried out (per the edition's "if you do" rule), or, with `false`,
    /// it was not.
    Did {
        stmt: StmtId,
        done: bool,
    },
    /// The statement changed something: after an execution of a card's effects, anything
    /// changed while they ran; after any other statement, it did something.
    Changed {
        stmt: StmtId,
    },
    /// How many cards a statement moved, compared.
    Moved {
        stmt: StmtId,
        test: AmountTest,
    },
    /// A player's measure, compared.
    Has {
        player: Player,
        test: MeasureTest,
    },
    /// The executor is the only player for whom the test holds.
    OnlyPlayer(MeasureTest),
    /// The test holds for any / each / no player of the set (each being `Player::Each`).
    Players {
        quantifier: Quantifier,
        set: PlayerSet,
        test: MeasureTest,
    },
    /// Any / each / no card of the set meets the filters (no filters: the set is non-empty).
    Cards {
        quantifier: Quantifier,
        cards: CardSel,
        filters: Vec<CardFilter>,
    },
    /// The pile of the colour is splayed in the direction.
    Splayed {
        player: Player,
        color: ColorSel,
        direction: SplayDirection,
    },
    Compare {
        lhs: Value,
        op: Comparison,
        rhs: Value,
    },
    /// The two sets of cards hold the same values, each as many times.
    ValuesMatch(CardSel, CardSel),
    /// Every pile on the player's board shows as many cards (a splayed pile all of its cards, an
    /// unsplayed one its top card); false with no pile.
    SameVisibleCards(Player),
    /// The player could claim the standard achievement of the value by an Achieve action now:
    /// one is available, their score is at least five times it, their highest top card at
    /// least it.
    Eligible {
        player: Player,
        value: Value,
    },
}

/// A number compared with a constant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AmountTest {
    pub op: Comparison,
    pub n: u32,
}

/// A test of one player's measure.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum MeasureTest {
    /// The player's measure compared with a constant.
    Amount { measure: Measure, test: AmountTest },
    /// The player's measure compared with `factor` times the same measure of another player.
    VersusPlayer {
        measure: Measure,
        op: Comparison,
        other: Player,
        factor: u8,
    },
    /// The player's measure compared with `factor` times the same measure of every player of
    /// the set.
    VersusEach {
        measure: Measure,
        op: Comparison,
        set: PlayerSet,
        factor: u8,
    },
    /// One measure of the player compared with `factor` times another of theirs.
    VersusMeasure {
        measure: Measure,
        op: Comparison,
        other: Measure,
        factor: u8,
    },
}

/// A number a player has.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Measure {
    /// The score: the total value of the score pile.
    Points,
    Achievements,
    TopCards,
    /// The value of the player's top card of the colour (0: none).
    TopCardOf(ColorSel),
    /// The top cards of a set (its name: `artifacts`, `base`).
    TopOfSet(String),
    CardsInHand,
    CardsInScorePile,
    /// The cards of a value in one of the player's zones (`[1] in hand`).
    CardsOfValueIn {
        value: u8,
        zone: dogma_runtime::bytecode::ZoneSel,
    },
    /// Cards the player moved with the verb (due to this card, in the scope).
    Moved {
        verb: Verb,
        due_to: Option<DueTo>,
        scope: HistoryScope,
    },
    /// Colours on the board meeting the filters.
    Colors(Vec<ColorFilter>),
    /// Cards of a colour on the board.
    ColorCards(Color),
    /// Visible icons on the board.
    Icons(Icon),
    CardsInForecast,
    /// Visible bonuses on the board.
    Bonuses,
    /// The different values of the visible bonuses on the board.
    DifferentBonuses,
    /// The most of the slot (an icon, the hexagon, an echo effect) visible in one colour.
    InOneColor(Slot),
    /// The most cards visible in one colour.
    VisibleInOneColor,
    /// How many colours show at least this many of one icon, for the best icon.
    ColorsWithOneIcon(u8),
}
