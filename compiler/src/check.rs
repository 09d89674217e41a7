//! Checks and lowering: parsed card files → the checked IR, with every error of the run.
//!
//! One pass per card: its facts (age, colour, icon slots, featured icon), then its effects,
//! resolving names (titles, achievements, colours, icons) and the words that refer back
//! (`it`, `returned`, `that player`, `you do`) to statement ids. Errors never stop the pass: the
//! caller gets a program (possibly partial) and every error found.

use crate::diagnostics::{At, Error, NameKind};
use crate::ir::{self, *};
use dogma_dsl::ast::{self, Span};
use dogma_dsl::suggest;
use dogma_runtime::bytecode::Rules;
use dogma_runtime::{Color, EffectKind, Icon, Slot, SlotPosition, SplayDirection};
use std::collections::BTreeMap;

/// One card-source file to check.
#[derive(Clone, Debug)]
pub struct SourceFile {
    /// The path shown in diagnostics.
    pub name: String,
    pub text: String,
    /// The card set of the file's cards, e.g. `base`.
    pub set: String,
    /// The tree the file belongs to: an index into `Options::layers` (0 when there are none).
    pub layer: u16,
}

impl SourceFile {
    /// A file of the only tree.
    pub fn new(name: impl Into<String>, text: impl Into<String>, set: impl Into<String>) -> Self {
        SourceFile {
            name: name.into(),
            text: text.into(),
            set: set.into(),
            layer: 0,
        }
    }
}

/// What the checks assume about the game the cards are for.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// The edition the cards are checked against (its ages and splays); `None` allows
    /// everything any edition allows.
    pub edition: Option<EditionRules>,
    /// The trees the files belong to, by `SourceFile::layer`; empty when every file is one tree.
    pub layers: Vec<Layer>,
}

/// An edition's name (for messages) and rule variants.
#[derive(Clone, Debug)]
pub struct EditionRules {
    pub name: String,
    pub rules: Rules,
}

/// A tree of card sources as the checks see it: which trees it extends (its cards replace
/// theirs of the same title) and which of their titles it drops.
#[derive(Clone, Debug, Default)]
pub struct Layer {
    /// The tree's name, for messages.
    pub name: String,
    /// The layers this one extends, directly or not.
    pub extends: Vec<u16>,
    /// Titles of cards and special achievements of the extended trees left out.
    pub drop: Vec<String>,
}

/// The highest age any edition has (the fourth edition's 11).
const MAX_AGE_ANY_EDITION: u8 = 11;

impl Options {
    /// Checking one tree against an edition's rules.
    pub fn for_edition(name: &str, rules: Rules) -> Options {
        Options {
            edition: Some(EditionRules {
                name: name.to_string(),
                rules,
            }),
            layers: Vec::new(),
        }
    }

    fn max_age(&self) -> u8 {
        self.edition
            .as_ref()
            .map_or(MAX_AGE_ANY_EDITION, |e| e.rules.max_age)
    }

    /// Whether the item of `layer` titled `title` is replaced or dropped by another layer.
    fn hidden(&self, layer: u16, title: &str, declared_in: &[u16]) -> bool {
        self.layers.iter().enumerate().any(|(i, l)| {
            l.extends.contains(&layer)
                && (declared_in.contains(&(i as u16)) || l.drop.iter().any(|d| d == title))
        })
    }
}

/// The result of checking: the program, every error, and the parsed files (for the renderer and
/// the formatter).
#[derive(Debug, Default)]
pub struct Checked {
    pub program: Program,
    pub errors: Vec<Error>,
    /// The syntax tree of each file, `None` where the file did not parse.
    pub files: Vec<Option<ast::File>>,
    /// For each card of the program, where its syntax tree is: (file, item index).
    pub card_sources: Vec<(FileId, usize)>,
    /// Titles a layer drops that none of the trees it extends declares: (layer, title).
    pub unused_drops: Vec<(u16, String)>,
}

impl Checked {
    /// The syntax tree of a card of the program.
    pub fn card_ast(&self, id: CardId) -> Option<&ast::Card> {
        let (file, item) = *self.card_sources.get(id.0 as usize)?;
        match self.files.get(file.0 as usize)?.as_ref()?.items.get(item)? {
            ast::Item::Card(card) => Some(card),
            ast::Item::Achievement(_) => None,
        }
    }

    /// The syntax tree of a special achievement of the program.
    pub fn achievement_ast(&self, id: AchievementId) -> Option<&ast::Achievement> {
        let def = self.program.achievements.get(id.0 as usize)?;
        let file = self.files.get(def.span.file.0 as usize)?.as_ref()?;
        file.items.iter().find_map(|item| match item {
            ast::Item::Achievement(a) if a.title.node == def.name => Some(a),
            _ => None,
        })
    }
}

/// Parses and checks card files.
pub fn check(files: &[SourceFile], options: &Options) -> Checked {
    let mut errors = Vec::new();
    let mut parsed = Vec::new();
    for (index, source) in files.iter().enumerate() {
        let file = FileId(index as u16);
        match dogma_dsl::parse(&source.text) {
            Ok(ast) => parsed.push(Some(ast)),
            Err(e) => {
                errors.push(syntax_error(file, &source.text, e));
                parsed.push(None);
            }
        }
    }

    // Which layers declare each title: a tree's card replaces the same-titled card of a tree it
    // extends, and its `drop` list removes theirs.
    let mut declared: BTreeMap<&str, Vec<u16>> = BTreeMap::new();
    for (index, file) in parsed.iter().enumerate() {
        let Some(file) = file else { continue };
        for item in &file.items {
            let title = match item {
                ast::Item::Card(card) => card.title.node.as_str(),
                ast::Item::Achievement(a) => a.title.node.as_str(),
            };
            declared.entry(title).or_default().push(files[index].layer);
        }
    }
    let mut unused_drops: Vec<(u16, String)> = Vec::new();
    for (i, layer) in options.layers.iter().enumerate() {
        for title in &layer.drop {
            let found = declared
                .get(title.as_str())
                .is_some_and(|layers| layers.iter().any(|l| layer.extends.contains(l)));
            if !found {
                unused_drops.push((i as u16, title.clone()));
            }
        }
    }

    // Declarations first, so that effects can name any card or achievement.
    let mut names = Names::default();
    let mut card_sources = Vec::new();
    for (index, file) in parsed.iter().enumerate() {
        let Some(file) = file else { continue };
        let file_id = FileId(index as u16);
        let set = &files[index].set;
        let layer = files[index].layer;
        for (item_index, item) in file.items.iter().enumerate() {
            let title = match item {
                ast::Item::Card(card) => card.title.node.as_str(),
                ast::Item::Achievement(a) => a.title.node.as_str(),
            };
            if options.hidden(layer, title, &declared[title]) {
                continue;
            }
            match item {
                ast::Item::Card(card) => {
                    let at = At {
                        file: file_id,
                        span: card.title.span,
                    };
                    let key = (set.clone(), card.title.node.clone());
                    if let Some(first) = names.card_decls.get(&key) {
                        errors.push(Error::DuplicateTitle {
                            at,
                            title: card.title.node.clone(),
                            first: *first,
                        });
                        continue;
                    }
                    names.card_decls.insert(key, at);
                    let id = CardId(card_sources.len() as u16);
                    names
                        .cards
                        .entry(card.title.node.clone())
                        .or_insert((id, set.clone()));
                    card_sources.push((file_id, item_index));
                }
                ast::Item::Achievement(a) => {
                    let at = At {
                        file: file_id,
                        span: a.title.span,
                    };
                    if let Some((_, first)) = names.achievements.get(&a.title.node) {
                        errors.push(Error::DuplicateAchievement {
                            at,
                            name: a.title.node.clone(),
                            first: *first,
                        });
                        continue;
                    }
                    let id = AchievementId(names.achievements.len() as u16);
                    names.achievements.insert(a.title.node.clone(), (id, at));
                    names
                        .achievement_order
                        .push((file_id, item_index, set.clone()));
                }
            }
        }
    }

    let mut program = Program::default();
    let mut claims: Vec<(CardId, AchievementId, At)> = Vec::new();
    for (index, (file_id, item_index)) in card_sources.iter().enumerate() {
        let Some(Some(file)) = parsed.get(file_id.0 as usize) else {
            continue;
        };
        let ast::Item::Card(card) = &file.items[*item_index] else {
            continue;
        };
        let id = CardId(index as u16);
        let set = files[file_id.0 as usize].set.clone();
        let mut cx = CardCx {
            names: &names,
            file: *file_id,
            options,
            errors: &mut errors,
            claims: Vec::new(),
        };
        let def = cx.card(id, set, card);
        for (achievement, at) in cx.claims {
            claims.push((id, achievement, at));
        }
        program.cards.push(def);
    }

    for (index, (file_id, item_index, set)) in names.achievement_order.iter().enumerate() {
        let Some(Some(file)) = parsed.get(file_id.0 as usize) else {
            continue;
        };
        let ast::Item::Achievement(a) = &file.items[*item_index] else {
            continue;
        };
        let mut cx = CardCx {
            names: &names,
            file: *file_id,
            options,
            errors: &mut errors,
            claims: Vec::new(),
        };
        let def = cx.achievement(AchievementId(index as u16), set.clone(), a);
        program.achievements.push(def);
    }

    check_claims(&program, &names, &claims, &parsed, &mut errors);

    Checked {
        program,
        errors,
        files: parsed,
        card_sources,
        unused_drops,
    }
}

