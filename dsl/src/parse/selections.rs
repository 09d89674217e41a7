//! Lowering selections: card noun phrases (quantity, adjectives, filters, source), references to
//! cards named earlier, zones, destinations and owners.

use crate::ast::*;

use super::players::lower_player_ref;
use super::values::{lower_age_literal, lower_color_expr, lower_expr};
use super::{int_of, name_of, span_of, title_of, Cursor, Rule, P};

pub(super) fn lower_selection(pair: P) -> Selection {
    let inner = Cursor::new(pair).next();
    match inner.as_rule() {
        Rule::card_np => Selection::Np(lower_card_np(inner)),
        _ => Selection::Ref(lower_card_ref(inner)),
    }
}

pub(super) fn lower_card_np(pair: P) -> CardNp {
    let span = span_of(&pair);
    let mut c = Cursor::new(pair);
    let quantity = c.eat(Rule::quantity).map(lower_quantity);
    let possessive = c.eat(Rule::possessive).map(lower_possessive);
    let mut adjectives = Vec::new();
    while let Some(adj) = c.eat(Rule::adjective) {
        adjectives.push(lower_adjective(adj));
    }
    let noun = if let Some(available) = c.eat(Rule::available) {
        let mut a = Cursor::new(available);
        let word = a.next();
        adjectives.push(Spanned::new(Adjective::Available, span_of(&word)));
        let noun = a.next();
        let plural = noun.as_rule() == Rule::kw_achievements;
        Spanned::new(
            if plural {
                Noun::Achievements
            } else {
                Noun::Achievement
            },
            span_of(&noun),
        )
    } else {
        lower_noun(c.next())
    };
    let mut filters = Vec::new();
    let mut source = None;
    while !c.done() {
        let p = c.next();
        match p.as_rule() {
            Rule::filter => filters.push(lower_filter(p)),
            Rule::source => source = Some(lower_source(p)),
            other => unreachable!("grammar: unexpected card phrase part {other:?}"),
        }
    }
    CardNp {
        possessive,
        quantity,
        adjectives,
        noun,
        filters,
        source,
        span,
    }
}

fn lower_quantity(pair: P) -> Spanned<Quantity> {
    let span = span_of(&pair);
    let mut c = Cursor::new(pair);
    let first = c.next();
    let q = match first.as_rule() {
        Rule::kw_all => {
            if c.eat(Rule::kw_but).is_some() {
                if c.eat(Rule::kw_the).is_some() {
                    c.next(); // top
                    Quantity::AllButTop(int_of(&c.next()))
                } else {
                    Quantity::AllBut(int_of(&c.next()))
                }
            } else {
                Quantity::All {
                    the: c.eat(Rule::kw_the).is_some(),
                }
            }
        }
        Rule::kw_up => {
            c.next(); // to
            Quantity::UpTo(int_of(&c.next()))
        }
        Rule::kw_any => Quantity::AnyNumber,
        Rule::kw_half => {
            c.next(); // (
            c.next(); // rounded
            Quantity::Half(lower_rounding(c.next()))
        }
        Rule::kw_the if c.eat(Rule::kw_bottom).is_some() => Quantity::Bottom(int_of(&c.next())),
        Rule::kw_the if c.eat(Rule::kw_top).is_some() => Quantity::Top(int_of(&c.next())),
        Rule::kw_the => Quantity::The(c.eat(Rule::int).map(|p| int_of(&p))),
        Rule::lparen => Quantity::Computed(lower_expr(c.next())),
        Rule::kw_an => Quantity::One { article_an: true },
        Rule::kw_a => Quantity::One { article_an: false },
        Rule::int => {
            let n = int_of(&first);
            if c.eat(Rule::kw_or).is_some() {
                Quantity::Between(n, int_of(&c.next()))
            } else {
                Quantity::Exactly(n)
            }
        }
        other => unreachable!("grammar: unexpected quantity {other:?}"),
    };
    Spanned::new(q, span)
}

pub(super) fn lower_rounding(pair: P) -> Rounding {
    match Cursor::new(pair).next().as_rule() {
        Rule::kw_up => Rounding::Up,
        _ => Rounding::Down,
    }
}

