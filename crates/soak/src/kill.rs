//! SIGKILLs of the real app process while scripted matches are played through its
//! command path.
//!
//! Each round starts the `carambole` binary as `carambole --db DB serve` (the app without
//! its window: it opens the database as the window app does, with its automatic backup,
//! and runs each JSON request line through `App::dispatch`, answering only after the
//! command returned, i.e. after the commit). [`kill`] drives it like a referee's screen:
//! it resumes the newest unfinished match (`unfinished_matches`, `open_match`) or starts
//! one (`start_match`), and plays random events (the script of [`events::event`], kept to
//! what the rules core accepts, as a screen offers it) with `play`, a few requests ahead
//! at times. After a random number of answers — none in every tenth round, so that
//! those kills land during start-up — it kills the process with SIGKILL, often with
//! requests still unanswered (a commit under way). Every `play` answered `ok` is
//! acknowledged. Then the database is reopened with carom-store: `PRAGMA integrity_check`
//! must be ok and every acknowledged event must be in the log, at its place, as it was
//! sent. The next round continues on the same file.

use std::collections::{BTreeMap, VecDeque};
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use carom_api::{Applied, Call, OpenMatch, Play, Reply, StartMatch, UnfinishedMatches};
use carom_core::{Event, Match};
use carom_store::Store;
use serde::de::DeserializeOwned;

use crate::events;
use crate::rng::Rng;

/// What a kill run did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct KillCounts {
    /// App processes killed with SIGKILL.
    pub kills: u64,
    /// Of which during start-up, before any request was sent.
    pub at_start: u64,
    /// Of which with requests sent whose answers had not been read (a command possibly
    /// under way).
    pub in_flight: u64,
    /// `play` commands answered `ok` by the killed processes: acknowledged events.
    pub acknowledged: u64,
    /// Acknowledged events missing from the database after a kill (or different there),
    /// each counted once.
    pub lost: u64,
    /// `integrity_check` runs that said ok.
    pub integrity_ok: u64,
    /// `integrity_check` runs that did not (or a database that would not open).
    pub integrity_failed: u64,
}

/// An event sent with `play`: its match, its place in the log, the event.
type Sent = ((i64, u64), Event);

/// The acknowledged events not yet found lost, by match and place in the log.
#[derive(Debug, Default)]
struct Acked {
    events: BTreeMap<(i64, u64), Event>,
    /// Every acknowledgement so far.
    count: u64,
}

impl Acked {
    fn add(&mut self, (at, event): Sent) -> Result<(), String> {
        self.count += 1;
        match self.events.insert(at, event) {
            // The store takes one event per place: a second acknowledgement there means
            // the first was lost unnoticed.
            Some(first) => Err(format!("{at:?} acknowledged twice (first {first:?})")),
            None => Ok(()),
        }
    }
}

