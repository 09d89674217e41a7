//! English card text from the syntax tree, in the register of the printed cards (`dogma render`).
//!
//! The renderer walks a card's AST and writes each effect as sentences: icons and values in
//! brackets (`[leaf]`, `[3]`), small counts as words, demands as "I demand you …!". Every rule is
//! a general rendering of one construct of the language; nothing depends on a particular card.
//!
//! Rendering works in two layers. A statement becomes a `Clause`: lower-case English without a
//! full stop, which a block joins to its neighbours ("draw a [1] and repeat this dogma effect").
//! An effect's top-level statements become `Sentence`s, each of which may carry a lead ("if you
//! do", "otherwise") that a demand's "I demand you" follows.
//!
//! This file holds the public entry points and the `Renderer`'s state. The rest is split by what
//! it words: `sentences` (clauses joined into sentences, and the finished text), `statements`,
//! `selections` (cards), `values` (values, counts and colours), `conditions`, `players`, and
//! `words` (numbers, articles and lists).

mod conditions;
mod players;
mod selections;
mod sentences;
mod statements;
mod values;
pub(crate) mod words;

use std::collections::HashMap;

use crate::ast::*;

use sentences::finish;
use words::{icon, or_list};

/// One effect of a card, rendered as English.
#[derive(Clone, Debug, PartialEq)]
pub struct RenderedEffect {
    pub kind: EffectKind,
    /// The featured icon printed beside the effect.
    pub icon: Option<String>,
    pub text: String,
}

/// The wording conventions of an edition's printed cards (../shared/rules/EDITIONS.md,
/// "executing another card"): how a self-execute and a repeat read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Wording {
    /// "execute its non-demand dogma effects for yourself only"; "repeat this dogma effect".
    First,
    /// "execute each of its non-demand effects. Do not share them."; "repeat this dogma effect".
    #[default]
    Third,
    /// "self-execute it"; "repeat this effect".
    Fourth,
}

impl Wording {
    pub fn from_word(word: &str) -> Option<Wording> {
        match word {
            "first" => Some(Wording::First),
            "third" => Some(Wording::Third),
            "fourth" => Some(Wording::Fourth),
            _ => None,
        }
    }

    pub fn word(self) -> &'static str {
        match self {
            Wording::First => "first",
            Wording::Third => "third",
            Wording::Fourth => "fourth",
        }
    }
}

/// Every effect of the card, in order, as English.
pub fn render_card(card: &Card, wording: Wording) -> Vec<RenderedEffect> {
    card.effects
        .iter()
        .map(|effect| RenderedEffect {
            kind: effect.kind.node,
            icon: effect.icon.as_ref().map(|i| i.node.clone()),
            text: render_effect(&card.title.node, effect, wording),
        })
        .collect()
}

/// One effect as English; `title` is the card's own title (for `this card`).
pub fn render_effect(title: &str, effect: &Effect, wording: Wording) -> String {
    let mut renderer = Renderer::new(title, wording);
    renderer.not_dogma = matches!(effect.kind.node, EffectKind::Inspire | EffectKind::Karma);
    // A parameter reads as its value on the effect's first run, as the printed card shows it.
    renderer.params = effect
        .params
        .iter()
        .map(|a| (a.name.node.clone(), a.value.clone()))
        .collect();
    // A "would" karma's card (`it`) is one card.
    if let Some(Karma::Would { event, .. }) = effect.karma.as_ref().map(|k| &k.node) {
        renderer.would_card(&event.node);
    }
    let sentences = renderer.block_sentences(&effect.body.stmts);
    let would_head = match effect.karma.as_ref().map(|k| &k.node) {
        Some(Karma::Would {
            who,
            event,
            condition,
            mode,
        }) => Some(renderer.would_head(who.node, &event.node, condition.as_ref(), mode.node)),
        _ => None,
    };
    if let Some(head) = would_head {
        let body = finish(sentences, effect.kind.node);
        let mut chars = body.chars();
        let body: String = match chars.next() {
            Some(first) => first.to_lowercase().chain(chars).collect(),
            None => body,
        };
        return format!("{head} {body}");
    }
    match &effect.karma {
        Some(karma) => karma_text(&karma.node, finish(sentences, effect.kind.node)),
        None => finish(sentences, effect.kind.node),
    }
}

