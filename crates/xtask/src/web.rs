//! `cargo xtask build-web` and `cargo xtask run --web`: the installable offline web app
//! (PWA). The folder it writes is static: the UI of `src-ui/dist` (the same as the
//! desktop's), the browser backend (carom-web's worker wasm), the service worker with its
//! versioned file list, the manifest and the icons.

use crate::setup::Tools;
use crate::sh::{self, Result};
use crate::ui;
use std::path::{Path, PathBuf};

/// Where the web app is written.
pub fn out_dir() -> PathBuf {
    sh::target_dir().join("web-app")
}

/// Where `cargo xtask bench` writes the web app whose worker has the benchmark's messages
/// (carom-web's `bench` feature), apart from the one users get.
pub fn bench_out_dir() -> PathBuf {
    sh::target_dir().join("web-app-bench")
}

/// The cargo profile of the browser worker (`Cargo.toml`: all of it at opt-level "z").
const WORKER_PROFILE: &str = "wasm-worker";

/// The icons the manifest names (from `icons/`). The PNGs are palette images (pngquant,
/// a third of the size of the RGBA ones, which Tauri needs and keeps): every byte of the
/// shell is downloaded on a phone's first visit.
const ICONS: &[&str] = &[
    "icon-512.png",
    "icon-192.png",
    "maskable-192.png",
    "maskable-512.png",
    "icon.svg",
];

/// The icons only a browser installing the app asks for (it keeps its own copy), left
/// out of the service worker's cache: the first visit stays under 1.5 MB.
const INSTALL_ONLY: &[&str] = &["icons/icon-512.png", "icons/maskable-512.png"];

/// The files of carom-web's `static/` copied as they are.
const STATIC: &[&str] = &["worker.js", "boot-web.js", "manifest.webmanifest"];

/// What the web page adds to the desktop's `index.html` head: the manifest, the theme
/// colour, the home-screen icon, and the service worker's start-up (before the UI's).
const HEAD: &str = r##"  <link rel="manifest" href="manifest.webmanifest">
  <meta name="theme-color" content="#14532d">
  <link rel="apple-touch-icon" href="icons/icon-192.png">
  <script src="boot-web.js"></script>
"##;

fn copy(from: &Path, to: &Path) -> Result<()> {
    std::fs::copy(from, to)
        .map(|_| ())
        .map_err(|e| format!("{} -> {}: {e}", from.display(), to.display()))
}

fn write(to: &Path, text: &str) -> Result<()> {
    std::fs::write(to, text).map_err(|e| format!("{}: {e}", to.display()))
}

/// Builds the web app into [`out_dir`] (the UI first, into `src-ui/dist`).
pub fn build(tools: &Tools) -> Result<PathBuf> {
    ui::build(tools)?;
    build_into(tools, &out_dir(), &[])
}

/// After [`build`], builds the benchmark's web app into [`bench_out_dir`]: the same UI
/// (from `src-ui/dist`), the worker with carom-web's `bench` feature.
pub fn build_bench(tools: &Tools) -> Result<PathBuf> {
    build_into(tools, &bench_out_dir(), &["--features", "bench"])
}

