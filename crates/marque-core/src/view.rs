//! One sheet for every reader: what the app's sheet and room scoreboard, the text sheet, CSV
//! and PDF show, made once here from the game's [`Face`](crate::games::Face). A reader lays it
//! out; it derives nothing of its own.
//!
//! A sheet held whole (the app, PDF) gives a [`SheetView`]; a session played again hand by
//! hand without keeping its sheet (text, CSV) gives each [`RowView`] as it is played
//! ([`each_row`]).

use crate::games::{GameKind, Line, Paper, Place};
use crate::i18n::msg;
use crate::i18n::{Lang, Msg};
use crate::session::{End, Hand, HandRow, Problem, Session, Sheet};
use crate::stream::Played;

/// A side's cell in a hand's row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cell {
    /// The points the side scored in the hand.
    pub points: i64,
    /// The side's standing after the hand, as the game shows it.
    pub standing: i64,
    /// A figure shown small beside the points (ascenseur: the bid).
    pub extra: Option<i64>,
    /// The seat was not at the table for this entry (not come yet, or gone): it shows no
    /// points, as a paper sheet leaves the cell blank.
    pub absent: bool,
}

impl Cell {
    /// The points, signed ("·" for none), with the extra as a superscript: `+30`, `·`,
    /// `+12 ⁽2⁾`.
    pub fn points_text(&self) -> String {
        if self.absent {
            return String::new();
        }
        let points = match self.points {
            0 if self.extra.is_none() => "·".to_string(),
            p => signed(p),
        };
        match self.extra {
            Some(e) => format!("{points} {}", superscript(e)),
            None => points,
        }
    }

    /// The points and the standing: `+30 → 120`, `· → 90`, `+12 ⁽2⁾ → 40`.
    pub fn text(&self) -> String {
        if self.absent {
            return String::new();
        }
        format!("{} → {}", self.points_text(), self.standing)
    }
}

/// A number signed as scores are: `+30`, `-10`, `0`.
pub fn signed(n: i64) -> String {
    if n > 0 {
        format!("+{n}")
    } else {
        n.to_string()
    }
}

/// A number as a screen shows it, with a true minus sign: `−35`, `0`, `120`.
pub fn minus(n: i64) -> String {
    typeset(&n.to_string())
}

/// A signed number as a screen shows it: `+30`, `−10`, `0`.
pub fn signed_shown(n: i64) -> String {
    typeset(&signed(n))
}

/// A text for the screen: each hyphen before a digit becomes a minus sign (`-35` → `−35`);
/// a hyphen between words is left alone. Files, CSV and the command line keep the hyphen.
pub fn typeset(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    let mut chars = text.chars().peekable();
    let mut before: Option<char> = None;
    while let Some(c) = chars.next() {
        let word_before = before.is_some_and(char::is_alphanumeric);
        if c == '-' && !word_before && chars.peek().is_some_and(char::is_ascii_digit) {
            out.push('−');
        } else {
            out.push(c);
        }
        before = Some(c);
    }
    out
}

/// A number in superscript digits, in parentheses: `⁽¹²⁾`.
pub fn superscript(n: i64) -> String {
    const DIGITS: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    let mut out = String::from("⁽");
    if n < 0 {
        out.push('⁻');
    }
    for c in n.unsigned_abs().to_string().chars() {
        out.push(c.to_digit(10).map_or(c, |d| DIGITS[d as usize]));
    }
    out.push('⁾');
    out
}

/// One hand's row.
#[derive(Debug, Clone, PartialEq)]
pub struct RowView {
    /// The hand's index, from 0.
    pub index: usize,
    /// Its short label ("4♠ N =", "Manche 1, donne 3").
    pub label: Msg,
    /// A line under its title (bridge: who is vulnerable).
    pub note: Option<Msg>,
    /// The part of the game it belongs to (bridge: its rubber).
    pub part: Option<usize>,
    /// The side that won the part of the game it ends (truc: the manche).
    pub part_won: Option<usize>,
    /// That side as named then, by who held it (a substitute later changes nothing here).
    part_winner: Option<crate::i18n::Arg>,
    /// Each side's cell.
    pub cells: Vec<Cell>,
    /// Where the table counts it: the hand's number among the hands, or the event.
    pub place: Place,
    /// Who held each seat for it (a table event: after it, so that a seat it brings or gives
    /// has its new holder's name): the names every reader heads its columns with.
    pub held: std::sync::Arc<Vec<String>>,
}