fn lower_adjective(pair: P) -> Spanned<Adjective> {
    let span = span_of(&pair);
    let inner = Cursor::new(pair).next();
    let adj = match inner.as_rule() {
        Rule::kw_top => Adjective::Top,
        Rule::kw_bottom => Adjective::Bottom,
        Rule::kw_highest => Adjective::Highest,
        Rule::kw_lowest => Adjective::Lowest,
        Rule::non_bottom => Adjective::NonBottom,
        Rule::non_color => Adjective::NonColor(inner.as_str()["non-".len()..].to_string()),
        _ => Adjective::Color(inner.as_str().to_string()),
    };
    Spanned::new(adj, span)
}

fn lower_noun(pair: P) -> Spanned<Noun> {
    let span = span_of(&pair);
    let inner = Cursor::new(pair).next();
    let noun = match inner.as_rule() {
        Rule::kw_card => Noun::Card,
        Rule::kw_cards => Noun::Cards,
        Rule::type_noun => lower_type_noun(inner),
        _ => Noun::Value(lower_age_literal(inner)),
    };
    Spanned::new(noun, span)
}

/// `Artifact`, `Cities`, `base card`: a card type as a noun.
pub(super) fn lower_type_noun(pair: P) -> Noun {
    let mut c = Cursor::new(pair);
    let first = c.next();
    let (kind, plural) = match first.as_rule() {
        Rule::kw_artifact => (CardType::Artifact, false),
        Rule::kw_artifacts => (CardType::Artifact, true),
        Rule::kw_city => (CardType::City, false),
        Rule::kw_cities => (CardType::City, true),
        Rule::kw_figure => (CardType::Figure, false),
        Rule::kw_figures => (CardType::Figure, true),
        rule => {
            let kind = if rule == Rule::base_word {
                CardType::Base
            } else {
                CardType::Echoes
            };
            (kind, c.next().as_rule() == Rule::kw_cards)
        }
    };
    Noun::Type { kind, plural }
}

