//! Card faces as SVG (`dogma render TITLE --svg`): a card drawn from its compiled facts (title,
//! age, colour, every slot of four or six) and its rendered text (one paragraph per effect, its
//! featured icon beside it), with the set's mark. The icons are the project's own simple shapes,
//! one look for every set, so that a designer's card looks as finished as an official one.

use dogma_runtime::bytecode::CardInfo;
use dogma_runtime::vocab::{Color, Icon, Slot, SlotPosition, SplayDirection};
use std::fmt::Write as _;

const WIDTH: f64 = 360.0;
const SLOT: f64 = 64.0;

fn fill(color: Color) -> &'static str {
    match color {
        Color::Blue => "#2f6db5",
        Color::Red => "#c0392b",
        Color::Green => "#2e8b57",
        Color::Yellow => "#d4a017",
        Color::Purple => "#7d3c98",
    }
}

/// Text made safe inside XML and HTML (SVG faces, the gallery, the stats report).
pub(crate) fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// An icon drawn in a `size` square at (x, y): simple shapes in the card's ink.
fn icon(out: &mut String, icon: Icon, x: f64, y: f64, size: f64) {
    let (cx, cy, r) = (x + size / 2.0, y + size / 2.0, size * 0.38);
    let _ = match icon {
        Icon::Crown => write!(
            out,
            r##"<polygon class="icon crown" points="{:.1},{:.1} {:.1},{:.1} {:.1},{:.1} {:.1},{:.1} {:.1},{:.1} {:.1},{:.1} {:.1},{:.1}" fill="#f1c40f" stroke="#333"/>"##,
            cx - r,
            cy + r * 0.6,
            cx - r,
            cy - r * 0.5,
            cx - r * 0.5,
            cy,
            cx,
            cy - r * 0.8,
            cx + r * 0.5,
            cy,
            cx + r,
            cy - r * 0.5,
            cx + r,
            cy + r * 0.6
        ),
        Icon::Leaf => write!(
            out,
            r##"<path class="icon leaf" d="M{:.1},{:.1} Q{:.1},{:.1} {:.1},{:.1} Q{:.1},{:.1} {:.1},{:.1} Z" fill="#27ae60" stroke="#333"/>"##,
            cx - r,
            cy + r,
            cx - r,
            cy - r,
            cx + r,
            cy - r,
            cx + r,
            cy + r,
            cx - r,
            cy + r
        ),
        Icon::Lightbulb => write!(
            out,
            r##"<g class="icon lightbulb"><circle cx="{cx:.1}" cy="{:.1}" r="{:.1}" fill="#f9e79f" stroke="#333"/><rect x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" fill="#999" stroke="#333"/></g>"##,
            cy - r * 0.2,
            r * 0.7,
            cx - r * 0.3,
            cy + r * 0.45,
            r * 0.6,
            r * 0.45
        ),
        Icon::Castle => write!(
            out,
            r##"<path class="icon castle" d="M{:.1},{:.1} V{:.1} h{:.1} v{:.1} h{:.1} v{:.1} h{:.1} v{:.1} h{:.1} v{:.1} h{:.1} V{:.1} Z" fill="#95a5a6" stroke="#333"/>"##,
            cx - r,
            cy + r,
            cy - r,
            r * 0.5,
            r * 0.4,
            r * 0.5,
            -r * 0.4,
            r * 0.5,
            r * 0.4,
            r * 0.5,
            -r * 0.4,
            r * 0.5,
            cy + r
        ),
        Icon::Factory => write!(
            out,
            r##"<path class="icon factory" d="M{:.1},{:.1} V{:.1} l{:.1},{:.1} v{:.1} l{:.1},{:.1} v{:.1} l{:.1},{:.1} V{:.1} Z" fill="#7f8c8d" stroke="#333"/>"##,
            cx - r,
            cy + r,
            cy - r * 0.2,
            r * 0.66,
            -r * 0.5,
            r * 0.5,
            r * 0.66,
            -r * 0.5,
            r * 0.5,
            r * 0.68,
            -r * 0.5,
            cy + r
        ),
        Icon::Clock => write!(
            out,
            r##"<g class="icon clock"><circle cx="{cx:.1}" cy="{cy:.1}" r="{r:.1}" fill="#ecf0f1" stroke="#333"/><path d="M{cx:.1},{cy:.1} V{:.1} M{cx:.1},{cy:.1} H{:.1}" stroke="#333" stroke-width="2"/></g>"##,
            cy - r * 0.7,
            cx + r * 0.5
        ),
        Icon::Avatar => write!(
            out,
            r##"<g class="icon avatar"><circle cx="{cx:.1}" cy="{:.1}" r="{:.1}" fill="#e59866" stroke="#333"/><path d="M{:.1},{:.1} Q{cx:.1},{:.1} {:.1},{:.1} Z" fill="#e59866" stroke="#333"/></g>"##,
            cy - r * 0.4,
            r * 0.4,
            cx - r * 0.8,
            cy + r,
            cy - r * 0.2,
            cx + r * 0.8,
            cy + r
        ),
    };
}