impl RowView {
    /// Hand `index`'s row, `running` being each side's points added up to it, included.
    pub fn of(
        session: &Session,
        (index, place): (usize, Place),
        hand: &Hand,
        row: &HandRow,
        (running, shown, seated): (&[i64], &mut Vec<i64>, &Seated),
    ) -> Self {
        // An event shows the standing as it was where the game shows another figure than
        // the points added up (truc's manche points).
        let keep = hand.game.event().is_some() && session.game.standing_apart();
        shown.resize(running.len(), 0);
        let cells = (0..running.len())
            .map(|s| {
                if !keep {
                    shown[s] = row.info.standing(s, running[s]);
                }
                Cell {
                    points: row.delta.get(s).copied().unwrap_or(0),
                    standing: shown[s],
                    extra: hand.game.extra(s),
                    absent: !seated.here(s, hand),
                }
            })
            .collect();
        let part_won = row.info.part_won(session.options.typed());
        RowView {
            index,
            label: hand
                .game
                .label(&row.info, place_index(place, index), &seated.names),
            note: row.info.note(),
            part: row.info.part(),
            part_won,
            part_winner: part_won.and_then(|w| {
                session
                    .game
                    .side_args(&session.game.sides(&seated.names))
                    .into_iter()
                    .nth(w)
            }),
            cells,
            place,
            held: match hand.game.event() {
                Some(_) => {
                    let mut then = seated.clone();
                    then.after(hand);
                    then.names
                }
                None => seated.names.clone(),
            },
        }
    }

    /// Its heading: the game's word and its number in the table's count ("Brasse 4"), or an
    /// event's kind.
    pub fn heading(&self, game: GameKind, lang: Lang) -> String {
        game.place_title(self.place).render(lang)
    }

    /// The table event it is, if it is one (titled by its kind, not as a hand).
    pub fn event(&self) -> Option<crate::games::table::EventKind> {
        match self.place {
            Place::Event(k) => Some(k),
            Place::Hand(_) => None,
        }
    }

    /// Its number in the table's count ("4" for the 4th brasse), none for a table event.
    pub fn number(&self) -> Option<usize> {
        match self.place {
            Place::Hand(n) => Some(n),
            Place::Event(_) => None,
        }
    }

    /// What a narrow column writes for the row: a table event whose label is a sentence that
    /// says its kind ("Emma remplace Lise", "Marc arrive (450)", "Marc part") by that
    /// sentence alone; agreed points, and a hand, as [`RowView::shown`].
    pub fn short(&self, names: &[String], lang: Lang) -> String {
        match self.event() {
            Some(kind) if kind != crate::games::table::EventKind::Adjust => self.label.render(lang),
            _ => self.shown(names, lang),
        }
    }

    /// What a sheet writes for the row: a table event by its kind ("Arrivée — Marc arrive
    /// (450)"), a hand by its [`RowView::title`].
    pub fn shown(&self, names: &[String], lang: Lang) -> String {
        match self.event() {
            Some(kind) => format!(
                "{} — {}",
                crate::i18n::tr(lang, kind.name_key()),
                self.label.render(lang)
            ),
            None => self.title(names).render(lang),
        }
    }

    /// The label, with the part it ends and who won it: "Donne 3 — manche gagnée par Anne",
    /// named as the side was then (`names`, the sides now, where that is not known).
    pub fn title(&self, names: &[String]) -> Msg {
        match (self.part_won, &self.part_winner) {
            (Some(_), Some(winner)) => {
                msg!("sheet.part_won", label = self.label.clone()).with("winner", winner.clone())
            }
            (Some(w), None) => msg!(
                "sheet.part_won",
                label = self.label.clone(),
                winner = names.get(w).map(String::as_str).unwrap_or("")
            ),
            (None, _) => self.label.clone(),
        }
    }
}

/// The head of a sheet: what every reader shows above and below the rows.
#[derive(Debug, Clone, PartialEq)]
pub struct Head {
    pub game: GameKind,
    /// The sides' names as people say them.
    pub names: Vec<String>,
    /// The key of the totals' label.
    pub total_label: &'static str,
    pub totals: Vec<i64>,
    pub finished: bool,
    /// The game reached its natural end.
    pub natural_end: bool,
    pub winners: Vec<usize>,
    /// The session goes on after the game's end (bridge's evening), while it is not closed.
    pub goes_on: bool,
}

impl Head {
    /// The head of `session`'s sheet, names in `lang`.
    pub fn of(session: &Session, sheet: &Sheet, lang: Lang) -> Head {
        let seats = sheet.seats();
        let left: Vec<usize> = (0..seats.len()).filter(|s| !seats.plays(*s)).collect();
        Head::of_end(
            session,
            (&sheet.totals, &left),
            (sheet.finished, sheet.natural_end),
            &sheet.winners,
            lang,
        )
    }