/// Every `claim` names an achievement that lists the card with `via`, and every `via` card
/// claims its achievement.
fn check_claims(
    program: &Program,
    names: &Names,
    claims: &[(CardId, AchievementId, At)],
    parsed: &[Option<ast::File>],
    errors: &mut Vec<Error>,
) {
    for (card, achievement, at) in claims {
        let Some(def) = program.achievements.get(achievement.0 as usize) else {
            continue;
        };
        if !def.via.contains(card) {
            errors.push(Error::ClaimWithoutVia {
                at: *at,
                card: program.card(*card).title.clone(),
                achievement: def.name.clone(),
                definition: At {
                    file: def.span.file,
                    span: Span {
                        start: def.span.start,
                        end: def.span.end,
                    },
                },
            });
        }
    }
    for def in &program.achievements {
        let Some((file, item, _)) = names.achievement_order.get(def.id.0 as usize) else {
            continue;
        };
        let Some(Some(ast_file)) = parsed.get(file.0 as usize) else {
            continue;
        };
        let ast::Item::Achievement(a) = &ast_file.items[*item] else {
            continue;
        };
        for (via_title, via_id) in a.via.iter().zip(def.via.iter()) {
            if !claims
                .iter()
                .any(|(card, ach, _)| card == via_id && *ach == def.id)
            {
                errors.push(Error::ViaWithoutClaim {
                    at: At {
                        file: *file,
                        span: via_title.span,
                    },
                    card: via_title.node.clone(),
                    achievement: def.name.clone(),
                });
            }
        }
    }
}

fn syntax_error(file: FileId, text: &str, e: dogma_dsl::SyntaxError) -> Error {
    let at = At { file, span: e.span };
    if e.found.is_none() {
        if let Some(open) = unclosed_brace(text) {
            return Error::UnclosedBrace {
                at,
                open: At {
                    file,
                    span: Span::new(open, open + 1),
                },
            };
        }
    }
    Error::Syntax {
        at,
        found: e.found,
        expected: e.expected,
        suggestion: e.suggestion,
    }
}

/// The byte offset of the innermost `{` left open at the end of the text, skipping comments and
/// quoted titles.
fn unclosed_brace(text: &str) -> Option<usize> {
    let mut open = Vec::new();
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        match c {
            '#' => {
                for (_, c) in chars.by_ref() {
                    if c == '\n' {
                        break;
                    }
                }
            }
            '"' => {
                for (_, c) in chars.by_ref() {
                    if c == '"' || c == '\n' {
                        break;
                    }
                }
            }
            '{' => open.push(i),
            '}' => {
                open.pop();
            }
            _ => {}
        }
    }
    open.pop()
}

/// The declared names of the program.
#[derive(Default)]
struct Names {
    /// Card titles to ids (the first tree declaring a title wins a lookup by title).
    cards: BTreeMap<String, (CardId, String)>,
    /// (set, title) to where the card is declared, for duplicate detection within a tree.
    card_decls: BTreeMap<(String, String), At>,
    achievements: BTreeMap<String, (AchievementId, At)>,
    /// Achievements in id order: (file, item index, set).
    achievement_order: Vec<(FileId, usize, String)>,
}

impl Names {
    /// What kind of thing a bare word is, if it is a known name.
    fn kind_of(&self, word: &str) -> Option<NameKind> {
        if Color::from_word(word).is_some() {
            Some(NameKind::Color)
        } else if Icon::from_word(word).is_some() {
            Some(NameKind::Icon)
        } else if self.cards.contains_key(word) {
            Some(NameKind::Card)
        } else if self.achievements.contains_key(word) {
            Some(NameKind::Achievement)
        } else {
            None
        }
    }
}

/// Checking one card (or achievement).
struct CardCx<'a> {
    names: &'a Names,
    file: FileId,
    options: &'a Options,
    errors: &'a mut Vec<Error>,
    /// The achievements the card's effects claim, with where.
    claims: Vec<(AchievementId, At)>,
}

