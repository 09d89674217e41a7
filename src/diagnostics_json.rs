//! `dogma check --json`: diagnostics as JSON Lines for editors and scripts, one object per
//! diagnostic with its code, severity, message, place (file, line and column, from 1, end
//! exclusive), every label and the help notes; then one `summary` object per check.

use codespan_reporting::diagnostic::{Diagnostic, LabelStyle, Severity};
use dogma_compiler::SourceFile;
use serde_json::{json, Value};

/// The line and column (from 1, in characters) of a byte offset of `text`.
fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
    let before = text.get(..offset).unwrap_or(text);
    let line = before.matches('\n').count() + 1;
    let start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, before[start..].chars().count() + 1)
}

fn place(files: &[SourceFile], file: usize, range: &std::ops::Range<usize>) -> Value {
    let Some(source) = files.get(file) else {
        return json!({});
    };
    let (line, column) = line_column(&source.text, range.start);
    let (end_line, end_column) = line_column(&source.text, range.end);
    json!({
        "file": source.name,
        "line": line,
        "column": column,
        "end_line": end_line,
        "end_column": end_column,
    })
}

/// A diagnostic as a JSON object (`"type": "diagnostic"`).
pub fn diagnostic(files: &[SourceFile], report: &Diagnostic<usize>) -> Value {
    let severity = match report.severity {
        Severity::Bug | Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Note => "note",
        Severity::Help => "help",
    };
    let labels: Vec<Value> = report
        .labels
        .iter()
        .map(|label| {
            let mut value = place(files, label.file_id, &label.range);
            value["message"] = json!(label.message);
            value["primary"] = json!(label.style == LabelStyle::Primary);
            value
        })
        .collect();
    let primary = report
        .labels
        .iter()
        .find(|l| l.style == LabelStyle::Primary)
        .or(report.labels.first())
        .map_or(json!({}), |l| place(files, l.file_id, &l.range));
    let mut value = json!({
        "type": "diagnostic",
        "severity": severity,
        "code": report.code,
        "message": report.message,
        "labels": labels,
        "notes": report.notes,
    });
    if let Value::Object(fields) = primary {
        for (key, v) in fields {
            value[key] = v;
        }
    }
    value
}

/// An error that is not about a place in a card file (a tree's `drop` naming no card).
pub fn problem(message: &str) -> Value {
    json!({ "type": "diagnostic", "severity": "error", "code": null, "message": message, "labels": [], "notes": [] })
}

#[cfg(test)]
mod tests {
    use super::line_column;

    #[test]
    fn lines_and_columns_count_from_one_in_characters() {
        let text = "ab\ncé d\n";
        assert_eq!(line_column(text, 0), (1, 1));
        assert_eq!(line_column(text, 3), (2, 1));
        // `d` is after the two-byte `é`.
        assert_eq!(line_column(text, 7), (2, 4));
    }
}
