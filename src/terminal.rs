//! The human at the terminal (`dogma play --human NAME`, or `--agents human,…`): the table a
//! player needs before choosing, shown again at every decision; the text of the card being
//! dogma'd and of every card in a question; one way to answer (numbers, or the option's words);
//! `help`, `table`, `read TITLE`, `save FILE` and `quit` at any prompt; hidden information kept
//! hidden (each human reads the log in their own view), and a hand-over screen between two humans
//! at one terminal.

use dogma_runtime::choices::{Action, Answer, Request, RequestKind};
use dogma_runtime::game::Game;
use dogma_runtime::log::{hidden_from, Event};
use dogma_runtime::state::{Location, Seat};
use dogma_runtime::vocab::Icon;
use std::io::{BufRead, Write};
use std::path::PathBuf;

/// Writes a line to the terminal. A closed output ends the game quietly (`play::CLOSED`).
macro_rules! tell {
    () => {
        writeln!(std::io::stdout()).map_err(crate::play::closed)
    };
    ($($arg:tt)*) => {
        writeln!(std::io::stdout(), $($arg)*).map_err(crate::play::closed)
    };
}

/// Writes to the terminal without ending the line (a prompt).
macro_rules! tell_inline {
    ($($arg:tt)*) => {
        write!(std::io::stdout(), $($arg)*).map_err(crate::play::closed)
    };
}

/// What a prompt got: an answer, or a request to stop.
pub enum Asked<T> {
    Answer(T),
    /// `save FILE`: save the game there and stop.
    Save(PathBuf),
    /// `quit`: stop without saving.
    Quit,
}

/// The humans at this terminal and what they are shown.
pub struct Terminal {
    /// Each card's rendered text, by card index (empty when the edition's sources are not at
    /// hand, as with `--compiled`).
    texts: Vec<String>,
    /// The seats played here.
    humans: Vec<Seat>,
    /// Whose view the screen shows now (the human who answered last).
    viewer: Option<Seat>,
}

const HELP: &str = "\
answer with the number of an option, several numbers separated by spaces where several are
chosen, or the option's words (`yes`, `red`, a card's title). At any prompt:
  help          this help
  table         the table again
  read TITLE    a card's text (any card of the game)
  save FILE     save the game and stop (go on later with `dogma play --resume FILE`)
  quit          stop without saving";

impl Terminal {
    pub fn new(texts: Vec<String>, humans: Vec<Seat>) -> Terminal {
        let viewer = humans.first().copied();
        Terminal {
            texts,
            humans,
            viewer,
        }
    }

    /// Whose view the log is printed in: the human about to answer, or the last one who did.
    pub fn viewer(&mut self, game: &Game) -> Result<Option<Seat>, String> {
        use dogma_runtime::game::Status;
        let next = match game.status() {
            Status::Action(seat) => Some(seat),
            Status::Decision(request) => Some(request.player),
            Status::Over(_) => None,
        };
        if let Some(seat) = next.filter(|s| self.humans.contains(s)) {
            if self.viewer != Some(seat) && self.humans.len() > 1 {
                self.hand_over(game, seat)?;
            }
            self.viewer = Some(seat);
        }
        Ok(self.viewer)
    }

    /// Two humans at one terminal: the screen is cleared and waits for the next one.
    fn hand_over(&self, game: &Game, seat: Seat) -> Result<(), String> {
        let name = &game.names()[seat as usize];
        // Scroll the previous player's view out of sight, then wait for the next player.
        tell_inline!("\x1b[2J\x1b[H{}", "\n".repeat(40))?;
        tell!(
            "=== pass the terminal to {name}; {name}, press Enter when only you are looking ==="
        )?;
        std::io::stdout().flush().map_err(crate::play::closed)?;
        let mut line = String::new();
        let _ = std::io::stdin().lock().read_line(&mut line);
        Ok(())
    }

    /// An event as the viewer may read it: hidden cards by their backs, and another player's
    /// answer hidden when it names a card the viewer cannot see.
    pub fn line(&self, game: &Game, event: &Event, names: &[String], seat: Seat) -> String {
        let edition = game.edition();
        if let Event::Decision { player, answer } = event {
            if *player != seat && self.names_hidden_card(game, seat, answer) {
                return format!("{} makes a choice", names[*player as usize]);
            }
        }
        let mut line = event.text_for(edition, names, seat);
        // The card a Dogma action uses: its text, once, under the line that starts it.
        if let Event::DogmaCounts { card, .. } = event {
            let text = self.effects(*card);
            if !text.is_empty() {
                line.push('\n');
                line.push_str(&text);
            }
        }
        line
    }

