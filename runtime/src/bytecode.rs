//! The bytecode of compiled card effects, and a compiled edition: what the VM runs.
//!
//! A `Chunk` is the code of one effect (or of a pure sub-program: a per-card filter, a per-player
//! test, a per-player measure, a special achievement's condition). Its `ops` run on two stacks
//! of the frame: the int stack `I` (numbers, booleans as 0/1, player seats, colour and icon
//! masks) and the card-set stack `S` (lists of cards in a stable order). Each op's doc gives its
//! stack effect as `I: before → after`; ops that can ask a player are marked `[decision]` and ask
//! at most once; ops that record what they did name a `StmtId` whose outcome the frame keeps.
//!
//! Spans sit in a side table (`Chunk::spans`, one per op) so that a runtime error points at the
//! card source. The whole edition is serde-serialisable; `FORMAT_VERSION` changes whenever the
//! encoding does.

use crate::terms::{
    ChoiceKind, Chooser, Comparison, Count, DestinationZone, DueTo, Extreme, HistoryScope,
    PlayerSet, Quantifier, Rounding, Verb,
};
use crate::vocab::{Color, EffectKind, Icon, Slot, SlotPosition, SplayDirection};
use serde::{Deserialize, Serialize};

/// Bumped whenever the serialised form of `CompiledEdition` changes.
pub const FORMAT_VERSION: u32 = 30;

/// How deeply tests and measures may run inside one another (a card test inside a player test
/// inside a condition …). The compiler's deepest today is one (a test run by an effect or a
/// condition, running none); each level recurses on the native stack, and a debug build's VM
/// takes some 170 KiB a level, so a 2 MiB thread (a test's) ends near twelve: six keeps the
/// stack under half used. A compiled edition nesting deeper is refused (`dogmac::validate`), and
/// a run that goes deeper is an error (`Game::run_pure`).
pub const SUB_PROGRAM_DEPTH: usize = 6;

/// A card of the edition, by index into `CompiledEdition::cards`.
pub type CardIdx = u16;
/// A chunk, by index into `CompiledEdition::chunks`.
pub type ChunkIdx = u16;
/// A statement of an effect (numbered in source order within the effect).
pub type StmtId = u16;
/// A special achievement, by index into `CompiledEdition::specials`.
pub type SpecialIdx = u16;
/// A list of small numbers, by index into `Chunk::lists`.
pub type ListIdx = u16;

/// No chunk (an optional chunk operand).
pub const NO_CHUNK: ChunkIdx = u16::MAX;

/// A place in a card source file.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SourceSpan {
    /// Index into `CompiledEdition::files`.
    pub file: u16,
    pub start: u32,
    pub end: u32,
}

/// Every card, special achievement and chunk of an edition, plus its rule variants.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CompiledEdition {
    pub format_version: u32,
    /// The edition's name (`third`).
    pub name: String,
    pub rules: Rules,
    pub cards: Vec<CardInfo>,
    pub specials: Vec<SpecialInfo>,
    pub chunks: Vec<Chunk>,
    /// The source file names that spans point into.
    pub files: Vec<String>,
}

impl CompiledEdition {
    pub fn card(&self, idx: CardIdx) -> &CardInfo {
        &self.cards[idx as usize]
    }

    pub fn chunk(&self, idx: ChunkIdx) -> &Chunk {
        &self.chunks[idx as usize]
    }

    pub fn card_by_title(&self, title: &str) -> Option<CardIdx> {
        self.cards
            .iter()
            .position(|c| c.title == title)
            .map(|i| i as CardIdx)
    }

    pub fn special_by_name(&self, name: &str) -> Option<SpecialIdx> {
        self.specials
            .iter()
            .position(|s| s.name == name)
            .map(|i| i as SpecialIdx)
    }
}

/// The rule variants of an edition that the engine reads (../shared/rules/EDITIONS.md, one field
/// per row). The engine never asks which edition it is; it asks these. An edition manifest's
/// `[rules]` table spells every field in kebab-case (`max-age = 10`); `docs/editions.md` lists
/// them with the value of each edition.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Rules {
    /// The highest age of the supply; drawing above it ends the game ("ages in the supply",
    /// "game ends by score when a draw would exceed").
    pub max_age: u8,
    /// Ages that get a standard achievement at setup (1 to 9 in every edition).
    pub achievement_ages: u8,
    /// Achievements needed to win with 2, 3 and 4 players (a team game uses the first).
    pub achievements_to_win: [u8; 3],
    /// The splay directions cards may use ("splay directions").
    pub splays: Vec<SplayDirection>,
    /// What happens to a card that leaves the game ("cards leaving the game").
    pub leaving: Leaving,
    /// What earns the activating player a free Draw after a shared dogma effect.
    pub share_bonus: ShareBonus,
    /// What "if you do" requires of the previous statement.
    pub if_you_do: IfYouDo,
    /// Who claims a special achievement first when several players qualify at once.
    pub special_tie: SpecialTie,
    /// When special achievements are claimed and a player with enough achievements wins.
    pub achievement_check: AchievementCheck,
    /// Who wins when the game ends by score with the best score and achievements tied.
    pub score_tie: ScoreTie,
    /// The fourth edition's Chain Rule: self-executing while self-executing first draws and
    /// achieves a card of the highest age (a Chain Achievement).
    pub chain_rule: bool,
    /// A player can lose and leave the game (fourth edition's "lose"); else "lose" is unknown.
    /// An expansion may add it (Artifacts of History: Exxon Valdez), so an edition may leave it
    /// out (false).
    #[serde(default)]
    pub elimination: bool,
    /// Which team games the edition has.
    pub teams: Teams,
    /// Parley at four or more players without teams (fourth edition).
    pub parley: bool,
    /// The expansions in play besides the base set, in the order named (`third+cities`): each
    /// adds one achievement to win and one player to the table (deluxe rules, "Playing with
    /// expansions"; ../shared/rules/EXPANSIONS.md §1). Set by the library from the game's name,
    /// never by a manifest.
    #[serde(default)]
    pub expansions: Vec<String>,
    /// Cities of Destiny: the set whose cards are cities. A City is drawn when a Meld action
    /// adds a colour to the melder's board and right after any splay in a new direction, unless
    /// the player already holds one, of the player's highest top card's value (deluxe rules,
    /// "Cities of Destiny"; EXPANSIONS.md C10); a top city is what an Endorse goes through.
    #[serde(default)]
    pub city_set: Option<String>,
    /// Cities of Destiny: the Endorse action (EXPANSIONS.md C11).
    #[serde(default)]
    pub endorse: bool,
    /// Cities of Destiny: the slot whose standard icon is a search icon (the third edition's
    /// cities: top-middle; EXPANSIONS.md C3, C7).
    #[serde(default)]
    pub search_slot: Option<SlotPosition>,
    /// Echoes of the Past: whenever a base card is about to be drawn, a player whose hand holds
    /// cards but none of this set draws a card of this set of that value instead (card by card;
    /// not for searches; Echoes rulebook, "Drawing Echoes cards"; EXPANSIONS.md E1, §2.2 step 4).
    #[serde(default)]
    pub echoes_draw: Option<String>,
    /// Echoes of the Past: the second card each player is dealt at setup comes from this set
    /// (Echoes rulebook, "Game Start").
    #[serde(default)]
    pub opening_set: Option<String>,
    /// Echoes of the Past: a standard achievement of an age a player already holds k of needs
    /// k + 1 times the usual score (Echoes rulebook, "Duplicate Achievements"; EXPANSIONS.md E10).
    #[serde(default)]
    pub duplicate_achievements: bool,
    /// Echoes of the Past: after a Meld action the player may promote a forecast card of value at
    /// most the melded card's (meld it), then take a free Dogma action on it (EXPANSIONS.md E9).
    #[serde(default)]
    pub promote: bool,
    /// Artifacts of History: the set a dig draws from onto the display. After a Meld action that
    /// covered a card of at least the melded card's value, or with its hexagon in the same slot,
    /// the player digs an Artifact of the covered card's value (deluxe rules, "Artifacts of
    /// History"; EXPANSIONS.md A2-A7): the display, and the start-of-turn choice on it.
    #[serde(default)]
    pub dig_set: Option<String>,
    /// Figures in the Sand: the set whose cards are figures. The free Draw for sharing is a
    /// card of this set, and an Achieve action that claims a standard achievement makes each
    /// opponent draw one, clockwise, of their own highest top card (deluxe rules, "Figures in
    /// the Sand"; EXPANSIONS.md F1, §5 #13-14); at the end of every action each player with more
    /// than one top figure scores figures until one is left (fade: F10, §5 #21).
    #[serde(default)]
    pub figure_set: Option<String>,
    /// Figures in the Sand: the Inspire action (EXPANSIONS.md F11): once per turn, a colour's
    /// visible inspire effects, bottom card first, for the player alone, then a draw of that
    /// colour's top card's value.
    #[serde(default)]
    pub inspire: bool,
}

