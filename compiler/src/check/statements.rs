//! Statements: each statement of an effect lowered to IR statements, with the counts, ages,
//! splay directions and destinations they name.

use super::effects::{EffectCx, Produced};
use super::words::{destination_zone, player_set, verb};
use crate::diagnostics::{Error, Warning};
use crate::ir::*;
use dogma_dsl::ast::{self, Span};
use dogma_runtime::{Icon, SplayDirection};

impl EffectCx<'_, '_> {
    pub(super) fn block(&mut self, block: &ast::Block) -> Vec<Stmt> {
        let mut out = Vec::new();
        let mut prev: Option<StmtId> = None;
        for stmt in &block.stmts {
            let (stmts, outcome) = self.statement(stmt, prev);
            out.extend(stmts);
            prev = Some(outcome);
        }
        out
    }

    /// Lowers one statement; returns the IR statements and the id whose outcome `you do` reads.
    fn statement(&mut self, stmt: &ast::Stmt, prev: Option<StmtId>) -> (Vec<Stmt>, StmtId) {
        match &stmt.subject {
            Some(subject) => self.subject_statement(subject, stmt, prev),
            None => self.plain_statement(stmt, prev),
        }
    }

    /// A statement another player carries out (`each opponent draws a [1]`, `that player
    /// chooses a card from your hand`): an `Act` of that player around the statement, inside a
    /// loop for `each …`. The subject is the statement's doer (it draws, moves and chooses) and
    /// its `their`, `they` and `that player`; a subject chosen on the spot (`an opponent of
    /// your choice`) is chosen by the `Act` statement, which later words name it by.
    fn subject_statement(
        &mut self,
        subject: &ast::Subject,
        stmt: &ast::Stmt,
        prev: Option<StmtId>,
    ) -> (Vec<Stmt>, StmtId) {
        let outer_doer = self.doer.take();
        let lowered = match &subject.kind {
            ast::SubjectKind::Each { players, with } => {
                let id = self.fresh();
                let condition = with
                    .as_ref()
                    .map(|m| self.in_scope(Player::Each, |fx| fx.player_measure(m)));
                let act = self.fresh();
                let ((body, _), inside) = self.in_scope(Player::Each, |fx| {
                    fx.branch(|fx| {
                        fx.doer = Some(Player::Each);
                        fx.plain_statement(stmt, prev)
                    })
                });
                self.after_branches(inside);
                let act = self.stmt(
                    act,
                    StmtKind::Act {
                        actor: Player::Each,
                        body,
                    },
                    subject.span,
                );
                let each = StmtKind::ForEachPlayer {
                    players: player_set(players.node),
                    condition,
                    from: None,
                    body: vec![act],
                };
                (vec![self.stmt(id, each, stmt.span)], id)
            }
            ast::SubjectKind::Player(p) => {
                let id = self.fresh();
                let actor = self.player(p);
                let named = match &actor {
                    Player::Choose { .. } | Player::Extreme { .. } => {
                        self.produced.push(Produced {
                            id,
                            participles: Vec::new(),
                            cards: false,
                            choice: None,
                            player: true,
                            nested: false,
                        });
                        Player::ChosenBy(id)
                    }
                    other => other.clone(),
                };
                let (body, _) = self.in_scope(named.clone(), |fx| {
                    fx.doer = Some(named.clone());
                    fx.plain_statement(stmt, prev)
                });
                (
                    vec![self.stmt(id, StmtKind::Act { actor, body }, stmt.span)],
                    id,
                )
            }
        };
        self.doer = outer_doer;
        lowered
    }

    /// A statement carried out by the doer (the executor, or the subject being lowered).
    fn plain_statement(&mut self, stmt: &ast::Stmt, prev: Option<StmtId>) -> (Vec<Stmt>, StmtId) {
        let outer = std::mem::take(&mut self.pre);
        let (mut stmts, id) = match &stmt.scale {
            Some(scale) => {
                let id = self.fresh();
                let times = self.scale(scale);
                let (mut body, _) = self.statement_kind(&stmt.kind, stmt.span, prev);
                // "Return a card from your hand for every two [leaf]" is one choice of the whole
                // set, not one question per card (../shared/SCENARIOS.md, "How questions are
                // asked": a count of cards is one question): a movement of one card, scaled,
                // picks the computed number of cards at once.
                match body.as_mut_slice() {
                    [Stmt {
                        id: moved,
                        kind: StmtKind::Move { cards, .. },
                        ..
                    }] if cards.pick.count == Count::Exactly(1)
                        && cards.pick.computed.is_none() =>
                    {
                        cards.pick.count = Count::Computed;
                        cards.pick.computed = Some(Box::new(times));
                        let moved = *moved;
                        (body, moved)
                    }
                    _ => (
                        vec![self.stmt(id, StmtKind::Times { times, body }, stmt.span)],
                        id,
                    ),
                }
            }
            None => self.statement_kind(&stmt.kind, stmt.span, prev),
        };
        let pre = std::mem::replace(&mut self.pre, outer);
        if !pre.is_empty() {
            stmts.splice(0..0, pre);
        }
        (stmts, id)
    }

