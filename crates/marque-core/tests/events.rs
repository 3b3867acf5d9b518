//! Table events (issue 32): random sessions of every game with substitutes, agreed points,
//! arrivals and departures. They round-trip through the writer and both readers, the two
//! readers agree, an adjustment adds exactly its points, a substitute changes no total.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "a test fails loudly where its setting up does"
)]
mod common;
use common::evenings::*;
use common::*;
use marque_core::i18n::Lang;
use marque_core::session::{Session, Sheet};
use proptest::prelude::*;
use serde_json::{Value, json};

const GAMES: [&str; 6] = ["truc", "bridge", "ascenseur", "2500", "democratie", "tarot"];
fn sheet_json(s: &Session) -> Value {
    s.score().unwrap().to_json(Lang::En)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(96)
    ))]

    #[test]
    fn events_round_trip_and_both_readers_agree(game in prop::sample::select(GAMES.to_vec()), steps in steps()) {
        let s = evening(game, &steps);
        let text = s.to_json_string();
        // The writer and the careful reader: the same session back.
        let again = Session::parse(&text).unwrap();
        prop_assert_eq!(&again, &s);
        prop_assert_eq!(again.to_json_string(), text.clone());
        // The reader that keeps no text, and the one-pass facts: the same standing.
        let scored = Session::parse_to_score(&text).unwrap();
        let sheet = sheet_json(&s);
        prop_assert_eq!(&sheet_json(&scored), &sheet);
        let facts = Session::facts(&text).unwrap();
        prop_assert_eq!(json!(facts.end.totals), sheet["totals"].clone());
        prop_assert_eq!(json!(facts.end.winners), sheet["winners"].clone());
        // `marque score`'s streamed sheet is the sheet.
        let mut out = Vec::new();
        s.write_score(Lang::En, &mut out, 1 << 20, Vec::new()).unwrap().unwrap();
        let streamed: Value = serde_json::from_slice(&out).unwrap();
        prop_assert_eq!(&streamed, &sheet);
        // And the one-pass writer (the whole text read twice, nothing held): the same sheet.
        let mut one = Vec::new();
        Session::write_score_one_pass(&text, Lang::En, &mut one)
            .expect("a session as Marque writes it goes the one-pass way")
            .unwrap();
        let one: Value = serde_json::from_slice(&one).unwrap();
        prop_assert_eq!(&one, &sheet);
        // Every row names every side; each side's lines add up to its delta.
        let sides = sheet["sides"].as_array().unwrap().len();
        let seats = sheet["seats"].as_array().unwrap().len();
        prop_assert_eq!(seats, if game == "bridge" { 4 } else { sides });
        for row in sheet["hands"].as_array().unwrap() {
            prop_assert_eq!(row["delta"].as_array().unwrap().len(), sides);
        }
        // The 2500's best brasse and the ascenseur's best round are each player's best hand,
        // counted by the game: the counter's best hand is the same, for every holder.
        if matches!(game, "2500" | "ascenseur") {
            let h = s.score().unwrap().holders(&s.hands).playing();
            let own: Vec<Option<i64>> = h.figures.iter().map(|t| t.bests()[0]).collect();
            prop_assert_eq!(&h.best_hand, &own);
            prop_assert_eq!(&facts.end.holders.playing().best_hand, &own);
        }
    }

    /// Readers follow hands, not entries (issue 40): every hand's table count is its number
    /// among the hands, an event takes none; the rows' running standing is the sum of the
    /// deltas; the game before each hand stands at that hand's place (the ascenseur's round,
    /// bridge's dealer) whatever events came before; each absent seat shows no points.
    #[test]
    fn readers_count_hands_and_follow_events(
        game in prop::sample::select(["truc", "bridge", "chicago", "ascenseur", "2500", "democratie", "tarot"].to_vec()),
        steps in steps(),
    ) {
        use marque_core::games::{Live, Place};
        let s = evening(game, &steps);
        let sheet: Sheet = s.score().unwrap();
        let view = marque_core::view::SheetView::new(&s, &sheet, Lang::Fr);
        let mut hands = 0;
        let mut running = vec![0i64; sheet.sides.len()];
        for (i, (h, row)) in s.hands.iter().zip(&view.rows).enumerate() {
            for (t, d) in running.iter_mut().zip(&sheet.hands[i].delta) {
                *t += d;
            }
            match h.game.event() {
                Some(e) => {
                    prop_assert_eq!(row.place, Place::Event(e.kind()));
                    prop_assert_eq!(row.number(), None);
                }
                None => {
                    hands += 1;
                    prop_assert_eq!(row.place, Place::Hand(hands));
                    prop_assert_eq!(s.place(i), Place::Hand(hands));
                    let before = sheet.before(i, &s.hands);
                    prop_assert_eq!(before.hands_played(), hands - 1);
                    match before.live() {
                        Live::Ascenseur(g) => prop_assert_eq!(g.next_round(), hands - 1),
                        Live::Bridge(g) if !g.chicago() => prop_assert_eq!(
                            g.next_dealer(),
                            marque_core::games::bridge::dealer(hands - 1)
                        ),
                        // Chicago: the deal's place in its chukker counts the deals played
                        // (a deal passed out is dealt again), never an event.
                        Live::Bridge(g) => {
                            let played = s.hands[..i]
                                .iter()
                                .filter(|h| h.game.event().is_none())
                                .filter(|h| h.to_value()["contract"] != "pass")
                                .count();
                            prop_assert_eq!(g.wheel().deal, played % 4 + 1);
                            prop_assert_eq!(g.wheel().chukker, played / 4);
                        }
                        _ => {}
                    }
                }
            }
            prop_assert_eq!(&view.running[i], &running);
            if game != "truc" {
                for (c, t) in row.cells.iter().zip(&running) {
                    prop_assert_eq!(c.standing, *t);
                }
            }
            for c in &row.cells {
                if c.absent {
                    prop_assert_eq!(c.points, 0);
                    prop_assert_eq!(c.text(), "");
                }
            }
        }
        prop_assert_eq!(sheet.next_place(), Place::Hand(hands + 1));
        prop_assert_eq!(sheet.hands_played(), hands);
    }

    #[test]
    fn an_adjustment_adds_its_points_and_a_substitute_none(game in prop::sample::select(GAMES.to_vec()), steps in steps()) {
        let s = evening(game, &steps);
        let sheet: Sheet = s.score().unwrap();
        let mut totals = vec![0i64; sheet.sides.len()];
        for (h, row) in s.hands.iter().zip(&sheet.hands) {
            let before = totals.clone();
            for (t, d) in totals.iter_mut().zip(&row.delta) {
                *t += d;
            }
            match h.to_value()["event"].as_str() {
                Some("adjust") => {
                    let v = h.to_value();
                    let (side, points) = (v["side"].as_u64().unwrap() as usize, v["points"].as_i64().unwrap());
                    prop_assert_eq!(row.delta.iter().sum::<i64>(), points);
                    prop_assert_eq!(row.delta[side], points);
                    prop_assert_eq!(row.lines.len(), 1);
                }
                Some("replace") | Some("leave") => {
                    prop_assert!(row.delta.iter().all(|d| *d == 0));
                    prop_assert_eq!(&totals, &before);
                    prop_assert!(row.lines.is_empty());
                }
                _ => {}
            }
        }
        // The truc's totals count manches, not the points added up: every other game's do.
        if game != "truc" {
            prop_assert_eq!(totals, sheet.totals.clone());
        }
    }
}

