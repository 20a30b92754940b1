//! One soak run, both halves, and its table of counts.

use std::path::Path;

use crate::fuzz::{fuzz, FuzzCounts};
use crate::kill::{kill, KillCounts};

/// How much to run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Plan {
    /// The seed everything is drawn from.
    pub seed: u64,
    /// Random event sequences.
    pub sequences: u64,
    /// Every how many sequences one goes through carom-app over a durable SQLite file (the
    /// others over an in-memory database).
    pub durable_every: u64,
    /// SIGKILLs of the app process (`carambole serve`).
    pub kills: u64,
}

/// What a run did.
#[derive(Debug, Clone, PartialEq)]
pub struct Report {
    /// The plan it ran.
    pub plan: Plan,
    /// The fuzz half.
    pub fuzz: FuzzCounts,
    /// The kill half.
    pub kill: KillCounts,
    /// Seconds each half took.
    pub seconds: (f64, f64),
}

impl Report {
    /// True when every sequence went through carom-app, nothing panicked, no invariant
    /// broke, nothing acknowledged was lost and every integrity check was ok.
    pub fn passed(&self) -> bool {
        self.fuzz.panics == 0
            && self.fuzz.through_app == self.plan.sequences
            && self.fuzz.violations == 0
            && self.kill.lost == 0
            && self.kill.integrity_failed == 0
            && self.kill.kills == self.plan.kills
            && self.kill.integrity_ok == self.plan.kills
    }

    /// The table of counts, one `soak:\tNAME\tVALUE` line each after a header.
    pub fn table(&self) -> String {
        let f = &self.fuzz;
        let k = &self.kill;
        let rows: [(&str, String); 18] = [
            ("seed", format!("{:#x}", self.plan.seed)),
            ("random event sequences", f.sequences.to_string()),
            (
                "random event sequences through carom-app",
                f.through_app.to_string(),
            ),
            ("  of which on a durable SQLite file", f.durable.to_string()),
            (
                "set-ups refused (by the rules and the app)",
                f.setups_refused.to_string(),
            ),
            ("events accepted by the rules", f.applied.to_string()),
            ("events refused by the rules", f.refused.to_string()),
            ("play commands to carom-app", f.app_plays.to_string()),
            ("panics", f.panics.to_string()),
            ("invariants broken", f.violations.to_string()),
            ("SIGKILLs of the app (carambole serve)", k.kills.to_string()),
            ("  of which during start-up", k.at_start.to_string()),
            (
                "  of which with commands unanswered",
                k.in_flight.to_string(),
            ),
            (
                "events acknowledged (play answered ok)",
                k.acknowledged.to_string(),
            ),
            ("acknowledged events lost", k.lost.to_string()),
            ("integrity_check ok", k.integrity_ok.to_string()),
            ("integrity_check failed", k.integrity_failed.to_string()),
            (
                "seconds (fuzz, kill)",
                format!("{:.1}, {:.1}", self.seconds.0, self.seconds.1),
            ),
        ];
        let mut out = String::new();
        for (name, value) in rows {
            out.push_str(&format!("soak:\t{name:<46}\t{value:>12}\n"));
        }
        out
    }
}

/// Runs `plan`: the fuzz half in `dir`, then the kill half in `dir`, killing the app
/// binary `app` (`carambole`).
///
/// # Errors
/// When the app cannot be run or answers what it should not (see [`kill`]).
pub fn run(plan: Plan, app: &Path, dir: &Path) -> Result<Report, String> {
    let t = std::time::Instant::now();
    let fuzz = fuzz(plan.seed, plan.sequences, plan.durable_every, dir);
    let fuzz_s = t.elapsed().as_secs_f64();
    let t = std::time::Instant::now();
    let kill = kill(plan.seed, plan.kills, app, dir)?;
    Ok(Report {
        plan,
        fuzz,
        kill,
        seconds: (fuzz_s, t.elapsed().as_secs_f64()),
    })
}
