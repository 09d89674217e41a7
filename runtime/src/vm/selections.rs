//! The VM's card sets: zones, bound cards and decks, filters, and the picks that choose among
//! cards (`PickPlan`).

use super::measures::extreme_value;
use super::{
    ask_color, ask_value, outcome, outcome_mut, read_colors, read_values, stopped, Frame, OpResult,
    StmtOutcome,
};
use crate::bytecode::{
    color_bit, icon_bit, CardIdx, Chunk, ChunkIdx, CompiledEdition, IfYouDo, Nth, Op, StmtId,
    ZoneSel,
};
use crate::choices::{Answer, RequestKind};
use crate::game::Game;
use crate::state::{color_index, AchievementCard, Location};
use crate::terms::{Chooser, Comparison, Count, DestinationZone, Extreme, PlayerSet, Verb};
use crate::vocab::{Color, EffectKind, Icon};

impl Game {
    /// `Op::Zone`: `I: seat → S: cards` of that player's zone.
    #[inline]
    pub(super) fn op_zone(&self, frame: &mut Frame, zone: ZoneSel) -> OpResult {
        let seat = self.pop_int(frame)?;
        let cards = self.zone_cards(seat, zone);
        frame.sets.push(cards);
        Ok(None)
    }

    /// `Op::ZoneOfGroup`: `→ S: cards` of the zone of every player of the group, clockwise from the
    /// executor.
    #[inline]
    pub(super) fn op_zone_of_group(
        &self,
        frame: &mut Frame,
        zone: ZoneSel,
        group: PlayerSet,
    ) -> OpResult {
        let mut cards = Vec::new();
        for seat in self.group_seats(group, frame.executor) {
            cards.extend(self.zone_cards(i32::from(seat), zone));
        }
        frame.sets.push(cards);
        Ok(None)
    }

    /// `Op::Bound`: `→ S: cards` an earlier statement moved or showed that are still in the
    /// executor's hand, board or score pile (`returned`, `it`).
    #[inline]
    pub(super) fn op_bound(
        &self,
        frame: &mut Frame,
        stmt: StmtId,
        outer: Option<&[StmtOutcome]>,
    ) -> OpResult {
        let cards = match outcome(frame, outer, stmt) {
            Some(o) => o
                .cards
                .iter()
                .filter(|(c, at)| self.state.location(*c) == *at)
                .map(|(c, _)| *c)
                .collect(),
            None => Vec::new(),
        };
        frame.sets.push(cards);
        Ok(None)
    }

    /// `Op::BoundAnywhere`: `→ S: cards` an earlier statement moved or showed, wherever they are
    /// now (for their values and colours: `color of tucked` after the tucked card was scored).
    #[inline]
    pub(super) fn op_bound_anywhere(
        &self,
        frame: &mut Frame,
        stmt: StmtId,
        outer: Option<&[StmtOutcome]>,
    ) -> OpResult {
        let mut cards: Vec<CardIdx> = Vec::new();
        if let Some(o) = outcome(frame, outer, stmt) {
            for (c, _) in &o.cards {
                if !cards.contains(c) {
                    cards.push(*c);
                }
            }
        }
        frame.sets.push(cards);
        Ok(None)
    }

    /// `Op::BoundNth`: `→ S: [card]`: one card of a bound set by its order of moving (`the second
    /// melded`).
    #[inline]
    pub(super) fn op_bound_nth(
        &self,
        frame: &mut Frame,
        stmt: StmtId,
        nth: Nth,
        outer: Option<&[StmtOutcome]>,
    ) -> OpResult {
        let picked = outcome(frame, outer, stmt).and_then(|o| match nth {
            Nth::Index(i) => o.cards.get(i as usize).copied(),
            Nth::Last => o.cards.last().copied(),
        });
        let cards = picked
            .filter(|(c, at)| self.state.location(*c) == *at)
            .map(|(c, _)| vec![c])
            .unwrap_or_default();
        frame.sets.push(cards);
        Ok(None)
    }

    /// `Op::Card`: `→ S: [card]`, wherever it is.
    #[inline]
    pub(super) fn op_card(&self, frame: &mut Frame, card: CardIdx) -> OpResult {
        frame.sets.push(vec![card]);
        Ok(None)
    }

    /// `Op::ThisCard`: `→ S: [card]` whose effect is running.
    #[inline]
    pub(super) fn op_this_card(&self, frame: &mut Frame) -> OpResult {
        frame.sets.push(vec![frame.card]);
        Ok(None)
    }

    /// `Op::Beneath`: `S: refs → cards` under the referenced cards in their piles.
    #[inline]
    pub(super) fn op_beneath(&self, frame: &mut Frame) -> OpResult {
        let refs = self.pop_set(frame)?;
        let mut cards = Vec::new();
        for card in refs {
            if let Location::Board(seat, color) = self.state.location(card) {
                let pile = &self.state.players[seat as usize].pile(color).cards;
                if let Some(pos) = pile.iter().position(|c| *c == card) {
                    cards.extend(pile[..pos].iter().rev());
                }
            }
        }
        frame.sets.push(cards);
        Ok(None)
    }

    /// `Op::DupSet`: `S: a → a a`.
    #[inline]
    pub(super) fn op_dup_set(&self, frame: &mut Frame) -> OpResult {
        let a = self.pop_set(frame)?;
        frame.sets.push(a.clone());
        frame.sets.push(a);
        Ok(None)
    }

    /// `Op::PopSet`: `S: a →`.
    #[inline]
    pub(super) fn op_pop_set(&self, frame: &mut Frame) -> OpResult {
        self.pop_set(frame)?;
        Ok(None)
    }

    /// `Op::Union`: `S: a b → a then b` (b's cards not already in a).
    #[inline]
    pub(super) fn op_union(&self, frame: &mut Frame) -> OpResult {
        let b = self.pop_set(frame)?;
        let mut a = self.pop_set(frame)?;
        for c in b {
            if !a.contains(&c) {
                a.push(c);
            }
        }
        frame.sets.push(a);
        Ok(None)
    }

