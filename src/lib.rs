//! The `dogma` command line's library: finding card sources on disk, compiling editions, and
//! playing games. The binary (`main.rs`) parses arguments and prints; tests use this library to
//! drive the same code.

pub mod bench;
pub mod library;
pub mod play;
pub mod scenario;

use dogma_runtime::bytecode::{CompiledEdition, Rules};

/// Loads an edition's sources, checks them and compiles them to bytecode. Errors are summarised
/// in one message (the CLI shows them in full).
pub fn compile_edition(name: &str) -> Result<CompiledEdition, String> {
    let sources = library::load_edition(name)?;
    let checked = dogma_compiler::check(&sources.files, &sources.options());
    if !checked.errors.is_empty() {
        return Err(dogma_compiler::render_errors(
            &sources.files,
            &checked.errors,
        ));
    }
    let rules = rules_of(&sources.manifest.name)?;
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

/// The rule variants of an edition by name.
pub fn rules_of(name: &str) -> Result<Rules, String> {
    match name {
        "third" => Ok(Rules::third()),
        other => Err(format!(
            "the engine knows the rules of the third edition only, not of `{other}`"
        )),
    }
}
