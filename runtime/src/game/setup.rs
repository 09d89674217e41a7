//! Setting a game up: by the rulebook (`Game::new`: each age's deck shuffled, the standard and
//! special achievements, two age-1 cards to each player), from its parts (a table built by hand),
//! then the first melds, chosen simultaneously, and the first player.
//!
//! Rules: ../shared/rules/deluxe-rules-with-expansions.txt, "Game Setup".

use super::{memo, teams, Game, Phase, Scratch, Setup};
use crate::bytecode::{CardIdx, SpecialIdx};
use crate::choices::{Request, RequestKind};
use crate::log::{Event, Log};
use crate::state::{DeckCards, Location, PlayerState, Seat, State};
use crate::vm::Program;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

impl Game {
    /// Sets a game up by the rulebook (deluxe rules, "Game Setup"): each age's deck shuffled,
    /// one standard achievement from each age 1–9, the special achievements, two age-1 cards to
    /// each player; the game then waits for each player's choice of first meld. The game's
    /// effects run on the program's native code if it has some, else on the VM.
    pub fn new(program: impl Into<Program>, setup: Setup) -> Result<Game, String> {
        let Program { edition, native } = program.into();
        let n = setup.players.len();
        let most = edition.rules.most_players();
        if !(2..=most).contains(&n) {
            return Err(format!("a game has 2 to {most} players, not {n}"));
        }
        // An edition that cannot be set up or played (rules out of range, too few cards to
        // deal) is refused here rather than failing in play.
        edition
            .check_playable(n)
            .map_err(|e| format!("the {} edition cannot be played: {e}", edition.name))?;
        let team_of = teams::assign(
            n,
            setup.teams,
            &setup.team_of,
            &edition.rules,
            &edition.name,
        )?;
        let max_age = edition.rules.max_age as usize;
        // One supply per set: the base set's, then each expansion's (deluxe rules, "Playing
        // with expansions").
        let sets = 1 + edition.rules.expansions.len();
        let mut decks: Vec<Vec<Vec<CardIdx>>> = vec![vec![Vec::new(); max_age + 1]; sets];
        let mut locations = vec![Location::Removed; edition.cards.len()];
        let mut removed = Vec::new();
        for (i, card) in edition.cards.iter().enumerate() {
            let age = card.age as usize;
            if card.relic.is_some() {
                // The Relics start face up beside the decks of their ages (EXPANSIONS.md A10).
                locations[i] = Location::Relic;
            } else if (1..=max_age).contains(&age) {
                decks[card.deck_set as usize][age].push(i as CardIdx);
                locations[i] = Location::Deck(card.age);
            } else {
                removed.push(i as CardIdx);
            }
        }
        let mut rng = ChaCha8Rng::seed_from_u64(setup.seed);
        for deck in decks.iter_mut().flatten() {
            deck.shuffle(&mut rng);
        }
        let mut decks = decks
            .into_iter()
            .map(|set| set.into_iter().map(DeckCards::from_vec).collect::<Vec<_>>());
        let base_decks = decks.next().unwrap_or_default();
        let set_decks: Vec<Vec<DeckCards>> = decks.collect();
        let players = setup
            .players
            .iter()
            .enumerate()
            .map(|(i, name)| PlayerState::new(name, team_of[i]))
            .collect();
        let state = State {
            players,
            decks: base_decks,
            set_decks,
            available: Vec::new(),
            specials: (0..edition.specials.len() as SpecialIdx).collect(),
            junked_specials: Vec::new(),
            excluded_specials: Vec::new(),
            removed,
            excluded: Vec::new(),
            locations,
            rng,
            active: 0,
            turn: 0,
            action: 0,
            actions_left: 0,
            opening_turns: 0,
            history: Vec::new(),
            lasting: Vec::new(),
            lasting_due: Vec::new(),
            additional_actions: 0,
            endorsed: false,
            inspired: false,
            decreed: false,
            display_choice: false,
            free_action: false,
            outcome: None,
        };
        let mut game = Game {
            edition_name: edition.name.clone(),
            edition,
            native,
            setup: Arc::new(setup.clone()),
            state,
            phase: Phase::FirstMeld {
                chosen: vec![None; n],
            },
            exec: None,
            pending: None,
            answer: None,
            scratch: Scratch::default(),
            pure_runs: Default::default(),
            probing: false,
            memo: memo::SpecialMemo::default(),
            turn_held: false,
            triggered: Vec::new(),
            log: Log::from(vec![Event::Setup {
                seed: setup.seed,
                players: setup.players.clone(),
            }]),
        };
        for age in 1..=game.edition.rules.achievement_ages {
            if let Some(card) = game.state.decks[age as usize].last().copied() {
                game.state
                    .move_card(&game.edition, card, Location::Available, false);
            }
        }
        game.deal_opening();
        Ok(game)
    }

