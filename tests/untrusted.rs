//! Untrusted input never panics, hangs or loses data (issue 17): each reproducer reported gets a
//! clear error now (or plays correctly). Saved games, edition manifests, compiled editions, the
//! CLI's folder walks, pipes and prompt, and a runtime error's source location.

use dogma::play::{load_saved, SavedGame};
use dogma_runtime::agents::{play_random, Bot, RandomAgent};
use dogma_runtime::game::Game;
use dogma_runtime::vm::Program;
use serde_json::{json, Value};
use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::time::Duration;

fn root() {
    std::env::set_current_dir(env!("CARGO_MANIFEST_DIR")).expect("repository root");
}

fn third() -> Program {
    root();
    Program::from(dogma::compile_edition("third").unwrap_or_else(|e| panic!("{e}")))
}

fn dogma(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dogma"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("dogma runs")
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dogma-untrusted-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// A third-edition game of two players saved after `steps` actions and answers, as JSON.
fn saved(steps: u64) -> Value {
    let program = third();
    let mut game = Game::new(program, dogma::differential::setup(2, 5)).expect("setup");
    play_random(&mut game, Some(steps)).expect("plays");
    let saved = SavedGame {
        printed: game.log.len(),
        game,
        bots: (0..2)
            .map(|seat| Some(Bot::Random(Box::new(RandomAgent::new(5, seat)))))
            .collect(),
        steps,
    };
    serde_json::to_value(&saved).expect("serialises")
}

/// Loads a (changed) save; its refusal.
fn refusal(save: &Value) -> String {
    match load_saved(third(), &save.to_string()) {
        Ok(_) => panic!("the save was accepted"),
        Err(e) => e,
    }
}

fn assert_refused(save: &Value, words: &[&str]) {
    let why = refusal(save);
    for w in words {
        assert!(why.contains(w), "`{w}` not in: {why}");
    }
}

#[test]
fn an_unchanged_save_loads() {
    for steps in [0, 25, 60] {
        load_saved(third(), &saved(steps).to_string()).unwrap_or_else(|e| panic!("{e}"));
    }
}

#[test]
fn a_save_with_a_card_out_of_range_is_refused() {
    let mut save = saved(25);
    save["game"]["state"]["players"][0]["hand"][0] = json!(9999);
    assert_refused(
        &save,
        &["state.players[0].hand[0]", "card 9999 does not exist"],
    );
    let mut save = saved(25);
    save["game"]["state"]["locations"]
        .as_array_mut()
        .expect("locations")
        .pop();
    assert_refused(&save, &["the saved game has 104 cards, the edition 105"]);
}

#[test]
fn a_save_with_a_player_out_of_range_is_refused() {
    let mut save = saved(25);
    save["game"]["state"]["active"] = json!(7);
    assert_refused(&save, &["state.active", "player 7 does not exist"]);
    let mut save = saved(25);
    save["game"]["state"]["locations"][0] = json!({"Hand": 5});
    assert_refused(&save, &["state.locations[0]", "player 5"]);
}

#[test]
fn a_save_with_piles_or_decks_out_of_shape_is_refused() {
    let mut save = saved(25);
    save["game"]["state"]["decks"]
        .as_array_mut()
        .expect("decks")
        .truncate(3);
    assert_refused(&save, &["state.decks", "3 decks"]);
    let mut save = saved(25);
    save["game"]["state"]["players"][0]["board"]
        .as_array_mut()
        .expect("board")
        .push(json!({"cards": [], "splay": null}));
    assert_refused(&save, &["not a saved game"]);
}

/// A save stopped in the middle of a dogma action, its frame pointing nowhere.
#[test]
fn a_save_with_a_frame_out_of_range_is_refused() {
    let program = third();
    let mut found = None;
    for seed in 0..40 {
        let mut game =
            Game::new(program.clone(), dogma::differential::setup(2, seed)).expect("setup");
        for steps in 0..200 {
            play_random(&mut game, Some(1)).expect("plays");
            if game.exec.as_ref().is_some_and(|e| !e.frames.is_empty()) {
                found = Some((game, steps));
                break;
            }
        }
        if found.is_some() {
            break;
        }
    }
    let (game, steps) = found.expect("a game waits inside an effect");
    let save = SavedGame {
        printed: 0,
        game,
        bots: vec![None, None],
        steps,
    };
    let good = serde_json::to_value(&save).expect("serialises");
    load_saved(third(), &good.to_string()).unwrap_or_else(|e| panic!("{e}"));
    for (key, value, words) in [
        ("chunk", json!(60_000), "chunk 60000 does not exist"),
        ("pc", json!(65_000), "is past the end"),
        ("executor", json!(9), "player 9 does not exist"),
        ("card", json!(4000), "card 4000 does not exist"),
    ] {
        let mut save = good.clone();
        save["game"]["exec"]["frames"][0][key] = value;
        assert_refused(&save, &["exec.frames[0]", words]);
    }
}

#[test]
fn a_card_twice_in_a_deck_is_refused() {
    let mut save = saved(25);
    let deck = save["game"]["state"]["decks"][3]
        .as_array_mut()
        .expect("deck");
    let card = deck[0].clone();
    deck.push(card);
    assert_refused(&save, &["an impossible state", "2 places"]);
}

#[test]
fn a_card_in_two_places_is_refused() {
    let mut save = saved(25);
    let card = save["game"]["state"]["decks"][5][0].clone();
    save["game"]["state"]["players"][1]["score_pile"]
        .as_array_mut()
        .expect("score pile")
        .push(card);
    assert_refused(&save, &["an impossible state"]);
}

#[test]
fn a_special_achievement_held_twice_is_refused() {
    let mut save = saved(25);
    let special = save["game"]["state"]["specials"][0].clone();
    save["game"]["state"]["players"][0]["achievements"]
        .as_array_mut()
        .expect("achievements")
        .push(json!({ "Special": special }));
    assert_refused(&save, &["an impossible state", "2 times"]);
}

/// A question nobody asked would be answered into nothing, again and again.
#[test]
fn a_question_nobody_asked_is_refused() {
    let mut save = saved(25);
    save["game"]["pending"] = json!({
        "player": 0,
        "kind": "YesNo",
        "context": "made up",
    });
    save["game"]["exec"] = Value::Null;
    assert_refused(&save, &["pending", "neither a card nor the rules asked"]);
}

#[test]
fn a_save_with_the_wrong_bots_or_log_is_refused() {
    let mut save = saved(25);
    save["bots"].as_array_mut().expect("bots").pop();
    assert_refused(&save, &["bots"]);
    let mut save = saved(25);
    save["printed"] = json!(1_000_000);
    assert_refused(&save, &["printed"]);
    let mut save = saved(25);
    save["game"]["log"][3] = json!({"event": "draw", "player": 0, "card": 7777, "age": 1});
    assert_refused(&save, &["log[3]", "card 7777"]);
}

/// A game of the designer test edition (tests/fixtures/designer), whose made-up cards use the
/// constructs no official card uses, saved at the first step where `holds`; with its program.
fn designer_saved(holds: impl Fn(&Game) -> bool) -> (Program, Value) {
    root();
    let program = Program::from(
        dogma::compile_edition("tests/fixtures/designer/designer.toml")
            .unwrap_or_else(|e| panic!("{e}")),
    );
    for seed in 0..400 {
        let players = 2 + (seed % 3) as usize;
        let mut game =
            Game::new(program.clone(), dogma::differential::setup(players, seed)).expect("setup");
        let mut bots: Vec<RandomAgent> = (0..players as u8)
            .map(|seat| RandomAgent::new(seed, seat))
            .collect();
        for steps in 0..3_000 {
            let mut agents: Vec<&mut dyn dogma_runtime::agents::Agent> = bots
                .iter_mut()
                .map(|b| b as &mut dyn dogma_runtime::agents::Agent)
                .collect();
            dogma_runtime::agents::play(&mut game, &mut agents, Some(1)).expect("plays");
            if game.state.outcome.is_some() {
                break;
            }
            if holds(&game) {
                let save = SavedGame {
                    printed: 0,
                    game,
                    bots: vec![None; players],
                    steps,
                };
                let save = serde_json::to_value(&save).expect("serialises");
                load_saved(program.clone(), &save.to_string()).unwrap_or_else(|e| panic!("{e}"));
                return (program, save);
            }
        }
    }
    panic!("no designer game reached the state");
}

fn assert_designer_refused(program: &Program, save: &Value, words: &[&str]) {
    let why = match load_saved(program.clone(), &save.to_string()) {
        Ok(_) => panic!("the save was accepted"),
        Err(e) => e,
    };
    for w in words {
        assert!(why.contains(w), "`{w}` not in: {why}");
    }
}

/// Lasting effects (`on your next turn { … }`, `the next time you meld a card this turn { … }`)
/// live in the saved state; a damaged one (its body a chunk that does not exist or is no
/// effect, its player or card out of range, set in a turn to come) is refused, where running it
/// would index past the edition's chunks.
#[test]
fn a_save_with_a_lasting_effect_out_of_range_is_refused() {
    let (program, good) = designer_saved(|g| !g.state.lasting.is_empty());
    let test_chunk = program
        .edition
        .chunks
        .iter()
        .position(|c| c.kind == dogma_runtime::bytecode::ChunkKind::CardTest)
        .expect("a card test");
    let effect_chunk = program
        .edition
        .chunks
        .iter()
        .position(|c| c.kind == dogma_runtime::bytecode::ChunkKind::Effect)
        .expect("an effect");
    for (key, value, words) in [
        ("chunk", json!(60_000), "chunk 60000 does not exist"),
        ("chunk", json!(test_chunk), "is a card test, not an effect"),
        ("test", json!(effect_chunk), "is an effect, not a card test"),
        ("player", json!(9), "player 9 does not exist"),
        ("demander", json!(9), "player 9 does not exist"),
        ("card", json!(4000), "card 4000 does not exist"),
        ("turn", json!(4_000_000), "set in turn 4000000"),
    ] {
        let mut save = good.clone();
        save["game"]["state"]["lasting"][0][key] = value;
        assert_designer_refused(
            &program,
            &save,
            &[&format!("state.lasting[0].{key}"), words],
        );
    }
    // The same effect due now, with a moved card that does not exist.
    let lasting = good["game"]["state"]["lasting"][0].clone();
    let mut save = good.clone();
    save["game"]["state"]["lasting_due"] = json!([[lasting.clone(), null]]);
    save["game"]["state"]["lasting"] = json!([]);
    load_saved(program.clone(), &save.to_string()).unwrap_or_else(|e| panic!("{e}"));
    save["game"]["state"]["lasting_due"] = json!([[lasting.clone(), 9999]]);
    assert_designer_refused(
        &program,
        &save,
        &["state.lasting_due[0].moved", "card 9999"],
    );
    let mut broken = lasting;
    broken["chunk"] = json!(60_000);
    save["game"]["state"]["lasting_due"] = json!([[broken, null]]);
    assert_designer_refused(
        &program,
        &save,
        &["state.lasting_due[0].chunk", "chunk 60000"],
    );
}

/// A statement run for another player (`each opponent draws …`) and a colour loop (`for each
/// color …`) keep their players and colours in the frame; out of range, they are refused.
#[test]
fn a_save_with_an_actor_or_colour_loop_out_of_range_is_refused() {
    let frame_with = |g: &Game, f: &dyn Fn(&dogma_runtime::vm::Frame) -> bool| {
        g.exec.as_ref().is_some_and(|e| e.frames.iter().any(f))
    };
    let (program, good) = designer_saved(|g| frame_with(g, &|f| !f.actors.is_empty()));
    let at = good["game"]["exec"]["frames"]
        .as_array()
        .expect("frames")
        .iter()
        .position(|f| f.get("actors").is_some())
        .expect("a frame with actors");
    let mut save = good.clone();
    save["game"]["exec"]["frames"][at]["actors"][0] = json!(9);
    assert_designer_refused(
        &program,
        &save,
        &[
            &format!("exec.frames[{at}].actors[0]"),
            "player 9 does not exist",
        ],
    );
    let (program, good) = designer_saved(|g| frame_with(g, &|f| !f.color_loops.is_empty()));
    let at = good["game"]["exec"]["frames"]
        .as_array()
        .expect("frames")
        .iter()
        .position(|f| f.get("color_loops").is_some())
        .expect("a frame with a colour loop");
    for value in [json!([64, 0]), json!([1, 3]), json!([0, -1])] {
        let mut save = good.clone();
        save["game"]["exec"]["frames"][at]["color_loops"][0] = value;
        assert_designer_refused(
            &program,
            &save,
            &[&format!("exec.frames[{at}].color_loops[0]"), "no colours"],
        );
    }
}

/// The command line says which file and why, exit code 2, no panic.
#[test]
fn dogma_play_refuses_a_damaged_save() {
    let dir = temp_dir("resume");
    let path = dir.join("game.json");
    let mut save = saved(25);
    save["game"]["state"]["players"][0]["hand"][0] = json!(9999);
    std::fs::write(&path, save.to_string()).expect("write");
    let out = dogma(&["play", "--resume", path.to_str().expect("path")]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("game.json") && stderr.contains("card 9999"),
        "{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}

// ---------------------------------------------------------------------------------------------
// Edition manifests and compiled editions

/// A manifest beside the official trees (it extends the third edition) with its rules changed.
fn manifest_with(dir: &std::path::Path, rules: &str) -> String {
    let path = dir.join("variant.toml");
    std::fs::write(
        &path,
        format!("name = \"variant\"\nextends = \"third\"\n\n[rules]\n{rules}\n"),
    )
    .expect("write manifest");
    path.display().to_string()
}

#[test]
fn rules_out_of_range_are_refused_by_check() {
    let dir = temp_dir("rules");
    for (rules, words) in [
        (
            "achievement-ages = 11",
            "achievement-ages = 11 is above max-age = 10",
        ),
        ("max-age = 255", "max-age = 255"),
        ("max-age = 0", "max-age = 0"),
        ("achievements-to-win = [0, 5, 4]", "achievements-to-win"),
    ] {
        let manifest = manifest_with(&dir, rules);
        let out = dogma(&["check", "--edition", &manifest]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{rules}: {stderr}");
        assert!(stderr.contains(words), "{rules}: {stderr}");
        let out = dogma(&["play", "--edition", &manifest, "--log", "none"]);
        assert_eq!(out.status.code(), Some(2), "{rules}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// An edition whose cards cannot deal the opening hands: `check` says so, and `play` refuses
/// to set up rather than asking a player with no card for a first meld forever.
#[test]
fn an_edition_with_too_few_cards_is_refused() {
    let dir = temp_dir("supply");
    let tree = dir.join("tiny");
    std::fs::create_dir_all(&tree).expect("tree");
    std::fs::write(tree.join("tree.toml"), "set = \"tiny\"\n").expect("tree.toml");
    let mut cards = String::new();
    for (i, color) in ["red", "blue", "green"].iter().enumerate() {
        cards.push_str(&format!(
            "card \"Tiny {i}\" {{\n  age 1\n  color {color}\n  icons hex crown crown crown\n\n  effect crown {{\n    draw a [1]\n  }}\n}}\n\n"
        ));
    }
    std::fs::write(tree.join("cards.dogma"), cards).expect("cards");
    let manifest = dir.join("tiny.toml");
    std::fs::write(
        &manifest,
        "name = \"tiny\"\ntrees = [\"tiny\"]\n\n[rules]\nmax-age = 1\nachievement-ages = 1\nachievements-to-win = [6, 5, 4]\nsplays = [\"left\"]\nleaving = \"remove\"\nshare-bonus = \"card-revealed-or-moved\"\nif-you-do = \"in-full\"\nspecial-tie = \"current-player-first\"\nachievement-check = \"immediately\"\nscore-tie = \"draw\"\nchain-rule = false\nelimination = false\nteams = \"none\"\nparley = false\n",
    )
    .expect("manifest");
    let manifest = manifest.display().to_string();
    let out = dogma(&["check", "--edition", &manifest]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("cannot seat 4 players: the base set has 3 card(s) of age 1"),
        "{stderr}"
    );
    let mut child = Command::new(env!("CARGO_BIN_EXE_dogma"))
        .args(["play", "--edition", &manifest, "--log", "none"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("dogma runs");
    let status = wait_at_most(&mut child, Duration::from_secs(60));
    assert_ne!(status, Some(0));
    let _ = std::fs::remove_dir_all(&dir);
}

/// `Game::new` itself refuses an edition it cannot set up (a program built by hand).
#[test]
fn game_new_refuses_an_unplayable_edition() {
    let program = third();
    let mut edition = (*program.edition).clone();
    edition.rules.achievement_ages = 12;
    let error =
        Game::new(Program::from(edition), dogma::differential::setup(2, 1)).expect_err("refused");
    assert!(error.contains("achievement-ages = 12"), "{error}");
    let mut edition = (*program.edition).clone();
    edition
        .cards
        .retain(|c| c.age != 1 || c.title.starts_with('A'));
    let error =
        Game::new(Program::from(edition), dogma::differential::setup(2, 1)).expect_err("refused");
    assert!(error.contains("card(s) of age 1"), "{error}");
}

/// A compiled edition with a card of an age outside it, or damaged bytes: refused with the
/// reason, the part and the byte.
#[test]
fn damaged_compiled_editions_are_refused() {
    let program = third();
    let dir = temp_dir("dogmac");
    let path = dir.join("third.dogmac");
    let mut edition = (*program.edition).clone();
    edition.cards[3].age = 14;
    std::fs::write(
        &path,
        dogma_runtime::dogmac::encode(&edition).expect("encodes"),
    )
    .expect("write");
    let out = dogma(&["play", "--compiled", path.to_str().expect("path")]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("of age 14, outside the edition's ages 1 to 10"),
        "{stderr}"
    );
    let bytes = dogma_runtime::dogmac::encode(&program.edition).expect("encodes");
    std::fs::write(&path, &bytes[..bytes.len() / 2]).expect("write");
    let out = dogma(&["play", "--compiled", path.to_str().expect("path")]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("damaged or truncated at byte") && stderr.contains("chunk"),
        "{stderr}"
    );
    assert!(!stderr.contains("Serde Deserialization Error"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The `dogmac` fuzz target's case 36114 (seed 1): a special achievement's condition whose
/// last jump went back to its loop ran until its fuel was spent (5 million ops) every time it was
/// asked, after every action, and a game took minutes. A test or measure that jumps back, or
/// runs a chunk that is not after it, is refused when the file is read.
#[test]
fn a_compiled_condition_that_loops_is_refused() {
    use dogma_runtime::bytecode::{ChunkKind, Op};
    let program = third();
    let condition = program
        .edition
        .chunks
        .iter()
        .position(|c| {
            c.kind == ChunkKind::Condition && c.ops.iter().any(|op| matches!(op, Op::Jump { .. }))
        })
        .expect("a condition with a jump");
    let mut edition = (*program.edition).clone();
    let ops = &mut edition.chunks[condition].ops;
    let at = ops
        .iter()
        .position(|op| matches!(op, Op::Jump { .. }))
        .expect("a jump");
    ops[at] = Op::Jump { target: 0 };
    let bytes = dogma_runtime::dogmac::encode(&edition).expect("encodes");
    match dogma_runtime::dogmac::decode(&bytes) {
        Err(e) => {
            let why = e.to_string();
            assert!(
                why.contains(&format!(
                    "op {at:04} jumps back to op 0000 in a test or measure"
                )),
                "{why}"
            );
        }
        Ok(_) => panic!("the looping condition was accepted"),
    }
}

// ---------------------------------------------------------------------------------------------
// The command line

fn wait_at_most(child: &mut std::process::Child, limit: Duration) -> Option<i32> {
    let start = std::time::Instant::now();
    loop {
        if let Ok(Some(status)) = child.try_wait() {
            return status.code();
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("dogma did not end within {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// A folder holding two symbolic links to itself: `check`, `fmt` and `test` say so and end.
#[cfg(unix)]
#[test]
fn a_cycle_of_folders_is_an_error() {
    let dir = temp_dir("cycle");
    let looped = dir.join("loop");
    std::fs::create_dir_all(&looped).expect("folder");
    std::fs::copy("cards/base/age01.dogma", looped.join("age01.dogma")).expect("copy");
    std::os::unix::fs::symlink(".", looped.join("a")).expect("link");
    std::os::unix::fs::symlink(".", looped.join("b")).expect("link");
    for command in ["check", "fmt", "test"] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_dogma"))
            .args([command, looped.to_str().expect("path")])
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("dogma runs");
        let code = wait_at_most(&mut child, Duration::from_secs(60));
        let mut stderr = String::new();
        child
            .stderr
            .take()
            .expect("stderr")
            .read_to_string(&mut stderr)
            .expect("read");
        assert_eq!(code, Some(2), "{command}: {stderr}");
        assert!(
            stderr.contains("a cycle of symbolic links"),
            "{command}: {stderr}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `dogma play --human alice | head -1`: the closed pipe ends the game quietly.
#[test]
fn a_closed_output_ends_a_human_game_quietly() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_dogma"))
        .args(["play", "--human", "alice", "--seed", "3"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("dogma runs");
    let mut stdout = child.stdout.take().expect("stdout");
    let mut first = [0u8; 1];
    stdout.read_exact(&mut first).expect("a first byte");
    drop(stdout);
    let mut stdin = child.stdin.take().expect("stdin");
    // Answers for as long as the game reads them (it stops at the closed pipe).
    let _ = stdin.write_all(&b"1\n".repeat(2000));
    drop(stdin);
    let code = wait_at_most(&mut child, Duration::from_secs(60));
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .expect("stderr")
        .read_to_string(&mut stderr)
        .expect("read");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(code, Some(0), "{stderr}");
}

/// A byte that is not UTF-8 typed at the prompt is refused like any bad answer, and the game
/// goes on (here, to its save).
#[test]
fn a_non_utf8_answer_is_asked_again() {
    let dir = temp_dir("prompt");
    let path = dir.join("game.json");
    let mut child = Command::new(env!("CARGO_BIN_EXE_dogma"))
        .args([
            "play",
            "--human",
            "alice",
            "--seed",
            "3",
            "--save-after",
            "6",
            "--save",
            path.to_str().expect("path"),
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("dogma runs");
    let mut stdin = child.stdin.take().expect("stdin");
    let mut input = b"\xff\xfe\n".to_vec();
    input.extend(b"1\n".repeat(50));
    stdin.write_all(&input).expect("answers");
    drop(stdin);
    let out = child.wait_with_output().expect("ends");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(stdout.contains("that is not text"), "{stdout}");
    assert!(stdout.contains("saved:"), "{stdout}");
    assert!(path.is_file());
    let _ = std::fs::remove_dir_all(&dir);
}

/// A runtime error reported from an edition whose source changed since: the offset may fall
/// inside a character or past the end.
#[test]
fn a_source_location_inside_a_character_is_not_a_panic() {
    let src = "ab\n\u{e9}\u{e9}x";
    assert_eq!(dogma::play::line_and_column(src, 4), (2, 1));
    assert_eq!(dogma::play::line_and_column(src, 5), (2, 3));
    assert_eq!(dogma::play::line_and_column(src, 100), (2, 6));
}

#[test]
fn check_invariants_is_a_flag_and_a_switch() {
    let out = dogma(&["play", "--seed", "4", "--log", "none", "--check-invariants"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0));
    assert!(
        stdout.starts_with("winner:") || stdout.starts_with("result:"),
        "{stdout}"
    );
    let out = Command::new(env!("CARGO_BIN_EXE_dogma"))
        .args(["play", "--seed", "4", "--log", "none"])
        .env("DOGMA_CHECK_INVARIANTS", "1")
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("dogma runs");
    assert_eq!(String::from_utf8_lossy(&out.stdout), stdout);
}

#[test]
fn soak_plays_every_edition_and_reports() {
    let out = dogma(&["soak", "--games", "12", "--jobs", "2", "--seed", "40"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(
        stdout.contains("first 3, third 3, fourth 3, third+cities 3"),
        "{stdout}"
    );
    assert!(stdout.ends_with("soak: 12 passed, 0 failed\n"), "{stdout}");
}

/// `take an additional action` (Hourglass, in the designer test edition) leaves a player three
/// actions: the invariant allowed two at most and broke a valid game (`dogma soak --editions
/// tests/fixtures/designer/designer.toml` found it, seed 822 at 2 players). Debug builds check
/// the invariants after every action and answer.
#[test]
fn an_additional_action_keeps_the_invariants() {
    root();
    let program = Program::from(
        dogma::compile_edition("tests/fixtures/designer/designer.toml")
            .unwrap_or_else(|e| panic!("{e}")),
    );
    let mut game = Game::new(program, dogma::differential::setup(2, 822)).expect("setup");
    dogma_runtime::invariants::set_checking(true);
    play_random(&mut game, None).unwrap_or_else(|e| panic!("{e:?}"));
    assert!(game.state.outcome.is_some());
    assert!(game.log.iter().any(|e| matches!(
        e,
        dogma_runtime::log::Event::AdditionalAction { granted: true, .. }
    )));
}
