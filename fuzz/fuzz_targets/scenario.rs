//! cargo-fuzz target: `dogma::fuzz::scenario` on libFuzzer's inputs (the repository's `cards/` is
//! read from the repository root).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(
    init: {
        let _ = std::env::set_current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."));
    },
    |data: &[u8]| dogma::fuzz::scenario(data)
);
