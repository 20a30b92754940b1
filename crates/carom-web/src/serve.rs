//! A static file server for the built web app (native only): what `cargo xtask run
//! --web` serves on localhost and what the browser tests open. `127.0.0.1` is a secure
//! context, so the service worker, OPFS and Web Locks work over plain HTTP there.
//! Any static HTTPS host serves the same folder; this one only adds the MIME types
//! browsers insist on (`application/wasm`, `application/manifest+json`).

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Component, Path, PathBuf};

/// The MIME type a browser needs for `path`.
pub fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()).unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "js" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "wasm" => "application/wasm",
        "webmanifest" => "application/manifest+json",
        "json" => "application/json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        _ => "application/octet-stream",
    }
}

/// The file under `root` that the request path `target` (query dropped) names:
/// `index.html` for a folder; `None` for anything that would leave `root`.
pub fn resolve(root: &Path, target: &str) -> Option<PathBuf> {
    let path = target.split(['?', '#']).next().unwrap_or("/");
    let mut file = root.to_path_buf();
    for part in Path::new(path.trim_start_matches('/')).components() {
        match part {
            Component::Normal(p) => file.push(p),
            Component::CurDir => {}
            _ => return None,
        }
    }
    if file.is_dir() {
        file.push("index.html");
    }
    Some(file)
}

fn answer(mut stream: TcpStream, root: &Path) -> std::io::Result<()> {
    let mut line = String::new();
    let mut reader = BufReader::new(stream.try_clone()?);
    reader.read_line(&mut line)?;
    // The headers are read and dropped: the answer depends on the path only.
    let mut header = String::new();
    while reader.read_line(&mut header)? > 2 {
        header.clear();
    }
    let mut words = line.split_whitespace();
    let (method, target) = (words.next().unwrap_or(""), words.next().unwrap_or("/"));
    let found = resolve(root, target).and_then(|f| std::fs::read(&f).ok().map(|b| (f, b)));
    match (method, found) {
        ("GET" | "HEAD", Some((file, body))) => {
            write!(
                stream,
                "HTTP/1.1 200 OK\r\nContent-Type: {}\r\nContent-Length: {}\r\nCache-Control: no-cache\r\nConnection: close\r\n\r\n",
                content_type(&file),
                body.len()
            )?;
            if method == "GET" {
                stream.write_all(&body)?;
            }
        }
        (_, None) => {
            stream.write_all(
                b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
            )?;
        }
        _ => {
            stream.write_all(
                b"HTTP/1.1 405 Method Not Allowed\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
            )?;
        }
    }
    stream.flush()
}

/// Serves `root` on `listener` until the process ends, one thread per connection.
pub fn serve(listener: TcpListener, root: PathBuf) {
    for stream in listener.incoming().flatten() {
        let root = root.clone();
        std::thread::spawn(move || {
            let _ = answer(stream, &root);
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn request_paths_stay_inside_the_folder_and_folders_serve_their_index() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("icons")).unwrap();
        let root = dir.path();
        assert_eq!(resolve(root, "/"), Some(root.join("index.html")));
        assert_eq!(
            resolve(root, "/?scoreboard=3"),
            Some(root.join("index.html"))
        );
        assert_eq!(
            resolve(root, "/icons/icon.png"),
            Some(root.join("icons/icon.png"))
        );
        assert_eq!(resolve(root, "/../etc/passwd"), None);
        assert_eq!(resolve(root, "/icons/../../x"), None);
    }

    #[test]
    fn wasm_and_the_manifest_get_the_types_browsers_require() {
        assert_eq!(content_type(Path::new("a_bg.wasm")), "application/wasm");
        assert_eq!(
            content_type(Path::new("manifest.webmanifest")),
            "application/manifest+json"
        );
        assert_eq!(
            content_type(Path::new("worker.js")),
            "text/javascript; charset=utf-8"
        );
    }
}
