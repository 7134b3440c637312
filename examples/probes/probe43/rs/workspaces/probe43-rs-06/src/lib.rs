#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Group words that are anagrams of each other (the same characters with the
same counts, case-sensitive). Groups come in the order of their first
word and keep the words in input order.
group_anagrams(&["eat", "tea", "tan", "ate", "nat", "bat"])
    == [["eat", "tea", "ate"], ["tan", "nat"], ["bat"]]
*/
fn group_anagrams(words: &[&str]) -> Vec<Vec<String>> {
    let mut index: HashMap<Vec<char>, usize> = HashMap::new();
    let mut groups: Vec<Vec<String>> = Vec::new();
    for w in words {
        let mut key: Vec<char> = w.chars().collect();
        match index.get(&key) {
            Some(&g) => groups[g].push(w.to_string()),
            None => {
                index.insert(key, groups.len());
                groups.push(vec![w.to_string()]);
            }
        }
    }
    groups
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_group_anagrams() {
        assert_eq!(
            group_anagrams(&["eat", "tea", "tan", "ate", "nat", "bat"]),
            vec![vec!["eat", "tea", "ate"], vec!["tan", "nat"], vec!["bat"]]
        );
        assert_eq!(group_anagrams(&[]), Vec::<Vec<String>>::new());
        assert_eq!(group_anagrams(&["a", "a", "A"]), vec![vec!["a", "a"], vec!["A"]]);
        assert_eq!(group_anagrams(&["", "ab", "", "ba"]), vec![vec!["", ""], vec!["ab", "ba"]]);
        assert_eq!(group_anagrams(&["aab", "aba", "abb"]), vec![vec!["aab", "aba"], vec!["abb"]]);
    }

}
