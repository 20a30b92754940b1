//! Builds the Leptos UI into `src-ui/dist`: cargo (wasm32) → wasm-bindgen → wasm-opt.
//! The Tauri build embeds that folder.

use std::path::Path;
use std::process::Command;

use crate::setup::{Tools, WasmRoute};
use crate::sh::{self, Result};

/// A cargo command for the wasm32 target by the route set-up found.
pub fn wasm_cargo(tools: &Tools, args: &[&str]) -> Command {
    let mut cmd = match tools.wasm_route {
        WasmRoute::Rustup => sh::cargo(),
        WasmRoute::Debian => {
            let mut c = Command::new("/usr/bin/cargo");
            c.current_dir(sh::root())
                .env("RUSTC", "/usr/bin/rustc")
                .env("RUSTDOC", "/usr/bin/rustdoc")
                .env("RUSTC_BOOTSTRAP", "1")
                .env("CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER", "wasm-ld-22");
            c
        }
    };
    // Cargo's own flags go before a `--`; what follows it is for the tool (clippy).
    let split = args.iter().position(|a| *a == "--").unwrap_or(args.len());
    cmd.args(&args[..split])
        .args(["--target", "wasm32-unknown-unknown"]);
    if tools.wasm_route == WasmRoute::Debian {
        cmd.arg("-Zbuild-std=std,panic_abort");
    }
    cmd.args(&args[split..]);
    // The C compiler of SQLite for wasm32 (clang-19) is named in the workspace's
    // `.cargo/config.toml`, which every cargo run from the workspace reads.
    cmd
}

/// The cargo profile of the web wasm (the UI of both shells, the browser worker):
/// size-optimised, see the workspace's `Cargo.toml`.
pub const WASM_PROFILE: &str = "wasm-release";

/// `wasm-bindgen --target web` of `wasm` into `out` as `NAME.js` and `NAME_bg.wasm`, then
/// `wasm-opt -Oz` of the latter when `optimize` (the sheet module is mostly font data,
/// which wasm-opt cannot shrink and takes many minutes over).
pub fn bindgen(tools: &Tools, wasm: &Path, name: &str, out: &Path, optimize: bool) -> Result<u64> {
    sh::run(
        Command::new(&tools.wasm_bindgen)
            .args([
                "--target",
                "web",
                "--no-typescript",
                "--out-name",
                name,
                "--out-dir",
            ])
            .arg(out)
            .arg(wasm),
    )?;
    let bg = out.join(format!("{name}_bg.wasm"));
    if optimize {
        sh::run(
            Command::new(&tools.wasm_opt)
                .args([
                    "-Oz",
                    "--enable-bulk-memory",
                    "--enable-nontrapping-float-to-int",
                    "-o",
                ])
                .arg(&bg)
                .arg(&bg),
        )?;
    }
    Ok(std::fs::metadata(&bg).map(|m| m.len()).unwrap_or(0))
}

/// Builds `src-ui/dist`.
pub fn build(tools: &Tools) -> Result<()> {
    let root = sh::root();
    sh::run(&mut wasm_cargo(
        tools,
        &["build", "-p", "carambole-ui", "--profile", WASM_PROFILE],
    ))?;
    let wasm = sh::target_dir()
        .join("wasm32-unknown-unknown")
        .join(WASM_PROFILE)
        .join("carambole-ui.wasm");
    let dist = root.join("src-ui/dist");
    let _ = std::fs::remove_dir_all(&dist);
    std::fs::create_dir_all(&dist).map_err(|e| e.to_string())?;
    let size = bindgen(tools, &wasm, "carambole-ui", &dist, true)?;
    for entry in std::fs::read_dir(root.join("src-ui/static")).map_err(|e| e.to_string())? {
        let path = entry.map_err(|e| e.to_string())?.path();
        let name = path
            .file_name()
            .ok_or_else(|| format!("{}: no file name", path.display()))?;
        std::fs::copy(&path, dist.join(name)).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    eprintln!(
        "xtask: UI built into {} ({} KiB of wasm)",
        dist.display(),
        size / 1024
    );
    Ok(())
}