/// What "leaving the game" is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Leaving {
    /// First and third editions: removed cards are set aside in the box.
    Remove,
    /// Fourth edition: a public junk pile; junking a deck junks every card in it.
    Junk,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ShareBonus {
    /// First edition: a shared effect made an actual change of game state.
    StateChanged,
    /// Third edition: a sharing opponent revealed or moved a card.
    CardRevealedOrMoved,
    /// Fourth edition: anything done to a card except revealing it.
    CardChanged,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum IfYouDo {
    /// First and third editions: the statement was carried out in full.
    InFull,
    /// Fourth edition: what was done amounted to more than nothing.
    MoreThanNothing,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SpecialTie {
    /// First and third editions: the current player first, then clockwise (the first
    /// edition's "closest to the current player, clockwise" reads the same).
    CurrentPlayerFirst,
    /// Fourth edition: the first such player clockwise starting to the current player's left.
    LeftOfCurrentFirst,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AchievementCheck {
    /// First and third editions: a special achievement is claimed the moment its condition
    /// holds, and a player wins the moment they hold enough achievements.
    Immediately,
    /// Fourth edition: at the end of each action, special achievements are claimed, then the
    /// achievement win is checked; several winners are decided by most achievements, then the
    /// first from the current player's left (fourth-edition rulebook, "Achievements & Victory").
    EndOfAction,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ScoreTie {
    /// Third and fourth editions: most achievements, then the game is a draw.
    Draw,
    /// First edition: most achievements, then the tied players share the victory.
    SharedVictory,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Teams {
    /// No team games.
    None,
    /// Third edition: two against two at four players, partners seated across.
    TwoAgainstTwo,
    /// Fourth edition: teams of any size and seating.
    AnySize,
}

impl Rules {
    /// Whether cards may be splayed in the direction.
    pub fn has_splay(&self, direction: SplayDirection) -> bool {
        self.splays.contains(&direction)
    }
}

impl Rules {
    /// The most players a game may seat: four, plus one per expansion in play (the deluxe
    /// rules' header says 2-4; the Echoes rulebook, "Playing with Expansions": one more per
    /// expansion; EXPANSIONS.md §5 #2).
    pub fn most_players(&self) -> usize {
        4 + self.expansions.len()
    }

    /// The supply index of an expansion in play by its name (0 is base).
    pub fn set_index(&self, name: &str) -> Option<u8> {
        self.expansions
            .iter()
            .position(|e| e == name)
            .map(|i| i as u8 + 1)
    }
}

/// The highest `max-age` an edition may have (the official editions stop at 11; a designer's
/// may go further, but an age is a `u8` the engine counts past).
pub const MAX_AGE_LIMIT: u8 = 99;

/// The most expansions one game may add (a set is a `u8`; every expansion adds a player).
pub const MAX_EXPANSIONS: usize = 8;

impl Rules {
    /// Checks that every rule variant is in its range: `max-age` from 1 to `MAX_AGE_LIMIT`,
    /// `achievement-ages` at most `max-age`, achievements to win from 1 to 255, no splay
    /// direction twice, expansions named once and at most `MAX_EXPANSIONS`. Says which key is
    /// wrong, in the manifest's spelling.
    pub fn check(&self) -> Result<(), String> {
        if !(1..=MAX_AGE_LIMIT).contains(&self.max_age) {
            return Err(format!(
                "max-age = {}: the highest age must be from 1 to {MAX_AGE_LIMIT}",
                self.max_age
            ));
        }
        if self.achievement_ages > self.max_age {
            return Err(format!(
                "achievement-ages = {} is above max-age = {}: each of ages 1 to achievement-ages gives a standard achievement from its deck",
                self.achievement_ages, self.max_age
            ));
        }
        if let Some(n) = self.achievements_to_win.iter().find(|n| **n == 0) {
            return Err(format!(
                "achievements-to-win = {:?}: {n} achievements would win before the game starts",
                self.achievements_to_win
            ));
        }
        for (i, d) in self.splays.iter().enumerate() {
            if self.splays[..i].contains(d) {
                return Err(format!("splays names {d} twice"));
            }
        }
        if self.expansions.len() > MAX_EXPANSIONS {
            return Err(format!(
                "{} expansions in play: a game takes at most {MAX_EXPANSIONS}",
                self.expansions.len()
            ));
        }
        for (i, e) in self.expansions.iter().enumerate() {
            if self.expansions[..i].contains(e) {
                return Err(format!("the expansion `{e}` is in play twice"));
            }
        }
        Ok(())
    }

    /// Checks that a supply of cards, each given as its age and its set (0 for base, else
    /// 1 + its expansion's place in `expansions`), can set up a game of `players` players and
    /// play it: every card of an age from 1 to `max-age` and of a set in play, a standard
    /// achievement for each of ages 1 to `achievement-ages`, and the opening deal (two age-1
    /// cards to each player, the second from the opening set when there is one). A card is
    /// given as its title, age and supply.
    pub fn check_supply<'a>(
        &self,
        cards: impl IntoIterator<Item = (&'a str, u8, u8)>,
        players: usize,
    ) -> Result<(), String> {
        let sets = 1 + self.expansions.len();
        let ages = self.max_age as usize + 1;
        let mut counts = vec![vec![0usize; ages]; sets];
        for (title, age, set) in cards {
            if !(1..=self.max_age).contains(&age) {
                return Err(format!(
                    "{title} is of age {age}, outside the supply's ages 1 to {}",
                    self.max_age
                ));
            }
            let Some(per_age) = counts.get_mut(set as usize) else {
                return Err(format!(
                    "{title} belongs to supply {set}, but {} expansion(s) are in play",
                    self.expansions.len()
                ));
            };
            per_age[age as usize] += 1;
        }
        let set_name = |set: usize| match set {
            0 => "base".to_string(),
            s => self.expansions[s - 1].clone(),
        };
        let opening = self
            .opening_set
            .as_deref()
            .and_then(|name| self.set_index(name))
            .unwrap_or(0) as usize;
        // What setting up takes out of each (set, age 1) deck: the achievement, then the deal.
        let mut needed = vec![0usize; sets];
        if self.achievement_ages >= 1 {
            needed[0] += 1;
        }
        needed[0] += players;
        needed[opening] += players;
        for (set, need) in needed.iter().enumerate() {
            let have = counts[set][1];
            if have < *need {
                return Err(format!(
                    "the {} set has {have} card(s) of age 1, but setting up {players} players needs {need} (the age 1 achievement and two cards for each player)",
                    set_name(set)
                ));
            }
        }
        let base = &counts[0];
        if let Some(age) = (2..=self.achievement_ages as usize).find(|a| base[*a] == 0) {
            return Err(format!(
                "the base set has no card of age {age}, but achievement-ages = {} sets one aside from each of ages 1 to {}",
                self.achievement_ages, self.achievement_ages
            ));
        }
        Ok(())
    }
}

impl CompiledEdition {
    /// Checks that the edition can be played: its rules in range (`Rules::check`), every card of
    /// an age and a set of its supply and the supply enough to seat `players` (`check_supply`).
    pub fn check_playable(&self, players: usize) -> Result<(), String> {
        self.rules.check()?;
        self.rules.check_supply(
            self.cards
                .iter()
                .map(|c| (c.title.as_str(), c.age, c.deck_set)),
            players,
        )
    }
}

impl Default for Rules {
    /// The third edition's rules: what hand-built editions in tests play by. The editions the
    /// tool compiles take theirs from their manifests (`cards/editions/*.toml`).
    fn default() -> Rules {
        Rules {
            max_age: 10,
            achievement_ages: 9,
            achievements_to_win: [6, 5, 4],
            splays: vec![
                SplayDirection::Left,
                SplayDirection::Right,
                SplayDirection::Up,
            ],
            leaving: Leaving::Remove,
            share_bonus: ShareBonus::CardRevealedOrMoved,
            if_you_do: IfYouDo::InFull,
            special_tie: SpecialTie::CurrentPlayerFirst,
            achievement_check: AchievementCheck::Immediately,
            score_tie: ScoreTie::Draw,
            chain_rule: false,
            elimination: false,
            teams: Teams::TwoAgainstTwo,
            parley: false,
            expansions: Vec::new(),
            city_set: None,
            endorse: false,
            search_slot: None,
            echoes_draw: None,
            opening_set: None,
            duplicate_achievements: false,
            promote: false,
            dig_set: None,
            figure_set: None,
            inspire: false,
        }
    }
}

/// A card's facts and its compiled effects.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CardInfo {
    pub title: String,
    pub set: String,
    /// The supply the card belongs to: 0 for the base set (and a designer's cards added to
    /// it), else 1 + its expansion's place in `Rules::expansions`.
    #[serde(default)]
    pub deck_set: u8,
    pub age: u8,
    pub color: Color,
    pub slots: Vec<(SlotPosition, Slot)>,
    pub dogma_icon: Option<Icon>,
    pub effects: Vec<EffectInfo>,
    /// A Relic (Artifacts of History, `relic of SET`): whether the set on its back is in play.
    /// A Relic starts beside its deck, may be seized after a dig, and goes back beside its deck
    /// when returned (EXPANSIONS.md A10-A12).
    #[serde(default)]
    pub relic: Option<RelicBack>,
    /// Its value while it lies on a board, where that differs from its age (`value 11 on a
    /// board`: Battleship Yamato, EXPANSIONS.md A9); its age is its value everywhere else and
    /// names its deck. `State::value` reads it.
    #[serde(default)]
    pub board_value: Option<u8>,
    /// Figures in the Sand: the card's karma effects, in printed order. They act while the card
    /// is a top card (a "When" karma as it is melded).
    #[serde(default)]
    pub karmas: Vec<KarmaInfo>,
    pub span: SourceSpan,
}

/// A karma effect (Figures in the Sand; deluxe rules, "Figures in the Sand"; EXPANSIONS.md
/// F3-F8), compiled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum KarmaInfo {
    /// "You may issue a … Decree with any two figures" (F6): the Decree action may issue this
    /// decree with any two figures in hand.
    Decree(SpecialIdx),
    /// "When you meld this card, …" (F4): this effect chunk runs for the melder as the card is
    /// melded.
    /// `from_hand`: only when it was melded from the melder's hand.
    WhenMelded { chunk: ChunkIdx, from_hand: bool },
    /// "If you would …, first/instead …" (F7): when `who` would do `event` to a card that
    /// passes `test` (`NO_CHUNK`: any card), `chunk` runs for the karma's owner before the event
    /// (`first`) or in its place, its statement 0 the event's card (`it`).
    Would {
        who: KarmaWho,
        event: WouldEvent,
        first: bool,
        test: ChunkIdx,
        chunk: ChunkIdx,
    },
    /// "If you are required to fade a figure, instead do nothing": while the card is a top
    /// card, its owner does not fade (F10).
    NoFade,
    /// "Each … provides N additional …" (F5): per unit counted on the owner's side, `amount`
    /// more of each gift, counted from the cards as they are (karmas do not chain: F8).
    Provides {
        per: KarmaCount,
        amount: u8,
        gift: KarmaGift,
    },
}

/// Whose events a "would" karma watches, from its owner's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum KarmaWho {
    You,
    Opponent,
    Player,
}

/// The event a "would" karma watches: a Dogma action (its card: the card activated), or a move
/// of a card with a verb (a draw: the card on top of the deck drawn from).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum WouldEvent {
    Dogma,
    Move(Verb),
    /// `score or return a card`: a move with either verb.
    Either(Verb, Verb),
    /// `splay a color left`: a splay of a pile in that direction that changes it (its card:
    /// the pile's top card).
    Splay(SplayDirection),
    /// The free Draw for sharing (a draw of its own: its card is the card it would draw).
    SharingDraw,
}

impl WouldEvent {
    /// Whether a karma watching `self` watches `event` (a Dogma action or one verb's move).
    pub fn watches(self, event: WouldEvent) -> bool {
        match (self, event) {
            (WouldEvent::Either(a, b), WouldEvent::Move(v)) => v == a || v == b,
            (watched, event) => watched == event,
        }
    }
}

/// What a `provides` karma counts on its owner's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum KarmaCount {
    /// An icon visible on the board.
    Icon(Icon),
    /// Hexagons visible on the board.
    Hexagons,
    /// Cards in the zones of the mask (`KARMA_HAND`, `KARMA_SCORE`, `KARMA_FORECAST`).
    CardsIn(u8),
    /// Splayed colours on the board.
    SplayedColors,
    /// The icons visible in the piles splayed in that direction, each counted for its own kind
    /// (with `KarmaGift::SameIcon`).
    IconsInSplayed(SplayDirection),
}