/// A karma effect's text: its head, and the body's sentences where it acts (`body`).
fn karma_text(karma: &Karma, body: String) -> String {
    match karma {
        Karma::Decree(title) => format!(
            "You may issue {} {} Decree with any two figures.",
            words::article(&title.node),
            title.node
        ),
        // Rendered by `render_effect`, which has the renderer its filters need.
        Karma::Would { .. } => body,
        Karma::NoFade => "If you are required to fade a figure, instead do nothing.".to_string(),
        Karma::WhenMelded { from_hand } => {
            let mut chars = body.chars();
            let body: String = match chars.next() {
                Some(first) => first.to_lowercase().chain(chars).collect(),
                None => body,
            };
            let from = if *from_hand { " from your hand" } else { "" };
            format!("When you meld this card{from}, {body}")
        }
        Karma::Provides { per, amount, gift } => {
            let per = match &per.node {
                KarmaUnit::OnBoard(name) => format!("{} on your board", words::icon(&name.node)),
                KarmaUnit::CardsIn(zones) => {
                    let zones: Vec<String> =
                        zones.iter().map(|z| z.word(false).to_string()).collect();
                    format!("card in your {}", words::and_list(&zones))
                }
                KarmaUnit::SplayedColor => "splayed color on your board".to_string(),
                KarmaUnit::IconInSplayed(d) => {
                    format!("icon in each color you have splayed {}", d.word())
                }
            };
            let n = amount.node;
            let gift = match &gift.node {
                KarmaGift::Points => format!(
                    "{} toward your score",
                    if n == 1 { "point" } else { "points" }
                ),
                KarmaGift::PointsPerIcon(icon) => format!(
                    "{} toward your score for every {} on your board",
                    if n == 1 { "point" } else { "points" },
                    words::icon(&icon.node)
                ),
                KarmaGift::EveryIconOnBoard => "icon of every type on your board".to_string(),
                KarmaGift::SameIcon => "icon of the same type".to_string(),
                KarmaGift::Icons(icons) => {
                    let icons: Vec<String> = icons.iter().map(|i| words::icon(&i.node)).collect();
                    words::and_list(&icons)
                }
            };
            format!(
                "Each {per} provides {} additional {gift}.",
                words::number(n)
            )
        }
    }
}

/// The alternatives of an `either` of an effect, each as the words a player reads when asked to
/// pick one ("draw a [2]", "score your top red card"); `params` are the effect's parameters.
pub fn render_alternatives(
    title: &str,
    params: &[Arg],
    blocks: &[Block],
    wording: Wording,
) -> Vec<String> {
    let mut renderer = Renderer::new(title, wording);
    renderer.params = params
        .iter()
        .map(|a| (a.name.node.clone(), a.value.clone()))
        .collect();
    renderer.alternatives(blocks).0
}

/// A special achievement's claim condition and its alternative card, as English.
pub fn render_achievement(a: &Achievement, wording: Wording) -> String {
    if let Some(decree) = &a.decree {
        return render_effect(&a.title.node, &decree.effect, wording);
    }
    let renderer = Renderer::new(&a.title.node, wording);
    let conditions: Vec<String> = a
        .when
        .iter()
        .map(|c| renderer.cond(c))
        .chain(a.triggers.iter().map(|t| renderer.trigger(t)))
        .collect();
    let mut text = if conditions.is_empty() {
        "This achievement has no claim condition of its own.".to_string()
    } else {
        // The fourth edition claims special achievements at the end of an action.
        let when = match wording {
            Wording::Fourth => "at the end of any action",
            _ => "immediately",
        };
        format!(
            "Claim this achievement {when} if {}.",
            conditions.join(" and ")
        )
    };
    if !a.via.is_empty() {
        let titles: Vec<String> = a.via.iter().map(|t| t.node.clone()).collect();
        text.push_str(&format!(
            " It can also be claimed via {}.",
            or_list(&titles)
        ));
    }
    text
}