    fn of_end(
        session: &Session,
        (totals, left): (&[i64], &[usize]),
        (finished, natural_end): (bool, bool),
        winners: &[usize],
        lang: Lang,
    ) -> Head {
        let game = session.game;
        let mut names = game.side_names(&session.sides(), lang);
        mark_gone(&mut names, left, lang);
        Head {
            game,
            names,
            total_label: game.total_label(),
            totals: totals.to_vec(),
            finished,
            natural_end,
            winners: winners.to_vec(),
            goes_on: game.goes_on() && !session.closed,
        }
    }

    /// The head after a session played again (see [`each_row`]).
    pub fn after(session: &Session, end: &End, lang: Lang) -> Head {
        Head::of_end(
            session,
            (&end.totals, &end.left),
            (end.finished, end.natural_end),
            &end.winners,
            lang,
        )
    }

    /// How the sheet ends for people: its winners once the game is over, else that it goes on.
    pub fn outcome(&self) -> Msg {
        if self.finished {
            let (names, count) = self.winner_names();
            msg!("text.finished", winners = names, count = count)
        } else {
            Msg::new("text.in_progress")
        }
    }

    /// The winners' names joined, and how many they are.
    pub fn winner_names(&self) -> (String, usize) {
        winner_names(&self.winners, &self.names)
    }
}

/// A sheet held whole, as every reader shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct SheetView {
    pub head: Head,
    pub rows: Vec<RowView>,
    /// Each side's points added up after each hand.
    pub running: Vec<Vec<i64>>,
    /// Bridge's rubbers as on paper (empty for other games).
    pub papers: Vec<Paper>,
    /// Lines scored when the session was closed, in no hand.
    pub closing: Vec<Line>,
}

impl SheetView {
    /// The view of `session`'s sheet, names in `lang`.
    pub fn new(session: &Session, sheet: &Sheet, lang: Lang) -> SheetView {
        let running = sheet.running();
        let rows = rows(session, sheet).collect();
        SheetView {
            head: Head::of(session, sheet, lang),
            rows,
            running,
            papers: if session.game.has_paper() {
                sheet.papers()
            } else {
                Vec::new()
            },
            closing: sheet.closing.clone(),
        }
    }
}

/// The rows of `session`'s scored `sheet`, made one at a time (none kept): what a reader that
/// goes through a long sheet once (the PDF) reads.
pub fn rows<'a>(session: &'a Session, sheet: &'a Sheet) -> impl Iterator<Item = RowView> + 'a {
    let mut running = vec![0; sheet.sides.len()];
    let mut shown = Vec::new();
    let mut seated = Seated::new(&session.players);
    session
        .hands
        .iter()
        .zip(&sheet.hands)
        .zip(crate::session::places(
            &session.hands,
            session.options.typed(),
        ))
        .enumerate()
        .map(move |(i, ((hand, row), place))| {
            for (a, d) in running.iter_mut().zip(&row.delta) {
                *a += d;
            }
            let r = RowView::of(
                session,
                (i, place),
                hand,
                row,
                (&running, &mut shown, &seated),
            );
            seated.after(hand);
            r
        })
}

