//! "Suivre sur les téléphones": the room's pages turned on from the window, their address
//! shown as a QR code large enough to scan across a table (drawn here, module by module), with
//! the address in text beside it. Off until the players turn it on; the same key (on the
//! session screen, or on the room's scoreboard), or closing the window, turns it off.

use egui::{Color32, RichText};

use marque_core::i18n::msg;
use marque_core::i18n::{Lang, tr};

/// Sharing under way: the server, and its address's QR code.
pub struct Shared {
    sharing: crate::serve::Sharing,
    qr: Option<qrcode::QrCode>,
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
    /// a free port.
    pub fn start(watcher: std::sync::Arc<marque_store::watch::Watcher>) -> std::io::Result<Shared> {
        let any = std::net::IpAddr::from([0, 0, 0, 0]);
        let sharing = crate::serve::Sharing::start(watcher, any, 0)?;
        let qr = qrcode::QrCode::new(sharing.url().as_bytes()).ok();
        Ok(Shared { sharing, qr })
    }

    /// The pages off.
    pub fn stop(self) {
        self.sharing.stop();
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

/// The window with the QR code, while sharing is on.
pub fn window(ctx: &egui::Context, lang: Lang, shared: &Shared) {
    egui::Window::new(tr(lang, "ui.share.title"))
        // A window of its own each time sharing starts (its address is new): never one left
        // folded or moved the last time. Folded once the room has scanned it, moved where it
        // hides nothing; it opens at the bottom left, over the sheet's rows, above the notice
        // bar: never over the entry form (on the right) where the table taps, nor over the
        // session's keys under its title (the one that stops sharing among them).
        .id(egui::Id::unique(("share", shared.url())))
        .collapsible(true)
        .resizable(false)
        .default_pos(ctx.content_rect().left_bottom() + egui::vec2(12.0, -56.0))
        .pivot(egui::Align2::LEFT_BOTTOM)
        .show(ctx, |ui| {
            let room = (ctx.content_rect().height() * 0.55).clamp(160.0, 420.0);
            if let Some(code) = &shared.qr {
                qr_code(ui, lang, code, shared.url(), room);
            }
            ui.add(egui::Label::new(RichText::new(shared.url()).monospace()).wrap());
            ui.label(RichText::new(tr(lang, "ui.share.hint")).weak());
        });
}
