//! `dogma gallery`: the site is well-formed, holds every card of the game with its face, and
//! every link resolves; in a real browser (headless Chromium, which .ci/run installs), a filter
//! and a search given in the address show only the cards that match, and a screenshot is not
//! blank.

use std::path::{Path, PathBuf};
use std::process::Command;

fn dogma(args: &[&str]) {
    let out = Command::new(env!("CARGO_BIN_EXE_dogma"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("dogma runs");
    assert_eq!(
        out.status.code(),
        Some(0),
        "dogma {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The site of the third edition with Cities and a small stats report, built once per test.
fn site(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dogma-gallery-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let stats = dir.join("stats");
    let site = dir.join("site");
    dogma(&[
        "stats",
        "--expansions",
        "cities",
        "--games",
        "20",
        "-o",
        stats.to_str().unwrap(),
    ]);
    dogma(&[
        "gallery",
        "--expansions",
        "cities",
        "--stats",
        stats.to_str().unwrap(),
        "-o",
        site.to_str().unwrap(),
    ]);
    site
}

fn parse(text: &str) -> roxmltree::Document<'_> {
    let options = roxmltree::ParsingOptions {
        allow_dtd: true,
        ..Default::default()
    };
    roxmltree::Document::parse_with_options(text, options).expect("well-formed")
}

#[test]
fn the_site_holds_every_card_and_every_link_resolves() {
    let site = site("links");
    let html = std::fs::read_to_string(site.join("index.html")).expect("index.html");
    let doc = parse(&html);
    let articles: Vec<_> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("card"))
        .collect();
    std::env::set_current_dir(env!("CARGO_MANIFEST_DIR")).expect("root");
    let edition = dogma::compile_edition("third+cities").expect("compiles");
    assert_eq!(articles.len(), edition.cards.len());
    for card in &edition.cards {
        assert!(
            articles
                .iter()
                .any(|a| a.attribute("data-title") == Some(card.title.as_str())),
            "{}",
            card.title
        );
    }
    let mut links = 0;
    for node in doc.descendants() {
        for attribute in ["src", "href"] {
            if let Some(target) = node.attribute(attribute) {
                let file = site.join(target);
                assert!(file.is_file(), "{target} does not resolve");
                if target.ends_with(".svg") {
                    parse(&std::fs::read_to_string(&file).expect("svg"));
                }
                links += 1;
            }
        }
    }
    assert!(links > 500, "{links} links");
    // Scenarios are listed under the cards they name, and the stats are shown.
    assert!(html.contains("<ul class=\"scenarios\">"));
    assert!(html.contains("class=\"stats\">in 20 games"));
    let _ = std::fs::remove_dir_all(site.parent().expect("parent"));
}

fn chromium() -> Option<PathBuf> {
    ["chromium", "chromium-browser", "google-chrome"]
        .iter()
        .find_map(|name| {
            std::env::var_os("PATH").and_then(|paths| {
                std::env::split_paths(&paths)
                    .map(|p| p.join(name))
                    .find(|p| p.is_file())
            })
        })
}

fn headless(browser: &Path, args: &[&str]) -> std::process::Output {
    Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--allow-file-access-from-files",
        ])
        .args(args)
        .output()
        .expect("the browser runs")
}

#[test]
fn in_a_browser_a_filter_and_a_search_show_the_matching_cards() {
    let Some(browser) = chromium() else {
        // .ci/run installs Chromium; a machine without it cannot run this test.
        eprintln!("SKIPPED: no Chromium on this machine (.ci/run installs it)");
        return;
    };
    let site = site("browser");
    let page = format!("file://{}", site.join("index.html").display());
    // Red cards whose text says "score".
    let out = headless(
        &browser,
        &["--dump-dom", &format!("{page}?color=red&search=score")],
    );
    let dom = String::from_utf8_lossy(&out.stdout);
    let shown: Vec<&str> = dom
        .split("<article ")
        .skip(1)
        .filter(|a| !a[..a.find('>').unwrap_or(0)].contains("hidden"))
        .collect();
    assert!(
        !shown.is_empty(),
        "no card shown: {}",
        &dom[..dom.len().min(2000)]
    );
    for article in &shown {
        assert!(article.contains("data-color=\"red\""), "{article}");
        assert!(article.to_lowercase().contains("score"), "{article}");
    }
    assert!(dom.contains(&format!("{} cards", shown.len())), "the count");
    // A screenshot of the page: a blank page compresses to a few kilobytes.
    let shot = site.join("shot.png");
    let out = headless(
        &browser,
        &[
            &format!("--screenshot={}", shot.display()),
            "--window-size=1280,1000",
            &page,
        ],
    );
    assert!(shot.is_file(), "{}", String::from_utf8_lossy(&out.stderr));
    let size = std::fs::metadata(&shot).expect("png").len();
    assert!(size > 40_000, "a {size}-byte screenshot looks blank");
    let _ = std::fs::remove_dir_all(site.parent().expect("parent"));
}
