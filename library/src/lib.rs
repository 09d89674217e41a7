//! Finding card sources on disk: edition manifests, their trees, and loose paths; and an edition
//! loaded from them, checked and compiled (`compile_edition`).
//!
//! This is the only part of the project (with the CLI) that reads card files: the `dogma` CLI and
//! the build script of `dogma-native` (which compiles the official editions to Rust) both load
//! editions through it. A *tree* is a folder of `*.dogma` files with an optional `tree.toml`:
//!
//! ```toml
//! description = "The first edition's wording, over the third edition's base cards"
//! set = "base"          # the set of its cards (default: the folder's name)
//! extends = "base"      # a tree whose cards it replaces by title (optional)
//! drop = ["Oars"]       # titles of the extended trees' cards to leave out (optional)
//! ```
//!
//! An *edition* is a manifest `cards/editions/NAME.toml` (or any `.toml` path) naming its trees
//! and its rule variants (`[rules]`, every field of `dogma_runtime::bytecode::Rules`). A manifest
//! may `extend` another edition: it takes that edition's trees and rules, adds its own trees and
//! overrides the rules it lists. `docs/editions.md` documents both files.

use dogma_compiler::{Checked, EditionRules, Layer, Options, SourceFile};
use dogma_dsl::render::Wording;
use dogma_runtime::bytecode::{CompiledEdition, Rules};
use serde::Deserialize;
use std::path::{Path, PathBuf};

pub mod embedded;

/// The folder that holds the trees and the edition manifests, the first of:
/// - `$DOGMA_CARDS`, when set (a cards folder kept elsewhere);
/// - the nearest `cards/` folder holding `editions/`, from the working directory up (the
///   repository, or a designer's project laid out like it): `cards` itself when it is in the
///   working directory;
/// - the official sources built into the binary (`embedded`), so that `dogma` works anywhere.
pub fn cards_root() -> PathBuf {
    if let Some(dir) = std::env::var_os("DOGMA_CARDS").filter(|d| !d.is_empty()) {
        return PathBuf::from(dir);
    }
    if Path::new("cards").join("editions").is_dir() {
        return PathBuf::from("cards");
    }
    if let Ok(here) = std::env::current_dir() {
        for dir in here.ancestors().skip(1) {
            let cards = dir.join("cards");
            if cards.join("editions").is_dir() {
                return cards;
            }
        }
    }
    // Without a copy on disk, an empty `cards` names the problem when nothing is found.
    embedded::cards_folder().unwrap_or_else(|_| PathBuf::from("cards"))
}

/// The name a file of a cards folder is known by: `cards/…`, wherever the folder is. Names are
/// part of a compiled edition and of its fingerprint, so the official editions compile to the
/// same edition (and match their native code) from any folder.
fn name_in(root: &Path, file: &Path) -> String {
    match file.strip_prefix(root) {
        Ok(relative) if root != Path::new("cards") => {
            let folder = root
                .file_name()
                .map_or("cards".into(), |n| n.to_string_lossy());
            Path::new(folder.as_ref())
                .join(relative)
                .display()
                .to_string()
        }
        _ => file.display().to_string(),
    }
}

/// An edition manifest as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawManifest {
    name: String,
    /// What the edition is, for people reading the manifest.
    #[serde(default)]
    description: String,
    /// Another edition whose trees and rules this one starts from.
    #[serde(default)]
    extends: Option<String>,
    #[serde(default)]
    trees: Vec<String>,
    /// How card text is worded: first, third or fourth.
    #[serde(default)]
    wording: Option<String>,
    /// The rule variants (all of them, or those that differ from the extended edition).
    #[serde(default)]
    rules: toml::Table,
}

/// A tree manifest (`tree.toml`) as written.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTree {
    #[serde(default)]
    #[allow(dead_code)]
    description: String,
    #[serde(default)]
    set: Option<String>,
    #[serde(default)]
    extends: Option<String>,
    #[serde(default)]
    drop: Vec<String>,
}

/// A tree of card sources.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tree {
    /// The folder's name.
    pub name: String,
    pub dir: PathBuf,
    /// The set of its cards.
    pub set: String,
    /// The trees it extends, directly or not, by index in the edition's tree list.
    pub extends: Vec<u16>,
    pub drop: Vec<String>,
}

