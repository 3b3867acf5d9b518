//! Whose turn it is to have a page made: a few pages at once in all ([`MAKING`]), and of those
//! at most one for one session (or evening) and one for one address other than this machine's.
//! A guest asking a huge page ten times holds one turn, never both: a small page of another
//! session waits at most for the page being made beside it, not for the guest's queue.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// Pages made at once (the others wait their turn): ten asks for a long session's page never
/// hold ten of it in memory.
pub const MAKING: usize = 2;

/// How many lanes are kept before those nobody uses are swept.
const SWEEP_AT: usize = 64;

/// The turns of one sharing.
pub struct Turns {
    all: Semaphore,
    /// One lane per session (or evening) and per address being served, made when asked and let
    /// go with its last page.
    lanes: Mutex<HashMap<Lane, Arc<Semaphore>>>,
}

/// What a lane is kept for.
#[derive(Clone, PartialEq, Eq, Hash)]
enum Lane {
    Address(IpAddr),
    Page(String),
}

/// A page's turn: held while it is made.
pub struct Turn<'a> {
    _all: tokio::sync::SemaphorePermit<'a>,
    _lanes: Vec<Held<'a>>,
}

/// A lane held, let go (and forgotten when nobody waits on it) when the turn ends.
struct Held<'a> {
    turns: &'a Turns,
    lane: Lane,
    permit: Option<OwnedSemaphorePermit>,
}

impl Drop for Held<'_> {
    fn drop(&mut self) {
        self.permit.take();
        let mut lanes = self.turns.lanes.lock().unwrap_or_else(|e| e.into_inner());
        if lanes
            .get(&self.lane)
            .is_some_and(|l| Arc::strong_count(l) == 1)
        {
            lanes.remove(&self.lane);
        }
    }
}

impl Default for Turns {
    fn default() -> Turns {
        Turns {
            all: Semaphore::new(MAKING),
            lanes: Mutex::new(HashMap::new()),
        }
    }
}

impl Turns {
    /// The turn of a page asked from `ip` (this machine's own asks have no lane of their
    /// address), of session or evening `page` where it is one; `None` if the server stops.
    pub async fn take(&self, ip: IpAddr, page: Option<&str>) -> Option<Turn<'_>> {
        let mut held = Vec::new();
        if !ip.is_loopback() {
            held.push(self.lane(Lane::Address(ip)).await?);
        }
        if let Some(page) = page {
            held.push(self.lane(Lane::Page(page.to_string())).await?);
        }
        let all = self.all.acquire().await.ok()?;
        Some(Turn {
            _all: all,
            _lanes: held,
        })
    }

    async fn lane(&self, lane: Lane) -> Option<Held<'_>> {
        let sem = {
            let mut lanes = self.lanes.lock().unwrap_or_else(|e| e.into_inner());
            // Lanes nobody holds or waits on any more (a wait given up midway) are forgotten
            // before they are many.
            if lanes.len() >= SWEEP_AT {
                lanes.retain(|_, l| Arc::strong_count(l) > 1);
            }
            lanes
                .entry(lane.clone())
                .or_insert_with(|| Arc::new(Semaphore::new(1)))
                .clone()
        };
        // Made before the wait: a wait given up (its client gone) still forgets the lane.
        let mut held = Held {
            turns: self,
            lane,
            permit: None,
        };
        held.permit = Some(sem.acquire_owned().await.ok()?);
        Some(held)
    }

    /// How many lanes are kept (for tests: none once every page is made).
    #[cfg(test)]
    fn lanes(&self) -> usize {
        self.lanes.lock().unwrap_or_else(|e| e.into_inner()).len()
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, reason = "tests fail loudly")]
    use super::*;

    /// A session's pages take one turn at a time, leaving the other to another session's page;
    /// every lane is let go once its pages are made.
    #[test]
    fn one_sessions_pages_leave_a_turn_to_another() {
        let rt = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        rt.block_on(async {
            let turns = Turns::default();
            let guest: IpAddr = [10, 0, 0, 9].into();
            let first = turns.take(guest, Some("huge")).await.unwrap();
            // The guest's next page of the same session waits; another session's page, from
            // another address, is made at once.
            let again = turns.take(guest, Some("huge"));
            tokio::pin!(again);
            assert!(
                futures_now(&mut again).is_none(),
                "the guest's second waits"
            );
            let small = turns.take([10, 0, 0, 2].into(), Some("small"));
            tokio::pin!(small);
            let small = futures_now(&mut small).expect("another session's page at once");
            drop(small);
            drop(first);
            let again = again.await.unwrap();
            drop(again);
            assert_eq!(turns.lanes(), 0, "every lane let go");
        });
    }

    /// A future polled once: its output if ready.
    fn futures_now<F: std::future::Future + Unpin>(f: &mut F) -> Option<F::Output> {
        let waker = std::task::Waker::noop();
        let mut cx = std::task::Context::from_waker(waker);
        match std::pin::Pin::new(f).poll(&mut cx) {
            std::task::Poll::Ready(v) => Some(v),
            std::task::Poll::Pending => None,
        }
    }
}