impl CardCx<'_> {
    fn at(&self, span: Span) -> At {
        At {
            file: self.file,
            span,
        }
    }

    fn src(&self, span: Span) -> SourceSpan {
        SourceSpan::new(self.file, span)
    }

    // -----------------------------------------------------------------------------------------
    // Facts

    fn card(&mut self, id: CardId, set: String, card: &ast::Card) -> CardDef {
        let mut age: Option<(u8, Span)> = None;
        let mut color: Option<(Color, Span)> = None;
        let mut slots: Option<(Vec<(SlotPosition, Slot)>, Span)> = None;
        let mut seen: BTreeMap<&'static str, Span> = BTreeMap::new();
        for fact in &card.facts {
            let name = match &fact.node {
                ast::Fact::Age(_) => "age",
                ast::Fact::Color(_) => "color",
                ast::Fact::Icons(_) => "icons",
            };
            if let Some(first) = seen.get(name) {
                self.errors.push(Error::DuplicateFact {
                    at: self.at(fact.span),
                    fact: name,
                    first: self.at(*first),
                });
                continue;
            }
            seen.insert(name, fact.span);
            match &fact.node {
                ast::Fact::Age(a) => {
                    let max = self.options.max_age();
                    if a.node < 1 || a.node > u32::from(max) {
                        self.errors.push(Error::AgeOutOfRange {
                            at: self.at(a.span),
                            age: a.node,
                            max,
                        });
                    } else {
                        age = Some((a.node as u8, a.span));
                    }
                }
                ast::Fact::Color(c) => {
                    if let Some(resolved) = self.color_name(c) {
                        color = Some((resolved, c.span));
                    }
                }
                ast::Fact::Icons(list) => {
                    slots = self.slots(list, fact.span).map(|s| (s, fact.span));
                }
            }
        }
        for (fact, present) in [
            ("age", age.is_some() || seen.contains_key("age")),
            ("color", color.is_some() || seen.contains_key("color")),
            ("icons", seen.contains_key("icons")),
        ] {
            if !present {
                self.errors.push(Error::MissingFact {
                    at: self.at(card.title.span),
                    title: card.title.node.clone(),
                    fact,
                });
            }
        }

        let slot_list = slots.as_ref().map(|(s, _)| s.clone()).unwrap_or_default();
        let dogma_icon = featured_icon(&slot_list);
        let mut effects = Vec::new();
        for effect in &card.effects {
            if let Some((most, count)) = dogma_icon {
                match &effect.icon {
                    Some(written) => match Icon::from_word(&written.node) {
                        Some(icon) if icon == most => {}
                        Some(_) => self.errors.push(Error::WrongFeaturedIcon {
                            at: self.at(written.span),
                            written: written.node.clone(),
                            most: most.word().to_string(),
                            count,
                        }),
                        None => {
                            self.icon_name(written);
                        }
                    },
                    None => self.errors.push(Error::MissingFeaturedIcon {
                        at: self.at(effect.kind.span),
                        most: most.word().to_string(),
                    }),
                }
            } else if let Some(written) = &effect.icon {
                self.icon_name(written);
            }
            effects.push(self.effect(effect));
        }

        CardDef {
            id,
            title: card.title.node.clone(),
            set,
            age: age.map_or(0, |(a, _)| a),
            color: color.map_or(Color::Blue, |(c, _)| c),
            slots: slot_list,
            dogma_icon: dogma_icon.map(|(icon, _)| icon),
            effects,
            span: self.src(card.span),
        }
    }

    fn slots(&mut self, list: &[ast::SlotSource], span: Span) -> Option<Vec<(SlotPosition, Slot)>> {
        let positions: &[SlotPosition] = match list.len() {
            4 => &SlotPosition::FOUR,
            6 => &SlotPosition::SIX,
            n => {
                self.errors.push(Error::SlotCount {
                    at: self.at(span),
                    count: n,
                });
                return None;
            }
        };
        let mut out = Vec::new();
        let mut ok = true;
        let mut hexes = Vec::new();
        for (position, slot) in positions.iter().zip(list) {
            let word = slot.name.node.as_str();
            let content = if let Some(icon) = Icon::from_word(word) {
                Slot::Icon(icon)
            } else if word == "hex" {
                hexes.push(self.at(slot.span));
                Slot::Hex
            } else if word == "empty" {
                Slot::Empty
            } else if EXPANSION_SLOTS.contains(&word) {
                self.errors.push(Error::ExpansionSlot {
                    at: self.at(slot.name.span),
                    name: word.to_string(),
                });
                ok = false;
                continue;
            } else {
                let known = Icon::ALL.iter().map(|i| i.word()).chain(["hex", "empty"]);
                self.errors.push(Error::UnknownSlot {
                    at: self.at(slot.name.span),
                    name: word.to_string(),
                    suggestion: suggest::closest(word, known).map(str::to_string),
                });
                ok = false;
                continue;
            };
            if slot.number.is_some() {
                self.errors.push(Error::UnknownSlot {
                    at: self.at(slot.span),
                    name: format!("{word} {}", slot.number.as_ref().map_or(0, |n| n.node)),
                    suggestion: None,
                });
                ok = false;
            }
            out.push((*position, content));
        }
        if list.len() == 4 && hexes.len() != 1 {
            self.errors.push(Error::HexCount {
                at: self.at(span),
                count: hexes.len(),
                hexes: if hexes.len() > 1 { hexes } else { Vec::new() },
            });
            ok = false;
        }
        ok.then_some(out)
    }

    // -----------------------------------------------------------------------------------------
    // Names

    fn color_name(&mut self, name: &ast::Name) -> Option<Color> {
        self.resolve_word(&name.node, name.span, NameKind::Color)
            .and_then(|_| Color::from_word(&name.node))
    }

    fn icon_name(&mut self, name: &ast::Name) -> Option<Icon> {
        self.resolve_word(&name.node, name.span, NameKind::Icon)
            .and_then(|_| Icon::from_word(&name.node))
    }

    /// Checks that a bare word names a thing of the expected kind; reports it otherwise.
    fn resolve_word(&mut self, word: &str, span: Span, expected: NameKind) -> Option<()> {
        match self.names.kind_of(word) {
            Some(kind) if kind == expected => Some(()),
            Some(found) => {
                self.errors.push(Error::WrongKind {
                    at: self.at(span),
                    name: word.to_string(),
                    expected,
                    found,
                });
                None
            }
            None => {
                let suggestion = match expected {
                    NameKind::Color => suggest::closest(word, Color::ALL.iter().map(|c| c.word()))
                        .map(String::from),
                    NameKind::Icon => {
                        suggest::closest(word, Icon::ALL.iter().map(|i| i.word())).map(String::from)
                    }
                    NameKind::Card => {
                        suggest::closest(word, self.names.cards.keys().map(String::as_str))
                            .map(String::from)
                    }
                    NameKind::Achievement => {
                        suggest::closest(word, self.names.achievements.keys().map(String::as_str))
                            .map(String::from)
                    }
                    // Parameters are resolved by the effect, which reports its own errors.
                    NameKind::Parameter => None,
                };
                self.errors.push(Error::UnknownName {
                    at: self.at(span),
                    name: word.to_string(),
                    kind: expected,
                    suggestion,
                });
                None
            }
        }
    }

    fn card_title(&mut self, title: &str, span: Span) -> Option<CardId> {
        if let Some((id, _)) = self.names.cards.get(title) {
            return Some(*id);
        }
        if self.names.achievements.contains_key(title) {
            self.errors.push(Error::WrongKind {
                at: self.at(span),
                name: title.to_string(),
                expected: NameKind::Card,
                found: NameKind::Achievement,
            });
            return None;
        }
        let suggestion =
            suggest::closest(title, self.names.cards.keys().map(String::as_str)).map(String::from);
        self.errors.push(Error::UnknownName {
            at: self.at(span),
            name: title.to_string(),
            kind: NameKind::Card,
            suggestion,
        });
        None
    }

    fn achievement_title(&mut self, title: &ast::Title) -> Option<AchievementId> {
        if let Some((id, _)) = self.names.achievements.get(&title.node) {
            return Some(*id);
        }
        if self.names.cards.contains_key(&title.node) {
            self.errors.push(Error::WrongKind {
                at: self.at(title.span),
                name: title.node.clone(),
                expected: NameKind::Achievement,
                found: NameKind::Card,
            });
            return None;
        }
        let suggestion = suggest::closest(
            &title.node,
            self.names.achievements.keys().map(String::as_str),
        )
        .map(String::from);
        self.errors.push(Error::UnknownName {
            at: self.at(title.span),
            name: title.node.clone(),
            kind: NameKind::Achievement,
            suggestion,
        });
        None
    }

    // -----------------------------------------------------------------------------------------
    // Effects and achievements

    fn effect(&mut self, effect: &ast::Effect) -> EffectDef {
        let kind = match effect.kind.node {
            ast::EffectKind::NonDemand => EffectKind::NonDemand,
            ast::EffectKind::Demand => EffectKind::Demand,
            ast::EffectKind::Compel => EffectKind::Compel,
            ast::EffectKind::Echo => EffectKind::Echo,
        };
        let mut fx = EffectCx {
            card: self,
            demand: matches!(kind, EffectKind::Demand | EffectKind::Compel),
            next_id: 0,
            produced: Vec::new(),
            player_scopes: 0,
            params: Vec::new(),
            pre: Vec::new(),
        };
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

    fn achievement(
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
        let mut fx = EffectCx {
            card: self,
            demand: false,
            next_id: 0,
            produced: Vec::new(),
            player_scopes: 0,
            params: Vec::new(),
            pre: Vec::new(),
        };
        let mut conditions: Vec<Cond> = a.when.iter().map(|c| fx.cond(c, None)).collect();
        if a.when.is_empty() {
            self.errors.push(Error::MissingCondition {
                at: self.at(a.title.span),
                name: a.title.node.clone(),
            });
        }
        let condition = if conditions.len() == 1 {
            conditions.remove(0)
        } else {
            Cond::Or(conditions)
        };
        AchievementDef {
            id,
            name: a.title.node.clone(),
            set,
            condition,
            via,
            span: self.src(a.span),
        }
    }
}

/// The slot words of the expansions, which the language will support later.
const EXPANSION_SLOTS: &[&str] = &[
    "echo",
    "bonus",
    "inspire",
    "plus",
    "splay_left",
    "splay_right",
    "splay_up",
    "flag",
    "fountain",
    "junk",
    "uplift",
    "unsplay",
    "music_note",
];

