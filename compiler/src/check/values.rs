//! Values and colours: numbers (literals, `the value of`, `the number of`, parameters,
//! `chosen`) and colour selections.

use super::effects::EffectCx;
use super::words::rounding;
use crate::diagnostics::{Error, NameKind};
use crate::ir::{self, *};
use dogma_dsl::ast::{self, Span};
use dogma_dsl::suggest;

impl EffectCx<'_, '_> {
    /// `bonus on your board`, `value in your score pile`: values to loop over or choose among.
    pub(super) fn value_list(&mut self, list: &ast::ValueList, span: Span) -> ValueList {
        match list {
            ast::ValueList::Bonuses(whose) => ValueList::Bonuses(self.owner(whose)),
            ast::ValueList::ValuesIn(set) => ValueList::ValuesIn(self.set_ref(set)),
            ast::ValueList::RepeatedBonuses(whose) => {
                ValueList::RepeatedBonuses(self.single_owner(whose))
            }
            ast::ValueList::BonusesOf(set) => ValueList::BonusesOf(self.set_ref(set)),
            ast::ValueList::Below(bound) => ValueList::Below(Box::new(self.value(bound))),
            ast::ValueList::Chosen => match self.latest(|p| p.choice == Some(ChoiceKind::Value)) {
                Some(stmt) => ValueList::Chosen(stmt),
                None => {
                    self.unbound(span, "value chosen", "choice of a value");
                    ValueList::Chosen(StmtId(0))
                }
            },
        }
    }

    /// One colour atom as a colour selection.
    pub(super) fn color_atom(&mut self, atom: ast::ColorAtom, span: Span) -> ColorSel {
        self.color_expr(&ast::ColorExpr {
            alternatives: vec![ast::Spanned::new(atom, span)],
            span,
        })
    }

    /// One colour atom as a selection of colours.
    fn color_atom_sel(&mut self, atom: &ast::Spanned<ast::ColorAtom>) -> ColorSel {
        self.color_expr(&ast::ColorExpr {
            alternatives: vec![atom.clone()],
            span: atom.span,
        })
    }

    pub(super) fn color_expr(&mut self, c: &ast::ColorExpr) -> ColorSel {
        let mut alternatives = Vec::new();
        for atom in &c.alternatives {
            let term = match &atom.node {
                ast::ColorAtom::Named(word) => match self.param(word) {
                    Some((index, true)) => ColorTerm::Param(index),
                    Some((_, false)) => {
                        self.error(Error::ParamKindMismatch {
                            at: self.at(atom.span),
                            name: word.clone(),
                            expected: "a value",
                        });
                        continue;
                    }
                    None => {
                        let name = ast::Spanned::new(word.clone(), atom.span);
                        match self.card.color_name(&name) {
                            Some(color) => ColorTerm::Named(color),
                            None => continue,
                        }
                    }
                },
                ast::ColorAtom::AnyColor(filters) => ColorTerm::Any(
                    filters
                        .iter()
                        .filter_map(|f| self.color_filter(f))
                        .collect(),
                ),
                ast::ColorAtom::ColorOf(card) => ColorTerm::Of(Box::new(self.card_ref(card))),
                // `its color` as a colour of its own (`splay up its color`, `your cards of its
                // color are splayed aslant`) is the colour of `it`; inside a card phrase the
                // filter `of its color` is the candidate's own colour (`Filter::ItsColor`).
                ast::ColorAtom::ItsColor => ColorTerm::Of(Box::new(self.card_ref(&ast::CardRef {
                    kind: ast::CardRefKind::It,
                    span: atom.span,
                }))),
                ast::ColorAtom::ThatColor => {
                    if self.color_loops == 0 {
                        self.unbound(atom.span, "that color", "`for each color` around it");
                        continue;
                    }
                    ColorTerm::Loop
                }
                // `it` as a colour: the loop's colour, or else the colour of `it`.
                ast::ColorAtom::It if self.color_loops > 0 => ColorTerm::Loop,
                ast::ColorAtom::It => ColorTerm::Of(Box::new(self.card_ref(&ast::CardRef {
                    kind: ast::CardRefKind::It,
                    span: atom.span,
                }))),
                // Only splay and unsplay take `each color …`, and lower it as a loop; elsewhere
                // the grammar does not allow it.
                ast::ColorAtom::Each(filters) => ColorTerm::Any(
                    filters
                        .iter()
                        .filter_map(|f| self.color_filter(f))
                        .collect(),
                ),
                ast::ColorAtom::Chosen => {
                    match self.latest(|p| p.choice == Some(ChoiceKind::Color)) {
                        Some(stmt) => ColorTerm::ChosenBy(stmt),
                        None => {
                            self.unbound(atom.span, "chosen", "choice of colours");
                            continue;
                        }
                    }
                }
            };
            alternatives.push(term);
        }
        ColorSel { alternatives }
    }

