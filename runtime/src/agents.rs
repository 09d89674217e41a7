//! Players behind one trait: the random agent (seeded), the first-legal agent, the scripted
//! agent (a queue of answers), and the loop that plays a game with them.
//!
//! The random agent's policy is stable because other measurements compare against it: an action
//! uniformly among all legal actions (each action with its target counts once); for a question,
//! each of its answers equally likely, as the question is asked (../shared/SCENARIOS.md, "How
//! questions are asked"): every legal set of cards, colours, values, players or icons once, an
//! order as a uniformly random permutation, and declining a folded `you may` as one more
//! answer.

use crate::choices::{Action, Answer, Request, RequestKind};
use crate::game::{Game, PlayError, Status};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;

/// A player: picks actions and answers questions.
pub trait Agent {
    fn choose_action(&mut self, game: &Game, legal: &[Action]) -> Action;
    fn decide(&mut self, game: &Game, request: &Request) -> Answer;
}

/// Picks uniformly at random, from its own seeded generator.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RandomAgent {
    rng: ChaCha8Rng,
}

impl RandomAgent {
    /// A random agent for a seat, its generator derived from the game's seed and the seat.
    pub fn new(seed: u64, seat: u8) -> RandomAgent {
        let mixed = seed ^ (u64::from(seat) + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        RandomAgent {
            rng: ChaCha8Rng::seed_from_u64(mixed),
        }
    }

    fn subset<T: Copy>(&mut self, items: &[T], size: usize) -> Vec<T> {
        let mut shuffled = items.to_vec();
        shuffled.shuffle(&mut self.rng);
        shuffled.truncate(size);
        shuffled
    }
}

impl Agent for RandomAgent {
    fn choose_action(&mut self, _game: &Game, legal: &[Action]) -> Action {
        legal[self.rng.gen_range(0..legal.len())]
    }

    fn decide(&mut self, _game: &Game, request: &Request) -> Answer {
        // Declining is one answer among the others (for cards it is the empty set, which the
        // sizes already count).
        let is_cards = matches!(request.kind, RequestKind::Cards { .. });
        if request.decline && !is_cards {
            let others = answer_count(&request.kind);
            if self.rng.gen::<f64>() * (others + 1.0) < 1.0 {
                return Answer::Decline;
            }
        }
        match &request.kind {
            RequestKind::Cards { candidates, sizes } => {
                // A size weighs as many answers as it has subsets.
                let weights: Vec<f64> = sizes
                    .iter()
                    .map(|k| binomial(candidates.len(), *k as usize))
                    .collect();
                let mut at = self.rng.gen::<f64>() * weights.iter().sum::<f64>();
                let mut size = sizes.last().copied().unwrap_or(0) as usize;
                for (k, w) in sizes.iter().zip(&weights) {
                    if at < *w {
                        size = *k as usize;
                        break;
                    }
                    at -= w;
                }
                let mut chosen = self.subset(candidates, size);
                // Keep the candidates' order: the subset is what is random, not its order.
                chosen.sort_by_key(|c| candidates.iter().position(|x| x == c));
                Answer::Cards(chosen)
            }
            RequestKind::YesNo => Answer::YesNo(self.rng.gen_bool(0.5)),
            RequestKind::Option { labels } => {
                Answer::Option(self.rng.gen_range(0..labels.len().max(1)) as u8)
            }
            RequestKind::Colors { options, count } => {
                Answer::Colors(self.subset(options, *count as usize))
            }
            RequestKind::Values { options, count } => {
                Answer::Values(self.subset(options, *count as usize))
            }
            RequestKind::Players { options, count } => {
                Answer::Players(self.subset(options, *count as usize))
            }
            RequestKind::Icons { options, count } => {
                Answer::Icons(self.subset(options, *count as usize))
            }
            RequestKind::Order { cards } => Answer::Order(self.subset(cards, cards.len())),
            RequestKind::Specials { options, count } => {
                Answer::Specials(self.subset(options, *count as usize))
            }
            RequestKind::Steps { steps } => {
                let indices: Vec<u8> = (0..steps.len() as u8).collect();
                Answer::Steps(self.subset(&indices, indices.len()))
            }
        }
    }
}

/// How many answers a question has, declining aside (as a float: card sets can be many).
fn answer_count(kind: &RequestKind) -> f64 {
    match kind {
        RequestKind::Cards { candidates, sizes } => sizes
            .iter()
            .map(|k| binomial(candidates.len(), *k as usize))
            .sum(),
        RequestKind::YesNo => 2.0,
        RequestKind::Option { labels } => labels.len() as f64,
        RequestKind::Colors { options, count } => binomial(options.len(), *count as usize),
        RequestKind::Values { options, count } => binomial(options.len(), *count as usize),
        RequestKind::Players { options, count } => binomial(options.len(), *count as usize),
        RequestKind::Icons { options, count } => binomial(options.len(), *count as usize),
        RequestKind::Specials { options, count } => binomial(options.len(), *count as usize),
        RequestKind::Order { cards } => (1..=cards.len()).map(|n| n as f64).product(),
        RequestKind::Steps { steps } => (1..=steps.len()).map(|n| n as f64).product(),
    }
}

/// `n` choose `k`, as a float.
fn binomial(n: usize, k: usize) -> f64 {
    if k > n {
        return 0.0;
    }
    let k = k.min(n - k);
    (0..k).fold(1.0, |acc, i| acc * (n - i) as f64 / (i + 1) as f64)
}

/// Always takes the first legal action and the first legal answer (in a stable order).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FirstAgent;

impl Agent for FirstAgent {
    fn choose_action(&mut self, _game: &Game, legal: &[Action]) -> Action {
        legal[0]
    }

