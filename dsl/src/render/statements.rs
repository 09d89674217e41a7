//! What each statement says: its clause, the repeat's arguments, value choices, self-execution
//! in the edition's words, `you may`, `either` and `for every`; and how many cards each verb
//! moved, for the references that follow.

use crate::ast::*;

use super::conditions::board_tail;
use super::players::verb_s;
use super::selections::np_count;
use super::sentences::{Clause, Mood};
use super::words::{and_list, counted, either_text, icon, number, or_list, third_person};
use super::{Renderer, Wording};

impl Renderer<'_> {
    /// A repeat's new value for a parameter, as a printed card says what the effect is repeated
    /// "using": relative to the parameter itself ("a value one higher", "the same color"), to a
    /// card ("a value one higher than the card you returned", "the color of the card you
    /// melded"), or a choice ("the chosen value"). The parameter's name never shows: the card
    /// shows its first value only.
    fn arg_phrase(&self, arg: &Arg) -> String {
        let name = arg.name.node.as_str();
        let is_color = matches!(
            self.params.get(name),
            Some(ArgValue::Color(_))
                | Some(ArgValue::Expr(Expr {
                    kind: ExprKind::Name(_),
                    ..
                }))
        );
        let is_self = |e: &Expr| matches!(&e.kind, ExprKind::Name(n) if n == name);
        match &arg.value {
            ArgValue::Expr(e) if is_self(e) => {
                format!("the same {}", if is_color { "color" } else { "value" })
            }
            ArgValue::Expr(Expr {
                kind: ExprKind::Chosen,
                ..
            }) => format!("the chosen {}", if is_color { "color" } else { "value" }),
            ArgValue::Expr(Expr {
                kind: ExprKind::Name(n),
                ..
            }) if is_color || self.param_expr(n).is_none() => {
                self.color_atom_words(&self.resolve_color(&ColorAtom::Named(n.clone())))
            }
            ArgValue::Expr(e) => self.value_using(name, e),
            ArgValue::Color(atom) => self.color_atom_words(atom),
        }
    }

    /// A value a repeat uses: "a value one higher" (than the parameter's), "a value one lower
    /// than the card you scored", "a value equal to the number of cards you returned".
    fn value_using(&self, param: &str, e: &Expr) -> String {
        let offset = match &e.kind {
            ExprKind::Add(a, b) => match (&a.kind, &b.kind) {
                (ExprKind::Name(n), ExprKind::Int(k)) | (ExprKind::Int(k), ExprKind::Name(n))
                    if n == param =>
                {
                    Some((*k, true))
                }
                _ => None,
            },
            ExprKind::Sub(a, b) => match (&a.kind, &b.kind) {
                (ExprKind::Name(n), ExprKind::Int(k)) if n == param => Some((*k, false)),
                _ => None,
            },
            ExprKind::Paren(inner) => return self.value_using(param, inner),
            _ => None,
        };
        match offset {
            Some((0, _)) => "the same value".to_string(),
            Some((k, higher)) => format!(
                "a value {} {}",
                number(k),
                if higher { "higher" } else { "lower" }
            ),
            // "of value one higher than …" → "a value one higher than …".
            None => {
                let relation = self.value_relation(e);
                let relation = relation.strip_prefix("of ").unwrap_or(&relation);
                match relation.strip_prefix("value ") {
                    Some(rest) => format!("a value {rest}"),
                    None => relation.to_string(),
                }
            }
        }
    }

    /// A colour named on its own: "red", "the color of the card you melded", "its color".
    fn color_atom_words(&self, atom: &ColorAtom) -> String {
        match atom {
            ColorAtom::Named(n) => n.clone(),
            ColorAtom::ColorOf(r) => format!("the color of {}", self.card_ref(r)),
            ColorAtom::ItsColor => "its color".to_string(),
            ColorAtom::Chosen => "the chosen color".to_string(),
            ColorAtom::AnyColor(_) => "a color".to_string(),
            ColorAtom::ThatColor | ColorAtom::It => "that color".to_string(),
            ColorAtom::Each(_) => "each color".to_string(),
        }
    }

    /// `choose [7] or [8]`, `choose [value of scored - 1] or [value of scored - 2]` → "choose
    /// a value one or two lower than the card you scored".
    fn choose_value(&self, options: &[Expr]) -> String {
        let literal: Option<Vec<String>> = options
            .iter()
            .map(|o| match &o.kind {
                ExprKind::Int(n) => Some(format!("[{n}]")),
                _ => None,
            })
            .collect();
        if let Some(values) = literal {
            return format!("choose {}", or_list(&values));
        }
        let mut anchor: Option<String> = None;
        let mut offsets = Vec::new();
        let mut direction: Option<bool> = None;
        for o in options {
            let (a, b, higher) = match &o.kind {
                ExprKind::Add(a, b) => (a, b, true),
                ExprKind::Sub(a, b) => (a, b, false),
                _ => {
                    anchor = None;
                    break;
                }
            };
            let (ExprKind::Int(n), Some(text)) = (&b.kind, self.value_anchor(a)) else {
                anchor = None;
                break;
            };
            if anchor.as_ref().is_some_and(|x| *x != text) || direction.is_some_and(|d| d != higher)
            {
                anchor = None;
                break;
            }
            anchor = Some(text);
            direction = Some(higher);
            offsets.push(number(*n));
        }
        match (anchor, direction) {
            (Some(anchor), Some(higher)) if offsets.len() == options.len() => format!(
                "choose a value {} {} than {anchor}",
                or_list(&offsets),
                if higher { "higher" } else { "lower" }
            ),
            _ => {
                let values: Vec<String> = options.iter().map(|o| self.expr(o, true)).collect();
                format!("choose a value among {}", or_list(&values))
            }
        }
    }

    /// Executing another card's non-demand effects without sharing, in the edition's words.
    fn self_execute(&mut self, sel: &Selection) -> Clause {
        let (pronoun, plural) = match sel {
            Selection::Ref(CardRef {
                kind: CardRefKind::It,
                ..
            }) => (Some("its"), false),
            Selection::Ref(CardRef {
                kind: CardRefKind::Them,
                ..
            }) => (Some("their"), true),
            _ => (None, false),
        };
        match self.wording {
            Wording::Fourth => Clause::imperative(format!(
                "self-execute {}",
                match pronoun {
                    Some(_) if plural => "them".to_string(),
                    Some(_) => "it".to_string(),
                    None => self.selection(sel),
                }
            )),
            Wording::First => Clause::imperative(match pronoun {
                Some(p) => format!("execute {p} non-demand dogma effects for yourself only"),
                None => format!(
                    "execute the non-demand dogma effects of {} for yourself only",
                    self.selection(sel)
                ),
            }),
            Wording::Third => Clause {
                text: match pronoun {
                    Some(p) => format!("execute each of {p} non-demand effects"),
                    None => format!(
                        "execute each of the non-demand effects of {}",
                        self.selection(sel)
                    ),
                },
                mood: Mood::Imperative,
                trailers: vec!["do not share them".to_string()],
            },
        }
    }

    /// Executing every effect of another card as if it were on this card, without sharing:
    /// "execute the effects of the card you melded as if they were on this card. Do not share
    /// them." (every edition words it so).
    fn execute_as_if(&mut self, sel: &Selection) -> Clause {
        let effects = match sel {
            Selection::Ref(CardRef {
                kind: CardRefKind::It,
                ..
            }) => "its effects".to_string(),
            Selection::Ref(CardRef {
                kind: CardRefKind::Them,
                ..
            }) => "their effects".to_string(),
            _ => format!("the effects of {}", self.selection(sel)),
        };
        Clause {
            text: format!("execute {effects} as if they were on this card"),
            mood: Mood::Imperative,
            trailers: vec!["do not share them".to_string()],
        }
    }

    /// A colour filter as it follows "color": "on your board", "with one or more [leaf]".
    pub(super) fn color_filter_on(&self, f: &ColorFilter) -> String {
        match f {
            ColorFilter::On(whose) => format!("on {} board", whose.node.words()),
            other => self.color_filter(other, false),
        }
    }

    /// "for each color on your board with one or more [leaf]".
    pub(super) fn each_color(&self, filters: &[Spanned<ColorFilter>]) -> String {
        let mut text = "for each color".to_string();
        for f in filters {
            text.push(' ');
            text.push_str(&self.color_filter_on(&f.node));
        }
        text
    }

    /// `for each bonus on your board` → "for each visible bonus on your board"; `for each value
    /// in your score pile` → "for each value of card in your score pile".
    pub(super) fn each_value(&self, list: &ValueList) -> String {
        match list {
            ValueList::Bonuses(whose) => {
                format!("for each visible bonus on {} board", whose.node.words())
            }
            ValueList::ValuesIn(SetRef::Zone(z)) => {
                format!("for each value of card in {}", self.zone(z))
            }
            ValueList::ValuesIn(set) => format!("for each value among {}", self.set_cards(set)),
            ValueList::RepeatedBonuses(whose) => format!(
                "for each bonus that occurs more than once on {} board",
                whose.node.words()
            ),
            ValueList::BonusesOf(set) => format!("for each bonus of {}", self.set_cards(set)),
            ValueList::Chosen => "for each chosen value".to_string(),
            // Earhart's Lockheed Electra 10E: "For each value below nine".
            ValueList::Below(bound) => format!("for each value below {}", self.expr(bound, false)),
        }
    }

    /// `for each card in chosen` → "for each card chosen"; `for each card in your hand` → "for
    /// each card in your hand"; otherwise "for each of" the cards.
    pub(super) fn each_card(&self, set: &SetRef) -> String {
        match set {
            SetRef::Cards(CardRef {
                kind: CardRefKind::Bound(p),
                ..
            }) => format!("for each card {}", p.word()),
            SetRef::Zone(z) => format!("for each card in {}", self.zone(z)),
            SetRef::Supply(z) => format!("for each card in {}", self.supply(z)),
            set => format!("for each of {}", self.set_cards(set)),
        }
    }

    /// `bonus on any board` → "a bonus on any board", `value in your hand` → "a value present
    /// in your hand": one value of a list, the drawer's choice.
    pub(super) fn among(&self, list: &ValueList) -> String {
        match list {
            ValueList::Bonuses(whose) => {
                let whose = match whose.node {
                    Possessive::AnyPlayers => "any".to_string(),
                    p => p.words().to_string(),
                };
                format!("a bonus on {whose} board")
            }
            ValueList::ValuesIn(SetRef::Zone(z)) => {
                format!("a value present in {}", self.zone(z))
            }
            ValueList::ValuesIn(set) => format!("a value among {}", self.set_cards(set)),
            ValueList::RepeatedBonuses(whose) => format!(
                "a bonus that occurs more than once on {} board",
                whose.node.words()
            ),
            ValueList::BonusesOf(set) => format!("a bonus of {}", self.set_cards(set)),
            ValueList::Chosen => "a chosen value".to_string(),
            ValueList::Below(bound) => format!("a value below {}", self.expr(bound, false)),
        }
    }

    /// `opponent`, `opponent with more [crown] than you`: the players of a `for each`.
    pub(super) fn each_players(
        &self,
        players: &Spanned<PlayerSet>,
        with: &Option<PlayerMeasure>,
    ) -> String {
        match with {
            Some(m) => format!(
                "{} with {}",
                players.node.words(),
                self.measure_phrase(m, "their")
            ),
            None => players.node.words().to_string(),
        }
    }

    /// One statement as a clause, with its `for every …` suffix; a statement with a subject
    /// reads "each opponent draws a [1]".
    pub(super) fn stmt_clause(&mut self, stmt: &Stmt) -> Clause {
        let mut clause = self.kind_clause(&stmt.kind);
        if let Some(subject) = &stmt.subject {
            let who = match &subject.kind {
                SubjectKind::Each { players, with } => {
                    format!("each {}", self.each_players(players, with))
                }
                SubjectKind::Player(p) => self.player(p),
            };
            clause.text = format!("{who} {}", third_person(&clause.text));
            clause.mood = Mood::Subject;
        }
        if let Some(scale) = &stmt.scale {
            clause.text = match scale {
                // `draw a [7] for every player` → "for each player in the game, draw a [7]", as
                // printed (The Communist Manifesto).
                Scale {
                    per: None,
                    what:
                        Countable::Players {
                            players,
                            with: None,
                            ..
                        },
                    ..
                } if players.node == PlayerSet::Player => {
                    format!("for each player in the game, {}", clause.text)
                }
                _ => format!("{} {}", clause.text, self.scale(scale)),
            };
        }
        self.record(&stmt.kind, stmt.scale.is_some());
        clause
    }

    /// Remembers how many cards the statement moved, for later references to its participle.
    fn record(&mut self, kind: &StmtKind, scaled: bool) {
        self.last_taken = None;
        match kind {
            StmtKind::Draw {
                then, count, value, ..
            } => {
                let mut fixed = match count.node {
                    DrawCount::Fixed(n) => Some(n),
                    DrawCount::Computed(_) => None,
                };
                // `a card of each value chosen`: as many draws as values chosen.
                if let ExprKind::EachOf(list) = &value.kind {
                    fixed = match list {
                        ValueList::Chosen => fixed.zip(self.values_chosen).map(|(a, b)| a * b),
                        _ => None,
                    };
                }
                let plural = scaled || fixed != Some(1);
                let count = fixed.filter(|_| !scaled);
                self.bind(Participle::Drawn, plural, count);
                if let Some(verb) = then {
                    self.bind(Participle::of_verb(verb.node), plural, count);
                }
            }
            StmtKind::Move { verbs, what, .. } => {
                let plural = scaled || self.selection_plural(what);
                let count = if scaled {
                    None
                } else {
                    self.selection_count(what)
                };
                if verbs.iter().any(|v| v.node != Verb::Reveal) {
                    self.take_from(what);
                }
                for verb in verbs {
                    self.bind(Participle::of_verb(verb.node), plural, count);
                }
            }
            StmtKind::Deal { .. } => self.bind(Participle::Transferred, true, None),
            StmtKind::Transfer { what, .. } | StmtKind::Take(what) => {
                let plural = scaled || self.selection_plural(what);
                let count = if scaled {
                    None
                } else {
                    self.selection_count(what)
                };
                self.take_from(what);
                self.bind(Participle::Transferred, plural, count);
            }
            StmtKind::Exchange(..) => {
                self.bind(Participle::Exchanged, true, None);
            }
            StmtKind::Choose { count, kind, .. } => {
                match kind.node {
                    ChoiceKind::Number => self.number_chosen = true,
                    ChoiceKind::Value => self.number_chosen = false,
                    _ => {}
                }
                self.bind(Participle::Chosen, count.node != 1, Some(count.node));
            }
            StmtKind::ChooseValue { .. } | StmtKind::ChooseListed { .. } => {
                self.number_chosen = false;
                self.values_chosen = Some(1);
                self.bind(Participle::Chosen, false, None);
            }
            StmtKind::ChooseRange { count, .. } => {
                self.number_chosen = false;
                self.values_chosen = Some(*count);
                self.bind(Participle::Chosen, false, None);
            }
            StmtKind::ChooseCards(what) => {
                let plural = scaled || self.selection_plural(what);
                self.bind(Participle::Chosen, plural, None);
            }
            _ => {}
        }
    }

    /// A participle now names the cards of a new statement.
    fn bind(&mut self, p: Participle, plural: bool, count: Option<u32>) {
        if self.would.is_some_and(|(w, _)| w == p) {
            self.would = None;
        }
        self.plural.insert(p, plural);
        match count {
            Some(n) => self.counts.insert(p, n),
            None => self.counts.remove(&p),
        };
        self.taken.remove(&p);
    }

    /// Notes that a statement moved some of the cards a participle names (`transfer a card of
    /// my choice from drawn to my board`), so that the participle now names the rest.
    fn take_from(&mut self, what: &Selection) {
        let Selection::Np(np) = what else {
            return;
        };
        let Some(Spanned {
            node:
                Source {
                    place:
                        Place::Cards(CardRef {
                            kind: CardRefKind::Bound(p),
                            ..
                        }),
                    ..
                },
            ..
        }) = &np.source
        else {
            return;
        };
        let before = self.taken.get(p).copied().unwrap_or(Some(0));
        let taken = match (before, np_count(np)) {
            (Some(a), Some(b)) => Some(a + b),
            _ => None,
        };
        self.taken.insert(*p, taken);
        self.last_taken = Some(*p);
    }

    fn kind_clause(&mut self, kind: &StmtKind) -> Clause {
        match kind {
            StmtKind::May(body) => self.may(body),
            StmtKind::If {
                cond,
                then,
                otherwise,
            } => {
                let mut clause = self.join(&then.stmts);
                clause.text = format!("if {}, {}", self.cond(cond), clause.text);
                clause.mood = Mood::Subject;
                let mut otherwise = otherwise.as_deref();
                while let Some(other) = otherwise {
                    match other {
                        Otherwise::Block(block) => {
                            let other = self.join(&block.stmts);
                            clause.text = format!("{}; otherwise, {}", clause.text, other.text);
                            clause.trailers.extend(other.trailers);
                            otherwise = None;
                        }
                        Otherwise::If(stmt) => match &stmt.kind {
                            StmtKind::If {
                                cond,
                                then,
                                otherwise: next,
                            } => {
                                let other = self.join(&then.stmts);
                                clause.text = format!(
                                    "{}; otherwise, if {}, {}",
                                    clause.text,
                                    self.cond(cond),
                                    other.text
                                );
                                clause.trailers.extend(other.trailers);
                                otherwise = next.as_deref();
                            }
                            _ => {
                                let other = self.stmt_clause(stmt);
                                clause.text = format!("{}; otherwise, {}", clause.text, other.text);
                                clause.trailers.extend(other.trailers);
                                otherwise = None;
                            }
                        },
                    }
                }
                clause
            }
            StmtKind::Either {
                by_demander,
                blocks,
            } => {
                let (alternatives, trailers) = self.alternatives(blocks);
                if *by_demander {
                    // Opening a demand: "I demand you either …, or …, as I choose".
                    let either = either_text(&alternatives);
                    Clause {
                        text: format!("I choose: {either}"),
                        mood: Mood::May(format!("{either}, as I choose")),
                        trailers,
                    }
                } else {
                    Clause {
                        text: merged_alternatives(&alternatives)
                            .unwrap_or_else(|| either_text(&alternatives)),
                        mood: Mood::Imperative,
                        trailers,
                    }
                }
            }
            StmtKind::ForEachColor { filters, body } => {
                let mut clause = self.join(&body.stmts);
                clause.text = format!("{}, {}", self.each_color(filters), clause.text);
                clause.mood = Mood::Subject;
                clause
            }
            StmtKind::ForEachValue {
                list,
                ascending,
                descending,
                body,
            } => {
                let mut clause = self.join(&body.stmts);
                clause.text = format!("{}, {}", self.each_value(list), clause.text);
                if *descending {
                    clause.text.push_str(", in descending order");
                } else if *ascending {
                    clause.text.push_str(", in ascending order");
                }
                clause.mood = Mood::Subject;
                clause
            }
            StmtKind::ForEachCard { cards, body } => {
                let mut clause = self.join(&body.stmts);
                clause.text = format!("{}, {}", self.each_card(cards), clause.text);
                clause.mood = Mood::Subject;
                clause
            }
            StmtKind::Lasting { when, body } => {
                let mut clause = self.lasting_body(&when.node, body);
                clause.text = format!("{}, {}", self.lasting_lead(&when.node), clause.text);
                clause.mood = Mood::Subject;
                clause
            }
            StmtKind::AdditionalAction => {
                Clause::imperative("take an additional action".to_string())
            }
            StmtKind::ForEach {
                players,
                with,
                moved,
                body,
            } => {
                let mut clause = self.join(&body.stmts);
                clause.text = format!(
                    "for each {}{}, {}",
                    self.each_players(players, with),
                    moved_players(moved),
                    clause.text
                );
                clause.mood = Mood::Subject;
                clause
            }
            StmtKind::Repeat { args, at_most } => {
                let mut text = match self.wording {
                    _ if self.not_dogma => "repeat this effect".to_string(),
                    Wording::Fourth => "repeat this effect".to_string(),
                    _ => "repeat this dogma effect".to_string(),
                };
                if !args.is_empty() {
                    let phrases: Vec<String> = args.iter().map(|a| self.arg_phrase(a)).collect();
                    text = format!("{text} using {}", and_list(&phrases));
                }
                match at_most.as_ref().map(|n| n.node) {
                    None => {}
                    Some(1) => text.push_str(", at most once"),
                    Some(2) => text.push_str(", at most twice"),
                    Some(n) => text.push_str(&format!(", at most {} times", number(n))),
                }
                Clause::imperative(text)
            }
            StmtKind::ChooseListed { by_demander, list } => {
                let text = format!("choose {}", self.among(list));
                if *by_demander {
                    Clause::subject(format!("I {text}"))
                } else {
                    Clause::imperative(text)
                }
            }
            StmtKind::ChooseRange {
                by_demander,
                count,
                // Several values chosen are different ones whether or not the source says so.
                different: _,
                low,
                high,
                less_than,
            } => {
                let values = if *count == 1 {
                    "a value".to_string()
                } else {
                    format!("{} different values", number(*count))
                };
                let text = if *less_than {
                    let bound = match &high.kind {
                        ExprKind::Int(n) => format!("[{n}]"),
                        _ => self.expr(high, false),
                    };
                    format!("choose {values} less than {bound}")
                } else {
                    format!(
                        "choose {values} from {} to {}",
                        self.expr(low, false),
                        self.expr(high, false)
                    )
                };
                if *by_demander {
                    Clause::subject(format!("I {text}"))
                } else {
                    Clause::imperative(text)
                }
            }
            StmtKind::Choose {
                by_demander,
                count,
                kind,
                except,
                except_value,
                filters,
            } => {
                let noun = kind.node.word(count.node != 1);
                let mut text = format!("choose {}", counted(count.node, noun));
                if let Some(name) = except {
                    text.push_str(&format!(" other than {}", icon(&name.node)));
                }
                if let Some(n) = except_value {
                    text.push_str(&format!(" other than [{}]", n.node));
                }
                for f in filters {
                    text.push(' ');
                    text.push_str(&self.color_filter_on(&f.node));
                }
                if *by_demander {
                    Clause::demander(format!("I {text}"))
                } else {
                    Clause::imperative(text)
                }
            }
            StmtKind::ChooseValue {
                by_demander,
                options,
            } => {
                let text = self.choose_value(options);
                if *by_demander {
                    Clause::demander(format!("I {text}"))
                } else {
                    Clause::imperative(text)
                }
            }
            StmtKind::ChooseCards(what) => {
                Clause::imperative(format!("choose {}", self.selection(what)))
            }
            StmtKind::JunkSpecial { all: true } => {
                Clause::imperative("junk all available special achievements".to_string())
            }
            StmtKind::JunkSpecial { all: false } => {
                Clause::imperative("junk an available special achievement".to_string())
            }
            StmtKind::RestoreSpecial => {
                Clause::imperative("make a special achievement in the junk available".to_string())
            }
            StmtKind::Claim(title) => {
                Clause::imperative(format!("claim the {} achievement", title.node))
            }
            StmtKind::EndDogma => Clause::subject("the dogma action is complete".to_string()),
            StmtKind::EndGame => Clause::subject("the game ends".to_string()),
            StmtKind::SelfExecute(sel) => self.self_execute(sel),
            StmtKind::ExecuteAsIf(sel) => self.execute_as_if(sel),
            StmtKind::Splay {
                direction,
                color,
                board: Some(board),
            } => {
                // "Splay left one color on any player's board": the pile named by its colour.
                let colors: Vec<String> = color
                    .alternatives
                    .iter()
                    .map(|a| match &a.node {
                        ColorAtom::AnyColor(f) if f.is_empty() => "one color".to_string(),
                        atom => self.color_atom_words(atom),
                    })
                    .collect();
                Clause::imperative(format!(
                    "splay {} {} on {} board",
                    direction.node.word(),
                    or_list(&colors),
                    board.node.words()
                ))
            }
            StmtKind::Splay {
                direction, color, ..
            } => {
                let (group, direction_first) = self.color_group(color);
                let dir = direction.node.word();
                Clause::imperative(if direction_first {
                    format!("splay {dir} {group}")
                } else {
                    format!("splay {group} {dir}")
                })
            }
            StmtKind::SplayLike {
                color,
                source,
                matching,
            } => Clause::imperative(self.splay_like(color, source, *matching)),
            StmtKind::Unsplay(color) => {
                Clause::imperative(format!("unsplay {}", self.color_group(color).0))
            }
            StmtKind::Rearrange(color) => Clause::imperative(format!(
                "rearrange the order of {}",
                self.color_group(color).0
            )),
            StmtKind::Draw {
                then,
                count,
                value,
                of_type,
            } => {
                let verb = match then {
                    Some(v) => format!("draw and {}", v.node.word()),
                    None => "draw".to_string(),
                };
                let what = match (&count.node, of_type) {
                    (DrawCount::Fixed(n), None) => self.counted_value(*n, value),
                    (DrawCount::Computed(e), None) => format!(
                        "a number of {} equal to {}",
                        self.value_noun(value, true),
                        self.expr(e, false)
                    ),
                    // `draw an Artifact [3]`: "an Artifact [3]"; `draw an Artifact [value of
                    // it]`: "an Artifact of value equal to …".
                    (DrawCount::Fixed(n), Some(kind)) => {
                        let noun = self.draw_type_noun(value, kind, *n != 1);
                        if *n == 1 {
                            format!("{} {noun}", super::words::article(&noun))
                        } else {
                            format!("{} {noun}", super::words::number(*n))
                        }
                    }
                    (DrawCount::Computed(e), Some(kind)) => format!(
                        "a number of {} equal to {}",
                        self.draw_type_noun(value, kind, true),
                        self.expr(e, false)
                    ),
                };
                Clause::imperative(format!("{verb} {what}"))
            }
            // The printed word for a card put back on its deck (Telescope).
            StmtKind::Transfer {
                what,
                to: Destination::DeckTop,
                ..
            } => Clause::imperative(format!("place {} on top of its deck", self.selection(what))),
            StmtKind::Transfer {
                what,
                to,
                bottom_up,
            } => Clause::imperative(format!(
                "transfer {} to {}{}",
                self.selection(what),
                self.destination(to),
                if *bottom_up {
                    ", from the bottom up"
                } else {
                    ""
                }
            )),
            StmtKind::Deal { what, players } => {
                // `drawn` reads "the drawn cards", as printed.
                let cards = match &what.kind {
                    CardRefKind::Bound(p) => format!("the {} cards", p.word()),
                    _ => self.card_ref(what),
                };
                Clause::imperative(format!(
                    "transfer one of {cards} to each {}'s board",
                    players.node.words()
                ))
            }
            StmtKind::Take(what) => {
                Clause::imperative(format!("take {} into your hand", self.selection(what)))
            }
            StmtKind::Exchange(a, b) => Clause::imperative(format!(
                "exchange {} with {}",
                self.selection(a),
                self.selection(b)
            )),
            StmtKind::Move {
                verbs,
                if_eligible,
                what,
            } => {
                let verbs: Vec<&str> = verbs.iter().map(|v| v.node.word()).collect();
                let eligible = if if_eligible.is_some() {
                    " (if eligible)"
                } else {
                    ""
                };
                // The score's multiple follows as the card prints it: a sentence of its own.
                let doubled = match if_eligible {
                    Some(m) if *m > 1 => {
                        ". Your current score is doubled for the purpose of checking eligibility"
                    }
                    _ => "",
                };
                Clause::imperative(format!(
                    "{}{eligible} {}{doubled}",
                    verbs.join(" and "),
                    self.selection(what)
                ))
            }
            StmtKind::Look(what) => Clause::imperative(format!("look at {}", self.selection(what))),
            StmtKind::Keep(card) => Clause::imperative(format!("keep {}", self.card_ref(card))),
            StmtKind::Win(winner) => Clause::subject(match winner {
                Winner::Single { most, measure, .. } => {
                    let (head, tail) = self.measure_parts(&measure.node, "their", true);
                    // A count on the board needs no "on their board" after "the most".
                    let tail = if board_tail(&measure.node) { "" } else { &tail };
                    format!(
                        "the single player with the {} {head}{tail} wins",
                        if *most { "most" } else { "fewest" }
                    )
                }
                Winner::Player(p) => format!("{} {}", self.player(p), verb_s(p, "win", "wins")),
                // Exxon Valdez.
                Winner::OnlyRemaining => {
                    "if there is only one player remaining in the game, that player wins"
                        .to_string()
                }
            }),
            StmtKind::Lose(p) => {
                Clause::subject(format!("{} {}", self.player(p), verb_s(p, "lose", "loses")))
            }
        }
    }

    /// When a lasting effect runs, as its sentence's lead: "on your next turn", "the next time
    /// you meld a card with a [crown] this turn".
    pub(super) fn lasting_lead(&self, when: &LastingWhen) -> String {
        match when {
            LastingWhen::NextTurn => "on your next turn".to_string(),
            LastingWhen::NextTime { verb, filters } => {
                let mut text = format!("the next time you {} a card", verb.node.word());
                for f in filters {
                    text.push(' ');
                    text.push_str(&self.filter(&f.node));
                }
                text.push_str(" this turn");
                text
            }
        }
    }

    /// A "would" karma's card (`it`, the card the event moves) is one card.
    pub(super) fn would_card(&mut self, event: &KarmaEvent) {
        let verbs: Vec<LastingVerb> = match event {
            KarmaEvent::Move { verb, or, .. } => std::iter::once(verb.node)
                .chain(or.as_ref().map(|o| o.node))
                .collect(),
            KarmaEvent::SharingDraw { .. } => vec![LastingVerb::Draw],
            KarmaEvent::Dogma { .. } | KarmaEvent::Splay { .. } => Vec::new(),
        };
        if let Some(first) = verbs.first() {
            self.would = Some((first.participle(), first.word()));
        }
        for verb in verbs {
            let participle = verb.participle();
            self.plural.insert(participle, false);
            self.counts.insert(participle, 1);
        }
    }

    /// A "would" karma's head: "If you would meld a purple card, instead".
    pub(super) fn would_head(
        &self,
        who: KarmaWho,
        event: &KarmaEvent,
        condition: Option<&Cond>,
        mode: KarmaMode,
    ) -> String {
        let mut text = format!("If {} would ", crate::format::karma_who_text(who));
        match event {
            KarmaEvent::Dogma { card } => {
                text.push_str("take a Dogma action");
                if let Some(card) = card {
                    text.push_str(" and activate ");
                    text.push_str(&crate::format::with_article(&self.card_np(card)));
                }
            }
            KarmaEvent::Splay { direction } => {
                text.push_str("splay a color ");
                text.push_str(direction.node.word());
            }
            KarmaEvent::Move { verb, or, card } => {
                text.push_str(verb.node.word());
                if let Some(or) = or {
                    text.push_str(" or ");
                    text.push_str(or.node.word());
                }
                text.push(' ');
                text.push_str(&crate::format::with_article(&self.card_np(card)));
            }
            KarmaEvent::SharingDraw { card } => {
                text.push_str("draw ");
                text.push_str(&crate::format::with_article(&self.card_np(card)));
                text.push_str(" for sharing");
            }
        }
        if let Some(c) = condition {
            text.push_str(", and ");
            text.push_str(&self.cond(c));
        }
        text.push_str(match mode {
            KarmaMode::First => ", first",
            KarmaMode::Instead => ", instead",
        });
        text
    }

    /// A lasting effect's body as one clause. It runs later, on its own: what the effect around
    /// it moved is not its to name, and the card that set it off (`the next time you meld a
    /// card`) is one card, "the card you melded".
    pub(super) fn lasting_body(&mut self, when: &LastingWhen, body: &Block) -> Clause {
        let saved = (
            self.plural.clone(),
            self.counts.clone(),
            self.taken.clone(),
            self.last_taken,
        );
        if let LastingWhen::NextTime { verb, .. } = when {
            let participle = verb.node.participle();
            self.plural.insert(participle, false);
            self.counts.insert(participle, 1);
            self.taken.remove(&participle);
        }
        let clause = self.join(&body.stmts);
        (self.plural, self.counts, self.taken, self.last_taken) = saved;
        clause
    }

    /// The blocks of an `either`, each as one clause, and the trailers they carry.
    pub(super) fn alternatives(&mut self, blocks: &[Block]) -> (Vec<String>, Vec<String>) {
        let mut trailers = Vec::new();
        let alternatives = blocks
            .iter()
            .map(|b| {
                let clause = self.join(&b.stmts);
                trailers.extend(clause.trailers);
                clause.text
            })
            .collect();
        (alternatives, trailers)
    }

    /// `you may …`: "you may X", "you may choose to either A, or B", "if X, you may Y".
    fn may(&mut self, body: &MayBody) -> Clause {
        let inner = match body {
            MayBody::Block(block) => self.join(&block.stmts),
            MayBody::Stmt(stmt) => {
                if let StmtKind::If {
                    cond,
                    then,
                    otherwise: None,
                } = &stmt.kind
                {
                    let cond = self.cond(cond);
                    let mut clause = self.may(&MayBody::Block(then.clone()));
                    clause.text = format!("if {cond}, {}", clause.text);
                    if let Some(scale) = &stmt.scale {
                        clause.text = format!("{} {}", clause.text, self.scale(scale));
                    }
                    clause.mood = Mood::Subject;
                    return clause;
                }
                if let StmtKind::Either {
                    by_demander: false,
                    blocks,
                } = &stmt.kind
                {
                    let (mut alternatives, trailers) = self.alternatives(blocks);
                    let mut text = format!("you may choose to {}", either_text(&alternatives));
                    alternatives.push("do nothing".to_string());
                    let mut order = format!("choose to {}", either_text(&alternatives));
                    if let Some(scale) = &stmt.scale {
                        let scale = self.scale(scale);
                        text = format!("{text} {scale}");
                        order = format!("{order} {scale}");
                    }
                    return Clause {
                        text,
                        mood: Mood::May(order),
                        trailers,
                    };
                }
                self.stmt_clause(stmt)
            }
        };
        match inner.mood {
            Mood::Imperative => Clause {
                text: format!("you may {}", inner.text),
                mood: Mood::May(format!("choose whether to {}", inner.text)),
                trailers: inner.trailers,
            },
            Mood::May(_) => inner,
            Mood::Subject | Mood::Demander => Clause {
                text: format!("you may choose that {}", inner.text),
                mood: Mood::Subject,
                trailers: inner.trailers,
            },
        }
    }

    /// `for every 2 leaf on your board` → "for every two [leaf] on your board".
    pub(super) fn scale(&self, scale: &Scale) -> String {
        match &scale.per {
            Some(n) if n.node != 1 => format!(
                "for every {} {}",
                number(n.node),
                self.countable(&scale.what, true)
            ),
            _ => format!("for every {}", self.countable(&scale.what, false)),
        }
    }
}

