//! `dogma diff A B`: how two editions differ. Every rule variant whose value differs, the cards
//! and special achievements only one edition has, and each card whose rendered text differs, as a
//! line diff of that text (facts, then one line per effect).

use crate::library::{self, EditionSources};
use dogma_dsl::render::{self, Wording};
use similar::{ChangeTag, TextDiff};
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// What the report needs of one edition: its rules and each item's rendered text by title.
struct Side {
    name: String,
    rules: toml::Table,
    /// Title → (age, rendered text), for cards.
    cards: BTreeMap<String, (u8, String)>,
    /// Name → rendered condition, for special achievements.
    specials: BTreeMap<String, String>,
}

fn side(name: &str) -> Result<Side, String> {
    let sources = library::load_edition(name)?;
    let (checked, problems) = crate::check_sources(&sources);
    if !checked.errors.is_empty() || !problems.is_empty() {
        return Err(format!(
            "the {} edition has {} errors; run `dogma check --edition {name}`",
            sources.manifest.name,
            checked.errors.len() + problems.len()
        ));
    }
    let EditionSources { manifest, .. } = &sources;
    let wording: Wording = manifest.wording;
    let rules = match toml::Value::try_from(&manifest.rules) {
        Ok(toml::Value::Table(t)) => t,
        _ => return Err("cannot tabulate the rules".to_string()),
    };
    let mut cards = BTreeMap::new();
    for card in &checked.program.cards {
        if let Some(ast) = checked.card_ast(card.id) {
            cards.insert(
                card.title.clone(),
                (card.age, render::render_card_text(ast, wording)),
            );
        }
    }
    let mut specials = BTreeMap::new();
    for a in &checked.program.achievements {
        if let Some(ast) = checked.achievement_ast(a.id) {
            specials.insert(a.name.clone(), render::render_achievement(ast, wording));
        }
    }
    Ok(Side {
        name: manifest.name.clone(),
        rules,
        cards,
        specials,
    })
}

fn value_text(v: Option<&toml::Value>) -> String {
    match v {
        None => "(none)".to_string(),
        Some(toml::Value::String(s)) => s.clone(),
        Some(other) => other.to_string(),
    }
}

/// What differs between two editions, in the order the report prints it.
struct Comparison {
    a: Side,
    b: Side,
    /// Rule keys whose values differ.
    rules: Vec<String>,
    /// Card titles only `b` has, only `a` has, and those whose text differs; by age, then title.
    added: Vec<String>,
    removed: Vec<String>,
    changed: Vec<String>,
    /// Special achievements whose condition differs or that one side lacks.
    specials: Vec<String>,
}

fn compare(from: &str, to: &str) -> Result<Comparison, String> {
    let a = side(from)?;
    let b = side(to)?;
    let mut keys: Vec<&String> = a.rules.keys().chain(b.rules.keys()).collect();
    keys.sort();
    keys.dedup();
    let rules: Vec<String> = keys
        .into_iter()
        .filter(|k| a.rules.get(*k) != b.rules.get(*k))
        .cloned()
        .collect();
    let by_age = |side: &Side, t: &String| side.cards.get(t).map_or(0, |(age, _)| *age);
    let sorted = |side: &Side, mut titles: Vec<String>| {
        titles.sort_by_key(|t| (by_age(side, t), t.clone()));
        titles
    };
    let added = sorted(
        &b,
        b.cards
            .keys()
            .filter(|t| !a.cards.contains_key(*t))
            .cloned()
            .collect(),
    );
    let removed = sorted(
        &a,
        a.cards
            .keys()
            .filter(|t| !b.cards.contains_key(*t))
            .cloned()
            .collect(),
    );
    let changed = sorted(
        &a,
        a.cards
            .iter()
            .filter(|(t, (_, text))| b.cards.get(*t).is_some_and(|(_, other)| other != text))
            .map(|(t, _)| t.clone())
            .collect(),
    );
    let mut names: Vec<&String> = a.specials.keys().chain(b.specials.keys()).collect();
    names.sort();
    names.dedup();
    let specials = names
        .into_iter()
        .filter(|n| a.specials.get(*n) != b.specials.get(*n))
        .cloned()
        .collect();
    Ok(Comparison {
        a,
        b,
        rules,
        added,
        removed,
        changed,
        specials,
    })
}