    /// `Op::DeckCards`: `I: age → S: cards` of that age's deck, top first (none for an age outside
    /// the supply).
    #[inline]
    pub(super) fn op_deck_cards(&self, frame: &mut Frame, set: u8) -> OpResult {
        let age = self.pop_int(frame)?;
        let cards = u8::try_from(age)
            .ok()
            .filter(|a| *a > 0)
            .map(|a| self.state.deck(set, a).iter().rev().copied().collect())
            .unwrap_or_default();
        frame.sets.push(cards);
        Ok(None)
    }

    /// `Op::DeckEnd`: `I: age → S: cards`: the `n` top (bottom) cards of that age's deck, top
    /// first.
    #[inline]
    pub(super) fn op_deck_end(&self, frame: &mut Frame, n: u8, bottom: bool, set: u8) -> OpResult {
        let age = self.pop_int(frame)?;
        let deck: &[CardIdx] = u8::try_from(age)
            .ok()
            .filter(|a| *a > 0)
            .map_or(&[], |a| self.state.deck(set, a));
        frame.sets.push(deck_end(deck, n, bottom));
        Ok(None)
    }

    /// `Op::OwnerOfCards`: `S: cards → I: seat` whose zone holds the first card (`NOBODY` for
    /// none, or a card in no player's zone).
    #[inline]
    pub(super) fn op_owner_of_cards(&self, frame: &mut Frame) -> OpResult {
        let cards = self.pop_set(frame)?;
        let owner = cards
            .first()
            .and_then(|c| self.state.location(*c).owner())
            .map_or(super::NOBODY, i32::from);
        frame.ints.push(owner);
        Ok(None)
    }

    /// `Op::AvailableCards`: `→ S: cards` of the available standard achievements.
    #[inline]
    pub(super) fn op_available_cards(&self, frame: &mut Frame) -> OpResult {
        frame.sets.push(self.state.available.clone());
        Ok(None)
    }

    /// `Op::Above`: `S: cards → cards` directly above each card in its pile (none for a top card).
    #[inline]
    pub(super) fn op_above(&self, frame: &mut Frame) -> OpResult {
        let refs = self.pop_set(frame)?;
        let mut cards = Vec::new();
        for card in refs {
            if let Some((pile, pos)) = self.pile_position(card) {
                if let Some(above) = pile.get(pos + 1) {
                    cards.push(*above);
                }
            }
        }
        frame.sets.push(cards);
        Ok(None)
    }

    /// `Op::CandidateCard`: `→ S: [card]` the candidate of a card test.
    #[inline]
    pub(super) fn op_candidate_card(&self, frame: &mut Frame) -> OpResult {
        match frame.candidate {
            Some(c) => frame.sets.push(vec![c]),
            None => return Err(self.error(frame, "a card test has no card")),
        }
        Ok(None)
    }

    /// `Op::KeepColors`: `I: mask →`; keep cards whose colour is in the mask.
    #[inline]
    pub(super) fn op_keep_colors(&self, edition: &CompiledEdition, frame: &mut Frame) -> OpResult {
        let mask = self.pop_int(frame)?;
        let mut cards = self.pop_set(frame)?;
        cards.retain(|c| mask & color_bit(edition.card(*c).color) != 0);
        frame.sets.push(cards);
        Ok(None)
    }

    /// `Op::DropColor`: drop cards of the colour.
    #[inline]
    pub(super) fn op_drop_color(
        &self,
        edition: &CompiledEdition,
        frame: &mut Frame,
        color: Color,
    ) -> OpResult {
        let mut cards = self.pop_set(frame)?;
        cards.retain(|c| edition.card(*c).color != color);
        frame.sets.push(cards);
        Ok(None)
    }

    /// `Op::KeepIcons`: keep cards showing at least one icon of the mask (bit = `Icon` index).
    #[inline]
    pub(super) fn op_keep_icons(
        &self,
        edition: &CompiledEdition,
        frame: &mut Frame,
        mask: u8,
    ) -> OpResult {
        let mut cards = self.pop_set(frame)?;
        cards.retain(|c| {
            Icon::ALL
                .iter()
                .any(|i| mask & icon_bit(*i) != 0 && edition.card(*c).has_icon(*i))
        });
        frame.sets.push(cards);
        Ok(None)
    }

    /// `Op::DropIcon`: drop cards showing the icon.
    #[inline]
    pub(super) fn op_drop_icon(
        &self,
        edition: &CompiledEdition,
        frame: &mut Frame,
        icon: Icon,
    ) -> OpResult {
        let mut cards = self.pop_set(frame)?;
        cards.retain(|c| !edition.card(*c).has_icon(icon));
        frame.sets.push(cards);
        Ok(None)
    }

    /// `Op::KeepSlots`: keep cards showing at least one icon of `icons` or one special icon of
    /// `specials`.
    #[inline]
    pub(super) fn op_keep_slots(
        &self,
        edition: &CompiledEdition,
        frame: &mut Frame,
        icons: u8,
        specials: u8,
    ) -> OpResult {
        let mut cards = self.pop_set(frame)?;
        cards.retain(|c| {
            let card = edition.card(*c);
            card.has_special(specials)
                || Icon::ALL
                    .iter()
                    .any(|i| icons & icon_bit(*i) != 0 && card.has_icon(*i))
        });
        frame.sets.push(cards);
        Ok(None)
    }

    /// `Op::DropSpecials`: drop cards showing any special icon of the mask.
    #[inline]
    pub(super) fn op_drop_specials(
        &self,
        edition: &CompiledEdition,
        frame: &mut Frame,
        specials: u8,
    ) -> OpResult {
        let mut cards = self.pop_set(frame)?;
        cards.retain(|c| !edition.card(*c).has_special(specials));
        frame.sets.push(cards);
        Ok(None)
    }