/// Builds the web app into `out` from the UI in `src-ui/dist`; `worker_features` are the
/// cargo flags of carom-web's features for its worker.
fn build_into(tools: &Tools, out: &Path, worker_features: &[&str]) -> Result<PathBuf> {
    let root = sh::root();
    let out = out.to_path_buf();
    let _ = std::fs::remove_dir_all(&out);
    std::fs::create_dir_all(out.join("icons")).map_err(|e| e.to_string())?;

    // The browser backend, and the sheet module it loads at the first export. Two cargo
    // runs, so that the worker's carom-sheet keeps Typst off (features of packages built
    // together are unified).
    for (package, file, profile, optimize, features) in [
        (
            "carom-web",
            "carom_web",
            WORKER_PROFILE,
            true,
            worker_features,
        ),
        (
            "carom-web-sheet",
            "carom_web_sheet",
            ui::WASM_PROFILE,
            false,
            &[][..],
        ),
    ] {
        // The library only: carom-web's `serve-web` program is native.
        let mut args = vec!["build", "-p", package, "--lib", "--profile", profile];
        args.extend_from_slice(features);
        sh::run(&mut ui::wasm_cargo(tools, &args))?;
        let wasm = sh::target_dir()
            .join("wasm32-unknown-unknown")
            .join(profile)
            .join(format!("{file}.wasm"));
        let size = ui::bindgen(tools, &wasm, package, &out, optimize)?;
        eprintln!("xtask: {package}: {} KiB of wasm", size / 1024);
    }

    for entry in std::fs::read_dir(root.join("src-ui/dist")).map_err(|e| e.to_string())? {
        let path = entry.map_err(|e| e.to_string())?.path();
        if let Some(name) = path.file_name() {
            copy(&path, &out.join(name))?;
        }
    }
    let index = std::fs::read_to_string(out.join("index.html")).map_err(|e| e.to_string())?;
    let index = index.replacen("</head>", &format!("{HEAD}</head>"), 1);
    write(&out.join("index.html"), &index)?;
    let statics = root.join("crates/carom-web/static");
    for name in STATIC {
        copy(&statics.join(name), &out.join(name))?;
    }
    for name in ICONS {
        copy(
            &root.join("icons").join(name),
            &out.join("icons").join(name),
        )?;
    }

    // The service worker caches the shell at install, under a version that changes
    // whenever one of its files does; the sheet module (30 times the shell) in a cache of
    // its own, only once it is needed (see sw.js): a phone that only scores never
    // downloads it.
    let mut files = list(&out)?;
    files.sort();
    let sheet: Vec<String> = files.iter().filter(|f| sheet_module(f)).cloned().collect();
    let shell: Vec<String> = files
        .iter()
        .filter(|f| !sheet_module(f) && !INSTALL_ONLY.contains(&f.as_str()))
        .cloned()
        .collect();
    let version = digest(&out, &shell)?;
    let sheet_version = digest(&out, &sheet)?;
    let relative =
        |names: &[String]| -> Vec<String> { names.iter().map(|f| format!("./{f}")).collect() };
    let mut cached: Vec<String> = vec!["./".into()];
    cached.extend(relative(&shell));
    let sw = std::fs::read_to_string(statics.join("sw.js")).map_err(|e| e.to_string())?;
    let sw = sw
        .replace("__SHEET_VERSION__", &sheet_version)
        .replace("__SHEET_FILES__", &json_list(&relative(&sheet)))
        .replace("__VERSION__", &version)
        .replace("__FILES__", &json_list(&cached));
    write(&out.join("sw.js"), &sw)?;
    files.push("sw.js".into());
    precompress(&out, &files)?;
    eprintln!(
        "xtask: web app built into {} (version {version}, {} files)",
        out.display(),
        files.len() + 1
    );
    Ok(out)
}

/// Whether `file` (relative to the web app's folder) belongs to the sheet module, the
/// Typst engine the worker loads to print or check a sheet (`carom-web-sheet.js` and its
/// wasm), which the service worker leaves out of the first visit.
pub fn sheet_module(file: &str) -> bool {
    file.starts_with("carom-web-sheet")
}

/// Whether a host should send `file` compressed (the PNG icons are compressed already).
fn compressible(file: &str) -> bool {
    [
        ".wasm",
        ".js",
        ".css",
        ".html",
        ".webmanifest",
        ".svg",
        ".json",
    ]
    .iter()
    .any(|ext| file.ends_with(ext))
}

