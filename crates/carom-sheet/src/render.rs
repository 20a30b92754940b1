//! Score sheet → PDF with Typst used as a library.
//!
//! The template (`sheet.typ`) only lays out; every string arrives already translated and
//! formatted in `/data.json`. The match envelope and its seal are virtual files that the
//! template attaches to the PDF (PDF/A-3b allows attachments). Fonts come only from
//! `typst-assets`; the world has no clock and no disk.

use std::sync::OnceLock;

use carom_i18n::{format_thousandths, Arg, Lang};
use serde_json::{json, Value};
use typst::diag::{FileError, FileResult, SourceDiagnostic};
use typst::foundations::{Bytes, Datetime, Smart};
use typst::syntax::{FileId, RootedPath, Source, VirtualPath, VirtualRoot};
use typst::text::{Font, FontBook};
use typst::utils::LazyHash;
use typst::{Library, LibraryExt, World};
use typst_layout::PagedDocument;
use typst_pdf::{PdfOptions, PdfStandard, PdfStandards, Timestamp};

use crate::model::{
    BallColour, CorrectionKind, PlayerSlot, SealedResult, SheetDate, SheetDocument, SheetTime,
    SignerRole,
};
use crate::options::RenderOptions;
use crate::seal::{group4, Envelope, Seal};
use crate::wording::{Words, FIRST_WORDING};
use crate::SheetError;

const TEMPLATE: &str = include_str!("sheet.typ");

struct Shared {
    library: LazyHash<Library>,
    book: LazyHash<FontBook>,
    fonts: Vec<Font>,
    main: Source,
    data_id: FileId,
    envelope_id: FileId,
    seal_id: FileId,
    qr_id: FileId,
}

/// The id of one of the world's files. Called only with this module's constant paths.
fn file_id(path: &str) -> FileId {
    // Cannot fail: every path given is one of this module's constants, absolute and
    // without `..`, which a virtual path accepts (the render tests open each file).
    #[allow(clippy::expect_used)]
    let path = VirtualPath::new(path).expect("a valid virtual path");
    RootedPath::new(VirtualRoot::Project, path).intern()
}

fn shared() -> &'static Shared {
    static SHARED: OnceLock<Shared> = OnceLock::new();
    SHARED.get_or_init(|| {
        let fonts: Vec<Font> = typst_assets::fonts()
            .flat_map(|data| Font::iter(Bytes::new(data)))
            .collect();
        let book = FontBook::from_fonts(&fonts);
        let main_id = file_id("/sheet.typ");
        Shared {
            library: LazyHash::new(Library::builder().build()),
            book: LazyHash::new(book),
            fonts,
            main: Source::new(main_id, TEMPLATE.to_owned()),
            data_id: file_id("/data.json"),
            envelope_id: file_id("/match.json"),
            seal_id: file_id("/seal.json"),
            qr_id: file_id(QR_PATH),
        }
    })
}

/// Loads the fonts and parses the template now rather than on the first render.
pub fn warm_up() {
    let _ = shared();
}

struct SheetWorld {
    shared: &'static Shared,
    data: Bytes,
    envelope: Bytes,
    seal: Bytes,
    qr: Bytes,
}

impl World for SheetWorld {
    fn library(&self) -> &LazyHash<Library> {
        &self.shared.library
    }
    fn book(&self) -> &LazyHash<FontBook> {
        &self.shared.book
    }
    fn main(&self) -> FileId {
        self.shared.main.id()
    }
    fn source(&self, id: FileId) -> FileResult<Source> {
        if id == self.shared.main.id() {
            Ok(self.shared.main.clone())
        } else {
            Err(FileError::NotSource)
        }
    }
    fn file(&self, id: FileId) -> FileResult<Bytes> {
        let s = self.shared;
        if id == s.data_id {
            Ok(self.data.clone())
        } else if id == s.envelope_id {
            Ok(self.envelope.clone())
        } else if id == s.seal_id {
            Ok(self.seal.clone())
        } else if id == s.qr_id {
            Ok(self.qr.clone())
        } else if id == s.main.id() {
            Ok(Bytes::from_string(s.main.clone()))
        } else {
            Err(FileError::AccessDenied)
        }
    }
    fn font(&self, index: usize) -> Option<Font> {
        self.shared.fonts.get(index).cloned()
    }
    fn today(&self, _offset: Option<typst::foundations::Duration>) -> Option<Datetime> {
        None // no clock: every date comes from the document
    }
}

