//! The `dogma` command line's library: finding card sources on disk, compiling editions, and
//! playing games. The binary (`main.rs`) parses arguments and prints; tests use this library to
//! drive the same code.

pub mod bench;
pub mod diff;
pub mod library;
pub mod play;
pub mod scenario;

use dogma_runtime::bytecode::{CompiledEdition, Rules};

/// Checks an edition's sources: the card checks' result, and the problems of its tree
/// manifests (a dropped title no extended tree has).
pub fn check_sources(sources: &library::EditionSources) -> (dogma_compiler::Checked, Vec<String>) {
    let options = sources.options();
    let checked = dogma_compiler::check(&sources.files, &options);
    let known: Vec<&str> = checked
        .program
        .cards
        .iter()
        .map(|c| c.title.as_str())
        .chain(checked.program.achievements.iter().map(|a| a.name.as_str()))
        .collect();
    let problems = library::drop_errors(&options.layers, &checked.unused_drops, &known);
    (checked, problems)
}

/// Loads an edition's sources, checks them and compiles them to bytecode. Errors are summarised
/// in one message (the CLI shows them in full).
pub fn compile_edition(name: &str) -> Result<CompiledEdition, String> {
    let sources = library::load_edition(name)?;
    let (checked, problems) = check_sources(&sources);
    if !checked.errors.is_empty() {
        return Err(dogma_compiler::render_errors(
            &sources.files,
            &checked.errors,
        ));
    }
    if !problems.is_empty() {
        return Err(problems.join("\n"));
    }
    let rules = sources.manifest.rules.clone();
    let names: Vec<String> = sources.files.iter().map(|f| f.name.clone()).collect();
    dogma_compiler::lower::compile_edition(&sources.manifest.name, rules, &checked.program, &names)
        .map_err(|errors| {
            errors
                .iter()
                .map(|e| e.message.clone())
                .collect::<Vec<_>>()
                .join("\n")
        })
}

/// The rule variants of an edition by name or manifest path.
pub fn rules_of(name: &str) -> Result<Rules, String> {
    Ok(library::load_manifest(name)?.rules)
}
