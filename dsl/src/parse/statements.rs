//! Lowering statements: blocks, scales, verbs, every statement's body and `if` chains, with the
//! counts and splay directions they use.

use crate::ast::*;

use super::cards::lower_arg;
use super::conditions::{lower_cond, lower_player_measure};
use super::players::{lower_player_ref, lower_player_set, lower_single_player};
use super::selections::{
    lower_card_ref, lower_destination, lower_filter, lower_participle, lower_selection,
};
use super::values::{
    lower_age_literal, lower_color_expr, lower_color_filter, lower_colors, lower_countable,
    lower_expr,
};
use super::{int_of, name_of, span_of, spanned_int, title_of, Cursor, Rule, P};

pub(super) fn lower_block(pair: P) -> Block {
    let span = span_of(&pair);
    let mut stmts = Vec::new();
    for child in pair.into_inner() {
        if child.as_rule() == Rule::stmt {
            stmts.push(lower_stmt(child));
        }
    }
    Block { stmts, span }
}

fn lower_stmt(pair: P) -> Stmt {
    let span = span_of(&pair);
    let mut c = Cursor::new(pair);
    let then = c.eat(Rule::kw_then).is_some();
    let body = c.next();
    let (subject, kind) = if body.as_rule() == Rule::subject_stmt {
        let mut sc = Cursor::new(body);
        let subject = lower_subject(sc.next());
        (Some(subject), lower_stmt_body(sc.next()))
    } else {
        (None, lower_stmt_body(body))
    };
    let scale = c.eat(Rule::scale).map(lower_scale);
    Stmt {
        then,
        subject,
        kind,
        scale,
        span,
    }
}

fn lower_subject(pair: P) -> Subject {
    let span = span_of(&pair);
    let mut c = Cursor::new(pair);
    let kind = if c.eat(Rule::kw_each).is_some() {
        let players = lower_player_set(c.next());
        let with = c.eat(Rule::kw_with).map(|_| lower_player_measure(c.next()));
        SubjectKind::Each { players, with }
    } else {
        SubjectKind::Player(lower_player_ref(c.next()))
    };
    Subject { kind, span }
}

fn lower_scale(pair: P) -> Scale {
    let span = span_of(&pair);
    let mut c = Cursor::new(pair);
    c.next(); // for
    c.next(); // every
    let per = c.eat(Rule::int).map(spanned_int);
    let what = lower_countable(c.next());
    Scale { per, what, span }
}

pub(super) fn verb_of(rule: Rule) -> Verb {
    match rule {
        Rule::kw_meld => Verb::Meld,
        Rule::kw_tuck => Verb::Tuck,
        Rule::kw_score => Verb::Score,
        Rule::kw_return => Verb::Return,
        Rule::kw_reveal => Verb::Reveal,
        Rule::kw_junk => Verb::Junk,
        Rule::kw_remove => Verb::Remove,
        Rule::kw_achieve => Verb::Achieve,
        Rule::kw_foreshadow => Verb::Foreshadow,
        Rule::kw_melds => Verb::Meld,
        Rule::kw_tucks => Verb::Tuck,
        Rule::kw_scores => Verb::Score,
        Rule::kw_returns => Verb::Return,
        Rule::kw_reveals => Verb::Reveal,
        Rule::kw_junks => Verb::Junk,
        Rule::kw_removes => Verb::Remove,
        Rule::kw_achieves => Verb::Achieve,
        Rule::kw_foreshadows => Verb::Foreshadow,
        other => unreachable!("grammar: not a verb {other:?}"),
    }
}

pub(super) fn lower_verb(pair: P) -> Spanned<Verb> {
    let span = span_of(&pair);
    let word = Cursor::new(pair).next();
    Spanned::new(verb_of(word.as_rule()), span)
}

