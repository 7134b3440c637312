#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Encode bytes as standard Base64 (alphabet A-Z, a-z, 0-9, '+', '/'): every
group of 3 bytes becomes 4 characters, and the output is padded with '=' to
a multiple of 4 characters.
base64_encode(b"Man") == "TWFu"
base64_encode(b"Ma") == "TWE="
base64_encode(b"M") == "TQ=="
*/
fn base64_encode(data: &[u8]) -> String {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for chunk in data.chunks(3) {
        let b0 = chunk[0] as u32;
        let b1 = if chunk.len() > 1 { chunk[1] as u32 } else { 0 };
        let b2 = if chunk.len() > 2 { chunk[2] as u32 } else { 0 };
        let triple = (b0 << 16) | (b1 << 8) | b2;
        let symbols = chunk.len() + 1;
        for k in 0..symbols {
            let index = (triple >> (18 - 6 * k)) & 0x3F;
            out.push(ALPHABET[index as usize] as char);
        }
    }
    while out.len() % 4 != 0 {
        out.push('=');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_base64_encode() {
        assert!(base64_encode(b"Man") == "TWFu");
        assert!(base64_encode(b"Ma") == "TWE=");
        assert!(base64_encode(b"M") == "TQ==");
        assert!(base64_encode(b"") == "");
        assert!(base64_encode(b"hello") == "aGVsbG8=");
        assert!(base64_encode(b"foobar") == "Zm9vYmFy");
        assert!(base64_encode(&[0xFF, 0xFE]) == "//4=");
        assert!(base64_encode(&[0, 0, 0]) == "AAAA");
    }

}
