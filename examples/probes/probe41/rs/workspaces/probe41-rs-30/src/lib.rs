#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Compute the checksum byte of an Intel HEX record from the hexadecimal text of
its bytes (without the leading ':' and without the checksum itself): the
two's complement of the sum of the bytes, modulo 256. Return None when the
text has an odd length or a non-hexadecimal character.
ihex_checksum("0300300002337A") == Some(0x1E)
ihex_checksum("00000001") == Some(0xFF)
ihex_checksum("ABC") == None
*/
fn ihex_checksum(hex: &str) -> Option<u8> {
    if hex.len() % 2 != 0 || !hex.chars().all(|c| c.is_ascii_hexdigit()) {
        return None;
    }
    let mut sum: u8 = 0;
    for i in (0..hex.len()).step_by(2) {
        let byte = u8::from_str_radix(&hex[i..i + 2], 16).ok()?;
        sum = sum.wrapping_add(byte);
    }
    Some(!sum)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_ihex_checksum() {
        assert_eq!(ihex_checksum("0300300002337A"), Some(0x1E));
        assert_eq!(ihex_checksum("00000001"), Some(0xFF));
        assert_eq!(ihex_checksum("ABC"), None);
        assert_eq!(ihex_checksum(""), Some(0));
        assert_eq!(ihex_checksum("0G"), None);
        assert_eq!(ihex_checksum("ff"), Some(1));
        assert_eq!(ihex_checksum("10010000214601360121470136007EFE09D21901"), Some(0x40));
    }

}
