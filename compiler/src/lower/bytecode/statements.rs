//! Statements: each IR statement's ops, `you may` asked as at the table, conditionals,
//! alternatives, loops, draws, movements, transfers and exchanges.

use super::Emitter;
use crate::ir::{
    Binding, BoardPosition, CardFilter, CardSel, CardSource, ChoiceKind, Chooser, ColorFilter,
    ColorSel, ColorTerm, Comparison, Cond, Count, Destination, DestinationZone, DrawSet,
    LastingDef, LastingWhen, MeasureTest, Owner, Player, PlayerSet, Quantifier, SplaySource,
    SplaySourceColor, Stmt, StmtId, StmtKind, Value, Verb, Winner, ZoneRef,
};
use dogma_runtime::bytecode::{self as bc, Op, Who, ZoneSel};
use dogma_runtime::vocab::Color;
use dogma_runtime::SplayDirection;

impl Emitter<'_> {
    pub(super) fn block(&mut self, body: &[Stmt]) {
        for stmt in body {
            self.stmt(stmt);
        }
    }

    fn stmt(&mut self, stmt: &Stmt) {
        let outer = (self.span, self.stmt);
        self.span = stmt.span;
        self.stmt = Some(stmt.id);
        let id = stmt.id;
        match &stmt.kind {
            StmtKind::May(body) => self.may(id, body),
            StmtKind::If {
                cond,
                then,
                otherwise,
            } => self.if_stmt(id, cond, then, otherwise),
            StmtKind::Either {
                chooser,
                options,
                labels,
            } => self.either(id, chooser, options, labels),
            StmtKind::ForEachPlayer {
                players,
                condition,
                from,
                body,
            } => self.for_each_player(id, *players, condition.as_ref(), *from, body),
            StmtKind::Act { actor, body } => self.act(id, actor, body),
            StmtKind::ForEachColor {
                owner,
                filters,
                body,
            } => self.for_each_color(id, owner, filters, body),
            StmtKind::ChooseColors {
                chooser,
                count,
                owner,
                filters,
            } => {
                let chooser = self.chooser(chooser);
                self.player(owner);
                self.board_colors_mask(filters);
                self.op(Op::ChooseColors {
                    count: *count,
                    chooser,
                    stmt: id.0,
                });
            }
            StmtKind::Times { times, body } => self.times(id, times, body),
            StmtKind::ForEachCard { cards, body } => self.for_each_card(id, cards, body),
            StmtKind::ForEachValue {
                list,
                descending,
                body,
            } => {
                self.value_list(list);
                if *descending {
                    self.op(Op::ReverseValues);
                }
                self.op(Op::ValuesStart);
                let top = self.here();
                let exit = self.forward(Op::ValuesNext { exit: 0 });
                self.afresh(body);
                self.block(body);
                self.op(Op::Jump { target: top });
                self.patch(exit);
                self.combine(id, children(body));
            }
            StmtKind::RepeatEffect { with, at_most } => {
                // `at most twice`: nothing happens once this execution has been repeated so often.
                let limit = at_most.map(|n| {
                    self.op(Op::Repeats);
                    self.op(Op::Int {
                        value: i16::from(n),
                    });
                    self.op(Op::Compare { op: Comparison::Lt });
                    self.forward(Op::JumpIfFalse { target: 0 })
                });
                for (index, value) in with {
                    self.param_value(value);
                    self.op(Op::SetParam { index: *index });
                }
                self.op(Op::RepeatEffect);
                if let Some(limit) = limit {
                    self.patch(limit);
                }
            }
            StmtKind::EndDogma => self.op(Op::EndDogma),
            StmtKind::Lasting(lasting) => self.lasting(lasting),
            StmtKind::AdditionalAction => self.op(Op::AdditionalAction { stmt: id.0 }),
            StmtKind::EndGame => self.op(Op::EndGame),
            StmtKind::Keep => self.op(Op::Nop),
            StmtKind::Choose {
                chooser,
                kind,
                count,
                except,
            } => {
                let chooser = self.chooser(chooser);
                self.op(Op::Choose {
                    kind: *kind,
                    count: *count,
                    chooser,
                    stmt: id.0,
                    except: except.iter().fold(0, |m, i| m | bc::icon_bit(*i)),
                });
            }
            StmtKind::ChooseValueAmong { chooser, options } => {
                let chooser = self.chooser(chooser);
                let Ok(n) = u8::try_from(options.len()) else {
                    self.error(format!(
                        "{} values to choose from are more than 255",
                        options.len()
                    ));
                    return;
                };
                for option in options {
                    self.value(option);
                }
                self.op(Op::ChooseValueFrom {
                    n,
                    chooser,
                    stmt: id.0,
                });
            }
            StmtKind::ChooseValueListed {
                chooser,
                list,
                count,
            } => {
                let chooser = self.chooser(chooser);
                self.value_list(list);
                self.op(Op::ChooseValueListed {
                    chooser,
                    count: *count,
                    stmt: id.0,
                });
            }
            StmtKind::ChooseValueRange {
                chooser,
                count,
                low,
                high,
            } => {
                let chooser = self.chooser(chooser);
                self.value(low);
                self.value(high);
                self.op(Op::ChooseValueRange {
                    chooser,
                    count: *count,
                    stmt: id.0,
                });
            }
            StmtKind::PickCards(cards) => {
                self.cards(cards, Some((id, false)));
                self.op(Op::Mark { stmt: id.0 });
            }
            StmtKind::JunkSpecial { all } => self.op(Op::JunkSpecial {
                all: *all,
                stmt: id.0,
            }),
            StmtKind::RestoreSpecial => self.op(Op::RestoreSpecial { stmt: id.0 }),
            StmtKind::Claim(a) => self.op(Op::Claim {
                special: a.0,
                stmt: id.0,
            }),
            StmtKind::Look(cards) => {
                self.cards(cards, Some((id, false)));
                self.op(Op::Look { stmt: id.0 });
            }
            StmtKind::SelfExecute(cards) => {
                self.cards(cards, Some((id, false)));
                self.op(Op::SelfExecute { stmt: id.0 });
            }
            StmtKind::ExecuteAsIf(cards) => {
                self.cards(cards, Some((id, false)));
                self.op(Op::ExecuteAsIf { stmt: id.0 });
            }
            StmtKind::Splay {
                player,
                color,
                direction,
            } => {
                self.pile(id, player, color, Some(*direction));
                self.op(Op::Splay {
                    direction: *direction,
                    stmt: id.0,
                });
            }
            StmtKind::Unsplay { player, color } => {
                self.pile(id, player, color, None);
                self.op(Op::Unsplay { stmt: id.0 });
            }
            StmtKind::SplayLike {
                player,
                color,
                source,
                matching,
            } => self.splay_like(id, player, color, source, *matching),
            StmtKind::Rearrange { player, color } => {
                self.pile(id, player, color, None);
                self.op(Op::Rearrange { stmt: id.0 });
            }
            StmtKind::Draw {
                player,
                age,
                count,
                then,
                set,
            } => self.draw(id, player, age, *count, *then, set.as_ref()),
            StmtKind::Move { verb, cards, to } => self.move_cards(id, *verb, cards, to, false),
            StmtKind::Exchange { a, b } => self.exchange(id, a, b),
            StmtKind::Win(Winner::Player(p)) => {
                self.player(p);
                self.op(Op::Win);
            }
            StmtKind::Win(Winner::OnlyRemaining) => {
                self.op(Op::OnlyRemaining);
                self.op(Op::Win);
            }
            StmtKind::Win(Winner::Single { most, measure }) => {
                let measure = self.player_measure(measure);
                self.op(Op::WinSingle {
                    most: *most,
                    measure,
                });
            }
            StmtKind::Lose(p) => {
                self.player(p);
                self.op(Op::Lose);
            }
        }
        (self.span, self.stmt) = outer;
    }

    /// `you may …`, asked the way a player at the table is asked (../shared/SCENARIOS.md, "How
    /// questions are asked"): when its body starts with a choice the text names (cards to
    /// pick, one of several colours, an alternative, a value, an icon, a player), the `you may`
    /// folds into that choice, which then offers declining; when the text leaves nothing to
    /// choose (fixed cards, one colour, a draw, an exchange, a rule that selects such as "the
    /// highest"), it is a yes/no question guarding the body.
    fn may(&mut self, id: StmtId, body: &[Stmt]) {
        // `you may reveal and return a card`: a pick followed by movements of exactly the
        // picked cards folds like a single movement.
        if let [first, rest @ ..] = body {
            let follows_first = |s: &Stmt| {
                matches!(&s.kind, StmtKind::Move { cards, .. }
                    if matches!(&cards.source, CardSource::Bound(b) if b.nth.is_none())
                        && cards.filters.is_empty())
            };
            if !rest.is_empty() && rest.iter().all(follows_first) {
                if let StmtKind::Move { verb, cards, to } = &first.kind {
                    if choosable(cards) {
                        let outer = (self.span, self.stmt);
                        self.span = first.span;
                        self.stmt = Some(first.id);
                        self.move_cards(first.id, *verb, cards, to, true);
                        (self.span, self.stmt) = outer;
                        for s in rest {
                            self.stmt(s);
                        }
                        self.combine(id, children(body));
                        return;
                    }
                }
            }
        }
        if let [child] = body {
            if let StmtKind::Move { verb, cards, to } = &child.kind {
                if choosable(cards) {
                    let outer = (self.span, self.stmt);
                    self.span = child.span;
                    self.stmt = Some(child.id);
                    self.move_cards(child.id, *verb, cards, to, true);
                    (self.span, self.stmt) = outer;
                    self.combine(id, vec![child.id.0]);
                    return;
                }
            }
        }
        let fold = body.first().is_some_and(opens_with_choice);
        self.op(Op::AskYesNo { stmt: id.0, fold });
        let skip = self.forward(Op::JumpIfFalse { target: 0 });
        self.block(body);
        self.combine(id, children(body));
        self.patch(skip);
    }

    fn if_stmt(&mut self, id: StmtId, cond: &Cond, then: &[Stmt], otherwise: &[Stmt]) {
        self.cond(cond);
        let to_else = self.forward(Op::JumpIfFalse { target: 0 });
        self.block(then);
        let to_end = self.forward(Op::Jump { target: 0 });
        self.patch(to_else);
        self.block(otherwise);
        self.patch(to_end);
        let mut all = children(then);
        all.extend(children(otherwise));
        self.combine(id, all);
    }

    fn either(&mut self, id: StmtId, chooser: &Player, options: &[Vec<Stmt>], labels: &[String]) {
        let chooser = self.chooser(chooser);
        let Ok(n) = u8::try_from(options.len()) else {
            self.error(format!("{} alternatives are more than 255", options.len()));
            return;
        };
        if n == 0 {
            self.unsupported("an `either` without alternatives");
            return;
        }
        let Ok(texts) = u16::try_from(self.texts.len()) else {
            self.error("more words of alternatives than a chunk can hold".to_string());
            return;
        };
        self.texts
            .extend((0..options.len()).map(|i| labels.get(i).cloned().unwrap_or_default()));
        self.op(Op::AskOption {
            stmt: id.0,
            n,
            texts,
            chooser,
        });
        let mut to_end = Vec::new();
        for (i, option) in options.iter().enumerate() {
            if i + 1 < options.len() {
                self.op(Op::Dup);
                self.op(Op::Int { value: i as i16 });
                self.op(Op::Compare { op: Comparison::Eq });
                let next = self.forward(Op::JumpIfFalse { target: 0 });
                self.op(Op::Pop);
                self.block(option);
                to_end.push(self.forward(Op::Jump { target: 0 }));
                self.patch(next);
            } else {
                self.op(Op::Pop);
                self.block(option);
            }
        }
        for at in to_end {
            self.patch(at);
        }
        self.combine(id, options.iter().flat_map(|o| children(o)).collect());
    }

    fn for_each_player(
        &mut self,
        id: StmtId,
        players: PlayerSet,
        condition: Option<&MeasureTest>,
        from: Option<StmtId>,
        body: &[Stmt],
    ) {
        self.op(Op::EachStart { group: players });
        let top = self.here();
        let exit = self.forward(Op::EachNext { exit: 0 });
        // `for each opponent with more crown than you`: the others are passed over.
        if let Some(test) = condition {
            self.op(Op::Player { who: Who::Each });
            self.measure_test(test);
            self.op(Op::JumpIfFalse { target: top });
        }
        // `for each player that returned cards`: so are those nothing was taken from.
        if let Some(stmt) = from {
            self.op(Op::Player { who: Who::Each });
            self.op(Op::TookFrom { stmt: stmt.0 });
            self.op(Op::JumpIfFalse { target: top });
        }
        self.afresh(body);
        self.block(body);
        self.op(Op::Jump { target: top });
        self.patch(exit);
        self.combine(id, children(body));
    }

    /// Another player carries out the body: `ActorStart` with their seat (skipping the body
    /// when nobody qualified), the body with them as the actor whose choices are
    /// `Chooser::Executor`, `ActorEnd`.
    fn act(&mut self, id: StmtId, actor: &Player, body: &[Stmt]) {
        self.player(actor);
        let named = match actor {
            Player::Choose { .. } | Player::Extreme { .. } => Player::ChosenBy(id),
            other => other.clone(),
        };
        let skip = self.forward(Op::ActorStart { exit: 0 });
        let outer = self.actor.replace(named);
        self.block(body);
        self.actor = outer;
        self.op(Op::ActorEnd);
        self.patch(skip);
        self.combine(id, children(body));
    }

    /// `for each color …`: the mask of the colours, then a colour loop around the body.
    fn for_each_color(
        &mut self,
        id: StmtId,
        owner: &Option<Player>,
        filters: &[ColorFilter],
        body: &[Stmt],
    ) {
        if let Some(owner) = owner {
            self.player(owner);
            self.board_colors_mask(filters);
        } else {
            // `for each color` with no filter: the five colours, whatever is on the board
            // (Twister: "For each color, meld a card of that color from your score pile").
            let all = Color::ALL.iter().fold(0, |m, c| m | bc::color_bit(*c));
            self.op(Op::Int { value: all as i16 });
        }
        self.op(Op::ColorsStart);
        let top = self.here();
        let exit = self.forward(Op::ColorsNext { exit: 0 });
        self.afresh(body);
        self.block(body);
        self.op(Op::Jump { target: top });
        self.patch(exit);
        self.combine(id, children(body));
    }

    /// A round of a loop over players or colours starts its body's statements afresh
    /// (`Op::Afresh`): `if you do` in the body asks about the round's statement, not about
    /// every round so far.
    fn afresh(&mut self, body: &[Stmt]) {
        let mut ids = Vec::new();
        nested(body, &mut ids);
        let children = self.list(ids);
        self.op(Op::Afresh { children });
    }

    /// A lasting effect: its body compiled as an effect chunk of its own, its move's filters as
    /// a card test (none without filters), and `Lasting` naming both.
    fn lasting(&mut self, lasting: &LastingDef) {
        let (when, test) = match &lasting.when {
            LastingWhen::NextTurn => (bc::LastingWhen::NextTurn, bc::NO_CHUNK),
            LastingWhen::NextMove { verb, filters } => {
                let test = if filters.is_empty() {
                    bc::NO_CHUNK
                } else {
                    self.lasting_test(filters)
                };
                (bc::LastingWhen::NextMove(*verb), test)
            }
        };
        let chunk = self.lasting_chunk(lasting);
        self.op(Op::Lasting { when, chunk, test });
    }

    /// `for each card in …`: the set, then a card loop around the body; each round the
    /// executor (the actor) picks one of the cards left, which becomes the loop statement's card.
    fn for_each_card(&mut self, id: StmtId, cards: &CardSel, body: &[Stmt]) {
        self.cards(cards, None);
        self.op(Op::CardsStart);
        let top = self.here();
        let exit = self.forward(Op::CardsNext { exit: 0 });
        self.op(Op::CardsLeft);
        self.op(Op::Pick {
            count: Count::Exactly(1),
            extreme: None,
            chooser: Chooser::Executor,
            optional: false,
            stmt: id.0,
        });
        self.op(Op::CardsTake { stmt: id.0 });
        self.afresh(body);
        self.block(body);
        self.op(Op::Jump { target: top });
        self.patch(exit);
        self.combine(id, children(body));
    }

    fn times(&mut self, id: StmtId, times: &Value, body: &[Stmt]) {
        self.value(times);
        self.op(Op::LoopStart);
        let top = self.here();
        let exit = self.forward(Op::LoopNext { exit: 0 });
        self.block(body);
        self.op(Op::Jump { target: top });
        self.patch(exit);
        self.combine(id, children(body));
    }

    /// Who makes a choice, as the ops say it: `Executor` is the player carrying out the
    /// statement (the executor, or the subject of the statement: the frame's actor).
    fn chooser(&mut self, player: &Player) -> Chooser {
        match player {
            Player::Demander => Chooser::Demander,
            p if Some(p) == self.actor.as_ref() => Chooser::Executor,
            Player::Executor if self.actor.is_none() => Chooser::Executor,
            _ => {
                self.unsupported(
                    "a choice made by a player other than the one carrying out the statement or the demander",
                );
                Chooser::Executor
            }
        }
    }

    /// The player and pile of a splay, unsplay or rearrangement: `I: → seat color`.
    fn pile(
        &mut self,
        id: StmtId,
        player: &Player,
        color: &ColorSel,
        direction: Option<SplayDirection>,
    ) {
        if let (
            Player::Choose {
                set,
                condition: None,
            },
            Some(direction),
        ) = (player, direction)
        {
            // A pile of a board of several (`splay left one color on any player's board`): its
            // colour first, then its owner when several could be meant (../shared/SCENARIOS.md,
            // "Expansions").
            match color.alternatives.as_slice() {
                [ColorTerm::Any(filters)] if filters.is_empty() => self.op(Op::Int {
                    value: (1 << dogma_runtime::Color::ALL.len()) - 1,
                }),
                _ => self.colors(color),
            }
            self.op(Op::ChoosePileColor {
                group: *set,
                direction,
                stmt: id.0,
            });
            self.op(Op::ChoosePileOwner {
                group: *set,
                direction,
                stmt: id.0,
            });
        } else {
            self.player(player);
            match color.alternatives.as_slice() {
                // `a color` of another player's pile: one of that player's colours.
                [ColorTerm::Any(filters)] if *player != Player::Executor => {
                    self.op(Op::BoardColors);
                    self.color_filters(filters);
                }
                _ => self.colors(color),
            }
        }
        self.op(Op::PickColor {
            stmt: id.0,
            direction,
        });
    }

    /// `splay … in the direction …` / `splay … to match …`: the source pile's direction first
    /// (a colour of its board chosen, for `one of your colors`), then the pile to splay.
    fn splay_like(
        &mut self,
        id: StmtId,
        player: &Player,
        color: &ColorSel,
        source: &SplaySource,
        matching: bool,
    ) {
        self.player(&source.player);
        match &source.color {
            SplaySourceColor::Pile(sel) => self.colors(sel),
            SplaySourceColor::OneOf(filters) => {
                self.op(Op::BoardColors);
                for filter in filters {
                    self.color_filter(filter);
                }
                self.op(Op::ColorsSplayed { directions: 0 });
            }
        }
        self.op(Op::PickColor {
            stmt: id.0,
            direction: None,
        });
        self.op(Op::PileSplay);
        // A direction-less source (an unsplayed pile) leaves nothing to do, unless matching.
        let skip = if matching {
            None
        } else {
            self.op(Op::Dup);
            Some(self.forward(Op::JumpIfFalse { target: 0 }))
        };
        self.pile(id, player, color, None);
        self.op(Op::SplayLike {
            matching,
            stmt: id.0,
        });
        if let Some(skip) = skip {
            let end = self.forward(Op::Jump { target: 0 });
            self.patch(skip);
            self.op(Op::Pop);
            self.patch(end);
        }
    }

    fn draw(
        &mut self,
        id: StmtId,
        player: &Player,
        age: &Value,
        count: u8,
        then: Option<Verb>,
        set: Option<&DrawSet>,
    ) {
        // Only a set the drawer picks has a chooser.
        let set = set.map(|s| match s {
            DrawSet::Any => (s, self.chooser(player)),
            _ => (s, Chooser::Executor),
        });
        if let Some(verb) = then {
            if !moves_to_natural_place(verb) {
                self.unsupported(&format!("`draw and {}`", verb.word()));
            }
        }
        // `a card of value equal to a bonus on your board` (plus a number): the drawer chooses
        // one of the list's values first; with none to choose, nothing is drawn.
        let listed = match age {
            Value::Among(list) => Some((list, None)),
            Value::Add(a, b) => match (a.as_ref(), b.as_ref()) {
                (Value::Among(list), _) => Some((list, Some(b.as_ref()))),
                _ => None,
            },
            _ => None,
        };
        // `a card of each value chosen`: one draw per value, lowest first, all recorded on
        // this statement (`drawn` names every card drawn).
        if let Value::EachOf(list) = age {
            self.value_list(list);
            self.op(Op::ValuesStart);
            let top = self.here();
            let exit = self.forward(Op::ValuesNext { exit: 0 });
            self.player(player);
            self.op(Op::LoopValue);
            self.draw_op(count, then, id, set);
            self.op(Op::Jump { target: top });
            self.patch(exit);
            return;
        }
        if let Some((list, plus)) = listed {
            self.value_list(list);
            let chooser = self.chooser(player);
            self.op(Op::ChooseValueListed {
                chooser,
                count: 1,
                stmt: id.0,
            });
            self.op(Op::Did {
                stmt: id.0,
                done: true,
            });
            let skip = self.forward(Op::JumpIfFalse { target: 0 });
            self.player(player);
            self.op(Op::ChosenValue { stmt: id.0 });
            if let Some(plus) = plus {
                self.value(plus);
                self.op(Op::Add);
            }
            self.draw_op(count, then, id, set);
            self.patch(skip);
            return;
        }
        self.player(player);
        match age {
            // `a card of any value`: the drawer (the actor) chooses the value first.
            Value::AnyValue { max } => {
                self.op(Op::Int { value: 1 });
                self.op(Op::Int {
                    value: i16::from(*max),
                });
                let chooser = self.chooser(player);
                self.op(Op::ChooseValueRange {
                    chooser,
                    count: 1,
                    stmt: id.0,
                });
                self.op(Op::ChosenValue { stmt: id.0 });
            }
            _ => self.value(age),
        }
        self.draw_op(count, then, id, set);
    }

    /// `Draw`, or with a set named (`draw an Artifact [3]`) its index pushed and `DrawOfSet`: a
    /// set chosen earlier, by the drawer now (recorded on the statement) or of a card.
    fn draw_op(
        &mut self,
        count: u8,
        then: Option<Verb>,
        id: StmtId,
        set: Option<(&DrawSet, Chooser)>,
    ) {
        match set {
            Some((set, chooser)) => {
                match set {
                    DrawSet::Named(name) => {
                        let set = self.set_index(name);
                        self.op(Op::Int {
                            value: i16::from(set),
                        });
                    }
                    DrawSet::ChosenBy(stmt) => self.op(Op::ChosenValue { stmt: stmt.0 }),
                    DrawSet::Any => {
                        self.op(Op::Choose {
                            kind: ChoiceKind::Type,
                            count: 1,
                            chooser,
                            stmt: id.0,
                            except: 0,
                        });
                        self.op(Op::ChosenValue { stmt: id.0 });
                    }
                    DrawSet::Of(cards) => {
                        self.cards(cards, None);
                        self.op(Op::TypeOf);
                    }
                }
                self.op(Op::DrawOfSet {
                    count,
                    then,
                    stmt: id.0,
                });
            }
            None => self.op(Op::Draw {
                count,
                then,
                stmt: id.0,
            }),
        }
    }

    /// A movement: to the verb's natural place, or a transfer to a destination. `optional`:
    /// the movement of a folded `you may`.
    fn move_cards(
        &mut self,
        id: StmtId,
        verb: Verb,
        cards: &CardSel,
        to: &Option<Destination>,
        optional: bool,
    ) {
        match (verb, to) {
            (Verb::Transfer, Some(to)) => self.transfer(id, cards, to, optional),
            (Verb::Transfer, None) => self.unsupported("a transfer without a destination"),
            (verb, Some(_)) => {
                self.unsupported(&format!("`{}` with a destination", verb.word()));
            }
            (verb, None) if !moves_to_natural_place(verb) => {
                self.unsupported(&format!("`{}`", verb.word()));
            }
            (verb, None) => {
                self.cards(cards, Some((id, optional)));
                if matches!(verb, Verb::Meld | Verb::Tuck | Verb::Return) && several(cards) {
                    self.op(Op::Order { stmt: id.0 });
                }
                // Several claimed "if eligible" at once: each is tested as if the ones before it
                // were held (EXPANSIONS.md E10; MP3's two achievements per card returned).
                if verb == Verb::Achieve && several(cards) {
                    if let Some((player, score_multiple)) =
                        cards.filters.iter().find_map(|f| match f {
                            CardFilter::Eligible(player, multiple) => Some((player, *multiple)),
                            _ => None,
                        })
                    {
                        self.player(player);
                        self.op(Op::KeepClaimable { score_multiple });
                    }
                }
                self.op(Op::Move { verb, stmt: id.0 });
            }
        }
    }

    fn transfer(&mut self, id: StmtId, cards: &CardSel, to: &Destination, optional: bool) {
        // No card is chosen for a move that has no legal destination (../shared/SCENARIOS.md,
        // "How questions are asked"): with no player meeting the destination's condition, the
        // statement does not run (Optics with no opponent who has fewer points asks nothing).
        let guard = match &to.player {
            Player::Choose {
                set,
                condition: Some(condition),
            } => {
                let test = self.player_test(condition);
                self.op(Op::QuantifyPlayers {
                    quantifier: Quantifier::Any,
                    group: *set,
                    test,
                });
                Some(self.forward(Op::JumpIfFalse { target: 0 }))
            }
            _ => None,
        };
        self.cards(cards, Some((id, optional)));
        if to.bottom_up {
            self.op(Op::BottomFirst);
        } else if to.zone == DestinationZone::Board && several(cards) {
            self.op(Op::Order { stmt: id.0 });
        }
        if to.player == Player::Owner {
            self.op(Op::TransferToOwners {
                zone: to.zone,
                stmt: id.0,
            });
            return;
        }
        self.player(&to.player);
        self.op(Op::Transfer {
            zone: to.zone,
            stmt: id.0,
        });
        if let Some(guard) = guard {
            self.patch(guard);
        }
    }

    /// `exchange A with B`: each side is one player's hand or score pile. The owner's seat is
    /// computed once and kept for `Exchange` (a `Dup` feeds the side's `Zone`), so an owner
    /// chosen on the spot is asked for once.
    fn exchange(&mut self, id: StmtId, a: &CardSel, b: &CardSel) {
        let sides = [a, b].map(|sel| exchange_side(sel).map(|(p, z, d)| (sel, p, z, d)));
        let [Some(side_a), Some(side_b)] = sides else {
            self.unsupported(
                "an exchange whose sides are not each one player's hand or score pile",
            );
            return;
        };
        for (sel, owner, zone, _) in [side_a, side_b] {
            self.player(owner);
            self.op(Op::Dup);
            self.op(Op::Zone { zone });
            self.filters(&sel.filters);
            self.pick(sel, id, false);
        }
        self.op(Op::Exchange {
            zone_a: side_a.3,
            zone_b: side_b.3,
            stmt: id.0,
        });
    }
}

