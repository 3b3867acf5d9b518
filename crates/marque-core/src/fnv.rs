//! A hash that is the same on every run and machine, for fingerprints kept or shown.

/// FNV-1a, 64 bits: the same on every run and machine (std's hasher is seeded at random).
pub(crate) struct Fnv(pub(crate) u64);

impl Default for Fnv {
    /// FNV-1a's offset basis.
    fn default() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

/// As a map's hasher: the texts' table, whose keys are short and trusted.
impl std::hash::Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        self.bytes(bytes);
    }
}

impl Fnv {
    pub(crate) fn bytes(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 = (self.0 ^ u64::from(*b)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    pub(crate) fn num(&mut self, n: u64) {
        self.bytes(&n.to_le_bytes());
    }

    /// A text with its length first: `("ab", "c")` and `("a", "bc")` differ.
    pub(crate) fn text(&mut self, t: &str) {
        self.num(t.len() as u64);
        self.bytes(t.as_bytes());
    }

    pub(crate) fn some_text(&mut self, t: Option<&str>) {
        match t {
            Some(t) => {
                self.num(1);
                self.text(t);
            }
            None => self.num(0),
        }
    }
}
