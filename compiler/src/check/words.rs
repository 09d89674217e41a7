//! Word mappings: the card language's verbs, sets, roundings and comparisons to their IR
//! counterparts.

use crate::ir::*;
use dogma_dsl::ast;

pub(super) fn verb(v: ast::Verb) -> Verb {
    match v {
        ast::Verb::Meld => Verb::Meld,
        ast::Verb::Tuck => Verb::Tuck,
        ast::Verb::Score => Verb::Score,
        ast::Verb::Return => Verb::Return,
        ast::Verb::Reveal => Verb::Reveal,
        ast::Verb::Junk => Verb::Junk,
        ast::Verb::Remove => Verb::Remove,
        ast::Verb::Achieve => Verb::Achieve,
        ast::Verb::Foreshadow => Verb::Foreshadow,
    }
}

pub(super) fn verb_of_participle(p: ast::Participle) -> ast::Verb {
    match p {
        ast::Participle::Melded => ast::Verb::Meld,
        ast::Participle::Scored => ast::Verb::Score,
        ast::Participle::Tucked => ast::Verb::Tuck,
        ast::Participle::Returned => ast::Verb::Return,
        ast::Participle::Revealed => ast::Verb::Reveal,
        ast::Participle::Junked => ast::Verb::Junk,
        ast::Participle::Achieved => ast::Verb::Achieve,
        ast::Participle::Foreshadowed => ast::Verb::Foreshadow,
        ast::Participle::Removed => ast::Verb::Remove,
        // Drawn, transferred, exchanged and chosen are mapped by the caller.
        _ => ast::Verb::Return,
    }
}

pub(super) fn destination_zone(kind: ast::ZoneKind) -> DestinationZone {
    match kind {
        ast::ZoneKind::Hand => DestinationZone::Hand,
        ast::ZoneKind::ScorePile => DestinationZone::ScorePile,
        ast::ZoneKind::Board => DestinationZone::Board,
        ast::ZoneKind::Achievements => DestinationZone::Achievements,
        ast::ZoneKind::Forecast => DestinationZone::Forecast,
    }
}

pub(super) fn player_set(set: ast::PlayerSet) -> PlayerSet {
    match set {
        ast::PlayerSet::OtherPlayer => PlayerSet::Others,
        ast::PlayerSet::Opponent => PlayerSet::Opponents,
        ast::PlayerSet::Player => PlayerSet::All,
    }
}

pub(super) fn rounding(r: ast::Rounding) -> Rounding {
    match r {
        ast::Rounding::Up => Rounding::Up,
        ast::Rounding::Down => Rounding::Down,
    }
}

pub(super) fn due_to(d: ast::DueTo) -> DueTo {
    match d {
        ast::DueTo::TheDemand => DueTo::Demand,
        ast::DueTo::ThisCard => DueTo::ThisCard,
        ast::DueTo::ThisEcho => DueTo::ThisEcho,
    }
}

pub(super) fn scope(s: ast::Scope) -> HistoryScope {
    match s {
        ast::Scope::Turn => HistoryScope::Turn,
        ast::Scope::Action => HistoryScope::Action,
    }
}

pub(super) fn quantifier(q: ast::Quantifier) -> Quantifier {
    match q {
        ast::Quantifier::Any => Quantifier::Any,
        ast::Quantifier::Each => Quantifier::Each,
        ast::Quantifier::No => Quantifier::No,
    }
}

pub(super) fn comparison(c: ast::Comparison) -> Comparison {
    match c {
        ast::Comparison::Ge => Comparison::Ge,
        ast::Comparison::Le => Comparison::Le,
        ast::Comparison::Ne => Comparison::Ne,
        ast::Comparison::Gt => Comparison::Gt,
        ast::Comparison::Lt => Comparison::Lt,
        ast::Comparison::Eq => Comparison::Eq,
    }
}

pub(super) fn amount_test(a: ast::Amount) -> AmountTest {
    let (op, n) = match a {
        ast::Amount::Any => (Comparison::Ge, 1),
        ast::Amount::AtLeast(n) => (Comparison::Ge, n),
        ast::Amount::AtMost(n) => (Comparison::Le, n),
        ast::Amount::MoreThan(n) => (Comparison::Gt, n),
        ast::Amount::FewerThan(n) => (Comparison::Lt, n),
        ast::Amount::Exactly(n) | ast::Amount::Count(n) => (Comparison::Eq, n),
        ast::Amount::No => (Comparison::Eq, 0),
    };
    AmountTest { op, n }
}
