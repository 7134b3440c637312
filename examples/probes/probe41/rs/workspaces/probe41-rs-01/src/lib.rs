#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Return true when the IPv4 address ip lies in the network net/prefix_len
(0 <= prefix_len <= 32), that is when the first prefix_len bits of the two
addresses are equal. A prefix length of 0 matches every address.
in_subnet([192, 168, 1, 77], [192, 168, 1, 0], 24) == true
in_subnet([192, 168, 2, 1], [192, 168, 1, 0], 24) == false
in_subnet([8, 8, 8, 8], [10, 0, 0, 0], 0) == true
*/
fn in_subnet(ip: [u8; 4], net: [u8; 4], prefix_len: u32) -> bool {
    let ip = u32::from_be_bytes(ip);
    let net = u32::from_be_bytes(net);
    let mask = u32::MAX << (32 - prefix_len);
    ip & mask == net & mask
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_in_subnet() {
        assert_eq!(in_subnet([192, 168, 1, 77], [192, 168, 1, 0], 24), true);
        assert_eq!(in_subnet([192, 168, 2, 1], [192, 168, 1, 0], 24), false);
        assert_eq!(in_subnet([8, 8, 8, 8], [10, 0, 0, 0], 0), true);
        assert_eq!(in_subnet([10, 1, 2, 3], [10, 0, 0, 0], 8), true);
        assert_eq!(in_subnet([10, 1, 2, 3], [10, 0, 0, 0], 16), false);
        assert_eq!(in_subnet([172, 16, 5, 4], [172, 16, 0, 0], 12), true);
        assert_eq!(in_subnet([172, 32, 0, 1], [172, 16, 0, 0], 12), false);
        assert_eq!(in_subnet([1, 2, 3, 5], [1, 2, 3, 4], 32), false);
    }

}
