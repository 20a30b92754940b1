//! The sheet on screen, reclamations, signatures, and the signed PDF.

use std::path::Path;

use carom_api::{
    Error, ErrorCode, ExportSheetPdf, FormField, GetSheet, SaveReclamation, ScreenSignature,
    SheetScreen, SignSheet,
};
use carom_core::ByPlayer;
use carom_i18n::Lang;
use carom_sheet::{DeviceKey, PlayerSlot, SheetError, SignerRole};
use carom_store::Store;

use crate::errors::{at, sheet_error, store_error, OrStoreError};
use crate::platform::Picker;
use crate::sheet_document::{self, ExportError};
use crate::App;

pub(crate) fn slot_index(s: PlayerSlot) -> carom_core::Player {
    match s {
        PlayerSlot::One => carom_core::Player::A,
        PlayerSlot::Two => carom_core::Player::B,
    }
}

/// An export error as it crosses. A missing signature list is given as roles (their ids
/// on the wire); the UI names them in its language.
pub(crate) fn export_error(e: ExportError) -> Error {
    match e {
        ExportError::Store(e) => store_error(&e),
        ExportError::Sheet(e) => sheet_error(&e),
        ExportError::Unsigned(roles) => ErrorCode::MissingSignatures { roles }.into(),
    }
}

/// A signed score sheet as a PDF, and the fingerprint of the key that sealed it.
struct SignedPdf {
    /// The PDF.
    pub pdf: Vec<u8>,
    /// The fingerprint of the device key that sealed it.
    pub fingerprint: String,
}

fn pad_field(role: SignerRole) -> FormField {
    match role {
        SignerRole::Referee => FormField::SignatureReferee,
        SignerRole::Player1 => FormField::SignaturePlayer1,
        SignerRole::Player2 => FormField::SignaturePlayer2,
    }
}

impl App {
    /// The screen of finished match `id`: the core's sheet of its events (the figures the
    /// sealed sheet is made of, read here from the match itself), and from the store its
    /// lock, reclamations and signatures.
    fn screen(&self, store: &mut Store, id: i64) -> Result<SheetScreen, Error> {
        let mut sheet = store.replayed(id).or_store()?.sheet();
        if sheet.result.is_none() {
            return Err(sheet_error(&SheetError::MatchNotFinished));
        }
        let row = store.match_row(id).or_store()?;
        let mut reclamations = ByPlayer::<Option<String>>::default();
        for r in store.reclamations(id).or_store()? {
            if let Some(p) = carom_core::Player::from_index(usize::from(r.player)) {
                reclamations[p] = Some(r.text);
            }
        }
        let now = self.services.clock.now();
        let offset = self.services.clock.offset(now);
        let sealed: Vec<carom_sheet::Signature> = store
            .signatures(id)
            .or_store()?
            .iter()
            .map(|s| sheet_document::signature(s, &offset))
            .collect();
        // The referee is who signed as the referee, as the signed sheet prints him.
        if let Some(signed) = carom_sheet::signed_referee(&sealed) {
            sheet.header.referee = Some(signed.to_owned());
        }
        let signatures: Vec<ScreenSignature> = sealed
            .into_iter()
            .map(|s| ScreenSignature {
                path: s.svg_path(),
                role: s.role,
                name: s.name,
                width: s.width,
                height: s.height,
            })
            .collect();
        let missing = SignerRole::ALL
            .into_iter()
            .filter(|r| signatures.iter().all(|s| s.role != *r))
            .collect();
        Ok(SheetScreen {
            match_id: id,
            locked: row.locked,
            sheet,
            reclamations,
            signatures,
            missing,
        })
    }

    /// The score sheet of a finished match as it stands (signed or not).
    ///
    /// # Errors
    /// [`ErrorCode::MatchNotFound`], [`ErrorCode::SheetMatchNotFinished`], or the store's.
    pub fn get_sheet(&self, req: GetSheet) -> Result<SheetScreen, Error> {
        self.db.with(|store| self.screen(store, req.match_id))
    }

    /// Writes (or rewrites) a player's reclamation before the sheet is signed; answers
    /// the sheet.
    ///
    /// # Errors
    /// [`ErrorCode::NoSuchPlayer`], [`ErrorCode::TextTooLong`],
    /// [`ErrorCode::MatchSigned`]…
    pub fn save_reclamation(&self, req: SaveReclamation) -> Result<SheetScreen, Error> {
        let player = u8::from(req.player);
        let now = self.services.clock.now();
        self.db.with(|store| {
            store
                .set_reclamation(req.match_id, player, &req.text, now)
                .or_store()?;
            self.screen(store, req.match_id)
        })
    }

    /// Signs the sheet as a role with a name and the pad's strokes, at the app's clock.
    /// An empty pad is refused. Answers the sheet.
    ///
    /// # Errors
    /// [`ErrorCode::EmptySignature`] naming the pad,
    /// [`ErrorCode::SignatureDuplicate`]…
    pub fn sign_sheet(&self, req: SignSheet) -> Result<SheetScreen, Error> {
        let role = req.role;
        let field = pad_field(role);
        if !req.strokes.is_drawn() {
            return Err(at(ErrorCode::EmptySignature, field));
        }
        let strokes = serde_json::to_value(&req.strokes)
            .map_err(|e| Error::from(ErrorCode::internal(e.to_string())))?;
        let now = self.services.clock.now();
        self.db.with(|store| {
            store
                .sign(req.match_id, role, &req.name, &strokes, now)
                .map_err(|e| {
                    let mut e = store_error(&e);
                    if e.field.is_some() {
                        e.field = Some(field);
                    }
                    e
                })?;
            self.screen(store, req.match_id)
        })
    }

