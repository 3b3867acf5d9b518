//! The campaign's attacks on the table's phones (issue 52), run in the same namespace while the
//! phone reads its page and follows its stream and EW's paired phone gives its word: NS's four
//! phones reloading as fast as they can while the table's own phone enters deals; 100,000
//! pairings tried through one offer; ten asks of a 300,000-deal page; a hundred pages
//! connecting at once.

use super::*;

/// Where the table's phones pair: NS's offer and the table's own (paths).
pub(super) struct Offers {
    pub ns: String,
    pub hands: String,
}

/// A phone pairs from `from` through `offer` under `label`: its own page's path, if it did.
fn paired(from: IpAddr, to: SocketAddr, offer: &str, label: &str) -> Option<String> {
    let (_, page) = request(from, to, &format!("GET {offer} HTTP/1.1\r\n"), "")?;
    let t = form_token(&page)?;
    let mut s = connect(from, to).ok()?;
    s.set_read_timeout(Some(Duration::from_secs(2))).ok()?;
    let body = format!("t={t}&label={label}");
    write!(
        s,
        "{}Host: {to}\r\nConnection: close\r\nContent-Length: {}\r\n\r\n{body}",
        post_head(offer),
        body.len()
    )
    .ok()?;
    let mut text = String::new();
    s.read_to_string(&mut text).ok()?;
    text.lines()
        .find_map(|l| {
            l.strip_prefix("location: ")
                .or_else(|| l.strip_prefix("Location: "))
        })
        .map(|l| l.trim().split('?').next().unwrap_or("").to_string())
}

/// The value of a page's hidden field `name`.
fn hidden(page: &str, name: &str) -> Option<String> {
    let at = format!("name=\"{name}\" value=\"");
    let from = page.find(&at)? + at.len();
    Some(page[from..].split('"').next()?.to_string())
}

/// The table's own phone entering a deal NS make every 2 s: each entry noted (in how long, from
/// its "Valider" to its reply), or what became of it.
fn entering(
    to: SocketAddr,
    page: String,
    going: &dyn Fn() -> bool,
) -> Vec<Result<Duration, String>> {
    let mut said = Vec::new();
    while going() {
        std::thread::sleep(Duration::from_secs(2));
        // A form shown before the laptop's deal went in is refused as stale, rightly: the
        // table keys it again on the page shown anew.
        let mut tries = 0;
        loop {
            tries += 1;
            let one = enter_once(to, &page);
            match one {
                Err(e) if e.contains("a changé depuis") && tries < 3 => continue,
                one => {
                    said.push(one);
                    break;
                }
            }
        }
    }
    said
}

/// One deal entered by the table's own phone: the form read, the count looked at, "Valider".
fn enter_once(to: SocketAddr, page: &str) -> Result<Duration, String> {
    let shown = request(ip(44), to, &format!("GET {page} HTTP/1.1\r\n"), "");
    let Some(n) = shown.as_ref().and_then(|(_, p)| hidden(p, "n")) else {
        return Err(format!("no form ({:?})", shown.map(|s| s.0)));
    };
    let keys = format!("do=look&n={n}&lvl=4&st=S&x=&by=N&res=0");
    let look = request(ip(44), to, &post_head(page), &keys);
    let Some(t) = look.as_ref().and_then(|(_, p)| form_token(p)) else {
        // The laptop's deal may have gone in between the form and its count: the count is
        // refused as stale, and said so (the retry keys it again).
        let said = look.map(|(code, p)| format!("{code}: {}", said_on(&p)));
        return Err(format!("no count ({said:?})"));
    };
    let start = Instant::now();
    let done = request(ip(44), to, &post_head(page), &format!("do=write&t={t}"));
    let took = start.elapsed();
    match done {
        Some((200, p)) if p.contains("est dans la partie") => Ok(took),
        Some((code, p)) => Err(format!("{code}: {}", said_on(&p))),
        None => Err(format!("no reply within 2 s ({took:?})")),
    }
}

