//! `carom-tournament`: club tournaments over carom matches.
//!
//! Pure, like `carom-core`: no I/O, no clock, no randomness; strings in, strings out.
//!
//! - The file `carambole-tournament/1` ([`TournamentFile`], `docs/tournament-file.md`):
//!   read strictly ([`TournamentFile::parse`], every refusal an [`Error`] with its
//!   [`ErrorCode`] and JSON path) and written back ([`TournamentFile::to_json`]).
//! - Draws: poules by serpentine with club mates kept apart
//!   ([`TournamentFile::draw_poules`]), the order of play ([`PlayOrder`]), knock-out
//!   brackets with byes ([`bracket::first_round`]), the final phase from the poules
//!   ([`bracket::final_phase`]), the next rounds and the placings.
//! - Standings per rule set ([`RuleSet`], [`TournamentFile::standings`], their JSON form
//!   [`TournamentFile::standings_json`]).
//! - The federations' files: [`TournamentFile::ffb_e2i`], [`TournamentFile::dbu_clubcloud`].

#![deny(missing_docs)]

pub mod bracket;
mod check;
pub mod draw;
pub mod error;
pub mod export;
pub mod file;
mod handicap;
mod kinds;
pub mod order;
pub mod rules;
pub mod standings;
mod standings_json;
mod value;

pub use error::{Error, ErrorCode};
pub use file::{
    ClockTime, Correction, Decimal3, Entrant, Figures, Game, GameResult, KnockOut, Phase, Poule,
    Round, RoundKind, RoundRobin, Seeding, ThirdPlace, TournamentFile, FORMAT, MAX_FILE_BYTES,
};
pub use order::PlayOrder;
pub use rules::{outcome_of, Counted, GameOutcome, RuleSet, Withdrawal};
pub use standings::{PouleStandings, Row};
