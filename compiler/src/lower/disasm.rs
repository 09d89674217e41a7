//! The readable disassembly of a compiled edition: one op per line, with its operands in the
//! game's words (card titles, chunk names, jump targets) and the source location of each
//! statement as `file:line:col`.
//!
//! ```text
//! == chunk 3: Archery, demand 1 (effect, 2 statements) ==
//! 0000  player executor                 ; cards/base/age01.dogma:55:5
//! 0001  int 1
//! 0002  draw 1 stmt=0
//! ```
//!
//! The location is printed when it changes from the op before. Without the source texts it is
//! `file@byte`.

use dogma_runtime::bytecode::{Chunk, NO_CHUNK};
use dogma_runtime::bytecode::{
    ChunkIdx, ChunkKind, CompiledEdition, LastingWhen, MeasureCode, Nth, Op, SourceSpan, Who,
    ZoneSel,
};
use dogma_runtime::terms::{
    ChoiceKind, Chooser, Count, DestinationZone, DueTo, Extreme, HistoryScope, PlayerSet,
    Quantifier, Rounding,
};
use dogma_runtime::{Color, EffectKind, Icon, Slot, SplayDirection};
use std::fmt::Write as _;

/// The whole edition: a header, the cards and special achievements, then every chunk.
/// `texts` are the source texts by file index (empty: locations as `file@byte`).
pub fn disassemble(edition: &CompiledEdition, texts: &[String]) -> String {
    let mut out = String::new();
    let ops: usize = edition.chunks.iter().map(|c| c.ops.len()).sum();
    let _ = writeln!(
        out,
        "; edition {}, bytecode format {}",
        edition.name, edition.format_version
    );
    let _ = writeln!(
        out,
        "; {} cards, {} special achievements, {} chunks, {} ops",
        edition.cards.len(),
        edition.specials.len(),
        edition.chunks.len(),
        ops
    );
    for (i, file) in edition.files.iter().enumerate() {
        let _ = writeln!(out, "; file {i}: {file}");
    }
    out.push('\n');
    for (i, card) in edition.cards.iter().enumerate() {
        let effects: Vec<String> = card
            .effects
            .iter()
            .map(|e| format!("{} -> chunk {}", effect_word(e.kind), e.chunk))
            .collect();
        let _ = writeln!(
            out,
            "card {i}: {} (age {} {}, {}): {}",
            card.title,
            card.age,
            card.color,
            card.set,
            if effects.is_empty() {
                "no effects".to_string()
            } else {
                effects.join(", ")
            }
        );
    }
    for (i, special) in edition.specials.iter().enumerate() {
        let via: Vec<String> = special.via.iter().map(|c| card_name(edition, *c)).collect();
        let mut claims: Vec<String> = special
            .condition
            .iter()
            .map(|c| format!("condition -> chunk {c}"))
            .collect();
        claims.extend(
            special
                .triggers
                .iter()
                .map(|t| format!("on {} -> chunk {}", t.verb.word(), t.test)),
        );
        if claims.is_empty() {
            claims.push("no condition".to_string());
        }
        let _ = writeln!(
            out,
            "special {i}: {}: {}{}",
            special.name,
            claims.join(", "),
            if via.is_empty() {
                String::new()
            } else {
                format!(", via {}", via.join(", "))
            }
        );
    }
    out.push('\n');
    out.push_str(&disassemble_chunks(edition, texts, |_| true));
    out
}

/// The chunks that pass `filter`, in order, each with its header line.
pub fn disassemble_chunks(
    edition: &CompiledEdition,
    texts: &[String],
    filter: impl Fn(&Chunk) -> bool,
) -> String {
    let locator = Locator::new(edition, texts);
    let mut out = String::new();
    for (index, chunk) in edition.chunks.iter().enumerate() {
        if !filter(chunk) {
            continue;
        }
        if !out.is_empty() {
            out.push('\n');
        }
        chunk_text(&mut out, edition, &locator, index, chunk);
    }
    out
}

