//! The event log as JSON Lines (`dogma play --log json`): one object per line, from the `setup`
//! line to the `result` line, for scripts. docs/log-format.md documents it.
//!
//! The engine's events (`dogma_runtime::log::Event`) carry seats and card indices; here they
//! become what a reader can use without the edition: players by name, cards by title, special
//! achievements by name, and every value in `snake_case` (`"verb": "meld"`, `"reason":
//! "score"`). Locations are objects: `{"zone": "board", "player": "bob", "color": "blue"}`.

use dogma_runtime::bytecode::CompiledEdition;
use dogma_runtime::log::Event;
use dogma_runtime::state::Outcome;
use serde_json::{json, Map, Value};

/// The version of the format, on the `setup` line: bumped when a field changes meaning or goes
/// away (new events and fields are additions, not a new version).
pub const FORMAT_VERSION: u32 = 1;

/// An event as a JSON Lines object.
pub fn event(event: &Event, edition: &CompiledEdition, names: &[String]) -> Value {
    let raw = serde_json::to_value(event).unwrap_or(Value::Null);
    let Value::Object(fields) = raw else {
        return raw;
    };
    let mut out = Map::new();
    for (key, value) in fields {
        let value = field(&key, value, edition, names);
        out.insert(key, value);
    }
    if out.get("event").and_then(Value::as_str) == Some("setup") {
        out.insert("format".into(), json!("dogma-log"));
        out.insert("version".into(), json!(FORMAT_VERSION));
        out.insert("edition".into(), json!(edition.name));
    }
    Value::Object(out)
}

/// An event as `reader` may see it (`dogma play --view NAME`): a card another player draws, or
/// that goes from one hidden place to another, is `"card": null` with its `"back"` (age and set).
pub fn event_for(
    event: &Event,
    edition: &CompiledEdition,
    names: &[String],
    reader: dogma_runtime::state::Seat,
) -> Value {
    use dogma_runtime::log::hidden_from;
    let mut value = self::event(event, edition, names);
    let hidden = match event {
        Event::Draw { player, card, .. } if *player != reader => Some(*card),
        Event::Move { card, from, to, .. }
            if hidden_from(reader, *from) && hidden_from(reader, *to) =>
        {
            Some(*card)
        }
        _ => None,
    };
    if let Some(card) = hidden {
        let info = edition.card(card);
        value["card"] = Value::Null;
        value["back"] = json!({ "age": info.age, "set": info.set });
    }
    value
}

/// A JSON Lines object as its line, `"event"` first (then the fields in name order).
pub fn line(value: Value) -> String {
    let Value::Object(mut fields) = value else {
        return value.to_string();
    };
    let Some(kind) = fields.remove("event") else {
        return Value::Object(fields).to_string();
    };
    let rest = Value::Object(fields).to_string();
    match rest.strip_prefix('{').and_then(|r| r.strip_suffix('}')) {
        Some("") | None => format!("{{\"event\":{kind}}}"),
        Some(inner) => format!("{{\"event\":{kind},{inner}}}"),
    }
}

/// The last line: who won and how, or a draw.
pub fn result(outcome: &Outcome, edition: &CompiledEdition, names: &[String]) -> Value {
    json!({
        "event": "result",
        "winners": outcome.winners.iter().map(|s| player(*s as u64, names)).collect::<Vec<_>>(),
        "reason": if outcome.winners.is_empty() { "draw" } else { outcome.reason.word() },
        "card": outcome.card.map(|c| title(c as u64, edition)),
    })
}

fn player(seat: u64, names: &[String]) -> Value {
    names.get(seat as usize).map_or(json!(seat), |n| json!(n))
}

fn title(card: u64, edition: &CompiledEdition) -> Value {
    edition
        .cards
        .get(card as usize)
        .map_or(json!(card), |c| json!(c.title))
}

fn special(index: u64, edition: &CompiledEdition) -> Value {
    edition
        .specials
        .get(index as usize)
        .map_or(json!(index), |s| json!(s.name))
}

