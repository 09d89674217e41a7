//! Lowering a file's items: cards with their facts and effects, effect parameters, and special
//! achievements.

use crate::ast::*;

use super::conditions::lower_cond;
use super::selections::{lower_card_ref, lower_filter};
use super::statements::{lower_block, lower_verb};
use super::values::{lower_color_filter, lower_expr};
use super::{name_of, span_of, spanned_int, title_of, Cursor, Rule, P};

pub(super) fn lower_card(pair: P) -> Card {
    let span = span_of(&pair);
    let mut c = Cursor::new(pair);
    c.next(); // card
    let title = title_of(c.next());
    c.next(); // {
    let mut facts = Vec::new();
    let mut effects = Vec::new();
    while !c.done() {
        let entry = c.next();
        let entry_span = span_of(&entry);
        match entry.as_rule() {
            Rule::age_fact => {
                let mut f = Cursor::new(entry);
                f.next();
                facts.push(Spanned::new(Fact::Age(spanned_int(f.next())), entry_span));
            }
            Rule::color_fact => {
                let mut f = Cursor::new(entry);
                f.next();
                facts.push(Spanned::new(Fact::Color(name_of(f.next())), entry_span));
            }
            Rule::icons_fact => {
                let mut f = Cursor::new(entry);
                f.next();
                let mut slots = Vec::new();
                while let Some(slot) = f.eat(Rule::slot) {
                    let slot_span = span_of(&slot);
                    let mut s = Cursor::new(slot);
                    let name = name_of(s.next());
                    let number = s.eat(Rule::int).map(spanned_int);
                    slots.push(SlotSource {
                        name,
                        number,
                        span: slot_span,
                    });
                }
                facts.push(Spanned::new(Fact::Icons(slots), entry_span));
            }
            Rule::relic_fact => {
                let mut f = Cursor::new(entry);
                f.next();
                f.next();
                facts.push(Spanned::new(Fact::Relic(name_of(f.next())), entry_span));
            }
            Rule::board_value_fact => {
                let mut f = Cursor::new(entry);
                f.next(); // value
                facts.push(Spanned::new(
                    Fact::BoardValue(spanned_int(f.next())),
                    entry_span,
                ));
            }
            Rule::approximate_fact => {
                let mut f = Cursor::new(entry);
                f.next();
                facts.push(Spanned::new(
                    Fact::Approximate(lower_prose(f.next())),
                    entry_span,
                ));
            }
            Rule::effect => effects.push(lower_effect(entry)),
            Rule::karma => effects.push(lower_karma(entry)),
            Rule::rbrace => {}
            other => unreachable!("grammar: unexpected card entry {other:?}"),
        }
    }
    Card {
        title,
        facts,
        effects,
        span,
    }
}

fn lower_effect(pair: P) -> Effect {
    let span = span_of(&pair);
    let mut c = Cursor::new(pair);
    let kind_pair = c.next();
    let kind_span = span_of(&kind_pair);
    let kind = match Cursor::new(kind_pair).next().as_rule() {
        Rule::kw_demand => EffectKind::Demand,
        Rule::kw_compel => EffectKind::Compel,
        Rule::kw_echo => EffectKind::Echo,
        Rule::kw_inspire => EffectKind::Inspire,
        _ => EffectKind::NonDemand,
    };
    let icon = c.eat(Rule::name).map(name_of);
    let mut params = Vec::new();
    if let Some(list) = c.eat(Rule::params) {
        for p in list.into_inner() {
            if p.as_rule() == Rule::param {
                params.push(lower_arg(p));
            }
        }
    }
    let body_pair = c.next();
    let text = body_pair
        .clone()
        .into_inner()
        .find(|p| p.as_rule() == Rule::text_line)
        .map(|line| {
            let line_span = span_of(&line);
            let mut t = Cursor::new(line);
            t.next(); // text
            Spanned::new(lower_prose(t.next()), line_span)
        });
    let body = lower_block(body_pair);
    Effect {
        kind: Spanned::new(kind, kind_span),
        icon,
        params,
        text,
        karma: None,
        body,
        span,
    }
}

