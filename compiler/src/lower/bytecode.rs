//! The bytecode back end: the checked IR → a `CompiledEdition` for the runtime's VM.
//!
//! One chunk per card effect (its statements in order, then `Return`), one per special
//! achievement's condition, and pure sub-programs (card tests, player tests, player measures)
//! appended after the chunk that needs them and named after it. Each IR shape has one small
//! lowering function below; the stack effects they rely on are documented on
//! `dogma_runtime::bytecode::Op`. A construct the op set cannot express is a `LowerError`, never
//! dropped.

use crate::ir::{
    AchievementDef, AmountTest, Binding, BoardPosition, CardDef, CardFilter, CardSel, CardSource,
    Chooser, ColorFilter, ColorSel, ColorTerm, Comparison, Cond, Count, Countable, Destination,
    DestinationZone, EffectDef, Extreme, Measure, MeasureTest, Nth, Owner, ParamValue, Player,
    PlayerSet, Program, Quantifier, SourceSpan, Stmt, StmtId, StmtKind, Supply, Value, ValueTest,
    Verb, Winner, ZoneRef,
};
use dogma_runtime::bytecode::{
    self as bc, CardInfo, Chunk, ChunkIdx, ChunkKind, CompiledEdition, EffectInfo, MeasureCode, Op,
    Rules, SpecialInfo, Who, ZoneSel, FORMAT_VERSION, NO_CHUNK,
};
use dogma_runtime::{EffectKind, SplayDirection};
use std::fmt;

/// A construct the bytecode cannot express, with where it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LowerError {
    pub message: String,
    pub span: SourceSpan,
}

impl fmt::Display for LowerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// Compiles a checked program into an edition for the VM. `files` are the source file names
/// that the program's `FileId`s index.
pub fn compile_edition(
    name: &str,
    rules: Rules,
    program: &Program,
    files: &[String],
) -> Result<CompiledEdition, Vec<LowerError>> {
    let mut lowerer = Lowerer {
        chunks: Vec::new(),
        errors: Vec::new(),
    };
    let cards = program.cards.iter().map(|c| lowerer.card(c)).collect();
    let specials = program
        .achievements
        .iter()
        .map(|a| lowerer.special(a))
        .collect();
    if !lowerer.errors.is_empty() {
        return Err(lowerer.errors);
    }
    Ok(CompiledEdition {
        format_version: FORMAT_VERSION,
        name: name.to_string(),
        rules,
        cards,
        specials,
        chunks: lowerer.chunks,
        files: files.to_vec(),
        native: None,
    })
}

/// The edition being built: its chunks so far and every error.
struct Lowerer {
    chunks: Vec<Chunk>,
    errors: Vec<LowerError>,
}

impl Lowerer {
    fn card(&mut self, card: &CardDef) -> CardInfo {
        let effects = card
            .effects
            .iter()
            .enumerate()
            .map(|(i, effect)| EffectInfo {
                kind: effect.kind,
                chunk: self.effect(
                    format!("{}, {} {}", card.title, effect_word(effect.kind), i + 1),
                    effect,
                ),
            })
            .collect();
        CardInfo {
            title: card.title.clone(),
            set: card.set.clone(),
            age: card.age,
            color: card.color,
            slots: card.slots.clone(),
            dogma_icon: card.dogma_icon,
            effects,
            span: span(card.span),
        }
    }

    fn effect(&mut self, name: String, effect: &EffectDef) -> ChunkIdx {
        let index = self.reserve(effect.span);
        let mut e = Emitter::new(
            self,
            name,
            ChunkKind::Effect,
            effect.stmt_count,
            effect.span,
        );
        // The parameters' first values, unless a repeat has set them.
        for (i, param) in effect.params.iter().enumerate() {
            e.param_value(&param.first);
            e.op(Op::InitParam { index: i as u8 });
        }
        e.block(&effect.body);
        e.op(Op::Return);
        let chunk = e.finish();
        self.place(index, chunk);
        index
    }

    fn special(&mut self, a: &AchievementDef) -> SpecialInfo {
        let index = self.reserve(a.span);
        let mut e = Emitter::new(
            self,
            format!("{} / condition", a.name),
            ChunkKind::Condition,
            0,
            a.span,
        );
        e.cond(&a.condition);
        e.op(Op::Return);
        let chunk = e.finish();
        self.place(index, chunk);
        SpecialInfo {
            name: a.name.clone(),
            condition: index,
            via: a.via.iter().map(|c| c.0).collect(),
            span: span(a.span),
        }
    }

    /// Takes the next chunk index, so that a chunk comes before the sub-programs it needs.
    fn reserve(&mut self, at: SourceSpan) -> ChunkIdx {
        if self.chunks.len() >= NO_CHUNK as usize {
            self.errors.push(LowerError {
                message: format!(
                    "the edition needs more than {} chunks, more than the bytecode can index",
                    NO_CHUNK
                ),
                span: at,
            });
        }
        self.chunks.push(Chunk {
            name: String::new(),
            kind: ChunkKind::Effect,
            ops: Vec::new(),
            spans: Vec::new(),
            stmts: 0,
            lists: Vec::new(),
            texts: Vec::new(),
        });
        (self.chunks.len() - 1).min(NO_CHUNK as usize - 1) as ChunkIdx
    }

    fn place(&mut self, index: ChunkIdx, chunk: Chunk) {
        if let Some(slot) = self.chunks.get_mut(index as usize) {
            *slot = chunk;
        }
    }
}

/// The word naming an effect kind in chunk names.
fn effect_word(kind: EffectKind) -> &'static str {
    match kind {
        EffectKind::Demand => "demand",
        EffectKind::Compel => "compel",
        EffectKind::NonDemand => "effect",
        EffectKind::Echo => "echo",
    }
}

fn span(s: SourceSpan) -> bc::SourceSpan {
    bc::SourceSpan {
        file: s.file.0,
        start: s.start,
        end: s.end,
    }
}

/// Writes the ops of one chunk.
struct Emitter<'l> {
    lowerer: &'l mut Lowerer,
    name: String,
    kind: ChunkKind,
    ops: Vec<Op>,
    spans: Vec<bc::SourceSpan>,
    stmts: u16,
    lists: Vec<Vec<u16>>,
    texts: Vec<String>,
    /// How many test and measure sub-programs this chunk has named so far.
    tests: u16,
    measures: u16,
    /// The span of the statement being lowered: every op emitted gets it.
    span: SourceSpan,
    /// The statement being lowered (`None` in pure chunks, which cannot decide anything).
    stmt: Option<StmtId>,
}

