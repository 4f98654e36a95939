//! An entry of a discrete-event queue, shared by the contention
//! simulation (`sim`) and the load model (`load`): both keep their
//! events in the standard library's `BinaryHeap`, a max-heap, and want
//! the earliest time first and, at equal times, the first scheduled.

use std::cmp::Ordering;

/// Something that happens at `time`, scheduled as the `seq`-th.
#[derive(Clone, Copy, Debug)]
pub struct Due<T> {
    /// When it happens (in the model's own unit).
    pub time: f64,
    /// The order of scheduling, so equal times pop first in, first out.
    pub seq: u64,
    /// What happens then.
    pub what: T,
}

impl<T> PartialEq for Due<T> {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl<T> Eq for Due<T> {}

impl<T> PartialOrd for Due<T> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<T> Ord for Due<T> {
    /// Reversed, so the max-heap pops the earliest time first, then the
    /// first scheduled.
    fn cmp(&self, other: &Self) -> Ordering {
        other
            .time
            .total_cmp(&self.time)
            .then(other.seq.cmp(&self.seq))
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BinaryHeap;

    use super::Due;

    #[test]
    fn the_heap_pops_the_earliest_time_then_the_first_scheduled() {
        let mut heap = BinaryHeap::new();
        for (seq, (time, what)) in [(2.0, 'c'), (1.0, 'a'), (2.0, 'd'), (1.0, 'b'), (0.5, 'z')]
            .into_iter()
            .enumerate()
        {
            heap.push(Due {
                time,
                seq: seq as u64,
                what,
            });
        }
        let order: String = std::iter::from_fn(|| heap.pop().map(|d| d.what)).collect();
        assert_eq!(order, "zabcd");
    }
}
