//! Verification of a signed score sheet PDF: attachments → digest → Ed25519 signature →
//! replay of the match file by the rules core → the pages, compared with the sheet the
//! sealed envelope renders to.

use carom_i18n::Lang;
use lopdf::{Document, Object};

use crate::error::TotalsField;
use crate::model::{PlayerSlot, PlayerTotals, SealedSet, SheetDocument};
use crate::seal::{hex, sha256, unhex, DevicePublicKey, Envelope, Seal, SEAL_FORMAT};
use crate::{SheetError, Verified};

/// Name of the attachment holding the [`Envelope`].
pub const ENVELOPE_ATTACHMENT: &str = "match.json";
/// Name of the attachment holding the [`Seal`].
pub const SEAL_ATTACHMENT: &str = "seal.json";

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

fn is_named(name: &str, wanted: &str) -> bool {
    name == wanted
        || name
            .strip_suffix(wanted)
            .is_some_and(|dir| dir.ends_with('/'))
}

fn find(doc: &[(String, Vec<u8>)], name: &str) -> Result<Vec<u8>, SheetError> {
    doc.iter()
        .find(|(n, _)| is_named(n, name))
        .map(|(_, b)| b.clone())
        .ok_or_else(|| SheetError::AttachmentMissing { name: name.into() })
}

/// Verifies a signed score sheet. See [`verify_pdf_cached`].
///
/// # Errors
/// The first check that fails, as a [`SheetError`].
pub fn verify_pdf(pdf: &[u8]) -> Result<Verified, SheetError> {
    verify_pdf_cached(pdf, &mut RenderCache::default())
}

/// Sheets that verification has rendered again, by what was sealed (the exact
/// `match.json` bytes and the seal): verifying many copies or edits of one sheet renders
/// it once. Rendering is a pure function of those, so a cached render is exactly the
/// render verification would make; an entry is kept only once its envelope has passed
/// every check, so a hit skips them too. Holds the last few sheets.
#[derive(Default)]
pub struct RenderCache {
    entries: Vec<CacheEntry>,
}

struct CacheEntry {
    key: [u8; 32],
    verified: Verified,
    expected: Document,
}

impl std::fmt::Debug for RenderCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "RenderCache({} sheets)", self.entries.len())
    }
}

/// How many sheets a [`RenderCache`] keeps.
const CACHE_SHEETS: usize = 16;

impl RenderCache {
    fn position(&self, key: &[u8; 32]) -> Option<usize> {
        self.entries.iter().position(|e| &e.key == key)
    }

    fn insert(&mut self, entry: CacheEntry) -> usize {
        if self.entries.len() >= CACHE_SHEETS {
            self.entries.remove(0);
        }
        self.entries.push(entry);
        self.entries.len() - 1
    }
}

