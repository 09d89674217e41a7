//! The canonical layout of card sources (`dogma fmt`): one fact or statement per line, two-space
//! indentation, one blank line between cards and between effects, comments kept in place.
//!
//! Formatting is a function of the AST and the comments, so formatting twice changes nothing.

use crate::ast::*;
use crate::parse::{parse, SyntaxError};

/// Formats a card file. Fails only when the source does not parse.
pub fn format_source(source: &str) -> Result<String, SyntaxError> {
    let file = parse(source)?;
    let comments = scan_comments(source);
    let mut out = Printer {
        lines: Vec::new(),
        comments,
        next_comment: 0,
        source,
        last_comment_end: None,
    };
    for (i, item) in file.items.iter().enumerate() {
        if i > 0 {
            out.blank();
        }
        match item {
            Item::Card(card) => out.card(card),
            Item::Achievement(a) => out.achievement(a),
        }
    }
    out.flush_comments(u32::MAX, 0);
    let mut text = out.lines.join("\n");
    // Collapse runs of blank lines that leading comments may leave behind.
    while text.contains("\n\n\n") {
        text = text.replace("\n\n\n", "\n\n");
    }
    let text = text.trim_start_matches('\n').to_string();
    Ok(if text.is_empty() { text } else { text + "\n" })
}

/// A `#` comment in the source.
#[derive(Clone, Debug)]
struct Comment {
    start: u32,
    text: String,
    /// Code precedes the comment on its line.
    trailing: bool,
    /// A blank line precedes the comment in the source.
    blank_before: bool,
}

/// Finds every comment, skipping `#` inside quoted titles.
fn scan_comments(source: &str) -> Vec<Comment> {
    let mut comments = Vec::new();
    let bytes = source.as_bytes();
    let mut i = 0;
    let mut in_string = false;
    while i < bytes.len() {
        let b = bytes[i];
        if in_string {
            if b == b'"' || b == b'\n' {
                in_string = false;
            }
            i += 1;
        } else if b == b'"' {
            in_string = true;
            i += 1;
        } else if b == b'#' {
            let end = source[i..].find('\n').map_or(source.len(), |e| i + e);
            let line_start = source[..i].rfind('\n').map_or(0, |p| p + 1);
            let trailing = !source[line_start..i].trim().is_empty();
            let before = source[..line_start].trim_end_matches([' ', '\t', '\r']);
            let blank_before = before.ends_with("\n\n") || {
                let prev_end = before.trim_end_matches('\n');
                before.len() - prev_end.len() >= 2
            };
            comments.push(Comment {
                start: i as u32,
                text: source[i..end].trim_end().to_string(),
                trailing,
                blank_before,
            });
            i = end;
        } else {
            i += 1;
        }
    }
    comments
}

struct Printer<'s> {
    lines: Vec<String>,
    comments: Vec<Comment>,
    next_comment: usize,
    source: &'s str,
    /// Where the last own-line comment ended, while it is the last line printed.
    last_comment_end: Option<u32>,
}

