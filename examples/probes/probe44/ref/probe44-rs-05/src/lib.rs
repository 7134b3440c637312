#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Format one line of a hex dump in the style of `hexdump -C`: the offset as 8
lower-case hex digits, two spaces, then 16 byte columns each printed as two
hex digits and a space (missing bytes leave three spaces, and one extra space
separates the 8th and 9th column), a space, and finally the bytes as text
between '|' characters, printable ASCII 0x20..=0x7e as itself and anything
else as '.'. Only the first 16 bytes are used.

    hex_dump_line(0, b"Hi") ==
        "00000000  48 69                                             |Hi|"
*/
pub fn hex_dump_line(offset: usize, bytes: &[u8]) -> String {
    let mut hex = String::new();
    for i in 0..16 {
        if i == 8 {
            hex.push(' ');
        }
        match bytes.get(i) {
            Some(b) => hex.push_str(&format!("{:02x} ", b)),
            None => hex.push_str("   "),
        }
    }
    let text: String = bytes
        .iter()
        .take(16)
        .map(|&b| if (0x20..=0x7e).contains(&b) { b as char } else { '.' })
        .collect();
    format!("{:08x}  {} |{}|", offset, hex, text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_hex_dump_line() {
        assert_eq!(
            hex_dump_line(0, b"Hello, World!\n"),
            "00000000  48 65 6c 6c 6f 2c 20 57  6f 72 6c 64 21 0a        |Hello, World!.|"
        );
        let full: Vec<u8> = (0x41..0x51).collect();
        assert_eq!(
            hex_dump_line(4096, &full),
            "00001000  41 42 43 44 45 46 47 48  49 4a 4b 4c 4d 4e 4f 50  |ABCDEFGHIJKLMNOP|"
        );
        let tilde = hex_dump_line(0x1a0, b"a~");
        assert!(tilde.starts_with("000001a0  61 7e "));
        assert!(tilde.ends_with(" |a~|"));
        assert_eq!(tilde.len(), 8 + 2 + 49 + 1 + 4);
        assert_eq!(hex_dump_line(16, &[0x7f, 0x1f, 0x20, 0x80]).split('|').nth(1), Some(".. ."));
    }

}
