//! English card text from the syntax tree, in the register of the printed cards (`dogma render`).
//!
//! The renderer walks a card's AST and writes each effect as sentences: icons and values in
//! brackets (`[leaf]`, `[3]`), small counts as words, demands as "I demand you …!". Every rule is
//! a general rendering of one construct of the language; nothing depends on a particular card.
//!
//! Rendering works in two layers. A statement becomes a `Clause`: lower-case English without a
//! full stop, which a block joins to its neighbours ("draw a [1] and repeat this dogma effect").
//! An effect's top-level statements become `Sentence`s, each of which may carry a lead ("if you
//! do", "otherwise") that a demand's "I demand you" follows.

use std::collections::HashMap;

use crate::ast::*;

/// One effect of a card, rendered as English.
#[derive(Clone, Debug, PartialEq)]
pub struct RenderedEffect {
    pub kind: EffectKind,
    /// The featured icon printed beside the effect.
    pub icon: Option<String>,
    pub text: String,
}

/// The wording conventions of an edition's printed cards (../shared/rules/EDITIONS.md,
/// "executing another card"): how a self-execute and a repeat read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Wording {
    /// "execute its non-demand dogma effects for yourself only"; "repeat this dogma effect".
    First,
    /// "execute each of its non-demand effects. Do not share them."; "repeat this dogma effect".
    #[default]
    Third,
    /// "self-execute it"; "repeat this effect".
    Fourth,
}

impl Wording {
    pub fn from_word(word: &str) -> Option<Wording> {
        match word {
            "first" => Some(Wording::First),
            "third" => Some(Wording::Third),
            "fourth" => Some(Wording::Fourth),
            _ => None,
        }
    }

    pub fn word(self) -> &'static str {
        match self {
            Wording::First => "first",
            Wording::Third => "third",
            Wording::Fourth => "fourth",
        }
    }
}

/// Every effect of the card, in order, as English.
pub fn render_card(card: &Card, wording: Wording) -> Vec<RenderedEffect> {
    card.effects
        .iter()
        .map(|effect| RenderedEffect {
            kind: effect.kind.node,
            icon: effect.icon.as_ref().map(|i| i.node.clone()),
            text: render_effect(&card.title.node, effect, wording),
        })
        .collect()
}

/// One effect as English; `title` is the card's own title (for `this card`).
pub fn render_effect(title: &str, effect: &Effect, wording: Wording) -> String {
    let mut renderer = Renderer::new(title, wording);
    // A parameter reads as its value on the effect's first run, as the printed card shows it.
    renderer.params = effect
        .params
        .iter()
        .map(|a| (a.name.node.clone(), a.value.clone()))
        .collect();
    let sentences = renderer.block_sentences(&effect.body.stmts);
    finish(sentences, effect.kind.node)
}

/// A special achievement's claim condition and its alternative card, as English.
pub fn render_achievement(a: &Achievement, wording: Wording) -> String {
    let renderer = Renderer::new(&a.title.node, wording);
    let conditions: Vec<String> = a.when.iter().map(|c| renderer.cond(c)).collect();
    let mut text = if conditions.is_empty() {
        "This achievement has no claim condition of its own.".to_string()
    } else {
        // The fourth edition claims special achievements at the end of an action.
        let when = match wording {
            Wording::Fourth => "at the end of any action",
            _ => "immediately",
        };
        format!(
            "Claim this achievement {when} if {}.",
            conditions.join(" and ")
        )
    };
    if !a.via.is_empty() {
        let titles: Vec<String> = a.via.iter().map(|t| t.node.clone()).collect();
        text.push_str(&format!(
            " It can also be claimed via {}.",
            or_list(&titles)
        ));
    }
    text
}

/// A whole card as a plain-text block: the title, a line with the age, colour and icons, then
/// one line per effect prefixed with its featured icon.
pub fn render_card_text(card: &Card, wording: Wording) -> String {
    let mut lines = vec![card.title.node.clone()];
    let mut facts = Vec::new();
    for fact in &card.facts {
        match &fact.node {
            Fact::Age(age) => facts.push(format!("Age {}", age.node)),
            Fact::Color(color) => facts.push(color.node.clone()),
            Fact::Icons(slots) => {
                let icons: Vec<String> = slots
                    .iter()
                    .map(|s| match &s.number {
                        Some(n) => format!("[{} {}]", s.name.node, n.node),
                        None => icon(&s.name.node),
                    })
                    .collect();
                facts.push(icons.join(" "));
            }
        }
    }
    if !facts.is_empty() {
        lines.push(facts.join(" · "));
    }
    for effect in render_card(card, wording) {
        let mut line = String::new();
        if let Some(i) = &effect.icon {
            line.push_str(&icon(i));
            line.push(' ');
        }
        if effect.kind == EffectKind::Echo {
            line.push_str("Echo: ");
        }
        line.push_str(&effect.text);
        lines.push(line);
    }
    lines.join("\n")
}

// ---------------------------------------------------------------------------------------------
// Clauses and sentences

/// How a clause begins, which decides how "I demand you" and "you may" attach to it.
#[derive(Clone, Debug, PartialEq)]
enum Mood {
    /// A bare verb phrase: "draw a [1]".
    Imperative,
    /// "you may …", holding the words that follow "I demand you" when the clause opens a
    /// demand ("choose whether to meld a card").
    May(String),
    /// A clause with its own subject or lead: "you win", "if it is red, meld it".
    Subject,
}

/// A statement (or a joined run of statements) as lower-case English without a full stop.
#[derive(Clone, Debug)]
struct Clause {
    text: String,
    mood: Mood,
    /// Whole sentences to print after the sentence that holds this clause ("Do not share them").
    trailers: Vec<String>,
}

impl Clause {
    fn imperative(text: String) -> Clause {
        Clause {
            text,
            mood: Mood::Imperative,
            trailers: Vec::new(),
        }
    }

    fn subject(text: String) -> Clause {
        Clause {
            text,
            mood: Mood::Subject,
            trailers: Vec::new(),
        }
    }
}

/// One printed sentence: an optional lead ("if you do") and a body.
#[derive(Clone, Debug)]
struct Sentence {
    lead: Option<String>,
    body: Clause,
    /// A simple action that a following `then` statement may join as ", then …".
    joinable: bool,
}

/// Capitalises the sentences and closes each with "." (or "!" in a demand), putting "I demand
/// you" (or "I compel you") into the first.
fn finish(sentences: Vec<Sentence>, kind: EffectKind) -> String {
    let (stop, order) = match kind {
        EffectKind::Demand => ("!", Some("demand")),
        EffectKind::Compel => ("!", Some("compel")),
        EffectKind::NonDemand | EffectKind::Echo => (".", None),
    };
    if sentences.is_empty() {
        return match order {
            Some(word) => format!("I {word} you do nothing!"),
            None => "Do nothing.".to_string(),
        };
    }
    let mut out = Vec::new();
    for (i, sentence) in sentences.iter().enumerate() {
        let body = match (i, order) {
            (0, Some(word)) => order_body(word, &sentence.body),
            _ => sentence.body.text.clone(),
        };
        let text = match &sentence.lead {
            Some(lead) => format!("{lead}, {body}"),
            None => body,
        };
        out.push(format!("{}{stop}", capitalise(&text)));
        for trailer in &sentence.body.trailers {
            out.push(format!("{}{stop}", capitalise(trailer)));
        }
    }
    out.join(" ")
}

/// The first sentence of a demand or compel: "I demand you draw a [1]".
fn order_body(word: &str, clause: &Clause) -> String {
    match &clause.mood {
        Mood::Imperative => format!("I {word} you {}", clause.text),
        Mood::May(inner) => format!("I {word} you {inner}"),
        Mood::Subject => format!("I {word} that {}", clause.text),
    }
}

// ---------------------------------------------------------------------------------------------
// The renderer

/// Walks one effect (or one achievement condition), remembering how many cards each verb moved
/// so that later references read "the card you returned" or "the cards you returned".
struct Renderer<'t> {
    title: &'t str,
    wording: Wording,
    /// The effect's parameters and their first values.
    params: HashMap<String, ArgValue>,
    /// Whether the latest statement with each participle moved several cards.
    plural: HashMap<Participle, bool>,
}

