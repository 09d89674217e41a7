//! The VM: runs compiled effect chunks on frames that live in the game state.
//!
//! Each op's behaviour is documented on `bytecode::Op`. The loop spends fuel, so it can never
//! spin forever. An op that needs a player's decision leaves its inputs on the stacks, rewinds
//! the frame to itself and returns the question; when the answer arrives the op runs again with
//! it. Because the frames are part of the serialisable game, a game can be saved while it waits.
//! A runtime error names the card's chunk and the source span of the failing op.

use crate::bytecode::{
    color_bit, direction_bit, icon_bit, CardIdx, Chunk, ChunkIdx, CompiledEdition, MeasureCode,
    Nth, Op, SourceSpan, SpecialIdx, StmtId, Who, ZoneSel, NO_CHUNK,
};
use crate::choices::{Answer, Request, RequestKind};
use crate::game::Game;
use crate::log::Event;
use crate::state::{color_index, pile_icon_count, Cards, Location, Seat};
use crate::terms::{
    ChoiceKind, Chooser, Count, DestinationZone, DueTo, Extreme, HistoryScope, PlayerSet,
    Quantifier, Verb,
};
use crate::vocab::{Color, EffectKind, Icon, SplayDirection};
use serde::{Deserialize, Serialize};

/// The most ops one `act` or `answer` may run before the VM gives up.
pub const FUEL: u64 = 5_000_000;

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
    pub player: Option<Seat>,
    pub values: Vec<i32>,
    pub colors: i32,
    pub icons: i32,
}

impl StmtOutcome {
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
        }
    }
}

/// A stop, as `step` returns it.
fn stopped(stop: Stop) -> VmResult<Option<Stop>> {
    Ok(Some(stop))
}

