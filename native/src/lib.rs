//! The official editions' native code: Rust generated from their card sources by
//! `dogma build --edition NAME --target rust -o native/src/NAME.rs` (one module per edition).
//! A test (`tests/native.rs`) regenerates each module and fails when a committed one is stale.

use dogma_runtime::vm::NativeFn;

// Laid out by prettyplease when generated; rustfmt leaves them as generated so that the staleness
// test can compare them byte for byte.
#[rustfmt::skip]
pub mod first;
#[rustfmt::skip]
pub mod fourth;
#[rustfmt::skip]
pub mod third;

/// The editions whose native code is built in.
pub const EDITIONS: [&str; 3] = ["first", "third", "fourth"];

/// The native code of an official edition, with the fingerprint of the compiled edition it was
/// generated from (compare it with `dogma_compiler::lower::rust::fingerprint` of the edition
/// compiled from the sources before running it).
pub fn for_edition(name: &str) -> Option<(NativeFn, u64)> {
    match name {
        "first" => Some((first::run as NativeFn, first::FINGERPRINT)),
        "third" => Some((third::run as NativeFn, third::FINGERPRINT)),
        "fourth" => Some((fourth::run as NativeFn, fourth::FINGERPRINT)),
        _ => None,
    }
}
