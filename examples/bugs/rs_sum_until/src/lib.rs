/// Sum of the numbers before the first negative one.
pub fn sum_until_negative(xs: &[i32]) -> i32 {
    let mut total = 0;
    for &x in xs {
        if x < 0 {
            continue;
        }
        total += x;
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stops_at_the_first_negative() {
        assert_eq!(sum_until_negative(&[1, 2, -1, 5]), 3);
    }

    #[test]
    fn no_negative() {
        assert_eq!(sum_until_negative(&[4, 5]), 9);
    }
}
