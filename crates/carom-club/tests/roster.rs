//! The club's one roster on a real server (Debian's 2.9), two devices each with its
//! SQLite file: a player made on one is the same player on the other (his uid, club and
//! licence); two changes of one player made apart end in a conflict both devices show,
//! with neither value lost; a resolution on one device is the one value in the roster,
//! and both devices agree after a sync.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::Path;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use async_nats::jetstream;
use carom_api::{PlayerInfo, RosterConflict, RosterEntry};
use carom_club::{
    names, ClubError, ClubSync, RosterPulled, RosterPushed, ServerConfig, StoreAccess,
};
use carom_store::{PlayerFields, PlayerRecord, Store};
use chrono::{DateTime, Utc};

mod common;

fn t(ms: i64) -> DateTime<Utc> {
    DateTime::from_timestamp_millis(1_765_000_000_000 + ms).unwrap()
}

/// A device of the club: its store (on its SQLite file) and its sync.
struct Device {
    store: Mutex<Store>,
    id: String,
    sync: ClubSync,
}

impl Device {
    fn open(dir: &Path, name: &str, js: &jetstream::Context) -> Device {
        let store = Store::open(&dir.join(format!("{name}.sqlite"))).unwrap();
        let id = store.device().to_owned();
        let sync = ClubSync::new(js.clone(), &id).unwrap();
        Device {
            store: Mutex::new(store),
            id,
            sync,
        }
    }

    async fn push(&self) -> RosterPushed {
        self.sync.push_roster(&self.store).await.unwrap()
    }

    async fn pull(&self) -> RosterPulled {
        self.sync.pull_roster(&self.store).await.unwrap()
    }

    fn player(&self, uid: &str) -> PlayerRecord {
        self.store
            .with_store(|s| s.player_by_uid(uid))
            .unwrap()
            .unwrap_or_else(|| panic!("no player {uid} on {}", self.id))
    }

    fn change(&self, uid: &str, fields: &PlayerFields) {
        let id = self.player(uid).id;
        self.store
            .with_store(|s| s.update_player(id, fields))
            .unwrap();
    }

    fn conflicts(&self) -> Vec<carom_store::StoredRosterConflict> {
        self.store.with_store(|s| s.roster_conflicts()).unwrap()
    }
}

fn ana() -> PlayerFields {
    PlayerFields {
        name: "Ana Silva".into(),
        club: "BC Porto".into(),
        licence: "P-1204".into(),
        notes: String::new(),
    }
}

fn info(p: &PlayerFields) -> PlayerInfo {
    PlayerInfo {
        name: p.name.clone(),
        club: p.club.clone(),
        licence: p.licence.clone(),
        notes: p.notes.clone(),
    }
}

fn fields(p: &PlayerRecord) -> PlayerFields {
    PlayerFields {
        name: p.name.clone(),
        club: p.club.clone(),
        licence: p.licence.clone(),
        notes: p.notes.clone(),
    }
}

/// The roster's value of `uid` and its revision.
async fn in_roster(js: &jetstream::Context, uid: &str) -> (RosterEntry, u64) {
    let roster = js.get_key_value(names::ROSTER).await.unwrap();
    let entry = roster.entry(uid).await.unwrap().unwrap();
    (
        serde_json::from_slice(&entry.value).unwrap(),
        entry.revision,
    )
}

/// The club's conflict about `uid`, if one is shown.
async fn shown(js: &jetstream::Context, uid: &str) -> Option<RosterConflict> {
    let conflicts = js.get_key_value(names::ROSTER_CONFLICTS).await.unwrap();
    conflicts
        .get(uid)
        .await
        .unwrap()
        .map(|v| serde_json::from_slice(&v).unwrap())
}

/// A server with the club's streams and buckets, and two devices on it.
async fn club(dir: &Path) -> (carom_club::NatsServer, jetstream::Context, Device, Device) {
    let server = common::start(&ServerConfig::loopback(dir.join("hub")));
    let (_client, js) = common::jetstream_of(server.url()).await;
    names::ensure(&js).await.unwrap();
    let one = Device::open(dir, "table-1", &js);
    let two = Device::open(dir, "table-2", &js);
    (server, js, one, two)
}

