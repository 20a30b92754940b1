//! The statistics area: the players list ([`roster`]), a player's page ([`player`],
//! with the player [`form`] and his statistics [`stats`]), the club ranking
//! ([`ranking`]); [`StatsScreens`] shows the one a [`StatsRoute`] names. The backend's
//! types are carom-api's.

use leptos::prelude::*;

use crate::screens::players::player::PlayerPage;
use crate::screens::players::ranking::RankingScreen;
use crate::screens::players::roster::PlayersScreen;
use crate::state::shell::StatsRoute;

pub mod form;
pub mod player;
pub mod ranking;
pub mod roster;
pub mod stats;

/// The statistics area, on the screen `route`.
#[component]
pub fn StatsScreens(route: StatsRoute) -> impl IntoView {
    view! {
        <link rel="stylesheet" href="stats.css"/>
        {match route {
            StatsRoute::Players => view! { <PlayersScreen/> }.into_any(),
            StatsRoute::Player(id) => view! { <PlayerPage id/> }.into_any(),
            StatsRoute::Ranking => view! { <RankingScreen/> }.into_any(),
        }}
    }
}
