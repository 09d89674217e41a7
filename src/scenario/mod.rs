//! Scenario files (the contract in ../shared/SCENARIOS.md): a table set up by hand, actions with
//! scripted decisions, and expectations. `load` turns a file into a table and a script,
//! `play` plays it, `check_expectations` checks what was expected, and every scenario's outcome
//! and event log are kept as a snapshot beside it (`NAME.snap`), so a change of behaviour shows as
//! a diff. This module holds the public API, the run over files and folders, and the report.
//!
//! The modules, in the order a scenario goes through them: `editions` (the editions scenarios
//! are played on, compiled once per run), `load` (TOML to a table and a script), `run` (actions
//! and scripted decisions), `expect` (the `[expect]` table) and `snapshot` (writing, diffing and
//! accepting snapshots).
//!
//! Loading errors name the file, the line and the reason; nothing here panics on bad input.

mod editions;
mod expect;
mod load;
mod run;
mod snapshot;

pub use editions::{Backends, EditionCache, Editions};
pub use expect::check_expectations;
pub use load::load;
pub use run::play;
pub use snapshot::{snapshot_path, snapshot_text};

use dogma_runtime::choices::Action;
use dogma_runtime::state::Seat;
use dogma_runtime::table::TableSpec;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use toml::Value;

/// A scenario, loaded.
pub struct Scenario {
    pub name: String,
    pub path: PathBuf,
    /// The edition's name or manifest path, as the scenario gives it (resolved beside the file).
    pub edition: String,
    pub text: String,
    pub table: TableSpec,
    /// `[setup] decisions`: the game's own setup is played (`TableSpec::play_setup`), its first
    /// melds answered by these.
    pub setup: Option<SetupScript>,
    pub actions: Vec<ScriptedAction>,
    pub expect: Option<Value>,
}

/// The answers to the setup's questions (the first melds), in seating order.
pub struct SetupScript {
    pub decisions: Vec<Decision>,
    /// The line of `[setup]`.
    pub line: usize,
}

/// One action of the script.
pub struct ScriptedAction {
    pub player: Option<Seat>,
    pub action: Action,
    pub decisions: Vec<Decision>,
    /// The action must be refused with a reason containing this text.
    pub refused: Option<String>,
    /// Unscripted questions take the first legal option instead of failing.
    pub unscripted_first: bool,
    /// `achieve = "Monument"`: an attempt to achieve a special achievement, which the Achieve
    /// action never allows (it is refused with this reason).
    pub special_attempt: Option<String>,
    /// `expect_targets`: the legal targets of this kind of action before it is taken (titles,
    /// or ages to achieve), as written.
    pub expect_targets: Option<Vec<Value>>,
    pub line: usize,
}

/// One scripted answer.
pub struct Decision {
    pub player: Option<Seat>,
    pub answer: ScriptedAnswer,
    pub expect_options: Option<Vec<String>>,
    pub refused: Option<String>,
    pub line: usize,
}

/// A scripted answer as written, interpreted against the question when it is asked.
pub enum ScriptedAnswer {
    Choose(Value),
    Option(i64),
    Order(Vec<String>),
}

/// Why a scenario did not pass.
pub enum Failure {
    /// The file could not be loaded or played.
    Error(String),
    /// Expectations or the snapshot differ.
    Mismatch(Vec<String>),
}

/// A loading error: `file:line: reason`.
fn at(path: &Path, line: usize, reason: impl std::fmt::Display) -> String {
    format!("{}:{line}: {reason}", path.display())
}

/// The line (1-based) of the first occurrence of `needle` at or after line `from`, else `from`.
fn line_of(text: &str, needle: &str, from: usize) -> usize {
    for (i, line) in text.lines().enumerate().skip(from.saturating_sub(1)) {
        let code = line.split('#').next().unwrap_or("");
        if code.contains(needle) {
            return i + 1;
        }
    }
    from.max(1)
}

/// The line where a table (`[name]` or `[name.x]`) starts, or where `name =` or `name.` is set.
fn table_line(text: &str, name: &str) -> usize {
    for (i, line) in text.lines().enumerate() {
        let t = line.trim_start();
        if t.starts_with(&format!("[{name}]"))
            || t.starts_with(&format!("[{name}."))
            || t.starts_with(&format!("{name} ="))
            || t.starts_with(&format!("{name}="))
            || t.starts_with(&format!("{name}."))
        {
            return i + 1;
        }
    }
    1
}

