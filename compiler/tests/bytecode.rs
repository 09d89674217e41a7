//! The bytecode back end: the whole base set compiles, every chunk is well formed (ends with
//! `Return`, operands in range, stacks balanced on every path), the `.dogmac` encoding round
//! trips, and the disassembly of chosen cards is pinned by snapshots (source, then bytecode).
//!
//! To regenerate the snapshots after a deliberate change, run
//! `INSTA_UPDATE=always cargo test -p dogma-compiler --test bytecode` and review the diff.

use dogma_compiler::lower::{compile_edition, disassemble, disassemble_chunks, LowerError};
use dogma_compiler::{check, render_errors, Options, SourceFile};
use dogma_runtime::bytecode::{Chunk, ChunkKind, CompiledEdition, Op, Rules, NO_CHUNK};
use dogma_runtime::dogmac;
use std::path::Path;
use std::sync::OnceLock;

fn base_files() -> Vec<SourceFile> {
    files_in("cards/base", "base")
}

/// The card files of a folder of the repository, as one tree of the set.
fn files_in(folder: &str, set: &str) -> Vec<SourceFile> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(folder);
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .expect("the folder exists")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "dogma"))
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|p| SourceFile {
            name: format!(
                "{folder}/{}",
                p.file_name().unwrap_or_default().to_string_lossy()
            ),
            text: std::fs::read_to_string(&p).expect("readable"),
            set: set.to_string(),
            layer: 0,
        })
        .collect()
}

/// The base set's sources and its compiled edition, built once.
fn base() -> &'static (Vec<SourceFile>, CompiledEdition) {
    static BASE: OnceLock<(Vec<SourceFile>, CompiledEdition)> = OnceLock::new();
    BASE.get_or_init(|| {
        let files = base_files();
        let checked = check(
            &files,
            &Options::for_edition("third", dogma_runtime::bytecode::Rules::default()),
        );
        assert!(
            checked.errors.is_empty(),
            "{}",
            render_errors(&files, &checked.errors)
        );
        let names: Vec<String> = files.iter().map(|f| f.name.clone()).collect();
        let edition = compile_edition("third", Rules::default(), &checked.program, &names)
            .unwrap_or_else(|errors| panic!("{}", describe(&errors)));
        (files, edition)
    })
}

fn texts() -> Vec<String> {
    base().0.iter().map(|f| f.text.clone()).collect()
}

fn describe(errors: &[LowerError]) -> String {
    errors
        .iter()
        .map(|e| format!("{:?}: {}\n", e.span, e.message))
        .collect()
}

/// Compiles loose card sources (any edition's words allowed).
fn compile_source(text: &str) -> Result<CompiledEdition, Vec<LowerError>> {
    let files = vec![SourceFile {
        name: "test.dogma".to_string(),
        text: text.to_string(),
        set: "test".to_string(),
        layer: 0,
    }];
    let checked = check(&files, &Options::default());
    assert!(
        checked.errors.is_empty(),
        "{}",
        render_errors(&files, &checked.errors)
    );
    compile_edition(
        "test",
        Rules::default(),
        &checked.program,
        &["test.dogma".to_string()],
    )
}

fn all_chunks() -> impl Iterator<Item = (usize, &'static Chunk)> {
    base().1.chunks.iter().enumerate()
}

#[test]
fn the_base_set_compiles() {
    let edition = &base().1;
    assert_eq!(edition.cards.len(), 105);
    assert_eq!(edition.specials.len(), 5);
    let effects: usize = edition.cards.iter().map(|c| c.effects.len()).sum();
    assert!(edition.chunks.len() >= effects + edition.specials.len());
    assert_eq!(dogmac::validate(edition), Ok(()));
}

#[test]
fn every_chunk_ends_with_return_and_has_a_span_per_op() {
    for (i, chunk) in all_chunks() {
        assert_eq!(
            chunk.ops.last(),
            Some(&Op::Return),
            "chunk {i} {}",
            chunk.name
        );
        assert_eq!(
            chunk.ops.len(),
            chunk.spans.len(),
            "chunk {i} {}",
            chunk.name
        );
    }
}