fn chunk_text(
    out: &mut String,
    edition: &CompiledEdition,
    locator: &Locator,
    index: usize,
    chunk: &Chunk,
) {
    let what = match chunk.kind {
        ChunkKind::Effect => format!(
            "effect, {} statement{}",
            chunk.stmts,
            if chunk.stmts == 1 { "" } else { "s" }
        ),
        ChunkKind::CardTest => "card test".to_string(),
        ChunkKind::PlayerTest => "player test".to_string(),
        ChunkKind::PlayerMeasure => "player measure".to_string(),
        ChunkKind::Condition => "condition".to_string(),
    };
    let _ = writeln!(out, "== chunk {index}: {} ({what}) ==", chunk.name);
    let mut last: Option<SourceSpan> = None;
    for (at, op) in chunk.ops.iter().enumerate() {
        let mut text = op_text(edition, chunk, op);
        if let Op::Int { value } = *op {
            if let Some(colors) = colors_of_mask(value).filter(|_| is_color_mask(&chunk.ops, at)) {
                text = format!("{text} ({colors})");
            }
        }
        let span = chunk.spans.get(at).copied();
        let line = match span {
            Some(span) if last.map(|l| (l.file, l.start)) != Some((span.file, span.start)) => {
                format!("{at:04}  {text:<32} ; {}", locator.locate(span))
            }
            _ => format!("{at:04}  {text}"),
        };
        let _ = writeln!(out, "{}", line.trim_end());
        last = span;
    }
}

/// Source locations as `file:line:col` (or `file@byte` without the text).
struct Locator<'a> {
    names: &'a [String],
    /// For each file with a text, the byte offset where each line starts, and the text.
    lines: Vec<Option<(Vec<usize>, &'a str)>>,
}

impl<'a> Locator<'a> {
    fn new(edition: &'a CompiledEdition, texts: &'a [String]) -> Locator<'a> {
        let lines = (0..edition.files.len())
            .map(|i| {
                texts.get(i).map(|text| {
                    let mut starts = vec![0];
                    starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
                    (starts, text.as_str())
                })
            })
            .collect();
        Locator {
            names: &edition.files,
            lines,
        }
    }

    fn locate(&self, span: SourceSpan) -> String {
        let name = self
            .names
            .get(span.file as usize)
            .map_or("?", String::as_str);
        let at = span.start as usize;
        match self.lines.get(span.file as usize) {
            Some(Some((starts, text))) if at <= text.len() => {
                let line = starts.partition_point(|s| *s <= at);
                let start = starts[line - 1];
                let col = text
                    .get(start..at)
                    .map_or(at - start, |s| s.chars().count())
                    + 1;
                format!("{name}:{line}:{col}")
            }
            _ => format!("{name}@{at}"),
        }
    }
}

fn effect_word(kind: EffectKind) -> &'static str {
    match kind {
        EffectKind::Demand => "demand",
        EffectKind::Compel => "compel",
        EffectKind::NonDemand => "effect",
        EffectKind::Echo => "echo",
        EffectKind::Inspire => "inspire",
    }
}

fn card_name(edition: &CompiledEdition, card: u16) -> String {
    match edition.cards.get(card as usize) {
        Some(c) => format!("card {card} ({})", c.title),
        None => format!("card {card} (?)"),
    }
}

fn chunk_name(edition: &CompiledEdition, chunk: ChunkIdx) -> String {
    if chunk == NO_CHUNK {
        return "none".to_string();
    }
    match edition.chunks.get(chunk as usize) {
        Some(c) => format!("chunk {chunk} ({})", c.name),
        None => format!("chunk {chunk} (?)"),
    }
}

fn special_name(edition: &CompiledEdition, special: u16) -> String {
    match edition.specials.get(special as usize) {
        Some(s) => format!("{special} ({})", s.name),
        None => format!("{special} (?)"),
    }
}

fn list_text(chunk: &Chunk, list: u16) -> String {
    match chunk.lists.get(list as usize) {
        Some(items) => {
            let items: Vec<String> = items.iter().map(u16::to_string).collect();
            format!("[{}]", items.join(", "))
        }
        None => format!("list {list} (?)"),
    }
}

fn who(w: Who) -> &'static str {
    match w {
        Who::Executor => "executor",
        Who::Demander => "demander",
        Who::Each => "each",
    }
}