/// A TOML value as the word it stands for.
fn value_word(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// What running one scenario gave.
pub struct RunResult {
    pub name: String,
    pub path: PathBuf,
    pub failure: Option<Failure>,
    /// A snapshot was written (new, or accepted).
    pub wrote_snapshot: bool,
}

/// Loads, plays and checks one scenario file, comparing (or writing) its snapshot.
pub fn run_file(path: &Path, editions: &mut dyn Editions, accept: bool) -> RunResult {
    let fail = |name: String, failure| RunResult {
        name,
        path: path.to_path_buf(),
        failure: Some(failure),
        wrote_snapshot: false,
    };
    let stem = path
        .file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().to_string());
    let (scenario, edition) = match load(path, editions) {
        Ok(x) => x,
        Err(e) => return fail(stem, Failure::Error(e)),
    };
    let played = play(&scenario, edition);
    // The same scenario on the native code must play out identically, refusals and errors
    // included (`dogma test --backend both`).
    if let Some(twin) = editions.twin(&scenario.edition) {
        let other = play(&scenario, twin);
        let differs = match (&played, &other) {
            (Ok(a), Ok(b)) => crate::differential::compare(a, b).err(),
            (Err(a), Err(b)) if a == b => None,
            (a, b) => Some(format!(
                "the VM gave {}, the native code {}",
                a.as_ref()
                    .map_or_else(|e| format!("the error `{e}`"), |_| "a game".into()),
                b.as_ref()
                    .map_or_else(|e| format!("the error `{e}`"), |_| "a game".into())
            )),
        };
        if let Some(d) = differs {
            return fail(
                scenario.name,
                Failure::Error(format!("the back ends disagree: {d}")),
            );
        }
    }
    let game = match played {
        Ok(g) => g,
        Err(e) => return fail(scenario.name, Failure::Error(e)),
    };
    let mut failures = match check_expectations(&scenario, &game) {
        Ok(f) => f,
        Err(e) => return fail(scenario.name, Failure::Error(e)),
    };
    let snap = snapshot_text(&scenario, &game);
    let wrote = match snapshot::compare_or_write(path, &snap, accept, &mut failures) {
        Ok(wrote) => wrote,
        Err(e) => return fail(scenario.name, Failure::Error(e)),
    };
    RunResult {
        name: scenario.name,
        path: path.to_path_buf(),
        failure: (!failures.is_empty()).then_some(Failure::Mismatch(failures)),
        wrote_snapshot: wrote,
    }
}

/// Every scenario file (`*.toml`) under the paths, sorted.
pub fn scenario_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let mut files = Vec::new();
    for path in paths {
        if path.is_dir() {
            dogma_library::walk_folder(path, &mut |file, is_dir| {
                if !is_dir && file.extension().is_some_and(|e| e == "toml") {
                    files.push(file.to_path_buf());
                }
                true
            })?;
        } else if path.is_file() {
            files.push(path.clone());
        } else {
            return Err(crate::library::not_found(path));
        }
    }
    files.sort();
    Ok(files)
}

/// Runs every scenario under the paths; returns the report and whether all passed.
pub fn run_all(
    paths: &[PathBuf],
    accept: bool,
    backends: Backends,
) -> Result<(String, bool), String> {
    run_all_as(paths, accept, backends, false)
}

/// `run_all`, or with `json` its report as JSON Lines: one `scenario` object per file (`path`,
/// `name`, `passed`, `snapshot_written`, `failures`: the mismatches and snapshot diffs as text),
/// the `note`s, then a `summary` (`passed`, `failed`).
pub fn run_all_as(
    paths: &[PathBuf],
    accept: bool,
    backends: Backends,
    json: bool,
) -> Result<(String, bool), String> {
    let files = scenario_files(paths)?;
    let editions = EditionCache::new(backends);
    // The scenarios are independent: played on every core, reported in file order.
    let results: Vec<RunResult> = {
        use rayon::prelude::*;
        files
            .par_iter()
            .map(|file| run_file(file, &mut &editions, accept))
            .collect()
    };
    let mut report = String::new();
    let (mut passed, mut failed) = (0, 0);
    for result in results {
        if json {
            let failures: Vec<String> = match &result.failure {
                None => Vec::new(),
                Some(Failure::Error(e)) => vec![e.clone()],
                Some(Failure::Mismatch(list)) => list.clone(),
            };
            if failures.is_empty() {
                passed += 1;
            } else {
                failed += 1;
            }
            let _ = writeln!(
                report,
                "{}",
                serde_json::json!({
                    "type": "scenario",
                    "path": result.path.display().to_string(),
                    "name": result.name,
                    "passed": failures.is_empty(),
                    "snapshot_written": result.wrote_snapshot,
                    "failures": failures,
                })
            );
            continue;
        }
        match &result.failure {
            None => {
                passed += 1;
                if result.wrote_snapshot {
                    let _ = writeln!(
                        report,
                        "ok      {} (snapshot written)",
                        result.path.display()
                    );
                }
            }
            Some(Failure::Error(e)) => {
                failed += 1;
                let _ = writeln!(
                    report,
                    "FAILED  {} — {}\n  {e}\n",
                    result.path.display(),
                    result.name
                );
            }
            Some(Failure::Mismatch(list)) => {
                failed += 1;
                let _ = writeln!(
                    report,
                    "FAILED  {} — {}",
                    result.path.display(),
                    result.name
                );
                for f in list {
                    for line in f.lines() {
                        let _ = writeln!(report, "  {line}");
                    }
                }
                let _ = writeln!(report);
            }
        }
    }
    for (name, why) in &editions.vm_only() {
        if json {
            let _ = writeln!(
                report,
                "{}",
                serde_json::json!({"type": "note", "edition": name, "message": format!("scenarios ran on the VM only: {why}")})
            );
        } else {
            let _ = writeln!(report, "note: `{name}` scenarios ran on the VM only: {why}");
        }
    }
    if json {
        let _ = writeln!(
            report,
            "{}",
            serde_json::json!({"type": "summary", "passed": passed, "failed": failed})
        );
    } else {
        let _ = writeln!(report, "{passed} passed, {failed} failed");
    }
    Ok((report, failed == 0))
}