/// Plays `session` again hand by hand, handing each hand's row to `each` with the hand as it
/// was played, and keeping none; the standing at the end. Stops at the first hand refused,
/// with its problems.
pub fn each_row(
    session: &Session,
    mut each: impl FnMut(&RowView, &Played<'_>),
) -> Result<End, Vec<Problem>> {
    let mut running = vec![0; session.sides().len()];
    let mut shown = Vec::new();
    let mut seated = Seated::new(&session.players);
    let mut hands = 0;
    crate::stream::play_each(session, |p| {
        for (a, d) in running.iter_mut().zip(&p.row.delta) {
            *a += d;
        }
        let place = Place::step(&mut hands, &p.hand.game, session.options.typed());
        let row = RowView::of(
            session,
            (p.index, place),
            p.hand,
            p.row,
            (&running, &mut shown, &seated),
        );
        seated.after(p.hand);
        each(&row, &p);
    })
}

/// The index a game's label takes: the hand's own among the hands (from 0), where the game
/// names it by its number ("Manche 3").
fn place_index(place: Place, index: usize) -> usize {
    match place {
        Place::Hand(n) => n - 1,
        Place::Event(_) => index,
    }
}

/// Who holds each seat and who is at the table, entry by entry (table events: a substitute,
/// a seat that joined, one that left).
#[derive(Debug, Clone)]
pub struct Seated {
    /// Who holds each seat: the names the rows' labels use (shared by the rows until a seat
    /// changes hands).
    pub names: std::sync::Arc<Vec<String>>,
    /// Each seat made so far: whether it still plays.
    present: Vec<bool>,
}

impl Seated {
    fn new(players: &[String]) -> Seated {
        Seated {
            names: std::sync::Arc::new(players.to_vec()),
            present: vec![true; players.len()],
        }
    }

    /// Whether seat `s` is at the table for `hand`: there before it, or brought by it (an
    /// arrival's own row shows its starting score, a departure's its seat).
    fn here(&self, s: usize, hand: &Hand) -> bool {
        use crate::games::table::Event;
        self.present.get(s).copied().unwrap_or(false)
            || matches!(hand.game.event(), Some(Event::Join { .. })) && s == self.present.len()
    }

    /// Who holds each seat after `hand`.
    fn after(&mut self, hand: &Hand) {
        use crate::games::table::Event;
        match hand.game.event() {
            Some(Event::Replace { seat, player }) => {
                if let Some(n) = std::sync::Arc::make_mut(&mut self.names).get_mut(*seat) {
                    n.clone_from(player);
                }
            }
            Some(Event::Join { player, .. }) => {
                std::sync::Arc::make_mut(&mut self.names).push(player.clone());
                self.present.push(true);
            }
            Some(Event::Leave { seat }) => {
                if let Some(p) = self.present.get_mut(*seat) {
                    *p = false;
                }
            }
            _ => {}
        }
    }
}

/// Each side of `names` whose seat left the table (`left`) marked as such: "Lise (départ)".
/// At bridge no seat leaves.
pub fn mark_gone(names: &mut [String], left: &[usize], lang: Lang) {
    for &s in left {
        if let Some(name) = names.get_mut(s) {
            *name = msg!("sheet.gone", name = name.as_str()).render(lang);
        }
    }
}

/// The newest hand in a line, as the room reads it: "Donne 6 : 4♠ par Nord, fait — NS +420"
/// (the sides the hand gave points to, `names` as people say them); `None` before any hand.
pub fn last_hand(session: &Session, sheet: &Sheet, names: &[String]) -> Option<Msg> {
    let i = sheet.hands.len().checked_sub(1)?;
    let points: Vec<String> = names
        .iter()
        .zip(&sheet.hands[i].delta)
        .filter(|(_, d)| **d != 0)
        .map(|(n, d)| format!("{n} {}", signed_shown(*d)))
        .collect();
    // Nothing to anyone (a substitute, a passed deal): no dash before nothing.
    let key = if points.is_empty() {
        "view.last_hand_nothing"
    } else {
        "view.last_hand"
    };
    Some(crate::i18n::msg!(
        key,
        entry = session.game.place_title(session.place(i)),
        what = sheet.label(&session.hands, i),
        points = points.join(", ")
    ))
}

/// Bridge: each rubber of `session` as on paper, with its number, handed to `each` as it ends
/// while the session is played again (`end` its standing at the end), none kept. Other games:
/// none.
pub fn each_paper(
    session: &Session,
    end: &crate::session::End,
    mut each: impl FnMut(usize, &crate::games::Paper),
) -> Result<(), Vec<Problem>> {
    use crate::games::{Ended, Live, Papers};
    let mut papers = Papers::default();
    let mut k = 0;
    let mut put = |ended: Ended, live: &Live| {
        if let Some(paper) = ended.close_on(live) {
            each(k, &paper);
            k += 1;
        }
    };
    crate::stream::play_each(session, |p| {
        if let Some(ended) = papers.push_row(&p.row.info, &p.row.lines) {
            put(ended, p.after);
        }
    })?;
    if let Some(ended) = papers.finish() {
        put(ended, &end.live);
    }
    Ok(())
}

/// The names of the winning sides among `sides` (as people say them), joined: "NS", "Anne, Bruno".
pub fn winner_names(winners: &[usize], sides: &[String]) -> (String, usize) {
    let names: Vec<&str> = winners
        .iter()
        .filter_map(|&w| sides.get(w))
        .map(String::as_str)
        .collect();
    (names.join(", "), names.len())
}

#[cfg(test)]
mod tests {
    use super::typeset;

    #[test]
    fn hyphens_before_digits_become_minus_signs() {
        assert_eq!(typeset("-35 → -120"), "−35 → −120");
        assert_eq!(typeset("+10 → 5"), "+10 → 5");
        assert_eq!(typeset("Jean-2 a -5"), "Jean-2 a −5");
        assert_eq!(typeset("mi-temps"), "mi-temps");
    }
}
