//! "Suivre sur les téléphones": the room's pages turned on from the window, their address
//! shown as a QR code large enough to scan across a table (drawn here, module by module), with
//! the address in text beside it. Off until the players turn it on; the same key (on the
//! session screen, or on the room's scoreboard), or closing the window, turns it off.

use egui::{Color32, RichText};

use super::command::{Command, Share};
use super::open::Open;
use crate::serve::pairing::Entering;

use marque_core::i18n::msg;
use marque_core::i18n::{Lang, tr};

/// Sharing under way: the server, and its address's QR code.
pub struct Shared {
    sharing: crate::serve::Sharing,
    qr: Option<qrcode::QrCode>,
    /// Each side's pairing QR code, by its address.
    codes: std::collections::HashMap<String, qrcode::QrCode>,
    /// This machine's networks, listed once when sharing starts (never asked of the system
    /// on every frame), again when the players pick one.
    networks: Vec<(String, std::net::IpAddr)>,
}

impl Shared {
    /// The pages' address (with its capability).
    pub fn url(&self) -> &str {
        self.sharing.url()
    }

    /// Where the server listens.
    pub fn local_addr(&self) -> std::net::SocketAddr {
        self.sharing.local_addr()
    }

    /// The room's pages on the folder `watcher` follows, on every address of this machine and
    /// a free port. A phone's word is written by the server through the file's own document,
    /// never waiting on the window: the window follows the file (its watcher), and `ctx` is
    /// only woken to show at once a phone paired or a word written.
    pub fn start(
        watcher: std::sync::Arc<marque_store::watch::Watcher>,
        ctx: &egui::Context,
    ) -> std::io::Result<Shared> {
        let any = std::net::IpAddr::from([0, 0, 0, 0]);
        let ctx = ctx.clone();
        let wake: crate::serve::answers::Wake = std::sync::Arc::new(move || ctx.request_repaint());
        let sharing = crate::serve::Sharing::start_with(
            watcher,
            (any, 0),
            crate::serve::MAX_CLIENTS,
            Some(wake),
        )?;
        let qr = qrcode::QrCode::new(sharing.url().as_bytes()).ok();
        Ok(Shared {
            sharing,
            qr,
            codes: std::collections::HashMap::new(),
            networks: crate::serve::networks(),
        })
    }

    /// The phones paired, and the offers that pair them.
    pub fn pairings(&self) -> &crate::serve::pairing::Pairings {
        self.sharing.pairings()
    }

    /// This machine's networks as the share window lists them (a test puts its own: the
    /// machine it runs on may have one network only).
    #[doc(hidden)]
    pub fn set_networks(&mut self, networks: Vec<(String, std::net::IpAddr)>) {
        self.networks = networks;
    }

    /// The pages given at this machine's address on another network.
    pub fn set_host(&mut self, ip: std::net::IpAddr) {
        self.sharing.set_host(ip);
        self.qr = qrcode::QrCode::new(self.sharing.url().as_bytes()).ok();
        self.codes.clear();
        self.networks = crate::serve::networks();
    }

    /// The pages off.
    pub fn stop(self) {
        self.sharing.stop();
    }
}

/// The open session's sides each offered their pairing, where it asks the other side's word,
/// then its table's own phone (what a phone writes, the server writes, and the window follows
/// the file).
pub fn offer_sides(shared: &Shared, open: Option<&Open>) {
    if let Some(open) = open
        && let Some(id) = open.doc.session().id.as_deref()
        && open.doc.session().game.asks_word()
        && marque_core::history::wants_word(open.doc.session())
        && !open.doc.session().closed
    {
        for (side, name) in open.doc.sheet().sides.iter().enumerate() {
            shared.pairings().offer(id, side, name).ok();
        }
    }
    // Then the table's own phone, at every game: it enters the next hand (a table of an
    // evening is entered through its table's code, on the evening's screen).
    if let Some(open) = open
        && let Some(id) = open.doc.session().id.as_deref()
        && !open.doc.is_a_table()
        && !open.doc.session().closed
        && !open.doc.sheet().natural_end
    {
        shared.pairings().hands_offer(id).ok();
    }
}

