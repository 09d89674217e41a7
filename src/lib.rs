//! The `dogma` command line's library: choosing a back end, playing games, scenarios, benches.
//! The binary (`main.rs`) parses arguments and prints; tests use this library to drive the same
//! code. Finding card sources on disk and compiling editions is `dogma-library`'s, re-exported
//! here as `library` (with `check_sources` and `compile_edition`).

pub mod bench;
pub mod diagnostics_json;
pub mod diff;
pub mod differential;
pub mod face;
pub mod files;
pub mod fuzz;
pub mod gallery;
pub mod json_log;
pub mod play;
pub mod scenario;
pub mod soak;
pub mod stats;
pub mod terminal;

pub use dogma_library as library;
pub use dogma_library::{check_sources, compile_edition};

use dogma_runtime::bytecode::Rules;
use dogma_runtime::vm::{NativeCode, NativeFn, Program};

/// The back end a game's card effects run on. Both give the same game, event for event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Backend {
    /// The bytecode VM: runs any edition, including a designer's tree.
    #[default]
    Vm,
    /// The official editions' Rust code, generated from their sources when `dogma` is built
    /// (crate `dogma-native`).
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

/// Makes a program's games run on `backend`. The native code built into this binary must have
/// been generated from exactly the program's compiled edition (its fingerprint is compared): a
/// card source or the compiler changed since the binary was built makes it stale, and it is
/// refused with the command that rebuilds it.
pub fn use_backend(program: &mut Program, backend: Backend) -> Result<(), String> {
    if backend == Backend::Vm {
        program.native = None;
        return Ok(());
    }
    let name = program.name.clone();
    let Some((run, fingerprint)) = dogma_native::for_edition(&name) else {
        if dogma_native::EDITIONS.contains(&name.as_str()) {
            return Err(format!(
                "the `{name}` edition has no native code built in: its card sources did not \
                 compile when this binary was built. Rebuild dogma (`cargo build`) once `dogma \
                 check --edition {name}` is clean, or run with `--backend vm`"
            ));
        }
        return Err(format!(
            "the edition `{name}` has no native code built in: dogma carries the native code of \
             the official editions only ({}). Run it with `--backend vm` (the same game); \
             `dogma build --edition {name} --target rust` writes its Rust for a program of your own",
            dogma_native::EDITIONS.join(", ")
        ));
    };
    attach_native(program, run, fingerprint)
}

/// Gives a program native code if it was generated from exactly the program's compiled edition
/// (`fingerprint`, compared with the edition's own); refuses it as stale otherwise.
pub fn attach_native(program: &mut Program, run: NativeFn, fingerprint: u64) -> Result<(), String> {
    let name = &program.name;
    let now = dogma_compiler::lower::rust::fingerprint(&program.edition)?;
    if now != fingerprint {
        return Err(format!(
            "the native code of the `{name}` edition is stale: its card sources or the compiler \
             changed since this binary was built (the native code is generated from the sources \
             under cards/ at build time). Rebuild dogma (`cargo build`) in the repository, or \
             run with `--backend vm`"
        ));
    }
    program.native = Some(NativeCode { run, fingerprint });
    Ok(())
}

/// The rule variants of an edition by name or manifest path.
pub fn rules_of(name: &str) -> Result<Rules, String> {
    Ok(library::load_manifest(name)?.rules)
}