#[test]
fn every_jump_target_is_in_range() {
    for (i, chunk) in all_chunks() {
        for (at, op) in chunk.ops.iter().enumerate() {
            for t in dogmac::refs(op).targets {
                assert!(
                    (t as usize) < chunk.ops.len(),
                    "chunk {i} {} op {at}: {op:?}",
                    chunk.name
                );
            }
        }
    }
}

#[test]
fn every_statement_operand_is_below_the_chunks_count() {
    for (i, chunk) in all_chunks() {
        for (at, op) in chunk.ops.iter().enumerate() {
            let refs = dogmac::refs(op);
            let listed = refs
                .lists
                .iter()
                .flat_map(|l| chunk.lists[*l as usize].iter().copied());
            for s in refs.stmts.iter().copied().chain(listed) {
                assert!(s < chunk.stmts, "chunk {i} {} op {at}: {op:?}", chunk.name);
            }
        }
    }
}

#[test]
fn every_chunk_card_and_special_operand_is_in_range() {
    let edition = &base().1;
    for (i, chunk) in all_chunks() {
        for (at, op) in chunk.ops.iter().enumerate() {
            let refs = dogmac::refs(op);
            let at = format!("chunk {i} {} op {at}: {op:?}", chunk.name);
            for c in refs.chunks {
                assert!((c as usize) < edition.chunks.len(), "{at}");
                assert_ne!(c as usize, i, "{at}: a chunk calls itself");
            }
            if let Some(c) = refs.optional_chunk {
                assert!(c == NO_CHUNK || (c as usize) < edition.chunks.len(), "{at}");
            }
            for c in refs.cards {
                assert!((c as usize) < edition.cards.len(), "{at}");
            }
            for s in refs.specials {
                assert!((s as usize) < edition.specials.len(), "{at}");
            }
            for l in refs.lists {
                assert!((l as usize) < chunk.lists.len(), "{at}");
            }
        }
    }
    for card in &edition.cards {
        for effect in &card.effects {
            let chunk = &edition.chunks[effect.chunk as usize];
            assert_eq!(chunk.kind, ChunkKind::Effect, "{}", card.title);
            assert!(chunk.name.starts_with(&card.title), "{}", chunk.name);
        }
    }
    for special in &edition.specials {
        let condition = special.condition.expect("the base set's conditions");
        let chunk = &edition.chunks[condition as usize];
        assert_eq!(chunk.kind, ChunkKind::Condition, "{}", special.name);
    }
}