/// A whole card as a plain-text block: the title, a line with the age, colour and icons, then
/// one line per effect prefixed with its featured icon.
pub fn render_card_text(card: &Card, wording: Wording) -> String {
    let mut lines = vec![card.title.node.clone()];
    let mut facts = Vec::new();
    for fact in &card.facts {
        match &fact.node {
            Fact::Approximate(_) => {}
            Fact::Relic(set) => facts.push(format!("Relic ({} back)", set_title(&set.node))),
            Fact::BoardValue(v) => facts.push(format!("value {} on a board", v.node)),
            Fact::Age(age) => facts.push(format!("Age {}", age.node)),
            Fact::Color(color) => facts.push(color.node.clone()),
            Fact::Icons(slots) => {
                let icons: Vec<String> = slots
                    .iter()
                    .map(|s| match &s.number {
                        Some(n) => format!("[{} {}]", s.name.node, n.node),
                        None => icon(&s.name.node),
                    })
                    .collect();
                // Six slots are two rows (a city): the top row, then the bottom row.
                match icons.len() {
                    6 => facts.push(format!(
                        "{} / {}",
                        icons[..3].join(" "),
                        icons[3..].join(" ")
                    )),
                    _ => facts.push(icons.join(" ")),
                }
            }
        }
    }
    if !facts.is_empty() {
        lines.push(facts.join(" · "));
    }
    for effect in render_card(card, wording) {
        let mut line = String::new();
        if let Some(i) = &effect.icon {
            line.push_str(&icon(i));
            line.push(' ');
        }
        if effect.kind == EffectKind::Echo {
            line.push_str("Echo: ");
        }
        if effect.kind == EffectKind::Inspire {
            line.push_str("Inspire: ");
        }
        if effect.kind == EffectKind::Karma {
            line.push_str("Karma: ");
        }
        line.push_str(&effect.text);
        lines.push(line);
    }
    lines.join("\n")
}