fn diagnostics(diags: &[SourceDiagnostic]) -> String {
    diags
        .iter()
        .map(|d| d.message.to_string())
        .collect::<Vec<_>>()
        .join("; ")
}

/// Renders the sealed envelope to PDF bytes.
pub(crate) fn render(
    envelope: &Envelope,
    envelope_bytes: Vec<u8>,
    seal: &Seal,
    lang: Lang,
    fingerprint: &str,
) -> Result<Vec<u8>, SheetError> {
    let doc = &envelope.sheet;
    let options = &envelope.options;
    let words = Words::of(options.wording, lang)?;
    let data = page_data(doc, lang, words, seal, fingerprint, options);
    let data = serde_json::to_vec(&data).map_err(|e| SheetError::Layout {
        detail: format!("the page data: {e}"),
    })?;
    let world = SheetWorld {
        shared: shared(),
        data: Bytes::new(data),
        envelope: Bytes::new(envelope_bytes),
        seal: Bytes::new(seal.to_bytes()),
        qr: Bytes::new(if options.qr_code {
            qr_png(&seal.qr_text())?
        } else {
            Vec::new()
        }),
    };
    let document: PagedDocument =
        typst::compile(&world)
            .output
            .map_err(|diags| SheetError::Layout {
                detail: diagnostics(&diags),
            })?;
    let h = &doc.header;
    let end = Datetime::from_ymd_hms(
        h.date.year,
        h.date.month,
        h.date.day,
        h.end.hour,
        h.end.minute,
        h.end.second,
    );
    let standards = if options.pdf_a {
        PdfStandards::new(&[PdfStandard::A_3b])
    } else {
        PdfStandards::new(&[])
    }
    .map_err(|e| SheetError::Layout {
        detail: e.message().to_string(),
    })?;
    let pdf_options = PdfOptions {
        ident: Smart::Custom(format!("carambole-sheet-{}", seal.digest)),
        creator: Smart::Custom(Some("Carambole".into())),
        timestamp: end.map(Timestamp::new_utc),
        standards,
        ..PdfOptions::default()
    };
    let pdf = typst_pdf::pdf(&document, &pdf_options).map_err(|diags| SheetError::Layout {
        detail: diagnostics(&diags),
    });
    // Typst's layout cache (comemo) is global and grows with every new sheet (about
    // 4 MB a sheet, never freed). Drop what the last renders have not used: the cells,
    // fonts and template parts that recur stay cached.
    typst::comemo::evict(CACHE_MAX_AGE);
    pdf
}

/// How many renders a cached layout result survives without being used again.
const CACHE_MAX_AGE: usize = 10;

/// Formats a date as the language writes it (`2026-11-14`, `14/11/2026`): the
/// app's one date format, [`carom_i18n::format_date`].
pub(crate) fn format_date(lang: Lang, d: SheetDate) -> String {
    carom_i18n::format_date(lang, d.year, d.month.into(), d.day.into())
}

/// The totals row of player `p` exactly as the page prints it, cell by cell (after the
/// name): points, innings, general average, high run, best game average[, sets won].
pub(crate) fn totals_cells(doc: &SheetDocument, lang: Lang, p: usize) -> Vec<String> {
    let tot = &doc.totals[p];
    let mut cells = vec![
        tot.points.to_string(),
        tot.innings.to_string(),
        format_thousandths(lang, tot.general_average.into()),
        tot.high_run.to_string(),
        format_thousandths(lang, tot.best_game_average.into()),
    ];
    if let Some(n) = tot.sets_won {
        cells.push(n.to_string());
    }
    cells
}

fn role_label(words: Words, role: SignerRole) -> String {
    words.t(&format!("sheet-role-{}", role.id()))
}

/// The table's name and size ("2 · Match 2.84 × 1.42 m"); a sheet sealed without the
/// size shows the name alone, as it was printed.
fn table_text(words: Words, h: &crate::model::SealedHeader) -> String {
    let name = h.table.trim();
    match (h.table_size, name.is_empty()) {
        (None, true) => "—".to_owned(),
        (None, false) => name.to_owned(),
        (Some(size), true) => words.t(size.message().id),
        (Some(size), false) => format!("{name} · {}", words.t(size.message().id)),
    }
}