/// An edition: its manifest with every `extends` resolved.
#[derive(Clone, Debug)]
pub struct Manifest {
    pub name: String,
    pub description: String,
    /// The manifest file.
    pub path: PathBuf,
    /// Every manifest file read, canonical: its own, then those of the editions it extends.
    pub manifests: Vec<PathBuf>,
    /// The trees, each after the trees it extends.
    pub trees: Vec<Tree>,
    pub wording: Wording,
    pub rules: Rules,
    /// The printed cards of its sets that are not written yet (the expansions' `not-written`),
    /// with the set each belongs to: reported as not implemented.
    pub not_written: Vec<(String, String)>,
}

impl Manifest {
    /// The note that says which printed cards the game plays without, if any.
    pub fn not_written_note(&self) -> Option<String> {
        if self.not_written.is_empty() {
            return None;
        }
        let mut by_set: Vec<(String, Vec<&str>)> = Vec::new();
        for (set, title) in &self.not_written {
            match by_set.iter_mut().find(|(s, _)| s == set) {
                Some((_, titles)) => titles.push(title),
                None => by_set.push((set.clone(), vec![title])),
            }
        }
        let parts: Vec<String> = by_set
            .iter()
            .map(|(set, titles)| {
                format!(
                    "{} card{} of {set} not implemented yet (the game is played without them): {}",
                    titles.len(),
                    if titles.len() == 1 { "" } else { "s" },
                    titles.join(", ")
                )
            })
            .collect();
        Some(format!("note: {}", parts.join("; ")))
    }
}

/// An edition's card sources, ready to check.
pub struct EditionSources {
    pub manifest: Manifest,
    pub files: Vec<SourceFile>,
}

impl EditionSources {
    pub fn options(&self) -> Options {
        Options {
            edition: Some(EditionRules {
                name: self.manifest.name.clone(),
                rules: self.manifest.rules.clone(),
            }),
            layers: layers(&self.manifest.trees),
            wording: self.manifest.wording,
        }
    }
}

fn layers(trees: &[Tree]) -> Vec<Layer> {
    trees
        .iter()
        .map(|t| Layer {
            name: t.name.clone(),
            extends: t.extends.clone(),
            drop: t.drop.clone(),
        })
        .collect()
}

/// The manifest file of an edition given by name (`third`) or by path.
pub fn manifest_path(name: &str) -> PathBuf {
    manifest_path_in(&cards_root(), name)
}

/// The manifest file of an edition given by name (`third`, under `root/editions/`) or by path.
fn manifest_path_in(root: &Path, name: &str) -> PathBuf {
    if name.ends_with(".toml") {
        PathBuf::from(name)
    } else {
        root.join("editions").join(format!("{name}.toml"))
    }
}

/// Loads an edition by name (`third`) or by manifest path, with its card files.
pub fn load_edition(name: &str) -> Result<EditionSources, String> {
    load_edition_in(&cards_root(), name)
}

/// Loads an edition by name or manifest path with `root` as the cards folder (in place of
/// `cards_root()`). The files are named by their paths as found from `root`, and the names are
/// part of the compiled edition (and so of its fingerprint).
pub fn load_edition_in(root: &Path, name: &str) -> Result<EditionSources, String> {
    let manifest = load_manifest_in(root, name)?;
    let mut files = Vec::new();
    for (i, tree) in manifest.trees.iter().enumerate() {
        for file in dogma_files(&tree.dir)? {
            let mut source = read_source(&file, &tree.set)?;
            source.name = name_in(root, &file);
            source.layer = i as u16;
            files.push(source);
        }
    }
    Ok(EditionSources { manifest, files })
}

/// An edition's card sources with card files named on the command line checked in it (`dogma
/// check --edition M FILE`): the named files' cards are checked, and every other card and
/// special achievement of the edition is known to them.
pub struct NamedInEdition {
    pub sources: EditionSources,
    /// The edition's trees, then (when some named file is not the edition's) the named files'
    /// own tree, which extends every tree of the edition.
    pub layers: Vec<Layer>,
    /// For each file of `sources.files`, whether it is one of the named files.
    pub named: Vec<bool>,
}

impl NamedInEdition {
    pub fn options(&self) -> Options {
        Options {
            layers: self.layers.clone(),
            ..self.sources.options()
        }
    }
}

