//! Card facts: age, colour, the icon slots (four with one hexagon, or six), the featured icon
//! each effect shows.

use super::CardCx;
use crate::diagnostics::{Error, Warning};
use crate::ir::*;
use dogma_dsl::ast::{self, Span};
use dogma_dsl::suggest;
use dogma_runtime::{Color, Icon, Slot, SlotPosition};
use std::collections::BTreeMap;

impl CardCx<'_> {
    pub(super) fn card(&mut self, id: CardId, set: String, card: &ast::Card) -> CardDef {
        let mut age: Option<(u8, Span)> = None;
        let mut color: Option<(Color, Span)> = None;
        let mut slots: Option<(Vec<(SlotPosition, Slot)>, Span)> = None;
        let mut relic_of: Option<String> = None;
        let mut board_value: Option<u8> = None;
        let mut seen: BTreeMap<&'static str, Span> = BTreeMap::new();
        for fact in &card.facts {
            let name = match &fact.node {
                ast::Fact::Age(_) => "age",
                ast::Fact::Color(_) => "color",
                ast::Fact::Icons(_) => "icons",
                ast::Fact::Approximate(_) => "approximate",
                ast::Fact::Relic(_) => "relic",
                ast::Fact::BoardValue(_) => "value on a board",
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
                ast::Fact::Approximate(_) => {}
                ast::Fact::Relic(set) => relic_of = Some(set.node.clone()),
                // A value of a card is a small number (an age, or one beyond: Battleship
                // Yamato's 11 face up).
                ast::Fact::BoardValue(v) => match u8::try_from(v.node) {
                    Ok(value) if (1..=20).contains(&value) => board_value = Some(value),
                    _ => self.errors.push(Error::ValueOutOfRange {
                        at: self.at(v.span),
                        value: v.node,
                        min: 1,
                        max: 20,
                        what: "value on a board",
                    }),
                },
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
        // Echoes: each echo effect is printed in an echo slot; Figures: each inspire effect in
        // an inspire slot.
        if let Some((list, span)) = &slots {
            for (slot, kind, word) in [
                (Slot::Echo, ast::EffectKind::Echo, "echo"),
                (Slot::Inspire, ast::EffectKind::Inspire, "inspire"),
            ] {
                let in_slots = list.iter().filter(|(_, s)| *s == slot).count();
                let effects = card.effects.iter().filter(|e| e.kind.node == kind).count();
                if in_slots != effects {
                    self.errors.push(Error::EchoMismatch {
                        at: self.at(*span),
                        word,
                        slots: in_slots,
                        effects,
                    });
                }
            }
        }
        let dogma_icon = featured_icon(&slot_list);
        let mut effects = Vec::new();
        let mut karmas = Vec::new();
        for effect in &card.effects {
            if effect.kind.node == ast::EffectKind::Karma {
                karmas.extend(self.karma(&card.title.node, effect));
                continue;
            }
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
                    // An echo or inspire effect prints no featured icon.
                    None if matches!(
                        effect.kind.node,
                        ast::EffectKind::Echo | ast::EffectKind::Inspire
                    ) => {}
                    None => self.errors.push(Error::MissingFeaturedIcon {
                        at: self.at(effect.kind.span),
                        most: most.word().to_string(),
                    }),
                }
            } else if let Some(written) = &effect.icon {
                self.icon_name(written);
            }
            effects.push(self.effect(&card.title.node, effect));
            if card.approximate().is_none() {
                self.drift(&card.title.node, effect);
            }
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
            relic_of,
            board_value,
            karmas,
            span: self.src(card.span),
        }
    }

    /// A karma effect (Figures in the Sand): its head checked, its body (if it acts) lowered as
    /// an effect of its owner's.
    fn karma(&mut self, title: &str, effect: &ast::Effect) -> Option<KarmaDef> {
        use dogma_runtime::bytecode::{
            icon_bit, KarmaCount, KarmaGift, KARMA_FORECAST, KARMA_HAND, KARMA_SCORE,
        };
        use dogma_runtime::SplayDirection;
        let karma = effect.karma.as_ref()?;
        let kind = match &karma.node {
            ast::Karma::Decree(t) => {
                let id = self.achievement_title(t)?;
                if !self.names.decrees.contains(&t.node) {
                    self.errors.push(Error::NotADecree {
                        at: self.at(t.span),
                        name: t.node.clone(),
                    });
                    return None;
                }
                KarmaKind::Decree(id)
            }
            ast::Karma::WhenMelded { from_hand } => KarmaKind::WhenMelded {
                effect: self.effect(title, effect),
                from_hand: *from_hand,
            },
            ast::Karma::NoFade => KarmaKind::NoFade,
            ast::Karma::Would {
                who,
                event,
                condition,
                mode,
            } => {
                use dogma_runtime::bytecode::{KarmaWho, WouldEvent};
                let (would, participles) = match &event.node {
                    ast::KarmaEvent::Dogma { .. } => (WouldEvent::Dogma, Vec::new()),
                    ast::KarmaEvent::Splay { direction } => (
                        WouldEvent::Splay(match direction.node {
                            ast::Direction::Left => SplayDirection::Left,
                            ast::Direction::Right => SplayDirection::Right,
                            ast::Direction::Up => SplayDirection::Up,
                            ast::Direction::Aslant => SplayDirection::Aslant,
                        }),
                        Vec::new(),
                    ),
                    ast::KarmaEvent::Move { verb, or, .. } => {
                        let runtime_verb = |verb: ast::LastingVerb| match verb {
                            ast::LastingVerb::Draw => dogma_runtime::terms::Verb::Draw,
                            ast::LastingVerb::Move(v) => super::words::verb(v),
                        };
                        let would = match or {
                            Some(or) => {
                                WouldEvent::Either(runtime_verb(verb.node), runtime_verb(or.node))
                            }
                            None => WouldEvent::Move(runtime_verb(verb.node)),
                        };
                        let mut participles = vec![verb.node.participle()];
                        participles.extend(or.as_ref().map(|or| or.node.participle()));
                        (would, participles)
                    }
                    ast::KarmaEvent::SharingDraw { .. } => (
                        WouldEvent::SharingDraw,
                        vec![ast::LastingVerb::Draw.participle()],
                    ),
                };
                let (filters, condition, body) = self.would_effect(
                    title,
                    effect,
                    event.node.card(),
                    condition.as_ref(),
                    participles,
                );
                KarmaKind::Would(Box::new(crate::ir::WouldKarma {
                    who: match who.node {
                        ast::KarmaWho::You => KarmaWho::You,
                        ast::KarmaWho::Opponent => KarmaWho::Opponent,
                        ast::KarmaWho::Player => KarmaWho::Player,
                    },
                    event: would,
                    first: mode.node == ast::KarmaMode::First,
                    filters,
                    condition,
                    effect: body,
                }))
            }
            ast::Karma::Provides { per, amount, gift } => {
                let per = match &per.node {
                    ast::KarmaUnit::OnBoard(name) if name.node == "hex" => KarmaCount::Hexagons,
                    ast::KarmaUnit::OnBoard(name) => KarmaCount::Icon(self.icon_name(name)?),
                    ast::KarmaUnit::CardsIn(zones) => {
                        let mut mask = 0;
                        for zone in zones {
                            mask |= match zone {
                                ast::ZoneKind::Hand => KARMA_HAND,
                                ast::ZoneKind::ScorePile => KARMA_SCORE,
                                ast::ZoneKind::Forecast => KARMA_FORECAST,
                                ast::ZoneKind::Board | ast::ZoneKind::Achievements => {
                                    self.errors.push(Error::ValueOutOfRange {
                                        at: self.at(per.span),
                                        value: 0,
                                        min: 0,
                                        max: 0,
                                        what: "karma zone (hand, score pile or forecast)",
                                    });
                                    return None;
                                }
                            };
                        }
                        KarmaCount::CardsIn(mask)
                    }
                    ast::KarmaUnit::SplayedColor => KarmaCount::SplayedColors,
                    ast::KarmaUnit::IconInSplayed(d) => KarmaCount::IconsInSplayed(match d {
                        ast::Direction::Left => SplayDirection::Left,
                        ast::Direction::Right => SplayDirection::Right,
                        ast::Direction::Up => SplayDirection::Up,
                        ast::Direction::Aslant => SplayDirection::Aslant,
                    }),
                };
                if !(1..=12).contains(&amount.node) {
                    self.errors.push(Error::ValueOutOfRange {
                        at: self.at(amount.span),
                        value: amount.node,
                        min: 1,
                        max: 12,
                        what: "karma amount",
                    });
                    return None;
                }
                let gift = match &gift.node {
                    ast::KarmaGift::Points => KarmaGift::Points,
                    ast::KarmaGift::Icons(names) => {
                        let mut mask = 0;
                        for name in names {
                            mask |= icon_bit(self.icon_name(name)?);
                        }
                        KarmaGift::Icons(mask)
                    }
                    ast::KarmaGift::EveryIconOnBoard => KarmaGift::EveryIconOnBoard,
                    ast::KarmaGift::SameIcon => KarmaGift::SameIcon,
                    ast::KarmaGift::PointsPerIcon(name) => {
                        KarmaGift::PointsPerIcon(self.icon_name(name)?)
                    }
                };
                KarmaKind::Provides {
                    per,
                    amount: amount.node as u8,
                    gift,
                }
            }
        };
        Some(KarmaDef {
            kind,
            span: self.src(effect.span),
        })
    }

    /// An effect's `text` line against the text rendered from its statements: a warning with
    /// both when they differ (spaces aside).
    fn drift(&mut self, title: &str, effect: &ast::Effect) {
        let Some(text) = &effect.text else {
            return;
        };
        let intended = text.node.text();
        let rendered = dogma_dsl::render::render_effect(title, effect, self.options.wording);
        let rendered = rendered.split_whitespace().collect::<Vec<_>>().join(" ");
        if intended != rendered {
            self.warnings.push(Warning::TextDrift {
                at: self.at(text.span),
                effect: self.at(effect.kind.span),
                intended,
                rendered,
            });
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
            let number = slot.number.as_ref().map(|n| n.node);
            let content = match Slot::from_word(word, number.and_then(|n| u8::try_from(n).ok())) {
                // A bonus is worth 1 to 12 (the card facts: `bonus_N`, N = 1–12).
                Some(Slot::Bonus(n)) if !(1..=12).contains(&n) => {
                    self.errors.push(Error::ValueOutOfRange {
                        at: self.at(slot.span),
                        value: u32::from(n),
                        min: 1,
                        max: 12,
                        what: "bonus",
                    });
                    ok = false;
                    continue;
                }
                Some(content) => content,
                None if EXPANSION_SLOTS.contains(&word) && number.is_none() => {
                    self.errors.push(Error::ExpansionSlot {
                        at: self.at(slot.name.span),
                        name: word.to_string(),
                    });
                    ok = false;
                    continue;
                }
                None => {
                    let known = Icon::ALL
                        .iter()
                        .map(|i| i.word())
                        .chain(SLOT_WORDS.iter().copied());
                    let name = match number {
                        Some(n) => format!("{word} {n}"),
                        None => word.to_string(),
                    };
                    self.errors.push(Error::UnknownSlot {
                        at: self.at(slot.span),
                        suggestion: suggest::closest(word, known).map(str::to_string),
                        name,
                    });
                    ok = false;
                    continue;
                }
            };
            if content.is_hexagon() {
                hexes.push(self.at(slot.span));
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
}

/// The slot words besides the icons: the hexagon (`music_note`: a hexagon showing a music note,
/// Echoes), an empty slot, the Cities special icons and bonuses (`bonus 3`).
const SLOT_WORDS: &[&str] = &[
    "hex",
    "music_note",
    "empty",
    "plus",
    "splay_left",
    "splay_right",
    "splay_up",
    "flag",
    "fountain",
    "bonus",
    "echo",
    "inspire",
];

/// The slot words of the expansions that the language does not support yet.
const EXPANSION_SLOTS: &[&str] = &["junk", "uplift", "unsplay"];

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
