//! Differential testing of the two back ends: the same game played on the VM and on the native
//! code must give the same event log and the same final state, byte for byte (their JSON). A
//! divergence is reported at its first differing event, with the card effect that was running
//! and where that effect is written in the card sources.

use crate::Backend;
use dogma_runtime::agents::play_random;
use dogma_runtime::bytecode::{CompiledEdition, SourceSpan};
use dogma_runtime::game::{Game, Setup};
use dogma_runtime::log::Event;
use dogma_runtime::vm::Program;

/// An edition's twin that runs on the native back end (`Err` when it has none or it is stale).
pub fn native_twin(edition: &CompiledEdition) -> Result<Program, String> {
    let mut twin = Program::from(edition.clone());
    crate::use_backend(&mut twin, Backend::Native)?;
    Ok(twin)
}

/// The setup of a seeded game of `players` players (alice, bob, carol, dave).
pub fn setup(players: usize, seed: u64) -> Setup {
    Setup {
        players: [
            "alice", "bob", "carol", "dave", "eve", "frank", "grace", "heidi",
        ]
        .iter()
        .take(players)
        .map(|s| s.to_string())
        .collect(),
        seed,
        teams: false,
        team_of: Vec::new(),
    }
}

/// Plays one seeded game with random agents (the agents' seeds are the game's) to the end.
/// Returns the game, and the runtime error that stopped it if one did.
pub fn random_game(program: &Program, setup: Setup) -> Result<(Game, Option<String>), String> {
    let mut game = Game::new(program.clone(), setup)?;
    let error = play_random(&mut game, None).err().map(|e| e.to_string());
    Ok((game, error))
}

/// Plays the same seeded game on both back ends and compares them; the VM's game when they agree
/// and it ended without a runtime error.
pub fn random_game_on_both(vm: &Program, native: &Program, setup: Setup) -> Result<Game, String> {
    let what = format!("{} players, seed {}", setup.players.len(), setup.seed);
    let (a, error_a) = random_game(vm, setup.clone())?;
    let (b, error_b) = random_game(native, setup)?;
    compare(&a, &b).map_err(|e| format!("{what}: {e}"))?;
    if error_a != error_b {
        return Err(format!(
            "{what}: the VM stopped with {error_a:?}, the native code with {error_b:?}"
        ));
    }
    if let Some(e) = error_a {
        return Err(format!("{what}: {e}"));
    }
    Ok(a)
}

/// Compares a game played on the VM with the same game played on the native code: their event
/// logs event by event, then their whole states.
pub fn compare(vm: &Game, native: &Game) -> Result<(), String> {
    let json = |e: &Event| serde_json::to_string(e).unwrap_or_else(|e| e.to_string());
    let (a, b) = (&vm.log, &native.log);
    for i in 0..a.len().max(b.len()) {
        let (x, y) = (a.get(i).map(json), b.get(i).map(json));
        if x != y {
            return Err(divergence(vm, native, i));
        }
    }
    let (x, y) = (state_json(vm), state_json(native));
    if x != y {
        let line = x
            .lines()
            .zip(y.lines())
            .position(|(p, q)| p != q)
            .unwrap_or(x.lines().count().min(y.lines().count()));
        let show = |s: &str| s.lines().nth(line).unwrap_or("(end)").trim().to_string();
        return Err(format!(
            "the event logs agree but the final states differ at line {} of their JSON: VM `{}`, native `{}`",
            line + 1,
            show(&x),
            show(&y)
        ));
    }
    Ok(())
}

fn state_json(game: &Game) -> String {
    serde_json::to_string_pretty(game).unwrap_or_else(|e| e.to_string())
}

/// The first differing event `i`: both events, and the card effect running when it happened.
fn divergence(vm: &Game, native: &Game, i: usize) -> String {
    let edition = vm.edition();
    let names = vm.names();
    let show = |g: &Game| {
        g.log
            .get(i)
            .map_or("(no event: the log ends)".to_string(), |e| {
                e.text(edition, &names)
            })
    };
    let mut text = format!(
        "the back ends diverge at event {} of the log:\n  VM:     {}\n  native: {}",
        i + 1,
        show(vm),
        show(native)
    );
    let running = vm
        .log
        .before(i)
        .filter_map(|e| match e {
            Event::Execute { card, effect, .. } => Some((*card, *effect)),
            _ => None,
        })
        .last();
    match running {
        Some((card, effect)) => {
            let info = edition.card(card);
            let span = info
                .effects
                .get(usize::from(effect))
                .and_then(|e| edition.chunks.get(e.chunk as usize))
                .and_then(|c| c.spans.first().copied())
                .unwrap_or(info.span);
            text.push_str(&format!(
                "\n  while executing {}'s effect {} ({})",
                info.title,
                usize::from(effect) + 1,
                place(edition, span)
            ));
        }
        None => text.push_str("\n  outside any card effect (the turn's own rules)"),
    }
    text
}

/// `file:line:column` of a span (the byte offsets when the file cannot be read).
pub fn place(edition: &CompiledEdition, span: SourceSpan) -> String {
    let Some(file) = edition.files.get(usize::from(span.file)) else {
        return format!("bytes {}..{}", span.start, span.end);
    };
    match std::fs::read_to_string(file) {
        Ok(text) => {
            // The file may have changed since the edition was compiled: an offset past its end
            // is its end, one inside a character is that character.
            let mut start = (span.start as usize).min(text.len());
            while !text.is_char_boundary(start) {
                start -= 1;
            }
            let before = &text[..start];
            let line = before.matches('\n').count() + 1;
            let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
            format!("{file}:{line}:{column}")
        }
        Err(_) => format!("{file}, bytes {}..{}", span.start, span.end),
    }
}