/// Loads an edition by name or manifest path with card files named on the command line (files,
/// or folders of them; one of the edition's trees comes with the trees it extends). A named
/// file of the edition takes the place of the edition's copy; any
/// other is added in a tree of its own that extends every tree of the edition, so that its
/// cards replace the edition's cards of the same title, as a tree's cards replace those of the
/// trees it extends.
pub fn load_edition_with(name: &str, paths: &[PathBuf]) -> Result<NamedInEdition, String> {
    let mut sources = load_edition(name)?;
    let mut layers = layers(&sources.manifest.trees);
    let mut named = vec![false; sources.files.len()];
    let canonical = |p: &Path| p.canonicalize().unwrap_or_else(|_| p.to_path_buf());
    let own: Vec<PathBuf> = sources
        .files
        .iter()
        .map(|f| canonical(Path::new(&f.name)))
        .collect();
    let mut files = Vec::new();
    for path in paths {
        // A tree of the edition is checked with the trees it extends, as the edition has them.
        let tree = sources
            .manifest
            .trees
            .iter()
            .position(|t| canonical(&t.dir) == canonical(path));
        if let Some(i) = tree {
            let tree = &sources.manifest.trees[i];
            for (file, named) in sources.files.iter().zip(named.iter_mut()) {
                *named |= file.layer as usize == i || tree.extends.contains(&file.layer);
            }
        } else if path.is_dir() {
            files.extend(dogma_files(path)?);
        } else if path.is_file() {
            files.push(path.clone());
        } else {
            return Err(not_found(path));
        }
    }
    let mut added_layer: Option<u16> = None;
    for file in files {
        let path = canonical(&file);
        if let Some(i) = own.iter().position(|p| *p == path) {
            let layer = sources.files[i].layer;
            let set = sources.files[i].set.clone();
            let mut source = read_source(&file, &set)?;
            source.layer = layer;
            sources.files[i] = source;
            named[i] = true;
            continue;
        }
        if files_named_twice(&sources.files, &named, &file) {
            continue;
        }
        let layer = *added_layer.get_or_insert_with(|| {
            let extends = (0..layers.len() as u16).collect();
            layers.push(Layer {
                name: "the files named".to_string(),
                extends,
                drop: Vec::new(),
            });
            layers.len() as u16 - 1
        });
        let mut source = read_source(&file, &set_of(&file))?;
        source.layer = layer;
        sources.files.push(source);
        named.push(true);
    }
    Ok(NamedInEdition {
        sources,
        layers,
        named,
    })
}

/// Whether `file` is already among the named files (named twice on the command line).
fn files_named_twice(files: &[SourceFile], named: &[bool], file: &Path) -> bool {
    let path = file.canonicalize().unwrap_or_else(|_| file.to_path_buf());
    files.iter().zip(named).any(|(f, n)| {
        *n && Path::new(&f.name)
            .canonicalize()
            .unwrap_or_else(|_| PathBuf::from(&f.name))
            == path
    })
}

/// Loads an edition's manifest (following `extends`) without its card files.
pub fn load_manifest(name: &str) -> Result<Manifest, String> {
    load_manifest_in(&cards_root(), name)
}

/// Loads an edition's manifest with `root` as the cards folder. A name may add expansions to
/// the edition: `third+cities` is the third edition with Cities of Destiny
/// (`root/expansions/cities.toml`), whose trees and rules join the edition's.
pub fn load_manifest_in(root: &Path, name: &str) -> Result<Manifest, String> {
    let (edition, expansions) = split_game_name(name);
    let path = manifest_path_in(root, edition);
    let mut seen = Vec::new();
    let (raw, mut rules, mut trees, wording) = resolve_manifest(root, &path, &mut seen)?;
    let mut names = vec![raw.name.clone()];
    let mut in_play = Vec::new();
    let mut not_written = Vec::new();
    for expansion in &expansions {
        if in_play.contains(expansion) {
            return Err(format!("the expansion `{expansion}` is named twice"));
        }
        let option_of = add_expansion(
            root,
            expansion,
            &raw.name,
            &mut rules,
            &mut trees,
            &mut seen,
            &mut not_written,
        )?;
        match option_of {
            // An option of an expansion (the Relics of Artifacts) adds its cards and rules but
            // no supply, player or achievement of its own (EXPANSIONS.md A10).
            Some(parent) if in_play.contains(&parent) => {}
            Some(parent) => {
                return Err(format!(
                    "`{expansion}` is an option of the expansion `{parent}`: name `{parent}` before it ({}+{parent}+{expansion})",
                    raw.name
                ))
            }
            None => in_play.push(expansion.clone()),
        }
        names.push(expansion.clone());
    }
    if !in_play.is_empty() {
        rules.insert(
            "expansions".to_string(),
            toml::Value::Array(in_play.into_iter().map(toml::Value::String).collect()),
        );
    }
    let rules: Rules = {
        let table = std::mem::take(&mut rules);
        Rules::deserialize(toml::Value::Table(table)).map_err(|e| {
            format!(
                "{}: the [rules] table is incomplete or wrong: {}",
                path.display(),
                e.message()
            )
        })?
    };
    rules
        .check()
        .map_err(|e| format!("{}: the [rules] table is out of range: {e}", path.display()))?;
    let wording = match &wording {
        None => Wording::Third,
        Some(w) => Wording::from_word(w).ok_or_else(|| {
            format!(
                "{}: unknown wording `{w}` (first, third or fourth)",
                path.display()
            )
        })?,
    };
    Ok(Manifest {
        name: names.join("+"),
        description: raw.description,
        path,
        manifests: seen,
        trees,
        wording,
        rules,
        not_written,
    })
}

