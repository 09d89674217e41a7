//! Fuzz targets: everything a user can hand to dogma, fed to the code that reads it. A target
//! takes any bytes and must return without a panic, an abort or a hang: bad input is an error,
//! good input is used (checked, played for a bounded number of steps, printed). The same targets
//! run two ways (docs/fuzzing.md):
//!
//! - on stable, in the test suite (`tests/fuzz.rs`): inputs made by mutating a corpus of real
//!   inputs with a seeded generator (`Mixer`) and the structure-aware mutators below, a small
//!   number of cases by default and as many as `DOGMA_FUZZ_CASES` says;
//! - with cargo-fuzz on a nightly toolchain (`fuzz/`), libFuzzer's own mutations.
//!
//! The targets read the repository's `cards/` (relative to the working folder, as the CLI does).

use crate::differential::setup;
use dogma_compiler::{check, Options, SourceFile};
use dogma_runtime::agents::{play, Agent, Bot, FirstAgent};
use dogma_runtime::game::{Game, Status};
use dogma_runtime::vm::Program;
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::{Mutex, OnceLock};

/// The most actions and answers a target plays of a game it accepted.
pub const STEPS: u64 = 1_500;

/// A fuzz target: any bytes in, no panic or hang out.
pub type Target = fn(&[u8]);

/// The targets by name, as `tests/fuzz.rs` and `fuzz/` run them.
pub const TARGETS: [(&str, Target); 5] = [
    ("card_source", card_source),
    ("manifest", manifest),
    ("scenario", scenario),
    ("saved_game", saved_game),
    ("dogmac", dogmac),
];

/// Compiled editions by name, compiled once per process (the test suite's targets share them).
static EDITIONS: Mutex<BTreeMap<String, Option<Program>>> = Mutex::new(BTreeMap::new());

/// The saved games the `saved_game` target starts from, made once per process.
static SAVED_GAMES: OnceLock<Vec<Vec<u8>>> = OnceLock::new();

thread_local! {
    /// The scenario runner's editions.
    static SCENARIO_EDITIONS: RefCell<crate::scenario::EditionCache> =
        RefCell::new(crate::scenario::EditionCache::new(crate::scenario::Backends::Vm));
}

/// The editions the targets play, each by the name its compiled edition (and so a saved game)
/// gives it and what compiles it: the official editions and the expansion game, and the designer
/// test edition (`tests/fixtures/designer`), whose made-up cards use the constructs no official
/// card uses yet (lasting effects, additional actions, other players acting, colour loops).
pub const FUZZ_EDITIONS: [(&str, &str); 5] = [
    ("first", "first"),
    ("third", "third"),
    ("fourth", "fourth"),
    ("third+cities", "third+cities"),
    ("designer", "tests/fixtures/designer/designer.toml"),
];

/// An edition of `FUZZ_EDITIONS` by its name (or any edition by name or manifest path), compiled
/// once per process; `None` when it does not compile.
pub fn edition(name: &str) -> Option<Program> {
    let source = FUZZ_EDITIONS
        .iter()
        .find(|(n, _)| *n == name)
        .map_or(name, |(_, source)| *source);
    // A target that panicked while holding the lock left the cache as it was: still usable.
    let mut cache = EDITIONS
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    cache
        .entry(name.to_string())
        .or_insert_with(|| crate::compile_edition(source).ok().map(Program::from))
        .clone()
}

/// A file of this thread's own under `target/fuzz-scratch/`, for the targets whose reader takes a
/// path (manifests and scenarios are read from disk); each case overwrites the last.
fn scratch_file(name: &str) -> PathBuf {
    let dir = PathBuf::from("target").join("fuzz-scratch");
    let _ = std::fs::create_dir_all(&dir);
    let thread = format!("{:?}", std::thread::current().id());
    let thread: String = thread.chars().filter(char::is_ascii_digit).collect();
    dir.join(format!("{thread}-{name}"))
}

