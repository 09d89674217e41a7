//! Lowering conditions: `and`, `or` and `not`, their atoms, card predicates, quantifiers, amounts
//! and what a player has.

use crate::ast::*;

use super::players::{lower_player_ref, lower_player_set, lower_single_player};
use super::selections::{
    lower_card_ref, lower_due_and_scope, lower_filter, lower_participle, lower_possessive,
    lower_set_ref, lower_value_spec, lower_zone,
};
use super::statements::lower_direction;
use super::values::{
    lower_age_literal, lower_color_atom, lower_color_expr, lower_color_filter, lower_expr,
};
use super::{int_of, name_of, span_of, title_of, Cursor, Rule, P};

pub(super) fn lower_cond(pair: P) -> Cond {
    let span = span_of(&pair);
    match pair.as_rule() {
        Rule::cond => {
            let parts: Vec<Cond> = pair
                .into_inner()
                .filter(|p| p.as_rule() == Rule::cond_and)
                .map(lower_cond)
                .collect();
            collapse(parts, span, CondKind::Or)
        }
        Rule::cond_and => {
            let parts: Vec<Cond> = pair
                .into_inner()
                .filter(|p| p.as_rule() == Rule::cond_not)
                .map(lower_cond)
                .collect();
            collapse(parts, span, CondKind::And)
        }
        Rule::cond_not => {
            let mut c = Cursor::new(pair);
            if c.eat(Rule::kw_not).is_some() {
                Cond {
                    kind: CondKind::Not(Box::new(lower_cond(c.next()))),
                    span,
                }
            } else {
                lower_cond(c.next())
            }
        }
        Rule::cond_atom => {
            let mut c = Cursor::new(pair);
            let first = c.next();
            if first.as_rule() == Rule::lparen {
                Cond {
                    kind: CondKind::Paren(Box::new(lower_cond(c.next()))),
                    span,
                }
            } else {
                lower_cond_atom(first)
            }
        }
        other => unreachable!("grammar: unexpected condition {other:?}"),
    }
}

fn collapse(mut parts: Vec<Cond>, span: Span, make: fn(Vec<Cond>) -> CondKind) -> Cond {
    if parts.len() == 1 {
        parts.remove(0)
    } else {
        Cond {
            kind: make(parts),
            span,
        }
    }
}