#[test]
fn a_late_player_a_departure_and_a_substitute_are_counted_as_the_spec_says() {
    use marque_core::session::Holders;
    let v = session(
        "2500",
        &["Paul", "Lise"],
        json!({}),
        json!([
            {"frime": "8", "laid": [["A","A","A"], ["3","3","3"]], "hand": [["K"], []]},
            {"event": "join", "player": "Marc", "score": 450},
            {"event": "replace", "seat": 0, "player": "Zoé"},
            {"frime": "5", "laid": [["K","K","K"], [], ["9","9","9"]], "hand": [[], ["A"], []]},
            {"event": "leave", "seat": 1},
            {"event": "join", "player": "Tom"},
            {"event": "replace", "seat": 3, "player": "Léa"},
            {"frime": "7", "laid": [["K","K","K"], ["9","9","9"], []], "hand": [[], [], ["4"]]}
        ]),
    );
    let s = Session::from_value(&v).unwrap();
    let sheet = s.score().unwrap();
    let h: Holders = sheet.holders(&s.hands).playing();
    // Tom took a seat and gave it up before any brasse: he played none, so he is not counted.
    assert_eq!(h.names, ["Paul", "Lise", "Marc", "Zoé", "Léa"]);
    assert_eq!(h.seats, [0, 1, 2, 0, 3]);
    assert_eq!(h.holds, [false, true, true, true, true]);
    let brasses: Vec<i64> = h.figures.iter().map(|t| t.sums()[0]).collect();
    assert_eq!(
        brasses,
        [1, 2, 2, 2, 1],
        "each brasse to who held the seat for it"
    );
    // Each one's best brasse, from the sheet's rows: the brasses (entries 0, 3 and 7) each
    // played in their seat (Lise gone before the last).
    let d = |entry: usize, seat: usize| sheet.hands[entry].delta[seat];
    assert_eq!(
        h.best_hand,
        [
            Some(d(0, 0)),
            Some(d(0, 1).max(d(3, 1))),
            Some(d(3, 2).max(d(7, 2))),
            Some(d(3, 0).max(d(7, 0))),
            Some(d(7, 3)),
        ]
    );
    // The game's own best brasse is the same figure, by another path.
    let own: Vec<Option<i64>> = h.figures.iter().map(|t| t.bests()[0]).collect();
    assert_eq!(h.best_hand, own);
    assert_eq!(sheet.sides, ["Zoé", "Lise", "Marc", "Léa"]);
}