pub(super) fn lower_filter(pair: P) -> Spanned<Filter> {
    let span = span_of(&pair);
    let mut c = Cursor::new(pair);
    let first = c.next();
    let filter = match first.as_rule() {
        Rule::kw_with if c.peek_is(Rule::kw_a) => {
            c.next(); // a
            if c.eat(Rule::kw_visible).is_some() {
                Filter::WithVisible(name_of(c.next()))
            } else if c.peek_is(Rule::kw_bonus) {
                Filter::WithBonus
            } else {
                Filter::WithDemand
            }
        }
        Rule::kw_in => Filter::InSplayedPile,
        Rule::kw_without if c.peek_is(Rule::kw_a) => Filter::WithoutBonus,
        Rule::kw_without if c.peek_is(Rule::kw_the) => Filter::WithoutChosenIcon,
        Rule::kw_with if c.peek_is(Rule::kw_the) => {
            c.next(); // the
            if c.eat(Rule::kw_same).is_some() {
                c.next(); // icons
                c.next(); // as
                let any_of = c.eat(Rule::kw_any).is_some();
                if any_of {
                    c.next(); // of
                }
                Filter::SameIcons {
                    cards: lower_card_ref(c.next()),
                    any_of,
                }
            } else if c.eat(Rule::kw_chosen).is_some() {
                Filter::WithChosenIcon
            } else {
                c.next(); // icon
                c.next(); // of
                c.next(); // my
                c.next(); // choice
                let except = if c.eat(Rule::kw_other).is_some() {
                    c.next(); // than
                    Some(name_of(c.next()))
                } else {
                    None
                };
                Filter::IconOfMyChoice(except)
            }
        }
        Rule::kw_with => {
            let mut icons = vec![name_of(c.next())];
            while c.eat(Rule::kw_or).is_some() {
                icons.push(name_of(c.next()));
            }
            Filter::WithIcon(icons)
        }
        Rule::kw_without => {
            let mut icons = vec![name_of(c.next())];
            while c.eat(Rule::kw_or).is_some() {
                icons.push(name_of(c.next()));
            }
            Filter::WithoutIcon(icons)
        }
        Rule::kw_of => {
            let second = c.next();
            match second.as_rule() {
                Rule::kw_value if c.eat(Rule::kw_matching).is_some() => {
                    c.next(); // any
                    let of = c.eat(Rule::kw_of).is_some();
                    Filter::ValueMatching {
                        negated: false,
                        of,
                        cards: lower_card_ref(c.next()),
                    }
                }
                Rule::kw_different if c.eat(Rule::kw_type).is_some() => {
                    c.next(); // than
                    Filter::Type {
                        same: false,
                        card: lower_card_ref(c.next()),
                    }
                }
                Rule::kw_different => {
                    c.next(); // value
                    if c.eat(Rule::kw_from).is_none() {
                        return Spanned {
                            node: Filter::DifferentValues,
                            span,
                        };
                    }
                    c.next(); // any
                    let of = c.eat(Rule::kw_of).is_some();
                    Filter::ValueMatching {
                        negated: true,
                        of,
                        cards: lower_card_ref(c.next()),
                    }
                }
                Rule::kw_value => Filter::Value(lower_value_spec(c.next())),
                Rule::kw_odd | Rule::kw_even => Filter::Parity {
                    odd: second.as_rule() == Rule::kw_odd,
                },
                Rule::kw_the if c.peek_is(Rule::kw_value) => Filter::ValueOfMyChoice,
                Rule::kw_the => {
                    c.next(); // same
                    let what = c.next();
                    if what.as_rule() == Rule::kw_type {
                        c.next(); // as
                        return Spanned {
                            node: Filter::Type {
                                same: true,
                                card: lower_card_ref(c.next()),
                            },
                            span,
                        };
                    }
                    if c.eat(Rule::kw_as).is_none() {
                        if what.as_rule() == Rule::kw_color {
                            Filter::SameColor
                        } else {
                            Filter::SameValue
                        }
                    } else {
                        let card = lower_card_ref(c.next());
                        if what.as_rule() == Rule::kw_color {
                            Filter::SameColorAs(card)
                        } else {
                            Filter::SameValueAs(card)
                        }
                    }
                }
                Rule::kw_its => Filter::ItsColor,
                Rule::kw_that => {
                    let span = span_of(&second);
                    Filter::Color(ColorExpr {
                        alternatives: vec![Spanned::new(ColorAtom::ThatColor, span)],
                        span,
                    })
                }
                Rule::kw_color => Filter::Color(lower_color_expr(c.next())),
                Rule::kw_a => {
                    c.next(); // color
                    let negated = c.eat(Rule::kw_not).is_some();
                    c.next(); // on
                    let whose = lower_possessive(c.next());
                    Filter::ColorOnBoard { negated, whose }
                }
                _ => Filter::MyChoice,
            }
        }
        Rule::kw_other => {
            c.next(); // than
            Filter::OtherThan(lower_card_ref(c.next()))
        }
        Rule::kw_higher => {
            c.next();
            Filter::HigherThan(lower_card_ref(c.next()))
        }
        Rule::kw_lower => {
            c.next();
            Filter::LowerThan(lower_card_ref(c.next()))
        }
        Rule::kw_beneath => Filter::Beneath(lower_card_ref(c.next())),
        Rule::kw_which => {
            c.next(); // shares
            c.next(); // an
            c.next(); // icon
            c.next(); // with
            Filter::SharesIcon(lower_card_ref(c.next()))
        }
        other => unreachable!("grammar: unexpected filter {other:?}"),
    };
    Spanned::new(filter, span)
}

pub(super) fn lower_value_spec(pair: P) -> ValueSpec {
    let span = span_of(&pair);
    let mut c = Cursor::new(pair);
    let first = lower_expr(c.next());
    let mut rest = Vec::new();
    while let Some(or) = c.eat(Rule::kw_or) {
        let next = c.next();
        let alt_span = Span::new(or.as_span().start(), next.as_span().end());
        let alt = match next.as_rule() {
            Rule::kw_higher => ValueAlternative::OrHigher,
            Rule::kw_lower => ValueAlternative::OrLower,
            _ => ValueAlternative::Or(lower_expr(next)),
        };
        rest.push(Spanned::new(alt, alt_span));
    }
    ValueSpec { first, rest, span }
}

fn lower_source(pair: P) -> Spanned<Source> {
    let span = span_of(&pair);
    let mut c = Cursor::new(pair);
    let preposition = match c.next().as_rule() {
        Rule::kw_in => Preposition::In,
        Rule::kw_on => Preposition::On,
        Rule::kw_of => Preposition::Of,
        _ => Preposition::From,
    };
    let inner = c.next();
    let place = match inner.as_rule() {
        Rule::zone => Place::Zone(lower_zone(inner)),
        Rule::supply_zone => Place::Supply(lower_supply(inner)),
        _ => Place::Cards(lower_card_ref(inner)),
    };
    Spanned::new(Source { preposition, place }, span)
}