fn lower_cond_atom(pair: P) -> Cond {
    let span = span_of(&pair);
    let rule = pair.as_rule();
    let mut c = Cursor::new(pair);
    let kind = match rule {
        Rule::changed_cond => CondKind::Changed,
        Rule::did_cond => {
            let they = c.next().as_rule() == Rule::kw_they;
            let did = c.eat(Rule::kw_do).is_some();
            if they {
                CondKind::TheyDid(did)
            } else {
                CondKind::Did(did)
            }
        }
        Rule::verbed_cond => {
            c.next(); // you
            let verb = lower_participle(c.next());
            let amount = if let Some(any) = c.eat(Rule::kw_any) {
                Spanned::new(Amount::Any, span_of(&any))
            } else {
                lower_amount(c.next())
            };
            CondKind::Verbed { verb, amount }
        }
        Rule::single_player_cond => {
            c.next(); // you
            c.next(); // are
            let (most, measure) = lower_single_player(c.next());
            CondKind::SinglePlayer { most, measure }
        }
        Rule::only_player_cond => {
            for _ in 0..6 {
                c.next(); // you are the only player with
            }
            CondKind::OnlyPlayer(lower_player_measure(c.next()))
        }
        Rule::eligible_cond => {
            let player = lower_player_ref(c.next());
            while !c.peek_is(Rule::expr) {
                c.next(); // are eligible to claim an achievement of value
            }
            CondKind::Eligible {
                player,
                value: lower_expr(c.next()),
            }
        }
        Rule::has_cond => {
            let player = lower_player_ref(c.next());
            c.next(); // have / has
            CondKind::Has {
                player,
                measure: lower_player_measure(c.next()),
            }
        }
        Rule::values_match_cond => {
            c.next(); // the
            c.next(); // values
            c.next(); // of
            let a = lower_set_ref(c.next());
            c.next(); // match
            c.next(); // the
            c.next(); // values
            c.next(); // of
            let b = lower_set_ref(c.next());
            CondKind::ValuesMatch { a, b }
        }
        Rule::same_visible_cond => {
            c.next(); // all
            c.next(); // colors
            c.next(); // on
            CondKind::SameVisibleCards {
                whose: lower_possessive(c.next()),
            }
        }
        Rule::share_cond => {
            c.next(); // all
            let cards = lower_card_ref(c.next());
            c.next(); // share
            c.next(); // a
            c.next(); // common
            c.next(); // icon
            let except = if c.eat(Rule::kw_other).is_some() {
                c.next(); // than
                Some(name_of(c.next()))
            } else {
                None
            };
            CondKind::ShareIcon { cards, except }
        }
        Rule::quantified_cond => {
            let quantifier = lower_quantifier(c.next());
            if c.peek_is(Rule::player_set) {
                let players = lower_player_set(c.next());
                c.next(); // has
                CondKind::PlayersHave {
                    quantifier,
                    players,
                    measure: lower_player_measure(c.next()),
                }
            } else {
                let set = lower_set_ref(c.next());
                let pred = c.eat(Rule::card_pred).map(lower_card_pred);
                CondKind::CardsAre {
                    quantifier,
                    set,
                    pred,
                }
            }
        }
        Rule::splayed_cond => {
            let whose = lower_possessive(c.next());
            let color = if c.eat(Rule::kw_cards).is_some() {
                c.next(); // of
                c.eat(Rule::kw_color);
                lower_color_atom(c.next())
            } else {
                let word = c.next();
                let atom =
                    Spanned::new(ColorAtom::Named(word.as_str().to_string()), span_of(&word));
                c.next(); // cards
                atom
            };
            c.next(); // are
            c.next(); // splayed
            CondKind::Splayed {
                whose,
                color,
                direction: lower_direction(c.next()),
            }
        }
        Rule::card_cond => {
            let card = lower_card_ref(c.next());
            CondKind::Card {
                card,
                pred: lower_card_pred(c.next()),
            }
        }
        Rule::compare_cond => {
            let lhs = lower_expr(c.next());
            let op_pair = c.next();
            let op_span = span_of(&op_pair);
            let op = match Cursor::new(op_pair).next().as_rule() {
                Rule::ge => Comparison::Ge,
                Rule::le => Comparison::Le,
                Rule::ne => Comparison::Ne,
                Rule::gt => Comparison::Gt,
                Rule::lt => Comparison::Lt,
                _ => Comparison::Eq,
            };
            let rhs = lower_expr(c.next());
            CondKind::Compare {
                lhs,
                op: Spanned::new(op, op_span),
                rhs,
            }
        }
        other => unreachable!("grammar: unexpected condition atom {other:?}"),
    };
    Cond { kind, span }
}

fn lower_quantifier(pair: P) -> Spanned<Quantifier> {
    let span = span_of(&pair);
    let q = match Cursor::new(pair).next().as_rule() {
        Rule::kw_any => Quantifier::Any,
        Rule::kw_each => Quantifier::Each,
        _ => Quantifier::No,
    };
    Spanned::new(q, span)
}

