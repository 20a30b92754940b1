//! Installs what building, running and testing Carambole needs, skipping what is there.
//! Every step checks first, so a second run installs nothing.

use std::path::PathBuf;
use std::process::Command;

use crate::sh::{self, Result};

/// Debian packages the app needs to build and run (Tauri 2 on WebKitGTK 4.1), plus what
/// the tests use: Xvfb, WebKitWebDriver, ImageMagick for screenshots, poppler and qpdf;
/// and espeak-ng, the speech engine the spoken announcements use (with its French and
/// Spanish voices, which its tests synthesize); and the clang that compiles SQLite for the
/// web app's wasm32 build (named in `.cargo/config.toml`); and `desktop-file-validate`, which
/// checks the desktop entry of the installed `.deb` ([`crate::package`]); and `nats-server`
/// (2.9 in Debian 12, with JetStream), the engine of the club hub (docs/hub.md), which the
/// club tests start on loopback.
const APT_PACKAGES: &[&str] = &[
    "build-essential",
    "pkg-config",
    "file",
    "libssl-dev",
    "libwebkit2gtk-4.1-dev",
    "libayatana-appindicator3-dev",
    "librsvg2-dev",
    "libxdo-dev",
    "xvfb",
    "xauth",
    "webkit2gtk-driver",
    "chromium",
    "chromium-driver",
    "imagemagick",
    "poppler-utils",
    "qpdf",
    "zbar-tools",
    "espeak-ng",
    // SQLite's C compiled for wasm32 (sqlite-wasm-rs, under carom-store) needs C23, which
    // Debian's default clang 14 lacks; `llvm-ar-19` is in llvm-19, not in clang-19.
    "clang-19",
    "llvm-19",
    "desktop-file-utils",
    // Installs into /usr/sbin, which a non-root user's PATH may lack: carom-club looks
    // there too. On a machine booted with systemd the package also starts a system
    // service on 127.0.0.1:4222; the hub and the tests never rely on that port.
    "nats-server",
];
/// Only for `cargo xtask bench`: the spreadsheet the sheet benchmark compares against.
const APT_BENCH_PACKAGES: &[&str] = &["libreoffice-calc-nogui"];
/// Debian's Rust for wasm when `rustup target add` cannot download (toolchain README, route B).
const APT_WASM_FALLBACK: &[&str] = &["rustc-web", "cargo-web", "rust-web-src", "lld-22"];

const BINARYEN_VERSION: &str = "132.0.0";
const TAURI_DRIVER_VERSION: &str = "2.1.0";
/// The Tauri CLI that bundles the `.deb` (npm's prebuilt binary: `cargo install tauri-cli`
/// takes ~17 minutes).
const TAURI_CLI_VERSION: &str = "2.12.4";

/// Optional extras.
#[derive(Debug, Clone, Copy, Default)]
pub struct Extras {
    /// Also install what the benchmarks compare against.
    pub bench: bool,
}

/// How wasm32 code is compiled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WasmRoute {
    /// The rustup toolchain with its wasm32 target.
    Rustup,
    /// Debian's rustc-web with build-std (no download needed).
    Debian,
}

/// Paths of the installed tools.
#[derive(Debug, Clone)]
pub struct Tools {
    /// `wasm-bindgen` matching Cargo.lock exactly.
    pub wasm_bindgen: PathBuf,
    /// `wasm-bindgen-test-runner`, from the same `wasm-bindgen-cli` install (it must match
    /// the locked wasm-bindgen too): runs carom-web's browser tests.
    pub wasm_bindgen_test_runner: PathBuf,
    /// `wasm-opt` from npm binaryen (Debian's corrupts wasm-bindgen output).
    pub wasm_opt: PathBuf,
    /// `tauri-driver`.
    pub tauri_driver: PathBuf,
    /// The Tauri CLI (`tauri bundle`, `tauri build`).
    pub tauri_cli: PathBuf,
    /// How to compile wasm32.
    pub wasm_route: WasmRoute,
}

/// Installs everything missing and returns where the tools are.
pub fn setup(extras: Extras) -> Result<Tools> {
    let mut packages = APT_PACKAGES.to_vec();
    if extras.bench {
        packages.extend_from_slice(APT_BENCH_PACKAGES);
    }
    apt_install(&packages)?;
    let wasm_route = wasm_target()?;
    let wasm_bindgen = wasm_bindgen_cli()?;
    let tools = Tools {
        wasm_bindgen_test_runner: cargo_bin("wasm-bindgen-test-runner"),
        wasm_bindgen,
        wasm_opt: wasm_opt()?,
        tauri_driver: tauri_driver()?,
        tauri_cli: tauri_cli()?,
        wasm_route,
    };
    eprintln!("xtask: set-up complete");
    Ok(tools)
}

fn apt_missing(packages: &[&str]) -> Vec<String> {
    packages
        .iter()
        .filter(|p| {
            let out = sh::output(Command::new("dpkg-query").args(["-W", "-f=${Status}", p]));
            out.is_none_or(|s| !s.contains("install ok installed"))
        })
        .map(|p| (*p).to_owned())
        .collect()
}