    /// A choice the demander makes before the statement (`of the value of my choice`, `with
    /// the icon of my choice`): emitted just before it. Returns its id.
    pub(super) fn choice_first(
        &mut self,
        span: Span,
        word: &str,
        kind: ChoiceKind,
        except: Vec<Icon>,
    ) -> StmtId {
        let chooser = self.demander(span, word);
        let id = self.fresh();
        let stmt = self.stmt(
            id,
            StmtKind::Choose {
                chooser,
                kind,
                count: 1,
                except,
            },
            span,
        );
        self.pre.push(stmt);
        id
    }

    fn scale(&mut self, scale: &ast::Scale) -> Value {
        let count = Value::Count(Box::new(self.countable(&scale.what)));
        match &scale.per {
            Some(per) if per.node == 0 || per.node > 100 => {
                self.error(Error::ValueOutOfRange {
                    at: self.at(per.span),
                    value: per.node,
                    min: 1,
                    max: 100,
                    what: "count",
                });
                count
            }
            Some(per) if per.node > 1 => Value::Div(Box::new(count), per.node as i32),
            _ => count,
        }
    }

    /// Lowers a statement's kind. The statements that hold others (`you may`, `if`, `either`,
    /// the loops) are lowered apart from the rest, so that the stack a nested statement takes
    /// per level stays small (compiler/tests/robustness.rs: the deepest nesting the parser
    /// accepts is checked on a 2 MiB stack).
    fn statement_kind(
        &mut self,
        kind: &ast::StmtKind,
        span: Span,
        prev: Option<StmtId>,
    ) -> (Vec<Stmt>, StmtId) {
        use ast::StmtKind as S;
        match kind {
            S::May(_)
            | S::If { .. }
            | S::Either { .. }
            | S::ForEach { .. }
            | S::ForEachValue { .. }
            | S::ForEachCard { .. }
            | S::ForEachColor { .. } => self.nesting_statement_kind(kind, span, prev),
            _ => self.leaf_statement_kind(kind, span, prev),
        }
    }