impl Printer<'_> {
    fn blank(&mut self) {
        if self.lines.last().is_some_and(|l| !l.is_empty()) {
            self.lines.push(String::new());
        }
    }

    /// Emits the comments that start before `pos`, as own-line comments at `indent`.
    fn flush_comments(&mut self, pos: u32, indent: usize) {
        while let Some(c) = self.comments.get(self.next_comment) {
            if c.start >= pos {
                break;
            }
            let c = c.clone();
            self.next_comment += 1;
            if c.trailing && !self.lines.is_empty() {
                if let Some(last) = self.lines.iter_mut().rev().find(|l| !l.is_empty()) {
                    last.push(' ');
                    last.push_str(&c.text);
                    continue;
                }
            }
            if c.blank_before && !self.lines.is_empty() {
                self.blank();
            }
            self.lines
                .push(format!("{}{}", "  ".repeat(indent), c.text));
            self.last_comment_end = Some(c.start + c.text.len() as u32);
        }
    }

    /// Keeps one blank line between an own-line comment and the code after it when the source
    /// had one.
    fn blank_after_comment(&mut self, start: u32) {
        if let Some(end) = self.last_comment_end.take() {
            let between = self.source.get(end as usize..start as usize).unwrap_or("");
            if between.matches('\n').count() >= 2 {
                self.blank();
            }
        }
    }

    /// Emits a line for a construct starting at `start`, then any comment trailing it on the
    /// same source line as `end`.
    fn line(&mut self, indent: usize, start: u32, end: u32, text: String) {
        self.flush_comments(start, indent);
        self.blank_after_comment(start);
        self.lines.push(format!("{}{}", "  ".repeat(indent), text));
        self.trailing_after(end);
    }

    fn trailing_after(&mut self, end: u32) {
        if let Some(c) = self.comments.get(self.next_comment) {
            let between = self
                .source
                .get(end as usize..c.start as usize)
                .unwrap_or("\n");
            if c.trailing && c.start >= end && !between.contains('\n') {
                let text = c.text.clone();
                self.next_comment += 1;
                if let Some(last) = self.lines.last_mut() {
                    last.push(' ');
                    last.push_str(&text);
                }
            }
        }
    }

    fn card(&mut self, card: &Card) {
        self.line(
            0,
            card.span.start,
            card.title.span.end + 2,
            format!("card {} {{", quote(&card.title.node)),
        );
        for fact in &card.facts {
            if let Fact::Approximate(why) = &fact.node {
                self.prose(1, "approximate", why, fact.span.start);
                continue;
            }
            let text = match &fact.node {
                Fact::Age(age) => format!("age {}", age.node),
                Fact::Color(color) => format!("color {}", color.node),
                Fact::Icons(slots) => {
                    let words: Vec<String> = slots
                        .iter()
                        .map(|s| match &s.number {
                            Some(n) => format!("{} {}", s.name.node, n.node),
                            None => s.name.node.clone(),
                        })
                        .collect();
                    format!("icons {}", words.join(" "))
                }
                Fact::Relic(set) => format!("relic of {}", set.node),
                Fact::BoardValue(v) => format!("value {} on a board", v.node),
                Fact::Approximate(_) => continue,
            };
            self.line(1, fact.span.start, fact.span.end, text);
        }
        for effect in &card.effects {
            self.blank();
            if let Some(karma) = &effect.karma {
                let head = format!("karma {}", karma_head_text(&karma.node));
                if matches!(karma.node, Karma::WhenMelded { .. } | Karma::Would { .. }) {
                    self.line(
                        1,
                        effect.span.start,
                        effect.body.span.start + 1,
                        head + " {",
                    );
                    self.stmts(&effect.body, 2);
                    self.close(1, effect.body.span.end);
                } else {
                    self.line(1, effect.span.start, effect.span.end, head);
                }
                continue;
            }
            let params = if effect.params.is_empty() {
                String::new()
            } else {
                let args: Vec<String> = effect.params.iter().map(arg_text).collect();
                format!(" ({})", args.join(", "))
            };
            let head = match &effect.icon {
                Some(icon) => format!("{} {}{params} {{", effect.kind.node.keyword(), icon.node),
                None => format!("{}{params} {{", effect.kind.node.keyword()),
            };
            self.line(1, effect.span.start, effect.body.span.start + 1, head);
            if let Some(text) = &effect.text {
                self.prose(2, "text", &text.node, text.span.start);
            }
            self.stmts(&effect.body, 2);
            self.close(1, effect.body.span.end);
        }
        self.close(0, card.span.end);
    }

    fn achievement(&mut self, a: &Achievement) {
        if let Some(decree) = &a.decree {
            self.line(
                0,
                a.span.start,
                a.title.span.end + 2,
                format!("decree {} {{", quote(&a.title.node)),
            );
            self.line(
                1,
                decree.color.span.start,
                decree.color.span.end,
                format!("color {}", decree.color.node),
            );
            self.blank();
            let effect = &decree.effect;
            self.line(
                1,
                effect.span.start,
                effect.body.span.start + 1,
                "effect {".to_string(),
            );
            if let Some(text) = &effect.text {
                self.prose(2, "text", &text.node, text.span.start);
            }
            self.stmts(&effect.body, 2);
            self.close(1, effect.body.span.end);
            self.close(0, a.span.end);
            return;
        }
        self.line(
            0,
            a.span.start,
            a.title.span.end + 2,
            format!("achievement {} {{", quote(&a.title.node)),
        );
        for cond in &a.when {
            self.line(
                1,
                cond.span.start,
                cond.span.end,
                format!("when {}", cond_text(cond)),
            );
        }
        for trigger in &a.triggers {
            self.line(
                1,
                trigger.span.start,
                trigger.span.end,
                format!("when {}", trigger_text(trigger)),
            );
        }
        for via in &a.via {
            self.line(
                1,
                via.span.start,
                via.span.end,
                format!("via {}", quote(&via.node)),
            );
        }
        self.close(0, a.span.end);
    }

    /// `text "…"` or `approximate "…"`: the keyword and the first piece on one line, each
    /// further piece on its own line under the first.
    fn prose(&mut self, indent: usize, keyword: &str, prose: &Prose, start: u32) {
        for (i, piece) in prose.pieces.iter().enumerate() {
            let quoted = quote(&piece.node);
            if i == 0 {
                self.line(indent, start, piece.span.end, format!("{keyword} {quoted}"));
            } else {
                self.flush_comments(piece.span.start, indent);
                let pad = " ".repeat(keyword.len() + 1);
                self.lines
                    .push(format!("{}{pad}{quoted}", "  ".repeat(indent)));
                self.trailing_after(piece.span.end);
            }
        }
    }

    fn close(&mut self, indent: usize, end: u32) {
        // Comments inside the block, before its closing brace, stay inside it.
        self.flush_comments(end.saturating_sub(1), indent + 1);
        self.lines.push(format!("{}}}", "  ".repeat(indent)));
        self.trailing_after(end);
    }

    fn stmts(&mut self, block: &Block, indent: usize) {
        for stmt in &block.stmts {
            self.stmt(stmt, indent);
        }
    }

    fn stmt(&mut self, stmt: &Stmt, indent: usize) {
        let then = if stmt.then { "then " } else { "" };
        let scale = stmt
            .scale
            .as_ref()
            .map(|s| format!(" {}", scale_text(s)))
            .unwrap_or_default();
        match &stmt.kind {
            StmtKind::May(body) => match body.as_ref() {
                MayBody::Block(block) => {
                    self.line(
                        indent,
                        stmt.span.start,
                        block.span.start + 1,
                        format!("{then}you may {{"),
                    );
                    self.stmts(block, indent + 1);
                    self.close_with(indent, block.span.end, &scale);
                }
                MayBody::Stmt(inner) => {
                    let mut lines = Printer {
                        lines: Vec::new(),
                        comments: Vec::new(),
                        next_comment: 0,
                        source: self.source,
                        last_comment_end: None,
                    };
                    lines.stmt(inner, indent);
                    // Prefix the inner statement's first line with `you may`.
                    if let Some(first) = lines.lines.first_mut() {
                        let body = first.trim_start().to_string();
                        *first = format!("{}{then}you may {body}", "  ".repeat(indent));
                    }
                    if let Some(last) = lines.lines.last_mut() {
                        last.push_str(&scale);
                    }
                    self.flush_comments(stmt.span.start, indent);
                    self.lines.extend(lines.lines);
                    self.trailing_after(stmt.span.end);
                }
            },
            StmtKind::If {
                cond,
                then: block,
                otherwise,
            } => {
                self.if_chain(
                    indent,
                    stmt.span.start,
                    then,
                    cond,
                    block,
                    otherwise.as_deref(),
                );
            }
            StmtKind::Either {
                by_demander,
                blocks,
            } => {
                let chooser = if *by_demander { "I choose " } else { "" };
                for (i, block) in blocks.iter().enumerate() {
                    let head = if i == 0 {
                        format!("{then}{chooser}either {{")
                    } else {
                        "} or {".to_string()
                    };
                    if i == 0 {
                        self.line(indent, stmt.span.start, block.span.start + 1, head);
                    } else {
                        self.flush_comments(block.span.start, indent + 1);
                        self.lines.push(format!("{}{head}", "  ".repeat(indent)));
                        self.trailing_after(block.span.start + 1);
                    }
                    self.stmts(block, indent + 1);
                }
                let end = blocks.last().map_or(stmt.span.end, |b| b.span.end);
                self.close_with(indent, end, &scale);
            }
            StmtKind::ForEachColor { filters, body } => {
                let mut head = format!("{then}for each color");
                for f in filters {
                    head.push(' ');
                    head.push_str(&color_filter_text(&f.node));
                }
                self.line(
                    indent,
                    stmt.span.start,
                    body.span.start + 1,
                    format!("{head} {{"),
                );
                self.stmts(body, indent + 1);
                self.close_with(indent, body.span.end, &scale);
            }
            StmtKind::ForEachValue {
                list,
                ascending,
                descending,
                body,
            } => {
                let order = if *descending {
                    ", in descending order"
                } else if *ascending {
                    ", in ascending order"
                } else {
                    ""
                };
                self.line(
                    indent,
                    stmt.span.start,
                    body.span.start + 1,
                    format!("{then}for each {}{order} {{", value_list_text(list)),
                );
                self.stmts(body, indent + 1);
                self.close_with(indent, body.span.end, &scale);
            }
            StmtKind::ForEachCard { cards, body } => {
                self.line(
                    indent,
                    stmt.span.start,
                    body.span.start + 1,
                    format!("{then}for each card in {} {{", set_ref_text(cards)),
                );
                self.stmts(body, indent + 1);
                self.close_with(indent, body.span.end, &scale);
            }
            StmtKind::Lasting { when, body } => {
                self.line(
                    indent,
                    stmt.span.start,
                    body.span.start + 1,
                    format!("{then}{} {{", lasting_text(&when.node)),
                );
                self.stmts(body, indent + 1);
                self.close_with(indent, body.span.end, &scale);
            }
            StmtKind::ForEach {
                players,
                with,
                moved,
                body,
            } => {
                let mut with = with
                    .as_ref()
                    .map(|m| format!(" with {}", player_measure_text(m)))
                    .unwrap_or_default();
                if let Some(p) = moved {
                    with.push_str(&format!(" that {} cards", p.node.word()));
                }
                self.line(
                    indent,
                    stmt.span.start,
                    body.span.start + 1,
                    format!("{then}for each {}{with} {{", players.node.words()),
                );
                self.stmts(body, indent + 1);
                self.close_with(indent, body.span.end, &scale);
            }
            kind => {
                let text = match &stmt.subject {
                    Some(subject) => format!(
                        "{then}{} {}{scale}",
                        subject_text(subject),
                        crate::render::words::third_person(&simple_stmt_text(kind))
                    ),
                    None => format!("{then}{}{scale}", simple_stmt_text(kind)),
                };
                self.line(indent, stmt.span.start, stmt.span.end, text);
            }
        }
    }

    fn close_with(&mut self, indent: usize, end: u32, suffix: &str) {
        self.flush_comments(end.saturating_sub(1), indent + 1);
        self.lines
            .push(format!("{}}}{suffix}", "  ".repeat(indent)));
        self.trailing_after(end);
    }

    fn if_chain(
        &mut self,
        indent: usize,
        start: u32,
        then: &str,
        cond: &Cond,
        block: &Block,
        otherwise: Option<&Otherwise>,
    ) {
        self.line(
            indent,
            start,
            block.span.start + 1,
            format!("{then}if {} {{", cond_text(cond)),
        );
        self.stmts(block, indent + 1);
        self.if_tail(indent, block, otherwise);
    }

    fn if_tail(&mut self, indent: usize, block: &Block, otherwise: Option<&Otherwise>) {
        match otherwise {
            None => self.close(indent, block.span.end),
            Some(Otherwise::Block(other)) => {
                self.flush_comments(block.span.end.saturating_sub(1), indent + 1);
                self.lines
                    .push(format!("{}}} otherwise {{", "  ".repeat(indent)));
                self.trailing_after(other.span.start + 1);
                self.stmts(other, indent + 1);
                self.close(indent, other.span.end);
            }
            Some(Otherwise::If(stmt)) => {
                if let StmtKind::If {
                    cond,
                    then: inner,
                    otherwise,
                } = &stmt.kind
                {
                    self.flush_comments(block.span.end.saturating_sub(1), indent + 1);
                    self.lines.push(format!(
                        "{}}} otherwise if {} {{",
                        "  ".repeat(indent),
                        cond_text(cond)
                    ));
                    self.trailing_after(inner.span.start + 1);
                    self.stmts(inner, indent + 1);
                    // Continue the chain from the nested if's own branches.
                    self.if_tail(indent, inner, otherwise.as_deref());
                }
            }
        }
    }
}