fn lower_stmt_body(pair: P) -> StmtKind {
    let rule = pair.as_rule();
    let mut c = Cursor::new(pair);
    match rule {
        Rule::may_stmt => {
            c.next(); // you
            c.next(); // may
            let body = c.next();
            let body = match body.as_rule() {
                Rule::block => MayBody::Block(lower_block(body)),
                _ => MayBody::Stmt(lower_stmt(body)),
            };
            StmtKind::May(Box::new(body))
        }
        Rule::if_stmt => lower_if(c),
        Rule::either_stmt => {
            let by_demander = c.peek_is(Rule::kw_i);
            let mut blocks = Vec::new();
            while !c.done() {
                let p = c.next();
                if p.as_rule() == Rule::block {
                    blocks.push(lower_block(p));
                }
            }
            StmtKind::Either {
                by_demander,
                blocks,
            }
        }
        Rule::for_each_stmt => {
            c.next(); // for
            c.next(); // each
            let players = lower_player_set(c.next());
            let with = c.eat(Rule::kw_with).map(|_| lower_player_measure(c.next()));
            let moved = c.eat(Rule::kw_that).map(|_| {
                let participle = lower_participle(c.next());
                c.next(); // cards
                participle
            });
            let body = lower_block(c.next());
            StmtKind::ForEach {
                players,
                with,
                moved,
                body,
            }
        }
        Rule::repeat_stmt => {
            let mut args = Vec::new();
            let mut at_most = None;
            while !c.done() {
                let p = c.next();
                match p.as_rule() {
                    Rule::param => args.push(lower_arg(p)),
                    Rule::repeat_limit => at_most = Some(lower_repeat_limit(p)),
                    _ => {}
                }
            }
            StmtKind::Repeat { args, at_most }
        }
        Rule::choose_range_stmt | Rule::chooses_range_stmt => {
            let by_demander = c.eat(Rule::kw_i).is_some();
            c.next(); // choose
            let count = match c.eat(Rule::int) {
                Some(n) => int_of(&n),
                None => {
                    c.next(); // a, an
                    1
                }
            };
            let different = c.eat(Rule::kw_different).is_some();
            c.next(); // value(s)
            if c.eat(Rule::kw_less).is_some() {
                c.next(); // than
                let high = lower_expr(c.next());
                let low = Expr {
                    kind: ExprKind::Int(1),
                    span: high.span,
                };
                StmtKind::ChooseRange {
                    by_demander,
                    count,
                    different,
                    low,
                    high,
                    less_than: true,
                }
            } else {
                c.next(); // from
                let low = lower_expr(c.next());
                c.next(); // to
                let high = lower_expr(c.next());
                StmtKind::ChooseRange {
                    by_demander,
                    count,
                    different,
                    low,
                    high,
                    less_than: false,
                }
            }
        }
        Rule::choose_listed_stmt => {
            let by_demander = c.eat(Rule::kw_i).is_some();
            c.next(); // choose
            c.next(); // a
            let list = super::values::lower_value_list(c.next());
            StmtKind::ChooseListed { by_demander, list }
        }
        Rule::choose_stmt | Rule::chooses_stmt => {
            let by_demander = c.eat(Rule::kw_i).is_some();
            c.next(); // choose
            let count = lower_count_word(c.next());
            let kind_pair = c.next();
            let kind_span = span_of(&kind_pair);
            let mut filters = Vec::new();
            let kind = if kind_pair.as_rule() == Rule::choose_colors {
                filters = kind_pair
                    .into_inner()
                    .filter(|p| p.as_rule() == Rule::color_filter)
                    .map(lower_color_filter)
                    .collect();
                ChoiceKind::Color
            } else {
                match Cursor::new(kind_pair).next().as_rule() {
                    Rule::kw_value | Rule::kw_values => ChoiceKind::Value,
                    Rule::kw_number => ChoiceKind::Number,
                    Rule::kw_color | Rule::kw_colors => ChoiceKind::Color,
                    Rule::kw_player | Rule::kw_players => ChoiceKind::Player,
                    Rule::kw_opponent | Rule::kw_opponents => ChoiceKind::Opponent,
                    Rule::kw_card => ChoiceKind::Type,
                    _ => ChoiceKind::Icon,
                }
            };
            let mut except = None;
            let mut except_value = None;
            if c.eat(Rule::kw_other).is_some() {
                c.next(); // than
                let p = c.next();
                if p.as_rule() == Rule::except_value {
                    let mut inner = Cursor::new(p);
                    inner.next(); // [
                    except_value = Some(spanned_int(inner.next()));
                } else {
                    except = Some(name_of(p));
                }
            }
            StmtKind::Choose {
                by_demander,
                count,
                kind: Spanned::new(kind, kind_span),
                except,
                except_value,
                filters,
            }
        }
        Rule::choose_values_stmt | Rule::chooses_values_stmt => {
            let by_demander = c.eat(Rule::kw_i).is_some();
            c.next(); // choose
            let mut options = Vec::new();
            while !c.done() {
                let p = c.next();
                if p.as_rule() == Rule::age_literal {
                    options.push(lower_age_literal(p));
                }
            }
            StmtKind::ChooseValue {
                by_demander,
                options,
            }
        }
        Rule::choose_card_stmt | Rule::chooses_card_stmt => {
            c.next(); // choose
            StmtKind::ChooseCards(lower_selection(c.next()))
        }
        Rule::special_stmt => {
            if c.eat(Rule::kw_make).is_some() {
                StmtKind::RestoreSpecial
            } else {
                c.next(); // junk
                StmtKind::JunkSpecial {
                    all: c.eat(Rule::kw_all).is_some(),
                }
            }
        }
        Rule::claim_stmt => {
            c.next();
            StmtKind::Claim(title_of(c.next()))
        }
        Rule::end_stmt => {
            c.next();
            c.next();
            if c.eat(Rule::kw_game).is_some() {
                StmtKind::EndGame
            } else {
                StmtKind::EndDogma
            }
        }
        Rule::self_execute_stmt => {
            c.next();
            StmtKind::SelfExecute(lower_selection(c.next()))
        }
        Rule::execute_as_if_stmt => {
            c.next();
            StmtKind::ExecuteAsIf(lower_selection(c.next()))
        }
        Rule::splay_stmt => {
            c.next();
            let direction = lower_direction(c.next());
            let color = lower_colors(c.next());
            let board = c
                .eat(Rule::kw_on)
                .map(|_| super::selections::lower_possessive(c.next()));
            StmtKind::Splay {
                direction,
                color,
                board,
            }
        }
        Rule::splay_like_stmt => {
            c.next(); // splay
            let color = lower_color_expr(c.next());
            let matching = c.eat(Rule::kw_to).is_some();
            if matching {
                c.next(); // match
            } else {
                c.next(); // in
                c.next(); // the
                c.next(); // direction
            }
            let source = lower_splay_source(c.next());
            StmtKind::SplayLike {
                color,
                source,
                matching,
            }
        }
        Rule::unsplay_stmt => {
            c.next();
            StmtKind::Unsplay(lower_colors(c.next()))
        }
        Rule::for_each_value_stmt => {
            c.next(); // for
            c.next(); // each
            let list = super::values::lower_value_list(c.next());
            let order = c.eat(Rule::ascending);
            let descending = order
                .as_ref()
                .is_some_and(|o| o.as_str().contains("descending"));
            let ascending = order.is_some() && !descending;
            let body = lower_block(c.next());
            StmtKind::ForEachValue {
                list,
                ascending,
                descending,
                body,
            }
        }
        Rule::for_each_card_stmt => {
            c.next(); // for
            c.next(); // each
            c.next(); // card
            c.next(); // in
            let cards = super::selections::lower_set_ref(c.next());
            let body = lower_block(c.next());
            StmtKind::ForEachCard { cards, body }
        }
        Rule::for_each_color_stmt => {
            c.next(); // for
            c.next(); // each
            c.next(); // color
            let mut filters = Vec::new();
            while let Some(f) = c.eat(Rule::color_filter) {
                filters.push(lower_color_filter(f));
            }
            let body = lower_block(c.next());
            StmtKind::ForEachColor { filters, body }
        }
        Rule::rearrange_stmt => {
            c.next();
            StmtKind::Rearrange(lower_color_expr(c.next()))
        }
        Rule::draw_stmt | Rule::draws_stmt => {
            c.next(); // draw
            let then = if c.eat(Rule::kw_and).is_some() {
                Some(lower_verb(c.next()))
            } else {
                None
            };
            let count = lower_draw_count(c.next());
            let mut of_type = c.eat(Rule::type_noun).map(|t| {
                DrawType::Named(match super::selections::lower_type_noun(t) {
                    Noun::Type { kind, .. } => kind,
                    _ => CardType::Base,
                })
            });
            if let Some(t) = c.eat(Rule::draw_type) {
                let mut t = Cursor::new(t);
                t.next(); // card(s)
                t.next(); // of
                of_type = Some(if t.eat(Rule::kw_any).is_some() {
                    DrawType::Any
                } else if t.eat(Rule::kw_the).is_some() && t.eat(Rule::kw_chosen).is_some() {
                    DrawType::Chosen
                } else {
                    t.next(); // same
                    t.next(); // type
                    t.next(); // as
                    DrawType::SameAs(Box::new(super::selections::lower_card_ref(t.next())))
                });
            }
            let value = if let Some(any) = c.eat(Rule::any_value) {
                Expr {
                    kind: ExprKind::AnyValue,
                    span: span_of(&any),
                }
            } else if let Some(each) = c.eat(Rule::each_value) {
                let span = span_of(&each);
                let list = each.into_inner().last().expect("a value list");
                Expr {
                    kind: ExprKind::EachOf(super::values::lower_value_list(list)),
                    span,
                }
            } else {
                lower_age_literal(c.next())
            };
            StmtKind::Draw {
                then,
                count,
                value,
                of_type,
            }
        }
        Rule::transfer_stmt | Rule::transfers_stmt => {
            c.next();
            let what = lower_selection(c.next());
            c.next(); // to
            let to = lower_destination(c.next());
            let bottom_up = c.eat(Rule::bottom_up).is_some();
            StmtKind::Transfer {
                what,
                to,
                bottom_up,
            }
        }
        Rule::deal_stmt => {
            c.next(); // transfer
            c.next(); // one
            c.next(); // of
            let what = lower_card_ref(c.next());
            c.next(); // to
            c.next(); // each
            let players = c.next();
            let span = span_of(&players);
            let set = match Cursor::new(players).next().as_rule() {
                Rule::kw_other => PlayerSet::OtherPlayer,
                Rule::kw_opponent_s => PlayerSet::Opponent,
                _ => PlayerSet::Player,
            };
            StmtKind::Deal {
                what,
                players: Spanned::new(set, span),
            }
        }
        Rule::take_stmt => {
            c.next();
            StmtKind::Take(lower_selection(c.next()))
        }
        Rule::exchange_stmt => {
            c.next();
            let a = lower_selection(c.next());
            c.next(); // with
            let b = lower_selection(c.next());
            StmtKind::Exchange(a, b)
        }
        Rule::move_stmt | Rule::moves_stmt => {
            let mut verbs = vec![lower_verb(c.next())];
            if c.eat(Rule::kw_and).is_some() {
                verbs.push(lower_verb(c.next()));
            }
            let if_eligible = c.eat(Rule::if_eligible).map(|p| {
                if p.into_inner().any(|t| t.as_rule() == Rule::kw_doubled) {
                    2
                } else {
                    1
                }
            });
            let what = lower_selection(c.next());
            StmtKind::Move {
                verbs,
                if_eligible,
                what,
            }
        }
        Rule::look_stmt | Rule::looks_stmt => {
            c.next(); // look
            c.next(); // at
            StmtKind::Look(lower_selection(c.next()))
        }
        Rule::keep_stmt => {
            c.next();
            StmtKind::Keep(lower_card_ref(c.next()))
        }
        Rule::next_time_stmt => {
            let start = c.next(); // the
            c.next(); // next
            c.next(); // time
            c.next(); // you
            let verb_pair = c.next();
            let verb_span = span_of(&verb_pair);
            let word = Cursor::new(verb_pair).next();
            let verb = match word.as_rule() {
                Rule::kw_draw => LastingVerb::Draw,
                other => LastingVerb::Move(verb_of(other)),
            };
            c.next(); // a
            c.next(); // card
            let mut filters = Vec::new();
            while let Some(f) = c.eat(Rule::filter) {
                filters.push(lower_filter(f));
            }
            c.next(); // this
            let turn = c.next();
            let span = Span {
                start: span_of(&start).start,
                end: span_of(&turn).end,
            };
            let body = lower_block(c.next());
            StmtKind::Lasting {
                when: Spanned::new(
                    LastingWhen::NextTime {
                        verb: Spanned::new(verb, verb_span),
                        filters,
                    },
                    span,
                ),
                body,
            }
        }
        Rule::next_turn_stmt => {
            let start = c.next(); // on
            c.next(); // your
            c.next(); // next
            let turn = c.next();
            let span = Span {
                start: span_of(&start).start,
                end: span_of(&turn).end,
            };
            let body = lower_block(c.next());
            StmtKind::Lasting {
                when: Spanned::new(LastingWhen::NextTurn, span),
                body,
            }
        }
        Rule::additional_action_stmt => StmtKind::AdditionalAction,
        Rule::win_stmt => {
            let winner = c.next();
            let inner = Cursor::new(winner).next();
            match inner.as_rule() {
                Rule::single_player => {
                    let span = span_of(&inner);
                    let (most, measure) = lower_single_player(inner);
                    StmtKind::Win(Winner::Single {
                        most,
                        measure,
                        span,
                    })
                }
                Rule::only_remaining => StmtKind::Win(Winner::OnlyRemaining),
                _ => StmtKind::Win(Winner::Player(lower_player_ref(inner))),
            }
        }
        Rule::lose_stmt => StmtKind::Lose(lower_player_ref(c.next())),
        other => unreachable!("grammar: unexpected statement {other:?}"),
    }
}