/// Card sources: parsed and checked (every diagnostic rendered), formatted, every card and
/// special achievement rendered, and compiled to bytecode when they check clean.
pub fn card_source(data: &[u8]) {
    let text = String::from_utf8_lossy(data).to_string();
    let files = [SourceFile::new(
        "fuzz.dogma".to_string(),
        text.clone(),
        "fuzz",
    )];
    let options = Options::for_edition("third", dogma_runtime::bytecode::Rules::default());
    let checked = check(&files, &options);
    let _ = dogma_compiler::render_errors(&files, &checked.errors);
    if let Ok(ast) = dogma_dsl::parse(&text) {
        let _ = dogma_dsl::format_source(&text);
        for item in &ast.items {
            match item {
                dogma_dsl::ast::Item::Card(card) => {
                    let _ = dogma_dsl::render::render_card_text(card, Default::default());
                }
                dogma_dsl::ast::Item::Achievement(a) => {
                    let _ = dogma_dsl::render::render_achievement(a, Default::default());
                }
            }
        }
    }
    if checked.errors.is_empty() {
        let _ = dogma_compiler::lower::compile_edition(
            "fuzz",
            dogma_runtime::bytecode::Rules::default(),
            &checked.program,
            &["fuzz.dogma".to_string()],
        );
    }
}

/// Edition manifests: loaded (with `extends` and trees resolved against `cards/`); a manifest
/// that loads gives its rules to the third edition's cards, and the game must either be refused
/// or set up and play.
pub fn manifest(data: &[u8]) {
    let path = scratch_file("manifest.toml");
    if std::fs::write(&path, data).is_err() {
        return;
    }
    let root = dogma_library::cards_root();
    let Ok(manifest) = dogma_library::load_manifest_in(&root, &path.display().to_string()) else {
        return;
    };
    let Some(third) = edition("third") else {
        return;
    };
    let mut compiled = (*third.edition).clone();
    compiled.rules = manifest.rules;
    let program = Program::from(compiled);
    for players in [2, program.rules.most_players()] {
        play_new(&program, players);
    }
}

/// Sets up a game and plays it for at most `STEPS` with bots; a refusal to set up is fine.
fn play_new(program: &Program, players: usize) {
    if let Ok(mut game) = Game::new(program.clone(), setup(players, 7)) {
        let _ = dogma_runtime::agents::play_random(&mut game, Some(STEPS));
        print_log(&game);
    }
}

/// Everything `dogma play` prints of a game: each event for everyone and for each seat, the
/// question pending or the legal actions.
fn print_log(game: &Game) {
    let names = game.names();
    for event in game.log.iter() {
        let _ = event.text(game.edition(), &names);
        for seat in 0..names.len() {
            let _ = event.text_for(game.edition(), &names, seat as u8);
        }
    }
    match game.status() {
        Status::Decision(request) => {
            let _ = request.describe(game.edition(), &names);
        }
        Status::Action(_) => {
            for action in game.legal_actions() {
                let _ = action.describe(game.edition());
            }
        }
        Status::Over(_) => {}
    }
}

/// Scenario files: loaded (table, script, expectations), played, checked and snapshotted.
pub fn scenario(data: &[u8]) {
    let path = scratch_file("scenario.toml");
    if std::fs::write(&path, data).is_err() {
        return;
    }
    SCENARIO_EDITIONS.with(|cache| {
        let mut cache = cache.borrow_mut();
        let Ok((scenario, program)) = crate::scenario::load(&path, &mut *cache) else {
            return;
        };
        if let Ok(game) = crate::scenario::play(&scenario, program) {
            let _ = crate::scenario::check_expectations(&scenario, &game);
            let _ = crate::scenario::snapshot_text(&scenario, &game);
        }
    });
}

/// Saved games (`dogma play --save`): read and checked against their edition as `--resume`
/// does; a save that is accepted is played on for at most `STEPS` with its bots (a human's seat
/// by the first-legal bot) and printed.
pub fn saved_game(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let Ok(peek) = serde_json::from_str::<serde_json::Value>(&text) else {
        return;
    };
    let Some(name) = peek
        .get("game")
        .and_then(|g| g.get("edition_name"))
        .and_then(|n| n.as_str())
    else {
        return;
    };
    if !FUZZ_EDITIONS.iter().any(|(n, _)| *n == name) {
        return;
    }
    let Some(program) = edition(name) else {
        return;
    };
    let Ok(saved) = crate::play::load_saved(program, &text) else {
        return;
    };
    let mut game = saved.game;
    print_log(&game);
    let mut bots: Vec<Bot> = saved
        .bots
        .into_iter()
        .map(|b| b.unwrap_or(Bot::First(FirstAgent)))
        .collect();
    let mut agents: Vec<&mut dyn Agent> = bots.iter_mut().map(|b| b as &mut dyn Agent).collect();
    let _ = play(&mut game, &mut agents, Some(STEPS));
    print_log(&game);
}

