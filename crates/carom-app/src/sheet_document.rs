//! From the store to the signed score sheet, shared by the sheet screen and the PDF
//! exports (the window's and the CLI's `export-pdf`, both through [`crate::App`]): the
//! stored match, reclamations and signatures become a [`SheetDocument`]; with the device
//! key it is sealed, then printed by the platform's [`Printer`](crate::platform::Printer).

use carom_api::PadStrokes;
use carom_i18n::Lang;
use carom_sheet::{
    DeviceKey, Reclamation, RenderOptions, Sealed, SheetDate, SheetDateTime, SheetDocument,
    SheetError, SheetExtras, SheetTime, Signature, SignerRole,
};
use carom_store::{Store, StoreError, StoredSignature};
use chrono::{DateTime, Datelike, FixedOffset, Timelike, Utc};

/// The pad size assumed for strokes stored as a bare array of polylines.
pub const DEFAULT_PAD: (u16, u16) = (600, 200);

/// Reads stored strokes: `{"width": W, "height": H, "strokes": [[[x, y], …], …]}` in
/// pad units, or a bare `[[[x, y], …], …]` on a [`DEFAULT_PAD`]; `None` if they are in
/// neither form.
pub fn pad_strokes(v: &serde_json::Value) -> Option<PadStrokes> {
    if v.is_array() {
        let strokes = serde_json::from_value(v.clone()).ok()?;
        let (width, height) = DEFAULT_PAD;
        return Some(PadStrokes {
            width,
            height,
            strokes,
        });
    }
    serde_json::from_value(v.clone()).ok()
}

/// Why a sheet cannot be exported.
#[derive(Debug)]
pub enum ExportError {
    /// The store refused (no such match, damaged log…).
    Store(StoreError),
    /// The sheet library refused (match not finished, layout…).
    Sheet(SheetError),
    /// These signers have not signed yet.
    Unsigned(Vec<SignerRole>),
}

impl From<StoreError> for ExportError {
    fn from(e: StoreError) -> Self {
        ExportError::Store(e)
    }
}

impl From<SheetError> for ExportError {
    fn from(e: SheetError) -> Self {
        ExportError::Sheet(e)
    }
}

/// The name of a signer's role, as the sheet prints it (worded with the errors, which name
/// roles too; defined there so that the two modules do not reach each other).
pub use crate::errors::role_name;

fn local(at: DateTime<Utc>, offset: &FixedOffset) -> SheetDateTime {
    let l = at.with_timezone(offset);
    SheetDateTime {
        date: SheetDate {
            year: l.year(),
            month: l.month() as u8,
            day: l.day() as u8,
        },
        time: SheetTime {
            hour: l.hour() as u8,
            minute: l.minute() as u8,
            second: l.second() as u8,
        },
    }
}

/// A stored signature as the sheet holds it, its time printed at `offset`.
pub(crate) fn signature(s: &StoredSignature, offset: &FixedOffset) -> Signature {
    let at = DateTime::parse_from_rfc3339(&s.signed_at)
        .map(|d| d.with_timezone(&Utc))
        .unwrap_or_default();
    // Unreadable strokes print as an empty signature, which rendering refuses.
    let pad = pad_strokes(&s.strokes).unwrap_or(PadStrokes {
        width: DEFAULT_PAD.0,
        height: DEFAULT_PAD.1,
        strokes: Vec::new(),
    });
    Signature {
        role: s.role,
        name: s.name.clone(),
        signed_at: local(at, offset),
        width: pad.width,
        height: pad.height,
        strokes: pad.strokes,
    }
}

/// The sheet of match `id` as stored now: figures from the rules core, reclamations and
/// signatures from the store; times printed at `offset`. `today` is printed when the
/// match has no date and no timed event.
///
/// # Errors
/// [`ExportError::Store`], or [`SheetError::MatchNotFinished`].
pub fn sheet_document(
    store: &mut Store,
    id: i64,
    now: DateTime<Utc>,
    offset: FixedOffset,
) -> Result<SheetDocument, ExportError> {
    let m = store.load_match(id)?;
    let signatures = store
        .signatures(id)?
        .iter()
        .map(|s| signature(s, &offset))
        .collect();
    let reclamations = store
        .reclamations(id)?
        .into_iter()
        .map(|r| Reclamation {
            by: if r.player == 0 {
                carom_sheet::PlayerSlot::One
            } else {
                carom_sheet::PlayerSlot::Two
            },
            text: r.text,
        })
        .collect();
    let extras = SheetExtras {
        signatures,
        reclamations,
        warnings: Vec::new(),
        utc_offset_minutes: offset.local_minus_utc() / 60,
        date: local(now, &offset).date,
    };
    Ok(SheetDocument::from_match(&m, extras)?)
}

/// The signers whose signature is missing from `doc`, in sheet order.
pub fn missing_signers(doc: &SheetDocument) -> Vec<SignerRole> {
    SignerRole::ALL
        .into_iter()
        .filter(|r| doc.signature(*r).is_none())
        .collect()
}

/// The signed sheet of match `id` in `lang`, sealed with `key` and ready to print; times
/// printed at `offset`.
///
/// # Errors
/// [`ExportError::Unsigned`] naming every signer still missing, the store's error, or
/// the sheet library's ([`SheetError::MatchNotFinished`], an empty signature…).
pub fn seal(
    store: &mut Store,
    id: i64,
    lang: Lang,
    key: &DeviceKey,
    now: DateTime<Utc>,
    offset: FixedOffset,
) -> Result<Sealed, ExportError> {
    let doc = sheet_document(store, id, now, offset)?;
    let missing = missing_signers(&doc);
    if !missing.is_empty() {
        return Err(ExportError::Unsigned(missing));
    }
    let match_file = store.export_match(id)?;
    Ok(carom_sheet::seal_sheet(
        &doc,
        &match_file,
        lang,
        key,
        &RenderOptions::default(),
    )?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strokes_are_read_with_their_pad_or_on_the_default_pad() {
        let bare = serde_json::json!([[[1, 2], [3, 4]]]);
        let pad = pad_strokes(&bare).unwrap();
        assert_eq!((pad.width, pad.height), DEFAULT_PAD);
        assert!(pad.is_drawn());
        let sized = serde_json::json!({"width": 300, "height": 100, "strokes": [[[5, 6]]]});
        assert_eq!(pad_strokes(&sized).unwrap().width, 300);
        let empty = serde_json::json!({"width": 300, "height": 100, "strokes": []});
        assert!(!pad_strokes(&empty).unwrap().is_drawn());
        let off_pad = serde_json::json!({"width": 10, "height": 10, "strokes": [[[50, 6]]]});
        assert!(!pad_strokes(&off_pad).unwrap().is_drawn());
        assert!(pad_strokes(&serde_json::json!("scribble")).is_none());
    }
}