/// `KarmaCount::CardsIn`'s zone bits.
pub const KARMA_HAND: u8 = 1;
pub const KARMA_SCORE: u8 = 2;
pub const KARMA_FORECAST: u8 = 4;

/// What a `provides` karma adds per unit counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum KarmaGift {
    /// Points toward the score.
    Points,
    /// Icons of each kind in the mask (`icon_bit`).
    Icons(u8),
    /// Icons of every kind the owner's board shows (its visible count above zero).
    EveryIconOnBoard,
    /// Icons of the kind counted (per icon of `KarmaCount::IconsInSplayed`).
    SameIcon,
    /// Points, times the icon's visible count on the owner's board.
    PointsPerIcon(Icon),
}

/// Whether a Relic's set is in play: only then may it go to a hand and be played as a card of
/// its set; otherwise it is only ever an achievement (EXPANSIONS.md A11, §4 "Artifacts + all").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RelicBack {
    InPlay,
    NotInPlay,
}

impl CardInfo {
    /// What the card shows in a slot.
    pub fn slot(&self, position: SlotPosition) -> Slot {
        self.slots
            .iter()
            .find(|(p, _)| *p == position)
            .map_or(Slot::Empty, |(_, s)| *s)
    }

    /// How many slots show the icon.
    pub fn icon_count(&self, icon: Icon) -> usize {
        self.slots
            .iter()
            .filter(|(_, s)| s.icon() == Some(icon))
            .count()
    }

