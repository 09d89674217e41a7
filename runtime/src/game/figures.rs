//! Figures in the Sand's own rules (deluxe rules, "Figures in the Sand", lines 405-471; digested
//! in ../shared/rules/EXPANSIONS.md F1-F12): the Figure draws (the free Draw for sharing, and
//! each opponent's draw after an Achieve action that claims a standard achievement), the Inspire
//! action, and fading at the end of every action. Switched on by the expansion's rule keys
//! (`figure-set`, `inspire`), never by its name.

use super::{Cause, EngineQuestion, Execution, Game};
use crate::bytecode::{CardIdx, KarmaInfo, LastingWhen, SpecialIdx, NO_CHUNK};
use crate::choices::{Answer, RequestKind};
use crate::log::Event;
use crate::state::{AchievementCard, Lasting, Location, Seat};
use crate::terms::Verb;
use crate::vocab::{Color, EffectKind, Slot};

impl Game {
    /// The index of the figures' set, when Figures is in play.
    pub(super) fn figure_set(&self) -> Option<u8> {
        self.edition
            .rules
            .figure_set
            .as_deref()
            .and_then(|name| self.edition.rules.set_index(name))
    }

    /// Whether a card is a figure (a card of the figures' set; a card keeps its set wherever it
    /// lies: EXPANSIONS.md §1, "expansion cards").
    pub(crate) fn is_figure(&self, card: CardIdx) -> bool {
        self.figure_set()
            .is_some_and(|set| self.edition.card(card).deck_set == set)
    }

    /// A Figure draw (EXPANSIONS.md F1, §2.1): a card of the figures' set of the player's highest
    /// top card, falling back to base (and then the Echoes rule) as every set's draw does. With
    /// Figures not in play, a base draw.
    /// `sharing`: the free Draw for sharing (an event of its own for the karmas).
    pub(super) fn figure_draw(&mut self, seat: Seat, sharing: bool) {
        let age = self.state.highest_top(&self.edition, seat);
        let set = self.figure_set().unwrap_or(0);
        self.rules_draw(seat, set, age, sharing);
    }

    /// After an Achieve action that claimed a standard achievement: each opponent, clockwise
    /// from the achiever, draws a Figure of their own highest top card (deluxe rules line 412;
    /// EXPANSIONS.md F1, §5 #14).
    pub(super) fn achieve_figure_draws(&mut self, seat: Seat) {
        if self.figure_set().is_none() {
            return;
        }
        let opponents: Vec<Seat> = self
            .state
            .clockwise_from(seat)
            .into_iter()
            .filter(|other| *other != seat && self.state.is_opponent(seat, *other))
            .collect();
        for other in opponents {
            if self.state.outcome.is_some() {
                return;
            }
            self.figure_draw(other, false);
            self.after_change();
        }
    }

    /// The colours a player may inspire with: with the Inspire action in the game and not yet
    /// taken this turn, each colour showing at least one inspire effect (EXPANSIONS.md F11).
    pub(crate) fn inspire_targets(&self, seat: Seat) -> Vec<Color> {
        if !self.edition.rules.inspire || self.state.inspired {
            return Vec::new();
        }
        Color::ALL
            .iter()
            .copied()
            .filter(|color| !self.visible_inspires(seat, *color).is_empty())
            .collect()
    }

    /// The inspire effects visible in one of a player's colours, bottom card first: the top
    /// card's, and a covered card's when the pile's splay reveals its inspire slot (deluxe rules
    /// line 467; EXPANSIONS.md F11).
    pub(super) fn visible_inspires(&self, seat: Seat, color: Color) -> Vec<(CardIdx, u8)> {
        let pile = self.state.players[seat as usize].pile(color);
        self.visible_slot_effects(&pile.cards, pile.splay, Slot::Inspire, EffectKind::Inspire)
    }

    /// The Inspire action: the colour's visible inspire effects are fixed as it begins (§5 #31),
    /// then run bottom card first for the player alone; then the player draws a card of the
    /// value of their top card of that colour (read when drawing: 0, so a 1, when the colour is
    /// gone). It runs as a dogma run with no sharers and no victims whose only effects are the
    /// inspire effects.
    pub(super) fn start_inspire(&mut self, seat: Seat, color: Color) {
        self.state.inspired = true;
        let effects = self.visible_inspires(seat, color);
        let Some(&(card, _)) = effects.last() else {
            return;
        };
        self.exec = Some(Execution {
            dogma: Some(super::dogma::DogmaRun {
                card,
                activator: seat,
                sharing: Vec::new(),
                vulnerable: Vec::new(),
                effect: 0,
                next: 0,
                bonus_earned: false,
                ended: false,
                parley_shared: Vec::new(),
                parley_offered: Vec::new(),
                endorsed: false,
                echoes: effects,
                artifact: false,
                inspire: Some(color),
            }),
            ..Execution::default()
        });
    }

