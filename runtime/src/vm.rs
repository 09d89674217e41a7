//! The VM: runs compiled effect chunks on frames that live in the game state.
//!
//! Each op's behaviour is documented on `bytecode::Op`. The loop spends fuel, so it can never
//! spin forever. An op that needs a player's decision leaves its inputs on the stacks, rewinds
//! the frame to itself and returns the question; when the answer arrives the op runs again with
//! it. Because the frames are part of the serialisable game, a game can be saved while it waits.
//! A runtime error names the card's chunk and the source span of the failing op.
//!
//! This module holds the frames, the loop, the one dispatch `match` (`Game::step`) and the
//! helpers every op shares; each op is a small `op_*` function in its family's module:
//!
//! - `control`: jumps, loops, parameters, numbers and logic, players named by the frame, and
//!   statement outcomes (`Did`, `Moved`, `Combine`, `Afresh`);
//! - `selections`: card sets, filters and picks (`Pick`, `Order`, `ChooseSharedValue`, `Mark`);
//! - `measures`: numbers from cards, boards and players, history, and the conditions over cards
//!   and players;
//! - `questions`: choosing a player, a value, a colour or an icon, `you may` and either/or;
//! - `moves`: draw, meld, tuck, score, return, transfer, exchange, splay, rearrange,
//!   self-execute, special achievements, winning and losing.
//!
//! An op's operands are its function's arguments, so the few ops with many operands (`Pick`,
//! `Choose`) allow clippy's `too_many_arguments`.
//!
//! The native back end's types live here too: `NativeFn` (the generated code's entry point) and
//! `NativeCode` (it with the fingerprint of the edition it was generated from), and `Program`,
//! what a game runs: a compiled edition with its native code if any. The compiled edition itself
//! (`bytecode`) is pure data and knows nothing of the VM or of native code.

mod control;
mod measures;
mod moves;
mod questions;
mod selections;

use crate::bytecode::{
    CardIdx, Chunk, ChunkIdx, CompiledEdition, Op, SourceSpan, StmtId, SUB_PROGRAM_DEPTH,
};
use crate::choices::{Answer, Request, RequestKind};
use crate::game::Game;
use crate::log::Event;
use crate::state::{Location, Seat};
use crate::terms::{Chooser, PlayerSet};
use crate::vocab::{Color, EffectKind};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// The most ops one `act` or `answer` may run before the VM gives up.
pub const FUEL: u64 = 5_000_000;

/// The tests and measures running inside one another (`Game::run_pure`): how deeply, and the
/// ops the outermost has left for all of them. Not saved (no test runs between ops of a game).
#[derive(Clone, Debug, Default)]
pub struct PureRuns {
    pub(crate) depth: std::cell::Cell<u32>,
    pub(crate) fuel: std::cell::Cell<u64>,
}

/// No player (a choice that had nobody to choose from).
const NOBODY: i32 = -1;

/// A card's code failed. Points at the op's source.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RuntimeError {
    pub message: String,
    /// The chunk (e.g. `Oars, demand 1`).
    pub chunk: String,
    pub span: Option<SourceSpan>,
}

impl std::fmt::Display for RuntimeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} (in {})", self.message, self.chunk)
    }
}

/// What a statement did, kept for the words that refer back to it.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct StmtOutcome {
    /// The statement was reached.
    pub ran: bool,
    /// A `you may` was declined.
    pub declined: bool,
    /// How many things the statement asked for, and how many were done.
    pub requested: u16,
    pub done: u16,
    /// The cards it moved or showed, with where it left them.
    pub cards: Vec<(CardIdx, Location)>,
    /// The players whose zones the cards it moved were taken from, each once, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub from: Vec<Seat>,
    pub player: Option<Seat>,
    pub values: Vec<i32>,
    pub colors: i32,
    pub icons: i32,
    /// A self-execute or an "as if" execution: the length of the log when it started (for
    /// `this caused any change`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mark: Option<u32>,
}

impl StmtOutcome {
    /// One card moved (or about to be) where it lies: the statement 0 of a lasting effect set
    /// off by a move and of a "would" karma (`it`).
    pub fn one_card(card: CardIdx, at: Location) -> Self {
        StmtOutcome {
            ran: true,
            requested: 1,
            done: 1,
            cards: vec![(card, at)],
            ..StmtOutcome::default()
        }
    }

    /// Carried out in full (first and third editions' "if you do").
    pub fn full(&self) -> bool {
        self.ran && !self.declined && self.done > 0 && self.done >= self.requested
    }

    /// Amounted to more than nothing (the fourth edition's "if you do").
    pub fn any(&self) -> bool {
        self.ran && !self.declined && self.done > 0
    }
}

/// What a frame is doing.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum FrameKind {
    /// Running an effect's chunk.
    Effect,
    /// Running each non-demand effect of `card` in turn (a self-execute); `next` is the next
    /// effect to look at.
    SelfExecute { next: u8 },
    /// Running every effect of `card` as if it were on another card (an "as if" execution).
    AsIf(Box<AsIfRun>),
}

/// Where an "as if" execution stands.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AsIfRun {
    /// The card the effects run as if printed on (`this card` in them).
    pub host: CardIdx,
    /// The next step: the card's echo effects first, then its other effects in order.
    pub next: u8,
    /// The next victim of a demand step.
    pub victim: u8,
    /// The victims of its demands and of its compels, fixed when the execution started.
    pub vulnerable: Vec<Seat>,
    pub compelled: Vec<Seat>,
}

/// One running chunk: its program counter, stacks, statement outcomes and context.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Frame {
    pub kind: FrameKind,
    pub chunk: ChunkIdx,
    pub pc: u16,
    /// `this card`.
    pub card: CardIdx,
    /// `you`.
    pub executor: Seat,
    /// `I`, in a demand.
    pub demander: Option<Seat>,
    /// A demand effect is running (for `due to the demand`).
    pub demand: bool,
    /// A sharing opponent is executing: a card they reveal or move earns the free Draw.
    pub counts_for_bonus: bool,
    pub ints: Vec<i32>,
    pub sets: Vec<Vec<CardIdx>>,
    pub outcomes: Vec<StmtOutcome>,
    pub loops: Vec<i32>,
    /// Player loops: the players and how many have been taken.
    pub each: Vec<(Vec<Seat>, u8)>,
    /// The card a card test is testing.
    pub candidate: Option<CardIdx>,
    /// Stop (as if the chunk returned) on reaching this op: used to try a `you may` on a copy
    /// of the game.
    #[serde(default)]
    pub stop_at: Option<u16>,
    /// The effect's parameters (`effect clock (v = 11)`), kept across `repeat this effect`.
    #[serde(default)]
    pub params: Vec<i32>,
    /// A `you may` folded into the first choice of its body, not yet answered.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fold: Option<Fold>,
    /// How many times `repeat this effect` has restarted this execution of the effect.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub repeats: u8,
    /// The players carrying out the statements being run for them (`each opponent draws …`,
    /// `that player chooses …`: `Op::ActorStart`), innermost last; none: the executor.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub actors: Vec<Seat>,
    /// Colour loops (`for each color …`): the colours still to come and the current one (as
    /// masks), innermost last.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub color_loops: Vec<(i32, i32)>,
    /// Value loops (`for each bonus …`): the values still to come (the next last) and the
    /// current one, innermost last.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub value_loops: Vec<(Vec<i32>, i32)>,
    /// Card loops (`for each card in …`): the cards still to come, innermost last.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub card_loops: Vec<Vec<CardIdx>>,
    /// An echo effect is running (Echoes: for `due to this card's echo effect`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub echo: bool,
    /// A karma's effect (Figures): nothing it does sets off another karma (EXPANSIONS.md F8).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub karma: bool,
    /// An op stopped by a "would" karma, to run again when the karma is done (`game::karma`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub karma_resume: Option<KarmaResume>,
}

