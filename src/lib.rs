//! The `dogma` command line's library: finding card sources on disk, compiling editions, and
//! playing games. The binary (`main.rs`) parses arguments and prints; tests use this library to
//! drive the same code.

pub mod bench;
pub mod diff;
pub mod differential;
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

/// The back end a game's card effects run on. Both give the same game, event for event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Backend {
    /// The bytecode VM: runs any edition, including a designer's tree.
    #[default]
    Vm,
    /// The official editions' generated Rust code (native/src/NAME.rs).
    Native,
}

impl Backend {
    pub fn word(self) -> &'static str {
        match self {
            Backend::Vm => "vm",
            Backend::Native => "native",
        }
    }
}

/// Makes an edition's games run on `backend`. The native code built into this binary must have
/// been generated from exactly this compiled edition (its fingerprint is compared): a card source
/// changed since then makes it stale, and it is refused with the command that regenerates it.
pub fn use_backend(edition: &mut CompiledEdition, backend: Backend) -> Result<(), String> {
    if backend == Backend::Vm {
        edition.native = None;
        return Ok(());
    }
    let name = edition.name.clone();
    let Some((run, fingerprint)) = dogma_native::for_edition(&name) else {
        return Err(format!(
            "the edition `{name}` has no native code built in: dogma carries the native code of \
             the official editions only ({}). Run it with `--backend vm` (the same game); \
             `dogma build --edition {name} --target rust` writes its Rust for a program of your own",
            dogma_native::EDITIONS.join(", ")
        ));
    };
    let now = dogma_compiler::lower::rust::fingerprint(edition)?;
    if now != fingerprint {
        return Err(format!(
            "the native code of the `{name}` edition is stale: its card sources or the compiler \
             changed since native/src/{name}.rs was generated. Regenerate it with \
             `cargo run -- build --edition {name} --target rust -o native/src/{name}.rs` and \
             rebuild, or run with `--backend vm`"
        ));
    }
    edition.native = Some(dogma_runtime::bytecode::NativeCode { run, fingerprint });
    Ok(())
}

/// The rule variants of an edition by name or manifest path.
pub fn rules_of(name: &str) -> Result<Rules, String> {
    Ok(library::load_manifest(name)?.rules)
}