    pub(super) fn color_filter(
        &mut self,
        f: &ast::Spanned<ast::ColorFilter>,
    ) -> Option<ir::ColorFilter> {
        Some(match &f.node {
            ast::ColorFilter::Splayed(dirs) => {
                ir::ColorFilter::Splayed(dirs.iter().map(|d| self.direction(d)).collect())
            }
            ast::ColorFilter::YouHaveSplayed(dirs) => {
                ir::ColorFilter::Splayed(dirs.iter().map(|d| self.direction(d)).collect())
            }
            ast::ColorFilter::With(icon) => ir::ColorFilter::WithIcon(self.card.icon_name(icon)?),
            ast::ColorFilter::Without(icon) => {
                ir::ColorFilter::WithoutIcon(self.card.icon_name(icon)?)
            }
            ast::ColorFilter::NotOn(whose) => ir::ColorFilter::NotOn(self.owner(whose)),
            ast::ColorFilter::On(whose) => ir::ColorFilter::On(self.owner(whose)),
            ast::ColorFilter::Of(card) => ir::ColorFilter::Of(Box::new(self.card_ref(card))),
            ast::ColorFilter::MostCards => ir::ColorFilter::MostCards,
            ast::ColorFilter::VisibleCards { most } => {
                ir::ColorFilter::VisibleCards { most: *most }
            }
            ast::ColorFilter::MoreVisibleThan(whose) => {
                ir::ColorFilter::MoreVisibleThan(self.single_owner(whose))
            }
            ast::ColorFilter::Chosen => {
                match self.latest(|p| p.choice == Some(ChoiceKind::Color)) {
                    Some(stmt) => ir::ColorFilter::ChosenBy(stmt),
                    None => {
                        self.unbound(f.span, "chosen", "choice of colours");
                        return None;
                    }
                }
            }
            ast::ColorFilter::OtherThan(color) => {
                ir::ColorFilter::OtherThan(self.card.color_name(color)?)
            }
        })
    }

    /// The colours a loop or a choice goes over: the colours of a board that pass the filters.
    /// A leading `on POSSESSIVE board` says whose board (else the doer's); the other filters
    /// test that board's piles.
    pub(super) fn board_filters(
        &mut self,
        filters: &[ast::Spanned<ast::ColorFilter>],
    ) -> (Player, Vec<ir::ColorFilter>) {
        let (owner, rest) = match filters.split_first() {
            Some((
                ast::Spanned {
                    node: ast::ColorFilter::On(whose),
                    ..
                },
                rest,
            )) => (self.single_owner(whose), rest),
            _ => (self.doer(), filters),
        };
        let filters = rest.iter().filter_map(|f| self.color_filter(f)).collect();
        (owner, filters)
    }

