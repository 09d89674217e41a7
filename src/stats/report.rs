//! The report of `dogma stats -o DIR`: `stats.json` (the counts, for machines and for `dogma
//! stats merge`) and `index.html` (a summary, three plots drawn as SVG with plotters, and a table
//! of every card), all in one folder with nothing to fetch.

use super::{CardStats, Stats};
use crate::face::escape;
use plotters::prelude::*;
use std::fmt::Write as _;
use std::path::Path;

fn plot_error<E: std::fmt::Debug>(e: E) -> String {
    format!("cannot draw the plot: {e:?}")
}

const PALETTE: [RGBColor; 6] = [
    RGBColor(31, 119, 180),
    RGBColor(255, 127, 14),
    RGBColor(44, 160, 44),
    RGBColor(214, 39, 40),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
];

/// The histogram of game lengths, one line per player count (games per 5 turns).
pub fn length_plot(stats: &Stats) -> Result<String, String> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (900, 360)).into_drawing_area();
        root.fill(&WHITE).map_err(plot_error)?;
        let bucket = |turns: u32| turns / 5 * 5;
        let mut series: Vec<(usize, Vec<(u32, u64)>)> = Vec::new();
        for (players, totals) in &stats.by_players {
            let mut buckets = std::collections::BTreeMap::new();
            for (turns, games) in &totals.length {
                *buckets.entry(bucket(*turns)).or_insert(0u64) += games;
            }
            series.push((*players, buckets.into_iter().collect()));
        }
        let max_x = series
            .iter()
            .flat_map(|(_, s)| s.iter().map(|(x, _)| *x))
            .max()
            .unwrap_or(0)
            + 5;
        let max_y = series
            .iter()
            .flat_map(|(_, s)| s.iter().map(|(_, y)| *y))
            .max()
            .unwrap_or(0)
            + 1;
        let mut chart = ChartBuilder::on(&root)
            .caption("Game length (games per 5 turns)", ("sans-serif", 18))
            .margin(12)
            .x_label_area_size(36)
            .y_label_area_size(52)
            .build_cartesian_2d(0u32..max_x, 0u64..max_y)
            .map_err(plot_error)?;
        chart
            .configure_mesh()
            .x_desc("turns")
            .y_desc("games")
            .draw()
            .map_err(plot_error)?;
        for (i, (players, points)) in series.iter().enumerate() {
            let color = PALETTE[i % PALETTE.len()];
            chart
                .draw_series(LineSeries::new(
                    points.iter().copied(),
                    color.stroke_width(2),
                ))
                .map_err(plot_error)?
                .label(format!("{players} players"))
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 18, y)], color));
        }
        chart
            .configure_series_labels()
            .border_style(BLACK)
            .background_style(WHITE.mix(0.8))
            .draw()
            .map_err(plot_error)?;
        root.present().map_err(plot_error)?;
    }
    Ok(svg)
}

/// The cards used in enough games, sorted by the win rate of the players who used them.
fn ranked(stats: &Stats, least: u64) -> Vec<(&String, &CardStats, (f64, f64, f64))> {
    let mut cards: Vec<_> = stats
        .cards
        .iter()
        .filter(|(_, c)| c.dogma_players >= least)
        .filter_map(|(t, c)| c.win_rate().map(|r| (t, c, r)))
        .collect();
    cards.sort_by(|a, b| b.2 .0.total_cmp(&a.2 .0).then(a.0.cmp(b.0)));
    cards
}