/// The ids of the statements of a body (not of their own children).
fn children(body: &[Stmt]) -> Vec<u16> {
    body.iter().map(|s| s.id.0).collect()
}

/// The ids of the statements of a block and of every block inside it (not a lasting effect's
/// body: a chunk of its own).
fn nested(body: &[Stmt], ids: &mut Vec<u16>) {
    for stmt in body {
        ids.push(stmt.id.0);
        match &stmt.kind {
            StmtKind::May(inner)
            | StmtKind::ForEachPlayer { body: inner, .. }
            | StmtKind::Act { body: inner, .. }
            | StmtKind::ForEachColor { body: inner, .. }
            | StmtKind::ForEachValue { body: inner, .. }
            | StmtKind::Times { body: inner, .. } => nested(inner, ids),
            StmtKind::If {
                then, otherwise, ..
            } => {
                nested(then, ids);
                nested(otherwise, ids);
            }
            StmtKind::Either { options, .. } => {
                for option in options {
                    nested(option, ids);
                }
            }
            _ => {}
        }
    }
}

/// Whether `Move` (and `draw and …`) can carry the verb out: every verb with a natural place.
fn moves_to_natural_place(verb: Verb) -> bool {
    matches!(
        verb,
        Verb::Meld
            | Verb::Tuck
            | Verb::Score
            | Verb::Return
            | Verb::Reveal
            | Verb::Junk
            | Verb::Remove
            | Verb::Achieve
            | Verb::Foreshadow
    )
}

