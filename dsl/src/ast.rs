//! The spanned syntax tree of a card file: what the designer wrote, before names are resolved.
//!
//! Every node keeps the byte span of its source text. Colours and icons are plain names here;
//! the compiler resolves them. pest's pairs never leave this crate: `parse` lowers them into
//! these owned types.

// The tree is built once per file and walked a few times; boxing the larger variants would only
// add noise to every match.
#![allow(clippy::large_enum_variant)]

/// A byte range in one source file.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Span {
    pub start: u32,
    pub end: u32,
}

impl Span {
    pub fn new(start: usize, end: usize) -> Span {
        Span {
            start: start as u32,
            end: end as u32,
        }
    }

    /// The span as a `usize` range, for indexing and for codespan labels.
    pub fn range(self) -> std::ops::Range<usize> {
        self.start as usize..self.end as usize
    }
}

/// A node with its span.
#[derive(Clone, Debug, PartialEq)]
pub struct Spanned<T> {
    pub node: T,
    pub span: Span,
}

impl<T> Spanned<T> {
    pub fn new(node: T, span: Span) -> Spanned<T> {
        Spanned { node, span }
    }
}

/// A word the compiler resolves: a colour, an icon or a slot's content.
pub type Name = Spanned<String>;

/// A quoted card or achievement title, without its quotes.
pub type Title = Spanned<String>;

