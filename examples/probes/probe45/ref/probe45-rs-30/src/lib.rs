/// Returns the Stableford points of a round of golf. For every hole `pars`
/// gives the par, `strokes` the player's gross strokes and `received` the
/// handicap strokes the player receives there. The net score of a hole is
/// strokes minus strokes received; a net par scores 2 points, each stroke
/// under par one point more and each stroke over par one point less, but
/// never fewer than 0. Returns `None` if the slices differ in length.
pub fn stableford_points(pars: &[u32], strokes: &[u32], received: &[u32]) -> Option<u32> {
    if pars.len() != strokes.len() || pars.len() != received.len() {
        return None;
    }
    let mut total = 0;
    for i in 0..pars.len() {
        let net = strokes[i] as i64 - received[i] as i64;
        let points = 2 + pars[i] as i64 - net;
        total += points.max(0) as u32;
    }
    Some(total)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_stableford_points() {
        assert_eq!(stableford_points(&[4, 4, 3], &[4, 5, 3], &[0, 0, 0]), Some(5));
        assert_eq!(stableford_points(&[4, 5], &[5, 5], &[1, 0]), Some(4));
        assert_eq!(stableford_points(&[3], &[8], &[0]), Some(0));
        assert_eq!(stableford_points(&[5], &[3], &[1]), Some(5));
        assert_eq!(stableford_points(&[4, 4], &[6, 7], &[2, 1]), Some(2));
        assert_eq!(stableford_points(&[4], &[4], &[]), None);
        assert_eq!(stableford_points(&[], &[], &[]), Some(0));
    }

}
