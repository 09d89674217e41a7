//! Effects: lowering one effect (or a special achievement's condition), its parameters, and
//! what its earlier statements produced, for the words that refer back (`it`, `returned`).

use super::CardCx;
use crate::diagnostics::{At, Error, NameKind, Warning};
use crate::ir::*;
use dogma_dsl::ast::{self, Span};
use dogma_dsl::suggest;
use dogma_runtime::bytecode::Rules;
use dogma_runtime::{Color, EffectKind};

impl CardCx<'_> {
    pub(super) fn effect(&mut self, title: &str, effect: &ast::Effect) -> EffectDef {
        let kind = match effect.kind.node {
            ast::EffectKind::NonDemand => EffectKind::NonDemand,
            ast::EffectKind::Demand => EffectKind::Demand,
            ast::EffectKind::Compel => EffectKind::Compel,
            ast::EffectKind::Echo => EffectKind::Echo,
            ast::EffectKind::Inspire => EffectKind::Inspire,
            // A karma that acts (`when you meld this card { … }`) runs for its owner alone, as
            // a non-demand effect does.
            ast::EffectKind::Karma => EffectKind::NonDemand,
        };
        let demand = matches!(kind, EffectKind::Demand | EffectKind::Compel);
        let mut fx = EffectCx::new(self, title.to_string(), demand, effect.params.clone());
        let params = fx.params(&effect.params);
        let body = fx.block(&effect.body);
        let stmt_count = fx.next_id;
        EffectDef {
            kind,
            params,
            body,
            stmt_count,
            span: self.src(effect.span),
        }
    }

    /// A "would" karma's body (F7): the event's filters lowered first (they test its card), then
    /// statement 0 is the event's card (`it`, and `melded` … by the verb's participle), then the
    /// body. A filter that asks for a choice has no statement to ask it before: reported.
    pub(super) fn would_effect(
        &mut self,
        title: &str,
        effect: &ast::Effect,
        card: Option<&ast::CardNp>,
        condition: Option<&ast::Cond>,
        participles: Vec<ast::Participle>,
    ) -> (Vec<CardFilter>, Option<Cond>, EffectDef) {
        let mut fx = EffectCx::new(self, title.to_string(), false, Vec::new());
        let filters = match card {
            Some(np) => {
                let filters = fx.described(np);
                fx.no_choice_first(
                    np.span,
                    np.span,
                    "ask for a choice before the event it watches",
                );
                filters
            }
            None => Vec::new(),
        };
        let card = fx.fresh();
        fx.produce(card, participles, true);
        // The condition reads the event's card as `it` (statement 0), as the body does.
        let condition = condition.map(|c| fx.cond(c, None));
        let body = fx.block(&effect.body);
        let stmt_count = fx.next_id;
        (
            filters,
            condition,
            EffectDef {
                kind: EffectKind::NonDemand,
                params: Vec::new(),
                body,
                stmt_count,
                span: self.src(effect.span),
            },
        )
    }

    pub(super) fn achievement(
        &mut self,
        id: AchievementId,
        set: String,
        a: &ast::Achievement,
    ) -> AchievementDef {
        let mut via = Vec::new();
        for title in &a.via {
            if let Some(card) = self.card_title(&title.node, title.span) {
                via.push(card);
            }
        }
        let mut fx = EffectCx::new(self, a.title.node.clone(), false, Vec::new());
        let mut conditions: Vec<Cond> = a.when.iter().map(|c| fx.cond(c, None)).collect();
        let triggers: Vec<Trigger> = a.triggers.iter().map(|t| fx.trigger(t)).collect();
        // A Decree has no condition: only the Decree action claims it.
        let decree = a.decree.as_ref().and_then(|d| {
            let color = self.color_name(&d.color)?;
            Some((color, self.effect(&a.title.node, &d.effect)))
        });
        if a.when.is_empty() && a.triggers.is_empty() && a.decree.is_none() {
            self.errors.push(Error::MissingCondition {
                at: self.at(a.title.span),
                name: a.title.node.clone(),
            });
        }
        let condition = match conditions.len() {
            0 => None,
            1 => Some(conditions.remove(0)),
            _ => Some(Cond::Or(conditions)),
        };
        AchievementDef {
            id,
            name: a.title.node.clone(),
            set,
            condition,
            triggers,
            via,
            decree,
            span: self.src(a.span),
        }
    }
}

