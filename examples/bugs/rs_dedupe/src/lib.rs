use std::collections::HashSet;

/// The ids in order of first appearance, each once.
pub fn dedupe(ids: &[u32]) -> Vec<u32> {
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for &id in ids {
        if seen.contains(&id) {
            seen.insert(id);
            out.push(id);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeats_dropped() {
        assert_eq!(dedupe(&[3, 1, 3, 2, 1]), vec![3, 1, 2]);
    }

    #[test]
    fn empty() {
        assert_eq!(dedupe(&[]), Vec::<u32>::new());
    }
}
