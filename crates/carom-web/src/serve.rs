//! A static file server for the built web app (native only): what `cargo xtask run
//! --web` serves on localhost and what the browser tests open. `127.0.0.1` is a secure
//! context, so the service worker, OPFS and Web Locks work over plain HTTP there.
//! Any static HTTPS host serves the same folder; this one adds the MIME types browsers
//! insist on (`application/wasm`, `application/manifest+json`), sends the brotli or gzip
//! copies `cargo xtask build-web` writes beside the files, and revalidates with ETags.

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

/// The request line's method and target, and the headers the answer depends on.
#[derive(Debug, Default, PartialEq, Eq)]
struct Request {
    method: String,
    target: String,
    /// `Accept-Encoding`, lower case.
    encodings: String,
    /// `If-None-Match`.
    etag: Option<String>,
}

fn read_request(reader: &mut impl BufRead) -> std::io::Result<Request> {
    let mut line = String::new();
    reader.read_line(&mut line)?;
    let mut words = line.split_whitespace();
    let mut request = Request {
        method: words.next().unwrap_or("").to_owned(),
        target: words.next().unwrap_or("/").to_owned(),
        ..Request::default()
    };
    let mut header = String::new();
    while reader.read_line(&mut header)? > 2 {
        if let Some((name, value)) = header.split_once(':') {
            let value = value.trim();
            match name.trim().to_ascii_lowercase().as_str() {
                "accept-encoding" => request.encodings = value.to_ascii_lowercase(),
                "if-none-match" => request.etag = Some(value.to_owned()),
                _ => {}
            }
        }
        header.clear();
    }
    Ok(request)
}

/// The file to send for `file` and its `Content-Encoding`: the brotli or gzip copy that
/// `cargo xtask build-web` wrote beside it when the browser takes that encoding (a phone
/// on its first visit downloads the compressed shell), else the file itself.
pub fn variant(file: &Path, encodings: &str) -> (PathBuf, Option<&'static str>) {
    let takes = |e: &str| {
        encodings
            .split(',')
            .any(|t| t.split(';').next().unwrap_or("").trim() == e)
    };
    for (encoding, suffix) in [("br", "br"), ("gzip", "gz")] {
        let copy = PathBuf::from(format!("{}.{suffix}", file.display()));
        if takes(encoding) && copy.is_file() {
            return (copy, Some(encoding));
        }
    }
    (file.to_path_buf(), None)
}

/// A validator for `file`'s current bytes (size and modification time): the service
/// worker's fetches at install revalidate what the page has just loaded (304) instead of
/// downloading the shell a second time.
fn etag(file: &Path) -> Option<String> {
    let meta = std::fs::metadata(file).ok()?;
    let modified = meta
        .modified()
        .ok()?
        .duration_since(std::time::UNIX_EPOCH)
        .ok()?;
    Some(format!("\"{:x}-{:x}\"", meta.len(), modified.as_nanos()))
}

/// What the server sent, request by request: the path asked for and the bytes of the
/// answer (headers and body) — how a test sees what a phone downloads.
#[derive(Clone, Default)]
pub struct Sent(std::sync::Arc<std::sync::Mutex<Vec<(String, usize)>>>);

impl Sent {
    /// Every (path, bytes) sent so far, in order.
    pub fn requests(&self) -> Vec<(String, usize)> {
        self.0.lock().map(|l| l.clone()).unwrap_or_default()
    }

    /// The bytes sent so far.
    pub fn total(&self) -> usize {
        self.requests().iter().map(|(_, n)| n).sum()
    }

    fn note(&self, path: String, bytes: usize) {
        if let Ok(mut l) = self.0.lock() {
            l.push((path, bytes));
        }
    }
}

fn answer(stream: TcpStream, root: &Path, sent: &Sent) -> std::io::Result<()> {
    let mut counted = Counted { stream, bytes: 0 };
    let request = read_request(&mut BufReader::new(counted.stream.try_clone()?));
    let target = request
        .as_ref()
        .map(|r| r.target.clone())
        .unwrap_or_default();
    let result = request.and_then(|r| respond(&mut counted, root, &r));
    sent.note(target, counted.bytes);
    result
}

/// A connection that counts what is written to it.
struct Counted {
    stream: TcpStream,
    bytes: usize,
}

impl Write for Counted {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = self.stream.write(buf)?;
        self.bytes += n;
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.stream.flush()
    }
}