/// Whether the text leaves no card to choose: named cards, this card, cards an earlier
/// statement named, every card of a zone, or the top card of one colour ("your top red card").
fn cards_fixed(sel: &CardSel) -> bool {
    match &sel.source {
        CardSource::Card(_) | CardSource::ThisCard | CardSource::Bound(_) => return true,
        _ => {}
    }
    if sel.pick.extreme.is_some() {
        return false;
    }
    match sel.pick.count {
        Count::All => true,
        Count::Exactly(1) => {
            let top_of_board = matches!(&sel.source, CardSource::Zones { owner: Owner::One(_), zones }
                if matches!(zones.as_slice(), [ZoneRef::Board(BoardPosition::Top)]));
            top_of_board
                && sel
                    .filters
                    .iter()
                    .any(|f| matches!(f, CardFilter::Color(c) if one_colour(c)))
        }
        _ => false,
    }
}

/// Whether a colour selection names exactly one colour (no choice among colours).
fn one_colour(sel: &ColorSel) -> bool {
    matches!(
        sel.alternatives.as_slice(),
        [ColorTerm::Named(_) | ColorTerm::Of(_) | ColorTerm::Param(_) | ColorTerm::Candidate]
    )
}

/// Whether the colour is a rule that selects (`a color with the most cards`): not a choice the
/// text names, so a `you may` before it is a yes/no (the Golden Rule asks only on a tie).
fn selects_colour(sel: &ColorSel) -> bool {
    matches!(sel.alternatives.as_slice(), [ColorTerm::Any(filters)] if filters.contains(&ColorFilter::MostCards))
}