/// The QR code of `url`, `side` points square, dark modules on white with its quiet zone.
fn qr_code(
    ui: &mut egui::Ui,
    lang: marque_core::i18n::Lang,
    code: &qrcode::QrCode,
    url: &str,
    side: f32,
) {
    let (rect, resp) = ui.allocate_exact_size(egui::vec2(side, side), egui::Sense::hover());
    let name = msg!("ui.share.qr", url = url).render(lang);
    resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, &name));
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 0.0, Color32::WHITE);
    let n = code.width();
    let quiet = 4;
    let cell = side / (n + 2 * quiet) as f32;
    for (k, color) in code.to_colors().into_iter().enumerate() {
        if color == qrcode::Color::Dark {
            let (x, y) = ((k % n + quiet) as f32, (k / n + quiet) as f32);
            let min = rect.min + egui::vec2(x * cell, y * cell);
            // A hair wider, so that no seam shows between two dark modules.
            let r = egui::Rect::from_min_size(min, egui::vec2(cell + 0.5, cell + 0.5));
            painter.rect_filled(r, 0.0, Color32::BLACK);
        }
    }
}

/// What the share window offers pairing codes for: the session the window holds (its id and
/// each answering side's name), or the evening it shows (its name in the room's pages), a
/// code per table.
pub struct Asking {
    pub session: String,
    pub sides: Vec<String>,
    /// The evening's tables (each offer's side is its table's number).
    pub tables: bool,
}

impl Asking {
    /// Whether `offer` is one of those asked for.
    fn offers(&self, offer: &crate::serve::pairing::Offer) -> bool {
        offer.session == self.session && self.kind(&offer.table)
    }

    /// Whether an offer or a phone entering `table` is of those asked for: an evening's tables,
    /// or a session's sides and its own table.
    fn kind(&self, table: &Option<Entering>) -> bool {
        table.as_ref().is_some_and(Entering::of_evening) == self.tables
    }

    /// The name of side `side` (a table's number, where it offers tables; the table itself
    /// for a session table's phone) in `lang`.
    fn side(&self, lang: Lang, (side, name, table): (usize, &str, &Option<Entering>)) -> String {
        match table {
            Some(Entering::Session) => return tr(lang, "ui.share.hands_side"),
            Some(Entering::Verifying(_)) => {
                return msg!("ui.share.table_ew", table = side).render(lang);
            }
            _ => {}
        }
        if self.tables {
            return msg!("ui.table.title", table = side).render(lang);
        }
        self.sides
            .get(side)
            .cloned()
            .unwrap_or_else(|| name.to_string())
    }
}

/// The offers of the tables of the evening `evening` (as read), named `name` by the room's
/// pages: at a bridge evening, a phone scanned at a table enters its boards, and E-W's own
/// phone gives their word on them; where each table plays a session a round (a Tarot
/// concours), a table's phone enters its deals, round after round.
pub fn offer_tables(shared: &Shared, name: &str, evening: &serde_json::Value) {
    let by_rounds = marque_core::club::session_tables(evening);
    for table in &by_rounds {
        shared.pairings().rounds_offer(name, *table).ok();
    }
    if !by_rounds.is_empty() {
        return;
    }
    if !matches!(evening["kind"].as_str(), Some("pairs" | "teams")) {
        return;
    }
    for t in evening["tables"].as_array().into_iter().flatten() {
        if let (Some(table), Some(file)) = (t["table"].as_u64(), t["file"].as_str())
            && let Ok(table) = u32::try_from(table)
            && marque_core::club::plain_name(file).is_ok()
        {
            shared.pairings().table_offer(name, table, file).ok();
            shared.pairings().verify_offer(name, table, file).ok();
        }
    }
}