impl<'l> Emitter<'l> {
    fn new(
        lowerer: &'l mut Lowerer,
        name: String,
        kind: ChunkKind,
        stmts: u16,
        span: SourceSpan,
    ) -> Emitter<'l> {
        Emitter {
            lowerer,
            name,
            kind,
            ops: Vec::new(),
            spans: Vec::new(),
            stmts,
            lists: Vec::new(),
            texts: Vec::new(),
            tests: 0,
            measures: 0,
            span,
            stmt: None,
        }
    }

    fn finish(self) -> Chunk {
        if self.ops.len() > u16::MAX as usize {
            self.lowerer.errors.push(LowerError {
                message: format!(
                    "{} needs {} ops, more than a jump can reach ({})",
                    self.name,
                    self.ops.len(),
                    u16::MAX
                ),
                span: self.span,
            });
        }
        Chunk {
            name: self.name,
            kind: self.kind,
            ops: self.ops,
            spans: self.spans,
            stmts: self.stmts,
            lists: self.lists,
            texts: self.texts,
        }
    }

    fn op(&mut self, op: Op) {
        self.ops.push(op);
        self.spans.push(span(self.span));
    }

    fn error(&mut self, message: String) {
        self.lowerer.errors.push(LowerError {
            message,
            span: self.span,
        });
    }

    fn unsupported(&mut self, what: &str) {
        self.error(format!(
            "{what} is not implemented in the bytecode back end"
        ));
    }

    // ----- jumps ---------------------------------------------------------------------------

    /// The index of the next op.
    fn here(&self) -> u16 {
        self.ops.len().min(u16::MAX as usize) as u16
    }

    /// Emits a forward jump (or loop exit) whose target `patch` fills in later.
    fn forward(&mut self, op: Op) -> usize {
        self.op(op);
        self.ops.len() - 1
    }

    /// Points the forward jump at `at` to the next op.
    fn patch(&mut self, at: usize) {
        let here = self.here();
        match self.ops.get_mut(at) {
            Some(Op::Jump { target } | Op::JumpIfFalse { target }) => *target = here,
            Some(Op::LoopNext { exit } | Op::EachNext { exit }) => *exit = here,
            _ => {}
        }
    }

    fn list(&mut self, items: Vec<u16>) -> u16 {
        if let Some(i) = self.lists.iter().position(|l| *l == items) {
            return i as u16;
        }
        self.lists.push(items);
        (self.lists.len() - 1) as u16
    }

    fn combine(&mut self, id: StmtId, children: Vec<u16>) {
        let children = self.list(children);
        self.op(Op::Combine {
            stmt: id.0,
            children,
        });
    }

    // ----- sub-programs --------------------------------------------------------------------

    /// Appends a pure sub-program that `body` fills, named after this chunk; it reads this
    /// chunk's statement outcomes, so it counts the same statements.
    fn sub_chunk(&mut self, kind: ChunkKind, body: impl FnOnce(&mut Emitter)) -> ChunkIdx {
        let (word, n) = match kind {
            ChunkKind::PlayerMeasure => {
                self.measures += 1;
                ("measure", self.measures)
            }
            _ => {
                self.tests += 1;
                ("test", self.tests)
            }
        };
        let name = format!("{} / {word} {n}", self.name);
        let index = self.lowerer.reserve(self.span);
        let mut sub = Emitter::new(self.lowerer, name, kind, self.stmts, self.span);
        body(&mut sub);
        sub.op(Op::Return);
        let chunk = sub.finish();
        self.lowerer.place(index, chunk);
        index
    }

    /// A player test: `Player{Each}`, the test, `Return`.
    fn player_test(&mut self, test: &MeasureTest) -> ChunkIdx {
        self.sub_chunk(ChunkKind::PlayerTest, |e| {
            e.op(Op::Player { who: Who::Each });
            e.measure_test(test);
        })
    }

    /// A player measure: `Player{Each}`, the measure, `Return`.
    fn player_measure(&mut self, measure: &Measure) -> ChunkIdx {
        self.sub_chunk(ChunkKind::PlayerMeasure, |e| {
            e.op(Op::Player { who: Who::Each });
            e.measure(measure);
        })
    }

    /// A card test comparing the candidate's value with that of the named cards.
    fn value_test(&mut self, cards: &CardSel, op: Comparison) -> ChunkIdx {
        self.sub_chunk(ChunkKind::CardTest, |e| {
            e.op(Op::CandidateValue);
            e.cards(cards, None);
            e.op(Op::ValueOf);
            e.op(Op::Compare { op });
        })
    }

    // ----- statements ----------------------------------------------------------------------

    fn block(&mut self, body: &[Stmt]) {
        for stmt in body {
            self.stmt(stmt);
        }
    }

    fn stmt(&mut self, stmt: &Stmt) {
        let outer = (self.span, self.stmt);
        self.span = stmt.span;
        self.stmt = Some(stmt.id);
        let id = stmt.id;
        match &stmt.kind {
            StmtKind::May(body) => self.may(id, body),
            StmtKind::If {
                cond,
                then,
                otherwise,
            } => self.if_stmt(id, cond, then, otherwise),
            StmtKind::Either { options, labels } => self.either(id, options, labels),
            StmtKind::ForEachPlayer { players, body } => self.for_each_player(id, *players, body),
            StmtKind::Times { times, body } => self.times(id, times, body),
            StmtKind::RepeatEffect { with } => {
                for (index, value) in with {
                    self.param_value(value);
                    self.op(Op::SetParam { index: *index });
                }
                self.op(Op::RepeatEffect);
            }
            StmtKind::EndDogma => self.op(Op::EndDogma),
            StmtKind::EndGame => self.op(Op::EndGame),
            StmtKind::Keep => self.op(Op::Nop),
            StmtKind::Choose {
                chooser,
                kind,
                count,
                except,
            } => {
                let chooser = self.chooser(chooser);
                self.op(Op::Choose {
                    kind: *kind,
                    count: *count,
                    chooser,
                    stmt: id.0,
                    except: except.iter().fold(0, |m, i| m | bc::icon_bit(*i)),
                });
            }
            StmtKind::ChooseValueAmong { chooser, options } => {
                let chooser = self.chooser(chooser);
                let Ok(n) = u8::try_from(options.len()) else {
                    self.error(format!(
                        "{} values to choose from are more than 255",
                        options.len()
                    ));
                    return;
                };
                for option in options {
                    self.value(option);
                }
                self.op(Op::ChooseValueFrom {
                    n,
                    chooser,
                    stmt: id.0,
                });
            }
            StmtKind::PickCards(cards) => {
                self.cards(cards, Some((id, false)));
                self.op(Op::Mark { stmt: id.0 });
            }
            StmtKind::JunkSpecial { all } => self.op(Op::JunkSpecial {
                all: *all,
                stmt: id.0,
            }),
            StmtKind::RestoreSpecial => self.op(Op::RestoreSpecial { stmt: id.0 }),
            StmtKind::Claim(a) => self.op(Op::Claim {
                special: a.0,
                stmt: id.0,
            }),
            StmtKind::SelfExecute(cards) => {
                self.cards(cards, Some((id, false)));
                self.op(Op::SelfExecute { stmt: id.0 });
            }
            StmtKind::Splay {
                player,
                color,
                direction,
            } => {
                self.pile(id, player, color, Some(*direction));
                self.op(Op::Splay {
                    direction: *direction,
                    stmt: id.0,
                });
            }
            StmtKind::Unsplay { player, color } => {
                self.pile(id, player, color, None);
                self.op(Op::Unsplay { stmt: id.0 });
            }
            StmtKind::Rearrange { player, color } => {
                self.pile(id, player, color, None);
                self.op(Op::Rearrange { stmt: id.0 });
            }
            StmtKind::Draw {
                player,
                age,
                count,
                then,
            } => self.draw(id, player, age, *count, *then),
            StmtKind::Move { verb, cards, to } => self.move_cards(id, *verb, cards, to, false),
            StmtKind::Exchange { a, b } => self.exchange(id, a, b),
            StmtKind::Win(Winner::Player(p)) => {
                self.player(p);
                self.op(Op::Win);
            }
            StmtKind::Win(Winner::Single { most, measure }) => {
                let measure = self.player_measure(measure);
                self.op(Op::WinSingle {
                    most: *most,
                    measure,
                });
            }
            StmtKind::Lose(p) => {
                self.player(p);
                self.op(Op::Lose);
            }
        }
        (self.span, self.stmt) = outer;
    }

    /// `you may …`, asked the way a player at the table is asked (../shared/SCENARIOS.md, "How
    /// questions are asked"): when its body starts with a choice the text names (cards to
    /// pick, one of several colours, an alternative, a value, an icon, a player), the `you may`
    /// folds into that choice, which then offers declining; when the text leaves nothing to
    /// choose (fixed cards, one colour, a draw, an exchange, a rule that selects such as "the
    /// highest"), it is a yes/no question guarding the body.
    fn may(&mut self, id: StmtId, body: &[Stmt]) {
        // `you may reveal and return a card`: a pick followed by movements of exactly the
        // picked cards folds like a single movement.
        if let [first, rest @ ..] = body {
            let follows_first = |s: &Stmt| {
                matches!(&s.kind, StmtKind::Move { cards, .. }
                    if matches!(&cards.source, CardSource::Bound(b) if b.nth.is_none())
                        && cards.filters.is_empty())
            };
            if !rest.is_empty() && rest.iter().all(follows_first) {
                if let StmtKind::Move { verb, cards, to } = &first.kind {
                    if choosable(cards) {
                        let outer = (self.span, self.stmt);
                        self.span = first.span;
                        self.stmt = Some(first.id);
                        self.move_cards(first.id, *verb, cards, to, true);
                        (self.span, self.stmt) = outer;
                        for s in rest {
                            self.stmt(s);
                        }
                        self.combine(id, children(body));
                        return;
                    }
                }
            }
        }
        if let [child] = body {
            if let StmtKind::Move { verb, cards, to } = &child.kind {
                if choosable(cards) {
                    let outer = (self.span, self.stmt);
                    self.span = child.span;
                    self.stmt = Some(child.id);
                    self.move_cards(child.id, *verb, cards, to, true);
                    (self.span, self.stmt) = outer;
                    self.combine(id, vec![child.id.0]);
                    return;
                }
            }
        }
        let fold = body.first().is_some_and(opens_with_choice);
        self.op(Op::AskYesNo { stmt: id.0, fold });
        let skip = self.forward(Op::JumpIfFalse { target: 0 });
        self.block(body);
        self.combine(id, children(body));
        self.patch(skip);
    }

    fn if_stmt(&mut self, id: StmtId, cond: &Cond, then: &[Stmt], otherwise: &[Stmt]) {
        self.cond(cond);
        let to_else = self.forward(Op::JumpIfFalse { target: 0 });
        self.block(then);
        let to_end = self.forward(Op::Jump { target: 0 });
        self.patch(to_else);
        self.block(otherwise);
        self.patch(to_end);
        let mut all = children(then);
        all.extend(children(otherwise));
        self.combine(id, all);
    }

    fn either(&mut self, id: StmtId, options: &[Vec<Stmt>], labels: &[String]) {
        let Ok(n) = u8::try_from(options.len()) else {
            self.error(format!("{} alternatives are more than 255", options.len()));
            return;
        };
        if n == 0 {
            self.unsupported("an `either` without alternatives");
            return;
        }
        let Ok(texts) = u16::try_from(self.texts.len()) else {
            self.error("more words of alternatives than a chunk can hold".to_string());
            return;
        };
        self.texts
            .extend((0..options.len()).map(|i| labels.get(i).cloned().unwrap_or_default()));
        self.op(Op::AskOption {
            stmt: id.0,
            n,
            texts,
        });
        let mut to_end = Vec::new();
        for (i, option) in options.iter().enumerate() {
            if i + 1 < options.len() {
                self.op(Op::Dup);
                self.op(Op::Int { value: i as i16 });
                self.op(Op::Compare { op: Comparison::Eq });
                let next = self.forward(Op::JumpIfFalse { target: 0 });
                self.op(Op::Pop);
                self.block(option);
                to_end.push(self.forward(Op::Jump { target: 0 }));
                self.patch(next);
            } else {
                self.op(Op::Pop);
                self.block(option);
            }
        }
        for at in to_end {
            self.patch(at);
        }
        self.combine(id, options.iter().flat_map(|o| children(o)).collect());
    }

    fn for_each_player(&mut self, id: StmtId, players: PlayerSet, body: &[Stmt]) {
        self.op(Op::EachStart { group: players });
        let top = self.here();
        let exit = self.forward(Op::EachNext { exit: 0 });
        self.block(body);
        self.op(Op::Jump { target: top });
        self.patch(exit);
        self.combine(id, children(body));
    }

    fn times(&mut self, id: StmtId, times: &Value, body: &[Stmt]) {
        self.value(times);
        self.op(Op::LoopStart);
        let top = self.here();
        let exit = self.forward(Op::LoopNext { exit: 0 });
        self.block(body);
        self.op(Op::Jump { target: top });
        self.patch(exit);
        self.combine(id, children(body));
    }

    fn chooser(&mut self, player: &Player) -> Chooser {
        match player {
            Player::Executor => Chooser::Executor,
            Player::Demander => Chooser::Demander,
            _ => {
                self.unsupported("a choice made by a player other than you or the demander");
                Chooser::Executor
            }
        }
    }

    /// The player and pile of a splay, unsplay or rearrangement: `I: → seat color`.
    fn pile(
        &mut self,
        id: StmtId,
        player: &Player,
        color: &ColorSel,
        direction: Option<SplayDirection>,
    ) {
        self.player(player);
        self.colors(color);
        self.op(Op::PickColor {
            stmt: id.0,
            direction,
        });
    }

    fn draw(&mut self, id: StmtId, player: &Player, age: &Value, count: u8, then: Option<Verb>) {
        if let Some(verb) = then {
            if !moves_to_natural_place(verb) {
                self.unsupported(&format!("`draw and {}`", verb.word()));
            }
        }
        self.player(player);
        self.value(age);
        self.op(Op::Draw {
            count,
            then,
            stmt: id.0,
        });
    }

    /// A movement: to the verb's natural place, or a transfer to a destination. `optional`:
    /// the movement of a folded `you may`.
    fn move_cards(
        &mut self,
        id: StmtId,
        verb: Verb,
        cards: &CardSel,
        to: &Option<Destination>,
        optional: bool,
    ) {
        match (verb, to) {
            (Verb::Transfer, Some(to)) => self.transfer(id, cards, to, optional),
            (Verb::Transfer, None) => self.unsupported("a transfer without a destination"),
            (verb, Some(_)) => {
                self.unsupported(&format!("`{}` with a destination", verb.word()));
            }
            (verb, None) if !moves_to_natural_place(verb) => {
                self.unsupported(&format!("`{}`", verb.word()));
            }
            (verb, None) => {
                self.cards(cards, Some((id, optional)));
                if matches!(verb, Verb::Meld | Verb::Tuck | Verb::Return) && several(cards) {
                    self.op(Op::Order { stmt: id.0 });
                }
                self.op(Op::Move { verb, stmt: id.0 });
            }
        }
    }

    fn transfer(&mut self, id: StmtId, cards: &CardSel, to: &Destination, optional: bool) {
        // No card is chosen for a move that has no legal destination (../shared/SCENARIOS.md,
        // "How questions are asked"): with no player meeting the destination's condition, the
        // statement does not run (Optics with no opponent who has fewer points asks nothing).
        let guard = match &to.player {
            Player::Choose {
                set,
                condition: Some(condition),
            } => {
                let test = self.player_test(condition);
                self.op(Op::QuantifyPlayers {
                    quantifier: Quantifier::Any,
                    group: *set,
                    test,
                });
                Some(self.forward(Op::JumpIfFalse { target: 0 }))
            }
            _ => None,
        };
        self.cards(cards, Some((id, optional)));
        if to.zone == DestinationZone::Board && several(cards) {
            self.op(Op::Order { stmt: id.0 });
        }
        self.player(&to.player);
        self.op(Op::Transfer {
            zone: to.zone,
            stmt: id.0,
        });
        if let Some(guard) = guard {
            self.patch(guard);
        }
    }

    /// `exchange A with B`: each side is one player's hand or score pile. The owner's seat is
    /// computed once and kept for `Exchange` (a `Dup` feeds the side's `Zone`), so an owner
    /// chosen on the spot is asked for once.
    fn exchange(&mut self, id: StmtId, a: &CardSel, b: &CardSel) {
        let sides = [a, b].map(|sel| exchange_side(sel).map(|(p, z, d)| (sel, p, z, d)));
        let [Some(side_a), Some(side_b)] = sides else {
            self.unsupported(
                "an exchange whose sides are not each one player's hand or score pile",
            );
            return;
        };
        for (sel, owner, zone, _) in [side_a, side_b] {
            self.player(owner);
            self.op(Op::Dup);
            self.op(Op::Zone { zone });
            self.filters(&sel.filters);
            self.pick(sel, id, false);
        }
        self.op(Op::Exchange {
            zone_a: side_a.3,
            zone_b: side_b.3,
            stmt: id.0,
        });
    }

    // ----- players -------------------------------------------------------------------------

    /// `I: → seat`.
    fn player(&mut self, player: &Player) {
        match player {
            Player::Executor => self.op(Op::Player { who: Who::Executor }),
            Player::Demander => self.op(Op::Player { who: Who::Demander }),
            Player::Each => self.op(Op::Player { who: Who::Each }),
            Player::ChosenBy(stmt) => self.op(Op::ChosenPlayer { stmt: stmt.0 }),
            Player::Choose { set, condition } => {
                let Some(stmt) = self.stmt else {
                    self.unsupported("choosing a player inside a test or a condition");
                    self.op(Op::Player { who: Who::Executor });
                    return;
                };
                let test = match condition {
                    Some(test) => self.player_test(test),
                    None => NO_CHUNK,
                };
                self.op(Op::ChoosePlayer {
                    group: *set,
                    test,
                    stmt: stmt.0,
                });
            }
        }
    }

    // ----- cards ---------------------------------------------------------------------------

    /// `S: → cards`. `pick`: in a statement, the statement that picks and whether declining
    /// is allowed; `None` where the cards are only looked at (values, conditions, colours).
    fn cards(&mut self, sel: &CardSel, pick: Option<(StmtId, bool)>) {
        self.source(&sel.source);
        self.filters(&sel.filters);
        if let Some((stmt, optional)) = pick {
            self.pick(sel, stmt, optional);
        }
    }

    /// `S: → cards` whose value or colour is read: named cards are taken wherever they are now
    /// (a card's value and colour do not depend on where it went).
    fn looked_at(&mut self, sel: &CardSel) {
        match &sel.source {
            CardSource::Bound(Binding { stmt, nth: None }) => {
                self.op(Op::BoundAnywhere { stmt: stmt.0 });
                self.filters(&sel.filters);
            }
            _ => self.cards(sel, None),
        }
    }

    fn pick(&mut self, sel: &CardSel, stmt: StmtId, optional: bool) {
        if sel.filters.contains(&CardFilter::SameValue) {
            let n = match sel.pick.count {
                Count::Exactly(n) | Count::Between(n, _) => n,
                _ => 1,
            };
            self.op(Op::ChooseSharedValue {
                n,
                chooser: sel.chooser,
                stmt: stmt.0,
            });
        }
        if sel.pick.count == Count::All && sel.pick.extreme.is_none() && !optional {
            return;
        }
        if let Some(n) = &sel.pick.computed {
            self.value(n);
        }
        self.op(Op::Pick {
            count: sel.pick.count,
            extreme: sel.pick.extreme,
            chooser: sel.chooser,
            optional,
            stmt: stmt.0,
        });
    }

    fn source(&mut self, source: &CardSource) {
        match source {
            CardSource::Zones {
                owner: Owner::One(player),
                zones,
            } => self.zones_of_player(player, zones),
            CardSource::Zones {
                owner: Owner::Union(group),
                zones,
            } => self.zones_of_group(*group, zones),
            CardSource::Bound(Binding { stmt, nth: None }) => self.op(Op::Bound { stmt: stmt.0 }),
            CardSource::Bound(Binding {
                stmt,
                nth: Some(nth),
            }) => self.op(Op::BoundNth {
                stmt: stmt.0,
                nth: match nth {
                    Nth::Index(i) => bc::Nth::Index(*i),
                    Nth::Last => bc::Nth::Last,
                },
            }),
            CardSource::Card(card) => self.op(Op::Card { card: card.0 }),
            CardSource::ThisCard => self.op(Op::ThisCard),
            CardSource::Supply(Supply::Deck(age)) => {
                self.value(age);
                self.op(Op::DeckCards);
            }
            CardSource::Supply(Supply::Available) => self.op(Op::AvailableCards),
            CardSource::History(h) => {
                if let Some(by) = &h.by {
                    self.player(by);
                }
                self.op(Op::History {
                    verb: h.verb,
                    due_to: h.due_to,
                    scope: h.scope,
                    by: h.by.is_some(),
                });
            }
        }
    }

    /// Zones of one player, joined: the seat is computed once and `Dup`ed for each further
    /// zone (so a player chosen on the spot is asked for once).
    fn zones_of_player(&mut self, player: &Player, zones: &[ZoneRef]) {
        if zones.is_empty() {
            self.unsupported("a card source without zones");
            return;
        }
        let mut plain = zones.iter().filter(|z| zone_sel(z).is_some()).count();
        if plain > 0 {
            self.player(player);
        }
        for (i, zone) in zones.iter().enumerate() {
            match zone_sel(zone) {
                Some(zone) => {
                    plain -= 1;
                    if plain > 0 {
                        self.op(Op::Dup);
                    }
                    self.op(Op::Zone { zone });
                }
                None => self.beneath(zone),
            }
            if i > 0 {
                self.op(Op::Union);
            }
        }
    }

    fn zones_of_group(&mut self, group: PlayerSet, zones: &[ZoneRef]) {
        if zones.is_empty() {
            self.unsupported("a card source without zones");
            return;
        }
        for (i, zone) in zones.iter().enumerate() {
            match zone_sel(zone) {
                Some(zone) => self.op(Op::ZoneOfGroup { zone, group }),
                None => self.beneath(zone),
            }
            if i > 0 {
                self.op(Op::Union);
            }
        }
    }

    /// `the cards beneath X`: X's cards, then `Beneath`.
    fn beneath(&mut self, zone: &ZoneRef) {
        if let ZoneRef::Board(BoardPosition::Beneath(sel)) = zone {
            self.cards(sel, None);
            self.op(Op::Beneath);
        }
    }

    fn filters(&mut self, filters: &[CardFilter]) {
        for filter in filters {
            self.filter(filter);
        }
    }

    /// `S: cards → cards that pass`.
    fn filter(&mut self, filter: &CardFilter) {
        match filter {
            CardFilter::HasIcon(icons) => self.op(Op::KeepIcons {
                mask: icons.iter().fold(0, |m, i| m | bc::icon_bit(*i)),
            }),
            CardFilter::LacksIcon(icon) => self.op(Op::DropIcon { icon: *icon }),
            CardFilter::Color(colors) => {
                self.colors(colors);
                self.op(Op::KeepColors);
            }
            CardFilter::NotColor(color) => self.op(Op::DropColor { color: *color }),
            CardFilter::Value(test) => self.value_filter(test),
            CardFilter::ColorOnBoard {
                owner: Owner::One(player),
                negated,
            } => {
                self.player(player);
                self.op(Op::KeepColorOnBoard { negated: *negated });
            }
            CardFilter::ColorOnBoard {
                owner: Owner::Union(group),
                negated,
            } => self.op(Op::KeepColorOnGroup {
                group: *group,
                negated: *negated,
            }),
            CardFilter::OtherThan(others) => {
                self.cards(others, None);
                self.op(Op::DropCards);
            }
            CardFilter::IsTop => self.op(Op::KeepTop),
            CardFilter::HigherThan(other) => {
                let test = self.value_test(other, Comparison::Gt);
                self.op(Op::KeepIf { test });
            }
            CardFilter::LowerThan(other) => {
                let test = self.value_test(other, Comparison::Lt);
                self.op(Op::KeepIf { test });
            }
            // The selection's chooser carries it.
            CardFilter::OfMyChoice => {}
            // Taken by the pick (`ChooseSharedValue`).
            CardFilter::SameValue => {}
            CardFilter::HasDemand => self.op(Op::KeepDemand),
            CardFilter::HasChosenIcon(stmt) => self.op(Op::KeepChosenIcons { stmt: stmt.0 }),
            CardFilter::PileBottom(n) => self.op(Op::KeepPileBottom { n: *n }),
            CardFilter::AllButTop(n) => self.op(Op::KeepAllButTop { n: *n }),
            CardFilter::IsCard(cards) => {
                self.cards(cards, None);
                self.op(Op::KeepCards);
            }
            CardFilter::DirectlyBeneath(filters) => {
                let test = self.sub_chunk(ChunkKind::CardTest, |e| {
                    e.op(Op::CandidateCard);
                    e.op(Op::Above);
                    e.filters(filters);
                    e.op(Op::CountCards);
                    e.op(Op::Int { value: 0 });
                    e.op(Op::Compare { op: Comparison::Gt });
                });
                self.op(Op::KeepIf { test });
            }
        }
    }

    fn value_filter(&mut self, test: &ValueTest) {
        match test {
            ValueTest::OneOf(values) => {
                let Ok(n) = u8::try_from(values.len()) else {
                    self.error(format!(
                        "{} values to match are more than 255",
                        values.len()
                    ));
                    return;
                };
                for value in values {
                    self.value(value);
                }
                self.op(Op::KeepValues { n });
            }
            ValueTest::AtLeast(value) => {
                self.value(value);
                self.op(Op::KeepValueCmp { op: Comparison::Ge });
            }
            ValueTest::AtMost(value) => {
                self.value(value);
                self.op(Op::KeepValueCmp { op: Comparison::Le });
            }
        }
    }

    // ----- colours -------------------------------------------------------------------------

    /// `I: → mask` of the alternatives.
    fn colors(&mut self, colors: &ColorSel) {
        if colors.alternatives.is_empty() {
            self.op(Op::Int { value: 0 });
            return;
        }
        for (i, term) in colors.alternatives.iter().enumerate() {
            self.color_term(term);
            if i > 0 {
                self.op(Op::BitOr);
            }
        }
    }

    fn color_term(&mut self, term: &ColorTerm) {
        match term {
            ColorTerm::Named(color) => self.op(Op::Int {
                value: bc::color_bit(*color) as i16,
            }),
            ColorTerm::Any(filters) => {
                self.op(Op::Player { who: Who::Executor });
                self.op(Op::BoardColors);
                self.color_filters(filters);
                self.op(Op::Nip);
            }
            ColorTerm::Of(cards) => {
                self.looked_at(cards);
                self.op(Op::ColorsOfCards);
            }
            ColorTerm::Candidate if self.kind == ChunkKind::CardTest => self.op(Op::CandidateColor),
            ColorTerm::Candidate => {
                self.unsupported("`its color` outside a comparison with another card");
                self.op(Op::Int { value: 0 });
            }
            ColorTerm::ChosenBy(stmt) => self.op(Op::ChosenColors { stmt: stmt.0 }),
            ColorTerm::Param(index) => self.op(Op::Param { index: *index }),
        }
    }

    /// `I: → v`: a parameter's value (a colour as its mask).
    fn param_value(&mut self, value: &ParamValue) {
        match value {
            ParamValue::Value(v) => self.value(v),
            ParamValue::Color(c) => self.colors(c),
        }
    }

    fn color_filters(&mut self, filters: &[ColorFilter]) {
        for filter in filters {
            self.color_filter(filter);
        }
    }

    /// `I: seat mask → seat mask'`.
    fn color_filter(&mut self, filter: &ColorFilter) {
        match filter {
            ColorFilter::Splayed(directions) => self.op(Op::ColorsSplayed {
                directions: directions.iter().fold(0, |m, d| m | bc::direction_bit(*d)),
            }),
            ColorFilter::WithIcon(icon) => self.op(Op::ColorsWithIcon { icon: *icon }),
            ColorFilter::On(owner) => self.colors_on(owner, false),
            ColorFilter::NotOn(owner) => self.colors_on(owner, true),
        }
    }

    fn colors_on(&mut self, owner: &Owner, negated: bool) {
        match owner {
            Owner::One(player) => {
                self.player(player);
                self.op(Op::ColorsOnBoard { negated });
            }
            Owner::Union(group) => self.op(Op::ColorsOnGroup {
                group: *group,
                negated,
            }),
        }
    }

    // ----- values --------------------------------------------------------------------------

    fn int(&mut self, n: i64) {
        match i16::try_from(n) {
            Ok(value) => self.op(Op::Int { value }),
            Err(_) => {
                self.error(format!(
                    "the number {n} does not fit the bytecode's numbers ({} to {})",
                    i16::MIN,
                    i16::MAX
                ));
                self.op(Op::Int { value: 0 });
            }
        }
    }

    /// `I: → n`.
    fn value(&mut self, value: &Value) {
        match value {
            Value::Const(n) => self.int(i64::from(*n)),
            Value::Add(a, b) => self.binary(a, b, Op::Add),
            Value::Sub(a, b) => self.binary(a, b, Op::Sub),
            Value::Mul(a, b) => self.binary(a, b, Op::Mul),
            Value::Div(v, by) => {
                self.value(v);
                match u8::try_from(*by) {
                    Ok(by) if by > 0 => self.op(Op::Div { by }),
                    _ => self.error(format!("dividing by {by} is not between 1 and 255")),
                }
            }
            Value::Half(v, rounding) => {
                self.value(v);
                self.op(Op::Half {
                    rounding: *rounding,
                });
            }
            Value::ValueOf(cards) => {
                self.looked_at(cards);
                if cards.pick.extreme == Some(Extreme::Lowest) {
                    self.op(Op::ExtremeValue {
                        extreme: Extreme::Lowest,
                    });
                } else {
                    self.op(Op::ValueOf);
                }
            }
            Value::Extreme(extreme, cards) => {
                self.cards(cards, None);
                self.op(Op::ExtremeValue { extreme: *extreme });
            }
            Value::Count(countable) => self.count(countable),
            Value::ChosenBy(stmt) => self.op(Op::ChosenValue { stmt: stmt.0 }),
            Value::Total(cards) => {
                self.cards(cards, None);
                self.op(Op::TotalValue);
            }
            Value::Param(index) => self.op(Op::Param { index: *index }),
        }
    }

    fn binary(&mut self, a: &Value, b: &Value, op: Op) {
        self.value(a);
        self.value(b);
        self.op(op);
    }

    fn count(&mut self, countable: &Countable) {
        match countable {
            Countable::Cards(cards) => {
                self.cards(cards, None);
                self.op(Op::CountCards);
            }
            Countable::DifferentValues(cards) => {
                self.cards(cards, None);
                self.op(Op::DistinctValues);
            }
            Countable::DifferentColors(cards) => {
                self.cards(cards, None);
                self.op(Op::DistinctColors);
            }
            Countable::Colors { owner, filters } => {
                self.player(owner);
                self.board_colors(filters);
            }
            Countable::Icons { owner, icon } => {
                self.player(owner);
                self.op(Op::Measure {
                    measure: MeasureCode::Icons(*icon),
                });
            }
        }
    }

    /// `I: seat → n`: how many colours of the seat's board pass the filters.
    fn board_colors(&mut self, filters: &[ColorFilter]) {
        self.op(Op::BoardColors);
        self.color_filters(filters);
        self.op(Op::Nip);
        self.op(Op::PopCount);
    }

    // ----- conditions ----------------------------------------------------------------------

    /// `I: → 0/1`.
    fn cond(&mut self, cond: &Cond) {
        match cond {
            Cond::And(parts) => self.junction(parts, Op::And, 1),
            Cond::Or(parts) => self.junction(parts, Op::Or, 0),
            Cond::Not(inner) => {
                self.cond(inner);
                self.op(Op::Not);
            }
            Cond::Did { stmt, done } => self.op(Op::Did {
                stmt: stmt.0,
                done: *done,
            }),
            Cond::Moved { stmt, test } => self.moved(*stmt, *test),
            Cond::Has { player, test } => {
                self.player(player);
                self.measure_test(test);
            }
            Cond::OnlyPlayer(test) => {
                let test = self.player_test(test);
                self.op(Op::OnlyPlayer { test });
            }
            Cond::Players {
                quantifier,
                set,
                test,
            } => {
                let test = self.player_test(test);
                self.op(Op::QuantifyPlayers {
                    quantifier: *quantifier,
                    group: *set,
                    test,
                });
            }
            Cond::Cards {
                quantifier,
                cards,
                filters,
            } => {
                self.cards(cards, None);
                self.op(Op::DupSet);
                self.filters(filters);
                self.op(Op::QuantifyCards {
                    quantifier: *quantifier,
                });
            }
            Cond::Splayed {
                player,
                color,
                direction,
            } => {
                self.player(player);
                self.colors(color);
                self.op(Op::IsSplayed {
                    direction: *direction,
                });
            }
            Cond::Compare { lhs, op, rhs } => {
                self.value(lhs);
                self.value(rhs);
                self.op(Op::Compare { op: *op });
            }
        }
    }

    /// `and` / `or` of the parts; `empty` when there are none.
    /// `and` / `or`, short-circuited: the parts after the first that decides are not evaluated
    /// (conditions are pure, so this changes only the speed).
    fn junction(&mut self, parts: &[Cond], op: Op, empty: i16) {
        let Some((last, init)) = parts.split_last() else {
            self.op(Op::Int { value: empty });
            return;
        };
        if op == Op::And {
            // a; jump_if_false F; b; jump_if_false F; c; jump E; F: int 0; E:
            let mut to_false = Vec::new();
            for part in init {
                self.cond(part);
                to_false.push(self.forward(Op::JumpIfFalse { target: 0 }));
            }
            self.cond(last);
            if to_false.is_empty() {
                return;
            }
            let to_end = self.forward(Op::Jump { target: 0 });
            for at in to_false {
                self.patch(at);
            }
            self.op(Op::Int { value: 0 });
            self.patch(to_end);
        } else {
            // a; jump_if_false N1; int 1; jump E; N1: b; …; c; E:
            let mut to_end = Vec::new();
            for part in init {
                self.cond(part);
                let next = self.forward(Op::JumpIfFalse { target: 0 });
                self.op(Op::Int { value: 1 });
                to_end.push(self.forward(Op::Jump { target: 0 }));
                self.patch(next);
            }
            self.cond(last);
            for at in to_end {
                self.patch(at);
            }
        }
    }

    fn moved(&mut self, stmt: StmtId, test: AmountTest) {
        match u8::try_from(test.n) {
            Ok(n) => self.op(Op::Moved {
                stmt: stmt.0,
                op: test.op,
                n,
            }),
            Err(_) => {
                self.error(format!("comparing with {} cards: more than 255", test.n));
                self.op(Op::Int { value: 0 });
            }
        }
    }

    /// `I: seat → 0/1`: a test of the player whose seat is on `I`.
    fn measure_test(&mut self, test: &MeasureTest) {
        match test {
            MeasureTest::Amount { measure, test } => {
                self.measure(measure);
                self.int(i64::from(test.n));
                self.op(Op::Compare { op: test.op });
            }
            MeasureTest::VersusPlayer {
                measure,
                op,
                other,
                factor,
            } => {
                self.measure(measure);
                self.player(other);
                self.measure(measure);
                self.multiply_by(*factor);
                self.op(Op::Compare { op: *op });
            }
            MeasureTest::VersusEach {
                measure,
                op,
                set,
                factor,
            } => {
                let measure = self.player_measure(measure);
                self.op(Op::VersusEach {
                    measure,
                    op: *op,
                    group: *set,
                    factor: *factor,
                });
            }
            MeasureTest::VersusMeasure {
                measure,
                op,
                other,
                factor,
            } => {
                self.op(Op::Dup);
                self.measure(measure);
                self.op(Op::Swap);
                self.measure(other);
                self.multiply_by(*factor);
                self.op(Op::Compare { op: *op });
            }
        }
    }

    /// `I: n → factor * n` (nothing for 1).
    fn multiply_by(&mut self, factor: u8) {
        if factor != 1 {
            self.op(Op::Int {
                value: i16::from(factor),
            });
            self.op(Op::Mul);
        }
    }

    /// `I: seat → n`.
    fn measure(&mut self, measure: &Measure) {
        let code = match measure {
            Measure::Points => MeasureCode::Points,
            Measure::Achievements => MeasureCode::Achievements,
            Measure::TopCards => MeasureCode::TopCards,
            Measure::CardsInHand => MeasureCode::CardsInHand,
            Measure::CardsInScorePile => MeasureCode::CardsInScorePile,
            Measure::ColorCards(color) => MeasureCode::ColorCards(*color),
            Measure::Icons(icon) => MeasureCode::Icons(*icon),
            Measure::Moved {
                verb,
                due_to,
                scope,
            } => MeasureCode::Moved {
                verb: *verb,
                due_to: *due_to,
                scope: *scope,
            },
            Measure::Colors(filters) => {
                self.board_colors(filters);
                return;
            }
        };
        self.op(Op::Measure { measure: code });
    }
}

