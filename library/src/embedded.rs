//! The official card sources built into the binary (`build.rs`), for a `dogma` run outside the
//! repository: written once to a cache folder named by their fingerprint, and read from there
//! like any cards folder.

use std::path::{Path, PathBuf};

include!(concat!(env!("OUT_DIR"), "/embedded.rs"));

/// A fingerprint of the embedded sources (FNV-1a over paths and texts): a binary built from
/// other sources gets a folder of its own.
fn fingerprint() -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for (path, text) in FILES {
        for byte in path.bytes().chain([0]).chain(text.bytes()).chain([0]) {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
    }
    hash
}

/// The folder for caches: `$XDG_CACHE_HOME`, else `~/.cache`, else the system's temporary folder.
fn cache_home() -> PathBuf {
    let from = |var: &str| {
        std::env::var_os(var)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    from("XDG_CACHE_HOME")
        .or_else(|| from("HOME").map(|home| home.join(".cache")))
        .unwrap_or_else(std::env::temp_dir)
}

/// The embedded `cards` folder on disk, written on first use. Written beside its final place
/// and renamed into it, so that a run never sees half a folder, and two runs at once both end
/// with the same complete copy.
pub fn cards_folder() -> Result<PathBuf, String> {
    if FILES.is_empty() {
        return Err("this dogma was built without the official card sources".to_string());
    }
    let base = cache_home()
        .join("dogma")
        .join(format!("cards-{:016x}", fingerprint()));
    let cards = base.join("cards");
    if cards.join("editions").is_dir() {
        return Ok(cards);
    }
    let staging = base.with_extension(format!("tmp{}", std::process::id()));
    let written = write_all(&staging.join("cards"));
    let result = written.and_then(|()| match std::fs::rename(&staging, &base) {
        Ok(()) => Ok(()),
        // Another run put it there first.
        Err(_) if cards.join("editions").is_dir() => Ok(()),
        Err(e) => Err(format!("cannot write {}: {e}", base.display())),
    });
    let _ = std::fs::remove_dir_all(&staging);
    result.map(|()| cards)
}

fn write_all(dir: &Path) -> Result<(), String> {
    for (path, text) in FILES {
        let file = dir.join(path);
        if let Some(parent) = file.parent() {
            std::fs::create_dir_all(parent)
                .map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
        }
        std::fs::write(&file, text).map_err(|e| format!("cannot write {}: {e}", file.display()))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_official_editions_are_embedded() {
        let has = |p: &str| super::FILES.iter().any(|(path, _)| *path == p);
        assert!(has("editions/third.toml") && has("base/age01.dogma"));
        assert!(super::FILES.iter().all(|(path, _)| !path.contains('\\')));
    }
}
