//! The commands that read a whole data folder: `marque stats` and `marque check`.

use super::io::{fail, output_done, printable};
use crate::term::Kind;
use marque_core::i18n::Lang;
use marque_core::i18n::msg;
use marque_core::session::Problem;
use std::io::Write;
use std::process::ExitCode;

/// The data folder, or the folder given; the problem if it is not a folder.
pub(super) fn folder_or_default(
    folder: Option<std::path::PathBuf>,
) -> Result<std::path::PathBuf, Problem> {
    let dir = folder.unwrap_or_else(marque_store::Store::default_dir);
    if !dir.is_dir() {
        let m = msg!("store.no_folder", path = dir.display().to_string());
        return Err(Problem::file(m));
    }
    Ok(dir)
}

/// The folder, and the persons of statistics. The names merged by hand in the app count here
/// too, whatever the state of this machine's preferences: both read the club's names file.
fn club(
    folder: Option<std::path::PathBuf>,
    lang: Lang,
) -> Result<(marque_store::Store, marque_core::stats::People), Problem> {
    let store = marque_store::Store::new(folder_or_default(folder)?);
    let read = marque_store::people::People::read(&store);
    // A names file that does not read is said, never passed over without a word (the figures
    // then count the names apart).
    if read.damaged {
        let mut err = crate::term::stderr();
        let said = marque_core::i18n::Msg::new("ui.people.unread").render(lang);
        std::io::Write::write_all(&mut err, format!("{said}\n").as_bytes()).ok();
    }
    Ok((store, read.people.stats()))
}

/// `marque stats`: the roster of the folder's sessions (those that read fine), from the index.
pub(super) fn stats(
    folder: Option<std::path::PathBuf>,
    player: Option<&str>,
    as_json: bool,
    lang: Lang,
) -> ExitCode {
    use marque_core::stats::roster;
    // The sessions and those archived, as the app counts them. One player: their ratings
    // too, those the index kept where nothing they read changed.
    let (listed, people, ladders) = match club(folder, lang) {
        Ok((store, people)) if player.is_some() => {
            let counted = store.list_rated(&people, true);
            let mut listed = counted.sessions;
            listed.extend(counted.archived);
            (listed, people, Some(counted.ratings))
        }
        Ok((store, people)) => (store.list_counted(), people, None),
        Err(p) => return fail(&[p], lang),
    };
    let mut players = roster(marque_store::played(&listed), &people);
    if let Some(name) = player {
        let key = people.key(name);
        let known = marque_core::i18n::join(players.iter().map(|p| printable(&p.name, false)));
        players.retain(|p| people.key(&p.name) == key);
        if players.is_empty() {
            let m = msg!("stats.no_player", name = name, known = known);
            return fail(&[Problem::file(m)], lang);
        }
    }
    // One player: their stories and ratings too.
    let told = player.zip(ladders).map(|(name, r)| {
        let story = marque_core::rivals::story(marque_store::rated(&listed), &people, name);
        (story, r, people.key(name))
    });
    let mut out = crate::term::stdout(if as_json { Kind::Json } else { Kind::Text });
    let written = if as_json {
        let mut v = serde_json::json!({ "players": players });
        if let Some((story, r, key)) = &told {
            v["story"] = story_json(story, r, key);
        }
        serde_json::to_writer(&mut out, &v)
            .map_err(std::io::Error::from)
            .and_then(|()| writeln!(out))
    } else {
        players
            .iter()
            .try_for_each(|p| {
                let line = msg!(
                    "stats.player",
                    name = p.name.as_str(),
                    sessions = p.sessions,
                    wins = p.wins
                );
                writeln!(out, "{}", printable(&line.render(lang), false))?;
                for (id, g) in &p.games {
                    let name = marque_core::games::GameKind::from_id(id).map_or_else(
                        || id.to_string(),
                        |k| marque_core::i18n::tr(lang, k.name_key()),
                    );
                    let line = msg!(
                        "stats.game",
                        game = name,
                        sessions = g.sessions,
                        wins = g.wins
                    );
                    writeln!(out, "{}", line.render(lang))?;
                    for (figure, value) in g.shown(lang) {
                        let line = msg!("stats.figure", figure = figure, value = value);
                        writeln!(out, "{}", line.render(lang))?;
                    }
                }
                Ok(())
            })
            .and_then(|()| match &told {
                Some((story, r, key)) => {
                    // The player as their figures above name them.
                    let who = players.first().map_or("", |p| p.name.as_str());
                    for line in story_lines(story, r, (key, who), lang) {
                        writeln!(out, "{}", printable(&line, false))?;
                    }
                    Ok(())
                }
                None => Ok(()),
            })
    };
    output_done(written.and_then(|()| out.flush()), lang)
}