    fn decide(&mut self, game: &Game, request: &Request) -> Answer {
        request.first_legal(game.edition())
    }
}

/// Answers from a queue; when the queue is empty it answers like `FirstAgent` and remembers
/// that it had to (a scenario can then report the unscripted question).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ScriptedAgent {
    pub actions: VecDeque<Action>,
    pub answers: VecDeque<Answer>,
    /// The questions that had no scripted answer, described.
    pub unscripted: Vec<String>,
}

impl Agent for ScriptedAgent {
    fn choose_action(&mut self, game: &Game, legal: &[Action]) -> Action {
        match self.actions.pop_front() {
            Some(a) => a,
            None => {
                self.unscripted.push(format!(
                    "{} must take an action",
                    game.names()[game.state.active as usize]
                ));
                legal[0]
            }
        }
    }

    fn decide(&mut self, game: &Game, request: &Request) -> Answer {
        match self.answers.pop_front() {
            Some(a) => a,
            None => {
                self.unscripted
                    .push(request.describe(game.edition(), &game.names()));
                request.first_legal(game.edition())
            }
        }
    }
}

/// The bots that can be saved with a game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Bot {
    Random(Box<RandomAgent>),
    First(FirstAgent),
}

impl Agent for Bot {
    fn choose_action(&mut self, game: &Game, legal: &[Action]) -> Action {
        match self {
            Bot::Random(a) => a.choose_action(game, legal),
            Bot::First(a) => a.choose_action(game, legal),
        }
    }

    fn decide(&mut self, game: &Game, request: &Request) -> Answer {
        match self {
            Bot::Random(a) => a.decide(game, request),
            Bot::First(a) => a.decide(game, request),
        }
    }
}

/// Counts of what a game took.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayStats {
    pub actions: u64,
    pub decisions: u64,
}

/// Plays the game with a random agent in every seat, each seeded from the game's seed and its
/// seat (so a seed names one whole game), until it ends or for at most `max_steps`.
pub fn play_random(game: &mut Game, max_steps: Option<u64>) -> Result<PlayStats, PlayError> {
    let seed = game.setup.seed;
    let mut bots: Vec<RandomAgent> = (0..game.state.player_count() as u8)
        .map(|seat| RandomAgent::new(seed, seat))
        .collect();
    let mut agents: Vec<&mut dyn Agent> = bots.iter_mut().map(|b| b as &mut dyn Agent).collect();
    play(game, &mut agents, max_steps)
}

/// Plays until the game ends, or for at most `max_steps` actions and decisions (to save a game
/// half-way). Each agent plays the seat of its index.
pub fn play(
    game: &mut Game,
    agents: &mut [&mut dyn Agent],
    max_steps: Option<u64>,
) -> Result<PlayStats, PlayError> {
    let mut stats = PlayStats::default();
    loop {
        if max_steps.is_some_and(|m| stats.actions + stats.decisions >= m) {
            return Ok(stats);
        }
        match game.status() {
            Status::Over(_) => return Ok(stats),
            Status::Decision(request) => {
                let request = request.clone();
                let answer = agents[request.player as usize].decide(game, &request);
                game.answer(answer)?;
                stats.decisions += 1;
            }
            Status::Action(seat) => {
                let legal = game.legal_actions();
                let action = agents[seat as usize].choose_action(game, &legal);
                game.act(action)?;
                stats.actions += 1;
            }
        }
    }
}
