//! The signed score sheet, end to end: rendered PDFs checked with poppler and qpdf,
//! page 1 written as PNG for a person to look at, verification, tampering, bad input.

// Test code: a failed unwrap or expect is the test's failure report.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::PathBuf;
use std::process::Command;

use carom_i18n::{format_thousandths, has, t, Lang};
use carom_sheet::fixtures::{self, Fixture, Rng};
use carom_sheet::{
    attachments, render_envelope_unchecked, render_pdf, verify_pdf, DeviceKey, Envelope, PagePart,
    PlayerSlot, RenderOptions, Seal, SheetDocument, SheetError, SignerRole, TotalsField,
};

/// The name of an error's variant: what the tampering tallies count refusals by.
fn kind(e: &SheetError) -> String {
    let debug = format!("{e:?}");
    debug
        .split([' ', '{', '('])
        .next()
        .unwrap_or_default()
        .to_owned()
}

fn out_dir() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../test-output/sheet");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn render(f: &Fixture, lang: Lang) -> Vec<u8> {
    render_doc(&f.doc, &f.match_file, lang)
}

fn render_doc(doc: &SheetDocument, match_file: &str, lang: Lang) -> Vec<u8> {
    render_pdf(
        doc,
        match_file,
        lang,
        &fixtures::device_key(),
        &RenderOptions::default(),
    )
    .unwrap()
}

