//! Snapshots: the outcome and event log of a played scenario, kept beside it (`NAME.snap`),
//! compared on every run, written when new and replaced when accepted.

use super::expect::{achievement_words, sorted, titles};
use super::Scenario;
use dogma_runtime::bytecode::LastingWhen;
use dogma_runtime::game::Game;
use dogma_runtime::state::Seat;
use dogma_runtime::vocab::Color;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// The outcome and the event log of a played scenario, as the snapshot records them.
pub fn snapshot_text(scenario: &Scenario, game: &Game) -> String {
    let edition = game.edition();
    let names = game.names();
    let mut out = String::new();
    let _ = writeln!(out, "# Snapshot of the scenario \"{}\".", scenario.name);
    let _ = writeln!(
        out,
        "# Review a change, then accept it with `dogma test --accept {}`.",
        scenario.path.display()
    );
    let _ = writeln!(out, "\n== outcome ==");
    let winner = match &game.state.outcome {
        None => "none".to_string(),
        Some(o) if o.winners.is_empty() => "draw".to_string(),
        Some(o) => format!(
            "{} ({})",
            o.winners
                .iter()
                .map(|s| names[*s as usize].clone())
                .collect::<Vec<_>>()
                .join(", "),
            o.reason.word()
        ),
    };
    let _ = writeln!(out, "winner: {winner}");
    for (seat, p) in game.state.players.iter().enumerate() {
        if p.eliminated {
            let _ = writeln!(out, "{} (out of the game):", p.name);
        } else {
            let _ = writeln!(out, "{}:", p.name);
        }
        let _ = writeln!(
            out,
            "  hand: [{}]",
            sorted(titles(game, &p.hand)).join(", ")
        );
        let _ = writeln!(
            out,
            "  score: [{}] = {}",
            sorted(titles(game, &p.score_pile)).join(", "),
            game.state.score(edition, seat as Seat)
        );
        if let Some(card) = p.display {
            let _ = writeln!(out, "  display: {}", game.title(card));
        }
        if !p.forecast.is_empty() {
            let _ = writeln!(
                out,
                "  forecast: [{}]",
                sorted(titles(game, &p.forecast)).join(", ")
            );
        }
        let _ = writeln!(
            out,
            "  achievements: [{}]",
            sorted(achievement_words(game, &p.achievements)).join(", ")
        );
        for color in Color::ALL {
            let pile = p.pile(*color);
            if !pile.cards.is_empty() {
                let mut top_first = pile.cards.clone();
                top_first.reverse();
                let splay = pile
                    .splay
                    .map(|d| format!(" (splayed {d})"))
                    .unwrap_or_default();
                let _ = writeln!(
                    out,
                    "  {color}: [{}]{splay}",
                    titles(game, &top_first).join(", ")
                );
            }
        }
    }
    let sizes: Vec<String> = game
        .state
        .decks
        .iter()
        .enumerate()
        .skip(1)
        .map(|(age, d)| format!("{age}:{}", d.len()))
        .collect();
    let _ = writeln!(out, "supply: {}", sizes.join(" "));
    // Each expansion's supply in play, on a line of its own.
    for (set, decks) in edition.rules.expansions.iter().zip(&game.state.set_decks) {
        let sizes: Vec<String> = decks
            .iter()
            .enumerate()
            .skip(1)
            .map(|(age, d)| format!("{age}:{}", d.len()))
            .collect();
        let _ = writeln!(out, "{set} supply: {}", sizes.join(" "));
    }
    // Artifacts with the Relics: those still beside their decks.
    if edition.cards.iter().any(|c| c.relic.is_some()) {
        let beside: Vec<u16> = (0..edition.cards.len() as u16)
            .filter(|c| game.state.location(*c) == dogma_runtime::state::Location::Relic)
            .collect();
        let _ = writeln!(out, "relics: [{}]", titles(game, &beside).join(", "));
    }
    let ages: Vec<String> = game
        .state
        .available
        .iter()
        .map(|c| edition.card(*c).age.to_string())
        .collect();
    let _ = writeln!(out, "available achievements: [{}]", ages.join(", "));
    let specials: Vec<&str> = game
        .state
        .specials
        .iter()
        .map(|s| edition.specials[*s as usize].name.as_str())
        .collect();
    let _ = writeln!(out, "available specials: [{}]", specials.join(", "));
    if !game.state.junked_specials.is_empty() {
        let junked: Vec<&str> = game
            .state
            .junked_specials
            .iter()
            .map(|s| edition.specials[*s as usize].name.as_str())
            .collect();
        let _ = writeln!(out, "junked specials: [{}]", junked.join(", "));
    }
    let _ = writeln!(
        out,
        "junk: [{}]",
        sorted(titles(game, &game.state.removed)).join(", ")
    );
    // Lasting effects still waiting, in the order they were set (`on your next turn …`).
    for lasting in &game.state.lasting {
        let when = match lasting.when {
            LastingWhen::NextTurn => "on their next turn".to_string(),
            LastingWhen::NextMove(verb) => format!("the next time they {} a card", verb.word()),
            LastingWhen::Melded => "when they meld this card".to_string(),
            LastingWhen::Would => "a karma".to_string(),
        };
        let _ = writeln!(
            out,
            "lasting: {}'s effect of {} ({when})",
            names[lasting.player as usize],
            edition.card(lasting.card).title
        );
    }
    let _ = writeln!(out, "\n== log ==");
    for event in game.log.iter().skip(1) {
        let _ = writeln!(out, "{}", event.text(edition, &names));
    }
    out
}