/// `you tuck a card with flag`, `you meld a card with splay_left onto a color splayed left`.
fn trigger_text(t: &Trigger) -> String {
    let mut text = format!("you {} a card", t.verb.node.word());
    for f in &t.filters {
        text.push(' ');
        text.push_str(&filter_text(&f.node));
    }
    if let Some(onto) = &t.onto {
        text.push_str(" onto a color");
        for f in &onto.node {
            text.push(' ');
            text.push_str(&color_filter_text(&f.node));
        }
    }
    text
}

/// `on your next turn`, `the next time you meld a card with crown this turn`.
fn lasting_text(when: &LastingWhen) -> String {
    match when {
        LastingWhen::NextTurn => "on your next turn".to_string(),
        LastingWhen::NextTime { verb, filters } => {
            let mut text = format!("the next time you {} a card", verb.node.word());
            for f in filters {
                text.push(' ');
                text.push_str(&filter_text(&f.node));
            }
            text.push_str(" this turn");
            text
        }
    }
}

fn quote(title: &str) -> String {
    format!("\"{title}\"")
}

// ---------------------------------------------------------------------------------------------
// Inline constructs, printed in the canonical words of the grammar.

fn simple_stmt_text(kind: &StmtKind) -> String {
    match kind {
        StmtKind::Repeat { args, at_most } => {
            let mut text = "repeat this effect".to_string();
            if !args.is_empty() {
                let args: Vec<String> = args.iter().map(arg_text).collect();
                text.push_str(&format!(" with {}", args.join(", ")));
            }
            match at_most.as_ref().map(|n| n.node) {
                None => {}
                Some(1) => text.push_str(" at most once"),
                Some(2) => text.push_str(" at most twice"),
                Some(n) => text.push_str(&format!(" at most {n} times")),
            }
            text
        }
        StmtKind::ChooseListed { by_demander, list } => format!(
            "{}choose a {}",
            if *by_demander { "I " } else { "" },
            value_list_text(list)
        ),
        StmtKind::ChooseRange {
            by_demander,
            count,
            different,
            low,
            high,
            less_than,
        } => format!(
            "{}choose {}{} {} {}",
            if *by_demander { "I " } else { "" },
            if *count == 1 {
                "a".to_string()
            } else {
                count.to_string()
            },
            if *different { " different" } else { "" },
            if *count == 1 { "value" } else { "values" },
            if *less_than {
                format!("less than {}", expr_text(high))
            } else {
                format!("from {} to {}", expr_text(low), expr_text(high))
            }
        ),
        StmtKind::Choose {
            by_demander,
            count,
            kind,
            except,
            except_value,
            filters,
        } => {
            let mut text = format!(
                "{}choose {} {}",
                if *by_demander { "I " } else { "" },
                count_text(
                    count.node,
                    kind.node == ChoiceKind::Opponent || kind.node == ChoiceKind::Icon
                ),
                kind.node.word(count.node != 1)
            );
            if let Some(name) = except {
                text.push_str(&format!(" other than {}", name.node));
            }
            if let Some(n) = except_value {
                text.push_str(&format!(" other than [{}]", n.node));
            }
            for f in filters {
                text.push(' ');
                text.push_str(&color_filter_text(&f.node));
            }
            text
        }
        StmtKind::ChooseValue {
            by_demander,
            options,
        } => {
            let options: Vec<String> = options
                .iter()
                .map(|o| format!("[{}]", expr_text(o)))
                .collect();
            format!(
                "{}choose {}",
                if *by_demander { "I " } else { "" },
                options.join(" or ")
            )
        }
        StmtKind::ChooseCards(sel) => format!("choose {}", selection_text(sel)),
        StmtKind::JunkSpecial { all: true } => {
            "junk all available special achievements".to_string()
        }
        StmtKind::JunkSpecial { all: false } => "junk an available special achievement".to_string(),
        StmtKind::RestoreSpecial => "make a junked special achievement available".to_string(),
        StmtKind::Claim(title) => format!("claim {}", quote(&title.node)),
        StmtKind::EndDogma => "end the dogma action".to_string(),
        StmtKind::EndGame => "end the game".to_string(),
        StmtKind::SelfExecute(sel) => format!("self-execute {}", selection_text(sel)),
        StmtKind::ExecuteAsIf(sel) => format!("execute {} as if on this card", selection_text(sel)),
        StmtKind::Splay {
            direction,
            color,
            board,
        } => {
            let Some(board) = board else {
                return format!("splay {} {}", direction.node.word(), color_expr_text(color));
            };
            // `a color on …` would read as a colour filter: a pile of any colour is `one color`.
            let color = match color.alternatives.as_slice() {
                [a] if a.node == ColorAtom::AnyColor(Vec::new()) => "one color".to_string(),
                _ => color_expr_text(color),
            };
            format!(
                "splay {} {color} on {} board",
                direction.node.word(),
                board.node.words()
            )
        }
        StmtKind::Unsplay(color) => format!("unsplay {}", color_expr_text(color)),
        StmtKind::SplayLike {
            color,
            source,
            matching: true,
        } => format!(
            "splay {} to match {}",
            color_expr_text(color),
            splay_source_text(source)
        ),
        StmtKind::SplayLike { color, source, .. } => format!(
            "splay {} in the direction {} {} splayed",
            color_expr_text(color),
            splay_source_text(source),
            if matches!(source, SplaySource::OneOf { .. }) {
                "is"
            } else {
                "are"
            }
        ),
        StmtKind::Rearrange(color) => format!("rearrange {}", color_expr_text(color)),
        StmtKind::Draw {
            then,
            count,
            value,
            of_type,
        } => {
            let verb = then
                .as_ref()
                .map(|v| format!(" and {}", v.node.word()))
                .unwrap_or_default();
            if value.kind == ExprKind::AnyValue {
                let (count, s) = match &count.node {
                    DrawCount::Fixed(n) => (count_text(*n, false), if *n == 1 { "" } else { "s" }),
                    DrawCount::Computed(e) => (format!("({})", expr_text(e)), ""),
                };
                return format!("draw{verb} {count} card{s} of any value");
            }
            if let ExprKind::EachOf(list) = &value.kind {
                let (count, s) = match &count.node {
                    DrawCount::Fixed(n) => (count_text(*n, false), if *n == 1 { "" } else { "s" }),
                    DrawCount::Computed(e) => (format!("({})", expr_text(e)), ""),
                };
                return format!(
                    "draw{verb} {count} card{s} of each {}",
                    value_list_text(list)
                );
            }
            let kind = match of_type {
                Some(DrawType::Named(kind)) => Some(kind),
                Some(other) => {
                    let (count, s) = match &count.node {
                        DrawCount::Fixed(n) => {
                            (count_text(*n, false), if *n == 1 { "" } else { "s" })
                        }
                        DrawCount::Computed(e) => (format!("({})", expr_text(e)), ""),
                    };
                    let of = match other {
                        DrawType::Chosen => "the chosen type".to_string(),
                        DrawType::Any => "any type".to_string(),
                        DrawType::SameAs(card) => {
                            format!("the same type as {}", card_ref_text(card))
                        }
                        DrawType::Named(_) => unreachable!("handled above"),
                    };
                    return format!("draw{verb} {count} card{s} of {of} [{}]", expr_text(value));
                }
                None => None,
            };
            if let Some(kind) = kind {
                let (count, plural) = match &count.node {
                    DrawCount::Fixed(n) => (
                        count_text(*n, kind.noun(false).starts_with(['A', 'E'])),
                        *n != 1,
                    ),
                    DrawCount::Computed(e) => (format!("({})", expr_text(e)), false),
                };
                return format!(
                    "draw{verb} {count} {} [{}]",
                    kind.noun(plural),
                    expr_text(value)
                );
            }
            let count = match &count.node {
                DrawCount::Fixed(n) => count_text(*n, starts_with_vowel_sound(value)),
                DrawCount::Computed(e) => format!("({})", expr_text(e)),
            };
            format!("draw{verb} {count} [{}]", expr_text(value))
        }
        StmtKind::Transfer {
            what,
            to,
            bottom_up,
        } => format!(
            "transfer {} to {}{}",
            selection_text(what),
            destination_text(to),
            if *bottom_up {
                ", from the bottom up"
            } else {
                ""
            }
        ),
        StmtKind::Deal { what, players } => format!(
            "transfer one of {} to each {}'s board",
            card_ref_text(what),
            players.node.words()
        ),
        StmtKind::Take(sel) => format!("take {}", selection_text(sel)),
        StmtKind::Exchange(a, b) => {
            format!("exchange {} with {}", selection_text(a), selection_text(b))
        }
        StmtKind::Move {
            verbs,
            if_eligible,
            what,
        } => {
            let verbs: Vec<&str> = verbs.iter().map(|v| v.node.word()).collect();
            let eligible = match if_eligible {
                None => "",
                Some(1) => " (if eligible)",
                Some(_) => " (if eligible with your score doubled)",
            };
            format!("{}{eligible} {}", verbs.join(" and "), selection_text(what))
        }
        StmtKind::Look(sel) => format!("look at {}", selection_text(sel)),
        StmtKind::Keep(card) => format!("keep {}", card_ref_text(card)),
        StmtKind::AdditionalAction => "take an additional action".to_string(),
        StmtKind::Win(winner) => match winner {
            Winner::Single { most, measure, .. } => format!(
                "the single player with the {} {} wins",
                if *most { "most" } else { "fewest" },
                measure_text(&measure.node, false)
            ),
            Winner::OnlyRemaining => "the only player remaining wins".to_string(),
            Winner::Player(p) => {
                let verb = if matches!(
                    p.kind,
                    PlayerRefKind::You | PlayerRefKind::I { .. } | PlayerRefKind::They
                ) {
                    "win"
                } else {
                    "wins"
                };
                format!("{} {verb}", player_ref_text(p))
            }
        },
        StmtKind::Lose(p) => {
            let verb = if matches!(
                p.kind,
                PlayerRefKind::You | PlayerRefKind::I { .. } | PlayerRefKind::They
            ) {
                "lose"
            } else {
                "loses"
            };
            format!("{} {verb}", player_ref_text(p))
        }
        // Block statements are laid out by the printer.
        StmtKind::May(_)
        | StmtKind::If { .. }
        | StmtKind::Either { .. }
        | StmtKind::ForEach { .. }
        | StmtKind::ForEachColor { .. }
        | StmtKind::ForEachValue { .. }
        | StmtKind::ForEachCard { .. }
        | StmtKind::Lasting { .. } => String::new(),
    }
}