impl<'t> Renderer<'t> {
    fn new(title: &'t str, wording: Wording) -> Renderer<'t> {
        Renderer {
            title,
            wording,
            params: HashMap::new(),
            plural: HashMap::new(),
        }
    }

    /// The first value of a value parameter.
    fn param_expr(&self, name: &str) -> Option<&Expr> {
        match self.params.get(name) {
            Some(ArgValue::Expr(e)) => Some(e),
            _ => None,
        }
    }

    /// A colour atom with a colour parameter replaced by its first value.
    fn resolve_color(&self, atom: &ColorAtom) -> ColorAtom {
        if let ColorAtom::Named(n) = atom {
            match self.params.get(n) {
                Some(ArgValue::Color(a)) => return a.clone(),
                Some(ArgValue::Expr(Expr {
                    kind: ExprKind::Name(c),
                    ..
                })) => return ColorAtom::Named(c.clone()),
                Some(ArgValue::Expr(Expr {
                    kind: ExprKind::Chosen,
                    ..
                })) => return ColorAtom::Chosen,
                _ => {}
            }
        }
        atom.clone()
    }

    /// `v = chosen`, `c = color of melded` in a repeat: "the chosen value", "the color of the
    /// card you melded".
    fn arg_phrase(&self, arg: &Arg) -> String {
        match &arg.value {
            ArgValue::Expr(Expr {
                kind: ExprKind::Chosen,
                ..
            }) => match self.params.get(&arg.name.node) {
                Some(ArgValue::Expr(Expr {
                    kind: ExprKind::Name(_),
                    ..
                }))
                | Some(ArgValue::Color(_)) => "the chosen color".to_string(),
                _ => "the chosen value".to_string(),
            },
            ArgValue::Expr(Expr {
                kind: ExprKind::Name(n),
                ..
            }) if self.param_expr(n).is_none() => n.clone(),
            ArgValue::Expr(e) => self.expr(e, true),
            ArgValue::Color(ColorAtom::ColorOf(r)) => format!("the color of {}", self.card_ref(r)),
            ArgValue::Color(ColorAtom::ItsColor) => "its color".to_string(),
            ArgValue::Color(other) => format!("{other:?}"),
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

    // -----------------------------------------------------------------------------------------
    // Statements

    /// The top-level statements of a block, one sentence each; a `then` statement joins the
    /// previous simple sentence as ", then …".
    fn block_sentences(&mut self, stmts: &[Stmt]) -> Vec<Sentence> {
        let mut out: Vec<Sentence> = Vec::new();
        for stmt in stmts {
            let mut new = self.stmt_sentences(stmt);
            if stmt.then && !new.is_empty() {
                let can_join = out.last().is_some_and(|p| p.joinable) && new[0].lead.is_none();
                if can_join {
                    let first = new.remove(0);
                    if let Some(prev) = out.last_mut() {
                        prev.body.text = format!("{}, then {}", prev.body.text, first.body.text);
                        prev.body.trailers.extend(first.body.trailers);
                        prev.joinable = first.joinable;
                    }
                } else {
                    let first = &mut new[0];
                    match &mut first.lead {
                        Some(lead) => *lead = format!("then {lead}"),
                        None => first.body.text = format!("then {}", first.body.text),
                    }
                }
            }
            out.extend(new);
        }
        out
    }

    /// A statement at sentence level: an `if` may become several sentences ("If you do, …",
    /// "Otherwise, …").
    fn stmt_sentences(&mut self, stmt: &Stmt) -> Vec<Sentence> {
        let mut sentences = match &stmt.kind {
            StmtKind::If {
                cond,
                then,
                otherwise,
            } => self.if_sentences("", cond, then, otherwise.as_deref()),
            StmtKind::ForEach { players, body } => vec![Sentence {
                lead: Some(format!("for each {}", players.node.words())),
                body: self.join(&body.stmts),
                joinable: false,
            }],
            _ => {
                let body = self.stmt_clause(stmt);
                let joinable = is_simple(&stmt.kind) && body.trailers.is_empty();
                return vec![Sentence {
                    lead: None,
                    body,
                    joinable,
                }];
            }
        };
        if let (Some(scale), Some(last)) = (&stmt.scale, sentences.last_mut()) {
            last.body.text = format!("{} {}", last.body.text, self.scale(scale));
        }
        sentences
    }

    /// "If X, A and B." A trailing `if you do { … }` in the block becomes its own sentence, and
    /// an `otherwise` becomes "Otherwise, …".
    fn if_sentences(
        &mut self,
        prefix: &str,
        cond: &Cond,
        block: &Block,
        otherwise: Option<&Otherwise>,
    ) -> Vec<Sentence> {
        let mut conds = vec![self.cond(cond)];
        let mut block = block;
        // `if X { if Y { … } }` reads "if X and Y".
        while otherwise.is_none() {
            match block.stmts.as_slice() {
                [Stmt {
                    kind:
                        StmtKind::If {
                            cond: inner,
                            then: inner_block,
                            otherwise: None,
                        },
                    scale: None,
                    ..
                }] => {
                    conds.push(self.cond(inner));
                    block = inner_block;
                }
                _ => break,
            }
        }
        let lead = format!("{prefix}if {}", conds.join(" and "));
        let stmts = block.stmts.as_slice();
        let detach = otherwise.is_none()
            && stmts.len() >= 2
            && stmts.last().is_some_and(|last| {
                !last.then
                    && last.scale.is_none()
                    && matches!(&last.kind, StmtKind::If { cond, .. } if refers_back(cond))
            });
        let (head, tail) = if detach {
            stmts.split_at(stmts.len() - 1)
        } else {
            (stmts, &[][..])
        };
        let mut out = vec![Sentence {
            lead: Some(lead),
            body: self.join(head),
            joinable: false,
        }];
        for stmt in tail {
            out.extend(self.stmt_sentences(stmt));
        }
        match otherwise {
            None => {}
            Some(Otherwise::Block(other)) => out.push(Sentence {
                lead: Some("otherwise".to_string()),
                body: self.join(&other.stmts),
                joinable: false,
            }),
            Some(Otherwise::If(stmt)) => match &stmt.kind {
                StmtKind::If {
                    cond,
                    then,
                    otherwise,
                } => out.extend(self.if_sentences("otherwise, ", cond, then, otherwise.as_deref())),
                _ => out.push(Sentence {
                    lead: Some("otherwise".to_string()),
                    body: self.stmt_clause(stmt),
                    joinable: false,
                }),
            },
        }
        out
    }

    /// The statements of a block as one clause: "A and B", "A, B, and C", "A, then B".
    fn join(&mut self, stmts: &[Stmt]) -> Clause {
        let parts: Vec<(bool, Clause)> = stmts
            .iter()
            .map(|s| (s.then, self.stmt_clause(s)))
            .collect();
        let n = parts.len();
        let mut iter = parts.into_iter();
        let Some((_, mut joined)) = iter.next() else {
            return Clause::imperative("do nothing".to_string());
        };
        let mut previous_complex = is_complex(&joined);
        for (i, (then, clause)) in iter.enumerate() {
            let i = i + 1;
            let complex = is_complex(&clause);
            let connector = if then {
                ", then "
            } else if complex || previous_complex || (n > 2 && i == n - 1) {
                ", and "
            } else if i == n - 1 {
                " and "
            } else {
                ", "
            };
            joined.text.push_str(connector);
            joined.text.push_str(&clause.text);
            joined.trailers.extend(clause.trailers);
            previous_complex = complex;
        }
        joined
    }

    /// One statement as a clause, with its `for every …` suffix.
    fn stmt_clause(&mut self, stmt: &Stmt) -> Clause {
        let mut clause = self.kind_clause(&stmt.kind);
        if let Some(scale) = &stmt.scale {
            clause.text = format!("{} {}", clause.text, self.scale(scale));
        }
        self.record(&stmt.kind, stmt.scale.is_some());
        clause
    }

    /// Remembers how many cards the statement moved, for later references to its participle.
    fn record(&mut self, kind: &StmtKind, scaled: bool) {
        match kind {
            StmtKind::Draw { then, count, .. } => {
                let plural = scaled || count.node != 1;
                self.plural.insert(Participle::Drawn, plural);
                if let Some(verb) = then {
                    self.plural.insert(Participle::of_verb(verb.node), plural);
                }
            }
            StmtKind::Move { verbs, what } => {
                let plural = scaled || self.selection_plural(what);
                for verb in verbs {
                    self.plural.insert(Participle::of_verb(verb.node), plural);
                }
            }
            StmtKind::Transfer { what, .. } | StmtKind::Take(what) => {
                let plural = scaled || self.selection_plural(what);
                self.plural.insert(Participle::Transferred, plural);
            }
            StmtKind::Exchange(..) => {
                self.plural.insert(Participle::Exchanged, true);
            }
            StmtKind::Choose { count, .. } => {
                self.plural.insert(Participle::Chosen, count.node != 1);
            }
            StmtKind::ChooseValue { .. } => {
                self.plural.insert(Participle::Chosen, false);
            }
            StmtKind::ChooseCards(what) => {
                let plural = scaled || self.selection_plural(what);
                self.plural.insert(Participle::Chosen, plural);
            }
            _ => {}
        }
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
            StmtKind::Either(blocks) => {
                let (alternatives, trailers) = self.alternatives(blocks);
                Clause {
                    text: either_text(&alternatives),
                    mood: Mood::Imperative,
                    trailers,
                }
            }
            StmtKind::ForEach { players, body } => {
                let mut clause = self.join(&body.stmts);
                clause.text = format!("for each {}, {}", players.node.words(), clause.text);
                clause.mood = Mood::Subject;
                clause
            }
            StmtKind::Repeat(args) => {
                let mut text = match self.wording {
                    Wording::Fourth => "repeat this effect".to_string(),
                    _ => "repeat this dogma effect".to_string(),
                };
                if !args.is_empty() {
                    let phrases: Vec<String> = args.iter().map(|a| self.arg_phrase(a)).collect();
                    text = format!("{text} using {}", and_list(&phrases));
                }
                Clause::imperative(text)
            }
            StmtKind::Choose {
                by_demander,
                count,
                kind,
                except,
            } => {
                let noun = kind.node.word(count.node != 1);
                let mut text = format!("choose {}", counted(count.node, noun));
                if let Some(name) = except {
                    text.push_str(&format!(" other than {}", icon(&name.node)));
                }
                if *by_demander {
                    Clause::subject(format!("I {text}"))
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
                    Clause::subject(format!("I {text}"))
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
            StmtKind::Splay { direction, color } => {
                let (group, direction_first) = self.color_group(color);
                let dir = direction.node.word();
                Clause::imperative(if direction_first {
                    format!("splay {dir} {group}")
                } else {
                    format!("splay {group} {dir}")
                })
            }
            StmtKind::Unsplay(color) => {
                Clause::imperative(format!("unsplay {}", self.color_group(color).0))
            }
            StmtKind::Rearrange(color) => Clause::imperative(format!(
                "rearrange the order of {}",
                self.color_group(color).0
            )),
            StmtKind::Draw { then, count, value } => {
                let verb = match then {
                    Some(v) => format!("draw and {}", v.node.word()),
                    None => "draw".to_string(),
                };
                Clause::imperative(format!("{verb} {}", self.counted_value(count.node, value)))
            }
            StmtKind::Transfer { what, to } => Clause::imperative(format!(
                "transfer {} to {}",
                self.selection(what),
                self.destination(to)
            )),
            StmtKind::Take(what) => {
                Clause::imperative(format!("take {} into your hand", self.selection(what)))
            }
            StmtKind::Exchange(a, b) => Clause::imperative(format!(
                "exchange {} with {}",
                self.selection(a),
                self.selection(b)
            )),
            StmtKind::Move { verbs, what } => {
                let verbs: Vec<&str> = verbs.iter().map(|v| v.node.word()).collect();
                Clause::imperative(format!("{} {}", verbs.join(" and "), self.selection(what)))
            }
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
            }),
            StmtKind::Lose(p) => {
                Clause::subject(format!("{} {}", self.player(p), verb_s(p, "lose", "loses")))
            }
        }
    }

    /// The blocks of an `either`, each as one clause, and the trailers they carry.
    fn alternatives(&mut self, blocks: &[Block]) -> (Vec<String>, Vec<String>) {
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
                if let StmtKind::Either(blocks) = &stmt.kind {
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
            Mood::Subject => Clause {
                text: format!("you may choose that {}", inner.text),
                mood: Mood::Subject,
                trailers: inner.trailers,
            },
        }
    }

    /// `for every 2 leaf on your board` → "for every two [leaf] on your board".
    fn scale(&self, scale: &Scale) -> String {
        match &scale.per {
            Some(n) if n.node != 1 => format!(
                "for every {} {}",
                number(n.node),
                self.countable(&scale.what, true)
            ),
            _ => format!("for every {}", self.countable(&scale.what, false)),
        }
    }

    // -----------------------------------------------------------------------------------------
    // Cards

    fn selection(&self, sel: &Selection) -> String {
        match sel {
            Selection::Np(np) => self.card_np(np),
            Selection::Ref(r) => self.card_ref(r),
        }
    }

    fn selection_plural(&self, sel: &Selection) -> bool {
        match sel {
            Selection::Np(np) => np_plural(np),
            Selection::Ref(r) => self.ref_plural(r),
        }
    }

    fn ref_plural(&self, r: &CardRef) -> bool {
        match &r.kind {
            CardRefKind::Title(_)
            | CardRefKind::ThisCard
            | CardRefKind::It
            | CardRefKind::Ordinal(..) => false,
            CardRefKind::Them => true,
            CardRefKind::Bound(p) => self.bound_plural(*p),
            CardRefKind::Np(np) => np_plural(np),
            CardRefKind::Name(_) => false,
        }
    }

    fn bound_plural(&self, p: Participle) -> bool {
        self.plural.get(&p).copied().unwrap_or(true)
    }

    /// `returned` → "the card you returned" or "the cards you returned".
    fn bound(&self, p: Participle) -> String {
        let noun = if self.bound_plural(p) {
            "cards"
        } else {
            "card"
        };
        format!("the {noun} you {}", past(p))
    }

    fn card_ref(&self, r: &CardRef) -> String {
        match &r.kind {
            CardRefKind::Title(t) => t.clone(),
            CardRefKind::ThisCard => self.title.to_string(),
            CardRefKind::It => "it".to_string(),
            CardRefKind::Them => "them".to_string(),
            CardRefKind::Ordinal(o, p) => format!("the {} card you {}", o.word(), past(*p)),
            CardRefKind::Bound(p) => self.bound(*p),
            CardRefKind::Np(np) => self.card_np(np),
            // A bare word where a card belongs is an error the checks report; print it as is.
            CardRefKind::Name(n) => n.clone(),
        }
    }

    /// A card noun phrase in the designer's word order: "the two highest non-red top cards
    /// without a [factory] from your board".
    fn card_np(&self, np: &CardNp) -> String {
        let plural = np_plural(np);
        let mut head = Vec::new();
        for adj in &np.adjectives {
            head.push(match &adj.node {
                Adjective::Available => "available".to_string(),
                Adjective::Top => "top".to_string(),
                Adjective::Bottom => "bottom".to_string(),
                Adjective::Highest => "highest".to_string(),
                Adjective::Lowest => "lowest".to_string(),
                Adjective::Color(c) => match self.resolve_color(&ColorAtom::Named(c.clone())) {
                    ColorAtom::Named(n) => n,
                    _ => c.clone(),
                },
                Adjective::NonColor(c) => format!("non-{c}"),
            });
        }
        // `a card of value 2 or 3` reads "a [2] or [3]".
        let mut skip_filter = None;
        let noun = match &np.noun.node {
            Noun::Card | Noun::Cards => {
                let simple_values =
                    np.filters
                        .iter()
                        .enumerate()
                        .find_map(|(i, f)| match &f.node {
                            Filter::Value(spec) if !plural && np.adjectives.is_empty() => {
                                literal_values(spec).map(|v| (i, v))
                            }
                            _ => None,
                        });
                match simple_values {
                    Some((i, values)) => {
                        skip_filter = Some(i);
                        values
                    }
                    None if np.noun.node == Noun::Cards => "cards".to_string(),
                    None => "card".to_string(),
                }
            }
            Noun::Achievement => "achievement".to_string(),
            Noun::Achievements => "achievements".to_string(),
            Noun::Value(v) => self.value_noun(v, plural),
        };
        head.push(noun);
        let head = head.join(" ");

        let mut words = Vec::new();
        let mut equal_to = None;
        if let Some(q) = &np.quantity {
            words.push(match &q.node {
                Quantity::One { .. } => article(&head).to_string(),
                Quantity::Exactly(n) => number(*n),
                Quantity::Between(a, b) => format!("{} or {}", number(*a), number(*b)),
                Quantity::UpTo(n) => format!("up to {}", number(*n)),
                Quantity::AnyNumber => "any number of".to_string(),
                Quantity::All { the: true } => "all the".to_string(),
                Quantity::All { the: false } => "all".to_string(),
                Quantity::AllBut(n) => format!("all but {}", number(*n)),
                Quantity::The(None) => "the".to_string(),
                Quantity::The(Some(n)) => format!("the {}", number(*n)),
                Quantity::Half(Rounding::Up) => "half (rounded up) of the".to_string(),
                Quantity::Half(Rounding::Down) => "half (rounded down) of the".to_string(),
                Quantity::Bottom(n) => format!("the bottom {}", number(*n)),
                Quantity::AllButTop(n) => format!("all but the top {}", number(*n)),
                Quantity::Computed(e) => {
                    equal_to = Some(format!("equal to {}", self.expr(e, false)));
                    "a number of".to_string()
                }
            });
        }
        if let Some(p) = &np.possessive {
            words.push(p.node.words().to_string());
        }
        words.push(head);

        // Filters and the source, in the order the designer wrote them, except that a filter
        // naming another card or board follows the source, so that "from your board" is not
        // read as part of that other phrase.
        let mut tail: Vec<(bool, u32, String)> = np
            .filters
            .iter()
            .enumerate()
            .filter(|(i, _)| Some(*i) != skip_filter)
            .map(|(_, f)| {
                (
                    reads_after_source(&f.node),
                    f.span.start,
                    self.filter(&f.node),
                )
            })
            .collect();
        if let Some(source) = &np.source {
            let prep = source.node.preposition.word();
            let place = match &source.node.place {
                Place::Zone(z) => self.zone(z),
                Place::Supply(z) => self.supply(z),
                Place::Cards(c) => match &c.kind {
                    CardRefKind::Bound(p) => format!("the cards you {}", past(*p)),
                    _ => self.card_ref(c),
                },
            };
            tail.push((false, source.span.start, format!("{prep} {place}")));
        }
        tail.sort_by_key(|(late, start, _)| (*late, *start));
        words.extend(tail.into_iter().map(|(_, _, text)| text));
        words.extend(equal_to);
        words.join(" ")
    }

    /// `the [5] deck`, `the available achievements`.
    fn supply(&self, z: &Supply) -> String {
        match &z.kind {
            SupplyKind::Available => "the available achievements".to_string(),
            SupplyKind::Deck(age) => match &age.kind {
                ExprKind::Int(n) => format!("the [{n}] deck"),
                ExprKind::Chosen => "the chosen deck".to_string(),
                ExprKind::Name(p) if self.param_expr(p).is_some() => self.supply(&Supply {
                    kind: SupplyKind::Deck(Box::new(self.param_expr(p).cloned().unwrap_or(Expr {
                        kind: ExprKind::Int(0),
                        span: z.span,
                    }))),
                    span: z.span,
                }),
                _ => format!("the deck {}", self.value_relation(age)),
            },
        }
    }

    fn filter(&self, f: &Filter) -> String {
        match f {
            Filter::WithIcon(icons) => format!("with a {}", icon_list(icons)),
            Filter::WithoutIcon(i) => format!("without a {}", icon(&i.node)),
            Filter::WithDemand => "with a demand effect".to_string(),
            Filter::WithChosenIcon => "with the chosen icon".to_string(),
            Filter::ValueOfMyChoice => "of the value of my choice".to_string(),
            Filter::IconOfMyChoice(None) => "with the icon of my choice".to_string(),
            Filter::IconOfMyChoice(Some(n)) => {
                format!("with the icon of my choice other than {}", icon(&n.node))
            }
            Filter::SameValue => "of the same value".to_string(),
            Filter::Value(spec) => self.value_spec(spec),
            Filter::SameColorAs(r) if is_anaphoric(r) => "of that color".to_string(),
            Filter::SameColorAs(r) => format!("of the same color as {}", self.card_ref(r)),
            Filter::SameValueAs(r) => format!("of the same value as {}", self.card_ref(r)),
            Filter::ItsColor => "of the same color".to_string(),
            Filter::Color(c) => self.color_filter_phrase(c),
            Filter::ColorOnBoard { negated, whose } => format!(
                "of a color {}present on {} board",
                if *negated { "not " } else { "" },
                whose.node.words()
            ),
            Filter::MyChoice => "of my choice".to_string(),
            Filter::OtherThan(r) => format!("other than {}", self.card_ref(r)),
            Filter::HigherThan(r) => format!("of higher value than {}", self.card_ref(r)),
            Filter::LowerThan(r) => format!("of lower value than {}", self.card_ref(r)),
            Filter::Beneath(r) => format!("beneath {}", self.card_ref(r)),
        }
    }

    fn zone(&self, z: &Zone) -> String {
        let plural = z.whose.node.is_plural() || z.kinds.len() > 1;
        let kinds: Vec<String> = z
            .kinds
            .iter()
            .map(|k| k.node.word(plural).to_string())
            .collect();
        format!("{} {}", z.whose.node.words(), and_list(&kinds))
    }

    fn destination(&self, d: &Destination) -> String {
        match d {
            Destination::Zone { whose, kind } => {
                format!(
                    "{} {}",
                    whose.node.words(),
                    kind.node.word(whose.node.is_plural())
                )
            }
            Destination::OfPlayer { kind, player } => {
                format!("the {} of {}", kind.node.word(false), self.player(player))
            }
        }
    }

    /// The cards of a set as a definite plural: "the cards in your score pile".
    fn set_cards(&self, set: &SetRef) -> String {
        match set {
            SetRef::History(h) => format!("the {}", self.history(h, true)),
            SetRef::Zone(z) => format!("the cards in {}", self.zone(z)),
            SetRef::Supply(z) => format!("the cards in {}", self.supply(z)),
            SetRef::Cards(r) => match &r.kind {
                CardRefKind::Bound(p) => format!("the cards you {}", past(*p)),
                _ => self.card_ref(r),
            },
        }
    }

    /// `cards transferred due to the demand` → "cards transferred due to the demand".
    fn history(&self, h: &History, plural: bool) -> String {
        let mut text = format!(
            "{} {}",
            if plural { "cards" } else { "card" },
            h.verb.node.word()
        );
        if let Some(by) = &h.by {
            text.push_str(&format!(" by {}", self.player(by)));
        }
        text.push_str(&self.due_scope(
            h.due_to.as_ref().map(|d| d.node),
            h.scope.as_ref().map(|s| s.node),
        ));
        text
    }

    fn due_scope(&self, due_to: Option<DueTo>, scope: Option<Scope>) -> String {
        let mut text = String::new();
        match due_to {
            Some(DueTo::TheDemand) => text.push_str(" due to the demand"),
            Some(DueTo::ThisCard) => text.push_str(&format!(" due to {}", self.title)),
            None => {}
        }
        match scope {
            Some(Scope::Turn) => text.push_str(" this turn"),
            Some(Scope::Action) => text.push_str(" this action"),
            None => {}
        }
        text
    }

    // -----------------------------------------------------------------------------------------
    // Values and counts

    /// `a [3]`, `2 [1]`, `a [value of returned + 1]` → "a [3]", "two [1]", "a card of value one
    /// higher than the card you returned".
    fn counted_value(&self, count: u32, value: &Expr) -> String {
        let noun = self.value_noun(value, count != 1);
        if count == 1 {
            format!("{} {noun}", article(&noun))
        } else {
            format!("{} {noun}", number(count))
        }
    }

    /// The noun of a card of a value: "[3]" or "card of value equal to …".
    fn value_noun(&self, value: &Expr, plural: bool) -> String {
        if let ExprKind::Name(n) = &value.kind {
            if let Some(first) = self.param_expr(n) {
                return self.value_noun(first, plural);
            }
        }
        match &value.kind {
            ExprKind::Int(n) => format!("[{n}]"),
            ExprKind::Paren(inner) => self.value_noun(inner, plural),
            _ => format!(
                "{} {}",
                if plural { "cards" } else { "card" },
                self.value_relation(value)
            ),
        }
    }

    /// How a card's value relates to an expression: "of value two higher than your top purple
    /// card", "of the chosen value", "of value equal to the number of cards you returned".
    fn value_relation(&self, e: &Expr) -> String {
        if let ExprKind::Name(n) = &e.kind {
            if let Some(first) = self.param_expr(n) {
                return self.value_relation(first);
            }
        }
        match &e.kind {
            ExprKind::Int(n) => format!("of value [{n}]"),
            ExprKind::Paren(inner) => self.value_relation(inner),
            ExprKind::Chosen => "of the chosen value".to_string(),
            ExprKind::ValueOf(r) => format!("of the same value as {}", self.card_ref(r)),
            ExprKind::Add(a, b) | ExprKind::Sub(a, b) => {
                let higher = matches!(e.kind, ExprKind::Add(..));
                let offset = match (&a.kind, &b.kind) {
                    (_, ExprKind::Int(n)) => self.value_anchor(a).map(|anchor| (*n, anchor)),
                    (ExprKind::Int(n), _) if higher => {
                        self.value_anchor(b).map(|anchor| (*n, anchor))
                    }
                    _ => None,
                };
                match offset {
                    Some((0, anchor)) => format!("of the same value as {anchor}"),
                    Some((n, anchor)) => format!(
                        "of value {} {} than {anchor}",
                        number(n),
                        if higher { "higher" } else { "lower" }
                    ),
                    None => format!("of value equal to {}", self.expr(e, false)),
                }
            }
            ExprKind::Extreme { highest, set } => {
                format!("of value equal to {}", self.extreme_card(*highest, set))
            }
            _ => format!("of value equal to {}", self.expr(e, false)),
        }
    }

    /// What a value is measured from, named as a card: "the card you returned", "the highest
    /// card in your score pile".
    fn value_anchor(&self, e: &Expr) -> Option<String> {
        match &e.kind {
            ExprKind::ValueOf(r) => Some(self.card_ref(r)),
            ExprKind::Extreme { highest, set } => Some(self.extreme_card(*highest, set)),
            ExprKind::Chosen => Some("the chosen value".to_string()),
            ExprKind::Paren(inner) => self.value_anchor(inner),
            _ => None,
        }
    }

    /// "the highest card in your score pile", "the highest of your top cards".
    fn extreme_card(&self, highest: bool, set: &SetRef) -> String {
        let which = if highest { "highest" } else { "lowest" };
        match set {
            SetRef::Zone(z) => format!("the {which} card in {}", self.zone(z)),
            _ => format!("the {which} of {}", self.set_cards(set)),
        }
    }

    /// `of value 4 or lower` → "of value [4] or lower".
    fn value_spec(&self, spec: &ValueSpec) -> String {
        if spec.rest.is_empty() {
            return self.value_relation(&spec.first);
        }
        let mut text = format!("of value {}", self.value_atom(&spec.first));
        for alt in &spec.rest {
            match &alt.node {
                ValueAlternative::OrHigher => text.push_str(" or higher"),
                ValueAlternative::OrLower => text.push_str(" or lower"),
                ValueAlternative::Or(e) => {
                    text.push_str(" or ");
                    text.push_str(&self.value_atom(e));
                }
            }
        }
        text
    }

    fn value_atom(&self, e: &Expr) -> String {
        self.expr(e, true)
    }

    /// An expression as a noun phrase. Whole numbers are "[n]" where they stand for a value
    /// and words where they count.
    fn expr(&self, e: &Expr, as_value: bool) -> String {
        match &e.kind {
            ExprKind::Name(n) => match self.param_expr(n) {
                Some(first) => self.expr(first, as_value),
                None => n.clone(),
            },
            ExprKind::Total(set) => format!("the total value of {}", self.set_cards(set)),
            ExprKind::Int(n) if as_value => format!("[{n}]"),
            ExprKind::Int(n) => number(*n),
            ExprKind::Add(a, b) => format!("{} plus {}", self.expr(a, false), self.expr(b, false)),
            ExprKind::Sub(a, b) => {
                format!("{} minus {}", self.expr(a, false), self.expr(b, false))
            }
            ExprKind::Mul(a, b) => {
                format!("{} times {}", self.expr(a, false), self.expr(b, false))
            }
            ExprKind::Paren(inner) => self.expr(inner, as_value),
            ExprKind::ValueOf(r) => format!("the value of {}", self.card_ref(r)),
            ExprKind::NumberOf(c) => format!("the number of {}", self.countable(c, true)),
            ExprKind::Extreme { highest, set } => {
                let which = if *highest { "highest" } else { "lowest" };
                match set {
                    SetRef::Zone(z) => format!("the {which} value in {}", self.zone(z)),
                    _ => format!("the {which} value among {}", self.set_cards(set)),
                }
            }
            ExprKind::Half(inner, rounding) => format!(
                "half of {} (rounded {})",
                self.expr(inner, false),
                match rounding {
                    Rounding::Up => "up",
                    Rounding::Down => "down",
                }
            ),
            ExprKind::Chosen => "the chosen value".to_string(),
        }
    }

    /// What `for every` and `number of` count; `plural` after "number of" and "for every two".
    fn countable(&self, c: &Countable, plural: bool) -> String {
        let s = if plural { "s" } else { "" };
        match c {
            Countable::DifferentValues(set) => {
                format!("different value{s} among {}", self.set_cards(set))
            }
            Countable::DifferentColors(set) => {
                format!("different color{s} among {}", self.set_cards(set))
            }
            Countable::Colors { whose, filters, .. } => {
                let mut text = format!("color{s} on {} board", whose.node.words());
                for f in filters {
                    text.push(' ');
                    text.push_str(&self.color_filter(&f.node, false));
                }
                text
            }
            Countable::Icons { icon: i, whose, .. } => {
                format!("{} on {} board", icon(&i.node), whose.node.words())
            }
            Countable::Cards(set) => {
                let noun = if plural { "cards" } else { "card" };
                match set {
                    SetRef::History(h) => self.history(h, plural),
                    SetRef::Zone(z) => format!("{noun} in {}", self.zone(z)),
                    SetRef::Supply(z) => format!("{noun} in {}", self.supply(z)),
                    SetRef::Cards(r) => match &r.kind {
                        CardRefKind::Bound(p) => format!("{noun} you {}", past(*p)),
                        CardRefKind::It | CardRefKind::Them => format!("{noun} among them"),
                        _ => self.card_ref(r),
                    },
                }
            }
        }
    }

    // -----------------------------------------------------------------------------------------
    // Colours

    /// The cards of a colour on the executor's board, as the object of splay, unsplay and
    /// rearrange; true when the direction reads better first ("splay left any one color …").
    fn color_group(&self, c: &ColorExpr) -> (String, bool) {
        let named: Option<Vec<String>> = c
            .alternatives
            .iter()
            .map(|a| match self.resolve_color(&a.node) {
                ColorAtom::Named(n) => Some(n),
                _ => None,
            })
            .collect();
        if let Some(names) = named {
            return (format!("your {} cards", or_list(&names)), false);
        }
        let mut direction_first = false;
        let phrases: Vec<String> = c
            .alternatives
            .iter()
            .map(|a| match &self.resolve_color(&a.node) {
                ColorAtom::AnyColor(filters) => {
                    direction_first = c.alternatives.len() == 1;
                    let mut text = "any one color of your cards".to_string();
                    for f in filters {
                        text.push(' ');
                        text.push_str(&self.color_filter(&f.node, true));
                    }
                    text
                }
                ColorAtom::ColorOf(r) if is_anaphoric(r) => "that color of your cards".to_string(),
                ColorAtom::ColorOf(r) => {
                    format!("your cards of the same color as {}", self.card_ref(r))
                }
                ColorAtom::ItsColor => "that color of your cards".to_string(),
                ColorAtom::Chosen if self.bound_plural(Participle::Chosen) => {
                    "your cards of a chosen color".to_string()
                }
                ColorAtom::Chosen => "your cards of the chosen color".to_string(),
                ColorAtom::Named(n) => format!("your {n} cards"),
            })
            .collect();
        (or_list(&phrases), direction_first)
    }

    /// `of color …` on a card: "of color red or blue", "of that color".
    fn color_filter_phrase(&self, c: &ColorExpr) -> String {
        let phrases: Vec<String> = c
            .alternatives
            .iter()
            .map(|a| match &self.resolve_color(&a.node) {
                ColorAtom::Named(n) => format!("of color {n}"),
                ColorAtom::AnyColor(filters) => {
                    let mut text = "of any color".to_string();
                    for f in filters {
                        text.push(' ');
                        text.push_str(&self.color_filter(&f.node, false));
                    }
                    text
                }
                ColorAtom::ColorOf(r) if is_anaphoric(r) => "of that color".to_string(),
                ColorAtom::ColorOf(r) => format!("of the same color as {}", self.card_ref(r)),
                ColorAtom::ItsColor => "of the same color".to_string(),
                ColorAtom::Chosen if self.bound_plural(Participle::Chosen) => {
                    "of a chosen color".to_string()
                }
                ColorAtom::Chosen => "of the chosen color".to_string(),
            })
            .collect();
        or_list(&phrases)
    }

    /// `splayed left`, `with leaf`; `currently` before a splay direction of a colour to splay.
    fn color_filter(&self, f: &ColorFilter, currently: bool) -> String {
        match f {
            ColorFilter::Splayed(dirs) => {
                let now = if currently { "currently " } else { "" };
                if dirs.is_empty() {
                    format!("{now}splayed")
                } else {
                    let words: Vec<String> =
                        dirs.iter().map(|d| d.node.word().to_string()).collect();
                    format!("{now}splayed {}", or_list(&words))
                }
            }
            ColorFilter::With(i) => format!("with one or more {}", icon(&i.node)),
            ColorFilter::NotOn(whose) => format!("not present on {} board", whose.node.words()),
            ColorFilter::On(whose) => format!("present on {} board", whose.node.words()),
        }
    }

    // -----------------------------------------------------------------------------------------
    // Conditions

    fn cond(&self, c: &Cond) -> String {
        match &c.kind {
            CondKind::Or(parts) => {
                let texts: Vec<String> = parts.iter().map(|p| self.cond(p)).collect();
                texts.join(" or ")
            }
            CondKind::And(parts) => self.merged_has(parts).unwrap_or_else(|| {
                let texts: Vec<String> = parts.iter().map(|p| self.cond(p)).collect();
                texts.join(" and ")
            }),
            CondKind::Not(inner) => self.negated(inner),
            CondKind::Paren(inner) => match &inner.kind {
                CondKind::Or(_) => format!("either {}", self.cond(inner)),
                CondKind::And(_) => format!("both {}", self.cond(inner)),
                _ => self.cond(inner),
            },
            CondKind::Did(true) => "you do".to_string(),
            CondKind::Did(false) => "you don't".to_string(),
            CondKind::Verbed { verb, amount } => {
                format!("you {} {}", past(verb.node), amount_cards(amount.node))
            }
            CondKind::OnlyPlayer(m) => format!(
                "you are the only player with {}",
                self.measure_phrase(m, "their")
            ),
            CondKind::SinglePlayer { most, measure } => {
                let (head, tail) = self.measure_parts(&measure.node, "their", true);
                let tail = if board_tail(&measure.node) { "" } else { &tail };
                format!(
                    "you are the single player with the {} {head}{tail}",
                    if *most { "most" } else { "fewest" }
                )
            }
            CondKind::Has { player, measure } => {
                let subject = self.player(player);
                let have = verb_s(player, "have", "has");
                self.has_phrase(&subject, have, possessive_of(player), measure)
            }
            CondKind::PlayersHave {
                quantifier,
                players,
                measure,
            } => {
                let subject = format!("{} {}", quantifier.node.word(), players.node.words());
                self.has_phrase(&subject, "has", "their", measure)
            }
            CondKind::CardsAre {
                quantifier,
                set,
                pred,
            } => self.cards_are(quantifier.node, set, pred.as_ref()),
            CondKind::Splayed {
                whose,
                color,
                direction,
            } => self.splayed(whose.node, &color.node, direction.node, false),
            CondKind::Card { card, pred } => {
                let plural = self.ref_plural(card);
                format!(
                    "{} {}",
                    self.card_ref(card),
                    self.card_pred(pred, plural, false)
                )
            }
            CondKind::Compare { lhs, op, rhs } => {
                let as_value = is_value(lhs) || is_value(rhs);
                let op = match op.node {
                    Comparison::Ge => "is at least",
                    Comparison::Le => "is at most",
                    Comparison::Ne => "is not equal to",
                    Comparison::Gt => "is greater than",
                    Comparison::Lt => "is less than",
                    Comparison::Eq => "is equal to",
                };
                format!(
                    "{} {op} {}",
                    self.expr(lhs, as_value),
                    self.expr(rhs, as_value)
                )
            }
        }
    }

    fn negated(&self, inner: &Cond) -> String {
        match &inner.kind {
            CondKind::Did(did) => self.cond(&Cond {
                kind: CondKind::Did(!did),
                span: inner.span,
            }),
            CondKind::Paren(c) => self.negated(c),
            CondKind::Card { card, pred } => {
                let plural = self.ref_plural(card);
                format!(
                    "{} {}",
                    self.card_ref(card),
                    self.card_pred(pred, plural, true)
                )
            }
            CondKind::Splayed {
                whose,
                color,
                direction,
            } => self.splayed(whose.node, &color.node, direction.node, true),
            _ => format!("it is not the case that {}", self.cond(inner)),
        }
    }

    /// "your red cards are splayed left", "its color is not splayed aslant on your board".
    fn splayed(
        &self,
        whose: Possessive,
        color: &ColorAtom,
        direction: Direction,
        negated: bool,
    ) -> String {
        let not = if negated { "not " } else { "" };
        let dir = direction.word();
        match self.resolve_color(color) {
            ColorAtom::Named(n) => format!("{} {n} cards are {not}splayed {dir}", whose.words()),
            atom => {
                let subject = match &atom {
                    ColorAtom::ColorOf(r) if is_anaphoric(r) => "that color".to_string(),
                    ColorAtom::ColorOf(r) => format!("the color of {}", self.card_ref(r)),
                    ColorAtom::ItsColor => "its color".to_string(),
                    ColorAtom::Chosen => "the chosen color".to_string(),
                    _ => "a color".to_string(),
                };
                format!("{subject} is {not}splayed {dir} on {} board", whose.words())
            }
        }
    }

    /// `you have at least 3 crown and you have at least 3 leaf …` → "you have at least three of
    /// each of [crown] and [leaf] on your board", when every part counts icons of one player.
    fn merged_has(&self, parts: &[Cond]) -> Option<String> {
        if parts.len() < 2 {
            return None;
        }
        let mut player: Option<&PlayerRef> = None;
        let mut items = Vec::new();
        for part in parts {
            let CondKind::Has {
                player: p,
                measure:
                    PlayerMeasure {
                        kind:
                            PlayerMeasureKind::Amount {
                                amount,
                                measure:
                                    Spanned {
                                        node: Measure::Icon(i),
                                        ..
                                    },
                            },
                        ..
                    },
            } = &part.kind
            else {
                return None;
            };
            if player.is_some_and(|q| !same_player(q, p)) {
                return None;
            }
            player = Some(p);
            items.push((amount.node, icon(&i.node)));
        }
        let player = player?;
        let subject = self.player(player);
        let have = verb_s(player, "have", "has");
        let poss = possessive_of(player);
        let same_amount = items.iter().all(|(a, _)| *a == items[0].0);
        let list = if same_amount {
            let icons: Vec<String> = items.iter().map(|(_, i)| i.clone()).collect();
            format!(
                "{} of each of {}",
                amount_words(items[0].0),
                and_list(&icons)
            )
        } else {
            let texts: Vec<String> = items
                .iter()
                .map(|(a, i)| format!("{} {i}", amount_words(*a)))
                .collect();
            and_list(&texts)
        };
        Some(format!("{subject} {have} {list} on {poss} board"))
    }

    /// "you have at least four [castle] on your board", "you have tucked at least six cards
    /// this turn", "you have returned more cards due to Democracy than each other player".
    fn has_phrase(&self, subject: &str, have: &str, poss: &str, m: &PlayerMeasure) -> String {
        match &m.kind {
            PlayerMeasureKind::Amount {
                amount,
                measure:
                    Spanned {
                        node:
                            Measure::History {
                                verb,
                                due_to,
                                scope,
                            },
                        ..
                    },
            } => format!(
                "{subject} {have} {} {}{}",
                verb.word(),
                amount_cards(amount.node),
                self.due_scope(*due_to, *scope)
            ),
            PlayerMeasureKind::Compare {
                more,
                measure:
                    Spanned {
                        node:
                            Measure::History {
                                verb,
                                due_to,
                                scope,
                            },
                        ..
                    },
                than,
            } => format!(
                "{subject} {have} {} {} cards{} than {}",
                verb.word(),
                if *more { "more" } else { "fewer" },
                self.due_scope(*due_to, *scope),
                self.than(than, poss)
            ),
            _ => format!("{subject} {have} {}", self.measure_phrase(m, poss)),
        }
    }

    /// What a player has: "at least four [castle] on your board", "more [leaf] than [factory]
    /// on their board", "fewer points than you".
    fn measure_phrase(&self, m: &PlayerMeasure, poss: &str) -> String {
        match &m.kind {
            PlayerMeasureKind::AsMany {
                twice,
                measure,
                than,
            } => {
                let (head, tail) = self.measure_parts(&measure.node, poss, true);
                format!(
                    "at least {}as many {head}{tail} as {}",
                    if *twice { "twice " } else { "" },
                    self.than(than, poss)
                )
            }
            PlayerMeasureKind::Amount { amount, measure } => {
                let plural = amount_plural(amount.node);
                let (head, tail) = self.measure_parts(&measure.node, poss, plural);
                format!("{} {head}{tail}", amount_words(amount.node))
            }
            PlayerMeasureKind::Compare {
                more,
                measure,
                than,
            } => {
                let word = if *more { "more" } else { "fewer" };
                let (head, tail) = self.measure_parts(&measure.node, poss, true);
                match than {
                    Than::Measure(other) => {
                        let (head2, tail2) = self.measure_parts(&other.node, poss, true);
                        if tail == tail2 {
                            format!("{word} {head} than {head2}{tail}")
                        } else if head == head2 {
                            format!("{word} {head}{tail} than{tail2}")
                        } else {
                            format!("{word} {head}{tail} than {head2}{tail2}")
                        }
                    }
                    _ => format!("{word} {head}{tail} than {}", self.than(than, poss)),
                }
            }
        }
    }

    fn than(&self, than: &Than, poss: &str) -> String {
        match than {
            Than::Each(set) => format!("each {}", set.node.words()),
            Than::Player(p) => self.player(p),
            Than::Measure(m) => {
                let (head, tail) = self.measure_parts(&m.node, poss, true);
                format!("{head}{tail}")
            }
        }
    }

    /// A measure as a noun and what follows it: ("[leaf]", " on your board").
    fn measure_parts(&self, m: &Measure, poss: &str, plural: bool) -> (String, String) {
        let s = if plural { "s" } else { "" };
        match m {
            Measure::Points => (format!("point{s}"), String::new()),
            Measure::Achievements => (format!("achievement{s}"), String::new()),
            Measure::TopCards => (format!("top card{s}"), String::new()),
            Measure::CardsIn(kind) => {
                let place = match kind {
                    ZoneKind::Board => format!(" on {poss} board"),
                    ZoneKind::Achievements => format!(" among {poss} achievements"),
                    _ => format!(" in {poss} {}", kind.word(false)),
                };
                (format!("card{s}"), place)
            }
            Measure::History {
                verb,
                due_to,
                scope,
            } => (
                format!("card{s}"),
                format!(" {}{}", verb.word(), self.due_scope(*due_to, *scope)),
            ),
            Measure::Colors(filters) => {
                let mut tail = String::new();
                for f in filters {
                    tail.push(' ');
                    tail.push_str(&self.color_filter(&f.node, false));
                }
                (format!("color{s}"), tail)
            }
            Measure::ColorCards(color) => (
                format!("{} card{s}", color.node),
                format!(" on {poss} board"),
            ),
            Measure::Icon(i) => (icon(&i.node), format!(" on {poss} board")),
        }
    }

    /// `any drawn is red`, `no cards transferred due to the demand`, `each top card on your
    /// board has crown`.
    fn cards_are(&self, q: Quantifier, set: &SetRef, pred: Option<&CardPred>) -> String {
        let q_word = q.word();
        match set {
            SetRef::History(h) => match pred {
                None => {
                    let q_word = if q == Quantifier::Each { "all" } else { q_word };
                    let text = self.history(h, true);
                    let rest = text.strip_prefix("cards ").unwrap_or(&text);
                    format!("{q_word} cards were {rest}")
                }
                Some(p) => format!(
                    "{q_word} {} {}",
                    self.history(h, false),
                    self.card_pred(p, false, false)
                ),
            },
            SetRef::Supply(z) => match pred {
                Some(p) => format!(
                    "{q_word} card in {} {}",
                    self.supply(z),
                    self.card_pred(p, false, false)
                ),
                None => match q {
                    Quantifier::No => format!("there are no cards in {}", self.supply(z)),
                    _ => format!("there is a card in {}", self.supply(z)),
                },
            },
            SetRef::Zone(z) => match pred {
                Some(p) => format!(
                    "{q_word} card in {} {}",
                    self.zone(z),
                    self.card_pred(p, false, false)
                ),
                None => match q {
                    Quantifier::No => format!("there are no cards in {}", self.zone(z)),
                    _ => format!("there is a card in {}", self.zone(z)),
                },
            },
            SetRef::Cards(r) => match &r.kind {
                CardRefKind::Bound(p) => match pred {
                    Some(pred) => format!(
                        "{q_word} card you {} {}",
                        past(*p),
                        self.card_pred(pred, false, false)
                    ),
                    None => match q {
                        Quantifier::No => format!("you {} no cards", past(*p)),
                        _ => format!("you {} any cards", past(*p)),
                    },
                },
                CardRefKind::Np(np) if np.quantity.is_none() && np.possessive.is_none() => {
                    let plural = np_plural(np);
                    match pred {
                        Some(pred) => format!(
                            "{q_word} {} {}",
                            self.card_np(np),
                            self.card_pred(pred, plural, false)
                        ),
                        None => match q {
                            Quantifier::No => format!("there is no {}", self.card_np(np)),
                            _ => {
                                let text = self.card_np(np);
                                format!("there is {} {text}", article(&text))
                            }
                        },
                    }
                }
                _ => {
                    let plural = self.ref_plural(r);
                    match (pred, q) {
                        (Some(pred), Quantifier::No) => format!(
                            "none of {} {}",
                            self.card_ref(r),
                            self.card_pred(pred, true, false)
                        ),
                        (Some(pred), _) => format!(
                            "{} {}",
                            self.card_ref(r),
                            self.card_pred(pred, plural, false)
                        ),
                        (None, Quantifier::No) => format!("there is no {}", self.card_ref(r)),
                        (None, _) => format!("there is {}", self.card_ref(r)),
                    }
                }
            },
        }
    }

    /// A predicate on cards: "has a [crown]", "is green or blue", "is of value [6] or higher".
    fn card_pred(&self, p: &CardPred, plural: bool, negated: bool) -> String {
        let is = match (plural, negated) {
            (false, false) => "is",
            (true, false) => "are",
            (false, true) => "is not",
            (true, true) => "are not",
        };
        match &p.kind {
            CardPredKind::HasIcon(icons) => {
                let has = match (plural, negated) {
                    (false, false) => "has",
                    (true, false) => "have",
                    (false, true) => "does not have",
                    (true, true) => "do not have",
                };
                format!("{has} a {}", icon_list(icons))
            }
            CardPredKind::DirectlyBeneath { value, filters } => {
                let mut text = match value {
                    Some(v) => {
                        let noun = self.value_noun(v, false);
                        format!("{is} directly beneath {} {noun}", article(&noun))
                    }
                    None => format!("{is} directly beneath a card"),
                };
                for f in filters {
                    text.push(' ');
                    text.push_str(&self.filter(&f.node));
                }
                text
            }
            CardPredKind::Is(card) => format!("{is} {}", self.card_ref(card)),
            CardPredKind::Value(spec) => match literal_values(spec) {
                Some(values) if !plural => format!("{is} {} {values}", article(&values)),
                _ => format!("{is} {}", self.value_spec(spec)),
            },
            CardPredKind::IsTop if plural => format!("{is} top cards"),
            CardPredKind::IsTop => format!("{is} a top card"),
            CardPredKind::ColorOnBoard {
                negated: not,
                whose,
            } => format!(
                "{is} of a color {}present on {} board",
                if *not { "not " } else { "" },
                whose.node.words()
            ),
            CardPredKind::Color(c) => {
                let phrases: Vec<String> = c
                    .alternatives
                    .iter()
                    .map(|a| match &self.resolve_color(&a.node) {
                        ColorAtom::Named(n) => n.clone(),
                        ColorAtom::AnyColor(filters) => {
                            let mut text = "of a color".to_string();
                            for f in filters {
                                text.push(' ');
                                text.push_str(&self.color_filter(&f.node, false));
                            }
                            text
                        }
                        ColorAtom::ColorOf(r) if is_anaphoric(r) => "that color".to_string(),
                        ColorAtom::ColorOf(r) => {
                            format!("the same color as {}", self.card_ref(r))
                        }
                        ColorAtom::ItsColor => "its color".to_string(),
                        ColorAtom::Chosen if self.bound_plural(Participle::Chosen) => {
                            "one of the chosen colors".to_string()
                        }
                        ColorAtom::Chosen => "the chosen color".to_string(),
                    })
                    .collect();
                format!("{is} {}", or_list(&phrases))
            }
        }
    }

    // -----------------------------------------------------------------------------------------
    // Players

    fn player(&self, p: &PlayerRef) -> String {
        match &p.kind {
            PlayerRefKind::You => "you".to_string(),
            PlayerRefKind::I { me: false } => "I".to_string(),
            PlayerRefKind::I { me: true } => "me".to_string(),
            PlayerRefKind::ThatPlayer => "that player".to_string(),
            PlayerRefKind::Choose {
                article,
                kind,
                with,
            } => {
                let kind_word = match kind {
                    PlayerKind::Opponent => "opponent",
                    PlayerKind::OtherPlayer => "other player",
                    PlayerKind::Player => "player",
                };
                let article = match article {
                    PlayerArticle::An => self::article(kind_word),
                    PlayerArticle::Another => "another",
                    PlayerArticle::Any => "any",
                };
                match with {
                    Some(m) => format!(
                        "{article} {kind_word} with {}",
                        self.measure_phrase(m, "their")
                    ),
                    None => format!("{article} {kind_word}"),
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Small helpers

/// "either A, or B", "either A, B, or C".
fn either_text(alternatives: &[String]) -> String {
    match alternatives {
        [] => "do nothing".to_string(),
        [one] => one.clone(),
        [init @ .., last] => format!("either {}, or {last}", init.join(", ")),
    }
}

/// Whether a statement is a plain action that a following `then` may join.
fn is_simple(kind: &StmtKind) -> bool {
    !matches!(
        kind,
        StmtKind::May(_) | StmtKind::If { .. } | StmtKind::Either(_) | StmtKind::ForEach { .. }
    )
}

/// Whether a clause has inner commas or its own subject, so that it joins with ", and".
fn is_complex(c: &Clause) -> bool {
    c.mood == Mood::Subject || c.text.contains(", ")
}

/// Whether a condition is about the statement just before it ("if you do", "if you returned
/// any"), so that it may start its own sentence.
fn refers_back(c: &Cond) -> bool {
    match &c.kind {
        CondKind::Did(_) | CondKind::Verbed { .. } => true,
        CondKind::And(parts) | CondKind::Or(parts) => parts.first().is_some_and(refers_back),
        CondKind::Paren(inner) | CondKind::Not(inner) => refers_back(inner),
        _ => false,
    }
}

/// Whether a card reference points back at cards just named (`it`, `returned`), so that its
/// colour reads "that color".
fn is_anaphoric(r: &CardRef) -> bool {
    matches!(
        r.kind,
        CardRefKind::It | CardRefKind::Them | CardRefKind::Bound(_)
    )
}

/// Whether an expression stands for a card value, so that whole numbers compared with it are
/// values ("[3]") rather than counts.
fn is_value(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::ValueOf(_) | ExprKind::Extreme { .. } | ExprKind::Chosen => true,
        ExprKind::Add(a, b) | ExprKind::Sub(a, b) => is_value(a) || is_value(b),
        ExprKind::Paren(inner) => is_value(inner),
        _ => false,
    }
}

/// Whether a measure counts what is on the board (its tail is "on their board").
fn board_tail(m: &Measure) -> bool {
    matches!(
        m,
        Measure::Icon(_) | Measure::ColorCards(_) | Measure::CardsIn(ZoneKind::Board)
    )
}

/// Whether a filter names a card or board other than the candidates' own ("of the same value as
/// the card you returned", "of a color not present on my board"), so that the phrase's source
/// reads better before it.
fn reads_after_source(f: &Filter) -> bool {
    match f {
        Filter::SameColorAs(r) => !is_anaphoric(r),
        Filter::SameValueAs(_)
        | Filter::ColorOnBoard { .. }
        | Filter::OtherThan(_)
        | Filter::HigherThan(_)
        | Filter::LowerThan(_) => true,
        _ => false,
    }
}

/// Whether a noun phrase names several cards.
fn np_plural(np: &CardNp) -> bool {
    match np.quantity.as_ref().map(|q| &q.node) {
        Some(Quantity::One { .. }) => false,
        Some(Quantity::Exactly(n))
        | Some(Quantity::UpTo(n))
        | Some(Quantity::The(Some(n)))
        | Some(Quantity::Bottom(n)) => *n != 1,
        Some(Quantity::Between(..))
        | Some(Quantity::AnyNumber)
        | Some(Quantity::All { .. })
        | Some(Quantity::AllBut(_))
        | Some(Quantity::AllButTop(_))
        | Some(Quantity::Computed(_))
        | Some(Quantity::Half(_)) => true,
        Some(Quantity::The(None)) | None => {
            matches!(np.noun.node, Noun::Cards | Noun::Achievements)
        }
    }
}

/// A value spec of whole numbers only: `2 or 3` → "[2] or [3]".
fn literal_values(spec: &ValueSpec) -> Option<String> {
    let ExprKind::Int(first) = spec.first.kind else {
        return None;
    };
    let mut values = vec![format!("[{first}]")];
    for alt in &spec.rest {
        match &alt.node {
            ValueAlternative::Or(Expr {
                kind: ExprKind::Int(n),
                ..
            }) => values.push(format!("[{n}]")),
            _ => return None,
        }
    }
    Some(or_list(&values))
}

fn same_player(a: &PlayerRef, b: &PlayerRef) -> bool {
    matches!(
        (&a.kind, &b.kind),
        (PlayerRefKind::You, PlayerRefKind::You)
            | (PlayerRefKind::I { .. }, PlayerRefKind::I { .. })
            | (PlayerRefKind::ThatPlayer, PlayerRefKind::ThatPlayer)
    )
}

/// "your", "my" or "their": whose board a player's measure is on.
fn possessive_of(p: &PlayerRef) -> &'static str {
    match p.kind {
        PlayerRefKind::You => "your",
        PlayerRefKind::I { .. } => "my",
        _ => "their",
    }
}

/// The verb form that agrees with a player: "you win", "that player wins".
fn verb_s<'a>(p: &PlayerRef, plain: &'a str, third: &'a str) -> &'a str {
    match p.kind {
        PlayerRefKind::You | PlayerRefKind::I { .. } => plain,
        _ => third,
    }
}

/// The simple past of a participle's verb: "you drew", "you returned".
fn past(p: Participle) -> &'static str {
    match p {
        Participle::Drawn => "drew",
        Participle::Chosen => "chose",
        other => other.word(),
    }
}

/// `at least 4` → "at least four".
fn amount_words(a: Amount) -> String {
    match a {
        Amount::Any => "any".to_string(),
        Amount::AtLeast(n) => format!("at least {}", number(n)),
        Amount::AtMost(n) => format!("at most {}", number(n)),
        Amount::MoreThan(n) => format!("more than {}", number(n)),
        Amount::FewerThan(n) => format!("fewer than {}", number(n)),
        Amount::Exactly(n) => format!("exactly {}", number(n)),
        Amount::Count(n) => number(n),
        Amount::No => "no".to_string(),
    }
}

fn amount_plural(a: Amount) -> bool {
    !matches!(
        a,
        Amount::AtLeast(1)
            | Amount::AtMost(1)
            | Amount::MoreThan(1)
            | Amount::FewerThan(1)
            | Amount::Exactly(1)
            | Amount::Count(1)
    )
}

/// `any` → "any cards", `at least 4` → "at least four cards".
fn amount_cards(a: Amount) -> String {
    let noun = if amount_plural(a) { "cards" } else { "card" };
    format!("{} {noun}", amount_words(a))
}

/// Counts as words from zero to twelve, digits above.
fn number(n: u32) -> String {
    const WORDS: [&str; 13] = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
        "eleven", "twelve",
    ];
    WORDS
        .get(n as usize)
        .map_or_else(|| n.to_string(), |w| w.to_string())
}

/// "a value", "two colors": a count before a noun, with an article for one.
fn counted(n: u32, noun: &str) -> String {
    if n == 1 {
        format!("{} {noun}", article(noun))
    } else {
        format!("{} {noun}", number(n))
    }
}

/// "a" or "an", by the sound of the next word ("an [8]", "an opponent").
fn article(next: &str) -> &'static str {
    if let Some(rest) = next.strip_prefix('[') {
        let digits: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
        let an = digits.starts_with('8') || digits == "11" || digits == "18";
        return if an { "an" } else { "a" };
    }
    match next.chars().next() {
        Some(c) if "aeiouAEIOU".contains(c) && !next.starts_with("one") => "an",
        _ => "a",
    }
}

fn icon(name: &str) -> String {
    format!("[{name}]")
}

/// `crown or leaf` → "[crown] or [leaf]".
fn icon_list(icons: &[Name]) -> String {
    let names: Vec<String> = icons.iter().map(|i| icon(&i.node)).collect();
    or_list(&names)
}

/// "a", "a or b", "a, b, or c".
fn or_list(items: &[String]) -> String {
    list(items, "or")
}

/// "a", "a and b", "a, b, and c".
fn and_list(items: &[String]) -> String {
    list(items, "and")
}

fn list(items: &[String], word: &str) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [a, b] => format!("{a} {word} {b}"),
        [init @ .., last] => format!("{}, {word} {last}", init.join(", ")),
    }
}

