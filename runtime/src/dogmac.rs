//! The `.dogmac` file: a compiled edition on disk.
//!
//! Layout: the 8 bytes `DOGMAC\0\0`, the format version as a little-endian `u32`, then the
//! `CompiledEdition` encoded with postcard. `decode` never panics: garbage, a truncated file, a
//! file of another format version or an edition whose indices point nowhere each give a
//! `DecodeError` saying why, so the VM only ever runs an edition whose references are in range.

use crate::bytecode::{
    CardInfo, Chunk, ChunkIdx, ChunkKind, CompiledEdition, Op, Rules, SpecialInfo, FORMAT_VERSION,
    NO_CHUNK, SUB_PROGRAM_DEPTH,
};
use std::fmt;

/// The first 8 bytes of every `.dogmac` file.
pub const MAGIC: [u8; 8] = *b"DOGMAC\0\0";

/// The size of the header: the magic and the format version.
pub const HEADER_LEN: usize = MAGIC.len() + 4;

/// Why bytes are not a usable compiled edition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DecodeError {
    /// Shorter than the header.
    Truncated { len: usize },
    /// The first 8 bytes are not `DOGMAC\0\0`.
    NotDogmac,
    /// Written by another version of the bytecode format.
    Version { found: u32, expected: u32 },
    /// The payload is not a well-formed edition: where the part that does not decode starts (a
    /// byte offset in the file), which part it is (`card 17 (after "Agriculture")`), and
    /// postcard's reason.
    Malformed {
        offset: usize,
        part: String,
        why: String,
    },
    /// Bytes follow the edition.
    TrailingBytes { count: usize },
    /// The edition decodes but refers to something that is not there.
    Invalid(String),
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DecodeError::Truncated { len } => write!(
                f,
                "not a compiled edition: {len} bytes is shorter than the {HEADER_LEN}-byte header"
            ),
            DecodeError::NotDogmac => {
                write!(f, "not a compiled edition: the file does not start with DOGMAC")
            }
            DecodeError::Version { found, expected } => write!(
                f,
                "compiled with bytecode format {found}, but this engine reads format {expected}: rebuild it with `dogma build`"
            ),
            DecodeError::Malformed { offset, part, why } => write!(
                f,
                "the compiled edition is damaged or truncated at byte {offset}, in {part}: {why}"
            ),
            DecodeError::TrailingBytes { count } => write!(
                f,
                "the compiled edition is followed by {count} unexpected bytes"
            ),
            DecodeError::Invalid(why) => write!(f, "the compiled edition is inconsistent: {why}"),
        }
    }
}

impl std::error::Error for DecodeError {}

/// Encodes an edition as a `.dogmac` file. The header carries `FORMAT_VERSION` (the edition's
/// own `format_version` is encoded as it is).
pub fn encode(edition: &CompiledEdition) -> Result<Vec<u8>, String> {
    let mut out = Vec::with_capacity(HEADER_LEN);
    out.extend_from_slice(&MAGIC);
    out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    postcard::to_extend(edition, out).map_err(|e| format!("cannot encode the edition: {e}"))
}

/// Decodes a `.dogmac` file, checking its header, its format version and that every index in
/// it is in range (`validate`).
pub fn decode(bytes: &[u8]) -> Result<CompiledEdition, DecodeError> {
    if bytes.len() < HEADER_LEN {
        // A short file that does not even start like one is garbage rather than truncated.
        if !MAGIC.starts_with(&bytes[..bytes.len().min(MAGIC.len())]) {
            return Err(DecodeError::NotDogmac);
        }
        return Err(DecodeError::Truncated { len: bytes.len() });
    }
    let (magic, rest) = bytes.split_at(MAGIC.len());
    if magic != MAGIC {
        return Err(DecodeError::NotDogmac);
    }
    let (version, payload) = rest.split_at(4);
    let found = u32::from_le_bytes([version[0], version[1], version[2], version[3]]);
    if found != FORMAT_VERSION {
        return Err(DecodeError::Version {
            found,
            expected: FORMAT_VERSION,
        });
    }
    let (edition, trailing) = decode_payload(payload)?;
    if !trailing.is_empty() {
        return Err(DecodeError::TrailingBytes {
            count: trailing.len(),
        });
    }
    if edition.format_version != FORMAT_VERSION {
        return Err(DecodeError::Version {
            found: edition.format_version,
            expected: FORMAT_VERSION,
        });
    }
    validate(&edition).map_err(DecodeError::Invalid)?;
    Ok(edition)
}

