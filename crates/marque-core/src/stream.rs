//! A session played hand by hand without keeping its sheet: what the command line's text sheet,
//! CSV and `explain` read, so that their memory is the session's, not its sheet's (a hand's row
//! holds its lines, a few times the hand's own size).

use crate::games::Live;
use crate::session::{End, Hand, HandRow, Problem, Replay, Session};

/// One hand as it was played.
pub struct Played<'a> {
    pub index: usize,
    pub hand: &'a Hand,
    pub row: &'a HandRow,
    /// The game after it.
    pub after: &'a Live,
}

fn problems(index: usize, ms: Vec<crate::i18n::Msg>) -> Vec<Problem> {
    ms.into_iter().map(|m| Problem::hand(index, m)).collect()
}

/// Checks that every hand plays, keeping only the score.
pub fn check(session: &Session) -> Result<(), Vec<Problem>> {
    Replay::new(session.options.typed(), &session.players)
        .quiet()
        .play_from(&session.hands, 0)
}

/// Plays every hand in order, handing each to `each` and keeping none: the standing at the end
/// (closed if the session is). Stops at the first hand refused, with its problems.
pub fn play_each(session: &Session, mut each: impl FnMut(Played<'_>)) -> Result<End, Vec<Problem>> {
    let mut replay = Replay::new(session.options.typed(), &session.players);
    for (index, hand) in session.hands.iter().enumerate() {
        let row = replay.play(&hand.game).map_err(|ms| problems(index, ms))?;
        each(Played {
            index,
            hand,
            row: &row,
            after: replay.live(),
        });
    }
    Ok(replay.end(session.closed))
}

/// The game before hand `index` and that hand's row, played from the start without keeping
/// the rows before it; `None` past the last hand.
pub fn before(session: &Session, index: usize) -> Result<Option<(Replay, HandRow)>, Vec<Problem>> {
    let Some(hand) = session.hands.get(index) else {
        return Ok(None);
    };
    let mut replay = Replay::new(session.options.typed(), &session.players);
    replay.play_from(&session.hands[..index], 0)?;
    let before = replay.clone();
    let row = replay.play(&hand.game).map_err(|ms| problems(index, ms))?;
    Ok(Some((before, row)))
}