    pub(super) fn value(&mut self, e: &ast::Expr) -> Value {
        match &e.kind {
            ast::ExprKind::Int(n) => Value::Const((*n).min(i32::MAX as u32) as i32),
            ast::ExprKind::Add(a, b) => {
                Value::Add(Box::new(self.value(a)), Box::new(self.value(b)))
            }
            ast::ExprKind::Sub(a, b) => {
                Value::Sub(Box::new(self.value(a)), Box::new(self.value(b)))
            }
            ast::ExprKind::Mul(a, b) => {
                Value::Mul(Box::new(self.value(a)), Box::new(self.value(b)))
            }
            ast::ExprKind::Paren(inner) => self.value(inner),
            ast::ExprKind::ValueOf(card) => Value::ValueOf(Box::new(self.card_ref(card))),
            ast::ExprKind::NumberOf(c) => Value::Count(Box::new(self.countable(c))),
            ast::ExprKind::Extreme { highest, set } => {
                let which = if *highest {
                    Extreme::Highest
                } else {
                    Extreme::Lowest
                };
                Value::Extreme(which, Box::new(self.set_ref(set)))
            }
            ast::ExprKind::Half(of, r) => Value::Half(Box::new(self.value(of)), rounding(*r)),
            // Rounded up: (v + by - 1) / by, a division rounding down.
            ast::ExprKind::Divided(of, by, r) => {
                let by = (*by).min(i32::MAX as u32) as i32;
                let of = self.value(of);
                let of = match r {
                    ast::Rounding::Up if by > 1 => {
                        Value::Add(Box::new(of), Box::new(Value::Const(by - 1)))
                    }
                    _ => of,
                };
                Value::Div(Box::new(of), by)
            }
            ast::ExprKind::Chosen => match self
                .latest(|p| matches!(p.choice, Some(ChoiceKind::Value | ChoiceKind::Number)))
            {
                Some(stmt) => Value::ChosenBy(stmt),
                None => {
                    self.unbound(e.span, "chosen", "choice of a value");
                    Value::Const(0)
                }
            },
            ast::ExprKind::Total(set) => Value::Total(Box::new(self.set_ref(set))),
            ast::ExprKind::AnyValue => Value::AnyValue {
                max: self.card.options.max_age(),
            },
            ast::ExprKind::Among(list) => Value::Among(Box::new(self.value_list(list, e.span))),
            ast::ExprKind::EachOf(list) => Value::EachOf(Box::new(self.value_list(list, e.span))),
            ast::ExprKind::ThatValue => {
                if self.value_loops == 0 {
                    self.unbound(
                        e.span,
                        "that value",
                        "`for each bonus …` or `for each value …`",
                    );
                }
                Value::LoopValue
            }
            ast::ExprKind::NextHigher => Value::NextHigher,
            ast::ExprKind::BonusOf(card) => Value::BonusOf(Box::new(self.card_ref(card))),
            ast::ExprKind::HighestBonus(whose) => Value::HighestBonus(self.single_owner(whose)),
            ast::ExprKind::MostOfOneIcon { color, whose } => Value::MostOfOneIcon {
                owner: self.single_owner(whose),
                color: self.color_atom_sel(color),
            },
            ast::ExprKind::Name(name) => match self.param(name) {
                Some((index, false)) => Value::Param(index),
                Some((_, true)) => {
                    self.error(Error::ParamKindMismatch {
                        at: self.at(e.span),
                        name: name.clone(),
                        expected: "a colour",
                    });
                    Value::Const(0)
                }
                None => {
                    let known = self.card.names.kind_of(name);
                    match known {
                        // A colour, an icon or a card where a value belongs (`draw a [red]`): a
                        // value is needed, of which a parameter is only one kind.
                        Some(found) => self.error(Error::WrongKind {
                            at: self.at(e.span),
                            name: name.clone(),
                            expected: NameKind::Value,
                            found,
                        }),
                        None => {
                            let suggestion =
                                suggest::closest(name, self.params.iter().map(|(n, _)| n.as_str()))
                                    .map(String::from);
                            self.error(Error::UnknownName {
                                at: self.at(e.span),
                                name: name.clone(),
                                kind: NameKind::Parameter,
                                suggestion,
                            });
                        }
                    }
                    Value::Const(0)
                }
            },
        }
    }

    pub(super) fn countable(&mut self, c: &ast::Countable) -> Countable {
        match c {
            ast::Countable::DifferentValues(s) => Countable::DifferentValues(self.set_ref(s)),
            ast::Countable::DifferentColors(s) => Countable::DifferentColors(self.set_ref(s)),
            ast::Countable::Colors { whose, filters, .. } => {
                let owner = self.single_owner(whose);
                let filters = filters
                    .iter()
                    .filter_map(|f| self.color_filter(f))
                    .collect();
                Countable::Colors { owner, filters }
            }
            ast::Countable::Icons { icon, whose, .. } => {
                let owner = self.single_owner(whose);
                match self.card.icon_name(icon) {
                    Some(icon) => Countable::Icons { owner, icon },
                    None => Countable::Cards(CardSel {
                        source: CardSource::ThisCard,
                        filters: Vec::new(),
                        pick: Pick::all(),
                        chooser: Chooser::Executor,
                    }),
                }
            }
            ast::Countable::VisibleCards { color, whose, .. } => Countable::VisibleCards {
                owner: self.single_owner(whose),
                color: self.color_atom_sel(color),
            },
            ast::Countable::IconsOnCards { icon, cards, .. } => {
                let cards = self.set_ref(cards);
                match self.card.icon_name(icon) {
                    Some(icon) => Countable::IconsOnCards { cards, icon },
                    None => Countable::Cards(cards),
                }
            }
            ast::Countable::Players { players, with, .. } => Countable::Players {
                set: super::words::player_set(players.node),
                test: with
                    .as_ref()
                    .map(|m| self.in_scope(Player::Each, |fx| fx.player_measure(m))),
            },
            ast::Countable::Cards(s) => Countable::Cards(self.set_ref(s)),
        }
    }
}
