//! `cargo xtask bench`: runs every benchmark target and prints one table.
//!
//! A benchmark prints lines `bench:\tNAME\tMEASURED_NS\tBASELINE_NAME\tBASELINE_NS\tGOAL`,
//! the baseline measured in the same run; this command lines them up with their ratio.

use std::process::ExitCode;

use crate::setup::{self, Extras};
use crate::sh::{self, Result};

/// One measurement next to its baseline.
#[derive(Debug, Clone, PartialEq)]
struct Row {
    name: String,
    measured_ns: f64,
    baseline: String,
    baseline_ns: f64,
    goal: String,
}

fn parse_row(line: &str) -> Option<Row> {
    // Anywhere in the line: with `--nocapture`, libtest's `test NAME ... ` comes before a
    // test's first printed line, on the same line.
    let at = line.find("bench:\t")?;
    let mut f = line[at..].strip_prefix("bench:\t")?.split('\t');
    Some(Row {
        name: f.next()?.to_owned(),
        measured_ns: f.next()?.trim().parse().ok()?,
        baseline: f.next()?.to_owned(),
        baseline_ns: f.next()?.trim().parse().ok()?,
        goal: f.next().unwrap_or_default().to_owned(),
    })
}

/// A duration in ns; a size when the row's name says `(bytes)`; a count when it says
/// `(taps)`.
fn human(ns: f64, name: &str) -> String {
    if name.contains("(taps)") {
        return format!("{ns:.0}");
    }
    if name.contains("(bytes)") {
        return match ns {
            n if n >= 1e6 => format!("{:.2} MB", n / 1e6),
            n if n >= 1e3 => format!("{:.1} kB", n / 1e3),
            n => format!("{n:.0} B"),
        };
    }
    match ns {
        n if n >= 1e9 => format!("{:.2} s", n / 1e9),
        n if n >= 1e6 => format!("{:.2} ms", n / 1e6),
        n if n >= 1e3 => format!("{:.2} µs", n / 1e3),
        n => format!("{n:.0} ns"),
    }
}

fn table(rows: &[Row]) -> String {
    let mut out = format!(
        "{:<44} {:>12} {:<40} {:>12} {:>9}  {}\n",
        "benchmark", "measured", "baseline (same run)", "baseline", "ratio", "goal"
    );
    for r in rows {
        let ratio = if r.baseline_ns > 0.0 {
            r.measured_ns / r.baseline_ns
        } else {
            f64::NAN
        };
        out.push_str(&format!(
            "{:<44} {:>12} {:<40} {:>12} {:>8.3}×  {}\n",
            r.name,
            human(r.measured_ns, &r.name),
            r.baseline,
            human(r.baseline_ns, &r.baseline),
            ratio,
            r.goal
        ));
    }
    out
}

pub fn bench() -> Result<ExitCode> {
    let tools = setup::setup(Extras { bench: true })?;
    let mut rows = Vec::new();
    let mut ok = sh::stream(
        sh::cargo().args([
            "bench",
            "--workspace",
            "--exclude",
            "carambole-ui",
            "--benches",
        ]),
        |line| rows.extend(parse_row(line)),
    )?;
    // Tap to updated screen is measured in the real window and in the web app (the e2e
    // harness); the web app's build builds the UI too. What only the benchmark asks the
    // worker (a slowed worker, the durable append) is answered by a second build of the
    // web app, with carom-web's `bench` feature, which the e2e feature `bench` serves.
    crate::web::build(&tools)?;
    crate::web::build_bench(&tools)?;
    if let Err(e) = crate::package::build_debug_binary() {
        eprintln!("xtask: {e}");
        ok = false;
    }
    let mut e2e = crate::test::e2e_tests(&tools);
    e2e.args(["--features", "carambole-tests/bench"])
        .env("CARAMBOLE_WEB_APP_BENCH", crate::web::bench_out_dir())
        .args(["bench::", "--", "--nocapture", "--test-threads=1"]);
    ok &= sh::stream(&mut e2e, |line| rows.extend(parse_row(line)))?;
    println!("\n{}", table(&rows));
    Ok(if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bench_lines_become_rows_with_ratios() {
        let row = parse_row("bench:\tapply one event\t420\tserde_json parse\t840\t≤ 1 µs").unwrap();
        assert_eq!(row.name, "apply one event");
        let t = table(&[row]);
        assert!(t.contains("0.500×"), "{t}");
        let first = parse_row("test bench::web_app ... bench:\tstart\t5\tfirst visit\t10\t≤ 1 s");
        assert_eq!(first.map(|r| r.name).as_deref(), Some("start"));
        assert!(t.contains("420 ns"), "{t}");
        let size =
            parse_row("bench:\tshell (bytes)\t1500000\tui (bytes)\t750000\t≤ 1.5 MB").unwrap();
        let t = table(&[size]);
        assert!(t.contains("1.50 MB") && t.contains("2.000×"), "{t}");
        let taps = parse_row("bench:\tin a frame (taps)\t470\tall (taps)\t500\t≥ 95 %").unwrap();
        let t = table(&[taps]);
        assert!(
            t.contains(" 470 ") && t.contains(" 500 ") && t.contains("0.940×"),
            "{t}"
        );
        assert_eq!(parse_row("test foo ... ok"), None);
    }
}
