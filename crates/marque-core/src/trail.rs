//! [`Trail`]: a list that only grows at its end and is copied in constant time, for what a game
//! keeps of every rubber or manche so far. The sheet keeps a copy of the game every few hands
//! (to replay from after an edit) and after each hand: with a plain `Vec`, each copy would copy
//! the whole evening, and a long session would cost the square of its length.

use std::sync::Arc;

/// Items per shared block: the copy of a trail copies at most this many items.
pub const BLOCK: usize = 32;

/// A growing list whose full blocks are shared between its copies.
#[derive(Debug)]
pub struct Trail<T> {
    /// The full blocks, newest first, each linked to the one before it.
    blocks: Option<Arc<Block<T>>>,
    /// The items after the last full block (fewer than [`BLOCK`]).
    tail: Vec<T>,
    len: usize,
}

#[derive(Debug)]
struct Block<T> {
    items: Vec<T>,
    before: Option<Arc<Block<T>>>,
}

impl<T> Default for Trail<T> {
    fn default() -> Self {
        Trail {
            blocks: None,
            tail: Vec::new(),
            len: 0,
        }
    }
}

impl<T: Clone> Clone for Trail<T> {
    fn clone(&self) -> Self {
        Trail {
            blocks: self.blocks.clone(),
            tail: self.tail.clone(),
            len: self.len,
        }
    }
}

impl<T: PartialEq> PartialEq for Trail<T> {
    fn eq(&self, other: &Self) -> bool {
        self.len == other.len && self.iter().eq(other.iter())
    }
}

impl<T> Trail<T> {
    pub fn new() -> Self {
        Trail::default()
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn push(&mut self, item: T) {
        self.tail.push(item);
        self.len += 1;
        if self.tail.len() == BLOCK {
            let items = std::mem::replace(&mut self.tail, Vec::with_capacity(BLOCK));
            let before = self.blocks.take();
            self.blocks = Some(Arc::new(Block { items, before }));
        }
    }

    /// The last item.
    pub fn last(&self) -> Option<&T> {
        match self.tail.last() {
            Some(t) => Some(t),
            None => self.blocks.as_ref().and_then(|b| b.items.last()),
        }
    }

    /// Every item, oldest first.
    pub fn iter(&self) -> impl Iterator<Item = &T> {
        let mut blocks = Vec::new();
        let mut b = self.blocks.as_deref();
        while let Some(block) = b {
            blocks.push(&block.items);
            b = block.before.as_deref();
        }
        blocks
            .into_iter()
            .rev()
            .flat_map(|items| items.iter())
            .chain(self.tail.iter())
    }

    /// How many items this trail holds apart from the trails it shares blocks with: a copy
    /// holds its tail alone (at most [`BLOCK`] items), however long the trail.
    pub fn unshared(&self) -> usize {
        self.tail.len()
    }
}

impl<T> Drop for Trail<T> {
    /// Drops the chain of blocks one at a time: dropping it by recursion could overflow the
    /// stack for a hostile session of millions of rubbers.
    fn drop(&mut self) {
        let mut next = self.blocks.take();
        while let Some(block) = next {
            next = match Arc::try_unwrap(block) {
                Ok(mut b) => b.before.take(),
                Err(_) => None,
            };
        }
    }
}

impl<T: serde::Serialize> serde::Serialize for Trail<T> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_every_item_in_order_across_copies() {
        let mut a = Trail::new();
        let mut copies = Vec::new();
        for i in 0..1000 {
            a.push(i);
            copies.push(a.clone());
        }
        assert_eq!(
            a.iter().copied().collect::<Vec<_>>(),
            (0..1000).collect::<Vec<_>>()
        );
        for (i, c) in copies.iter().enumerate() {
            assert_eq!(c.len(), i + 1);
            assert_eq!(c.iter().count(), i + 1);
            assert_eq!(c.last(), Some(&i));
            // A copy holds at most one block's items of its own.
            assert!(c.unshared() < BLOCK);
        }
    }

    #[test]
    fn a_million_items_drop_without_recursion() {
        let mut a = Trail::new();
        for i in 0..1_000_000u32 {
            a.push(i);
        }
        drop(a);
    }
}