/// Reads a manifest and the editions it extends: the manifest, its merged rules table, its
/// trees (parents first) and its wording (its own, else the extended edition's). `seen` catches
/// a cycle of `extends` (and ends holding every manifest read).
fn resolve_manifest(
    root: &Path,
    path: &Path,
    seen: &mut Vec<PathBuf>,
) -> Result<(RawManifest, toml::Table, Vec<Tree>, Option<String>), String> {
    let text = std::fs::read_to_string(path).map_err(|e| {
        let known = known_editions(root);
        format!(
            "cannot read the edition manifest {}: {e}{}",
            path.display(),
            if known.is_empty() {
                String::new()
            } else {
                format!(" (known editions: {})", known.join(", "))
            }
        )
    })?;
    let raw: RawManifest = toml::from_str(&text)
        .map_err(|e| format!("{}: not a valid edition manifest: {e}", path.display()))?;
    let canonical = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
    if seen.contains(&canonical) {
        return Err(format!(
            "{}: the editions extend each other in a cycle",
            path.display()
        ));
    }
    seen.push(canonical);
    let base = manifest_base(path);
    let (mut rules, mut trees, inherited) = match &raw.extends {
        None => (toml::Table::new(), Vec::new(), None),
        Some(parent) => {
            let parent_path = if parent.ends_with(".toml") {
                base_relative(path, parent)
            } else {
                manifest_path_in(root, parent)
            };
            let (_, rules, trees, wording) = resolve_manifest(root, &parent_path, seen)
                .map_err(|e| format!("{}: extends `{parent}`: {e}", path.display()))?;
            (rules, trees, wording)
        }
    };
    for (key, value) in &raw.rules {
        rules.insert(key.clone(), value.clone());
    }
    for tree in &raw.trees {
        let dir = find_tree(root, &base, tree).ok_or_else(|| {
            format!(
                "{}: the tree `{tree}` has no folder {}",
                path.display(),
                base.join(tree).display()
            )
        })?;
        add_tree(root, &mut trees, &dir, &mut Vec::new())
            .map_err(|e| format!("{}: {e}", path.display()))?;
    }
    let wording = raw.wording.clone().or(inherited);
    Ok((raw, rules, trees, wording))
}

/// A game's name split into its edition and the expansions in play: `third+cities+echoes`.
/// The expansions are kept in the order given; an edition given by a manifest path keeps its
/// `+` signs unless they come after `.toml`.
pub fn split_game_name(name: &str) -> (&str, Vec<String>) {
    let (edition, rest) = match name.find(".toml") {
        Some(end) => name.split_at(end + ".toml".len()),
        None => match name.find('+') {
            Some(at) => name.split_at(at),
            None => (name, ""),
        },
    };
    let expansions = rest
        .split('+')
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect();
    (edition, expansions)
}

/// The name of a game of an edition with expansions (`third+cities`).
pub fn game_name(edition: &str, expansions: &[String]) -> String {
    std::iter::once(edition.to_string())
        .chain(expansions.iter().cloned())
        .collect::<Vec<_>>()
        .join("+")
}

/// An expansion manifest (`cards/expansions/NAME.toml`) as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawExpansion {
    name: String,
    #[serde(default)]
    #[allow(dead_code)]
    description: String,
    /// The editions the expansion is written for (its rules and cards are theirs).
    editions: Vec<String>,
    trees: Vec<String>,
    /// The rules the expansion adds to the edition's (keys of `Rules`).
    #[serde(default)]
    rules: toml::Table,
    /// The set's printed cards not written in the language yet: the tool reports them as not
    /// implemented (`dogma check`, `list`, `play`) instead of playing without them silently.
    #[serde(default, rename = "not-written")]
    not_written: Vec<String>,
    /// An option of another expansion (`option-of = "artifacts"`: the Relics): played only with
    /// that expansion, it adds no supply, player or achievement to win.
    #[serde(default, rename = "option-of")]
    option_of: Option<String>,
}