fn apt_install(packages: &[&str]) -> Result<()> {
    let missing = apt_missing(packages);
    if missing.is_empty() {
        return Ok(());
    }
    eprintln!("xtask: installing Debian packages: {}", missing.join(" "));
    let apt = |args: &[&str]| {
        let mut c = as_root("apt-get");
        c.args(args).env("DEBIAN_FRONTEND", "noninteractive");
        c
    };
    sh::run(&mut apt(&["update", "-qq"]))?;
    let mut install = apt(&["install", "-y", "-qq", "--no-install-recommends"]);
    install.args(&missing);
    sh::run(&mut install)
}

/// `program` run as root: directly when we are root (CI), else through `sudo`.
pub fn as_root(program: &str) -> Command {
    let sudo = sh::output(Command::new("id").arg("-u")).is_some_and(|u| u.trim() != "0");
    if sudo {
        let mut c = Command::new("sudo");
        c.arg(program);
        c
    } else {
        Command::new(program)
    }
}

fn wasm_target() -> Result<WasmRoute> {
    let installed = sh::output(Command::new("rustup").args(["target", "list", "--installed"]))
        .is_some_and(|s| s.lines().any(|l| l.trim() == "wasm32-unknown-unknown"));
    if installed {
        return Ok(WasmRoute::Rustup);
    }
    if sh::status(Command::new("rustup").args(["target", "add", "wasm32-unknown-unknown"]))? {
        return Ok(WasmRoute::Rustup);
    }
    eprintln!("xtask: rustup cannot add wasm32; using Debian's rustc-web with build-std");
    apt_install(APT_WASM_FALLBACK)?;
    Ok(WasmRoute::Debian)
}

/// The `wasm-bindgen` version pinned in Cargo.lock (the CLI must match it exactly).
pub fn locked_wasm_bindgen_version() -> Result<String> {
    let lock = std::fs::read_to_string(sh::root().join("Cargo.lock"))
        .map_err(|e| format!("Cargo.lock: {e} (run `cargo generate-lockfile`)"))?;
    let mut lines = lock.lines();
    while let Some(line) = lines.next() {
        if line == "name = \"wasm-bindgen\"" {
            if let Some(v) = lines.next().and_then(|l| l.strip_prefix("version = \"")) {
                return Ok(v.trim_end_matches('"').to_owned());
            }
        }
    }
    Err("wasm-bindgen is not in Cargo.lock".into())
}

fn cargo_bin(name: &str) -> PathBuf {
    std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .unwrap_or_else(|| sh::home().join(".cargo"))
        .join("bin")
        .join(name)
}

fn version_of(program: &PathBuf) -> Option<String> {
    sh::output(Command::new(program).arg("--version"))
}

fn cargo_install(krate: &str, version: &str) -> Result<()> {
    eprintln!("xtask: installing {krate} {version} (a few minutes, once)");
    let mut locked = sh::cargo();
    locked.args([
        "install",
        krate,
        "--version",
        &format!("={version}"),
        "--locked",
    ]);
    if sh::status(&mut locked)? {
        return Ok(());
    }
    // `--locked` has failed on an index gap here; the crate's own bounds still apply.
    let mut unlocked = sh::cargo();
    unlocked.args(["install", krate, "--version", &format!("={version}")]);
    sh::run(&mut unlocked)
}

/// Installs `wasm-bindgen-cli` (`wasm-bindgen` and `wasm-bindgen-test-runner`) unless both
/// are there at the locked version.
fn wasm_bindgen_cli() -> Result<PathBuf> {
    let want = locked_wasm_bindgen_version()?;
    let bin = cargo_bin("wasm-bindgen");
    let at_version = |program: &PathBuf| {
        version_of(program).is_some_and(|v| v.split_whitespace().nth(1) == Some(want.as_str()))
    };
    if !at_version(&bin) || !at_version(&cargo_bin("wasm-bindgen-test-runner")) {
        cargo_install("wasm-bindgen-cli", &want)?;
    }
    Ok(bin)
}

fn wasm_opt() -> Result<PathBuf> {
    let want = BINARYEN_VERSION.split('.').next().unwrap_or_default();
    let want = format!("version {want}");
    npm_tool("binaryen", "binaryen", BINARYEN_VERSION, "wasm-opt", &want)
}

fn tauri_cli() -> Result<PathBuf> {
    npm_tool(
        "tauri-cli",
        "@tauri-apps/cli",
        TAURI_CLI_VERSION,
        "tauri",
        &format!("tauri-cli {TAURI_CLI_VERSION}"),
    )
}

/// An npm package's binary, installed into `folder` under [`sh::tools_dir`] unless
/// `bin --version` already says `want`.
fn npm_tool(folder: &str, package: &str, version: &str, bin: &str, want: &str) -> Result<PathBuf> {
    let dir = sh::tools_dir().join(folder);
    let path = dir.join("node_modules/.bin").join(bin);
    if version_of(&path).is_none_or(|v| !v.contains(want)) {
        std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
        sh::run(Command::new("npm").args([
            "install",
            "--silent",
            "--no-audit",
            "--no-fund",
            "--prefix",
            &dir.to_string_lossy(),
            &format!("{package}@{version}"),
        ]))?;
    }
    Ok(path)
}

fn tauri_driver() -> Result<PathBuf> {
    let bin = cargo_bin("tauri-driver");
    if !bin.is_file() {
        cargo_install("tauri-driver", TAURI_DRIVER_VERSION)?;
    }
    Ok(bin)
}