/// `if you would meld a card with a crown, instead`: a "would" karma's head.
fn lower_karma_would(head: P) -> Karma {
    let mut h = Cursor::new(head);
    h.next(); // if
    let who_pair = h.next();
    let who_span = span_of(&who_pair);
    let who = {
        let mut w = Cursor::new(who_pair);
        match w.next().as_rule() {
            Rule::kw_you => KarmaWho::You,
            _ => match w.next().as_rule() {
                Rule::kw_opponent => KarmaWho::Opponent,
                _ => KarmaWho::Player,
            },
        }
    };
    h.next(); // would
    let event_pair = h.next();
    let event_span = span_of(&event_pair);
    let mut e = Cursor::new(event_pair);
    let first = e.next();
    let event = if first.as_rule() == Rule::kw_splay {
        let direction = e
            .find(Rule::direction)
            .map(super::statements::lower_direction)
            .expect("grammar: a splay direction");
        KarmaEvent::Splay { direction }
    } else if first.as_rule() == Rule::kw_take {
        let card = e
            .find(Rule::karma_card)
            .map(super::selections::lower_card_np);
        KarmaEvent::Dogma { card }
    } else if first.as_rule() == Rule::kw_draw {
        // `draw a CARD for sharing` (a bare `draw` is a `next_time_verb`).
        let card = e
            .find(Rule::karma_card)
            .map(super::selections::lower_card_np)
            .expect("grammar: a drawn card is described");
        KarmaEvent::SharingDraw { card }
    } else {
        let lasting_verb = |pair: P<'_>| {
            let span = span_of(&pair);
            let verb = match Cursor::new(pair).next().as_rule() {
                Rule::kw_draw => LastingVerb::Draw,
                other => LastingVerb::Move(super::statements::verb_of(other)),
            };
            Spanned::new(verb, span)
        };
        let verb = lasting_verb(first);
        let or = e.eat(Rule::kw_or).map(|_| lasting_verb(e.next()));
        let card = e
            .find(Rule::karma_card)
            .map(super::selections::lower_card_np)
            .expect("grammar: a moved card is described");
        KarmaEvent::Move { verb, or, card }
    };
    h.next(); // ,
    let condition = if h.eat(Rule::kw_and).is_some() {
        let cond = lower_cond(h.next());
        h.next(); // ,
        Some(cond)
    } else {
        None
    };
    let mode_pair = h.next();
    let mode_span = span_of(&mode_pair);
    let mode = match Cursor::new(mode_pair).next().as_rule() {
        Rule::kw_first => KarmaMode::First,
        _ => KarmaMode::Instead,
    };
    Karma::Would {
        who: Spanned::new(who, who_span),
        event: Spanned::new(event, event_span),
        condition,
        mode: Spanned::new(mode, mode_span),
    }
}

/// `karma …`: a karma effect; its head, and its body when it acts.
fn lower_karma(pair: P) -> Effect {
    let span = span_of(&pair);
    let mut c = Cursor::new(pair);
    let kw = c.next(); // karma
    let kind = Spanned::new(EffectKind::Karma, span_of(&kw));
    let head = c.next();
    let head_span = span_of(&head);
    let karma = match head.as_rule() {
        Rule::karma_decree => {
            let mut h = Cursor::new(head);
            h.next(); // decree
            Karma::Decree(title_of(h.next()))
        }
        Rule::karma_melded => Karma::WhenMelded {
            from_hand: Cursor::new(head).find(Rule::kw_hand).is_some(),
        },
        Rule::karma_no_fade => Karma::NoFade,
        Rule::karma_would => lower_karma_would(head),
        _ if head.clone().into_inner().nth(1).map(|p| p.as_rule()) == Some(Rule::kw_icon) => {
            let head_span = span_of(&head);
            let mut h = Cursor::new(head);
            let direction = h
                .find(Rule::direction)
                .map(super::statements::lower_direction)
                .expect("grammar: a splay direction");
            let amount = h
                .find(Rule::int)
                .map(spanned_int)
                .expect("grammar: an amount");
            Karma::Provides {
                per: Spanned::new(KarmaUnit::IconInSplayed(direction.node), head_span),
                amount,
                gift: Spanned::new(KarmaGift::SameIcon, head_span),
            }
        }
        _ => {
            let mut h = Cursor::new(head);
            h.next(); // each
            let unit = h.next();
            let unit_span = span_of(&unit);
            let mut u = Cursor::new(unit);
            let per = if u.eat(Rule::kw_splayed).is_some() {
                KarmaUnit::SplayedColor
            } else if u.eat(Rule::kw_card).is_some() {
                let mut zones = Vec::new();
                while !u.done() {
                    let p = u.next();
                    if p.as_rule() == Rule::zone_kind {
                        zones.push(super::selections::lower_zone_kind(p).node);
                    }
                }
                KarmaUnit::CardsIn(zones)
            } else {
                KarmaUnit::OnBoard(name_of(u.next()))
            };
            h.next(); // provides
            let amount = spanned_int(h.next());
            h.next(); // additional
            let gift_pair = h.next();
            let gift_span = span_of(&gift_pair);
            let gift_pair_rule_is_icon = gift_pair
                .clone()
                .into_inner()
                .next()
                .is_some_and(|p| p.as_rule() == Rule::kw_icon);
            let names: Vec<Name> = gift_pair
                .into_inner()
                .filter(|p| p.as_rule() == Rule::name)
                .map(name_of)
                .collect();
            let every_icon = gift_pair_rule_is_icon;
            let gift = if every_icon {
                KarmaGift::EveryIconOnBoard
            } else if names.is_empty() {
                match h.eat(Rule::karma_per_icon) {
                    Some(per_icon) => {
                        let icon = per_icon
                            .into_inner()
                            .find(|p| p.as_rule() == Rule::name)
                            .map(name_of)
                            .expect("grammar: an icon");
                        KarmaGift::PointsPerIcon(icon)
                    }
                    None => KarmaGift::Points,
                }
            } else {
                KarmaGift::Icons(names)
            };
            Karma::Provides {
                per: Spanned::new(per, unit_span),
                amount,
                gift: Spanned::new(gift, gift_span),
            }
        }
    };
    let body = match c.eat(Rule::effect_body) {
        Some(body_pair) => lower_block(body_pair),
        None => Block {
            stmts: Vec::new(),
            span: Span {
                start: span.end,
                end: span.end,
            },
        },
    };
    Effect {
        kind,
        icon: None,
        params: Vec::new(),
        text: None,
        karma: Some(Spanned::new(karma, head_span)),
        body,
        span,
    }
}