/// Kills `kills` processes of the app binary `app` serving a database in `dir`; the
/// script and the moments are drawn from `seed`.
///
/// # Errors
/// When the app cannot be started, stops by itself, answers what it should not (a
/// refused play the rules accept, an answer out of order), or its output cannot be read.
pub fn kill(seed: u64, kills: u64, app: &Path, dir: &Path) -> Result<KillCounts, String> {
    let db = dir.join("kill.sqlite");
    // The moments come from a generator of their own: which events the script plays
    // depends on what each killed process had committed, the moments do not.
    let mut moments = Rng::new(seed);
    let mut script = Rng::new(seed ^ 0x6b69_6c6c_5f73_6372);
    let mut counts = KillCounts::default();
    let mut acked = Acked::default();
    for round in 0..kills {
        // Every tenth kill lands during start-up (opening, the automatic backup).
        let wait_for = if round % 10 == 9 {
            0
        } else {
            moments.range(1, 60).into()
        };
        let ahead = usize::try_from(moments.range(1, 3)).unwrap_or(1);
        let mut served = Served::start(app, &db)?;
        let mut pending: VecDeque<Sent> = VecDeque::new();
        if wait_for == 0 {
            counts.at_start += 1;
        } else {
            play(
                &mut served,
                &mut script,
                wait_for,
                ahead,
                &mut pending,
                &mut acked,
            )?;
        }
        if !pending.is_empty() {
            counts.in_flight += 1;
        }
        // What the process answered before it died is acknowledged too.
        for line in served.kill()? {
            let Some((at, event)) = pending.pop_front() else {
                return Err(format!("an answer to no request: {line}"));
            };
            match serde_json::from_str::<Reply<Applied>>(&line) {
                Ok(Reply::Ok(applied)) => {
                    check_applied(&applied, at)?;
                    acked.add((at, event))?;
                }
                Ok(Reply::Error(e)) => return Err(refused(&event, &e)),
                Err(e) => return Err(format!("an answer that is not one: {e}: {line}")),
            }
        }
        counts.kills += 1;
        match verify(&db, &acked.events) {
            Ok(lost) => {
                counts.integrity_ok += 1;
                counts.lost += u64::try_from(lost.len()).unwrap_or(u64::MAX);
                // Counted once: the next rounds may write other events at their places.
                for at in lost {
                    acked.events.remove(&at);
                }
            }
            Err(e) => {
                eprintln!("soak kill: after kill {round}: {e}");
                counts.integrity_failed += 1;
            }
        }
    }
    counts.acknowledged = acked.count;
    Ok(counts)
}

/// Plays through `served` until `wait_for` plays were answered, keeping up to `ahead`
/// requests unanswered; what is still unanswered is left in `pending`.
fn play(
    served: &mut Served,
    rng: &mut Rng,
    wait_for: u64,
    ahead: usize,
    pending: &mut VecDeque<Sent>,
    acked: &mut Acked,
) -> Result<(), String> {
    let (mut id, mut m) = resume_or_start(served, rng)?;
    let mut answered = 0;
    while answered < wait_for {
        while pending.len() < ahead && m.result().is_none() {
            let event = events::event(rng);
            let view = m.view();
            let seq = u64::try_from(m.events().len()).unwrap_or(u64::MAX);
            // The script plays what the rules accept, as a referee's screen offers it.
            if m.apply(event.clone()).is_err() {
                continue;
            }
            served.send(&Call::of(Play {
                id,
                expected_seq: seq,
                player: view.at_table,
                event: event.clone(),
            }))?;
            pending.push_back(((id, seq), event));
        }
        let Some((at, event)) = pending.pop_front() else {
            // The match is over and every play of it answered: the next one.
            (id, m) = resume_or_start(served, rng)?;
            continue;
        };
        match served.receive::<Applied>()? {
            Reply::Ok(applied) => {
                check_applied(&applied, at)?;
                acked.add((at, event))?;
                answered += 1;
            }
            Reply::Error(e) => return Err(refused(&event, &e)),
        }
    }
    Ok(())
}

fn refused(event: &Event, e: &carom_api::Error) -> String {
    format!("the app refused a play the rules accept ({event:?}): {e:?}")
}

fn check_applied(applied: &Applied, (id, seq): (i64, u64)) -> Result<(), String> {
    if applied.events == seq + 1 {
        Ok(())
    } else {
        Err(format!(
            "match {id}: event {seq} answered with {} events",
            applied.events
        ))
    }
}

/// The newest unfinished match, or a new one, and its state replayed from the log the
/// app answered.
fn resume_or_start(served: &mut Served, rng: &mut Rng) -> Result<(i64, Match), String> {
    let unfinished = served.call(UnfinishedMatches {})?;
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
            served.call(StartMatch { setup })?.id
        }
    };
    let opened = served.call(OpenMatch { id })?;
    let m = Match::replay(opened.setup, opened.events)
        .map_err(|e| format!("match {id} does not replay: {e:?}"))?;
    Ok((id, m))
}