impl<'c, 'a> EffectCx<'c, 'a> {
    /// A fresh scope for an effect's body (or a condition's, a lasting effect's, a karma's):
    /// nothing produced yet, its statements numbered from 0.
    pub(super) fn new(
        card: &'c mut CardCx<'a>,
        title: String,
        demand: bool,
        args: Vec<ast::Arg>,
    ) -> Self {
        EffectCx {
            card,
            demand,
            next_id: 0,
            produced: Vec::new(),
            dealt: None,
            their: Vec::new(),
            doer: None,
            color_loops: 0,
            value_loops: 0,
            params: Vec::new(),
            pre: Vec::new(),
            title,
            args,
            lasting: None,
        }
    }

    /// A choice a phrase asks for first (`of the value of my choice`) in the description of the
    /// event that sets off a lasting effect or a karma has no statement to be asked before: the
    /// event sets it off by itself. Reported at `at` (E0314), the choice dropped.
    fn no_choice_first(&mut self, at: Span, of: Span, what: &'static str) {
        if self.pre.is_empty() {
            return;
        }
        self.pre.clear();
        let at = self.at(at);
        let lasting = self.at(of);
        self.error(Error::LastingStatement { at, what, lasting });
    }

    /// A special achievement's move: its verb, the moved card's filters and the test of the pile
    /// it went to (meld and tuck only: the other verbs put the card elsewhere).
    fn trigger(&mut self, t: &ast::Trigger) -> Trigger {
        let filters = t
            .filters
            .iter()
            .filter_map(|f| self.filter(&f.node, f.span))
            .collect();
        let mut onto = Vec::new();
        if let Some(o) = &t.onto {
            if !matches!(t.verb.node, ast::Verb::Meld | ast::Verb::Tuck) {
                self.error(Error::OntoOffBoard {
                    at: self.at(o.span),
                    verb: t.verb.node.word(),
                });
            }
            onto = o.node.iter().filter_map(|f| self.color_filter(f)).collect();
        }
        Trigger {
            verb: super::words::verb(t.verb.node),
            filters,
            onto,
            span: self.card.src(t.span),
        }
    }
}

/// A parameter value as written: a colour (a colour word, `color of …`, `its color`) or a value.
fn arg_kind(arg: &ast::Arg) -> ArgKind<'_> {
    match &arg.value {
        ast::ArgValue::Color(atom) => ArgKind::Color(atom.clone()),
        ast::ArgValue::Expr(e) => match &e.kind {
            ast::ExprKind::Name(n) if Color::from_word(n).is_some() => {
                ArgKind::Color(ast::ColorAtom::Named(n.clone()))
            }
            _ => ArgKind::Value(e),
        },
    }
}

/// What an earlier statement of the effect produced, for the words that refer back to it.
pub(super) struct Produced {
    pub(super) id: StmtId,
    pub(super) participles: Vec<ast::Participle>,
    /// It moved or showed cards (`it`, `them`).
    pub(super) cards: bool,
    /// It chose something of this kind (`chosen`).
    pub(super) choice: Option<ChoiceKind>,
    /// It chose a player (`that player`).
    pub(super) player: bool,
    /// It is inside a block of an earlier `if`, `either` or `for each` (not a `you may`):
    /// `it` does not reach it, since it may not have run.
    pub(super) nested: bool,
}

