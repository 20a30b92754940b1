//! The signed score sheet through the real binary: `export-pdf` and `verify` (issue 5).

// Test code: a failed unwrap or expect is the test's failure report.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use carom_sheet::{DeviceKey, Envelope};
use carom_store::{SignerRole, Store};

fn carambole() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_carambole"));
    // The CLI speaks the system language; pin English for exact assertions.
    c.env("LC_ALL", "en_US.UTF-8").env("LANG", "en_US.UTF-8");
    c
}

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/fixtures")
        .join(name)
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn strokes(seed: u16) -> serde_json::Value {
    serde_json::json!({"width": 600, "height": 200,
        "strokes": [[[20, 150], [80 + seed, 40], [140, 160], [220, 60 + seed]], [[30, 180], [400, 176]]]})
}

/// A database with the handicap libre fixture (Dupont – Martin, finished), a
/// reclamation, and the signatures in `roles`. Returns the match id.
fn match_signed_by(db: &Path, file: &str, roles: &[SignerRole]) -> i64 {
    let mut store = Store::open(db).unwrap();
    let id = store
        .import_path(&fixture(file), chrono::Utc::now())
        .unwrap()
        .id;
    if store.open_match(id).unwrap().view.result.is_some() {
        store
            .set_reclamation(id, 1, "La bille rouge a été touchée.", chrono::Utc::now())
            .unwrap();
    }
    for (i, role) in roles.iter().enumerate() {
        let name = match role {
            SignerRole::Referee => "Mme Arbitre",
            SignerRole::Player1 => "Dupont",
            SignerRole::Player2 => "Martin",
        };
        store
            .sign(id, *role, name, &strokes(i as u16 * 10), chrono::Utc::now())
            .unwrap();
    }
    id
}

const ALL: [SignerRole; 3] = [
    SignerRole::Referee,
    SignerRole::Player1,
    SignerRole::Player2,
];

fn export(db: &Path, id: i64, lang: &str, out: &Path) -> Output {
    carambole()
        .args([
            "export-pdf",
            "--match",
            &id.to_string(),
            "--lang",
            lang,
            "-o",
        ])
        .arg(out)
        .arg("--db")
        .arg(db)
        .output()
        .unwrap()
}

fn verify(pdf: &Path) -> Output {
    carambole().arg("verify").arg(pdf).output().unwrap()
}

fn pdftotext(pdf: &Path) -> String {
    let out = Command::new("pdftotext")
        .args(["-layout"])
        .arg(pdf)
        .arg("-")
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    text(&out.stdout)
}

#[test]
fn a_signed_match_exports_in_three_languages_and_each_pdf_verifies() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("carambole.sqlite");
    let id = match_signed_by(&db, "fmt-1-handicap-libre.json", &ALL);
    let mut fingerprints = Vec::new();
    for (lang, labels) in [
        ("fr", ["Feuille de match", "Moyenne générale", "Arbitre"]),
        ("es", ["Hoja de anotación", "Promedio general", "Árbitro"]),
        ("en", ["Score sheet", "General average", "Referee"]),
    ] {
        let pdf = dir.path().join(format!("sheet-{lang}.pdf"));
        let out = export(&db, id, lang, &pdf);
        assert_eq!(out.status.code(), Some(0), "{lang}: {}", text(&out.stderr));
        let said = text(&out.stdout);
        assert!(said.contains("written to"), "{said}");
        fingerprints.push(said.split("device key ").nth(1).unwrap().to_owned());

        let page = pdftotext(&pdf);
        for needle in [
            "Dupont",
            "Martin",
            "Mme Arbitre",
            "La bille rouge a été touchée.",
        ]
        .into_iter()
        .chain(labels)
        {
            assert!(page.contains(needle), "{lang}: {needle:?} not in\n{page}");
        }
        let qpdf = Command::new("qpdf")
            .arg("--check")
            .arg(&pdf)
            .output()
            .unwrap();
        assert_eq!(
            qpdf.status.code(),
            Some(0),
            "{lang}: {}",
            text(&qpdf.stdout)
        );

        let out = verify(&pdf);
        assert_eq!(out.status.code(), Some(0), "{lang}: {}", text(&out.stderr));
        let said = text(&out.stdout);
        assert!(said.starts_with("valid: Dupont"), "{said}");
        assert!(said.contains("Martin"), "{said}");
    }
    // One device key, created beside the database at the first export, kept private.
    assert!(
        fingerprints.windows(2).all(|w| w[0] == w[1]),
        "{fingerprints:?}"
    );
    let key = dir.path().join("device-key");
    assert_eq!(std::fs::read(&key).unwrap().len(), 32);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        assert_eq!(
            std::fs::metadata(&key).unwrap().permissions().mode() & 0o777,
            0o600
        );
    }
}

/// The envelope embedded in `pdf`, and the device key beside `db`.
fn envelope_and_key(pdf: &Path, db: &Path) -> (Envelope, DeviceKey) {
    let bytes = std::fs::read(pdf).unwrap();
    let files = carom_sheet::attachments(&bytes).unwrap();
    let (_, json) = files
        .iter()
        .find(|(n, _)| n == carom_sheet::ENVELOPE_ATTACHMENT)
        .expect("match.json");
    let seed: [u8; 32] = std::fs::read(db.with_file_name("device-key"))
        .unwrap()
        .try_into()
        .unwrap();
    (
        Envelope::from_bytes(json).unwrap(),
        DeviceKey::from_seed(&seed),
    )
}