/// One slot's content in a `SLOT` square at (x, y).
fn slot(out: &mut String, slot: Slot, color: Color, x: f64, y: f64) {
    let _ = write!(
        out,
        r##"<rect class="slot" x="{x:.1}" y="{y:.1}" width="{SLOT}" height="{SLOT}" rx="6" fill="#fdfefe" stroke="#555"/>"##
    );
    let (cx, cy) = (x + SLOT / 2.0, y + SLOT / 2.0);
    let text = |out: &mut String, words: &str, size: u32, class: &str| {
        let _ = write!(
            out,
            r##"<text class="{class}" x="{cx:.1}" y="{:.1}" font-family="sans-serif" font-size="{size}" text-anchor="middle" fill="#222">{}</text>"##,
            cy + f64::from(size) * 0.35,
            escape(words)
        );
    };
    match slot {
        Slot::Icon(i) => icon(out, i, x + 6.0, y + 6.0, SLOT - 12.0),
        Slot::Hex | Slot::MusicNote => {
            let r = SLOT * 0.4;
            let points: Vec<String> = (0..6)
                .map(|k| {
                    let a = std::f64::consts::PI / 3.0 * f64::from(k) + std::f64::consts::PI / 6.0;
                    format!("{:.1},{:.1}", cx + r * a.cos(), cy + r * a.sin())
                })
                .collect();
            let _ = write!(
                out,
                r##"<polygon class="hex" points="{}" fill="{}" stroke="#333"/>"##,
                points.join(" "),
                fill(color)
            );
            if slot == Slot::MusicNote {
                text(out, "♪", 30, "music-note");
            }
        }
        Slot::Empty => {}
        Slot::Bonus(v) => {
            let _ = write!(
                out,
                r##"<circle class="bonus" cx="{cx:.1}" cy="{cy:.1}" r="{:.1}" fill="#fadbd8" stroke="#333"/>"##,
                SLOT * 0.36
            );
            text(out, &v.to_string(), 26, "bonus-value");
        }
        Slot::Echo => {
            let _ = write!(
                out,
                r##"<rect class="echo" x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" rx="4" fill="#d6eaf8" stroke="#333" stroke-dasharray="4 2"/>"##,
                x + 6.0,
                y + 6.0,
                SLOT - 12.0,
                SLOT - 12.0
            );
            text(out, "echo", 14, "echo-word");
        }
        Slot::Inspire => {
            let _ = write!(
                out,
                r##"<rect class="inspire" x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" rx="4" fill="#fdebd0" stroke="#333"/>"##,
                x + 6.0,
                y + 6.0,
                SLOT - 12.0,
                SLOT - 12.0
            );
            text(out, "inspire", 12, "inspire-word");
        }
        Slot::Plus => text(out, "+", 40, "plus"),
        Slot::Arrow(direction) => {
            let arrow = match direction {
                SplayDirection::Left => "←",
                SplayDirection::Right => "→",
                SplayDirection::Up => "↑",
                SplayDirection::Aslant => "↗",
            };
            text(out, arrow, 36, "arrow");
        }
        Slot::Flag => {
            let _ = write!(
                out,
                r##"<path class="flag" d="M{:.1},{:.1} V{:.1} M{:.1},{:.1} h{:.1} l-8,9 l8,9 h-{:.1} Z" stroke="#333" stroke-width="2" fill="{}"/>"##,
                cx - 14.0,
                cy + 20.0,
                cy - 20.0,
                cx - 14.0,
                cy - 20.0,
                30.0,
                30.0,
                fill(color)
            );
        }
        Slot::Fountain => {
            let _ = write!(
                out,
                r##"<path class="fountain" d="M{:.1},{:.1} h40 l-8,14 h-24 Z M{cx:.1},{:.1} q-14,-20 0,-28 q14,8 0,28" fill="#aed6f1" stroke="#333"/>"##,
                cx - 20.0,
                cy + 6.0,
                cy + 6.0
            );
        }
    }
}

