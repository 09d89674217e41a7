//! Checks and lowering: parsed card files → the checked IR, with every error of the run.
//!
//! One pass per card: its facts (age, colour, icon slots, featured icon), then its effects,
//! resolving names (titles, achievements, colours, icons) and the words that refer back
//! (`it`, `returned`, `that player`, `you do`) to statement ids. Errors never stop the pass: the
//! caller gets a program (possibly partial) and every error found.
//!
//! This module holds the entry point (`check`), its options and result, and the state checking a
//! card shares (`CardCx`). The checks live in one module per concern:
//! - `names`: card titles, special achievements, colours and icons, with "did you mean";
//! - `facts`: a card's age, colour, icon slots and featured icon;
//! - `effects`: one effect's state, its parameters and the words that refer back;
//! - `statements`: each statement of an effect;
//! - `selections`: card phrases, quantities, filters, zones and history;
//! - `players`: `you`, `I`, `their`, `that player` and possessives;
//! - `values`: numbers and colour selections;
//! - `conditions`: conditions, card predicates and measures;
//! - `words`: the card language's words mapped to their IR counterparts.

mod conditions;
mod effects;
mod facts;
mod names;
mod players;
mod selections;
mod statements;
mod values;
mod words;

pub use facts::featured_icon;

use crate::diagnostics::{At, Error, Warning};
use crate::ir::*;
use dogma_dsl::ast::{self, Span};
use dogma_runtime::bytecode::Rules;
use names::Names;
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
    /// How the edition's cards read (for the words of either/or alternatives, which players
    /// are shown when they pick one).
    pub wording: dogma_dsl::render::Wording,
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
            wording: Default::default(),
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
    /// What is accepted but probably not meant: a card's rendered text drifting from its
    /// intended text, words that mean nothing where they stand.
    pub warnings: Vec<Warning>,
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
    let mut warnings = Vec::new();
    let mut parsed = Vec::new();
    for (index, source) in files.iter().enumerate() {
        let file = FileId(index as u16);
        match dogma_dsl::parse_recovering(&source.text) {
            Ok(ast) => parsed.push(Some(ast)),
            Err(found) => {
                errors.extend(found.into_iter().map(|e| syntax_error(file, e)));
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
                    if a.decree.is_some() {
                        names.decrees.insert(a.title.node.clone());
                    }
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
            warnings: &mut warnings,
            claims: Vec::new(),
            has_echo: card
                .effects
                .iter()
                .any(|e| e.kind.node == ast::EffectKind::Echo),
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
            warnings: &mut warnings,
            claims: Vec::new(),
            has_echo: false,
        };
        let def = cx.achievement(AchievementId(index as u16), set.clone(), a);
        program.achievements.push(def);
    }

    check_claims(&program, &names, &claims, &parsed, &mut errors);

    Checked {
        program,
        errors,
        warnings,
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

fn syntax_error(file: FileId, e: dogma_dsl::SyntaxError) -> Error {
    if e.too_deep {
        return Error::TooDeep {
            at: At { file, span: e.span },
            limit: dogma_dsl::NESTING_LIMIT,
        };
    }
    if let Some(unclosed) = e.unclosed {
        // Blamed where the layout says its `}` belonged, or at the end of the text.
        let at = unclosed.before.map_or(e.span, |line| Span::new(line, line));
        return Error::UnclosedBrace {
            at: At { file, span: at },
            open: At {
                file,
                span: Span::new(unclosed.open, unclosed.open + 1),
            },
            at_end: unclosed.before.is_none(),
        };
    }
    let at = At { file, span: e.span };
    Error::Syntax {
        at,
        found: e.found,
        expected: e.expected,
        suggestion: e.suggestion,
    }
}

/// Checking one card (or achievement).
struct CardCx<'a> {
    names: &'a Names,
    file: FileId,
    options: &'a Options,
    errors: &'a mut Vec<Error>,
    warnings: &'a mut Vec<Warning>,
    /// The achievements the card's effects claim, with where.
    claims: Vec<(AchievementId, At)>,
    /// The card has an echo effect (for `due to this card's echo effect`).
    has_echo: bool,
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
}
