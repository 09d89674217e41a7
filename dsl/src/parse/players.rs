//! Lowering players: single players, chosen players and sets of players.

use crate::ast::*;

use super::conditions::{lower_measure, lower_player_measure};
use super::{span_of, Cursor, Rule, P};

pub(super) fn lower_player_ref(pair: P) -> PlayerRef {
    let span = span_of(&pair);
    let mut c = Cursor::new(pair);
    let first = c.next();
    let kind = match first.as_rule() {
        Rule::kw_you => PlayerRefKind::You,
        Rule::kw_i => PlayerRefKind::I { me: false },
        Rule::kw_me => PlayerRefKind::I { me: true },
        Rule::kw_that => PlayerRefKind::ThatPlayer,
        Rule::kw_they => PlayerRefKind::They,
        Rule::kw_the => {
            let single = c.eat(Rule::kw_single).is_some();
            let kind = lower_player_kind(c.next());
            c.next(); // with
            c.next(); // the
            let word = c.next().as_rule();
            PlayerRefKind::Extreme {
                kind,
                most: matches!(word, Rule::kw_most | Rule::kw_highest),
                measure: lower_measure(c.next()),
                single,
                highest: matches!(word, Rule::kw_highest | Rule::kw_lowest),
            }
        }
        article => {
            let article = match article {
                Rule::kw_an | Rule::kw_a => PlayerArticle::An,
                Rule::kw_another => PlayerArticle::Another,
                _ => PlayerArticle::Any,
            };
            let kind = lower_player_kind(c.next());
            let of_your_choice = c.eat(Rule::kw_of).is_some();
            if of_your_choice {
                c.next(); // your
                c.next(); // choice
            }
            let with = if c.eat(Rule::kw_with).is_some() {
                Some(Box::new(lower_player_measure(c.next())))
            } else {
                None
            };
            PlayerRefKind::Choose {
                article,
                kind,
                of_your_choice,
                with,
            }
        }
    };
    PlayerRef { kind, span }
}

fn lower_player_kind(pair: P) -> PlayerKind {
    let rules: Vec<Rule> = pair.into_inner().map(|p| p.as_rule()).collect();
    match rules.as_slice() {
        [Rule::kw_opponent] => PlayerKind::Opponent,
        [Rule::kw_other, _] => PlayerKind::OtherPlayer,
        _ => PlayerKind::Player,
    }
}

pub(super) fn lower_player_set(pair: P) -> Spanned<PlayerSet> {
    let span = span_of(&pair);
    let rules: Vec<Rule> = pair.into_inner().map(|p| p.as_rule()).collect();
    let set = match rules.as_slice() {
        [Rule::kw_other, _] => PlayerSet::OtherPlayer,
        [Rule::kw_opponent] => PlayerSet::Opponent,
        _ => PlayerSet::Player,
    };
    Spanned::new(set, span)
}

pub(super) fn lower_single_player(pair: P) -> (bool, Spanned<Measure>) {
    let mut c = Cursor::new(pair);
    for _ in 0..5 {
        c.next(); // the single player with the
    }
    let most = c.next().as_rule() == Rule::kw_most;
    (most, lower_measure(c.next()))
}
