//! What a sheet that passed verification certifies. Outside the `render` feature, so
//! that the web app's worker (which verifies through the sheet module) holds the same
//! type; it crosses between the two as JSON.

use carom_i18n::Lang;
use serde::{Deserialize, Serialize};

use crate::seal::{DevicePublicKey, Envelope};
use crate::SheetError;

/// A sheet that passed every check.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "VerifiedWire", try_from = "VerifiedWire")]
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
        let [p1, p2] = &s.players;
        let [t1, t2] = &s.totals;
        format!(
            "{} {} ({}) – {} {} ({})",
            p1.name, t1.points, t1.innings, p2.name, t2.points, t2.innings
        )
    }
}

/// [`Verified`] on the wire: the key as hex, the language as its code.
#[derive(Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
struct VerifiedWire {
    envelope: Envelope,
    digest: String,
    public_key: String,
    fingerprint: String,
    lang: String,
}

impl From<Verified> for VerifiedWire {
    fn from(v: Verified) -> VerifiedWire {
        VerifiedWire {
            envelope: v.envelope,
            digest: v.digest,
            public_key: v.public_key.to_hex(),
            fingerprint: v.fingerprint,
            lang: v.lang.code().to_owned(),
        }
    }
}

impl TryFrom<VerifiedWire> for Verified {
    type Error = SheetError;

    fn try_from(w: VerifiedWire) -> Result<Verified, SheetError> {
        let invalid = |detail: String| SheetError::EnvelopeInvalid { detail };
        Ok(Verified {
            public_key: DevicePublicKey::from_hex(&w.public_key)
                .ok_or_else(|| invalid("the public key is not 64 hex digits".into()))?,
            lang: Lang::from_code(&w.lang)
                .ok_or_else(|| invalid(format!("unknown language {:?}", w.lang)))?,
            envelope: w.envelope,
            digest: w.digest,
            fingerprint: w.fingerprint,
        })
    }
}