/// Lowering one effect (or an achievement's condition).
pub(super) struct EffectCx<'c, 'a> {
    pub(super) card: &'c mut CardCx<'a>,
    pub(super) demand: bool,
    next_id: u16,
    pub(super) produced: Vec<Produced>,
    /// The latest `transfer one of … to each player's board`: its transfer statement, whose card
    /// on the executor's board `your card` names.
    pub(super) dealt: Option<StmtId>,
    /// The players `their`, `they` (and, until a later choice, `that player`) name at the
    /// current point: one per enclosing `for each` loop, player quantifier or statement with a
    /// subject, innermost last, with how many statements had been produced when it began.
    pub(super) their: Vec<(Player, usize)>,
    /// The subject of the statement being lowered (`each opponent draws …`, `that player
    /// chooses …`), as the statement's words refer to it; `None`: the executor.
    pub(super) doer: Option<Player>,
    /// How many `for each color` loops enclose the current point (for `that color`).
    pub(super) color_loops: u32,
    /// How many value loops (`for each bonus …`) enclose the statement being checked.
    pub(super) value_loops: u32,
    /// The effect's parameters, by index: name and whether it holds a colour.
    pub(super) params: Vec<(String, bool)>,
    /// Choices a phrase of the statement being lowered needs first (`of the value of my
    /// choice`): emitted just before it.
    pub(super) pre: Vec<Stmt>,
    /// The card's title and the effect's parameters as written, for the words of either/or
    /// alternatives.
    pub(super) title: String,
    pub(super) args: Vec<ast::Arg>,
    /// The lasting effect whose body is being lowered (`None`: the effect itself).
    pub(super) lasting: Option<LastingScope>,
}

/// A lasting effect's body being lowered: it runs later, on its own.
#[derive(Clone, Debug)]
pub(super) struct LastingScope {
    /// Its opening words (`on your next turn`), for diagnostics.
    pub(super) span: Span,
    /// The parameters of the effects around it, which its body cannot name.
    pub(super) outer_params: Vec<String>,
    /// It runs on the executor's own turn (inside `on your next turn`, at any depth).
    pub(super) own_turn: bool,
}

/// A parameter's value as written, before its kind is known.
enum ArgKind<'x> {
    Value(&'x ast::Expr),
    Color(ast::ColorAtom),
}

impl EffectCx<'_, '_> {
    /// The effect's parameters: each named once, a colour when its first value is one.
    fn params(&mut self, args: &[ast::Arg]) -> Vec<ParamDef> {
        let mut out = Vec::new();
        for arg in args {
            if self.params.iter().any(|(n, _)| *n == arg.name.node) {
                self.error(Error::DuplicateParam {
                    at: self.at(arg.name.span),
                    name: arg.name.node.clone(),
                });
                continue;
            }
            let first = match arg_kind(arg) {
                ArgKind::Value(e) => ParamValue::Value(self.value(e)),
                ArgKind::Color(atom) => ParamValue::Color(self.color_atom(atom, arg.span)),
            };
            self.params
                .push((arg.name.node.clone(), matches!(first, ParamValue::Color(_))));
            out.push(ParamDef {
                name: arg.name.node.clone(),
                first,
            });
        }
        out
    }

    /// A parameter by name: its index and whether it holds a colour.
    pub(super) fn param(&self, name: &str) -> Option<(u8, bool)> {
        self.params
            .iter()
            .position(|(n, _)| n == name)
            .map(|i| (i as u8, self.params[i].1))
    }