/// The panel with the QR code, while sharing is on: the room's pages, or (a key per side) a
/// side's pairing code, in the same square (nothing moves when another is chosen); then the
/// phones paired, each with a key that revokes it. A panel of its own at the window's left,
/// drawn before the screen: the screen takes what room is left, so it covers no key of the
/// session (the word prompt, the form, the totals, the key that stops sharing). Folded to a
/// strip once the room has scanned it; its content scrolls where the window is too short.
pub fn panel(
    ui: &mut egui::Ui,
    lang: Lang,
    shared: &mut Shared,
    asking: Option<Asking>,
    commands: &mut Vec<Command>,
) {
    // Folded or not is kept while this sharing lasts (its address is new each time).
    let folded_id = egui::Id::unique(("share-folded", shared.url()));
    let folded: bool = ui.data(|d| d.get_temp(folded_id)).unwrap_or(false);
    let line = ui.text_style_height(&egui::TextStyle::Body) + ui.spacing().item_spacing.y;
    let full = ui.ctx().content_rect().width();
    // A share of the window, never more than a third of it: the screen beside keeps its room.
    let width = if folded {
        crate::ui::widgets::text_width(ui, "▶") + 4.0 * ui.spacing().button_padding.x
    } else {
        (full * 0.27).clamp(12.0 * line, 360.0).min(full / 3.0)
    };
    let title = tr(lang, "ui.share.title");
    egui::Panel::left("share")
        .exact_size(width)
        .resizable(false)
        .show(ui, |ui| {
            if folded {
                let unfold = ui.button("▶").on_hover_text(&title);
                unfold.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &title));
                if unfold.clicked() {
                    ui.data_mut(|d| d.insert_temp(folded_id, false));
                }
                return;
            }
            ui.horizontal(|ui| {
                let fold = tr(lang, "ui.share.fold");
                let key = ui.button("◀").on_hover_text(&fold);
                key.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &fold));
                if key.clicked() {
                    ui.data_mut(|d| d.insert_temp(folded_id, true));
                }
                ui.strong(&title);
            });
            ui.separator();
            egui::ScrollArea::vertical()
                .id_salt(("share-body", shared.url()))
                .auto_shrink([false, false])
                .show(ui, |ui| body(ui, lang, shared, asking, commands));
        });
}

