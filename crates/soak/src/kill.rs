//! SIGKILLs of a process playing matches through carom-app's command path.
//!
//! [`play_forever`] is the killed process (the `soak-player` binary): it opens the app on
//! a database file as the shell does (`App::open`, with its automatic backup), resumes the
//! newest unfinished match or starts one, and plays random events through `App::play`,
//! printing `ack ID SEQ` — flushed — only after `play` answered `Ok`, i.e. after the
//! store committed. [`kill`] spawns it, reads a random number of acknowledgements, kills
//! it with SIGKILL (possibly mid-commit), then reopens the database with carom-store:
//! every acknowledged event must be in the log and `PRAGMA integrity_check` must be ok.
//! Then the next process continues on the same file.

use std::collections::BTreeSet;
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};

use carom_api::{OpenMatch, Play, StartMatch, UnfinishedMatches};
use carom_app::App;
use carom_core::{Match, MatchSetup};
use carom_store::Store;

use crate::events;
use crate::rng::Rng;

/// What a kill run did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct KillCounts {
    /// Processes killed with SIGKILL.
    pub kills: u64,
    /// Events acknowledged by the killed processes.
    pub acknowledged: u64,
    /// Acknowledged events missing from the database afterwards.
    pub lost: u64,
    /// `integrity_check` runs that said ok.
    pub integrity_ok: u64,
    /// `integrity_check` runs that did not (or a database that would not open).
    pub integrity_failed: u64,
}

/// Kills `kills` processes of `player` (the `soak-player` binary) playing on a database
/// in `dir`; the moments are drawn from `seed`.
///
/// # Errors
/// When the player cannot be started or its output read.
pub fn kill(seed: u64, kills: u64, player: &Path, dir: &Path) -> Result<KillCounts, String> {
    let db = dir.join("kill.sqlite");
    let mut rng = Rng::new(seed);
    let mut counts = KillCounts::default();
    let mut acked: BTreeSet<(i64, u64)> = BTreeSet::new();
    for round in 0..kills {
        // Most kills land in a stream of commits; some during start-up (open, backup).
        let wait_for = if rng.chance(1, 10) { 0 } else { rng.below(60) };
        let mut child = Command::new(player)
            .arg(&db)
            .arg(format!("{}", seed ^ round.wrapping_mul(0x9E37_79B9)))
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| format!("{}: {e}", player.display()))?;
        let stdout = child.stdout.take().ok_or("no stdout")?;
        let mut lines = BufReader::new(stdout).lines();
        let mut seen = 0;
        while seen < wait_for {
            match lines.next() {
                Some(Ok(line)) => {
                    if let Some(ack) = parse_ack(&line) {
                        acked.insert(ack);
                        seen += 1;
                    }
                }
                _ => break,
            }
        }
        if let Ok(Some(status)) = child.try_wait() {
            return Err(format!("the player stopped by itself ({status})"));
        }
        // std's kill is SIGKILL on Unix.
        child.kill().map_err(|e| format!("kill: {e}"))?;
        child.wait().map_err(|e| format!("wait: {e}"))?;
        counts.kills += 1;
        // What it printed before it died was acknowledged too.
        for line in lines.map_while(Result::ok) {
            if let Some(ack) = parse_ack(&line) {
                acked.insert(ack);
            }
        }
        match verify(&db, &acked) {
            Ok(lost) => {
                counts.integrity_ok += 1;
                counts.lost = counts.lost.max(lost);
            }
            Err(e) => {
                eprintln!("soak kill: after kill {round}: {e}");
                counts.integrity_failed += 1;
            }
        }
    }
    counts.acknowledged = u64::try_from(acked.len()).unwrap_or(u64::MAX);
    Ok(counts)
}

fn parse_ack(line: &str) -> Option<(i64, u64)> {
    let mut f = line.strip_prefix("ack ")?.split(' ');
    Some((f.next()?.parse().ok()?, f.next()?.parse().ok()?))
}

/// Reopens `db` with the store: integrity first, then how many of `acked` are missing.
fn verify(db: &Path, acked: &BTreeSet<(i64, u64)>) -> Result<u64, String> {
    if !db.exists() {
        // Killed before the database was created: nothing can have been acknowledged.
        return Ok(u64::try_from(acked.len()).unwrap_or(u64::MAX));
    }
    let store = Store::open_existing(db).map_err(|e| format!("open: {e}"))?;
    store
        .integrity_check()
        .map_err(|e| format!("integrity_check: {e}"))?;
    let mut lost = 0;
    let mut current: Option<(i64, BTreeSet<u64>)> = None;
    for &(id, seq) in acked {
        if current.as_ref().is_none_or(|(c, _)| *c != id) {
            let seqs = store
                .events(id)
                .map_err(|e| format!("events of {id}: {e}"))?
                .into_iter()
                .map(|e| u64::from(e.seq))
                .collect();
            current = Some((id, seqs));
        }
        if !current.as_ref().is_some_and(|(_, s)| s.contains(&seq)) {
            eprintln!("soak kill: acknowledged event {seq} of match {id} is lost");
            lost += 1;
        }
    }
    Ok(lost)
}

/// The killed process: plays on `db` until it is killed, acknowledging on `out`.
///
/// # Errors
/// When the app cannot start or resume a match, or `out` cannot be written.
pub fn play_forever(db: &Path, seed: u64, out: &mut impl Write) -> Result<(), String> {
    let app = App::open(db, crate::platform::services());
    let mut rng = Rng::new(seed);
    loop {
        let (id, mut m) = resume_or_start(&app, &mut rng)?;
        while m.result().is_none() {
            let event = events::event(&mut rng);
            let view = m.view();
            let expected_seq = u64::try_from(m.events().len()).unwrap_or(u64::MAX);
            // The script plays what the rules accept, as a referee's screen offers it.
            if m.apply(event.clone()).is_err() {
                continue;
            }
            let applied = app
                .play(Play {
                    id,
                    expected_seq,
                    player: view.at_table,
                    event,
                })
                .map_err(|e| format!("play: {e:?}"))?;
            writeln!(out, "ack {id} {}", applied.events.saturating_sub(1))
                .and_then(|()| out.flush())
                .map_err(|e| e.to_string())?;
        }
    }
}

fn resume_or_start(app: &App, rng: &mut Rng) -> Result<(i64, Match), String> {
    let unfinished = app
        .unfinished_matches(UnfinishedMatches {})
        .map_err(|e| format!("unfinished_matches: {e:?}"))?;
    let id = match unfinished.first() {
        Some(item) => item.id,
        None => {
            let setup = loop {
                let mut s = events::setup(rng);
                // Long enough to be killed mid-match.
                s.players.a.target = rng.range(10, 40);
                s.players.b.target = s.players.a.target;
                s.sets = None;
                s.innings_limit = None;
                if Match::new(s.clone()).is_ok() {
                    break s;
                }
            };
            start(app, setup)?
        }
    };
    let opened = app
        .open_match(OpenMatch { id })
        .map_err(|e| format!("open_match: {e:?}"))?;
    let m = Match::replay(opened.setup, opened.events).map_err(|e| format!("replay: {e:?}"))?;
    Ok((id, m))
}

fn start(app: &App, setup: MatchSetup) -> Result<i64, String> {
    app.start_match(StartMatch { setup })
        .map(|s| s.id)
        .map_err(|e| format!("start_match: {e:?}"))
}
