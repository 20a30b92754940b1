//! The store's conformance tests (`carom_store::conformance`, the same list the store
//! runs natively on files) in a real browser, in a dedicated worker, on the web app's
//! storage: SQLite in the Origin Private File System through the `opfs-sahpool` VFS of
//! `sqlite-wasm-vfs`, installed as the worker installs it, and `Store::open_vfs`.
//!
//! Run by `cargo xtask test` (wasm-bindgen-test-runner driving headless Chromium through
//! chromedriver). The pool is a folder of its own, emptied before each test, so the tests
//! never see each other's databases (or the app's, in its own folder).

// Test code: a failed unwrap or expect is the test's failure report.
#![allow(clippy::unwrap_used, clippy::expect_used)]
#![cfg(all(target_family = "wasm", target_os = "unknown"))]

use carom_store::conformance::{self, InVfs};
use sqlite_wasm_vfs::sahpool::{install, OpfsSAHPoolCfgBuilder};
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

// The sync access handles the pool needs exist only in a dedicated worker, where the app's
// store runs too.
wasm_bindgen_test_configure!(run_in_dedicated_worker);

/// The tests' VFS: not the app's name or folder (`carom_web::VFS`,
/// `carom_web::POOL_DIRECTORY`).
const VFS: &str = "opfs-sahpool-conformance";

/// The pool, installed once (a second install only hands back its tools) and emptied:
/// the previous test closed every database it opened.
async fn empty_pool() -> InVfs {
    let cfg = OpfsSAHPoolCfgBuilder::new()
        .vfs_name(VFS)
        .directory(".carambole-conformance")
        .initial_capacity(16)
        .build();
    let pool = install::<sqlite_wasm_rs::WasmOsCallback>(&cfg, false)
        .await
        .expect("the OPFS pool VFS installs (a dedicated worker in a secure context)");
    pool.clear_all().await.expect("the pool empties");
    assert_eq!(pool.count(), 0, "the pool holds no database");
    InVfs::new(VFS, "/")
}

macro_rules! in_opfs {
    ($($name:ident),* $(,)?) => {$(
        #[wasm_bindgen_test]
        async fn $name() {
            conformance::run(stringify!($name), &empty_pool().await);
        }
    )*};
}
carom_store::for_each_conformance_test!(in_opfs);

/// The tests above really write to the origin's private file system: the database a store
/// opens is a file of the pool, and what it committed is in the pool's copy of it.
#[wasm_bindgen_test]
async fn the_stores_of_these_tests_are_files_of_the_opfs_pool() {
    let place = empty_pool().await;
    let cfg = OpfsSAHPoolCfgBuilder::new().vfs_name(VFS).build();
    let pool = install::<sqlite_wasm_rs::WasmOsCallback>(&cfg, false)
        .await
        .unwrap();
    let mut store = conformance::Opener::open(&place, "kept.sqlite").unwrap();
    store.set_setting("language", "fr").unwrap();
    drop(store);
    assert_eq!(pool.exists("/kept.sqlite").ok(), Some(true));
    let bytes = pool.export_db("/kept.sqlite").unwrap();
    assert!(bytes.starts_with(b"SQLite format 3\0"));
    assert!(
        bytes.windows(b"language".len()).any(|w| w == b"language"),
        "the committed setting is in the pool's file"
    );
}
