//! The two players of a match, as a type: [`Player`] and the two-slot [`ByPlayer`].
//!
//! Modelled on shakmaty's `Color` / `ByColor`: a player is never a `u8` that could be 2,
//! and "the other player" is [`Player::other`], not `1 - p`. On the wire nothing changes:
//! a [`Player`] is the integer `0` or `1` (any other value is a deserialization error) and
//! a [`ByPlayer`] is a two-element array, as in the match file `carambole-match/1`.

use std::fmt;
use std::ops::{Index, IndexMut};

use serde::de::{self, Deserializer, Unexpected};
use serde::{Deserialize, Serialize, Serializer};

/// One of the two players, in the order of the set-up: [`Player::A`] is `players[0]`,
/// [`Player::B`] is `players[1]`. Who breaks is a separate fact (the breaker of a game).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    /// The first player of the set-up (index 0; "joueur A" on a French sheet).
    A,
    /// The second player of the set-up (index 1).
    B,
}

impl Player {
    /// Both players, in set-up order.
    pub const ALL: [Player; 2] = [Player::A, Player::B];

    /// The opponent.
    #[must_use]
    pub const fn other(self) -> Player {
        match self {
            Player::A => Player::B,
            Player::B => Player::A,
        }
    }

    /// The index in the set-up and on the wire: 0 or 1.
    pub const fn index(self) -> usize {
        match self {
            Player::A => 0,
            Player::B => 1,
        }
    }

    /// The player of set-up index `index`; `None` for anything but 0 and 1.
    pub const fn from_index(index: usize) -> Option<Player> {
        match index {
            0 => Some(Player::A),
            1 => Some(Player::B),
            _ => None,
        }
    }
}

impl From<Player> for u8 {
    fn from(p: Player) -> u8 {
        match p {
            Player::A => 0,
            Player::B => 1,
        }
    }
}

impl From<Player> for i64 {
    fn from(p: Player) -> i64 {
        i64::from(u8::from(p))
    }
}

impl From<Player> for usize {
    fn from(p: Player) -> usize {
        p.index()
    }
}

/// Displays the wire index, `0` or `1` (as in `players[0]` of a set-up error).
impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.index())
    }
}

impl Serialize for Player {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(u8::from(*self))
    }
}

/// What a player field must hold, as serde's error says it (the match file reader
/// recognises a wrong player by it).
pub(crate) const EXPECTED_PLAYER: &str = "player 0 or 1";

impl<'de> Deserialize<'de> for Player {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Player, D::Error> {
        let n = u64::deserialize(d)?;
        usize::try_from(n)
            .ok()
            .and_then(Player::from_index)
            .ok_or_else(|| de::Error::invalid_value(Unexpected::Unsigned(n), &EXPECTED_PLAYER))
    }
}

/// One value per player: scores, innings, names, cells of a sheet row. Indexed by
/// [`Player`]; serialized as a two-element array `[a, b]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct ByPlayer<T> {
    /// Player A's value.
    pub a: T,
    /// Player B's value.
    pub b: T,
}

impl<T> ByPlayer<T> {
    /// Both values, player A's first.
    pub const fn new(a: T, b: T) -> ByPlayer<T> {
        ByPlayer { a, b }
    }

    /// The value `f(p)` for each player.
    pub fn from_fn(mut f: impl FnMut(Player) -> T) -> ByPlayer<T> {
        ByPlayer {
            a: f(Player::A),
            b: f(Player::B),
        }
    }

    /// The same value for both players.
    pub fn splat(value: T) -> ByPlayer<T>
    where
        T: Clone,
    {
        ByPlayer {
            a: value.clone(),
            b: value,
        }
    }

    /// Applies `f` to each value.
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> ByPlayer<U> {
        ByPlayer {
            a: f(self.a),
            b: f(self.b),
        }
    }

    /// Applies `f` to each player and his value.
    pub fn map_with<U>(self, mut f: impl FnMut(Player, T) -> U) -> ByPlayer<U> {
        ByPlayer {
            a: f(Player::A, self.a),
            b: f(Player::B, self.b),
        }
    }

    /// Borrows both values.
    pub const fn as_ref(&self) -> ByPlayer<&T> {
        ByPlayer {
            a: &self.a,
            b: &self.b,
        }
    }