/// Whether picking the cards is a choice the text names, into which a `you may` folds: not
/// fixed cards, and not a rule that selects ("the highest card": a yes/no, then the Golden
/// Rule's question only if the rule ties).
fn choosable(sel: &CardSel) -> bool {
    sel.pick.extreme.is_none() && !cards_fixed(sel)
}

/// Whether a statement's first question is a choice that a `you may` before it folds into:
/// one of several colours to splay, unsplay or rearrange (of a player not chosen on the spot),
/// an alternative, a `choose`, cards to pick or to execute, a special achievement.
fn opens_with_choice(stmt: &Stmt) -> bool {
    let own = |p: &Player| matches!(p, Player::Executor | Player::Demander | Player::Each);
    match &stmt.kind {
        StmtKind::Splay { player, color, .. }
        | StmtKind::Unsplay { player, color }
        | StmtKind::Rearrange { player, color }
        | StmtKind::SplayLike { player, color, .. } => {
            own(player) && !one_colour(color) && !selects_colour(color)
        }
        // The `you may` is the executor's: it folds into a choice only the executor makes.
        StmtKind::Either { chooser, .. }
        | StmtKind::Choose { chooser, .. }
        | StmtKind::ChooseValueAmong { chooser, .. }
        | StmtKind::ChooseValueRange { chooser, .. }
        | StmtKind::ChooseValueListed { chooser, .. }
        | StmtKind::ChooseColors { chooser, .. } => *chooser == Player::Executor,
        StmtKind::JunkSpecial { all } => !all,
        StmtKind::RestoreSpecial => true,
        StmtKind::PickCards(sel) | StmtKind::SelfExecute(sel) | StmtKind::ExecuteAsIf(sel) => {
            picks_first(sel)
        }
        StmtKind::Move { cards, .. } => picks_first(cards),
        _ => false,
    }
}