/// One player's stories and ratings, for people.
fn story_lines(
    story: &marque_core::rivals::Story,
    r: &marque_core::ratings::Ratings,
    (key, who): (&str, &str),
    lang: Lang,
) -> Vec<String> {
    let mut lines = Vec::new();
    // Under the player's figures, indented as theirs are.
    let mut put =
        |m: marque_core::i18n::Msg| lines.push(format!("  {}", m.render(lang).trim_start()));
    for m in story.sentences(who) {
        put(m);
    }
    let ladders = r
        .games
        .iter()
        .map(|(g, l)| (marque_core::i18n::tr(lang, g.name_key()), l))
        .chain([(marque_core::i18n::tr(lang, "stats.overall"), &r.overall)]);
    for (title, ladder) in ladders {
        if let Some(rating) = ladder.get(key) {
            put(msg!(
                "stats.rated",
                ladder = title,
                mu = marque_core::i18n::decimal1(lang, rating.mu),
                sigma = marque_core::i18n::decimal1(lang, rating.sigma),
                sessions = rating.sessions
            ));
        }
    }
    lines
}

/// The same, as `--json` gives it.
fn story_json(
    story: &marque_core::rivals::Story,
    r: &marque_core::ratings::Ratings,
    key: &str,
) -> serde_json::Value {
    use serde_json::json;
    let pair = |p: Option<(&str, u32)>| p.map(|(n, c)| json!({"name": n, "count": c}));
    let met: serde_json::Map<String, serde_json::Value> = story
        .met
        .iter()
        .map(|(n, m)| {
            (
                n.clone(),
                json!({"against": m.against, "ahead": m.ahead, "behind": m.behind,
                       "partners": m.partners, "together": m.together}),
            )
        })
        .collect();
    let best: serde_json::Map<String, serde_json::Value> = story
        .best
        .iter()
        .map(|(g, (t, id))| (g.id().to_string(), json!({"total": t, "session": id})))
        .collect();
    let best_hand: serde_json::Map<String, serde_json::Value> = story
        .best_hand
        .iter()
        .map(|(g, (p, id))| (g.id().to_string(), json!({"points": p, "session": id})))
        .collect();
    let mut ratings = serde_json::Map::new();
    let rated = |x: &marque_core::ratings::Rating| {
        json!({"mu": marque_core::ratings::round(x.mu),
               "sigma": marque_core::ratings::round(x.sigma),
               "sessions": x.sessions, "provisional": x.provisional()})
    };
    for (g, ladder) in &r.games {
        if let Some(x) = ladder.get(key) {
            ratings.insert(g.id().to_string(), rated(x));
        }
    }
    // The overall rating the text shows too, under its own name (no game's id).
    if let Some(x) = r.overall.get(key) {
        ratings.insert("overall".to_string(), rated(x));
    }
    json!({"rival": pair(story.rival()), "nemesis": pair(story.nemesis()),
           "partner": pair(story.partner()), "longest_run": story.longest_run,
           "best": best, "best_hand": best_hand, "met": met, "ratings": ratings})
}