impl Renderer<'_> {
    /// A splay in another pile's direction: "splay your purple cards in the direction one of
    /// your other colors is splayed", "match your splay in that color to theirs".
    fn splay_like(&self, color: &ColorExpr, source: &SplaySource, matching: bool) -> String {
        let target_names = self.named_colors(color);
        let target_text = |other: Option<&str>| -> String {
            match color.alternatives.as_slice() {
                [one] => match &self.resolve_color(&one.node) {
                    ColorAtom::AnyColor(filters) => {
                        format!("one of your {}", self.colors_noun(filters, other))
                    }
                    _ => self.color_group(color).0,
                },
                _ => self.color_group(color).0,
            }
        };
        match source {
            SplaySource::Pile { whose, color: from } => {
                let from_named = match self.resolve_color(&from.node) {
                    ColorAtom::Named(n) => Some(n),
                    _ => None,
                };
                if matching {
                    let same = match (&target_names, &from_named) {
                        (Some(t), Some(f)) => t.len() == 1 && &t[0] == f,
                        (None, None) => {
                            color.alternatives.len() == 1 && color.alternatives[0].node == from.node
                        }
                        _ => false,
                    };
                    if same {
                        let color =
                            target_names.map_or_else(|| "that color".to_string(), |n| or_list(&n));
                        let theirs = match whose.node {
                            Possessive::Their | Possessive::ThatPlayers => "theirs".to_string(),
                            Possessive::My => "mine".to_string(),
                            p => format!("{} splay", p.words()),
                        };
                        return format!("match your splay in {color} to {theirs}");
                    }
                }
                let pile = match from_named.as_deref() {
                    Some(n) => format!("{} {n} cards", whose.node.words()),
                    None => {
                        let of = match &from.node {
                            ColorAtom::Chosen => "the chosen color".to_string(),
                            ColorAtom::ColorOf(r) => format!("the color of {}", self.card_ref(r)),
                            _ => "that color".to_string(),
                        };
                        format!("{} cards of {of}", whose.node.words())
                    }
                };
                let target = target_text(from_named.as_deref());
                if matching {
                    format!(
                        "splay {target} as {pile} are splayed, or unsplay them if those are not"
                    )
                } else {
                    format!("splay {target} in the direction {pile} are splayed")
                }
            }
            SplaySource::OneOf { whose, filters } => {
                let other = target_names
                    .as_ref()
                    .and_then(|n| (n.len() == 1).then(|| n[0].clone()));
                let target = target_text(None);
                let colors = self.colors_noun(filters, other.as_deref());
                let one = format!("one of {} {colors}", whose.node.words());
                if matching {
                    format!("splay {target} as {one} is splayed")
                } else {
                    format!("splay {target} in the direction {one} is splayed")
                }
            }
        }
    }

    /// "other colors" (when the colour left out is `other`), "colors other than red", "colors
    /// with [crown]".
    fn colors_noun(&self, filters: &[Spanned<ColorFilter>], other: Option<&str>) -> String {
        let mut before = String::new();
        let mut after = String::new();
        for f in filters {
            match &f.node {
                ColorFilter::OtherThan(c) if Some(c.node.as_str()) == other => {
                    before.push_str("other ");
                }
                ColorFilter::OtherThan(c) => {
                    after.push_str(&format!(" other than {}", c.node));
                }
                f => {
                    after.push(' ');
                    after.push_str(&self.color_filter(f, false));
                }
            }
        }
        format!("{before}colors{after}")
    }
}

