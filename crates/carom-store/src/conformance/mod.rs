//! The store's tests that hold wherever its database lives: a file on the desktop
//! ([`Store::open`]), or a database in a registered SQLite VFS ([`Store::open_vfs`]: the
//! web app's worker opens one in the browser's Origin Private File System). Each test
//! takes an [`Opener`], the place its databases live, and is run from both sides without
//! being written twice: natively by this crate's unit tests (on files and on SQLite's
//! `unix` VFS, `native.rs`), and in a real browser by carom-web's `tests/store.rs`.
//!
//! What is only about files (paths, locks held by another process, read-only or
//! special files, backups to paths, bytes damaged from outside SQLite) stays in the
//! native tests (`tests/faults.rs`, the table modules).
//!
//! A runner expands [`for_each_conformance_test!`](crate::for_each_conformance_test)
//! into one test per name, each calling [`run`]; the names and the table [`run`] reads
//! come from that one list, and a test function missing from it is dead code (a
//! warning, an error under `-D warnings`).
//!
//! Built for this crate's tests and with the `conformance` feature, never in the app.

// Test code: a failed expectation is a panic, which is the test failing.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod events;
mod files;
mod matches;
#[cfg(test)]
mod native;
mod players;
mod schema;
mod settings;
mod signatures;
mod stats;

use rusqlite::{Connection, OpenFlags};

use crate::{Store, StoreError};

use events::*;
// The file unit tests of `crate::files` play the same finished match.
#[cfg(test)]
pub(crate) use files::finished_file;
use files::*;
use matches::*;
use players::*;
use schema::*;
use settings::*;
use signatures::*;
use stats::*;

/// Where a test's databases live: each test gets a new, empty place.
pub trait Opener {
    /// Opens the store `name` in this place as the app opens its database (created the
    /// first time, the same data after). Close (drop) a store before opening it again.
    ///
    /// # Errors
    /// Whatever [`Store::open`] or [`Store::open_vfs`] refuses it with.
    fn open(&self, name: &str) -> Result<Store, StoreError>;

    /// A bare SQLite connection to the database `name` in this place, without the
    /// store's checks, pragmas or migrations: to write what an older app would have left,
    /// or to look at what a refused open left behind.
    fn connect(&self, name: &str) -> Connection;
}

/// The databases of a registered SQLite VFS, their names starting with `prefix`: the
/// browser's OPFS pool (`prefix` "/"), or natively SQLite's `unix` VFS (`prefix` a
/// folder and "/").
pub struct InVfs {
    vfs: String,
    prefix: String,
}

impl InVfs {
    /// Databases named `prefix` + name in the VFS `vfs` (registered by the caller).
    pub fn new(vfs: &str, prefix: &str) -> InVfs {
        InVfs {
            vfs: vfs.to_owned(),
            prefix: prefix.to_owned(),
        }
    }

    fn name(&self, name: &str) -> String {
        format!("{}{name}", self.prefix)
    }
}

impl Opener for InVfs {
    fn open(&self, name: &str) -> Result<Store, StoreError> {
        Store::open_vfs(&self.name(name), &self.vfs)
    }

    fn connect(&self, name: &str) -> Connection {
        let conn = Connection::open_with_flags_and_vfs(
            self.name(name),
            OpenFlags::SQLITE_OPEN_READ_WRITE
                | OpenFlags::SQLITE_OPEN_CREATE
                | OpenFlags::SQLITE_OPEN_NO_MUTEX,
            self.vfs.as_str(),
        )
        .expect("a bare connection in the VFS");
        // As the store does (`Store::open_vfs`): a VFS without shared memory (the
        // browser's pool) opens a database in WAL mode only in exclusive locking mode.
        conn.pragma_update(None, "locking_mode", "EXCLUSIVE")
            .expect("exclusive locking mode");
        conn
    }
}

