//! The versions of the match file, and so of the rules a match's events are read under.
//!
//! A file that was valid in one version replays to the same result forever: a check that
//! refuses events an earlier version accepted comes with a new version, and the earlier one
//! keeps being read with its own, more lenient, rules. A [`crate::Match`] carries the
//! version it is played under, so a match imported from an old file goes on being replayed
//! (and exported) as that file was.

use serde::{Deserialize, Serialize};

/// A version of the match file `carambole-match/N`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum FileFormat {
    /// `carambole-match/1`, read as the release that published it did: a ball off the
    /// table may leave its ball unnamed in three-cushion (no ball is re-spotted), and a
    /// lag where the red was touched may also name a winner or a re-lag (ignored: the red
    /// decides).
    #[serde(rename = "carambole-match/1")]
    V1,
    /// `carambole-match/2`, written by every export: `/1` with those two events refused.
    #[default]
    #[serde(rename = "carambole-match/2")]
    V2,
}

impl FileFormat {
    /// The version every export writes (unless the match needs [`FileFormat::V1`]'s rules).
    pub const CURRENT: FileFormat = FileFormat::V2;

    /// Every version this build reads, oldest first.
    pub const ALL: [FileFormat; 2] = [FileFormat::V1, FileFormat::V2];

    /// The identifier written in a file's `format` field.
    pub const fn id(self) -> &'static str {
        match self {
            FileFormat::V1 => "carambole-match/1",
            FileFormat::V2 => "carambole-match/2",
        }
    }

    /// The version named by `id`, if this build reads it.
    pub fn from_id(id: &str) -> Option<FileFormat> {
        FileFormat::ALL.into_iter().find(|f| f.id() == id)
    }

    /// Whether events are read with `/1`'s lenient rules.
    pub(crate) const fn is_lenient(self) -> bool {
        matches!(self, FileFormat::V1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_version_is_named_by_its_identifier_and_back() {
        for f in FileFormat::ALL {
            assert_eq!(FileFormat::from_id(f.id()), Some(f));
            assert_eq!(
                serde_json::to_string(&f).unwrap(),
                format!("\"{}\"", f.id())
            );
        }
        assert_eq!(FileFormat::from_id("carambole-match/3"), None);
        assert_eq!(FileFormat::CURRENT, FileFormat::default());
    }
}
