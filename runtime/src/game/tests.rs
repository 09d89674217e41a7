//! Unit tests of the table rules on a hand-built edition without cards: the fourth edition's
//! junked special achievements, elimination's bookkeeping, adjacency and turn order; the actions
//! of a turn.

use super::*;
use crate::bytecode::{AchievementCheck, Rules, SourceSpan, SpecialIdx, SpecialInfo};
use crate::state::WinReason;
use crate::table::{AchievementSpec, PlayerSpec, TableSpec};

fn edition() -> Arc<CompiledEdition> {
    let special = |name: &str| SpecialInfo {
        name: name.to_string(),
        condition: None,
        triggers: Vec::new(),
        via: Vec::new(),
        decree: None,
        span: SourceSpan {
            file: 0,
            start: 0,
            end: 0,
        },
    };
    Arc::new(CompiledEdition {
        format_version: crate::bytecode::FORMAT_VERSION,
        name: "test".to_string(),
        rules: Rules {
            // Specials are claimed at the end of actions only: nothing evaluates a condition.
            achievement_check: AchievementCheck::EndOfAction,
            elimination: true,
            teams: crate::bytecode::Teams::AnySize,
            parley: true,
            ..Rules::default()
        },
        cards: Vec::new(),
        specials: vec![special("Monument"), special("Empire"), special("Wonder")],
        chunks: Vec::new(),
        files: Vec::new(),
    })
}

fn game(players: &[&str], team_of: &[u8], held: &[(usize, SpecialIdx)]) -> Game {
    let mut table = TableSpec {
        actions_left: 2,
        team_of: team_of.to_vec(),
        available: Some(Vec::new()),
        ..TableSpec::default()
    };
    for name in players {
        table.players.push(PlayerSpec {
            name: name.to_string(),
            ..PlayerSpec::default()
        });
    }
    for (seat, special) in held {
        table.players[*seat]
            .achievements
            .push(AchievementSpec::Special(*special));
    }
    Game::from_table(edition(), &table).expect("table")
}

#[test]
fn junking_and_restoring_a_special_achievement() {
    let mut g = game(&["alice", "bob"], &[], &[]);
    assert_eq!(g.state.specials, vec![0, 1, 2]);
    assert!(g.junk_special(0, 1));
    assert!(!g.junk_special(0, 1), "no longer available");
    assert_eq!(g.state.specials, vec![0, 2]);
    assert_eq!(g.state.junked_specials, vec![1]);
    crate::invariants::check(&g).expect("invariants");
    assert!(g.junk_special(1, 0));
    assert!(g.restore_special(1, 1));
    assert!(!g.restore_special(1, 1), "no longer junked");
    // Back among the available ones in the edition's order.
    assert_eq!(g.state.specials, vec![1, 2]);
    assert_eq!(g.state.junked_specials, vec![0]);
    crate::invariants::check(&g).expect("invariants");
    let names = g.names();
    let lines: Vec<String> = g
        .log
        .iter()
        .skip(1)
        .map(|e| e.text(g.edition(), &names))
        .collect();
    assert_eq!(
        lines,
        [
            "alice junks the Empire achievement",
            "bob junks the Monument achievement",
            "bob makes the junked Empire achievement available again",
        ]
    );
    // A special held twice (available and junked) breaks the invariants.
    g.state.specials.push(0);
    assert!(crate::invariants::check(&g)
        .unwrap_err()
        .contains("held, available, junked or out of the game 2 times"));
}

#[test]
fn an_eliminated_players_specials_are_junked_and_the_last_one_wins() {
    let mut g = game(&["alice", "bob", "carol"], &[], &[(1, 2)]);
    let done = g.eliminate(1, None, false);
    assert!(done.happened && !done.game_over && !done.junked_cards);
    assert_eq!(g.state.junked_specials, vec![2]);
    assert!(g.state.players[1].achievements.is_empty());
    crate::invariants::check(&g).expect("invariants");
    assert!(!g.eliminate(1, None, false).happened, "already out");
    let done = g.eliminate(0, None, false);
    assert!(done.game_over);
    let outcome = g.state.outcome.clone().expect("over");
    assert_eq!(outcome.winners, vec![2]);
    assert_eq!(outcome.reason, WinReason::Elimination);
}

#[test]
fn a_team_wins_when_the_other_teams_are_out_eliminated_teammates_included() {
    let mut g = game(&["alice", "bob", "carol", "dave"], &[0, 0, 1, 1], &[]);
    g.eliminate(0, None, false);
    assert!(g.state.outcome.is_none(), "bob plays on");
    g.eliminate(2, None, false);
    assert!(g.state.outcome.is_none());
    g.eliminate(3, None, false);
    let outcome = g.state.outcome.clone().expect("over");
    assert_eq!(outcome.winners, vec![0, 1]);
}

#[test]
fn adjacency_and_turn_order_skip_eliminated_players() {
    let mut g = game(&["alice", "bob", "carol", "dave"], &[], &[]);
    assert!(g.parley_in_effect());
    assert_eq!(g.state.neighbours(0), vec![1, 3]);
    assert!(g.state.is_distant(0, 2));
    assert!(!g.state.is_distant(0, 1));
    g.eliminate(3, None, false);
    // alice's neighbours are now bob and carol: nobody is distant.
    assert_eq!(g.state.neighbours(0), vec![1, 2]);
    assert!(!g.state.is_distant(0, 2));
    assert_eq!(g.state.clockwise_from(2), vec![0, 1, 2]);
    assert_eq!(g.state.next_in_turn(2), 0);
    g.eliminate(1, None, false);
    assert_eq!(g.state.neighbours(0), vec![2]);
    assert_eq!(g.state.seats_in_play(), vec![0, 2]);
}