/// Compiled editions (`.dogmac`): decoded and validated; an edition that loads is set up and
/// played for at most `STEPS` (or refused as unplayable).
pub fn dogmac(data: &[u8]) {
    let Ok(compiled) = dogma_runtime::dogmac::decode(data) else {
        return;
    };
    let program = Program::from(compiled);
    for players in [2, program.rules.most_players()] {
        play_new(&program, players);
    }
}

// ---------------------------------------------------------------------------------------------
// Inputs for the stable harness: a seeded generator and mutators that keep inputs close to real
// ones (a number changed in a saved game, a rule in a manifest, a card title in a scenario).

/// A small seeded generator (SplitMix64): the same seed gives the same inputs.
pub struct Mixer(pub u64);

impl Mixer {
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `bound` (0 when `bound` is 0).
    pub fn below(&mut self, bound: usize) -> usize {
        (self.next_u64() % bound.max(1) as u64) as usize
    }

    pub fn chance(&mut self, one_in: usize) -> bool {
        self.below(one_in) == 0
    }
}

/// Numbers that break code that trusts them: bounds of the types indices live in, ages around
/// the editions' limits, negatives.
const INTERESTING: [i64; 18] = [
    0, 1, 2, 3, 4, 5, 6, 9, 10, 11, 12, 99, 100, 254, 255, 256, 65_535, -1,
];

/// Words of the card language and of scenario files, spliced into text.
const WORDS: [&str; 24] = [
    "{",
    "}",
    "[",
    "]",
    "(",
    ")",
    "\"",
    "#",
    "\n",
    " if ",
    " you may ",
    " not ",
    " half of ",
    " draw a [1] ",
    " effect crown ",
    " card ",
    " age 11",
    " for each player ",
    " otherwise ",
    " = ",
    "[[",
    "]]",
    "\u{e9}",
    "\u{1F600}",
];

/// Changes bytes: flips, deletions, duplications, insertions of words, truncation.
pub fn mutate_bytes(input: &[u8], mixer: &mut Mixer) -> Vec<u8> {
    let mut out = input.to_vec();
    for _ in 0..1 + mixer.below(4) {
        let len = out.len();
        let at = mixer.below(len + 1);
        match mixer.below(6) {
            0 if len > 0 => {
                let i = mixer.below(len);
                out[i] ^= 1 << mixer.below(8);
            }
            1 => {
                let end = (at + 1 + mixer.below(16)).min(len);
                out.drain(at.min(end)..end);
            }
            2 if len > 0 => {
                let start = mixer.below(len);
                let end = (start + 1 + mixer.below(64)).min(len);
                let piece = out[start..end].to_vec();
                out.splice(at..at, piece);
            }
            3 => {
                let word = WORDS[mixer.below(WORDS.len())].as_bytes();
                out.splice(at..at, word.iter().copied());
            }
            4 => out.truncate(at),
            _ => {
                let byte = mixer.below(256) as u8;
                out.insert(at, byte);
            }
        }
    }
    out
}

/// Changes a JSON value where it counts: a number made interesting (or off by one), an element
/// of a list removed, duplicated or swapped, a string emptied. Returns whether it changed it.
pub fn mutate_json(value: &mut serde_json::Value, mixer: &mut Mixer) -> bool {
    let mut leaves = 0;
    count_json(value, &mut leaves);
    let target = mixer.below(leaves);
    let mut seen = 0;
    change_json(value, target, &mut seen, mixer)
}

fn count_json(value: &serde_json::Value, n: &mut usize) {
    *n += 1;
    match value {
        serde_json::Value::Array(list) => list.iter().for_each(|v| count_json(v, n)),
        serde_json::Value::Object(map) => map.values().for_each(|v| count_json(v, n)),
        _ => {}
    }
}