    /// Whether any slot shows the icon.
    pub fn has_icon(&self, icon: Icon) -> bool {
        self.slots.iter().any(|(_, s)| s.icon() == Some(icon))
    }

    /// Whether any slot shows a special icon of the mask (bits: `special_bit`).
    pub fn has_special(&self, mask: u8) -> bool {
        self.slots.iter().any(|(_, s)| special_bit(*s) & mask != 0)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EffectInfo {
    pub kind: EffectKind,
    pub chunk: ChunkIdx,
}

/// A special achievement: its condition (a chunk run for the player being tested, who is the
/// executor, leaving 0/1 on `I`; `None` when only its triggers claim it), the moves that claim
/// it, and the cards that can also claim it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SpecialInfo {
    pub name: String,
    pub condition: Option<ChunkIdx>,
    pub triggers: Vec<Trigger>,
    pub via: Vec<CardIdx>,
    /// Figures in the Sand: a Decree, claimed only by the Decree action (EXPANSIONS.md F9): its
    /// colour and its effect, run by the issuer alone.
    #[serde(default)]
    pub decree: Option<DecreeInfo>,
    pub span: SourceSpan,
}

/// A Decree's colour and effect chunk.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DecreeInfo {
    pub color: Color,
    pub effect: ChunkIdx,
}

/// A move that claims a special achievement the moment a player makes it (`when you tuck a card
/// with flag`): right after a player moves a card with `verb`, the card test `test` runs with
/// the card as the candidate and the mover as the executor.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Trigger {
    pub verb: Verb,
    pub test: ChunkIdx,
}

/// What a chunk computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ChunkKind {
    /// An effect: runs for an executor, may ask players, ends with `Return`.
    Effect,
    /// A test of one card (the candidate): leaves 0/1 on `I`. Pure.
    CardTest,
    /// A test of one player (`Player::Each`): leaves 0/1 on `I`. Pure.
    PlayerTest,
    /// A number of one player (`Player::Each`): leaves it on `I`. Pure.
    PlayerMeasure,
    /// A special achievement's condition, for the executor: leaves 0/1 on `I`. Pure.
    Condition,
}

/// The code of one effect or sub-program.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Chunk {
    /// A readable name for the disassembly (`Archery, demand 1`).
    pub name: String,
    pub kind: ChunkKind,
    pub ops: Vec<Op>,
    /// The source span of each op (same length as `ops`).
    pub spans: Vec<SourceSpan>,
    /// How many statement outcomes the chunk records (statement ids `0..stmts`).
    pub stmts: u16,
    /// Lists of numbers referred to by ops (statement ids, values).
    pub lists: Vec<Vec<u16>>,
    /// Words referred to by ops (the alternatives of an `either`, shown to the player asked).
    pub texts: Vec<String>,
}

impl Chunk {
    /// A list an op refers to (empty when there is no such list).
    pub fn list(&self, list: ListIdx) -> &[u16] {
        self.lists.get(list as usize).map_or(&[], Vec::as_slice)
    }
}

/// Which of a player's zones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ZoneSel {
    Hand,
    ScorePile,
    Achievements,
    /// The top card of each pile.
    BoardTop,
    /// The bottom card of each pile.
    BoardBottom,
    /// Every card of every pile, each pile from top to bottom.
    BoardAll,
    /// Echoes: the forecast.
    Forecast,
}

/// A player named relative to the running frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Who {
    /// `you`.
    Executor,
    /// `I` / `my`: the demander (an error outside a demand).
    Demander,
    /// `their`: the player of the innermost `for each` loop or player test.
    Each,
}

/// One card of a bound set, by its order of moving.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Nth {
    Index(u8),
    Last,
}

/// When a lasting effect runs (the operand of `Op::Lasting`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LastingWhen {
    /// At the start of the executor's next turn, before its first action.
    NextTurn,
    /// Right after the executor's next move of a card with the verb this turn, by any cause;
    /// forgotten at the end of the turn.
    NextMove(Verb),
    /// Figures: a "When you meld this card" karma, due as its card is melded (never set by
    /// `Op::Lasting`: the engine makes it due).
    Melded,
    /// Figures: a "would" karma's effect, due before the event it watches (never set by
    /// `Op::Lasting`: the engine makes it due; `game::karma`).
    Would,
}

/// A number a player has (the operand of `Measure`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MeasureCode {
    /// The score: total value of the score pile.
    Points,
    Achievements,
    TopCards,
    /// The top cards of a set (0: base; a set not in play: none).
    TopOfSet(u8),
    CardsInHand,
    CardsInScorePile,
    ColorCards(Color),
    Icons(Icon),
    /// The highest visible bonus on the board (0 for none).
    HighestBonus,
    CardsInForecast,
    /// The cards of a value in one of the player's zones (hand, score pile, forecast).
    CardsOfValueIn {
        value: u8,
        zone: ZoneSel,
    },
    /// The value of the card the player moved last with the verb due to this card during this
    /// dogma action (0 for none): `the next higher value` is one above the last card drawn.
    LastMovedValue(Verb),
    /// Visible bonuses on the board.
    Bonuses,
    /// The different values of the visible bonuses on the board.
    DifferentBonuses,
    /// The most of the slot visible in one colour's pile.
    InOneColor(Slot),
    /// The most cards visible in one colour's pile.
    VisibleInOneColor,
    /// How many colours show at least `n` of one icon, for the icon that does so most.
    ColorsWithOneIcon(u8),
    /// Cards the player moved with the verb this action or turn (optionally due to this card).
    Moved {
        verb: Verb,
        due_to: Option<DueTo>,
        scope: HistoryScope,
    },
}