/// The win rate of the players who used each card, sorted, with its 95% interval.
pub fn win_rate_plot(stats: &Stats) -> Result<String, String> {
    let cards = ranked(stats, 1);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (900, 380)).into_drawing_area();
        root.fill(&WHITE).map_err(plot_error)?;
        let n = cards.len().max(1) as u32;
        let mut chart = ChartBuilder::on(&root)
            .caption(
                "Win rate of the players who used each card (95% interval), highest first",
                ("sans-serif", 18),
            )
            .margin(12)
            .x_label_area_size(36)
            .y_label_area_size(52)
            .build_cartesian_2d(0u32..n, 0f64..1f64)
            .map_err(plot_error)?;
        chart
            .configure_mesh()
            .x_desc("cards, by win rate")
            .y_desc("win rate")
            .draw()
            .map_err(plot_error)?;
        chart
            .draw_series(cards.iter().enumerate().map(|(i, (_, _, (p, lo, hi)))| {
                ErrorBar::new_vertical(i as u32, *lo, *p, *hi, PALETTE[0].filled(), 4)
            }))
            .map_err(plot_error)?;
        // What a player would win with no card making a difference: one game in N.
        let games: u64 = stats.by_players.values().map(|t| t.games).sum();
        if games > 0 {
            let even: f64 = stats
                .by_players
                .iter()
                .map(|(p, t)| t.games as f64 / *p as f64)
                .sum::<f64>()
                / games as f64;
            chart
                .draw_series(LineSeries::new(
                    [(0, even), (n, even)],
                    PALETTE[3].stroke_width(1),
                ))
                .map_err(plot_error)?
                .label("an even share of wins")
                .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 18, y)], PALETTE[3]));
            chart
                .configure_series_labels()
                .border_style(BLACK)
                .background_style(WHITE.mix(0.8))
                .draw()
                .map_err(plot_error)?;
        }
        root.present().map_err(plot_error)?;
    }
    Ok(svg)
}

/// How games end, per player count: the share of each kind of ending.
pub fn endings_plot(stats: &Stats) -> Result<String, String> {
    let mut kinds: Vec<&String> = stats
        .by_players
        .values()
        .flat_map(|t| t.endings.keys())
        .collect();
    kinds.sort();
    kinds.dedup();
    let counts: Vec<(usize, &super::GameTotals)> =
        stats.by_players.iter().map(|(p, t)| (*p, t)).collect();
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (900, 360)).into_drawing_area();
        root.fill(&WHITE).map_err(plot_error)?;
        let groups = counts.len().max(1) as u32;
        let width = kinds.len().max(1) as u32 + 1;
        let mut chart = ChartBuilder::on(&root)
            .caption(
                "Endings by player count (share of games)",
                ("sans-serif", 18),
            )
            .margin(12)
            .x_label_area_size(36)
            .y_label_area_size(52)
            .build_cartesian_2d(0u32..groups * width, 0f64..1.25f64)
            .map_err(plot_error)?;
        let labels: Vec<String> = counts.iter().map(|(p, _)| format!("{p} players")).collect();
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_labels(2)
            .x_label_formatter(&|_| String::new())
            .x_desc(format!("left to right: {}", labels.join(", ")))
            .y_desc("share of games")
            .draw()
            .map_err(plot_error)?;
        for (k, kind) in kinds.iter().enumerate() {
            let color = PALETTE[k % PALETTE.len()];
            chart
                .draw_series(counts.iter().enumerate().map(|(g, (_, totals))| {
                    let share = totals.endings.get(*kind).copied().unwrap_or(0) as f64
                        / totals.games.max(1) as f64;
                    let x = g as u32 * width + k as u32;
                    Rectangle::new([(x, 0.0), (x + 1, share)], color.filled())
                }))
                .map_err(plot_error)?
                .label(kind.as_str())
                .legend(move |(x, y)| {
                    Rectangle::new([(x, y - 5), (x + 12, y + 5)], color.filled())
                });
        }
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperMiddle)
            .border_style(BLACK)
            .background_style(WHITE.mix(0.8))
            .draw()
            .map_err(plot_error)?;
        root.present().map_err(plot_error)?;
    }
    Ok(svg)
}

