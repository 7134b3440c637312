#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Format a colour as a CSS hex string "#rrggbb" with lower-case letters. Each
component is first clamped to the range 0..=255.
rgb_to_hex(255, 136, 0) == "#ff8800"
rgb_to_hex(-20, 300, 17) == "#00ff11"
*/
fn rgb_to_hex(r: i32, g: i32, b: i32) -> String {
    let clamp = |v: i32| v.max(0).min(255);
    let mut out = String::from("#");
    for v in [r, g, b] {
        out.push_str(&format!("{:02x}", clamp(v)));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_rgb_to_hex() {
        assert!(rgb_to_hex(255, 136, 0) == "#ff8800");
        assert!(rgb_to_hex(0, 0, 0) == "#000000");
        assert!(rgb_to_hex(1, 2, 3) == "#010203");
        assert!(rgb_to_hex(171, 205, 239) == "#abcdef");
        assert!(rgb_to_hex(-20, 300, 17) == "#00ff11");
        assert!(rgb_to_hex(256, 255, 1000) == "#ffffff");
    }

}