    /// A game from its parts (used to build tables by hand).
    pub(crate) fn assemble(
        program: Program,
        setup: Setup,
        state: State,
        phase: Phase,
        log: Vec<Event>,
    ) -> Game {
        let Program { edition, native } = program;
        Game {
            edition_name: edition.name.clone(),
            edition,
            native,
            setup: Arc::new(setup),
            state,
            phase,
            exec: None,
            pending: None,
            answer: None,
            log: Log::from(log),
            scratch: Scratch::default(),
            pure_runs: Default::default(),
            probing: false,
            memo: memo::SpecialMemo::default(),
            turn_held: false,
            triggered: Vec::new(),
        }
    }

    /// Deals two age-1 cards to each player in seating order, from the top of the deck, and asks
    /// the first melds (deluxe rules, "Game Setup", steps 4 and 5). Also plays the opening of a
    /// table whose supply was set by hand (`TableSpec::play_setup`).
    ///
    /// With Echoes, each player's second card is an Echoes 1 (Echoes rulebook, "Game Start").
    pub(crate) fn deal_opening(&mut self) {
        let second = self
            .edition
            .rules
            .opening_set
            .as_deref()
            .and_then(|name| self.edition.rules.set_index(name))
            .unwrap_or(0);
        for seat in 0..self.state.player_count() as Seat {
            for set in [0, second] {
                if let Some(card) = self.state.deck(set, 1).last().copied() {
                    self.state
                        .move_card(&self.edition, card, Location::Hand(seat), false);
                    self.log.push(Event::Draw {
                        player: seat,
                        card,
                        age: 1,
                    });
                }
            }
        }
        self.ask_first_meld();
    }

    /// Asks the next player without a first meld; when all have chosen, melds them together and
    /// starts the first turn with the player whose card comes first alphabetically.
    pub(super) fn ask_first_meld(&mut self) {
        let Phase::FirstMeld { chosen } = &self.phase else {
            return;
        };
        if let Some(seat) = chosen.iter().position(Option::is_none) {
            let hand = self.state.players[seat].hand.clone();
            self.pending = Some(Request {
                player: seat as Seat,
                kind: RequestKind::Cards {
                    candidates: hand.to_vec(),
                    sizes: vec![1],
                },
                context: "choose your first card to meld".to_string(),
                decline: false,
            });
            return;
        }
        let chosen: Vec<CardIdx> = chosen.iter().flatten().copied().collect();
        for (seat, card) in chosen.iter().enumerate() {
            let color = self.edition.card(*card).color;
            self.state.move_card(
                &self.edition,
                *card,
                Location::Board(seat as Seat, color),
                false,
            );
            self.log.push(Event::FirstMeld {
                player: seat as Seat,
                card: *card,
            });
        }
        // The player whose melded card's title comes first alphabetically goes first (deluxe
        // rules, "Game Setup", step 6; the online summary counts leading articles).
        let first = chosen
            .iter()
            .enumerate()
            .min_by(|(_, a), (_, b)| self.title(**a).cmp(&self.title(**b)))
            .map_or(0, |(seat, _)| seat as Seat);
        self.phase = Phase::Playing;
        self.state.active = first;
        self.state.opening_turns = if self.state.player_count() >= 4 { 2 } else { 1 };
        self.start_turn(first);
    }
}
