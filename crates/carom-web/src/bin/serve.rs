//! `serve-web DIR [PORT]`: serves the built web app in `DIR` on `127.0.0.1:PORT` (8080
//! without) until interrupted, with [`carom_web::serve`]. A program of its own so that
//! `cargo xtask run --web` runs the product's server as a child process instead of
//! linking a product crate into the developer tool.

#[cfg(not(target_family = "wasm"))]
fn main() -> std::process::ExitCode {
    use std::process::ExitCode;

    let mut args = std::env::args_os().skip(1);
    let Some(dir) = args.next().map(std::path::PathBuf::from) else {
        eprintln!("usage: serve-web DIR [PORT]");
        return ExitCode::from(2);
    };
    let port = match args.next().map(|p| p.to_string_lossy().parse::<u16>()) {
        None => 8080,
        Some(Ok(port)) => port,
        Some(Err(e)) => {
            eprintln!("serve-web: port: {e}");
            return ExitCode::from(2);
        }
    };
    let listener = match std::net::TcpListener::bind(("127.0.0.1", port)) {
        Ok(l) => l,
        Err(e) => {
            eprintln!("127.0.0.1:{port}: {e}");
            return ExitCode::FAILURE;
        }
    };
    match listener.local_addr() {
        Ok(addr) => println!("Carambole web app: http://{addr}/  (Ctrl-C stops it)"),
        Err(e) => {
            eprintln!("serve-web: {e}");
            return ExitCode::FAILURE;
        }
    }
    carom_web::serve::serve(listener, dir);
    ExitCode::SUCCESS
}

/// In the browser the crate is the worker; there is nothing to serve from.
#[cfg(target_family = "wasm")]
fn main() {}