fn lower_if(mut c: Cursor) -> StmtKind {
    c.next(); // if
    let cond = lower_cond(c.next());
    let then = lower_block(c.next());
    let otherwise = if c.eat(Rule::kw_otherwise).is_some() {
        let next = c.next();
        let span = span_of(&next);
        Some(Box::new(match next.as_rule() {
            Rule::if_stmt => Otherwise::If(Stmt {
                then: false,
                subject: None,
                kind: lower_if(Cursor::new(next)),
                scale: None,
                span,
            }),
            _ => Otherwise::Block(lower_block(next)),
        }))
    } else {
        None
    };
    StmtKind::If {
        cond,
        then,
        otherwise,
    }
}

fn lower_draw_count(pair: P) -> Spanned<DrawCount> {
    let span = span_of(&pair);
    let mut c = Cursor::new(pair);
    if c.eat(Rule::lparen).is_some() {
        return Spanned::new(DrawCount::Computed(lower_expr(c.next())), span);
    }
    let n = lower_count_word(c.next());
    Spanned::new(DrawCount::Fixed(n.node), span)
}

/// `at most twice` → 2 (`once` 1, `N times` N).
fn lower_repeat_limit(pair: P) -> Spanned<u32> {
    let span = span_of(&pair);
    let mut n = 1;
    for p in pair.into_inner() {
        match p.as_rule() {
            Rule::kw_twice => n = 2,
            Rule::int => n = int_of(&p),
            _ => {}
        }
    }
    Spanned::new(n, span)
}

