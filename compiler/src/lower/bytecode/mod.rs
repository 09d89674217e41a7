//! The bytecode back end: the checked IR → a `CompiledEdition` for the runtime's VM.
//!
//! One chunk per card effect (its statements in order, then `Return`), one per special
//! achievement's condition, and pure sub-programs (card tests, player tests, player measures)
//! appended after the chunk that needs them and named after it. Each IR shape has one small
//! lowering function below; the stack effects they rely on are documented on
//! `dogma_runtime::bytecode::Op`. A construct the op set cannot express is a `LowerError`, never
//! dropped.
//!
//! This module holds the entry point (`compile_edition`), the edition being built (`Lowerer`)
//! and the writer of one chunk (`Emitter`: ops with their spans, jumps and their patches, lists,
//! pure sub-programs). The lowering functions live in one module per kind of IR node:
//! - `statements`: each statement, `you may` asked as at the table, conditionals, alternatives,
//!   loops, draws, movements, transfers and exchanges;
//! - `selections`: card sources, zones, filters and picks;
//! - `players`: the seat a player phrase names;
//! - `values`: numbers, counts, card values, parameters and colour masks;
//! - `conditions`: conditions, and the tests and measures of a player.

mod conditions;
mod players;
mod selections;
mod statements;
mod values;

use crate::ir::{
    AchievementDef, CardDef, CardFilter, CardSel, ColorSel, ColorTerm, Comparison, EffectDef,
    KarmaKind, LastingDef, Measure, MeasureTest, Program, SourceSpan, StmtId, Trigger,
};
use dogma_runtime::bytecode::{
    self as bc, CardInfo, Chunk, ChunkIdx, ChunkKind, CompiledEdition, DecreeInfo, EffectInfo,
    KarmaInfo, Op, RelicBack, Rules, SpecialInfo, Who, FORMAT_VERSION, NO_CHUNK,
};
use dogma_runtime::EffectKind;
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
        expansions: rules.expansions.clone(),
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
    })
}

