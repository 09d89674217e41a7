//! Lowering values and colours: arithmetic over values, age literals, what can be counted, and
//! colour expressions and filters.

use crate::ast::*;

use super::conditions::lower_player_measure;
use super::selections::{lower_card_ref, lower_possessive, lower_rounding, lower_set_ref};
use super::statements::lower_direction;
use super::{int_of, name_of, span_of, Cursor, Rule, P};

pub(super) fn lower_color_expr(pair: P) -> ColorExpr {
    let span = span_of(&pair);
    let mut alternatives = Vec::new();
    for p in pair.into_inner() {
        if p.as_rule() == Rule::color_atom {
            alternatives.push(lower_color_atom(p));
        }
    }
    ColorExpr { alternatives, span }
}

pub(super) fn lower_color_atom(pair: P) -> Spanned<ColorAtom> {
    let span = span_of(&pair);
    let mut c = Cursor::new(pair);
    let first = c.next();
    let atom = match first.as_rule() {
        Rule::kw_a => {
            c.next(); // color
            let mut filters = Vec::new();
            while let Some(f) = c.eat(Rule::color_filter) {
                filters.push(lower_color_filter(f));
            }
            ColorAtom::AnyColor(filters)
        }
        Rule::kw_color => {
            c.next(); // of
            ColorAtom::ColorOf(lower_card_ref(c.next()))
        }
        Rule::kw_its => ColorAtom::ItsColor,
        Rule::kw_that => ColorAtom::ThatColor,
        Rule::kw_it => ColorAtom::It,
        Rule::kw_chosen => ColorAtom::Chosen,
        _ => ColorAtom::Named(first.as_str().to_string()),
    };
    Spanned::new(atom, span)
}

/// `each color you have splayed left` as a colour expression of one atom.
pub(super) fn lower_each_color(pair: P) -> ColorExpr {
    let span = span_of(&pair);
    let filters = pair
        .into_inner()
        .filter(|p| p.as_rule() == Rule::color_filter)
        .map(lower_color_filter)
        .collect();
    ColorExpr {
        alternatives: vec![Spanned::new(ColorAtom::Each(filters), span)],
        span,
    }
}

/// A colour expression, or `each color …` (splay and unsplay).
pub(super) fn lower_colors(pair: P) -> ColorExpr {
    match pair.as_rule() {
        Rule::each_color => lower_each_color(pair),
        Rule::one_color => {
            let span = span_of(&pair);
            ColorExpr {
                alternatives: vec![Spanned {
                    node: ColorAtom::AnyColor(Vec::new()),
                    span,
                }],
                span,
            }
        }
        _ => lower_color_expr(pair),
    }
}

pub(super) fn lower_color_filter(pair: P) -> Spanned<ColorFilter> {
    let span = span_of(&pair);
    let mut c = Cursor::new(pair);
    let first = c.next();
    let f = match first.as_rule() {
        Rule::kw_splayed => {
            let mut dirs = Vec::new();
            while let Some(d) = c.eat(Rule::direction) {
                dirs.push(lower_direction(d));
                c.eat(Rule::kw_or);
            }
            ColorFilter::Splayed(dirs)
        }
        Rule::kw_you => {
            c.next(); // have
            c.next(); // splayed
            let mut dirs = Vec::new();
            while let Some(d) = c.eat(Rule::direction) {
                dirs.push(lower_direction(d));
                c.eat(Rule::kw_or);
            }
            ColorFilter::YouHaveSplayed(dirs)
        }
        Rule::kw_with if c.peek_is(Rule::kw_more) => {
            for _ in 0..5 {
                c.next(); // more visible cards than on
            }
            ColorFilter::MoreVisibleThan(lower_possessive(c.next()))
        }
        Rule::kw_with if c.eat(Rule::kw_the).is_some() => {
            let most = c.next().as_rule() == Rule::kw_most;
            if c.eat(Rule::kw_visible).is_some() {
                ColorFilter::VisibleCards { most }
            } else {
                ColorFilter::MostCards
            }
        }
        Rule::kw_with => ColorFilter::With(name_of(c.next())),
        Rule::kw_without => ColorFilter::Without(name_of(c.next())),
        Rule::kw_not => {
            c.next(); // on
            ColorFilter::NotOn(lower_possessive(c.next()))
        }
        Rule::kw_of => ColorFilter::Of(Box::new(super::selections::lower_card_ref(c.next()))),
        Rule::kw_other => {
            c.next(); // than
            ColorFilter::OtherThan(super::name_of(c.next()))
        }
        Rule::kw_chosen => ColorFilter::Chosen,
        _ => ColorFilter::On(lower_possessive(c.next())),
    };
    Spanned::new(f, span)
}

