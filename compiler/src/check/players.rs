//! Players: `you`, `I`, `their`, `that player`, possessives, and players chosen by a test.

use super::effects::EffectCx;
use crate::diagnostics::Error;
use crate::ir::*;
use dogma_dsl::ast::{self, Span};

impl EffectCx<'_, '_> {
    pub(super) fn demander(&mut self, span: Span, word: &str) -> Player {
        if !self.demand {
            self.error(Error::DemanderOutsideDemand {
                at: self.at(span),
                word: word.to_string(),
            });
        }
        Player::Demander
    }

    fn their(&mut self, span: Span) -> Player {
        if self.player_scopes == 0 {
            self.error(Error::TheirOutsideLoop { at: self.at(span) });
        }
        Player::Each
    }

    fn that_player(&mut self, span: Span) -> Player {
        match self.latest(|p| p.player) {
            Some(stmt) => Player::ChosenBy(stmt),
            None => {
                self.unbound(span, "that player", "choice of a player");
                Player::Executor
            }
        }
    }

    pub(super) fn owner(&mut self, whose: &ast::Spanned<ast::Possessive>) -> Owner {
        use ast::Possessive as P;
        match whose.node {
            P::Your => Owner::One(Player::Executor),
            P::My => Owner::One(self.demander(whose.span, "my")),
            P::Their => Owner::One(self.their(whose.span)),
            P::ThatPlayers => Owner::One(self.that_player(whose.span)),
            P::AnotherPlayers => Owner::One(Player::Choose {
                set: PlayerSet::Others,
                condition: None,
            }),
            P::AnOpponents => Owner::One(Player::Choose {
                set: PlayerSet::Opponents,
                condition: None,
            }),
            P::AnyOpponents | P::AllOpponents => Owner::Union(PlayerSet::Opponents),
            P::AnyOtherPlayers | P::AllOtherPlayers => Owner::Union(PlayerSet::Others),
            P::AnyPlayers | P::AllPlayers => Owner::Union(PlayerSet::All),
        }
    }

    /// A possessive that must name one player (a destination, a board to count on).
    pub(super) fn single_owner(&mut self, whose: &ast::Spanned<ast::Possessive>) -> Player {
        match self.owner(whose) {
            Owner::One(p) => p,
            Owner::Union(_) => {
                self.error(Error::SeveralOwners {
                    at: self.at(whose.span),
                    whose: whose.node.words().to_string(),
                });
                Player::Executor
            }
        }
    }

    pub(super) fn player(&mut self, p: &ast::PlayerRef) -> Player {
        match &p.kind {
            ast::PlayerRefKind::You => Player::Executor,
            ast::PlayerRefKind::I { me } => self.demander(p.span, if *me { "me" } else { "I" }),
            ast::PlayerRefKind::ThatPlayer => self.that_player(p.span),
            ast::PlayerRefKind::Choose { kind, with, .. } => {
                let set = match kind {
                    ast::PlayerKind::Opponent => PlayerSet::Opponents,
                    ast::PlayerKind::OtherPlayer => PlayerSet::Others,
                    ast::PlayerKind::Player => PlayerSet::All,
                };
                let condition = with.as_ref().map(|m| Box::new(self.player_measure(m)));
                Player::Choose { set, condition }
            }
        }
    }
}