#[test]
fn the_active_player_eliminated_ends_their_turn() {
    let mut g = game(&["alice", "bob", "carol"], &[], &[]);
    // (No special achievement to check at the end of the action: the edition has no code.)
    g.state.junked_specials = std::mem::take(&mut g.state.specials);
    g.eliminate(0, None, false);
    g.end_action();
    assert_eq!(g.state.active, 1);
    assert_eq!(g.state.actions_left, 2);
    crate::invariants::check(&g).expect("invariants");
}

/// `on your next turn { take an additional action }`: the action is given at the start of the
/// turn, before the first one is taken, so the player has three. The invariants allow one more
/// action than the turn's two for each additional action given this turn, and no more.
#[test]
fn an_additional_action_at_the_start_of_a_turn_gives_three() {
    let mut g = game(&["alice", "bob"], &[], &[]);
    g.start_turn(0);
    assert_eq!(g.state.actions_left, 2);
    assert!(g.additional_action(0));
    assert_eq!(g.state.actions_left, 3);
    crate::invariants::check(&g).expect("three actions, one of them additional");
    // A player whose turn it is not gains nothing.
    assert!(!g.additional_action(1));
    assert_eq!(g.state.actions_left, 3);
    // The next turn starts with none additional.
    g.start_turn(1);
    assert_eq!((g.state.actions_left, g.state.additional_actions), (2, 0));
    g.state.actions_left = 3;
    assert!(crate::invariants::check(&g).is_err());
}

/// An edition of 60 age-1 cards whose chunk 0, a condition, runs tests inside tests `depth`
/// deep: each keeps the cards of the age-1 deck (or with `one`, the first card) passing the
/// next, the last holds.
fn nested_tests(depth: usize, one: bool) -> Game {
    use crate::bytecode::{CardInfo, Chunk, ChunkKind, Op};
    let card = |i: usize| CardInfo {
        title: format!("Card {i}"),
        set: "base".to_string(),
        deck_set: 0,
        age: 1,
        color: crate::vocab::Color::Red,
        slots: Vec::new(),
        dogma_icon: None,
        effects: Vec::new(),
        relic: None,
        karmas: Vec::new(),
        span: SourceSpan::default(),
    };
    let mut chunks = Vec::new();
    for level in 0..depth {
        let ops = if level + 1 == depth {
            vec![Op::Int { value: 1 }, Op::Return]
        } else if one {
            vec![
                Op::Card { card: 0 },
                Op::KeepIf {
                    test: level as u16 + 1,
                },
                Op::CountCards,
                Op::Return,
            ]
        } else {
            vec![
                Op::Int { value: 1 },
                Op::DeckCards { set: 0 },
                Op::KeepIf {
                    test: level as u16 + 1,
                },
                Op::CountCards,
                Op::Return,
            ]
        };
        chunks.push(Chunk {
            name: format!("test {level}"),
            kind: if level == 0 {
                ChunkKind::Condition
            } else {
                ChunkKind::CardTest
            },
            spans: vec![SourceSpan::default(); ops.len()],
            ops,
            stmts: 0,
            lists: Vec::new(),
            texts: Vec::new(),
        });
    }
    let edition = Arc::new(CompiledEdition {
        format_version: crate::bytecode::FORMAT_VERSION,
        name: "nested".to_string(),
        rules: Rules::default(),
        cards: (0..60).map(card).collect(),
        specials: Vec::new(),
        chunks,
        files: vec!["nested.dogma".to_string()],
    });
    let table = TableSpec {
        actions_left: 2,
        available: Some(Vec::new()),
        players: ["alice", "bob"]
            .iter()
            .map(|name| PlayerSpec {
                name: name.to_string(),
                ..PlayerSpec::default()
            })
            .collect(),
        ..TableSpec::default()
    };
    Game::from_table(edition, &table).expect("table")
}

/// Tests run inside tests spend the fuel of the outermost: four levels over a deck of 60 cards
/// would run some 60⁴ tests (hours), and end out of fuel instead (a damaged `.dogmac`'s
/// condition, asked after every action, must not hang the game).
#[test]
fn tests_inside_tests_share_their_fuel() {
    let mut game = nested_tests(2, false);
    assert_eq!(game.eval_condition(0, 0).expect("runs"), 60);
    let mut game = nested_tests(5, false);
    let started = std::time::Instant::now();
    let error = game.eval_condition(0, 0).expect_err("out of fuel");
    assert!(error.message.contains("out of fuel"), "{}", error.message);
    assert!(started.elapsed() < std::time::Duration::from_secs(60));
    // The fuel is the outermost run's again for the next.
    let mut game = nested_tests(3, false);
    assert_eq!(game.eval_condition(0, 0).expect("runs"), 60);
}

/// Tests nest at most `SUB_PROGRAM_DEPTH` deep at run time too (an edition compiled in memory
/// is not validated as a `.dogmac` file is): deeper is an error, not the end of the stack.
#[test]
fn tests_nested_too_deeply_are_an_error() {
    let depth = crate::bytecode::SUB_PROGRAM_DEPTH;
    let mut game = nested_tests(depth, true);
    assert_eq!(game.eval_condition(0, 0).expect("runs"), 1);
    let mut game = nested_tests(depth + 1, true);
    let error = game.eval_condition(0, 0).expect_err("too deep");
    assert!(
        error.message.contains("nested more than"),
        "{}",
        error.message
    );
}
