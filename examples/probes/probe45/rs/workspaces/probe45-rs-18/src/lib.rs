/// Returns the smallest number of drops that is always enough to find the
/// critical floor with `eggs` eggs in a building of `floors` floors (the
/// egg-drop puzzle). With t drops and k eggs one can cover
/// f(t, k) = f(t - 1, k - 1) + f(t - 1, k) + 1 floors, so drops are added
/// until f(t, eggs) >= floors. Zero floors need 0 drops; with no eggs and at
/// least one floor the answer is `None`.
pub fn egg_drop(eggs: u32, floors: u64) -> Option<u32> {
    if floors == 0 {
        return Some(0);
    }
    if eggs == 0 {
        return None;
    }
    let e = eggs as usize;
    // covered[k]: floors that k eggs can cover with the drops made so far
    let mut covered = vec![0u64; e + 1];
    let mut drops = 0;
    while covered[e] <= floors {
        drops += 1;
        for k in (1..=e).rev() {
            covered[k] = covered[k] + covered[k - 1] + 1;
        }
    }
    Some(drops)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_egg_drop() {
        assert_eq!(egg_drop(1, 10), Some(10));
        assert_eq!(egg_drop(2, 100), Some(14));
        assert_eq!(egg_drop(2, 36), Some(8));
        assert_eq!(egg_drop(2, 6), Some(3));
        assert_eq!(egg_drop(3, 14), Some(4));
        assert_eq!(egg_drop(1, 0), Some(0));
        assert_eq!(egg_drop(0, 5), None);
    }

}
