#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
A hiker's walk is given as a string of steps, 'U' (one step up) and 'D' (one
step down); other characters are ignored. The walk starts and ends at sea
level. A valley is a stretch below sea level, from a step down from sea level
to the next step back up to sea level. Return the number of valleys walked
through.
count_valleys("UDDDUDUU") == 1
count_valleys("DDUUDDUDUUUD") == 2
*/
fn count_valleys(path: &str) -> u32 {
    let mut level = 0;
    let mut valleys = 0;
    for step in path.chars() {
        match step {
            'U' => {
                level += 1;
                if level == 0 {
                    valleys += 1;
                }
            }
            'D' => {
                level -= 1;
                if level == 0 {
                    valleys += 1;
                }
            }
            _ => {}
        }
    }
    valleys
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_count_valleys() {
        assert!(count_valleys("UDDDUDUU") == 1);
        assert!(count_valleys("DDUUDDUDUUUD") == 2);
        assert!(count_valleys("") == 0);
        assert!(count_valleys("UUDD") == 0);
        assert!(count_valleys("DU") == 1);
        assert!(count_valleys("D-U D U") == 2);
        assert!(count_valleys("DDUDUUUDUD") == 1);
    }

}
