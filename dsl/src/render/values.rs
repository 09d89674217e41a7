//! Values, counts and colours in English: "[3]", "a card of value one higher than …", what is
//! counted, and colour groups and filters.

use crate::ast::*;

use super::selections::is_anaphoric;
use super::words::{article, icon, number, or_list, past};
use super::Renderer;

impl Renderer<'_> {
    /// `a [3]`, `2 [1]`, `a [value of returned + 1]` → "a [3]", "two [1]", "a card of value one
    /// higher than the card you returned".
    pub(super) fn counted_value(&self, count: u32, value: &Expr) -> String {
        let noun = self.value_noun(value, count != 1);
        if count == 1 {
            format!("{} {noun}", article(&noun))
        } else {
            format!("{} {noun}", number(count))
        }
    }

    /// The noun of a card of a type and a value: "Artifact [3]", "Artifact of value equal to
    /// …".
    pub(super) fn typed_value_noun(&self, value: &Expr, kind: CardType, plural: bool) -> String {
        let noun = self.value_noun(value, plural);
        let typed = kind.noun(plural);
        if noun.starts_with('[') {
            return format!("{typed} {noun}");
        }
        let rest = noun
            .strip_prefix(if plural { "cards" } else { "card" })
            .unwrap_or(&noun);
        format!("{typed}{rest}")
    }

    /// The noun of a draw of a type: "Artifact [3]", "[2] of that type" (the chosen type), "card
    /// of any type of value …", "card of matching type and value to the card you covered".
    pub(super) fn draw_type_noun(&self, value: &Expr, kind: &DrawType, plural: bool) -> String {
        let card = if plural { "cards" } else { "card" };
        let of = match kind {
            DrawType::Named(kind) => return self.typed_value_noun(value, *kind, plural),
            DrawType::Chosen => "of that type".to_string(),
            DrawType::Any => "of any type".to_string(),
            DrawType::SameAs(other) => {
                let other = self.card_ref(other);
                if let ExprKind::ValueOf(of) = &value.kind {
                    if self.card_ref(of) == other {
                        return format!("{card} of matching type and value to {other}");
                    }
                }
                format!("of the same type as {other}")
            }
        };
        let noun = self.value_noun(value, plural);
        if noun.starts_with('[') {
            return format!("{noun} {of}");
        }
        let rest = noun.strip_prefix(card).unwrap_or(&noun);
        format!("{card} {of}{rest}")
    }

    /// The noun of a card of a value: "[3]" or "card of value equal to …".
    pub(super) fn value_noun(&self, value: &Expr, plural: bool) -> String {
        if let ExprKind::Name(n) = &value.kind {
            if let Some(first) = self.param_expr(n) {
                return self.value_noun(first, plural);
            }
        }
        match &value.kind {
            ExprKind::Int(n) => format!("[{n}]"),
            ExprKind::Paren(inner) => self.value_noun(inner, plural),
            ExprKind::AnyValue => format!("{} of any value", if plural { "cards" } else { "card" }),
            ExprKind::EachOf(list) => format!(
                "{} of each {}",
                if plural { "cards" } else { "card" },
                self.each_value(list)
                    .strip_prefix("for each ")
                    .unwrap_or_default()
            ),
            ExprKind::Among(list @ ValueList::ValuesIn(_)) => format!(
                "{} of {}",
                if plural { "cards" } else { "card" },
                self.among(list)
            ),
            _ => format!(
                "{} {}",
                if plural { "cards" } else { "card" },
                self.value_relation(value)
            ),
        }
    }

    /// How a card's value relates to an expression: "of value two higher than your top purple
    /// card", "of the chosen value", "of value equal to the number of cards you returned".
    pub(super) fn value_relation(&self, e: &Expr) -> String {
        if let ExprKind::Name(n) = &e.kind {
            if let Some(first) = self.param_expr(n) {
                return self.value_relation(first);
            }
        }
        match &e.kind {
            ExprKind::Int(n) => format!("of value [{n}]"),
            ExprKind::Paren(inner) => self.value_relation(inner),
            ExprKind::Chosen => "of the chosen value".to_string(),
            ExprKind::ThatValue => "of that value".to_string(),
            ExprKind::NextHigher => "of the next higher value".to_string(),
            ExprKind::ValueOf(r) => format!("of the same value as {}", self.card_ref(r)),
            ExprKind::Add(a, b) | ExprKind::Sub(a, b) => {
                let higher = matches!(e.kind, ExprKind::Add(..));
                let offset = match (&a.kind, &b.kind) {
                    (_, ExprKind::Int(n)) => self.value_anchor(a).map(|anchor| (*n, anchor)),
                    (ExprKind::Int(n), _) if higher => {
                        self.value_anchor(b).map(|anchor| (*n, anchor))
                    }
                    _ => None,
                };
                match offset {
                    Some((0, anchor)) => format!("of the same value as {anchor}"),
                    Some((n, anchor)) => format!(
                        "of value {} {} than {anchor}",
                        number(n),
                        if higher { "higher" } else { "lower" }
                    ),
                    None => format!("of value equal to {}", self.expr(e, false)),
                }
            }
            ExprKind::Extreme { highest, set } => {
                format!("of value equal to {}", self.extreme_card(*highest, set))
            }
            _ => format!("of value equal to {}", self.expr(e, false)),
        }
    }

    /// `chosen` as a value: "the chosen value", or "the chosen number" after `choose a number`.
    fn chosen_value(&self) -> String {
        if self.number_chosen {
            "the chosen number".to_string()
        } else {
            "the chosen value".to_string()
        }
    }

    /// What a value is measured from, named as a card: "the card you returned", "the highest
    /// card in your score pile".
    pub(super) fn value_anchor(&self, e: &Expr) -> Option<String> {
        match &e.kind {
            ExprKind::ValueOf(r) => Some(self.card_ref(r)),
            ExprKind::Extreme { highest, set } => Some(self.extreme_card(*highest, set)),
            ExprKind::Chosen => Some(self.chosen_value()),
            ExprKind::Among(list) => Some(self.among(list)),
            ExprKind::ThatValue => Some("that value".to_string()),
            ExprKind::Paren(inner) => self.value_anchor(inner),
            _ => None,
        }
    }

    /// The card whose value an expression is, when it is one: "the card you returned", "the
    /// highest card in your score pile".
    pub(super) fn card_anchor(&self, e: &Expr) -> Option<String> {
        match &e.kind {
            ExprKind::ValueOf(r) => Some(self.card_ref(r)),
            ExprKind::Extreme { highest, set } => Some(self.extreme_card(*highest, set)),
            ExprKind::Paren(inner) => self.card_anchor(inner),
            ExprKind::Name(n) => self.param_expr(n).and_then(|first| self.card_anchor(first)),
            _ => None,
        }
    }

    /// "the highest card in your score pile", "the highest of your top cards".
    fn extreme_card(&self, highest: bool, set: &SetRef) -> String {
        let which = if highest { "highest" } else { "lowest" };
        match set {
            SetRef::Zone(z) => format!("the {which} card in {}", self.zone(z)),
            _ => format!("the {which} of {}", self.set_cards(set)),
        }
    }

    /// `of value 4 or lower` → "of value [4] or lower".
    pub(super) fn value_spec(&self, spec: &ValueSpec) -> String {
        if spec.rest.is_empty() {
            return self.value_relation(&spec.first);
        }
        // `of value (value of returned) or higher` → "of equal or higher value than the card you
        // returned".
        if let ([alt], Some(card)) = (spec.rest.as_slice(), self.card_anchor(&spec.first)) {
            match alt.node {
                ValueAlternative::OrHigher => {
                    return format!("of equal or higher value than {card}")
                }
                ValueAlternative::OrLower => return format!("of equal or lower value than {card}"),
                ValueAlternative::Or(_) => {}
            }
        }
        let mut text = format!("of value {}", self.value_atom(&spec.first));
        for alt in &spec.rest {
            match &alt.node {
                ValueAlternative::OrHigher => text.push_str(" or higher"),
                ValueAlternative::OrLower => text.push_str(" or lower"),
                ValueAlternative::Or(e) => {
                    text.push_str(" or ");
                    text.push_str(&self.value_atom(e));
                }
            }
        }
        text
    }

    fn value_atom(&self, e: &Expr) -> String {
        self.expr(e, true)
    }

    /// An expression as a noun phrase. Whole numbers are "[n]" where they stand for a value
    /// and words where they count.
    pub(super) fn expr(&self, e: &Expr, as_value: bool) -> String {
        match &e.kind {
            ExprKind::Name(n) => match self.param_expr(n) {
                Some(first) => self.expr(first, as_value),
                None => n.clone(),
            },
            ExprKind::Total(set) => format!("the total value of {}", self.set_cards(set)),
            ExprKind::Int(n) if as_value => format!("[{n}]"),
            ExprKind::Int(n) => number(*n),
            ExprKind::Add(a, b) => format!("{} plus {}", self.expr(a, false), self.expr(b, false)),
            ExprKind::Sub(a, b) => {
                format!("{} minus {}", self.expr(a, false), self.expr(b, false))
            }
            ExprKind::Mul(a, b) => {
                format!("{} times {}", self.expr(a, false), self.expr(b, false))
            }
            ExprKind::Paren(inner) => self.expr(inner, as_value),
            ExprKind::ValueOf(r) => format!("the value of {}", self.card_ref(r)),
            ExprKind::NumberOf(c) => format!("the number of {}", self.countable(c, true)),
            ExprKind::Extreme { highest, set } => {
                let which = if *highest { "highest" } else { "lowest" };
                match set {
                    SetRef::Zone(z) => format!("the {which} value in {}", self.zone(z)),
                    _ => format!("the {which} value among {}", self.set_cards(set)),
                }
            }
            ExprKind::Half(inner, rounding) => format!(
                "half of {} (rounded {})",
                self.expr(inner, false),
                match rounding {
                    Rounding::Up => "up",
                    Rounding::Down => "down",
                }
            ),
            ExprKind::Divided(inner, by, rounding) => format!(
                "{} divided by {} (rounded {})",
                self.expr(inner, false),
                super::words::number(*by),
                match rounding {
                    Rounding::Up => "up",
                    Rounding::Down => "down",
                }
            ),
            ExprKind::Chosen => self.chosen_value(),
            ExprKind::AnyValue => "any value".to_string(),
            ExprKind::EachOf(list) => self.each_value(list).replacen("for ", "", 1),
            ExprKind::Among(list) => self.among(list),
            ExprKind::ThatValue => "that value".to_string(),
            ExprKind::NextHigher => "the next higher value".to_string(),
            ExprKind::BonusOf(r) => match self.card_ref(r).as_str() {
                "it" => "its bonus".to_string(),
                card => format!("the bonus of {card}"),
            },
            ExprKind::HighestBonus(whose) => {
                format!("the highest bonus on {} board", whose.node.words())
            }
            // Puffing Billy: "the highest number of icons of the same type visible in that color
            // on your board".
            ExprKind::MostOfOneIcon { color, whose } => {
                let phrase = self.single_color_phrase(color);
                format!(
                    "the highest number of icons of the same type visible in {} on {} board",
                    phrase.strip_prefix("of ").unwrap_or(&phrase),
                    whose.node.words()
                )
            }
        }
    }

    /// What `for every` and `number of` count; `plural` after "number of" and "for every two".
    pub(super) fn countable(&self, c: &Countable, plural: bool) -> String {
        let s = if plural { "s" } else { "" };
        match c {
            Countable::DifferentValues(set) => {
                format!("different value{s} among {}", self.set_cards(set))
            }
            Countable::DifferentColors(set) => {
                format!("different color{s} among {}", self.set_cards(set))
            }
            Countable::Colors { whose, filters, .. } => {
                let mut text = format!("color{s} on {} board", whose.node.words());
                for f in filters {
                    text.push(' ');
                    text.push_str(&self.color_filter(&f.node, false));
                }
                text
            }
            Countable::Icons { icon: i, whose, .. } => {
                format!("{} on {} board", icon(&i.node), whose.node.words())
            }
            Countable::IconsOnCards { icon: i, cards, .. } => {
                format!("{} on {}", icon(&i.node), self.set_cards(cards))
            }
            // Corvette Challenger: "cards of that color visible on your board".
            Countable::VisibleCards { color, whose, .. } => format!(
                "card{s} {} visible on {} board",
                self.single_color_phrase(color),
                whose.node.words()
            ),
            Countable::Players { players, with, .. } => {
                let set = match (players.node, plural) {
                    (PlayerSet::OtherPlayer, true) => "other players",
                    (PlayerSet::Opponent, true) => "opponents",
                    (PlayerSet::Player, true) => "players",
                    (set, false) => set.words(),
                };
                match with {
                    Some(m) => format!("{set} with {}", self.measure_phrase(m, "their")),
                    None => set.to_string(),
                }
            }
            Countable::Cards(set) => {
                let noun = if plural { "cards" } else { "card" };
                match set {
                    SetRef::History(h) => self.history(h, plural),
                    SetRef::Zone(z) => format!("{noun} in {}", self.zone(z)),
                    SetRef::Supply(z) => format!("{noun} in {}", self.supply(z)),
                    SetRef::Cards(r) => match &r.kind {
                        CardRefKind::Bound(p) => format!("{noun} you {}", past(*p)),
                        CardRefKind::It | CardRefKind::Them => format!("{noun} among them"),
                        _ => self.card_ref(r),
                    },
                }
            }
        }
    }

    /// The colours of the expression by name, when each alternative names one (`red or green`).
    pub(super) fn named_colors(&self, c: &ColorExpr) -> Option<Vec<String>> {
        c.alternatives
            .iter()
            .map(|a| match self.resolve_color(&a.node) {
                ColorAtom::Named(n) => Some(n),
                _ => None,
            })
            .collect()
    }

    /// The cards of a colour on the executor's board, as the object of splay, unsplay and
    /// rearrange; true when the direction reads better first ("splay left any one color …").
    pub(super) fn color_group(&self, c: &ColorExpr) -> (String, bool) {
        if let Some(names) = self.named_colors(c) {
            return (format!("your {} cards", or_list(&names)), false);
        }
        let mut direction_first = false;
        let phrases: Vec<String> = c
            .alternatives
            .iter()
            .map(|a| match &self.resolve_color(&a.node) {
                // Clock: "your color with the most cards", a rule that selects.
                ColorAtom::AnyColor(filters)
                    if filters
                        .last()
                        .is_some_and(|f| f.node == ColorFilter::MostCards) =>
                {
                    let mut text = "your color".to_string();
                    for f in filters {
                        text.push(' ');
                        text.push_str(&self.color_filter(&f.node, false));
                    }
                    text
                }
                ColorAtom::AnyColor(filters) => {
                    direction_first = c.alternatives.len() == 1;
                    let mut text = "any one color of your cards".to_string();
                    for f in filters {
                        text.push(' ');
                        text.push_str(&self.color_filter(&f.node, true));
                    }
                    text
                }
                ColorAtom::ColorOf(r) if is_anaphoric(r) => "that color of your cards".to_string(),
                ColorAtom::ColorOf(r) => {
                    format!("your cards of the same color as {}", self.card_ref(r))
                }
                ColorAtom::ItsColor => "that color of your cards".to_string(),
                ColorAtom::Chosen if self.bound_plural(Participle::Chosen) => {
                    "your cards of a chosen color".to_string()
                }
                ColorAtom::Chosen => "your cards of the chosen color".to_string(),
                ColorAtom::ThatColor | ColorAtom::It => "your cards of that color".to_string(),
                ColorAtom::Each(filters) => {
                    direction_first = true;
                    let mut text = "each color".to_string();
                    for f in filters {
                        text.push(' ');
                        text.push_str(&self.color_filter(&f.node, false));
                    }
                    text
                }
                ColorAtom::Named(n) => format!("your {n} cards"),
            })
            .collect();
        (or_list(&phrases), direction_first)
    }

    /// One colour as `of …` on a card: "of that color", "of the same color as …".
    fn single_color_phrase(&self, atom: &Spanned<ColorAtom>) -> String {
        self.color_filter_phrase(&ColorExpr {
            alternatives: vec![atom.clone()],
            span: atom.span,
        })
    }

    /// `of color …` on a card: "of color red or blue", "of that color".
    pub(super) fn color_filter_phrase(&self, c: &ColorExpr) -> String {
        let phrases: Vec<String> = c
            .alternatives
            .iter()
            .map(|a| match &self.resolve_color(&a.node) {
                ColorAtom::Named(n) => format!("of color {n}"),
                // Sunglasses: "a card of a color you have splayed".
                ColorAtom::AnyColor(filters)
                    if matches!(filters.as_slice(), [f] if f.node == ColorFilter::Splayed(Vec::new())) =>
                {
                    "of a color you have splayed".to_string()
                }
                ColorAtom::AnyColor(filters) => {
                    let mut text = "of any color".to_string();
                    for f in filters {
                        text.push(' ');
                        text.push_str(&self.color_filter(&f.node, false));
                    }
                    text
                }
                ColorAtom::ColorOf(r) if is_anaphoric(r) => "of that color".to_string(),
                ColorAtom::ColorOf(r) => format!("of the same color as {}", self.card_ref(r)),
                ColorAtom::ItsColor => "of the same color".to_string(),
                ColorAtom::Chosen if self.bound_plural(Participle::Chosen) => {
                    "of a chosen color".to_string()
                }
                ColorAtom::Chosen => "of the chosen color".to_string(),
                ColorAtom::ThatColor | ColorAtom::It | ColorAtom::Each(_) => {
                    "of that color".to_string()
                }
            })
            .collect();
        or_list(&phrases)
    }

    /// `splayed left`, `with leaf`; `currently` before a splay direction of a colour to splay.
    pub(super) fn color_filter(&self, f: &ColorFilter, currently: bool) -> String {
        match f {
            ColorFilter::Splayed(dirs) => {
                let now = if currently { "currently " } else { "" };
                if dirs.is_empty() {
                    format!("{now}splayed")
                } else {
                    let words: Vec<String> =
                        dirs.iter().map(|d| d.node.word().to_string()).collect();
                    format!("{now}splayed {}", or_list(&words))
                }
            }
            ColorFilter::YouHaveSplayed(dirs) => {
                let words: Vec<String> = dirs.iter().map(|d| d.node.word().to_string()).collect();
                format!("you have splayed {}", or_list(&words))
            }
            ColorFilter::With(i) => format!("with one or more {}", icon(&i.node)),
            ColorFilter::Without(i) => format!("without {}", icon(&i.node)),
            ColorFilter::NotOn(whose) => format!("not present on {} board", whose.node.words()),
            ColorFilter::On(whose) => format!("present on {} board", whose.node.words()),
            // "each color you tucked into": the piles the named cards went into.
            ColorFilter::Of(card) => match card.kind {
                CardRefKind::Bound(p @ (Participle::Tucked | Participle::Melded)) => {
                    format!("you {} into", past(p))
                }
                _ => format!("of {}", self.card_ref(card)),
            },
            ColorFilter::OtherThan(c) => format!("other than {}", c.node),
            ColorFilter::MostCards => "with the most cards".to_string(),
            ColorFilter::VisibleCards { most } => format!(
                "with the {} visible cards",
                if *most { "most" } else { "fewest" }
            ),
            // Bill of Rights: "a color where you have more visible cards than I do".
            ColorFilter::MoreVisibleThan(whose) => match whose.node {
                Possessive::My => "where you have more visible cards than I do".to_string(),
                Possessive::Their => "where you have more visible cards than they do".to_string(),
                _ => format!(
                    "with more visible cards than on {} board",
                    whose.node.words()
                ),
            },
            ColorFilter::Chosen => "chosen".to_string(),
        }
    }
}

/// A value spec of whole numbers only: `2 or 3` → "[2] or [3]".
pub(super) fn literal_values(spec: &ValueSpec) -> Option<String> {
    let ExprKind::Int(first) = spec.first.kind else {
        return None;
    };
    let mut values = vec![format!("[{first}]")];
    for alt in &spec.rest {
        match &alt.node {
            ValueAlternative::Or(Expr {
                kind: ExprKind::Int(n),
                ..
            }) => values.push(format!("[{n}]")),
            _ => return None,
        }
    }
    Some(or_list(&values))
}