    /// The Inspire action's draw, once its effects are done.
    pub(super) fn inspire_draw(&mut self, seat: Seat, color: Color) {
        let age = self.state.players[seat as usize]
            .pile(color)
            .top()
            .map_or(0, |c| self.state.value(&self.edition, c));
        self.rules_draw(seat, 0, age, false);
        self.after_change();
    }

    /// The players who must fade now, clockwise from the player whose turn it is (§5 #21): each
    /// with more than one top figure.
    fn must_fade(&self) -> Option<Seat> {
        self.figure_set()?;
        self.state
            .clockwise_from(self.state.active)
            .into_iter()
            .find(|seat| {
                self.state.in_play(*seat)
                    && self.top_figures(*seat).len() > 1
                    && !self.excused_from_fading(*seat)
            })
    }

    /// Whether one of the player's top cards has a karma that excuses them from fading ("If
    /// you are required to fade a figure, instead do nothing").
    fn excused_from_fading(&self, seat: Seat) -> bool {
        self.state.players[seat as usize].top_cards().any(|c| {
            self.edition
                .card(c)
                .karmas
                .iter()
                .any(|k| matches!(k, crate::bytecode::KarmaInfo::NoFade))
        })
    }

    /// A player's top figures.
    fn top_figures(&self, seat: Seat) -> Vec<CardIdx> {
        self.state.players[seat as usize]
            .top_cards()
            .filter(|c| self.is_figure(*c))
            .collect()
    }

    /// At the end of every action, on any player's turn: each player with more than one top
    /// figure scores figures of their choice, one at a time, until one is left (deluxe rules
    /// lines 462-464; EXPANSIONS.md F10, §5 #21). Asks the next fading player which figure to
    /// score; `false` when nobody has to fade.
    pub(super) fn fade_next(&mut self) -> bool {
        let Some(seat) = self.must_fade() else {
            return false;
        };
        let candidates = self.top_figures(seat);
        self.ask_engine(
            EngineQuestion::Fade { seat },
            seat,
            RequestKind::Cards {
                candidates,
                sizes: vec![1],
            },
            "fade: score one of your top figures (one top figure may stay)".to_string(),
        );
        true
    }

    /// Fades one figure: it is scored.
    fn fade(&mut self, seat: Seat, card: CardIdx) {
        if self.state.location(card) != Location::Board(seat, self.edition.card(card).color) {
            return;
        }
        self.log.push(Event::Fade { player: seat, card });
        let from = self
            .state
            .move_card(&self.edition, card, Location::ScorePile(seat), false);
        self.record(Verb::Score, seat, card, Cause::NONE);
        self.log.push(Event::Move {
            player: seat,
            verb: Verb::Score,
            card,
            from,
            to: Location::ScorePile(seat),
        });
        self.after_change();
    }

    /// A card was melded: its "When you meld this card" karmas are due, for the melder (deluxe
    /// rules line 423; EXPANSIONS.md F4, §5 #20). They run before anything else, as a lasting
    /// effect whose time has come does. `from_hand`: it was melded from the melder's hand (a
    /// karma that says "from your hand" waits for that).
    pub(super) fn karma_melded(&mut self, seat: Seat, card: CardIdx, from_hand: bool) {
        let edition = self.edition_arc();
        for karma in &edition.card(card).karmas {
            if let KarmaInfo::WhenMelded {
                chunk,
                from_hand: only_from_hand,
            } = *karma
            {
                if only_from_hand && !from_hand {
                    continue;
                }
                let lasting = Lasting {
                    player: seat,
                    card,
                    demander: None,
                    demand: false,
                    chunk,
                    when: LastingWhen::Melded,
                    test: NO_CHUNK,
                    turn: self.state.turn,
                };
                self.state.lasting_due.push((lasting, None));
            }
        }
    }

    /// Whether a card has a "When you meld this card" karma.
    pub(super) fn has_meld_karma(&self, card: CardIdx) -> bool {
        self.edition
            .card(card)
            .karmas
            .iter()
            .any(|k| matches!(k, KarmaInfo::WhenMelded { .. }))
    }

