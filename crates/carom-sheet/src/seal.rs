//! Tamper evidence: the device's Ed25519 key, the signed envelope embedded in the PDF
//! (`match.json`, format [`ENVELOPE_FORMAT`]) and the seal that signs its SHA-256 digest.

use ed25519_dalek::{Signer, SigningKey};
#[cfg(feature = "render")]
use ed25519_dalek::{Verifier, VerifyingKey};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::model::SheetDocument;
use crate::options::RenderOptions;
use crate::SheetError;

/// The format tag of the envelope embedded as `match.json`.
pub const ENVELOPE_FORMAT: &str = "carambole-signed-sheet/1";
/// The format tag of the seal embedded as `seal.json`.
pub const SEAL_FORMAT: &str = "carambole-seal/1";
/// What is signed: this prefix followed by the 32 bytes of the envelope's SHA-256 digest.
const SIGNING_CONTEXT: &[u8] = b"carambole-signed-sheet/1 sha256:";

/// The device's signing key (Ed25519), made from 32 seed bytes the caller supplies
/// (the app draws them once and keeps them in its data folder; this crate never reads a
/// random source or the disk).
#[derive(Clone)]
pub struct DeviceKey {
    key: SigningKey,
}

impl std::fmt::Debug for DeviceKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Never print the secret.
        write!(f, "DeviceKey({})", self.fingerprint())
    }
}

impl DeviceKey {
    /// The key whose secret seed is `seed`.
    pub fn from_seed(seed: &[u8; 32]) -> DeviceKey {
        DeviceKey {
            key: SigningKey::from_bytes(seed),
        }
    }

    /// The public half.
    pub fn public(&self) -> DevicePublicKey {
        DevicePublicKey(self.key.verifying_key().to_bytes())
    }

    /// The public key's fingerprint (see [`DevicePublicKey::fingerprint`]).
    pub fn fingerprint(&self) -> String {
        self.public().fingerprint()
    }

    /// Signs an envelope digest.
    pub(crate) fn sign_digest(&self, digest: &[u8; 32]) -> [u8; 64] {
        self.key.sign(&signed_message(digest)).to_bytes()
    }
}

/// A device's public key (32 bytes of Ed25519).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DevicePublicKey(pub [u8; 32]);

impl DevicePublicKey {
    /// Lower-case hex of the 32 bytes.
    pub fn to_hex(self) -> String {
        hex(&self.0)
    }

    /// Parses 64 hex digits.
    pub fn from_hex(s: &str) -> Option<DevicePublicKey> {
        unhex(s)?.try_into().ok().map(DevicePublicKey)
    }

    /// The first 8 bytes of SHA-256 of the public key, as 16 hex digits in groups of four
    /// (`3f2a 91bc 04de 7781`): short enough to read aloud and compare with the app.
    pub fn fingerprint(self) -> String {
        group4(&hex(&Sha256::digest(self.0)[..8]))
    }

    /// Checks `signature` over `digest` (verification).
    #[cfg(feature = "render")]
    pub(crate) fn verify_digest(self, digest: &[u8; 32], signature: &[u8; 64]) -> bool {
        let Ok(key) = VerifyingKey::from_bytes(&self.0) else {
            return false;
        };
        let sig = ed25519_dalek::Signature::from_bytes(signature);
        key.verify(&signed_message(digest), &sig).is_ok()
    }
}

fn signed_message(digest: &[u8; 32]) -> Vec<u8> {
    let mut m = SIGNING_CONTEXT.to_vec();
    m.extend_from_slice(digest);
    m
}

/// The document embedded in the PDF as `match.json`: the match file the sheet was derived
/// from, the sheet as printed (with reclamations, warnings and signatures), and the public
/// key that signs it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Envelope {
    /// Always [`ENVELOPE_FORMAT`].
    pub format: String,
    /// The signing device's public key, hex.
    pub public_key: String,
    /// The language the sheet was printed in (`en`, `fr`, `es`): verification reads the
    /// printed figures in it (decimal separator).
    pub lang: String,
    /// The `carambole-match/1` match file, verbatim.
    #[serde(rename = "match")]
    pub match_file: String,
    /// The sheet as printed.
    pub sheet: SheetDocument,
    /// How it was rendered, with the wording it was printed in; verification renders it
    /// the same way. Absent in the envelopes of earlier versions, which read as
    /// [`RenderOptions::unsealed`] (and such options are left out again, byte for byte).
    #[serde(
        default = "RenderOptions::unsealed",
        skip_serializing_if = "RenderOptions::is_unsealed"
    )]
    pub options: RenderOptions,
}

impl Envelope {
    /// The exact bytes embedded (pretty JSON, stable field order).
    pub fn to_bytes(&self) -> Vec<u8> {
        // Cannot fail: serde_json fails only on a map with non-string keys or a hand-written
        // `Serialize` that errs, and the envelope (like the whole sheet model) is derived
        // structs and enums of strings, numbers, options and lists, written into memory.
        #[allow(clippy::expect_used)]
        serde_json::to_vec_pretty(self).expect("an envelope always serializes")
    }

    /// Parses the embedded bytes.
    ///
    /// # Errors
    /// [`SheetError::EnvelopeInvalid`] when the JSON does not parse or the format differs.
    pub fn from_bytes(bytes: &[u8]) -> Result<Envelope, SheetError> {
        let env: Envelope =
            serde_json::from_slice(bytes).map_err(|e| SheetError::EnvelopeInvalid {
                detail: e.to_string(),
            })?;
        if env.format != ENVELOPE_FORMAT {
            return Err(SheetError::EnvelopeInvalid {
                detail: format!("unknown format {:?}", env.format),
            });
        }
        Ok(env)
    }
}

/// The seal embedded beside the envelope as `seal.json`: its digest and the signature.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Seal {
    /// Always [`SEAL_FORMAT`].
    pub format: String,
    /// SHA-256 of the `match.json` bytes, hex.
    pub digest: String,
    /// Ed25519 signature of the digest, hex.
    pub signature: String,
}

impl Seal {
    /// Seals `envelope_bytes` with `key`.
    pub fn new(envelope_bytes: &[u8], key: &DeviceKey) -> Seal {
        let digest = sha256(envelope_bytes);
        Seal {
            format: SEAL_FORMAT.into(),
            digest: hex(&digest),
            signature: hex(&key.sign_digest(&digest)),
        }
    }

    /// The text carried by the QR code: `carambole:<digest hex>:<signature hex>`.
    pub fn qr_text(&self) -> String {
        format!("carambole:{}:{}", self.digest, self.signature)
    }

    /// The exact bytes embedded.
    pub fn to_bytes(&self) -> Vec<u8> {
        // Cannot fail: three strings, written into memory (see `Envelope::to_bytes`).
        #[allow(clippy::expect_used)]
        serde_json::to_vec_pretty(self).expect("a seal always serializes")
    }
}

/// SHA-256 of `bytes`.
pub fn sha256(bytes: &[u8]) -> [u8; 32] {
    Sha256::digest(bytes).into()
}

/// Lower-case hex.
pub(crate) fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Parses lower- or upper-case hex.
pub(crate) fn unhex(s: &str) -> Option<Vec<u8>> {
    if s.len() & 1 == 1 || !s.is_ascii() {
        return None;
    }
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).ok())
        .collect()
}

/// `abcd1234…` → `abcd 1234 …`.
pub(crate) fn group4(s: &str) -> String {
    s.as_bytes()
        .chunks(4)
        .map(|c| std::str::from_utf8(c).unwrap_or_default())
        .collect::<Vec<_>>()
        .join(" ")
}
