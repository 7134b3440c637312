#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Compare two lists as multisets. Returns (added, removed): added holds the
items of new that are not matched by an equal item of old (each old item
matches at most one new item; earlier items are matched first), in their
order in new, and removed holds the unmatched items of old in their order.
multiset_diff(&["a", "b", "a"], &["a", "c"]) == (["c"], ["b", "a"])
*/
fn multiset_diff(old: &[&str], new: &[&str]) -> (Vec<String>, Vec<String>) {
    let mut counts: HashMap<&str, i32> = HashMap::new();
    for &s in old {
        *counts.entry(s).or_insert(0) += 1;
    }
    let mut added = Vec::new();
    for &s in new {
        let c = counts.entry(s).or_insert(0);
        if *c >= 0 {
            *c -= 1;
        } else {
            added.push(s.to_string());
        }
    }
    let mut removed = Vec::new();
    for &s in old.iter().rev() {
        let c = counts.get_mut(s).unwrap();
        if *c > 0 {
            *c -= 1;
            removed.push(s.to_string());
        }
    }
    removed.reverse();
    (added, removed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_multiset_diff() {
        let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<String>>();
        assert_eq!(multiset_diff(&["a", "b", "a"], &["a", "c"]), (s(&["c"]), s(&["b", "a"])));
        assert_eq!(multiset_diff(&[], &[]), (s(&[]), s(&[])));
        assert_eq!(multiset_diff(&["a"], &["a", "a"]), (s(&["a"]), s(&[])));
        assert_eq!(multiset_diff(&["x", "y"], &[]), (s(&[]), s(&["x", "y"])));
        assert_eq!(multiset_diff(&[], &["q", "q"]), (s(&["q", "q"]), s(&[])));
        assert_eq!(multiset_diff(&["a", "b"], &["b", "a"]), (s(&[]), s(&[])));
        assert_eq!(multiset_diff(&["b", "a", "b"], &["c", "b"]), (s(&["c"]), s(&["a", "b"])));
    }

}