/// Where an op that a "would" karma interrupted stands (`Frame::karma_resume`): it runs again
/// from here when the karma's effect is done.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct KarmaResume {
    /// The op's position in its chunk.
    pub pc: u16,
    /// How many of its rounds were done (a draw of several cards).
    pub done: u8,
    /// The card drawn this round, its own move still to come (`draw and meld`).
    pub drawn: Option<CardIdx>,
    /// The card the karma was about, where it lay, and whether the karma ran first (the move
    /// goes on if the card is still there) or instead (the move is skipped).
    pub handled: Option<(CardIdx, crate::state::Location, bool)>,
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

/// A `you may` folded into the first choice of its body (`Op::AskYesNo { fold: true }`): that
/// choice offers declining, and declining unwinds the frame to where the `you may` began.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fold {
    /// The `you may` statement (its outcome records the decline).
    pub stmt: StmtId,
    /// Where its body ends (the target of the jump after `AskYesNo`).
    pub skip: u16,
    /// The stack depths when it began.
    pub ints: u16,
    pub sets: u16,
}

impl Default for Frame {
    fn default() -> Frame {
        Frame {
            kind: FrameKind::Effect,
            chunk: 0,
            pc: 0,
            card: 0,
            executor: 0,
            demander: None,
            demand: false,
            counts_for_bonus: false,
            ints: Vec::new(),
            sets: Vec::new(),
            outcomes: Vec::new(),
            loops: Vec::new(),
            each: Vec::new(),
            candidate: None,
            stop_at: None,
            params: Vec::new(),
            fold: None,
            repeats: 0,
            actors: Vec::new(),
            color_loops: Vec::new(),
            value_loops: Vec::new(),
            card_loops: Vec::new(),
            echo: false,
            karma: false,
            karma_resume: None,
        }
    }
}

impl Frame {
    /// Readies a reused frame for a pure chunk, keeping its buffers' capacity.
    fn reset_pure(
        &mut self,
        chunk: ChunkIdx,
        card: CardIdx,
        executor: Seat,
        demander: Option<Seat>,
        demand: bool,
    ) {
        self.kind = FrameKind::Effect;
        self.chunk = chunk;
        self.pc = 0;
        self.card = card;
        self.executor = executor;
        self.demander = demander;
        self.demand = demand;
        self.counts_for_bonus = false;
        self.ints.clear();
        self.sets.clear();
        self.outcomes.clear();
        self.loops.clear();
        self.each.clear();
        self.candidate = None;
        self.params.clear();
        self.fold = None;
        self.repeats = 0;
        self.actors.clear();
        self.color_loops.clear();
        self.value_loops.clear();
        self.card_loops.clear();
    }

    /// A frame that runs an effect chunk.
    pub fn effect(
        edition: &CompiledEdition,
        chunk: ChunkIdx,
        card: CardIdx,
        executor: Seat,
        demander: Option<Seat>,
        demand: bool,
        counts_for_bonus: bool,
    ) -> Frame {
        Frame {
            kind: FrameKind::Effect,
            chunk,
            pc: 0,
            card,
            executor,
            demander,
            demand,
            counts_for_bonus,
            ints: Vec::new(),
            sets: Vec::new(),
            outcomes: vec![StmtOutcome::default(); edition.chunk(chunk).stmts as usize],
            loops: Vec::new(),
            each: Vec::new(),
            candidate: None,
            stop_at: None,
            params: Vec::new(),
            fold: None,
            repeats: 0,
            actors: Vec::new(),
            color_loops: Vec::new(),
            value_loops: Vec::new(),
            card_loops: Vec::new(),
            echo: false,
            karma: false,
            karma_resume: None,
        }
    }

    /// Why the cards this frame moves move: its card's effect, a demand or an echo effect.
    pub(crate) fn cause(&self) -> crate::game::Cause {
        crate::game::Cause {
            source: Some(self.card),
            demand: self.demand,
            echo: self.echo,
        }
    }

    /// The player carrying out the running statement: the subject of a statement run for
    /// another player (`each opponent draws …`), else the executor. They make its moves and its
    /// choices.
    pub fn actor(&self) -> Seat {
        self.actors.last().copied().unwrap_or(self.executor)
    }

    /// Declines the folded `you may` the running op asks for, if there is one: the stacks go
    /// back to where it began, its body is skipped, and its outcome records the decline (so `if
    /// you do` fails). Returns whether there was one.
    fn declined(&mut self) -> bool {
        let Some(fold) = self.fold.take() else {
            return false;
        };
        self.ints.truncate(usize::from(fold.ints));
        self.sets.truncate(usize::from(fold.sets));
        self.pc = fold.skip;
        if let Some(o) = outcome_mut(self, fold.stmt) {
            o.ran = true;
            o.declined = true;
        }
        true
    }
}

/// What an op did: `Some` when the frame stops there.
type OpResult = VmResult<Option<Stop>>;

/// The questions and answers of `Vm::pick_one`: one player, colour or value.
fn ask_player(options: Vec<Seat>) -> RequestKind {
    RequestKind::Players { options, count: 1 }
}
fn read_players(answer: Answer) -> Option<Vec<Seat>> {
    match answer {
        Answer::Players(p) => Some(p),
        _ => None,
    }
}
fn ask_color(options: Vec<Color>) -> RequestKind {
    RequestKind::Colors { options, count: 1 }
}
fn read_colors(answer: Answer) -> Option<Vec<Color>> {
    match answer {
        Answer::Colors(c) => Some(c),
        _ => None,
    }
}
fn ask_value(options: Vec<i32>) -> RequestKind {
    RequestKind::Values { options, count: 1 }
}
fn read_values(answer: Answer) -> Option<Vec<i32>> {
    match answer {
        Answer::Values(v) => Some(v),
        _ => None,
    }
}