/// Writes `<file>.br` and `<file>.gz` beside each compressible file of `dir`, for hosts
/// that send precompressed files (nginx `brotli_static`/`gzip_static`, carom-web's `serve`):
/// what a phone downloads on its first visit is the brotli size.
fn precompress(dir: &Path, files: &[String]) -> Result<()> {
    use std::io::Write;
    // The best compression of the sheet module takes minutes on two cores: the copies
    // are kept by the digest of what they compress, so that a rebuild with the same bytes
    // (most builds: the sheet module rarely changes) only copies them.
    let kept = sh::target_dir().join("web-compressed");
    std::fs::create_dir_all(&kept).map_err(|e| format!("{}: {e}", kept.display()))?;
    for f in files.iter().filter(|f| compressible(f)) {
        let path = dir.join(f);
        let bytes = std::fs::read(&path).map_err(|e| format!("{f}: {e}"))?;
        let key = digest_bytes(&bytes);
        let (br_kept, gz_kept) = (
            kept.join(format!("{key}.br")),
            kept.join(format!("{key}.gz")),
        );
        if br_kept.is_file() && gz_kept.is_file() {
            copy(&br_kept, &dir.join(format!("{f}.br")))?;
            copy(&gz_kept, &dir.join(format!("{f}.gz")))?;
            continue;
        }
        // The best brotli is slow (about 1 MB/s): the Typst sheet module (40 MB) gets a
        // faster level, the shell the best one.
        let quality = if bytes.len() > 8 << 20 { 9 } else { 11 };
        let mut br = Vec::new();
        {
            let params = brotli::enc::BrotliEncoderParams {
                quality,
                lgwin: 24,
                ..Default::default()
            };
            brotli::BrotliCompress(&mut bytes.as_slice(), &mut br, &params)
                .map_err(|e| format!("{f}: brotli: {e}"))?;
        }
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
        gz.write_all(&bytes)
            .map_err(|e| format!("{f}: gzip: {e}"))?;
        let gz = gz.finish().map_err(|e| format!("{f}: gzip: {e}"))?;
        std::fs::write(dir.join(format!("{f}.br")), &br).map_err(|e| format!("{f}.br: {e}"))?;
        std::fs::write(dir.join(format!("{f}.gz")), &gz).map_err(|e| format!("{f}.gz: {e}"))?;
        // Kept once both are whole (a run stopped in between leaves nothing half-made).
        std::fs::write(&gz_kept, &gz).map_err(|e| format!("{}: {e}", gz_kept.display()))?;
        std::fs::write(&br_kept, &br).map_err(|e| format!("{}: {e}", br_kept.display()))?;
    }
    Ok(())
}