    /// Each player with his value, player A first.
    pub fn iter(&self) -> impl Iterator<Item = (Player, &T)> {
        [(Player::A, &self.a), (Player::B, &self.b)].into_iter()
    }

    /// Each player with his value, mutably.
    pub fn iter_mut(&mut self) -> impl Iterator<Item = (Player, &mut T)> {
        [(Player::A, &mut self.a), (Player::B, &mut self.b)].into_iter()
    }

    /// The values alone, player A's first.
    pub fn values(&self) -> impl Iterator<Item = &T> {
        [&self.a, &self.b].into_iter()
    }

    /// The values as an array `[a, b]` (the wire order).
    pub fn into_array(self) -> [T; 2] {
        [self.a, self.b]
    }
}

impl<T> Index<Player> for ByPlayer<T> {
    type Output = T;

    fn index(&self, p: Player) -> &T {
        match p {
            Player::A => &self.a,
            Player::B => &self.b,
        }
    }
}

impl<T> IndexMut<Player> for ByPlayer<T> {
    fn index_mut(&mut self, p: Player) -> &mut T {
        match p {
            Player::A => &mut self.a,
            Player::B => &mut self.b,
        }
    }
}

impl<T> From<[T; 2]> for ByPlayer<T> {
    fn from([a, b]: [T; 2]) -> ByPlayer<T> {
        ByPlayer { a, b }
    }
}

impl<T> From<ByPlayer<T>> for [T; 2] {
    fn from(v: ByPlayer<T>) -> [T; 2] {
        v.into_array()
    }
}

impl<T> IntoIterator for ByPlayer<T> {
    type Item = (Player, T);
    type IntoIter = std::array::IntoIter<(Player, T), 2>;

    fn into_iter(self) -> Self::IntoIter {
        [(Player::A, self.a), (Player::B, self.b)].into_iter()
    }
}

impl<T: Serialize> Serialize for ByPlayer<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        [&self.a, &self.b].serialize(s)
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for ByPlayer<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<ByPlayer<T>, D::Error> {
        <[T; 2]>::deserialize(d).map(ByPlayer::from)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_player_is_the_integer_0_or_1_on_the_wire_and_2_is_refused() {
        assert_eq!(serde_json::to_string(&Player::A).unwrap(), "0");
        assert_eq!(serde_json::to_string(&Player::B).unwrap(), "1");
        assert_eq!(serde_json::from_str::<Player>("1").unwrap(), Player::B);
        assert!(serde_json::from_str::<Player>("2").is_err());
        assert!(serde_json::from_str::<Player>("-1").is_err());
        assert!(serde_json::from_str::<Player>("\"0\"").is_err());
    }

    #[test]
    fn by_player_is_a_two_element_array_on_the_wire() {
        let v = ByPlayer::new(3u32, 4);
        assert_eq!(serde_json::to_string(&v).unwrap(), "[3,4]");
        assert_eq!(serde_json::from_str::<ByPlayer<u32>>("[3,4]").unwrap(), v);
        assert!(serde_json::from_str::<ByPlayer<u32>>("[3]").is_err());
        assert!(serde_json::from_str::<ByPlayer<u32>>("[3,4,5]").is_err());
    }

    #[test]
    fn the_other_player_of_the_other_player_is_the_player() {
        for p in Player::ALL {
            assert_ne!(p.other(), p);
            assert_eq!(p.other().other(), p);
            assert_eq!(Player::from_index(p.index()), Some(p));
        }
        assert_eq!(Player::from_index(2), None);
    }

    #[test]
    fn by_player_indexes_iterates_and_maps_in_set_up_order() {
        let mut v = ByPlayer::new(1u32, 2);
        v[Player::B] += 10;
        assert_eq!(v[Player::A], 1);
        assert_eq!(v[Player::B], 12);
        let pairs: Vec<(Player, u32)> = v.iter().map(|(p, x)| (p, *x)).collect();
        assert_eq!(pairs, vec![(Player::A, 1), (Player::B, 12)]);
        assert_eq!(v.map(|x| x * 2).into_array(), [2, 24]);
        assert_eq!(ByPlayer::from_fn(Player::index).into_array(), [0, 1]);
    }
}