/// A stop, as `step` returns it.
fn stopped(stop: Stop) -> OpResult {
    Ok(Some(stop))
}

/// Why a frame stopped running.
pub enum Stop {
    /// The chunk returned.
    Done,
    /// A player must answer.
    Suspend(Request),
    /// Run this frame (a self-execute) on top of the current one.
    Call(Box<Frame>),
    /// A move set off lasting effects (`State::lasting_due`): they run on top of the current
    /// frame, first first, before it goes on.
    Lasting,
    EndDogma,
    GameOver,
}

pub type VmResult<T> = Result<T, RuntimeError>;

/// A native back end's entry point: runs a frame's chunk as `Game::execute` does (the code
/// `dogma build --target rust` generates for an edition).
pub type NativeFn = fn(
    &mut Game,
    &CompiledEdition,
    &mut Frame,
    &mut u64,
    bool,
    Option<&[StmtOutcome]>,
) -> VmResult<Stop>;

/// An edition's native code: the generated `run` function and the fingerprint of the compiled
/// edition it was generated from.
#[derive(Clone, Copy)]
pub struct NativeCode {
    pub run: NativeFn,
    pub fingerprint: u64,
}

impl std::fmt::Debug for NativeCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "NativeCode({:#018x})", self.fingerprint)
    }
}

/// What a game runs: a compiled edition (pure data, shared) and, when its games run on the native
/// back end, the native code generated from it (`dogma::use_backend` pairs them only when the
/// fingerprints match). Without native code the VM's loop runs the edition's chunks. It reads as
/// the edition it carries (`Deref`).
#[derive(Clone, Debug)]
pub struct Program {
    pub edition: Arc<CompiledEdition>,
    pub native: Option<NativeCode>,
}

impl From<Arc<CompiledEdition>> for Program {
    /// The edition on the VM.
    fn from(edition: Arc<CompiledEdition>) -> Program {
        Program {
            edition,
            native: None,
        }
    }
}

impl From<CompiledEdition> for Program {
    /// The edition on the VM.
    fn from(edition: CompiledEdition) -> Program {
        Program::from(Arc::new(edition))
    }
}

impl std::ops::Deref for Program {
    type Target = CompiledEdition;

    fn deref(&self) -> &CompiledEdition {
        &self.edition
    }
}

impl Game {
    /// Runs the VM's frames until they finish, suspend for a decision, or the game ends.
    pub(crate) fn run_vm(&mut self) -> VmResult<()> {
        let mut fuel = FUEL;
        let edition = self.edition_arc();
        loop {
            if self.exec.is_none() {
                return Ok(());
            }
            // A lasting effect whose time has come runs before anything else.
            if let Some(due) = self.next_lasting_frame() {
                if let Some(exec) = self.exec.as_mut() {
                    exec.frames.push(due);
                }
            }
            let Some(exec) = self.exec.as_mut() else {
                return Ok(());
            };
            let Some(mut frame) = exec.frames.pop() else {
                return Ok(());
            };
            if let FrameKind::SelfExecute { next } = frame.kind {
                let effects = &edition.card(frame.card).effects;
                let found = (next as usize..effects.len())
                    .find(|i| effects[*i].kind == EffectKind::NonDemand);
                if let Some(i) = found {
                    frame.kind = FrameKind::SelfExecute { next: i as u8 + 1 };
                    let child = Frame::effect(
                        &edition,
                        effects[i].chunk,
                        frame.card,
                        frame.executor,
                        None,
                        false,
                        frame.counts_for_bonus,
                    );
                    exec.frames.push(frame);
                    exec.frames.push(child);
                }
                continue;
            }
            if let FrameKind::AsIf(_) = frame.kind {
                if let Some(child) = as_if_step(&edition, &mut frame) {
                    exec.frames.push(frame);
                    exec.frames.push(child);
                }
                continue;
            }
            let stop = self.execute(&mut frame, &mut fuel, false, None)?;
            match stop {
                Stop::Done => {}
                Stop::Suspend(request) => {
                    if let Some(exec) = self.exec.as_mut() {
                        exec.frames.push(frame);
                    }
                    self.pending = Some(request);
                    return Ok(());
                }
                Stop::Call(child) => {
                    if let Some(exec) = self.exec.as_mut() {
                        exec.frames.push(frame);
                        exec.frames.push(*child);
                    }
                }
                Stop::Lasting => {
                    if let Some(exec) = self.exec.as_mut() {
                        exec.frames.push(frame);
                    }
                }
                Stop::EndDogma => {
                    if let Some(exec) = self.exec.as_mut() {
                        exec.frames.clear();
                        if let Some(dogma) = exec.dogma.as_mut() {
                            dogma.ended = true;
                        }
                    }
                    self.log.push(Event::DogmaEnded);
                    return Ok(());
                }
                Stop::GameOver => return Ok(()),
            }
            if self.state.outcome.is_some() {
                return Ok(());
            }
        }
    }

    /// Evaluates a special achievement's condition for a player.
    pub(crate) fn eval_condition(&mut self, chunk: ChunkIdx, seat: Seat) -> VmResult<i32> {
        let mut frame = self.scratch.0.pop().unwrap_or_default();
        frame.reset_pure(chunk, 0, seat, None, false);
        let result = self.run_pure(&mut frame, &[]);
        self.scratch.0.push(frame);
        result
    }

    /// Evaluates a card test for a card, with the player as `you` (a special achievement's
    /// trigger: the card just moved, and its mover).
    pub(crate) fn eval_card_test(
        &mut self,
        chunk: ChunkIdx,
        card: CardIdx,
        seat: Seat,
    ) -> VmResult<i32> {
        self.eval_test_of(chunk, card, seat, None, false, card, &[])
    }

    /// Evaluates a lasting effect's test of a moved card: a card test for the card, with the
    /// effect's player as `you`, its card as `this card` and its demander as `I`.
    pub(crate) fn eval_lasting_test(
        &mut self,
        lasting: &crate::state::Lasting,
        card: CardIdx,
    ) -> VmResult<i32> {
        let (test, host, player) = (lasting.test, lasting.card, lasting.player);
        self.eval_test_of(
            test,
            host,
            player,
            lasting.demander,
            lasting.demand,
            card,
            &[],
        )
    }