/// Reads the payload part by part, so that a damaged file says where and in what it is damaged.
/// The parts are those postcard writes for `CompiledEdition`, in order: its fields, and each
/// list as a length and its elements (`a_damaged_file_names_its_part` checks that the two
/// readings agree).
fn decode_payload(payload: &[u8]) -> Result<(CompiledEdition, &[u8]), DecodeError> {
    let mut reader = Reader {
        payload,
        rest: payload,
    };
    let format_version: u32 = reader.take("the format version")?;
    let name: String = reader.take("the edition's name")?;
    let rules: Rules = reader.take("the rules")?;
    let cards: Vec<CardInfo> = reader.list("card", |c: &CardInfo| c.title.clone())?;
    let specials: Vec<SpecialInfo> =
        reader.list("special achievement", |s: &SpecialInfo| s.name.clone())?;
    let chunks: Vec<Chunk> = reader.list("chunk", |c: &Chunk| c.name.clone())?;
    let files: Vec<String> = reader.list("file name", String::clone)?;
    let edition = CompiledEdition {
        format_version,
        name,
        rules,
        cards,
        specials,
        chunks,
        files,
    };
    Ok((edition, reader.rest))
}

/// The payload being read, and what is left of it.
struct Reader<'a> {
    payload: &'a [u8],
    rest: &'a [u8],
}

impl<'a> Reader<'a> {
    /// The byte offset in the file of what is left.
    fn offset(&self) -> usize {
        HEADER_LEN + self.payload.len() - self.rest.len()
    }

    fn take<T: serde::de::DeserializeOwned>(&mut self, part: &str) -> Result<T, DecodeError> {
        let offset = self.offset();
        let (value, rest) =
            postcard::take_from_bytes::<T>(self.rest).map_err(|e| DecodeError::Malformed {
                offset,
                part: part.to_string(),
                why: e.to_string(),
            })?;
        self.rest = rest;
        Ok(value)
    }

    /// A list: its length, then each element, named by `what` and its place (and the name of
    /// the element before it, which `name` reads).
    fn list<T: serde::de::DeserializeOwned>(
        &mut self,
        what: &str,
        name: impl Fn(&T) -> String,
    ) -> Result<Vec<T>, DecodeError> {
        let len: u64 = self.take(&format!("the number of {what}s"))?;
        // Every element takes a byte at least: a longer list is damage, not a reason to allocate.
        if len > self.rest.len() as u64 {
            return Err(DecodeError::Malformed {
                offset: self.offset(),
                part: format!("the {what}s"),
                why: format!(
                    "{len} {what}s cannot fit in the {} bytes left",
                    self.rest.len()
                ),
            });
        }
        let mut items: Vec<T> = Vec::with_capacity(len as usize);
        for i in 0..len {
            let part = match items.last() {
                Some(before) => format!("{what} {i} (after \"{}\")", name(before)),
                None => format!("{what} {i}"),
            };
            items.push(self.take(&part)?);
        }
        Ok(items)
    }
}

/// What an op refers to: the operands that index something.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Refs {
    /// Statement ids (must be below the chunk's `stmts`).
    pub stmts: Vec<u16>,
    /// Chunks that must exist.
    pub chunks: Vec<ChunkIdx>,
    /// A chunk that may be `NO_CHUNK`.
    pub optional_chunk: Option<ChunkIdx>,
    pub cards: Vec<u16>,
    pub specials: Vec<u16>,
    /// Lists of the chunk.
    pub lists: Vec<u16>,
    /// Jump targets within the chunk.
    pub targets: Vec<u16>,
    /// Texts of the chunk: the first and how many.
    pub texts: Option<(u16, u8)>,
}

