//! Ratings (issue 34): who plays best, by the Weng–Lin model (OpenSkill) of the `skillratings`
//! crate with its default configuration (β = 25/6, tolerance 10⁻⁶; everyone starts at μ = 25,
//! σ = 25/3). A pure function of the sessions: the same folder gives the same ratings on every
//! machine, whatever its files are named or when they were written.
//!
//! - A rating period is one finished session (its end reached, or closed by the players), taken
//!   in the order of `created` (as an instant), then `id`; a session without `created` is not
//!   rated (and counted as such).
//! - Teams: bridge's two partnerships; every other game, one team per seat still playing at
//!   the end (a seat that left is not rated). A team's members are who holds its seats at the
//!   end.
//! - Ranks from the totals: the highest first, equal totals sharing a rank.
//! - One rating per game, and one overall where every rated session of every game counts.
//! - Ordered by μ − 3σ; provisional until 5 rated sessions.

mod kept;
pub use kept::{Kept, RATED_WITH, RATINGS_VERSION};

mod ladder;
pub use ladder::*;