/// Verifies a signed score sheet:
/// 1. `match.json` and `seal.json` are attached, parse, and nothing else is attached;
/// 2. the SHA-256 of `match.json` is the sealed digest;
/// 3. the Ed25519 signature of that digest matches the embedded public key;
/// 4. the sheet is signed by the referee and both players, each with strokes;
/// 5. the rules core replays the match file to the sheet's innings grid and totals;
/// 6. the sheet is rendered again from the sealed envelope, in its language and with
///    its options (`cache` may already hold that render), and the PDF shows exactly
///    that: the same pages in the same order, each with the same content (its content
///    streams decoded and parsed) and the same fonts, images and drawings; no
///    annotation, form, script or action, and nothing else in the document, that the
///    render does not have. A re-save that keeps all of that (qpdf's linearization,
///    object streams or QDF form, a rewrite with lopdf) verifies.
///
/// # Errors
/// The first check that fails, as a [`SheetError`] whose variant names what differs.
pub fn verify_pdf_cached(pdf: &[u8], cache: &mut RenderCache) -> Result<Verified, SheetError> {
    let doc = load(pdf)?;
    let files = read_attachments(&doc);
    let envelope_bytes = find(&files, ENVELOPE_ATTACHMENT)?;
    let seal_bytes = find(&files, SEAL_ATTACHMENT)?;
    let mut counted = [0u32; 2];
    for (name, _) in &files {
        let slot = [ENVELOPE_ATTACHMENT, SEAL_ATTACHMENT]
            .iter()
            .position(|wanted| is_named(name, wanted));
        match slot.and_then(|i| counted.get_mut(i)) {
            Some(n) if *n == 0 => *n += 1,
            _ => return Err(SheetError::ExtraAttachment { name: name.clone() }),
        }
    }
    let seal = parse_seal(&seal_bytes)?;

    let mut key_input = sha256(&envelope_bytes).to_vec();
    key_input.extend(seal.to_bytes());
    let key = sha256(&key_input);
    let at = match cache.position(&key) {
        Some(at) => at,
        None => {
            let verified = check_envelope(&envelope_bytes, &seal)?;
            let rendered = crate::render::render(
                &verified.envelope,
                envelope_bytes,
                &seal,
                verified.lang,
                &verified.fingerprint,
            )?;
            let expected = load(&rendered).map_err(|e| SheetError::Layout {
                detail: e.to_string(),
            })?;
            cache.insert(CacheEntry {
                key,
                verified,
                expected,
            })
        }
    };
    let Some(entry) = cache.entries.get(at) else {
        return Err(SheetError::Layout {
            detail: "render cache".into(),
        });
    };
    crate::visible::compare(&doc, &entry.expected)?;
    Ok(entry.verified.clone())
}

fn load(pdf: &[u8]) -> Result<Document, SheetError> {
    Document::load_mem(pdf).map_err(|e| SheetError::NotAPdf {
        detail: e.to_string(),
    })
}

fn parse_seal(bytes: &[u8]) -> Result<Seal, SheetError> {
    let seal: Seal = serde_json::from_slice(bytes).map_err(|e| SheetError::SealInvalid {
        detail: e.to_string(),
    })?;
    if seal.format != SEAL_FORMAT {
        return Err(SheetError::SealInvalid {
            detail: format!("unknown format {:?}", seal.format),
        });
    }
    Ok(seal)
}

/// Steps 2–5 of [`verify_pdf_cached`]: the envelope is the sealed one, signed by its key,
/// signed by the three, and its figures are the rules core's.
fn check_envelope(envelope_bytes: &[u8], seal: &Seal) -> Result<Verified, SheetError> {
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
    let digest = sha256(envelope_bytes);
    if digest != sealed_digest {
        return Err(SheetError::DigestMismatch {
            sealed: seal.digest.clone(),
            computed: hex(&digest),
        });
    }
    let envelope = Envelope::from_bytes(envelope_bytes)?;
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

    // 4. Signed by the three.
    let sheet = &envelope.sheet;
    sheet.check()?;

    // 5. The rules core replays the match to the sheet's grid and totals.
    let replayed = crate::from_core::replay(&envelope.match_file)?;
    compare_grid(sheet, &replayed.sets)?;
    for p in PlayerSlot::BOTH {
        compare_totals(sheet, p, &replayed.totals[p.index()], lang)?;
    }

    Ok(Verified {
        digest: hex(&digest),
        fingerprint: public_key.fingerprint(),
        public_key,
        lang,
        envelope,
    })
}

fn compare_grid(sheet: &SheetDocument, replayed: &[SealedSet]) -> Result<(), SheetError> {
    // Sheets sealed before fouls were printed carry none: their foul marks are not
    // compared (their pages show none); a sheet that marks any is compared in full.
    let with_fouls = sheet
        .sets
        .iter()
        .any(|s| s.rows.iter().any(|r| r.fouls.contains(&true)));
    let fouls = |r: &crate::model::InningRow| if with_fouls { r.fouls } else { [false; 2] };
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
            if x.map(|x| (x.inning, x.runs, x.totals, fouls(x)))
                != y.map(|y| (y.inning, y.runs, y.totals, fouls(y)))
            {
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
