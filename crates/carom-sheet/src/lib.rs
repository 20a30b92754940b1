//! Score sheet.