    /// `you may`, `if`, `either` and the loops: the statements that hold others.
    #[inline(never)]
    fn nesting_statement_kind(
        &mut self,
        kind: &ast::StmtKind,
        span: Span,
        prev: Option<StmtId>,
    ) -> (Vec<Stmt>, StmtId) {
        use ast::StmtKind as S;
        let id = self.fresh();
        let single = |this: &Self, k: StmtKind| (vec![this.stmt(id, k, span)], id);
        match kind {
            S::May(body) => {
                let inner = match body.as_ref() {
                    ast::MayBody::Block(block) => self.block(block),
                    ast::MayBody::Stmt(s) => self.statement(s, prev).0,
                };
                single(self, StmtKind::May(inner))
            }
            S::If {
                cond,
                then,
                otherwise,
            } => {
                let cond = self.cond(cond, prev);
                // Each branch sees what came before the `if`, never the other branch.
                let (then, mut inside) = self.branch(|fx| fx.block(then));
                let (otherwise, other) = self.branch(|fx| match otherwise.as_deref() {
                    None => Vec::new(),
                    Some(ast::Otherwise::Block(b)) => fx.block(b),
                    Some(ast::Otherwise::If(s)) => fx.statement(s, prev).0,
                });
                inside.extend(other);
                self.after_branches(inside);
                single(
                    self,
                    StmtKind::If {
                        cond,
                        then,
                        otherwise,
                    },
                )
            }
            S::Either {
                by_demander,
                blocks,
            } => {
                let chooser = if *by_demander {
                    self.demander(span, "I choose")
                } else {
                    self.doer()
                };
                let mut inside = Vec::new();
                let mut options = Vec::new();
                for b in blocks {
                    let (option, produced) = self.branch(|fx| fx.block(b));
                    options.push(option);
                    inside.extend(produced);
                }
                self.after_branches(inside);
                let labels = dogma_dsl::render::render_alternatives(
                    &self.title,
                    &self.args,
                    blocks,
                    self.card.options.wording,
                );
                single(
                    self,
                    StmtKind::Either {
                        chooser,
                        options,
                        labels,
                    },
                )
            }
            S::ForEach {
                players,
                with,
                moved,
                body,
            } => {
                let condition = with
                    .as_ref()
                    .map(|m| self.in_scope(Player::Each, |fx| fx.player_measure(m)));
                // `for each player that returned cards`: the latest return's cards name the
                // players they were taken from.
                let from = moved.as_ref().and_then(|p| self.bound(p.node, p.span));
                let (body, inside) =
                    self.in_scope(Player::Each, |fx| fx.branch(|fx| fx.block(body)));
                self.after_branches(inside);
                single(
                    self,
                    StmtKind::ForEachPlayer {
                        players: player_set(players.node),
                        condition,
                        from,
                        body,
                    },
                )
            }
            S::ForEachValue {
                list,
                body,
                descending,
                ..
            } => {
                let descending = *descending;
                let list = self.value_list(list, span);
                self.value_loops += 1;
                let (body, inside) = self.branch(|fx| fx.block(body));
                self.value_loops -= 1;
                self.after_branches(inside);
                single(
                    self,
                    StmtKind::ForEachValue {
                        list,
                        descending,
                        body,
                    },
                )
            }
            S::ForEachCard { cards, body } => {
                let cards = self.set_ref(cards);
                // In the body, `it` is the current card: the loop statement's card each round.
                let (body, mut inside) = self.branch(|fx| {
                    fx.produce(id, Vec::new(), true);
                    fx.block(body)
                });
                inside.retain(|p| p.id != id);
                self.after_branches(inside);
                single(self, StmtKind::ForEachCard { cards, body })
            }
            S::ForEachColor { filters, body } => {
                // `for each color` with no filter is every colour, on the board or not.
                let every = filters.is_empty();
                let (owner, filters) = self.board_filters(filters);
                let owner = (!every).then_some(owner);
                self.color_loops += 1;
                let (body, inside) = self.branch(|fx| fx.block(body));
                self.color_loops -= 1;
                self.after_branches(inside);
                single(
                    self,
                    StmtKind::ForEachColor {
                        owner,
                        filters,
                        body,
                    },
                )
            }
            // Not a statement that holds others (`statement_kind` sends those elsewhere).
            _ => self.leaf_statement_kind(kind, span, prev),
        }
    }

