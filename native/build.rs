//! Generates the official editions' native code when `dogma-native` is built.
//!
//! Each edition is loaded from the repository's `cards/` through `dogma-library` (the code the
//! `dogma` CLI loads editions with), checked and compiled to bytecode; then all of them are
//! lowered to Rust together by `dogma_compiler::lower::rust::generate_shared`: each distinct chunk
//! function once in `OUT_DIR/chunks.rs` (the function `dogma build --edition NAME --target rust`
//! writes for that chunk), and in `OUT_DIR/NAME.rs` each edition's fingerprint and the dispatch of
//! its chunks. `OUT_DIR/editions.rs` declares the modules for `src/lib.rs` to include.
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
const EDITIONS: [&str; 11] = [
    "first",
    "third",
    "fourth",
    "third+cities",
    "third+echoes",
    "third+cities+echoes",
    "third+artifacts",
    "third+artifacts+relics",
    "third+cities+echoes+artifacts+relics",
    "third+figures",
    "third+cities+echoes+artifacts+relics+figures",
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
    // Every edition that compiles, then their code generated together: a chunk with the same
    // ops in several editions (the third edition's base cards are in four of them) is one
    // function of the module `chunks`, which keeps the crate's build time proportional to the
    // distinct code rather than to the editions.
    let mut compiled = Vec::new();
    for name in EDITIONS {
        match compile(&repository, cards, name) {
            Ok(edition) => compiled.push((name, Some(edition))),
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
                compiled.push((name, None));
            }
        }
    }
    let built: Vec<_> = compiled.iter().filter_map(|(_, e)| e.as_ref()).collect();
    let shared = dogma_compiler::lower::rust::generate_shared(&built)
        .unwrap_or_else(|e| panic!("the official editions' native code: {e}"));
    let mut generated = shared.editions.into_iter();
    let chunks = out.join("chunks.rs");
    write(&chunks, &shared.chunks);
    let chunks = Literal::string(&chunks.to_string_lossy());
    let mut modules = vec![quote! {
        #[doc = " The chunk functions the editions share."]
        #[path = #chunks]
        pub mod chunks;
    }];
    for (name, edition) in &compiled {
        let code = match edition {
            Some(_) => generated.next().expect("one module per compiled edition"),
            None => without_code(name),
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

/// An edition compiled from its sources, after a `rerun-if-changed` line for every file it
/// was made from.
fn compile(
    repository: &Path,
    cards: &Path,
    name: &str,
) -> Result<dogma_runtime::bytecode::CompiledEdition, String> {
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
    dogma_library::compile_sources(&sources?)
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