/// One instruction. `Copy`, small (its size is pinned by a test), with named operands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Op {
    // ----- control ---------------------------------------------------------------------------
    /// Continue at `target`.
    Jump { target: u16 },
    /// `I: b →`; continue at `target` when b is 0.
    JumpIfFalse { target: u16 },
    /// End the chunk. In a pure chunk the result is the top of `I`.
    Return,
    /// `repeat this effect`: forget every outcome and restart the effect for the same players
    /// (the effect's parameters keep the values `SetParam` gave them), counting the repeat.
    RepeatEffect,
    /// `→ I: n`: how many times `RepeatEffect` has restarted this execution of the effect (`at
    /// most twice`).
    Repeats,
    /// `I: v →`: give the effect's parameter its first value, unless a repeat has set it.
    InitParam { index: u8 },
    /// `I: v →`: set the effect's parameter (before `RepeatEffect`).
    SetParam { index: u8 },
    /// `→ I: v` of the effect's parameter.
    Param { index: u8 },
    /// `end the dogma action`: the rest of the dogma action is skipped.
    EndDogma,
    /// `end the game`: the game ends as when the supply runs out (by score).
    EndGame,
    /// Does nothing (`keep it`).
    Nop,
    /// `I: n →`; start a counted loop of n turns (n ≤ 0: none).
    LoopStart,
    /// Take one turn of the innermost counted loop, or end it and continue at `exit`.
    LoopNext { exit: u16 },
    /// Start a loop over a group of players, clockwise from the executor's left (`All`: the
    /// executor first, then clockwise).
    EachStart { group: PlayerSet },
    /// `I: mask →`; start a loop over the colours of the mask, in the order blue, green, purple,
    /// red, yellow.
    ColorsStart,
    /// Make the next colour of the innermost colour loop current (`that color`), or end it and
    /// continue at `exit`.
    ColorsNext { exit: u16 },
    /// `→ I: mask` of the current colour of the innermost colour loop.
    LoopColor,
    /// `I: seat → I: v1 … vk k` (no seat with a group): the values of the visible bonuses of the
    /// player's board (of every board of the group), one per bonus, lowest first, then how many;
    /// `repeated`: each value that two or more bonuses show, once.
    BonusValues {
        group: Option<PlayerSet>,
        repeated: bool,
    },
    /// `S: cards → I: v1 … vk k`: the bonus of each card that has one, lowest first.
    CardBonuses,
    /// `S: cards → I: n`: how many slots of the cards show the icon, all cards added up.
    CardIcons { icon: Icon },
    /// `S: cards → I: v1 … vk k`: the different values of the cards, lowest first, then how many.
    SetValues,
    /// `I: v1 … vk k →`; start a loop over the values, in that order.
    ValuesStart,
    /// Make the next value of the innermost value loop current (`that value`), or end it and
    /// continue at `exit`.
    ValuesNext { exit: u16 },
    /// `→ I: v`: the current value of the innermost value loop.
    LoopValue,
    /// `S: cards →`; start a loop over the cards (`for each card in …`).
    CardsStart,
    /// Take one round of the innermost card loop, or (no card left) end it and continue at
    /// `exit`.
    CardsNext { exit: u16 },
    /// `→ S: cards`: the cards of the innermost card loop still to come.
    CardsLeft,
    /// `S: card →`: the card picked is this round's: it leaves the innermost card loop's cards
    /// to come and is the statement's card (`it`), its outcome started afresh.
    CardsTake { stmt: StmtId },
    /// `I: seat →`: that player carries out the statements up to the matching `ActorEnd`: they
    /// make its moves and its choices (`each opponent draws …`, `that player chooses …`); `you`
    /// is still the executor. Nobody (no player qualified): continue at `exit`.
    ActorStart { exit: u16 },
    /// The statement run for another player is over: the player before them acts again.
    ActorEnd,
    /// Make the next player of the innermost player loop `their`, or end it and continue at `exit`.
    EachNext { exit: u16 },

    // ----- numbers ---------------------------------------------------------------------------
    /// `→ I: n`.
    Int { value: i16 },
    /// `I: a b → a+b`.
    Add,
    /// `I: a b → a-b`.
    Sub,
    /// `I: a b → a*b`.
    Mul,
    /// `I: a → a / by`, rounded down.
    Div { by: u8 },
    /// `I: a → half of a`, rounded.
    Half { rounding: Rounding },
    /// `I: a b → (a op b)`.
    Compare { op: Comparison },
    /// `I: b → !b`.
    Not,
    /// `I: a b → a && b`.
    And,
    /// `I: a b → a || b`.
    Or,
    /// `I: a b → a | b` (colour or icon masks).
    BitOr,
    /// `I: a b → a & b` (colour or icon masks).
    BitAnd,
    /// `I: mask → number of bits set`.
    PopCount,
    /// `I: a → a a`.
    Dup,
    /// `I: a b → b`.
    Nip,
    /// `I: a b → b a`.
    Swap,
    /// `I: a →`.
    Pop,

    // ----- players ---------------------------------------------------------------------------
    /// `→ I: seat`.
    Player { who: Who },
    /// `→ I: seat` of the player chosen by an earlier statement (`that player`).
    ChosenPlayer { stmt: StmtId },
    /// `→ I: seat`; the acting player (the executor, or the subject of the statement being run
    /// for another player) picks a player of the group, taken relative to the executor (meeting
    /// the test chunk when not `NO_CHUNK`); recorded as the statement's chosen player.
    /// `[decision]`
    ChoosePlayer {
        group: PlayerSet,
        test: ChunkIdx,
        stmt: StmtId,
    },

    /// `→ I: seat`: the player of the group (relative to the executor) with the most (with
    /// `most` false, fewest) of the measure chunk; on a tie the acting player picks among the
    /// tied; recorded as the statement's chosen player. `[decision]`
    ChooseExtremePlayer {
        group: PlayerSet,
        pick: ExtremePick,
        measure: ChunkIdx,
        stmt: StmtId,
    },

    // ----- card sets -------------------------------------------------------------------------
    /// `I: seat → S: cards` of that player's zone.
    Zone { zone: ZoneSel },
    /// `→ S: cards` of the zone of every player of the group, clockwise from the executor.
    ZoneOfGroup { zone: ZoneSel, group: PlayerSet },
    /// `→ S: cards` an earlier statement moved or showed that are still in the executor's hand,
    /// board or score pile (`returned`, `it`).
    Bound { stmt: StmtId },
    /// `→ S: cards` an earlier statement moved or showed, wherever they are now (for their
    /// values and colours: `color of tucked` after the tucked card was scored).
    BoundAnywhere { stmt: StmtId },
    /// `→ S: [card]`: one card of a bound set by its order of moving (`the second melded`).
    BoundNth { stmt: StmtId, nth: Nth },
    /// `→ S: [card]`, wherever it is.
    Card { card: CardIdx },
    /// `→ S: [card]` whose effect is running.
    ThisCard,
    /// `→ S: cards` moved with the verb earlier in the action or turn (`I: seat →` first when
    /// `by` is set), optionally only those due to this card (or its demands).
    History {
        verb: Verb,
        due_to: Option<DueTo>,
        scope: HistoryScope,
        by: bool,
    },
    /// `S: refs → cards` under the referenced cards in their piles.
    Beneath,
    /// `S: a → a a`.
    DupSet,
    /// `S: a →`.
    PopSet,
    /// `S: a b → a then b` (b's cards not already in a).
    Union,
    /// `I: age → S: cards` of that age's deck of the set (0: base; a set not in play has no
    /// cards), top first (none for an age outside the supply).
    DeckCards { set: u8 },
    /// `I: age → S: cards`: the `n` top (with `bottom`, bottom) cards of that age's deck of the
    /// set, top first (fewer when the deck has fewer; none for an age outside the supply).
    DeckEnd { n: u8, bottom: bool, set: u8 },
    /// `S: cards → I: seat`: the player whose zone holds the first card (nobody for a card in no
    /// player's zone, or none).
    OwnerOfCards,
    /// `→ S: cards`: the executor picks a deck with cards among every set in play and age (`the
    /// top card of any deck`); the `n` top (with `bottom`, bottom) cards of it, top first (none
    /// when every deck is empty). `[decision]`
    ChosenDeckEnd { n: u8, bottom: bool },
    /// `→ S: cards` of the available standard achievements.
    AvailableCards,
    /// `S: cards → cards` directly above each card in its pile (none for a top card).
    Above,
    /// `S: cards → cards` directly beneath each card in its pile (none for a bottom card or a
    /// card on no board): the cards a meld covered (`covered`).
    Below,
    /// `S: cards → I: set` on the back of the first card (a card's type; -1 for none).
    TypeOf,
    /// `→ S: [card]` the candidate of a card test.
    CandidateCard,

    // ----- filters (`S: cards → cards that pass`) --------------------------------------------
    /// `I: mask →`; keep cards whose colour is in the mask.
    KeepColors,
    /// Drop cards of the colour.
    DropColor { color: Color },
    /// Keep cards showing at least one icon of the mask (bit = `Icon` index).
    KeepIcons { mask: u8 },
    /// Drop cards showing the icon.
    DropIcon { icon: Icon },
    /// Keep cards showing at least one icon of `icons` (bit = `Icon` index) or one special icon
    /// of `specials` (bit = `special_bit`: plus, arrows, flag, fountain).
    KeepSlots { icons: u8, specials: u8 },
    /// Drop cards showing any special icon of the mask (bit = `special_bit`).
    DropSpecials { specials: u8 },
    /// `I: v1 … vn →`; keep cards whose value is one of the n values.
    KeepValues { n: u8 },
    /// `I: v →`; keep cards whose value compares so with v.
    KeepValueCmp { op: Comparison },
    /// `I: seat →`; keep cards whose colour is (negated: is not) on that player's board.
    KeepColorOnBoard { negated: bool },
    /// Keep cards whose colour is on some board of the group (negated: on none).
    KeepColorOnGroup { group: PlayerSet, negated: bool },
    /// `S: cards others → cards not among others`.
    DropCards,
    /// Keep cards that are top cards of a board.
    KeepTop,
    /// Keep cards for which the card-test chunk leaves true.
    KeepIf { test: ChunkIdx },
    /// Keep cards with a demand effect.
    KeepDemand,
    /// Keep cards with an effect of any kind (with `negated`, those with none).
    KeepEffects { negated: bool },
    /// Keep cards that lie in a splayed pile of a board.
    KeepSplayedPile,
    /// Keep cards with a bonus (with `negated`, without one) in any slot.
    KeepBonus { negated: bool },
    /// Keep cards of odd (or even) value.
    KeepParity { odd: bool },
    /// Keep cards of a set (their `deck_set`: 0 base, else an expansion in play; `u8::MAX`, a
    /// set not in play, keeps none): a card's type (`a top Artifact`).
    KeepSet { set: u8 },
    /// `I: seat, S: cards → cards` the player could claim as standard achievements (the Achieve
    /// action's test at each card's value, the player's score multiplied by `score_multiple`).
    KeepEligible { score_multiple: u8 },
    /// `I: seat, S: cards → cards` the player can claim one after the other, in order, as
    /// standard achievements (`achieve (if eligible) 2 …`): each kept card counts as held for
    /// the next (duplicate achievements: EXPANSIONS.md E10).
    KeepClaimable { score_multiple: u8 },
    /// Keep cards showing one of the icons the statement chose.
    KeepChosenIcons { stmt: StmtId },
    /// Keep cards among the bottom `n` of their pile.
    KeepPileBottom { n: u8 },
    /// Keep cards of a pile that are not its bottom card (`non-bottom`).
    KeepNotPileBottom,
    /// Keep cards on a board that show the slot where it can be seen: any slot of a top card,
    /// the slots the pile's splay reveals on a card beneath (`with a visible music_note`).
    KeepVisibleSlot { slot: Slot },
    /// `S: cards others → S: kept`: keep the cards that show an icon (on the card itself, all
    /// slots) one of the others shows.
    KeepSharingIcon,
    /// `S: cards others → S: kept`: keep the cards whose title comes before every other's in
    /// the alphabet (letters and digits only, case ignored); with no others, none.
    KeepBeforeInAlphabet,
    /// `I: seat →` when `started`; keep the cards that lay on every remaining player's board at
    /// some time in this action (the board each lay on when the action began included) and,
    /// when `started`, lay on that player's board when the action began.
    KeepBeenOnEveryBoard { started: bool },
    /// `S: cards others → S: kept`: keep the cards that show exactly the icons one of the
    /// others shows, in type and number (on the card itself, all slots).
    KeepSameIcons,
    /// Keep one card of the set, by its place in the set's order (the first, the last).
    KeepNth { nth: Nth },
    /// Keep cards that are not among the top `n` of their pile.
    KeepAllButTop { n: u8 },
    /// Keep cards among the top `n` of their pile.
    KeepPileTop { n: u8 },
    /// `S: cards others → cards among others`.
    KeepCards,

    // ----- choosing cards --------------------------------------------------------------------
    /// `S: candidates → chosen`: take `count` cards (extremes first), the chooser choosing among
    /// equal options; with `optional`, choosing none declines (a folded `you may`). Records the
    /// requested number on the statement. `[decision]`
    Pick {
        count: Count,
        extreme: Option<Extreme>,
        chooser: Chooser,
        optional: bool,
        stmt: StmtId,
    },
    /// `S: cards → cards`: the mover orders several cards whose order matters. `[decision]`
    Order { stmt: StmtId },
    /// `→ I: seat`: the one player still in the game (the others lost), or -1 when several are.
    OnlyRemaining,
    /// `S: cards → cards`: the cards of each pile bottom card first (`from the bottom up`); the
    /// piles in colour order, then the cards elsewhere as they were.
    BottomFirst,
    /// `S: cards → cards of one value`: the chooser picks a value that at least `n` of the
    /// cards share; the others are dropped (none when no value is shared so). `[decision]`
    ChooseSharedValue {
        n: u8,
        chooser: Chooser,
        stmt: StmtId,
    },
    /// `S: cards →`: the cards are the statement's (`choose a card …`), left where they are.
    Mark { stmt: StmtId },

    // ----- numbers from cards and boards -----------------------------------------------------
    /// `S: cards → I: highest value` (0 for none).
    ValueOf,
    /// `S: cards → I: highest bonus` (0 for none).
    BonusOf,
    /// `S: cards → I: highest or lowest value` (0 for none).
    ExtremeValue { extreme: Extreme },
    /// `S: cards → I: how many`.
    CountCards,
    /// `S: cards → I: the sum of their values`.
    TotalValue,
    /// `S: cards → I: how many different values`.
    DistinctValues,
    /// `S: a b → I: same`: whether the two sets hold the same values, each as many times.
    ValuesMatch,
    /// `S: cards → I: how many different colours`.
    DistinctColors,
    /// `S: cards → I: mask of their colours`.
    ColorsOfCards,
    /// `→ I: mask` of the candidate card's colour (in a card test).
    CandidateColor,
    /// `→ I: value` of the candidate card (in a card test).
    CandidateValue,
    /// `→ I: value` chosen by an earlier `choose a value`.
    ChosenValue { stmt: StmtId },
    /// `→ I: v1 … vk k`: the values an earlier `choose … values` picked, lowest first.
    ChosenValues { stmt: StmtId },
    /// `I: n → v1 … vk k`: the values from 1 to n - 1 (`value less than 9`), lowest first.
    ValuesBelow,
    /// `I: v1 … vk k → vk … v1 k`: a list of values in the reverse order (`in descending order`).
    ReverseValues,
    /// `→ I: mask` of the colours chosen by an earlier `choose … colors`.
    ChosenColors { stmt: StmtId },
    /// `I: seat → seat mask` of the colours on that player's board.
    BoardColors,
    /// `I: seat mask → seat mask'`: keep colours splayed in one of the directions (mask of
    /// `SplayDirection` bits; 0 = any direction).
    ColorsSplayed { directions: u8 },
    /// `I: seat mask → seat mask'`: keep colours whose pile shows the icon.
    ColorsWithIcon { icon: Icon },
    /// `I: seat mask → seat mask'`: keep colours whose pile shows no such icon.
    ColorsWithoutIcon { icon: Icon },
    /// `I: seat mask other → seat mask'`: keep colours (negated: not) on `other`'s board.
    ColorsOnBoard { negated: bool },
    /// `I: seat mask → seat mask'`: keep colours on some board of the group (negated: on none),
    /// the group taken relative to the executor.
    ColorsOnGroup { group: PlayerSet, negated: bool },
    /// `I: seat → n`.
    Measure { measure: MeasureCode },

    // ----- conditions ------------------------------------------------------------------------
    /// `→ I: b`: the statement was carried out (`done` = true) or not, by the edition's rule.
    Did { stmt: StmtId, done: bool },
    /// `→ I: b`: the statement changed something: after a self-execute or an "as if" execution,
    /// a card moved, a pile was splayed or rearranged, an achievement was claimed or junked, a
    /// player left the game, a lasting effect was set while it ran (a reveal, a look or a choice
    /// alone changes nothing); after any other statement, it was carried out in part at least.
    Changed { stmt: StmtId },
    /// `→ I: b`: the number of cards the statement moved compares so with n.
    Moved { stmt: StmtId, op: Comparison, n: u8 },
    /// `I: seat → b`: the statement took cards from that player's zones (`for each player that
    /// returned cards`).
    TookFrom { stmt: StmtId },
    /// `S: all filtered → I: b`: any / each / no card of `all` is in `filtered`.
    QuantifyCards { quantifier: Quantifier },
    /// `→ I: b`: the player test holds for any / each / no player of the group.
    QuantifyPlayers {
        quantifier: Quantifier,
        group: PlayerSet,
        test: ChunkIdx,
    },
    /// `→ I: n`: how many players of the group (relative to the executor) the player test
    /// holds for (every one when it is `NO_CHUNK`).
    CountPlayers { group: PlayerSet, test: ChunkIdx },
    /// `→ I: b`: the player test holds for the executor and for no other player.
    OnlyPlayer { test: ChunkIdx },
    /// `I: seat → b`: the player's measure compares so with that of every player of the group
    /// (other than the player).
    VersusEach {
        measure: ChunkIdx,
        op: Comparison,
        group: PlayerSet,
        /// Theirs counts this many times (`at least twice as many`).
        factor: u8,
    },
    /// `I: seat mask → b`: a pile of a colour of the mask is splayed in the direction.
    IsSplayed { direction: SplayDirection },
    /// `I: seat value → b`: the player could claim the standard achievement of the value by an
    /// Achieve action now (the Achieve action's own test).
    Eligible,

    // ----- actions ---------------------------------------------------------------------------
    /// `→ I: b`: the executor answers yes or no (`you may`). `[decision]` With `fold`, the
    /// `you may` is not asked here: it pushes yes and folds into the first choice of its body,
    /// which then offers declining as one more answer (../shared/SCENARIOS.md, "How questions
    /// are asked"); declining there unwinds to the `JumpIfFalse` after this op.
    AskYesNo { stmt: StmtId, fold: bool },
    /// `→ I: index`: the chooser (the player carrying out the statement, or with `Demander` the
    /// demander: `I choose either …`) picks one of `n` alternatives, whose words are the chunk's
    /// `texts[texts..texts + n]`. `[decision]`
    AskOption {
        stmt: StmtId,
        n: u8,
        texts: u16,
        chooser: Chooser,
    },
    /// The chooser picks `count` values, colours, players or icons (never the icons of the
    /// `except` mask); recorded on the statement. `[decision]`
    Choose {
        kind: ChoiceKind,
        count: u8,
        chooser: Chooser,
        stmt: StmtId,
        except: u8,
    },
    /// `I: mask →`: the chooser picks `count` colours of the mask; recorded on the statement.
    /// `[decision]`
    ChooseColors {
        count: u8,
        chooser: Chooser,
        stmt: StmtId,
    },
    /// `I: v1 … vn →`: the chooser picks one of the values; recorded on the statement.
    /// `[decision]`
    ChooseValueFrom {
        n: u8,
        chooser: Chooser,
        stmt: StmtId,
    },
    /// `I: low high →`: the chooser picks `count` different values from low to high (only
    /// possible ages); recorded on the statement. `[decision]`
    ChooseValueRange {
        chooser: Chooser,
        count: u8,
        stmt: StmtId,
    },
    /// `I: v1 … vk k →`: the chooser picks one of the k values (only possible ages); recorded
    /// on the statement; none to pick: nothing recorded. `[decision]`
    ChooseValueListed {
        chooser: Chooser,
        /// How many different values (fewer possible: none chosen).
        count: u8,
        stmt: StmtId,
    },
    /// `I: mask → mask'`: the acting player picks a colour of the mask that a pile of a board of
    /// the group could take the splay in (two cards or more, not yet so splayed); the chosen
    /// colour's bit, 0 for none (`splay left one color on any player's board`). `[decision]`
    ChoosePileColor {
        group: PlayerSet,
        direction: SplayDirection,
        stmt: StmtId,
    },
    /// `I: mask → seat mask`: the acting player picks a player of the group whose pile of the
    /// colour could take the splay (asked only when several could), recorded as the statement's
    /// chosen player; nobody when none could. `[decision]`
    ChoosePileOwner {
        group: PlayerSet,
        direction: SplayDirection,
        stmt: StmtId,
    },
    /// `I: seat mask → seat color`: the player picks one splayable colour of the mask.
    /// `[decision]`
    PickColor {
        stmt: StmtId,
        direction: Option<SplayDirection>,
    },
    /// `I: seat age →`: draw `count` cards of that age (skipping empty ages upward), then do
    /// `then` with exactly those cards.
    Draw {
        count: u8,
        then: Option<Verb>,
        stmt: StmtId,
    },
    /// `I: seat age set →`: `Draw` from a set's deck (0: base; a set not in play, or whose deck
    /// of the age is empty, gives a base card: EXPANSIONS.md §2.1, an effect naming a set).
    DrawOfSet {
        count: u8,
        then: Option<Verb>,
        stmt: StmtId,
    },
    /// `S: cards →`: the acting player (the executor, or the subject of the statement being run
    /// for another player) melds, tucks, scores, returns, reveals, junks, removes or achieves the
    /// cards.
    Move { verb: Verb, stmt: StmtId },
    /// `I: seat, S: cards →`: transfer the cards to that player's zone.
    Transfer { zone: DestinationZone, stmt: StmtId },
    /// `S: cards →`: transfer each card to its owner's zone (a card nobody owns stays).
    TransferToOwners { zone: DestinationZone, stmt: StmtId },
    /// `I: seat_a seat_b, S: a b →`: swap the cards of `a` (in `seat_a`'s `zone_a`) with those
    /// of `b` (in `seat_b`'s `zone_b`).
    Exchange {
        zone_a: DestinationZone,
        zone_b: DestinationZone,
        stmt: StmtId,
    },
    /// `I: seat color →`: splay the pile.
    Splay {
        direction: SplayDirection,
        stmt: StmtId,
    },
    /// `I: seat color →`: unsplay the pile.
    Unsplay { stmt: StmtId },
    /// `I: seat color →`: the player reorders the pile, keeping its splay. `[decision]`
    Rearrange { stmt: StmtId },
    /// `I: direction seat color →`: splay the pile in the direction (a `PileSplay` result:
    /// `direction_bit`, 0 for unsplayed); with 0, unsplay it if `matching`, else nothing.
    SplayLike { matching: bool, stmt: StmtId },
    /// `I: seat mask → seat mask'`: keep the colours of the mask whose pile has the most cards
    /// among them (several on a tie; none when every such pile is empty).
    ColorsWithMostCards,
    /// `I: seat mask → seat mask'`: keep the colours of the mask whose pile shows the most
    /// (`most`) or the fewest visible cards among them (several on a tie; a splayed pile shows
    /// all its cards, an unsplayed one its top card).
    ColorsByVisibleCards { most: bool },
    /// `I: seat mask other → seat mask'`: keep the colours of the mask whose pile on the seat's
    /// board shows more visible cards than the other seat's pile of that colour.
    ColorsWithMoreVisible,
    /// `I: seat mask → n`: the visible cards of the seat's piles of the mask's colours.
    VisibleCards,
    /// `I: seat mask → n`: the highest number of one icon visible in the seat's piles of the
    /// mask's colours (each pile on its own; 0 for none).
    MostOfOneIcon,
    /// `I: seat → b`: every pile on the seat's board shows as many cards (splayed: all of them;
    /// unsplayed: its top card); false with no pile.
    SameVisibleCards,
    /// `S: cards → cards'`: the chooser picks a colour that at least `n` of the cards share (asked
    /// only when several do); the cards of other colours are dropped. `[decision]`
    ChooseSharedColor {
        n: u8,
        chooser: Chooser,
        stmt: StmtId,
    },
    /// `I: seat color → direction`: the pile's splay as its `direction_bit` (0: unsplayed, or no
    /// such pile).
    PileSplay,
    /// `S: cards →`: the acting player looks at the cards (the log shows them to that player
    /// alone); they stay where they are and are the statement's.
    Look { stmt: StmtId },
    /// `S: cards →`: run each non-demand effect of the first card for the executor alone.
    SelfExecute { stmt: StmtId },
    /// `S: cards →`: run every effect of the first card as if it were on this card (an "as if"
    /// execution): its own echo effects, then its effects in order, not shared; a demand goes
    /// to the opponents this card's featured icon makes vulnerable (a compel to those who would
    /// share), counted as the execution starts.
    ExecuteAsIf { stmt: StmtId },
    /// Sets a lasting effect for the executor: the effect chunk `chunk` runs later, once, for
    /// the executor, with this card and the demander; for `NextMove`, right after the executor's
    /// next move of a card with the verb this turn that passes the card test `test` (`NO_CHUNK`:
    /// any card), that card being the outcome of the chunk's statement 0 (`it`).
    Lasting {
        when: LastingWhen,
        chunk: ChunkIdx,
        test: ChunkIdx,
    },
    /// The executor takes an additional action this turn, when the turn is theirs (nothing
    /// otherwise).
    AdditionalAction { stmt: StmtId },
    /// Claim the special achievement for the executor, if it is available.
    Claim { special: SpecialIdx, stmt: StmtId },
    /// Junk an available special achievement (the executor's choice), or all of them.
    /// `[decision]`
    JunkSpecial { all: bool, stmt: StmtId },
    /// Make a junked special achievement (the executor's choice) available. `[decision]`
    RestoreSpecial { stmt: StmtId },
    /// `I: seat →`: that player wins.
    Win,
    /// The single player with the most (fewest) of the measure wins; nobody on a tie.
    WinSingle { most: bool, measure: ChunkIdx },
    /// `I: seat →`: that player loses.
    Lose,
    /// The statement's outcome is that of the statements listed (all carried out, and at least
    /// one ran); used for `you may { … }`, `if`, loops.
    Combine { stmt: StmtId, children: ListIdx },
    /// A round of a player or colour loop starts: the statements listed (the body's, nested
    /// ones included) are carried out afresh, so `if you do` in the body asks about this round
    /// only. The cards they moved in earlier rounds stay theirs: a name after the loop takes
    /// every round's cards that are still where their statement left them.
    Afresh { children: ListIdx },
}

