//! The command line's layers (docs/architecture.md, "The command line"): `main.rs` only
//! parses and dispatches, `lib.rs` only declares modules, and no command module imports
//! another command module; what two commands share lives in a shared module.

use std::path::{Path, PathBuf};

/// The command modules of `cli/src/` (a file `NAME.rs` or a folder `NAME/`).
const COMMANDS: [&str; 11] = [
    "analyse",
    "bench",
    "course",
    "moves",
    "perft",
    "replay",
    "serve",
    "show",
    "solve",
    "tournament",
    "ugi",
];

/// Every `.rs` file under `dir`, with its path.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files.extend(sources(&path));
        } else if path.extension().is_some_and(|x| x == "rs") {
            files.push(path);
        }
    }
    files.sort();
    files
}

/// The crate-level modules `text` names: `crate::NAME` paths, and the names of a
/// `crate::{a, b::c}` group.
fn crate_modules(text: &str) -> Vec<String> {
    let ident = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect()
    };
    let mut names = Vec::new();
    for (at, _) in text.match_indices("crate::") {
        let rest = &text[at + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let inner = &group[..group.find('}').unwrap_or(group.len())];
            names.extend(inner.split(',').map(|n| ident(n.trim())));
        } else {
            names.push(ident(rest));
        }
    }
    names.retain(|n| !n.is_empty());
    names
}

/// The command a file of `cli/src/` belongs to, if any.
fn command_of(src: &Path, file: &Path) -> Option<&'static str> {
    let first = file.strip_prefix(src).unwrap().components().next()?;
    let first = first.as_os_str().to_str()?;
    let name = first.strip_suffix(".rs").unwrap_or(first);
    COMMANDS.into_iter().find(|&c| c == name)
}

#[test]
fn no_command_imports_another_command() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut crossings = Vec::new();
    for file in sources(&src) {
        let Some(command) = command_of(&src, &file) else {
            continue;
        };
        let text = std::fs::read_to_string(&file).unwrap();
        for name in crate_modules(&text) {
            if name != command && COMMANDS.contains(&name.as_str()) {
                crossings.push(format!("{} -> {name}", file.display()));
            }
        }
    }
    assert!(crossings.is_empty(), "{crossings:#?}");
    // The check itself sees a crossing.
    assert_eq!(
        crate_modules("use crate::{output, replay::play};\nlet x = crate::tournament::run;"),
        ["output", "replay", "tournament"]
    );
}

#[test]
fn shared_modules_import_no_command_and_the_roots_only_declare_and_dispatch() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    for file in sources(&src) {
        if command_of(&src, &file).is_some() {
            continue;
        }
        let text = std::fs::read_to_string(&file).unwrap();
        for name in crate_modules(&text) {
            assert!(
                !COMMANDS.contains(&name.as_str()),
                "{} (shared) imports the command {name}",
                file.display()
            );
        }
    }
    // lib.rs: modules only, no items of its own for the commands to import.
    let lib = std::fs::read_to_string(src.join("lib.rs")).unwrap();
    for line in lib.lines().map(str::trim) {
        let declares = line.starts_with("pub mod ") || line.starts_with("mod ");
        assert!(
            line.is_empty() || line.starts_with("//") || line.starts_with("#[") || declares,
            "lib.rs holds more than module declarations: {line}"
        );
    }
    // main.rs: the arguments and the dispatch, and nothing a command could import.
    let main = std::fs::read_to_string(src.join("main.rs")).unwrap();
    assert!(!main.contains("\nmod "), "main.rs declares a module");
    assert!(!main.contains("pub "), "main.rs exports an item");
    for file in sources(&src) {
        let text = std::fs::read_to_string(&file).unwrap();
        assert!(!text.contains("crate::main"), "{}", file.display());
    }
}