#[tokio::test]
async fn a_player_made_on_one_device_is_the_same_player_on_the_other_with_club_and_licence() {
    let dir = tempfile::tempdir().unwrap();
    let (_server, js, one, two) = club(dir.path()).await;
    one.store
        .with_store(|s| s.save_player(&ana(), t(0)))
        .unwrap();
    assert_eq!(one.push().await.published, 1);
    let uid = format!("{}.1", one.id);
    let (entry, revision) = in_roster(&js, &uid).await;
    assert_eq!(entry.player, info(&ana()));

    let pulled = two.pull().await;
    assert_eq!((pulled.added, pulled.conflicts), (1, 0));
    assert_eq!(fields(&two.player(&uid)), ana(), "club and licence travel");
    assert_eq!(
        two.push().await,
        RosterPushed::default(),
        "nothing of his to write back"
    );

    // A change on the second reaches the first; a player made on the second too.
    let moved = PlayerFields {
        licence: "P-2001".into(),
        ..ana()
    };
    two.change(&uid, &moved);
    let bea = PlayerFields {
        name: "Bea Costa".into(),
        club: "BC Lisboa".into(),
        licence: "L-7".into(),
        notes: "left-handed".into(),
    };
    two.store.with_store(|s| s.save_player(&bea, t(1))).unwrap();
    assert_eq!(two.push().await.published, 2);
    assert!(in_roster(&js, &uid).await.1 > revision);
    let pulled = one.pull().await;
    assert_eq!((pulled.added, pulled.updated), (1, 1));
    assert_eq!(fields(&one.player(&uid)), moved);
    assert_eq!(fields(&one.player(&format!("{}.1", two.id))), bea);
    assert_eq!(one.pull().await.updated, 0, "nothing newer the second time");
}

#[tokio::test]
async fn two_changes_of_one_player_made_apart_are_a_conflict_both_show_until_one_resolves_it() {
    let dir = tempfile::tempdir().unwrap();
    let (_server, js, one, two) = club(dir.path()).await;
    one.store
        .with_store(|s| s.save_player(&ana(), t(0)))
        .unwrap();
    one.push().await;
    two.pull().await;
    let uid = format!("{}.1", one.id);

    // Apart: each changes Ana from the same revision; the first to write wins the roster.
    let lisboa = PlayerFields {
        club: "BC Lisboa".into(),
        ..ana()
    };
    let licence = PlayerFields {
        licence: "P-9".into(),
        ..ana()
    };
    one.change(&uid, &lisboa);
    two.change(&uid, &licence);
    assert_eq!(one.push().await.published, 1);
    let pushed = two.push().await;
    assert_eq!((pushed.published, pushed.conflicts), (0, 1));

    // Neither value is lost: the roster has the first's, the club's conflict the second's.
    let (entry, revision) = in_roster(&js, &uid).await;
    assert_eq!(entry.player, info(&lisboa));
    let conflict = shown(&js, &uid)
        .await
        .expect("the conflict is shown to the club");
    assert_eq!(
        (
            &conflict.device,
            &conflict.lost,
            &conflict.roster,
            conflict.revision
        ),
        (&two.id, &info(&licence), &info(&lisboa), revision)
    );
    assert_eq!(
        fields(&two.player(&uid)),
        licence,
        "not overwritten here either"
    );

    // Both devices show it; a sync changes nothing while it is open.
    let pulled = one.pull().await;
    assert_eq!(pulled.conflicts, 1);
    let pulled = two.pull().await;
    assert_eq!((pulled.conflicts, pulled.kept, pulled.closed), (1, 1, 0));
    for device in [&one, &two] {
        let open = device.conflicts();
        assert_eq!(open.len(), 1, "{}", device.id);
        assert_eq!(
            (open[0].lost.clone(), open[0].roster.clone()),
            (licence.clone(), lisboa.clone())
        );
    }
    assert_eq!(two.push().await, RosterPushed::default());
    assert_eq!(in_roster(&js, &uid).await.1, revision);

    // Resolved on the first with a value edited from both: one value in the roster.
    let both = PlayerFields {
        club: "BC Lisboa".into(),
        licence: "P-9".into(),
        ..ana()
    };
    one.store
        .with_store(|s| s.resolve_roster_conflict(&uid, &both, t(5)))
        .unwrap();
    assert!(one.conflicts().is_empty());
    let pushed = one.push().await;
    assert_eq!((pushed.published, pushed.resolved), (1, 1));
    assert_eq!(in_roster(&js, &uid).await.0.player, info(&both));
    assert_eq!(shown(&js, &uid).await, None, "gone from the club");

    let pulled = two.pull().await;
    assert_eq!((pulled.closed, pulled.updated, pulled.conflicts), (1, 1, 0));
    assert!(two.conflicts().is_empty());
    assert_eq!(
        two.push().await,
        RosterPushed::default(),
        "its lost write gave way"
    );
    one.pull().await;
    assert_eq!(fields(&one.player(&uid)), both);
    assert_eq!(fields(&two.player(&uid)), both, "both devices agree");
}

