//! `dogma gallery`: a static site of every card of a game (one `index.html` plus the cards'
//! SVG faces, the scenarios that name them and their snapshots; no server, no network), with
//! filters by set, age, colour, icon and effect kind, a search box, and each card's statistics
//! when a `dogma stats` report is given.
//!
//! The page is well-formed XML (XHTML served as HTML), so tests parse it like the SVGs.

use crate::face::escape;
use crate::stats::Stats;
use dogma_runtime::bytecode::CompiledEdition;
use dogma_runtime::vocab::{Color, Icon};
use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// A file name for a title: lower-case letters, digits and dashes.
fn slug(title: &str) -> String {
    let mut out = String::new();
    for c in title.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    out.trim_end_matches('-').to_string()
}

/// The scenario files under `folders` (`*.toml`), sorted.
fn scenario_files(folders: &[PathBuf]) -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            match entry.file_type() {
                Ok(t) if t.is_dir() => walk(&path, out),
                Ok(t) if t.is_file() && path.extension().is_some_and(|e| e == "toml") => {
                    out.push(path)
                }
                _ => {}
            }
        }
    }
    let mut out = Vec::new();
    for folder in folders {
        walk(folder, &mut out);
    }
    out.sort();
    out
}

/// Whether a scenario is about a card: its name says the title, or it plays the card (a
/// `dogma`, `meld` or `endorse` action on it).
fn about(scenario: &str, title: &str) -> bool {
    let quoted = format!("\"{title}\"");
    scenario.lines().any(|line| {
        let line = line.trim();
        (line.starts_with("name = ") && line.contains(title))
            || ["dogma = ", "meld = ", "endorse = "]
                .iter()
                .any(|key| line.strip_prefix(key) == Some(quoted.as_str()))
    })
}

/// Whether a scenario plays the game `name` (`third+cities`): its `edition` names the same base
/// edition (a manifest path is taken as matching: a designer's scenarios sit beside their set).
fn same_game(scenario: &str, name: &str) -> bool {
    let base = name.split('+').next().unwrap_or(name);
    scenario
        .lines()
        .find_map(|l| l.trim().strip_prefix("edition = "))
        .map(|e| e.trim_matches('"'))
        .is_none_or(|e| e.ends_with(".toml") || e == base)
}

/// What the gallery shows.
pub struct Gallery<'a> {
    pub edition: &'a CompiledEdition,
    /// Each card's rendered text, by card index.
    pub texts: &'a [String],
    /// Folders of scenario files: a scenario that names a card (its title in quotes) is listed
    /// under it, copied with its snapshot.
    pub scenarios: Vec<PathBuf>,
    pub stats: Option<Stats>,
}