fn lower_card_pred(pair: P) -> CardPred {
    let span = span_of(&pair);
    let mut c = Cursor::new(pair);
    let first = c.next();
    let kind = if first.as_rule() == Rule::kw_comes {
        c.next(); // before
        CardPredKind::BeforeInAlphabet(lower_card_ref(c.next()))
    } else if first.as_rule() == Rule::kw_has && c.eat(Rule::kw_been).is_some() {
        // on every board during this action
        for _ in 0..6 {
            c.next();
        }
        let started = c.eat(Rule::comma).map(|_| {
            for _ in 0..4 {
                c.next(); // and it started on
            }
            lower_possessive(c.next())
        });
        CardPredKind::BeenOnEveryBoard { started }
    } else if first.as_rule() == Rule::kw_has && c.eat(Rule::kw_a).is_some() {
        match c.eat(Rule::kw_visible) {
            Some(_) => CardPredKind::HasVisible(name_of(c.next())),
            None => CardPredKind::HasBonus,
        }
    } else if first.as_rule() == Rule::kw_has && c.eat(Rule::kw_no).is_some() {
        CardPredKind::NoEffects
    } else if first.as_rule() == Rule::kw_has {
        let mut icons = vec![name_of(c.next())];
        while c.eat(Rule::kw_or).is_some() {
            icons.push(name_of(c.next()));
        }
        CardPredKind::HasIcon(icons)
    } else if c.eat(Rule::kw_directly).is_some() {
        c.next(); // beneath
        c.next(); // a / an
        let value = c.eat(Rule::age_literal).map(lower_age_literal);
        c.eat(Rule::kw_card);
        let mut filters = Vec::new();
        while let Some(f) = c.eat(Rule::filter) {
            filters.push(lower_filter(f));
        }
        CardPredKind::DirectlyBeneath { value, filters }
    } else if c.peek_is(Rule::title) || c.peek_is(Rule::kw_this) {
        let next = c.next();
        let card_span = Span::new(next.as_span().start(), span.end as usize);
        let kind = if next.as_rule() == Rule::title {
            CardRefKind::Title(title_of(next).node)
        } else {
            CardRefKind::ThisCard
        };
        CardPredKind::Is(CardRef {
            kind,
            span: card_span,
        })
    } else if c.eat(Rule::kw_on).is_some() || c.eat(Rule::kw_in).is_some() {
        CardPredKind::In(lower_zone(c.next()))
    } else if c.eat(Rule::kw_of).is_some() {
        if c.eat(Rule::kw_the).is_some() {
            // the same type as
            c.next();
            c.next();
            c.next();
            CardPredKind::Type {
                same: true,
                card: lower_card_ref(c.next()),
            }
        } else if c.eat(Rule::kw_different).is_some() {
            // type than
            c.next();
            c.next();
            CardPredKind::Type {
                same: false,
                card: lower_card_ref(c.next()),
            }
        } else {
            c.next(); // value
            CardPredKind::Value(lower_value_spec(c.next()))
        }
    } else if c.peek_is(Rule::kw_a) {
        c.next(); // a
        if c.eat(Rule::kw_top).is_some() {
            c.next(); // card
            let on = c.eat(Rule::kw_on).map(|_| lower_possessive(c.next()));
            CardPredKind::IsTop { on }
        } else {
            c.next(); // color
            let negated = c.eat(Rule::kw_not).is_some();
            c.next(); // on
            let whose = lower_possessive(c.next());
            CardPredKind::ColorOnBoard { negated, whose }
        }
    } else {
        CardPredKind::Color(lower_color_expr(c.next()))
    };
    CardPred { kind, span }
}

fn lower_amount(pair: P) -> Spanned<Amount> {
    let span = span_of(&pair);
    let mut c = Cursor::new(pair);
    let first = c.next();
    let amount = match first.as_rule() {
        Rule::kw_at => {
            let which = c.next();
            let n = int_of(&c.next());
            if which.as_rule() == Rule::kw_least {
                Amount::AtLeast(n)
            } else {
                Amount::AtMost(n)
            }
        }
        Rule::kw_more => {
            c.next(); // than
            Amount::MoreThan(int_of(&c.next()))
        }
        Rule::kw_fewer => {
            c.next(); // than
            Amount::FewerThan(int_of(&c.next()))
        }
        Rule::kw_exactly => Amount::Exactly(int_of(&c.next())),
        Rule::kw_no => Amount::No,
        _ => Amount::Count(int_of(&first)),
    };
    Spanned::new(amount, span)
}