/// `a`, `an` or the number.
fn count_text(n: u32, an: bool) -> String {
    match (n, an) {
        (1, true) => "an".to_string(),
        (1, false) => "a".to_string(),
        (n, _) => n.to_string(),
    }
}

/// Whether the value, read aloud, starts with a vowel sound (`an [8]`, `an [11]`).
fn starts_with_vowel_sound(value: &Expr) -> bool {
    matches!(value.kind, ExprKind::Int(8 | 11 | 18))
}

fn scale_text(scale: &Scale) -> String {
    match &scale.per {
        // `for every 2 colors on your board`, `for every color on your board`.
        Some(n) => format!(
            "for every {} {}",
            n.node,
            countable_text(&scale.what, n.node > 1)
        ),
        None => format!("for every {}", countable_text(&scale.what, false)),
    }
}

fn arg_text(arg: &Arg) -> String {
    let value = match &arg.value {
        ArgValue::Expr(e) => expr_text(e),
        ArgValue::Color(atom) => color_atom_text(atom),
    };
    format!("{} = {value}", arg.name.node)
}

fn selection_text(sel: &Selection) -> String {
    match sel {
        Selection::Np(np) => card_np_text(np),
        Selection::Ref(r) => card_ref_text(r),
    }
}

/// A card phrase with its indefinite article: `a purple card`, `an Artifact`.
pub(crate) fn with_article(phrase: &str) -> String {
    let article = match phrase.chars().next() {
        Some(c) if "aeiouAEIOU".contains(c) => "an",
        _ => "a",
    };
    format!("{article} {phrase}")
}

/// Whose events a "would" karma watches, as written (and as printed).
pub(crate) fn karma_who_text(who: KarmaWho) -> &'static str {
    match who {
        KarmaWho::You => "you",
        KarmaWho::Opponent => "an opponent",
        KarmaWho::Player => "a player",
    }
}

/// A karma's head as written: `decree "War"`, `when you meld this card`, `each castle on your
/// board provides 1 additional crown`.
fn karma_head_text(karma: &Karma) -> String {
    match karma {
        Karma::Decree(title) => format!("decree {}", quote(&title.node)),
        Karma::WhenMelded { from_hand: false } => "when you meld this card".to_string(),
        Karma::WhenMelded { from_hand: true } => {
            "when you meld this card from your hand".to_string()
        }
        Karma::NoFade => "if you are required to fade a Figure, instead do nothing".to_string(),
        Karma::Would {
            who,
            event,
            condition,
            mode,
        } => {
            let mut text = format!("if {} would ", karma_who_text(who.node));
            match &event.node {
                KarmaEvent::Dogma { card } => {
                    text.push_str("take a dogma action");
                    if let Some(card) = card {
                        text.push_str(&format!(" on {}", with_article(&card_np_text(card))));
                    }
                }
                KarmaEvent::Splay { direction } => {
                    text.push_str(&format!("splay a color {}", direction.node.word()));
                }
                KarmaEvent::Move { verb, or, card } => {
                    text.push_str(verb.node.word());
                    if let Some(or) = or {
                        text.push_str(&format!(" or {}", or.node.word()));
                    }
                    text.push_str(&format!(" {}", with_article(&card_np_text(card))));
                }
                KarmaEvent::SharingDraw { card } => {
                    text.push_str(&format!(
                        "draw {} for sharing",
                        with_article(&card_np_text(card))
                    ));
                }
            }
            if let Some(c) = condition {
                text.push_str(&format!(", and {}", cond_text(c)));
            }
            text.push_str(match mode.node {
                KarmaMode::First => ", first",
                KarmaMode::Instead => ", instead",
            });
            text
        }
        Karma::Provides { per, amount, gift } => {
            let per = match &per.node {
                KarmaUnit::OnBoard(name) => format!("{} on your board", name.node),
                KarmaUnit::CardsIn(zones) => {
                    let zones: Vec<&str> = zones.iter().map(|z| z.word(false)).collect();
                    format!("card in your {}", zones.join(" and "))
                }
                KarmaUnit::SplayedColor => "splayed color on your board".to_string(),
                KarmaUnit::IconInSplayed(d) => {
                    format!("icon in each color you have splayed {}", d.word())
                }
            };
            let gift = match &gift.node {
                KarmaGift::Points if amount.node == 1 => "point".to_string(),
                KarmaGift::Points => "points".to_string(),
                KarmaGift::PointsPerIcon(icon) if amount.node == 1 => {
                    format!("point for every {} on your board", icon.node)
                }
                KarmaGift::PointsPerIcon(icon) => {
                    format!("points for every {} on your board", icon.node)
                }
                KarmaGift::EveryIconOnBoard => "icon of every type on your board".to_string(),
                KarmaGift::SameIcon => "icon of the same type".to_string(),
                KarmaGift::Icons(icons) => {
                    let names: Vec<&str> = icons.iter().map(|i| i.node.as_str()).collect();
                    match names.as_slice() {
                        [init @ .., last] if !init.is_empty() => {
                            format!("{} and {last}", init.join(", "))
                        }
                        _ => names.join(""),
                    }
                }
            };
            format!("each {per} provides {} additional {gift}", amount.node)
        }
    }
}

fn card_np_text(np: &CardNp) -> String {
    let mut words = Vec::new();
    if let Some(q) = &np.quantity {
        words.push(quantity_text(&q.node));
    }
    if let Some(p) = &np.possessive {
        words.push(p.node.words().to_string());
    }
    for adj in &np.adjectives {
        words.push(match &adj.node {
            Adjective::Available => "available".to_string(),
            Adjective::Top => "top".to_string(),
            Adjective::Bottom => "bottom".to_string(),
            Adjective::NonBottom => "non-bottom".to_string(),
            Adjective::Highest => "highest".to_string(),
            Adjective::Lowest => "lowest".to_string(),
            Adjective::Color(c) => c.clone(),
            Adjective::NonColor(c) => format!("non-{c}"),
        });
    }
    words.push(match &np.noun.node {
        Noun::Card => "card".to_string(),
        Noun::Cards => "cards".to_string(),
        Noun::Achievement => "achievement".to_string(),
        Noun::Achievements => "achievements".to_string(),
        Noun::Value(v) => format!("[{}]", expr_text(v)),
        Noun::Type { kind, plural } => kind.noun(*plural).to_string(),
    });
    for f in &np.filters {
        words.push(filter_text(&f.node));
    }
    if let Some(source) = &np.source {
        let prep = source.node.preposition.word();
        words.push(match &source.node.place {
            Place::Zone(z) => format!("{prep} {}", zone_text(z)),
            Place::Supply(z) => format!("{prep} {}", supply_text(z)),
            Place::Cards(c) => format!("{prep} {}", card_ref_text(c)),
        });
    }
    words.join(" ")
}

