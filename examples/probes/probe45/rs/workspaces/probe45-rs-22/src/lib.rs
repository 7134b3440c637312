/// Parses a height written in feet and inches and returns it in inches.
///
/// Accepted forms are `5'11"`, `5' 11"`, `6'` and `14"`: whole numbers of
/// ASCII digits, feet marked with `'` and inches with `"`, optional spaces
/// after the feet and around the text. When feet are given the inches must
/// be below 12. Returns `None` for anything else, including an empty string.
pub fn parse_feet_inches(text: &str) -> Option<u32> {
    let text = text.trim();
    let (feet_part, rest) = match text.split_once('\'') {
        Some((f, r)) => (Some(f), r.trim()),
        None => (None, text),
    };
    let is_number = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let mut total = 0;
    if let Some(f) = feet_part {
        if !is_number(f) {
            return None;
        }
        total += f.parse::<u32>().ok()? * 12;
    }
    if rest.is_empty() {
        return if feet_part.is_some() { Some(total) } else { None };
    }
    let inches = rest.strip_suffix('"')?;
    if !is_number(inches) {
        return None;
    }
    let inches: u32 = inches.parse().ok()?;
    Some(total + inches)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_parse_feet_inches() {
        assert_eq!(parse_feet_inches("5'11\""), Some(71));
        assert_eq!(parse_feet_inches("5' 3\""), Some(63));
        assert_eq!(parse_feet_inches(" 6' "), Some(72));
        assert_eq!(parse_feet_inches("14\""), Some(14));
        assert_eq!(parse_feet_inches("5'12\""), None);
        assert_eq!(parse_feet_inches("5'11"), None);
        assert_eq!(parse_feet_inches(""), None);
        assert_eq!(parse_feet_inches("x'2\""), None);
    }

}
