//! Every error the store reports reads as one localized line in each language, as the
//! application words it.

use std::path::PathBuf;

use carom_app::{error_text, store_error};
use carom_i18n::Lang;
use carom_store::StoreError;

/// The store's faults that are not about input (those come from carom-core's messages).
fn faults() -> Vec<StoreError> {
    vec![
        StoreError::NewerSchema,
        StoreError::Locked,
        StoreError::ReadOnly,
        StoreError::NotAFile(PathBuf::from("/dev/null")),
        StoreError::Foreign,
        StoreError::NoDatabase(PathBuf::from("typo.sqlite")),
        StoreError::DiskFull,
        StoreError::Io("x".into()),
        StoreError::Corrupt("x".into()),
        StoreError::Damaged("*** in database main ***\nTree 5 page 5 cell 0: bad".into()),
        StoreError::Migration("x".into()),
        StoreError::BackupOntoItself,
    ]
}

#[test]
fn every_store_fault_has_a_one_line_message_in_every_language() {
    for lang in [Lang::En, Lang::Fr, Lang::Es] {
        for e in faults() {
            let code = store_error(&e).code;
            assert!(
                carom_i18n::has(lang, code.message().0),
                "{lang:?}: {code:?}"
            );
            let line = error_text(lang, &code);
            assert!(
                !line.contains('{') && !line.contains('\n'),
                "{lang:?}: {line}"
            );
        }
    }
}

#[test]
fn damaged_pages_are_told_in_one_line_without_sqlites_findings() {
    let e = StoreError::Damaged("*** in database main ***\nTree 5 page 5 cell 0: bad".into());
    for lang in [Lang::En, Lang::Fr, Lang::Es] {
        let line = error_text(lang, &store_error(&e).code);
        assert!(!line.contains('\n'), "{lang:?}: {line}");
        assert!(
            !line.contains("***") && !line.contains("Tree"),
            "{lang:?}: {line}"
        );
    }
}

#[test]
fn a_path_that_is_not_a_file_is_named_in_its_message() {
    let e = StoreError::NotAFile(PathBuf::from("/tmp/a-fifo"));
    for lang in [Lang::En, Lang::Fr, Lang::Es] {
        let line = error_text(lang, &store_error(&e).code);
        assert!(line.contains("/tmp/a-fifo"), "{lang:?}: {line}");
    }
}