fn supply_text(z: &Supply) -> String {
    match &z.kind {
        SupplyKind::Deck(age, None) => format!("the [{}] deck", expr_text(age)),
        SupplyKind::Deck(age, Some(kind)) => {
            format!("the {} [{}] deck", kind.deck_word(), expr_text(age))
        }
        SupplyKind::Available => "the available achievements".to_string(),
        SupplyKind::AnyDeck => "any deck".to_string(),
    }
}

fn quantity_text(q: &Quantity) -> String {
    match q {
        Quantity::One { article_an: true } => "an".to_string(),
        Quantity::One { article_an: false } => "a".to_string(),
        Quantity::Exactly(n) => n.to_string(),
        Quantity::Between(a, b) => format!("{a} or {b}"),
        Quantity::UpTo(n) => format!("up to {n}"),
        Quantity::AnyNumber => "any number of".to_string(),
        Quantity::All { the: true } => "all the".to_string(),
        Quantity::All { the: false } => "all".to_string(),
        Quantity::AllBut(n) => format!("all but {n}"),
        Quantity::The(None) => "the".to_string(),
        Quantity::The(Some(n)) => format!("the {n}"),
        Quantity::Half(Rounding::Up) => "half (rounded up) of the".to_string(),
        Quantity::Half(Rounding::Down) => "half (rounded down) of the".to_string(),
        Quantity::Bottom(n) => format!("the bottom {n}"),
        Quantity::Top(n) => format!("the top {n}"),
        Quantity::AllButTop(n) => format!("all but the top {n}"),
        Quantity::Computed(e) => format!("({})", expr_text(e)),
    }
}

fn filter_text(f: &Filter) -> String {
    match f {
        Filter::WithIcon(icons) => {
            let names: Vec<&str> = icons.iter().map(|i| i.node.as_str()).collect();
            format!("with {}", names.join(" or "))
        }
        Filter::WithoutIcon(icons) => {
            let names: Vec<&str> = icons.iter().map(|i| i.node.as_str()).collect();
            format!("without {}", names.join(" or "))
        }
        Filter::WithBonus => "with a bonus".to_string(),
        Filter::WithVisible(slot) => format!("with a visible {}", slot.node),
        Filter::DifferentValues => "of different value".to_string(),
        Filter::Parity { odd: true } => "of odd value".to_string(),
        Filter::Parity { odd: false } => "of even value".to_string(),
        Filter::WithoutBonus => "without a bonus".to_string(),
        Filter::WithDemand => "with a demand effect".to_string(),
        Filter::InSplayedPile => "in a splayed pile".to_string(),
        Filter::WithChosenIcon => "with the chosen icon".to_string(),
        Filter::WithoutChosenIcon => "without the chosen icon".to_string(),
        Filter::ValueOfMyChoice => "of the value of my choice".to_string(),
        Filter::IconOfMyChoice(None) => "with the icon of my choice".to_string(),
        Filter::IconOfMyChoice(Some(n)) => {
            format!("with the icon of my choice other than {}", n.node)
        }
        Filter::SameValue => "of the same value".to_string(),
        Filter::SameColor => "of the same color".to_string(),
        Filter::Value(spec) => format!("of value {}", value_spec_text(spec)),
        Filter::SameColorAs(c) => format!("of the same color as {}", card_ref_text(c)),
        Filter::Type { same: true, card } => {
            format!("of the same type as {}", card_ref_text(card))
        }
        Filter::Type { same: false, card } => {
            format!("of different type than {}", card_ref_text(card))
        }
        Filter::SameValueAs(c) => format!("of the same value as {}", card_ref_text(c)),
        Filter::ValueMatching { negated, of, cards } => format!(
            "{} any {}{}",
            if *negated {
                "of different value from"
            } else {
                "of value matching"
            },
            if *of { "of " } else { "" },
            card_ref_text(cards)
        ),
        Filter::ItsColor => "of its color".to_string(),
        Filter::Color(c)
            if matches!(
                c.alternatives.as_slice(),
                [Spanned {
                    node: ColorAtom::ThatColor,
                    ..
                }]
            ) =>
        {
            "of that color".to_string()
        }
        Filter::Color(c) => format!("of color {}", color_expr_text(c)),
        Filter::ColorOnBoard { negated, whose } => format!(
            "of a color {}on {} board",
            if *negated { "not " } else { "" },
            whose.node.words()
        ),
        Filter::MyChoice => "of my choice".to_string(),
        Filter::OtherThan(c) => format!("other than {}", card_ref_text(c)),
        Filter::HigherThan(c) => format!("higher than {}", card_ref_text(c)),
        Filter::LowerThan(c) => format!("lower than {}", card_ref_text(c)),
        Filter::Beneath(c) => format!("beneath {}", card_ref_text(c)),
        Filter::SharesIcon(c) => format!("which shares an icon with {}", card_ref_text(c)),
        Filter::SameIcons { cards, any_of } => format!(
            "with the same icons as {}{}",
            if *any_of { "any of " } else { "" },
            card_ref_text(cards)
        ),
    }
}

fn value_spec_text(spec: &ValueSpec) -> String {
    let mut text = expr_text(&spec.first);
    for alt in &spec.rest {
        match &alt.node {
            ValueAlternative::OrHigher => text.push_str(" or higher"),
            ValueAlternative::OrLower => text.push_str(" or lower"),
            ValueAlternative::Or(e) => {
                text.push_str(" or ");
                text.push_str(&expr_text(e));
            }
        }
    }
    text
}

/// "on" a board, "in" a hand or a pile.
pub(crate) fn zone_preposition(z: &Zone) -> &'static str {
    match z.kinds.first().map(|k| k.node) {
        Some(ZoneKind::Board) => "on",
        _ => "in",
    }
}

