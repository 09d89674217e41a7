//! The native back end: the native code built into each official edition (generated from its
//! sources by `native/build.rs`) carries today's fingerprint, a stale or missing native code is
//! refused with a reason, and a divergence between the back ends is found and reported at its
//! first differing event with the card and its source.

use dogma::differential::{compare, native_twin, random_game, setup};
use dogma::Backend;
use dogma_runtime::bytecode::CompiledEdition;
use dogma_runtime::game::Game;
use dogma_runtime::vm::{Frame, NativeCode, Program, StmtOutcome, Stop, VmResult};

fn root() {
    std::env::set_current_dir(env!("CARGO_MANIFEST_DIR")).expect("repository root");
}

#[test]
fn the_built_in_native_code_is_generated_from_todays_sources() {
    root();
    for name in dogma_native::EDITIONS {
        let edition = dogma::compile_edition(name).unwrap_or_else(|e| panic!("{name}: {e}"));
        let (_, fingerprint) = dogma_native::for_edition(name).expect("built in");
        assert_eq!(
            fingerprint,
            dogma_compiler::lower::rust::fingerprint(&edition).expect("fingerprint"),
            "{name}"
        );
    }
}

/// Native code whose fingerprint is not the edition's: generated from other sources.
fn stale(
    game: &mut Game,
    edition: &CompiledEdition,
    frame: &mut Frame,
    fuel: &mut u64,
    pure: bool,
    outer: Option<&[StmtOutcome]>,
) -> VmResult<Stop> {
    dogma_native::third::run(game, edition, frame, fuel, pure, outer)
}

#[test]
fn native_code_with_another_fingerprint_is_refused() {
    root();
    let mut edition = Program::from(dogma::compile_edition("third").expect("third compiles"));
    let (_, built) = dogma_native::for_edition("third").expect("built in");
    // Native code generated from other sources than the edition's.
    let error = dogma::attach_native(&mut edition, stale, built ^ 1).unwrap_err();
    assert!(error.contains("stale"), "{error}");
    assert!(edition.native.is_none());
    // The same code with the edition's own fingerprint is attached.
    dogma::attach_native(&mut edition, stale, built).expect("current");
    assert_eq!(edition.native.map(|n| n.fingerprint), Some(built));
}

#[test]
fn a_changed_edition_is_refused_by_the_native_back_end() {
    root();
    let mut changed = dogma::compile_edition("third").expect("third compiles");
    // A designer changed a card: the compiled edition no longer matches the native code.
    changed.cards[0].age += 1;
    let mut edition = Program::from(changed);
    let error = dogma::use_backend(&mut edition, Backend::Native).unwrap_err();
    assert!(error.contains("stale"), "{error}");
    assert!(error.contains("Rebuild dogma"), "{error}");
    assert!(error.contains("--backend vm"), "{error}");
    assert!(edition.native.is_none());

    let mut designer = Program::from(
        dogma::compile_edition("examples/tinkerers/tinkerers.toml").expect("compiles"),
    );
    let error = dogma::use_backend(&mut designer, Backend::Native).unwrap_err();
    assert!(error.contains("no native code built in"), "{error}");
    assert!(error.contains("--backend vm"), "{error}");
}

/// The third edition's native code, except that Agriculture's effect does nothing.
fn sabotaged(
    game: &mut Game,
    edition: &CompiledEdition,
    frame: &mut Frame,
    fuel: &mut u64,
    pure: bool,
    outer: Option<&[StmtOutcome]>,
) -> VmResult<Stop> {
    let agriculture = edition.card_by_title("Agriculture").expect("Agriculture");
    if frame.chunk == edition.card(agriculture).effects[0].chunk {
        return Ok(Stop::Done);
    }
    dogma_native::third::run(game, edition, frame, fuel, pure, outer)
}

#[test]
fn a_divergence_is_reported_at_its_first_event_with_the_card_and_its_source() {
    root();
    let vm = Program::from(dogma::compile_edition("third").expect("third compiles"));
    let mut broken = vm.clone();
    broken.native = Some(NativeCode {
        run: sabotaged,
        fingerprint: 0,
    });
    let mut found = None;
    for seed in 0..200 {
        let (a, _) = random_game(&vm, setup(2, seed)).expect("setup");
        let (b, _) = random_game(&broken, setup(2, seed)).expect("setup");
        if let Err(report) = compare(&a, &b) {
            found = Some(report);
            break;
        }
    }
    let report = found.expect("some game executes Agriculture");
    assert!(report.contains("diverge at event"), "{report}");
    assert!(report.contains("Agriculture's effect 1"), "{report}");
    assert!(report.contains("cards/base/age01.dogma:"), "{report}");
}