/// The indices an op's operands hold.
pub fn refs(op: &Op) -> Refs {
    let mut r = Refs::default();
    match *op {
        Op::Jump { target } | Op::JumpIfFalse { target } => r.targets.push(target),
        Op::LoopNext { exit }
        | Op::EachNext { exit }
        | Op::ActorStart { exit }
        | Op::ColorsNext { exit }
        | Op::ValuesNext { exit }
        | Op::CardsNext { exit } => r.targets.push(exit),
        Op::AskOption { stmt, n, texts, .. } => {
            r.stmts.push(stmt);
            r.texts = Some((texts, n));
        }
        Op::CountPlayers { test, .. } => r.optional_chunk = Some(test),
        Op::ChoosePlayer { test, stmt, .. } => {
            r.optional_chunk = Some(test);
            r.stmts.push(stmt);
        }
        Op::KeepIf { test } | Op::QuantifyPlayers { test, .. } | Op::OnlyPlayer { test } => {
            r.chunks.push(test)
        }
        Op::Lasting { chunk, test, .. } => {
            r.chunks.push(chunk);
            r.optional_chunk = Some(test);
        }
        Op::VersusEach { measure, .. } | Op::WinSingle { measure, .. } => r.chunks.push(measure),
        Op::ChooseExtremePlayer { measure, stmt, .. } => {
            r.chunks.push(measure);
            r.stmts.push(stmt);
        }
        Op::Card { card } => r.cards.push(card),
        Op::Claim { special, stmt } => {
            r.specials.push(special);
            r.stmts.push(stmt);
        }
        Op::Combine { stmt, children } => {
            r.stmts.push(stmt);
            r.lists.push(children);
        }
        Op::ChosenPlayer { stmt }
        | Op::Bound { stmt }
        | Op::BoundAnywhere { stmt }
        | Op::BoundNth { stmt, .. }
        | Op::Pick { stmt, .. }
        | Op::Order { stmt }
        | Op::ChosenValue { stmt }
        | Op::ChosenColors { stmt }
        | Op::Did { stmt, .. }
        | Op::Changed { stmt }
        | Op::Moved { stmt, .. }
        | Op::TookFrom { stmt }
        | Op::AskYesNo { stmt, .. }
        | Op::Choose { stmt, .. }
        | Op::PickColor { stmt, .. }
        | Op::Draw { stmt, .. }
        | Op::DrawOfSet { stmt, .. }
        | Op::Move { stmt, .. }
        | Op::Transfer { stmt, .. }
        | Op::Exchange { stmt, .. }
        | Op::Splay { stmt, .. }
        | Op::Unsplay { stmt }
        | Op::Rearrange { stmt }
        | Op::SplayLike { stmt, .. }
        | Op::SelfExecute { stmt }
        | Op::ExecuteAsIf { stmt }
        | Op::Look { stmt }
        | Op::KeepChosenIcons { stmt }
        | Op::ChooseSharedValue { stmt, .. }
        | Op::ChooseSharedColor { stmt, .. }
        | Op::Mark { stmt }
        | Op::TransferToOwners { stmt, .. }
        | Op::CardsTake { stmt }
        | Op::ChooseValueFrom { stmt, .. }
        | Op::ChooseValueRange { stmt, .. }
        | Op::ChooseValueListed { stmt, .. }
        | Op::ChooseColors { stmt, .. }
        | Op::JunkSpecial { stmt, .. }
        | Op::RestoreSpecial { stmt }
        | Op::AdditionalAction { stmt } => r.stmts.push(stmt),
        _ => {}
    }
    r
}

