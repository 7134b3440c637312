#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
WCAG contrast ratio between two sRGB colours given as (r, g, b) bytes. Each
channel c = byte / 255 is linearised as c / 12.92 when c <= 0.04045 and as
((c + 0.055) / 1.055)^2.4 otherwise; the relative luminance is
L = 0.2126 R + 0.7152 G + 0.0722 B, and the ratio is
(L_lighter + 0.05) / (L_darker + 0.05), between 1 and 21, whatever the
order of the arguments.

    contrast_ratio((0, 0, 0), (255, 255, 255)) == 21.0
*/
pub fn contrast_ratio(a: (u8, u8, u8), b: (u8, u8, u8)) -> f64 {
    fn channel(byte: u8) -> f64 {
        let c = byte as f64 / 255.0;
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    }
    fn luminance((r, g, b): (u8, u8, u8)) -> f64 {
        0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
    }
    let la = luminance(a);
    let lb = luminance(b);
    let (hi, lo) = if la >= lb { (la, lb) } else { (lb, la) };
    (hi + 0.05) / (lo + 0.05)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_contrast_ratio() {
        let near = |x: f64, y: f64| (x - y).abs() < 0.005;
        assert!(near(contrast_ratio((0, 0, 0), (255, 255, 255)), 21.0));
        assert!(near(contrast_ratio((255, 255, 255), (0, 0, 0)), 21.0));
        assert!(near(contrast_ratio((0, 255, 0), (0, 0, 0)), 15.304));
        assert!(near(contrast_ratio((0, 0, 255), (255, 255, 255)), 8.592));
        assert!(near(contrast_ratio((118, 118, 118), (255, 255, 255)), 4.542));
        assert!(near(contrast_ratio((10, 20, 30), (10, 20, 30)), 1.0));
    }

}
