/// Counts the integer points (x, y) with x*x + y*y <= r*r, that is the
/// lattice points inside or on the circle of radius `r` around the origin.
/// Radius 0 has exactly one such point, the origin.
pub fn lattice_points_in_circle(r: u32) -> u64 {
    let r = r as i64;
    let mut count = 0u64;
    let mut y = r;
    for x in 0..r {
        while x * x + y * y > r * r {
            y -= 1;
        }
        // the columns at x and -x (the same column when x == 0) each hold
        // the 2*y + 1 points from -y to y
        let column = (2 * y + 1) as u64;
        count += if x == 0 { column } else { 2 * column };
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_lattice_points_in_circle() {
        assert_eq!(lattice_points_in_circle(0), 1);
        assert_eq!(lattice_points_in_circle(1), 5);
        assert_eq!(lattice_points_in_circle(2), 13);
        assert_eq!(lattice_points_in_circle(3), 29);
        assert_eq!(lattice_points_in_circle(5), 81);
        assert_eq!(lattice_points_in_circle(10), 317);
    }

}
