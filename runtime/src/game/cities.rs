//! Cities of Destiny (third edition): the cities' special icons after a Meld action (plus,
//! arrow, search), the City drawn after a Meld action that adds a colour and after any splay in
//! a new direction, flags and fountains toward winning, bonus points, and the Endorse action.
//!
//! Rules: ../shared/rules/deluxe-rules-with-expansions.txt, "Cities of Destiny"; digested with
//! the readings taken where the sources disagree in ../shared/rules/EXPANSIONS.md (C1–C13, §5).
//! Every rule here is data-driven: the set whose cards are cities and the search slot come from
//! the expansion's manifest (`Rules::city_set`, `Rules::search_slot`), the icons from the cards.

use super::{Cause, EngineQuestion, Game};
use crate::bytecode::CardIdx;
use crate::choices::{Answer, RequestKind};
use crate::log::Event;
use crate::state::{color_index, Location, Seat};
use crate::terms::Verb;
use crate::vocab::{Color, Icon, Slot, SlotPosition, SplayDirection};

/// A special icon of a city that acts after a Meld action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum CityIcon {
    Plus,
    Arrow(SplayDirection),
    /// A search with the icon of the search slot.
    Search(Icon),
}

impl CityIcon {
    /// The icon's word, as the card facts and scenarios name it (`plus`, `splay_left`, a
    /// search by its icon: `search`).
    fn word(self) -> String {
        match self {
            CityIcon::Plus => "plus".to_string(),
            CityIcon::Arrow(d) => format!("splay_{}", d.word()),
            CityIcon::Search(_) => "search".to_string(),
        }
    }
}