pub(super) fn lower_expr(pair: P) -> Expr {
    let mut c = Cursor::new(pair);
    let mut lhs = lower_term(c.next());
    while !c.done() {
        let op = c.next();
        let rhs = lower_term(c.next());
        let span = Span::new(lhs.span.start as usize, rhs.span.end as usize);
        let kind = if op.as_rule() == Rule::plus {
            ExprKind::Add(Box::new(lhs), Box::new(rhs))
        } else {
            ExprKind::Sub(Box::new(lhs), Box::new(rhs))
        };
        lhs = Expr { kind, span };
    }
    lhs
}

fn lower_term(pair: P) -> Expr {
    let mut c = Cursor::new(pair);
    let mut lhs = lower_factor(c.next());
    while !c.done() {
        let next = c.next();
        if next.as_rule() == Rule::divided {
            let end = next.as_span().end();
            let mut d = Cursor::new(next);
            d.next(); // divided
            d.next(); // by
            let by = int_of(&d.next());
            d.next(); // rounded
            let rounding = lower_rounding(d.next());
            let span = Span::new(lhs.span.start as usize, end);
            lhs = Expr {
                kind: ExprKind::Divided(Box::new(lhs), by, rounding),
                span,
            };
            continue;
        }
        let rhs = lower_factor(c.next());
        let span = Span::new(lhs.span.start as usize, rhs.span.end as usize);
        lhs = Expr {
            kind: ExprKind::Mul(Box::new(lhs), Box::new(rhs)),
            span,
        };
    }
    lhs
}

fn lower_factor(pair: P) -> Expr {
    let span = span_of(&pair);
    let mut c = Cursor::new(pair);
    let first = c.next();
    let kind = match first.as_rule() {
        Rule::int => ExprKind::Int(int_of(&first)),
        Rule::lparen => ExprKind::Paren(Box::new(lower_expr(c.next()))),
        Rule::kw_that => ExprKind::ThatValue,
        Rule::kw_the => ExprKind::NextHigher,
        Rule::kw_a => ExprKind::Among(lower_value_list(c.next())),
        Rule::kw_value => {
            c.next(); // of
            ExprKind::ValueOf(lower_card_ref(c.next()))
        }
        Rule::kw_number => {
            c.next(); // of
            ExprKind::NumberOf(lower_countable(c.next()))
        }
        Rule::kw_bonus => {
            c.next(); // of
            ExprKind::BonusOf(lower_card_ref(c.next()))
        }
        Rule::kw_highest if c.peek_is(Rule::kw_number) => {
            for _ in 0..6 {
                c.next(); // number of one icon visible in
            }
            let color = Box::new(lower_color_atom(c.next()));
            c.next(); // on
            let whose = lower_possessive(c.next());
            ExprKind::MostOfOneIcon { color, whose }
        }
        Rule::kw_highest if c.peek_is(Rule::kw_bonus) => {
            c.next(); // bonus
            c.next(); // on
            let whose = lower_possessive(c.next());
            ExprKind::HighestBonus(whose)
        }
        Rule::kw_highest | Rule::kw_lowest => {
            let highest = first.as_rule() == Rule::kw_highest;
            c.next(); // value
            c.next(); // in
            ExprKind::Extreme {
                highest,
                set: lower_set_ref(c.next()),
            }
        }
        Rule::kw_half => {
            c.next(); // of
            let of = lower_factor(c.next());
            c.next(); // rounded
            ExprKind::Half(Box::new(of), lower_rounding(c.next()))
        }
        Rule::kw_total => {
            c.next(); // value
            c.next(); // of
            ExprKind::Total(Box::new(lower_set_ref(c.next())))
        }
        Rule::name => ExprKind::Name(first.as_str().to_string()),
        _ => ExprKind::Chosen,
    };
    Expr { kind, span }
}

