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

    /// `their`, `they` (`word`): the player of the innermost `for each`, player quantifier or
    /// subject.
    fn their(&mut self, span: Span, word: &'static str) -> Player {
        match self.their.last() {
            Some((player, _)) => player.clone(),
            None => {
                self.error(Error::TheirOutsideLoop {
                    at: self.at(span),
                    word,
                });
                Player::Each
            }
        }
    }

    /// Lowers `f` with `player` as `their`, `they` and (until a later choice of a player)
    /// `that player`.
    pub(super) fn in_scope<T>(&mut self, player: Player, f: impl FnOnce(&mut Self) -> T) -> T {
        let start = self.produced.len();
        self.their.push((player, start));
        let out = f(self);
        self.their.pop();
        out
    }

    /// `that player`: the player chosen by the latest statement that chose one; inside a `for
    /// each` (or a statement with a subject) with no choice of a player since it began, that
    /// loop's player.
    fn that_player(&mut self, span: Span) -> Player {
        let chosen = self.produced.iter().rposition(|p| p.player);
        if let Some((player, start)) = self.their.last() {
            if chosen.is_none_or(|i| i < *start) {
                return player.clone();
            }
        }
        match chosen {
            Some(i) => Player::ChosenBy(self.produced[i].id),
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
            P::Their => Owner::One(self.their(whose.span, "their")),
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
            // The owner of the card a filter tests; elsewhere the lowering reports it.
            P::ItsOwners => Owner::One(Player::Owner),
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
            ast::PlayerRefKind::They => self.their(p.span, "they"),
            ast::PlayerRefKind::Choose { kind, with, .. } => {
                let set = player_kind_set(*kind);
                let condition = with.as_ref().map(|m| Box::new(self.player_measure(m)));
                Player::Choose { set, condition }
            }
            ast::PlayerRefKind::Extreme {
                kind,
                most,
                measure,
                single,
                ..
            } => Player::Extreme {
                set: player_kind_set(*kind),
                most: *most,
                measure: Box::new(self.measure(measure)),
                single: *single,
            },
        }
    }
}

/// The players an `an opponent`, `another player`, `a player` is chosen among.
pub(super) fn player_kind_set(kind: ast::PlayerKind) -> PlayerSet {
    match kind {
        ast::PlayerKind::Opponent => PlayerSet::Opponents,
        ast::PlayerKind::OtherPlayer => PlayerSet::Others,
        ast::PlayerKind::Player => PlayerSet::All,
    }
}