/// Greedy line breaking of `text` into lines of at most `width` characters.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// The card as an SVG document. `text` is its rendered text (`dogma render`): the title line,
/// the facts line, then one line per effect, each starting with its `[icon]` (or `Echo:`).
pub fn card_svg(card: &CardInfo, text: &str) -> String {
    let effects: Vec<&str> = text.lines().skip(2).filter(|l| !l.is_empty()).collect();
    let six = card
        .slots
        .iter()
        .any(|(p, _)| matches!(p, SlotPosition::TopMiddle | SlotPosition::TopRight));
    // The text block: each effect wrapped, its featured icon beside it.
    let mut body: Vec<(Option<Icon>, Vec<String>)> = Vec::new();
    for effect in &effects {
        let (icon, words) = match effect
            .strip_prefix('[')
            .and_then(|rest| rest.split_once("] "))
            .and_then(|(word, rest)| Icon::from_word(word).map(|i| (i, rest)))
        {
            Some((icon, rest)) => (Some(icon), rest),
            None => (None, *effect),
        };
        body.push((icon, wrap(words, 46)));
    }
    let line_height = 17.0;
    // Below the band and the top row of slots.
    let text_top = 50.0 + SLOT + 14.0;
    let text_height: f64 = body
        .iter()
        .map(|(_, lines)| lines.len().max(1) as f64 * line_height + 10.0)
        .sum();
    let bottom_row = text_top + text_height.max(60.0) + 12.0;
    let height = bottom_row + SLOT + 34.0;
    let mut out = String::new();
    let _ = write!(
        out,
        r##"<svg xmlns="http://www.w3.org/2000/svg" class="card" width="{WIDTH}" height="{height:.0}" viewBox="0 0 {WIDTH} {height:.0}" role="img" aria-label="{title}">"##,
        title = escape(&card.title)
    );
    let _ = write!(
        out,
        r##"<title>{}</title><rect x="1" y="1" width="{:.0}" height="{:.0}" rx="14" fill="#fbf8ef" stroke="#333" stroke-width="2"/>"##,
        escape(&card.title),
        WIDTH - 2.0,
        height - 2.0
    );
    // The colour band with the title and the age.
    let _ = write!(
        out,
        r##"<rect class="band" x="1" y="1" width="{:.0}" height="44" rx="14" fill="{}"/><text class="title" x="16" y="30" font-family="serif" font-size="22" font-weight="bold" fill="#fff">{}</text><circle cx="{:.0}" cy="23" r="17" fill="#fff" stroke="#333"/><text class="age" x="{:.0}" y="30" font-family="sans-serif" font-size="20" font-weight="bold" text-anchor="middle" fill="#222">{}</text>"##,
        WIDTH - 2.0,
        fill(card.color),
        escape(&card.title),
        WIDTH - 28.0,
        WIDTH - 28.0,
        card.age
    );
    // The top row: the top-left slot, and a city's two others.
    let top = if six {
        &SlotPosition::SIX[..3]
    } else {
        &SlotPosition::SIX[..1]
    };
    for (i, position) in top.iter().enumerate() {
        slot(
            &mut out,
            card.slot(*position),
            card.color,
            14.0 + i as f64 * (SLOT + 8.0),
            24.0 + 26.0,
        );
    }
    // The effects, each with its featured icon in the margin.
    let mut y = text_top;
    for (icon_of, lines) in &body {
        if let Some(i) = icon_of {
            icon(&mut out, *i, 12.0, y - 4.0, 24.0);
        }
        for line in lines {
            let _ = write!(
                out,
                r##"<text class="effect" x="{:.0}" y="{:.1}" font-family="serif" font-size="14" fill="#222">{}</text>"##,
                44.0,
                y + 12.0,
                escape(line)
            );
            y += line_height;
        }
        y += 10.0;
    }
    // The bottom row.
    let bottom = &SlotPosition::SIX[3..];
    let row_y = height - SLOT - 30.0;
    for (i, position) in bottom.iter().enumerate() {
        let x = WIDTH - 14.0 - (3 - i) as f64 * (SLOT + 8.0) + 8.0;
        slot(&mut out, card.slot(*position), card.color, x, row_y);
    }
    // The set's mark.
    let _ = write!(
        out,
        r##"<text class="set" x="16" y="{:.0}" font-family="sans-serif" font-size="12" fill="#555">{} · {}</text></svg>"##,
        height - 12.0,
        escape(&card.set),
        card.color.word()
    );
    out.push('\n');
    out
}

/// Each card's rendered text, by its index in the compiled edition (empty where the sources do
/// not give it): what the terminal shows and what a face is drawn with.
pub fn card_texts(
    edition: &str,
    compiled: &dogma_runtime::bytecode::CompiledEdition,
) -> Vec<String> {
    let Ok(sources) = crate::library::load_edition(edition) else {
        return Vec::new();
    };
    let (checked, _) = crate::check_sources(&sources);
    compiled
        .cards
        .iter()
        .map(|info| {
            checked
                .program
                .card_by_title(&info.title)
                .and_then(|card| checked.card_ast(card.id))
                .map(|ast| dogma_dsl::render::render_card_text(ast, sources.manifest.wording))
                .unwrap_or_default()
        })
        .collect()
}

/// Every card of an edition (a name, a game like `third+cities`, or a manifest path) as
/// (title, SVG face).
pub fn edition_faces(edition: &str) -> Result<Vec<(String, String)>, String> {
    let compiled = crate::compile_edition(edition)?;
    let texts = card_texts(edition, &compiled);
    Ok(compiled
        .cards
        .iter()
        .zip(texts)
        .map(|(card, text)| (card.title.clone(), card_svg(card, &text)))
        .collect())
}

#[cfg(test)]
mod tests {
    #[test]
    fn lines_wrap_at_words() {
        assert_eq!(
            super::wrap("draw a [1] and meld it now", 10),
            ["draw a [1]", "and meld", "it now"]
        );
    }
}