/// Upper-cases the first letter.
fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::parse;

    /// Renders the effects of the only card in `source`.
    fn effects(source: &str) -> Vec<String> {
        let file = parse(source).expect("parses");
        let Some(Item::Card(card)) = file.items.first() else {
            panic!("no card");
        };
        render_card(card, Wording::Third)
            .into_iter()
            .map(|e| e.text)
            .collect()
    }

    fn card(body: &str) -> String {
        format!("card \"Test\" {{ {body} age 1 color red icons hex leaf leaf leaf }}")
    }

    #[test]
    fn a_demand_orders_you_and_ends_with_bangs() {
        let texts = effects(&card(
            "demand castle { draw a [1] then transfer the highest card from your hand to my hand \
             if you do { draw 2 [1] } }",
        ));
        assert_eq!(
            texts[0],
            "I demand you draw a [1], then transfer the highest card from your hand to my hand! \
             If you do, draw two [1]!"
        );
    }

    #[test]
    fn a_compel_orders_you_too() {
        let texts = effects(&card("compel leaf { return a card from your hand }"));
        assert_eq!(texts[0], "I compel you return a card from your hand!");
    }

    #[test]
    fn counts_are_words_and_values_are_bracketed() {
        let texts = effects(&card(
            "effect leaf { you may return up to 3 cards from your hand draw an [8] }",
        ));
        assert_eq!(
            texts[0],
            "You may return up to three cards from your hand. Draw an [8]."
        );
    }

    #[test]
    fn a_value_one_higher_than_a_bound_card() {
        let texts = effects(&card(
            "effect leaf { you may return a card from your hand \
             if you do { draw and score a [value of returned + 1] } }",
        ));
        assert_eq!(
            texts[0],
            "You may return a card from your hand. If you do, draw and score a card of value one \
             higher than the card you returned."
        );
    }

    #[test]
    fn splays_name_your_cards() {
        let texts = effects(&card(
            "effect leaf { you may splay left red } effect leaf { splay right a color splayed left }",
        ));
        assert_eq!(texts[0], "You may splay your red cards left.");
        assert_eq!(
            texts[1],
            "Splay right any one color of your cards currently splayed left."
        );
    }

    #[test]
    fn this_card_is_its_title_and_self_execute_forbids_sharing() {
        let texts = effects(&card(
            "effect leaf { self-execute a top card other than this card from your board }",
        ));
        assert_eq!(
            texts[0],
            "Execute each of the non-demand effects of a top card from your board other than \
             Test. Do not share them."
        );
    }

    #[test]
    fn rare_statements_render_without_panicking() {
        let texts = effects(&card(
            "echo { junk a card from your hand foreshadow a card from your hand \
             achieve your top red card draw and junk a [3] exchange all cards from your hand \
             with all cards from your score pile rearrange red you lose end the game \
             unsplay a color choose an opponent }",
        ));
        assert!(
            texts[0].starts_with("Junk a card from your hand."),
            "{}",
            texts[0]
        );
        assert!(texts[0].contains("The game ends."), "{}", texts[0]);
        assert!(texts[0].contains("Choose an opponent."), "{}", texts[0]);
    }

    #[test]
    fn an_achievement_names_its_condition_and_card() {
        let file =
            parse("achievement \"World\" { when you have at least 12 clock via \"Translation\" }")
                .expect("parses");
        let Some(Item::Achievement(a)) = file.items.first() else {
            panic!("no achievement");
        };
        assert_eq!(
            render_achievement(a, Wording::Third),
            "Claim this achievement immediately if you have at least twelve [clock] on your \
             board. It can also be claimed via Translation."
        );
    }
}
