//! Ratings (issue 34): a rating worked by hand from the Weng–Lin formula, ties, substitutes
//! and departures, the order of the sessions, and over random evenings the direction of every
//! move.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "a test fails loudly where its setting up does"
)]
use marque_core::games::GameKind;
use marque_core::ratings::{Rated, rate};
use marque_core::stats::People;
use proptest::prelude::*;

fn names(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

/// A finished session of `game` at `hour`, its seats and totals.
fn rated<'a>(
    game: GameKind,
    id: &'a str,
    created: &'a str,
    seats: &'a [String],
    totals: &'a [i64],
) -> Rated<'a> {
    Rated {
        game,
        id: Some(id),
        created: Some(created),
        seats,
        totals,
        finished: true,
        left: &[],
        holders: seats,
        best_hands: &[],
    }
}

/// The README's example, worked from the paper's formulas (two newcomers, one game, Anne
/// ahead), written here apart from the crate's code: c² = 2β² + σ₁² + σ₂², p = 1/2, μ' = μ +
/// σ²/c · (1 − p), σ'² = σ² (1 − σ/c · σ²/c² · p(1 − p)).
#[test]
fn a_rating_worked_by_hand() {
    let beta: f64 = 25.0 / 6.0;
    let sigma: f64 = 25.0 / 3.0;
    let c = (2.0 * beta * beta + 2.0 * sigma * sigma).sqrt();
    let p = 0.5;
    let mu_won = 25.0 + sigma * sigma / c * (1.0 - p);
    let mu_lost = 25.0 + sigma * sigma / c * (0.0 - p);
    let eta = (sigma / c) * (sigma * sigma / (c * c)) * p * (1.0 - p);
    let sigma_after = (sigma * sigma * (1.0 - eta)).sqrt();
    // The figures the README shows.
    assert!((mu_won - 27.635).abs() < 1e-3 && (sigma_after - 8.066).abs() < 1e-3);
    let seats = names(&["Anne", "Bruno"]);
    let r = rate(
        [rated(
            GameKind::Truc,
            "a",
            "2026-11-26T20:00:00+01:00",
            &seats,
            &[2, 1],
        )],
        &People::default(),
    );
    let truc = &r.games[&GameKind::Truc];
    let (anne, bruno) = (truc["anne"], truc["bruno"]);
    assert!((anne.mu - mu_won).abs() < 1e-9, "{anne:?}");
    assert!((bruno.mu - mu_lost).abs() < 1e-9, "{bruno:?}");
    assert!((anne.sigma - sigma_after).abs() < 1e-9 && (bruno.sigma - sigma_after).abs() < 1e-9);
    // The chance the model gave Anne before: even.
    let m = r.moves.iter().find(|m| m.person == "anne").unwrap();
    assert_eq!(m.against.len(), 1);
    assert!((m.against[0].1 - 0.5).abs() < 1e-12);
    assert_eq!((m.rank, m.teams), (1, 2));
}

/// Creation times are instants: offsets and fractions compared as such.
#[test]
fn instants_compare_across_offsets() {
    use marque_core::ratings::instant;
    let a = instant("2026-11-21T20:00:00+01:00").unwrap();
    assert_eq!(a, instant("2026-11-21T19:00:00Z").unwrap());
    assert_eq!(instant("1970-01-01T00:00:00Z"), Some((0, 0)));
    assert_eq!(
        instant("2000-03-01T00:00:00.5Z"),
        Some((951_868_800, 500_000_000))
    );
    assert_eq!(instant("2026-13-01T00:00:00Z"), None);
    assert_eq!(instant("hier soir"), None);
}