/// The card's most frequent icon and its count; `None` when it has no icon.
pub fn featured_icon(slots: &[(SlotPosition, Slot)]) -> Option<(Icon, usize)> {
    let mut counts: BTreeMap<Icon, usize> = BTreeMap::new();
    for (_, slot) in slots {
        if let Some(icon) = slot.icon() {
            *counts.entry(icon).or_default() += 1;
        }
    }
    let mut best: Option<(Icon, usize)> = None;
    for (icon, count) in counts {
        if best.is_none_or(|(_, c)| count > c) {
            best = Some((icon, count));
        }
    }
    best
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
struct Produced {
    id: StmtId,
    participles: Vec<ast::Participle>,
    /// It moved or showed cards (`it`, `them`).
    cards: bool,
    /// It chose something of this kind (`chosen`).
    choice: Option<ChoiceKind>,
    /// It chose a player (`that player`).
    player: bool,
    /// It is inside a block of an earlier `if`, `either` or `for each` (not a `you may`):
    /// `it` does not reach it, since it may not have run.
    nested: bool,
}

/// Lowering one effect (or an achievement's condition).
struct EffectCx<'c, 'a> {
    card: &'c mut CardCx<'a>,
    demand: bool,
    next_id: u16,
    produced: Vec<Produced>,
    /// How many `for each` loops or player quantifiers enclose the current point (for `their`).
    player_scopes: u32,
    /// The effect's parameters, by index: name and whether it holds a colour.
    params: Vec<(String, bool)>,
    /// Choices a phrase of the statement being lowered needs first (`of the value of my
    /// choice`): emitted just before it.
    pre: Vec<Stmt>,
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
    fn param(&self, name: &str) -> Option<(u8, bool)> {
        self.params
            .iter()
            .position(|(n, _)| n == name)
            .map(|i| (i as u8, self.params[i].1))
    }

    /// `repeat this effect with v = chosen`: each argument's parameter and new value.
    fn repeat_args(&mut self, args: &[ast::Arg]) -> Vec<(u8, ParamValue)> {
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

    /// One colour atom as a colour selection.
    fn color_atom(&mut self, atom: ast::ColorAtom, span: Span) -> ColorSel {
        self.color_expr(&ast::ColorExpr {
            alternatives: vec![ast::Spanned::new(atom, span)],
            span,
        })
    }

    /// A statement that needs a rule variant: reported when the edition lacks it.
    fn needs_rule(&mut self, span: Span, what: &str, rule: &'static str, has: fn(&Rules) -> bool) {
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
    fn error(&mut self, e: Error) {
        self.card.errors.push(e);
    }

    fn at(&self, span: Span) -> At {
        self.card.at(span)
    }

    fn fresh(&mut self) -> StmtId {
        let id = StmtId(self.next_id);
        self.next_id = self.next_id.saturating_add(1);
        id
    }

    fn stmt(&self, id: StmtId, kind: StmtKind, span: Span) -> Stmt {
        Stmt {
            id,
            kind,
            span: self.card.src(span),
        }
    }

    fn produce(&mut self, id: StmtId, participles: Vec<ast::Participle>, cards: bool) {
        self.produced.push(Produced {
            id,
            participles,
            cards,
            choice: None,
            player: false,
            nested: false,
        });
    }

    /// Lowers a block whose statements may not run (a branch, a loop body): returns what it
    /// produced, taken out of sight of what follows until `after_branches`.
    fn branch<T>(&mut self, f: impl FnOnce(&mut Self) -> T) -> (T, Vec<Produced>) {
        let start = self.produced.len();
        let out = f(self);
        let produced = self.produced.split_off(start);
        (out, produced)
    }

    /// What branches produced, visible again to participles (`if you returned any`) but not to
    /// `it`.
    fn after_branches(&mut self, produced: Vec<Produced>) {
        self.produced
            .extend(produced.into_iter().map(|p| Produced { nested: true, ..p }));
    }

    fn latest(&self, test: impl Fn(&Produced) -> bool) -> Option<StmtId> {
        self.produced.iter().rev().find(|p| test(p)).map(|p| p.id)
    }

    fn unbound(&mut self, span: Span, word: &str, needs: &'static str) {
        self.error(Error::UnboundReference {
            at: self.at(span),
            word: word.to_string(),
            needs,
        });
    }

    // -----------------------------------------------------------------------------------------
    // Statements

    fn block(&mut self, block: &ast::Block) -> Vec<Stmt> {
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
        let outer = std::mem::take(&mut self.pre);
        let (mut stmts, id) = match &stmt.scale {
            Some(scale) => {
                let id = self.fresh();
                let times = self.scale(scale);
                let (body, _) = self.statement_kind(&stmt.kind, stmt.span, prev);
                (
                    vec![self.stmt(id, StmtKind::Times { times, body }, stmt.span)],
                    id,
                )
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
    fn choice_first(
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

    fn statement_kind(
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
            S::Either(blocks) => {
                let mut inside = Vec::new();
                let mut options = Vec::new();
                for b in blocks {
                    let (option, produced) = self.branch(|fx| fx.block(b));
                    options.push(option);
                    inside.extend(produced);
                }
                self.after_branches(inside);
                single(self, StmtKind::Either(options))
            }
            S::ForEach { players, body } => {
                self.player_scopes += 1;
                let (body, inside) = self.branch(|fx| fx.block(body));
                self.after_branches(inside);
                self.player_scopes -= 1;
                single(
                    self,
                    StmtKind::ForEachPlayer {
                        players: player_set(players.node),
                        body,
                    },
                )
            }
            S::Repeat(args) => {
                let with = self.repeat_args(args);
                single(self, StmtKind::RepeatEffect { with })
            }
            S::Choose {
                by_demander,
                count,
                kind,
                except,
            } => {
                let chooser = if *by_demander {
                    self.demander(span, "I")
                } else {
                    Player::Executor
                };
                let except: Vec<Icon> = except
                    .iter()
                    .filter_map(|name| self.card.icon_name(name))
                    .collect();
                let n = self.count_u8(count.node, count.span);
                let kind = match kind.node {
                    ast::ChoiceKind::Value => ChoiceKind::Value,
                    ast::ChoiceKind::Color => ChoiceKind::Color,
                    ast::ChoiceKind::Player => ChoiceKind::Player,
                    ast::ChoiceKind::Opponent => ChoiceKind::Opponent,
                    ast::ChoiceKind::Icon => ChoiceKind::Icon,
                };
                self.produced.push(Produced {
                    id,
                    participles: vec![ast::Participle::Chosen],
                    cards: false,
                    choice: Some(kind),
                    player: matches!(kind, ChoiceKind::Player | ChoiceKind::Opponent),
                    nested: false,
                });
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
                    Player::Executor
                };
                let options = options.iter().map(|o| self.age_value(o)).collect();
                self.produced.push(Produced {
                    id,
                    participles: vec![ast::Participle::Chosen],
                    cards: false,
                    choice: Some(ChoiceKind::Value),
                    player: false,
                    nested: false,
                });
                single(self, StmtKind::ChooseValueAmong { chooser, options })
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
            S::EndDogma => single(self, StmtKind::EndDogma),
            S::EndGame => single(self, StmtKind::EndGame),
            S::SelfExecute(sel) => {
                let sel = self.selection(sel);
                single(self, StmtKind::SelfExecute(sel))
            }
            S::Splay { direction, color } => {
                let direction = self.direction(direction);
                let color = self.color_expr(color);
                single(
                    self,
                    StmtKind::Splay {
                        player: Player::Executor,
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
                        player: Player::Executor,
                        color,
                    },
                )
            }
            S::Rearrange(color) => {
                let color = self.color_expr(color);
                single(
                    self,
                    StmtKind::Rearrange {
                        player: Player::Executor,
                        color,
                    },
                )
            }
            S::Draw { then, count, value } => {
                let count = self.count_u8(count.node, count.span);
                let age = self.age_value(value);
                let then_verb = then.as_ref().map(|v| verb(v.node));
                let mut participles = vec![ast::Participle::Drawn];
                if let Some(v) = then {
                    participles.push(ast::Participle::of_verb(v.node));
                }
                self.produce(id, participles, true);
                single(
                    self,
                    StmtKind::Draw {
                        player: Player::Executor,
                        age,
                        count,
                        then: then_verb,
                    },
                )
            }
            S::Transfer { what, to } => {
                let cards = self.selection(what);
                let (to, chooses_player) = self.destination(to);
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
            S::Take(what) => {
                let cards = self.selection(what);
                self.produce(id, vec![ast::Participle::Transferred], true);
                single(
                    self,
                    StmtKind::Move {
                        verb: Verb::Transfer,
                        cards,
                        to: Some(Destination {
                            player: Player::Executor,
                            zone: DestinationZone::Hand,
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
            S::Move { verbs, what } => {
                let cards = self.selection(what);
                let Some(first) = verbs.first() else {
                    return single(self, StmtKind::Keep);
                };
                self.produce(id, vec![ast::Participle::of_verb(first.node)], true);
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
            S::Keep(card) => {
                self.card_ref(card);
                single(self, StmtKind::Keep)
            }
            S::Win(winner) => {
                let winner = match winner {
                    ast::Winner::Single { most, measure, .. } => Winner::Single {
                        most: *most,
                        measure: self.measure(measure),
                    },
                    ast::Winner::Player(p) => Winner::Player(self.player(p)),
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

    fn direction(&mut self, d: &ast::Spanned<ast::Direction>) -> SplayDirection {
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
    fn age_value(&mut self, e: &ast::Expr) -> Value {
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
            ast::Destination::Zone { whose, kind } => {
                let player = self.single_owner(whose);
                let chooses = matches!(player, Player::Choose { .. });
                (
                    Destination {
                        player,
                        zone: destination_zone(kind.node),
                    },
                    chooses,
                )
            }
            ast::Destination::OfPlayer { kind, player } => {
                let player = self.player(player);
                let chooses = matches!(player, Player::Choose { .. });
                (
                    Destination {
                        player,
                        zone: destination_zone(kind.node),
                    },
                    chooses,
                )
            }
        }
    }

    // -----------------------------------------------------------------------------------------
    // Cards

    fn selection(&mut self, sel: &ast::Selection) -> CardSel {
        match sel {
            ast::Selection::Np(np) => self.card_np(np, true),
            ast::Selection::Ref(r) => self.card_ref(r),
        }
    }

    /// A card phrase. `needs_source`: report a phrase that does not say where its cards are.
    fn card_np(&mut self, np: &ast::CardNp, needs_source: bool) -> CardSel {
        let mut filters = Vec::new();
        let mut extreme = None;
        let mut position = None;
        let mut available = false;
        for adj in &np.adjectives {
            match &adj.node {
                ast::Adjective::Available => available = true,
                ast::Adjective::Top => position = Some(BoardPosition::Top),
                ast::Adjective::Bottom => position = Some(BoardPosition::Bottom),
                ast::Adjective::Highest => extreme = Some(Extreme::Highest),
                ast::Adjective::Lowest => extreme = Some(Extreme::Lowest),
                ast::Adjective::Color(word) => {
                    let colors = self.color_atom(ast::ColorAtom::Named(word.clone()), adj.span);
                    if !colors.alternatives.is_empty() {
                        filters.push(CardFilter::Color(colors));
                    }
                }
                ast::Adjective::NonColor(word) => {
                    let start = adj.span.start + "non-".len() as u32;
                    let name = ast::Spanned::new(word.clone(), Span { start, ..adj.span });
                    if let Some(color) = self.card.color_name(&name) {
                        filters.push(CardFilter::NotColor(color));
                    }
                }
            }
        }
        let plural = match &np.noun.node {
            ast::Noun::Card | ast::Noun::Achievement => false,
            ast::Noun::Cards | ast::Noun::Achievements => true,
            ast::Noun::Value(v) => {
                let value = self.age_value(v);
                filters.push(CardFilter::Value(ValueTest::OneOf(vec![value])));
                false
            }
        };
        let mut chooser = Chooser::Executor;
        let mut beneath = None;
        for f in &np.filters {
            match &f.node {
                ast::Filter::MyChoice => {
                    if !self.demand {
                        self.error(Error::DemanderOutsideDemand {
                            at: self.at(f.span),
                            word: "of my choice".to_string(),
                        });
                    }
                    chooser = Chooser::Demander;
                    filters.push(CardFilter::OfMyChoice);
                }
                ast::Filter::ValueOfMyChoice => {
                    let id = self.choice_first(
                        f.span,
                        "of the value of my choice",
                        ChoiceKind::Value,
                        Vec::new(),
                    );
                    filters.push(CardFilter::Value(ValueTest::OneOf(vec![Value::ChosenBy(
                        id,
                    )])));
                }
                ast::Filter::IconOfMyChoice(except) => {
                    let except: Vec<Icon> = except
                        .iter()
                        .filter_map(|name| self.card.icon_name(name))
                        .collect();
                    let id = self.choice_first(
                        f.span,
                        "the icon of my choice",
                        ChoiceKind::Icon,
                        except,
                    );
                    filters.push(CardFilter::HasChosenIcon(id));
                }
                ast::Filter::Beneath(card) => beneath = Some(self.card_ref(card)),
                other => {
                    if let Some(filter) = self.filter(other, f.span) {
                        filters.push(filter);
                    }
                }
            }
        }
        let mut computed = None;
        let count = match &np.quantity {
            Some(ast::Spanned {
                node: ast::Quantity::Bottom(n),
                span,
            }) => {
                filters.push(CardFilter::PileBottom(self.small_count(*n, *span)));
                Count::All
            }
            Some(ast::Spanned {
                node: ast::Quantity::AllButTop(n),
                span,
            }) => {
                filters.push(CardFilter::AllButTop(self.small_count(*n, *span)));
                Count::All
            }
            Some(ast::Spanned {
                node: ast::Quantity::Computed(e),
                ..
            }) => {
                computed = Some(Box::new(self.value(e)));
                Count::Computed
            }
            Some(q) => self.quantity(q),
            None if plural => Count::All,
            None => Count::Exactly(1),
        };
        let board_position = || {
            if let Some(b) = beneath.clone() {
                BoardPosition::Beneath(Box::new(b))
            } else {
                position.clone().unwrap_or(BoardPosition::All)
            }
        };
        let source = if available {
            if let Some(source) = &np.source {
                self.error(Error::SeveralOwners {
                    at: self.at(source.span),
                    whose: "the available achievements and another place".to_string(),
                });
            }
            CardSource::Supply(Supply::Available)
        } else if let Some(whose) = &np.possessive {
            CardSource::Zones {
                owner: self.owner(whose),
                zones: vec![ZoneRef::Board(board_position())],
            }
        } else if let Some(source) = &np.source {
            match &source.node.place {
                ast::Place::Zone(z) => self.zone_source(z, board_position()),
                ast::Place::Supply(z) => CardSource::Supply(self.supply(z)),
                ast::Place::Cards(r) => {
                    let sel = self.card_ref(r);
                    sel.source
                }
            }
        } else if beneath.is_some() || position.is_some() {
            CardSource::Zones {
                owner: Owner::One(Player::Executor),
                zones: vec![ZoneRef::Board(board_position())],
            }
        } else {
            if needs_source {
                self.error(Error::MissingSource {
                    at: self.at(np.span),
                });
            }
            CardSource::Zones {
                owner: Owner::One(Player::Executor),
                zones: vec![ZoneRef::Hand],
            }
        };
        CardSel {
            source,
            filters,
            pick: Pick {
                count,
                extreme,
                computed,
            },
            chooser,
        }
    }

    fn supply(&mut self, z: &ast::Supply) -> Supply {
        match &z.kind {
            ast::SupplyKind::Deck(age) => Supply::Deck(self.age_value(age)),
            ast::SupplyKind::Available => Supply::Available,
        }
    }

    /// A count of cards in a pile phrase (`the bottom 3`).
    fn small_count(&mut self, n: u32, span: Span) -> u8 {
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

    fn zone_source(&mut self, z: &ast::Zone, position: BoardPosition) -> CardSource {
        let owner = self.owner(&z.whose);
        let zones = z
            .kinds
            .iter()
            .map(|k| match k.node {
                ast::ZoneKind::Hand => ZoneRef::Hand,
                ast::ZoneKind::ScorePile => ZoneRef::ScorePile,
                ast::ZoneKind::Achievements => ZoneRef::Achievements,
                ast::ZoneKind::Board => ZoneRef::Board(position.clone()),
            })
            .collect();
        CardSource::Zones { owner, zones }
    }

    fn quantity(&mut self, q: &ast::Spanned<ast::Quantity>) -> Count {
        let small = |this: &mut Self, n: u32| -> u8 {
            if n > 99 {
                this.error(Error::BadCount {
                    at: this.at(q.span),
                    reason: format!("{n} is more than 99"),
                });
                99
            } else {
                n as u8
            }
        };
        match q.node.clone() {
            ast::Quantity::One { .. } | ast::Quantity::The(None) => Count::Exactly(1),
            ast::Quantity::Exactly(0) | ast::Quantity::The(Some(0)) | ast::Quantity::UpTo(0) => {
                self.error(Error::BadCount {
                    at: self.at(q.span),
                    reason: "zero cards".to_string(),
                });
                Count::Exactly(1)
            }
            ast::Quantity::Exactly(n) | ast::Quantity::The(Some(n)) => {
                Count::Exactly(small(self, n))
            }
            ast::Quantity::Between(a, b) => {
                if a >= b {
                    self.error(Error::BadCount {
                        at: self.at(q.span),
                        reason: format!("`{a} or {b}` must name a smaller number first"),
                    });
                }
                Count::Between(small(self, a), small(self, b))
            }
            ast::Quantity::UpTo(n) => Count::UpTo(small(self, n)),
            ast::Quantity::AnyNumber => Count::AnyNumber,
            ast::Quantity::All { .. } => Count::All,
            ast::Quantity::AllBut(n) => Count::AllBut(small(self, n)),
            ast::Quantity::Half(r) => Count::Half(rounding(r)),
            // Handled by the phrase, which turns them into filters or a computed count.
            ast::Quantity::Bottom(_) | ast::Quantity::AllButTop(_) | ast::Quantity::Computed(_) => {
                Count::All
            }
        }
    }

    fn filter(&mut self, f: &ast::Filter, span: Span) -> Option<CardFilter> {
        Some(match f {
            ast::Filter::WithIcon(icons) => {
                let icons: Vec<Icon> = icons
                    .iter()
                    .filter_map(|i| self.card.icon_name(i))
                    .collect();
                CardFilter::HasIcon(icons)
            }
            ast::Filter::WithoutIcon(icon) => CardFilter::LacksIcon(self.card.icon_name(icon)?),
            ast::Filter::WithDemand => CardFilter::HasDemand,
            ast::Filter::SameValue => CardFilter::SameValue,
            ast::Filter::WithChosenIcon => {
                match self.latest(|p| p.choice == Some(ChoiceKind::Icon)) {
                    Some(stmt) => CardFilter::HasChosenIcon(stmt),
                    None => {
                        self.unbound(span, "the chosen icon", "choice of an icon");
                        return None;
                    }
                }
            }
            ast::Filter::Value(spec) => CardFilter::Value(self.value_spec(spec)),
            ast::Filter::SameColorAs(card) => {
                let sel = self.card_ref(card);
                CardFilter::Color(ColorSel {
                    alternatives: vec![ColorTerm::Of(Box::new(sel))],
                })
            }
            ast::Filter::SameValueAs(card) => {
                let sel = self.card_ref(card);
                CardFilter::Value(ValueTest::OneOf(vec![Value::ValueOf(Box::new(sel))]))
            }
            ast::Filter::ItsColor => CardFilter::Color(ColorSel {
                alternatives: vec![ColorTerm::Candidate],
            }),
            ast::Filter::Color(c) => CardFilter::Color(self.color_expr(c)),
            ast::Filter::ColorOnBoard { negated, whose } => CardFilter::ColorOnBoard {
                owner: self.owner(whose),
                negated: *negated,
            },
            ast::Filter::OtherThan(card) => CardFilter::OtherThan(Box::new(self.card_ref(card))),
            ast::Filter::HigherThan(card) => CardFilter::HigherThan(Box::new(self.card_ref(card))),
            ast::Filter::LowerThan(card) => CardFilter::LowerThan(Box::new(self.card_ref(card))),
            ast::Filter::MyChoice
            | ast::Filter::Beneath(_)
            | ast::Filter::ValueOfMyChoice
            | ast::Filter::IconOfMyChoice(_) => {
                // Handled by the phrase itself.
                let _ = span;
                return None;
            }
        })
    }

    fn value_spec(&mut self, spec: &ast::ValueSpec) -> ValueTest {
        let first = self.age_value(&spec.first);
        match spec.rest.as_slice() {
            [] => ValueTest::OneOf(vec![first]),
            [only] if only.node == ast::ValueAlternative::OrHigher => ValueTest::AtLeast(first),
            [only] if only.node == ast::ValueAlternative::OrLower => ValueTest::AtMost(first),
            rest => {
                let mut values = vec![first];
                for alt in rest {
                    match &alt.node {
                        ast::ValueAlternative::Or(e) => values.push(self.age_value(e)),
                        _ => self.error(Error::MixedValueSpec {
                            at: self.at(spec.span),
                        }),
                    }
                }
                ValueTest::OneOf(values)
            }
        }
    }

    /// A named card or cards: all of them, chosen by nobody.
    fn card_ref(&mut self, r: &ast::CardRef) -> CardSel {
        let all = |source| CardSel {
            source,
            filters: Vec::new(),
            pick: Pick::all(),
            chooser: Chooser::Executor,
        };
        match &r.kind {
            ast::CardRefKind::Title(title) => {
                let source = match self.card.card_title(title, r.span) {
                    Some(id) => CardSource::Card(id),
                    None => CardSource::ThisCard,
                };
                all(source)
            }
            ast::CardRefKind::ThisCard => all(CardSource::ThisCard),
            ast::CardRefKind::It | ast::CardRefKind::Them => {
                let word = if r.kind == ast::CardRefKind::It {
                    "it"
                } else {
                    "them"
                };
                match self.latest(|p| p.cards && !p.nested) {
                    Some(stmt) => all(CardSource::Bound(Binding { stmt, nth: None })),
                    None => {
                        self.unbound(r.span, word, "statement that moved or showed cards");
                        all(CardSource::ThisCard)
                    }
                }
            }
            ast::CardRefKind::Ordinal(ordinal, participle) => {
                let nth = match ordinal {
                    ast::Ordinal::First => Nth::Index(0),
                    ast::Ordinal::Second => Nth::Index(1),
                    ast::Ordinal::Third => Nth::Index(2),
                    ast::Ordinal::Last => Nth::Last,
                };
                match self.bound(*participle, r.span) {
                    Some(stmt) => all(CardSource::Bound(Binding {
                        stmt,
                        nth: Some(nth),
                    })),
                    None => all(CardSource::ThisCard),
                }
            }
            ast::CardRefKind::Bound(participle) => match self.bound(*participle, r.span) {
                Some(stmt) => all(CardSource::Bound(Binding { stmt, nth: None })),
                None => all(CardSource::ThisCard),
            },
            ast::CardRefKind::Np(np) => self.card_np(np, true),
            ast::CardRefKind::Name(word) => {
                match self.card.names.kind_of(word) {
                    Some(NameKind::Card) => {
                        // A title written without quotes.
                        self.error(Error::UnknownName {
                            at: self.at(r.span),
                            name: word.clone(),
                            kind: NameKind::Card,
                            suggestion: Some(word.clone()),
                        });
                    }
                    Some(found) => self.error(Error::WrongKind {
                        at: self.at(r.span),
                        name: word.clone(),
                        expected: NameKind::Card,
                        found,
                    }),
                    None => {
                        let suggestion = suggest::closest(
                            word,
                            self.card.names.cards.keys().map(String::as_str),
                        )
                        .or_else(|| {
                            suggest::closest(word, crate::diagnostics::PARTICIPLES.iter().copied())
                        })
                        .map(String::from);
                        self.error(Error::UnknownName {
                            at: self.at(r.span),
                            name: word.clone(),
                            kind: NameKind::Card,
                            suggestion,
                        });
                    }
                }
                all(CardSource::ThisCard)
            }
        }
    }

    /// The latest statement whose cards a participle names.
    fn bound(&mut self, participle: ast::Participle, span: Span) -> Option<StmtId> {
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

    fn set_ref(&mut self, s: &ast::SetRef) -> CardSel {
        let all = |source| CardSel {
            source,
            filters: Vec::new(),
            pick: Pick::all(),
            chooser: Chooser::Executor,
        };
        match s {
            ast::SetRef::History(h) => {
                let verb = self.history_verb(h.verb.node, h.verb.span);
                let by = h.by.as_ref().map(|p| self.player(p));
                all(CardSource::History(History {
                    verb,
                    by,
                    due_to: h.due_to.as_ref().map(|d| due_to(d.node)),
                    scope: h
                        .scope
                        .as_ref()
                        .map_or(HistoryScope::Action, |s| scope(s.node)),
                }))
            }
            ast::SetRef::Zone(z) => {
                let source = self.zone_source(z, BoardPosition::All);
                all(source)
            }
            ast::SetRef::Supply(z) => {
                let supply = self.supply(z);
                all(CardSource::Supply(supply))
            }
            ast::SetRef::Cards(r) => match &r.kind {
                // A phrase counted or tested takes every matching card.
                ast::CardRefKind::Np(np) => {
                    let mut sel = self.card_np(np, true);
                    if np.quantity.is_none() {
                        sel.pick.count = Count::All;
                    }
                    sel
                }
                _ => self.card_ref(r),
            },
        }
    }

    fn history_verb(&mut self, p: ast::Participle, span: Span) -> Verb {
        match p {
            ast::Participle::Drawn => Verb::Draw,
            ast::Participle::Exchanged => Verb::Exchange,
            ast::Participle::Transferred => Verb::Transfer,
            ast::Participle::Chosen => {
                self.error(Error::NotAMovement {
                    at: self.at(span),
                    word: "chosen".to_string(),
                });
                Verb::Transfer
            }
            other => verb(verb_of_participle(other)),
        }
    }

    // -----------------------------------------------------------------------------------------
    // Players

    fn demander(&mut self, span: Span, word: &str) -> Player {
        if !self.demand {
            self.error(Error::DemanderOutsideDemand {
                at: self.at(span),
                word: word.to_string(),
            });
        }
        Player::Demander
    }

    fn their(&mut self, span: Span) -> Player {
        if self.player_scopes == 0 {
            self.error(Error::TheirOutsideLoop { at: self.at(span) });
        }
        Player::Each
    }

    fn that_player(&mut self, span: Span) -> Player {
        match self.latest(|p| p.player) {
            Some(stmt) => Player::ChosenBy(stmt),
            None => {
                self.unbound(span, "that player", "choice of a player");
                Player::Executor
            }
        }
    }

    fn owner(&mut self, whose: &ast::Spanned<ast::Possessive>) -> Owner {
        use ast::Possessive as P;
        match whose.node {
            P::Your => Owner::One(Player::Executor),
            P::My => Owner::One(self.demander(whose.span, "my")),
            P::Their => Owner::One(self.their(whose.span)),
            P::ThatPlayers => Owner::One(self.that_player(whose.span)),
            P::AnotherPlayers => Owner::One(Player::Choose {
                set: PlayerSet::Others,
                condition: None,
            }),
            P::AnOpponents => Owner::One(Player::Choose {
                set: PlayerSet::Opponents,
                condition: None,
            }),
            P::AnyOpponents | P::AllOpponents => Owner::Union(PlayerSet::Opponents),
            P::AnyOtherPlayers | P::AllOtherPlayers => Owner::Union(PlayerSet::Others),
            P::AnyPlayers | P::AllPlayers => Owner::Union(PlayerSet::All),
        }
    }

    /// A possessive that must name one player (a destination, a board to count on).
    fn single_owner(&mut self, whose: &ast::Spanned<ast::Possessive>) -> Player {
        match self.owner(whose) {
            Owner::One(p) => p,
            Owner::Union(_) => {
                self.error(Error::SeveralOwners {
                    at: self.at(whose.span),
                    whose: whose.node.words().to_string(),
                });
                Player::Executor
            }
        }
    }

    fn player(&mut self, p: &ast::PlayerRef) -> Player {
        match &p.kind {
            ast::PlayerRefKind::You => Player::Executor,
            ast::PlayerRefKind::I { me } => self.demander(p.span, if *me { "me" } else { "I" }),
            ast::PlayerRefKind::ThatPlayer => self.that_player(p.span),
            ast::PlayerRefKind::Choose { kind, with, .. } => {
                let set = match kind {
                    ast::PlayerKind::Opponent => PlayerSet::Opponents,
                    ast::PlayerKind::OtherPlayer => PlayerSet::Others,
                    ast::PlayerKind::Player => PlayerSet::All,
                };
                let condition = with.as_ref().map(|m| Box::new(self.player_measure(m)));
                Player::Choose { set, condition }
            }
        }
    }

    // -----------------------------------------------------------------------------------------
    // Colours

    fn color_expr(&mut self, c: &ast::ColorExpr) -> ColorSel {
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

    fn color_filter(&mut self, f: &ast::Spanned<ast::ColorFilter>) -> Option<ir::ColorFilter> {
        Some(match &f.node {
            ast::ColorFilter::Splayed(dirs) => {
                ir::ColorFilter::Splayed(dirs.iter().map(|d| self.direction(d)).collect())
            }
            ast::ColorFilter::With(icon) => ir::ColorFilter::WithIcon(self.card.icon_name(icon)?),
            ast::ColorFilter::NotOn(whose) => ir::ColorFilter::NotOn(self.owner(whose)),
            ast::ColorFilter::On(whose) => ir::ColorFilter::On(self.owner(whose)),
        })
    }

    // -----------------------------------------------------------------------------------------
    // Values

    fn value(&mut self, e: &ast::Expr) -> Value {
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
            ast::ExprKind::Chosen => match self.latest(|p| p.choice == Some(ChoiceKind::Value)) {
                Some(stmt) => Value::ChosenBy(stmt),
                None => {
                    self.unbound(e.span, "chosen", "choice of a value");
                    Value::Const(0)
                }
            },
            ast::ExprKind::Total(set) => Value::Total(Box::new(self.set_ref(set))),
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
                        Some(found) => self.error(Error::WrongKind {
                            at: self.at(e.span),
                            name: name.clone(),
                            expected: NameKind::Parameter,
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

    fn countable(&mut self, c: &ast::Countable) -> Countable {
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
            ast::Countable::Cards(s) => Countable::Cards(self.set_ref(s)),
        }
    }

    // -----------------------------------------------------------------------------------------
    // Conditions

    fn cond(&mut self, c: &ast::Cond, prev: Option<StmtId>) -> Cond {
        use ast::CondKind as C;
        match &c.kind {
            C::Or(parts) => Cond::Or(parts.iter().map(|p| self.cond(p, prev)).collect()),
            C::And(parts) => Cond::And(parts.iter().map(|p| self.cond(p, prev)).collect()),
            C::Not(inner) => Cond::Not(Box::new(self.cond(inner, prev))),
            C::Paren(inner) => self.cond(inner, prev),
            C::Did(done) => match prev {
                Some(stmt) => Cond::Did { stmt, done: *done },
                None => {
                    self.error(Error::NothingToDo {
                        at: self.at(c.span),
                    });
                    Cond::And(Vec::new())
                }
            },
            C::Verbed { verb, amount } => match self.bound(verb.node, verb.span) {
                Some(stmt) => Cond::Moved {
                    stmt,
                    test: amount_test(amount.node),
                },
                None => Cond::And(Vec::new()),
            },
            C::OnlyPlayer(m) => {
                self.player_scopes += 1;
                let test = self.player_measure(m);
                self.player_scopes -= 1;
                Cond::OnlyPlayer(test)
            }
            // The single player with the most X: more X than each other player (the fourth
            // edition's rulebook, "Card Effect": no single player on a tie).
            C::SinglePlayer { most, measure } => Cond::Has {
                player: Player::Executor,
                test: MeasureTest::VersusEach {
                    measure: self.measure(measure),
                    op: if *most {
                        Comparison::Gt
                    } else {
                        Comparison::Lt
                    },
                    set: PlayerSet::Others,
                    factor: 1,
                },
            },
            C::Has { player, measure } => {
                let player = self.player(player);
                let test = self.player_measure(measure);
                Cond::Has { player, test }
            }
            C::PlayersHave {
                quantifier,
                players,
                measure,
            } => {
                self.player_scopes += 1;
                let test = self.player_measure(measure);
                self.player_scopes -= 1;
                Cond::Players {
                    quantifier: self::quantifier(quantifier.node),
                    set: player_set(players.node),
                    test,
                }
            }
            C::CardsAre {
                quantifier,
                set,
                pred,
            } => {
                let cards = self.set_ref(set);
                let filters = pred.as_ref().map(|p| self.card_pred(p)).unwrap_or_default();
                Cond::Cards {
                    quantifier: self::quantifier(quantifier.node),
                    cards,
                    filters,
                }
            }
            C::Splayed {
                whose,
                color,
                direction,
            } => {
                let player = self.single_owner(whose);
                let color = self.color_atom(color.node.clone(), color.span);
                let direction = self.direction(direction);
                Cond::Splayed {
                    player,
                    color,
                    direction,
                }
            }
            C::Card { card, pred } => {
                let cards = self.card_ref(card);
                let filters = self.card_pred(pred);
                Cond::Cards {
                    quantifier: Quantifier::Any,
                    cards,
                    filters,
                }
            }
            C::Compare { lhs, op, rhs } => Cond::Compare {
                lhs: self.value(lhs),
                op: comparison(op.node),
                rhs: self.value(rhs),
            },
        }
    }

    fn card_pred(&mut self, p: &ast::CardPred) -> Vec<CardFilter> {
        match &p.kind {
            ast::CardPredKind::HasIcon(icons) => {
                let icons = icons
                    .iter()
                    .filter_map(|i| self.card.icon_name(i))
                    .collect();
                vec![CardFilter::HasIcon(icons)]
            }
            ast::CardPredKind::Value(spec) => vec![CardFilter::Value(self.value_spec(spec))],
            ast::CardPredKind::DirectlyBeneath { value, filters } => {
                let mut above = Vec::new();
                if let Some(v) = value {
                    above.push(CardFilter::Value(ValueTest::OneOf(vec![self.age_value(v)])));
                }
                for f in filters {
                    if let Some(filter) = self.filter(&f.node, f.span) {
                        above.push(filter);
                    }
                }
                vec![CardFilter::DirectlyBeneath(above)]
            }
            ast::CardPredKind::Is(card) => vec![CardFilter::IsCard(Box::new(self.card_ref(card)))],
            ast::CardPredKind::IsTop => vec![CardFilter::IsTop],
            ast::CardPredKind::ColorOnBoard { negated, whose } => vec![CardFilter::ColorOnBoard {
                owner: self.owner(whose),
                negated: *negated,
            }],
            ast::CardPredKind::Color(c) => vec![CardFilter::Color(self.color_expr(c))],
        }
    }

    fn player_measure(&mut self, m: &ast::PlayerMeasure) -> MeasureTest {
        match &m.kind {
            ast::PlayerMeasureKind::Amount { amount, measure } => MeasureTest::Amount {
                measure: self.measure(measure),
                test: amount_test(amount.node),
            },
            ast::PlayerMeasureKind::Compare {
                more,
                measure,
                than,
            } => {
                let op = if *more {
                    Comparison::Gt
                } else {
                    Comparison::Lt
                };
                let measure = self.measure(measure);
                self.versus(measure, op, than, 1)
            }
            ast::PlayerMeasureKind::AsMany {
                twice,
                measure,
                than,
            } => {
                let measure = self.measure(measure);
                self.versus(measure, Comparison::Ge, than, if *twice { 2 } else { 1 })
            }
        }
    }

    /// A measure compared with `factor` times the same measure of other players, or another
    /// measure.
    fn versus(
        &mut self,
        measure: Measure,
        op: Comparison,
        than: &ast::Than,
        factor: u8,
    ) -> MeasureTest {
        match than {
            ast::Than::Each(set) => MeasureTest::VersusEach {
                measure,
                op,
                set: player_set(set.node),
                factor,
            },
            ast::Than::Player(p) => MeasureTest::VersusPlayer {
                measure,
                op,
                other: self.player(p),
                factor,
            },
            ast::Than::Measure(other) => MeasureTest::VersusMeasure {
                measure,
                op,
                other: self.measure(other),
                factor,
            },
        }
    }

    fn measure(&mut self, m: &ast::Spanned<ast::Measure>) -> Measure {
        match &m.node {
            ast::Measure::Points => Measure::Points,
            ast::Measure::Achievements => Measure::Achievements,
            ast::Measure::TopCards => Measure::TopCards,
            ast::Measure::CardsIn(ast::ZoneKind::Hand) => Measure::CardsInHand,
            ast::Measure::CardsIn(_) => Measure::CardsInScorePile,
            ast::Measure::History {
                verb,
                due_to: d,
                scope: s,
            } => Measure::Moved {
                verb: self.history_verb(*verb, m.span),
                due_to: d.map(due_to),
                scope: s.map_or(HistoryScope::Action, scope),
            },
            ast::Measure::Colors(filters) => Measure::Colors(
                filters
                    .iter()
                    .filter_map(|f| self.color_filter(f))
                    .collect(),
            ),
            ast::Measure::ColorCards(color) => {
                Measure::ColorCards(self.card.color_name(color).unwrap_or(Color::Blue))
            }
            ast::Measure::Icon(icon) => {
                Measure::Icons(self.card.icon_name(icon).unwrap_or(Icon::Crown))
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Word mappings

fn verb(v: ast::Verb) -> Verb {
    match v {
        ast::Verb::Meld => Verb::Meld,
        ast::Verb::Tuck => Verb::Tuck,
        ast::Verb::Score => Verb::Score,
        ast::Verb::Return => Verb::Return,
        ast::Verb::Reveal => Verb::Reveal,
        ast::Verb::Junk => Verb::Junk,
        ast::Verb::Remove => Verb::Remove,
        ast::Verb::Achieve => Verb::Achieve,
        ast::Verb::Foreshadow => Verb::Foreshadow,
    }
}

fn verb_of_participle(p: ast::Participle) -> ast::Verb {
    match p {
        ast::Participle::Melded => ast::Verb::Meld,
        ast::Participle::Scored => ast::Verb::Score,
        ast::Participle::Tucked => ast::Verb::Tuck,
        ast::Participle::Returned => ast::Verb::Return,
        ast::Participle::Revealed => ast::Verb::Reveal,
        ast::Participle::Junked => ast::Verb::Junk,
        ast::Participle::Achieved => ast::Verb::Achieve,
        ast::Participle::Foreshadowed => ast::Verb::Foreshadow,
        ast::Participle::Removed => ast::Verb::Remove,
        // Drawn, transferred, exchanged and chosen are mapped by the caller.
        _ => ast::Verb::Return,
    }
}

fn destination_zone(kind: ast::ZoneKind) -> DestinationZone {
    match kind {
        ast::ZoneKind::Hand => DestinationZone::Hand,
        ast::ZoneKind::ScorePile => DestinationZone::ScorePile,
        ast::ZoneKind::Board => DestinationZone::Board,
        ast::ZoneKind::Achievements => DestinationZone::Achievements,
    }
}

fn player_set(set: ast::PlayerSet) -> PlayerSet {
    match set {
        ast::PlayerSet::OtherPlayer => PlayerSet::Others,
        ast::PlayerSet::Opponent => PlayerSet::Opponents,
        ast::PlayerSet::Player => PlayerSet::All,
    }
}

fn rounding(r: ast::Rounding) -> Rounding {
    match r {
        ast::Rounding::Up => Rounding::Up,
        ast::Rounding::Down => Rounding::Down,
    }
}

fn due_to(d: ast::DueTo) -> DueTo {
    match d {
        ast::DueTo::TheDemand => DueTo::Demand,
        ast::DueTo::ThisCard => DueTo::ThisCard,
    }
}

fn scope(s: ast::Scope) -> HistoryScope {
    match s {
        ast::Scope::Turn => HistoryScope::Turn,
        ast::Scope::Action => HistoryScope::Action,
    }
}

fn quantifier(q: ast::Quantifier) -> Quantifier {
    match q {
        ast::Quantifier::Any => Quantifier::Any,
        ast::Quantifier::Each => Quantifier::Each,
        ast::Quantifier::No => Quantifier::No,
    }
}

fn comparison(c: ast::Comparison) -> Comparison {
    match c {
        ast::Comparison::Ge => Comparison::Ge,
        ast::Comparison::Le => Comparison::Le,
        ast::Comparison::Ne => Comparison::Ne,
        ast::Comparison::Gt => Comparison::Gt,
        ast::Comparison::Lt => Comparison::Lt,
        ast::Comparison::Eq => Comparison::Eq,
    }
}

fn amount_test(a: ast::Amount) -> AmountTest {
    let (op, n) = match a {
        ast::Amount::Any => (Comparison::Ge, 1),
        ast::Amount::AtLeast(n) => (Comparison::Ge, n),
        ast::Amount::AtMost(n) => (Comparison::Le, n),
        ast::Amount::MoreThan(n) => (Comparison::Gt, n),
        ast::Amount::FewerThan(n) => (Comparison::Lt, n),
        ast::Amount::Exactly(n) | ast::Amount::Count(n) => (Comparison::Eq, n),
        ast::Amount::No => (Comparison::Eq, 0),
    };
    AmountTest { op, n }
}