    /// Evaluates a "would" karma's test for `player` with `this_card`, on the candidate `card`,
    /// the event's card, which is also its statement 0 (`it` in the karma's condition).
    pub(crate) fn eval_karma_test(
        &mut self,
        test: ChunkIdx,
        this_card: CardIdx,
        player: Seat,
        card: CardIdx,
    ) -> VmResult<i32> {
        let event = StmtOutcome::one_card(card, self.state.location(card));
        self.eval_test_of(test, this_card, player, None, false, card, &[event])
    }

    /// Runs a card test on a reused frame: `this_card`, `you` and the demander as given, the
    /// candidate `card`, statement outcomes read from `outcomes`.
    #[allow(clippy::too_many_arguments)]
    fn eval_test_of(
        &mut self,
        test: ChunkIdx,
        this_card: CardIdx,
        player: Seat,
        demander: Option<Seat>,
        demand: bool,
        card: CardIdx,
        outcomes: &[StmtOutcome],
    ) -> VmResult<i32> {
        let mut frame = self.scratch.0.pop().unwrap_or_default();
        frame.reset_pure(test, this_card, player, demander, demand);
        frame.candidate = Some(card);
        let result = self.run_pure(&mut frame, outcomes);
        self.scratch.0.push(frame);
        result
    }

    /// Runs a pure chunk (a test or a measure) to its result; it reads statement outcomes from
    /// `outcomes` (its parent's). A test run inside another (a card test of a player test …)
    /// spends the fuel of the outermost one (`PureRuns`), so tests inside tests cannot multiply
    /// their work past `FUEL` ops; they nest at most `SUB_PROGRAM_DEPTH` deep.
    fn run_pure(&mut self, frame: &mut Frame, outcomes: &[StmtOutcome]) -> VmResult<i32> {
        let depth = self.pure_runs.depth.get();
        if depth == 0 {
            self.pure_runs.fuel.set(FUEL);
        } else if depth as usize >= SUB_PROGRAM_DEPTH {
            return Err(self.error(
                frame,
                format!("tests and measures nested more than {SUB_PROGRAM_DEPTH} deep"),
            ));
        }
        self.pure_runs.depth.set(depth + 1);
        let mut fuel = FUEL;
        let result = self.execute(frame, &mut fuel, true, Some(outcomes));
        self.pure_runs.depth.set(depth);
        match result? {
            Stop::Done => Ok(frame.ints.pop().unwrap_or(0)),
            _ => Err(self.error(frame, "a test or measure tried to act or ask")),
        }
    }

    /// Runs a pure chunk in the context of `parent` (its players, this card, and the statement
    /// outcomes `outcomes`), for a candidate card or a player.
    fn eval_sub(
        &mut self,
        parent: &Frame,
        outcomes: &[StmtOutcome],
        chunk: ChunkIdx,
        candidate: Option<CardIdx>,
        each: Option<Seat>,
    ) -> VmResult<i32> {
        let mut frame = self.scratch.0.pop().unwrap_or_default();
        frame.reset_pure(
            chunk,
            parent.card,
            parent.executor,
            parent.demander,
            parent.demand,
        );
        frame.candidate = candidate;
        frame.params.extend_from_slice(&parent.params);
        // `that color` in a test reads the loop the test runs in.
        frame.color_loops.extend_from_slice(&parent.color_loops);
        frame.value_loops.extend_from_slice(&parent.value_loops);
        if let Some(p) = each {
            frame.each.push((vec![p], 1));
        }
        let result = self.run_pure(&mut frame, outcomes);
        self.scratch.0.push(frame);
        result
    }

    fn error(&self, frame: &Frame, message: impl Into<String>) -> RuntimeError {
        let chunk = self.edition().chunks.get(frame.chunk as usize);
        let at = frame.pc.saturating_sub(1) as usize;
        RuntimeError {
            message: message.into(),
            chunk: chunk.map_or_else(|| format!("chunk {}", frame.chunk), |c| c.name.clone()),
            span: chunk.and_then(|c| c.spans.get(at).copied()),
        }
    }

    /// Runs one frame's ops until it returns or stops. A game given native code runs its
    /// chunks there (the `rust` back end); both run the same ops, one at a time (`step`).
    fn execute(
        &mut self,
        frame: &mut Frame,
        fuel: &mut u64,
        pure: bool,
        outer: Option<&[StmtOutcome]>,
    ) -> VmResult<Stop> {
        let edition = self.edition_arc();
        if let Some(native) = self.native {
            return (native.run)(self, &edition, frame, fuel, pure, outer);
        }
        let chunk = edition.chunk(frame.chunk);
        loop {
            if self.stops_before_op(frame, fuel)? {
                return Ok(Stop::Done);
            }
            let Some(op) = chunk.ops.get(frame.pc as usize).copied() else {
                return Err(self.error(frame, "the code ran past its end"));
            };
            frame.pc += 1;
            if let Some(stop) = self.dispatch(&edition, chunk, frame, op, pure, outer)? {
                return Ok(stop);
            }
        }
    }

    /// Before each op, on both back ends: whether the frame stops here (a probe's `stop_at`),
    /// and one unit of fuel spent (an error when none is left).
    #[inline]
    pub fn stops_before_op(&self, frame: &Frame, fuel: &mut u64) -> VmResult<bool> {
        if frame.stop_at == Some(frame.pc) {
            return Ok(true);
        }
        if *fuel == 0 {
            return Err(self.out_of_fuel(frame));
        }
        *fuel -= 1;
        // Inside a test or measure: the fuel of the outermost one, shared by those inside it.
        if self.pure_runs.depth.get() > 0 {
            let shared = self.pure_runs.fuel.get();
            if shared == 0 {
                return Err(self.out_of_fuel(frame));
            }
            self.pure_runs.fuel.set(shared - 1);
        }
        Ok(false)
    }

    /// Pops the number stack (`the number stack is empty` when it is): what `Game::step` does
    /// for an op's operands, for the native code's ops written out in place.
    #[inline]
    pub fn pop_int(&self, frame: &mut Frame) -> VmResult<i32> {
        match frame.ints.pop() {
            Some(v) => Ok(v),
            None => Err(self.error(frame, "the number stack is empty")),
        }
    }

    /// Pops the card-set stack (`the card stack is empty` when it is).
    #[inline]
    fn pop_set(&self, frame: &mut Frame) -> VmResult<Vec<CardIdx>> {
        match frame.sets.pop() {
            Some(v) => Ok(v),
            None => Err(self.error(frame, "the card stack is empty")),
        }
    }

    /// Checks that an op that changes the game or asks a player is not in a pure chunk (a test or
    /// measure).
    #[inline]
    fn impure(&self, frame: &Frame, pure: bool) -> VmResult<()> {
        if pure {
            return Err(self.error(
                frame,
                "a test or measure cannot change the game or ask a player",
            ));
        }
        Ok(())
    }