/// `marque stats --ratings`: the players' ratings, per game and overall, from the index.
pub(super) fn ratings(
    folder: Option<std::path::PathBuf>,
    game: Option<&str>,
    as_json: bool,
    lang: Lang,
) -> ExitCode {
    use marque_core::games::GameKind;
    let game = match game.map(|g| GameKind::from_id(g).ok_or(g)) {
        None => None,
        Some(Ok(g)) => Some(g),
        Some(Err(g)) => {
            let ids: Vec<&str> = GameKind::ALL.iter().map(|g| g.id()).collect();
            let m = msg!("stats.no_game", game = g, known = ids.join(", "));
            return fail(&[Problem::file(m)], lang);
        }
    };
    // The ladders the index kept, where the folder's rated sessions did not change.
    let r = match club(folder, lang) {
        Ok((store, people)) => store.list_rated(&people, true).ratings,
        Err(p) => return fail(&[p], lang),
    };
    let mut out = crate::term::stdout(if as_json { Kind::Json } else { Kind::Text });
    let written = if as_json {
        serde_json::to_writer(&mut out, &r.to_json(game))
            .map_err(std::io::Error::from)
            .and_then(|()| writeln!(out))
    } else {
        let mut ladders: Vec<(String, &marque_core::ratings::Ladder)> = r
            .games
            .iter()
            .filter(|(g, _)| game.is_none_or(|w| w == **g))
            .map(|(g, l)| (marque_core::i18n::tr(lang, g.name_key()), l))
            .collect();
        if game.is_none() {
            ladders.push((marque_core::i18n::tr(lang, "stats.overall"), &r.overall));
        }
        ladders
            .iter()
            .try_for_each(|(title, ladder)| {
                writeln!(out, "{}", printable(title, false))?;
                for (name, rating) in r.table(ladder) {
                    let key = if rating.provisional() {
                        "stats.rating.provisional"
                    } else {
                        "stats.rating"
                    };
                    let line = msg!(
                        key,
                        name = name,
                        mu = marque_core::i18n::decimal1(lang, rating.mu),
                        sigma = marque_core::i18n::decimal1(lang, rating.sigma),
                        sessions = rating.sessions
                    );
                    writeln!(out, "{}", printable(&line.render(lang), false))?;
                }
                Ok(())
            })
            .and_then(|()| {
                if r.undated > 0 {
                    let m = msg!("stats.undated", n = r.undated);
                    writeln!(out, "{}", m.render(lang))?;
                }
                Ok(())
            })
    };
    output_done(written.and_then(|()| out.flush()), lang)
}

pub(super) fn check(folder: Option<std::path::PathBuf>, as_json: bool, lang: Lang) -> ExitCode {
    use marque_store::{FileState, Store};
    let dir = match folder_or_default(folder) {
        Ok(d) => d,
        Err(p) => return fail(&[p], lang),
    };
    let mut all_fine = true;
    // One write a few thousand lines, not one a line; one text for every file's detail.
    let mut out = crate::term::stdout(if as_json { Kind::Json } else { Kind::Text });
    let mut detail = String::new();
    // The first write that failed (a full disk, a closed pipe): said once, at the end.
    let mut wrote = Ok(());
    for item in Store::new(&dir).list() {
        let path = item.path.to_string_lossy();
        detail.clear();
        let state = match &item.state {
            FileState::Fine(_) if !item.copies.is_empty() => {
                all_fine = false;
                let names = marque_core::i18n::join(item.copies.iter().map(|c| {
                    c.file_name()
                        .map(|n| n.to_string_lossy().into_owned())
                        .unwrap_or_default()
                }));
                msg!(
                    "store.conflict",
                    n = item.copies.len(),
                    copies = names,
                    file = path.as_ref()
                )
                .render_into(lang, &mut detail);
                "conflict"
            }
            FileState::Fine(s) => {
                msg!(
                    "store.fine",
                    game = marque_core::i18n::Arg::Key(s.game.name_key()),
                    players = s.players.join(", "),
                    hands = msg!(s.game.hand_count(), n = s.hands)
                )
                .render_into(lang, &mut detail);
                "fine"
            }
            FileState::Damaged(problems) => {
                all_fine = false;
                for (k, p) in problems.iter().enumerate() {
                    if k > 0 {
                        detail.push_str("; ");
                    }
                    detail.push_str(&p.render(lang));
                }
                "damaged"
            }
            FileState::Newer(v) => {
                all_fine = false;
                msg!("store.newer", version = *v).render_into(lang, &mut detail);
                "newer"
            }
        };
        wrote = wrote.and(if as_json {
            writeln!(
                out,
                "{}",
                serde_json::json!({ "path": path, "state": state, "detail": detail })
            )
        } else {
            writeln!(
                out,
                "{state}\t{}\t{}",
                printable(&path, false),
                printable(&detail, false)
            )
        });
    }
    let done = output_done(wrote.and_then(|()| out.flush()), lang);
    if done != ExitCode::SUCCESS || all_fine {
        done
    } else {
        ExitCode::from(1)
    }
}
