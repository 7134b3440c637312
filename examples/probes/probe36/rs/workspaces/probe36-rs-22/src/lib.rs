#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
For each day of a list of daily temperatures, return how many days one has to
wait for a strictly warmer day, or 0 if no warmer day follows.
days_until_warmer(&[73, 74, 75, 71, 69, 72, 76, 73]) == vec![1, 1, 4, 2, 1, 1, 0, 0]
days_until_warmer(&[30, 40, 50, 60]) == vec![1, 1, 1, 0]
*/
fn days_until_warmer(temps: &[i32]) -> Vec<usize> {
    let mut answer = vec![0; temps.len()];
    let mut stack: Vec<usize> = Vec::new();
    for i in 0..temps.len() {
        while let Some(&top) = stack.last() {
            if temps[top] < temps[i] {
                answer[i] = i - top;
                stack.pop();
            } else {
                break;
            }
        }
        stack.push(i);
    }
    answer
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_days_until_warmer() {
        assert!(days_until_warmer(&[73, 74, 75, 71, 69, 72, 76, 73]) == vec![1, 1, 4, 2, 1, 1, 0, 0]);
        assert!(days_until_warmer(&[30, 40, 50, 60]) == vec![1, 1, 1, 0]);
        assert!(days_until_warmer(&[]) == Vec::<usize>::new());
        assert!(days_until_warmer(&[60, 50, 40]) == vec![0, 0, 0]);
        assert!(days_until_warmer(&[55, 55, 56]) == vec![2, 1, 0]);
        assert!(days_until_warmer(&[-5, -10, 0, -1, 3]) == vec![2, 1, 2, 1, 0]);
    }

}