/// `bonus on your board`, `value in your score pile`.
pub(super) fn lower_value_list(pair: P) -> ValueList {
    let mut c = Cursor::new(pair);
    let first = c.next();
    let word = c.next(); // on / of / that / in
    match (first.as_rule(), word.as_rule()) {
        (Rule::kw_bonus, Rule::kw_that) => {
            for _ in 0..5 {
                c.next(); // occurs more than once on
            }
            ValueList::RepeatedBonuses(lower_possessive(c.next()))
        }
        (Rule::kw_bonus, Rule::kw_of) => ValueList::BonusesOf(lower_set_ref(c.next())),
        (Rule::kw_bonus, _) => ValueList::Bonuses(lower_possessive(c.next())),
        (Rule::kw_value, Rule::kw_chosen) => ValueList::Chosen,
        (Rule::kw_value, Rule::kw_less) => {
            c.next(); // than
            ValueList::Below(Box::new(lower_expr(c.next())))
        }
        _ => ValueList::ValuesIn(lower_set_ref(c.next())),
    }
}

pub(super) fn lower_countable(pair: P) -> Countable {
    let span = span_of(&pair);
    let mut c = Cursor::new(pair);
    let first = c.next();
    match first.as_rule() {
        Rule::player_count => {
            let mut pc = Cursor::new(first);
            let kinds: Vec<Rule> = std::iter::from_fn(|| {
                (!pc.done() && !pc.peek_is(Rule::kw_with)).then(|| pc.next().as_rule())
            })
            .collect();
            let set = match kinds.as_slice() {
                [Rule::kw_other, _] => PlayerSet::OtherPlayer,
                [Rule::kw_opponents | Rule::kw_opponent] => PlayerSet::Opponent,
                _ => PlayerSet::Player,
            };
            let with = pc
                .eat(Rule::kw_with)
                .map(|_| lower_player_measure(pc.next()));
            Countable::Players {
                players: Spanned::new(set, span),
                with,
                span,
            }
        }
        Rule::kw_cards | Rule::kw_card => {
            c.next(); // of
            let color = Box::new(lower_color_atom(c.next()));
            c.next(); // visible
            c.next(); // on
            let whose = lower_possessive(c.next());
            Countable::VisibleCards { color, whose, span }
        }
        Rule::kw_different => {
            let what = c.next();
            c.next(); // in
            let set = lower_set_ref(c.next());
            match what.as_rule() {
                Rule::kw_colors | Rule::kw_color => Countable::DifferentColors(set),
                _ => Countable::DifferentValues(set),
            }
        }
        Rule::kw_colors | Rule::kw_color => {
            c.next(); // on
            let whose = lower_possessive(c.next());
            c.next(); // board
            let mut filters = Vec::new();
            while let Some(f) = c.eat(Rule::color_filter) {
                filters.push(lower_color_filter(f));
            }
            Countable::Colors {
                whose,
                filters,
                span,
            }
        }
        Rule::name => {
            let icon = name_of(first);
            c.next(); // on
            let next = c.next();
            if next.as_rule() == Rule::set_ref {
                return Countable::IconsOnCards {
                    icon,
                    cards: lower_set_ref(next),
                    span,
                };
            }
            let whose = lower_possessive(next);
            Countable::Icons { icon, whose, span }
        }
        _ => Countable::Cards(lower_set_ref(first)),
    }
}

pub(super) fn lower_age_literal(pair: P) -> Expr {
    let mut c = Cursor::new(pair);
    c.next(); // [
    lower_expr(c.next())
}
