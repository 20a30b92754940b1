//! Benchmark: the signed PDF of a 60-inning sheet, new data each run (Typst memoizes),
//! against LibreOffice Calc converting an equivalent 60-row spreadsheet — the tool clubs
//! use today.
//!
//! Prints one line per measurement:
//! `bench:<TAB>name<TAB>measured_ns<TAB>baseline_name<TAB>baseline_ns<TAB>goal`.
//! A baseline that cannot run (LibreOffice missing) is reported as `0`.

// A benchmark, not shipped: a failed unwrap stops it with the reason.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use carom_i18n::{format_thousandths, Lang};
use carom_sheet::fixtures;
use carom_sheet::{render_pdf, RenderOptions, SheetDocument};

const INNINGS: u32 = 60;
const WARM_RUNS: u64 = 40;
const LO_RUNS: usize = 3;

fn render(seed: u64) -> Duration {
    let f = fixtures::libre_innings(INNINGS, seed);
    let key = fixtures::device_key();
    let t = Instant::now();
    let pdf = render_pdf(
        &f.doc,
        &f.match_file,
        Lang::Fr,
        &key,
        &RenderOptions::default(),
    )
    .expect("renders");
    let d = t.elapsed();
    assert!(pdf.starts_with(b"%PDF"));
    d
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn xml(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// A flat OpenDocument spreadsheet with the same content: header, players, 60 rows of
/// runs and running totals, totals.
fn fods(doc: &SheetDocument) -> String {
    let cell = |s: &str| {
        format!(
            "<table:table-cell office:value-type=\"string\"><text:p>{}</text:p></table:table-cell>",
            xml(s)
        )
    };
    let num = |n: u32| {
        format!("<table:table-cell office:value-type=\"float\" office:value=\"{n}\"><text:p>{n}</text:p></table:table-cell>")
    };
    let mut rows = String::new();
    let mut row = |cells: Vec<String>| {
        rows.push_str("<table:table-row>");
        rows.push_str(&cells.concat());
        rows.push_str("</table:table-row>\n");
    };
    let h = &doc.header;
    row(vec![
        cell("Feuille de match"),
        cell(&h.competition),
        cell(&h.venue),
    ]);
    row(vec![
        cell("Arbitre"),
        cell(&h.referee),
        cell("Marqueur"),
        cell(&h.marker),
    ]);
    for p in &doc.players {
        row(vec![cell(&p.name), cell(&p.club), num(p.target)]);
    }
    row(vec![
        cell("Rep."),
        cell("Série"),
        cell("Total"),
        cell("Série"),
        cell("Total"),
    ]);
    for r in &doc.sets[0].rows {
        row(vec![
            num(r.inning),
            num(r.runs[0].unwrap_or(0)),
            num(r.totals[0]),
            num(r.runs[1].unwrap_or(0)),
            num(r.totals[1]),
        ]);
    }
    for (p, t) in doc.players.iter().zip(&doc.totals) {
        row(vec![
            cell(&p.name),
            num(t.points),
            num(t.innings),
            cell(&format_thousandths(Lang::Fr, t.general_average.into())),
            num(t.high_run),
        ]);
    }
    format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.2" office:mimetype="application/vnd.oasis.opendocument.spreadsheet">
<office:body><office:spreadsheet><table:table table:name="Feuille">
{rows}</table:table></office:spreadsheet></office:body></office:document>
"#
    )
}

/// Median wall time of `libreoffice --headless --convert-to pdf` on a fresh sheet each
/// run; `None` when LibreOffice is not installed.
fn libreoffice(dir: &Path) -> Option<Duration> {
    let exe = ["libreoffice", "soffice"].into_iter().find(|e| {
        Command::new(e)
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success())
    })?;
    let profile = dir.join("lo-profile");
    let mut times = Vec::new();
    for i in 0..LO_RUNS {
        let doc = fixtures::libre_innings(INNINGS, 10_000 + i as u64).doc;
        let src = dir.join(format!("sheet-{i}.fods"));
        std::fs::write(&src, fods(&doc)).ok()?;
        let t = Instant::now();
        let out = Command::new(exe)
            .arg(format!(
                "-env:UserInstallation=file://{}",
                profile.display()
            ))
            .args(["--headless", "--convert-to", "pdf", "--outdir"])
            .arg(dir)
            .arg(&src)
            .output()
            .ok()?;
        let d = t.elapsed();
        if !out.status.success() || !dir.join(format!("sheet-{i}.pdf")).exists() {
            eprintln!(
                "libreoffice failed: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            return None;
        }
        // The first run also creates the profile: keep the later ones when there are.
        times.push(d);
    }
    if times.len() > 1 {
        times.remove(0);
    }
    Some(median(times))
}

fn main() {
    // First render in this process: fonts, template and the rest of Typst's start-up.
    let first = render(1);
    let warm: Vec<Duration> = (0..WARM_RUNS).map(|i| render(100 + i)).collect();
    let warm = median(warm);

    let dir = std::env::temp_dir().join(format!("carom-sheet-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let lo = libreoffice(&dir);
    let _ = std::fs::remove_dir_all(&dir);
    let lo_ns = lo.map_or(0, |d| d.as_nanos());

    let ratio = lo.map_or_else(
        || "LibreOffice not installed".to_owned(),
        |d| format!("{:.0}x", d.as_secs_f64() / warm.as_secs_f64()),
    );
    println!(
        "bench:\tsheet-pdf-60-innings-warm\t{}\tlibreoffice-calc-convert-60-rows\t{lo_ns}\twarm <= 25 ms and >= 40x faster than LibreOffice (now {ratio})",
        warm.as_nanos()
    );
    println!(
        "bench:\tsheet-pdf-60-innings-first\t{}\tlibreoffice-calc-convert-60-rows\t{lo_ns}\tfirst render in the process <= 300 ms",
        first.as_nanos()
    );
}