/// The bit of a splay direction in `ColorsSplayed::directions`.
pub fn direction_bit(d: SplayDirection) -> u8 {
    match d {
        SplayDirection::Left => 1,
        SplayDirection::Right => 2,
        SplayDirection::Up => 4,
        SplayDirection::Aslant => 8,
    }
}

/// The direction of a `direction_bit` (none for 0 or an unknown bit).
pub fn direction_of_bit(bit: i32) -> Option<SplayDirection> {
    [
        SplayDirection::Left,
        SplayDirection::Right,
        SplayDirection::Up,
        SplayDirection::Aslant,
    ]
    .into_iter()
    .find(|d| i32::from(direction_bit(*d)) == bit)
}

/// The bit of a special icon in a special-icon mask (`Op::KeepSlots`); 0 for a slot that is no
/// special icon (an icon, the plain hexagon, a bonus, an empty slot).
pub fn special_bit(slot: Slot) -> u8 {
    match slot {
        Slot::Plus => 1,
        Slot::Flag => 2,
        Slot::Fountain => 4,
        Slot::Arrow(d) => direction_bit(d) << 3,
        Slot::MusicNote => 128,
        Slot::Icon(_) | Slot::Hex | Slot::Empty | Slot::Bonus(_) | Slot::Echo | Slot::Inspire => 0,
    }
}

