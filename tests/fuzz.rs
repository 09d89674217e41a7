//! The fuzz targets (`dogma::fuzz`) on stable: each target runs on inputs made by mutating its
//! corpus of real inputs with a seeded generator, and must neither panic nor take long over
//! one case (a hang). The number of cases per target is `DOGMA_FUZZ_CASES` (default 60, for
//! CI), the seed `DOGMA_FUZZ_SEED` (default 1): a long run is
//!
//! ```sh
//! DOGMA_FUZZ_CASES=100000 cargo test --release --test fuzz
//! ```
//!
//! A failing case is written to `target/fuzz-failures/` and named in the failure, with the
//! seed and case number that make it again (docs/fuzzing.md).

use dogma::fuzz::{corpus, mutator, Mixer, TARGETS};
use std::time::{Duration, Instant};

/// The longest one case may take before it counts as a hang.
const HANG: Duration = Duration::from_secs(20);

fn setting(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn fuzz(name: &str) {
    std::env::set_current_dir(env!("CARGO_MANIFEST_DIR")).expect("repository root");
    let cases = setting("DOGMA_FUZZ_CASES", 60);
    let seed = setting("DOGMA_FUZZ_SEED", 1);
    let target = TARGETS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, t)| *t)
        .expect("a target");
    let inputs = corpus(name);
    assert!(!inputs.is_empty(), "{name}: no corpus");
    let mutate = mutator(name);
    // Each target has its own stream of cases, so that one target's count does not change
    // another's inputs.
    let mut mixer = Mixer(
        seed ^ name
            .bytes()
            .fold(0u64, |h, b| h.rotate_left(5) ^ u64::from(b)),
    );
    let started = Instant::now();
    let mut slowest = Duration::ZERO;
    for case in 0..cases {
        let base = &inputs[mixer.below(inputs.len())];
        // One case in eight runs an input of the corpus unchanged, the rest a mutation of one.
        let input = if mixer.chance(8) {
            base.clone()
        } else {
            mutate(base, &mut mixer)
        };
        let begun = Instant::now();
        let result = std::panic::catch_unwind(|| target(&input));
        let took = begun.elapsed();
        slowest = slowest.max(took);
        if result.is_err() || took > HANG {
            let dir = std::path::Path::new("target/fuzz-failures");
            let _ = std::fs::create_dir_all(dir);
            let file = dir.join(format!("{name}-seed{seed}-case{case}"));
            let _ = std::fs::write(&file, &input);
            panic!(
                "{name}: case {case} (DOGMA_FUZZ_SEED={seed}) {}; its input is {}",
                if result.is_err() {
                    "panicked".to_string()
                } else {
                    format!("took {took:?} (a hang)")
                },
                file.display()
            );
        }
    }
    eprintln!(
        "fuzz {name}: {cases} cases in {:.1} s, the slowest {:.3} s",
        started.elapsed().as_secs_f64(),
        slowest.as_secs_f64()
    );
}

#[test]
fn card_source() {
    fuzz("card_source");
}

#[test]
fn manifest() {
    fuzz("manifest");
}

#[test]
fn scenario() {
    fuzz("scenario");
}

#[test]
fn saved_game() {
    fuzz("saved_game");
}

#[test]
fn dogmac() {
    fuzz("dogmac");
}

/// The saved games the `saved_game` target starts from include the designer edition's
/// constructs mid-flight (a lasting effect waiting, a player acting for a statement, a
/// colour loop), so that the validator's checks of them are fuzzed too.
#[test]
fn the_saved_games_hold_the_designer_constructs() {
    std::env::set_current_dir(env!("CARGO_MANIFEST_DIR")).expect("repository root");
    let saves: Vec<serde_json::Value> = corpus("saved_game")
        .iter()
        .filter_map(|s| serde_json::from_slice(s).ok())
        .filter(|s: &serde_json::Value| s["game"]["edition_name"] == "designer")
        .collect();
    let holds = |f: &dyn Fn(&serde_json::Value) -> bool| saves.iter().any(f);
    let frames = |s: &serde_json::Value| s["game"]["exec"]["frames"].as_array().cloned();
    let frame_has = |key: &'static str| {
        move |s: &serde_json::Value| {
            frames(s).is_some_and(|f| f.iter().any(|f| f.get(key).is_some()))
        }
    };
    assert!(
        holds(&|s| s["game"]["state"].get("lasting").is_some()),
        "a lasting effect waiting"
    );
    assert!(
        holds(&frame_has("actors")),
        "a player acting for a statement"
    );
    assert!(holds(&frame_has("color_loops")), "a colour loop");
}