    /// The error of a frame whose program counter left its chunk.
    pub fn ran_past_end(&self, frame: &Frame) -> RuntimeError {
        self.error(frame, "the code ran past its end")
    }

    /// The error of a frame that ran out of fuel.
    pub fn out_of_fuel(&self, frame: &Frame) -> RuntimeError {
        self.error(
            frame,
            format!("out of fuel: the effect ran {FUEL} ops without finishing"),
        )
    }

    /// Carries out one op of `chunk` (whose program counter has moved past it): `Some` when the
    /// frame stops. The VM's loop and the native back end's generated code both call it, so the
    /// two back ends behave the same by construction; the native code passes each op as a
    /// constant, which the compiler specialises. Each arm calls the op's function in its family's
    /// module.
    #[inline]
    pub fn step(
        &mut self,
        edition: &CompiledEdition,
        chunk: &Chunk,
        frame: &mut Frame,
        op: Op,
        pure: bool,
        outer: Option<&[StmtOutcome]>,
    ) -> VmResult<Option<Stop>> {
        self.dispatch(edition, chunk, frame, op, pure, outer)
    }

    /// `step`'s one `match`, always inlined into the VM's loop (`execute`): whether the compiler
    /// would inline the whole match there on its own changes with every op added, and a call per
    /// op costs the VM a tenth of its speed. The native code calls `step`.
    #[inline(always)]
    fn dispatch(
        &mut self,
        edition: &CompiledEdition,
        chunk: &Chunk,
        frame: &mut Frame,
        op: Op,
        pure: bool,
        outer: Option<&[StmtOutcome]>,
    ) -> VmResult<Option<Stop>> {
        // Runs an op's function: an error or a stop returns from `step` at once.
        macro_rules! run {
            ($op:expr) => {
                if let Some(stop) = $op? {
                    return stopped(stop);
                }
            };
        }
        match op {
            // ----- control flow, numbers, players, statement outcomes (vm/control.rs) ------------
            Op::Jump { target } => run!(self.op_jump(frame, target)),
            Op::JumpIfFalse { target } => run!(self.op_jump_if_false(frame, target)),
            Op::Return => run!(self.op_return()),
            Op::RepeatEffect => run!(self.op_repeat_effect(frame, pure)),
            Op::Repeats => run!(self.op_repeats(frame)),
            Op::EndDogma => run!(self.op_end_dogma(frame, pure)),
            Op::InitParam { index } => run!(self.op_init_param(frame, index)),
            Op::SetParam { index } => run!(self.op_set_param(frame, index)),
            Op::Param { index } => run!(self.op_param(frame, index)),
            Op::EndGame => run!(self.op_end_game(frame, pure)),
            Op::Nop => run!(self.op_nop()),
            Op::LoopStart => run!(self.op_loop_start(frame)),
            Op::LoopNext { exit } => run!(self.op_loop_next(frame, exit)),
            Op::EachStart { group } => run!(self.op_each_start(frame, group)),
            Op::EachNext { exit } => run!(self.op_each_next(frame, exit)),
            Op::ActorStart { exit } => run!(self.op_actor_start(frame, exit)),
            Op::ColorsStart => run!(self.op_colors_start(frame)),
            Op::ColorsNext { exit } => run!(self.op_colors_next(frame, exit)),
            Op::LoopColor => run!(self.op_loop_color(frame)),
            Op::BonusValues { group, repeated } => {
                run!(self.op_bonus_values(frame, group, repeated))
            }
            Op::CardBonuses => run!(self.op_card_bonuses(edition, frame)),
            Op::CardIcons { icon } => run!(self.op_card_icons(edition, frame, icon)),
            Op::SetValues => run!(self.op_set_values(edition, frame)),
            Op::ValuesStart => run!(self.op_values_start(frame)),
            Op::ValuesNext { exit } => run!(self.op_values_next(frame, exit)),
            Op::LoopValue => run!(self.op_loop_value(frame)),
            Op::CardsStart => run!(self.op_cards_start(frame)),
            Op::CardsNext { exit } => run!(self.op_cards_next(frame, exit)),
            Op::CardsLeft => run!(self.op_cards_left(frame)),
            Op::CardsTake { stmt } => run!(self.op_cards_take(frame, stmt)),
            Op::ActorEnd => run!(self.op_actor_end(frame)),
            Op::Int { value } => run!(self.op_int(frame, value)),
            Op::Add => run!(self.op_add(frame)),
            Op::Sub => run!(self.op_sub(frame)),
            Op::Mul => run!(self.op_mul(frame)),
            Op::Div { by } => run!(self.op_div(frame, by)),
            Op::Half { rounding } => run!(self.op_half(frame, rounding)),
            Op::Compare { op } => run!(self.op_compare(frame, op)),
            Op::Not => run!(self.op_not(frame)),
            Op::And => run!(self.op_and(frame)),
            Op::Or => run!(self.op_or(frame)),
            Op::BitOr => run!(self.op_bit_or(frame)),
            Op::BitAnd => run!(self.op_bit_and(frame)),
            Op::PopCount => run!(self.op_pop_count(frame)),
            Op::Dup => run!(self.op_dup(frame)),
            Op::Nip => run!(self.op_nip(frame)),
            Op::Swap => run!(self.op_swap(frame)),
            Op::Pop => run!(self.op_pop(frame)),
            Op::Player { who } => run!(self.op_player(frame, who)),
            Op::ChosenPlayer { stmt } => run!(self.op_chosen_player(frame, stmt, outer)),
            Op::Did { stmt, done } => run!(self.op_did(frame, stmt, done, outer)),
            Op::Changed { stmt } => run!(self.op_changed(frame, stmt, outer)),
            Op::Moved { stmt, op, n } => run!(self.op_moved(frame, stmt, op, n, outer)),
            Op::TookFrom { stmt } => run!(self.op_took_from(frame, stmt, outer)),
            Op::Combine { stmt, children } => run!(self.op_combine(chunk, frame, stmt, children)),
            Op::Afresh { children } => run!(self.op_afresh(chunk, frame, children)),

            // ----- card sets, filters, picks (vm/selections.rs) ----------------------------------
            Op::Zone { zone } => run!(self.op_zone(frame, zone)),
            Op::ZoneOfGroup { zone, group } => run!(self.op_zone_of_group(frame, zone, group)),
            Op::Bound { stmt } => run!(self.op_bound(frame, stmt, outer)),
            Op::BoundAnywhere { stmt } => run!(self.op_bound_anywhere(frame, stmt, outer)),
            Op::BoundNth { stmt, nth } => run!(self.op_bound_nth(frame, stmt, nth, outer)),
            Op::Card { card } => run!(self.op_card(frame, card)),
            Op::ThisCard => run!(self.op_this_card(frame)),
            Op::Beneath => run!(self.op_beneath(frame)),
            Op::DeckCards { set } => run!(self.op_deck_cards(frame, set)),
            Op::DeckEnd { n, bottom, set } => run!(self.op_deck_end(frame, n, bottom, set)),
            Op::OwnerOfCards => run!(self.op_owner_of_cards(frame)),
            Op::KeepClaimable { score_multiple } => {
                run!(self.op_keep_claimable(edition, frame, score_multiple))
            }
            Op::ChosenDeckEnd { n, bottom } => {
                run!(self.op_chosen_deck_end(edition, chunk, frame, n, bottom, pure))
            }
            Op::AvailableCards => run!(self.op_available_cards(frame)),
            Op::Above => run!(self.op_above(frame)),
            Op::Below => run!(self.op_below(frame)),
            Op::TypeOf => run!(self.op_type_of(edition, frame)),
            Op::CandidateCard => run!(self.op_candidate_card(frame)),
            Op::DupSet => run!(self.op_dup_set(frame)),
            Op::PopSet => run!(self.op_pop_set(frame)),
            Op::Union => run!(self.op_union(frame)),
            Op::KeepColors => run!(self.op_keep_colors(edition, frame)),
            Op::DropColor { color } => run!(self.op_drop_color(edition, frame, color)),
            Op::KeepIcons { mask } => run!(self.op_keep_icons(edition, frame, mask)),
            Op::DropIcon { icon } => run!(self.op_drop_icon(edition, frame, icon)),
            Op::KeepSlots { icons, specials } => {
                run!(self.op_keep_slots(edition, frame, icons, specials))
            }
            Op::DropSpecials { specials } => run!(self.op_drop_specials(edition, frame, specials)),
            Op::KeepValues { n } => run!(self.op_keep_values(edition, frame, n)),
            Op::KeepValueCmp { op } => run!(self.op_keep_value_cmp(edition, frame, op)),
            Op::KeepColorOnBoard { negated } => {
                run!(self.op_keep_color_on_board(edition, frame, negated))
            }
            Op::KeepColorOnGroup { group, negated } => {
                run!(self.op_keep_color_on_group(edition, frame, group, negated))
            }
            Op::DropCards => run!(self.op_drop_cards(frame)),
            Op::KeepTop => run!(self.op_keep_top(frame)),
            Op::KeepEffects { negated } => run!(self.op_keep_effects(edition, frame, negated)),
            Op::KeepSplayedPile => run!(self.op_keep_splayed_pile(frame)),
            Op::KeepIf { test } => run!(self.op_keep_if(frame, test, outer)),
            Op::KeepDemand => run!(self.op_keep_demand(edition, frame)),
            Op::KeepBonus { negated } => run!(self.op_keep_bonus(edition, frame, negated)),
            Op::KeepEligible { score_multiple } => {
                run!(self.op_keep_eligible(edition, frame, score_multiple))
            }
            Op::KeepParity { odd } => run!(self.op_keep_parity(edition, frame, odd)),
            Op::KeepSet { set } => run!(self.op_keep_set(edition, frame, set)),
            Op::KeepChosenIcons { stmt } => {
                run!(self.op_keep_chosen_icons(edition, frame, stmt, outer))
            }
            Op::KeepPileBottom { n } => run!(self.op_keep_pile_bottom(frame, n)),
            Op::KeepNotPileBottom => run!(self.op_keep_not_pile_bottom(frame)),
            Op::KeepVisibleSlot { slot } => run!(self.op_keep_visible_slot(edition, frame, slot)),
            Op::KeepSharingIcon => run!(self.op_keep_sharing_icon(edition, frame)),
            Op::KeepBeforeInAlphabet => run!(self.op_keep_before_in_alphabet(edition, frame)),
            Op::KeepBeenOnEveryBoard { started } => {
                run!(self.op_keep_been_on_every_board(frame, started))
            }
            Op::KeepSameIcons => run!(self.op_keep_same_icons(edition, frame)),
            Op::KeepNth { nth } => run!(self.op_keep_nth(frame, nth)),
            Op::KeepAllButTop { n } => run!(self.op_keep_all_but_top(frame, n)),
            Op::KeepPileTop { n } => run!(self.op_keep_pile_top(frame, n)),
            Op::KeepCards => run!(self.op_keep_cards(frame)),
            Op::Pick {
                count,
                extreme,
                chooser,
                optional,
                stmt,
            } => {
                run!(self
                    .op_pick(edition, chunk, frame, count, extreme, chooser, optional, stmt, pure,))
            }
            Op::Order { .. } => run!(self.op_order(edition, chunk, frame, pure)),
            Op::ChooseSharedValue { n, chooser, stmt } => {
                run!(self.op_choose_shared_value(edition, chunk, frame, n, chooser, stmt, pure))
            }
            Op::ChooseSharedColor { n, chooser, stmt } => {
                run!(self.op_choose_shared_color(edition, chunk, frame, n, chooser, stmt, pure))
            }
            Op::Mark { stmt } => run!(self.op_mark(frame, stmt)),

            // ----- measures, history, conditions (vm/measures.rs) --------------------------------
            Op::History {
                verb,
                due_to,
                scope,
                by,
            } => run!(self.op_history(frame, verb, due_to, scope, by)),
            Op::ValueOf => run!(self.op_value_of(edition, frame)),
            Op::BonusOf => run!(self.op_bonus_of(edition, frame)),
            Op::ExtremeValue { extreme } => run!(self.op_extreme_value(edition, frame, extreme)),
            Op::CountCards => run!(self.op_count_cards(frame)),
            Op::TotalValue => run!(self.op_total_value(edition, frame)),
            Op::DistinctValues => run!(self.op_distinct_values(edition, frame)),
            Op::ValuesMatch => run!(self.op_values_match(edition, frame)),
            Op::DistinctColors => run!(self.op_distinct_colors(edition, frame)),
            Op::ColorsOfCards => run!(self.op_colors_of_cards(edition, frame)),
            Op::CandidateColor => run!(self.op_candidate_color(edition, frame)),
            Op::CandidateValue => run!(self.op_candidate_value(edition, frame)),
            Op::ChosenValue { stmt } => run!(self.op_chosen_value(frame, stmt, outer)),
            Op::ChosenValues { stmt } => run!(self.op_chosen_values(frame, stmt, outer)),
            Op::ChosenColors { stmt } => run!(self.op_chosen_colors(frame, stmt, outer)),
            Op::BoardColors => run!(self.op_board_colors(frame)),
            Op::ColorsSplayed { directions } => run!(self.op_colors_splayed(frame, directions)),
            Op::ColorsWithIcon { icon } => run!(self.op_colors_with_icon(edition, frame, icon)),
            Op::ColorsWithoutIcon { icon } => {
                run!(self.op_colors_without_icon(edition, frame, icon))
            }
            Op::ColorsOnBoard { negated } => run!(self.op_colors_on_board(frame, negated)),
            Op::ColorsOnGroup { group, negated } => {
                run!(self.op_colors_on_group(frame, group, negated))
            }
            Op::Measure { measure } => run!(self.op_measure(frame, measure)),
            Op::QuantifyCards { quantifier } => run!(self.op_quantify_cards(frame, quantifier)),
            Op::QuantifyPlayers {
                quantifier,
                group,
                test,
            } => run!(self.op_quantify_players(frame, quantifier, group, test, outer)),
            Op::OnlyPlayer { test } => run!(self.op_only_player(frame, test, outer)),
            Op::CountPlayers { group, test } => {
                run!(self.op_count_players(frame, group, test, outer))
            }
            Op::VersusEach {
                measure,
                op,
                group,
                factor,
            } => run!(self.op_versus_each(frame, measure, op, group, factor, outer)),
            Op::IsSplayed { direction } => run!(self.op_is_splayed(frame, direction)),
            Op::PileSplay => run!(self.op_pile_splay(frame)),
            Op::SameVisibleCards => run!(self.op_same_visible_cards(frame)),
            Op::ColorsWithMostCards => run!(self.op_colors_with_most_cards(frame)),
            Op::ColorsByVisibleCards { most } => run!(self.op_colors_by_visible_cards(frame, most)),
            Op::ColorsWithMoreVisible => run!(self.op_colors_with_more_visible(frame)),
            Op::VisibleCards => run!(self.op_visible_cards(frame)),
            Op::BottomFirst => run!(self.op_bottom_first(frame)),
            Op::OnlyRemaining => run!(self.op_only_remaining(frame)),
            Op::ValuesBelow => run!(self.op_values_below(frame)),
            Op::ReverseValues => run!(self.op_reverse_values(frame)),
            Op::MostOfOneIcon => run!(self.op_most_of_one_icon(frame)),
            Op::Eligible => run!(self.op_eligible(frame)),

            // ----- questions (vm/questions.rs) ---------------------------------------------------
            Op::ChoosePlayer { group, test, stmt } => {
                run!(self.op_choose_player(chunk, frame, group, test, stmt, pure, outer))
            }
            Op::ChooseExtremePlayer {
                group,
                pick,
                measure,
                stmt,
            } => run!(self.op_choose_extreme_player(
                chunk,
                frame,
                (group, pick.most(), pick.single()),
                measure,
                stmt,
                pure,
                outer
            )),
            Op::AskYesNo { stmt, fold } => {
                run!(self.op_ask_yes_no(chunk, frame, stmt, fold, pure))
            }
            Op::AskOption {
                stmt,
                n,
                texts,
                chooser,
            } => run!(self.op_ask_option(chunk, frame, stmt, n, texts, chooser, pure)),
            Op::Choose {
                kind,
                count,
                chooser,
                stmt,
                except,
            } => run!(self.op_choose(chunk, frame, kind, count, chooser, stmt, except, pure)),
            Op::ChooseValueFrom { n, chooser, stmt } => {
                run!(self.op_choose_value_from(edition, chunk, frame, n, chooser, stmt, pure))
            }
            Op::ChooseColors {
                count,
                chooser,
                stmt,
            } => run!(self.op_choose_colors(chunk, frame, count, chooser, stmt, pure)),
            Op::ChooseValueRange {
                chooser,
                count,
                stmt,
            } => {
                run!(self.op_choose_value_range(chunk, frame, chooser, count, stmt, pure))
            }
            Op::ChooseValueListed {
                chooser,
                count,
                stmt,
            } => {
                run!(self.op_choose_value_listed(edition, chunk, frame, chooser, count, stmt, pure))
            }
            Op::ChoosePileColor {
                group,
                direction,
                stmt,
            } => run!(self.op_choose_pile_color(chunk, frame, group, direction, stmt, pure)),
            Op::ChoosePileOwner {
                group,
                direction,
                stmt,
            } => run!(self.op_choose_pile_owner(chunk, frame, group, direction, stmt, pure)),
            Op::PickColor { stmt, direction } => {
                run!(self.op_pick_color(chunk, frame, stmt, direction, pure))
            }

            // ----- moves, special achievements, winning and losing (vm/moves.rs) -----------------
            Op::Draw { count, then, stmt } => {
                run!(self.op_draw(frame, count, then, stmt, None, pure))
            }
            Op::DrawOfSet { count, then, stmt } => {
                let set = self.pop_int(frame)?;
                run!(self.op_draw(frame, count, then, stmt, Some(set), pure))
            }
            Op::Move { verb, stmt } => run!(self.op_move(frame, verb, stmt, pure)),
            Op::Transfer { zone, stmt } => run!(self.op_transfer(edition, frame, zone, stmt, pure)),
            Op::TransferToOwners { zone, stmt } => {
                run!(self.op_transfer_to_owners(edition, frame, zone, stmt, pure))
            }
            Op::Exchange {
                zone_a,
                zone_b,
                stmt,
            } => run!(self.op_exchange(edition, frame, zone_a, zone_b, stmt, pure)),
            Op::Splay { direction, stmt } => run!(self.op_splay(frame, direction, stmt, pure)),
            Op::Unsplay { stmt } => run!(self.op_unsplay(frame, stmt, pure)),
            Op::Rearrange { stmt } => run!(self.op_rearrange(edition, chunk, frame, stmt, pure)),
            Op::SplayLike { matching, stmt } => {
                run!(self.op_splay_like(frame, matching, stmt, pure))
            }
            Op::Look { stmt } => run!(self.op_look(frame, stmt, pure)),
            Op::SelfExecute { stmt } => run!(self.op_self_execute(edition, frame, stmt, pure)),
            Op::ExecuteAsIf { stmt } => run!(self.op_execute_as_if(edition, frame, stmt, pure)),
            Op::Lasting { when, chunk, test } => {
                run!(self.op_lasting(frame, when, chunk, test, pure))
            }
            Op::AdditionalAction { stmt } => run!(self.op_additional_action(frame, stmt, pure)),
            Op::Claim { special, stmt } => run!(self.op_claim(frame, special, stmt, pure)),
            Op::JunkSpecial { all, stmt } => {
                run!(self.op_junk_special(chunk, frame, all, stmt, pure))
            }
            Op::RestoreSpecial { stmt } => run!(self.op_restore_special(chunk, frame, stmt, pure)),
            Op::Win => run!(self.op_win(frame, pure)),
            Op::WinSingle { most, measure } => {
                run!(self.op_win_single(frame, most, measure, pure, outer))
            }
            Op::Lose => run!(self.op_lose(edition, frame, pure)),
        }
        if !pure {
            if self.state.outcome.is_some() {
                return stopped(Stop::GameOver);
            }
            // A move set off a lasting effect (`the next time you meld a card this turn`): it
            // runs now, before the frame goes on.
            if !self.state.lasting_due.is_empty() {
                return stopped(Stop::Lasting);
            }
        }
        Ok(None)
    }