/// The edition being built: its chunks so far and every error.
struct Lowerer {
    chunks: Vec<Chunk>,
    errors: Vec<LowerError>,
    /// The expansions in play: a card of one of their sets belongs to that set's supply.
    expansions: Vec<String>,
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
        let karmas = card
            .karmas
            .iter()
            .enumerate()
            .map(|(i, karma)| match &karma.kind {
                KarmaKind::Decree(id) => KarmaInfo::Decree(id.0),
                KarmaKind::WhenMelded { effect, from_hand } => KarmaInfo::WhenMelded {
                    chunk: self.effect(format!("{}, karma {}", card.title, i + 1), effect),
                    from_hand: *from_hand,
                },
                KarmaKind::Would(would) => KarmaInfo::Would {
                    who: would.who,
                    event: would.event,
                    first: would.first,
                    test: if would.filters.is_empty() && would.condition.is_none() {
                        bc::NO_CHUNK
                    } else {
                        self.card_test(
                            format!("{}, karma {} / test", card.title, i + 1),
                            &would.filters,
                            would.condition.as_ref(),
                            would.effect.span,
                        )
                    },
                    chunk: self.effect(format!("{}, karma {}", card.title, i + 1), &would.effect),
                },
                KarmaKind::NoFade => KarmaInfo::NoFade,
                KarmaKind::Provides { per, amount, gift } => KarmaInfo::Provides {
                    per: *per,
                    amount: *amount,
                    gift: *gift,
                },
            })
            .collect();
        CardInfo {
            title: card.title.clone(),
            set: card.set.clone(),
            // A Relic belongs to the set on its back, when that set is in play (EXPANSIONS.md
            // §5 #27); one whose set is not in play is only ever an achievement.
            deck_set: self
                .expansions
                .iter()
                .position(|e| *e == *card.relic_of.as_ref().unwrap_or(&card.set))
                .map_or(0, |i| i as u8 + 1),
            relic: card.relic_of.as_ref().map(|set| {
                if set == "base" || self.expansions.contains(set) {
                    RelicBack::InPlay
                } else {
                    RelicBack::NotInPlay
                }
            }),
            age: card.age,
            board_value: card.board_value,
            color: card.color,
            slots: card.slots.clone(),
            dogma_icon: card.dogma_icon,
            effects,
            karmas,
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

    /// A card test: the candidate passes the filters (a lasting effect's move, a "would"
    /// karma's event), and the condition holds if there is one (a karma's: it reads the event's
    /// card as its statement 0, which the engine passes as the outcome of statement 0).
    fn card_test(
        &mut self,
        name: String,
        filters: &[CardFilter],
        condition: Option<&crate::ir::Cond>,
        span: SourceSpan,
    ) -> ChunkIdx {
        let index = self.reserve(span);
        let mut test = Emitter::new(self, name, ChunkKind::CardTest, 0, span);
        test.op(Op::CandidateCard);
        test.filters(filters);
        test.op(Op::CountCards);
        test.op(Op::Int { value: 0 });
        test.op(Op::Compare { op: Comparison::Gt });
        if let Some(condition) = condition {
            test.cond(condition);
            test.op(Op::And);
        }
        test.op(Op::Return);
        let chunk = test.finish();
        self.place(index, chunk);
        index
    }

    fn special(&mut self, a: &AchievementDef) -> SpecialInfo {
        let condition = a.condition.as_ref().map(|cond| {
            let index = self.reserve(a.span);
            let mut e = Emitter::new(
                self,
                format!("{} / condition", a.name),
                ChunkKind::Condition,
                0,
                a.span,
            );
            e.cond(cond);
            e.op(Op::Return);
            let chunk = e.finish();
            self.place(index, chunk);
            index
        });
        let triggers = a
            .triggers
            .iter()
            .enumerate()
            .map(|(i, t)| self.trigger(format!("{} / trigger {}", a.name, i + 1), t))
            .collect();
        let decree = a.decree.as_ref().map(|(color, effect)| DecreeInfo {
            color: *color,
            effect: self.effect(format!("{} / decree", a.name), effect),
        });
        SpecialInfo {
            name: a.name.clone(),
            condition,
            triggers,
            via: a.via.iter().map(|c| c.0).collect(),
            decree,
            span: span(a.span),
        }
    }

    /// A trigger's test: a card test of the moved card (the candidate) for the mover (the
    /// executor): its filters, then its colour among the mover's colours passing `onto`.
    fn trigger(&mut self, name: String, t: &Trigger) -> bc::Trigger {
        let index = self.reserve(t.span);
        let mut e = Emitter::new(self, name, ChunkKind::CardTest, 0, t.span);
        e.op(Op::CandidateCard);
        e.filters(&t.filters);
        if !t.onto.is_empty() {
            e.filters(&[CardFilter::Color(ColorSel {
                alternatives: vec![ColorTerm::Any(t.onto.clone())],
            })]);
        }
        e.op(Op::CountCards);
        e.op(Op::Int { value: 0 });
        e.op(Op::Compare { op: Comparison::Gt });
        e.op(Op::Return);
        let chunk = e.finish();
        self.place(index, chunk);
        bc::Trigger {
            verb: t.verb,
            test: index,
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
        EffectKind::Inspire => "inspire",
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
/// A set not in play: no card is of it (`Op::KeepSet`, `Op::DrawOfSet`).
const SET_NOT_IN_PLAY: u8 = u8::MAX;

impl Emitter<'_> {
    /// The supply index of a set by its name (0: base), or `SET_NOT_IN_PLAY` for an expansion
    /// the edition does not play with.
    fn set_index(&self, name: &str) -> u8 {
        if name == "base" {
            return 0;
        }
        self.lowerer
            .expansions
            .iter()
            .position(|e| e == name)
            .map_or(SET_NOT_IN_PLAY, |i| i as u8 + 1)
    }
}

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
    /// How many lasting effects' bodies this chunk has named so far.
    lastings: u16,
    /// The span of the statement being lowered: every op emitted gets it.
    span: SourceSpan,
    /// The statement being lowered (`None` in pure chunks, which cannot decide anything).
    stmt: Option<StmtId>,
    /// The subject carrying out the statements being lowered (`StmtKind::Act`), as the IR
    /// names it; `None`: the executor.
    actor: Option<crate::ir::Player>,
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
            lastings: 0,
            span,
            stmt: None,
            actor: None,
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
            Some(
                Op::LoopNext { exit }
                | Op::EachNext { exit }
                | Op::ActorStart { exit }
                | Op::ColorsNext { exit }
                | Op::ValuesNext { exit }
                | Op::CardsNext { exit },
            ) => *exit = here,
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

    /// A lasting effect's body: an effect chunk of its own, named after this chunk (`Sundial,
    /// effect 1 / lasting 1`), its statements numbered apart from this chunk's.
    fn lasting_chunk(&mut self, lasting: &LastingDef) -> ChunkIdx {
        self.lastings += 1;
        let name = format!("{} / lasting {}", self.name, self.lastings);
        let index = self.lowerer.reserve(self.span);
        let mut body = Emitter::new(
            self.lowerer,
            name,
            ChunkKind::Effect,
            lasting.stmt_count,
            self.span,
        );
        body.block(&lasting.body);
        body.op(Op::Return);
        let chunk = body.finish();
        self.lowerer.place(index, chunk);
        index
    }

    /// The test of the card a lasting effect's move moved: a card test of the candidate (the
    /// moved card) passing the filters, run for the lasting effect's player.
    fn lasting_test(&mut self, filters: &[CardFilter]) -> ChunkIdx {
        self.tests += 1;
        let name = format!("{} / test {}", self.name, self.tests);
        self.lowerer.card_test(name, filters, None, self.span)
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
}