/// NS's four phones (every place the side has) each reloading its page as fast as it can, each
/// page minting a one-time token (NS is asked about EW's deal), while the table's own phone
/// enters a deal every 2 s and EW's phone answers: every entry and word noted within 2 s, and
/// the file holds each entry once.
pub(super) fn reloading_phones(
    report: &mut Vec<(String, bool)>,
    (pid, to): (u32, SocketAddr),
    phone: &Phone,
    offers: &Offers,
    file: &std::path::Path,
) {
    let ns: Vec<String> = (0..4)
        .filter_map(|k| paired(ip(40 + k), to, &offers.ns, &format!("NS{k}")))
        .collect();
    let table = paired(ip(44), to, &offers.hands, "Table");
    report.push((
        format!("{} of NS's 4 phones and the table's paired", ns.len()),
        ns.len() == 4 && table.is_some(),
    ));
    let Some(table) = table else {
        return;
    };
    let before = entries_by(file, "Table");
    let reloads = Arc::new(AtomicUsize::new(0));
    let entries = Arc::new(Mutex::new(Vec::new()));
    let start = Instant::now();
    {
        let (reloads, entries) = (reloads.clone(), entries.clone());
        for_a_while(5, move |k, going| {
            if k == 4 {
                let said = entering(to, table.clone(), going);
                entries.lock().unwrap().extend(said);
                return;
            }
            let head = format!("GET {} HTTP/1.1\r\n", ns[k]);
            while going() {
                if request(ip(40 + k as u8), to, &head, "").is_some_and(|(c, _)| c == 200) {
                    reloads.fetch_add(1, Ordering::Relaxed);
                }
            }
        });
    }
    let rate = reloads.load(Ordering::Relaxed) as f64 / start.elapsed().as_secs_f64();
    let said = std::mem::take(&mut *entries.lock().unwrap());
    let lost: Vec<&String> = said.iter().filter_map(|s| s.as_ref().err()).collect();
    let slowest = said.iter().flatten().max().copied().unwrap_or_default();
    let noted = said.iter().filter(|s| s.is_ok()).count();
    let written = entries_by(file, "Table") - before;
    report.push((
        format!(
            "4 NS phones reloading ({rate:.0} pages a second): the table's phone entered {} \
             deals, {} not noted {lost:?} (slowest {slowest:?}), {written} in the file",
            said.len(),
            lost.len()
        ),
        !said.is_empty() && lost.is_empty() && slowest < Duration::from_secs(2) && written == noted,
    ));
    judge(report, pid, "4 NS phones reloading", phone);
}

/// How many hands the log says the phone `label` entered.
fn entries_by(file: &std::path::Path, label: &str) -> usize {
    let v: serde_json::Value = serde_json::from_slice(&std::fs::read(file).unwrap()).unwrap();
    v["log"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|e| e["action"] == "add" && e["phone"] == label)
        .count()
}

/// How long a wrong pairing (a form nobody was shown) takes to be refused: the slowest of 20.
fn wrong_pairing(to: SocketAddr, offer: &str) -> Duration {
    (0..20)
        .map(|_| {
            let start = Instant::now();
            request(ip(45), to, &post_head(offer), "t=0000&label=X");
            start.elapsed()
        })
        .max()
        .unwrap_or_default()
}

/// 100,000 pairings tried through NS's offer (its four places taken) from 8 addresses, each a
/// pairing form read and posted: nothing more paired, the server's memory bounded, and a wrong
/// pairing refused as fast as before.
pub(super) fn pairings_flood(
    report: &mut Vec<(String, bool)>,
    (pid, to): (u32, SocketAddr),
    phone: &Phone,
    offers: &Offers,
) {
    let first = wrong_pairing(to, &offers.ns);
    let memory = status(pid, "VmRSS:");
    let tried = Arc::new(AtomicUsize::new(0));
    let more = Arc::new(AtomicUsize::new(0));
    let start = Instant::now();
    {
        let (tried, more, offer) = (tried.clone(), more.clone(), offers.ns.clone());
        for_a_while(8, move |k, _| {
            // Until all 100,000 are tried, however long this machine takes (a count, not a
            // time: a slower runner tried 98,948 in the 4 minutes once allowed).
            while tried.fetch_add(1, Ordering::Relaxed) < 100_000 {
                if paired(ip(40 + k as u8), to, &offer, "x").is_some() {
                    more.fetch_add(1, Ordering::Relaxed);
                }
            }
        });
    }
    let tried = tried.load(Ordering::Relaxed).min(100_000);
    let (after, grown) = (wrong_pairing(to, &offers.ns), status(pid, "VmRSS:"));
    let more = more.load(Ordering::Relaxed);
    report.push((
        format!(
            "{tried} pairings tried through one offer in {:.0?}: {more} paired, memory {memory} \
             → {grown} KiB, a wrong pairing refused in {first:?} before, {after:?} after",
            start.elapsed()
        ),
        tried >= 100_000
            && more == 0
            && grown < memory + 16 * 1024
            && after < first.max(Duration::from_millis(50)) * 4,
    ));
    judge(report, pid, "100,000 pairings through one offer", phone);
}

