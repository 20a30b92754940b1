//! `nats-server` as a child process. The hub runs one with its JetStream store in a folder
//! of its own (docs/hub.md); the tests run one per test on a free loopback port.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::ClubError;

/// Debian's path: `/usr/sbin` is often missing from a user's `PATH`.
const DEBIAN_BINARY: &str = "/usr/sbin/nats-server";
/// How long a server may take to be ready (it takes ~10 ms here; a store to recover after
/// a crash, more).
const READY_TIMEOUT: Duration = Duration::from_secs(20);
/// How long a server may take to stop after SIGTERM (it takes milliseconds; a store to
/// flush, more).
pub const STOP_TIMEOUT: Duration = Duration::from_secs(10);

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

/// How to run a server: written into `STORE/nats.conf` and started with `-c`, so that the
/// hub's users and their permissions, which the command line cannot carry, are in the
/// same place as the rest.
#[derive(Debug, Clone)]
pub struct ServerConfig {
    /// The folder of its JetStream store (`STORE/jetstream`, made if missing), its
    /// config, its log and its ports file.
    pub store: PathBuf,
    /// The address it listens on for clients; port 0 for any free one (read back with
    /// [`NatsServer::url`]).
    pub listen: SocketAddr,
    /// Its JetStream domain (a federation reaches a club's streams through it), if any.
    pub domain: Option<String>,
    /// Who may connect. Empty: anyone, with every right (a test's server); else only
    /// these users, each by his nkey.
    pub users: Vec<User>,
}

/// A user of the server, known by his nkey (the public key of a pair whose seed only
/// his device holds: nothing secret is in the config).
#[derive(Debug, Clone)]
pub struct User {
    /// The public user key (`U…`).
    pub nkey: String,
    /// What he may publish and subscribe to; `None`: everything (the hub itself).
    pub permissions: Option<Permissions>,
}

/// The subjects a user may publish to and subscribe to (NATS wildcards allowed): anything
/// else the server refuses.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Permissions {
    /// Subjects he may publish to.
    pub publish: Vec<String>,
    /// Subjects he may subscribe to.
    pub subscribe: Vec<String>,
}

impl ServerConfig {
    /// A server on loopback, on any free port, with its store in `store`, open to anyone.
    pub fn loopback(store: impl Into<PathBuf>) -> Self {
        ServerConfig {
            store: store.into(),
            listen: SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), 0),
            domain: None,
            users: Vec::new(),
        }
    }

    /// The config file's text. NATS reads JSON as its own config language, so the file
    /// is written by serde_json: paths, keys and subjects are quoted and escaped for it.
    pub fn to_conf(&self) -> String {
        use serde_json::{json, Map, Value};
        // nats-server reads port 0 as its default, 4222; -1 is its "any free port".
        let port = match self.listen.port() {
            0 => -1,
            p => i64::from(p),
        };
        let mut jetstream = Map::new();
        jetstream.insert(
            "store_dir".into(),
            json!(self.store.join("jetstream").to_string_lossy()),
        );
        if let Some(domain) = &self.domain {
            jetstream.insert("domain".into(), json!(domain));
        }
        let mut conf = json!({
            "host": self.listen.ip().to_string(),
            "port": port,
            "ports_file_dir": self.store.join("ports").to_string_lossy(),
            "log_file": self.log().to_string_lossy(),
            "jetstream": Value::Object(jetstream),
        });
        if !self.users.is_empty() {
            let users: Vec<Value> = self
                .users
                .iter()
                .map(|u| {
                    let mut user = json!({ "nkey": u.nkey });
                    if let Some(p) = &u.permissions {
                        user["permissions"] = json!({
                            "publish": { "allow": p.publish },
                            "subscribe": { "allow": p.subscribe },
                        });
                    }
                    user
                })
                .collect();
            conf["authorization"] = json!({ "users": users });
        }
        conf.to_string()
    }

    /// Its log file.
    pub fn log(&self) -> PathBuf {
        self.store.join("nats-server.log")
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
    pub fn start(config: &ServerConfig) -> Result<Self, ClubError> {
        let binary = binary().ok_or(ClubError::ServerMissing)?;
        // The server writes the ports it listens on into `ports/nats-server_PID.ports`
        // once it accepts clients: that is both the readiness signal and, for port 0,
        // the port. A fresh folder each time: a killed server leaves its file behind.
        let ports = config.store.join("ports");
        if ports.exists() {
            std::fs::remove_dir_all(&ports).map_err(ClubError::ServerStart)?;
        }
        std::fs::create_dir_all(&ports).map_err(ClubError::ServerStart)?;
        let conf = config.store.join("nats.conf");
        std::fs::write(&conf, config.to_conf()).map_err(ClubError::ServerStart)?;
        let log = config.log();
        let child = Command::new(binary)
            .arg("-c")
            .arg(&conf)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            // A config the server cannot read is said on stderr, before any log: kept
            // beside the log.
            .stderr(
                std::fs::File::create(config.store.join("nats-server.stderr"))
                    .map_err(ClubError::ServerStart)?,
            )
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

impl NatsServer {
    /// Stops it as `carambole hub` does on SIGTERM: the server's own SIGTERM handling
    /// (JetStream flushes and closes its store, clients are told), then waits, at most
    /// [`STOP_TIMEOUT`], for it to be gone; a server still running then is killed.
    ///
    /// # Errors
    /// [`ClubError::ServerStart`] when the signal cannot be sent or the exit not reaped;
    /// [`ClubError::ServerStopTimeout`] when it had to be killed.
    pub fn stop(mut self) -> Result<(), ClubError> {
        terminate(&mut self.child).map_err(ClubError::ServerStart)?;
        let asked = Instant::now();
        loop {
            // nats-server exits with status 1 after a signal, whatever the signal: the
            // exit, not its status, is what was asked for.
            if self
                .child
                .try_wait()
                .map_err(ClubError::ServerStart)?
                .is_some()
            {
                return Ok(());
            }
            if asked.elapsed() > STOP_TIMEOUT {
                self.child.kill().map_err(ClubError::ServerStart)?;
                self.child.wait().map_err(ClubError::ServerStart)?;
                return Err(ClubError::ServerStopTimeout {
                    seconds: STOP_TIMEOUT.as_secs(),
                });
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }
}

/// SIGTERM (rustix's safe `kill`); elsewhere than Unix, the only stop there is.
#[cfg(unix)]
fn terminate(child: &mut Child) -> std::io::Result<()> {
    use rustix::process::{kill_process, Pid, Signal};
    kill_process(Pid::from_child(&*child), Signal::TERM).map_err(std::io::Error::from)
}

#[cfg(not(unix))]
fn terminate(child: &mut Child) -> std::io::Result<()> {
    child.kill()
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