    /// `Op::KeepValues`: `I: v1 … vn →`; keep cards whose value is one of the n values.
    #[inline]
    pub(super) fn op_keep_values(
        &self,
        edition: &CompiledEdition,
        frame: &mut Frame,
        n: u8,
    ) -> OpResult {
        let mut values = Vec::new();
        for _ in 0..n {
            values.push(self.pop_int(frame)?);
        }
        let mut cards = self.pop_set(frame)?;
        cards.retain(|c| values.contains(&i32::from(edition.card(*c).age)));
        frame.sets.push(cards);
        Ok(None)
    }

    /// `Op::KeepValueCmp`: `I: v →`; keep cards whose value compares so with v.
    #[inline]
    pub(super) fn op_keep_value_cmp(
        &self,
        edition: &CompiledEdition,
        frame: &mut Frame,
        op: Comparison,
    ) -> OpResult {
        let v = self.pop_int(frame)?;
        let mut cards = self.pop_set(frame)?;
        cards.retain(|c| op.holds(i32::from(edition.card(*c).age), v));
        frame.sets.push(cards);
        Ok(None)
    }

    /// `Op::KeepColorOnBoard`: `I: seat →`; keep cards whose colour is (negated: is not) on that
    /// player's board.
    #[inline]
    pub(super) fn op_keep_color_on_board(
        &self,
        edition: &CompiledEdition,
        frame: &mut Frame,
        negated: bool,
    ) -> OpResult {
        let seat = self.pop_int(frame)?;
        let present = self.board_colors(seat);
        let mut cards = self.pop_set(frame)?;
        cards.retain(|c| (present & color_bit(edition.card(*c).color) != 0) != negated);
        frame.sets.push(cards);
        Ok(None)
    }

    /// `Op::KeepColorOnGroup`: keep cards whose colour is on some board of the group (negated: on
    /// none).
    #[inline]
    pub(super) fn op_keep_color_on_group(
        &self,
        edition: &CompiledEdition,
        frame: &mut Frame,
        group: PlayerSet,
        negated: bool,
    ) -> OpResult {
        let present = self.group_colors(group, frame.executor);
        let mut cards = self.pop_set(frame)?;
        cards.retain(|c| (present & color_bit(edition.card(*c).color) != 0) != negated);
        frame.sets.push(cards);
        Ok(None)
    }

    /// `Op::DropCards`: `S: cards others → cards not among others`.
    #[inline]
    pub(super) fn op_drop_cards(&self, frame: &mut Frame) -> OpResult {
        let others = self.pop_set(frame)?;
        let mut cards = self.pop_set(frame)?;
        cards.retain(|c| !others.contains(c));
        frame.sets.push(cards);
        Ok(None)
    }

    /// `Op::KeepTop`: keep cards that are top cards of a board.
    #[inline]
    pub(super) fn op_keep_top(&self, frame: &mut Frame) -> OpResult {
        let mut cards = self.pop_set(frame)?;
        cards.retain(|c| self.state.is_top(*c));
        frame.sets.push(cards);
        Ok(None)
    }

    /// `Op::KeepEffects`: keep cards with an effect of any kind (with `negated`, those with
    /// none: Battleship Yamato, a city).
    pub(super) fn op_keep_effects(
        &self,
        edition: &CompiledEdition,
        frame: &mut Frame,
        negated: bool,
    ) -> OpResult {
        let mut cards = self.pop_set(frame)?;
        cards.retain(|c| edition.card(*c).effects.is_empty() == negated);
        frame.sets.push(cards);
        Ok(None)
    }

    /// `Op::KeepSplayedPile`: keep cards that lie in a splayed pile of a board.
    pub(super) fn op_keep_splayed_pile(&self, frame: &mut Frame) -> OpResult {
        let mut cards = self.pop_set(frame)?;
        cards.retain(|c| match self.state.location(*c) {
            Location::Board(seat, color) => self.state.players[usize::from(seat)]
                .pile(color)
                .splay
                .is_some(),
            _ => false,
        });
        frame.sets.push(cards);
        Ok(None)
    }

    /// `Op::KeepIf`: keep cards for which the card-test chunk leaves true.
    pub(super) fn op_keep_if(
        &mut self,
        frame: &mut Frame,
        test: ChunkIdx,
        outer: Option<&[StmtOutcome]>,
    ) -> OpResult {
        let cards = self.pop_set(frame)?;
        let mut kept = Vec::new();
        for card in cards {
            if self.eval_sub(
                frame,
                outer.unwrap_or(&frame.outcomes),
                test,
                Some(card),
                None,
            )? != 0
            {
                kept.push(card);
            }
        }
        frame.sets.push(kept);
        Ok(None)
    }

    /// `Op::KeepDemand`: keep cards with a demand effect. A compel effect is one: the rulebook
    /// treats a compel as a demand in every respect but who its victims are (../shared/rules/
    /// deluxe-rules-with-expansions.txt, "Artifacts of History"; EXPANSIONS.md A8).
    #[inline]
    pub(super) fn op_keep_demand(&self, edition: &CompiledEdition, frame: &mut Frame) -> OpResult {
        let mut cards = self.pop_set(frame)?;
        cards.retain(|c| {
            edition
                .card(*c)
                .effects
                .iter()
                .any(|e| matches!(e.kind, EffectKind::Demand | EffectKind::Compel))
        });
        frame.sets.push(cards);
        Ok(None)
    }

    /// `Op::KeepBonus`: keep cards with a bonus (with `negated`, without one).
    #[inline]
    pub(super) fn op_keep_bonus(
        &self,
        edition: &CompiledEdition,
        frame: &mut Frame,
        negated: bool,
    ) -> OpResult {
        let mut cards = self.pop_set(frame)?;
        cards.retain(|c| (card_bonus(edition, *c) > 0) != negated);
        frame.sets.push(cards);
        Ok(None)
    }

    /// `Op::KeepParity`: keep the cards of odd (or even) value.
    #[inline]
    pub(super) fn op_keep_parity(
        &self,
        edition: &CompiledEdition,
        frame: &mut Frame,
        odd: bool,
    ) -> OpResult {
        let mut cards = self.pop_set(frame)?;
        cards.retain(|c| (edition.card(*c).age % 2 == 1) == odd);
        frame.sets.push(cards);
        Ok(None)
    }

