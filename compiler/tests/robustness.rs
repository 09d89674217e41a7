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

/// A card whose effect nests `levels` of one construct: `open` before the body and `close`
/// after it, `levels` times.
fn nested(open: &str, body: &str, close: &str, levels: usize) -> String {
    format!(
        "card \"Deep\" {{\n  age 1\n  color red\n  icons hex crown crown crown\n\n  effect crown {{\n{}{body}{}\n  }}\n}}\n",
        open.repeat(levels),
        close.repeat(levels)
    )
}

/// The ways a card can nest: blocks, `you may`, `not`, brackets and `half of`.
fn constructs(levels: usize) -> Vec<(&'static str, String)> {
    vec![
        (
            "if blocks",
            nested(
                "if you have at least 1 crown {\n",
                "draw a [1]",
                "\n}",
                levels,
            ),
        ),
        ("you may", nested("you may ", "draw a [1]", "", levels)),
        (
            "not",
            nested(
                "",
                &format!(
                    "if {}you have at least 1 crown {{ draw a [1] }}",
                    "not ".repeat(levels)
                ),
                "",
                1,
            ),
        ),
        (
            "brackets",
            nested("draw a [", "1", "]", 1).replace(
                "[1]",
                &format!("[{}1{}]", "(".repeat(levels), ")".repeat(levels)),
            ),
        ),
        (
            "half of",
            nested("draw a [", "1", "]", 1).replace(
                "[1]",
                &format!(
                    "[{}4{}]",
                    "half of ".repeat(levels),
                    " rounded up".repeat(levels)
                ),
            ),
        ),
    ]
}

/// The deepest level of grammar rules a source reaches without being refused, by halving.
fn deepest_accepted(make: &dyn Fn(usize) -> String) -> usize {
    let accepted = |n: usize| dogma_dsl::parse(&make(n)).is_ok();
    let (mut lo, mut hi) = (1, 2_000);
    while lo + 1 < hi {
        let mid = (lo + hi) / 2;
        if accepted(mid) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo
}

/// Every stage that walks a card (parse, check, format, render) runs on a thread with a small
/// stack (2 MiB, a test thread's) at the deepest nesting the parser accepts, for each kind of
/// nesting: the limit is far below the end of the stack.
#[test]
fn nesting_limit_is_far_below_the_stack() {
    let kinds: Vec<&str> = constructs(1).into_iter().map(|(k, _)| k).collect();
    for kind in kinds {
        let make = move |n: usize| {
            constructs(n)
                .into_iter()
                .find(|(k, _)| *k == kind)
                .map(|(_, text)| text)
                .unwrap_or_default()
        };
        let deepest = deepest_accepted(&make);
        eprintln!("{kind}: {deepest} levels accepted");
        let text = make(deepest);
        let worker = std::thread::Builder::new()
            .stack_size(2 << 20)
            .spawn(move || {
                let ast = dogma_dsl::parse(&text).expect("accepted");
                let formatted = dogma_dsl::format_source(&text).expect("formats");
                for item in &ast.items {
                    if let dogma_dsl::ast::Item::Card(card) = item {
                        let _ = dogma_dsl::render::render_card_text(card, Default::default());
                    }
                }
                check_text(text);
                check_text(formatted);
            })
            .expect("thread");
        assert!(worker.join().is_ok(), "{kind}: {deepest} levels overflow");
    }
}

/// Nesting past the limit is one error with its code (E0003), however deep: never a crash.
#[test]
fn too_deep_nesting_is_an_error() {
    for levels in [300, 1_525, 20_000, 100_000] {
        for (kind, text) in constructs(levels) {
            let files = [SourceFile {
                name: "deep.dogma".to_string(),
                text,
                set: "test".to_string(),
                layer: 0,
            }];
            let checked = check(&files, &Options::default());
            let codes: Vec<&str> = checked.errors.iter().map(|e| e.code()).collect();
            assert!(
                codes == ["E0003"] || kind == "you may" && codes.contains(&"E0003"),
                "{kind} at {levels} levels: {codes:?}"
            );
        }
    }
}