/// Whether the first question of taking these cards is the pick itself (no player chosen
/// first, no shared value chosen first) and the pick is a choice.
fn picks_first(sel: &CardSel) -> bool {
    let owner_fixed = match &sel.source {
        CardSource::Zones { owner, .. } => !matches!(
            owner,
            Owner::One(Player::Choose { .. } | Player::ChosenBy(_))
        ),
        _ => true,
    };
    owner_fixed
        && !sel.filters.contains(&CardFilter::SameValue)
        && !sel.filters.contains(&CardFilter::SameColor)
        && choosable(sel)
}

/// Whether a selection can yield more than one card (so that their order may matter).
fn several(sel: &CardSel) -> bool {
    match sel.source {
        CardSource::Card(_)
        | CardSource::ThisCard
        | CardSource::Bound(Binding { nth: Some(_), .. }) => return false,
        _ => {}
    }
    match sel.pick.count {
        Count::Exactly(n) | Count::UpTo(n) => n > 1,
        Count::Between(_, most) => most > 1,
        Count::AnyNumber | Count::All | Count::AllBut(_) | Count::Half(_) | Count::Computed => true,
    }
}

/// An exchange side's owner and zone, when it is one player's hand or score pile.
fn exchange_side(sel: &CardSel) -> Option<(&Player, ZoneSel, DestinationZone)> {
    match &sel.source {
        CardSource::Zones {
            owner: Owner::One(player),
            zones,
        } => match zones.as_slice() {
            [ZoneRef::Hand] => Some((player, ZoneSel::Hand, DestinationZone::Hand)),
            [ZoneRef::ScorePile] => Some((player, ZoneSel::ScorePile, DestinationZone::ScorePile)),
            _ => None,
        },
        _ => None,
    }
}