    /// `repeat this effect with v = chosen`: each argument's parameter and new value.
    pub(super) fn repeat_args(&mut self, args: &[ast::Arg]) -> Vec<(u8, ParamValue)> {
        let mut out = Vec::new();
        for arg in args {
            let Some((index, color)) = self.param(&arg.name.node) else {
                let suggestion =
                    suggest::closest(&arg.name.node, self.params.iter().map(|(n, _)| n.as_str()))
                        .map(String::from);
                self.error(Error::UnknownName {
                    at: self.at(arg.name.span),
                    name: arg.name.node.clone(),
                    kind: NameKind::Parameter,
                    suggestion,
                });
                continue;
            };
            let value = match (arg_kind(arg), color) {
                (ArgKind::Color(atom), true) => ParamValue::Color(self.color_atom(atom, arg.span)),
                (ArgKind::Value(e), false) => ParamValue::Value(self.value(e)),
                // `chosen` names the latest choice of the parameter's kind.
                (
                    ArgKind::Value(ast::Expr {
                        kind: ast::ExprKind::Chosen,
                        ..
                    }),
                    true,
                ) => ParamValue::Color(self.color_atom(ast::ColorAtom::Chosen, arg.span)),
                (_, color) => {
                    self.error(Error::ParamKindMismatch {
                        at: self.at(arg.span),
                        name: arg.name.node.clone(),
                        expected: if color { "a colour" } else { "a value" },
                    });
                    continue;
                }
            };
            out.push((index, value));
        }
        out
    }

    /// A statement that needs a rule variant: reported when the edition lacks it.
    pub(super) fn needs_rule(
        &mut self,
        span: Span,
        what: &str,
        rule: &'static str,
        has: fn(&Rules) -> bool,
    ) {
        if let Some(edition) = &self.card.options.edition {
            if !has(&edition.rules) {
                let edition = edition.name.clone();
                self.error(Error::RuleNotInEdition {
                    at: self.at(span),
                    what: what.to_string(),
                    edition,
                    rule,
                });
            }
        }
    }
    /// The player who carries out the statement being lowered: its subject, or the executor.
    pub(super) fn doer(&self) -> Player {
        self.doer.clone().unwrap_or(Player::Executor)
    }

    pub(super) fn error(&mut self, e: Error) {
        // In a lasting effect's body, a word that names what only the effect around it has
        // says so (E0216).
        let e = match (&self.lasting, e) {
            (Some(l), Error::UnboundReference { at, word, .. }) => Error::LastingReference {
                at,
                word,
                lasting: self.card.at(l.span),
            },
            (Some(l), Error::TheirOutsideLoop { at, word }) => Error::LastingReference {
                at,
                word: word.to_string(),
                lasting: self.card.at(l.span),
            },
            (
                Some(l),
                Error::UnknownName {
                    at,
                    name,
                    kind: NameKind::Parameter,
                    ..
                },
            ) if l.outer_params.contains(&name) => Error::LastingReference {
                at,
                word: name,
                lasting: self.card.at(l.span),
            },
            (_, e) => e,
        };
        self.card.errors.push(e);
    }

    /// A lasting effect (`on your next turn { … }`, `the next time you meld a card this turn {
    /// … }`): its body lowered as an effect of its own, in a fresh scope where nothing of the
    /// effect around it is named, its statements numbered from 0; for `the next time …`,
    /// statement 0 is the move that sets it off (`it`, `melded`), and the filters test its card.
    pub(super) fn lasting_effect(
        &mut self,
        when: &ast::Spanned<ast::LastingWhen>,
        body: &ast::Block,
    ) -> LastingDef {
        let mut outer_params: Vec<String> = self.params.iter().map(|(n, _)| n.clone()).collect();
        let mut own_turn = matches!(when.node, ast::LastingWhen::NextTurn);
        if let Some(l) = &self.lasting {
            outer_params.extend(l.outer_params.iter().cloned());
            own_turn |= l.own_turn;
        }
        let mut fx = EffectCx::new(&mut *self.card, self.title.clone(), self.demand, Vec::new());
        fx.lasting = Some(LastingScope {
            span: when.span,
            outer_params,
            own_turn,
        });
        let lowered = match &when.node {
            ast::LastingWhen::NextTurn => LastingWhen::NextTurn,
            ast::LastingWhen::NextTime { verb, filters } => {
                let filters = filters
                    .iter()
                    .filter_map(|f| fx.filter(&f.node, f.span))
                    .collect();
                fx.no_choice_first(
                    verb.span,
                    when.span,
                    "ask for a choice before the move it waits for",
                );
                let moved = fx.fresh();
                fx.produce(moved, vec![verb.node.participle()], true);
                let verb = match verb.node {
                    ast::LastingVerb::Draw => Verb::Draw,
                    ast::LastingVerb::Move(v) => super::words::verb(v),
                };
                LastingWhen::NextMove { verb, filters }
            }
        };
        let body = fx.block(body);
        LastingDef {
            when: lowered,
            body,
            stmt_count: fx.next_id,
        }
    }