/// The names of the expansions under `cards/expansions/`, sorted.
pub fn known_expansions(root: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(root.join("expansions"))
        .map(|dir| {
            dir.filter_map(|e| e.ok())
                .filter_map(|e| {
                    let p = e.path();
                    (p.extension()? == "toml").then(|| p.file_stem()?.to_str().map(String::from))?
                })
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

/// The editions an expansion is written for.
pub fn expansion_editions(root: &Path, name: &str) -> Result<Vec<String>, String> {
    Ok(read_expansion(root, name)?.1.editions)
}

/// The expansion an option is played with (`option-of`: the Relics with Artifacts), if any.
pub fn expansion_option_of(root: &Path, name: &str) -> Result<Option<String>, String> {
    Ok(read_expansion(root, name)?.1.option_of)
}

/// Reads an expansion's manifest: its path and its contents.
fn read_expansion(root: &Path, name: &str) -> Result<(PathBuf, RawExpansion), String> {
    let path = root.join("expansions").join(format!("{name}.toml"));
    let text = std::fs::read_to_string(&path).map_err(|_| {
        let known = known_expansions(root);
        format!(
            "unknown expansion `{name}` (no {}){}",
            path.display(),
            if known.is_empty() {
                String::new()
            } else {
                format!("; the expansions are: {}", known.join(", "))
            }
        )
    })?;
    let raw: RawExpansion = toml::from_str(&text)
        .map_err(|e| format!("{}: not a valid expansion manifest: {e}", path.display()))?;
    if raw.name != name {
        return Err(format!(
            "{}: the expansion calls itself `{}`, not `{name}`",
            path.display(),
            raw.name
        ));
    }
    Ok((path, raw))
}

/// Adds an expansion to an edition being loaded: its trees after the edition's, its rules over
/// the edition's (an expansion's rule is one the edition does not have: a key the edition sets
/// too is an error). Returns the expansion it is an option of, if it is one.
fn add_expansion(
    root: &Path,
    name: &str,
    edition: &str,
    rules: &mut toml::Table,
    trees: &mut Vec<Tree>,
    seen: &mut Vec<PathBuf>,
    not_written: &mut Vec<(String, String)>,
) -> Result<Option<String>, String> {
    let (path, raw) = read_expansion(root, name)?;
    not_written.extend(
        raw.not_written
            .iter()
            .map(|t| (name.to_string(), t.clone())),
    );
    if !raw.editions.iter().any(|e| e == edition) {
        return Err(format!(
            "the expansion `{name}` is written for the {} edition, not the {edition}",
            raw.editions.join(" or ")
        ));
    }
    seen.push(path.canonicalize().unwrap_or_else(|_| path.clone()));
    for (key, value) in raw.rules {
        // Two expansions may bring the same rule alike (Echoes and Figures both use duplicate
        // achievements and the forecast: EXPANSIONS.md F12).
        if rules.get(&key) == Some(&value) {
            continue;
        }
        if rules.contains_key(&key) {
            return Err(format!(
                "{}: the rule `{key}` is the edition's; an expansion adds rules of its own",
                path.display()
            ));
        }
        rules.insert(key, value);
    }
    let base = manifest_base(&path);
    for tree in &raw.trees {
        let dir = find_tree(root, &base, tree).ok_or_else(|| {
            format!(
                "{}: the tree `{tree}` has no folder {}",
                path.display(),
                base.join(tree).display()
            )
        })?;
        add_tree(root, trees, &dir, &mut Vec::new())
            .map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(raw.option_of)
}

/// The folder a manifest's tree names are relative to: the parent of an `editions` folder, else
/// the manifest's own folder.
fn manifest_base(path: &Path) -> PathBuf {
    let dir = path.parent().unwrap_or(Path::new("."));
    if dir
        .file_name()
        .is_some_and(|n| n == "editions" || n == "expansions")
    {
        dir.parent().unwrap_or(Path::new(".")).to_path_buf()
    } else {
        dir.to_path_buf()
    }
}

fn base_relative(manifest: &Path, name: &str) -> PathBuf {
    manifest.parent().unwrap_or(Path::new(".")).join(name)
}

/// A tree folder by name: beside the naming file, else under the cards folder `root`.
fn find_tree(root: &Path, base: &Path, name: &str) -> Option<PathBuf> {
    [base.join(name), root.join(name)]
        .into_iter()
        .find(|d| d.is_dir())
}

/// Adds a tree after the trees it extends (each once). Returns its index.
fn add_tree(
    root: &Path,
    trees: &mut Vec<Tree>,
    dir: &Path,
    chain: &mut Vec<PathBuf>,
) -> Result<u16, String> {
    let canonical = dir.canonicalize().unwrap_or_else(|_| dir.to_path_buf());
    if let Some(i) = trees
        .iter()
        .position(|t| t.dir.canonicalize().unwrap_or_else(|_| t.dir.clone()) == canonical)
    {
        return Ok(i as u16);
    }
    if chain.contains(&canonical) {
        return Err(format!(
            "the trees extend each other in a cycle at {}",
            dir.display()
        ));
    }
    chain.push(canonical);
    let name = dir
        .file_name()
        .map_or_else(|| "cards".to_string(), |n| n.to_string_lossy().to_string());
    let raw = read_tree_manifest(dir)?;
    let mut extends = Vec::new();
    if let Some(parent) = &raw.extends {
        let base = dir.parent().unwrap_or(Path::new("."));
        let parent_dir = find_tree(root, base, parent).ok_or_else(|| {
            format!(
                "{}: extends the tree `{parent}`, which has no folder {}",
                dir.join("tree.toml").display(),
                base.join(parent).display()
            )
        })?;
        let p = add_tree(root, trees, &parent_dir, chain)?;
        extends.push(p);
        extends.extend(trees[p as usize].extends.iter().copied());
    }
    trees.push(Tree {
        set: raw.set.unwrap_or_else(|| name.clone()),
        name,
        dir: dir.to_path_buf(),
        extends,
        drop: raw.drop,
    });
    Ok(trees.len() as u16 - 1)
}

fn read_tree_manifest(dir: &Path) -> Result<RawTree, String> {
    let path = dir.join("tree.toml");
    if !path.is_file() {
        return Ok(RawTree::default());
    }
    let text = std::fs::read_to_string(&path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    toml::from_str(&text).map_err(|e| format!("{}: not a valid tree manifest: {e}", path.display()))
}

/// The names of the editions under `cards/editions/`, sorted.
pub fn known_editions(root: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(root.join("editions"))
        .map(|dir| {
            dir.filter_map(|e| e.ok())
                .filter_map(|e| {
                    let p = e.path();
                    (p.extension()? == "toml").then(|| p.file_stem()?.to_str().map(String::from))?
                })
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

/// Every `*.dogma` file under a folder, sorted by path.
pub fn dogma_files(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let mut out = Vec::new();
    walk_folder(dir, &mut |path, is_dir| {
        if !is_dir && path.extension().is_some_and(|e| e == "dogma") {
            out.push(path.to_path_buf());
        }
        true
    })?;
    out.sort();
    Ok(out)
}

/// Walks every file and folder below `dir`, following symbolic links: `visit(path, is_dir)`
/// sees each one, and for a folder says whether to walk into it. Each folder is walked once (a
/// second link to it is skipped), and a folder that leads back to one it is inside (a symbolic
/// link to itself or to a parent) is an error naming both, never a walk without end.
pub fn walk_folder(dir: &Path, visit: &mut dyn FnMut(&Path, bool) -> bool) -> Result<(), String> {
    let mut inside = Vec::new();
    let mut walked = std::collections::BTreeSet::new();
    walk_in(dir, visit, &mut inside, &mut walked)
}

fn walk_in(
    dir: &Path,
    visit: &mut dyn FnMut(&Path, bool) -> bool,
    inside: &mut Vec<(PathBuf, PathBuf)>,
    walked: &mut std::collections::BTreeSet<PathBuf>,
) -> Result<(), String> {
    let cannot = |e: std::io::Error| format!("cannot read {}: {e}", dir.display());
    let canonical = dir.canonicalize().map_err(cannot)?;
    if let Some((outer, _)) = inside.iter().find(|(_, c)| *c == canonical) {
        return Err(format!(
            "{} leads back to {}, a folder it is inside (a cycle of symbolic links)",
            dir.display(),
            outer.display()
        ));
    }
    if !walked.insert(canonical.clone()) {
        return Ok(());
    }
    inside.push((dir.to_path_buf(), canonical));
    let mut entries = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(cannot)? {
        entries.push(entry.map_err(cannot)?.path());
    }
    entries.sort();
    for path in entries {
        if path.is_dir() {
            if visit(&path, true) {
                walk_in(&path, visit, inside, walked)?;
            }
        } else {
            visit(&path, false);
        }
    }
    inside.pop();
    Ok(())
}

/// What a folder that is not a tree holds: the trees below it (folders with a `tree.toml`; a
/// tree's own subfolders are part of it) and the card files outside them, each sorted by path.
pub struct Folder {
    pub trees: Vec<PathBuf>,
    pub loose: Vec<PathBuf>,
}

/// The trees of a folder and its card files outside them (`dogma check cards` checks each tree
/// in its edition).
pub fn trees_in(dir: &Path) -> Result<Folder, String> {
    let mut folder = Folder {
        trees: Vec::new(),
        loose: Vec::new(),
    };
    walk_folder(dir, &mut |path, is_dir| {
        if is_dir && path.join("tree.toml").is_file() {
            folder.trees.push(path.to_path_buf());
            false
        } else if is_dir {
            true
        } else {
            if path.extension().is_some_and(|e| e == "dogma") {
                folder.loose.push(path.to_path_buf());
            }
            true
        }
    })?;
    folder.trees.sort();
    folder.loose.sort();
    Ok(folder)
}

/// Reads one card file as part of the set `set`.
pub fn read_source(path: &Path, set: &str) -> Result<SourceFile, String> {
    let text = read_card_text(path)?;
    Ok(SourceFile::new(path.display().to_string(), text, set))
}

/// A card file's text, or why it cannot be read, each case in its own words: not there, not a
/// regular file, a byte-order mark, a byte that is not UTF-8 (with its line, column and offset).
pub fn read_card_text(path: &Path) -> Result<String, String> {
    let bytes = std::fs::read(path).map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => not_found(path),
        std::io::ErrorKind::IsADirectory => {
            format!("{} is a folder, not a card file", path.display())
        }
        _ => format!("cannot read {}: {e}", path.display()),
    })?;
    text_of(path, bytes)
}

/// The text of a file's bytes: UTF-8 without a byte-order mark.
pub fn text_of(path: &Path, bytes: Vec<u8>) -> Result<String, String> {
    if bytes.starts_with(&[0xEF, 0xBB, 0xBF]) {
        return Err(format!(
            "{} begins with a byte-order mark (the bytes EF BB BF): save it as UTF-8 without a BOM",
            path.display()
        ));
    }
    String::from_utf8(bytes).map_err(|e| {
        let offset = e.utf8_error().valid_up_to();
        let bytes = e.as_bytes();
        let before = &bytes[..offset];
        let line = before.iter().filter(|b| **b == b'\n').count() + 1;
        let line_start = before.iter().rposition(|b| *b == b'\n').map_or(0, |i| i + 1);
        // The column in characters: the line's text before the byte is valid UTF-8.
        let column = std::str::from_utf8(&before[line_start..]).map_or(0, |t| t.chars().count()) + 1;
        format!(
            "{}:{line}:{column}: the byte 0x{:02X} (offset {offset}) is not UTF-8: card files are UTF-8 text; save the file as UTF-8",
            path.display(),
            bytes[offset]
        )
    })
}

/// Why a path named on the command line is neither a card file nor a folder of them.
pub fn not_found(path: &Path) -> String {
    match std::fs::metadata(path) {
        Ok(_) => format!(
            "{} is not a regular file or a folder (a pipe, a device or a socket): name a card file or a folder of them",
            path.display()
        ),
        Err(_) => format!("no such file or folder: {}", path.display()),
    }
}

/// Card files named on the command line, as trees: a folder with a `tree.toml` comes with the
/// trees it extends (so its cards can name theirs); any other folder or file is a tree of its
/// own, its set the name of the tree folder under `cards/` it belongs to, else its parent
/// folder's name.
pub struct PathSources {
    pub files: Vec<SourceFile>,
    pub layers: Vec<Layer>,
}

pub fn sources_from_paths(paths: &[PathBuf]) -> Result<PathSources, String> {
    let root = cards_root();
    let mut trees: Vec<Tree> = Vec::new();
    let mut loose: Vec<(PathBuf, String)> = Vec::new();
    for path in paths {
        if path.is_dir() && path.join("tree.toml").is_file() {
            add_tree(&root, &mut trees, path, &mut Vec::new())?;
        } else if path.is_dir() {
            for file in dogma_files(path)? {
                let set = set_of(&file);
                loose.push((file, set));
            }
        } else if path.is_file() {
            loose.push((path.clone(), set_of(path)));
        } else {
            return Err(not_found(path));
        }
    }
    let mut files = Vec::new();
    for (i, tree) in trees.iter().enumerate() {
        for file in dogma_files(&tree.dir)? {
            let mut source = read_source(&file, &tree.set)?;
            source.layer = i as u16;
            files.push(source);
        }
    }
    let mut layers = layers(&trees);
    if !loose.is_empty() {
        let layer = layers.len() as u16;
        layers.push(Layer {
            name: "the files named".to_string(),
            ..Layer::default()
        });
        for (file, set) in loose {
            let mut source = read_source(&file, &set)?;
            source.layer = layer;
            files.push(source);
        }
    }
    Ok(PathSources { files, layers })
}

/// The set of a loose card file: its tree's `set` (from `tree.toml`) or the tree folder's name.
fn set_of(file: &Path) -> String {
    for dir in file.ancestors().skip(1) {
        if dir.join("tree.toml").is_file() {
            if let Ok(RawTree { set: Some(set), .. }) = read_tree_manifest(dir) {
                return set;
            }
            if let Some(name) = dir.file_name() {
                return name.to_string_lossy().to_string();
            }
        }
    }
    let components: Vec<String> = file
        .components()
        .map(|c| c.as_os_str().to_string_lossy().to_string())
        .collect();
    if let Some(i) = components.iter().rposition(|c| c == "cards") {
        if i + 2 < components.len() {
            return components[i + 1].clone();
        }
    }
    file.parent()
        .and_then(|p| p.file_name())
        .map_or_else(|| "cards".to_string(), |n| n.to_string_lossy().to_string())
}

/// The problems of an edition's trees that the card checks cannot see: titles dropped that no
/// extended tree has.
pub fn drop_errors(layers: &[Layer], unused: &[(u16, String)], known: &[&str]) -> Vec<String> {
    unused
        .iter()
        .map(|(layer, title)| {
            let tree = layers.get(*layer as usize).map_or("?", |l| l.name.as_str());
            let hint = dogma_dsl::suggest::closest(title, known.iter().copied())
                .map(|s| format!("; did you mean \"{s}\"?"))
                .unwrap_or_default();
            format!("the tree `{tree}` drops \"{title}\", which no tree it extends has{hint}")
        })
        .collect()
}

/// Checks an edition's sources: the card checks' result, and the problems of its tree
/// manifests (a dropped title no extended tree has).
pub fn check_sources(sources: &EditionSources) -> (Checked, Vec<String>) {
    let options = sources.options();
    let checked = dogma_compiler::check(&sources.files, &options);
    let known: Vec<&str> = checked
        .program
        .cards
        .iter()
        .map(|c| c.title.as_str())
        .chain(checked.program.achievements.iter().map(|a| a.name.as_str()))
        .collect();
    let mut problems = drop_errors(&options.layers, &checked.unused_drops, &known);
    problems.extend(supply_problem(&sources.manifest, &checked));
    for (set, title) in &sources.manifest.not_written {
        if known.contains(&title.as_str()) {
            problems.push(format!(
                "\"{title}\" is written, but the {set} manifest still lists it as `not-written`: remove it from the list"
            ));
        }
    }
    (checked, problems)
}

/// Whether the edition's cards can set up and play a game of as many players as it seats (the
/// deal and the standard achievements: `Rules::check_supply`). Cards of ages outside the edition
/// are the card checks' errors already.
fn supply_problem(manifest: &Manifest, checked: &Checked) -> Option<String> {
    let rules = &manifest.rules;
    let max = rules.max_age;
    let cards = checked
        .program
        .cards
        .iter()
        .filter(|c| (1..=max).contains(&c.age))
        .map(|c| {
            let set = rules.set_index(&c.set).unwrap_or(0);
            (c.title.as_str(), c.age, set)
        });
    let players = rules.most_players();
    rules.check_supply(cards, players).err().map(|e| {
        format!(
            "the {} edition cannot seat {players} players: {e}",
            manifest.name
        )
    })
}

/// Loads an edition's sources, checks them and compiles them to bytecode. Errors are summarised
/// in one message (the CLI shows them in full).
pub fn compile_edition(name: &str) -> Result<CompiledEdition, String> {
    compile_sources(&load_edition(name)?)
}

/// Checks an edition's loaded sources and compiles them to bytecode, errors summarised in one
/// message.
pub fn compile_sources(sources: &EditionSources) -> Result<CompiledEdition, String> {
    let (checked, problems) = check_sources(sources);
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