    /// Rewinds the frame to the asking op and returns the question.
    fn suspend(
        &mut self,
        frame: &mut Frame,
        player: Seat,
        kind: RequestKind,
        context: &str,
    ) -> Stop {
        self.suspend_optional(frame, player, kind, context, false)
    }

    /// Rewinds the frame to the asking op and returns the question, which may be declined when
    /// `decline` is set (a folded `you may`).
    fn suspend_optional(
        &mut self,
        frame: &mut Frame,
        player: Seat,
        kind: RequestKind,
        context: &str,
        decline: bool,
    ) -> Stop {
        frame.pc -= 1;
        Stop::Suspend(Request {
            player,
            kind,
            context: context.to_string(),
            decline,
        })
    }

    /// One of `options`, as a decision picks it: none when there are none, the only one, else
    /// the answer of `who` to the question `ask` makes of them (an impure step: refused in a
    /// pure test). `Err` holds what the op returns at once: the question, when it is not yet
    /// answered (the frame rewinds to the op), or an answer of another kind (`what` it should
    /// have been).
    // `Err` is the op's own result, passed on as it is: no bigger than what every op returns.
    #[allow(clippy::too_many_arguments, clippy::result_large_err)]
    fn pick_one<T: Copy>(
        &mut self,
        chunk: &Chunk,
        frame: &mut Frame,
        pure: bool,
        who: Seat,
        options: Vec<T>,
        ask: fn(Vec<T>) -> RequestKind,
        read: fn(Answer) -> Option<Vec<T>>,
        what: &str,
    ) -> Result<Option<T>, OpResult> {
        match options.as_slice() {
            [] => return Ok(None),
            [one] => return Ok(Some(*one)),
            _ => {}
        }
        self.impure(frame, pure).map_err(Err)?;
        match self.answer.take() {
            Some(answer) => match read(answer) {
                Some(picked) => Ok(picked.first().copied()),
                None => Err(Err(self.error(frame, format!("the answer is not {what}")))),
            },
            None => Err(stopped(self.suspend(frame, who, ask(options), &chunk.name))),
        }
    }

