//! Table sizes and their playing areas.

use serde::{Deserialize, Serialize};

use crate::message::Message;

/// The size of the table (playing surface inside the cushions).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TableSize {
    /// Match (competition) table: 2840 × 1420 mm.
    Match,
    /// Half-match table: 2300 × 1150 mm.
    HalfMatch,
    /// Small table: 2100 × 1050 mm.
    Small,
}

impl TableSize {
    /// Every table size.
    pub const ALL: [TableSize; 3] = [TableSize::Match, TableSize::HalfMatch, TableSize::Small];

    /// Length and width of the playing surface in mm.
    pub const fn playing_area_mm(self) -> (u32, u32) {
        match self {
            TableSize::Match => (2840, 1420),
            TableSize::HalfMatch => (2300, 1150),
            TableSize::Small => (2100, 1050),
        }
    }

    /// Distance of the outer spots of the starting line from its centre, in tenths of mm:
    /// 182.5 mm on a match table (R-START-1), scaled to the width on smaller tables.
    pub const fn outer_spot_offset_tenths(self) -> u32 {
        match self {
            TableSize::Match => 1825,
            // 182.5 × 1150 / 1420 and 182.5 × 1050 / 1420, to the tenth of a mm.
            TableSize::HalfMatch => 1478,
            TableSize::Small => 1349,
        }
    }

    /// The match-file identifier.
    pub const fn id(self) -> &'static str {
        match self {
            TableSize::Match => "match",
            TableSize::HalfMatch => "half-match",
            TableSize::Small => "small",
        }
    }

    /// The Fluent message naming the table size (`table-<id>`).
    pub fn message(self) -> Message {
        Message::new(match self {
            TableSize::Match => "table-match",
            TableSize::HalfMatch => "table-half-match",
            TableSize::Small => "table-small",
        })
    }
}