    /// Whether `words` name a card whose face `seat` cannot see.
    fn names_hidden_card(&self, game: &Game, seat: Seat, words: &str) -> bool {
        let edition = game.edition();
        (0..edition.cards.len()).any(|c| {
            let card = c as dogma_runtime::bytecode::CardIdx;
            hidden_from(seat, game.state.location(card))
                && words.contains(edition.card(card).title.as_str())
        })
    }

    /// A card's effects, indented (its rendered text without the title line).
    fn effects(&self, card: dogma_runtime::bytecode::CardIdx) -> String {
        self.texts
            .get(card as usize)
            .map(|text| {
                text.lines()
                    .skip(1)
                    .map(|l| format!("      | {l}"))
                    .collect::<Vec<_>>()
                    .join("\n")
            })
            .unwrap_or_default()
    }

    /// Reads an answer, carrying out the commands typed instead.
    fn read(&self, game: &Game, seat: Seat, prompt: &str) -> Result<Asked<String>, String> {
        loop {
            tell_inline!("{prompt}")?;
            std::io::stdout().flush().map_err(crate::play::closed)?;
            let mut bytes = Vec::new();
            let n = std::io::stdin()
                .lock()
                .read_until(b'\n', &mut bytes)
                .map_err(|e| e.to_string())?;
            if n == 0 {
                return Err("the input ended before the game did".to_string());
            }
            let Ok(line) = String::from_utf8(bytes) else {
                tell!("refused: that is not text (an answer must be UTF-8): answer again")?;
                continue;
            };
            let line = line.trim();
            let (command, rest) = line.split_once(' ').unwrap_or((line, ""));
            match command {
                "help" | "?" => tell!("{HELP}")?,
                "table" => self.show_table(game, seat)?,
                "read" => self.read_card(game, rest.trim())?,
                "quit" => return Ok(Asked::Quit),
                "save" if !rest.trim().is_empty() => {
                    return Ok(Asked::Save(PathBuf::from(rest.trim())))
                }
                "save" => tell!("save where? `save FILE`")?,
                _ => return Ok(Asked::Answer(line.to_string())),
            }
        }
    }

    /// `read TITLE`: a card's text, by its title (any case).
    fn read_card(&self, game: &Game, title: &str) -> Result<(), String> {
        let edition = game.edition();
        let found = (0..edition.cards.len())
            .map(|c| c as dogma_runtime::bytecode::CardIdx)
            .find(|c| edition.card(*c).title.eq_ignore_ascii_case(title));
        match found {
            Some(card) => match self.texts.get(card as usize).filter(|t| !t.is_empty()) {
                Some(text) => tell!("{text}"),
                None => tell!(
                    "{} (its text is not at hand: the game runs from a compiled file)",
                    edition.card(card).title
                ),
            },
            None => {
                let titles = edition.cards.iter().map(|c| c.title.as_str());
                match dogma_dsl::suggest::closest(title, titles) {
                    Some(s) => tell!("no card \"{title}\"; did you mean \"{s}\"?"),
                    None => tell!("no card \"{title}\" (`read TITLE`, as printed)"),
                }
            }
        }
    }

