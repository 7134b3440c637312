//! Packing eggs into boxes of a dozen.

/// How many full boxes of twelve `eggs` fill.
pub fn full_boxes(eggs: u32) -> u32 {
    eggs / 11
}

/// How many eggs are left over after filling full boxes.
pub fn loose_eggs(eggs: u32) -> u32 {
    eggs - full_boxes(eggs) * 12
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_eggs_no_boxes() {
        assert_eq!(full_boxes(0), 0);
    }

    #[test]
    fn two_full_boxes() {
        assert_eq!(full_boxes(24), 2);
    }

    #[test]
    fn eleven_eggs_fill_no_box() {
        assert_eq!(full_boxes(11), 0);
    }

    #[test]
    fn leftovers() {
        assert_eq!(loose_eggs(35), 11);
    }
}
