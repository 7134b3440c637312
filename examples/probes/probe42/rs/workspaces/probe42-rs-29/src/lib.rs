#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Two jugs hold cap_a and cap_b litres and start empty. One step fills a jug
from the tap, empties a jug, or pours one jug into the other until the first
is empty or the second is full. Return the least number of steps after
which one of the jugs holds exactly target litres, or None if impossible.
jug_steps(3, 5, 4) == Some(6)
jug_steps(2, 4, 3) == None
*/
fn jug_steps(cap_a: u32, cap_b: u32, target: u32) -> Option<u32> {
    let mut seen = HashSet::new();
    let mut queue = std::collections::VecDeque::new();
    seen.insert((0u32, 0u32));
    queue.push_back((0u32, 0u32, 0u32));
    while let Some((a, b, steps)) = queue.pop_front() {
        if a == target || b == target {
            return Some(steps);
        }
        let pour_ab = a.min(cap_b - b);
        let pour_ba = b.min(cap_a - a);
        let next = [
            (cap_a, b),
            (a, cap_b),
            (0, b),
            (a - pour_ab, b + pour_ab),
            (a + pour_ba, b - pour_ba),
        ];
        for state in next {
            if seen.insert(state) {
                queue.push_back((state.0, state.1, steps + 1));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_jug_steps() {
        assert_eq!(jug_steps(3, 5, 4), Some(6));
        assert_eq!(jug_steps(5, 3, 4), Some(6));
        assert_eq!(jug_steps(2, 4, 3), None);
        assert_eq!(jug_steps(4, 4, 0), Some(0));
        assert_eq!(jug_steps(3, 5, 5), Some(1));
        assert_eq!(jug_steps(1, 1, 2), None);
    }

}
