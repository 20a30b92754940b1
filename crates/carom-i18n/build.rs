//! Embeds every `locales/<lang>/*.ftl` file so that the UI (wasm) and the native
//! side read the very same messages without touching the disk at run time.

use std::{env, fs, path::PathBuf};

/// Why the messages could not be embedded (cargo prints it and stops the build).
type Error = Box<dyn std::error::Error>;

fn main() -> Result<(), Error> {
    let root = PathBuf::from(env::var("CARGO_MANIFEST_DIR")?).join("../../locales");
    println!("cargo:rerun-if-changed={}", root.display());
    let mut code = String::from("pub(crate) const SOURCES: &[(&str, &str, &str)] = &[\n");
    for lang in ["en", "fr", "es"] {
        let dir = root.join(lang);
        println!("cargo:rerun-if-changed={}", dir.display());
        let mut files = Vec::new();
        for entry in
            fs::read_dir(&dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?
        {
            let path = entry?.path();
            if path.extension().is_some_and(|x| x == "ftl") {
                files.push(path);
            }
        }
        files.sort();
        for f in files {
            println!("cargo:rerun-if-changed={}", f.display());
            let name = f
                .file_name()
                .ok_or_else(|| format!("{} has no file name", f.display()))?
                .to_string_lossy()
                .into_owned();
            let path = fs::canonicalize(&f)?;
            code.push_str(&format!(
                "    ({lang:?}, {name:?}, include_str!({:?})),\n",
                path.display().to_string()
            ));
        }
    }
    code.push_str("];\n");
    let out = PathBuf::from(env::var("OUT_DIR")?).join("sources.rs");
    fs::write(out, code)?;
    Ok(())
}
