//! Writing files without losing them: every file dogma writes (a saved game, a formatted card
//! source, a compiled edition, Rust source, a scenario snapshot) is written beside its
//! destination, flushed to disk, then renamed over it, so an interrupted write leaves the old
//! file whole (or no file), never half of each.

use std::io::Write;
use std::path::{Path, PathBuf};

/// Writes `contents` to `path` atomically: into a temporary file in the same folder, synced, then
/// renamed over `path`. An existing file keeps its permissions; a symbolic link keeps pointing
/// where it did (its target is replaced). On failure the temporary file is removed and the old
/// file is untouched. The error names the file.
pub fn write_atomically(path: &Path, contents: &[u8]) -> Result<(), String> {
    let target = destination(path);
    let temporary = temporary_beside(&target);
    let result = write_then_rename(&target, &temporary, contents);
    if result.is_err() {
        let _ = std::fs::remove_file(&temporary);
    }
    result.map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// Where the bytes go: the file a symbolic link points to, else the path itself.
fn destination(path: &Path) -> PathBuf {
    match std::fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_symlink() => {
            std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf())
        }
        _ => path.to_path_buf(),
    }
}

/// A name beside the file that no other dogma process writes at the same time.
fn temporary_beside(target: &Path) -> PathBuf {
    let name = target
        .file_name()
        .map_or_else(|| "output".into(), |n| n.to_string_lossy().to_string());
    let hidden = format!(".{name}.{}.dogma-tmp", std::process::id());
    match target.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.join(hidden),
        _ => PathBuf::from(hidden),
    }
}

fn write_then_rename(target: &Path, temporary: &Path, contents: &[u8]) -> std::io::Result<()> {
    let mut file = std::fs::File::create(temporary)?;
    file.write_all(contents)?;
    if let Ok(meta) = std::fs::metadata(target) {
        file.set_permissions(meta.permissions())?;
    }
    file.sync_all()?;
    drop(file);
    std::fs::rename(temporary, target)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("dogma-files-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("temp folder");
        dir
    }

    #[test]
    fn replaces_the_file_and_leaves_nothing_beside_it() {
        let dir = folder("replace");
        let path = dir.join("game.json");
        std::fs::write(&path, "old").expect("write");
        write_atomically(&path, b"new").expect("atomic write");
        assert_eq!(std::fs::read_to_string(&path).expect("read"), "new");
        let names: Vec<_> = std::fs::read_dir(&dir).expect("list").collect();
        assert_eq!(names.len(), 1, "{names:?}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_failed_write_keeps_the_old_file() {
        let dir = folder("failed");
        let path = dir.join("game.json");
        std::fs::write(&path, "old").expect("write");
        // A folder where the temporary file would go makes the write fail before the rename.
        let blocker = temporary_beside(&path);
        std::fs::create_dir_all(blocker.join("x")).expect("blocker");
        let error = write_atomically(&path, b"new").expect_err("the write fails");
        assert!(error.contains("game.json"), "{error}");
        assert_eq!(std::fs::read_to_string(&path).expect("read"), "old");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[cfg(unix)]
    #[test]
    fn a_link_keeps_pointing_at_its_file() {
        let dir = folder("link");
        let real = dir.join("real.dogma");
        let link = dir.join("link.dogma");
        std::fs::write(&real, "old").expect("write");
        std::os::unix::fs::symlink(&real, &link).expect("symlink");
        write_atomically(&link, b"new").expect("atomic write");
        assert!(std::fs::symlink_metadata(&link)
            .expect("link")
            .file_type()
            .is_symlink());
        assert_eq!(std::fs::read_to_string(&real).expect("read"), "new");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
