//! Remembering which special achievements a player is known not to qualify for, so that the check
//! after every change (first and third editions claim them immediately) does not re-run every
//! condition for every player.
//!
//! Profiling showed the checks taking over half of a random game's instructions (`dogma bench`,
//! callgrind on 20 games of the third edition): each change re-ran five conditions for each
//! player, though a change usually touches one player's cards. A condition that reads only the
//! tested player's own cards, splays and moves (`local`) cannot change its answer while that
//! player's `signature` — every card in their zones, their splays, and the turn's history —
//! stays the same; such a player is skipped until it changes. The signature is compared
//! exactly (no hash), so the memo never changes a result: it only saves re-running a condition
//! whose inputs are identical. Conditions that read anything else are always re-run.

use crate::bytecode::{ChunkIdx, CompiledEdition, MeasureCode, Op, Who, ZoneSel};
use crate::state::Seat;
use crate::state::{AchievementCard, State};
use crate::terms::HistoryScope;

/// What the memo knows. Never saved; a clone of the game starts without it (a cache only).
#[derive(Debug, Default)]
pub(crate) struct SpecialMemo {
    /// Per special achievement (by index): its condition is local.
    local: Option<Vec<bool>>,
    /// Some local condition counts moves of the current action only (so the action number is
    /// part of the signature; otherwise a new action changes nothing a condition reads).
    action_scoped: bool,
    /// Per seat: its signature when every local condition of the available special achievements
    /// was last found false for it.
    known_false: Vec<Option<Vec<u32>>>,
    /// Per seat: its signature as computed at the start of the current pass (`fresh_valid`),
    /// reused at the end of a pass that changed nothing.
    fresh: Vec<Vec<u32>>,
    fresh_valid: Vec<bool>,
}

impl Clone for SpecialMemo {
    fn clone(&self) -> Self {
        SpecialMemo::default()
    }
}

impl SpecialMemo {
    /// Whether special `special`'s condition is local (computed once per game).
    pub(crate) fn is_local(&mut self, edition: &CompiledEdition, special: usize) -> bool {
        self.analyse(edition);
        self.local
            .as_ref()
            .and_then(|l| l.get(special).copied())
            .unwrap_or(false)
    }

    fn analyse(&mut self, edition: &CompiledEdition) {
        if self.local.is_some() {
            return;
        }
        self.local = Some(
            edition
                .specials
                .iter()
                // Claimed by triggers only: no condition, nothing to re-run.
                .map(|s| s.condition.is_none_or(|c| local_condition(edition, c)))
                .collect(),
        );
        self.action_scoped = edition.specials.iter().any(|s| {
            s.condition
                .and_then(|c| edition.chunks.get(c as usize))
                .is_some_and(|c| {
                    c.ops.iter().any(|op| {
                        matches!(
                            op,
                            Op::Measure {
                                measure: MeasureCode::Moved {
                                    scope: HistoryScope::Action,
                                    ..
                                }
                            }
                        )
                    })
                })
        });
    }

    /// Whether every local condition is known to be false for `seat` in this state.
    pub(crate) fn known_false(
        &mut self,
        edition: &CompiledEdition,
        state: &State,
        seat: Seat,
    ) -> bool {
        self.analyse(edition);
        let n = state.players.len();
        if self.fresh.len() < n {
            self.fresh.resize(n, Vec::new());
            self.fresh_valid.resize(n, false);
        }
        let fresh = &mut self.fresh[seat as usize];
        fresh.clear();
        signature(state, seat, self.action_scoped, fresh);
        self.fresh_valid[seat as usize] = true;
        matches!(self.known_false.get(seat as usize), Some(Some(known)) if known == fresh)
    }

    /// A pass over the conditions begins: signatures computed before it are stale.
    pub(crate) fn begin_pass(&mut self) {
        self.fresh_valid.iter_mut().for_each(|v| *v = false);
    }