/// Calls `$callback! { name, name, … }` with the name of every conformance test: a runner
/// expands it into one test per name, each calling [`run`] with its name.
///
/// ```text
/// macro_rules! on_files {
///     ($($name:ident),* $(,)?) => {$(
///         #[test]
///         fn $name() {
///             carom_store::conformance::run(stringify!($name), &Files::new());
///         }
///     )*};
/// }
/// carom_store::for_each_conformance_test!(on_files);
/// ```
#[macro_export]
macro_rules! for_each_conformance_test {
    ($callback:ident) => {
        $callback! {
            appended_events_are_stored_in_order_and_the_status_follows_the_core,
            an_impossible_event_is_refused_and_nothing_is_stored,
            a_stale_or_wrong_turn_append_is_refused_and_nothing_is_written,
            unfinished_matches_resume_exactly_where_they_stopped_after_reopening,
            a_full_database_refuses_the_write_and_keeps_everything_acknowledged,
            a_created_match_is_listed_newest_first_with_trimmed_names,
            invalid_forms_are_refused_with_the_field_and_code_and_store_nothing,
            matches_survive_closing_and_reopening_the_store,
            the_history_filters_by_player_discipline_status_and_date_and_pages_newest_first,
            a_trashed_match_leaves_the_history_until_restored_or_purged,
            a_player_is_saved_once_per_name_and_club_and_updated_in_place,
            bad_player_forms_are_refused_with_the_field,
            a_setting_is_written_then_overwritten_and_kept_with_the_device_id,
            a_signed_match_is_locked_against_events_and_reclamations,
            a_match_on_screen_that_was_signed_or_trashed_takes_no_event,
            a_match_in_play_cannot_be_signed,
            an_exported_match_imports_as_an_equal_match_and_a_second_import_is_a_duplicate,
            a_match_recorded_here_is_recognized_when_its_file_comes_back,
            a_version_1_file_that_version_2_refuses_is_kept_replayed_and_exported_as_version_1,
            a_version_1_file_and_its_version_2_export_are_the_same_match,
            malformed_truncated_huge_and_hostile_files_are_refused_and_change_nothing,
            sql_looking_names_are_stored_as_plain_text,
            many_files_import_together_each_refused_one_on_its_own,
            the_history_tells_finished_from_unfinished_matches,
            an_empty_database_is_brought_to_the_latest_version,
            a_version_1_database_keeps_its_data_and_gains_linked_players,
            every_earlier_version_migrates_to_the_latest,
            a_version_3_match_keeps_its_count_and_last_change_and_goes_on,
            matches_stored_before_version_5_follow_the_rules_of_version_1,
            a_version_5_database_gains_the_club_with_every_match_its_own_to_publish,
            events_can_be_neither_changed_nor_removed_nor_appended_out_of_order,
            a_database_from_a_newer_app_is_refused_untouched,
            a_database_from_before_the_application_id_opens_and_is_marked,
            a_database_damaged_inside_is_refused_as_damaged_and_left_as_it_is,
            a_players_three_cushion_figures_are_the_hand_computed_ones,
            the_statistics_can_be_limited_to_one_discipline_and_a_date_range,
            the_club_ranking_orders_by_general_average_with_the_handicap_target,
            the_handicap_formula_is_a_setting,
            merging_two_entries_of_one_person_moves_his_matches_and_his_figures,
            renaming_a_player_onto_another_entry_is_refused,
            unfinished_trashed_and_undone_matches_do_not_count_until_they_finish,
            an_unknown_player_is_an_error_with_a_code,
            matches_stored_before_the_statistics_existed_are_summed_up_by_the_migration,
            the_suggested_distance_comes_from_the_last_ten_matches_in_the_discipline,
        }
    };
}

/// A conformance test.
type Test = fn(&dyn Opener);

macro_rules! table {
    ($($name:ident),* $(,)?) => {
        /// Every conformance test by name.
        const TESTS: &[(&str, Test)] = &[$((stringify!($name), $name as Test)),*];
    };
}
crate::for_each_conformance_test!(table);

/// Runs the conformance test `name` on databases of `place` (a new, empty one).
///
/// # Panics
/// When the test fails, or no test has that name.
pub fn run(name: &str, place: &dyn Opener) {
    let Some((_, test)) = TESTS.iter().find(|(n, _)| *n == name) else {
        panic!("no conformance test is named {name}");
    };
    test(place);
}

/// The database most tests use.
const DB: &str = "carambole.sqlite";