/// The ids of the statements of a body (not of their own children).
fn children(body: &[Stmt]) -> Vec<u16> {
    body.iter().map(|s| s.id.0).collect()
}

/// Whether `Move` (and `draw and …`) can carry the verb out: every verb with a natural place.
fn moves_to_natural_place(verb: Verb) -> bool {
    matches!(
        verb,
        Verb::Meld
            | Verb::Tuck
            | Verb::Score
            | Verb::Return
            | Verb::Reveal
            | Verb::Junk
            | Verb::Remove
            | Verb::Achieve
    )
}

/// Whether a selection can yield more than one card (so that their order may matter).
/// Whether the text leaves no card to choose: named cards, this card, cards an earlier
/// statement named, every card of a zone, or the top card of one colour ("your top red card").
fn cards_fixed(sel: &CardSel) -> bool {
    match &sel.source {
        CardSource::Card(_) | CardSource::ThisCard | CardSource::Bound(_) => return true,
        _ => {}
    }
    if sel.pick.extreme.is_some() {
        return false;
    }
    match sel.pick.count {
        Count::All => true,
        Count::Exactly(1) => {
            let top_of_board = matches!(&sel.source, CardSource::Zones { owner: Owner::One(_), zones }
                if matches!(zones.as_slice(), [ZoneRef::Board(BoardPosition::Top)]));
            top_of_board
                && sel
                    .filters
                    .iter()
                    .any(|f| matches!(f, CardFilter::Color(c) if one_colour(c)))
        }
        _ => false,
    }
}

