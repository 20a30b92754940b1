//! The stored matches: the history and the trash ([`list`], with its search form
//! [`filters`], the report of an [`import`] and the result of a sheet [`check`]), a
//! finished match read-only ([`archive`]), the export of a match file ([`export`]), and
//! the backup and restore of the whole database ([`data`]).

pub mod archive;
pub mod check;
pub mod data;
pub mod export;
pub mod filters;
pub mod import;
pub mod list;
