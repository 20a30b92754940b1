//! Two devices of one club on a real server (Debian's 2.9) with the hub's real validator,
//! each with its SQLite file: each scores its own matches, pushes, pulls, and holds the
//! other's matches as they are on the device that scored them (equal per-match hashes),
//! counted in its statistics and ranking; a device killed between two applied records
//! starts again from its cursor and applies nothing twice.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use async_nats::jetstream;
use carom_club::{names, ClubSync, Pulled, ServerConfig, StoreAccess};
use carom_core::{figures::RankingQuery, Discipline, Event, SignerRole};
use carom_store::{StatsQuery, Store};
use chrono::{DateTime, Utc};
use futures::FutureExt;

mod common;

fn t(ms: i64) -> DateTime<Utc> {
    DateTime::from_timestamp_millis(1_765_000_000_000 + ms).unwrap()
}

/// A device of the club: its SQLite file, its store, its sync.
struct Device {
    path: PathBuf,
    store: Mutex<Store>,
    id: String,
    sync: ClubSync,
}

impl Device {
    fn open(dir: &Path, name: &str, js: &jetstream::Context) -> Device {
        let path = dir.join(format!("{name}.sqlite"));
        let store = Store::open(&path).unwrap();
        let id = store.device().to_owned();
        let sync = ClubSync::new(js.clone(), &id).unwrap();
        Device {
            path,
            store: Mutex::new(store),
            id,
            sync,
        }
    }

    /// A finished match between `players`, with a reclamation and the three signatures.
    fn score_signed(&self, players: [&str; 2]) -> i64 {
        self.store.with_store(|s| {
            let id = s
                .create_match_with_setup(common::race(players), t(0))
                .unwrap();
            for (i, e) in common::play().into_iter().enumerate() {
                s.append_event(id, e, t(i as i64 * 1000)).unwrap();
            }
            s.set_reclamation(id, 1, "The last carom was a kiss", t(50_000))
                .unwrap();
            let strokes = serde_json::json!({"strokes": [[[1, 2], [3, 4]]]});
            for (role, name) in
                SignerRole::ALL
                    .into_iter()
                    .zip(["Ceulemans", players[0], players[1]])
            {
                s.sign(id, role, name, &strokes, t(60_000)).unwrap();
            }
            id
        })
    }

    /// A match between `players` under way: its first `events` events.
    fn score_under_way(&self, players: [&str; 2], events: usize) -> i64 {
        self.store.with_store(|s| {
            let id = s
                .create_match_with_setup(common::race(players), t(0))
                .unwrap();
            for e in common::play().into_iter().take(events) {
                s.append_event(id, e, t(1)).unwrap();
            }
            id
        })
    }

    /// The local id of match `number` of `device`, received here.
    fn received(&self, device: &str, number: i64) -> Option<i64> {
        self.store.with_store(|s| {
            s.connection()
                .query_row(
                    "SELECT id FROM matches WHERE device = ?1 AND origin_number = ?2",
                    (device, number),
                    |r| r.get(0),
                )
                .ok()
        })
    }

    /// What this device's SQLite holds of match `id`, hashed: its match file (set-up and
    /// every event), its signatures and its reclamations.
    fn hash(&self, id: i64) -> String {
        use sha2::{Digest, Sha256};
        self.store.with_store(|s| {
            let mut hash = Sha256::new();
            hash.update(s.export_match(id).unwrap());
            for sig in s.signatures(id).unwrap() {
                hash.update(serde_json::to_vec(&sig).unwrap());
            }
            for r in s.reclamations(id).unwrap() {
                hash.update([r.player]);
                hash.update(r.text);
            }
            hash.finalize().iter().map(|b| format!("{b:02x}")).collect()
        })
    }
}

/// Match `number` of `from` is on `to` as on `from`.
fn same_match(from: &Device, number: i64, to: &Device) {
    let here = to
        .received(&from.id, number)
        .unwrap_or_else(|| panic!("match {number} of {} not received", from.id));
    assert_eq!(
        to.hash(here),
        from.hash(number),
        "match {number} of {}",
        from.id
    );
}

async fn log_end(js: &jetstream::Context) -> u64 {
    let mut log = js.get_stream(names::EVENTS).await.unwrap();
    log.info().await.unwrap().state.last_sequence
}