    /// Who makes a choice: `Executor` is the player carrying out the statement (the executor,
    /// or the subject it runs for), `Demander` the demander.
    fn chooser_seat(&self, frame: &Frame, chooser: Chooser) -> Seat {
        match chooser {
            Chooser::Executor => frame.actor(),
            Chooser::Demander => frame.demander.unwrap_or(frame.executor),
        }
    }

    /// A seat from the stack, or `None` for nobody.
    fn seat(&self, value: i32) -> Option<Seat> {
        Seat::try_from(value)
            .ok()
            .filter(|s| (*s as usize) < self.state.player_count())
    }

    /// The players of a group relative to `base`, clockwise from base's left (`All` ends with
    /// base itself).
    pub(crate) fn group_seats(&self, group: PlayerSet, base: Seat) -> Vec<Seat> {
        self.state
            .clockwise_from(base)
            .into_iter()
            .filter(|s| match group {
                PlayerSet::All => true,
                PlayerSet::Others => *s != base,
                PlayerSet::Opponents => self.state.is_opponent(base, *s),
            })
            .collect()
    }
}

/// The player of the innermost player loop (`their`).
fn current_each(frame: &Frame) -> Option<Seat> {
    frame
        .each
        .last()
        .and_then(|(seats, taken)| seats.get((*taken as usize).checked_sub(1)?).copied())
}