    /// Every other statement: the moves, draws, choices, splays and the rest.
    #[inline(never)]
    fn leaf_statement_kind(
        &mut self,
        kind: &ast::StmtKind,
        span: Span,
        prev: Option<StmtId>,
    ) -> (Vec<Stmt>, StmtId) {
        use ast::StmtKind as S;
        let id = self.fresh();
        let single = |this: &Self, k: StmtKind| (vec![this.stmt(id, k, span)], id);
        match kind {
            // Handled by `nesting_statement_kind` (`statement_kind` sends them there).
            S::May(_)
            | S::If { .. }
            | S::Either { .. }
            | S::ForEach { .. }
            | S::ForEachValue { .. }
            | S::ForEachCard { .. }
            | S::ForEachColor { .. } => self.nesting_statement_kind(kind, span, prev),
            S::Repeat { args, at_most } => {
                self.outside_lasting(span, "repeat the effect around it");
                let with = self.repeat_args(args);
                let at_most = at_most.as_ref().map(|n| self.count_u8(n.node, n.span));
                single(self, StmtKind::RepeatEffect { with, at_most })
            }
            S::ChooseRange {
                by_demander,
                count,
                low,
                high,
                less_than,
                ..
            } => {
                let chooser = if *by_demander {
                    self.demander(span, "I")
                } else {
                    self.doer()
                };
                if let (ast::ExprKind::Int(a), ast::ExprKind::Int(b)) = (&low.kind, &high.kind) {
                    if a > b {
                        self.error(Error::BadCount {
                            at: self.at(span),
                            reason: format!("no value is from {a} to {b}: write the lower first"),
                        });
                    }
                }
                let count = self.small_count(*count, span);
                let low = self.value(low);
                let high = if *less_than {
                    Value::Sub(Box::new(self.value(high)), Box::new(Value::Const(1)))
                } else {
                    self.value(high)
                };
                self.produce_choice(id, ChoiceKind::Value);
                single(
                    self,
                    StmtKind::ChooseValueRange {
                        chooser,
                        count,
                        low,
                        high,
                    },
                )
            }
            S::Choose {
                by_demander,
                count,
                kind,
                filters,
                ..
            } if !filters.is_empty() => {
                let chooser = if *by_demander {
                    self.demander(span, "I")
                } else {
                    self.doer()
                };
                let n = self.count_u8(count.node, count.span);
                let (owner, filters) = self.board_filters(filters);
                self.produce_choice(id, ChoiceKind::Color);
                let _ = kind;
                single(
                    self,
                    StmtKind::ChooseColors {
                        chooser,
                        count: n,
                        owner,
                        filters,
                    },
                )
            }
            S::Choose {
                by_demander,
                count,
                kind,
                except,
                except_value,
                ..
            } => {
                let except_name = except.as_ref();
                // `choose a value other than [5]`: one of the edition's values but that one
                // (offered only if possible ages, as any choice of values).
                if let Some(left_out) = except_value {
                    if let Some(kind_words) =
                        choice_words(kind.node).filter(|_| kind.node != ast::ChoiceKind::Value)
                    {
                        self.warn(Warning::ExceptOutsideIcons {
                            at: self.at(left_out.span),
                            kind: kind_words,
                        });
                    } else if kind.node == ast::ChoiceKind::Icon {
                        self.warn(Warning::ExceptOutsideIcons {
                            at: self.at(left_out.span),
                            kind: "icons",
                        });
                    } else if count.node != 1 {
                        self.error(Error::BadCount {
                            at: self.at(count.span),
                            reason: "a choice of values with a value left out (`other than [5]`) takes one value".to_string(),
                        });
                    } else {
                        let chooser = if *by_demander {
                            self.demander(span, "I")
                        } else {
                            self.doer()
                        };
                        let options = (1..=u32::from(self.card.options.max_age()))
                            .filter(|v| *v != left_out.node)
                            .map(|v| Value::Const(v as i32))
                            .collect();
                        self.produce_choice(id, ChoiceKind::Value);
                        return single(self, StmtKind::ChooseValueAmong { chooser, options });
                    }
                }
                let chooser = if *by_demander {
                    self.demander(span, "I")
                } else {
                    self.doer()
                };
                let except: Vec<Icon> = except
                    .iter()
                    .filter_map(|name| self.card.icon_name(name))
                    .collect();
                // Only a choice of icons leaves one out.
                if let (Some(name), Some(kind_words)) = (except_name, choice_words(kind.node)) {
                    self.warn(Warning::ExceptOutsideIcons {
                        at: self.at(name.span),
                        kind: kind_words,
                    });
                }
                let n = self.count_u8(count.node, count.span);
                // A card type is one answer (a set's name).
                if kind.node == ast::ChoiceKind::Type && n != 1 {
                    self.error(Error::BadCount {
                        at: self.at(count.span),
                        reason: "a choice of a card type picks one type (`choose a card type`)"
                            .to_string(),
                    });
                }
                if kind.node == ast::ChoiceKind::Number && count.node != 1 {
                    self.error(Error::BadCount {
                        at: self.at(count.span),
                        reason: "`choose a number` chooses one number".to_string(),
                    });
                }
                let kind = match kind.node {
                    ast::ChoiceKind::Value => ChoiceKind::Value,
                    ast::ChoiceKind::Number => ChoiceKind::Number,
                    ast::ChoiceKind::Color => ChoiceKind::Color,
                    ast::ChoiceKind::Player => ChoiceKind::Player,
                    ast::ChoiceKind::Opponent => ChoiceKind::Opponent,
                    ast::ChoiceKind::Icon => ChoiceKind::Icon,
                    ast::ChoiceKind::Type => ChoiceKind::Type,
                };
                self.produce_choice(id, kind);
                single(
                    self,
                    StmtKind::Choose {
                        chooser,
                        kind,
                        count: n,
                        except,
                    },
                )
            }
            S::ChooseValue {
                by_demander,
                options,
            } => {
                let chooser = if *by_demander {
                    self.demander(span, "I")
                } else {
                    self.doer()
                };
                let options = options.iter().map(|o| self.age_value(o)).collect();
                self.produce_choice(id, ChoiceKind::Value);
                single(self, StmtKind::ChooseValueAmong { chooser, options })
            }
            S::ChooseListed { by_demander, list } => {
                let chooser = if *by_demander {
                    self.demander(span, "I")
                } else {
                    self.doer()
                };
                let list = self.value_list(list, span);
                self.produce_choice(id, ChoiceKind::Value);
                single(
                    self,
                    StmtKind::ChooseValueListed {
                        chooser,
                        list,
                        count: 1,
                    },
                )
            }
            S::ChooseCards(sel) => {
                let cards = self.selection(sel);
                self.produce(id, vec![ast::Participle::Chosen], true);
                single(self, StmtKind::PickCards(cards))
            }
            S::JunkSpecial { all } => {
                self.needs_rule(
                    span,
                    "junking a special achievement",
                    "leaving = \"junk\"",
                    |r| r.leaving == dogma_runtime::bytecode::Leaving::Junk,
                );
                single(self, StmtKind::JunkSpecial { all: *all })
            }
            S::RestoreSpecial => {
                self.needs_rule(
                    span,
                    "making a junked special achievement available",
                    "leaving = \"junk\"",
                    |r| r.leaving == dogma_runtime::bytecode::Leaving::Junk,
                );
                single(self, StmtKind::RestoreSpecial)
            }
            S::Claim(title) => match self.card.achievement_title(title) {
                Some(a) => {
                    let at = self.at(title.span);
                    self.card.claims.push((a, at));
                    single(self, StmtKind::Claim(a))
                }
                None => single(self, StmtKind::Keep),
            },
            S::EndDogma => {
                self.outside_lasting(span, "end the dogma action");
                single(self, StmtKind::EndDogma)
            }
            S::Lasting { when, body } => {
                let lasting = self.lasting_effect(when, body);
                single(self, StmtKind::Lasting(Box::new(lasting)))
            }
            S::AdditionalAction => {
                // A demand's victim never has the turn, unless the action waits for their own.
                if self.demand && !self.lasting.as_ref().is_some_and(|l| l.own_turn) {
                    self.warn(Warning::AdditionalActionInDemand { at: self.at(span) });
                }
                single(self, StmtKind::AdditionalAction)
            }
            S::EndGame => single(self, StmtKind::EndGame),
            S::SelfExecute(sel) => {
                let sel = self.selection(sel);
                single(self, StmtKind::SelfExecute(sel))
            }
            S::ExecuteAsIf(sel) => {
                let sel = self.selection(sel);
                single(self, StmtKind::ExecuteAsIf(sel))
            }
            // `splay right each color you have splayed left`: a splay per colour, in a loop.
            S::Splay {
                direction,
                color,
                board: None,
            } if each_color(color).is_some() => {
                let filters = each_color(color).unwrap_or_default();
                let direction = self.direction(direction);
                let (owner, filters) = self.board_filters(filters);
                let inner = self.fresh();
                let splay = self.stmt(
                    inner,
                    StmtKind::Splay {
                        player: self.doer(),
                        color: ColorSel {
                            alternatives: vec![ColorTerm::Loop],
                        },
                        direction,
                    },
                    span,
                );
                single(
                    self,
                    StmtKind::ForEachColor {
                        owner: Some(owner),
                        filters,
                        body: vec![splay],
                    },
                )
            }
            S::Unsplay(color) if each_color(color).is_some() => {
                let filters = each_color(color).unwrap_or_default();
                let (owner, filters) = self.board_filters(filters);
                let inner = self.fresh();
                let unsplay = self.stmt(
                    inner,
                    StmtKind::Unsplay {
                        player: self.doer(),
                        color: ColorSel {
                            alternatives: vec![ColorTerm::Loop],
                        },
                    },
                    span,
                );
                single(
                    self,
                    StmtKind::ForEachColor {
                        owner: Some(owner),
                        filters,
                        body: vec![unsplay],
                    },
                )
            }
            S::Splay {
                direction,
                color,
                board,
            } => {
                let direction = self.direction(direction);
                let color = self.color_expr(color);
                // A pile of another board: `any player's` is one player, chosen by the executor.
                let player = match board {
                    None => self.doer(),
                    Some(whose) => match self.owner(whose) {
                        Owner::One(p) => p,
                        Owner::Union(set) => Player::Choose {
                            set,
                            condition: None,
                        },
                    },
                };
                single(
                    self,
                    StmtKind::Splay {
                        player,
                        color,
                        direction,
                    },
                )
            }
            S::Unsplay(color) => {
                let color = self.color_expr(color);
                single(
                    self,
                    StmtKind::Unsplay {
                        player: self.doer(),
                        color,
                    },
                )
            }
            S::SplayLike {
                color,
                source,
                matching,
            } => {
                let color = self.color_expr(color);
                let source = match source {
                    ast::SplaySource::Pile { whose, color } => SplaySource {
                        player: self.single_owner(whose),
                        color: SplaySourceColor::Pile(
                            self.color_atom(color.node.clone(), color.span),
                        ),
                    },
                    ast::SplaySource::OneOf { whose, filters } => SplaySource {
                        player: self.single_owner(whose),
                        color: SplaySourceColor::OneOf(
                            filters
                                .iter()
                                .filter_map(|f| self.color_filter(f))
                                .collect(),
                        ),
                    },
                };
                single(
                    self,
                    StmtKind::SplayLike {
                        player: self.doer(),
                        color,
                        source,
                        matching: *matching,
                    },
                )
            }
            S::Rearrange(color) => {
                let color = self.color_expr(color);
                single(
                    self,
                    StmtKind::Rearrange {
                        player: self.doer(),
                        color,
                    },
                )
            }
            S::Draw {
                then,
                count,
                value,
                of_type,
            } => {
                let set = of_type.as_ref().map(|t| self.draw_set(t, span));
                let (fixed, times) = match &count.node {
                    ast::DrawCount::Fixed(n) => (self.count_u8(*n, count.span), None),
                    ast::DrawCount::Computed(e) => (1, Some(self.value(e))),
                };
                let age = self.age_value(value);
                let then_verb = then.as_ref().map(|v| verb(v.node));
                let mut participles = vec![ast::Participle::Drawn];
                if let Some(v) = then {
                    participles.push(ast::Participle::of_verb(v.node));
                }
                let draw = |fx: &Self, id| {
                    fx.stmt(
                        id,
                        StmtKind::Draw {
                            player: fx.doer(),
                            age: age.clone(),
                            count: fixed,
                            then: then_verb,
                            set: set.clone(),
                        },
                        span,
                    )
                };
                match times {
                    None => {
                        self.produce(id, participles, true);
                        (vec![draw(self, id)], id)
                    }
                    // `draw (N) [2]`: one card N times, as `draw a [2] for every …`; `drawn`
                    // names every card drawn.
                    Some(times) => {
                        let inner = self.fresh();
                        self.produce(inner, participles, true);
                        let body = vec![draw(self, inner)];
                        single(self, StmtKind::Times { times, body })
                    }
                }
            }
            S::Transfer {
                what,
                to,
                bottom_up,
            } => {
                let cards = self.selection(what);
                let (mut to, chooses_player) = self.destination(to);
                to.bottom_up = *bottom_up;
                self.produced.push(Produced {
                    id,
                    participles: vec![ast::Participle::Transferred],
                    cards: true,
                    choice: None,
                    player: chooses_player,
                    nested: false,
                });
                single(
                    self,
                    StmtKind::Move {
                        verb: Verb::Transfer,
                        cards,
                        to: Some(to),
                    },
                )
            }
            // One card to each player's board in turn, the executor choosing which: a loop over
            // the players whose body transfers one card of those left (a name after the loop
            // takes every round's cards: `transferred`, and `your card`).
            S::Deal { what, players } => {
                let mut cards = self.card_ref(what);
                cards.pick.count = Count::Exactly(1);
                cards.chooser = Chooser::Executor;
                let inner = self.fresh();
                self.produced.push(Produced {
                    id: inner,
                    participles: vec![ast::Participle::Transferred],
                    cards: true,
                    choice: None,
                    player: false,
                    nested: false,
                });
                self.dealt = Some(inner);
                let transfer = self.stmt(
                    inner,
                    StmtKind::Move {
                        verb: Verb::Transfer,
                        cards,
                        to: Some(Destination {
                            player: Player::Each,
                            zone: DestinationZone::Board,
                            bottom_up: false,
                        }),
                    },
                    span,
                );
                single(
                    self,
                    StmtKind::ForEachPlayer {
                        players: player_set(players.node),
                        condition: None,
                        from: None,
                        body: vec![transfer],
                    },
                )
            }
            S::Take(what) => {
                let cards = self.selection(what);
                self.produce(id, vec![ast::Participle::Transferred], true);
                single(
                    self,
                    StmtKind::Move {
                        verb: Verb::Transfer,
                        cards,
                        to: Some(Destination {
                            player: self.doer(),
                            zone: DestinationZone::Hand,
                            bottom_up: false,
                        }),
                    },
                )
            }
            S::Exchange(a, b) => {
                let a = self.selection(a);
                let b = self.selection(b);
                self.produce(id, vec![ast::Participle::Exchanged], true);
                single(self, StmtKind::Exchange { a, b })
            }
            S::Move {
                verbs,
                if_eligible,
                what,
            } => {
                let mut cards = self.selection(what);
                if let Some(multiple) = if_eligible {
                    cards
                        .filters
                        .push(CardFilter::Eligible(self.doer(), *multiple));
                }
                let Some(first) = verbs.first() else {
                    return single(self, StmtKind::Keep);
                };
                if cards.filters.contains(&CardFilter::DifferentValues) && verbs.len() == 1 {
                    return self.different_values_move(
                        id,
                        verb(first.node),
                        first.node,
                        cards,
                        span,
                    );
                }
                self.produce(id, vec![ast::Participle::of_verb(first.node)], true);
                // One card taken from any of several players' zones: `that player` is then the
                // player it was taken from (Hot Air Balloon: "a top card from any other
                // player's board … transfer your top green card to that player's board").
                if matches!(
                    cards.source,
                    CardSource::Zones {
                        owner: Owner::Union(_),
                        ..
                    }
                ) && cards.pick.count == Count::Exactly(1)
                {
                    if let Some(p) = self.produced.last_mut() {
                        p.player = true;
                    }
                }
                let mut out = vec![self.stmt(
                    id,
                    StmtKind::Move {
                        verb: verb(first.node),
                        cards,
                        to: None,
                    },
                    span,
                )];
                let mut last = id;
                // `reveal and return a card`: the second verb acts on exactly the first's cards.
                for then in verbs.iter().skip(1) {
                    let next = self.fresh();
                    self.produce(next, vec![ast::Participle::of_verb(then.node)], true);
                    out.push(self.stmt(
                        next,
                        StmtKind::Move {
                            verb: verb(then.node),
                            cards: CardSel {
                                source: CardSource::Bound(Binding {
                                    stmt: last,
                                    nth: None,
                                }),
                                filters: Vec::new(),
                                pick: Pick::all(),
                                chooser: Chooser::Executor,
                            },
                            to: None,
                        },
                        span,
                    ));
                    last = next;
                }
                (out, last)
            }
            S::Look(sel) => {
                let cards = self.selection(sel);
                self.produce(id, Vec::new(), true);
                single(self, StmtKind::Look(cards))
            }
            S::Keep(card) => {
                let cards = self.card_ref(card);
                // `keep all cards of color chosen from drawn` names the kept cards (`them`), so
                // that a later statement can leave them out (Comb: `other than them`); nothing
                // moves. A bare name (`keep it`) names the same cards already.
                if matches!(card.kind, ast::CardRefKind::Np(_)) {
                    self.produce(id, Vec::new(), true);
                    single(self, StmtKind::PickCards(cards))
                } else {
                    single(self, StmtKind::Keep)
                }
            }
            S::Win(winner) => {
                let winner = match winner {
                    ast::Winner::Single { most, measure, .. } => Winner::Single {
                        most: *most,
                        measure: self.measure(measure),
                    },
                    ast::Winner::Player(p) => Winner::Player(self.player(p)),
                    ast::Winner::OnlyRemaining => Winner::OnlyRemaining,
                };
                single(self, StmtKind::Win(winner))
            }
            S::Lose(p) => {
                self.needs_rule(span, "losing the game", "elimination = true", |r| {
                    r.elimination
                });
                let p = self.player(p);
                single(self, StmtKind::Lose(p))
            }
        }
    }

