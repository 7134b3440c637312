/// Expands shell-style brace alternatives: every `{a,b,c}` group in
/// `pattern` is replaced by each of its comma-separated options, giving the
/// cartesian product in order (the leftmost group varies slowest). Groups do
/// not nest. A pattern without braces expands to itself. Returns `None` for
/// an unmatched `{` or `}` or a `{` inside a group.
pub fn expand_braces(pattern: &str) -> Option<Vec<String>> {
    let mut results = vec![String::new()];
    let mut rest = pattern;
    while !rest.is_empty() {
        let Some(open) = rest.find('{') else {
            if rest.contains('}') {
                return None;
            }
            for r in results.iter_mut() {
                r.push_str(rest);
            }
            break;
        };
        let close = open + rest[open..].find('}')?;
        let literal = &rest[..open];
        let inner = &rest[open + 1..close];
        if literal.contains('}') || inner.contains('{') {
            return None;
        }
        let mut next = Vec::new();
        for prefix in &results {
            for option in inner.split(',') {
                next.push(format!("{}{}{}", prefix, literal, option));
            }
        }
        results = next;
        rest = &rest[close + 1..];
    }
    Some(results)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_expand_braces() {
        let v = |xs: &[&str]| Some(xs.iter().map(|s| s.to_string()).collect::<Vec<_>>());
        assert_eq!(expand_braces("a{b,c}d"), v(&["abd", "acd"]));
        assert_eq!(expand_braces("{x,y}{1,2}"), v(&["x1", "x2", "y1", "y2"]));
        assert_eq!(expand_braces("plain"), v(&["plain"]));
        assert_eq!(expand_braces("{,s}"), v(&["", "s"]));
        assert_eq!(expand_braces(""), v(&[""]));
        assert_eq!(expand_braces("a{b"), None);
        assert_eq!(expand_braces("a}b"), None);
        assert_eq!(expand_braces("{a{b}}"), None);
    }

}