/// `"…" "…"`: quoted pieces of one text.
fn lower_prose(pair: P) -> Prose {
    let span = span_of(&pair);
    let pieces = pair
        .into_inner()
        .filter(|p| p.as_rule() == Rule::quoted)
        .map(title_of)
        .collect();
    Prose { pieces, span }
}

/// `v = 11`, `c = color of melded`.
pub(super) fn lower_arg(pair: P) -> Arg {
    let span = span_of(&pair);
    let mut c = Cursor::new(pair);
    let name = name_of(c.next());
    c.next(); // =
    let value_pair = c.next();
    let mut v = Cursor::new(value_pair);
    let first = v.next();
    let value = match first.as_rule() {
        Rule::kw_color => {
            v.next(); // of
            ArgValue::Color(ColorAtom::ColorOf(lower_card_ref(v.next())))
        }
        Rule::kw_its => ArgValue::Color(ColorAtom::ItsColor),
        _ => ArgValue::Expr(lower_expr(first)),
    };
    Arg { name, value, span }
}

pub(super) fn lower_achievement(pair: P) -> Achievement {
    let span = span_of(&pair);
    let mut c = Cursor::new(pair);
    c.next(); // achievement
    let title = title_of(c.next());
    c.next(); // {
    let mut when = Vec::new();
    let mut triggers = Vec::new();
    let mut via = Vec::new();
    while !c.done() {
        let entry = c.next();
        match entry.as_rule() {
            Rule::when_clause => {
                let mut w = Cursor::new(entry);
                w.next();
                let body = w.next();
                match body.as_rule() {
                    Rule::trigger => triggers.push(lower_trigger(body)),
                    _ => when.push(lower_cond(body)),
                }
            }
            Rule::via_clause => {
                let mut v = Cursor::new(entry);
                v.next();
                via.push(title_of(v.next()));
            }
            Rule::rbrace => {}
            other => unreachable!("grammar: unexpected achievement entry {other:?}"),
        }
    }
    Achievement {
        title,
        when,
        triggers,
        via,
        decree: None,
        span,
    }
}

/// `decree "War" { color red  effect { … } }`: a Decree (Figures in the Sand).
pub(super) fn lower_decree(pair: P) -> Achievement {
    let span = span_of(&pair);
    let mut c = Cursor::new(pair);
    c.next(); // decree
    let title = title_of(c.next());
    c.next(); // {
    let mut color_fact = Cursor::new(c.next());
    color_fact.next(); // color
    let color = name_of(color_fact.next());
    let effect = lower_effect(c.next());
    Achievement {
        title,
        when: Vec::new(),
        triggers: Vec::new(),
        via: Vec::new(),
        decree: Some(Decree { color, effect }),
        span,
    }
}

/// `you tuck a card with flag [onto a color splayed left]`.
fn lower_trigger(pair: P) -> Trigger {
    let span = span_of(&pair);
    let mut c = Cursor::new(pair);
    c.next(); // you
    let verb = lower_verb(c.next());
    c.next(); // a / an
    c.next(); // card
    let mut filters = Vec::new();
    while let Some(filter) = c.eat(Rule::filter) {
        filters.push(lower_filter(filter));
    }
    let onto = c.eat(Rule::onto).map(|onto| {
        let onto_span = span_of(&onto);
        let mut o = Cursor::new(onto);
        for _ in 0..3 {
            o.next(); // onto a color
        }
        let mut color_filters = Vec::new();
        while let Some(f) = o.eat(Rule::color_filter) {
            color_filters.push(lower_color_filter(f));
        }
        Spanned::new(color_filters, onto_span)
    });
    Trigger {
        verb,
        filters,
        onto,
        span,
    }
}
