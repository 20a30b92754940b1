//! The club's key-value buckets (the roster, the live table states), made by the hub.

use async_nats::jetstream::{self, kv, stream};

use crate::ClubError;

/// Makes the bucket `name` keeping `history` values per key (1 to 64), on disk so that it
/// survives a restart of the server, or opens it with its values when it exists (its
/// settings brought to these: a hub of another version may have made it otherwise).
///
/// Not `async_nats`'s `create_key_value`: it first reads the account's JetStream limits,
/// and async-nats 0.52 expects fields (`reserved_memory`, `reserved_storage`) that
/// nats-server 2.9 (Debian 12's) does not send, so it fails there. A bucket is a stream
/// named by KV's conventions; this makes that stream as `create_key_value` would (the same
/// settings, without the 2.10-only ones) and opens it as a bucket. Devices only open
/// buckets (`get_key_value`), which works with 2.9 as it is.
///
/// # Errors
/// [`ClubError::JetStream`] when the stream cannot be made (a bad name, a history out of
/// range, the server unreachable) or opened.
pub async fn create_bucket(
    js: &jetstream::Context,
    name: &str,
    history: i64,
) -> Result<kv::Store, ClubError> {
    let config = stream::Config {
        name: format!("KV_{name}"),
        subjects: vec![format!("$KV.{name}.>")],
        max_messages_per_subject: history,
        storage: stream::StorageType::File,
        allow_rollup: true,
        deny_delete: true,
        allow_direct: true,
        discard: stream::DiscardPolicy::New,
        num_replicas: 1,
        ..Default::default()
    };
    js.create_or_update_stream(config)
        .await
        .map_err(|e| ClubError::JetStream(format!("bucket {name}: {e}")))?;
    js.get_key_value(name)
        .await
        .map_err(|e| ClubError::JetStream(format!("bucket {name}: {e}")))
}