/// A session of 300,000 deals, written whole beside the others.
fn long_session(dir: &std::path::Path) {
    let mut text = String::from(
        r#"{"format": "marque-session", "version": 1, "id": "long", "game": "bridge", "created": "2026-11-26T19:00:00+01:00", "players": ["Paul", "Lise", "Marc", "Zoé"], "options": {}, "hands": ["#,
    );
    for k in 0..300_000 {
        if k > 0 {
            text.push(',');
        }
        let by = ["N", "E", "S", "W"][k % 4];
        text.push_str(&format!(
            r#"{{"contract": "3NT", "declarer": "{by}", "tricks": 9}}"#
        ));
    }
    text.push_str("]}");
    let tmp = dir.join(".long.tmp");
    std::fs::write(&tmp, text).unwrap();
    std::fs::rename(tmp, dir.join("long.json")).unwrap();
}

/// One GET from the guest's address, waiting up to 5 minutes (ten asks of the long page are
/// made one after another, each some 15 s in a debug build): its status.
fn slow_get(to: SocketAddr, head: &str) -> Option<u16> {
    let mut s = connect(ip(45), to).ok()?;
    s.set_read_timeout(Some(Duration::from_secs(300))).ok()?;
    write!(s, "{head}Host: {to}\r\nConnection: close\r\n\r\n").ok()?;
    let mut text = Vec::new();
    s.read_to_end(&mut text).ok()?;
    String::from_utf8_lossy(&text[..text.len().min(64)])
        .split_whitespace()
        .nth(1)?
        .parse()
        .ok()
}

/// Ten asks at once of a 300,000-deal session's page from one address, while the phone reads
/// its own session's page every 0.25 s (each within 1 s) and EW answers.
pub(super) fn huge_pages(
    report: &mut Vec<(String, bool)>,
    (pid, to): (u32, SocketAddr),
    phone: &Phone,
    (dir, root): (&std::path::Path, &str),
) {
    long_session(dir);
    let page = format!("GET {root}/s/long HTTP/1.1\r\n");
    // Listed once the folder's watcher saw it (its first page made meanwhile).
    let listed = Instant::now();
    while slow_get(to, &page) == Some(404) && listed.elapsed() < Duration::from_secs(60) {
        std::thread::sleep(Duration::from_millis(200));
    }
    let answered = Arc::new(AtomicUsize::new(0));
    let start = Instant::now();
    {
        let answered = answered.clone();
        for_a_while(10, move |_, _| {
            if slow_get(to, &page) == Some(200) {
                answered.fetch_add(1, Ordering::Relaxed);
            }
        });
    }
    report.push((
        format!(
            "10 asks of a 300,000-deal page: {} answered in {:.1?}",
            answered.load(Ordering::Relaxed),
            start.elapsed()
        ),
        answered.load(Ordering::Relaxed) == 10,
    ));
    judge(report, pid, "10 asks of a 300,000-deal page", phone);
    std::fs::remove_file(dir.join("long.json")).ok();
}

/// A hundred pages connecting at once from 4 addresses, each sending its request only once all
/// are connected: every one served.
pub(super) fn hundred_at_once(
    report: &mut Vec<(String, bool)>,
    (pid, to): (u32, SocketAddr),
    phone: &Phone,
    root: &str,
) {
    let mut held: Vec<TcpStream> = (0..100)
        .filter_map(|k| connect(ip(46 + (k % 4) as u8), to).ok())
        .collect();
    let connected = held.len();
    for s in &mut held {
        write!(
            s,
            "GET {root}/s/soir HTTP/1.1\r\nHost: {to}\r\nConnection: close\r\n\r\n"
        )
        .ok();
    }
    let served = held
        .into_iter()
        .filter(|s| {
            let mut s = s;
            s.set_read_timeout(Some(Duration::from_secs(5))).ok();
            let mut text = Vec::new();
            s.read_to_end(&mut text).ok();
            String::from_utf8_lossy(&text[..text.len().min(64)]).contains(" 200 ")
        })
        .count();
    report.push((
        format!("100 pages connecting at once: {connected} connected, {served} served"),
        served == 100,
    ));
    // Long enough for EW's next word.
    std::thread::sleep(Duration::from_secs(4));
    judge(report, pid, "100 pages at once", phone);
}