/// The bit of a colour in a colour mask.
pub fn color_bit(c: Color) -> i32 {
    1 << (Color::ALL.iter().position(|x| *x == c).unwrap_or(0) as i32)
}

/// The bit of an icon in an icon mask.
pub fn icon_bit(i: Icon) -> u8 {
    1 << (Icon::ALL.iter().position(|x| *x == i).unwrap_or(0) as u8)
}

/// Which player `Op::ChooseExtremePlayer` takes: the most or the fewest of the measure, and
/// whether a tie leaves nobody (`the single player with …`) rather than a choice among the tied
/// (one byte, so that ops stay small).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ExtremePick {
    Most,
    Fewest,
    SingleMost,
    SingleFewest,
}

impl ExtremePick {
    pub fn new(most: bool, single: bool) -> ExtremePick {
        match (most, single) {
            (true, false) => ExtremePick::Most,
            (false, false) => ExtremePick::Fewest,
            (true, true) => ExtremePick::SingleMost,
            (false, true) => ExtremePick::SingleFewest,
        }
    }

    pub fn most(self) -> bool {
        matches!(self, ExtremePick::Most | ExtremePick::SingleMost)
    }

    pub fn single(self) -> bool {
        matches!(self, ExtremePick::SingleMost | ExtremePick::SingleFewest)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ops_stay_small() {
        assert!(
            std::mem::size_of::<Op>() <= 8,
            "Op is {} bytes",
            std::mem::size_of::<Op>()
        );
    }
}