    /// This device's signing key, created at first use.
    ///
    /// # Errors
    /// [`ErrorCode::DeviceKey`].
    pub fn device_key(&self) -> Result<DeviceKey, Error> {
        let keys = &self.services.keys;
        let err = |detail: String| Error::from(ErrorCode::DeviceKey { detail });
        let seed = match keys.load().map_err(err)? {
            Some(seed) => seed,
            None => keys.store(&keys.fresh_seed().map_err(err)?).map_err(err)?,
        };
        Ok(DeviceKey::from_seed(&seed))
    }

    /// The signed PDF of a match in `lang`, sealed with this device's key.
    ///
    /// # Errors
    /// As [`App::sign_pdf`].
    pub fn render_pdf(&self, match_id: i64, lang: Lang) -> Result<Vec<u8>, Error> {
        self.sign_pdf(match_id, lang).map(|signed| signed.pdf)
    }

    /// The signed PDF of a match in `lang`, sealed with this device's key. A device
    /// without a key yet keeps its new key only once a sheet was sealed with it: an
    /// export refused (unsigned, unfinished) leaves no key behind. When another process
    /// kept a key meanwhile, the sheet is sealed again with that one (a device has one
    /// key).
    ///
    /// # Errors
    /// [`ErrorCode::MissingSignatures`], [`ErrorCode::DeviceKey`], the sheet's or the
    /// store's.
    fn sign_pdf(&self, match_id: i64, lang: Lang) -> Result<SignedPdf, Error> {
        let keys = &self.services.keys;
        let key_error = |detail: String| Error::from(ErrorCode::DeviceKey { detail });
        let (seed, fresh) = match keys.load().map_err(key_error)? {
            Some(seed) => (seed, false),
            None => (keys.fresh_seed().map_err(key_error)?, true),
        };
        let now = self.services.clock.now();
        let offset = self.services.clock.offset(now);
        let render = |seed: &[u8; 32]| -> Result<SignedPdf, Error> {
            let key = DeviceKey::from_seed(seed);
            let sealed = self.db.with(|store| {
                sheet_document::seal(store, match_id, lang, &key, now, offset).map_err(export_error)
            })?;
            let pdf = self
                .services
                .printer
                .print(&sealed)
                .map_err(|e| export_error(e.into()))?;
            Ok(SignedPdf {
                pdf,
                fingerprint: key.fingerprint(),
            })
        };
        let signed = render(&seed)?;
        if !fresh {
            return Ok(signed);
        }
        match keys.store(&seed).map_err(key_error)? {
            kept if kept == seed => Ok(signed),
            other => render(&other),
        }
    }

    /// Writes `pdf` to `path`, replaced whole or not at all.
    fn write_pdf(&self, path: &Path, pdf: &[u8]) -> Result<(), Error> {
        self.services.files.write(path, pdf).map_err(|e| {
            Error::from(ErrorCode::PdfWrite {
                detail: format!("{}: {e}", path.display()),
            })
        })
    }

    /// Writes the signed PDF of a match in `lang` to `path` (replaced whole or not at
    /// all), with no dialog and nothing opened: the CLI's `export-pdf`. Answers the
    /// fingerprint of the device key that sealed it.
    ///
    /// # Errors
    /// As [`App::render_pdf`], [`ErrorCode::PdfWrite`].
    pub fn write_sheet_pdf(&self, match_id: i64, lang: Lang, path: &Path) -> Result<String, Error> {
        let signed = self.sign_pdf(match_id, lang)?;
        self.write_pdf(path, &signed.pdf)?;
        Ok(signed.fingerprint)
    }

    /// Renders the signed PDF, asks where to save it, writes it and opens it. Answers
    /// the saved path, or `None` if the dialog was cancelled.
    ///
    /// # Errors
    /// As [`App::render_pdf`], [`ErrorCode::PdfWrite`], [`ErrorCode::OpenFile`].
    pub fn export_sheet_pdf(&self, req: ExportSheetPdf) -> Result<Option<String>, Error> {
        let lang = req.language;
        let pdf = self.render_pdf(req.match_id, lang)?;
        let picker = Picker {
            title: carom_i18n::t(lang, "sign-export"),
            label: "PDF".into(),
            extensions: &["pdf"],
        };
        let name = format!("{}.pdf", self.match_file_stem(req.match_id)?);
        let Some(path) = self.services.files.save_path(&picker, &name) else {
            return Ok(None);
        };
        self.write_pdf(&path, &pdf)?;
        self.services.files.show(&path)?;
        Ok(Some(path.display().to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_signature_list_crosses_as_role_ids() {
        let e = export_error(ExportError::Unsigned(vec![
            SignerRole::Player1,
            SignerRole::Player2,
        ]));
        assert_eq!(
            e.code,
            ErrorCode::MissingSignatures {
                roles: vec![SignerRole::Player1, SignerRole::Player2]
            }
        );
        let wire = serde_json::to_value(&e).unwrap();
        assert_eq!(wire["args"]["roles"], "player-1,player-2");
        assert_eq!(serde_json::from_value::<Error>(wire).unwrap(), e);
        let e = export_error(ExportError::Sheet(
            carom_sheet::SheetError::MatchNotFinished,
        ));
        assert_eq!(e.code, ErrorCode::SheetMatchNotFinished);
    }
}