fn each(value: Value, f: impl Fn(u64) -> Value) -> Value {
    match value {
        Value::Array(items) => Value::Array(
            items
                .into_iter()
                .map(|v| v.as_u64().map_or(v, &f))
                .collect(),
        ),
        Value::Number(n) => n.as_u64().map_or(Value::Number(n), f),
        other => other,
    }
}

/// `CamelCase` as `snake_case`.
fn snake(word: &str) -> String {
    let mut out = String::new();
    for (i, c) in word.chars().enumerate() {
        if c.is_ascii_uppercase() {
            if i > 0 {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

/// A field's value in the reader's terms.
fn field(key: &str, value: Value, edition: &CompiledEdition, names: &[String]) -> Value {
    match key {
        "player" | "with" | "sharing" | "vulnerable" | "winners" => {
            each(value, |s| player(s, names))
        }
        "card" | "returned" | "junked" => each(value, |c| title(c, edition)),
        "special" | "specials" => each(value, |s| special(s, edition)),
        "from" | "to" => location(value, names),
        "action" => action(value, edition),
        "outcome" => match value {
            Value::Object(fields) => Value::Object(
                fields
                    .into_iter()
                    .map(|(k, v)| {
                        let v = field(&k, v, edition, names);
                        (k, v)
                    })
                    .collect(),
            ),
            other => other,
        },
        _ => match value {
            // Every other enum value (a verb, a reason, a purpose) reads in snake_case.
            Value::String(s) if key != "answer" && key != "event" => Value::String(snake(&s)),
            Value::Object(fields) if fields.len() == 1 => {
                // An enum with data (`{"NextMove": "Meld"}`): its kind and its value.
                let (kind, inner) = fields.into_iter().next().expect("one field");
                json!({ "kind": snake(&kind), "value": field(key, inner, edition, names) })
            }
            other => other,
        },
    }
}

/// A location (`{"Board": [1, "blue"]}`) as `{"zone": "board", "player": "bob", "color": "blue"}`.
fn location(value: Value, names: &[String]) -> Value {
    match value {
        Value::String(zone) => json!({ "zone": snake(&zone) }),
        Value::Object(fields) => {
            let Some((zone, data)) = fields.into_iter().next() else {
                return json!({});
            };
            let zone = snake(&zone);
            match (zone.as_str(), data) {
                ("deck", age) => json!({ "zone": "deck", "age": age }),
                ("board", Value::Array(parts)) => json!({
                    "zone": "board",
                    "player": parts.first().and_then(Value::as_u64).map(|s| player(s, names)),
                    "color": parts.get(1),
                }),
                (_, seat) => json!({
                    "zone": zone,
                    "player": seat.as_u64().map(|s| player(s, names)),
                }),
            }
        }
        other => other,
    }
}

/// An action (`"Draw"`, `{"Meld": 2}`, `{"Achieve": 3}`) as `{"kind": "meld", "card": "Oars"}`.
fn action(value: Value, edition: &CompiledEdition) -> Value {
    match value {
        Value::String(kind) => json!({ "kind": snake(&kind) }),
        Value::Object(fields) => {
            let Some((kind, data)) = fields.into_iter().next() else {
                return json!({});
            };
            let kind = snake(&kind);
            if kind == "achieve" {
                json!({ "kind": kind, "age": data })
            } else if kind == "artifact" {
                // The start-of-turn choice on a displayed Artifact: dogma, return or pass.
                json!({ "kind": kind, "choice": data.as_str().map(snake) })
            } else {
                json!({ "kind": kind, "card": data.as_u64().map(|c| title(c, edition)) })
            }
        }
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::snake;

    #[test]
    fn the_event_comes_first() {
        let v = serde_json::json!({"player": "bob", "event": "draw", "age": 1});
        assert_eq!(super::line(v), r#"{"event":"draw","age":1,"player":"bob"}"#);
        let v = serde_json::json!({"event": "dogma_ended"});
        assert_eq!(super::line(v), r#"{"event":"dogma_ended"}"#);
    }

    #[test]
    fn enum_words_read_in_snake_case() {
        assert_eq!(snake("Meld"), "meld");
        assert_eq!(snake("NextMove"), "next_move");
        assert_eq!(snake("score"), "score");
    }
}