    /// `Op::KeepSet`: keep the cards of a set (a card's type: the set on its back).
    #[inline]
    pub(super) fn op_keep_set(
        &self,
        edition: &CompiledEdition,
        frame: &mut Frame,
        set: u8,
    ) -> OpResult {
        let mut cards = self.pop_set(frame)?;
        cards.retain(|c| edition.card(*c).deck_set == set);
        frame.sets.push(cards);
        Ok(None)
    }

    /// `Op::KeepEligible`: keep the cards the player could claim as standard achievements.
    #[inline]
    pub(super) fn op_keep_eligible(
        &self,
        edition: &CompiledEdition,
        frame: &mut Frame,
        score_multiple: u8,
    ) -> OpResult {
        let seat = self.pop_int(frame)?;
        let mut cards = self.pop_set(frame)?;
        match self.seat(seat) {
            Some(seat) => cards.retain(|c| {
                self.eligible_to_achieve_scaled(seat, edition.card(*c).age, score_multiple)
            }),
            None => cards.clear(),
        }
        frame.sets.push(cards);
        Ok(None)
    }

    /// `Op::KeepClaimable`: `I: seat, S: cards → cards` the player can claim one after the
    /// other: with duplicate achievements each card kept counts as held when the next is tested,
    /// so a second achievement of an age needs twice the points (EXPANSIONS.md E10: the rule
    /// covers every "if eligible" claim). A card that could not be claimed is dropped.
    pub(super) fn op_keep_claimable(
        &self,
        edition: &CompiledEdition,
        frame: &mut Frame,
        score_multiple: u8,
    ) -> OpResult {
        let seat = self.pop_int(frame)?;
        let cards = self.pop_set(frame)?;
        let Some(seat) = self.seat(seat) else {
            frame.sets.push(Vec::new());
            return Ok(None);
        };
        let score = self.score(seat) * i32::from(score_multiple);
        let highest = self.state.highest_top(edition, seat);
        let mut kept: Vec<CardIdx> = Vec::with_capacity(cards.len());
        for card in cards {
            let age = edition.card(card).age;
            let before = if edition.rules.duplicate_achievements {
                kept.iter().filter(|c| edition.card(**c).age == age).count() as i32
            } else {
                0
            };
            let needed = 5 * i32::from(age) * (self.achievement_multiple(seat, age) + before);
            if score >= needed && highest >= age {
                kept.push(card);
            }
        }
        frame.sets.push(kept);
        Ok(None)
    }

    /// `Op::KeepChosenIcons`: keep cards showing one of the icons the statement chose.
    #[inline]
    pub(super) fn op_keep_chosen_icons(
        &self,
        edition: &CompiledEdition,
        frame: &mut Frame,
        stmt: StmtId,
        outer: Option<&[StmtOutcome]>,
    ) -> OpResult {
        let mask = outcome(frame, outer, stmt).map_or(0, |o| o.icons);
        let mut cards = self.pop_set(frame)?;
        cards.retain(|c| {
            Icon::ALL
                .iter()
                .any(|i| mask & i32::from(icon_bit(*i)) != 0 && edition.card(*c).has_icon(*i))
        });
        frame.sets.push(cards);
        Ok(None)
    }

    /// `Op::KeepPileBottom`: keep cards among the bottom `n` of their pile.
    #[inline]
    pub(super) fn op_keep_pile_bottom(&self, frame: &mut Frame, n: u8) -> OpResult {
        let mut cards = self.pop_set(frame)?;
        cards.retain(|c| {
            self.pile_position(*c)
                .is_some_and(|(_, pos)| pos < usize::from(n))
        });
        frame.sets.push(cards);
        Ok(None)
    }

    /// `Op::KeepNotPileBottom`: keep cards of a pile that are not its bottom card.
    #[inline]
    pub(super) fn op_keep_not_pile_bottom(&self, frame: &mut Frame) -> OpResult {
        let mut cards = self.pop_set(frame)?;
        cards.retain(|c| self.pile_position(*c).is_some_and(|(_, pos)| pos > 0));
        frame.sets.push(cards);
        Ok(None)
    }

    /// `Op::KeepVisibleSlot`: keep cards on a board that show the slot where it can be seen
    /// (every slot of a top card, those the splay reveals beneath; the reference README, "Icons
    /// and positions"). A card anywhere else shows nothing.
    #[inline]
    pub(super) fn op_keep_visible_slot(
        &self,
        edition: &CompiledEdition,
        frame: &mut Frame,
        slot: crate::vocab::Slot,
    ) -> OpResult {
        let mut cards = self.pop_set(frame)?;
        cards.retain(|c| {
            let Some((pile, pos)) = self.pile_position(*c) else {
                return false;
            };
            let top = pos + 1 == pile.len();
            let revealed = match self.state.location(*c) {
                Location::Board(seat, color) => self.state.players[seat as usize]
                    .pile(color)
                    .splay
                    .map_or(&[][..], |d| d.revealed_slots()),
                _ => &[],
            };
            edition
                .card(*c)
                .slots
                .iter()
                .any(|(position, s)| *s == slot && (top || revealed.contains(position)))
        });
        frame.sets.push(cards);
        Ok(None)
    }

    /// `Op::KeepSharingIcon`: `S: cards others → S: kept`: keep the cards that show an icon one
    /// of the others shows (icons printed on the cards, all slots).
    #[inline]
    pub(super) fn op_keep_sharing_icon(
        &self,
        edition: &CompiledEdition,
        frame: &mut Frame,
    ) -> OpResult {
        let others = self.pop_set(frame)?;
        let mut cards = self.pop_set(frame)?;
        let shown = |c: CardIdx| -> Vec<Icon> {
            Icon::ALL
                .iter()
                .copied()
                .filter(|i| edition.card(c).icon_count(*i) > 0)
                .collect()
        };
        let wanted: Vec<Icon> = others.iter().flat_map(|c| shown(*c)).collect();
        cards.retain(|c| shown(*c).iter().any(|i| wanted.contains(i)));
        frame.sets.push(cards);
        Ok(None)
    }

