#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
log holds one event per line in the form "<user> <action>" (more words may
follow; blank lines are skipped). Return how many distinct users appear.
User names are case-sensitive: "Bob" and "bob" are different users.
distinct_users("alice login\nbob login\nalice logout") == 2
distinct_users("Bob view\nbob view\n\n") == 2
distinct_users("") == 0
*/
fn distinct_users(log: &str) -> usize {
    let mut users: HashSet<String> = HashSet::new();
    for line in log.lines() {
        if let Some(user) = line.split_whitespace().next() {
            users.insert(user.to_string());
        }
    }
    users.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_distinct_users() {
        assert_eq!(distinct_users("alice login\nbob login\nalice logout"), 2);
        assert_eq!(distinct_users("Bob view\nbob view\n\n"), 2);
        assert_eq!(distinct_users(""), 0);
        assert_eq!(distinct_users("  carol  edit  x\ncarol view"), 1);
        assert_eq!(distinct_users("a b\nA b\na c"), 2);
        assert_eq!(distinct_users("\n\n"), 0);
        assert_eq!(distinct_users("x y\ny x"), 2);
    }

}
