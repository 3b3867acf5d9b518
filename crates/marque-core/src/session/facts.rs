//! A session's facts for summaries (the home screen, the index, `marque list`): its header,
//! its hand count and where its game stands, every hand played and none kept.

use super::file::{Problem, Session};
use super::one_pass::{self, HandSink, Refused};
use super::sheet::{End, Replay};
use crate::games::{GameHand, GameKind, GameOptions};

/// What a summary of a session needs: its header, its hand count and where its game stands
/// after the last hand (closed if the session is).
#[derive(Debug, Clone)]
pub struct Facts {
    pub game: GameKind,
    pub id: Option<String>,
    pub created: Option<String>,
    /// The title the players gave the session (a field scoring ignores).
    pub title: Option<String>,
    pub players: Vec<String>,
    pub closed: bool,
    pub hands: usize,
    pub end: End,
}

impl Session {
    /// The facts of a session's text, every hand played, or its problems as
    /// [`Session::parse_to_score`] and playing the hands say them.
    ///
    /// A file as Marque writes it (the header before the hands, every hand well formed and
    /// legal) is read in one pass that plays each hand as it is read and keeps none; anything
    /// else is read with care.
    pub fn facts(text: &str) -> Result<Facts, Vec<Problem>> {
        if let Some(f) = fast_facts(text.strip_prefix('\u{feff}').unwrap_or(text)) {
            return Ok(f);
        }
        // The careful reading takes the text as it is (it drops one byte-order mark itself).
        let s = Session::parse_to_score(text)?;
        let mut replay = Replay::new(s.options.typed(), &s.players)
            .quiet()
            .counting(&s.players);
        replay.play_from(&s.hands, 0)?;
        Ok(Facts {
            end: replay.end(s.closed),
            hands: s.hands.len(),
            game: s.game,
            title: s.text_field("title"),
            id: s.id,
            created: s.created,
            players: s.players,
            closed: s.closed,
        })
    }
}

/// [`Session::facts`] in one pass, or `None` where the careful reading must say what is wrong
/// (or where the file is laid out otherwise).
pub(super) fn fast_facts(text: &str) -> Option<Facts> {
    let mut playing = Playing(None);
    let head = one_pass::read(text, &mut playing)?;
    let replay = playing.0?;
    Some(Facts {
        end: replay.end(head.closed),
        game: head.game,
        id: head.id,
        created: head.created,
        title: head.title,
        players: head.players,
        closed: head.closed,
        hands: head.hands,
    })
}

/// Plays each hand the one pass reads, keeping only the standing.
struct Playing(Option<Replay>);

impl HandSink for Playing {
    fn start(
        &mut self,
        _game: GameKind,
        players: &[String],
        options: &GameOptions,
    ) -> Result<(), Refused> {
        self.0 = Some(Replay::new(options, players).quiet().counting(players));
        Ok(())
    }

    fn hand(&mut self, _index: usize, hand: &GameHand) -> Result<(), Refused> {
        let replay = self.0.as_mut().ok_or(Refused)?;
        replay.play(hand).map(drop).map_err(|_| Refused)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::read::Splice;

    const HEAD: &str =
        r#""format":"marque-session","version":1,"game":"bridge","players":["N","E","S","W"]"#;
    const HANDS: &str =
        r#""hands":[{"contract":"4S","declarer":"N","tricks":10},{"contract":"pass"}]"#;

    #[test]
    fn the_places_an_append_changes_are_found_in_the_one_pass() {
        let deal = r#"{"contract":"4S","declarer":"N","tricks":10}"#;
        let marque = format!(
            "{{\n  {HEAD},\n  \"closed\": false,\n  \"hands\": [\n    {deal},\n    {deal}\n  ],\n  \
             \"log\": [\n    {{\"at\": \"21:40\"}}\n  ],\n  \"venue\": \"club\"\n}}\n"
        );
        let indented = format!(
            "{{\n  {HEAD},\n  \"options\": {{}},\n  \"hands\": [\n    {{\n      \"contract\": \"pass\"\n    }}\n  ]\n}}\n"
        );
        let empty = format!("{{{HEAD}, \"hands\": [ ] }}");
        let bom = format!("{}{{{HEAD},\"closed\":true,{HANDS}}}", '\u{feff}');
        for text in [marque, indented, empty, bom] {
            let (_, found) = Session::parse_to_append(&text).unwrap();
            assert_eq!(found, Splice::scan(&text), "{text}");
            assert!(found.is_some(), "{text}");
        }
        // Where the one pass cannot tell, the save reads the text again.
        for text in [
            format!(r#"{{{HANDS},{HEAD}}}"#),
            format!(r#"{{{HEAD},{HANDS},"lo\u0067":[]}}"#),
            format!(r#"{{{HEAD},{HANDS},"log":{{}}}}"#),
        ] {
            assert_eq!(Session::parse_to_append(&text).unwrap().1, None, "{text}");
        }
    }

    #[test]
    fn facts_refuse_what_the_careful_reading_refuses_byte_order_marks_included() {
        let one = format!("\u{feff}{{{HEAD},{HANDS}}}");
        assert!(Session::facts(&one).is_ok());
        let two = format!("\u{feff}{one}");
        assert_eq!(
            Session::facts(&two).err(),
            Session::parse_to_score(&two).err(),
            "two marks: not JSON, as for marque score"
        );
        assert!(Session::facts(&two).is_err());
    }

    #[test]
    fn a_file_as_marque_writes_it_is_summarized_in_one_pass() {
        let text =
            format!(r#"{{{HEAD},"options":{{"table":"laws"}},"closed":false,{HANDS},"log":[1]}}"#);
        let f = fast_facts(&text).expect("one pass");
        assert_eq!((f.hands, &f.end.totals), (2, &vec![120, 0]));
        // What the one pass leaves to the careful reading, which says what is wrong or reads
        // the fields in any order.
        for text in [
            format!(r#"{{{HANDS},{HEAD}}}"#),
            format!(r#"{{{HEAD},{HANDS},"options":{{}}}}"#),
            format!(r#"{{{HEAD},"game":"bridge",{HANDS}}}"#),
            format!(r#"{{{HEAD},"hands":[{{"contract":"4S","declarer":"N","tricks":14}}]}}"#),
            format!(r#"{{{HEAD},"version":2,{HANDS}}}"#).replace(r#""version":1,"#, ""),
            format!(r#"{{{HEAD},{HANDS}}}"#).replace(r#""S","W""#, r#""S","N""#),
        ] {
            assert!(fast_facts(&text).is_none(), "{text}");
        }
    }
}
