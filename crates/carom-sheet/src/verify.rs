//! Verification of a signed score sheet PDF: attachment → digest → Ed25519 signature →
//! what the page shows → replay of the match file → totals.

use carom_i18n::Lang;
use lopdf::{Document, Object};

use crate::error::TotalsField;
use crate::model::{PlayerSlot, PlayerTotals, SheetDocument, SheetSet};
use crate::render::totals_cells;
use crate::seal::{hex, sha256, unhex, DevicePublicKey, Envelope, Seal, SEAL_FORMAT};
use crate::SheetError;

/// Name of the attachment holding the [`Envelope`].
pub const ENVELOPE_ATTACHMENT: &str = "match.json";
/// Name of the attachment holding the [`Seal`].
pub const SEAL_ATTACHMENT: &str = "seal.json";

/// Replays a match file into each player's totals, as the rules core derives them.
///
/// [`verify_pdf`](crate::verify_pdf) uses [`default_replayer`]; the CLI or tests can plug
/// in another one with [`verify_pdf_with`].
pub trait Replayer {
    /// Replays `match_file` (the embedded `carambole-match/1` text; `sheet` is the embedded
    /// sheet, for replayers that need its grid) into the figures the sheet must show.
    ///
    /// # Errors
    /// [`SheetError::ReplayFailed`] naming the event that could not be applied.
    fn replay(&self, match_file: &str, sheet: &SheetDocument) -> Result<Replayed, SheetError>;
}

/// What a replay derives: the totals, and the innings grid when the replayer knows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replayed {
    /// Each player's totals.
    pub totals: [PlayerTotals; 2],
    /// The innings grid, set by set (`None`: not checked).
    pub sets: Option<Vec<SheetSet>>,
}

/// Recomputes the totals from the embedded innings grid (sums, innings, high run,
/// averages under the sheet's rule). Catches a sheet whose totals do not add up; it does
/// not read the match file.
#[derive(Debug, Clone, Copy, Default)]
pub struct GridReplayer;

impl Replayer for GridReplayer {
    fn replay(&self, _match_file: &str, sheet: &SheetDocument) -> Result<Replayed, SheetError> {
        Ok(Replayed {
            totals: sheet.totals_from_rows(),
            sets: None,
        })
    }
}

/// The replayer [`verify_pdf`](crate::verify_pdf) uses: the rules core
/// ([`crate::CoreReplayer`]).
pub fn default_replayer() -> &'static dyn Replayer {
    &crate::from_core::CoreReplayer
}

/// A sheet that passed every check.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verified {
    /// The embedded envelope (match file and sheet).
    pub envelope: Envelope,
    /// SHA-256 of the embedded `match.json`, hex.
    pub digest: String,
    /// The signing device's public key.
    pub public_key: DevicePublicKey,
    /// Its fingerprint as printed on the sheet. Compare it with the devices you trust:
    /// anyone can sign a sheet with a key of their own.
    pub fingerprint: String,
    /// The language the sheet was printed in.
    pub lang: Lang,
}

impl Verified {
    /// One line: `<player 1> <points> (<innings>) – <player 2> <points> (<innings>)`.
    pub fn summary(&self) -> String {
        let s = &self.envelope.sheet;
        format!(
            "{} {} ({}) – {} {} ({})",
            s.players[0].name,
            s.totals[0].points,
            s.totals[0].innings,
            s.players[1].name,
            s.totals[1].points,
            s.totals[1].innings
        )
    }
}

/// Reads the named embedded files (`/Names /EmbeddedFiles`) of a PDF.
///
/// # Errors
/// [`SheetError::NotAPdf`] when the bytes do not parse.
pub fn attachments(pdf: &[u8]) -> Result<Vec<(String, Vec<u8>)>, SheetError> {
    let doc = Document::load_mem(pdf).map_err(|e| SheetError::NotAPdf {
        detail: e.to_string(),
    })?;
    Ok(read_attachments(&doc))
}

fn read_attachments(doc: &Document) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    let Ok(catalog) = doc.catalog() else {
        return out;
    };
    let Some(tree) = catalog
        .get_deref(b"Names", doc)
        .and_then(Object::as_dict)
        .ok()
        .and_then(|n| n.get_deref(b"EmbeddedFiles", doc).ok())
    else {
        return out;
    };
    walk_name_tree(doc, tree, &mut out, 0);
    out
}