pub(super) fn lower_player_measure(pair: P) -> PlayerMeasure {
    let span = span_of(&pair);
    let mut c = Cursor::new(pair);
    let kind = if c.peek_is(Rule::kw_at) {
        c.next(); // at
        c.next(); // least
        let twice = c.eat(Rule::kw_twice).is_some();
        c.next(); // as
        c.next(); // many
        let measure = lower_measure(c.next());
        c.next(); // as
        let than = if c.eat(Rule::kw_each).is_some() {
            Than::Each(lower_player_set(c.next()))
        } else {
            Than::Player(lower_player_ref(c.next()))
        };
        PlayerMeasureKind::AsMany {
            twice,
            measure,
            than,
        }
    } else if c.peek_is(Rule::amount) {
        let amount = lower_amount(c.next());
        let measure = lower_measure(c.next());
        PlayerMeasureKind::Amount { amount, measure }
    } else {
        let more = c.next().as_rule() == Rule::kw_more;
        let measure = lower_measure(c.next());
        c.next(); // than
        let than = if c.eat(Rule::kw_each).is_some() {
            Than::Each(lower_player_set(c.next()))
        } else if c.peek_is(Rule::player_ref) {
            Than::Player(lower_player_ref(c.next()))
        } else {
            Than::Measure(lower_measure(c.next()))
        };
        PlayerMeasureKind::Compare {
            more,
            measure,
            than,
        }
    };
    PlayerMeasure { kind, span }
}

pub(super) fn lower_measure(pair: P) -> Spanned<Measure> {
    let span = span_of(&pair);
    let mut c = Cursor::new(pair);
    let first = c.next();
    let m = match first.as_rule() {
        Rule::kw_points | Rule::kw_point => Measure::Points,
        Rule::kw_achievements | Rule::kw_achievement => Measure::Achievements,
        Rule::kw_top => match c.eat(Rule::type_noun) {
            Some(t) => match super::selections::lower_type_noun(t) {
                Noun::Type { kind, .. } => Measure::TopOfType(kind),
                _ => Measure::TopCards,
            },
            None => {
                c.next(); // card(s)
                if c.eat(Rule::kw_of).is_some() {
                    Measure::TopCardOf(super::values::lower_color_expr(c.next()))
                } else {
                    Measure::TopCards
                }
            }
        },
        Rule::kw_cards | Rule::kw_card => {
            if c.eat(Rule::kw_in).is_some() {
                if c.eat(Rule::kw_hand).is_some() {
                    Measure::CardsIn(ZoneKind::Hand)
                } else if c.eat(Rule::kw_forecast).is_some() {
                    Measure::CardsIn(ZoneKind::Forecast)
                } else {
                    Measure::CardsIn(ZoneKind::ScorePile)
                }
            } else {
                let verb = lower_participle(c.next()).node;
                let (due_to, scope) = lower_due_and_scope(&mut c);
                Measure::History {
                    verb,
                    due_to: due_to.map(|d| d.node),
                    scope: scope.map(|s| s.node),
                }
            }
        }
        Rule::lbracket => {
            let value = int_of(&c.next());
            c.next(); // ]
            c.next(); // in
            let zone = if c.eat(Rule::kw_hand).is_some() {
                ZoneKind::Hand
            } else if c.eat(Rule::kw_forecast).is_some() {
                ZoneKind::Forecast
            } else {
                ZoneKind::ScorePile
            };
            Measure::ValueIn { value, zone }
        }
        Rule::kw_bonuses => Measure::Bonuses,
        Rule::kw_visible => Measure::VisibleInOneColor,
        Rule::kw_different => Measure::DifferentBonuses,
        Rule::kw_colors | Rule::kw_color if c.peek_is(Rule::kw_with) => {
            c.next(); // with
            c.next(); // at
            c.next(); // least
            let n = int_of(&c.next());
            Measure::ColorsWithOneIcon(n)
        }
        Rule::kw_colors | Rule::kw_color => {
            let mut filters = Vec::new();
            while let Some(f) = c.eat(Rule::color_filter) {
                filters.push(lower_color_filter(f));
            }
            Measure::Colors(filters)
        }
        Rule::color_word => Measure::ColorCards(name_of(first)),
        _ if c.peek_is(Rule::kw_in) => Measure::InOneColor(name_of(first)),
        _ => Measure::Icon(name_of(first)),
    };
    Spanned::new(m, span)
}