#[test]
fn a_tampered_sheet_fails_verification_with_exit_1_naming_what_differs() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("carambole.sqlite");
    let id = match_signed_by(&db, "fmt-1-handicap-libre.json", &ALL);
    let pdf = dir.path().join("sheet.pdf");
    assert_eq!(export(&db, id, "en", &pdf).status.code(), Some(0));
    let (envelope, key) = envelope_and_key(&pdf, &db);

    // Re-sealed with the device's own key, but a run changed in the sheet: the replay of
    // the match file disagrees.
    let mut forged = envelope.clone();
    let row = &mut forged.sheet.sets[0].rows[0];
    let p = usize::from(row.runs[0].is_none());
    row.runs[p] = Some(row.runs[p].unwrap() + 1);
    let bytes =
        carom_sheet::render_envelope_unchecked(&forged, &key, carom_i18n::Lang::En).unwrap();
    let forged_pdf = dir.path().join("forged-run.pdf");
    std::fs::write(&forged_pdf, bytes).unwrap();
    let out = verify(&forged_pdf);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stdout));
    let said = text(&out.stderr);
    assert!(
        said.contains("NOT valid") && said.contains("inning"),
        "{said}"
    );

    // A byte flipped inside the embedded match.json of the genuine PDF. qpdf rewrites
    // it with uncompressed streams first (that copy still verifies), so the attachment's
    // bytes can be changed in place.
    let plain = dir.path().join("plain.pdf");
    let qpdf = Command::new("qpdf")
        .args(["--qdf", "--object-streams=disable"])
        .arg(&pdf)
        .arg(&plain)
        .output()
        .unwrap();
    assert_eq!(qpdf.status.code(), Some(0), "{}", text(&qpdf.stderr));
    let out = verify(&plain);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let mut bytes = std::fs::read(&plain).unwrap();
    let json = envelope.to_bytes();
    let at = bytes
        .windows(json.len())
        .position(|w| w == json.as_slice())
        .expect("match.json stored uncompressed");
    // The first digit after the first `run` of the embedded file.
    let run = json.windows(3).position(|w| w == b"run").expect("a run");
    let digit = run + json[run..].iter().position(u8::is_ascii_digit).unwrap();
    bytes[at + digit] = if bytes[at + digit] == b'9' {
        b'8'
    } else {
        bytes[at + digit] + 1
    };
    let flipped = dir.path().join("flipped.pdf");
    std::fs::write(&flipped, bytes).unwrap();
    let out = verify(&flipped);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stdout));
    let said = text(&out.stderr);
    assert!(
        said.contains("NOT valid") && said.contains("was changed"),
        "{said}"
    );
}

#[test]
fn exporting_an_unsigned_or_unfinished_match_names_what_is_missing_with_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("carambole.sqlite");
    let id = match_signed_by(&db, "fmt-1-handicap-libre.json", &[SignerRole::Referee]);
    let pdf = dir.path().join("sheet.pdf");
    let out = export(&db, id, "en", &pdf);
    assert_eq!(out.status.code(), Some(2));
    let said = text(&out.stderr);
    assert!(
        said.contains("not signed yet by: Player 1, Player 2"),
        "{said}"
    );
    assert_eq!(said.lines().count(), 1, "{said}");
    assert!(!pdf.exists());

    let out = carambole()
        .env("LC_ALL", "fr_FR.UTF-8")
        .args(["export-pdf", "--match", &id.to_string(), "-o"])
        .arg(&pdf)
        .arg("--db")
        .arg(&db)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("Joueur 1, Joueur 2"),
        "{}",
        text(&out.stderr)
    );

    let unfinished = match_signed_by(&db, "fmt-3-caroms-and-misses-one-cushion.json", &[]);
    let out = export(&db, unfinished, "en", &pdf);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("not finished"),
        "{}",
        text(&out.stderr)
    );

    let out = export(&db, 999, "en", &pdf);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    let out = export(&dir.path().join("none.sqlite"), id, "en", &pdf);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(!dir.path().join("none.sqlite").exists());
    let out = export(&db, id, "de", &pdf);
    assert_eq!(out.status.code(), Some(2));
    assert!(!pdf.exists());
}

#[test]
fn verifying_something_that_is_not_a_sheet_is_bad_input_with_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let not_pdf = dir.path().join("notes.pdf");
    std::fs::write(&not_pdf, "just text").unwrap();
    for file in [not_pdf, dir.path().join("missing.pdf")] {
        let out = verify(&file);
        assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
        assert_eq!(
            text(&out.stderr).lines().count(),
            1,
            "{}",
            text(&out.stderr)
        );
    }
}

#[test]
fn a_failed_export_leaves_no_device_key_behind() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("carambole.sqlite");
    let unfinished = match_signed_by(&db, "fmt-3-caroms-and-misses-one-cushion.json", &[]);
    let unsigned = match_signed_by(&db, "fmt-1-handicap-libre.json", &[SignerRole::Referee]);
    let pdf = dir.path().join("sheet.pdf");
    let key = dir.path().join("device-key");
    for id in [unfinished, unsigned, 999] {
        let out = export(&db, id, "en", &pdf);
        assert_eq!(out.status.code(), Some(2), "{id}: {}", text(&out.stderr));
        assert!(
            !key.exists(),
            "match {id}: a key was created for a failed export"
        );
    }
    assert!(!pdf.exists());
}
