//! A game that comes from outside (a saved game a user may have edited, or received): every
//! index it holds is checked against its edition before anything uses it — cards, players,
//! special achievements, chunks, program counters, statement ids, piles and decks — and then
//! the state's invariants (`invariants::check`: every card in exactly one place, each special
//! achievement once, …). A refusal says what is wrong and where (`state.players[1].hand[3]`).

use crate::bytecode::{
    color_bit, CardIdx, ChunkIdx, ChunkKind, CompiledEdition, LastingWhen, SpecialIdx, NO_CHUNK,
};
use crate::choices::{Action, Answer, Request, RequestKind};
use crate::game::triggers::Step;
use crate::game::{EngineQuestion, Game, Phase};
use crate::log::Event;
use crate::state::{AchievementCard, Lasting, Location, Outcome, Seat};
use crate::vm::{Frame, FrameKind, StmtOutcome};
use crate::vocab::Color;

/// Checks a game loaded from outside against its (attached) edition: indices first, then the
/// invariants.
pub fn check(game: &Game) -> Result<(), String> {
    let bounds = Bounds::of(game);
    bounds.check_shape(game)?;
    bounds.check_state(game)?;
    bounds.check_progress(game)?;
    bounds.check_log(game)?;
    crate::invariants::check(game).map_err(|e| format!("an impossible state: {e}"))
}

/// The sizes every index is checked against.
struct Bounds<'a> {
    edition: &'a CompiledEdition,
    players: usize,
}

type Checked = Result<(), String>;

impl<'a> Bounds<'a> {
    fn of(game: &'a Game) -> Bounds<'a> {
        Bounds {
            edition: game.edition(),
            players: game.state.players.len(),
        }
    }

    fn card(&self, card: CardIdx, at: &str) -> Checked {
        if (card as usize) < self.edition.cards.len() {
            Ok(())
        } else {
            Err(format!(
                "{at}: card {card} does not exist (the edition has {} cards)",
                self.edition.cards.len()
            ))
        }
    }

    fn cards<'c>(&self, cards: impl IntoIterator<Item = &'c CardIdx>, at: &str) -> Checked {
        for (i, card) in cards.into_iter().enumerate() {
            self.card(*card, &format!("{at}[{i}]"))?;
        }
        Ok(())
    }

    fn seat(&self, seat: Seat, at: &str) -> Checked {
        if (seat as usize) < self.players {
            Ok(())
        } else {
            Err(format!(
                "{at}: player {seat} does not exist (the game has {} players)",
                self.players
            ))
        }
    }