    /// `return 2 cards of different value from your score pile`: the executor chooses that many
    /// different values among the cards (none when they show fewer), then the statement takes
    /// one card of each chosen value, lowest value first (asked only when several share it).
    fn different_values_move(
        &mut self,
        id: StmtId,
        verb: Verb,
        participle: ast::Verb,
        mut cards: CardSel,
        span: Span,
    ) -> (Vec<Stmt>, StmtId) {
        cards.filters.retain(|f| *f != CardFilter::DifferentValues);
        let count = match cards.pick.count {
            Count::Exactly(n) => n,
            _ => {
                self.error(Error::BadCount {
                    at: self.at(span),
                    reason: "`of different value` needs an exact number of cards".to_string(),
                });
                1
            }
        };
        let choose_id = self.fresh();
        let mut all = cards.clone();
        all.pick = Pick::all();
        let choose = self.stmt(
            choose_id,
            StmtKind::ChooseValueListed {
                chooser: self.doer(),
                list: ValueList::ValuesIn(all),
                count,
            },
            span,
        );
        let mut one = cards;
        one.pick.count = Count::Exactly(1);
        one.filters
            .push(CardFilter::Value(ValueTest::OneOf(vec![Value::LoopValue])));
        self.produce(id, vec![ast::Participle::of_verb(participle)], true);
        let each = self.stmt(
            id,
            StmtKind::Move {
                verb,
                cards: one,
                to: None,
            },
            span,
        );
        let loop_id = self.fresh();
        let looped = self.stmt(
            loop_id,
            StmtKind::ForEachValue {
                list: ValueList::Chosen(choose_id),
                descending: false,
                body: vec![each],
            },
            span,
        );
        (vec![choose, looped], loop_id)
    }