/// Two alternatives that differ in one place only, with at least two words before it and one
/// after: "score your top or bottom green card" (Elevator's echo effect). The differing parts
/// are joined by "or"; when either is longer than a word, "choose to" says that one is meant:
/// "choose to transfer all cards of the chosen value from all other players' hands or score
/// piles to your score pile".
fn merged_alternatives(alternatives: &[String]) -> Option<String> {
    let [a, b] = alternatives else {
        return None;
    };
    let a: Vec<&str> = a.split(' ').collect();
    let b: Vec<&str> = b.split(' ').collect();
    let prefix = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let suffix = a
        .iter()
        .rev()
        .zip(b.iter().rev())
        .take_while(|(x, y)| x == y)
        .count();
    if prefix < 2 || suffix < 1 || prefix + suffix >= a.len().min(b.len()) {
        return None;
    }
    let middle_a = &a[prefix..a.len() - suffix];
    let middle_b = &b[prefix..b.len() - suffix];
    if middle_a.len() > 2 || middle_b.len() > 2 {
        return None;
    }
    let text = format!(
        "{} {} or {} {}",
        a[..prefix].join(" "),
        middle_a.join(" "),
        middle_b.join(" "),
        a[a.len() - suffix..].join(" ")
    );
    Some(if middle_a.len() > 1 || middle_b.len() > 1 {
        format!("choose to {text}")
    } else {
        text
    })
}

/// ` that returned cards` (`for each player that returned cards`): the players whose cards the
/// latest such statement moved, in the simple past.
pub(super) fn moved_players(moved: &Option<Spanned<Participle>>) -> String {
    match moved.as_ref().map(|p| p.node) {
        None => String::new(),
        Some(Participle::Drawn) => " that drew cards".to_string(),
        Some(Participle::Chosen) => " that chose cards".to_string(),
        Some(p) => format!(" that {} cards", p.word()),
    }
}