    fn seats<'c>(&self, seats: impl IntoIterator<Item = &'c Seat>, at: &str) -> Checked {
        for (i, seat) in seats.into_iter().enumerate() {
            self.seat(*seat, &format!("{at}[{i}]"))?;
        }
        Ok(())
    }

    fn special(&self, special: SpecialIdx, at: &str) -> Checked {
        if (special as usize) < self.edition.specials.len() {
            Ok(())
        } else {
            Err(format!(
                "{at}: special achievement {special} does not exist (the edition has {})",
                self.edition.specials.len()
            ))
        }
    }

    fn location(&self, location: Location, at: &str) -> Checked {
        if let Some(seat) = location.owner() {
            self.seat(seat, at)?;
        }
        if let Location::Deck(age) = location {
            if !(1..=self.edition.rules.max_age).contains(&age) {
                return Err(format!(
                    "{at}: the age {age} deck is not in the supply (ages 1 to {})",
                    self.edition.rules.max_age
                ));
            }
        }
        Ok(())
    }

    /// The setup, the number of players, decks and locations.
    fn check_shape(&self, game: &Game) -> Checked {
        let state = &game.state;
        let rules = &self.edition.rules;
        let most = rules.most_players();
        if !(2..=most).contains(&self.players) {
            return Err(format!(
                "state.players: {} players (a game has 2 to {most})",
                self.players
            ));
        }
        if game.setup.players.len() != self.players {
            return Err(format!(
                "setup.players: {} names for {} players",
                game.setup.players.len(),
                self.players
            ));
        }
        for (i, (player, name)) in state.players.iter().zip(&game.setup.players).enumerate() {
            if *player.name != **name {
                return Err(format!(
                    "state.players[{i}].name: {} is seated where the setup has {name}",
                    player.name
                ));
            }
        }
        if state.locations.len() != self.edition.cards.len() {
            return Err(format!(
                "state.locations: {} locations for the edition's {} cards",
                state.locations.len(),
                self.edition.cards.len()
            ));
        }
        let ages = rules.max_age as usize + 1;
        if state.decks.len() != ages {
            return Err(format!(
                "state.decks: {} decks where the edition has ages 0 to {}",
                state.decks.len(),
                rules.max_age
            ));
        }
        if state.set_decks.len() != rules.expansions.len() {
            return Err(format!(
                "state.set_decks: {} expansion supplies for {} expansions",
                state.set_decks.len(),
                rules.expansions.len()
            ));
        }
        for (set, decks) in state.set_decks.iter().enumerate() {
            if decks.len() != ages {
                return Err(format!(
                    "state.set_decks[{set}]: {} decks where the edition has ages 0 to {}",
                    decks.len(),
                    rules.max_age
                ));
            }
        }
        Ok(())
    }

    /// Every card, player and special achievement the state names.
    fn check_state(&self, game: &Game) -> Checked {
        let state = &game.state;
        for (i, location) in state.locations.iter().enumerate() {
            self.location(*location, &format!("state.locations[{i}]"))?;
        }
        for (age, deck) in state.decks.iter().enumerate() {
            self.cards(deck, &format!("state.decks[{age}]"))?;
        }
        for (set, decks) in state.set_decks.iter().enumerate() {
            for (age, deck) in decks.iter().enumerate() {
                self.cards(deck, &format!("state.set_decks[{set}][{age}]"))?;
            }
        }
        self.cards(&state.available, "state.available")?;
        self.cards(&state.removed, "state.removed")?;
        self.cards(&state.excluded, "state.excluded")?;
        for (name, list) in [
            ("state.specials", &state.specials),
            ("state.junked_specials", &state.junked_specials),
            ("state.excluded_specials", &state.excluded_specials),
        ] {
            for (i, s) in list.iter().enumerate() {
                self.special(*s, &format!("{name}[{i}]"))?;
            }
        }
        for (seat, player) in state.players.iter().enumerate() {
            let at = format!("state.players[{seat}]");
            self.cards(&player.hand, &format!("{at}.hand"))?;
            self.cards(&player.score_pile, &format!("{at}.score_pile"))?;
            self.cards(&player.forecast, &format!("{at}.forecast"))?;
            if let Some(card) = player.display {
                self.card(card, &format!("{at}.display"))?;
            }
            for (i, pile) in player.board.iter().enumerate() {
                self.cards(&pile.cards, &format!("{at}.board[{i}].cards"))?;
            }
            for (i, a) in player.achievements.iter().enumerate() {
                let at = format!("{at}.achievements[{i}]");
                match a {
                    AchievementCard::Standard(c) => self.card(*c, &at)?,
                    AchievementCard::Special(s) => self.special(*s, &at)?,
                }
            }
        }
        self.seat(state.active, "state.active")?;
        if state.outcome.is_none() && !state.in_play(state.active) {
            return Err(format!(
                "state.active: {} is out of the game",
                state.players[state.active as usize].name
            ));
        }
        for (i, h) in state.history.iter().enumerate() {
            let at = format!("state.history[{i}]");
            self.seat(h.player, &at)?;
            self.card(h.card, &at)?;
            if let Some(source) = h.source {
                self.card(source, &at)?;
            }
            self.seats(h.from_board.iter().chain(h.onto_board.iter()), &at)?;
        }
        if let Some(outcome) = &state.outcome {
            self.outcome(outcome, "state.outcome")?;
        }
        for (i, lasting) in state.lasting.iter().enumerate() {
            self.lasting(lasting, state.turn, &format!("state.lasting[{i}]"))?;
        }
        for (i, (lasting, moved)) in state.lasting_due.iter().enumerate() {
            let at = format!("state.lasting_due[{i}]");
            self.lasting(lasting, state.turn, &at)?;
            if let Some(card) = moved {
                self.card(*card, &format!("{at}.moved"))?;
            }
        }
        for (i, (seat, special)) in game.triggered.iter().enumerate() {
            let at = format!("triggered[{i}]");
            self.seat(*seat, &at)?;
            self.special(*special, &at)?;
        }
        Ok(())
    }

    /// A chunk of the edition, of the kind the state needs there.
    fn chunk_of(&self, chunk: ChunkIdx, kind: ChunkKind, at: &str) -> Checked {
        match self.edition.chunks.get(chunk as usize) {
            None => Err(format!(
                "{at}: chunk {chunk} does not exist (the edition has {})",
                self.edition.chunks.len()
            )),
            Some(c) if c.kind != kind => Err(format!(
                "{at}: chunk {chunk} ({}) is {}, not {}",
                c.name,
                kind_words(c.kind),
                kind_words(kind)
            )),
            Some(_) => Ok(()),
        }
    }

    /// A lasting effect waiting (or due): its player, card, demander, body and test.
    fn lasting(&self, lasting: &Lasting, turn: u32, at: &str) -> Checked {
        self.seat(lasting.player, &format!("{at}.player"))?;
        self.card(lasting.card, &format!("{at}.card"))?;
        if let Some(demander) = lasting.demander {
            self.seat(demander, &format!("{at}.demander"))?;
        }
        self.chunk_of(lasting.chunk, ChunkKind::Effect, &format!("{at}.chunk"))?;
        if matches!(lasting.when, LastingWhen::NextMove(_))
            && self.edition.chunk(lasting.chunk).stmts == 0
        {
            return Err(format!(
                "{at}.chunk: a lasting effect waiting for a move has no statement for the move"
            ));
        }
        if lasting.test != NO_CHUNK {
            self.chunk_of(lasting.test, ChunkKind::CardTest, &format!("{at}.test"))?;
        }
        if lasting.turn > turn {
            return Err(format!(
                "{at}.turn: set in turn {} of a game in turn {turn}",
                lasting.turn
            ));
        }
        Ok(())
    }

    fn outcome(&self, outcome: &Outcome, at: &str) -> Checked {
        self.seats(&outcome.winners, &format!("{at}.winners"))?;
        if let Some(card) = outcome.card {
            self.card(card, &format!("{at}.card"))?;
        }
        Ok(())
    }

    /// The phase, the action in progress (its dogma run, frames, steps and question) and the
    /// pending question and answer.
    fn check_progress(&self, game: &Game) -> Checked {
        if let Phase::FirstMeld { chosen } = &game.phase {
            if chosen.len() != self.players {
                return Err(format!(
                    "phase.FirstMeld.chosen: {} choices for {} players",
                    chosen.len(),
                    self.players
                ));
            }
            for (seat, card) in chosen.iter().enumerate() {
                if let Some(card) = card {
                    let at = format!("phase.FirstMeld.chosen[{seat}]");
                    self.card(*card, &at)?;
                    if game.state.location(*card) != Location::Hand(seat as Seat) {
                        return Err(format!(
                            "{at}: {} is not in {}'s hand",
                            self.edition.card(*card).title,
                            game.state.players[seat].name
                        ));
                    }
                }
            }
        }
        if game.state.outcome.is_some() != (game.phase == Phase::Over) {
            return Err(format!(
                "phase: {:?} while the game {}",
                game.phase,
                if game.state.outcome.is_some() {
                    "is over"
                } else {
                    "goes on"
                }
            ));
        }
        if let Some(exec) = &game.exec {
            if let Some(dogma) = &exec.dogma {
                let at = "exec.dogma";
                self.card(dogma.card, &format!("{at}.card"))?;
                self.seat(dogma.activator, &format!("{at}.activator"))?;
                self.seats(&dogma.sharing, &format!("{at}.sharing"))?;
                self.seats(&dogma.vulnerable, &format!("{at}.vulnerable"))?;
                self.seats(&dogma.parley_shared, &format!("{at}.parley_shared"))?;
                self.seats(&dogma.parley_offered, &format!("{at}.parley_offered"))?;
                for (i, (card, effect)) in dogma.echoes.iter().enumerate() {
                    let at = format!("{at}.echoes[{i}]");
                    self.card(*card, &at)?;
                    if *effect as usize >= self.edition.card(*card).effects.len() {
                        return Err(format!(
                            "{at}: {} has no effect {effect}",
                            self.edition.card(*card).title
                        ));
                    }
                }
            }
            for (i, frame) in exec.frames.iter().enumerate() {
                self.frame(frame, &format!("exec.frames[{i}]"))?;
            }
            for (i, step) in exec.steps.iter().enumerate() {
                self.step(step, &format!("exec.steps[{i}]"))?;
            }
            if let Some(question) = &exec.asking {
                self.question(question, "exec.asking")?;
            }
        }
        if let Some(request) = &game.pending {
            self.request(request, "pending")?;
            let asked_by = match &game.exec {
                Some(exec) => !exec.frames.is_empty() || exec.asking.is_some(),
                None => matches!(game.phase, Phase::FirstMeld { .. }),
            };
            if !asked_by {
                return Err(
                    "pending: a question is pending that neither a card nor the rules asked"
                        .to_string(),
                );
            }
        } else if matches!(game.phase, Phase::FirstMeld { .. }) && game.state.outcome.is_none() {
            return Err(
                "pending: the first melds are being chosen, but nobody is asked".to_string(),
            );
        }
        if let Some(answer) = &game.answer {
            self.answer(answer, "answer")?;
        }
        Ok(())
    }

    fn frame(&self, frame: &Frame, at: &str) -> Checked {
        let Some(chunk) = self.edition.chunks.get(frame.chunk as usize) else {
            return Err(format!(
                "{at}.chunk: chunk {} does not exist (the edition has {})",
                frame.chunk,
                self.edition.chunks.len()
            ));
        };
        let ops = chunk.ops.len();
        if frame.pc as usize >= ops {
            return Err(format!(
                "{at}.pc: op {} is past the end of {} ({ops} ops)",
                frame.pc, chunk.name
            ));
        }
        if let Some(stop) = frame.stop_at.filter(|s| *s as usize > ops) {
            return Err(format!(
                "{at}.stop_at: op {stop} is past the end of {}",
                chunk.name
            ));
        }
        if let FrameKind::AsIf(run) = &frame.kind {
            // Runs the card's effects one by one, as if on the host; its own chunk does not run.
            self.card(run.host, &format!("{at}.host"))?;
            for seat in run.vulnerable.iter().chain(&run.compelled) {
                self.seat(*seat, &format!("{at}.victims"))?;
            }
        } else if let FrameKind::SelfExecute { .. } = frame.kind {
            // Runs the card's effects one by one; its own chunk does not run.
        } else if frame.outcomes.len() != usize::from(chunk.stmts) && !frame.outcomes.is_empty() {
            return Err(format!(
                "{at}.outcomes: {} outcomes where {} records {}",
                frame.outcomes.len(),
                chunk.name,
                chunk.stmts
            ));
        }
        self.card(frame.card, &format!("{at}.card"))?;
        self.seat(frame.executor, &format!("{at}.executor"))?;
        if let Some(demander) = frame.demander {
            self.seat(demander, &format!("{at}.demander"))?;
        }
        if let Some(card) = frame.candidate {
            self.card(card, &format!("{at}.candidate"))?;
        }
        if let Some(resume) = &frame.karma_resume {
            let at = format!("{at}.karma_resume");
            let cards = resume.drawn.into_iter().chain(resume.handled.map(|h| h.0));
            for card in cards {
                self.card(card, &at)?;
            }
        }
        for (i, set) in frame.sets.iter().enumerate() {
            self.cards(set, &format!("{at}.sets[{i}]"))?;
        }
        for (i, (seats, _)) in frame.each.iter().enumerate() {
            self.seats(seats, &format!("{at}.each[{i}]"))?;
        }
        self.seats(&frame.actors, &format!("{at}.actors"))?;
        let colors = Color::ALL.iter().fold(0, |mask, c| mask | color_bit(*c));
        for (i, (rest, current)) in frame.color_loops.iter().enumerate() {
            let one = *current == 0 || (current & colors == *current && current.count_ones() == 1);
            if rest & !colors != 0 || !one {
                return Err(format!(
                    "{at}.color_loops[{i}]: ({rest}, {current}) are no colours (masks of 5 bits, \
                     the current one a single colour)"
                ));
            }
        }
        for (i, cards) in frame.card_loops.iter().enumerate() {
            self.cards(cards, &format!("{at}.card_loops[{i}]"))?;
        }
        for (i, outcome) in frame.outcomes.iter().enumerate() {
            self.stmt_outcome(outcome, &format!("{at}.outcomes[{i}]"))?;
        }
        if let Some(fold) = &frame.fold {
            if fold.stmt >= chunk.stmts || fold.skip as usize >= ops {
                return Err(format!(
                    "{at}.fold: statement {} or op {} is not in {}",
                    fold.stmt, fold.skip, chunk.name
                ));
            }
        }
        Ok(())
    }

    fn stmt_outcome(&self, outcome: &StmtOutcome, at: &str) -> Checked {
        for (i, (card, location)) in outcome.cards.iter().enumerate() {
            let at = format!("{at}.cards[{i}]");
            self.card(*card, &at)?;
            self.location(*location, &at)?;
        }
        if let Some(player) = outcome.player {
            self.seat(player, &format!("{at}.player"))?;
        }
        Ok(())
    }

    fn step(&self, step: &Step, at: &str) -> Checked {
        match *step {
            Step::CityIcons { seat, card }
            | Step::Plus { seat, card }
            | Step::Arrow { seat, card, .. }
            | Step::Search { seat, card }
            | Step::Dig {
                seat,
                covered: card,
            }
            | Step::Promote { seat, card }
            | Step::KarmaMelded { seat, card } => {
                self.seat(seat, at)?;
                self.card(card, at)
            }
            Step::CityDraw { seat } => self.seat(seat, at),
            Step::Draw { seat, set, .. } => {
                self.seat(seat, at)?;
                if usize::from(set) > self.edition.rules.expansions.len() {
                    return Err(format!("{at}: set {set} is not in play"));
                }
                Ok(())
            }
            Step::Act { seat, action } => {
                self.seat(seat, at)?;
                self.action(&action, at)
            }
        }
    }

    fn question(&self, question: &EngineQuestion, at: &str) -> Checked {
        match *question {
            EngineQuestion::ParleyDogma { card } | EngineQuestion::EndorseCity { card } => {
                self.card(card, at)
            }
            EngineQuestion::ParleyShare { seat }
            | EngineQuestion::ParleyImmunity { seat }
            | EngineQuestion::SearchReturn { seat }
            | EngineQuestion::Promote { seat }
            | EngineQuestion::Fade { seat } => self.seat(seat, at),
            EngineQuestion::IconOrder { seat, card }
            | EngineQuestion::PromoteDogma { seat, card }
            | EngineQuestion::Seize { seat, relic: card } => {
                self.seat(seat, at)?;
                self.card(card, at)
            }
            EngineQuestion::ActionKarma { seat, action, card } => {
                self.seat(seat, at)?;
                self.card(card, at)?;
                self.action(&action, at)
            }
            EngineQuestion::EndorsePayment { card, city } => {
                self.card(card, at)?;
                self.card(city, at)
            }
        }
    }

    fn request(&self, request: &Request, at: &str) -> Checked {
        self.seat(request.player, &format!("{at}.player"))?;
        match &request.kind {
            RequestKind::Cards { candidates, .. } => {
                self.cards(candidates, &format!("{at}.candidates"))
            }
            RequestKind::Order { cards } => self.cards(cards, &format!("{at}.cards")),
            RequestKind::Players { options, .. } => self.seats(options, &format!("{at}.options")),
            RequestKind::Specials { options, .. } => {
                for (i, s) in options.iter().enumerate() {
                    self.special(*s, &format!("{at}.options[{i}]"))?;
                }
                Ok(())
            }
            RequestKind::YesNo
            | RequestKind::Option { .. }
            | RequestKind::Colors { .. }
            | RequestKind::Values { .. }
            | RequestKind::Icons { .. }
            | RequestKind::Steps { .. } => Ok(()),
        }
    }

    fn answer(&self, answer: &Answer, at: &str) -> Checked {
        match answer {
            Answer::Cards(cards) | Answer::Order(cards) => self.cards(cards, at),
            Answer::Players(seats) => self.seats(seats, at),
            Answer::Specials(specials) => {
                for (i, s) in specials.iter().enumerate() {
                    self.special(*s, &format!("{at}[{i}]"))?;
                }
                Ok(())
            }
            Answer::YesNo(_)
            | Answer::Option(_)
            | Answer::Colors(_)
            | Answer::Values(_)
            | Answer::Icons(_)
            | Answer::Steps(_)
            | Answer::Decline => Ok(()),
        }
    }

    fn action(&self, action: &Action, at: &str) -> Checked {
        match *action {
            Action::Draw | Action::Achieve(_) | Action::Artifact(_) | Action::Inspire(_) => Ok(()),
            Action::Decree(special) => self.special(special, at),
            Action::Meld(card) | Action::Dogma(card) | Action::Endorse(card) => self.card(card, at),
        }
    }

    /// Every event of the log (the log is printed from where the save stopped).
    fn check_log(&self, game: &Game) -> Checked {
        for (i, event) in game.log.iter().enumerate() {
            self.event(event, &format!("log[{i}]"))?;
        }
        Ok(())
    }

    fn event(&self, event: &Event, at: &str) -> Checked {
        match event {
            Event::Setup { .. } | Event::DogmaEnded => Ok(()),
            Event::TurnStart { player, .. }
            | Event::Splay { player, .. }
            | Event::Rearrange { player, .. }
            | Event::Achieve { player, .. }
            | Event::ShareBonus { player }
            | Event::Decision { player, .. }
            | Event::SupplyExhausted { player, .. }
            | Event::AdditionalAction { player, .. } => self.seat(*player, at),
            Event::FirstMeld { player, card }
            | Event::Draw { player, card, .. }
            | Event::Reveal { player, card }
            | Event::SelfExecute { player, card }
            | Event::Fade { player, card }
            | Event::Look { player, card }
            | Event::LastingSet { player, card, .. }
            | Event::LastingRuns { player, card, .. }
            | Event::LastingForgotten { player, card, .. } => {
                self.seat(*player, at)?;
                self.card(*card, at)
            }
            Event::Karma {
                player,
                figure,
                card,
                ..
            } => {
                self.seat(*player, at)?;
                self.card(*figure, at)?;
                self.card(*card, at)
            }
            Event::ExecuteAsIf { player, card, host } => {
                self.seat(*player, at)?;
                self.card(*card, at)?;
                self.card(*host, at)
            }
            Event::Action { player, action } => {
                self.seat(*player, at)?;
                self.action(action, at)
            }
            Event::Move {
                player,
                card,
                from,
                to,
                ..
            } => {
                self.seat(*player, at)?;
                self.card(*card, at)?;
                self.location(*from, at)?;
                self.location(*to, at)
            }
            Event::DecreeReturned {
                player,
                from,
                special,
            } => {
                self.seat(*player, at)?;
                self.seat(*from, at)?;
                self.special(*special, at)
            }
            Event::ClaimSpecial { player, special }
            | Event::DecreeIssued { player, special }
            | Event::JunkSpecial { player, special }
            | Event::RestoreSpecial { player, special } => {
                self.seat(*player, at)?;
                self.special(*special, at)
            }
            Event::DogmaCounts {
                card,
                sharing,
                vulnerable,
            } => {
                self.card(*card, at)?;
                self.seats(sharing, at)?;
                self.seats(vulnerable, at)
            }
            Event::Execute {
                player,
                card,
                effect,
                ..
            } => {
                self.seat(*player, at)?;
                self.card(*card, at)?;
                if *effect as usize >= self.edition.card(*card).effects.len() {
                    return Err(format!(
                        "{at}: {} has no effect {effect}",
                        self.edition.card(*card).title
                    ));
                }
                Ok(())
            }
            Event::GameOver { outcome } => self.outcome(outcome, at),
            Event::Eliminated {
                player,
                junked,
                specials,
                ..
            } => {
                self.seat(*player, at)?;
                self.cards(junked, at)?;
                for s in specials {
                    self.special(*s, at)?;
                }
                Ok(())
            }
            Event::Parley {
                player,
                with,
                returned,
                card,
                ..
            } => {
                self.seat(*player, at)?;
                self.seat(*with, at)?;
                self.card(*returned, at)?;
                self.card(*card, at)
            }
            Event::NoParley {
                player, with, card, ..
            } => {
                self.seat(*player, at)?;
                self.seat(*with, at)?;
                self.card(*card, at)
            }
        }
    }
}

/// What a kind of chunk is, in words.
fn kind_words(kind: ChunkKind) -> &'static str {
    match kind {
        ChunkKind::Effect => "an effect",
        ChunkKind::CardTest => "a card test",
        ChunkKind::PlayerTest => "a player test",
        ChunkKind::PlayerMeasure => "a player measure",
        ChunkKind::Condition => "a special achievement's condition",
    }
}