/// How an op changes the depths of the int stack and the card-set stack: what it needs there,
/// then what it leaves in their place (from the stack effects documented on `Op`).
fn stack_effect(op: &Op) -> ((usize, usize), (usize, usize)) {
    use Op::*;
    // ((ints taken, sets taken), (ints left, sets left))
    match *op {
        Jump { .. }
        | Return
        | RepeatEffect
        | EndDogma
        | EndGame
        | Nop
        | ActorEnd
        | Lasting { .. }
        | AdditionalAction { .. } => ((0, 0), (0, 0)),
        Repeats => ((0, 0), (1, 0)),
        ActorStart { .. } | ColorsStart | ChooseColors { .. } => ((1, 0), (0, 0)),
        ColorsNext { .. } => ((0, 0), (0, 0)),
        LoopColor => ((0, 0), (1, 0)),
        ChooseValueRange { .. } => ((2, 0), (0, 0)),
        // A list of values (`v1 … vk k`) is made and consumed with nothing between: one slot.
        BonusValues { group: None, .. } | ValuesBelow | ReverseValues => ((1, 0), (1, 0)),
        BonusValues { group: Some(_), .. } | LoopValue | ChosenValues { .. } => ((0, 0), (1, 0)),
        SetValues | CardBonuses | CardIcons { .. } => ((0, 1), (1, 0)),
        ValuesStart | ChooseValueListed { .. } => ((1, 0), (0, 0)),
        ValuesNext { .. } | CardsNext { .. } => ((0, 0), (0, 0)),
        CardsStart | CardsTake { .. } => ((0, 1), (0, 0)),
        CardsLeft => ((0, 0), (0, 1)),
        InitParam { .. } | SetParam { .. } => ((1, 0), (0, 0)),
        Param { .. } => ((0, 0), (1, 0)),
        DeckCards { .. } | DeckEnd { .. } => ((1, 0), (0, 1)),
        ChosenDeckEnd { .. } => ((0, 0), (0, 1)),
        OwnerOfCards | TypeOf => ((0, 1), (1, 0)),
        KeepClaimable { .. } => ((1, 1), (0, 1)),
        AvailableCards | CandidateCard => ((0, 0), (0, 1)),
        Above
        | Below
        | KeepDemand
        | KeepEffects { .. }
        | KeepSplayedPile
        | KeepBonus { .. }
        | KeepParity { .. }
        | KeepSet { .. }
        | KeepChosenIcons { .. }
        | KeepPileBottom { .. }
        | KeepAllButTop { .. }
        | KeepPileTop { .. }
        | ChooseSharedValue { .. }
        | ChooseSharedColor { .. } => ((0, 1), (0, 1)),
        KeepCards => ((0, 2), (0, 1)),
        Mark { .. } | TransferToOwners { .. } => ((0, 1), (0, 0)),
        KeepSharingIcon | KeepSameIcons | KeepBeforeInAlphabet => ((0, 2), (0, 1)),
        ValuesMatch => ((0, 2), (1, 0)),
        TotalValue => ((0, 1), (1, 0)),
        ChooseValueFrom { n, .. } => ((n as usize, 0), (0, 0)),
        JunkSpecial { .. } | RestoreSpecial { .. } => ((0, 0), (0, 0)),
        Pick {
            count: dogma_runtime::terms::Count::Computed,
            ..
        } => ((1, 1), (0, 1)),
        JumpIfFalse { .. } | LoopStart => ((1, 0), (0, 0)),
        LoopNext { .. } | EachStart { .. } | EachNext { .. } => ((0, 0), (0, 0)),
        Int { .. } => ((0, 0), (1, 0)),
        Add | Sub | Mul | Compare { .. } | And | Or | BitOr | BitAnd => ((2, 0), (1, 0)),
        Div { .. } | Half { .. } | Not | PopCount => ((1, 0), (1, 0)),
        Dup => ((1, 0), (2, 0)),
        Nip => ((2, 0), (1, 0)),
        Swap => ((2, 0), (2, 0)),
        Pop => ((1, 0), (0, 0)),
        Player { .. } | ChosenPlayer { .. } | ChoosePlayer { .. } => ((0, 0), (1, 0)),
        Zone { .. } => ((1, 0), (0, 1)),
        ZoneOfGroup { .. }
        | Bound { .. }
        | BoundAnywhere { .. }
        | BoundNth { .. }
        | Card { .. }
        | ThisCard => ((0, 0), (0, 1)),
        History { by, .. } => ((usize::from(by), 0), (0, 1)),
        Beneath => ((0, 1), (0, 1)),
        DupSet => ((0, 1), (0, 2)),
        PopSet => ((0, 1), (0, 0)),
        Union | DropCards => ((0, 2), (0, 1)),
        KeepColors | KeepValueCmp { .. } | KeepColorOnBoard { .. } | KeepEligible { .. } => {
            ((1, 1), (0, 1))
        }
        KeepValues { n } => ((n as usize, 1), (0, 1)),
        KeepBeenOnEveryBoard { started } => ((usize::from(started), 1), (0, 1)),
        DropColor { .. }
        | KeepIcons { .. }
        | DropIcon { .. }
        | KeepSlots { .. }
        | DropSpecials { .. }
        | KeepColorOnGroup { .. }
        | KeepTop
        | KeepIf { .. }
        | KeepNotPileBottom
        | KeepVisibleSlot { .. }
        | KeepNth { .. }
        | Pick { .. }
        | Order { .. }
        | BottomFirst => ((0, 1), (0, 1)),
        ValueOf
        | BonusOf
        | ExtremeValue { .. }
        | CountCards
        | DistinctValues
        | DistinctColors
        | ColorsOfCards => ((0, 1), (1, 0)),
        CandidateColor | CandidateValue | ChosenValue { .. } | ChosenColors { .. } => {
            ((0, 0), (1, 0))
        }
        BoardColors => ((1, 0), (2, 0)),
        ColorsSplayed { .. }
        | ColorsWithMostCards
        | ColorsByVisibleCards { .. }
        | ColorsWithIcon { .. }
        | ColorsWithoutIcon { .. }
        | ColorsOnGroup { .. } => ((2, 0), (2, 0)),
        ColorsOnBoard { .. } | ColorsWithMoreVisible => ((3, 0), (2, 0)),
        VisibleCards | MostOfOneIcon => ((2, 0), (1, 0)),
        Measure { .. } | VersusEach { .. } | SameVisibleCards | TookFrom { .. } => ((1, 0), (1, 0)),
        IsSplayed { .. } | Eligible => ((2, 0), (1, 0)),
        ChooseExtremePlayer { .. } | OnlyRemaining => ((0, 0), (1, 0)),
        Did { .. }
        | Changed { .. }
        | Moved { .. }
        | QuantifyPlayers { .. }
        | OnlyPlayer { .. }
        | CountPlayers { .. } => ((0, 0), (1, 0)),
        QuantifyCards { .. } => ((0, 2), (1, 0)),
        AskYesNo { .. } | AskOption { .. } => ((0, 0), (1, 0)),
        Choose { .. } | Claim { .. } | WinSingle { .. } | Combine { .. } | Afresh { .. } => {
            ((0, 0), (0, 0))
        }
        PickColor { .. } => ((2, 0), (2, 0)),
        ChoosePileColor { .. } => ((1, 0), (1, 0)),
        ChoosePileOwner { .. } => ((1, 0), (2, 0)),
        Draw { .. } | Splay { .. } | Unsplay { .. } | Rearrange { .. } => ((2, 0), (0, 0)),
        DrawOfSet { .. } => ((3, 0), (0, 0)),
        SplayLike { .. } => ((3, 0), (0, 0)),
        PileSplay => ((2, 0), (1, 0)),
        Move { .. } | SelfExecute { .. } | ExecuteAsIf { .. } | Look { .. } => ((0, 1), (0, 0)),
        Transfer { .. } => ((1, 1), (0, 0)),
        Exchange { .. } => ((2, 2), (0, 0)),
        Win | Lose => ((1, 0), (0, 0)),
    }
}