    fn count_u8(&mut self, n: u32, span: Span) -> u8 {
        if n == 0 || n > 99 {
            self.error(Error::BadCount {
                at: self.at(span),
                reason: format!("{n} is not between 1 and 99"),
            });
            1
        } else {
            n as u8
        }
    }

    pub(super) fn direction(&mut self, d: &ast::Spanned<ast::Direction>) -> SplayDirection {
        let direction = match d.node {
            ast::Direction::Left => SplayDirection::Left,
            ast::Direction::Right => SplayDirection::Right,
            ast::Direction::Up => SplayDirection::Up,
            ast::Direction::Aslant => SplayDirection::Aslant,
        };
        if let Some(edition) = &self.card.options.edition {
            if !edition.rules.has_splay(direction) {
                self.error(Error::SplayNotInEdition {
                    at: self.at(d.span),
                    direction: direction.word().to_string(),
                    edition: edition.name.clone(),
                });
            }
        }
        direction
    }

    /// An age written in brackets: a literal must be one of the edition's ages.
    pub(super) fn age_value(&mut self, e: &ast::Expr) -> Value {
        if let ast::ExprKind::Int(n) = e.kind {
            let max = self.card.options.max_age();
            if n < 1 || n > u32::from(max) {
                self.error(Error::ValueOutOfRange {
                    at: self.at(e.span),
                    value: n,
                    min: 1,
                    max: u32::from(max),
                    what: "value",
                });
            }
        }
        self.value(e)
    }

