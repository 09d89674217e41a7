//! No input makes the checker panic: every card file of the repository, truncated and mangled in
//! many deterministic ways, is checked and must come back with a program or with diagnostics.

use dogma_compiler::{check, Options, SourceFile};
use std::path::Path;

/// A small deterministic generator (SplitMix64), so that failures reproduce.
struct Mixer(u64);

impl Mixer {
    fn next(&mut self, bound: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) % bound.max(1) as u64) as usize
    }
}

fn check_text(text: String) {
    let files = [SourceFile {
        name: "mangled.dogma".to_string(),
        text,
        set: "test".to_string(),
        layer: 0,
    }];
    let checked = check(&files, &Options::default());
    // Rendering every diagnostic must not panic either.
    let _ = dogma_compiler::render_errors(&files, &checked.errors);
}

#[test]
fn mangled_card_files_never_panic() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../cards/base");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .expect("cards/base")
        .map(|e| e.expect("entry").path())
        .collect();
    paths.sort();
    let mut mixer = Mixer(7);
    let pieces = [
        "{",
        "}",
        "[",
        "]",
        "\"",
        "#",
        "draw",
        "if",
        "you may",
        " ",
        "\n",
        "ü",
        "0",
        "99999999999",
    ];
    for path in paths {
        let text = std::fs::read_to_string(&path).expect("readable");
        // Keep the files short enough for a quick test: the first few cards.
        let text: String = text.chars().take(1500).collect();
        let chars: Vec<char> = text.chars().collect();
        for _ in 0..25 {
            let at = mixer.next(chars.len());
            // Truncated.
            check_text(chars[..at].iter().collect());
            // A character removed.
            let mut removed = chars.clone();
            removed.remove(at);
            check_text(removed.into_iter().collect());
            // A piece inserted.
            let mut inserted: String = chars[..at].iter().collect();
            inserted.push_str(pieces[mixer.next(pieces.len())]);
            inserted.extend(&chars[at..]);
            check_text(inserted);
        }
    }
}