/// A statement's outcome: a pure sub-program reads its parent's (`outer`).
fn outcome<'a>(
    frame: &'a Frame,
    outer: Option<&'a [StmtOutcome]>,
    stmt: StmtId,
) -> Option<&'a StmtOutcome> {
    match outer {
        Some(outcomes) => outcomes.get(stmt as usize),
        None => frame.outcomes.get(stmt as usize),
    }
}

/// A statement's outcome, to record what it did.
fn outcome_mut(frame: &mut Frame, stmt: StmtId) -> Option<&mut StmtOutcome> {
    frame.outcomes.get_mut(stmt as usize)
}

/// The next effect of an "as if" execution (`FrameKind::AsIf`), as a frame to run, advancing the
/// execution; `None` when it is over. The card's echo effects come first (only its own, none of
/// its pile's: online summary, "Echoes"; EXPANSIONS.md §3.3, E6), then its other effects in
/// order. Each runs with the host as `this card` ("References to 'other' cards could affect the
/// targeted card": online summary, glossary "Execute the effects ... as if they were on this
/// card"): a non-demand (or echo) effect for the executor alone, a demand once for each victim,
/// clockwise, the executor demanding.
fn as_if_step(edition: &CompiledEdition, frame: &mut Frame) -> Option<Frame> {
    let FrameKind::AsIf(run) = &mut frame.kind else {
        return None;
    };
    let AsIfRun {
        host,
        next,
        victim,
        vulnerable,
        compelled,
    } = &mut **run;
    let effects = &edition.card(frame.card).effects;
    let order: Vec<usize> = (0..effects.len())
        .filter(|i| effects[*i].kind == EffectKind::Echo)
        // An inspire effect (Figures) is no dogma effect: only an Inspire action runs it.
        .chain(
            (0..effects.len())
                .filter(|i| !matches!(effects[*i].kind, EffectKind::Echo | EffectKind::Inspire)),
        )
        .collect();
    while let Some(&i) = order.get(*next as usize) {
        let effect = effects[i];
        let victims = match effect.kind {
            EffectKind::Demand => Some(&*vulnerable),
            EffectKind::Compel => Some(&*compelled),
            _ => None,
        };
        let Some(victims) = victims else {
            *next += 1;
            let mut child = Frame::effect(
                edition,
                effect.chunk,
                *host,
                frame.executor,
                None,
                false,
                frame.counts_for_bonus,
            );
            child.echo = effect.kind == EffectKind::Echo;
            return Some(child);
        };
        if let Some(&seat) = victims.get(*victim as usize) {
            *victim += 1;
            return Some(Frame::effect(
                edition,
                effect.chunk,
                *host,
                seat,
                Some(frame.executor),
                true,
                false,
            ));
        }
        *next += 1;
        *victim = 0;
    }
    None
}