/// Writes the site into `dir`: `index.html`, `cards/SLUG.svg`, `scenarios/…`. Returns how many
/// cards it holds.
pub fn write(gallery: &Gallery, dir: &Path) -> Result<usize, String> {
    let make = |d: &Path| {
        std::fs::create_dir_all(d).map_err(|e| format!("cannot create {}: {e}", d.display()))
    };
    let put = |path: &Path, text: &str| crate::files::write_atomically(path, text.as_bytes());
    make(&dir.join("cards"))?;
    make(&dir.join("scenarios"))?;
    let edition = gallery.edition;
    // The scenarios and the cards they name.
    let scenarios: Vec<(PathBuf, String)> = scenario_files(&gallery.scenarios)
        .into_iter()
        .filter_map(|p| std::fs::read_to_string(&p).ok().map(|t| (p, t)))
        .collect();
    let mut copied: BTreeSet<String> = BTreeSet::new();
    let mut sets = BTreeSet::new();
    let mut articles = String::new();
    for (index, card) in edition.cards.iter().enumerate() {
        let text = gallery.texts.get(index).cloned().unwrap_or_default();
        let card_slug = slug(&card.title);
        put(
            &dir.join("cards").join(format!("{card_slug}.svg")),
            &crate::face::card_svg(card, &text),
        )?;
        sets.insert(card.set.clone());
        let icons: BTreeSet<&str> = card
            .slots
            .iter()
            .filter_map(|(_, s)| s.icon().map(Icon::word))
            .collect();
        let kinds: BTreeSet<&str> = card.effects.iter().map(|e| e.kind.word()).collect();
        let _ = write!(
            articles,
            r#"<article class="card" id="{card_slug}" data-title="{title}" data-set="{set}" data-age="{age}" data-color="{color}" data-icons="{icons}" data-kinds="{kinds}"><img src="cards/{card_slug}.svg" alt="{title}" width="360"/><details><summary>text</summary><pre class="text">{text}</pre></details>"#,
            title = escape(&card.title),
            set = escape(&card.set),
            age = card.age,
            color = card.color.word(),
            icons = icons.into_iter().collect::<Vec<_>>().join(" "),
            kinds = kinds.into_iter().collect::<Vec<_>>().join(" "),
            text = escape(&text),
        );
        // Its scenarios, copied beside the page with their snapshots.
        let mine: Vec<&(PathBuf, String)> = scenarios
            .iter()
            .filter(|(_, t)| about(t, &card.title) && same_game(t, &edition.name))
            .collect();
        if !mine.is_empty() {
            articles.push_str("<ul class=\"scenarios\">");
            for (path, source) in mine {
                let name = source
                    .lines()
                    .find_map(|l| l.strip_prefix("name = "))
                    .map(|n| n.trim_matches('"').to_string())
                    .unwrap_or_else(|| path.display().to_string());
                let file = slug(&path.with_extension("").display().to_string());
                if copied.insert(file.clone()) {
                    put(&dir.join("scenarios").join(format!("{file}.toml")), source)?;
                    if let Ok(snap) = std::fs::read_to_string(path.with_extension("snap")) {
                        put(&dir.join("scenarios").join(format!("{file}.snap")), &snap)?;
                    }
                }
                let snap = if dir.join("scenarios").join(format!("{file}.snap")).is_file() {
                    format!(r#" · <a href="scenarios/{file}.snap">snapshot</a>"#)
                } else {
                    String::new()
                };
                let _ = write!(
                    articles,
                    r#"<li><a href="scenarios/{file}.toml">{}</a>{snap}</li>"#,
                    escape(&name)
                );
            }
            articles.push_str("</ul>");
        }
        if let Some(stats) = &gallery.stats {
            if let Some(c) = stats.cards.get(&card.title) {
                let rate = c.win_rate().map_or("–".to_string(), |(p, lo, hi)| {
                    format!("{:.1}% ({:.1}–{:.1}%)", 100.0 * p, 100.0 * lo, 100.0 * hi)
                });
                let _ = write!(
                    articles,
                    r#"<p class="stats">in {} games: melded {}, dogma {}, shared {}, demanded {}; players who used it won {rate}; effect wins {}</p>"#,
                    stats.games, c.melded, c.dogma, c.shared, c.demanded, c.effect_wins
                );
            }
        }
        articles.push_str("</article>\n");
    }
    let options = |values: Vec<String>| -> String {
        values
            .iter()
            .map(|v| format!(r#"<option value="{0}">{0}</option>"#, escape(v)))
            .collect()
    };
    let ages: BTreeSet<u8> = edition.cards.iter().map(|c| c.age).collect();
    let page = format!(
        r#"<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" lang="en">
<head>
<meta charset="utf-8"/>
<title>{name}: every card</title>
<style>
body {{ font-family: sans-serif; margin: 1.5em; background: #f4f1ea; }}
#filters {{ position: sticky; top: 0; background: #f4f1ea; padding: .5em 0; }}
#cards {{ display: flex; flex-wrap: wrap; gap: 1em; }}
.card {{ width: 370px; background: #fff; border-radius: 8px; padding: 6px; }}
.card h2 {{ font-size: 1em; margin: .3em 0; }}
.card pre {{ white-space: pre-wrap; font-size: .8em; }}
.hidden {{ display: none; }}
</style>
</head>
<body>
<h1>{name}: every card</h1>
<div id="filters">
<input id="search" type="search" placeholder="search titles and text"/>
<select id="set"><option value="">every set</option>{sets}</select>
<select id="age"><option value="">every age</option>{ages}</select>
<select id="color"><option value="">every colour</option>{colors}</select>
<select id="icon"><option value="">every icon</option>{icons}</select>
<select id="kind"><option value="">every effect kind</option>{kinds}</select>
<span id="count"></span>
</div>
<div id="cards">
{articles}</div>
<script>
//<![CDATA[
const fields = ["set", "age", "color", "icon", "kind"];
function apply() {{
  const query = document.getElementById("search").value.toLowerCase();
  const chosen = Object.fromEntries(fields.map(f => [f, document.getElementById(f).value]));
  let shown = 0;
  for (const card of document.querySelectorAll(".card")) {{
    const d = card.dataset;
    const ok = (!query || card.textContent.toLowerCase().includes(query))
      && (!chosen.set || d.set === chosen.set)
      && (!chosen.age || d.age === chosen.age)
      && (!chosen.color || d.color === chosen.color)
      && (!chosen.icon || d.icons.split(" ").includes(chosen.icon))
      && (!chosen.kind || d.kinds.split(" ").includes(chosen.kind));
    card.classList.toggle("hidden", !ok);
    if (ok) shown++;
  }}
  document.getElementById("count").textContent = shown + " cards";
}}
for (const f of ["search", ...fields]) document.getElementById(f).addEventListener("input", apply);
// `index.html?color=red&search=oars` opens with those filters set.
for (const [key, value] of new URLSearchParams(location.search)) {{
  const field = document.getElementById(key);
  if (field) field.value = value;
}}
apply();
//]]>
</script>
</body>
</html>
"#,
        name = escape(&edition.name),
        sets = options(sets.into_iter().collect()),
        ages = options(ages.iter().map(u8::to_string).collect()),
        colors = options(Color::ALL.iter().map(|c| c.word().to_string()).collect()),
        icons = options(Icon::ALL.iter().map(|i| i.word().to_string()).collect()),
        kinds = options(
            ["demand", "nondemand", "compel", "echo"]
                .iter()
                .map(|k| k.to_string())
                .collect()
        ),
    );
    put(&dir.join("index.html"), &page)?;
    Ok(edition.cards.len())
}

#[cfg(test)]
mod tests {
    #[test]
    fn slugs_are_file_names() {
        assert_eq!(super::slug("A. I."), "a-i");
        assert_eq!(super::slug("Code of Laws"), "code-of-laws");
    }
}
