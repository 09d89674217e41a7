//! Generates the official editions' native code when `dogma-native` is built.
//!
//! Each edition is loaded from the repository's `cards/` through `dogma-library` (the code the
//! `dogma` CLI loads editions with), checked, compiled to bytecode and lowered to Rust by
//! `dogma_compiler::lower::rust::generate`: the source `dogma build --edition NAME --target rust`
//! writes, with the fingerprint of the compiled edition. It goes to `OUT_DIR/NAME.rs`, and
//! `OUT_DIR/editions.rs` declares one module per edition for `src/lib.rs` to include.
//!
//! Cargo reruns this script when an edition manifest or a file of a tree it reads changes, and
//! rebuilds it (then reruns it) when the compiler or the library changes. An edition whose sources
//! do not compile gets a module without code (`CHUNKS` is 0) and a build warning, so that the CLI
//! still builds and `dogma check` can show the errors.

use proc_macro2::{Literal, TokenStream};
use quote::{format_ident, quote};
use std::path::{Path, PathBuf};

/// The editions whose native code is built (the same list as `EDITIONS` in `src/lib.rs`): the
/// base editions, and the third edition with each expansion written so far.
const EDITIONS: [&str; 6] = [
    "first",
    "third",
    "fourth",
    "third+cities",
    "third+echoes",
    "third+cities+echoes",
];

fn main() {
    let package = PathBuf::from(env("CARGO_MANIFEST_DIR"));
    let out = PathBuf::from(env("OUT_DIR"));
    // The editions are loaded from the repository's root, as the CLI does when run there: the
    // card files are named `cards/...`, and those names are part of the compiled edition and so
    // of its fingerprint. `$DOGMA_CARDS` is not consulted: the official editions live here.
    let repository = package
        .parent()
        .expect("dogma-native lives in the repository")
        .to_path_buf();
    std::env::set_current_dir(&repository).expect("the repository's folder");
    let cards = Path::new("cards");
    let mut modules = Vec::new();
    for name in EDITIONS {
        let code = match native_code(&repository, cards, name) {
            Ok(code) => code,
            Err(error) => {
                println!(
                    "cargo:warning=the {name} edition does not compile, so it has no native code \
                     (`dogma check --edition {name}` shows why): {}",
                    error.lines().next().unwrap_or_default()
                );
                // A manifest or tree that cannot be read may be fixed anywhere under `cards/`.
                println!(
                    "cargo:rerun-if-changed={}",
                    repository.join(cards).display()
                );
                without_code(name)
            }
        };
        // `third+cities` is the module `third_cities`.
        let ident = name.replace('+', "_");
        let path = out.join(format!("{ident}.rs"));
        write(&path, &code);
        let path = Literal::string(&path.to_string_lossy());
        let module = format_ident!("{}", ident);
        let doc = format!(" The {name} edition's native code, generated from its sources.");
        modules.push(quote! {
            #[doc = #doc]
            #[path = #path]
            pub mod #module;
        });
    }
    write(
        &out.join("editions.rs"),
        &quote! { #(#modules)* }.to_string(),
    );
}

/// An edition's native code, and a `rerun-if-changed` line for every file it was made from.
fn native_code(repository: &Path, cards: &Path, name: &str) -> Result<String, String> {
    let sources = dogma_library::load_edition_in(cards, name);
    if let Ok(sources) = &sources {
        for manifest in &sources.manifest.manifests {
            println!(
                "cargo:rerun-if-changed={}",
                repository.join(manifest).display()
            );
        }
        for tree in &sources.manifest.trees {
            println!(
                "cargo:rerun-if-changed={}",
                repository.join(&tree.dir).display()
            );
        }
    }
    let edition = dogma_library::compile_sources(&sources?)?;
    dogma_compiler::lower::rust::generate(&edition)
}

/// The module of an edition whose sources do not compile: the items of native code, without
/// code (`dogma_native::for_edition` gives nothing for it).
fn without_code(name: &str) -> String {
    let doc = format!(
        " The {name} edition's sources did not compile when dogma was built: no native code."
    );
    let file: TokenStream = quote! {
        #![doc = #doc]
        #![allow(unused_variables)]

        use dogma_runtime::bytecode::CompiledEdition;
        use dogma_runtime::game::Game;
        use dogma_runtime::vm::{Frame, StmtOutcome, Stop, VmResult};

        pub const EDITION: &str = #name;
        pub const FINGERPRINT: u64 = 0;
        /// No chunks: there is no code.
        pub const CHUNKS: usize = 0;

        pub fn run(
            game: &mut Game,
            edition: &CompiledEdition,
            frame: &mut Frame,
            fuel: &mut u64,
            pure: bool,
            outer: Option<&[StmtOutcome]>,
        ) -> VmResult<Stop> {
            Err(game.ran_past_end(frame))
        }
    };
    file.to_string()
}

fn env(key: &str) -> String {
    std::env::var(key).unwrap_or_else(|_| panic!("cargo sets {key} for build scripts"))
}

fn write(path: &Path, text: &str) {
    std::fs::write(path, text).unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
}