fn zone_text(z: &Zone) -> String {
    let plural = z.whose.node.is_plural() || z.kinds.len() > 1;
    let kinds: Vec<&str> = z.kinds.iter().map(|k| k.node.word(plural)).collect();
    let list = match kinds.as_slice() {
        [] => String::new(),
        [one] => one.to_string(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    };
    format!("{} {list}", z.whose.node.words())
}

fn destination_text(d: &Destination) -> String {
    match d {
        Destination::Available => "the available achievements".to_string(),
        Destination::DeckTop => "the top of its deck".to_string(),
        Destination::Owners(kind) => format!("its owner's {}", kind.node.word(false)),
        Destination::Zone { whose, kind } => {
            format!("{} {}", whose.node.words(), kind.node.word(false))
        }
        Destination::OfPlayer { kind, player } => {
            format!(
                "the {} of {}",
                kind.node.word(false),
                player_ref_text(player)
            )
        }
    }
}

fn card_ref_text(r: &CardRef) -> String {
    match &r.kind {
        CardRefKind::Title(t) => quote(t),
        CardRefKind::ThisCard => "this card".to_string(),
        CardRefKind::YourCard => "your card".to_string(),
        CardRefKind::It => "it".to_string(),
        CardRefKind::Them => "them".to_string(),
        CardRefKind::Ordinal(o, p) => format!("the {} {}", o.word(), p.word()),
        CardRefKind::Bound(p) => p.word().to_string(),
        CardRefKind::Covered => "covered".to_string(),
        CardRefKind::History(h) => history_text(h),
        CardRefKind::NthHistory(o, h) => format!("the {} {}", o.word(), history_text(h)),
        CardRefKind::Np(np) => card_np_text(np),
        CardRefKind::Name(n) => n.clone(),
    }
}

fn history_text(h: &History) -> String {
    let noun = if h.plural { "cards" } else { "card" };
    let mut text = format!("{noun} {}", h.verb.node.word());
    if let Some(by) = &h.by {
        text.push_str(&format!(" by {}", player_ref_text(by)));
    }
    text.push_str(&due_scope_text(
        h.due_to.as_ref().map(|d| d.node),
        h.scope.as_ref().map(|s| s.node),
    ));
    text
}

fn due_scope_text(due_to: Option<DueTo>, scope: Option<Scope>) -> String {
    let mut text = String::new();
    match due_to {
        Some(DueTo::TheDemand) => text.push_str(" due to the demand"),
        Some(DueTo::ThisCard) => text.push_str(" due to this card"),
        Some(DueTo::ThisEcho) => text.push_str(" due to this card's echo effect"),
        None => {}
    }
    match scope {
        Some(Scope::Turn) => text.push_str(" this turn"),
        Some(Scope::Action) => text.push_str(" this action"),
        None => {}
    }
    text
}

fn set_ref_text(s: &SetRef) -> String {
    match s {
        SetRef::History(h) => history_text(h),
        SetRef::Zone(z) => zone_text(z),
        SetRef::Supply(z) => supply_text(z),
        SetRef::Cards(c) => card_ref_text(c),
    }
}

fn color_expr_text(c: &ColorExpr) -> String {
    let atoms: Vec<String> = c
        .alternatives
        .iter()
        .map(|a| color_atom_text(&a.node))
        .collect();
    atoms.join(" or ")
}

fn color_atom_text(a: &ColorAtom) -> String {
    match a {
        ColorAtom::AnyColor(filters) => {
            let mut text = "a color".to_string();
            for f in filters {
                text.push(' ');
                text.push_str(&color_filter_text(&f.node));
            }
            text
        }
        ColorAtom::ColorOf(card) => format!("color of {}", card_ref_text(card)),
        ColorAtom::ItsColor => "its color".to_string(),
        ColorAtom::Chosen => "chosen".to_string(),
        ColorAtom::ThatColor => "that color".to_string(),
        ColorAtom::It => "it".to_string(),
        ColorAtom::Each(filters) => {
            let mut text = "each color".to_string();
            for f in filters {
                text.push(' ');
                text.push_str(&color_filter_text(&f.node));
            }
            text
        }
        ColorAtom::Named(n) => n.clone(),
    }
}

fn color_filter_text(f: &ColorFilter) -> String {
    match f {
        ColorFilter::Splayed(dirs) if dirs.is_empty() => "splayed".to_string(),
        ColorFilter::Splayed(dirs) => {
            let words: Vec<&str> = dirs.iter().map(|d| d.node.word()).collect();
            format!("splayed {}", words.join(" or "))
        }
        ColorFilter::YouHaveSplayed(dirs) => {
            let words: Vec<&str> = dirs.iter().map(|d| d.node.word()).collect();
            format!("you have splayed {}", words.join(" or "))
        }
        ColorFilter::With(icon) => format!("with {}", icon.node),
        ColorFilter::Without(icon) => format!("without {}", icon.node),
        ColorFilter::NotOn(whose) => format!("not on {} board", whose.node.words()),
        ColorFilter::On(whose) => format!("on {} board", whose.node.words()),
        ColorFilter::Of(card) => format!("of {}", card_ref_text(card)),
        ColorFilter::OtherThan(color) => format!("other than {}", color.node),
        ColorFilter::MostCards => "with the most cards".to_string(),
        ColorFilter::VisibleCards { most } => format!(
            "with the {} visible cards",
            if *most { "most" } else { "fewest" }
        ),
        ColorFilter::MoreVisibleThan(whose) => {
            format!(
                "with more visible cards than on {} board",
                whose.node.words()
            )
        }
        ColorFilter::Chosen => "chosen".to_string(),
    }
}

/// `your red cards`, `that player's cards of color chosen`, `one of your colors splayed`.
fn splay_source_text(source: &SplaySource) -> String {
    match source {
        SplaySource::Pile { whose, color } => match &color.node {
            ColorAtom::Named(n) => format!("{} {n} cards", whose.node.words()),
            atom => format!("{} cards of {}", whose.node.words(), color_atom_text(atom)),
        },
        SplaySource::OneOf { whose, filters } => {
            let mut text = format!("one of {} colors", whose.node.words());
            for f in filters {
                text.push(' ');
                text.push_str(&color_filter_text(&f.node));
            }
            text
        }
    }
}

fn expr_text(e: &Expr) -> String {
    match &e.kind {
        ExprKind::Int(n) => n.to_string(),
        ExprKind::Add(a, b) => format!("{} + {}", expr_text(a), expr_text(b)),
        ExprKind::Sub(a, b) => format!("{} - {}", expr_text(a), expr_text(b)),
        ExprKind::Mul(a, b) => format!("{} * {}", expr_text(a), expr_text(b)),
        ExprKind::Paren(inner) => format!("({})", expr_text(inner)),
        ExprKind::ValueOf(c) => format!("value of {}", card_ref_text(c)),
        ExprKind::NumberOf(c) => format!("number of {}", countable_text(c, true)),
        ExprKind::Extreme { highest, set } => format!(
            "{} value in {}",
            if *highest { "highest" } else { "lowest" },
            set_ref_text(set)
        ),
        ExprKind::Half(of, rounding) => format!(
            "half of {} rounded {}",
            expr_text(of),
            match rounding {
                Rounding::Up => "up",
                Rounding::Down => "down",
            }
        ),
        ExprKind::Divided(of, by, rounding) => format!(
            "{} divided by {by} rounded {}",
            expr_text(of),
            match rounding {
                Rounding::Up => "up",
                Rounding::Down => "down",
            }
        ),
        ExprKind::Chosen => "chosen".to_string(),
        ExprKind::Total(set) => format!("total value of {}", set_ref_text(set)),
        ExprKind::BonusOf(c) => format!("bonus of {}", card_ref_text(c)),
        ExprKind::HighestBonus(whose) => format!("highest bonus on {} board", whose.node.words()),
        ExprKind::MostOfOneIcon { color, whose } => format!(
            "highest number of one icon visible in {} on {} board",
            color_atom_text(&color.node),
            whose.node.words()
        ),
        ExprKind::AnyValue => "any value".to_string(),
        ExprKind::Among(list) => format!("a {}", value_list_text(list)),
        ExprKind::EachOf(list) => format!("card of each {}", value_list_text(list)),
        ExprKind::ThatValue => "that value".to_string(),
        ExprKind::NextHigher => "the next higher value".to_string(),
        ExprKind::Name(n) => n.clone(),
    }
}

/// `bonus on your board`, `value in your score pile`.
fn value_list_text(list: &ValueList) -> String {
    match list {
        ValueList::Bonuses(whose) => format!("bonus on {} board", whose.node.words()),
        ValueList::ValuesIn(set) => format!("value in {}", set_ref_text(set)),
        ValueList::Chosen => "value chosen".to_string(),
        ValueList::Below(bound) => format!("value less than {}", expr_text(bound)),
        ValueList::RepeatedBonuses(whose) => format!(
            "bonus that occurs more than once on {} board",
            whose.node.words()
        ),
        ValueList::BonusesOf(set) => format!("bonus of {}", set_ref_text(set)),
    }
}

/// What is counted; `plural` after `number of`, singular after `for every`.
fn countable_text(c: &Countable, plural: bool) -> String {
    let s = if plural { "s" } else { "" };
    match c {
        Countable::DifferentValues(set) => {
            format!("different value{s} in {}", set_ref_text(set))
        }
        Countable::DifferentColors(set) => {
            format!("different color{s} in {}", set_ref_text(set))
        }
        Countable::Colors { whose, filters, .. } => {
            let mut text = format!("color{s} on {} board", whose.node.words());
            for f in filters {
                text.push(' ');
                text.push_str(&color_filter_text(&f.node));
            }
            text
        }
        Countable::Icons { icon, whose, .. } => {
            format!("{} on {} board", icon.node, whose.node.words())
        }
        Countable::IconsOnCards { icon, cards, .. } => {
            format!("{} on {}", icon.node, set_ref_text(cards))
        }
        Countable::VisibleCards { color, whose, .. } => format!(
            "card{s} of {} visible on {} board",
            color_atom_text(&color.node),
            whose.node.words()
        ),
        Countable::Players { players, with, .. } => {
            let set = match (players.node, plural) {
                (PlayerSet::OtherPlayer, true) => "other players",
                (PlayerSet::Opponent, true) => "opponents",
                (PlayerSet::Player, true) => "players",
                (set, false) => set.words(),
            };
            match with {
                Some(m) => format!("{set} with {}", player_measure_text(m)),
                None => set.to_string(),
            }
        }
        Countable::Cards(s) => set_ref_text(s),
    }
}

fn cond_text(c: &Cond) -> String {
    match &c.kind {
        CondKind::Or(parts) => parts.iter().map(cond_text).collect::<Vec<_>>().join(" or "),
        CondKind::And(parts) => parts
            .iter()
            .map(cond_text)
            .collect::<Vec<_>>()
            .join(" and "),
        CondKind::Not(inner) => format!("not {}", cond_text(inner)),
        CondKind::Paren(inner) => format!("({})", cond_text(inner)),
        CondKind::Did(true) => "you do".to_string(),
        CondKind::Changed => "this caused any change".to_string(),
        CondKind::Did(false) => "you don't".to_string(),
        CondKind::TheyDid(true) => "they do".to_string(),
        CondKind::TheyDid(false) => "they don't".to_string(),
        CondKind::Verbed { verb, amount } => {
            format!("you {} {}", verb.node.word(), amount_text(amount.node))
        }
        CondKind::SameVisibleCards { whose } => format!(
            "all colors on {} board have the same number of visible cards",
            whose.node.words()
        ),
        CondKind::Eligible { player, value } => format!(
            "{} {} eligible to claim an achievement of value {}",
            player_ref_text(player),
            if matches!(player.kind, PlayerRefKind::You | PlayerRefKind::They) {
                "are"
            } else {
                "is"
            },
            expr_text(value)
        ),
        CondKind::OnlyPlayer(m) => {
            format!("you are the only player with {}", player_measure_text(m))
        }
        CondKind::SinglePlayer { most, measure } => format!(
            "you are the single player with the {} {}",
            if *most { "most" } else { "fewest" },
            measure_text(&measure.node, false)
        ),
        CondKind::Has { player, measure } => {
            let verb = if matches!(
                player.kind,
                PlayerRefKind::You | PlayerRefKind::I { .. } | PlayerRefKind::They
            ) {
                "have"
            } else {
                "has"
            };
            format!(
                "{} {verb} {}",
                player_ref_text(player),
                player_measure_text(measure)
            )
        }
        CondKind::PlayersHave {
            quantifier,
            players,
            measure,
        } => format!(
            "{} {} has {}",
            quantifier.node.word(),
            players.node.words(),
            player_measure_text(measure)
        ),
        CondKind::ValuesMatch { a, b } => format!(
            "the values of {} match the values of {} exactly",
            set_ref_text(a),
            set_ref_text(b)
        ),
        CondKind::ShareIcon { cards, except } => format!(
            "all {} share a common icon{}",
            card_ref_text(cards),
            except
                .as_ref()
                .map(|n| format!(" other than {}", n.node))
                .unwrap_or_default()
        ),
        CondKind::CardsAre {
            quantifier,
            set,
            pred,
        } => {
            let mut text = format!("{} {}", quantifier.node.word(), set_ref_text(set));
            if let Some(p) = pred {
                text.push(' ');
                text.push_str(&card_pred_text(p));
            }
            text
        }
        CondKind::Splayed {
            whose,
            color,
            direction,
        } => match &color.node {
            ColorAtom::Named(n) => format!(
                "{} {n} cards are splayed {}",
                whose.node.words(),
                direction.node.word()
            ),
            atom => format!(
                "{} cards of {} are splayed {}",
                whose.node.words(),
                color_atom_text(atom),
                direction.node.word()
            ),
        },
        CondKind::Card { card, pred } => {
            format!("{} {}", card_ref_text(card), card_pred_text(pred))
        }
        CondKind::Compare { lhs, op, rhs } => {
            format!("{} {} {}", expr_text(lhs), op.node.symbol(), expr_text(rhs))
        }
    }
}

fn card_pred_text(p: &CardPred) -> String {
    match &p.kind {
        CardPredKind::HasIcon(icons) => {
            let names: Vec<&str> = icons.iter().map(|i| i.node.as_str()).collect();
            format!("has {}", names.join(" or "))
        }
        CardPredKind::HasBonus => "has a bonus".to_string(),
        CardPredKind::NoEffects => "has no effect".to_string(),
        CardPredKind::HasVisible(slot) => format!("has a visible {}", slot.node),
        CardPredKind::DirectlyBeneath { value, filters } => {
            let mut text = match value {
                Some(v) => {
                    let an = starts_with_vowel_sound(v);
                    format!(
                        "is directly beneath {} [{}]",
                        if an { "an" } else { "a" },
                        expr_text(v)
                    )
                }
                None => "is directly beneath a card".to_string(),
            };
            for f in filters {
                text.push(' ');
                text.push_str(&filter_text(&f.node));
            }
            text
        }
        CardPredKind::Is(card) => format!("is {}", card_ref_text(card)),
        CardPredKind::Value(spec) => format!("is of value {}", value_spec_text(spec)),
        CardPredKind::Type { same: true, card } => {
            format!("is of the same type as {}", card_ref_text(card))
        }
        CardPredKind::Type { same: false, card } => {
            format!("is of different type than {}", card_ref_text(card))
        }
        CardPredKind::BeforeInAlphabet(card) => {
            format!("comes before {} in the alphabet", card_ref_text(card))
        }
        CardPredKind::BeenOnEveryBoard { started } => {
            let mut text = "has been on every board during this action".to_string();
            if let Some(whose) = started {
                text.push_str(&format!(", and it started on {} board", whose.node.words()));
            }
            text
        }
        CardPredKind::IsTop { on: None } => "is a top card".to_string(),
        CardPredKind::IsTop { on: Some(whose) } => {
            format!("is a top card on {} board", whose.node.words())
        }
        CardPredKind::In(z) => format!("is {} {}", zone_preposition(z), zone_text(z)),
        CardPredKind::ColorOnBoard { negated, whose } => format!(
            "is a color {}on {} board",
            if *negated { "not " } else { "" },
            whose.node.words()
        ),
        CardPredKind::Color(c) => format!("is {}", color_expr_text(c)),
    }
}

fn amount_text(a: Amount) -> String {
    match a {
        Amount::Any => "any".to_string(),
        Amount::AtLeast(n) => format!("at least {n}"),
        Amount::AtMost(n) => format!("at most {n}"),
        Amount::MoreThan(n) => format!("more than {n}"),
        Amount::FewerThan(n) => format!("fewer than {n}"),
        Amount::Exactly(n) => format!("exactly {n}"),
        Amount::Count(n) => n.to_string(),
        Amount::No => "no".to_string(),
    }
}

fn player_measure_text(m: &PlayerMeasure) -> String {
    match &m.kind {
        PlayerMeasureKind::Amount { amount, measure } => {
            format!(
                "{} {}",
                amount_text(amount.node),
                measure_text(&measure.node, amount.node.takes_singular())
            )
        }
        PlayerMeasureKind::Compare {
            more,
            measure,
            than,
        } => {
            let than = match than {
                Than::Each(set) => format!("each {}", set.node.words()),
                Than::Player(p) => player_ref_text(p),
                Than::Measure(m) => measure_text(&m.node, false),
            };
            format!(
                "{} {} than {than}",
                if *more { "more" } else { "fewer" },
                measure_text(&measure.node, false)
            )
        }
        PlayerMeasureKind::AsMany {
            twice,
            measure,
            than,
        } => {
            let than = match than {
                Than::Each(set) => format!("each {}", set.node.words()),
                Than::Player(p) => player_ref_text(p),
                Than::Measure(m) => measure_text(&m.node, false),
            };
            format!(
                "at least {}as many {} as {than}",
                if *twice { "twice " } else { "" },
                measure_text(&measure.node, false)
            )
        }
    }
}

/// A measure; `singular` after an amount of 1 (`at least 1 card in hand`, `1 color splayed left`).
fn measure_text(m: &Measure, singular: bool) -> String {
    let s = if singular { "" } else { "s" };
    match m {
        Measure::Points => format!("point{s}"),
        Measure::Achievements => format!("achievement{s}"),
        Measure::TopCards => format!("top card{s}"),
        Measure::TopOfType(kind) => format!("top {}", kind.noun(!singular)),
        Measure::TopCardOf(color) => format!("top card of {}", color_expr_text(color)),
        Measure::CardsIn(ZoneKind::Hand) => format!("card{s} in hand"),
        Measure::CardsIn(ZoneKind::Forecast) => format!("card{s} in forecast"),
        Measure::CardsIn(_) => format!("card{s} in score pile"),
        Measure::ValueIn { value, zone } => format!(
            "[{value}] in {}",
            match zone {
                ZoneKind::Hand => "hand",
                ZoneKind::Forecast => "forecast",
                _ => "score pile",
            }
        ),
        Measure::History {
            verb,
            due_to,
            scope,
        } => format!("card{s} {}{}", verb.word(), due_scope_text(*due_to, *scope)),
        Measure::Colors(filters) => {
            let mut text = format!("color{s}");
            for f in filters {
                text.push(' ');
                text.push_str(&color_filter_text(&f.node));
            }
            text
        }
        Measure::ColorCards(color) => format!("{} card{s}", color.node),
        Measure::Icon(icon) => icon.node.clone(),
        Measure::Bonuses => "bonuses".to_string(),
        Measure::DifferentBonuses => "different bonuses".to_string(),
        Measure::InOneColor(slot) => format!("{} in one color", slot.node),
        Measure::VisibleInOneColor => "visible cards in one color".to_string(),
        Measure::ColorsWithOneIcon(n) => format!("color{s} with at least {n} of one icon"),
    }
}

fn player_ref_text(p: &PlayerRef) -> String {
    match &p.kind {
        PlayerRefKind::You => "you".to_string(),
        PlayerRefKind::I { me: false } => "I".to_string(),
        PlayerRefKind::I { me: true } => "me".to_string(),
        PlayerRefKind::ThatPlayer => "that player".to_string(),
        PlayerRefKind::They => "they".to_string(),
        PlayerRefKind::Extreme {
            kind,
            most,
            measure,
            single,
            highest,
        } => format!(
            "the {}{} with the {} {}",
            if *single { "single " } else { "" },
            player_kind_word(*kind),
            match (*most, *highest) {
                (true, false) => "most",
                (false, false) => "fewest",
                (true, true) => "highest",
                (false, true) => "lowest",
            },
            measure_text(&measure.node, false)
        ),
        PlayerRefKind::Choose {
            article,
            kind,
            of_your_choice,
            with,
        } => {
            let article = match article {
                PlayerArticle::An => {
                    if *kind == PlayerKind::Opponent || *kind == PlayerKind::OtherPlayer {
                        "an"
                    } else {
                        "a"
                    }
                }
                PlayerArticle::Another => "another",
                PlayerArticle::Any => "any",
            };
            let kind = player_kind_word(*kind);
            let choice = if *of_your_choice {
                " of your choice"
            } else {
                ""
            };
            match with {
                Some(m) => format!("{article} {kind}{choice} with {}", player_measure_text(m)),
                None => format!("{article} {kind}{choice}"),
            }
        }
    }
}

/// `each opponent with more crown than you`, `that player`.
fn subject_text(s: &Subject) -> String {
    match &s.kind {
        SubjectKind::Each { players, with } => match with {
            Some(m) => format!(
                "each {} with {}",
                players.node.words(),
                player_measure_text(m)
            ),
            None => format!("each {}", players.node.words()),
        },
        SubjectKind::Player(p) => player_ref_text(p),
    }
}

fn player_kind_word(kind: PlayerKind) -> &'static str {
    match kind {
        PlayerKind::Opponent => "opponent",
        PlayerKind::OtherPlayer => "other player",
        PlayerKind::Player => "player",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formatting_is_idempotent_and_keeps_comments() {
        let messy = "# A card.\ncard \"X\"{age 1 color red icons hex crown crown crown\n\
                     effect crown{ # draws\n draw   a [1]   # one card\n\
                     # then a meld\n you may meld a card from your hand}}";
        let once = format_source(messy).expect("parses");
        let twice = format_source(&once).expect("parses");
        assert_eq!(once, twice);
        assert!(once.contains("# A card."));
        assert!(once.contains("draw a [1] # one card"));
        assert!(once.contains("    # then a meld\n    you may meld a card from your hand"));
    }

    #[test]
    fn the_designer_constructs_round_trip() {
        let canonical = "card \"X\" {\n  age 1\n  color red\n  icons hex crown crown crown\n\n  \
             demand crown {\n    I choose either {\n      draw a [1]\n    } or {\n      \
             draw a [2]\n    }\n  }\n\n  \
             effect crown {\n    each opponent with fewer crown than you draws and scores (2) [1]\n    \
             an opponent of your choice chooses a card from your hand\n    \
             the opponent with the most cards in hand looks at the top card of the [3] deck\n    \
             for each opponent with more leaf than you {\n      if they have no cards in hand {\n        \
             that player draws a [1]\n      }\n    }\n    \
             draw a [1] for every opponent with more crown than you\n    \
             choose a value from 1 to number of colors on your board without leaf\n    \
             for each color on your board splayed left {\n      score your top card of that color\n    }\n    \
             splay right each color you have splayed left\n    \
             choose a color on your board without crown\n    \
             if you are eligible to claim an achievement of value 2 {\n      \
             repeat this effect at most twice\n    }\n  }\n}\n";
        assert_eq!(format_source(canonical).expect("parses"), canonical);
        // The colon of "I choose: either" and the comma before "at most" are not kept.
        let written = canonical
            .replace("I choose either", "I choose: either")
            .replace("this effect at most", "this effect, at most");
        assert_eq!(format_source(&written).expect("parses"), canonical);
    }

    #[test]
    fn triggers_round_trip() {
        let messy = "achievement \"Glory\" {\n when you tuck an card  with flag # any tuck\n when you meld a card without fountain onto a color splayed left or right\n  via \"X\" }\n";
        let once = format_source(messy).expect("parses");
        assert_eq!(
            once,
            "achievement \"Glory\" {\n  when you tuck a card with flag # any tuck\n  when you meld a card without fountain onto a color splayed left or right\n  via \"X\"\n}\n"
        );
        assert_eq!(format_source(&once).expect("parses"), once);
    }

    #[test]
    fn otherwise_if_chains_round_trip() {
        let source = "card \"X\" {\n  age 1\n  color red\n  icons hex crown crown crown\n\n  effect crown {\n    draw and reveal a [1]\n    if it is red { # red\n      score it\n    } otherwise if it is blue {\n      meld it\n    } otherwise { # other\n      keep it\n    }\n  }\n}\n";
        let once = format_source(source).expect("parses");
        assert_eq!(once, source);
        assert_eq!(format_source(&once).expect("parses"), once);
    }

    /// A card's conditions in the canonical layout, one `if` per condition.
    fn conditions_laid_out(conditions: &[&str]) -> Vec<String> {
        let body: String = conditions
            .iter()
            .map(|c| format!("if {c} {{ draw a [1] }} "))
            .collect();
        let source = format!(
            "card \"X\" {{ age 1 color red icons hex crown crown crown effect crown {{ {body} }} }}"
        );
        let once = format_source(&source).expect("parses");
        assert_eq!(format_source(&once).expect("parses"), once);
        once.lines()
            .filter_map(|l| l.trim().strip_prefix("if "))
            .map(|l| l.trim_end_matches(" {").to_string())
            .collect()
    }

    #[test]
    fn an_amount_of_one_takes_the_singular() {
        assert_eq!(
            conditions_laid_out(&[
                "you have at least 1 cards in hand",
                "you have at least 1 card tucked this turn",
                "you have exactly 1 colors splayed left",
                "you have 1 top cards",
                "you have at most 1 red cards",
                "you have more than 1 achievements",
                "you have fewer than 1 points",
                "you have at least 2 card in score pile",
                "you have no card tucked this turn",
                "you have at least 1 castle",
            ]),
            [
                "you have at least 1 card in hand",
                "you have at least 1 card tucked this turn",
                "you have exactly 1 color splayed left",
                "you have 1 top card",
                "you have at most 1 red card",
                "you have more than 1 achievement",
                "you have fewer than 1 point",
                "you have at least 2 cards in score pile",
                "you have no cards tucked this turn",
                "you have at least 1 castle",
            ]
        );
    }

    #[test]
    fn for_every_several_takes_the_plural() {
        let source = "card \"X\" { age 1 color red icons hex crown crown crown effect crown { \
                      draw a [1] for every 2 color on your board \
                      draw a [1] for every colors on your board } }";
        let once = format_source(source).expect("parses");
        assert!(
            once.contains("draw a [1] for every 2 colors on your board"),
            "{once}"
        );
        assert!(
            once.contains("draw a [1] for every color on your board"),
            "{once}"
        );
    }

    /// The intended text opens the effect, each quoted piece on its own line under the first;
    /// `approximate` stays with the facts.
    #[test]
    fn intended_text_and_approximate_round_trip() {
        let messy = "card \"X\" { age 1 color red icons hex crown crown crown\n \
                     approximate \"the printed card\" \"says more\"\n \
                     effect crown {\n text \"Draw a [1].\"   # what the card says\n \
                     \"Then draw a [2].\" draw a [1] then draw a [2] } }";
        let once = format_source(messy).expect("parses");
        assert_eq!(
            once,
            "card \"X\" {\n  age 1\n  color red\n  icons hex crown crown crown\n  \
             approximate \"the printed card\"\n              \"says more\"\n\n  \
             effect crown {\n    text \"Draw a [1].\" # what the card says\n         \
             \"Then draw a [2].\"\n    draw a [1]\n    then draw a [2]\n  }\n}\n"
        );
        assert_eq!(format_source(&once).expect("parses"), once);
    }
}