/// One source file.
#[derive(Clone, Debug, PartialEq)]
pub struct File {
    pub items: Vec<Item>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Item {
    Card(Card),
    Achievement(Achievement),
}

/// A card: its facts and its effects in printed order.
#[derive(Clone, Debug, PartialEq)]
pub struct Card {
    pub title: Title,
    pub facts: Vec<Spanned<Fact>>,
    pub effects: Vec<Effect>,
    pub span: Span,
}

impl Card {
    /// Why the card is an approximation (`approximate "…"`), if it is one.
    pub fn approximate(&self) -> Option<&Prose> {
        self.facts.iter().find_map(|f| match &f.node {
            Fact::Approximate(why) => Some(why),
            _ => None,
        })
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum Fact {
    Age(Spanned<u32>),
    Color(Name),
    /// The icon slots in the card's reading order (see `SlotPosition::FOUR` and `SIX`).
    Icons(Vec<SlotSource>),
    /// `approximate "why"`: the card's rendered text knowingly differs from its printed text.
    Approximate(Prose),
    /// `relic of SET`: a Relic (Artifacts of History), set beside its deck at setup, whose back
    /// is the named set's (EXPANSIONS.md A10-A12).
    Relic(Name),
    /// `value 11 on a board`: the card's value while it lies on a board (its age elsewhere).
    BoardValue(Spanned<u32>),
}

/// Quoted text written over one or more lines (`"…" "…"`): the pieces read as one text, with a
/// space between each two.
#[derive(Clone, Debug, PartialEq)]
pub struct Prose {
    /// Each quoted piece, without its quotes.
    pub pieces: Vec<Spanned<String>>,
    pub span: Span,
}

impl Prose {
    /// The whole text: the pieces joined by a space, runs of spaces made one.
    pub fn text(&self) -> String {
        let joined: Vec<&str> = self.pieces.iter().map(|p| p.node.as_str()).collect();
        joined
            .join(" ")
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// One icon slot as written: a name (`leaf`, `hex`) and an optional number (`bonus 3`).
#[derive(Clone, Debug, PartialEq)]
pub struct SlotSource {
    pub name: Name,
    pub number: Option<Spanned<u32>>,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EffectKind {
    /// `effect`: a non-demand effect.
    NonDemand,
    /// `demand`: "I demand you …!"
    Demand,
    /// `compel`: "I compel you …!"
    Compel,
    /// `echo`: an echo effect (Echoes of the Past).
    Echo,
    /// `inspire`: an inspire effect (Figures in the Sand), run by an Inspire action.
    Inspire,
    /// `karma`: a karma effect (Figures in the Sand), which changes the rules while its card is
    /// a top card; what it watches or changes is the effect's `karma` head.
    Karma,
}

impl EffectKind {
    /// The keyword that introduces the effect.
    pub fn keyword(self) -> &'static str {
        match self {
            EffectKind::NonDemand => "effect",
            EffectKind::Demand => "demand",
            EffectKind::Compel => "compel",
            EffectKind::Echo => "echo",
            EffectKind::Inspire => "inspire",
            EffectKind::Karma => "karma",
        }
    }

    /// The kind's word in `dogma list --json`: `demand`, `compel`, `nondemand`, `echo` or `inspire`.
    pub fn list_word(self) -> &'static str {
        match self {
            EffectKind::NonDemand => "nondemand",
            other => other.keyword(),
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Effect {
    pub kind: Spanned<EffectKind>,
    /// The featured icon printed beside the effect.
    pub icon: Option<Name>,
    /// `(v = 11)`: the effect's parameters with their values on its first run.
    pub params: Vec<Arg>,
    /// `text "…"`: the effect's intended printed text, which its rendered text should match;
    /// the span covers the whole line.
    pub text: Option<Spanned<Prose>>,
    /// A karma effect's head (`EffectKind::Karma` only).
    pub karma: Option<Spanned<Karma>>,
    pub body: Block,
    pub span: Span,
}

/// What a karma effect watches or changes (Figures in the Sand; deluxe rules, "Figures in the
/// Sand"; EXPANSIONS.md F3-F8).
#[derive(Clone, Debug, PartialEq)]
pub enum Karma {
    /// `decree "War"`: "You may issue a War Decree with any two figures." (F6): the Decree
    /// action may issue that decree with any two figures in hand.
    Decree(Title),
    /// `when you meld this card { … }`: "When you meld this card, …" (F4): the body runs as the
    /// card is melded (after the other steps of a Meld action); `from your hand`: only when it
    /// was melded from the melder's hand.
    WhenMelded { from_hand: bool },
    /// `if you are required to fade a Figure, instead do nothing`: while the card is a top
    /// card, its owner never fades figures (F10).
    NoFade,
    /// `each castle on your board provides 1 additional crown`: a standing modifier of icon
    /// counts or of the score (F5), counted from the owner's cards as they are, karmas aside.
    Provides {
        per: Spanned<KarmaUnit>,
        amount: Spanned<u32>,
        gift: Spanned<KarmaGift>,
    },
    /// `if you would meld a card with a crown, instead { … }`: "If you would …, first/instead
    /// …" (F7): the body runs before the event (`first`) or in its place (`instead`); `it` is
    /// the card the event would move (the card a Dogma action would activate).
    Would {
        who: Spanned<KarmaWho>,
        event: Spanned<KarmaEvent>,
        /// `, and CONDITION`: it applies only when this holds too.
        condition: Option<Cond>,
        mode: Spanned<KarmaMode>,
    },
}

/// Whose events a "would" karma watches: its owner's, an opponent's, or any player's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KarmaWho {
    You,
    Opponent,
    Player,
}

/// What a "would" karma watches.
#[derive(Clone, Debug, PartialEq)]
pub enum KarmaEvent {
    /// `take a dogma action [on a CARD]`: a Dogma action (or a free one: EXPANSIONS.md §5
    /// #13) on a card that fits the description.
    Dogma { card: Option<CardNp> },
    /// `meld a purple card`: a move of a card that fits the description with the verb, by an
    /// action, an effect or a rule.
    Move {
        verb: Spanned<LastingVerb>,
        /// `score or return a card`: a second verb, either move sets the karma off.
        or: Option<Spanned<LastingVerb>>,
        card: CardNp,
    },
    /// `splay a color left`: a splay of a pile that changes it (`it`: the pile's top card).
    Splay { direction: Spanned<Direction> },
    /// `draw a card for sharing`: the free Draw for sharing (a draw of its own: Figures' Al-Kindi),
    /// its card the card it would draw.
    SharingDraw { card: CardNp },
}

impl KarmaEvent {
    /// The description of the event's card, if it has one.
    pub fn card(&self) -> Option<&CardNp> {
        match self {
            KarmaEvent::Dogma { card } => card.as_ref(),
            KarmaEvent::Move { card, .. } => Some(card),
            KarmaEvent::Splay { .. } => None,
            KarmaEvent::SharingDraw { card } => Some(card),
        }
    }
}

/// Whether a "would" karma's body runs before the event or in its place.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KarmaMode {
    First,
    Instead,
}

/// What a `provides` karma counts on its owner's side.
#[derive(Clone, Debug, PartialEq)]
pub enum KarmaUnit {
    /// `castle on your board`, `hex on your board`: the icon (or hexagon) visible on the board.
    OnBoard(Name),
    /// `card in your hand`, `card in your score pile and forecast`: the cards in those zones.
    CardsIn(Vec<ZoneKind>),
    /// `splayed color on your board`.
    SplayedColor,
    /// `icon in each color you have splayed up`: the icons shown in the piles splayed that way
    /// (its gift is always `SameIcon`).
    IconInSplayed(Direction),
}

/// What a `provides` karma adds per unit counted.
#[derive(Clone, Debug, PartialEq)]
pub enum KarmaGift {
    /// `points`: toward the score.
    Points,
    /// `crown`, `castle, lightbulb, leaf and crown`: to each of these icons' counts.
    Icons(Vec<Name>),
    /// `icon of every type on your board`: to the count of each icon the board shows.
    EveryIconOnBoard,
    /// `icon of the same type` (with `IconInSplayed`): to the count of the icon counted.
    SameIcon,
    /// `point for every clock on your board`: points times the icon's visible count.
    PointsPerIcon(Name),
}

/// `v = 11`, `c = color of melded`: a parameter of an effect and a value for it.
#[derive(Clone, Debug, PartialEq)]
pub struct Arg {
    pub name: Name,
    pub value: ArgValue,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ArgValue {
    /// A value, or a bare word (a colour or another parameter) the checks resolve.
    Expr(Expr),
    /// `color of melded`, `its color`.
    Color(ColorAtom),
}

/// A special achievement: its claim condition and the cards that can also claim it.
#[derive(Clone, Debug, PartialEq)]
pub struct Achievement {
    pub title: Title,
    pub when: Vec<Cond>,
    /// `when you tuck a card with flag`: moves that claim it the moment they happen.
    pub triggers: Vec<Trigger>,
    pub via: Vec<Title>,
    /// Figures in the Sand: a Decree (`decree "War" { color red  effect { … } }`), claimed only
    /// by the Decree action: its colour and its effect.
    pub decree: Option<Decree>,
    pub span: Span,
}

/// A Decree's colour and effect.
#[derive(Clone, Debug, PartialEq)]
pub struct Decree {
    pub color: Name,
    pub effect: Effect,
}

/// A move that claims a special achievement the moment a player makes it: `you tuck a card with
/// flag`, `you meld a card with splay_left onto a color splayed left`.
#[derive(Clone, Debug, PartialEq)]
pub struct Trigger {
    pub verb: Spanned<Verb>,
    /// The filters the moved card passes.
    pub filters: Vec<Spanned<Filter>>,
    /// `onto a color …`: the filters the pile the card went to (its colour on the mover's
    /// board) passes, right after the move.
    pub onto: Option<Spanned<Vec<Spanned<ColorFilter>>>>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Block {
    pub stmts: Vec<Stmt>,
    pub span: Span,
}

/// One sentence of an effect.
#[derive(Clone, Debug, PartialEq)]
pub struct Stmt {
    /// Written with a leading `then`: sequencing only, kept for the rendered text.
    pub then: bool,
    /// `each opponent draws …`, `that player chooses …`: another player carries the statement
    /// out (its verb agrees: `draws`); `None`: the executor.
    pub subject: Option<Subject>,
    pub kind: StmtKind,
    /// `for every 2 leaf on your board`: the statement is carried out once per counted thing.
    pub scale: Option<Scale>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum StmtKind {
    /// `you may …`: the executor decides whether to carry out the body.
    May(Box<MayBody>),
    If {
        cond: Cond,
        then: Block,
        otherwise: Option<Box<Otherwise>>,
    },
    /// `either { … } or { … }`: the executor picks one alternative; `I choose either …` (a
    /// demand): the demander does.
    Either {
        by_demander: bool,
        blocks: Vec<Block>,
    },
    /// `for each color on your board with leaf { … }`: the body runs once per colour that
    /// passes the filters, which is `that color`.
    ForEachColor {
        filters: Vec<Spanned<ColorFilter>>,
        body: Block,
    },
    /// `for each bonus on your board, in ascending order { … }`: the body runs once per value
    /// of the list, lowest first, which is `that value`.
    ForEachValue {
        list: ValueList,
        ascending: bool,
        /// `, in descending order`: the values run highest first.
        descending: bool,
        body: Block,
    },
    /// `for each card in chosen { … }`: the body runs once per card of the set, which is `it`
    /// in the body; the executor picks which card comes next.
    ForEachCard {
        cards: SetRef,
        body: Block,
    },
    /// `for each other player { … }`: the body runs once per player, who is `their`; `for
    /// each opponent with more crown than you { … }`: only for those who meet the test.
    ForEach {
        players: Spanned<PlayerSet>,
        with: Option<PlayerMeasure>,
        /// `for each player that returned cards { … }`: only the players whose zones the latest
        /// statement of that verb took cards from.
        moved: Option<Spanned<Participle>>,
        body: Block,
    },
    /// `repeat this effect`, `repeat this effect with v = chosen`, `repeat this effect, at most
    /// twice`.
    Repeat {
        args: Vec<Arg>,
        /// `at most twice`: how many times this effect may be repeated in one execution.
        at_most: Option<Spanned<u32>>,
    },
    /// `choose a value`, `choose 2 colors`, `I choose an icon other than leaf`, `choose a
    /// color on your board without crown`.
    Choose {
        /// `I choose`: the demander chooses.
        by_demander: bool,
        count: Spanned<u32>,
        kind: Spanned<ChoiceKind>,
        /// `other than leaf`: an option left out.
        except: Option<Name>,
        /// `other than [5]`: a value left out (a choice of values).
        except_value: Option<Spanned<u32>>,
        /// `on your board without crown` (colours only): the colours to choose among.
        filters: Vec<Spanned<ColorFilter>>,
    },
    /// `choose [7] or [8]`: a value among these.
    ChooseValue {
        by_demander: bool,
        options: Vec<Expr>,
    },
    /// `choose a value from 1 to number of colors on your board`: a value within bounds.
    ChooseRange {
        by_demander: bool,
        /// How many different values (`choose 2 different values …`).
        count: u32,
        /// Written `different` (`choose 2 different values`).
        different: bool,
        low: Expr,
        high: Expr,
        /// Written `less than HIGH` (from 1, below `high`) rather than `from LOW to HIGH`.
        less_than: bool,
    },
    /// `choose a value in your score pile`: one value of the list (`chosen`).
    ChooseListed {
        by_demander: bool,
        list: ValueList,
    },
    /// `choose a card from your score pile`: cards picked without moving them (`chosen`).
    ChooseCards(Selection),
    /// `junk an available special achievement`, `junk all available special achievements`.
    JunkSpecial {
        all: bool,
    },
    /// `make a junked special achievement available`.
    RestoreSpecial,
    /// `claim "Monument"`: a special achievement.
    Claim(Title),
    /// `end the dogma action`.
    EndDogma,
    /// `end the game`.
    EndGame,
    /// `self-execute …`: run the card's non-demand effects for the executor alone.
    SelfExecute(Selection),
    /// `execute … as if on this card`: run every effect of the card as if it were on this card.
    ExecuteAsIf(Selection),
    Splay {
        direction: Spanned<Direction>,
        color: ColorExpr,
        /// `on any player's board`: the board whose pile is splayed (the executor's without).
        board: Option<Spanned<Possessive>>,
    },
    Unsplay(ColorExpr),
    /// A splay whose direction is another pile's: `splay purple in the direction your red cards
    /// are splayed` (`matching` false: nothing when that pile is not splayed), `splay chosen to
    /// match that player's cards of color chosen` (`matching`: the same splay, unsplayed
    /// included).
    SplayLike {
        color: ColorExpr,
        source: SplaySource,
        matching: bool,
    },
    Rearrange(ColorExpr),
    /// `draw a [1]`, `draw and meld 2 [10]`, `draw (number of colors on your board) [2]`.
    Draw {
        then: Option<Spanned<Verb>>,
        count: Spanned<DrawCount>,
        value: Expr,
        /// `draw an Artifact [3]`: a card of that type (the base set when none is named);
        /// `draw a card of the chosen type [2]`, `of any type`, `of the same type as covered`.
        of_type: Option<DrawType>,
    },
    Transfer {
        what: Selection,
        to: Destination,
        /// `, from the bottom up`: the bottom card of a pile moves first.
        bottom_up: bool,
    },
    /// `transfer one of drawn to each player's board`: one card of the set to each player's
    /// board of the set in turn (the executor first, then clockwise), the executor choosing
    /// which among those left.
    Deal {
        what: CardRef,
        players: Spanned<PlayerSet>,
    },
    /// `take …`: transfer into the executor's hand.
    Take(Selection),
    Exchange(Selection, Selection),
    /// `meld …`, `reveal and return …`, `achieve (if eligible) …`.
    Move {
        verbs: Vec<Spanned<Verb>>,
        /// `achieve (if eligible)`: only cards the player could claim as standard achievements;
        /// the number is the multiple of the score the test reads (2: `with your score doubled`).
        if_eligible: Option<u8>,
        what: Selection,
    },
    /// `look at the top card of the [3] deck`: the player sees the cards, nobody else does;
    /// they stay where they are.
    Look(Selection),
    /// `keep it`: the cards stay where they are (printed for clarity).
    Keep(CardRef),
    /// `the next time you meld a card this turn { … }`, `on your next turn { … }`: a lasting
    /// effect, whose body the executor carries out later, once.
    Lasting {
        when: Spanned<LastingWhen>,
        body: Block,
    },
    /// `take an additional action`: one more action this turn.
    AdditionalAction,
    Win(Winner),
    Lose(PlayerRef),
}

/// When a lasting effect's body runs.
#[derive(Clone, Debug, PartialEq)]
pub enum LastingWhen {
    /// `on your next turn`: at the start of the executor's next turn.
    NextTurn,
    /// `the next time you meld a card with crown this turn`: right after the executor's next
    /// such move this turn; `it` is the card moved.
    NextTime {
        verb: Spanned<LastingVerb>,
        /// The filters the moved card passes.
        filters: Vec<Spanned<Filter>>,
    },
}

/// The move a `the next time you …` waits for: a draw or a move verb.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LastingVerb {
    Draw,
    Move(Verb),
}

impl LastingVerb {
    pub fn word(self) -> &'static str {
        match self {
            LastingVerb::Draw => "draw",
            LastingVerb::Move(v) => v.word(),
        }
    }

    /// The participle naming the card moved (`drawn`, `melded`).
    pub fn participle(self) -> Participle {
        match self {
            LastingVerb::Draw => Participle::Drawn,
            LastingVerb::Move(v) => Participle::of_verb(v),
        }
    }
}

/// How many cards a draw takes.
#[derive(Clone, Debug, PartialEq)]
pub enum DrawCount {
    /// `a`, `an`, `2`.
    Fixed(u32),
    /// `(number of colors on your board)`: computed when the statement runs.
    Computed(Expr),
}

/// Who carries out a statement other than the executor.
#[derive(Clone, Debug, PartialEq)]
pub struct Subject {
    pub kind: SubjectKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum SubjectKind {
    /// `each opponent`, `each player with more crown than you`: every such player in turn, as
    /// `for each` goes (`each player`: you first).
    Each {
        players: Spanned<PlayerSet>,
        with: Option<PlayerMeasure>,
    },
    /// `that player`, `an opponent of your choice`, `the opponent with the most cards in hand`.
    Player(PlayerRef),
}

#[derive(Clone, Debug, PartialEq)]
pub enum MayBody {
    Block(Block),
    Stmt(Stmt),
}

#[derive(Clone, Debug, PartialEq)]
pub enum Otherwise {
    If(Stmt),
    Block(Block),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Scale {
    /// `for every 2 …`: one per this many (1 when not written).
    pub per: Option<Spanned<u32>>,
    pub what: Countable,
    pub span: Span,
}

/// The verbs that move (or show) cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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
}

impl Verb {
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
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    Left,
    Right,
    Up,
    Aslant,
}

impl Direction {
    pub fn word(self) -> &'static str {
        match self {
            Direction::Left => "left",
            Direction::Right => "right",
            Direction::Up => "up",
            Direction::Aslant => "aslant",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChoiceKind {
    Value,
    /// `choose a number`: a whole number, 0 included.
    Number,
    Color,
    Player,
    Opponent,
    Icon,
    /// `choose a card type`: a set in play.
    Type,
}

impl ChoiceKind {
    pub fn word(self, plural: bool) -> &'static str {
        match (self, plural) {
            (ChoiceKind::Value, false) => "value",
            (ChoiceKind::Value, true) => "values",
            (ChoiceKind::Number, false) => "number",
            (ChoiceKind::Number, true) => "numbers",
            (ChoiceKind::Color, false) => "color",
            (ChoiceKind::Color, true) => "colors",
            (ChoiceKind::Player, false) => "player",
            (ChoiceKind::Player, true) => "players",
            (ChoiceKind::Opponent, false) => "opponent",
            (ChoiceKind::Opponent, true) => "opponents",
            (ChoiceKind::Icon, false) => "icon",
            (ChoiceKind::Icon, true) => "icons",
            (ChoiceKind::Type, false) => "card type",
            (ChoiceKind::Type, true) => "card types",
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Selections

/// Cards chosen or named by a statement.
#[derive(Clone, Debug, PartialEq)]
pub enum Selection {
    /// A described set: `the highest card from your hand`.
    Np(CardNp),
    /// A named set: `it`, `returned`, `"Robotics"`.
    Ref(CardRef),
}

impl Selection {
    pub fn span(&self) -> Span {
        match self {
            Selection::Np(np) => np.span,
            Selection::Ref(r) => r.span,
        }
    }
}

/// A card noun phrase: quantity, adjectives, noun, filters and where the cards are.
#[derive(Clone, Debug, PartialEq)]
pub struct CardNp {
    /// `your top red card`: a leading possessive means the cards are on that player's board.
    pub possessive: Option<Spanned<Possessive>>,
    pub quantity: Option<Spanned<Quantity>>,
    pub adjectives: Vec<Spanned<Adjective>>,
    pub noun: Spanned<Noun>,
    pub filters: Vec<Spanned<Filter>>,
    pub source: Option<Spanned<Source>>,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rounding {
    Up,
    Down,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Quantity {
    /// `a` / `an`.
    One { article_an: bool },
    /// `2`.
    Exactly(u32),
    /// `1 or 2`.
    Between(u32, u32),
    /// `up to 3`.
    UpTo(u32),
    /// `any number of`.
    AnyNumber,
    /// `all`, `all the`.
    All { the: bool },
    /// `all but 1`.
    AllBut(u32),
    /// `the`, `the 3` (with `highest`/`lowest`: the N most extreme cards).
    The(Option<u32>),
    /// `half (rounded down) of the`.
    Half(Rounding),
    /// `the bottom 3`: the bottom cards of each pile.
    Bottom(u32),
    /// `the top 2`: the top cards of each pile.
    Top(u32),
    /// `all but the top 4`: every card of each pile but its top ones.
    AllButTop(u32),
    /// `(value of returned)`: a number computed when the statement runs.
    Computed(Expr),
}

#[derive(Clone, Debug, PartialEq)]
pub enum Adjective {
    /// `available` (with the noun `achievement`): a standard achievement nobody has.
    Available,
    Top,
    Bottom,
    /// `non-bottom`: not the bottom card of its pile.
    NonBottom,
    Highest,
    Lowest,
    /// `red`.
    Color(String),
    /// `non-red`: the colour's name without the prefix.
    NonColor(String),
}

#[derive(Clone, Debug, PartialEq)]
pub enum Noun {
    Card,
    Cards,
    /// `achievement` / `achievements` (of `available achievements`).
    Achievement,
    Achievements,
    /// `[3]`: a card of that value.
    Value(Expr),
    /// `Artifact`, `Cities`, `base card`: a card of that type (the set on its back).
    Type {
        kind: CardType,
        plural: bool,
    },
}

/// A card's type: the set on its back (deluxe rules, "Playing with expansions": each set has
/// its own card back), written `base card`, `Artifact`, `Echoes card`, `City`, `Figure`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CardType {
    Base,
    Artifact,
    Echoes,
    City,
    Figure,
}

/// The type of the cards a draw takes.
#[derive(Clone, Debug, PartialEq)]
pub enum DrawType {
    /// `draw an Artifact [3]`.
    Named(CardType),
    /// `draw 2 cards of the chosen type [2]`: the latest `choose a card type`.
    Chosen,
    /// `draw a card of any type [3]`: the drawer picks a set in play.
    Any,
    /// `draw a card of the same type as covered [2]`: the set on that card's back.
    SameAs(Box<CardRef>),
}

impl CardType {
    /// The name of the set (the expansion's name, `base` for the base set).
    pub fn set_name(self) -> &'static str {
        match self {
            CardType::Base => "base",
            CardType::Artifact => "artifacts",
            CardType::Echoes => "echoes",
            CardType::City => "cities",
            CardType::Figure => "figures",
        }
    }

    /// The word before a deck: `the Artifact [5] deck`, `the base [5] deck`.
    pub fn deck_word(self) -> &'static str {
        match self {
            CardType::Base => "base",
            CardType::Artifact => "Artifact",
            CardType::Echoes => "Echoes",
            CardType::City => "City",
            CardType::Figure => "Figure",
        }
    }

    /// The noun as written and rendered: `Artifact`, `Artifacts`, `base card`.
    pub fn noun(self, plural: bool) -> &'static str {
        match (self, plural) {
            (CardType::Base, false) => "base card",
            (CardType::Base, true) => "base cards",
            (CardType::Artifact, false) => "Artifact",
            (CardType::Artifact, true) => "Artifacts",
            (CardType::Echoes, false) => "Echoes card",
            (CardType::Echoes, true) => "Echoes cards",
            (CardType::City, false) => "City",
            (CardType::City, true) => "Cities",
            (CardType::Figure, false) => "Figure",
            (CardType::Figure, true) => "Figures",
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum Filter {
    /// `with crown`, `with factory or clock`.
    WithIcon(Vec<Name>),
    /// `with a demand effect`.
    WithDemand,
    /// `in a splayed pile`: a card of a board pile that is splayed.
    InSplayedPile,
    /// `with the chosen icon`.
    WithChosenIcon,
    /// `without the chosen icon`.
    WithoutChosenIcon,
    /// `of the value of my choice`: the demander chooses a value first.
    ValueOfMyChoice,
    /// `with the icon of my choice other than leaf`: the demander chooses an icon first.
    IconOfMyChoice(Option<Name>),
    /// `of the same value` (no `as`): the cards taken all share one value.
    SameValue,
    /// `of the same color` (no `as`): the cards taken all share one colour.
    SameColor,
    /// `of different value` (no `from`): no two of the cards taken share a value.
    DifferentValues,
    /// `without leaf`, `without castle or factory` (none of them).
    WithoutIcon(Vec<Name>),
    /// `with a bonus` (Echoes): a bonus in any slot of the card.
    WithBonus,
    /// `with a visible music_note`: the card lies on a board and shows the slot where it can be
    /// seen (any slot of a top card, those its pile's splay reveals beneath).
    WithVisible(Name),
    /// `of odd value`, `of even value`.
    Parity {
        odd: bool,
    },
    /// `without a bonus`.
    WithoutBonus,
    /// `of value 4 or lower`.
    Value(ValueSpec),
    SameColorAs(CardRef),
    /// `of the same type as drawn` (`same`), `of different type than it`: the set on the back.
    Type {
        same: bool,
        card: CardRef,
    },
    SameValueAs(CardRef),
    /// `of value matching any of your top cards`, `of different value from any top card on my
    /// board` (negated): its value is (is not) the value of one of the cards named. `of` says
    /// whether the word `of` follows `any`.
    ValueMatching {
        negated: bool,
        of: bool,
        cards: CardRef,
    },
    /// `of its color`: the candidate card's own colour (used inside a comparison).
    ItsColor,
    /// `of color …`.
    Color(ColorExpr),
    /// `of a color on your board`, `of a color not on my board`.
    ColorOnBoard {
        negated: bool,
        whose: Spanned<Possessive>,
    },
    /// `of my choice`: the demander chooses.
    MyChoice,
    OtherThan(CardRef),
    /// `higher than my top card of its color`: a value comparison.
    HigherThan(CardRef),
    LowerThan(CardRef),
    /// `beneath it`: the cards under a card in its pile.
    Beneath(CardRef),
    /// `which shares an icon with transferred`: shows an icon that one of the cards shows.
    SharesIcon(CardRef),
    /// `with the same icons as any of your top cards`: shows exactly the icons one of the cards
    /// shows, in type and number (`any_of`: the words `any of` were written).
    SameIcons {
        cards: CardRef,
        any_of: bool,
    },
}

/// A value or values a card must have: `3`, `2 or 3`, `4 or lower`.
#[derive(Clone, Debug, PartialEq)]
pub struct ValueSpec {
    pub first: Expr,
    pub rest: Vec<Spanned<ValueAlternative>>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ValueAlternative {
    OrHigher,
    OrLower,
    Or(Expr),
}

/// Where the cards of a phrase are: `from your hand`, `on your board`, `from drawn`.
#[derive(Clone, Debug, PartialEq)]
pub struct Source {
    /// The preposition as written; it does not change the meaning.
    pub preposition: Preposition,
    pub place: Place,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Preposition {
    From,
    In,
    On,
    /// Before a deck only: `the top card of the [2] deck`.
    Of,
}

impl Preposition {
    pub fn word(self) -> &'static str {
        match self {
            Preposition::From => "from",
            Preposition::In => "in",
            Preposition::On => "on",
            Preposition::Of => "of",
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum Place {
    Zone(Zone),
    /// `the [3] deck`, `the available achievements`.
    Supply(Supply),
    /// `from drawn`: among named cards.
    Cards(CardRef),
}

/// A place of the supply: an age's deck or the available standard achievements.
#[derive(Clone, Debug, PartialEq)]
pub struct Supply {
    pub kind: SupplyKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum SupplyKind {
    /// `the [5] deck`, `the Artifact [5] deck` (the type's deck; base when none is named).
    Deck(Box<Expr>, Option<CardType>),
    /// `any deck`: a deck the executor picks, of any set in play and any age.
    AnyDeck,
    Available,
}

/// Zones of a set of players: `your hand`, `all players' hands, boards and score piles`.
#[derive(Clone, Debug, PartialEq)]
pub struct Zone {
    pub whose: Spanned<Possessive>,
    pub kinds: Vec<Spanned<ZoneKind>>,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ZoneKind {
    Hand,
    ScorePile,
    Board,
    Achievements,
    /// Echoes: the forecast (face down, its owner's).
    Forecast,
}

impl ZoneKind {
    pub fn word(self, plural: bool) -> &'static str {
        match (self, plural) {
            (ZoneKind::Forecast, false) => "forecast",
            (ZoneKind::Forecast, true) => "forecasts",
            (ZoneKind::Hand, false) => "hand",
            (ZoneKind::Hand, true) => "hands",
            (ZoneKind::ScorePile, false) => "score pile",
            (ZoneKind::ScorePile, true) => "score piles",
            (ZoneKind::Board, false) => "board",
            (ZoneKind::Board, true) => "boards",
            (ZoneKind::Achievements, _) => "achievements",
        }
    }
}

/// Whose zone: a single player, a player to choose, or a set of players.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Possessive {
    Your,
    My,
    Their,
    ThatPlayers,
    AnotherPlayers,
    AnyOpponents,
    AnyOtherPlayers,
    AnyPlayers,
    AnOpponents,
    AllOpponents,
    AllOtherPlayers,
    AllPlayers,
    /// `its owner's`, in a filter: the owner of the card being tested (Hot Air Balloon: `of value
    /// matching any of its owner's achievements`).
    ItsOwners,
}

impl Possessive {
    pub fn words(self) -> &'static str {
        match self {
            Possessive::Your => "your",
            Possessive::My => "my",
            Possessive::Their => "their",
            Possessive::ThatPlayers => "that player's",
            Possessive::AnotherPlayers => "another player's",
            Possessive::AnyOpponents => "any opponent's",
            Possessive::AnyOtherPlayers => "any other player's",
            Possessive::AnyPlayers => "any player's",
            Possessive::AnOpponents => "an opponent's",
            Possessive::AllOpponents => "all opponents'",
            Possessive::AllOtherPlayers => "all other players'",
            Possessive::AllPlayers => "all players'",
            Possessive::ItsOwners => "its owner's",
        }
    }

    /// Whether the words name several players' zones at once (`all opponents'`).
    pub fn is_plural(self) -> bool {
        matches!(
            self,
            Possessive::AllOpponents | Possessive::AllOtherPlayers | Possessive::AllPlayers
        )
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum Destination {
    /// `to the top of its deck`: onto the deck of the card's own set and value.
    DeckTop,
    /// `to my score pile`.
    Zone {
        whose: Spanned<Possessive>,
        kind: Spanned<ZoneKind>,
    },
    /// `to the score pile of an opponent with fewer points than you`.
    OfPlayer {
        kind: Spanned<ZoneKind>,
        player: PlayerRef,
    },
    /// `the available achievements` (Echoes): among the standard achievements nobody holds.
    Available,
    /// `to its owner's score pile`: each card to the zone of the player who owns it.
    Owners(Spanned<ZoneKind>),
}

/// Cards named without a choice.
#[derive(Clone, Debug, PartialEq)]
pub struct CardRef {
    pub kind: CardRefKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum CardRefKind {
    Title(String),
    ThisCard,
    /// `your card`: the card the latest `transfer one of … to each player's board` gave the
    /// executor, while it lies on their board.
    YourCard,
    /// `it`: the cards of the latest statement that moved or showed cards.
    It,
    /// `them`: the same as `it`, read as a plural.
    Them,
    /// `the second melded`.
    Ordinal(Ordinal, Participle),
    /// `covered`: the cards directly beneath the cards of the latest meld in this effect.
    Covered,
    /// `returned`: the cards of the latest statement with that verb in this effect.
    Bound(Participle),
    /// `card melded by me due to this card's echo effect`: cards moved earlier, named as cards.
    History(Box<History>),
    /// `the last card tucked by you due to this card`: one card of a history, in the order the
    /// cards were moved.
    NthHistory(Ordinal, Box<History>),
    Np(Box<CardNp>),
    /// A bare word where a card belongs (`meld red`): always an error, reported by the checks
    /// with what the word is instead.
    Name(String),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ordinal {
    First,
    Second,
    Third,
    Last,
}

impl Ordinal {
    pub fn word(self) -> &'static str {
        match self {
            Ordinal::First => "first",
            Ordinal::Second => "second",
            Ordinal::Third => "third",
            Ordinal::Last => "last",
        }
    }
}

/// The cards a verb moved, named by its participle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Participle {
    Drawn,
    Melded,
    Scored,
    Tucked,
    Returned,
    Transferred,
    Revealed,
    Junked,
    Exchanged,
    Achieved,
    Foreshadowed,
    Removed,
    Chosen,
}

impl Participle {
    pub fn word(self) -> &'static str {
        match self {
            Participle::Drawn => "drawn",
            Participle::Melded => "melded",
            Participle::Scored => "scored",
            Participle::Tucked => "tucked",
            Participle::Returned => "returned",
            Participle::Transferred => "transferred",
            Participle::Revealed => "revealed",
            Participle::Junked => "junked",
            Participle::Exchanged => "exchanged",
            Participle::Achieved => "achieved",
            Participle::Foreshadowed => "foreshadowed",
            Participle::Removed => "removed",
            Participle::Chosen => "chosen",
        }
    }

    /// The participle of the cards a verb moves.
    pub fn of_verb(verb: Verb) -> Participle {
        match verb {
            Verb::Meld => Participle::Melded,
            Verb::Tuck => Participle::Tucked,
            Verb::Score => Participle::Scored,
            Verb::Return => Participle::Returned,
            Verb::Reveal => Participle::Revealed,
            Verb::Junk => Participle::Junked,
            Verb::Remove => Participle::Removed,
            Verb::Achieve => Participle::Achieved,
            Verb::Foreshadow => Participle::Foreshadowed,
        }
    }
}

/// Cards moved earlier by anyone: `cards transferred due to the demand`.
#[derive(Clone, Debug, PartialEq)]
pub struct History {
    pub verb: Spanned<Participle>,
    pub by: Option<PlayerRef>,
    pub due_to: Option<Spanned<DueTo>>,
    pub scope: Option<Spanned<Scope>>,
    /// Written `cards` (not `card`).
    pub plural: bool,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DueTo {
    /// `due to the demand`: this card's demand effects in this dogma action.
    TheDemand,
    /// `due to this card`: any effect of this card in this dogma action.
    ThisCard,
    /// `due to this card's echo effect`: this card's echo effects in this dogma action (Echoes).
    ThisEcho,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    Turn,
    Action,
}

/// A set of cards to count or test.
#[derive(Clone, Debug, PartialEq)]
pub enum SetRef {
    History(History),
    Zone(Zone),
    Supply(Supply),
    Cards(CardRef),
}

impl SetRef {
    pub fn span(&self) -> Span {
        match self {
            SetRef::History(h) => h.span,
            SetRef::Zone(z) => z.span,
            SetRef::Supply(s) => s.span,
            SetRef::Cards(c) => c.span,
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Colours

/// A colour or a choice between colours: `red`, `yellow or purple`, `a color splayed left`.
#[derive(Clone, Debug, PartialEq)]
pub struct ColorExpr {
    pub alternatives: Vec<Spanned<ColorAtom>>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ColorAtom {
    /// `a color …`: any colour meeting the filters, chosen by the executor.
    AnyColor(Vec<Spanned<ColorFilter>>),
    /// `color of tucked`.
    ColorOf(CardRef),
    /// `its color`.
    ItsColor,
    /// `chosen`: the colours of the latest `choose`.
    Chosen,
    /// `that color`: the colour of the enclosing `for each color`.
    ThatColor,
    /// `it` where a colour is meant: in a `for each color`, the current colour; elsewhere the
    /// colour of `it` (the cards of the latest statement).
    It,
    /// `each color you have splayed left` (splay and unsplay only): every colour that passes
    /// the filters, one after the other.
    Each(Vec<Spanned<ColorFilter>>),
    /// `red`.
    Named(String),
}

/// The pile whose splay a `splay … in the direction …` takes.
#[derive(Clone, Debug, PartialEq)]
pub enum SplaySource {
    /// `your red cards`, `that player's cards of color chosen`.
    Pile {
        whose: Spanned<Possessive>,
        color: Spanned<ColorAtom>,
    },
    /// `one of your colors other than purple`: one of that board's splayed colours that pass the
    /// filters, chosen by the executor.
    OneOf {
        whose: Spanned<Possessive>,
        filters: Vec<Spanned<ColorFilter>>,
    },
}

#[derive(Clone, Debug, PartialEq)]
pub enum ColorFilter {
    /// `splayed`, `splayed up or right`.
    Splayed(Vec<Spanned<Direction>>),
    /// `you have splayed left`: `splayed left`, as printed cards say it.
    YouHaveSplayed(Vec<Spanned<Direction>>),
    /// `with leaf`.
    With(Name),
    /// `without crown`: its pile shows no such icon.
    Without(Name),
    /// `not on any opponent's board`.
    NotOn(Spanned<Possessive>),
    /// `on your board`.
    On(Spanned<Possessive>),
    /// `of tucked`: the colour of one of the cards named (Cell Phone: "each color you tucked
    /// into").
    Of(Box<CardRef>),
    /// `other than purple`: every colour but that one.
    OtherThan(Spanned<String>),
    /// `with the most cards`: the colours whose pile has the most cards among those that pass
    /// the other filters (several on a tie).
    MostCards,
    /// `with the most visible cards`, `with the fewest visible cards`: the colours whose pile
    /// shows the most (fewest) cards among those that pass the other filters.
    VisibleCards { most: bool },
    /// `with more visible cards than on my board`: the pile shows more cards than that board's
    /// pile of the colour.
    MoreVisibleThan(Spanned<Possessive>),
    /// `chosen`: one of the colours the latest `choose … colors` picked (Philips Compact
    /// Cassette: `splay up each color chosen`).
    Chosen,
}

// ---------------------------------------------------------------------------------------------
// Values

#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    Int(u32),
    Add(Box<Expr>, Box<Expr>),
    Sub(Box<Expr>, Box<Expr>),
    Mul(Box<Expr>, Box<Expr>),
    /// Written in parentheses.
    Paren(Box<Expr>),
    /// `value of returned` (0 when there is no such card).
    ValueOf(CardRef),
    /// `number of …`.
    NumberOf(Countable),
    /// `highest value in your score pile`.
    Extreme {
        highest: bool,
        set: SetRef,
    },
    /// `half of … rounded up`.
    Half(Box<Expr>, Rounding),
    /// `… divided by 5 rounded up`: a whole division, rounded as written.
    Divided(Box<Expr>, u32, Rounding),
    /// `chosen`: the value of the latest `choose a value`.
    Chosen,
    /// `total value of returned`: the sum of the cards' values.
    Total(Box<SetRef>),
    /// `bonus of it` (Echoes): the card's bonus (the highest, for several cards; 0 for none).
    BonusOf(CardRef),
    /// `highest bonus on your board`: the highest visible bonus (0 for none).
    HighestBonus(Spanned<Possessive>),
    /// `highest number of one icon visible in color of returned on your board`: the most of one
    /// icon the pile of the colour shows (0 for none).
    MostOfOneIcon {
        color: Box<Spanned<ColorAtom>>,
        whose: Spanned<Possessive>,
    },
    /// `a card of any value` (a draw's value only): the drawer chooses the value.
    AnyValue,
    /// `a bonus on your board`, `a value in any player's hand` (a draw's value only): the drawer
    /// chooses one of the list's values.
    Among(ValueList),
    /// `that value`: the current value of `for each bonus …` / `for each value …`.
    ThatValue,
    /// `the next higher value` (a draw's value): one above the value of the card the executor drew
    /// last due to this card, this dogma action (1 when none).
    NextHigher,
    /// `a card of each value chosen` (a draw's value only): one draw per value of the list.
    EachOf(ValueList),
    /// A bare word: a parameter of the effect.
    Name(String),
}

/// Values to loop over or to choose among.
#[derive(Clone, Debug, PartialEq)]
pub enum ValueList {
    /// `bonus on your board`: each visible bonus of the board (`any player's`: of every board).
    Bonuses(Spanned<Possessive>),
    /// `value in your score pile`: the different values of the cards.
    ValuesIn(SetRef),
    /// `bonus that occurs more than once on your board`: each value of two or more visible
    /// bonuses of the board, once.
    RepeatedBonuses(Spanned<Possessive>),
    /// `bonus of your top cards`: the bonus of each card that has one.
    BonusesOf(SetRef),
    /// `value chosen`: the values the latest `choose … values` picked.
    Chosen,
    /// `value less than 9`: the values from 1 to the bound minus one.
    Below(Box<Expr>),
}

/// What `number of` and `for every` count.
#[derive(Clone, Debug, PartialEq)]
pub enum Countable {
    DifferentValues(SetRef),
    DifferentColors(SetRef),
    /// `colors on your board with leaf`.
    Colors {
        whose: Spanned<Possessive>,
        filters: Vec<Spanned<ColorFilter>>,
        span: Span,
    },
    /// `leaf on your board`: visible icons.
    Icons {
        icon: Name,
        whose: Spanned<Possessive>,
        span: Span,
    },
    /// `cards of color of tucked visible on your board`: the cards the piles of the colour show.
    VisibleCards {
        color: Box<Spanned<ColorAtom>>,
        whose: Spanned<Possessive>,
        span: Span,
    },
    /// `castle on transferred`: every icon of that kind printed on the cards, added up.
    IconsOnCards {
        icon: Name,
        cards: SetRef,
        span: Span,
    },
    /// `opponents with more crown than you`: the players of the set who meet the test.
    Players {
        players: Spanned<PlayerSet>,
        with: Option<PlayerMeasure>,
        span: Span,
    },
    Cards(SetRef),
}

// ---------------------------------------------------------------------------------------------
// Conditions

#[derive(Clone, Debug, PartialEq)]
pub struct Cond {
    pub kind: CondKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum CondKind {
    Or(Vec<Cond>),
    And(Vec<Cond>),
    Not(Box<Cond>),
    Paren(Box<Cond>),
    /// `you do` (true) / `you don't` (false): the previous statement's outcome.
    Did(bool),
    /// `they do` / `they don't`: the same, said of the player who carried the previous
    /// statement out (`that player achieves it`).
    TheyDid(bool),
    /// `this caused any change`: the statement before it changed something.
    Changed,
    /// `you returned any`, `you melded at least 4`.
    Verbed {
        verb: Spanned<Participle>,
        amount: Spanned<Amount>,
    },
    /// `you are the only player with 5 top cards`.
    OnlyPlayer(PlayerMeasure),
    /// `you are the single player with the most clock`.
    SinglePlayer {
        most: bool,
        measure: Spanned<Measure>,
    },
    /// `you have at least 4 castle`.
    Has {
        player: PlayerRef,
        measure: PlayerMeasure,
    },
    /// `the values of your hand match the values of your score pile exactly`: the same values,
    /// each as many times.
    ValuesMatch {
        a: SetRef,
        b: SetRef,
    },
    /// `all your non-purple top cards share a common icon other than crown`.
    ShareIcon {
        cards: CardRef,
        except: Option<Name>,
    },
    /// `any player has fewer than 3 leaf`.
    PlayersHave {
        quantifier: Spanned<Quantifier>,
        players: Spanned<PlayerSet>,
        measure: PlayerMeasure,
    },
    /// `any drawn is red`, `no cards transferred due to the demand`.
    CardsAre {
        quantifier: Spanned<Quantifier>,
        set: SetRef,
        pred: Option<CardPred>,
    },
    /// `your green cards are splayed right`, `your cards of its color are splayed aslant`.
    Splayed {
        whose: Spanned<Possessive>,
        color: Spanned<ColorAtom>,
        direction: Spanned<Direction>,
    },
    /// `it has crown`.
    Card {
        card: CardRef,
        pred: CardPred,
    },
    /// `all colors on your board have the same number of visible cards`: every pile shows as
    /// many cards (splayed: all of them; unsplayed: one).
    SameVisibleCards {
        whose: Spanned<Possessive>,
    },
    /// `you are eligible to claim an achievement of value 3`: the Achieve action's test.
    Eligible {
        player: PlayerRef,
        value: Expr,
    },
    /// `number of drawn > 2`.
    Compare {
        lhs: Expr,
        op: Spanned<Comparison>,
        rhs: Expr,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Quantifier {
    Any,
    Each,
    No,
}

impl Quantifier {
    pub fn word(self) -> &'static str {
        match self {
            Quantifier::Any => "any",
            Quantifier::Each => "each",
            Quantifier::No => "no",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Comparison {
    Ge,
    Le,
    Ne,
    Gt,
    Lt,
    Eq,
}

impl Comparison {
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

#[derive(Clone, Debug, PartialEq)]
pub struct CardPred {
    pub kind: CardPredKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum CardPredKind {
    HasIcon(Vec<Name>),
    /// `has a bonus` (Echoes).
    HasBonus,
    /// `has no effect`: the card has no effect of any kind (no dogma, demand, compel or echo
    /// effect).
    NoEffects,
    /// `has a visible music_note`: on a board, with that slot where it can be seen.
    HasVisible(Name),
    /// `is directly beneath an [11]`: the card just above it in its pile is such a card.
    DirectlyBeneath {
        value: Option<Expr>,
        filters: Vec<Spanned<Filter>>,
    },
    /// `is "Steam Engine"`, `is this card`.
    Is(CardRef),
    Value(ValueSpec),
    /// `is of the same type as drawn` (`same`), `is of different type than melded`: the sets on
    /// the cards' backs.
    Type {
        same: bool,
        card: CardRef,
    },
    /// `comes before drawn in the alphabet`: its title sorts before the other card's.
    BeforeInAlphabet(CardRef),
    /// `has been on every board during this action`: it lay on each remaining player's board at
    /// some time in this action; with `, and it started on your board`, that board was the one
    /// it lay on when the action began.
    BeenOnEveryBoard {
        started: Option<Spanned<Possessive>>,
    },
    /// `is a top card` (on any board), `is a top card on your board`.
    IsTop {
        on: Option<Spanned<Possessive>>,
    },
    /// `is on your board`, `is in any player's hand`: the card lies in one of the zones.
    In(Zone),
    ColorOnBoard {
        negated: bool,
        whose: Spanned<Possessive>,
    },
    Color(ColorExpr),
}

/// How many: `at least 4`, `no`, `5`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Amount {
    Any,
    AtLeast(u32),
    AtMost(u32),
    MoreThan(u32),
    FewerThan(u32),
    /// `exactly 5` (`exactly` written).
    Exactly(u32),
    /// `5`: exactly, without the word.
    Count(u32),
    No,
}

impl Amount {
    /// Whether the noun after the amount is singular: `at least 1 card`, `more than 1 card`,
    /// but `no cards`, `at least 2 cards`.
    pub fn takes_singular(self) -> bool {
        matches!(
            self,
            Amount::AtLeast(1)
                | Amount::AtMost(1)
                | Amount::MoreThan(1)
                | Amount::FewerThan(1)
                | Amount::Exactly(1)
                | Amount::Count(1)
        )
    }
}

/// What a player has, compared: `at least 4 castle`, `more leaf than factory`.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerMeasure {
    pub kind: PlayerMeasureKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum PlayerMeasureKind {
    Amount {
        amount: Spanned<Amount>,
        measure: Spanned<Measure>,
    },
    Compare {
        more: bool,
        measure: Spanned<Measure>,
        than: Than,
    },
    /// `at least (twice) as many achievements as each opponent`.
    AsMany {
        twice: bool,
        measure: Spanned<Measure>,
        than: Than,
    },
}

#[derive(Clone, Debug, PartialEq)]
pub enum Than {
    /// `than each other player`.
    Each(Spanned<PlayerSet>),
    /// `than you`.
    Player(PlayerRef),
    /// `than factory`: another measure of the same player.
    Measure(Spanned<Measure>),
}

/// A number a player has.
#[derive(Clone, Debug, PartialEq)]
pub enum Measure {
    Points,
    Achievements,
    TopCards,
    /// `top Artifacts`: the player's top cards of that type.
    TopOfType(CardType),
    /// `top card of color of drawn`: the value of the player's top card of the colour (0 when
    /// they have none), the colour read when the measure is taken.
    TopCardOf(ColorExpr),
    CardsIn(ZoneKind),
    /// `[1] in hand`: the cards of that value in the zone (hand, score pile, forecast).
    ValueIn {
        value: u32,
        zone: ZoneKind,
    },
    /// `cards returned due to this card`, `cards tucked this turn`.
    History {
        verb: Participle,
        due_to: Option<DueTo>,
        scope: Option<Scope>,
    },
    /// `colors`, `colors splayed up or right`, `colors with leaf`.
    Colors(Vec<Spanned<ColorFilter>>),
    /// `green cards`: the cards of a colour on the board.
    ColorCards(Name),
    /// `leaf`: visible icons on the board.
    Icon(Name),
    /// `bonuses` (Echoes): visible bonuses on the board.
    Bonuses,
    /// `different bonuses` (Echoes): the different values of the visible bonuses on the board.
    DifferentBonuses,
    /// `hex in one color`, `echo in one color`: the most of the slot (an icon, `hex`, `echo`)
    /// visible in one colour's pile.
    InOneColor(Name),
    /// `visible cards in one color`: the most cards one pile of the board shows.
    VisibleInOneColor,
    /// `colors with at least 3 of one icon`: how many colours show at least that many of one
    /// icon, for the icon that does so in the most colours.
    ColorsWithOneIcon(u32),
}

// ---------------------------------------------------------------------------------------------
// Players

#[derive(Clone, Debug, PartialEq)]
pub struct PlayerRef {
    pub kind: PlayerRefKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum PlayerRefKind {
    You,
    /// `I` / `me`: the demander.
    I {
        me: bool,
    },
    ThatPlayer,
    /// `they`: the player of the enclosing `for each`, or the subject of the statement (as
    /// `their` is).
    They,
    /// `an opponent with fewer points than you`, `another player`, `an opponent of your choice`:
    /// the executor chooses.
    Choose {
        article: PlayerArticle,
        kind: PlayerKind,
        /// `of your choice` written (it changes nothing: the executor chooses anyway).
        of_your_choice: bool,
        with: Option<Box<PlayerMeasure>>,
    },
    /// `the opponent with the most cards in hand`: the player of the set with the most (fewest)
    /// of the measure; on a tie the executor chooses among the tied.
    Extreme {
        kind: PlayerKind,
        most: bool,
        measure: Spanned<Measure>,
        /// `the single player with …`: nobody on a tie (no choice among the tied).
        single: bool,
        /// Written `highest` / `lowest` rather than `most` / `fewest` (the same test).
        highest: bool,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayerArticle {
    /// `an opponent`, `a player` (the article that reads right is printed).
    An,
    Another,
    Any,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayerKind {
    Opponent,
    OtherPlayer,
    Player,
}

/// A set of players to quantify or loop over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayerSet {
    OtherPlayer,
    Opponent,
    Player,
}

impl PlayerSet {
    pub fn words(self) -> &'static str {
        match self {
            PlayerSet::OtherPlayer => "other player",
            PlayerSet::Opponent => "opponent",
            PlayerSet::Player => "player",
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum Winner {
    /// `the single player with the most leaf`: nobody on a tie.
    Single {
        most: bool,
        measure: Spanned<Measure>,
        span: Span,
    },
    Player(PlayerRef),
    /// `the only player remaining`: the one player still in the game, if only one is.
    OnlyRemaining,
}
