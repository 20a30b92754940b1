//! Conduct (R-END-4): warnings and forfeits stop the match.

use super::{InningEnd, Match, NoteRecord};
use crate::announce::Announcement;
use crate::player::Player;
use crate::view::{ResultReason, Winner};

impl Match {
    /// A warning for conduct (Art. 18.1): the second one loses the match (R-END-4).
    pub(super) fn warning(&mut self, idx: usize, at: Option<u64>, p: Player) {
        // At most two: the second ends the match, and no event follows the end.
        self.state.warnings[p] = self.state.warnings[p].saturating_add(1);
        let count = self.state.warnings[p];
        self.warnings_log.push(NoteRecord {
            event_index: idx,
            at,
            player: p,
            text: String::new(),
        });
        self.announce(
            idx,
            Announcement::Warning {
                player: p,
                name: self.name(p),
                count,
            },
        );
        if count >= 2 {
            self.stop(idx, at, p.other(), ResultReason::SecondWarning);
        }
    }

    /// The player abandons the table and loses the match (R-END-4, Art. 4.3).
    pub(super) fn forfeit(&mut self, idx: usize, at: Option<u64>, p: Player) {
        self.announce(
            idx,
            Announcement::Forfeit {
                player: p,
                name: self.name(p),
            },
        );
        self.stop(idx, at, p.other(), ResultReason::Forfeit);
    }

    /// R-END-4: forfeit or second warning.
    pub(super) fn stop(
        &mut self,
        idx: usize,
        at: Option<u64>,
        winner: Player,
        reason: ResultReason,
    ) {
        if self.in_game() {
            self.record_inning(idx, at, InningEnd::Stopped);
            self.state.run = 0;
            self.push_game(None, reason);
        }
        self.finish(idx, Winner::Player(winner), reason);
    }
}
