//! The window's subscription to the data folder's one watcher ([`marque_store::watch`]): the
//! watcher's thread wakes the window when something changed; the UI thread only looks whether
//! anything came. The same watcher feeds the room's server when the window shares.

use std::sync::mpsc::Receiver;
use std::sync::{Arc, Mutex};

use marque_store::watch::{Changed, Watcher};

pub struct Watch {
    watcher: Arc<Watcher>,
    rx: Receiver<Changed>,
    /// The window to wake (known from its first frame).
    ctx: Arc<Mutex<Option<egui::Context>>>,
}

impl Watch {
    pub fn new(dir: &std::path::Path) -> Watch {
        let watcher = Arc::new(Watcher::new(dir));
        let ctx: Arc<Mutex<Option<egui::Context>>> = Arc::new(Mutex::new(None));
        let rx = {
            let ctx = ctx.clone();
            watcher.subscribe(move || {
                if let Some(ctx) = ctx.lock().unwrap_or_else(|e| e.into_inner()).as_ref() {
                    ctx.request_repaint();
                }
            })
        };
        Watch { watcher, rx, ctx }
    }

    /// What changed in the folder since the window last looked (once per burst).
    pub fn changed(&mut self, ctx: &egui::Context) -> Option<Changed> {
        {
            let mut known = self.ctx.lock().unwrap_or_else(|e| e.into_inner());
            if known.is_none() {
                *known = Some(ctx.clone());
            }
        }
        self.rx.try_iter().reduce(|a, b| Changed {
            people: a.people || b.people,
        })
    }

    /// Whether the folder is watched.
    pub fn watching(&self) -> bool {
        self.watcher.watching()
    }

    /// The watcher, for the room's server.
    pub fn watcher(&self) -> Arc<Watcher> {
        self.watcher.clone()
    }
}