/// What the share panel holds under its title: the keys choosing a code, the code, the address,
/// the network, the hint, the phones.
fn body(
    ui: &mut egui::Ui,
    lang: Lang,
    shared: &mut Shared,
    asking: Option<Asking>,
    commands: &mut Vec<Command>,
) {
    // The code as large as the panel leaves it: the keys, the address, the network, the hint
    // and the phones' list under it each keep their room.
    let line = ui.text_style_height(&egui::TextStyle::Body) + ui.spacing().item_spacing.y;
    let rest = if asking.is_some() {
        line * (17 + PHONE_ROWS) as f32
    } else {
        line * 9.0
    };
    let room = (ui.available_height() - rest)
        .min(ui.available_width() - ui.spacing().scroll.bar_width - 8.0)
        .clamp(120.0, 400.0);
    // The key chosen is kept while this sharing lasts, another network picked included: its
    // capability (the address's path), not its host, names it; and the session, so that
    // another session's sides are never chosen by the index of this one's.
    let capability = shared.url().splitn(4, '/').nth(3).unwrap_or_default();
    let session = asking.as_ref().map(|a| a.session.to_string());
    let chosen_id = egui::Id::unique(("share-side", capability, session));
    let offers: Vec<crate::serve::pairing::Offer> = match &asking {
        Some(a) => shared
            .pairings()
            .offers()
            .into_iter()
            .filter(|o| a.offers(o))
            .collect(),
        None => Vec::new(),
    };
    let mut chosen: Option<usize> = ui.data(|d| d.get_temp(chosen_id)).flatten();
    if chosen.is_some_and(|c| c >= offers.len()) {
        chosen = None;
    }
    if !offers.is_empty() {
        ui.horizontal_wrapped(|ui| {
            if ui
                .selectable_label(chosen.is_none(), tr(lang, "ui.share.room"))
                .clicked()
            {
                chosen = None;
            }
            for (k, o) in offers.iter().enumerate() {
                let name = asking.as_ref().map_or_else(
                    || o.side_name.clone(),
                    |a| a.side(lang, (o.side, &o.side_name, &o.table)),
                );
                let key = match (&o.table, asking.as_ref().is_some_and(|a| a.tables)) {
                    (Some(Entering::Session), _) => tr(lang, "ui.share.hands"),
                    (Some(Entering::Verifying(_)), _) => {
                        msg!("ui.share.table_ew", table = o.side).render(lang)
                    }
                    (_, true) => msg!("ui.share.table", table = o.side).render(lang),
                    (_, false) => msg!("ui.share.side", side = name).render(lang),
                };
                if ui.selectable_label(chosen == Some(k), key).clicked() {
                    chosen = Some(k);
                }
            }
        });
        ui.data_mut(|d| d.insert_temp(chosen_id, chosen));
    }
    let url = match chosen.and_then(|k| offers.get(k)) {
        Some(o) => shared.sharing.pairing_url(o),
        None => shared.url().to_string(),
    };
    if chosen.is_none() {
        if let Some(code) = &shared.qr {
            ui.vertical_centered(|ui| qr_code(ui, lang, code, &url, room));
        }
    } else {
        let code = shared.codes.entry(url.clone()).or_insert_with(|| {
            qrcode::QrCode::new(url.as_bytes()).unwrap_or_else(|_| unreachable_code())
        });
        ui.vertical_centered(|ui| qr_code(ui, lang, code, &url, room));
    }
    // The address and the hint each in a block of its own height, whichever they are (the room's,
    // a side's, on another network), all wrapped at the panel's width: nothing under them
    // moves when another key or network is chosen.
    let lines = |ui: &mut egui::Ui, style: egui::TextStyle, n: f32| {
        let font = style.resolve(ui.style());
        n * ui.fonts_mut(|f| f.row_height(&font))
    };
    // As tall as the longest address wraps to at this width (a pairing address holds two
    // capabilities), and never less than three lines.
    let longest = offers
        .first()
        .map(|o| shared.sharing.pairing_url(o))
        .unwrap_or_else(|| url.clone());
    let font = egui::TextStyle::Monospace.resolve(ui.style());
    let width = ui.available_width();
    let wrapped = ui
        .fonts_mut(|f| f.layout(longest, font, Color32::PLACEHOLDER, width))
        .size()
        .y;
    let mono = wrapped.max(lines(ui, egui::TextStyle::Monospace, 3.0));
    crate::ui::widgets::fixed_block(ui, mono, |ui| {
        ui.add(egui::Label::new(RichText::new(&url).monospace()).wrap());
    });
    network(ui, lang, (&url, &shared.networks), commands);
    let entering = chosen
        .and_then(|k| offers.get(k))
        .and_then(|o| o.table.as_ref());
    let hint = match (chosen.is_some(), asking.as_ref().is_some_and(|a| a.tables)) {
        _ if entering == Some(&Entering::Session) => "ui.share.hands_hint",
        _ if matches!(entering, Some(Entering::Verifying(_))) => "ui.share.table_ew_hint",
        _ if matches!(entering, Some(Entering::Deals(_))) => "ui.share.rounds_hint",
        (true, true) => "ui.share.table_hint",
        (true, false) => "ui.share.pair_hint",
        (false, _) => "ui.share.hint",
    };
    // As tall as the longest of the hints wraps to at this width (nothing under it moves when
    // another key is chosen), and never less than three lines.
    let font = egui::TextStyle::Body.resolve(ui.style());
    let tallest = HINTS
        .iter()
        .map(|k| {
            let text = tr(lang, k);
            let width = ui.available_width();
            ui.fonts_mut(|f| f.layout(text, font.clone(), Color32::PLACEHOLDER, width))
                .size()
                .y
        })
        .fold(0.0, f32::max);
    let body = tallest.max(lines(ui, egui::TextStyle::Body, 3.0));
    crate::ui::widgets::fixed_block(ui, body, |ui| {
        ui.label(RichText::new(tr(lang, hint)).weak());
    });
    phones(ui, lang, shared, asking.as_ref(), commands);
}

/// Every hint the share panel may show under its code.
const HINTS: [&str; 6] = [
    "ui.share.hint",
    "ui.share.pair_hint",
    "ui.share.table_hint",
    "ui.share.table_ew_hint",
    "ui.share.hands_hint",
    "ui.share.rounds_hint",
];