    fn destination(&mut self, d: &ast::Destination) -> (Destination, bool) {
        match d {
            ast::Destination::Available => (
                Destination {
                    player: Player::Executor,
                    zone: DestinationZone::Available,
                    bottom_up: false,
                },
                false,
            ),
            ast::Destination::Owners(kind) => (
                Destination {
                    player: Player::Owner,
                    zone: destination_zone(kind.node),
                    bottom_up: false,
                },
                false,
            ),
            ast::Destination::DeckTop => (
                Destination {
                    player: Player::Executor,
                    zone: DestinationZone::DeckTop,
                    bottom_up: false,
                },
                false,
            ),
            ast::Destination::Zone { whose, kind } => {
                let player = self.single_owner(whose);
                let chooses = matches!(player, Player::Choose { .. });
                (
                    Destination {
                        player,
                        zone: destination_zone(kind.node),
                        bottom_up: false,
                    },
                    chooses,
                )
            }
            ast::Destination::OfPlayer { kind, player } => {
                let player = self.player(player);
                let chooses = matches!(player, Player::Choose { .. } | Player::Extreme { .. });
                (
                    Destination {
                        player,
                        zone: destination_zone(kind.node),
                        bottom_up: false,
                    },
                    chooses,
                )
            }
        }
    }
}