/// Every file under `dir`, as `/`-separated paths relative to it.
fn list(dir: &Path) -> Result<Vec<String>> {
    let mut found = Vec::new();
    let mut folders = vec![dir.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).map_err(|e| e.to_string())? {
            let path = entry.map_err(|e| e.to_string())?.path();
            if path.is_dir() {
                folders.push(path);
            } else if let Ok(rel) = path.strip_prefix(dir) {
                found.push(rel.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    Ok(found)
}

/// FNV-1a over the files' names and bytes, as 16 hex digits.
fn digest(dir: &Path, files: &[String]) -> Result<String> {
    let mut h = Fnv::default();
    for f in files {
        let bytes = std::fs::read(dir.join(f)).map_err(|e| format!("{f}: {e}"))?;
        h.add(f.as_bytes());
        h.add(&[0]);
        h.add(&bytes);
    }
    Ok(h.hex())
}

/// FNV-1a of `bytes` with their length, as hex digits.
fn digest_bytes(bytes: &[u8]) -> String {
    let mut h = Fnv::default();
    h.add(bytes);
    format!("{}-{:x}", h.hex(), bytes.len())
}

/// 64-bit FNV-1a: a version tag, not a defence against anyone.
struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv {
    fn add(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 ^= u64::from(*b);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }

    fn hex(&self) -> String {
        format!("{:016x}", self.0)
    }
}

fn json_list(items: &[String]) -> String {
    let quoted: Vec<String> = items
        .iter()
        .map(|s| format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\"")))
        .collect();
    format!("[{}]", quoted.join(", "))
}

/// Serves the built web app on `127.0.0.1:PORT` until interrupted: the product's own
/// server (carom-web's `serve-web`), run as a child process so that xtask links no
/// product crate.
pub fn serve(dir: PathBuf, port: u16) -> Result<()> {
    let port = port.to_string();
    let dir = dir.to_string_lossy().into_owned();
    sh::run(sh::cargo().args([
        "run",
        "--quiet",
        "-p",
        "carom-web",
        "--bin",
        "serve-web",
        "--",
        &dir,
        &port,
    ]))
}

/// `cargo xtask run --web [--port N]`.
pub fn run(tools: &Tools, args: &[String]) -> Result<()> {
    let port = args
        .iter()
        .position(|a| a == "--port")
        .and_then(|i| args.get(i + 1))
        .map(|p| p.parse().map_err(|_| format!("--port {p}: not a port")))
        .transpose()?
        .unwrap_or(8080);
    let out = build(tools)?;
    serve(out, port)
}

#[cfg(test)]
mod tests {
    use super::{compressible, json_list, sheet_module, ICONS, INSTALL_ONLY};
    use crate::sh;

    /// Width and height from a PNG's IHDR chunk.
    fn png_size(bytes: &[u8]) -> (u32, u32) {
        assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "not a PNG");
        let be = |at: usize| {
            u32::from_be_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
        };
        (be(16), be(20))
    }

    #[test]
    fn the_sheet_module_the_worker_loads_is_what_the_first_visit_leaves_out() {
        let worker =
            std::fs::read_to_string(sh::root().join("crates/carom-web/static/worker.js")).unwrap();
        // Every file the worker's loadSheet() names, e.g. import("./carom-web-sheet.js").
        let named: Vec<&str> = worker
            .split("\"./")
            .skip(1)
            .filter_map(|rest| rest.split('"').next())
            .filter(|f| f.contains("sheet"))
            .collect();
        assert_eq!(named.len(), 2, "{named:?}");
        // The install-only icons are icons the manifest names.
        for icon in INSTALL_ONLY {
            assert!(
                ICONS.iter().any(|i| format!("icons/{i}") == *icon),
                "{icon}"
            );
        }
        for f in named {
            assert!(sheet_module(f), "{f} would be pre-cached");
        }
        for shell in [
            "carom-web_bg.wasm",
            "carom-web.js",
            "carambole-ui_bg.wasm",
            "worker.js",
            "index.html",
            "icons/icon-192.png",
        ] {
            assert!(!sheet_module(shell), "{shell} would be left out");
        }
    }

    #[test]
    fn the_manifest_makes_an_installable_standalone_portrait_app_with_the_icons_phones_want() {
        let root = sh::root();
        let text =
            std::fs::read_to_string(root.join("crates/carom-web/static/manifest.webmanifest"))
                .unwrap();
        let m: serde_json::Value = serde_json::from_str(&text).unwrap();
        for key in [
            "name",
            "short_name",
            "start_url",
            "scope",
            "id",
            "theme_color",
            "background_color",
        ] {
            assert!(m[key].as_str().is_some_and(|v| !v.is_empty()), "{key}");
        }
        assert!(
            m["short_name"].as_str().unwrap().chars().count() <= 12,
            "short_name fits under a home-screen icon"
        );
        assert_eq!(m["display"], "standalone");
        assert_eq!(m["orientation"], "portrait");
        let mut have = Vec::new();
        for icon in m["icons"].as_array().unwrap() {
            let src = icon["src"].as_str().unwrap();
            let file = src.strip_prefix("icons/").unwrap();
            assert!(
                ICONS.contains(&file),
                "{src} is not copied into the web app"
            );
            let bytes = std::fs::read(root.join("icons").join(file)).unwrap();
            let sizes = icon["sizes"].as_str().unwrap();
            match icon["type"].as_str().unwrap() {
                "image/png" => {
                    let (w, h) = png_size(&bytes);
                    assert_eq!(sizes, format!("{w}x{h}"), "{src}");
                }
                "image/svg+xml" => assert_eq!(sizes, "any", "{src}"),
                other => panic!("{src}: {other}"),
            }
            have.push((
                sizes.to_owned(),
                icon["purpose"].as_str().unwrap_or("any").to_owned(),
            ));
        }
        for want in ["192x192", "512x512"] {
            for purpose in ["any", "maskable"] {
                assert!(
                    have.contains(&(want.to_owned(), purpose.to_owned())),
                    "no {want} {purpose} icon"
                );
            }
        }
    }

    #[test]
    fn text_and_wasm_are_precompressed_and_images_are_not() {
        assert!(compressible("carom-web_bg.wasm"));
        assert!(compressible("index.html"));
        assert!(compressible("icons/icon.svg"));
        assert!(!compressible("icons/icon-512.png"));
        assert!(!compressible("carom-web_bg.wasm.br"));
    }

    #[test]
    fn the_service_worker_file_list_is_valid_javascript_strings() {
        assert_eq!(
            json_list(&["./".into(), "./a \"b\".js".into()]),
            r#"["./", "./a \"b\".js"]"#
        );
    }
}