    /// The table as `seat` sees it: each player's piles (top card, size, splay), icon counts,
    /// hand, score, achievements and what they could achieve; the supply and the achievements.
    pub fn show_table(&self, game: &Game, seat: Seat) -> Result<(), String> {
        let edition = game.edition();
        let state = &game.state;
        let card = |c: &dogma_runtime::bytecode::CardIdx| {
            format!("{} [{}]", edition.card(*c).title, edition.card(*c).age)
        };
        let back = |c: &dogma_runtime::bytecode::CardIdx| {
            let info = edition.card(*c);
            if info.deck_set == 0 {
                format!("[{}]", info.age)
            } else {
                format!("[{} {}]", info.age, info.set)
            }
        };
        if state.turn == 0 {
            tell!("--- the table: setting up ---")?;
        } else {
            tell!(
                "--- the table: turn {}, {} to play, {} action(s) left ---",
                state.turn,
                state.players[state.active as usize].name,
                state.actions_left
            )?;
        }
        for (i, p) in state.players.iter().enumerate() {
            let s = i as Seat;
            if p.eliminated {
                tell!("{}: out of the game", p.name)?;
                continue;
            }
            let you = if s == seat { " (you)" } else { "" };
            let team = if game.team_game() {
                let mates: Vec<&str> = game
                    .team_of(s)
                    .into_iter()
                    .filter(|m| *m != s)
                    .map(|m| state.players[m as usize].name.as_ref())
                    .collect();
                format!(" (with {})", mates.join(", "))
            } else {
                String::new()
            };
            let reach = game.achievable_ages(s);
            let reach = if reach.is_empty() {
                String::new()
            } else {
                format!(
                    " · can achieve {}",
                    reach
                        .iter()
                        .map(u8::to_string)
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            };
            tell!(
                "{}{you}{team}: score {} · achievements {}{reach}",
                p.name,
                game.score(s),
                game.achievements_total(s)
            )?;
            let icons: Vec<String> = Icon::ALL
                .iter()
                .map(|icon| (icon, state.icon_count(edition, s, *icon)))
                .filter(|(_, n)| *n > 0)
                .map(|(icon, n)| format!("{} {n}", icon.word()))
                .collect();
            tell!(
                "  icons: {}",
                if icons.is_empty() {
                    "none".to_string()
                } else {
                    icons.join(", ")
                }
            )?;
            let piles: Vec<String> = p
                .board
                .iter()
                .zip(dogma_runtime::vocab::Color::ALL)
                .filter_map(|(pile, color)| {
                    let top = pile.top()?;
                    let splay = pile
                        .splay
                        .map(|d| format!(", splayed {d}"))
                        .unwrap_or_default();
                    let size = pile.cards.len();
                    let count = if size == 1 {
                        "1 card".to_string()
                    } else {
                        format!("{size} cards")
                    };
                    Some(format!("{} {} ({count}{splay})", color.word(), card(&top)))
                })
                .collect();
            tell!(
                "  board: {}",
                if piles.is_empty() {
                    "empty".to_string()
                } else {
                    piles.join(" · ")
                }
            )?;
            let hand: Vec<String> = if s == seat {
                p.hand.iter().map(card).collect()
            } else {
                p.hand.iter().map(back).collect()
            };
            if hand.is_empty() {
                tell!("  hand: empty")?;
            } else {
                tell!("  hand ({}): {}", p.hand.len(), hand.join(", "))?;
            }
            let score: Vec<String> = if s == seat {
                p.score_pile.iter().map(card).collect()
            } else {
                p.score_pile.iter().map(back).collect()
            };
            if !score.is_empty() {
                tell!("  score pile: {}", score.join(", "))?;
            }
            if !p.forecast.is_empty() {
                let forecast: Vec<String> = if s == seat {
                    p.forecast.iter().map(card).collect()
                } else {
                    p.forecast.iter().map(back).collect()
                };
                tell!("  forecast: {}", forecast.join(", "))?;
            }
            // Artifacts: the displayed card lies face up.
            if let Some(displayed) = p.display {
                tell!("  display: {}", card(&displayed))?;
            }
        }
        let supply: Vec<String> = (1..state.decks.len())
            .map(|age| format!("{age}:{}", state.decks[age].len()))
            .collect();
        tell!("supply: {}", supply.join(" "))?;
        let available: Vec<String> = state
            .available
            .iter()
            .map(|c| edition.card(*c).age.to_string())
            .collect();
        let specials: Vec<&str> = state
            .specials
            .iter()
            .map(|s| edition.specials[*s as usize].name.as_str())
            .collect();
        tell!(
            "achievements available: {} · special: {}",
            if available.is_empty() {
                "none".to_string()
            } else {
                available.join(" ")
            },
            if specials.is_empty() {
                "none".to_string()
            } else {
                specials.join(", ")
            }
        )?;
        Ok(())
    }

    /// Asks for an action: the table, then each legal action, a Dogma action with who would
    /// share it and who would be vulnerable.
    pub fn ask_action(
        &self,
        game: &Game,
        seat: Seat,
        legal: &[Action],
    ) -> Result<Asked<Action>, String> {
        let edition = game.edition();
        let names = game.names();
        tell!()?;
        self.show_table(game, seat)?;
        tell!(
            "{}, your turn ({} action(s) left; `help` for commands):",
            names[seat as usize],
            game.state.actions_left
        )?;
        for (i, action) in legal.iter().enumerate() {
            let mut words = action.describe(edition);
            if let Action::Dogma(card) | Action::Endorse(card) = action {
                if let Location::Board(owner, _) = game.state.location(*card) {
                    if owner != seat {
                        words.push_str(&format!(
                            " (parley: {}'s board, return a card from your hand)",
                            names[owner as usize]
                        ));
                    }
                }
                if let Some(icon) = edition.card(*card).dogma_icon {
                    words.push_str(&format!(" [{}]", icon.word()));
                }
                if let Some((sharing, vulnerable)) = game.dogma_preview(seat, *card) {
                    let list = |seats: &[Seat]| {
                        if seats.is_empty() {
                            "nobody".to_string()
                        } else {
                            seats
                                .iter()
                                .map(|s| names[*s as usize].as_str())
                                .collect::<Vec<_>>()
                                .join(", ")
                        }
                    };
                    words.push_str(&format!(
                        " — shares: {}; vulnerable: {}",
                        list(&sharing),
                        list(&vulnerable)
                    ));
                }
            }
            tell!("  {}) {words}", i + 1)?;
        }
        loop {
            let line = match self.read(game, seat, "action> ")? {
                Asked::Answer(line) => line,
                Asked::Save(path) => return Ok(Asked::Save(path)),
                Asked::Quit => return Ok(Asked::Quit),
            };
            let by_words = legal
                .iter()
                .position(|a| a.describe(edition).eq_ignore_ascii_case(&line));
            match (line.parse::<usize>(), by_words) {
                (Ok(i), _) if (1..=legal.len()).contains(&i) => {
                    return Ok(Asked::Answer(legal[i - 1]))
                }
                (_, Some(i)) => return Ok(Asked::Answer(legal[i])),
                _ => tell!(
                    "refused: `{line}` is not one of the actions: type a number from 1 to {}, or the action's words (`draw`, `meld Oars`)",
                    legal.len()
                )?,
            }
        }
    }

    /// Asks a question: the table again, the question, then every answer numbered and described
    /// in words, cards with their text (declining a folded `you may` is `0`).
    pub fn ask_decision(&self, game: &Game, request: &Request) -> Result<Asked<Answer>, String> {
        let edition = game.edition();
        let names = game.names();
        let seat = request.player;
        tell!()?;
        self.show_table(game, seat)?;
        tell!("{}", request.describe(edition, &names))?;
        let title = |c: &u16| format!("{} [{}]", edition.card(*c).title, edition.card(*c).age);
        // The options in words, how many of them are chosen at once, and the cards among them.
        let (words, several): (Vec<String>, bool) = match &request.kind {
            RequestKind::YesNo => (vec!["yes".into(), "no".into()], false),
            RequestKind::Option { labels } => (labels.clone(), false),
            RequestKind::Cards { candidates, sizes } => (
                candidates.iter().map(title).collect(),
                sizes.iter().any(|s| *s > 1),
            ),
            RequestKind::Order { cards } => (cards.iter().map(title).collect(), true),
            RequestKind::Steps { steps } => (steps.clone(), true),
            RequestKind::Colors { options, count } => (
                options.iter().map(|c| c.word().to_string()).collect(),
                *count > 1,
            ),
            RequestKind::Values { options, count } => {
                (options.iter().map(i32::to_string).collect(), *count > 1)
            }
            RequestKind::Players { options, count } => (
                options.iter().map(|s| names[*s as usize].clone()).collect(),
                *count > 1,
            ),
            RequestKind::Icons { options, count } => (
                options.iter().map(|i| i.word().to_string()).collect(),
                *count > 1,
            ),
            RequestKind::Specials { options, count } => (
                options
                    .iter()
                    .map(|s| edition.specials[*s as usize].name.clone())
                    .collect(),
                *count > 1,
            ),
        };
        let cards: &[u16] = match &request.kind {
            RequestKind::Cards { candidates, .. } => candidates,
            RequestKind::Order { cards } => cards,
            _ => &[],
        };
        if request.decline {
            tell!("  0) decline")?;
        }
        for (i, w) in words.iter().enumerate() {
            tell!("  {}) {w}", i + 1)?;
            // A card the player may see: its effects under it.
            if let Some(card) = cards.get(i) {
                if !hidden_from(seat, game.state.location(*card)) {
                    let text = self.effects(*card);
                    if !text.is_empty() {
                        tell!("{text}")?;
                    }
                }
            }
        }
        let none_allowed = match &request.kind {
            RequestKind::Cards { sizes, .. } => sizes.contains(&0),
            _ => false,
        };
        let prompt = match (&request.kind, several) {
            (RequestKind::Order { .. }, _) => "numbers, first to move first> ".to_string(),
            (RequestKind::Steps { .. }, _) => "numbers, first to happen first> ".to_string(),
            (_, true) if none_allowed => {
                "numbers separated by spaces (empty for none)> ".to_string()
            }
            (_, true) => "numbers separated by spaces> ".to_string(),
            (_, false) if none_allowed => "a number (empty for none)> ".to_string(),
            (_, false) => "a number> ".to_string(),
        };
        loop {
            let line = match self.read(game, seat, &prompt)? {
                Asked::Answer(line) => line,
                Asked::Save(path) => return Ok(Asked::Save(path)),
                Asked::Quit => return Ok(Asked::Quit),
            };
            // A word answers as its number does; a card may be named without its age.
            let by_word = words.iter().position(|w| {
                w.eq_ignore_ascii_case(&line)
                    || w.rsplit_once(" [")
                        .is_some_and(|(t, _)| t.eq_ignore_ascii_case(&line))
            });
            let picks: Option<Vec<usize>> = if line.is_empty() {
                Some(Vec::new())
            } else if let Some(i) = by_word {
                Some(vec![i + 1])
            } else if request.decline && (line == "decline" || line == "no") {
                Some(vec![0])
            } else {
                line.split_whitespace().map(|w| w.parse().ok()).collect()
            };
            let Some(picks) = picks else {
                tell!(
                    "refused: `{line}` is not an answer: type the numbers of the options (1 to {}) or an option's words",
                    words.len()
                )?;
                continue;
            };
            if picks.contains(&0) {
                if request.decline && picks.len() == 1 {
                    return Ok(Asked::Answer(Answer::Decline));
                }
                tell!("refused: 0 (decline) is not an answer here")?;
                continue;
            }
            if picks.iter().any(|i| *i > words.len()) {
                tell!("refused: there are only {} options", words.len())?;
                continue;
            }
            if picks.is_empty() && !none_allowed {
                tell!("refused: choose at least one option")?;
                continue;
            }
            let at = |i: &usize| i - 1;
            let answer = match &request.kind {
                RequestKind::YesNo => match picks.as_slice() {
                    [i] => Answer::YesNo(*i == 1),
                    _ => {
                        tell!("refused: answer 1 (yes) or 2 (no)")?;
                        continue;
                    }
                },
                RequestKind::Option { .. } => match picks.as_slice() {
                    [i] => Answer::Option(at(i) as u8),
                    _ => {
                        tell!("refused: choose one alternative")?;
                        continue;
                    }
                },
                RequestKind::Cards { candidates, .. } => {
                    Answer::Cards(picks.iter().map(|i| candidates[at(i)]).collect())
                }
                RequestKind::Order { cards } => {
                    Answer::Order(picks.iter().map(|i| cards[at(i)]).collect())
                }
                RequestKind::Steps { .. } => {
                    Answer::Steps(picks.iter().map(|i| at(i) as u8).collect())
                }
                RequestKind::Colors { options, .. } => {
                    Answer::Colors(picks.iter().map(|i| options[at(i)]).collect())
                }
                RequestKind::Values { options, .. } => {
                    Answer::Values(picks.iter().map(|i| options[at(i)]).collect())
                }
                RequestKind::Players { options, .. } => {
                    Answer::Players(picks.iter().map(|i| options[at(i)]).collect())
                }
                RequestKind::Icons { options, .. } => {
                    Answer::Icons(picks.iter().map(|i| options[at(i)]).collect())
                }
                RequestKind::Specials { options, .. } => {
                    Answer::Specials(picks.iter().map(|i| options[at(i)]).collect())
                }
            };
            match request.validate(&answer, edition) {
                Ok(()) => return Ok(Asked::Answer(answer)),
                Err(refusal) => tell!("refused: {refusal}")?,
            }
        }
    }
}