/// Checks that every index of the edition is in range: chunks, cards, special achievements,
/// statement ids, lists, jump targets and files; that every chunk has one span per op and ends
/// with `Return`.
pub fn validate(edition: &CompiledEdition) -> Result<(), String> {
    edition
        .rules
        .check()
        .map_err(|e| format!("its rules are out of range: {e}"))?;
    if edition.cards.len() > usize::from(u16::MAX) || edition.specials.len() > usize::from(u16::MAX)
    {
        return Err("more cards or special achievements than the format allows".to_string());
    }
    let sets = edition.rules.expansions.len();
    for (i, card) in edition.cards.iter().enumerate() {
        if !(1..=edition.rules.max_age).contains(&card.age) {
            return Err(format!(
                "card {i} ({}) is of age {}, outside the edition's ages 1 to {}",
                card.title, card.age, edition.rules.max_age
            ));
        }
        if card.deck_set as usize > sets {
            return Err(format!(
                "card {i} ({}) belongs to supply {}, but {sets} expansion(s) are in play",
                card.title, card.deck_set
            ));
        }
        for (n, (position, _)) in card.slots.iter().enumerate() {
            if card.slots[..n].iter().any(|(p, _)| p == position) {
                return Err(format!(
                    "card {i} ({}) has two icons in its {} slot",
                    card.title,
                    position.word()
                ));
            }
        }
        if let Some(effect) = card.effects.iter().find(|e| {
            edition
                .chunks
                .get(e.chunk as usize)
                .is_some_and(|c| c.kind != ChunkKind::Effect)
        }) {
            return Err(format!(
                "an effect of card {i} ({}) is chunk {}, which is no effect",
                card.title, effect.chunk
            ));
        }
    }
    let chunks = edition.chunks.len();
    if chunks > NO_CHUNK as usize {
        return Err(format!("{chunks} chunks is more than the format allows"));
    }
    let chunk_ok = |c: ChunkIdx| (c as usize) < chunks;
    for card in &edition.cards {
        for effect in &card.effects {
            if !chunk_ok(effect.chunk) {
                return Err(format!(
                    "an effect of {} refers to chunk {}",
                    card.title, effect.chunk
                ));
            }
        }
        for karma in &card.karmas {
            match *karma {
                crate::bytecode::KarmaInfo::WhenMelded { chunk, .. } if !chunk_ok(chunk) => {
                    return Err(format!("a karma of {} refers to chunk {chunk}", card.title));
                }
                crate::bytecode::KarmaInfo::Would { chunk, test, .. }
                    if !chunk_ok(chunk) || (test != NO_CHUNK && !chunk_ok(test)) =>
                {
                    return Err(format!(
                        "a karma of {} refers to chunk {chunk} or {test}",
                        card.title
                    ));
                }
                crate::bytecode::KarmaInfo::Decree(special)
                    if special as usize >= edition.specials.len() =>
                {
                    return Err(format!(
                        "a karma of {} names special achievement {special}",
                        card.title
                    ));
                }
                _ => {}
            }
        }
        check_file(edition, card.span.file, &card.title)?;
    }
    for special in &edition.specials {
        if let Some(decree) = special.decree.filter(|d| !chunk_ok(d.effect)) {
            return Err(format!(
                "the decree effect of {} is chunk {}",
                special.name, decree.effect
            ));
        }
        if let Some(condition) = special.condition.filter(|c| !chunk_ok(*c)) {
            return Err(format!(
                "the condition of {} is chunk {condition}",
                special.name
            ));
        }
        if let Some(trigger) = special.triggers.iter().find(|t| {
            edition
                .chunks
                .get(t.test as usize)
                .is_none_or(|c| c.kind != ChunkKind::CardTest)
        }) {
            return Err(format!(
                "a trigger of {} is chunk {}, which is no card test",
                special.name, trigger.test
            ));
        }
        if let Some(card) = special
            .via
            .iter()
            .find(|c| **c as usize >= edition.cards.len())
        {
            return Err(format!("{} is claimed via card {card}", special.name));
        }
        check_file(edition, special.span.file, &special.name)?;
    }
    for (index, chunk) in edition.chunks.iter().enumerate() {
        validate_chunk(edition, chunk)
            .map_err(|e| format!("chunk {index} ({}): {e}", chunk.name))?;
    }
    validate_calls(edition)
}

