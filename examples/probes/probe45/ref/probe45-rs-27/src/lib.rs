/// Reports whether a dotted-quad IPv4 address lies in one of the RFC 1918
/// private ranges 10.0.0.0/8, 172.16.0.0/12 and 192.168.0.0/16. Returns
/// `None` unless the text is exactly four decimal octets from 0 to 255
/// separated by dots; leading zeros are rejected (except a lone `0`).
pub fn is_private_ipv4(addr: &str) -> Option<bool> {
    let mut octets = [0u8; 4];
    let mut count = 0;
    for part in addr.split('.') {
        if count == 4 || part.is_empty() || part.len() > 3 {
            return None;
        }
        if !part.bytes().all(|b| b.is_ascii_digit()) || (part.len() > 1 && part.starts_with('0')) {
            return None;
        }
        octets[count] = part.parse::<u8>().ok()?;
        count += 1;
    }
    if count != 4 {
        return None;
    }
    let [a, b, _, _] = octets;
    Some(a == 10 || (a == 172 && (16..=31).contains(&b)) || (a == 192 && b == 168))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_is_private_ipv4() {
        assert_eq!(is_private_ipv4("10.1.2.3"), Some(true));
        assert_eq!(is_private_ipv4("172.31.255.255"), Some(true));
        assert_eq!(is_private_ipv4("172.32.0.1"), Some(false));
        assert_eq!(is_private_ipv4("192.168.0.1"), Some(true));
        assert_eq!(is_private_ipv4("127.0.0.1"), Some(false));
        assert_eq!(is_private_ipv4("8.8.8.8"), Some(false));
        assert_eq!(is_private_ipv4("256.1.1.1"), None);
        assert_eq!(is_private_ipv4("01.2.3.4"), None);
    }

}
