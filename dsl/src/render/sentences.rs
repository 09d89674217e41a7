//! Clauses and sentences: a statement as a `Clause`, a block's statements joined into clauses
//! and `Sentence`s (with their "if you do" and "otherwise" leads), and the finished text with
//! its capitals, full stops and "I demand you".

use crate::ast::*;

use super::statements::moved_players;
use super::words::capitalise;
use super::Renderer;

/// How a clause begins, which decides how "I demand you" and "you may" attach to it.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Mood {
    /// A bare verb phrase: "draw a [1]".
    Imperative,
    /// "you may …", holding the words that follow "I demand you" when the clause opens a
    /// demand ("choose whether to meld a card").
    May(String),
    /// A clause with its own subject or lead: "you win", "if it is red, meld it".
    Subject,
    /// A clause the demander says of themself, not an order to the victim: "I choose a color".
    Demander,
}

/// A statement (or a joined run of statements) as lower-case English without a full stop.
#[derive(Clone, Debug)]
pub(super) struct Clause {
    pub(super) text: String,
    pub(super) mood: Mood,
    /// Whole sentences to print after the sentence that holds this clause ("Do not share them").
    pub(super) trailers: Vec<String>,
}

impl Clause {
    pub(super) fn imperative(text: String) -> Clause {
        Clause {
            text,
            mood: Mood::Imperative,
            trailers: Vec::new(),
        }
    }

    pub(super) fn subject(text: String) -> Clause {
        Clause {
            text,
            mood: Mood::Subject,
            trailers: Vec::new(),
        }
    }

    pub(super) fn demander(text: String) -> Clause {
        Clause {
            text,
            mood: Mood::Demander,
            trailers: Vec::new(),
        }
    }
}

/// One printed sentence: an optional lead ("if you do") and a body.
#[derive(Clone, Debug)]
pub(super) struct Sentence {
    lead: Option<String>,
    body: Clause,
    /// A simple action that a following `then` statement may join as ", then …".
    joinable: bool,
}

/// Capitalises the sentences and closes each with "." (or "!" in a demand), putting "I demand
/// you" (or "I compel you") into the first that orders the victim: what the demander says of
/// themself first ("I choose a color!") stands before the order.
pub(super) fn finish(sentences: Vec<Sentence>, kind: EffectKind) -> String {
    let (stop, order) = match kind {
        EffectKind::Demand => ("!", Some("demand")),
        EffectKind::Compel => ("!", Some("compel")),
        EffectKind::NonDemand | EffectKind::Echo | EffectKind::Inspire | EffectKind::Karma => {
            (".", None)
        }
    };
    if sentences.is_empty() {
        return match order {
            Some(word) => format!("{} do nothing!", order_words(word)),
            // An effect without statements: the printed cards say so (Ruler, Plumbing and Puppet in the
            // third edition of Echoes, ../shared/reference/cards/echoes.json).
            None => "No effect.".to_string(),
        };
    }
    let ordered = sentences
        .iter()
        .position(|s| s.lead.is_some() || s.body.mood != Mood::Demander);
    let mut out = Vec::new();
    for (i, sentence) in sentences.iter().enumerate() {
        let first = Some(i) == ordered;
        let text = match (first, order, &sentence.lead) {
            (true, Some(word), Some(lead)) => led_order(word, lead, &sentence.body),
            (true, Some(word), None) => order_body(word, &sentence.body),
            (_, _, Some(lead)) => format!("{lead}, {}", sentence.body.text),
            (_, _, None) => sentence.body.text.clone(),
        };
        out.push(format!("{}{stop}", capitalise(&text)));
        for trailer in &sentence.body.trailers {
            out.push(format!("{}{stop}", capitalise(trailer)));
        }
    }
    out.join(" ")
}

/// The first sentence of a demand or compel when it has a lead. The order comes first, so that
/// the lead reads as the victim's and not the demander's: a condition follows the order ("I
/// demand you transfer a top card … to my board if you have at least four [castle] on your
/// board"), any other lead sits inside it ("I demand you, for each …, draw a [1]").
fn led_order(word: &str, lead: &str, clause: &Clause) -> String {
    let conditional = lead.starts_with("if ");
    let order = order_words(word);
    match &clause.mood {
        Mood::Imperative if conditional => format!("{order} {} {lead}", clause.text),
        Mood::May(inner) if conditional => format!("{order} {inner} {lead}"),
        Mood::Imperative => format!("{order}, {lead}, {}", clause.text),
        Mood::May(inner) => format!("{order}, {lead}, {inner}"),
        Mood::Subject | Mood::Demander => format!("I {word} that, {lead}, {}", clause.text),
    }
}

/// "I demand you", "I compel you to": the words before a demand's or compel's first verb.
fn order_words(word: &str) -> String {
    match word {
        "compel" => "I compel you to".to_string(),
        _ => format!("I {word} you"),
    }
}