/// A set's name as printed on its cards' backs: `cities` reads "Cities", `base` "Base".
fn set_title(set: &str) -> String {
    let mut chars = set.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// Walks one effect (or one achievement condition), remembering how many cards each verb moved
/// so that later references read "the card you returned" or "the cards you returned".
struct Renderer<'t> {
    title: &'t str,
    wording: Wording,
    /// The effect's parameters and their first values.
    params: HashMap<String, ArgValue>,
    /// Whether the latest statement with each participle moved several cards.
    plural: HashMap<Participle, bool>,
    /// How many cards the latest statement with each participle moved, when that is known.
    counts: HashMap<Participle, u32>,
    /// The participles some of whose cards a later statement has moved away (`transfer a card
    /// from drawn …`), with how many when that is known: what remains is "the other".
    taken: HashMap<Participle, Option<u32>>,
    /// The participle the statement just rendered took cards from.
    last_taken: Option<Participle>,
    /// How many values the latest `choose … values` picks (`a card of each value chosen`).
    values_chosen: Option<u32>,
    /// The latest choice of values was `choose a number`: `chosen` is "the chosen number".
    number_chosen: bool,
    /// The effect is no dogma effect (an inspire or karma effect, Figures): "repeat this
    /// effect".
    not_dogma: bool,
    /// A "would" karma's participle (`drawn` in `if you would draw a card`) while it still
    /// names the event's card, with the event's verb: "the card you would draw".
    would: Option<(Participle, &'static str)>,
}

impl<'t> Renderer<'t> {
    fn new(title: &'t str, wording: Wording) -> Renderer<'t> {
        Renderer {
            title,
            wording,
            params: HashMap::new(),
            plural: HashMap::new(),
            counts: HashMap::new(),
            taken: HashMap::new(),
            last_taken: None,
            values_chosen: None,
            number_chosen: false,
            not_dogma: false,
            would: None,
        }
    }

    /// The first value of a value parameter.
    fn param_expr(&self, name: &str) -> Option<&Expr> {
        match self.params.get(name) {
            Some(ArgValue::Expr(e)) => Some(e),
            _ => None,
        }
    }

    /// A colour atom with a colour parameter replaced by its first value.
    fn resolve_color(&self, atom: &ColorAtom) -> ColorAtom {
        if let ColorAtom::Named(n) = atom {
            match self.params.get(n) {
                Some(ArgValue::Color(a)) => return a.clone(),
                Some(ArgValue::Expr(Expr {
                    kind: ExprKind::Name(c),
                    ..
                })) => return ColorAtom::Named(c.clone()),
                Some(ArgValue::Expr(Expr {
                    kind: ExprKind::Chosen,
                    ..
                })) => return ColorAtom::Chosen,
                _ => {}
            }
        }
        atom.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::parse;

    /// Renders the effects of the only card in `source`.
    fn effects(source: &str) -> Vec<String> {
        let file = parse(source).expect("parses");
        let Some(Item::Card(card)) = file.items.first() else {
            panic!("no card");
        };
        render_card(card, Wording::Third)
            .into_iter()
            .map(|e| e.text)
            .collect()
    }

    fn card(body: &str) -> String {
        format!("card \"Test\" {{ {body} age 1 color red icons hex leaf leaf leaf }}")
    }

    #[test]
    fn a_demand_orders_you_and_ends_with_bangs() {
        let texts = effects(&card(
            "demand castle { draw a [1] then transfer the highest card from your hand to my hand \
             if you do { draw 2 [1] } }",
        ));
        assert_eq!(
            texts[0],
            "I demand you draw a [1], then transfer the highest card from your hand to my hand! \
             If you do, draw two [1]!"
        );
    }

    #[test]
    fn a_compel_orders_you_to() {
        let texts = effects(&card(
            "compel leaf { return a card from your hand if you do { draw a [1] } }",
        ));
        assert_eq!(
            texts[0],
            "I compel you to return a card from your hand! If you do, draw a [1]!"
        );
        let texts = effects(&card("compel leaf { you may score a card from your hand }"));
        assert_eq!(
            texts[0],
            "I compel you to choose whether to score a card from your hand!"
        );
    }

    #[test]
    fn a_demand_with_a_condition_orders_first() {
        let texts = effects(&card(
            "demand leaf { if you have at least 4 castle { \
             transfer a top card with castle from your board to my board \
             if you do { draw a [1] } } }",
        ));
        assert_eq!(
            texts[0],
            "I demand you transfer a top card with a [castle] from your board to my board if you \
             have at least four [castle] on your board! If you do, draw a [1]!"
        );
        let texts = effects(&card("compel leaf { if you have no crown { draw a [2] } }"));
        assert_eq!(
            texts[0],
            "I compel you to draw a [2] if you have no [crown] on your board!"
        );
    }

    #[test]
    fn the_cards_left_after_some_were_taken_are_the_other() {
        let texts = effects(&card(
            "demand leaf { draw and reveal 2 [9] \
             transfer a card of my choice from drawn to my board then meld drawn } \
             effect leaf { draw 3 [1] return a card from drawn tuck drawn } \
             effect leaf { draw 3 [1] return a card from drawn meld a card from your hand \
             score drawn draw a [2] score drawn }",
        ));
        assert_eq!(
            texts[0],
            "I demand you draw and reveal two [9]! Transfer a card of my choice from the cards \
             you drew to my board, then meld the other!"
        );
        assert_eq!(
            texts[1],
            "Draw three [1]. Return a card from the cards you drew. Tuck the other two."
        );
        // Further on, the rest is named in full; a new draw binds `drawn` afresh.
        assert_eq!(
            texts[2],
            "Draw three [1]. Return a card from the cards you drew. Meld a card from your hand. \
             Score the other cards you drew. Draw a [2]. Score the card you drew."
        );
    }

    #[test]
    fn a_history_a_player_has_runs_so_far_during_the_action() {
        let source = card(
            "effect leaf { if you have more cards returned due to this card than each other \
             player { draw an [8] } } \
             effect leaf { if you have at least 6 cards tucked this turn { draw a [1] } }",
        );
        let texts = effects(&source);
        assert_eq!(
            texts[0],
            "If you have returned more cards than each other player due to Test so far during \
             this dogma action, draw an [8]."
        );
        assert_eq!(
            texts[1],
            "If you have tucked at least six cards this turn, draw a [1]."
        );
        let file = parse(&source).expect("parses");
        let Some(Item::Card(c)) = file.items.first() else {
            panic!("no card");
        };
        assert!(render_card(c, Wording::Fourth)[0]
            .text
            .contains("due to Test so far during this action,"));
    }

    #[test]
    fn fewer_different_colors_than_cards_is_a_shared_color() {
        let texts = effects(&card(
            "effect leaf { draw and reveal 3 [6] \
             if number of different colors in drawn < number of drawn { return drawn } } \
             effect leaf { draw 2 [6] if number of drawn = number of different values in drawn \
             { score drawn } }",
        ));
        assert_eq!(
            texts[0],
            "Draw and reveal three [6]. If at least two of the cards you drew are the same color, \
             return the cards you drew."
        );
        assert_eq!(
            texts[1],
            "Draw two [6]. If no two of the cards you drew are of the same value, score the \
             cards you drew."
        );
    }

    #[test]
    fn a_value_from_a_card_or_higher_is_equal_or_higher() {
        let texts = effects(&card(
            "effect leaf { return a top card from your board \
             return all cards of value (value of returned) or higher from your score pile } \
             demand leaf { return 2 top cards of the same value from your board \
             return all cards of value (value of returned) or lower from your hand and score pile }",
        ));
        assert_eq!(
            texts[0],
            "Return a top card from your board. Return all cards from your score pile of equal \
             or higher value than the card you returned."
        );
        assert_eq!(
            texts[1],
            "I demand you return exactly two top cards of the same value from your board! Return \
             all cards from your hand and score pile of equal or lower value than the cards you \
             returned!"
        );
    }

    #[test]
    fn an_icon_of_my_choice_other_than_one_follows_the_source() {
        let texts = effects(&card(
            "demand leaf { return 2 top cards with the icon of my choice other than leaf \
             from your board }",
        ));
        assert_eq!(
            texts[0],
            "I demand you return two top cards from your board with the icon of my choice other \
             than [leaf]!"
        );
    }

    #[test]
    fn the_bottom_of_a_named_pile_is_your_bottom_cards() {
        let texts = effects(&card(
            "effect leaf (c = red) { return the bottom 3 cards of color c from your board } \
             effect leaf { tuck the bottom 1 cards of color blue from your board }",
        ));
        assert_eq!(texts[0], "Return your bottom three red cards.");
        assert_eq!(texts[1], "Tuck your bottom blue card.");
    }

    /// What the demander says of themself ("I choose …") stands before the order, which goes
    /// to the first sentence the victim carries out; joined to the victim's clause, the victim
    /// is named.
    #[test]
    fn a_demanders_choice_stands_before_the_order() {
        let texts = effects(&card(
            "demand leaf { I choose a color \
             transfer all cards of color chosen from your hand to my hand } \
             demand leaf { I choose [2] or [3] I choose an icon other than crown } \
             demand leaf { draw a [1] if you do { I choose a value \
             return all cards of value chosen from your hand } }",
        ));
        assert_eq!(
            texts[0],
            "I choose a color! I demand you transfer all cards of the chosen color from your \
             hand to my hand!"
        );
        assert_eq!(
            texts[1],
            "I choose [2] or [3]! I choose an icon other than [crown]!"
        );
        assert_eq!(
            texts[2],
            "I demand you draw a [1]! If you do, I choose a value, and you return all cards of \
             the chosen value from your hand!"
        );
    }

    /// A repeat says what it uses as the printed cards do: relative to the parameter's value,
    /// to a card or to a choice; the parameter's name never shows.
    #[test]
    fn a_repeat_uses_values_as_the_card_says() {
        let texts = effects(&card(
            "effect leaf (v = 1) { draw and score a [v] repeat this effect with v = v + 1 } \
             effect leaf (v = 3) { return all cards of value v from your hand \
             if you do { repeat this effect with v = value of returned - 2 } } \
             effect leaf (c = blue, v = 2) { tuck all cards of color c from your hand \
             choose a color repeat this effect with c = chosen, v = v } \
             effect leaf (c = red) { draw and meld a [1] repeat this effect with c = c }",
        ));
        assert_eq!(
            texts[0],
            "Draw and score a [1]. Repeat this dogma effect using a value one higher."
        );
        assert!(
            texts[1].ends_with(
                "If you do, repeat this dogma effect using a value two lower than the cards you \
                 returned."
            ),
            "{}",
            texts[1]
        );
        assert!(
            texts[2].ends_with(
                "Choose a color. Repeat this dogma effect using the chosen color and the same \
                 value."
            ),
            "{}",
            texts[2]
        );
        assert!(
            texts[3].ends_with("Repeat this dogma effect using the same color."),
            "{}",
            texts[3]
        );
    }

    #[test]
    fn counts_are_words_and_values_are_bracketed() {
        let texts = effects(&card(
            "effect leaf { you may return up to 3 cards from your hand draw an [8] }",
        ));
        assert_eq!(
            texts[0],
            "You may return up to three cards from your hand. Draw an [8]."
        );
    }

    #[test]
    fn a_value_one_higher_than_a_bound_card() {
        let texts = effects(&card(
            "effect leaf { you may return a card from your hand \
             if you do { draw and score a [value of returned + 1] } }",
        ));
        assert_eq!(
            texts[0],
            "You may return a card from your hand. If you do, draw and score a card of value one \
             higher than the card you returned."
        );
    }

    #[test]
    fn splays_name_your_cards() {
        let texts = effects(&card(
            "effect leaf { you may splay left red } effect leaf { splay right a color splayed left }",
        ));
        assert_eq!(texts[0], "You may splay your red cards left.");
        assert_eq!(
            texts[1],
            "Splay right any one color of your cards currently splayed left."
        );
    }

    #[test]
    fn this_card_is_its_title_and_self_execute_forbids_sharing() {
        let texts = effects(&card(
            "effect leaf { self-execute a top card other than this card from your board }",
        ));
        assert_eq!(
            texts[0],
            "Execute each of the non-demand effects of a top card from your board other than \
             Test. Do not share them."
        );
    }

    #[test]
    fn rare_statements_render_without_panicking() {
        let texts = effects(&card(
            "echo { junk a card from your hand foreshadow a card from your hand \
             achieve your top red card draw and junk a [3] exchange all cards from your hand \
             with all cards from your score pile rearrange red you lose end the game \
             unsplay a color choose an opponent }",
        ));
        assert!(
            texts[0].starts_with("Junk a card from your hand."),
            "{}",
            texts[0]
        );
        assert!(texts[0].contains("The game ends."), "{}", texts[0]);
        assert!(texts[0].contains("Choose an opponent."), "{}", texts[0]);
    }

    #[test]
    fn other_players_act_in_their_own_words() {
        let texts = effects(&card(
            "effect leaf { each opponent draws and scores a [1] \
             each player with more leaf than you scores a card from their hand \
             an opponent of your choice chooses a card from your hand \
             then the opponent with the most cards in hand reveals and returns it } \
             demand leaf { I choose either { draw a [1] } or { draw a [2] } }",
        ));
        assert_eq!(
            texts[0],
            "Each opponent draws and scores a [1]. Each player with more [leaf] on their board \
             than you scores a card from their hand. An opponent of your choice chooses a card \
             from your hand, then the opponent with the most cards in their hand reveals and \
             returns it."
        );
        assert_eq!(
            texts[1],
            "I demand you either draw a [1], or draw a [2], as I choose!"
        );
    }

    #[test]
    fn colours_counts_and_decks_in_designers_words() {
        let texts = effects(&card(
            "effect leaf { for each color on your board without crown { tuck a card of that \
             color from your hand } splay right each color you have splayed left } \
             effect leaf { draw (number of colors on your board) [2] choose a value from 1 to 3 \
             draw a [1] for every opponent with fewer leaf than you \
             you may repeat this effect at most twice } \
             effect leaf { look at the top card of the [3] deck \
             if you are eligible to claim an achievement of value 4 { score it } }",
        ));
        assert_eq!(
            texts[0],
            "For each color on your board without [crown], tuck a card of that color from your \
             hand. Splay right each color you have splayed left."
        );
        assert_eq!(
            texts[1],
            "Draw a number of [2] equal to the number of colors on your board. Choose a value \
             from one to three. Draw a [1] for every opponent with fewer [leaf] on their board \
             than you. You may repeat this dogma effect, at most twice."
        );
        assert_eq!(
            texts[2],
            "Look at the top card of the [3] deck. If you are eligible to claim an achievement \
             of value [4], score it."
        );
    }

    #[test]
    fn an_achievement_names_its_condition_and_card() {
        let file =
            parse("achievement \"World\" { when you have at least 12 clock via \"Translation\" }")
                .expect("parses");
        let Some(Item::Achievement(a)) = file.items.first() else {
            panic!("no achievement");
        };
        assert_eq!(
            render_achievement(a, Wording::Third),
            "Claim this achievement immediately if you have at least twelve [clock] on your \
             board. It can also be claimed via Translation."
        );
    }

    #[test]
    fn a_trigger_names_the_move_and_the_pile() {
        let file = parse(
            "achievement \"Legend\" { when you meld a card with splay_left or flag onto a color splayed left or up with crown }",
        )
        .expect("parses");
        let Some(Item::Achievement(a)) = file.items.first() else {
            panic!("no achievement");
        };
        assert_eq!(a.triggers.len(), 1);
        assert!(a.when.is_empty());
        assert_eq!(
            render_achievement(a, Wording::Third),
            "Claim this achievement immediately if you meld a card with a [splay_left] or [flag] \
             onto a color already splayed left or up with one or more [crown]."
        );
    }
}
