#![allow(unused, deprecated)]
use std::{slice::Iter, cmp::{max, self}, mem::replace, collections::{HashSet, HashMap}, ops::Index, ascii::AsciiExt};
use std::any::{Any, TypeId};

/*
Check whether an IPv4 address lies inside a CIDR block such as "10.0.0.0/8".
Both are dotted-quad strings; the block carries a "/prefix" suffix with a
prefix length from 0 to 32. Returns None if either string is malformed.

    cidr_contains("192.168.1.0/24", "192.168.1.77") == Some(true)
    cidr_contains("192.168.1.0/24", "192.168.2.1")  == Some(false)
    cidr_contains("0.0.0.0/0", "8.8.8.8")           == Some(true)
*/
pub fn cidr_contains(block: &str, addr: &str) -> Option<bool> {
    fn parse(s: &str) -> Option<u32> {
        let parts: Vec<&str> = s.split('.').collect();
        if parts.len() != 4 {
            return None;
        }
        let mut value: u32 = 0;
        for p in parts {
            let octet: u8 = p.parse().ok()?;
            value = (value << 8) | octet as u32;
        }
        Some(value)
    }
    let (net, prefix) = block.split_once('/')?;
    let prefix: u32 = prefix.parse().ok()?;
    if prefix > 32 {
        return None;
    }
    let net = parse(net)?;
    let ip = parse(addr)?;
    if prefix == 0 {
        return Some(true);
    }
    let mask = u32::MAX << (32 - prefix);
    Some((net & mask) == (ip & mask))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_cidr_contains() {
        assert_eq!(cidr_contains("192.168.1.0/24", "192.168.1.77"), Some(true));
        assert_eq!(cidr_contains("192.168.1.0/24", "192.168.2.1"), Some(false));
        assert_eq!(cidr_contains("0.0.0.0/0", "8.8.8.8"), Some(true));
        assert_eq!(cidr_contains("10.1.2.3/32", "10.1.2.3"), Some(true));
        assert_eq!(cidr_contains("172.16.0.0/12", "172.31.255.255"), Some(true));
        assert_eq!(cidr_contains("172.16.0.0/12", "172.32.0.0"), Some(false));
        assert_eq!(cidr_contains("10.0.0.0/33", "10.0.0.1"), None);
        assert_eq!(cidr_contains("10.0.0/8", "10.0.0.1"), None);
    }

}