/// The HTML report: a summary per player count, the three plots, and every card.
pub fn html(stats: &Stats) -> Result<String, String> {
    let mut out = String::new();
    let seeds: Vec<String> = stats
        .seeds
        .iter()
        .map(|(a, b)| format!("{a}..{b}"))
        .collect();
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>dogma stats: {edition}</title>\n<style>body{{font-family:sans-serif;margin:2em;max-width:1000px}}table{{border-collapse:collapse}}td,th{{border:1px solid #ccc;padding:2px 6px;text-align:right}}td:first-child,th:first-child{{text-align:left}}</style>\n</head>\n<body>\n<h1>Balance statistics: {edition}</h1>\n<p>{games} seeded random games (seeds {seeds}; players {players:?}, agents {agents:?}){failed}.</p>\n",
        edition = escape(&stats.edition),
        games = stats.games,
        seeds = seeds.join(", "),
        players = stats.players,
        agents = stats.agents,
        failed = if stats.failed.is_empty() {
            String::new()
        } else {
            format!("; {} stopped on an error", stats.failed.len())
        }
    );
    out.push_str("<h2>Games</h2>\n<table>\n<tr><th>players</th><th>games</th><th>mean turns</th><th>first player wins</th><th>endings</th></tr>\n");
    for (players, t) in &stats.by_players {
        let turns: u64 = t.length.iter().map(|(k, v)| u64::from(*k) * v).sum();
        let endings: Vec<String> = t
            .endings
            .iter()
            .map(|(k, v)| format!("{k} {:.1}%", 100.0 * *v as f64 / t.games.max(1) as f64))
            .collect();
        let _ = writeln!(
            out,
            "<tr><td>{players}</td><td>{}</td><td>{:.1}</td><td>{:.1}% (even: {:.1}%)</td><td>{}</td></tr>",
            t.games,
            turns as f64 / t.games.max(1) as f64,
            100.0 * t.first_player_wins as f64 / t.games.max(1) as f64,
            100.0 / *players as f64,
            escape(&endings.join(", "))
        );
    }
    out.push_str("</table>\n");
    for (title, svg) in [
        ("Game length", length_plot(stats)?),
        ("Win rate by card", win_rate_plot(stats)?),
        ("Endings", endings_plot(stats)?),
    ] {
        let _ = writeln!(out, "<h2>{title}</h2>\n<figure>{svg}</figure>");
    }
    out.push_str("<h2>Cards</h2>\n<p>Sorted by the win rate of the players who used the card for a Dogma action (95% Wilson interval).</p>\n<table>\n<tr><th>card</th><th>age</th><th>set</th><th>melded</th><th>dogma</th><th>shared</th><th>demanded</th><th>players who used it</th><th>win rate</th><th>interval</th><th>effect wins</th><th>special achievements</th></tr>\n");
    let mut rows = ranked(stats, 0);
    let unused: Vec<_> = stats
        .cards
        .iter()
        .filter(|(_, c)| c.dogma_players == 0)
        .collect();
    for (title, c, (p, lo, hi)) in rows.drain(..) {
        row(&mut out, title, c, Some((p, lo, hi)));
    }
    for (title, c) in unused {
        row(&mut out, title, c, None);
    }
    out.push_str("</table>\n</body>\n</html>\n");
    Ok(out)
}

fn row(out: &mut String, title: &str, c: &CardStats, rate: Option<(f64, f64, f64)>) {
    let specials: Vec<String> = c.specials.iter().map(|(k, v)| format!("{k} {v}")).collect();
    let (rate, interval) = match rate {
        Some((p, lo, hi)) => (
            format!("{:.1}%", 100.0 * p),
            format!("{:.1}–{:.1}%", 100.0 * lo, 100.0 * hi),
        ),
        None => ("–".to_string(), "–".to_string()),
    };
    let _ = writeln!(
        out,
        "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{rate}</td><td>{interval}</td><td>{}</td><td>{}</td></tr>",
        escape(title),
        c.age,
        escape(&c.set),
        c.melded,
        c.dogma,
        c.shared,
        c.demanded,
        c.dogma_players,
        c.effect_wins,
        escape(&specials.join(", "))
    );
}

/// Writes `stats.json` and `index.html` into `dir`.
pub fn write(stats: &Stats, dir: &Path) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let json = serde_json::to_string_pretty(stats).map_err(|e| e.to_string())?;
    let put = |name: &str, text: &str| {
        let path = dir.join(name);
        crate::files::write_atomically(&path, text.as_bytes())
    };
    put("stats.json", &format!("{json}\n"))?;
    put("index.html", &html(stats)?)
}

/// Reads a `stats.json` (or a folder holding one).
pub fn read(path: &Path) -> Result<Stats, String> {
    let file = if path.is_dir() {
        path.join("stats.json")
    } else {
        path.to_path_buf()
    };
    let text = std::fs::read_to_string(&file)
        .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    let stats: Stats = serde_json::from_str(&text)
        .map_err(|e| format!("{} is not a dogma stats report: {e}", file.display()))?;
    if stats.format != "dogma-stats" || stats.version != super::FORMAT_VERSION {
        return Err(format!(
            "{} is a stats report of another format ({} version {}; this dogma reads dogma-stats version {})",
            file.display(),
            stats.format,
            stats.version,
            super::FORMAT_VERSION
        ));
    }
    Ok(stats)
}
