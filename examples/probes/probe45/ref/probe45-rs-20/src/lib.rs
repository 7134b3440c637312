/// Returns the length of the longest bitonic subsequence of `nums`: a
/// subsequence that first strictly increases and then strictly decreases.
/// Either part may be empty, so a single element counts (length 1); an
/// empty slice gives 0.
pub fn longest_bitonic(nums: &[i32]) -> usize {
    let n = nums.len();
    if n == 0 {
        return 0;
    }
    // inc[i]: longest strictly increasing subsequence ending at i
    let mut inc = vec![1usize; n];
    for i in 0..n {
        for j in 0..i {
            if nums[j] < nums[i] {
                inc[i] = inc[i].max(inc[j] + 1);
            }
        }
    }
    // dec[i]: longest strictly decreasing subsequence starting at i
    let mut dec = vec![1usize; n];
    for i in (0..n).rev() {
        for j in i + 1..n {
            if nums[j] < nums[i] {
                dec[i] = dec[i].max(dec[j] + 1);
            }
        }
    }
    (0..n).map(|i| inc[i] + dec[i] - 1).max().unwrap()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_longest_bitonic() {
        assert_eq!(longest_bitonic(&[]), 0);
        assert_eq!(longest_bitonic(&[1, 11, 2, 10, 4, 5, 2, 1]), 6);
        assert_eq!(longest_bitonic(&[12, 11, 40, 5, 3, 1]), 5);
        assert_eq!(longest_bitonic(&[80, 60, 30, 40, 20, 10]), 5);
        assert_eq!(longest_bitonic(&[1, 2, 3]), 3);
        assert_eq!(longest_bitonic(&[3, 2, 1]), 3);
        assert_eq!(longest_bitonic(&[5, 5, 5]), 1);
    }

}