impl Game {
    /// The special icons of a card that act when a Meld action melds it, in reading order.
    pub(super) fn city_icons(&self, card: CardIdx) -> impl Iterator<Item = CityIcon> + '_ {
        let info = self.edition.card(card);
        let search = self.edition.rules.search_slot;
        info.slots
            .iter()
            .filter_map(move |(position, slot)| match slot {
                Slot::Plus => Some(CityIcon::Plus),
                Slot::Arrow(d) => Some(CityIcon::Arrow(*d)),
                Slot::Icon(icon) if Some(*position) == search => Some(CityIcon::Search(*icon)),
                _ => None,
            })
    }

    /// Step 1 after a Meld action: the city's icons act. With two that act, both do (deluxe
    /// rules: "If a city has two special icons, both take effect"). Their order matters only for
    /// an arrow and a plus (the arrow's splay may draw a City, which decides whether the plus's
    /// card is drawn before or after it), and the melder orders them then (EXPANSIONS.md §5 #7:
    /// the rules leave such orderings to the player).
    pub(super) fn city_icons_act(&mut self, seat: Seat, card: CardIdx) {
        let icons: Vec<CityIcon> = self.city_icons(card).collect();
        let arrow_and_plus = icons.iter().any(|i| matches!(i, CityIcon::Arrow(_)))
            && icons.contains(&CityIcon::Plus);
        if arrow_and_plus {
            let steps = icons.iter().map(|i| i.word()).collect();
            self.ask_engine(
                EngineQuestion::IconOrder { seat, card },
                seat,
                RequestKind::Steps { steps },
                format!("{}: the order of its icons", self.title(card)),
            );
            return;
        }
        self.city_icon_steps(seat, card, &icons);
    }

    /// Queues the icons' steps in the given order.
    fn city_icon_steps(&mut self, seat: Seat, card: CardIdx, icons: &[CityIcon]) {
        use super::triggers::Step;
        let steps: Vec<Step> = icons
            .iter()
            .map(|icon| match icon {
                CityIcon::Plus => Step::Plus { seat, card },
                CityIcon::Arrow(direction) => Step::Arrow {
                    seat,
                    card,
                    direction: *direction,
                },
                CityIcon::Search(_) => Step::Search { seat, card },
            })
            .collect();
        self.steps_first(steps);
    }

    /// A search (deluxe rules, "Cities of Destiny": Search; EXPANSIONS.md C7, §5 #9): X is the
    /// city's value; draw and reveal X base cards of value X, with no expansion draw rule and no
    /// skipping to a higher age (a short deck gives fewer, and never ends the game); keep those
    /// showing the search's icon, return the others (their order is the player's when it
    /// matters: several go under the same deck).
    pub(super) fn search(&mut self, seat: Seat, card: CardIdx) {
        let Some(CityIcon::Search(icon)) = self
            .city_icons(card)
            .find(|i| matches!(i, CityIcon::Search(_)))
        else {
            return;
        };
        let x = self.state.value(&self.edition, card);
        let mut revealed = Vec::new();
        for _ in 0..x {
            let Some(drawn) = self.state.deck(0, x).last().copied() else {
                break;
            };
            self.state
                .move_card(&self.edition, drawn, Location::Hand(seat), false);
            self.record(Verb::Draw, seat, drawn, Cause::NONE);
            self.log.push(Event::Draw {
                player: seat,
                card: drawn,
                age: x,
            });
            self.record(Verb::Reveal, seat, drawn, Cause::NONE);
            self.log.push(Event::Reveal {
                player: seat,
                card: drawn,
            });
            revealed.push(drawn);
        }
        let returned: Vec<CardIdx> = revealed
            .into_iter()
            .filter(|c| !self.edition.card(*c).has_icon(icon))
            .collect();
        match returned.len() {
            0 => {}
            1 => self.return_cards(seat, &returned),
            _ => self.ask_engine(
                EngineQuestion::SearchReturn { seat },
                seat,
                RequestKind::Order { cards: returned },
                format!(
                    "{}: the order to return the cards without the search's icon",
                    self.title(card)
                ),
            ),
        }
    }

    /// Returns cards from a player's hand to the bottom of their decks, first listed first.
    fn return_cards(&mut self, seat: Seat, cards: &[CardIdx]) {
        for card in cards {
            if self.state.location(*card) != Location::Hand(seat) {
                continue;
            }
            let age = self.edition.card(*card).age;
            let from = self
                .state
                .move_card(&self.edition, *card, Location::Deck(age), true);
            self.record_move(Verb::Return, seat, *card, Cause::NONE, from);
            self.log.push(Event::Move {
                player: seat,
                verb: Verb::Return,
                card: *card,
                from,
                to: Location::Deck(age),
            });
        }
    }

    /// Draws a City for a player: after a Meld action that adds a colour, and right after any
    /// splay in a new direction; never while they hold a City; of the value of their highest top
    /// card (deluxe rules, "Cities of Destiny"; EXPANSIONS.md C10).
    pub(super) fn city_draw(&mut self, seat: Seat) {
        let Some(set) = self.city_set() else {
            return;
        };
        let holds_one = self.state.players[seat as usize]
            .hand
            .iter()
            .any(|c| self.edition.card(*c).deck_set == set);
        if holds_one || self.state.outcome.is_some() {
            return;
        }
        let age = self.state.highest_top(&self.edition, seat);
        self.draw_from(seat, set, age, Cause::NONE);
    }

    /// The supply index of the set whose cards are cities, when it is in play.
    fn city_set(&self) -> Option<u8> {
        let name = self.edition.rules.city_set.as_ref()?;
        let i = self
            .edition
            .rules
            .expansions
            .iter()
            .position(|e| e == name)?;
        Some(i as u8 + 1)
    }

    /// Whether a card is a city.
    pub(super) fn is_city(&self, card: CardIdx) -> bool {
        self.city_set()
            .is_some_and(|set| self.edition.card(card).deck_set == set)
    }

    /// What a player's visible flags and fountains add to their achievements (deluxe rules,
    /// "Cities of Destiny": Flag, Fountain; EXPANSIONS.md C8, C9, §5 #10): each visible fountain
    /// counts one; each visible flag counts one while no opponent shows more cards of the flag's
    /// colour (a tie keeps it). A colour's visible cards are every card of a splayed pile, else
    /// its top card.
    pub(crate) fn flags_and_fountains(&self, seat: Seat) -> usize {
        let player = &self.state.players[seat as usize];
        let mut total = 0;
        for (i, pile) in player.board.iter().enumerate() {
            for (position, slot) in self.visible_slots(pile) {
                let _ = position;
                match slot {
                    Slot::Fountain => total += 1,
                    Slot::Flag => {
                        let color = Color::ALL[i];
                        let mine = self.state.visible_cards(seat, color);
                        let outnumbered = (0..self.state.player_count() as Seat).any(|other| {
                            other != seat
                                && self.state.in_play(other)
                                && self.state.is_opponent(seat, other)
                                && self.state.visible_cards(other, color) > mine
                        });
                        if !outnumbered {
                            total += 1;
                        }
                    }
                    _ => {}
                }
            }
        }
        total
    }

    /// The bonus points a player's visible bonuses add to the score (EXPANSIONS.md E7, §5 #3):
    /// the highest visible bonus counts its value, every other visible bonus 1.
    pub(crate) fn bonus_points(&self, seat: Seat) -> i32 {
        let player = &self.state.players[seat as usize];
        let mut bonuses: Vec<i32> = player
            .board
            .iter()
            .flat_map(|pile| self.visible_slots(pile))
            .filter_map(|(_, slot)| match slot {
                Slot::Bonus(n) => Some(i32::from(n)),
                _ => None,
            })
            .collect();
        bonuses.sort_unstable();
        match bonuses.pop() {
            None => 0,
            Some(highest) => highest + bonuses.len() as i32,
        }
    }

    /// The values of a player's visible bonuses (Echoes, Cities), one per bonus.
    pub(crate) fn visible_bonuses(&self, seat: Seat) -> Vec<i32> {
        self.state.players[seat as usize]
            .board
            .iter()
            .flat_map(|pile| self.visible_slots(pile))
            .filter_map(|(_, slot)| match slot {
                Slot::Bonus(n) => Some(i32::from(n)),
                _ => None,
            })
            .collect()
    }

    /// The highest visible bonus on a player's board (0 for none).
    pub(crate) fn highest_bonus(&self, seat: Seat) -> i32 {
        self.visible_bonuses(seat).into_iter().max().unwrap_or(0)
    }

    /// The most of a slot (an icon, the hexagon, an echo effect) visible in one colour's pile of
    /// a player's board (Echoes' Heritage and History). A music note is a hexagon
    /// (`Slot::MusicNote`).
    pub(crate) fn most_in_one_color(&self, seat: Seat, slot: Slot) -> i32 {
        let counts = |s: Slot| s == slot || (slot == Slot::Hex && s.is_hexagon());
        self.state.players[seat as usize]
            .board
            .iter()
            .map(|pile| self.visible_slots(pile).filter(|(_, s)| counts(*s)).count() as i32)
            .max()
            .unwrap_or(0)
    }

    /// How many colours of a player's board show at least `n` of one icon, for the icon that
    /// does so in the most colours (Echoes' Supremacy).
    pub(crate) fn colors_with_one_icon(&self, seat: Seat, n: u8) -> i32 {
        crate::vocab::Icon::ALL
            .iter()
            .map(|icon| {
                self.state.players[seat as usize]
                    .board
                    .iter()
                    .filter(|pile| {
                        self.visible_slots(pile)
                            .filter(|(_, s)| *s == Slot::Icon(*icon))
                            .count()
                            >= usize::from(n)
                    })
                    .count() as i32
            })
            .max()
            .unwrap_or(0)
    }

    /// The slots of a pile a player can see: every slot of the top card, and the slots its
    /// splay reveals on each card below (the reference README, "Icons and positions").
    pub(crate) fn visible_slots<'a>(
        &'a self,
        pile: &'a crate::state::Pile,
    ) -> impl Iterator<Item = (SlotPosition, Slot)> + 'a {
        let n = pile.cards.len();
        pile.cards.iter().enumerate().flat_map(move |(i, card)| {
            let info = self.edition.card(*card);
            let top = i + 1 == n;
            let revealed = pile.splay.map_or(&[][..], |d| d.revealed_slots());
            info.slots
                .iter()
                .copied()
                .filter(move |(position, _)| top || revealed.contains(position))
        })
    }

    /// The top cards a player may endorse: those whose featured icon shows on one of their top
    /// cities that they can pay for (a card in hand of at most the city's value), once per turn
    /// (deluxe rules, "Cities of Destiny": Endorse; EXPANSIONS.md C11).
    pub(crate) fn endorse_targets(&self, seat: Seat) -> Vec<CardIdx> {
        if !self.edition.rules.endorse || self.state.endorsed {
            return Vec::new();
        }
        let player = &self.state.players[seat as usize];
        let cheapest = player
            .hand
            .iter()
            .map(|c| self.state.value(&self.edition, *c))
            .min();
        let Some(cheapest) = cheapest else {
            return Vec::new();
        };
        player
            .top_cards()
            .filter(|card| {
                self.edition.card(*card).dogma_icon.is_some_and(|icon| {
                    self.endorsing_cities(seat, icon)
                        .any(|city| self.state.value(&self.edition, city) >= cheapest)
                })
            })
            .collect()
    }

    /// A player's top cities showing the icon (any of their slots; a search icon is an icon).
    fn endorsing_cities(&self, seat: Seat, icon: Icon) -> impl Iterator<Item = CardIdx> + '_ {
        self.state.players[seat as usize]
            .top_cards()
            .filter(move |c| self.is_city(*c) && self.edition.card(*c).has_icon(icon))
    }

    /// The Endorse action: the city (asked when there is a choice), then the payment, then the
    /// card executed as a doubled Dogma action.
    pub(super) fn start_endorse(&mut self, seat: Seat, card: CardIdx) {
        self.state.endorsed = true;
        let Some(icon) = self.edition.card(card).dogma_icon else {
            return;
        };
        let hand_min = self.state.players[seat as usize]
            .hand
            .iter()
            .map(|c| self.state.value(&self.edition, *c))
            .min()
            .unwrap_or(u8::MAX);
        let cities: Vec<CardIdx> = self
            .endorsing_cities(seat, icon)
            .filter(|c| self.state.value(&self.edition, *c) >= hand_min)
            .collect();
        match cities.as_slice() {
            [] => {}
            [city] => self.endorse_payment(seat, card, *city),
            _ => self.ask_engine(
                EngineQuestion::EndorseCity { card },
                seat,
                RequestKind::Cards {
                    candidates: cities,
                    sizes: vec![1],
                },
                format!(
                    "endorse {}: the city that shows its featured icon",
                    self.title(card)
                ),
            ),
        }
    }

    /// Endorse, step 3: the tuck that pays for it, a card from hand of at most the city's value.
    fn endorse_payment(&mut self, seat: Seat, card: CardIdx, city: CardIdx) {
        let limit = self.state.value(&self.edition, city);
        let payable: Vec<CardIdx> = self.state.players[seat as usize]
            .hand
            .iter()
            .copied()
            .filter(|c| self.state.value(&self.edition, *c) <= limit)
            .collect();
        match payable.as_slice() {
            [] => {}
            [one] => self.endorse(seat, card, *one),
            _ => self.ask_engine(
                EngineQuestion::EndorsePayment { card, city },
                seat,
                RequestKind::Cards {
                    candidates: payable,
                    sizes: vec![1],
                },
                format!(
                    "endorse {} with {}: the card to tuck, of value {limit} or less",
                    self.title(card),
                    self.title(city)
                ),
            ),
        }
    }

    /// Endorse, step 4: the payment tucked (a real tuck: special achievements see it), then
    /// the card executed as a Dogma action with its effects doubled.
    fn endorse(&mut self, seat: Seat, card: CardIdx, payment: CardIdx) {
        let color = self.edition.card(payment).color;
        let from = self
            .state
            .move_card(&self.edition, payment, Location::Board(seat, color), true);
        self.record_move(Verb::Tuck, seat, payment, Cause::NONE, from);
        self.log.push(Event::Move {
            player: seat,
            verb: Verb::Tuck,
            card: payment,
            from,
            to: Location::Board(seat, color),
        });
        self.after_change();
        if self.state.outcome.is_some() {
            return;
        }
        self.exec = None;
        self.start_dogma(seat, card, true);
    }

    /// The answers to the Cities' questions.
    pub(super) fn resolve_cities_question(
        &mut self,
        question: EngineQuestion,
        answer: Option<Answer>,
    ) {
        match (question, answer) {
            (EngineQuestion::IconOrder { seat, card }, Some(Answer::Steps(order))) => {
                let icons: Vec<CityIcon> = self.city_icons(card).collect();
                let ordered: Vec<CityIcon> = order
                    .iter()
                    .filter_map(|i| icons.get(*i as usize).copied())
                    .collect();
                self.city_icon_steps(seat, card, &ordered);
            }
            (EngineQuestion::SearchReturn { seat }, Some(Answer::Order(cards))) => {
                self.return_cards(seat, &cards);
                self.after_change();
            }
            (EngineQuestion::EndorseCity { card }, Some(Answer::Cards(cities))) => {
                if let Some(city) = cities.first() {
                    self.endorse_payment(self.state.active, card, *city);
                }
            }
            (EngineQuestion::EndorsePayment { card, .. }, Some(Answer::Cards(paid))) => {
                if let Some(payment) = paid.first() {
                    self.endorse(self.state.active, card, *payment);
                }
            }
            (question, answer) => self.resolve_echoes_question(question, answer),
        }
    }
}

impl crate::state::State {
    /// How many cards of a colour a player shows: every card of a splayed pile, else the top
    /// card (deluxe rules, glossary: visible).
    pub fn visible_cards(&self, seat: Seat, color: Color) -> usize {
        let pile = &self.players[seat as usize].board[color_index(color)];
        match pile.splay {
            Some(_) => pile.cards.len(),
            None => pile.cards.len().min(1),
        }
    }
}
