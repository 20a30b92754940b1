//! `carambole serve`, run as a real process: a short match played through its command
//! path, bad lines answered as errors, the log on disk afterwards.

// Test code: a failed unwrap or expect is the test's failure report.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use carom_api::{Applied, Call, OpenMatch, OpenedMatch, Play, Reply, StartMatch};
use carom_core::{Discipline, Event, Match, MatchSetup, Player, TableSize};
use serde::de::DeserializeOwned;
use serde_json::Value;

struct Served {
    child: Child,
    input: Option<ChildStdin>,
    output: BufReader<ChildStdout>,
}

impl Served {
    fn start(db: &Path) -> Served {
        let mut child = Command::new(env!("CARGO_BIN_EXE_carambole"))
            .arg("serve")
            .arg("--db")
            .arg(db)
            .env("LC_ALL", "en_US.UTF-8")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let input = child.stdin.take();
        let output = BufReader::new(child.stdout.take().unwrap());
        Served {
            child,
            input,
            output,
        }
    }

    fn line(&mut self, bytes: &[u8]) {
        let input = self.input.as_mut().unwrap();
        input.write_all(bytes).unwrap();
        input.write_all(b"\n").unwrap();
        input.flush().unwrap();
    }

    fn answer<T: DeserializeOwned>(&mut self) -> Reply<T> {
        let mut line = String::new();
        self.output.read_line(&mut line).unwrap();
        assert!(line.ends_with('\n'), "a whole line: {line:?}");
        serde_json::from_str(&line).unwrap_or_else(|e| panic!("{e}: {line}"))
    }

    fn call<C: carom_api::Command>(&mut self, request: C) -> Reply<C::Output> {
        self.line(&serde_json::to_vec(&Call::of(request)).unwrap());
        self.answer()
    }
}

fn ok<T: std::fmt::Debug>(reply: Reply<T>) -> T {
    match reply {
        Reply::Ok(v) => v,
        Reply::Error(e) => panic!("an error answer: {e:?}"),
    }
}

fn error_code(reply: Reply<Value>) -> String {
    match reply {
        Reply::Error(e) => e.code.message().0.to_owned(),
        Reply::Ok(v) => panic!("an ok answer: {v}"),
    }
}

#[test]
fn a_match_played_through_serve_is_answered_after_each_commit_and_is_on_disk() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("serve.sqlite");
    let mut served = Served::start(&db);
    let setup = MatchSetup::race(
        Discipline::ThreeCushion,
        TableSize::Match,
        ["Ana", "Blanca"],
        2,
    );
    let id = ok(served.call(StartMatch {
        setup: setup.clone(),
    }))
    .id;
    let mut mirror = Match::new(setup).unwrap();
    let script = [
        Event::Break {
            player: Some(Player::A),
            spot: None,
            at: None,
        },
        Event::Carom { at: None },
        Event::Carom { at: None },
        Event::Miss { at: None },
    ];
    for event in script {
        let view = mirror.view();
        let seq = mirror.events().len() as u64;
        mirror.apply(event.clone()).unwrap();
        let applied: Applied = ok(served.call(Play {
            id,
            expected_seq: seq,
            player: view.at_table,
            event,
        }));
        assert_eq!(applied.events, seq + 1);
    }
    assert!(mirror.result().is_some(), "the script finishes the match");
    // A screen out of date is refused with its code, and changes nothing.
    let stale = served.call(Play {
        id,
        expected_seq: 1,
        player: mirror.view().at_table,
        event: Event::Carom { at: None },
    });
    match stale {
        Reply::Error(e) => assert_eq!(e.code.message().0, "error-stale-action"),
        Reply::Ok(a) => panic!("a stale play was accepted: {a:?}"),
    }
    let opened: OpenedMatch = ok(served.call(OpenMatch { id }));
    assert_eq!(opened.events, mirror.events());
    drop(served.input.take());
    let status = served.child.wait().unwrap();
    assert!(status.success(), "{status}");
    // What was answered is in the file, read without the app.
    let store = carom_store::Store::open_existing(&db).unwrap();
    let stored: Vec<Event> = store
        .events(id)
        .unwrap()
        .into_iter()
        .map(|e| e.event)
        .collect();
    assert_eq!(stored, mirror.events());
}

#[test]
fn malformed_lines_get_an_error_answer_each_and_serving_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let mut served = Served::start(&dir.path().join("serve.sqlite"));
    for bad in [
        &b"this is not json"[..],
        b"{\"command\": \"launch_missiles\"}",
        b"{\"command\": \"list_matches\", \"args\": {}, \"extra\": 1}",
        b"[1, 2, 3]",
        b"\xff\xfe{}",
        b"",
    ] {
        served.line(bad);
        assert_eq!(
            error_code(served.answer()),
            "error-internal",
            "{}",
            String::from_utf8_lossy(bad)
        );
    }
    // A command of the catalogue whose arguments are not its request.
    served.line(b"{\"command\": \"play\", \"args\": {\"id\": 1}}");
    assert_eq!(error_code(served.answer()), "error-request-invalid");
    served.line(b"{\"command\": \"open_match\", \"args\": {\"id\": 42}}");
    assert_eq!(error_code(served.answer()), "error-match-not-found");
    served.line(b"{\"command\": \"list_matches\"}");
    assert_eq!(ok(served.answer::<Value>()), serde_json::json!([]));
    drop(served.input.take());
    assert!(served.child.wait().unwrap().success());
}

#[test]
fn serve_needs_a_database_path() {
    let out = Command::new(env!("CARGO_BIN_EXE_carambole"))
        .arg("serve")
        .env("LC_ALL", "en_US.UTF-8")
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("--db"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
