//! The official editions' native code: Rust generated from their card sources when this crate is
//! built (`build.rs`, into `OUT_DIR`): one module per edition, dispatching its chunks to the
//! functions of `chunks`, where a chunk with the same ops in several editions is one function.
//! Nothing generated is committed: `dogma build --edition NAME --target rust` writes an
//! edition's functions for reading, the same functions under their own names.

use dogma_runtime::vm::NativeFn;

// `pub mod chunks; pub mod first; pub mod third; …`, each from the build script's output.
include!(concat!(env!("OUT_DIR"), "/editions.rs"));

/// The editions whose native code is built in (the same list as `EDITIONS` in `build.rs`).
pub const EDITIONS: [&str; 11] = [
    "first",
    "third",
    "fourth",
    "third+cities",
    "third+echoes",
    "third+cities+echoes",
    "third+artifacts",
    "third+artifacts+relics",
    "third+cities+echoes+artifacts+relics",
    "third+figures",
    "third+cities+echoes+artifacts+relics+figures",
];

/// Where the build script wrote the shared functions (`chunks.rs`) and each edition's module
/// (`NAME.rs`), for reading and for tests.
pub const GENERATED_IN: &str = env!("OUT_DIR");

/// The native code of an official edition, with the fingerprint of the compiled edition it was
/// generated from (compare it with `dogma_compiler::lower::rust::fingerprint` of the edition
/// compiled from the sources before running it). `None` for any other edition, and for an
/// official one whose sources did not compile when this crate was built.
pub fn for_edition(name: &str) -> Option<(NativeFn, u64)> {
    let (run, fingerprint, chunks) = match name {
        "first" => (first::run as NativeFn, first::FINGERPRINT, first::CHUNKS),
        "third" => (third::run as NativeFn, third::FINGERPRINT, third::CHUNKS),
        "fourth" => (fourth::run as NativeFn, fourth::FINGERPRINT, fourth::CHUNKS),
        "third+cities" => (
            third_cities::run as NativeFn,
            third_cities::FINGERPRINT,
            third_cities::CHUNKS,
        ),
        "third+echoes" => (
            third_echoes::run as NativeFn,
            third_echoes::FINGERPRINT,
            third_echoes::CHUNKS,
        ),
        "third+cities+echoes" => (
            third_cities_echoes::run as NativeFn,
            third_cities_echoes::FINGERPRINT,
            third_cities_echoes::CHUNKS,
        ),
        "third+artifacts" => (
            third_artifacts::run as NativeFn,
            third_artifacts::FINGERPRINT,
            third_artifacts::CHUNKS,
        ),
        "third+artifacts+relics" => (
            third_artifacts_relics::run as NativeFn,
            third_artifacts_relics::FINGERPRINT,
            third_artifacts_relics::CHUNKS,
        ),
        "third+cities+echoes+artifacts+relics" => (
            third_cities_echoes_artifacts_relics::run as NativeFn,
            third_cities_echoes_artifacts_relics::FINGERPRINT,
            third_cities_echoes_artifacts_relics::CHUNKS,
        ),
        "third+figures" => (
            third_figures::run as NativeFn,
            third_figures::FINGERPRINT,
            third_figures::CHUNKS,
        ),
        "third+cities+echoes+artifacts+relics+figures" => (
            third_cities_echoes_artifacts_relics_figures::run as NativeFn,
            third_cities_echoes_artifacts_relics_figures::FINGERPRINT,
            third_cities_echoes_artifacts_relics_figures::CHUNKS,
        ),
        _ => return None,
    };
    (chunks > 0).then_some((run, fingerprint))
}