fn lower_supply(pair: P) -> Supply {
    let span = span_of(&pair);
    let mut c = Cursor::new(pair);
    if c.eat(Rule::kw_any).is_some() {
        return Supply {
            kind: SupplyKind::AnyDeck,
            span,
        };
    }
    c.next(); // the
    let of_type = c
        .eat(Rule::deck_type)
        .map(|t| match Cursor::new(t).next().as_rule() {
            Rule::kw_artifact => CardType::Artifact,
            Rule::kw_city => CardType::City,
            Rule::kw_figure => CardType::Figure,
            Rule::kw_echoes => CardType::Echoes,
            _ => CardType::Base,
        });
    let kind = match c.eat(Rule::age_literal) {
        Some(age) => SupplyKind::Deck(Box::new(lower_age_literal(age)), of_type),
        None => SupplyKind::Available,
    };
    Supply { kind, span }
}

pub(super) fn lower_zone(pair: P) -> Zone {
    let span = span_of(&pair);
    let mut c = Cursor::new(pair);
    let whose = lower_possessive(c.next());
    let mut kinds = Vec::new();
    while !c.done() {
        let p = c.next();
        if p.as_rule() == Rule::zone_kind {
            kinds.push(lower_zone_kind(p));
        }
    }
    Zone { whose, kinds, span }
}

pub(super) fn lower_zone_kind(pair: P) -> Spanned<ZoneKind> {
    let span = span_of(&pair);
    let kind = match Cursor::new(pair).next().as_rule() {
        Rule::kw_hand | Rule::kw_hands => ZoneKind::Hand,
        Rule::kw_score => ZoneKind::ScorePile,
        Rule::kw_board | Rule::kw_boards => ZoneKind::Board,
        Rule::kw_forecast | Rule::kw_forecasts => ZoneKind::Forecast,
        _ => ZoneKind::Achievements,
    };
    Spanned::new(kind, span)
}

pub(super) fn lower_destination(pair: P) -> Destination {
    let mut c = Cursor::new(pair);
    if c.items.iter().any(|p| p.as_rule() == Rule::kw_available) {
        return Destination::Available;
    }
    if c.items.iter().any(|p| p.as_rule() == Rule::kw_deck) {
        return Destination::DeckTop;
    }
    if c.eat(Rule::kw_its).is_some() {
        c.next(); // owner's
        return Destination::Owners(lower_zone_kind(c.next()));
    }
    if c.eat(Rule::kw_the).is_some() {
        let kind = lower_zone_kind(c.next());
        c.next(); // of
        let player = lower_player_ref(c.next());
        Destination::OfPlayer { kind, player }
    } else {
        let whose = lower_possessive(c.next());
        let kind = lower_zone_kind(c.next());
        Destination::Zone { whose, kind }
    }
}

pub(super) fn lower_possessive(pair: P) -> Spanned<Possessive> {
    let span = span_of(&pair);
    let rules: Vec<Rule> = pair.into_inner().map(|p| p.as_rule()).collect();
    let p = match rules.as_slice() {
        [Rule::kw_your] => Possessive::Your,
        [Rule::kw_my] => Possessive::My,
        [Rule::kw_their] => Possessive::Their,
        [Rule::kw_that, _] => Possessive::ThatPlayers,
        [Rule::kw_another, _] => Possessive::AnotherPlayers,
        [Rule::kw_any, Rule::kw_opponent_s] => Possessive::AnyOpponents,
        [Rule::kw_any, Rule::kw_other, _] => Possessive::AnyOtherPlayers,
        [Rule::kw_any, _] => Possessive::AnyPlayers,
        [Rule::kw_an, _] => Possessive::AnOpponents,
        [Rule::kw_all, Rule::kw_opponents_] => Possessive::AllOpponents,
        [Rule::kw_all, Rule::kw_other, _] => Possessive::AllOtherPlayers,
        [Rule::kw_all, _] => Possessive::AllPlayers,
        [Rule::kw_its, Rule::kw_owners] => Possessive::ItsOwners,
        other => unreachable!("grammar: unexpected possessive {other:?}"),
    };
    Spanned::new(p, span)
}