    /// Whether a statement only the effect itself can carry out (`repeat this effect`, `end the
    /// dogma action`) stands in a lasting effect's body: reported (E0314).
    pub(super) fn outside_lasting(&mut self, span: Span, what: &'static str) {
        if let Some(l) = &self.lasting {
            let lasting = self.card.at(l.span);
            let at = self.at(span);
            self.error(Error::LastingStatement { at, what, lasting });
        }
    }

    pub(super) fn warn(&mut self, w: Warning) {
        self.card.warnings.push(w);
    }

    pub(super) fn at(&self, span: Span) -> At {
        self.card.at(span)
    }

    pub(super) fn fresh(&mut self) -> StmtId {
        let id = StmtId(self.next_id);
        self.next_id = self.next_id.saturating_add(1);
        id
    }

    pub(super) fn stmt(&self, id: StmtId, kind: StmtKind, span: Span) -> Stmt {
        Stmt {
            id,
            kind,
            span: self.card.src(span),
        }
    }

    pub(super) fn produce(&mut self, id: StmtId, participles: Vec<ast::Participle>, cards: bool) {
        self.produced.push(Produced {
            id,
            participles,
            cards,
            choice: None,
            player: false,
            nested: false,
        });
    }

    /// A statement that makes a choice (`chosen`): a value, colour, player … chosen; a chosen
    /// player or opponent is `that player` after it.
    pub(super) fn produce_choice(&mut self, id: StmtId, kind: ChoiceKind) {
        self.produced.push(Produced {
            id,
            participles: vec![ast::Participle::Chosen],
            cards: false,
            choice: Some(kind),
            player: matches!(kind, ChoiceKind::Player | ChoiceKind::Opponent),
            nested: false,
        });
    }

    /// Lowers a block whose statements may not run (a branch, a loop body): returns what it
    /// produced, taken out of sight of what follows until `after_branches`.
    pub(super) fn branch<T>(&mut self, f: impl FnOnce(&mut Self) -> T) -> (T, Vec<Produced>) {
        let start = self.produced.len();
        let out = f(self);
        let produced = self.produced.split_off(start);
        (out, produced)
    }

    /// What branches produced, visible again to participles (`if you returned any`) but not to
    /// `it`.
    pub(super) fn after_branches(&mut self, produced: Vec<Produced>) {
        self.produced
            .extend(produced.into_iter().map(|p| Produced { nested: true, ..p }));
    }

    pub(super) fn latest(&self, test: impl Fn(&Produced) -> bool) -> Option<StmtId> {
        self.produced.iter().rev().find(|p| test(p)).map(|p| p.id)
    }

    pub(super) fn unbound(&mut self, span: Span, word: &str, needs: &'static str) {
        self.error(Error::UnboundReference {
            at: self.at(span),
            word: word.to_string(),
            needs,
        });
    }

    /// The latest statement whose cards a participle names.
    pub(super) fn bound(&mut self, participle: ast::Participle, span: Span) -> Option<StmtId> {
        if participle == ast::Participle::Chosen {
            // `choose a card …` names cards; `choose a value` does not.
            if let Some(stmt) =
                self.latest(|p| p.cards && p.participles.contains(&ast::Participle::Chosen))
            {
                return Some(stmt);
            }
            self.error(Error::NotAMovement {
                at: self.at(span),
                word: "chosen".to_string(),
            });
            return None;
        }
        let found = self.latest(|p| p.participles.contains(&participle));
        if found.is_none() {
            self.unbound(
                span,
                participle.word(),
                "statement with that verb in this effect",
            );
        }
        found
    }
}
