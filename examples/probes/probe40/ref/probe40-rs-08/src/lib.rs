#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Draw a progress bar of the given width between square brackets: the first
done * width / total cells (rounded down) are '#' and the rest are '-'. A done
value above total counts as total. total is greater than 0.
progress_bar(3, 10, 10) == "[###-------]"
progress_bar(1, 3, 5) == "[#----]"
progress_bar(12, 10, 4) == "[####]"
*/
fn progress_bar(done: u32, total: u32, width: usize) -> String {
    let done = done.min(total);
    let filled = (done as usize * width) / total as usize;
    let mut bar = String::from("[");
    bar.push_str(&"#".repeat(filled));
    bar.push_str(&"-".repeat(width - filled));
    bar.push(']');
    bar
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_progress_bar() {
        assert_eq!(progress_bar(3, 10, 10), "[###-------]");
        assert_eq!(progress_bar(1, 3, 5), "[#----]");
        assert_eq!(progress_bar(12, 10, 4), "[####]");
        assert_eq!(progress_bar(0, 5, 3), "[---]");
        assert_eq!(progress_bar(5, 5, 0), "[]");
        assert_eq!(progress_bar(2, 4, 6), "[###---]");
        assert_eq!(progress_bar(99, 100, 10), "[#########-]");
    }

}