fn change_json(
    value: &mut serde_json::Value,
    target: usize,
    seen: &mut usize,
    mixer: &mut Mixer,
) -> bool {
    use serde_json::Value;
    if *seen == target {
        match value {
            Value::Number(n) => {
                let old = n.as_i64().unwrap_or(0);
                let new = match mixer.below(3) {
                    0 => old + 1,
                    1 => old - 1,
                    _ => INTERESTING[mixer.below(INTERESTING.len())],
                };
                *value = Value::from(new);
            }
            Value::Array(list) if !list.is_empty() => {
                let i = mixer.below(list.len());
                match mixer.below(3) {
                    0 => {
                        list.remove(i);
                    }
                    1 => {
                        let copy = list[i].clone();
                        list.insert(mixer.below(list.len() + 1), copy);
                    }
                    _ => {
                        let j = mixer.below(list.len());
                        list.swap(i, j);
                    }
                }
            }
            Value::Bool(b) => *b = !*b,
            Value::String(s) => {
                if mixer.chance(2) {
                    s.clear();
                } else {
                    s.push('x');
                }
            }
            Value::Null => *value = Value::from(INTERESTING[mixer.below(INTERESTING.len())]),
            _ => return false,
        }
        return true;
    }
    *seen += 1;
    match value {
        Value::Array(list) => list.iter_mut().any(|v| change_json(v, target, seen, mixer)),
        Value::Object(map) => map
            .values_mut()
            .any(|v| change_json(v, target, seen, mixer)),
        _ => false,
    }
}

/// Changes a TOML text where it counts: a value made interesting, a key removed, a string
/// changed (through JSON, the same mutations); falls back to bytes when it does not parse.
pub fn mutate_toml(input: &[u8], mixer: &mut Mixer) -> Vec<u8> {
    let parsed = std::str::from_utf8(input)
        .ok()
        .and_then(|t| toml::from_str::<toml::Table>(t).ok());
    let Some(table) = parsed.filter(|_| !mixer.chance(4)) else {
        return mutate_bytes(input, mixer);
    };
    let Ok(mut json) = serde_json::to_value(&table) else {
        return mutate_bytes(input, mixer);
    };
    for _ in 0..1 + mixer.below(3) {
        mutate_json(&mut json, mixer);
    }
    serde_json::from_value::<toml::Table>(json)
        .ok()
        .and_then(|t| toml::to_string(&t).ok())
        .map_or_else(|| mutate_bytes(input, mixer), String::into_bytes)
}

/// Changes a saved game: mostly one or a few values of its JSON, sometimes its bytes.
pub fn mutate_save(input: &[u8], mixer: &mut Mixer) -> Vec<u8> {
    let Ok(mut json) = serde_json::from_slice::<serde_json::Value>(input) else {
        return mutate_bytes(input, mixer);
    };
    if mixer.chance(8) {
        return mutate_bytes(input, mixer);
    }
    for _ in 0..1 + mixer.below(3) {
        mutate_json(&mut json, mixer);
    }
    serde_json::to_vec(&json).unwrap_or_else(|_| input.to_vec())
}

/// Changes a `.dogmac` file: its bytes, or one of the edition's values (re-encoded, so that
/// the change reaches the validation rather than the decoding).
pub fn mutate_dogmac(input: &[u8], mixer: &mut Mixer) -> Vec<u8> {
    if mixer.chance(2) {
        return mutate_bytes(input, mixer);
    }
    let Ok(edition) = dogma_runtime::dogmac::decode(input) else {
        return mutate_bytes(input, mixer);
    };
    let Ok(mut json) = serde_json::to_value(&edition) else {
        return mutate_bytes(input, mixer);
    };
    for _ in 0..1 + mixer.below(3) {
        mutate_json(&mut json, mixer);
    }
    serde_json::from_value::<dogma_runtime::bytecode::CompiledEdition>(json)
        .ok()
        .and_then(|e| dogma_runtime::dogmac::encode(&e).ok())
        .unwrap_or_else(|| mutate_bytes(input, mixer))
}

/// How each target's inputs are made from its corpus.
pub fn mutator(target: &str) -> fn(&[u8], &mut Mixer) -> Vec<u8> {
    match target {
        "manifest" | "scenario" => mutate_toml,
        "saved_game" => mutate_save,
        "dogmac" => mutate_dogmac,
        _ => mutate_bytes,
    }
}