#[test]
fn the_native_code_plays_the_same_game_as_the_vm() {
    root();
    let vm = Program::from(dogma::compile_edition("third").expect("third compiles"));
    let native = native_twin(&vm).expect("current native code");
    for seed in 0..5 {
        let (a, error_a) = random_game(&vm, setup(3, seed)).expect("setup");
        let (b, error_b) = random_game(&native, setup(3, seed)).expect("setup");
        assert_eq!(error_a, error_b);
        compare(&a, &b).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_eq!(
            serde_json::to_string(&a.log).unwrap(),
            serde_json::to_string(&b.log).unwrap()
        );
    }
}

#[test]
fn a_designer_tree_builds_to_rust_with_safe_identifiers() {
    root();
    let edition = dogma::compile_edition("examples/tinkerers/tinkerers.toml").expect("compiles");
    let code = dogma_compiler::lower::rust::generate(&edition).expect("generates");
    assert!(code.contains("pub const EDITION: &str = \"tinkerers\";"));
    assert!(code.contains("pub fn run("));
    // One function per chunk, each named by its index (unique whatever the titles are).
    for i in 0..edition.chunks.len() {
        assert!(code.contains(&format!("fn chunk_{i}")), "chunk {i}");
    }
}

/// A native back end that carries out every op of a chunk through `Game::step`, as the code
/// `dogma build --target rust` generates does for each op it does not write out in place. None
/// of the designer constructs' ops is written in place, so on them this is the generated code's
/// path, without compiling an edition's Rust in a test.
fn stepped(
    game: &mut Game,
    edition: &CompiledEdition,
    frame: &mut Frame,
    fuel: &mut u64,
    pure: bool,
    outer: Option<&[StmtOutcome]>,
) -> VmResult<Stop> {
    let chunk = edition.chunk(frame.chunk);
    loop {
        if game.stops_before_op(frame, fuel)? {
            return Ok(Stop::Done);
        }
        let Some(op) = chunk.ops.get(frame.pc as usize).copied() else {
            return Err(game.ran_past_end(frame));
        };
        frame.pc += 1;
        if let Some(stop) = game.step(edition, chunk, frame, op, pure, outer)? {
            return Ok(stop);
        }
    }
}

#[test]
fn the_designer_constructs_run_the_same_on_the_native_path() {
    root();
    let edition =
        dogma::compile_edition("tests/fixtures/designer/designer.toml").expect("compiles");
    // The Rust back end writes each new op as a call to `Game::step`.
    let code = dogma_compiler::lower::rust::generate(&edition).expect("generates");
    for op in [
        "Op::ActorStart",
        "Op::ActorEnd",
        "Op::ChooseExtremePlayer",
        "Op::CountPlayers",
        "Op::ChooseValueRange",
        "Op::Repeats",
        "Op::ColorsStart",
        "Op::ColorsNext",
        "Op::LoopColor",
        "Op::ColorsWithoutIcon",
        "Op::ChooseColors",
        "Op::DeckEnd",
        "Op::Look",
        "Op::Eligible",
        "Op::Lasting",
        "Op::AdditionalAction",
    ] {
        assert!(code.contains(op), "{op} is not in the generated code");
    }
    let vm = Program::from(edition);
    let mut native = vm.clone();
    native.native = Some(NativeCode {
        run: stepped,
        fingerprint: 0,
    });
    let mut played = std::collections::BTreeSet::new();
    for seed in 0..12 {
        let (a, error_a) = random_game(&vm, setup(3, seed)).expect("setup");
        let (b, error_b) = random_game(&native, setup(3, seed)).expect("setup");
        assert_eq!(error_a, error_b, "seed {seed}");
        compare(&a, &b).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        for event in a.log.iter() {
            if let dogma_runtime::log::Event::Execute { card, .. } = event {
                let info = vm.card(*card);
                if info.set == "test" {
                    played.insert(info.title.clone());
                }
            }
        }
    }
    // The random games reach the made-up cards (all eleven, today).
    assert!(played.len() >= 8, "designer cards played: {played:?}");
}