#[test]
fn the_random_evenings_hold_events_and_hands() {
    let steps: Vec<Step> = (0..40u8)
        .map(|k| {
            if k % 3 == 0 {
                Step::Event((k / 3) % 4, k / 3, i64::from(k) - 20, k / 3)
            } else {
                Step::Hand(k)
            }
        })
        .collect();
    for game in GAMES {
        let s = evening(game, &steps);
        let events = s.hands.iter().filter(|h| h.game.event().is_some()).count();
        let hands = s.hands.len() - events;
        assert!(
            events >= 2 && hands >= 5,
            "{game}: {events} events, {hands} hands"
        );
    }
}

/// A rubber over before a substitute is the one who left's; the next one the substitute's.
#[test]
fn a_rubber_counts_for_who_held_the_seat_when_it_was_played() {
    let deal = json!({"contract": "4S", "declarer": "N", "tricks": 10});
    let v = session(
        "bridge",
        &["Anne", "Bruno", "Claire", "David"],
        json!({}),
        json!([deal, deal, {"event": "replace", "seat": 2, "player": "Zoé"}, deal, deal]),
    );
    let s = Session::from_value(&v).unwrap();
    let sheet = s.score().unwrap();
    let h = sheet.holders(&s.hands).playing();
    let rubbers = |name: &str| {
        let i = h.names.iter().position(|n| n == name).unwrap();
        h.figures[i].sums()[6]
    };
    assert_eq!(rubbers("Claire"), 1);
    assert_eq!(rubbers("Zoé"), 1);
    assert_eq!(rubbers("Anne"), 2);
    // The facts' one-pass counting gives the same.
    let facts = Session::facts(&s.to_json_string()).unwrap();
    assert_eq!(facts.end.holders.playing(), h);
}

/// After the game's end, an event is refused as a hand is; a player who left before any hand
/// does not count the session.
#[test]
fn no_event_after_the_end_and_no_session_for_who_never_played() {
    let over = session(
        "democratie",
        &["Ana", "Ben", "Cléo"],
        json!({"target": 1}),
        json!([
            {"captured": [{"S": 20}, {}, {}]},
            {"event": "adjust", "side": 1, "points": 5, "reason": "accord"}
        ]),
    );
    let e = err(&over);
    assert!(e.iter().any(|l| l.starts_with("hand 2:")), "{e:?}");
    let left = session(
        "democratie",
        &["Ana", "Ben", "Cléo"],
        json!({}),
        json!([{"event": "leave", "seat": 2}, {"captured": [{"S": 14}, {}]}]),
    );
    let s = Session::from_value(&left).unwrap();
    let h = s.score().unwrap().holders(&s.hands);
    assert!(!h.are_seats(&s.players), "Cléo played no manche");
    assert_eq!(h.playing().names, ["Ana", "Ben"]);
}