/// Whether a colour selection names exactly one colour (no choice among colours).
fn one_colour(sel: &ColorSel) -> bool {
    matches!(
        sel.alternatives.as_slice(),
        [ColorTerm::Named(_) | ColorTerm::Of(_) | ColorTerm::Param(_) | ColorTerm::Candidate]
    )
}

/// Whether picking the cards is a choice the text names, into which a `you may` folds: not
/// fixed cards, and not a rule that selects ("the highest card": a yes/no, then the Golden
/// Rule's question only if the rule ties).
fn choosable(sel: &CardSel) -> bool {
    sel.pick.extreme.is_none() && !cards_fixed(sel)
}

/// Whether a statement's first question is a choice that a `you may` before it folds into:
/// one of several colours to splay, unsplay or rearrange (of a player not chosen on the spot),
/// an alternative, a `choose`, cards to pick or to execute, a special achievement.
fn opens_with_choice(stmt: &Stmt) -> bool {
    let own = |p: &Player| matches!(p, Player::Executor | Player::Demander | Player::Each);
    match &stmt.kind {
        StmtKind::Splay { player, color, .. }
        | StmtKind::Unsplay { player, color }
        | StmtKind::Rearrange { player, color } => own(player) && !one_colour(color),
        StmtKind::Either { .. } | StmtKind::Choose { .. } | StmtKind::ChooseValueAmong { .. } => {
            true
        }
        StmtKind::JunkSpecial { all } => !all,
        StmtKind::RestoreSpecial => true,
        StmtKind::PickCards(sel) | StmtKind::SelfExecute(sel) => picks_first(sel),
        StmtKind::Move { cards, .. } => picks_first(cards),
        _ => false,
    }
}

