#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
 Simulate a population that grows every year by `growth_percent` percent of its
 current size (the yearly increase is rounded down to a whole number) but can
 never exceed `capacity`: any growth beyond it is lost. The starting population
 is at most `capacity`. Return the population after `years` years.
 population_after(100, 10, 2, 1000) == 121
*/
fn population_after(start: u64, growth_percent: u64, years: u32, capacity: u64) -> u64 {
    let mut population = start;
    for _ in 0..years {
        let increase = population * growth_percent / 100;
        population = (population + increase).min(capacity);
    }
    population
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_population_after() {
        assert!(population_after(100, 10, 2, 1000) == 121);
        assert!(population_after(100, 10, 0, 1000) == 100);
        assert!(population_after(100, 50, 3, 300) == 300);
        assert!(population_after(7, 10, 5, 100) == 7);
        assert!(population_after(1000, 5, 2, 2000) == 1102);
        assert!(population_after(500, 100, 1, 800) == 800);
    }

}
