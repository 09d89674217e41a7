//! Small English helpers: numbers and amounts as words, articles, icons in brackets, lists with
//! "or" and "and", the past tense of a participle, capitals.

use crate::ast::*;

/// "either A, or B", "either A, B, or C".
pub(super) fn either_text(alternatives: &[String]) -> String {
    match alternatives {
        [] => "do nothing".to_string(),
        [one] => one.clone(),
        [init @ .., last] => format!("either {}, or {last}", init.join(", ")),
    }
}

/// The simple past of a participle's verb: "you drew", "you returned".
pub(super) fn past(p: Participle) -> &'static str {
    match p {
        Participle::Drawn => "drew",
        Participle::Chosen => "chose",
        other => other.word(),
    }
}

/// `at least 4` → "at least four".
pub(super) fn amount_words(a: Amount) -> String {
    match a {
        Amount::Any => "any".to_string(),
        Amount::AtLeast(n) => format!("at least {}", number(n)),
        Amount::AtMost(n) => format!("at most {}", number(n)),
        Amount::MoreThan(n) => format!("more than {}", number(n)),
        Amount::FewerThan(n) => format!("fewer than {}", number(n)),
        Amount::Exactly(n) => format!("exactly {}", number(n)),
        Amount::Count(n) => number(n),
        Amount::No => "no".to_string(),
    }
}

pub(super) fn amount_plural(a: Amount) -> bool {
    !a.takes_singular()
}

/// `any` → "any cards", `at least 4` → "at least four cards".
pub(super) fn amount_cards(a: Amount) -> String {
    let noun = if amount_plural(a) { "cards" } else { "card" };
    format!("{} {noun}", amount_words(a))
}

/// Counts as words from zero to twelve, digits above.
pub(super) fn number(n: u32) -> String {
    const WORDS: [&str; 13] = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
        "eleven", "twelve",
    ];
    WORDS
        .get(n as usize)
        .map_or_else(|| n.to_string(), |w| w.to_string())
}

/// "a value", "two colors": a count before a noun, with an article for one.
pub(super) fn counted(n: u32, noun: &str) -> String {
    if n == 1 {
        format!("{} {noun}", article(noun))
    } else {
        format!("{} {noun}", number(n))
    }
}

/// "a" or "an", by the sound of the next word ("an [8]", "an opponent").
pub(super) fn article(next: &str) -> &'static str {
    if let Some(rest) = next.strip_prefix('[') {
        let digits: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
        let an = digits.starts_with('8') || digits == "11" || digits == "18";
        return if an { "an" } else { "a" };
    }
    match next.chars().next() {
        Some(c) if "aeiouAEIOU".contains(c) && !next.starts_with("one") => "an",
        _ => "a",
    }
}

pub(super) fn icon(name: &str) -> String {
    format!("[{name}]")
}

/// `crown or leaf` → "[crown] or [leaf]".
pub(super) fn icon_list(icons: &[Name]) -> String {
    let names: Vec<String> = icons.iter().map(|i| icon(&i.node)).collect();
    or_list(&names)
}

/// "a", "a or b", "a, b, or c".
pub(super) fn or_list(items: &[String]) -> String {
    list(items, "or")
}

/// "a", "a and b", "a, b, and c".
pub(super) fn and_list(items: &[String]) -> String {
    list(items, "and")
}

fn list(items: &[String], word: &str) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [a, b] => format!("{a} {word} {b}"),
        [init @ .., last] => format!("{}, {word} {last}", init.join(", ")),
    }
}

/// Upper-cases the first letter.
pub(super) fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The verbs a statement with a subject begins with, in the form that agrees with it.
const THIRD_PERSON: &[(&str, &str)] = &[
    ("draw", "draws"),
    ("meld", "melds"),
    ("tuck", "tucks"),
    ("score", "scores"),
    ("return", "returns"),
    ("reveal", "reveals"),
    ("junk", "junks"),
    ("remove", "removes"),
    ("achieve", "achieves"),
    ("foreshadow", "foreshadows"),
    ("transfer", "transfers"),
    ("choose", "chooses"),
    ("look", "looks"),
];

/// A verb phrase as a third person does it: "draw and score a [2]" → "draws and scores a [2]"
/// (its leading verb, and a second verb joined by "and").
pub(crate) fn third_person(phrase: &str) -> String {
    let agree = |word: &str| {
        THIRD_PERSON
            .iter()
            .find(|(plain, _)| *plain == word)
            .map(|(_, third)| third.to_string())
    };
    let mut words: Vec<String> = phrase.split(' ').map(str::to_string).collect();
    if let Some(first) = words.first().and_then(|w| agree(w)) {
        words[0] = first;
        if words.get(1).is_some_and(|w| w == "and") {
            if let Some(second) = words.get(2).and_then(|w| agree(w)) {
                words[2] = second;
            }
        }
    }
    words.join(" ")
}