/// Whether the first question of taking these cards is the pick itself (no player chosen
/// first, no shared value chosen first) and the pick is a choice.
fn picks_first(sel: &CardSel) -> bool {
    let owner_fixed = match &sel.source {
        CardSource::Zones { owner, .. } => !matches!(
            owner,
            Owner::One(Player::Choose { .. } | Player::ChosenBy(_))
        ),
        _ => true,
    };
    owner_fixed && !sel.filters.contains(&CardFilter::SameValue) && choosable(sel)
}

fn several(sel: &CardSel) -> bool {
    match sel.source {
        CardSource::Card(_)
        | CardSource::ThisCard
        | CardSource::Bound(Binding { nth: Some(_), .. }) => return false,
        _ => {}
    }
    match sel.pick.count {
        Count::Exactly(n) | Count::UpTo(n) => n > 1,
        Count::Between(_, most) => most > 1,
        Count::AnyNumber | Count::All | Count::AllBut(_) | Count::Half(_) | Count::Computed => true,
    }
}

/// A zone a player has, or `None` for the cards beneath a card.
fn zone_sel(zone: &ZoneRef) -> Option<ZoneSel> {
    Some(match zone {
        ZoneRef::Hand => ZoneSel::Hand,
        ZoneRef::ScorePile => ZoneSel::ScorePile,
        ZoneRef::Achievements => ZoneSel::Achievements,
        ZoneRef::Board(BoardPosition::Top) => ZoneSel::BoardTop,
        ZoneRef::Board(BoardPosition::Bottom) => ZoneSel::BoardBottom,
        ZoneRef::Board(BoardPosition::All) => ZoneSel::BoardAll,
        ZoneRef::Board(BoardPosition::Beneath(_)) => return None,
    })
}

/// An exchange side's owner and zone, when it is one player's hand or score pile.
fn exchange_side(sel: &CardSel) -> Option<(&Player, ZoneSel, DestinationZone)> {
    match &sel.source {
        CardSource::Zones {
            owner: Owner::One(player),
            zones,
        } => match zones.as_slice() {
            [ZoneRef::Hand] => Some((player, ZoneSel::Hand, DestinationZone::Hand)),
            [ZoneRef::ScorePile] => Some((player, ZoneSel::ScorePile, DestinationZone::ScorePile)),
            _ => None,
        },
        _ => None,
    }
}