/// The real inputs a target's cases start from: the repository's card files, manifests and
/// scenarios, saved games of random games of every edition stopped at several points, and the
/// compiled editions.
pub fn corpus(target: &str) -> Vec<Vec<u8>> {
    let files = |dir: &str, ext: &str| -> Vec<Vec<u8>> {
        let mut paths = Vec::new();
        let _ = dogma_library::walk_folder(std::path::Path::new(dir), &mut |p, is_dir| {
            if !is_dir && p.extension().is_some_and(|e| e == ext) {
                paths.push(p.to_path_buf());
            }
            true
        });
        paths.sort();
        paths.iter().filter_map(|p| std::fs::read(p).ok()).collect()
    };
    match target {
        "card_source" => {
            let mut list = files("cards", "dogma");
            list.extend(files("tests/fixtures", "dogma"));
            list
        }
        "manifest" => {
            let mut list = files("cards/editions", "toml");
            list.extend(files("cards/expansions", "toml"));
            list.extend(
                files("tests/fixtures", "toml")
                    .into_iter()
                    .filter(|f| !String::from_utf8_lossy(f).contains("set =")),
            );
            list
        }
        "scenario" => files("tests/scenarios", "toml"),
        "saved_game" => SAVED_GAMES.get_or_init(saved_games).clone(),
        "dogmac" => FUZZ_EDITIONS
            .iter()
            .filter_map(|(name, _)| edition(name))
            .filter_map(|p| dogma_runtime::dogmac::encode(&p.edition).ok())
            .collect(),
        _ => Vec::new(),
    }
}

/// Saved games as `dogma play --save-after N --save` writes them: every edition, several player
/// counts and points of the game; and games of the designer edition saved where its constructs
/// left something in the state (a lasting effect waiting or due, a statement run for another
/// player, a colour loop).
fn saved_games() -> Vec<Vec<u8>> {
    let mut saves = Vec::new();
    for (name, _) in FUZZ_EDITIONS {
        let Some(program) = edition(name) else {
            continue;
        };
        for (players, after) in [(2, 0), (2, 30), (3, 80), (4, 150), (2, 400)] {
            let Ok(mut game) = Game::new(program.clone(), setup(players, after)) else {
                continue;
            };
            let _ = dogma_runtime::agents::play_random(&mut game, Some(after));
            saves.extend(save(game, after));
        }
    }
    if let Some(program) = edition("designer") {
        saves.extend(designer_saves(&program));
    }
    saves
}

/// A game as `dogma play --save` writes it, its seats played by random bots.
fn save(game: Game, steps: u64) -> Option<Vec<u8>> {
    let bots: Vec<Option<Bot>> = (0..game.state.players.len() as u8)
        .map(|seat| {
            Some(Bot::Random(Box::new(
                dogma_runtime::agents::RandomAgent::new(steps, seat),
            )))
        })
        .collect();
    let saved = crate::play::SavedGame {
        printed: game.log.len(),
        game,
        bots,
        steps,
    };
    serde_json::to_vec(&saved).ok()
}

/// Games of the designer edition saved, step by step, at the first moment each of its
/// constructs holds state: a lasting effect waiting, one due, a player acting for a statement,
/// a colour loop; a few of each.
fn designer_saves(program: &Program) -> Vec<Vec<u8>> {
    const EACH: usize = 3;
    let mut found = [0usize; 4];
    let mut saves = Vec::new();
    for seed in 0..200u64 {
        if found.iter().all(|n| *n >= EACH) {
            break;
        }
        let players = 2 + (seed % 3) as usize;
        let Ok(mut game) = Game::new(program.clone(), setup(players, seed)) else {
            continue;
        };
        let mut bots: Vec<dogma_runtime::agents::RandomAgent> = (0..players as u8)
            .map(|seat| dogma_runtime::agents::RandomAgent::new(seed, seat))
            .collect();
        let mut seen = [false; 4];
        for step in 0..3_000u64 {
            let mut agents: Vec<&mut dyn Agent> =
                bots.iter_mut().map(|b| b as &mut dyn Agent).collect();
            if play(&mut game, &mut agents, Some(1)).is_err() || game.state.outcome.is_some() {
                break;
            }
            let frames = game
                .exec
                .as_ref()
                .map(|e| e.frames.as_slice())
                .unwrap_or(&[]);
            let now = [
                !game.state.lasting.is_empty(),
                !game.state.lasting_due.is_empty(),
                frames.iter().any(|f| !f.actors.is_empty()),
                frames.iter().any(|f| !f.color_loops.is_empty()),
            ];
            for kind in 0..4 {
                if now[kind] && !seen[kind] && found[kind] < EACH {
                    seen[kind] = true;
                    found[kind] += 1;
                    saves.extend(save(game.clone(), step));
                }
            }
        }
    }
    saves
}