    /// `Op::KeepBeforeInAlphabet`: `S: cards others → S: kept`: keep the cards whose title comes
    /// before every other card's in the alphabet. Titles compare by their letters and digits,
    /// case ignored ("Basur Hoyuk Tokens": "comes before it in the alphabet").
    #[inline]
    pub(super) fn op_keep_before_in_alphabet(
        &self,
        edition: &CompiledEdition,
        frame: &mut Frame,
    ) -> OpResult {
        let others = self.pop_set(frame)?;
        let mut cards = self.pop_set(frame)?;
        let key = |c: CardIdx| -> String {
            edition
                .card(c)
                .title
                .chars()
                .filter(|ch| ch.is_alphanumeric())
                .flat_map(char::to_lowercase)
                .collect()
        };
        if others.is_empty() {
            cards.clear();
        }
        cards.retain(|c| others.iter().all(|o| key(*c) < key(*o)));
        frame.sets.push(cards);
        Ok(None)
    }

    /// `Op::KeepSameIcons`: `S: cards others → S: kept`: keep the cards whose icons, counted
    /// per kind over all their slots, are those of one of the others (Complex Numbers: "exactly
    /// the same icons, in type and number").
    #[inline]
    pub(super) fn op_keep_same_icons(
        &self,
        edition: &CompiledEdition,
        frame: &mut Frame,
    ) -> OpResult {
        let others = self.pop_set(frame)?;
        let mut cards = self.pop_set(frame)?;
        let counts = |c: CardIdx| -> Vec<usize> {
            Icon::ALL
                .iter()
                .map(|i| edition.card(c).icon_count(*i))
                .collect()
        };
        let wanted: Vec<Vec<usize>> = others.iter().map(|c| counts(*c)).collect();
        cards.retain(|c| wanted.contains(&counts(*c)));
        frame.sets.push(cards);
        Ok(None)
    }

    /// `Op::KeepNth`: keep the one card of the set at that place in its order (none if the set
    /// is too short).
    #[inline]
    pub(super) fn op_keep_nth(&self, frame: &mut Frame, nth: Nth) -> OpResult {
        let cards = self.pop_set(frame)?;
        let one = match nth {
            Nth::Index(i) => cards.get(usize::from(i)).copied(),
            Nth::Last => cards.last().copied(),
        };
        frame.sets.push(one.into_iter().collect());
        Ok(None)
    }

    /// `Op::KeepAllButTop`: keep cards that are not among the top `n` of their pile.
    #[inline]
    pub(super) fn op_keep_all_but_top(&self, frame: &mut Frame, n: u8) -> OpResult {
        let mut cards = self.pop_set(frame)?;
        cards.retain(|c| {
            self.pile_position(*c)
                .is_some_and(|(pile, pos)| pos + usize::from(n) < pile.len())
        });
        frame.sets.push(cards);
        Ok(None)
    }

    /// `Op::KeepPileTop`: keep cards among the top `n` of their pile.
    #[inline]
    pub(super) fn op_keep_pile_top(&self, frame: &mut Frame, n: u8) -> OpResult {
        let mut cards = self.pop_set(frame)?;
        cards.retain(|c| {
            self.pile_position(*c)
                .is_some_and(|(pile, pos)| pos + usize::from(n) >= pile.len())
        });
        frame.sets.push(cards);
        Ok(None)
    }

    /// `Op::KeepCards`: `S: cards others → cards among others`.
    #[inline]
    pub(super) fn op_keep_cards(&self, frame: &mut Frame) -> OpResult {
        let among = self.pop_set(frame)?;
        let mut cards = self.pop_set(frame)?;
        cards.retain(|c| among.contains(c));
        frame.sets.push(cards);
        Ok(None)
    }

    /// `Op::Pick`: `S: candidates → chosen`: take `count` cards (extremes first), the chooser
    /// choosing among equal options; with `optional`, choosing none declines (a folded `you may`).
    /// Records the requested number on the statement. `[decision]`
    #[allow(clippy::too_many_arguments)]
    pub(super) fn op_pick(
        &mut self,
        edition: &CompiledEdition,
        chunk: &Chunk,
        frame: &mut Frame,
        count: Count,
        extreme: Option<Extreme>,
        chooser: Chooser,
        optional: bool,
        stmt: StmtId,
        pure: bool,
    ) -> OpResult {
        let Some(candidates) = frame.sets.last().cloned() else {
            return Err(self.error(frame, "the card stack is empty"));
        };
        // A computed count is on `I` (left there until the pick is done).
        let computed = count == Count::Computed;
        let count = if computed {
            let Some(&n) = frame.ints.last() else {
                return Err(self.error(frame, "the number stack is empty"));
            };
            Count::Exactly(n.clamp(0, 255) as u8)
        } else {
            count
        };
        // The first choice of a folded `you may` is optional, and declining it skips the rest of
        // the `you may`.
        let folded = frame.fold.is_some();
        let optional = optional || folded;
        let strict = optional
            && self.edition().rules.if_you_do == IfYouDo::InFull
            && tested_in_full(chunk, stmt);
        let plan = plan_pick(edition, &candidates, count, extreme, optional, strict);
        let mut chooser_seat = self.chooser_seat(frame, chooser);
        // When a rule picks among tied cards of another player ("the lowest card in my hand"
        // with two tied), that card's owner decides which (deluxe rulebook and fourth-edition
        // rulebook, "Dogma": "you decide which of your cards is affected"; SCENARIOS.md, "Who
        // chooses"). A choice the text gives someone (`of my choice`) stays theirs.
        if extreme.is_some() && chooser == Chooser::Executor {
            let mut owners = plan.pool.iter().map(|c| self.state.location(*c).owner());
            if let Some(Some(owner)) = owners.next() {
                if owner != chooser_seat && owners.all(|o| o == Some(owner)) {
                    chooser_seat = owner;
                }
            }
        }
        let chosen: Vec<CardIdx> = if plan.single_option() {
            plan.only_option()
        } else {
            self.impure(frame, pure)?;
            match self.answer.take() {
                Some(Answer::Decline) if frame.declined() => return Ok(None),
                Some(Answer::Cards(cards)) => {
                    let mut result = plan.forced.clone();
                    // Keep the candidates' order for the chosen cards.
                    result.extend(plan.pool.iter().filter(|c| cards.contains(c)));
                    if cards.is_empty() {
                        Vec::new()
                    } else {
                        result
                    }
                }
                Some(_) => return Err(self.error(frame, "the answer is not a choice of cards")),
                None => {
                    return stopped(self.suspend_optional(
                        frame,
                        chooser_seat,
                        RequestKind::Cards {
                            candidates: plan.pool.clone(),
                            sizes: plan.sizes.clone(),
                        },
                        &chunk.name,
                        optional,
                    ))
                }
            }
        };
        if folded {
            if chosen.is_empty() {
                frame.declined();
                return Ok(None);
            }
            frame.fold = None;
        }
        frame.sets.pop();
        if computed {
            frame.ints.pop();
        }
        if let Some(o) = outcome_mut(frame, stmt) {
            o.ran = true;
            if optional && chosen.is_empty() {
                o.declined = true;
            } else {
                o.requested = o.requested.saturating_add(plan.requested(&chosen));
            }
        }
        frame.sets.push(chosen);
        Ok(None)
    }