fn walk_name_tree(doc: &Document, node: &Object, out: &mut Vec<(String, Vec<u8>)>, depth: u32) {
    let Ok(dict) = node.as_dict() else { return };
    if depth > 16 {
        return;
    }
    if let Ok(kids) = dict.get_deref(b"Kids", doc).and_then(Object::as_array) {
        for kid in kids {
            if let Ok((_, kid)) = doc.dereference(kid) {
                walk_name_tree(doc, kid, out, depth + 1);
            }
        }
    }
    let Ok(names) = dict.get_deref(b"Names", doc).and_then(Object::as_array) else {
        return;
    };
    for pair in names.chunks(2) {
        let [name, spec] = pair else { continue };
        let Ok((_, name)) = doc.dereference(name) else {
            continue;
        };
        let Ok(name) = name.as_str() else { continue };
        let name = pdf_text(name);
        let stream = doc
            .dereference(spec)
            .ok()
            .and_then(|(_, s)| s.as_dict().ok())
            .and_then(|s| s.get_deref(b"EF", doc).ok())
            .and_then(|ef| ef.as_dict().ok())
            .and_then(|ef| ef.get_deref(b"F", doc).ok())
            .and_then(|f| f.as_stream().ok());
        if let Some(stream) = stream {
            let bytes = if stream.dict.has(b"Filter") {
                stream.decompressed_content().ok()
            } else {
                Some(stream.content.clone())
            };
            if let Some(bytes) = bytes {
                out.push((name, bytes));
            }
        }
    }
}

/// Decodes a PDF text string (UTF-16BE with BOM, else PDFDocEncoding ≈ Latin-1).
fn pdf_text(bytes: &[u8]) -> String {
    if let Some(rest) = bytes.strip_prefix(&[0xFE, 0xFF]) {
        let units: Vec<u16> = rest
            .chunks(2)
            .map(|c| u16::from_be_bytes([c[0], *c.get(1).unwrap_or(&0)]))
            .collect();
        String::from_utf16_lossy(&units)
    } else {
        bytes.iter().map(|&b| char::from(b)).collect()
    }
}

/// The text of every page, in reading order as far as the PDF tells.
///
/// # Errors
/// [`SheetError::NotAPdf`] or [`SheetError::PageTextUnreadable`].
pub fn page_text(pdf: &[u8]) -> Result<String, SheetError> {
    let doc = Document::load_mem(pdf).map_err(|e| SheetError::NotAPdf {
        detail: e.to_string(),
    })?;
    doc_text(&doc)
}

fn doc_text(doc: &Document) -> Result<String, SheetError> {
    let pages: Vec<u32> = doc.get_pages().keys().copied().collect();
    doc.extract_text(&pages)
        .map_err(|e| SheetError::PageTextUnreadable {
            detail: e.to_string(),
        })
}

fn find(doc: &[(String, Vec<u8>)], name: &str) -> Result<Vec<u8>, SheetError> {
    doc.iter()
        .find(|(n, _)| n == name || n.ends_with(&format!("/{name}")))
        .map(|(_, b)| b.clone())
        .ok_or_else(|| SheetError::AttachmentMissing { name: name.into() })
}

/// Verifies with the [`default_replayer`]. See [`verify_pdf_with`].
///
/// # Errors
/// The first check that fails, as a [`SheetError`].
pub fn verify_pdf(pdf: &[u8]) -> Result<Verified, SheetError> {
    verify_pdf_with(pdf, default_replayer())
}