/// An undone action ("carom of Gómez in inning 12 cancelled"): see
/// [`carom_i18n::undo_message`], shared with the end screen.
fn undo_text(words: Words, what: &str, name: Option<String>, inning: Option<u32>) -> String {
    let (id, args) = carom_i18n::undo_message(what.to_owned(), name, inning);
    words.tr(id, &args)
}

fn player_name(doc: &SheetDocument, p: PlayerSlot) -> String {
    doc.players[p.index()].name.clone()
}

fn page_data(
    doc: &SheetDocument,
    lang: Lang,
    words: Words,
    seal: &Seal,
    fingerprint: &str,
    options: &RenderOptions,
) -> Value {
    let h = &doc.header;
    let label = |id: &str| words.t(id);
    let dash = "—".to_owned();
    let or_dash = |s: &str| {
        if s.trim().is_empty() {
            dash.clone()
        } else {
            s.to_owned()
        }
    };
    let distance = if doc.players[0].target == doc.players[1].target {
        words.tr(
            "sheet-distance-points",
            &[("n", Arg::from(doc.players[0].target))],
        )
    } else {
        format!(
            "{} ({} / {})",
            label("sheet-handicap"),
            doc.players[0].target,
            doc.players[1].target
        )
    };
    let innings_limit = h
        .innings_limit
        .map_or_else(|| label("sheet-no-limit"), |n| n.to_string());
    let sets_format = h.best_of_sets.map_or_else(
        || label("sheet-no-sets"),
        |n| words.tr("sheet-best-of", &[("n", Arg::from(n))]),
    );
    let header = vec![
        [label("sheet-competition"), or_dash(&h.competition)],
        [label("sheet-venue"), or_dash(&h.venue)],
        [label("sheet-table"), table_text(words, h)],
        [label("sheet-date"), format_date(lang, h.date)],
        [label("sheet-start"), h.start.hh_mm()],
        [label("sheet-end"), h.end.hh_mm()],
        [
            label("sheet-discipline"),
            label(&format!("sheet-discipline-{}", h.discipline.id())),
        ],
        [label("sheet-distance"), distance],
        [label("sheet-innings-limit"), innings_limit],
        [label("sheet-sets-format"), sets_format],
        [label("sheet-referee"), or_dash(&h.referee)],
        [label("sheet-marker"), or_dash(&h.marker)],
    ];
    let players: Vec<Value> = PlayerSlot::BOTH
        .iter()
        .map(|&p| {
            let pl = &doc.players[p.index()];
            json!({
                "label": label(&format!("sheet-player-{}", p.number())),
                "name": pl.name,
                "club": or_dash(&pl.club),
                "ball": label(match pl.ball {
                    BallColour::White => "sheet-ball-white",
                    BallColour::Yellow => "sheet-ball-yellow",
                }),
                "white": pl.ball == BallColour::White,
                "target": pl.target.to_string(),
            })
        })
        .collect();
    let with_sets = h.best_of_sets.is_some();
    let sets: Vec<Value> = doc
        .sets
        .iter()
        .map(|set| {
            let rows: Vec<Value> = set
                .rows
                .iter()
                .map(|r| {
                    let cell = |p: usize| -> [String; 2] {
                        match r.runs[p] {
                            Some(run) => [run.to_string(), r.totals[p].to_string()],
                            None => [String::new(), String::new()],
                        }
                    };
                    let [r1, t1] = cell(0);
                    let [r2, t2] = cell(1);
                    let [f1, f2] = r.fouls;
                    json!([r.inning.to_string(), r1, t1, r2, t2, r.equalizing, f1, f2])
                })
                .collect();
            let last = set.rows.last();
            let score = last.map_or([0, 0], |r| r.totals);
            json!({
                "title": with_sets.then(|| words.tr("sheet-set", &[("n", Arg::from(set.number))])),
                "rows": rows,
                "score": format!("{} – {}", score[0], score[1]),
                "winner": set.winner.map(|w| words.tr("sheet-set-winner", &[("name", Arg::Text(player_name(doc, w)))])),
            })
        })
        .collect();
    let mut totals_columns = vec![
        label("sheet-player"),
        label("sheet-points"),
        label("sheet-innings"),
        label("sheet-general-average"),
        label("sheet-high-run"),
        label("sheet-best-game-average"),
    ];
    if with_sets {
        totals_columns.push(label("sheet-sets-won"));
    }
    let totals_rows: Vec<Value> = (0..2)
        .map(|p| {
            let mut row = vec![doc.players[p].name.clone()];
            row.extend(totals_cells(doc, lang, p));
            json!(row)
        })
        .collect();
    let result = match doc.result {
        SealedResult::Win { winner } => words.tr(
            "sheet-result-win",
            &[("name", Arg::Text(player_name(doc, winner)))],
        ),
        SealedResult::Forfeit { winner } => words.tr(
            "sheet-result-forfeit",
            &[("name", Arg::Text(player_name(doc, winner)))],
        ),
        SealedResult::Draw => label("sheet-result-draw"),
    };
    let corrections: Vec<Value> = doc
        .corrections
        .iter()
        .map(|c| {
            let what = match &c.kind {
                CorrectionKind::Undo {
                    undone_event,
                    what,
                    player,
                    inning,
                } => {
                    let id = format!("sheet-event-{what}");
                    let what = if words.has(&id) {
                        words.t(&id)
                    } else {
                        what.clone()
                    };
                    if words.wording() == FIRST_WORDING {
                        words.tr(
                            "sheet-correction-undo",
                            &[
                                ("event", Arg::from(*undone_event)),
                                ("what", Arg::Text(what)),
                            ],
                        )
                    } else {
                        undo_text(words, &what, player.map(|p| player_name(doc, p)), *inning)
                    }
                }
                CorrectionKind::EditedRun {
                    set,
                    inning,
                    player,
                    before,
                    after,
                } => {
                    let text = words.tr(
                        "sheet-correction-edit",
                        &[
                            ("name", Arg::Text(player_name(doc, *player))),
                            ("inning", Arg::from(*inning)),
                            ("before", Arg::from(*before)),
                            ("after", Arg::from(*after)),
                        ],
                    );
                    if with_sets {
                        format!(
                            "{} · {text}",
                            words.tr("sheet-set", &[("n", Arg::from(*set))])
                        )
                    } else {
                        text
                    }
                }
                CorrectionKind::EditedSetup {
                    field,
                    before,
                    after,
                } => {
                    let id = format!("setup-field-{field}");
                    let name = if words.has(&id) {
                        words.t(&id)
                    } else {
                        field.clone()
                    };
                    let none = || words.t("sheet-setup-none");
                    words.tr(
                        "sheet-correction-setup",
                        &[
                            ("field", Arg::Text(name)),
                            ("before", Arg::Text(before.clone().unwrap_or_else(none))),
                            ("after", Arg::Text(after.clone().unwrap_or_else(none))),
                        ],
                    )
                }
            };
            json!([c.at.map_or_else(|| dash.clone(), SheetTime::hh_mm_ss), what])
        })
        .collect();
    let warnings: Vec<Value> = doc
        .warnings
        .iter()
        .map(|w| {
            json!([
                w.at.map_or_else(|| dash.clone(), SheetTime::hh_mm_ss),
                player_name(doc, w.player),
                or_dash(&w.reason)
            ])
        })
        .collect();
    let reclamations: Vec<Value> = doc
        .reclamations
        .iter()
        .map(|r| json!([player_name(doc, r.by), r.text]))
        .collect();
    let signatures: Vec<Value> = SignerRole::ALL
        .iter()
        .filter_map(|&role| doc.signature(role))
        .map(|s| {
            json!({
                "role": role_label(words, s.role),
                "name": s.name,
                "at": words.tr("sheet-signed-at", &[
                    ("date", Arg::Text(format_date(lang, s.signed_at.date))),
                    ("time", Arg::Text(s.signed_at.time.hh_mm_ss())),
                ]),
                "svg": s.svg(),
            })
        })
        .collect();
    let qr = options.qr_code.then_some(QR_PATH);
    let labels: serde_json::Map<String, Value> = [
        "sheet-title",
        "sheet-header",
        "sheet-players",
        "sheet-name",
        "sheet-club",
        "sheet-ball",
        "sheet-target",
        "sheet-innings-grid",
        "sheet-inning-short",
        "sheet-run",
        "sheet-total",
        "sheet-equalizing-inning",
        "sheet-foul-mark",
        "sheet-foul-note",
        "sheet-totals",
        "sheet-result",
        "sheet-corrections",
        "sheet-no-corrections",
        "sheet-time",
        "sheet-correction",
        "sheet-warnings",
        "sheet-no-warnings",
        "sheet-reason",
        "sheet-player",
        "sheet-reclamations",
        "sheet-no-reclamations",
        "sheet-signatures",
        "sheet-seal",
        "sheet-digest",
        "sheet-key",
        "sheet-signature-ed25519",
        "sheet-seal-note",
        "sheet-digest-short",
        "sheet-key-short",
    ]
    .iter()
    .map(|id| ((*id).to_owned(), Value::String(label(id))))
    .collect();
    // "Score:" under each set's grid; wording 1 put the colon after the label itself.
    let set_score = if words.wording() == FIRST_WORDING {
        format!("{}:", label("sheet-set-score"))
    } else {
        label("sheet-set-score")
    };
    let average_rule = label(match h.average_rule {
        crate::model::SealedAverageRule::Truncate => "sheet-average-rule-truncate",
        crate::model::SealedAverageRule::RoundHalfUp => "sheet-average-rule-round",
    });
    json!({
        "lang": lang.code(),
        "labels": labels,
        "page": words.tr("sheet-page", &[("n", Arg::Text("#N".into())), ("total", Arg::Text("#T".into()))]),
        "running_title": running_title(doc, lang, words),
        "discipline": label(&format!("sheet-discipline-{}", h.discipline.id())),
        "set_score": set_score,
        "header": header,
        "players": players,
        "sets": sets,
        "totals": { "columns": totals_columns, "rows": totals_rows },
        "average_rule": average_rule,
        "result": result,
        "corrections": corrections,
        "warnings": warnings,
        "reclamations": reclamations,
        "signatures": signatures,
        "seal": {
            "digest": group4(&seal.digest),
            "signature": group4(&seal.signature),
            "fingerprint": fingerprint,
            "qr": qr,
        },
    })
}