/// Follows every path through a chunk: the stacks never underflow, every op is reached with
/// the same depths from each path, and `Return` leaves nothing (an effect) or one int (a pure
/// chunk).
fn check_stacks(chunk: &Chunk) -> Result<(), String> {
    let mut depth: Vec<Option<(usize, usize)>> = vec![None; chunk.ops.len()];
    let mut work = vec![(0usize, (0usize, 0usize))];
    while let Some((at, (ints, sets))) = work.pop() {
        let Some(op) = chunk.ops.get(at) else {
            return Err(format!("falls off the end at {at}"));
        };
        match depth[at] {
            Some(seen) if seen == (ints, sets) => continue,
            Some(seen) => {
                return Err(format!(
                    "op {at:04} {op:?} reached with depths {seen:?} and {:?}",
                    (ints, sets)
                ))
            }
            None => depth[at] = Some((ints, sets)),
        }
        let ((take_i, take_s), (give_i, give_s)) = stack_effect(op);
        if ints < take_i || sets < take_s {
            return Err(format!(
                "op {at:04} {op:?} needs {:?} but has {:?}",
                (take_i, take_s),
                (ints, sets)
            ));
        }
        let after = (ints - take_i + give_i, sets - take_s + give_s);
        match *op {
            Op::Return => {
                let want = if chunk.kind == ChunkKind::Effect {
                    (0, 0)
                } else {
                    (1, 0)
                };
                if after != want {
                    return Err(format!("returns with depths {after:?}, not {want:?}"));
                }
            }
            Op::Jump { target } => work.push((target as usize, after)),
            Op::JumpIfFalse { target } => {
                work.push((target as usize, after));
                work.push((at + 1, after));
            }
            Op::LoopNext { exit }
            | Op::EachNext { exit }
            | Op::ActorStart { exit }
            | Op::ColorsNext { exit }
            | Op::ValuesNext { exit }
            | Op::CardsNext { exit } => {
                work.push((exit as usize, after));
                work.push((at + 1, after));
            }
            _ => work.push((at + 1, after)),
        }
    }
    Ok(())
}

