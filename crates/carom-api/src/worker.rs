//! The web app's messages between the page and its worker (`postMessage`), typed here
//! for both ends: the page (the UI's `backend/web.rs`) and the worker (carom-web) turn
//! them into JavaScript values and back with serde; the worker's script only passes
//! them on (to the worker's wasm, to the worker that holds the database, to the page).
//! Each message is one externally tagged value: `{"call": {…}}`, `{"answer": {…}}`,
//! `{"news": {…}}`, `"memory_only"`… (`docs/shells.md` shows them all).

use serde::{Deserialize, Serialize};

use crate::News;

/// What the page sends its worker.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ToWorker {
    /// Runs catalogue command `command`; answered by [`FromWorker::Answer`] with the same
    /// `id` once the store committed.
    Call {
        /// The page's number for the call, repeated in the answer.
        id: u32,
        /// The command's name in the catalogue.
        command: String,
        /// The command's request, as JSON text.
        args: String,
        /// The files the user chose for a command that opens files
        /// ([`crate::Effects::files`]), staged in the worker before it runs.
        #[serde(default)]
        files: Vec<FileBytes>,
    },
    /// `cargo xtask bench`: times this many durable appends in a pool of the benchmark's
    /// own; answered by [`FromWorker::Bench`] or [`FromWorker::BenchError`]. Only the
    /// worker built for the benchmark (carom-web's `bench` feature) answers it.
    Bench(u32),
    /// `cargo xtask bench`: from now on, the worker stretches its own work on each message
    /// this many times (browsers do not throttle workers as they throttle the page), as on
    /// a slow phone. Not answered; only the benchmark's build of the worker honours it.
    SlowDown(u32),
}

/// What the worker sends its page.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FromWorker {
    /// The answer to [`ToWorker::Call`] `id`.
    Answer {
        /// The call's number.
        id: u32,
        /// The command's [`crate::Reply`] as JSON text, read by the page with the
        /// command's output type.
        reply: String,
    },
    /// What another tab's command told (a play, a change of settings).
    News(News),
    /// The browser has no private file system: the matches live in this tab's memory.
    MemoryOnly,
    /// A file the command saved: the page saves it as a download.
    Download(FileBytes),
    /// The benchmark's timings (milliseconds).
    Bench(Vec<f64>),
    /// The benchmark failed.
    BenchError(String),
}

/// A file's name and bytes (the bytes cross as a `Uint8Array`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FileBytes {
    /// The file's name, without a folder.
    pub name: String,
    /// Its content.
    #[serde(with = "bytes")]
    pub bytes: Vec<u8>,
}

/// Bytes as serde's bytes (a `Uint8Array` for serde-wasm-bindgen, not an array of
/// numbers); read back from bytes or from a sequence of numbers.
mod bytes {
    use serde::de::{SeqAccess, Visitor};
    use serde::{Deserializer, Serializer};

    pub(super) fn serialize<S: Serializer>(bytes: &[u8], s: S) -> Result<S::Ok, S::Error> {
        s.serialize_bytes(bytes)
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<u8>, D::Error> {
        struct Bytes;
        impl<'de> Visitor<'de> for Bytes {
            type Value = Vec<u8>;

            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("bytes")
            }

            fn visit_bytes<E>(self, v: &[u8]) -> Result<Vec<u8>, E> {
                Ok(v.to_vec())
            }

            fn visit_byte_buf<E>(self, v: Vec<u8>) -> Result<Vec<u8>, E> {
                Ok(v)
            }

            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<u8>, A::Error> {
                let mut out = Vec::with_capacity(seq.size_hint().unwrap_or(0));
                while let Some(b) = seq.next_element()? {
                    out.push(b);
                }
                Ok(out)
            }
        }
        d.deserialize_byte_buf(Bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Updated;
    use serde_json::json;

    #[test]
    fn each_message_is_one_tagged_value_and_reads_back() {
        let call = ToWorker::Call {
            id: 7,
            command: "play".into(),
            args: r#"{"id":1}"#.into(),
            files: vec![FileBytes {
                name: "a.json".into(),
                bytes: vec![1, 2],
            }],
        };
        let json = serde_json::to_value(&call).unwrap();
        assert_eq!(
            json,
            json!({"call": {"id": 7, "command": "play", "args": "{\"id\":1}",
                "files": [{"name": "a.json", "bytes": [1, 2]}]}})
        );
        assert_eq!(serde_json::from_value::<ToWorker>(json).unwrap(), call);
        // The benchmark's page posts `{bench: n}` and reads `bench` or `bench_error`.
        assert_eq!(
            serde_json::from_value::<ToWorker>(json!({"bench": 1000})).unwrap(),
            ToWorker::Bench(1000)
        );
        // And slows the worker with `{slow_down: n}`.
        assert_eq!(
            serde_json::from_value::<ToWorker>(json!({"slow_down": 4})).unwrap(),
            ToWorker::SlowDown(4)
        );
        assert_eq!(
            serde_json::to_value(FromWorker::Bench(vec![1.5])).unwrap(),
            json!({"bench": [1.5]})
        );
        assert_eq!(
            serde_json::to_value(FromWorker::BenchError("no".into())).unwrap(),
            json!({"bench_error": "no"})
        );
        let news = FromWorker::News(News::MatchUpdated(Updated { id: 3, events: 9 }));
        let json = serde_json::to_value(&news).unwrap();
        assert_eq!(
            json,
            json!({"news": {"event": "match-updated", "payload": {"id": 3, "events": 9}}})
        );
        assert_eq!(serde_json::from_value::<FromWorker>(json).unwrap(), news);
        assert_eq!(
            serde_json::to_value(FromWorker::MemoryOnly).unwrap(),
            json!("memory_only")
        );
    }
}