/// The title of the PDF and of every page: "Score sheet · competition · A – B · date".
/// Since wording 2 a sheet with no competition leaves that part out (wording 1 printed
/// a dash: "Score sheet · — · A – B · date").
fn running_title(doc: &SheetDocument, lang: Lang, words: Words) -> String {
    let h = &doc.header;
    let competition = h.competition.trim();
    let mut parts = vec![words.t("sheet-title")];
    if !competition.is_empty() {
        parts.push(h.competition.clone());
    } else if words.wording() == FIRST_WORDING {
        parts.push("—".to_owned());
    }
    parts.push(format!("{} – {}", doc.players[0].name, doc.players[1].name));
    parts.push(format_date(lang, h.date));
    parts.join(" · ")
}

/// Where the template finds the QR code image.
const QR_PATH: &str = "/qr.png";

/// The QR code of `text` as a 1-bit PNG, one pixel per module (the template scales it
/// up without smoothing). A raster is used because Typst parses and converts an SVG
/// image anew for every sheet; this tiny PNG costs next to nothing.
///
/// The mask is fixed (checkerboard, valid for any reader) instead of the best of eight:
/// scoring the eight masks cost more than the rest of the code, for a code that is only
/// ever read by a scanner.
///
/// # Errors
/// [`SheetError::Layout`] if the text does not fit in a QR code (the seal's always does)
/// or the PNG could not be written.
fn qr_png(text: &str) -> Result<Vec<u8>, SheetError> {
    use qrcode::canvas::{Canvas, MaskPattern};
    use qrcode::{bits, ec, Color, EcLevel};
    let failed = |what: &str, e: &dyn std::fmt::Display| SheetError::Layout {
        detail: format!("the QR code: {what}: {e}"),
    };
    let level = EcLevel::M;
    let bits = bits::encode_auto(text.as_bytes(), level).map_err(|e| failed("encoding", &e))?;
    let version = bits.version();
    let data = bits.into_bytes();
    let (encoded, ec_data) = ec::construct_codewords(&data, version, level)
        .map_err(|e| failed("error correction", &e))?;
    let mut canvas = Canvas::new(version, level);
    canvas.draw_all_functional_patterns();
    canvas.draw_data(&encoded, &ec_data);
    canvas.apply_mask(MaskPattern::Checkerboard);
    let modules = canvas.into_colors();
    let width = usize::try_from(version.width()).map_err(|e| failed("width", &e))?;
    // Grayscale, 1 bit: 1 is white. Rows are padded to whole bytes.
    let stride = width.div_ceil(8);
    let mut packed = vec![0u8; stride * width];
    for (y, row) in modules.chunks(width).enumerate() {
        for (x, m) in row.iter().enumerate() {
            if *m == Color::Light {
                packed[y * stride + x / 8] |= 0x80 >> (x % 8);
            }
        }
    }
    let side = u32::try_from(width).map_err(|e| failed("width", &e))?;
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, side, side);
    encoder.set_color(png::ColorType::Grayscale);
    encoder.set_depth(png::BitDepth::One);
    let png_failed = |e: png::EncodingError| failed("PNG", &e);
    let mut writer = encoder.write_header().map_err(png_failed)?;
    writer.write_image_data(&packed).map_err(png_failed)?;
    writer.finish().map_err(png_failed)?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    // Test code: a failed unwrap is the test's failure report.
    #![allow(clippy::unwrap_used)]

    use super::*;
    use crate::fixtures;
    use crate::wording::CURRENT_WORDING;

    /// Every string in `v`.
    fn strings(v: &Value, out: &mut Vec<String>) {
        match v {
            Value::String(s) => out.push(s.clone()),
            Value::Array(a) => a.iter().for_each(|v| strings(v, out)),
            Value::Object(o) => o.values().for_each(|v| strings(v, out)),
            _ => {}
        }
    }

    /// Where `text` breaks the French spacing (docs/words.md): no U+00A0 before a
    /// `: ; ! ?` or `»` that ends a word, or after `«`. A time's colon (`14:05`) is no
    /// punctuation.
    fn faults(text: &str) -> Vec<String> {
        let chars: Vec<char> = text.chars().collect();
        (0..chars.len())
            .filter(|&i| {
                let before = i.checked_sub(1).map(|j| chars[j]);
                let after = chars.get(i + 1).copied();
                let ends_word = after.is_none_or(char::is_whitespace);
                match chars[i] {
                    ':' | ';' | '!' | '?' => ends_word && before != Some('\u{a0}'),
                    '»' => before != Some('\u{a0}'),
                    '«' => after != Some('\u{a0}'),
                    _ => false,
                }
            })
            .map(|i| chars[i.saturating_sub(12)..=i].iter().collect())
            .collect()
    }

    #[test]
    fn the_french_page_has_a_no_break_space_before_colons_and_marks_and_inside_quotes() {
        let key = fixtures::device_key();
        let seal = Seal::new(b"{}", &key);
        let mut seen = Vec::new();
        for f in [
            fixtures::three_cushion_equalizing(1),
            fixtures::three_cushion_sets(6),
        ] {
            let words = Words::of(CURRENT_WORDING, Lang::Fr).unwrap();
            let mut data = page_data(
                &f.doc,
                Lang::Fr,
                words,
                &seal,
                &key.fingerprint(),
                &RenderOptions::default(),
            );
            // The protests are the players' own words, as they wrote them.
            data["reclamations"] = Value::Null;
            strings(&data, &mut seen);
        }
        let wrong: Vec<String> = seen.iter().flat_map(|s| faults(s)).collect();
        assert!(wrong.is_empty(), "{wrong:?}");
        // The page has such signs: the check is not vacuous.
        assert!(seen.iter().any(|s| s.contains("\u{a0}:")), "{seen:?}");
        assert!(seen.iter().any(|s| s.contains("«\u{a0}")), "{seen:?}");
        // And it sees a plain space.
        assert_eq!(faults("Score : 3"), ["Score :"]);
        assert_eq!(faults("« verify\u{a0}»"), ["«"]);
    }
}
