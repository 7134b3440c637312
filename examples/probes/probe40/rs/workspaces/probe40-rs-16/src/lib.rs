#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Pack a colour with 8 bits per channel into 16-bit RGB565: the top 5 bits of r
go to bits 15..11, the top 6 bits of g to bits 10..5 and the top 5 bits of b
to bits 4..0.
pack_rgb565(255, 255, 255) == 0xFFFF
pack_rgb565(0, 255, 0) == 0x07E0
pack_rgb565(8, 4, 8) == 0x0821
*/
fn pack_rgb565(r: u8, g: u8, b: u8) -> u16 {
    let r5 = (r >> 3) as u16;
    let g6 = (g >> 3) as u16;
    let b5 = (b >> 3) as u16;
    (r5 << 11) | (g6 << 5) | b5
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_pack_rgb565() {
        assert_eq!(pack_rgb565(255, 255, 255), 0xFFFF);
        assert_eq!(pack_rgb565(0, 255, 0), 0x07E0);
        assert_eq!(pack_rgb565(8, 4, 8), 0x0821);
        assert_eq!(pack_rgb565(255, 0, 0), 0xF800);
        assert_eq!(pack_rgb565(0, 0, 255), 0x001F);
        assert_eq!(pack_rgb565(7, 3, 7), 0);
    }

}
