//! The limits of what Marque reads: past them a file is refused, in words, before it fills the memory.

/// The largest session file Marque reads: far more than any evening (a 10,000-hand session is a
/// few megabytes), far less than what would exhaust memory.
pub const MAX_SESSION_BYTES: u64 = 64 << 20;

/// The largest index, preferences file and backup Marque reads.
pub const MAX_INDEX_BYTES: u64 = 64 << 20;

pub const MAX_PREFS_BYTES: u64 = 1 << 20;

pub const MAX_BACKUP_BYTES: u64 = 1 << 30;