/// Checks how chunks run one another. The compiler reserves a sub-program's place before it
/// writes its body, so every chunk an op runs (a test, a measure, a lasting effect's body) comes
/// after the chunk that runs it: no chunk runs itself, directly or not. A test or measure jumps
/// only forward (its loops are the ops', over cards and players), so it runs each of its ops at
/// most once; the chunks it runs are tests or measures too; and they nest at most
/// `SUB_PROGRAM_DEPTH` deep.
fn validate_calls(edition: &CompiledEdition) -> Result<(), String> {
    let mut depth = vec![0usize; edition.chunks.len()];
    for (index, chunk) in edition.chunks.iter().enumerate().rev() {
        let pure = chunk.kind != ChunkKind::Effect;
        let mut deepest = 0;
        for (at, op) in chunk.ops.iter().enumerate() {
            let r = refs(op);
            let fail =
                |what: String| Err(format!("chunk {index} ({}): op {at:04} {what}", chunk.name));
            if pure {
                if let Some(target) = r.targets.iter().find(|t| **t as usize <= at) {
                    return fail(format!("jumps back to op {target:04} in a test or measure"));
                }
            }
            let body = match *op {
                Op::Lasting { chunk, .. } => Some(chunk),
                _ => None,
            };
            let runs = r
                .chunks
                .iter()
                .copied()
                .chain(r.optional_chunk.filter(|c| *c != NO_CHUNK));
            for sub in runs {
                if sub as usize <= index {
                    return fail(format!("runs chunk {sub}, which does not come after it"));
                }
                if Some(sub) == body {
                    continue;
                }
                if edition.chunk(sub).kind == ChunkKind::Effect {
                    return fail(format!(
                        "runs chunk {sub} as a test or measure, but it is an effect"
                    ));
                }
                deepest = deepest.max(depth[sub as usize]);
            }
        }
        depth[index] = deepest + usize::from(pure);
        if depth[index] > SUB_PROGRAM_DEPTH {
            return Err(format!(
                "chunk {index} ({}) runs tests or measures nested {} deep (at most {SUB_PROGRAM_DEPTH})",
                chunk.name, depth[index]
            ));
        }
    }
    Ok(())
}

fn check_file(edition: &CompiledEdition, file: u16, what: &str) -> Result<(), String> {
    if file as usize >= edition.files.len() {
        return Err(format!("{what} points into file {file}"));
    }
    Ok(())
}

