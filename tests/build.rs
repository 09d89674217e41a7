//! `dogma build`: the third edition compiles to a `.dogmac` file that decodes, the disassembly
//! prints with source locations, and unknown or unbuilt targets are usage errors (exit 2).

use dogma_runtime::dogmac;
use std::path::PathBuf;
use std::process::{Command, Output};

fn dogma(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dogma"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("dogma runs")
}

/// A fresh temporary folder for one test.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dogma-build-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

#[test]
fn build_writes_a_dogmac_file_that_decodes() {
    let dir = temp_dir("write");
    let path = dir.join("third.dogmac");
    let path_text = path.to_string_lossy().to_string();
    let out = dogma(&[
        "build",
        "--edition",
        "third",
        "--target",
        "bytecode",
        "-o",
        &path_text,
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(out.stdout.is_empty(), "no disassembly without --disasm");
    let bytes = std::fs::read(&path).expect("the file is written");
    assert!(
        stderr.contains(&format!("wrote {path_text}: 105 cards, "))
            && stderr.contains(&format!("{} bytes", bytes.len())),
        "{stderr}"
    );
    let edition = dogmac::decode(&bytes).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(edition.name, "third");
    assert_eq!(edition.cards.len(), 105);
    assert_eq!(edition.specials.len(), 5);
    assert!(edition.card_by_title("Archery").is_some());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn build_prints_the_disassembly() {
    let out = dogma(&["build", "--edition", "third", "--disasm"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.starts_with("; edition third, bytecode format"),
        "{stdout}"
    );
    assert!(stdout.contains("== chunk"), "{stdout}");
    assert!(stdout.contains("Archery, demand 1"), "{stdout}");
    assert!(stdout.contains("; cards/base/age01.dogma:"), "{stdout}");
}

#[test]
fn build_with_disasm_and_output_writes_both() {
    let dir = temp_dir("both");
    let path = dir.join("out.dogmac");
    let path_text = path.to_string_lossy().to_string();
    let out = dogma(&["build", "--disasm", "-o", &path_text]);
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("== chunk"));
    let bytes = std::fs::read(&path).expect("the file is written");
    assert!(dogmac::decode(&bytes).is_ok());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_rust_target_writes_the_native_code_of_an_edition() {
    let dir = temp_dir("rust");
    let path = dir.join("third.rs");
    let path_text = path.to_string_lossy().to_string();
    let out = dogma(&[
        "build",
        "--edition",
        "third",
        "--target",
        "rust",
        "-o",
        &path_text,
    ]);
    assert_eq!(out.status.code(), Some(0));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("native code of 105 cards"), "{said}");
    let code = std::fs::read_to_string(&path).expect("the file is written");
    // The same code the build script of `dogma-native` generated and built into `dogma`: each
    // chunk of the third edition runs there a shared function of `chunks.rs` whose body is the
    // body of that chunk's function here (the name and the doc line may differ).
    let built = |file: &str| {
        let path = std::path::Path::new(dogma_native::GENERATED_IN).join(file);
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    };
    let (built_third, shared) = (built("third.rs"), functions(&built("chunks.rs")));
    let written = functions(&code);
    let written_arms = dispatch(&code, "");
    let built_arms = dispatch(&built_third, "super::chunks::");
    assert_eq!(
        written_arms.len(),
        written.len(),
        "one arm per chunk function"
    );
    assert_eq!(written_arms.len(), built_arms.len());
    assert!(written.len() > 100, "the third edition has its chunks");
    assert!(code.contains("pub const FINGERPRINT"));
    let fingerprint = |text: &str| {
        let line = text.lines().find(|l| l.contains("pub const FINGERPRINT"));
        line.map(str::to_string)
    };
    assert_eq!(fingerprint(&code), fingerprint(&built_third));
    for (index, name) in &written_arms {
        let built_name = &built_arms[index];
        assert!(written.contains_key(name), "{name}");
        assert_eq!(
            written.get(name),
            shared.get(built_name),
            "chunk {index}: {name} here, {built_name} in {}",
            dogma_native::GENERATED_IN
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn unknown_targets_and_editions_are_usage_errors() {
    let out = dogma(&["build", "--target", "wasm", "--disasm"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown target `wasm`"));
    let out = dogma(&["build", "--edition", "nonesuch", "--disasm"]);
    assert_eq!(out.status.code(), Some(2));
}

/// A construct the bytecode cannot express is a diagnostic at its source, and exit 1.
#[test]
fn unsupported_constructs_are_reported_at_their_source() {
    let dir = temp_dir("unsupported");
    std::fs::create_dir_all(dir.join("editions")).expect("editions folder");
    std::fs::create_dir_all(dir.join("t")).expect("tree folder");
    std::fs::write(
        dir.join("editions/third.toml"),
        "name = \"test\"\nextends = \"third\"\ntrees = [\"t\"]\n",
    )
    .expect("manifest");
    std::fs::write(
        dir.join("t/a.dogma"),
        "card \"Test\" {\n  age 1\n  color red\n  icons hex crown crown crown\n\n  effect crown {\n    exchange all cards from your hand and score pile with all cards from your board\n  }\n}\n",
    )
    .expect("card");
    let manifest = dir.join("editions/third.toml");
    let out = dogma(&[
        "build",
        "--edition",
        &manifest.to_string_lossy(),
        "--disasm",
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("is not implemented in the bytecode back end"),
        "{stderr}"
    );
    assert!(stderr.contains("a.dogma:7:5"), "{stderr}");
    assert!(stderr.contains("(1 error)"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The chunk functions of a generated file by name, each as the lines after its name's line.
fn functions(code: &str) -> std::collections::HashMap<String, String> {
    let mut found = std::collections::HashMap::new();
    let mut current: Option<(String, String)> = None;
    for line in code.lines() {
        let head = line.strip_prefix("pub ").unwrap_or(line);
        if let Some(rest) = head.strip_prefix("fn ") {
            found.extend(current.take());
            let name = rest.split('(').next().unwrap_or_default().to_string();
            current = Some((name, String::new()));
        } else if line.starts_with("///") {
            found.extend(current.take());
        } else if let Some((_, body)) = &mut current {
            body.push_str(line);
            body.push('\n');
        }
    }
    found.extend(current);
    found.retain(|name, _| name.starts_with("chunk_"));
    found
}

/// The arms of a generated `run`: each chunk index with the function it calls (`prefix` is the
/// path before the function's name).
fn dispatch(code: &str, prefix: &str) -> std::collections::HashMap<u32, String> {
    let text: String = code.chars().filter(|c| !c.is_whitespace()).collect();
    let mut arms = std::collections::HashMap::new();
    for part in text.split("=>").collect::<Vec<_>>().windows(2) {
        let index: String = part[0]
            .chars()
            .rev()
            .take_while(char::is_ascii_digit)
            .collect();
        let call = part[1].trim_start_matches('{');
        let Some(call) = call.strip_prefix(prefix) else {
            continue;
        };
        if !call.starts_with("chunk_") || index.is_empty() {
            continue;
        }
        let index: u32 = index
            .chars()
            .rev()
            .collect::<String>()
            .parse()
            .expect("a number");
        let name = call.split('(').next().unwrap_or_default().to_string();
        arms.insert(index, name);
    }
    arms
}