fn respond(stream: &mut Counted, root: &Path, request: &Request) -> std::io::Result<()> {
    let method = request.method.as_str();
    let found = resolve(root, &request.target).filter(|f| f.is_file());
    match (method, found) {
        ("GET" | "HEAD", Some(file)) => {
            let (sent, encoding) = variant(&file, &request.encodings);
            let tag = etag(&sent).unwrap_or_default();
            let common = format!(
                "Content-Type: {}\r\nCache-Control: no-cache\r\nVary: Accept-Encoding\r\nETag: {tag}\r\n{}Connection: close\r\n",
                content_type(&file),
                encoding.map(|e| format!("Content-Encoding: {e}\r\n")).unwrap_or_default(),
            );
            if request.etag.as_deref() == Some(tag.as_str()) {
                write!(stream, "HTTP/1.1 304 Not Modified\r\n{common}\r\n")?;
                return stream.flush();
            }
            let body = std::fs::read(&sent)?;
            write!(
                stream,
                "HTTP/1.1 200 OK\r\n{common}Content-Length: {}\r\n\r\n",
                body.len()
            )?;
            if method == "GET" {
                stream.write_all(&body)?;
            }
        }
        ("GET" | "HEAD", None) => {
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

pub fn serve(listener: TcpListener, root: PathBuf) {
    serve_recording(listener, root, Sent::default());
}

/// [`serve`], noting in `sent` what each answer sent.
pub fn serve_recording(listener: TcpListener, root: PathBuf, sent: Sent) {
    for stream in listener.incoming().flatten() {
        let root = root.clone();
        let sent = sent.clone();
        std::thread::spawn(move || {
            let _ = answer(stream, &root, &sent);
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

    #[test]
    fn a_compressed_copy_is_sent_only_to_a_browser_that_takes_its_encoding() {
        let dir = tempfile::tempdir().unwrap();
        let wasm = dir.path().join("a_bg.wasm");
        std::fs::write(&wasm, b"wasm").unwrap();
        std::fs::write(dir.path().join("a_bg.wasm.br"), b"br").unwrap();
        std::fs::write(dir.path().join("a_bg.wasm.gz"), b"gz").unwrap();
        let br = dir.path().join("a_bg.wasm.br");
        let gz = dir.path().join("a_bg.wasm.gz");
        assert_eq!(variant(&wasm, "gzip, deflate, br, zstd"), (br, Some("br")));
        assert_eq!(variant(&wasm, "gzip;q=1.0, deflate"), (gz, Some("gzip")));
        assert_eq!(variant(&wasm, "brotli, identity"), (wasm.clone(), None));
        assert_eq!(variant(&wasm, ""), (wasm.clone(), None));
        let png = dir.path().join("icon.png");
        assert_eq!(variant(&png, "br"), (png, None));
    }

    #[test]
    fn the_server_sends_the_brotli_copy_and_revalidates_with_its_etag() {
        use std::io::Read;
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("index.html"), b"<html></html>").unwrap();
        std::fs::write(dir.path().join("index.html.br"), b"BROTLI").unwrap();
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = listener.local_addr().unwrap();
        let root = dir.path().to_path_buf();
        std::thread::spawn(move || serve(listener, root));
        let get = |headers: &str| {
            let mut s = TcpStream::connect(addr).unwrap();
            write!(s, "GET / HTTP/1.1\r\nHost: x\r\n{headers}\r\n").unwrap();
            let mut out = String::new();
            s.read_to_string(&mut out).unwrap();
            out
        };
        let first = get("Accept-Encoding: gzip, br\r\n");
        assert!(first.starts_with("HTTP/1.1 200 OK\r\n"), "{first}");
        assert!(first.contains("Content-Encoding: br\r\n"), "{first}");
        assert!(first.contains("Content-Type: text/html"), "{first}");
        assert!(first.ends_with("\r\n\r\nBROTLI"), "{first}");
        let tag = first
            .lines()
            .find_map(|l| l.strip_prefix("ETag: "))
            .unwrap()
            .to_owned();
        let again = get(&format!(
            "Accept-Encoding: gzip, br\r\nIf-None-Match: {tag}\r\n"
        ));
        assert!(
            again.starts_with("HTTP/1.1 304 Not Modified\r\n"),
            "{again}"
        );
        let plain = get("");
        assert!(plain.ends_with("<html></html>"), "{plain}");
        assert!(!plain.contains("Content-Encoding"), "{plain}");
    }
}
