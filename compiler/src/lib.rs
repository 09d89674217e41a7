//! The dogma compiler's front end: name resolution and checks over parsed card files, with
//! diagnostics, lowering to one checked IR (`ir`) that the back ends consume.
//!
//! Pipeline position: source → AST (`dogma-dsl`) → **checked IR** (this crate) → bytecode or
//! Rust → runtime. This crate does no IO: callers hand it file contents and render its errors.

pub mod check;
pub mod diagnostics;
pub mod ir;
pub mod lower;

pub use check::{check, featured_icon, Checked, EditionRules, Layer, Options, SourceFile};
pub use diagnostics::{Error, NameKind, Warning, CODES};

use codespan_reporting::files::SimpleFiles;
use codespan_reporting::term::{self, Config};

/// Renders warnings as codespan-reporting text (no colour), the way tests snapshot them.
pub fn render_warnings(files: &[SourceFile], warnings: &[Warning]) -> String {
    let mut db = SimpleFiles::new();
    for f in files {
        db.add(f.name.clone(), f.text.clone());
    }
    let config = Config::default();
    let mut out = String::new();
    for warning in warnings {
        match term::emit_into_string(&config, &db, &warning.report()) {
            Ok(text) => out.push_str(&text),
            Err(e) => out.push_str(&format!("warning[{}]: {e}\n", warning.code())),
        }
    }
    out
}

/// Renders errors as codespan-reporting text (no colour), the way tests snapshot them.
pub fn render_errors(files: &[SourceFile], errors: &[Error]) -> String {
    let mut db = SimpleFiles::new();
    for f in files {
        db.add(f.name.clone(), f.text.clone());
    }
    let config = Config::default();
    let mut out = String::new();
    for error in errors {
        let report = error.report();
        match term::emit_into_string(&config, &db, &report) {
            Ok(text) => out.push_str(&text),
            Err(e) => out.push_str(&format!("error[{}]: {e}\n", error.code())),
        }
    }
    out
}
