//! The fourth edition's table rules in the engine: teams of any size (setup, refusals, saved
//! games of the old form), elimination (the number of achievements to win, turn order), parley
//! (legal actions, saving during a parley question), the `dogma play --team` flag and the
//! scenario key `team_list`.
//! Rules: ../shared/rules/fourth-edition-rulebook.txt ("Team Rules", "Parley Rules",
//! "Achievements & Victory", "Dogma Effect Keywords": Lose).

use dogma_runtime::agents::{play, Agent, Bot, RandomAgent};
use dogma_runtime::bytecode::CompiledEdition;
use dogma_runtime::choices::{Action, Answer, RequestKind};
use dogma_runtime::game::{EngineQuestion, Game, PlayError, Setup, Status};
use dogma_runtime::table::{PlayerSpec, TableSpec};
use dogma_runtime::vocab::Color;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;

fn compile(name: &str) -> Arc<CompiledEdition> {
    std::env::set_current_dir(env!("CARGO_MANIFEST_DIR")).expect("repository root");
    Arc::new(dogma::compile_edition(name).unwrap_or_else(|e| panic!("{name} compiles: {e}")))
}

fn names(n: usize) -> Vec<String> {
    ["alice", "bob", "carol", "dave"][..n]
        .iter()
        .map(|s| s.to_string())
        .collect()
}

fn setup(n: usize, teams: bool, team_of: &[u8]) -> Setup {
    Setup {
        players: names(n),
        seed: 1,
        teams,
        team_of: team_of.to_vec(),
    }
}

fn dogma(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_dogma"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("CI")
        .output()
        .expect("dogma runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

/// A player of a hand-built table: name, top cards (colour, title), hand.
type Seat<'a> = (&'a str, &'a [(Color, &'a str)], &'a [&'a str]);

/// A table of the edition: each player's piles and hand by title.
fn table(edition: &CompiledEdition, players: &[Seat], team_of: &[u8]) -> TableSpec {
    let card = |t: &str| edition.card_by_title(t).unwrap_or_else(|| panic!("{t}"));
    let mut spec = TableSpec {
        actions_left: 2,
        team_of: team_of.to_vec(),
        ..TableSpec::default()
    };
    for (name, board, hand) in players {
        let mut p = PlayerSpec {
            name: name.to_string(),
            ..PlayerSpec::default()
        };
        for (color, title) in board.iter() {
            let i = Color::ALL.iter().position(|c| c == color).expect("colour");
            p.board[i].push(card(title));
        }
        p.hand = hand.iter().map(|t| card(t)).collect();
        spec.players.push(p);
    }
    spec
}

// ---------------------------------------------------------------------------------------------
// Teams

#[test]
fn teams_of_any_size_only_where_the_edition_has_them() {
    let fourth = compile("fourth");
    let third = compile("third");
    let first = compile("first");
    // Fourth edition: 2v1, 2v2 across or side by side, 3v1.
    for (n, team_of) in [
        (3, vec![0, 0, 1]),
        (4, vec![0, 1, 0, 1]),
        (4, vec![0, 0, 1, 1]),
        (4, vec![0, 0, 0, 1]),
        (2, vec![0, 0]),
    ] {
        let result = Game::new(fourth.clone(), setup(n, false, &team_of));
        if team_of == [0, 0] {
            assert!(result.unwrap_err().contains("at least two teams"));
            continue;
        }
        let game = result.unwrap_or_else(|e| panic!("{team_of:?}: {e}"));
        assert!(game.team_game());
        assert_eq!(game.achievements_to_win(), 6, "{team_of:?}: 6 for a team");
        assert!(!game.parley_in_effect(), "no parley in team games");
    }
    // `teams` keeps meaning two against two, partners across.
    let game = Game::new(fourth.clone(), setup(4, true, &[])).expect("2v2");
    let teams: Vec<u8> = game.state.players.iter().map(|p| p.team).collect();
    assert_eq!(teams, [0, 1, 0, 1]);
    // Every player on a team of one is not a team game.
    let err = Game::new(fourth.clone(), setup(3, false, &[0, 1, 2])).unwrap_err();
    assert!(err.contains("single player"), "{err}");
    // The third edition's only team game is 2v2 across; the first has none.
    assert!(Game::new(third.clone(), setup(4, true, &[])).is_ok());
    assert!(Game::new(third.clone(), setup(4, false, &[0, 1, 0, 1])).is_ok());
    let err = Game::new(third.clone(), setup(4, false, &[0, 0, 1, 1])).unwrap_err();
    assert!(err.contains("only team game"), "{err}");
    let err = Game::new(third, setup(3, false, &[0, 0, 1])).unwrap_err();
    assert!(err.contains("only team game"), "{err}");
    let err = Game::new(first, setup(4, true, &[])).unwrap_err();
    assert!(err.contains("no team games"), "{err}");
    let err = Game::new(fourth, setup(4, true, &[0, 1, 0, 1])).unwrap_err();
    assert!(err.contains("not both"), "{err}");
}