pub(super) fn lower_card_ref(pair: P) -> CardRef {
    let span = span_of(&pair);
    let mut c = Cursor::new(pair);
    let first = c.next();
    let kind = match first.as_rule() {
        Rule::title => CardRefKind::Title(title_of(first).node),
        Rule::kw_this => CardRefKind::ThisCard,
        Rule::kw_your => CardRefKind::YourCard,
        Rule::kw_it => CardRefKind::It,
        Rule::kw_them => CardRefKind::Them,
        Rule::kw_the => {
            let ordinal = match Cursor::new(c.next()).next().as_rule() {
                Rule::kw_first => Ordinal::First,
                Rule::kw_second => Ordinal::Second,
                Rule::kw_third => Ordinal::Third,
                _ => Ordinal::Last,
            };
            let next = c.next();
            if next.as_rule() == Rule::history {
                CardRefKind::NthHistory(ordinal, Box::new(lower_history(next)))
            } else {
                CardRefKind::Ordinal(ordinal, lower_participle(next).node)
            }
        }
        Rule::participle => CardRefKind::Bound(lower_participle(first).node),
        Rule::kw_covered => CardRefKind::Covered,
        Rule::history => CardRefKind::History(Box::new(lower_history(first))),
        Rule::card_np => CardRefKind::Np(Box::new(lower_card_np(first))),
        Rule::name => CardRefKind::Name(first.as_str().to_string()),
        other => unreachable!("grammar: unexpected card reference {other:?}"),
    };
    CardRef { kind, span }
}

pub(super) fn lower_participle(pair: P) -> Spanned<Participle> {
    let span = span_of(&pair);
    let p = match Cursor::new(pair).next().as_rule() {
        Rule::kw_drawn => Participle::Drawn,
        Rule::kw_melded => Participle::Melded,
        Rule::kw_scored => Participle::Scored,
        Rule::kw_tucked => Participle::Tucked,
        Rule::kw_returned => Participle::Returned,
        Rule::kw_transferred => Participle::Transferred,
        Rule::kw_revealed => Participle::Revealed,
        Rule::kw_junked => Participle::Junked,
        Rule::kw_exchanged => Participle::Exchanged,
        Rule::kw_achieved => Participle::Achieved,
        Rule::kw_foreshadowed => Participle::Foreshadowed,
        Rule::kw_removed => Participle::Removed,
        _ => Participle::Chosen,
    };
    Spanned::new(p, span)
}

/// Reads `due to the demand|this card` and `this turn|action` from a cursor positioned after
/// the participle (and the optional `by` player).
pub(super) fn lower_due_and_scope(
    c: &mut Cursor,
) -> (Option<Spanned<DueTo>>, Option<Spanned<Scope>>) {
    let mut due_to = None;
    if let Some(due) = c.eat(Rule::kw_due) {
        c.next(); // to
        let cause = c.next();
        let span = Span::new(due.as_span().start(), cause.as_span().end());
        let words: Vec<Rule> = cause.into_inner().map(|p| p.as_rule()).collect();
        let d = match words.as_slice() {
            [Rule::kw_the, ..] => DueTo::TheDemand,
            [Rule::kw_this, Rule::kw_card_s, ..] => DueTo::ThisEcho,
            _ => DueTo::ThisCard,
        };
        due_to = Some(Spanned::new(d, span));
    }
    let mut scope = None;
    if let Some(this) = c.eat(Rule::kw_this) {
        let what = c.next();
        let span = Span::new(this.as_span().start(), what.as_span().end());
        let s = if what.as_rule() == Rule::kw_turn {
            Scope::Turn
        } else {
            Scope::Action
        };
        scope = Some(Spanned::new(s, span));
    }
    (due_to, scope)
}

fn lower_history(pair: P) -> History {
    let span = span_of(&pair);
    let mut c = Cursor::new(pair);
    let plural = c.next().as_rule() == Rule::kw_cards;
    let verb = lower_participle(c.next());
    let by = if c.eat(Rule::kw_by).is_some() {
        Some(lower_player_ref(c.next()))
    } else {
        None
    };
    let (due_to, scope) = lower_due_and_scope(&mut c);
    History {
        verb,
        by,
        due_to,
        scope,
        plural,
        span,
    }
}

pub(super) fn lower_set_ref(pair: P) -> SetRef {
    let inner = Cursor::new(pair).next();
    match inner.as_rule() {
        Rule::history => SetRef::History(lower_history(inner)),
        Rule::zone => SetRef::Zone(lower_zone(inner)),
        Rule::supply_zone => SetRef::Supply(lower_supply(inner)),
        _ => SetRef::Cards(lower_card_ref(inner)),
    }
}