#[tokio::test]
async fn a_device_cut_from_the_hub_meets_the_change_made_meanwhile_as_a_conflict() {
    let dir = tempfile::tempdir().unwrap();
    let config = ServerConfig::loopback(dir.path().join("hub"));
    let server = common::start(&config);
    let port: u16 = server.url().rsplit(':').next().unwrap().parse().unwrap();
    let (client, js) = common::jetstream_of(server.url()).await;
    names::ensure(&js).await.unwrap();
    let one = Device::open(dir.path(), "table-1", &js);
    let two = Device::open(dir.path(), "table-2", &js);
    two.store
        .with_store(|s| s.save_player(&ana(), t(0)))
        .unwrap();
    two.push().await;
    one.pull().await;
    let uid = format!("{}.1", two.id);

    // The hub goes away: the second device changes Ana and cannot write.
    server.stop().unwrap();
    let offline = PlayerFields {
        notes: "changed while the hub was away".into(),
        ..ana()
    };
    two.change(&uid, &offline);
    match two.sync.push_roster(&two.store).await {
        // Offline, or (before the client noticed) a request never answered.
        Err(ClubError::Offline | ClubError::JetStream(_)) => {}
        other => panic!("{other:?}"),
    }
    // Back on the same address and store; the first device changes Ana first.
    let mut again = config.clone();
    again.listen.set_port(port);
    let _server = common::start(&again);
    let started = Instant::now();
    while client.connection_state() != async_nats::connection::State::Connected {
        assert!(started.elapsed() < Duration::from_secs(20), "reconnected");
        tokio::task::yield_now().await;
    }
    let meanwhile = PlayerFields {
        licence: "P-5".into(),
        ..ana()
    };
    one.change(&uid, &meanwhile);
    assert_eq!(one.push().await.published, 1);
    assert_eq!(two.push().await.conflicts, 1);
    assert_eq!(in_roster(&js, &uid).await.0.player, info(&meanwhile));
    assert_eq!(shown(&js, &uid).await.map(|c| c.lost), Some(info(&offline)));
    assert_eq!(one.pull().await.conflicts, 1);
    assert_eq!(one.conflicts().len(), 1);

    // The device whose write lost keeps the roster's value: the club agrees on it.
    two.store
        .with_store(|s| s.resolve_roster_conflict(&uid, &meanwhile, t(9)))
        .unwrap();
    assert_eq!(two.push().await.resolved, 1);
    assert_eq!(one.pull().await.closed, 1);
    two.pull().await;
    assert!(one.conflicts().is_empty() && two.conflicts().is_empty());
    assert_eq!(fields(&one.player(&uid)), meanwhile);
    assert_eq!(fields(&two.player(&uid)), meanwhile);
}

#[tokio::test]
async fn a_third_write_waits_for_the_open_conflict_and_a_resolution_that_lost_is_a_conflict_again()
{
    let dir = tempfile::tempdir().unwrap();
    let (_server, js, one, two) = club(dir.path()).await;
    let three = Device::open(dir.path(), "table-3", &js);
    one.store
        .with_store(|s| s.save_player(&ana(), t(0)))
        .unwrap();
    one.push().await;
    two.pull().await;
    three.pull().await;
    let uid = format!("{}.1", one.id);

    // Three changes from one revision: the first wins, the second is the conflict, the
    // third waits for it (one conflict per player is shown at a time).
    let by = |club: &str, licence: &str, notes: &str| PlayerFields {
        club: club.into(),
        licence: licence.into(),
        notes: notes.into(),
        ..ana()
    };
    one.change(&uid, &by("BC Lisboa", "P-1204", ""));
    two.change(&uid, &by("BC Porto", "P-2", ""));
    let third = by("BC Porto", "P-1204", "third");
    three.change(&uid, &third);
    one.push().await;
    assert_eq!(two.push().await.conflicts, 1);
    let pushed = three.push().await;
    assert_eq!((pushed.conflicts, pushed.waiting), (0, 1));
    assert_eq!(
        shown(&js, &uid).await.map(|c| c.device),
        Some(two.id.clone())
    );
    assert_eq!(three.pull().await.kept, 1);
    assert_eq!(fields(&three.player(&uid)), third, "kept, not overwritten");

    // The second resolves with its own value, but the first changed Ana again before
    // it was written: the resolution lost, and is the conflict now.
    let pick = by("BC Porto", "P-2", "picked");
    two.store
        .with_store(|s| s.resolve_roster_conflict(&uid, &pick, t(5)))
        .unwrap();
    let newest = by("BC Lisboa", "P-3", "");
    one.change(&uid, &newest);
    assert_eq!(one.push().await.published, 1);
    let pushed = two.push().await;
    assert_eq!((pushed.conflicts, pushed.resolved), (1, 0));
    let conflict = shown(&js, &uid).await.unwrap();
    assert_eq!(
        (conflict.lost, conflict.roster),
        (info(&pick), info(&newest))
    );
    assert_eq!(two.conflicts().len(), 1, "open again here");

    // The first resolves it with the roster's value; the third's waiting write then
    // meets the roster and is shown in its turn.
    one.pull().await;
    one.store
        .with_store(|s| s.resolve_roster_conflict(&uid, &newest, t(6)))
        .unwrap();
    assert_eq!(one.push().await.resolved, 1);
    assert_eq!(three.pull().await.closed, 1);
    assert_eq!(three.push().await.conflicts, 1);
    let conflict = shown(&js, &uid).await.unwrap();
    assert_eq!(
        (conflict.device, conflict.lost),
        (three.id.clone(), info(&third))
    );
    // The second's conflict was replaced, not closed: its write gives way all the same.
    let pulled = two.pull().await;
    assert_eq!((pulled.closed, pulled.updated, pulled.conflicts), (0, 1, 1));
    assert_eq!(fields(&two.player(&uid)), newest);
    assert_eq!(two.push().await, RosterPushed::default());
}
