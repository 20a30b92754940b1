//! Embeds every `locales/<lang>/*.ftl` file so that the UI (wasm) and the native
//! side read the very same messages without touching the disk at run time.

use std::{env, fs, path::PathBuf};

fn main() {
    let root = PathBuf::from(env::var("CARGO_MANIFEST_DIR").unwrap()).join("../../locales");
    println!("cargo:rerun-if-changed={}", root.display());
    let mut code = String::from("pub(crate) const SOURCES: &[(&str, &str, &str)] = &[\n");
    for lang in ["en", "fr", "es"] {
        let dir = root.join(lang);
        println!("cargo:rerun-if-changed={}", dir.display());
        let mut files: Vec<_> = fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "ftl"))
            .collect();
        files.sort();
        for f in files {
            println!("cargo:rerun-if-changed={}", f.display());
            let name = f.file_name().unwrap().to_string_lossy().into_owned();
            let path = fs::canonicalize(&f).unwrap();
            code.push_str(&format!(
                "    ({lang:?}, {name:?}, include_str!({:?})),\n",
                path.display().to_string()
            ));
        }
    }
    code.push_str("];\n");
    let out = PathBuf::from(env::var("OUT_DIR").unwrap()).join("sources.rs");
    fs::write(out, code).unwrap();
}