/// The report comparing edition `from` with edition `to`.
pub fn diff(from: &str, to: &str) -> Result<String, String> {
    let Comparison {
        a,
        b,
        rules,
        added,
        removed,
        changed,
        specials,
    } = compare(from, to)?;
    let mut out = String::new();
    let _ = writeln!(out, "dogma diff {} {}", a.name, b.name);
    let _ = writeln!(out);

    let _ = writeln!(out, "Rules: {} differ", rules.len());
    let width = rules.iter().map(|k| k.len()).max().unwrap_or(0);
    let left = rules
        .iter()
        .map(|k| value_text(a.rules.get(k)).len())
        .max()
        .unwrap_or(0);
    for key in &rules {
        let _ = writeln!(
            out,
            "  {key:<width$}  {:<left$}  ->  {}",
            value_text(a.rules.get(key)),
            value_text(b.rules.get(key)),
        );
    }
    let _ = writeln!(out);

    let same = a.cards.len() - removed.len() - changed.len();
    let _ = writeln!(
        out,
        "Cards: {} in {}, {} in {}; {} added, {} removed, {} changed, {same} the same",
        a.cards.len(),
        a.name,
        b.cards.len(),
        b.name,
        added.len(),
        removed.len(),
        changed.len()
    );
    for title in &added {
        let _ = writeln!(out);
        let _ = writeln!(out, "+ added: {title}");
        for line in b.cards[title].1.lines() {
            let _ = writeln!(out, "  + {line}");
        }
    }
    for title in &removed {
        let _ = writeln!(out);
        let _ = writeln!(out, "- removed: {title}");
        for line in a.cards[title].1.lines() {
            let _ = writeln!(out, "  - {line}");
        }
    }
    for title in &changed {
        let _ = writeln!(out);
        let _ = writeln!(out, "~ changed: {title}");
        text_diff(&mut out, &a.cards[title].1, &b.cards[title].1);
    }
    let _ = writeln!(out);

    let _ = writeln!(
        out,
        "Special achievements: {} in {}, {} in {}; {} differ",
        a.specials.len(),
        a.name,
        b.specials.len(),
        b.name,
        specials.len()
    );
    for name in &specials {
        let _ = writeln!(out);
        match (a.specials.get(name), b.specials.get(name)) {
            (Some(x), Some(y)) => {
                let _ = writeln!(out, "~ changed: {name}");
                text_diff(&mut out, x, y);
            }
            (None, Some(y)) => {
                let _ = writeln!(out, "+ added: {name}");
                let _ = writeln!(out, "  + {y}");
            }
            (Some(x), None) => {
                let _ = writeln!(out, "- removed: {name}");
                let _ = writeln!(out, "  - {x}");
            }
            (None, None) => {}
        }
    }
    Ok(out)
}

/// The same comparison as one JSON object: `from`, `to`, `rules` (key, from, to), `cards`
/// (`added`, `removed`, `changed`: title, age, and the texts on each side) and
/// `special_achievements` (name, from, to; `null` where one side lacks it).
pub fn diff_json(from: &str, to: &str) -> Result<serde_json::Value, String> {
    use serde_json::json;
    let c = compare(from, to)?;
    let rule = |v: Option<&toml::Value>| v.map(|v| serde_json::to_value(v).unwrap_or_default());
    let text = |side: &Side, title: &String| side.cards.get(title).map(|(_, t)| t.clone());
    let age = |side: &Side, title: &String| side.cards.get(title).map(|(a, _)| *a);
    let card = |title: &String| {
        json!({
            "title": title,
            "age": age(&c.b, title).or(age(&c.a, title)),
            "from": text(&c.a, title),
            "to": text(&c.b, title),
        })
    };
    Ok(json!({
        "from": c.a.name,
        "to": c.b.name,
        "rules": c.rules.iter().map(|k| json!({
            "key": k,
            "from": rule(c.a.rules.get(k)),
            "to": rule(c.b.rules.get(k)),
        })).collect::<Vec<_>>(),
        "cards": {
            "from": c.a.cards.len(),
            "to": c.b.cards.len(),
            "added": c.added.iter().map(card).collect::<Vec<_>>(),
            "removed": c.removed.iter().map(card).collect::<Vec<_>>(),
            "changed": c.changed.iter().map(card).collect::<Vec<_>>(),
        },
        "special_achievements": c.specials.iter().map(|n| json!({
            "name": n,
            "from": c.a.specials.get(n),
            "to": c.b.specials.get(n),
        })).collect::<Vec<_>>(),
    }))
}

/// A line diff of two rendered texts: unchanged lines indented, others marked - and +.
fn text_diff(out: &mut String, old: &str, new: &str) {
    let diff = TextDiff::from_lines(old, new);
    for change in diff.iter_all_changes() {
        let mark = match change.tag() {
            ChangeTag::Equal => ' ',
            ChangeTag::Delete => '-',
            ChangeTag::Insert => '+',
        };
        let line = change.value().trim_end_matches('\n');
        let _ = writeln!(out, "  {mark} {line}");
    }
}