fn validate_chunk(edition: &CompiledEdition, chunk: &Chunk) -> Result<(), String> {
    if chunk.spans.len() != chunk.ops.len() {
        return Err(format!(
            "{} spans for {} ops",
            chunk.spans.len(),
            chunk.ops.len()
        ));
    }
    if chunk.ops.last() != Some(&Op::Return) {
        return Err("it does not end with return".to_string());
    }
    if chunk.ops.len() > u16::MAX as usize {
        return Err(format!(
            "{} ops is more than a jump can reach",
            chunk.ops.len()
        ));
    }
    if let Some(span) = chunk
        .spans
        .iter()
        .find(|s| s.file as usize >= edition.files.len())
    {
        return Err(format!("a span points into file {}", span.file));
    }
    for (at, op) in chunk.ops.iter().enumerate() {
        let r = refs(op);
        let bad = |what: &str, n: u16| Err(format!("op {at:04} refers to {what} {n}"));
        for &s in &r.stmts {
            if s >= chunk.stmts {
                return bad("statement", s);
            }
        }
        for &c in &r.chunks {
            if c as usize >= edition.chunks.len() {
                return bad("chunk", c);
            }
        }
        if let Some(c) = r.optional_chunk {
            if c != NO_CHUNK && c as usize >= edition.chunks.len() {
                return bad("chunk", c);
            }
        }
        for &c in &r.cards {
            if c as usize >= edition.cards.len() {
                return bad("card", c);
            }
        }
        for &s in &r.specials {
            if s as usize >= edition.specials.len() {
                return bad("special achievement", s);
            }
        }
        for &l in &r.lists {
            match chunk.lists.get(l as usize) {
                None => return bad("list", l),
                Some(list) => {
                    if let Some(s) = list.iter().find(|s| **s >= chunk.stmts) {
                        return bad("statement (in a list)", *s);
                    }
                }
            }
        }
        for &t in &r.targets {
            if t as usize >= chunk.ops.len() {
                return bad("jump target", t);
            }
        }
        if let Some((first, n)) = r.texts {
            if first as usize + n as usize > chunk.texts.len() {
                return bad("text", first + u16::from(n));
            }
        }
        // A lasting effect's body is an effect; what a move sets off is its statement 0, and
        // the move's card test is a card test.
        if let Op::Lasting { when, chunk, test } = *op {
            let body = edition.chunk(chunk);
            if body.kind != ChunkKind::Effect {
                return Err(format!(
                    "op {at:04} sets a lasting effect that is no effect"
                ));
            }
            if matches!(when, crate::bytecode::LastingWhen::NextMove(_)) && body.stmts == 0 {
                return Err(format!(
                    "op {at:04} sets a lasting effect with no statement for its move"
                ));
            }
            if test != NO_CHUNK && edition.chunk(test).kind != ChunkKind::CardTest {
                return Err(format!(
                    "op {at:04} tests a move with a chunk that is no card test"
                ));
            }
        }
        // A folded `you may` unwinds to the jump that follows it.
        if matches!(op, Op::AskYesNo { fold: true, .. })
            && !matches!(chunk.ops.get(at + 1), Some(Op::JumpIfFalse { .. }))
        {
            return Err(format!(
                "op {at:04} folds a `you may` without a jump after it"
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bytecode::{CardInfo, ChunkKind, EffectInfo, Rules, SourceSpan};
    use crate::vocab::{Color, EffectKind};

    fn tiny() -> CompiledEdition {
        let span = SourceSpan {
            file: 0,
            start: 0,
            end: 4,
        };
        CompiledEdition {
            format_version: FORMAT_VERSION,
            name: "tiny".to_string(),
            rules: Rules::default(),
            cards: vec![CardInfo {
                title: "Test".to_string(),
                set: "base".to_string(),
                deck_set: 0,
                age: 1,
                color: Color::Red,
                slots: Vec::new(),
                dogma_icon: None,
                effects: vec![EffectInfo {
                    kind: EffectKind::NonDemand,
                    chunk: 0,
                }],
                relic: None,
                board_value: None,
                karmas: Vec::new(),
                span,
            }],
            specials: Vec::new(),
            chunks: vec![Chunk {
                name: "Test, effect 1".to_string(),
                kind: ChunkKind::Effect,
                ops: vec![
                    Op::Player {
                        who: crate::bytecode::Who::Executor,
                    },
                    Op::Int { value: 1 },
                    Op::Draw {
                        count: 1,
                        then: None,
                        stmt: 0,
                    },
                    Op::Return,
                ],
                spans: vec![span; 4],
                stmts: 1,
                lists: Vec::new(),
                texts: Vec::new(),
            }],
            files: vec!["test.dogma".to_string()],
        }
    }

    #[test]
    fn round_trips() {
        let edition = tiny();
        let bytes = encode(&edition).expect("encodes");
        assert_eq!(&bytes[..8], b"DOGMAC\0\0");
        assert_eq!(decode(&bytes), Ok(edition));
    }

    #[test]
    fn every_truncation_is_an_error() {
        let bytes = encode(&tiny()).expect("encodes");
        for len in 0..bytes.len() {
            assert!(decode(&bytes[..len]).is_err(), "{len} bytes decoded");
        }
        assert_eq!(decode(&bytes[..5]), Err(DecodeError::Truncated { len: 5 }));
    }

    #[test]
    fn garbage_is_an_error() {
        assert_eq!(decode(b"hello, world"), Err(DecodeError::NotDogmac));
        assert_eq!(decode(b""), Err(DecodeError::Truncated { len: 0 }));
        let mut bytes = encode(&tiny()).expect("encodes");
        bytes.push(0);
        assert_eq!(decode(&bytes), Err(DecodeError::TrailingBytes { count: 1 }));
        // Every single-byte corruption of the payload either decodes to a valid edition or
        // says why not; none panics.
        let good = encode(&tiny()).expect("encodes");
        for at in HEADER_LEN..good.len() {
            for value in [0u8, 1, 0x7f, 0x80, 0xff] {
                let mut bad = good.clone();
                bad[at] = value;
                let _ = decode(&bad);
            }
        }
        // A huge length prefix must not allocate or panic.
        let mut huge = good[..HEADER_LEN].to_vec();
        huge.extend_from_slice(&[0x01, 0xff, 0xff, 0xff, 0xff, 0x0f]);
        assert!(matches!(decode(&huge), Err(DecodeError::Malformed { .. })));
    }

    /// The part-by-part reading agrees with postcard's reading of the whole edition, and a
    /// damaged file names the part and the byte where it is damaged.
    #[test]
    fn a_damaged_file_names_its_part() {
        let mut edition = tiny();
        edition.cards.push(edition.cards[0].clone());
        edition.cards[1].title = "Second".to_string();
        let bytes = encode(&edition).expect("encodes");
        let whole: CompiledEdition =
            postcard::from_bytes(&bytes[HEADER_LEN..]).expect("postcard reads it");
        assert_eq!(decode(&bytes), Ok(whole));
        // Cut inside the second card: the error names it and the card before it.
        let second = bytes
            .windows(6)
            .position(|w| w == b"Second")
            .expect("the title is in the file");
        match decode(&bytes[..second + 3]) {
            Err(DecodeError::Malformed { offset, part, .. }) => {
                assert_eq!(part, "card 1 (after \"Test\")");
                assert!(offset < second, "{offset}");
            }
            other => panic!("{other:?}"),
        }
        let message = decode(&bytes[..second + 3])
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(message.contains("at byte"), "{message}");
    }

    #[test]
    fn ages_and_supplies_outside_the_edition_are_refused() {
        let mut edition = tiny();
        edition.cards[0].age = 12;
        let bytes = encode(&edition).expect("encodes");
        match decode(&bytes) {
            Err(DecodeError::Invalid(why)) => {
                assert!(
                    why.contains("of age 12, outside the edition's ages 1 to 10"),
                    "{why}"
                )
            }
            other => panic!("{other:?}"),
        }
        let mut edition = tiny();
        edition.cards[0].deck_set = 1;
        assert!(validate(&edition).is_err());
        let mut edition = tiny();
        edition.rules.achievement_ages = 11;
        match validate(&edition) {
            Err(why) => assert!(
                why.contains("achievement-ages = 11 is above max-age"),
                "{why}"
            ),
            other => panic!("{other:?}"),
        }
        let mut edition = tiny();
        edition.rules.max_age = 255;
        assert!(validate(&edition).is_err());
    }

    #[test]
    fn other_versions_are_refused() {
        let mut bytes = encode(&tiny()).expect("encodes");
        bytes[8..12].copy_from_slice(&(FORMAT_VERSION + 1).to_le_bytes());
        assert_eq!(
            decode(&bytes),
            Err(DecodeError::Version {
                found: FORMAT_VERSION + 1,
                expected: FORMAT_VERSION
            })
        );
        let message = decode(&bytes)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(message.contains("rebuild"), "{message}");
    }

    #[test]
    fn out_of_range_references_are_refused() {
        let mut edition = tiny();
        edition.chunks[0].ops[2] = Op::Draw {
            count: 1,
            then: None,
            stmt: 5,
        };
        let bytes = encode(&edition).expect("encodes");
        match decode(&bytes) {
            Err(DecodeError::Invalid(why)) => assert!(why.contains("statement 5"), "{why}"),
            other => panic!("{other:?}"),
        }
        let mut edition = tiny();
        edition.chunks[0].ops.pop();
        edition.chunks[0].spans.pop();
        assert!(validate(&edition).is_err());
        let mut edition = tiny();
        edition.chunks[0].ops[0] = Op::Jump { target: 9 };
        assert!(validate(&edition).is_err());
        let mut edition = tiny();
        edition.chunks[0].ops[0] = Op::Card { card: 1 };
        assert!(validate(&edition).is_err());
    }

    #[test]
    fn a_trigger_must_be_a_card_test() {
        let special = |test| crate::bytecode::SpecialInfo {
            name: "Glory".to_string(),
            condition: None,
            triggers: vec![crate::bytecode::Trigger {
                verb: crate::terms::Verb::Tuck,
                test,
            }],
            via: Vec::new(),
            decree: None,
            span: SourceSpan::default(),
        };
        let mut edition = tiny();
        edition.specials.push(special(3));
        match validate(&edition) {
            Err(why) => assert!(why.contains("a trigger of Glory is chunk 3"), "{why}"),
            other => panic!("{other:?}"),
        }
        // Chunk 0 exists but is an effect.
        let mut edition = tiny();
        edition.specials.push(special(0));
        assert!(validate(&edition).is_err());
    }

    /// `tiny` whose effect counts the players passing a test, chunk 1, that runs `then` (a
    /// chunk) in turn; further test chunks are appended by the caller.
    fn with_tests(then: &[Op]) -> CompiledEdition {
        let mut edition = tiny();
        let span = edition.chunks[0].spans[0];
        let effect = &mut edition.chunks[0];
        effect.ops.insert(
            0,
            Op::CountPlayers {
                group: crate::terms::PlayerSet::All,
                test: 1,
            },
        );
        effect.spans.push(span);
        let mut ops = then.to_vec();
        ops.push(Op::Return);
        edition.chunks.push(Chunk {
            name: "Test, effect 1 / test 1".to_string(),
            kind: ChunkKind::PlayerTest,
            spans: vec![span; ops.len()],
            ops,
            stmts: 0,
            lists: Vec::new(),
            texts: Vec::new(),
        });
        edition
    }

    fn refused(edition: &CompiledEdition, words: &str) {
        match validate(edition) {
            Err(why) => assert!(why.contains(words), "`{words}` not in: {why}"),
            Ok(()) => panic!("accepted"),
        }
    }

    /// A test that jumps back can loop until its fuel runs out, every time it is asked (the
    /// `dogmac` fuzz target's case 36114: a special achievement's condition evaluated at every
    /// step made a game take minutes).
    #[test]
    fn a_test_that_jumps_back_is_refused() {
        let edition = with_tests(&[Op::Int { value: 1 }]);
        validate(&edition).expect("valid");
        let edition = with_tests(&[Op::Int { value: 1 }, Op::Jump { target: 0 }]);
        refused(
            &edition,
            "op 0001 jumps back to op 0000 in a test or measure",
        );
    }

    /// A chunk that runs itself (or any chunk before it) would recurse until the stack ends.
    #[test]
    fn a_chunk_that_runs_itself_is_refused() {
        let run = |test| Op::CountPlayers {
            group: crate::terms::PlayerSet::All,
            test,
        };
        refused(
            &with_tests(&[run(1)]),
            "runs chunk 1, which does not come after it",
        );
        refused(
            &with_tests(&[run(0)]),
            "runs chunk 0, which does not come after it",
        );
    }

    #[test]
    fn an_effect_run_as_a_test_is_refused() {
        let mut edition = with_tests(&[Op::CountPlayers {
            group: crate::terms::PlayerSet::All,
            test: 2,
        }]);
        let mut effect = edition.chunks[0].clone();
        effect.ops = vec![Op::Return];
        effect.spans.truncate(1);
        edition.chunks.push(effect);
        refused(
            &edition,
            "runs chunk 2 as a test or measure, but it is an effect",
        );
    }

    /// Tests inside tests nest at most `SUB_PROGRAM_DEPTH` deep.
    #[test]
    fn tests_nested_too_deeply_are_refused() {
        let chain = |depth: usize| {
            let run = |test| Op::CountPlayers {
                group: crate::terms::PlayerSet::All,
                test,
            };
            let mut edition = with_tests(&[run(2)]);
            for i in 2..=depth {
                let mut test = edition.chunks[1].clone();
                if i == depth {
                    test.ops = vec![Op::Int { value: 1 }, Op::Return];
                } else {
                    test.ops[0] = run(i as u16 + 1);
                }
                test.spans = vec![test.spans[0]; test.ops.len()];
                edition.chunks.push(test);
            }
            edition
        };
        validate(&chain(SUB_PROGRAM_DEPTH)).expect("valid at the limit");
        refused(
            &chain(SUB_PROGRAM_DEPTH + 1),
            &format!("nested {} deep", SUB_PROGRAM_DEPTH + 1),
        );
    }
}