/// The snapshot path beside a scenario.
pub fn snapshot_path(scenario: &Path) -> PathBuf {
    scenario.with_extension("snap")
}

/// Compares a scenario's snapshot with the one recorded beside it (`path` is the scenario file).
/// A difference is a failure unless `accept` replaces the recorded one; a missing snapshot is
/// written when the scenario passed (or is accepted), except on CI, where it is a failure.
/// Returns whether the snapshot was written, or why it could not be.
pub(super) fn compare_or_write(
    path: &Path,
    snap: &str,
    accept: bool,
    failures: &mut Vec<String>,
) -> Result<bool, String> {
    let snap_path = snapshot_path(path);
    let mut wrote = false;
    match std::fs::read_to_string(&snap_path) {
        // The header's comments name the scenario by the path it was run by: a set moved to
        // another folder keeps its snapshots.
        Ok(old) if recorded(&old) == recorded(snap) => {}
        Ok(old) => {
            if accept {
                crate::files::write_atomically(&snap_path, snap.as_bytes())?;
                wrote = true;
            } else {
                failures.push(format!(
                    "the snapshot {} changed (review, then `dogma test --accept {}`):\n{}",
                    snap_path.display(),
                    path.display(),
                    unified_diff(&old, snap)
                ));
            }
        }
        Err(_) => {
            if std::env::var("CI").is_ok_and(|v| v == "true") && !accept {
                failures.push(format!(
                    "the snapshot {} is missing (CI writes no snapshots; run `dogma test --accept {}` and commit it)",
                    snap_path.display(),
                    path.display()
                ));
            } else if failures.is_empty() || accept {
                // A new snapshot records a passing outcome only (or an accepted one).
                crate::files::write_atomically(&snap_path, snap.as_bytes())?;
                wrote = true;
            }
        }
    }
    Ok(wrote)
}

/// A snapshot without its leading comment lines: what it records.
fn recorded(snap: &str) -> &str {
    let mut rest = snap;
    while rest.starts_with('#') {
        rest = rest.split_once('\n').map_or("", |(_, after)| after);
    }
    rest
}

fn unified_diff(old: &str, new: &str) -> String {
    similar::TextDiff::from_lines(old, new)
        .unified_diff()
        .context_radius(2)
        .header("recorded", "now")
        .to_string()
}
