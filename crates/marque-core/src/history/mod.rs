//! Changes to a session's hands, their inverse (undo), and the edit log kept inside the file.
//!
//! Every change to the hands goes through [`apply`]: it updates the score sheet (playing the
//! new hand, or replaying from the changed one), refuses a change after which the session no
//! longer scores, and records an entry in the session's `log` (time, action, hand, old and new
//! value), so that the score sheet never changes without a trace.

mod sentences;

pub(crate) use sentences::options_said;
pub use sentences::{clock, copy_label, machine_of, sentences};

mod log;
pub use log::*;

mod word;
pub use word::*;
