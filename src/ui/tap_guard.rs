//! The tap guard: after a tap that changed the layout under the pointer, the presses of a
//! double tap's second half are let go ([`super::TAP_GUARD_SECONDS`]).

use super::app::App;

impl App {
    /// Lets go the presses of a tap's second half after a tap that changed the layout under the
    /// pointer ([`super::TAP_GUARD_SECONDS`]); the pointer's moves and every key go through.
    pub fn guard_input(&mut self, raw: &mut egui::RawInput) {
        if let Some(until) = self.guard_until
            && raw.time.is_some_and(|t| t >= until)
        {
            self.guard_until = None;
        }
        let guarded = self.guard_until.is_some();
        let held = &mut self.press_let_go;
        raw.events.retain(|e| match e {
            // A press in the guard is let go, and so is its release, whenever it comes.
            egui::Event::PointerButton { pressed: true, .. } if guarded => {
                *held = true;
                false
            }
            egui::Event::PointerButton { pressed: false, .. } if *held => {
                *held = false;
                false
            }
            _ => true,
        });
    }
}