    /// `Op::Order`: `S: cards → cards`: the mover orders several cards whose order matters.
    /// `[decision]`
    pub(super) fn op_order(
        &mut self,
        edition: &CompiledEdition,
        chunk: &Chunk,
        frame: &mut Frame,
        pure: bool,
    ) -> OpResult {
        let Some(cards) = frame.sets.last().cloned() else {
            return Err(self.error(frame, "the card stack is empty"));
        };
        let next = chunk.ops.get(frame.pc as usize).copied();
        if order_matters(edition, &cards, next) {
            self.impure(frame, pure)?;
            match self.answer.take() {
                Some(Answer::Order(order)) => {
                    frame.sets.pop();
                    frame.sets.push(order);
                }
                Some(_) => return Err(self.error(frame, "the answer is not an order")),
                None => {
                    let mover = frame.actor();
                    return stopped(self.suspend(
                        frame,
                        mover,
                        RequestKind::Order { cards },
                        &chunk.name,
                    ));
                }
            }
        }
        Ok(None)
    }

    /// `Op::BottomFirst`: `S: cards → cards`: the cards on boards bottom card first, pile by
    /// pile (a player's piles in colour order), then the others in their order (`from the bottom
    /// up`: Bill of Rights).
    pub(super) fn op_bottom_first(&self, frame: &mut Frame) -> OpResult {
        let Some(cards) = frame.sets.pop() else {
            return Err(self.error(frame, "the card stack is empty"));
        };
        let place = |card: CardIdx| match self.state.location(card) {
            Location::Board(seat, color) => {
                let pile = self.state.players[seat as usize].pile(color);
                let depth = pile.cards.iter().position(|c| *c == card).unwrap_or(0);
                (0, seat, color_index(color), depth)
            }
            _ => (1, 0, 0, 0),
        };
        let mut ordered = cards;
        ordered.sort_by_key(|c| place(*c));
        frame.sets.push(ordered);
        Ok(None)
    }

    /// `Op::ChooseSharedValue`: `S: cards → cards of one value`: the chooser picks a value that at
    /// least `n` of the cards share; the others are dropped (none when no value is shared so).
    /// `[decision]`
    #[allow(clippy::too_many_arguments)]
    pub(super) fn op_choose_shared_value(
        &mut self,
        edition: &CompiledEdition,
        chunk: &Chunk,
        frame: &mut Frame,
        n: u8,
        chooser: Chooser,
        stmt: StmtId,
        pure: bool,
    ) -> OpResult {
        let Some(candidates) = frame.sets.last().cloned() else {
            return Err(self.error(frame, "the card stack is empty"));
        };
        let mut options: Vec<i32> = Vec::new();
        for c in &candidates {
            let v = i32::from(edition.card(*c).age);
            let shared = candidates
                .iter()
                .filter(|d| i32::from(edition.card(**d).age) == v)
                .count();
            if shared >= usize::from(n.max(1)) && !options.contains(&v) {
                options.push(v);
            }
        }
        options.sort_unstable();
        let who = self.chooser_seat(frame, chooser);
        let value = match self.pick_one(
            chunk,
            frame,
            pure,
            who,
            options,
            ask_value,
            read_values,
            "a value",
        ) {
            Ok(value) => value,
            Err(done) => return done,
        };
        frame.sets.pop();
        let kept: Vec<CardIdx> = candidates
            .into_iter()
            .filter(|c| Some(i32::from(edition.card(*c).age)) == value)
            .collect();
        if let (Some(o), Some(v)) = (outcome_mut(frame, stmt), value) {
            o.values = vec![v];
        }
        frame.sets.push(kept);
        Ok(None)
    }

    /// `Op::ChooseSharedColor`: `S: cards → cards'`: the chooser picks a colour that at least `n`
    /// of the cards share (asked only when several do); the others are dropped. `[decision]`
    #[allow(clippy::too_many_arguments)]
    pub(super) fn op_choose_shared_color(
        &mut self,
        edition: &CompiledEdition,
        chunk: &Chunk,
        frame: &mut Frame,
        n: u8,
        chooser: Chooser,
        stmt: StmtId,
        pure: bool,
    ) -> OpResult {
        let Some(candidates) = frame.sets.last().cloned() else {
            return Err(self.error(frame, "the card stack is empty"));
        };
        let options: Vec<Color> = Color::ALL
            .iter()
            .copied()
            .filter(|c| {
                candidates
                    .iter()
                    .filter(|d| edition.card(**d).color == *c)
                    .count()
                    >= usize::from(n.max(1))
            })
            .collect();
        let who = self.chooser_seat(frame, chooser);
        let color = match self.pick_one(
            chunk,
            frame,
            pure,
            who,
            options,
            ask_color,
            read_colors,
            "a colour",
        ) {
            Ok(color) => color,
            Err(done) => return done,
        };
        frame.sets.pop();
        let kept: Vec<CardIdx> = candidates
            .into_iter()
            .filter(|c| Some(edition.card(*c).color) == color)
            .collect();
        if let (Some(o), Some(c)) = (outcome_mut(frame, stmt), color) {
            o.colors = color_bit(c);
        }
        frame.sets.push(kept);
        Ok(None)
    }

