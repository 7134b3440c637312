/// Encodes `text` with the 5x5 Polybius square
///
/// ```text
///     1 2 3 4 5
///   1 A B C D E
///   2 F G H I K
///   3 L M N O P
///   4 Q R S T U
///   5 V W X Y Z
/// ```
///
/// Each ASCII letter (either case) becomes its row digit followed by its
/// column digit; J is encoded like I. The codes of one word are written
/// together and words are separated by single spaces. Characters that are
/// neither letters nor whitespace are dropped, and a word left without
/// letters produces no output.
pub fn polybius_encode(text: &str) -> String {
    let mut words = Vec::new();
    for word in text.split_whitespace() {
        let mut code = String::new();
        for ch in word.chars() {
            if !ch.is_ascii_alphabetic() {
                continue;
            }
            let mut c = ch.to_ascii_uppercase();
            if c == 'J' {
                c = 'I';
            }
            let mut idx = (c as u8 - b'A') as usize;
            code.push(char::from(b'1' + (idx / 5) as u8));
            code.push(char::from(b'1' + (idx % 5) as u8));
        }
        if !code.is_empty() {
            words.push(code);
        }
    }
    words.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_polybius_encode() {
        assert_eq!(polybius_encode("hello"), "2315313134");
        assert_eq!(polybius_encode("Jam"), "241132");
        assert_eq!(polybius_encode("a1 b"), "11 12");
        assert_eq!(polybius_encode("!!! x"), "53");
        assert_eq!(polybius_encode("Zebra"), "5515124211");
        assert_eq!(polybius_encode(""), "");
    }

}