#[tokio::test]
async fn two_devices_score_their_own_matches_and_each_holds_the_others_as_scored() {
    let dir = tempfile::tempdir().unwrap();
    let server = common::start(&ServerConfig::loopback(dir.path().join("hub")));
    let (_client, js) = common::jetstream_of(server.url()).await;
    names::ensure(&js).await.unwrap();
    let one = Device::open(dir.path(), "table-1", &js);
    let two = Device::open(dir.path(), "table-2", &js);
    let one_signed = one.score_signed(["Caudron", "Jaspers"]);
    let one_playing = one.score_under_way(["Caudron", "Jaspers"], 3);
    let two_signed = two.score_signed(["Blomdahl", "Zanetti"]);

    one.sync.push(&one.store).await.unwrap();
    two.sync.push(&two.store).await.unwrap();
    assert_eq!(common::validate(&js).await, 12 + 8);
    let end = log_end(&js).await;

    let pulled = one.sync.pull(&one.store).await.unwrap();
    assert_eq!(
        pulled,
        Pulled {
            stored: 8,
            known: 0,
            own: 12,
            cursor: end
        }
    );
    let pulled = two.sync.pull(&two.store).await.unwrap();
    assert_eq!(
        pulled,
        Pulled {
            stored: 12,
            known: 0,
            own: 8,
            cursor: end
        }
    );
    same_match(&one, one_signed, &two);
    same_match(&one, one_playing, &two);
    same_match(&two, two_signed, &one);
    assert_eq!(one.received(&one.id, one_signed), None, "its own, once");
    // Nothing new: nothing done.
    let again = one.sync.pull(&one.store).await.unwrap();
    assert_eq!((again.stored, again.own, again.cursor), (0, 0, end));

    // The other device's finished match counts here with no change to the queries.
    two.store.with_store(|s| {
        let ranking = s
            .ranking(&RankingQuery {
                discipline: Discipline::Libre,
                from: None,
                until: None,
                club: None,
            })
            .unwrap();
        let mut rows: Vec<(&str, u32, u32)> = ranking
            .rows
            .iter()
            .map(|r| (r.name.as_str(), r.matches, r.won))
            .collect();
        rows.sort_unstable();
        assert_eq!(
            rows,
            [
                ("Blomdahl", 1, 1),
                ("Caudron", 1, 1),
                ("Jaspers", 1, 0),
                ("Zanetti", 1, 0)
            ],
            "the match under way does not count"
        );
        let caudron = ranking
            .rows
            .iter()
            .find(|r| r.name == "Caudron")
            .unwrap()
            .player_id;
        let figures = s.player_stats(caudron, &StatsQuery::default()).unwrap();
        let libre = figures
            .disciplines
            .iter()
            .find(|d| d.discipline == Discipline::Libre)
            .unwrap();
        assert_eq!((libre.matches, libre.won, libre.points), (1, 1, 2));
    });

    // A tap on the first device reaches the second.
    one.store.with_store(|s| {
        s.append_event(one_playing, Event::carom(), t(300)).unwrap();
    });
    one.sync.push(&one.store).await.unwrap();
    assert_eq!(common::validate(&js).await, 1);
    let pulled = two.sync.pull(&two.store).await.unwrap();
    assert_eq!((pulled.stored, pulled.cursor), (1, end + 1));
    same_match(&one, one_playing, &two);
}

/// A device's store that is killed (the pull unwinds) right after its `dies_at`-th step
/// committed.
struct Dying<'a> {
    store: &'a Mutex<Store>,
    steps: AtomicUsize,
    dies_at: usize,
}

impl StoreAccess for Dying<'_> {
    fn with_store<R>(&self, f: impl FnOnce(&mut Store) -> R) -> R {
        let done = self.store.with_store(f);
        if self.steps.fetch_add(1, Ordering::SeqCst) + 1 == self.dies_at {
            std::panic::resume_unwind(Box::new("the device is killed"));
        }
        done
    }
}

#[tokio::test]
async fn a_device_killed_between_two_records_starts_again_from_its_cursor_and_applies_each_once() {
    let dir = tempfile::tempdir().unwrap();
    let server = common::start(&ServerConfig::loopback(dir.path().join("hub")));
    let (_client, js) = common::jetstream_of(server.url()).await;
    names::ensure(&js).await.unwrap();
    let one = Device::open(dir.path(), "table-1", &js);
    let signed = one.score_signed(["Caudron", "Jaspers"]);
    let playing = one.score_under_way(["Caudron", "Jaspers"], 3);
    one.sync.push(&one.store).await.unwrap();
    assert_eq!(common::validate(&js).await, 12);

    let two = Device::open(dir.path(), "table-2", &js);
    // Its first step reads the cursor; then one record a step. Killed after the fifth.
    let dying = Dying {
        store: &two.store,
        steps: AtomicUsize::new(0),
        dies_at: 6,
    };
    let killed = std::panic::AssertUnwindSafe(two.sync.pull(&dying))
        .catch_unwind()
        .await;
    assert!(killed.is_err(), "the pull was killed");
    assert_eq!(two.store.with_store(|s| s.club_cursor().unwrap()), 5);

    // The process ends: its store is closed, and opened again by the next start.
    let Device {
        path, store, sync, ..
    } = two;
    drop(store.into_inner().unwrap());
    let two = Device {
        store: Mutex::new(Store::open(&path).unwrap()),
        id: String::new(),
        path,
        sync,
    };
    let pulled = two.sync.pull(&two.store).await.unwrap();
    assert_eq!(
        pulled,
        Pulled {
            stored: 7,
            known: 0,
            own: 0,
            cursor: 12
        },
        "the five applied before the kill are not applied again"
    );
    same_match(&one, signed, &two);
    same_match(&one, playing, &two);
    let rows = two.store.with_store(|s| s.list_matches(10).unwrap());
    let mut events: Vec<u32> = rows.iter().map(|r| r.events).collect();
    events.sort_unstable();
    assert_eq!(events, [3, 6], "each event once");
}