    /// `Op::Mark`: `S: cards →`: the cards are the statement's (`choose a card …`), left where they
    /// are.
    #[inline]
    pub(super) fn op_mark(&self, frame: &mut Frame, stmt: StmtId) -> OpResult {
        let cards = self.pop_set(frame)?;
        let marked: Vec<(CardIdx, Location)> = cards
            .iter()
            .map(|c| (*c, self.state.location(*c)))
            .collect();
        if let Some(o) = outcome_mut(frame, stmt) {
            o.ran = true;
            o.requested = o.requested.max(marked.len() as u16);
            o.done = o.done.saturating_add(marked.len() as u16);
            o.cards.extend(marked);
        }
        Ok(None)
    }

    /// The cards of a player's zone (none for nobody).
    fn zone_cards(&self, seat: i32, zone: ZoneSel) -> Vec<CardIdx> {
        let Some(seat) = self.seat(seat) else {
            return Vec::new();
        };
        let player = &self.state.players[seat as usize];
        match zone {
            ZoneSel::Hand => player.hand.to_vec(),
            ZoneSel::ScorePile => player.score_pile.to_vec(),
            ZoneSel::Forecast => player.forecast.to_vec(),
            ZoneSel::Achievements => player
                .achievements
                .iter()
                .filter_map(|a| match a {
                    AchievementCard::Standard(c) => Some(*c),
                    AchievementCard::Special(_) => None,
                })
                .collect(),
            ZoneSel::BoardTop => player.board.iter().filter_map(|p| p.top()).collect(),
            ZoneSel::BoardBottom => player.board.iter().filter_map(|p| p.bottom()).collect(),
            ZoneSel::BoardAll => player
                .board
                .iter()
                .flat_map(|p| p.cards.iter().rev().copied())
                .collect(),
        }
    }

    /// The pile a card is in, and its position from the bottom (0).
    fn pile_position(&self, card: CardIdx) -> Option<(&[CardIdx], usize)> {
        if let Location::Board(seat, color) = self.state.location(card) {
            let pile = &self.state.players[seat as usize].pile(color).cards;
            let pos = pile.iter().position(|c| *c == card)?;
            return Some((pile.as_slice(), pos));
        }
        None
    }
}

/// The `n` top (with `bottom`, bottom) cards of a deck, top first (fewer when it has fewer). A
/// deck is stored bottom first.
pub(super) fn deck_end(deck: &[CardIdx], n: u8, bottom: bool) -> Vec<CardIdx> {
    let n = usize::from(n).min(deck.len());
    if bottom {
        deck[..n].iter().rev().copied().collect()
    } else {
        deck[deck.len() - n..].iter().rev().copied().collect()
    }
}

/// Whether several cards moving together could end in different orders: two of them going to
/// the same pile (meld, tuck, to a board) or the same deck (return).
/// A card's bonus: the highest bonus among its slots (0 for none).
pub(super) fn card_bonus(edition: &CompiledEdition, card: CardIdx) -> i32 {
    edition
        .card(card)
        .slots
        .iter()
        .filter_map(|(_, slot)| match slot {
            crate::vocab::Slot::Bonus(n) => Some(i32::from(*n)),
            _ => None,
        })
        .max()
        .unwrap_or(0)
}

fn order_matters(edition: &CompiledEdition, cards: &[CardIdx], next: Option<Op>) -> bool {
    if cards.len() < 2 {
        return false;
    }
    let key = |c: &CardIdx| -> u8 {
        let info = edition.card(*c);
        match next {
            Some(Op::Move {
                verb: Verb::Return, ..
            }) => info.age,
            _ => color_index(info.color) as u8,
        }
    };
    let relevant = matches!(
        next,
        Some(Op::Move {
            verb: Verb::Meld | Verb::Tuck | Verb::Return,
            ..
        }) | Some(Op::Transfer {
            zone: DestinationZone::Board,
            ..
        })
    );
    relevant
        && cards
            .iter()
            .enumerate()
            .any(|(i, a)| cards[..i].iter().any(|b| key(a) == key(b)))
}

/// Whether the outcome of a folded `you may` around `stmt` is tested by `if you do`, so that
/// under the "in full" rule the player may only do all of it or nothing (online summary,
/// "Clarifications": "You may [do X], if you do, [Y]", example 1).
fn tested_in_full(chunk: &Chunk, stmt: StmtId) -> bool {
    chunk.ops.iter().any(|op| match op {
        Op::Combine {
            stmt: may,
            children,
        } => {
            chunk.list(*children).contains(&stmt)
                && chunk
                    .ops
                    .iter()
                    .any(|o| matches!(o, Op::Did { stmt: s, .. } if s == may))
        }
        _ => false,
    })
}

/// How a `Pick` takes its cards: those it must take, the pool to choose from, and the numbers
/// of pool cards that may be chosen.
struct PickPlan {
    forced: Vec<CardIdx>,
    pool: Vec<CardIdx>,
    sizes: Vec<u8>,
    /// What the statement asked for (for "in full").
    asked: u16,
    count: Count,
}

impl PickPlan {
    fn single_option(&self) -> bool {
        match self.sizes.as_slice() {
            [only] => *only == 0 || *only as usize == self.pool.len(),
            _ => false,
        }
    }

