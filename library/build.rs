//! Embeds the official card sources (the repository's `cards/` folder) in `dogma-library`, so
//! that an installed `dogma` plays and checks the official editions from any folder
//! (`library::embedded`). Cargo reruns this script when anything under `cards/` changes (it scans
//! a folder given to `rerun-if-changed` recursively), so the embedded copy is never stale.

use std::path::{Path, PathBuf};

fn main() {
    let package = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let cards = package
        .parent()
        .map(|p| p.join("cards"))
        .unwrap_or_default();
    println!("cargo:rerun-if-changed={}", cards.display());
    let mut files = Vec::new();
    if cards.is_dir() {
        collect(&cards, &cards, &mut files);
    }
    files.sort();
    let mut code = String::from(
        "/// The official card sources: each file's path under `cards/` and its text.\n\
         pub static FILES: &[(&str, &str)] = &[\n",
    );
    for (relative, absolute) in &files {
        code.push_str(&format!(
            "    ({relative:?}, include_str!({absolute:?})),\n"
        ));
    }
    code.push_str("];\n");
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets it")).join("embedded.rs");
    std::fs::write(&out, code).expect("OUT_DIR is writable");
}

/// The manifests and card files under `dir`: (path relative to `root` with `/`, absolute path).
fn collect(root: &Path, dir: &Path, out: &mut Vec<(String, String)>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let Ok(kind) = entry.file_type() else {
            continue;
        };
        if kind.is_dir() {
            collect(root, &path, out);
        } else if kind.is_file()
            && matches!(
                path.extension().and_then(|e| e.to_str()),
                Some("dogma" | "toml")
            )
        {
            let relative = path
                .strip_prefix(root)
                .expect("under the root")
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect::<Vec<_>>()
                .join("/");
            out.push((relative, path.display().to_string()));
        }
    }
}