fn run(cmd: &str, args: &[&str]) -> String {
    let out = Command::new(cmd)
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("{cmd} (poppler-utils / qpdf) is needed: {e}"));
    assert!(
        out.status.success(),
        "{cmd} {args:?} failed: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Renders `doc` in every language and checks it with the poppler tools; returns the page
/// counts per language.
fn check_fixture(stem: &str, f: &Fixture, pages: std::ops::RangeInclusive<u32>) {
    let dir = out_dir();
    let doc = &f.doc;
    for lang in [Lang::En, Lang::Fr, Lang::Es] {
        let pdf = render(f, lang);
        let path = dir.join(format!("{stem}-{}.pdf", lang.code()));
        std::fs::write(&path, &pdf).unwrap();
        let p = path.to_str().unwrap();

        let info = run("pdfinfo", &[p]);
        let n: u32 = info
            .lines()
            .find_map(|l| l.strip_prefix("Pages:"))
            .unwrap()
            .trim()
            .parse()
            .unwrap();
        assert!(pages.contains(&n), "{stem} {lang:?}: {n} pages");
        assert!(info.contains("PDF version:"), "{info}");

        let text = run("pdftotext", &["-layout", p, "-"]);
        let squeezed: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
        for label in [
            "sheet-title",
            "sheet-general-average",
            "sheet-high-run",
            "sheet-best-game-average",
            "sheet-referee",
            "sheet-marker",
            "sheet-innings-limit",
            "sheet-signatures",
        ] {
            let want = t(lang, label);
            assert!(
                squeezed.to_lowercase().contains(&want.to_lowercase()),
                "{stem} {lang:?}: label {label} ({want}) missing"
            );
        }
        let discipline = t(
            lang,
            &format!("sheet-discipline-{}", doc.header.discipline.id()),
        );
        assert!(
            squeezed.contains(&discipline),
            "{stem} {lang:?}: {discipline}"
        );
        for p in 0..2 {
            let name = &doc.players[p].name;
            assert!(squeezed.contains(name.as_str()), "{stem} {lang:?}: {name}");
            let tot = &doc.totals[p];
            let avg = format_thousandths(lang, tot.general_average.into());
            let best = format_thousandths(lang, tot.best_game_average.into());
            let row = format!(
                "{name} {} {} {avg} {} {best}",
                tot.points, tot.innings, tot.high_run
            );
            assert!(
                squeezed.contains(&row),
                "{stem} {lang:?}: totals row {row:?} not in\n{squeezed}"
            );
            // Averages have 3 decimals with the language's separator.
            let sep = lang.decimal_separator();
            assert_eq!(avg.split(sep).nth(1).map(str::len), Some(3), "{avg}");
        }
        assert!(squeezed.contains(&doc.header.referee));
        // Every inning row of every set is printed with each player's running total.
        let last = doc.sets.last().unwrap().rows.last().unwrap();
        assert!(squeezed.contains(&last.totals[0].to_string()));

        let check = run("qpdf", &["--check", p]);
        assert!(
            check.contains("No syntax or stream encoding errors"),
            "{check}"
        );
        let list = run("pdfdetach", &["-list", p]);
        assert!(
            list.contains("match.json") && list.contains("seal.json"),
            "{list}"
        );

        let png = dir.join(format!("{stem}-{}", lang.code()));
        run(
            "pdftoppm",
            &[
                "-png",
                "-r",
                "80",
                "-f",
                "1",
                "-l",
                "1",
                "-singlefile",
                p,
                png.to_str().unwrap(),
            ],
        );
        let verified = verify_pdf(&pdf).unwrap_or_else(|e| panic!("{stem} {lang:?}: {e}"));
        assert_eq!(verified.lang, lang);
    }
}

#[test]
fn a_three_cushion_match_with_an_equalizing_inning_prints_in_three_languages() {
    let f = fixtures::three_cushion_equalizing(1);
    assert!(f.doc.sets[0].rows.last().unwrap().equalizing);
    assert_eq!(f.doc.result, carom_sheet::SealedResult::Draw);
    assert_eq!(f.doc.corrections.len(), 1);
    check_fixture("three-cushion-equalizing", &f, 1..=2);
}

/// The page text of `pdf` (`pdftotext -layout`), with runs of blanks squeezed.
fn page_text(stem: &str, pdf: &[u8]) -> String {
    let path = out_dir().join(format!("{stem}.pdf"));
    std::fs::write(&path, pdf).unwrap();
    let text = run("pdftotext", &["-layout", path.to_str().unwrap(), "-"]);
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn the_grid_marks_each_inning_ended_by_a_foul_and_the_header_gives_the_table_size() {
    let f = fixtures::three_cushion_equalizing(1);
    let fouled: Vec<(u32, usize)> = f.doc.sets[0]
        .rows
        .iter()
        .flat_map(|r| (0..2).filter(|&p| r.fouls[p]).map(move |p| (r.inning, p)))
        .collect();
    assert_eq!(fouled.len(), 1, "the fixture's one push shot: {fouled:?}");
    let (inning, p) = fouled[0];
    let row = &f.doc.sets[0].rows[inning as usize - 1];
    let points = row.runs[p].unwrap();
    for (lang, size, note) in [
        (Lang::En, "Match 2.84 × 1.42 m", "inning ended with a foul"),
        (
            Lang::Fr,
            "Match 2,84 × 1,42 m",
            "reprise terminée sur une faute",
        ),
        (
            Lang::Es,
            "Competición 2,84 × 1,42 m",
            "entrada terminada con una falta",
        ),
    ] {
        let stem = format!("foul-and-table-{}", lang.code());
        let text = page_text(&stem, &render(&f, lang));
        // In reading order (a narrow cell may wrap the size onto two lines).
        let path = out_dir().join(format!("{stem}.pdf"));
        let raw = run("pdftotext", &[path.to_str().unwrap(), "-"]);
        let raw = raw.split_whitespace().collect::<Vec<_>>().join(" ");
        let table = format!("2 · {size}");
        assert!(raw.contains(&table), "{lang:?}: {table:?} not in\n{raw}");
        assert!(text.contains(&format!("F {note}")), "{lang:?}: the legend");
        // The fouled run carries the mark right after it: "<inning> … <run>F <total>".
        let total = row.totals[p];
        assert!(
            text.contains(&format!("{points}F {total}")),
            "{lang:?}: inning {inning} of player {} not marked in\n{text}",
            p + 1
        );
        assert_eq!(
            text.matches(&format!("{points}F ")).count(),
            1,
            "{lang:?}: one mark"
        );
    }
    // A sheet without fouls has no legend.
    let clean = fixtures::three_cushion_sets(3);
    assert!(clean
        .doc
        .sets
        .iter()
        .all(|s| s.rows.iter().all(|r| r.fouls == [false; 2])));
    let text = page_text("no-foul-en", &render(&clean, Lang::En));
    assert!(!text.contains("inning ended with a foul"), "{text}");
    // The page, to look at.
    let png = out_dir().join("foul-and-table-fr");
    let pdf = out_dir().join("foul-and-table-fr.pdf");
    run(
        "pdftoppm",
        &[
            "-png",
            "-r",
            "110",
            "-f",
            "1",
            "-l",
            "1",
            "-singlefile",
            pdf.to_str().unwrap(),
            png.to_str().unwrap(),
        ],
    );
}

#[test]
fn a_sheet_sealed_before_fouls_and_table_sizes_were_printed_still_reads_and_renders() {
    // An envelope's sheet as older versions wrote it: no `fouls`, no `table-size`.
    let f = fixtures::three_cushion_equalizing(1);
    let mut old = serde_json::to_value(&f.doc).unwrap();
    old["header"].as_object_mut().unwrap().remove("table-size");
    for set in old["sets"].as_array_mut().unwrap() {
        for row in set["rows"].as_array_mut().unwrap() {
            row.as_object_mut().unwrap().remove("fouls");
        }
    }
    let doc: SheetDocument = serde_json::from_value(old).unwrap();
    assert_eq!(doc.header.table_size, None);
    let text = page_text(
        "old-envelope-en",
        &render_doc(&doc, &f.match_file, Lang::En),
    );
    assert!(text.contains("Table 2 "), "the name alone, as printed then");
    assert!(!text.contains("inning ended with a foul"), "{text}");
    // And it still verifies: the replay's fouls are not asked of a sheet that marks none.
    let pdf = render_doc(&doc, &f.match_file, Lang::En);
    verify_pdf(&pdf).unwrap();
}

#[test]
fn a_libre_match_of_120_innings_flows_onto_further_pages() {
    let f = fixtures::libre_120_innings(2);
    assert_eq!(f.doc.sets[0].rows.len(), 120);
    check_fixture("libre-120-innings", &f, 2..=2);
}

#[test]
fn a_set_match_prints_each_set_and_the_sets_won() {
    let f = fixtures::three_cushion_sets(3);
    assert!(f.doc.totals.iter().any(|t| t.sets_won == Some(3)));
    assert!(f.doc.sets.len() >= 3);
    check_fixture("three-cushion-sets", &f, 1..=3);
}

#[test]
fn the_same_sheet_renders_to_the_same_bytes() {
    let f = fixtures::three_cushion_equalizing(4);
    assert_eq!(render(&f, Lang::Fr), render(&f, Lang::Fr));
    let other = fixtures::three_cushion_equalizing(5);
    assert_ne!(render(&f, Lang::Fr), render(&other, Lang::Fr));
}

#[test]
fn a_rendered_sheet_verifies_and_reports_its_key_and_summary() {
    let f = fixtures::three_cushion_sets(6);
    let doc = &f.doc;
    let pdf = render(&f, Lang::Es);
    let v = verify_pdf(&pdf).unwrap();
    assert_eq!(v.fingerprint, fixtures::device_key().fingerprint());
    assert_eq!(v.public_key, fixtures::device_key().public());
    assert_eq!(&v.envelope.sheet, doc);
    assert_eq!(v.envelope.match_file, f.match_file);
    assert!(v.summary().contains("Marco Zanetti"));
    let files = attachments(&pdf).unwrap();
    let env = &files.iter().find(|(n, _)| n == "match.json").unwrap().1;
    assert_eq!(hex(&carom_sheet::sha256(env)), v.digest);
}

#[test]
fn a_verdict_crosses_as_json_and_comes_back_the_same() {
    // The web app's sheet module hands its verdict to the worker this way.
    let f = fixtures::three_cushion_sets(6);
    let pdf = render(&f, Lang::Fr);
    let ok = verify_pdf(&pdf);
    let json = serde_json::to_string(&ok).unwrap();
    let back: Result<carom_sheet::Verified, SheetError> = serde_json::from_str(&json).unwrap();
    assert_eq!(back, ok);
    assert!(back.is_ok());
    let refused: Result<carom_sheet::Verified, SheetError> = Err(SheetError::TotalsDiffer {
        player: PlayerSlot::Two,
        name: "Zanetti".into(),
        field: TotalsField::HighRun,
        printed: "9".into(),
        replayed: "8".into(),
    });
    let json = serde_json::to_string(&refused).unwrap();
    assert_eq!(
        serde_json::from_str::<Result<carom_sheet::Verified, SheetError>>(&json).unwrap(),
        refused
    );
    let bad_key = serde_json::to_string(&ok)
        .unwrap()
        .replace(&fixtures::device_key().public().to_hex(), "zz");
    assert!(
        serde_json::from_str::<Result<carom_sheet::Verified, SheetError>>(&bad_key).is_err(),
        "a key that is not hex is refused"
    );
}

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

// ---------- tampering ----------

/// Replaces the bytes of the embedded file `name` (uncompressed) and saves the PDF again.
fn replace_attachment(doc: &lopdf::Document, name: &str, bytes: &[u8]) -> Vec<u8> {
    let mut doc = doc.clone();
    let names = doc
        .catalog()
        .unwrap()
        .get_deref(b"Names", &doc)
        .unwrap()
        .as_dict()
        .unwrap()
        .get_deref(b"EmbeddedFiles", &doc)
        .unwrap()
        .as_dict()
        .unwrap()
        .get_deref(b"Names", &doc)
        .unwrap()
        .as_array()
        .unwrap()
        .clone();
    let mut target = None;
    for pair in names.chunks(2) {
        let n = doc
            .dereference(&pair[0])
            .unwrap()
            .1
            .as_str()
            .unwrap()
            .to_vec();
        let n = if n.starts_with(&[0xFE, 0xFF]) {
            String::from_utf16_lossy(
                &n[2..]
                    .chunks(2)
                    .map(|c| u16::from_be_bytes([c[0], c[1]]))
                    .collect::<Vec<_>>(),
            )
        } else {
            String::from_utf8_lossy(&n).into_owned()
        };
        if n == name {
            let spec = doc.dereference(&pair[1]).unwrap().1.as_dict().unwrap();
            let ef = spec.get_deref(b"EF", &doc).unwrap().as_dict().unwrap();
            target = Some(ef.get(b"F").unwrap().as_reference().unwrap());
        }
    }
    let id = target.expect("attachment present");
    let stream = doc.get_object_mut(id).unwrap().as_stream_mut().unwrap();
    stream.dict.remove(b"Filter");
    stream.dict.remove(b"DecodeParms");
    stream.set_content(bytes.to_vec());
    let mut out = Vec::new();
    doc.save_to(&mut out).unwrap();
    out
}

fn envelope_and_seal(pdf: &[u8]) -> (Vec<u8>, Seal) {
    let files = attachments(pdf).unwrap();
    let get = |n: &str| files.iter().find(|(f, _)| f == n).unwrap().1.clone();
    (
        get("match.json"),
        serde_json::from_slice(&get("seal.json")).unwrap(),
    )
}

/// Changes one thing in the envelope, chosen by `rng`; returns what it did.
fn mutate(env: &mut Envelope, rng: &mut Rng) -> String {
    let s = &mut env.sheet;
    match rng.below(12) {
        0 => {
            let set = rng.below(s.sets.len() as u64) as usize;
            let row = rng.below(s.sets[set].rows.len() as u64) as usize;
            let p = rng.below(2) as usize;
            let r = &mut s.sets[set].rows[row].runs[p];
            *r = Some(r.unwrap_or(0) + 1 + rng.below(3) as u32);
            format!("run set {set} row {row} player {p}")
        }
        1 => {
            let set = rng.below(s.sets.len() as u64) as usize;
            let row = rng.below(s.sets[set].rows.len() as u64) as usize;
            s.sets[set].rows[row].totals[rng.below(2) as usize] += 1;
            "running total".into()
        }
        2 => {
            let p = rng.below(2) as usize;
            s.players[p].name.push('x');
            "name".into()
        }
        3 => {
            let sig = rng.below(s.signatures.len() as u64) as usize;
            let stroke = rng.below(s.signatures[sig].strokes.len() as u64) as usize;
            let pts = &mut s.signatures[sig].strokes[stroke];
            let i = rng.below(pts.len() as u64) as usize;
            pts[i][rng.below(2) as usize] ^= 1 + rng.below(7) as u16;
            "signature stroke".into()
        }
        4 => {
            let sig = rng.below(s.signatures.len() as u64) as usize;
            s.signatures[sig].signed_at.time.minute =
                (s.signatures[sig].signed_at.time.minute + 1) % 60;
            "signature time".into()
        }
        5 => {
            let p = rng.below(2) as usize;
            s.totals[p].points += 1 + rng.below(5) as u32;
            "total points".into()
        }
        6 => {
            let p = rng.below(2) as usize;
            s.totals[p].general_average += 1;
            "average".into()
        }
        7 => {
            env.match_file
                .insert(rng.below(env.match_file.len() as u64) as usize, ' ');
            "match file".into()
        }
        8 => {
            s.reclamations.push(carom_sheet::Reclamation {
                by: PlayerSlot::Two,
                text: "ajout".into(),
            });
            "reclamation".into()
        }
        9 => {
            s.result = carom_sheet::SealedResult::Win {
                winner: if rng.below(2) == 0 {
                    PlayerSlot::One
                } else {
                    PlayerSlot::Two
                },
            };
            "result".into()
        }
        10 => {
            let mut k = env.public_key.clone().into_bytes();
            let i = rng.below(k.len() as u64) as usize;
            k[i] = if k[i] == b'0' { b'1' } else { b'0' };
            env.public_key = String::from_utf8(k).unwrap();
            "public key".into()
        }
        _ => {
            s.signatures
                .remove(rng.below(s.signatures.len() as u64) as usize);
            "signature removed".into()
        }
    }
}

#[test]
fn tampering_with_the_embedded_match_file_is_caught_in_1000_seeded_ways() {
    let f = fixtures::three_cushion_equalizing(7);
    let pdf = render(&f, Lang::Fr);
    let parsed = lopdf::Document::load_mem(&pdf).unwrap();
    let (env_bytes, seal) = envelope_and_seal(&pdf);
    let envelope = Envelope::from_bytes(&env_bytes).unwrap();
    let attacker = DeviceKey::from_seed(&[9; 32]);
    let mut rng = Rng::new(2026);
    let mut caught = std::collections::BTreeMap::<String, u32>::new();
    for i in 0..1000 {
        let mut env = envelope.clone();
        let what;
        let (new_env, new_seal): (Vec<u8>, Option<Seal>) = match rng.below(5) {
            // A field changed, nothing else.
            0 | 1 => {
                what = mutate(&mut env, &mut rng);
                (env.to_bytes(), None)
            }
            // A field changed and the seal's digest recomputed (the key is not at hand).
            2 => {
                what = mutate(&mut env, &mut rng);
                let b = env.to_bytes();
                let mut s = seal.clone();
                s.digest = hex(&carom_sheet::sha256(&b));
                (b, Some(s))
            }
            // A field changed and re-signed with another key (seal made consistent).
            3 => {
                what = mutate(&mut env, &mut rng);
                env.public_key = attacker.public().to_hex();
                let b = env.to_bytes();
                let s = Seal::new(&b, &attacker);
                (b, Some(s))
            }
            // Raw bytes: one byte of match.json or of the seal's signature or digest.
            _ => {
                let mut b = env_bytes.clone();
                let mut s = seal.clone();
                match rng.below(3) {
                    0 => {
                        let at = rng.below(b.len() as u64) as usize;
                        b[at] ^= 1 << rng.below(8);
                        what = format!("byte {at} of match.json");
                    }
                    1 => {
                        let mut sig = s.signature.into_bytes();
                        let at = rng.below(sig.len() as u64) as usize;
                        sig[at] = if sig[at] == b'a' { b'b' } else { b'a' };
                        s.signature = String::from_utf8(sig).unwrap();
                        what = format!("signature digit {at}");
                    }
                    _ => {
                        let mut d = s.digest.into_bytes();
                        let at = rng.below(d.len() as u64) as usize;
                        d[at] = if d[at] == b'f' { b'e' } else { b'f' };
                        s.digest = String::from_utf8(d).unwrap();
                        what = format!("digest digit {at}");
                    }
                }
                (b, Some(s))
            }
        };
        let mut forged = replace_attachment(&parsed, "match.json", &new_env);
        if let Some(s) = new_seal {
            let reparsed = lopdf::Document::load_mem(&forged).unwrap();
            forged = replace_attachment(&reparsed, "seal.json", &s.to_bytes());
        }
        match verify_pdf(&forged) {
            Ok(_) => panic!("tamper #{i} not caught: {what}"),
            Err(e) => *caught.entry(kind(&e)).or_default() += 1,
        }
    }
    assert_eq!(caught.values().sum::<u32>(), 1000);
    for kind in [
        "DigestMismatch",
        "BadSignature",
        // Re-signed with another key: the pages print the genuine digest and key, not
        // what the forged envelope renders to.
        "PageDiffers",
    ] {
        assert!(caught.get(kind).copied().unwrap_or(0) > 50, "{caught:?}");
    }
}

#[test]
fn an_untouched_pdf_saved_again_still_verifies() {
    // The control for the tampering test: rewriting the PDF with the same attachment
    // changes nothing that verification looks at.
    let f = fixtures::three_cushion_equalizing(7);
    let pdf = render(&f, Lang::En);
    let parsed = lopdf::Document::load_mem(&pdf).unwrap();
    let (env_bytes, _) = envelope_and_seal(&pdf);
    let resaved = replace_attachment(&parsed, "match.json", &env_bytes);
    verify_pdf(&resaved).unwrap();
}

#[test]
fn a_sheet_resigned_by_another_key_keeps_the_original_page_and_is_caught() {
    // The forger re-renders the whole PDF with his own key: everything is consistent,
    // so verification passes, but the fingerprint is not the device's.
    let f = fixtures::three_cushion_equalizing(8);
    let pdf = render(&f, Lang::En);
    let (env_bytes, _) = envelope_and_seal(&pdf);
    let mut env = Envelope::from_bytes(&env_bytes).unwrap();
    env.sheet.players[0].name = "Someone Else".into();
    let attacker = DeviceKey::from_seed(&[9; 32]);
    env.public_key = attacker.public().to_hex();
    let forged = render_envelope_unchecked(&env, &attacker, Lang::En).unwrap();
    let v = verify_pdf(&forged).unwrap();
    assert_ne!(v.fingerprint, fixtures::device_key().fingerprint());
}

#[test]
fn a_page_whose_content_was_removed_is_refused_naming_the_page() {
    let f = fixtures::three_cushion_equalizing(9);
    let pdf = render(&f, Lang::En);
    let mut parsed = lopdf::Document::load_mem(&pdf).unwrap();
    for (_, page) in parsed.get_pages() {
        let content = lopdf::Stream::new(lopdf::Dictionary::new(), b"".to_vec());
        let id = parsed.add_object(content);
        parsed
            .get_object_mut(page)
            .unwrap()
            .as_dict_mut()
            .unwrap()
            .set("Contents", id);
    }
    let mut out = Vec::new();
    parsed.save_to(&mut out).unwrap();
    let err = verify_pdf(&out).unwrap_err();
    assert_eq!(
        err,
        SheetError::PageDiffers {
            page: 1,
            part: PagePart::Content
        }
    );
}

#[test]
fn totals_that_do_not_add_up_are_refused_naming_the_player_and_the_figure() {
    let f = fixtures::three_cushion_equalizing(10);
    let mut doc = f.doc.clone();
    doc.totals[1].high_run += 1;
    let pdf = render_doc(&doc, &f.match_file, Lang::Fr);
    match verify_pdf(&pdf).unwrap_err() {
        SheetError::TotalsDiffer {
            player,
            field,
            name,
            ..
        } => {
            assert_eq!(player, PlayerSlot::Two);
            assert_eq!(field, TotalsField::HighRun);
            assert_eq!(name, "Dani Sánchez");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_match_file_that_does_not_replay_is_refused_naming_the_event() {
    let f = fixtures::three_cushion_equalizing(16);
    let mut file: serde_json::Value = serde_json::from_str(&f.match_file).unwrap();
    // An edit of an inning that was never played.
    file["events"].as_array_mut().unwrap().insert(
        3,
        serde_json::json!({"type": "edit-inning", "player": 1, "inning": 99, "run": 1}),
    );
    let pdf = render_doc(&f.doc, &file.to_string(), Lang::En);
    match verify_pdf(&pdf).unwrap_err() {
        SheetError::ReplayFailed { event, .. } => assert_eq!(event, Some(4)),
        other => panic!("{other:?}"),
    }
}

#[test]
fn an_innings_grid_that_differs_from_the_replay_is_refused_naming_the_inning() {
    let f = fixtures::three_cushion_equalizing(17);
    let mut doc = f.doc.clone();
    let row = &mut doc.sets[0].rows[3];
    row.runs[0] = Some(row.runs[0].unwrap() + 1);
    let pdf = render_doc(&doc, &f.match_file, Lang::Es);
    assert_eq!(
        verify_pdf(&pdf).unwrap_err(),
        SheetError::GridDiffers {
            set: 1,
            inning: Some(4)
        }
    );
}

#[test]
fn a_sheet_printed_in_another_language_than_sealed_is_refused() {
    // Printed in English (1.234) but the envelope says French (1,234): the pages are not
    // what the envelope renders to.
    let f = fixtures::libre_innings(30, 11);
    let key = fixtures::device_key();
    let env = Envelope {
        format: carom_sheet::ENVELOPE_FORMAT.into(),
        public_key: key.public().to_hex(),
        lang: "fr".into(),
        match_file: f.match_file,
        sheet: f.doc,
        options: RenderOptions::default(),
    };
    let pdf = render_envelope_unchecked(&env, &key, Lang::En).unwrap();
    let err = verify_pdf(&pdf).unwrap_err();
    assert!(matches!(err, SheetError::PageDiffers { .. }), "{err}");
}

#[test]
fn a_pdf_without_the_attachment_or_not_a_pdf_at_all_is_refused() {
    let err = verify_pdf(b"hello").unwrap_err();
    assert!(matches!(err, SheetError::NotAPdf { .. }), "{err:?}");
    let f = fixtures::three_cushion_equalizing(12);
    let pdf = render(&f, Lang::En);
    let mut parsed = lopdf::Document::load_mem(&pdf).unwrap();
    parsed.catalog_mut().unwrap().remove(b"Names");
    let mut out = Vec::new();
    parsed.save_to(&mut out).unwrap();
    let err = verify_pdf(&out).unwrap_err();
    assert_eq!(
        err,
        SheetError::AttachmentMissing {
            name: "match.json".into()
        }
    );
}

// ---------- bad input ----------

#[test]
fn a_sheet_without_three_signatures_is_refused_naming_who_has_not_signed() {
    let key = fixtures::device_key();
    for role in SignerRole::ALL {
        let mut doc = fixtures::three_cushion_equalizing(13).doc;
        doc.signatures.retain(|s| s.role != role);
        let err = render_pdf(&doc, "{}", Lang::Fr, &key, &RenderOptions::default()).unwrap_err();
        assert_eq!(err, SheetError::MissingSignature { role });
    }
}

#[test]
fn a_signature_with_no_strokes_is_refused() {
    let key = fixtures::device_key();
    let mut doc = fixtures::three_cushion_equalizing(14).doc;
    doc.signatures[1].strokes.clear();
    let err = render_pdf(&doc, "{}", Lang::Es, &key, &RenderOptions::default()).unwrap_err();
    assert_eq!(
        err,
        SheetError::EmptySignature {
            role: SignerRole::Player1
        }
    );
    let mut doc = fixtures::three_cushion_equalizing(14).doc;
    doc.signatures[2].strokes.push(vec![]);
    let err = render_pdf(&doc, "{}", Lang::Es, &key, &RenderOptions::default()).unwrap_err();
    assert_eq!(
        err,
        SheetError::EmptySignature {
            role: SignerRole::Player2
        }
    );
}

#[test]
fn an_unfinished_match_has_no_sheet_to_file() {
    let file = carom_core::MatchFile::parse(
        r#"{"format": "carambole-match/1", "discipline": "libre", "table": "match",
            "players": [{"name": "Ana", "target": 50}, {"name": "Blanca", "target": 50}],
            "events": [{"type": "break", "player": 0}, {"type": "inning", "run": 7}]}"#,
    )
    .unwrap();
    let m = file.replay().unwrap();
    let extras = carom_sheet::SheetExtras {
        signatures: fixtures::three_cushion_equalizing(1).doc.signatures,
        reclamations: vec![],
        warnings: vec![],
        utc_offset_minutes: 0,
        date: carom_sheet::SheetDate {
            year: 2026,
            month: 1,
            day: 1,
        },
    };
    let err = SheetDocument::from_match(&m, extras).unwrap_err();
    assert_eq!(err, SheetError::MatchNotFinished);
}

#[test]
fn the_sheet_messages_are_the_same_ids_in_the_three_languages() {
    let ids = |lang: Lang| -> std::collections::BTreeSet<String> {
        carom_i18n::message_ids(lang)
            .into_iter()
            .filter(|id| id.starts_with("sheet-"))
            .collect()
    };
    let en = ids(Lang::En);
    assert!(en.len() > 90, "{}", en.len());
    assert_eq!(en, ids(Lang::Fr));
    assert_eq!(en, ids(Lang::Es));
    for lang in Lang::ALL {
        for d in carom_core::Discipline::ALL {
            assert!(has(lang, &format!("sheet-discipline-{}", d.id())));
        }
    }
}

#[test]
fn a_signer_who_signs_twice_is_refused() {
    let mut doc = fixtures::three_cushion_equalizing(15).doc;
    doc.signatures.push(doc.signatures[0].clone());
    let err = render_pdf(
        &doc,
        "{}",
        Lang::En,
        &fixtures::device_key(),
        &RenderOptions::default(),
    )
    .unwrap_err();
    assert!(
        matches!(err, SheetError::DuplicateSignature { .. }),
        "{err:?}"
    );
}

#[test]
fn the_device_key_fingerprint_is_short_grouped_hex_and_depends_on_the_seed() {
    let a = DeviceKey::from_seed(&[1; 32]).fingerprint();
    let b = DeviceKey::from_seed(&[2; 32]).fingerprint();
    assert_ne!(a, b);
    assert_eq!(a.len(), 19);
    assert_eq!(a.split(' ').count(), 4);
    assert!(!format!("{:?}", DeviceKey::from_seed(&[1; 32])).contains("0101"));
}

/// The printed QR code reads back, with a real decoder (zbar) from the rendered page, as
/// the seal's digest and signature.
#[test]
fn the_printed_qr_code_scans_as_the_digest_and_the_signature() {
    let f = fixtures::three_cushion_equalizing(7);
    let pdf = render(&f, Lang::Es);
    let dir = out_dir().join("qr");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join("sheet.pdf");
    std::fs::write(&p, &pdf).unwrap();
    let prefix = dir.join("page");
    run(
        "pdftoppm",
        &[
            "-png",
            "-r",
            "300",
            p.to_str().unwrap(),
            prefix.to_str().unwrap(),
        ],
    );
    let mut pages: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "png"))
        .collect();
    pages.sort();
    let out = Command::new("zbarimg")
        .args(["-q", "--raw"])
        .args(&pages)
        .output()
        .expect("zbarimg (zbar-tools) is needed");
    let read = String::from_utf8_lossy(&out.stdout);
    let seal: Seal = serde_json::from_slice(
        &attachments(&pdf)
            .unwrap()
            .into_iter()
            .find(|(name, _)| name == "seal.json")
            .unwrap()
            .1,
    )
    .unwrap();
    assert_eq!(read.trim(), seal.qr_text());
}

#[test]
fn render_options_other_than_the_defaults_are_sealed_and_verify() {
    let f = fixtures::three_cushion_equalizing(18);
    let options = RenderOptions {
        qr_code: false,
        ..RenderOptions::default()
    };
    let pdf = render_pdf(
        &f.doc,
        &f.match_file,
        Lang::Fr,
        &fixtures::device_key(),
        &options,
    )
    .unwrap();
    let v = verify_pdf(&pdf).unwrap();
    assert_eq!(v.envelope.options, options);
    let (env_bytes, _) = envelope_and_seal(&pdf);
    assert!(String::from_utf8_lossy(&env_bytes).contains("\"qr-code\": false"));
    // A default sheet seals its wording; an envelope without options (as versions
    // before them sealed) reads as wording 1, and writes back without them.
    let (default_bytes, _) = envelope_and_seal(&render(&f, Lang::Fr));
    let text = String::from_utf8_lossy(&default_bytes).into_owned();
    assert!(text.contains(&format!("\"wording\": {}", carom_sheet::CURRENT_WORDING)));
    let env = Envelope::from_bytes(&default_bytes).unwrap();
    assert_eq!(env.options, RenderOptions::default());
    let mut old: serde_json::Value = serde_json::from_slice(&default_bytes).unwrap();
    old.as_object_mut().unwrap().remove("options");
    let old = Envelope::from_bytes(&serde_json::to_vec_pretty(&old).unwrap()).unwrap();
    assert_eq!(old.options, RenderOptions::unsealed());
    assert_eq!(old.options.wording, carom_sheet::FIRST_WORDING);
    assert!(!String::from_utf8_lossy(&old.to_bytes()).contains("options"));
}

#[test]
fn the_current_wording_names_the_undone_carom_and_drops_an_empty_competition() {
    let mut f = fixtures::three_cushion_equalizing(2);
    f.doc.header.competition = String::new();
    let undone = f
        .doc
        .corrections
        .iter()
        .find_map(|c| match &c.kind {
            carom_sheet::CorrectionKind::Undo { player, inning, .. } => Some((*player, *inning)),
            _ => None,
        })
        .unwrap();
    let (Some(who), Some(inning)) = undone else {
        panic!("the fixture's undone carom names its player and inning: {undone:?}")
    };
    let name = &f.doc.players[who.index()].name;
    let en = page_text("wording-2-en", &render(&f, Lang::En));
    assert!(
        en.contains(&format!("carom of {name} in inning {inning} cancelled")),
        "{en}"
    );
    assert!(!en.contains("· — ·"), "{en}");
    assert!(
        en.contains("Score sheet · Frédéric Caudron – Dani Sánchez"),
        "{en}"
    );
    let fr = page_text("wording-2-fr", &render(&f, Lang::Fr));
    assert!(
        fr.contains(&format!("Annulation : carambole, {name}, reprise {inning}")),
        "{fr}"
    );
    // The same sheet sealed with wording 1 prints as sheets printed then.
    let old = render_pdf(
        &f.doc,
        &f.match_file,
        Lang::En,
        &fixtures::device_key(),
        &RenderOptions::unsealed(),
    )
    .unwrap();
    let text = page_text("wording-1-en", &old);
    assert!(text.contains("Score sheet · — ·"), "{text}");
    assert!(text.contains("undone (carom)"), "{text}");
    verify_pdf(&old).unwrap();
}
