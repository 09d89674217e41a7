//! `dogma play`: deterministic output, the final line, saving mid-game and resuming to the
//! identical end, refusals of illegal actions and answers that leave the state untouched.

use dogma_runtime::agents::{play, Agent, Bot, RandomAgent};
use dogma_runtime::choices::{Action, Answer};
use dogma_runtime::game::{Game, PlayError, Setup, Status};
use std::process::Command;
use std::sync::Arc;

fn dogma(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_dogma"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("dogma runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

fn edition() -> Arc<dogma_runtime::bytecode::CompiledEdition> {
    std::env::set_current_dir(env!("CARGO_MANIFEST_DIR")).expect("repository root");
    Arc::new(dogma::compile_edition("third").expect("the third edition compiles"))
}

#[test]
fn the_same_seed_gives_the_same_output_byte_for_byte() {
    let a = dogma(&[
        "play",
        "--edition",
        "third",
        "--players",
        "3",
        "--seed",
        "11",
    ]);
    let b = dogma(&[
        "play",
        "--edition",
        "third",
        "--players",
        "3",
        "--seed",
        "11",
    ]);
    assert_eq!(a.0, 0, "{}", a.2);
    assert_eq!(a.1, b.1);
    let last = a.1.lines().last().expect("output");
    assert!(
        last.starts_with("winner: ") || last == "result: draw",
        "last line: {last}"
    );
    // JSON Lines end to end: every line parses, the first says the format, the last the result,
    // and players and cards are named.
    let json = dogma(&["play", "--seed", "11", "--players", "3", "--log", "json"]);
    let lines: Vec<serde_json::Value> = json
        .1
        .lines()
        .map(|line| serde_json::from_str(line).expect("each line is JSON"))
        .collect();
    let first = &lines[0];
    assert_eq!(first["event"], "setup");
    assert_eq!(first["format"], "dogma-log");
    assert_eq!(first["version"], 1);
    let result = lines.last().expect("a result");
    assert_eq!(result["event"], "result");
    let winners: Vec<&str> = result["winners"]
        .as_array()
        .expect("winners")
        .iter()
        .map(|w| w.as_str().expect("a name"))
        .collect();
    if let Some(named) = last.strip_prefix("winner: ") {
        let (who, why) = named.split_once(" (").expect("winner (reason)");
        assert_eq!(winners.join(", "), who);
        assert_eq!(
            format!("{})", result["reason"].as_str().expect("reason")),
            why
        );
    }
    let draw = lines.iter().find(|l| l["event"] == "draw").expect("a draw");
    assert!(
        draw["card"].is_string() && draw["player"].is_string(),
        "{draw}"
    );
}

#[test]
fn a_saved_game_resumes_to_the_identical_end() {
    let dir = std::env::temp_dir().join(format!("dogma-save-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let save = dir.join("game.json");
    let save = save.to_str().expect("utf-8 path");
    let whole = dogma(&["play", "--seed", "5", "--players", "2"]);
    let first = dogma(&[
        "play",
        "--seed",
        "5",
        "--players",
        "2",
        "--save-after",
        "40",
        "--save",
        save,
    ]);
    assert_eq!(first.0, 0, "{}", first.2);
    let (head, saved_line) = first.1.rsplit_once("saved: ").expect("a saved line");
    assert!(saved_line.contains("after 40 steps"));
    let rest = dogma(&["play", "--resume", save]);
    assert_eq!(rest.0, 0, "{}", rest.2);
    assert_eq!(format!("{head}{}", rest.1), whole.1);
}

/// The same, in-process: the saved state (with the bots) resumes to byte-identical final states.
#[test]
fn saving_in_the_middle_of_a_dogma_action_resumes_exactly() {
    let edition = edition();
    let setup = Setup {
        players: vec!["alice".into(), "bob".into(), "carol".into()],
        seed: 42,
        teams: false,
        team_of: Vec::new(),
    };
    let run = |stop: Option<u64>| -> (Game, Vec<Bot>) {
        let mut game = Game::new(edition.clone(), setup.clone()).expect("setup");
        let mut bots: Vec<Bot> = (0..3)
            .map(|s| Bot::Random(Box::new(RandomAgent::new(42, s))))
            .collect();
        let mut agents: Vec<&mut dyn Agent> =
            bots.iter_mut().map(|b| b as &mut dyn Agent).collect();
        play(&mut game, &mut agents, stop).expect("plays");
        (game, bots)
    };
    let (whole, _) = run(None);
    // Stop at every 37th step until one stop falls while a decision is pending mid-dogma.
    let mut stopped_mid_dogma = false;
    for stop in (37..400).step_by(37) {
        let (game, bots) = run(Some(stop));
        if game.exec.is_some() && game.pending.is_some() {
            stopped_mid_dogma = true;
        }
        let text = serde_json::to_string(&(&game, &bots)).expect("serialises");
        let (mut resumed, mut bots): (Game, Vec<Bot>) =
            serde_json::from_str(&text).expect("deserialises");
        resumed.attach(edition.clone()).expect("same edition");
        let mut agents: Vec<&mut dyn Agent> =
            bots.iter_mut().map(|b| b as &mut dyn Agent).collect();
        play(&mut resumed, &mut agents, None).expect("plays on");
        assert_eq!(
            serde_json::to_string(&resumed.state).expect("state"),
            serde_json::to_string(&whole.state).expect("state"),
            "stopped after {stop} steps"
        );
        assert_eq!(resumed.log, whole.log, "stopped after {stop} steps");
    }
    assert!(
        stopped_mid_dogma,
        "no stop fell in the middle of a dogma action"
    );
}

#[test]
fn illegal_actions_and_answers_are_refused_and_change_nothing() {
    let edition = edition();
    let mut game = Game::new(
        edition.clone(),
        Setup {
            players: vec!["alice".into(), "bob".into()],
            seed: 3,
            teams: false,
            team_of: Vec::new(),
        },
    )
    .expect("setup");
    // The first question: each player's first meld.
    let before = serde_json::to_string(&game.state).expect("state");
    let refused = game.answer(Answer::Cards(vec![]));
    assert!(
        matches!(&refused, Err(PlayError::Refused(r)) if r.reason.contains("choose at least one card, not 0")),
        "{refused:?}"
    );
    let refused = game.answer(Answer::YesNo(true));
    assert!(matches!(refused, Err(PlayError::Refused(_))));
    let refused = game.act(Action::Draw);
    assert!(
        matches!(&refused, Err(PlayError::Refused(r)) if r.reason.contains("pending")),
        "{refused:?}"
    );
    assert_eq!(serde_json::to_string(&game.state).expect("state"), before);

    // Play into the game, then try an action that is not legal.
    let mut bots: Vec<RandomAgent> = (0..2).map(|s| RandomAgent::new(3, s)).collect();
    let mut agents: Vec<&mut dyn Agent> = bots.iter_mut().map(|b| b as &mut dyn Agent).collect();
    play(&mut game, &mut agents, Some(10)).expect("plays");
    while !matches!(game.status(), Status::Action(_)) {
        play(&mut game, &mut agents, Some(1)).expect("plays");
    }
    let before = serde_json::to_string(&game.state).expect("state");
    let log_len = game.log.len();
    let refused = game.act(Action::Achieve(9));
    assert!(
        matches!(&refused, Err(PlayError::Refused(r)) if r.reason.contains("score of at least")),
        "{refused:?}"
    );
    let card_not_in_hand = (0..edition.cards.len() as u16)
        .find(|c| {
            !game.state.players[game.state.active as usize]
                .hand
                .contains(c)
        })
        .expect("a card");
    let refused = game.act(Action::Meld(card_not_in_hand));
    assert!(
        matches!(&refused, Err(PlayError::Refused(r)) if r.reason.contains("is not in")),
        "{refused:?}"
    );
    assert_eq!(serde_json::to_string(&game.state).expect("state"), before);
    assert_eq!(game.log.len(), log_len);
}

/// A game saved with a question pending for the human `alice`: the table of a scenario, its first
/// action taken.
fn saved_at_question(scenario: &str, tag: &str) -> std::path::PathBuf {
    std::env::set_current_dir(env!("CARGO_MANIFEST_DIR")).expect("repository root");
    let mut editions = dogma::scenario::EditionCache::new(dogma::scenario::Backends::Vm);
    let (scenario, edition) =
        dogma::scenario::load(std::path::Path::new(scenario), &mut editions).expect("loads");
    let mut game = Game::from_table(edition, &scenario.table).expect("the table is set");
    game.act(scenario.actions[0].action)
        .expect("the action is legal");
    assert!(matches!(game.status(), Status::Decision(r) if r.player == 0));
    let saved = dogma::play::SavedGame {
        printed: game.log.len(),
        game,
        bots: vec![None, Some(Bot::First(Default::default()))],
        steps: 0,
    };
    let path = std::env::temp_dir().join(format!("dogma-human-{}-{tag}.json", std::process::id()));
    std::fs::write(&path, serde_json::to_string(&saved).expect("saves")).expect("writes");
    path
}

/// Runs `dogma play --resume SAVED` with `input` typed at the terminal.
fn human_transcript(saved: &std::path::Path, input: &str) -> String {
    typed(
        &["play", "--resume", saved.to_str().expect("utf-8 path")],
        input,
    )
}

#[test]
fn the_terminal_player_sees_a_folded_you_may_with_its_options_in_words() {
    // Paper: "you may splay your green or blue cards left" is one question, declining included
    // (../shared/SCENARIOS.md, "How questions are asked").
    let saved = saved_at_question(
        "tests/scenarios/third/questions/you-may-splay-folds-into-the-colour.toml",
        "splay",
    );
    let out = human_transcript(&saved, "purple\n0\n");
    let _ = std::fs::remove_file(&saved);
    assert!(
        out.contains("alice may choose 1 colour from [blue, green], or decline"),
        "{out}"
    );
    assert!(
        out.contains("  0) decline\n  1) blue\n  2) green\n"),
        "{out}"
    );
    // A word that is not an option is refused with the reason; declining is then taken.
    assert!(
        out.contains("refused: `purple` is not an answer: type the numbers of the options"),
        "{out}"
    );
    assert!(out.contains("alice chooses to decline"), "{out}");
}

#[test]
fn the_terminal_player_sees_an_either_or_by_its_words() {
    let saved = saved_at_question(
        "tests/scenarios/third/questions/you-may-either-or-folds-into-the-alternative.toml",
        "either",
    );
    let out = human_transcript(&saved, "2\n");
    let _ = std::fs::remove_file(&saved);
    assert!(
        out.contains("  0) decline\n  1) draw and score an [8], then return a card from your score pile\n  2) draw a card of value one higher than the highest card in your score pile\n"),
        "{out}"
    );
    assert!(
        out.contains("alice chooses to draw a card of value one higher than the highest card in your score pile"),
        "{out}"
    );
}

/// Runs `dogma play ARGS` with `input` typed at the terminal; returns stdout.
fn typed(args: &[&str], input: &str) -> String {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_dogma"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("dogma runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("types");
    let out = child.wait_with_output().expect("dogma ends");
    String::from_utf8_lossy(&out.stdout).to_string()
}

/// A scripted human game: the transcript shows the table at every prompt, the text of the card
/// being dogma'd and of the cards in a question, `help` and `read`, refusals with their reason,
/// and never the title of a card another player drew.
#[test]
fn a_scripted_human_game_shows_the_table_the_cards_and_the_refusals() {
    let mut input = String::from("help\nread Oars\nread Oarz\nbogus\n99\n");
    // Then always the last option (a Dogma action when there is one), and stop.
    input.push_str(&"1\n".repeat(3));
    input.push_str(&"3\n".repeat(40));
    input.push_str("quit\n");
    let out = typed(&["play", "--human", "alice", "--seed", "4"], &input);
    assert!(out.contains("--- the table: setting up ---"), "{out}");
    assert!(
        out.contains("--- the table: turn 2, alice to play, 2 action(s) left ---"),
        "{out}"
    );
    assert!(out.contains("alice (you): score 0"), "{out}");
    assert!(out.contains("  icons: "), "{out}");
    assert!(out.contains("supply: 1:"), "{out}");
    // The cards of the first question with their text, and `read`.
    assert!(
        out.contains("  1) Domestication [1]\n      | Age 1 · yellow"),
        "{out}"
    );
    assert!(
        out.contains("[castle] I demand you transfer a card with a [crown]"),
        "{out}"
    );
    assert!(
        out.contains("no card \"Oarz\"; did you mean \"Oars\"?"),
        "{out}"
    );
    assert!(out.contains("read TITLE"), "{out}");
    // Refusals say why.
    assert!(out.contains("refused: `bogus` is not an answer"), "{out}");
    assert!(out.contains("refused: there are only 2 options"), "{out}");
    // A Dogma action with who shares it, and the card's text when it is used.
    assert!(out.contains(" — shares: "), "{out}");
    assert!(
        out.contains("\n      | [castle] Meld the lowest card from your hand."),
        "{out}"
    );
    assert!(out.ends_with("quit: the game was not saved\n"), "{out}");
    // bob's draws are backs only.
    for line in out.lines().filter(|l| l.starts_with("bob draws")) {
        assert!(line.starts_with("bob draws a ["), "{line}");
    }
}

/// `save FILE` at the prompt saves the game, which resumes to the same prompt.
#[test]
fn a_human_saves_at_the_prompt_and_resumes() {
    let path = std::env::temp_dir().join(format!("dogma-prompt-save-{}.json", std::process::id()));
    let file = path.to_str().expect("utf-8 path");
    let out = typed(
        &["play", "--human", "alice", "--seed", "4"],
        &format!("1\nsave {file}\n"),
    );
    assert!(
        out.contains(&format!("saved: {file} after 3 steps")),
        "{out}"
    );
    let resumed = typed(&["play", "--resume", file], "table\nquit\n");
    let _ = std::fs::remove_file(&path);
    assert!(
        resumed.contains("alice, your turn (2 action(s) left"),
        "{resumed}"
    );
    assert!(
        resumed.ends_with("quit: the game was not saved\n"),
        "{resumed}"
    );
}

/// What a player reads of another player's hidden moves in `edition`'s random 3-player games: a
/// card that goes from one hidden place to another (scored or returned from a hand,
/// foreshadowed) is shown by its back, and another player's draw too; a card that comes into view
/// is named. Returns the moves counted hidden and shown, and the hidden moves into a forecast.
fn hidden_moves_in_a_players_view(
    name: &str,
    seeds: std::ops::Range<u64>,
) -> (usize, usize, usize) {
    use dogma_runtime::log::{hidden_from, Event};
    use dogma_runtime::state::Location;
    let edition = Arc::new(dogma::compile_edition(name).expect("the edition compiles"));
    let program = dogma_runtime::vm::Program::from((*edition).clone());
    let (mut hidden, mut shown, mut foreshadowed) = (0, 0, 0);
    for seed in seeds {
        let setup = Setup {
            players: vec!["alice".into(), "bob".into(), "carol".into()],
            seed,
            teams: false,
            team_of: Vec::new(),
        };
        let mut game = Game::new(program.clone(), setup).expect("setup");
        let mut bots: Vec<RandomAgent> = (0..3).map(|s| RandomAgent::new(seed, s)).collect();
        let mut agents: Vec<&mut dyn Agent> =
            bots.iter_mut().map(|b| b as &mut dyn Agent).collect();
        let _ = play(&mut game, &mut agents, None);
        let names = game.names();
        for event in game.log.iter() {
            let line = event.text_for(&edition, &names, 0);
            match event {
                Event::Move {
                    player,
                    card,
                    from,
                    to,
                    ..
                } if *player != 0 => {
                    let title = &edition.card(*card).title;
                    if hidden_from(0, *from) && hidden_from(0, *to) {
                        hidden += 1;
                        if matches!(to, Location::Forecast(_)) {
                            foreshadowed += 1;
                        }
                        assert!(!line.contains(title.as_str()), "{line}");
                    } else {
                        shown += 1;
                        assert!(line.contains(title.as_str()), "{line}");
                    }
                }
                Event::Draw { player, card, .. } if *player != 0 => {
                    assert!(!line.contains(edition.card(*card).title.as_str()), "{line}");
                }
                _ => {}
            }
        }
    }
    (hidden, shown, foreshadowed)
}

#[test]
fn the_players_view_names_no_hidden_card() {
    let (hidden, shown, _) = hidden_moves_in_a_players_view("third", 0..40);
    assert!(hidden > 50 && shown > 50, "hidden {hidden}, shown {shown}");
}

/// With Echoes, another player's foreshadowed cards lie face down: the reader sees their backs
/// (../shared/rules/EXPANSIONS.md E8: others see how many, their sets and values, not the card).
#[test]
fn the_players_view_hides_other_players_forecasts() {
    let (hidden, shown, foreshadowed) = hidden_moves_in_a_players_view("third+echoes", 0..20);
    assert!(
        hidden > 50 && shown > 50 && foreshadowed > 10,
        "hidden {hidden}, shown {shown}, into a forecast {foreshadowed}"
    );
}

/// Two humans at one terminal: each reads the log in their own view, and the screen is handed
/// over between them.
#[test]
fn two_humans_get_a_hand_over_screen() {
    let out = typed(
        &["play", "--agents", "human,human", "--seed", "4"],
        "1\n\n1\n\nquit\n",
    );
    assert!(
        out.contains(
            "=== pass the terminal to bob; bob, press Enter when only you are looking ==="
        ),
        "{out}"
    );
    let handed = out.find("pass the terminal to bob").expect("handed over");
    // Before the hand-over alice's view names her cards, not bob's; after it, bob's.
    assert!(out[..handed].contains("bob draws a [1]"), "{out}");
    assert!(
        out[handed..].contains("bob must choose 1 card from [Code of Laws, Masonry]"),
        "{out}"
    );
}

/// `--view NAME`: the log as that player may see it, in text and in JSON.
#[test]
fn the_log_has_a_players_view() {
    let (code, text, _) = dogma(&["play", "--seed", "3", "--view", "alice"]);
    assert_eq!(code, 0);
    let draws: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("bob draws"))
        .collect();
    assert!(!draws.is_empty());
    assert!(
        draws.iter().all(|l| l.starts_with("bob draws a [")),
        "{draws:?}"
    );
    let (_, full, _) = dogma(&["play", "--seed", "3"]);
    assert!(full
        .lines()
        .any(|l| l.starts_with("bob draws ") && !l.starts_with("bob draws a [")));
    let (code, json, _) = dogma(&["play", "--seed", "3", "--view", "alice", "--log", "json"]);
    assert_eq!(code, 0);
    for line in json.lines() {
        let event: serde_json::Value = serde_json::from_str(line).expect("JSON");
        if event["event"] == "draw" && event["player"] == "bob" {
            assert!(
                event["card"].is_null() && event["back"]["age"].is_u64(),
                "{event}"
            );
        }
    }
    let (code, _, err) = dogma(&["play", "--view", "zed"]);
    assert_eq!(code, 2);
    assert!(err.contains("--view zed: no player has that name"), "{err}");
}
