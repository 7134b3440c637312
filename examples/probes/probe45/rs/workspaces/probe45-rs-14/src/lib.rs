/// Returns the smallest primitive root modulo `p`, or `None` when `p` is not
/// prime. A primitive root g has multiplicative order p - 1, which holds
/// exactly when g^((p - 1) / q) mod p != 1 for every prime factor q of
/// p - 1. For p == 2 the answer is 1.
pub fn primitive_root(p: u64) -> Option<u64> {
    if p < 2 || (2..).take_while(|d: &u64| d * d <= p).any(|d| p % d == 0) {
        return None;
    }
    if p == 2 {
        return Some(1);
    }
    let phi = p - 1;
    let mut factors = Vec::new();
    let mut m = phi;
    let mut q = 2;
    while q * q <= m {
        if m % q == 0 {
            factors.push(q);
            while m % q == 0 {
                m /= q;
            }
        }
        q += 1;
    }
    if m > 1 {
        factors.push(m);
    }
    (2..p).find(|&g| factors.iter().any(|&f| mod_pow(g, phi / f, p) != 1))
}

fn mod_pow(mut base: u64, mut exp: u64, modulus: u64) -> u64 {
    let mut result = 1;
    base %= modulus;
    while exp > 0 {
        if exp & 1 == 1 {
            result = result * base % modulus;
        }
        base = base * base % modulus;
        exp >>= 1;
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_primitive_root() {
        assert_eq!(primitive_root(2), Some(1));
        assert_eq!(primitive_root(3), Some(2));
        assert_eq!(primitive_root(7), Some(3));
        assert_eq!(primitive_root(23), Some(5));
        assert_eq!(primitive_root(41), Some(6));
        assert_eq!(primitive_root(71), Some(7));
        assert_eq!(primitive_root(9), None);
        assert_eq!(primitive_root(1), None);
    }

}