    /// Records that every local condition of the available special achievements is false for
    /// every player in this state: the end of a pass that claimed nothing (so the state is the
    /// one its signatures were computed on).
    pub(crate) fn all_false(&mut self, edition: &CompiledEdition, state: &State) {
        self.analyse(edition);
        self.known_false.resize(state.players.len(), None);
        for seat in 0..state.players.len() {
            let mut sig = self.known_false[seat].take().unwrap_or_default();
            if self.fresh_valid.get(seat).copied().unwrap_or(false) {
                // Computed at the start of this pass, and the pass changed nothing.
                std::mem::swap(&mut sig, &mut self.fresh[seat]);
                self.fresh_valid[seat] = false;
            } else {
                sig.clear();
                signature(state, seat as Seat, self.action_scoped, &mut sig);
            }
            self.known_false[seat] = Some(sig);
        }
    }
}

/// Everything a local condition can read for `seat`: the available special achievements (one
/// made available again has not been tested), the player's zones and splays, and their moves
/// this turn.
fn signature(state: &State, seat: Seat, action_scoped: bool, out: &mut Vec<u32>) {
    const END: u32 = u32::MAX;
    let player = &state.players[seat as usize];
    if action_scoped {
        out.push(state.action);
    }
    out.push(u32::from(player.eliminated));
    out.extend(state.specials.iter().map(|s| u32::from(*s)));
    out.push(END);
    for pile in &player.board {
        out.push(pile.splay.map_or(0, |d| d as u32 + 1));
        out.extend(pile.cards.iter().map(|c| u32::from(*c)));
        out.push(END);
    }
    out.extend(player.hand.iter().map(|c| u32::from(*c)));
    out.push(END);
    out.extend(player.score_pile.iter().map(|c| u32::from(*c)));
    out.push(END);
    out.extend(player.achievements.iter().map(|a| match *a {
        AchievementCard::Standard(c) => u32::from(c),
        AchievementCard::Special(s) => 0x1_0000 + u32::from(s),
    }));
    out.push(END);
    // A move counts for the player who made it (`MeasureCode::Moved`).
    for e in state.history.iter().filter(|e| e.player == seat) {
        out.push(e.verb as u32);
        out.push(u32::from(e.player));
        out.push(u32::from(e.card));
        out.push(e.source.map_or(END, u32::from));
        out.push(u32::from(e.demand));
        out.push(if action_scoped { e.action } else { 0 });
    }
}

/// A condition is local when it only computes with constants and reads the tested player's
/// (the executor's) own zones, icons, splays and moves: every op is on this list.
fn local_condition(edition: &CompiledEdition, chunk: ChunkIdx) -> bool {
    let Some(chunk) = edition.chunks.get(chunk as usize) else {
        return false;
    };
    chunk.ops.iter().all(|op| match op {
        Op::Player { who } => *who == Who::Executor,
        Op::Zone { zone } => matches!(
            zone,
            ZoneSel::Hand
                | ZoneSel::ScorePile
                | ZoneSel::Achievements
                | ZoneSel::BoardTop
                | ZoneSel::BoardBottom
                | ZoneSel::BoardAll
        ),
        Op::Measure { measure } => matches!(
            measure,
            MeasureCode::TopCards
                | MeasureCode::TopOfSet(_)
                | MeasureCode::CardsInHand
                | MeasureCode::CardsInScorePile
                | MeasureCode::ColorCards(_)
                | MeasureCode::Icons(_)
                | MeasureCode::Moved { .. }
        ),
        Op::Int { .. }
        | Op::Compare { .. }
        | Op::Jump { .. }
        | Op::JumpIfFalse { .. }
        | Op::Return
        | Op::Not
        | Op::And
        | Op::Add
        | Op::Sub
        | Op::Nip
        | Op::PopCount
        | Op::DupSet
        | Op::CountCards
        | Op::KeepValueCmp { .. }
        | Op::KeepDemand
        | Op::KeepEffects { .. }
        | Op::KeepSplayedPile
        | Op::QuantifyCards { .. }
        | Op::BoardColors
        | Op::ColorsSplayed { .. } => true,
        _ => false,
    })
}