fn lower_count_word(pair: P) -> Spanned<u32> {
    let span = span_of(&pair);
    let inner = Cursor::new(pair).next();
    let n = match inner.as_rule() {
        Rule::int => int_of(&inner),
        _ => 1,
    };
    Spanned::new(n, span)
}

pub(super) fn lower_direction(pair: P) -> Spanned<Direction> {
    let span = span_of(&pair);
    let d = match Cursor::new(pair).next().as_rule() {
        Rule::kw_left => Direction::Left,
        Rule::kw_right => Direction::Right,
        Rule::kw_up => Direction::Up,
        _ => Direction::Aslant,
    };
    Spanned::new(d, span)
}

/// `your red cards`, `that player's cards of color chosen`, `one of your colors other than purple`.
fn lower_splay_source(pair: P) -> SplaySource {
    let mut c = Cursor::new(pair);
    if c.eat(Rule::kw_one).is_some() {
        c.next(); // of
        let whose = super::selections::lower_possessive(c.next());
        c.next(); // colors
        let mut filters = Vec::new();
        while let Some(f) = c.eat(Rule::color_filter) {
            filters.push(lower_color_filter(f));
        }
        return SplaySource::OneOf { whose, filters };
    }
    let whose = super::selections::lower_possessive(c.next());
    let color = if c.eat(Rule::kw_cards).is_some() {
        c.next(); // of
        c.eat(Rule::kw_color);
        super::values::lower_color_atom(c.next())
    } else {
        let word = c.next();
        let atom = Spanned::new(ColorAtom::Named(word.as_str().to_string()), span_of(&word));
        c.next(); // cards
        atom
    };
    SplaySource::Pile { whose, color }
}
