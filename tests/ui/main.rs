//! The app's tests, in one binary: games played through the window by labels with egui_kittest
//! (no GPU or display needed), one topic per module. One binary links the app once, not once a
//! topic: the test build on 2 cores is that much shorter.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::let_underscore_must_use,
    reason = "a test fails loudly where its setting up does"
)]

mod ui_common;

mod ui_2500;
mod ui_ascenseur;
mod ui_big_tables;
mod ui_board_stakes;
mod ui_bridge;
mod ui_chart;
mod ui_chicago;
mod ui_clicks;
mod ui_conflict;
mod ui_count;
mod ui_democratie;
mod ui_dialog_wait;
mod ui_dialogs;
mod ui_double_confirm;
mod ui_evening_play;
mod ui_evening_tables;
mod ui_evenings;
mod ui_events;
mod ui_first_run;
mod ui_form_top;
mod ui_geometry;
mod ui_history;
mod ui_keyboard;
mod ui_new_session;
mod ui_people;
mod ui_phone;
mod ui_phone_hidden;
mod ui_phone_refusals;
mod ui_players;
mod ui_prefs;
mod ui_ratings;
mod ui_reading;
mod ui_scoreboard;
mod ui_share;
mod ui_share_place;
mod ui_sheet;
mod ui_stakes;
mod ui_storage;
mod ui_sync;
mod ui_table_codes;
mod ui_table_life;
mod ui_tap_guard;
mod ui_taps;
mod ui_tarot;
mod ui_truc;
mod ui_word;
mod ui_writers;