fn group(g: PlayerSet) -> &'static str {
    match g {
        PlayerSet::All => "all",
        PlayerSet::Others => "others",
        PlayerSet::Opponents => "opponents",
    }
}

fn zone(z: ZoneSel) -> &'static str {
    match z {
        ZoneSel::Hand => "hand",
        ZoneSel::ScorePile => "score_pile",
        ZoneSel::Achievements => "achievements",
        ZoneSel::BoardTop => "board_top",
        ZoneSel::BoardBottom => "board_bottom",
        ZoneSel::BoardAll => "board_all",
        ZoneSel::Forecast => "forecast",
    }
}

fn destination(z: DestinationZone) -> &'static str {
    match z {
        DestinationZone::Hand => "hand",
        DestinationZone::ScorePile => "score_pile",
        DestinationZone::Board => "board",
        DestinationZone::Achievements => "achievements",
        DestinationZone::Forecast => "forecast",
        DestinationZone::Available => "available",
        DestinationZone::DeckTop => "deck_top",
    }
}

fn extreme(e: Extreme) -> &'static str {
    match e {
        Extreme::Highest => "highest",
        Extreme::Lowest => "lowest",
    }
}

fn rounding(r: Rounding) -> &'static str {
    match r {
        Rounding::Up => "up",
        Rounding::Down => "down",
    }
}

fn quantifier(q: Quantifier) -> &'static str {
    match q {
        Quantifier::Any => "any",
        Quantifier::Each => "each",
        Quantifier::No => "no",
    }
}

fn choice(k: ChoiceKind) -> &'static str {
    match k {
        ChoiceKind::Value => "value",
        ChoiceKind::Color => "color",
        ChoiceKind::Player => "player",
        ChoiceKind::Opponent => "opponent",
        ChoiceKind::Number => "number",
        ChoiceKind::Icon => "icon",
        ChoiceKind::Type => "type",
    }
}

fn count(c: Count) -> String {
    match c {
        Count::Exactly(n) => n.to_string(),
        Count::Between(a, b) => format!("{a}..{b}"),
        Count::UpTo(n) => format!("0..{n}"),
        Count::AnyNumber => "any".to_string(),
        Count::All => "all".to_string(),
        Count::AllBut(n) => format!("all-but-{n}"),
        Count::Half(r) => format!("half-{}", rounding(r)),
        Count::Computed => "computed".to_string(),
    }
}

fn by(chooser: Chooser) -> &'static str {
    match chooser {
        Chooser::Executor => "",
        Chooser::Demander => " by=demander",
    }
}

fn due_scope(due_to: Option<DueTo>, scope: HistoryScope) -> String {
    let due = match due_to {
        None => "",
        Some(DueTo::Demand) => " due_to=demand",
        Some(DueTo::ThisCard) => " due_to=this_card",
        Some(DueTo::ThisEcho) => " due_to=this_echo",
    };
    let scope = match scope {
        HistoryScope::Action => "action",
        HistoryScope::Turn => "turn",
    };
    format!("{due} scope={scope}")
}

/// A special-icon mask as words (`flag|splay_left`).
fn specials(mask: u8) -> String {
    let slots = [
        Slot::Plus,
        Slot::Flag,
        Slot::Fountain,
        Slot::Arrow(SplayDirection::Left),
        Slot::Arrow(SplayDirection::Right),
        Slot::Arrow(SplayDirection::Up),
        Slot::Arrow(SplayDirection::Aslant),
    ];
    let names: Vec<String> = slots
        .iter()
        .filter(|s| mask & dogma_runtime::bytecode::special_bit(**s) != 0)
        .map(|s| s.word())
        .collect();
    if names.is_empty() {
        "none".to_string()
    } else {
        names.join("|")
    }
}

fn icons(mask: u8) -> String {
    let names: Vec<&str> = Icon::ALL
        .iter()
        .filter(|i| mask & dogma_runtime::bytecode::icon_bit(**i) != 0)
        .map(|i| i.word())
        .collect();
    if names.is_empty() {
        "none".to_string()
    } else {
        names.join("|")
    }
}

