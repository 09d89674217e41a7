//! Playing a scenario: the first melds when it plays the setup, then its actions in turn (the
//! last one holds the turn), each question answered by the scripted decisions.

use super::{at, Decision, Scenario, ScriptedAction, ScriptedAnswer};
use dogma_runtime::choices::{Action, Answer, Request, RequestKind};
use dogma_runtime::game::{Game, PlayError, Status};
use dogma_runtime::state::Seat;
use dogma_runtime::vm::Program;
use dogma_runtime::vocab::{Color, Icon};
use std::path::Path;
use toml::Value;

/// The options of a question as words, for `expect_options` and error messages.
fn option_words(game: &Game, request: &Request) -> Vec<String> {
    let edition = game.edition();
    let names = game.names();
    let mut words: Vec<String> = match &request.kind {
        RequestKind::Cards { candidates, .. } | RequestKind::Order { cards: candidates } => {
            candidates
                .iter()
                .map(|c| edition.card(*c).title.clone())
                .collect()
        }
        RequestKind::YesNo => vec!["yes".into(), "no".into()],
        RequestKind::Option { labels } => (1..=labels.len()).map(|i| i.to_string()).collect(),
        RequestKind::Steps { steps } => steps.clone(),
        RequestKind::Colors { options, .. } => {
            options.iter().map(|c| c.word().to_string()).collect()
        }
        RequestKind::Values { options, .. } => options.iter().map(i32::to_string).collect(),
        RequestKind::Players { options, .. } => {
            options.iter().map(|s| names[*s as usize].clone()).collect()
        }
        RequestKind::Icons { options, .. } => {
            options.iter().map(|i| i.word().to_string()).collect()
        }
        RequestKind::Specials { options, .. } => options
            .iter()
            .map(|s| edition.specials[*s as usize].name.clone())
            .collect(),
    };
    words.sort();
    words
}