/// Every way an event is refused, each with its own words naming what is wrong and what is
/// allowed, on the entry that holds it.
#[test]
fn each_refused_event_says_why() {
    let adjust = |side: u64, points: i64, reason: &str| json!({"event": "adjust", "side": side, "points": points, "reason": reason});
    let two = ["Ana", "Ben"];
    let cases: Vec<(&str, &[&str], Value, &str)> = vec![
        (
            "truc",
            &two,
            json!([{"event": "join", "player": "Léa"}]),
            "Le Truc has no 'join' event (allowed: replace)",
        ),
        (
            "truc",
            &two,
            json!([{"event": "dance"}]),
            "`event` is \"dance\"",
        ),
        (
            "democratie",
            &two,
            json!([adjust(0, 0, "x")]),
            "an adjustment of 0 points changes nothing",
        ),
        (
            "democratie",
            &two,
            json!([adjust(0, 1, "")]),
            "an adjustment needs its 'reason'",
        ),
        (
            "democratie",
            &two,
            json!([adjust(0, 1, "a\u{7}b")]),
            "reason cannot hold a control character",
        ),
        (
            "2500",
            &two,
            json!([adjust(0, 3, "x")]),
            "is 3; it must be a multiple of 5",
        ),
        (
            "bridge",
            &["A", "B", "C", "D"],
            json!([adjust(2, 50, "x")]),
            "`side` is 2; allowed: 0 to 1",
        ),
        (
            "truc",
            &two,
            json!([{"event": "replace", "seat": 0, "player": ""}]),
            "the player's name is empty",
        ),
        (
            "truc",
            &two,
            json!([{"event": "replace", "seat": 0, "player": "Z\u{1b}"}]),
            "the player's name cannot hold a control character",
        ),
        (
            "truc",
            &two,
            json!([{"event": "replace", "seat": 5, "player": "Zoé"}]),
            "is 5, a seat not playing; seats at the table: 0, 1",
        ),
        (
            "truc",
            &two,
            json!([{"event": "replace", "seat": 0, "player": "Ben"}]),
            "Ben already sits at this table",
        ),
        (
            "democratie",
            &two,
            json!([{"event": "join", "player": "Léa", "score": -1}]),
            "a starting score in tribus cannot be negative (-1)",
        ),
        (
            "democratie",
            &two,
            json!([{"event": "leave", "seat": 0}]),
            "at least 2 players must stay at the table",
        ),
        (
            "democratie",
            &["A", "B", "C", "D", "E", "F"],
            json!([{"event": "join", "player": "G"}]),
            "the table is full: 6 players at most",
        ),
    ];
    for (game, players, hands, said) in cases {
        let e = err(&session(game, players, json!({}), hands.clone()));
        assert!(
            e.iter()
                .any(|l| l.starts_with("hand 1:") && l.contains(said)),
            "{game} {hands}: {e:?}"
        );
    }
    // Comings and goings without end: a table counts at most four times its places.
    let mut hands = Vec::new();
    for k in 0..100 {
        hands.push(json!({"event": "join", "player": format!("P{k}")}));
        hands.push(json!({"event": "leave", "seat": 2 + k}));
    }
    let e = err(&session("democratie", &two, json!({}), json!(hands)));
    let at = 2 * (4 * 6 - 2) + 1;
    assert!(
        e.iter().any(
            |l| l.starts_with(&format!("hand {at}:")) && l.contains("already counted 24 seats")
        ),
        "{e:?}"
    );
}

/// A win goes to who holds a winning seat at the end (issue 40): Paul played a brasse, gave his
/// seat to Zoé, then took Marc's seat and the players stopped there, Paul's new seat ahead. He
/// counts once, and wins, though he played no brasse in that seat.
#[test]
fn who_played_and_holds_a_winning_seat_at_the_end_wins() {
    use marque_core::session::Holders;
    let mut v = session(
        "2500",
        &["Paul", "Lise", "Marc"],
        json!({}),
        json!([
            {"frime": "8", "laid": [[], ["3","3","3"], ["A","A","A"]], "hand": [["K"], [], []]},
            {"event": "replace", "seat": 0, "player": "Zoé"},
            {"event": "replace", "seat": 2, "player": "Paul"}
        ]),
    );
    v["closed"] = json!(true);
    let s = Session::from_value(&v).unwrap();
    let sheet = s.score().unwrap();
    assert_eq!(sheet.winners, [2]);
    let h: Holders = sheet.holders(&s.hands).playing();
    assert_eq!(h.names, ["Paul", "Lise", "Marc", "Paul"]);
    assert_eq!(h.holds, [false, true, false, true]);
    let played = marque_core::stats::Played {
        game: s.game,
        players: &h.names,
        finished: true,
        winners: &sheet.winners,
        figures: &h.figures,
        seats: &h.seats,
        holds: &h.holds,
    };
    assert!(played.won(3), "Paul holds the winning seat");
    assert!(!played.won(2), "Marc left it");
}