fn directions(mask: u8) -> String {
    let names: Vec<&str> = SplayDirection::ALL
        .iter()
        .filter(|d| mask & dogma_runtime::bytecode::direction_bit(**d) != 0)
        .map(|d| d.word())
        .collect();
    if names.is_empty() {
        "any".to_string()
    } else {
        names.join("|")
    }
}

/// Whether the `Int` at `at` is a colour mask: the ints and `bit_or`s from it lead to an op
/// that takes a colour mask.
fn is_color_mask(ops: &[Op], at: usize) -> bool {
    ops[at..]
        .iter()
        .find(|op| !matches!(op, Op::Int { .. } | Op::BitOr))
        .is_some_and(|op| matches!(op, Op::KeepColors | Op::PickColor { .. }))
}

fn measure(m: MeasureCode) -> String {
    match m {
        MeasureCode::Points => "points".to_string(),
        MeasureCode::Achievements => "achievements".to_string(),
        MeasureCode::TopCards => "top_cards".to_string(),
        MeasureCode::TopOfSet(set) => format!("top_of_set {set}"),
        MeasureCode::CardsInHand => "cards_in_hand".to_string(),
        MeasureCode::CardsInScorePile => "cards_in_score_pile".to_string(),
        MeasureCode::ColorCards(c) => format!("color_cards {c}"),
        MeasureCode::Icons(i) => format!("icons {i}"),
        MeasureCode::HighestBonus => "highest_bonus".to_string(),
        MeasureCode::CardsInForecast => "cards_in_forecast".to_string(),
        MeasureCode::CardsOfValueIn { value, zone } => {
            format!("cards_of_value_in {value} {zone:?}")
        }
        MeasureCode::Bonuses => "bonuses".to_string(),
        MeasureCode::DifferentBonuses => "different_bonuses".to_string(),
        MeasureCode::LastMovedValue(verb) => format!("last_moved_value {verb:?}"),
        MeasureCode::InOneColor(slot) => format!("in_one_color {}", slot.word()),
        MeasureCode::VisibleInOneColor => "visible_in_one_color".to_string(),
        MeasureCode::ColorsWithOneIcon(n) => format!("colors_with_one_icon {n}"),
        MeasureCode::Moved {
            verb,
            due_to,
            scope,
        } => format!("moved {}{}", verb.word(), due_scope(due_to, scope)),
    }
}

fn target(t: u16) -> String {
    format!("-> {t:04}")
}

fn negated(n: bool) -> &'static str {
    if n {
        " negated"
    } else {
        ""
    }
}

fn colors_of_mask(mask: i16) -> Option<String> {
    if mask <= 0 || mask >= 1 << Color::ALL.len() {
        return None;
    }
    let names: Vec<&str> = Color::ALL
        .iter()
        .filter(|c| i32::from(mask) & dogma_runtime::bytecode::color_bit(**c) != 0)
        .map(|c| c.word())
        .collect();
    Some(names.join("|"))
}

