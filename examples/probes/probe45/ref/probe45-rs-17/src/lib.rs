/// Converts a cricket overs figure such as `"12.3"` (12 overs and 3 balls)
/// into the number of balls bowled, at 6 balls per over. The whole overs
/// are one or more decimal digits; the part after the dot, if there is one,
/// must be a single digit from 0 to 5, and `"7"` means 7 complete overs.
/// Returns `None` for anything else.
pub fn overs_to_balls(overs: &str) -> Option<u32> {
    let (whole, part) = match overs.split_once('.') {
        Some((w, p)) => (w, Some(p)),
        None => (overs, None),
    };
    if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let mut balls = whole.parse::<u32>().ok()? * 6;
    if let Some(p) = part {
        if p.len() != 1 {
            return None;
        }
        let b = p.as_bytes()[0];
        if !(b'0'..=b'5').contains(&b) {
            return None;
        }
        balls += u32::from(b - b'0');
    }
    Some(balls)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_overs_to_balls() {
        assert_eq!(overs_to_balls("12.3"), Some(75));
        assert_eq!(overs_to_balls("7"), Some(42));
        assert_eq!(overs_to_balls("0.4"), Some(4));
        assert_eq!(overs_to_balls("19.5"), Some(119));
        assert_eq!(overs_to_balls("3.6"), None);
        assert_eq!(overs_to_balls("3."), None);
        assert_eq!(overs_to_balls(".3"), None);
        assert_eq!(overs_to_balls("2.10"), None);
    }

}