impl EffectCx<'_, '_> {
    /// The set a draw takes its cards from: named, chosen earlier (E0203 without a `choose a
    /// card type` before it), picked by the drawer, or a card's.
    fn draw_set(&mut self, of_type: &ast::DrawType, span: Span) -> DrawSet {
        match of_type {
            ast::DrawType::Named(t) => DrawSet::Named(t.set_name().to_string()),
            ast::DrawType::Chosen => match self.latest(|p| p.choice == Some(ChoiceKind::Type)) {
                Some(stmt) => DrawSet::ChosenBy(stmt),
                None => {
                    self.unbound(span, "the chosen type", "choice of a card type");
                    DrawSet::Named("base".to_string())
                }
            },
            ast::DrawType::Any => DrawSet::Any,
            ast::DrawType::SameAs(card) => DrawSet::Of(Box::new(self.card_ref(card))),
        }
    }
}

/// What a choice that is not of icons chooses, in words (`values`), for W0003; `None` for icons.
fn choice_words(kind: ast::ChoiceKind) -> Option<&'static str> {
    match kind {
        ast::ChoiceKind::Icon => None,
        ast::ChoiceKind::Value => Some("values"),
        ast::ChoiceKind::Number => Some("numbers"),
        ast::ChoiceKind::Color => Some("colours"),
        ast::ChoiceKind::Player => Some("players"),
        ast::ChoiceKind::Opponent => Some("opponents"),
        ast::ChoiceKind::Type => Some("card types"),
    }
}

/// The filters of `each color …`, when that is the whole colour of a splay or unsplay.
fn each_color(color: &ast::ColorExpr) -> Option<&[ast::Spanned<ast::ColorFilter>]> {
    match color.alternatives.as_slice() {
        [ast::Spanned {
            node: ast::ColorAtom::Each(filters),
            ..
        }] => Some(filters),
        _ => None,
    }
}
