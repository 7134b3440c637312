#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Group words by their first character, lower-cased. Inside a group the words
keep their original spelling and input order. Empty strings are skipped,
and the map is ordered by key.
group_by_initial(&["apple", "Avocado", "banana"]) maps 'a' to ["apple", "Avocado"] and 'b' to ["banana"]
*/
fn group_by_initial(words: &[&str]) -> std::collections::BTreeMap<char, Vec<String>> {
    let mut groups = std::collections::BTreeMap::new();
    for word in words {
        let first = match word.chars().next() {
            Some(c) => c.to_ascii_uppercase(),
            None => continue,
        };
        groups.entry(first).or_insert_with(Vec::new).push(word.to_string());
    }
    groups
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_group_by_initial() {
        let g = group_by_initial(&["apple", "Avocado", "banana"]);
        assert_eq!(g.len(), 2);
        assert_eq!(g[&'a'], vec!["apple".to_string(), "Avocado".to_string()]);
        assert_eq!(g[&'b'], vec!["banana".to_string()]);
        assert!(group_by_initial(&[]).is_empty());
        assert!(group_by_initial(&[""]).is_empty());
        let g = group_by_initial(&["Zed", "7up", "zoo", "", "Ant"]);
        let keys: Vec<char> = g.keys().cloned().collect();
        assert_eq!(keys, vec!['7', 'a', 'z']);
        assert_eq!(g[&'z'], vec!["Zed".to_string(), "zoo".to_string()]);
    }

}
