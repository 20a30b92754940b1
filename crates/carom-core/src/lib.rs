//! `carom-core`: the one place where the rules of carom billiards live.
//!
//! Pure: no I/O, no clock, no randomness (time comes in with the events). Builds for
//! `wasm32-unknown-unknown`. Every rule of `RULES.md` is named by its `R-` id in the code
//! and the tests.
//!
//! - [`MatchSetup`] is checked once by [`Match::new`]; a [`Match`] is the fold of its
//!   [`Event`]s ([`Match::apply`], [`Match::replay`]); an impossible event is a
//!   [`PlayError`] and leaves the match unchanged.
//! - Derived: [`Match::view`] ([`MatchView`]), [`Match::sheet`] ([`ScoreSheet`]),
//!   [`Match::announcements`] ([`Announcement`]), [`Guidance`] (ball positions in mm).
//! - Over many matches: [`figures`] (a record's [`Tally`], the [`Trend`] of the averages,
//!   the [`HandicapRule`]'s distance, the ranking's order) and a stored match's
//!   [`MatchStatus`]; the store fetches the numbers, these compute the figures.
//! - Words are never produced here: every announcement, error, foul and prompt gives a
//!   [`Message`] (a Fluent id with arguments) defined in `locales/{en,fr,es}/rules.ftl`.
//! - The match file `carambole-match/2` (and `/1`, read forever): [`MatchFile`],
//!   [`FileFormat`], [`replay_report`].
//!
//! # Glossary
//!
//! | code identifier | English | français | español |
//! |---|---|---|---|
//! | `carom` | carom | carambole | carambola |
//! | `inning` | inning | reprise | entrada |
//! | `run` | run | série | serie (tanda) |
//! | `high_run` | high run | meilleure série | serie mayor |
//! | `general_average` | general average | moyenne générale | promedio general |
//! | `best_game_average` | best game average | moyenne particulière | mejor promedio particular |
//! | `target` | race to N / distance | match en N points / distance | partida a N puntos / distancia |
//! | `innings_limit` | innings limit | limitation de reprises | límite de entradas |
//! | `equalizing_inning` | equalizing inning | reprise d'égalisation | entrada de igualación (contrasalida) |
//! | `set` | set | manche | manga |
//! | `lag` | lag (break-draw) | tirage à la bande | sorteo a banda |
//! | `break_shot` / `breaker` | break / breaker | acquit / joueur qui engage | salida / jugador que sale |
//! | `Libre` | straight rail | partie libre | libre |
//! | `Cadre47_2` | balkline 47/2 | cadre 47/2 | cuadro 47/2 |
//! | anchor | anchor | ancre | ancla |
//! | `OneCushion` | one-cushion | une bande | una banda |
//! | `ThreeCushion` | three-cushion | trois bandes | tres bandas |
//! | cue ball | cue ball | bille de tir | bola del jugador |
//! | `Ball::{White, Yellow, Red}` | white / yellow / red | blanche / jaune (pointée) / rouge | blanca / amarilla / roja |
//! | `Spot::Top` / `Centre` / `Bottom` | top / centre / bottom spot | mouche haute / centrale / basse | mosca alta / central / baja |
//! | starting line | starting line | ligne de départ | línea de salida |
//! | `contact` | frozen balls | billes collées | bolas en contacto |
//! | `BallOffTable` | ball off the table | bille sautée | bola fuera de la mesa |
//! | `foul` | foul | faute | falta |
//! | `PushShot` | push shot | queutage | queuteo |
//! | `ZoneCall::{ACheval, Entree, Dedans}` | on the line / in / inside | à cheval / entrée / dedans | a caballo / entrada / dentro |
//! | `PlaysFor` | plays for N | pour N | juega para N |
//! | innings left | 3 innings left / penultimate / last inning | encore 3 reprises / avant-dernière / dernière reprise | quedan 3 entradas / penúltima / última entrada |
//! | shot clock / `TimeOut` | shot clock / time-out | chronomètre / temps mort | reloj de tiro / tiempo muerto |
//! | pause | break (pause) | pause | pausa |
//! | `Warning` | warning | avertissement | advertencia |
//! | `Forfeit` | forfeit | forfait | pérdida por abandono |
//! | referee / marker | referee / marker | arbitre / marqueur | árbitro / anotador |
//! | `ScoreSheet` | score sheet | feuille de match | hoja de anotación |
//! | `Protest` | protest | réclamation | reclamación |
//! | handicap | handicap | handicap | hándicap |
//! | `Winner::Draw` | draw | match nul | empate |

#![deny(missing_docs)]

pub mod announce;
pub mod discipline;
pub mod error;
pub mod event;
pub mod figures;
pub mod file;
pub mod format;
pub mod game;
pub mod guidance;
pub mod lang;
pub mod message;
pub mod player;
pub mod setup;
pub mod sheet;
pub mod signer;
pub mod status;
pub mod table;
pub mod view;

pub use announce::{Announcement, AnnouncementRecord};
pub use discipline::{ContactRule, Discipline, OffTableRule};
pub use error::{PlayError, ReplayError};
pub use event::{
    ContactChoice, ContactWith, Event, Foul, Occupied, RelagReason, SetupField, SetupValue,
    ZoneCall,
};
pub use figures::{HandicapRule, Outcome, RunCount, Tally, Trend};
pub use file::{
    replay_report, FileError, MatchFile, ReplayReport, ReportStatus, V2Refusal, FORMAT, FORMAT_V1,
};
pub use format::FileFormat;
pub use game::{Correction, GameRecord, InningEnd, InningRecord, Match, Preview};
pub use guidance::{Ball, Guidance, GuidanceKind, Placement, Point, Side, Spot, SpotTaken};
pub use lang::Lang;
pub use message::{Arg, Message};
pub use player::{ByPlayer, Player};
pub use setup::{
    AverageRule, MatchSetup, PausePolicy, PlayerSetup, SetsSetup, SetupError, ShotClock,
};
pub use sheet::ScoreSheet;
pub use signer::{check_signature, SignatureError, SignerRole};
pub use status::MatchStatus;
pub use table::TableSize;
pub use view::{
    Average, MatchResult, MatchView, PendingDecision, Phase, PlayerView, ResultReason,
    ShotClockView, Winner, ZoneStatus,
};