    /// The Decrees a player may issue now with the Decree action (deluxe rules lines 448-459;
    /// EXPANSIONS.md F9, F6): once per turn; with figures of three different values in hand,
    /// each Decree of the colour of one of them; with two figures in hand (any), each Decree a
    /// top figure's decree karma names. Wherever the Decree lies.
    pub(crate) fn decree_targets(&self, seat: Seat) -> Vec<SpecialIdx> {
        if self.state.decreed || self.figure_set().is_none() {
            return Vec::new();
        }
        let player = &self.state.players[seat as usize];
        let figures: Vec<CardIdx> = player
            .hand
            .iter()
            .copied()
            .filter(|c| self.is_figure(*c))
            .collect();
        if figures.len() < 2 {
            return Vec::new();
        }
        let mut values: Vec<u8> = figures
            .iter()
            .map(|c| self.state.value(&self.edition, *c))
            .collect();
        values.sort_unstable();
        values.dedup();
        let mut targets: Vec<SpecialIdx> = Vec::new();
        for (i, special) in self.edition.specials.iter().enumerate() {
            let Some(decree) = special.decree else {
                continue;
            };
            let i = i as SpecialIdx;
            if self.state.excluded_specials.contains(&i) || self.state.junked_specials.contains(&i)
            {
                continue;
            }
            let by_colour = values.len() >= 3
                && figures
                    .iter()
                    .any(|c| self.edition.card(*c).color == decree.color);
            let by_karma = player.top_cards().any(|top| {
                self.edition
                    .card(top)
                    .karmas
                    .contains(&KarmaInfo::Decree(i))
            });
            if by_colour || by_karma {
                targets.push(i);
            }
        }
        targets
    }

    /// The Decree action (EXPANSIONS.md F9): the whole hand is removed from the game; then the
    /// Decree is taken back to the centre from another player's achievements (no effect), or
    /// claimed from the centre and its effect run, or, already the issuer's, its effect run
    /// again. The effect is the issuer's alone: no sharing, no echo effects, no free Draw
    /// (§5 #29).
    pub(super) fn start_decree(&mut self, seat: Seat, special: SpecialIdx) {
        self.state.decreed = true;
        let hand: Vec<CardIdx> = self.state.players[seat as usize].hand.to_vec();
        for card in &hand {
            let from = self
                .state
                .move_card(&self.edition, *card, Location::Removed, false);
            self.record(Verb::Remove, seat, *card, Cause::NONE);
            self.log.push(Event::Move {
                player: seat,
                verb: Verb::Remove,
                card: *card,
                from,
                to: Location::Removed,
            });
        }
        self.after_change();
        let Some(decree) = self.edition.specials[special as usize].decree else {
            return;
        };
        let holder = (0..self.state.player_count() as Seat).find(|s| {
            self.state.players[*s as usize]
                .achievements
                .contains(&AchievementCard::Special(special))
        });
        match holder {
            Some(other) if other != seat => {
                let held = &mut self.state.players[other as usize].achievements;
                held.retain(|a| *a != AchievementCard::Special(special));
                self.state.specials.push(special);
                self.log.push(Event::DecreeReturned {
                    player: seat,
                    from: other,
                    special,
                });
                return;
            }
            Some(_) => {}
            None => {
                if !self.claim_special(seat, special) {
                    return;
                }
            }
        }
        if self.state.outcome.is_some() {
            return;
        }
        self.log.push(Event::DecreeIssued {
            player: seat,
            special,
        });
        // The effect's `this card`: the last card removed (a figure; decrees print no card
        // references).
        let card = hand.last().copied().unwrap_or_default();
        let frame =
            crate::vm::Frame::effect(&self.edition, decree.effect, card, seat, None, false, false);
        let exec = self.exec.get_or_insert_with(Execution::default);
        exec.frames.push(frame);
    }

    /// The answers to Figures' questions.
    pub(super) fn resolve_figures_question(
        &mut self,
        question: EngineQuestion,
        answer: Option<Answer>,
    ) {
        if let EngineQuestion::ActionKarma { seat, action, card } = question {
            let picked = match answer {
                Some(Answer::Cards(cards)) => cards.first().copied(),
                _ => None,
            };
            self.resolve_action_karma(seat, action, card, picked);
            return;
        }
        if let (EngineQuestion::Fade { seat }, Some(Answer::Cards(cards))) = (question, answer) {
            if let Some(card) = cards.first() {
                self.fade(seat, *card);
            }
        }
    }
}
