//! The stored matches: the history and the trash ([`list`], with its search form
//! [`filters`] and the report of an [`import`]), a finished match read-only
//! ([`archive`]), the export of a match file ([`export`]), and the backup and restore of
//! the whole database ([`data`]).

pub mod archive;
pub mod data;
pub mod export;
pub mod filters;
pub mod import;
pub mod list;