/// One op as text.
fn op_text(edition: &CompiledEdition, chunk: &Chunk, op: &Op) -> String {
    match *op {
        Op::Jump { target: t } => format!("jump {}", target(t)),
        Op::JumpIfFalse { target: t } => format!("jump_if_false {}", target(t)),
        Op::Return => "return".to_string(),
        Op::RepeatEffect => "repeat_effect".to_string(),
        Op::Repeats => "repeats".to_string(),
        Op::ActorStart { exit } => format!("actor_start exit {}", target(exit)),
        Op::ActorEnd => "actor_end".to_string(),
        Op::ColorsStart => "colors_start".to_string(),
        Op::ColorsNext { exit } => format!("colors_next exit {}", target(exit)),
        Op::LoopColor => "loop_color".to_string(),
        Op::BonusValues { group, repeated } => {
            format!("bonus_values group={group:?} repeated={repeated}")
        }
        Op::CardBonuses => "card_bonuses".to_string(),
        Op::CardIcons { icon } => format!("card_icons {icon}"),
        Op::SetValues => "set_values".to_string(),
        Op::ValuesStart => "values_start".to_string(),
        Op::ValuesNext { exit } => format!("values_next exit {}", target(exit)),
        Op::LoopValue => "loop_value".to_string(),
        Op::CardsStart => "cards_start".to_string(),
        Op::CardsNext { exit } => format!("cards_next exit {}", target(exit)),
        Op::CardsLeft => "cards_left".to_string(),
        Op::CardsTake { stmt } => format!("cards_take stmt={stmt}"),
        Op::InitParam { index } => format!("init_param {index}"),
        Op::SetParam { index } => format!("set_param {index}"),
        Op::Param { index } => format!("param {index}"),
        Op::EndDogma => "end_dogma".to_string(),
        Op::EndGame => "end_game".to_string(),
        Op::Nop => "nop".to_string(),
        Op::LoopStart => "loop_start".to_string(),
        Op::LoopNext { exit } => format!("loop_next exit {}", target(exit)),
        Op::EachStart { group: g } => format!("each_start {}", group(g)),
        Op::EachNext { exit } => format!("each_next exit {}", target(exit)),
        Op::Int { value } => format!("int {value}"),
        Op::Add => "add".to_string(),
        Op::Sub => "sub".to_string(),
        Op::Mul => "mul".to_string(),
        Op::Div { by } => format!("div {by}"),
        Op::Half { rounding: r } => format!("half {}", rounding(r)),
        Op::Compare { op } => format!("compare {}", op.symbol()),
        Op::Not => "not".to_string(),
        Op::And => "and".to_string(),
        Op::Or => "or".to_string(),
        Op::BitOr => "bit_or".to_string(),
        Op::BitAnd => "bit_and".to_string(),
        Op::PopCount => "pop_count".to_string(),
        Op::Dup => "dup".to_string(),
        Op::Nip => "nip".to_string(),
        Op::Swap => "swap".to_string(),
        Op::Pop => "pop".to_string(),
        Op::Player { who: w } => format!("player {}", who(w)),
        Op::ChosenPlayer { stmt } => format!("chosen_player stmt={stmt}"),
        Op::ChoosePlayer {
            group: g,
            test,
            stmt,
        } => format!(
            "choose_player {} test={} stmt={stmt}",
            group(g),
            chunk_name(edition, test)
        ),
        Op::Zone { zone: z } => format!("zone {}", zone(z)),
        Op::ZoneOfGroup { zone: z, group: g } => {
            format!("zone_of_group {} {}", zone(z), group(g))
        }
        Op::Bound { stmt } => format!("bound stmt={stmt}"),
        Op::BoundAnywhere { stmt } => format!("bound_anywhere stmt={stmt}"),
        Op::BoundNth { stmt, nth } => match nth {
            Nth::Index(i) => format!("bound_nth stmt={stmt} nth={i}"),
            Nth::Last => format!("bound_nth stmt={stmt} nth=last"),
        },
        Op::Card { card } => card_name(edition, card),
        Op::ThisCard => "this_card".to_string(),
        Op::History {
            verb,
            due_to,
            scope,
            by,
        } => format!(
            "history {}{}{}",
            verb.word(),
            due_scope(due_to, scope),
            if by { " by" } else { "" }
        ),
        Op::Beneath => "beneath".to_string(),
        Op::DupSet => "dup_set".to_string(),
        Op::PopSet => "pop_set".to_string(),
        Op::Union => "union".to_string(),
        Op::DeckCards { set } => format!("deck_cards set={set}"),
        Op::DeckEnd { n, bottom, set } => {
            format!(
                "deck_end {} {n} set={set}",
                if bottom { "bottom" } else { "top" }
            )
        }
        Op::ChosenDeckEnd { n, bottom } => {
            format!(
                "chosen_deck_end {} {n}",
                if bottom { "bottom" } else { "top" }
            )
        }
        Op::OwnerOfCards => "owner_of_cards".to_string(),
        Op::KeepClaimable { score_multiple } => format!("keep_claimable {score_multiple}"),
        Op::AvailableCards => "available_cards".to_string(),
        Op::Above => "above".to_string(),
        Op::Below => "below".to_string(),
        Op::TypeOf => "type_of".to_string(),
        Op::CandidateCard => "candidate_card".to_string(),
        Op::KeepColors => "keep_colors".to_string(),
        Op::DropColor { color } => format!("drop_color {color}"),
        Op::KeepIcons { mask } => format!("keep_icons {}", icons(mask)),
        Op::DropIcon { icon } => format!("drop_icon {icon}"),
        Op::KeepSlots {
            icons: i,
            specials: sp,
        } => {
            format!("keep_slots {} {}", icons(i), specials(sp))
        }
        Op::DropSpecials { specials: sp } => format!("drop_specials {}", specials(sp)),
        Op::KeepValues { n } => format!("keep_values {n}"),
        Op::KeepValueCmp { op } => format!("keep_value_cmp {}", op.symbol()),
        Op::KeepColorOnBoard { negated: n } => format!("keep_color_on_board{}", negated(n)),
        Op::KeepColorOnGroup {
            group: g,
            negated: n,
        } => format!("keep_color_on_group {}{}", group(g), negated(n)),
        Op::DropCards => "drop_cards".to_string(),
        Op::KeepTop => "keep_top".to_string(),
        Op::KeepIf { test } => format!("keep_if {}", chunk_name(edition, test)),
        Op::KeepDemand => "keep_demand".to_string(),
        Op::KeepEffects { negated } => format!("keep_effects negated={negated}"),
        Op::KeepSplayedPile => "keep_splayed_pile".to_string(),
        Op::KeepBonus { negated } => format!("keep_bonus negated={negated}"),
        Op::KeepEligible { score_multiple } => format!("keep_eligible score*{score_multiple}"),
        Op::KeepParity { odd } => format!("keep_parity odd={odd}"),
        Op::KeepSet { set } => format!("keep_set set={set}"),
        Op::KeepChosenIcons { stmt } => format!("keep_chosen_icons stmt={stmt}"),
        Op::KeepPileBottom { n } => format!("keep_pile_bottom {n}"),
        Op::KeepNotPileBottom => "keep_not_pile_bottom".to_string(),
        Op::KeepVisibleSlot { slot } => format!("keep_visible_slot {}", slot.word()),
        Op::KeepSharingIcon => "keep_sharing_icon".to_string(),
        Op::KeepBeforeInAlphabet => "keep_before_in_alphabet".to_string(),
        Op::KeepBeenOnEveryBoard { started } => {
            format!("keep_been_on_every_board started={started}")
        }
        Op::KeepSameIcons => "keep_same_icons".to_string(),
        Op::TransferToOwners { zone, stmt } => format!("transfer_to_owners {zone:?} stmt={stmt}"),
        Op::KeepNth { nth } => format!("keep_nth {nth:?}"),
        Op::KeepAllButTop { n } => format!("keep_all_but_top {n}"),
        Op::KeepPileTop { n } => format!("keep_pile_top {n}"),
        Op::KeepCards => "keep_cards".to_string(),
        Op::Pick {
            count: c,
            extreme: e,
            chooser,
            optional,
            stmt,
        } => format!(
            "pick {}{}{}{} stmt={stmt}",
            count(c),
            e.map_or(String::new(), |e| format!(" {}", extreme(e))),
            if optional { " optional" } else { "" },
            by(chooser)
        ),
        Op::Order { stmt } => format!("order stmt={stmt}"),
        Op::ChooseSharedValue { n, chooser, stmt } => {
            format!("choose_shared_value {n}{} stmt={stmt}", by(chooser))
        }
        Op::ChooseSharedColor { n, chooser, stmt } => {
            format!("choose_shared_color {n}{} stmt={stmt}", by(chooser))
        }
        Op::Mark { stmt } => format!("mark stmt={stmt}"),
        Op::ValueOf => "value_of".to_string(),
        Op::BonusOf => "bonus_of".to_string(),
        Op::ExtremeValue { extreme: e } => format!("extreme_value {}", extreme(e)),
        Op::CountCards => "count_cards".to_string(),
        Op::TotalValue => "total_value".to_string(),
        Op::DistinctValues => "distinct_values".to_string(),
        Op::ValuesMatch => "values_match".to_string(),
        Op::DistinctColors => "distinct_colors".to_string(),
        Op::ColorsOfCards => "colors_of_cards".to_string(),
        Op::CandidateColor => "candidate_color".to_string(),
        Op::CandidateValue => "candidate_value".to_string(),
        Op::ChosenValue { stmt } => format!("chosen_value stmt={stmt}"),
        Op::ChosenValues { stmt } => format!("chosen_values stmt={stmt}"),
        Op::ChosenColors { stmt } => format!("chosen_colors stmt={stmt}"),
        Op::BoardColors => "board_colors".to_string(),
        Op::ColorsSplayed { directions: d } => format!("colors_splayed {}", directions(d)),
        Op::ColorsWithIcon { icon } => format!("colors_with_icon {icon}"),
        Op::ColorsWithoutIcon { icon } => format!("colors_without_icon {icon}"),
        Op::ColorsOnBoard { negated: n } => format!("colors_on_board{}", negated(n)),
        Op::ColorsOnGroup {
            group: g,
            negated: n,
        } => format!("colors_on_group {}{}", group(g), negated(n)),
        Op::Measure { measure: m } => format!("measure {}", measure(m)),
        Op::Changed { stmt } => format!("changed stmt={stmt}"),
        Op::TookFrom { stmt } => format!("took-from stmt={stmt}"),
        Op::Did { stmt, done } => format!("did stmt={stmt}{}", if done { "" } else { " not" }),
        Op::Moved { stmt, op, n } => format!("moved stmt={stmt} {} {n}", op.symbol()),
        Op::QuantifyCards { quantifier: q } => format!("quantify_cards {}", quantifier(q)),
        Op::QuantifyPlayers {
            quantifier: q,
            group: g,
            test,
        } => format!(
            "quantify_players {} {} test={}",
            quantifier(q),
            group(g),
            chunk_name(edition, test)
        ),
        Op::OnlyPlayer { test } => format!("only_player test={}", chunk_name(edition, test)),
        Op::CountPlayers { group: g, test } => format!(
            "count_players {} test={}",
            group(g),
            chunk_name(edition, test)
        ),
        Op::VersusEach {
            measure: m,
            op,
            group: g,
            factor,
        } => format!(
            "versus_each {} {}{} measure={}",
            op.symbol(),
            if factor == 1 {
                String::new()
            } else {
                format!("{factor}x ")
            },
            group(g),
            chunk_name(edition, m)
        ),
        Op::IsSplayed { direction } => format!("is_splayed {direction}"),
        Op::Eligible => "eligible".to_string(),
        Op::ChooseExtremePlayer {
            group: g,
            pick,
            measure: m,
            stmt,
        } => format!(
            "choose_extreme_player {}{} {} measure={} stmt={stmt}",
            if pick.single() { "single " } else { "" },
            if pick.most() { "most" } else { "fewest" },
            group(g),
            chunk_name(edition, m)
        ),
        Op::AskYesNo { stmt, fold: false } => format!("ask_yes_no stmt={stmt}"),
        Op::AskYesNo { stmt, fold: true } => format!("ask_yes_no folded stmt={stmt}"),
        Op::AskOption {
            stmt,
            n,
            texts,
            chooser,
        } => format!("ask_option {n}{} stmt={stmt} texts={texts}", by(chooser)),
        Op::ChooseColors {
            count,
            chooser,
            stmt,
        } => format!("choose_colors {count}{} stmt={stmt}", by(chooser)),
        Op::ChooseValueRange {
            chooser,
            count,
            stmt,
        } => format!("choose_value_range {count}{} stmt={stmt}", by(chooser)),
        Op::ChooseValueListed {
            chooser,
            count,
            stmt,
        } => format!("choose_value_listed {count}{} stmt={stmt}", by(chooser)),
        Op::Choose {
            kind,
            count,
            chooser,
            stmt,
            except,
        } => format!(
            "choose {count} {}{}{} stmt={stmt}",
            choice(kind),
            if except == 0 {
                String::new()
            } else {
                format!(" except={}", icons(except))
            },
            by(chooser)
        ),
        Op::ChooseValueFrom { n, chooser, stmt } => {
            format!("choose_value_from {n}{} stmt={stmt}", by(chooser))
        }
        Op::ChoosePileColor {
            group: g,
            direction,
            stmt,
        } => format!(
            "choose_pile_color {} splay={direction} stmt={stmt}",
            group(g)
        ),
        Op::ChoosePileOwner {
            group: g,
            direction,
            stmt,
        } => format!(
            "choose_pile_owner {} splay={direction} stmt={stmt}",
            group(g)
        ),
        Op::PickColor { stmt, direction } => match direction {
            Some(d) => format!("pick_color splay={d} stmt={stmt}"),
            None => format!("pick_color stmt={stmt}"),
        },
        Op::Draw { count, then, stmt } => match then {
            Some(verb) => format!("draw {count} then={} stmt={stmt}", verb.word()),
            None => format!("draw {count} stmt={stmt}"),
        },
        Op::DrawOfSet { count, then, stmt } => match then {
            Some(verb) => format!("draw_of_set {count} then={} stmt={stmt}", verb.word()),
            None => format!("draw_of_set {count} stmt={stmt}"),
        },
        Op::Move { verb, stmt } => format!("move {} stmt={stmt}", verb.word()),
        Op::Transfer { zone, stmt } => format!("transfer {} stmt={stmt}", destination(zone)),
        Op::Exchange {
            zone_a,
            zone_b,
            stmt,
        } => format!(
            "exchange {} {} stmt={stmt}",
            destination(zone_a),
            destination(zone_b)
        ),
        Op::Splay { direction, stmt } => format!("splay {direction} stmt={stmt}"),
        Op::Unsplay { stmt } => format!("unsplay stmt={stmt}"),
        Op::Rearrange { stmt } => format!("rearrange stmt={stmt}"),
        Op::SplayLike { matching, stmt } => format!("splay_like matching={matching} stmt={stmt}"),
        Op::PileSplay => "pile_splay".to_string(),
        Op::SameVisibleCards => "same_visible_cards".to_string(),
        Op::ColorsWithMostCards => "colors_with_most_cards".to_string(),
        Op::ColorsByVisibleCards { most } => {
            format!(
                "colors_by_visible_cards {}",
                if most { "most" } else { "fewest" }
            )
        }
        Op::ColorsWithMoreVisible => "colors_with_more_visible".to_string(),
        Op::BottomFirst => "bottom_first".to_string(),
        Op::OnlyRemaining => "only_remaining".to_string(),
        Op::ValuesBelow => "values_below".to_string(),
        Op::ReverseValues => "reverse_values".to_string(),
        Op::VisibleCards => "visible_cards".to_string(),
        Op::MostOfOneIcon => "most_of_one_icon".to_string(),
        Op::Look { stmt } => format!("look stmt={stmt}"),
        Op::SelfExecute { stmt } => format!("self_execute stmt={stmt}"),
        Op::ExecuteAsIf { stmt } => format!("execute_as_if stmt={stmt}"),
        Op::Lasting { when, chunk, test } => format!(
            "lasting {} body={} test={}",
            match when {
                LastingWhen::NextTurn => "next_turn".to_string(),
                LastingWhen::NextMove(verb) => format!("next_{}", verb.word()),
                LastingWhen::Melded => "melded".to_string(),
                LastingWhen::Would => "would".to_string(),
            },
            chunk_name(edition, chunk),
            chunk_name(edition, test)
        ),
        Op::AdditionalAction { stmt } => format!("additional_action stmt={stmt}"),
        Op::Claim { special, stmt } => {
            format!("claim {} stmt={stmt}", special_name(edition, special))
        }
        Op::JunkSpecial { all, stmt } => {
            format!("junk_special{} stmt={stmt}", if all { " all" } else { "" })
        }
        Op::RestoreSpecial { stmt } => format!("restore_special stmt={stmt}"),
        Op::Win => "win".to_string(),
        Op::WinSingle { most, measure: m } => format!(
            "win_single {} measure={}",
            if most { "most" } else { "fewest" },
            chunk_name(edition, m)
        ),
        Op::Lose => "lose".to_string(),
        Op::Combine { stmt, children } => {
            format!(
                "combine stmt={stmt} children={}",
                list_text(chunk, children)
            )
        }
        Op::Afresh { children } => format!("afresh children={}", list_text(chunk, children)),
    }
}
