//! Players: the seat a player phrase names (`you`, the demander, each player, a player chosen
//! on the spot or earlier).

use super::Emitter;
use crate::ir::Player;
use dogma_runtime::bytecode::{ChunkKind, ExtremePick, Op, Who, NO_CHUNK};

impl Emitter<'_> {
    /// `I: → seat`.
    pub(super) fn player(&mut self, player: &Player) {
        match player {
            Player::Executor => self.op(Op::Player { who: Who::Executor }),
            Player::Demander => self.op(Op::Player { who: Who::Demander }),
            Player::Each => self.op(Op::Player { who: Who::Each }),
            // In a filter: the owner of the card being tested (`its owner's achievements`).
            Player::Owner if self.kind == ChunkKind::CardTest => {
                self.op(Op::CandidateCard);
                self.op(Op::OwnerOfCards);
            }
            // Otherwise only a transfer's destination names it (`TransferToOwners`).
            Player::Owner => {
                self.unsupported("a card's owner anywhere but a transfer's destination");
                self.op(Op::Player { who: Who::Executor });
            }
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
            Player::Extreme {
                set,
                most,
                measure,
                single,
            } => {
                let Some(stmt) = self.stmt else {
                    self.unsupported("choosing a player inside a test or a condition");
                    self.op(Op::Player { who: Who::Executor });
                    return;
                };
                let measure = self.player_measure(measure);
                self.op(Op::ChooseExtremePlayer {
                    group: *set,
                    pick: ExtremePick::new(*most, *single),
                    measure,
                    stmt: stmt.0,
                });
            }
        }
    }
}