/// Equal totals share a rank: two newcomers tied keep their μ; both grow surer.
#[test]
fn a_tie_shares_a_rank() {
    let seats = names(&["Anne", "Bruno", "Claire"]);
    let r = rate(
        [rated(
            GameKind::Le2500,
            "a",
            "2026-11-26T20:00:00Z",
            &seats,
            &[500, 500, 100],
        )],
        &People::default(),
    );
    let l = &r.games[&GameKind::Le2500];
    assert!((l["anne"].mu - l["bruno"].mu).abs() < 1e-12);
    assert!(l["anne"].mu > 25.0 && l["claire"].mu < 25.0);
    let m: Vec<_> = r
        .moves
        .iter()
        .map(|m| (m.person.as_str(), m.rank))
        .collect();
    assert_eq!(m, [("anne", 1), ("bruno", 1), ("claire", 3)]);
}

/// Bridge: the partnerships are the teams, who holds the seats at the end their members (a
/// substitute is rated, the one replaced is not); a seat that left is not rated.
#[test]
fn teams_are_who_holds_the_seats_at_the_end() {
    // Zoé took Claire's seat (South): NS is Anne and Zoé.
    let seats = names(&["Anne", "Bruno", "Zoé", "David"]);
    let r = rate(
        [rated(
            GameKind::Bridge,
            "b",
            "2026-11-26T20:00:00Z",
            &seats,
            &[900, 300],
        )],
        &People::default(),
    );
    let l = &r.games[&GameKind::Bridge];
    assert!(l.contains_key("zoé") && !l.contains_key("claire"));
    assert!(l["anne"].mu > 25.0 && l["zoé"].mu > 25.0 && l["bruno"].mu < 25.0);
    let left = names(&["Paul", "Lise", "Marc"]);
    let mut s = rated(
        GameKind::Le2500,
        "c",
        "2026-11-26T21:00:00Z",
        &left,
        &[10, 900, 20],
    );
    s.left = &[1];
    let r = rate([s], &People::default());
    let l = &r.games[&GameKind::Le2500];
    assert!(!l.contains_key("lise"), "Lise left: not rated");
    assert!(l["marc"].mu > l["paul"].mu);
}

/// Sessions are taken by their creation instant, then id, whatever order they come in; a
/// session without a date is not rated and is counted; one not finished is not rated.
#[test]
fn the_order_is_the_sessions_own() {
    let ab = names(&["Anne", "Bruno"]);
    let sessions = [
        rated(
            GameKind::Truc,
            "s2",
            "2026-11-26T21:00:00+01:00",
            &ab,
            &[0, 2],
        ),
        rated(GameKind::Truc, "s1", "2026-11-26T19:30:00Z", &ab, &[2, 0]),
        rated(GameKind::Truc, "s3", "2026-11-26T20:00:00Z", &ab, &[2, 0]),
    ];
    let one = rate(sessions, &People::default()).to_json(None);
    let mut reversed = sessions;
    reversed.reverse();
    assert_eq!(rate(reversed, &People::default()).to_json(None), one);
    // 21:00+01:00 is 20:00Z, before s3 (20:00Z, a later id): s1, s2, s3.
    let r = rate(sessions, &People::default());
    let order: Vec<&str> = r
        .moves
        .iter()
        .step_by(2)
        .map(|m| m.id.as_deref().unwrap())
        .collect();
    assert_eq!(order, ["s1", "s2", "s3"]);
    let mut undated = sessions[0];
    undated.created = None;
    let mut open = sessions[1];
    open.finished = false;
    let r = rate([undated, open], &People::default());
    assert_eq!(r.undated, 1);
    assert!(r.games.is_empty());
}