#[test]
fn saved_games_of_the_old_form_load_and_new_fields_stay_out_of_old_games() {
    let old: Setup =
        serde_json::from_str(r#"{"players":["alice","bob"],"seed":4,"teams":false}"#).expect("old");
    assert!(old.team_of.is_empty());
    // A third-edition game serialises without any of the new fields, and reads back.
    let third = compile("third");
    let mut game = Game::new(third.clone(), setup(4, true, &[])).expect("setup");
    let mut bots: Vec<RandomAgent> = (0..4).map(|s| RandomAgent::new(1, s)).collect();
    let mut agents: Vec<&mut dyn Agent> = bots.iter_mut().map(|b| b as &mut dyn Agent).collect();
    play(&mut game, &mut agents, Some(60)).expect("plays");
    let text = serde_json::to_string(&game).expect("serialises");
    for key in [
        "team_of",
        "eliminated",
        "junked_specials",
        "asking",
        "parley_shared",
        "parley_offered",
    ] {
        assert!(!text.contains(key), "{key} in a third-edition save");
    }
    let mut back: Game = serde_json::from_str(&text).expect("deserialises");
    back.attach(third).expect("attach");
    assert_eq!(
        serde_json::to_string(&back.state).expect("state"),
        serde_json::to_string(&game.state).expect("state")
    );
}

// ---------------------------------------------------------------------------------------------
// Elimination

#[test]
fn elimination_keeps_the_goal_and_skips_the_loser() {
    let edition = compile("tests/fixtures/fourth-lose/fourth-lose.toml");
    let spec = table(
        &edition,
        &[
            ("alice", &[(Color::Red, "Ultimatum")], &["Oars"]),
            ("bob", &[(Color::Blue, "Writing")], &[]),
            ("carol", &[], &["Sailing"]),
        ],
        &[],
    );
    let mut game = Game::from_table(edition.clone(), &spec).expect("table");
    assert_eq!(game.achievements_to_win(), 5);
    let ultimatum = edition.card_by_title("Ultimatum").expect("card");
    game.act(Action::Dogma(ultimatum)).expect("dogma");
    assert!(game.state.players[1].eliminated);
    assert!(!game.state.in_play(1));
    // Readings: the goal stays that of three players; turn order and "each player" skip bob.
    assert_eq!(game.achievements_to_win(), 5);
    assert_eq!(game.state.clockwise_from(0), vec![2, 0]);
    assert_eq!(game.state.next_in_turn(0), 2);
    assert_eq!(game.state.neighbours(0), vec![2]);
    game.act(Action::Draw).expect("draw");
    assert_eq!(game.status(), Status::Action(2));
    game.act(Action::Draw).expect("draw");
    game.act(Action::Draw).expect("draw");
    assert_eq!(game.status(), Status::Action(0));
}

#[test]
fn lose_eliminates_only_where_the_edition_has_elimination() {
    // A card that says `you lose`, in a temporary edition over the third and over the fourth.
    let dir = std::env::temp_dir().join(format!("dogma-fourth-rules-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("t")).expect("tree folder");
    std::fs::write(
        dir.join("t/a.dogma"),
        "card \"Forfeit\" {\n  age 1\n  color red\n  icons hex crown crown crown\n\n  effect crown {\n    you lose\n  }\n}\n",
    )
    .expect("card");
    for base in ["third", "fourth"] {
        std::fs::write(
            dir.join(format!("{base}-lose.toml")),
            format!("name = \"{base}-lose\"\nextends = \"{base}\"\ntrees = [\"t\"]\n"),
        )
        .expect("manifest");
    }
    std::env::set_current_dir(env!("CARGO_MANIFEST_DIR")).expect("repository root");
    let compiled = |base: &str| {
        dogma::compile_edition(&dir.join(format!("{base}-lose.toml")).to_string_lossy())
    };
    let third = compiled("third");
    let fourth = Arc::new(compiled("fourth").expect("the fourth edition has elimination"));
    let _ = std::fs::remove_dir_all(&dir);
    let play_forfeit = |edition: &Arc<CompiledEdition>| {
        let spec = table(
            edition,
            &[
                ("alice", &[(Color::Red, "Forfeit")], &[]),
                ("bob", &[], &["Oars"]),
            ],
            &[],
        );
        let mut game = Game::from_table(edition.clone(), &spec).expect("table");
        let forfeit = edition.card_by_title("Forfeit").expect("card");
        let result = game.act(Action::Dogma(forfeit));
        (game, result)
    };
    // Without elimination, `lose` is refused by the checks or fails at run time; it never
    // eliminates anybody.
    if let Ok(third) = third {
        let (game, result) = play_forfeit(&Arc::new(third));
        assert!(
            matches!(&result, Err(PlayError::Runtime(e)) if e.message.contains("elimination")),
            "{result:?}"
        );
        assert!(!game.state.players[0].eliminated);
    }
    // bob has no crowns: he does not share; alice loses, and bob is the last player standing.
    let (game, result) = play_forfeit(&fourth);
    result.expect("dogma");
    let outcome = game.state.outcome.clone().expect("over");
    assert_eq!(outcome.winners, vec![1]);
    assert_eq!(outcome.reason.word(), "elimination");
    assert!(game.state.players[0].eliminated);
}

// ---------------------------------------------------------------------------------------------
// Parley

#[test]
fn parley_lists_the_distant_top_cards_only_when_it_is_in_effect() {
    let fourth = compile("fourth");
    let four = |hand: &'static [&'static str], team_of: &[u8]| {
        table(
            &fourth,
            &[
                ("alice", &[(Color::Red, "Archery")], hand),
                ("bob", &[(Color::Blue, "Tools")], &[]),
                (
                    "carol",
                    &[(Color::Blue, "Writing"), (Color::Green, "Sailing")],
                    &[],
                ),
                ("dave", &[(Color::Purple, "Mysticism")], &[]),
            ],
            team_of,
        )
    };
    let card = |t: &str| fourth.card_by_title(t).expect("card");
    let game = Game::from_table(fourth.clone(), &four(&["Oars"], &[])).expect("table");
    assert!(game.parley_in_effect());
    let legal = game.legal_actions();
    // alice's own top card, then carol's (distant) in colour order.
    let dogmas: Vec<Action> = legal
        .iter()
        .copied()
        .filter(|a| matches!(a, Action::Dogma(_)))
        .collect();
    assert_eq!(
        dogmas,
        vec![
            Action::Dogma(card("Archery")),
            Action::Dogma(card("Writing")),
            Action::Dogma(card("Sailing")),
        ]
    );
    assert!(legal.contains(&Action::Dogma(card("Writing"))));
    assert!(legal.contains(&Action::Dogma(card("Sailing"))));
    assert!(
        !legal.contains(&Action::Dogma(card("Tools"))),
        "bob is a neighbour"
    );
    assert!(
        !legal.contains(&Action::Dogma(card("Mysticism"))),
        "dave is a neighbour"
    );
    // No card in hand, a team game: no parley.
    let game = Game::from_table(fourth.clone(), &four(&[], &[])).expect("table");
    assert!(!game
        .legal_actions()
        .contains(&Action::Dogma(card("Writing"))));
    let game = Game::from_table(fourth.clone(), &four(&["Oars"], &[0, 1, 0, 1])).expect("table");
    assert!(!game.parley_in_effect());
    assert!(!game
        .legal_actions()
        .contains(&Action::Dogma(card("Writing"))));
    // Three players: everyone is a neighbour.
    let three = table(
        &fourth,
        &[
            ("alice", &[(Color::Red, "Archery")], &["Oars"]),
            ("bob", &[(Color::Blue, "Tools")], &[]),
            ("carol", &[(Color::Blue, "Writing")], &[]),
        ],
        &[],
    );
    let game = Game::from_table(fourth.clone(), &three).expect("table");
    assert!(!game.parley_in_effect());
    // The third edition has no parley at four players.
    let third = compile("third");
    let spec = table(
        &third,
        &[
            ("alice", &[(Color::Red, "Archery")], &["Oars"]),
            ("bob", &[], &[]),
            ("carol", &[(Color::Blue, "Writing")], &[]),
            ("dave", &[], &[]),
        ],
        &[],
    );
    let game = Game::from_table(third, &spec).expect("table");
    assert!(!game.parley_in_effect());
    let refused = game.clone().act(Action::Dogma(card("Writing")));
    assert!(refused.is_err());
}

#[test]
fn a_game_saved_during_a_parley_question_resumes_exactly() {
    let fourth = compile("fourth");
    let run = |stop: Option<u64>| -> (Game, Vec<Bot>) {
        let mut game = Game::new(fourth.clone(), setup(4, false, &[])).expect("setup");
        let mut bots: Vec<Bot> = (0..4)
            .map(|s| Bot::Random(Box::new(RandomAgent::new(1, s))))
            .collect();
        let mut agents: Vec<&mut dyn Agent> =
            bots.iter_mut().map(|b| b as &mut dyn Agent).collect();
        play(&mut game, &mut agents, stop).expect("plays");
        (game, bots)
    };
    let (whole, _) = run(None);
    // One stop at each kind of parley question met (activate, share, immunity).
    let kind = |q: &EngineQuestion| match q {
        EngineQuestion::ParleyDogma { .. } => "activate",
        EngineQuestion::ParleyShare { .. } => "share",
        EngineQuestion::ParleyImmunity { .. } => "immunity",
        // The Cities' questions: not in a fourth-edition game.
        _ => "other",
    };
    let mut kinds: Vec<&str> = Vec::new();
    for stop in 1..600 {
        let (game, bots) = run(Some(stop));
        let Some(question) = game.exec.as_ref().and_then(|e| e.asking) else {
            continue;
        };
        if kinds.contains(&kind(&question)) {
            continue;
        }
        kinds.push(kind(&question));
        assert!(matches!(
            game.pending.as_ref().map(|r| &r.kind),
            Some(RequestKind::Cards { .. })
        ));
        let text = serde_json::to_string(&(&game, &bots)).expect("serialises");
        let (mut resumed, mut bots): (Game, Vec<Bot>) =
            serde_json::from_str(&text).expect("deserialises");
        resumed.attach(fourth.clone()).expect("same edition");
        let mut agents: Vec<&mut dyn Agent> =
            bots.iter_mut().map(|b| b as &mut dyn Agent).collect();
        play(&mut resumed, &mut agents, None).expect("plays on");
        assert_eq!(
            resumed.log, whole.log,
            "stopped after {stop} steps at {question:?}"
        );
        if kinds.len() == 3 {
            break;
        }
    }
    assert!(kinds.len() >= 2, "few parley questions were met: {kinds:?}");
}

#[test]
fn a_parley_answer_is_checked_like_any_card_choice() {
    let fourth = compile("fourth");
    let spec = table(
        &fourth,
        &[
            ("alice", &[(Color::Blue, "Writing")], &[]),
            ("bob", &[], &[]),
            (
                "carol",
                &[(Color::Purple, "Philosophy")],
                &["Oars", "Sailing"],
            ),
            ("dave", &[], &[]),
        ],
        &[],
    );
    let card = |t: &str| fourth.card_by_title(t).expect("card");
    let mut game = Game::from_table(fourth.clone(), &spec).expect("table");
    // bob and dave (no lightbulbs) are vulnerable, not sharing; carol, distant, is asked.
    game.act(Action::Dogma(card("Writing"))).expect("dogma");
    let Status::Decision(request) = game.status() else {
        panic!("carol is asked");
    };
    assert_eq!(request.player, 2);
    assert!(request
        .context
        .contains("parley with alice to share Writing"));
    let before = serde_json::to_string(&game.state).expect("state");
    assert!(game
        .answer(Answer::Cards(vec![card("Oars"), card("Sailing")]))
        .is_err());
    assert!(game.answer(Answer::Cards(vec![card("Writing")])).is_err());
    assert!(game.answer(Answer::YesNo(true)).is_err());
    assert_eq!(serde_json::to_string(&game.state).expect("state"), before);
    game.answer(Answer::Cards(vec![card("Sailing")]))
        .expect("parley");
    assert_eq!(game.state.players[2].hand.len(), 2, "Oars and a 2");
    assert!(game.state.players[2].hand.contains(&card("Oars")));
}

// ---------------------------------------------------------------------------------------------
// The command line and the scenario runner

#[test]
fn dogma_play_takes_explicit_teams() {
    let args = [
        "play",
        "--edition",
        "fourth",
        "--players",
        "3",
        "--seed",
        "5",
        "--team",
        "alice,bob",
        "--team",
        "carol",
    ];
    let a = dogma(&args);
    let b = dogma(&args);
    assert_eq!(a.0, 0, "{}", a.2);
    assert_eq!(a.1, b.1, "deterministic");
    let last = a.1.lines().last().unwrap_or_default();
    assert!(
        last.starts_with("winner: ") || last == "result: draw",
        "{last}"
    );
    if last.starts_with("winner: ") {
        // A team wins together: alice and bob, or carol.
        assert!(
            last.contains("alice, bob") || last.contains("carol"),
            "{last}"
        );
    }
    let (code, _, err) = dogma(&[
        "play",
        "--edition",
        "fourth",
        "--players",
        "3",
        "--team",
        "alice,zed",
        "--team",
        "carol",
    ]);
    assert_ne!(code, 0);
    assert!(err.contains("no player is named zed"), "{err}");
    let (code, _, err) = dogma(&[
        "play",
        "--edition",
        "fourth",
        "--players",
        "3",
        "--team",
        "alice,bob",
    ]);
    assert_ne!(code, 0);
    assert!(err.contains("carol is on no team"), "{err}");
    let (code, _, err) = dogma(&[
        "play",
        "--edition",
        "third",
        "--players",
        "4",
        "--team",
        "alice,bob",
        "--team",
        "carol,dave",
    ]);
    assert_ne!(code, 0);
    assert!(err.contains("only team game"), "{err}");
    let (code, _, _) = dogma(&[
        "play",
        "--edition",
        "fourth",
        "--players",
        "4",
        "--teams",
        "--team",
        "alice,bob",
    ]);
    assert_eq!(code, 2, "--teams and --team conflict");
}

fn scenario_dir() -> PathBuf {
    let d = std::env::temp_dir().join(format!("dogma-team-list-{}", std::process::id()));
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, text).expect("write scenario");
    p
}

#[test]
fn team_list_errors_name_the_file_and_the_reason() {
    let d = scenario_dir();
    let cases = [
        (
            "twice.toml",
            "edition = \"fourth\"\nplayers = [\"alice\", \"bob\", \"carol\"]\nteam_list = [[\"alice\", \"bob\"], [\"bob\", \"carol\"]]\n",
            ":3: bob is on two teams",
        ),
        (
            "missing.toml",
            "edition = \"fourth\"\nplayers = [\"alice\", \"bob\", \"carol\"]\nteam_list = [[\"alice\", \"bob\"]]\n",
            ":3: carol is on no team",
        ),
        (
            "unknown.toml",
            "edition = \"fourth\"\nplayers = [\"alice\", \"bob\", \"carol\"]\nteam_list = [[\"alice\", \"zed\"], [\"bob\", \"carol\"]]\n",
            "`zed` is not a player",
        ),
        (
            "third.toml",
            "edition = \"third\"\nplayers = [\"alice\", \"bob\", \"carol\"]\nteam_list = [[\"alice\", \"bob\"], [\"carol\"]]\n",
            "only team game is two against two",
        ),
        (
            "both.toml",
            "edition = \"fourth\"\nplayers = [\"alice\", \"bob\", \"carol\", \"dave\"]\nteams = true\nteam_list = [[\"alice\", \"carol\"], [\"bob\", \"dave\"]]\n",
            "not both",
        ),
    ];
    for (name, text, expected) in cases {
        let path = write(&d, name, text);
        let (code, out, _) = dogma(&["test", &path.to_string_lossy()]);
        assert_eq!(code, 1, "{name}: {out}");
        assert!(
            out.contains(expected),
            "{name}: expected `{expected}` in\n{out}"
        );
        assert!(out.contains(&path.display().to_string()), "{name}: {out}");
    }
    let _ = std::fs::remove_dir_all(&d);
}