/// Turns a scripted answer into an answer to the question asked.
fn to_answer(game: &Game, request: &Request, scripted: &ScriptedAnswer) -> Result<Answer, String> {
    let edition = game.edition();
    let names = game.names();
    let strings = |v: &Value| -> Vec<Value> {
        match v {
            Value::Array(a) => a.clone(),
            other => vec![other.clone()],
        }
    };
    let describe = request.describe(edition, &names);
    let misfit =
        |what: &str| format!("the scripted answer {what} does not fit the question: {describe}");
    // A folded `you may` is declined by `choose = "no"` or `choose = []`, whatever its choice
    // (../shared/SCENARIOS.md, "How questions are asked").
    if request.decline {
        if let ScriptedAnswer::Choose(v) = scripted {
            let declines = v.as_str() == Some("no") || v.as_array().is_some_and(Vec::is_empty);
            if declines {
                return Ok(Answer::Decline);
            }
        }
    }
    match (&request.kind, scripted) {
        (RequestKind::Option { .. }, ScriptedAnswer::Option(i)) => Ok(Answer::Option(
            u8::try_from(i - 1).map_err(|_| misfit(&format!("option = {i}")))?,
        )),
        (RequestKind::Order { cards }, ScriptedAnswer::Order(titles))
        | (
            RequestKind::Cards {
                candidates: cards, ..
            },
            ScriptedAnswer::Order(titles),
        ) => {
            let mut order = Vec::new();
            for t in titles {
                let card = edition
                    .card_by_title(t)
                    .ok_or_else(|| format!("unknown card \"{t}\" in order"))?;
                if !cards.contains(&card) {
                    return Err(misfit(&format!("order lists {t}, which")));
                }
                order.push(card);
            }
            Ok(Answer::Order(order))
        }
        (RequestKind::Cards { candidates, .. }, ScriptedAnswer::Choose(v)) => {
            let mut chosen = Vec::new();
            for item in strings(v) {
                match item {
                    Value::String(title) => {
                        let card = edition
                            .card_by_title(&title)
                            .ok_or_else(|| format!("unknown card \"{title}\" in choose"))?;
                        chosen.push(card);
                    }
                    // A face-down card by its age: the first such candidate not yet chosen.
                    Value::Integer(age) => {
                        let card = candidates
                            .iter()
                            .copied()
                            .find(|c| i64::from(edition.card(*c).age) == age && !chosen.contains(c))
                            .ok_or_else(|| misfit(&format!("choose [{age}]")))?;
                        chosen.push(card);
                    }
                    other => return Err(misfit(&format!("choose {other}"))),
                }
            }
            Ok(Answer::Cards(chosen))
        }
        // An alternative by its words, or by its last word: where to seize a Relic
        // (`choose = "hand"` for "seize it into hand").
        (RequestKind::Option { labels }, ScriptedAnswer::Choose(Value::String(s))) => labels
            .iter()
            .position(|l| l == s || l.rsplit(' ').next() == Some(s.as_str()))
            .map(|i| Answer::Option(i as u8))
            .ok_or_else(|| misfit(&format!("\"{s}\""))),
        (RequestKind::YesNo, ScriptedAnswer::Choose(Value::String(s))) => match s.as_str() {
            "yes" => Ok(Answer::YesNo(true)),
            "no" => Ok(Answer::YesNo(false)),
            _ => Err(misfit(&format!("\"{s}\""))),
        },
        (RequestKind::Colors { .. }, ScriptedAnswer::Choose(v)) => strings(v)
            .iter()
            .map(|x| {
                x.as_str()
                    .and_then(Color::from_word)
                    .ok_or_else(|| misfit(&x.to_string()))
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Answer::Colors),
        // Special achievements by name: `choose = ["Monument"]`.
        (RequestKind::Specials { .. }, ScriptedAnswer::Choose(v)) => strings(v)
            .iter()
            .map(|x| {
                x.as_str()
                    .and_then(|n| edition.special_by_name(n))
                    .ok_or_else(|| misfit(&x.to_string()))
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Answer::Specials),
        (RequestKind::Icons { .. }, ScriptedAnswer::Choose(v)) => strings(v)
            .iter()
            .map(|x| {
                x.as_str()
                    .and_then(Icon::from_word)
                    .ok_or_else(|| misfit(&x.to_string()))
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Answer::Icons),
        // A value, or a deck of the base set by `"base.AGE"` (decks of other sets come with the
        // expansions).
        (RequestKind::Values { .. }, ScriptedAnswer::Choose(v)) => strings(v)
            .iter()
            .map(|x| {
                x.as_integer()
                    .or_else(|| x.as_str()?.strip_prefix("base.")?.parse().ok())
                    .and_then(|n| i32::try_from(n).ok())
                    .ok_or_else(|| misfit(&x.to_string()))
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Answer::Values),
        (RequestKind::Players { .. }, ScriptedAnswer::Choose(v)) => strings(v)
            .iter()
            .map(|x| {
                x.as_str()
                    .and_then(|n| names.iter().position(|p| p == n))
                    .map(|i| i as Seat)
                    .ok_or_else(|| misfit(&x.to_string()))
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Answer::Players),
        // An order of steps by their words: `order = ["splay_left", "plus"]`.
        (RequestKind::Steps { steps }, ScriptedAnswer::Order(words)) => {
            let mut order = Vec::new();
            for w in words {
                let i = steps
                    .iter()
                    .enumerate()
                    .position(|(i, s)| s == w && !order.contains(&(i as u8)))
                    .ok_or_else(|| misfit(&format!("order lists {w}, which")))?;
                order.push(i as u8);
            }
            Ok(Answer::Steps(order))
        }
        (_, ScriptedAnswer::Choose(v)) => Err(misfit(&format!("choose = {v}"))),
        (_, ScriptedAnswer::Option(i)) => Err(misfit(&format!("option = {i}"))),
        (_, ScriptedAnswer::Order(_)) => Err(misfit("order")),
    }
}

/// The legal targets of the action's kind as words, sorted: titles of the cards to meld or to
/// dogma, ages to achieve. (A draw has none: the loader refuses `expect_targets` on it.)
fn target_words(game: &Game, action: Action) -> Vec<String> {
    let mut words: Vec<String> = game
        .legal_actions()
        .into_iter()
        .filter_map(|legal| match (action, legal) {
            (Action::Meld(_), Action::Meld(card))
            | (Action::Dogma(_), Action::Dogma(card))
            | (Action::Endorse(_), Action::Endorse(card)) => Some(game.title(card)),
            (Action::Achieve(_), Action::Achieve(age)) => Some(age.to_string()),
            (Action::Artifact(_), Action::Artifact(choice)) => Some(choice.word().to_string()),
            (Action::Inspire(_), Action::Inspire(color)) => Some(color.word().to_string()),
            (Action::Decree(_), Action::Decree(special)) => {
                Some(game.edition().specials[special as usize].name.clone())
            }
            _ => None,
        })
        .collect();
    words.sort();
    words
}

/// Checks `expect_targets` before the action is taken: the same targets, in any order. An
/// achievement named by title stands for its age when it is available.
fn check_targets(game: &Game, scripted: &ScriptedAction, expected: &[Value]) -> Result<(), String> {
    let achieve = matches!(scripted.action, Action::Achieve(_));
    let word = |v: &Value| match v {
        Value::String(title) if achieve => game
            .state
            .available
            .iter()
            .find(|c| game.title(**c) == *title)
            .map_or_else(
                || title.clone(),
                |c| game.edition().card(*c).age.to_string(),
            ),
        other => super::value_word(other),
    };
    let mut expected: Vec<String> = expected.iter().map(word).collect();
    expected.sort();
    let actual = target_words(game, scripted.action);
    if expected == actual {
        return Ok(());
    }
    let kind = match scripted.action {
        Action::Draw => "draw",
        Action::Meld(_) => "meld",
        Action::Dogma(_) => "dogma",
        Action::Achieve(_) => "achieve",
        Action::Endorse(_) => "endorse",
        Action::Inspire(_) => "inspire with",
        Action::Decree(_) => "decree",
        Action::Artifact(_) => "choose for the displayed card",
    };
    Err(format!(
        "expected the targets to {kind} [{}], but the legal ones are [{}]",
        expected.join(", "),
        actual.join(", ")
    ))
}

/// Plays a scenario. Returns the game at the end, or why it could not be played.
pub fn play(scenario: &Scenario, edition: Program) -> Result<Game, String> {
    let path = &scenario.path;
    let mut game = Game::from_table(edition.clone(), &scenario.table).map_err(|e| {
        // Point at the last line that names the card the table refused, if any.
        let line = e.card.map_or(1, |card| {
            let needle = format!("\"{}\"", edition.card(card).title);
            scenario
                .text
                .lines()
                .enumerate()
                .filter(|(_, l)| l.split('#').next().unwrap_or("").contains(&needle))
                .map(|(i, _)| i + 1)
                .last()
                .unwrap_or(1)
        });
        at(path, line, e)
    })?;
    // The game's own setup: the first melds, answered in seating order.
    if let Some(setup) = &scenario.setup {
        answer_questions(&mut game, path, setup.line, &setup.decisions, false)?;
    }
    let names = game.names();
    for (n, scripted) in scenario.actions.iter().enumerate() {
        let line = scripted.line;
        let seat = match game.status() {
            Status::Over(_) => {
                return Err(at(
                    path,
                    line,
                    format!("the game ended before action {}", n + 1),
                ))
            }
            Status::Decision(request) => {
                return Err(at(
                    path,
                    line,
                    format!(
                        "a question is still open: {}",
                        request.describe(game.edition(), &names)
                    ),
                ))
            }
            Status::Action(seat) => seat,
        };
        if let Some(p) = scripted.player {
            if p != seat {
                return Err(at(
                    path,
                    line,
                    format!(
                        "it is {}'s turn, not {}'s",
                        names[seat as usize], names[p as usize]
                    ),
                ));
            }
        }
        if let Some(expected) = &scripted.expect_targets {
            check_targets(&game, scripted, expected).map_err(|e| at(path, line, e))?;
        }
        if let Some(reason) = &scripted.special_attempt {
            match &scripted.refused {
                Some(expected) if reason.contains(expected.as_str()) => continue,
                Some(expected) => {
                    return Err(at(path, line, format!("the action was refused with \"{reason}\", which does not contain \"{expected}\"")))
                }
                None => return Err(at(path, line, format!("the action was refused: {reason}"))),
            }
        }
        if let Some(expected) = &scripted.refused {
            let before = serde_json::to_string(&game.state).map_err(|e| e.to_string())?;
            match game.act(scripted.action) {
                Err(PlayError::Refused(r)) if r.reason.contains(expected.as_str()) => {}
                Err(PlayError::Refused(r)) => {
                    return Err(at(path, line, format!("the action was refused with \"{r}\", which does not contain \"{expected}\"")))
                }
                Err(PlayError::Runtime(e)) => return Err(at(path, line, crate::play::runtime_error_text(&game, &e))),
                Ok(()) => return Err(at(path, line, format!("the action was not refused (expected \"{expected}\")"))),
            }
            if serde_json::to_string(&game.state).map_err(|e| e.to_string())? != before {
                return Err(at(path, line, "a refused action changed the state"));
            }
            continue;
        }
        // The scenario stops when its last action is complete: the turn does not pass.
        if n + 1 == scenario.actions.len() {
            game.hold_turn();
        }
        match game.act(scripted.action) {
            Ok(()) => {}
            Err(PlayError::Refused(r)) => {
                return Err(at(path, line, format!("the action was refused: {r}")))
            }
            Err(PlayError::Runtime(e)) => {
                return Err(at(path, line, crate::play::runtime_error_text(&game, &e)))
            }
        }
        answer_questions(
            &mut game,
            path,
            line,
            &scripted.decisions,
            scripted.unscripted_first,
        )?;
    }
    Ok(game)
}

/// Answers the open questions with the scripted decisions, in order, until the game needs an
/// action (or is over). `line` is the line of the action (or `[setup]`) they belong to. Every
/// decision must be asked.
fn answer_questions(
    game: &mut Game,
    path: &Path,
    line: usize,
    decisions: &[Decision],
    unscripted_first: bool,
) -> Result<(), String> {
    let names = game.names();
    let mut queue = decisions.iter().peekable();
    while let Status::Decision(request) = game.status() {
        let request = request.clone();
        let describe = request.describe(game.edition(), &names);
        let next = queue.peek().copied();
        let fits_order = matches!(next.map(|d| &d.answer), Some(ScriptedAnswer::Order(_)));
        let answer = match next {
            // An unscripted order takes the title order; that is never an error.
            _ if matches!(request.kind, RequestKind::Order { .. }) && !fits_order => {
                request.first_legal(game.edition())
            }
            None if unscripted_first => request.first_legal(game.edition()),
            None => return Err(at(path, line, format!("unscripted decision: {describe}"))),
            Some(d) => {
                queue.next();
                if let Some(p) = d.player {
                    if p != request.player {
                        return Err(at(
                            path,
                            d.line,
                            format!(
                                "the next decision is {}'s, but the game asks: {describe}",
                                names[p as usize]
                            ),
                        ));
                    }
                }
                if let Some(expected) = &d.expect_options {
                    let mut expected = expected.clone();
                    expected.sort();
                    let offered = option_words(game, &request);
                    if expected != offered {
                        return Err(at(
                            path,
                            d.line,
                            format!(
                                "expected the options [{}], but the game offers [{}]: {describe}",
                                expected.join(", "),
                                offered.join(", ")
                            ),
                        ));
                    }
                }
                let answer =
                    to_answer(game, &request, &d.answer).map_err(|e| at(path, d.line, e))?;
                if let Some(expected) = &d.refused {
                    let before = serde_json::to_string(&game.state).map_err(|e| e.to_string())?;
                    match game.answer(answer) {
                        Err(PlayError::Refused(r)) if r.reason.contains(expected.as_str()) => {}
                        Err(PlayError::Refused(r)) => {
                            return Err(at(path, d.line, format!("the answer was refused with \"{r}\", which does not contain \"{expected}\"")))
                        }
                        Err(PlayError::Runtime(e)) => return Err(at(path, d.line, crate::play::runtime_error_text(game, &e))),
                        Ok(()) => return Err(at(path, d.line, format!("the answer was not refused (expected \"{expected}\")"))),
                    }
                    if serde_json::to_string(&game.state).map_err(|e| e.to_string())? != before {
                        return Err(at(path, d.line, "a refused answer changed the state"));
                    }
                    continue;
                }
                answer
            }
        };
        match game.answer(answer) {
            Ok(()) => {}
            Err(PlayError::Refused(r)) => {
                return Err(at(
                    path,
                    line,
                    format!("the answer to \"{describe}\" was refused: {r}"),
                ))
            }
            Err(PlayError::Runtime(e)) => {
                return Err(at(path, line, crate::play::runtime_error_text(game, &e)))
            }
        }
    }
    let left = queue.count();
    if left > 0 {
        return Err(at(
            path,
            line,
            format!("{left} scripted decision(s) were never asked"),
        ));
    }
    Ok(())
}
