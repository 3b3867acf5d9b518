//! Typed hands survive the file: for every game, a hand drawn as a typed value, written as
//! Marque writes it, reads back as the same value, by the careful reader and by the fast one.
//! The strategies draw typed values within the format's bounds, so no case is rejected.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::let_underscore_must_use,
    reason = "a test fails loudly where its setting up does"
)]

use marque_core::games::{GameHand, GameKind, GameOptions, bridge, le2500, truc};
use proptest::prelude::*;

/// The options of `game` for `players` players, all at their defaults.
#[track_caller]
fn defaults(game: GameKind, players: usize) -> GameOptions {
    game.read_options(None, players).expect("the defaults read")
}

/// `hand` written and read back by both readers.
#[track_caller]
fn round_trip(hand: GameHand, players: usize) -> Result<(), TestCaseError> {
    let options = defaults(hand.kind(), players);
    let json = hand.to_json();
    let careful = options.decode(&json, players);
    prop_assert_eq!(careful.as_ref(), Ok(&hand), "{}", json);
    let fast = options.decode_text(&json.to_string(), players);
    prop_assert_eq!(fast.as_ref(), Some(&hand), "{}", json);
    Ok(())
}

fn bridge_hand() -> impl Strategy<Value = bridge::Hand> {
    let contract = (
        prop::sample::select(bridge::Level::ALL.to_vec()),
        prop::sample::select(bridge::Strain::ALL.to_vec()),
        prop::sample::select(vec![
            bridge::Doubling::None,
            bridge::Doubling::Doubled,
            bridge::Doubling::Redoubled,
        ]),
    )
        .prop_map(|(level, strain, doubling)| bridge::Contract {
            level,
            strain,
            doubling,
        });
    // Honours as the format allows them: four or five trump honours in a suit, four aces at
    // no trump.
    let played = contract.prop_flat_map(|contract| {
        let kinds = if contract.strain == bridge::Strain::NoTrump {
            vec![bridge::HonoursKind::Aces]
        } else {
            vec![bridge::HonoursKind::Four, bridge::HonoursKind::Five]
        };
        let honours = prop::option::of(
            (0usize..2, prop::sample::select(kinds))
                .prop_map(|(side, kind)| bridge::Honours { side, kind }),
        );
        (
            Just(contract),
            prop::sample::select(bridge::Seat::ALL.to_vec()),
            0u8..=13,
            honours,
        )
    });
    prop_oneof![
        1 => Just(bridge::Hand::PassedOut),
        9 => played.prop_map(|(contract, declarer, tricks, honours)| bridge::Hand::Played {
                contract,
                declarer,
                tricks,
                honours,
            }),
    ]
}

fn truc_hand() -> impl Strategy<Value = truc::Hand> {
    let call = (
        0usize..2,
        prop::sample::select(vec![
            truc::CallKind::Double,
            truc::CallKind::Banco,
            truc::CallKind::Accept,
            truc::CallKind::Refuse,
        ]),
    )
        .prop_map(|(by, call)| truc::Call { by, call });
    let trick = prop::option::of(0usize..2);
    let outcome = prop_oneof![
        prop::collection::vec(trick, 1..=3).prop_map(truc::Outcome::Tricks),
        prop::option::of(0usize..2).prop_map(truc::Outcome::Winner),
        Just(truc::Outcome::Refused),
    ];
    (prop::collection::vec(call, 0..6), outcome)
        .prop_map(|(calls, outcome)| truc::Hand { calls, outcome })
}

fn cards() -> impl Strategy<Value = le2500::Cards> {
    prop_oneof![
        3 => prop::collection::vec(prop::sample::select(le2500::Rank::ALL.to_vec()), 0..8)
            .prop_map(le2500::Cards::Ranks),
        1 => (0i64..200).prop_map(|n| le2500::Cards::Points(5 * n)),
    ]
}

fn le2500_hand(players: usize) -> impl Strategy<Value = le2500::Hand> {
    (
        prop::sample::select(le2500::Rank::ALL.to_vec()),
        prop::collection::vec(cards(), players),
        prop::collection::vec(cards(), players),
    )
        .prop_map(|(frime, laid, hand)| le2500::Hand { frime, laid, hand })
}

fn ascenseur_hand(players: usize) -> impl Strategy<Value = marque_core::games::ascenseur::Hand> {
    (
        prop::collection::vec(0u32..12, players),
        prop::collection::vec(0u32..12, players),
    )
        .prop_map(|(bids, tricks)| marque_core::games::ascenseur::Hand { bids, tricks })
}

fn tarot_hand() -> impl Strategy<Value = marque_core::games::tarot::Hand> {
    use marque_core::games::tarot::{Contract, Hand, Poignee, Side, Size};
    let side = || prop::option::of(prop::sample::select(vec![Side::Attack, Side::Defence]));
    (
        (0usize..5, prop::sample::select(Contract::ALL.to_vec())),
        (
            prop::option::of(prop::option::of(0usize..5)),
            prop::option::of(0usize..5),
        ),
        (0u8..=3, 0u32..=182),
        (side(), side(), any::<bool>()),
        prop::collection::vec((0usize..5, prop::sample::select(Size::ALL.to_vec())), 0..3),
    )
        .prop_map(
            |(
                (taker, contract),
                (called, dead),
                (bouts, halves),
                (petit, chelem, announced),
                p,
            )| {
                Hand {
                    taker,
                    contract,
                    called,
                    dead,
                    bouts,
                    halves,
                    petit,
                    poignees: p
                        .into_iter()
                        .map(|(by, size)| Poignee { by, size })
                        .collect(),
                    chelem,
                    announced,
                }
            },
        )
}

proptest! {
    #[test]
    fn a_tarot_deal_reads_back_as_written(h in tarot_hand()) {
        round_trip(GameHand::Tarot(h), 4)?;
    }

    #[test]
    fn a_bridge_deal_reads_back_as_written(h in bridge_hand()) {
        round_trip(GameHand::Bridge(h), 4)?;
    }

    #[test]
    fn a_truc_deal_reads_back_as_written(h in truc_hand()) {
        round_trip(GameHand::Truc(h), 2)?;
    }

    #[test]
    fn a_2500_brasse_reads_back_as_written((players, h) in (2usize..=8).prop_flat_map(|n| (Just(n), le2500_hand(n)))) {
        round_trip(GameHand::Le2500(h), players)?;
    }

    #[test]
    fn an_ascenseur_round_reads_back_as_written((players, h) in (3usize..=7).prop_flat_map(|n| (Just(n), ascenseur_hand(n)))) {
        round_trip(GameHand::Ascenseur(h), players)?;
    }
}