/// The network the address is on, and a key for each other one of this machine's (Wi-Fi,
/// Ethernet, a VPN, a container's bridge): the phones must reach the one the code carries.
fn network(
    ui: &mut egui::Ui,
    lang: Lang,
    (url, nets): (&str, &[(String, std::net::IpAddr)]),
    commands: &mut Vec<Command>,
) {
    let host = url
        .strip_prefix("http://")
        .and_then(|u| u.split('/').next())
        .and_then(|h| h.parse::<std::net::SocketAddr>().ok())
        .map(|a| a.ip());
    let chosen = nets.iter().find(|(_, ip)| Some(*ip) == host);
    let name = chosen.map_or_else(|| tr(lang, "ui.share.network_unknown"), |(n, _)| n.clone());
    let text = msg!("ui.share.network", name = name.as_str()).render(lang);
    egui::ComboBox::from_label(text)
        .selected_text(host.map(|h| h.to_string()).unwrap_or_default())
        .show_ui(ui, |ui| {
            for (n, ip) in nets {
                let label = format!("{n} — {ip}");
                if ui.selectable_label(Some(*ip) == host, label).clicked() {
                    commands.push(Command::Share(Share::Network(*ip)));
                }
            }
        });
}

/// The rows the list of phones keeps (more scroll): a phone per side of a game of two, and a
/// warning.
const PHONE_ROWS: usize = 3;

/// The phones paired for the session's sides, each with the key that revokes it; a side with
/// two phones or more is pointed out (both answer; the players may revoke one).
fn phones(
    ui: &mut egui::Ui,
    lang: Lang,
    shared: &Shared,
    asking: Option<&Asking>,
    commands: &mut Vec<Command>,
) {
    let Some(asking) = asking else {
        return;
    };
    let phones: Vec<crate::serve::pairing::Phone> = shared
        .pairings()
        .phones()
        .into_iter()
        .filter(|p| p.session == asking.session && asking.kind(&p.table))
        .collect();
    ui.separator();
    ui.label(RichText::new(tr(lang, "ui.share.phones")).strong());
    // The list keeps one height, [`PHONE_ROWS`] rows (more scroll): the window opens from its
    // bottom, and a phone that pairs must move nothing above it.
    let row = ui
        .spacing()
        .interact_size
        .y
        .max(ui.text_style_height(&egui::TextStyle::Body))
        + ui.spacing().item_spacing.y;
    let height = row * PHONE_ROWS as f32;
    egui::ScrollArea::vertical()
        .id_salt("paired")
        .min_scrolled_height(height)
        .max_height(height)
        .auto_shrink([false, false])
        .show(ui, |ui| {
            if phones.is_empty() {
                ui.label(RichText::new(tr(lang, "ui.share.no_phone")).weak());
            }
            for p in &phones {
                let side = asking.side(lang, (p.side, &p.side_name, &p.table));
                let side = side.as_str();
                ui.horizontal(|ui| {
                    ui.label(
                        msg!("ui.share.phone", side = side, phone = p.label.as_str()).render(lang),
                    );
                    let key = msg!("ui.share.revoke", phone = p.label.as_str()).render(lang);
                    if ui.button(key).clicked() {
                        commands.push(Command::Share(Share::Revoke(p.token.clone())));
                    }
                });
            }
            for (k, side) in asking.sides.iter().enumerate().filter(|_| !asking.tables) {
                let of_side = |p: &&crate::serve::pairing::Phone| p.side == k && p.table.is_none();
                if phones.iter().filter(of_side).count() > 1 {
                    ui.label(
                        RichText::new(
                            msg!("ui.share.two_phones", side = side.as_str()).render(lang),
                        )
                        .color(ui.visuals().warn_fg_color),
                    );
                }
            }
        });
}

/// A pairing address always makes a QR code (a short ASCII address): never reached.
fn unreachable_code() -> qrcode::QrCode {
    qrcode::QrCode::new(b"marque").unwrap_or_else(|_| unreachable!("a short text always encodes"))
}
