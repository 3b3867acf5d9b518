//! The games, by their id in session files: a plain enum, below every game. What each game
//! says of itself is dispatched from the one list (`all.rs`).

/// The games, by their id in session files.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GameKind {
    Bridge,
    Truc,
    Ascenseur,
    Le2500,
    Democratie,
    Tarot,
}

impl GameKind {
    /// Every game, in the order offered to players.
    pub const ALL: [GameKind; 6] = [
        GameKind::Bridge,
        GameKind::Truc,
        GameKind::Ascenseur,
        GameKind::Le2500,
        GameKind::Democratie,
        GameKind::Tarot,
    ];
}