/// The first sentence of a demand or compel: "I demand you draw a [1]".
fn order_body(word: &str, clause: &Clause) -> String {
    match &clause.mood {
        Mood::Imperative => format!("{} {}", order_words(word), clause.text),
        Mood::May(inner) => format!("{} {inner}", order_words(word)),
        Mood::Subject | Mood::Demander => format!("I {word} that {}", clause.text),
    }
}

impl Renderer<'_> {
    /// The top-level statements of a block, one sentence each; a `then` statement joins the
    /// previous simple sentence as ", then …".
    pub(super) fn block_sentences(&mut self, stmts: &[Stmt]) -> Vec<Sentence> {
        let mut out: Vec<Sentence> = Vec::new();
        let mut previous_choice = false;
        for stmt in stmts {
            let mut new = self.stmt_sentences(stmt);
            // Two plain choices in a row read as one: "Choose a number and a color."
            let choice = plain_choice(stmt);
            if choice && previous_choice && new.len() == 1 && new[0].lead.is_none() {
                if let (Some(prev), Some(rest)) =
                    (out.last_mut(), new[0].body.text.strip_prefix("choose "))
                {
                    prev.body.text = format!("{} and {rest}", prev.body.text);
                    previous_choice = false;
                    continue;
                }
            }
            previous_choice = choice;
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
            StmtKind::ForEachColor { filters, body } => vec![Sentence {
                lead: Some(self.each_color(filters)),
                body: self.join(&body.stmts),
                joinable: false,
            }],
            StmtKind::ForEachValue {
                list,
                ascending,
                descending,
                body,
            } => {
                let mut body = self.join(&body.stmts);
                if *descending {
                    body.text.push_str(", in descending order");
                } else if *ascending {
                    body.text.push_str(", in ascending order");
                }
                vec![Sentence {
                    lead: Some(self.each_value(list)),
                    body,
                    joinable: false,
                }]
            }
            StmtKind::ForEachCard { cards, body } => vec![Sentence {
                lead: Some(self.each_card(cards)),
                body: self.join(&body.stmts),
                joinable: false,
            }],
            StmtKind::Lasting { when, body } => vec![Sentence {
                lead: Some(self.lasting_lead(&when.node)),
                body: self.lasting_body(&when.node, body),
                joinable: false,
            }],
            StmtKind::ForEach {
                players,
                with,
                moved,
                body,
            } => vec![Sentence {
                lead: Some(format!(
                    "for each {}{}",
                    self.each_players(players, with),
                    moved_players(moved)
                )),
                body: self.join(&body.stmts),
                joinable: false,
            }],
            _ => {
                let body = self.stmt_clause(stmt);
                // A `then` after the demander's own clause would read as theirs too.
                let joinable = is_simple(&stmt.kind)
                    && body.trailers.is_empty()
                    && body.mood != Mood::Demander;
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
    pub(super) fn join(&mut self, stmts: &[Stmt]) -> Clause {
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
        let mut previous_demander = joined.mood == Mood::Demander;
        for (i, (then, mut clause)) in iter.enumerate() {
            let i = i + 1;
            // After the demander's own clause, the victim's is said to them: "I choose a color,
            // and you transfer …".
            if previous_demander && clause.mood == Mood::Imperative {
                clause.text = format!("you {}", clause.text);
                clause.mood = Mood::Subject;
            }
            if clause.mood != Mood::Demander && joined.mood == Mood::Demander {
                joined.mood = Mood::Subject;
            }
            previous_demander = clause.mood == Mood::Demander;
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
}

/// Whether a statement is the executor's own choice of a kind, with nothing around it
/// (`choose a number`, `choose a color`): two in a row join as one sentence.
fn plain_choice(stmt: &Stmt) -> bool {
    !stmt.then
        && stmt.subject.is_none()
        && stmt.scale.is_none()
        && matches!(
            &stmt.kind,
            StmtKind::Choose {
                by_demander: false,
                except: None,
                except_value: None,
                filters,
                ..
            } if filters.is_empty()
        )
}

/// Whether a statement is a plain action that a following `then` may join.
fn is_simple(kind: &StmtKind) -> bool {
    !matches!(
        kind,
        StmtKind::May(_)
            | StmtKind::If { .. }
            | StmtKind::Either { .. }
            | StmtKind::ForEach { .. }
            | StmtKind::ForEachColor { .. }
            | StmtKind::ForEachValue { .. }
            | StmtKind::ForEachCard { .. }
            | StmtKind::Lasting { .. }
    )
}

/// Whether a clause has inner commas or its own subject, so that it joins with ", and".
fn is_complex(c: &Clause) -> bool {
    matches!(c.mood, Mood::Subject | Mood::Demander) || c.text.contains(", ")
}

/// Whether a condition is about the statement just before it ("if you do", "if you returned
/// any"), so that it may start its own sentence.
fn refers_back(c: &Cond) -> bool {
    match &c.kind {
        CondKind::Did(_) | CondKind::TheyDid(_) | CondKind::Verbed { .. } => true,
        CondKind::And(parts) | CondKind::Or(parts) => parts.first().is_some_and(refers_back),
        CondKind::Paren(inner) | CondKind::Not(inner) => refers_back(inner),
        _ => false,
    }
}
