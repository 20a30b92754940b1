//! `nats-server` as a child process. The hub runs one with its JetStream store in a folder
//! of its own (docs/hub.md); the tests run one per test on a free loopback port.

use std::net::{IpAddr, Ipv4Addr};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::ClubError;

/// Debian's path: `/usr/sbin` is often missing from a user's `PATH`.
const DEBIAN_BINARY: &str = "/usr/sbin/nats-server";
/// How long a server may take to be ready (it takes ~10 ms here; a store to recover after
/// a crash, more).
const READY_TIMEOUT: Duration = Duration::from_secs(20);

/// Where `nats-server` is: `$CARAMBOLE_NATS_SERVER` when set (`None` when nothing is
/// there), else the first on `PATH`, else Debian's.
pub fn binary() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("CARAMBOLE_NATS_SERVER") {
        // Named but not there: missing, so that the error says how to install one.
        return Some(PathBuf::from(path)).filter(|p| p.is_file());
    }
    let on_path = std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|dir| dir.join("nats-server"))
            .find(|candidate| candidate.is_file())
    });
    on_path.or_else(|| Some(PathBuf::from(DEBIAN_BINARY)).filter(|p| p.is_file()))
}

/// How to run a server.
#[derive(Debug, Clone)]
pub struct ServerOptions {
    /// The folder of its JetStream store (made if missing), its log and its ports file.
    pub store: PathBuf,
    /// The address it listens on for clients.
    pub host: IpAddr,
    /// Its client port; 0 for any free one (read back with [`NatsServer::url`]).
    pub port: u16,
}

impl ServerOptions {
    /// A server on loopback, on any free port, with its store in `store`.
    pub fn loopback(store: impl Into<PathBuf>) -> Self {
        ServerOptions {
            store: store.into(),
            host: IpAddr::V4(Ipv4Addr::LOCALHOST),
            port: 0,
        }
    }
}

/// A running `nats-server` with JetStream, killed when dropped.
#[derive(Debug)]
pub struct NatsServer {
    child: Child,
    url: String,
}

impl NatsServer {
    /// Starts a server and waits until it accepts clients.
    ///
    /// # Errors
    /// [`ClubError::ServerMissing`] without a `nats-server`; [`ClubError::ServerStart`]
    /// when it or its folders cannot be made; [`ClubError::ServerExited`] or
    /// [`ClubError::ServerTimeout`] when it is not ready (its log, in the store folder,
    /// says why).
    pub fn start(options: &ServerOptions) -> Result<Self, ClubError> {
        let binary = binary().ok_or(ClubError::ServerMissing)?;
        // The server writes the ports it listens on into `ports/nats-server_PID.ports`
        // once it accepts clients: that is both the readiness signal and, for port 0,
        // the port. A fresh folder each time: a killed server leaves its file behind.
        let ports = options.store.join("ports");
        if ports.exists() {
            std::fs::remove_dir_all(&ports).map_err(ClubError::ServerStart)?;
        }
        std::fs::create_dir_all(&ports).map_err(ClubError::ServerStart)?;
        let log = options.store.join("nats-server.log");
        // nats-server reads port 0 as its default, 4222; -1 is its "any free port".
        let port = match options.port {
            0 => "-1".to_owned(),
            p => p.to_string(),
        };
        let child = Command::new(binary)
            .arg("--jetstream")
            .arg("--store_dir")
            .arg(&options.store)
            .args(["--addr", &options.host.to_string(), "--port", &port])
            .arg("--ports_file_dir")
            .arg(&ports)
            .arg("--log")
            .arg(&log)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map_err(ClubError::ServerStart)?;
        let mut server = NatsServer {
            child,
            url: String::new(),
        };
        let ports_file = ports.join(format!("nats-server_{}.ports", server.child.id()));
        server.url = server.wait_ready(&ports_file, &log)?;
        Ok(server)
    }

    /// Reads the client URL from the ports file once the server has written it.
    fn wait_ready(&mut self, ports_file: &Path, log: &Path) -> Result<String, ClubError> {
        let started = Instant::now();
        loop {
            if let Some(url) = client_url(ports_file) {
                return Ok(url);
            }
            if let Some(status) = self.child.try_wait().map_err(ClubError::ServerStart)? {
                return Err(ClubError::ServerExited {
                    status,
                    log: log.to_owned(),
                });
            }
            if started.elapsed() > READY_TIMEOUT {
                return Err(ClubError::ServerTimeout {
                    seconds: READY_TIMEOUT.as_secs(),
                    log: log.to_owned(),
                });
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    /// Its client URL, `nats://HOST:PORT`.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// Its process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Kills it with SIGKILL, as a crash or a power cut of the process would, and waits
    /// for it to be gone: what JetStream acknowledged before must survive this.
    ///
    /// # Errors
    /// [`ClubError::ServerStart`] when the signal cannot be sent or the exit not reaped.
    pub fn kill(mut self) -> Result<(), ClubError> {
        self.child.kill().map_err(ClubError::ServerStart)?;
        self.child.wait().map_err(ClubError::ServerStart)?;
        Ok(())
    }
}

impl Drop for NatsServer {
    fn drop(&mut self) {
        // Never leave a server behind a test or a hub that failed; it may be gone already.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The client URL in a ports file (`{"nats":["nats://127.0.0.1:42725"], …}`), once the
/// file is there and whole.
fn client_url(ports_file: &Path) -> Option<String> {
    let text = std::fs::read_to_string(ports_file).ok()?;
    let ports: serde_json::Value = serde_json::from_str(&text).ok()?;
    ports.get("nats")?.get(0)?.as_str().map(str::to_owned)
}