proptest! {
    /// In a session of two teams, the winners' μ never falls, the losers' never rises, and
    /// nobody's σ grows, however the ratings stood before.
    #[test]
    fn winners_never_fall_and_sigma_never_grows(
        games in prop::collection::vec((0usize..6, 0usize..6, -5i64..5), 1..40)
    ) {
        let pool = names(&["A", "B", "C", "D", "E", "F"]);
        let seats: Vec<Vec<String>> = games
            .iter()
            .map(|(a, b, _)| vec![pool[*a].clone(), pool[(a + 1 + b % 5) % 6].clone()])
            .collect();
        let totals: Vec<[i64; 2]> = games.iter().map(|(_, _, d)| [*d, 0]).collect();
        let stamps: Vec<String> = (0..games.len())
            .map(|k| format!("2026-01-01T{:02}:{:02}:00Z", k / 60, k % 60))
            .collect();
        let ids: Vec<String> = (0..games.len()).map(|k| format!("{k:03}")).collect();
        let sessions: Vec<Rated> = (0..games.len())
            .map(|k| rated(GameKind::Truc, &ids[k], &stamps[k], &seats[k], &totals[k]))
            .collect();
        let r = rate(sessions, &People::default());
        for m in &r.moves {
            prop_assert!(m.after.sigma <= m.before.sigma + 1e-12);
            let won = m.rank == 1 && m.against.len() == 1;
            let tied = totals[m.period][0] == totals[m.period][1];
            if won && !tied {
                prop_assert!(m.after.mu >= m.before.mu);
            } else if !tied {
                prop_assert!(m.after.mu <= m.before.mu);
            }
        }
    }
}

/// The crates the kept ratings' fingerprint names are those `Cargo.lock` builds with: an update
/// of either makes kept ratings again only if it is named there.
#[test]
fn the_fingerprint_names_the_crates_built_with() {
    let lock =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../Cargo.lock")).unwrap();
    for (name, version) in marque_core::ratings::RATED_WITH {
        let entry = format!("name = \"{name}\"\nversion = \"{version}\"\n");
        assert!(
            lock.contains(&entry),
            "Cargo.lock builds another {name} than {version}: update RATED_WITH"
        );
    }
}

/// A best hand is the person's own: two names merged by hand who sat at one table are two
/// people there (as in every story), so Robert's hand is not Bob's; across sessions, the
/// best of the person's hands, a tie naming the smaller id.
#[test]
fn a_best_hand_is_the_persons_own() {
    use marque_core::rivals::story;
    let seats = names(&["Bob", "Robert"]);
    let people = People::new([("Robert", "Bob")]);
    let one_table = Rated {
        best_hands: &[Some(3), Some(12)],
        ..rated(GameKind::Truc, "b", "2026-11-20T20:00:00Z", &seats, &[1, 0])
    };
    let s = story([one_table], &people, "Bob");
    assert_eq!(s.best_hand[&GameKind::Truc], (3, Some("b".to_string())));
    // Robert alone elsewhere is Bob: his hand counts for the person, and a tie keeps "a".
    let apart = names(&["Robert", "Zoé"]);
    let again = names(&["Bob", "Zoé"]);
    let sessions = [
        Rated {
            best_hands: &[Some(5), Some(1)],
            ..rated(GameKind::Truc, "c", "2026-11-21T20:00:00Z", &apart, &[1, 0])
        },
        Rated {
            best_hands: &[Some(5), Some(0)],
            ..rated(GameKind::Truc, "a", "2026-11-22T20:00:00Z", &again, &[1, 0])
        },
        one_table,
    ];
    let s = story(sessions, &people, "bob");
    assert_eq!(s.best_hand[&GameKind::Truc], (5, Some("a".to_string())));
}

/// One who left and came back (a new seat, as the spec allows) keeps the session in their
/// story (issue 40): the story takes the seat they hold at the end, not the first one, which
/// left.
#[test]
fn one_who_left_and_came_back_keeps_the_session_in_their_story() {
    use marque_core::rivals::story;
    let seats = names(&["Lise", "Paul", "Marc", "Lise"]);
    let back = Rated {
        left: &[0],
        ..rated(
            GameKind::Le2500,
            "x",
            "2026-11-20T20:00:00Z",
            &seats,
            &[10, 300, 200, 2600],
        )
    };
    let s = story([back], &People::default(), "Lise");
    assert_eq!(s.longest_run, 1, "she won it");
    assert_eq!(s.best[&GameKind::Le2500], (2600, Some("x".to_string())));
    assert_eq!(s.met.len(), 2, "Paul and Marc met: {:?}", s.met);
}