/// A running `carambole serve`: requests go to its input, answers come from its output.
struct Served {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Served {
    fn start(app: &Path, db: &Path) -> Result<Served, String> {
        let mut child = Command::new(app)
            .arg("--db")
            .arg(db)
            .arg("serve")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| format!("{}: {e}", app.display()))?;
        let (Some(input), Some(output)) = (child.stdin.take(), child.stdout.take()) else {
            return Err("the app's input and output are not piped".into());
        };
        Ok(Served {
            child,
            input,
            output: BufReader::new(output),
        })
    }

    fn send<C: carom_api::Command>(&mut self, call: &Call<C>) -> Result<(), String> {
        let mut line = serde_json::to_vec(call).map_err(|e| e.to_string())?;
        line.push(b'\n');
        self.input
            .write_all(&line)
            .and_then(|()| self.input.flush())
            .map_err(|e| format!("the app does not read its requests: {e}"))
    }

    /// The next answer, read as an answer of type `T`.
    fn receive<T: DeserializeOwned>(&mut self) -> Result<Reply<T>, String> {
        let mut line = String::new();
        self.output
            .read_line(&mut line)
            .map_err(|e| e.to_string())?;
        if !line.ends_with('\n') {
            let status = self.child.try_wait().ok().flatten();
            return Err(format!("the app stopped by itself ({status:?})"));
        }
        serde_json::from_str(&line).map_err(|e| format!("an answer that is not one: {e}: {line}"))
    }

    /// Sends `request` and waits for its answer; an error answer is an error.
    fn call<C: carom_api::Command>(&mut self, request: C) -> Result<C::Output, String> {
        self.send(&Call::of(request))?;
        match self.receive::<C::Output>()? {
            Reply::Ok(out) => Ok(out),
            Reply::Error(e) => Err(format!("{}: {e:?}", C::NAME)),
        }
    }

    /// Kills the process with SIGKILL (std's `kill` on Unix) and answers the whole lines
    /// it wrote before it died and that were not read yet.
    fn kill(mut self) -> Result<Vec<String>, String> {
        if let Ok(Some(status)) = self.child.try_wait() {
            return Err(format!("the app stopped by itself ({status})"));
        }
        self.child.kill().map_err(|e| format!("kill: {e}"))?;
        self.child.wait().map_err(|e| format!("wait: {e}"))?;
        let mut lines = Vec::new();
        loop {
            let mut line = String::new();
            match self.output.read_line(&mut line) {
                // A line cut by the kill was not an answer.
                Ok(_) if line.ends_with('\n') => lines.push(line),
                _ => return Ok(lines),
            }
        }
    }
}

/// Reopens `db` with the store: integrity first, then which of `acked` are missing from
/// the log or differ there.
fn verify(db: &Path, acked: &BTreeMap<(i64, u64), Event>) -> Result<Vec<(i64, u64)>, String> {
    if !db.exists() {
        // Killed before the database was created: nothing can have been acknowledged.
        return Ok(acked.keys().copied().collect());
    }
    let store = Store::open_existing(db).map_err(|e| format!("open: {e}"))?;
    store
        .integrity_check()
        .map_err(|e| format!("integrity_check: {e}"))?;
    let mut lost = Vec::new();
    let mut current: Option<(i64, BTreeMap<u64, Event>)> = None;
    for (&(id, seq), event) in acked {
        if current.as_ref().is_none_or(|(c, _)| *c != id) {
            let log = store
                .events(id)
                .map_err(|e| format!("events of {id}: {e}"))?
                .into_iter()
                .map(|e| (u64::from(e.seq), e.event))
                .collect();
            current = Some((id, log));
        }
        if current.as_ref().and_then(|(_, log)| log.get(&seq)) != Some(event) {
            eprintln!("soak kill: acknowledged event {seq} of match {id} is lost");
            lost.push((id, seq));
        }
    }
    Ok(lost)
}