/// Why a frame stopped running.
pub enum Stop {
    /// The chunk returned.
    Done,
    /// A player must answer.
    Suspend(Request),
    /// Run this frame (a self-execute) on top of the current one.
    Call(Frame),
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

impl Game {
    /// Runs the VM's frames until they finish, suspend for a decision, or the game ends.
    pub(crate) fn run_vm(&mut self) -> VmResult<()> {
        let mut fuel = FUEL;
        let edition = self.edition_arc();
        loop {
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
                        exec.frames.push(child);
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

    /// Runs a pure chunk (a test or a measure) to its result; it reads statement outcomes from
    /// `outcomes` (its parent's).
    fn run_pure(&mut self, frame: &mut Frame, outcomes: &[StmtOutcome]) -> VmResult<i32> {
        let mut fuel = FUEL;
        match self.execute(frame, &mut fuel, true, Some(outcomes))? {
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

    /// Runs one frame's ops until it returns or stops. An edition with native code runs its
    /// chunks there (the `rust` back end); both run the same ops, one at a time (`step`).
    fn execute(
        &mut self,
        frame: &mut Frame,
        fuel: &mut u64,
        pure: bool,
        outer: Option<&[StmtOutcome]>,
    ) -> VmResult<Stop> {
        let edition = self.edition_arc();
        if let Some(native) = edition.native {
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
            if let Some(stop) = self.step(&edition, chunk, frame, op, pure, outer)? {
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

    /// `Op::Measure`: pops a seat, pushes the player's measure.
    #[inline]
    pub fn measure_op(&self, frame: &mut Frame, measure: MeasureCode) -> VmResult<()> {
        let seat = self.pop_int(frame)?;
        let value = self.measure(frame, seat, measure);
        frame.ints.push(value);
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
    /// constant, which the compiler specialises.
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
        macro_rules! fail {
            ($($arg:tt)*) => { return Err(self.error(frame, format!($($arg)*))) };
        }
        macro_rules! int {
            () => {
                self.pop_int(frame)?
            };
        }
        macro_rules! set {
            () => {
                match frame.sets.pop() {
                    Some(v) => v,
                    None => fail!("the card stack is empty"),
                }
            };
        }
        macro_rules! impure {
            () => {
                if pure {
                    fail!("a test or measure cannot change the game or ask a player")
                }
            };
        }
        match op {
            // ----- control -------------------------------------------------------------
            Op::Jump { target } => frame.pc = target,
            Op::JumpIfFalse { target } => {
                if int!() == 0 {
                    frame.pc = target;
                }
            }
            Op::Return => return stopped(Stop::Done),
            Op::RepeatEffect => {
                impure!();
                frame.pc = 0;
                frame.ints.clear();
                frame.sets.clear();
                frame.loops.clear();
                frame.each.clear();
                for o in frame.outcomes.iter_mut() {
                    *o = StmtOutcome::default();
                }
            }
            Op::EndDogma => {
                impure!();
                return stopped(Stop::EndDogma);
            }
            Op::InitParam { index } => {
                let v = int!();
                let i = usize::from(index);
                if frame.params.len() <= i {
                    frame.params.resize(i, 0);
                    frame.params.push(v);
                }
            }
            Op::SetParam { index } => {
                let v = int!();
                let i = usize::from(index);
                if frame.params.len() <= i {
                    frame.params.resize(i + 1, 0);
                }
                frame.params[i] = v;
            }
            Op::Param { index } => {
                let v = frame.params.get(usize::from(index)).copied().unwrap_or(0);
                frame.ints.push(v);
            }
            Op::EndGame => {
                impure!();
                self.end_by_score();
                return stopped(Stop::GameOver);
            }
            Op::Nop => {}
            Op::LoopStart => {
                let n = int!();
                frame.loops.push(n);
            }
            Op::LoopNext { exit } => match frame.loops.last_mut() {
                Some(n) if *n > 0 => *n -= 1,
                Some(_) => {
                    frame.loops.pop();
                    frame.pc = exit;
                }
                None => fail!("no loop is running"),
            },
            Op::EachStart { group } => {
                let seats = self.group_seats(group, frame.executor);
                frame.each.push((seats, 0));
            }
            Op::EachNext { exit } => match frame.each.last_mut() {
                Some((seats, taken)) if (*taken as usize) < seats.len() => *taken += 1,
                Some(_) => {
                    frame.each.pop();
                    frame.pc = exit;
                }
                None => fail!("no player loop is running"),
            },

            // ----- numbers -------------------------------------------------------------
            Op::Int { value } => frame.ints.push(i32::from(value)),
            Op::Add => {
                let (b, a) = (int!(), int!());
                frame.ints.push(a.saturating_add(b));
            }
            Op::Sub => {
                let (b, a) = (int!(), int!());
                frame.ints.push(a.saturating_sub(b));
            }
            Op::Mul => {
                let (b, a) = (int!(), int!());
                frame.ints.push(a.saturating_mul(b));
            }
            Op::Div { by } => {
                let a = int!();
                frame.ints.push(a.div_euclid(i32::from(by.max(1))));
            }
            Op::Half { rounding } => {
                let a = int!();
                frame.ints.push(rounding.half(a));
            }
            Op::Compare { op } => {
                let (b, a) = (int!(), int!());
                frame.ints.push(i32::from(op.holds(a, b)));
            }
            Op::Not => {
                let a = int!();
                frame.ints.push(i32::from(a == 0));
            }
            Op::And => {
                let (b, a) = (int!(), int!());
                frame.ints.push(i32::from(a != 0 && b != 0));
            }
            Op::Or => {
                let (b, a) = (int!(), int!());
                frame.ints.push(i32::from(a != 0 || b != 0));
            }
            Op::BitOr => {
                let (b, a) = (int!(), int!());
                frame.ints.push(a | b);
            }
            Op::PopCount => {
                let a = int!();
                frame.ints.push(a.count_ones() as i32);
            }
            Op::Dup => {
                let a = int!();
                frame.ints.push(a);
                frame.ints.push(a);
            }
            Op::Nip => {
                let b = int!();
                int!();
                frame.ints.push(b);
            }
            Op::Swap => {
                let (b, a) = (int!(), int!());
                frame.ints.push(b);
                frame.ints.push(a);
            }
            Op::Pop => {
                int!();
            }

            // ----- players -------------------------------------------------------------
            Op::Player { who } => {
                let seat = match who {
                    Who::Executor => frame.executor,
                    Who::Demander => match frame.demander {
                        Some(s) => s,
                        None => fail!("`I` is used outside a demand"),
                    },
                    Who::Each => match current_each(frame) {
                        Some(s) => s,
                        None => fail!("`their` is used outside a player loop"),
                    },
                };
                frame.ints.push(i32::from(seat));
            }
            Op::ChosenPlayer { stmt } => {
                let seat = outcome(frame, outer, stmt)
                    .and_then(|o| o.player)
                    .map_or(NOBODY, i32::from);
                frame.ints.push(seat);
            }
            Op::ChoosePlayer { group, test, stmt } => {
                impure!();
                // A destination is moot when no card is moving (a declined `you may`):
                // nobody is asked.
                let next = chunk.ops.get(frame.pc as usize).copied();
                if matches!(next, Some(Op::Transfer { .. }))
                    && frame.sets.last().is_some_and(Vec::is_empty)
                {
                    frame.ints.push(NOBODY);
                    return Ok(None);
                }
                let mut options = Vec::new();
                for seat in self.group_seats(group, frame.executor) {
                    if test == NO_CHUNK
                        || self.eval_sub(
                            frame,
                            outer.unwrap_or(&frame.outcomes),
                            test,
                            None,
                            Some(seat),
                        )? != 0
                    {
                        options.push(seat);
                    }
                }
                let chosen = match options.as_slice() {
                    [] => None,
                    [one] => Some(*one),
                    _ => match self.answer.take() {
                        Some(Answer::Players(p)) => p.first().copied(),
                        Some(_) => fail!("the answer is not a player"),
                        None => {
                            return stopped(self.suspend(
                                frame,
                                frame.executor,
                                RequestKind::Players { options, count: 1 },
                                &chunk.name,
                            ))
                        }
                    },
                };
                if let Some(o) = outcome_mut(frame, stmt) {
                    o.player = chosen;
                }
                frame.ints.push(chosen.map_or(NOBODY, i32::from));
            }

            // ----- card sets -----------------------------------------------------------
            Op::Zone { zone } => {
                let seat = int!();
                let cards = self.zone_cards(seat, zone);
                frame.sets.push(cards);
            }
            Op::ZoneOfGroup { zone, group } => {
                let mut cards = Vec::new();
                for seat in self.group_seats(group, frame.executor) {
                    cards.extend(self.zone_cards(i32::from(seat), zone));
                }
                frame.sets.push(cards);
            }
            Op::Bound { stmt } => {
                let cards = match outcome(frame, outer, stmt) {
                    Some(o) => o
                        .cards
                        .iter()
                        .filter(|(c, at)| self.state.location(*c) == *at)
                        .map(|(c, _)| *c)
                        .collect(),
                    None => Vec::new(),
                };
                frame.sets.push(cards);
            }
            Op::BoundAnywhere { stmt } => {
                let mut cards: Vec<CardIdx> = Vec::new();
                if let Some(o) = outcome(frame, outer, stmt) {
                    for (c, _) in &o.cards {
                        if !cards.contains(c) {
                            cards.push(*c);
                        }
                    }
                }
                frame.sets.push(cards);
            }
            Op::BoundNth { stmt, nth } => {
                let picked = outcome(frame, outer, stmt).and_then(|o| match nth {
                    Nth::Index(i) => o.cards.get(i as usize).copied(),
                    Nth::Last => o.cards.last().copied(),
                });
                let cards = picked
                    .filter(|(c, at)| self.state.location(*c) == *at)
                    .map(|(c, _)| vec![c])
                    .unwrap_or_default();
                frame.sets.push(cards);
            }
            Op::Card { card } => frame.sets.push(vec![card]),
            Op::ThisCard => frame.sets.push(vec![frame.card]),
            Op::History {
                verb,
                due_to,
                scope,
                by,
            } => {
                let by = if by { Some(int!()) } else { None };
                let mut cards: Vec<CardIdx> = Vec::new();
                for entry in &self.state.history {
                    let in_scope = match scope {
                        HistoryScope::Turn => true,
                        HistoryScope::Action => entry.action == self.state.action,
                    };
                    let due = match due_to {
                        None => true,
                        Some(DueTo::ThisCard) => entry.source == Some(frame.card),
                        Some(DueTo::Demand) => entry.source == Some(frame.card) && entry.demand,
                    };
                    if entry.verb == verb
                        && in_scope
                        && due
                        && by.is_none_or(|s| i32::from(entry.player) == s)
                        && !cards.contains(&entry.card)
                    {
                        cards.push(entry.card);
                    }
                }
                frame.sets.push(cards);
            }
            Op::Beneath => {
                let refs = set!();
                let mut cards = Vec::new();
                for card in refs {
                    if let Location::Board(seat, color) = self.state.location(card) {
                        let pile = &self.state.players[seat as usize].pile(color).cards;
                        if let Some(pos) = pile.iter().position(|c| *c == card) {
                            cards.extend(pile[..pos].iter().rev());
                        }
                    }
                }
                frame.sets.push(cards);
            }
            Op::DeckCards => {
                let age = int!();
                let cards = usize::try_from(age)
                    .ok()
                    .filter(|a| *a > 0)
                    .and_then(|a| self.state.decks.get(a))
                    .map(|deck| deck.iter().rev().copied().collect())
                    .unwrap_or_default();
                frame.sets.push(cards);
            }
            Op::AvailableCards => frame.sets.push(self.state.available.clone()),
            Op::Above => {
                let refs = set!();
                let mut cards = Vec::new();
                for card in refs {
                    if let Some((pile, pos)) = self.pile_position(card) {
                        if let Some(above) = pile.get(pos + 1) {
                            cards.push(*above);
                        }
                    }
                }
                frame.sets.push(cards);
            }
            Op::CandidateCard => match frame.candidate {
                Some(c) => frame.sets.push(vec![c]),
                None => fail!("a card test has no card"),
            },
            Op::DupSet => {
                let a = set!();
                frame.sets.push(a.clone());
                frame.sets.push(a);
            }
            Op::PopSet => {
                set!();
            }
            Op::Union => {
                let b = set!();
                let mut a = set!();
                for c in b {
                    if !a.contains(&c) {
                        a.push(c);
                    }
                }
                frame.sets.push(a);
            }

            // ----- filters -------------------------------------------------------------
            Op::KeepColors => {
                let mask = int!();
                let mut cards = set!();
                cards.retain(|c| mask & color_bit(edition.card(*c).color) != 0);
                frame.sets.push(cards);
            }
            Op::DropColor { color } => {
                let mut cards = set!();
                cards.retain(|c| edition.card(*c).color != color);
                frame.sets.push(cards);
            }
            Op::KeepIcons { mask } => {
                let mut cards = set!();
                cards.retain(|c| {
                    Icon::ALL
                        .iter()
                        .any(|i| mask & icon_bit(*i) != 0 && edition.card(*c).has_icon(*i))
                });
                frame.sets.push(cards);
            }
            Op::DropIcon { icon } => {
                let mut cards = set!();
                cards.retain(|c| !edition.card(*c).has_icon(icon));
                frame.sets.push(cards);
            }
            Op::KeepValues { n } => {
                let mut values = Vec::new();
                for _ in 0..n {
                    values.push(int!());
                }
                let mut cards = set!();
                cards.retain(|c| values.contains(&i32::from(edition.card(*c).age)));
                frame.sets.push(cards);
            }
            Op::KeepValueCmp { op } => {
                let v = int!();
                let mut cards = set!();
                cards.retain(|c| op.holds(i32::from(edition.card(*c).age), v));
                frame.sets.push(cards);
            }
            Op::KeepColorOnBoard { negated } => {
                let seat = int!();
                let present = self.board_colors(seat);
                let mut cards = set!();
                cards.retain(|c| (present & color_bit(edition.card(*c).color) != 0) != negated);
                frame.sets.push(cards);
            }
            Op::KeepColorOnGroup { group, negated } => {
                let present = self.group_colors(group, frame.executor);
                let mut cards = set!();
                cards.retain(|c| (present & color_bit(edition.card(*c).color) != 0) != negated);
                frame.sets.push(cards);
            }
            Op::DropCards => {
                let others = set!();
                let mut cards = set!();
                cards.retain(|c| !others.contains(c));
                frame.sets.push(cards);
            }
            Op::KeepTop => {
                let mut cards = set!();
                cards.retain(|c| self.state.is_top(*c));
                frame.sets.push(cards);
            }
            Op::KeepIf { test } => {
                let cards = set!();
                let mut kept = Vec::new();
                for card in cards {
                    if self.eval_sub(
                        frame,
                        outer.unwrap_or(&frame.outcomes),
                        test,
                        Some(card),
                        None,
                    )? != 0
                    {
                        kept.push(card);
                    }
                }
                frame.sets.push(kept);
            }

            Op::KeepDemand => {
                let mut cards = set!();
                cards.retain(|c| {
                    edition
                        .card(*c)
                        .effects
                        .iter()
                        .any(|e| e.kind == EffectKind::Demand)
                });
                frame.sets.push(cards);
            }
            Op::KeepChosenIcons { stmt } => {
                let mask = outcome(frame, outer, stmt).map_or(0, |o| o.icons);
                let mut cards = set!();
                cards.retain(|c| {
                    Icon::ALL.iter().any(|i| {
                        mask & i32::from(icon_bit(*i)) != 0 && edition.card(*c).has_icon(*i)
                    })
                });
                frame.sets.push(cards);
            }
            Op::KeepPileBottom { n } => {
                let mut cards = set!();
                cards.retain(|c| {
                    self.pile_position(*c)
                        .is_some_and(|(_, pos)| pos < usize::from(n))
                });
                frame.sets.push(cards);
            }
            Op::KeepAllButTop { n } => {
                let mut cards = set!();
                cards.retain(|c| {
                    self.pile_position(*c)
                        .is_some_and(|(pile, pos)| pos + usize::from(n) < pile.len())
                });
                frame.sets.push(cards);
            }
            Op::KeepCards => {
                let among = set!();
                let mut cards = set!();
                cards.retain(|c| among.contains(c));
                frame.sets.push(cards);
            }

            // ----- choosing cards ------------------------------------------------------
            Op::Pick {
                count,
                extreme,
                chooser,
                optional,
                stmt,
            } => {
                let Some(candidates) = frame.sets.last().cloned() else {
                    fail!("the card stack is empty");
                };
                // A computed count is on `I` (left there until the pick is done).
                let computed = count == Count::Computed;
                let count = if computed {
                    let Some(&n) = frame.ints.last() else {
                        fail!("the number stack is empty");
                    };
                    Count::Exactly(n.clamp(0, 255) as u8)
                } else {
                    count
                };
                let strict = optional
                    && self.edition().rules.if_you_do == crate::bytecode::IfYouDo::InFull
                    && tested_in_full(chunk, stmt);
                let plan = plan_pick(edition, &candidates, count, extreme, optional, strict);
                let chooser_seat = match chooser {
                    Chooser::Executor => frame.executor,
                    Chooser::Demander => frame.demander.unwrap_or(frame.executor),
                };
                let chosen: Vec<CardIdx> = if plan.single_option() {
                    plan.only_option()
                } else {
                    impure!();
                    match self.answer.take() {
                        Some(Answer::Cards(cards)) => {
                            let mut result = plan.forced.clone();
                            // Keep the candidates' order for the chosen cards.
                            result.extend(plan.pool.iter().filter(|c| cards.contains(c)));
                            if cards.is_empty() {
                                Vec::new()
                            } else {
                                result
                            }
                        }
                        Some(_) => fail!("the answer is not a choice of cards"),
                        None => {
                            return stopped(self.suspend(
                                frame,
                                chooser_seat,
                                RequestKind::Cards {
                                    candidates: plan.pool.clone(),
                                    sizes: plan.sizes.clone(),
                                },
                                &chunk.name,
                            ))
                        }
                    }
                };
                frame.sets.pop();
                if computed {
                    frame.ints.pop();
                }
                if let Some(o) = outcome_mut(frame, stmt) {
                    o.ran = true;
                    if optional && chosen.is_empty() {
                        o.declined = true;
                    } else {
                        o.requested = o.requested.saturating_add(plan.requested(&chosen));
                    }
                }
                frame.sets.push(chosen);
            }
            Op::Order { stmt } => {
                let _ = stmt;
                let Some(cards) = frame.sets.last().cloned() else {
                    fail!("the card stack is empty");
                };
                let next = chunk.ops.get(frame.pc as usize).copied();
                if order_matters(edition, &cards, next) {
                    impure!();
                    match self.answer.take() {
                        Some(Answer::Order(order)) => {
                            frame.sets.pop();
                            frame.sets.push(order);
                        }
                        Some(_) => fail!("the answer is not an order"),
                        None => {
                            let mover = frame.executor;
                            return stopped(self.suspend(
                                frame,
                                mover,
                                RequestKind::Order { cards },
                                &chunk.name,
                            ));
                        }
                    }
                }
            }

            // ----- numbers from cards and boards ---------------------------------------
            Op::ValueOf => {
                let cards = set!();
                frame
                    .ints
                    .push(extreme_value(edition, &cards, Extreme::Highest));
            }
            Op::ExtremeValue { extreme } => {
                let cards = set!();
                frame.ints.push(extreme_value(edition, &cards, extreme));
            }
            Op::CountCards => {
                let cards = set!();
                frame.ints.push(cards.len() as i32);
            }
            Op::TotalValue => {
                let cards = set!();
                let total = cards.iter().map(|c| i32::from(edition.card(*c).age)).sum();
                frame.ints.push(total);
            }
            Op::DistinctValues => {
                let cards = set!();
                let mut ages: Vec<u8> = cards.iter().map(|c| edition.card(*c).age).collect();
                ages.sort();
                ages.dedup();
                frame.ints.push(ages.len() as i32);
            }
            Op::DistinctColors => {
                let cards = set!();
                let mask = cards
                    .iter()
                    .fold(0, |m, c| m | color_bit(edition.card(*c).color));
                frame.ints.push(mask.count_ones() as i32);
            }
            Op::ColorsOfCards => {
                let cards = set!();
                let mask = cards
                    .iter()
                    .fold(0, |m, c| m | color_bit(edition.card(*c).color));
                frame.ints.push(mask);
            }
            Op::CandidateColor => match frame.candidate {
                Some(c) => frame.ints.push(color_bit(edition.card(c).color)),
                None => fail!("`its color` is used outside a card test"),
            },
            Op::CandidateValue => match frame.candidate {
                Some(c) => frame.ints.push(i32::from(edition.card(c).age)),
                None => fail!("a card test has no card"),
            },
            Op::ChosenValue { stmt } => {
                let v = outcome(frame, outer, stmt)
                    .and_then(|o| o.values.first().copied())
                    .unwrap_or(0);
                frame.ints.push(v);
            }
            Op::ChosenColors { stmt } => {
                let mask = outcome(frame, outer, stmt).map_or(0, |o| o.colors);
                frame.ints.push(mask);
            }
            Op::BoardColors => {
                let seat = int!();
                frame.ints.push(seat);
                frame.ints.push(self.board_colors(seat));
            }
            Op::ColorsSplayed { directions } => {
                let mask = int!();
                let Some(&seat) = frame.ints.last() else {
                    fail!("the number stack is empty");
                };
                let kept = self.filter_colors(seat, mask, |pile| match pile.splay {
                    Some(d) => directions == 0 || directions & direction_bit(d) != 0,
                    None => false,
                });
                frame.ints.push(kept);
            }
            Op::ColorsWithIcon { icon } => {
                let mask = int!();
                let Some(&seat) = frame.ints.last() else {
                    fail!("the number stack is empty");
                };
                let kept =
                    self.filter_colors(seat, mask, |pile| pile_icon_count(edition, pile, icon) > 0);
                frame.ints.push(kept);
            }
            Op::ColorsOnBoard { negated } => {
                let other = int!();
                let mask = int!();
                let present = self.board_colors(other);
                frame.ints.push(if negated {
                    mask & !present
                } else {
                    mask & present
                });
            }
            Op::ColorsOnGroup { group, negated } => {
                let mask = int!();
                let present = self.group_colors(group, frame.executor);
                frame.ints.push(if negated {
                    mask & !present
                } else {
                    mask & present
                });
            }
            Op::Measure { measure } => self.measure_op(frame, measure)?,

            // ----- conditions ----------------------------------------------------------
            Op::Did { stmt, done } => {
                let did = outcome(frame, outer, stmt).is_some_and(|o| {
                    match self.edition().rules.if_you_do {
                        crate::bytecode::IfYouDo::InFull => o.full(),
                        crate::bytecode::IfYouDo::MoreThanNothing => o.any(),
                    }
                });
                frame.ints.push(i32::from(did == done));
            }
            Op::Moved { stmt, op, n } => {
                let moved = outcome(frame, outer, stmt).map_or(0, |o| o.done);
                frame
                    .ints
                    .push(i32::from(op.holds(i32::from(moved), i32::from(n))));
            }
            Op::QuantifyCards { quantifier } => {
                let filtered = set!();
                let all = set!();
                let result = match quantifier {
                    Quantifier::Any => !filtered.is_empty(),
                    // "Each" over no cards holds (vacuous truth): Astronomy with only purple
                    // top cards claims Universe, as the online implementations do.
                    Quantifier::Each => filtered.len() == all.len(),
                    Quantifier::No => filtered.is_empty(),
                };
                frame.ints.push(i32::from(result));
            }
            Op::QuantifyPlayers {
                quantifier,
                group,
                test,
            } => {
                let seats = self.group_seats(group, frame.executor);
                let mut holds = Vec::new();
                for seat in &seats {
                    holds.push(
                        self.eval_sub(
                            frame,
                            outer.unwrap_or(&frame.outcomes),
                            test,
                            None,
                            Some(*seat),
                        )? != 0,
                    );
                }
                let result = match quantifier {
                    Quantifier::Any => holds.iter().any(|h| *h),
                    Quantifier::Each => !holds.is_empty() && holds.iter().all(|h| *h),
                    Quantifier::No => !holds.iter().any(|h| *h),
                };
                frame.ints.push(i32::from(result));
            }
            Op::OnlyPlayer { test } => {
                let me = frame.executor;
                let mut result = self.eval_sub(
                    frame,
                    outer.unwrap_or(&frame.outcomes),
                    test,
                    None,
                    Some(me),
                )? != 0;
                for seat in self.group_seats(PlayerSet::Others, me) {
                    if result
                        && self.eval_sub(
                            frame,
                            outer.unwrap_or(&frame.outcomes),
                            test,
                            None,
                            Some(seat),
                        )? != 0
                    {
                        result = false;
                    }
                }
                frame.ints.push(i32::from(result));
            }
            Op::VersusEach {
                measure,
                op,
                group,
                factor,
            } => {
                let seat = int!();
                let Ok(subject) = Seat::try_from(seat) else {
                    fail!("no player to compare");
                };
                let mine = self.eval_sub(
                    frame,
                    outer.unwrap_or(&frame.outcomes),
                    measure,
                    None,
                    Some(subject),
                )?;
                let mut result = true;
                for other in self.group_seats(group, subject) {
                    if other != subject {
                        let theirs = self.eval_sub(
                            frame,
                            outer.unwrap_or(&frame.outcomes),
                            measure,
                            None,
                            Some(other),
                        )?;
                        result &= op.holds(mine, theirs.saturating_mul(i32::from(factor)));
                    }
                }
                frame.ints.push(i32::from(result));
            }
            Op::IsSplayed { direction } => {
                let mask = int!();
                let seat = int!();
                let splayed = self.seat(seat).is_some_and(|s| {
                    Color::ALL.iter().any(|c| {
                        mask & color_bit(*c) != 0
                            && self.state.players[s as usize].pile(*c).splay == Some(direction)
                    })
                });
                frame.ints.push(i32::from(splayed));
            }

            // ----- actions -------------------------------------------------------------
            Op::AskYesNo { stmt } => {
                impure!();
                let yes = match self.answer.take() {
                    Some(Answer::YesNo(b)) => b,
                    Some(_) => fail!("the answer is not yes or no"),
                    // A `you may` whose "yes" could change nothing has one real option and
                    // is not asked (../shared/SCENARIOS.md: a decision with one legal option
                    // is never asked); it counts as declined.
                    None if !self.yes_can_matter(frame, chunk)? => false,
                    None => {
                        let who = frame.executor;
                        return stopped(self.suspend(frame, who, RequestKind::YesNo, &chunk.name));
                    }
                };
                if let Some(o) = outcome_mut(frame, stmt) {
                    o.ran = true;
                    o.declined = !yes;
                }
                frame.ints.push(i32::from(yes));
            }
            Op::AskOption { stmt, n } => {
                impure!();
                let choice = match self.answer.take() {
                    Some(Answer::Option(i)) => i,
                    Some(_) => fail!("the answer is not an alternative"),
                    None => {
                        let who = frame.executor;
                        return stopped(self.suspend(
                            frame,
                            who,
                            RequestKind::Option { n },
                            &chunk.name,
                        ));
                    }
                };
                if let Some(o) = outcome_mut(frame, stmt) {
                    o.ran = true;
                }
                frame.ints.push(i32::from(choice));
            }
            Op::Choose {
                kind,
                count,
                chooser,
                stmt,
                except,
            } => {
                impure!();
                let who = match chooser {
                    Chooser::Executor => frame.executor,
                    Chooser::Demander => frame.demander.unwrap_or(frame.executor),
                };
                let mut request = self.choice_request(kind, count, who);
                if let RequestKind::Icons { options, .. } = &mut request {
                    options.retain(|i| except & icon_bit(*i) == 0);
                }
                let answer = if let Some(single) = single_answer(&request) {
                    single
                } else {
                    match self.answer.take() {
                        Some(a) => a,
                        None => return stopped(self.suspend(frame, who, request, &chunk.name)),
                    }
                };
                if let Some(o) = outcome_mut(frame, stmt) {
                    o.ran = true;
                    o.requested = 1;
                    o.done = 1;
                    match answer {
                        Answer::Values(v) => o.values = v,
                        Answer::Colors(c) => o.colors = c.iter().fold(0, |m, c| m | color_bit(*c)),
                        Answer::Players(p) => o.player = p.first().copied(),
                        Answer::Icons(i) => {
                            o.icons = i.iter().fold(0, |m, i| m | i32::from(icon_bit(*i)))
                        }
                        _ => fail!("the answer does not fit the choice"),
                    }
                }
            }
            Op::ChooseValueFrom { n, chooser, stmt } => {
                impure!();
                let n = usize::from(n);
                if frame.ints.len() < n {
                    fail!("the number stack is empty");
                }
                let mut options: Vec<i32> = frame.ints[frame.ints.len() - n..].to_vec();
                options.sort_unstable();
                options.dedup();
                // Only a possible age is a value to choose (fourth-edition rulebook,
                // "Value": from 1 to 11): Fusion after scoring a 1 has nothing to choose.
                let max = i32::from(edition.rules.max_age);
                options.retain(|v| (1..=max).contains(v));
                let who = match chooser {
                    Chooser::Executor => frame.executor,
                    Chooser::Demander => frame.demander.unwrap_or(frame.executor),
                };
                let request = RequestKind::Values { options, count: 1 };
                let chosen = match single_answer(&request) {
                    Some(Answer::Values(v)) => v,
                    _ => match self.answer.take() {
                        Some(Answer::Values(v)) => v,
                        Some(_) => fail!("the answer is not a value"),
                        None => return stopped(self.suspend(frame, who, request, &chunk.name)),
                    },
                };
                let keep = frame.ints.len() - n;
                frame.ints.truncate(keep);
                if let Some(o) = outcome_mut(frame, stmt) {
                    o.ran = true;
                    o.requested = 1;
                    o.done = u16::from(!chosen.is_empty());
                    o.values = chosen;
                }
            }
            Op::ChooseSharedValue { n, chooser, stmt } => {
                let Some(candidates) = frame.sets.last().cloned() else {
                    fail!("the card stack is empty");
                };
                let mut options: Vec<i32> = Vec::new();
                for c in &candidates {
                    let v = i32::from(edition.card(*c).age);
                    let shared = candidates
                        .iter()
                        .filter(|d| i32::from(edition.card(**d).age) == v)
                        .count();
                    if shared >= usize::from(n.max(1)) && !options.contains(&v) {
                        options.push(v);
                    }
                }
                options.sort_unstable();
                let value = match options.as_slice() {
                    [] => None,
                    [one] => Some(*one),
                    _ => {
                        impure!();
                        match self.answer.take() {
                            Some(Answer::Values(v)) => v.first().copied(),
                            Some(_) => fail!("the answer is not a value"),
                            None => {
                                let who = match chooser {
                                    Chooser::Executor => frame.executor,
                                    Chooser::Demander => frame.demander.unwrap_or(frame.executor),
                                };
                                return stopped(self.suspend(
                                    frame,
                                    who,
                                    RequestKind::Values { options, count: 1 },
                                    &chunk.name,
                                ));
                            }
                        }
                    }
                };
                frame.sets.pop();
                let kept: Vec<CardIdx> = candidates
                    .into_iter()
                    .filter(|c| Some(i32::from(edition.card(*c).age)) == value)
                    .collect();
                if let (Some(o), Some(v)) = (outcome_mut(frame, stmt), value) {
                    o.values = vec![v];
                }
                frame.sets.push(kept);
            }
            Op::Mark { stmt } => {
                let cards = set!();
                let marked: Vec<(CardIdx, Location)> = cards
                    .iter()
                    .map(|c| (*c, self.state.location(*c)))
                    .collect();
                if let Some(o) = outcome_mut(frame, stmt) {
                    o.ran = true;
                    o.requested = o.requested.max(marked.len() as u16);
                    o.done = o.done.saturating_add(marked.len() as u16);
                    o.cards.extend(marked);
                }
            }
            Op::PickColor { stmt, direction } => {
                impure!();
                let mask = int!();
                let Some(&seat_value) = frame.ints.last() else {
                    fail!("the number stack is empty");
                };
                let next = chunk.ops.get(frame.pc as usize).copied();
                let options: Vec<Color> = match self.seat(seat_value) {
                    None => Vec::new(),
                    Some(seat) => Color::ALL
                        .iter()
                        .copied()
                        .filter(|c| mask & color_bit(*c) != 0)
                        .filter(|c| {
                            let pile = self.state.players[seat as usize].pile(*c);
                            pile.cards.len() >= 2
                                && match (direction, next) {
                                    (Some(d), _) => pile.splay != Some(d),
                                    (None, Some(Op::Unsplay { .. })) => pile.splay.is_some(),
                                    (None, _) => true,
                                }
                        })
                        .collect(),
                };
                let color = match options.as_slice() {
                    [] => None,
                    [one] => Some(*one),
                    _ => match self.answer.take() {
                        Some(Answer::Colors(c)) => c.first().copied(),
                        Some(_) => fail!("the answer is not a colour"),
                        None => {
                            frame.ints.push(mask);
                            let who = self.seat(seat_value).unwrap_or(frame.executor);
                            return stopped(self.suspend(
                                frame,
                                who,
                                RequestKind::Colors { options, count: 1 },
                                &chunk.name,
                            ));
                        }
                    },
                };
                if let (Some(o), Some(c)) = (outcome_mut(frame, stmt), color) {
                    o.colors = color_bit(c);
                }
                frame.ints.push(color.map_or(-1, |c| color_index(c) as i32));
            }
            Op::Draw { count, then, stmt } => {
                impure!();
                let age = int!();
                let seat = int!();
                let Some(seat) = self.seat(seat) else {
                    return Ok(None);
                };
                let age = age.clamp(0, i32::from(u8::MAX)) as u8;
                if let Some(o) = outcome_mut(frame, stmt) {
                    o.ran = true;
                    o.requested = o.requested.saturating_add(u16::from(count));
                }
                for _ in 0..count {
                    let Some(card) = self.draw(seat, age, Some(frame.card), frame.demand) else {
                        break;
                    };
                    self.earn_bonus(frame);
                    let at = match then {
                        Some(verb) => self.apply_verb(frame, seat, card, verb)?,
                        None => Location::Hand(seat),
                    };
                    if let Some(o) = outcome_mut(frame, stmt) {
                        o.done += 1;
                        o.cards.push((card, at));
                    }
                    self.after_change();
                    if self.state.outcome.is_some() {
                        return stopped(Stop::GameOver);
                    }
                }
            }
            Op::Move { verb, stmt } => {
                impure!();
                let cards = set!();
                let seat = frame.executor;
                if let Some(o) = outcome_mut(frame, stmt) {
                    o.ran = true;
                }
                for card in cards {
                    let at = self.apply_verb(frame, seat, card, verb)?;
                    if let Some(o) = outcome_mut(frame, stmt) {
                        o.done += 1;
                        o.cards.push((card, at));
                    }
                    self.after_change();
                    if self.state.outcome.is_some() {
                        return stopped(Stop::GameOver);
                    }
                }
            }
            Op::Transfer { zone, stmt } => {
                impure!();
                let seat = int!();
                let cards = set!();
                if let Some(o) = outcome_mut(frame, stmt) {
                    o.ran = true;
                }
                let Some(to_seat) = self.seat(seat) else {
                    return Ok(None);
                };
                for card in cards {
                    let to = destination(edition, to_seat, zone, card);
                    self.move_logged(frame, card, to, Verb::Transfer, false);
                    if let Some(o) = outcome_mut(frame, stmt) {
                        o.done += 1;
                        o.cards.push((card, to));
                    }
                    self.after_change();
                    if self.state.outcome.is_some() {
                        return stopped(Stop::GameOver);
                    }
                }
            }
            Op::Exchange {
                zone_a,
                zone_b,
                stmt,
            } => {
                impure!();
                let b = set!();
                let a = set!();
                let seat_b = int!();
                let seat_a = int!();
                let (Some(seat_a), Some(seat_b)) = (self.seat(seat_a), self.seat(seat_b)) else {
                    return Ok(None);
                };
                if let Some(o) = outcome_mut(frame, stmt) {
                    o.ran = true;
                    o.requested = o.requested.saturating_add((a.len() + b.len()) as u16);
                }
                // Both sides move at once: compute every destination first.
                let moves: Vec<(CardIdx, Location)> = a
                    .iter()
                    .map(|c| (*c, destination(edition, seat_b, zone_b, *c)))
                    .chain(
                        b.iter()
                            .map(|c| (*c, destination(edition, seat_a, zone_a, *c))),
                    )
                    .collect();
                for (card, to) in moves {
                    self.move_logged(frame, card, to, Verb::Exchange, false);
                    if let Some(o) = outcome_mut(frame, stmt) {
                        o.done += 1;
                        o.cards.push((card, to));
                    }
                }
                self.after_change();
                if self.state.outcome.is_some() {
                    return stopped(Stop::GameOver);
                }
            }
            Op::Splay { direction, stmt } => {
                impure!();
                let color = int!();
                let seat = int!();
                if self.splay_pile(frame, stmt, seat, color, Some(direction)) {
                    return stopped(Stop::GameOver);
                }
            }
            Op::Unsplay { stmt } => {
                impure!();
                let color = int!();
                let seat = int!();
                if self.splay_pile(frame, stmt, seat, color, None) {
                    return stopped(Stop::GameOver);
                }
            }
            Op::Rearrange { stmt } => {
                impure!();
                let Some(&color) = frame.ints.last() else {
                    fail!("the number stack is empty");
                };
                let Some(&seat_value) = frame.ints.get(frame.ints.len().wrapping_sub(2)) else {
                    fail!("the number stack is empty");
                };
                let (Some(seat), Some(color)) = (
                    self.seat(seat_value),
                    Color::ALL.get(color as usize).copied(),
                ) else {
                    frame.ints.pop();
                    frame.ints.pop();
                    return Ok(None);
                };
                let mut top_first = self.state.players[seat as usize].pile(color).cards.to_vec();
                top_first.reverse();
                let order = match self.answer.take() {
                    Some(Answer::Order(order)) => order,
                    Some(_) => fail!("the answer is not an order"),
                    None => {
                        return stopped(self.suspend(
                            frame,
                            seat,
                            RequestKind::Order { cards: top_first },
                            &chunk.name,
                        ))
                    }
                };
                frame.ints.pop();
                frame.ints.pop();
                let mut bottom_first = order;
                bottom_first.reverse();
                let pile = &mut self.state.players[seat as usize].board[color_index(color)];
                let changed = pile.cards.as_slice() != bottom_first.as_slice();
                pile.cards = Cards::from_vec(bottom_first);
                pile.refresh(edition);
                self.log.push(Event::Rearrange {
                    player: seat,
                    color,
                });
                // The first edition asks for an actual change of game state: a pile put
                // back in the same order changes nothing (rules v1.1, "Clarifications on
                // Dogma Effects"); the other editions count the cards as moved.
                if changed
                    || self.edition().rules.share_bonus != crate::bytecode::ShareBonus::StateChanged
                {
                    self.earn_bonus(frame);
                }
                if let Some(o) = outcome_mut(frame, stmt) {
                    o.ran = true;
                    o.requested = 1;
                    o.done = 1;
                }
            }
            Op::SelfExecute { stmt } => {
                impure!();
                let cards = set!();
                if let Some(o) = outcome_mut(frame, stmt) {
                    o.ran = true;
                    o.requested = 1;
                }
                if let Some(card) = cards.first().copied() {
                    // The Chain Rule (fourth-edition rulebook, "Achievements & Victory"):
                    // self-executing while self-executing first draws and achieves a card
                    // of the highest age. Only a self-execute inside another counts: a
                    // card whose own effect self-executes, run by a Dogma action or shared,
                    // is not self-executing (../shared/rules/EDITIONS.md, "Chain Rule").
                    let nested = self.exec.as_ref().is_some_and(|e| {
                        e.frames
                            .iter()
                            .any(|f| matches!(f.kind, FrameKind::SelfExecute { .. }))
                    });
                    if nested && edition.rules.chain_rule {
                        let seat = frame.executor;
                        // The draw skips empty ages like any draw: with no card of the
                        // highest age left, it ends the game.
                        let Some(drawn) =
                            self.draw(seat, edition.rules.max_age, Some(frame.card), false)
                        else {
                            return stopped(Stop::GameOver);
                        };
                        self.earn_bonus(frame);
                        self.move_logged(
                            frame,
                            drawn,
                            Location::Achievements(seat),
                            Verb::Achieve,
                            false,
                        );
                        self.after_change();
                        if self.state.outcome.is_some() {
                            return stopped(Stop::GameOver);
                        }
                    }
                    if let Some(o) = outcome_mut(frame, stmt) {
                        o.done = 1;
                    }
                    self.log.push(Event::SelfExecute {
                        player: frame.executor,
                        card,
                    });
                    let child = Frame {
                        kind: FrameKind::SelfExecute { next: 0 },
                        chunk: frame.chunk,
                        pc: 0,
                        card,
                        executor: frame.executor,
                        demander: None,
                        demand: false,
                        counts_for_bonus: frame.counts_for_bonus,
                        ints: Vec::new(),
                        sets: Vec::new(),
                        outcomes: Vec::new(),
                        loops: Vec::new(),
                        each: Vec::new(),
                        candidate: None,
                        stop_at: None,
                        params: Vec::new(),
                    };
                    return stopped(Stop::Call(child));
                }
            }
            Op::Claim { special, stmt } => {
                impure!();
                let claimed = self.claim_special(frame.executor, special);
                if claimed {
                    // The achievement card moves to the claimer: a change that earns the
                    // free Draw when a sharing opponent claims it (online summary, DOGMA,
                    // point 4; deluxe rules, Dogma action).
                    self.earn_bonus(frame);
                }
                if let Some(o) = outcome_mut(frame, stmt) {
                    o.ran = true;
                    o.requested = 1;
                    o.done = u16::from(claimed);
                }
                if self.state.outcome.is_some() {
                    return stopped(Stop::GameOver);
                }
            }
            Op::JunkSpecial { all, stmt } => {
                impure!();
                let seat = frame.executor;
                let available = self.state.specials.clone();
                let chosen: Vec<SpecialIdx> = if all {
                    available
                } else {
                    match self.pick_special(frame, chunk, available)? {
                        Ok(chosen) => chosen,
                        Err(asked) => return stopped(asked),
                    }
                };
                if let Some(o) = outcome_mut(frame, stmt) {
                    o.ran = true;
                    o.requested = if all { chosen.len() as u16 } else { 1 };
                }
                for special in chosen {
                    if self.junk_special(seat, special) {
                        self.earn_bonus(frame);
                        if let Some(o) = outcome_mut(frame, stmt) {
                            o.done += 1;
                        }
                    }
                    if self.state.outcome.is_some() {
                        return stopped(Stop::GameOver);
                    }
                }
            }
            Op::RestoreSpecial { stmt } => {
                impure!();
                let seat = frame.executor;
                let junked = self.state.junked_specials.clone();
                let chosen: Option<SpecialIdx> = match self.pick_special(frame, chunk, junked)? {
                    Ok(chosen) => chosen.first().copied(),
                    Err(asked) => return stopped(asked),
                };
                if let Some(o) = outcome_mut(frame, stmt) {
                    o.ran = true;
                    o.requested = 1;
                }
                if let Some(special) = chosen {
                    if self.restore_special(seat, special) {
                        self.earn_bonus(frame);
                        if let Some(o) = outcome_mut(frame, stmt) {
                            o.done = 1;
                        }
                    }
                    if self.state.outcome.is_some() {
                        return stopped(Stop::GameOver);
                    }
                }
            }
            Op::Win => {
                impure!();
                let seat = int!();
                if let Some(seat) = self.seat(seat) {
                    self.win_by_effect(seat, frame.card);
                    return stopped(Stop::GameOver);
                }
            }
            Op::WinSingle { most, measure } => {
                impure!();
                let mut values = Vec::new();
                // Eliminated players are out of the table (fourth-edition rulebook, Lose).
                for seat in self.state.seats_in_play() {
                    values.push((
                        seat,
                        self.eval_sub(
                            frame,
                            outer.unwrap_or(&frame.outcomes),
                            measure,
                            None,
                            Some(seat),
                        )?,
                    ));
                }
                let best = if most {
                    values.iter().map(|(_, v)| *v).max()
                } else {
                    values.iter().map(|(_, v)| *v).min()
                };
                let leaders: Vec<Seat> = values
                    .iter()
                    .filter(|(_, v)| Some(*v) == best)
                    .map(|(s, _)| *s)
                    .collect();
                // "The single player with the most …": nobody wins on a tie (online summary,
                // "End of Game", "By dogma").
                if let [winner] = leaders.as_slice() {
                    self.win_by_effect(*winner, frame.card);
                    return stopped(Stop::GameOver);
                }
            }
            Op::Lose => {
                impure!();
                let seat = int!();
                if !edition.rules.elimination {
                    fail!("`lose` needs an edition with elimination (the fourth edition's rule)");
                }
                if let Some(seat) = self.seat(seat) {
                    if self.lose_by_effect(frame, seat) {
                        return stopped(if self.state.outcome.is_some() {
                            Stop::GameOver
                        } else {
                            Stop::Done
                        });
                    }
                }
            }
            Op::Combine { stmt, children } => {
                let ids = chunk
                    .lists
                    .get(children as usize)
                    .cloned()
                    .unwrap_or_default();
                let ran: Vec<&StmtOutcome> = ids
                    .iter()
                    .filter_map(|id| frame.outcomes.get(*id as usize))
                    .filter(|o| o.ran)
                    .collect();
                let full = !ran.is_empty() && ran.iter().all(|o| o.full());
                let any = ran.iter().any(|o| o.any());
                let cards: Vec<(CardIdx, Location)> =
                    ran.iter().flat_map(|o| o.cards.iter().copied()).collect();
                if let Some(o) = outcome_mut(frame, stmt) {
                    o.ran = true;
                    o.declined = false;
                    let (requested, done) = match (full, any) {
                        (true, _) => (1, 1),
                        (false, true) => (2, 1),
                        (false, false) => (1, 0),
                    };
                    o.requested = requested;
                    o.done = done;
                    o.cards = cards;
                }
            }
        }
        if self.state.outcome.is_some() && !pure {
            return stopped(Stop::GameOver);
        }
        Ok(None)
    }

    /// Whether answering yes to the `you may` just reached could change anything: the body is
    /// tried on a copy of the game (without its log), up to the end of the `you may`; it
    /// matters if it changes a card, asks a question, calls another card or ends the game.
    fn yes_can_matter(&mut self, frame: &Frame, chunk: &crate::bytecode::Chunk) -> VmResult<bool> {
        // The op after `AskYesNo` jumps past the body when the answer is no.
        let Some(Op::JumpIfFalse { target }) = chunk.ops.get(frame.pc as usize).copied() else {
            return Ok(true);
        };
        let log = std::mem::take(&mut self.log);
        let mut probe = self.clone();
        probe.probing = true;
        self.log = log;
        let mut trial = frame.clone();
        trial.ints.push(1);
        trial.stop_at = Some(target);
        let mut fuel = FUEL;
        let stop = probe.execute(&mut trial, &mut fuel, false, None)?;
        Ok(match stop {
            Stop::Done => !probe.log.is_empty() || probe.state.outcome.is_some(),
            Stop::Suspend(_) | Stop::Call(_) | Stop::EndDogma | Stop::GameOver => true,
        })
    }

    /// The special achievement the executor picks among `options` (a list of it): no question
    /// for one option or none; otherwise the answer, or `Err` with the question asked.
    fn pick_special(
        &mut self,
        frame: &mut Frame,
        chunk: &crate::bytecode::Chunk,
        options: Vec<SpecialIdx>,
    ) -> VmResult<Result<Vec<SpecialIdx>, Stop>> {
        if options.len() <= 1 {
            return Ok(Ok(options));
        }
        match self.answer.take() {
            Some(Answer::Specials(s)) => Ok(Ok(s)),
            Some(_) => Err(self.error(frame, "the answer is not a special achievement")),
            None => {
                let seat = frame.executor;
                Ok(Err(self.suspend(
                    frame,
                    seat,
                    RequestKind::Specials { options, count: 1 },
                    &chunk.name,
                )))
            }
        }
    }

    /// Rewinds the frame to the asking op and returns the question.
    fn suspend(
        &mut self,
        frame: &mut Frame,
        player: Seat,
        kind: RequestKind,
        context: &str,
    ) -> Stop {
        frame.pc -= 1;
        Stop::Suspend(Request {
            player,
            kind,
            context: context.to_string(),
        })
    }

    /// A seat from the stack, or `None` for nobody.
    fn seat(&self, value: i32) -> Option<Seat> {
        Seat::try_from(value)
            .ok()
            .filter(|s| (*s as usize) < self.state.player_count())
    }

    /// Splays (or, with `None`, unsplays) a pile of two or more cards. Returns whether the game
    /// ended (a special achievement can be won by it).
    fn splay_pile(
        &mut self,
        frame: &mut Frame,
        stmt: StmtId,
        seat: i32,
        color: i32,
        direction: Option<SplayDirection>,
    ) -> bool {
        if let Some(o) = outcome_mut(frame, stmt) {
            o.ran = true;
            o.requested = 1;
        }
        let (Some(seat), Some(color)) = (
            self.seat(seat),
            usize::try_from(color)
                .ok()
                .and_then(|i| Color::ALL.get(i).copied()),
        ) else {
            return false;
        };
        let pile = &mut self.state.players[seat as usize].board[color_index(color)];
        if pile.cards.len() < 2 || pile.splay == direction {
            return false;
        }
        pile.splay = direction;
        let edition = self.edition_arc();
        self.state.players[seat as usize].board[color_index(color)].refresh(&edition);
        self.log.push(Event::Splay {
            player: seat,
            color,
            direction,
        });
        // A splay slides the pile's cards: it counts as moving them for the sharing bonus
        // (third edition: "a card revealed or moved"; ../shared/rules/EDITIONS.md).
        self.earn_bonus(frame);
        if let Some(o) = outcome_mut(frame, stmt) {
            o.done = 1;
        }
        self.after_change();
        self.state.outcome.is_some()
    }

    /// A sharing opponent revealed a card: it earns the free Draw only where the edition counts
    /// reveals (third edition: "a card revealed or moved"; the first edition asks for an actual
    /// change of game state and the fourth for anything done to a card except revealing it,
    /// fourth-edition rulebook "Sharing: Free Draw"; ../shared/rules/EDITIONS.md).
    fn earn_bonus_for_reveal(&mut self, frame: &Frame) {
        if self.edition().rules.share_bonus == crate::bytecode::ShareBonus::CardRevealedOrMoved {
            self.earn_bonus(frame);
        }
    }

    /// A sharing opponent did something to a card (drew, moved, splayed, rearranged it): the
    /// activator earns the free Draw in every edition.
    fn earn_bonus(&mut self, frame: &Frame) {
        if frame.counts_for_bonus {
            if let Some(dogma) = self.exec.as_mut().and_then(|e| e.dogma.as_mut()) {
                dogma.bonus_earned = true;
            }
        }
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

    fn zone_cards(&self, seat: i32, zone: ZoneSel) -> Vec<CardIdx> {
        let Some(seat) = self.seat(seat) else {
            return Vec::new();
        };
        let player = &self.state.players[seat as usize];
        match zone {
            ZoneSel::Hand => player.hand.to_vec(),
            ZoneSel::ScorePile => player.score_pile.to_vec(),
            ZoneSel::Achievements => player
                .achievements
                .iter()
                .filter_map(|a| match a {
                    crate::state::AchievementCard::Standard(c) => Some(*c),
                    crate::state::AchievementCard::Special(_) => None,
                })
                .collect(),
            ZoneSel::BoardTop => player.board.iter().filter_map(|p| p.top()).collect(),
            ZoneSel::BoardBottom => player.board.iter().filter_map(|p| p.bottom()).collect(),
            ZoneSel::BoardAll => player
                .board
                .iter()
                .flat_map(|p| p.cards.iter().rev().copied())
                .collect(),
        }
    }

    fn board_colors(&self, seat: i32) -> i32 {
        let Some(seat) = self.seat(seat) else {
            return 0;
        };
        Color::ALL
            .iter()
            .filter(|c| !self.state.players[seat as usize].pile(**c).cards.is_empty())
            .fold(0, |m, c| m | color_bit(*c))
    }

    fn group_colors(&self, group: PlayerSet, base: Seat) -> i32 {
        self.group_seats(group, base)
            .into_iter()
            .fold(0, |m, s| m | self.board_colors(i32::from(s)))
    }

    fn filter_colors(
        &self,
        seat: i32,
        mask: i32,
        keep: impl Fn(&crate::state::Pile) -> bool,
    ) -> i32 {
        let Some(seat) = self.seat(seat) else {
            return 0;
        };
        Color::ALL
            .iter()
            .filter(|c| {
                mask & color_bit(**c) != 0 && keep(self.state.players[seat as usize].pile(**c))
            })
            .fold(0, |m, c| m | color_bit(*c))
    }

    fn measure(&self, frame: &Frame, seat: i32, measure: MeasureCode) -> i32 {
        let Some(seat) = self.seat(seat) else {
            return 0;
        };
        let edition = self.edition();
        let player = &self.state.players[seat as usize];
        match measure {
            MeasureCode::Points => self.state.score(edition, seat),
            MeasureCode::Achievements => player.achievements.len() as i32,
            MeasureCode::TopCards => player.top_cards().count() as i32,
            MeasureCode::CardsInHand => player.hand.len() as i32,
            MeasureCode::CardsInScorePile => player.score_pile.len() as i32,
            MeasureCode::ColorCards(c) => player.pile(c).cards.len() as i32,
            MeasureCode::Icons(icon) => self.state.icon_count(edition, seat, icon),
            MeasureCode::Moved {
                verb,
                due_to,
                scope,
            } => self
                .state
                .history
                .iter()
                .filter(|e| {
                    e.verb == verb
                        && e.player == seat
                        && match scope {
                            HistoryScope::Turn => true,
                            HistoryScope::Action => e.action == self.state.action,
                        }
                        && match due_to {
                            None => true,
                            Some(DueTo::ThisCard) => e.source == Some(frame.card),
                            Some(DueTo::Demand) => e.source == Some(frame.card) && e.demand,
                        }
                })
                .count() as i32,
        }
    }

    /// The pile a card is in, and its position from the bottom (0).
    fn pile_position(&self, card: CardIdx) -> Option<(&[CardIdx], usize)> {
        if let Location::Board(seat, color) = self.state.location(card) {
            let pile = &self.state.players[seat as usize].pile(color).cards;
            let pos = pile.iter().position(|c| *c == card)?;
            return Some((pile.as_slice(), pos));
        }
        None
    }

    /// The options of a `choose`.
    fn choice_request(&self, kind: ChoiceKind, count: u8, who: Seat) -> RequestKind {
        match kind {
            ChoiceKind::Value => RequestKind::Values {
                options: (1..=i32::from(self.edition().rules.max_age)).collect(),
                count,
            },
            ChoiceKind::Color => RequestKind::Colors {
                options: Color::ALL.to_vec(),
                count,
            },
            ChoiceKind::Player => RequestKind::Players {
                options: self.group_seats(PlayerSet::All, who),
                count,
            },
            ChoiceKind::Opponent => RequestKind::Players {
                options: self.group_seats(PlayerSet::Opponents, who),
                count,
            },
            // The avatar is an icon to choose only in an edition whose cards show it (the
            // fourth edition's Climatology may name it).
            ChoiceKind::Icon => {
                let avatars = self
                    .edition()
                    .cards
                    .iter()
                    .any(|c| c.has_icon(Icon::Avatar));
                RequestKind::Icons {
                    options: Icon::ALL
                        .iter()
                        .copied()
                        .filter(|i| *i != Icon::Avatar || avatars)
                        .collect(),
                    count,
                }
            }
        }
    }

    /// Moves a card with a verb for the executor: meld, tuck, score, return, reveal, junk,
    /// remove or achieve. Returns where the card is afterwards.
    fn apply_verb(
        &mut self,
        frame: &Frame,
        seat: Seat,
        card: CardIdx,
        verb: Verb,
    ) -> VmResult<Location> {
        let info = self.edition().card(card);
        let (color, age) = (info.color, info.age);
        let (to, bottom) = match verb {
            Verb::Meld => (Location::Board(seat, color), false),
            Verb::Tuck => (Location::Board(seat, color), true),
            Verb::Score => (Location::ScorePile(seat), false),
            // Returned cards go to the bottom of their age's deck (online summary, "Return").
            Verb::Return => (Location::Deck(age), true),
            Verb::Junk | Verb::Remove => (Location::Removed, false),
            Verb::Achieve => (Location::Achievements(seat), false),
            Verb::Reveal => {
                self.log.push(Event::Reveal { player: seat, card });
                self.record(Verb::Reveal, seat, card, Some(frame.card), frame.demand);
                self.earn_bonus_for_reveal(frame);
                return Ok(self.state.location(card));
            }
            Verb::Foreshadow | Verb::Transfer | Verb::Draw | Verb::Exchange => {
                return Err(self.error(
                    frame,
                    format!("`{}` cannot be done to a card here", verb.word()),
                ))
            }
        };
        self.move_logged(frame, card, to, verb, bottom);
        Ok(to)
    }

    /// Moves a card, logging and recording it for the history and the sharing bonus.
    fn move_logged(
        &mut self,
        frame: &Frame,
        card: CardIdx,
        to: Location,
        verb: Verb,
        bottom: bool,
    ) {
        let edition = self.edition_arc();
        let from = self.state.move_card(&edition, card, to, bottom);
        self.record(verb, frame.executor, card, Some(frame.card), frame.demand);
        self.earn_bonus(frame);
        self.log.push(Event::Move {
            player: frame.executor,
            verb,
            card,
            from,
            to,
        });
    }

    /// `PLAYER loses` (the fourth edition's elimination; see `game::elimination` for the rules
    /// and the readings): the player is eliminated, and the running frame forgets them in its
    /// player loops. Returns whether the frame must stop: its executor is out of the game, or the
    /// dogma action or the game ended.
    fn lose_by_effect(&mut self, frame: &mut Frame, seat: Seat) -> bool {
        let done = self.eliminate(seat, Some(frame.card), frame.demand);
        if !done.happened {
            return false;
        }
        if done.junked_cards {
            // Junking the loser's cards is something done to cards: a sharing opponent who loses
            // earns the free Draw like any other change ("Sharing: Free Draw").
            self.earn_bonus(frame);
        }
        // Players not yet reached by a running "each player" loop are skipped; the player being
        // gone through stays current until the loop moves on.
        for (seats, taken) in frame.each.iter_mut() {
            if let Some(pos) = seats.iter().position(|s| *s == seat) {
                if pos >= *taken as usize {
                    seats.remove(pos);
                }
            }
        }
        done.action_ended || done.game_over || seat == frame.executor
    }
}

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

fn outcome_mut(frame: &mut Frame, stmt: StmtId) -> Option<&mut StmtOutcome> {
    frame.outcomes.get_mut(stmt as usize)
}

fn extreme_value(edition: &CompiledEdition, cards: &[CardIdx], extreme: Extreme) -> i32 {
    let ages = cards.iter().map(|c| i32::from(edition.card(*c).age));
    match extreme {
        Extreme::Highest => ages.max(),
        Extreme::Lowest => ages.min(),
    }
    .unwrap_or(0)
}

/// Where a transferred card lands in a player's zone.
fn destination(
    edition: &CompiledEdition,
    seat: Seat,
    zone: DestinationZone,
    card: CardIdx,
) -> Location {
    match zone {
        DestinationZone::Hand => Location::Hand(seat),
        DestinationZone::ScorePile => Location::ScorePile(seat),
        DestinationZone::Board => Location::Board(seat, edition.card(card).color),
        DestinationZone::Achievements => Location::Achievements(seat),
    }
}

/// Whether a single answer is possible (then nobody is asked).
fn single_answer(request: &RequestKind) -> Option<Answer> {
    match request {
        RequestKind::Values { options, count } if options.len() <= *count as usize => {
            Some(Answer::Values(options.clone()))
        }
        RequestKind::Colors { options, count } if options.len() <= *count as usize => {
            Some(Answer::Colors(options.clone()))
        }
        RequestKind::Players { options, count } if options.len() <= *count as usize => {
            Some(Answer::Players(options.clone()))
        }
        RequestKind::Icons { options, count } if options.len() <= *count as usize => {
            Some(Answer::Icons(options.clone()))
        }
        _ => None,
    }
}

/// Whether several cards moving together could end in different orders: two of them going to
/// the same pile (meld, tuck, to a board) or the same deck (return).
fn order_matters(edition: &CompiledEdition, cards: &[CardIdx], next: Option<Op>) -> bool {
    if cards.len() < 2 {
        return false;
    }
    let key = |c: &CardIdx| -> u8 {
        let info = edition.card(*c);
        match next {
            Some(Op::Move {
                verb: Verb::Return, ..
            }) => info.age,
            _ => color_index(info.color) as u8,
        }
    };
    let relevant = matches!(
        next,
        Some(Op::Move {
            verb: Verb::Meld | Verb::Tuck | Verb::Return,
            ..
        }) | Some(Op::Transfer {
            zone: DestinationZone::Board,
            ..
        })
    );
    relevant
        && cards
            .iter()
            .enumerate()
            .any(|(i, a)| cards[..i].iter().any(|b| key(a) == key(b)))
}

/// Whether the outcome of a folded `you may` around `stmt` is tested by `if you do`, so that
/// under the "in full" rule the player may only do all of it or nothing (online summary,
/// "Clarifications": "You may [do X], if you do, [Y]", example 1).
fn tested_in_full(chunk: &crate::bytecode::Chunk, stmt: StmtId) -> bool {
    chunk.ops.iter().any(|op| match op {
        Op::Combine {
            stmt: may,
            children,
        } => {
            chunk
                .lists
                .get(*children as usize)
                .is_some_and(|ids| ids.contains(&stmt))
                && chunk
                    .ops
                    .iter()
                    .any(|o| matches!(o, Op::Did { stmt: s, .. } if s == may))
        }
        _ => false,
    })
}

/// How a `Pick` takes its cards: those it must take, the pool to choose from, and the numbers
/// of pool cards that may be chosen.
struct PickPlan {
    forced: Vec<CardIdx>,
    pool: Vec<CardIdx>,
    sizes: Vec<u8>,
    /// What the statement asked for (for "in full").
    asked: u16,
    count: Count,
}

impl PickPlan {
    fn single_option(&self) -> bool {
        match self.sizes.as_slice() {
            [only] => *only == 0 || *only as usize == self.pool.len(),
            _ => false,
        }
    }

    fn only_option(&self) -> Vec<CardIdx> {
        let mut cards = self.forced.clone();
        if self.sizes.first().copied().unwrap_or(0) as usize == self.pool.len() {
            cards.extend(self.pool.iter().copied());
        }
        if self.sizes.first().copied() == Some(0) && self.forced.is_empty() {
            return Vec::new();
        }
        cards
    }

    /// What the statement asked for, given what was chosen.
    fn requested(&self, chosen: &[CardIdx]) -> u16 {
        match self.count {
            Count::Between(..) | Count::UpTo(_) | Count::AnyNumber => chosen.len() as u16,
            _ => self.asked,
        }
    }
}

fn plan_pick(
    edition: &CompiledEdition,
    candidates: &[CardIdx],
    count: Count,
    extreme: Option<Extreme>,
    optional: bool,
    strict: bool,
) -> PickPlan {
    let len = candidates.len();
    let value = |c: &CardIdx| i32::from(edition.card(*c).age);
    let mut forced = Vec::new();
    let mut pool: Vec<CardIdx> = candidates.to_vec();
    let asked: u16;
    let mut sizes: Vec<u8>;
    match (count, extreme) {
        (Count::All, Some(e)) => {
            // "All the highest": every card of the extreme value, no choice.
            let best = extreme_value(edition, candidates, e);
            pool.retain(|c| value(c) == best);
            asked = pool.len() as u16;
            sizes = vec![pool.len() as u8];
        }
        (Count::Exactly(n), Some(e)) => {
            // "The 3 highest": the cards strictly above the cut-off value are taken; the
            // chooser picks among the cards at it.
            asked = u16::from(n);
            if len <= n as usize {
                sizes = vec![len as u8];
            } else {
                let mut sorted = candidates.to_vec();
                sorted.sort_by_key(|c| match e {
                    Extreme::Highest => -value(c),
                    Extreme::Lowest => value(c),
                });
                let cutoff = value(&sorted[n as usize - 1]);
                let better = |c: &CardIdx| match e {
                    Extreme::Highest => value(c) > cutoff,
                    Extreme::Lowest => value(c) < cutoff,
                };
                forced = candidates.iter().copied().filter(|c| better(c)).collect();
                pool = candidates
                    .iter()
                    .copied()
                    .filter(|c| value(c) == cutoff)
                    .collect();
                sizes = vec![n - forced.len() as u8];
            }
        }
        (count, _) => {
            let l = len as u8;
            (asked, sizes) = match count {
                Count::Exactly(n) => (u16::from(n), vec![n.min(l)]),
                Count::Between(a, b) => (u16::from(a), (a.min(l)..=b.min(l)).collect()),
                Count::UpTo(n) => (u16::from(n), (0..=n.min(l)).collect()),
                Count::AnyNumber => (u16::from(l), (0..=l).collect()),
                Count::All => (u16::from(l), vec![l]),
                Count::AllBut(n) => {
                    let k = l.saturating_sub(n);
                    (u16::from(k), vec![k])
                }
                Count::Half(r) => {
                    let k = r.half(i32::from(l)) as u8;
                    (u16::from(k), vec![k])
                }
                // The Pick op turns a computed count into `Exactly` before planning.
                Count::Computed => (0, vec![0]),
            };
        }
    }
    if optional {
        // Declining is choosing none. Under "in full", a `you may` tested by `if you do` is all
        // or nothing, and impossible in full it cannot be taken at all.
        // What doing it "in full" needs: the fixed number asked for, or, for "up to" and "any
        // number", at least one card (the player then chooses how many).
        let needed = match count {
            Count::Exactly(n) | Count::Between(n, _) => usize::from(n),
            Count::UpTo(_) | Count::AnyNumber => 1,
            _ => asked as usize,
        };
        if strict && (pool.len() + forced.len()) < needed {
            sizes = vec![0];
            forced.clear();
        } else if !sizes.contains(&0) {
            sizes.insert(0, 0);
            if !forced.is_empty() && sizes.len() > 1 {
                // Forced cards are only forced once the player accepts: offer them as a choice.
                pool = forced.iter().copied().chain(pool).collect();
                let forced_n = forced.len() as u8;
                sizes = sizes
                    .into_iter()
                    .map(|s| if s == 0 { 0 } else { s + forced_n })
                    .collect();
                forced.clear();
            }
        }
    }
    sizes.dedup();
    PickPlan {
        forced,
        pool,
        sizes,
        asked,
        count,
    }
}
