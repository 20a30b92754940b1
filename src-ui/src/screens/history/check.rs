//! Checking a signed score sheet (a PDF made on this device or another, the phone's or
//! the club's desktop): the history's button picks the file, the app verifies it, and
//! this panel says plainly whether the sheet is genuine — signed by which device key,
//! which match, which score — or, when it is not, why.

use carom_api::{CertifiedPlayer, CertifiedSheet, SheetCheck, SheetFault, SheetVerdict};
use leptos::prelude::*;

use crate::components::format::discipline_name;
use crate::state::i18n::{use_i18n, I18n};

/// The sheet's own day (`2026-11-14`, as it was played: no time zone moves it) in the
/// app's one date format for `lang`.
fn day(date: impl std::fmt::Display, lang: &str) -> String {
    let iso = date.to_string();
    let mut parts = iso.splitn(3, '-').map(str::parse::<u32>);
    match (parts.next(), parts.next(), parts.next()) {
        (Some(Ok(y)), Some(Ok(m)), Some(Ok(d))) => carom_i18n::format_date(
            carom_i18n::Lang::from_code(lang).unwrap_or(carom_i18n::Lang::En),
            i32::try_from(y).unwrap_or_default(),
            m,
            d,
        ),
        _ => iso,
    }
}

/// A player's line: points and innings, with the sets won first when sets are played.
fn player_line(i18n: I18n, p: &CertifiedPlayer) -> String {
    let (name, points, innings) = (p.name.clone(), p.points, p.innings);
    match p.sets_won {
        Some(sets) => i18n.tr(
            "check-player-sets",
            &[
                ("name", name.into()),
                ("sets", sets.into()),
                ("points", points.into()),
                ("innings", innings.into()),
            ],
        ),
        None => i18n.tr(
            "check-player",
            &[
                ("name", name.into()),
                ("points", points.into()),
                ("innings", innings.into()),
            ],
        ),
    }
}

/// Who won, as the sheet says.
fn result_line(i18n: I18n, s: &CertifiedSheet) -> String {
    let winner = match s.winner {
        carom_core::Winner::Player(p) => Some(s.players[p].name.clone()),
        carom_core::Winner::Draw => None,
    };
    match (s.forfeit, winner) {
        (false, Some(name)) => i18n.tr("check-winner", &[("name", name.into())]),
        (true, Some(name)) => i18n.tr("check-winner-forfeit", &[("name", name.into())]),
        (_, None) => i18n.t("check-draw"),
    }
}

/// The headline of a fault.
fn fault_line(i18n: I18n, fault: SheetFault, file: &str) -> String {
    i18n.tr(
        &format!("check-fault-{}", fault.id()),
        &[("file", file.to_owned().into())],
    )
}

/// The panel of one check.
#[component]
pub fn SheetCheckResult(check: SheetCheck) -> impl IntoView {
    let i18n = use_i18n();
    let file = check.file;
    match check.verdict {
        SheetVerdict::Genuine(sheet) => {
            let carom_core::ByPlayer { a, b } = sheet.players.clone();
            let where_ = [sheet.competition.clone(), sheet.venue.clone()]
                .into_iter()
                .filter(|s| !s.trim().is_empty())
                .collect::<Vec<_>>()
                .join(" · ");
            let date = sheet.date;
            let (discipline, fingerprint, here) = (
                sheet.discipline,
                sheet.fingerprint.clone(),
                sheet.signed_here,
            );
            let referee = sheet.referee.clone();
            view! {
                <div class="banner ok sheet-check genuine" role="status" data-testid="check-genuine">
                    <p class="check-verdict">{i18n.text("check-genuine")}</p>
                    <p class="check-match" data-testid="check-match">
                        {move || i18n.tr("check-match", &[
                            ("discipline", discipline_name(i18n, discipline).into()),
                            ("date", day(date, i18n.0.get().code()).into()),
                        ])}
                    </p>
                    {(!where_.is_empty()).then(|| view! { <p class="check-where">{where_}</p> })}
                    <ul class="check-players" data-testid="check-score">
                        <li>{move || player_line(i18n, &a)}</li>
                        <li>{move || player_line(i18n, &b)}</li>
                    </ul>
                    <p data-testid="check-result">{move || result_line(i18n, &sheet)}</p>
                    {(!referee.trim().is_empty()).then(|| view! {
                        <p>{move || i18n.tr("check-referee", &[("name", referee.clone().into())])}</p>
                    })}
                    <p class="check-key" data-testid="check-key">
                        {move || i18n.tr(
                            if here { "check-signed-here" } else { "check-signed-elsewhere" },
                            &[("fingerprint", fingerprint.clone().into())],
                        )}
                    </p>
                    <p class="help">{move || i18n.tr("check-genuine-explain", &[("file", file.clone().into())])}</p>
                </div>
            }
            .into_any()
        }
        SheetVerdict::NotGenuine { fault, reason } => view! {
            <div class="banner error sheet-check" role="alert" data-testid="check-not-genuine"
                data-fault=fault.id()>
                <p class="check-verdict">{i18n.text("check-not-genuine")}</p>
                <p data-testid="check-fault">{move || fault_line(i18n, fault, &file)}</p>
                <p class="check-reason" data-testid="check-reason">{move || i18n.error(&reason)}</p>
            </div>
        }
        .into_any(),
    }
}
