#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Format bytes as one hex-dump line: each byte as two lowercase hex digits,
separated by single spaces, then two spaces, then the bytes as text, where
every byte outside the printable ASCII range 0x20..=0x7e is shown as '.'.
hex_dump_line(b"Hi!") == "48 69 21  Hi!"
hex_dump_line(&[0, 10, 65, 32, 127]) == "00 0a 41 20 7f  ..A ."
*/
fn hex_dump_line(bytes: &[u8]) -> String {
    let hex: Vec<String> = bytes.iter().map(|b| format!("{:02x}", b)).collect();
    let text: String = bytes
        .iter()
        .map(|&b| if (0x20..=0x7e).contains(&b) { b as char } else { '.' })
        .collect();
    format!("{}  {}", hex.join(" "), text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_hex_dump_line() {
        assert_eq!(hex_dump_line(b"Hi!"), "48 69 21  Hi!");
        assert_eq!(hex_dump_line(&[0, 10, 65, 32, 127]), "00 0a 41 20 7f  ..A .");
        assert_eq!(hex_dump_line(&[]), "  ");
        assert_eq!(hex_dump_line(b"a b"), "61 20 62  a b");
        assert_eq!(hex_dump_line(&[255, 126]), "ff 7e  .~");
    }

}