#[test]
fn every_path_keeps_the_stacks_balanced() {
    let mut problems = Vec::new();
    for (i, chunk) in all_chunks() {
        if let Err(e) = check_stacks(chunk) {
            problems.push(format!("chunk {i} ({}): {e}", chunk.name));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn pure_chunks_never_decide() {
    for (i, chunk) in all_chunks() {
        if chunk.kind == ChunkKind::Effect {
            continue;
        }
        for op in &chunk.ops {
            assert!(
                !matches!(
                    op,
                    Op::ChoosePlayer { .. }
                        | Op::Pick { .. }
                        | Op::Order { .. }
                        | Op::AskYesNo { .. }
                        | Op::AskOption { .. }
                        | Op::Choose { .. }
                        | Op::PickColor { .. }
                        | Op::ChoosePileColor { .. }
                        | Op::ChoosePileOwner { .. }
                        | Op::Draw { .. }
                        | Op::DrawOfSet { .. }
                        | Op::Move { .. }
                        | Op::Transfer { .. }
                        | Op::Exchange { .. }
                ),
                "chunk {i} ({}): {op:?}",
                chunk.name
            );
        }
    }
}

#[test]
fn the_encoded_edition_round_trips() {
    let edition = &base().1;
    let bytes = dogmac::encode(edition).expect("encodes");
    let ops: usize = edition.chunks.iter().map(|c| c.ops.len()).sum();
    eprintln!(
        "the encoded base edition: {} bytes ({} cards, {} chunks, {} ops)",
        bytes.len(),
        edition.cards.len(),
        edition.chunks.len(),
        ops
    );
    assert_eq!(dogmac::decode(&bytes).as_ref(), Ok(edition));
    assert!(dogmac::decode(&bytes[..bytes.len() / 2]).is_err());
}

#[test]
fn the_disassembly_covers_every_op() {
    let edition = &base().1;
    let text = disassemble(edition, &texts());
    let ops: usize = edition.chunks.iter().map(|c| c.ops.len()).sum();
    let op_lines = text
        .lines()
        .filter(|l| l.len() > 6 && l[..4].bytes().all(|b| b.is_ascii_digit()))
        .count();
    assert_eq!(op_lines, ops);
    assert!(
        text.starts_with("; edition third, bytecode format"),
        "{text}"
    );
    // Without the texts, locations are byte offsets.
    let bare = disassemble_chunks(edition, &[], |c| c.name == "Archery, demand 1");
    assert!(bare.contains("; cards/base/age01.dogma@"), "{bare}");
}

/// A card's source text, from its span.
fn card_source(title: &str) -> String {
    let (files, edition) = base();
    let index = edition.card_by_title(title).expect("card exists");
    let span = edition.card(index).span;
    files[span.file as usize].text[span.start as usize..span.end as usize].to_string()
}

fn card_snapshot(title: &str) -> String {
    let edition = &base().1;
    let prefix = format!("{title}, ");
    let code = disassemble_chunks(edition, &texts(), |c| c.name.starts_with(&prefix));
    format!(
        "----- SOURCE\n{}\n\n----- BYTECODE\n{code}",
        card_source(title)
    )
}

#[test]
fn snapshots_of_chosen_cards() {
    for title in [
        "Archery",
        "Oars",
        "Road Building",
        "Societies",
        "Democracy",
        "Evolution",
        "Collaboration",
        "Software",
    ] {
        let name = title.to_lowercase().replace(' ', "_");
        insta::assert_snapshot!(name, card_snapshot(title));
    }
}

#[test]
fn snapshot_of_the_special_achievements() {
    let edition = &base().1;
    let names: Vec<String> = edition.specials.iter().map(|s| s.name.clone()).collect();
    let code = disassemble_chunks(edition, &texts(), |c| {
        names.iter().any(|n| c.name.starts_with(&format!("{n} / ")))
    });
    insta::assert_snapshot!("special_achievements", code);
}

const CARD: &str = "card \"Test\" {\n  age 1\n  color red\n  icons hex crown crown crown\n\n  effect crown {\n    BODY\n  }\n}\n";

/// Foreshadowing (Echoes) moves cards into the executor's forecast like any other verb.
#[test]
fn foreshadowing_moves_cards_to_the_forecast() {
    let edition = compile_source(&CARD.replace("BODY", "foreshadow a card from your hand"))
        .expect("foreshadow compiles");
    let chunk = &edition.chunks[edition.cards[0].effects[0].chunk as usize];
    assert!(
        chunk.ops.iter().any(|op| matches!(
            op,
            Op::Move {
                verb: dogma_runtime::terms::Verb::Foreshadow,
                ..
            }
        )),
        "{:?}",
        chunk.ops
    );
}

#[test]
fn an_exchange_of_several_zones_is_reported() {
    let errors = compile_source(&CARD.replace(
        "BODY",
        "exchange all cards from your hand and score pile with all cards from your board",
    ));
    let errors = errors.expect_err("an exchange side with two zones is not supported");
    assert!(
        errors[0].message.contains("exchange")
            && errors[0]
                .message
                .contains("not implemented in the bytecode back end"),
        "{}",
        errors[0].message
    );
}

#[test]
fn a_small_card_compiles_to_the_expected_ops() {
    let edition = compile_source(&CARD.replace(
        "BODY",
        "you may return up to 2 cards from your hand\n    if you do {\n      draw a [2]\n    }",
    ))
    .unwrap_or_else(|e| panic!("{}", describe(&e)));
    let chunk = &edition.chunks[0];
    assert_eq!(chunk.name, "Test, effect 1");
    assert_eq!(check_stacks(chunk), Ok(()));
    let text = disassemble_chunks(&edition, &[], |_| true);
    // The `you may` folds into an optional pick: no yes/no question.
    assert!(!text.contains("ask_yes_no"), "{text}");
    assert!(text.contains("pick 0..2 optional stmt=1"), "{text}");
    assert!(text.contains("order stmt=1"), "{text}");
}

/// A special achievement claimed on a move: one card-test chunk per trigger (the moved card is
/// the candidate), with the slot filter and the pile test of `onto`; no condition chunk.
#[test]
fn a_trigger_compiles_to_a_card_test() {
    let source = format!(
        "{}\nachievement \"Test Glory\" {{\n  when you tuck a card with flag or castle\n  when you meld a card without fountain onto a color splayed left\n}}\n",
        CARD.replace("BODY", "draw a [1]")
    );
    let edition = compile_source(&source).unwrap_or_else(|e| panic!("{}", describe(&e)));
    let special = &edition.specials[0];
    assert_eq!(special.condition, None);
    assert_eq!(special.triggers.len(), 2);
    assert_eq!(special.triggers[0].verb, dogma_runtime::terms::Verb::Tuck);
    for trigger in &special.triggers {
        let chunk = &edition.chunks[trigger.test as usize];
        assert_eq!(chunk.kind, ChunkKind::CardTest);
        assert_eq!(check_stacks(chunk), Ok(()));
    }
    assert_eq!(dogmac::validate(&edition), Ok(()));
    let text = disassemble(&edition, &[]);
    assert!(
        text.contains("special 0: Test Glory: on tuck -> chunk 1, on meld -> chunk 2"),
        "{text}"
    );
    assert!(text.contains("keep_slots castle flag"), "{text}");
    assert!(text.contains("drop_specials fountain"), "{text}");
    assert!(text.contains("colors_splayed left"), "{text}");
}

/// The designer test edition's own cards (tests/fixtures/designer): the constructs no official
/// card uses, compiled alone.
fn designer() -> &'static (Vec<SourceFile>, CompiledEdition) {
    static DESIGNER: OnceLock<(Vec<SourceFile>, CompiledEdition)> = OnceLock::new();
    DESIGNER.get_or_init(|| {
        let files = files_in("tests/fixtures/designer/designer-cards", "test");
        let checked = check(&files, &Options::for_edition("third", Rules::default()));
        assert!(
            checked.errors.is_empty(),
            "{}",
            render_errors(&files, &checked.errors)
        );
        let names: Vec<String> = files.iter().map(|f| f.name.clone()).collect();
        let edition = compile_edition("designer", Rules::default(), &checked.program, &names)
            .unwrap_or_else(|errors| panic!("{}", describe(&errors)));
        (files, edition)
    })
}

#[test]
fn the_designer_constructs_compile_to_well_formed_chunks() {
    let edition = &designer().1;
    assert_eq!(dogmac::validate(edition), Ok(()));
    let mut problems = Vec::new();
    for (i, chunk) in edition.chunks.iter().enumerate() {
        if let Err(e) = check_stacks(chunk) {
            problems.push(format!("chunk {i} ({}): {e}", chunk.name));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    let ops: Vec<Op> = edition.chunks.iter().flat_map(|c| c.ops.clone()).collect();
    for (new, found) in [
        (
            "ActorStart",
            ops.iter().any(|o| matches!(o, Op::ActorStart { .. })),
        ),
        (
            "ChooseExtremePlayer",
            ops.iter()
                .any(|o| matches!(o, Op::ChooseExtremePlayer { .. })),
        ),
        (
            "CountPlayers",
            ops.iter().any(|o| matches!(o, Op::CountPlayers { .. })),
        ),
        (
            "ChooseValueRange",
            ops.iter().any(|o| matches!(o, Op::ChooseValueRange { .. })),
        ),
        ("Repeats", ops.contains(&Op::Repeats)),
        ("ColorsStart", ops.contains(&Op::ColorsStart)),
        ("LoopColor", ops.contains(&Op::LoopColor)),
        (
            "ColorsWithoutIcon",
            ops.iter()
                .any(|o| matches!(o, Op::ColorsWithoutIcon { .. })),
        ),
        (
            "ChooseColors",
            ops.iter().any(|o| matches!(o, Op::ChooseColors { .. })),
        ),
        (
            "DeckEnd",
            ops.iter().any(|o| matches!(o, Op::DeckEnd { .. })),
        ),
        ("Look", ops.iter().any(|o| matches!(o, Op::Look { .. }))),
        ("Eligible", ops.contains(&Op::Eligible)),
        ("Afresh", ops.iter().any(|o| matches!(o, Op::Afresh { .. }))),
    ] {
        assert!(found, "no designer card uses {new}");
    }
}

#[test]
fn snapshot_of_the_designer_constructs() {
    let (files, edition) = designer();
    let texts: Vec<String> = files.iter().map(|f| f.text.clone()).collect();
    let code = disassemble_chunks(edition, &texts, |_| true);
    insta::assert_snapshot!("designer_constructs", code);
}