/// Verifies a signed score sheet:
/// 1. `match.json` and `seal.json` are attached and parse;
/// 2. the SHA-256 of `match.json` is the sealed digest;
/// 3. the Ed25519 signature of that digest matches the embedded public key;
/// 4. the pages print that digest and that key's fingerprint;
/// 5. the sheet is signed by the referee and both players, each with strokes;
/// 6. `replayer` replays the match file to the sheet's totals;
/// 7. the pages print those totals for each player.
///
/// # Errors
/// The first check that fails, as a [`SheetError`] whose variant names what differs.
pub fn verify_pdf_with(pdf: &[u8], replayer: &dyn Replayer) -> Result<Verified, SheetError> {
    let doc = Document::load_mem(pdf).map_err(|e| SheetError::NotAPdf {
        detail: e.to_string(),
    })?;
    let files = read_attachments(&doc);
    let envelope_bytes = find(&files, ENVELOPE_ATTACHMENT)?;
    let seal_bytes = find(&files, SEAL_ATTACHMENT)?;
    let seal: Seal = serde_json::from_slice(&seal_bytes).map_err(|e| SheetError::SealInvalid {
        detail: e.to_string(),
    })?;
    if seal.format != SEAL_FORMAT {
        return Err(SheetError::SealInvalid {
            detail: format!("unknown format {:?}", seal.format),
        });
    }
    let sealed_digest: [u8; 32] = unhex(&seal.digest)
        .and_then(|d| d.try_into().ok())
        .ok_or_else(|| SheetError::SealInvalid {
            detail: "the digest is not 64 hex digits".into(),
        })?;
    let signature: [u8; 64] = unhex(&seal.signature)
        .and_then(|d| d.try_into().ok())
        .ok_or_else(|| SheetError::SealInvalid {
            detail: "the signature is not 128 hex digits".into(),
        })?;

    // 2. The attachment is the sealed one.
    let digest = sha256(&envelope_bytes);
    if digest != sealed_digest {
        return Err(SheetError::DigestMismatch {
            sealed: seal.digest.clone(),
            computed: hex(&digest),
        });
    }
    let envelope = Envelope::from_bytes(&envelope_bytes)?;
    let public_key = DevicePublicKey::from_hex(&envelope.public_key).ok_or_else(|| {
        SheetError::EnvelopeInvalid {
            detail: "the public key is not 64 hex digits".into(),
        }
    })?;
    let lang = Lang::from_code(&envelope.lang).ok_or_else(|| SheetError::EnvelopeInvalid {
        detail: format!("unknown language {:?}", envelope.lang),
    })?;

    // 3. Signed by that key.
    if !public_key.verify_digest(&digest, &signature) {
        return Err(SheetError::BadSignature);
    }

    // 4. The page shows this digest and this key.
    let text = doc_text(&doc)?;
    let squeezed: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let digest_hex = hex(&digest);
    if !squeezed.contains(&digest_hex) {
        return Err(SheetError::VisibleDigestMismatch {
            expected: digest_hex,
        });
    }
    let fingerprint = public_key.fingerprint();
    if !squeezed.contains(&fingerprint.replace(' ', "")) {
        return Err(SheetError::VisibleKeyMismatch {
            expected: fingerprint,
        });
    }

    // 5. Signed by the three.
    let sheet = &envelope.sheet;
    sheet.check()?;

    // 6. The match replays to the sheet's totals.
    let replayed = replayer.replay(&envelope.match_file, sheet)?;
    if let Some(sets) = &replayed.sets {
        compare_grid(sheet, sets)?;
    }
    for p in PlayerSlot::BOTH {
        compare_totals(sheet, p, &replayed.totals[p.index()], lang)?;
    }

    // 7. The page prints those totals.
    let tokens: Vec<&str> = text.split_whitespace().collect();
    let mut from = 0;
    for p in PlayerSlot::BOTH {
        let cells = totals_cells(sheet, lang, p.index());
        let name_tokens: Vec<&str> = sheet.players[p.index()].name.split_whitespace().collect();
        let mut wanted: Vec<&str> = name_tokens.clone();
        wanted.extend(cells.iter().map(String::as_str));
        match find_run(&tokens[from..], &wanted) {
            Some(at) => from += at + wanted.len(),
            None => {
                return Err(SheetError::VisibleTotalsDiffer {
                    player: p,
                    name: sheet.players[p.index()].name.clone(),
                    expected: cells.join(" "),
                })
            }
        }
    }

    Ok(Verified {
        envelope,
        digest: hex(&digest),
        public_key,
        fingerprint,
        lang,
    })
}

/// Index of the first place where `needle` occurs as consecutive tokens in `hay`.
fn find_run(hay: &[&str], needle: &[&str]) -> Option<usize> {
    if needle.is_empty() || needle.len() > hay.len() {
        return None;
    }
    hay.windows(needle.len()).position(|w| w == needle)
}

fn compare_grid(sheet: &SheetDocument, replayed: &[SheetSet]) -> Result<(), SheetError> {
    let n = sheet.sets.len().max(replayed.len());
    for i in 0..n {
        let (a, b) = (sheet.sets.get(i), replayed.get(i));
        let set = (i + 1) as u32;
        let (Some(a), Some(b)) = (a, b) else {
            return Err(SheetError::GridDiffers { set, inning: None });
        };
        let rows = a.rows.len().max(b.rows.len());
        for r in 0..rows {
            let (x, y) = (a.rows.get(r), b.rows.get(r));
            if x.map(|x| (x.inning, x.runs, x.totals)) != y.map(|y| (y.inning, y.runs, y.totals)) {
                return Err(SheetError::GridDiffers {
                    set,
                    inning: Some((r + 1) as u32),
                });
            }
        }
        if a.winner != b.winner {
            return Err(SheetError::GridDiffers { set, inning: None });
        }
    }
    Ok(())
}

fn compare_totals(
    sheet: &SheetDocument,
    p: PlayerSlot,
    replayed: &PlayerTotals,
    lang: Lang,
) -> Result<(), SheetError> {
    let printed = &sheet.totals[p.index()];
    let avg = |v: u32| carom_i18n::format_thousandths(lang, v.into());
    let opt = |v: Option<u32>| v.map_or_else(|| "—".to_owned(), |n| n.to_string());
    let fields = [
        (
            TotalsField::Points,
            printed.points.to_string(),
            replayed.points.to_string(),
        ),
        (
            TotalsField::Innings,
            printed.innings.to_string(),
            replayed.innings.to_string(),
        ),
        (
            TotalsField::GeneralAverage,
            avg(printed.general_average),
            avg(replayed.general_average),
        ),
        (
            TotalsField::HighRun,
            printed.high_run.to_string(),
            replayed.high_run.to_string(),
        ),
        (
            TotalsField::BestGameAverage,
            avg(printed.best_game_average),
            avg(replayed.best_game_average),
        ),
        (
            TotalsField::SetsWon,
            opt(printed.sets_won),
            opt(replayed.sets_won),
        ),
    ];
    for (field, printed, replayed) in fields {
        if printed != replayed {
            return Err(SheetError::TotalsDiffer {
                player: p,
                name: sheet.players[p.index()].name.clone(),
                field,
                printed,
                replayed,
            });
        }
    }
    Ok(())
}