    fn only_option(&self) -> Vec<CardIdx> {
        let mut cards = self.forced.clone();
        if self.sizes.first().copied().unwrap_or(0) as usize == self.pool.len() {
            cards.extend(self.pool.iter().copied());
        }
        if self.sizes.first().copied() == Some(0) && self.forced.is_empty() {
            return Vec::new();
        }
        cards
    }

    /// What the statement asked for, given what was chosen.
    fn requested(&self, chosen: &[CardIdx]) -> u16 {
        match self.count {
            Count::Between(..) | Count::UpTo(_) | Count::AnyNumber => chosen.len() as u16,
            _ => self.asked,
        }
    }
}

/// How a `Pick` of `count` cards (the `extreme` ones first) takes them from the candidates;
/// `strict` when an optional pick must be done in full or not at all.
fn plan_pick(
    edition: &CompiledEdition,
    candidates: &[CardIdx],
    count: Count,
    extreme: Option<Extreme>,
    optional: bool,
    strict: bool,
) -> PickPlan {
    let len = candidates.len();
    let value = |c: &CardIdx| i32::from(edition.card(*c).age);
    let mut forced = Vec::new();
    let mut pool: Vec<CardIdx> = candidates.to_vec();
    let asked: u16;
    let mut sizes: Vec<u8>;
    match (count, extreme) {
        (Count::All, Some(e)) => {
            // "All the highest": every card of the extreme value, no choice.
            let best = extreme_value(edition, candidates, e);
            pool.retain(|c| value(c) == best);
            asked = pool.len() as u16;
            sizes = vec![pool.len() as u8];
        }
        (Count::Exactly(0), Some(_)) => {
            // "The 0 highest" (a computed count of nothing): no card.
            asked = 0;
            pool.clear();
            sizes = vec![0];
        }
        (Count::Exactly(n), Some(e)) => {
            // "The 3 highest": the cards strictly above the cut-off value are taken; the
            // chooser picks among the cards at it.
            asked = u16::from(n);
            if len <= n as usize {
                sizes = vec![len as u8];
            } else {
                let mut sorted = candidates.to_vec();
                sorted.sort_by_key(|c| match e {
                    Extreme::Highest => -value(c),
                    Extreme::Lowest => value(c),
                });
                let cutoff = value(&sorted[n as usize - 1]);
                let better = |c: &CardIdx| match e {
                    Extreme::Highest => value(c) > cutoff,
                    Extreme::Lowest => value(c) < cutoff,
                };
                forced = candidates.iter().copied().filter(|c| better(c)).collect();
                pool = candidates
                    .iter()
                    .copied()
                    .filter(|c| value(c) == cutoff)
                    .collect();
                sizes = vec![n - forced.len() as u8];
            }
        }
        (count, _) => {
            let l = len as u8;
            (asked, sizes) = match count {
                Count::Exactly(n) => (u16::from(n), vec![n.min(l)]),
                Count::Between(a, b) => (u16::from(a), (a.min(l)..=b.min(l)).collect()),
                Count::UpTo(n) => (u16::from(n), (0..=n.min(l)).collect()),
                Count::AnyNumber => (u16::from(l), (0..=l).collect()),
                Count::All => (u16::from(l), vec![l]),
                Count::AllBut(n) => {
                    let k = l.saturating_sub(n);
                    (u16::from(k), vec![k])
                }
                Count::Half(r) => {
                    let k = r.half(i32::from(l)) as u8;
                    (u16::from(k), vec![k])
                }
                // The Pick op turns a computed count into `Exactly` before planning.
                Count::Computed => (0, vec![0]),
            };
        }
    }
    if optional {
        // Declining is choosing none. Under "in full", a `you may` tested by `if you do` is all
        // or nothing, and impossible in full it cannot be taken at all.
        // What doing it "in full" needs: the fixed number asked for, or, for "up to" and "any
        // number", at least one card (the player then chooses how many).
        let needed = match count {
            Count::Exactly(n) | Count::Between(n, _) => usize::from(n),
            Count::UpTo(_) | Count::AnyNumber => 1,
            _ => asked as usize,
        };
        if strict && (pool.len() + forced.len()) < needed {
            sizes = vec![0];
            forced.clear();
        } else if !sizes.contains(&0) {
            sizes.insert(0, 0);
            if !forced.is_empty() && sizes.len() > 1 {
                // Forced cards are only forced once the player accepts: offer them as a choice.
                pool = forced.iter().copied().chain(pool).collect();
                let forced_n = forced.len() as u8;
                sizes = sizes
                    .into_iter()
                    .map(|s| if s == 0 { 0 } else { s + forced_n })
                    .collect();
                forced.clear();
            }
        }
    }
    sizes.dedup();
    PickPlan {
        forced,
        pool,
        sizes,
        asked,
        count,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bytecode::{CardInfo, Rules, SourceSpan, FORMAT_VERSION};
    use crate::vocab::Color;

    /// "The N highest" with a computed N of 0 picks nothing (a damaged `.dogmac` found it:
    /// the cut-off was read before the first card).
    #[test]
    fn the_zero_highest_cards_are_none() {
        let card = |title: &str, age| CardInfo {
            title: title.to_string(),
            set: "base".to_string(),
            deck_set: 0,
            age,
            color: Color::Red,
            slots: Vec::new(),
            dogma_icon: None,
            effects: Vec::new(),
            relic: None,
            karmas: Vec::new(),
            span: SourceSpan::default(),
        };
        let edition = CompiledEdition {
            format_version: FORMAT_VERSION,
            name: "tiny".to_string(),
            rules: Rules::default(),
            cards: vec![card("A", 1), card("B", 2)],
            specials: Vec::new(),
            chunks: Vec::new(),
            files: Vec::new(),
        };
        for extreme in [Extreme::Highest, Extreme::Lowest] {
            let plan = plan_pick(
                &edition,
                &[0, 1],
                Count::Exactly(0),
                Some(extreme),
                false,
                false,
            );
            assert!(
                plan.forced.is_empty() && plan.pool.is_empty(),
                "{extreme:?}"
            );
            assert_eq!(plan.sizes, [0]);
            assert!(plan.only_option().is_empty());
        }
    }
}
