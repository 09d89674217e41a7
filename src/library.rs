//! Finding card sources on disk: edition manifests, their trees, and loose paths.
//!
//! This is the only part of the project (with the commands) that reads files. A tree is a folder
//! of `cards/` holding `*.dogma` files; its folder name is the set of its cards. An edition is a
//! manifest `cards/editions/NAME.toml` naming its trees.

use dogma_compiler::{Options, SourceFile};
use dogma_runtime::Edition;
use serde::Deserialize;
use std::path::{Path, PathBuf};

/// The folder that holds the trees and the edition manifests.
pub fn cards_root() -> PathBuf {
    std::env::var_os("DOGMA_CARDS")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("cards"))
}

/// An edition manifest.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Manifest {
    pub name: String,
    /// What the edition is, for people reading the manifest.
    #[serde(default, rename = "description")]
    pub _description: String,
    pub trees: Vec<String>,
}

/// An edition's card sources, ready to check.
pub struct EditionSources {
    pub manifest: Manifest,
    pub edition: Option<Edition>,
    pub files: Vec<SourceFile>,
}

impl EditionSources {
    pub fn options(&self) -> Options {
        Options {
            edition: self.edition,
        }
    }
}

/// Loads an edition by name (`third`) or by manifest path.
pub fn load_edition(name: &str) -> Result<EditionSources, String> {
    let root = cards_root();
    let path = if name.ends_with(".toml") {
        PathBuf::from(name)
    } else {
        root.join("editions").join(format!("{name}.toml"))
    };
    let text = std::fs::read_to_string(&path).map_err(|e| {
        let known = known_editions(&root);
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
    let manifest: Manifest = toml::from_str(&text)
        .map_err(|e| format!("{}: not a valid edition manifest: {e}", path.display()))?;
    let edition = Edition::from_word(&manifest.name);
    // Trees sit beside the `editions` folder of the manifest.
    let trees_root = path
        .parent()
        .and_then(Path::parent)
        .map(Path::to_path_buf)
        .unwrap_or(root);
    let mut files = Vec::new();
    for tree in &manifest.trees {
        let dir = trees_root.join(tree);
        if !dir.is_dir() {
            return Err(format!(
                "{}: the tree `{tree}` has no folder {}",
                path.display(),
                dir.display()
            ));
        }
        for file in dogma_files(&dir)? {
            files.push(read_source(&file, tree)?);
        }
    }
    Ok(EditionSources {
        manifest,
        edition,
        files,
    })
}

fn known_editions(root: &Path) -> Vec<String> {
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
    collect(dir, &mut out).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
    out.sort();
    Ok(out)
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            collect(&path, out)?;
        } else if path.extension().is_some_and(|e| e == "dogma") {
            out.push(path);
        }
    }
    Ok(())
}

/// Reads one card file as part of the tree `set`.
pub fn read_source(path: &Path, set: &str) -> Result<SourceFile, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    Ok(SourceFile {
        name: path.display().to_string(),
        text,
        set: set.to_string(),
    })
}

/// The card files named by command-line paths (files or folders). A file's set is the name of
/// the tree folder under `cards/` it belongs to, else its parent folder's name.
pub fn sources_from_paths(paths: &[PathBuf]) -> Result<Vec<SourceFile>, String> {
    let mut files = Vec::new();
    for path in paths {
        if path.is_dir() {
            for file in dogma_files(path)? {
                files.push(read_source(&file, &set_of(&file))?);
            }
        } else if path.is_file() {
            files.push(read_source(path, &set_of(path))?);
        } else {
            return Err(format!("no such file or folder: {}", path.display()));
        }
    }
    Ok(files)
}

fn set_of(file: &Path) -> String {
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
